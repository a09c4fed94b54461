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

static gboolean
six_notifications (gpointer data)
{
  return ((NotificationLog *) data)->methods->len >= 6;
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
  NotificationLog notifications;
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

  /* Progress that does not reset the timeout does not save the call. The
   * client's ::notification sees each progress notification of it. */
  notification_log_init (&notifications);
  g_signal_connect (server->client, "notification::notifications/progress",
                    G_CALLBACK (on_notification), &notifications);
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

  /* Progress for the abandoned call is no longer reported: not once the
   * server sent all six. */
  n_progress = log.progress->len;
  g_assert_true (mcp_test_wait_until (six_notifications, &notifications,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  g_assert_cmpuint (log.progress->len, ==, n_progress);
  assert_echo_works (server);

  server_close (server);
  progress_log_clear (&log);
  notification_log_clear (&notifications);
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

static gboolean
both_freed (gpointer data)
{
  CallProgress **calls = data;

  return calls[0]->freed && calls[1]->freed;
}

static void
call_progress_cb (McpRequestOptions *options,
                  double             progress,
                  double             total,
                  const char        *message,
                  gpointer           user_data)
{
  CallProgress *call = user_data;

  g_assert_false (call->freed);
  g_array_append_val (call->steps, progress);
}

static void
call_progress_free (gpointer  user_data,
                    GClosure *closure)
{
  CallProgress *call = user_data;

  g_assert_false (call->freed);
  call->freed = TRUE;
}

/* Each call's progress is followed on options of its own, with data per
 * call that is freed once the call ended; one options object shared by
 * calls that run at the same time hears the progress of both. */
static void
test_progress_per_call (void)
{
  g_autoptr(McpRequestOptions) shared = mcp_request_options_new ();
  g_autoptr(McpRequestOptions) options_a = NULL;
  g_autoptr(McpRequestOptions) options_b = NULL;
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

  /* Two calls at once, each with its own options and callback data. */
  options_a = mcp_request_options_new ();
  g_signal_connect_data (options_a, "progress", G_CALLBACK (call_progress_cb), &a,
                         call_progress_free, 0);
  options_b = mcp_request_options_new ();
  g_signal_connect_data (options_b, "progress", G_CALLBACK (call_progress_cb), &b,
                         call_progress_free, 0);
  mcp_client_call_tool_async (server->client, "progress", json_node_get_object (arguments_a),
                              options_a, NULL, mcp_test_store_result_cb, &result_a);
  mcp_client_call_tool_async (server->client, "progress", json_node_get_object (arguments_b),
                              options_b, NULL, mcp_test_store_result_cb, &result_b);
  /* The calls keep their options as long as they need them. */
  g_clear_object (&options_a);
  g_clear_object (&options_b);
  mcp_test_await_result (&result_a, "the first call");
  mcp_test_await_result (&result_b, "the second call");
  tool_result = mcp_client_call_tool_finish (server->client, result_a, &error);
  g_assert_no_error (error);
  g_clear_object (&tool_result);
  tool_result = mcp_client_call_tool_finish (server->client, result_b, &error);
  g_assert_no_error (error);
  g_clear_object (&tool_result);
  g_clear_object (&result_a);
  g_clear_object (&result_b);

  g_assert_cmpuint (a.steps->len, ==, 3);
  g_assert_cmpuint (b.steps->len, ==, 5);
  for (guint i = 0; i < b.steps->len; i++)
    g_assert_cmpfloat (g_array_index (b.steps, double, i), ==, i + 1);
  /* Each call's data is freed once it ended. */
  g_assert_true (mcp_test_wait_until (both_freed, (CallProgress *[]) { &a, &b },
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));

  /* One options object for both hears both. */
  g_array_set_size (a.steps, 0);
  a.freed = FALSE;
  g_signal_connect_data (shared, "progress", G_CALLBACK (call_progress_cb), &a,
                         call_progress_free, 0);
  mcp_client_call_tool_async (server->client, "progress", json_node_get_object (arguments_a),
                              shared, NULL, mcp_test_store_result_cb, &result_a);
  mcp_client_call_tool_async (server->client, "progress", json_node_get_object (arguments_b),
                              shared, NULL, mcp_test_store_result_cb, &result_b);
  mcp_test_await_result (&result_a, "the first call");
  mcp_test_await_result (&result_b, "the second call");
  g_assert_cmpuint (a.steps->len, ==, 3 + 5);
  g_clear_object (&shared);
  g_assert_true (a.freed);

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

/* The same limits set for every call of the client, through its
 * properties, with no per-call options. */
static void
test_client_hard_max (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  gint64 start;

  server = server_start (NULL);
  g_assert_cmpuint (mcp_client_get_request_timeout (server->client), ==,
                    MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT);
  g_assert_cmpuint (mcp_client_get_max_request_timeout (server->client), ==,
                    MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT);

  mcp_client_set_request_timeout (server->client, 300);
  mcp_client_set_max_request_timeout (server->client, 600);
  g_assert_cmpuint (mcp_client_get_request_timeout (server->client), ==, 300);
  g_assert_cmpuint (mcp_client_get_max_request_timeout (server->client), ==, 600);

  /* Progress every 100 ms restarts the 300 ms timeout, but the call ends
   * at the 600 ms limit. */
  start = g_get_monotonic_time ();
  result = call_tool (server, "progress", "{\"count\":30,\"interval_ms\":100}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (mcp_test_elapsed_ms (start), >=, 550);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2500);

  mcp_client_set_request_timeout (server->client, MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT);
  mcp_client_set_max_request_timeout (server->client, MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT);
  assert_echo_works (server);

  server_close (server);
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

/* Cancelling a call of a tool that runs as a task -------------------------- */

typedef struct
{
  guint   calls;
  GError *error;
} TaskCancel;

static void
task_call_done_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  TaskCancel *state = user_data;
  g_autoptr(McpToolResult) answer = NULL;

  state->calls++;
  g_clear_error (&state->error);
  answer = mcp_client_call_tool_finish (MCP_CLIENT (source), result, &state->error);
  g_assert_null (answer);
}

static gboolean
task_call_done (gpointer user_data)
{
  return ((TaskCancel *) user_data)->calls > 0;
}

/* A round trip: what the server sent before its answer has been handled. */
static void
ping (Server *server)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_ping_async (server->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "ping");
  g_assert_true (mcp_client_ping_finish (server->client, result, &error));
  g_assert_no_error (error);
}

static guint
count_received (JsonArray  *messages,
                const char *method)
{
  guint n = 0;

  for (guint i = 0; i < json_array_get_length (messages); i++)
    if (g_strcmp0 (mcp_test_lookup_string (message_at (messages, i), "method"), method) == 0)
      n++;

  return n;
}

typedef struct
{
  Server     *server;
  const char *method;
  guint       count;
} Received;

static gboolean
server_received (gpointer user_data)
{
  Received *wanted = user_data;
  g_autoptr(JsonArray) messages = get_received (wanted->server);

  return count_received (messages, wanted->method) >= wanted->count;
}

/* Where the cancel comes in the exchange of a task-mode call. */
typedef enum
{
  CANCEL_BEFORE_CALL,     /* the cancellable is cancelled already */
  CANCEL_AT_ONCE,         /* before the main loop ran: before the request is written */
  CANCEL_BEFORE_CREATED,  /* the server has the request, the task is not created yet */
  CANCEL_AFTER_CREATED,   /* the task is created, not polled yet */
  CANCEL_WHILE_POLLING,   /* polled a few times */
} CancelPoint;

/* Wherever the call is cancelled, it ends once, at once, as cancelled, and
 * every task the server created for it is cancelled: never left to run
 * on, as it was when the cancel came before the server said which task it
 * created. */
static void
test_cancel_task (gconstpointer data)
{
  CancelPoint point = GPOINTER_TO_INT (data);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(JsonObject) arguments = NULL;
  g_autoptr(JsonArray) messages = NULL;
  g_autoptr(GPtrArray) calls = NULL;
  TaskCancel state = { 0, };
  Received wanted;
  Server *server;

  server = server_start (NULL);
  /* The client learns which tools run as tasks. */
  assert_echo_works (server);

  switch (point)
    {
    case CANCEL_BEFORE_CREATED:
      arguments = json_object_new ();
      json_object_set_int_member (arguments, "ms_create", 5000);
      break;
    case CANCEL_WHILE_POLLING:
      arguments = json_object_new ();
      json_object_set_int_member (arguments, "poll_ms", 50);
      break;
    case CANCEL_BEFORE_CALL:
    case CANCEL_AT_ONCE:
    case CANCEL_AFTER_CREATED:
    default:
      break;
    }

  if (point == CANCEL_BEFORE_CALL)
    g_cancellable_cancel (cancellable);
  mcp_client_call_tool_async (server->client, "task", arguments, NULL, cancellable,
                              task_call_done_cb, &state);

  switch (point)
    {
    case CANCEL_BEFORE_CALL:
      break;
    case CANCEL_AT_ONCE:
      g_cancellable_cancel (cancellable);
      break;
    case CANCEL_BEFORE_CREATED:
    case CANCEL_AFTER_CREATED:
      ping (server);
      g_assert_cmpuint (state.calls, ==, 0);
      g_cancellable_cancel (cancellable);
      break;
    case CANCEL_WHILE_POLLING:
      wanted = (Received) { server, "tasks/get", 2 };
      g_assert_true (mcp_test_wait_until (server_received, &wanted,
                                          MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
      g_assert_cmpuint (state.calls, ==, 0);
      g_cancellable_cancel (cancellable);
      break;
    default:
      g_assert_not_reached ();
    }

  /* The caller hears of it at once, not once the task is created. */
  g_assert_true (mcp_test_wait_until (task_call_done, &state, 3000));
  g_assert_error (state.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  messages = get_received (server);
  calls = find_tool_calls (messages, "task");
  g_assert_cmpuint (calls->len, ==, point == CANCEL_BEFORE_CALL ? 0 : 1);
  if (calls->len > 0)
    {
      wanted = (Received) { server, "tasks/cancel", 1 };
      g_assert_true (mcp_test_wait_until (server_received, &wanted,
                                          MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
    }

  /* Once. */
  ping (server);
  g_assert_cmpuint (state.calls, ==, 1);
  g_clear_pointer (&messages, json_array_unref);
  messages = get_received (server);
  g_assert_cmpuint (count_received (messages, "tasks/cancel"), ==, calls->len);

  g_clear_error (&state.error);
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
  g_test_add_func ("/Mcp/Client/client-hard-max", test_client_hard_max);
  g_test_add_func ("/Mcp/Client/cancel", test_cancel);
  g_test_add_data_func ("/Mcp/Client/cancel-task/before-call",
                        GINT_TO_POINTER (CANCEL_BEFORE_CALL), test_cancel_task);
  g_test_add_data_func ("/Mcp/Client/cancel-task/at-once",
                        GINT_TO_POINTER (CANCEL_AT_ONCE), test_cancel_task);
  g_test_add_data_func ("/Mcp/Client/cancel-task/before-created",
                        GINT_TO_POINTER (CANCEL_BEFORE_CREATED), test_cancel_task);
  g_test_add_data_func ("/Mcp/Client/cancel-task/after-created",
                        GINT_TO_POINTER (CANCEL_AFTER_CREATED), test_cancel_task);
  g_test_add_data_func ("/Mcp/Client/cancel-task/while-polling",
                        GINT_TO_POINTER (CANCEL_WHILE_POLLING), test_cancel_task);

  return scripted_test_run ();
}
