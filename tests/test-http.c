/* test-http.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The test suite of McpHttpTransport, run with McpClient against the
 * scripted server mcp-http-test-server.py. It covers the handshake with
 * JSON and with event stream answers, the session and protocol version
 * headers, the GET stream, server requests answered while a stream stays
 * open, custom headers, a server that forgets the session, resuming a
 * broken stream after the delay the server asked for, streams that break,
 * are noisy or too large, error statuses and wrong content types, the
 * DELETE that ends a session, the fallback to the 2024-11-05 HTTP+SSE
 * transport, and a server that disappears. The server records every HTTP
 * request it receives, so tests check what went over the wire with its
 * "requests" tool.
 *
 * Every test stops every server it starts, and checks that it is gone.
 */

#include <signal.h>
#include <string.h>

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

/* Calls must not hang until the default timeout of a minute; this one is
 * still long enough that a timeout never passes for a prompt failure. */
#define REQUEST_TIMEOUT_MS 15000
/* What "promptly" means for a failure. */
#define PROMPT_MS 3000
#define NOTIFICATION_TIMEOUT_MS 5000

static char *python_path;
static char *server_script;

/* ------------------------------------------------------------------------
 * Waiting (conditions for mcp_test_wait_until())
 * ------------------------------------------------------------------------ */

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* ------------------------------------------------------------------------
 * The test server
 * ------------------------------------------------------------------------ */

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *output;
  char             *url;
} Server;

static void
server_exited_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  gboolean *exited = user_data;

  g_assert_true (g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL));
  *exited = TRUE;
}

static void
server_free (Server *server)
{
  g_clear_object (&server->output);
  g_clear_object (&server->process);
  g_free (server->url);
  g_free (server);
}

/* Starts mcp-http-test-server.py with the given options and learns its
 * port from the first line of its output. */
static Server *
server_start (const char *first_arg,
              ...)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) argv = NULL;
  g_autofree char *line = NULL;
  Server *server = g_new0 (Server, 1);
  guint64 port = 0;
  va_list ap;

  g_strv_builder_add (builder, python_path);
  g_strv_builder_add (builder, server_script);
  va_start (ap, first_arg);
  for (const char *arg = first_arg; arg != NULL; arg = va_arg (ap, const char *))
    g_strv_builder_add (builder, arg);
  va_end (ap);
  argv = g_strv_builder_end (builder);

  /* Its stdin is never written: the server exits when it closes. */
  server->process = g_subprocess_newv ((const char * const *) argv,
                                       G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                       G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                       &error);
  g_assert_no_error (error);
  server->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->process));

  g_data_input_stream_read_line_async (server->output, G_PRIORITY_DEFAULT, NULL,
                                       mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the server's port");
  line = g_data_input_stream_read_line_finish_utf8 (server->output, result, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_ascii_string_to_unsigned (line, 10, 1, G_MAXUINT16, &port, &error));
  g_assert_no_error (error);

  server->url = g_strdup_printf ("http://127.0.0.1:%" G_GUINT64_FORMAT "/mcp", port);

  return server;
}

/* Waits for the server process to end; it must, within the safety time. */
static void
server_wait_gone (Server *server)
{
  gboolean exited = FALSE;

  g_subprocess_wait_async (server->process, NULL, server_exited_cb, &exited);
  if (!mcp_test_wait_until (is_true, &exited, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000))
    g_error ("The test server did not exit");
}

/* Ends the server the way it is meant to end (its stdin closes), checks
 * that it is gone, and frees it. */
static void
server_stop (Server *server)
{
  g_autoptr(GError) error = NULL;

  g_output_stream_close (g_subprocess_get_stdin_pipe (server->process), NULL, &error);
  g_assert_no_error (error);
  server_wait_gone (server);
  g_assert_true (g_subprocess_get_if_exited (server->process));
  g_assert_cmpint (g_subprocess_get_exit_status (server->process), ==, 0);

  server_free (server);
}

/* Kills the server without warning, and waits until it is gone. */
static void
server_kill (Server *server)
{
  g_subprocess_force_exit (server->process);
  server_wait_gone (server);
  g_assert_true (g_subprocess_get_if_signaled (server->process));
  g_assert_cmpint (g_subprocess_get_term_sig (server->process), ==, SIGKILL);
}

/* ------------------------------------------------------------------------
 * Clients
 * ------------------------------------------------------------------------ */

