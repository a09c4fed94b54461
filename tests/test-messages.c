/* test-messages.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* JSON-RPC traffic between McpClient and the scripted server
 * mcp-test-server: answers matched to their requests (many calls at once,
 * large and small, answers with the wrong id), batches, notifications and
 * server requests interleaved with answers and handled in order, even when
 * a handler runs a main loop of its own, the detailed notification signal,
 * and the raw request and notification API.
 */

#include <string.h>

#include "mcp-test-scripted.h"

typedef struct
{
  char   *expected;
  char   *text;
  GError *error;
  guint   completions;
  guint  *n_done;
} ConcurrentCall;

static void
concurrent_call_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  ConcurrentCall *call = user_data;
  g_autoptr(McpToolResult) answer = NULL;

  call->completions++;
  if (call->completions > 1)
    return;

  answer = mcp_client_call_tool_finish (MCP_CLIENT (source), result, &call->error);
  if (answer != NULL)
    call->text = mcp_tool_result_dup_text (answer);
  (*call->n_done)++;
}

static gboolean
all_calls_done (gpointer data)
{
  guint *n_done = data;

  return *n_done == 50;
}

static void
test_concurrent (void)
{
  ConcurrentCall calls[50] = { { NULL, } };
  guint n_done = 0;
  Server *server;

  server = server_start (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_autoptr(JsonObject) arguments = json_object_new ();

      calls[i].n_done = &n_done;

      /* Sleeps answer in a different order than they were asked; echoes
       * answer at once, overtaking them. */
      if (i % 2 == 0)
        {
          guint ms = 10 + (i * 37) % 200;

          json_object_set_int_member (arguments, "ms", ms);
          calls[i].expected = g_strdup_printf ("slept %u", ms);
          mcp_client_call_tool_async (server->client, "sleep", arguments, NULL, NULL,
                                      concurrent_call_cb, &calls[i]);
        }
      else
        {
          calls[i].expected = g_strdup_printf ("echo %u", i);
          json_object_set_string_member (arguments, "text", calls[i].expected);
          mcp_client_call_tool_async (server->client, "echo", arguments, NULL, NULL,
                                      concurrent_call_cb, &calls[i]);
        }
    }

  g_assert_true (mcp_test_wait_until (all_calls_done, &n_done,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  /* Give duplicate completions a chance to show up. */
  mcp_test_iterate_for (100);

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_assert_no_error (calls[i].error);
      g_assert_cmpuint (calls[i].completions, ==, 1);
      g_assert_cmpstr (calls[i].text, ==, calls[i].expected);
      g_free (calls[i].expected);
      g_free (calls[i].text);
    }

  server_close (server);
}

/* Requests larger than the pipe: the writes wait for the server to read,
 * without blocking the main loop, and none is cut or interleaved. */
static void
test_large_requests (void)
{
  ConcurrentCall calls[50] = { { NULL, } };
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autofree char *big = NULL;
  guint n_done = 0;
  Server *server;
  GPid pid;

  server = server_start (NULL);

  /* Big and small ones mixed: 1 MiB, 2 MiB... and a few bytes. */
  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_autoptr(JsonObject) args = json_object_new ();
      gsize size = i % 10 == 0 ? (i / 10 + 1) * 1024 * 1024 : 10;

      calls[i].n_done = &n_done;
      calls[i].expected = g_strnfill (size, 'a' + i % 26);
      json_object_set_string_member (args, "text", calls[i].expected);
      mcp_client_call_tool_async (server->client, "echo", args, NULL, NULL,
                                  concurrent_call_cb, &calls[i]);
    }

  g_assert_true (mcp_test_wait_until (all_calls_done, &n_done,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_assert_no_error (calls[i].error);
      g_assert_cmpuint (calls[i].completions, ==, 1);
      g_assert_true (g_str_equal (calls[i].text, calls[i].expected));
      g_clear_pointer (&calls[i].expected, g_free);
      g_clear_pointer (&calls[i].text, g_free);
    }

  /* A server that stops reading: the write waits, the main loop runs on,
   * and closing fails the call that was being written. */
  g_free (call_tool_text (server, "pause-reading", "{\"ms\":60000}"));
  big = g_strnfill (4 * 1024 * 1024, 'z');
  json_object_set_string_member (arguments, "text", big);
  calls[0].completions = 0;
  mcp_client_call_tool_async (server->client, "echo", arguments, NULL, NULL,
                              concurrent_call_cb, &calls[0]);
  mcp_test_iterate_for (200);
  g_assert_cmpuint (calls[0].completions, ==, 0);

  pid = server->pid;
  close_client (server->client);
  g_assert_cmpuint (calls[0].completions, ==, 1);
  g_assert_error (calls[0].error, G_IO_ERROR, G_IO_ERROR_CLOSED);
  g_clear_error (&calls[0].error);
  server_free (server);
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
}

static void
test_id_matching (void)
{
  g_autofree char *text = NULL;
  Server *server;

  server = server_start (NULL);

  /* Answers with the id as a string, with another id and with a null id
   * come first; only the exact id counts. */
  text = call_tool_text (server, "wrong-ids", NULL);
  g_assert_cmpstr (text, ==, "right");
  assert_echo_works (server);

  server_close (server);
}

static void
test_batch (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autofree char *text = NULL;
  NotificationLog log;
  guint before = 0;
  Server *server;

  notification_log_init (&log);
  server = server_start (NULL);
  g_signal_connect (server->client, "notification::notifications/message",
                    G_CALLBACK (on_notification), &log);

  result = watched_call_tool (server, "batch", &log, &before);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "batched");

  /* The notification came first in the batch, and was handled first. */
  g_assert_cmpuint (log.methods->len, ==, 1);
  g_assert_cmpuint (before, ==, 1);
  g_assert_cmpstr (notification_log_data (&log, 0), ==, "in batch");

  server_close (server);
  notification_log_clear (&log);
}

