/* mcp-line-reader.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Reads newline-terminated lines from a stream without a thread and without
 * ever holding more than the maximum line length in memory. GDataInputStream
 * alone grows its buffer until it finds a newline, which would let a peer
 * that never sends one exhaust memory, so this reader reads into a
 * fixed-size buffer of its own, scans it and hands out complete lines; a
 * line that fits the buffer is handed out without a copy. Oversized lines
 * are counted and skipped, keeping only an excerpt of their start and end.
 *
 * A pipe (a GUnixInputStream, which is what a server's stdout is) is
 * watched by one source of our own for as long as the reader runs, and
 * read with one read () when poll () says it is readable: a pipe that is
 * readable has data or has ended, so the read does not block. On GLib 2.74,
 * g_buffered_input_stream_fill_async () instead costs two GTasks, a source
 * attached and destroyed per read (each a write to the main context's
 * wakeup fd, and a read of it), and an extra poll (); and even the
 * synchronous g_input_stream_read () of a GUnixInputStream polls the fd
 * once more before it reads. Other streams are read asynchronously.
 *
 * After the lines of each read have been handed out, the batch function
 * runs: what they made the layer above send can go out in one write, from
 * the same iteration of the main loop.
 */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>

#include "mcp-line-reader-private.h"
#include "mcp-source-private.h"

#define READ_BUFFER_SIZE (64 * 1024)

struct _McpLineReader
{
  gint                  ref_count;
  GInputStream         *stream;
  GCancellable         *cancellable;
  gsize                 max_line;

  /* What was read and not handed out yet is buffer[start, end): at most
   * the start of one line once the complete lines are out. Allocated at
   * the first read: a stream that never says anything (most servers'
   * stderr) costs no buffer. */
  guint8               *buffer;
  gsize                 start;
  gsize                 end;

  GByteArray           *partial;
  GByteArray           *head;
  GByteArray           *tail;
  guint64               discarded;

  McpLineFunc           line_func;
  McpLineOversizedFunc  oversized_func;
  McpLineEndFunc        end_func;
  McpLineBatchFunc      batch_func;
  gpointer              user_data;

  GTask                *close_task;

  /* The pipe's fd and its source, or -1 and %NULL. */
  int                   fd;
  GSource              *source;
  gpointer              fd_tag;

  guint                 running : 1;
  guint                 filling : 1;
  guint                 discarding : 1;
  guint                 dispatching : 1;
  guint                 paused : 1;
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
  self->stream = g_object_ref (stream);
  self->cancellable = g_cancellable_new ();
  self->max_line = max_line;
  self->partial = g_byte_array_new ();
  self->fd = G_IS_UNIX_INPUT_STREAM (stream) ?
             g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (stream)) : -1;

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

  _mcp_source_clear (&self->source);
  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->buffer, g_free);
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
  _mcp_source_clear (&self->source);
  if (self->end_func != NULL)
    self->end_func (error, self->user_data);
}

static void
emit_partial (McpLineReader *self)
{
  g_autoptr(GByteArray) line = g_steal_pointer (&self->partial);

  self->partial = g_byte_array_new ();
  self->line_func ((const char *) line->data, line->len, self->user_data);
}

/* Hands out the complete lines the buffer holds. Callbacks may stop the
 * reader (and drop the last outside reference): the caller holds one, and
 * the bytes of a line are consumed before it is handed out. */
static void
process (McpLineReader *self)
{
  while (self->running)
    {
      const guint8 *buf = self->buffer + self->start;
      gsize avail = self->end - self->start;
      const guint8 *nl;
      gsize chunk;

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
          self->start += chunk + 1;
          self->line_func ((const char *) buf, chunk, self->user_data);
          continue;
        }
      else if (nl == NULL && self->partial->len == 0 && avail < READ_BUFFER_SIZE)
        {
          /* The start of a line that may still fit: it stays, and the next
           * read (after it is moved to the front) completes it in place. */
          break;
        }
      else
        g_byte_array_append (self->partial, buf, chunk);

      self->start += chunk + (nl != NULL);

      if (nl == NULL)
        continue;

      if (self->discarding)
        finish_discarding (self);
      else
        emit_partial (self);
    }

  if (self->start == self->end)
    self->start = self->end = 0;
}

/* The stream ended: a last line without its newline still counts. */
static void
end_of_stream (McpLineReader *self)
{
  gsize avail = self->end - self->start;
  const guint8 *buf = self->buffer + self->start;

  if (avail > 0)
    {
      if (self->discarding)
        {
          self->discarded += avail;
          keep_tail (self, buf, avail);
        }
      else if (self->partial->len + avail > self->max_line)
        start_discarding (self, buf, avail);
      else
        g_byte_array_append (self->partial, buf, avail);
      self->start = self->end = 0;
    }

  if (self->discarding)
    finish_discarding (self);
  else if (self->partial->len > 0)
    emit_partial (self);

  if (self->running)
    finish (self, NULL);
}

