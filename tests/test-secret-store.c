/* test-secret-store.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpSecretCredentialStore against a real Secret Service, never the
 * user's: the test starts a session bus of its own and a
 * gnome-keyring-daemon on it, unlocked with a throwaway password, with a
 * home and data directory of its own; it stops them at the end (the
 * keyring goes with its bus).
 * Credentials are saved, found again by another store object (as the next
 * run of an application would), by issuer or without one, replaced, and
 * deleted; a sign-in through McpAuthorization leaves its tokens in the
 * keyring, and its DPoP key, which the next run proves with.
 */

#include <signal.h>

#include <glib/gstdio.h>

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

/* The DPoP key is kept in the keyring with the tokens it binds, and the
 * next run (a new authorization and store) proves with it: the server
 * takes its requests, and nobody signs in again. */
static void
test_dpop_key (void)
{
  g_autoptr(McpOAuthTestServer) server =
    mcp_oauth_test_server_start ("{\"dpop_algs\": [\"ES256\"]}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpAuthorization) next_run = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpOAuthTestBrowser) next_browser = mcp_oauth_test_browser_new (next_run);
  g_autoptr(McpCredentialStore) store = mcp_secret_credential_store_new ();
  g_autoptr(McpCredentialStore) next_store = mcp_secret_credential_store_new ();
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpCredentials) found = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;

  mcp_authorization_set_store (authorization, store);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (mcp_credentials_get_dpop_key (credentials));

  found = lookup (server->url, NULL);
  g_assert_cmpstr (mcp_credentials_get_token_type (found), ==, "DPoP");
  g_assert_cmpstr (mcp_credentials_get_dpop_algorithm (found), ==, "ES256");
  g_assert_cmpstr (mcp_credentials_get_dpop_key (found), ==,
                   mcp_credentials_get_dpop_key (credentials));

  mcp_authorization_set_store (next_run, next_store);
  client = mcp_oauth_test_client_new (server, next_run, MCP_VERSION_NEGOTIATION_LEGACY);
  g_assert_true (mcp_oauth_test_client_connect (client, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (next_browser->shown, ==, 0);
  mcp_oauth_test_assert_requests_carry (server, "DPoP", credentials, 0);
  mcp_oauth_test_client_close (client);
  delete (store, server->url, NULL);
}

static const char *
last_refresh_token_sent (McpOAuthTestServer *server)
{
  g_autoptr(GPtrArray) requests = mcp_oauth_test_server_requests (server, "POST", "/token");
  const char *token = NULL;

  for (guint i = 0; i < requests->len; i++)
    {
      JsonObject *form = json_object_get_object_member (requests->pdata[i], "form");

      if (json_object_has_member (form, "refresh_token"))
        token = json_object_get_string_member (form, "refresh_token");
    }

  /* The requests belong to the server's state, which outlives the array. */
  return g_intern_string (token);
}

/* Two processes share the keyring, and the authorization server rotates
 * refresh tokens (each is good once). mcp-glib-client, in a process of its
 * own, refreshes the tokens this process signed in for; then this
 * process, whose copy of the refresh token is dead, refreshes with the
 * one the other process left in the keyring: nobody signs in again. */
static void
test_two_processes (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentialStore) store = mcp_secret_credential_store_new ();
  g_autoptr(McpHttpTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpCredentials) found = NULL;
  g_autoptr(GSubprocess) other = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first_refresh_token = NULL;
  g_autofree char *rotated = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  const char *cli = g_getenv ("MCP_GLIB_CLIENT");

  g_assert_nonnull (cli);
  mcp_authorization_set_store (authorization, store);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  first_refresh_token = g_strdup (mcp_credentials_get_refresh_token (credentials));

  transport = mcp_http_transport_new (server->url);
  mcp_http_transport_set_authorization (transport, authorization);
  client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_version_negotiation (client, MCP_VERSION_NEGOTIATION_LEGACY);
  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_client_connect_finish (client, mcp_test_await_result (&result, "connecting"),
                                            &error));
  g_assert_no_error (error);

  /* The other process finds the tokens expired, and refreshes them. */
  mcp_oauth_test_server_control (server, "{\"expire_access_tokens\": true}");
  other = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                            &error, cli, "--url", server->url, "call", "echo", "text=elsewhere",
                            NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (other, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (other));
  if (g_subprocess_get_exit_status (other) != 0)
    g_error ("mcp-glib-client failed: %s", err);
  g_assert_cmpstr (out, ==, "elsewhere\n");
  g_assert_cmpstr (last_refresh_token_sent (server), ==, first_refresh_token);
  found = lookup (server->url, NULL);
  rotated = g_strdup (mcp_credentials_get_refresh_token (found));
  g_assert_cmpstr (rotated, !=, first_refresh_token);

  /* Then this one does, with the refresh token of the other. */
  mcp_oauth_test_server_control (server, "{\"expire_access_tokens\": true}");
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"here\"}");
  g_assert_cmpstr (text, ==, "here");
  g_assert_cmpstr (last_refresh_token_sent (server), ==, rotated);
  g_assert_cmpuint (browser->shown, ==, 1);
  g_assert_cmpstr (mcp_credentials_get_refresh_token (mcp_authorization_get_credentials (
                     authorization, server->url)), !=, rotated);
}