typedef struct
{
  McpHttpTransport *transport;
  McpClient        *client;
  GPtrArray        *log_data;   /* the data of each notifications/message */
} Client;

static void
on_notification (McpClient  *mcp_client,
                 const char *method,
                 JsonNode   *params,
                 Client     *client)
{
  const char *data = NULL;

  if (g_strcmp0 (method, "notifications/message") != 0)
    return;

  if (params != NULL && JSON_NODE_HOLDS_OBJECT (params))
    data = mcp_test_lookup_string (json_node_get_object (params), "data");
  g_ptr_array_add (client->log_data, g_strdup (data != NULL ? data : "(no data)"));
}

static guint
count_log_data (Client     *client,
                const char *data)
{
  guint count = 0;

  for (guint i = 0; i < client->log_data->len; i++)
    if (g_strcmp0 (client->log_data->pdata[i], data) == 0)
      count++;

  return count;
}

/* Creates a client of @server without connecting it. */
static Client *
client_new (Server *server)
{
  Client *client = g_new0 (Client, 1);

  client->transport = mcp_http_transport_new (server->url);
  client->client = mcp_client_new (MCP_TRANSPORT (client->transport));
  client->log_data = g_ptr_array_new_with_free_func (g_free);
  mcp_client_set_request_timeout (client->client, REQUEST_TIMEOUT_MS);
  g_signal_connect (client->client, "notification", G_CALLBACK (on_notification), client);

  return client;
}

static gboolean
client_connect (Client  *client,
                GError **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_connect_async (client->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "connect");

  return mcp_client_connect_finish (client->client, result, error);
}

static void
client_connect_or_fail (Client *client)
{
  g_autoptr(GError) error = NULL;

  client_connect (client, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (client->client), ==, MCP_CLIENT_STATE_READY);
}

static Client *
client_start (Server *server)
{
  Client *client = client_new (server);

  client_connect_or_fail (client);

  return client;
}

static void
client_close_finish (Client       *client,
                     GAsyncResult *result)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (mcp_client_close_finish (client->client, result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (client->client), ==, MCP_CLIENT_STATE_CLOSED);
}

static void
client_close (Client *client)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (client->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "close");
  client_close_finish (client, result);
}

/* Frees the client; once closed, nothing may keep its transport alive. */
static void
client_free (Client *client)
{
  McpHttpTransport *transport = client->transport;
  gboolean closed = mcp_client_get_state (client->client) == MCP_CLIENT_STATE_CLOSED;

  g_object_add_weak_pointer (G_OBJECT (transport), (gpointer *) &transport);
  g_signal_handlers_disconnect_by_func (client->client, on_notification, client);
  g_clear_object (&client->client);
  g_clear_object (&client->transport);
  g_clear_pointer (&client->log_data, g_ptr_array_unref);
  g_free (client);

  if (closed)
    g_assert_true (mcp_test_wait_until (is_null, &transport, 2000));
  else if (transport != NULL)
    g_object_remove_weak_pointer (G_OBJECT (transport), (gpointer *) &transport);
}

/* Closes the client (which must work) and frees it. */
static void
client_close_and_free (Client *client)
{
  client_close (client);
  client_free (client);
}

static gboolean
has_get_stream_notification (gpointer data)
{
  return count_log_data (data, "from GET stream") > 0;
}

static gboolean
has_two_get_stream_notifications (gpointer data)
{
  return count_log_data (data, "from GET stream") >= 2;
}

static void
assert_get_stream_works (Client *client)
{
  g_assert_true (mcp_test_wait_until (has_get_stream_notification, client,
                                      NOTIFICATION_TIMEOUT_MS));
}

/* ------------------------------------------------------------------------
 * Calling tools
 * ------------------------------------------------------------------------ */

static void
call_tool_async (Client              *client,
                 const char          *name,
                 const char          *arguments_json,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  g_autoptr(JsonObject) arguments = NULL;

  if (arguments_json != NULL)
    arguments = mcp_test_parse_object (arguments_json);

  mcp_client_call_tool_async (client->client, name, arguments, NULL, callback, user_data);
}

static McpToolResult *
call_tool (Client      *client,
           const char  *name,
           const char  *arguments_json,
           GError     **error)
{
  return mcp_test_call_tool (client->client, name, arguments_json, NULL, NULL, error);
}

static void
assert_io_error (const GError *error)
{
  g_assert_nonnull (error);
  g_assert_cmpstr (g_quark_to_string (error->domain), ==, g_quark_to_string (G_IO_ERROR));
}

