/* mcp-http-test-util.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the test programs of McpHttpTransport (test-http-*.c) share: the
 * scripted server mcp-http-test-server.py, started and stopped for each
 * test; clients of it; calling its tools; reading its record of every
 * HTTP request it received, to check what went over the wire; and the
 * same for its --stateless mode, the revision 2026-07-28.
 */

#include <signal.h>
#include <string.h>

#include "mcp-http-test-util.h"

#define META_VERSION "io.modelcontextprotocol/protocolVersion"

static char *python_path;
static char *server_script;

gboolean
http_test_init (int    *argc,
                char ***argv)
{
  g_test_init (argc, argv, NULL);
  mcp_test_init ();

  python_path = mcp_test_find_python ();
  server_script = g_test_build_filename (G_TEST_DIST, "mcp-http-test-server.py", NULL);

  /* The whole program is skipped, in TAP terms, without a Python. */
  if (python_path == NULL)
    {
      g_print ("1..0 # SKIP python3 is needed to run the test server\n");
      g_clear_pointer (&server_script, g_free);
      return FALSE;
    }

  return TRUE;
}

int
http_test_run (void)
{
  int ret = g_test_run ();

  g_clear_pointer (&python_path, g_free);
  g_clear_pointer (&server_script, g_free);

  return ret;
}

/* ------------------------------------------------------------------------
 * Waiting (conditions for mcp_test_wait_until())
 * ------------------------------------------------------------------------ */

gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* ------------------------------------------------------------------------
 * The test server
 * ------------------------------------------------------------------------ */


static void
server_exited_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  gboolean *exited = user_data;

  g_assert_true (g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL));
  *exited = TRUE;
}

void
server_free (Server *server)
{
  g_clear_object (&server->output);
  g_clear_object (&server->process);
  g_free (server->url);
  g_free (server);
}

/* Starts mcp-http-test-server.py with the given options and learns its
 * port from the first line of its output. */
Server *
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
void
server_wait_gone (Server *server)
{
  gboolean exited = FALSE;

  g_subprocess_wait_async (server->process, NULL, server_exited_cb, &exited);
  if (!mcp_test_wait_until (is_true, &exited, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000))
    g_error ("The test server did not exit");
}

/* Ends the server the way it is meant to end (its stdin closes), checks
 * that it is gone, and frees it. */
void
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
void
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

guint
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
Client *
client_new (Server *server)
{
  Client *client = g_new0 (Client, 1);

  client->transport = mcp_http_transport_new (server->url);
  client->client = mcp_client_new (MCP_TRANSPORT (client->transport));
  /* The scripted server speaks the legacy revisions: the tests check their
   * handshake exactly (the probe that finds that out has tests of its own). */
  mcp_client_set_version_negotiation (client->client, MCP_VERSION_NEGOTIATION_LEGACY);
  client->log_data = g_ptr_array_new_with_free_func (g_free);
  mcp_client_set_request_timeout (client->client, REQUEST_TIMEOUT_MS);
  g_signal_connect (client->client, "notification", G_CALLBACK (on_notification), client);

  return client;
}

gboolean
client_connect (Client  *client,
                GError **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_connect_async (client->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "connect");

  return mcp_client_connect_finish (client->client, result, error);
}

void
client_connect_or_fail (Client *client)
{
  g_autoptr(GError) error = NULL;

  client_connect (client, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (client->client), ==, MCP_CLIENT_STATE_READY);
}

Client *
client_start (Server *server)
{
  Client *client = client_new (server);

  client_connect_or_fail (client);

  return client;
}

void
client_close_finish (Client       *client,
                     GAsyncResult *result)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (mcp_client_close_finish (client->client, result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (client->client), ==, MCP_CLIENT_STATE_CLOSED);
}

void
client_close (Client *client)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (client->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "close");
  client_close_finish (client, result);
}

/* Frees the client; once closed, nothing may keep its transport alive. */
void
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
void
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

gboolean
has_two_get_stream_notifications (gpointer data)
{
  return count_log_data (data, "from GET stream") >= 2;
}

void
assert_get_stream_works (Client *client)
{
  g_assert_true (mcp_test_wait_until (has_get_stream_notification, client,
                                      NOTIFICATION_TIMEOUT_MS));
}

/* ------------------------------------------------------------------------
 * Calling tools
 * ------------------------------------------------------------------------ */

