/* mcp-app-session.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The host's side of one MCP App view (the `io.modelcontextprotocol/ui`
 * extension, 2026-01-26): the JSON-RPC conversation with the view over
 * any McpTransport, its handshake, what the host sends it and when, and
 * the view's requests, proxied to the tool's server with the checks the
 * specification asks for, or handed to the application to decide.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-app-session-private.h"
#include "mcp-enums.h"
#include "mcp-json-private.h"
#include "mcp-server-request-private.h"

#define TEARDOWN_TIMEOUT_MS 5000

/**
 * McpAppSession:
 *
 * The host's side of one MCP App view: the JSON-RPC conversation between
 * the application and the HTML view of a tool, GTK-free.
 *
 * The view talks over any [class@Mcp.Transport]: a WebKit script message
 * handler in McpGtk's view, or a pair of streams in a test. The session
 * answers the view's `ui/initialize` (host information, capabilities and
 * [method@Mcp.AppSession.get_host_context]) and sends it nothing before
 * `ui/notifications/initialized`: the tool's input
 * ([method@Mcp.AppSession.set_tool_input], exactly once, after any
 * partial input), its result or its cancellation, and changes of the host
 * context are kept until then, and sent in that order.
 *
 * The view's `tools/call` and `resources/read` go to the tool's server
 * through [property@Mcp.AppSession:client]: a call to a tool of another
 * server, or to a tool whose `_meta.ui.visibility` leaves out `"app"`, is
 * refused. What the application must decide (`ui/open-link`, `ui/message`,
 * `ui/update-model-context`, `ui/download-file`,
 * `ui/request-display-mode`) comes as [signal@Mcp.AppSession::view-request]:
 * what no handler takes is denied.
 *
 * Declare the extension on the client before it connects, with
 * [func@Mcp.AppSession.declare_extension].
 *
 * Since: 1.0
 */


