/* test-http-stateless.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Streamable HTTP in the stateless revision 2026-07-28, against the
 * --stateless mode of mcp-http-test-server.py (mcp_http_stateless.py),
 * which checks the headers of every request as a server must and offers a
 * session id the client must ignore: the probe and its fallbacks to the
 * older transports; the headers of every POST (MCP-Protocol-Version, the
 * method, the name, the Mcp-Param-* headers of x-mcp-header annotations);
 * tools whose annotations are invalid; header mismatches and missing
 * capabilities; cancelling by closing the stream; broken streams, never
 * resumed; and servers that try to make the client use memory without
 * bound. What went over the wire is read from the server's record of every
 * HTTP request. subscriptions/listen has test-http-listen.c.
 */

#include <string.h>

#include "mcp-http-test-util.h"

/* ------------------------------------------------------------------------
 * The probe
 * ------------------------------------------------------------------------ */

/* A stateless server: the DiscoverResult is all there is to connecting. */
static void
test_probe_stateless (void)
{
  g_autoptr(JsonArray) requests = NULL;
  JsonObject *capabilities;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);

  g_assert_cmpstr (mcp_implementation_get_name (mcp_client_get_server_info (client->client)), ==,
                   "mcp-http-stateless-server");
  g_assert_cmpstr (mcp_client_get_instructions (client->client), ==, "Call echo.");
  capabilities = mcp_client_get_server_capabilities (client->client);
  g_assert_true (json_object_has_member (capabilities, "tools"));
  g_assert_true (json_object_has_member (capabilities, "prompts"));
  /* Offered with every answer, never taken. */
  g_assert_null (mcp_http_transport_get_session_id (client->transport));
  assert_echo_works (client);

  requests = get_requests (client);
  g_assert_cmpstr (record_rpc_method (record_at (requests, 0)), ==, "server/discover");
  g_assert_cmpuint (count_rpc (requests, "server/discover", NULL), ==, 1);
  g_assert_cmpuint (count_rpc (requests, "initialize", NULL), ==, 0);
  assert_all_stateless (requests);

  client_close_and_free (client);
  g_clear_pointer (&requests, json_array_unref);

  /* Closing sent nothing: no DELETE, nothing in a session. */
  requests = stateless_fetch_requests (server);
  assert_all_stateless (requests);
  server_stop (server);
}

/* -32022 in a 400 body names the versions the server speaks: the probe is
 * made once more with one of them, never a third time, and never falls
 * back to initialize. @data is the server's option. */
static void
test_probe_refused (gconstpointer data)
{
  g_autoptr(JsonArray) requests = NULL;
  Server *server;
  Client *client;

  server = server_start ("--stateless", "--session-id", OFFERED_SESSION,
                         "--refuse-version", "1", data, NULL);
  client = stateless_client_start (server);
  assert_echo_works (client);
  requests = get_requests (client);
  client_close_and_free (client);

  g_assert_cmpuint (count_rpc (requests, "server/discover", NULL), ==, 2);
  g_assert_cmpint (record_status (find_rpc (requests, "server/discover", NULL, 0)), ==, 400);
  g_assert_cmpint (record_status (find_rpc (requests, "server/discover", NULL, 1)), ==, 200);
  g_assert_cmpuint (count_rpc (requests, "initialize", NULL), ==, 0);
  assert_all_stateless (requests);

  server_stop (server);
}

/* A server that refuses every version, even one it lists, fails the
 * connect after the second probe. */
static void
test_probe_refused_always (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = server_start ("--stateless", "--refuse-version", "2", NULL);
  client = auto_client_new (server);
  g_assert_false (client_connect (client, &error));
  g_test_message ("Connecting failed: %s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "refused MCP protocol version “" STATELESS_VERSION
                                            "”"));
  client_free (client);

  /* The third probe is that of the client asking for the records. */
  requests = stateless_fetch_requests (server);
  g_assert_cmpuint (count_rpc (requests, "server/discover", NULL), ==, 3);
  g_assert_cmpint (record_status (find_rpc (requests, "server/discover", NULL, 1)), ==, 400);
  g_assert_cmpint (record_status (find_rpc (requests, "server/discover", NULL, 2)), ==, 200);
  g_assert_cmpuint (count_rpc (requests, "initialize", NULL), ==, 0);
  server_stop (server);
}

