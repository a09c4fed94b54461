/* mcp-client-group-connection.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The connection of each server of a client group: a client made from the
 * server's configuration for each attempt, a place among the few that
 * connect at the same time, the server's lists read before it is ready,
 * attempts again after a delay that doubles up to a cap, pings that check
 * a remote server still answers. The group's servers coming and going
 * (following the registry, restarted when their configuration changes),
 * and starting and stopping the whole group, are in
 * mcp-client-group-lifecycle.c.
 *
 * Each attempt has a GCancellable of its own; stopping the server cancels
 * it, which is how a late callback knows it is stale. Callbacks hold the
 * server and a weak reference to the group: a group that is dropped goes
 * at once, and its servers' group pointer becomes NULL.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-group-private.h"
#include "mcp-error.h"
#include "mcp-source-private.h"
#include "mcp-stdio-transport.h"

/* How long a ping that checks a remote server may wait for its answer. */
#define PING_TIMEOUT_MS 10000

/* What an asynchronous step of a server's connection needs when it
 * completes: the group, if it still exists, the server, and the
 * cancellable of the attempt, cancelled if the attempt was abandoned. */
typedef struct
{
  GWeakRef        group;
  McpGroupServer *server;
  GCancellable   *cancellable;
} Step;

static Step *
step_new (McpClientGroup *self,
          McpGroupServer *server)
{
  Step *step = g_new0 (Step, 1);

  g_weak_ref_init (&step->group, self);
  step->server = g_object_ref (server);
  step->cancellable = _mcp_group_server_get_slot (server)->cancellable != NULL ?
                      g_object_ref (_mcp_group_server_get_slot (server)->cancellable) : NULL;

  return step;
}

static void
step_free (Step *step)
{
  g_weak_ref_clear (&step->group);
  g_clear_object (&step->server);
  g_clear_object (&step->cancellable);
  g_free (step);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Step, step_free)

McpGroupSlot *
_mcp_client_group_new_slot (void)
{
  return g_new0 (McpGroupSlot, 1);
}

/* Called when the server is disposed: drops what may hold it in a cycle. */
void
_mcp_client_group_dispose_slot (McpGroupServer *server)
{
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  g_clear_object (&slot->connecting);
  g_clear_object (&slot->cancellable);
}

void
_mcp_client_group_free_slot (McpGroupSlot *slot)
{
  /* The group removes its sources before it lets go of the server. */
  g_assert (slot->retry_source == NULL);
  g_assert (slot->restart_source == NULL);
  g_assert (slot->ping_source == NULL);

  g_free (slot);
}

/* A client the application added by hand cannot be made again. */
void
_mcp_client_group_reconnect_server (McpClientGroup *self,
                                    McpGroupServer *server)
{
  if (!_mcp_group_server_get_slot (server)->hand_added)
    _mcp_client_group_restart_server (self, server);
}

McpGroupServer *
_mcp_client_group_find_server (McpClientGroup *self,
                               const char     *name)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (g_str_equal (mcp_group_server_get_name (server), name))
        return server;
    }

  return NULL;
}

static void
set_state (McpGroupServer      *server,
           McpGroupServerState  state,
           const GError        *error)
{
  _mcp_group_server_set_state (server, state, error);

  if (_mcp_group_server_get_group (server) != NULL)
    _mcp_client_group_check_connected (_mcp_group_server_get_group (server));
}

static void lose_connection  (McpClientGroup *self,
                              McpGroupServer *server,
                              McpClient      *client,
                              const GError   *error,
                              gboolean        close);
static void on_client_closed (McpClient      *client,
                              const GError   *error,
                              McpGroupServer *server);

static void
close_client_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(Step) step = user_data;
  g_autoptr(McpClientGroup) self = g_weak_ref_get (&step->group);
  g_autoptr(GError) error = NULL;

  if (!mcp_client_close_finish (MCP_CLIENT (object), result, &error))
    g_debug ("Closing the client of %s failed: %s", mcp_group_server_get_name (step->server),
             error->message);

  if (self != NULL)
    {
      self->n_closing--;
      _mcp_client_group_check_closed (self);
    }
}

