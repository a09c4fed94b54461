/* test-client-group-authorization.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpClientGroup with configured servers that require OAuth, through the
 * public API, against the scripted authorization and MCP server
 * (mcp-oauth-test-server.py) named in a registry file: the group's
 * credential store, an authorization per client attached before
 * ::client-created (which may replace it), signing in once and staying
 * signed in across reconnections through the store.
 */

#include <mcp-glib/mcp-glib.h>

#include "mcp-group-test-util.h"
#include "mcp-oauth-test-util.h"

typedef struct
{
  McpOAuthTestServer *server;
  McpCredentialStore *store;
  McpServerRegistry  *registry;
  McpClientGroup     *group;
  /* A stand-in browser per authorization the group's clients got. */
  GPtrArray          *browsers;
  /* The authorizations ::client-created found, in order. */
  GPtrArray          *authorizations;
  guint               created;
  /* What the handler of ::client-created puts in place of the group's
   * authorization, if anything. */
  McpAuthorization   *replacement;
} Fixture;

static void
client_created_cb (McpClientGroup *group,
                   McpGroupServer *server,
                   McpClient      *client,
                   Fixture        *fixture)
{
  McpHttpTransport *transport = MCP_HTTP_TRANSPORT (mcp_client_get_transport (client));
  McpAuthorization *authorization = mcp_http_transport_get_authorization (transport);
  McpOAuthTestBrowser *browser;

  fixture->created++;

  /* The group's own, with its defaults but the store. */
  g_assert_nonnull (authorization);
  g_assert_true (mcp_authorization_get_store (authorization) == fixture->store);
  g_assert_true (mcp_authorization_get_interactive (authorization));
  g_assert_null (mcp_authorization_get_redirect_uri (authorization));
  g_ptr_array_add (fixture->authorizations, g_object_ref (authorization));

  if (fixture->replacement != NULL)
    {
      mcp_http_transport_set_authorization (transport, fixture->replacement);
      return;
    }

  browser = mcp_oauth_test_browser_new (authorization);
  g_ptr_array_add (fixture->browsers, browser);
}

/* The group, following a registry file that names the scripted server as
 * "secure", with a store of its own; not connected yet. */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *config = NULL;

  fixture->server = mcp_oauth_test_server_start (data);
  config = g_strdup_printf ("{\"servers\": {\"secure\": {\"type\": \"http\", \"url\": \"%s\"}}}",
                            fixture->server->url);
  fixture->registry = registry_with (config);
  fixture->group = group_for (fixture->registry);
  fixture->store = mcp_memory_credential_store_new ();
  fixture->browsers = g_ptr_array_new_with_free_func ((GDestroyNotify) mcp_oauth_test_browser_free);
  fixture->authorizations = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert_null (mcp_client_group_get_credential_store (fixture->group));
  mcp_client_group_set_credential_store (fixture->group, fixture->store);
  g_assert_true (mcp_client_group_get_credential_store (fixture->group) == fixture->store);
  g_signal_connect (fixture->group, "client-created", G_CALLBACK (client_created_cb), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  close_group (fixture->group);
  g_clear_object (&fixture->group);
  g_clear_object (&fixture->registry);
  g_clear_pointer (&fixture->browsers, g_ptr_array_unref);
  g_clear_pointer (&fixture->authorizations, g_ptr_array_unref);
  g_clear_object (&fixture->replacement);
  g_clear_object (&fixture->store);
  g_clear_pointer (&fixture->server, mcp_oauth_test_server_stop);
}

static McpGroupServer *
secure (Fixture *fixture)
{
  return server_named (fixture->group, "secure");
}

/* How many authorization pages the user was shown. */
static guint
pages_shown (Fixture *fixture)
{
  guint shown = 0;

  for (guint i = 0; i < fixture->browsers->len; i++)
    shown += ((McpOAuthTestBrowser *) fixture->browsers->pdata[i])->shown;

  return shown;
}

static guint
count (Fixture    *fixture,
       const char *counter)
{
  return mcp_oauth_test_server_count (fixture->server, counter);
}

