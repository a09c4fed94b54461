/* test-http-listen.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* subscriptions/listen over Streamable HTTP (the stateless revision
 * 2026-07-28), against the --stateless mode of mcp-http-test-server.py:
 * what the server agreed to, notifications tagged with the subscription's
 * id reaching McpSubscription::notification and the client's signals,
 * closing a subscription by closing its stream, the client's own
 * subscription that drives the live models and comes back when the server
 * ends it (a bounded number of times when the server never agrees), and a
 * flood of notifications that must not make the client ask the server for
 * anything in proportion.
 */

#include <stdio.h>
#include <string.h>

#include "mcp-http-test-util.h"

/* The tools the stateless server lists that a client keeps. */
#define VALID_TOOLS 17

/* What a subscription or the client reported. */
typedef struct
{
  guint      notifications;
  guint      tools_changed;
  guint      prompts_changed;
  guint      resources_updated;
  char      *last_uri;
  gboolean   closed;
  GError    *closed_error;
} Seen;

static void
seen_clear (Seen *seen)
{
  g_clear_pointer (&seen->last_uri, g_free);
  g_clear_error (&seen->closed_error);
}

static void
count_method (Seen       *seen,
              const char *method,
              JsonNode   *params)
{
  const char *uri = NULL;

  seen->notifications++;
  if (g_str_equal (method, "notifications/tools/list_changed"))
    seen->tools_changed++;
  else if (g_str_equal (method, "notifications/prompts/list_changed"))
    seen->prompts_changed++;
  else if (g_str_equal (method, "notifications/resources/updated"))
    {
      seen->resources_updated++;
      if (params != NULL && JSON_NODE_HOLDS_OBJECT (params))
        uri = mcp_test_lookup_string (json_node_get_object (params), "uri");
      g_free (seen->last_uri);
      seen->last_uri = g_strdup (uri);
    }
}

static void
on_subscription_notification (McpSubscription *subscription,
                              const char      *method,
                              JsonNode        *params,
                              Seen            *seen)
{
  count_method (seen, method, params);
}

static void
on_subscription_closed (McpSubscription *subscription,
                        const GError    *error,
                        Seen            *seen)
{
  g_assert_false (seen->closed);
  seen->closed = TRUE;
  seen->closed_error = error != NULL ? g_error_copy (error) : NULL;
}

static void
on_client_notification (McpClient  *client,
                        const char *method,
                        JsonNode   *params,
                        Seen       *seen)
{
  if (!g_str_equal (method, "notifications/subscriptions/acknowledged"))
    count_method (seen, method, params);
}

static void
on_resource_updated (McpClient  *client,
                     const char *uri,
                     Seen       *seen)
{
  g_free (seen->last_uri);
  seen->last_uri = g_strdup (uri);
  seen->notifications++;
  seen->resources_updated++;
}

static void
on_list_changed (McpClient  *client,
                 const char *list,
                 guint      *count)
{
  (*count)++;
}

static gboolean
has_two_tools_changed (gpointer data)
{
  return ((Seen *) data)->tools_changed >= 2;
}

static McpSubscription *
listen_or_fail (Client             *client,
                McpListChanges      lists,
                const char * const *uris)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  McpSubscription *subscription;

  mcp_client_listen_async (client->client, lists, uris, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "subscriptions/listen");
  subscription = mcp_client_listen_finish (client->client, result, &error);
  g_assert_no_error (error);
  g_assert_true (MCP_IS_SUBSCRIPTION (subscription));
  g_assert_true (mcp_subscription_get_active (subscription));
  /* What was asked for, whatever the server agreed to. */
  g_assert_cmpint (mcp_subscription_get_requested_lists (subscription), ==, lists);
  if (uris == NULL || uris[0] == NULL)
    g_assert_true (mcp_subscription_get_requested_resources (subscription) == NULL ||
                   mcp_subscription_get_requested_resources (subscription)[0] == NULL);
  else
    g_assert_true (g_strv_equal (mcp_subscription_get_requested_resources (subscription), uris));

  return subscription;
}

