/* mcp-stdio-transport.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpStdioTransport runs an MCP server as a child process and talks to it
 * over its stdin and stdout. It owns everything about the process: the
 * environment it gets, the draining of its stderr, finding out how it died,
 * and the shutdown sequence (close stdin, wait, SIGTERM, wait, SIGKILL, for
 * the server and the processes it started) that leaves no process of the
 * server behind.
 */

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <gio/gunixinputstream.h>

#include "mcp-line-reader-private.h"
#include "mcp-source-private.h"
#include "mcp-stdio-transport.h"
#include "mcp-stream-transport-private.h"

/**
 * McpStdioTransport:
 *
 * A transport that starts an MCP server as a child process and speaks to
 * it over its standard input and output.
 *
 * <!-- doc-test
 * static McpClient *client;
 * static const char *token;
 * -->
 * ```c
 * const char *argv[] = { "my-mcp-server", "--stdio", NULL };
 * g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
 *
 * mcp_stdio_transport_setenv (transport, "API_TOKEN", token);
 * client = mcp_client_new (MCP_TRANSPORT (transport));
 * ```
 *
 * The server is started without a shell, from
 * [property@Mcp.StdioTransport:argv] (the program is looked up in `PATH`),
 * in [property@Mcp.StdioTransport:cwd]. It does not inherit the whole
 * environment: unless [property@Mcp.StdioTransport:environ] is set, it
 * gets a safe set of variables (`PATH`, `HOME`, `USER`, `LOGNAME`, `SHELL`,
 * `TERM`, `TMPDIR`, `TZ`, `LANG`, `LANGUAGE`, `LC_*`, `XDG_RUNTIME_DIR`),
 * the ones named in [property@Mcp.StdioTransport:inherit-env], and the ones
 * set with [method@Mcp.StdioTransport.setenv]. Secrets in the application's
 * environment therefore do not reach servers by accident.
 *
 * The server's stderr is always read, so a chatty server never blocks. Each
 * line is decoded leniently, logged at debug level (with the field
 * `MCP_SERVER_STDERR`), emitted as [signal@Mcp.StdioTransport::stderr-line],
 * and the last 4 KiB are kept: when the server dies, the error says how it
 * exited and quotes that tail.
 *
 * Closing closes the server's stdin, waits up to a second for it to exit,
 * sends `SIGTERM`, waits another second and then sends `SIGKILL`. The
 * processes the server started (as `npx` does), and the ones they started,
 * get the same signals, and those still running once the server has exited
 * get `SIGTERM`, then `SIGKILL` half a second later. They are found by
 * their parent process while the server runs: a process whose parent had
 * already exited when the close began is no longer known as the server's.
 * A transport that is disposed without being closed kills the server and
 * its processes at once. If the application itself dies, the server sees
 * the end of its stdin, which is how MCP asks a server to exit.
 *
 * The server is started with `posix_spawn()` when GLib can (that is, when
 * no [property@Mcp.StdioTransport:cwd] is set), whose cost does not grow
 * with the size of the application as that of `fork()` does. Nothing is
 * set up in the child, so the server is an ordinary child process of the
 * application: it is in the application's process group, so the
 * terminal's Ctrl+C (`SIGINT`) reaches it too; it inherits the
 * application's file descriptors that are not marked `O_CLOEXEC` (GLib
 * opens all of its own with it); and, started by `posix_spawn()`, it keeps
 * ignoring the signals the application ignores, such as `SIGPIPE`.
 *
 * Writing to a server that has died would raise `SIGPIPE`; the first stdio
 * transport therefore sets `SIGPIPE` to be ignored if it still has its
 * default action, so that such writes fail with an error instead.
 *
 * Since: 1.0
 */

#define STDERR_TAIL_SIZE    4096
#define STDERR_MAX_LINE     (16 * 1024)
#define DEATH_GRACE_MS      500
#define EOF_GRACE_MS        1000
#define TERM_GRACE_MS       1000
#define KILL_GRACE_MS       2000
#define DESCENDANT_POLL_MS  20
#define DESCENDANT_GRACE_MS 500

typedef enum {
  SHUTDOWN_NONE,
  SHUTDOWN_EOF,
  SHUTDOWN_TERM,
  SHUTDOWN_KILL,
  SHUTDOWN_DESCENDANTS,
  SHUTDOWN_DONE,
} ShutdownStage;

/* A process of the server, or one it started, directly or not. The start
 * time tells it from a later process that was given the same pid. */
typedef struct
{
  GPid    pid;
  guint64 start_time;
} ProcessId;

struct _McpStdioTransport
{
  McpStreamTransport  parent_instance;

  char              **argv;
  char               *cwd;
  char              **environ_;
  char              **inherit_env;
  GHashTable         *env_overrides;

  GSubprocess        *subprocess;
  ProcessId           server;
  GArray             *descendants;
  McpLineReader      *stderr_reader;
  GString            *stderr_tail;
  GCancellable       *wait_cancellable;

  GError             *ended_error;
  GSource            *death_timeout;

  ShutdownStage       shutdown_stage;
  GSource            *shutdown_timeout;
  guint               descendant_polls;
  GPtrArray          *shutdown_tasks;

  guint               exited : 1;
  guint               stdout_done : 1;
  guint               stderr_done : 1;
  guint               dying : 1;
};

G_DEFINE_FINAL_TYPE (McpStdioTransport, mcp_stdio_transport, MCP_TYPE_STREAM_TRANSPORT)

enum {
  PROP_0,
  PROP_ARGV,
  PROP_CWD,
  PROP_ENVIRON,
  PROP_INHERIT_ENV,
  PROP_STDERR_TAIL,
  PROP_SUBPROCESS,
  N_PROPS
};

