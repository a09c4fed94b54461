/* test-authorization-http.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpHttpTransport with an McpAuthorization, against the scripted
 * authorization and MCP server mcp-oauth-test-server.py, through McpClient:
 * signing in when the server asks, or not when the application says so;
 * a sign-in the user cancels or leaves unfinished;
 * credentials from the store; step-up and its bound; refreshing on 401,
 * once for many waiting requests, and before expiry; a dead refresh token;
 * a new authorization server; and the token kept from other origins and
 * from the debug log.
 */

#include <string.h>

#include "mcp-oauth-test-util.h"
#include "mcp-test-util.h"

typedef struct
{
  McpOAuthTestServer  *server;
  McpAuthorization    *authorization;
  McpOAuthTestBrowser *browser;
  guint                needed;
  guint                signed_in;
} Fixture;

static void
sign_in_needed_cb (McpAuthorization *authorization,
                   const char       *url,
                   Fixture          *fixture)
{
  fixture->needed++;
}

static void
signed_in_cb (McpAuthorization *authorization,
              const char       *url,
              Fixture          *fixture)
{
  fixture->signed_in++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->server = mcp_oauth_test_server_start (data);
  fixture->authorization = mcp_authorization_new ();
  fixture->browser = mcp_oauth_test_browser_new (fixture->authorization);
  g_signal_connect (fixture->authorization, "sign-in-needed", G_CALLBACK (sign_in_needed_cb),
                    fixture);
  g_signal_connect (fixture->authorization, "signed-in", G_CALLBACK (signed_in_cb), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->browser, mcp_oauth_test_browser_free);
  g_clear_object (&fixture->authorization);
  g_clear_pointer (&fixture->server, mcp_oauth_test_server_stop);
}

/* A client that finds out what the server speaks (@negotiation AUTO)
 * sends server/discover first, and initialize beside it once the probe has
 * gone unanswered for a second: both are refused when a sign-in takes that
 * long, which it does under valgrind. The scripted server speaks
 * 2025-11-25, so the tests that count requests use initialize only. */
static McpClient *
client_new_with (Fixture               *fixture,
                 McpVersionNegotiation  negotiation)
{
  g_autoptr(McpHttpTransport) transport = mcp_http_transport_new (fixture->server->url);
  McpClient *client;

  mcp_http_transport_set_authorization (transport, fixture->authorization);
  g_assert_true (mcp_http_transport_get_authorization (transport) == fixture->authorization);
  client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_request_timeout (client, 20000);
  mcp_client_set_version_negotiation (client, negotiation);
  return client;
}

static McpClient *
client_new (Fixture *fixture)
{
  return client_new_with (fixture, MCP_VERSION_NEGOTIATION_LEGACY);
}

static gboolean
client_connect (McpClient  *client,
                GError    **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the connection");
  return mcp_client_connect_finish (client, result, error);
}

static McpClient *
connected_client (Fixture *fixture)
{
  McpClient *client = client_new (fixture);
  g_autoptr(GError) error = NULL;

  g_assert_true (client_connect (client, &error));
  g_assert_no_error (error);
  return client;
}

static void
client_close (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the close");
  g_assert_true (mcp_client_close_finish (client, result, NULL));
}

static guint
count (Fixture    *fixture,
       const char *counter)
{
  return mcp_oauth_test_server_count (fixture->server, counter);
}

/* Every request to the MCP server carried the token of @credentials. */
static void
assert_requests_carry (Fixture        *fixture,
                       McpCredentials *credentials,
                       guint           from)
{
  g_autoptr(GPtrArray) posts = mcp_oauth_test_server_requests (fixture->server, "POST", "/mcp");
  g_autofree char *expected = g_strconcat ("Bearer ",
                                           mcp_credentials_get_access_token (credentials), NULL);

  g_assert_cmpuint (posts->len, >, from);
  for (guint i = from; i < posts->len; i++)
    g_assert_cmpstr (json_object_get_string_member (posts->pdata[i], "authorization"), ==,
                     expected);
}