G_DEFINE_FINAL_TYPE (McpAppSession, mcp_app_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CLIENT,
  PROP_TOOL,
  PROP_RESOURCE,
  PROP_CHANNEL,
  PROP_STATE,
  PROP_DISPLAY_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
guint _mcp_app_session_signals[MCP_APP_SESSION_N_SIGNALS];

void
_mcp_app_session_set_state (McpAppSession      *self,
           McpAppSessionState  state)
{
  if (self->state == state)
    return;

  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
on_notified (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!_mcp_rpc_notify_finish (MCP_RPC (object), result, &error))
    g_debug ("A notification to an app view was not sent: %s", error->message);
}

static void
notify_view (McpAppSession *self,
             const char    *method,
             JsonObject    *params)
{
  g_assert (self->state == MCP_APP_SESSION_STATE_READY);

  _mcp_rpc_notify_async (self->rpc, method,
                         _mcp_json_node_new_object (_mcp_json_object_copy_members (params)),
                         NULL, on_notified, NULL);
}

static JsonObject *
arguments_params (JsonObject *arguments)
{
  JsonObject *params = json_object_new ();

  json_object_set_object_member (params, "arguments", json_object_ref (arguments));

  return params;
}

/* Sends the view what it is owed, in the order the specification asks
 * for: context changes, the latest partial input, the input, then the
 * result or the cancellation. Nothing before the view is initialized. */
void
_mcp_app_session_flush (McpAppSession *self)
{
  if (self->state != MCP_APP_SESSION_STATE_READY)
    return;

  if (self->unsent_context != NULL)
    {
      g_autoptr(JsonObject) changes = g_steal_pointer (&self->unsent_context);

      notify_view (self, "ui/notifications/host-context-changed", changes);
    }

  if (self->partial_input != NULL && !self->input_sent)
    {
      g_autoptr(JsonObject) params = arguments_params (self->partial_input);

      notify_view (self, "ui/notifications/tool-input-partial", params);
    }
  g_clear_pointer (&self->partial_input, json_object_unref);

  if (self->input != NULL && !self->input_sent)
    {
      g_autoptr(JsonObject) params = arguments_params (self->input);

      notify_view (self, "ui/notifications/tool-input", params);
      self->input_sent = TRUE;
    }

  if (self->result != NULL && self->input_sent && !self->result_sent && !self->cancel_sent)
    {
      notify_view (self, "ui/notifications/tool-result", self->result);
      self->result_sent = TRUE;
    }

  if (self->cancelled && !self->cancel_sent && !self->result_sent)
    {
      g_autoptr(JsonObject) params = json_object_new ();

      if (self->cancel_reason != NULL)
        json_object_set_string_member (params, "reason", self->cancel_reason);
      notify_view (self, "ui/notifications/tool-cancelled", params);
      self->cancel_sent = TRUE;
    }
}


static void
on_rpc_closed (McpRpc       *rpc,
               const GError *error,
               gpointer      user_data)
{
  McpAppSession *self = user_data;

  g_cancellable_cancel (self->cancellable);
  _mcp_app_session_set_state (self, MCP_APP_SESSION_STATE_CLOSED);
}

static void
mcp_app_session_constructed (GObject *object)
{
  McpAppSession *self = MCP_APP_SESSION (object);
  JsonObject *tool_info;
  JsonArray *modes;

  G_OBJECT_CLASS (mcp_app_session_parent_class)->constructed (object);

  g_assert (MCP_IS_CLIENT (self->client));
  g_assert (MCP_IS_TOOL (self->tool));
  g_assert (MCP_IS_APP_RESOURCE (self->resource));
  g_assert (MCP_IS_TRANSPORT (self->channel));

  self->rpc = _mcp_rpc_new (self->channel);
  _mcp_rpc_set_handlers (self->rpc, _mcp_app_session_on_notification,
                         _mcp_app_session_on_request, on_rpc_closed, self);
  /* No progress: the host's only request (the teardown) has no options. */
  _mcp_rpc_set_layer_funcs (self->rpc, NULL, _mcp_server_request_new,
                            _mcp_server_request_cancel);

  tool_info = json_object_new ();
  json_object_set_object_member (tool_info, "tool",
                                 json_object_ref (mcp_tool_get_json (self->tool)));
  json_object_set_object_member (self->host_context, "toolInfo", tool_info);
  json_object_set_string_member (self->host_context, "displayMode", self->display_mode);
  modes = json_array_new ();
  json_array_add_string_element (modes, "inline");
  json_object_set_array_member (self->host_context, "availableDisplayModes", modes);
  json_object_set_string_member (self->host_context, "platform", "desktop");
}

static void
mcp_app_session_dispose (GObject *object)
{
  McpAppSession *self = MCP_APP_SESSION (object);

  g_cancellable_cancel (self->cancellable);
  if (self->rpc != NULL)
    {
      _mcp_rpc_set_handlers (self->rpc, NULL, NULL, NULL, NULL);
      g_clear_object (&self->rpc);
    }
  g_clear_object (&self->channel);
  g_clear_object (&self->client);
  g_clear_object (&self->tool);
  g_clear_object (&self->resource);

  G_OBJECT_CLASS (mcp_app_session_parent_class)->dispose (object);
}

static void
mcp_app_session_finalize (GObject *object)
{
  McpAppSession *self = MCP_APP_SESSION (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->app_info, json_object_unref);
  g_clear_pointer (&self->app_capabilities, json_object_unref);
  g_clear_pointer (&self->host_context, json_object_unref);
  g_clear_pointer (&self->unsent_context, json_object_unref);
  g_clear_pointer (&self->display_mode, g_free);
  g_clear_pointer (&self->available_display_modes, g_strfreev);
  g_clear_pointer (&self->partial_input, json_object_unref);
  g_clear_pointer (&self->input, json_object_unref);
  g_clear_pointer (&self->result, json_object_unref);
  g_clear_pointer (&self->cancel_reason, g_free);

  G_OBJECT_CLASS (mcp_app_session_parent_class)->finalize (object);
}

static void
mcp_app_session_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  McpAppSession *self = MCP_APP_SESSION (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;
    case PROP_TOOL:
      g_value_set_object (value, self->tool);
      break;
    case PROP_RESOURCE:
      g_value_set_object (value, self->resource);
      break;
    case PROP_CHANNEL:
      g_value_set_object (value, self->channel);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_DISPLAY_MODE:
      g_value_set_string (value, self->display_mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_app_session_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  McpAppSession *self = MCP_APP_SESSION (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      self->client = g_value_dup_object (value);
      break;
    case PROP_TOOL:
      self->tool = g_value_dup_object (value);
      break;
    case PROP_RESOURCE:
      self->resource = g_value_dup_object (value);
      break;
    case PROP_CHANNEL:
      self->channel = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_app_session_class_init (McpAppSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = mcp_app_session_constructed;
  object_class->dispose = mcp_app_session_dispose;
  object_class->finalize = mcp_app_session_finalize;
  object_class->get_property = mcp_app_session_get_property;
  object_class->set_property = mcp_app_session_set_property;

  /**
   * McpAppSession:client:
   *
   * The client of the tool's server: the view's calls go to it, and only
   * to it.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL, MCP_TYPE_CLIENT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * McpAppSession:tool:
   *
   * The tool whose view this is.
   *
   * Since: 1.0
   */
  properties[PROP_TOOL] =
    g_param_spec_object ("tool", NULL, NULL, MCP_TYPE_TOOL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * McpAppSession:resource:
   *
   * The view's HTML and metadata.
   *
   * Since: 1.0
   */
  properties[PROP_RESOURCE] =
    g_param_spec_object ("resource", NULL, NULL, MCP_TYPE_APP_RESOURCE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * McpAppSession:channel:
   *
   * The transport that carries the view's JSON-RPC messages.
   *
   * Since: 1.0
   */
  properties[PROP_CHANNEL] =
    g_param_spec_object ("channel", NULL, NULL, MCP_TYPE_TRANSPORT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * McpAppSession:state:
   *
   * Where the session stands.
   *
   * Since: 1.0
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, MCP_TYPE_APP_SESSION_STATE,
                       MCP_APP_SESSION_STATE_NEW,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * McpAppSession:display-mode:
   *
   * How the view is displayed: `inline` (the default), `fullscreen` or
   * `pip`.
   *
   * Since: 1.0
   */
  properties[PROP_DISPLAY_MODE] =
    g_param_spec_string ("display-mode", NULL, NULL, "inline",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpAppSession::view-request:
   * @self: the session
   * @request: the view's request
   *
   * Emitted for each request of the view but `ui/initialize` and `ping`,
   * detailed with its method (e.g. `view-request::ui/open-link`), for the
   * application to decide: `ui/open-link` (open the `url` through the
   * desktop), `ui/message` (add it to the conversation),
   * `ui/update-model-context`, `ui/download-file` and
   * `ui/request-display-mode` (answer it with
   * [method@Mcp.AppSession.reply_display_mode]). A handler that takes the
   * request returns %TRUE and answers it, now or later.
   *
   * What no handler takes: `tools/call` and `resources/read` go to the
   * tool's server, after the checks (the tool is one of this server's
   * and the app may call it); a display mode request is answered with the
   * current mode; any other `ui/` request is denied; anything else gets
   * "method not found". Handlers see the proxied requests first, so that
   * they can log them, or take them to ask the user.
   *
   * Returns: %TRUE if the handler takes the request
   *
   * Since: 1.0
   */
  _mcp_app_session_signals[MCP_APP_SESSION_VIEW_REQUEST] =
    g_signal_new ("view-request",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0,
                  g_signal_accumulator_true_handled, NULL,
                  NULL,
                  G_TYPE_BOOLEAN, 1, MCP_TYPE_SERVER_REQUEST);

  /**
   * McpAppSession::size-changed:
   * @self: the session
   * @width: the view's width in pixels, or -1 when it did not say
   * @height: the view's height in pixels, or -1 when it did not say
   *
   * Emitted when the view reports the size of its content
   * (`ui/notifications/size-changed`).
   *
   * Since: 1.0
   */
  _mcp_app_session_signals[MCP_APP_SESSION_SIZE_CHANGED] =
    g_signal_new ("size-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  /**
   * McpAppSession::log-message:
   * @self: the session
   * @level: (nullable): the level, e.g. `info`
   * @logger: (nullable): the logger's name
   * @data: (nullable): what the view logged
   *
   * Emitted when the view logs a message (`notifications/message`).
   *
   * Since: 1.0
   */
  _mcp_app_session_signals[MCP_APP_SESSION_LOG_MESSAGE] =
    g_signal_new ("log-message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, JSON_TYPE_NODE);

  /**
   * McpAppSession::teardown-requested:
   * @self: the session
   *
   * Emitted when the view asks to be closed
   * (`ui/notifications/request-teardown`). The application decides, and
   * closes it with [method@Mcp.AppSession.teardown_async].
   *
   * Since: 1.0
   */
  _mcp_app_session_signals[MCP_APP_SESSION_TEARDOWN_REQUESTED] =
    g_signal_new ("teardown-requested",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
mcp_app_session_init (McpAppSession *self)
{
  self->cancellable = g_cancellable_new ();
  self->host_context = json_object_new ();
  self->display_mode = g_strdup ("inline");
  self->available_display_modes = g_strdupv ((char *[]) { (char *) "inline", NULL });
}

/**
 * mcp_app_session_declare_extension:
 * @client: a client, not connected yet
 *
 * Declares the MCP Apps extension in @client's capabilities
 * (`extensions["io.modelcontextprotocol/ui"]` with the MIME type
 * `text/html;profile=mcp-app`), so that servers offer their tools' views.
 *
 * Since: 1.0
 */
void
mcp_app_session_declare_extension (McpClient *client)
{
  g_autoptr(JsonObject) settings = json_object_new ();
  JsonArray *mime_types = json_array_new ();

  g_return_if_fail (MCP_IS_CLIENT (client));

  json_array_add_string_element (mime_types, MCP_APP_MIME_TYPE);
  json_object_set_array_member (settings, "mimeTypes", mime_types);
  mcp_client_set_extension (client, MCP_APP_EXTENSION, settings);
}

/**
 * mcp_app_session_new:
 * @client: the client of the tool's server
 * @tool: the tool whose view it is
 * @resource: the view, from [func@Mcp.AppResource.fetch_async]
 * @channel: the transport to the view, not opened yet
 *
 * Creates the host's side of a view. Start it with
 * [method@Mcp.AppSession.start_async] before loading the view.
 *
 * Returns: (transfer full): a new session
 *
 * Since: 1.0
 */
McpAppSession *
mcp_app_session_new (McpClient      *client,
                     McpTool        *tool,
                     McpAppResource *resource,
                     McpTransport   *channel)
{
  g_return_val_if_fail (MCP_IS_CLIENT (client), NULL);
  g_return_val_if_fail (MCP_IS_TOOL (tool), NULL);
  g_return_val_if_fail (MCP_IS_APP_RESOURCE (resource), NULL);
  g_return_val_if_fail (MCP_IS_TRANSPORT (channel), NULL);

  return g_object_new (MCP_TYPE_APP_SESSION,
                       "client", client,
                       "tool", tool,
                       "resource", resource,
                       "channel", channel,
                       NULL);
}

static void
on_opened (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpAppSession *self = g_task_get_source_object (task);
  GError *error = NULL;

  if (!mcp_transport_open_finish (MCP_TRANSPORT (object), result, &error))
    {
      _mcp_app_session_set_state (self, MCP_APP_SESSION_STATE_CLOSED);
      g_task_return_error (task, error);
      return;
    }

  if (self->state == MCP_APP_SESSION_STATE_NEW)
    _mcp_app_session_set_state (self, MCP_APP_SESSION_STATE_WAITING);
  g_task_return_boolean (task, TRUE);
}

/**
 * mcp_app_session_start_async:
 * @self: a new session
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the channel is open
 * @user_data: data for @callback
 *
 * Opens the channel to the view and waits for its `ui/initialize`.
 *
 * Since: 1.0
 */
void
mcp_app_session_start_async (McpAppSession       *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MCP_IS_APP_SESSION (self));
  g_return_if_fail (self->state == MCP_APP_SESSION_STATE_NEW);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_app_session_start_async);
  mcp_transport_open_async (self->channel, cancellable, on_opened, g_steal_pointer (&task));
}

/**
 * mcp_app_session_start_finish:
 * @self: a session
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.AppSession.start_async].
 *
 * Returns: %TRUE if the channel is open
 *
 * Since: 1.0
 */
gboolean
mcp_app_session_start_finish (McpAppSession  *self,
                              GAsyncResult   *result,
                              GError        **error)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * mcp_app_session_get_client:
 * @self: a session
 *
 * Gets [property@Mcp.AppSession:client].
 *
 * Returns: (transfer none): the client
 *
 * Since: 1.0
 */
McpClient *
mcp_app_session_get_client (McpAppSession *self)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), NULL);

  return self->client;
}

/**
 * mcp_app_session_get_tool:
 * @self: a session
 *
 * Gets [property@Mcp.AppSession:tool].
 *
 * Returns: (transfer none): the tool
 *
 * Since: 1.0
 */
McpTool *
mcp_app_session_get_tool (McpAppSession *self)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), NULL);

  return self->tool;
}

/**
 * mcp_app_session_get_resource:
 * @self: a session
 *
 * Gets [property@Mcp.AppSession:resource].
 *
 * Returns: (transfer none): the view
 *
 * Since: 1.0
 */
McpAppResource *
mcp_app_session_get_resource (McpAppSession *self)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), NULL);

  return self->resource;
}

