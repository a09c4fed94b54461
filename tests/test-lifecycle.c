/* test-lifecycle.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The life of McpClient with the scripted server mcp-test-server: calls
 * before the connection and after it closed, closing (with calls pending,
 * twice, with a server that ignores EOF and SIGTERM), the server dying in
 * every way (a crash with calls pending, at start, right after the
 * handshake, during a task, closing its output), the server's children
 * stopped with it, the application dropping the client in any state, and
 * main contexts: a client works entirely on the context it was created in,
 * and says so when used from another.
 */

#include <string.h>

#include <glib/gstdio.h>

#include "mcp-test-scripted.h"

/* ------------------------------------------------------------------------
 * Closing
 * ------------------------------------------------------------------------ */

typedef struct
{
  guint   count;
  GError *error;
} ClosedLog;

static void
on_closed (McpClient    *client,
           const GError *error,
           ClosedLog    *log)
{
  log->count++;
  g_clear_error (&log->error);
  log->error = error != NULL ? g_error_copy (error) : NULL;
}

typedef struct
{
  GAsyncResult *result;
  McpClient    *client;
  GError       *error;
} PendingCall;

static void
pending_call_start (PendingCall *call,
                    Server      *server,
                    const char  *name,
                    const char  *arguments_json)
{
  g_autoptr(JsonObject) arguments = mcp_test_parse_object (arguments_json);

  call->result = NULL;
  call->error = NULL;
  call->client = server->client;
  mcp_client_call_tool_async (server->client, name, arguments, NULL, NULL, mcp_test_store_result_cb,
                              &call->result);
}

/* Waits for the call and returns its error; it must fail. */
static GError *
pending_call_fail (PendingCall *call)
{
  g_autoptr(McpToolResult) result = NULL;

  mcp_test_await_result (&call->result, "pending call");
  result = mcp_client_call_tool_finish (call->client, call->result, &call->error);
  g_assert_null (result);
  g_assert_nonnull (call->error);
  g_clear_object (&call->result);

  return g_steal_pointer (&call->error);
}