static void
watch_subscription (McpSubscription *subscription,
                    Seen            *seen)
{
  g_signal_connect (subscription, "notification", G_CALLBACK (on_subscription_notification),
                    seen);
  g_signal_connect (subscription, "closed", G_CALLBACK (on_subscription_closed), seen);
}

/* Has the server push one notification onto every listen stream that
 * wants it; returns onto how many. */
static guint
push (Client     *client,
      const char *tool,
      const char *method,
      const char *uri)
{
  g_autofree char *arguments = NULL;
  g_autofree char *text = NULL;
  guint streams = 0;

  arguments = uri != NULL ? g_strdup_printf ("{\"method\":\"%s\",\"uri\":\"%s\"}", method, uri)
                          : g_strdup_printf ("{\"method\":\"%s\"}", method);
  text = call_tool_text (client, tool, arguments);
  g_assert_cmpint (sscanf (text, "%u streams", &streams), ==, 1);

  return streams;
}

/* Whether @record is a subscriptions/listen of the client's own
 * subscription, which asks for every list the server reports changes of
 * (the tests' own subscriptions never ask for the prompts), or else of
 * the application's. */
static gboolean
is_listen (JsonObject *record,
           gboolean    own)
{
  return g_strcmp0 (record_rpc_method (record), "subscriptions/listen") == 0 &&
         (mcp_test_lookup (record, "body.params.notifications.promptsListChanged") != NULL) == own;
}

static guint
count_listens (JsonArray *requests,
               gboolean   own)
{
  guint count = 0;

  for (guint i = 0; i < json_array_get_length (requests); i++)
    if (is_listen (record_at (requests, i), own))
      count++;

  return count;
}

static JsonObject *
find_listen (JsonArray *requests,
             gboolean   own,
             guint      nth)
{
  for (guint i = 0; i < json_array_get_length (requests); i++)
    {
      JsonObject *record = record_at (requests, i);

      if (is_listen (record, own) && nth-- == 0)
        return record;
    }

  return NULL;
}

static gboolean
has_received (gpointer data)
{
  Seen *seen = data;

  return seen->notifications > 0;
}

/* ------------------------------------------------------------------------
 * An application's subscription
 * ------------------------------------------------------------------------ */

static gboolean
application_listen_hung_up (JsonArray *requests,
                            gpointer   data)
{
  JsonObject *listen = find_listen (requests, FALSE, 0);

  return listen != NULL && mcp_test_lookup (listen, "hung_up_at_ms") != NULL;
}

/* The server agrees to part of the filter; the notifications tagged with
 * the subscription's id reach it and the client's signals; closing it
 * closes its stream, which is all the server is told. */