enum {
  STDERR_LINE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char * const safe_variables[] = {
  "HOME", "LANG", "LANGUAGE", "LOGNAME", "PATH", "SHELL", "TERM", "TMPDIR", "TZ", "USER",
  "XDG_RUNTIME_DIR", NULL
};

static void start_shutdown    (McpStdioTransport *self);
static void advance_shutdown  (McpStdioTransport *self);

static GWeakRef *
weak_ref_new (gpointer object)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, object);
  return ref;
}

static gpointer
weak_ref_steal (GWeakRef *ref)
{
  gpointer object = g_weak_ref_get (ref);

  g_weak_ref_clear (ref);
  g_free (ref);
  return object;
}

static const char *
program_name (McpStdioTransport *self)
{
  return self->argv != NULL && self->argv[0] != NULL ? self->argv[0] : "?";
}

typedef struct
{
  ProcessId id;
  GPid      ppid;
  char      state;
  guint     n_threads;
} ProcessInfo;

/* Reads the stat file of a process, @path being relative to @dir_fd. */
static gboolean
read_process_info (int          dir_fd,
                   const char  *path,
                   ProcessInfo *info)
{
  char buf[1024];
  char *fields[20];
  char *end, *field, *saveptr = NULL;
  guint n_fields = 0;
  gssize len;
  int fd;

  fd = openat (dir_fd, path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return FALSE;

  do
    len = read (fd, buf, sizeof buf - 1);
  while (len < 0 && errno == EINTR);
  close (fd);

  if (len <= 0)
    return FALSE;
  buf[len] = '\0';

  /* "PID (NAME) STATE PPID …": the name may contain anything, spaces and
   * parentheses included, so it ends at the last ')'. The fields after it
   * are numbered from 3, the state, to 22, the start time (in clock ticks
   * since boot), which is fields[19]; field 20 is the number of threads. */
  end = strrchr (buf, ')');
  if (end == NULL)
    return FALSE;

  for (field = strtok_r (end + 1, " ", &saveptr);
       field != NULL && n_fields < G_N_ELEMENTS (fields);
       field = strtok_r (NULL, " ", &saveptr))
    fields[n_fields++] = field;

  if (n_fields < G_N_ELEMENTS (fields))
    return FALSE;

  info->id.pid = atoi (buf);
  info->id.start_time = g_ascii_strtoull (fields[19], NULL, 10);
  info->ppid = atoi (fields[1]);
  info->state = fields[0][0];
  info->n_threads = atoi (fields[17]);

  return TRUE;
}

static gboolean
read_process_info_by_pid (GPid         pid,
                          ProcessInfo *info)
{
  char path[32];

  g_snprintf (path, sizeof path, "/proc/%d/stat", (int) pid);

  return read_process_info (AT_FDCWD, path, info);
}

/* Whether @id is still the process it was, and running. A zombie does not
 * count: it is gone, only not yet reaped by its new parent (which may
 * never happen where PID 1 does not reap orphans, as in some containers). */
static gboolean
process_is_running (const ProcessId *id)
{
  ProcessInfo info;

  return read_process_info_by_pid (id->pid, &info) &&
         info.id.start_time == id->start_time &&
         info.state != 'Z' && info.state != 'X';
}

/* Sends @signum to @id if it is still the process that was recorded. A
 * pidfd holds on to the process checked, so that it is the one signalled
 * even if it exits and its pid is given to another process in between. */
static void
signal_process (const ProcessId *id,
                int              signum)
{
  int pidfd = -1;

  /* Not a positive pid means a process group, or every process: never
   * that, nor init, nor ourselves. */
  if (id->pid <= 1 || id->pid == getpid ())
    return;

#if defined(SYS_pidfd_open) && defined(SYS_pidfd_send_signal)
  pidfd = syscall (SYS_pidfd_open, id->pid, 0);
  if (pidfd < 0 && errno == ESRCH)
    return;
#endif

  if (process_is_running (id))
    {
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_send_signal)
      /* Without a pidfd (before Linux 5.3), the check above has to do. */
      if (pidfd >= 0)
        syscall (SYS_pidfd_send_signal, pidfd, signum, NULL, 0);
      else
#endif
        kill (id->pid, signum);
    }

  if (pidfd >= 0)
    close (pidfd);
}

static void
remember_descendant (McpStdioTransport *self,
                     const ProcessId   *id)
{
  for (guint i = 0; i < self->descendants->len; i++)
    {
      ProcessId *known = &g_array_index (self->descendants, ProcessId, i);

      /* The same pid but started later: the one recorded is gone. */
      if (known->pid == id->pid)
        {
          *known = *id;
          return;
        }
    }

  g_array_append_vals (self->descendants, id, 1);
}

/* Whether the kernel lists the children of each thread in
 * /proc/PID/task/TID/children, which it does when built with
 * CONFIG_PROC_CHILDREN. */
static gboolean
have_children_files (void)
{
  static gsize result;

  if (g_once_init_enter (&result))
    g_once_init_leave (&result, access ("/proc/thread-self/children", R_OK) == 0 ? 2 : 1);

  return result == 2;
}

static void
read_thread_children (const char *path,
                      GArray     *pids)
{
  g_autofree char *children = NULL;
  const char *p;
  char *end;

  if (!g_file_get_contents (path, &children, NULL, NULL))
    return;

  for (p = children; ; p = end)
    {
      GPid child = strtol (p, &end, 10);

      if (end == p)
        break;
      g_array_append_val (pids, child);
    }
}

/* Appends to @pids the children of @process, which are listed by the
 * thread that started them. */
static void
read_children (const ProcessInfo *process,
               GArray            *pids)
{
  g_autofree char *path = NULL;
  g_autoptr(GDir) tasks = NULL;
  const char *name;

  /* Most servers have a single thread: no need to list them (in a VM, a
   * first look at a process's /proc directory is costly). */
  if (process->n_threads == 1)
    {
      path = g_strdup_printf ("/proc/%d/task/%d/children",
                              (int) process->id.pid, (int) process->id.pid);
      read_thread_children (path, pids);
      return;
    }

  path = g_strdup_printf ("/proc/%d/task", (int) process->id.pid);
  tasks = g_dir_open (path, 0, NULL);
  if (tasks == NULL)
    return;

  while ((name = g_dir_read_name (tasks)) != NULL)
    {
      g_autofree char *children_path = g_build_filename (path, name, "children", NULL);

      read_thread_children (children_path, pids);
    }
}