/* A stateless server slow to answer the probe gets initialize beside it,
 * which it refuses with 400 and -32022 in the body: an answer of the
 * Streamable HTTP transport, no reason to try HTTP+SSE. The probe's
 * answer decides. */
static void
test_probe_slow (void)
{
  g_autoptr(JsonArray) requests = NULL;
  Server *server;
  Client *client;

  server = server_start ("--stateless", "--discover-delay=2000", NULL);
  client = stateless_client_start (server);
  g_assert_false (mcp_http_transport_get_legacy_sse (client->transport));
  assert_echo_works (client);

  requests = get_requests (client);
  g_assert_cmpuint (count_rpc (requests, "initialize", NULL), ==, 1);
  g_assert_cmpint (record_status (find_rpc (requests, "initialize", NULL, 0)), ==, 400);
  g_assert_cmpuint (count_rpc (requests, "server/discover", NULL), ==, 1);
  for (guint i = 0; i < json_array_get_length (requests); i++)
    g_assert_cmpstr (mcp_test_lookup_string (record_at (requests, i), "method"), ==, "POST");

  client_close_and_free (client);
  server_stop (server);
}

/* A server of 2025-11-25 refuses the probe with 400 and a body that is not
 * an error of the stateless revision (@data: how it says so): the client
 * falls back to initialize, and the session works as it always did. */
static void
test_probe_legacy (gconstpointer data)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  g_autoptr(GPtrArray) gets = NULL;
  const char *session_id;
  JsonObject *probe;
  Server *server;
  Client *client;

  server = server_start ("--no-session-answer", data, NULL);
  client = auto_client_new (server);
  client_connect_or_fail (client);
  g_assert_false (mcp_client_get_stateless (client->client));
  g_assert_cmpstr (mcp_client_get_protocol_version (client->client), ==, "2025-11-25");
  session_id = mcp_http_transport_get_session_id (client->transport);
  g_assert_nonnull (session_id);
  assert_get_stream_works (client);
  assert_echo_works (client);

  requests = get_requests (client);
  posts = find_records (requests, "POST");

  /* The probe went out as a stateless request, and was refused. */
  probe = posts->pdata[0];
  assert_stateless_post (probe);
  g_assert_cmpstr (record_rpc_method (probe), ==, "server/discover");
  g_assert_cmpint (record_status (probe), ==, 400);

  /* Then the handshake, and a session with its GET stream. */
  g_assert_cmpstr (record_rpc_method (posts->pdata[1]), ==, "initialize");
  g_assert_null (record_header (posts->pdata[1], "Mcp-Session-Id"));
  g_assert_cmpstr (record_rpc_method (posts->pdata[2]), ==, "notifications/initialized");
  for (guint i = 1; i < posts->len; i++)
    {
      JsonObject *record = posts->pdata[i];

      g_assert_null (record_meta_version (record));
      g_assert_null (record_header (record, "Mcp-Method"));
      g_assert_null (record_header (record, "Mcp-Name"));
      if (i >= 2)
        assert_session_headers (record, session_id);
    }
  gets = find_records (requests, "GET");
  g_assert_cmpuint (gets->len, >=, 1);
  assert_session_headers (gets->pdata[0], session_id);
  g_assert_cmpuint (count_rpc (requests, "server/discover", NULL), ==, 1);

  client_close_and_free (client);
  server_stop (server);
}

/* A server of the HTTP+SSE transport (2024-11-05) refuses the POST with
 * @data, 404 or 405: the client falls back to that transport. */
static void
test_probe_http_sse (gconstpointer data)
{
  Server *server;
  Client *client;

  server = server_start ("--legacy", "--legacy-post-status", data, NULL);
  client = auto_client_new (server);
  client_connect_or_fail (client);
  g_assert_false (mcp_client_get_stateless (client->client));
  g_assert_true (mcp_http_transport_get_legacy_sse (client->transport));
  g_assert_cmpstr (mcp_client_get_protocol_version (client->client), ==, "2024-11-05");
  assert_echo_works (client);

  client_close_and_free (client);
  server_stop (server);
}

/* ------------------------------------------------------------------------
 * Headers
 * ------------------------------------------------------------------------ */