/* Calls a tool that must fail, within PROMPT_MS, and returns the error. */
static GError *
call_tool_must_fail (Client     *client,
                     const char *name,
                     const char *arguments_json)
{
  g_autoptr(McpToolResult) result = NULL;
  GError *error = NULL;
  gint64 start = g_get_monotonic_time ();
  gint64 elapsed;

  result = call_tool (client, name, arguments_json, &error);
  elapsed = mcp_test_elapsed_ms (start);
  g_test_message ("%s failed after %" G_GINT64_FORMAT " ms: %s", name, elapsed,
                  error != NULL ? error->message : "(no error)");
  g_assert_null (result);
  g_assert_nonnull (error);
  g_assert_cmpint (elapsed, <, PROMPT_MS);
  /* A failure of its own, not the client giving up on a silent server. */
  g_assert_false (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT));

  return error;
}

static char *
call_tool_text (Client     *client,
                const char *name,
                const char *arguments_json)
{
  return mcp_test_call_tool_text (client->client, name, arguments_json);
}

static void
assert_echo_works (Client *client)
{
  mcp_test_assert_echo_works (client->client);
}

static JsonObject *
call_tool_structured (Client     *client,
                      const char *name,
                      const char *arguments_json)
{
  return mcp_test_call_tool_structured (client->client, name, arguments_json);
}

/* A call whose callback notes how often a given log notification had
 * arrived by the time it completed. */
typedef struct
{
  GAsyncResult *result;
  Client       *client;
  const char   *data;
  guint         seen_before;
} WatchedCall;

static void
watched_call_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  WatchedCall *call = user_data;

  g_assert_null (call->result);
  call->result = g_object_ref (result);
  call->seen_before = count_log_data (call->client, call->data);
}

/* Calls a tool that must succeed and returns its text; @seen_before is how
 * many notifications/message with @data had arrived when it completed. */
static char *
watched_call_text (Client     *client,
                   const char *name,
                   const char *arguments_json,
                   const char *data,
                   guint      *seen_before)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  WatchedCall call = { NULL, client, data, 0 };

  call_tool_async (client, name, arguments_json, watched_call_cb, &call);
  mcp_test_await_result (&call.result, name);
  result = mcp_client_call_tool_finish (client->client, call.result, &error);
  g_clear_object (&call.result);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  *seen_before = call.seen_before;

  return mcp_tool_result_dup_text (result);
}

/* ------------------------------------------------------------------------
 * What went over the wire
 * ------------------------------------------------------------------------ */

/* Every HTTP request the server received so far, the call asking for them
 * included (last). */
static JsonArray *
get_requests (Client *client)
{
  g_autoptr(JsonObject) structured = call_tool_structured (client, "requests", NULL);
  JsonNode *requests = json_object_get_member (structured, "requests");

  g_assert_nonnull (requests);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (requests));

  return json_array_ref (json_node_get_array (requests));
}

/* The same, asked through a new client, for when the first one is closed;
 * the new client's own requests come last. */
static JsonArray *
fetch_requests (Server *server)
{
  Client *client = client_start (server);
  JsonArray *requests = get_requests (client);

  client_close_and_free (client);

  return requests;
}

static JsonObject *
record_at (JsonArray *requests,
           guint      index)
{
  JsonNode *node = json_array_get_element (requests, index);

  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));

  return json_node_get_object (node);
}

static const char *
record_header (JsonObject *record,
               const char *name)
{
  JsonObject *headers = mcp_test_lookup_object (record, "headers");

  g_assert_nonnull (headers);

  return mcp_test_lookup_string (headers, name);
}

/* The JSON-RPC method of a recorded POST, or %NULL for a response. */
static const char *
record_rpc_method (JsonObject *record)
{
  return mcp_test_lookup_string (record, "body.method");
}

/* The status the server answered, or 0 if it has not answered yet (as for
 * the call asking for the record). */
static gint64
record_status (JsonObject *record)
{
  return mcp_test_lookup (record, "status") != NULL ? mcp_test_lookup_int_or_fail (record, "status") : 0;
}

/* The recorded requests with HTTP method @http_method, in order;
 * (transfer container). */
