/* mcp-client-discover.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The stateless revision of the protocol (2026-07-28): finding out whether
 * a server speaks it, choosing the revision, and the envelope every
 * request then carries in its _meta (protocol version, the client's
 * capabilities and identity, the log level asked for).
 *
 * The probe is server/discover, sent with the newest revision. A
 * DiscoverResult, or a recognised error of the stateless revisions (an
 * unsupported version, a header mismatch, a missing capability), means a
 * stateless server; anything else, or no answer, means an older one, and
 * the client falls back to initialize. It never keys the fallback to one
 * error code: older servers answer unknown requests before initialize
 * however they like, or not at all. A server that stays silent costs no
 * more than a second: after that, initialize goes out beside the probe and
 * whichever is answered properly first decides, with one exception: a
 * server that answers the probe may still take the initialize already on
 * its way, and a server of both eras then holds a session of the older
 * one on that connection (over stdio, the TypeScript SDK's does). So when
 * the probe is answered while initialize is pending, the client waits a
 * little for initialize: if the server accepts it, the older revision it
 * is; if it refuses it (or stays silent), the stateless one.
 *
 * Servers built on some older SDKs exit on any request before initialize,
 * server/discover included. When the connection ends while the era is
 * unknown, and the transport can reach its server again
 * (mcp_transport_reopen_async (): a stdio server is started again), the
 * client does so and uses initialize, within the same connect. Meanwhile
 * the end is held back (McpClient:state stays connecting, ::closed is not
 * emitted); it is reported as usual if the connect gives up.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-authorization.h"
#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-source-private.h"

/* Newest first. */
static const char * const stateless_versions[] = {
  MCP_PROTOCOL_VERSION_LATEST,
  NULL
};

/* How long a silent server may keep the probe before initialize is sent
 * beside it, and how long the answer to that initialize is then awaited
 * once the probe is answered. */
#define PROBE_GRACE_MS 1000

#define META_PREFIX "io.modelcontextprotocol/"

typedef struct
{
  McpClient    *self;
  GTask        *task;
  char         *version;
  gboolean      pinned;
  gboolean      retried;
  /* The server ended the connection on the probe and is started again. */
  gboolean      restarted;

  /* The era is decided and the connect goes on, one way or the other. */
  gboolean      settled;
  /* The probe was answered in a way that means an older server. */
  gboolean      legacy;
  /* initialize, once it went out beside a silent probe. */
  gboolean      initialize_sent;
  gboolean      initialize_answered;
  GError       *initialize_error;
  /* The probe's answer, kept while initialize is awaited. */
  char         *discovered_version;
  JsonObject   *discovered;

  GSource      *grace;
  GCancellable *probe_cancellable;
  GCancellable *initialize_cancellable;
  gulong        cancelled_id;
} Probe;

static void
probe_clear (Probe *probe)
{
  _mcp_source_clear (&probe->grace);
  if (probe->cancelled_id != 0)
    g_cancellable_disconnect (g_task_get_cancellable (probe->task), probe->cancelled_id);
  g_clear_object (&probe->probe_cancellable);
  g_clear_object (&probe->initialize_cancellable);
  g_clear_object (&probe->task);
  g_clear_error (&probe->initialize_error);
  g_clear_pointer (&probe->version, g_free);
  g_clear_pointer (&probe->discovered_version, g_free);
  g_clear_pointer (&probe->discovered, json_object_unref);
}

static Probe *
probe_ref (Probe *probe)
{
  return g_rc_box_acquire (probe);
}

static void
probe_unref (Probe *probe)
{
  g_rc_box_release_full (probe, (GDestroyNotify) probe_clear);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Probe, probe_unref)

/* The envelope ------------------------------------------------------------ */

