/* mcp-stdio-transport.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpStdioTransport runs an MCP server as a child process and talks to it
 * over its stdin and stdout. It owns everything about the process: the
 * environment it gets, starting it, the draining of its stderr, and (in
 * mcp-stdio-transport-ending.c) finding out how it died and the shutdown
 * sequence that leaves no process of the server behind.
 */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <gio/gunixinputstream.h>

#include "mcp-line-reader-private.h"
#include "mcp-spawn-helper-private.h"
#include "mcp-source-private.h"
#include "mcp-stdio-transport.h"
#include "mcp-stream-transport-private.h"
#include "mcp-subprocess-private.h"

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
 * The server leads a process group of its own, so the terminal's Ctrl+C
 * (`SIGINT`, sent to the application's group) does not stop it behind the
 * application's back: the application decides when its servers stop. It
 * receives no file descriptor of the application but its standard input,
 * output and error, and those handed over with
 * [method@Mcp.StdioTransport.take_fd]; and it starts with every signal at
 * its default action and none blocked, whatever the application ignores or
 * blocks.
 *
 * Closing closes the server's stdin, waits up to a second for it to exit,
 * sends `SIGTERM` to the server and its process group, waits another
 * second and then sends `SIGKILL`. Whatever is left of the group once the
 * server has exited (daemons whose parent exited long before, say) gets
 * `SIGTERM`, then `SIGKILL` half a second later. Processes that left the
 * group (with `setsid()`) are found by their parent while it runs, and
 * get the same signals. A transport that is disposed without being closed
 * kills the server and its processes at once. If the application itself
 * dies, the server is killed (`PR_SET_PDEATHSIG`), and the processes it
 * started see the end of their input, which is how MCP asks a server to
 * exit. See the [transports guide](transports.html) for the details.
 *
 * With [property@Mcp.StdioTransport:sandbox] set, the server runs in a
 * bubblewrap sandbox made from that policy (see [class@Mcp.Sandbox]):
 * then the program, the spawn helper and bubblewrap start as above, and
 * the whole sandbox dies with the application and with the transport.
 *
 * Writing to a server that has died would raise `SIGPIPE`; the first stdio
 * transport therefore sets `SIGPIPE` to be ignored if it still has its
 * default action, so that such writes fail with an error instead.
 *
 * Since: 1.0
 */

#include "mcp-stdio-transport-private.h"


G_DEFINE_FINAL_TYPE (McpStdioTransport, mcp_stdio_transport, MCP_TYPE_STREAM_TRANSPORT)

enum {
  PROP_0,
  PROP_ARGV,
  PROP_CWD,
  PROP_ENVIRON,
  PROP_INHERIT_ENV,
  PROP_STDERR_TAIL,
  PROP_SUBPROCESS,
  PROP_SANDBOX,
  N_PROPS
};

enum {
  STDERR_LINE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static GWeakRef *
weak_ref_new (gpointer object)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, object);
  return ref;
}

gpointer
_mcp_weak_ref_steal (GWeakRef *ref)
{
  gpointer object = g_weak_ref_get (ref);

  g_weak_ref_clear (ref);
  g_free (ref);
  return object;
}

const char *
_mcp_stdio_program_name (McpStdioTransport *self)
{
  return self->argv != NULL && self->argv[0] != NULL ? self->argv[0] : "?";
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
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  return _mcp_subprocess_build_environ ((const char * const *) self->environ_,
                                        (const char * const *) self->inherit_env,
                                        self->env_overrides);
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
                    "MESSAGE", "%s: %s", _mcp_stdio_program_name (self), text,
                    "MCP_SERVER_STDERR", text,
                    "MCP_SERVER_PROGRAM", _mcp_stdio_program_name (self));

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

static void
on_stderr_end (const GError *error,
               gpointer      user_data)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (user_data);

  if (error != NULL)
    g_debug ("Reading the stderr of “%s” failed: %s", _mcp_stdio_program_name (self),
             error->message);

  self->stderr_done = TRUE;
  _mcp_stdio_check_dying (self);
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
    _mcp_stdio_check_dying (self);
  else
    _mcp_stdio_begin_dying (self);
}

