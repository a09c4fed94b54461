/* test-http-lazy-streams.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Streams only when someone listens (doc/listening.md), against the
 * scripted mcp-http-test-server.py, as the server sees it in its records:
 * a client that only calls a tool holds no GET stream (older revisions)
 * and no subscriptions/listen (2026-07-28); connecting a handler of what
 * comes on them, making a live model, subscribing to a resource or
 * declaring a capability for server requests opens them, and disconnecting
 * the last handler closes them.
 */

#include <string.h>

#include "mcp-http-test-util.h"

static void
on_list_changed (McpClient      *client,
                 McpListChanges  list,
                 guint          *count)
{
  (*count)++;
}

static void
on_notification (McpClient  *client,
                 const char *method,
                 JsonNode   *params,
                 guint      *count)
{
  (*count)++;
}

static void
on_resource_updated (McpClient  *client,
                     const char *uri,
                     guint      *count)
{
  (*count)++;
}

/* A client of the scripted server without the handler the tests' clients
 * usually have, so that nobody listens. */
static Client *
quiet_client_new (Server   *server,
                  gboolean  stateless)
{
  Client *client = stateless ? auto_client_new (server) : client_new (server);

  g_signal_handlers_disconnect_matched (client->client, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL,
                                        client);
  return client;
}

static guint
count_gets (JsonArray *requests)
{
  g_autoptr(GPtrArray) gets = find_records (requests, "GET");

  return gets->len;
}

static gboolean
has_get (JsonArray *requests,
         gpointer   data)
{
  return count_gets (requests) >= GPOINTER_TO_UINT (data);
}

static gboolean
gets_hung_up (JsonArray *requests,
              gpointer   data)
{
  g_autoptr(GPtrArray) gets = find_records (requests, "GET");

  for (guint i = 0; i < gets->len; i++)
    if (mcp_test_lookup (gets->pdata[i], "hung_up_at_ms") == NULL)
      return FALSE;

  return gets->len > 0;
}

/* An older server over HTTP: the GET stream. */
static void
test_get_stream_lazy (void)
{
  g_autoptr(JsonArray) requests = NULL;
  Server *server;
  Client *client;
  guint changed = 0;
  gulong handler;

  server = server_start (NULL);
  {
    g_autoptr(McpHttpTransport) alone = mcp_http_transport_new (server->url);
    gboolean listening = FALSE;

    /* A transport without a client: listening, as before. */
    g_object_get (alone, "listening", &listening, NULL);
    g_assert_true (listening);
  }
  client = quiet_client_new (server, FALSE);
  client_connect_or_fail (client);
  g_assert_false (mcp_transport_get_listening (MCP_TRANSPORT (client->transport)));

  /* Only a tool call: no GET, even a while later. */
  assert_echo_works (client);
  mcp_test_iterate_for (200);
  requests = get_requests (client);
  g_assert_cmpuint (count_gets (requests), ==, 0);
  g_clear_pointer (&requests, json_array_unref);

  /* Somebody wants list changes: the stream opens. */
  handler = g_signal_connect (client->client, "list-changed", G_CALLBACK (on_list_changed),
                              &changed);
  requests = await_records (client, has_get, GUINT_TO_POINTER (1));
  g_assert_true (mcp_transport_get_listening (MCP_TRANSPORT (client->transport)));
  g_clear_pointer (&requests, json_array_unref);

  /* Nobody does any more: it closes, and the server sees it go. */
  g_signal_handler_disconnect (client->client, handler);
  requests = await_records (client, gets_hung_up, NULL);
  g_assert_false (mcp_transport_get_listening (MCP_TRANSPORT (client->transport)));
  g_assert_cmpuint (count_gets (requests), ==, 1);
  g_clear_pointer (&requests, json_array_unref);

  /* A live model the application holds opens it too, until dropped. */
  {
    g_autoptr(GListModel) tools = g_object_ref (mcp_client_get_tools_model (client->client));

    requests = await_records (client, has_get, GUINT_TO_POINTER (2));
    g_clear_pointer (&requests, json_array_unref);
  }
  requests = await_records (client, gets_hung_up, NULL);
  g_clear_pointer (&requests, json_array_unref);

  client_close_and_free (client);
  server_stop (server);
}

