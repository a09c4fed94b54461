/* mcp-client.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpClient is the protocol layer: the initialize handshake and version
 * negotiation, typed requests and their results, and turning the server's
 * notifications and requests into signals. It builds no JSON-RPC envelope
 * itself; every message goes through the engine (McpRpc).
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-client.h"
#include "mcp-enums.h"
#include "mcp-json-private.h"
#include "mcp-prompt.h"
#include "mcp-resource-contents.h"
#include "mcp-resource-template.h"
#include "mcp-resource.h"
#include "mcp-rpc-private.h"
#include "mcp-server-request-private.h"
#include "mcp-source-private.h"
#include "mcp-tool.h"

/**
 * McpClient:
 *
 * A connection to an MCP server.
 *
 * Create a client for a transport, connect, then make requests:
 *
 * ```c
 * static void
 * on_called (GObject *object, GAsyncResult *result, gpointer user_data)
 * {
 *   g_autoptr(GError) error = NULL;
 *   g_autoptr(McpToolResult) answer =
 *     mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);
 *   g_autofree char *text = NULL;
 *
 *   if (answer == NULL)
 *     g_printerr ("%s\n", error->message);
 *   else
 *     g_print ("%s\n", (text = mcp_tool_result_dup_text (answer)));
 * }
 *
 * static void
 * on_connected (GObject *object, GAsyncResult *result, gpointer user_data)
 * {
 *   McpClient *client = MCP_CLIENT (object);
 *   g_autoptr(GError) error = NULL;
 *   g_autoptr(JsonObject) arguments = json_object_new ();
 *
 *   if (!mcp_client_connect_finish (client, result, &error))
 *     return g_printerr ("%s\n", error->message);
 *
 *   json_object_set_string_member (arguments, "text", "Hello");
 *   mcp_client_call_tool_async (client, "echo", arguments, NULL, on_called, NULL);
 * }
 *
 * const char *argv[] = { "mcp-demo-server", NULL };
 * g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
 * g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
 *
 * mcp_client_connect_async (client, NULL, on_connected, NULL);
 * ```
 *
 * Every request is an `_async`/`_finish` pair that completes exactly once:
 * with the answer, with the server's error (in the %MCP_ERROR domain, code
 * as sent), or with a %G_IO_ERROR when the call timed out, was cancelled, or
 * the connection ended. Cancelling a call ends it at once with
 * %G_IO_ERROR_CANCELLED and tells the server with `notifications/cancelled`;
 * a late answer is dropped.
 *
 * Timeouts: each request waits at most [property@Mcp.Client:request-timeout]
 * for its answer, restarted whenever the server reports progress for it,
 * and never longer than [property@Mcp.Client:max-request-timeout] in all.
 * [class@Mcp.RequestOptions] overrides both for one call. The handshake is
 * bounded by [property@Mcp.Client:connect-timeout].
 *
 * Everything happens on the thread-default main context of the thread that
 * created the client; callbacks and signals are delivered there.
 *
 * Since: 1.0
 */

typedef enum {
  LIVE_TOOLS,
  LIVE_RESOURCES,
  LIVE_RESOURCE_TEMPLATES,
  LIVE_PROMPTS,
  N_LIVE_MODELS
} LiveKind;

/* A list the client keeps up to date by itself: refreshed when the server
 * says it changed, and updated with minimal items-changed emissions. */
typedef struct
{
  GListStore   *store;
  GCancellable *cancellable;
  guint         refreshing : 1;
  guint         dirty : 1;
} LiveModel;

struct _McpClient
{
  GObject            parent_instance;

  McpTransport      *transport;
  McpRpc            *rpc;
  McpClientState     state;

  char              *client_name;
  char              *client_version;
  guint              request_timeout;
  guint              max_request_timeout;
  guint              connect_timeout;

  McpImplementation *server_info;
  JsonObject        *server_capabilities;
  char              *protocol_version;
  char              *instructions;

  McpClientFeatures  features;
  JsonObject        *capability_overrides;
  JsonObject        *declared_capabilities;
  GListStore        *roots;
  GSource           *roots_changed_source;
  GHashTable        *tools_by_name;
  /* Tool calls running as tasks: between two polls, no request of theirs
   * is pending, so the end of the connection must fail them itself. */
  GPtrArray         *task_tool_calls;
  LiveModel          live[N_LIVE_MODELS];

  gboolean           closed_emitted;
};

G_DEFINE_FINAL_TYPE (McpClient, mcp_client, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TRANSPORT,
  PROP_STATE,
  PROP_CLIENT_NAME,
  PROP_CLIENT_VERSION,
  PROP_REQUEST_TIMEOUT,
  PROP_MAX_REQUEST_TIMEOUT,
  PROP_CONNECT_TIMEOUT,
  PROP_SERVER_INFO,
  PROP_SERVER_CAPABILITIES,
  PROP_PROTOCOL_VERSION,
  PROP_INSTRUCTIONS,
  PROP_FEATURES,
  N_PROPS
};

enum {
  NOTIFICATION,
  SERVER_REQUEST,
  CLOSED,
  LOG_MESSAGE,
  RESOURCE_UPDATED,
  LIST_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static GQuark list_changed_quarks[N_LIVE_MODELS];

static gboolean request_is_declared (McpClient        *self,
                                     McpServerRequest *request);
static void     answer_roots        (McpClient        *self,
                                     McpServerRequest *request);
static void     refresh_live_model  (McpClient        *self,
                                     LiveKind          which);
static JsonNode *params_with_string (const char       *member,
                                     const char       *value);
static gpointer  parse_task         (McpClient        *self,
                                     JsonNode         *result,
                                     GError          **error);

/* Newest first: the first is offered, all are accepted. */
static const char * const supported_versions[] = {
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  NULL
};

static void
set_state (McpClient      *self,
           McpClientState  state)
{
  if (self->state == state)
    return;

  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
close_transport_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_transport_close_finish (MCP_TRANSPORT (object), result, &error))
    g_debug ("Closing the transport failed: %s", error->message);

  if (task != NULL)
    g_task_return_boolean (task, TRUE);
}

/* Ends the connection for good: pending calls fail with @error, then the
 * transport closes (which stops the server). */
static void
shut_down (McpClient    *self,
           const GError *error,
           GTask        *task)
{
  g_autoptr(McpClient) hold = g_object_ref (self);

  set_state (self, MCP_CLIENT_STATE_CLOSED);
  for (guint i = 0; i < N_LIVE_MODELS; i++)
    g_cancellable_cancel (self->live[i].cancellable);
  _mcp_rpc_fail_all (self->rpc, error);
  mcp_transport_close_async (self->transport, NULL, close_transport_cb,
                             task != NULL ? g_object_ref (task) : NULL);
}

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

static void
on_rpc_notification (McpRpc     *rpc,
                     const char *method,
                     JsonNode   *params,
                     gpointer    user_data)
{
  McpClient *self = user_data;
  g_autoptr(McpClient) hold = g_object_ref (self);
  JsonObject *object = params != NULL && JSON_NODE_HOLDS_OBJECT (params)
                       ? json_node_get_object (params) : NULL;
  const char *uri;

  g_signal_emit (self, signals[NOTIFICATION], detail_for (method), method, params);

  if (g_str_equal (method, "notifications/message"))
    {
      if (object != NULL)
        emit_log_message (self, object);
    }
  else if (g_str_equal (method, "notifications/resources/updated"))
    {
      if ((uri = _mcp_json_object_get_string (object, "uri")))
        g_signal_emit (self, signals[RESOURCE_UPDATED], 0, uri);
    }
  else if (g_str_has_prefix (method, "notifications/") && g_str_has_suffix (method, "/list_changed"))
    {
      static const struct {
        const char *method;
        LiveKind    which;
      } lists[] = {
        { "notifications/tools/list_changed", LIVE_TOOLS },
        { "notifications/resources/list_changed", LIVE_RESOURCES },
        { "notifications/prompts/list_changed", LIVE_PROMPTS },
      };

      for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
        {
          if (!g_str_equal (method, lists[i].method))
            continue;

          /* Templates have no notification of their own: they change with
           * the resources. */
          if (lists[i].which == LIVE_RESOURCES)
            refresh_live_model (self, LIVE_RESOURCE_TEMPLATES);
          refresh_live_model (self, lists[i].which);
          g_signal_emit (self, signals[LIST_CHANGED], list_changed_quarks[lists[i].which],
                         g_quark_to_string (list_changed_quarks[lists[i].which]));
        }
    }
}

static gboolean
on_rpc_request (McpRpc           *rpc,
                McpServerRequest *request,
                gpointer          user_data)
{
  McpClient *self = user_data;
  gboolean handled = FALSE;

  if (!request_is_declared (self, request))
    return FALSE;

  if (g_str_equal (mcp_server_request_get_method (request), "roots/list"))
    {
      answer_roots (self, request);
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

static void tool_call_return (GTask         *task,
                              McpToolResult *result,
                              GError        *error);

static void
on_rpc_closed (McpRpc       *rpc,
               const GError *error,
               gpointer      user_data)
{
  McpClient *self = user_data;
  g_autoptr(McpClient) hold = g_object_ref (self);

  set_state (self, MCP_CLIENT_STATE_CLOSED);

  while (self->task_tool_calls->len > 0)
    tool_call_return (self->task_tool_calls->pdata[0], NULL,
                      error != NULL ? g_error_copy (error)
                                    : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                                           _("The connection is closed")));

  if (!self->closed_emitted)
    {
      self->closed_emitted = TRUE;
      g_signal_emit (self, signals[CLOSED], 0, error);
    }
}

static void
mcp_client_constructed (GObject *object)
{
  McpClient *self = (McpClient *)object;

  G_OBJECT_CLASS (mcp_client_parent_class)->constructed (object);

  g_assert (MCP_IS_TRANSPORT (self->transport));

  self->rpc = _mcp_rpc_new (self->transport);
  _mcp_rpc_set_handlers (self->rpc, on_rpc_notification, on_rpc_request, on_rpc_closed, self);
  _mcp_rpc_set_timeouts (self->rpc, self->request_timeout, self->max_request_timeout);
}

static void
mcp_client_dispose (GObject *object)
{
  McpClient *self = (McpClient *)object;

  if (self->rpc != NULL)
    {
      _mcp_rpc_set_handlers (self->rpc, NULL, NULL, NULL, NULL);
      g_object_run_dispose (G_OBJECT (self->rpc));
    }
  g_clear_object (&self->rpc);
  /* Dropping the transport without closing it stops the server at once. */
  g_clear_object (&self->transport);
  g_clear_object (&self->server_info);
  _mcp_source_clear (&self->roots_changed_source);
  for (guint i = 0; i < N_LIVE_MODELS; i++)
    {
      g_cancellable_cancel (self->live[i].cancellable);
      g_clear_object (&self->live[i].cancellable);
      g_clear_object (&self->live[i].store);
    }

  G_OBJECT_CLASS (mcp_client_parent_class)->dispose (object);
}

static void
mcp_client_finalize (GObject *object)
{
  McpClient *self = (McpClient *)object;

  g_clear_pointer (&self->client_name, g_free);
  g_clear_pointer (&self->client_version, g_free);
  g_clear_pointer (&self->server_capabilities, json_object_unref);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->instructions, g_free);
  g_clear_pointer (&self->capability_overrides, json_object_unref);
  g_clear_pointer (&self->declared_capabilities, json_object_unref);
  g_clear_pointer (&self->tools_by_name, g_hash_table_unref);
  g_clear_pointer (&self->task_tool_calls, g_ptr_array_unref);
  g_clear_object (&self->roots);

  G_OBJECT_CLASS (mcp_client_parent_class)->finalize (object);
}

