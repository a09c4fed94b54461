/* command-server.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The commands about the server itself: info (what the handshake said),
 * ping, and the overview that runs without a command (info and the
 * tools).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

static void
on_overview_tools_listed (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GError) error = NULL;

  tools = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);
  if (tools == NULL)
    {
      cli_app_fail_request (app, error, _("Could not list the tools"));
      return;
    }

  if (app->json)
    {
      g_autoptr(JsonObject) object_json = cli_dup_server_json (app);
      JsonArray *array = json_array_new ();

      for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
        {
          g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

          json_array_add_object_element (array, json_object_ref (mcp_tool_get_json (tool)));
        }
      json_object_set_array_member (object_json, "tools", array);
      cli_print_json_object (object_json, FALSE);
    }
  else
    {
      cli_print_server_info (app);
      fprintf (stdout, "\n%s\n", _("Tools:"));
      cli_print_tools (app, tools);
    }

  cli_app_finish (app, EXIT_OK);
}

static void
run_overview (CliApp *app)
{
  mcp_client_list_tools_async (app->client, app->cancellable, on_overview_tools_listed, app);
}

const CliCommand cli_overview_command = {
  .parse = cli_parse_nothing,
  .run = run_overview,
};

static void
run_info (CliApp *app)
{
  if (app->json)
    {
      g_autoptr(JsonObject) object = cli_dup_server_json (app);

      cli_print_json_object (object, FALSE);
    }
  else
    {
      cli_print_server_info (app);
    }

  cli_app_finish (app, EXIT_OK);
}

const CliCommand cli_info_command = {
  .name = "info",
  .arguments = "",
  .summary = N_("Show the server’s name, version, protocol, capabilities and instructions"),
  .parse = cli_parse_nothing,
  .run = run_info,
};

static void
on_pinged (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  CliApp *app = user_data;
  gint64 *start = app->command_data;
  g_autoptr(GError) error = NULL;
  double elapsed_ms;

  if (!mcp_client_ping_finish (MCP_CLIENT (object), result, &error))
    {
      cli_app_fail_request (app, error, _("The server did not answer the ping"));
      return;
    }

  elapsed_ms = (g_get_monotonic_time () - *start) / 1000.0;

  if (app->json)
    fputs ("{}\n", stdout);
  else
    fprintf (stdout, _("The server answered in %.1f ms\n"), elapsed_ms);

  cli_app_finish (app, EXIT_OK);
}

static void
run_ping (CliApp *app)
{
  gint64 *start = g_new (gint64, 1);

  *start = g_get_monotonic_time ();
  app->command_data = start;
  app->command_data_free = g_free;
  mcp_client_ping_async (app->client, app->cancellable, on_pinged, app);
}

const CliCommand cli_ping_command = {
  .name = "ping",
  .arguments = "",
  .summary = N_("Check that the server answers"),
  .parse = cli_parse_nothing,
  .run = run_ping,
};
