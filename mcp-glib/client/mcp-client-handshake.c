/* mcp-client-handshake.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Connecting: the transport opens, then the handshake runs (initialize,
 * with the revision the client offers and the ones it accepts, then
 * notifications/initialized), all within the connect timeout; and the
 * capabilities the client declares in it, which decide the server requests
 * it takes.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-json-private.h"
#include "mcp-source-private.h"
#include "mcp-stdio-transport.h"

/* Newest first: the first is offered, all are accepted. */
static const char * const supported_versions[] = {
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  NULL
};

/* Connecting ------------------------------------------------------------- */

/* One connect: the transport opens, then the handshake runs, all within
 * the connect timeout; whichever ends it first completes the task. */
typedef struct
{
  GSource  *timeout_source;
  gboolean  done;
} Connect;

static void
connect_free (Connect *connect)
{
  _mcp_source_clear (&connect->timeout_source);
  g_free (connect);
}

/* Completes a connect once: on failure the connection ends for good. */
void
_mcp_client_connect_return (McpClient *self,
                            GTask     *task,
                            GError    *error)
{
  /* Ending the connection below ends the handshake's requests, whose
   * callbacks may drop the other references to @task. */
  g_autoptr(GTask) hold = g_object_ref (task);
  Connect *connect = g_task_get_task_data (task);

  g_assert (g_task_get_source_tag (task) == mcp_client_connect_async);

  if (connect->done)
    {
      g_clear_error (&error);
      return;
    }

  connect->done = TRUE;
  _mcp_source_clear (&connect->timeout_source);

  /* The handshake may finish after the application cancelled, e.g. when
   * initialize was answered but notifications/initialized is still on its
   * way: a cancelled connect fails, and so must leave the client closed,
   * never ready. */
  if (error == NULL)
    g_cancellable_set_error_if_cancelled (g_task_get_cancellable (task), &error);

  if (error != NULL)
    {
      _mcp_client_shut_down (self, error, NULL);
      g_task_return_error (task, error);
      return;
    }

  _mcp_client_set_state (self, MCP_CLIENT_STATE_READY);
  for (guint i = 0; i < MCP_N_LIVE_MODELS; i++)
    _mcp_client_refresh_live_model (self, i);
  _mcp_client_start_listening (self);
  g_task_return_boolean (task, TRUE);
}

/* Whether the connect of @task completed already (with
 * _mcp_client_connect_return ()). */
gboolean
_mcp_client_connect_is_done (GTask *task)
{
  Connect *connect = g_task_get_task_data (task);

  return connect->done;
}

static gboolean
connect_timed_out_cb (gpointer user_data)
{
  GTask *task = user_data;
  McpClient *self = g_task_get_source_object (task);
  Connect *connect = g_task_get_task_data (task);

  _mcp_source_clear (&connect->timeout_source);
  _mcp_client_connect_return (self, task,
                              g_error_new (G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                                           _("The server was not ready within %.1f seconds "
                                             "(the connect timeout)"),
                                           self->connect_timeout / 1000.0));

  return G_SOURCE_REMOVE;
}

static void handshake (McpClient *self,
                       GTask     *task);

static void
connect_opened_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = g_task_get_source_object (task);
  Connect *connect = g_task_get_task_data (task);
  GError *error = NULL;

  if (!mcp_transport_open_finish (MCP_TRANSPORT (object), result, &error))
    {
      _mcp_client_connect_return (self, task, error);
      return;
    }

  if (connect->done)
    return;

  handshake (self, task);
}

/**
 * mcp_client_connect_async:
 * @self: a client
 * @cancellable: (nullable): a cancellable
 * @callback: called when the client is connected or failed to connect
 * @user_data: data for @callback
 *
 * Opens the transport (for a [class@Mcp.StdioTransport], starts the server)
 * and finds out which protocol revision the server speaks, as
 * [property@Mcp.Client:version-negotiation] says. By default the client
 * first asks `server/discover`, which servers of the stateless revision
 * 2026-07-28 (%MCP_PROTOCOL_VERSION_LATEST) answer; any other answer, or
 * none within a second, means an older server, and the client falls back
 * to the `initialize` handshake, offering 2025-11-25 and accepting any
 * revision down to 2024-11-05. A server that ends the connection when
 * asked `server/discover` (servers built on some older SDKs exit on it) is
 * started again, if the transport can ([method@Mcp.Transport.reopen_async]:
 * a [class@Mcp.StdioTransport] can), and connected with `initialize`:
 * meanwhile the client stays %MCP_CLIENT_STATE_CONNECTING and
 * [signal@Mcp.Client::closed] is not emitted. All of it together takes at
 * most [property@Mcp.Client:connect-timeout].
 *
 * On failure the transport is closed and the client cannot be used again.
 * Cancelling @cancellable before the connect completes makes it fail with
 * %G_IO_ERROR_CANCELLED, even once the server has answered: the connect
 * succeeds if and only if the client is %MCP_CLIENT_STATE_READY.
 *
 * Since: 1.0
 */