/**
 * mcp_app_session_get_state:
 * @self: a session
 *
 * Gets [property@Mcp.AppSession:state].
 *
 * Returns: where the session stands
 *
 * Since: 1.0
 */
McpAppSessionState
mcp_app_session_get_state (McpAppSession *self)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), MCP_APP_SESSION_STATE_CLOSED);

  return self->state;
}

/**
 * mcp_app_session_get_app_info:
 * @self: a session
 *
 * Gets the view's `appInfo` from its `ui/initialize`.
 *
 * Returns: (transfer none) (nullable): the view's name and version, or
 *   %NULL before it initialized
 *
 * Since: 1.0
 */
JsonObject *
mcp_app_session_get_app_info (McpAppSession *self)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), NULL);

  return self->app_info;
}

/**
 * mcp_app_session_get_app_capabilities:
 * @self: a session
 *
 * Gets the view's `appCapabilities` from its `ui/initialize`.
 *
 * Returns: (transfer none) (nullable): the capabilities, or %NULL before
 *   the view initialized
 *
 * Since: 1.0
 */
JsonObject *
mcp_app_session_get_app_capabilities (McpAppSession *self)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), NULL);

  return self->app_capabilities;
}

/**
 * mcp_app_session_get_host_context:
 * @self: a session
 *
 * Gets the host context the view is told about: the tool (`toolInfo`),
 * `displayMode`, `availableDisplayModes`, `platform`, and what the
 * application set with [method@Mcp.AppSession.update_host_context]
 * (`theme`, `styles`, `locale`, `containerDimensions`, ...).
 *
 * Returns: (transfer none): the host context
 *
 * Since: 1.0
 */
