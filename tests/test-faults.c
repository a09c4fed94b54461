/* test-faults.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Lifecycle and faults: what a stdio server is started with and what is
 * left of it afterwards, against the scripted server mcp-test-server. A
 * server leads a process group of its own, gets no descriptor of the
 * application but those handed over, starts with every signal at its
 * default action, and dies with the application; none of its processes
 * survives the connection: children, daemons whose parent exited,
 * processes that left the group. And the faults of a server's output: an
 * answer lost in a line too large or glued to junk fails its call at once
 * (or ends the connection when which call cannot be told), a byte-order
 * mark is no junk, and an error response's data reaches the application.
 *
 * The program runs twice (see meson.build): with the spawn helper, and
 * with MCP_GLIB_SPAWN_HELPER empty, through fork (), the fallback.
 */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib-unix.h>
#include <glib/gstdio.h>

#include "mcp-test-scripted.h"

/* ------------------------------------------------------------------------
 * Processes
 * ------------------------------------------------------------------------ */

typedef struct
{
  GPid  pid;
  GPid  ppid;
  GPid  group;
  char  state;
} ProcessInfo;

static gboolean
read_process_info (GPid         pid,
                   ProcessInfo *info)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *contents = NULL;
  g_auto(GStrv) fields = NULL;
  const char *end;

  if (!g_file_get_contents (path, &contents, NULL, NULL) ||
      (end = strrchr (contents, ')')) == NULL)
    return FALSE;

  /* After the name: state, ppid, pgrp, … */
  fields = g_strsplit (end + 2, " ", 4);
  if (g_strv_length (fields) < 4)
    return FALSE;

  info->pid = pid;
  info->state = fields[0][0];
  info->ppid = atoi (fields[1]);
  info->group = atoi (fields[2]);

  return TRUE;
}

/* Gone, or a zombie: dead, only not reaped yet. Nothing is reaped here:
 * the server is a child of this program that GLib reaps (reaping it here
 * leaves GLib's child watch with ECHILD, which is fatal in tests), and the
 * orphans of the server that this program adopts as a child subreaper
 * stay zombies until it exits, which neither the library nor these tests
 * count as running. */
static gboolean
process_has_ended (gpointer data)
{
  GPid pid = GPOINTER_TO_INT (data);
  ProcessInfo info;

  if (!read_process_info (pid, &info))
    return TRUE;

  return info.state == 'Z' || info.state == 'X';
}

static void
assert_ended (GPid pid)
{
  gboolean ended;

  g_assert_cmpint (pid, >, 1);

  ended = mcp_test_wait_until (process_has_ended, GINT_TO_POINTER (pid),
                               PROCESS_GONE_TIMEOUT_MS);
  if (!ended)
    {
      g_test_message ("Process %d is still alive after %u ms; killing it", (int) pid,
                      PROCESS_GONE_TIMEOUT_MS);
      kill (pid, SIGKILL);
    }
  g_assert_true (ended);
}

static void
assert_all_ended (GArray *pids)
{
  for (guint i = 0; i < pids->len; i++)
    assert_ended (g_array_index (pids, GPid, i));
}

