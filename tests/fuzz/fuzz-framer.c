/* fuzz-framer.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Fuzzes the incoming side of McpStreamTransport: the bounded line reader
 * (lines cut across reads, oversized lines skipped with excerpts, a last
 * line without newline), then per line what _mcp_json_parse_message()
 * makes of it (invalid JSON or UTF-8, nesting deeper than the limit, ...).
 *
 * The first input byte picks the maximum message size (low nibble) and the
 * most a read of the underlying stream returns (high nibble), so that
 * lines are cut at every place and limits sit on every boundary; the rest
 * is what the peer sends. Besides crashes, leaks and hangs, the target
 * checks the transport against a line-by-line model of what it must do:
 * each non-blank line is either delivered, equal to what
 * _mcp_json_parse_message() makes of that very line (after a byte-order
 * mark, if it starts with one), or discarded with exactly the excerpts of
 * its start and end; and nothing delivered holds a string that is not
 * UTF-8.
 */

#include <string.h>

#include "mcp-json-private.h"
#include "mcp-line-reader-private.h"

#include "fuzz-common.h"

static const guint64 max_sizes[] = {
  MCP_STREAM_TRANSPORT_DEFAULT_MAX_MESSAGE_SIZE,
  1, 2, 17, 100, 4095, 4096, 4097, 8192, 65535, 65536, 65537, 100000,
};

static const gsize chunk_sizes[] = {
  G_MAXSIZE, 1, 2, 3, 7, 64, 4095, 4096, 4097, 65535, 65536,
};

/* A memory stream that hands out at most @chunk bytes per read. Reads go
 * through the pollable interface, whose default implementation calls
 * read_fn, so async reads are cut too, and no thread is involved. */
#define FUZZ_TYPE_CHUNKED_INPUT_STREAM (fuzz_chunked_input_stream_get_type ())
G_DECLARE_FINAL_TYPE (FuzzChunkedInputStream, fuzz_chunked_input_stream,
                      FUZZ, CHUNKED_INPUT_STREAM, GMemoryInputStream)

struct _FuzzChunkedInputStream
{
  GMemoryInputStream parent_instance;
  gsize              chunk;
};

G_DEFINE_FINAL_TYPE (FuzzChunkedInputStream, fuzz_chunked_input_stream, G_TYPE_MEMORY_INPUT_STREAM)

static gssize
fuzz_chunked_input_stream_read (GInputStream  *stream,
                                void          *buffer,
                                gsize          count,
                                GCancellable  *cancellable,
                                GError       **error)
{
  FuzzChunkedInputStream *self = FUZZ_CHUNKED_INPUT_STREAM (stream);

  return G_INPUT_STREAM_CLASS (fuzz_chunked_input_stream_parent_class)->read_fn (
    stream, buffer, MIN (count, self->chunk), cancellable, error);
}

static void
fuzz_chunked_input_stream_class_init (FuzzChunkedInputStreamClass *klass)
{
  G_INPUT_STREAM_CLASS (klass)->read_fn = fuzz_chunked_input_stream_read;
}

static void
fuzz_chunked_input_stream_init (FuzzChunkedInputStream *self)
{
}

typedef struct
{
  JsonNode *message;
  GError   *error;
  char     *head;
  char     *tail;
} Event;

static void
event_free (Event *event)
{
  g_clear_pointer (&event->message, json_node_unref);
  g_clear_error (&event->error);
  g_free (event->head);
  g_free (event->tail);
  g_free (event);
}

typedef struct
{
  GPtrArray *events;
  guint      n_closed;
  gboolean   closed;
  gboolean   close_done;
} Run;

/* json-glib decodes a lone UTF-16 surrogate escape ("\ud800") to bytes
 * that are not UTF-8: valid UTF-8 on the wire is not enough. */