void
mcp_client_connect_async (McpClient           *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Connect *connect;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  if (!_mcp_client_check_context (self, G_STRFUNC))
    return;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_connect_async);
  /* Whether the connect succeeded is decided once, in
   * _mcp_client_connect_return(), together with the client's state: a
   * cancellation GTask noticed on its own, after that, would report an
   * error for a client that is ready. */
  g_task_set_check_cancellable (task, FALSE);

  if (self->state != MCP_CLIENT_STATE_DISCONNECTED)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               _("The client was already connected; create a new client and "
                                 "transport to connect again"));
      return;
    }

  connect = g_new0 (Connect, 1);
  g_task_set_task_data (task, connect, (GDestroyNotify) connect_free);
  connect->timeout_source = _mcp_timeout_source_attach (self->context, self->connect_timeout,
                                                        connect_timed_out_cb, task, NULL);

  _mcp_client_set_state (self, MCP_CLIENT_STATE_CONNECTING);

  /* A sandboxed stdio server may write to the roots it is started with
   * (those the application told the transport itself stay, when the
   * client has none). */
  if (MCP_IS_STDIO_TRANSPORT (self->transport) &&
      g_list_model_get_n_items (G_LIST_MODEL (self->roots)) > 0)
    {
      g_autoptr(GStrvBuilder) uris = g_strv_builder_new ();
      g_auto(GStrv) list = NULL;
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->roots));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(McpRoot) root = g_list_model_get_item (G_LIST_MODEL (self->roots), i);

          g_strv_builder_add (uris, mcp_root_get_uri (root));
        }
      list = g_strv_builder_end (uris);
      mcp_stdio_transport_set_root_uris (MCP_STDIO_TRANSPORT (self->transport),
                                         (const char * const *) list);
    }

  mcp_transport_open_async (self->transport, cancellable, connect_opened_cb,
                            g_steal_pointer (&task));
}

/**
 * mcp_client_connect_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.connect_async].
 *
 * Returns: %TRUE if the client is connected
 *
 * Since: 1.0
 */
gboolean
mcp_client_connect_finish (McpClient     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The legacy handshake --------------------------------------------------- */

static void
initialized_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!_mcp_rpc_notify_finish (MCP_RPC (object), result, &error))
    {
      g_prefix_error (&error, _("Could not finish the handshake: "));
      _mcp_client_connect_return (self, task, g_steal_pointer (&error));
      return;
    }

  _mcp_client_connect_return (self, task, NULL);
}

/* Ends the legacy handshake once initialize was answered and applied. */
void
_mcp_client_initialized (McpClient *self,
                         GTask     *task)
{
  /* Before initialized: over HTTP that notification carries it already. */
  mcp_transport_set_protocol_version (self->transport, self->protocol_version);

  _mcp_rpc_notify_async (self->rpc, "notifications/initialized", NULL,
                         NULL, initialized_cb, g_object_ref (task));
}

/* Takes the server's answer to initialize; @required, if not %NULL, is the
 * only revision acceptable (a pinned one). */
gboolean
_mcp_client_apply_initialize_result (McpClient   *self,
                                     JsonNode    *result,
                                     const char  *required,
                                     GError     **error)
{
  JsonObject *object;
  JsonObject *capabilities;
  JsonObject *server_info_json;
  g_autoptr(JsonObject) empty = NULL;
  g_autoptr(McpImplementation) server_info = NULL;
  const char *version;
  g_autofree char *supported = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (result))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server’s answer to initialize is not an object"));
      return FALSE;
    }

  object = json_node_get_object (result);
  version = _mcp_json_object_get_string (object, "protocolVersion");
  if (version == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server’s answer to initialize has no protocol version"));
      return FALSE;
    }

  if (required != NULL && g_strcmp0 (version, required) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The server speaks MCP protocol version “%s”, not “%s” as the client "
                     "requires"),
                   version, required);
      return FALSE;
    }

  if (!g_strv_contains (supported_versions, version))
    {
      supported = g_strjoinv (", ", (char **) supported_versions);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The server speaks MCP protocol version “%s”, which mcp-glib does not "
                     "support (it supports %s)"),
                   version, supported);
      return FALSE;
    }

  capabilities = _mcp_json_object_get_object (object, "capabilities");
  server_info_json = _mcp_json_object_get_object (object, "serverInfo");
  if (server_info_json == NULL)
    server_info_json = empty = json_object_new ();
  server_info = mcp_implementation_new_from_json (server_info_json);

  _mcp_client_set_server (self, version, FALSE, capabilities, server_info,
                          _mcp_json_object_get_string (object, "instructions"));

  return TRUE;
}