static void
test_not_connected (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GAsyncResult) async_result = NULL;
  Server *server;

  server = server_new (NULL);

  result = call_tool (server, "echo", "{\"text\":\"too early\"}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED);
  g_clear_error (&error);
  /* Nothing was started. */
  g_assert_cmpint (server->pid, ==, 0);
  g_assert_null (mcp_stdio_transport_get_subprocess (server->transport));

  server_connect_or_fail (server);
  assert_echo_works (server);
  close_client (server->client);

  result = call_tool (server, "echo", "{\"text\":\"too late\"}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);
  g_clear_error (&error);

  mcp_client_notify_async (server->client, "notifications/custom", NULL, NULL,
                           mcp_test_store_result_cb, &async_result);
  mcp_test_await_result (&async_result, "notifications/custom");
  g_assert_false (mcp_client_notify_finish (server->client, async_result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);

  server_close (server);
}

static void
test_close (void)
{
  g_autoptr(GAsyncResult) close_result = NULL;
  g_autoptr(GError) error = NULL;
  ClosedLog closed = { 0, NULL };
  PendingCall call;
  Server *server;
  GPid pid;

  server = server_start (NULL);
  pid = server->pid;
  g_signal_connect (server->client, "closed", G_CALLBACK (on_closed), &closed);

  pending_call_start (&call, server, "sleep", "{\"ms\":10000}");
  mcp_client_close_async (server->client, NULL, mcp_test_store_result_cb, &close_result);

  /* The pending call fails before the close completes. */
  error = pending_call_fail (&call);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);
  g_clear_error (&error);

  mcp_test_await_result (&close_result, "close");
  g_assert_true (mcp_client_close_finish (server->client, close_result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);
  assert_process_gone (pid, 500);

  /* A deliberate close is reported without an error. */
  g_assert_cmpuint (closed.count, ==, 1);
  g_assert_no_error (closed.error);

  /* Closing again is fine. */
  close_client (server->client);
  g_assert_cmpuint (closed.count, ==, 1);

  server_close (server);
}

/* ------------------------------------------------------------------------
 * Starting in the background
 * ------------------------------------------------------------------------ */

/* The spawn helper, behind a gate that a test may close: every server of
 * these tests starts through a script (gate_script) that executes the
 * real helper, but first, for a server whose environment names a
 * directory in MCP_TEST_GATE, waits until the file "go" exists there (or
 * gives up after 20 s, leaving the file "gave-up"). Set up in main (),
 * before any thread runs; not without the helper (servers started with
 * fork () run when the spawn returns). */
static char *gate_script;

typedef struct
{
  char *dir;
  char *go;
  char *gave_up;
} Gate;

static void
gate_script_create (void)
{
  const char *real = g_getenv ("MCP_GLIB_SPAWN_HELPER");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *text = NULL;

  if (real == NULL || *real == '\0')
    return;

  dir = g_dir_make_tmp ("mcp-gate-XXXXXX", &error);
  g_assert_no_error (error);
  gate_script = g_build_filename (dir, "gated-helper", NULL);
  text = g_strdup_printf ("#!/bin/sh\n"
                          "if [ -n \"$MCP_TEST_GATE\" ]; then\n"
                          "  i=0\n"
                          "  while [ ! -e \"$MCP_TEST_GATE/go\" ] && [ $i -lt 200 ]; do\n"
                          "    sleep 0.1; i=$((i+1))\n"
                          "  done\n"
                          "  [ -e \"$MCP_TEST_GATE/go\" ] || touch \"$MCP_TEST_GATE/gave-up\"\n"
                          "fi\n"
                          "exec '%s' \"$@\"\n", real);
  g_file_set_contents (gate_script, text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (gate_script, 0700), ==, 0);
  g_setenv ("MCP_GLIB_SPAWN_HELPER", gate_script, TRUE);
}

static void
gate_script_remove (void)
{
  g_autofree char *dir = NULL;

  if (gate_script == NULL)
    return;

  dir = g_path_get_dirname (gate_script);
  g_unlink (gate_script);
  g_rmdir (dir);
  g_clear_pointer (&gate_script, g_free);
}

/* Closes the gate for @server's start. */
static gboolean
gate_init (Gate   *gate,
           Server *server)
{
  g_autoptr(GError) error = NULL;

  if (gate_script == NULL)
    return FALSE;

  gate->dir = g_dir_make_tmp ("mcp-gate-XXXXXX", &error);
  g_assert_no_error (error);
  gate->go = g_build_filename (gate->dir, "go", NULL);
  gate->gave_up = g_build_filename (gate->dir, "gave-up", NULL);
  mcp_stdio_transport_setenv (server->transport, "MCP_TEST_GATE", gate->dir);

  return TRUE;
}

static void
gate_open (Gate *gate)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (gate->go, "", 0, &error);
  g_assert_no_error (error);
}

static void
gate_clear (Gate *gate)
{
  g_unlink (gate->go);
  g_unlink (gate->gave_up);
  g_rmdir (gate->dir);
  g_free (gate->dir);
  g_free (gate->go);
  g_free (gate->gave_up);
}

/* Connecting returns while the helper starts the server: the main loop
 * goes on meanwhile (a spawn that waited for the server to run would not
 * return before the helper gave up on its gate). */
static void
test_start_in_background (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Gate gate = { NULL, };
  Server *server;

  server = server_new (NULL);
  if (!gate_init (&gate, server))
    {
      g_test_skip ("Servers start through fork (), not the helper");
      server_free (server);
      return;
    }

  mcp_client_connect_async (server->client, NULL, mcp_test_store_result_cb, &result);
  gate_open (&gate);

  mcp_test_await_result (&result, "connect");
  g_assert_true (mcp_client_connect_finish (server->client, result, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (gate.gave_up, G_FILE_TEST_EXISTS));
  assert_echo_works (server);

  server_close (server);
  gate_clear (&gate);
}

/* Closed while its server is being started, a client fails its connect,
 * closes, and leaves no process behind. */
static void
test_close_while_starting (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GAsyncResult) close_result = NULL;
  g_autoptr(GError) error = NULL;
  Gate gate = { NULL, };
  Server *server;
  GPid pid;

  server = server_new (NULL);
  if (!gate_init (&gate, server))
    {
      g_test_skip ("Servers start through fork (), not the helper");
      server_free (server);
      return;
    }

  mcp_client_connect_async (server->client, NULL, mcp_test_store_result_cb, &result);
  pid = server->pid;
  g_assert_cmpint (pid, >, 0);

  mcp_client_close_async (server->client, NULL, mcp_test_store_result_cb, &close_result);
  mcp_test_await_result (&result, "connect");
  g_assert_false (mcp_client_connect_finish (server->client, result, &error));
  g_assert_nonnull (error);
  g_test_message ("connect: %s", error->message);

  mcp_test_await_result (&close_result, "close");
  g_clear_error (&error);
  g_assert_true (mcp_client_close_finish (server->client, close_result, &error));
  g_assert_no_error (error);
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);

  server_free (server);
  gate_clear (&gate);
}

