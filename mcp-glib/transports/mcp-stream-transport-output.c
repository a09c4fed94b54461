/* mcp-stream-transport-output.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The writing side of McpStreamTransport: the queue of messages to send,
 * joined into batches that go out in one write, straight to a pipe of the
 * transport's own without blocking or through the output stream, and the
 * senders told what became of each message.
 */

#include "config.h"

#include <errno.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib-unix.h>

#include "mcp-json-private.h"
#include "mcp-source-private.h"
#include "mcp-stream-transport-private.h"
#include "mcp-transport-private.h"

/* A message to write, for a caller of mcp_transport_send_async () (@task)
 * or for the engine (@owner, @tag and @failed: see _mcp_transport_send ()). */
typedef struct
{
  GTask                      *task;
  GObject                    *owner;
  gint64                      tag;
  McpTransportSendFailedFunc  failed;
  GBytes                     *bytes;
} Outgoing;

static void
outgoing_free (Outgoing *out)
{
  g_clear_object (&out->task);
  g_clear_object (&out->owner);
  g_clear_pointer (&out->bytes, g_bytes_unref);
  g_free (out);
}

/* Tells the sender that @out was written (@error is %NULL), or why not. */
static void
outgoing_complete (Outgoing     *out,
                   const GError *error)
{
  if (out->task != NULL)
    {
      if (error != NULL)
        g_task_return_error (out->task, g_error_copy (error));
      else
        g_task_return_boolean (out->task, TRUE);
    }
  else if (error != NULL && out->failed != NULL)
    out->failed (out->owner, out->tag, error);
}

static void
fail_outgoing (Outgoing     *out,
               const GError *error)
{
  outgoing_complete (out, error);
  outgoing_free (out);
}

void
_mcp_stream_transport_fail_queue (McpStreamTransport *self,
                                  const GError       *error)
{
  McpStreamTransportPrivate *priv = _mcp_stream_transport_get_private (self);
  Outgoing *out;

  while ((out = g_queue_pop_head (&priv->queue)))
    fail_outgoing (out, error);
  while ((out = g_queue_pop_head (&priv->stranded)))
    fail_outgoing (out, error);
}

/* The batch in progress is written, or failed: its senders learn it, and
 * the next batch starts. */
static void
batch_done (McpStreamTransport *self,
            const GError       *error)
{
  McpStreamTransportPrivate *priv = _mcp_stream_transport_get_private (self);
  g_autoptr(McpStreamTransport) hold = g_object_ref (self);
  g_autoptr(GPtrArray) batch = g_steal_pointer (&priv->batch);

  g_clear_pointer (&priv->batch_bytes, g_bytes_unref);

  if (error != NULL)
    {
      gboolean first = priv->write_error == NULL;

      g_debug ("Writing to the server failed: %s", error->message);
      if (first)
        priv->write_error = g_error_new (G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE,
                                         _("Writing to the server failed: %s"), error->message);

      /* A broken output usually means the peer is gone, and why it went
       * says more than the broken pipe: these messages fail with the
       * error that ends the connection. Once it has ended (or is being
       * closed), nothing would fail them later: fail them now. */
      if (priv->closing || mcp_transport_is_closed (MCP_TRANSPORT (self)))
        {
          /* A write cut short by the close failed because of it, as the
           * messages queued behind it do. */
          const GError *reason = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                                 ? &(GError) { G_IO_ERROR, G_IO_ERROR_CLOSED,
                                               (char *) _("The connection is closed") }
                                 : priv->write_error;

          for (guint i = 0; i < batch->len; i++)
            outgoing_complete (batch->pdata[i], reason);
        }
      else
        {
          while (batch->len > 0)
            g_queue_push_tail (&priv->stranded, g_ptr_array_steal_index (batch, 0));
        }

      if (first && !priv->closing)
        MCP_STREAM_TRANSPORT_GET_CLASS (self)->output_failed (self, priv->write_error);
    }
  else
    {
      for (guint i = 0; i < batch->len; i++)
        outgoing_complete (batch->pdata[i], NULL);
    }

  _mcp_stream_transport_write_next (self);
}

static void
mcp_stream_transport_write_cb (GObject      *object,
                               GAsyncResult *result,
                               gpointer      user_data)
{
  g_autoptr(McpStreamTransport) self = user_data;
  g_autoptr(GError) error = NULL;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, NULL, &error);
  batch_done (self, error);
}

static void write_some (McpStreamTransport *self);

static gboolean
resume_write_cb (gpointer user_data)
{
  McpStreamTransport *self = user_data;
  McpStreamTransportPrivate *priv = _mcp_stream_transport_get_private (self);

  g_clear_pointer (&priv->writable_source, g_source_unref);
  write_some (self);

  return G_SOURCE_REMOVE;
}

static gboolean
writable_cb (int           fd,
             GIOCondition  condition,
             gpointer      user_data)
{
  return resume_write_cb (user_data);
}

/* Writes what the pipe takes now, without blocking; the rest waits until
 * it can take more. A batch usually goes out in one write (), with no
 * GTask and no poll () around it, unlike g_output_stream_write_all_async (),
 * which on GLib 2.74 costs three system calls, two GTasks and a source per
 * message. */