static void
initialize_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = g_task_get_source_object (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL ||
      !_mcp_client_apply_initialize_result (self, answer,
                                            self->version_negotiation ==
                                            MCP_VERSION_NEGOTIATION_PINNED
                                            ? self->pinned_version : NULL,
                                            &error))
    {
      _mcp_client_connect_return (self, task, g_steal_pointer (&error));
      return;
    }

  _mcp_client_initialized (self, task);
}

/* The params of initialize, offering @version (by default the newest legacy
 * revision). */
JsonNode *
_mcp_client_build_initialize_params (McpClient  *self,
                                     const char *version)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "protocolVersion");
  json_builder_add_string_value (builder, version != NULL ? version : supported_versions[0]);
  json_builder_set_member_name (builder, "capabilities");
  json_builder_add_value (builder,
                          json_node_init_object (json_node_alloc (),
                                                 self->declared_capabilities));
  json_builder_set_member_name (builder, "clientInfo");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, self->client_name);
  json_builder_set_member_name (builder, "version");
  json_builder_add_string_value (builder, self->client_version);
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

/* The legacy handshake, offering @version (%NULL: the newest); completes
 * @task with _mcp_client_connect_return(). */
void
_mcp_client_initialize (McpClient  *self,
                        GTask      *task,
                        const char *version)
{
  /* initialize may not be cancelled with a notification, and the handshake
   * is bounded as a whole: no progress may extend it. */
  _mcp_rpc_call_async (self->rpc, "initialize", _mcp_client_build_initialize_params (self, version),
                       MCP_RPC_CALL_NO_CANCEL_NOTIFICATION | MCP_RPC_CALL_NO_PROGRESS,
                       self->connect_timeout, NULL,
                       g_task_get_cancellable (task),
                       initialize_cb, g_object_ref (task));
}

gboolean
_mcp_client_is_legacy_version (const char *version)
{
  return version != NULL && g_strv_contains (supported_versions, version);
}

/* Runs the handshake once the transport is open, as the application asked:
 * the revision is found out, pinned, or the legacy one. */
static void
handshake (McpClient *self,
           GTask     *task)
{
  /* What is declared now is what counts for the whole connection. */
  self->declared_capabilities = mcp_client_dup_capabilities (self);

  switch (self->version_negotiation)
    {
    case MCP_VERSION_NEGOTIATION_LEGACY:
      _mcp_client_initialize (self, task, NULL);
      break;

    case MCP_VERSION_NEGOTIATION_PINNED:
      if (self->pinned_version == NULL)
        {
          _mcp_client_connect_return (self, task,
                                      g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                                           _("No protocol version is pinned: set "
                                                             "McpClient:pinned-protocol-version")));
          return;
        }
      if (_mcp_client_is_legacy_version (self->pinned_version))
        _mcp_client_initialize (self, task, self->pinned_version);
      else
        _mcp_client_discover (self, task, self->pinned_version, TRUE);
      break;

    case MCP_VERSION_NEGOTIATION_AUTO:
    default:
      _mcp_client_discover (self, task, MCP_PROTOCOL_VERSION_LATEST, FALSE);
      break;
    }
}

/* Capabilities ----------------------------------------------------------- */

static JsonObject *
empty_object (void)
{
  return json_object_new ();
}

/**
 * mcp_client_dup_capabilities:
 * @self: a client
 *
 * Computes the capabilities the client declares when it connects: those
 * that follow from [property@Mcp.Client:features], with the changes made
 * by [method@Mcp.Client.set_capability] on top. After connecting, this is
 * what was declared.
 *
 * Returns: (transfer full): the client capabilities
 *
 * Since: 1.0
 */