static void
mcp_client_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  McpClient *self = MCP_CLIENT (object);

  switch (prop_id)
    {
    case PROP_TRANSPORT:
      g_value_set_object (value, self->transport);
      break;

    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case PROP_CLIENT_NAME:
      g_value_set_string (value, self->client_name);
      break;

    case PROP_CLIENT_VERSION:
      g_value_set_string (value, self->client_version);
      break;

    case PROP_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->request_timeout);
      break;

    case PROP_MAX_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->max_request_timeout);
      break;

    case PROP_CONNECT_TIMEOUT:
      g_value_set_uint (value, self->connect_timeout);
      break;

    case PROP_SERVER_INFO:
      g_value_set_object (value, self->server_info);
      break;

    case PROP_SERVER_CAPABILITIES:
      g_value_set_boxed (value, self->server_capabilities);
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case PROP_INSTRUCTIONS:
      g_value_set_string (value, self->instructions);
      break;

    case PROP_FEATURES:
      g_value_set_flags (value, self->features);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_client_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  McpClient *self = MCP_CLIENT (object);

  switch (prop_id)
    {
    case PROP_TRANSPORT:
      self->transport = g_value_dup_object (value);
      break;

    case PROP_CLIENT_NAME:
      mcp_client_set_client_name (self, g_value_get_string (value));
      break;

    case PROP_CLIENT_VERSION:
      mcp_client_set_client_version (self, g_value_get_string (value));
      break;

    case PROP_REQUEST_TIMEOUT:
      mcp_client_set_request_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_REQUEST_TIMEOUT:
      mcp_client_set_max_request_timeout (self, g_value_get_uint (value));
      break;

    case PROP_CONNECT_TIMEOUT:
      mcp_client_set_connect_timeout (self, g_value_get_uint (value));
      break;

    case PROP_FEATURES:
      mcp_client_set_features (self, g_value_get_flags (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_client_class_init (McpClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _mcp_i18n_init ();

  object_class->constructed = mcp_client_constructed;
  object_class->dispose = mcp_client_dispose;
  object_class->finalize = mcp_client_finalize;
  object_class->get_property = mcp_client_get_property;
  object_class->set_property = mcp_client_set_property;

  /**
   * McpClient:transport:
   *
   * The transport the client speaks through.
   *
   * Since: 1.0
   */
  properties[PROP_TRANSPORT] =
    g_param_spec_object ("transport", NULL, NULL,
                         MCP_TYPE_TRANSPORT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:state:
   *
   * Where the client is in its life cycle.
   *
   * Since: 1.0
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       MCP_TYPE_CLIENT_STATE, MCP_CLIENT_STATE_DISCONNECTED,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:client-name:
   *
   * The name the client gives of itself in the handshake. The default is
   * the program name ([func@GLib.get_prgname]), or `mcp-glib`.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT_NAME] =
    g_param_spec_string ("client-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:client-version:
   *
   * The version the client gives of itself in the handshake. The default
   * is mcp-glib's version.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT_VERSION] =
    g_param_spec_string ("client-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:request-timeout:
   *
   * How long a request waits for its answer, in milliseconds, restarted by
   * each progress notification; 0 waits forever (up to
   * [property@Mcp.Client:max-request-timeout]). The default is
   * %MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT (60 seconds).
   *
   * Since: 1.0
   */
  properties[PROP_REQUEST_TIMEOUT] =
    g_param_spec_uint ("request-timeout", NULL, NULL,
                       0, G_MAXUINT, MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:max-request-timeout:
   *
   * The longest a request may take however much progress it reports, in
   * milliseconds; 0 for no limit. The default is
   * %MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT (10 minutes).
   *
   * Since: 1.0
   */
  properties[PROP_MAX_REQUEST_TIMEOUT] =
    g_param_spec_uint ("max-request-timeout", NULL, NULL,
                       0, G_MAXUINT, MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:connect-timeout:
   *
   * How long the handshake may take, in milliseconds. The default is
   * %MCP_CLIENT_DEFAULT_CONNECT_TIMEOUT (60 seconds).
   *
   * Since: 1.0
   */
  properties[PROP_CONNECT_TIMEOUT] =
    g_param_spec_uint ("connect-timeout", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_DEFAULT_CONNECT_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:server-info:
   *
   * The server's name, version and title, once connected.
   *
   * Since: 1.0
   */
  properties[PROP_SERVER_INFO] =
    g_param_spec_object ("server-info", NULL, NULL,
                         MCP_TYPE_IMPLEMENTATION,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:server-capabilities:
   *
   * The capabilities the server declared, once connected.
   *
   * Since: 1.0
   */
  properties[PROP_SERVER_CAPABILITIES] =
    g_param_spec_boxed ("server-capabilities", NULL, NULL,
                        JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:protocol-version:
   *
   * The protocol revision agreed with the server, e.g. `2025-11-25`.
   *
   * Since: 1.0
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:instructions:
   *
   * What the server says about how to use it, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_INSTRUCTIONS] =
    g_param_spec_string ("instructions", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:features:
   *
   * What the application handles, which decides the capabilities the
   * client declares when it connects. Set it before connecting.
   *
   * ```c
   * mcp_client_set_features (client, MCP_CLIENT_FEATURES_SAMPLING |
   *                                  MCP_CLIENT_FEATURES_ELICITATION_FORM);
   * g_signal_connect (client, "server-request::sampling/createMessage",
   *                   G_CALLBACK (on_sampling_request), self);
   * ```
   *
   * Since: 1.0
   */
  properties[PROP_FEATURES] =
    g_param_spec_flags ("features", NULL, NULL,
                        MCP_TYPE_CLIENT_FEATURES, MCP_CLIENT_FEATURES_NONE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

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
   * themselves; this signal is for everything else.
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

  list_changed_quarks[LIVE_TOOLS] = g_quark_from_static_string ("tools");
  list_changed_quarks[LIVE_RESOURCES] = g_quark_from_static_string ("resources");
  list_changed_quarks[LIVE_RESOURCE_TEMPLATES] = g_quark_from_static_string ("resources");
  list_changed_quarks[LIVE_PROMPTS] = g_quark_from_static_string ("prompts");

  /**
   * McpClient::notification:
   * @self: the client
   * @method: the notification's method, e.g. `notifications/message`
   * @params: (nullable): its parameters
   *
   * Emitted for every notification from the server. The signal is
   * detailed with the method, so a handler can connect to one kind:
   *
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

static void
mcp_client_init (McpClient *self)
{
  const char *prgname = g_get_prgname ();

  self->client_name = g_strdup (prgname != NULL ? prgname : "mcp-glib");
  self->client_version = g_strdup (PACKAGE_VERSION);
  self->roots = g_list_store_new (MCP_TYPE_ROOT);
  self->tools_by_name = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  self->task_tool_calls = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * mcp_client_new:
 * @transport: how to reach the server
 *
 * Creates a client. Nothing happens until
 * [method@Mcp.Client.connect_async].
 *
 * Returns: (transfer full): a new client
 *
 * Since: 1.0
 */
McpClient *
mcp_client_new (McpTransport *transport)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (transport), NULL);

  return g_object_new (MCP_TYPE_CLIENT,
                       "transport", transport,
                       NULL);
}

/**
 * mcp_client_get_transport:
 * @self: a client
 *
 * Gets the transport.
 *
 * Returns: (transfer none): the transport
 *
 * Since: 1.0
 */
McpTransport *
mcp_client_get_transport (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->transport;
}

/**
 * mcp_client_get_state:
 * @self: a client
 *
 * Gets the client's state.
 *
 * Returns: the client's state
 *
 * Since: 1.0
 */
McpClientState
mcp_client_get_state (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), MCP_CLIENT_STATE_CLOSED);

  return self->state;
}

static gboolean
replace_string (char       **field,
                const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;

  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

/**
 * mcp_client_get_client_name:
 * @self: a client
 *
 * Gets the name sent in the handshake.
 *
 * Returns: the name sent in the handshake
 *
 * Since: 1.0
 */
const char *
mcp_client_get_client_name (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->client_name;
}

/**
 * mcp_client_set_client_name:
 * @self: a client
 * @name: the name to send in the handshake
 *
 * Sets [property@Mcp.Client:client-name]. Set it before connecting.
 *
 * Since: 1.0
 */
void
mcp_client_set_client_name (McpClient  *self,
                            const char *name)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  if (name == NULL)
    return;

  if (replace_string (&self->client_name, name))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT_NAME]);
}

/**
 * mcp_client_get_client_version:
 * @self: a client
 *
 * Gets the version sent in the handshake.
 *
 * Returns: the version sent in the handshake
 *
 * Since: 1.0
 */
const char *
mcp_client_get_client_version (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->client_version;
}

/**
 * mcp_client_set_client_version:
 * @self: a client
 * @version: the version to send in the handshake
 *
 * Sets [property@Mcp.Client:client-version]. Set it before connecting.
 *
 * Since: 1.0
 */
void
mcp_client_set_client_version (McpClient  *self,
                               const char *version)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  if (version == NULL)
    return;

  if (replace_string (&self->client_version, version))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT_VERSION]);
}

static void
update_timeouts (McpClient *self)
{
  if (self->rpc != NULL)
    _mcp_rpc_set_timeouts (self->rpc, self->request_timeout, self->max_request_timeout);
}

/**
 * mcp_client_get_request_timeout:
 * @self: a client
 *
 * Gets the request timeout in milliseconds.
 *
 * Returns: the request timeout in milliseconds
 *
 * Since: 1.0
 */
guint
mcp_client_get_request_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->request_timeout;
}

/**
 * mcp_client_set_request_timeout:
 * @self: a client
 * @timeout_ms: the request timeout in milliseconds, 0 for none
 *
 * Sets [property@Mcp.Client:request-timeout] for requests made from now on.
 *
 * Since: 1.0
 */
void
mcp_client_set_request_timeout (McpClient *self,
                                guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  if (self->request_timeout == timeout_ms)
    return;

  self->request_timeout = timeout_ms;
  update_timeouts (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REQUEST_TIMEOUT]);
}

/**
 * mcp_client_get_max_request_timeout:
 * @self: a client
 *
 * Gets the hard limit of a request in milliseconds.
 *
 * Returns: the hard limit of a request in milliseconds
 *
 * Since: 1.0
 */
guint
mcp_client_get_max_request_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->max_request_timeout;
}