/* Takes what a read returned. Returns whether to read on. */
static gboolean
handle_read (McpLineReader *self,
             gssize         n,
             const GError  *error)
{
  if (n < 0)
    finish (self, error);
  else if (n == 0)
    end_of_stream (self);
  else
    {
      self->end += n;
      process (self);
      if (self->running && self->batch_func != NULL)
        self->batch_func (self->user_data);
    }

  return self->running;
}

/* Where the next read goes: after the start of a line that is still
 * incomplete, moved to the front of the buffer. */
static guint8 *
prepare_read (McpLineReader *self,
              gsize         *size)
{
  if (self->buffer == NULL)
    self->buffer = g_malloc (READ_BUFFER_SIZE);

  if (self->start > 0)
    {
      memmove (self->buffer, self->buffer + self->start, self->end - self->start);
      self->end -= self->start;
      self->start = 0;
    }

  *size = READ_BUFFER_SIZE - self->end;
  return self->buffer + self->end;
}

static void
mcp_line_reader_read_cb (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(McpLineReader) self = user_data;
  g_autoptr(GError) error = NULL;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, &error);
  self->filling = FALSE;

  if (!self->running)
    {
      if (self->close_task != NULL)
        close_base_stream (self);
      return;
    }

  if (handle_read (self, n, error))
    mcp_line_reader_fill (self);
}

static void
mcp_line_reader_fill (McpLineReader *self)
{
  gsize size;
  guint8 *into = prepare_read (self, &size);

  self->filling = TRUE;
  g_input_stream_read_async (self->stream, into, size, G_PRIORITY_DEFAULT,
                             self->cancellable,
                             mcp_line_reader_read_cb,
                             _mcp_line_reader_ref (self));
}

typedef struct
{
  GSource        source;
  McpLineReader *reader;
} ReaderSource;

static gboolean
reader_source_dispatch (GSource     *source,
                        GSourceFunc  callback,
                        gpointer     user_data)
{
  McpLineReader *self = ((ReaderSource *) source)->reader;
  g_autoptr(McpLineReader) hold = NULL;
  g_autoptr(GError) error = NULL;
  guint8 *into;
  gsize size;
  gssize n;

  /* The source may recurse (see _mcp_line_reader_start ()), but a main
   * loop run from a line callback must not read the next lines in the
   * middle of this one: the fd is left out of the poll until it is over. */
  if (self->dispatching)
    {
      g_source_modify_unix_fd (source, self->fd_tag, 0);
      self->paused = TRUE;
      return G_SOURCE_CONTINUE;
    }

  into = prepare_read (self, &size);

  /* One read (): the fd is readable, so it does not block, and the next
   * one might. */
  do
    n = read (self->fd, into, size);
  while (n < 0 && errno == EINTR);

  /* Readable after all only for someone else (a descriptor shared with
   * another reader): wait for the next time. */
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    return G_SOURCE_CONTINUE;

  if (n < 0)
    {
      int saved_errno = errno;

      error = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (saved_errno),
                                   g_strerror (saved_errno));
    }

  hold = _mcp_line_reader_ref (self);
  self->dispatching = TRUE;

  handle_read (self, n, error);

  self->dispatching = FALSE;
  if (self->paused && self->source != NULL)
    g_source_modify_unix_fd (self->source, self->fd_tag, G_IO_IN);
  self->paused = FALSE;

  /* The source is destroyed when the reader stops. */
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs reader_source_funcs = {
  .dispatch = reader_source_dispatch,
};

void
_mcp_line_reader_start (McpLineReader        *self,
                        McpLineFunc           line_func,
                        McpLineOversizedFunc  oversized_func,
                        McpLineEndFunc        end_func,
                        McpLineBatchFunc      batch_func,
                        gpointer              user_data)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (line_func != NULL);
  g_return_if_fail (!self->running);

  self->line_func = line_func;
  self->oversized_func = oversized_func;
  self->end_func = end_func;
  self->batch_func = batch_func;
  self->user_data = user_data;
  self->running = TRUE;

  if (self->fd < 0)
    {
      mcp_line_reader_fill (self);
      return;
    }

  /* One source for the reader's whole life. It may recurse because GLib
   * 2.74 takes the fds of a source that may not out of the poll set while
   * it is dispatched, and puts them back after, with a write to the
   * context's wakeup fd each time: two more system calls a message. No
   * reference to the reader: the source never outlives it. */
  self->source = g_source_new (&reader_source_funcs, sizeof (ReaderSource));
  ((ReaderSource *) self->source)->reader = self;
  self->fd_tag = g_source_add_unix_fd (self->source, self->fd, G_IO_IN);
  g_source_set_can_recurse (self->source, TRUE);
  g_source_set_static_name (self->source, "[mcp-glib] line reader");
  g_source_attach (self->source, g_main_context_get_thread_default ());
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
  self->batch_func = NULL;
  self->user_data = NULL;
  _mcp_source_clear (&self->source);
  g_cancellable_cancel (self->cancellable);
}

static void
close_base_stream (McpLineReader *self)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->close_task);
  GError *error = NULL;

  if (!g_input_stream_close (self->stream, NULL, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* Stops the reader and closes the stream once the read in flight (which
 * the stop cancels) has returned: a stream with a pending operation
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
