/* mcp-client-group-connection.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The connection of each server of a client group: a client made from the
 * server's configuration for each attempt, a place among the few that
 * connect at the same time, the server's lists read before it is ready,
 * attempts again after a delay that doubles up to a cap, and a restart
 * when the configuration changes. Starting and stopping the whole group,
 * and following its registry, are here too.
 *
 * Each attempt has a GCancellable of its own; stopping the server cancels
 * it, which is how a late callback knows it is stale. Callbacks hold the
 * server and a weak reference to the group: a group that is dropped goes
 * at once, and its servers' group pointer becomes NULL.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-group-private.h"
#include "mcp-client-private.h"
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
  step->cancellable = server->cancellable != NULL ? g_object_ref (server->cancellable) : NULL;

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

McpGroupServer *
_mcp_client_group_find_server (McpClientGroup *self,
                               const char     *name)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (g_str_equal (server->name, name))
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

  if (server->group != NULL)
    _mcp_client_group_check_connected (server->group);
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
    g_debug ("Closing the client of %s failed: %s", step->server->name, error->message);

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
  if (server->client == client)
    {
      _mcp_source_clear (&server->ping_source);
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
  g_set_object (&server->connecting, client);

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

  answer = mcp_client_request_full_finish (client, result, &error);

  if (self == NULL || server->client != client)
    return;

  server->pinging = FALSE;

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

  if (server->client != client || server->pinging)
    return;

  server->pinging = TRUE;
  options = mcp_request_options_new ();
  mcp_request_options_set_timeout (options, PING_TIMEOUT_MS);
  mcp_client_request_full_async (client, "ping", NULL, options, NULL, ping_cb,
                                 step_new (self, server));
}

static gboolean
ping_timer_cb (gpointer user_data)
{
  McpGroupServer *server = user_data;

  if (server->group != NULL && server->client != NULL)
    _mcp_client_group_check_server (server->group, server, server->client);

  return G_SOURCE_CONTINUE;
}

void
_mcp_client_group_section_loaded (McpClientGroup *self,
                                  McpGroupServer *server)
{
  g_autoptr(McpClient) client = NULL;

  if (server->connecting == NULL)
    return;

  for (guint i = 0; i < N_KINDS; i++)
    if (!_mcp_group_list_is_loaded (self->lists[i], server))
      return;

  client = g_steal_pointer (&server->connecting);
  g_clear_object (&server->cancellable);
  _mcp_client_group_unwatch_sign_in (server);
  _mcp_group_server_set_client (server, client);

  server->attempted = TRUE;
  server->pinging = FALSE;
  server->ready_since = g_get_monotonic_time ();
  _mcp_group_server_set_attempts (server, 0);

  /* A local server that dies is seen at once; a remote one that cannot be
   * reached any more is seen only when a request fails. */
  if (self->ping_interval > 0 && !MCP_IS_STDIO_TRANSPORT (mcp_client_get_transport (client)))
    server->ping_source = _mcp_timeout_source_add (self->ping_interval, ping_timer_cb,
                                                   g_object_ref (server), g_object_unref);

  set_state (server, MCP_GROUP_SERVER_STATE_READY, NULL);
}

static gboolean
retry_cb (gpointer user_data)
{
  g_autoptr(McpGroupServer) server = g_object_ref (user_data);

  _mcp_source_clear (&server->retry_source);
  _mcp_group_server_set_retry_delay (server, 0);
  if (server->group != NULL)
    _mcp_client_group_start_server (server->group, server);

  return G_SOURCE_REMOVE;
}

static void
schedule_retry (McpClientGroup *self,
                McpGroupServer *server)
{
  guint64 delay = (guint64) self->reconnect_delay << MIN (server->backoff, 20);

  delay = MIN (delay, self->max_reconnect_delay);
  server->backoff++;

  g_debug ("Connecting %s again in %" G_GUINT64_FORMAT " ms", server->name, delay);
  _mcp_source_clear (&server->retry_source);
  server->retry_source = _mcp_timeout_source_add (delay, retry_cb, g_object_ref (server),
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
  return server->hand_added ||
         (server->config != NULL && mcp_server_config_get_error (server->config) != NULL) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED) ||
         error->domain == MCP_AUTHORIZATION_ERROR;
}