JsonObject *
mcp_client_dup_capabilities (McpClient *self)
{
  JsonObject *capabilities;
  McpClientFeatures features;

  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  if (self->declared_capabilities != NULL)
    return json_object_ref (self->declared_capabilities);

  capabilities = json_object_new ();
  features = self->features;

  if (features & MCP_CLIENT_FEATURES_ROOTS)
    {
      JsonObject *roots = json_object_new ();

      json_object_set_boolean_member (roots, "listChanged", TRUE);
      json_object_set_object_member (capabilities, "roots", roots);
    }

  if (features & (MCP_CLIENT_FEATURES_SAMPLING | MCP_CLIENT_FEATURES_SAMPLING_TOOLS |
                  MCP_CLIENT_FEATURES_SAMPLING_CONTEXT))
    {
      JsonObject *sampling = json_object_new ();

      if (features & MCP_CLIENT_FEATURES_SAMPLING_TOOLS)
        json_object_set_object_member (sampling, "tools", empty_object ());
      if (features & MCP_CLIENT_FEATURES_SAMPLING_CONTEXT)
        json_object_set_object_member (sampling, "context", empty_object ());
      json_object_set_object_member (capabilities, "sampling", sampling);
    }

  if (features & (MCP_CLIENT_FEATURES_ELICITATION_FORM | MCP_CLIENT_FEATURES_ELICITATION_URL |
                  MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS))
    {
      JsonObject *elicitation = json_object_new ();

      if (features & (MCP_CLIENT_FEATURES_ELICITATION_FORM |
                      MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS))
        {
          JsonObject *form = json_object_new ();

          if (features & MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS)
            json_object_set_boolean_member (form, "applyDefaults", TRUE);
          json_object_set_object_member (elicitation, "form", form);
        }
      if (features & MCP_CLIENT_FEATURES_ELICITATION_URL)
        json_object_set_object_member (elicitation, "url", empty_object ());
      json_object_set_object_member (capabilities, "elicitation", elicitation);
    }

  if (self->capability_overrides != NULL)
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *value;

      json_object_iter_init (&iter, self->capability_overrides);
      while (json_object_iter_next (&iter, &name, &value))
        {
          if (JSON_NODE_HOLDS_NULL (value))
            json_object_remove_member (capabilities, name);
          else
            json_object_set_member (capabilities, name, json_node_copy (value));
        }
    }

  return capabilities;
}

/**
 * mcp_client_set_capability:
 * @self: a client, not connected yet
 * @name: a capability's name, e.g. `experimental` or `elicitation`
 * @settings: (nullable): the capability's settings, or %NULL to not
 *   declare it
 *
 * Declares a client capability exactly as given, replacing what
 * [property@Mcp.Client:features] would declare under @name: the way to
 * declare capabilities mcp-glib does not model. Set it before connecting.
 *
 * Since: 1.0
 */
void
mcp_client_set_capability (McpClient  *self,
                           const char *name,
                           JsonObject *settings)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (self->state == MCP_CLIENT_STATE_DISCONNECTED);

  if (self->capability_overrides == NULL)
    self->capability_overrides = json_object_new ();

  if (settings != NULL)
    json_object_set_object_member (self->capability_overrides, name, json_object_ref (settings));
  else
    json_object_set_null_member (self->capability_overrides, name);
}

/**
 * mcp_client_set_extension:
 * @self: a client, not connected yet
 * @name: an extension's identifier, e.g. `io.modelcontextprotocol/ui`
 * @settings: (nullable): the extension's settings, or %NULL to not
 *   declare it
 *
 * Declares (or stops declaring) one extension in the client capabilities'
 * `extensions`, beside the extensions declared already, in the
 * `initialize` request and in the 2026-07-28 envelope alike. This is how
 * an extension object such as [class@Mcp.AppSession] declares itself
 * without replacing what another declared. Set it before connecting.
 *
 * Since: 1.0
 */
void
mcp_client_set_extension (McpClient  *self,
                          const char *name,
                          JsonObject *settings)
{
  JsonObject *extensions;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (self->state == MCP_CLIENT_STATE_DISCONNECTED);

  if (self->capability_overrides == NULL)
    self->capability_overrides = json_object_new ();

  /* A copy: the object given to set_capability() stays the caller's. */
  extensions = _mcp_json_object_get_object (self->capability_overrides, "extensions");
  extensions = extensions != NULL ? _mcp_json_object_copy_members (extensions)
                                  : json_object_new ();
  if (settings != NULL)
    json_object_set_object_member (extensions, name, json_object_ref (settings));
  else
    json_object_remove_member (extensions, name);

  if (json_object_get_size (extensions) > 0)
    json_object_set_object_member (self->capability_overrides, "extensions", extensions);
  else
    {
      json_object_remove_member (self->capability_overrides, "extensions");
      json_object_unref (extensions);
    }
}