static void
call_tool_expect_error (Client     *client,
                        const char *name,
                        const char *arguments_json,
                        int         code)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = call_tool (client, name, arguments_json, &error);
  g_assert_null (result);
  g_assert_error (error, MCP_ERROR, code);
}

static void
get_prompt_or_fail (Client     *client,
                    const char *name)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpPromptResult) prompt = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_get_prompt_async (client->client, name, NULL, NULL, mcp_test_store_result_cb,
                               &result);
  mcp_test_await_result (&result, name);
  prompt = mcp_client_get_prompt_finish (client->client, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (prompt);
}

static void
read_resource_or_fail (Client     *client,
                       const char *uri)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GListModel) contents = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_read_resource_async (client->client, uri, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, uri);
  contents = mcp_client_read_resource_finish (client->client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (contents), ==, 1);
}

static GListModel *
list_tools (Client *client)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *tools;

  mcp_client_list_tools_async (client->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "tools/list");
  tools = mcp_client_list_tools_finish (client->client, result, &error);
  g_assert_no_error (error);

  return tools;
}

/* The Mcp-Name of the first request of @method about @name. */
static const char *
sent_name (JsonArray  *requests,
           const char *method,
           const char *name)
{
  JsonObject *record = NULL;

  for (guint i = 0; i < json_array_get_length (requests) && record == NULL; i++)
    {
      JsonObject *candidate = record_at (requests, i);
      const char *about = g_str_equal (method, "resources/read")
                          ? mcp_test_lookup_string (candidate, "body.params.uri")
                          : mcp_test_lookup_string (candidate, "body.params.name");

      if (g_strcmp0 (record_rpc_method (candidate), method) == 0 &&
          g_strcmp0 (about, name) == 0)
        record = candidate;
    }

  g_assert_nonnull (record);

  return record_header (record, "Mcp-Name");
}

/* Every request carries the standard headers, its name plainly when it is
 * plain visible ASCII (spaces inside allowed), else in base64. */
