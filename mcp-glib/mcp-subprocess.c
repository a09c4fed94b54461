/* mcp-subprocess.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The processes of a stdio server: starting it, and finding and signalling
 * it and the processes it started, so that none of them outlives the
 * connection. McpStdioTransport decides when to signal what (its shutdown
 * sequence); this file knows how to reach the processes, and never
 * signals one that is not the server's, even when its pid was given to
 * another process since.
 *
 * The server is started as the leader of a process group of its own, with
 * PR_SET_PDEATHSIG, every signal at its default action, and no descriptor
 * but its three pipes and those the application hands over. GLib can do
 * none of that on its posix_spawn() path, so the server is started through
 * a small helper program that does it and then executes the server
 * (mcp-spawn-helper.c); without the helper, through GLib's fork() path and
 * a child setup function that does the same. The group reaches every
 * process the server starts and that stays in it, daemons whose parent has
 * exited included; the processes that leave it (setsid()) are looked for
 * through /proc as well, from parent to child, while their parents run.
 */

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib-unix.h>

#include "mcp-spawn-helper-private.h"
#include "mcp-subprocess-private.h"
#include "mcp-source-private.h"

/* A process of the server, or one it started, directly or not. The start
 * time tells it from a later process that was given the same pid. */
typedef struct
{
  GPid    pid;
  guint64 start_time;
} ProcessId;

struct _McpSubprocess
{
  GSubprocess *subprocess;
  char        *program;
  char        *cwd;
  ProcessId    server;
  /* Until the helper has executed the server: the pipe it reports on
   * (see watch_report ()), and who wants to know. */
  int          report_fd;
  int          report[2];
  gsize        report_len;
  GSource     *report_source;
  McpSubprocessStartedFunc started_func;
  gpointer     started_data;
  /* The server's process group, whose id is the server's pid. */
  GPid         group;
  /* The processes it started that were found from parent to child. */
  GArray      *descendants;
  guint        exited : 1;
  guint        group_gone : 1;
};

