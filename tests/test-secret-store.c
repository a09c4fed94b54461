/* test-secret-store.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpSecretCredentialStore against a real Secret Service: run by
 * run-with-keyring.sh, with a gnome-keyring of its own on a private session
 * bus. Credentials are saved, found again by another store object (as the
 * next run of an application would), by issuer or without one, replaced,
 * and deleted; and a sign-in through McpAuthorization leaves its tokens in
 * the keyring.
 */

#include "mcp-oauth-test-util.h"
#include "mcp-test-util.h"

static McpCredentials *
credentials_new (const char *resource,
                 const char *issuer,
                 const char *access_token)
{
  return g_object_new (MCP_TYPE_CREDENTIALS,
                       "resource", resource,
                       "issuer", issuer,
                       "client-id", "client",
                       "client-secret", "client-secret",
                       "access-token", access_token,
                       "refresh-token", "refresh",
                       "expires-at", G_GINT64_CONSTANT (1900000000),
                       NULL);
}

static void
save (McpCredentialStore *store,
      McpCredentials     *credentials)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_credential_store_save_async (store, credentials, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "saving to the keyring");
  g_assert_true (mcp_credential_store_save_finish (store, result, &error));
  g_assert_no_error (error);
}

static McpCredentials *
lookup (const char *resource,
        const char *issuer)
{
  /* A new store each time, as in the application's next run. */
  g_autoptr(McpCredentialStore) store = mcp_secret_credential_store_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  McpCredentials *credentials;

  mcp_credential_store_lookup_async (store, resource, issuer, NULL, mcp_test_store_result_cb,
                                     &result);
  mcp_test_await_result (&result, "the keyring lookup");
  credentials = mcp_credential_store_lookup_finish (store, result, &error);
  g_assert_no_error (error);
  return credentials;
}

static void
delete (McpCredentialStore *store,
        const char         *resource,
        const char         *issuer)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_credential_store_delete_async (store, resource, issuer, NULL, mcp_test_store_result_cb,
                                     &result);
  mcp_test_await_result (&result, "deleting from the keyring");
  g_assert_true (mcp_credential_store_delete_finish (store, result, &error));
  g_assert_no_error (error);
}

static void
test_round_trip (void)
{
  g_autoptr(McpCredentialStore) store = mcp_secret_credential_store_new ();
  g_autoptr(McpCredentials) a = credentials_new ("https://one.example/mcp",
                                                 "https://auth.example", "token-a");
  g_autoptr(McpCredentials) b = credentials_new ("https://two.example/mcp",
                                                 "https://auth.example", "token-b");
  g_autoptr(McpCredentials) a2 = credentials_new ("https://one.example/mcp",
                                                  "https://auth.example", "token-a2");
  g_autoptr(McpCredentials) found = NULL;

  g_assert_null (lookup ("https://one.example/mcp", NULL));

  save (store, a);
  save (store, b);

  found = lookup ("https://one.example/mcp", NULL);
  g_assert_nonnull (found);
  g_assert_cmpstr (mcp_credentials_get_access_token (found), ==, "token-a");
  g_assert_cmpstr (mcp_credentials_get_refresh_token (found), ==, "refresh");
  g_assert_cmpstr (mcp_credentials_get_client_secret (found), ==, "client-secret");
  g_assert_cmpint (mcp_credentials_get_expires_at (found), ==, 1900000000);
  g_clear_object (&found);

  found = lookup ("https://one.example/mcp", "https://auth.example");
  g_assert_cmpstr (mcp_credentials_get_access_token (found), ==, "token-a");
  g_clear_object (&found);
  g_assert_null (lookup ("https://one.example/mcp", "https://other.example"));

  /* Saving again replaces. */
  save (store, a2);
  found = lookup ("https://one.example/mcp", NULL);
  g_assert_cmpstr (mcp_credentials_get_access_token (found), ==, "token-a2");
  g_clear_object (&found);

  delete (store, "https://one.example/mcp", NULL);
  g_assert_null (lookup ("https://one.example/mcp", NULL));
  found = lookup ("https://two.example/mcp", NULL);
  g_assert_cmpstr (mcp_credentials_get_access_token (found), ==, "token-b");
  g_clear_object (&found);

  delete (store, "https://two.example/mcp", "https://auth.example");
  g_assert_null (lookup ("https://two.example/mcp", NULL));

  /* Deleting what is not there is fine. */
  delete (store, "https://two.example/mcp", NULL);
}

/* A sign-in keeps its tokens in the keyring. */
static void
test_sign_in (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentialStore) store = mcp_secret_credential_store_new ();
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpCredentials) found = NULL;
  g_autoptr(GError) error = NULL;

  mcp_authorization_set_store (authorization, store);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);

  found = lookup (server->url, NULL);
  g_assert_nonnull (found);
  g_assert_cmpstr (mcp_credentials_get_access_token (found), ==,
                   mcp_credentials_get_access_token (credentials));
  g_assert_cmpstr (mcp_credentials_get_issuer (found), ==, server->origin);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  g_test_add_func ("/Mcp/SecretCredentialStore/round-trip", test_round_trip);
  g_test_add_func ("/Mcp/SecretCredentialStore/sign-in", test_sign_in);

  return g_test_run ();
}
