/* test-envelope.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The envelope that every request to a stateless (2026-07-28) server
 * carries in its _meta (the revision, the capabilities the client declared,
 * its identity, its log level), against the scripted
 * mcp-stateless-test-server.py over stdio, and that nothing sent to an
 * older server carries. The server records every message it receives,
 * which is how the tests see what went over the wire.
 */

#include <stdlib.h>
#include <string.h>

#include "mcp-stateless-test-util.h"

/* ------------------------------------------------------------------------
 * The envelope
 * ------------------------------------------------------------------------ */

#define ALL_FEATURES (MCP_CLIENT_FEATURES_ROOTS | MCP_CLIENT_FEATURES_SAMPLING | \
                      MCP_CLIENT_FEATURES_ELICITATION_FORM | MCP_CLIENT_FEATURES_ELICITATION_URL)

/* What the client declares, as the stateless revision spells it: roots
 * change without notification, and tool calls follow tasks of the tasks
 * extension. */
static JsonNode *
expected_capabilities (McpClient *client)
{
  g_autoptr(JsonObject) capabilities = mcp_client_dup_capabilities (client);
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *copy = json_object_new ();
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  json_object_iter_init (&iter, capabilities);
  while (json_object_iter_next (&iter, &name, &value))
    {
      if (g_str_equal (name, "roots"))
        json_object_set_object_member (copy, name, json_object_new ());
      else
        json_object_set_member (copy, name, json_node_copy (value));
    }
  if (!json_object_has_member (copy, "extensions"))
    {
      JsonObject *extensions = json_object_new ();

      json_object_set_object_member (extensions, "io.modelcontextprotocol/tasks",
                                     json_object_new ());
      json_object_set_object_member (copy, "extensions", extensions);
    }
  json_node_take_object (node, copy);

  return node;
}

static void
await_list (McpClient *client,
            void (*list_async) (McpClient *, GCancellable *, GAsyncReadyCallback, gpointer),
            GListModel *(*list_finish) (McpClient *, GAsyncResult *, GError **))
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GListModel) list = NULL;
  g_autoptr(GError) error = NULL;

  list_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "a list");
  list = list_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (list);
}

static void
ping (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_ping_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "ping");
  g_assert_true (mcp_client_ping_finish (client, result, &error));
  g_assert_no_error (error);
}

static void
read_static (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GListModel) contents = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_read_resource_async (client, "test://static", NULL, mcp_test_store_result_cb,
                                  &result);
  mcp_test_await_result (&result, "resources/read");
  contents = mcp_client_read_resource_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (contents), ==, 1);
}

static void
set_logging_level (McpClient   *client,
                   McpLogLevel  level)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_set_logging_level_async (client, level, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "set_logging_level");
  g_assert_true (mcp_client_set_logging_level_finish (client, result, &error));
  g_assert_no_error (error);
}

/* Every request carries the revision, the capabilities the client declared
 * and its identity. */
static void
test_envelope_every_request (void)
{
  Peer *peer = peer_new ("--era", "stateless", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) requests = NULL;
  g_autoptr(JsonNode) capabilities = NULL;
  g_autofree char *capabilities_json = NULL;
  g_autoptr(GHashTable) methods = g_hash_table_new (g_str_hash, g_str_equal);

  mcp_client_set_features (peer->client, ALL_FEATURES);
  g_assert_cmpuint (mcp_client_get_features (peer->client), ==, ALL_FEATURES);
  mcp_client_set_client_name (peer->client, "envelope-test");
  mcp_client_set_client_version (peer->client, "4.5.6");
  peer_connect_or_fail (peer);
  capabilities = expected_capabilities (peer->client);
  capabilities_json = json_to_string (capabilities, FALSE);

  await_list (peer->client, mcp_client_list_tools_async, mcp_client_list_tools_finish);
  await_list (peer->client, mcp_client_list_prompts_async, mcp_client_list_prompts_finish);
  await_list (peer->client, mcp_client_list_resources_async, mcp_client_list_resources_finish);
  read_static (peer->client);
  mcp_test_assert_echo_works (peer->client);

  records = peer_records (peer);
  requests = filter_requests (records, NULL);
  for (guint i = 0; i < requests->len; i++)
    {
      JsonObject *request = requests->pdata[i];
      g_hash_table_add (methods, (gpointer) mcp_test_lookup_string (request, "method"));
      assert_envelope (request, STATELESS_VERSION);
      mcp_test_assert_json_equal (envelope_member (request, "clientCapabilities"),
                                  capabilities_json);
      mcp_test_assert_json_equal (envelope_member (request, "clientInfo"),
                                  "{\"name\":\"envelope-test\",\"version\":\"4.5.6\"}");
      g_assert_null (envelope_member (request, "logLevel"));
    }
  g_assert_true (g_hash_table_contains (methods, "server/discover"));
  g_assert_true (g_hash_table_contains (methods, "tools/list"));
  g_assert_true (g_hash_table_contains (methods, "prompts/list"));
  g_assert_true (g_hash_table_contains (methods, "resources/list"));
  g_assert_true (g_hash_table_contains (methods, "resources/read"));
  g_assert_true (g_hash_table_contains (methods, "tools/call"));

  peer_close_and_free (peer);
}

