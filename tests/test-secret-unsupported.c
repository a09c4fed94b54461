/* test-secret-unsupported.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpSecretCredentialStore in a build without libsecret: the type is
 * there, the store is made, and each of its operations fails with
 * G_IO_ERROR_NOT_SUPPORTED and a message that names libsecret; the
 * desktop's store is then memory. A registry that keeps the values of
 * inputs in the keyring (use-keyring) saves its file all the same, says
 * that the values were not kept, and keeps them in memory for the session.
 * In a build with libsecret these tests
 * are skipped (test-secret-store.c covers the keyring);
 * test-build-without-libsecret.py builds a tree without libsecret and runs
 * this program there.
 */

#include <string.h>

#include "mcp-test-util.h"

static void
assert_not_supported (GError *error)
{
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "libsecret"));
}

static void
test_operations_fail (void)
{
  g_autoptr(McpCredentialStore) store = NULL;
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpCredentials) found = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  if (mcp_secret_credential_store_is_supported ())
    {
      g_test_skip ("built with libsecret");
      return;
    }

  store = mcp_secret_credential_store_new ();
  g_assert_true (MCP_IS_SECRET_CREDENTIAL_STORE (store));
  g_assert_true (MCP_IS_CREDENTIAL_STORE (store));

  mcp_credential_store_lookup_async (store, "https://example.com/mcp", NULL, NULL,
                                     mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "a lookup");
  found = mcp_credential_store_lookup_finish (store, result, &error);
  g_assert_null (found);
  assert_not_supported (error);
  g_clear_error (&error);
  g_clear_object (&result);

  credentials = g_object_new (MCP_TYPE_CREDENTIALS,
                              "resource", "https://example.com/mcp",
                              "issuer", "https://auth.example.com",
                              "access-token", "token",
                              NULL);
  mcp_credential_store_save_async (store, credentials, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "saving");
  g_assert_false (mcp_credential_store_save_finish (store, result, &error));
  assert_not_supported (error);
  g_clear_error (&error);
  g_clear_object (&result);

  mcp_credential_store_delete_async (store, "https://example.com/mcp", NULL, NULL,
                                     mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "deleting");
  g_assert_false (mcp_credential_store_delete_finish (store, result, &error));
  assert_not_supported (error);
}

static void
test_desktop_store_is_memory (void)
{
  g_autoptr(McpCredentialStore) store = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gboolean persistent = TRUE;

  if (mcp_secret_credential_store_is_supported ())
    {
      g_test_skip ("built with libsecret");
      return;
    }

  mcp_credential_store_new_for_desktop_async (NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the desktop's credential store");
  store = mcp_credential_store_new_for_desktop_finish (result, &persistent, &error);
  g_assert_no_error (error);
  g_assert_true (MCP_IS_MEMORY_CREDENTIAL_STORE (store));
  g_assert_false (persistent);
}

static void
test_registry_inputs (void)
{
  g_autoptr(McpServerCatalog) catalog = NULL;
  g_autoptr(McpCatalogEntry) entry = NULL;
  g_autoptr(McpCatalogProposal) proposal = NULL;
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(JsonObject) json = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = NULL;
  g_auto(GStrv) environ = NULL;

  if (mcp_secret_credential_store_is_supported ())
    {
      g_test_skip ("built with libsecret");
      return;
    }

  dir = g_dir_make_tmp ("unsupported-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "mcp.json", NULL);
  file = g_file_new_for_path (path);
  json = mcp_test_parse_object ("{\"name\": \"io.github.mcp-glib/weather\", \"version\": \"1.0.0\","
                                " \"description\": \"Weather\", \"packages\": [{"
                                "  \"registryType\": \"npm\", \"identifier\": \"weather-mcp\","
                                "  \"version\": \"1.0.0\", \"transport\": {\"type\": \"stdio\"},"
                                "  \"environmentVariables\": [{\"name\": \"TOKEN\","
                                "    \"isRequired\": true, \"isSecret\": true}]}]}");
  entry = mcp_catalog_entry_new_from_json (json, &error);
  g_assert_no_error (error);
  catalog = g_object_new (MCP_TYPE_SERVER_CATALOG, "cache-directory", "", NULL);
  proposal = mcp_server_catalog_propose (catalog, entry, NULL, &error);
  g_assert_no_error (error);
  mcp_catalog_proposal_set_input (proposal, "weather.TOKEN", "t0ken");
  mcp_catalog_proposal_confirm (proposal);

  registry = mcp_server_registry_new_empty ();
  mcp_server_registry_set_use_keyring (registry, TRUE);
  mcp_server_registry_add_file (registry, file);
  g_assert_true (mcp_catalog_proposal_add (proposal, registry, file, &error));
  g_assert_no_error (error);
  mcp_server_registry_save_async (registry, NULL, mcp_test_store_result_cb, &result);
  g_assert_false (mcp_server_registry_save_finish (registry,
                                                   mcp_test_await_result (&result, "saving"),
                                                   &error));
  assert_not_supported (error);
  g_assert_nonnull (strstr (error->message, "The configuration was saved"));
  g_assert_null (strstr (error->message, "t0ken"));
  g_clear_error (&error);

  /* The file is written, without the value, which the session has. */
  g_assert_false (mcp_server_registry_has_unsaved_changes (registry));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "${input:weather.TOKEN}"));
  g_assert_null (strstr (contents, "t0ken"));
  transport = mcp_server_config_create_transport (mcp_server_registry_lookup (registry, "weather"),
                                                  &error);
  g_assert_no_error (error);
  environ = mcp_stdio_transport_build_environ (MCP_STDIO_TRANSPORT (transport));
  g_assert_cmpstr (g_environ_getenv (environ, "TOKEN"), ==, "t0ken");

  g_clear_object (&file);
  file = g_file_new_for_path (dir);
  mcp_test_remove_tree (file);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  g_test_add_func ("/Mcp/SecretCredentialStore/unsupported/operations", test_operations_fail);
  g_test_add_func ("/Mcp/SecretCredentialStore/unsupported/desktop-store",
                   test_desktop_store_is_memory);
  g_test_add_func ("/Mcp/SecretCredentialStore/unsupported/registry-inputs",
                   test_registry_inputs);

  return g_test_run ();
}
