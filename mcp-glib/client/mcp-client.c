/* mcp-client.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpClient is the protocol layer: the handshake and version negotiation,
 * typed requests and their results, and turning the server's
 * notifications and requests into signals. It builds no JSON-RPC envelope
 * itself; every message goes through the engine (McpRpc).
 *
 * This file holds the object itself: its properties, connecting and
 * closing. Its signals, and what the server sends unasked routed to them,
 * are in mcp-client-signals.c; each feature has a file of its own (see
 * mcp-client-private.h for the map).
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-client-private.h"
#include "mcp-enums.h"
#include "mcp-json-private.h"
#include "mcp-live-model-private.h"
#include "mcp-request-options-private.h"
#include "mcp-server-request-private.h"
#include "mcp-source-private.h"
#include "mcp-tool-call-private.h"

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
 *   mcp_client_call_tool_async (client, "echo", arguments, NULL, NULL, on_called, NULL);
 * }
 *
 * const char *argv[] = { "mcp-glib-demo-server", NULL };
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

G_DEFINE_FINAL_TYPE (McpClient, mcp_client, G_TYPE_OBJECT)


GParamSpec *_mcp_client_properties[MCP_CLIENT_N_PROPS];

/* Whether the caller runs on the client's main context, as it must: a call
 * from elsewhere would have its sources and callbacks on a context the
 * client does not watch, and hang. Like libsoup's sessions, the client says
 * so loudly instead. */
gboolean
_mcp_client_check_context (McpClient  *self,
                           const char *function)
{
  g_autoptr(GMainContext) current = g_main_context_ref_thread_default ();

  if (G_LIKELY (current == self->context))
    return TRUE;

  g_critical ("%s: the McpClient %p was used from a main context other than the one of the "
              "thread that created it; call it from its own context (see “Threads and main "
              "contexts” in mcp-glib's documentation)", function, self);
  return FALSE;
}

void
_mcp_client_set_state (McpClient      *self,
                       McpClientState  state)
{
  if (self->state == state)
    return;

  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_STATE]);
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
void
_mcp_client_shut_down (McpClient    *self,
                       const GError *error,
                       GTask        *task)
{
  g_autoptr(McpClient) hold = g_object_ref (self);

  _mcp_client_set_state (self, MCP_CLIENT_STATE_CLOSED);
  for (guint i = 0; i < MCP_N_LIVE_MODELS; i++)
    if (self->live[i] != NULL)
      _mcp_live_model_cancel (self->live[i]);
  _mcp_rpc_fail_all (self->rpc, error);
  mcp_transport_close_async (self->transport, NULL, close_transport_cb,
                             task != NULL ? g_object_ref (task) : NULL);
}

static void
on_rpc_closed (McpRpc       *rpc,
               const GError *error,
               gpointer      user_data)
{
  McpClient *self = user_data;

  /* The probe may start the server again: it reports this end itself if
   * it does not (see mcp-client-discover.c). */
  if (self->may_reopen)
    {
      self->held_closed = TRUE;
      g_clear_error (&self->held_closed_error);
      if (error != NULL)
        self->held_closed_error = g_error_copy (error);
      return;
    }

  _mcp_client_transport_ended (self, error);
}

/* The connection ended for good: everything waiting on it fails, and
 * ::closed is emitted. */
void
_mcp_client_transport_ended (McpClient    *self,
                             const GError *error)
{
  g_autoptr(McpClient) hold = g_object_ref (self);

  _mcp_client_set_state (self, MCP_CLIENT_STATE_CLOSED);

  while (self->tool_calls->len > 0)
    _mcp_tool_call_fail (self->tool_calls->pdata[0],
                         error != NULL ? g_error_copy (error)
                                       : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                                              _("The connection is closed")));
  while (self->input_waits->len > 0)
    _mcp_client_call_fail (self, self->input_waits->pdata[0],
                           error != NULL ? g_error_copy (error)
                                         : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                                                _("The connection is closed")));

  _mcp_client_end_subscriptions (self, error);

  if (!self->closed_emitted)
    {
      self->closed_emitted = TRUE;
      _mcp_client_emit_closed (self, error);
    }
}

