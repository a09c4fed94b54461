/* command-login.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Signing in to a server over HTTP: login signs in with a web browser and
 * keeps the credentials in the keyring, logout forgets them. The server is
 * --url's, or a configured one (-c) at the URL of its entry. Every command
 * with --url or -c uses those credentials (cli_app_new_authorization ()), and
 * refreshes them as needed, but never opens a browser itself: it asks for
 * a login instead. Without a keyring (no Secret Service on the session
 * bus), credentials last only as long as the program.
 */

#include "config.h"

#include <signal.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "mcp-glib-client.h"

typedef struct
{
  GMainLoop     *loop;
  GAsyncResult  *result;
} Wait;

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Wait *wait = user_data;

  wait->result = g_object_ref (result);
  g_main_loop_quit (wait->loop);
}

/* The keyring if a Secret Service answers, else memory. */
static McpCredentialStore *
choose_store (CliApp   *app,
              gboolean *persistent)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GAsyncResult) result = NULL;
  Wait wait = { loop, NULL };

  mcp_credential_store_new_for_desktop_async (NULL, wait_cb, &wait);
  g_main_loop_run (loop);
  result = wait.result;

  return mcp_credential_store_new_for_desktop_finish (result, persistent, NULL);
}

/* Where the user signs in: printed, since this may be a terminal without a
 * desktop (over SSH), and opened in the desktop's browser when there is
 * one. */
static gboolean
on_open_uri (McpAuthorization *authorization,
             const char       *uri,
             gpointer          user_data)
{
  g_printerr (_("To sign in, open this address in a web browser:\n  %s\n"
                "Waiting for the sign-in to finish (Ctrl+C cancels)…\n"), uri);

  if (g_getenv ("WAYLAND_DISPLAY") != NULL || g_getenv ("DISPLAY") != NULL)
    g_app_info_launch_default_for_uri_async (uri, NULL, NULL, NULL, NULL);

  return TRUE;
}

/* The authorization every command with --url uses: credentials from the
 * keyring, pre-registered client credentials from --client-id and
 * MCP_CLIENT_SECRET. */
McpAuthorization *
cli_app_new_authorization (CliApp   *app,
                           gboolean *persistent)
{
  g_autoptr(McpCredentialStore) store = choose_store (app, persistent);
  McpAuthorization *authorization = mcp_authorization_new ();

  mcp_authorization_set_store (authorization, store);
  mcp_authorization_set_client_name (authorization, "mcp-glib-client");
  mcp_authorization_set_client_id (authorization, app->client_id);
  if (app->client_id != NULL)
    mcp_authorization_set_client_secret (authorization, g_getenv ("MCP_CLIENT_SECRET"));
  g_signal_connect (authorization, "open-uri", G_CALLBACK (on_open_uri), NULL);

  return authorization;
}

static gboolean
parse_url_only (CliApp  *app,
                char   **args,
                GError **error)
{
  if (!cli_parse_nothing (app, args, error))
    return FALSE;

  if (app->url == NULL && app->config_server == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("%s needs the server’s --url, or -c"), app->command->name);
      return FALSE;
    }

  return TRUE;
}

/* The URL as the user may see it: with -c, as the entry writes it, since
 * an input's value (a secret, perhaps) may be part of it once expanded. */
static const char *
shown_url (CliApp *app)
{
  return app->config != NULL ? mcp_server_config_get_url (app->config) : app->url;
}

/* With -c: the URL of the entry, its variables expanded. Returns the exit
 * status of a failure, or EXIT_OK. */
static int
resolve_url (CliApp *app)
{
  g_autoptr(GError) error = NULL;

  if (app->url != NULL)
    return EXIT_OK;

  if (!cli_config_is_remote (app->config))
    {
      cli_print_error (_("%s needs a server over HTTP, and “%s” is a local one"),
                       app->command->name, app->config_server);
      return EXIT_USAGE;
    }

  if ((app->url = cli_app_dup_configured_url (app, &error)) == NULL)
    {
      cli_print_error ("%s", error->message);
      return EXIT_USAGE;
    }

  return EXIT_OK;
}