/**
 * mcp_client_get_features:
 * @self: a client
 *
 * Gets [property@Mcp.Client:features].
 *
 * Returns: what the application handles
 *
 * Since: 1.0
 */
McpClientFeatures
mcp_client_get_features (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), MCP_CLIENT_FEATURES_NONE);

  return self->features;
}

/**
 * mcp_client_set_features:
 * @self: a client, not connected yet
 * @features: what the application handles
 *
 * Sets [property@Mcp.Client:features]. Set it before connecting.
 *
 * Since: 1.0
 */
void
mcp_client_set_features (McpClient         *self,
                         McpClientFeatures  features)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (self->state == MCP_CLIENT_STATE_DISCONNECTED);

  if (self->features == features)
    return;

  self->features = features;
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_FEATURES]);
}

/* Whether the client declared what @request needs; undeclared requests are
 * refused whatever handlers exist (PROTOCOL: use only what was negotiated). */
gboolean
_mcp_client_request_is_declared (McpClient        *self,
                                 McpServerRequest *request)
{
  const char *method = mcp_server_request_get_method (request);
  JsonObject *caps = self->declared_capabilities;

  if (g_str_equal (method, "roots/list"))
    return caps != NULL && json_object_has_member (caps, "roots");

  if (g_str_equal (method, "sampling/createMessage"))
    return caps != NULL && json_object_has_member (caps, "sampling");

  if (g_str_equal (method, "elicitation/create"))
    {
      JsonObject *elicitation = _mcp_json_object_get_object (caps, "elicitation");
      JsonNode *params = mcp_server_request_get_params (request);
      const char *mode = NULL;

      if (elicitation == NULL)
        return FALSE;
      if (params != NULL && JSON_NODE_HOLDS_OBJECT (params))
        mode = _mcp_json_object_get_string (json_node_get_object (params), "mode");

      if (g_strcmp0 (mode, "url") == 0)
        return json_object_has_member (elicitation, "url");
      /* An empty elicitation capability means form mode only. */
      return json_object_has_member (elicitation, "form") ||
             json_object_get_size (elicitation) == 0;
    }

  return TRUE;
}

/* What the server said of itself ------------------------------------------ */

/**
 * mcp_client_get_server_info:
 * @self: a client
 *
 * Gets the server's description, once connected.
 *
 * Returns: (transfer none) (nullable): the server's description, once
 *   connected
 *
 * Since: 1.0
 */
McpImplementation *
mcp_client_get_server_info (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_info;
}

/**
 * mcp_client_get_server_capabilities:
 * @self: a client
 *
 * Gets the server's capabilities, once connected.
 *
 * Returns: (transfer none) (nullable): the server's capabilities, once
 *   connected
 *
 * Since: 1.0
 */
JsonObject *
mcp_client_get_server_capabilities (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_capabilities;
}

/**
 * mcp_client_get_protocol_version:
 * @self: a client
 *
 * Gets the negotiated protocol revision, once connected.
 *
 * Returns: (nullable): the negotiated protocol revision, once connected
 *
 * Since: 1.0
 */
const char *
mcp_client_get_protocol_version (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->protocol_version;
}

/**
 * mcp_client_get_instructions:
 * @self: a client
 *
 * Gets the server's instructions.
 *
 * Returns: (nullable): the server's instructions
 *
 * Since: 1.0
 */
const char *
mcp_client_get_instructions (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->instructions;
}

/* Takes what the handshake learnt about the server, and tells. */
void
_mcp_client_set_server (McpClient         *self,
                        const char        *protocol_version,
                        gboolean           stateless,
                        JsonObject        *capabilities,
                        McpImplementation *server_info,
                        const char        *instructions)
{
  g_object_freeze_notify (G_OBJECT (self));

  if (self->stateless != stateless)
    {
      self->stateless = stateless;
      g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_STATELESS]);
    }

  if (_mcp_client_replace_string (&self->protocol_version, protocol_version))
    g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_PROTOCOL_VERSION]);

  g_clear_pointer (&self->server_capabilities, json_object_unref);
  self->server_capabilities = capabilities != NULL ? json_object_ref (capabilities)
                                                   : json_object_new ();
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_SERVER_CAPABILITIES]);

  g_set_object (&self->server_info, server_info);
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_SERVER_INFO]);

  if (_mcp_client_replace_string (&self->instructions, instructions))
    g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_INSTRUCTIONS]);

  g_object_thaw_notify (G_OBJECT (self));
}