/* Takes @client, the server's or the one of its attempt, out of the group:
 * its items leave the models (with @keep_names, their names keep counting
 * until the server is back), and unless it ended by itself it is closed. */
static void
drop_client (McpClientGroup *self,
             McpGroupServer *server,
             McpClient      *client,
             gboolean        keep_names,
             gboolean        close)
{
  g_autoptr(McpClient) hold = g_object_ref (client);

  g_signal_handlers_disconnect_by_data (client, server);
  for (guint i = 0; i < N_KINDS; i++)
    _mcp_group_list_set_client (self->lists[i], server, NULL, keep_names);
  if (mcp_group_server_get_client (server) == client)
    {
      _mcp_source_clear (&_mcp_group_server_get_slot (server)->ping_source);
      _mcp_group_server_set_client (server, NULL);
    }

  if (close && mcp_client_get_state (client) == MCP_CLIENT_STATE_READY)
    {
      self->n_closing++;
      mcp_client_close_async (client, NULL, close_client_cb, step_new (self, server));
    }
}

/* The client of an attempt is connected: the server is ready once its
 * lists are known. */
static void
start_listing (McpClientGroup *self,
               McpGroupServer *server,
               McpClient      *client)
{
  g_set_object (&_mcp_group_server_get_slot (server)->connecting, client);

  g_signal_connect (client, "closed", G_CALLBACK (on_client_closed), server);
  _mcp_client_group_forward (self, server, client);

  for (guint i = 0; i < N_KINDS; i++)
    _mcp_group_list_set_client (self->lists[i], server, client, FALSE);

  _mcp_client_group_section_loaded (self, server);
}

static void
ping_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  McpClient *client = MCP_CLIENT (object);
  g_autoptr(Step) step = user_data;
  g_autoptr(McpClientGroup) self = g_weak_ref_get (&step->group);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  McpGroupServer *server = step->server;

  answer = mcp_client_request_finish (client, result, &error);

  if (self == NULL || mcp_group_server_get_client (server) != client)
    return;

  _mcp_group_server_get_slot (server)->pinging = FALSE;

  /* An error the server sent is an answer: it is there. */
  if (answer != NULL || error->domain == MCP_ERROR ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  lose_connection (self, server, client, error, TRUE);
}

/* Checks that the server of a ready connection still answers. */
void
_mcp_client_group_check_server (McpClientGroup *self,
                                McpGroupServer *server,
                                McpClient      *client)
{
  g_autoptr(McpRequestOptions) options = NULL;
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  if (mcp_group_server_get_client (server) != client || slot->pinging)
    return;

  slot->pinging = TRUE;
  options = mcp_request_options_new ();
  mcp_request_options_set_timeout (options, PING_TIMEOUT_MS);
  mcp_client_request_async (client, "ping", NULL, options, NULL, ping_cb,
                            step_new (self, server));
}

static gboolean
ping_timer_cb (gpointer user_data)
{
  McpGroupServer *server = user_data;
  McpClientGroup *group = _mcp_group_server_get_group (server);
  McpClient *client = mcp_group_server_get_client (server);

  if (group != NULL && client != NULL)
    _mcp_client_group_check_server (group, server, client);

  return G_SOURCE_CONTINUE;
}

void
_mcp_client_group_section_loaded (McpClientGroup *self,
                                  McpGroupServer *server)
{
  g_autoptr(McpClient) client = NULL;
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  if (slot->connecting == NULL)
    return;

  for (guint i = 0; i < N_KINDS; i++)
    if (!_mcp_group_list_is_loaded (self->lists[i], server))
      return;

  client = g_steal_pointer (&slot->connecting);
  g_clear_object (&slot->cancellable);
  _mcp_client_group_unwatch_sign_in (server);
  _mcp_group_server_set_client (server, client);

  slot->attempted = TRUE;
  slot->pinging = FALSE;
  slot->ready_since = g_get_monotonic_time ();
  _mcp_group_server_set_attempts (server, 0);

  /* A local server that dies is seen at once; a remote one that cannot be
   * reached any more is seen only when a request fails. */
  if (self->ping_interval > 0 && !MCP_IS_STDIO_TRANSPORT (mcp_client_get_transport (client)))
    slot->ping_source = _mcp_timeout_source_add (self->ping_interval, ping_timer_cb,
                                                  g_object_ref (server), g_object_unref);

  set_state (server, MCP_GROUP_SERVER_STATE_READY, NULL);
}