static gboolean
on_signal (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_CONTINUE;
}

/* Runs @start (an _async call) until it is done, Ctrl+C cancelling it. */
static GAsyncResult *
run_until_done (void (*start) (McpAuthorization    *authorization,
                               const char          *url,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data),
                McpAuthorization  *authorization,
                CliApp            *app)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Wait wait = { loop, NULL };

  app->cancellable = g_cancellable_new ();
  app->sigint_source = g_unix_signal_add (SIGINT, on_signal, app->cancellable);
  app->sigterm_source = g_unix_signal_add (SIGTERM, on_signal, app->cancellable);

  start (authorization, app->url, app->cancellable, wait_cb, &wait);
  g_main_loop_run (loop);

  g_clear_handle_id (&app->sigint_source, g_source_remove);
  g_clear_handle_id (&app->sigterm_source, g_source_remove);
  return wait.result;
}

static void
print_credentials (CliApp         *app,
                   McpCredentials *credentials)
{
  const char *scope = mcp_credentials_get_scope (credentials);
  gint64 expires_at = mcp_credentials_get_expires_at (credentials);

  if (app->json)
    {
      g_autoptr(JsonObject) object = json_object_new ();

      /* Never the tokens. */
      json_object_set_string_member (object, "url", shown_url (app));
      json_object_set_string_member (object, "issuer", mcp_credentials_get_issuer (credentials));
      if (scope != NULL)
        json_object_set_string_member (object, "scope", scope);
      if (expires_at > 0)
        json_object_set_int_member (object, "expiresAt", expires_at);
      json_object_set_boolean_member (object, "refreshable",
                                      mcp_credentials_get_refresh_token (credentials) != NULL);
      cli_print_json_object (object, FALSE);
      return;
    }

  fprintf (stdout, _("Signed in to %s (authorization server %s).\n"), shown_url (app),
           mcp_credentials_get_issuer (credentials));
  if (scope != NULL)
    fprintf (stdout, _("Scopes: %s\n"), scope);
}

static int
run_login (CliApp *app)
{
  g_autoptr(McpAuthorization) authorization = NULL;
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gboolean persistent;
  int status;

  if ((status = resolve_url (app)) != EXIT_OK)
    return status;

  authorization = cli_app_new_authorization (app, &persistent);
  if (app->timeout > 0)
    mcp_authorization_set_sign_in_timeout (authorization, MAX (app->timeout / 1000, 1));

  result = run_until_done (mcp_authorization_sign_in_async, authorization, app);
  credentials = mcp_authorization_sign_in_finish (authorization, result, &error);
  if (credentials == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return 128 + SIGINT;

      cli_print_error (_("Could not sign in to %s: %s"), shown_url (app), error->message);
      return EXIT_CONNECTION;
    }

  print_credentials (app, credentials);
  if (!persistent)
    cli_print_error ("%s", _("No keyring is available: this sign-in is not kept, and other "
                             "commands will need their own"));
  return EXIT_OK;
}

const CliCommand cli_login_command = {
  .name = "login",
  .arguments = "",
  .summary = N_("Sign in to the --url or -c server; keep the credentials"),
  .parse = parse_url_only,
  .run_offline = run_login,
};

static int
run_logout (CliApp *app)
{
  g_autoptr(McpAuthorization) authorization = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gboolean persistent;
  int status;

  if ((status = resolve_url (app)) != EXIT_OK)
    return status;

  authorization = cli_app_new_authorization (app, &persistent);
  result = run_until_done (mcp_authorization_sign_out_async, authorization, app);
  if (!mcp_authorization_sign_out_finish (authorization, result, &error))
    {
      cli_print_error (_("Could not forget the credentials for %s: %s"), shown_url (app),
                       error->message);
      return EXIT_CONNECTION;
    }

  if (!app->json)
    fprintf (stdout, _("Signed out of %s.\n"), shown_url (app));
  return EXIT_OK;
}

const CliCommand cli_logout_command = {
  .name = "logout",
  .arguments = "",
  .summary = N_("Forget the credentials for the --url or -c server"),
  .parse = parse_url_only,
  .run_offline = run_logout,
};
