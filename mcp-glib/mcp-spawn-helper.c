/* mcp-spawn-helper.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The first program a stdio server runs as: it makes the process what
 * mcp-glib promises a server is, then executes the server in its place, so
 * the server keeps the pid that GSubprocess knows.
 *
 * It exists so that GLib can start it with posix_spawn(), whose cost does
 * not grow with the size of the application as that of fork() does, while
 * the server still gets what posix_spawn() cannot give through GLib: a
 * process group of its own, SIGKILL when the application dies
 * (PR_SET_PDEATHSIG), no descriptor but 0, 1 and 2 and those the
 * application hands over, every signal at its default action and none
 * blocked, and a working directory. See _mcp_subprocess_spawn(), which
 * falls back to fork() with the same setup when this program is missing.
 *
 * Usage (not for people):
 *   mcp-spawn-helper PARENT REPORT-FD KEEP-FDS CWD PROGRAM ARGV0 [ARG...]
 *
 * PARENT is the pid of the application, REPORT-FD a pipe on which a
 * failure is reported as two ints, the step (see McpSpawnStep) and the
 * errno, KEEP-FDS the descriptors to pass on, separated by commas (or
 * empty), CWD the working directory (or empty). The pipe is closed on exec,
 * so the application reads its end until EOF to learn that the server
 * runs.
 */

#define _GNU_SOURCE

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "mcp-spawn-helper-private.h"

/* The helper is the application's child: nothing can be done for a
 * malformed command line but to exit like a failed exec. */
#define EXIT_FAILED 127

static int report_fd = -1;

static void
fail (McpSpawnStep step,
      int          error_number)
{
  int report[2] = { step, error_number };

  if (report_fd >= 0)
    {
      ssize_t n;

      do
        n = write (report_fd, report, sizeof report);
      while (n < 0 && errno == EINTR);
    }

  _exit (EXIT_FAILED);
}

static bool
parse_fd (const char  *text,
          char       **end,
          int         *fd)
{
  long value;

  errno = 0;
  value = strtol (text, end, 10);
  if (errno != 0 || *end == text || value < 0 || value > INT_MAX)
    return false;

  *fd = (int) value;
  return true;
}

static int
compare_ints (const void *a,
              const void *b)
{
  int x = *(const int *) a;
  int y = *(const int *) b;

  return (x > y) - (x < y);
}

static bool
is_kept (const int *keep,
         int        n_keep,
         int        fd)
{
  return bsearch (&fd, keep, n_keep, sizeof *keep, compare_ints) != NULL;
}

/* Closes what /proc lists, for kernels without close_range() (before
 * Linux 5.9). Nothing else runs in this process, so no descriptor is
 * opened behind our back while the directory is read. */
static bool
close_listed_fds (const int *keep,
                  int        n_keep)
{
  DIR *dir = opendir ("/proc/self/fd");
  struct dirent *entry;
  int dir_fd;

  if (dir == NULL)
    return false;

  dir_fd = dirfd (dir);
  while ((entry = readdir (dir)) != NULL)
    {
      char *end;
      int fd;

      if (!parse_fd (entry->d_name, &end, &fd) || *end != '\0')
        continue;
      if (fd > 2 && fd != dir_fd && !is_kept (keep, n_keep, fd))
        close (fd);
    }
  closedir (dir);

  return true;
}

/* Closes every descriptor from 3 on, except those in @keep (sorted). */
static void
close_other_fds (const int *keep,
                 int        n_keep)
{
  unsigned int from = 3;
  struct rlimit limit;

#ifdef HAVE_CLOSE_RANGE
  for (int i = 0; i <= n_keep; i++)
    {
      unsigned int to = i < n_keep ? (unsigned int) keep[i] : ~0U;

      if (to > from && close_range (from, to - 1, 0) != 0)
        break;
      if (i == n_keep)
        return;
      if ((unsigned int) keep[i] + 1 > from)
        from = (unsigned int) keep[i] + 1;
    }
#endif

  if (close_listed_fds (keep, n_keep))
    return;

  /* Neither: every number up to the limit. */
  if (getrlimit (RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY ||
      limit.rlim_cur > INT_MAX)
    limit.rlim_cur = 65536;
  for (int fd = 3; fd < (int) limit.rlim_cur; fd++)
    if (!is_kept (keep, n_keep, fd))
      close (fd);
}

int
main (int    argc,
      char **argv)
{
  const char *keep_list, *cwd, *program;
  char **server_argv;
  int keep[MCP_SPAWN_HELPER_MAX_FDS + 1];
  int n_keep = 0;
  long parent;
  char *end;

  if (argc < 7 || !parse_fd (argv[2], &end, &report_fd) || *end != '\0' || report_fd < 3)
    {
      report_fd = -1;
      fail (MCP_SPAWN_STEP_SETUP, EINVAL);
    }

  errno = 0;
  parent = strtol (argv[1], &end, 10);
  if (errno != 0 || *end != '\0' || parent <= 1)
    fail (MCP_SPAWN_STEP_SETUP, EINVAL);

  keep_list = argv[3];
  cwd = argv[4];
  program = argv[5];
  server_argv = argv + 6;

  /* The report pipe stays open until the exec; the descriptors handed
   * over stay open after it. */
  keep[n_keep++] = report_fd;
  for (const char *p = keep_list; *p != '\0'; p = *end == ',' ? end + 1 : end)
    {
      int fd;

      if (n_keep > MCP_SPAWN_HELPER_MAX_FDS || !parse_fd (p, &end, &fd) ||
          (*end != ',' && *end != '\0') || fd < 3)
        fail (MCP_SPAWN_STEP_SETUP, EINVAL);
      keep[n_keep++] = fd;
    }
  qsort (keep, n_keep, sizeof *keep, compare_ints);

  /* A group of its own: the application signals the server and whatever
   * it starts at once, and a terminal's Ctrl+C, which goes to the
   * application's group, does not stop the server behind its back. */
  if (setpgid (0, 0) != 0)
    fail (MCP_SPAWN_STEP_SETUP, errno);

  /* Killed with the application (more precisely, with the thread that
   * started us), and not started at all if it is already gone. */
  if (prctl (PR_SET_PDEATHSIG, SIGKILL) != 0)
    fail (MCP_SPAWN_STEP_SETUP, errno);
  if (getppid () != (pid_t) parent)
    fail (MCP_SPAWN_STEP_SETUP, ESRCH);

  _mcp_spawn_reset_signals ();

  if (*cwd != '\0' && chdir (cwd) != 0)
    fail (MCP_SPAWN_STEP_CHDIR, errno);

  close_other_fds (keep, n_keep);
  if (fcntl (report_fd, F_SETFD, FD_CLOEXEC) != 0)
    fail (MCP_SPAWN_STEP_SETUP, errno);

  execv (program, server_argv);

  /* A script without a #! line: run it with the shell, as execvp() and
   * GLib do. */
  if (errno == ENOEXEC)
    {
      int n_args = 0;
      char **shell_argv;

      while (server_argv[n_args] != NULL)
        n_args++;

      shell_argv = calloc (n_args + 2, sizeof (char *));
      if (shell_argv == NULL)
        fail (MCP_SPAWN_STEP_EXEC, ENOMEM);
      shell_argv[0] = (char *) "/bin/sh";
      shell_argv[1] = (char *) program;
      for (int i = 1; i < n_args; i++)
        shell_argv[i + 1] = server_argv[i];
      execv ("/bin/sh", shell_argv);
      errno = ENOEXEC;
    }

  fail (MCP_SPAWN_STEP_EXEC, errno);
  return EXIT_FAILED;
}