/* Lets go of the client of an attempt that ended without a connection. */
static void
end_attempt (McpClientGroup *self,
             McpGroupServer *server)
{
  _mcp_client_group_unwatch_sign_in (server);

  if (server->connecting != NULL)
    drop_client (self, server, server->connecting, TRUE, FALSE);
  if (!server->hand_added)
    g_clear_object (&server->connecting);
  g_clear_object (&server->cancellable);
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
  server->attempted = TRUE;
  _mcp_group_server_set_attempts (server, server->attempts + 1);

  g_debug ("Connecting %s failed: %s", server->name, error->message);
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
  g_debug ("The connection to %s ended: %s", server->name, error->message);
  drop_client (self, server, client, TRUE, close);
  if (server->hand_added)
    g_set_object (&server->connecting, client);

  if (g_get_monotonic_time () - server->ready_since >= (gint64) self->max_reconnect_delay * 1000)
    server->backoff = 0;

  set_state (server, MCP_GROUP_SERVER_STATE_FAILED, error);
  if (!is_permanent (server, error))
    schedule_retry (self, server);
}

static void
on_client_closed (McpClient      *client,
                  const GError   *error,
                  McpGroupServer *server)
{
  McpClientGroup *self = server->group;
  g_autoptr(GError) closed = NULL;
  g_autoptr(McpGroupServer) hold = g_object_ref (server);

  if (self == NULL)
    return;

  if (error == NULL)
    error = closed = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                          _("The connection was closed"));

  /* While its lists were being read: the attempt failed. */
  if (client != server->client)
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

      server->queued = FALSE;
      self->n_connecting++;
      mcp_client_connect_async (server->connecting, server->cancellable, connect_cb,
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
        {
          McpGroupServer *server = step->server;

          /* Servers of some older SDKs exit when asked server/discover:
           * such a one is connected with the legacy handshake alone, at
           * once and from now on, within the same attempt: the server
           * stays connecting, and whoever waits for it waits on. */
          if (!server->hand_added && !server->legacy_only && client->probe_ended_connection)
            {
              g_debug ("%s ended the connection when asked server/discover: connecting it "
                       "with the legacy handshake", server->name);
              end_attempt (self, server);
              server->legacy_only = TRUE;
              _mcp_client_group_start_server (self, server);
            }
          else
            attempt_failed (self, server, error);
        }
    }

  /* The next one, whatever became of this one. */
  _mcp_client_group_start_connecting (self);
}

/* The client of an attempt is made: it waits for a place to connect. */
static void
enqueue (McpClientGroup *self,
         McpGroupServer *server)
{
  server->queued = TRUE;
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
  if (server->legacy_only)
    mcp_client_set_version_negotiation (client, MCP_VERSION_NEGOTIATION_LEGACY);
  _mcp_client_group_authorize (self, server, client);
  _mcp_client_group_emit_client_created (self, server, client);

  /* A handler may have stopped the server. */
  if (g_cancellable_is_cancelled (cancellable))
    return;

  _mcp_client_group_watch_sign_in (server, client);
  server->connecting = g_steal_pointer (&client);
  enqueue (self, server);
}

static void
hand_added_state_cb (McpClient      *client,
                     GParamSpec     *pspec,
                     McpGroupServer *server)
{
  McpClientState state = mcp_client_get_state (client);

  if (server->group == NULL || state == MCP_CLIENT_STATE_CONNECTING)
    return;

  g_signal_handlers_disconnect_by_func (client, hand_added_state_cb, server);
  _mcp_client_group_start_server (server->group, server);
}

