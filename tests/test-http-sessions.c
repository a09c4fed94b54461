/* test-http-sessions.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The sessions of McpHttpTransport, against mcp-http-test-server.py: a
 * server that forgets the session gets a new one, with the same handshake,
 * once however many calls find out, and a GET stream of its own; closing
 * ends the session with a DELETE.
 */

#include <string.h>

#include "mcp-http-test-util.h"

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

typedef struct
{
  Client     *client;
  const char *session;
} OldStream;

/* Whether the server noted the hang-up on every GET stream of @session. */
static gboolean
old_streams_hung_up (gpointer data)
{
  OldStream *old = data;
  g_autoptr(JsonArray) requests = get_requests (old->client);
  g_autoptr(GPtrArray) gets = find_records (requests, "GET");

  for (guint i = 0; i < gets->len; i++)
    if (g_strcmp0 (record_header (gets->pdata[i], "Mcp-Session-Id"), old->session) == 0 &&
        mcp_test_lookup (gets->pdata[i], "hung_up_at_ms") == NULL)
      return FALSE;

  return TRUE;
}

/* The server forgets the session but leaves its GET stream open, and
 * silent: the new session gets a GET stream of its own all the same, and
 * the old one is closed. */
static void
test_session_expiry_silent_stream (void)
{
  g_autoptr(JsonObject) structured = NULL;
  g_autoptr(JsonArray) requests = NULL;
  g_autoptr(GPtrArray) gets = NULL;
  g_autofree char *old_session = NULL;
  g_autofree char *text = NULL;
  const char *new_session;
  guint new_gets = 0;
  OldStream old_stream;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_new (server);
  mcp_client_set_features (client->client, MCP_CLIENT_FEATURES_SAMPLING);
  g_signal_connect (client->client, "server-request::sampling/createMessage",
                    G_CALLBACK (reply_sampling_cb), NULL);
  client_connect_or_fail (client);
  assert_get_stream_works (client);
  old_session = g_strdup (mcp_http_transport_get_session_id (client->transport));

  text = call_tool_text (client, "expire-session", "{\"keep_stream\":true}");
  assert_echo_works (client);
  new_session = mcp_http_transport_get_session_id (client->transport);
  g_assert_cmpstr (new_session, !=, old_session);

  /* What the new session sends on its own arrives. */
  g_assert_true (mcp_test_wait_until (has_two_get_stream_notifications, client,
                                      NOTIFICATION_TIMEOUT_MS));
  structured = call_tool_structured (client, "get-request",
                                     "{\"method\":\"sampling/createMessage\","
                                     "\"params\":{\"messages\":[],\"maxTokens\":10}}");
  g_assert_cmpstr (mcp_test_lookup_string (structured, "response.result.model"), ==,
                   "test-model");

  /* The old stream was hung up on: the server notices on a keepalive. */
  old_stream = (OldStream) { client, old_session };
  g_assert_true (mcp_test_wait_until (old_streams_hung_up, &old_stream,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  requests = get_requests (client);
  gets = find_records (requests, "GET");
  for (guint i = 0; i < gets->len; i++)
    if (g_strcmp0 (record_header (gets->pdata[i], "Mcp-Session-Id"), new_session) == 0)
      new_gets++;
  g_assert_cmpuint (new_gets, ==, 1);

  /* The old stream was hung up on: the server noticed on a keepalive. */
  for (guint i = 0; i < gets->len; i++)
    if (g_strcmp0 (record_header (gets->pdata[i], "Mcp-Session-Id"), old_session) == 0)
      g_assert_nonnull (mcp_test_lookup (gets->pdata[i], "hung_up_at_ms"));

  client_close_and_free (client);
  server_stop (server);
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

int
main (int   argc,
      char *argv[])
{
  if (!http_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/Http/session-expiry", test_session_expiry);
  g_test_add_func ("/Mcp/Http/session-expiry-concurrent", test_session_expiry_concurrent);
  g_test_add_func ("/Mcp/Http/session-expiry-get-stream", test_session_expiry_get_stream);
  g_test_add_func ("/Mcp/Http/session-expiry-silent-stream", test_session_expiry_silent_stream);
  g_test_add_func ("/Mcp/Http/close-deletes", test_close_deletes);

  return http_test_run ();
}