static GPtrArray *
find_records (JsonArray  *requests,
              const char *http_method)
{
  GPtrArray *found = g_ptr_array_new ();

  for (guint i = 0; i < json_array_get_length (requests); i++)
    {
      JsonObject *record = record_at (requests, i);

      if (g_strcmp0 (mcp_test_lookup_string (record, "method"), http_method) == 0)
        g_ptr_array_add (found, record);
    }

  return found;
}

/* The only recorded tools/call of the tool @name. */
static JsonObject *
find_tool_call (GPtrArray  *posts,
                const char *name,
                guint      *index)
{
  JsonObject *found = NULL;

  for (guint i = 0; i < posts->len; i++)
    if (g_strcmp0 (record_rpc_method (posts->pdata[i]), "tools/call") == 0 &&
        g_strcmp0 (mcp_test_lookup_string (posts->pdata[i], "body.params.name"), name) == 0)
      {
        g_assert_null (found);
        found = posts->pdata[i];
        if (index != NULL)
          *index = i;
      }

  g_assert_nonnull (found);

  return found;
}

/* Checks the headers every request of the session @session_id carries. */
static void
assert_session_headers (JsonObject *record,
                        const char *session_id)
{
  g_assert_cmpstr (record_header (record, "Mcp-Session-Id"), ==, session_id);
  g_assert_cmpstr (record_header (record, "MCP-Protocol-Version"), ==, "2025-11-25");
}

static void
assert_post_headers (JsonObject *record)
{
  g_assert_cmpstr (record_header (record, "Accept"), ==, "application/json, text/event-stream");
  g_assert_cmpstr (record_header (record, "Content-Type"), ==, "application/json");
}

/* ------------------------------------------------------------------------
 * Tests
 * ------------------------------------------------------------------------ */

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

