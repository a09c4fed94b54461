/* test-timeouts.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Timeouts, progress and cancellation of McpClient's calls, against
 * the scripted server mcp-test-server: a call that times out or is
 * cancelled ends at once, the server is told, and its late answer is
 * dropped; progress is reported, per call or per options object, and
 * resets the timeout (unless asked not to) up to a hard maximum.
 */

#include "mcp-test-scripted.h"

static void
test_timeout (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonArray) messages = NULL;
  g_autoptr(GAsyncResult) late_result = NULL;
  g_autofree char *text = NULL;
  JsonObject *sleep_call;
  Server *server;
  gint64 start;

  server = server_start (NULL);
  mcp_client_set_request_timeout (server->client, 200);

  start = g_get_monotonic_time ();
  result = call_tool (server, "sleep", "{\"ms\":2500}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2000);
  g_clear_error (&error);

  /* The server was told. */
  messages = get_received (server);
  sleep_call = find_tool_call (messages, "sleep");
  g_assert_true (has_cancelled_notification (messages, mcp_test_lookup_int_or_fail (sleep_call, "id")));

  assert_echo_works (server);

  /* The late answer arrives while another call waits: it must be dropped,
   * not given to that call. */
  mcp_client_set_request_timeout (server->client, MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT);
  text = call_tool_text (server, "sleep", "{\"ms\":2600}");
  g_assert_cmpstr (text, ==, "slept 2600");
  g_assert_cmpint (mcp_test_elapsed_ms (start), >, 2500);
  assert_echo_works (server);

  server_close (server);
}

typedef struct
{
  GArray    *progress;
  GArray    *totals;
  GPtrArray *messages;
} ProgressLog;

static void
progress_log_init (ProgressLog *log)
{
  log->progress = g_array_new (FALSE, FALSE, sizeof (double));
  log->totals = g_array_new (FALSE, FALSE, sizeof (double));
  log->messages = g_ptr_array_new_with_free_func (g_free);
}

static void
progress_log_clear (ProgressLog *log)
{
  g_clear_pointer (&log->progress, g_array_unref);
  g_clear_pointer (&log->totals, g_array_unref);
  g_clear_pointer (&log->messages, g_ptr_array_unref);
}

static void
on_progress (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             ProgressLog       *log)
{
  g_array_append_val (log->progress, progress);
  g_array_append_val (log->totals, total);
  g_ptr_array_add (log->messages, g_strdup (message));
}

static void
test_progress_resets_timeout (void)
{
  g_autoptr(McpRequestOptions) options = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonArray) messages = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  ProgressLog log;
  JsonNode *token;
  guint n_progress;
  Server *server;

  server = server_start (NULL);
  mcp_client_set_request_timeout (server->client, 400);

  /* 900 ms in all, but never 400 ms without progress. */
  progress_log_init (&log);
  options = mcp_request_options_new ();
  g_assert_true (mcp_request_options_get_reset_timeout_on_progress (options));
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), &log);
  result = call_tool_full (server, "progress", "{\"count\":6,\"interval_ms\":150,\"total\":6}",
                           options, NULL, &error);
  g_assert_no_error (error);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "done 6");

  g_assert_cmpuint (log.progress->len, ==, 6);
  for (guint i = 0; i < log.progress->len; i++)
    {
      g_autofree char *step = g_strdup_printf ("step %u", i + 1);

      g_assert_cmpfloat (g_array_index (log.progress, double, i), ==, i + 1);
      g_assert_cmpfloat (g_array_index (log.totals, double, i), ==, 6);
      g_assert_cmpstr (log.messages->pdata[i], ==, step);
    }

  /* The request carried a progress token. */
  messages = get_received (server);
  token = mcp_test_lookup (find_tool_call (messages, "progress"), "params._meta.progressToken");
  g_assert_nonnull (token);
  g_assert_true (JSON_NODE_HOLDS_VALUE (token));
  g_assert_true (json_node_get_value_type (token) == G_TYPE_INT64 ||
                 json_node_get_value_type (token) == G_TYPE_STRING);
  g_clear_pointer (&messages, json_array_unref);
  g_clear_object (&options);
  g_clear_object (&result);
  progress_log_clear (&log);

  /* Without a total, the total is negative. */
  progress_log_init (&log);
  options = mcp_request_options_new ();
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), &log);
  result = call_tool_full (server, "progress", "{\"count\":2,\"interval_ms\":20}",
                           options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log.progress->len, ==, 2);
  g_assert_cmpfloat (g_array_index (log.totals, double, 0), <, 0);
  g_assert_cmpfloat (g_array_index (log.totals, double, 1), <, 0);
  g_clear_object (&options);
  g_clear_object (&result);
  progress_log_clear (&log);

  /* Progress that does not reset the timeout does not save the call. */
  progress_log_init (&log);
  options = mcp_request_options_new ();
  mcp_request_options_set_reset_timeout_on_progress (options, FALSE);
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), &log);
  result = call_tool_full (server, "progress", "{\"count\":6,\"interval_ms\":150,\"total\":6}",
                           options, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpuint (log.progress->len, <, 6);
  g_clear_error (&error);

  /* Progress for the abandoned call is no longer reported. */
  n_progress = log.progress->len;
  mcp_test_iterate_for (700);
  g_assert_cmpuint (log.progress->len, ==, n_progress);
  assert_echo_works (server);

  server_close (server);
  progress_log_clear (&log);
}