void
call_tool_async (Client              *client,
                 const char          *name,
                 const char          *arguments_json,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  g_autoptr(JsonObject) arguments = NULL;

  if (arguments_json != NULL)
    arguments = mcp_test_parse_object (arguments_json);

  mcp_client_call_tool_async (client->client, name, arguments, NULL, NULL, callback, user_data);
}

McpToolResult *
call_tool (Client      *client,
           const char  *name,
           const char  *arguments_json,
           GError     **error)
{
  return mcp_test_call_tool (client->client, name, arguments_json, NULL, NULL, error);
}

void
assert_io_error (const GError *error)
{
  g_assert_nonnull (error);
  g_assert_cmpstr (g_quark_to_string (error->domain), ==, g_quark_to_string (G_IO_ERROR));
}

/* Calls a tool that must fail, within PROMPT_MS, and returns the error. */
GError *
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

char *
call_tool_text (Client     *client,
                const char *name,
                const char *arguments_json)
{
  return mcp_test_call_tool_text (client->client, name, arguments_json);
}

void
assert_echo_works (Client *client)
{
  mcp_test_assert_echo_works (client->client);
}

JsonObject *
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
char *
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

/* Answers a sampling request; counts them in @count, if not %NULL. */
gboolean
reply_sampling_cb (McpClient        *mcp_client,
                   McpServerRequest *request,
                   guint            *count)
{
  g_autoptr(McpContent) content = mcp_content_new_text ("sampled over HTTP");

  if (count != NULL)
    (*count)++;
  mcp_server_request_reply_sampling (request, "test-model", content, "endTurn");

  return TRUE;
}

/* ------------------------------------------------------------------------
 * What went over the wire
 * ------------------------------------------------------------------------ */

/* Every HTTP request the server received so far, the call asking for them
 * included (last). */
JsonArray *
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
JsonArray *
fetch_requests (Server *server)
{
  Client *client = client_start (server);
  JsonArray *requests = get_requests (client);

  client_close_and_free (client);

  return requests;
}

JsonObject *
record_at (JsonArray *requests,
           guint      index)
{
  JsonNode *node = json_array_get_element (requests, index);

  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));

  return json_node_get_object (node);
}

const char *
record_header (JsonObject *record,
               const char *name)
{
  JsonObject *headers = mcp_test_lookup_object (record, "headers");

  g_assert_nonnull (headers);

  return mcp_test_lookup_string (headers, name);
}

/* The JSON-RPC method of a recorded POST, or %NULL for a response. */
const char *
record_rpc_method (JsonObject *record)
{
  return mcp_test_lookup_string (record, "body.method");
}

/* The status the server answered, or 0 if it has not answered yet (as for
 * the call asking for the record). */
gint64
record_status (JsonObject *record)
{
  return mcp_test_lookup (record, "status") != NULL ? mcp_test_lookup_int_or_fail (record, "status") : 0;
}

/* The recorded requests with HTTP method @http_method, in order;
 * (transfer container). */
GPtrArray *
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
JsonObject *
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
void
assert_session_headers (JsonObject *record,
                        const char *session_id)
{
  g_assert_cmpstr (record_header (record, "Mcp-Session-Id"), ==, session_id);
  g_assert_cmpstr (record_header (record, "MCP-Protocol-Version"), ==, "2025-11-25");
}

void
assert_post_headers (JsonObject *record)
{
  g_assert_cmpstr (record_header (record, "Accept"), ==, "application/json, text/event-stream");
  g_assert_cmpstr (record_header (record, "Content-Type"), ==, "application/json");
}

/* ------------------------------------------------------------------------
 * The stateless revision (the server's --stateless mode)
 * ------------------------------------------------------------------------ */

/* Starts the server in its --stateless mode, with @option (or %NULL). */
Server *
stateless_server_start (const char *option)
{
  return server_start ("--stateless", "--session-id", OFFERED_SESSION, option, NULL);
}

/* A client that finds out the server's era by itself, as by default. */
Client *
auto_client_new (Server *server)
{
  Client *client = client_new (server);

  mcp_client_set_version_negotiation (client->client, MCP_VERSION_NEGOTIATION_AUTO);

  return client;
}

Client *
stateless_client_start (Server *server)
{
  Client *client = auto_client_new (server);

  client_connect_or_fail (client);
  g_assert_true (mcp_client_get_stateless (client->client));
  g_assert_cmpstr (mcp_client_get_protocol_version (client->client), ==, STATELESS_VERSION);

  return client;
}

/* Every HTTP request the server received, asked through a new client. */
JsonArray *
stateless_fetch_requests (Server *server)
{
  Client *client = stateless_client_start (server);
  JsonArray *requests = get_requests (client);

  client_close_and_free (client);

  return requests;
}