/* What the client declares, as a stateless revision spells it. */
static JsonObject *
stateless_capabilities (McpClient *self)
{
  JsonObject *capabilities = json_object_new ();
  JsonObject *extensions;
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  if (self->declared_capabilities != NULL)
    {
      json_object_iter_init (&iter, self->declared_capabilities);
      while (json_object_iter_next (&iter, &name, &value))
        {
          /* Roots no longer change by notification: the server asks again. */
          if (g_str_equal (name, "roots"))
            json_object_set_object_member (capabilities, name, json_object_new ());
          else if (g_str_equal (name, "extensions") && JSON_NODE_HOLDS_OBJECT (value))
            json_object_set_object_member (capabilities, name,
                                           _mcp_json_object_copy_members (
                                             json_node_get_object (value)));
          else
            json_object_set_member (capabilities, name, json_node_copy (value));
        }
    }

  /* Tool calls follow tasks of the tasks extension (see mcp-tool-call.c). */
  extensions = _mcp_json_object_get_object (capabilities, "extensions");
  if (extensions == NULL)
    {
      extensions = json_object_new ();
      json_object_set_object_member (capabilities, "extensions", extensions);
    }
  if (!json_object_has_member (extensions, "io.modelcontextprotocol/tasks"))
    json_object_set_object_member (extensions, "io.modelcontextprotocol/tasks",
                                   json_object_new ());

  return capabilities;
}

/* Sets what every request carries from now on: the stateless envelope for
 * @version, or nothing when @version is %NULL. */
static void
set_envelope (McpClient  *self,
              const char *version)
{
  g_autoptr(JsonObject) meta = NULL;
  JsonObject *info;

  if (version == NULL)
    {
      _mcp_rpc_set_request_meta (self->rpc, NULL);
      return;
    }

  meta = json_object_new ();
  json_object_set_string_member (meta, META_PREFIX "protocolVersion", version);
  json_object_set_object_member (meta, META_PREFIX "clientCapabilities",
                                 stateless_capabilities (self));
  info = json_object_new ();
  json_object_set_string_member (info, "name", self->client_name);
  json_object_set_string_member (info, "version", self->client_version);
  json_object_set_object_member (meta, META_PREFIX "clientInfo", info);
  if (self->log_level >= 0)
    json_object_set_string_member (meta, META_PREFIX "logLevel",
                                   mcp_log_level_to_string (self->log_level));

  _mcp_rpc_set_request_meta (self->rpc, meta);
}

/* Brings the envelope up to date, after the log level changed. */
void
_mcp_client_update_envelope (McpClient *self)
{
  if (self->stateless)
    set_envelope (self, self->protocol_version);
}

/* Choosing a revision ----------------------------------------------------- */

static const char *
newest_in (const char * const *ours,
           JsonArray          *theirs)
{
  for (guint i = 0; ours[i] != NULL; i++)
    for (guint j = 0; theirs != NULL && j < json_array_get_length (theirs); j++)
      {
        JsonNode *element = json_array_get_element (theirs, j);

        if (JSON_NODE_HOLDS_VALUE (element) &&
            json_node_get_value_type (element) == G_TYPE_STRING &&
            g_strcmp0 (json_node_get_string (element), ours[i]) == 0)
          return ours[i];
      }

  return NULL;
}

static gboolean
lists_legacy_version (JsonArray *theirs)
{
  for (guint j = 0; theirs != NULL && j < json_array_get_length (theirs); j++)
    {
      JsonNode *element = json_array_get_element (theirs, j);

      if (JSON_NODE_HOLDS_VALUE (element) &&
          json_node_get_value_type (element) == G_TYPE_STRING &&
          _mcp_client_is_legacy_version (json_node_get_string (element)))
        return TRUE;
    }

  return FALSE;
}

static char *
describe_versions (JsonArray *theirs)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) versions = NULL;

  for (guint j = 0; theirs != NULL && j < json_array_get_length (theirs); j++)
    {
      JsonNode *element = json_array_get_element (theirs, j);

      if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (element));
    }

  versions = g_strv_builder_end (builder);
  if (versions[0] == NULL)
    return g_strdup (_("none"));

  return g_strjoinv (", ", versions);
}

/* Keeps what a DiscoverResult lists, for
 * mcp_client_get_server_supported_versions (). */