/**
 * mcp_client_set_max_request_timeout:
 * @self: a client
 * @timeout_ms: the hard limit in milliseconds, 0 for none
 *
 * Sets [property@Mcp.Client:max-request-timeout] for requests made from now
 * on.
 *
 * Since: 1.0
 */
void
mcp_client_set_max_request_timeout (McpClient *self,
                                    guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  if (self->max_request_timeout == timeout_ms)
    return;

  self->max_request_timeout = timeout_ms;
  update_timeouts (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_REQUEST_TIMEOUT]);
}

/**
 * mcp_client_get_connect_timeout:
 * @self: a client
 *
 * Gets the handshake's time limit in milliseconds.
 *
 * Returns: the handshake's time limit in milliseconds
 *
 * Since: 1.0
 */
guint
mcp_client_get_connect_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->connect_timeout;
}

/**
 * mcp_client_set_connect_timeout:
 * @self: a client
 * @timeout_ms: the handshake's time limit in milliseconds
 *
 * Sets [property@Mcp.Client:connect-timeout].
 *
 * Since: 1.0
 */
void
mcp_client_set_connect_timeout (McpClient *self,
                                guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (timeout_ms > 0);

  if (self->connect_timeout == timeout_ms)
    return;

  self->connect_timeout = timeout_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECT_TIMEOUT]);
}

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

/* Fails @task at once unless the client is connected. */
static gboolean
check_ready (McpClient *self,
             GTask     *task)
{
  switch (self->state)
    {
    case MCP_CLIENT_STATE_READY:
      return TRUE;

    case MCP_CLIENT_STATE_DISCONNECTED:
    case MCP_CLIENT_STATE_CONNECTING:
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                               _("The client is not connected; call mcp_client_connect_async() "
                                 "and wait for it to finish"));
      return FALSE;

    case MCP_CLIENT_STATE_CLOSED:
    default:
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CLOSED,
                               _("The connection is closed"));
      return FALSE;
    }
}

/* Fails @task at once if the server did not declare @capability. @what is
 * untranslated (marked with N_()): it is only translated when needed. */
static gboolean
check_capability (McpClient  *self,
                  GTask      *task,
                  const char *capability,
                  const char *what)
{
  if (self->server_capabilities != NULL &&
      json_object_has_member (self->server_capabilities, capability))
    return TRUE;

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("The server does not offer %s (it did not declare the “%s” "
                             "capability)"),
                           _(what), capability);
  return FALSE;
}

static void
connect_initialized_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!_mcp_rpc_notify_finish (MCP_RPC (object), result, &error))
    {
      g_prefix_error (&error, _("Could not finish the handshake: "));
      shut_down (self, error, NULL);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  set_state (self, MCP_CLIENT_STATE_READY);
  for (guint i = 0; i < N_LIVE_MODELS; i++)
    refresh_live_model (self, i);
  g_task_return_boolean (task, TRUE);
}

static gboolean
apply_initialize_result (McpClient  *self,
                         JsonNode   *result,
                         GError    **error)
{
  JsonObject *object;
  JsonObject *capabilities;
  JsonObject *server_info;
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

  if (!g_strv_contains (supported_versions, version))
    {
      supported = g_strjoinv (", ", (char **) supported_versions);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The server speaks MCP protocol version “%s”, which mcp-glib does not "
                     "support (it supports %s)"),
                   version, supported);
      return FALSE;
    }

  replace_string (&self->protocol_version, version);

  capabilities = _mcp_json_object_get_object (object, "capabilities");
  self->server_capabilities = capabilities != NULL ? json_object_ref (capabilities)
                                                   : json_object_new ();

  server_info = _mcp_json_object_get_object (object, "serverInfo");
  if (server_info != NULL)
    self->server_info = mcp_implementation_new_from_json (server_info);
  else
    {
      g_autoptr(JsonObject) empty = json_object_new ();

      self->server_info = mcp_implementation_new_from_json (empty);
    }

  replace_string (&self->instructions, _mcp_json_object_get_string (object, "instructions"));

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROTOCOL_VERSION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_CAPABILITIES]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_INFO]);
  if (self->instructions != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INSTRUCTIONS]);
  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

static void
connect_initialize_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = g_task_get_source_object (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL || !apply_initialize_result (self, answer, &error))
    {
      shut_down (self, error, NULL);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* Before initialized: over HTTP that notification carries it already. */
  mcp_transport_set_protocol_version (self->transport, self->protocol_version);

  _mcp_rpc_notify_async (self->rpc, "notifications/initialized", NULL,
                         NULL, connect_initialized_cb, g_steal_pointer (&task));
}

static JsonNode *
build_initialize_params (McpClient *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "protocolVersion");
  json_builder_add_string_value (builder, supported_versions[0]);
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

static void
connect_opened_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!mcp_transport_open_finish (MCP_TRANSPORT (object), result, &error))
    {
      shut_down (self, error, NULL);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* What is declared now is what counts for the whole session. */
  self->declared_capabilities = mcp_client_dup_capabilities (self);

  /* initialize may not be cancelled with a notification, and the handshake
   * is bounded as a whole: no progress may extend it. */
  _mcp_rpc_call_async (self->rpc, "initialize", build_initialize_params (self),
                       MCP_RPC_CALL_NO_CANCEL_NOTIFICATION | MCP_RPC_CALL_NO_PROGRESS,
                       self->connect_timeout, NULL,
                       g_task_get_cancellable (task),
                       connect_initialize_cb, g_object_ref (task));
}

/**
 * mcp_client_connect_async:
 * @self: a client
 * @cancellable: (nullable): a cancellable
 * @callback: called when the client is connected or failed to connect
 * @user_data: data for @callback
 *
 * Opens the transport (for a [class@Mcp.StdioTransport], starts the server)
 * and performs the MCP handshake: `initialize`, offering
 * %MCP_PROTOCOL_VERSION_LATEST and accepting any revision down to
 * 2024-11-05, then `notifications/initialized`.
 *
 * On failure the transport is closed and the client cannot be used again.
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

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_connect_async);

  if (self->state != MCP_CLIENT_STATE_DISCONNECTED)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               _("The client was already connected; create a new client and "
                                 "transport to connect again"));
      return;
    }

  set_state (self, MCP_CLIENT_STATE_CONNECTING);
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

typedef gpointer (*ValueFromJson) (JsonObject  *json,
                                   GError     **error);

typedef JsonObject *(*ValueGetJson) (gpointer item);

/* What distinguishes the paginated lists of the protocol from one another.
 * @key is the member that identifies an entry, for live models. */
typedef struct
{
  const char    *method;
  const char    *member;
  const char    *capability;
  const char    *what;
  GType        (*item_type) (void);
  ValueFromJson  from_json;
  ValueGetJson   get_json;
  const char    *key;
} ListKind;

static const ListKind list_tools_kind = {
  "tools/list", "tools", "tools", N_("tools"),
  mcp_tool_get_type, (ValueFromJson) mcp_tool_new_from_json,
  (ValueGetJson) mcp_tool_get_json, "name",
};

static const ListKind list_resources_kind = {
  "resources/list", "resources", "resources", N_("resources"),
  mcp_resource_get_type, (ValueFromJson) mcp_resource_new_from_json,
  (ValueGetJson) mcp_resource_get_json, "uri",
};

static const ListKind list_resource_templates_kind = {
  "resources/templates/list", "resourceTemplates", "resources", N_("resource templates"),
  mcp_resource_template_get_type, (ValueFromJson) mcp_resource_template_new_from_json,
  (ValueGetJson) mcp_resource_template_get_json, "uriTemplate",
};

static const ListKind list_prompts_kind = {
  "prompts/list", "prompts", "prompts", N_("prompts"),
  mcp_prompt_get_type, (ValueFromJson) mcp_prompt_new_from_json,
  (ValueGetJson) mcp_prompt_get_json, "name",
};

static const ListKind list_tasks_kind = {
  "tasks/list", "tasks", "tasks", N_("tasks"),
  mcp_task_get_type, (ValueFromJson) mcp_task_new_from_json,
  (ValueGetJson) mcp_task_get_json, "taskId",
};

/* Indexed by LiveKind. */
static const ListKind * const live_kinds[] = {
  &list_tools_kind,
  &list_resources_kind,
  &list_resource_templates_kind,
  &list_prompts_kind,
};

