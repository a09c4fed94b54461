/* test-transport-subclass.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* A transport written outside the library, as an application would: a
 * subclass of McpTransport that carries messages through a stdio transport
 * of the scripted stateless server (mcp-stateless-test-server.py) and
 * records what it is told of each request through the class API
 * (mcp_transport_describe_request () and the prepare_request virtual
 * method): the method, the name, the revision, whether the request is
 * stateless, the Mcp-Param-* values the client adds, and the HTTP headers
 * of the revision.
 */

#include "mcp-test-util.h"

#define STATELESS_VERSION "2026-07-28"

/* ------------------------------------------------------------------------
 * The transport
 * ------------------------------------------------------------------------ */

#define TEST_TYPE_RELAY_TRANSPORT (test_relay_transport_get_type ())
G_DECLARE_FINAL_TYPE (TestRelayTransport, test_relay_transport, TEST, RELAY_TRANSPORT,
                      McpTransport)

struct _TestRelayTransport
{
  McpTransport  parent_instance;

  McpTransport *inner;
  /* What send() was told, one McpRequestInfo per request. */
  GPtrArray    *described;
  /* What the prepare_request virtual method saw, the same way. */
  GPtrArray    *prepared;
};

G_DEFINE_FINAL_TYPE (TestRelayTransport, test_relay_transport, MCP_TYPE_TRANSPORT)

static void
on_inner_message (McpTransport *inner,
                  JsonNode     *message,
                  gpointer      user_data)
{
  mcp_transport_deliver_message (MCP_TRANSPORT (user_data), message);
}

static void
on_inner_closed (McpTransport *inner,
                 const GError *error,
                 gpointer      user_data)
{
  if (error != NULL)
    mcp_transport_deliver_closed (MCP_TRANSPORT (user_data), error);
}

static void
inner_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  gboolean done;

  if (g_task_get_source_tag (task) == mcp_transport_open_async)
    done = mcp_transport_open_finish (MCP_TRANSPORT (object), result, &error);
  else if (g_task_get_source_tag (task) == mcp_transport_close_async)
    done = mcp_transport_close_finish (MCP_TRANSPORT (object), result, &error);
  else
    done = mcp_transport_send_finish (MCP_TRANSPORT (object), result, &error);

  if (done)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
relay_open (McpTransport *transport,
            GCancellable *cancellable,
            GTask        *task)
{
  TestRelayTransport *self = TEST_RELAY_TRANSPORT (transport);

  g_task_set_source_tag (task, mcp_transport_open_async);
  mcp_transport_open_async (self->inner, cancellable, inner_done_cb, g_object_ref (task));
}

static void
relay_send (McpTransport *transport,
            JsonNode     *message,
            GCancellable *cancellable,
            GTask        *task)
{
  TestRelayTransport *self = TEST_RELAY_TRANSPORT (transport);
  McpRequestInfo *info = mcp_transport_describe_request (transport, message);

  if (info != NULL)
    g_ptr_array_add (self->described, info);

  mcp_transport_send_async (self->inner, message, cancellable, inner_done_cb,
                            g_object_ref (task));
}

static void
relay_close (McpTransport *transport,
             GCancellable *cancellable,
             GTask        *task)
{
  TestRelayTransport *self = TEST_RELAY_TRANSPORT (transport);

  g_task_set_source_tag (task, mcp_transport_close_async);
  mcp_transport_close_async (self->inner, cancellable, inner_done_cb, g_object_ref (task));
}

/* Runs after the client's handler: sees what it added. */
static void
relay_prepare_request (McpTransport   *transport,
                       McpRequestInfo *info)
{
  TestRelayTransport *self = TEST_RELAY_TRANSPORT (transport);
  g_auto(GStrv) params = mcp_request_info_list_params (info);

  g_ptr_array_add (self->prepared,
                   g_strdup_printf ("%s %s %u", mcp_request_info_get_method (info),
                                    mcp_request_info_get_name (info),
                                    g_strv_length (params)));
}

