/* mcp-bench.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The mcp-glib side of the benchmark (README.md beside this file): one
 * workload per run, against the fixed echo server, through the public API
 * only and with the library's defaults, driven by a GMainLoop as an
 * application would. It prints one JSON object with what it measured, with
 * the same fields as sdk-bench.mjs, so that run-bench.py can set them side
 * by side. The floor workloads measure what the library cannot avoid:
 * json-glib alone doing the least that any client built on it must do
 * (build and serialize the request, parse the answer), which is the
 * yardstick for the library's own overhead, and the bare round trip on the
 * pipes with no JSON at all. Wall time comes from the monotonic clock, CPU
 * time from getrusage () (all threads, not the server), memory from
 * /proc/self/status, whose peak (VmHWM) is reset through
 * /proc/self/clear_refs before a measurement of growth.
 */

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <mcp-glib/mcp-glib.h>

#include "bench-util.h"

static GMainLoop *loop;
static char *echo_text;

static char *server_path;
static char *workload;
static int calls = 20000;
static int warmup = 1000;
static int window = 64;
static int repeat = 50;
static int connections = 100;
static int text_bytes = 64;
static gint64 blob_bytes = 1024 * 1024;

static GOptionEntry entries[] = {
  { "server", 's', 0, G_OPTION_ARG_FILENAME, &server_path, "The echo server to run", "PATH" },
  { "workload", 'w', 0, G_OPTION_ARG_STRING, &workload,
    "seq, inflight, blob, spawn, many, floor, floor-parse or floor-io", "NAME" },
  { "calls", 0, 0, G_OPTION_ARG_INT, &calls, "Calls measured (seq, inflight, floor, floor-io)",
    "N" },
  { "warmup", 0, 0, G_OPTION_ARG_INT, &warmup, "Calls made before measuring", "N" },
  { "window", 0, 0, G_OPTION_ARG_INT, &window, "Calls in flight (inflight)", "N" },
  { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Connections timed (spawn)", "N" },
  { "connections", 0, 0, G_OPTION_ARG_INT, &connections, "Servers connected at once (many)",
    "N" },
  { "text-bytes", 0, 0, G_OPTION_ARG_INT, &text_bytes, "Size of the echoed text", "N" },
  { "bytes", 0, 0, G_OPTION_ARG_INT64, &blob_bytes, "Size of the blob (blob, floor-parse)", "N" },
  { NULL }
};

static void
store_result_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GAsyncResult **slot = user_data;

  *slot = g_object_ref (result);
  g_main_loop_quit (loop);
}

/* The loop runs only while the result is missing: an operation that
 * completes at once must not leave it running forever. */
static GAsyncResult *
wait_for (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_loop_run (loop);

  return g_steal_pointer (slot);
}

/* @prepare_blob, when positive, has the server make that large a blob
 * before it is asked for one. */
static McpClient *
new_client (gint64 prepare_blob)
{
  g_autofree char *bytes = g_strdup_printf ("%" G_GINT64_FORMAT, prepare_blob);
  const char *argv[] = { server_path, "--prepare-blob", bytes, NULL };
  g_autoptr(McpStdioTransport) transport = NULL;

  if (prepare_blob <= 0)
    argv[1] = NULL;
  transport = mcp_stdio_transport_new (argv);

  return mcp_client_new (MCP_TRANSPORT (transport));
}

static McpClient *
connect_client_full (gint64   prepare_blob,
                     GError **error)
{
  g_autoptr(McpClient) client = new_client (prepare_blob);
  g_autoptr(GAsyncResult) result = NULL;
  GAsyncResult *pending = NULL;

  mcp_client_connect_async (client, NULL, store_result_cb, &pending);
  result = wait_for (&pending);
  if (!mcp_client_connect_finish (client, result, error))
    return NULL;

  return g_steal_pointer (&client);
}

static McpClient *
connect_client (GError **error)
{
  return connect_client_full (0, error);
}

static gboolean
close_client (McpClient  *client,
              GError    **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  GAsyncResult *pending = NULL;

  mcp_client_close_async (client, NULL, store_result_cb, &pending);
  result = wait_for (&pending);

  return mcp_client_close_finish (client, result, error);
}

