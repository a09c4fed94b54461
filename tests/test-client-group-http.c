/* test-client-group-http.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpClientGroup through the public API with remote servers: the scripted
 * HTTP server (mcp-http-test-server.py), beside the demo server over
 * stdio, both with `echo`. A remote server that goes away is stopped and
 * started again on the same port. The helpers shared with the tests over
 * stdio are in mcp-group-test-util.c.
 */

#include <mcp-glib/mcp-glib.h>

#include "mcp-group-test-util.h"

static char *http_server_script;

typedef struct
{
  GSubprocess *process;
  guint        port;
  char        *url;
} HttpServer;

/* On @port, or on a free one when it is 0. */
static HttpServer *
http_server_start (guint port)
{
  g_autofree char *port_arg = g_strdup_printf ("--port=%u", port);
  const char *argv[] = { python_path, http_server_script, port_arg, NULL };
  g_autoptr(GDataInputStream) output = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  HttpServer *server = g_new0 (HttpServer, 1);
  guint64 listening = 0;

  server->process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                             G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->process));
  g_data_input_stream_read_line_async (output, G_PRIORITY_DEFAULT, NULL, mcp_test_store_result_cb,
                                       &result);
  line = g_data_input_stream_read_line_finish_utf8 (output, mcp_test_await_result (&result, "the port"),
                                                    NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_ascii_string_to_unsigned (line, 10, 1, G_MAXUINT16, &listening, &error));
  server->port = listening;
  server->url = g_strdup_printf ("http://127.0.0.1:%u/mcp", server->port);

  return server;
}

static void
http_server_stop (HttpServer *server)
{
  g_subprocess_force_exit (server->process);
  wait_for_exit (server->process);
  g_object_unref (server->process);
  g_free (server->url);
  g_free (server);
}

static void
test_http_server (void)
{
  HttpServer *http = http_server_start (0);
  g_autofree char *text = NULL;
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(McpClientGroup) group = NULL;
  g_autofree char *config = NULL;
  g_autofree char *echoed = NULL;
  McpGroupServer *web;
  GListModel *tools;

  config = g_strdup_printf ("{\"servers\": {\"demo\": {\"type\": \"stdio\", \"command\": \"DEMO\"},"
                            " \"web\": {\"type\": \"http\", \"url\": \"%s\"}}}", http->url);
  registry = registry_with (config);
  group = group_for (registry);
  tools = mcp_client_group_get_tools (group);
  connect_group (group);

  web = server_named (group, "web");
  g_assert_cmpint (mcp_group_server_get_state (web), ==, MCP_GROUP_SERVER_STATE_READY);
  g_assert_true (MCP_IS_HTTP_TRANSPORT (mcp_client_get_transport (mcp_group_server_get_client (web))));
  g_assert_nonnull (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "web__echo", NULL));
  g_assert_nonnull (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "demo__echo", NULL));

  echoed = call_tool_text (group, "web__echo", "{\"text\": \"over http\"}");
  g_assert_cmpstr (echoed, ==, "over http");

  /* The server forgets the session: the transport starts a new one. */
  text = call_tool_text (group, "expire-session", "{}");
  g_clear_pointer (&echoed, g_free);
  echoed = call_tool_text (group, "web__echo", "{\"text\": \"new session\"}");
  g_assert_cmpstr (echoed, ==, "new session");
  g_assert_cmpint (mcp_group_server_get_state (web), ==, MCP_GROUP_SERVER_STATE_READY);
  g_assert_cmpuint (g_list_model_get_n_items (tools), >, n_demo_tools ());

  close_group (group);
  http_server_stop (http);
}

/* A remote server that goes away leaves no trace but failing requests:
 * a failed call, or a ping, finds out, and it is connected again once it
 * is back. */
static void
test_http_server_gone (void)
{
  HttpServer *http = http_server_start (0);
  guint port = http->port;
  g_autoptr(McpServerConfig) config = mcp_server_config_new_http ("web", http->url);
  g_autoptr(McpClientGroup) group = mcp_client_group_new ();
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *echoed = NULL;
  McpGroupServer *web;

  mcp_client_group_set_reconnect_delay (group, 50);
  mcp_client_group_set_max_reconnect_delay (group, 200);
  mcp_client_group_set_ping_interval (group, 0);
  web = mcp_client_group_add_config (group, config, &error);
  g_assert_no_error (error);
  connect_group (group);
  g_assert_cmpint (mcp_group_server_get_state (web), ==, MCP_GROUP_SERVER_STATE_READY);

  /* Without pings, a failed call is what tells. */
  http_server_stop (http);
  result = call_tool (group, "echo", "{\"text\": \"anyone?\"}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
  g_clear_error (&error);
  wait_for_state (web, MCP_GROUP_SERVER_STATE_FAILED);
  g_assert_error (mcp_group_server_get_error (web), G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
  g_assert_cmpuint (g_list_model_get_n_items (mcp_client_group_get_tools (group)), ==, 0);

  /* Back on the same address: connected again, and pinged from now on. */
  mcp_client_group_set_ping_interval (group, 100);
  http = http_server_start (port);
  wait_for_state (web, MCP_GROUP_SERVER_STATE_READY);
  echoed = call_tool_text (group, "echo", "{\"text\": \"back\"}");
  g_assert_cmpstr (echoed, ==, "back");

  /* With pings, nothing needs to be called. */
  http_server_stop (http);
  wait_for_state (web, MCP_GROUP_SERVER_STATE_FAILED);
  http = http_server_start (port);
  wait_for_state (web, MCP_GROUP_SERVER_STATE_READY);

  close_group (group);
  http_server_stop (http);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  group_test_init (&argc, &argv);
  http_server_script = g_test_build_filename (G_TEST_DIST, "mcp-http-test-server.py", NULL);

  g_test_add_func ("/Mcp/ClientGroup/http-server", test_http_server);
  g_test_add_func ("/Mcp/ClientGroup/http-server-gone", test_http_server_gone);

  ret = group_test_run ();

  g_free (http_server_script);

  return ret;
}