static void
test_interleave (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonArray) messages = NULL;
  g_autofree char *text = NULL;
  JsonObject *pong = NULL;
  NotificationLog log;
  guint before = 0;
  Server *server;

  notification_log_init (&log);
  server = server_start (NULL);
  g_signal_connect (server->client, "notification::notifications/message",
                    G_CALLBACK (on_notification), &log);

  result = watched_call_tool (server, "interleave", &log, &before);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "interleaved");
  g_assert_cmpuint (log.methods->len, ==, 1);
  g_assert_cmpuint (before, ==, 1);
  g_assert_cmpstr (notification_log_data (&log, 0), ==, "before");

  /* The client answered the server's ping, with the string id it used. */
  messages = get_received (server);
  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonObject *message = message_at (messages, i);
      const char *id = mcp_test_lookup_string (message, "id");

      if (id != NULL && g_str_has_prefix (id, "srv-"))
        {
          g_assert_null (pong);
          pong = message;
        }
    }
  g_assert_nonnull (pong);
  g_assert_cmpstr (mcp_test_lookup_string (pong, "jsonrpc"), ==, "2.0");
  g_assert_false (json_object_has_member (pong, "method"));
  g_assert_false (json_object_has_member (pong, "error"));
  g_assert_nonnull (mcp_test_lookup_object (pong, "result"));
  g_assert_cmpuint (json_object_get_size (mcp_test_lookup_object (pong, "result")), ==, 0);

  server_close (server);
  notification_log_clear (&log);
}

static void
test_notifications (void)
{
  g_autofree char *text = NULL;
  NotificationLog custom;
  NotificationLog other;
  NotificationLog all;
  Server *server;

  notification_log_init (&custom);
  notification_log_init (&other);
  notification_log_init (&all);
  server = server_start (NULL);
  g_signal_connect (server->client, "notification::notifications/custom",
                    G_CALLBACK (on_notification), &custom);
  g_signal_connect (server->client, "notification::notifications/other",
                    G_CALLBACK (on_notification), &other);
  g_signal_connect (server->client, "notification",
                    G_CALLBACK (on_notification), &all);

  text = call_tool_text (server, "notify",
                         "{\"method\":\"notifications/custom\",\"params\":{\"x\":1}}");
  g_assert_cmpstr (text, ==, "notified");
  g_clear_pointer (&text, g_free);

  g_assert_cmpuint (custom.methods->len, ==, 1);
  g_assert_cmpstr (custom.methods->pdata[0], ==, "notifications/custom");
  mcp_test_assert_json_equal (custom.params->pdata[0], "{\"x\":1}");
  g_assert_cmpuint (other.methods->len, ==, 0);
  g_assert_cmpuint (all.methods->len, ==, 1);
  g_assert_cmpstr (all.methods->pdata[0], ==, "notifications/custom");

  /* Without params, the handler gets NULL. */
  text = call_tool_text (server, "notify", "{\"method\":\"notifications/custom\"}");
  g_assert_cmpstr (text, ==, "notified");
  g_assert_cmpuint (custom.methods->len, ==, 2);
  g_assert_null (custom.params->pdata[1]);
  g_assert_cmpuint (other.methods->len, ==, 0);

  server_close (server);
  notification_log_clear (&custom);
  notification_log_clear (&other);
  notification_log_clear (&all);
}

