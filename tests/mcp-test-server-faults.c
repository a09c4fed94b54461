/* mcp-test-server-faults.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The tools of the scripted test server that misbehave as a process or in
 * the framing of its output: exits at awkward moments, processes left
 * behind in every way a real server leaves them (children, chains, daemons
 * whose parent exited, processes that left the group), a report of the
 * descriptors and signal masks the server was started with, answers glued to a flood of
 * junk on one line, and errors with any code and data.
 */

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib-unix.h>

#include "mcp-test-server.h"

/* What the server was started with, noted before GLib opened anything:
 * its open descriptors, and the "SigIgn" and "SigBlk" masks of its
 * /proc/self/status (the signals it ignores and blocks). */
static GArray *open_fds;
static char *ignored_signals;
static char *blocked_signals;

void
note_start_state (void)
{
  g_autofree char *status = NULL;
  DIR *dir = opendir ("/proc/self/fd");
  struct dirent *entry;

  open_fds = g_array_new (FALSE, FALSE, sizeof (int));
  if (dir != NULL)
    {
      while ((entry = readdir (dir)) != NULL)
        {
          guint64 fd;

          if (g_ascii_string_to_unsigned (entry->d_name, 10, 0, G_MAXINT, &fd, NULL) &&
              (int) fd != dirfd (dir))
            {
              int value = fd;

              g_array_append_val (open_fds, value);
            }
        }
      closedir (dir);
    }

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    {
      g_auto(GStrv) lines = g_strsplit (status, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        {
          if (g_str_has_prefix (lines[i], "SigIgn:"))
            ignored_signals = g_strstrip (g_strdup (lines[i] + strlen ("SigIgn:")));
          else if (g_str_has_prefix (lines[i], "SigBlk:"))
            blocked_signals = g_strstrip (g_strdup (lines[i] + strlen ("SigBlk:")));
        }
    }
}

static int
compare_ints (gconstpointer a,
              gconstpointer b)
{
  int x = *(const int *) a;
  int y = *(const int *) b;

  return (x > y) - (x < y);
}

static void
tool_start_state (const ToolCall *call)
{
  JsonArray *fds = json_array_new ();
  JsonObject *structured = json_object_new ();
  g_autoptr(GString) text = g_string_new (NULL);

  g_array_sort (open_fds, compare_ints);
  for (guint i = 0; i < open_fds->len; i++)
    {
      int fd = g_array_index (open_fds, int, i);

      json_array_add_int_element (fds, fd);
      g_string_append_printf (text, "%s%d", i > 0 ? " " : "", fd);
    }

  json_object_set_array_member (structured, "fds", fds);
  json_object_set_string_member (structured, "ignored", ignored_signals);
  json_object_set_string_member (structured, "blocked", blocked_signals);
  send_result (call->id, tool_result (text->str, object_node (structured), FALSE));
}

static void
tool_write_fd (const ToolCall *call)
{
  const char *text = get_string_member (call->args, "text", "");
  int fd = get_uint_member (call->args, "fd", 0);

  if (fd < 3 || !write_all (fd, text, strlen (text)) || close (fd) != 0)
    send_error (call->id, JSONRPC_INVALID_PARAMS, "Cannot write to that descriptor", NULL);
  else
    answer_text (call, "written");
}

static void
tool_crash (const ToolCall *call)
{
  write_stderr_line (get_string_member (call->args, "message", ""));
  exit (get_uint_member (call->args, "status", 1));
}

static void
tool_task_then_exit (const ToolCall *call)
{
  JsonObject *task = json_object_new ();
  JsonObject *result = json_object_new ();

  /* A task that would be polled in 30 s, and the server gone right after
   * announcing it: the answer and the end of stdout reach the client in
   * the same read. */
  json_object_set_string_member (task, "taskId", "task-then-exit");
  json_object_set_string_member (task, "status", "working");
  json_object_set_string_member (task, "createdAt", "2026-01-01T00:00:00Z");
  json_object_set_int_member (task, "ttl", 60000);
  json_object_set_int_member (task, "pollInterval", 30000);
  json_object_set_object_member (result, "task", task);
  send_result (call->id, object_node (result));
  exit (0);
}

static void
reap_grandchild (GPid     pid,
                 int      status G_GNUC_UNUSED,
                 gpointer user_data G_GNUC_UNUSED)
{
  g_spawn_close_pid (pid);
}

static void
tool_spawn_grandchild (const ToolCall *call)
{
  guint depth = CLAMP (get_uint_member (call->args, "depth", 1), 1, 16);
  gboolean detach = get_boolean_member (call->args, "detach");
  gboolean leave_group = get_boolean_member (call->args, "setsid");
  JsonObject *structured = json_object_new ();
  JsonArray *pids = json_array_new ();
  g_autofree char *text = NULL;
  int report[2];
  pid_t pid;

  if (!g_unix_open_pipe (report, FD_CLOEXEC, NULL))
    {
      send_error (call->id, JSONRPC_INTERNAL_ERROR, g_strerror (errno), NULL);
      return;
    }

  pid = fork ();
  if (pid < 0)
    {
      send_error (call->id, JSONRPC_INTERNAL_ERROR, g_strerror (errno), NULL);
      close (report[0]);
      close (report[1]);
      return;
    }

  /* The child keeps our stdio pipes open, like a helper a real server
   * might leave behind. With a depth, it starts a child of its own, and so
   * on, as `npx` starts a shell that starts the real server. Each one
   * reports its pid, then sleeps. Detached, the child starts the chain
   * and exits at once, as a daemon does: the chain is orphaned, and no
   * parent leads back to the server. With setsid, the chain leaves the
   * server's process group (and session). */
  if (pid == 0)
    {
      if (detach)
        {
          pid_t daemon = fork ();

          if (daemon != 0)
            _exit (daemon < 0);
        }

      if (leave_group)
        setsid ();

      for (guint level = 1; ; level++)
        {
          pid_t self = getpid ();

          if (write (report[1], &self, sizeof self) != sizeof self || level == depth ||
              fork () != 0)
            break;
        }

      close (report[1]);
      for (;;)
        sleep (60);
    }

  /* Reaped so a killed grandchild does not linger as a zombie that
   * still looks alive to the tests. */
  g_child_watch_add (pid, reap_grandchild, NULL);

  close (report[1]);
  for (guint i = 0; i < depth; i++)
    {
      pid_t descendant;

      if (read (report[0], &descendant, sizeof descendant) != sizeof descendant)
        break;
      json_array_add_int_element (pids, descendant);
    }
  close (report[0]);

  if (detach && json_array_get_length (pids) > 0)
    pid = json_array_get_int_element (pids, 0);

  json_object_set_int_member (structured, "pid", pid);
  json_object_set_array_member (structured, "pids", pids);
  text = g_strdup_printf ("%d", (int) pid);
  send_result (call->id, tool_result (text, object_node (structured), FALSE));
}

/* A flood of junk with the answer glued to its end, on one line, as a
 * server that prints a progress bar without a newline before its answer
 * produces it. With a small text the answer is whole in the last bytes of
 * the line; with a large one, its id is far from both ends. */
static void
tool_glued (const ToolCall *call)
{
  g_autofree char *id = node_to_string (call->id);
  g_autofree char *head = NULL;
  const char *tail = "\"}]}}\n";

  head = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":"
                          "[{\"type\":\"text\",\"text\":\"", id);

  write_stdout_repeated ('#', get_size_member (call->args, "bytes"));
  write_stdout (head, strlen (head));
  write_stdout_repeated ('a', get_size_member (call->args, "text_bytes"));
  write_stdout (tail, strlen (tail));
}

