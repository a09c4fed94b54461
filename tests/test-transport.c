/* test-transport.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Tests of McpStreamTransport, the newline-delimited JSON framing under the
 * stdio transport, over real pipes. Each test plays the peer by hand: it
 * writes raw bytes into the pipe the transport reads (directly, or from a
 * thread when the data is large or must trickle in over time) and reads
 * what the transport writes from the other pipe (from a thread, since a
 * blocking pipe write of a large batch only finishes once the peer drains
 * it). Covered are framing on input (split reads, "\r\n", a last line
 * without newline, blank lines, byte-order marks, junk lines, batches, oversized and deeply
 * nested lines), framing on output (order, one compact line per message,
 * escaping), and the ends of a connection (deliberate close, EOF from the
 * peer, a write to a peer that went away).
 */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <glib-unix.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

/* How long a test waits for something before failing instead of hanging. */
#define WAIT_TIMEOUT_SECONDS 20

#define EXCERPT_SIZE 4096

/* Iterates the default main context until @cond holds, failing the test
 * after WAIT_TIMEOUT_SECONDS. Peer threads call g_main_context_wakeup()
 * after changing what a condition looks at. */
#define WAIT_UNTIL(cond)                                                      \
  G_STMT_START {                                                              \
    gboolean timed_out_ = FALSE;                                              \
    guint timeout_id_ = g_timeout_add_seconds (WAIT_TIMEOUT_SECONDS,          \
                                               on_wait_timeout, &timed_out_); \
    while (!(cond) && !timed_out_)                                            \
      g_main_context_iteration (NULL, TRUE);                                  \
    if (timed_out_)                                                           \
      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC,       \
                           "timed out waiting for: " #cond);                  \
    else                                                                      \
      g_source_remove (timeout_id_);                                          \
  } G_STMT_END

static gboolean
on_wait_timeout (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;

  return G_SOURCE_REMOVE;
}

/* The peer's writing side: a thread writing pieces of data, each possibly
 * repeated and preceded by a pause, in write() calls of at most chunk_size
 * bytes with a pause after each. */

typedef struct
{
  GBytes *bytes;
  guint   repeat;
  guint   pause_ms;
} Piece;

typedef struct
{
  int      fd;
  gboolean close_fd;
  gsize    chunk_size;
  gulong   chunk_pause_us;
  GArray  *pieces;
  int      error_number;
  gint     done;
} PeerWriter;

static void
piece_clear (gpointer data)
{
  Piece *piece = data;

  g_clear_pointer (&piece->bytes, g_bytes_unref);
}

static PeerWriter *
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

static void
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

typedef struct
{
  GError *error;
  char   *head;
  char   *tail;
} Discarded;

static void
discarded_free (gpointer data)
{
  Discarded *discarded = data;

  g_clear_error (&discarded->error);
  g_free (discarded->head);
  g_free (discarded->tail);
  g_free (discarded);
}

typedef struct
{
  McpStreamTransport *transport;

  /* The peer's ends: it writes to peer_in_fd what the transport reads, and
   * reads from peer_out_fd what the transport writes. -1 once closed. */
  int                 peer_in_fd;
  int                 peer_out_fd;

  GPtrArray          *messages;
  GPtrArray          *discarded;
  guint               n_closed;
  GError             *closed_error;
  guint               messages_at_close;

  PeerWriter         *writer;
  GThread            *writer_thread;

  GThread            *reader_thread;
  GByteArray         *output;
  int                 reader_error_number;
  gint                reader_done;
} Fixture;

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

static void
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

static void
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

static void
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
static void
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

static void
peer_close_input (Fixture *fx)
{
  g_assert_cmpint (fx->peer_in_fd, >=, 0);
  g_assert_cmpint (close (fx->peer_in_fd), ==, 0);
  fx->peer_in_fd = -1;
}

/* Starts @writer on a thread. With @close_after the thread takes the
 * peer's end of the input pipe and closes it when done. */
static void
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

static void
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
static void
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
static GStrv
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