static void
test_headers (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);

  tools = list_tools (client);
  assert_echo_works (client);
  call_tool_expect_error (client, "gr\xc3\xbc\xc3\x9f" "e", NULL, MCP_ERROR_INVALID_PARAMS);
  call_tool_expect_error (client, " padded ", NULL, MCP_ERROR_INVALID_PARAMS);
  call_tool_expect_error (client, "spaced out", NULL, MCP_ERROR_INVALID_PARAMS);
  call_tool_expect_error (client, "tab\there", NULL, MCP_ERROR_INVALID_PARAMS);
  get_prompt_or_fail (client, "greet");
  get_prompt_or_fail (client, "=?base64?x?=");
  read_resource_or_fail (client, "test://a");
  read_resource_or_fail (client, "test://caf\xc3\xa9");
  read_resource_or_fail (client, "test://a b");

  /* A method the server does not know: 404 with -32601 in its body. */
  mcp_client_request_async (client->client, "custom/method", NULL, NULL, NULL,
                            mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "custom/method");
  answer = mcp_client_request_finish (client->client, result, &error);
  g_assert_null (answer);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_METHOD_NOT_FOUND);
  g_clear_object (&result);
  g_clear_error (&error);

  /* No ping in the stateless revision: server/discover. */
  mcp_client_ping_async (client->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "ping");
  g_assert_true (mcp_client_ping_finish (client->client, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  requests = get_requests (client);
  assert_all_stateless (requests);
  g_assert_cmpuint (count_rpc (requests, "server/discover", NULL), ==, 2);
  g_assert_cmpuint (count_rpc (requests, "custom/method", NULL), ==, 1);
  g_assert_cmpstr (sent_name (requests, "tools/call", "echo"), ==, "echo");
  g_assert_cmpstr (sent_name (requests, "tools/call", "gr\xc3\xbc\xc3\x9f" "e"), ==,
                   "=?base64?Z3LDvMOfZQ==?=");
  g_assert_cmpstr (sent_name (requests, "tools/call", " padded "), ==, "=?base64?IHBhZGRlZCA=?=");
  g_assert_cmpstr (sent_name (requests, "tools/call", "spaced out"), ==, "spaced out");
  g_assert_cmpstr (sent_name (requests, "tools/call", "tab\there"), ==, "=?base64?dGFiCWhlcmU=?=");
  g_assert_cmpstr (sent_name (requests, "prompts/get", "greet"), ==, "greet");
  g_assert_cmpstr (sent_name (requests, "prompts/get", "=?base64?x?="), ==,
                   "=?base64?PT9iYXNlNjQ/eD89?=");
  g_assert_cmpstr (sent_name (requests, "resources/read", "test://a"), ==, "test://a");
  g_assert_cmpstr (sent_name (requests, "resources/read", "test://caf\xc3\xa9"), ==,
                   "=?base64?dGVzdDovL2NhZsOp?=");
  g_assert_cmpstr (sent_name (requests, "resources/read", "test://a b"), ==, "test://a b");

  client_close_and_free (client);
  server_stop (server);
}

/* The Mcp-Param-* headers of @record: name (lower case) and value, in
 * pairs ending with %NULL, and no other. */
static void
assert_params (JsonObject *record,
               ...)
{
  JsonObject *sent = mcp_test_lookup_object (record, "param_headers");
  guint expected = 0;
  const char *name;
  va_list ap;

  va_start (ap, record);
  while ((name = va_arg (ap, const char *)) != NULL)
    {
      const char *value = va_arg (ap, const char *);
      JsonArray *values;

      g_test_message ("Mcp-Param-%s: %s", name, value);
      g_assert_nonnull (sent);
      g_assert_true (json_object_has_member (sent, name));
      values = json_object_get_array_member (sent, name);
      g_assert_cmpuint (json_array_get_length (values), ==, 1);
      g_assert_cmpstr (json_array_get_string_element (values, 0), ==, value);
      expected++;
    }
  va_end (ap);

  g_assert_cmpuint (sent != NULL ? json_object_get_size (sent) : 0, ==, expected);
}

static const char * const route_calls[] = {
  "{\"region\":\"us-west1\",\"count\":42,\"flag\":true,"
  "\"tenant\":{\"id\":\"acme\",\"plan\":\"gold\"},\"note\":\"not a header\"}",
  "{\"region\":\"Hello, \\u4e16\\u754c\",\"count\":-7,\"flag\":false}",
  "{\"region\":\" padded \",\"tenant\":{\"id\":null}}",
  "{\"region\":\"line1\\nline2\",\"tenant\":{\"plan\":\"gold\"}}",
  "{\"region\":\"=?base64?literal?=\",\"tenant\":\"not an object\"}",
  "{\"region\":null,\"count\":null,\"flag\":null,\"tenant\":null}",
  "{}",
};

/* Arguments whose schema says x-mcp-header go into Mcp-Param-* headers:
 * strings, integers and booleans, nested properties, base64 where the value
 * is not plain; absent and null values are left out. */
static void
test_param_headers (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GListModel) tools = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);
  tools = list_tools (client);

  for (guint i = 0; i < G_N_ELEMENTS (route_calls); i++)
    {
      g_autofree char *text = call_tool_text (client, "route", route_calls[i]);

      g_assert_cmpstr (text, ==, "route");
    }
  requests = get_requests (client);
  assert_all_stateless (requests);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "route"), ==, G_N_ELEMENTS (route_calls));

  assert_params (find_rpc (requests, "tools/call", "route", 0),
                 "region", "us-west1", "count", "42", "flag", "true", "tenant-id", "acme", NULL);
  assert_params (find_rpc (requests, "tools/call", "route", 1),
                 "region", "=?base64?SGVsbG8sIOS4lueVjA==?=", "count", "-7", "flag", "false",
                 NULL);
  assert_params (find_rpc (requests, "tools/call", "route", 2),
                 "region", "=?base64?IHBhZGRlZCA=?=", NULL);
  assert_params (find_rpc (requests, "tools/call", "route", 3),
                 "region", "=?base64?bGluZTEKbGluZTI=?=", NULL);
  assert_params (find_rpc (requests, "tools/call", "route", 4),
                 "region", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=", NULL);
  assert_params (find_rpc (requests, "tools/call", "route", 5), NULL);
  assert_params (find_rpc (requests, "tools/call", "route", 6), NULL);

  client_close_and_free (client);
  server_stop (server);
}

/* A tool called before the client listed the tools: the client cannot
 * know its headers, the server refuses the call (-32020), and the client
 * lists the tools and calls again, with them. */