typedef struct
{
  ProcessId id;
  GPid      ppid;
  GPid      group;
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

  /* "PID (NAME) STATE PPID PGRP …": the name may contain anything, spaces
   * and parentheses included, so it ends at the last ')'. The fields after
   * it are numbered from 3, the state, to 22, the start time (in clock
   * ticks since boot), which is fields[19]; field 20 is the number of
   * threads. */
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
  info->group = atoi (fields[2]);
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
remember_descendant (McpSubprocess   *self,
                     const ProcessId *id)
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
record_descendants_by_children (McpSubprocess     *self,
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
record_descendants_by_parent (McpSubprocess *self)
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

/* Records the processes the server started, directly or not, from parent
 * to child, so as to stop them with it even if they left its process group
 * (setsid ()): the group reaches the others. This only works while the
 * server runs: when a process exits, its children are adopted by a
 * subreaper or by init and no longer lead back to it. */
void
_mcp_subprocess_record (McpSubprocess *self)
{
  ProcessInfo info;

  if (self->server.pid <= 0 || self->exited)
    return;

  /* Our child, as the server is, and not a process that was given its pid
   * after GLib reaped it (GLib reaps on its worker thread, before the
   * transport learns of the exit). A zombie has no children left. */
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

/* Whether a process of the group is still running, zombies aside: they
 * are gone, only not reaped yet, and the group lives on with them. */
static gboolean
group_has_running_member (McpSubprocess *self)
{
  struct dirent *entry;
  gboolean found = FALSE;
  DIR *proc;

  proc = opendir ("/proc");
  if (proc == NULL)
    return TRUE;

  while (!found && (entry = readdir (proc)) != NULL)
    {
      char path[sizeof entry->d_name + sizeof "/stat"];
      ProcessInfo info;

      if (!g_ascii_isdigit (entry->d_name[0]))
        continue;

      g_snprintf (path, sizeof path, "%s/stat", entry->d_name);
      found = read_process_info (dirfd (proc), path, &info) && info.group == self->group &&
              info.state != 'Z' && info.state != 'X';
    }
  closedir (proc);

  return found;
}

/* Whether the server's process group still has processes, once the server
 * has exited: its daemons, say, whose parent exited long before.
 *
 * A group id is a pid, which the kernel gives out again once no process
 * uses it as its pid or its group any more. So the group is only ours
 * until it is seen empty, and is never signalled after that. Before, it
 * was known to live at most one step of the shutdown sequence earlier
 * (its leader ran, or a signal or this check found it), and the kernel
 * hands out pids in turn: a number freed comes back only once the whole
 * range of pids has been used, far more than a few seconds allow. */
static gboolean
group_is_running (McpSubprocess *self)
{
  if (self->group_gone)
    return FALSE;

  if (!self->exited)
    return TRUE;

  if (kill (-self->group, 0) != 0 && errno == ESRCH)
    {
      self->group_gone = TRUE;
      return FALSE;
    }

  /* Something holds the group id: a process, or only zombies. */
  return group_has_running_member (self);
}

static void
signal_group (McpSubprocess *self,
              int            signum)
{
  if (self->group_gone || self->group <= 1)
    return;

  g_debug ("Sending signal %d to the process group of the server “%s”", signum, self->program);

  if (kill (-self->group, signum) != 0 && errno == ESRCH)
    self->group_gone = TRUE;
}

/* Forgets the recorded descendants that are gone; tells whether any
 * process of the server's but the server itself is left. */
gboolean
_mcp_subprocess_others_running (McpSubprocess *self)
{
  for (guint i = 0; i < self->descendants->len; i++)
    if (!process_is_running (&g_array_index (self->descendants, ProcessId, i)))
      g_array_remove_index_fast (self->descendants, i--);

  return self->descendants->len > 0 || group_is_running (self);
}

static void
signal_descendants (McpSubprocess *self,
                    int            signum)
{
  if (self->descendants->len == 0)
    return;

  g_debug ("Sending signal %d to %u processes started by the server “%s”",
           signum, self->descendants->len, self->program);

  for (guint i = 0; i < self->descendants->len; i++)
    signal_process (&g_array_index (self->descendants, ProcessId, i), signum);
}

/* Signals what is left once the server itself has exited: its group, and
 * the processes found outside it. */
void
_mcp_subprocess_signal_others (McpSubprocess *self,
                               int            signum)
{
  if (!_mcp_subprocess_others_running (self))
    return;

  signal_group (self, signum);
  signal_descendants (self, signum);
}

/* Signals the server, its group and the processes it started outside the
 * group, looked for first: once the server is gone, they cannot be found
 * any more. */
void
_mcp_subprocess_signal (McpSubprocess *self,
                        int            signum)
{
  _mcp_subprocess_record (self);

  if (!self->exited)
    {
      g_debug ("Sending signal %d to the server “%s”", signum, self->program);
      /* GLib knows when the process is reaped, and then sends nothing. */
      g_subprocess_send_signal (self->subprocess, signum);
    }

  _mcp_subprocess_signal_others (self, signum);
}

/* Kills the server and the processes it started here and now, rather
 * than with g_subprocess_force_exit(), which goes through GLib's worker
 * thread, as the application may be about to exit. */
void
_mcp_subprocess_kill (McpSubprocess *self)
{
  _mcp_subprocess_record (self);
  /* Not found in /proc (there may be none, or one of another pid
   * namespace, or the server is exiting): through GLib, then. */
  if (!self->exited && self->server.start_time == 0)
    g_subprocess_force_exit (self->subprocess);
  else if (!self->exited)
    signal_process (&self->server, SIGKILL);
  _mcp_subprocess_signal_others (self, SIGKILL);
}

/* Starting the server */

/* The variables a server gets from the application's environment unless
 * told otherwise: what programs need to run in the user's session and
 * language, and no secret. */
static const char * const safe_variables[] = {
  "HOME", "LANG", "LANGUAGE", "LOGNAME", "PATH", "SHELL", "TERM", "TMPDIR", "TZ", "USER",
  "XDG_RUNTIME_DIR", NULL
};

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

/* The environment of a server, as mcp_stdio_transport_build_environ()
 * documents it: @environ_ if set, else the safe variables and those named
 * in @inherit (a name ending in "*" is a prefix) from the application's;
 * then @overrides, variables set (to a value) or removed (to %NULL). */
char **
_mcp_subprocess_build_environ (const char * const *environ_,
                               const char * const *inherit,
                               GHashTable         *overrides)
{
  g_auto(GStrv) parent = NULL;
  g_auto(GStrv) env = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (environ_ != NULL)
    env = g_strdupv ((char **) environ_);
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
          if (name_matches (inherit, name))
            g_strv_builder_add (builder, parent[i]);
          /* Exported shell functions are code, not configuration. */
          else if (is_safe_variable (name) && !g_str_has_prefix (eq + 1, "()"))
            g_strv_builder_add (builder, parent[i]);
        }

      env = g_strv_builder_end (builder);
    }

  g_hash_table_iter_init (&iter, overrides);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (value != NULL)
        env = g_environ_setenv (env, key, value, TRUE);
      else
        env = g_environ_unsetenv (env, key);
    }

  return g_steal_pointer (&env);
}