/* Follows the children of the server (@server), and theirs, from the
 * lists the kernel keeps: a few files to read where the other way reads
 * them all. */
static void
record_descendants_by_children (McpStdioTransport *self,
                                const ProcessInfo *server)
{
  g_autoptr(GArray) parents = g_array_new (FALSE, FALSE, sizeof (ProcessInfo));
  g_autoptr(GArray) children = g_array_new (FALSE, FALSE, sizeof (GPid));

  g_array_append_vals (parents, server, 1);

  for (guint i = 0; i < parents->len; i++)
    {
      GPid parent = g_array_index (parents, ProcessInfo, i).id.pid;

      g_array_set_size (children, 0);
      read_children (&g_array_index (parents, ProcessInfo, i), children);

      for (guint j = 0; j < children->len; j++)
        {
          ProcessInfo info;

          /* Still this parent's: not gone and its pid given to another. */
          if (!read_process_info_by_pid (g_array_index (children, GPid, j), &info) ||
              info.ppid != parent || info.state == 'Z' || info.state == 'X')
            continue;

          remember_descendant (self, &info.id);
          g_array_append_val (parents, info);
        }
    }
}

/* Reads the parent of every process, and from those finds the server's
 * descendants. */
static void
record_descendants_by_parent (McpStdioTransport *self)
{
  g_autoptr(GArray) processes = NULL;
  g_autoptr(GHashTable) tree = NULL;
  struct dirent *entry;
  gboolean grew;
  DIR *proc;

  proc = opendir ("/proc");
  if (proc == NULL)
    return;

  processes = g_array_new (FALSE, FALSE, sizeof (ProcessInfo));
  while ((entry = readdir (proc)) != NULL)
    {
      char path[sizeof entry->d_name + sizeof "/stat"];
      ProcessInfo info;

      if (!g_ascii_isdigit (entry->d_name[0]))
        continue;

      /* A zombie has no children left: they went to its adopter. */
      g_snprintf (path, sizeof path, "%s/stat", entry->d_name);
      if (read_process_info (dirfd (proc), path, &info) &&
          info.state != 'Z' && info.state != 'X' && info.id.pid != self->server.pid)
        g_array_append_val (processes, info);
    }
  closedir (proc);

  tree = g_hash_table_new (NULL, NULL);
  g_hash_table_add (tree, GINT_TO_POINTER (self->server.pid));

  /* Children mostly have larger pids than their parents, and /proc lists
   * processes by pid: usually one pass finds them all, and one more finds
   * nothing new. */
  do
    {
      grew = FALSE;
      for (guint i = 0; i < processes->len; i++)
        {
          const ProcessInfo *info = &g_array_index (processes, ProcessInfo, i);

          if (g_hash_table_contains (tree, GINT_TO_POINTER (info->ppid)) &&
              g_hash_table_add (tree, GINT_TO_POINTER (info->id.pid)))
            {
              remember_descendant (self, &info->id);
              grew = TRUE;
            }
        }
    }
  while (grew);
}

/* Records the processes the server started, directly or not, so as to
 * stop them with it. This only works while the server runs: when a
 * process exits, its children are adopted by a subreaper or by init and
 * no longer lead back to it. (The server has no process group of its own
 * to signal instead: see mcp_stdio_transport_open().) */
static void
record_descendants (McpStdioTransport *self)
{
  ProcessInfo info;

  if (self->server.pid <= 0 || self->exited)
    return;

  /* Our child, as the server is, and not a process that was given its pid
   * after GLib reaped it (GLib reaps on its worker thread, before
   * on_exited() runs here). A zombie has no children left. */
  if (!read_process_info_by_pid (self->server.pid, &info) ||
      info.ppid != getpid () || info.state == 'Z' || info.state == 'X' ||
      (self->server.start_time != 0 && self->server.start_time != info.id.start_time))
    return;

  self->server.start_time = info.id.start_time;

  if (have_children_files ())
    record_descendants_by_children (self, &info);
  else
    record_descendants_by_parent (self);
}

/* Forgets the recorded descendants that are gone; tells whether any is
 * left. */
static gboolean
descendants_are_running (McpStdioTransport *self)
{
  for (guint i = 0; i < self->descendants->len; i++)
    if (!process_is_running (&g_array_index (self->descendants, ProcessId, i)))
      g_array_remove_index_fast (self->descendants, i--);

  return self->descendants->len > 0;
}

static void
signal_descendants (McpStdioTransport *self,
                    int                signum)
{
  if (!descendants_are_running (self))
    return;

  g_debug ("Sending signal %d to %u processes started by the server “%s”",
           signum, self->descendants->len, program_name (self));

  for (guint i = 0; i < self->descendants->len; i++)
    signal_process (&g_array_index (self->descendants, ProcessId, i), signum);
}

/* Signals the server and the processes it started, looked for first:
 * once the server is gone, they cannot be found any more. */
static void
signal_server (McpStdioTransport *self,
               int                signum)
{
  record_descendants (self);

  if (!self->exited)
    {
      g_debug ("Sending signal %d to the server “%s”", signum, program_name (self));
      /* GLib knows when the process is reaped, and then sends nothing. */
      g_subprocess_send_signal (self->subprocess, signum);
    }

  signal_descendants (self, signum);
}

static gboolean
is_safe_variable (const char *name)
{
  return g_strv_contains (safe_variables, name) || g_str_has_prefix (name, "LC_");
}