static void
test_param_headers_unlisted (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autofree char *text = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);

  text = call_tool_text (client, "route", "{\"region\":\"eu\"}");
  g_assert_cmpstr (text, ==, "route");

  requests = get_requests (client);
  assert_all_stateless (requests);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "route"), ==, 2);
  g_assert_cmpint (record_status (find_rpc (requests, "tools/call", "route", 0)), ==, 400);
  assert_params (find_rpc (requests, "tools/call", "route", 0), NULL);
  assert_params (find_rpc (requests, "tools/call", "route", 1), "region", "eu", NULL);
  g_assert_cmpuint (count_rpc (requests, "tools/list", NULL), ==, 1);

  client_close_and_free (client);
  server_stop (server);
}

/* A number without a fraction is an integer, however it is written (from
 * JavaScript, every number is a double): its header is that integer. Other
 * numbers go as they are. */
static void
test_param_headers_integral (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GListModel) tools = NULL;
  g_autofree char *text = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);
  tools = list_tools (client);

  text = call_tool_text (client, "route", "{\"count\":42.0}");
  g_assert_cmpstr (text, ==, "route");
  g_clear_pointer (&text, g_free);
  text = call_tool_text (client, "route", "{\"count\":-7e0}");
  g_assert_cmpstr (text, ==, "route");
  g_clear_pointer (&text, g_free);
  /* Not an integer: as the body has it, for the server to judge. */
  text = call_tool_text (client, "route", "{\"count\":4.5}");
  g_assert_cmpstr (text, ==, "route");

  requests = get_requests (client);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "route"), ==, 3);
  assert_params (find_rpc (requests, "tools/call", "route", 0), "count", "42", NULL);
  assert_params (find_rpc (requests, "tools/call", "route", 1), "count", "-7", NULL);
  assert_params (find_rpc (requests, "tools/call", "route", 2), "count", "4.5", NULL);

  client_close_and_free (client);
  server_stop (server);
}

static gboolean
has_tool (GListModel *tools,
          const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (g_str_equal (mcp_tool_get_name (tool), name))
        return TRUE;
    }

  return FALSE;
}

static gboolean
tools_model_filled (gpointer data)
{
  return g_list_model_get_n_items (data) > 0;
}

/* How many lines of @log tell that a tool was left out, as a message
 * (the debug messages that follow add "again"). */
static guint
count_left_out_messages (GString *log)
{
  g_auto(GStrv) lines = g_strsplit (log->str, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "Left out the tool") &&
        strstr (lines[i], " of the server: ") != NULL)
      n++;

  return n;
}

/* A tool whose x-mcp-header annotations break the rules is left out of the
 * list, and of the live model; the others stay. The application is told of
 * each once, however many times the tools are listed. */
static void
test_invalid_annotations (void)
{
  static const char * const invalid[] = {
    "bad-number", "bad-object", "bad-items", "bad-any-of", "bad-name", "bad-empty",
    "bad-duplicate", "bad-root",
  };
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GListModel) tools = NULL;
  GListModel *live;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  mcp_test_capture_log (log);
  client = stateless_client_start (server);

  tools = list_tools (client);
  live = mcp_client_get_tools_model (client->client);
  g_assert_true (mcp_test_wait_until (tools_model_filled, live, REQUEST_TIMEOUT_MS));
  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_assert_false (has_tool (tools, invalid[i]));
      g_assert_false (has_tool (live, invalid[i]));
    }
  g_assert_true (has_tool (tools, "route"));
  g_assert_true (has_tool (tools, "echo"));
  g_assert_true (has_tool (tools, "drift"));
  /* What the server lists, less the invalid ones. */
  g_assert_cmpuint (g_list_model_get_n_items (tools), ==, 17);
  g_assert_cmpuint (g_list_model_get_n_items (live), ==, 17);

  g_clear_object (&tools);
  tools = list_tools (client);
  g_clear_object (&tools);
  tools = list_tools (client);
  g_assert_cmpuint (g_list_model_get_n_items (tools), ==, 17);
  mcp_test_capture_log (NULL);
  g_assert_cmpuint (count_left_out_messages (log), ==, G_N_ELEMENTS (invalid));

  client_close_and_free (client);
  server_stop (server);
}

/* -32020: the tool's description changed (now it wants a header): the
 * client lists the tools again, and the second call carries the header.
 * The list is read from the server even if it said the list would stay
 * fresh (@data, its option): it did not. */