static gboolean
retry_cb (gpointer user_data)
{
  g_autoptr(McpGroupServer) server = g_object_ref (user_data);

  _mcp_source_clear (&_mcp_group_server_get_slot (server)->retry_source);
  _mcp_group_server_set_retry_delay (server, 0);
  if (_mcp_group_server_get_group (server) != NULL)
    _mcp_client_group_start_server (_mcp_group_server_get_group (server), server);

  return G_SOURCE_REMOVE;
}

static void
schedule_retry (McpClientGroup *self,
                McpGroupServer *server)
{
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);
  guint64 delay = (guint64) self->reconnect_delay << MIN (slot->backoff, 20);

  delay = MIN (delay, self->max_reconnect_delay);
  slot->backoff++;

  g_debug ("Connecting %s again in %" G_GUINT64_FORMAT " ms", mcp_group_server_get_name (server),
           delay);
  _mcp_source_clear (&slot->retry_source);
  slot->retry_source = _mcp_timeout_source_add (delay, retry_cb, g_object_ref (server),
                                                g_object_unref);
  _mcp_group_server_set_retry_delay (server, delay);
}

/* Trying again cannot help: the configuration is broken, the user declined
 * an input, the server needs a sign-in that only the user can give (or its
 * authorization server is set up in a way that waiting does not change),
 * or the client was added by hand. */
static gboolean
is_permanent (McpGroupServer *server,
              const GError   *error)
{
  McpServerConfig *config = mcp_group_server_get_config (server);

  return _mcp_group_server_get_slot (server)->hand_added ||
         (config != NULL && mcp_server_config_get_error (config) != NULL) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED) ||
         error->domain == MCP_AUTHORIZATION_ERROR;
}

/* Lets go of the client of an attempt that ended without a connection. */
static void
end_attempt (McpClientGroup *self,
             McpGroupServer *server)
{
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  _mcp_client_group_unwatch_sign_in (server);

  if (slot->connecting != NULL)
    drop_client (self, server, slot->connecting, TRUE, FALSE);
  if (!slot->hand_added)
    g_clear_object (&slot->connecting);
  g_clear_object (&slot->cancellable);
}

static void
attempt_failed (McpClientGroup *self,
                McpGroupServer *server,
                const GError   *error)
{
  g_autoptr(GError) sign_in_error = _mcp_client_group_sign_in_error (server, error);

  if (sign_in_error != NULL)
    error = sign_in_error;
  end_attempt (self, server);
  _mcp_group_server_get_slot (server)->attempted = TRUE;
  _mcp_group_server_set_attempts (server, mcp_group_server_get_attempts (server) + 1);

  g_debug ("Connecting %s failed: %s", mcp_group_server_get_name (server), error->message);
  set_state (server, MCP_GROUP_SERVER_STATE_FAILED, error);

  if (!is_permanent (server, error))
    schedule_retry (self, server);
}

/* The connection of a ready server ended, by itself or (@close) because
 * the server cannot be reached any more: the server is tried again. */
static void
lose_connection (McpClientGroup *self,
                 McpGroupServer *server,
                 McpClient      *client,
                 const GError   *error,
                 gboolean        close)
{
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  g_debug ("The connection to %s ended: %s", mcp_group_server_get_name (server), error->message);
  drop_client (self, server, client, TRUE, close);
  if (slot->hand_added)
    g_set_object (&slot->connecting, client);

  if (g_get_monotonic_time () - slot->ready_since >= (gint64) self->max_reconnect_delay * 1000)
    slot->backoff = 0;

  set_state (server, MCP_GROUP_SERVER_STATE_FAILED, error);
  if (!is_permanent (server, error))
    schedule_retry (self, server);
}