static gboolean
name_matches (const char * const *patterns,
              const char         *name)
{
  for (guint i = 0; patterns != NULL && patterns[i] != NULL; i++)
    {
      const char *pattern = patterns[i];
      gsize len = strlen (pattern);

      if (len > 0 && pattern[len - 1] == '*')
        {
          if (strncmp (pattern, name, len - 1) == 0)
            return TRUE;
        }
      else if (strcmp (pattern, name) == 0)
        return TRUE;
    }

  return FALSE;
}

/**
 * mcp_stdio_transport_build_environ:
 * @self: a stdio transport
 *
 * Computes the environment the server will be started with, following the
 * rules described in [class@Mcp.StdioTransport].
 *
 * Returns: (transfer full) (array zero-terminated=1): the environment, as
 *   `NAME=value` strings
 *
 * Since: 1.0
 */
char **
mcp_stdio_transport_build_environ (McpStdioTransport *self)
{
  g_auto(GStrv) parent = NULL;
  g_auto(GStrv) env = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  if (self->environ_ != NULL)
    env = g_strdupv (self->environ_);
  else
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

      parent = g_get_environ ();
      for (guint i = 0; parent[i] != NULL; i++)
        {
          const char *eq = strchr (parent[i], '=');
          g_autofree char *name = NULL;

          if (eq == NULL)
            continue;

          name = g_strndup (parent[i], eq - parent[i]);
          if (name_matches ((const char * const *) self->inherit_env, name))
            g_strv_builder_add (builder, parent[i]);
          /* Exported shell functions are code, not configuration. */
          else if (is_safe_variable (name) && !g_str_has_prefix (eq + 1, "()"))
            g_strv_builder_add (builder, parent[i]);
        }

      env = g_strv_builder_end (builder);
    }

  g_hash_table_iter_init (&iter, self->env_overrides);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (value != NULL)
        env = g_environ_setenv (env, key, value, TRUE);
      else
        env = g_environ_unsetenv (env, key);
    }

  return g_steal_pointer (&env);
}

static void
append_stderr_tail (McpStdioTransport *self,
                    const char        *text)
{
  GString *tail = self->stderr_tail;

  g_string_append (tail, text);
  g_string_append_c (tail, '\n');

  if (tail->len > STDERR_TAIL_SIZE)
    {
      gsize cut = tail->len - STDERR_TAIL_SIZE;

      /* Keep the tail valid UTF-8: never cut inside a character. */
      while (cut < tail->len && (tail->str[cut] & 0xC0) == 0x80)
        cut++;
      g_string_erase (tail, 0, cut);
    }
}

static void
handle_stderr_text (McpStdioTransport *self,
                    const char        *data,
                    gsize              len)
{
  g_autofree char *text = NULL;

  if (len > 0 && data[len - 1] == '\r')
    len--;

  /* Invalid UTF-8 is replaced, never a reason to stop reading. */
  text = g_utf8_make_valid (data, len);

  g_log_structured (G_LOG_DOMAIN, G_LOG_LEVEL_DEBUG,
                    "MESSAGE", "%s: %s", program_name (self), text,
                    "MCP_SERVER_STDERR", text,
                    "MCP_SERVER_PROGRAM", program_name (self));

  append_stderr_tail (self, text);
  g_signal_emit (self, signals[STDERR_LINE], 0, text);
}

static void
on_stderr_line (const char *line,
                gsize       len,
                gpointer    user_data)
{
  handle_stderr_text (MCP_STDIO_TRANSPORT (user_data), line, len);
}

static void
on_stderr_oversized (guint64     size,
                     const char *head,
                     gsize       head_len,
                     const char *tail,
                     gsize       tail_len,
                     gpointer    user_data)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (user_data);

  handle_stderr_text (self, head, head_len);
  handle_stderr_text (self, "[…]", strlen ("[…]"));
  handle_stderr_text (self, tail, tail_len);
}

static void finish_dying (McpStdioTransport *self);

static void
check_dying (McpStdioTransport *self)
{
  if (self->dying && self->exited && self->stdout_done && self->stderr_done)
    finish_dying (self);
}

static void
on_stderr_end (const GError *error,
               gpointer      user_data)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (user_data);

  if (error != NULL)
    g_debug ("Reading the stderr of “%s” failed: %s", program_name (self), error->message);

  self->stderr_done = TRUE;
  check_dying (self);
}

static char *
describe_exit (McpStdioTransport *self)
{
  int status;

  if (!self->exited && !self->stdout_done)
    return g_strdup_printf (_("The server “%s” stopped reading its input but is still running; "
                              "it was stopped"),
                            program_name (self));

  if (!self->exited)
    return g_strdup_printf (_("The server “%s” closed its output but is still running; it was "
                              "stopped"),
                            program_name (self));

  if (g_subprocess_get_if_signaled (self->subprocess))
    {
      int signum = g_subprocess_get_term_sig (self->subprocess);

      return g_strdup_printf (_("The server “%s” was killed by signal %d (%s)"),
                              program_name (self), signum, g_strsignal (signum));
    }

  status = g_subprocess_get_exit_status (self->subprocess);
  if (status == 0)
    return g_strdup_printf (_("The server “%s” exited"), program_name (self));

  return g_strdup_printf (_("The server “%s” exited with status %d"), program_name (self), status);
}

static void
finish_dying (McpStdioTransport *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  GString *message;
  guint skipped;

  if (!self->dying)
    return;

  self->dying = FALSE;
  _mcp_source_clear (&self->death_timeout);

  description = describe_exit (self);
  message = g_string_new (description);

  skipped = mcp_stream_transport_get_skipped_lines (MCP_STREAM_TRANSPORT (self));
  if (skipped > 0)
    g_string_append_printf (message,
                            g_dngettext (GETTEXT_PACKAGE,
                                         " (%u line of its output was not JSON-RPC and was "
                                         "skipped)",
                                         " (%u lines of its output were not JSON-RPC and were "
                                         "skipped)",
                                         skipped),
                            skipped);
  g_string_append_c (message, '.');

  if (self->stderr_tail->len > 0)
    g_string_append_printf (message, _("\nIts last output on stderr:\n%s"), self->stderr_tail->str);

  /* A read error says more than "closed" when the process is still around. */
  if (!self->exited && self->ended_error != NULL &&
      !g_error_matches (self->ended_error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED))
    g_string_append_printf (message, "\n%s", self->ended_error->message);

  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED, message->str);
  g_string_free (message, TRUE);

  g_debug ("%s", error->message);

  g_object_ref (self);
  mcp_transport_deliver_closed (MCP_TRANSPORT (self), error);
  start_shutdown (self);
  g_object_unref (self);
}

