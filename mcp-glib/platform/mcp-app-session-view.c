/* mcp-app-session-view.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What an MCP App view sends its host: the handshake, the requests the
 * session proxies to the tool's server (after checking that the tool is
 * that server's and that the app may call it), those the application
 * decides, and the view's notifications.
 */

#include "config.h"

#include "mcp-app-session-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"

#define APP_PROTOCOL_VERSION "2026-01-26"
/* An implementation-defined JSON-RPC error: what the specification uses
 * for a request the host denies. */
#define DENIED_ERROR (-32000)

static gboolean
strv_has (const char * const *strv,
          const char         *value)
{
  return strv != NULL && value != NULL && g_strv_contains (strv, value);
}

static gboolean
array_has_string (JsonArray  *array,
                  const char *value)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
          g_strcmp0 (json_node_get_string (node), value) == 0)
        return TRUE;
    }

  return FALSE;
}

/* Whether the host may switch the view to @mode: the host offers it, and
 * the view declared it (or declared no list). */
gboolean
_mcp_app_session_display_mode_allowed (McpAppSession *self,
                      const char    *mode)
{
  JsonArray *declared;

  if (!strv_has ((const char * const *) self->available_display_modes, mode))
    return FALSE;

  declared = _mcp_json_object_get_array (self->app_capabilities, "availableDisplayModes");

  return declared == NULL || array_has_string (declared, mode);
}

static JsonObject *
build_host_capabilities (McpAppSession *self)
{
  JsonObject *capabilities = json_object_new ();
  JsonObject *modalities;
  JsonObject *sandbox;
  JsonObject *csp = mcp_app_resource_get_csp (self->resource);

  json_object_set_object_member (capabilities, "openLinks", json_object_new ());
  json_object_set_object_member (capabilities, "downloadFile", json_object_new ());
  json_object_set_object_member (capabilities, "serverTools", json_object_new ());
  json_object_set_object_member (capabilities, "serverResources", json_object_new ());
  json_object_set_object_member (capabilities, "logging", json_object_new ());

  modalities = json_object_new ();
  json_object_set_object_member (modalities, "text", json_object_new ());
  json_object_set_object_member (modalities, "structuredContent", json_object_new ());
  json_object_set_object_member (capabilities, "updateModelContext", modalities);

  modalities = json_object_new ();
  json_object_set_object_member (modalities, "text", json_object_new ());
  json_object_set_object_member (capabilities, "message", modalities);

  sandbox = json_object_new ();
  if (csp != NULL)
    json_object_set_object_member (sandbox, "csp", _mcp_json_object_copy_members (csp));
  json_object_set_object_member (capabilities, "sandbox", sandbox);

  return capabilities;
}

static void
answer_initialize (McpAppSession    *self,
                   McpServerRequest *request)
{
  JsonNode *params = mcp_server_request_get_params (request);
  JsonObject *object = params != NULL && JSON_NODE_HOLDS_OBJECT (params)
                       ? json_node_get_object (params) : NULL;
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *host_info;
  JsonObject *app_info;
  JsonObject *app_capabilities;

  if (self->state != MCP_APP_SESSION_STATE_WAITING)
    {
      mcp_server_request_reply_error (request, MCP_ERROR_INVALID_REQUEST,
                                      "The view is initialized already");
      return;
    }

  app_info = _mcp_json_object_get_object (object, "appInfo");
  app_capabilities = _mcp_json_object_get_object (object, "appCapabilities");
  if (object == NULL || _mcp_json_object_get_string (object, "protocolVersion") == NULL)
    {
      mcp_server_request_reply_error (request, MCP_ERROR_INVALID_PARAMS,
                                      "ui/initialize needs a protocolVersion");
      return;
    }

  self->app_info = app_info != NULL ? json_object_ref (app_info) : json_object_new ();
  self->app_capabilities = app_capabilities != NULL ? json_object_ref (app_capabilities)
                                                    : json_object_new ();

  answer = json_object_new ();
  json_object_set_string_member (answer, "protocolVersion", APP_PROTOCOL_VERSION);
  host_info = json_object_new ();
  json_object_set_string_member (host_info, "name", mcp_client_get_client_name (self->client));
  json_object_set_string_member (host_info, "version",
                                 mcp_client_get_client_version (self->client));
  json_object_set_object_member (answer, "hostInfo", host_info);
  json_object_set_object_member (answer, "hostCapabilities", build_host_capabilities (self));
  json_object_set_object_member (answer, "hostContext",
                                 _mcp_json_object_copy_members (self->host_context));

  /* The answer holds the whole context: what changed before it is in it. */
  g_clear_pointer (&self->unsent_context, json_object_unref);

  _mcp_app_session_set_state (self, MCP_APP_SESSION_STATE_INITIALIZING);
  node = _mcp_json_node_new_object (g_steal_pointer (&answer));
  mcp_server_request_reply (request, node);
}

