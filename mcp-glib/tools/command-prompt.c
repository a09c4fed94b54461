/* command-prompt.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The commands about prompts: prompt (get one, filled in with
 * NAME=VALUE arguments) and complete (the values an argument of a prompt
 * or a resource template may take, as the server suggests them).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

static gboolean
parse_prompt (CliApp  *app,
              char   **args,
              GError **error)
{
  if (!cli_expect_arguments (app, args, 1, G_MAXUINT, error))
    return FALSE;

  app->name = g_strdup (args[0]);
  return cli_parse_key_values (app, args + 1, error);
}

static void
on_prompt_got (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(McpPromptResult) prompt = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *context = NULL;
  GListModel *messages;
  const char *description;

  prompt = mcp_client_get_prompt_finish (MCP_CLIENT (object), result, &error);
  if (prompt == NULL)
    {
      context = g_strdup_printf (_("Could not get the prompt “%s”"), app->name);
      cli_app_fail_request (app, error, context);
      return;
    }

  description = mcp_prompt_result_get_description (prompt);
  if (app->json)
    cli_print_json_object (mcp_prompt_result_get_json (prompt), FALSE);
  else if (description != NULL)
    cli_print_text (stdout, description);

  messages = mcp_prompt_result_get_messages (prompt);
  for (guint i = 0; i < g_list_model_get_n_items (messages); i++)
    {
      g_autoptr(McpPromptMessage) message = g_list_model_get_item (messages, i);
      McpContent *content = mcp_prompt_message_get_content (message);

      if (!app->json)
        {
          if (i > 0 || description != NULL)
            fputc ('\n', stdout);
          fprintf (stdout, "[%s]\n", mcp_prompt_message_get_role (message));
        }

      if (!(app->json ? cli_save_binary_content (app, content)
                      : cli_print_content (app, stdout, content)))
        {
          cli_app_finish (app, EXIT_USAGE);
          return;
        }
    }

  cli_check_saved (app);
  cli_app_finish (app, EXIT_OK);
}

static void
run_prompt (CliApp *app)
{
  mcp_client_get_prompt_async (app->client, app->name, app->strings, app->cancellable,
                               on_prompt_got, app);
}

const CliCommand cli_prompt_command = {
  .name = "prompt",
  .arguments = N_("NAME [ARGUMENT=VALUE…]"),
  .summary = N_("Get a prompt, filled in with the arguments"),
  .flags = CLI_COMMAND_OUTPUT,
  .parse = parse_prompt,
  .run = run_prompt,
};

/* What complete asks for: the argument of a prompt or of a resource
 * template, and the start of its value. */
typedef struct
{
  gboolean  resource;
  char     *argument;
  char     *value;
} Completion;

static void
completion_free (gpointer data)
{
  Completion *request = data;

  g_free (request->argument);
  g_free (request->value);
  g_free (request);
}

static gboolean
parse_complete (CliApp  *app,
                char   **args,
                GError **error)
{
  Completion *request;

  if (!cli_expect_arguments (app, args, 4, G_MAXUINT, error))
    return FALSE;

  request = g_new0 (Completion, 1);
  app->command_data = request;
  app->command_data_free = completion_free;

  if (g_str_equal (args[0], "resource"))
    request->resource = TRUE;
  else if (!g_str_equal (args[0], "prompt"))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is neither “prompt” nor “resource”: complete the arguments "
                     "of a prompt or of a resource template"), args[0]);
      return FALSE;
    }

  app->name = g_strdup (args[1]);
  request->argument = g_strdup (args[2]);
  request->value = g_strdup (args[3]);
  return cli_parse_key_values (app, args + 4, error);
}

static void
on_completed (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  char count[CLI_COUNT_SIZE];
  CliApp *app = user_data;
  Completion *request = app->command_data;
  g_autoptr(McpCompletion) completion = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *values;

  if (request->resource)
    completion = mcp_client_complete_resource_argument_finish (MCP_CLIENT (object), result,
                                                               &error);
  else
    completion = mcp_client_complete_prompt_argument_finish (MCP_CLIENT (object), result,
                                                             &error);
  if (completion == NULL)
    {
      cli_app_fail_request (app, error, _("Could not complete the argument"));
      return;
    }

  if (app->json)
    {
      g_autoptr(JsonObject) object_json = json_object_new ();

      json_object_set_object_member (object_json, "completion",
                                     json_object_ref (mcp_completion_get_json (completion)));
      cli_print_json_object (object_json, FALSE);
      cli_app_finish (app, EXIT_OK);
      return;
    }

  values = mcp_completion_get_values (completion);
  for (guint i = 0; values[i] != NULL; i++)
    fprintf (stdout, "%s\n", values[i]);

  /* Only the values go to stdout, one a line, for scripts and shells. */
  if (mcp_completion_get_has_more (completion))
    {
      gint64 total = mcp_completion_get_total (completion);

      fflush (stdout);
      if (total >= 0)
        g_printerr (_("(%s values in all; type more to narrow them down)\n"),
                    cli_format_count (count, total));
      else
        g_printerr ("%s\n", _("(there are more values; type more to narrow them down)"));
    }

  cli_app_finish (app, EXIT_OK);
}

static void
run_complete (CliApp *app)
{
  Completion *request = app->command_data;

  if (request->resource)
    mcp_client_complete_resource_argument_async (app->client, app->name, request->argument,
                                                 request->value, app->strings, app->cancellable,
                                                 on_completed, app);
  else
    mcp_client_complete_prompt_argument_async (app->client, app->name, request->argument,
                                               request->value, app->strings, app->cancellable,
                                               on_completed, app);
}

const CliCommand cli_complete_command = {
  .name = "complete",
  .arguments = N_("prompt|resource NAME ARGUMENT VALUE [ARGUMENT=VALUE…]"),
  .summary = N_("Suggest values for an argument of a prompt or resource template"),
  .parse = parse_complete,
  .run = run_complete,
};