static gboolean
death_timeout_cb (gpointer user_data)
{
  McpStdioTransport *self = user_data;

  _mcp_source_clear (&self->death_timeout);
  finish_dying (self);

  return G_SOURCE_REMOVE;
}

/* The server is gone or going: its stdout ended, or the process exited.
 * Wait briefly for the rest (exit status, the last stdout messages, the
 * last stderr lines) so the error can say what happened, then report it. */
static void
begin_dying (McpStdioTransport *self)
{
  if (self->dying || self->shutdown_stage != SHUTDOWN_NONE ||
      mcp_transport_is_closed (MCP_TRANSPORT (self)))
    return;

  self->dying = TRUE;
  /* A server that stopped talking may be about to exit: note what it
   * started while that can still be found. */
  record_descendants (self);
  self->death_timeout = _mcp_timeout_source_add (DEATH_GRACE_MS, death_timeout_cb, self, NULL);
  check_dying (self);
}

static void
mcp_stdio_transport_input_ended (McpStreamTransport *stream,
                                 const GError       *error)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (stream);

  self->stdout_done = TRUE;
  if (self->ended_error == NULL)
    self->ended_error = g_error_copy (error);

  if (self->dying)
    check_dying (self);
  else
    begin_dying (self);
}

/* The server stopped reading: it died, or is about to show why. */
static void
mcp_stdio_transport_output_failed (McpStreamTransport *stream,
                                   const GError       *error)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (stream);

  if (self->ended_error == NULL)
    self->ended_error = g_error_copy (error);

  begin_dying (self);
}

static void
complete_shutdown (McpStdioTransport *self)
{
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->shutdown_tasks);

  self->shutdown_stage = SHUTDOWN_DONE;
  _mcp_source_clear (&self->shutdown_timeout);

  /* Whatever still holds the stderr pipe is no reason to keep reading. */
  if (self->stderr_reader != NULL)
    _mcp_line_reader_stop (self->stderr_reader);

  g_debug ("The server “%s” is stopped", program_name (self));

  for (guint i = 0; tasks != NULL && i < tasks->len; i++)
    g_task_return_boolean (tasks->pdata[i], TRUE);
}

static gboolean
shutdown_timeout_cb (gpointer user_data)
{
  McpStdioTransport *self = user_data;

  _mcp_source_clear (&self->shutdown_timeout);

  switch (self->shutdown_stage)
    {
    case SHUTDOWN_EOF:
      self->shutdown_stage = SHUTDOWN_TERM;
      signal_server (self, SIGTERM);
      self->shutdown_timeout = _mcp_timeout_source_add (TERM_GRACE_MS, shutdown_timeout_cb, self,
                                                        NULL);
      break;

    case SHUTDOWN_TERM:
      self->shutdown_stage = SHUTDOWN_KILL;
      signal_server (self, SIGKILL);
      self->shutdown_timeout = _mcp_timeout_source_add (KILL_GRACE_MS, shutdown_timeout_cb, self,
                                                        NULL);
      break;

    case SHUTDOWN_KILL:
      g_warning ("The server “%s” did not exit after SIGKILL", program_name (self));
      complete_shutdown (self);
      break;

    case SHUTDOWN_DESCENDANTS:
      advance_shutdown (self);
      break;

    case SHUTDOWN_NONE:
    case SHUTDOWN_DONE:
    default:
      g_assert_not_reached ();
    }

  return G_SOURCE_REMOVE;
}

/* The server itself has exited; what remains are the processes it started
 * that were recorded while it ran. Give them a short while after SIGTERM,
 * then SIGKILL. */
static void
advance_shutdown (McpStdioTransport *self)
{
  _mcp_source_clear (&self->shutdown_timeout);

  if (!descendants_are_running (self))
    {
      complete_shutdown (self);
      return;
    }

  if (self->shutdown_stage != SHUTDOWN_DESCENDANTS)
    {
      self->shutdown_stage = SHUTDOWN_DESCENDANTS;
      self->descendant_polls = 0;
      signal_descendants (self, SIGTERM);
    }
  else if (++self->descendant_polls == DESCENDANT_GRACE_MS / DESCENDANT_POLL_MS)
    signal_descendants (self, SIGKILL);
  else if (self->descendant_polls > 2 * DESCENDANT_GRACE_MS / DESCENDANT_POLL_MS)
    {
      g_warning ("Processes of the server “%s” survived SIGKILL", program_name (self));
      complete_shutdown (self);
      return;
    }

  self->shutdown_timeout = _mcp_timeout_source_add (DESCENDANT_POLL_MS, shutdown_timeout_cb, self,
                                                    NULL);
}

static void
start_shutdown (McpStdioTransport *self)
{
  GOutputStream *stdin_pipe;

  if (self->shutdown_stage != SHUTDOWN_NONE)
    {
      if (self->shutdown_stage == SHUTDOWN_DONE)
        complete_shutdown (self);
      return;
    }

  if (self->subprocess == NULL)
    {
      complete_shutdown (self);
      return;
    }

  /* EOF on stdin is the polite way to ask an MCP server to exit. */
  stdin_pipe = g_subprocess_get_stdin_pipe (self->subprocess);
  if (stdin_pipe != NULL && !g_output_stream_is_closed (stdin_pipe) &&
      !g_output_stream_has_pending (stdin_pipe))
    g_output_stream_close (stdin_pipe, NULL, NULL);

  if (self->exited)
    {
      advance_shutdown (self);
      return;
    }

  self->shutdown_stage = SHUTDOWN_EOF;
  self->shutdown_timeout = _mcp_timeout_source_add (EOF_GRACE_MS, shutdown_timeout_cb, self, NULL);
}