static gboolean
bench_calls (JsonBuilder  *report,
             int           in_flight,
             GError      **error)
{
  g_autoptr(McpClient) client = NULL;
  BenchCpuTime before;
  BenchCpuTime after;
  gint64 start;
  double seconds;

  if (!(client = connect_client (error)) ||
      !bench_run_calls (client, echo_text, warmup, in_flight, error))
    return FALSE;

  before = bench_cpu_now ();
  start = g_get_monotonic_time ();
  if (!bench_run_calls (client, echo_text, calls, in_flight, error))
    return FALSE;
  seconds = bench_elapsed_s (start);
  after = bench_cpu_now ();

  bench_add_int (report, "calls", calls);
  bench_add_int (report, "warmup", warmup);
  bench_add_int (report, "window", in_flight);
  bench_add_double (report, "seconds", seconds);
  bench_add_double (report, "calls_per_s", calls / seconds);
  bench_add_cpu (report, "call", before, after, calls);
  bench_add_int (report, "peak_rss_kib", bench_status_kib ("VmHWM"));
  bench_add_int (report, "rss_kib", bench_status_kib ("VmRSS"));

  return close_client (client, error);
}

static McpToolResult *
call_blob (McpClient  *client,
           gint64      bytes,
           GError    **error)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  GAsyncResult *pending = NULL;

  json_object_set_int_member (arguments, "bytes", bytes);
  mcp_client_call_tool_async (client, "blob", arguments, NULL, NULL, store_result_cb, &pending);
  result = wait_for (&pending);

  return mcp_client_call_tool_finish (client, result, error);
}

static gboolean
bench_blob (JsonBuilder  *report,
            GError      **error)
{
  g_autoptr(McpClient) client = NULL;
  g_autoptr(McpToolResult) warm = NULL;
  g_autoptr(McpToolResult) result = NULL;
  const char *text;
  gint64 rss_before;
  gint64 start;
  double seconds;

  /* A small blob first, so that the one measured pays for no first use. */
  if (!(client = connect_client_full (blob_bytes, error)) ||
      !(warm = call_blob (client, 64 * 1024, error)))
    return FALSE;
  g_clear_object (&warm);

  bench_reset_peak ();
  rss_before = bench_status_kib ("VmRSS");
  start = g_get_monotonic_time ();
  result = call_blob (client, blob_bytes, error);
  seconds = bench_elapsed_s (start);

  bench_add_int (report, "bytes", blob_bytes);
  if (result == NULL)
    {
      /* The result is reported, not fatal: a client may refuse a size. */
      bench_add_string (report, "error", (*error)->message);
      g_clear_error (error);
      return TRUE;
    }

  text = bench_result_text (result);
  if (text == NULL || strlen (text) != (gsize) blob_bytes)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "The blob has %zu bytes instead of %" G_GINT64_FORMAT,
                   text != NULL ? strlen (text) : 0, blob_bytes);
      return FALSE;
    }

  bench_add_string (report, "error", NULL);
  bench_add_double (report, "ms", seconds * 1000);
  bench_add_int (report, "growth_kib", bench_status_kib ("VmHWM") - rss_before);
  g_clear_object (&result);

  return close_client (client, error);
}

static gboolean
bench_spawn (JsonBuilder  *report,
             GError      **error)
{
  g_autoptr(GArray) ready = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) closing = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cycle = g_array_new (FALSE, FALSE, sizeof (double));
  /* The first connections load code and warm caches: not counted. */
  int skipped = 5;

  for (int i = 0; i < skipped + repeat; i++)
    {
      g_autoptr(McpClient) client = NULL;
      gint64 start = g_get_monotonic_time ();
      gint64 connected;
      gint64 closed;

      if (!(client = connect_client (error)))
        return FALSE;
      connected = g_get_monotonic_time ();
      if (!close_client (client, error))
        return FALSE;
      g_clear_object (&client);
      closed = g_get_monotonic_time ();

      if (i >= skipped)
        {
          double ready_ms = (connected - start) / 1000.0;
          double closing_ms = (closed - connected) / 1000.0;
          double cycle_ms = (closed - start) / 1000.0;

          g_array_append_val (ready, ready_ms);
          g_array_append_val (closing, closing_ms);
          g_array_append_val (cycle, cycle_ms);
        }
    }

  bench_add_int (report, "repeat", repeat);
  bench_add_double (report, "ready_ms", bench_median (ready));
  bench_add_double (report, "close_ms", bench_median (closing));
  bench_add_double (report, "cycle_ms", bench_median (cycle));

  return TRUE;
}

/* Many connections at once, each one started, handshaken and used while
 * the others are. */
typedef struct
{
  McpClient **clients;
  int         pending;
  GError     *error;
} Fleet;