static McpCredentials *
stored_credentials (McpCredentialStore *store,
                    const char         *url)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  McpCredentials *credentials;

  mcp_credential_store_lookup_async (store, url, NULL, NULL, mcp_test_store_result_cb, &result);
  credentials = mcp_credential_store_lookup_finish (store,
                                                    mcp_test_await_result (&result, "the lookup"),
                                                    &error);
  g_assert_no_error (error);
  return credentials;
}

/* Every request to the MCP server from the @from-th on carried the token
 * of @credentials. */
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

/* The user signs in once, when the group first connects; the token is
 * kept in the group's store, where the next connection, with a new client
 * and a new authorization, finds it: no second sign-in. */
static void
test_sign_in_once (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(McpCredentials) credentials = NULL;
  g_autofree char *echoed = NULL;
  McpClient *first;
  guint refused;
  guint posts;

  connect_group (fixture->group);
  g_assert_cmpint (mcp_group_server_get_state (secure (fixture)), ==,
                   MCP_GROUP_SERVER_STATE_READY);
  g_assert_cmpuint (pages_shown (fixture), ==, 1);
  g_assert_nonnull (mcp_client_group_lookup (fixture->group, MCP_GROUP_ITEM_KIND_TOOL, "whoami",
                                             NULL));
  echoed = call_tool_text (fixture->group, "echo", "{\"text\": \"signed in\"}");
  g_assert_cmpstr (echoed, ==, "signed in");

  credentials = stored_credentials (fixture->store, fixture->server->url);
  g_assert_nonnull (credentials);
  refused = count (fixture, "401");
  g_assert_cmpuint (refused, >=, 1);
  posts = count (fixture, "POST /mcp");

  /* The server again, from scratch. */
  first = mcp_group_server_get_client (secure (fixture));
  mcp_group_server_reconnect (secure (fixture));
  wait_for_state (secure (fixture), MCP_GROUP_SERVER_STATE_READY);
  g_assert_true (mcp_group_server_get_client (secure (fixture)) != first);
  g_assert_cmpuint (fixture->created, ==, 2);
  g_assert_true (fixture->authorizations->pdata[1] != fixture->authorizations->pdata[0]);

  g_clear_pointer (&echoed, g_free);
  echoed = call_tool_text (fixture->group, "echo", "{\"text\": \"still signed in\"}");
  g_assert_cmpstr (echoed, ==, "still signed in");
  g_assert_cmpuint (pages_shown (fixture), ==, 1);
  g_assert_cmpuint (count (fixture, "401"), ==, refused);
  assert_requests_carry (fixture, credentials, posts);
}

/* ::client-created replaces the group's authorization with the
 * application's, which signs in; the group's store stays empty. */
static void
test_replaced_in_client_created (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(McpCredentialStore) own_store = mcp_memory_credential_store_new ();
  g_autoptr(McpOAuthTestBrowser) browser = NULL;
  g_autoptr(McpCredentials) in_group_store = NULL;
  g_autoptr(McpCredentials) in_own_store = NULL;
  McpTransport *transport;

  fixture->replacement = mcp_authorization_new ();
  mcp_authorization_set_store (fixture->replacement, own_store);
  browser = mcp_oauth_test_browser_new (fixture->replacement);

  connect_group (fixture->group);
  g_assert_cmpint (mcp_group_server_get_state (secure (fixture)), ==,
                   MCP_GROUP_SERVER_STATE_READY);
  transport = mcp_client_get_transport (mcp_group_server_get_client (secure (fixture)));
  g_assert_true (mcp_http_transport_get_authorization (MCP_HTTP_TRANSPORT (transport)) ==
                 fixture->replacement);
  g_assert_cmpuint (browser->shown, ==, 1);
  g_assert_nonnull (mcp_authorization_get_credentials (fixture->replacement,
                                                       fixture->server->url));

  in_own_store = stored_credentials (own_store, fixture->server->url);
  g_assert_nonnull (in_own_store);
  in_group_store = stored_credentials (fixture->store, fixture->server->url);
  g_assert_null (in_group_store);
}