static void
assert_message (Fixture    *fx,
                guint       index,
                const char *expected)
{
  g_autofree char *text = NULL;

  g_assert_cmpuint (index, <, fx->messages->len);
  text = json_to_string (fx->messages->pdata[index], FALSE);
  g_assert_cmpstr (text, ==, expected);
}

typedef struct
{
  guint    *n_done;
  guint     n_calls;
  gboolean  ok;
  GError   *error;
} SendCall;

static void
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

static JsonNode *
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

static gboolean
send_text (Fixture     *fx,
           const char  *text,
           GError     **error)
{
  g_autoptr(JsonNode) message = parse_json (text);

  return send_node (fx, message, error);
}

static void
assert_is_skip_error (const GError *error)
{
  g_assert_nonnull (error);
  if (error->domain != JSON_PARSER_ERROR)
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

/* Input */

static void
test_receive_basic (Fixture       *fx,
                    gconstpointer  data)
{
  peer_write (fx,
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"a\":1}}\n"
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"héllo\"}}\n"
              "{\"jsonrpc\":\"2.0\",\"id\":\"three\",\"error\":{\"code\":-32601,\"message\":\"nope\"}}\n",
              -1);

  WAIT_UNTIL (fx->messages->len >= 3);
  mcp_test_iterate_for (50);

  g_assert_cmpuint (fx->messages->len, ==, 3);
  assert_message (fx, 0, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"a\":1}}");
  assert_message (fx, 1, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"héllo\"}}");
  assert_message (fx, 2, "{\"jsonrpc\":\"2.0\",\"id\":\"three\",\"error\":{\"code\":-32601,\"message\":\"nope\"}}");
  for (guint i = 0; i < fx->messages->len; i++)
    g_assert_true (JSON_NODE_HOLDS_OBJECT (fx->messages->pdata[i]));

  g_assert_cmpuint (fx->discarded->len, ==, 0);
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (fx->transport), ==, 0);
  g_assert_cmpuint (fx->n_closed, ==, 0);
}

static void
test_receive_split (Fixture       *fx,
                    gconstpointer  data)
{
  const char *first = "{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":{\"text\":\"split \\\"up\\\" ✓\"}}";
  const char *second = "{\"jsonrpc\":\"2.0\",\"method\":\"after\"}";
  g_autofree char *both = g_strdup_printf ("%s\n%s\n", first, second);
  PeerWriter *writer = peer_writer_new (1, 1000);

  /* One byte per write(), with a pause after each: the transport sees many
   * partial reads, including one ending inside a multi-byte character. */
  peer_writer_add (writer, both, -1, 1, 0);
  peer_writer_start (fx, writer, FALSE);

  WAIT_UNTIL (fx->messages->len >= 2);
  peer_writer_wait (fx);
  mcp_test_iterate_for (50);

  g_assert_cmpuint (fx->messages->len, ==, 2);
  assert_message (fx, 0, first);
  assert_message (fx, 1, second);
  g_assert_cmpuint (fx->discarded->len, ==, 0);
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (fx->transport), ==, 0);
}

