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
 * deleted; and a sign-in through McpAuthorization leaves its tokens in the
 * keyring.
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

  mcp_desktop_credential_store_new_async (NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the desktop's credential store");
  store = mcp_desktop_credential_store_new_finish (result, persistent, &error);
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
  g_test_add_func ("/Mcp/SecretCredentialStore/desktop-store", test_desktop_store);
  g_test_add_func ("/Mcp/SecretCredentialStore/desktop-store-without-keyring",
                   test_desktop_store_without_keyring);
  status = g_test_run ();

  stop_bus (bus);
  top = g_file_new_for_path (home);
  mcp_test_remove_tree (top);
  return status;
}