/* A new cancellable for an attempt. */
static GCancellable *
new_attempt (McpGroupServer *server)
{
  g_clear_object (&server->cancellable);
  server->cancellable = g_cancellable_new ();

  return server->cancellable;
}

static void
start_hand_added (McpClientGroup *self,
                  McpGroupServer *server)
{
  McpClient *client = server->connecting;
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

  _mcp_source_clear (&server->retry_source);
  _mcp_group_server_set_retry_delay (server, 0);

  if (server->client != NULL || server->cancellable != NULL)
    return;

  if (!self->started)
    {
      set_state (server, MCP_GROUP_SERVER_STATE_STOPPED, NULL);
      return;
    }

  if (server->hand_added)
    {
      start_hand_added (self, server);
      return;
    }

  if (mcp_server_config_get_disabled (server->config))
    {
      set_state (server, MCP_GROUP_SERVER_STATE_DISABLED, NULL);
      return;
    }

  if ((config_error = mcp_server_config_get_error (server->config)) != NULL)
    {
      server->attempted = TRUE;
      set_state (server, MCP_GROUP_SERVER_STATE_FAILED, config_error);
      return;
    }

  set_state (server,
             server->attempted ? MCP_GROUP_SERVER_STATE_RECONNECTING
                               : MCP_GROUP_SERVER_STATE_CONNECTING,
             server->error);
  mcp_server_config_create_client_async (server->config, new_attempt (server), create_client_cb,
                                         step_new (self, server));
}

/* Ends whatever the server is doing, and leaves it in @state. */
void
_mcp_client_group_stop_server (McpClientGroup      *self,
                               McpGroupServer      *server,
                               McpGroupServerState  state)
{
  _mcp_source_clear (&server->retry_source);
  _mcp_source_clear (&server->restart_source);
  _mcp_source_clear (&server->ping_source);
  _mcp_group_server_set_retry_delay (server, 0);

  if (server->cancellable != NULL)
    {
      g_cancellable_cancel (server->cancellable);
      g_clear_object (&server->cancellable);
    }
  _mcp_client_group_unwatch_sign_in (server);

  if (server->queued)
    {
      g_queue_remove (&self->waiting, server);
      server->queued = FALSE;
      g_object_unref (server);
    }

  if (server->connecting != NULL)
    {
      drop_client (self, server, server->connecting, FALSE, TRUE);
      /* A client added by hand stays the server's until it is closed. */
      if (!server->hand_added)
        g_clear_object (&server->connecting);
    }

  if (server->client != NULL)
    {
      g_autoptr(McpClient) client = g_object_ref (server->client);

      drop_client (self, server, client, FALSE, TRUE);
      if (server->hand_added)
        g_set_object (&server->connecting, client);
    }

  set_state (server, state, NULL);
}

/* The server's configuration changed, or the user asked: connect again
 * from scratch. */
void
_mcp_client_group_restart_server (McpClientGroup *self,
                                  McpGroupServer *server)
{
  _mcp_client_group_stop_server (self, server, MCP_GROUP_SERVER_STATE_STOPPED);
  server->attempted = FALSE;
  server->backoff = 0;
  server->legacy_only = FALSE;
  _mcp_group_server_set_attempts (server, 0);
  _mcp_client_group_start_server (self, server);
}

static gboolean
restart_cb (gpointer user_data)
{
  g_autoptr(McpGroupServer) server = g_object_ref (user_data);

  _mcp_source_clear (&server->restart_source);
  if (server->group != NULL)
    _mcp_client_group_restart_server (server->group, server);

  return G_SOURCE_REMOVE;
}

static void
config_changed_cb (McpServerConfig *config,
                   GParamSpec      *pspec,
                   McpGroupServer  *server)
{
  /* Setters change one member at a time: restart once they are done. */
  if (server->restart_source == NULL)
    server->restart_source = _mcp_timeout_source_add (0, restart_cb, g_object_ref (server),
                                                      g_object_unref);
}

