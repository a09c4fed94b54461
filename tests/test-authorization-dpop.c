/* test-authorization-dpop.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* DPoP (RFC 9449) through McpClient, McpHttpTransport and McpAuthorization,
 * against the scripted authorization and MCP server
 * mcp-oauth-test-server.py, which checks every proof (its ES256 signature
 * with the JWK of its header, htm, htu, iat, a fresh jti, ath, the nonce,
 * the key the token is bound to): a DPoP-bound token, its key kept in the
 * store and used again by the next run and by a refresh, both servers'
 * nonces taken once and a server that always wants a new one refused, the
 * application turning DPoP off or requiring it, and nothing of it in the
 * debug log.
 */

#include <string.h>

#include "mcp-oauth-test-util.h"
#include "mcp-test-util.h"

#define DPOP_CONFIG "{\"dpop_algs\": [\"ES256\", \"RS256\"]}"

typedef struct
{
  McpOAuthTestServer  *server;
  McpAuthorization    *authorization;
  McpOAuthTestBrowser *browser;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->server = mcp_oauth_test_server_start (data != NULL ? data : DPOP_CONFIG);
  fixture->authorization = mcp_authorization_new ();
  fixture->browser = mcp_oauth_test_browser_new (fixture->authorization);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->browser, mcp_oauth_test_browser_free);
  g_clear_object (&fixture->authorization);
  g_clear_pointer (&fixture->server, mcp_oauth_test_server_stop);
}

static McpClient *
client_new (Fixture *fixture)
{
  return mcp_oauth_test_client_new (fixture->server, fixture->authorization,
                                    MCP_VERSION_NEGOTIATION_LEGACY);
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

/* The DPoP header of a request the server recorded, or NULL. */
static const char *
proof_of (JsonObject *request)
{
  return json_object_get_null_member (request, "dpop")
         ? NULL : json_object_get_string_member (request, "dpop");
}

/* The server found no fault with any proof. */
static void
assert_no_proof_refused (Fixture *fixture)
{
  g_autoptr(JsonObject) state = mcp_oauth_test_server_state (fixture->server);
  JsonObject *counts = json_object_get_object_member (state, "counts");
  g_autoptr(GList) names = json_object_get_members (counts);

  for (GList *l = names; l != NULL; l = l->next)
    if (g_str_has_prefix (l->data, "dpop error"))
      g_error ("The server refused a DPoP proof: %s", (const char *) l->data);
}

static void
assert_requests_prove (Fixture        *fixture,
                       McpCredentials *credentials,
                       guint           from)
{
  mcp_oauth_test_assert_requests_carry (fixture->server, "DPoP", credentials, from);
}

/* The authorization server advertises DPoP: the token is bound to an ES256
 * key (the first algorithm the library prefers of those it takes), every
 * token request and every request to the MCP server carries a proof the
 * server accepts. */
static void
test_bound_token (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  g_autoptr(GPtrArray) tokens = NULL;
  g_autofree char *text = NULL;
  McpCredentials *credentials;

  g_assert_cmpint (mcp_authorization_get_dpop (fixture->authorization), ==,
                   MCP_AUTHORIZATION_DPOP_AUTO);
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"proved\"}");
  g_assert_cmpstr (text, ==, "proved");

  credentials = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  g_assert_nonnull (credentials);
  g_assert_cmpstr (mcp_credentials_get_token_type (credentials), ==, "DPoP");
  g_assert_cmpstr (mcp_credentials_get_dpop_algorithm (credentials), ==, "ES256");
  g_assert_true (g_str_has_prefix (mcp_credentials_get_dpop_key (credentials),
                                   "-----BEGIN PRIVATE KEY-----"));

  tokens = mcp_oauth_test_server_requests (fixture->server, "POST", "/token");
  g_assert_cmpuint (tokens->len, ==, 1);
  g_assert_nonnull (proof_of (tokens->pdata[0]));
  /* The first request went without a token; all after it with. */
  assert_requests_prove (fixture, credentials, 1);
  assert_no_proof_refused (fixture);
  mcp_oauth_test_client_close (client);
}

/* The key is kept in the store with the tokens: the next run (another
 * authorization on the same store) proves with it, and refreshes with it
 * (the refresh token is bound to it too). Serialized credentials keep it,
 * and those of a store written before DPoP still load, as bearer tokens. */
