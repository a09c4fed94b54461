/* test-tools.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Tools through McpClient, against the scripted server mcp-test-server:
 * listing them (all pages, every field, fields mcp-glib does not know
 * kept), and calling them: text and structured results, every kind of
 * content block, a tool that failed, and JSON-RPC errors.
 */

#include <string.h>

#include "mcp-test-scripted.h"

static GListModel *
list_tools (Server *server)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *tools;

  mcp_client_list_tools_async (server->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "tools/list");
  tools = mcp_client_list_tools_finish (server->client, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tools);
  g_assert_true (g_list_model_get_item_type (tools) == MCP_TYPE_TOOL);

  return tools;
}

static McpTool *
find_tool (GListModel *tools,
           const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (g_strcmp0 (mcp_tool_get_name (tool), name) == 0)
        return tool;
    }

  return NULL;
}

static void
test_list_tools (void)
{
  g_autoptr(GListModel) paged = NULL;
  g_autoptr(GListModel) whole = NULL;
  g_autoptr(JsonArray) messages = NULL;
  McpTool *echo;
  McpTool *add;
  JsonObject *schema;
  JsonObject *annotations;
  guint n_lists = 0;
  Server *server;

  server = server_start ("--pages=1", NULL);
  whole = list_tools (server);
  server_close (server);

  server = server_start ("--pages=3", NULL);
  paged = list_tools (server);

  /* All three pages were fetched, following the cursors. */
  messages = get_received (server);
  for (guint i = 0; i < json_array_get_length (messages); i++)
    if (g_strcmp0 (mcp_test_lookup_string (message_at (messages, i), "method"), "tools/list") == 0)
      n_lists++;
  g_assert_cmpuint (n_lists, ==, 3);

  g_assert_cmpuint (g_list_model_get_n_items (whole), >=, 20);
  g_assert_cmpuint (g_list_model_get_n_items (paged), ==, g_list_model_get_n_items (whole));
  for (guint i = 0; i < g_list_model_get_n_items (whole); i++)
    {
      g_autoptr(McpTool) a = g_list_model_get_item (whole, i);
      g_autoptr(McpTool) b = g_list_model_get_item (paged, i);

      g_assert_cmpstr (mcp_tool_get_name (a), ==, mcp_tool_get_name (b));
    }

  echo = find_tool (paged, "echo");
  g_assert_nonnull (echo);
  g_assert_cmpstr (mcp_tool_get_title (echo), ==, "Echo");
  g_assert_cmpstr (mcp_tool_get_description (echo), ==, "Answers with its text argument");
  annotations = mcp_tool_get_annotations (echo);
  g_assert_nonnull (annotations);
  g_assert_true (json_object_get_boolean_member_with_default (annotations, "readOnlyHint", FALSE));
  schema = mcp_tool_get_input_schema (echo);
  g_assert_nonnull (schema);
  g_assert_cmpstr (mcp_test_lookup_string (schema, "type"), ==, "object");
  g_assert_cmpstr (mcp_test_lookup_string (schema, "properties.text.type"), ==, "string");
  g_assert_null (mcp_tool_get_output_schema (echo));
  /* Fields mcp-glib does not know are kept. */
  mcp_test_assert_json_equal (mcp_test_lookup (mcp_tool_get_json (echo), "x-extra"), "{\"kept\":true}");

  add = find_tool (paged, "add");
  g_assert_nonnull (add);
  schema = mcp_tool_get_output_schema (add);
  g_assert_nonnull (schema);
  g_assert_cmpstr (mcp_test_lookup_string (schema, "properties.sum.type"), ==, "number");

  server_close (server);
}

static void
assert_bytes (GBytes     *bytes,
              const char *expected,
              gsize       expected_size)
{
  gsize size;
  const char *data;

  g_assert_nonnull (bytes);
  data = g_bytes_get_data (bytes, &size);
  g_assert_cmpmem (data, size, expected, expected_size);
}

static gboolean
model_has_items (gpointer data)
{
  return g_list_model_get_n_items (data) > 0;
}

/* A server that hands out a fresh cursor on every page: listing stops at
 * the bound on pages with a clear error, and a live model shows what was
 * read. */