static void
test_crlf_and_last_line (Fixture       *fx,
                         gconstpointer  data)
{
  peer_write (fx,
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r\n"
              "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\r\n"
              "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"last\":true}}",
              -1);
  peer_close_input (fx);

  WAIT_UNTIL (fx->n_closed > 0);
  mcp_test_iterate_for (50);

  g_assert_cmpuint (fx->messages->len, ==, 3);
  assert_message (fx, 0, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
  assert_message (fx, 1, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
  assert_message (fx, 2, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"last\":true}}");
  g_assert_cmpuint (fx->messages_at_close, ==, 3);
  g_assert_cmpuint (fx->discarded->len, ==, 0);
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (fx->transport), ==, 0);

  g_assert_cmpuint (fx->n_closed, ==, 1);
  g_assert_error (fx->closed_error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  g_assert_true (mcp_transport_is_closed (MCP_TRANSPORT (fx->transport)));
}

static void
test_blank_lines (Fixture       *fx,
                  gconstpointer  data)
{
  guint skipped = G_MAXUINT;

  /* GTest makes warnings fatal, so a warning about these fails the test. */
  peer_write (fx,
              "\n"
              "\n"
              "   \n"
              "\t \r\n"
              "\r\n"
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n"
              " \t \n"
              "\n"
              "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n"
              "   \n",
              -1);

  WAIT_UNTIL (fx->messages->len >= 2);
  mcp_test_iterate_for (50);

  g_assert_cmpuint (fx->messages->len, ==, 2);
  assert_message (fx, 0, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
  assert_message (fx, 1, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
  g_assert_cmpuint (fx->discarded->len, ==, 0);
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (fx->transport), ==, 0);
  g_object_get (fx->transport, "skipped-lines", &skipped, NULL);
  g_assert_cmpuint (skipped, ==, 0);
}

/* A UTF-8 byte-order mark at the start of a line is skipped (RFC 8259
 * allows it before a JSON text), not taken for junk; elsewhere it is
 * junk. */
static void
test_byte_order_mark (Fixture       *fx,
                      gconstpointer  data)
{
  mcp_test_expect_warning ("*not a JSON-RPC message*");

  peer_write (fx,
              "\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n"
              "\xEF\xBB\xBF\n"
              "\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\r\n"
              " \xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}\n"
              "{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}\n",
              -1);

  WAIT_UNTIL (fx->messages->len >= 3);
  mcp_test_iterate_for (50);
  mcp_test_assert_expected_warnings ();

  g_assert_cmpuint (fx->messages->len, ==, 3);
  assert_message (fx, 0, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
  assert_message (fx, 1, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
  assert_message (fx, 2, "{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}");
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (fx->transport), ==, 1);
}

static void
test_junk_lines (Fixture       *fx,
                 gconstpointer  data)
{
  const char *junk_utf8 = "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"s\":\"a\xff\xfe" "b\"}}";
  const Discarded *discarded;
  guint skipped = 0;

  mcp_test_expect_warning ("*not a JSON-RPC message*");
  mcp_test_expect_warning ("*not a JSON-RPC message*");
  mcp_test_expect_warning ("*not a JSON-RPC message*");

  peer_write (fx, "this is not JSON at all\n", -1);
  peer_write (fx, junk_utf8, -1);
  peer_write (fx, "\n42\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n", -1);

  WAIT_UNTIL (fx->messages->len >= 1);
  mcp_test_iterate_for (50);
  mcp_test_assert_expected_warnings ();

  g_assert_cmpuint (fx->messages->len, ==, 1);
  assert_message (fx, 0, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (fx->transport), ==, 3);
  g_object_get (fx->transport, "skipped-lines", &skipped, NULL);
  g_assert_cmpuint (skipped, ==, 3);

  g_assert_cmpuint (fx->discarded->len, ==, 3);
  discarded = fx->discarded->pdata[0];
  assert_is_skip_error (discarded->error);
  g_assert_cmpstr (discarded->head, ==, "this is not JSON at all");
  discarded = fx->discarded->pdata[1];
  assert_is_skip_error (discarded->error);
  g_assert_nonnull (discarded->head);
  g_assert_true (g_str_has_prefix (discarded->head, "{\"jsonrpc\":\"2.0\",\"method\":\"x\""));
  discarded = fx->discarded->pdata[2];
  assert_is_skip_error (discarded->error);
  g_assert_cmpstr (discarded->head, ==, "42");

  /* Only the first five junk lines are logged; all are counted and
   * reported. */
  mcp_test_expect_warning ("*not a JSON-RPC message*");
  mcp_test_expect_warning ("*not a JSON-RPC message*");
  peer_write (fx, "junk 4\n\"a string\"\njunk 6\n{\"unterminated\":\n"
                  "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n", -1);

  WAIT_UNTIL (fx->messages->len >= 2);
  mcp_test_iterate_for (50);
  mcp_test_assert_expected_warnings ();

  g_assert_cmpuint (fx->messages->len, ==, 2);
  assert_message (fx, 1, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (fx->transport), ==, 7);
  g_assert_cmpuint (fx->discarded->len, ==, 7);
  g_assert_cmpuint (fx->n_closed, ==, 0);
}

static void
test_batch_array (Fixture       *fx,
                  gconstpointer  data)
{
  const char *batch = "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}},"
                      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}]";
  g_autofree char *line = g_strconcat (batch, "\n", NULL);
  JsonNode *message;

  peer_write (fx, line, -1);

  WAIT_UNTIL (fx->messages->len >= 1);
  mcp_test_iterate_for (50);

  g_assert_cmpuint (fx->messages->len, ==, 1);
  message = fx->messages->pdata[0];
  g_assert_true (JSON_NODE_HOLDS_ARRAY (message));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (message)), ==, 2);
  assert_message (fx, 0, batch);
  g_assert_cmpuint (fx->discarded->len, ==, 0);
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (fx->transport), ==, 0);
}