static void
mcp_client_constructed (GObject *object)
{
  McpClient *self = (McpClient *)object;

  G_OBJECT_CLASS (mcp_client_parent_class)->constructed (object);

  g_assert (MCP_IS_TRANSPORT (self->transport));

  self->rpc = _mcp_rpc_new (self->transport);
  /* Nobody listens yet: see _mcp_client_start_listening (). */
  mcp_transport_set_listening (self->transport, FALSE);
  _mcp_client_watch_http_headers (self);
  _mcp_rpc_set_handlers (self->rpc, _mcp_client_on_rpc_notification, _mcp_client_on_rpc_request,
                         on_rpc_closed, self);
  _mcp_rpc_set_notification_wanted_func (self->rpc, _mcp_client_on_rpc_notification_wanted);
  _mcp_rpc_set_layer_funcs (self->rpc, _mcp_request_options_emit_progress,
                            _mcp_server_request_new, _mcp_server_request_cancel);
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
  _mcp_client_unwatch_http_headers (self);
  /* Ending the engine's calls ended the subscriptions. */
  _mcp_source_clear (&self->listeners_watch);
  _mcp_source_clear (&self->changes_retry);
  g_clear_object (&self->changes);
  g_clear_object (&self->changes_pending);
  /* Dropping the transport without closing it stops the server at once. */
  g_clear_object (&self->transport);
  g_clear_object (&self->server_info);
  _mcp_source_clear (&self->roots_changed_source);
  for (guint i = 0; i < MCP_N_LIVE_MODELS; i++)
    _mcp_client_forget_list (self, i);
  /* The application may keep a model: it stays, empty of updates. */
  for (guint i = 0; i < MCP_N_LIVE_MODELS; i++)
    {
      if (self->live[i] != NULL)
        _mcp_live_model_detach (self->live[i]);
      g_clear_object (&self->live[i]);
    }

  G_OBJECT_CLASS (mcp_client_parent_class)->dispose (object);
}