static void
test_header_mismatch_relist (gconstpointer data)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GListModel) tools = NULL;
  g_autofree char *text = NULL;
  JsonObject *first;
  JsonObject *second;
  Server *server;
  Client *client;

  server = stateless_server_start (data);
  client = stateless_client_start (server);
  tools = list_tools (client);

  g_free (call_tool_text (client, "change-schema", NULL));
  text = call_tool_text (client, "drift", "{\"region\":\"eu\"}");
  g_assert_cmpstr (text, ==, "drift");

  requests = get_requests (client);
  assert_all_stateless (requests);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "drift"), ==, 2);
  first = find_rpc (requests, "tools/call", "drift", 0);
  second = find_rpc (requests, "tools/call", "drift", 1);
  g_assert_cmpint (record_status (first), ==, 400);
  assert_params (first, NULL);
  g_assert_cmpint (record_status (second), ==, 200);
  assert_params (second, "region", "eu", NULL);
  /* Listed again between them. */
  g_assert_cmpuint (count_rpc (requests, "tools/list", NULL), ==, 2);
  g_assert_nonnull (find_rpc (requests, "tools/list", NULL, 1));

  client_close_and_free (client);
  server_stop (server);
}

/* A server that always answers -32020 gets the call twice, no more. */
static void
test_header_mismatch_once (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);

  result = call_tool (client, "mismatch", "{\"text\":\"again?\"}", &error);
  g_assert_null (result);
  g_test_message ("The call failed: %s", error->message);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_HEADER_MISMATCH);
  assert_echo_works (client);

  requests = get_requests (client);
  assert_all_stateless (requests);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "mismatch"), ==, 2);
  g_assert_cmpuint (count_rpc (requests, "tools/list", NULL), ==, 1);

  client_close_and_free (client);
  server_stop (server);
}

/* -32021 in a 400 body: the error names the capability, and keeps its data. */
static void
test_missing_capability (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);

  result = call_tool (client, "needs-capability", NULL, &error);
  g_assert_null (result);
  g_test_message ("The call failed: %s", error->message);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_MISSING_REQUIRED_CLIENT_CAPABILITY);
  g_assert_nonnull (strstr (error->message, "sampling"));
  /* The explained error keeps what the server said. */
  g_assert_nonnull (mcp_error_get_data (error));
  g_assert_true (JSON_NODE_HOLDS_OBJECT (mcp_error_get_data (error)));
  g_assert_nonnull (json_object_get_member (json_node_get_object (mcp_error_get_data (error)),
                                            "requiredCapabilities"));
  assert_echo_works (client);

  requests = get_requests (client);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "needs-capability"), ==, 1);

  client_close_and_free (client);
  server_stop (server);
}

/* -32022 in a 400 body, for a call once connected: it reaches the
 * application as it is, with the server's data, and the connection goes
 * on. */
static void
test_unsupported_version_call (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  JsonNode *data;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);

  result = call_tool (client, "unsupported-version", NULL, &error);
  g_assert_null (result);
  g_test_message ("The call failed: %s", error->message);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_UNSUPPORTED_PROTOCOL_VERSION);
  data = mcp_error_get_data (error);
  g_assert_nonnull (data);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (data));
  g_assert_true (json_object_has_member (json_node_get_object (data), "supported"));
  assert_echo_works (client);

  client_close_and_free (client);
  server_stop (server);
}

/* ------------------------------------------------------------------------
 * Streams
 * ------------------------------------------------------------------------ */

static gboolean
is_holding (gpointer data)
{
  return count_log_data (data, "holding") > 0;
}

static gboolean
hold_hung_up (JsonArray *requests,
              gpointer   data)
{
  JsonObject *hold = find_rpc (requests, "tools/call", "hold", 0);

  return hold != NULL && mcp_test_lookup (hold, "hung_up_after_ms") != NULL;
}

/* Cancelling closes the call's stream, which is the cancellation: the
 * server sees its connection close, and no notifications/cancelled. */