/* How many running processes are in the process group @group. */
static guint
count_group (GPid group)
{
  g_autoptr(GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;
  guint count = 0;

  g_assert_nonnull (proc);
  while ((name = g_dir_read_name (proc)) != NULL)
    {
      ProcessInfo info;

      if (g_ascii_isdigit (name[0]) && read_process_info (atoi (name), &info) &&
          info.group == group && info.state != 'Z' && info.state != 'X')
        count++;
    }

  return count;
}

static gboolean
group_is_empty (gpointer data)
{
  return count_group (GPOINTER_TO_INT (data)) == 0;
}

static void
assert_group_empty (GPid group)
{
  gboolean empty = mcp_test_wait_until (group_is_empty, GINT_TO_POINTER (group),
                                        PROCESS_GONE_TIMEOUT_MS);

  if (!empty)
    {
      g_test_message ("Process group %d still has %u processes; killing them", (int) group,
                      count_group (group));
      kill (-group, SIGKILL);
    }
  g_assert_true (empty);
}

/* Closes the client, and checks that nothing of the server is left: its
 * process, and any in its group. */
static void
close_all (Server *server)
{
  GPid pid = server->pid;

  server_close (server);
  assert_group_empty (pid);
}

/* Has the server leave processes behind (see its spawn-grandchild tool,
 * with @arguments); returns their pids. */
static GArray *
spawn_processes (Server     *server,
                 const char *arguments)
{
  g_autoptr(JsonObject) structured = call_tool_structured (server, "spawn-grandchild",
                                                           arguments);
  JsonArray *array = json_object_get_array_member (structured, "pids");
  GArray *pids = g_array_new (FALSE, FALSE, sizeof (GPid));

  g_assert_nonnull (array);
  g_assert_cmpuint (json_array_get_length (array), >, 0);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      GPid pid = json_array_get_int_element (array, i);

      g_assert_false (process_has_ended (GINT_TO_POINTER (pid)));
      g_assert_cmpint (pid, !=, server->pid);
      g_array_append_val (pids, pid);
    }

  return pids;
}

/* ------------------------------------------------------------------------
 * Process group
 * ------------------------------------------------------------------------ */

/* The server leads a group of its own, not ours: a terminal's Ctrl+C,
 * which goes to our group, does not reach it. */
static void
test_process_group (void)
{
  Server *server = server_new (NULL);
  ProcessInfo info;

  server_connect_or_fail (server);
  g_assert_true (read_process_info (server->pid, &info));
  g_assert_cmpint (info.group, ==, server->pid);
  g_assert_cmpint (info.group, !=, getpgrp ());
  g_assert_cmpint (getsid (server->pid), ==, getsid (0));

  close_all (server);
}

/* A daemon: its parent exited at once, so no parent leads back to the
 * server; it is in the server's group, and dies with it. */
