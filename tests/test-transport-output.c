/* test-transport-output.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Tests of McpStreamTransport, the newline-delimited JSON framing under the
 * stdio transport, over real pipes, on output and at the end of a
 * connection: the peer reads what the transport writes (see
 * mcp-stream-test-util.c). Covered are framing on output (order, one
 * compact line per message, escaping), and the ends of a connection
 * (deliberate close, EOF from the peer, a write to a peer that went away).
 */

#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gio/gunixoutputstream.h>
#include <glib-unix.h>

#include "mcp-stream-test-util.h"

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

/* A message still being written when the transport closes (the peer reads
 * nothing, and the pipe is full) fails as the ones behind it do: the
 * connection is closed. */
static void
test_close_during_write (Fixture       *fx,
                         gconstpointer  data)
{
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(JsonNode) message = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strnfill (1024 * 1024, 'x');
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_object_set_string_member (object, "method", "big");
  json_object_set_string_member (params, "text", text);
  json_object_set_object_member (object, "params", json_object_ref (params));
  message = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);

  /* A write that waits for the pipe, rather than one that blocks. */
  g_assert_true (g_unix_set_fd_nonblocking (
    g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (
      mcp_stream_transport_get_output_stream (fx->transport))), TRUE, NULL));

  mcp_transport_send_async (MCP_TRANSPORT (fx->transport), message, NULL, mcp_test_store_result_cb,
                            &result);
  mcp_test_iterate_for (50);
  g_assert_null (result);

  close_transport (fx);
  WAIT_UNTIL (result != NULL);
  g_assert_false (mcp_transport_send_finish (MCP_TRANSPORT (fx->transport), result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);
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

  ADD_TEST ("write-order", test_write_order);
  ADD_TEST ("no-params-null", test_no_params_null);
  ADD_TEST ("close", test_close);
  ADD_TEST ("close-during-write", test_close_during_write);
  ADD_TEST ("close-twice", test_close_twice);
  ADD_TEST ("close-closes-streams", test_close_closes_streams);
  ADD_TEST ("eof-error", test_eof_error);
  ADD_TEST ("write-error", test_write_error);

#undef ADD_TEST

  return g_test_run ();
}
