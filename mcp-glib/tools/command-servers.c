/* command-servers.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* servers: the servers of the configuration files (--config, else the
 * per-user file), as McpServerRegistry reads them, with their kind, their
 * command or URL and whether they are enabled, and every problem of the
 * files with its file, line and column. No server is started. It exits
 * with 1 when the files have problems, after listing the servers that are
 * good all the same.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

static const char *
kind_name (McpServerConfig *config)
{
  switch (mcp_server_config_get_transport_kind (config))
    {
    case MCP_TRANSPORT_KIND_HTTP:
      return "http";
    case MCP_TRANSPORT_KIND_SSE:
      return "sse";
    case MCP_TRANSPORT_KIND_STDIO:
    default:
      return "stdio";
    }
}

static const char *
state_name (McpServerConfig *config)
{
  if (mcp_server_config_get_error (config) != NULL)
    /* Translators: a configured server whose entry cannot be used */
    return _("unusable");
  if (mcp_server_config_get_disabled (config))
    return _("disabled");
  return _("enabled");
}

/* The names of @object's members: their values may be secrets. */
static JsonArray *
member_names (JsonObject *object)
{
  g_autoptr(GList) names = object != NULL ? json_object_get_members (object) : NULL;
  JsonArray *array = json_array_new ();

  for (GList *l = names; l != NULL; l = l->next)
    json_array_add_string_element (array, l->data);

  return array;
}

static JsonArray *
strv_to_array (char **strv)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    json_array_add_string_element (array, strv[i]);

  return array;
}

static void
set_file_member (JsonObject *object,
                 GFile      *file)
{
  g_autofree char *name = file != NULL ? g_file_get_parse_name (file) : NULL;

  if (name != NULL)
    json_object_set_string_member (object, "file", name);
  else
    json_object_set_null_member (object, "file");
}

static JsonObject *
server_to_json (McpServerConfig *config)
{
  JsonObject *object = json_object_new ();
  const GError *error = mcp_server_config_get_error (config);
  g_auto(GStrv) inputs = mcp_server_config_dup_input_ids (config);

  json_object_set_string_member (object, "name", mcp_server_config_get_name (config));
  json_object_set_string_member (object, "kind", kind_name (config));
  json_object_set_boolean_member (object, "enabled", !mcp_server_config_get_disabled (config));

  if (cli_config_is_remote (config))
    {
      json_object_set_string_member (object, "url", mcp_server_config_get_url (config));
      json_object_set_array_member (object, "headers",
                                    member_names (mcp_server_config_get_headers (config)));
    }
  else
    {
      g_auto(GStrv) args = mcp_server_config_dup_args (config);

      json_object_set_string_member (object, "command", mcp_server_config_get_command (config));
      json_object_set_array_member (object, "args", strv_to_array (args));
      json_object_set_string_member (object, "cwd", mcp_server_config_get_cwd (config));
      json_object_set_array_member (object, "env",
                                    member_names (mcp_server_config_get_env (config)));
    }

  json_object_set_array_member (object, "inputs", strv_to_array (inputs));
  set_file_member (object, mcp_server_config_get_file (config));
  if (error != NULL)
    json_object_set_string_member (object, "error", error->message);
  else
    json_object_set_null_member (object, "error");

  return object;
}

static JsonObject *
problem_to_json (McpConfigProblem *problem)
{
  JsonObject *object = json_object_new ();

  set_file_member (object, mcp_config_problem_get_file (problem));
  json_object_set_int_member (object, "line", mcp_config_problem_get_line (problem));
  json_object_set_int_member (object, "column", mcp_config_problem_get_column (problem));
  json_object_set_string_member (object, "server", mcp_config_problem_get_server (problem));
  json_object_set_string_member (object, "message", mcp_config_problem_get_message (problem));

  return object;
}

static void
print_json (GListModel *servers,
            GListModel *problems)
{
  g_autoptr(JsonObject) object = json_object_new ();
  JsonArray *server_array = json_array_new ();
  JsonArray *problem_array = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (servers); i++)
    {
      g_autoptr(McpServerConfig) config = g_list_model_get_item (servers, i);

      json_array_add_object_element (server_array, server_to_json (config));
    }

  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(McpConfigProblem) problem = g_list_model_get_item (problems, i);

      json_array_add_object_element (problem_array, problem_to_json (problem));
    }

  json_object_set_array_member (object, "servers", server_array);
  json_object_set_array_member (object, "problems", problem_array);
  cli_print_json_object (object, FALSE);
}

static void
print_padded (const char *text,
              glong       width)
{
  fputs (text, stdout);
  for (glong i = g_utf8_strlen (text, -1); i < width + 2; i++)
    fputc (' ', stdout);
}

/* One server a line: its name, kind, state, and command or URL, in
 * columns. */
static void
print_text (CliApp     *app,
            GListModel *servers)
{
  guint n_servers = g_list_model_get_n_items (servers);
  glong name_width = 0;
  glong state_width = 0;

  if (n_servers == 0 && !app->names)
    {
      fputs (_("No servers are configured.\n"), stdout);
      return;
    }

  for (guint i = 0; i < n_servers; i++)
    {
      g_autoptr(McpServerConfig) config = g_list_model_get_item (servers, i);

      name_width = MAX (name_width, g_utf8_strlen (mcp_server_config_get_name (config), -1));
      state_width = MAX (state_width, g_utf8_strlen (state_name (config), -1));
    }

  for (guint i = 0; i < n_servers; i++)
    {
      g_autoptr(McpServerConfig) config = g_list_model_get_item (servers, i);
      g_autofree char *target = NULL;

      if (app->names)
        {
          cli_print_text (stdout, mcp_server_config_get_name (config));
          continue;
        }

      target = cli_config_describe_target (config);
      print_padded (mcp_server_config_get_name (config), name_width);
      print_padded (kind_name (config), 5);
      print_padded (state_name (config), state_width);
      cli_print_text (stdout, target != NULL ? target : "—");
    }
}

static int
run_servers (CliApp *app)
{
  g_autoptr(GError) error = NULL;
  GListModel *servers;
  GListModel *problems;
  guint n_problems;

  if (!cli_app_load_registry (app, &error))
    {
      cli_print_error ("%s", error->message);
      return EXIT_USAGE;
    }

  servers = G_LIST_MODEL (app->registry);
  problems = mcp_server_registry_get_problems (app->registry);
  n_problems = g_list_model_get_n_items (problems);

  if (app->json)
    print_json (servers, problems);
  else
    print_text (app, servers);
  fflush (stdout);

  /* Where a compiler would say it, so that editors find the place. */
  for (guint i = 0; !app->json && i < n_problems; i++)
    {
      g_autoptr(McpConfigProblem) problem = g_list_model_get_item (problems, i);
      g_autofree char *text = mcp_config_problem_to_string (problem);

      g_printerr ("%s\n", text);
    }

  return n_problems > 0 ? EXIT_TOOL_ERROR : EXIT_OK;
}

const CliCommand cli_servers_command = {
  .name = "servers",
  .arguments = "",
  .summary = N_("List the configured servers and the problems of their files"),
  .parse = cli_parse_nothing,
  .run_offline = run_servers,
};