/* The capabilities follow McpClient:features: none declared, none sent. */
static void
test_envelope_no_features (void)
{
  Peer *peer = peer_start ("--era", "stateless", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) requests = NULL;

  mcp_test_assert_echo_works (peer->client);

  records = peer_records (peer);
  requests = filter_requests (records, NULL);
  g_assert_cmpuint (requests->len, >=, 2);
  for (guint i = 0; i < requests->len; i++)
    mcp_test_assert_json_equal (envelope_member (requests->pdata[i], "clientCapabilities"),
                                "{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}");

  peer_close_and_free (peer);
}

static void
assert_last_call_log_level (Peer       *peer,
                            const char *level)
{
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) calls = NULL;

  mcp_test_assert_echo_works (peer->client);
  records = peer_records (peer);
  calls = filter_requests (records, "tools/call");
  g_assert_cmpstr (envelope_string (calls->pdata[calls->len - 1], "logLevel"), ==, level);
}

/* The log level goes into the envelope once set, instead of
 * logging/setLevel. */
static void
test_envelope_log_level (void)
{
  Peer *peer = peer_start ("--era", "stateless", NULL);
  g_autoptr(GPtrArray) records = NULL;

  assert_last_call_log_level (peer, NULL);
  set_logging_level (peer->client, MCP_LOG_LEVEL_WARNING);
  assert_last_call_log_level (peer, "warning");
  set_logging_level (peer->client, MCP_LOG_LEVEL_DEBUG);
  assert_last_call_log_level (peer, "debug");

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "logging/setLevel"), ==, 0);

  peer_close_and_free (peer);
}

/* The stateless revision has no ping: server/discover stands in. */
static void
test_envelope_ping (void)
{
  Peer *peer = peer_start ("--era", "stateless", NULL);
  g_autoptr(GPtrArray) records = NULL;
  JsonObject *second;

  ping (peer->client);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "ping"), ==, 0);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 2);
  second = record_message (find_method (records, "server/discover", 1));
  assert_envelope (second, STATELESS_VERSION);

  peer_close_and_free (peer);
}

/* Roots changes are not notified: the server asks again. */
static void
test_envelope_roots_not_notified (void)
{
  Peer *peer = peer_new ("--era", "stateless", NULL);
  g_autoptr(McpRoot) root = mcp_root_new ("file:///tmp/project", "project");
  g_autoptr(GPtrArray) records = NULL;

  mcp_client_set_features (peer->client, MCP_CLIENT_FEATURES_ROOTS);
  peer_connect_or_fail (peer);
  mcp_client_add_root (peer->client, root);
  g_assert_true (mcp_client_remove_root (peer->client, "file:///tmp/project"));
  /* The notification would go out from an idle; anything sent before the
   * next call is in the record once that call is answered. */
  mcp_test_iterate_for (100);
  mcp_test_assert_echo_works (peer->client);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "notifications/roots/list_changed"), ==, 0);

  peer_close_and_free (peer);
}

/* The same client code against an older server: no envelope anywhere, and
 * the older requests for ping and the log level. */
static void
test_envelope_none_for_legacy (void)
{
  Peer *peer = peer_new ("--era", "legacy", NULL);
  g_autoptr(McpRoot) root = mcp_root_new ("file:///tmp/project", "project");
  g_autoptr(GPtrArray) records = NULL;

  mcp_client_set_features (peer->client, ALL_FEATURES);
  peer_connect_or_fail (peer);
  set_logging_level (peer->client, MCP_LOG_LEVEL_WARNING);
  ping (peer->client);
  mcp_client_add_root (peer->client, root);
  mcp_test_iterate_for (100);
  await_list (peer->client, mcp_client_list_tools_async, mcp_client_list_tools_finish);
  assert_legacy_traffic (peer);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "logging/setLevel"), ==, 1);
  g_assert_cmpuint (count_method (records, "ping"), ==, 1);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);
  g_assert_cmpuint (count_method (records, "notifications/roots/list_changed"), ==, 1);

  peer_close_and_free (peer);
}

int
main (int   argc,
      char *argv[])
{
  if (!stateless_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/Envelope/every-request", test_envelope_every_request);
  g_test_add_func ("/Mcp/Envelope/no-features", test_envelope_no_features);
  g_test_add_func ("/Mcp/Envelope/log-level", test_envelope_log_level);
  g_test_add_func ("/Mcp/Envelope/ping", test_envelope_ping);
  g_test_add_func ("/Mcp/Envelope/roots-not-notified", test_envelope_roots_not_notified);
  g_test_add_func ("/Mcp/Envelope/none-for-legacy", test_envelope_none_for_legacy);

  return stateless_test_run ();
}