static gboolean inside_handler;

static gboolean
flag_is_set (gpointer data)
{
  return *(gboolean *) data;
}

static void
on_notification_nested (McpClient       *client,
                        const char      *method,
                        JsonNode        *params,
                        NotificationLog *log)
{
  /* Nothing is read while a handler runs a main loop of its own (as a
   * modal dialog would): messages arrive in order, one at a time. */
  g_assert_false (inside_handler);
  on_notification (client, method, params, log);
  inside_handler = TRUE;
  mcp_test_iterate_for (200);
  inside_handler = FALSE;
}

static void
nested_sleep_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(McpToolResult) answer = NULL;
  g_autoptr(GError) error = NULL;
  gboolean *done = user_data;

  g_assert_false (inside_handler);
  answer = mcp_client_call_tool_finish (MCP_CLIENT (source), result, &error);
  g_assert_no_error (error);
  *done = TRUE;
}

static void
test_nested_main_loop (void)
{
  g_autoptr(JsonObject) arguments = mcp_test_parse_object ("{\"ms\":50}");
  g_autoptr(McpToolResult) result = NULL;
  gboolean sleep_done = FALSE;
  g_autofree char *text = NULL;
  NotificationLog log;
  guint before = 0;
  Server *server;

  notification_log_init (&log);
  server = server_start (NULL);
  g_signal_connect (server->client, "notification::notifications/message",
                    G_CALLBACK (on_notification_nested), &log);

  /* Two notifications and the answer, in one read; another answer comes
   * while the handler of the first notification runs its loop. */
  mcp_client_call_tool_async (server->client, "sleep", arguments, NULL, NULL, nested_sleep_cb,
                              &sleep_done);
  result = watched_call_tool (server, "multi", &log, &before);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "multi");
  g_assert_cmpuint (before, ==, 2);
  g_assert_cmpstr (notification_log_data (&log, 0), ==, "multi-1");
  g_assert_cmpstr (notification_log_data (&log, 1), ==, "multi-2");

  g_assert_true (mcp_test_wait_until (flag_is_set, &sleep_done, 5000));
  assert_echo_works (server);

  server_close (server);
  notification_log_clear (&log);
}

/* What an application connected to the transport's ::message-received
 * sees: every message, before the engine acts on it, although the engine
 * itself takes them another way. */
typedef struct
{
  guint     echoes;       /* the answers seen with the echoed text */
  gboolean  answer_seen;  /* when the call completed */
  gboolean  done;
} TrafficWatch;

static void
on_traffic (McpTransport *transport,
            JsonNode     *message,
            TrafficWatch *watch)
{
  g_autofree char *text = json_to_string (message, FALSE);

  if (strstr (text, "\"result\"") != NULL && strstr (text, "\"text\":\"seen\"") != NULL)
    watch->echoes++;
}

static void
watched_echo_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  TrafficWatch *watch = user_data;
  g_autoptr(McpToolResult) answer = NULL;
  g_autoptr(GError) error = NULL;

  answer = mcp_client_call_tool_finish (MCP_CLIENT (source), result, &error);
  g_assert_no_error (error);
  watch->answer_seen = watch->echoes > 0;
  watch->done = TRUE;
}

static gboolean
watch_done (gpointer data)
{
  return ((TrafficWatch *) data)->done;
}