static void
test_relay_transport_dispose (GObject *object)
{
  TestRelayTransport *self = TEST_RELAY_TRANSPORT (object);

  if (self->inner != NULL)
    g_signal_handlers_disconnect_by_data (self->inner, self);
  g_clear_object (&self->inner);

  G_OBJECT_CLASS (test_relay_transport_parent_class)->dispose (object);
}

static void
test_relay_transport_finalize (GObject *object)
{
  TestRelayTransport *self = TEST_RELAY_TRANSPORT (object);

  g_ptr_array_unref (self->described);
  g_ptr_array_unref (self->prepared);

  G_OBJECT_CLASS (test_relay_transport_parent_class)->finalize (object);
}

static void
test_relay_transport_class_init (TestRelayTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpTransportClass *transport_class = MCP_TRANSPORT_CLASS (klass);

  object_class->dispose = test_relay_transport_dispose;
  object_class->finalize = test_relay_transport_finalize;
  transport_class->open = relay_open;
  transport_class->send = relay_send;
  transport_class->close = relay_close;
  transport_class->prepare_request = relay_prepare_request;
}

static void
test_relay_transport_init (TestRelayTransport *self)
{
  self->described = g_ptr_array_new_with_free_func (g_object_unref);
  self->prepared = g_ptr_array_new_with_free_func (g_free);
}

static TestRelayTransport *
relay_new (const char *era)
{
  TestRelayTransport *self = g_object_new (TEST_TYPE_RELAY_TRANSPORT, NULL);
  g_autofree char *python = mcp_test_find_python ();
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "mcp-stateless-test-server.py",
                                                   NULL);
  const char *argv[] = { python, script, "--era", era, NULL };

  self->inner = MCP_TRANSPORT (mcp_stdio_transport_new (argv));
  g_signal_connect (self->inner, "message-received", G_CALLBACK (on_inner_message), self);
  g_signal_connect (self->inner, "closed", G_CALLBACK (on_inner_closed), self);

  return self;
}

/* ------------------------------------------------------------------------
 * The tests
 * ------------------------------------------------------------------------ */

static McpRequestInfo *
find_described (TestRelayTransport *relay,
                const char         *method,
                const char         *name)
{
  for (guint i = 0; i < relay->described->len; i++)
    {
      McpRequestInfo *info = relay->described->pdata[i];

      if (g_strcmp0 (mcp_request_info_get_method (info), method) == 0 &&
          g_strcmp0 (mcp_request_info_get_name (info), name) == 0)
        return info;
    }

  return NULL;
}

static void
list_tools (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_list_tools_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "tools/list");
  tools = mcp_client_list_tools_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (tools), >, 0);
}

static void
close_client (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "close");
  g_assert_true (mcp_client_close_finish (client, result, &error));
  g_assert_no_error (error);
}

/* Against a server of the stateless revision: every request is described
 * as stateless with its revision and method; a tool call with its name and
 * the Mcp-Param-* values of its annotated arguments, which the client adds
 * before the transport's own virtual method runs. */