typedef struct
{
  const ListKind *kind;
  GListStore     *store;
  GHashTable     *cursors;
} ListState;

/* Tools are remembered for how they want to be called (task support). */
static void
remember_tools (McpClient  *self,
                GListModel *tools)
{
  guint n = g_list_model_get_n_items (tools);

  g_hash_table_remove_all (self->tools_by_name);
  for (guint i = 0; i < n; i++)
    {
      McpTool *tool = g_list_model_get_item (tools, i);

      g_hash_table_replace (self->tools_by_name, (char *) mcp_tool_get_name (tool), tool);
    }
}

static void
list_state_free (ListState *state)
{
  g_clear_object (&state->store);
  g_clear_pointer (&state->cursors, g_hash_table_unref);
  g_free (state);
}

static void list_page (GTask      *task,
                       const char *cursor);

static void
list_page_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ListState *state = g_task_get_task_data (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *page;
  JsonArray *items;
  const char *cursor;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  page = JSON_NODE_HOLDS_OBJECT (answer) ? json_node_get_object (answer) : NULL;
  if (page == NULL || !(items = _mcp_json_object_get_array (page, state->kind->member)))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The server’s answer to “%s” has no list of %s"),
                               state->kind->method, _(state->kind->what));
      return;
    }

  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonNode *element = json_array_get_element (items, i);
      g_autoptr(GObject) item = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element) ||
          !(item = state->kind->from_json (json_node_get_object (element), &error)))
        {
          /* One broken entry must not hide the others. */
          g_debug ("Skipped entry %u of %s: %s", i, state->kind->method,
                   error != NULL ? error->message : "not an object");
          g_clear_error (&error);
          continue;
        }

      g_list_store_append (state->store, item);
    }

  cursor = _mcp_json_object_get_string (page, "nextCursor");
  if (cursor == NULL)
    {
      if (state->kind == &list_tools_kind)
        remember_tools (g_task_get_source_object (task), G_LIST_MODEL (state->store));
      g_task_return_pointer (task, g_object_ref (state->store), g_object_unref);
      return;
    }

  /* A server that hands out a cursor twice would keep us listing forever. */
  if (!g_hash_table_add (state->cursors, g_strdup (cursor)))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The server repeated a page cursor in “%s”"),
                               state->kind->method);
      return;
    }

  list_page (g_steal_pointer (&task), cursor);
}

static void
list_page (GTask      *task,
           const char *cursor)
{
  McpClient *self = g_task_get_source_object (task);
  ListState *state = g_task_get_task_data (task);
  JsonNode *params = NULL;

  if (cursor != NULL)
    {
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "cursor", cursor);
      params = _mcp_json_node_new_object (object);
    }

  _mcp_rpc_call_async (self->rpc, state->kind->method, params, MCP_RPC_CALL_DEFAULT, 0, NULL,
                       g_task_get_cancellable (task), list_page_cb, task);
}

/* Lists every page of @kind into one GListStore. */
static void
list_all_async (McpClient           *self,
                const ListKind      *kind,
                gpointer             source_tag,
                GCancellable        *cancellable,
                GAsyncReadyCallback  callback,
                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ListState *state;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);

  if (!check_ready (self, task) || !check_capability (self, task, kind->capability,
                                                      kind->what))
    return;

  state = g_new0 (ListState, 1);
  state->kind = kind;
  state->store = g_list_store_new (kind->item_type ());
  state->cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_task_set_task_data (task, state, (GDestroyNotify) list_state_free);

  list_page (g_steal_pointer (&task), NULL);
}

static GListModel *
list_all_finish (McpClient     *self,
                 GAsyncResult  *result,
                 gpointer       source_tag,
                 GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_client_list_tools_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the tools
 * @user_data: data for @callback
 *
 * Lists the server's tools, following all pages.
 *
 * Since: 1.0
 */
void
mcp_client_list_tools_async (McpClient           *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  list_all_async (self, &list_tools_kind, mcp_client_list_tools_async,
                  cancellable, callback, user_data);
}

/**
 * mcp_client_list_tools_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_tools_async]. Tools the server
 * described without a name or an input schema are left out.
 *
 * Returns: (transfer full): a list of [class@Mcp.Tool]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_tools_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return list_all_finish (self, result, mcp_client_list_tools_async, error);
}

/* One tools/call from the caller's point of view, which may run as a task:
 * the call, then tasks/get at the server's poll interval, then tasks/result. */
typedef struct
{
  char              *name;
  JsonObject        *arguments;
  McpRequestOptions *options;
  char              *task_id;
  GCancellable      *inner;
  GSource           *cancel_source;
  GSource           *poll_source;
  guint              poll_interval;
  gboolean           done;
} ToolCall;

#define DEFAULT_POLL_INTERVAL_MS 1000
#define MIN_POLL_INTERVAL_MS     50
#define MAX_POLL_INTERVAL_MS     30000

static void
tool_call_free (ToolCall *call)
{
  _mcp_source_clear (&call->poll_source);
  if (call->cancel_source != NULL)
    {
      g_source_destroy (call->cancel_source);
      g_source_unref (call->cancel_source);
    }
  g_clear_object (&call->inner);
  g_clear_pointer (&call->name, g_free);
  g_clear_pointer (&call->arguments, json_object_unref);
  g_clear_object (&call->options);
  g_clear_pointer (&call->task_id, g_free);
  g_free (call);
}

/* Completes the caller's task once, whichever path gets there first. */
static void
tool_call_return (GTask         *task,
                  McpToolResult *result,
                  GError        *error)
{
  /* Removing the poll source below may drop the last other reference. */
  g_autoptr(GTask) hold = g_object_ref (task);
  ToolCall *call = g_task_get_task_data (task);
  McpClient *self = g_task_get_source_object (task);

  g_ptr_array_remove (self->task_tool_calls, task);

  if (call->done)
    {
      g_clear_object (&result);
      g_clear_error (&error);
      return;
    }

  call->done = TRUE;
  _mcp_source_clear (&call->poll_source);
  if (call->cancel_source != NULL)
    g_source_destroy (call->cancel_source);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, g_object_unref);
}

static void
tool_call_return_answer (GTask    *task,
                         JsonNode *answer)
{
  ToolCall *call = g_task_get_task_data (task);
  GError *error = NULL;
  McpToolResult *result;

  if (!JSON_NODE_HOLDS_OBJECT (answer))
    {
      tool_call_return (task, NULL,
                        g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                     _("The result of the tool “%s” is not an object"),
                                     call->name));
      return;
    }

  result = mcp_tool_result_new_from_json (json_node_get_object (answer), &error);
  tool_call_return (task, result, error);
}

/* The last step of either path: the answer is a CallToolResult. */
static void
call_tool_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) answer = NULL;
  GError *error = NULL;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    tool_call_return (task, NULL, error);
  else
    tool_call_return_answer (task, answer);
}

static void tool_call_poll (GTask *task);

static void
task_status_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = g_task_get_source_object (task);
  ToolCall *call = g_task_get_task_data (task);
  g_autoptr(McpRequestOptions) options = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(McpTask) status = NULL;
  GError *error = NULL;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer != NULL)
    status = parse_task (self, answer, &error);
  if (status == NULL)
    {
      tool_call_return (task, NULL, error);
      return;
    }

  if (call->done)
    return;

  if (mcp_task_get_status (status) == MCP_TASK_STATUS_WORKING)
    {
      tool_call_poll (task);
      return;
    }

  /* Finished, or waiting for input: tasks/result delivers the result, and
   * meanwhile the requests that need an answer (such as an elicitation). */
  options = mcp_request_options_new ();
  mcp_request_options_set_timeout (options, self->max_request_timeout);
  _mcp_rpc_call_async (self->rpc, "tasks/result", params_with_string ("taskId", call->task_id),
                       MCP_RPC_CALL_DEFAULT, 0, options, call->inner,
                       call_tool_cb, g_steal_pointer (&task));
}

static gboolean
tool_call_poll_cb (gpointer user_data)
{
  GTask *task = user_data;
  McpClient *self = g_task_get_source_object (task);
  ToolCall *call = g_task_get_task_data (task);

  _mcp_source_clear (&call->poll_source);
  _mcp_rpc_call_async (self->rpc, "tasks/get", params_with_string ("taskId", call->task_id),
                       MCP_RPC_CALL_DEFAULT, 0, NULL, call->inner,
                       task_status_cb, g_object_ref (task));

  return G_SOURCE_REMOVE;
}

static void
tool_call_poll (GTask *task)
{
  ToolCall *call = g_task_get_task_data (task);

  call->poll_source = _mcp_timeout_source_add (call->poll_interval, tool_call_poll_cb,
                                               g_object_ref (task), g_object_unref);
}

static gboolean
tool_call_cancelled_cb (GCancellable *cancellable,
                        gpointer      user_data)
{
  GTask *task = user_data;
  McpClient *self = g_task_get_source_object (task);
  ToolCall *call = g_task_get_task_data (task);

  /* The task outlives the request that started it: ask the server to stop
   * the work too. */
  if (call->task_id != NULL && self->state == MCP_CLIENT_STATE_READY)
    _mcp_rpc_call_async (self->rpc, "tasks/cancel", params_with_string ("taskId", call->task_id),
                         MCP_RPC_CALL_DEFAULT, 0, NULL, NULL, NULL, NULL);

  g_cancellable_cancel (call->inner);
  tool_call_return (task, NULL,
                    g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                 _("The call of the tool “%s” was cancelled"), call->name));

  return G_SOURCE_REMOVE;
}