static void
on_exited (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(McpStdioTransport) self = weak_ref_steal (user_data);
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_wait_finish (G_SUBPROCESS (object), result, &error) || self == NULL)
    return;

  self->exited = TRUE;
  g_debug ("The server “%s” exited", program_name (self));

  switch (self->shutdown_stage)
    {
    case SHUTDOWN_NONE:
      if (self->dying)
        check_dying (self);
      else
        begin_dying (self);
      break;

    case SHUTDOWN_EOF:
    case SHUTDOWN_TERM:
    case SHUTDOWN_KILL:
      advance_shutdown (self);
      break;

    case SHUTDOWN_DESCENDANTS:
    case SHUTDOWN_DONE:
    default:
      break;
    }
}

static void
ignore_sigpipe (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      struct sigaction action;

      if (sigaction (SIGPIPE, NULL, &action) == 0 && action.sa_handler == SIG_DFL)
        signal (SIGPIPE, SIG_IGN);

      g_once_init_leave (&initialized, 1);
    }
}

static void
mcp_stdio_transport_open (McpTransport *transport,
                          GCancellable *cancellable,
                          GTask        *task)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = NULL;
  const char *identifier;

  if (self->subprocess == NULL && self->shutdown_stage == SHUTDOWN_NONE)
    {
      if (self->argv == NULL || self->argv[0] == NULL)
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                   _("No server command was given"));
          return;
        }

      ignore_sigpipe ();

      /* GLib uses posix_spawn(), whose cost does not grow with the size
       * of the application as fork() does, only without a child setup
       * function and without closing descriptors in the child (and
       * without a working directory). Hence no process group of our own
       * (record_descendants() finds the server's processes instead) and
       * no PR_SET_PDEATHSIG, and the descriptors opened without
       * O_CLOEXEC are inherited: GLib opens all of its own with it. */
      launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                            G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                            G_SUBPROCESS_FLAGS_STDERR_PIPE |
                                            G_SUBPROCESS_FLAGS_INHERIT_FDS);
      env = mcp_stdio_transport_build_environ (self);
      g_subprocess_launcher_set_environ (launcher, env);
      if (self->cwd != NULL)
        g_subprocess_launcher_set_cwd (launcher, self->cwd);

      self->subprocess = g_subprocess_launcher_spawnv (launcher,
                                                       (const char * const *) self->argv,
                                                       &error);
      if (self->subprocess == NULL)
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                                   _("Could not start the server “%s”: %s"),
                                   program_name (self), error->message);
          return;
        }

      /* GLib reaps on its worker thread: a server that exits at once may
       * already be gone, and then there is nothing to signal. */
      identifier = g_subprocess_get_identifier (self->subprocess);
      self->server.pid = identifier != NULL ? atoi (identifier) : 0;
      g_debug ("Started the server “%s” as process %d",
               program_name (self), (int) self->server.pid);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBPROCESS]);

      g_subprocess_wait_async (self->subprocess, self->wait_cancellable,
                               on_exited, weak_ref_new (self));

      self->stderr_reader = _mcp_line_reader_new (g_subprocess_get_stderr_pipe (self->subprocess),
                                                  STDERR_MAX_LINE);
      _mcp_line_reader_start (self->stderr_reader,
                              on_stderr_line, on_stderr_oversized, on_stderr_end, self);

      _mcp_stream_transport_set_streams (MCP_STREAM_TRANSPORT (self),
                                         g_subprocess_get_stdout_pipe (self->subprocess),
                                         g_subprocess_get_stdin_pipe (self->subprocess));
    }

  MCP_TRANSPORT_CLASS (mcp_stdio_transport_parent_class)->open (transport, cancellable, task);
}

static void
parent_closed_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (object);

  g_task_propagate_boolean (G_TASK (result), NULL);
  start_shutdown (self);
}

static void
mcp_stdio_transport_close (McpTransport *transport,
                           GCancellable *cancellable,
                           GTask        *task)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);
  g_autoptr(GTask) streams_closed = NULL;
  gboolean first;

  if (self->shutdown_stage == SHUTDOWN_DONE)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  first = self->shutdown_tasks == NULL;
  if (first)
    self->shutdown_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->shutdown_tasks, g_object_ref (task));

  if (!first)
    return;

  /* Closing while dying: report the death first, it is what happened. */
  if (self->dying)
    finish_dying (self);

  /* Closing the streams ends the server's stdin, and it may exit at once,
   * leaving the processes it started to others: note them before. */
  record_descendants (self);

  /* The streams first, then the process: see start_shutdown(). */
  streams_closed = g_task_new (self, NULL, parent_closed_cb, NULL);
  MCP_TRANSPORT_CLASS (mcp_stdio_transport_parent_class)->close (transport, NULL, streams_closed);
}

static void
mcp_stdio_transport_dispose (GObject *object)
{
  McpStdioTransport *self = (McpStdioTransport *)object;

  /* Nobody closed us: nothing may outlive the transport. The server is
   * killed here and now rather than with g_subprocess_force_exit(), which
   * goes through GLib's worker thread, as the application may be about
   * to exit. */
  if (self->subprocess != NULL && self->shutdown_stage != SHUTDOWN_DONE)
    {
      record_descendants (self);
      /* Not found in /proc (there may be none, or one of another pid
       * namespace, or the server is exiting): through GLib, then. */
      if (!self->exited && self->server.start_time == 0)
        g_subprocess_force_exit (self->subprocess);
      else if (!self->exited)
        signal_process (&self->server, SIGKILL);
      signal_descendants (self, SIGKILL);
    }
  if (self->shutdown_stage != SHUTDOWN_DONE)
    self->shutdown_stage = SHUTDOWN_DONE;

  _mcp_source_clear (&self->death_timeout);
  _mcp_source_clear (&self->shutdown_timeout);
  g_cancellable_cancel (self->wait_cancellable);

  if (self->stderr_reader != NULL)
    _mcp_line_reader_stop (self->stderr_reader);
  g_clear_pointer (&self->stderr_reader, _mcp_line_reader_unref);

  G_OBJECT_CLASS (mcp_stdio_transport_parent_class)->dispose (object);
}