static gboolean
reply_sampling_cb (McpClient        *mcp_client,
                   McpServerRequest *request,
                   guint            *count)
{
  g_autoptr(McpContent) content = mcp_content_new_text ("sampled over HTTP");

  (*count)++;
  mcp_server_request_reply_sampling (request, "test-model", content, "endTurn");

  return TRUE;
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
  /* The last value counts. */
  mcp_http_transport_set_header (client->transport, "Authorization", "Bearer expired");
  mcp_http_transport_set_header (client->transport, "Authorization", "Bearer t0k3n");
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
test_session_expiry (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  g_autofree char *old_session = NULL;
  g_autofree char *text = NULL;
  const char *new_session;
  JsonObject *record;
  JsonNode *first_id;
  Server *server;
  Client *client;
  guint i = 0;

  server = server_start (NULL);
  client = client_start (server);
  old_session = g_strdup (mcp_http_transport_get_session_id (client->transport));
  g_assert_nonnull (old_session);

  text = call_tool_text (client, "expire-session", NULL);
  g_assert_nonnull (strstr (text, old_session));

  /* The server forgot us: a new session is started, transparently. */
  assert_echo_works (client);
  new_session = mcp_http_transport_get_session_id (client->transport);
  g_assert_nonnull (new_session);
  g_assert_cmpstr (new_session, !=, old_session);
  g_assert_cmpint (mcp_client_get_state (client->client), ==, MCP_CLIENT_STATE_READY);

  requests = get_requests (client);
  posts = find_records (requests, "POST");
  find_tool_call (posts, "expire-session", &i);
  g_assert_cmpuint (posts->len, ==, i + 6);

  /* The echo, refused with the old session. */
  record = posts->pdata[i + 1];
  g_assert_cmpstr (mcp_test_lookup_string (record, "body.params.name"), ==, "echo");
  g_assert_cmpstr (record_header (record, "Mcp-Session-Id"), ==, old_session);
  g_assert_cmpint (record_status (record), ==, 404);
  first_id = mcp_test_lookup (record, "body.id");

  /* The handshake again, without a session id, then in the new one. */
  record = posts->pdata[i + 2];
  g_assert_cmpstr (record_rpc_method (record), ==, "initialize");
  g_assert_null (record_header (record, "Mcp-Session-Id"));
  g_assert_cmpstr (mcp_test_lookup_string (record, "assigned_session"), ==, new_session);
  g_assert_cmpint (record_status (record), ==, 200);
  /* The same handshake as the first time. */
  g_assert_cmpstr (record_rpc_method (posts->pdata[0]), ==, "initialize");
  g_assert_true (json_node_equal (mcp_test_lookup (record, "body.params"),
                                  mcp_test_lookup (posts->pdata[0], "body.params")));

  record = posts->pdata[i + 3];
  g_assert_cmpstr (record_rpc_method (record), ==, "notifications/initialized");
  assert_session_headers (record, new_session);
  g_assert_cmpint (record_status (record), ==, 202);

  /* The same echo again, in the new session. */
  record = posts->pdata[i + 4];
  g_assert_cmpstr (mcp_test_lookup_string (record, "body.params.name"), ==, "echo");
  g_assert_true (json_node_equal (mcp_test_lookup (record, "body.id"), first_id));
  assert_session_headers (record, new_session);
  g_assert_cmpint (record_status (record), ==, 200);

  record = posts->pdata[i + 5];
  g_assert_cmpstr (mcp_test_lookup_string (record, "body.params.name"), ==, "requests");
  assert_session_headers (record, new_session);

  client_close_and_free (client);
  server_stop (server);
}

/* Several calls find the session gone at once: one new session serves
 * them all. */
static void
test_session_expiry_concurrent (void)
{
  GAsyncResult *results[3] = { NULL, };
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  g_autofree char *text = NULL;
  const char *new_session;
  Server *server;
  Client *client;
  guint n_initialize = 0;
  guint n_initialized = 0;
  guint n_answered = 0;
  guint first = 0;
  guint i;

  server = server_start (NULL);
  client = client_start (server);
  text = call_tool_text (client, "expire-session", NULL);

  for (i = 0; i < G_N_ELEMENTS (results); i++)
    {
      g_autofree char *arguments = g_strdup_printf ("{\"text\":\"echo %u\"}", i);

      call_tool_async (client, "echo", arguments, mcp_test_store_result_cb, &results[i]);
    }
  for (i = 0; i < G_N_ELEMENTS (results); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(McpToolResult) result = NULL;
      g_autofree char *expected = g_strdup_printf ("echo %u", i);
      g_autofree char *echoed = NULL;

      mcp_test_await_result (&results[i], "echo");
      result = mcp_client_call_tool_finish (client->client, results[i], &error);
      g_clear_object (&results[i]);
      g_assert_no_error (error);
      echoed = mcp_tool_result_dup_text (result);
      g_assert_cmpstr (echoed, ==, expected);
    }

  new_session = mcp_http_transport_get_session_id (client->transport);
  requests = get_requests (client);
  posts = find_records (requests, "POST");
  find_tool_call (posts, "expire-session", &first);
  for (i = first + 1; i < posts->len; i++)
    {
      JsonObject *record = posts->pdata[i];
      const char *method = record_rpc_method (record);

      g_test_message ("%s %s, session %s: %" G_GINT64_FORMAT,
                      method, mcp_test_lookup_string (record, "body.params.arguments.text"),
                      record_header (record, "Mcp-Session-Id"), record_status (record));
      if (g_strcmp0 (method, "initialize") == 0)
        n_initialize++;
      else if (g_strcmp0 (method, "notifications/initialized") == 0)
        n_initialized++;
      else if (record_status (record) == 200)
        n_answered++;
    }
  g_assert_cmpuint (n_initialize, ==, 1);
  g_assert_cmpuint (n_initialized, ==, 1);
  g_assert_cmpuint (n_answered, ==, G_N_ELEMENTS (results));

  /* All in the one new session. */
  for (i = first + 1; i < posts->len; i++)
    {
      JsonObject *record = posts->pdata[i];

      if (g_strcmp0 (record_rpc_method (record), "initialize") == 0)
        g_assert_cmpstr (mcp_test_lookup_string (record, "assigned_session"), ==, new_session);
      else if (record_status (record) != 404)
        assert_session_headers (record, new_session);
    }

  client_close_and_free (client);
  server_stop (server);
}

/* The GET stream ends with the session, and its reconnection is refused;
 * the new session has a GET stream again. */
static void
test_session_expiry_get_stream (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) gets = NULL;
  g_autofree char *text = NULL;
  const char *new_session;
  gboolean reopened = FALSE;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_start (server);
  assert_get_stream_works (client);

  text = call_tool_text (client, "expire-session", NULL);
  /* Long enough for the GET stream to try again (after a second), and to
   * be refused. */
  mcp_test_iterate_for (2500);
  assert_echo_works (client);

  new_session = mcp_http_transport_get_session_id (client->transport);
  mcp_test_wait_until (has_two_get_stream_notifications, client, NOTIFICATION_TIMEOUT_MS);

  requests = get_requests (client);
  gets = find_records (requests, "GET");
  for (guint i = 0; i < gets->len; i++)
    {
      g_test_message ("GET with session %s: %" G_GINT64_FORMAT,
                      record_header (gets->pdata[i], "Mcp-Session-Id"),
                      record_status (gets->pdata[i]));
      if (g_strcmp0 (record_header (gets->pdata[i], "Mcp-Session-Id"), new_session) == 0 &&
          record_status (gets->pdata[i]) == 200)
        reopened = TRUE;
    }
  g_assert_true (reopened);
  g_assert_cmpuint (count_log_data (client, "from GET stream"), ==, 2);

  client_close_and_free (client);
  server_stop (server);
}