static void
test_listen (void)
{
  const char * const uris[] = { "test://a", "other://b", NULL };
  const char * const honoured[] = { "test://a", NULL };
  g_autoptr(McpSubscription) subscription = NULL;
  g_autoptr(JsonArray) requests = NULL;
  Seen seen = { 0 };
  Seen client_seen = { 0 };
  Seen updated_seen = { 0 };
  guint tools_changed = 0;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);
  g_signal_connect (client->client, "notification", G_CALLBACK (on_client_notification),
                    &client_seen);
  g_signal_connect (client->client, "list-changed::tools", G_CALLBACK (on_list_changed),
                    &tools_changed);
  g_signal_connect (client->client, "resource-updated", G_CALLBACK (on_resource_updated),
                    &updated_seen);

  subscription = listen_or_fail (client, MCP_LIST_CHANGES_TOOLS | MCP_LIST_CHANGES_RESOURCES,
                                 uris);
  watch_subscription (subscription, &seen);
  g_assert_cmpint (mcp_subscription_get_lists (subscription), ==,
                   MCP_LIST_CHANGES_TOOLS | MCP_LIST_CHANGES_RESOURCES);
  g_assert_true (g_strv_equal (mcp_subscription_get_resources (subscription), honoured));

  /* On the application's stream only. */
  g_assert_cmpuint (push (client, "notify", "notifications/resources/updated", "test://a"), ==, 1);
  g_assert_true (mcp_test_wait_until (has_received, &seen, NOTIFICATION_TIMEOUT_MS));
  g_assert_cmpuint (seen.resources_updated, ==, 1);
  g_assert_cmpstr (seen.last_uri, ==, "test://a");
  g_assert_true (mcp_test_wait_until (has_received, &client_seen, NOTIFICATION_TIMEOUT_MS));
  g_assert_cmpuint (client_seen.resources_updated, ==, 1);
  g_assert_cmpuint (updated_seen.resources_updated, ==, 1);

  /* On the client's own stream too: the subscription sees its own, and
   * ::notification both copies, but ::list-changed counts the change once. */
  seen.notifications = 0;
  g_assert_cmpuint (push (client, "notify", "notifications/tools/list_changed", NULL), ==, 2);
  g_assert_true (mcp_test_wait_until (has_received, &seen, NOTIFICATION_TIMEOUT_MS));
  g_assert_true (mcp_test_wait_until (has_two_tools_changed, &client_seen,
                                      NOTIFICATION_TIMEOUT_MS));
  g_assert_cmpuint (seen.tools_changed, ==, 1);
  g_assert_cmpuint (client_seen.tools_changed, ==, 2);
  g_assert_cmpuint (tools_changed, ==, 1);

  /* Not asked for: not on the application's stream. */
  g_assert_cmpuint (push (client, "notify", "notifications/prompts/list_changed", NULL), ==, 1);
  mcp_test_iterate_for (200);
  g_assert_cmpuint (seen.prompts_changed, ==, 0);

  mcp_subscription_close (subscription);
  g_assert_true (seen.closed);
  g_assert_no_error (seen.closed_error);
  g_assert_false (mcp_subscription_get_active (subscription));

  requests = await_records (client, application_listen_hung_up, NULL);
  assert_all_stateless (requests);
  g_assert_cmpuint (count_listens (requests, FALSE), ==, 1);
  g_clear_pointer (&requests, json_array_unref);

  /* Nothing more comes. */
  push (client, "notify", "notifications/resources/updated", "test://a");
  mcp_test_iterate_for (200);
  g_assert_cmpuint (seen.resources_updated, ==, 1);

  g_signal_handlers_disconnect_by_func (client->client, on_client_notification, &client_seen);
  g_signal_handlers_disconnect_by_func (client->client, on_list_changed, &tools_changed);
  g_signal_handlers_disconnect_by_func (client->client, on_resource_updated, &updated_seen);
  g_signal_handlers_disconnect_by_data (subscription, &seen);
  client_close_and_free (client);
  server_stop (server);
  seen_clear (&seen);
  seen_clear (&client_seen);
  seen_clear (&updated_seen);
}

static gboolean
cancel_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

/* Cancelled before the server agreed: the call fails as cancelled, and the
 * request does not stay open behind the application's back. */
static void
test_listen_cancelled (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(McpSubscription) subscription = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;
  gint64 start;

  server = stateless_server_start ("--listen-ack-delay=3000");
  client = stateless_client_start (server);

  g_timeout_add (100, cancel_cb, cancellable);
  start = g_get_monotonic_time ();
  mcp_client_listen_async (client->client, MCP_LIST_CHANGES_TOOLS, NULL, cancellable,
                           mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "a cancelled subscriptions/listen");
  /* Cancelling ends the wait for the server, which agrees after 3 s. */
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2500);
  subscription = mcp_client_listen_finish (client->client, result, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (subscription);
  g_clear_object (&result);

  requests = await_records (client, application_listen_hung_up, NULL);
  g_assert_cmpuint (count_listens (requests, FALSE), ==, 1);

  client_close_and_free (client);
  server_stop (server);
}

/* ------------------------------------------------------------------------
 * The client's own subscription
 * ------------------------------------------------------------------------ */

typedef struct
{
  GListModel *model;
  guint       n_items;
} ModelSize;

static gboolean
model_has_size (gpointer data)
{
  ModelSize *size = data;

  return g_list_model_get_n_items (size->model) == size->n_items;
}