static void
test_list_tools_endless (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(JsonArray) messages = NULL;
  GListModel *live;
  guint n_lists = 0;
  Server *server;

  server = server_start ("--endless-pages", NULL);
  mcp_client_list_tools_async (server->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "tools/list");
  tools = mcp_client_list_tools_finish (server->client, result, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_null (tools);
  g_clear_error (&error);

  messages = get_received (server);
  for (guint i = 0; i < json_array_get_length (messages); i++)
    if (g_strcmp0 (mcp_test_lookup_string (message_at (messages, i), "method"), "tools/list") == 0)
      n_lists++;
  g_assert_cmpuint (n_lists, ==, 1000);

  /* The live model keeps the pages it read. */
  live = mcp_client_get_tools_model (server->client);
  g_assert_true (mcp_test_wait_until (model_has_items, live,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  g_assert_cmpuint (g_list_model_get_n_items (live), ==, 1000);

  /* The connection goes on. */
  g_clear_object (&result);
  mcp_client_ping_async (server->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "ping");
  g_assert_true (mcp_client_ping_finish (server->client, result, &error));
  g_assert_no_error (error);
  server_close (server);
}

static guint
tools_lists_received (Server *server)
{
  g_autoptr(JsonArray) messages = get_received (server);
  guint n = 0;

  for (guint i = 0; i < json_array_get_length (messages); i++)
    if (g_strcmp0 (mcp_test_lookup_string (message_at (messages, i), "method"), "tools/list") == 0)
      n++;

  return n;
}

static gboolean
listed_thrice (gpointer data)
{
  return tools_lists_received (data) >= 3;
}

/* The server announces a change, and the refresh it starts fails: the
 * model is read again later, rather than never (the change was dropped
 * with the failed refresh, and the model stayed stale). */
static void
test_live_model_change_after_failure (void)
{
  g_autofree char *text = NULL;
  GListModel *live;
  Server *server;

  server = server_start ("--fail-tools-list=2", NULL);
  live = mcp_client_get_tools_model (server->client);
  g_assert_true (mcp_test_wait_until (model_has_items, live,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  g_assert_cmpuint (tools_lists_received (server), ==, 1);

  text = call_tool_text (server, "notify", "{\"method\":\"notifications/tools/list_changed\"}");
  g_assert_cmpstr (text, ==, "notified");

  g_assert_true (mcp_test_wait_until (listed_thrice, server,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  g_assert_cmpuint (g_list_model_get_n_items (live), >, 0);

  server_close (server);
}

static void
test_call_tool (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(McpContent) block = NULL;
  g_autofree char *text = NULL;
  JsonNode *structured;
  Server *server;

  server = server_start (NULL);

  /* Text. */
  text = call_tool_text (server, "echo", "{\"text\":\"Hello, wörld\"}");
  g_assert_cmpstr (text, ==, "Hello, wörld");
  g_clear_pointer (&text, g_free);

  /* Structured content. */
  result = call_tool (server, "add", "{\"a\":2,\"b\":3}", &error);
  g_assert_no_error (error);
  g_assert_false (mcp_tool_result_get_is_error (result));
  structured = mcp_tool_result_get_structured_content (result);
  g_assert_nonnull (structured);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (structured));
  g_assert_cmpfloat (json_object_get_double_member_with_default (json_node_get_object (structured),
                                                                 "sum", -1),
                     ==, 5);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "5");
  g_clear_pointer (&text, g_free);
  g_clear_object (&result);

  /* Every kind of content block. */
  result = call_tool (server, "content-kinds", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (mcp_tool_result_get_content (result)), ==, 6);
  g_assert_null (mcp_tool_result_get_structured_content (result));

  block = content_at (result, 0);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_TEXT);
  g_assert_cmpstr (mcp_content_get_type_name (block), ==, "text");
  g_assert_cmpstr (mcp_content_get_text (block), ==, "hello");
  g_assert_null (mcp_content_get_data (block));
  g_clear_object (&block);

  block = content_at (result, 1);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_IMAGE);
  g_assert_cmpstr (mcp_content_get_type_name (block), ==, "image");
  g_assert_cmpstr (mcp_content_get_mime_type (block), ==, "image/png");
  assert_bytes (mcp_content_get_data (block), "\x89PNG", 4);
  g_assert_null (mcp_content_get_text (block));
  g_clear_object (&block);

  block = content_at (result, 2);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_AUDIO);
  g_assert_cmpstr (mcp_content_get_mime_type (block), ==, "audio/wav");
  assert_bytes (mcp_content_get_data (block), "RIFF", 4);
  g_clear_object (&block);

  block = content_at (result, 3);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_RESOURCE_LINK);
  g_assert_cmpstr (mcp_content_get_uri (block), ==, "file:///tmp/x.txt");
  g_assert_cmpstr (mcp_content_get_name (block), ==, "x.txt");
  g_assert_cmpstr (mcp_content_get_mime_type (block), ==, "text/plain");
  g_clear_object (&block);

  block = content_at (result, 4);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_RESOURCE);
  g_assert_cmpstr (mcp_content_get_text (block), ==, "embedded");
  g_assert_cmpstr (mcp_content_get_uri (block), ==, "file:///tmp/y.txt");
  g_assert_cmpstr (mcp_content_get_mime_type (block), ==, "text/plain");
  g_clear_object (&block);

  block = content_at (result, 5);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_UNKNOWN);
  g_assert_cmpstr (mcp_content_get_type_name (block), ==, "hologram");
  g_assert_cmpint (json_object_get_int_member_with_default (mcp_content_get_json (block),
                                                            "depth", -1),
                   ==, 3);
  g_assert_null (mcp_content_get_text (block));
  g_assert_null (mcp_content_get_data (block));
  g_clear_object (&block);

  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "hello");
  g_clear_pointer (&text, g_free);
  g_clear_object (&result);

  /* A tool that ran but failed is a result, not an error. */
  result = call_tool (server, "tool-error", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (mcp_tool_result_get_is_error (result));
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "it broke");
  g_clear_pointer (&text, g_free);
  g_clear_object (&result);

  /* A JSON-RPC error keeps its code and message. */
  result = call_tool (server, "fail", NULL, &error);
  g_assert_null (result);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_PARAMS);
  g_assert_nonnull (strstr (error->message, "Invalid arguments"));
  g_clear_error (&error);

  result = call_tool (server, "no-such-tool", NULL, &error);
  g_assert_null (result);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_PARAMS);
  g_clear_error (&error);

  /* Errors leave the connection usable. */
  assert_echo_works (server);

  server_close (server);
}

int
main (int   argc,
      char *argv[])
{
  scripted_test_init (&argc, &argv);

  g_test_add_func ("/Mcp/Client/list-tools", test_list_tools);
  g_test_add_func ("/Mcp/Client/list-tools-endless", test_list_tools_endless);
  g_test_add_func ("/Mcp/Client/live-model-change-after-failure",
                   test_live_model_change_after_failure);
  g_test_add_func ("/Mcp/Client/call-tool", test_call_tool);

  return scripted_test_run ();
}