JsonObject *
mcp_app_session_get_host_context (McpAppSession *self)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), NULL);

  return self->host_context;
}

/**
 * mcp_app_session_update_host_context:
 * @self: a session
 * @changes: the members of the host context that changed
 *
 * Changes the host context (theme, styles, locale, container dimensions,
 * ...). A view already initialized gets the changes in
 * `ui/notifications/host-context-changed`; one that is not yet gets them
 * in the answer to its `ui/initialize`, or right after it initialized.
 *
 * Since: 1.0
 */
void
mcp_app_session_update_host_context (McpAppSession *self,
                                     JsonObject    *changes)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  g_return_if_fail (MCP_IS_APP_SESSION (self));
  g_return_if_fail (changes != NULL);

  if (json_object_get_size (changes) == 0)
    return;

  json_object_iter_init (&iter, changes);
  while (json_object_iter_next (&iter, &name, &value))
    json_object_set_member (self->host_context, name, json_node_copy (value));

  if (self->state == MCP_APP_SESSION_STATE_INITIALIZING ||
      self->state == MCP_APP_SESSION_STATE_READY)
    {
      if (self->unsent_context == NULL)
        self->unsent_context = json_object_new ();
      json_object_iter_init (&iter, changes);
      while (json_object_iter_next (&iter, &name, &value))
        json_object_set_member (self->unsent_context, name, json_node_copy (value));
      _mcp_app_session_flush (self);
    }
}

