/* mcp-client-signals.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpClient's signals, and what the server sends unasked routed to them:
 * notifications (log messages, resource updates, changed lists, and every
 * notification as ::notification) and requests (::server-request, roots
 * answered by the client itself). Also which of these signals somebody
 * listens to, which decides the streams the client keeps open (see
 * mcp-client-subscriptions.c).
 */

#include "config.h"

#include "mcp-client-private.h"
#include "mcp-enums.h"
#include "mcp-json-private.h"
#include "mcp-server-request-private.h"

enum {
  NOTIFICATION,
  SERVER_REQUEST,
  CLOSED,
  LOG_MESSAGE,
  RESOURCE_UPDATED,
  LIST_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GQuark list_changed_quarks[MCP_N_LIVE_MODELS];

static GQuark
detail_for (const char *method)
{
  /* Only details somebody connected to exist as quarks: a server must not
   * be able to grow the quark table without bound. */
  return g_quark_try_string (method);
}

static void
emit_log_message (McpClient  *self,
                  JsonObject *params)
{
  McpLogLevel level = MCP_LOG_LEVEL_INFO;
  JsonNode *data = json_object_get_member (params, "data");

  /* An unknown level is still a message: keep it, as info. */
  mcp_log_level_from_string (_mcp_json_object_get_string (params, "level"), &level);

  g_signal_emit (self, signals[LOG_MESSAGE], 0,
                 level, _mcp_json_object_get_string (params, "logger"), data);
}

void
_mcp_client_on_rpc_notification (McpRpc     *rpc,
                     const char *method,
                     JsonNode   *params,
                     gpointer    user_data)
{
  McpClient *self = user_data;
  g_autoptr(McpClient) hold = g_object_ref (self);
  JsonObject *object = params != NULL && JSON_NODE_HOLDS_OBJECT (params)
                       ? json_node_get_object (params) : NULL;
  const char *uri;
  gboolean counts;

  g_signal_emit (self, signals[NOTIFICATION], detail_for (method), method, params);
  counts = _mcp_client_route_to_subscriptions (self, method, params);

  if (g_str_equal (method, "notifications/message"))
    {
      if (object != NULL)
        emit_log_message (self, object);
    }
  else if (g_str_equal (method, "notifications/resources/updated"))
    {
      if (counts && (uri = _mcp_json_object_get_string (object, "uri")))
        g_signal_emit (self, signals[RESOURCE_UPDATED], 0, uri);
    }
  else if (counts && g_str_has_prefix (method, "notifications/") &&
           g_str_has_suffix (method, "/list_changed"))
    {
      static const struct {
        const char *method;
        McpLiveKind which;
      } lists[] = {
        { "notifications/tools/list_changed", MCP_LIVE_TOOLS },
        { "notifications/resources/list_changed", MCP_LIVE_RESOURCES },
        { "notifications/prompts/list_changed", MCP_LIVE_PROMPTS },
      };

      for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
        {
          if (!g_str_equal (method, lists[i].method))
            continue;

          /* Templates have no notification of their own: they change with
           * the resources. */
          _mcp_client_forget_list (self, lists[i].which);
          if (lists[i].which == MCP_LIVE_RESOURCES)
            {
              _mcp_client_forget_list (self, MCP_LIVE_RESOURCE_TEMPLATES);
              _mcp_client_refresh_live_model (self, MCP_LIVE_RESOURCE_TEMPLATES);
            }
          _mcp_client_refresh_live_model (self, lists[i].which);
          g_signal_emit (self, signals[LIST_CHANGED], list_changed_quarks[lists[i].which],
                         g_quark_to_string (list_changed_quarks[lists[i].which]));
        }
    }
}

/* Whether _mcp_client_on_rpc_notification () would do anything with a notification of
 * @method, for the engine, which handles those nobody here needs without
 * making a tree of them. Progress goes to the calls, which the engine
 * tells itself; here, only to ::notification, since subscriptions only
 * take the progress tagged as theirs, with params._meta, which the engine
 * never handles without a tree. */
gboolean
_mcp_client_on_rpc_notification_wanted (McpRpc     *rpc,
                            const char *method,
                            gpointer    user_data)
{
  McpClient *self = user_data;
  GQuark detail;

  if (!g_str_equal (method, "notifications/progress"))
    return TRUE;

  /* Usually nothing at all is connected. Otherwise: the emission with
   * the method as detail reaches the handlers of that detail and those
   * without one; g_signal_has_handler_pending () looks for handlers of
   * exactly the detail it is given. */
  if (g_signal_handler_find (self, G_SIGNAL_MATCH_ID, signals[NOTIFICATION], 0,
                             NULL, NULL, NULL) == 0)
    return FALSE;
  detail = detail_for (method);
  return g_signal_has_handler_pending (self, signals[NOTIFICATION], 0, FALSE) ||
         (detail != 0 &&
          g_signal_has_handler_pending (self, signals[NOTIFICATION], detail, FALSE));
}

/* Hands a request of the server to whoever answers it: the client itself
 * for roots, else the application through ::server-request. It may come as
 * a JSON-RPC request, or inside a result that asks for input. Returns
 * whether it was taken. */
gboolean
_mcp_client_dispatch_server_request (McpClient        *self,
                                     McpServerRequest *request)
{
  gboolean handled = FALSE;

  if (!_mcp_client_request_is_declared (self, request))
    return FALSE;

  if (g_str_equal (mcp_server_request_get_method (request), "roots/list"))
    {
      _mcp_client_answer_roots (self, request);
      return TRUE;
    }

  if (g_str_equal (mcp_server_request_get_method (request), "elicitation/create") &&
      (self->features & MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS))
    _mcp_server_request_set_apply_defaults (request, TRUE);

  g_signal_emit (self, signals[SERVER_REQUEST],
                 detail_for (mcp_server_request_get_method (request)),
                 request, &handled);

  return handled;
}

gboolean
_mcp_client_on_rpc_request (McpRpc           *rpc,
                McpServerRequest *request,
                gpointer          user_data)
{
  return _mcp_client_dispatch_server_request (user_data, request);
}

/* Which handlers of the signals for what a server sends unasked are
 * connected, as McpListeners: looked at while the main loop runs, while
 * connected (see mcp-client-subscriptions.c), so it must stay cheap. */
guint
_mcp_client_get_listeners (McpClient *self)
{
  guint listeners = 0;

  if (g_signal_handler_find (self, G_SIGNAL_MATCH_ID, signals[LIST_CHANGED], 0,
                             NULL, NULL, NULL) != 0)
    listeners |= MCP_LISTENER_LIST_CHANGED;
  if (g_signal_handler_find (self, G_SIGNAL_MATCH_ID, signals[RESOURCE_UPDATED], 0,
                             NULL, NULL, NULL) != 0)
    listeners |= MCP_LISTENER_RESOURCE_UPDATED;
  if (g_signal_handler_find (self, G_SIGNAL_MATCH_ID, signals[NOTIFICATION], 0,
                             NULL, NULL, NULL) != 0)
    listeners |= MCP_LISTENER_NOTIFICATION;
  if (g_signal_handler_find (self, G_SIGNAL_MATCH_ID, signals[LOG_MESSAGE], 0,
                             NULL, NULL, NULL) != 0)
    listeners |= MCP_LISTENER_LOG_MESSAGE;

  return listeners;
}

void
_mcp_client_emit_closed (McpClient    *self,
                         const GError *error)
{
  g_signal_emit (self, signals[CLOSED], 0, error);
}

void
_mcp_client_class_install_signals (McpClientClass *klass)
{
  /**
   * McpClient::log-message:
   * @self: the client
   * @level: the message's severity
   * @logger: (nullable): the name of the logger, if the server gave one
   * @data: the message: a string or any JSON value
   *
   * Emitted for each log message from the server
   * (`notifications/message`). Choose the least severe level to receive
   * with [method@Mcp.Client.set_logging_level_async].
   *
   * Since: 1.0
   */
  signals[LOG_MESSAGE] =
    g_signal_new ("log-message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 3,
                  MCP_TYPE_LOG_LEVEL,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE);

  /**
   * McpClient::resource-updated:
   * @self: the client
   * @uri: the URI of the resource that changed
   *
   * Emitted when a resource the client subscribed to changed (see
   * [method@Mcp.Client.subscribe_resource_async]).
   *
   * Since: 1.0
   */
  signals[RESOURCE_UPDATED] =
    g_signal_new ("resource-updated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::list-changed:
   * @self: the client
   * @list: which list changed: `tools`, `resources` or `prompts`
   *
   * Emitted when the server says one of its lists changed. The signal is
   * detailed with the list's name, e.g. `list-changed::tools`. The live
   * models (such as [method@Mcp.Client.get_tools_model]) refresh
   * themselves; this signal is for everything else. A stateless server
   * sends a change on every subscription that covers it (see
   * [method@Mcp.Client.listen_async]); the signal is emitted once for it,
   * while [signal@Mcp.Client::notification] sees every copy.
   *
   * Since: 1.0
   */
  signals[LIST_CHANGED] =
    g_signal_new ("list-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  list_changed_quarks[MCP_LIVE_TOOLS] = g_quark_from_static_string ("tools");
  list_changed_quarks[MCP_LIVE_RESOURCES] = g_quark_from_static_string ("resources");
  list_changed_quarks[MCP_LIVE_RESOURCE_TEMPLATES] = g_quark_from_static_string ("resources");
  list_changed_quarks[MCP_LIVE_PROMPTS] = g_quark_from_static_string ("prompts");

  /**
   * McpClient::notification:
   * @self: the client
   * @method: the notification's method, e.g. `notifications/message`
   * @params: (nullable): its parameters
   *
   * Emitted for every notification from the server. The signal is
   * detailed with the method, so a handler can connect to one kind:
   *
   * <!-- doc-test
   * static McpClient *client;
   * static gpointer self;
   * void on_log_message (McpClient *client, const char *method, JsonNode *params,
   *                      gpointer user_data);
   * -->
   * ```c
   * g_signal_connect (client, "notification::notifications/message",
   *                   G_CALLBACK (on_log_message), self);
   * ```
   *
   * Since: 1.0
   */
  signals[NOTIFICATION] =
    g_signal_new ("notification",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 2,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE);

  /**
   * McpClient::server-request:
   * @self: the client
   * @request: the request
   *
   * Emitted when the server sends a request other than `ping` (which the
   * client answers itself). The signal is detailed with the method, e.g.
   * `server-request::roots/list`.
   *
   * A handler that takes the request returns %TRUE and answers it, now or
   * later, with [method@Mcp.ServerRequest.reply]. When no handler takes
   * it, the server gets a "method not found" error.
   *
   * Returns: %TRUE if the handler takes the request
   *
   * Since: 1.0
   */
  signals[SERVER_REQUEST] =
    g_signal_new ("server-request",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0,
                  g_signal_accumulator_true_handled, NULL,
                  NULL,
                  G_TYPE_BOOLEAN, 1, MCP_TYPE_SERVER_REQUEST);

  /**
   * McpClient::closed:
   * @self: the client
   * @error: (nullable): why the connection ended, or %NULL when it was
   *   closed with [method@Mcp.Client.close_async]
   *
   * Emitted once when the connection ends, whatever the reason. When the
   * server died, @error says how, with the last lines of its stderr.
   *
   * Since: 1.0
   */
  signals[CLOSED] =
    g_signal_new ("closed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);
}