static gboolean
strings_are_utf8 (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        if (!g_utf8_validate (name, -1, NULL) || !strings_are_utf8 (member))
          return FALSE;
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        if (!strings_are_utf8 (json_array_get_element (array, i)))
          return FALSE;
    }
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return g_utf8_validate (json_node_get_string (node), -1, NULL);

  return TRUE;
}

static void
on_message_received (McpTransport *transport,
                     JsonNode     *message,
                     Run          *run)
{
  Event *event = g_new0 (Event, 1);

  if (run->closed)
    fuzz_fail ("a message was delivered after closed");

  if (!JSON_NODE_HOLDS_OBJECT (message) && !JSON_NODE_HOLDS_ARRAY (message))
    fuzz_fail ("a message is neither an object nor an array");
  if (!strings_are_utf8 (message))
    fuzz_fail ("a message has a string that is not UTF-8");

  event->message = json_node_ref (message);
  g_ptr_array_add (run->events, event);
}

static void
on_message_discarded (McpTransport *transport,
                      const GError *error,
                      const char   *head,
                      const char   *tail,
                      Run          *run)
{
  Event *event = g_new0 (Event, 1);

  if (run->closed)
    fuzz_fail ("a discarded message was reported after closed");
  if (error == NULL)
    fuzz_fail ("message-discarded without an error");
  if (!g_utf8_validate (error->message, -1, NULL))
    fuzz_fail ("message-discarded with an error message that is not UTF-8");
  if ((head != NULL && !g_utf8_validate (head, -1, NULL)) ||
      (tail != NULL && !g_utf8_validate (tail, -1, NULL)))
    fuzz_fail ("message-discarded with an excerpt that is not UTF-8");

  event->error = g_error_copy (error);
  event->head = g_strdup (head);
  event->tail = g_strdup (tail);
  g_ptr_array_add (run->events, event);
}

static void
on_closed (McpTransport *transport,
           const GError *error,
           Run          *run)
{
  run->n_closed++;
  run->closed = TRUE;

  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED))
    fuzz_fail ("the end of input closed the transport with %s",
               error != NULL ? error->message : "no error");
}

static void
close_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Run *run = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_transport_close_finish (MCP_TRANSPORT (object), result, &error))
    fuzz_fail ("closing failed: %s", error->message);
  run->close_done = TRUE;
}

static gboolean
is_blank (const char *line,
          gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isspace (line[i]))
      return FALSE;

  return TRUE;
}

static void
check_excerpts (const Event *event,
                const char  *line,
                gsize        len,
                guint        index)
{
  gsize head_len = MIN (len, MCP_LINE_READER_EXCERPT_SIZE);
  gsize tail_start = len > MCP_LINE_READER_EXCERPT_SIZE ? len - MCP_LINE_READER_EXCERPT_SIZE : 0;
  g_autofree char *head = g_utf8_make_valid (line, head_len);
  g_autofree char *tail = g_utf8_make_valid (line + tail_start, len - tail_start);

  if (g_strcmp0 (event->head, head) != 0)
    fuzz_fail ("line %u: the head excerpt is not the start of the line: \"%.60s\" (%zu bytes) "
               "instead of \"%.60s\" (%zu bytes)", index, event->head,
               strlen (event->head), head, strlen (head));
  if (g_strcmp0 (event->tail, tail) != 0)
    fuzz_fail ("line %u: the tail excerpt is not the end of the line", index);
}

/* Replays the peer's bytes line by line and checks each event the
 * transport produced against what that line must produce. */
