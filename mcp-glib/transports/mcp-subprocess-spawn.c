/* mcp-subprocess-spawn.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Starting a stdio server (see mcp-subprocess.c for the whole story): the
 * environment it gets, launching it as the leader of a process group of its
 * own through the spawn helper or GLib's fork () path, and waiting for the
 * helper's report that it executed the server; then the object's end and
 * accessors. Finding and signalling the server's processes is in
 * mcp-subprocess.c.
 */

#include "config.h"

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