static void
fleet_connected_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  Fleet *fleet = user_data;
  GError *error = NULL;

  if (!mcp_client_connect_finish (MCP_CLIENT (object), result, &error))
    {
      if (fleet->error == NULL)
        g_propagate_error (&fleet->error, error);
      else
        g_error_free (error);
    }

  if (--fleet->pending == 0)
    g_main_loop_quit (loop);
}

static void
fleet_called_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Fleet *fleet = user_data;
  g_autoptr(McpToolResult) tool_result = NULL;
  GError *error = NULL;

  tool_result = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);
  if (tool_result == NULL)
    {
      if (fleet->error == NULL)
        g_propagate_error (&fleet->error, error);
      else
        g_error_free (error);
    }

  if (--fleet->pending == 0)
    g_main_loop_quit (loop);
}

static void
fleet_closed_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Fleet *fleet = user_data;

  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  if (--fleet->pending == 0)
    g_main_loop_quit (loop);
}

static gboolean
bench_many (JsonBuilder  *report,
            GError      **error)
{
  g_autoptr(McpClient) first = NULL;
  g_autofree McpClient **clients = g_new0 (McpClient *, connections);
  Fleet fleet = { clients, 0, NULL };
  gint64 rss_before;
  gint64 rss_after;
  gint64 start;
  double connect_ms;

  /* One connection first, so that what every process pays once (types,
   * the worker thread, the pool of the allocator) is not charged to the
   * connections measured. */
  if (!(first = connect_client (error)) ||
      !bench_run_calls (first, echo_text, 1, 1, error) ||
      !close_client (first, error))
    return FALSE;
  g_clear_object (&first);

  rss_before = bench_status_kib ("VmRSS");
  start = g_get_monotonic_time ();

  fleet.pending = connections;
  for (int i = 0; i < connections; i++)
    {
      clients[i] = new_client (0);
      mcp_client_connect_async (clients[i], NULL, fleet_connected_cb, &fleet);
    }
  g_main_loop_run (loop);
  connect_ms = (g_get_monotonic_time () - start) / 1000.0;

  if (fleet.error == NULL)
    {
      fleet.pending = connections;
      for (int i = 0; i < connections; i++)
        {
          g_autoptr(JsonObject) arguments = bench_echo_arguments (echo_text);

          mcp_client_call_tool_async (clients[i], "echo", arguments, NULL, NULL, fleet_called_cb,
                                      &fleet);
        }
      g_main_loop_run (loop);
    }

  rss_after = bench_status_kib ("VmRSS");

  fleet.pending = connections;
  for (int i = 0; i < connections; i++)
    mcp_client_close_async (clients[i], NULL, fleet_closed_cb, &fleet);
  g_main_loop_run (loop);
  for (int i = 0; i < connections; i++)
    g_clear_object (&clients[i]);

  if (fleet.error != NULL)
    {
      g_propagate_error (error, fleet.error);
      return FALSE;
    }

  bench_add_int (report, "connections", connections);
  bench_add_double (report, "connect_all_ms", connect_ms);
  bench_add_int (report, "rss_before_kib", rss_before);
  bench_add_int (report, "rss_after_kib", rss_after);
  bench_add_double (report, "kib_per_connection", (rss_after - rss_before) / (double) connections);

  return TRUE;
}

/* What the library does for a tools/call, with json-glib alone and no
 * waste: the same request object built member by member and serialized as
 * one line, then an answer of the same size as the server's parsed and its
 * text looked up. One generator and one parser serve every iteration. */
static gboolean
floor_iteration (JsonGenerator  *generator,
                 JsonParser     *parser,
                 GString        *line,
                 gint64          id,
                 const char     *answer,
                 gsize           answer_len,
                 GError        **error)
{
  g_autoptr(JsonNode) request = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object = json_object_new ();
  JsonObject *params = json_object_new ();
  JsonObject *meta = json_object_new ();
  JsonObject *result;
  JsonArray *content;
  const char *text;

  json_object_set_string_member (params, "name", "echo");
  json_object_set_object_member (params, "arguments", bench_echo_arguments (echo_text));
  json_object_set_int_member (meta, "progressToken", id);
  json_object_set_object_member (params, "_meta", meta);
  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_object_set_int_member (object, "id", id);
  json_object_set_string_member (object, "method", "tools/call");
  json_object_set_object_member (object, "params", params);
  request = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);

  g_string_truncate (line, 0);
  json_generator_set_root (generator, request);
  json_generator_to_gstring (generator, line);
  g_string_append_c (line, '\n');

  if (!json_parser_load_from_data (parser, answer, answer_len, error))
    return FALSE;
  root = json_parser_steal_root (parser);
  result = json_object_get_object_member (json_node_get_object (root), "result");
  content = json_object_get_array_member (result, "content");
  text = json_object_get_string_member (json_array_get_object_element (content, 0), "text");
  if (g_strcmp0 (text, echo_text) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "The answer was misread");
      return FALSE;
    }

  return TRUE;
}

