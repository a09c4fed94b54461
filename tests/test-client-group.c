/* test-client-group.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpClientGroup through the public API, against real servers over stdio:
 * the demo server (MCP_DEMO_SERVER), the scripted test server and the
 * scripted stateless server. The demo and test servers both have `echo`,
 * `add` and `log`: the collisions the group names apart. A server is
 * killed with SIGKILL, found through mcp_stdio_transport_get_subprocess.
 * The configuration file lives in a temporary directory of the program's
 * (see mcp-group-test-util.c). The tests with HTTP servers are in
 * test-client-group-http.c.
 */

#include <signal.h>

#include <mcp-glib/mcp-glib.h>

#include "mcp-group-test-util.h"

static char *stateless_server_script;

/* ------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------ */

/* "name@server" for each item of @model. */
static char *
items_of (GListModel *model)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(McpGroupItem) item = g_list_model_get_item (model, i);

      g_string_append_printf (text, "%s%s@%s", i > 0 ? " " : "", mcp_group_item_get_name (item),
                              mcp_group_item_get_server_name (item));
    }

  return g_string_free (text, FALSE);
}

typedef struct
{
  GListModel *model;
  guint       n;
} CountWait;

static gboolean
has_count (gpointer data)
{
  CountWait *wait = data;

  return g_list_model_get_n_items (wait->model) == wait->n;
}

static void
wait_for_items (GListModel *model,
                guint       n)
{
  CountWait wait = { model, n };

  if (!mcp_test_wait_until (has_count, &wait, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000))
    g_error ("The model has %u items, not %u", g_list_model_get_n_items (model), n);
}

/* The test server's tools, counted from a client of its own. */
static guint
n_test_tools (void)
{
  static guint n;

  if (n == 0)
    {
      const char *argv[] = { test_server, NULL };
      g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
      g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
      g_autoptr(GAsyncResult) result = NULL;
      g_autoptr(GAsyncResult) closed = NULL;
      g_autoptr(GListModel) tools = NULL;
      g_autoptr(GError) error = NULL;

      mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
      g_assert_true (mcp_client_connect_finish (client, mcp_test_await_result (&result, "connect"),
                                                &error));
      g_clear_object (&result);
      mcp_client_list_tools_async (client, NULL, mcp_test_store_result_cb, &result);
      tools = mcp_client_list_tools_finish (client, mcp_test_await_result (&result, "tools"), &error);
      g_assert_no_error (error);
      n = g_list_model_get_n_items (tools);
      mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &closed);
      mcp_test_await_result (&closed, "close");
    }

  return n;
}

static GSubprocess *
subprocess_of (McpGroupServer *server)
{
  McpClient *client = mcp_group_server_get_client (server);

  g_assert_nonnull (client);
  return mcp_stdio_transport_get_subprocess (MCP_STDIO_TRANSPORT (mcp_client_get_transport (client)));
}

/* ------------------------------------------------------------------------
 * Tests
 * ------------------------------------------------------------------------ */