static void
tool_error (const ToolCall *call)
{
  JsonNode *data = json_object_get_member (call->args, "data");
  int code = (int) json_object_get_int_member_with_default (call->args, "code",
                                                             JSONRPC_INTERNAL_ERROR);

  send_error (call->id, code, get_string_member (call->args, "message", "error"),
              data != NULL ? json_node_copy (data) : NULL);
}

const Tool fault_tools[] = {
  {
    .name = "task-then-exit",
    .description = "Runs as a task (required), and exits once it is announced",
    .properties = "{}",
    .extra_fields = "{\"execution\":{\"taskSupport\":\"required\"}}",
    .func = tool_task_then_exit,
  },
  {
    .name = "crash",
    .description = "Writes a message to stderr and exits without answering",
    .properties = "{" INT_ARG ("status") "," STRING_ARG ("message") "}",
    .func = tool_crash,
  },
  {
    .name = "spawn-grandchild",
    .description = "Forks a child that sleeps forever and answers with its pid; with a depth, "
                   "a chain of that many processes, each the child of the one before; "
                   "detached, the chain's parent exits at once; with setsid, the chain leaves "
                   "the process group",
    .properties = "{" INT_ARG ("depth") "," BOOLEAN_ARG ("detach") "," BOOLEAN_ARG ("setsid") "}",
    .func = tool_spawn_grandchild,
  },
  {
    .name = "start-state",
    .description = "Answers with the file descriptors the server was started with, and the "
                   "signals it ignored and blocked then",
    .properties = "{}",
    .func = tool_start_state,
  },
  {
    .name = "write-fd",
    .description = "Writes a text to a descriptor the server was given, and closes it",
    .properties = "{" INT_ARG ("fd") "," STRING_ARG ("text") "}",
    .required = { "fd", "text" },
    .func = tool_write_fd,
  },
  {
    .name = "glued",
    .description = "Writes bytes of junk and the answer (a text of text_bytes) on one line",
    .properties = "{" INT_ARG ("bytes") "," INT_ARG ("text_bytes") "}",
    .func = tool_glued,
  },
  {
    .name = "error",
    .description = "Answers with a JSON-RPC error of the given code, message and data",
    .properties = "{" INT_ARG ("code") "," STRING_ARG ("message") ",\"data\":{}}",
    .func = tool_error,
  },
};

const gsize n_fault_tools = G_N_ELEMENTS (fault_tools);
