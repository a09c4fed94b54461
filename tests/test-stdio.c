/* test-stdio.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What McpClient sees of a server over stdio, with the scripted server
 * mcp-test-server: how the process is started (working directory,
 * environment: no secrets by default), its stderr (drained, decoded, its
 * tail kept), and its output: lines split over many reads or many in one
 * read, banners and junk lines skipped, messages over the maximum size
 * failing only the call they answer.
 */

#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>

#include <glib-unix.h>

#include "mcp-test-scripted.h"

/* With a working directory, GLib starts the server with fork() rather than
 * posix_spawn(): the server runs there, and is stopped in the same way. */
static void
test_cwd (void)
{
  g_autoptr(GArray) descendants = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mcp-glib-test-XXXXXX", NULL);
  g_autofree char *real_dir = NULL;
  g_autofree char *text = NULL;
  Server *server;
  GPid pid;

  g_assert_nonnull (dir);
  real_dir = realpath (dir, NULL);
  g_assert_nonnull (real_dir);

  server = server_new (NULL);
  mcp_stdio_transport_set_cwd (server->transport, dir);
  server_connect_or_fail (server);
  text = call_tool_text (server, "getcwd", NULL);
  g_assert_cmpstr (text, ==, real_dir);
  descendants = spawn_descendants (server, 2);
  server_close (server);
  assert_processes_gone (descendants, 3000);
  g_clear_pointer (&descendants, g_array_unref);

  /* Dropped without closing. */
  server = server_new (NULL);
  mcp_stdio_transport_set_cwd (server->transport, dir);
  server_connect_or_fail (server);
  descendants = spawn_descendants (server, 2);
  pid = server->pid;
  server_free (server);
  assert_process_gone (pid, 3000);
  assert_processes_gone (descendants, 3000);

  g_assert_cmpint (rmdir (dir), ==, 0);
}

static void
assert_getenv (Server     *server,
               const char *name,
               const char *expected)
{
  g_autofree char *arguments = g_strdup_printf ("{\"name\":\"%s\"}", name);
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = call_tool (server, "getenv", arguments, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  text = mcp_tool_result_dup_text (result);
  if (expected == NULL)
    {
      g_assert_true (mcp_tool_result_get_is_error (result));
      g_assert_cmpstr (text, ==, "unset");
    }
  else
    {
      g_assert_false (mcp_tool_result_get_is_error (result));
      g_assert_cmpstr (text, ==, expected);
    }
}

static void
test_environment (void)
{
  const char *secret[] = { "SECRET_TOKEN", NULL };
  const char *prefix[] = { "SECRET_*", NULL };
  const char *path = g_getenv ("PATH");
  Server *server;

  g_assert_nonnull (path);
  g_assert_cmpstr (g_getenv ("SECRET_TOKEN"), ==, "hunter2");

  /* Not passed by default. */
  server = server_start (NULL);
  assert_getenv (server, "SECRET_TOKEN", NULL);
  assert_getenv (server, "PATH", path);
  server_close (server);

  /* Passed when asked for, by name or by prefix; setenv() adds and
   * unsetenv() removes variables. */
  server = server_new (NULL);
  mcp_stdio_transport_set_inherit_env (server->transport, secret);
  mcp_stdio_transport_setenv (server->transport, "FOO", "bar");
  server_connect_or_fail (server);
  assert_getenv (server, "SECRET_TOKEN", "hunter2");
  assert_getenv (server, "FOO", "bar");
  assert_getenv (server, "PATH", path);
  server_close (server);

  server = server_new (NULL);
  mcp_stdio_transport_set_inherit_env (server->transport, prefix);
  g_assert_true (g_strv_equal (mcp_stdio_transport_get_inherit_env (server->transport), prefix));
  mcp_stdio_transport_unsetenv (server->transport, "PATH");
  server_connect_or_fail (server);
  assert_getenv (server, "SECRET_TOKEN", "hunter2");
  assert_getenv (server, "PATH", NULL);
  server_close (server);

  /* A complete environment replaces the safe default and what is
   * inherited; NULL brings the default back. */
  server = server_new (NULL);
  g_assert_null (mcp_stdio_transport_get_environ (server->transport));
  {
    const char *complete[] = { "ONLY=this", NULL, NULL };
    g_autofree char *path_variable = g_strconcat ("PATH=", path, NULL);

    complete[1] = path_variable;
    mcp_stdio_transport_set_environ (server->transport, complete);
    g_assert_true (g_strv_equal (mcp_stdio_transport_get_environ (server->transport), complete));
    mcp_stdio_transport_set_inherit_env (server->transport, secret);
    server_connect_or_fail (server);
    assert_getenv (server, "ONLY", "this");
    assert_getenv (server, "PATH", path);
    assert_getenv (server, "SECRET_TOKEN", NULL);
    assert_getenv (server, "HOME", NULL);
    server_close (server);
  }

  server = server_new (NULL);
  mcp_stdio_transport_set_environ (server->transport, NULL);
  g_assert_null (mcp_stdio_transport_get_environ (server->transport));
  server_connect_or_fail (server);
  assert_getenv (server, "PATH", path);
  server_close (server);
}

static void
test_banner (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;

  server = server_new ("--banner", NULL);

  mcp_test_expect_warning ("*not a JSON-RPC message*");
  g_assert_true (server_connect (server, &error));
  g_assert_no_error (error);
  mcp_test_assert_expected_warnings ();

  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (MCP_STREAM_TRANSPORT (server->transport)),
                    ==, 1);
  assert_echo_works (server);

  server_close (server);
}