static void
wait_model_size (GListModel *model,
                 guint       n_items)
{
  ModelSize size = { model, n_items };

  g_assert_true (mcp_test_wait_until (model_has_size, &size, REQUEST_TIMEOUT_MS));
}

static gboolean
has_two_own_listens (JsonArray *requests,
                     gpointer   data)
{
  return count_listens (requests, TRUE) >= 2;
}

static gboolean
first_listen_hung_up (JsonArray *requests,
                      gpointer   data)
{
  JsonObject *first = find_listen (requests, TRUE, 0);

  return first != NULL && mcp_test_lookup (first, "hung_up_at_ms") != NULL;
}

/* With a server that reports list changes, the client listens by itself:
 * the live models follow the changes; subscribing to a resource opens
 * another subscription with it, and closes the one it replaces. */
static void
test_own_subscription (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GListModel *tools;
  Seen client_seen = { 0 };
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);
  g_signal_connect (client->client, "resource-updated", G_CALLBACK (on_resource_updated),
                    &client_seen);

  tools = mcp_client_get_tools_model (client->client);
  wait_model_size (tools, VALID_TOOLS);
  text = call_tool_text (client, "add-tool", NULL);
  g_assert_cmpuint (push (client, "notify", "notifications/tools/list_changed", NULL), ==, 1);
  wait_model_size (tools, VALID_TOOLS + 1);

  mcp_client_subscribe_resource_async (client->client, "test://a", NULL,
                                       mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "subscribe");
  g_assert_true (mcp_client_subscribe_resource_finish (client->client, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  /* Only the new subscription has the resource. */
  g_assert_cmpuint (push (client, "notify", "notifications/resources/updated", "test://a"), ==, 1);
  g_assert_true (mcp_test_wait_until (has_received, &client_seen, NOTIFICATION_TIMEOUT_MS));
  g_assert_cmpstr (client_seen.last_uri, ==, "test://a");

  requests = await_records (client, first_listen_hung_up, NULL);
  assert_all_stateless (requests);
  g_assert_cmpuint (count_listens (requests, TRUE), ==, 2);
  g_assert_nonnull (mcp_test_lookup (find_listen (requests, TRUE, 1),
                                     "body.params.notifications.resourceSubscriptions"));
  g_assert_null (mcp_test_lookup (find_listen (requests, TRUE, 1), "hung_up_at_ms"));

  g_signal_handlers_disconnect_by_func (client->client, on_resource_updated, &client_seen);
  client_close_and_free (client);
  server_stop (server);
  seen_clear (&client_seen);
}

static gboolean
has_own_listen (JsonArray *requests,
                gpointer   data)
{
  return count_listens (requests, TRUE) >= 1;
}

/* Whether every listen of the client's own subscription has ended but
 * the last one, which asks for two resources. */
static gboolean
only_last_own_listen_open (JsonArray *requests,
                           gpointer   data)
{
  guint n = count_listens (requests, TRUE);
  JsonNode *uris;

  if (n < 2)
    return FALSE;
  for (guint i = 0; i + 1 < n; i++)
    if (mcp_test_lookup (find_listen (requests, TRUE, i), "hung_up_at_ms") == NULL)
      return FALSE;

  uris = mcp_test_lookup (find_listen (requests, TRUE, n - 1),
                          "body.params.notifications.resourceSubscriptions");
  return uris != NULL && json_array_get_length (json_node_get_array (uris)) == 2;
}

/* Two resources subscribed to at once, while the server takes its time to
 * agree: the second replacement of the client's own subscription
 * supersedes the first, and only the newest stays open, with both; only
 * it gets an update. */
static void
test_own_subscription_replaced_twice (void)
{
  g_autoptr(GAsyncResult) first = NULL;
  g_autoptr(GAsyncResult) second = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *last;
  Server *server;
  Client *client;

  server = stateless_server_start ("--listen-ack-delay=300");
  client = stateless_client_start (server);
  g_clear_pointer (&requests, json_array_unref);
  requests = await_records (client, has_own_listen, NULL);
  g_clear_pointer (&requests, json_array_unref);

  mcp_client_subscribe_resource_async (client->client, "test://a", NULL,
                                       mcp_test_store_result_cb, &first);
  mcp_client_subscribe_resource_async (client->client, "test://b", NULL,
                                       mcp_test_store_result_cb, &second);
  mcp_test_await_result (&first, "the first subscribe");
  g_assert_true (mcp_client_subscribe_resource_finish (client->client, first, &error));
  g_assert_no_error (error);
  mcp_test_await_result (&second, "the second subscribe");
  g_assert_true (mcp_client_subscribe_resource_finish (client->client, second, &error));
  g_assert_no_error (error);
  g_clear_object (&first);
  g_clear_object (&second);

  requests = await_records (client, only_last_own_listen_open, NULL);
  last = find_listen (requests, TRUE, count_listens (requests, TRUE) - 1);
  g_assert_null (mcp_test_lookup (last, "hung_up_at_ms"));
  g_assert_cmpuint (push (client, "notify", "notifications/resources/updated", "test://b"), ==, 1);

  client_close_and_free (client);
  server_stop (server);
}

/* The server ends the streams: the client's own subscription comes back,
 * and the live models follow the changes again. */
static void
test_own_subscription_ended (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autofree char *text = NULL;
  GListModel *tools;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);
  tools = mcp_client_get_tools_model (client->client);
  wait_model_size (tools, VALID_TOOLS);

  g_assert_cmpuint (push (client, "end-listens", "", NULL), ==, 1);
  requests = await_records (client, has_two_own_listens, NULL);
  g_assert_cmpuint (count_listens (requests, TRUE), ==, 2);
  assert_all_stateless (requests);

  /* Once it is agreed, changes come on it. */
  text = call_tool_text (client, "add-tool", NULL);
  while (push (client, "notify", "notifications/tools/list_changed", NULL) == 0)
    mcp_test_iterate_for (100);
  wait_model_size (tools, VALID_TOOLS + 1);

  client_close_and_free (client);
  server_stop (server);
}

