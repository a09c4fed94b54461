/* example.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * mcp-glib from C: start the demo server, list its tools, call echo, call
 * countdown while printing its progress, close. Errors are reported as an
 * application reports them: the GError's message on stderr, the server
 * stopped, and a failure exit status. To stay short it waits for
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

/* Lists the tools, calls echo and countdown; stops at the first error. */
static gboolean
run (McpClient  *client,
     GError    **error)
{
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
  g_autoptr(JsonObject) echo_arguments = json_object_new ();
  g_autoptr(JsonObject) countdown_arguments = json_object_new ();
  g_autoptr(GAsyncResult) listed = NULL, echoed = NULL, counted = NULL;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(McpToolResult) echo = NULL, countdown = NULL;
  g_autofree char *echo_text = NULL, *countdown_text = NULL;

  mcp_client_list_tools_async (client, NULL, store_result, &listed);
  tools = mcp_client_list_tools_finish (client, wait_for (&listed), error);
  if (tools == NULL)
    return FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);
      g_print ("tool: %s - %s\n", mcp_tool_get_name (tool), mcp_tool_get_description (tool));
    }

  json_object_set_string_member (echo_arguments, "text", "Hello from C");
  mcp_client_call_tool_async (client, "echo", echo_arguments, NULL, NULL, store_result, &echoed);
  echo = mcp_client_call_tool_finish (client, wait_for (&echoed), error);
  if (echo == NULL)
    return FALSE;
  echo_text = mcp_tool_result_dup_text (echo);
  /* The call worked, but the tool may still report a failure of its own. */
  if (mcp_tool_result_get_is_error (echo))
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_INTERNAL_ERROR, "echo failed: %s", echo_text);
      return FALSE;
    }
  g_print ("echo: %s\n", echo_text);

  json_object_set_int_member (countdown_arguments, "from", 3);
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), NULL);
  mcp_client_call_tool_async (client, "countdown", countdown_arguments, options, NULL,
                              store_result, &counted);
  countdown = mcp_client_call_tool_finish (client, wait_for (&counted), error);
  if (countdown == NULL)
    return FALSE;
  countdown_text = mcp_tool_result_dup_text (countdown);
  g_print ("countdown: %s\n", countdown_text);

  return TRUE;
}

int
main (void)
{
  const char *server = g_getenv ("MCP_DEMO_SERVER");
  const char *argv[] = { server != NULL ? server : "mcp-glib-demo-server", NULL };
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) connected = NULL, closed = NULL;
  g_autoptr(GError) error = NULL;
  int status = EXIT_SUCCESS;

  mcp_client_connect_async (client, NULL, store_result, &connected);
  if (!mcp_client_connect_finish (client, wait_for (&connected), &error))
    {
      /* Says why: the server's exit status and its last lines of stderr. */
      g_printerr ("Could not start the MCP server: %s\n", error->message);
      return EXIT_FAILURE;
    }

  if (!run (client, &error))
    {
      g_printerr ("%s\n", error->message);
      status = EXIT_FAILURE;
    }

  /* Closing stops the server in any case. */
  mcp_client_close_async (client, NULL, store_result, &closed);
  g_clear_error (&error);
  if (!mcp_client_close_finish (client, wait_for (&closed), &error))
    {
      g_printerr ("The MCP server did not stop cleanly: %s\n", error->message);
      status = EXIT_FAILURE;
    }

  return status;
}
