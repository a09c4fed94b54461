/* test-http-streams.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The event streams of McpHttpTransport, against mcp-http-test-server.py:
 * resuming a broken stream after the delay the server asked for, streams
 * that break, are noisy, stay open after the answer, or carry an event too
 * large to take.
 */

#include <string.h>

#include "mcp-http-test-util.h"

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

/* The server cannot resume the stream (404): the call fails, and is not
 * sent again, although 404 is also how a server says that it forgot the
 * session: the server has the request already. */
static void
test_resume_forgotten (void)
{
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  g_autoptr(GError) error = NULL;
  guint n_initialize = 0;
  Server *server;
  Client *client;

  server = server_start ("--no-get", NULL);
  client = client_start (server);

  error = call_tool_must_fail (client, "resume", "{\"forget\":true}");
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

  requests = get_requests (client);
  posts = find_records (requests, "POST");
  /* Once: find_tool_call () fails on a second one. */
  find_tool_call (posts, "resume", NULL);
  for (guint i = 0; i < posts->len; i++)
    if (g_strcmp0 (record_rpc_method (posts->pdata[i]), "initialize") == 0)
      n_initialize++;
  g_assert_cmpuint (n_initialize, ==, 1);

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

/* An event id that cannot go back in a header (a control character, a
 * byte beyond ASCII, too long) is not sent back: the stream cannot be
 * resumed, and the call fails at once. */
static void
test_resume_unsafe_id (gconstpointer data)
{
  const char *event_id = data;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) gets = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *arguments = NULL;
  Server *server;
  Client *client;

  server = server_start ("--no-get", NULL);
  client = client_start (server);

  if (g_str_equal (event_id, "long"))
    {
      g_autofree char *id = g_strnfill (2000, 'x');

      arguments = g_strdup_printf ("{\"event_id\":\"%s\"}", id);
    }
  else
    arguments = g_strdup_printf ("{\"event_id\":\"%s\"}", event_id);
  error = call_tool_must_fail (client, "resume", arguments);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);

  requests = get_requests (client);
  gets = find_records (requests, "GET");
  for (guint i = 0; i < gets->len; i++)
    g_assert_null (record_header (gets->pdata[i], "Last-Event-ID"));

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

/* How many GETs resumed the stream of the storm tool so far. */
static guint
count_storm_resumptions (Client *client)
{
  g_autoptr(JsonArray) requests = get_requests (client);
  g_autoptr(GPtrArray) gets = find_records (requests, "GET");
  guint count = 0;

  for (guint i = 0; i < gets->len; i++)
    if (g_str_has_prefix (record_header (gets->pdata[i], "Last-Event-ID") ?: "", "storm-"))
      count++;

  return count;
}

/* A server that ends every stream at once, with retry: 0 and nothing but
 * a priming event, gets a few resumptions, spaced out, then the call
 * fails; none come after. */
static void
test_resume_storm (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;
  guint count;

  server = server_start ("--no-get", NULL);
  client = client_new (server);
  mcp_http_transport_set_max_reconnect_attempts (client->transport, 3);
  client_connect_or_fail (client);

  error = call_tool_must_fail (client, "storm", NULL);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);

  count = count_storm_resumptions (client);
  g_assert_cmpuint (count, ==, 3);
  mcp_test_iterate_for (1000);
  g_assert_cmpuint (count_storm_resumptions (client), ==, count);

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

/* The same, with a notification on every stream: that is progress, so
 * resuming goes on, but no faster than the minimum delay, and only while
 * the call waits: it stops when the call times out. */