static void
test_daemon (void)
{
  const char *modes[][2] = {
    /* The server exits on EOF; the daemon ignores nothing. */
    { NULL, NULL },
    /* Both ignore the end of their input and SIGTERM. */
    { "--ignore-eof", "--ignore-term" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autoptr(GArray) daemons = NULL;
      Server *server = server_new (modes[i][0], modes[i][1], NULL);
      ProcessInfo info;

      server_connect_or_fail (server);
      daemons = spawn_processes (server, "{\"detach\":true,\"depth\":2}");
      g_assert_true (read_process_info (g_array_index (daemons, GPid, 0), &info));
      g_assert_cmpint (info.ppid, !=, server->pid);
      g_assert_cmpint (info.group, ==, server->pid);

      close_all (server);
      assert_all_ended (daemons);
    }
}

/* The server exits by itself and leaves a daemon: the group is stopped
 * when the end of the connection is noticed, its leader long gone. */
static void
test_daemon_of_dead_server (void)
{
  g_autoptr(GArray) daemons = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server = server_new ("--ignore-term", NULL);
  GPid pid;

  server_connect_or_fail (server);
  pid = server->pid;
  daemons = spawn_processes (server, "{\"detach\":true}");

  result = mcp_test_call_tool (server->client, "crash", "{\"status\":3}", NULL, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_all_ended (daemons);
  assert_group_empty (pid);

  close_client (server->client);
  server_free (server);
}

/* A process that left the group (setsid ()) is still found, from parent
 * to child, and stopped. */
static void
test_left_group (void)
{
  g_autoptr(GArray) leavers = NULL;
  Server *server = server_new ("--ignore-eof", NULL);
  ProcessInfo info;

  server_connect_or_fail (server);
  leavers = spawn_processes (server, "{\"setsid\":true,\"depth\":2}");
  g_assert_true (read_process_info (g_array_index (leavers, GPid, 0), &info));
  g_assert_cmpint (info.group, !=, server->pid);

  close_all (server);
  assert_all_ended (leavers);
}

/* Dropped without a close: everything is killed at once. */
static void
test_dispose (void)
{
  g_autoptr(GArray) daemons = NULL;
  Server *server = server_new ("--ignore-eof", "--ignore-term", NULL);
  GPid pid;

  server_connect_or_fail (server);
  pid = server->pid;
  daemons = spawn_processes (server, "{\"detach\":true}");

  server_free (server);
  assert_ended (pid);
  assert_all_ended (daemons);
  assert_group_empty (pid);
}

/* The application dies without closing anything: the server, which
 * ignores the end of its input and SIGTERM, is killed with it
 * (PR_SET_PDEATHSIG). */
static char *
parent_death_file (GPid test_pid)
{
  g_autofree char *name = g_strdup_printf ("mcp-test-faults-%d.pid", (int) test_pid);

  return g_build_filename (g_get_tmp_dir (), name, NULL);
}

static void
test_application_dies (void)
{
  g_autofree char *file = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  GPid pid;

  if (g_test_subprocess ())
    {
      Server *server = server_new ("--ignore-eof", "--ignore-term", NULL);
      g_autofree char *text = NULL;

      server_connect_or_fail (server);
      text = g_strdup_printf ("%d", (int) server->pid);
      file = parent_death_file (getppid ());
      g_file_set_contents (file, text, -1, &error);
      g_assert_no_error (error);
      raise (SIGKILL);
    }

  file = parent_death_file (getpid ());
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();

  g_file_get_contents (file, &contents, NULL, &error);
  g_assert_no_error (error);
  g_unlink (file);
  pid = atoi (contents);

  /* Orphaned, it is ours now; dead is what counts. */
  assert_ended (pid);
}

/* ------------------------------------------------------------------------
 * What a server starts with
 * ------------------------------------------------------------------------ */

static JsonObject *
start_state (Server *server)
{
  return call_tool_structured (server, "start-state", NULL);
}

static void
assert_fds (JsonObject *state,
            const char *expected)
{
  mcp_test_assert_json_equal (json_object_get_member (state, "fds"), expected);
}

/* A descriptor the application opened without O_CLOEXEC (or inherited)
 * does not reach a server. */
static void
test_no_descriptors (void)
{
  g_autoptr(JsonObject) state = NULL;
  Server *server = server_new (NULL);
  int pipe_fds[2];
  int file_fd;

  file_fd = open ("/dev/null", O_RDONLY);
  g_assert_cmpint (file_fd, >, 2);
  g_assert_cmpint (pipe (pipe_fds), ==, 0);

  server_connect_or_fail (server);
  state = start_state (server);
  assert_fds (state, "[0, 1, 2]");
  close_all (server);

  close (file_fd);
  close (pipe_fds[0]);
  close (pipe_fds[1]);
}

/* Descriptors handed over arrive under the numbers asked for, and
 * nothing else does. */
static void
test_take_fd (void)
{
  g_autoptr(JsonObject) state = NULL;
  g_autofree char *text = NULL;
  Server *server = server_new (NULL);
  int first[2], second[2];
  char buffer[16] = "";
  int stray = open ("/dev/null", O_RDONLY);

  g_assert_cmpint (stray, >, 2);
  g_assert_true (g_unix_open_pipe (first, FD_CLOEXEC, NULL));
  g_assert_true (g_unix_open_pipe (second, FD_CLOEXEC, NULL));

  /* The second one for 7 replaces the first, which is closed. */
  mcp_stdio_transport_take_fd (server->transport, first[1], 7);
  mcp_stdio_transport_take_fd (server->transport, second[1], 7);
  mcp_stdio_transport_take_fd (server->transport, open ("/dev/null", O_RDONLY), 3);
  g_assert_cmpint (read (first[0], buffer, sizeof buffer), ==, 0);

  server_connect_or_fail (server);
  state = start_state (server);
  assert_fds (state, "[0, 1, 2, 3, 7]");

  /* Handed over: the application's copy is closed, the server's works. */
  g_assert_cmpint (fcntl (second[1], F_GETFD), ==, -1);
  text = mcp_test_call_tool_text (server->client, "write-fd", "{\"fd\":7,\"text\":\"over\"}");
  g_assert_cmpstr (text, ==, "written");
  g_assert_cmpint (read (second[0], buffer, sizeof buffer - 1), ==, 4);
  g_assert_cmpstr (buffer, ==, "over");

  close_all (server);
  close (first[0]);
  close (second[0]);
  close (stray);
}

/* A descriptor handed over to a transport that never starts a server is
 * closed with it. */
static void
test_take_fd_unused (void)
{
  const char *argv[] = { "unused", NULL };
  McpStdioTransport *transport = mcp_stdio_transport_new (argv);
  int fds[2];
  char byte;

  g_assert_true (g_unix_open_pipe (fds, FD_CLOEXEC, NULL));
  mcp_stdio_transport_take_fd (transport, fds[1], 3);
  g_object_unref (transport);
  g_assert_cmpint (read (fds[0], &byte, 1), ==, 0);
  close (fds[0]);
}

/* The server does not ignore or block what the application does. */
static void
test_signals (void)
{
  g_autoptr(JsonObject) state = NULL;
  Server *server = server_new (NULL);
  sigset_t block, old_mask;
  struct sigaction ignore = { .sa_handler = SIG_IGN }, old_hup;

  sigemptyset (&block);
  sigaddset (&block, SIGUSR2);
  g_assert_cmpint (sigprocmask (SIG_BLOCK, &block, &old_mask), ==, 0);
  g_assert_cmpint (sigaction (SIGHUP, &ignore, &old_hup), ==, 0);

  server_connect_or_fail (server);
  state = start_state (server);
  g_assert_cmpstr (mcp_test_lookup_string (state, "ignored"), ==, "0000000000000000");
  g_assert_cmpstr (mcp_test_lookup_string (state, "blocked"), ==, "0000000000000000");
  close_all (server);

  sigaction (SIGHUP, &old_hup, NULL);
  sigprocmask (SIG_SETMASK, &old_mask, NULL);
}

/* A program that cannot be run fails the connect at once, with the
 * reason. */
static void
test_missing_program (void)
{
  const char *argv[] = { "mcp-glib-test-no-such-program", NULL };
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "connect");
  g_assert_false (mcp_client_connect_finish (client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "mcp-glib-test-no-such-program"));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOENT)));
}

