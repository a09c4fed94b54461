/* test-http-basics.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpHttpTransport with McpClient against the scripted server
 * mcp-http-test-server.py, when things go right: the handshake with JSON and
 * with event stream answers, the session and protocol version headers, the
 * GET stream, server requests answered while a stream stays open, custom
 * headers, the fallback to the 2024-11-05 HTTP+SSE transport, and a client
 * dropped without being closed.
 */

#include <string.h>

#include "mcp-http-test-util.h"

/* The handshake, with JSON answers (no data) or event stream answers. */
static void
test_connect (gconstpointer data)
{
  const char *option = data;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  g_autofree char *session_id = NULL;
  g_autofree char *protocol_version = NULL;
  gboolean legacy = TRUE;
  McpImplementation *info;
  JsonObject *capabilities;
  JsonObject *record;
  Server *server;
  Client *client;

  server = server_start (option, NULL);
  client = client_new (server);
  g_assert_null (mcp_http_transport_get_session_id (client->transport));
  g_assert_cmpstr (mcp_http_transport_get_url (client->transport), ==, server->url);
  client_connect_or_fail (client);

  info = mcp_client_get_server_info (client->client);
  g_assert_nonnull (info);
  g_assert_cmpstr (mcp_implementation_get_name (info), ==, "mcp-http-test-server");
  g_assert_cmpstr (mcp_implementation_get_version (info), ==, "1.0.0");
  g_assert_cmpstr (mcp_client_get_protocol_version (client->client), ==, "2025-11-25");
  g_object_get (client->transport,
                "session-id", &session_id,
                "protocol-version", &protocol_version,
                "legacy-sse", &legacy,
                NULL);
  g_assert_cmpstr (protocol_version, ==, "2025-11-25");
  g_assert_false (legacy);
  capabilities = mcp_client_get_server_capabilities (client->client);
  g_assert_nonnull (capabilities);
  g_assert_true (json_object_has_member (capabilities, "tools"));

  g_assert_nonnull (session_id);
  g_assert_cmpstr (mcp_http_transport_get_session_id (client->transport), ==, session_id);

  requests = get_requests (client);
  posts = find_records (requests, "POST");
  g_assert_cmpuint (posts->len, ==, 3);

  /* initialize, before there is a session. */
  record = posts->pdata[0];
  g_assert_cmpstr (mcp_test_lookup_string (record, "path"), ==, "/mcp");
  g_assert_cmpstr (record_rpc_method (record), ==, "initialize");
  g_assert_cmpstr (mcp_test_lookup_string (record, "body.params.protocolVersion"), ==, "2025-11-25");
  g_assert_null (record_header (record, "Mcp-Session-Id"));
  g_assert_cmpstr (mcp_test_lookup_string (record, "assigned_session"), ==, session_id);
  g_assert_cmpint (record_status (record), ==, 200);

  /* initialized, in the session, with the negotiated version. */
  record = posts->pdata[1];
  g_assert_cmpstr (record_rpc_method (record), ==, "notifications/initialized");
  assert_session_headers (record, session_id);
  g_assert_cmpint (record_status (record), ==, 202);

  /* The call that asked for all this. */
  record = posts->pdata[2];
  g_assert_cmpstr (record_rpc_method (record), ==, "tools/call");
  assert_session_headers (record, session_id);

  for (guint i = 0; i < posts->len; i++)
    assert_post_headers (posts->pdata[i]);

  /* x-mcp-header annotations belong to the stateless revision: a tool with
   * one it would refuse is listed all the same. */
  {
    g_autoptr(GAsyncResult) result = NULL;
    g_autoptr(GListModel) tools = NULL;
    g_autoptr(McpTool) last = NULL;
    g_autoptr(GError) error = NULL;

    mcp_client_list_tools_async (client->client, NULL, mcp_test_store_result_cb, &result);
    mcp_test_await_result (&result, "tools/list");
    tools = mcp_client_list_tools_finish (client->client, result, &error);
    g_assert_no_error (error);
    last = g_list_model_get_item (tools, g_list_model_get_n_items (tools) - 1);
    g_assert_cmpstr (mcp_tool_get_name (last), ==, "header-object");
  }

  client_close_and_free (client);
  server_stop (server);
}

/* A server of the older revisions that answers server/discover with
 * anything but JSON-RPC (an HTML page, a 404, an empty 200, or a connection
 * closed without an answer): a plain client
 * with the default negotiation falls back to initialize, within the same
 * connect, on the same transport. */