static void
keep_server_versions (McpClient *self,
                      JsonArray *theirs)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint j = 0; j < json_array_get_length (theirs); j++)
    {
      JsonNode *element = json_array_get_element (theirs, j);

      if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (element));
    }

  g_strfreev (self->server_versions);
  self->server_versions = g_strv_builder_end (builder);
}

/* The end of the probe ---------------------------------------------------- */

/* The era is decided, or the connect gives up: an end of the connection
 * is reported as usual from now on, and one held back is reported now. */
static void
stop_holding (McpClient *self)
{
  g_autoptr(GError) error = NULL;

  if (!self->may_reopen)
    return;

  self->may_reopen = FALSE;
  if (!self->held_closed)
    return;

  self->held_closed = FALSE;
  error = g_steal_pointer (&self->held_closed_error);
  _mcp_client_transport_ended (self, error);
}

static void
probe_fail (Probe  *probe,
            GError *error)
{
  probe->settled = TRUE;
  g_cancellable_cancel (probe->initialize_cancellable);
  stop_holding (probe->self);
  _mcp_client_connect_return (probe->self, probe->task, error);
}

static void
reopened_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(Probe) probe = user_data;
  McpClient *self = probe->self;
  g_autoptr(GError) error = NULL;
  gboolean reopened;

  reopened = mcp_transport_reopen_finish (MCP_TRANSPORT (object), result, &error);

  /* The connect gave up meanwhile (its timeout, a close): what was started
   * again is stopped again. */
  if (_mcp_client_connect_is_done (probe->task))
    {
      stop_holding (self);
      if (reopened)
        mcp_transport_close_async (self->transport, NULL, NULL, NULL);
      return;
    }

  if (!reopened)
    {
      g_prefix_error (&error, _("The server ended the connection when asked server/discover, "
                                "and could not be started again: "));
      probe_fail (probe, g_steal_pointer (&error));
      return;
    }

  /* It ended again before we heard it runs. */
  if (mcp_transport_is_closed (self->transport))
    {
      probe_fail (probe, self->held_closed_error != NULL
                         ? g_error_copy (self->held_closed_error)
                         : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                                                _("The connection is closed")));
      return;
    }

  g_debug ("The server runs again: connecting with initialize");

  /* The first end is history: nobody is told of it. */
  self->may_reopen = FALSE;
  self->held_closed = FALSE;
  g_clear_error (&self->held_closed_error);
  _mcp_rpc_reopened (self->rpc);
  set_envelope (self, NULL);
  _mcp_client_initialize (self, probe->task, NULL);
}

/* The server ended the connection on the probe: it is started again, for
 * the legacy handshake. The probe's requests have failed already; any
 * answer they still get is ignored. */
static void
restart (Probe  *probe,
         GError *error)
{
  McpClient *self = probe->self;

  g_debug ("The server ended the connection when asked server/discover (%s): starting it "
           "again, for initialize", error->message);
  g_error_free (error);

  probe->restarted = TRUE;
  probe->legacy = TRUE;
  probe->settled = TRUE;
  _mcp_source_clear (&probe->grace);
  g_cancellable_cancel (probe->probe_cancellable);
  g_cancellable_cancel (probe->initialize_cancellable);

  /* The end stays held back until the server runs again. */
  mcp_transport_reopen_async (self->transport, g_task_get_cancellable (probe->task),
                              reopened_cb, probe_ref (probe));
}

/* The connection ended while the era was unknown. Servers built on some
 * older SDKs exit on any request before initialize, server/discover
 * included: say so, since the legacy handshake alone reaches them. */
static void
probe_fail_ended (Probe  *probe,
                  GError *error)
{
  if (!probe->pinned && !probe->legacy && !probe->restarted && probe->self->may_reopen &&
      !g_cancellable_is_cancelled (g_task_get_cancellable (probe->task)))
    {
      restart (probe, error);
      return;
    }

  if (!probe->pinned && !probe->legacy)
    {
      GError *explained;

      /* Its own code, so that an application can connect again with the
       * legacy handshake without reading the message: only a transport
       * that cannot reach its server again gets here. */
      explained = g_error_new (MCP_ERROR, MCP_ERROR_PROBE_ENDED_CONNECTION,
                               _("%s\nThe server ended the connection before answering "
                                 "server/discover, the first request of the stateless protocol "
                                 "revision; servers built on some older SDKs exit on it. If "
                                 "this one does, connect with the legacy handshake "
                                 "(version negotiation LEGACY)."),
                               error->message);
      g_error_free (error);
      error = explained;
    }

  probe_fail (probe, error);
}

