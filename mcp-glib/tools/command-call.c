/* command-call.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The call command: calls a tool and prints its result, with a progress
 * bar on a terminal while the tool reports progress. Its arguments come
 * as a JSON object or as ARGUMENT=VALUE pairs; pairs are converted by the
 * tool's input schema, which takes listing the tools first
 * (tool-arguments.c). follow calls a tool the same way before it starts
 * following.
 */

#include "config.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

/* TOOL [ARGUMENT=VALUE…|JSON], for call and follow. */
gboolean
cli_parse_tool_call (CliApp  *app,
                     char   **args,
                     GError **error)
{
  app->name = g_strdup (args[0]);
  app->tool_arguments = cli_tool_arguments_parse (args + 1, error);
  return app->tool_arguments != NULL;
}

static gboolean
parse_call (CliApp  *app,
            char   **args,
            GError **error)
{
  return cli_expect_arguments (app, args, 1, G_MAXUINT, error) &&
         cli_parse_tool_call (app, args, error);
}

static void
on_progress (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             gpointer           user_data)
{
  CliApp *app = user_data;
  g_autoptr(GString) line = g_string_new (NULL);
  struct winsize size;
  guint columns = 80;

  if (ioctl (STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    columns = size.ws_col;

  if (total > 0)
    {
      double fraction = CLAMP (progress / total, 0.0, 1.0);
      guint width = CLAMP (columns / 3, 10, 40);
      guint filled = (guint) (fraction * width);

      g_string_append_c (line, '[');
      for (guint i = 0; i < width; i++)
        g_string_append_c (line, i < filled ? '#' : '-');
      g_string_append_printf (line, "] %3.0f%%  %g/%g", fraction * 100, progress, total);
    }
  else
    {
      g_string_append_printf (line, "%g", progress);
    }

  if (message != NULL && *message != '\0')
    {
      g_string_append (line, "  ");
      g_string_append (line, message);
    }

  /* Redrawing with a carriage return only works on one line: no control
   * characters from the server, and nothing past the last column. */
  for (char *p = line->str; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      *p = ' ';
  if (g_utf8_validate (line->str, -1, NULL) && g_utf8_strlen (line->str, -1) >= columns)
    g_string_truncate (line, g_utf8_offset_to_pointer (line->str, columns - 1) - line->str);

  fprintf (stdout, "\r%s\033[K", line->str);
  fflush (stdout);
  app->progress_shown = TRUE;
}

static void
on_tool_called (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *context = NULL;

  tool_result = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);
  if (tool_result == NULL)
    {
      context = g_strdup_printf (_("Calling the tool “%s” failed"), app->name);
      cli_app_fail_request (app, error, context);
      return;
    }

  if (!cli_print_tool_result (app, tool_result))
    {
      cli_app_finish (app, EXIT_USAGE);
      return;
    }
  fflush (stdout);

  if (mcp_tool_result_get_is_error (tool_result))
    cli_app_finish (app, EXIT_TOOL_ERROR);
  else if (!cli_app_is_following (app))
    cli_app_finish (app, EXIT_OK);
}

static void
send_call (CliApp     *app,
           JsonObject *arguments)
{
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();

  if (app->stdout_is_terminal && !app->json && !cli_app_is_following (app))
    g_signal_connect (options, "progress", G_CALLBACK (on_progress), app);

  mcp_client_call_tool_async (app->client, app->name, arguments, options,
                              app->cancellable, on_tool_called, app);
}

/* ARGUMENT=VALUE pairs are converted by the tool's input schema. */
static void
on_tools_listed (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(McpTool) tool = NULL;
  g_autoptr(JsonObject) arguments = NULL;
  g_autoptr(GError) error = NULL;

  tools = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);
  if (tools == NULL)
    {
      cli_app_fail_request (app, error, _("Could not list the tools"));
      return;
    }

  tool = cli_find_tool (tools, app->name);
  if (tool == NULL)
    {
      cli_print_error (_("The server has no tool “%s”"), app->name);
      cli_app_finish (app, EXIT_REFUSED);
      return;
    }

  arguments = cli_tool_arguments_build (app->tool_arguments, tool, &error);
  if (error != NULL)
    {
      cli_print_error ("%s", error->message);
      g_printerr (_("Try “%s tools %s” for its arguments.\n"), g_get_prgname (), app->name);
      cli_app_finish (app, EXIT_USAGE);
      return;
    }

  send_call (app, arguments);
}

/* Calls the tool app->name; follow calls it too. */
void
cli_call_tool (CliApp *app)
{
  g_autoptr(JsonObject) arguments = NULL;

  if (cli_tool_arguments_need_schema (app->tool_arguments))
    {
      mcp_client_list_tools_async (app->client, app->cancellable, on_tools_listed, app);
      return;
    }

  arguments = cli_tool_arguments_build (app->tool_arguments, NULL, NULL);
  send_call (app, arguments);
}

const CliCommand cli_call_command = {
  .name = "call",
  .arguments = N_("TOOL [ARGUMENT=VALUE…|JSON]"),
  .summary = N_("Call a tool with ARGUMENT=VALUE pairs (converted by its input schema) "
                "or a JSON object"),
  .flags = CLI_COMMAND_OUTPUT,
  .parse = parse_call,
  .run = cli_call_tool,
};