typedef struct
{
  McpAuthorization *authorization;
  const char       *url;
  const char       *access_token;
} Expected;

static gboolean
has_access_token (gpointer data)
{
  Expected *expected = data;
  McpCredentials *credentials = mcp_authorization_get_credentials (expected->authorization,
                                                                   expected->url);

  return credentials != NULL &&
         g_strcmp0 (mcp_credentials_get_access_token (credentials), expected->access_token) == 0;
}

/* Another process saves new credentials in the keyring: the Secret
 * Service announces it, and this process takes them without asking the
 * authorization server anything. */
static void
test_heard_from_other_process (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentialStore) store = mcp_secret_credential_store_new ();
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpCredentials) found = NULL;
  g_autoptr(GSubprocess) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  const char *cli = g_getenv ("MCP_GLIB_CLIENT");
  Expected expected;
  guint posts;

  g_assert_nonnull (cli);
  mcp_authorization_set_store (authorization, store);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);

  mcp_oauth_test_server_control (server, "{\"expire_access_tokens\": true}");
  other = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                            &error, cli, "--url", server->url, "call", "echo", "text=x", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (other, NULL, NULL, NULL, &err, &error);
  g_assert_no_error (error);
  if (!g_subprocess_get_if_exited (other) || g_subprocess_get_exit_status (other) != 0)
    g_error ("mcp-glib-client failed: %s", err);
  posts = mcp_oauth_test_server_count (server, "POST /token");

  found = lookup (server->url, NULL);
  g_assert_cmpstr (mcp_credentials_get_access_token (found), !=,
                   mcp_credentials_get_access_token (credentials));
  expected.authorization = authorization;
  expected.url = server->url;
  expected.access_token = mcp_credentials_get_access_token (found);
  g_assert_true (mcp_test_wait_until (has_access_token, &expected, 10000));
  g_assert_cmpuint (mcp_oauth_test_server_count (server, "POST /token"), ==, posts);
}

static gboolean
secret_service_on_bus (gpointer data)
{
  GDBusConnection *bus = data;
  g_autoptr(GVariant) reply = NULL;
  gboolean has_owner = FALSE;

  reply = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner",
                                       g_variant_new ("(s)", "org.freedesktop.secrets"),
                                       G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                                       NULL);
  if (reply != NULL)
    g_variant_get (reply, "(b)", &has_owner);
  return has_owner;
}

/* A session bus of the test's own, which the library and
 * gnome-keyring-daemon find in DBUS_SESSION_BUS_ADDRESS. (GTestDBus would
 * wait at the end for the process's connection to the bus to go, which
 * libsecret keeps.) */
static GSubprocess *
start_bus (void)
{
  g_autoptr(GSubprocess) daemon = NULL;
  g_autoptr(GDataInputStream) output = NULL;
  g_autofree char *address = NULL;
  g_autoptr(GError) error = NULL;

  daemon = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, "dbus-daemon", "--session",
                             "--nofork", "--print-address=1", NULL);
  g_assert_no_error (error);
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (daemon));
  address = g_data_input_stream_read_line_utf8 (output, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (address);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", address, TRUE);
  return g_steal_pointer (&daemon);
}

static void
stop_bus (GSubprocess *daemon)
{
  g_autoptr(GDBusConnection) connection = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_autoptr(GError) error = NULL;

  /* The process's connection would end it when the bus goes. */
  if (connection != NULL)
    g_dbus_connection_set_exit_on_close (connection, FALSE);
  g_subprocess_send_signal (daemon, SIGTERM);
  g_subprocess_wait (daemon, NULL, &error);
  g_assert_no_error (error);
}

