/* command-read.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The read command: reads a resource and prints its contents. Binary
 * contents are summarised on a terminal and written as they are
 * elsewhere; --output FILE saves every part, text or binary.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

/* A part's bytes: its blob, decoded, or its text. */
static GBytes *
dup_part_bytes (McpResourceContents *part)
{
  const char *text;
  GBytes *data;

  if (mcp_resource_contents_get_is_blob (part))
    {
      data = mcp_resource_contents_get_data (part);
      return data != NULL ? g_bytes_ref (data) : g_bytes_new (NULL, 0);
    }

  text = mcp_resource_contents_get_text (part);
  return g_bytes_new (text, text != NULL ? strlen (text) : 0);
}

/* A part as it is: text, or bytes only off a terminal, where a line says
 * what they are instead. With --output the part is saved, and a line says
 * so. Returns FALSE when it could not be saved. */
static gboolean
print_part (CliApp              *app,
            McpResourceContents *part)
{
  g_autoptr(GBytes) data = NULL;

  if (app->output == NULL && !mcp_resource_contents_get_is_blob (part))
    {
      cli_print_text (stdout, mcp_resource_contents_get_text (part));
      return TRUE;
    }

  data = dup_part_bytes (part);

  if (app->output != NULL || app->stdout_is_terminal)
    return cli_print_binary (app, stdout, mcp_resource_contents_get_uri (part), NULL,
                             mcp_resource_contents_get_mime_type (part), data,
                             _("save it with --output FILE, or redirect the output"));

  fwrite (g_bytes_get_data (data, NULL), 1, g_bytes_get_size (data), stdout);
  return TRUE;
}

static void
on_resource_read (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(GListModel) contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *context = NULL;
  guint n_parts;

  contents = mcp_client_read_resource_finish (MCP_CLIENT (object), result, &error);
  if (contents == NULL)
    {
      context = g_strdup_printf (_("Could not read “%s”"), app->name);
      cli_app_fail_request (app, error, context);
      return;
    }

  n_parts = g_list_model_get_n_items (contents);

  if (app->json)
    cli_print_list_json (contents, "contents");

  for (guint i = 0; i < n_parts; i++)
    {
      g_autoptr(McpResourceContents) part = g_list_model_get_item (contents, i);
      const char *mime_type = mcp_resource_contents_get_mime_type (part);
      g_autoptr(GBytes) data = NULL;
      g_autofree char *path = NULL;

      /* With --json, --output still saves every part. */
      if (app->json)
        {
          if (app->output != NULL &&
              (path = cli_save_output (app, data = dup_part_bytes (part))) == NULL)
            {
              cli_app_finish (app, EXIT_USAGE);
              return;
            }
          continue;
        }

      /* A header only when there is more than one part, so that a single
       * part's text or bytes can be redirected to a file as they are. */
      if (n_parts > 1)
        fprintf (stdout, "%s== %s%s%s%s ==\n", i > 0 ? "\n" : "",
                 mcp_resource_contents_get_uri (part),
                 mime_type != NULL ? " (" : "", mime_type != NULL ? mime_type : "",
                 mime_type != NULL ? ")" : "");

      if (!print_part (app, part))
        {
          cli_app_finish (app, EXIT_USAGE);
          return;
        }
    }

  cli_app_finish (app, EXIT_OK);
}

static void
run_read (CliApp *app)
{
  mcp_client_read_resource_async (app->client, app->name, app->cancellable,
                                  on_resource_read, app);
}

const CliCommand cli_read_command = {
  .name = "read",
  .arguments = N_("URI"),
  .summary = N_("Read a resource"),
  .flags = CLI_COMMAND_OUTPUT,
  .parse = cli_parse_name,
  .run = run_read,
};