static void
task_created_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = g_task_get_source_object (task);
  ToolCall *call = g_task_get_task_data (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(McpTask) created = NULL;
  JsonObject *task_json;
  GError *error = NULL;
  gint64 interval;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    {
      tool_call_return (task, NULL, error);
      return;
    }

  /* A server may run the call directly after all. */
  task_json = JSON_NODE_HOLDS_OBJECT (answer)
              ? _mcp_json_object_get_object (json_node_get_object (answer), "task") : NULL;
  if (task_json == NULL)
    {
      tool_call_return_answer (task, answer);
      return;
    }

  if (!(created = mcp_task_new_from_json (task_json, &error)))
    {
      tool_call_return (task, NULL, error);
      return;
    }

  call->task_id = g_strdup (mcp_task_get_task_id (created));
  interval = mcp_task_get_poll_interval (created);
  call->poll_interval = interval < 0 ? DEFAULT_POLL_INTERVAL_MS
                                     : CLAMP (interval, MIN_POLL_INTERVAL_MS, MAX_POLL_INTERVAL_MS);

  g_debug ("The tool “%s” runs as task %s", call->name, call->task_id);
  g_ptr_array_add (self->task_tool_calls, g_object_ref (task));

  /* The connection may have ended while this answer waited for its
   * callback (GTask calls back from a later main loop iteration): then
   * nothing would end the wait. The poll fails at once, with the reason. */
  if (self->state == MCP_CLIENT_STATE_CLOSED)
    {
      tool_call_poll_cb (task);
      return;
    }

  tool_call_poll (task);
}

static gboolean
server_runs_tool_tasks (McpClient *self)
{
  JsonObject *tasks = _mcp_json_object_get_object (self->server_capabilities, "tasks");
  JsonObject *tools = _mcp_json_object_get_object (_mcp_json_object_get_object (tasks, "requests"),
                                                   "tools");

  return _mcp_json_object_get_object (tools, "call") != NULL;
}

static void
tool_call_dispatch (GTask *task)
{
  McpClient *self = g_task_get_source_object (task);
  ToolCall *call = g_task_get_task_data (task);
  McpTool *tool = g_hash_table_lookup (self->tools_by_name, call->name);
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "name", call->name);
  if (call->arguments != NULL)
    json_object_set_object_member (params, "arguments", json_object_ref (call->arguments));

  if (tool == NULL || mcp_tool_get_task_support (tool) != MCP_TASK_SUPPORT_REQUIRED ||
      !server_runs_tool_tasks (self))
    {
      _mcp_rpc_call_async (self->rpc, "tools/call", _mcp_json_node_new_object (params),
                           MCP_RPC_CALL_DEFAULT, 0, call->options, g_task_get_cancellable (task),
                           call_tool_cb, g_object_ref (task));
      return;
    }

  /* The caller's cancellable ends the whole task, not just one request. */
  json_object_set_object_member (params, "task", json_object_new ());
  call->inner = g_cancellable_new ();
  if (g_task_get_cancellable (task) != NULL)
    {
      call->cancel_source = g_cancellable_source_new (g_task_get_cancellable (task));
      g_source_set_callback (call->cancel_source, G_SOURCE_FUNC (tool_call_cancelled_cb),
                             task, NULL);
      g_source_attach (call->cancel_source, g_task_get_context (task));
    }

  _mcp_rpc_call_async (self->rpc, "tools/call", _mcp_json_node_new_object (params),
                       MCP_RPC_CALL_DEFAULT, 0, call->options, call->inner,
                       task_created_cb, g_object_ref (task));
}

static void
tool_call_tools_listed_cb (GObject      *object,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GListModel) tools = NULL;
  GError *error = NULL;

  tools = list_all_finish (MCP_CLIENT (object), result, (gpointer) &list_tools_kind, &error);
  if (tools == NULL)
    {
      tool_call_return (task, NULL, error);
      return;
    }

  tool_call_dispatch (task);
}

/**
 * mcp_client_call_tool_full_async:
 * @self: a connected client
 * @name: the tool's name
 * @arguments: (nullable): the arguments, matching the tool's input schema
 * @options: (nullable): settings for this call, and its progress
 * @cancellable: (nullable): a cancellable
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Like [method@Mcp.Client.call_tool_async], with per-call options. Connect
 * to [signal@Mcp.RequestOptions::progress] to follow the call's progress.
 * Complete it with [method@Mcp.Client.call_tool_finish].
 *
 * Since: 1.0
 */
void
mcp_client_call_tool_full_async (McpClient           *self,
                                 const char          *name,
                                 JsonObject          *arguments,
                                 McpRequestOptions   *options,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ToolCall *call;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_call_tool_async);

  call = g_new0 (ToolCall, 1);
  call->name = g_strdup (name);
  call->arguments = arguments != NULL ? json_object_ref (arguments) : NULL;
  call->options = options != NULL ? g_object_ref (options) : NULL;
  g_task_set_task_data (task, call, (GDestroyNotify) tool_call_free);

  if (!check_ready (self, task) || !check_capability (self, task, "tools", N_("tools")))
    return;

  /* How to call a tool depends on its description: fetch the list once if
   * the server runs tools as tasks and we have not seen it yet. */
  if (server_runs_tool_tasks (self) && g_hash_table_size (self->tools_by_name) == 0)
    list_all_async (self, &list_tools_kind, (gpointer) &list_tools_kind, cancellable,
                    tool_call_tools_listed_cb, g_steal_pointer (&task));
  else
    tool_call_dispatch (task);
}

/**
 * mcp_client_call_tool_async:
 * @self: a connected client
 * @name: the tool's name
 * @arguments: (nullable): the arguments, matching the tool's input schema
 * @cancellable: (nullable): a cancellable
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Calls a tool. A tool that runs but fails completes successfully, with
 * [property@Mcp.ToolResult:is-error] set; an unknown tool or invalid
 * arguments are usually an %MCP_ERROR_INVALID_PARAMS error.
 *
 * Since: 1.0
 */
void
mcp_client_call_tool_async (McpClient           *self,
                            const char          *name,
                            JsonObject          *arguments,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  mcp_client_call_tool_full_async (self, name, arguments, NULL, cancellable, callback, user_data);
}

/**
 * mcp_client_call_tool_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.call_tool_async] and
 * [method@Mcp.Client.call_tool_full_async].
 *
 * Returns: (transfer full): the tool's result
 *
 * Since: 1.0
 */
McpToolResult *
mcp_client_call_tool_finish (McpClient     *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_client_call_tool_json_async:
 * @self: a connected client
 * @name: the tool's name
 * @arguments_json: (nullable): the arguments as JSON text, an object
 * @options: (nullable): settings for this call, and its progress
 * @cancellable: (nullable): a cancellable
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Like [method@Mcp.Client.call_tool_full_async], with the arguments as
 * JSON text: the shortest way from the native values of a binding.
 *
 * ```python
 * client.call_tool_json_async("add", json.dumps({"a": 2, "b": 3}), None, None, on_done)
 * ```
 *
 * Text that is not a JSON object fails the call with
 * %G_IO_ERROR_INVALID_ARGUMENT.
 *
 * Since: 1.0
 */
void
mcp_client_call_tool_json_async (McpClient           *self,
                                 const char          *name,
                                 const char          *arguments_json,
                                 McpRequestOptions   *options,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(JsonNode) arguments = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);

  if (arguments_json != NULL)
    {
      arguments = json_from_string (arguments_json, &error);
      if (arguments == NULL || !JSON_NODE_HOLDS_OBJECT (arguments))
        {
          g_task_report_new_error (self, callback, user_data, mcp_client_call_tool_async,
                                   G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                   _("The arguments of the tool “%s” are not a JSON object%s%s"),
                                   name, error != NULL ? ": " : "",
                                   error != NULL ? error->message : "");
          return;
        }
    }

  mcp_client_call_tool_full_async (self, name,
                                   arguments != NULL ? json_node_get_object (arguments) : NULL,
                                   options, cancellable, callback, user_data);
}

/**
 * mcp_client_call_tool_json_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.call_tool_json_async].
 *
 * Returns: (transfer full): the tool's result
 *
 * Since: 1.0
 */
McpToolResult *
mcp_client_call_tool_json_finish (McpClient     *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return mcp_client_call_tool_finish (self, result, error);
}

/**
 * mcp_client_call_tool_full_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.call_tool_full_async].
 *
 * Returns: (transfer full): the tool's result
 *
 * Since: 1.0
 */
McpToolResult *
mcp_client_call_tool_full_finish (McpClient     *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return mcp_client_call_tool_finish (self, result, error);
}

static void
request_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  JsonNode *answer;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, answer, (GDestroyNotify) json_node_unref);
}

/**
 * mcp_client_request_full_async:
 * @self: a connected client
 * @method: the JSON-RPC method
 * @params: (nullable): the parameters, an object or array, or %NULL for none
 * @options: (nullable): settings for this call, and its progress
 * @cancellable: (nullable): a cancellable
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Like [method@Mcp.Client.request_async], with per-call options. Complete
 * it with [method@Mcp.Client.request_finish].
 *
 * Since: 1.0
 */
void
mcp_client_request_full_async (McpClient           *self,
                               const char          *method,
                               JsonNode            *params,
                               McpRequestOptions   *options,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (method != NULL);
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_request_async);

  if (!check_ready (self, task))
    return;

  _mcp_rpc_call_async (self->rpc, method, params != NULL ? json_node_copy (params) : NULL,
                       MCP_RPC_CALL_DEFAULT, 0, options, cancellable,
                       request_cb, g_steal_pointer (&task));
}

/**
 * mcp_client_request_async:
 * @self: a connected client
 * @method: the JSON-RPC method
 * @params: (nullable): the parameters, an object or array, or %NULL for none
 * @cancellable: (nullable): a cancellable
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Sends any request and returns the raw result: the way to use protocol
 * features mcp-glib does not model. The usual timeouts, progress and
 * cancellation apply.
 *
 * Since: 1.0
 */
void
mcp_client_request_async (McpClient           *self,
                          const char          *method,
                          JsonNode            *params,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  mcp_client_request_full_async (self, method, params, NULL, cancellable, callback, user_data);
}

/**
 * mcp_client_request_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.request_async] and
 * [method@Mcp.Client.request_full_async].
 *
 * Returns: (transfer full): the `result` member of the answer
 *
 * Since: 1.0
 */
JsonNode *
mcp_client_request_finish (McpClient     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_client_request_full_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.request_full_async].
 *
 * Returns: (transfer full): the `result` member of the answer
 *
 * Since: 1.0
 */
