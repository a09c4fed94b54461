/* test-handshake.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Connecting McpClient to the scripted server mcp-test-server: the
 * handshake as it goes over the wire (initialize, then the initialized
 * notification), the state changes, what the server tells about itself,
 * version negotiation, and the connect timeout, which bounds the whole
 * connect, opening the transport included.
 */

#include "mcp-test-scripted.h"

static void
on_state_notify (McpClient  *client,
                 GParamSpec *pspec,
                 GArray     *states)
{
  McpClientState state = mcp_client_get_state (client);

  g_array_append_val (states, state);
}

static void
test_connect (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (McpClientState));
  g_autoptr(JsonArray) messages = NULL;
  g_autofree char *protocol_version = NULL;
  McpImplementation *info;
  JsonObject *capabilities;
  JsonObject *initialize;
  JsonObject *initialized;
  Server *server;

  server = server_new (NULL);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_DISCONNECTED);
  g_assert_null (mcp_client_get_server_info (server->client));
  g_signal_connect (server->client, "notify::state", G_CALLBACK (on_state_notify), states);

  g_assert_true (server_connect (server, &error));
  g_assert_no_error (error);

  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_READY);
  g_assert_cmpuint (states->len, ==, 2);
  g_assert_cmpint (g_array_index (states, McpClientState, 0), ==, MCP_CLIENT_STATE_CONNECTING);
  g_assert_cmpint (g_array_index (states, McpClientState, 1), ==, MCP_CLIENT_STATE_READY);

  info = mcp_client_get_server_info (server->client);
  g_assert_nonnull (info);
  g_assert_cmpstr (mcp_implementation_get_name (info), ==, "mcp-test-server");
  g_assert_cmpstr (mcp_implementation_get_version (info), ==, "1.0.0");
  g_assert_cmpstr (mcp_implementation_get_title (info), ==, "MCP Test Server");
  g_assert_cmpstr (mcp_test_lookup_string (mcp_implementation_get_json (info), "name"), ==,
                   "mcp-test-server");

  g_assert_cmpstr (mcp_client_get_protocol_version (server->client), ==, "2025-11-25");
  g_object_get (server->client, "protocol-version", &protocol_version, NULL);
  g_assert_cmpstr (protocol_version, ==, "2025-11-25");
  g_assert_cmpstr (mcp_client_get_instructions (server->client), ==, "Test server instructions.");

  capabilities = mcp_client_get_server_capabilities (server->client);
  g_assert_nonnull (capabilities);
  g_assert_true (json_object_has_member (capabilities, "tools"));

  /* What went over the wire: initialize, then the initialized notification. */
  messages = get_received (server);
  g_assert_cmpuint (json_array_get_length (messages), >=, 3);

  initialize = message_at (messages, 0);
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "jsonrpc"), ==, "2.0");
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "method"), ==, "initialize");
  g_assert_true (json_object_has_member (initialize, "id"));
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.protocolVersion"), ==, "2025-11-25");
  g_assert_nonnull (mcp_test_lookup_object (initialize, "params.capabilities"));
  g_assert_nonnull (mcp_test_lookup_string (initialize, "params.clientInfo.name"));
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.clientInfo.name"), !=, "");
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.clientInfo.name"), ==,
                   mcp_client_get_client_name (server->client));
  g_assert_nonnull (mcp_test_lookup_string (initialize, "params.clientInfo.version"));
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.clientInfo.version"), !=, "");
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.clientInfo.version"), ==,
                   mcp_client_get_client_version (server->client));

  initialized = message_at (messages, 1);
  g_assert_cmpstr (mcp_test_lookup_string (initialized, "jsonrpc"), ==, "2.0");
  g_assert_cmpstr (mcp_test_lookup_string (initialized, "method"), ==, "notifications/initialized");
  g_assert_false (json_object_has_member (initialized, "id"));
  g_assert_false (json_object_has_member (initialized, "params"));

  server_close (server);
}

