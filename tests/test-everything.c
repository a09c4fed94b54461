/* test-everything.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Interoperability with the reference server from npm,
 * @modelcontextprotocol/server-everything (pinned in tests/package.json and
 * installed by the README's test command), over stdio: the handshake, the
 * tool list, and calls whose results exercise every content type, structured
 * content, progress, cancellation and the environment the server receives.
 * The tests are skipped when the npm peers are not installed.
 */

#include <string.h>

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

typedef struct
{
  McpStdioTransport *transport;
  McpClient         *client;
} Fixture;

static char *
everything_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "node_modules", "@modelcontextprotocol",
                                "server-everything", "dist", "index.js", NULL);
}

static gboolean
fixture_connect (Fixture            *fixture,
                 const char * const *inherit_env)
{
  g_autofree char *path = everything_path ();
  g_autofree char *node = g_find_program_in_path ("node");
  const char *argv[] = { "node", path, "stdio", NULL };
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS) || node == NULL)
    {
      g_test_skip ("server-everything is not installed (npm ci in tests/)");
      return FALSE;
    }

  fixture->transport = mcp_stdio_transport_new (argv);
  mcp_stdio_transport_set_inherit_env (fixture->transport, inherit_env);
  fixture->client = mcp_client_new (MCP_TRANSPORT (fixture->transport));
  mcp_client_connect_async (fixture->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the handshake with server-everything");
  g_assert_true (mcp_client_connect_finish (fixture->client, result, &error));
  g_assert_no_error (error);

  return TRUE;
}

static void
fixture_close (Fixture *fixture)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GSubprocess *process = mcp_stdio_transport_get_subprocess (fixture->transport);

  mcp_client_close_async (fixture->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "server-everything to shut down");
  g_assert_true (mcp_client_close_finish (fixture->client, result, &error));
  g_assert_no_error (error);
  /* The shutdown sequence only completes once the server has exited. */
  g_assert_null (g_subprocess_get_identifier (process));

  g_clear_object (&fixture->client);
  g_clear_object (&fixture->transport);
}

static McpToolResult *
call_tool (Fixture            *fixture,
           const char         *name,
           const char         *arguments_json,
           McpRequestOptions  *options,
           GCancellable       *cancellable,
           GError            **error)
{
  return mcp_test_call_tool (fixture->client, name, arguments_json, options, cancellable, error);
}

static char *
call_tool_text (Fixture    *fixture,
                const char *name,
                const char *arguments_json)
{
  return mcp_test_call_tool_text (fixture->client, name, arguments_json);
}

static void
test_connect (void)
{
  Fixture fixture = { 0 };
  McpImplementation *info;
  JsonObject *capabilities;

  if (!fixture_connect (&fixture, NULL))
    return;

  info = mcp_client_get_server_info (fixture.client);
  g_assert_cmpstr (mcp_implementation_get_name (info), ==, "mcp-servers/everything");
  g_assert_nonnull (mcp_implementation_get_version (info));
  g_assert_cmpstr (mcp_client_get_protocol_version (fixture.client), ==, "2025-11-25");
  g_assert_cmpint (mcp_client_get_state (fixture.client), ==, MCP_CLIENT_STATE_READY);
  g_assert_nonnull (strstr (mcp_client_get_instructions (fixture.client), "Everything"));

  capabilities = mcp_client_get_server_capabilities (fixture.client);
  g_assert_true (json_object_has_member (capabilities, "tools"));
  g_assert_true (json_object_has_member (capabilities, "resources"));
  g_assert_true (json_object_has_member (capabilities, "prompts"));
  g_assert_true (json_object_has_member (capabilities, "logging"));

  fixture_close (&fixture);
}

static McpTool *
find_tool (GListModel *tools,
           const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (g_str_equal (mcp_tool_get_name (tool), name))
        return g_steal_pointer (&tool);
    }

  return NULL;
}

static void
test_list_tools (void)
{
  Fixture fixture = { 0 };
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpTool) echo = NULL;
  g_autoptr(McpTool) structured = NULL;
  g_autoptr(McpTool) roots = NULL;
  const char * const expected[] = {
    "echo", "get-sum", "get-tiny-image", "get-structured-content", "get-annotated-message",
    "get-resource-links", "get-env", "trigger-long-running-operation",
  };

  if (!fixture_connect (&fixture, NULL))
    return;

  mcp_client_list_tools_async (fixture.client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the list of tools");
  tools = mcp_client_list_tools_finish (fixture.client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_item_type (tools), ==, MCP_TYPE_TOOL);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(McpTool) tool = find_tool (tools, expected[i]);

      g_assert_nonnull (tool);
      g_assert_nonnull (mcp_tool_get_input_schema (tool));
    }

  echo = find_tool (tools, "echo");
  g_assert_cmpstr (mcp_tool_get_description (echo), ==, "Echoes back the input string");
  g_assert_true (json_object_has_member (json_object_get_object_member (
                   mcp_tool_get_input_schema (echo), "properties"), "message"));

  structured = find_tool (tools, "get-structured-content");
  g_assert_nonnull (mcp_tool_get_output_schema (structured));

  /* Only offered to clients that declare the roots capability. */
  roots = find_tool (tools, "get-roots-list");
  g_assert_null (roots);

  fixture_close (&fixture);
}