static void initialize_cb (GObject      *object,
                           GAsyncResult *result,
                           gpointer      user_data);

static void
send_initialize (Probe *probe)
{
  McpClient *self = probe->self;

  probe->initialize_sent = TRUE;
  _mcp_source_clear (&probe->grace);

  /* initialize carries no envelope. */
  set_envelope (self, NULL);
  _mcp_rpc_call_async (self->rpc, "initialize", _mcp_client_build_initialize_params (self, NULL),
                       MCP_RPC_CALL_NO_CANCEL_NOTIFICATION | MCP_RPC_CALL_NO_PROGRESS,
                       self->connect_timeout, NULL, probe->initialize_cancellable,
                       initialize_cb, probe_ref (probe));
}

/* The server is an older one. */
static void
fall_back (Probe *probe)
{
  g_debug ("The server does not speak the stateless revision: falling back to initialize");

  probe->legacy = TRUE;
  stop_holding (probe->self);
  if (!probe->initialize_sent)
    send_initialize (probe);
  else if (probe->initialize_error != NULL)
    probe_fail (probe, g_steal_pointer (&probe->initialize_error));
}

static void settle_stateless (Probe      *probe,
                              const char *version,
                              JsonObject *result);

static gboolean
initialize_wait_cb (gpointer user_data)
{
  Probe *probe = user_data;
  g_autofree char *version = g_steal_pointer (&probe->discovered_version);
  g_autoptr(JsonObject) result = g_steal_pointer (&probe->discovered);

  _mcp_source_clear (&probe->grace);
  if (!probe->settled && result != NULL)
    {
      g_debug ("initialize, sent beside the probe, is still unanswered: the stateless revision");
      settle_stateless (probe, version, result);
    }

  return G_SOURCE_REMOVE;
}

static void
settle_stateless (Probe      *probe,
                  const char *version,
                  JsonObject *result)
{
  McpClient *self = probe->self;
  g_autoptr(McpImplementation) server_info = NULL;
  g_autoptr(JsonObject) empty = NULL;
  JsonObject *meta;
  JsonObject *info;

  /* initialize is on its way: what the server makes of it decides. */
  if (probe->initialize_sent && !probe->initialize_answered && probe->discovered == NULL)
    {
      g_debug ("The server answered server/discover while initialize is pending: "
               "waiting for its answer to initialize");
      probe->discovered_version = g_strdup (version);
      probe->discovered = json_object_ref (result);
      _mcp_source_clear (&probe->grace);
      probe->grace = _mcp_timeout_source_attach (self->context, PROBE_GRACE_MS,
                                                 initialize_wait_cb, probe_ref (probe),
                                                 (GDestroyNotify) probe_unref);
      return;
    }

  meta = _mcp_json_object_get_object (result, "_meta");
  probe->settled = TRUE;
  stop_holding (self);
  _mcp_source_clear (&probe->grace);
  g_cancellable_cancel (probe->initialize_cancellable);

  /* The server's identity travels in the result's _meta; some put it
   * beside the result's members. */
  info = _mcp_json_object_get_object (meta, META_PREFIX "serverInfo");
  if (info == NULL)
    info = _mcp_json_object_get_object (result, "serverInfo");
  if (info == NULL)
    info = empty = json_object_new ();
  server_info = mcp_implementation_new_from_json (info);

  g_debug ("The server speaks the stateless revision %s", version);

  _mcp_client_set_server (self, version, TRUE,
                          _mcp_json_object_get_object (result, "capabilities"), server_info,
                          _mcp_json_object_get_string (result, "instructions"));
  set_envelope (self, version);
  mcp_transport_set_protocol_version (self->transport, version);
  _mcp_client_connect_return (self, probe->task, NULL);
}