static char *
answer_line (gint64      id,
             const char *text)
{
  return g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ","
                          "\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"%s\"}]}}",
                          id, text);
}

static gboolean
bench_floor (JsonBuilder  *report,
             GError      **error)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GString) line = g_string_sized_new (256);
  /* An id of the size the calls measured have. */
  g_autofree char *answer = answer_line (warmup + calls / 2, echo_text);
  gsize answer_len = strlen (answer);
  BenchCpuTime before;
  BenchCpuTime after;
  gint64 start;
  double seconds;

  for (int i = 0; i < warmup; i++)
    if (!floor_iteration (generator, parser, line, i, answer, answer_len, error))
      return FALSE;

  before = bench_cpu_now ();
  start = g_get_monotonic_time ();
  for (int i = 0; i < calls; i++)
    if (!floor_iteration (generator, parser, line, warmup + i, answer, answer_len, error))
      return FALSE;
  seconds = bench_elapsed_s (start);
  after = bench_cpu_now ();

  bench_add_int (report, "calls", calls);
  bench_add_int (report, "request_bytes", line->len);
  bench_add_int (report, "answer_bytes", answer_len + 1);
  bench_add_double (report, "us_per_call", seconds * 1e6 / calls);
  bench_add_cpu (report, "call", before, after, calls);

  return TRUE;
}

/* json-glib parsing the answer carrying a blob, and nothing else. */
static gboolean
bench_floor_parse (JsonBuilder  *report,
                   GError      **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL;
  g_autofree char *answer = NULL;
  g_autoptr(JsonNode) root = NULL;
  gsize answer_len;
  gint64 rss_before;
  gint64 start;
  double seconds;

  /* The same pattern as the server's blob, though only the size matters. */
  text = g_malloc (blob_bytes + 1);
  for (gint64 i = 0; i < blob_bytes; i++)
    text[i] = 'a' + i % 26;
  text[blob_bytes] = '\0';
  answer = answer_line (2, text);
  answer_len = strlen (answer);
  g_clear_pointer (&text, g_free);

  bench_reset_peak ();
  rss_before = bench_status_kib ("VmRSS");
  start = g_get_monotonic_time ();
  if (!json_parser_load_from_data (parser, answer, answer_len, error))
    return FALSE;
  root = json_parser_steal_root (parser);
  seconds = bench_elapsed_s (start);

  bench_add_int (report, "bytes", blob_bytes);
  bench_add_double (report, "ms", seconds * 1000);
  bench_add_int (report, "growth_kib", bench_status_kib ("VmHWM") - rss_before);

  return TRUE;
}

/* The least any stdio client pays for a round trip, with no JSON at all:
 * the request line, already serialized, goes out with one blocking write (),
 * and the answer comes back with poll () and read (). Its CPU time, added
 * to the json-glib floor, is what a client could get down to. */
