/* command-read.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The read command: reads a resource and prints its contents; binary
 * contents are summarised on a terminal and written as they are
 * elsewhere.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

static void
on_resource_read (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  char count[CLI_COUNT_SIZE];
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

  if (app->json)
    {
      cli_print_list_json (contents, "contents");
      cli_app_finish (app, EXIT_OK);
      return;
    }

  n_parts = g_list_model_get_n_items (contents);
  for (guint i = 0; i < n_parts; i++)
    {
      g_autoptr(McpResourceContents) part = g_list_model_get_item (contents, i);
      const char *mime_type = mcp_resource_contents_get_mime_type (part);
      GBytes *data = mcp_resource_contents_get_data (part);

      /* A header only when there is more than one part, so that a single
       * part's text or bytes can be redirected to a file as they are. */
      if (n_parts > 1)
        fprintf (stdout, "%s== %s%s%s%s ==\n", i > 0 ? "\n" : "",
                 mcp_resource_contents_get_uri (part),
                 mime_type != NULL ? " (" : "", mime_type != NULL ? mime_type : "",
                 mime_type != NULL ? ")" : "");

      if (!mcp_resource_contents_get_is_blob (part))
        cli_print_text (stdout, mcp_resource_contents_get_text (part));
      else if (app->stdout_is_terminal)
        fprintf (stdout, _("[binary contents: %s, %s bytes; redirect the "
                           "output to a file to get them]\n"),
                 mime_type != NULL ? mime_type : "?",
                 cli_format_count (count, data != NULL ? g_bytes_get_size (data) : 0));
      else if (data != NULL)
        fwrite (g_bytes_get_data (data, NULL), 1, g_bytes_get_size (data), stdout);
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
  .parse = cli_parse_name,
  .run = run_read,
};
