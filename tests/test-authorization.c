/* test-authorization.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpAuthorization signing in on its own (mcp_authorization_sign_in_async)
 * against the scripted authorization server mcp-oauth-test-server.py:
 * discovery, the client identities, the grants, the browser step and the
 * redirect replaced, cancellation and timeouts, credential stores, and
 * every way a hostile server can try to get a secret or a wrong sign-in
 * accepted. What the transport does with it is in test-authorization-http.c.
 */

#include <string.h>

#include "mcp-oauth-test-util.h"
#include "mcp-test-util.h"

typedef struct
{
  guint needed;
  guint signed_in;
  guint failed;
  GError *error;
} Signals;

static void
sign_in_needed_cb (McpAuthorization *authorization,
                   const char       *url,
                   Signals          *signals)
{
  signals->needed++;
}

static void
signed_in_cb (McpAuthorization *authorization,
              const char       *url,
              Signals          *signals)
{
  signals->signed_in++;
}

static void
sign_in_failed_cb (McpAuthorization *authorization,
                   const char       *url,
                   const GError     *error,
                   Signals          *signals)
{
  signals->failed++;
  g_clear_error (&signals->error);
  signals->error = g_error_copy (error);
}

static void
watch_signals (McpAuthorization *authorization,
               Signals          *signals)
{
  g_signal_connect (authorization, "sign-in-needed", G_CALLBACK (sign_in_needed_cb), signals);
  g_signal_connect (authorization, "signed-in", G_CALLBACK (signed_in_cb), signals);
  g_signal_connect (authorization, "sign-in-failed", G_CALLBACK (sign_in_failed_cb), signals);
}

static const char *
form_value (JsonObject *request,
            const char *name)
{
  JsonObject *form = json_object_get_object_member (request, "form");

  return json_object_has_member (form, name) ? json_object_get_string_member (form, name) : NULL;
}

static void
count_request_cb (SoupSession *session,
                  SoupMessage *message,
                  guint       *count)
{
  (*count)++;
}

/* The whole flow with dynamic registration and the loopback redirect,
 * through an HTTP session of the application's. */
static void
test_sign_in (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new_with_session (session);
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpCredentials) stored = NULL;
  g_autoptr(JsonObject) registration = NULL;
  g_autoptr(JsonObject) token_request = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *redirect_uri = NULL;
  g_autofree char *challenge = NULL;
  g_autofree char *issuer = NULL;
  g_autofree char *expected = NULL;
  JsonObject *body;
  Signals signals = { 0 };
  guint session_requests = 0;

  watch_signals (authorization, &signals);
  g_assert_true (mcp_authorization_get_session (authorization) == session);
  g_signal_connect (session, "request-queued", G_CALLBACK (count_request_cb), &session_requests);
  /* Without a name of its own, the application's name, else mcp-glib. */
  g_assert_cmpstr (mcp_authorization_get_client_name (authorization), ==,
                   g_get_application_name () ? g_get_application_name () : "mcp-glib");
  mcp_authorization_set_client_name (authorization, "Test Application");
  g_assert_cmpstr (mcp_authorization_get_client_name (authorization), ==, "Test Application");

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (credentials);
  /* Discovery, registration and the token request went through it. */
  g_assert_cmpuint (session_requests, >=, 3);

  issuer = g_strdup (server->origin);
  g_assert_cmpstr (mcp_credentials_get_resource (credentials), ==, server->url);
  g_assert_cmpstr (mcp_credentials_get_issuer (credentials), ==, issuer);
  g_assert_true (g_str_has_prefix (mcp_credentials_get_access_token (credentials), "at-"));
  g_assert_true (g_str_has_prefix (mcp_credentials_get_refresh_token (credentials), "rt-"));
  g_assert_true (g_str_has_prefix (mcp_credentials_get_client_id (credentials), "client-"));
  g_assert_cmpint (mcp_credentials_get_expires_at (credentials), >,
                   g_get_real_time () / G_USEC_PER_SEC + 3000);
  g_assert_true (mcp_authorization_get_credentials (authorization, server->url) == credentials);
  g_assert_cmpuint (signals.needed, ==, 1);
  g_assert_cmpuint (signals.signed_in, ==, 1);
  g_assert_cmpuint (signals.failed, ==, 0);
  g_assert_cmpuint (browser->shown, ==, 1);

  /* The authorization request: PKCE S256, state, resource, and the
   * loopback redirect on 127.0.0.1. */
  redirect_uri = g_strdup (mcp_oauth_test_browser_param (browser, "redirect_uri"));
  challenge = g_strdup (mcp_oauth_test_browser_param (browser, "code_challenge"));
  g_assert_true (g_str_has_prefix (redirect_uri, "http://127.0.0.1:"));
  g_assert_true (g_str_has_suffix (redirect_uri, "/callback"));
  g_assert_cmpuint (strlen (challenge), ==, 43);
  g_assert_cmpstr (mcp_oauth_test_browser_param (browser, "code_challenge_method"), ==, "S256");
  g_assert_cmpstr (mcp_oauth_test_browser_param (browser, "resource"), ==, server->url);
  g_assert_cmpstr (mcp_oauth_test_browser_param (browser, "response_type"), ==, "code");
  g_assert_nonnull (mcp_oauth_test_browser_param (browser, "state"));
  g_assert_null (mcp_oauth_test_browser_param (browser, "scope"));

  /* Registered as a native application that wants refresh tokens. */
  registration = mcp_oauth_test_server_request (server, "POST", "/register");
  g_assert_nonnull (registration);
  body = json_object_get_object_member (registration, "body");
  g_assert_cmpstr (json_object_get_string_member (body, "client_name"), ==, "Test Application");
  g_assert_cmpstr (json_object_get_string_member (body, "application_type"), ==, "native");
  expected = g_strdup_printf ("[\"%s\"]", redirect_uri);
  mcp_test_assert_json_equal (json_object_get_member (body, "redirect_uris"), expected);
  mcp_test_assert_json_equal (json_object_get_member (body, "grant_types"),
                              "[\"authorization_code\", \"refresh_token\"]");

  token_request = mcp_oauth_test_server_request (server, "POST", "/token");
  g_assert_cmpstr (form_value (token_request, "grant_type"), ==, "authorization_code");
  g_assert_cmpstr (form_value (token_request, "resource"), ==, server->url);
  g_assert_cmpstr (form_value (token_request, "redirect_uri"), ==, redirect_uri);
  g_assert_nonnull (form_value (token_request, "code_verifier"));
  g_assert_cmpuint (mcp_oauth_test_server_count (server, "auth none"), ==, 1);

  /* Saved in the store. */
  mcp_credential_store_lookup_async (mcp_authorization_get_store (authorization), server->url,
                                     issuer, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the lookup");
  stored = mcp_credential_store_lookup_finish (mcp_authorization_get_store (authorization),
                                               result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stored);
  g_assert_cmpstr (mcp_credentials_get_access_token (stored), ==,
                   mcp_credentials_get_access_token (credentials));
  g_clear_error (&signals.error);
}

