/* mcp-stream-test-util.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the test programs of McpStreamTransport share: a transport over
 * real pipes, opened by the fixture, whose peer the test plays by hand.
 * It writes raw bytes into the pipe the transport reads (directly, or from
 * a thread when the data is large or must trickle in over time) and reads
 * what the transport writes from the other pipe (from a thread, since a
 * blocking pipe write of a large batch only finishes once the peer drains
 * it). The fixture records what the transport's signals report, and its
 * tear-down checks that nothing holds the transport any more.
 */

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <glib-unix.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>

#include "mcp-stream-test-util.h"

gboolean
on_wait_timeout (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;

  return G_SOURCE_REMOVE;
}

/* What a PeerWriter writes: data, repeated, after a pause. */
typedef struct
{
  GBytes *bytes;
  guint   repeat;
  guint   pause_ms;
} Piece;

static void
piece_clear (gpointer data)
{
  Piece *piece = data;

  g_clear_pointer (&piece->bytes, g_bytes_unref);
}

PeerWriter *
peer_writer_new (gsize  chunk_size,
                 gulong chunk_pause_us)
{
  PeerWriter *writer = g_new0 (PeerWriter, 1);

  writer->fd = -1;
  writer->chunk_size = chunk_size;
  writer->chunk_pause_us = chunk_pause_us;
  writer->pieces = g_array_new (FALSE, TRUE, sizeof (Piece));
  g_array_set_clear_func (writer->pieces, piece_clear);

  return writer;
}

static void
peer_writer_free (PeerWriter *writer)
{
  g_array_unref (writer->pieces);
  g_free (writer);
}

void
peer_writer_add (PeerWriter *writer,
                 const char *data,
                 gssize      len,
                 guint       repeat,
                 guint       pause_ms)
{
  Piece piece;

  piece.bytes = g_bytes_new (data, len < 0 ? strlen (data) : (gsize) len);
  piece.repeat = repeat;
  piece.pause_ms = pause_ms;
  g_array_append_val (writer->pieces, piece);
}

static gpointer
peer_writer_thread (gpointer user_data)
{
  PeerWriter *writer = user_data;

  for (guint i = 0; i < writer->pieces->len && writer->error_number == 0; i++)
    {
      const Piece *piece = &g_array_index (writer->pieces, Piece, i);
      gsize len;
      const guint8 *data = g_bytes_get_data (piece->bytes, &len);

      if (piece->pause_ms > 0)
        g_usleep (piece->pause_ms * G_TIME_SPAN_MILLISECOND);

      for (guint r = 0; r < piece->repeat && writer->error_number == 0; r++)
        {
          gsize offset = 0;

          while (offset < len)
            {
              gssize n = write (writer->fd, data + offset, MIN (writer->chunk_size, len - offset));

              if (n < 0 && errno == EINTR)
                continue;
              if (n < 0)
                {
                  writer->error_number = errno;
                  break;
                }

              offset += n;
              if (writer->chunk_pause_us > 0)
                g_usleep (writer->chunk_pause_us);
            }
        }
    }

  if (writer->close_fd)
    close (writer->fd);

  g_atomic_int_set (&writer->done, TRUE);
  g_main_context_wakeup (NULL);

  return NULL;
}

static void
discarded_free (gpointer data)
{
  Discarded *discarded = data;

  g_clear_error (&discarded->error);
  g_free (discarded->head);
  g_free (discarded->tail);
  g_free (discarded);
}

static void
on_message_received (McpTransport *transport,
                     JsonNode     *message,
                     Fixture      *fx)
{
  g_assert_cmpuint (fx->n_closed, ==, 0);
  g_assert_nonnull (message);

  g_ptr_array_add (fx->messages, json_node_ref (message));
}

static void
on_message_discarded (McpTransport *transport,
                      const GError *error,
                      const char   *head,
                      const char   *tail,
                      Fixture      *fx)
{
  Discarded *discarded = g_new0 (Discarded, 1);

  g_assert_cmpuint (fx->n_closed, ==, 0);
  g_assert_nonnull (error);

  discarded->error = g_error_copy (error);
  discarded->head = g_strdup (head);
  discarded->tail = g_strdup (tail);
  g_ptr_array_add (fx->discarded, discarded);
}

static void
on_closed (McpTransport *transport,
           const GError *error,
           Fixture      *fx)
{
  fx->n_closed++;
  fx->messages_at_close = fx->messages->len;
  g_clear_error (&fx->closed_error);
  if (error != NULL)
    fx->closed_error = g_error_copy (error);
}