static void
test_stateless (void)
{
  g_autoptr(TestRelayTransport) relay = relay_new ("stateless");
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (relay));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GHashTable) headers = NULL;
  g_auto(GStrv) params = NULL;
  McpRequestInfo *info;

  g_assert_true (mcp_test_connect (client, &error));
  g_assert_no_error (error);
  g_assert_true (mcp_client_get_stateless (client));

  /* The probe. */
  info = find_described (relay, "server/discover", NULL);
  g_assert_nonnull (info);
  g_assert_true (mcp_request_info_get_stateless (info));
  g_assert_cmpstr (mcp_request_info_get_protocol_version (info), ==, STATELESS_VERSION);

  /* The client knows the tools' schemas once it listed them. */
  list_tools (client);
  text = mcp_test_call_tool_text (client, "route", "{\"region\": \"Zürich\", \"zone\": 7}");
  g_assert_cmpstr (text, ==, "Zürich");

  info = find_described (relay, "tools/call", "route");
  g_assert_nonnull (info);
  g_assert_true (mcp_request_info_get_stateless (info));
  g_assert_cmpstr (mcp_request_info_get_protocol_version (info), ==, STATELESS_VERSION);
  g_assert_cmpstr (mcp_request_info_get_param (info, "Region"), ==, "Zürich");
  g_assert_cmpstr (mcp_request_info_get_param (info, "zone"), ==, "7");
  params = mcp_request_info_list_params (info);
  g_assert_cmpuint (g_strv_length (params), ==, 2);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (mcp_request_info_get_message (info)));

  headers = mcp_request_info_get_http_headers (info);
  g_assert_cmpstr (g_hash_table_lookup (headers, "MCP-Protocol-Version"), ==, STATELESS_VERSION);
  g_assert_cmpstr (g_hash_table_lookup (headers, "Mcp-Method"), ==, "tools/call");
  g_assert_cmpstr (g_hash_table_lookup (headers, "Mcp-Name"), ==, "route");
  /* Not plain ASCII: base64 of the UTF-8. */
  g_assert_cmpstr (g_hash_table_lookup (headers, "Mcp-Param-Region"), ==, "=?base64?WsO8cmljaA==?=");
  g_assert_cmpstr (g_hash_table_lookup (headers, "Mcp-Param-Zone"), ==, "7");
  g_assert_cmpuint (g_hash_table_size (headers), ==, 5);
  g_clear_pointer (&headers, g_hash_table_unref);

  /* A transport's own handler may change a value: the name is matched
   * ignoring case, the second value replaces the first. */
  g_assert_true (MCP_IS_REQUEST_INFO (info));
  mcp_request_info_set_param (info, "ZONE", "8");
  g_assert_cmpstr (mcp_request_info_get_param (info, "zone"), ==, "8");
  g_clear_pointer (&params, g_strfreev);
  params = mcp_request_info_list_params (info);
  g_assert_cmpuint (g_strv_length (params), ==, 2);
  headers = mcp_request_info_get_http_headers (info);
  g_assert_cmpstr (g_hash_table_lookup (headers, "Mcp-Param-Zone"), ==, "8");

  /* A tool without annotations has no parameters. */
  g_free (g_steal_pointer (&text));
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"plain\"}");
  info = find_described (relay, "tools/call", "echo");
  g_assert_nonnull (info);
  g_assert_null (mcp_request_info_get_param (info, "Region"));

  /* The class handler ran after the client's, and saw its parameters. */
  g_assert_true (g_ptr_array_find_with_equal_func (relay->prepared, "tools/call route 2",
                                                   g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (relay->prepared, "tools/call echo 0",
                                                   g_str_equal, NULL));
  /* Only requests are described: never the answers or notifications. */
  g_assert_cmpuint (relay->prepared->len, ==, relay->described->len);

  close_client (client);
}

/* Against an older server: requests are not stateless, carry no revision,
 * and have no headers of the stateless revision. */
static void
test_legacy (void)
{
  g_autoptr(TestRelayTransport) relay = relay_new ("legacy");
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (relay));
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) headers = NULL;
  g_autofree char *text = NULL;
  McpRequestInfo *info;

  g_assert_true (mcp_test_connect (client, &error));
  g_assert_no_error (error);
  g_assert_false (mcp_client_get_stateless (client));

  info = find_described (relay, "initialize", NULL);
  g_assert_nonnull (info);
  g_assert_false (mcp_request_info_get_stateless (info));
  g_assert_null (mcp_request_info_get_protocol_version (info));

  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"old\"}");
  g_assert_cmpstr (text, ==, "old");
  info = find_described (relay, "tools/call", "echo");
  g_assert_nonnull (info);
  g_assert_false (mcp_request_info_get_stateless (info));
  headers = mcp_request_info_get_http_headers (info);
  g_assert_cmpuint (g_hash_table_size (headers), ==, 0);

  close_client (client);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *python = NULL;

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  python = mcp_test_find_python ();
  if (python == NULL)
    {
      g_print ("1..0 # SKIP python3 is needed to run the test server\n");
      return 0;
    }

  g_test_add_func ("/Mcp/TransportSubclass/stateless", test_stateless);
  g_test_add_func ("/Mcp/TransportSubclass/legacy", test_legacy);

  return g_test_run ();
}