/* A client that takes requests of the server listens from the start. */
static void
test_get_stream_for_server_requests (void)
{
  g_autoptr(JsonArray) requests = NULL;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = quiet_client_new (server, FALSE);
  mcp_client_set_features (client->client, MCP_CLIENT_FEATURES_SAMPLING);
  client_connect_or_fail (client);
  g_assert_true (mcp_transport_get_listening (MCP_TRANSPORT (client->transport)));
  requests = await_records (client, has_get, GUINT_TO_POINTER (1));
  g_clear_pointer (&requests, json_array_unref);

  /* The transport's own switch: off closes the stream, on opens another. */
  mcp_transport_set_listening (MCP_TRANSPORT (client->transport), FALSE);
  requests = await_records (client, gets_hung_up, NULL);
  g_clear_pointer (&requests, json_array_unref);
  g_object_set (client->transport, "listening", TRUE, NULL);
  requests = await_records (client, has_get, GUINT_TO_POINTER (2));

  client_close_and_free (client);
  server_stop (server);
}

static gboolean
is_listen (JsonObject *record)
{
  return g_strcmp0 (record_rpc_method (record), "subscriptions/listen") == 0;
}

static guint
count_listens (JsonArray *requests)
{
  guint count = 0;

  for (guint i = 0; i < json_array_get_length (requests); i++)
    if (is_listen (record_at (requests, i)))
      count++;

  return count;
}

static gboolean
has_listen (JsonArray *requests,
            gpointer   data)
{
  return count_listens (requests) >= GPOINTER_TO_UINT (data);
}

static gboolean
listens_hung_up (JsonArray *requests,
                 gpointer   data)
{
  guint listens = 0;

  for (guint i = 0; i < json_array_get_length (requests); i++)
    {
      JsonObject *record = record_at (requests, i);

      if (!is_listen (record))
        continue;
      listens++;
      if (mcp_test_lookup (record, "hung_up_at_ms") == NULL)
        return FALSE;
    }

  return listens > 0;
}

/* A stateless server (2026-07-28): the client's own subscriptions/listen. */
static void
test_listen_lazy (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;
  guint updated = 0;
  guint notified = 0;
  gulong handler;

  server = stateless_server_start (NULL);
  client = quiet_client_new (server, TRUE);
  client_connect_or_fail (client);
  g_assert_true (mcp_client_get_stateless (client->client));

  /* Only a tool call: no listen. */
  assert_echo_works (client);
  mcp_test_iterate_for (200);
  requests = get_requests (client);
  g_assert_cmpuint (count_listens (requests), ==, 0);
  g_assert_cmpuint (count_gets (requests), ==, 0);
  g_clear_pointer (&requests, json_array_unref);

  /* A handler of ::notification wants every list. */
  handler = g_signal_connect (client->client, "notification", G_CALLBACK (on_notification),
                              &notified);
  requests = await_records (client, has_listen, GUINT_TO_POINTER (1));
  g_clear_pointer (&requests, json_array_unref);
  g_signal_handler_disconnect (client->client, handler);
  requests = await_records (client, listens_hung_up, NULL);
  g_assert_cmpuint (count_listens (requests), ==, 1);
  g_clear_pointer (&requests, json_array_unref);

  /* A resource subscribed to, with a handler of ::resource-updated: the
   * listen asks for it; unsubscribing closes it. */
  handler = g_signal_connect (client->client, "resource-updated",
                              G_CALLBACK (on_resource_updated), &updated);
  mcp_client_subscribe_resource_async (client->client, "test://a", NULL,
                                       mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "subscribe");
  g_assert_true (mcp_client_subscribe_resource_finish (client->client, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  requests = await_records (client, has_listen, GUINT_TO_POINTER (2));
  g_clear_pointer (&requests, json_array_unref);

  mcp_client_unsubscribe_resource_async (client->client, "test://a", NULL,
                                         mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "unsubscribe");
  g_assert_true (mcp_client_unsubscribe_resource_finish (client->client, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  requests = await_records (client, listens_hung_up, NULL);
  g_assert_cmpuint (count_listens (requests), ==, 2);
  g_clear_pointer (&requests, json_array_unref);
  g_signal_handler_disconnect (client->client, handler);

  client_close_and_free (client);
  server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  if (!http_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/HttpLazy/get-stream", test_get_stream_lazy);
  g_test_add_func ("/Mcp/HttpLazy/get-stream-server-requests",
                   test_get_stream_for_server_requests);
  g_test_add_func ("/Mcp/HttpLazy/listen", test_listen_lazy);

  return http_test_run ();
}