McpGroupServer *
_mcp_client_group_insert_server (McpClientGroup  *self,
                                 const char      *name,
                                 McpServerConfig *config,
                                 guint            position)
{
  g_autoptr(McpGroupServer) server = _mcp_group_server_new (self, name, config);

  for (guint i = 0; i < N_KINDS; i++)
    _mcp_group_list_add_section (self->lists[i], server, position);
  /* The list of servers holds the group's reference. */
  g_list_store_insert (self->servers, position, server);

  if (config != NULL)
    g_signal_connect (config, "notify::json", G_CALLBACK (config_changed_cb), server);

  return server;
}

void
_mcp_client_group_remove_server (McpClientGroup *self,
                                 McpGroupServer *server)
{
  g_autoptr(McpGroupServer) hold = g_object_ref (server);
  guint position;

  _mcp_client_group_stop_server (self, server, MCP_GROUP_SERVER_STATE_STOPPED);
  if (server->config != NULL)
    g_signal_handlers_disconnect_by_data (server->config, server);
  if (server->hand_added)
    g_clear_object (&server->connecting);

  for (guint i = 0; i < N_KINDS; i++)
    _mcp_group_list_remove_section (self->lists[i], server);
  if (g_list_store_find (self->servers, server, &position))
    g_list_store_remove (self->servers, position);

  server->group = NULL;
  _mcp_client_group_check_connected (self);
}

/* Makes the servers that follow the registry what the registry lists. */
void
_mcp_client_group_sync_registry (McpClientGroup *self)
{
  GListModel *registry = G_LIST_MODEL (self->registry);
  guint n_configs = g_list_model_get_n_items (registry);
  g_autoptr(GPtrArray) configs = g_ptr_array_new_with_free_func (g_object_unref);
  guint position = 0;

  for (guint i = 0; i < n_configs; i++)
    g_ptr_array_add (configs, g_list_model_get_item (registry, i));

  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->servers)); i > 0; i--)
    {
      g_autoptr(McpGroupServer) server =
        g_list_model_get_item (G_LIST_MODEL (self->servers), i - 1);

      if (server->from_registry && !g_ptr_array_find (configs, server->config, NULL))
        _mcp_client_group_remove_server (self, server);
    }

  for (guint i = 0; i < configs->len; i++)
    {
      McpServerConfig *config = configs->pdata[i];
      const char *name = mcp_server_config_get_name (config);
      McpGroupServer *server = _mcp_client_group_find_server (self, name);

      if (server != NULL && server->config == config)
        {
          g_list_store_find (self->servers, server, &position);
          position++;
          continue;
        }

      if (server != NULL)
        {
          g_debug ("The server %s of the registry has the name of a server added by hand",
                   name);
          continue;
        }

      server = _mcp_client_group_insert_server (self, name, config, position++);
      server->from_registry = TRUE;
      _mcp_client_group_start_server (self, server);
    }
}

/* Starting and stopping the group --------------------------------------- */

static void connect_cancelled_cb (GCancellable *cancellable,
                                  GTask        *task);

/* Completes the connect_async calls once no server makes its first
 * attempt any more. */
void
_mcp_client_group_check_connected (McpClientGroup *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));
  g_autoptr(GPtrArray) tasks = NULL;

  if (self->connect_tasks->len == 0)
    return;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (server->state == MCP_GROUP_SERVER_STATE_CONNECTING)
        return;
    }

  tasks = g_steal_pointer (&self->connect_tasks);
  self->connect_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < tasks->len; i++)
    {
      GCancellable *cancellable = g_task_get_cancellable (tasks->pdata[i]);

      if (cancellable != NULL)
        g_signal_handlers_disconnect_by_func (cancellable, connect_cancelled_cb, tasks->pdata[i]);
      g_task_return_boolean (tasks->pdata[i], TRUE);
    }
}

