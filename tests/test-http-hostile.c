/* test-http-hostile.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpHttpTransport against a server that misbehaves, from
 * mcp-http-test-server.py: wrong content types, error statuses, a legacy
 * server that sends the client elsewhere, and a server that disappears.
 * Each failure must be prompt and clear, and leave the client usable when
 * the server still is.
 */

#include <string.h>

#include "mcp-http-test-util.h"

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

/* A request answered 202 can get no answer: it fails at once. */
static void
test_accepted (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = server_start (NULL);
  client = client_start (server);

  error = call_tool_must_fail (client, "accept", NULL);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "202"));

  assert_echo_works (client);
  client_close_and_free (client);
  server_stop (server);
}

/* A session id must be visible ASCII (MCP says so): one with a control
 * character, a space, a byte beyond ASCII, or nothing at all is refused
 * before it can go back in a header, and connecting fails. */
static void
test_session_id_refused (gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  Client *client;

  server = server_start ("--session-id", data, NULL);
  client = client_new (server);
  g_assert_false (client_connect (client, &error));
  g_test_message ("Connecting failed: %s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_null (mcp_http_transport_get_session_id (client->transport));
  client_free (client);

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
  if (!http_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/Http/html", test_html);
  g_test_add_func ("/Mcp/Http/status", test_status);
  g_test_add_func ("/Mcp/Http/accepted", test_accepted);
  g_test_add_data_func ("/Mcp/Http/session-id/control", "abc\\x01def", test_session_id_refused);
  g_test_add_data_func ("/Mcp/Http/session-id/delete", "abc\\x7fdef", test_session_id_refused);
  g_test_add_data_func ("/Mcp/Http/session-id/space", "abc def", test_session_id_refused);
  g_test_add_data_func ("/Mcp/Http/session-id/latin1", "caf\\xe9", test_session_id_refused);
  g_test_add_data_func ("/Mcp/Http/session-id/empty", "", test_session_id_refused);
  g_test_add_func ("/Mcp/Http/legacy-foreign-endpoint", test_legacy_foreign_endpoint);
  g_test_add_func ("/Mcp/Http/server-gone", test_server_gone);

  return http_test_run ();
}
