/* command-registry.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* registry: the servers of an MCP registry (McpServerCatalog), the
 * official one or --registry URL's. `registry search TEXT` lists the latest
 * version of each server whose name contains TEXT, `registry show NAME` an
 * entry in full, and `registry add NAME` shows exactly what adding it would
 * do (command or URL, environment, inputs, publisher, repository, sandbox),
 * asks for confirmation on the terminal, and only then writes it to the
 * configuration file (--config FILE, else the per-user file), unpacking an
 * MCP bundle first; the values of its inputs (--input, MCP_INPUT_*, else
 * asked on the terminal) go to the keyring, never to the file, and
 * --no-sandbox adds a local server without its sandbox. Nothing is
 * started.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

typedef struct
{
  char *action;
  char *argument;
} RegistryArgs;

static void
registry_args_free (gpointer data)
{
  RegistryArgs *args = data;

  g_free (args->action);
  g_free (args->argument);
  g_free (args);
}

static gboolean
parse_registry (CliApp  *app,
                char   **args,
                GError **error)
{
  RegistryArgs *parsed;
  guint n = args != NULL ? g_strv_length (args) : 0;

  if (n < 1 || (!g_str_equal (args[0], "search") && !g_str_equal (args[0], "show") &&
                !g_str_equal (args[0], "add")))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("registry needs search TEXT, show NAME or add NAME"));
      return FALSE;
    }
  if (n > 2 || (n < 2 && !g_str_equal (args[0], "search")))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("registry %s takes one argument"), args[0]);
      return FALSE;
    }

  parsed = g_new0 (RegistryArgs, 1);
  parsed->action = g_strdup (args[0]);
  parsed->argument = g_strdup (n > 1 ? args[1] : NULL);
  app->command_data = parsed;
  app->command_data_free = registry_args_free;

  return TRUE;
}

/* Waits for an asynchronous call of the catalog on the default context. */
static GAsyncResult *
await (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);

  return *slot;
}

static void
store_result_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GAsyncResult **slot = user_data;

  *slot = g_object_ref (result);
}

static const char *
status_name (McpCatalogEntry *entry)
{
  switch (mcp_catalog_entry_get_status (entry))
    {
    case MCP_CATALOG_STATUS_DEPRECATED:
      return _("deprecated");
    case MCP_CATALOG_STATUS_DELETED:
      return _("deleted");
    case MCP_CATALOG_STATUS_ACTIVE:
    default:
      return NULL;
    }
}

static JsonObject *
entry_to_json (McpCatalogEntry *entry)
{
  JsonObject *object = json_object_new ();

  json_object_set_object_member (object, "server",
                                 json_object_ref (mcp_catalog_entry_get_json (entry)));
  json_object_set_object_member (object, "_meta",
                                 json_object_ref (mcp_catalog_entry_get_meta (entry)));

  return object;
}

static int
run_search (CliApp           *app,
            McpServerCatalog *catalog,
            const char       *text)
{
  g_autoptr(McpCatalogResults) results = mcp_server_catalog_search (catalog, text, NULL);
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GError) error = NULL;
  guint n_items;

  while (mcp_catalog_results_get_has_more (results))
    {
      g_autoptr(GAsyncResult) result = NULL;

      mcp_catalog_results_load_more_async (results, NULL, store_result_cb, &result);
      if (!mcp_catalog_results_load_more_finish (results, await (&result), &error))
        break;
    }

  n_items = g_list_model_get_n_items (G_LIST_MODEL (results));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(McpCatalogEntry) entry = g_list_model_get_item (G_LIST_MODEL (results), i);
      const char *status = status_name (entry);

      if (app->json)
        {
          json_array_add_object_element (array, entry_to_json (entry));
          continue;
        }
      if (app->names)
        {
          g_print ("%s\n", mcp_catalog_entry_get_name (entry));
          continue;
        }
      g_print ("%s %s%s%s%s\n", mcp_catalog_entry_get_name (entry),
               mcp_catalog_entry_get_version (entry),
               status != NULL ? " [" : "", status != NULL ? status : "", status != NULL ? "]" : "");
      if (mcp_catalog_entry_get_description (entry) != NULL)
        cli_print_indented (stdout, "  ", mcp_catalog_entry_get_description (entry));
    }

  if (app->json)
    {
      g_autoptr(JsonNode) node = json_node_init_array (json_node_alloc (), array);

      cli_print_json_node (node, FALSE);
    }
  else if (n_items == 0 && error == NULL && !app->names)
    g_print ("%s\n", _("No server of the registry matches."));

  if (mcp_catalog_results_get_n_skipped (results) > 0)
    cli_print_error (_("%u entries of the registry could not be read"),
                     mcp_catalog_results_get_n_skipped (results));
  if (error != NULL)
    {
      cli_print_error ("%s", error->message);
      return EXIT_CONNECTION;
    }

  return EXIT_OK;
}