/* A server that writes a byte-order mark before its first message, as
 * .NET's UTF-8 console writer does, is connected to. */
static void
test_byte_order_mark (void)
{
  Server *server = server_new ("--bom", NULL);

  /* Rather than the default 60 s when the answer is taken for junk. */
  mcp_client_set_connect_timeout (server->client, 15000);
  server_connect_or_fail (server);
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (MCP_STREAM_TRANSPORT (server->transport)),
                    ==, 0);
  mcp_test_assert_echo_works (server->client);
  close_all (server);
}

/* ------------------------------------------------------------------------
 * Answers lost to the framing
 * ------------------------------------------------------------------------ */

#define SMALL_MAX_MESSAGE_SIZE (1024 * 1024)

/* Long enough never to be reached when the call fails as it should, short
 * enough that the test fails rather than hangs when it does not. */
#define LOST_ANSWER_TIMEOUT_MS 15000

static void
on_closed (McpClient    *client,
           const GError *error,
           GError      **slot)
{
  g_assert_null (*slot);
  g_assert_nonnull (error);
  *slot = g_error_copy (error);
}

static Server *
server_with_small_messages (void)
{
  Server *server = server_new (NULL);

  mcp_stream_transport_set_max_message_size (MCP_STREAM_TRANSPORT (server->transport),
                                             SMALL_MAX_MESSAGE_SIZE);
  server_connect_or_fail (server);

  return server;
}

static McpToolResult *
call_with_timeout (Server      *server,
                   const char  *name,
                   const char  *arguments,
                   GError     **error)
{
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();

  mcp_request_options_set_timeout (options, LOST_ANSWER_TIMEOUT_MS);

  return mcp_test_call_tool (server->client, name, arguments, options, NULL, error);
}

/* An answer glued to the end of a flood of junk, on one line too large:
 * its call fails at once, and the connection stays usable. */
static void
test_glued_answer (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server = server_with_small_messages ();

  result = call_with_timeout (server, "glued", "{\"bytes\":2097152,\"text_bytes\":100}",
                              &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);

  mcp_test_assert_echo_works (server->client);
  close_all (server);
}