/* Runs in the child between fork() and exec() when the helper is missing:
 * only async-signal-safe calls. GLib has closed the descriptors by then. */
static void
child_setup (gpointer user_data)
{
  pid_t parent = GPOINTER_TO_INT (user_data);

  setpgid (0, 0);
  prctl (PR_SET_PDEATHSIG, SIGKILL);
  if (getppid () != parent)
    _exit (127);
  _mcp_spawn_reset_signals ();
}

static GSubprocessLauncher *
new_launcher (GSubprocessFlags     flags,
              const char * const  *envp,
              int                 *source_fds,
              const int           *target_fds,
              guint                n_fds)
{
  GSubprocessLauncher *launcher;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE |
                                        flags);
  g_subprocess_launcher_set_environ (launcher, (char **) envp);

  /* The launcher closes them when it is freed. */
  for (guint i = 0; i < n_fds; i++)
    {
      g_subprocess_launcher_take_fd (launcher, source_fds[i], target_fds[i]);
      source_fds[i] = -1;
    }

  return launcher;
}

static GSubprocess *
spawn_with_fork (const char * const  *argv,
                 const char * const  *envp,
                 const char          *cwd,
                 int                 *source_fds,
                 const int           *target_fds,
                 guint                n_fds,
                 GError             **error)
{
  g_autoptr(GSubprocessLauncher) launcher = new_launcher (0, envp, source_fds, target_fds, n_fds);

  g_subprocess_launcher_set_child_setup (launcher, child_setup,
                                         GINT_TO_POINTER (getpid ()), NULL);
  if (cwd != NULL)
    g_subprocess_launcher_set_cwd (launcher, cwd);

  return g_subprocess_launcher_spawnv (launcher, argv, error);
}

static GSpawnError
spawn_error_code (int error_number)
{
  switch (error_number)
    {
    case ENOENT:
      return G_SPAWN_ERROR_NOENT;
    case EACCES:
      return G_SPAWN_ERROR_ACCES;
    case ENOEXEC:
      return G_SPAWN_ERROR_NOEXEC;
    case ENOMEM:
      return G_SPAWN_ERROR_NOMEM;
    case ENOTDIR:
      return G_SPAWN_ERROR_NOTDIR;
    default:
      return G_SPAWN_ERROR_FAILED;
    }
}

/* The error of a report of the helper: why it could not execute the
 * server. */
static void
set_report_error (const int   report[2],
                  const char *program,
                  const char *cwd,
                  GError    **error)
{
  switch (report[0])
    {
    case MCP_SPAWN_STEP_CHDIR:
      g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_CHDIR,
                   _("Failed to change to directory “%s” (%s)"),
                   cwd, g_strerror (report[1]));
      break;

    case MCP_SPAWN_STEP_EXEC:
      g_set_error (error, G_SPAWN_ERROR, spawn_error_code (report[1]),
                   _("Failed to execute child process “%s” (%s)"),
                   program, g_strerror (report[1]));
      break;

    case MCP_SPAWN_STEP_SETUP:
    default:
      g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED,
                   _("Failed to set up child process (%s)"),
                   g_strerror (report[1]));
      break;
    }
}

/* Starts the helper, which starts the server; *@report_fd is where it
 * reports, non-blocking (see watch_report ()). */