static void
test_connect_probe_answered_badly (gconstpointer data)
{
  const char *answer = data;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  Server *server;
  Client *client;

  if (g_str_equal (answer, "vanish"))
    server = server_start ("--vanish", "server/discover", NULL);
  else
    server = server_start ("--discover-answer", answer, NULL);
  client = client_new (server);
  mcp_client_set_version_negotiation (client->client, MCP_VERSION_NEGOTIATION_AUTO);
  client_connect_or_fail (client);

  g_assert_false (mcp_client_get_stateless (client->client));
  g_assert_cmpstr (mcp_client_get_protocol_version (client->client), ==, "2025-11-25");
  g_assert_null (mcp_client_get_server_supported_versions (client->client));
  assert_echo_works (client);

  requests = get_requests (client);
  posts = find_records (requests, "POST");
  g_assert_cmpuint (posts->len, >=, 3);
  g_assert_cmpstr (record_rpc_method (posts->pdata[0]), ==, "server/discover");
  g_assert_cmpstr (record_rpc_method (posts->pdata[1]), ==, "initialize");
  g_assert_cmpstr (record_rpc_method (posts->pdata[2]), ==, "notifications/initialized");

  client_close_and_free (client);
  server_stop (server);
}

/* The URL of a server whose endpoint is the root has no path at all; the
 * requests go to "/". */
static void
test_connect_no_path (void)
{
  g_autoptr(JsonArray) requests = NULL;
  Server *server;
  Client *client;

  server = server_start ("--path", "/", NULL);
  g_assert_true (g_str_has_suffix (server->url, "/mcp"));
  server->url[strlen (server->url) - strlen ("/mcp")] = '\0';

  client = client_start (server);
  assert_echo_works (client);
  requests = get_requests (client);
  for (guint i = 0; i < json_array_get_length (requests); i++)
    g_assert_cmpstr (mcp_test_lookup_string (record_at (requests, i), "path"), ==, "/");

  client_close_and_free (client);
  server_stop (server);
}

static void
test_get_stream (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) gets = NULL;
  JsonObject *record;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_start (server);

  /* What the server sends on its own arrives as a notification. */
  assert_get_stream_works (client);
  g_assert_cmpuint (count_log_data (client, "from GET stream"), ==, 1);

  requests = get_requests (client);
  gets = find_records (requests, "GET");
  g_assert_cmpuint (gets->len, ==, 1);
  record = gets->pdata[0];
  g_assert_cmpstr (mcp_test_lookup_string (record, "path"), ==, "/mcp");
  g_assert_cmpstr (record_header (record, "Accept"), ==, "text/event-stream");
  g_assert_null (record_header (record, "Last-Event-ID"));
  assert_session_headers (record, mcp_http_transport_get_session_id (client->transport));
  g_assert_cmpint (record_status (record), ==, 200);
  assert_echo_works (client);

  client_close_and_free (client);
  server_stop (server);
  g_clear_pointer (&gets, g_ptr_array_unref);
  g_clear_pointer (&requests, json_array_unref);

  /* A server without a GET stream (405) is fine, and not asked again. */
  server = server_start ("--no-get", NULL);
  client = client_start (server);
  assert_echo_works (client);
  mcp_test_iterate_for (1500);
  assert_echo_works (client);

  requests = get_requests (client);
  gets = find_records (requests, "GET");
  g_assert_cmpuint (gets->len, ==, 1);
  g_assert_cmpint (record_status (gets->pdata[0]), ==, 405);
  g_assert_cmpuint (client->log_data->len, ==, 0);
  g_assert_cmpint (mcp_client_get_state (client->client), ==, MCP_CLIENT_STATE_READY);

  client_close_and_free (client);
  server_stop (server);
}

static void
test_sse_echo (void)
{
  g_autofree char *text = NULL;
  Server *server;
  Client *client;
  guint seen_before = 0;

  server = server_start (NULL);
  client = client_start (server);

  text = watched_call_text (client, "sse-echo", "{\"text\":\"over a stream\"}",
                            "sse-echo: before the answer", &seen_before);
  g_assert_cmpstr (text, ==, "over a stream");
  g_assert_cmpuint (seen_before, ==, 1);
  g_assert_cmpuint (count_log_data (client, "sse-echo: before the answer"), ==, 1);

  client_close_and_free (client);
  server_stop (server);
}

