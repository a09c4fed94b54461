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
  return mcp_oauth_test_client_new (fixture->server, fixture->authorization, negotiation);
}

static McpClient *
client_new (Fixture *fixture)
{
  return client_new_with (fixture, MCP_VERSION_NEGOTIATION_LEGACY);
}

static McpClient *
connected_client (Fixture *fixture)
{
  McpClient *client = client_new (fixture);
  g_autoptr(GError) error = NULL;

  g_assert_true (mcp_oauth_test_client_connect (client, &error));
  g_assert_no_error (error);
  return client;
}

static guint
count (Fixture    *fixture,
       const char *counter)
{
  return mcp_oauth_test_server_count (fixture->server, counter);
}

static void
assert_requests_carry (Fixture        *fixture,
                       McpCredentials *credentials,
                       guint           from)
{
  mcp_oauth_test_assert_requests_carry (fixture->server, "Bearer", credentials, from);
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

  g_assert_true (mcp_oauth_test_client_connect (client, &error));
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
  mcp_oauth_test_client_close (client);
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

  g_assert_true (mcp_oauth_test_client_connect (client, &error));
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
  mcp_oauth_test_client_close (client);
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
  g_assert_false (mcp_oauth_test_client_connect (client, &error));
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED);
  g_assert_cmpuint (fixture->needed, ==, 1);
  g_assert_cmpuint (fixture->browser->shown, ==, 0);
  g_clear_error (&error);

  credentials = mcp_oauth_test_sign_in (fixture->authorization, fixture->server->url, NULL,
                                        &error);
  g_assert_no_error (error);

  again = connected_client (fixture);
  g_assert_cmpuint (count (fixture, "401"), ==, 1);
  mcp_oauth_test_client_close (again);
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
  mcp_oauth_test_client_close (client);
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
  mcp_oauth_test_client_close (client);
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
  mcp_oauth_test_client_close (client);
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
  mcp_oauth_test_client_close (client);
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
  mcp_oauth_test_client_close (client);
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
      mcp_client_call_tool_async (client, "echo", arguments, NULL, NULL, mcp_test_store_result_cb,
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
  mcp_oauth_test_client_close (client);
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
  mcp_client_call_tool_async (client, "echo", slow_arguments, NULL, NULL, mcp_test_store_result_cb,
                              &slow);
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"fast\"}");
  g_assert_cmpstr (text, ==, "fast");

  mcp_test_await_result (&slow, "the call refused late");
  result = mcp_client_call_tool_finish (client, slow, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count (fixture, "POST /token"), ==, tokens + 1);
  mcp_oauth_test_client_close (client);
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
  guint resource_metadata;
  guint server_metadata;

  /* Ten seconds: refreshed in its second half, which starts after five. */
  mcp_oauth_test_server_control (fixture->server, "{\"set\": {\"access_token_lifetime\": 10}}");
  client = connected_client (fixture);
  credentials = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  old_token = g_strdup (mcp_credentials_get_access_token (credentials));
  g_assert_cmpuint (count (fixture, "POST /token"), ==, 1);
  resource_metadata = count (fixture, "GET /.well-known/oauth-protected-resource/mcp");
  server_metadata = count (fixture, "GET /.well-known/oauth-authorization-server");
  g_assert_cmpuint (resource_metadata, >=, 1);
  g_assert_cmpuint (server_metadata, ==, 1);

  mcp_test_iterate_for (6000);
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"x\"}");
  g_assert_cmpstr (text, ==, "x");
  change.fixture = fixture;
  change.old_token = old_token;
  g_assert_true (mcp_test_wait_until (has_new_token, &change, 5000));
  g_assert_cmpuint (count (fixture, "POST /token"), ==, 2);
  g_assert_cmpuint (count (fixture, "401"), ==, 1);
  /* What discovery found served the refresh. */
  g_assert_cmpuint (count (fixture, "GET /.well-known/oauth-protected-resource/mcp"), ==,
                    resource_metadata);
  g_assert_cmpuint (count (fixture, "GET /.well-known/oauth-authorization-server"), ==,
                    server_metadata);
  mcp_oauth_test_client_close (client);
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
  mcp_oauth_test_client_close (client);
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
  g_assert_false (mcp_oauth_test_client_connect (client, &error));
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
  mcp_oauth_test_client_close (client);
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
  mcp_oauth_test_client_close (client);
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

/* A refresh, then the sign-in after it, both refused by an authorization
 * server that quotes the request in its refusals: the refresh token, the
 * code and the verifier stay out of the debug log and the error. */