static void
mcp_client_finalize (GObject *object)
{
  McpClient *self = (McpClient *)object;

  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->pinned_version, g_free);
  g_clear_pointer (&self->server_versions, g_strfreev);
  g_clear_error (&self->held_closed_error);
  g_clear_pointer (&self->client_name, g_free);
  g_clear_pointer (&self->client_version, g_free);
  g_clear_pointer (&self->server_capabilities, json_object_unref);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->instructions, g_free);
  g_clear_pointer (&self->capability_overrides, json_object_unref);
  g_clear_pointer (&self->declared_capabilities, json_object_unref);
  g_clear_pointer (&self->tools_by_name, g_hash_table_unref);
  g_clear_pointer (&self->left_out_tools, g_hash_table_unref);
  g_clear_pointer (&self->tool_calls, g_ptr_array_unref);
  g_clear_pointer (&self->input_waits, g_ptr_array_unref);
  g_clear_pointer (&self->listens, g_hash_table_unref);
  g_clear_pointer (&self->emulated, g_ptr_array_unref);
  g_clear_pointer (&self->resource_refs, g_hash_table_unref);
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
    case MCP_CLIENT_PROP_TRANSPORT:
      g_value_set_object (value, self->transport);
      break;

    case MCP_CLIENT_PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case MCP_CLIENT_PROP_CLIENT_NAME:
      g_value_set_string (value, self->client_name);
      break;

    case MCP_CLIENT_PROP_CLIENT_VERSION:
      g_value_set_string (value, self->client_version);
      break;

    case MCP_CLIENT_PROP_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->request_timeout);
      break;

    case MCP_CLIENT_PROP_MAX_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->max_request_timeout);
      break;

    case MCP_CLIENT_PROP_CONNECT_TIMEOUT:
      g_value_set_uint (value, self->connect_timeout);
      break;

    case MCP_CLIENT_PROP_SERVER_INFO:
      g_value_set_object (value, self->server_info);
      break;

    case MCP_CLIENT_PROP_SERVER_CAPABILITIES:
      g_value_set_boxed (value, self->server_capabilities);
      break;

    case MCP_CLIENT_PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case MCP_CLIENT_PROP_INSTRUCTIONS:
      g_value_set_string (value, self->instructions);
      break;

    case MCP_CLIENT_PROP_FEATURES:
      g_value_set_flags (value, self->features);
      break;

    case MCP_CLIENT_PROP_STATELESS:
      g_value_set_boolean (value, self->stateless);
      break;

    case MCP_CLIENT_PROP_VERSION_NEGOTIATION:
      g_value_set_enum (value, self->version_negotiation);
      break;

    case MCP_CLIENT_PROP_PINNED_PROTOCOL_VERSION:
      g_value_set_string (value, self->pinned_version);
      break;

    case MCP_CLIENT_PROP_MAX_INPUT_ROUNDS:
      g_value_set_uint (value, self->max_input_rounds);
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
    case MCP_CLIENT_PROP_TRANSPORT:
      self->transport = g_value_dup_object (value);
      break;

    case MCP_CLIENT_PROP_CLIENT_NAME:
      mcp_client_set_client_name (self, g_value_get_string (value));
      break;

    case MCP_CLIENT_PROP_CLIENT_VERSION:
      mcp_client_set_client_version (self, g_value_get_string (value));
      break;

    case MCP_CLIENT_PROP_REQUEST_TIMEOUT:
      mcp_client_set_request_timeout (self, g_value_get_uint (value));
      break;

    case MCP_CLIENT_PROP_MAX_REQUEST_TIMEOUT:
      mcp_client_set_max_request_timeout (self, g_value_get_uint (value));
      break;

    case MCP_CLIENT_PROP_CONNECT_TIMEOUT:
      mcp_client_set_connect_timeout (self, g_value_get_uint (value));
      break;

    case MCP_CLIENT_PROP_FEATURES:
      mcp_client_set_features (self, g_value_get_flags (value));
      break;

    case MCP_CLIENT_PROP_VERSION_NEGOTIATION:
      mcp_client_set_version_negotiation (self, g_value_get_enum (value));
      break;

    case MCP_CLIENT_PROP_PINNED_PROTOCOL_VERSION:
      mcp_client_set_pinned_protocol_version (self, g_value_get_string (value));
      break;

    case MCP_CLIENT_PROP_MAX_INPUT_ROUNDS:
      mcp_client_set_max_input_rounds (self, g_value_get_uint (value));
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
  _mcp_client_properties[MCP_CLIENT_PROP_TRANSPORT] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_STATE] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_CLIENT_NAME] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_CLIENT_VERSION] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_REQUEST_TIMEOUT] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_MAX_REQUEST_TIMEOUT] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_CONNECT_TIMEOUT] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_SERVER_INFO] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_SERVER_CAPABILITIES] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_PROTOCOL_VERSION] =
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
  _mcp_client_properties[MCP_CLIENT_PROP_INSTRUCTIONS] =
    g_param_spec_string ("instructions", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:features:
   *
   * What the application handles, which decides the capabilities the
   * client declares when it connects. Set it before connecting.
   *
   * <!-- doc-test
   * static McpClient *client;
   * static gpointer self;
   * gboolean on_sampling_request (McpClient *client, McpServerRequest *request,
   *                               gpointer user_data);
   * -->
   * ```c
   * mcp_client_set_features (client, MCP_CLIENT_FEATURES_SAMPLING |
   *                                  MCP_CLIENT_FEATURES_ELICITATION_FORM);
   * g_signal_connect (client, "server-request::sampling/createMessage",
   *                   G_CALLBACK (on_sampling_request), self);
   * ```
   *
   * Since: 1.0
   */
  _mcp_client_properties[MCP_CLIENT_PROP_FEATURES] =
    g_param_spec_flags ("features", NULL, NULL,
                        MCP_TYPE_CLIENT_FEATURES, MCP_CLIENT_FEATURES_NONE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:stateless:
   *
   * Whether the server speaks a stateless revision of the protocol
   * (2026-07-28 and later), without a handshake: every request then carries
   * the protocol version and the client's capabilities, server requests come
   * inside results (multi round-trip requests), and change notifications
   * come through `subscriptions/listen`. The API is the same either way.
   *
   * Since: 1.0
   */
  _mcp_client_properties[MCP_CLIENT_PROP_STATELESS] =
    g_param_spec_boolean ("stateless", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:version-negotiation:
   *
   * How the client chooses the protocol revision when it connects: by
   * asking the server (the default), with the legacy `initialize` handshake
   * only, or exactly [property@Mcp.Client:pinned-protocol-version]. Set it
   * before connecting.
   *
   * Since: 1.0
   */
  _mcp_client_properties[MCP_CLIENT_PROP_VERSION_NEGOTIATION] =
    g_param_spec_enum ("version-negotiation", NULL, NULL,
                       MCP_TYPE_VERSION_NEGOTIATION, MCP_VERSION_NEGOTIATION_AUTO,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:pinned-protocol-version:
   *
   * The one protocol revision to speak when
   * [property@Mcp.Client:version-negotiation] is
   * %MCP_VERSION_NEGOTIATION_PINNED, e.g. `2026-07-28` or `2025-06-18`.
   * Set it before connecting.
   *
   * Since: 1.0
   */
  _mcp_client_properties[MCP_CLIENT_PROP_PINNED_PROTOCOL_VERSION] =
    g_param_spec_string ("pinned-protocol-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:max-input-rounds:
   *
   * How many times a stateless server may answer one call with a request
   * for input (elicitation, sampling, roots) before the call is given up.
   * The default is %MCP_CLIENT_DEFAULT_MAX_INPUT_ROUNDS. Each time, the
   * server may ask for 64 inputs at most: a call asked for more fails.
   *
   * Since: 1.0
   */
  _mcp_client_properties[MCP_CLIENT_PROP_MAX_INPUT_ROUNDS] =
    g_param_spec_uint ("max-input-rounds", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_DEFAULT_MAX_INPUT_ROUNDS,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, MCP_CLIENT_N_PROPS,
                                     _mcp_client_properties);

  _mcp_client_class_install_signals (klass);
}

static void
mcp_client_init (McpClient *self)
{
  const char *prgname = g_get_prgname ();

  self->context = g_main_context_ref_thread_default ();
  self->log_level = -1;
  self->client_name = g_strdup (prgname != NULL ? prgname : "mcp-glib");
  self->client_version = g_strdup (PACKAGE_VERSION);
  self->roots = g_list_store_new (MCP_TYPE_ROOT);
  self->tools_by_name = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  self->left_out_tools = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->tool_calls = g_ptr_array_new_with_free_func (g_object_unref);
  self->input_waits = g_ptr_array_new_with_free_func (g_object_unref);
  /* The calls own their Listen, and take it out when they end. */
  self->listens = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->emulated = g_ptr_array_new_with_free_func (g_object_unref);
  self->resource_refs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
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

/* Sets *@field to a copy of @value; returns whether it changed. */
gboolean
_mcp_client_replace_string (char       **field,
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

  if (_mcp_client_replace_string (&self->client_name, name))
    g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_CLIENT_NAME]);
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

  if (_mcp_client_replace_string (&self->client_version, version))
    g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_CLIENT_VERSION]);
}

/* Closing ---------------------------------------------------------------- */

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

  if (!_mcp_client_check_context (self, G_STRFUNC))
    return;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_close_async);

  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED, _("The client was closed"));
  _mcp_client_shut_down (self, error, task);
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