static void
count_notification (McpClient  *client,
                    const char *method,
                    JsonNode   *params,
                    guint      *count)
{
  if (g_str_equal (method, "notifications/progress"))
    (*count)++;
}

/* Progress reaches the call's options the same way whether or not the
 * application watches the notifications too (the engine reads them
 * without a tree when it does not), and the application that watches
 * them, with the method as detail or without, sees each one. */
static void
test_progress_watched (void)
{
  const char *arguments = "{\"count\":4,\"interval_ms\":5,\"total\":4}";
  const char *details[] = { "notification::notifications/progress", "notification" };
  Server *server;

  server = server_start (NULL);

  for (guint round = 0; round < 3; round++)
    {
      g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
      g_autoptr(McpToolResult) result = NULL;
      g_autoptr(GError) error = NULL;
      guint notifications = 0;
      gulong handler = 0;
      ProgressLog log;

      /* Watched with the detail, watched without, not watched. */
      if (round < G_N_ELEMENTS (details))
        handler = g_signal_connect (server->client, details[round],
                                    G_CALLBACK (count_notification), &notifications);

      progress_log_init (&log);
      g_signal_connect (options, "progress", G_CALLBACK (on_progress), &log);
      result = call_tool_full (server, "progress", arguments, options, NULL, &error);
      g_assert_no_error (error);

      g_test_message ("round %u: %u notifications", round, notifications);
      g_assert_cmpuint (notifications, ==, handler != 0 ? 4 : 0);
      g_assert_cmpuint (log.progress->len, ==, 4);
      for (guint i = 0; i < log.progress->len; i++)
        {
          g_autofree char *step = g_strdup_printf ("step %u", i + 1);

          g_assert_cmpfloat (g_array_index (log.progress, double, i), ==, i + 1);
          g_assert_cmpfloat (g_array_index (log.totals, double, i), ==, 4);
          g_assert_cmpstr (log.messages->pdata[i], ==, step);
        }

      if (handler != 0)
        g_signal_handler_disconnect (server->client, handler);
      progress_log_clear (&log);
    }

  server_close (server);
}

typedef struct
{
  GArray *steps;
  gboolean freed;
} CallProgress;

static void
call_progress_cb (double      progress,
                  double      total,
                  const char *message,
                  gpointer    user_data)
{
  CallProgress *call = user_data;

  g_assert_false (call->freed);
  g_array_append_val (call->steps, progress);
}

static void
call_progress_free (gpointer user_data)
{
  CallProgress *call = user_data;

  g_assert_false (call->freed);
  call->freed = TRUE;
}

static void
shared_progress_cb (McpRequestOptions *options,
                    GCancellable      *cancellable,
                    double             progress,
                    double             total,
                    const char        *message,
                    GHashTable        *counts)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, cancellable));

  g_hash_table_insert (counts, cancellable, GUINT_TO_POINTER (count + 1));
}

/* A call's progress is followed without an options object, with a
 * callback and data per call; and one options object shared by calls that
 * run at the same time tells their progress apart by their cancellables. */