static void
test_cancel (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);

  mcp_client_call_tool_async (client->client, "hold", NULL, NULL, cancellable,
                              mcp_test_store_result_cb, &result);
  g_assert_true (mcp_test_wait_until (is_holding, client, REQUEST_TIMEOUT_MS));
  g_assert_null (result);
  g_cancellable_cancel (cancellable);
  mcp_test_await_result (&result, "hold");
  tool_result = mcp_client_call_tool_finish (client->client, result, &error);
  g_assert_null (tool_result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_object (&result);

  requests = await_records (client, hold_hung_up, NULL);
  assert_all_stateless (requests);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "hold"), ==, 1);
  assert_echo_works (client);

  client_close_and_free (client);
  server_stop (server);
}

/* An answer stream that breaks, after an event id and a retry: that asked
 * for, is not resumed: no GET with Last-Event-ID, the call fails at once,
 * and is not sent again. */
static void
test_broken_stream (gconstpointer data)
{
  const char *tool = data;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);

  result = call_tool (client, tool, NULL, &error);
  g_assert_null (result);
  g_test_message ("The call failed: %s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);

  /* Longer than the resumption would have waited. */
  mcp_test_iterate_for (500);
  requests = get_requests (client);
  assert_all_stateless (requests);
  g_assert_cmpuint (count_rpc (requests, "tools/call", tool), ==, 1);
  assert_echo_works (client);

  client_close_and_free (client);
  server_stop (server);
}

/* ------------------------------------------------------------------------
 * Bounds against a hostile server
 * ------------------------------------------------------------------------ */

static gboolean
count_server_requests_cb (McpClient        *mcp_client,
                          McpServerRequest *request,
                          guint            *count)
{
  (*count)++;

  return FALSE;
}

/* Every input request is an object, a signal and an answer (roots/list
 * answered with every root): a round asking for thousands in a small
 * message is refused before any is made, and the application never sees
 * one of them. A few dozen are answered. */
static void
test_input_requests_bounded (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint handled = 0;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = auto_client_new (server);
  mcp_client_set_features (client->client,
                           MCP_CLIENT_FEATURES_ROOTS | MCP_CLIENT_FEATURES_ELICITATION_FORM);
  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *uri = g_strdup_printf ("file:///home/someone/projects/root-%u", i);
      g_autoptr(McpRoot) root = mcp_root_new (uri, NULL);

      mcp_client_add_root (client->client, root);
    }
  g_signal_connect (client->client, "server-request", G_CALLBACK (count_server_requests_cb),
                    &handled);
  client_connect_or_fail (client);

  text = call_tool_text (client, "ask", "{\"inputs\":64,\"method\":\"roots/list\"}");
  g_assert_cmpstr (text, ==, "1 rounds, 64 answers");

  result = call_tool (client, "ask", "{\"inputs\":20000,\"method\":\"roots/list\"}", &error);
  g_assert_null (result);
  g_test_message ("The call failed: %s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "20000"));
  g_clear_error (&error);

  result = call_tool (client, "ask", "{\"inputs\":20000,\"method\":\"elicitation/create\"}",
                      &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpuint (handled, ==, 0);

  /* Neither was answered. */
  requests = get_requests (client);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "ask"), ==, 4);
  assert_all_stateless (requests);

  g_signal_handlers_disconnect_by_func (client->client, count_server_requests_cb, &handled);
  client_close_and_free (client);
  server_stop (server);
}

/* A server that asks for input without end gets max-input-rounds rounds,
 * then the call fails. */
static void
test_endless_rounds (gconstpointer data)
{
  guint rounds = GPOINTER_TO_UINT (data);
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = auto_client_new (server);
  mcp_client_set_features (client->client, MCP_CLIENT_FEATURES_ROOTS);
  if (rounds != MCP_CLIENT_DEFAULT_MAX_INPUT_ROUNDS)
    mcp_client_set_max_input_rounds (client->client, rounds);
  client_connect_or_fail (client);

  result = call_tool (client, "ask", "{\"endless\":true}", &error);
  g_assert_null (result);
  g_test_message ("The call failed: %s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);

  requests = get_requests (client);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "ask"), ==, rounds + 1);
  assert_all_stateless (requests);
  assert_echo_works (client);

  client_close_and_free (client);
  server_stop (server);
}

static gboolean
error_hung_up (JsonArray *requests,
               gpointer   data)
{
  JsonObject *record = find_rpc (requests, "tools/call", "huge-error", 0);

  return record != NULL && mcp_test_lookup (record, "hung_up") != NULL;
}