static void
write_some (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = _mcp_stream_transport_get_private (self);
  gsize size;
  const guint8 *data = g_bytes_get_data (priv->batch_bytes, &size);

  while (priv->batch_written < size)
    {
      g_autoptr(GError) error = NULL;
      gssize n;

      if (g_cancellable_set_error_if_cancelled (priv->write_cancellable, &error))
        {
          batch_done (self, error);
          return;
        }

      n = write (priv->output_fd, data + priv->batch_written, size - priv->batch_written);
      if (n < 0 && errno == EINTR)
        continue;

      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        {
          priv->writable_source = g_unix_fd_source_new (priv->output_fd, G_IO_OUT);
          g_source_set_static_name (priv->writable_source, "[mcp-glib] write");
          g_source_set_callback (priv->writable_source, G_SOURCE_FUNC (writable_cb),
                                 g_object_ref (self), g_object_unref);
          g_source_attach (priv->writable_source, g_main_context_get_thread_default ());
          return;
        }

      if (n < 0)
        {
          int saved_errno = errno;

          error = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (saved_errno),
                                       g_strerror (saved_errno));
          batch_done (self, error);
          return;
        }

      priv->batch_written += n;
    }

  batch_done (self, NULL);
}

/* Messages queued on a pipe of our own are written together once the
 * code that queued them is done: 64 answers read at once start 64 calls,
 * which go out in one write (). Those queued while the reader hands out
 * lines are written as soon as it has handed out the last line of its read
 * (see _mcp_stream_transport_flush_read_batch ()), in the same iteration of the main loop; the others
 * from the next iteration, when this source, armed, dispatches. It stays
 * for the transport's life: arming and disarming it is setting a flag, where
 * an idle source each time costs its creation, its attachment and its
 * destruction. Armed, it holds a reference to the transport, as the write
 * it stands for would. */
typedef struct
{
  GSource             source;
  McpStreamTransport *transport;
  gboolean            armed;
} FlushSource;

static gboolean
flush_source_prepare (GSource *source,
                      gint    *timeout)
{
  *timeout = -1;
  return ((FlushSource *) source)->armed;
}

static gboolean
flush_source_check (GSource *source)
{
  return ((FlushSource *) source)->armed;
}

static void
flush_now (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = _mcp_stream_transport_get_private (self);
  FlushSource *flush = (FlushSource *) priv->flush_source;

  if (flush == NULL || !flush->armed)
    return;

  flush->armed = FALSE;
  _mcp_stream_transport_write_next (self);
  g_object_unref (self);
}