static void
test_close_stubborn (void)
{
  Server *server;
  gint64 start;
  GPid pid;

  server = server_start ("--ignore-eof", "--ignore-term", NULL);
  pid = server->pid;

  start = g_get_monotonic_time ();
  close_client (server->client);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 6000);
  assert_process_gone (pid, 1000);

  server_close (server);
}

/* ------------------------------------------------------------------------
 * The end of the server
 * ------------------------------------------------------------------------ */

static void
assert_error_mentions (const GError *error,
                       const char   *first,
                       const char   *second)
{
  g_assert_nonnull (error);
  if (strstr (error->message, first) == NULL ||
      (second != NULL && strstr (error->message, second) == NULL))
    g_test_message ("Unexpected error message: %s", error->message);
  g_assert_nonnull (strstr (error->message, first));
  if (second != NULL)
    g_assert_nonnull (strstr (error->message, second));
}

static void
test_server_death (void)
{
  PendingCall calls[3];
  ClosedLog closed = { 0, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  Server *server;
  gint64 start;

  server = server_start (NULL);
  g_signal_connect (server->client, "closed", G_CALLBACK (on_closed), &closed);

  start = g_get_monotonic_time ();
  pending_call_start (&calls[0], server, "sleep", "{\"ms\":10000}");
  pending_call_start (&calls[1], server, "sleep", "{\"ms\":20000}");
  pending_call_start (&calls[2], server, "crash",
                      "{\"status\":3,\"message\":\"boom: disk on fire\"}");

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_autoptr(GError) call_error = pending_call_fail (&calls[i]);

      g_assert_error (call_error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
      assert_error_mentions (call_error, "status 3", "disk on fire");
    }
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2000);

  g_assert_cmpuint (closed.count, ==, 1);
  g_assert_error (closed.error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (closed.error, "status 3", "disk on fire");
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);
  assert_process_gone (server->pid, PROCESS_GONE_TIMEOUT_MS);

  /* Later calls fail at once. */
  start = g_get_monotonic_time ();
  result = call_tool (server, "echo", "{\"text\":\"anyone?\"}", &error);
  g_assert_null (result);
  g_assert_nonnull (error);
  g_assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED) ||
                 g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED));
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 1000);

  server_close (server);
  g_assert_cmpuint (closed.count, ==, 1);
  g_clear_error (&closed.error);
}

static void
test_crash_at_start (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;

  server = server_new ("--crash-at-start=2", NULL);
  g_assert_false (server_connect (server, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (error, "status 2", "broken config");
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);

  server_close (server);
}

static void
test_exit_on_initialized (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;

  server = server_new ("--exit-on-initialized=4", NULL);

  if (server_connect (server, &error))
    {
      g_autoptr(McpToolResult) result = NULL;

      /* The handshake completed before the server's exit was noticed. */
      result = call_tool (server, "echo", "{\"text\":\"hello?\"}", &error);
      g_assert_null (result);
    }

  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (error, "status 4", "bye from server");
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);

  server_close (server);
}