static void
mcp_stdio_transport_finalize (GObject *object)
{
  McpStdioTransport *self = (McpStdioTransport *)object;

  g_assert (self->shutdown_tasks == NULL);

  g_clear_pointer (&self->argv, g_strfreev);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->environ_, g_strfreev);
  g_clear_pointer (&self->inherit_env, g_strfreev);
  g_clear_pointer (&self->env_overrides, g_hash_table_unref);
  g_clear_object (&self->subprocess);
  g_clear_pointer (&self->descendants, g_array_unref);
  g_clear_object (&self->wait_cancellable);
  g_clear_error (&self->ended_error);
  g_string_free (self->stderr_tail, TRUE);

  G_OBJECT_CLASS (mcp_stdio_transport_parent_class)->finalize (object);
}

static void
mcp_stdio_transport_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_ARGV:
      g_value_set_boxed (value, self->argv);
      break;

    case PROP_CWD:
      g_value_set_string (value, self->cwd);
      break;

    case PROP_ENVIRON:
      g_value_set_boxed (value, self->environ_);
      break;

    case PROP_INHERIT_ENV:
      g_value_set_boxed (value, self->inherit_env);
      break;

    case PROP_STDERR_TAIL:
      g_value_take_string (value, mcp_stdio_transport_dup_stderr_tail (self));
      break;

    case PROP_SUBPROCESS:
      g_value_set_object (value, self->subprocess);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_stdio_transport_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_ARGV:
      self->argv = g_value_dup_boxed (value);
      break;

    case PROP_CWD:
      mcp_stdio_transport_set_cwd (self, g_value_get_string (value));
      break;

    case PROP_ENVIRON:
      mcp_stdio_transport_set_environ (self, g_value_get_boxed (value));
      break;

    case PROP_INHERIT_ENV:
      mcp_stdio_transport_set_inherit_env (self, g_value_get_boxed (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_stdio_transport_class_init (McpStdioTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpTransportClass *transport_class = MCP_TRANSPORT_CLASS (klass);
  McpStreamTransportClass *stream_class = MCP_STREAM_TRANSPORT_CLASS (klass);

  object_class->dispose = mcp_stdio_transport_dispose;
  object_class->finalize = mcp_stdio_transport_finalize;
  object_class->get_property = mcp_stdio_transport_get_property;
  object_class->set_property = mcp_stdio_transport_set_property;

  transport_class->open = mcp_stdio_transport_open;
  transport_class->close = mcp_stdio_transport_close;

  stream_class->input_ended = mcp_stdio_transport_input_ended;
  stream_class->output_failed = mcp_stdio_transport_output_failed;

  /**
   * McpStdioTransport:argv:
   *
   * The server command: the program (looked up in `PATH` when it has no
   * slash) and its arguments. No shell is involved.
   *
   * Since: 1.0
   */
  properties[PROP_ARGV] =
    g_param_spec_boxed ("argv", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStdioTransport:cwd:
   *
   * The working directory of the server, or %NULL for the application's.
   *
   * Since: 1.0
   */
  properties[PROP_CWD] =
    g_param_spec_string ("cwd", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStdioTransport:environ:
   *
   * The complete environment of the server, as `NAME=value` strings, or
   * %NULL (the default) for the safe default set described in
   * [class@Mcp.StdioTransport]. Variables set with
   * [method@Mcp.StdioTransport.setenv] are applied on top in both cases.
   *
   * Since: 1.0
   */
  properties[PROP_ENVIRON] =
    g_param_spec_boxed ("environ", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStdioTransport:inherit-env:
   *
   * Names of further variables the server inherits from the application's
   * environment when [property@Mcp.StdioTransport:environ] is %NULL. A
   * name ending in `*` is a prefix, e.g. `XDG_*`.
   *
   * Since: 1.0
   */
  properties[PROP_INHERIT_ENV] =
    g_param_spec_boxed ("inherit-env", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStdioTransport:stderr-tail:
   *
   * The last 4 KiB the server wrote to stderr, decoded leniently. It is
   * not notified on every line; connect to
   * [signal@Mcp.StdioTransport::stderr-line] to follow the output.
   *
   * Since: 1.0
   */
  properties[PROP_STDERR_TAIL] =
    g_param_spec_string ("stderr-tail", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStdioTransport:subprocess:
   *
   * The server process, once the transport is open.
   *
   * Since: 1.0
   */
  properties[PROP_SUBPROCESS] =
    g_param_spec_object ("subprocess", NULL, NULL,
                         G_TYPE_SUBPROCESS,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpStdioTransport::stderr-line:
   * @self: the transport
   * @line: one line the server wrote to stderr, without its newline,
   *   with invalid UTF-8 replaced
   *
   * Emitted for every line the server writes to stderr.
   *
   * Since: 1.0
   */
  signals[STDERR_LINE] =
    g_signal_new ("stderr-line",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mcp_stdio_transport_init (McpStdioTransport *self)
{
  self->env_overrides = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->stderr_tail = g_string_new (NULL);
  self->descendants = g_array_new (FALSE, FALSE, sizeof (ProcessId));
  self->wait_cancellable = g_cancellable_new ();
}

/**
 * mcp_stdio_transport_new:
 * @argv: (array zero-terminated=1): the server command and its arguments
 *
 * Creates a transport that will start the server with @argv when it is
 * opened (usually by [method@Mcp.Client.connect_async]).
 *
 * Returns: (transfer full): a new transport
 *
 * Since: 1.0
 */
McpStdioTransport *
mcp_stdio_transport_new (const char * const *argv)
{
  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  return g_object_new (MCP_TYPE_STDIO_TRANSPORT,
                       "argv", argv,
                       NULL);
}

/**
 * mcp_stdio_transport_get_argv:
 * @self: a stdio transport
 *
 * Gets the server command.
 *
 * Returns: (transfer none) (array zero-terminated=1): the server command
 *
 * Since: 1.0
 */
const char * const *
mcp_stdio_transport_get_argv (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  return (const char * const *) self->argv;
}

/**
 * mcp_stdio_transport_get_cwd:
 * @self: a stdio transport
 *
 * Gets the server's working directory.
 *
 * Returns: (nullable): the server's working directory
 *
 * Since: 1.0
 */
const char *
mcp_stdio_transport_get_cwd (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  return self->cwd;
}

/**
 * mcp_stdio_transport_set_cwd:
 * @self: a stdio transport
 * @cwd: (nullable) (type filename): the working directory for the server
 *
 * Sets [property@Mcp.StdioTransport:cwd]. It takes effect when the server
 * is started.
 *
 * Since: 1.0
 */
void
mcp_stdio_transport_set_cwd (McpStdioTransport *self,
                             const char        *cwd)
{
  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));

  if (g_strcmp0 (self->cwd, cwd) == 0)
    return;

  g_free (self->cwd);
  self->cwd = g_strdup (cwd);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CWD]);
}

/**
 * mcp_stdio_transport_get_environ:
 * @self: a stdio transport
 *
 * Gets the complete environment set with
 * [method@Mcp.StdioTransport.set_environ], or %NULL for the safe default.
 *
 * Returns: (nullable) (transfer none) (array zero-terminated=1): the
 *   complete environment set with [method@Mcp.StdioTransport.set_environ],
 *   or %NULL for the safe default
 *
 * Since: 1.0
 */
const char * const *
mcp_stdio_transport_get_environ (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  return (const char * const *) self->environ_;
}

/**
 * mcp_stdio_transport_set_environ:
 * @self: a stdio transport
 * @environ_: (nullable) (array zero-terminated=1): the complete
 *   environment for the server, or %NULL for the safe default
 *
 * Sets [property@Mcp.StdioTransport:environ].
 *
 * Since: 1.0
 */
void
mcp_stdio_transport_set_environ (McpStdioTransport  *self,
                                 const char * const *environ_)
{
  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));

  if (environ_ == (const char * const *) self->environ_)
    return;
  if (environ_ != NULL && self->environ_ != NULL &&
      g_strv_equal (environ_, (const char * const *) self->environ_))
    return;

  g_strfreev (self->environ_);
  self->environ_ = g_strdupv ((char **) environ_);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENVIRON]);
}

/**
 * mcp_stdio_transport_get_inherit_env:
 * @self: a stdio transport
 *
 * Gets the names of the extra variables the server inherits.
 *
 * Returns: (nullable) (transfer none) (array zero-terminated=1): the names
 *   of the extra variables the server inherits
 *
 * Since: 1.0
 */
const char * const *
mcp_stdio_transport_get_inherit_env (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  return (const char * const *) self->inherit_env;
}

/**
 * mcp_stdio_transport_set_inherit_env:
 * @self: a stdio transport
 * @names: (nullable) (array zero-terminated=1): names of variables (or
 *   prefixes ending in `*`) to pass on from the application's environment
 *
 * Sets [property@Mcp.StdioTransport:inherit-env].
 *
 * Since: 1.0
 */
void
mcp_stdio_transport_set_inherit_env (McpStdioTransport  *self,
                                     const char * const *names)
{
  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));

  if (names == (const char * const *) self->inherit_env)
    return;
  if (names != NULL && self->inherit_env != NULL &&
      g_strv_equal (names, (const char * const *) self->inherit_env))
    return;

  g_strfreev (self->inherit_env);
  self->inherit_env = g_strdupv ((char **) names);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INHERIT_ENV]);
}