const char *
record_meta_version (JsonObject *record)
{
  JsonObject *meta = mcp_test_lookup_object (record, "body.params._meta");

  return meta != NULL && json_object_has_member (meta, META_VERSION)
         ? json_object_get_string_member (meta, META_VERSION) : NULL;
}

/* A header value with the base64 sentinel decoded. */
static char *
decode_header (const char *value)
{
  gsize len;
  g_autofree char *encoded = NULL;
  g_autofree guchar *decoded = NULL;

  if (value == NULL || !g_str_has_prefix (value, "=?base64?") || !g_str_has_suffix (value, "?="))
    return g_strdup (value);

  encoded = g_strndup (value + strlen ("=?base64?"),
                       strlen (value) - strlen ("=?base64?") - strlen ("?="));
  decoded = g_base64_decode (encoded, &len);
  return g_strndup ((const char *) decoded, len);
}

/* Checks what every POST of a stateless session carries: the version of
 * its _meta in MCP-Protocol-Version, its method in Mcp-Method, what it is
 * about in Mcp-Name (for the three methods that have one), and no session
 * id, whatever the server offered. */
void
assert_stateless_post (JsonObject *record)
{
  const char *method = record_rpc_method (record);
  const char *name = NULL;

  g_assert_cmpstr (mcp_test_lookup_string (record, "method"), ==, "POST");
  assert_post_headers (record);
  g_assert_nonnull (method);
  g_assert_cmpstr (record_meta_version (record), ==, STATELESS_VERSION);
  g_assert_cmpstr (record_header (record, "MCP-Protocol-Version"), ==, STATELESS_VERSION);
  g_assert_cmpstr (record_header (record, "Mcp-Method"), ==, method);
  g_assert_null (record_header (record, "Mcp-Session-Id"));

  if (g_str_equal (method, "tools/call") || g_str_equal (method, "prompts/get"))
    name = mcp_test_lookup_string (record, "body.params.name");
  else if (g_str_equal (method, "resources/read"))
    name = mcp_test_lookup_string (record, "body.params.uri");

  if (name != NULL)
    {
      g_autofree char *decoded = decode_header (record_header (record, "Mcp-Name"));

      g_assert_cmpstr (decoded, ==, name);
    }
  else
    g_assert_null (record_header (record, "Mcp-Name"));
}

/* Checks that everything the server received was a POST of a stateless
 * session: no GET stream, no DELETE, no notifications/cancelled. */
void
assert_all_stateless (JsonArray *requests)
{
  for (guint i = 0; i < json_array_get_length (requests); i++)
    {
      JsonObject *record = record_at (requests, i);

      assert_stateless_post (record);
      g_assert_cmpstr (record_rpc_method (record), !=, "notifications/cancelled");
    }
}

/* How many requests of @method (and, for tools/call, of the tool @name)
 * the server received. */
guint
count_rpc (JsonArray  *requests,
           const char *method,
           const char *name)
{
  guint count = 0;

  for (guint i = 0; i < json_array_get_length (requests); i++)
    {
      JsonObject *record = record_at (requests, i);

      if (g_strcmp0 (record_rpc_method (record), method) == 0 &&
          (name == NULL || g_strcmp0 (mcp_test_lookup_string (record, "body.params.name"),
                                      name) == 0))
        count++;
    }

  return count;
}

/* The @nth (from 0) request of @method and tool @name, or %NULL. */
JsonObject *
find_rpc (JsonArray  *requests,
          const char *method,
          const char *name,
          guint       nth)
{
  for (guint i = 0; i < json_array_get_length (requests); i++)
    {
      JsonObject *record = record_at (requests, i);

      if (g_strcmp0 (record_rpc_method (record), method) == 0 &&
          (name == NULL || g_strcmp0 (mcp_test_lookup_string (record, "body.params.name"),
                                      name) == 0) &&
          nth-- == 0)
        return record;
    }

  return NULL;
}

/* Asks the server for its records until @done says they are complete. */
JsonArray *
await_records (Client   *client,
               gboolean (*done) (JsonArray *requests, gpointer data),
               gpointer  data)
{
  gint64 start = g_get_monotonic_time ();

  for (;;)
    {
      g_autoptr(JsonArray) requests = get_requests (client);

      if (done (requests, data))
        return g_steal_pointer (&requests);
      if (mcp_test_elapsed_ms (start) > MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000)
        g_error ("The server's records never became what the test waits for");
      mcp_test_iterate_for (100);
    }
}