static void
test_text_tools (void)
{
  Fixture fixture = { 0 };
  g_autofree char *echo = NULL;
  g_autofree char *sum = NULL;

  if (!fixture_connect (&fixture, NULL))
    return;

  echo = call_tool_text (&fixture, "echo", "{\"message\": \"héllo ✓ \\\"quoted\\\"\\nline\"}");
  g_assert_cmpstr (echo, ==, "Echo: héllo ✓ \"quoted\"\nline");

  sum = call_tool_text (&fixture, "get-sum", "{\"a\": 2, \"b\": 3}");
  g_assert_cmpstr (sum, ==, "The sum of 2 and 3 is 5.");

  fixture_close (&fixture);
}

static void
test_content_types (void)
{
  Fixture fixture = { 0 };
  g_autoptr(McpToolResult) image = NULL;
  g_autoptr(McpToolResult) links = NULL;
  g_autoptr(McpToolResult) annotated = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpContent) block = NULL;
  GListModel *content;
  GBytes *data;
  gsize size;
  const guint8 *bytes;

  if (!fixture_connect (&fixture, NULL))
    return;

  image = call_tool (&fixture, "get-tiny-image", "{}", NULL, NULL, &error);
  g_assert_no_error (error);
  content = mcp_tool_result_get_content (image);
  g_assert_cmpuint (g_list_model_get_n_items (content), ==, 3);
  block = g_list_model_get_item (content, 1);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_IMAGE);
  g_assert_cmpstr (mcp_content_get_mime_type (block), ==, "image/png");
  data = mcp_content_get_data (block);
  bytes = g_bytes_get_data (data, &size);
  g_assert_cmpuint (size, >, 8);
  g_assert_cmpmem (bytes, 4, "\x89PNG", 4);
  g_clear_object (&block);

  links = call_tool (&fixture, "get-resource-links", "{\"count\": 2}", NULL, NULL, &error);
  g_assert_no_error (error);
  content = mcp_tool_result_get_content (links);
  g_assert_cmpuint (g_list_model_get_n_items (content), ==, 3);
  for (guint i = 1; i < 3; i++)
    {
      g_autoptr(McpContent) link = g_list_model_get_item (content, i);

      g_assert_cmpint (mcp_content_get_kind (link), ==, MCP_CONTENT_KIND_RESOURCE_LINK);
      g_assert_true (g_str_has_prefix (mcp_content_get_uri (link), "demo://"));
      g_assert_nonnull (mcp_content_get_name (link));
    }

  annotated = call_tool (&fixture, "get-annotated-message",
                         "{\"messageType\": \"error\", \"includeImage\": true}",
                         NULL, NULL, &error);
  g_assert_no_error (error);
  content = mcp_tool_result_get_content (annotated);
  g_assert_cmpuint (g_list_model_get_n_items (content), ==, 2);
  block = g_list_model_get_item (content, 0);
  g_assert_cmpstr (mcp_content_get_text (block), ==, "Error: Operation failed");
  g_assert_nonnull (mcp_content_get_annotations (block));
  g_assert_true (json_object_has_member (mcp_content_get_annotations (block), "priority"));

  fixture_close (&fixture);
}

static void
test_structured_content (void)
{
  Fixture fixture = { 0 };
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  JsonNode *structured;
  JsonObject *object;

  if (!fixture_connect (&fixture, NULL))
    return;

  result = call_tool (&fixture, "get-structured-content", "{\"location\": \"New York\"}",
                      NULL, NULL, &error);
  g_assert_no_error (error);
  structured = mcp_tool_result_get_structured_content (result);
  g_assert_nonnull (structured);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (structured));
  object = json_node_get_object (structured);
  g_assert_true (json_object_has_member (object, "temperature"));
  g_assert_true (json_object_has_member (object, "conditions"));
  g_assert_true (json_object_has_member (object, "humidity"));

  fixture_close (&fixture);
}