static McpCatalogEntry *
lookup_entry (McpServerCatalog  *catalog,
              const char        *argument,
              GError           **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *name = g_strdup (argument);
  char *at = strrchr (name, '@');

  /* NAME@VERSION; a name holds no @. */
  if (at != NULL)
    *at++ = '\0';

  mcp_server_catalog_lookup_async (catalog, name, at, NULL, store_result_cb, &result);

  return mcp_server_catalog_lookup_finish (catalog, await (&result), error);
}

/* The proposal of @entry, its bundle downloaded if it has to be. */
static McpCatalogProposal *
propose (McpServerCatalog  *catalog,
         McpCatalogEntry   *entry,
         GError           **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_server_catalog_propose_async (catalog, entry, NULL, NULL, store_result_cb, &result);

  return mcp_server_catalog_propose_finish (catalog, await (&result), error);
}

static void
print_field (const char *label,
             const char *value)
{
  if (value != NULL)
    g_print ("%s: %s\n", label, value);
}

static int
run_show (CliApp           *app,
          McpServerCatalog *catalog,
          const char       *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpCatalogEntry) entry = lookup_entry (catalog, name, &error);
  g_autoptr(McpCatalogProposal) proposal = NULL;
  g_autofree char *text = NULL;

  if (entry == NULL)
    {
      cli_print_error ("%s", error->message);
      return EXIT_CONNECTION;
    }

  if (app->json)
    {
      g_autoptr(JsonObject) object = entry_to_json (entry);

      cli_print_json_object (object, TRUE);
      return EXIT_OK;
    }

  print_field (_("Name"), mcp_catalog_entry_get_name (entry));
  print_field (_("Title"), mcp_catalog_entry_get_title (entry));
  print_field (_("Version"), mcp_catalog_entry_get_version (entry));
  print_field (_("Status"), status_name (entry));
  print_field (_("Publisher"), mcp_catalog_entry_get_publisher (entry));
  print_field (_("Repository"), mcp_catalog_entry_get_repository_url (entry));
  print_field (_("Website"), mcp_catalog_entry_get_website_url (entry));
  print_field (_("Updated"), mcp_catalog_entry_get_updated_at (entry));
  print_field (_("Description"), mcp_catalog_entry_get_description (entry));

  proposal = propose (catalog, entry, &error);
  if (proposal == NULL)
    {
      g_print (_("It cannot be added: %s\n"), error->message);
      return EXIT_OK;
    }
  text = mcp_catalog_proposal_to_string (proposal);
  g_print ("\n%s\n", _("Adding it would configure:"));
  cli_print_indented (stdout, "  ", text);

  return EXIT_OK;
}

static void
save_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  store_result_cb (source, result, user_data);
}

/* Asks for the value of @input (a declaration of the proposal) on the
 * terminal, without echo for a secret: NULL at the end of the input, or
 * for an empty answer to an input without a default (it is then asked for
 * when the server starts). */
static char *
ask_input (JsonObject *input)
{
  const char *id = json_object_get_string_member_with_default (input, "id", "");
  const char *description = json_object_get_string_member_with_default (input, "description",
                                                                        id);
  const char *default_value = json_object_get_string_member_with_default (input, "default",
                                                                          NULL);
  gboolean password = json_object_get_boolean_member_with_default (input, "password", FALSE);
  JsonArray *options = json_object_has_member (input, "options")
    ? json_object_get_array_member (input, "options") : NULL;
  struct termios saved;
  gboolean echo_off = FALSE;
  g_autofree char *line = NULL;
  size_t size = 0;
  ssize_t length;

  if (options != NULL)
    {
      g_autoptr(GString) choices = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (options); i++)
        g_string_append_printf (choices, i == 0 ? "%s" : ", %s",
                                json_array_get_string_element (options, i));
      /* Translators: the values an input of a configured server may have */
      g_printerr (_("Choices: %s\n"), choices->str);
    }
  if (default_value != NULL && !password)
    /* Translators: an input's description and default, asked for on the terminal */
    g_printerr (_("%s [%s]: "), description, default_value);
  else
    /* Translators: asking for an input on the terminal: its description */
    g_printerr (_("%s: "), description);
  fflush (stderr);

  if (password)
    echo_off = cli_terminal_echo_off (&saved);
  length = getline (&line, &size, stdin);
  if (echo_off)
    cli_terminal_echo_on (&saved);
  if (length < 0)
    return NULL;

  g_strchomp (line);
  if (*line == '\0')
    return g_strdup (default_value);

  return g_steal_pointer (&line);
}