static void
test_resume (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) gets = NULL;
  g_autofree char *text = NULL;
  JsonObject *record = NULL;
  gint64 delay;
  Server *server;
  Client *client;

  /* Without a GET stream of its own, every GET is a resumption. */
  server = server_start ("--no-get", NULL);
  client = client_start (server);

  text = call_tool_text (client, "resume", NULL);
  g_assert_cmpstr (text, ==, "resumed");

  requests = get_requests (client);
  gets = find_records (requests, "GET");
  for (guint i = 0; i < gets->len; i++)
    if (record_header (gets->pdata[i], "Last-Event-ID") != NULL)
      {
        g_assert_null (record);
        record = gets->pdata[i];
      }
  g_assert_nonnull (record);
  g_assert_cmpstr (record_header (record, "Last-Event-ID"), ==, "ev-1");
  g_assert_cmpstr (record_header (record, "Accept"), ==, "text/event-stream");
  assert_session_headers (record, mcp_http_transport_get_session_id (client->transport));
  g_assert_cmpint (record_status (record), ==, 200);

  /* The server asked for 300 ms with retry:. */
  delay = mcp_test_lookup_int_or_fail (record, "resume_delay_ms");
  g_test_message ("Resumed after %" G_GINT64_FORMAT " ms", delay);
  g_assert_cmpint (delay, >=, 250);
  g_assert_cmpint (delay, <, 5000);

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

static void
test_drop (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_start (server);

  error = call_tool_must_fail (client, "drop", NULL);
  assert_io_error (error);

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

static void
test_bad_sse (void)
{
  g_autofree char *text = NULL;
  Server *server;
  Client *client;
  guint seen_before = 0;

  server = server_start ("--no-get", NULL);
  client = client_start (server);

  text = watched_call_text (client, "bad-sse", NULL, "bad-sse: multi-line", &seen_before);
  g_assert_cmpstr (text, ==, "survived the noise");
  g_assert_cmpuint (seen_before, ==, 1);
  g_assert_cmpuint (count_log_data (client, "bad-sse: split"), ==, 1);
  g_assert_cmpuint (client->log_data->len, ==, 2);

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

/* A server may keep a stream open after the answer: the client must not,
 * or every such call holds a connection for good. */
static void
test_linger (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  g_autofree char *text = NULL;
  JsonObject *record;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_start (server);

  text = call_tool_text (client, "linger", "{\"ms\":20000}");
  g_assert_cmpstr (text, ==, "lingering");
  mcp_test_iterate_for (1000);

  requests = get_requests (client);
  posts = find_records (requests, "POST");
  record = find_tool_call (posts, "linger", NULL);
  g_assert_nonnull (mcp_test_lookup (record, "hung_up_after_ms"));
  g_assert_cmpint (mcp_test_lookup_int_or_fail (record, "hung_up_after_ms"), <, 1000);

  client_close_and_free (client);
  server_stop (server);
}

static void
test_huge_event (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_new (server);
  mcp_http_transport_set_max_message_size (client->transport, 64 * 1024);
  g_assert_cmpuint (mcp_http_transport_get_max_message_size (client->transport), ==,
                    64 * 1024);
  client_connect_or_fail (client);

  /* Below the limit. */
  text = call_tool_text (client, "huge-event", "{\"bytes\":32768}");
  g_assert_cmpuint (strlen (text), >, 32000);

  error = call_tool_must_fail (client, "huge-event", "{\"bytes\":1048576}");
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_clear_error (&error);
  assert_echo_works (client);

  /* The same with a JSON body rather than an event. */
  g_clear_pointer (&text, g_free);
  text = call_tool_text (client, "huge-event", "{\"bytes\":32768,\"json\":true}");
  g_assert_cmpuint (strlen (text), >, 32000);

  error = call_tool_must_fail (client, "huge-event", "{\"bytes\":1048576,\"json\":true}");
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

static void
test_html (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_start (server);

  error = call_tool_must_fail (client, "html", NULL);
  assert_io_error (error);
  g_assert_nonnull (strstr (error->message, "text/html"));

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

static void
test_status (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_start (server);

  error = call_tool_must_fail (client, "status", "{\"code\":500}");
  assert_io_error (error);
  g_assert_nonnull (strstr (error->message, "500"));
  g_clear_error (&error);
  assert_echo_works (client);

  error = call_tool_must_fail (client, "status", "{\"code\":401}");
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, "401"));
  g_clear_error (&error);
  assert_echo_works (client);

  error = call_tool_must_fail (client, "status", "{\"code\":403}");
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);
  assert_echo_works (client);

  client_close_and_free (client);
  server_stop (server);
}

typedef struct
{
  GAsyncResult *result;
  McpTransport *transport;
  gboolean      transport_closed;
} ClosedNote;

/* Notes whether the transport was closed when a close completed. */
static void
close_noted_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ClosedNote *note = user_data;

  g_assert_null (note->result);
  note->result = g_object_ref (result);
  note->transport_closed = mcp_transport_is_closed (note->transport);
}