/* The peak resident set size in KiB, after resetting it to the current one
 * if @reset; 0 where the kernel does not tell. */
static guint64
peak_rss_kib (gboolean reset)
{
  g_autofree char *status = NULL;
  const char *line;

  if (reset)
    {
      int fd = open ("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
      gboolean ok = fd >= 0 && write (fd, "5", 1) == 1;

      if (fd >= 0)
        close (fd);
      if (!ok)
        return 0;
    }
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  if (!(line = strstr (status, "\nVmHWM:")))
    return 0;

  return g_ascii_strtoull (line + strlen ("\nVmHWM:"), NULL, 10);
}

static void
test_max_size (Fixture       *fx,
               gconstpointer  data)
{
  const char *prefix = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"text\":\"";
  const char *long_prefix = "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"text\":\"";
  g_autoptr(GString) line = g_string_new (prefix);
  g_autofree char *filler = g_malloc (64 * 1024);
  const Discarded *discarded;
  PeerWriter *writer;
  guint64 max_size = 0;
  guint64 peak_before;
  guint64 peak_after;

  mcp_stream_transport_set_max_message_size (fx->transport, 1024);
  g_assert_cmpuint (mcp_stream_transport_get_max_message_size (fx->transport), ==, 1024);
  g_object_get (fx->transport, "max-message-size", &max_size, NULL);
  g_assert_cmpuint (max_size, ==, 1024);

  /* A 100 KiB line, then a normal message. */
  while (line->len < 100 * 1024)
    g_string_append_c (line, 'a');
  g_string_append (line, "\"}}\n{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{}}\n");

  writer = peer_writer_new (16 * 1024, 0);
  peer_writer_add (writer, line->str, line->len, 1, 0);
  peer_writer_start (fx, writer, FALSE);

  WAIT_UNTIL (fx->messages->len >= 1);
  peer_writer_wait (fx);
  mcp_test_iterate_for (50);

  g_assert_cmpuint (fx->messages->len, ==, 1);
  assert_message (fx, 0, "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{}}");
  g_assert_cmpuint (fx->discarded->len, ==, 1);
  discarded = fx->discarded->pdata[0];
  g_assert_error (discarded->error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_nonnull (discarded->head);
  g_assert_nonnull (discarded->tail);
  g_assert_true (g_str_has_prefix (discarded->head, "{\"jsonrpc\":\"2.0\",\"id\":7,"));
  g_assert_true (g_str_has_suffix (discarded->tail, "aaaa\"}}"));
  g_assert_cmpuint (strlen (discarded->head), <=, EXCERPT_SIZE);
  g_assert_cmpuint (strlen (discarded->tail), <=, EXCERPT_SIZE);
  g_assert_cmpuint (fx->n_closed, ==, 0);

  /* 10 MiB without a newline for a while, then the rest of the line and a
   * normal message. The reader must not gather the line, so the process's
   * peak memory grows by far less than its size (the writer generates the
   * data from one 64 KiB block). */
  memset (filler, 'b', 64 * 1024);
  writer = peer_writer_new (64 * 1024, 0);
  peer_writer_add (writer, long_prefix, -1, 1, 0);
  peer_writer_add (writer, filler, 64 * 1024, 160, 0);
  peer_writer_add (writer, "\"}}\n{\"jsonrpc\":\"2.0\",\"id\":10,\"result\":{}}\n", -1, 1, 500);

  peak_before = peak_rss_kib (TRUE);
  peer_writer_start (fx, writer, FALSE);

  WAIT_UNTIL (fx->messages->len >= 2);
  peer_writer_wait (fx);
  mcp_test_iterate_for (50);
  peak_after = peak_rss_kib (FALSE);

  g_assert_cmpuint (fx->messages->len, ==, 2);
  assert_message (fx, 1, "{\"jsonrpc\":\"2.0\",\"id\":10,\"result\":{}}");
  g_assert_cmpuint (fx->discarded->len, ==, 2);
  discarded = fx->discarded->pdata[1];
  g_assert_error (discarded->error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_true (g_str_has_prefix (discarded->head, "{\"jsonrpc\":\"2.0\",\"id\":9,"));
  g_assert_true (g_str_has_suffix (discarded->tail, "bbbb\"}}"));
  g_assert_cmpuint (strlen (discarded->head), <=, EXCERPT_SIZE);
  g_assert_cmpuint (strlen (discarded->tail), <=, EXCERPT_SIZE);
  g_assert_cmpuint (fx->n_closed, ==, 0);

  if (peak_before > 0 && peak_after > 0)
    {
      g_test_message ("peak RSS %" G_GUINT64_FORMAT " KiB before the 10 MiB line, "
                      "%" G_GUINT64_FORMAT " KiB after", peak_before, peak_after);
      g_assert_cmpuint (peak_after, <, peak_before + 6 * 1024);
    }
  else
    g_test_message ("peak RSS not available, memory use not checked");
}

/* A response of exactly @size bytes, without its newline. */
static char *
message_of_size (guint id,
                 gsize size)
{
  g_autoptr(GString) message = g_string_new (NULL);

  g_string_printf (message, "{\"jsonrpc\":\"2.0\",\"id\":%u,\"result\":{\"t\":\"", id);
  g_assert_cmpuint (message->len + 3, <=, size);
  while (message->len + 3 < size)
    g_string_append_c (message, 'a');
  g_string_append (message, "\"}}");
  g_assert_cmpuint (message->len, ==, size);

  return g_string_free (g_steal_pointer (&message), FALSE);
}

static void
assert_message_size (Fixture *fx,
                     guint    index,
                     gsize    size)
{
  g_autofree char *text = NULL;

  g_assert_cmpuint (index, <, fx->messages->len);
  text = json_to_string (fx->messages->pdata[index], FALSE);
  g_assert_cmpuint (strlen (text), ==, size);
}

/* A message of exactly the maximum size is accepted, one byte more is not:
 * a line that fits the reader's 64 KiB buffer, one that does not, and
 * each as the last line of the stream, without a newline. */
static void
test_max_size_boundary (Fixture       *fx,
                        gconstpointer  data)
{
  const gsize sizes[] = { 1000, 100000 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      gsize max = sizes[i];
      g_autofree char *exact = message_of_size (2 * i + 1, max);
      g_autofree char *over = message_of_size (2 * i + 2, max + 1);
      g_autoptr(GString) lines = g_string_new (NULL);
      const Discarded *discarded;
      PeerWriter *writer;

      mcp_stream_transport_set_max_message_size (fx->transport, max);
      g_string_append_printf (lines, "%s\n%s\n", exact, over);

      writer = peer_writer_new (16 * 1024, 0);
      peer_writer_add (writer, lines->str, lines->len, 1, 0);
      peer_writer_start (fx, writer, FALSE);
      WAIT_UNTIL (fx->discarded->len > i);
      peer_writer_wait (fx);
      mcp_test_iterate_for (50);

      g_assert_cmpuint (fx->messages->len, ==, i + 1);
      assert_message_size (fx, i, max);
      g_assert_cmpuint (fx->discarded->len, ==, i + 1);
      discarded = fx->discarded->pdata[i];
      g_assert_error (discarded->error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
    }

  /* The last line, ended by the end of the stream. */
  {
    g_autofree char *exact = message_of_size (5, 1000);

    mcp_stream_transport_set_max_message_size (fx->transport, 1000);
    peer_write (fx, exact, -1);
    peer_close_input (fx);
    WAIT_UNTIL (fx->n_closed > 0);

    g_assert_cmpuint (fx->messages->len, ==, 3);
    assert_message_size (fx, 2, 1000);
    g_assert_cmpuint (fx->discarded->len, ==, 2);
  }
}

static void
test_max_size_boundary_at_end (Fixture       *fx,
                               gconstpointer  data)
{
  g_autofree char *over = message_of_size (1, 1001);
  const Discarded *discarded;

  mcp_stream_transport_set_max_message_size (fx->transport, 1000);
  peer_write (fx, over, -1);
  peer_close_input (fx);
  WAIT_UNTIL (fx->n_closed > 0);

  g_assert_cmpuint (fx->messages->len, ==, 0);
  g_assert_cmpuint (fx->discarded->len, ==, 1);
  discarded = fx->discarded->pdata[0];
  g_assert_error (discarded->error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
}

static void
test_deep_nesting (Fixture       *fx,
                   gconstpointer  data)
{
  const guint depth = 100000;
  g_autoptr(GString) line = g_string_sized_new (2 * depth + 128);
  g_autoptr(GString) nested = g_string_new ("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"deep\":");
  g_autofree char *expected = NULL;
  const Discarded *discarded;
  PeerWriter *writer;

  for (guint i = 0; i < depth; i++)
    g_string_append_c (line, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (line, ']');
  g_string_append (line, "\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n");

  /* Well under the limit of 512 levels: delivered. */
  for (guint i = 0; i < 100; i++)
    g_string_append_c (nested, '[');
  for (guint i = 0; i < 100; i++)
    g_string_append_c (nested, ']');
  g_string_append (nested, "}}");
  expected = g_strdup (nested->str);
  g_string_append_c (nested, '\n');

  mcp_test_expect_warning ("*not a JSON-RPC message*");

  writer = peer_writer_new (16 * 1024, 0);
  peer_writer_add (writer, line->str, line->len, 1, 0);
  peer_writer_add (writer, nested->str, nested->len, 1, 0);
  peer_writer_start (fx, writer, FALSE);

  WAIT_UNTIL (fx->messages->len >= 2);
  peer_writer_wait (fx);
  mcp_test_iterate_for (50);
  mcp_test_assert_expected_warnings ();

  g_assert_cmpuint (fx->messages->len, ==, 2);
  assert_message (fx, 0, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
  assert_message (fx, 1, expected);
  g_assert_cmpuint (fx->discarded->len, ==, 1);
  discarded = fx->discarded->pdata[0];
  assert_is_skip_error (discarded->error);
  g_assert_true (g_str_has_prefix (discarded->head, "[[[["));
  g_assert_cmpuint (strlen (discarded->head), <=, EXCERPT_SIZE);
  g_assert_true (g_str_has_suffix (discarded->tail, "]]]]"));
  g_assert_cmpuint (strlen (discarded->tail), <=, EXCERPT_SIZE);
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (fx->transport), ==, 1);
  g_assert_cmpuint (fx->n_closed, ==, 0);
}

/* Output */

#define N_ORDERED 2000

static void
test_write_order (Fixture       *fx,
                  gconstpointer  data)
{
  const char *text = "first line\nsecond line\r\n\ttabbed \"quoted\" \\ back\x01 ✓";
  g_autofree SendCall *calls = g_new0 (SendCall, N_ORDERED + 1);
  g_autoptr(JsonNode) with_newline = NULL;
  g_auto(GStrv) lines = NULL;
  JsonObject *object;
  JsonObject *params;
  guint n_done = 0;

  peer_reader_start (fx);

  /* All queued before the first write finishes. */
  for (guint i = 0; i < N_ORDERED; i++)
    {
      g_autoptr(JsonNode) message = json_node_new (JSON_NODE_OBJECT);

      object = json_object_new ();
      params = json_object_new ();
      json_object_set_string_member (object, "jsonrpc", "2.0");
      json_object_set_string_member (object, "method", "n");
      json_object_set_int_member (params, "i", i);
      json_object_set_string_member (params, "pad",
                                     "padding to make the batch larger than a pipe buffer, "
                                     "with \"quotes\", a \\ and ünïcödé");
      json_object_set_object_member (object, "params", params);
      json_node_take_object (message, object);

      calls[i].n_done = &n_done;
      mcp_transport_send_async (MCP_TRANSPORT (fx->transport), message, NULL, on_send_done, &calls[i]);
    }

  with_newline = json_node_new (JSON_NODE_OBJECT);
  object = json_object_new ();
  params = json_object_new ();
  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_object_set_string_member (object, "method", "text");
  json_object_set_string_member (params, "s", text);
  json_object_set_object_member (object, "params", params);
  json_node_take_object (with_newline, object);
  calls[N_ORDERED].n_done = &n_done;
  mcp_transport_send_async (MCP_TRANSPORT (fx->transport), with_newline, NULL, on_send_done, &calls[N_ORDERED]);

  WAIT_UNTIL (n_done >= N_ORDERED + 1);
  mcp_test_iterate_for (50);
  g_assert_cmpuint (n_done, ==, N_ORDERED + 1);
  for (guint i = 0; i <= N_ORDERED; i++)
    {
      g_assert_cmpuint (calls[i].n_calls, ==, 1);
      g_assert_no_error (calls[i].error);
      g_assert_true (calls[i].ok);
    }

  close_transport (fx);
  lines = peer_read_output_lines (fx);

  g_assert_cmpuint (g_strv_length (lines), ==, N_ORDERED + 1);
  for (guint i = 0; i <= N_ORDERED; i++)
    {
      g_autoptr(JsonNode) node = parse_json (lines[i]);
      g_autofree char *compact = json_to_string (node, FALSE);

      /* One compact JSON text per line, nothing else. */
      g_assert_cmpstr (lines[i], ==, compact);
      g_assert_null (strchr (lines[i], '\r'));
      g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
      object = json_node_get_object (node);
      params = json_object_get_object_member (object, "params");
      g_assert_nonnull (params);

      if (i < N_ORDERED)
        {
          g_assert_cmpstr (json_object_get_string_member (object, "method"), ==, "n");
          g_assert_cmpint (json_object_get_int_member (params, "i"), ==, i);
        }
      else
        {
          g_assert_cmpstr (json_object_get_string_member (object, "method"), ==, "text");
          g_assert_cmpstr (json_object_get_string_member (params, "s"), ==, text);
        }
    }
}

static void
test_no_params_null (Fixture       *fx,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;

  peer_reader_start (fx);

  g_assert_true (send_text (fx, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", &error));
  g_assert_no_error (error);
  g_assert_true (send_text (fx, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", &error));
  g_assert_no_error (error);
  g_assert_true (send_text (fx, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}", &error));
  g_assert_no_error (error);

  close_transport (fx);
  lines = peer_read_output_lines (fx);

  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_cmpstr (lines[0], ==, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
  g_assert_cmpstr (lines[1], ==, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  g_assert_cmpstr (lines[2], ==, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
}

/* The end of a connection */

static void
test_close (Fixture       *fx,
            gconstpointer  data)
{
  const char *late = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;

  peer_reader_start (fx);

  g_assert_true (send_text (fx, "{\"jsonrpc\":\"2.0\",\"method\":\"before\"}", &error));
  g_assert_no_error (error);

  close_transport (fx);
  g_assert_cmpuint (fx->n_closed, ==, 1);
  g_assert_no_error (fx->closed_error);
  g_assert_true (mcp_transport_is_closed (MCP_TRANSPORT (fx->transport)));

  /* The peer sees the end of the output. */
  lines = peer_read_output_lines (fx);
  g_assert_cmpuint (g_strv_length (lines), ==, 1);
  g_assert_cmpstr (lines[0], ==, "{\"jsonrpc\":\"2.0\",\"method\":\"before\"}");

  g_assert_false (send_text (fx, "{\"jsonrpc\":\"2.0\",\"method\":\"after\"}", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);

  /* Nothing arrives after the end. */
  (void) !write (fx->peer_in_fd, late, strlen (late));
  mcp_test_iterate_for (100);
  g_assert_cmpuint (fx->n_closed, ==, 1);
  g_assert_cmpuint (fx->messages->len, ==, 0);
}

static void
test_close_twice (Fixture       *fx,
                  gconstpointer  data)
{
  close_transport (fx);
  g_assert_cmpuint (fx->n_closed, ==, 1);

  /* "Closing a transport that is already closed succeeds." */
  close_transport (fx);
  mcp_test_iterate_for (50);
  g_assert_cmpuint (fx->n_closed, ==, 1);
  g_assert_no_error (fx->closed_error);
}

static void
test_close_closes_streams (Fixture       *fx,
                           gconstpointer  data)
{
  struct pollfd pfd = { 0, };

  close_transport (fx);

  /* Documented: "The transport closes both streams when it closes". */
  g_assert_true (g_output_stream_is_closed (mcp_stream_transport_get_output_stream (fx->transport)));
  g_assert_true (g_input_stream_is_closed (mcp_stream_transport_get_input_stream (fx->transport)));

  /* So the peer's end of the input pipe has no reader any more. */
  pfd.fd = fx->peer_in_fd;
  pfd.events = POLLOUT;
  g_assert_cmpint (poll (&pfd, 1, 0), ==, 1);
  g_assert_cmpint (pfd.revents & POLLERR, !=, 0);
}

static void
test_eof_error (Fixture       *fx,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  peer_close_input (fx);

  WAIT_UNTIL (fx->n_closed > 0);
  mcp_test_iterate_for (100);

  g_assert_cmpuint (fx->n_closed, ==, 1);
  g_assert_error (fx->closed_error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  g_assert_true (mcp_transport_is_closed (MCP_TRANSPORT (fx->transport)));
  g_assert_cmpuint (fx->messages->len, ==, 0);

  g_assert_false (send_text (fx, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", &error));
  g_assert_nonnull (error);
  g_test_message ("send after EOF: %s", error->message);

  /* Closing an ended transport succeeds without a second "closed". */
  close_transport (fx);
  mcp_test_iterate_for (50);
  g_assert_cmpuint (fx->n_closed, ==, 1);
}

static void
test_write_error (Fixture       *fx,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  /* The peer goes away without reading. */
  g_assert_cmpint (close (fx->peer_out_fd), ==, 0);
  fx->peer_out_fd = -1;

  g_assert_false (send_text (fx, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == G_IO_ERROR);
  g_test_message ("first send: %s", error->message);
  g_clear_error (&error);

  g_assert_false (send_text (fx, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}", &error));
  g_assert_nonnull (error);
  g_test_message ("second send: %s", error->message);
}

int
main (int    argc,
      char **argv)
{
  /* Writing to a pipe nobody reads must fail the write, not kill us. */
  signal (SIGPIPE, SIG_IGN);

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

#define ADD_TEST(name, func) \
  g_test_add ("/Mcp/StreamTransport/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD_TEST ("receive-basic", test_receive_basic);
  ADD_TEST ("receive-split", test_receive_split);
  ADD_TEST ("crlf-and-last-line", test_crlf_and_last_line);
  ADD_TEST ("blank-lines", test_blank_lines);
  ADD_TEST ("byte-order-mark", test_byte_order_mark);
  ADD_TEST ("junk-lines", test_junk_lines);
  ADD_TEST ("batch-array", test_batch_array);
  ADD_TEST ("max-size", test_max_size);
  ADD_TEST ("max-size-boundary", test_max_size_boundary);
  ADD_TEST ("max-size-boundary-at-end", test_max_size_boundary_at_end);
  ADD_TEST ("deep-nesting", test_deep_nesting);
  ADD_TEST ("write-order", test_write_order);
  ADD_TEST ("no-params-null", test_no_params_null);
  ADD_TEST ("close", test_close);
  ADD_TEST ("close-twice", test_close_twice);
  ADD_TEST ("close-closes-streams", test_close_closes_streams);
  ADD_TEST ("eof-error", test_eof_error);
  ADD_TEST ("write-error", test_write_error);

#undef ADD_TEST

  return g_test_run ();
}