/* The same on a line of ordinary size, which is not JSON: the call fails
 * with the reason. */
static void
test_glued_answer_short (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server = server_with_small_messages ();

  mcp_test_expect_warning ("*not a JSON-RPC message*");
  result = call_with_timeout (server, "glued", "{\"bytes\":1000,\"text_bytes\":100}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  mcp_test_assert_expected_warnings ();

  mcp_test_assert_echo_works (server->client);
  close_all (server);
}

/* An answer glued to a flood, too large for its id to be found at either
 * end of the line: any pending call may have been the one, so the
 * connection ends, every call fails with the reason, and the server is
 * stopped. */
static void
test_glued_answer_lost (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) closed_error = NULL;
  Server *server = server_with_small_messages ();
  GPid pid = server->pid;

  g_signal_connect (server->client, "closed", G_CALLBACK (on_closed), &closed_error);

  result = call_with_timeout (server, "glued", "{\"bytes\":2097152,\"text_bytes\":65536}",
                              &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_test_message ("%s", error->message);
  g_assert_error (closed_error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);

  /* Stopped without a close. */
  assert_ended (pid);
  assert_group_empty (pid);

  g_signal_handlers_disconnect_by_func (server->client, on_closed, &closed_error);
  close_client (server->client);
  server_free (server);
}

/* A line too large that is no answer (no JSON object at either end)
 * leaves the connection alone, even with calls pending. */
static void
test_oversized_junk (void)
{
  g_autofree char *text = NULL;
  Server *server = server_with_small_messages ();

  text = mcp_test_call_tool_text (server->client, "huge-line", "{\"bytes\":2097152}");
  g_assert_cmpstr (text, ==, "after huge");

  close_all (server);
}

/* ------------------------------------------------------------------------
 * Progress
 * ------------------------------------------------------------------------ */

static void
count_progress (McpRequestOptions *options,
                double             progress,
                double             total,
                const char        *message,
                guint             *count)
{
  (*count)++;
}

/* Progress must grow to buy time: a server repeating the same progress
 * neither restarts the timeout nor is reported again. */
static void
test_progress_must_grow (void)
{
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server = server_new (NULL);
  guint count = 0;

  server_connect_or_fail (server);
  mcp_client_set_request_timeout (server->client, 600);
  g_signal_connect (options, "progress", G_CALLBACK (count_progress), &count);

  /* 2 s of the same progress every 100 ms. */
  result = mcp_test_call_tool (server->client, "progress",
                               "{\"count\":20,\"interval_ms\":100,\"repeat\":true}",
                               options, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpuint (count, ==, 1);

  close_all (server);
}

/* ------------------------------------------------------------------------
 * Errors from the server
 * ------------------------------------------------------------------------ */

static GError *
call_error_tool (Server     *server,
                 const char *arguments)
{
  g_autoptr(McpToolResult) result = NULL;
  GError *error = NULL;

  result = mcp_test_call_tool (server->client, "error", arguments, NULL, NULL, &error);
  g_assert_null (result);
  g_assert_nonnull (error);

  return error;
}

/* An error response's data is the application's, with the error and its
 * copies; a URL elicitation's URL is in it. */
static void
test_error_data (void)
{
  const char *data = "{\"elicitations\":[{\"mode\":\"url\",\"url\":\"https://example.com/ok\","
                     "\"elicitationId\":\"e-1\",\"message\":\"Sign in first\"}]}";
  g_autofree char *arguments = g_strdup_printf ("{\"code\":-32042,\"message\":\"Consent needed\","
                                                "\"data\":%s}", data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) copy = NULL;
  g_autoptr(GError) other = NULL;
  g_autoptr(GError) plain = NULL;
  Server *server = server_new (NULL);

  server_connect_or_fail (server);

  error = call_error_tool (server, arguments);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_URL_ELICITATION_REQUIRED);
  g_assert_cmpstr (error->message, ==, "Consent needed");
  mcp_test_assert_json_equal (mcp_error_get_data (error), data);

  copy = g_error_copy (error);
  g_clear_error (&error);
  mcp_test_assert_json_equal (mcp_error_get_data (copy), data);

  /* Without data, or not a server's error. */
  other = call_error_tool (server, "{\"code\":-32603,\"message\":\"Broken\"}");
  g_assert_error (other, MCP_ERROR, MCP_ERROR_INTERNAL_ERROR);
  g_assert_null (mcp_error_get_data (other));
  plain = g_error_new_literal (G_IO_ERROR, MCP_ERROR_URL_ELICITATION_REQUIRED, "Consent needed");
  g_assert_null (mcp_error_get_data (plain));

  close_all (server);
}

/* An error's data is its own: another error with the same code and
 * message, one from the server without data or one made anew (as a
 * binding makes one of an exception), never gets it, even once the first
 * is gone. (A process-wide table of recent data once gave it to them.) */
static void
test_error_data_own (void)
{
  g_autoptr(GError) first = NULL;
  g_autoptr(GError) second = NULL;
  g_autoptr(GError) without = NULL;
  g_autoptr(GError) made = NULL;
  Server *server = server_new (NULL);

  server_connect_or_fail (server);

  first = call_error_tool (server, "{\"code\":-32042,\"message\":\"Same\",\"data\":{\"n\":1}}");
  made = g_error_new_literal (MCP_ERROR, first->code, first->message);
  g_assert_null (mcp_error_get_data (made));
  g_clear_error (&made);

  second = call_error_tool (server, "{\"code\":-32042,\"message\":\"Same\",\"data\":{\"n\":2}}");
  without = call_error_tool (server, "{\"code\":-32042,\"message\":\"Same\"}");
  mcp_test_assert_json_equal (mcp_error_get_data (first), "{\"n\":1}");
  mcp_test_assert_json_equal (mcp_error_get_data (second), "{\"n\":2}");
  g_assert_null (mcp_error_get_data (without));

  g_clear_error (&first);
  g_clear_error (&second);
  made = g_error_new_literal (MCP_ERROR, -32042, "Same");
  g_assert_null (mcp_error_get_data (made));

  close_all (server);
}

/* ------------------------------------------------------------------------ */

int
main (int    argc,
      char **argv)
{
  const char *helper = g_getenv ("MCP_GLIB_SPAWN_HELPER");

  scripted_test_init (&argc, &argv);

  /* The run that means to test the helper must really use it. */
  if (helper != NULL && *helper != '\0')
    g_assert_true (g_file_test (helper, G_FILE_TEST_IS_EXECUTABLE));

  g_test_add_func ("/Mcp/Faults/process-group", test_process_group);
  g_test_add_func ("/Mcp/Faults/daemon", test_daemon);
  g_test_add_func ("/Mcp/Faults/daemon-of-dead-server", test_daemon_of_dead_server);
  g_test_add_func ("/Mcp/Faults/left-group", test_left_group);
  g_test_add_func ("/Mcp/Faults/dispose", test_dispose);
  g_test_add_func ("/Mcp/Faults/application-dies", test_application_dies);
  g_test_add_func ("/Mcp/Faults/no-descriptors", test_no_descriptors);
  g_test_add_func ("/Mcp/Faults/take-fd", test_take_fd);
  g_test_add_func ("/Mcp/Faults/take-fd-unused", test_take_fd_unused);
  g_test_add_func ("/Mcp/Faults/signals", test_signals);
  g_test_add_func ("/Mcp/Faults/missing-program", test_missing_program);
  g_test_add_func ("/Mcp/Faults/progress-must-grow", test_progress_must_grow);
  g_test_add_func ("/Mcp/Faults/error-data", test_error_data);
  g_test_add_func ("/Mcp/Faults/error-data-own", test_error_data_own);
  g_test_add_func ("/Mcp/Faults/byte-order-mark", test_byte_order_mark);
  g_test_add_func ("/Mcp/Faults/glued-answer", test_glued_answer);
  g_test_add_func ("/Mcp/Faults/glued-answer-short", test_glued_answer_short);
  g_test_add_func ("/Mcp/Faults/glued-answer-lost", test_glued_answer_lost);
  g_test_add_func ("/Mcp/Faults/oversized-junk", test_oversized_junk);

  return scripted_test_run ();
}