/* The server asks for sampling on the stream of the call ("server-request")
 * or on the GET stream ("get-request"), and tells what we answered. */
static void
test_server_request (gconstpointer data)
{
  const char *tool = data;
  g_autoptr(JsonObject) structured = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  JsonObject *request;
  JsonObject *response;
  JsonObject *record = NULL;
  const char *request_id;
  Server *server;
  Client *client;
  guint count = 0;

  server = server_start (NULL);
  client = client_new (server);
  mcp_client_set_features (client->client, MCP_CLIENT_FEATURES_SAMPLING);
  g_signal_connect (client->client, "server-request::sampling/createMessage",
                    G_CALLBACK (reply_sampling_cb), &count);
  client_connect_or_fail (client);

  /* The server only answers the call once our answer, POSTed meanwhile
   * (while the stream of the call stays open), has arrived. */
  structured = call_tool_structured (client, tool,
                                     "{\"method\":\"sampling/createMessage\","
                                     "\"params\":{\"messages\":[],\"maxTokens\":10}}");
  g_assert_cmpuint (count, ==, 1);
  request = mcp_test_lookup_object (structured, "request");
  response = mcp_test_lookup_object (structured, "response");
  g_assert_nonnull (request);
  g_assert_nonnull (response);
  request_id = mcp_test_lookup_string (request, "id");
  g_assert_nonnull (request_id);
  g_assert_cmpstr (mcp_test_lookup_string (response, "jsonrpc"), ==, "2.0");
  g_assert_cmpstr (mcp_test_lookup_string (response, "id"), ==, request_id);
  g_assert_null (mcp_test_lookup (response, "error"));
  g_assert_cmpstr (mcp_test_lookup_string (response, "result.model"), ==, "test-model");
  g_assert_cmpstr (mcp_test_lookup_string (response, "result.role"), ==, "assistant");
  g_assert_cmpstr (mcp_test_lookup_string (response, "result.content.text"), ==, "sampled over HTTP");

  /* The answer was a POST of its own, in the session. */
  requests = get_requests (client);
  posts = find_records (requests, "POST");
  for (guint i = 0; i < posts->len; i++)
    if (g_strcmp0 (mcp_test_lookup_string (posts->pdata[i], "body.id"), request_id) == 0)
      {
        g_assert_null (record);
        record = posts->pdata[i];
      }
  g_assert_nonnull (record);
  g_assert_null (record_rpc_method (record));
  assert_session_headers (record, mcp_http_transport_get_session_id (client->transport));
  assert_post_headers (record);
  g_assert_cmpint (record_status (record), ==, 202);

  client_close_and_free (client);
  server_stop (server);
}

static void
test_custom_header (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autofree char *session_id = NULL;
  Server *server;
  Client *client;
  guint n_gets = 0;
  guint n_deletes = 0;
  guint i;

  server = server_start (NULL);
  client = client_new (server);
  /* The last value counts, whatever the case of the name. */
  mcp_http_transport_set_header (client->transport, "authorization", "Bearer expired");
  mcp_http_transport_set_header (client->transport, "Authorization", "Bearer t0k3n");
  /* A line end in a value would start another header: refused, as is a
   * name that is not one. */
  g_test_expect_message ("Mcp", G_LOG_LEVEL_CRITICAL, "*is_header_value*");
  mcp_http_transport_set_header (client->transport, "Authorization",
                                 "Bearer x\r\nMcp-Session-Id: stolen");
  g_test_expect_message ("Mcp", G_LOG_LEVEL_CRITICAL, "*is_header_name*");
  mcp_http_transport_set_header (client->transport, "Authorization: Bearer", "x");
  g_test_assert_expected_messages ();
  client_connect_or_fail (client);
  session_id = g_strdup (mcp_http_transport_get_session_id (client->transport));
  assert_get_stream_works (client);
  assert_echo_works (client);
  client_close_and_free (client);

  /* Everything up to the DELETE came from the first client, with the
   * header; then a second client, without it, asked for the record. */
  requests = fetch_requests (server);
  for (i = 0; i < json_array_get_length (requests); i++)
    {
      JsonObject *record = record_at (requests, i);
      const char *method = mcp_test_lookup_string (record, "method");

      if (i > 0 && g_strcmp0 (record_rpc_method (record), "initialize") == 0)
        break;

      g_assert_cmpstr (record_header (record, "Authorization"), ==, "Bearer t0k3n");
      if (g_str_equal (method, "GET"))
        n_gets++;
      else if (g_str_equal (method, "DELETE"))
        {
          n_deletes++;
          g_assert_cmpstr (record_header (record, "Mcp-Session-Id"), ==, session_id);
        }
    }
  g_assert_cmpuint (n_gets, ==, 1);
  g_assert_cmpuint (n_deletes, ==, 1);
  g_assert_cmpuint (i, <, json_array_get_length (requests));

  for (; i < json_array_get_length (requests); i++)
    g_assert_null (record_header (record_at (requests, i), "Authorization"));

  server_stop (server);
}