static void
test_resume_storm_talk (void)
{
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;
  guint count;

  server = server_start ("--no-get", NULL);
  client = client_start (server);

  mcp_request_options_set_timeout (options, 1500);
  mcp_request_options_set_reset_timeout_on_progress (options, FALSE);
  result = mcp_test_call_tool (client->client, "storm", "{\"talk\":true}", options, NULL,
                               &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpuint (count_log_data (client, "storm 1"), ==, 1);
  g_assert_cmpuint (count_log_data (client, "storm 2"), ==, 1);

  /* At most one every 250 ms, the first after 250 ms. */
  count = count_storm_resumptions (client);
  g_test_message ("%u resumptions in 1.5 s", count);
  g_assert_cmpuint (count, >=, 2);
  g_assert_cmpuint (count, <=, 6);
  mcp_test_iterate_for (1500);
  g_assert_cmpuint (count_storm_resumptions (client), ==, count);

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

/* A byte order mark that arrives a byte at a time still opens the stream
 * (the first event is not lost to a field named by a piece of it), and
 * "event:" with no value is the default type, whose data is a message. */
static void
test_split_bom (void)
{
  g_autofree char *text = NULL;
  Server *server;
  Client *client;
  guint seen_before = 0;

  server = server_start ("--no-get", NULL);
  client = client_start (server);

  text = watched_call_text (client, "split-bom", NULL, "split-bom: after the mark",
                            &seen_before);
  g_assert_cmpstr (text, ==, "read past the mark");
  g_assert_cmpuint (seen_before, ==, 1);

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

/* Whether the server noted that the client hung up on the stream of the
 * call of @tool (@member of its record). */
typedef struct
{
  Client     *client;
  const char *tool;
  const char *member;
} HangUp;

static gboolean
server_saw_hang_up (gpointer data)
{
  HangUp *wanted = data;
  g_autoptr(JsonArray) requests = get_requests (wanted->client);
  g_autoptr(GPtrArray) posts = find_records (requests, "POST");
  JsonObject *record = find_tool_call (posts, wanted->tool, NULL);

  return record != NULL && mcp_test_lookup (record, wanted->member) != NULL;
}

/* A server may keep a stream open after the answer: the client must not,
 * or every such call holds a connection for good. */
static void
test_linger (void)
{
  HangUp hang_up;
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
  hang_up = (HangUp) { client, "linger", "hung_up_after_ms" };
  g_assert_true (mcp_test_wait_until (server_saw_hang_up, &hang_up,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));

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

/* max-message-size at its documented maximum, G_MAXSIZE: a JSON body
 * without a Content-Length, larger than the first buffer, is read whole
 * (the buffer's growth once capped at the limit plus one, which wrapped to
 * 0 and wrote past the buffer). */
static void
test_max_message_size_maximum (void)
{
  g_autofree char *text = NULL;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_new (server);
  mcp_http_transport_set_max_message_size (client->transport, G_MAXSIZE);
  g_assert_cmpuint (mcp_http_transport_get_max_message_size (client->transport), ==,
                    G_MAXSIZE);
  client_connect_or_fail (client);

  text = call_tool_text (client, "huge-event",
                         "{\"bytes\":200000,\"json\":true,\"chunked\":true}");
  g_assert_cmpuint (strlen (text), >, 199000);
  g_clear_pointer (&text, g_free);
  text = call_tool_text (client, "huge-event", "{\"bytes\":200000,\"json\":true}");
  g_assert_cmpuint (strlen (text), >, 199000);

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

/* An event too large on the stream of a call fails the call at once, and
 * the client hangs up, when the server then holds the stream open
 * ("hold") or never even ends the event ("unterminated"). */
static void
test_huge_event_held (gconstpointer data)
{
  HangUp hang_up;
  const char *how = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) posts = NULL;
  g_autofree char *arguments = NULL;
  JsonObject *record;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_new (server);
  mcp_http_transport_set_max_message_size (client->transport, 64 * 1024);
  client_connect_or_fail (client);

  arguments = g_strdup_printf ("{\"bytes\":1048576,\"%s\":true}", how);
  error = call_tool_must_fail (client, "huge-event", arguments);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  assert_echo_works (client);
  /* The server notices on its next writes. */
  hang_up = (HangUp) { client, "huge-event", "hung_up_at_ms" };
  g_assert_true (mcp_test_wait_until (server_saw_hang_up, &hang_up,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));

  requests = get_requests (client);
  posts = find_records (requests, "POST");
  record = find_tool_call (posts, "huge-event", NULL);
  /* While the server was still sending the event, or holding the stream. */
  g_assert_nonnull (mcp_test_lookup (record, "hung_up_at_ms"));

  client_close_and_free (client);
  server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  if (!http_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/Http/resume", test_resume);
  g_test_add_func ("/Mcp/Http/resume-forgotten", test_resume_forgotten);
  g_test_add_data_func ("/Mcp/Http/resume-unsafe-id/control", "ev\\u0001bad",
                        test_resume_unsafe_id);
  g_test_add_data_func ("/Mcp/Http/resume-unsafe-id/tab", "ev\\tbad", test_resume_unsafe_id);
  g_test_add_data_func ("/Mcp/Http/resume-unsafe-id/unicode", "ev\\u00e9", test_resume_unsafe_id);
  g_test_add_data_func ("/Mcp/Http/resume-unsafe-id/long", "long", test_resume_unsafe_id);
  g_test_add_func ("/Mcp/Http/resume-storm", test_resume_storm);
  g_test_add_func ("/Mcp/Http/resume-storm-talk", test_resume_storm_talk);
  g_test_add_func ("/Mcp/Http/drop", test_drop);
  g_test_add_func ("/Mcp/Http/bad-sse", test_bad_sse);
  g_test_add_func ("/Mcp/Http/split-bom", test_split_bom);
  g_test_add_func ("/Mcp/Http/linger", test_linger);
  g_test_add_func ("/Mcp/Http/max-message-size-maximum", test_max_message_size_maximum);
  g_test_add_func ("/Mcp/Http/huge-event", test_huge_event);
  g_test_add_data_func ("/Mcp/Http/huge-event-held", "hold", test_huge_event_held);
  g_test_add_data_func ("/Mcp/Http/huge-event-unterminated", "unterminated",
                        test_huge_event_held);

  return http_test_run ();
}