static void
test_key_kept_in_store (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(McpAuthorization) next_run = mcp_authorization_new ();
  g_autoptr(McpCredentials) first = NULL;
  g_autoptr(McpCredentials) copy = NULL;
  g_autoptr(McpCredentials) old = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *serialized = NULL;
  g_autofree char *text = NULL;
  McpCredentials *refreshed;

  first = mcp_oauth_test_sign_in (fixture->authorization, fixture->server->url, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (mcp_credentials_get_dpop_key (first));

  serialized = mcp_credentials_to_string (first);
  copy = mcp_credentials_new_from_string (serialized, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_credentials_get_dpop_key (copy), ==, mcp_credentials_get_dpop_key (first));
  g_assert_cmpstr (mcp_credentials_get_dpop_algorithm (copy), ==, "ES256");
  g_assert_cmpstr (mcp_credentials_get_token_type (copy), ==, "DPoP");

  old = mcp_credentials_new_from_string ("{\"version\": 1, \"resource\": \"https://a.example/mcp\", "
                                         "\"issuer\": \"https://a.example\", "
                                         "\"access_token\": \"at\"}", &error);
  g_assert_no_error (error);
  g_assert_null (mcp_credentials_get_token_type (old));
  g_assert_null (mcp_credentials_get_dpop_key (old));

  mcp_authorization_set_store (next_run, mcp_authorization_get_store (fixture->authorization));
  g_clear_object (&fixture->authorization);
  mcp_oauth_test_browser_free (g_steal_pointer (&fixture->browser));
  fixture->authorization = g_steal_pointer (&next_run);
  fixture->browser = mcp_oauth_test_browser_new (fixture->authorization);

  client = connected_client (fixture);
  g_assert_cmpuint (fixture->browser->shown, ==, 0);
  g_assert_cmpuint (count (fixture, "POST /token"), ==, 1);
  assert_requests_prove (fixture, first, 0);

  mcp_oauth_test_server_control (fixture->server, "{\"expire_access_tokens\": true}");
  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"again\"}");
  g_assert_cmpstr (text, ==, "again");
  g_assert_cmpuint (count (fixture, "POST /token"), ==, 2);
  refreshed = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  g_assert_cmpstr (mcp_credentials_get_access_token (refreshed), !=,
                   mcp_credentials_get_access_token (first));
  g_assert_cmpstr (mcp_credentials_get_dpop_key (refreshed), ==,
                   mcp_credentials_get_dpop_key (first));
  g_assert_cmpstr (mcp_credentials_get_token_type (refreshed), ==, "DPoP");
  assert_no_proof_refused (fixture);
  mcp_oauth_test_client_close (client);
}

/* The authorization server wants a nonce: the token request goes again,
 * once, with it. */
static void
test_as_nonce (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  g_autoptr(GPtrArray) tokens = mcp_oauth_test_server_requests (fixture->server, "POST", "/token");

  g_assert_cmpuint (count (fixture, "as use_dpop_nonce"), ==, 1);
  g_assert_cmpuint (tokens->len, ==, 2);
  assert_requests_prove (fixture,
                         mcp_authorization_get_credentials (fixture->authorization,
                                                            fixture->server->url),
                         1);
  assert_no_proof_refused (fixture);
  mcp_oauth_test_client_close (client);
}

/* A server that wants a new nonce every time (the authorization server,
 * or the MCP server, as @data says) gets the request twice, then the
 * connection fails with a clear error, not a loop, and nobody is asked to
 * sign in again. */
static void
test_nonce_always (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(McpClient) client = client_new (fixture);
  g_autoptr(GError) error = NULL;
  const char *counter = strstr (data, "dpop_as_nonce") != NULL
                        ? "as use_dpop_nonce" : "rs use_dpop_nonce";

  g_assert_false (mcp_oauth_test_client_connect (client, &error));
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED);
  g_assert_nonnull (strstr (error->message, "DPoP nonce"));
  g_assert_cmpuint (count (fixture, counter), ==, 2);
  g_assert_cmpuint (fixture->browser->shown, ==, 1);
}

/* The MCP server wants a nonce: the request goes again with it, once, and
 * the nonce serves the requests after it. */
static void
test_rs_nonce (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  g_autofree char *text = NULL;

  text = mcp_test_call_tool_text (client, "echo", "{\"text\": \"with a nonce\"}");
  g_assert_cmpstr (text, ==, "with a nonce");
  g_assert_cmpuint (count (fixture, "rs use_dpop_nonce"), ==, 1);
  g_assert_cmpuint (fixture->browser->shown, ==, 1);
  assert_no_proof_refused (fixture);
  mcp_oauth_test_client_close (client);
}