static void
test_close_deletes (void)
{
  ClosedNote closes[2] = { { NULL, }, };
  g_autoptr(GAsyncResult) third = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) deletes = NULL;
  g_autofree char *session_id = NULL;
  JsonObject *record = NULL;
  Server *server;
  Client *client;

  /* A slow DELETE, so that the second close surely comes while the first
   * is under way. */
  server = server_start ("--delete-delay", "300", NULL);
  client = client_start (server);
  session_id = g_strdup (mcp_http_transport_get_session_id (client->transport));
  assert_get_stream_works (client);

  /* Two closes at once: each completes once the transport is closed.
   * Then one more, and the transport's own. */
  closes[0].transport = closes[1].transport = MCP_TRANSPORT (client->transport);
  mcp_client_close_async (client->client, NULL, close_noted_cb, &closes[0]);
  mcp_client_close_async (client->client, NULL, close_noted_cb, &closes[1]);
  for (guint i = 0; i < G_N_ELEMENTS (closes); i++)
    {
      mcp_test_await_result (&closes[i].result, "close");
      client_close_finish (client, closes[i].result);
      g_clear_object (&closes[i].result);
      g_assert_true (closes[i].transport_closed);
    }
  client_close (client);

  mcp_transport_close_async (MCP_TRANSPORT (client->transport), NULL, mcp_test_store_result_cb,
                             &third);
  mcp_test_await_result (&third, "transport close");
  g_assert_true (mcp_transport_close_finish (MCP_TRANSPORT (client->transport), third, &error));
  g_assert_no_error (error);
  g_assert_true (mcp_transport_is_closed (MCP_TRANSPORT (client->transport)));
  g_clear_object (&third);
  client_free (client);

  requests = fetch_requests (server);
  deletes = find_records (requests, "DELETE");
  for (guint i = 0; i < deletes->len; i++)
    if (g_strcmp0 (record_header (deletes->pdata[i], "Mcp-Session-Id"), session_id) == 0)
      {
        g_assert_null (record);
        record = deletes->pdata[i];
      }
  g_assert_nonnull (record);
  g_assert_cmpstr (mcp_test_lookup_string (record, "path"), ==, "/mcp");
  assert_session_headers (record, session_id);
  g_assert_cmpint (record_status (record), ==, 204);

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

/* A legacy server must not send the client, and its credentials, to
 * another origin. */