/* The server asks, the user signs in, the connection goes on. */
static void
test_sign_in_when_asked (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(McpClient) client = client_new (fixture);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  McpCredentials *credentials;

  g_assert_true (client_connect (client, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->needed, ==, 1);
  g_assert_cmpuint (fixture->signed_in, ==, 1);
  g_assert_cmpuint (fixture->browser->shown, ==, 1);
  g_assert_cmpuint (count (fixture, "401"), ==, 1);

  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"hello\"}");
  g_assert_cmpstr (text, ==, "hello");

  credentials = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  g_assert_nonnull (credentials);
  /* The first request went without a token; all after it with. */
  assert_requests_carry (fixture, credentials, 1);
  client_close (client);
}

/* The same while the client probes for the stateless revision: the probe
 * is refused, and initialize too when it went out beside the probe during
 * the sign-in; one sign-in serves both, and the connection goes on. */
static void
test_sign_in_while_probing (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(McpClient) client = client_new_with (fixture, MCP_VERSION_NEGOTIATION_AUTO);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint refused;

  g_assert_true (client_connect (client, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->needed, ==, 1);
  g_assert_cmpuint (fixture->signed_in, ==, 1);
  g_assert_cmpuint (fixture->browser->shown, ==, 1);
  refused = count (fixture, "401");
  g_assert_cmpuint (refused, >=, 1);
  g_assert_cmpuint (refused, <=, 2);

  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"hello\"}");
  g_assert_cmpstr (text, ==, "hello");
  assert_requests_carry (fixture,
                         mcp_authorization_get_credentials (fixture->authorization,
                                                            fixture->server->url),
                         refused);
  client_close (client);
}

/* Without interaction, the connection fails asking for a sign-in, and the
 * client does not fall back from its refused probe to initialize; after a
 * sign-in, a new connection works. */
static void
test_not_interactive (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(McpClient) client = client_new_with (fixture, MCP_VERSION_NEGOTIATION_AUTO);
  g_autoptr(McpClient) again = NULL;
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  mcp_authorization_set_interactive (fixture->authorization, FALSE);
  g_assert_false (client_connect (client, &error));
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED);
  g_assert_cmpuint (fixture->needed, ==, 1);
  g_assert_cmpuint (fixture->browser->shown, ==, 0);
  g_clear_error (&error);

  credentials = mcp_oauth_test_sign_in (fixture->authorization, fixture->server->url, NULL,
                                        &error);
  g_assert_no_error (error);

  again = connected_client (fixture);
  g_assert_cmpuint (count (fixture, "401"), ==, 1);
  client_close (again);
}

static gboolean
page_shown (gpointer data)
{
  Fixture *fixture = data;

  return fixture->browser->shown > 0;
}

/* The user cancels the sign-in that connecting started (@cancel), or
 * leaves it unfinished until its timeout: the connection fails asking for
 * a sign-in, and the client does not ask again (its refused probe is the
 * server's answer: no initialize, no second page). */
static void
sign_in_not_completed (Fixture  *fixture,
                       gboolean  cancel)
{
  g_autoptr(McpClient) client = client_new_with (fixture, MCP_VERSION_NEGOTIATION_AUTO);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  fixture->browser->absent = TRUE;
  if (!cancel)
    mcp_authorization_set_sign_in_timeout (fixture->authorization, 1);
  mcp_client_set_connect_timeout (client, 15000);
  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);

  if (cancel)
    {
      g_assert_true (mcp_test_wait_until (page_shown, fixture,
                                          MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
      mcp_authorization_cancel_sign_in (fixture->authorization, fixture->server->url);
    }

  mcp_test_await_result (&result, "the connection");
  g_assert_false (mcp_client_connect_finish (client, result, &error));
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED);
  g_assert_cmpuint (fixture->needed, ==, 1);
  g_assert_cmpuint (fixture->browser->shown, ==, 1);
  g_assert_cmpuint (fixture->signed_in, ==, 0);
}