/* Whether nothing listens at the address of @redirect_uri any more. The
 * probe goes to another path, which does not count as the redirect, and
 * is asynchronous, since the listener runs in this main context. */
static gboolean
port_is_closed (const char *redirect_uri)
{
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autofree char *uri = g_strconcat (redirect_uri, "-probe", NULL);
  g_autoptr(SoupMessage) msg = soup_message_new (SOUP_METHOD_GET, uri);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;

  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL,
                                    mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the probe of the loopback address");
  body = soup_session_send_and_read_finish (session, result, &error);
  if (error == NULL)
    g_assert_cmpuint (soup_message_get_status (msg), ==, SOUP_STATUS_NOT_FOUND);

  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
}

/* The loopback listener takes one redirect and closes. */
static void
test_loopback_one_use (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);

  /* A replay of the redirect finds nobody listening. */
  g_assert_nonnull (browser->last_redirect);
  g_assert_true (port_is_closed (browser->last_redirect));
}

/* Pre-registered credentials come first, sent the way the server wants. */
static void
test_pre_registered (gconstpointer data)
{
  const char *method = data;
  g_autofree char *config = g_strdup_printf ("{\"registration\": false, \"auth_methods\": "
                                             "[\"%s\"], \"clients\": {\"pre\": \"s3 cr:t\"}}",
                                             method);
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (config);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *counter = g_strdup_printf ("auth %s", method);

  mcp_authorization_set_client_id (authorization, "pre");
  mcp_authorization_set_client_secret (authorization, "s3 cr:t");
  g_assert_cmpstr (mcp_authorization_get_client_id (authorization), ==, "pre");
  g_assert_cmpstr (mcp_authorization_get_client_secret (authorization), ==, "s3 cr:t");

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_oauth_test_browser_param (browser, "client_id"), ==, "pre");
  g_assert_cmpuint (mcp_oauth_test_server_count (server, counter), ==, 1);
  g_assert_cmpuint (mcp_oauth_test_server_count (server, "POST /register"), ==, 0);
  /* A configured secret is configuration, not something to store. */
  g_assert_null (mcp_credentials_get_client_secret (credentials));
}

/* A client ID metadata document where the server supports them, dynamic
 * registration where it does not. */
static void
test_client_metadata_document (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start ("{\"cimd\": true}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  mcp_authorization_set_client_metadata_url (authorization, "https://app.example.com/client.json");
  g_assert_cmpstr (mcp_authorization_get_client_metadata_url (authorization), ==,
                   "https://app.example.com/client.json");

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_oauth_test_browser_param (browser, "client_id"), ==,
                   "https://app.example.com/client.json");
  g_assert_cmpuint (mcp_oauth_test_server_count (server, "POST /register"), ==, 0);

  g_clear_object (&credentials);
  mcp_oauth_test_server_control (server, "{\"set\": {\"cimd\": false}}");
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (mcp_oauth_test_server_count (server, "POST /register"), ==, 1);

  /* The registration is kept and used again. */
  g_clear_object (&credentials);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (mcp_oauth_test_server_count (server, "POST /register"), ==, 1);
}