/**
 * mcp_stdio_transport_setenv:
 * @self: a stdio transport
 * @name: a variable name
 * @value: its value for the server
 *
 * Sets a variable in the server's environment, on top of the default or
 * of [property@Mcp.StdioTransport:environ].
 *
 * Since: 1.0
 */
void
mcp_stdio_transport_setenv (McpStdioTransport *self,
                            const char        *name,
                            const char        *value)
{
  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));
  g_return_if_fail (name != NULL && *name != '\0' && strchr (name, '=') == NULL);
  g_return_if_fail (value != NULL);

  g_hash_table_insert (self->env_overrides, g_strdup (name), g_strdup (value));
}

/**
 * mcp_stdio_transport_unsetenv:
 * @self: a stdio transport
 * @name: a variable name
 *
 * Removes a variable from the server's environment, even one of the
 * default set.
 *
 * Since: 1.0
 */
void
mcp_stdio_transport_unsetenv (McpStdioTransport *self,
                              const char        *name)
{
  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));
  g_return_if_fail (name != NULL && *name != '\0' && strchr (name, '=') == NULL);

  g_hash_table_insert (self->env_overrides, g_strdup (name), NULL);
}

/**
 * mcp_stdio_transport_dup_stderr_tail:
 * @self: a stdio transport
 *
 * Gets [property@Mcp.StdioTransport:stderr-tail].
 *
 * Returns: (transfer full): the last 4 KiB the server wrote to stderr
 *
 * Since: 1.0
 */
char *
mcp_stdio_transport_dup_stderr_tail (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  return g_strndup (self->stderr_tail->str, self->stderr_tail->len);
}

/**
 * mcp_stdio_transport_get_subprocess:
 * @self: a stdio transport
 *
 * Gets the server process, once started.
 *
 * Returns: (transfer none) (nullable): the server process, once started
 *
 * Since: 1.0
 */
GSubprocess *
mcp_stdio_transport_get_subprocess (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  return self->subprocess;
}