static void
test_collision_and_routing (void)
{
  g_autoptr(McpServerRegistry) registry =
    registry_with ("{\"mcpServers\": {\n"
                   "  \"demo\": {\"command\": \"DEMO\"},\n"
                   "  \"test\": {\"command\": \"TEST\"},\n"
                   "  \"broken\": {\"args\": []},\n"
                   "  \"off\": {\"command\": \"DEMO\", \"disabled\": true}\n"
                   "}}\n");
  g_autoptr(McpClientGroup) group = group_for (registry);
  GListModel *tools = mcp_client_group_get_tools (group);
  McpGroupServer *demo;
  McpGroupServer *test;
  McpGroupServer *broken;
  g_autoptr(McpGroupItem) first = NULL;
  g_autoptr(McpGroupItem) countdown = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *demo_items = NULL;
  g_autofree char *echoed = NULL;
  g_autofree char *received = NULL;
  g_autofree char *path = NULL;
  McpGroupItem *found;

  g_assert_true (mcp_client_group_get_registry (group) == registry);
  g_assert_cmpuint (g_list_model_get_n_items (mcp_client_group_get_servers (group)), ==, 4);
  demo = server_named (group, "demo");
  test = server_named (group, "test");
  broken = server_named (group, "broken");
  g_assert_cmpint (mcp_group_server_get_state (demo), ==, MCP_GROUP_SERVER_STATE_STOPPED);
  g_assert_true (mcp_group_server_get_config (demo) == mcp_server_registry_lookup (registry, "demo"));

  connect_group (group);
  g_assert_cmpint (mcp_group_server_get_state (demo), ==, MCP_GROUP_SERVER_STATE_READY);
  g_assert_cmpint (mcp_group_server_get_state (test), ==, MCP_GROUP_SERVER_STATE_READY);
  g_assert_cmpint (mcp_group_server_get_state (server_named (group, "off")), ==,
                   MCP_GROUP_SERVER_STATE_DISABLED);
  g_assert_null (mcp_group_server_get_client (server_named (group, "off")));

  /* The broken entry says where it is broken. */
  g_assert_cmpint (mcp_group_server_get_state (broken), ==, MCP_GROUP_SERVER_STATE_FAILED);
  g_assert_error (mcp_group_server_get_error (broken), G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  path = g_build_filename (tmp_dir, "mcp.json:4:3: server “broken”", NULL);
  g_assert_true (g_str_has_prefix (mcp_group_server_get_error (broken)->message, path));

  wait_for_items (tools, n_demo_tools () + n_test_tools ());

  /* Every tool once, the colliding ones under their qualified names. */
  first = g_list_model_get_item (tools, 0);
  g_assert_cmpstr (mcp_group_item_get_name (first), ==, "demo__echo");
  g_assert_cmpstr (mcp_group_item_get_original_name (first), ==, "echo");
  g_assert_true (mcp_group_item_get_server (first) == demo);
  g_assert_cmpint (mcp_group_item_get_kind (first), ==, MCP_GROUP_ITEM_KIND_TOOL);
  g_assert_true (MCP_IS_TOOL (mcp_group_item_get_item (first)));
  countdown = g_list_model_get_item (tools, 2);
  g_assert_cmpstr (mcp_group_item_get_name (countdown), ==, "countdown");
  g_assert_cmpstr (mcp_group_item_get_qualified_name (countdown), ==, "demo__countdown");
  {
    g_autoptr(GListModel) demo_only = NULL;
    GListStore *store = g_list_store_new (MCP_TYPE_GROUP_ITEM);

    for (guint i = 0; i < n_demo_tools (); i++)
      {
        g_autoptr(McpGroupItem) item = g_list_model_get_item (tools, i);

        g_list_store_append (store, item);
      }
    demo_only = G_LIST_MODEL (store);
    demo_items = items_of (demo_only);
  }
  g_assert_cmpstr (demo_items, ==, "demo__echo@demo demo__add@demo countdown@demo demo__log@demo");

  found = mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "test__echo", &error);
  g_assert_no_error (error);
  g_assert_true (mcp_group_item_get_server (found) == test);
  /* A qualified name always works, even for an item that has no need of it. */
  found = mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "demo__countdown", &error);
  g_assert_no_error (error);
  g_assert_true (found == countdown);
  g_assert_null (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "echo", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "demo__echo"));
  g_clear_error (&error);
  g_assert_null (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_PROMPT, "countdown", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Calls go to the right server. */
  echoed = call_tool_text (group, "test__echo", "{\"text\": \"to test\"}");
  g_assert_cmpstr (echoed, ==, "to test");
  g_clear_pointer (&echoed, g_free);
  echoed = call_tool_text (group, "demo__echo", "{\"text\": \"to demo\"}");
  g_assert_cmpstr (echoed, ==, "to demo");
  g_clear_pointer (&echoed, g_free);
  echoed = call_tool_text (group, "getcwd", "{}");
  g_assert_nonnull (echoed);
  result = call_tool (group, "received", "{}", &error);
  g_assert_no_error (error);
  received = mcp_tool_result_dup_text (result);
  {
    JsonNode *structured = mcp_tool_result_get_structured_content (result);
    g_autofree char *messages =
      json_to_string (json_object_get_member (json_node_get_object (structured), "messages"), FALSE);

    g_assert_nonnull (strstr (messages, "to test"));
    g_assert_null (strstr (messages, "to demo"));
  }
  g_clear_object (&result);

  result = call_tool (group, "echo", "{\"text\": \"x\"}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_clear_error (&error);
  result = call_tool (group, "no-such-tool", "{}", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

  close_group (group);
  g_assert_cmpint (mcp_group_server_get_state (demo), ==, MCP_GROUP_SERVER_STATE_STOPPED);
  g_assert_cmpuint (g_list_model_get_n_items (tools), ==, 0);
}

/* A server killed midway comes back by itself; meanwhile its tools leave,
 * and the others keep their names. */
static void
test_reconnect (void)
{
  g_autoptr(McpServerRegistry) registry =
    registry_with ("{\"mcpServers\": {\"demo\": {\"command\": \"DEMO\"}, \"test\": {\"command\": \"TEST\"}}}");
  g_autoptr(McpClientGroup) group = group_for (registry);
  GListModel *tools = mcp_client_group_get_tools (group);
  McpGroupServer *test;
  g_autoptr(McpClient) old_client = NULL;
  g_autoptr(McpGroupItem) demo_echo = NULL;
  g_autofree char *echoed = NULL;
  GSubprocess *process;
  const GError *error;

  connect_group (group);
  wait_for_items (tools, n_demo_tools () + n_test_tools ());
  test = server_named (group, "test");
  old_client = g_object_ref (mcp_group_server_get_client (test));
  demo_echo = g_list_model_get_item (tools, 0);

  process = subprocess_of (test);
  g_subprocess_send_signal (process, SIGKILL);

  wait_for_state (test, MCP_GROUP_SERVER_STATE_FAILED);
  error = mcp_group_server_get_error (test);
  g_assert_nonnull (error);
  g_assert_null (mcp_group_server_get_client (test));
  g_assert_cmpuint (g_list_model_get_n_items (tools), ==, n_demo_tools ());
  /* Names do not change while a server reconnects. */
  g_assert_cmpstr (mcp_group_item_get_name (demo_echo), ==, "demo__echo");

  wait_for_state (test, MCP_GROUP_SERVER_STATE_READY);
  g_assert_null (mcp_group_server_get_error (test));
  g_assert_cmpuint (mcp_group_server_get_attempts (test), ==, 0);
  g_assert_true (mcp_group_server_get_client (test) != old_client);
  wait_for_items (tools, n_demo_tools () + n_test_tools ());
  echoed = call_tool_text (group, "test__echo", "{\"text\": \"back\"}");
  g_assert_cmpstr (echoed, ==, "back");

  close_group (group);
}

/* Servers added to, changed in and removed from the file are started,
 * restarted and stopped. */
static void
test_follows_registry (void)
{
  g_autoptr(GFile) file = config_file ();
  g_autoptr(McpServerRegistry) registry = registry_with ("{\"mcpServers\": {\"demo\": {\"command\": \"DEMO\"}}}");
  g_autoptr(McpClientGroup) group = group_for (registry);
  GListModel *servers = mcp_client_group_get_servers (group);
  GListModel *tools = mcp_client_group_get_tools (group);
  g_autoptr(McpClient) first_client = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(McpGroupServer) test = NULL;
  g_autoptr(McpGroupItem) demo_echo = NULL;

  connect_group (group);
  wait_for_items (tools, n_demo_tools ());
  demo_echo = g_list_model_get_item (tools, 0);
  g_assert_cmpstr (mcp_group_item_get_name (demo_echo), ==, "echo");

  write_config (file, "{\"mcpServers\": {\"demo\": {\"command\": \"DEMO\"}, \"test\": {\"command\": \"TEST\"}}}");
  mcp_server_registry_reload (registry);
  g_assert_cmpuint (g_list_model_get_n_items (servers), ==, 2);
  test = g_object_ref (server_named (group, "test"));
  wait_for_state (test, MCP_GROUP_SERVER_STATE_READY);
  wait_for_items (tools, n_demo_tools () + n_test_tools ());
  /* The same item, renamed now that another server has an `echo`. */
  g_assert_cmpstr (mcp_group_item_get_name (demo_echo), ==, "demo__echo");

  /* A changed entry is a new connection. */
  first_client = g_object_ref (mcp_group_server_get_client (test));
  write_config (file, "{\"mcpServers\": {\"demo\": {\"command\": \"DEMO\"}, \"test\": {\"command\": \"TEST\", \"args\": [\"--pages\", \"2\"]}}}");
  mcp_server_registry_reload (registry);
  wait_for_state (test, MCP_GROUP_SERVER_STATE_CONNECTING);
  wait_for_state (test, MCP_GROUP_SERVER_STATE_READY);
  g_assert_true (mcp_group_server_get_client (test) != first_client);
  wait_for_items (tools, n_demo_tools () + n_test_tools ());

  /* A removed entry is stopped, and not reconnected. */
  process = g_object_ref (subprocess_of (test));
  write_config (file, "{\"mcpServers\": {\"demo\": {\"command\": \"DEMO\"}}}");
  mcp_server_registry_reload (registry);
  g_assert_cmpuint (g_list_model_get_n_items (servers), ==, 1);
  g_assert_null (mcp_client_group_lookup_server (group, "test"));
  g_assert_cmpint (mcp_group_server_get_state (test), ==, MCP_GROUP_SERVER_STATE_STOPPED);
  g_assert_cmpuint (g_list_model_get_n_items (tools), ==, n_demo_tools ());
  g_assert_cmpstr (mcp_group_item_get_name (demo_echo), ==, "echo");
  wait_for_exit (process);
  mcp_test_iterate_for (300);
  g_assert_cmpint (mcp_group_server_get_state (test), ==, MCP_GROUP_SERVER_STATE_STOPPED);

  /* Disabled, then enabled again, from the application. */
  mcp_server_config_set_disabled (mcp_server_registry_lookup (registry, "demo"), TRUE);
  wait_for_state (server_named (group, "demo"), MCP_GROUP_SERVER_STATE_DISABLED);
  g_assert_cmpuint (g_list_model_get_n_items (tools), ==, 0);
  mcp_server_config_set_disabled (mcp_server_registry_lookup (registry, "demo"), FALSE);
  wait_for_state (server_named (group, "demo"), MCP_GROUP_SERVER_STATE_READY);

  close_group (group);
}

static void
count_created_cb (McpClientGroup *group,
                  McpGroupServer *server,
                  McpClient      *client,
                  guint          *count)
{
  (*count)++;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static gboolean
has_four_attempts (gpointer data)
{
  return mcp_group_server_get_attempts (data) >= 4;
}

/* A server that fails is tried again, each time later, and not at all
 * when trying cannot help. */
static void
test_failures (void)
{
  g_autoptr(GFile) file = config_file ();
  g_autoptr(McpServerRegistry) registry =
    registry_with ("{\"mcpServers\": {\n"
                   "  \"crashing\": {\"command\": \"TEST\", \"args\": [\"--crash-at-start\", \"3\"]},\n"
                   "  \"broken\": {\"command\": 42}\n"
                   "}}\n");
  g_autoptr(McpClientGroup) group = group_for (registry);
  g_autoptr(McpGroupServer) crashing = NULL;
  McpGroupServer *broken;
  guint created = 0;
  guint attempts;

  g_signal_connect (group, "client-created", G_CALLBACK (count_created_cb), &created);
  connect_group (group);
  crashing = g_object_ref (server_named (group, "crashing"));
  broken = server_named (group, "broken");

  /* A server that ends the connection before it answers anything may be
   * one that exits when asked server/discover: its client starts it once
   * more at once, for the legacy handshake, before it counts as failed. */
  wait_for_state (crashing, MCP_GROUP_SERVER_STATE_FAILED);
  g_assert_nonnull (mcp_group_server_get_error (crashing));
  g_assert_cmpint (mcp_group_server_get_state (broken), ==, MCP_GROUP_SERVER_STATE_FAILED);

  /* The crashing one is tried again and again, the broken one not. */
  if (!mcp_test_wait_until (has_four_attempts, crashing, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000))
    g_error ("The crashing server was tried %u times", mcp_group_server_get_attempts (crashing));
  g_assert_cmpuint (created, >=, 4);
  g_assert_cmpint (mcp_group_server_get_state (broken), ==, MCP_GROUP_SERVER_STATE_FAILED);
  g_assert_cmpuint (mcp_group_server_get_attempts (broken), ==, 0);

  /* Fixed in the file: it connects. */
  write_config (file,
                "{\"mcpServers\": {\n"
                "  \"crashing\": {\"command\": \"TEST\", \"args\": [\"--crash-at-start\", \"3\"]},\n"
                "  \"broken\": {\"command\": \"DEMO\"}\n"
                "}}\n");
  mcp_server_registry_reload (registry);
  wait_for_state (broken, MCP_GROUP_SERVER_STATE_READY);

  /* Removed: never tried again. */
  write_config (file, "{\"mcpServers\": {\"broken\": {\"command\": \"DEMO\"}}}");
  mcp_server_registry_reload (registry);
  g_assert_cmpint (mcp_group_server_get_state (crashing), ==, MCP_GROUP_SERVER_STATE_STOPPED);
  attempts = created;
  mcp_test_iterate_for (600);
  g_assert_cmpuint (created, ==, attempts);
  g_assert_cmpint (mcp_group_server_get_state (crashing), ==, MCP_GROUP_SERVER_STATE_STOPPED);

  close_group (group);
}

static void
record_delay_cb (McpGroupServer *server,
                 GParamSpec     *pspec,
                 GArray         *delays)
{
  guint delay = mcp_group_server_get_retry_delay (server);

  if (delay > 0)
    g_array_append_val (delays, delay);
}

static gboolean
has_six_delays (gpointer data)
{
  return ((GArray *) data)->len >= 6;
}

static guint
kill_and_wait_back (McpGroupServer *server,
                    GArray         *delays)
{
  guint delay;

  g_array_set_size (delays, 0);
  g_subprocess_send_signal (subprocess_of (server), SIGKILL);
  wait_for_state (server, MCP_GROUP_SERVER_STATE_FAILED);
  g_assert_cmpuint (delays->len, ==, 1);
  delay = g_array_index (delays, guint, 0);
  wait_for_state (server, MCP_GROUP_SERVER_STATE_READY);
  g_assert_cmpuint (mcp_group_server_get_retry_delay (server), ==, 0);

  return delay;
}

/* The wait before each attempt doubles up to the cap, and starts again
 * from the first after a connection that lasted. */
static void
test_backoff (void)
{
  g_autoptr(McpServerRegistry) registry =
    registry_with ("{\"mcpServers\": {\n"
                   "  \"crashing\": {\"command\": \"TEST\", \"args\": [\"--crash-at-start\", \"3\"]},\n"
                   "  \"demo\": {\"command\": \"DEMO\"}\n"
                   "}}\n");
  g_autoptr(McpClientGroup) group = mcp_client_group_new_for_registry (registry);
  g_autoptr(GArray) delays = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) demo_delays = g_array_new (FALSE, FALSE, sizeof (guint));
  McpGroupServer *crashing = server_named (group, "crashing");
  McpGroupServer *demo = server_named (group, "demo");

  mcp_client_group_set_reconnect_delay (group, 20);
  mcp_client_group_set_max_reconnect_delay (group, 160);
  g_signal_connect (crashing, "notify::retry-delay", G_CALLBACK (record_delay_cb), delays);
  g_signal_connect (demo, "notify::retry-delay", G_CALLBACK (record_delay_cb), demo_delays);
  connect_group (group);

  if (!mcp_test_wait_until (has_six_delays, delays, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000))
    g_error ("Only %u attempts were scheduled", delays->len);
  g_assert_cmpuint (g_array_index (delays, guint, 0), ==, 20);
  g_assert_cmpuint (g_array_index (delays, guint, 1), ==, 40);
  g_assert_cmpuint (g_array_index (delays, guint, 2), ==, 80);
  g_assert_cmpuint (g_array_index (delays, guint, 3), ==, 160);
  g_assert_cmpuint (g_array_index (delays, guint, 4), ==, 160);
  g_assert_cmpuint (g_array_index (delays, guint, 5), ==, 160);

  /* A connection shorter than the cap does not reset the waits; one that
   * lasts longer does. */
  mcp_client_group_set_max_reconnect_delay (group, 2000);
  g_assert_cmpuint (kill_and_wait_back (demo, demo_delays), ==, 20);
  g_assert_cmpuint (kill_and_wait_back (demo, demo_delays), ==, 40);
  mcp_test_iterate_for (2100);
  g_assert_cmpuint (kill_and_wait_back (demo, demo_delays), ==, 20);

  close_group (group);
  g_assert_cmpuint (mcp_group_server_get_retry_delay (crashing), ==, 0);
}

typedef struct
{
  guint connecting;
  guint most;
} Concurrency;

static void
client_state_cb (McpClient   *client,
                 GParamSpec  *pspec,
                 Concurrency *concurrency)
{
  McpClientState state = mcp_client_get_state (client);
  gboolean was_connecting = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (client), "connecting"));

  if (state == MCP_CLIENT_STATE_CONNECTING && !was_connecting)
    {
      concurrency->connecting++;
      concurrency->most = MAX (concurrency->most, concurrency->connecting);
    }
  else if (state != MCP_CLIENT_STATE_CONNECTING && was_connecting)
    concurrency->connecting--;

  g_object_set_data (G_OBJECT (client), "connecting",
                     GUINT_TO_POINTER (state == MCP_CLIENT_STATE_CONNECTING));
}