/* What the objects beside the client ask of it ----------------------------- */

/* The main context everything of the client happens in. */
GMainContext *
_mcp_client_get_context (McpClient *self)
{
  g_assert (MCP_IS_CLIENT (self));

  return self->context;
}

McpRpc *
_mcp_client_get_rpc (McpClient *self)
{
  g_assert (MCP_IS_CLIENT (self));

  return self->rpc;
}

/* The tool of that name as last listed, or %NULL. */
McpTool *
_mcp_client_lookup_tool (McpClient  *self,
                         const char *name)
{
  g_assert (MCP_IS_CLIENT (self));

  return g_hash_table_lookup (self->tools_by_name, name);
}

gboolean
_mcp_client_has_listed_tools (McpClient *self)
{
  g_assert (MCP_IS_CLIENT (self));

  return g_hash_table_size (self->tools_by_name) > 0;
}

/* A tool call (McpToolCall) that is running: the end of the connection
 * ends it. */
void
_mcp_client_add_tool_call (McpClient *self,
                           GObject   *call)
{
  g_assert (MCP_IS_CLIENT (self));

  g_ptr_array_add (self->tool_calls, g_object_ref (call));
}

void
_mcp_client_remove_tool_call (McpClient *self,
                              GObject   *call)
{
  g_assert (MCP_IS_CLIENT (self));

  g_ptr_array_remove (self->tool_calls, call);
}