JsonNode *
mcp_client_request_full_finish (McpClient     *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  return mcp_client_request_finish (self, result, error);
}

static void
notify_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!_mcp_rpc_notify_finish (MCP_RPC (object), result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * mcp_client_notify_async:
 * @self: a connected client
 * @method: the notification's method
 * @params: (nullable): its parameters, or %NULL for none
 * @cancellable: (nullable): a cancellable
 * @callback: (nullable): called when the notification was written
 * @user_data: data for @callback
 *
 * Sends a notification to the server.
 *
 * Since: 1.0
 */
void
mcp_client_notify_async (McpClient           *self,
                         const char          *method,
                         JsonNode            *params,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (method != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_notify_async);

  if (!check_ready (self, task))
    return;

  _mcp_rpc_notify_async (self->rpc, method, params != NULL ? json_node_copy (params) : NULL,
                         cancellable, notify_cb, g_steal_pointer (&task));
}

/**
 * mcp_client_notify_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.notify_async].
 *
 * Returns: %TRUE if the notification was written
 *
 * Since: 1.0
 */
gboolean
mcp_client_notify_finish (McpClient     *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FEATURES]);
}

/* Whether the client declared what @request needs; undeclared requests are
 * refused whatever handlers exist (PROTOCOL: use only what was negotiated). */
static gboolean
request_is_declared (McpClient        *self,
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

/* Roots ------------------------------------------------------------------ */

/**
 * mcp_client_get_roots:
 * @self: a client
 *
 * Gets the roots the client offers the server: the directories (as
 * `file://` URIs) the server may work in. It changes with
 * [method@Mcp.Client.add_root] and [method@Mcp.Client.remove_root].
 *
 * Returns: (transfer none): a list of [class@Mcp.Root]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_roots (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return G_LIST_MODEL (self->roots);
}

static gboolean
send_roots_changed (gpointer user_data)
{
  McpClient *self = user_data;

  _mcp_source_clear (&self->roots_changed_source);
  if (self->state == MCP_CLIENT_STATE_READY && self->declared_capabilities != NULL &&
      json_object_has_member (self->declared_capabilities, "roots"))
    _mcp_rpc_notify_async (self->rpc, "notifications/roots/list_changed", NULL,
                           NULL, NULL, NULL);

  return G_SOURCE_REMOVE;
}

/* Several changes in a row make one notification. */
static void
roots_changed (McpClient *self)
{
  if (self->roots_changed_source == NULL && self->state == MCP_CLIENT_STATE_READY)
    self->roots_changed_source = _mcp_idle_source_add (send_roots_changed, self);
}

static gboolean
find_root (McpClient  *self,
           const char *uri,
           guint      *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->roots));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpRoot) root = g_list_model_get_item (G_LIST_MODEL (self->roots), i);

      if (g_str_equal (mcp_root_get_uri (root), uri))
        {
          *position = i;
          return TRUE;
        }
    }

  return FALSE;
}

/**
 * mcp_client_add_root:
 * @self: a client
 * @root: a root to offer the server
 *
 * Adds a root, or replaces the one with the same URI. The client answers
 * the server's `roots/list` requests itself when
 * %MCP_CLIENT_FEATURES_ROOTS is set, and tells the server when the roots
 * change after connecting.
 *
 * Since: 1.0
 */
void
mcp_client_add_root (McpClient *self,
                     McpRoot   *root)
{
  guint position;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (MCP_IS_ROOT (root));

  if (find_root (self, mcp_root_get_uri (root), &position))
    g_list_store_splice (self->roots, position, 1, (gpointer *) &root, 1);
  else
    g_list_store_append (self->roots, root);

  roots_changed (self);
}

/**
 * mcp_client_remove_root:
 * @self: a client
 * @uri: the URI of the root to remove
 *
 * Removes a root.
 *
 * Returns: %TRUE if there was a root with that URI
 *
 * Since: 1.0
 */
gboolean
mcp_client_remove_root (McpClient  *self,
                        const char *uri)
{
  guint position;

  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);

  if (!find_root (self, uri, &position))
    return FALSE;

  g_list_store_remove (self->roots, position);
  roots_changed (self);
  return TRUE;
}

static void
answer_roots (McpClient        *self,
              McpServerRequest *request)
{
  g_autoptr(JsonObject) result = json_object_new ();
  JsonArray *array = json_array_new ();
  g_autoptr(JsonNode) node = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->roots));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpRoot) root = g_list_model_get_item (G_LIST_MODEL (self->roots), i);

      json_array_add_object_element (array, json_object_ref (mcp_root_get_json (root)));
    }

  json_object_set_array_member (result, "roots", array);
  node = json_node_init_object (json_node_alloc (), result);
  mcp_server_request_reply (request, node);
}

/* Live models ------------------------------------------------------------ */

static const char *
item_key (const ListKind *kind,
          gpointer        item)
{
  return _mcp_json_object_get_string (kind->get_json (item), kind->key);
}

static gboolean
items_equal (const ListKind *kind,
             gpointer        a,
             gpointer        b)
{
  return g_strcmp0 (item_key (kind, a), item_key (kind, b)) == 0 &&
         json_object_equal (kind->get_json (a), kind->get_json (b));
}

/* Replaces the contents of @store with @fresh, keeping the unchanged
 * entries at both ends: one items-changed for the part that changed, none
 * at all when nothing did, so bound views neither flicker nor lose their
 * selection. */
static void
update_store (const ListKind *kind,
              GListStore     *store,
              GListModel     *fresh)
{
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (store));
  guint n_new = g_list_model_get_n_items (fresh);
  guint prefix = 0;
  guint suffix = 0;
  g_autoptr(GPtrArray) middle = g_ptr_array_new_with_free_func (g_object_unref);

  while (prefix < n_old && prefix < n_new)
    {
      g_autoptr(GObject) a = g_list_model_get_item (G_LIST_MODEL (store), prefix);
      g_autoptr(GObject) b = g_list_model_get_item (fresh, prefix);

      if (!items_equal (kind, a, b))
        break;
      prefix++;
    }

  while (suffix < n_old - prefix && suffix < n_new - prefix)
    {
      g_autoptr(GObject) a = g_list_model_get_item (G_LIST_MODEL (store), n_old - 1 - suffix);
      g_autoptr(GObject) b = g_list_model_get_item (fresh, n_new - 1 - suffix);

      if (!items_equal (kind, a, b))
        break;
      suffix++;
    }

  if (prefix + suffix == n_old && n_old == n_new)
    return;

  for (guint i = prefix; i < n_new - suffix; i++)
    g_ptr_array_add (middle, g_list_model_get_item (fresh, i));

  g_list_store_splice (store, prefix, n_old - prefix - suffix, middle->pdata, middle->len);
}

typedef struct
{
  McpClient *client;
  LiveKind   which;
} LiveRefresh;

static void
live_refresh_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  LiveRefresh *refresh = user_data;
  g_autoptr(McpClient) self = refresh->client;
  LiveModel *live = &self->live[refresh->which];
  const ListKind *kind = live_kinds[refresh->which];
  g_autoptr(GListModel) fresh = NULL;
  g_autoptr(GError) error = NULL;
  LiveKind which = refresh->which;

  g_free (refresh);
  live->refreshing = FALSE;

  fresh = list_all_finish (self, result, g_task_get_source_tag (G_TASK (result)), &error);
  if (fresh == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("Refreshing the %s failed: %s", kind->what, error->message);
      return;
    }

  update_store (kind, live->store, fresh);

  if (live->dirty)
    refresh_live_model (self, which);
}

static void
refresh_live_model (McpClient *self,
                    LiveKind   which)
{
  LiveModel *live = &self->live[which];
  const ListKind *kind = live_kinds[which];
  LiveRefresh *refresh;

  if (live->store == NULL || self->state != MCP_CLIENT_STATE_READY ||
      !json_object_has_member (self->server_capabilities, kind->capability))
    return;

  /* A change announced during a refresh needs another one after it. */
  if (live->refreshing)
    {
      live->dirty = TRUE;
      return;
    }

  live->dirty = FALSE;
  live->refreshing = TRUE;
  if (live->cancellable == NULL)
    live->cancellable = g_cancellable_new ();

  refresh = g_new0 (LiveRefresh, 1);
  refresh->client = g_object_ref (self);
  refresh->which = which;
  list_all_async (self, kind, (gpointer) kind, live->cancellable, live_refresh_cb, refresh);
}

static GListModel *
get_live_model (McpClient *self,
                LiveKind   which)
{
  LiveModel *live = &self->live[which];

  if (live->store == NULL)
    {
      live->store = g_list_store_new (live_kinds[which]->item_type ());
      refresh_live_model (self, which);
    }

  return G_LIST_MODEL (live->store);
}

/**
 * mcp_client_get_tools_model:
 * @self: a client
 *
 * Gets a list of the server's tools that keeps itself up to date: it is
 * filled once connected and refreshed whenever the server says its tools
 * changed. Only the entries that changed are replaced, so a `GtkListView`
 * bound to it keeps its scroll position and selection.
 *
 * Returns: (transfer none): a list of [class@Mcp.Tool]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_tools_model (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return get_live_model (self, LIVE_TOOLS);
}

/**
 * mcp_client_get_resources_model:
 * @self: a client
 *
 * Gets a list of the server's resources that keeps itself up to date, like
 * [method@Mcp.Client.get_tools_model].
 *
 * Returns: (transfer none): a list of [class@Mcp.Resource]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_resources_model (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return get_live_model (self, LIVE_RESOURCES);
}

/**
 * mcp_client_get_resource_templates_model:
 * @self: a client
 *
 * Gets a list of the server's resource templates that keeps itself up to
 * date, like [method@Mcp.Client.get_tools_model].
 *
 * Returns: (transfer none): a list of [class@Mcp.ResourceTemplate]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_resource_templates_model (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return get_live_model (self, LIVE_RESOURCE_TEMPLATES);
}

/**
 * mcp_client_get_prompts_model:
 * @self: a client
 *
 * Gets a list of the server's prompts that keeps itself up to date, like
 * [method@Mcp.Client.get_tools_model].
 *
 * Returns: (transfer none): a list of [class@Mcp.Prompt]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_prompts_model (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return get_live_model (self, LIVE_PROMPTS);
}

/* Requests whose answer becomes one value (or nothing): the capability
 * check, the call and the parsing in one place. */