/* The server stopped reading: it died, or is about to show why. */
static void
mcp_stdio_transport_output_failed (McpStreamTransport *stream,
                                   const GError       *error)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (stream);

  if (self->ended_error == NULL)
    self->ended_error = g_error_copy (error);

  _mcp_stdio_begin_dying (self);
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

/* The server runs, or could not be started: the open goes on, or fails.
 * It was closed meanwhile, perhaps: then it is being stopped. */
static void
server_started_cb (McpSubprocess *process,
                   const GError  *error,
                   gpointer       user_data)
{
  g_autoptr(GTask) task = user_data;
  McpStdioTransport *self = g_task_get_source_object (task);
  GSubprocess *subprocess = _mcp_subprocess_get_subprocess (process);

  self->starting = FALSE;

  if (error != NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("Could not start the server “%s”: %s"),
                               _mcp_stdio_program_name (self), error->message);

      /* Closed meanwhile: the shutdown sequence sees the helper exit. */
      if (self->shutdown_stage != SHUTDOWN_NONE)
        return;

      /* As if nothing was started: the helper exits by itself. */
      g_cancellable_cancel (self->wait_cancellable);
      g_object_unref (self->wait_cancellable);
      self->wait_cancellable = g_cancellable_new ();
      self->exited = FALSE;
      g_clear_pointer (&self->process, _mcp_subprocess_free);
      g_clear_pointer (&self->sandbox_run, _mcp_sandbox_run_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBPROCESS]);
      return;
    }

  if (self->shutdown_stage != SHUTDOWN_NONE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CLOSED,
                               _("The connection is closed"));
      return;
    }

  self->stderr_reader = _mcp_line_reader_new (g_subprocess_get_stderr_pipe (subprocess),
                                              STDERR_MAX_LINE);
  _mcp_line_reader_start (self->stderr_reader,
                          on_stderr_line, on_stderr_oversized, on_stderr_end, NULL, self);

  _mcp_stream_transport_set_streams (MCP_STREAM_TRANSPORT (self),
                                     g_subprocess_get_stdout_pipe (subprocess),
                                     g_subprocess_get_stdin_pipe (subprocess));

  MCP_TRANSPORT_CLASS (mcp_stdio_transport_parent_class)->open (MCP_TRANSPORT (self),
                                                                g_task_get_cancellable (task),
                                                                task);

  /* A server that exited at once is seen dying now that it is open. */
  if (self->exited)
    _mcp_stdio_begin_dying (self);
}

static void
mcp_stdio_transport_open (McpTransport *transport,
                          GCancellable *cancellable,
                          GTask        *task)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = NULL;
  GSubprocess *subprocess;
  const char * const *argv;
  const char * const *envp;
  const char *cwd;

  if (self->process == NULL && self->shutdown_stage == SHUTDOWN_NONE)
    {
      if (self->argv == NULL || self->argv[0] == NULL)
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                   _("No server command was given"));
          return;
        }

      ignore_sigpipe ();

      env = mcp_stdio_transport_build_environ (self);
      argv = (const char * const *) self->argv;
      envp = (const char * const *) env;
      cwd = self->cwd;

      /* Fails closed: no sandbox, no server. */
      g_clear_pointer (&self->sandbox_run, _mcp_sandbox_run_free);
      if (self->sandbox != NULL)
        {
          self->sandbox_run = _mcp_sandbox_run_new (self->sandbox, argv, envp, self->cwd,
                                                    (const char * const *) self->root_paths,
                                                    &error);
          if (self->sandbox_run == NULL)
            {
              g_task_return_new_error (task, G_IO_ERROR, error->code,
                                       _("Could not start the server “%s”: %s"),
                                       _mcp_stdio_program_name (self), error->message);
              return;
            }
          argv = _mcp_sandbox_run_get_argv (self->sandbox_run);
          envp = _mcp_sandbox_run_get_envp (self->sandbox_run);
          /* bwrap changes to it inside, where the application's may be hidden. */
          cwd = NULL;
        }

      self->process = _mcp_subprocess_spawn (argv, envp, cwd,
                                             (int *) self->source_fds->data,
                                             (const int *) self->target_fds->data,
                                             self->source_fds->len, &error);
      /* Handed over or closed, either way no longer ours. */
      self->handed_fds = self->source_fds->len > 0;
      g_array_set_size (self->source_fds, 0);
      g_array_set_size (self->target_fds, 0);
      if (self->process == NULL)
        {
          g_clear_pointer (&self->sandbox_run, _mcp_sandbox_run_free);
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                                   _("Could not start the server “%s”: %s"),
                                   _mcp_stdio_program_name (self), error->message);
          return;
        }

      subprocess = _mcp_subprocess_get_subprocess (self->process);
      g_debug ("Started the server “%s” as process %d",
               _mcp_stdio_program_name (self), (int) _mcp_subprocess_get_pid (self->process));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBPROCESS]);

      g_subprocess_wait_async (subprocess, self->wait_cancellable,
                               _mcp_stdio_exited_cb, weak_ref_new (self));

      self->starting = TRUE;
      _mcp_subprocess_watch_start (self->process, server_started_cb, g_object_ref (task));
      return;
    }

  MCP_TRANSPORT_CLASS (mcp_stdio_transport_parent_class)->open (transport, cancellable, task);
}

