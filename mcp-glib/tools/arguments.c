/* arguments.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The parsing of command arguments that several commands share: counting
 * them, names, and NAME=VALUE pairs (the arguments of a tool have a file
 * of their own, tool-arguments.c). It runs before connecting: a usage
 * error never starts the server.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

const char *
cli_command_arguments (const CliCommand *command)
{
  /* gettext ("") would be the translation's header. */
  return *command->arguments != '\0' ? _(command->arguments) : "";
}

gboolean
cli_expect_arguments (CliApp  *app,
                      char   **args,
                      guint    min,
                      guint    max,
                      GError **error)
{
  guint n_args = g_strv_length (args);

  if (n_args >= min && n_args <= max)
    return TRUE;

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
               _("Wrong number of arguments; usage: %s %s"),
               app->command->name, cli_command_arguments (app->command));
  return FALSE;
}

gboolean
cli_parse_key_values (CliApp      *app,
                      char       **args,
                      GError     **error)
{
  app->strings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; args[i] != NULL; i++)
    {
      const char *equals = strchr (args[i], '=');

      if (equals == NULL || equals == args[i])
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("“%s” is not of the form NAME=VALUE"), args[i]);
          return FALSE;
        }

      g_hash_table_replace (app->strings, g_strndup (args[i], equals - args[i]),
                            g_strdup (equals + 1));
    }

  return TRUE;
}

gboolean
cli_parse_nothing (CliApp  *app,
                   char   **args,
                   GError **error)
{
  return cli_expect_arguments (app, args, 0, 0, error);
}

gboolean
cli_parse_optional_name (CliApp  *app,
                         char   **args,
                         GError **error)
{
  if (!cli_expect_arguments (app, args, 0, 1, error))
    return FALSE;

  app->name = g_strdup (args[0]);
  return TRUE;
}

gboolean
cli_parse_name (CliApp  *app,
                char   **args,
                GError **error)
{
  if (!cli_expect_arguments (app, args, 1, 1, error))
    return FALSE;

  app->name = g_strdup (args[0]);
  return TRUE;
}