typedef gpointer (*ParseResult) (McpClient  *self,
                                 JsonNode   *result,
                                 GError    **error);

static void
typed_call_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ParseResult parse = g_task_get_task_data (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  gpointer value;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (parse == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  value = parse (g_task_get_source_object (task), answer, &error);
  if (value == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, value, g_object_unref);
}

static void
typed_call_async (McpClient           *self,
                  gpointer             source_tag,
                  const char          *capability,
                  const char          *what,
                  const char          *method,
                  JsonNode            *params,
                  ParseResult          parse,
                  GCancellable        *cancellable,
                  GAsyncReadyCallback  callback,
                  gpointer             user_data)
{
  g_autoptr(JsonNode) owned_params = params;
  g_autoptr(GTask) task = NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, parse, NULL);

  if (!check_ready (self, task) ||
      (capability != NULL && !check_capability (self, task, capability, what)))
    return;

  _mcp_rpc_call_async (self->rpc, method, g_steal_pointer (&owned_params),
                       MCP_RPC_CALL_DEFAULT, 0, NULL, cancellable,
                       typed_call_cb, g_steal_pointer (&task));
}

static gpointer
typed_call_finish (McpClient     *self,
                   GAsyncResult  *result,
                   gpointer       source_tag,
                   GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static gboolean
typed_call_finish_boolean (McpClient     *self,
                           GAsyncResult  *result,
                           gpointer       source_tag,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static JsonObject *
result_object (JsonNode    *result,
               const char  *method,
               GError     **error)
{
  if (!JSON_NODE_HOLDS_OBJECT (result))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The server’s answer to “%s” is not an object"), method);
      return NULL;
    }

  return json_node_get_object (result);
}

static JsonNode *
params_with_string (const char *member,
                    const char *value)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, member, value);
  return _mcp_json_node_new_object (object);
}

static JsonObject *
string_map_to_object (GHashTable *map)
{
  JsonObject *object = json_object_new ();
  GHashTableIter iter;
  gpointer key, value;

  if (map == NULL)
    return object;

  g_hash_table_iter_init (&iter, map);
  while (g_hash_table_iter_next (&iter, &key, &value))
    json_object_set_string_member (object, key, value);

  return object;
}

/**
 * mcp_client_ping_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called when the server answered
 * @user_data: data for @callback
 *
 * Checks that the server is alive and answering.
 *
 * Since: 1.0
 */
void
mcp_client_ping_async (McpClient           *self,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  typed_call_async (self, mcp_client_ping_async, NULL, NULL, "ping", NULL, NULL,
                    cancellable, callback, user_data);
}

/**
 * mcp_client_ping_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.ping_async].
 *
 * Returns: %TRUE if the server answered
 *
 * Since: 1.0
 */
gboolean
mcp_client_ping_finish (McpClient     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  return typed_call_finish_boolean (self, result, mcp_client_ping_async, error);
}

/**
 * mcp_client_list_resources_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the resources
 * @user_data: data for @callback
 *
 * Lists the server's resources, following all pages.
 *
 * Since: 1.0
 */
void
mcp_client_list_resources_async (McpClient           *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  list_all_async (self, &list_resources_kind, mcp_client_list_resources_async,
                  cancellable, callback, user_data);
}

/**
 * mcp_client_list_resources_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_resources_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.Resource]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_resources_finish (McpClient     *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return list_all_finish (self, result, mcp_client_list_resources_async, error);
}

/**
 * mcp_client_list_resource_templates_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the templates
 * @user_data: data for @callback
 *
 * Lists the server's resource templates, following all pages.
 *
 * Since: 1.0
 */
void
mcp_client_list_resource_templates_async (McpClient           *self,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  list_all_async (self, &list_resource_templates_kind, mcp_client_list_resource_templates_async,
                  cancellable, callback, user_data);
}

/**
 * mcp_client_list_resource_templates_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_resource_templates_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.ResourceTemplate]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_resource_templates_finish (McpClient     *self,
                                           GAsyncResult  *result,
                                           GError       **error)
{
  return list_all_finish (self, result, mcp_client_list_resource_templates_async, error);
}

static gpointer
parse_resource_contents (McpClient  *self,
                         JsonNode   *result,
                         GError    **error)
{
  g_autoptr(GListStore) store = g_list_store_new (MCP_TYPE_RESOURCE_CONTENTS);
  JsonObject *object;
  JsonArray *contents;

  if (!(object = result_object (result, "resources/read", error)))
    return NULL;

  if (!(contents = _mcp_json_object_get_array (object, "contents")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server’s answer to “resources/read” has no contents"));
      return NULL;
    }

  for (guint i = 0; i < json_array_get_length (contents); i++)
    {
      JsonNode *element = json_array_get_element (contents, i);
      g_autoptr(McpResourceContents) item = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Entry %u of the resource’s contents is not an object"), i);
          return NULL;
        }
      if (!(item = mcp_resource_contents_new_from_json (json_node_get_object (element), error)))
        return NULL;

      g_list_store_append (store, item);
    }

  return g_steal_pointer (&store);
}

/**
 * mcp_client_read_resource_async:
 * @self: a connected client
 * @uri: the resource's URI
 * @cancellable: (nullable): a cancellable
 * @callback: called with the contents
 * @user_data: data for @callback
 *
 * Reads a resource. A missing resource is usually an %MCP_ERROR with
 * %MCP_ERROR_RESOURCE_NOT_FOUND or %MCP_ERROR_INVALID_PARAMS.
 *
 * Since: 1.0
 */
void
mcp_client_read_resource_async (McpClient           *self,
                                const char          *uri,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri != NULL);

  typed_call_async (self, mcp_client_read_resource_async, "resources", N_("resources"),
                    "resources/read", params_with_string ("uri", uri), parse_resource_contents,
                    cancellable, callback, user_data);
}

/**
 * mcp_client_read_resource_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.read_resource_async]. A resource may come
 * in several parts, each with its own URI and MIME type.
 *
 * Returns: (transfer full): a list of [class@Mcp.ResourceContents]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_read_resource_finish (McpClient     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  return typed_call_finish (self, result, mcp_client_read_resource_async, error);
}

static gboolean
check_subscribe (McpClient *self,
                 GTask     *task)
{
  JsonObject *resources = _mcp_json_object_get_object (self->server_capabilities, "resources");

  if (_mcp_json_object_get_bool (resources, "subscribe", FALSE))
    return TRUE;

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("The server does not offer subscriptions to resources"));
  return FALSE;
}

static void
subscription_async (McpClient           *self,
                    gpointer             source_tag,
                    const char          *method,
                    const char          *uri,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  if (!check_ready (self, task) || !check_subscribe (self, task))
    return;

  _mcp_rpc_call_async (self->rpc, method, params_with_string ("uri", uri),
                       MCP_RPC_CALL_DEFAULT, 0, NULL, cancellable,
                       typed_call_cb, g_steal_pointer (&task));
}

/**
 * mcp_client_subscribe_resource_async:
 * @self: a connected client
 * @uri: the resource's URI
 * @cancellable: (nullable): a cancellable
 * @callback: called when the server confirmed
 * @user_data: data for @callback
 *
 * Asks the server to emit [signal@Mcp.Client::resource-updated] when the
 * resource changes. Fails at once if the server does not offer
 * subscriptions.
 *
 * Since: 1.0
 */
void
mcp_client_subscribe_resource_async (McpClient           *self,
                                     const char          *uri,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri != NULL);

  subscription_async (self, mcp_client_subscribe_resource_async, "resources/subscribe", uri,
                      cancellable, callback, user_data);
}

/**
 * mcp_client_subscribe_resource_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.subscribe_resource_async].
 *
 * Returns: %TRUE if subscribed
 *
 * Since: 1.0
 */
gboolean
mcp_client_subscribe_resource_finish (McpClient     *self,
                                      GAsyncResult  *result,
                                      GError       **error)
{
  return typed_call_finish_boolean (self, result, mcp_client_subscribe_resource_async, error);
}

/**
 * mcp_client_unsubscribe_resource_async:
 * @self: a connected client
 * @uri: the resource's URI
 * @cancellable: (nullable): a cancellable
 * @callback: called when the server confirmed
 * @user_data: data for @callback
 *
 * Ends a subscription made with [method@Mcp.Client.subscribe_resource_async].
 *
 * Since: 1.0
 */
void
mcp_client_unsubscribe_resource_async (McpClient           *self,
                                       const char          *uri,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri != NULL);

  subscription_async (self, mcp_client_unsubscribe_resource_async, "resources/unsubscribe", uri,
                      cancellable, callback, user_data);
}

/**
 * mcp_client_unsubscribe_resource_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.unsubscribe_resource_async].
 *
 * Returns: %TRUE if unsubscribed
 *
 * Since: 1.0
 */
gboolean
mcp_client_unsubscribe_resource_finish (McpClient     *self,
                                        GAsyncResult  *result,
                                        GError       **error)
{
  return typed_call_finish_boolean (self, result, mcp_client_unsubscribe_resource_async, error);
}

/**
 * mcp_client_list_prompts_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the prompts
 * @user_data: data for @callback
 *
 * Lists the server's prompts, following all pages.
 *
 * Since: 1.0
 */
void
mcp_client_list_prompts_async (McpClient           *self,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  list_all_async (self, &list_prompts_kind, mcp_client_list_prompts_async,
                  cancellable, callback, user_data);
}

/**
 * mcp_client_list_prompts_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_prompts_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.Prompt]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_prompts_finish (McpClient     *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  return list_all_finish (self, result, mcp_client_list_prompts_async, error);
}

static gpointer
parse_prompt_result (McpClient  *self,
                     JsonNode   *result,
                     GError    **error)
{
  JsonObject *object = result_object (result, "prompts/get", error);

  return object != NULL ? mcp_prompt_result_new_from_json (object, error) : NULL;
}

/**
 * mcp_client_get_prompt_async:
 * @self: a connected client
 * @name: the prompt's name
 * @arguments: (nullable) (element-type utf8 utf8): the prompt's arguments
 * @cancellable: (nullable): a cancellable
 * @callback: called with the prompt's messages
 * @user_data: data for @callback
 *
 * Gets a prompt, filled in with @arguments.
 *
 * Since: 1.0
 */