/* The connection ended with an error: the server died, or its output made
 * no sense any more (the engine ends the connection then). Either way the
 * server is of no use: it is stopped. A deliberate close stops it in its
 * own way, see mcp_stdio_transport_close(). */
static void
mcp_stdio_transport_closed (McpTransport *transport,
                            const GError *error)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);
  g_autoptr(McpStdioTransport) hold = g_object_ref (self);

  MCP_TRANSPORT_CLASS (mcp_stdio_transport_parent_class)->closed (transport, error);

  if (error != NULL && self->shutdown_stage == SHUTDOWN_NONE)
    {
      self->dying = FALSE;
      _mcp_source_clear (&self->death_timeout);
      _mcp_stdio_start_shutdown (self);
    }
}

static void
parent_closed_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (object);

  g_task_propagate_boolean (G_TASK (result), NULL);
  _mcp_stdio_start_shutdown (self);
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
    _mcp_stdio_finish_dying (self);

  /* Closing the streams ends the server's stdin, and it may exit at once,
   * leaving the processes it started to others: note them before. */
  if (self->process != NULL)
    _mcp_subprocess_record (self->process);

  /* The streams first, then the process: see
   * _mcp_stdio_start_shutdown(). */
  streams_closed = g_task_new (self, NULL, parent_closed_cb, NULL);
  MCP_TRANSPORT_CLASS (mcp_stdio_transport_parent_class)->close (transport, NULL, streams_closed);
}