/* Records in @seen whether the client of each server has an
 * authorization, which may not sign in: nobody is there. */
static void
record_authorization_cb (McpClientGroup *group,
                         McpGroupServer *server,
                         McpClient      *client,
                         GHashTable     *seen)
{
  McpTransport *transport = mcp_client_get_transport (client);
  McpAuthorization *authorization = NULL;

  if (MCP_IS_HTTP_TRANSPORT (transport))
    authorization = mcp_http_transport_get_authorization (MCP_HTTP_TRANSPORT (transport));
  if (authorization != NULL)
    mcp_authorization_set_interactive (authorization, FALSE);

  g_hash_table_insert (seen, g_strdup (mcp_group_server_get_name (server)),
                       GINT_TO_POINTER (authorization != NULL));
}

/* Who gets an authorization: remote servers of a group with a store, but
 * not those whose entry sends its own Authorization header, nor clients
 * added by hand; none without a store. */
static void
test_who_gets_one (void)
{
  g_autoptr(McpOAuthTestServer) server = mcp_oauth_test_server_start (NULL);
  g_autoptr(McpCredentialStore) store = mcp_memory_credential_store_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(McpClientGroup) group = NULL;
  g_autoptr(McpClientGroup) without = NULL;
  g_autoptr(McpHttpTransport) transport = mcp_http_transport_new (server->url);
  g_autoptr(McpClient) by_hand = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(McpServerConfig) added = mcp_server_config_new_http ("added", server->url);
  g_autoptr(GError) error = NULL;
  g_autofree char *config = NULL;

  config = g_strdup_printf ("{\"servers\": {"
                            "\"secure\": {\"type\": \"http\", \"url\": \"%s\"},"
                            "\"own\": {\"type\": \"http\", \"url\": \"%s\","
                            "          \"headers\": {\"authorization\": \"Bearer mine\"}},"
                            "\"local\": {\"type\": \"stdio\", \"command\": \"DEMO\"}}}",
                            server->url, server->url);
  registry = registry_with (config);
  group = group_for (registry);
  mcp_client_group_set_credential_store (group, store);
  g_signal_connect (group, "client-created", G_CALLBACK (record_authorization_cb), seen);
  mcp_client_group_add_config (group, added, &error);
  g_assert_no_error (error);
  mcp_client_group_add_client (group, "by-hand", by_hand, &error);
  g_assert_no_error (error);

  connect_group (group);
  g_assert_true (GPOINTER_TO_INT (g_hash_table_lookup (seen, "secure")));
  g_assert_true (GPOINTER_TO_INT (g_hash_table_lookup (seen, "added")));
  g_assert_true (g_hash_table_contains (seen, "own"));
  g_assert_false (GPOINTER_TO_INT (g_hash_table_lookup (seen, "own")));
  g_assert_true (g_hash_table_contains (seen, "local"));
  g_assert_false (GPOINTER_TO_INT (g_hash_table_lookup (seen, "local")));
  g_assert_false (g_hash_table_contains (seen, "by-hand"));
  g_assert_null (mcp_http_transport_get_authorization (transport));
  close_group (group);

  /* Without a store, nothing changes. */
  g_hash_table_remove_all (seen);
  without = group_for (registry);
  g_signal_connect (without, "client-created", G_CALLBACK (record_authorization_cb), seen);
  connect_group (without);
  g_assert_true (g_hash_table_contains (seen, "secure"));
  g_assert_false (GPOINTER_TO_INT (g_hash_table_lookup (seen, "secure")));
  close_group (without);
}

int
main (int   argc,
      char *argv[])
{
  group_test_init (&argc, &argv);

#define ADD(path, config, func) \
  g_test_add ("/Mcp/ClientGroup/Authorization/" path, Fixture, config, fixture_set_up, func, \
              fixture_tear_down)

  ADD ("sign-in-once", NULL, test_sign_in_once);
  ADD ("replaced-in-client-created", NULL, test_replaced_in_client_created);
#undef ADD

  g_test_add_func ("/Mcp/ClientGroup/Authorization/who-gets-one", test_who_gets_one);

  return group_test_run ();
}