static void
count_queued_cb (SoupSession *session,
                 SoupMessage *message,
                 guint       *count)
{
  (*count)++;
}

/* A transport on an HTTP session of the application's (for its TLS, proxy
 * and timeout settings): every request goes through it. */
static void
test_own_session (void)
{
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(McpHttpTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  guint queued = 0;

  server = server_start (NULL);
  transport = mcp_http_transport_new_with_session (server->url, session);
  g_assert_true (mcp_http_transport_get_session (transport) == session);
  mcp_http_transport_set_max_reconnect_attempts (transport, 2);
  g_assert_cmpuint (mcp_http_transport_get_max_reconnect_attempts (transport), ==, 2);
  g_signal_connect (session, "request-queued", G_CALLBACK (count_queued_cb), &queued);

  client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_version_negotiation (client, MCP_VERSION_NEGOTIATION_LEGACY);
  g_assert_true (mcp_test_connect (client, &error));
  g_assert_no_error (error);
  mcp_test_assert_echo_works (client);
  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_client_close_finish (client, mcp_test_await_result (&result, "close"), NULL));

  /* initialize, initialized, the call, and the DELETE at least. */
  g_assert_cmpuint (queued, >=, 4);

  server_stop (server);
}

static void
on_legacy_notify (McpHttpTransport *transport,
                  GParamSpec       *pspec,
                  guint            *count)
{
  (*count)++;
}

static void
test_legacy (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  g_autofree char *endpoint = NULL;
  gboolean legacy = FALSE;
  JsonObject *record;
  Server *server;
  Client *client;
  guint notified = 0;

  server = server_start ("--legacy", NULL);
  client = client_new (server);
  g_signal_connect (client->transport, "notify::legacy-sse", G_CALLBACK (on_legacy_notify),
                    &notified);
  client_connect_or_fail (client);

  g_object_get (client->transport, "legacy-sse", &legacy, NULL);
  g_assert_true (legacy);
  g_assert_true (mcp_http_transport_get_legacy_sse (client->transport));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpstr (mcp_client_get_protocol_version (client->client), ==, "2024-11-05");
  g_assert_cmpstr (mcp_implementation_get_name (mcp_client_get_server_info (client->client)),
                   ==, "mcp-http-test-server");
  assert_echo_works (client);

  /* A POST to the endpoint refused, the event stream, then everything
   * POSTed to where the stream said. */
  requests = get_requests (client);
  record = record_at (requests, 0);
  g_assert_cmpstr (mcp_test_lookup_string (record, "method"), ==, "POST");
  g_assert_cmpstr (record_rpc_method (record), ==, "initialize");
  g_assert_cmpint (record_status (record), ==, 405);

  record = record_at (requests, 1);
  g_assert_cmpstr (mcp_test_lookup_string (record, "method"), ==, "GET");
  g_assert_cmpstr (record_header (record, "Accept"), ==, "text/event-stream");
  g_assert_nonnull (mcp_test_lookup_string (record, "assigned_session"));
  endpoint = g_strdup_printf ("/messages?session=%s", mcp_test_lookup_string (record, "assigned_session"));

  posts = find_records (requests, "POST");
  g_assert_cmpuint (posts->len, ==, 5);
  g_assert_cmpstr (record_rpc_method (posts->pdata[1]), ==, "initialize");
  g_assert_cmpstr (record_rpc_method (posts->pdata[2]), ==, "notifications/initialized");
  for (guint i = 1; i < posts->len; i++)
    {
      g_assert_cmpstr (mcp_test_lookup_string (posts->pdata[i], "path"), ==, endpoint);
      g_assert_cmpint (record_status (posts->pdata[i]), ==, 202);
      assert_post_headers (posts->pdata[i]);
    }

  client_close_and_free (client);
  server_stop (server);
}