/* An issuer with a path: RFC 8414 path insertion. */
static void
test_issuer_with_path (void)
{
  g_autoptr(McpOAuthTestServer) server =
    mcp_oauth_test_server_start ("{\"issuer_path\": \"/tenant1\"}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *issuer = NULL;

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  issuer = g_strdup_printf ("%s/tenant1", server->origin);
  g_assert_cmpstr (mcp_credentials_get_issuer (credentials), ==, issuer);
  g_assert_cmpuint (mcp_oauth_test_server_count (server,
                                                 "GET /.well-known/oauth-authorization-server/tenant1"),
                    ==, 1);
}

/* Scopes: those the server supports, with offline_access when the
 * authorization server offers it; and the application's own. */
static void
test_scope_selection (void)
{
  g_autoptr(McpOAuthTestServer) server =
    mcp_oauth_test_server_start ("{\"prm_scopes\": [\"mcp:read\", \"mcp:write\"], "
                                 "\"as_scopes\": [\"mcp:read\", \"mcp:write\", \"offline_access\"]}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_oauth_test_browser_param (browser, "scope"), ==,
                   "mcp:read mcp:write offline_access");
  g_assert_cmpstr (mcp_credentials_get_scope (credentials), ==,
                   "mcp:read mcp:write offline_access");

  /* Not offered: not asked for. */
  g_clear_object (&credentials);
  mcp_oauth_test_server_control (server, "{\"set\": {\"as_scopes\": [\"mcp:read\"]}}");
  mcp_authorization_set_scope (authorization, "extra");
  g_assert_cmpstr (mcp_authorization_get_scope (authorization), ==, "extra");
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_oauth_test_browser_param (browser, "scope"), ==,
                   "mcp:read mcp:write offline_access extra");
}

/* The application receives the redirect itself (a custom URI scheme). */
static void
test_custom_redirect_uri (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  mcp_authorization_set_redirect_uri (authorization, "org.example.App:/oauth/callback");
  g_assert_false (mcp_authorization_handle_redirect_uri (authorization,
                                                         "org.example.App:/oauth/callback?"
                                                         "code=x&state=y"));

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (browser->redirect_taken);
  g_assert_true (g_str_has_prefix (browser->last_redirect, "org.example.App:/oauth/callback?"));
  g_assert_cmpstr (mcp_oauth_test_browser_param (browser, "redirect_uri"), ==,
                   "org.example.App:/oauth/callback");

  /* The same redirect again belongs to no sign-in. */
  g_assert_false (mcp_authorization_handle_redirect_uri (authorization, browser->last_redirect));
}

static gboolean
cancel_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

static gboolean
has_shown (gpointer data)
{
  return ((McpOAuthTestBrowser *) data)->shown > 0;
}