static gboolean
bench_floor_io (JsonBuilder  *report,
                GError      **error)
{
  const char *argv[] = { server_path, NULL };
  g_autoptr(GSubprocess) server = NULL;
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(GString) request = g_string_new (NULL);
  g_autofree char *buffer = g_malloc (64 * 1024);
  BenchCpuTime before = { 0, 0 };
  BenchCpuTime after;
  gint64 start = 0;
  double seconds;
  int in_fd;
  int out_fd;

  server = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                              error);
  if (server == NULL)
    return FALSE;
  in_fd = g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (g_subprocess_get_stdin_pipe (server)));
  out_fd = g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (g_subprocess_get_stdout_pipe (server)));

  /* The library's request, byte for byte (the id stays the same: the
   * server copies it whatever it is). */
  {
    g_autoptr(JsonBuilder) builder = json_builder_new ();
    g_autoptr(JsonNode) root = NULL;

    json_builder_begin_object (builder);
    json_builder_set_member_name (builder, "jsonrpc");
    json_builder_add_string_value (builder, "2.0");
    json_builder_set_member_name (builder, "id");
    json_builder_add_int_value (builder, warmup + calls / 2);
    json_builder_set_member_name (builder, "method");
    json_builder_add_string_value (builder, "tools/call");
    json_builder_set_member_name (builder, "params");
    json_builder_begin_object (builder);
    json_builder_set_member_name (builder, "name");
    json_builder_add_string_value (builder, "echo");
    json_builder_set_member_name (builder, "arguments");
    json_builder_begin_object (builder);
    json_builder_set_member_name (builder, "text");
    json_builder_add_string_value (builder, echo_text);
    json_builder_end_object (builder);
    json_builder_set_member_name (builder, "_meta");
    json_builder_begin_object (builder);
    json_builder_set_member_name (builder, "progressToken");
    json_builder_add_int_value (builder, warmup + calls / 2);
    json_builder_end_object (builder);
    json_builder_end_object (builder);
    json_builder_end_object (builder);
    root = json_builder_get_root (builder);
    json_generator_set_root (generator, root);
    json_generator_to_gstring (generator, request);
    g_string_append_c (request, '\n');
  }

  for (int i = 0; i < warmup + calls; i++)
    {
      gsize got = 0;

      if (i == warmup)
        {
          before = bench_cpu_now ();
          start = g_get_monotonic_time ();
        }

      if (write (in_fd, request->str, request->len) != (gssize) request->len)
        {
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "write: %s",
                       g_strerror (errno));
          return FALSE;
        }

      /* One answer per request, so the last byte read is its newline. */
      while (got == 0 || buffer[got - 1] != '\n')
        {
          struct pollfd fd = { out_fd, POLLIN, 0 };
          gssize n;

          poll (&fd, 1, -1);
          n = read (out_fd, buffer + got, 64 * 1024 - got);
          if (n <= 0)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED, "The server went away");
              return FALSE;
            }
          got += n;
        }
    }
  seconds = bench_elapsed_s (start);
  after = bench_cpu_now ();

  bench_add_int (report, "calls", calls);
  bench_add_double (report, "calls_per_s", calls / seconds);
  bench_add_cpu (report, "call", before, after, calls);

  /* End of input: the server exits. */
  g_output_stream_close (g_subprocess_get_stdin_pipe (server), NULL, NULL);
  return g_subprocess_wait (server, NULL, error);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- benchmark mcp-glib");
  g_autoptr(JsonBuilder) report = json_builder_new ();
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("mcp-bench: %s\n", error->message);
      return EXIT_FAILURE;
    }
  if (workload == NULL ||
      (server_path == NULL && !g_str_equal (workload, "floor") &&
       !g_str_equal (workload, "floor-parse")))
    {
      g_printerr ("mcp-bench: --workload and --server are required\n");
      return EXIT_FAILURE;
    }
  if (calls < 1 || warmup < 0 || window < 1 || repeat < 1 || connections < 1 ||
      text_bytes < 1 || blob_bytes < 0)
    {
      g_printerr ("mcp-bench: the counts must be positive\n");
      return EXIT_FAILURE;
    }

  loop = g_main_loop_new (NULL, FALSE);
  echo_text = bench_make_text (text_bytes);

  json_builder_begin_object (report);
  bench_add_string (report, "client", "mcp-glib");
  bench_add_string (report, "workload", workload);

  if (g_str_equal (workload, "seq"))
    ok = bench_calls (report, 1, &error);
  else if (g_str_equal (workload, "inflight"))
    ok = bench_calls (report, window, &error);
  else if (g_str_equal (workload, "blob"))
    ok = bench_blob (report, &error);
  else if (g_str_equal (workload, "spawn"))
    ok = bench_spawn (report, &error);
  else if (g_str_equal (workload, "many"))
    ok = bench_many (report, &error);
  else if (g_str_equal (workload, "floor"))
    ok = bench_floor (report, &error);
  else if (g_str_equal (workload, "floor-parse"))
    ok = bench_floor_parse (report, &error);
  else if (g_str_equal (workload, "floor-io"))
    ok = bench_floor_io (report, &error);
  else
    {
      g_printerr ("mcp-bench: unknown workload “%s”\n", workload);
      return EXIT_FAILURE;
    }

  if (!ok)
    {
      g_printerr ("mcp-bench: %s: %s\n", workload, error->message);
      return EXIT_FAILURE;
    }

  bench_print (report);

  g_main_loop_unref (loop);
  g_free (echo_text);
  return EXIT_SUCCESS;
}