/* The attempts of a subscription the server never keeps: the first, then
 * a retry after a second, a second more each time, five at most. */
#define OWN_LISTEN_ATTEMPTS 6

static gboolean
is_inactive (gpointer data)
{
  return !mcp_subscription_get_active (data);
}

static gboolean
has_all_attempts (JsonArray *requests,
                  gpointer   data)
{
  return count_listens (requests, TRUE) >= OWN_LISTEN_ATTEMPTS;
}

/* A server that ends every listen stream, before agreeing to it or at
 * once after (@data, its --listen): the client's own subscription is tried
 * again a few times, waiting longer each time, then given up; the
 * application's fails, or ends. */
static void
test_own_subscription_given_up (gconstpointer data)
{
  g_autofree char *option = g_strconcat ("--listen=", data, NULL);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpSubscription) subscription = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (option);
  client = stateless_client_start (server);

  mcp_client_listen_async (client->client, MCP_LIST_CHANGES_TOOLS, NULL, NULL,
                           mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "subscriptions/listen");
  subscription = mcp_client_listen_finish (client->client, result, &error);
  if (g_str_equal (data, "refuse"))
    {
      g_assert_null (subscription);
      g_test_message ("Listening failed: %s", error->message);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
    }
  else
    {
      /* It may have ended with the same read. */
      g_assert_no_error (error);
      g_assert_true (mcp_test_wait_until (is_inactive, subscription, NOTIFICATION_TIMEOUT_MS));
    }
  g_clear_object (&result);

  requests = await_records (client, has_all_attempts, NULL);
  g_clear_pointer (&requests, json_array_unref);
  /* Longer than another retry would wait. */
  mcp_test_iterate_for (OWN_LISTEN_ATTEMPTS * 1000 + 1000);
  requests = get_requests (client);
  g_assert_cmpuint (count_listens (requests, TRUE), ==, OWN_LISTEN_ATTEMPTS);
  g_assert_cmpuint (count_listens (requests, FALSE), ==, 1);
  assert_all_stateless (requests);
  assert_echo_works (client);

  client_close_and_free (client);
  server_stop (server);
}