/**
 * mcp_app_session_get_display_mode:
 * @self: a session
 *
 * Gets [property@Mcp.AppSession:display-mode].
 *
 * Returns: the display mode
 *
 * Since: 1.0
 */
const char *
mcp_app_session_get_display_mode (McpAppSession *self)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), NULL);

  return self->display_mode;
}

/**
 * mcp_app_session_set_available_display_modes:
 * @self: a session
 * @modes: (array zero-terminated=1): the display modes the host offers,
 *   among `inline`, `fullscreen` and `pip`
 *
 * Sets the display modes the host can show the view in
 * (`availableDisplayModes` of the host context). Only `inline` by
 * default.
 *
 * Since: 1.0
 */
void
mcp_app_session_set_available_display_modes (McpAppSession      *self,
                                             const char * const *modes)
{
  g_autoptr(JsonObject) changes = json_object_new ();
  JsonArray *array = json_array_new ();

  g_return_if_fail (MCP_IS_APP_SESSION (self));
  g_return_if_fail (modes != NULL);

  g_strfreev (self->available_display_modes);
  self->available_display_modes = g_strdupv ((char **) modes);
  for (guint i = 0; modes[i] != NULL; i++)
    json_array_add_string_element (array, modes[i]);
  json_object_set_array_member (changes, "availableDisplayModes", array);
  mcp_app_session_update_host_context (self, changes);
}