static void
on_progress (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             gpointer           user_data)
{
  GArray *seen = user_data;

  g_assert_cmpfloat (total, ==, 4);
  g_array_append_val (seen, progress);
}

static void
test_progress (void)
{
  Fixture fixture = { 0 };
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!fixture_connect (&fixture, NULL))
    return;

  g_signal_connect (options, "progress", G_CALLBACK (on_progress), seen);
  result = call_tool (&fixture, "trigger-long-running-operation",
                      "{\"duration\": 1, \"steps\": 4}", options, NULL, &error);
  g_assert_no_error (error);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "Long running operation completed. Duration: 1 seconds, Steps: 4.");

  g_assert_cmpuint (seen->len, ==, 4);
  for (guint i = 0; i < seen->len; i++)
    g_assert_cmpfloat (g_array_index (seen, double, i), ==, i + 1);

  fixture_close (&fixture);
}

static gboolean
cancel_later (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

static void
test_cancel (void)
{
  Fixture fixture = { 0 };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *echo = NULL;
  gint64 start;

  if (!fixture_connect (&fixture, NULL))
    return;

  start = g_get_monotonic_time ();
  g_timeout_add (200, cancel_later, cancellable);
  result = call_tool (&fixture, "trigger-long-running-operation",
                      "{\"duration\": 10, \"steps\": 10}", NULL, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (result);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);

  echo = call_tool_text (&fixture, "echo", "{\"message\": \"after cancel\"}");
  g_assert_cmpstr (echo, ==, "Echo: after cancel");

  fixture_close (&fixture);
}

static void
test_unknown_tool (void)
{
  Fixture fixture = { 0 };
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!fixture_connect (&fixture, NULL))
    return;

  /* The TypeScript SDK reports an unknown tool as a failed result. */
  result = call_tool (&fixture, "no-such-tool", "{}", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (mcp_tool_result_get_is_error (result));
  text = mcp_tool_result_dup_text (result);
  g_assert_nonnull (strstr (text, "no-such-tool"));

  fixture_close (&fixture);
}

static JsonObject *
server_environment (Fixture *fixture)
{
  g_autofree char *text = call_tool_text (fixture, "get-env", "{}");
  g_autoptr(JsonNode) node = json_from_string (text, NULL);

  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));

  return json_object_ref (json_node_get_object (node));
}

static void
test_environment (void)
{
  Fixture fixture = { 0 };
  g_autoptr(JsonObject) env = NULL;
  const char * const inherit[] = { "SECRET_TOKEN", NULL };

  g_setenv ("SECRET_TOKEN", "hunter2", TRUE);

  if (!fixture_connect (&fixture, NULL))
    return;
  env = server_environment (&fixture);
  g_assert_false (json_object_has_member (env, "SECRET_TOKEN"));
  g_assert_true (json_object_has_member (env, "PATH"));
  g_clear_pointer (&env, json_object_unref);
  fixture_close (&fixture);

  g_assert_true (fixture_connect (&fixture, inherit));
  env = server_environment (&fixture);
  g_assert_cmpstr (json_object_get_string_member (env, "SECRET_TOKEN"), ==, "hunter2");
  fixture_close (&fixture);

  g_unsetenv ("SECRET_TOKEN");
}

static void
test_ping (void)
{
  Fixture fixture = { 0 };
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  if (!fixture_connect (&fixture, NULL))
    return;

  mcp_client_request_async (fixture.client, "ping", NULL, NULL, NULL, mcp_test_store_result_cb,
                            &result);
  mcp_test_await_result (&result, "the answer to ping");
  answer = mcp_client_request_finish (fixture.client, result, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (answer));
  g_assert_cmpuint (json_object_get_size (json_node_get_object (answer)), ==, 0);

  fixture_close (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();
  /* server-everything runs on node: it gets a minute for each answer. */
  mcp_test_set_safety_timeout (60);

  g_test_add_func ("/Mcp/Everything/connect", test_connect);
  g_test_add_func ("/Mcp/Everything/list-tools", test_list_tools);
  g_test_add_func ("/Mcp/Everything/text-tools", test_text_tools);
  g_test_add_func ("/Mcp/Everything/content-types", test_content_types);
  g_test_add_func ("/Mcp/Everything/structured-content", test_structured_content);
  g_test_add_func ("/Mcp/Everything/progress", test_progress);
  g_test_add_func ("/Mcp/Everything/cancel", test_cancel);
  g_test_add_func ("/Mcp/Everything/unknown-tool", test_unknown_tool);
  g_test_add_func ("/Mcp/Everything/environment", test_environment);
  g_test_add_func ("/Mcp/Everything/ping", test_ping);

  return g_test_run ();
}