/* ------------------------------------------------------------------------
 * A flood
 * ------------------------------------------------------------------------ */

#define FLOOD 20000

static gboolean
has_flood (gpointer data)
{
  Seen *seen = data;

  return seen->tools_changed >= FLOOD;
}

/* Thousands of list changes on both streams: every one reaches the
 * subscription, in the time it takes to read them, and the live model
 * refreshes a few times, not once per notification. */
static void
test_flood (void)
{
  g_autoptr(McpSubscription) subscription = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autofree char *text = NULL;
  GListModel *tools;
  Seen seen = { 0 };
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);
  tools = mcp_client_get_tools_model (client->client);
  wait_model_size (tools, VALID_TOOLS);

  subscription = listen_or_fail (client, MCP_LIST_CHANGES_TOOLS, NULL);
  watch_subscription (subscription, &seen);

  text = call_tool_text (client, "add-tool", NULL);
  g_clear_pointer (&text, g_free);
  text = call_tool_text (client, "flood", "{\"count\":" G_STRINGIFY (FLOOD)
                                          ",\"method\":\"notifications/tools/list_changed\"}");
  g_assert_cmpstr (text, ==, "2 streams");
  g_assert_true (mcp_test_wait_until (has_flood, &seen, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  mcp_test_iterate_for (200);
  g_assert_cmpuint (seen.tools_changed, ==, FLOOD);
  wait_model_size (tools, VALID_TOOLS + 1);

  requests = get_requests (client);
  g_test_message ("The tools were listed %u times", count_rpc (requests, "tools/list", NULL));
  g_assert_cmpuint (count_rpc (requests, "tools/list", NULL), <, FLOOD / 100);
  assert_echo_works (client);

  g_signal_handlers_disconnect_by_data (subscription, &seen);
  client_close_and_free (client);
  server_stop (server);
  seen_clear (&seen);
}

static gboolean
model_has_items (gpointer data)
{
  return g_list_model_get_n_items (data) > 0;
}

static gboolean
subscription_ended (gpointer data)
{
  return !mcp_subscription_get_active (data);
}

/* The application drops a connected client outside any callback, while
 * connecting or while the client's own subscription and one of the
 * application's are open: the listen requests end later, from the main
 * loop, and must not touch the client (they kept a bare pointer to it: a
 * critical, and freed memory under ASan). */
static void
test_drop_client (void)
{
  g_autoptr(McpSubscription) subscription = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);

  client = client_new (server);
  mcp_client_connect_async (client->client, NULL, mcp_test_store_result_cb, &result);
  client_free (client);
  mcp_test_await_result (&result, "connect");
  g_clear_object (&result);
  mcp_test_iterate_for (200);

  client = stateless_client_start (server);
  g_assert_true (mcp_test_wait_until (model_has_items,
                                      mcp_client_get_tools_model (client->client),
                                      NOTIFICATION_TIMEOUT_MS));
  subscription = listen_or_fail (client, MCP_LIST_CHANGES_TOOLS, NULL);
  client_free (client);
  g_assert_true (mcp_test_wait_until (subscription_ended, subscription,
                                      NOTIFICATION_TIMEOUT_MS));
  mcp_test_iterate_for (200);

  server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  if (!http_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/HttpListen/drop-client", test_drop_client);
  g_test_add_func ("/Mcp/HttpListen/listen", test_listen);
  g_test_add_func ("/Mcp/HttpListen/listen-cancelled", test_listen_cancelled);
  g_test_add_func ("/Mcp/HttpListen/own/replaced-twice", test_own_subscription_replaced_twice);
  g_test_add_func ("/Mcp/HttpListen/own/models", test_own_subscription);
  g_test_add_func ("/Mcp/HttpListen/own/ended", test_own_subscription_ended);
  g_test_add_data_func ("/Mcp/HttpListen/own/refused", "refuse", test_own_subscription_given_up);
  g_test_add_data_func ("/Mcp/HttpListen/own/ended-at-once", "end",
                        test_own_subscription_given_up);
  g_test_add_func ("/Mcp/HttpListen/flood", test_flood);

  return http_test_run ();
}