static void
on_async_result (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GAsyncResult **out = user_data;

  g_assert_null (*out);
  *out = g_object_ref (result);
}

void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GOutputStream) output = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  int in_fds[2];
  int out_fds[2];

  g_unix_open_pipe (in_fds, FD_CLOEXEC, &error);
  g_assert_no_error (error);
  g_unix_open_pipe (out_fds, FD_CLOEXEC, &error);
  g_assert_no_error (error);

  fx->peer_in_fd = in_fds[1];
  fx->peer_out_fd = out_fds[0];
  input = g_unix_input_stream_new (in_fds[0], TRUE);
  output = g_unix_output_stream_new (out_fds[1], TRUE);

  fx->messages = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  fx->discarded = g_ptr_array_new_with_free_func (discarded_free);
  fx->output = g_byte_array_new ();

  fx->transport = mcp_stream_transport_new (input, output);
  g_assert_true (MCP_IS_STREAM_TRANSPORT (fx->transport));
  g_assert_true (mcp_stream_transport_get_input_stream (fx->transport) == input);
  g_assert_true (mcp_stream_transport_get_output_stream (fx->transport) == output);

  g_signal_connect (fx->transport, "message-received", G_CALLBACK (on_message_received), fx);
  g_signal_connect (fx->transport, "message-discarded", G_CALLBACK (on_message_discarded), fx);
  g_signal_connect (fx->transport, "closed", G_CALLBACK (on_closed), fx);

  mcp_transport_open_async (MCP_TRANSPORT (fx->transport), NULL, on_async_result, &result);
  WAIT_UNTIL (result != NULL);
  g_assert_true (mcp_transport_open_finish (MCP_TRANSPORT (fx->transport), result, &error));
  g_assert_no_error (error);
  g_assert_false (mcp_transport_is_closed (MCP_TRANSPORT (fx->transport)));
}

void
close_transport (Fixture *fx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;

  mcp_transport_close_async (MCP_TRANSPORT (fx->transport), NULL, on_async_result, &result);
  WAIT_UNTIL (result != NULL);
  g_assert_true (mcp_transport_close_finish (MCP_TRANSPORT (fx->transport), result, &error));
  g_assert_no_error (error);
}

static void
drain_main_context (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  if (!mcp_transport_is_closed (MCP_TRANSPORT (fx->transport)))
    close_transport (fx);

  g_signal_handlers_disconnect_by_data (fx->transport, fx);

  /* Every callback of the transport must have run once it is closed; a
   * reference still held afterwards is a leak. */
  drain_main_context ();
  g_object_add_weak_pointer (G_OBJECT (fx->transport), (gpointer *) &fx->transport);
  g_object_unref (fx->transport);
  g_assert_null (fx->transport);
  drain_main_context ();

  /* With the transport gone its ends of the pipes are closed, so the peer
   * threads cannot be blocked any more. */
  if (fx->writer_thread != NULL)
    {
      g_thread_join (fx->writer_thread);
      peer_writer_free (fx->writer);
    }
  if (fx->reader_thread != NULL)
    g_thread_join (fx->reader_thread);

  if (fx->peer_in_fd >= 0)
    close (fx->peer_in_fd);
  if (fx->peer_out_fd >= 0)
    close (fx->peer_out_fd);

  mcp_test_assert_expected_warnings ();

  g_clear_pointer (&fx->messages, g_ptr_array_unref);
  g_clear_pointer (&fx->discarded, g_ptr_array_unref);
  g_clear_pointer (&fx->output, g_byte_array_unref);
  g_clear_error (&fx->closed_error);
}

/* Writes @data to the transport's input at once; only for small data, as
 * the transport reads on this thread. */
void
peer_write (Fixture    *fx,
            const char *data,
            gssize      len)
{
  gsize offset = 0;

  if (len < 0)
    len = strlen (data);
  g_assert_cmpint (len, <, 32 * 1024);

  while (offset < (gsize) len)
    {
      gssize n = write (fx->peer_in_fd, data + offset, len - offset);

      if (n < 0 && errno == EINTR)
        continue;
      g_assert_cmpint (n, >, 0);
      offset += n;
    }
}

void
peer_close_input (Fixture *fx)
{
  g_assert_cmpint (fx->peer_in_fd, >=, 0);
  g_assert_cmpint (close (fx->peer_in_fd), ==, 0);
  fx->peer_in_fd = -1;
}