static void
test_refusals_quoting_secrets (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GPtrArray) tokens = NULL;
  g_autoptr(GError) error = NULL;
  guint quoted = 0;

  mcp_test_capture_log (log);
  mcp_oauth_test_server_control (fixture->server,
                                 "{\"expire_access_tokens\": true, "
                                 "\"set\": {\"token\": \"refuse-quoting-secrets\"}}");
  result = mcp_test_call_tool (client, "echo", "{\"text\": \"a\"}", NULL, NULL, &error);
  mcp_test_capture_log (NULL);
  g_assert_null (result);
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED);
  g_string_append (log, error->message);
  g_assert_nonnull (strstr (log->str, "refused"));

  tokens = mcp_oauth_test_server_requests (fixture->server, "POST", "/token");
  for (guint i = 0; i < tokens->len; i++)
    {
      JsonObject *form = json_object_get_object_member (tokens->pdata[i], "form");
      const char *names[] = { "code", "code_verifier", "refresh_token" };

      for (gsize j = 0; j < G_N_ELEMENTS (names); j++)
        if (json_object_has_member (form, names[j]))
          {
            const char *secret = json_object_get_string_member (form, names[j]);

            quoted++;
            if (strstr (log->str, secret) != NULL)
              g_error ("The %s appears in the log or the error: %s", names[j], log->str);
          }
    }
  /* The first sign-in's code and verifier, the refresh token, the second
   * sign-in's code and verifier. */
  g_assert_cmpuint (quoted, ==, 5);
  mcp_oauth_test_client_close (client);
}

/* Credentials in the store whose token a header cannot carry (written by
 * another program) are not used: the request goes without them, and the
 * user signs in. */
static void
test_malformed_stored_token (Fixture       *fixture,
                             gconstpointer  data)
{
  McpCredentialStore *store = mcp_authorization_get_store (fixture->authorization);
  g_autofree char *issuer = g_strdup (fixture->server->origin);
  g_autoptr(McpCredentials) bad = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) posts = NULL;

  bad = g_object_new (MCP_TYPE_CREDENTIALS,
                      "resource", fixture->server->url,
                      "issuer", issuer,
                      "access-token", "at-good\r\nX-Injected: yes",
                      "refresh-token", "rt-bad\n",
                      "expires-at", G_GINT64_CONSTANT (1900000000),
                      NULL);
  mcp_credential_store_save_async (store, bad, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_credential_store_save_finish (store, mcp_test_await_result (&result, "save"),
                                                   NULL));

  client = connected_client (fixture);
  g_assert_cmpuint (fixture->browser->shown, ==, 1);
  posts = mcp_oauth_test_server_requests (fixture->server, "POST", "/mcp");
  g_assert_true (json_object_get_null_member (posts->pdata[0], "authorization"));
  mcp_oauth_test_client_close (client);
}

/* A store of the application's own that keeps its credentials in memory
 * and never emits ::changed: what other processes see of a shared store. */
#define TEST_TYPE_SILENT_STORE (test_silent_store_get_type ())
G_DECLARE_FINAL_TYPE (TestSilentStore, test_silent_store, TEST, SILENT_STORE, GObject)

struct _TestSilentStore
{
  GObject     parent_instance;
  GHashTable *credentials;
};

static void
silent_lookup_async (McpCredentialStore  *store,
                     const char          *resource,
                     const char          *issuer,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  TestSilentStore *self = TEST_SILENT_STORE (store);
  g_autoptr(GTask) task = g_task_new (store, cancellable, callback, user_data);
  McpCredentials *found = g_hash_table_lookup (self->credentials, resource);

  g_task_return_pointer (task, found != NULL ? g_object_ref (found) : NULL, g_object_unref);
}