static GSubprocess *
spawn_with_helper (const char          *helper,
                   const char * const  *argv,
                   const char * const  *envp,
                   const char          *cwd,
                   int                 *source_fds,
                   const int           *target_fds,
                   guint                n_fds,
                   int                 *report_fd_out,
                   GError             **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) subprocess = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_autoptr(GString) keep = g_string_new (NULL);
  g_autofree char *program = NULL;
  g_autofree char *parent = NULL;
  g_autofree char *report_target = NULL;
  g_auto(GStrv) helper_argv = NULL;
  int report[2];
  int report_fd = 3;

  /* Looked up in the application's PATH, as GLib does. */
  if (strchr (argv[0], '/') != NULL)
    program = g_strdup (argv[0]);
  else if ((program = g_find_program_in_path (argv[0])) == NULL)
    {
      g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_NOENT,
                   _("Failed to execute child process “%s” (%s)"),
                   argv[0], g_strerror (ENOENT));
      return NULL;
    }

  for (guint i = 0; i < n_fds; i++)
    {
      g_string_append_printf (keep, "%s%d", i > 0 ? "," : "", target_fds[i]);
      report_fd = MAX (report_fd, target_fds[i] + 1);
    }

  /* Ready before the child exists: nothing may fail once it runs, or it
   * would run with nobody watching it. */
  if (!g_unix_open_pipe (report, FD_CLOEXEC, error))
    return NULL;
  if (!g_unix_set_fd_nonblocking (report[0], TRUE, error))
    {
      close (report[0]);
      close (report[1]);
      return NULL;
    }

  parent = g_strdup_printf ("%d", (int) getpid ());
  report_target = g_strdup_printf ("%d", report_fd);
  builder = g_strv_builder_new ();
  g_strv_builder_add_many (builder, helper, parent, report_target, keep->str,
                           cwd != NULL ? cwd : "", program, NULL);
  g_strv_builder_addv (builder, (const char **) argv);
  helper_argv = g_strv_builder_end (builder);

  /* With descriptors inherited, no working directory and no child setup,
   * GLib takes its posix_spawn() path; the helper closes the descriptors. */
  launcher = new_launcher (G_SUBPROCESS_FLAGS_INHERIT_FDS, envp, source_fds, target_fds, n_fds);
  g_subprocess_launcher_take_fd (launcher, report[1], report_fd);

  subprocess = g_subprocess_launcher_spawnv (launcher, (const char * const *) helper_argv, error);

  /* Our copy of the pipe's writing end goes with the launcher: only the
   * helper's remains. */
  g_clear_object (&launcher);

  if (subprocess == NULL)
    {
      close (report[0]);
      return NULL;
    }

  *report_fd_out = report[0];
  return g_steal_pointer (&subprocess);
}

/* The helper program, unless its use is turned off: the variable set to
 * an empty string starts servers through fork(), the fallback. */
static const char *
find_helper (void)
{
  const char *helper = g_getenv ("MCP_GLIB_SPAWN_HELPER");

  if (helper == NULL)
    helper = MCP_SPAWN_HELPER;

  if (*helper == '\0' || access (helper, X_OK) != 0)
    return NULL;

  return helper;
}

/* Starts the server. It takes @source_fds, which are closed in any case.
 * Through the helper, the server may not run yet when this returns: see
 * _mcp_subprocess_watch_start (). */
