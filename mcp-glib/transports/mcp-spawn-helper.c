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
 *
 * Inside a sandbox that may reach allowed domains (see mcp-sandbox-bwrap.c)
 * it runs a second time, as the sandbox's first program:
 *   mcp-spawn-helper --proxy-forward SOCKET PORT PROGRAM [ARG...]
 * It listens on 127.0.0.1:PORT of the sandbox's own network namespace,
 * leaves a child that forwards each connection to the Unix socket SOCKET
 * (the library's domain proxy, bound into the sandbox), and executes the
 * server, whose death kills the child.
 */

#define _GNU_SOURCE

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
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

/* Relays bytes between two sockets until both directions have ended. */
static void
relay (int a,
       int b)
{
  struct pollfd fds[2] = { { a, POLLIN, 0 }, { b, POLLIN, 0 } };
  bool open_in[2] = { true, true };
  char buffer[16384];

  while (open_in[0] || open_in[1])
    {
      if (poll (fds, 2, -1) < 0)
        {
          if (errno == EINTR)
            continue;
          return;
        }

      for (int i = 0; i < 2; i++)
        {
          ssize_t n;

          if (!open_in[i] || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0)
            continue;

          n = read (fds[i].fd, buffer, sizeof buffer);
          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            {
              /* Half-closed: the other side sees the end too. */
              open_in[i] = false;
              fds[i].events = 0;
              fds[i].fd = -1;
              shutdown (i == 0 ? b : a, SHUT_WR);
              continue;
            }

          for (ssize_t done = 0; done < n;)
            {
              ssize_t w = write (i == 0 ? b : a, buffer + done, n - done);

              if (w < 0 && errno == EINTR)
                continue;
              if (w <= 0)
                return;
              done += w;
            }
        }
    }
}

/* The child that forwards: it dies with the server (its parent). */
static void
forward_loop (int         listener,
              const char *socket_path,
              pid_t       server)
{
  struct sigaction action;
  int null_fd;

  if (prctl (PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid () != server)
    _exit (0);

  /* Not the server's stdin, stdout or stderr: the application waits for
   * their end. */
  null_fd = open ("/dev/null", O_RDWR);
  if (null_fd >= 0)
    {
      dup2 (null_fd, 0);
      dup2 (null_fd, 1);
      dup2 (null_fd, 2);
      if (null_fd > 2)
        close (null_fd);
    }

  /* Connections are relayed by children that nobody waits for. */
  memset (&action, 0, sizeof action);
  action.sa_handler = SIG_IGN;
  action.sa_flags = SA_NOCLDWAIT;
  sigaction (SIGCHLD, &action, NULL);

  for (;;)
    {
      struct sockaddr_un address;
      int client = accept (listener, NULL, NULL);
      int upstream;
      pid_t child;

      if (client < 0)
        {
          if (errno == EINTR || errno == ECONNABORTED)
            continue;
          _exit (1);
        }

      child = fork ();
      if (child != 0)
        {
          close (client);
          continue;
        }

      /* The relay dies with the forwarder. */
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      close (listener);
      upstream = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
      memset (&address, 0, sizeof address);
      address.sun_family = AF_UNIX;
      if (upstream < 0 || strlen (socket_path) >= sizeof address.sun_path)
        _exit (1);
      strcpy (address.sun_path, socket_path);
      if (connect (upstream, (struct sockaddr *) &address, sizeof address) != 0)
        _exit (1);
      relay (client, upstream);
      _exit (0);
    }
}

/* mcp-spawn-helper --proxy-forward SOCKET PORT PROGRAM [ARG...] */
static int
proxy_forward (int    argc,
               char **argv)
{
  struct sockaddr_in address;
  const char *socket_path = argv[2];
  char *end;
  long port;
  int listener, one = 1;
  pid_t server = getpid ();

  errno = 0;
  port = strtol (argv[3], &end, 10);
  if (argc < 5 || errno != 0 || *end != '\0' || port < 1 || port > 65535)
    return EXIT_FAILED;

  listener = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listener < 0)
    return EXIT_FAILED;
  setsockopt (listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  memset (&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons ((uint16_t) port);
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  if (bind (listener, (struct sockaddr *) &address, sizeof address) != 0 ||
      listen (listener, 64) != 0)
    return EXIT_FAILED;

  switch (fork ())
    {
    case -1:
      return EXIT_FAILED;
    case 0:
      forward_loop (listener, socket_path, server);
      _exit (0);
    default:
      break;
    }

  close (listener);
  execvp (argv[4], argv + 4);
  dprintf (2, "%s: %s\n", argv[4], strerror (errno));
  return EXIT_FAILED;
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

  if (argc >= 5 && strcmp (argv[1], "--proxy-forward") == 0)
    return proxy_forward (argc, argv);

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