static void
test_progress_per_call (void)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  g_autoptr(McpRequestOptions) shared = mcp_request_options_new ();
  g_autoptr(GCancellable) first = g_cancellable_new ();
  g_autoptr(GCancellable) second = g_cancellable_new ();
  g_autoptr(GAsyncResult) result_a = NULL;
  g_autoptr(GAsyncResult) result_b = NULL;
  CallProgress a = { g_array_new (FALSE, FALSE, sizeof (double)), FALSE };
  CallProgress b = { g_array_new (FALSE, FALSE, sizeof (double)), FALSE };
  g_autoptr(JsonNode) arguments_a = json_from_string ("{\"count\":3,\"interval_ms\":20}", NULL);
  g_autoptr(JsonNode) arguments_b = json_from_string ("{\"count\":5,\"interval_ms\":15}", NULL);
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;

  server = server_start (NULL);

  /* Two calls at once, each with its own callback data. */
  mcp_client_call_tool_with_progress_async (server->client, "progress",
                                            json_node_get_object (arguments_a),
                                            call_progress_cb, &a, call_progress_free,
                                            NULL, mcp_test_store_result_cb, &result_a);
  mcp_client_call_tool_with_progress_async (server->client, "progress",
                                            json_node_get_object (arguments_b),
                                            call_progress_cb, &b, call_progress_free,
                                            NULL, mcp_test_store_result_cb, &result_b);
  mcp_test_await_result (&result_a, "the first call");
  mcp_test_await_result (&result_b, "the second call");
  tool_result = mcp_client_call_tool_with_progress_finish (server->client, result_a, &error);
  g_assert_no_error (error);
  g_clear_object (&tool_result);
  tool_result = mcp_client_call_tool_with_progress_finish (server->client, result_b, &error);
  g_assert_no_error (error);
  g_clear_object (&tool_result);
  g_clear_object (&result_a);
  g_clear_object (&result_b);

  g_assert_cmpuint (a.steps->len, ==, 3);
  g_assert_cmpuint (b.steps->len, ==, 5);
  for (guint i = 0; i < b.steps->len; i++)
    g_assert_cmpfloat (g_array_index (b.steps, double, i), ==, i + 1);
  /* Each call's data is freed once it ended. */
  mcp_test_iterate_for (50);
  g_assert_true (a.freed);
  g_assert_true (b.freed);

  /* One options object for both, told apart by their cancellables. */
  g_signal_connect (shared, "call-progress", G_CALLBACK (shared_progress_cb), counts);
  mcp_client_call_tool_full_async (server->client, "progress", json_node_get_object (arguments_a),
                                   shared, first, mcp_test_store_result_cb, &result_a);
  mcp_client_call_tool_full_async (server->client, "progress", json_node_get_object (arguments_b),
                                   shared, second, mcp_test_store_result_cb, &result_b);
  mcp_test_await_result (&result_a, "the first call");
  mcp_test_await_result (&result_b, "the second call");
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (counts, first)), ==, 3);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (counts, second)), ==, 5);
  g_assert_cmpuint (g_hash_table_size (counts), ==, 2);

  server_close (server);
  g_array_unref (a.steps);
  g_array_unref (b.steps);
}

static void
test_hard_max (void)
{
  g_autoptr(McpRequestOptions) options = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  ProgressLog log;
  Server *server;
  gint64 start;

  server = server_start (NULL);

  progress_log_init (&log);
  options = mcp_request_options_new ();
  mcp_request_options_set_timeout (options, 300);
  mcp_request_options_set_max_total_timeout (options, 600);
  g_assert_cmpuint (mcp_request_options_get_timeout (options), ==, 300);
  g_assert_cmpuint (mcp_request_options_get_max_total_timeout (options), ==, 600);
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), &log);

  /* Progress every 100 ms keeps the 300 ms timeout away for 3 s, but not
   * past the 600 ms limit. */
  start = g_get_monotonic_time ();
  result = call_tool_full (server, "progress", "{\"count\":30,\"interval_ms\":100}",
                           options, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (mcp_test_elapsed_ms (start), >=, 550);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2500);
  g_assert_cmpuint (log.progress->len, >=, 1);

  assert_echo_works (server);

  server_close (server);
  progress_log_clear (&log);
}

static gboolean
cancel_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);

  return G_SOURCE_REMOVE;
}

static void
test_cancel (void)
{
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonArray) messages = NULL;
  g_autoptr(GPtrArray) sleeps = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  gint64 start;

  server = server_start (NULL);

  cancellable = g_cancellable_new ();
  g_timeout_add (50, cancel_cb, cancellable);
  start = g_get_monotonic_time ();
  result = call_tool_full (server, "sleep", "{\"ms\":5000}", NULL, cancellable, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 1000);
  g_clear_error (&error);
  g_clear_object (&cancellable);

  messages = get_received (server);
  g_assert_true (has_cancelled_notification (messages,
                                             mcp_test_lookup_int_or_fail (find_tool_call (messages, "sleep"),
                                                                 "id")));
  g_clear_pointer (&messages, json_array_unref);

  assert_echo_works (server);

  /* Cancelled before it started: it never reaches the server. */
  cancellable = g_cancellable_new ();
  g_cancellable_cancel (cancellable);
  result = call_tool_full (server, "sleep", "{\"ms\":4242}", NULL, cancellable, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  messages = get_received (server);
  sleeps = find_tool_calls (messages, "sleep");
  g_assert_cmpuint (sleeps->len, ==, 1);

  assert_echo_works (server);

  server_close (server);
}

int
main (int   argc,
      char *argv[])
{
  scripted_test_init (&argc, &argv);

  g_test_add_func ("/Mcp/Client/timeout", test_timeout);
  g_test_add_func ("/Mcp/Client/progress-resets-timeout", test_progress_resets_timeout);
  g_test_add_func ("/Mcp/Client/progress-per-call", test_progress_per_call);
  g_test_add_func ("/Mcp/Client/progress-watched", test_progress_watched);
  g_test_add_func ("/Mcp/Client/hard-max", test_hard_max);
  g_test_add_func ("/Mcp/Client/cancel", test_cancel);

  return scripted_test_run ();
}