/* A sign-in nobody completes: cancelled, the listener closes. */
static void
test_cancel (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *redirect_uri = NULL;
  Signals signals = { 0 };

  watch_signals (authorization, &signals);
  browser->absent = TRUE;

  mcp_authorization_sign_in_async (authorization, server->url, cancellable,
                                   mcp_test_store_result_cb, &result);
  g_assert_true (mcp_test_wait_until (has_shown, browser, 10000));
  redirect_uri = g_strdup (mcp_oauth_test_browser_param (browser, "redirect_uri"));
  g_assert_false (port_is_closed (redirect_uri));

  g_idle_add (cancel_cb, cancellable);
  mcp_test_await_result (&result, "the cancelled sign-in");
  credentials = mcp_authorization_sign_in_finish (authorization, result, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (credentials);
  g_assert_cmpuint (signals.failed, ==, 1);
  g_assert_error (signals.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_true (port_is_closed (redirect_uri));
  g_clear_error (&signals.error);
}

/* A sign-in that started by itself is cancelled by URL. */
static void
test_cancel_sign_in (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  browser->absent = TRUE;
  mcp_authorization_sign_in_async (authorization, server->url, NULL, mcp_test_store_result_cb,
                                   &result);
  g_assert_true (mcp_test_wait_until (has_shown, browser, 10000));
  mcp_authorization_cancel_sign_in (authorization, server->url);
  mcp_test_await_result (&result, "the cancelled sign-in");
  credentials = mcp_authorization_sign_in_finish (authorization, result, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_timeout (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  browser->absent = TRUE;
  mcp_authorization_set_sign_in_timeout (authorization, 1);
  g_assert_cmpuint (mcp_authorization_get_sign_in_timeout (authorization), ==, 1);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_true (port_is_closed (mcp_oauth_test_browser_param (browser, "redirect_uri")));
}

static void
test_sign_out (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpCredentials) stored = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  McpCredentialStore *store = mcp_authorization_get_store (authorization);

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);

  mcp_authorization_sign_out_async (authorization, server->url, NULL, mcp_test_store_result_cb,
                                    &result);
  mcp_test_await_result (&result, "the sign-out");
  g_assert_true (mcp_authorization_sign_out_finish (authorization, result, &error));
  g_assert_no_error (error);
  g_assert_null (mcp_authorization_get_credentials (authorization, server->url));

  g_clear_object (&result);
  mcp_credential_store_lookup_async (store, server->url, NULL, NULL, mcp_test_store_result_cb,
                                     &result);
  mcp_test_await_result (&result, "the lookup");
  stored = mcp_credential_store_lookup_finish (store, result, &error);
  g_assert_no_error (error);
  g_assert_null (stored);
}

/* A server that takes no client credentials. */
static void
test_client_credentials (gconstpointer data)
{
  gboolean with_key = GPOINTER_TO_INT (data);
  g_autoptr(McpOAuthTestServer) server =
    mcp_oauth_test_server_start ("{\"clients\": {\"robot\": \"r0b0t\", \"keyed\": null}}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(JsonObject) request = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *key_path = g_test_build_filename (G_TEST_DIST, "oauth-test-key.pem", NULL);
  g_autofree char *key = NULL;

  g_assert_cmpint (mcp_authorization_get_grant (authorization), ==,
                   MCP_AUTHORIZATION_GRANT_AUTHORIZATION_CODE);
  mcp_authorization_set_grant (authorization, MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS);
  g_assert_cmpint (mcp_authorization_get_grant (authorization), ==,
                   MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS);
  if (with_key)
    {
      g_assert_true (g_file_get_contents (key_path, &key, NULL, NULL));
      mcp_authorization_set_client_id (authorization, "keyed");
      mcp_authorization_set_client_private_key (authorization, key);
      g_assert_cmpstr (mcp_authorization_get_client_private_key (authorization), ==, key);
    }
  else
    {
      mcp_authorization_set_client_id (authorization, "robot");
      mcp_authorization_set_client_secret (authorization, "r0b0t");
    }

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (mcp_credentials_get_access_token (credentials));
  g_assert_null (mcp_credentials_get_refresh_token (credentials));
  g_assert_cmpuint (browser->shown, ==, 0);

  request = mcp_oauth_test_server_request (server, "POST", "/token");
  g_assert_cmpstr (form_value (request, "grant_type"), ==, "client_credentials");
  g_assert_cmpstr (form_value (request, "resource"), ==, server->url);
  g_assert_cmpuint (mcp_oauth_test_server_count (server, with_key ? "auth private_key_jwt"
                                                                  : "auth client_secret_basic"),
                    ==, 1);
}

/* Cross-app access: an ID token traded for an identity assertion grant,
 * then for the access token. */
static void
test_cross_app_access (void)
{
  g_autoptr(McpOAuthTestServer) server =
    mcp_oauth_test_server_start ("{\"clients\": {\"agent\": \"4g3nt\"}}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(JsonObject) exchange = NULL;
  g_autoptr(JsonObject) request = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *idp = g_strdup_printf ("%s/idp/token", server->origin);

  mcp_authorization_set_grant (authorization, MCP_AUTHORIZATION_GRANT_CROSS_APP_ACCESS);
  mcp_authorization_set_client_id (authorization, "agent");
  mcp_authorization_set_client_secret (authorization, "4g3nt");
  mcp_authorization_set_identity_provider (authorization, idp, "idp-client", "id-token-of-alice");

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (mcp_credentials_get_access_token (credentials));

  exchange = mcp_oauth_test_server_request (server, "POST", "/idp/token");
  g_assert_cmpstr (form_value (exchange, "client_id"), ==, "idp-client");
  g_assert_cmpstr (form_value (exchange, "audience"), ==, server->origin);
  request = mcp_oauth_test_server_request (server, "POST", "/token");
  g_assert_cmpstr (form_value (request, "grant_type"), ==,
                   "urn:ietf:params:oauth:grant-type:jwt-bearer");
  g_assert_true (g_str_has_prefix (form_value (request, "assertion"), "jag-"));
}

/* A workload's JWT for @audience, expiring @lifetime seconds from now:
 * unsigned, as the scripted server does not check signatures. */
static char *
workload_jwt (const char *audience,
              gint64      lifetime)
{
  g_autofree char *claims = g_strdup_printf ("{\"iss\":\"https://idp.example\",\"sub\":\"workload\","
                                             "\"aud\":\"%s\",\"exp\":%" G_GINT64_FORMAT "}",
                                             audience, g_get_real_time () / G_USEC_PER_SEC + lifetime);
  g_autofree char *header = g_base64_encode ((const guchar *) "{\"alg\":\"none\"}", 14);
  g_autofree char *payload = g_base64_encode ((const guchar *) claims, strlen (claims));

  /* base64url without padding is all a JWT needs here. */
  g_strdelimit (header, "+", '-');
  g_strdelimit (header, "/", '_');
  g_strdelimit (payload, "+", '-');
  g_strdelimit (payload, "/", '_');
  g_strdelimit (header, "=", '\0');
  g_strdelimit (payload, "=", '\0');
  return g_strconcat (header, ".", payload, ".sig", NULL);
}

/* Workload identity federation (SEP-1933): the workload's JWT is traded
 * for an access token with the RFC 7523 jwt-bearer grant. */
static void
test_workload_identity (void)
{
  g_autoptr(McpOAuthTestServer) server =
    mcp_oauth_test_server_start ("{\"clients\": {\"workload\": null}}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(JsonObject) request = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *jwt = workload_jwt (server->origin, 300);

  /* No JWT yet: nothing to sign in with. */
  mcp_authorization_set_grant (authorization, MCP_AUTHORIZATION_GRANT_JWT_BEARER);
  mcp_authorization_set_client_id (authorization, "workload");
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED);
  g_assert_null (credentials);
  g_clear_error (&error);
  g_assert_cmpuint (mcp_oauth_test_server_count (server, "POST /token"), ==, 0);

  mcp_authorization_set_workload_token (authorization, jwt);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (mcp_credentials_get_access_token (credentials));
  g_assert_null (mcp_credentials_get_refresh_token (credentials));
  g_assert_cmpuint (browser->shown, ==, 0);

  request = mcp_oauth_test_server_request (server, "POST", "/token");
  g_assert_cmpstr (form_value (request, "grant_type"), ==,
                   "urn:ietf:params:oauth:grant-type:jwt-bearer");
  g_assert_cmpstr (form_value (request, "assertion"), ==, jwt);
  g_assert_cmpstr (form_value (request, "client_id"), ==, "workload");
  g_assert_cmpstr (form_value (request, "resource"), ==, server->url);
  g_assert_null (form_value (request, "client_secret"));
  g_assert_cmpuint (mcp_oauth_test_server_count (server, "auth none"), ==, 1);
}

/* Each refusal of the workload's JWT fails the sign-in, named, after one
 * token request: no retry, no other grant. */
static void
test_workload_identity_refused (gconstpointer data)
{
  const char *oauth_error = data;
  g_autofree char *config = g_strdup_printf ("{\"wif_error\": %s%s%s}",
                                             oauth_error ? "\"" : "",
                                             oauth_error ? oauth_error : "null",
                                             oauth_error ? "\"" : "");
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (config);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  /* Without a refusal configured: a JWT that expired a minute ago. */
  g_autofree char *jwt = workload_jwt (server->origin, oauth_error ? 300 : -60);

  mcp_authorization_set_grant (authorization, MCP_AUTHORIZATION_GRANT_JWT_BEARER);
  mcp_authorization_set_workload_token (authorization, jwt);

  mcp_test_capture_log (log);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  mcp_test_capture_log (NULL);
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED);
  g_assert_null (credentials);
  g_assert_nonnull (strstr (error->message, oauth_error ? oauth_error : "invalid_grant"));
  g_assert_null (strstr (error->message, jwt));
  g_assert_null (strstr (log->str, jwt));

  g_assert_cmpuint (mcp_oauth_test_server_count (server, "POST /token"), ==, 1);
  g_assert_cmpuint (mcp_oauth_test_server_count (server, "POST /register"), ==, 0);
  g_assert_cmpuint (browser->shown, ==, 0);
  {
    g_autoptr(JsonObject) request = mcp_oauth_test_server_request (server, "POST", "/token");

    /* No client id: no client authentication (RFC 7523 §3.1). */
    g_assert_null (form_value (request, "client_id"));
  }
}

/* Hostile or broken servers: each fails the sign-in with a clear error,
 * and nothing secret goes where it must not. */
typedef struct
{
  const char *name;
  const char *config;
  int         code;
  /* Whether the browser gets to see an authorization page at all. */
  gboolean    shown;
  /* Whether the token endpoint must not have been called. */
  gboolean    no_token_request;
} Hostile;

static void
test_hostile (gconstpointer data)
{
  const Hostile *hostile = data;
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (hostile->config);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;
  Signals signals = { 0 };

  watch_signals (authorization, &signals);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, hostile->code);
  g_assert_null (credentials);
  g_assert_null (mcp_authorization_get_credentials (authorization, server->url));
  g_assert_cmpuint (browser->shown, ==, hostile->shown ? 1 : 0);
  g_assert_cmpuint (signals.failed, ==, 1);
  if (hostile->no_token_request)
    g_assert_cmpuint (mcp_oauth_test_server_count (server, "POST /token"), ==, 0);
  g_clear_error (&signals.error);
}

static const Hostile hostile_servers[] = {
#define E(code) MCP_AUTHORIZATION_ERROR_ ## code
  { "insecure-endpoints", "{\"metadata\": \"insecure\"}", E (INSECURE), FALSE, TRUE },
  { "issuer-mismatch", "{\"metadata\": \"issuer-mismatch\"}", E (DISCOVERY_FAILED), FALSE, TRUE },
  { "huge-metadata", "{\"metadata\": \"huge\"}", E (INVALID_RESPONSE), FALSE, TRUE },
  { "malformed-metadata", "{\"metadata\": \"malformed\"}", E (DISCOVERY_FAILED), FALSE, TRUE },
  { "metadata-redirected-elsewhere", "{\"metadata\": \"redirect-other-origin\"}",
    E (INSECURE), FALSE, TRUE },
  { "resource-mismatch", "{\"prm_resource\": \"https://evil.example.com/mcp\"}",
    E (DISCOVERY_FAILED), FALSE, TRUE },
  { "insecure-issuer", "{\"authorization_servers\": [\"http://auth.example.com\"]}",
    E (INSECURE), FALSE, TRUE },
  { "pkce-plain-only", "{\"pkce_methods\": [\"plain\"]}", E (DISCOVERY_FAILED), FALSE, TRUE },
  { "pkce-not-advertised", "{\"pkce_methods\": null}", E (DISCOVERY_FAILED), FALSE, TRUE },
  { "no-client-identity", "{\"registration\": false}", E (REGISTRATION_FAILED), FALSE, TRUE },
  { "wrong-state", "{\"state\": \"wrong\"}", E (INVALID_RESPONSE), TRUE, TRUE },
  { "wrong-iss", "{\"iss\": \"wrong\"}", E (INVALID_RESPONSE), TRUE, TRUE },
  { "missing-iss", "{\"iss\": \"omit\"}", E (INVALID_RESPONSE), TRUE, TRUE },
  { "unexpected-wrong-iss", "{\"iss\": \"wrong\", \"iss_supported\": false}",
    E (INVALID_RESPONSE), TRUE, TRUE },
  { "access-denied", "{\"authorize_error\": \"access_denied\"}", E (DENIED), TRUE, TRUE },
  { "huge-token-response", "{\"token\": \"huge\"}", E (INVALID_RESPONSE), TRUE, FALSE },
  { "malformed-token-response", "{\"token\": \"malformed\"}", E (INVALID_RESPONSE), TRUE, FALSE },
  { "unsupported-token-type", "{\"token_type\": \"DPoP\"}", E (INVALID_RESPONSE), TRUE, FALSE },
  /* A token that would break the Authorization header of every request. */
  { "crlf-access-token", "{\"token\": \"crlf-access-token\"}", E (INVALID_RESPONSE), TRUE, FALSE },
  { "crlf-refresh-token", "{\"token\": \"crlf-refresh-token\"}", E (INVALID_RESPONSE), TRUE,
    FALSE },
#undef E
};

/* An authorization server that answers one byte a second (@data says which
 * answer: "metadata" or "token") meets the overall deadline of a request,
 * in about that time, however often a byte arrives. */
static void
test_slow_drip (gconstpointer data)
{
  g_autofree char *config = g_strdup_printf ("{\"drip\": \"%s\"}", (const char *) data);
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (config);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;

  g_assert_cmpuint (mcp_authorization_get_request_timeout (authorization), ==, 30);
  mcp_authorization_set_request_timeout (authorization, 2);
  g_assert_cmpuint (mcp_authorization_get_request_timeout (authorization), ==, 2);

  start = g_get_monotonic_time ();
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_nonnull (strstr (error->message, server->origin));
  g_assert_null (credentials);
  g_assert_null (mcp_authorization_get_credentials (authorization, server->url));
  /* Two seconds for the request, and the rest of the sign-in. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 12 * G_USEC_PER_SEC);
}

/* An authorization server that quotes the request in its refusal (the
 * code, the verifier, the client secret): none of it reaches the error or
 * the log, which still say what was refused. */
static void
test_refusal_quoting_secrets (void)
{
  g_autoptr(McpOAuthTestServer) server =
    mcp_oauth_test_server_start ("{\"auth_methods\": [\"client_secret_post\"], "
                                 "\"token\": \"refuse-quoting-secrets\"}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) token_request = NULL;
  const char *secrets[4];

  mcp_test_capture_log (log);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  mcp_test_capture_log (NULL);
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED);
  g_assert_nonnull (strstr (error->message, "invalid_grant"));
  g_assert_nonnull (strstr (error->message, "rejected"));
  g_string_append (log, error->message);

  token_request = mcp_oauth_test_server_request (server, "POST", "/token");
  secrets[0] = form_value (token_request, "code");
  secrets[1] = form_value (token_request, "code_verifier");
  secrets[2] = form_value (token_request, "client_secret");
  secrets[3] = NULL;
  for (guint i = 0; secrets[i] != NULL; i++)
    {
      g_assert_cmpuint (strlen (secrets[i]), >, 8);
      if (strstr (log->str, secrets[i]) != NULL)
        g_error ("A secret appears in the log or the error: %s", log->str);
    }
  g_assert_nonnull (secrets[2]);
}

/* A credential store that cannot save: a full disk, a locked keyring. */
#define TEST_TYPE_FAILING_STORE (test_failing_store_get_type ())
G_DECLARE_FINAL_TYPE (TestFailingStore, test_failing_store, TEST, FAILING_STORE, GObject)

struct _TestFailingStore
{
  GObject parent_instance;
};

static void
failing_lookup_async (McpCredentialStore  *store,
                      const char          *resource,
                      const char          *issuer,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (store, cancellable, callback, user_data);

  g_task_return_pointer (task, NULL, NULL);
}

static McpCredentials *
failing_lookup_finish (McpCredentialStore  *store,
                       GAsyncResult        *result,
                       GError             **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
failing_save_async (McpCredentialStore  *store,
                    McpCredentials      *credentials,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (store, cancellable, callback, user_data);

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "The disk is full");
}

static void
failing_delete_async (McpCredentialStore  *store,
                      const char          *resource,
                      const char          *issuer,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (store, cancellable, callback, user_data);

  g_task_return_boolean (task, TRUE);
}

static gboolean
failing_boolean_finish (McpCredentialStore  *store,
                        GAsyncResult        *result,
                        GError             **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
failing_store_iface_init (McpCredentialStoreInterface *iface)
{
  iface->lookup_async = failing_lookup_async;
  iface->lookup_finish = failing_lookup_finish;
  iface->save_async = failing_save_async;
  iface->save_finish = failing_boolean_finish;
  iface->delete_async = failing_delete_async;
  iface->delete_finish = failing_boolean_finish;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestFailingStore, test_failing_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MCP_TYPE_CREDENTIAL_STORE,
                                                      failing_store_iface_init))

static void
test_failing_store_class_init (TestFailingStoreClass *klass)
{
}

static void
test_failing_store_init (TestFailingStore *self)
{
}

static void
save_failed_cb (McpAuthorization *authorization,
                const char       *url,
                const GError     *error,
                GError          **slot)
{
  g_assert_null (*slot);
  *slot = g_error_copy (error);
}

/* Credentials that cannot be saved are in use all the same, and the
 * application hears of it (::save-failed) with the store's error. */
static void
test_save_failed (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentialStore) store = g_object_new (TEST_TYPE_FAILING_STORE, NULL);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) save_error = NULL;

  mcp_authorization_set_store (authorization, store);
  g_signal_connect (authorization, "save-failed", G_CALLBACK (save_failed_cb), &save_error);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (credentials);
  g_assert_error (save_error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_true (mcp_authorization_get_credentials (authorization, server->url) == credentials);
}

/* A store announces credentials saved through it (as a store of the
 * application's own does with mcp_credential_store_emit_changed ()): the
 * authorization takes newer ones from the same authorization server, and
 * leaves tokens that a header cannot carry. */
static void
test_store_changed (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  McpCredentialStore *store = mcp_authorization_get_store (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpCredentials) newer = NULL;
  g_autoptr(McpCredentials) malformed = NULL;
  g_autoptr(McpCredentials) elsewhere = NULL;
  g_autoptr(GError) error = NULL;

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);

  malformed = g_object_new (MCP_TYPE_CREDENTIALS, "resource", server->url,
                            "issuer", mcp_credentials_get_issuer (credentials),
                            "access-token", "at-bad\r\nX-Injected: yes", NULL);
  mcp_credential_store_emit_changed (store, server->url, malformed);
  g_assert_true (mcp_authorization_get_credentials (authorization, server->url) == credentials);

  elsewhere = g_object_new (MCP_TYPE_CREDENTIALS, "resource", server->url,
                            "issuer", "https://other.example.com",
                            "access-token", "at-of-another-issuer", NULL);
  mcp_credential_store_emit_changed (store, server->url, elsewhere);
  g_assert_true (mcp_authorization_get_credentials (authorization, server->url) == credentials);

  mcp_credential_store_emit_changed (store, server->url, NULL);
  g_assert_true (mcp_authorization_get_credentials (authorization, server->url) == credentials);

  newer = g_object_new (MCP_TYPE_CREDENTIALS, "resource", server->url,
                        "issuer", mcp_credentials_get_issuer (credentials),
                        "access-token", "at-newer", "refresh-token", "rt-newer", NULL);
  mcp_credential_store_emit_changed (store, server->url, newer);
  g_assert_true (mcp_authorization_get_credentials (authorization, server->url) == newer);
}

/* Servers that differ from the usual within the rules: the sign-in goes
 * on. @data is the server's configuration. */
static void
test_tolerated (gconstpointer data)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (data);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (credentials);
}