static void
test_version_negotiation (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  GPid pid;

  /* An older revision the client supports is accepted. */
  server = server_start ("--protocol-version=2024-11-05", NULL);
  g_assert_cmpstr (mcp_client_get_protocol_version (server->client), ==, "2024-11-05");
  assert_echo_works (server);
  server_close (server);

  /* One it does not know is refused, and the server is stopped. */
  server = server_new ("--protocol-version=1999-01-01", NULL);
  g_assert_false (server_connect (server, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);
  pid = server->pid;
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
  server_close (server);
}

static void
test_handshake_timeout (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  gint64 start;

  server = server_new ("--no-initialize-answer", NULL);
  mcp_client_set_connect_timeout (server->client, 300);

  start = g_get_monotonic_time ();
  g_assert_false (server_connect (server, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2000);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);

  assert_process_gone (server->pid, PROCESS_GONE_TIMEOUT_MS);
  server_close (server);
}

/* A transport whose opening never ends by itself, as a server that is slow
 * to start: only closing it ends the open, with an error. */
typedef struct
{
  McpTransport  parent_instance;
  GTask        *open_task;
  gboolean      closed;
} StuckTransport;

typedef McpTransportClass StuckTransportClass;

static GType stuck_transport_get_type (void);
G_DEFINE_TYPE (StuckTransport, stuck_transport, MCP_TYPE_TRANSPORT)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (StuckTransport, g_object_unref)

static void
stuck_transport_open (McpTransport *transport,
                      GCancellable *cancellable,
                      GTask        *task)
{
  StuckTransport *self = (StuckTransport *) transport;

  self->open_task = g_object_ref (task);
}

static void
stuck_transport_send (McpTransport *transport,
                      JsonNode     *message,
                      GCancellable *cancellable,
                      GTask        *task)
{
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, "not open");
}

static void
stuck_transport_close (McpTransport *transport,
                       GCancellable *cancellable,
                       GTask        *task)
{
  StuckTransport *self = (StuckTransport *) transport;
  g_autoptr(GTask) open_task = g_steal_pointer (&self->open_task);

  self->closed = TRUE;
  if (open_task != NULL)
    g_task_return_new_error (open_task, G_IO_ERROR, G_IO_ERROR_CLOSED, "closed while opening");
  g_task_return_boolean (task, TRUE);
}

static void
stuck_transport_finalize (GObject *object)
{
  g_assert_null (((StuckTransport *) object)->open_task);

  G_OBJECT_CLASS (stuck_transport_parent_class)->finalize (object);
}

static void
stuck_transport_class_init (StuckTransportClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = stuck_transport_finalize;
  klass->open = stuck_transport_open;
  klass->send = stuck_transport_send;
  klass->close = stuck_transport_close;
}

static void
stuck_transport_init (StuckTransport *self)
{
}

/* The connect timeout bounds the whole connect, opening included. */
static void
test_handshake_timeout_open (void)
{
  g_autoptr(StuckTransport) transport = g_object_new (stuck_transport_get_type (), NULL);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;

  mcp_client_set_connect_timeout (client, 200);

  start = g_get_monotonic_time ();
  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "connect");
  g_assert_false (mcp_client_connect_finish (client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2000);
  g_assert_cmpint (mcp_client_get_state (client), ==, MCP_CLIENT_STATE_CLOSED);

  /* The transport was closed, which ended its open too. */
  g_assert_true (transport->closed);
  g_assert_null (transport->open_task);
}

int
main (int   argc,
      char *argv[])
{
  scripted_test_init (&argc, &argv);

  g_test_add_func ("/Mcp/Client/connect", test_connect);
  g_test_add_func ("/Mcp/Client/version-negotiation", test_version_negotiation);
  g_test_add_func ("/Mcp/Client/handshake-timeout", test_handshake_timeout);
  g_test_add_func ("/Mcp/Client/handshake-timeout-open", test_handshake_timeout_open);

  return scripted_test_run ();
}
