/* mcp-line-reader.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Reads newline-terminated lines from a stream without a thread and without
 * ever holding more than the maximum line length in memory. GDataInputStream
 * alone grows its buffer until it finds a newline, which would let a peer
 * that never sends one exhaust memory, so this reader fills the data stream's
 * fixed-size buffer, scans it itself and hands out complete lines; a line
 * that fits the buffer is handed out without a copy. Oversized lines are
 * counted and skipped, keeping only an excerpt of their start and end.
 */

#include "config.h"

#include <string.h>

#include "mcp-line-reader-private.h"

#define READ_BUFFER_SIZE (64 * 1024)

struct _McpLineReader
{
  gint                  ref_count;
  GBufferedInputStream *stream;
  GCancellable         *cancellable;
  gsize                 max_line;

  GByteArray           *partial;
  GByteArray           *head;
  GByteArray           *tail;
  guint64               discarded;

  McpLineFunc           line_func;
  McpLineOversizedFunc  oversized_func;
  McpLineEndFunc        end_func;
  gpointer              user_data;

  GTask                *close_task;

  guint                 running : 1;
  guint                 filling : 1;
  guint                 discarding : 1;
};

static void mcp_line_reader_fill (McpLineReader *self);
static void close_base_stream    (McpLineReader *self);

McpLineReader *
_mcp_line_reader_new (GInputStream *stream,
                      gsize         max_line)
{
  McpLineReader *self;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  self = g_new0 (McpLineReader, 1);
  self->ref_count = 1;
  self->stream = G_BUFFERED_INPUT_STREAM (g_data_input_stream_new (stream));
  g_buffered_input_stream_set_buffer_size (self->stream, READ_BUFFER_SIZE);
  g_filter_input_stream_set_close_base_stream (G_FILTER_INPUT_STREAM (self->stream), FALSE);
  self->cancellable = g_cancellable_new ();
  self->max_line = max_line;
  self->partial = g_byte_array_new ();

  return self;
}

McpLineReader *
_mcp_line_reader_ref (McpLineReader *self)
{
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
_mcp_line_reader_unref (McpLineReader *self)
{
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->partial, g_byte_array_unref);
  g_clear_pointer (&self->head, g_byte_array_unref);
  g_clear_pointer (&self->tail, g_byte_array_unref);
  g_free (self);
}

void
_mcp_line_reader_set_max_line (McpLineReader *self,
                               gsize          max_line)
{
  self->max_line = MAX (max_line, 1);
}

static void
keep_tail (McpLineReader *self,
           const guint8  *data,
           gsize          len)
{
  if (len >= MCP_LINE_READER_EXCERPT_SIZE)
    {
      g_byte_array_set_size (self->tail, 0);
      g_byte_array_append (self->tail, data + len - MCP_LINE_READER_EXCERPT_SIZE,
                           MCP_LINE_READER_EXCERPT_SIZE);
      return;
    }

  g_byte_array_append (self->tail, data, len);
  if (self->tail->len > MCP_LINE_READER_EXCERPT_SIZE)
    g_byte_array_remove_range (self->tail, 0, self->tail->len - MCP_LINE_READER_EXCERPT_SIZE);
}

/* Switches to skipping the current line: what was gathered so far is
 * reduced to the excerpts and its memory given back. */
static void
start_discarding (McpLineReader *self,
                  const guint8  *data,
                  gsize          len)
{
  gsize head_from_partial = MIN (self->partial->len, MCP_LINE_READER_EXCERPT_SIZE);

  self->discarding = TRUE;
  self->discarded = (guint64) self->partial->len + len;

  self->head = g_byte_array_sized_new (MCP_LINE_READER_EXCERPT_SIZE);
  self->tail = g_byte_array_sized_new (MCP_LINE_READER_EXCERPT_SIZE);
  g_byte_array_append (self->head, self->partial->data, head_from_partial);
  g_byte_array_append (self->head, data,
                       MIN (len, MCP_LINE_READER_EXCERPT_SIZE - head_from_partial));
  keep_tail (self, self->partial->data, self->partial->len);
  keep_tail (self, data, len);

  g_byte_array_unref (self->partial);
  self->partial = g_byte_array_new ();
}

static void
finish_discarding (McpLineReader *self)
{
  g_autoptr(GByteArray) head = g_steal_pointer (&self->head);
  g_autoptr(GByteArray) tail = g_steal_pointer (&self->tail);

  self->discarding = FALSE;

  if (self->oversized_func != NULL)
    self->oversized_func (self->discarded,
                          (const char *) head->data, head->len,
                          (const char *) tail->data, tail->len,
                          self->user_data);
}

static void
finish (McpLineReader *self,
        const GError  *error)
{
  self->running = FALSE;
  if (self->end_func != NULL)
    self->end_func (error, self->user_data);
}

/* Consumes whatever the buffer holds, then asks for more. Callbacks may stop
 * the reader (and drop the last outside reference), hence the extra
 * reference and the check after each one. */