static void
client_created_cb (McpClientGroup *group,
                   McpGroupServer *server,
                   McpClient      *client,
                   Concurrency    *concurrency)
{
  g_assert_cmpint (mcp_client_get_state (client), ==, MCP_CLIENT_STATE_DISCONNECTED);
  g_assert_cmpuint (mcp_client_get_connect_timeout (client), ==,
                    mcp_client_group_get_connect_timeout (group));
  g_signal_connect (client, "notify::state", G_CALLBACK (client_state_cb), concurrency);
}

/* No more servers connect at once than allowed, and a server that never
 * answers delays no other. */
static void
test_bounded_parallel_connect (void)
{
  g_autoptr(McpServerRegistry) registry =
    registry_with ("{\"mcpServers\": {\n"
                   "  \"silent\": {\"command\": \"TEST\", \"args\": [\"--no-initialize-answer\"]},\n"
                   "  \"a\": {\"command\": \"DEMO\"},\n"
                   "  \"b\": {\"command\": \"DEMO\"},\n"
                   "  \"c\": {\"command\": \"DEMO\"},\n"
                   "  \"d\": {\"command\": \"DEMO\"}\n"
                   "}}\n");
  g_autoptr(McpClientGroup) group = group_for (registry);
  Concurrency concurrency = { 0 };
  McpGroupServer *silent;

  mcp_client_group_set_max_connecting (group, 2);
  mcp_client_group_set_connect_timeout (group, 60000);
  g_signal_connect (group, "client-created", G_CALLBACK (client_created_cb), &concurrency);
  mcp_client_group_connect_async (group, NULL, NULL, NULL);

  silent = server_named (group, "silent");
  wait_for_state (server_named (group, "a"), MCP_GROUP_SERVER_STATE_READY);
  wait_for_state (server_named (group, "b"), MCP_GROUP_SERVER_STATE_READY);
  wait_for_state (server_named (group, "c"), MCP_GROUP_SERVER_STATE_READY);
  wait_for_state (server_named (group, "d"), MCP_GROUP_SERVER_STATE_READY);
  g_assert_cmpint (mcp_group_server_get_state (silent), ==, MCP_GROUP_SERVER_STATE_CONNECTING);
  g_assert_cmpuint (concurrency.most, ==, 2);

  /* Closing ends the attempt that waits. */
  close_group (group);
  g_assert_cmpint (mcp_group_server_get_state (silent), ==, MCP_GROUP_SERVER_STATE_STOPPED);
}

