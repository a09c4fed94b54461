/* test-transport-input.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Tests of McpStreamTransport, the newline-delimited JSON framing under the
 * stdio transport, over real pipes, on input: the peer writes raw bytes
 * (see mcp-stream-test-util.c). Covered are split reads, "\r\n", a last
 * line without newline, blank lines, byte-order marks, junk lines,
 * batches, oversized and deeply nested lines.
 */

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "mcp-stream-test-util.h"

#define EXCERPT_SIZE 4096

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

#undef ADD_TEST

  return g_test_run ();
}