static void
test_legacy_foreign_endpoint (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *endpoint = NULL;
  Server *foreign;
  Server *server;
  Client *client;
  gint64 start;

  foreign = server_start (NULL);
  g_assert_true (g_str_has_suffix (foreign->url, "/mcp"));
  endpoint = g_strdup_printf ("%.*s/messages?session=stolen",
                              (int) strlen (foreign->url) - 4, foreign->url);
  server = server_start ("--legacy", "--legacy-endpoint", endpoint, NULL);

  client = client_new (server);
  mcp_http_transport_set_header (client->transport, "Authorization", "Bearer t0k3n");
  mcp_client_set_connect_timeout (client->client, 2 * PROMPT_MS);
  start = g_get_monotonic_time ();
  g_assert_false (client_connect (client, &error));
  g_test_message ("Connecting failed after %" G_GINT64_FORMAT " ms: %s",
                  mcp_test_elapsed_ms (start), error->message);
  assert_io_error (error);
  g_assert_false (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT));
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, PROMPT_MS);
  client_free (client);

  /* Nothing reached the other server but the requests of fetch_requests(). */
  requests = fetch_requests (foreign);
  for (guint i = 0; i < json_array_get_length (requests); i++)
    {
      JsonObject *record = record_at (requests, i);

      g_assert_cmpstr (mcp_test_lookup_string (record, "path"), ==, "/mcp");
      g_assert_null (record_header (record, "Authorization"));
    }

  server_stop (server);
  server_stop (foreign);
}

static void
test_server_gone (void)
{
  g_autoptr(GAsyncResult) slow = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;
  gint64 start;

  server = server_start (NULL);
  client = client_start (server);
  assert_get_stream_works (client);

  /* A call in flight when the server dies fails at once... */
  call_tool_async (client, "slow-json", "{\"ms\":20000}", mcp_test_store_result_cb, &slow);
  mcp_test_iterate_for (200);
  g_assert_null (slow);
  server_kill (server);

  start = g_get_monotonic_time ();
  mcp_test_await_result (&slow, "slow-json");
  result = mcp_client_call_tool_finish (client->client, slow, &error);
  g_clear_object (&slow);
  g_test_message ("The call in flight failed after %" G_GINT64_FORMAT " ms: %s",
                  mcp_test_elapsed_ms (start), error != NULL ? error->message : "(no error)");
  g_assert_null (result);
  g_assert_nonnull (error);
  g_assert_false (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT));
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, PROMPT_MS);
  g_clear_error (&error);

  /* ... and so do later ones. */
  error = call_tool_must_fail (client, "echo", "{\"text\":\"anyone?\"}");
  assert_io_error (error);

  client_close_and_free (client);
  server_free (server);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  python_path = g_find_program_in_path ("python3");
  server_script = g_test_build_filename (G_TEST_DIST, "mcp-http-test-server.py", NULL);

  /* The whole suite is skipped, in TAP terms, without a Python. */
  if (python_path == NULL)
    {
      g_print ("1..0 # SKIP python3 is needed to run the test server\n");
      g_free (server_script);
      return 0;
    }

  g_test_add_data_func ("/Mcp/Http/connect-json", NULL, test_connect);
  g_test_add_data_func ("/Mcp/Http/connect-sse", "--sse", test_connect);
  g_test_add_func ("/Mcp/Http/get-stream", test_get_stream);
  g_test_add_func ("/Mcp/Http/sse-echo", test_sse_echo);
  g_test_add_data_func ("/Mcp/Http/server-request-over-sse", "server-request",
                        test_server_request);
  g_test_add_data_func ("/Mcp/Http/server-request-over-get", "get-request",
                        test_server_request);
  g_test_add_func ("/Mcp/Http/custom-header", test_custom_header);
  g_test_add_func ("/Mcp/Http/session-expiry", test_session_expiry);
  g_test_add_func ("/Mcp/Http/session-expiry-concurrent", test_session_expiry_concurrent);
  g_test_add_func ("/Mcp/Http/session-expiry-get-stream", test_session_expiry_get_stream);
  g_test_add_func ("/Mcp/Http/resume", test_resume);
  g_test_add_func ("/Mcp/Http/drop", test_drop);
  g_test_add_func ("/Mcp/Http/bad-sse", test_bad_sse);
  g_test_add_func ("/Mcp/Http/linger", test_linger);
  g_test_add_func ("/Mcp/Http/huge-event", test_huge_event);
  g_test_add_func ("/Mcp/Http/html", test_html);
  g_test_add_func ("/Mcp/Http/status", test_status);
  g_test_add_func ("/Mcp/Http/close-deletes", test_close_deletes);
  g_test_add_func ("/Mcp/Http/legacy", test_legacy);
  g_test_add_func ("/Mcp/Http/legacy-foreign-endpoint", test_legacy_foreign_endpoint);
  g_test_add_func ("/Mcp/Http/dispose-unclosed", test_dispose_unclosed);
  g_test_add_func ("/Mcp/Http/server-gone", test_server_gone);

  ret = g_test_run ();

  g_free (python_path);
  g_free (server_script);

  return ret;
}