/* A 400 whose body is huge, JSON or not: the client reads a little of it,
 * fails the call with what it read, and hangs up on the rest (the server
 * sees it, before it has written its body). */
static void
test_huge_error_body (gconstpointer data)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *arguments = NULL;
  Server *server;
  Client *client;

  server = stateless_server_start (NULL);
  client = stateless_client_start (server);

  arguments = g_strdup_printf ("{\"bytes\":%u,\"json\":%s}", 64 * 1024 * 1024,
                               (const char *) data);
  result = call_tool (client, "huge-error", arguments, &error);
  g_assert_null (result);
  g_test_message ("The call failed: %.300s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "400"));
  g_assert_cmpuint (strlen (error->message), <, 1024);

  requests = await_records (client, error_hung_up, NULL);
  g_assert_cmpuint (count_rpc (requests, "tools/call", "huge-error"), ==, 1);
  assert_echo_works (client);

  client_close_and_free (client);
  server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  if (!http_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/HttpStateless/probe/stateless", test_probe_stateless);
  g_test_add_data_func ("/Mcp/HttpStateless/probe/refused", NULL, test_probe_refused);
  g_test_add_data_func ("/Mcp/HttpStateless/probe/refused-in-pieces", "--chunked-errors",
                        test_probe_refused);
  g_test_add_func ("/Mcp/HttpStateless/probe/refused-always", test_probe_refused_always);
  g_test_add_func ("/Mcp/HttpStateless/probe/slow", test_probe_slow);
  g_test_add_data_func ("/Mcp/HttpStateless/probe/legacy/text", "text", test_probe_legacy);
  g_test_add_data_func ("/Mcp/HttpStateless/probe/legacy/json", "json", test_probe_legacy);
  g_test_add_data_func ("/Mcp/HttpStateless/probe/legacy/json-id", "json-id", test_probe_legacy);
  g_test_add_data_func ("/Mcp/HttpStateless/probe/http-sse/404", "404", test_probe_http_sse);
  g_test_add_data_func ("/Mcp/HttpStateless/probe/http-sse/405", "405", test_probe_http_sse);
  g_test_add_func ("/Mcp/HttpStateless/headers", test_headers);
  g_test_add_func ("/Mcp/HttpStateless/param-headers/values", test_param_headers);
  g_test_add_func ("/Mcp/HttpStateless/param-headers/integral", test_param_headers_integral);
  g_test_add_func ("/Mcp/HttpStateless/param-headers/unlisted", test_param_headers_unlisted);
  g_test_add_func ("/Mcp/HttpStateless/invalid-annotations", test_invalid_annotations);
  g_test_add_data_func ("/Mcp/HttpStateless/header-mismatch/relist", NULL,
                        test_header_mismatch_relist);
  g_test_add_data_func ("/Mcp/HttpStateless/header-mismatch/relist-fresh", "--tools-ttl=600000",
                        test_header_mismatch_relist);
  g_test_add_func ("/Mcp/HttpStateless/header-mismatch/once", test_header_mismatch_once);
  g_test_add_func ("/Mcp/HttpStateless/missing-capability", test_missing_capability);
  g_test_add_func ("/Mcp/HttpStateless/unsupported-version-call", test_unsupported_version_call);
  g_test_add_func ("/Mcp/HttpStateless/cancel", test_cancel);
  g_test_add_data_func ("/Mcp/HttpStateless/broken-stream/ended", "break", test_broken_stream);
  g_test_add_data_func ("/Mcp/HttpStateless/broken-stream/dropped", "drop", test_broken_stream);

  g_test_add_func ("/Mcp/HttpStateless/hostile/input-requests", test_input_requests_bounded);
  g_test_add_data_func ("/Mcp/HttpStateless/hostile/endless-rounds/default",
                        GUINT_TO_POINTER (MCP_CLIENT_DEFAULT_MAX_INPUT_ROUNDS),
                        test_endless_rounds);
  g_test_add_data_func ("/Mcp/HttpStateless/hostile/endless-rounds/3", GUINT_TO_POINTER (3),
                        test_endless_rounds);
  g_test_add_data_func ("/Mcp/HttpStateless/hostile/huge-error/json", "true",
                        test_huge_error_body);
  g_test_add_data_func ("/Mcp/HttpStateless/hostile/huge-error/text", "false",
                        test_huge_error_body);

  return http_test_run ();
}