static void
mcp_line_reader_process (McpLineReader *self)
{
  g_autoptr(McpLineReader) hold = _mcp_line_reader_ref (self);

  while (self->running)
    {
      const guint8 *buf;
      const guint8 *nl;
      gsize avail;
      gsize chunk;

      buf = g_buffered_input_stream_peek_buffer (self->stream, &avail);
      if (avail == 0)
        break;

      nl = memchr (buf, '\n', avail);
      chunk = nl != NULL ? (gsize) (nl - buf) : avail;

      if (self->discarding)
        {
          /* The head excerpt may still be short if the limit is. */
          if (self->head->len < MCP_LINE_READER_EXCERPT_SIZE)
            g_byte_array_append (self->head, buf,
                                 MIN (chunk, MCP_LINE_READER_EXCERPT_SIZE - self->head->len));
          self->discarded += chunk;
          keep_tail (self, buf, chunk);
        }
      else if (self->partial->len + chunk > self->max_line)
        start_discarding (self, buf, chunk);
      else if (nl != NULL && self->partial->len == 0)
        {
          /* The common case: the whole line is in the buffer. */
          g_input_stream_skip (G_INPUT_STREAM (self->stream), chunk + 1, NULL, NULL);
          self->line_func ((const char *) buf, chunk, self->user_data);
          continue;
        }
      else
        g_byte_array_append (self->partial, buf, chunk);

      g_input_stream_skip (G_INPUT_STREAM (self->stream), chunk + (nl != NULL), NULL, NULL);

      if (nl == NULL)
        continue;

      if (self->discarding)
        finish_discarding (self);
      else
        {
          g_autoptr(GByteArray) line = g_steal_pointer (&self->partial);

          self->partial = g_byte_array_new ();
          self->line_func ((const char *) line->data, line->len, self->user_data);
        }
    }

  if (self->running)
    mcp_line_reader_fill (self);
}

static void
mcp_line_reader_fill_cb (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(McpLineReader) self = user_data;
  g_autoptr(GError) error = NULL;
  gssize n;

  n = g_buffered_input_stream_fill_finish (G_BUFFERED_INPUT_STREAM (object), result, &error);
  self->filling = FALSE;

  if (!self->running)
    {
      if (self->close_task != NULL)
        close_base_stream (self);
      return;
    }

  if (n < 0)
    {
      finish (self, error);
      return;
    }

  if (n == 0)
    {
      /* A last line without its newline still counts. */
      if (self->discarding)
        finish_discarding (self);
      else if (self->partial->len > 0)
        {
          g_autoptr(GByteArray) line = g_steal_pointer (&self->partial);

          self->partial = g_byte_array_new ();
          self->line_func ((const char *) line->data, line->len, self->user_data);
        }

      if (self->running)
        finish (self, NULL);
      return;
    }

  mcp_line_reader_process (self);
}

static void
mcp_line_reader_fill (McpLineReader *self)
{
  self->filling = TRUE;
  g_buffered_input_stream_fill_async (self->stream, -1, G_PRIORITY_DEFAULT,
                                      self->cancellable,
                                      mcp_line_reader_fill_cb,
                                      _mcp_line_reader_ref (self));
}

void
_mcp_line_reader_start (McpLineReader        *self,
                        McpLineFunc           line_func,
                        McpLineOversizedFunc  oversized_func,
                        McpLineEndFunc        end_func,
                        gpointer              user_data)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (line_func != NULL);
  g_return_if_fail (!self->running);

  self->line_func = line_func;
  self->oversized_func = oversized_func;
  self->end_func = end_func;
  self->user_data = user_data;
  self->running = TRUE;

  mcp_line_reader_fill (self);
}

/* No callback runs after this returns. */
void
_mcp_line_reader_stop (McpLineReader *self)
{
  g_return_if_fail (self != NULL);

  self->running = FALSE;
  self->line_func = NULL;
  self->oversized_func = NULL;
  self->end_func = NULL;
  self->user_data = NULL;
  g_cancellable_cancel (self->cancellable);
}

static void
close_base_stream (McpLineReader *self)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->close_task);
  GInputStream *base = g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (self->stream));
  GError *error = NULL;

  if (!g_input_stream_close (base, NULL, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* Stops the reader and closes the stream under it once the read in flight
 * (which the stop cancels) has returned: a stream with a pending operation
 * refuses to close. */
void
_mcp_line_reader_close_async (McpLineReader       *self,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (self->close_task == NULL);

  _mcp_line_reader_stop (self);

  self->close_task = g_task_new (NULL, NULL, callback, user_data);
  g_task_set_source_tag (self->close_task, _mcp_line_reader_close_async);
  /* The reader must outlive its own close. */
  g_task_set_task_data (self->close_task, _mcp_line_reader_ref (self),
                        (GDestroyNotify) _mcp_line_reader_unref);

  if (!self->filling)
    close_base_stream (self);
}

gboolean
_mcp_line_reader_close_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
