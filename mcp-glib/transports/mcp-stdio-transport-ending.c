/* mcp-stdio-transport-ending.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The end of a stdio server: finding out that it died (its stdout ended,
 * it stopped reading, or it exited), waiting briefly for the rest so that
 * the error can say how, and the shutdown sequence of a deliberate close
 * (close stdin, wait, SIGTERM, wait, SIGKILL, for the server and the
 * processes it started) that leaves no process of the server behind; and
 * starting it again once it is gone (mcp_transport_reopen_async ()).
 */

#include "config.h"

#include <signal.h>

#include <glib/gi18n-lib.h>

#include "mcp-source-private.h"
#include "mcp-stdio-transport-private.h"

static void advance_shutdown (McpStdioTransport *self);

void
_mcp_stdio_check_dying (McpStdioTransport *self)
{
  if (self->dying && self->exited && self->stdout_done && self->stderr_done)
    _mcp_stdio_finish_dying (self);
}

static char *
describe_exit (McpStdioTransport *self)
{
  GSubprocess *subprocess = _mcp_subprocess_get_subprocess (self->process);
  int status;

  if (!self->exited && !self->stdout_done)
    return g_strdup_printf (_("The server “%s” stopped reading its input but is still running; "
                              "it was stopped"),
                            _mcp_stdio_program_name (self));

  if (!self->exited)
    return g_strdup_printf (_("The server “%s” closed its output but is still running; it was "
                              "stopped"),
                            _mcp_stdio_program_name (self));

  if (g_subprocess_get_if_signaled (subprocess))
    {
      int signum = g_subprocess_get_term_sig (subprocess);

      return g_strdup_printf (_("The server “%s” was killed by signal %d (%s)"),
                              _mcp_stdio_program_name (self), signum, g_strsignal (signum));
    }

  status = g_subprocess_get_exit_status (subprocess);
  if (status == 0)
    return g_strdup_printf (_("The server “%s” exited"), _mcp_stdio_program_name (self));

  return g_strdup_printf (_("The server “%s” exited with status %d"),
                          _mcp_stdio_program_name (self), status);
}

void
_mcp_stdio_finish_dying (McpStdioTransport *self)
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

  /* What the sandbox denied it, where that shows. */
  if (self->sandbox_run != NULL)
    {
      g_autofree char *denials = _mcp_sandbox_run_describe_denials (self->sandbox_run,
                                                                    self->stderr_tail->str);

      if (denials != NULL)
        g_string_append_printf (message, "\n%s", denials);
    }

  /* A read error says more than "closed" when the process is still around. */
  if (!self->exited && self->ended_error != NULL &&
      !g_error_matches (self->ended_error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED))
    g_string_append_printf (message, "\n%s", self->ended_error->message);

  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED, message->str);
  g_string_free (message, TRUE);

  g_debug ("%s", error->message);

  /* Which stops the server: see mcp_stdio_transport_closed(). */
  mcp_transport_deliver_closed (MCP_TRANSPORT (self), error);
}

static gboolean
death_timeout_cb (gpointer user_data)
{
  McpStdioTransport *self = user_data;

  _mcp_source_clear (&self->death_timeout);
  _mcp_stdio_finish_dying (self);

  return G_SOURCE_REMOVE;
}

/* The server is gone or going: its stdout ended, or the process exited.
 * Wait briefly for the rest (exit status, the last stdout messages, the
 * last stderr lines) so the error can say what happened, then report it. */
void
_mcp_stdio_begin_dying (McpStdioTransport *self)
{
  if (self->dying || self->shutdown_stage != SHUTDOWN_NONE ||
      mcp_transport_is_closed (MCP_TRANSPORT (self)))
    return;

  self->dying = TRUE;
  /* A server that stopped talking may be about to exit: note what it
   * started while that can still be found. */
  _mcp_subprocess_record (self->process);
  self->death_timeout = _mcp_timeout_source_add (DEATH_GRACE_MS, death_timeout_cb, self, NULL);
  _mcp_stdio_check_dying (self);
}

