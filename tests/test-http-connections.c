/* test-http-connections.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The TCP connections of McpHttpTransport, counted by
 * mcp-http-test-server.py: a client's handshake and its sequential calls
 * share one kept-alive connection, concurrent calls take no more than are
 * in flight; a server that closes idle connections costs nothing but new
 * connections; and no request is ever sent twice behind the application's
 * back: a call whose connection breaks after it may have reached the server
 * fails, once, while a notification is sent again.
 */

#include <string.h>

#include "mcp-http-test-util.h"

/* The number of TCP connections the server accepted so far. */
static gint64
count_connections (Client *client)
{
  g_autoptr(JsonObject) structured = call_tool_structured (client, "requests", NULL);

  return mcp_test_lookup_int_or_fail (structured, "connections");
}

/* How many recorded calls of the tool @name (and, if not %NULL, with the
 * text @text) reached the server. */
static guint
count_calls (JsonArray  *requests,
             const char *name,
             const char *text)
{
  g_autoptr(GPtrArray) posts = find_records (requests, "POST");
  guint count = 0;

  for (guint i = 0; i < posts->len; i++)
    if (g_strcmp0 (record_rpc_method (posts->pdata[i]), "tools/call") == 0 &&
        g_strcmp0 (mcp_test_lookup_string (posts->pdata[i], "body.params.name"), name) == 0 &&
        (text == NULL ||
         g_strcmp0 (mcp_test_lookup_string (posts->pdata[i], "body.params.arguments.text"),
                    text) == 0))
      count++;

  return count;
}

static void
echo_text (Client     *client,
           const char *text)
{
  g_autofree char *arguments = g_strdup_printf ("{\"text\":\"%s\"}", text);
  g_autofree char *echoed = call_tool_text (client, "echo", arguments);

  g_assert_cmpstr (echoed, ==, text);
}

/* The handshake takes one connection, which the GET stream (or the GET
 * that finds there is none) takes next, while the first call takes
 * another; twenty calls one after the other take none more. */
static void
test_sequential (gconstpointer data)
{
  const char *option = data;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  gint64 handshake = 0;
  Server *server;
  Client *client;

  server = server_start (option, NULL);
  client = client_start (server);
  if (option == NULL)
    assert_get_stream_works (client);

  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *text = g_strdup_printf ("call %u", i);

      echo_text (client, text);
    }

  g_assert_cmpint (count_connections (client), ==, 2);

  /* initialize and initialized on one connection. */
  requests = get_requests (client);
  posts = find_records (requests, "POST");
  for (guint i = 0; i < posts->len; i++)
    {
      const char *method = record_rpc_method (posts->pdata[i]);
      gint64 used = mcp_test_lookup_int_or_fail (posts->pdata[i], "connection");

      if (g_strcmp0 (method, "initialize") == 0)
        handshake = used;
      else if (g_strcmp0 (method, "notifications/initialized") == 0)
        g_assert_cmpint (used, ==, handshake);
    }
  g_assert_cmpint (handshake, >, 0);

  client_close_and_free (client);
  server_stop (server);
}

/* Eight calls at once take at most eight connections, which later calls
 * reuse. */
static void
test_concurrent (void)
{
  GAsyncResult *results[8] = { NULL, };
  gint64 before;
  gint64 after;
  Server *server;
  Client *client;

  server = server_start ("--no-get", NULL);
  client = client_start (server);
  before = count_connections (client);

  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    call_tool_async (client, "slow-json", "{\"ms\":200}", mcp_test_store_result_cb, &results[i]);
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      g_autoptr(McpToolResult) result = NULL;
      g_autoptr(GError) error = NULL;

      mcp_test_await_result (&results[i], "slow-json");
      result = mcp_client_call_tool_finish (client->client, results[i], &error);
      g_clear_object (&results[i]);
      g_assert_no_error (error);
    }

  after = count_connections (client);
  g_test_message ("%" G_GINT64_FORMAT " connections for 8 calls at once", after - before);
  g_assert_cmpint (after - before, <=, G_N_ELEMENTS (results));

  for (guint i = 0; i < 10; i++)
    assert_echo_works (client);
  g_assert_cmpint (count_connections (client), ==, after);

  client_close_and_free (client);
  server_stop (server);
}

/* A server that closes connections idle for 300 ms: calls that come after
 * a pause get a new connection, and every call is carried out once. */
static void
test_idle_close (void)
{
  g_autoptr(JsonArray) requests = NULL;
  Server *server;
  Client *client;

  server = server_start ("--no-get", "--idle-close", "300", NULL);
  client = client_start (server);

  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *text = g_strdup_printf ("after a pause %u", i);

      /* Around the server's limit, on either side. */
      mcp_test_iterate_for (i % 2 == 0 ? 500 : 250);
      echo_text (client, text);
    }

  requests = get_requests (client);
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *text = g_strdup_printf ("after a pause %u", i);

      g_assert_cmpuint (count_calls (requests, "echo", text), ==, 1);
    }

  client_close_and_free (client);
  server_stop (server);
}

/* The server carries out a call and the connection breaks before the
 * answer, on a connection that served calls before: the call fails,
 * saying that it may have been carried out, and is not sent again. */
static void
test_vanish (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = server_start ("--no-get", NULL);
  client = client_start (server);
  assert_echo_works (client);

  error = call_tool_must_fail (client, "vanish", NULL);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  g_assert_nonnull (strstr (error->message, "may have"));

  assert_echo_works (client);
  requests = get_requests (client);
  g_assert_cmpuint (count_calls (requests, "vanish", NULL), ==, 1);

  client_close_and_free (client);
  server_stop (server);
}

/* The same for a notification (here the initialized one of the
 * handshake): sending it again is harmless, so it is, once, on a new
 * connection, and the handshake succeeds. */
static void
test_vanish_notification (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  guint n_initialized = 0;
  Server *server;
  Client *client;

  server = server_start ("--no-get", "--vanish", "notifications/initialized", NULL);
  client = client_start (server);
  assert_echo_works (client);

  requests = get_requests (client);
  posts = find_records (requests, "POST");
  for (guint i = 0; i < posts->len; i++)
    if (g_strcmp0 (record_rpc_method (posts->pdata[i]), "notifications/initialized") == 0)
      n_initialized++;
  g_assert_cmpuint (n_initialized, ==, 2);

  client_close_and_free (client);
  server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  if (!http_test_init (&argc, &argv))
    return 0;

  g_test_add_data_func ("/Mcp/Http/connections/sequential", NULL, test_sequential);
  g_test_add_data_func ("/Mcp/Http/connections/sequential-no-get", "--no-get", test_sequential);
  g_test_add_func ("/Mcp/Http/connections/concurrent", test_concurrent);
  g_test_add_func ("/Mcp/Http/connections/idle-close", test_idle_close);
  g_test_add_func ("/Mcp/Http/connections/vanish", test_vanish);
  g_test_add_func ("/Mcp/Http/connections/vanish-notification", test_vanish_notification);

  return http_test_run ();
}