static void
test_sign_in_cancelled (Fixture       *fixture,
                        gconstpointer  data)
{
  sign_in_not_completed (fixture, TRUE);
}

static void
test_sign_in_timed_out (Fixture       *fixture,
                        gconstpointer  data)
{
  sign_in_not_completed (fixture, FALSE);
}

/* The application signs in while the connection loads the credentials:
 * the connection goes on, with the sign-in. */
static void
test_sign_in_while_connecting (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(McpClient) client = client_new (fixture);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GAsyncResult) connected = NULL;
  g_autoptr(GAsyncResult) signed_in = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &connected);
  mcp_authorization_sign_in_async (fixture->authorization, fixture->server->url, NULL,
                                   mcp_test_store_result_cb, &signed_in);

  mcp_test_await_result (&signed_in, "the sign-in");
  credentials = mcp_authorization_sign_in_finish (fixture->authorization, signed_in, &error);
  g_assert_no_error (error);
  mcp_test_await_result (&connected, "the connection");
  g_assert_true (mcp_client_connect_finish (client, connected, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->browser->shown, ==, 1);
  client_close (client);
}

/* Credentials in the store: no 401, no sign-in. */
static void
test_credentials_from_store (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(McpAuthorization) other = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) browser = mcp_oauth_test_browser_new (other);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;

  /* Another authorization, as the application's last run, with the same
   * store. */
  mcp_authorization_set_store (other, mcp_authorization_get_store (fixture->authorization));
  credentials = mcp_oauth_test_sign_in (other, fixture->server->url, NULL, &error);
  g_assert_no_error (error);

  client = connected_client (fixture);
  g_assert_cmpuint (count (fixture, "401"), ==, 0);
  g_assert_cmpuint (fixture->needed, ==, 0);
  assert_requests_carry (fixture, credentials, 0);
  client_close (client);
}

/* A tool needs more: 403 insufficient_scope, a new sign-in with the scopes
 * granted before and the new one, and the call goes through. */
static void
test_step_up (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(McpClient) client = NULL;
  g_autofree char *text = NULL;
  g_autofree char *scope = NULL;

  mcp_oauth_test_server_control (fixture->server,
                                 "{\"set\": {\"challenge_scope\": \"mcp:read\", "
                                 "\"tool_scope\": \"mcp:write\"}}");
  client = connected_client (fixture);
  g_assert_cmpstr (mcp_oauth_test_browser_param (fixture->browser, "scope"), ==, "mcp:read");

  text = mcp_test_call_tool_text (client, "whoami", NULL);
  g_assert_cmpstr (text, ==, "scope: mcp:read mcp:write");
  g_assert_cmpuint (count (fixture, "403"), ==, 1);
  g_assert_cmpuint (fixture->browser->shown, ==, 2);
  scope = g_strdup (mcp_oauth_test_browser_param (fixture->browser, "scope"));
  g_assert_cmpstr (scope, ==, "mcp:read mcp:write");
  client_close (client);
}

/* A server that refuses what it just granted: no endless sign-ins. */
static void
test_step_up_bounded (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(McpClient) client = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_oauth_test_server_control (fixture->server,
                                 "{\"set\": {\"tool_scope\": \"mcp:admin\", "
                                 "\"granted_scope\": \"mcp:read\"}}");
  client = connected_client (fixture);

  result = mcp_test_call_tool (client, "echo", NULL, NULL, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INSUFFICIENT_SCOPE);
  g_assert_cmpuint (fixture->browser->shown, ==, 4);
  g_assert_cmpuint (count (fixture, "403"), ==, 4);
  client_close (client);
}

/* The server rejects the token (expired): a refresh, and the call goes on,
 * without the user. */