static void
test_close_stdout (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  Server *server;
  gint64 start;

  server = server_start (NULL);

  start = g_get_monotonic_time ();
  result = call_tool (server, "close-stdout", NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (error, "still running", NULL);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 3000);

  /* Nobody closed the client, yet the server was stopped. */
  assert_process_gone (server->pid, PROCESS_GONE_TIMEOUT_MS);
  server_close (server);
}

/* A tool that runs as a task, whose server exits right after announcing
 * it: the call ends with the server's exit, not at the next poll 30 s
 * later, nor never. */
static void
test_task_server_exits (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;
  Server *server;

  server = server_start (NULL);

  start = g_get_monotonic_time ();
  result = call_tool (server, "task-then-exit", NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (error, "exited", NULL);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 5000);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);

  server_close (server);
}


/* ------------------------------------------------------------------------
 * The processes of the server
 * ------------------------------------------------------------------------ */

static GPid
spawn_grandchild (Server *server)
{
  g_autoptr(GArray) pids = spawn_descendants (server, 1);

  return g_array_index (pids, GPid, 0);
}

static void
test_grandchild (void)
{
  g_autoptr(GArray) descendants = NULL;
  Server *server;
  GPid grandchild;
  GPid pid;

  /* Closed. */
  server = server_start (NULL);
  grandchild = spawn_grandchild (server);
  g_assert_cmpint (grandchild, !=, server->pid);
  server_close (server);
  assert_process_gone (grandchild, 3000);

  /* Dropped without closing. */
  server = server_start (NULL);
  grandchild = spawn_grandchild (server);
  pid = server->pid;
  server_free (server);
  assert_process_gone (pid, 3000);
  assert_process_gone (grandchild, 3000);

  /* Further down: the server's processes are found by their parents, not
   * by a process group (the server has none of its own). */
  server = server_start (NULL);
  descendants = spawn_descendants (server, 3);
  server_close (server);
  assert_processes_gone (descendants, 3000);
  g_clear_pointer (&descendants, g_array_unref);

  server = server_start (NULL);
  descendants = spawn_descendants (server, 3);
  pid = server->pid;
  server_free (server);
  assert_process_gone (pid, 3000);
  assert_processes_gone (descendants, 3000);
}

/* A server that ignores EOF and SIGTERM, and so do the processes it
 * started (they inherit that): SIGKILL ends them all. */
static void
test_grandchild_stubborn (void)
{
  g_autoptr(GArray) descendants = NULL;
  Server *server;
  gint64 start;
  GPid pid;

  server = server_start ("--ignore-eof", "--ignore-term", NULL);
  pid = server->pid;
  descendants = spawn_descendants (server, 2);

  start = g_get_monotonic_time ();
  close_client (server->client);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 6000);
  assert_process_gone (pid, 1000);
  assert_processes_gone (descendants, 1000);

  server_close (server);
}

/* ------------------------------------------------------------------------
 * Dropping the client
 * ------------------------------------------------------------------------ */

static void
test_dispose_unclosed (void)
{
  Server *server;
  GPid pid;

  server = server_start (NULL);
  pid = server->pid;
  assert_echo_works (server);

  server_free (server);
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
}

/* Drops the last references of the application inside the call's own
 * callback, as a window closing on the answer would. */
static void
free_server_in_callback_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  Server **slot = user_data;
  g_autoptr(McpToolResult) answer = NULL;
  g_autoptr(GError) error = NULL;

  answer = mcp_client_call_tool_finish (MCP_CLIENT (source), result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (answer);

  server_free (g_steal_pointer (slot));
}

static gboolean
server_slot_is_empty (gpointer data)
{
  return *(Server **) data == NULL;
}