/**
 * mcp_app_session_reply_display_mode:
 * @self: a session
 * @request: the view's `ui/request-display-mode`
 * @mode: (nullable): the mode the application switched to, or %NULL when
 *   it declines
 *
 * Answers a view's request for a display mode with the mode it is in
 * afterwards. A mode the host does not offer, or that the view did not
 * declare in its `availableDisplayModes`, is not switched to. A change
 * of mode also reaches the view as a change of the host context.
 *
 * Since: 1.0
 */
void
mcp_app_session_reply_display_mode (McpAppSession    *self,
                                    McpServerRequest *request,
                                    const char       *mode)
{
  g_autoptr(JsonObject) answer = json_object_new ();
  g_autoptr(JsonNode) node = NULL;

  g_return_if_fail (MCP_IS_APP_SESSION (self));
  g_return_if_fail (MCP_IS_SERVER_REQUEST (request));

  if (mode != NULL && _mcp_app_session_display_mode_allowed (self, mode) &&
      g_strcmp0 (mode, self->display_mode) != 0)
    {
      g_autoptr(JsonObject) changes = json_object_new ();

      g_free (self->display_mode);
      self->display_mode = g_strdup (mode);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_MODE]);

      json_object_set_string_member (changes, "displayMode", mode);
      mcp_app_session_update_host_context (self, changes);
    }

  json_object_set_string_member (answer, "mode", self->display_mode);
  node = _mcp_json_node_new_object (g_steal_pointer (&answer));
  mcp_server_request_reply (request, node);
}

/**
 * mcp_app_session_set_tool_input_partial:
 * @self: a session
 * @arguments: the arguments known so far, while a model streams them
 *
 * Shows the view the tool's arguments as far as they are known
 * (`ui/notifications/tool-input-partial`). Only the latest reaches a view
 * that initializes later; none after [method@Mcp.AppSession.set_tool_input].
 *
 * Since: 1.0
 */
void
mcp_app_session_set_tool_input_partial (McpAppSession *self,
                                        JsonObject    *arguments)
{
  g_return_if_fail (MCP_IS_APP_SESSION (self));
  g_return_if_fail (arguments != NULL);

  if (self->input != NULL)
    return;

  g_clear_pointer (&self->partial_input, json_object_unref);
  self->partial_input = json_object_ref (arguments);
  _mcp_app_session_flush (self);
}

/**
 * mcp_app_session_set_tool_input:
 * @self: a session
 * @arguments: the tool's complete arguments
 *
 * Gives the view the tool's arguments (`ui/notifications/tool-input`),
 * once the view is initialized. Call it exactly once.
 *
 * Since: 1.0
 */