static void
test_refresh_on_401 (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) refresh = NULL;
  McpCredentials *credentials;

  mcp_oauth_test_server_control (fixture->server, "{\"expire_access_tokens\": true}");
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"again\"}");
  g_assert_cmpstr (text, ==, "again");

  g_assert_cmpuint (fixture->browser->shown, ==, 1);
  g_assert_cmpuint (fixture->signed_in, ==, 1);
  g_assert_cmpuint (count (fixture, "401"), ==, 2);
  refresh = mcp_oauth_test_server_request (fixture->server, "POST", "/token");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (refresh, "form"),
                                                  "grant_type"), ==, "refresh_token");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (refresh, "form"),
                                                  "resource"), ==, fixture->server->url);

  credentials = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  g_assert_true (g_str_has_prefix (mcp_credentials_get_refresh_token (credentials), "rt-"));
  client_close (client);
}

typedef struct
{
  McpClient    *client;
  GAsyncResult *results[5];
} Calls;

static gboolean
all_done (gpointer data)
{
  Calls *calls = data;

  for (guint i = 0; i < G_N_ELEMENTS (calls->results); i++)
    if (calls->results[i] == NULL)
      return FALSE;

  return TRUE;
}

/* Many requests find the token expired while a refresh runs: one refresh,
 * and every request goes through with its result. */
static void
test_one_refresh_for_all (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  guint tokens_before = count (fixture, "POST /token");
  Calls calls = { client, { NULL } };

  mcp_oauth_test_server_control (fixture->server,
                                 "{\"expire_access_tokens\": true, "
                                 "\"set\": {\"token_delay_ms\": 300}}");

  for (guint i = 0; i < G_N_ELEMENTS (calls.results); i++)
    {
      g_autoptr(JsonObject) arguments = json_object_new ();
      g_autofree char *text = g_strdup_printf ("call %u", i);

      json_object_set_string_member (arguments, "text", text);
      mcp_client_call_tool_async (client, "echo", arguments, NULL, mcp_test_store_result_cb,
                                  &calls.results[i]);
    }
  g_assert_true (mcp_test_wait_until (all_done, &calls, 20000));

  for (guint i = 0; i < G_N_ELEMENTS (calls.results); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(McpToolResult) result = mcp_client_call_tool_finish (client, calls.results[i],
                                                                      &error);
      g_autofree char *text = NULL;
      g_autofree char *expected = g_strdup_printf ("call %u", i);

      g_assert_no_error (error);
      text = mcp_tool_result_dup_text (result);
      g_assert_cmpstr (text, ==, expected);
      g_clear_object (&calls.results[i]);
    }

  g_assert_cmpuint (count (fixture, "POST /token"), ==, tokens_before + 1);
  g_assert_cmpuint (fixture->browser->shown, ==, 1);
  client_close (client);
}

typedef struct
{
  Fixture *fixture;
  char    *old_token;
} TokenChange;

static gboolean
has_new_token (gpointer data)
{
  TokenChange *change = data;
  McpCredentials *credentials =
    mcp_authorization_get_credentials (change->fixture->authorization,
                                       change->fixture->server->url);

  return g_strcmp0 (mcp_credentials_get_access_token (credentials), change->old_token) != 0;
}

/* A request refused for its old token after another refreshed it is sent
 * again with the new one: no second refresh. */
static void
test_late_refusal_after_refresh (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  g_autoptr(JsonObject) slow_arguments = mcp_test_parse_object ("{\"text\": \"slow\"}");
  g_autoptr(GAsyncResult) slow = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint tokens = count (fixture, "POST /token");

  mcp_oauth_test_server_control (fixture->server,
                                 "{\"expire_access_tokens\": true, "
                                 "\"set\": {\"slow_refusal_ms\": 1000}}");
  mcp_client_call_tool_async (client, "echo", slow_arguments, NULL, mcp_test_store_result_cb,
                              &slow);
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"fast\"}");
  g_assert_cmpstr (text, ==, "fast");

  mcp_test_await_result (&slow, "the call refused late");
  result = mcp_client_call_tool_finish (client, slow, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count (fixture, "POST /token"), ==, tokens + 1);
  client_close (client);
}

/* A token about to expire is refreshed before the server refuses it,
 * while the request that noticed goes with it: no 401. */
