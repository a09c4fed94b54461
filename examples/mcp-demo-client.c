/* mcp-demo-client.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A small command-line MCP client built on mcp-glib: it starts a server
 * (the bundled demo server unless told otherwise), prints what the server
 * says about itself and its tools, and calls one tool if asked to. It is
 * also the shortest complete example of the asynchronous API.
 *
 *   mcp-demo-client [--server "COMMAND ARGS"] [TOOL [JSON-ARGUMENTS]]
 */

#include "config.h"

#include <locale.h>
#include <stdlib.h>

#include <mcp-glib/mcp-glib.h>

typedef struct
{
  GMainLoop  *loop;
  McpClient  *client;
  const char *tool;
  JsonObject *arguments;
  int         status;
} Demo;

static void
finish (Demo *demo,
        int   status)
{
  demo->status = status;
  g_main_loop_quit (demo->loop);
}

static void
print_json (const char *label,
            JsonNode   *node)
{
  g_autofree char *text = json_to_string (node, TRUE);

  g_print ("%s%s\n", label, text);
}

static void
on_progress (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             gpointer           user_data)
{
  if (total > 0)
    g_print ("  progress %g/%g%s%s\n", progress, total, message ? ": " : "", message ? message : "");
  else
    g_print ("  progress %g%s%s\n", progress, message ? ": " : "", message ? message : "");
}

static void
on_log_message (McpClient  *client,
                const char *method,
                JsonNode   *params,
                gpointer    user_data)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (params) ? json_node_get_object (params) : NULL;
  JsonNode *data = object ? json_object_get_member (object, "data") : NULL;
  g_autofree char *text = data ? json_to_string (data, FALSE) : g_strdup ("");
  const char *level = object && json_object_has_member (object, "level")
                      ? json_object_get_string_member (object, "level") : "info";

  g_print ("  [server log, %s] %s\n", level, text);
}

static void
on_tool_called (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Demo *demo = user_data;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *content;
  JsonNode *structured;

  tool_result = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);
  if (tool_result == NULL)
    {
      g_printerr ("Calling “%s” failed: %s\n", demo->tool, error->message);
      finish (demo, 3);
      return;
    }

  g_print ("Result of %s%s:\n", demo->tool,
           mcp_tool_result_get_is_error (tool_result) ? " (the tool reported an error)" : "");

  content = mcp_tool_result_get_content (tool_result);
  for (guint i = 0; i < g_list_model_get_n_items (content); i++)
    {
      g_autoptr(McpContent) block = g_list_model_get_item (content, i);

      if (mcp_content_get_kind (block) == MCP_CONTENT_KIND_TEXT)
        g_print ("  %s\n", mcp_content_get_text (block));
      else
        g_print ("  [%s block]\n", mcp_content_get_type_name (block));
    }

  if ((structured = mcp_tool_result_get_structured_content (tool_result)))
    print_json ("  structured: ", structured);

  finish (demo, mcp_tool_result_get_is_error (tool_result) ? 3 : 0);
}

static void
on_tools_listed (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Demo *demo = user_data;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpRequestOptions) options = NULL;

  tools = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);
  if (tools == NULL)
    {
      g_printerr ("Listing the tools failed: %s\n", error->message);
      finish (demo, 2);
      return;
    }

  g_print ("Tools:\n");
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);
      const char *description = mcp_tool_get_description (tool);

      g_print ("  %-12s %s\n", mcp_tool_get_name (tool), description ? description : "");
    }

  if (demo->tool == NULL)
    {
      finish (demo, 0);
      return;
    }

  options = mcp_request_options_new ();
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), demo);
  g_print ("Calling %s…\n", demo->tool);
  mcp_client_call_tool_full_async (demo->client, demo->tool, demo->arguments, options,
                                   NULL, on_tool_called, demo);
}

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Demo *demo = user_data;
  g_autoptr(GError) error = NULL;
  McpImplementation *info;
  const char *title;

  if (!mcp_client_connect_finish (demo->client, result, &error))
    {
      g_printerr ("Could not connect: %s\n", error->message);
      finish (demo, 2);
      return;
    }

  info = mcp_client_get_server_info (demo->client);
  title = mcp_implementation_get_title (info);
  g_print ("Connected to %s %s%s%s%s (protocol %s)\n",
           mcp_implementation_get_name (info),
           mcp_implementation_get_version (info),
           title ? " “" : "", title ? title : "", title ? "”" : "",
           mcp_client_get_protocol_version (demo->client));
  if (mcp_client_get_instructions (demo->client))
    g_print ("Instructions: %s\n", mcp_client_get_instructions (demo->client));

  mcp_client_list_tools_async (demo->client, NULL, on_tools_listed, demo);
}

static void
on_closed (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_main_loop_quit (user_data);
}

/* The demo server is installed, or built, next to this program. */
static char *
default_server (void)
{
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self_path != NULL ? g_path_get_dirname (self_path) : NULL;
  g_autofree char *path = dir != NULL ? g_build_filename (dir, "mcp-demo-server", NULL) : NULL;

  if (path != NULL && g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    return g_steal_pointer (&path);

  return g_strdup ("mcp-demo-server");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpStdioTransport) transport = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(JsonObject) arguments = NULL;
  g_autofree char *server = NULL;
  g_auto(GStrv) server_argv = NULL;
  Demo demo = { 0 };
  GOptionEntry entries[] = {
    { "server", 's', 0, G_OPTION_ARG_STRING, &server,
      "The server command (default: the bundled demo server)", "COMMAND" },
    G_OPTION_ENTRY_NULL
  };

  setlocale (LC_ALL, "");

  context = g_option_context_new ("[TOOL [JSON-ARGUMENTS]] - talk to an MCP server");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  if (server == NULL)
    server = default_server ();
  if (!g_shell_parse_argv (server, NULL, &server_argv, &error))
    {
      g_printerr ("Invalid server command: %s\n", error->message);
      return 1;
    }

  if (argc > 2)
    {
      g_autoptr(JsonNode) node = json_from_string (argv[2], &error);

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          g_printerr ("The tool arguments must be a JSON object%s%s\n",
                      error ? ": " : "", error ? error->message : "");
          return 1;
        }
      arguments = json_object_ref (json_node_get_object (node));
    }

  loop = g_main_loop_new (NULL, FALSE);
  transport = mcp_stdio_transport_new ((const char * const *) server_argv);
  demo.loop = loop;
  demo.client = mcp_client_new (MCP_TRANSPORT (transport));
  demo.tool = argc > 1 ? argv[1] : NULL;
  demo.arguments = arguments;

  g_signal_connect (demo.client, "notification::notifications/message",
                    G_CALLBACK (on_log_message), &demo);

  mcp_client_connect_async (demo.client, NULL, on_connected, &demo);
  g_main_loop_run (loop);

  mcp_client_close_async (demo.client, NULL, on_closed, loop);
  g_main_loop_run (loop);
  g_object_unref (demo.client);

  return demo.status;
}