static void
connect_timeout_cb (McpClientGroup *group,
                    McpGroupServer *server,
                    McpClient      *client,
                    gpointer        user_data)
{
  /* A handler can tune each client; here, the silent one gives up soon. */
  if (g_str_equal (mcp_group_server_get_name (server), "silent"))
    mcp_client_set_connect_timeout (client, 200);
}

static void
test_connect_timeout (void)
{
  g_autoptr(McpServerRegistry) registry =
    registry_with ("{\"mcpServers\": {\"silent\": {\"command\": \"TEST\", \"args\": [\"--no-initialize-answer\"]}}}");
  g_autoptr(McpClientGroup) group = group_for (registry);
  McpGroupServer *silent;

  g_signal_connect (group, "client-created", G_CALLBACK (connect_timeout_cb), NULL);
  connect_group (group);
  silent = server_named (group, "silent");
  g_assert_cmpint (mcp_group_server_get_state (silent), ==, MCP_GROUP_SERVER_STATE_FAILED);
  g_assert_error (mcp_group_server_get_error (silent), G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpuint (mcp_group_server_get_attempts (silent), ==, 1);

  close_group (group);
}

typedef struct
{
  GPtrArray *log;
} Forwarded;

static void
notification_cb (McpClientGroup *group,
                 McpGroupServer *server,
                 const char     *method,
                 JsonNode       *params,
                 Forwarded      *forwarded)
{
  g_ptr_array_add (forwarded->log, g_strdup_printf ("notification %s from %s", method,
                                                    mcp_group_server_get_name (server)));
}

static void
log_message_cb (McpClientGroup *group,
                McpGroupServer *server,
                McpLogLevel     level,
                const char     *logger,
                JsonNode       *data,
                Forwarded      *forwarded)
{
  g_ptr_array_add (forwarded->log, g_strdup_printf ("log %s %s from %s", logger,
                                                    json_node_get_string (data),
                                                    mcp_group_server_get_name (server)));
}

static gboolean
sampling_cb (McpClientGroup   *group,
             McpGroupServer   *server,
             McpServerRequest *request,
             Forwarded        *forwarded)
{
  g_autoptr(McpContent) content = mcp_content_new_text ("sampled");

  g_ptr_array_add (forwarded->log, g_strdup_printf ("request %s from %s",
                                                    mcp_server_request_get_method (request),
                                                    mcp_group_server_get_name (server)));
  mcp_server_request_reply_sampling (request, "test-model", content, "endTurn");
  return TRUE;
}

static char *
joined (GPtrArray *log)
{
  g_auto(GStrv) lines = NULL;

  g_ptr_array_add (log, NULL);
  lines = (GStrv) g_ptr_array_steal (log, NULL);
  return g_strjoinv ("\n", lines);
}

static void
test_forwarding (void)
{
  g_autoptr(McpServerRegistry) registry =
    registry_with ("{\"mcpServers\": {\"demo\": {\"command\": \"DEMO\"}, \"test\": {\"command\": \"TEST\"}}}");
  g_autoptr(McpClientGroup) group = group_for (registry);
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *log = NULL;
  Forwarded forwarded = { g_ptr_array_new_with_free_func (g_free) };

  mcp_client_group_set_features (group, MCP_CLIENT_FEATURES_SAMPLING);
  g_assert_cmpint (mcp_client_group_get_features (group), ==, MCP_CLIENT_FEATURES_SAMPLING);
  g_signal_connect (group, "notification::notifications/custom", G_CALLBACK (notification_cb), &forwarded);
  g_signal_connect (group, "log-message", G_CALLBACK (log_message_cb), &forwarded);
  g_signal_connect (group, "server-request::sampling/createMessage", G_CALLBACK (sampling_cb), &forwarded);
  connect_group (group);

  text = call_tool_text (group, "notify", "{\"method\": \"notifications/custom\"}");
  g_clear_pointer (&text, g_free);
  text = call_tool_text (group, "test__log", "{\"level\": \"warning\", \"data\": \"careful\"}");
  g_clear_pointer (&text, g_free);
  result = call_tool (group, "server-request",
                      "{\"method\": \"sampling/createMessage\", \"params\": {\"messages\": [], \"maxTokens\": 5}}",
                      &error);
  g_assert_no_error (error);
  {
    JsonNode *structured = mcp_tool_result_get_structured_content (result);
    g_autofree char *response = json_to_string (structured, FALSE);

    g_assert_nonnull (strstr (response, "\"sampled\""));
  }

  log = joined (forwarded.log);
  g_assert_cmpstr (log, ==,
                   "notification notifications/custom from test\n"
                   "log test-server careful from test\n"
                   "request sampling/createMessage from test");
  g_ptr_array_unref (forwarded.log);

  close_group (group);
}

/* A client added by hand is connected by the group, but cannot be made
 * again when it dies. */
static void
test_hand_added (void)
{
  g_autoptr(McpClientGroup) group = mcp_client_group_new ();
  const char *argv[] = { demo_server, NULL };
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(McpServerConfig) config = mcp_server_config_new_stdio ("test", (const char *[]) { test_server, NULL });
  g_autoptr(GError) error = NULL;
  McpGroupServer *mine;
  McpGroupServer *test;

  mcp_client_group_set_reconnect_delay (group, 20);
  mine = mcp_client_group_add_client (group, "mine", client, &error);
  g_assert_no_error (error);
  g_assert_null (mcp_group_server_get_config (mine));
  test = mcp_client_group_add_config (group, config, &error);
  g_assert_no_error (error);
  g_assert_null (mcp_client_group_add_client (group, "mine", client, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_null (mcp_client_group_get_registry (group));
  g_assert_cmpint (mcp_client_get_state (client), ==, MCP_CLIENT_STATE_DISCONNECTED);

  connect_group (group);
  g_assert_cmpint (mcp_group_server_get_state (mine), ==, MCP_GROUP_SERVER_STATE_READY);
  g_assert_true (mcp_group_server_get_client (mine) == client);
  g_assert_cmpint (mcp_group_server_get_state (test), ==, MCP_GROUP_SERVER_STATE_READY);
  wait_for_items (mcp_client_group_get_tools (group), n_demo_tools () + n_test_tools ());

  g_subprocess_send_signal (subprocess_of (mine), SIGKILL);
  wait_for_state (mine, MCP_GROUP_SERVER_STATE_FAILED);
  mcp_test_iterate_for (300);
  g_assert_cmpint (mcp_group_server_get_state (mine), ==, MCP_GROUP_SERVER_STATE_FAILED);
  g_assert_cmpuint (g_list_model_get_n_items (mcp_client_group_get_tools (group)), ==, n_test_tools ());

  /* One made from a configuration comes back. */
  g_subprocess_send_signal (subprocess_of (test), SIGKILL);
  wait_for_state (test, MCP_GROUP_SERVER_STATE_FAILED);
  wait_for_state (test, MCP_GROUP_SERVER_STATE_READY);

  g_assert_true (mcp_client_group_remove (group, "mine"));
  g_assert_false (mcp_client_group_remove (group, "mine"));
  g_assert_cmpuint (g_list_model_get_n_items (mcp_client_group_get_servers (group)), ==, 1);
  close_group (group);
}

/* A group dropped while its servers connect, reconnect and run stops
 * them all, and what was under way ends quietly. */
static void
test_dropped_group (void)
{
  g_autoptr(McpServerRegistry) registry =
    registry_with ("{\"mcpServers\": {\n"
                   "  \"demo\": {\"command\": \"DEMO\"},\n"
                   "  \"silent\": {\"command\": \"TEST\", \"args\": [\"--no-initialize-answer\"]},\n"
                   "  \"crashing\": {\"command\": \"TEST\", \"args\": [\"--crash-at-start\", \"3\"]}\n"
                   "}}\n");
  McpClientGroup *group = group_for (registry);
  g_autoptr(McpGroupServer) demo = g_object_ref (server_named (group, "demo"));
  g_autoptr(GSubprocess) process = NULL;

  g_object_add_weak_pointer (G_OBJECT (group), (gpointer *) &group);
  mcp_client_group_connect_async (group, NULL, NULL, NULL);
  wait_for_state (demo, MCP_GROUP_SERVER_STATE_READY);
  process = g_object_ref (subprocess_of (demo));

  g_object_unref (group);
  g_assert_null (group);
  wait_for_exit (process);
  mcp_test_iterate_for (200);
  g_assert_null (mcp_group_server_get_client (demo));
}

static char *
dotted_name (McpGroupItemKind  kind,
             const char       *server,
             const char       *name,
             gpointer          user_data)
{
  return g_strdup_printf ("%s.%s", server, name);
}

/* A rule that leaves the server out: colliding items share a name. */
static char *
bare_name (McpGroupItemKind  kind,
           const char       *server,
           const char       *name,
           gpointer          user_data)
{
  return g_strdup (name);
}

static void
test_name_func (void)
{
  g_autoptr(McpServerRegistry) registry =
    registry_with ("{\"mcpServers\": {\"demo\": {\"command\": \"DEMO\"}, \"test\": {\"command\": \"TEST\"}}}");
  g_autoptr(McpClientGroup) group = group_for (registry);
  GListModel *tools = mcp_client_group_get_tools (group);
  g_autoptr(McpGroupItem) echo = NULL;
  g_autoptr(McpGroupItem) countdown = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  guint renamed = 0;

  connect_group (group);
  wait_for_items (tools, n_demo_tools () + n_test_tools ());
  echo = g_list_model_get_item (tools, 0);
  countdown = g_list_model_get_item (tools, 2);
  g_signal_connect (echo, "notify::name", G_CALLBACK (count_notify_cb), &renamed);

  mcp_client_group_set_name_func (group, dotted_name, NULL, NULL);
  g_assert_cmpstr (mcp_group_item_get_name (echo), ==, "demo.echo");
  g_assert_cmpstr (mcp_group_item_get_qualified_name (echo), ==, "demo.echo");
  g_assert_cmpstr (mcp_group_item_get_name (countdown), ==, "countdown");
  g_assert_cmpstr (mcp_group_item_get_qualified_name (countdown), ==, "demo.countdown");
  g_assert_cmpuint (renamed, ==, 1);

  text = call_tool_text (group, "test.echo", "{\"text\": \"dotted\"}");
  g_assert_cmpstr (text, ==, "dotted");

  /* Found by the new names, no more by the old ones. */
  g_assert_true (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "demo.echo", NULL) == echo);
  g_assert_true (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "demo.countdown", NULL) == countdown);
  g_assert_true (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "countdown", NULL) == countdown);
  g_assert_null (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "demo__echo", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Two items of one qualified name: that name finds neither. */
  mcp_client_group_set_name_func (group, bare_name, NULL, NULL);
  g_assert_cmpstr (mcp_group_item_get_name (echo), ==, "echo");
  g_assert_null (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "echo", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "more than one"));
  g_clear_error (&error);
  g_assert_true (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "countdown", NULL) == countdown);

  mcp_client_group_set_name_func (group, NULL, NULL, NULL);
  g_assert_cmpstr (mcp_group_item_get_name (echo), ==, "demo__echo");
  g_assert_true (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "demo__echo", NULL) == echo);
  g_assert_null (mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL, "demo.echo", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  close_group (group);
}