static void
test_noise (void)
{
  g_autofree char *text = NULL;
  Server *server;

  server = server_start (NULL);

  mcp_test_expect_warning ("*not a JSON-RPC message*");
  text = call_tool_text (server, "noise", NULL);
  mcp_test_assert_expected_warnings ();
  g_assert_cmpstr (text, ==, "noisy");
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (MCP_STREAM_TRANSPORT (server->transport)),
                    ==, 1);

  assert_echo_works (server);

  server_close (server);
}

static void
test_oversized (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(McpContent) block = NULL;
  g_autofree char *text = NULL;
  guint64 max_message_size = 0;
  Server *server;
  gint64 start;

  server = server_new (NULL);
  mcp_stream_transport_set_max_message_size (MCP_STREAM_TRANSPORT (server->transport),
                                             1024 * 1024);
  g_object_get (server->transport, "max-message-size", &max_message_size, NULL);
  g_assert_cmpuint (max_message_size, ==, 1024 * 1024);
  server_connect_or_fail (server);

  /* An answer too large fails its call, wherever its id is. */
  start = g_get_monotonic_time ();
  result = call_tool (server, "big", "{\"bytes\":2097152}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 5000);
  g_clear_error (&error);

  start = g_get_monotonic_time ();
  result = call_tool (server, "big-id-last", "{\"bytes\":2097152}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 5000);
  g_clear_error (&error);

  /* A line too large that answers nothing is skipped. */
  text = call_tool_text (server, "huge-line", "{\"bytes\":3145728}");
  g_assert_cmpstr (text, ==, "after huge");

  assert_echo_works (server);
  server_close (server);

  /* The default limit is far above 8 MiB. */
  server = server_start (NULL);
  result = call_tool (server, "big", "{\"bytes\":8388608}", &error);
  g_assert_no_error (error);
  block = content_at (result, 0);
  g_assert_cmpuint (strlen (mcp_content_get_text (block)), ==, 8388608);

  assert_echo_works (server);
  server_close (server);
}

static void
test_split_multi (void)
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

  /* One line in many reads. */
  text = call_tool_text (server, "split", NULL);
  g_assert_cmpstr (text, ==, "split");
  g_clear_pointer (&text, g_free);

  /* Many lines in one read. */
  result = watched_call_tool (server, "multi", &log, &before);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "multi");
  g_assert_cmpuint (log.methods->len, ==, 2);
  g_assert_cmpuint (before, ==, 2);
  g_assert_cmpstr (notification_log_data (&log, 0), ==, "multi-1");
  g_assert_cmpstr (notification_log_data (&log, 1), ==, "multi-2");

  assert_echo_works (server);

  server_close (server);
  notification_log_clear (&log);
}

typedef struct
{
  guint      noise_lines;
  guint      invalid_lines;
  GPtrArray *other_lines;
} StderrLog;

static void
on_stderr_line (McpStdioTransport *transport,
                const char        *line,
                StderrLog         *log)
{
  if (!g_utf8_validate (line, -1, NULL) || strchr (line, '\n') != NULL)
    log->invalid_lines++;
  else if (strstr (line, "eeeeeeee") != NULL)
    log->noise_lines++;
  else
    g_ptr_array_add (log->other_lines, g_strdup (line));
}