static McpCredentials *
silent_lookup_finish (McpCredentialStore  *store,
                      GAsyncResult        *result,
                      GError             **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
silent_save_async (McpCredentialStore  *store,
                   McpCredentials      *credentials,
                   GCancellable        *cancellable,
                   GAsyncReadyCallback  callback,
                   gpointer             user_data)
{
  TestSilentStore *self = TEST_SILENT_STORE (store);
  g_autoptr(GTask) task = g_task_new (store, cancellable, callback, user_data);

  g_hash_table_insert (self->credentials, g_strdup (mcp_credentials_get_resource (credentials)),
                       g_object_ref (credentials));
  g_task_return_boolean (task, TRUE);
}

static void
silent_delete_async (McpCredentialStore  *store,
                     const char          *resource,
                     const char          *issuer,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  TestSilentStore *self = TEST_SILENT_STORE (store);
  g_autoptr(GTask) task = g_task_new (store, cancellable, callback, user_data);

  g_hash_table_remove (self->credentials, resource);
  g_task_return_boolean (task, TRUE);
}

static gboolean
silent_boolean_finish (McpCredentialStore  *store,
                       GAsyncResult        *result,
                       GError             **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
silent_store_iface_init (McpCredentialStoreInterface *iface)
{
  iface->lookup_async = silent_lookup_async;
  iface->lookup_finish = silent_lookup_finish;
  iface->save_async = silent_save_async;
  iface->save_finish = silent_boolean_finish;
  iface->delete_async = silent_delete_async;
  iface->delete_finish = silent_boolean_finish;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestSilentStore, test_silent_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MCP_TYPE_CREDENTIAL_STORE,
                                                      silent_store_iface_init))

static void
test_silent_store_finalize (GObject *object)
{
  g_hash_table_unref (TEST_SILENT_STORE (object)->credentials);

  G_OBJECT_CLASS (test_silent_store_parent_class)->finalize (object);
}

static void
test_silent_store_class_init (TestSilentStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_silent_store_finalize;
}

static void
test_silent_store_init (TestSilentStore *self)
{
  self->credentials = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

static const char *
last_refresh_token_sent (Fixture *fixture)
{
  g_autoptr(GPtrArray) requests = mcp_oauth_test_server_requests (fixture->server, "POST",
                                                                  "/token");
  const char *token = NULL;

  for (guint i = 0; i < requests->len; i++)
    {
      JsonObject *form = json_object_get_object_member (requests->pdata[i], "form");

      if (json_object_has_member (form, "refresh_token"))
        token = json_object_get_string_member (form, "refresh_token");
    }

  return g_intern_string (token);
}

/* Two authorizations on a store that says nothing of its changes (as a
 * keyring is for another process), and refresh tokens that rotate: the
 * one whose copy is stale reads the store before it refreshes, and
 * refreshes with the token the other left there. Nobody signs in again. */
static void
test_stale_copy_reads_store (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(McpCredentialStore) store = g_object_new (TEST_TYPE_SILENT_STORE, NULL);
  g_autoptr(McpAuthorization) other = mcp_authorization_new ();
  g_autoptr(McpOAuthTestBrowser) other_browser = mcp_oauth_test_browser_new (other);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(McpClient) other_client = NULL;
  g_autoptr(McpHttpTransport) transport = NULL;
  g_autofree char *text = NULL;
  g_autofree char *rotated = NULL;

  mcp_authorization_set_store (fixture->authorization, store);
  mcp_authorization_set_store (other, store);
  client = connected_client (fixture);

  transport = mcp_http_transport_new (fixture->server->url);
  mcp_http_transport_set_authorization (transport, other);
  other_client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_version_negotiation (other_client, MCP_VERSION_NEGOTIATION_LEGACY);
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (mcp_oauth_test_client_connect (other_client, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpuint (other_browser->shown, ==, 0);

  /* The other refreshes first. */
  mcp_oauth_test_server_control (fixture->server, "{\"expire_access_tokens\": true}");
  text = mcp_test_call_tool_text (other_client, "echo", "{\"text\": \"other\"}");
  g_assert_cmpstr (text, ==, "other");
  rotated = g_strdup (mcp_credentials_get_refresh_token (mcp_authorization_get_credentials (
                        other, fixture->server->url)));
  g_assert_cmpstr (mcp_credentials_get_refresh_token (mcp_authorization_get_credentials (
                     fixture->authorization, fixture->server->url)), !=, rotated);

  /* Then this one, with the other's refresh token. */
  mcp_oauth_test_server_control (fixture->server, "{\"expire_access_tokens\": true}");
  g_clear_pointer (&text, g_free);
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"this\"}");
  g_assert_cmpstr (text, ==, "this");
  g_assert_cmpstr (last_refresh_token_sent (fixture), ==, rotated);
  g_assert_cmpuint (fixture->browser->shown, ==, 1);
  g_assert_cmpuint (other_browser->shown, ==, 0);
  mcp_oauth_test_client_close (other_client);
  mcp_oauth_test_client_close (client);
}

/* A challenge whose scope is longer than the parser keeps is refused: it
 * is never cut into a scope that the server did not name, and the user is
 * not asked to grant one. */
static void
test_challenge_too_long (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(McpClient) client = client_new (fixture);
  g_autofree char *scope = g_strnfill (5000, 's');
  g_autofree char *request = g_strdup_printf ("{\"set\": {\"challenge_scope\": \"%s\"}}", scope);
  g_autoptr(GError) error = NULL;

  mcp_oauth_test_server_control (fixture->server, request);
  g_assert_false (mcp_oauth_test_client_connect (client, &error));
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE);
  g_assert_cmpuint (fixture->browser->shown, ==, 0);
  g_assert_cmpuint (count (fixture, "POST /token"), ==, 0);
}

/* A challenge whose scope has bytes that no scope can hold (here one that
 * is not even UTF-8, as the header carries it): refused, and nobody is
 * asked to grant it. */
static void
test_challenge_invalid_scope (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(McpClient) client = client_new (fixture);
  g_autoptr(GError) error = NULL;

  mcp_oauth_test_server_control (fixture->server,
                                 "{\"set\": {\"challenge_scope\": \"read caf\\u00e9\"}}");
  g_assert_false (mcp_oauth_test_client_connect (client, &error));
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_cmpuint (fixture->browser->shown, ==, 0);
  g_assert_cmpuint (count (fixture, "POST /token"), ==, 0);
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
  ADD ("challenge-too-long", test_challenge_too_long);
  ADD ("challenge-invalid-scope", test_challenge_invalid_scope);
  ADD ("refusals-quoting-secrets", test_refusals_quoting_secrets);
  ADD ("malformed-stored-token", test_malformed_stored_token);
  ADD ("stale-copy-reads-store", test_stale_copy_reads_store);
#undef ADD

  return g_test_run ();
}