/* The values of the proposal's inputs: given in advance, else asked for. */
static void
set_inputs (CliApp             *app,
            McpCatalogProposal *proposal)
{
  JsonArray *inputs = mcp_catalog_proposal_get_inputs (proposal);
  gboolean at_end = FALSE;
  gboolean told = FALSE;

  for (guint i = 0; i < json_array_get_length (inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (inputs, i);
      const char *id = json_object_get_string_member (input, "id");
      const char *given = cli_app_given_input (app, id);
      g_autofree char *value = NULL;

      if (given == NULL && !at_end)
        {
          if (!told)
            g_printerr ("%s\n", _("The values of its inputs are kept in the keyring, never in "
                                   "the file (leave one empty to be asked when the server "
                                   "starts):"));
          value = ask_input (input);
          at_end = value == NULL && feof (stdin);
          told = TRUE;
        }
      if (given != NULL || value != NULL)
        mcp_catalog_proposal_set_input (proposal, id, given != NULL ? given : value);
      if (value != NULL)
        memset (value, 0, strlen (value));
    }
}

static int
run_add (CliApp           *app,
         McpServerCatalog *catalog,
         const char       *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpCatalogEntry) entry = lookup_entry (catalog, name, &error);
  g_autoptr(McpCatalogProposal) proposal = NULL;
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *text = NULL;
  g_autofree char *where = NULL;
  char answer[64] = "";

  if (entry == NULL)
    {
      cli_print_error ("%s", error->message);
      return EXIT_CONNECTION;
    }
  if ((proposal = propose (catalog, entry, &error)) == NULL)
    {
      cli_print_error ("%s", error->message);
      return EXIT_TOOL_ERROR;
    }
  /* The user's choice, shown with the rest before they agree. */
  if (cli_sandbox_refused ())
    mcp_catalog_proposal_set_sandbox (proposal, NULL);

  if (app->config_files != NULL && app->config_files[0] != NULL)
    {
      file = g_file_new_for_commandline_arg (app->config_files[0]);
      registry = mcp_server_registry_new_empty ();
      mcp_server_registry_add_file (registry, file);
    }
  else
    {
      file = mcp_server_registry_get_user_file ();
      registry = mcp_server_registry_new ();
    }
  where = g_file_get_parse_name (file);

  text = mcp_catalog_proposal_to_string (proposal);
  fputs (text, stdout);
  g_print (_("Add the server “%s” to %s? Nothing is started. [y/N] "),
           mcp_server_config_get_name (mcp_catalog_proposal_get_config (proposal)), where);
  fflush (stdout);

  if (fgets (answer, sizeof answer, stdin) == NULL ||
      (g_ascii_strcasecmp (g_strstrip (answer), "y") != 0 &&
       g_ascii_strcasecmp (answer, "yes") != 0 &&
       g_ascii_strcasecmp (answer, _("y")) != 0 &&
       g_ascii_strcasecmp (answer, _("yes")) != 0))
    {
      g_print ("%s\n", _("Nothing was added."));
      return EXIT_REFUSED;
    }

  mcp_catalog_proposal_confirm (proposal);
  set_inputs (app, proposal);
  mcp_server_registry_set_use_keyring (registry, TRUE);
  if (!mcp_catalog_proposal_add (proposal, registry, file, &error))
    {
      cli_print_error ("%s", error->message);
      return EXIT_TOOL_ERROR;
    }

  mcp_server_registry_save_async (registry, NULL, save_cb, &result);
  if (!mcp_server_registry_save_finish (registry, await (&result), &error))
    {
      cli_print_error ("%s", error->message);
      /* Written, but its values not kept: they are asked for at start. */
      if (mcp_server_registry_has_unsaved_changes (registry))
        return EXIT_TOOL_ERROR;
    }

  g_print (_("Added “%s” to %s.\n"),
           mcp_server_config_get_name (mcp_catalog_proposal_get_config (proposal)), where);
  return EXIT_OK;
}

static int
run_registry (CliApp *app)
{
  RegistryArgs *args = app->command_data;
  g_autoptr(McpServerCatalog) catalog = mcp_server_catalog_new (app->registry_url);

  if (g_str_equal (args->action, "search"))
    return run_search (app, catalog, args->argument);
  if (g_str_equal (args->action, "show"))
    return run_show (app, catalog, args->argument);

  return run_add (app, catalog, args->argument);
}

const CliCommand cli_registry_command = {
  .name = "registry",
  .arguments = N_("search TEXT | show NAME | add NAME"),
  .summary = N_("Search the MCP Registry, show an entry, add it"),
  .parse = parse_registry,
  .run_offline = run_registry,
};