void
_mcp_client_group_check_closed (McpClientGroup *self)
{
  g_autoptr(GPtrArray) tasks = NULL;

  if (self->n_closing > 0 || self->close_tasks->len == 0)
    return;

  tasks = g_steal_pointer (&self->close_tasks);
  self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < tasks->len; i++)
    g_task_return_boolean (tasks->pdata[i], TRUE);
}

static void
connect_cancelled_cb (GCancellable *cancellable,
                      GTask        *task)
{
  McpClientGroup *self = g_task_get_source_object (task);
  g_autoptr(GTask) hold = g_object_ref (task);

  g_signal_handlers_disconnect_by_func (cancellable, connect_cancelled_cb, task);
  if (g_ptr_array_remove (self->connect_tasks, task))
    g_task_return_error_if_cancelled (task);
}

/**
 * mcp_client_group_connect_async:
 * @self: a group
 * @cancellable: (nullable): a #GCancellable
 * @callback: (nullable): called once every server made its first attempt
 * @user_data: data for @callback
 *
 * Starts the group: its servers connect, a few at a time (see
 * [property@Mcp.ClientGroup:max-connecting]), and reconnect when their
 * connection ends, until [method@Mcp.ClientGroup.close_async]. Servers
 * added later connect when they are added.
 *
 * The call completes once no server is making its first attempt any more:
 * each is ready, failed (and waits to try again), or disabled. It does not
 * fail when servers do: their [property@Mcp.GroupServer:state] says how
 * they are. Cancelling it does not stop the servers.
 *
 * Since: 1.0
 */
void
mcp_client_group_connect_async (McpClientGroup      *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  guint n;

  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  self->started = TRUE;

  /* Nobody waits: nothing keeps the group alive while servers connect. */
  if (callback != NULL)
    {
      task = g_task_new (self, cancellable, callback, user_data);
      g_task_set_source_tag (task, mcp_client_group_connect_async);

      if (!g_task_return_error_if_cancelled (task))
        {
          g_ptr_array_add (self->connect_tasks, g_object_ref (task));
          if (cancellable != NULL)
            g_signal_connect (cancellable, "cancelled", G_CALLBACK (connect_cancelled_cb), task);
        }
    }

  n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (server->state == MCP_GROUP_SERVER_STATE_STOPPED)
        _mcp_client_group_start_server (self, server);
    }

  _mcp_client_group_check_connected (self);
}

/**
 * mcp_client_group_connect_finish:
 * @self: a group
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ClientGroup.connect_async].
 *
 * Returns: %TRUE, or %FALSE if the call was cancelled
 *
 * Since: 1.0
 */
gboolean
mcp_client_group_connect_finish (McpClientGroup  *self,
                                 GAsyncResult    *result,
                                 GError         **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_client_group_connect_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * mcp_client_group_close_async:
 * @self: a group
 * @cancellable: (nullable): a #GCancellable
 * @callback: (nullable): called once every connection is closed
 * @user_data: data for @callback
 *
 * Stops the group: attempts to connect end, and every connection is
 * closed (see [method@Mcp.Client.close_async]), which stops the local
 * servers. The servers stay in the group, stopped, and
 * [method@Mcp.ClientGroup.connect_async] starts them again, except for
 * clients added by hand, which cannot be connected again.
 *
 * Since: 1.0
 */
void
mcp_client_group_close_async (McpClientGroup      *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  guint n;

  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_group_close_async);

  self->started = FALSE;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      _mcp_client_group_stop_server (self, server, MCP_GROUP_SERVER_STATE_STOPPED);
    }

  g_ptr_array_add (self->close_tasks, g_steal_pointer (&task));
  _mcp_client_group_check_closed (self);
}

/**
 * mcp_client_group_close_finish:
 * @self: a group
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ClientGroup.close_async].
 *
 * Returns: %TRUE once every connection is closed
 *
 * Since: 1.0
 */
gboolean
mcp_client_group_close_finish (McpClientGroup  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_client_group_close_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
