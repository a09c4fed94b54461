/* mcp-request-options.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Per-call settings (timeouts) and the place where a caller watches the
 * progress of its own call. An object rather than extra arguments, so that
 * the API stays usable from bindings and can grow without new functions.
 */

#include "config.h"

#include "mcp-marshal.h"
#include "mcp-request-options-private.h"

/**
 * McpRequestOptions:
 *
 * Settings for one request, and its progress.
 *
 * Pass an options object to the request functions that take one,
 * such as [method@Mcp.Client.call_tool_async], to override the
 * client's timeouts for that call or to follow its progress:
 *
 * <!-- doc-test
 * static McpClient *client;
 * static JsonObject *args;
 * static GCancellable *cancellable;
 * static gpointer self;
 * void on_progress (McpRequestOptions *options, double progress, double total,
 *                   const char *message, gpointer user_data);
 * void on_rendered (GObject *object, GAsyncResult *result, gpointer user_data);
 * -->
 * ```c
 * g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
 *
 * mcp_request_options_set_timeout (options, 10000);
 * g_signal_connect (options, "progress", G_CALLBACK (on_progress), self);
 * mcp_client_call_tool_async (client, "render", args, options,
 *                             cancellable, on_rendered, self);
 * ```
 *
 * Since: 1.0
 */

struct _McpRequestOptions
{
  GObject  parent_instance;

  guint    timeout;
  guint    max_total_timeout;
  gboolean reset_timeout_on_progress;
};

G_DEFINE_FINAL_TYPE (McpRequestOptions, mcp_request_options, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TIMEOUT,
  PROP_MAX_TOTAL_TIMEOUT,
  PROP_RESET_TIMEOUT_ON_PROGRESS,
  N_PROPS
};

enum {
  PROGRESS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
mcp_request_options_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  McpRequestOptions *self = MCP_REQUEST_OPTIONS (object);