static void
on_client_closed (McpClient      *client,
                  const GError   *error,
                  McpGroupServer *server)
{
  McpClientGroup *self = _mcp_group_server_get_group (server);
  g_autoptr(GError) closed = NULL;
  g_autoptr(McpGroupServer) hold = g_object_ref (server);

  if (self == NULL)
    return;

  if (error == NULL)
    error = closed = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                          _("The connection was closed"));

  /* While its lists were being read: the attempt failed. */
  if (client != mcp_group_server_get_client (server))
    {
      attempt_failed (self, server, error);
      return;
    }

  lose_connection (self, server, client, error, FALSE);
}

static void connect_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data);

void
_mcp_client_group_start_connecting (McpClientGroup *self)
{
  while (self->n_connecting < self->max_connecting && self->waiting.length > 0)
    {
      g_autoptr(McpGroupServer) server = g_queue_pop_head (&self->waiting);
      McpGroupSlot *slot = _mcp_group_server_get_slot (server);

      slot->queued = FALSE;
      self->n_connecting++;
      mcp_client_connect_async (slot->connecting, slot->cancellable, connect_cb,
                                step_new (self, server));
    }
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  McpClient *client = MCP_CLIENT (object);
  g_autoptr(Step) step = user_data;
  g_autoptr(McpClientGroup) self = g_weak_ref_get (&step->group);
  g_autoptr(GError) error = NULL;
  gboolean connected = mcp_client_connect_finish (client, result, &error);

  if (self == NULL)
    return;

  self->n_connecting--;

  if (!g_cancellable_is_cancelled (step->cancellable))
    {
      if (connected)
        start_listing (self, step->server, client);
      else
        attempt_failed (self, step->server, error);
    }

  /* The next one, whatever became of this one. */
  _mcp_client_group_start_connecting (self);
}

/* The client of an attempt is made: it waits for a place to connect. */
static void
enqueue (McpClientGroup *self,
         McpGroupServer *server)
{
  _mcp_group_server_get_slot (server)->queued = TRUE;
  g_queue_push_tail (&self->waiting, g_object_ref (server));
  _mcp_client_group_start_connecting (self);
}

static void
create_client_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(Step) step = user_data;
  g_autoptr(McpClientGroup) self = g_weak_ref_get (&step->group);
  McpGroupServer *server = step->server;
  GCancellable *cancellable = step->cancellable;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  client = mcp_server_config_create_client_finish (MCP_SERVER_CONFIG (object), result, &error);

  if (self == NULL || g_cancellable_is_cancelled (cancellable))
    return;

  if (client == NULL)
    {
      attempt_failed (self, server, error);
      return;
    }

  mcp_client_set_features (client, self->features);
  mcp_client_set_connect_timeout (client, self->connect_timeout);
  _mcp_client_group_authorize (self, server, client);
  _mcp_client_group_apply_roots (self, client);
  _mcp_client_group_emit_client_created (self, server, client);

  /* A handler may have stopped the server. */
  if (g_cancellable_is_cancelled (cancellable))
    return;

  _mcp_client_group_watch_sign_in (server, client);
  slot->connecting = g_steal_pointer (&client);
  enqueue (self, server);
}

static void
hand_added_state_cb (McpClient      *client,
                     GParamSpec     *pspec,
                     McpGroupServer *server)
{
  McpClientState state = mcp_client_get_state (client);

  if (_mcp_group_server_get_group (server) == NULL || state == MCP_CLIENT_STATE_CONNECTING)
    return;

  g_signal_handlers_disconnect_by_func (client, hand_added_state_cb, server);
  _mcp_client_group_start_server (_mcp_group_server_get_group (server), server);
}

/* A new cancellable for an attempt. */
static GCancellable *
new_attempt (McpGroupServer *server)
{
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  g_clear_object (&slot->cancellable);
  slot->cancellable = g_cancellable_new ();

  return slot->cancellable;
}