/* The line the server writes after the noise: every line before it has
 * been read. */
static gboolean
noise_end_read (gpointer data)
{
  StderrLog *log = data;

  return g_ptr_array_find_with_equal_func (log->other_lines, "stderr end", g_str_equal, NULL);
}

static gboolean
hello_read (gpointer data)
{
  StderrLog *log = data;

  return g_ptr_array_find_with_equal_func (log->other_lines, "hello", g_str_equal, NULL);
}

static void
test_stderr (void)
{
  g_autofree char *text = NULL;
  g_autofree char *tail = NULL;
  StderrLog log = { 0, 0, NULL };
  Server *server;

  log.other_lines = g_ptr_array_new_with_free_func (g_free);

  /* 20000 lines of 100 bytes, each starting with invalid UTF-8. */
  server = server_new (NULL);
  g_signal_connect (server->transport, "stderr-line", G_CALLBACK (on_stderr_line), &log);
  server_connect_or_fail (server);
  text = call_tool_text (server, "stderr", "{\"bytes\":2000000}");
  g_assert_cmpstr (text, ==, "stderr done");

  g_assert_true (mcp_test_wait_until (noise_end_read, &log, 10000));
  g_assert_cmpuint (log.noise_lines, ==, 20000);
  g_assert_cmpuint (log.invalid_lines, ==, 0);

  tail = mcp_stdio_transport_dup_stderr_tail (server->transport);
  g_assert_nonnull (tail);
  g_assert_cmpuint (strlen (tail), >, 0);
  g_assert_cmpuint (strlen (tail), <=, 4096);
  g_assert_true (g_utf8_validate (tail, -1, NULL));
  g_assert_nonnull (strstr (tail, "eeeeeeee"));

  assert_echo_works (server);
  server_close (server);

  /* Output before the handshake is read too. */
  server = server_new ("--stderr-at-start=hello", NULL);
  g_signal_connect (server->transport, "stderr-line", G_CALLBACK (on_stderr_line), &log);
  server_connect_or_fail (server);
  g_assert_true (mcp_test_wait_until (hello_read, &log, 5000));
  server_close (server);

  g_ptr_array_unref (log.other_lines);
}

/* What reopening a stdio transport is tested with: one process that
 * answers one message and exits, what came back and how it ended. */
typedef struct
{
  guint   received;
  guint   closed;
  GError *closed_error;
} Echo;

static void
echo_received_cb (McpTransport *transport,
                  JsonNode     *message,
                  Echo         *echo)
{
  echo->received++;
}

static void
echo_closed_cb (McpTransport *transport,
                const GError *error,
                Echo         *echo)
{
  echo->closed++;
  g_clear_error (&echo->closed_error);
  if (error != NULL)
    echo->closed_error = g_error_copy (error);
}

static gboolean
echo_has_closed (gpointer data)
{
  Echo *echo = data;

  return echo->closed > 0;
}

static gboolean
echo_has_received (gpointer data)
{
  Echo *echo = data;

  return echo->received > 0;
}

static GPid
transport_pid (McpStdioTransport *transport)
{
  GSubprocess *subprocess = mcp_stdio_transport_get_subprocess (transport);

  g_assert_nonnull (subprocess);
  return atoi (g_subprocess_get_identifier (subprocess));
}

static void
echo_round (McpStdioTransport *transport,
            Echo              *echo)
{
  g_autoptr(JsonNode) message = NULL;

  echo->received = 0;
  echo->closed = 0;
  message = json_from_string ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/hello\"}",
                              NULL);
  mcp_transport_send_async (MCP_TRANSPORT (transport), message, NULL, NULL, NULL);
  g_assert_true (mcp_test_wait_until (echo_has_received, echo, 10000));
  g_assert_true (mcp_test_wait_until (echo_has_closed, echo, 10000));
  g_assert_true (mcp_transport_is_closed (MCP_TRANSPORT (transport)));
  g_assert_error (echo->closed_error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  g_assert_nonnull (strstr (echo->closed_error->message, "status 3"));
}

/* A stdio transport reaches its server again once the connection ended:
 * the old process is gone, a new one runs the same command. Only once it
 * ended; a transport made of the application's streams, or one whose
 * server was handed descriptors, cannot. */