static void
cancel_on_server_info (GObject    *object,
                       GParamSpec *pspec,
                       gpointer    user_data)
{
  g_cancellable_cancel (user_data);
}

static gboolean
transport_is_closed (gpointer data)
{
  return mcp_transport_is_closed (data);
}

/* Cancelled once the server's answer to initialize was taken, while
 * notifications/initialized is still being POSTed: the connect fails as
 * cancelled, and leaves the client closed, not ready. */
static void
test_connect_cancelled_when_answered (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_new (server);
  mcp_client_set_version_negotiation (client->client, MCP_VERSION_NEGOTIATION_LEGACY);
  g_signal_connect (client->client, "notify::server-info",
                    G_CALLBACK (cancel_on_server_info), cancellable);
  mcp_client_connect_async (client->client, cancellable, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the connect cancelled once answered");

  g_assert_true (g_cancellable_is_cancelled (cancellable));
  g_assert_false (mcp_client_connect_finish (client->client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (mcp_client_get_state (client->client), ==, MCP_CLIENT_STATE_CLOSED);
  g_assert_true (mcp_test_wait_until (transport_is_closed, client->transport, 5000));

  /* The result holds the client, which client_free() expects to go. */
  g_clear_object (&result);
  client_free (client);
  server_stop (server);
}

/* Dropping the last reference without closing, with streams open and a
 * call in flight, frees everything once the call is done. */
static void
test_dispose_unclosed (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpClient) mcp_client = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  McpHttpTransport *transport;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_start (server);
  assert_get_stream_works (client);

  transport = client->transport;
  g_object_add_weak_pointer (G_OBJECT (transport), (gpointer *) &transport);
  call_tool_async (client, "sse-echo", "{\"text\":\"orphaned\"}", mcp_test_store_result_cb,
                   &result);
  client_free (client);

  mcp_test_await_result (&result, "sse-echo");
  mcp_client = MCP_CLIENT (g_async_result_get_source_object (result));
  tool_result = mcp_client_call_tool_finish (mcp_client, result, &error);
  g_assert_no_error (error);
  text = mcp_tool_result_dup_text (tool_result);
  g_assert_cmpstr (text, ==, "orphaned");
  g_clear_object (&result);
  g_clear_object (&mcp_client);

  g_assert_true (mcp_test_wait_until (is_null, &transport, 5000));
  /* Let the cancelled streams return. */
  mcp_test_iterate_for (200);

  server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  if (!http_test_init (&argc, &argv))
    return 0;

  g_test_add_data_func ("/Mcp/Http/connect-json", NULL, test_connect);
  g_test_add_data_func ("/Mcp/Http/connect-sse", "--sse", test_connect);
  g_test_add_data_func ("/Mcp/Http/probe-answered-with-html", "html",
                        test_connect_probe_answered_badly);
  g_test_add_data_func ("/Mcp/Http/probe-answered-with-404", "404",
                        test_connect_probe_answered_badly);
  g_test_add_data_func ("/Mcp/Http/probe-answered-empty", "empty",
                        test_connect_probe_answered_badly);
  g_test_add_data_func ("/Mcp/Http/probe-not-answered", "vanish",
                        test_connect_probe_answered_badly);
  g_test_add_func ("/Mcp/Http/connect-no-path", test_connect_no_path);
  g_test_add_func ("/Mcp/Http/get-stream", test_get_stream);
  g_test_add_func ("/Mcp/Http/sse-echo", test_sse_echo);
  g_test_add_data_func ("/Mcp/Http/server-request-over-sse", "server-request",
                        test_server_request);
  g_test_add_data_func ("/Mcp/Http/server-request-over-get", "get-request",
                        test_server_request);
  g_test_add_func ("/Mcp/Http/custom-header", test_custom_header);
  g_test_add_func ("/Mcp/Http/own-session", test_own_session);
  g_test_add_func ("/Mcp/Http/legacy", test_legacy);
  g_test_add_func ("/Mcp/Http/connect-cancelled-when-answered",
                   test_connect_cancelled_when_answered);
  g_test_add_func ("/Mcp/Http/dispose-unclosed", test_dispose_unclosed);

  return http_test_run ();
}
