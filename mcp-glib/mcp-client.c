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
#include "mcp-rpc-private.h"
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
  N_PROPS
};

enum {
  NOTIFICATION,
  SERVER_REQUEST,
  CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

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
on_rpc_notification (McpRpc     *rpc,
                     const char *method,
                     JsonNode   *params,
                     gpointer    user_data)
{
  McpClient *self = user_data;

  g_signal_emit (self, signals[NOTIFICATION], detail_for (method), method, params);
}

static gboolean
on_rpc_request (McpRpc           *rpc,
                McpServerRequest *request,
                gpointer          user_data)
{
  McpClient *self = user_data;
  gboolean handled = FALSE;

  g_signal_emit (self, signals[SERVER_REQUEST],
                 detail_for (mcp_server_request_get_method (request)),
                 request, &handled);

  return handled;
}

static void
on_rpc_closed (McpRpc       *rpc,
               const GError *error,
               gpointer      user_data)
{
  McpClient *self = user_data;
  g_autoptr(McpClient) hold = g_object_ref (self);

  set_state (self, MCP_CLIENT_STATE_CLOSED);

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

  g_object_class_install_properties (object_class, N_PROPS, properties);

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
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);

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
                  G_TYPE_NONE, 1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mcp_client_init (McpClient *self)
{
  const char *prgname = g_get_prgname ();

  self->client_name = g_strdup (prgname != NULL ? prgname : "mcp-glib");
  self->client_version = g_strdup (PACKAGE_VERSION);
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

/* Fails @task at once if the server did not declare @capability. */
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
                           what, capability);
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
  json_builder_begin_object (builder);
  json_builder_end_object (builder);
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

typedef struct
{
  GListStore *store;
  GHashTable *cursors;
} ListTools;

static void
list_tools_free (ListTools *state)
{
  g_clear_object (&state->store);
  g_clear_pointer (&state->cursors, g_hash_table_unref);
  g_free (state);
}

static void list_tools_page (GTask      *task,
                             const char *cursor);

static void
list_tools_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ListTools *state = g_task_get_task_data (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *object_;
  JsonArray *tools;
  const char *cursor;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  object_ = JSON_NODE_HOLDS_OBJECT (answer) ? json_node_get_object (answer) : NULL;
  if (object_ == NULL || !(tools = _mcp_json_object_get_array (object_, "tools")))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The server’s list of tools is not a list"));
      return;
    }

  for (guint i = 0; i < json_array_get_length (tools); i++)
    {
      JsonNode *element = json_array_get_element (tools, i);
      g_autoptr(McpTool) tool = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element) ||
          !(tool = mcp_tool_new_from_json (json_node_get_object (element), &error)))
        {
          /* One broken tool must not hide the others. */
          g_debug ("Skipped tool %u: %s", i, error != NULL ? error->message : "not an object");
          g_clear_error (&error);
          continue;
        }

      g_list_store_append (state->store, tool);
    }

  cursor = _mcp_json_object_get_string (object_, "nextCursor");
  if (cursor == NULL)
    {
      g_task_return_pointer (task, g_object_ref (state->store), g_object_unref);
      return;
    }

  if (!g_hash_table_add (state->cursors, g_strdup (cursor)))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The server repeated a page cursor while listing tools"));
      return;
    }

  list_tools_page (g_steal_pointer (&task), cursor);
}

static void
list_tools_page (GTask      *task,
                 const char *cursor)
{
  McpClient *self = g_task_get_source_object (task);
  JsonNode *params = NULL;

  if (cursor != NULL)
    {
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "cursor", cursor);
      params = _mcp_json_node_new_object (object);
    }

  _mcp_rpc_call_async (self->rpc, "tools/list", params, MCP_RPC_CALL_DEFAULT, 0, NULL,
                       g_task_get_cancellable (task), list_tools_cb, task);
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
  g_autoptr(GTask) task = NULL;
  ListTools *state;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_list_tools_async);

  if (!check_ready (self, task) || !check_capability (self, task, "tools", _("tools")))
    return;

  state = g_new0 (ListTools, 1);
  state->store = g_list_store_new (MCP_TYPE_TOOL);
  state->cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_task_set_task_data (task, state, (GDestroyNotify) list_tools_free);

  list_tools_page (g_steal_pointer (&task), NULL);
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
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
call_tool_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  McpToolResult *tool_result;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (!JSON_NODE_HOLDS_OBJECT (answer))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The result of the tool “%s” is not an object"),
                               (const char *) g_task_get_task_data (task));
      return;
    }

  tool_result = mcp_tool_result_new_from_json (json_node_get_object (answer), &error);
  if (tool_result == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, tool_result, g_object_unref);
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
  JsonObject *params;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_call_tool_async);
  g_task_set_task_data (task, g_strdup (name), g_free);

  if (!check_ready (self, task) || !check_capability (self, task, "tools", _("tools")))
    return;

  params = json_object_new ();
  json_object_set_string_member (params, "name", name);
  if (arguments != NULL)
    json_object_set_object_member (params, "arguments", json_object_ref (arguments));

  _mcp_rpc_call_async (self->rpc, "tools/call", _mcp_json_node_new_object (params),
                       MCP_RPC_CALL_DEFAULT, 0, options, cancellable,
                       call_tool_cb, g_steal_pointer (&task));
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