/* A code is good once: a second sign-in that gets the same code again is
 * refused by the token endpoint, with the server's reason. */
static void
test_replayed_code (void)
{
  g_autoptr(McpOAuthTestServer) server =
    mcp_oauth_test_server_start ("{\"fixed_code\": \"the-only-code\"}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&credentials);

  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED);
  g_assert_nonnull (strstr (error->message, "invalid_grant"));
  g_assert_null (strstr (error->message, "the-only-code"));
}

/* Neither the debug log nor error messages ever show a token, a code, a
 * verifier or a secret. */
static void
test_no_secrets_in_logs (void)
{
  g_autoptr(McpOAuthTestServer) server =
    mcp_oauth_test_server_start ("{\"auth_methods\": [\"client_secret_post\"]}");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (authorization);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) token_request = NULL;
  const char *secrets[6];

  mcp_test_capture_log (log);
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&credentials);

  /* A failure too. */
  mcp_oauth_test_server_control (server, "{\"set\": {\"state\": \"wrong\"}}");
  credentials = mcp_oauth_test_sign_in (authorization, server->url, NULL, &error);
  g_assert_nonnull (error);
  g_string_append (log, error->message);
  mcp_test_capture_log (NULL);

  credentials = g_object_ref (mcp_authorization_get_credentials (authorization, server->url));
  token_request = mcp_oauth_test_server_request (server, "POST", "/token");
  secrets[0] = mcp_credentials_get_access_token (credentials);
  secrets[1] = mcp_credentials_get_refresh_token (credentials);
  secrets[2] = mcp_credentials_get_client_secret (credentials);
  secrets[3] = form_value (token_request, "code");
  secrets[4] = form_value (token_request, "code_verifier");
  secrets[5] = NULL;

  g_assert_cmpuint (log->len, >, 0);
  g_assert_nonnull (strstr (log->str, "Signing in to"));
  for (guint i = 0; secrets[i] != NULL; i++)
    {
      g_assert_cmpuint (strlen (secrets[i]), >, 8);
      if (strstr (log->str, secrets[i]) != NULL)
        g_error ("A secret appears in the log: %s", log->str);
    }
  g_assert_nonnull (secrets[2]);
}

