/* test-catalog-keyring.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The values of a registry proposal's inputs kept in the keyring, never in
 * the configuration file (McpServerRegistry:use-keyring), against a real
 * Secret Service that is never the user's: run-with-keyring.sh starts a
 * session bus and a gnome-keyring-daemon of the test's own. A server added
 * with a secret is saved with only `${input:…}` in its file, its value in
 * the keyring under the file and the input's ID; a new registry on the file
 * (as the next run of an application would make) finds it there and gives
 * it to the server without asking; removing the server deletes it, unless
 * another server of the file uses it.
 */

#include <string.h>

#include <glib/gstdio.h>
#include <libsecret/secret.h>

#include "mcp-test-util.h"

#define SECRET "s3cret-weather-token"

static const SecretSchema input_schema = {
  "org.gnome.McpGlib.Input", SECRET_SCHEMA_NONE,
  {
    { "file", SECRET_SCHEMA_ATTRIBUTE_STRING },
    { "input", SECRET_SCHEMA_ATTRIBUTE_STRING },
    { NULL, 0 },
  }
};

static McpCatalogEntry *
weather_entry (void)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  McpCatalogEntry *entry;

  node = json_from_string ("{"
    "\"name\": \"io.github.mcp-glib/weather\", \"version\": \"1.2.0\","
    "\"description\": \"Weather forecasts\","
    "\"packages\": [{ \"registryType\": \"npm\", \"identifier\": \"weather-mcp\","
    "  \"version\": \"1.2.0\", \"transport\": { \"type\": \"stdio\" },"
    "  \"environmentVariables\": ["
    "    { \"name\": \"WEATHER_TOKEN\", \"description\": \"The API token\","
    "      \"isRequired\": true, \"isSecret\": true },"
    "    { \"name\": \"WEATHER_UNITS\", \"description\": \"Units\","
    "      \"isRequired\": true, \"choices\": [\"metric\", \"imperial\"] }]}]}", &error);
  g_assert_no_error (error);
  entry = mcp_catalog_entry_new_from_json (json_node_get_object (node), &error);
  g_assert_no_error (error);

  return entry;
}

static McpServerRegistry *
registry_new (GFile    *file,
              gboolean  use_keyring)
{
  McpServerRegistry *registry = mcp_server_registry_new_empty ();

  g_assert_false (mcp_server_registry_get_use_keyring (registry));
  mcp_server_registry_set_use_keyring (registry, use_keyring);
  g_assert_true (mcp_server_registry_get_use_keyring (registry) == use_keyring);
  mcp_server_registry_add_file (registry, file);

  return registry;
}

static char *
keyring_value (const char *path,
               const char *id)
{
  g_autoptr(GError) error = NULL;
  char *secret = secret_password_lookup_sync (&input_schema, NULL, &error,
                                              "file", path, "input", id, NULL);

  g_assert_no_error (error);
  return secret;
}

static gboolean
input_requested_cb (McpServerRegistry *registry,
                    McpInputRequest   *request,
                    gpointer           user_data)
{
  GPtrArray *asked = user_data;

  g_ptr_array_add (asked, g_strdup (mcp_input_request_get_id (request)));
  return FALSE;
}

