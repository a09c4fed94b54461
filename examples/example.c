/* example.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * mcp-glib from C: start the demo server, list its tools, call echo, call
 * countdown while printing its progress, close. To stay short it waits for
 * each asynchronous call by iterating the main context; an application
 * would carry on in the callbacks instead.
 *
 *   cc example.c $(pkg-config --cflags --libs mcp-glib-1)
 */

#include <mcp-glib/mcp-glib.h>

static void
store_result (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static GAsyncResult *
wait_for (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *result;
}

static void
on_progress (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             gpointer           user_data)
{
  g_print ("progress %g/%g\n", progress, total);
}

int
main (void)
{
  const char *server = g_getenv ("MCP_DEMO_SERVER");
  const char *argv[] = { server != NULL ? server : "mcp-glib-demo-server", NULL };
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
  g_autoptr(JsonObject) echo_arguments = json_object_new ();
  g_autoptr(JsonObject) countdown_arguments = json_object_new ();
  g_autoptr(GAsyncResult) connected = NULL, listed = NULL, echoed = NULL, counted = NULL;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(McpToolResult) echo = NULL, countdown = NULL;
  g_autofree char *echo_text = NULL, *countdown_text = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_connect_async (client, NULL, store_result, &connected);
  if (!mcp_client_connect_finish (client, wait_for (&connected), &error))
    g_error ("Could not connect: %s", error->message);

  mcp_client_list_tools_async (client, NULL, store_result, &listed);
  tools = mcp_client_list_tools_finish (client, wait_for (&listed), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);
      g_print ("tool: %s - %s\n", mcp_tool_get_name (tool), mcp_tool_get_description (tool));
    }

  json_object_set_string_member (echo_arguments, "text", "Hello from C");
  mcp_client_call_tool_async (client, "echo", echo_arguments, NULL, store_result, &echoed);
  echo = mcp_client_call_tool_finish (client, wait_for (&echoed), &error);
  g_assert_no_error (error);
  echo_text = mcp_tool_result_dup_text (echo);
  g_print ("echo: %s\n", echo_text);

  json_object_set_int_member (countdown_arguments, "from", 3);
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), NULL);
  mcp_client_call_tool_full_async (client, "countdown", countdown_arguments, options, NULL,
                                   store_result, &counted);
  countdown = mcp_client_call_tool_full_finish (client, wait_for (&counted), &error);
  g_assert_no_error (error);
  countdown_text = mcp_tool_result_dup_text (countdown);
  g_print ("countdown: %s\n", countdown_text);

  g_clear_object (&connected);
  mcp_client_close_async (client, NULL, store_result, &connected);
  return mcp_client_close_finish (client, wait_for (&connected), NULL) ? 0 : 1;
}