static void
test_reopen (void)
{
  const char *argv[] = { "/bin/sh", "-c", "read line; echo \"$line\"; exit 3", NULL };
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(McpStdioTransport) with_fd = mcp_stdio_transport_new (argv);
  g_autoptr(McpStreamTransport) streams = NULL;
  g_autoptr(GInputStream) input = g_memory_input_stream_new ();
  g_autoptr(GOutputStream) output = g_memory_output_stream_new_resizable ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Echo echo = { 0, 0, NULL };
  GPid first_pid;
  int fds[2];

  g_assert_true (mcp_transport_can_reopen (MCP_TRANSPORT (transport)));
  g_signal_connect (transport, "message-received", G_CALLBACK (echo_received_cb), &echo);
  g_signal_connect (transport, "closed", G_CALLBACK (echo_closed_cb), &echo);

  mcp_transport_open_async (MCP_TRANSPORT (transport), NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "open");
  g_assert_true (mcp_transport_open_finish (MCP_TRANSPORT (transport), result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  /* Not while it is open. */
  mcp_transport_reopen_async (MCP_TRANSPORT (transport), NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "reopen");
  g_assert_false (mcp_transport_reopen_finish (MCP_TRANSPORT (transport), result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  g_clear_object (&result);

  first_pid = transport_pid (transport);
  echo_round (transport, &echo);

  mcp_transport_reopen_async (MCP_TRANSPORT (transport), NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "reopen");
  g_assert_true (mcp_transport_reopen_finish (MCP_TRANSPORT (transport), result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_false (mcp_transport_is_closed (MCP_TRANSPORT (transport)));
  g_assert_cmpint (transport_pid (transport), !=, first_pid);
  /* The old process is gone, reaped. */
  g_assert_cmpint (kill (first_pid, 0), ==, -1);

  /* The new one works as the first did, and ends as it did. */
  echo_round (transport, &echo);
  mcp_transport_close_async (MCP_TRANSPORT (transport), NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "close");
  g_assert_true (mcp_transport_close_finish (MCP_TRANSPORT (transport), result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  g_clear_error (&echo.closed_error);

  /* The application's streams: there is nothing to start again. */
  streams = mcp_stream_transport_new (input, output);
  g_assert_false (mcp_transport_can_reopen (MCP_TRANSPORT (streams)));
  mcp_transport_reopen_async (MCP_TRANSPORT (streams), NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "reopen");
  g_assert_false (mcp_transport_reopen_finish (MCP_TRANSPORT (streams), result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  g_clear_object (&result);

  /* Descriptors went to the first process. */
  g_assert_true (g_unix_open_pipe (fds, FD_CLOEXEC, NULL));
  close (fds[0]);
  mcp_stdio_transport_take_fd (with_fd, fds[1], 3);
  mcp_transport_open_async (MCP_TRANSPORT (with_fd), NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "open");
  g_assert_true (mcp_transport_open_finish (MCP_TRANSPORT (with_fd), result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  mcp_transport_close_async (MCP_TRANSPORT (with_fd), NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "close");
  g_assert_true (mcp_transport_close_finish (MCP_TRANSPORT (with_fd), result, &error));
  g_clear_object (&result);
  mcp_transport_reopen_async (MCP_TRANSPORT (with_fd), NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "reopen");
  g_assert_false (mcp_transport_reopen_finish (MCP_TRANSPORT (with_fd), result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_object (&result);
}

int
main (int   argc,
      char *argv[])
{
  scripted_test_init (&argc, &argv);

  /* A secret the environment test expects servers not to see by default;
   * set here, as setenv() is unsafe once threads run. */
  g_setenv ("SECRET_TOKEN", "hunter2", TRUE);

  g_test_add_func ("/Mcp/Client/cwd", test_cwd);
  g_test_add_func ("/Mcp/Client/environment", test_environment);
  g_test_add_func ("/Mcp/Client/banner", test_banner);
  g_test_add_func ("/Mcp/Client/noise", test_noise);
  g_test_add_func ("/Mcp/Client/oversized", test_oversized);
  g_test_add_func ("/Mcp/Client/split-multi", test_split_multi);
  g_test_add_func ("/Mcp/Client/stderr", test_stderr);
  g_test_add_func ("/Mcp/Client/reopen", test_reopen);

  return scripted_test_run ();
}