  switch (prop_id)
    {
    case PROP_TIMEOUT:
      g_value_set_uint (value, self->timeout);
      break;

    case PROP_MAX_TOTAL_TIMEOUT:
      g_value_set_uint (value, self->max_total_timeout);
      break;

    case PROP_RESET_TIMEOUT_ON_PROGRESS:
      g_value_set_boolean (value, self->reset_timeout_on_progress);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_request_options_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  McpRequestOptions *self = MCP_REQUEST_OPTIONS (object);

  switch (prop_id)
    {
    case PROP_TIMEOUT:
      mcp_request_options_set_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_TOTAL_TIMEOUT:
      mcp_request_options_set_max_total_timeout (self, g_value_get_uint (value));
      break;

    case PROP_RESET_TIMEOUT_ON_PROGRESS:
      mcp_request_options_set_reset_timeout_on_progress (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_request_options_class_init (McpRequestOptionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = mcp_request_options_get_property;
  object_class->set_property = mcp_request_options_set_property;

  /**
   * McpRequestOptions:timeout:
   *
   * How long to wait for the answer, in milliseconds, or 0 (the default)
   * for the client's [property@Mcp.Client:request-timeout]. With
   * [property@Mcp.RequestOptions:reset-timeout-on-progress] the wait starts
   * over at each progress notification.
   *
   * Since: 1.0
   */
  properties[PROP_TIMEOUT] =
    g_param_spec_uint ("timeout", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpRequestOptions:max-total-timeout:
   *
   * The longest the call may take however much progress it reports, in
   * milliseconds, or 0 (the default) for the client's
   * [property@Mcp.Client:max-request-timeout].
   *
   * Since: 1.0
   */
  properties[PROP_MAX_TOTAL_TIMEOUT] =
    g_param_spec_uint ("max-total-timeout", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpRequestOptions:reset-timeout-on-progress:
   *
   * Whether a progress notification for the call restarts its timeout.
   * When set (the default), the request carries a progress token so that
   * the server can send progress at all.
   *
   * Since: 1.0
   */
  properties[PROP_RESET_TIMEOUT_ON_PROGRESS] =
    g_param_spec_boolean ("reset-timeout-on-progress", NULL, NULL,
                          TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpRequestOptions::progress:
   * @self: the options
   * @progress: how far the call got; it grows with each notification
   * @total: the total to reach, or a negative number when the server did
   *   not say
   * @message: (nullable): a description of the current step
   *
   * Emitted for each progress notification the server sends about the
   * call these options were used for. To follow calls that run at the
   * same time apart, give each its own options: options shared by several
   * calls hear the progress of all of them.
   *
   * Since: 1.0
   */
  signals[PROGRESS] =
    g_signal_new ("progress",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  _mcp_marshal_VOID__DOUBLE_DOUBLE_STRING,
                  G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_STRING);
  g_signal_set_va_marshaller (signals[PROGRESS], G_TYPE_FROM_CLASS (klass),
                              _mcp_marshal_VOID__DOUBLE_DOUBLE_STRINGv);
}

static void
mcp_request_options_init (McpRequestOptions *self)
{
  self->reset_timeout_on_progress = TRUE;
}

/**
 * mcp_request_options_new:
 *
 * Creates options that change nothing until set.
 *
 * Returns: (transfer full): new request options
 *
 * Since: 1.0
 */
McpRequestOptions *
mcp_request_options_new (void)
{
  return g_object_new (MCP_TYPE_REQUEST_OPTIONS, NULL);
}

/**
 * mcp_request_options_get_timeout:
 * @self: request options
 *
 * Gets the timeout in milliseconds, 0 for the client's default.
 *
 * Returns: the timeout in milliseconds, 0 for the client's default
 *
 * Since: 1.0
 */
guint
mcp_request_options_get_timeout (McpRequestOptions *self)
{
  g_return_val_if_fail (MCP_IS_REQUEST_OPTIONS (self), 0);

  return self->timeout;
}

/**
 * mcp_request_options_set_timeout:
 * @self: request options
 * @timeout_ms: the timeout in milliseconds, 0 for the client's default
 *
 * Sets [property@Mcp.RequestOptions:timeout].
 *
 * Since: 1.0
 */
void
mcp_request_options_set_timeout (McpRequestOptions *self,
                                 guint              timeout_ms)
{
  g_return_if_fail (MCP_IS_REQUEST_OPTIONS (self));

  if (self->timeout == timeout_ms)
    return;

  self->timeout = timeout_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMEOUT]);
}

/**
 * mcp_request_options_get_max_total_timeout:
 * @self: request options
 *
 * Gets the hard limit in milliseconds, 0 for the client's default.
 *
 * Returns: the hard limit in milliseconds, 0 for the client's default
 *
 * Since: 1.0
 */
guint
mcp_request_options_get_max_total_timeout (McpRequestOptions *self)
{
  g_return_val_if_fail (MCP_IS_REQUEST_OPTIONS (self), 0);

  return self->max_total_timeout;
}

/**
 * mcp_request_options_set_max_total_timeout:
 * @self: request options
 * @timeout_ms: the hard limit in milliseconds, 0 for the client's default
 *
 * Sets [property@Mcp.RequestOptions:max-total-timeout].
 *
 * Since: 1.0
 */
void
mcp_request_options_set_max_total_timeout (McpRequestOptions *self,
                                           guint              timeout_ms)
{
  g_return_if_fail (MCP_IS_REQUEST_OPTIONS (self));

  if (self->max_total_timeout == timeout_ms)
    return;

  self->max_total_timeout = timeout_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_TOTAL_TIMEOUT]);
}

/**
 * mcp_request_options_get_reset_timeout_on_progress:
 * @self: request options
 *
 * Gets whether progress restarts the timeout.
 *
 * Returns: whether progress restarts the timeout
 *
 * Since: 1.0
 */
gboolean
mcp_request_options_get_reset_timeout_on_progress (McpRequestOptions *self)
{
  g_return_val_if_fail (MCP_IS_REQUEST_OPTIONS (self), TRUE);

  return self->reset_timeout_on_progress;
}

/**
 * mcp_request_options_set_reset_timeout_on_progress:
 * @self: request options
 * @reset: whether progress restarts the timeout
 *
 * Sets [property@Mcp.RequestOptions:reset-timeout-on-progress].
 *
 * Since: 1.0
 */
void
mcp_request_options_set_reset_timeout_on_progress (McpRequestOptions *self,
                                                   gboolean           reset)
{
  g_return_if_fail (MCP_IS_REQUEST_OPTIONS (self));

  reset = !!reset;
  if (self->reset_timeout_on_progress == reset)
    return;

  self->reset_timeout_on_progress = reset;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESET_TIMEOUT_ON_PROGRESS]);
}

void
_mcp_request_options_emit_progress (McpRequestOptions *self,
                                    double             progress,
                                    double             total,
                                    const char        *message)
{
  g_autoptr(McpRequestOptions) hold = g_object_ref (self);

  g_signal_emit (self, signals[PROGRESS], 0, progress, total, message);
}