static void
test_refresh_before_expiry (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(McpClient) client = NULL;
  g_autofree char *text = NULL;
  g_autofree char *old_token = NULL;
  McpCredentials *credentials;
  TokenChange change;

  /* Ten seconds: refreshed in its second half, which starts after five. */
  mcp_oauth_test_server_control (fixture->server, "{\"set\": {\"access_token_lifetime\": 10}}");
  client = connected_client (fixture);
  credentials = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  old_token = g_strdup (mcp_credentials_get_access_token (credentials));
  g_assert_cmpuint (count (fixture, "POST /token"), ==, 1);

  mcp_test_iterate_for (6000);
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"x\"}");
  g_assert_cmpstr (text, ==, "x");
  change.fixture = fixture;
  change.old_token = old_token;
  g_assert_true (mcp_test_wait_until (has_new_token, &change, 5000));
  g_assert_cmpuint (count (fixture, "POST /token"), ==, 2);
  g_assert_cmpuint (count (fixture, "401"), ==, 1);
  client_close (client);
}

/* A refresh token the server no longer takes: sign in again. */
static void
test_refresh_token_revoked (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  mcp_oauth_test_server_control (fixture->server,
                                 "{\"expire_access_tokens\": true, "
                                 "\"revoke_refresh_tokens\": true}");
  mcp_authorization_set_interactive (fixture->authorization, FALSE);
  result = mcp_test_call_tool (client, "echo", "{\"text\": \"a\"}", NULL, NULL, &error);
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED);
  g_assert_cmpuint (fixture->needed, ==, 2);
  g_clear_error (&error);

  /* The application lets the user sign in again. */
  mcp_authorization_set_interactive (fixture->authorization, TRUE);
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"b\"}");
  g_assert_cmpstr (text, ==, "b");
  g_assert_cmpuint (fixture->browser->shown, ==, 2);
  /* The registration survived. */
  g_assert_cmpuint (count (fixture, "POST /register"), ==, 1);
  client_close (client);
}

/* Tokens that are refused however often the user signs in: three
 * attempts, then an error that says so. */
static void
test_attempts_bounded (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(McpClient) client = client_new (fixture);
  g_autoptr(GError) error = NULL;

  mcp_oauth_test_server_control (fixture->server,
                                 "{\"set\": {\"access_token_lifetime\": 0, "
                                 "\"refresh_tokens\": false}}");
  g_assert_false (client_connect (client, &error));
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED);
  g_assert_cmpuint (fixture->browser->shown, ==, 3);
  g_assert_cmpuint (count (fixture, "401"), ==, 4);
}

/* The server now names another authorization server: the credentials and
 * the registration of the old one go, and the user signs in there. */
static void
test_authorization_server_migration (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  g_autofree char *first_client = NULL;
  g_autofree char *second_client = NULL;
  g_autofree char *issuer = NULL;
  g_autofree char *text = NULL;
  McpCredentials *credentials;

  first_client = g_strdup (mcp_oauth_test_browser_param (fixture->browser, "client_id"));
  mcp_oauth_test_server_control (fixture->server,
                                 "{\"expire_access_tokens\": true, "
                                 "\"set\": {\"issuer_path\": \"/tenant2\"}}");
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"moved\"}");
  g_assert_cmpstr (text, ==, "moved");

  g_assert_cmpuint (count (fixture, "POST /register"), ==, 1);
  g_assert_cmpuint (count (fixture, "POST /tenant2/register"), ==, 1);
  g_assert_cmpuint (fixture->browser->shown, ==, 2);
  second_client = g_strdup (mcp_oauth_test_browser_param (fixture->browser, "client_id"));
  g_assert_cmpstr (first_client, !=, second_client);

  credentials = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  issuer = g_strdup_printf ("%s/tenant2", fixture->server->origin);
  g_assert_cmpstr (mcp_credentials_get_issuer (credentials), ==, issuer);
  client_close (client);
}