McpSubprocess *
_mcp_subprocess_spawn (const char * const  *argv,
                       const char * const  *envp,
                       const char          *cwd,
                       int                 *source_fds,
                       const int           *target_fds,
                       guint                n_fds,
                       GError             **error)
{
  g_autoptr(GSubprocess) subprocess = NULL;
  McpSubprocess *self;
  const char *identifier;
  const char *helper;
  int report_fd = -1;

  g_return_val_if_fail (n_fds <= MCP_SPAWN_HELPER_MAX_FDS, NULL);

  helper = find_helper ();
  if (helper != NULL)
    subprocess = spawn_with_helper (helper, argv, envp, cwd, source_fds, target_fds, n_fds,
                                    &report_fd, error);
  else
    subprocess = spawn_with_fork (argv, envp, cwd, source_fds, target_fds, n_fds, error);

  for (guint i = 0; i < n_fds; i++)
    if (source_fds[i] >= 0)
      close (source_fds[i]);

  if (subprocess == NULL)
    return NULL;

  self = g_new0 (McpSubprocess, 1);
  self->subprocess = g_steal_pointer (&subprocess);
  self->program = g_strdup (argv[0]);
  self->cwd = g_strdup (cwd);
  self->report_fd = report_fd;
  self->descendants = g_array_new (FALSE, FALSE, sizeof (ProcessId));

  /* GLib reaps on its worker thread: a server that exits at once may
   * already be gone, and then there is nothing to signal. */
  identifier = g_subprocess_get_identifier (self->subprocess);
  self->server.pid = identifier != NULL ? atoi (identifier) : 0;
  self->group = self->server.pid;
  self->group_gone = self->group <= 1;

  g_debug ("Started the server “%s” as process %d, %s", self->program, (int) self->server.pid,
           helper != NULL ? "through the spawn helper" : "with fork ()");

  return self;
}

static void
stop_watching_report (McpSubprocess *self)
{
  _mcp_source_clear (&self->report_source);
  if (self->report_fd >= 0)
    {
      close (self->report_fd);
      self->report_fd = -1;
    }
}

/* The helper reported, or its end of the pipe closed: it executed the
 * server (close on exec), or it died. */
static gboolean
report_ready_cb (int           fd,
                 GIOCondition  condition,
                 gpointer      user_data)
{
  McpSubprocess *self = user_data;
  McpSubprocessStartedFunc func = self->started_func;
  g_autoptr(GError) error = NULL;
  gssize n;

  do
    n = read (fd, (char *) self->report + self->report_len,
              sizeof self->report - self->report_len);
  while (n < 0 && errno == EINTR);

  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    return G_SOURCE_CONTINUE;

  if (n > 0)
    {
      self->report_len += n;
      if (self->report_len < sizeof self->report)
        return G_SOURCE_CONTINUE;
      set_report_error (self->report, self->program, self->cwd, &error);
    }

  /* A report, or nothing at all: the server runs (or the helper was
   * killed, which its exit status will tell). */
  self->started_func = NULL;
  stop_watching_report (self);
  func (self, error, self->started_data);

  return G_SOURCE_REMOVE;
}

/* Calls @func once the server runs (with a %NULL error) or could not be
 * started: right away when that is known already (servers started
 * without the helper), else from the thread-default main context once the
 * helper has executed it, which takes it a few system calls. Waiting for
 * that in turn, as GLib waits for the exec of a child, would have many
 * servers started at once start one after the other. Nothing is called
 * after _mcp_subprocess_free (). */
void
_mcp_subprocess_watch_start (McpSubprocess            *self,
                             McpSubprocessStartedFunc  func,
                             gpointer                  user_data)
{
  g_return_if_fail (self->started_func == NULL);

  if (self->report_fd < 0)
    {
      func (self, NULL, user_data);
      return;
    }

  self->started_func = func;
  self->started_data = user_data;
  self->report_source = g_unix_fd_source_new (self->report_fd, G_IO_IN | G_IO_HUP | G_IO_ERR);
  g_source_set_static_name (self->report_source, "[mcp-glib] server start");
  g_source_set_callback (self->report_source, G_SOURCE_FUNC (report_ready_cb), self, NULL);
  g_source_attach (self->report_source, g_main_context_get_thread_default ());
}

void
_mcp_subprocess_free (McpSubprocess *self)
{
  stop_watching_report (self);
  g_clear_object (&self->subprocess);
  g_clear_pointer (&self->program, g_free);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->descendants, g_array_unref);
  g_free (self);
}

GSubprocess *
_mcp_subprocess_get_subprocess (McpSubprocess *self)
{
  return self->subprocess;
}

GPid
_mcp_subprocess_get_pid (McpSubprocess *self)
{
  return self->server.pid;
}

/* The server has exited and been reaped: its pid may be another's now,
 * but its group lives on as long as a process is in it. */
void
_mcp_subprocess_set_exited (McpSubprocess *self)
{
  self->exited = TRUE;
}
