/* command-follow.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The follow command: prints the server's notifications and log
 * messages until interrupted, after subscribing to resources
 * (--subscribe) and calling a tool, when asked to. Ctrl+C and SIGTERM end
 * it with status 0; the server ending the connection ends it with 3.
 */

#include "config.h"

#include <unistd.h>

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

static gboolean
parse_follow (CliApp  *app,
              char   **args,
              GError **error)
{
  return args[0] == NULL || cli_parse_tool_call (app, args, error);
}

static void
on_notification (McpClient  *client,
                 const char *method,
                 JsonNode   *params,
                 gpointer    user_data)
{
  CliApp *app = user_data;

  if (app->json)
    {
      g_autoptr(JsonObject) object = json_object_new ();

      json_object_set_string_member (object, "method", method);
      if (params != NULL)
        json_object_set_member (object, "params", json_node_copy (params));
      cli_print_json_object (object, FALSE);
    }
  else if (!g_str_equal (method, "notifications/message"))
    {
      g_autofree char *text = params != NULL ? json_to_string (params, FALSE) : NULL;

      fprintf (stdout, "%s%s%s\n", method, text != NULL ? " " : "", text != NULL ? text : "");
    }

  fflush (stdout);
}

static void
prepare_follow (CliApp *app)
{
  g_signal_connect (app->client, "notification", G_CALLBACK (on_notification), app);
}

static void
start_following (CliApp *app)
{
  if (app->name != NULL)
    cli_call_tool (app);

  if (isatty (STDERR_FILENO))
    g_printerr ("%s\n", _("Following the server’s notifications; press Ctrl+C to stop."));
}

static void
on_subscribed (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  CliApp *app = user_data;
  guint *n_subscribed = app->command_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *context = NULL;

  if (!mcp_client_subscribe_resource_finish (MCP_CLIENT (object), result, &error))
    {
      context = g_strdup_printf (_("Could not subscribe to “%s”"),
                                 app->subscribe[*n_subscribed]);
      cli_app_fail_request (app, error, context);
      return;
    }

  (*n_subscribed)++;
  if (app->subscribe[*n_subscribed] != NULL)
    mcp_client_subscribe_resource_async (app->client, app->subscribe[*n_subscribed],
                                         app->cancellable, on_subscribed, app);
  else
    start_following (app);
}

/* The subscriptions are made one after the other; this counts them. */
static void
run_follow (CliApp *app)
{
  app->command_data = g_new0 (guint, 1);
  app->command_data_free = g_free;

  if (app->subscribe != NULL && app->subscribe[0] != NULL)
    mcp_client_subscribe_resource_async (app->client, app->subscribe[0], app->cancellable,
                                         on_subscribed, app);
  else
    start_following (app);
}

const CliCommand cli_follow_command = {
  .name = "follow",
  .arguments = N_("[TOOL [ARGUMENT=VALUE…|JSON]]"),
  .summary = N_("Print notifications and log messages until interrupted (calling TOOL first)"),
  .flags = CLI_COMMAND_FOLLOWS | CLI_COMMAND_OUTPUT,
  .parse = parse_follow,
  .prepare = prepare_follow,
  .run = run_follow,
};