static void
reply_with_answer (McpServerRequest *request,
                   JsonNode         *answer,
                   GError           *error)
{
  if (mcp_server_request_is_answered (request))
    return;

  if (answer != NULL)
    mcp_server_request_reply (request, answer);
  else if (error->domain == MCP_ERROR)
    mcp_server_request_reply_error (request, error->code, error->message);
  else
    mcp_server_request_reply_error (request, MCP_ERROR_INTERNAL_ERROR, error->message);
}

static void
on_proxied (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(McpServerRequest) request = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) answer = NULL;

  answer = mcp_client_request_finish (MCP_CLIENT (object), result, &error);
  reply_with_answer (request, answer, error);
}

static void
proxy (McpAppSession    *self,
       McpServerRequest *request)
{
  g_debug ("An app view's %s goes to the server", mcp_server_request_get_method (request));
  mcp_client_request_async (self->client, mcp_server_request_get_method (request),
                            mcp_server_request_get_params (request), NULL,
                            mcp_server_request_get_cancellable (request), on_proxied,
                            g_object_ref (request));
}

static McpTool *
find_tool (GListModel *tools,
           const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (g_strcmp0 (mcp_tool_get_name (tool), name) == 0)
        return g_steal_pointer (&tool);
    }

  return NULL;
}

/* Calls the tool when its server lists it, and lets the view call it. */
static void
check_and_call (McpAppSession    *self,
                McpServerRequest *request,
                McpTool          *tool)
{
  JsonObject *params = json_node_get_object (mcp_server_request_get_params (request));
  const char *name = _mcp_json_object_get_string (params, "name");
  g_autofree char *message = NULL;

  if (tool == NULL)
    {
      message = g_strdup_printf ("The tool “%s” is not a tool of this app’s server", name);
      mcp_server_request_reply_error (request, MCP_ERROR_INVALID_PARAMS, message);
      return;
    }

  if ((mcp_tool_get_visibility (tool) & MCP_TOOL_VISIBILITY_APP) == 0)
    {
      message = g_strdup_printf ("The tool “%s” may not be called from an app", name);
      mcp_server_request_reply_error (request, DENIED_ERROR, message);
      return;
    }

  proxy (self, request);
}

typedef struct
{
  McpAppSession    *self;
  McpServerRequest *request;
} ToolLookup;

static void
on_tools_listed (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  ToolLookup *lookup = user_data;
  g_autoptr(McpAppSession) self = lookup->self;
  g_autoptr(McpServerRequest) request = lookup->request;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpTool) tool = NULL;
  JsonObject *params;

  g_free (lookup);

  tools = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);
  if (tools == NULL)
    {
      reply_with_answer (request, NULL, error);
      return;
    }

  if (mcp_server_request_is_answered (request))
    return;

  params = json_node_get_object (mcp_server_request_get_params (request));
  tool = find_tool (tools, _mcp_json_object_get_string (params, "name"));
  check_and_call (self, request, tool);
}

static void
call_tool (McpAppSession    *self,
           McpServerRequest *request)
{
  JsonNode *params = mcp_server_request_get_params (request);
  g_autoptr(McpTool) tool = NULL;
  const char *name = NULL;
  ToolLookup *lookup;

  if (params != NULL && JSON_NODE_HOLDS_OBJECT (params))
    name = _mcp_json_object_get_string (json_node_get_object (params), "name");
  if (name == NULL)
    {
      mcp_server_request_reply_error (request, MCP_ERROR_INVALID_PARAMS,
                                      "tools/call needs the tool’s name");
      return;
    }

  /* Only this client's server is asked: a view reaches no other server. */
  tool = find_tool (mcp_client_get_tools_model (self->client), name);
  if (tool != NULL)
    {
      check_and_call (self, request, tool);
      return;
    }

  /* The live list may not be filled yet, or behind the server's. */
  lookup = g_new0 (ToolLookup, 1);
  lookup->self = g_object_ref (self);
  lookup->request = g_object_ref (request);
  mcp_client_list_tools_async (self->client, mcp_server_request_get_cancellable (request),
                               on_tools_listed, lookup);
}

static void
deny (McpServerRequest *request)
{
  g_autofree char *message = g_strdup_printf ("The host denied %s",
                                              mcp_server_request_get_method (request));

  mcp_server_request_reply_error (request, DENIED_ERROR, message);
}