static void
test_inputs_in_keyring (void)
{
  g_autoptr(McpServerCatalog) catalog = g_object_new (MCP_TYPE_SERVER_CATALOG,
                                                      "cache-directory", "", NULL);
  g_autoptr(McpCatalogEntry) entry = weather_entry ();
  g_autoptr(McpCatalogProposal) proposal = NULL;
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(McpServerRegistry) later = NULL;
  g_autoptr(McpServerRegistry) without = NULL;
  g_autoptr(McpServerRegistry) after_removal = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GPtrArray) asked = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("catalog-keyring-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "mcp.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  g_autofree char *stored = NULL;
  g_auto(GStrv) environ = NULL;
  McpServerConfig *config;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "{ \"servers\": {} }\n", -1, &error));
  g_assert_no_error (error);

  /* Added with its values, after consent, then saved. */
  proposal = mcp_server_catalog_propose (catalog, entry, NULL, &error);
  g_assert_no_error (error);
  mcp_catalog_proposal_set_input (proposal, "weather.WEATHER_TOKEN", SECRET);
  mcp_catalog_proposal_set_input (proposal, "weather.WEATHER_UNITS", "metric");
  mcp_catalog_proposal_confirm (proposal);
  registry = registry_new (file, TRUE);
  g_assert_true (mcp_catalog_proposal_add (proposal, registry, file, &error));
  g_assert_no_error (error);
  mcp_test_save_registry (registry);

  /* The file has the references only. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_nonnull (strstr (contents, "\"${input:weather.WEATHER_TOKEN}\""));
  g_assert_nonnull (strstr (contents, "\"${input:weather.WEATHER_UNITS}\""));
  g_assert_null (strstr (contents, SECRET));
  g_assert_null (strstr (contents, "\"WEATHER_UNITS\": \"metric\""));

  /* The keyring has the values, under the file and the input's ID. */
  stored = keyring_value (path, "weather.WEATHER_TOKEN");
  g_assert_cmpstr (stored, ==, SECRET);
  g_clear_pointer (&stored, secret_password_free);
  stored = keyring_value (path, "weather.WEATHER_UNITS");
  g_assert_cmpstr (stored, ==, "metric");
  g_clear_pointer (&stored, secret_password_free);
  g_clear_object (&registry);

  /* A new registry on the file finds them there: nothing is asked, and the
   * server gets its token in its environment. */
  later = registry_new (file, TRUE);
  g_signal_connect (later, "input-requested", G_CALLBACK (input_requested_cb), asked);
  config = mcp_server_registry_lookup (later, "weather");
  g_assert_nonnull (config);
  client = mcp_test_create_configured_client (config, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (asked->len, ==, 0);
  environ = mcp_stdio_transport_build_environ (MCP_STDIO_TRANSPORT (mcp_client_get_transport (client)));
  g_assert_cmpstr (g_environ_getenv (environ, "WEATHER_TOKEN"), ==, SECRET);
  g_assert_cmpstr (g_environ_getenv (environ, "WEATHER_UNITS"), ==, "metric");
  g_clear_object (&client);

  /* Without use-keyring the registry does not look: it asks. */
  without = registry_new (file, FALSE);
  g_signal_connect (without, "input-requested", G_CALLBACK (input_requested_cb), asked);
  client = mcp_test_create_configured_client (mcp_server_registry_lookup (without, "weather"),
                                              &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_null (client);
  g_assert_null (strstr (error->message, SECRET));
  g_clear_error (&error);
  g_assert_cmpuint (asked->len, ==, 1);
  g_assert_cmpstr (asked->pdata[0], ==, "weather.WEATHER_TOKEN");
  g_ptr_array_set_size (asked, 0);

  /* Removing the server deletes its values from the keyring. */
  g_assert_true (mcp_server_registry_remove (later, config));
  mcp_test_save_registry (later);
  stored = keyring_value (path, "weather.WEATHER_TOKEN");
  g_assert_null (stored);
  stored = keyring_value (path, "weather.WEATHER_UNITS");
  g_assert_null (stored);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_null (strstr (contents, "\"weather\": {"));

  g_assert_true (g_file_delete (file, NULL, NULL));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A value that another server of the file uses stays in the keyring when
 * one of them is removed, and goes with the last. */
static void
test_shared_input (void)
{
  g_autoptr(McpServerCatalog) catalog = g_object_new (MCP_TYPE_SERVER_CATALOG,
                                                      "cache-directory", "", NULL);
  g_autoptr(McpCatalogEntry) entry = weather_entry ();
  g_autoptr(McpCatalogProposal) proposal = NULL;
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(McpServerConfig) copy = NULL;
  g_autoptr(JsonObject) json = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("catalog-keyring-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "mcp.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) top = g_file_new_for_path (dir);
  char *stored;

  g_assert_no_error (error);
  registry = registry_new (file, TRUE);
  proposal = mcp_server_catalog_propose (catalog, entry, NULL, &error);
  g_assert_no_error (error);
  mcp_catalog_proposal_set_input (proposal, "weather.WEATHER_TOKEN", SECRET);
  mcp_catalog_proposal_confirm (proposal);
  g_assert_true (mcp_catalog_proposal_add (proposal, registry, file, &error));
  g_assert_no_error (error);
  json = mcp_test_parse_object ("{\"command\": \"weather-copy\","
                                " \"env\": {\"TOKEN\": \"${input:weather.WEATHER_TOKEN}\"}}");
  copy = mcp_server_config_new ("weather-copy", json);
  g_assert_true (mcp_server_registry_add (registry, copy, file, &error));
  g_assert_no_error (error);
  mcp_test_save_registry (registry);

  g_assert_true (mcp_server_registry_remove (registry,
                                             mcp_server_registry_lookup (registry, "weather")));
  mcp_test_save_registry (registry);
  stored = keyring_value (path, "weather.WEATHER_TOKEN");
  g_assert_cmpstr (stored, ==, SECRET);
  secret_password_free (stored);

  g_assert_true (mcp_server_registry_remove (registry,
                                             mcp_server_registry_lookup (registry,
                                                                         "weather-copy")));
  mcp_test_save_registry (registry);
  g_assert_null (keyring_value (path, "weather.WEATHER_TOKEN"));

  mcp_test_remove_tree (top);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  g_test_add_func ("/Mcp/CatalogKeyring/inputs-in-keyring", test_inputs_in_keyring);
  g_test_add_func ("/Mcp/CatalogKeyring/shared-input", test_shared_input);

  return g_test_run ();
}