static void send_probe (Probe *probe);

/* A stateless server named the revisions it supports (in a DiscoverResult
 * or with an unsupported version): use the newest we share, or say why
 * not. */
static void
choose_version (Probe     *probe,
                JsonArray *supported,
                JsonObject *result)
{
  const char *version = newest_in (stateless_versions, supported);
  g_autofree char *theirs = NULL;

  /* Refused, with the revision we asked for among those it supports, or
   * another one: ask once more with the newest of those we share. */
  if (result == NULL && version != NULL && !probe->retried &&
      (!probe->pinned || g_str_equal (version, probe->version)))
    {
      probe->retried = TRUE;
      g_free (probe->version);
      probe->version = g_strdup (version);
      send_probe (probe);
      return;
    }

  if (probe->pinned)
    {
      if (version != NULL && g_str_equal (version, probe->version) && result != NULL)
        {
          settle_stateless (probe, version, result);
          return;
        }

      theirs = describe_versions (supported);
      probe_fail (probe, g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                      _("The server does not speak MCP protocol version “%s” "
                                        "(it speaks %s)"),
                                      probe->version, theirs));
      return;
    }

  if (version != NULL && result != NULL)
    {
      settle_stateless (probe, version, result);
      return;
    }

  if (lists_legacy_version (supported))
    {
      fall_back (probe);
      return;
    }

  theirs = describe_versions (supported);

  /* Refused again, with the version it lists. */
  if (version != NULL)
    {
      probe_fail (probe, g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                      _("The server refused MCP protocol version “%s”, although "
                                        "it lists it among the versions it speaks (%s)"),
                                      version, theirs));
      return;
    }

  probe_fail (probe, g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                  _("The server speaks MCP protocol versions %s, none of which "
                                    "mcp-glib supports"),
                                  theirs));
}

static gboolean
is_stateless_error (const GError *error)
{
  return error->domain == MCP_ERROR &&
         (error->code == MCP_ERROR_HEADER_MISMATCH ||
          error->code == MCP_ERROR_MISSING_REQUIRED_CLIENT_CAPABILITY ||
          error->code == MCP_ERROR_UNSUPPORTED_PROTOCOL_VERSION);
}

static void
discover_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(Probe) probe = user_data;
  McpClient *self = probe->self;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *object_result;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (probe->settled)
    return;

  if (answer != NULL)
    {
      object_result = JSON_NODE_HOLDS_OBJECT (answer) ? json_node_get_object (answer) : NULL;
      if (object_result != NULL &&
          _mcp_json_object_get_array (object_result, "supportedVersions") != NULL)
        {
          keep_server_versions (self, _mcp_json_object_get_array (object_result,
                                                                   "supportedVersions"));
          choose_version (probe, _mcp_json_object_get_array (object_result, "supportedVersions"),
                        object_result);
        }
      else if (probe->pinned)
        probe_fail (probe, g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                        _("The server does not speak MCP protocol version “%s” "
                                          "(its answer to server/discover lists no versions)"),
                                        probe->version));
      else
        fall_back (probe);
      return;
    }

  /* Dropped because initialize won, or the connect was cancelled. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      if (g_cancellable_is_cancelled (g_task_get_cancellable (probe->task)))
        probe_fail (probe, g_steal_pointer (&error));
      return;
    }

  if (error->domain == MCP_ERROR && error->code == MCP_ERROR_UNSUPPORTED_PROTOCOL_VERSION)
    {
      JsonNode *data = mcp_error_get_data (error);
      JsonObject *data_object = data != NULL && JSON_NODE_HOLDS_OBJECT (data)
                                ? json_node_get_object (data) : NULL;

      choose_version (probe, _mcp_json_object_get_array (data_object, "supported"), NULL);
      return;
    }

  /* A sign-in that failed or may not start is the server's answer in
   * either revision: initialize would only ask the user again. */
  if (is_stateless_error (error) || error->domain == MCP_AUTHORIZATION_ERROR)
    {
      probe_fail (probe, g_steal_pointer (&error));
      return;
    }

  /* Nobody to fall back to. */
  if (mcp_transport_is_closed (self->transport))
    {
      probe_fail_ended (probe, g_steal_pointer (&error));
      return;
    }

  if (probe->pinned)
    {
      probe_fail (probe, g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                      _("The server does not speak MCP protocol version “%s”: "
                                        "%s"),
                                      probe->version, error->message));
      return;
    }

  g_debug ("server/discover failed: %s", error->message);
  fall_back (probe);
}