static gboolean
flush_source_dispatch (GSource     *source,
                       GSourceFunc  callback,
                       gpointer     user_data)
{
  flush_now (((FlushSource *) source)->transport);
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs flush_source_funcs = {
  .prepare = flush_source_prepare,
  .check = flush_source_check,
  .dispatch = flush_source_dispatch,
};

static void
arm_flush (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = _mcp_stream_transport_get_private (self);
  FlushSource *flush;

  if (priv->flush_source == NULL)
    {
      priv->flush_source = g_source_new (&flush_source_funcs, sizeof (FlushSource));
      ((FlushSource *) priv->flush_source)->transport = self;
      g_source_set_static_name (priv->flush_source, "[mcp-glib] flush");
      g_source_attach (priv->flush_source, g_main_context_get_thread_default ());
    }

  flush = (FlushSource *) priv->flush_source;
  if (!flush->armed)
    {
      flush->armed = TRUE;
      g_object_ref (self);
    }
}

/* The reader has handed out the lines of one read. */
void
_mcp_stream_transport_flush_read_batch (gpointer user_data)
{
  flush_now (user_data);
}

/* Stops writing. A write in progress fails as cancelled, from the main
 * loop as an asynchronous write would, rather than from here. */
void
_mcp_stream_transport_cancel_writing (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = _mcp_stream_transport_get_private (self);
  g_autoptr(McpStreamTransport) hold = g_object_ref (self);

  g_cancellable_cancel (priv->write_cancellable);

  if (priv->flush_source != NULL)
    {
      gboolean armed = ((FlushSource *) priv->flush_source)->armed;

      _mcp_source_clear (&priv->flush_source);
      if (armed)
        g_object_unref (self);
    }

  if (priv->writable_source != NULL)
    {
      _mcp_source_clear (&priv->writable_source);
      priv->writable_source = g_idle_source_new ();
      g_source_set_priority (priv->writable_source, G_PRIORITY_DEFAULT);
      g_source_set_static_name (priv->writable_source, "[mcp-glib] write");
      g_source_set_callback (priv->writable_source, resume_write_cb,
                             g_object_ref (self), g_object_unref);
      g_source_attach (priv->writable_source, g_main_context_get_thread_default ());
    }
}

void
_mcp_stream_transport_write_next (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = _mcp_stream_transport_get_private (self);
  Outgoing *out;
  guint n = 0;

  if (priv->batch != NULL)
    return;

  if (priv->closing)
    {
      if (priv->close_tasks != NULL)
        _mcp_stream_transport_finish_close (self);
      return;
    }

  if (g_queue_is_empty (&priv->queue) || priv->write_error != NULL)
    return;

  /* Everything queued goes out in one write: under load this turns many
   * small writes (and wake-ups of the server) into one. The messages are
   * joined rather than written with writev, which GLib 2.74 mishandles when
   * the pipe is broken. */
  priv->batch = g_ptr_array_new_with_free_func ((GDestroyNotify) outgoing_free);

  while ((out = g_queue_pop_head (&priv->queue)))
    {
      if (out->task != NULL && g_task_return_error_if_cancelled (out->task))
        {
          outgoing_free (out);
          continue;
        }

      n++;
      g_ptr_array_add (priv->batch, out);
    }

  if (n == 0)
    {
      g_clear_pointer (&priv->batch, g_ptr_array_unref);
      return;
    }

  if (n == 1)
    priv->batch_bytes = g_bytes_ref (((Outgoing *) priv->batch->pdata[0])->bytes);
  else
    {
      GByteArray *joined = g_byte_array_new ();

      for (guint i = 0; i < n; i++)
        {
          gsize size;
          gconstpointer data = g_bytes_get_data (((Outgoing *) priv->batch->pdata[i])->bytes,
                                                 &size);

          g_byte_array_append (joined, data, size);
        }
      priv->batch_bytes = g_byte_array_free_to_bytes (joined);
    }

  if (priv->output_fd >= 0)
    {
      priv->batch_written = 0;
      write_some (self);
      return;
    }

  g_output_stream_write_all_async (priv->output,
                                   g_bytes_get_data (priv->batch_bytes, NULL),
                                   g_bytes_get_size (priv->batch_bytes),
                                   G_PRIORITY_DEFAULT,
                                   priv->write_cancellable,
                                   mcp_stream_transport_write_cb,
                                   g_object_ref (self));
}

/* Queues @out (transfer full) with @message, a tree or (if @message is
 * %NULL) the compact JSON text of a message (transfer full). */
static void
queue_outgoing (McpStreamTransport *self,
                Outgoing           *out,
                JsonNode           *message,
                GString            *text)
{
  McpStreamTransportPrivate *priv = _mcp_stream_transport_get_private (self);

  if (text != NULL)
    {
      g_string_append_c (text, '\n');
      out->bytes = g_string_free_to_bytes (text);
    }

  if (!priv->opened)
    {
      fail_outgoing (out, &(GError) { G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                                      (char *) _("The transport is not open") });
      return;
    }
  if (priv->closing)
    {
      fail_outgoing (out, &(GError) { G_IO_ERROR, G_IO_ERROR_CLOSED,
                                      (char *) _("The connection is closed") });
      return;
    }

  if (out->bytes == NULL)
    out->bytes = _mcp_json_to_line (message);

  if (G_UNLIKELY (g_getenv ("G_MESSAGES_DEBUG") != NULL))
    g_debug ("→ %.*s", (int) MIN (g_bytes_get_size (out->bytes) - 1, 2000),
             (const char *) g_bytes_get_data (out->bytes, NULL));

  /* After a write error, wait with the others for the end's reason. */
  if (priv->write_error != NULL)
    {
      g_queue_push_tail (&priv->stranded, out);
      return;
    }

  g_queue_push_tail (&priv->queue, out);

  /* A pipe of our own is written to with the others queued meanwhile (see
   * FlushSource); once the batch being written is out, the next one
   * takes whatever was queued. */
  if (priv->output_fd >= 0)
    {
      if (priv->batch == NULL)
        arm_flush (self);
      return;
    }

  _mcp_stream_transport_write_next (self);
}

void
_mcp_stream_transport_send (McpTransport *transport,
                            JsonNode     *message,
                            GCancellable *cancellable,
                            GTask        *task)
{
  Outgoing *out = g_new0 (Outgoing, 1);

  out->task = g_object_ref (task);
  queue_outgoing (MCP_STREAM_TRANSPORT (transport), out, message, NULL);
}

void
_mcp_stream_transport_send_direct (McpTransport               *transport,
                                   JsonNode                   *message,
                                   GObject                    *owner,
                                   gint64                      tag,
                                   McpTransportSendFailedFunc  failed)
{
  Outgoing *out = g_new0 (Outgoing, 1);

  out->owner = owner != NULL ? g_object_ref (owner) : NULL;
  out->tag = tag;
  out->failed = failed;
  queue_outgoing (MCP_STREAM_TRANSPORT (transport), out, message, NULL);
}

void
_mcp_stream_transport_send_text (McpTransport               *transport,
                                 GString                    *text,
                                 GObject                    *owner,
                                 gint64                      tag,
                                 McpTransportSendFailedFunc  failed)
{
  Outgoing *out = g_new0 (Outgoing, 1);

  out->owner = owner != NULL ? g_object_ref (owner) : NULL;
  out->tag = tag;
  out->failed = failed;
  queue_outgoing (MCP_STREAM_TRANSPORT (transport), out, NULL, text);
}