/* Credentials survive a trip through their serialized form. */
static void
test_credentials_serialization (void)
{
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpCredentials) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  credentials = g_object_new (MCP_TYPE_CREDENTIALS,
                              "resource", "https://mcp.example.com/mcp",
                              "issuer", "https://auth.example.com",
                              "client-id", "client",
                              "access-token", "token",
                              "refresh-token", "refresh",
                              "scope", "a b",
                              "expires-at", G_GINT64_CONSTANT (1900000000),
                              NULL);
  text = mcp_credentials_to_string (credentials);
  copy = mcp_credentials_new_from_string (text, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_credentials_get_resource (copy), ==, "https://mcp.example.com/mcp");
  g_assert_cmpstr (mcp_credentials_get_issuer (copy), ==, "https://auth.example.com");
  g_assert_cmpstr (mcp_credentials_get_client_id (copy), ==, "client");
  g_assert_null (mcp_credentials_get_client_secret (copy));
  g_assert_cmpstr (mcp_credentials_get_access_token (copy), ==, "token");
  g_assert_cmpstr (mcp_credentials_get_refresh_token (copy), ==, "refresh");
  g_assert_cmpstr (mcp_credentials_get_scope (copy), ==, "a b");
  g_assert_cmpint (mcp_credentials_get_expires_at (copy), ==, 1900000000);

  g_clear_object (&copy);
  copy = mcp_credentials_new_from_string ("{\"version\": 1, \"issuer\": \"x\"}", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
  copy = mcp_credentials_new_from_string ("[[[[", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  g_test_add_func ("/Mcp/Authorization/sign-in", test_sign_in);
  g_test_add_func ("/Mcp/Authorization/loopback-one-use", test_loopback_one_use);
  g_test_add_data_func ("/Mcp/Authorization/pre-registered/basic", "client_secret_basic",
                        test_pre_registered);
  g_test_add_data_func ("/Mcp/Authorization/pre-registered/post", "client_secret_post",
                        test_pre_registered);
  g_test_add_func ("/Mcp/Authorization/client-metadata-document", test_client_metadata_document);
  g_test_add_func ("/Mcp/Authorization/issuer-with-path", test_issuer_with_path);
  g_test_add_func ("/Mcp/Authorization/scope-selection", test_scope_selection);
  g_test_add_func ("/Mcp/Authorization/custom-redirect-uri", test_custom_redirect_uri);
  g_test_add_func ("/Mcp/Authorization/cancel", test_cancel);
  g_test_add_func ("/Mcp/Authorization/cancel-sign-in", test_cancel_sign_in);
  g_test_add_func ("/Mcp/Authorization/timeout", test_timeout);
  g_test_add_func ("/Mcp/Authorization/sign-out", test_sign_out);
  g_test_add_data_func ("/Mcp/Authorization/client-credentials/secret", GINT_TO_POINTER (FALSE),
                        test_client_credentials);
  g_test_add_data_func ("/Mcp/Authorization/client-credentials/private-key",
                        GINT_TO_POINTER (TRUE), test_client_credentials);
  g_test_add_func ("/Mcp/Authorization/cross-app-access", test_cross_app_access);
  g_test_add_func ("/Mcp/Authorization/workload-identity", test_workload_identity);
  g_test_add_data_func ("/Mcp/Authorization/workload-identity/expired", NULL,
                        test_workload_identity_refused);
  g_test_add_data_func ("/Mcp/Authorization/workload-identity/invalid_grant", "invalid_grant",
                        test_workload_identity_refused);
  g_test_add_data_func ("/Mcp/Authorization/workload-identity/invalid_scope", "invalid_scope",
                        test_workload_identity_refused);
  g_test_add_data_func ("/Mcp/Authorization/workload-identity/unauthorized_client",
                        "unauthorized_client", test_workload_identity_refused);
  for (gsize i = 0; i < G_N_ELEMENTS (hostile_servers); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Mcp/Authorization/hostile/%s",
                                               hostile_servers[i].name);

      g_test_add_data_func (path, &hostile_servers[i], test_hostile);
    }
  /* No iss in the metadata or the redirect. */
  g_test_add_data_func ("/Mcp/Authorization/iss-not-advertised",
                        "{\"iss\": \"omit\", \"iss_supported\": false}", test_tolerated);
  /* Metadata redirected within its origin. */
  g_test_add_data_func ("/Mcp/Authorization/metadata-redirect-same-origin",
                        "{\"metadata\": \"redirect-same-origin\"}", test_tolerated);
  g_test_add_data_func ("/Mcp/Authorization/slow-drip/metadata", "metadata", test_slow_drip);
  g_test_add_data_func ("/Mcp/Authorization/slow-drip/token", "token", test_slow_drip);
  g_test_add_func ("/Mcp/Authorization/refusal-quoting-secrets", test_refusal_quoting_secrets);
  g_test_add_func ("/Mcp/Authorization/save-failed", test_save_failed);
  g_test_add_func ("/Mcp/Authorization/store-changed", test_store_changed);
  g_test_add_func ("/Mcp/Authorization/replayed-code", test_replayed_code);
  g_test_add_func ("/Mcp/Authorization/no-secrets-in-logs", test_no_secrets_in_logs);
  g_test_add_func ("/Mcp/Authorization/credentials-serialization", test_credentials_serialization);

  return g_test_run ();
}