/* Starts @writer on a thread. With @close_after the thread takes the
 * peer's end of the input pipe and closes it when done. */
void
peer_writer_start (Fixture    *fx,
                   PeerWriter *writer,
                   gboolean    close_after)
{
  g_assert_null (fx->writer);
  g_assert_cmpint (fx->peer_in_fd, >=, 0);

  writer->fd = fx->peer_in_fd;
  writer->close_fd = close_after;
  if (close_after)
    fx->peer_in_fd = -1;

  fx->writer = writer;
  fx->writer_thread = g_thread_new ("peer-writer", peer_writer_thread, writer);
}

void
peer_writer_wait (Fixture *fx)
{
  g_assert_nonnull (fx->writer);

  WAIT_UNTIL (g_atomic_int_get (&fx->writer->done));
  g_thread_join (g_steal_pointer (&fx->writer_thread));
  g_assert_cmpint (fx->writer->error_number, ==, 0);
  g_clear_pointer (&fx->writer, peer_writer_free);
}

static gpointer
peer_reader_thread (gpointer user_data)
{
  Fixture *fx = user_data;
  g_autofree guint8 *buffer = g_malloc (64 * 1024);

  for (;;)
    {
      gssize n = read (fx->peer_out_fd, buffer, 64 * 1024);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        fx->reader_error_number = errno;
      if (n <= 0)
        break;

      g_byte_array_append (fx->output, buffer, n);
    }

  g_atomic_int_set (&fx->reader_done, TRUE);
  g_main_context_wakeup (NULL);

  return NULL;
}

/* Starts reading what the transport writes, until end of file. */
void
peer_reader_start (Fixture *fx)
{
  g_assert_null (fx->reader_thread);
  fx->reader_thread = g_thread_new ("peer-reader", peer_reader_thread, fx);
}

/* Waits until the peer sees end of file on the transport's output, which
 * it only does once the transport closed it. */
static void
peer_reader_wait_eof (Fixture *fx)
{
  g_assert_nonnull (fx->reader_thread);

  WAIT_UNTIL (g_atomic_int_get (&fx->reader_done));
  g_thread_join (g_steal_pointer (&fx->reader_thread));
  g_assert_cmpint (fx->reader_error_number, ==, 0);
}

/* Everything the transport wrote, split into lines: waits for end of file
 * (so close the transport first), checks that the output is whole lines
 * and returns them without their "\n". */
GStrv
peer_read_output_lines (Fixture *fx)
{
  g_autofree char *text = NULL;
  GStrv lines;
  guint n_lines;

  peer_reader_wait_eof (fx);

  if (fx->output->len == 0)
    return g_new0 (char *, 1);

  g_assert_cmpint (fx->output->data[fx->output->len - 1], ==, '\n');
  text = g_strndup ((const char *) fx->output->data, fx->output->len);
  g_assert_cmpuint (strlen (text), ==, fx->output->len);

  lines = g_strsplit (text, "\n", -1);
  n_lines = g_strv_length (lines);
  g_assert_cmpuint (n_lines, >=, 2);
  g_assert_cmpstr (lines[n_lines - 1], ==, "");
  g_clear_pointer (&lines[n_lines - 1], g_free);

  return lines;
}

void
on_send_done (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  SendCall *call = user_data;

  call->n_calls++;
  g_clear_error (&call->error);
  call->ok = mcp_transport_send_finish (MCP_TRANSPORT (object), result, &call->error);
  g_assert_true (call->ok == (call->error == NULL));
  (*call->n_done)++;
}

JsonNode *
parse_json (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);

  return node;
}

/* Sends @message and waits for its callback. */
static gboolean
send_node (Fixture   *fx,
           JsonNode  *message,
           GError   **error)
{
  guint n_done = 0;
  SendCall call = { &n_done, 0, FALSE, NULL };

  mcp_transport_send_async (MCP_TRANSPORT (fx->transport), message, NULL, on_send_done, &call);
  WAIT_UNTIL (n_done > 0);
  mcp_test_iterate_for (10);
  g_assert_cmpuint (call.n_calls, ==, 1);

  if (call.error != NULL)
    g_propagate_error (error, call.error);

  return call.ok;
}

gboolean
send_text (Fixture     *fx,
           const char  *text,
           GError     **error)
{
  g_autoptr(JsonNode) message = parse_json (text);

  return send_node (fx, message, error);
}