static void
complete_shutdown (McpStdioTransport *self)
{
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->shutdown_tasks);

  self->shutdown_stage = SHUTDOWN_DONE;
  _mcp_source_clear (&self->shutdown_timeout);

  /* The sandbox's proxy ends with the server. */
  g_clear_pointer (&self->sandbox_run, _mcp_sandbox_run_free);

  /* Whatever still holds the stderr pipe is no reason to keep reading. */
  if (self->stderr_reader != NULL)
    _mcp_line_reader_stop (self->stderr_reader);

  g_debug ("The server “%s” is stopped", _mcp_stdio_program_name (self));

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
      _mcp_subprocess_signal (self->process, SIGTERM);
      self->shutdown_timeout = _mcp_timeout_source_add (TERM_GRACE_MS, shutdown_timeout_cb, self,
                                                        NULL);
      break;

    case SHUTDOWN_TERM:
      self->shutdown_stage = SHUTDOWN_KILL;
      _mcp_subprocess_signal (self->process, SIGKILL);
      self->shutdown_timeout = _mcp_timeout_source_add (KILL_GRACE_MS, shutdown_timeout_cb, self,
                                                        NULL);
      break;

    case SHUTDOWN_KILL:
      g_warning ("The server “%s” did not exit after SIGKILL", _mcp_stdio_program_name (self));
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

  if (!_mcp_subprocess_others_running (self->process))
    {
      complete_shutdown (self);
      return;
    }

  if (self->shutdown_stage != SHUTDOWN_DESCENDANTS)
    {
      self->shutdown_stage = SHUTDOWN_DESCENDANTS;
      self->descendant_polls = 0;
      _mcp_subprocess_signal_others (self->process, SIGTERM);
    }
  else if (++self->descendant_polls == DESCENDANT_GRACE_MS / DESCENDANT_POLL_MS)
    _mcp_subprocess_signal_others (self->process, SIGKILL);
  else if (self->descendant_polls > 2 * DESCENDANT_GRACE_MS / DESCENDANT_POLL_MS)
    {
      g_warning ("Processes of the server “%s” survived SIGKILL",
                 _mcp_stdio_program_name (self));
      complete_shutdown (self);
      return;
    }

  self->shutdown_timeout = _mcp_timeout_source_add (DESCENDANT_POLL_MS, shutdown_timeout_cb, self,
                                                    NULL);
}

void
_mcp_stdio_start_shutdown (McpStdioTransport *self)
{
  GOutputStream *stdin_pipe;

  if (self->shutdown_stage != SHUTDOWN_NONE)
    {
      if (self->shutdown_stage == SHUTDOWN_DONE)
        complete_shutdown (self);
      return;
    }

  if (self->process == NULL)
    {
      complete_shutdown (self);
      return;
    }

  /* EOF on stdin is the polite way to ask an MCP server to exit. */
  stdin_pipe = g_subprocess_get_stdin_pipe (_mcp_subprocess_get_subprocess (self->process));
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

void
_mcp_stdio_exited_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(McpStdioTransport) self = _mcp_weak_ref_steal (user_data);
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_wait_finish (G_SUBPROCESS (object), result, &error) || self == NULL)
    return;

  self->exited = TRUE;
  _mcp_subprocess_set_exited (self->process);
  g_debug ("The server “%s” exited", _mcp_stdio_program_name (self));

  /* Before it was known to run: its start tells what happened, unless it
   * is being stopped already. */
  if (self->starting && self->shutdown_stage == SHUTDOWN_NONE)
    return;

  switch (self->shutdown_stage)
    {
    case SHUTDOWN_NONE:
      if (self->dying)
        _mcp_stdio_check_dying (self);
      else
        _mcp_stdio_begin_dying (self);
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

/* Starting again ---------------------------------------------------------- */

/* The old server is gone, and so is everything the transport knew of it:
 * open starts a new one as it started the first. */
static void
forget_server (McpStdioTransport *self,
               GTask             *task)
{
  g_autoptr(GError) error = NULL;

  if (!_mcp_stream_transport_reset (MCP_STREAM_TRANSPORT (self), &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (self->stderr_reader != NULL)
    _mcp_line_reader_stop (self->stderr_reader);
  g_clear_pointer (&self->stderr_reader, _mcp_line_reader_unref);
  g_string_truncate (self->stderr_tail, 0);
  g_clear_pointer (&self->process, _mcp_subprocess_free);
  g_cancellable_cancel (self->wait_cancellable);
  g_object_unref (self->wait_cancellable);
  self->wait_cancellable = g_cancellable_new ();
  g_clear_error (&self->ended_error);
  _mcp_source_clear (&self->death_timeout);
  _mcp_source_clear (&self->shutdown_timeout);
  self->descendant_polls = 0;
  self->exited = FALSE;
  self->stdout_done = FALSE;
  self->stderr_done = FALSE;
  self->dying = FALSE;
  self->starting = FALSE;
  self->shutdown_stage = SHUTDOWN_NONE;
  g_object_notify (G_OBJECT (self), "subprocess");

  g_task_return_boolean (task, TRUE);
}

static void
stopped_for_reopen_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;

  g_task_propagate_boolean (G_TASK (result), NULL);
  forget_server (MCP_STDIO_TRANSPORT (object), task);
}

/* The reopen virtual method: the old server is stopped as a close stops
 * it (it usually has exited already), then forgotten. */
void
_mcp_stdio_reopen (McpTransport *transport,
                   GCancellable *cancellable,
                   GTask        *task)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);

  if (self->handed_fds)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("The server “%s” cannot be started again: the descriptors "
                                 "handed to it went to its first process"),
                               _mcp_stdio_program_name (self));
      return;
    }

  if (self->shutdown_stage == SHUTDOWN_DONE ||
      (self->process == NULL && self->shutdown_stage == SHUTDOWN_NONE))
    {
      forget_server (self, task);
      return;
    }

  g_debug ("Waiting for the server “%s” to be stopped before starting it again",
           _mcp_stdio_program_name (self));
  if (self->shutdown_tasks == NULL)
    self->shutdown_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->shutdown_tasks,
                   g_task_new (self, NULL, stopped_for_reopen_cb, g_object_ref (task)));
  _mcp_stdio_start_shutdown (self);
}