static void
start_hand_added (McpClientGroup *self,
                  McpGroupServer *server)
{
  McpClient *client = _mcp_group_server_get_slot (server)->connecting;
  g_autoptr(GError) error = NULL;

  if (client == NULL || mcp_client_get_state (client) == MCP_CLIENT_STATE_CLOSED)
    {
      error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                   _("The client of this server is closed, and it was added by "
                                     "hand: the group cannot make a new one"));
      attempt_failed (self, server, error);
      return;
    }

  switch (mcp_client_get_state (client))
    {
    case MCP_CLIENT_STATE_READY:
      new_attempt (server);
      set_state (server, MCP_GROUP_SERVER_STATE_CONNECTING, NULL);
      start_listing (self, server, client);
      break;

    case MCP_CLIENT_STATE_DISCONNECTED:
      new_attempt (server);
      set_state (server, MCP_GROUP_SERVER_STATE_CONNECTING, NULL);
      enqueue (self, server);
      break;

    case MCP_CLIENT_STATE_CONNECTING:
      /* The application connects it itself. */
      set_state (server, MCP_GROUP_SERVER_STATE_CONNECTING, NULL);
      g_signal_handlers_disconnect_by_func (client, hand_added_state_cb, server);
      g_signal_connect (client, "notify::state", G_CALLBACK (hand_added_state_cb), server);
      break;

    case MCP_CLIENT_STATE_CLOSED:
    default:
      g_assert_not_reached ();
    }
}

/* Begins an attempt to connect the server, if it should be connected. */
void
_mcp_client_group_start_server (McpClientGroup *self,
                                McpGroupServer *server)
{
  const GError *config_error;
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  _mcp_source_clear (&slot->retry_source);
  _mcp_group_server_set_retry_delay (server, 0);

  if (mcp_group_server_get_client (server) != NULL || slot->cancellable != NULL)
    return;

  if (!self->started)
    {
      set_state (server, MCP_GROUP_SERVER_STATE_STOPPED, NULL);
      return;
    }

  if (slot->hand_added)
    {
      start_hand_added (self, server);
      return;
    }

  if (mcp_server_config_get_disabled (mcp_group_server_get_config (server)))
    {
      set_state (server, MCP_GROUP_SERVER_STATE_DISABLED, NULL);
      return;
    }

  if ((config_error = mcp_server_config_get_error (mcp_group_server_get_config (server))) != NULL)
    {
      slot->attempted = TRUE;
      set_state (server, MCP_GROUP_SERVER_STATE_FAILED, config_error);
      return;
    }

  set_state (server,
             slot->attempted ? MCP_GROUP_SERVER_STATE_RECONNECTING
                             : MCP_GROUP_SERVER_STATE_CONNECTING,
             mcp_group_server_get_error (server));
  mcp_server_config_create_client_async (mcp_group_server_get_config (server), new_attempt (server),
                                         create_client_cb, step_new (self, server));
}

/* Ends whatever the server is doing, and leaves it in @state. */
void
_mcp_client_group_stop_server (McpClientGroup      *self,
                               McpGroupServer      *server,
                               McpGroupServerState  state)
{
  _mcp_source_clear (&_mcp_group_server_get_slot (server)->retry_source);
  _mcp_source_clear (&_mcp_group_server_get_slot (server)->restart_source);
  _mcp_source_clear (&_mcp_group_server_get_slot (server)->ping_source);
  _mcp_group_server_set_retry_delay (server, 0);

  if (_mcp_group_server_get_slot (server)->cancellable != NULL)
    {
      g_cancellable_cancel (_mcp_group_server_get_slot (server)->cancellable);
      g_clear_object (&_mcp_group_server_get_slot (server)->cancellable);
    }
  _mcp_client_group_unwatch_sign_in (server);

  if (_mcp_group_server_get_slot (server)->queued)
    {
      g_queue_remove (&self->waiting, server);
      _mcp_group_server_get_slot (server)->queued = FALSE;
      g_object_unref (server);
    }

  if (_mcp_group_server_get_slot (server)->connecting != NULL)
    {
      drop_client (self, server, _mcp_group_server_get_slot (server)->connecting, FALSE, TRUE);
      /* A client added by hand stays the server's until it is closed. */
      if (!_mcp_group_server_get_slot (server)->hand_added)
        g_clear_object (&_mcp_group_server_get_slot (server)->connecting);
    }

  if (mcp_group_server_get_client (server) != NULL)
    {
      g_autoptr(McpClient) client = g_object_ref (mcp_group_server_get_client (server));

      drop_client (self, server, client, FALSE, TRUE);
      if (_mcp_group_server_get_slot (server)->hand_added)
        g_set_object (&_mcp_group_server_get_slot (server)->connecting, client);
    }

  set_state (server, state, NULL);
}