void
mcp_client_get_prompt_async (McpClient           *self,
                             const char          *name,
                             GHashTable          *arguments,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  JsonObject *params;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);

  params = json_object_new ();
  json_object_set_string_member (params, "name", name);
  if (arguments != NULL)
    json_object_set_object_member (params, "arguments", string_map_to_object (arguments));

  typed_call_async (self, mcp_client_get_prompt_async, "prompts", N_("prompts"),
                    "prompts/get", _mcp_json_node_new_object (params), parse_prompt_result,
                    cancellable, callback, user_data);
}

/**
 * mcp_client_get_prompt_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.get_prompt_async].
 *
 * Returns: (transfer full): the prompt's description and messages
 *
 * Since: 1.0
 */
McpPromptResult *
mcp_client_get_prompt_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return typed_call_finish (self, result, mcp_client_get_prompt_async, error);
}

static gpointer
parse_completion (McpClient  *self,
                  JsonNode   *result,
                  GError    **error)
{
  JsonObject *object = result_object (result, "completion/complete", error);
  JsonObject *completion;

  if (object == NULL)
    return NULL;

  if (!(completion = _mcp_json_object_get_object (object, "completion")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server’s answer to “completion/complete” has no completion"));
      return NULL;
    }

  return mcp_completion_new_from_json (completion, error);
}

static void
complete_async (McpClient           *self,
                gpointer             source_tag,
                const char          *ref_type,
                const char          *ref_member,
                const char          *ref_value,
                const char          *argument,
                const char          *value,
                GHashTable          *context,
                GCancellable        *cancellable,
                GAsyncReadyCallback  callback,
                gpointer             user_data)
{
  JsonObject *params = json_object_new ();
  JsonObject *ref = json_object_new ();
  JsonObject *arg = json_object_new ();

  json_object_set_string_member (ref, "type", ref_type);
  json_object_set_string_member (ref, ref_member, ref_value);
  json_object_set_object_member (params, "ref", ref);
  json_object_set_string_member (arg, "name", argument);
  json_object_set_string_member (arg, "value", value);
  json_object_set_object_member (params, "argument", arg);

  if (context != NULL && g_hash_table_size (context) > 0)
    {
      JsonObject *context_object = json_object_new ();

      json_object_set_object_member (context_object, "arguments", string_map_to_object (context));
      json_object_set_object_member (params, "context", context_object);
    }

  typed_call_async (self, source_tag, "completions", N_("completions"),
                    "completion/complete", _mcp_json_node_new_object (params), parse_completion,
                    cancellable, callback, user_data);
}

/**
 * mcp_client_complete_prompt_argument_async:
 * @self: a connected client
 * @prompt: the prompt's name
 * @argument: the argument to complete
 * @value: what the user typed so far
 * @context: (nullable) (element-type utf8 utf8): the values of the
 *   prompt's other arguments, which may narrow the suggestions
 * @cancellable: (nullable): a cancellable
 * @callback: called with the suggestions
 * @user_data: data for @callback
 *
 * Asks the server to suggest values for an argument of a prompt.
 *
 * Since: 1.0
 */
void
mcp_client_complete_prompt_argument_async (McpClient           *self,
                                           const char          *prompt,
                                           const char          *argument,
                                           const char          *value,
                                           GHashTable          *context,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (prompt != NULL && argument != NULL && value != NULL);

  complete_async (self, mcp_client_complete_prompt_argument_async, "ref/prompt", "name", prompt,
                  argument, value, context, cancellable, callback, user_data);
}

/**
 * mcp_client_complete_prompt_argument_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.complete_prompt_argument_async].
 *
 * Returns: (transfer full): the suggestions
 *
 * Since: 1.0
 */
McpCompletion *
mcp_client_complete_prompt_argument_finish (McpClient     *self,
                                            GAsyncResult  *result,
                                            GError       **error)
{
  return typed_call_finish (self, result, mcp_client_complete_prompt_argument_async, error);
}

/**
 * mcp_client_complete_resource_argument_async:
 * @self: a connected client
 * @uri_template: the resource template's URI template
 * @argument: the template variable to complete
 * @value: what the user typed so far
 * @context: (nullable) (element-type utf8 utf8): the values of the
 *   template's other variables
 * @cancellable: (nullable): a cancellable
 * @callback: called with the suggestions
 * @user_data: data for @callback
 *
 * Asks the server to suggest values for a variable of a resource template.
 *
 * Since: 1.0
 */
void
mcp_client_complete_resource_argument_async (McpClient           *self,
                                             const char          *uri_template,
                                             const char          *argument,
                                             const char          *value,
                                             GHashTable          *context,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri_template != NULL && argument != NULL && value != NULL);

  complete_async (self, mcp_client_complete_resource_argument_async, "ref/resource", "uri",
                  uri_template, argument, value, context, cancellable, callback, user_data);
}

/**
 * mcp_client_complete_resource_argument_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.complete_resource_argument_async].
 *
 * Returns: (transfer full): the suggestions
 *
 * Since: 1.0
 */
McpCompletion *
mcp_client_complete_resource_argument_finish (McpClient     *self,
                                              GAsyncResult  *result,
                                              GError       **error)
{
  return typed_call_finish (self, result, mcp_client_complete_resource_argument_async, error);
}

/**
 * mcp_client_set_logging_level_async:
 * @self: a connected client
 * @level: the least severe level to receive
 * @cancellable: (nullable): a cancellable
 * @callback: called when the server confirmed
 * @user_data: data for @callback
 *
 * Asks the server to send log messages of @level and above, as
 * [signal@Mcp.Client::log-message].
 *
 * Since: 1.0
 */
void
mcp_client_set_logging_level_async (McpClient           *self,
                                    McpLogLevel          level,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (level <= MCP_LOG_LEVEL_EMERGENCY);

  typed_call_async (self, mcp_client_set_logging_level_async, "logging", N_("logging"),
                    "logging/setLevel",
                    params_with_string ("level", mcp_log_level_to_string (level)), NULL,
                    cancellable, callback, user_data);
}

/**
 * mcp_client_set_logging_level_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.set_logging_level_async].
 *
 * Returns: %TRUE if the server accepted the level
 *
 * Since: 1.0
 */
gboolean
mcp_client_set_logging_level_finish (McpClient     *self,
                                     GAsyncResult  *result,
                                     GError       **error)
{
  return typed_call_finish_boolean (self, result, mcp_client_set_logging_level_async, error);
}

/**
 * mcp_client_list_tasks_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the tasks
 * @user_data: data for @callback
 *
 * Lists the tasks the server keeps for this client, following all pages.
 *
 * Since: 1.0
 */
void
mcp_client_list_tasks_async (McpClient           *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  list_all_async (self, &list_tasks_kind, mcp_client_list_tasks_async,
                  cancellable, callback, user_data);
}

/**
 * mcp_client_list_tasks_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_tasks_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.Task]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_tasks_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return list_all_finish (self, result, mcp_client_list_tasks_async, error);
}

static gpointer
parse_task (McpClient  *self,
            JsonNode   *result,
            GError    **error)
{
  JsonObject *object = result_object (result, "tasks/get", error);

  return object != NULL ? mcp_task_new_from_json (object, error) : NULL;
}

/**
 * mcp_client_get_task_async:
 * @self: a connected client
 * @task_id: the task's id
 * @cancellable: (nullable): a cancellable
 * @callback: called with the task
 * @user_data: data for @callback
 *
 * Gets the current state of a task.
 *
 * Since: 1.0
 */
void
mcp_client_get_task_async (McpClient           *self,
                           const char          *task_id,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (task_id != NULL);

  typed_call_async (self, mcp_client_get_task_async, "tasks", N_("tasks"),
                    "tasks/get", params_with_string ("taskId", task_id), parse_task,
                    cancellable, callback, user_data);
}

/**
 * mcp_client_get_task_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.get_task_async].
 *
 * Returns: (transfer full): the task
 *
 * Since: 1.0
 */
McpTask *
mcp_client_get_task_finish (McpClient     *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  return typed_call_finish (self, result, mcp_client_get_task_async, error);
}

/**
 * mcp_client_cancel_task_async:
 * @self: a connected client
 * @task_id: the task's id
 * @cancellable: (nullable): a cancellable
 * @callback: called with the task's new state
 * @user_data: data for @callback
 *
 * Asks the server to cancel a task.
 *
 * Since: 1.0
 */
void
mcp_client_cancel_task_async (McpClient           *self,
                              const char          *task_id,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (task_id != NULL);

  typed_call_async (self, mcp_client_cancel_task_async, "tasks", N_("tasks"),
                    "tasks/cancel", params_with_string ("taskId", task_id), parse_task,
                    cancellable, callback, user_data);
}

/**
 * mcp_client_cancel_task_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.cancel_task_async].
 *
 * Returns: (transfer full): the task, as the server left it
 *
 * Since: 1.0
 */
McpTask *
mcp_client_cancel_task_finish (McpClient     *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  return typed_call_finish (self, result, mcp_client_cancel_task_async, error);
}

/**
 * mcp_client_close_async:
 * @self: a client
 * @cancellable: (nullable): a cancellable
 * @callback: (nullable): called when the connection is closed
 * @user_data: data for @callback
 *
 * Closes the connection: calls still pending fail with %G_IO_ERROR_CLOSED,
 * then the transport closes (a stdio server is asked to exit, then
 * stopped). Closing a closed client succeeds.
 *
 * Since: 1.0
 */
void
mcp_client_close_async (McpClient           *self,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_close_async);

  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED, _("The client was closed"));
  shut_down (self, error, task);
}

/**
 * mcp_client_close_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.close_async].
 *
 * Returns: %TRUE once closed
 *
 * Since: 1.0
 */
gboolean
mcp_client_close_finish (McpClient     *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