static void
mcp_stdio_transport_dispose (GObject *object)
{
  McpStdioTransport *self = (McpStdioTransport *)object;

  /* Nobody closed us: nothing may outlive the transport. */
  if (self->process != NULL && self->shutdown_stage != SHUTDOWN_DONE)
    _mcp_subprocess_kill (self->process);
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
  for (guint i = 0; i < self->source_fds->len; i++)
    close (g_array_index (self->source_fds, int, i));
  g_clear_pointer (&self->source_fds, g_array_unref);
  g_clear_pointer (&self->target_fds, g_array_unref);
  g_clear_pointer (&self->process, _mcp_subprocess_free);
  g_clear_pointer (&self->sandbox_run, _mcp_sandbox_run_free);
  g_clear_object (&self->sandbox);
  g_clear_pointer (&self->root_paths, g_strfreev);
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
      g_value_set_object (value, mcp_stdio_transport_get_subprocess (self));
      break;

    case PROP_SANDBOX:
      g_value_set_object (value, self->sandbox);
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

    case PROP_SANDBOX:
      mcp_stdio_transport_set_sandbox (self, g_value_get_object (value));
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
  transport_class->closed = mcp_stdio_transport_closed;
  transport_class->reopen = _mcp_stdio_reopen;

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

  /**
   * McpStdioTransport:sandbox:
   *
   * The sandbox policy the server runs under, or %NULL (the default) to
   * run it with the application's rights. It takes effect when the server
   * is started; if the sandbox cannot be made, the start fails. See
   * [class@Mcp.Sandbox].
   *
   * Since: 1.0
   */
  properties[PROP_SANDBOX] =
    g_param_spec_object ("sandbox", NULL, NULL,
                         MCP_TYPE_SANDBOX,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

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
  self->source_fds = g_array_new (FALSE, FALSE, sizeof (int));
  self->target_fds = g_array_new (FALSE, FALSE, sizeof (int));
  self->stderr_tail = g_string_new (NULL);
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
 * mcp_stdio_transport_take_fd:
 * @self: a stdio transport
 * @source_fd: a file descriptor of the application
 * @target_fd: the number it gets in the server, 3 or more
 *
 * Hands a file descriptor over to the server: it will have @source_fd's
 * file open as @target_fd. The server receives no other descriptor but
 * its standard input, output and error.
 *
 * The transport takes @source_fd and closes it once the server is started
 * (or when the transport is freed without starting one), as
 * [method@Gio.SubprocessLauncher.take_fd] does. Call it before the
 * transport is opened; a second descriptor for the same @target_fd
 * replaces the first, which is closed. At most 64 descriptors can be
 * handed over.
 *
 * <!-- doc-test
 * static McpStdioTransport *transport;
 * -->
 * ```c
 * #include <glib-unix.h>
 *
 * int fds[2];
 *
 * g_unix_open_pipe (fds, FD_CLOEXEC, NULL);
 * // The server writes its status to descriptor 3; we read it from fds[0].
 * mcp_stdio_transport_take_fd (transport, fds[1], 3);
 * ```
 *
 * Since: 1.0
 */
void
mcp_stdio_transport_take_fd (McpStdioTransport *self,
                             int                source_fd,
                             int                target_fd)
{
  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));
  g_return_if_fail (source_fd >= 0);
  g_return_if_fail (target_fd > 2);
  g_return_if_fail (self->process == NULL && self->shutdown_stage == SHUTDOWN_NONE);

  for (guint i = 0; i < self->target_fds->len; i++)
    {
      if (g_array_index (self->target_fds, int, i) != target_fd)
        continue;

      if (g_array_index (self->source_fds, int, i) != source_fd)
        close (g_array_index (self->source_fds, int, i));
      g_array_index (self->source_fds, int, i) = source_fd;
      return;
    }

  g_return_if_fail (self->source_fds->len < MCP_SPAWN_HELPER_MAX_FDS);

  g_array_append_val (self->source_fds, source_fd);
  g_array_append_val (self->target_fds, target_fd);
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

  return self->process != NULL ? _mcp_subprocess_get_subprocess (self->process) : NULL;
}

/**
 * mcp_stdio_transport_get_sandbox:
 * @self: a stdio transport
 *
 * Gets [property@Mcp.StdioTransport:sandbox].
 *
 * Returns: (transfer none) (nullable): the sandbox policy, or %NULL
 *
 * Since: 1.0
 */
McpSandbox *
mcp_stdio_transport_get_sandbox (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  return self->sandbox;
}

/**
 * mcp_stdio_transport_set_sandbox:
 * @self: a stdio transport
 * @sandbox: (nullable): a sandbox policy, or %NULL for none
 *
 * Sets [property@Mcp.StdioTransport:sandbox]. The policy is read when the
 * server is started, so changes to it apply at the next start.
 *
 * Since: 1.0
 */
void
mcp_stdio_transport_set_sandbox (McpStdioTransport *self,
                                 McpSandbox        *sandbox)
{
  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));
  g_return_if_fail (sandbox == NULL || MCP_IS_SANDBOX (sandbox));

  if (g_set_object (&self->sandbox, sandbox))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SANDBOX]);
}

/**
 * mcp_stdio_transport_set_root_uris:
 * @self: a stdio transport
 * @uris: (nullable) (array zero-terminated=1): the client's roots, as
 *   `file://` URIs
 *
 * Tells the transport the client's roots, which a sandboxed server may
 * write to (see [property@Mcp.Sandbox:roots-writable]). [class@Mcp.Client]
 * calls it when it connects, if it has roots, so a root added while the
 * server runs takes effect at its next start. URIs other than `file://`
 * are ignored.
 *
 * Since: 1.0
 */
void
mcp_stdio_transport_set_root_uris (McpStdioTransport  *self,
                                   const char * const *uris)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));

  for (guint i = 0; uris != NULL && uris[i] != NULL; i++)
    {
      g_autofree char *path = g_filename_from_uri (uris[i], NULL, NULL);

      if (path != NULL)
        g_strv_builder_add (builder, path);
    }

  g_strfreev (self->root_paths);
  self->root_paths = g_strv_builder_end (builder);
}