/* A redirect to another origin does not take the token along. */
static void
test_no_token_elsewhere (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GPtrArray) elsewhere = NULL;
  g_autoptr(GError) error = NULL;

  mcp_oauth_test_server_control (fixture->server, "{\"set\": {\"redirect_mcp\": true}}");
  result = mcp_test_call_tool (client, "echo", "{\"text\": \"a\"}", NULL, NULL, &error);
  g_assert_nonnull (error);

  elsewhere = mcp_oauth_test_server_requests (fixture->server, "GET", "/mcp");
  for (guint i = 0; i < elsewhere->len; i++)
    {
      JsonObject *request = elsewhere->pdata[i];

      if (g_str_equal (json_object_get_string_member (request, "origin"),
                       fixture->server->other_origin))
        {
          g_assert_true (json_object_get_null_member (request, "authorization"));
          return;
        }
    }

  g_error ("The redirect did not reach the other origin");
}

/* A whole connection with sign-in and refresh, debug log and traffic
 * included: no token, code or secret appears. */
static void
test_no_secrets_in_debug_log (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GPtrArray) tokens = NULL;
  g_autofree char *text = NULL;
  McpCredentials *credentials;

  /* The transport logs its traffic only when G_MESSAGES_DEBUG is set. */
  mcp_test_capture_log (log);
  g_setenv ("G_MESSAGES_DEBUG", "all", TRUE);
  client = connected_client (fixture);
  mcp_oauth_test_server_control (fixture->server, "{\"expire_access_tokens\": true}");
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"a\"}");
  client_close (client);
  g_unsetenv ("G_MESSAGES_DEBUG");
  mcp_test_capture_log (NULL);

  g_assert_nonnull (strstr (log->str, "\"method\":\"initialize\""));
  g_assert_nonnull (strstr (log->str, "Refreshed the access token"));

  credentials = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  tokens = mcp_oauth_test_server_requests (fixture->server, "POST", "/token");
  g_assert_null (strstr (log->str, mcp_credentials_get_access_token (credentials)));
  g_assert_null (strstr (log->str, mcp_credentials_get_refresh_token (credentials)));
  for (guint i = 0; i < tokens->len; i++)
    {
      JsonObject *form = json_object_get_object_member (tokens->pdata[i], "form");

      if (json_object_has_member (form, "code"))
        g_assert_null (strstr (log->str, json_object_get_string_member (form, "code")));
      if (json_object_has_member (form, "refresh_token"))
        g_assert_null (strstr (log->str, json_object_get_string_member (form, "refresh_token")));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

#define ADD(path, func) \
  g_test_add ("/Mcp/HttpTransport/Authorization/" path, Fixture, NULL, fixture_set_up, func, \
              fixture_tear_down)

  ADD ("sign-in-when-asked", test_sign_in_when_asked);
  ADD ("sign-in-while-probing", test_sign_in_while_probing);
  ADD ("not-interactive", test_not_interactive);
  ADD ("sign-in-cancelled", test_sign_in_cancelled);
  ADD ("sign-in-timed-out", test_sign_in_timed_out);
  ADD ("sign-in-while-connecting", test_sign_in_while_connecting);
  ADD ("credentials-from-store", test_credentials_from_store);
  ADD ("step-up", test_step_up);
  ADD ("step-up-bounded", test_step_up_bounded);
  ADD ("refresh-on-401", test_refresh_on_401);
  ADD ("one-refresh-for-all", test_one_refresh_for_all);
  ADD ("late-refusal-after-refresh", test_late_refusal_after_refresh);
  ADD ("refresh-before-expiry", test_refresh_before_expiry);
  ADD ("refresh-token-revoked", test_refresh_token_revoked);
  ADD ("attempts-bounded", test_attempts_bounded);
  ADD ("authorization-server-migration", test_authorization_server_migration);
  ADD ("no-token-elsewhere", test_no_token_elsewhere);
  ADD ("no-secrets-in-debug-log", test_no_secrets_in_debug_log);
#undef ADD

  return g_test_run ();
}