void
mcp_app_session_set_tool_input (McpAppSession *self,
                                JsonObject    *arguments)
{
  g_return_if_fail (MCP_IS_APP_SESSION (self));
  g_return_if_fail (arguments != NULL);
  g_return_if_fail (self->input == NULL);

  self->input = json_object_ref (arguments);
  _mcp_app_session_flush (self);
}

/**
 * mcp_app_session_set_tool_result:
 * @self: a session with the tool's input
 * @result: the tool's result
 *
 * Gives the view the tool's result (`ui/notifications/tool-result`),
 * after its input. Call it at most once, after
 * [method@Mcp.AppSession.set_tool_input].
 *
 * Since: 1.0
 */
void
mcp_app_session_set_tool_result (McpAppSession *self,
                                 McpToolResult *result)
{
  g_return_if_fail (MCP_IS_APP_SESSION (self));
  g_return_if_fail (MCP_IS_TOOL_RESULT (result));
  g_return_if_fail (self->input != NULL);
  g_return_if_fail (self->result == NULL);

  self->result = json_object_ref (mcp_tool_result_get_json (result));
  _mcp_app_session_flush (self);
}

/**
 * mcp_app_session_cancel_tool:
 * @self: a session
 * @reason: (nullable): why, e.g. `user action`
 *
 * Tells the view that the tool's call was cancelled
 * (`ui/notifications/tool-cancelled`). Nothing is sent after a result.
 *
 * Since: 1.0
 */
void
mcp_app_session_cancel_tool (McpAppSession *self,
                             const char    *reason)
{
  g_return_if_fail (MCP_IS_APP_SESSION (self));

  if (self->cancelled || self->result != NULL)
    return;

  self->cancelled = TRUE;
  self->cancel_reason = g_strdup (reason);
  _mcp_app_session_flush (self);
}

static void
on_channel_closed (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpAppSession *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!mcp_transport_close_finish (MCP_TRANSPORT (object), result, &error))
    g_debug ("The channel to an app view did not close cleanly: %s", error->message);

  g_cancellable_cancel (self->cancellable);
  _mcp_app_session_set_state (self, MCP_APP_SESSION_STATE_CLOSED);
  g_task_return_boolean (task, TRUE);
}

static void
close_channel (GTask *task)
{
  McpAppSession *self = g_task_get_source_object (task);

  mcp_transport_close_async (self->channel, NULL, on_channel_closed, g_object_ref (task));
}

static void
on_teardown_answered (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  /* A view that fails or does not answer is torn down all the same. */
  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    g_debug ("An app view did not confirm its teardown: %s", error->message);

  close_channel (task);
}

/**
 * mcp_app_session_teardown_async:
 * @self: a session
 * @reason: (nullable): why, e.g. `closed by the user`
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the view is gone
 * @user_data: data for @callback
 *
 * Tears the view down: an initialized view gets `ui/resource-teardown`
 * and a few seconds to answer it (to save its state); then the channel
 * closes. Cancelling stops the wait, not the teardown.
 *
 * Since: 1.0
 */
void
mcp_app_session_teardown_async (McpAppSession       *self,
                                const char          *reason,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  JsonObject *params;

  g_return_if_fail (MCP_IS_APP_SESSION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, mcp_app_session_teardown_async);

  if (self->state == MCP_APP_SESSION_STATE_CLOSED)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (self->state != MCP_APP_SESSION_STATE_READY)
    {
      close_channel (task);
      return;
    }

  params = json_object_new ();
  if (reason != NULL)
    json_object_set_string_member (params, "reason", reason);
  _mcp_rpc_call_async (self->rpc, "ui/resource-teardown", _mcp_json_node_new_object (params),
                       MCP_RPC_CALL_NO_PROGRESS, TEARDOWN_TIMEOUT_MS, NULL, cancellable,
                       on_teardown_answered, g_steal_pointer (&task));
}

/**
 * mcp_app_session_teardown_finish:
 * @self: a session
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.AppSession.teardown_async].
 *
 * Returns: %TRUE once the view is gone
 *
 * Since: 1.0
 */
gboolean
mcp_app_session_teardown_finish (McpAppSession  *self,
                                 GAsyncResult   *result,
                                 GError        **error)
{
  g_return_val_if_fail (MCP_IS_APP_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