static gboolean
emit_view_request (McpAppSession    *self,
                   McpServerRequest *request)
{
  gboolean handled = FALSE;

  g_signal_emit (self, _mcp_app_session_signals[MCP_APP_SESSION_VIEW_REQUEST],
                 g_quark_from_string (mcp_server_request_get_method (request)),
                 request, &handled);

  return handled;
}

gboolean
_mcp_app_session_on_request (McpRpc           *rpc,
                McpServerRequest *request,
                gpointer          user_data)
{
  McpAppSession *self = user_data;
  const char *method = mcp_server_request_get_method (request);
  JsonNode *params = mcp_server_request_get_params (request);
  JsonObject *object = params != NULL && JSON_NODE_HOLDS_OBJECT (params)
                       ? json_node_get_object (params) : NULL;

  if (g_str_equal (method, "ui/initialize"))
    {
      answer_initialize (self, request);
      return TRUE;
    }

  if (self->state == MCP_APP_SESSION_STATE_WAITING)
    {
      mcp_server_request_reply_error (request, MCP_ERROR_INVALID_REQUEST,
                                      "The view must send ui/initialize first");
      return TRUE;
    }

  if (g_str_equal (method, "ui/request-display-mode"))
    {
      const char *mode = _mcp_json_object_get_string (object, "mode");

      if (mode == NULL)
        mcp_server_request_reply_error (request, MCP_ERROR_INVALID_PARAMS,
                                        "ui/request-display-mode needs a mode");
      else if (!_mcp_app_session_display_mode_allowed (self, mode) || !emit_view_request (self, request))
        mcp_app_session_reply_display_mode (self, request, NULL);
      return TRUE;
    }

  if (g_str_equal (method, "ui/open-link") && _mcp_json_object_get_string (object, "url") == NULL)
    {
      mcp_server_request_reply_error (request, MCP_ERROR_INVALID_PARAMS,
                                      "ui/open-link needs a url");
      return TRUE;
    }

  if (emit_view_request (self, request))
    return TRUE;

  if (g_str_equal (method, "tools/call"))
    call_tool (self, request);
  else if (g_str_equal (method, "resources/read"))
    proxy (self, request);
  else if (g_str_has_prefix (method, "ui/"))
    deny (request);
  else
    return FALSE;

  return TRUE;
}

void
_mcp_app_session_on_notification (McpRpc     *rpc,
                     const char *method,
                     JsonNode   *params,
                     gpointer    user_data)
{
  McpAppSession *self = user_data;
  JsonObject *object = params != NULL && JSON_NODE_HOLDS_OBJECT (params)
                       ? json_node_get_object (params) : NULL;

  if (g_str_equal (method, "ui/notifications/initialized"))
    {
      if (self->state != MCP_APP_SESSION_STATE_INITIALIZING)
        return;

      _mcp_app_session_set_state (self, MCP_APP_SESSION_STATE_READY);
      _mcp_app_session_flush (self);
    }
  else if (g_str_equal (method, "ui/notifications/size-changed") && object != NULL)
    {
      JsonNode *width = json_object_get_member (object, "width");
      JsonNode *height = json_object_get_member (object, "height");
      double w = -1, h = -1;

      if (width != NULL && JSON_NODE_HOLDS_VALUE (width) &&
          json_node_get_value_type (width) != G_TYPE_STRING)
        w = json_node_get_double (width);
      if (height != NULL && JSON_NODE_HOLDS_VALUE (height) &&
          json_node_get_value_type (height) != G_TYPE_STRING)
        h = json_node_get_double (height);

      g_signal_emit (self, _mcp_app_session_signals[MCP_APP_SESSION_SIZE_CHANGED], 0,
                     w >= 0 && w <= G_MAXINT ? (int) w : -1,
                     h >= 0 && h <= G_MAXINT ? (int) h : -1);
    }
  else if (g_str_equal (method, "notifications/message") && object != NULL)
    {
      g_signal_emit (self, _mcp_app_session_signals[MCP_APP_SESSION_LOG_MESSAGE], 0,
                     _mcp_json_object_get_string (object, "level"),
                     _mcp_json_object_get_string (object, "logger"),
                     json_object_get_member (object, "data"));
    }
  else if (g_str_equal (method, "ui/notifications/request-teardown"))
    {
      g_signal_emit (self, _mcp_app_session_signals[MCP_APP_SESSION_TEARDOWN_REQUESTED], 0);
    }
  else
    {
      g_debug ("Ignored the app view's notification %s", method);
    }
}
