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
 *
 * This file finds and signals the processes; starting the server is in
 * mcp-subprocess-spawn.c.
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

#include <glib-unix.h>

#include "mcp-spawn-helper-private.h"
#include "mcp-subprocess-private.h"
#include "mcp-source-private.h"

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