static void
test_message_received (void)
{
  g_autoptr(JsonObject) arguments = mcp_test_parse_object ("{\"text\":\"seen\"}");
  TrafficWatch watch = { 0, FALSE, FALSE };
  Server *server;
  gulong handler;

  server = server_start (NULL);
  handler = g_signal_connect (server->transport, "message-received", G_CALLBACK (on_traffic),
                              &watch);

  mcp_client_call_tool_async (server->client, "echo", arguments, NULL, NULL, watched_echo_cb, &watch);
  g_assert_true (mcp_test_wait_until (watch_done, &watch, 5000));
  g_assert_true (watch.answer_seen);
  g_assert_cmpuint (watch.echoes, ==, 1);

  /* Disconnected, the application sees nothing more, and the engine goes
   * on alone. */
  g_signal_handler_disconnect (server->transport, handler);
  watch.done = FALSE;
  mcp_client_call_tool_async (server->client, "echo", arguments, NULL, NULL, watched_echo_cb, &watch);
  g_assert_true (mcp_test_wait_until (watch_done, &watch, 5000));
  g_assert_cmpuint (watch.echoes, ==, 1);

  server_close (server);
}

/* A client made on a transport that another client was made on first
 * (and then dropped, never connected) still gets the messages. */
static void
test_second_client (void)
{
  g_autoptr(McpClient) first = NULL;
  Server *server;

  server = server_new (NULL);
  first = g_steal_pointer (&server->client);
  server->client = mcp_client_new (MCP_TRANSPORT (server->transport));
  mcp_client_set_version_negotiation (server->client, MCP_VERSION_NEGOTIATION_LEGACY);
  g_clear_object (&first);

  server_connect_or_fail (server);
  assert_echo_works (server);

  server_close (server);
}

static void
test_raw_request (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(JsonArray) messages = NULL;
  JsonObject *custom = NULL;
  JsonNode *tools;
  Server *server;

  server = server_start (NULL);

  mcp_client_request_async (server->client, "tools/list", NULL, NULL, NULL, mcp_test_store_result_cb,
                            &result);
  mcp_test_await_result (&result, "tools/list");
  answer = mcp_client_request_finish (server->client, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (answer);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (answer));
  tools = mcp_test_lookup (json_node_get_object (answer), "tools");
  g_assert_nonnull (tools);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (tools));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (tools)), >, 0);
  g_clear_object (&result);
  g_clear_pointer (&answer, json_node_unref);

  /* A server error keeps its code. */
  mcp_client_request_async (server->client, "no/such/method", NULL, NULL, NULL, mcp_test_store_result_cb,
                            &result);
  mcp_test_await_result (&result, "no/such/method");
  answer = mcp_client_request_finish (server->client, result, &error);
  g_assert_null (answer);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_METHOD_NOT_FOUND);
  g_clear_error (&error);
  g_clear_object (&result);

  /* A notification without params has no params member, and no id. */
  mcp_client_notify_async (server->client, "notifications/custom", NULL, NULL,
                           mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "notifications/custom");
  g_assert_true (mcp_client_notify_finish (server->client, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  messages = get_received (server);
  custom = find_message (messages, "notifications/custom");
  g_assert_nonnull (custom);
  g_assert_cmpstr (mcp_test_lookup_string (custom, "jsonrpc"), ==, "2.0");
  g_assert_false (json_object_has_member (custom, "params"));
  g_assert_false (json_object_has_member (custom, "id"));

  server_close (server);
}

int
main (int   argc,
      char *argv[])
{
  scripted_test_init (&argc, &argv);

  g_test_add_func ("/Mcp/Client/concurrent", test_concurrent);
  g_test_add_func ("/Mcp/Client/large-requests", test_large_requests);
  g_test_add_func ("/Mcp/Client/id-matching", test_id_matching);
  g_test_add_func ("/Mcp/Client/batch", test_batch);
  g_test_add_func ("/Mcp/Client/interleave", test_interleave);
  g_test_add_func ("/Mcp/Client/notifications", test_notifications);
  g_test_add_func ("/Mcp/Client/nested-main-loop", test_nested_main_loop);
  g_test_add_func ("/Mcp/Client/message-received", test_message_received);
  g_test_add_func ("/Mcp/Client/second-client", test_second_client);
  g_test_add_func ("/Mcp/Client/raw-request", test_raw_request);

  return scripted_test_run ();
}