static void
initialize_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(Probe) probe = user_data;
  McpClient *self = probe->self;
  g_autoptr(JsonNode) answer = NULL;
  GError *error = NULL;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  probe->initialize_answered = TRUE;
  if (probe->settled)
    {
      g_clear_error (&error);
      return;
    }

  /* The probe was answered, and the server refused initialize: the
   * stateless revision after all. */
  if (probe->discovered != NULL && answer == NULL &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
      !mcp_transport_is_closed (self->transport))
    {
      g_autofree char *version = g_steal_pointer (&probe->discovered_version);
      g_autoptr(JsonObject) discovered = g_steal_pointer (&probe->discovered);

      g_clear_error (&error);
      settle_stateless (probe, version, discovered);
      return;
    }

  if (answer == NULL || !_mcp_client_apply_initialize_result (self, answer, NULL, &error))
    {
      /* A stateless server may refuse initialize, and still answer the
       * probe: wait for it, unless it already spoke. */
      if (mcp_transport_is_closed (self->transport) &&
          !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        probe_fail_ended (probe, error);
      else if (probe->legacy || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        probe_fail (probe, error);
      else
        probe->initialize_error = error;
      return;
    }

  probe->settled = TRUE;
  stop_holding (self);
  _mcp_source_clear (&probe->grace);
  g_cancellable_cancel (probe->probe_cancellable);
  _mcp_client_initialized (self, probe->task);
}

static gboolean
grace_cb (gpointer user_data)
{
  Probe *probe = user_data;

  _mcp_source_clear (&probe->grace);
  if (!probe->settled && !probe->initialize_sent)
    {
      g_debug ("The server has not answered server/discover within %u ms: sending initialize",
               PROBE_GRACE_MS);
      send_initialize (probe);
    }

  return G_SOURCE_REMOVE;
}

static void
send_probe (Probe *probe)
{
  McpClient *self = probe->self;

  set_envelope (self, probe->version);
  _mcp_rpc_call_async (self->rpc, "server/discover", NULL,
                       MCP_RPC_CALL_NO_CANCEL_NOTIFICATION | MCP_RPC_CALL_NO_PROGRESS,
                       self->connect_timeout, NULL, probe->probe_cancellable,
                       discover_cb, probe_ref (probe));

  if (!probe->pinned && !probe->initialize_sent && probe->grace == NULL)
    probe->grace = _mcp_timeout_source_attach (self->context, PROBE_GRACE_MS, grace_cb,
                                               probe_ref (probe), (GDestroyNotify) probe_unref);
}

static void
connect_cancelled_cb (GCancellable *cancellable,
                      Probe        *probe)
{
  g_cancellable_cancel (probe->probe_cancellable);
  g_cancellable_cancel (probe->initialize_cancellable);
}

/* Connects with the stateless revision @version, or, unless @pinned, finds
 * out that the server is older and falls back to initialize; completes
 * @task with _mcp_client_connect_return(). */
void
_mcp_client_discover (McpClient  *self,
                      GTask      *task,
                      const char *version,
                      gboolean    pinned)
{
  g_autoptr(Probe) probe = g_rc_box_new0 (Probe);
  GCancellable *cancellable = g_task_get_cancellable (task);

  probe->self = self;
  probe->task = g_object_ref (task);
  probe->version = g_strdup (version);
  probe->pinned = pinned;
  probe->probe_cancellable = g_cancellable_new ();
  probe->initialize_cancellable = g_cancellable_new ();

  /* The caller's cancellable ends both requests; the probe's own let one
   * be dropped when the other wins. The probe lives until both have
   * called back, which they do once cancelled. */
  if (cancellable != NULL)
    probe->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (connect_cancelled_cb),
                                                 probe, NULL);

  /* A server that ends the connection on the probe is started again, if
   * the transport can. */
  self->may_reopen = !pinned && mcp_transport_can_reopen (self->transport);
  self->held_closed = FALSE;

  send_probe (probe);
}