static void
count_failures (McpGroupServer *server,
                GParamSpec     *pspec,
                guint          *failures)
{
  if (mcp_group_server_get_state (server) == MCP_GROUP_SERVER_STATE_FAILED)
    (*failures)++;
}

/* A server that exits when asked server/discover, as those of some older
 * SDKs do: its client starts it again and connects with the legacy
 * handshake, within the same attempt, and does so again when it comes
 * back; the group has nothing to do with it. */
static void
test_exits_on_probe (void)
{
  g_autofree char *text =
    g_strdup_printf ("{\"mcpServers\": {\"old\": {\"command\": \"%s\", \"args\": "
                     "[\"%s\", \"--era\", \"legacy\", \"--discover\", \"exit\"]}}}",
                     python_path, stateless_server_script);
  g_autoptr(McpServerRegistry) registry = registry_with (text);
  g_autoptr(McpClientGroup) group = group_for (registry);
  McpGroupServer *old;
  McpClient *client;
  g_autofree char *echoed = NULL;
  guint failures = 0;

  /* No retry after a delay: the second attempt follows the first at once. */
  mcp_client_group_set_reconnect_delay (group, 60 * 1000);
  mcp_client_group_set_max_reconnect_delay (group, 60 * 1000);

  /* The legacy handshake follows within the same attempt: the server is
   * ready when the group's connect completes, and never failed. */
  old = server_named (group, "old");
  g_assert_true (MCP_IS_GROUP_SERVER (old));
  g_signal_connect (old, "notify::state", G_CALLBACK (count_failures), &failures);
  connect_group (group);
  g_assert_cmpint (mcp_group_server_get_state (old), ==, MCP_GROUP_SERVER_STATE_READY);
  g_assert_cmpuint (mcp_group_server_get_attempts (old), ==, 0);
  g_assert_cmpuint (failures, ==, 0);
  g_signal_handlers_disconnect_by_func (old, count_failures, &failures);
  client = mcp_group_server_get_client (old);
  g_assert_cmpint (mcp_client_get_version_negotiation (client), ==,
                   MCP_VERSION_NEGOTIATION_AUTO);
  g_assert_false (mcp_client_get_stateless (client));
  g_assert_cmpstr (mcp_client_get_protocol_version (client), ==, "2025-11-25");
  echoed = call_tool_text (group, "echo", "{\"text\": \"old\"}");
  g_assert_cmpstr (echoed, ==, "old");

  /* Back after a crash: still with the legacy handshake. */
  mcp_client_group_set_reconnect_delay (group, 50);
  mcp_client_group_set_max_reconnect_delay (group, 400);
  g_subprocess_send_signal (subprocess_of (old), SIGKILL);
  wait_for_state (old, MCP_GROUP_SERVER_STATE_FAILED);
  wait_for_state (old, MCP_GROUP_SERVER_STATE_READY);
  g_assert_false (mcp_client_get_stateless (mcp_group_server_get_client (old)));
  g_assert_cmpstr (mcp_client_get_protocol_version (mcp_group_server_get_client (old)), ==,
                   "2025-11-25");

  close_group (group);
}