/* The application turns DPoP off: a bearer token, and no proof anywhere. */
static void
test_disabled (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GPtrArray) tokens = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  McpAuthorizationDpop dpop = MCP_AUTHORIZATION_DPOP_AUTO;

  g_assert_true (g_object_class_find_property (G_OBJECT_GET_CLASS (fixture->authorization),
                                               "dpop")->value_type == MCP_TYPE_AUTHORIZATION_DPOP);
  mcp_authorization_set_dpop (fixture->authorization, MCP_AUTHORIZATION_DPOP_DISABLED);
  g_object_get (fixture->authorization, "dpop", &dpop, NULL);
  g_assert_cmpint (dpop, ==, MCP_AUTHORIZATION_DPOP_DISABLED);
  client = connected_client (fixture);

  g_assert_null (mcp_credentials_get_token_type (
                   mcp_authorization_get_credentials (fixture->authorization,
                                                      fixture->server->url)));
  tokens = mcp_oauth_test_server_requests (fixture->server, "POST", "/token");
  posts = mcp_oauth_test_server_requests (fixture->server, "POST", "/mcp");
  g_assert_cmpuint (tokens->len, ==, 1);
  g_assert_null (proof_of (tokens->pdata[0]));
  for (guint i = 0; i < posts->len; i++)
    {
      g_assert_null (proof_of (posts->pdata[i]));
      if (i > 0)
        g_assert_true (g_str_has_prefix (json_object_get_string_member (posts->pdata[i],
                                                                        "authorization"),
                                         "Bearer "));
    }
  mcp_oauth_test_client_close (client);
}

/* DPoP is required, and the authorization server does not offer it: no
 * sign-in without it, and no page shown for nothing. */
static void
test_required (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpCredentials) credentials = NULL;

  mcp_authorization_set_dpop (fixture->authorization, MCP_AUTHORIZATION_DPOP_REQUIRED);
  credentials = mcp_oauth_test_sign_in (fixture->authorization, fixture->server->url, NULL,
                                        &error);
  g_assert_null (credentials);
  g_assert_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INSECURE);
  g_assert_cmpuint (fixture->browser->shown, ==, 0);
  g_assert_cmpuint (count (fixture, "POST /token"), ==, 0);
}

/* The key is made for the algorithm the server takes: RS256 alone here. */
static void
test_other_algorithm (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(McpClient) client = connected_client (fixture);
  McpCredentials *credentials;

  credentials = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  g_assert_cmpstr (mcp_credentials_get_dpop_algorithm (credentials), ==, "RS256");
  assert_requests_prove (fixture, credentials, 1);
  assert_no_proof_refused (fixture);
  mcp_oauth_test_client_close (client);
}

/* Neither the key, nor a token, nor a proof reaches the debug log. */
static void
test_no_secrets_in_debug_log (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(GString) captured = g_string_new (NULL);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  McpCredentials *credentials;
  g_autofree char *key_line = NULL;

  /* The transport logs its traffic only when G_MESSAGES_DEBUG is set. */
  mcp_test_capture_log (captured);
  g_setenv ("G_MESSAGES_DEBUG", "all", TRUE);
  client = connected_client (fixture);
  g_free (mcp_test_call_tool_text (client, "echo", "{\"text\": \"x\"}"));
  mcp_oauth_test_client_close (client);
  g_unsetenv ("G_MESSAGES_DEBUG");
  mcp_test_capture_log (NULL);

  credentials = mcp_authorization_get_credentials (fixture->authorization, fixture->server->url);
  g_assert_nonnull (strstr (captured->str, "Made a DPoP key (ES256)"));
  g_assert_null (strstr (captured->str, mcp_credentials_get_access_token (credentials)));
  /* A line of the key's base64 body. */
  key_line = g_strndup (strchr (mcp_credentials_get_dpop_key (credentials), '\n') + 1, 40);
  g_assert_null (strstr (captured->str, key_line));
  posts = mcp_oauth_test_server_requests (fixture->server, "POST", "/mcp");
  for (guint i = 0; i < posts->len; i++)
    {
      const char *proof = proof_of (posts->pdata[i]);

      if (proof != NULL)
        g_assert_null (strstr (captured->str, strrchr (proof, '.') + 1));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

#define ADD(path, config, func) \
  g_test_add ("/Mcp/Authorization/DPoP/" path, Fixture, config, fixture_set_up, func, \
              fixture_tear_down)

  ADD ("bound-token", NULL, test_bound_token);
  ADD ("key-kept-in-store", NULL, test_key_kept_in_store);
  ADD ("as-nonce", "{\"dpop_algs\": [\"ES256\"], \"dpop_as_nonce\": \"once\"}", test_as_nonce);
  ADD ("as-nonce-always", "{\"dpop_algs\": [\"ES256\"], \"dpop_as_nonce\": \"always\"}",
       test_nonce_always);
  ADD ("rs-nonce", "{\"dpop_algs\": [\"ES256\"], \"dpop_rs_nonce\": \"once\"}", test_rs_nonce);
  ADD ("rs-nonce-always", "{\"dpop_algs\": [\"ES256\"], \"dpop_rs_nonce\": \"always\"}",
       test_nonce_always);
  ADD ("disabled", NULL, test_disabled);
  ADD ("required", "{}", test_required);
  ADD ("other-algorithm", "{\"dpop_algs\": [\"RS256\"]}", test_other_algorithm);
  ADD ("no-secrets-in-debug-log", NULL, test_no_secrets_in_debug_log);
#undef ADD

  return g_test_run ();
}