static void
check_events (const guint8 *data,
              gsize         size,
              guint64       max_size,
              GPtrArray    *events)
{
  guint next = 0;
  guint index = 0;
  gsize start = 0;

  while (start < size)
    {
      const guint8 *nl = memchr (data + start, '\n', size - start);
      gsize len = nl != NULL ? (gsize) (nl - (data + start)) : size - start;
      const char *line = (const char *) data + start;
      g_autoptr(JsonNode) expected = NULL;
      Event *event;

      start += len + 1;
      index++;

      /* A byte-order mark is skipped, in a line of the allowed size. */
      if (len <= max_size && len >= 3 && memcmp (line, "\xEF\xBB\xBF", 3) == 0)
        {
          line += 3;
          len -= 3;
        }

      if (len <= max_size && is_blank (line, len))
        continue;

      if (next >= events->len)
        fuzz_fail ("line %u produced neither a message nor a discard", index);
      event = events->pdata[next++];

      if (len > max_size)
        {
          if (!g_error_matches (event->error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
            fuzz_fail ("line %u of %" G_GSIZE_FORMAT " bytes was not refused as too large",
                       index, len);
          check_excerpts (event, line, len, index);
          continue;
        }

      expected = _mcp_json_parse_message (line, len, NULL);
      if (expected != NULL)
        {
          if (event->message == NULL)
            fuzz_fail ("line %u is a message but was discarded: %s", index,
                       event->error->message);
          if (!json_node_equal (event->message, expected))
            fuzz_fail ("line %u was delivered as a different message", index);
          continue;
        }

      if (event->message != NULL)
        fuzz_fail ("line %u is no message but was delivered", index);
      if (g_error_matches (event->error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
        fuzz_fail ("line %u of %" G_GSIZE_FORMAT " bytes was refused as too large", index, len);
      check_excerpts (event, line, len, index);
    }

  if (next != events->len)
    fuzz_fail ("%u events for %u lines", events->len, next);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) event_free);
  g_autoptr(FuzzChunkedInputStream) input = NULL;
  g_autoptr(GOutputStream) output = NULL;
  McpStreamTransport *transport;
  gboolean opened = FALSE;
  guint64 max_size;
  Run run = { .events = events };

  if (size == 0)
    return 0;

  max_size = max_sizes[(data[0] & 0x0f) % G_N_ELEMENTS (max_sizes)];
  data++, size--;

  input = g_object_new (FUZZ_TYPE_CHUNKED_INPUT_STREAM, NULL);
  /* Tiny reads of a large input would only make the target slow. */
  input->chunk = MAX (chunk_sizes[(data[-1] >> 4) % G_N_ELEMENTS (chunk_sizes)], size / 256);
  g_memory_input_stream_add_data (G_MEMORY_INPUT_STREAM (input), data, size, NULL);
  output = g_memory_output_stream_new_resizable ();

  transport = mcp_stream_transport_new (G_INPUT_STREAM (input), output);
  g_object_add_weak_pointer (G_OBJECT (transport), (gpointer *) &transport);
  mcp_stream_transport_set_max_message_size (transport, max_size);
  g_signal_connect (transport, "message-received", G_CALLBACK (on_message_received), &run);
  g_signal_connect (transport, "message-discarded", G_CALLBACK (on_message_discarded), &run);
  g_signal_connect (transport, "closed", G_CALLBACK (on_closed), &run);

  mcp_transport_open_async (MCP_TRANSPORT (transport), NULL, fuzz_set_flag_cb, &opened);
  fuzz_wait_for (&opened, FUZZ_SETTLE_TIMEOUT_USEC, "the transport to open");
  fuzz_wait_for (&run.closed, 60 * G_USEC_PER_SEC, "the end of the input");

  mcp_transport_close_async (MCP_TRANSPORT (transport), NULL, close_cb, &run);
  fuzz_wait_for (&run.close_done, FUZZ_SETTLE_TIMEOUT_USEC, "the transport to close");
  fuzz_drain ();

  if (run.n_closed != 1)
    fuzz_fail ("closed was emitted %u times", run.n_closed);
  if (mcp_stream_transport_get_skipped_lines (transport) > events->len)
    fuzz_fail ("more lines skipped than discarded");

  check_events (data, size, max_size, events);

  g_object_unref (transport);
  if (transport != NULL)
    fuzz_fail ("the transport is still alive after its last reference was dropped");

  return 0;
}