/* Choosing the revision: the properties ----------------------------------- */

/**
 * mcp_client_get_server_supported_versions:
 * @self: a client
 *
 * Gets the protocol revisions the server listed in its answer to
 * `server/discover` (its `supportedVersions`), newest first as the server
 * gave them. Only a server of a stateless revision (2026-07-28) answers
 * `server/discover`: for an older one, connected with `initialize`, and
 * before connecting, this is %NULL; then
 * [property@Mcp.Client:protocol-version] is all there is.
 *
 * Returns: (transfer none) (array zero-terminated=1) (nullable): the
 *   revisions the server speaks
 *
 * Since: 1.0
 */
const char * const *
mcp_client_get_server_supported_versions (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return (const char * const *) self->server_versions;
}

/**
 * mcp_client_get_stateless:
 * @self: a client
 *
 * Gets [property@Mcp.Client:stateless].
 *
 * Returns: whether the server speaks a stateless revision, once connected
 *
 * Since: 1.0
 */
gboolean
mcp_client_get_stateless (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);

  return self->stateless;
}

/**
 * mcp_client_get_version_negotiation:
 * @self: a client
 *
 * Gets [property@Mcp.Client:version-negotiation].
 *
 * Returns: how the client chooses the protocol revision
 *
 * Since: 1.0
 */
McpVersionNegotiation
mcp_client_get_version_negotiation (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), MCP_VERSION_NEGOTIATION_AUTO);

  return self->version_negotiation;
}

/**
 * mcp_client_set_version_negotiation:
 * @self: a client, not connected yet
 * @negotiation: how to choose the protocol revision
 *
 * Sets [property@Mcp.Client:version-negotiation].
 *
 * Since: 1.0
 */
void
mcp_client_set_version_negotiation (McpClient             *self,
                                    McpVersionNegotiation  negotiation)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (negotiation <= MCP_VERSION_NEGOTIATION_PINNED);
  g_return_if_fail (self->state == MCP_CLIENT_STATE_DISCONNECTED);

  if (self->version_negotiation == negotiation)
    return;

  self->version_negotiation = negotiation;
  g_object_notify_by_pspec (G_OBJECT (self),
                            _mcp_client_properties[MCP_CLIENT_PROP_VERSION_NEGOTIATION]);
}

/**
 * mcp_client_get_pinned_protocol_version:
 * @self: a client
 *
 * Gets [property@Mcp.Client:pinned-protocol-version].
 *
 * Returns: (nullable): the revision to speak when pinned
 *
 * Since: 1.0
 */
const char *
mcp_client_get_pinned_protocol_version (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->pinned_version;
}

/**
 * mcp_client_set_pinned_protocol_version:
 * @self: a client, not connected yet
 * @version: (nullable): the one revision to speak, e.g. `2026-07-28`
 *
 * Sets [property@Mcp.Client:pinned-protocol-version]. It takes effect with
 * %MCP_VERSION_NEGOTIATION_PINNED:
 *
 * <!-- doc-test
 * static McpClient *client;
 * -->
 * ```c
 * mcp_client_set_pinned_protocol_version (client, "2026-07-28");
 * mcp_client_set_version_negotiation (client, MCP_VERSION_NEGOTIATION_PINNED);
 * ```
 *
 * Since: 1.0
 */
void
mcp_client_set_pinned_protocol_version (McpClient  *self,
                                        const char *version)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (self->state == MCP_CLIENT_STATE_DISCONNECTED);

  if (_mcp_client_replace_string (&self->pinned_version, version))
    g_object_notify_by_pspec (G_OBJECT (self),
                              _mcp_client_properties[MCP_CLIENT_PROP_PINNED_PROTOCOL_VERSION]);
}