/* Prompts and resources of the group, from a stateless server that lists
 * one of each and no templates: the aggregated lists, and reading and
 * getting routed by name. The group's tuning properties read back what
 * was set. */
static void
test_prompts_and_resources (void)
{
  g_autofree char *text =
    g_strdup_printf ("{\"mcpServers\": {\"rounds\": {\"command\": \"%s\", \"args\": [\"%s\"]}}}",
                     python_path, stateless_server_script);
  g_autoptr(McpServerRegistry) registry = registry_with (text);
  g_autoptr(McpClientGroup) group = group_for (registry);
  g_autoptr(McpGroupItem) prompt_item = NULL;
  g_autoptr(McpGroupItem) resource_item = NULL;
  g_autoptr(McpPromptMessage) message = NULL;
  g_autoptr(McpResourceContents) contents_item = NULL;
  g_autoptr(McpPromptResult) prompt = NULL;
  g_autoptr(GListModel) contents = NULL;
  g_autoptr(GHashTable) arguments = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *prompts;
  GListModel *resources;
  GListModel *templates;

  mcp_client_group_set_max_connecting (group, 2);
  mcp_client_group_set_reconnect_delay (group, 200);
  mcp_client_group_set_max_reconnect_delay (group, 800);
  mcp_client_group_set_ping_interval (group, 5000);
  g_assert_cmpuint (mcp_client_group_get_max_connecting (group), ==, 2);
  g_assert_cmpuint (mcp_client_group_get_reconnect_delay (group), ==, 200);
  g_assert_cmpuint (mcp_client_group_get_max_reconnect_delay (group), ==, 800);
  g_assert_cmpuint (mcp_client_group_get_ping_interval (group), ==, 5000);

  connect_group (group);

  prompts = mcp_client_group_get_prompts (group);
  resources = mcp_client_group_get_resources (group);
  templates = mcp_client_group_get_resource_templates (group);
  g_assert_true (g_list_model_get_item_type (templates) == MCP_TYPE_GROUP_ITEM);
  wait_for_items (prompts, 1);
  wait_for_items (resources, 1);
  g_assert_cmpuint (g_list_model_get_n_items (templates), ==, 0);

  prompt_item = g_list_model_get_item (prompts, 0);
  g_assert_cmpint (mcp_group_item_get_kind (prompt_item), ==, MCP_GROUP_ITEM_KIND_PROMPT);
  g_assert_cmpstr (mcp_group_item_get_name (prompt_item), ==, "rounds");
  g_assert_true (MCP_IS_PROMPT (mcp_group_item_get_item (prompt_item)));
  resource_item = g_list_model_get_item (resources, 0);
  g_assert_cmpint (mcp_group_item_get_kind (resource_item), ==, MCP_GROUP_ITEM_KIND_RESOURCE);
  g_assert_cmpstr (mcp_group_item_get_name (resource_item), ==, "test://static");

  arguments = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (arguments, (char *) "key", (char *) "group");
  g_hash_table_insert (arguments, (char *) "script", (char *) "[]");
  mcp_client_group_get_prompt_async (group, "rounds", arguments, NULL,
                                     mcp_test_store_result_cb, &result);
  prompt = mcp_client_group_get_prompt_finish (group, mcp_test_await_result (&result, "the prompt"),
                                               &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (mcp_prompt_result_get_messages (prompt)), ==, 1);
  message = g_list_model_get_item (mcp_prompt_result_get_messages (prompt), 0);
  /* The server answers with the rounds it went through: one, without input. */
  g_assert_cmpstr (mcp_content_get_text (mcp_prompt_message_get_content (message)), ==, "[{}]");
  g_clear_object (&result);

  mcp_client_group_read_resource_async (group, "test://static", NULL,
                                        mcp_test_store_result_cb, &result);
  contents = mcp_client_group_read_resource_finish (group,
                                                    mcp_test_await_result (&result, "the resource"),
                                                    &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (contents), ==, 1);
  contents_item = g_list_model_get_item (contents, 0);
  g_assert_cmpstr (mcp_resource_contents_get_text (contents_item), ==, "static");
  g_clear_object (&result);

  /* A name no server lists fails with a GError. */
  mcp_client_group_read_resource_async (group, "test://nowhere", NULL,
                                        mcp_test_store_result_cb, &result);
  g_assert_null (mcp_client_group_read_resource_finish (group,
                                                        mcp_test_await_result (&result, "the read"),
                                                        &error));
  g_assert_nonnull (error);

  close_group (group);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  group_test_init (&argc, &argv);
  stateless_server_script = g_test_build_filename (G_TEST_DIST, "mcp-stateless-test-server.py",
                                                   NULL);

  g_test_add_func ("/Mcp/ClientGroup/collision-and-routing", test_collision_and_routing);
  g_test_add_func ("/Mcp/ClientGroup/reconnect", test_reconnect);
  g_test_add_func ("/Mcp/ClientGroup/follows-registry", test_follows_registry);
  g_test_add_func ("/Mcp/ClientGroup/failures", test_failures);
  g_test_add_func ("/Mcp/ClientGroup/backoff", test_backoff);
  g_test_add_func ("/Mcp/ClientGroup/bounded-parallel-connect", test_bounded_parallel_connect);
  g_test_add_func ("/Mcp/ClientGroup/connect-timeout", test_connect_timeout);
  g_test_add_func ("/Mcp/ClientGroup/forwarding", test_forwarding);
  g_test_add_func ("/Mcp/ClientGroup/hand-added", test_hand_added);
  g_test_add_func ("/Mcp/ClientGroup/dropped-group", test_dropped_group);
  g_test_add_func ("/Mcp/ClientGroup/name-func", test_name_func);
  g_test_add_func ("/Mcp/ClientGroup/exits-on-probe", test_exits_on_probe);
  g_test_add_func ("/Mcp/ClientGroup/prompts-and-resources", test_prompts_and_resources);

  ret = group_test_run ();

  g_free (stateless_server_script);

  return ret;
}