/* Starts gnome-keyring-daemon on the test's bus, unlocked: it goes into
 * the background, takes the Secret Service's name a moment later, and
 * exits when the bus goes. */
static void
start_keyring (void)
{
  g_autoptr(GSubprocess) daemon = NULL;
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GError) error = NULL;

  daemon = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE,
                             &error, "gnome-keyring-daemon", "--unlock", "--components=secrets",
                             NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (daemon, "test", NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (daemon));

  bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);
  if (!mcp_test_wait_until (secret_service_on_bus, bus, 10000))
    g_error ("gnome-keyring-daemon did not appear on the bus");
}

static McpCredentialStore *
desktop_store (gboolean *persistent)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  McpCredentialStore *store;

  mcp_credential_store_new_for_desktop_async (NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the desktop's credential store");
  store = mcp_credential_store_new_for_desktop_finish (result, persistent, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);

  return store;
}

/* With a Secret Service on the bus, the desktop's store is the keyring. */
static void
test_desktop_store (void)
{
  g_autoptr(McpCredentialStore) store = NULL;
  gboolean persistent = FALSE;

  store = desktop_store (&persistent);
  g_assert_true (MCP_IS_SECRET_CREDENTIAL_STORE (store));
  g_assert_true (persistent);
}

/* Without a session bus, it is memory (run in a subprocess, which has no
 * bus of its own: see main ()). */
static void
test_desktop_store_without_keyring (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(McpCredentialStore) store = NULL;
      gboolean persistent = TRUE;

      g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/mcp-glib-test-bus", TRUE);
      store = desktop_store (&persistent);
      g_assert_true (MCP_IS_MEMORY_CREDENTIAL_STORE (store));
      g_assert_false (persistent);
      return;
    }

  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *keyring_daemon = g_find_program_in_path ("gnome-keyring-daemon");
  g_autofree char *bus_daemon = g_find_program_in_path ("dbus-daemon");
  g_autoptr(GSubprocess) bus = NULL;
  g_autoptr(GFile) top = NULL;
  g_autofree char *home = NULL;
  g_autofree char *runtime = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  /* A subprocess runs its one test without the bus and keyring. */
  if (g_test_subprocess ())
    {
      g_test_add_func ("/Mcp/SecretCredentialStore/desktop-store-without-keyring",
                       test_desktop_store_without_keyring);
      return g_test_run ();
    }

  /* The whole program is skipped, in TAP terms. */
  if (keyring_daemon == NULL || bus_daemon == NULL)
    {
      g_print ("1..0 # SKIP %s is missing\n",
               keyring_daemon == NULL ? "gnome-keyring-daemon (gnome-keyring)" : "dbus-daemon");
      return 0;
    }

  /* Where the keyring keeps its files, and its control socket. */
  home = g_dir_make_tmp ("mcp-keyring-XXXXXX", NULL);
  g_assert_nonnull (home);
  runtime = g_build_filename (home, "runtime", NULL);
  g_assert_cmpint (g_mkdir (runtime, 0700), ==, 0);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  g_setenv ("XDG_CACHE_HOME", home, TRUE);
  g_unsetenv ("GNOME_KEYRING_CONTROL");

  bus = start_bus ();
  start_keyring ();

  g_test_add_func ("/Mcp/SecretCredentialStore/round-trip", test_round_trip);
  g_test_add_func ("/Mcp/SecretCredentialStore/sign-in", test_sign_in);
  g_test_add_func ("/Mcp/SecretCredentialStore/dpop-key", test_dpop_key);
  g_test_add_func ("/Mcp/SecretCredentialStore/desktop-store", test_desktop_store);
  g_test_add_func ("/Mcp/SecretCredentialStore/two-processes", test_two_processes);
  g_test_add_func ("/Mcp/SecretCredentialStore/heard-from-other-process",
                   test_heard_from_other_process);
  g_test_add_func ("/Mcp/SecretCredentialStore/desktop-store-without-keyring",
                   test_desktop_store_without_keyring);
  status = g_test_run ();

  stop_bus (bus);
  top = g_file_new_for_path (home);
  mcp_test_remove_tree (top);
  return status;
}