static void
test_dispose_states (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) answer = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) arguments = NULL;
  Server *server;
  GPid pid;

  /* While connecting: the handshake still completes exactly once, then
   * the server goes with the last reference. */
  server = server_new (NULL);
  mcp_client_connect_async (server->client, NULL, mcp_test_store_result_cb, &result);
  pid = server->pid;
  g_assert_cmpint (pid, >, 0);
  {
    g_autoptr(McpClient) client = g_object_ref (server->client);

    server_free (server);
    mcp_test_await_result (&result, "connect after the application let go");
    g_assert_true (mcp_client_connect_finish (client, result, &error));
    g_assert_no_error (error);
  }
  g_clear_object (&result);
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);

  /* Mid-call: the call still ends exactly once, with its answer. */
  server = server_start (NULL);
  pid = server->pid;
  arguments = json_from_string ("{\"ms\": 300}", NULL);
  mcp_client_call_tool_async (server->client, "sleep", json_node_get_object (arguments), NULL, NULL,
                              mcp_test_store_result_cb, &result);
  {
    g_autoptr(McpClient) client = g_object_ref (server->client);

    server_free (server);
    mcp_test_await_result (&result, "a call after the application let go");
    answer = mcp_client_call_tool_finish (client, result, &error);
    g_assert_no_error (error);
    g_assert_nonnull (answer);
  }
  g_clear_object (&answer);
  g_clear_object (&result);
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);

  /* Inside the call's own callback. */
  server = server_start (NULL);
  pid = server->pid;
  g_clear_pointer (&arguments, json_node_unref);
  arguments = json_from_string ("{\"text\": \"x\"}", NULL);
  mcp_client_call_tool_async (server->client, "echo", json_node_get_object (arguments),
                              NULL, NULL, free_server_in_callback_cb, &server);
  g_assert_true (mcp_test_wait_until (server_slot_is_empty, &server,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
}

/* ------------------------------------------------------------------------
 * Main contexts: a client works entirely on the context it was created in
 * ------------------------------------------------------------------------ */

static gboolean
keep_awake_cb (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

static void
count_call_progress_cb (McpRequestOptions *options,
                        double             progress,
                        double             total,
                        const char        *message,
                        guint             *count)
{
  (*count)++;
}

static gboolean
cancel_later_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

/* Iterates only @context until @slot is filled; fails after 20 s, as a call
 * whose sources went to another context would never be filled. */
static void
await_on_context (GMainContext  *context,
                  GAsyncResult **slot,
                  const char    *what)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  GSource *wake = g_timeout_source_new (50);

  g_source_set_callback (wake, keep_awake_cb, NULL, NULL);
  g_source_attach (wake, context);
  while (*slot == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (wake);
  g_source_unref (wake);

  if (*slot == NULL)
    g_error ("%s did not complete on its own main context", what);
}

/* Connects, calls tools (one with progress and a timeout, one that times
 * out, one cancelled) and closes, iterating only @context, the
 * thread-default one. */
static void
use_client_on_context (GMainContext *context)
{
  const char *argv[] = { scripted_server_path (), NULL };
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(JsonNode) echo = json_from_string ("{\"text\":\"here\"}", NULL);
  g_autoptr(JsonNode) progress = json_from_string ("{\"count\":3,\"interval_ms\":20}", NULL);
  g_autoptr(JsonNode) slow = json_from_string ("{\"ms\":5000}", NULL);
  g_autoptr(McpToolResult) answer = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint n_progress = 0;

  g_assert_true (g_main_context_get_thread_default () == context);

  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "connect");
  g_assert_true (mcp_client_connect_finish (client, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  mcp_client_call_tool_async (client, "echo", json_node_get_object (echo), NULL, NULL,
                              mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "echo");
  answer = mcp_client_call_tool_finish (client, result, &error);
  g_assert_no_error (error);
  text = mcp_tool_result_dup_text (answer);
  g_assert_cmpstr (text, ==, "here");
  g_clear_object (&answer);
  g_clear_object (&result);

  /* Progress, with a timeout that it keeps restarting. */
  mcp_request_options_set_timeout (options, 1000);
  g_signal_connect (options, "progress", G_CALLBACK (count_call_progress_cb), &n_progress);
  mcp_client_call_tool_async (client, "progress", json_node_get_object (progress), options,
                              NULL, mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "progress");
  answer = mcp_client_call_tool_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_progress, ==, 3);
  g_clear_object (&answer);
  g_clear_object (&result);

  /* A call that times out: the request timer must run on this context. */
  mcp_request_options_set_timeout (options, 100);
  g_signal_handlers_disconnect_by_func (options, count_call_progress_cb, &n_progress);
  mcp_client_call_tool_async (client, "sleep", json_node_get_object (slow), options,
                              NULL, mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "a call that times out");
  g_assert_null (mcp_client_call_tool_finish (client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_clear_error (&error);
  g_clear_object (&result);

  /* Cancelled from a timeout of the same context. */
  {
    GSource *later = g_timeout_source_new (50);

    g_source_set_callback (later, cancel_later_cb, g_object_ref (cancellable), g_object_unref);
    g_source_attach (later, context);
    g_source_unref (later);
  }
  mcp_client_call_tool_async (client, "sleep", json_node_get_object (slow), NULL, cancellable,
                              mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "a cancelled call");
  g_assert_null (mcp_client_call_tool_finish (client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_clear_object (&result);

  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "close");
  g_assert_true (mcp_client_close_finish (client, result, &error));
  g_assert_no_error (error);
}

static gpointer
worker_thread (gpointer user_data)
{
  g_autoptr(GMainContext) context = g_main_context_new ();

  g_main_context_push_thread_default (context);
  use_client_on_context (context);
  g_main_context_pop_thread_default (context);

  return GINT_TO_POINTER (TRUE);
}

/* A client used entirely from a worker thread with its own context, while
 * the main thread's context does not run. */
static void
test_context_worker_thread (void)
{
  GThread *thread = g_thread_new ("mcp-worker", worker_thread, NULL);

  g_assert_true (GPOINTER_TO_INT (g_thread_join (thread)));
}

/* The pattern of a synchronous wrapper: push a context, make the calls,
 * iterate only that context. */
static void
test_context_sync_wrapper (void)
{
  g_autoptr(GMainContext) context = g_main_context_new ();

  g_main_context_push_thread_default (context);
  use_client_on_context (context);
  g_main_context_pop_thread_default (context);
}

/* Using a client from a context other than its own is a programmer error,
 * caught loudly rather than left to hang. */
static void
test_context_misuse (void)
{
  if (g_test_subprocess ())
    {
      Server *server = server_start (NULL);
      g_autoptr(GMainContext) other = g_main_context_new ();
      g_autoptr(GAsyncResult) result = NULL;
      g_autoptr(GError) error = NULL;

      g_main_context_push_thread_default (other);
      mcp_client_ping_async (server->client, NULL, mcp_test_store_result_cb, &result);
      g_main_context_pop_thread_default (other);
      return;
    }

  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*ping*used from a main context other than*");
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  gate_script_create ();
  scripted_test_init (&argc, &argv);

  g_test_add_func ("/Mcp/Client/not-connected", test_not_connected);
  g_test_add_func ("/Mcp/Client/close", test_close);
  g_test_add_func ("/Mcp/Client/close-stubborn", test_close_stubborn);
  g_test_add_func ("/Mcp/Client/start-in-background", test_start_in_background);
  g_test_add_func ("/Mcp/Client/close-while-starting", test_close_while_starting);
  g_test_add_func ("/Mcp/Client/server-death", test_server_death);
  g_test_add_func ("/Mcp/Client/crash-at-start", test_crash_at_start);
  g_test_add_func ("/Mcp/Client/exit-on-initialized", test_exit_on_initialized);
  g_test_add_func ("/Mcp/Client/close-stdout", test_close_stdout);
  g_test_add_func ("/Mcp/Client/task-server-exits", test_task_server_exits);
  g_test_add_func ("/Mcp/Client/grandchild", test_grandchild);
  g_test_add_func ("/Mcp/Client/grandchild-stubborn", test_grandchild_stubborn);
  g_test_add_func ("/Mcp/Client/dispose-unclosed", test_dispose_unclosed);
  g_test_add_func ("/Mcp/Client/dispose-states", test_dispose_states);
  g_test_add_func ("/Mcp/Client/context-worker-thread", test_context_worker_thread);
  g_test_add_func ("/Mcp/Client/context-sync-wrapper", test_context_sync_wrapper);
  g_test_add_func ("/Mcp/Client/context-misuse", test_context_misuse);

  ret = scripted_test_run ();
  gate_script_remove ();

  return ret;
}
