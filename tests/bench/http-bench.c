/* http-bench.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The C side of the HTTP benchmark (README.md beside this file): one
 * workload per run, with one of three clients, against bench-http-server:
 * mcp-glib (McpClient on McpHttpTransport, public API, the library's
 * defaults, on a GMainLoop as an application would), plain libsoup (the same
 * requests with no MCP: libsoup's own floor, http-bench-libsoup.c) and raw
 * sockets (the same requests on blocking keep-alive connections: the limit,
 * http-bench-raw.c). It prints one JSON object with what it measured, with
 * the same fields as sdk-bench-http.mjs, so that run-bench-http.py can set
 * them side by side.
 *
 * Around what it measures it asks the server for its figures (GET /stats on
 * a connection of its own, which the server does not count), so that each
 * result also says how many TCP connections the client opened and how busy
 * the server was: its CPU time over the wall time.
 */

#include <stdlib.h>
#include <string.h>

#include <mcp-glib/mcp-glib.h>

#include "http-bench.h"

static char *client_name;
static char *workload;
static char *url;
static int calls = 5000;
static int warmup = 500;
static int window = 64;
static int repeat = 50;
static int events = 10000;
static int connections = 100;
static int text_bytes = 64;
static gint64 blob_bytes = 1024 * 1024;
static gboolean no_idempotent;

static GOptionEntry entries[] = {
  { "client", 'c', 0, G_OPTION_ARG_STRING, &client_name, "mcp-glib, libsoup or raw", "NAME" },
  { "workload", 'w', 0, G_OPTION_ARG_STRING, &workload,
    "seq, inflight, sse, blob, ready or many", "NAME" },
  { "url", 'u', 0, G_OPTION_ARG_STRING, &url, "The server's MCP endpoint", "URL" },
  { "calls", 0, 0, G_OPTION_ARG_INT, &calls, "Calls measured (seq, inflight)", "N" },
  { "warmup", 0, 0, G_OPTION_ARG_INT, &warmup,
    "Calls made before measuring (seq, inflight); events of the warm-up call (sse)", "N" },
  { "window", 0, 0, G_OPTION_ARG_INT, &window, "Calls in flight (inflight)", "N" },
  { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Clients timed (ready), calls timed (sse)", "N" },
  { "events", 0, 0, G_OPTION_ARG_INT, &events, "Progress events per call (sse)", "N" },
  { "connections", 0, 0, G_OPTION_ARG_INT, &connections, "Clients at once (many)", "N" },
  { "text-bytes", 0, 0, G_OPTION_ARG_INT, &text_bytes, "Size of the echoed text", "N" },
  { "bytes", 0, 0, G_OPTION_ARG_INT64, &blob_bytes, "Size of the blob (blob)", "N" },
  { "no-idempotent", 0, 0, G_OPTION_ARG_NONE, &no_idempotent,
    "libsoup: send POSTs as libsoup does by default, each on a new connection", NULL },
  { NULL }
};

char *
http_bench_initialize_body (void)
{
  return g_strdup ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                   "{\"protocolVersion\":\"" HTTP_BENCH_PROTOCOL_VERSION "\","
                   "\"capabilities\":{},\"clientInfo\":{\"name\":\"http-bench\","
                   "\"version\":\"1.0\"}}}");
}

char *
http_bench_initialized_body (void)
{
  return g_strdup ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
}

/* @arguments is JSON text. */
char *
http_bench_call_body (const char *tool,
                      const char *arguments,
                      gint64      id)
{
  return g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"method\":"
                          "\"tools/call\",\"params\":{\"name\":\"%s\",\"arguments\":%s,"
                          "\"_meta\":{\"progressToken\":%" G_GINT64_FORMAT "}}}",
                          id, tool, arguments, id);
}

gboolean
http_bench_meter_start (HttpBench       *bench,
                        HttpBenchMeter  *meter,
                        GError         **error)
{
  if (!http_bench_server_stats (bench, &meter->server, error))
    return FALSE;

  meter->cpu = bench_cpu_now ();
  meter->start_us = g_get_monotonic_time ();
  return TRUE;
}

/* Reports seconds, the client's CPU per @unit (@count of them), the
 * connections the server accepted and its share of the wall time. */
gboolean
http_bench_meter_stop (HttpBench       *bench,
                       HttpBenchMeter  *meter,
                       JsonBuilder     *report,
                       const char      *unit,
                       double           count,
                       GError         **error)
{
  double seconds = bench_elapsed_s (meter->start_us);
  BenchCpuTime cpu = bench_cpu_now ();
  g_autofree char *rate = g_strdup_printf ("%ss_per_s", unit);
  g_autofree char *server_cpu = g_strdup_printf ("server_cpu_us_per_%s", unit);
  HttpBenchStats server;

  if (!http_bench_server_stats (bench, &server, error))
    return FALSE;

  bench_add_double (report, "seconds", seconds);
  bench_add_double (report, rate, count / seconds);
  bench_add_cpu (report, unit, meter->cpu, cpu, count);
  bench_add_int (report, "connections", server.accepted - meter->server.accepted);
  bench_add_int (report, "server_requests", server.requests - meter->server.requests);
  bench_add_double (report, server_cpu, (server.cpu_us - meter->server.cpu_us) / count);
  bench_add_double (report, "server_busy", (server.cpu_us - meter->server.cpu_us) / 1e6 / seconds);
  return TRUE;
}

/* What an operation that is waited for stores its result with. */
void
http_bench_store_result_cb (GObject      *object,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  GAsyncResult **slot = user_data;

  *slot = g_object_ref (result);
}

/* The main context runs only while the result is missing: an operation
 * that completes at once must not leave it running forever. */
GAsyncResult *
http_bench_wait_for (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);

  return g_steal_pointer (slot);
}

/* mcp-glib, through the public API with the library's defaults. */

static McpClient *
new_client (HttpBench *bench)
{
  g_autoptr(McpHttpTransport) transport = mcp_http_transport_new (bench->url);

  return mcp_client_new (MCP_TRANSPORT (transport));
}

static McpClient *
connect_client (HttpBench  *bench,
                GError    **error)
{
  g_autoptr(McpClient) client = new_client (bench);
  g_autoptr(GAsyncResult) result = NULL;
  GAsyncResult *pending = NULL;

  mcp_client_connect_async (client, NULL, http_bench_store_result_cb, &pending);
  result = http_bench_wait_for (&pending);
  if (!mcp_client_connect_finish (client, result, error))
    return NULL;

  return g_steal_pointer (&client);
}

static gboolean
close_client (McpClient  *client,
              GError    **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  GAsyncResult *pending = NULL;

  mcp_client_close_async (client, NULL, http_bench_store_result_cb, &pending);
  result = http_bench_wait_for (&pending);

  return mcp_client_close_finish (client, result, error);
}

static gboolean
mcp_calls (HttpBench    *bench,
           JsonBuilder  *report,
           int           in_flight,
           GError      **error)
{
  g_autoptr(McpClient) client = NULL;
  HttpBenchMeter meter;

  if (!(client = connect_client (bench, error)) ||
      !bench_run_calls (client, bench->echo_text, bench->warmup, in_flight, error) ||
      !http_bench_meter_start (bench, &meter, error) ||
      !bench_run_calls (client, bench->echo_text, bench->calls, in_flight, error) ||
      !http_bench_meter_stop (bench, &meter, report, "call", bench->calls, error))
    return FALSE;

  bench_add_int (report, "calls", bench->calls);
  bench_add_int (report, "window", in_flight);
  bench_add_int (report, "peak_rss_kib", bench_status_kib ("VmHWM"));

  return close_client (client, error);
}

static gboolean
mcp_seq (HttpBench    *bench,
         JsonBuilder  *report,
         GError      **error)
{
  return mcp_calls (bench, report, 1, error);
}

static gboolean
mcp_inflight (HttpBench    *bench,
              JsonBuilder  *report,
              GError      **error)
{
  return mcp_calls (bench, report, bench->window, error);
}

static void
progress_cb (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             gpointer           user_data)
{
  int *count = user_data;

  (*count)++;
}

/* One call of the progress tool; fails unless every event arrived. */
static gboolean
call_progress (McpClient  *client,
               int         n,
               GError    **error)
{
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  GAsyncResult *pending = NULL;
  int count = 0;

  json_object_set_int_member (arguments, "count", n);
  g_signal_connect (options, "progress", G_CALLBACK (progress_cb), &count);
  mcp_client_call_tool_async (client, "progress", arguments, options, NULL,
                              http_bench_store_result_cb, &pending);
  result = http_bench_wait_for (&pending);
  if (!(tool_result = mcp_client_call_tool_finish (client, result, error)))
    return FALSE;

  if (count != n)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%d progress events arrived instead of %d", count, n);
      return FALSE;
    }
  return TRUE;
}

static gboolean
mcp_sse (HttpBench    *bench,
         JsonBuilder  *report,
         GError      **error)
{
  g_autoptr(McpClient) client = NULL;
  HttpBenchMeter meter;

  if (!(client = connect_client (bench, error)) ||
      !call_progress (client, bench->warmup, error) ||
      !http_bench_meter_start (bench, &meter, error))
    return FALSE;

  for (int i = 0; i < bench->repeat; i++)
    if (!call_progress (client, bench->events, error))
      return FALSE;

  if (!http_bench_meter_stop (bench, &meter, report, "event",
                              (double) bench->repeat * bench->events, error))
    return FALSE;

  bench_add_int (report, "events", bench->events);
  bench_add_int (report, "repeat", bench->repeat);

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
  mcp_client_call_tool_async (client, "blob", arguments, NULL, NULL, http_bench_store_result_cb,
                              &pending);
  result = http_bench_wait_for (&pending);

  return mcp_client_call_tool_finish (client, result, error);
}

static gboolean
mcp_blob (HttpBench    *bench,
          JsonBuilder  *report,
          GError      **error)
{
  g_autoptr(McpClient) client = NULL;
  g_autoptr(McpToolResult) warm = NULL;
  g_autoptr(McpToolResult) result = NULL;
  HttpBenchMeter meter;
  const char *text;
  gint64 rss_before;

  /* A small blob first, so that the one measured pays for no first use. */
  if (!(client = connect_client (bench, error)) ||
      !(warm = call_blob (client, 64 * 1024, error)))
    return FALSE;
  g_clear_object (&warm);

  bench_reset_peak ();
  rss_before = bench_status_kib ("VmRSS");
  if (!http_bench_meter_start (bench, &meter, error))
    return FALSE;
  result = call_blob (client, bench->bytes, error);
  if (result == NULL ||
      !http_bench_meter_stop (bench, &meter, report, "call", 1, error))
    return FALSE;

  text = bench_result_text (result);
  if (text == NULL || strlen (text) != (gsize) bench->bytes)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "The blob has %zu bytes instead of %" G_GINT64_FORMAT,
                   text != NULL ? strlen (text) : 0, bench->bytes);
      return FALSE;
    }

  bench_add_int (report, "bytes", bench->bytes);
  bench_add_int (report, "growth_kib", bench_status_kib ("VmHWM") - rss_before);
  g_clear_object (&result);

  return close_client (client, error);
}

static gboolean
mcp_ready (HttpBench    *bench,
           JsonBuilder  *report,
           GError      **error)
{
  g_autoptr(GArray) ready = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) closing = g_array_new (FALSE, FALSE, sizeof (double));
  /* The first clients load code and warm caches: not counted. */
  int skipped = 5;
  HttpBenchMeter meter;

  for (int i = 0; i < skipped + bench->repeat; i++)
    {
      g_autoptr(McpClient) client = NULL;
      gint64 start;
      gint64 connected;
      double ms;

      if (i == skipped && !http_bench_meter_start (bench, &meter, error))
        return FALSE;

      start = g_get_monotonic_time ();
      if (!(client = connect_client (bench, error)))
        return FALSE;
      connected = g_get_monotonic_time ();
      if (!close_client (client, error))
        return FALSE;
      g_clear_object (&client);

      if (i < skipped)
        continue;
      ms = (connected - start) / 1000.0;
      g_array_append_val (ready, ms);
      ms = (g_get_monotonic_time () - connected) / 1000.0;
      g_array_append_val (closing, ms);
    }

  if (!http_bench_meter_stop (bench, &meter, report, "client", bench->repeat, error))
    return FALSE;

  bench_add_int (report, "repeat", bench->repeat);
  bench_add_double (report, "ready_ms", bench_median (ready));
  bench_add_double (report, "close_ms", bench_median (closing));
  return TRUE;
}

/* Many clients at once, each one connected and used while the others are. */
typedef struct
{
  int     pending;
  GError *error;
} Fleet;

static void
fleet_done (Fleet  *fleet,
            GError *error)
{
  if (error != NULL && fleet->error == NULL)
    g_propagate_error (&fleet->error, error);
  else if (error != NULL)
    g_error_free (error);
  fleet->pending--;
}

static void
fleet_connected_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  GError *error = NULL;

  mcp_client_connect_finish (MCP_CLIENT (object), result, &error);
  fleet_done (user_data, error);
}

static void
fleet_called_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(McpToolResult) tool_result = NULL;
  GError *error = NULL;

  tool_result = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);
  fleet_done (user_data, error);
}

static void
fleet_closed_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GError *error = NULL;

  mcp_client_close_finish (MCP_CLIENT (object), result, &error);
  fleet_done (user_data, error);
}

static gboolean
mcp_many (HttpBench    *bench,
          JsonBuilder  *report,
          GError      **error)
{
  int n = bench->connections;
  g_autoptr(McpClient) first = NULL;
  g_autoptr(GPtrArray) clients = g_ptr_array_new_with_free_func (g_object_unref);
  Fleet fleet = { 0, NULL };
  HttpBenchMeter meter;
  gint64 rss_before;
  gint64 rss_after;
  gint64 start;
  double connect_ms;

  /* One client first, so that what every process pays once (types, the
   * worker threads, the pool of the allocator) is not charged to the
   * clients measured. */
  if (!(first = connect_client (bench, error)) ||
      !bench_run_calls (first, bench->echo_text, 1, 1, error) ||
      !close_client (first, error))
    return FALSE;
  g_clear_object (&first);

  rss_before = bench_status_kib ("VmRSS");
  if (!http_bench_meter_start (bench, &meter, error))
    return FALSE;
  start = g_get_monotonic_time ();

  fleet.pending = n;
  for (int i = 0; i < n; i++)
    {
      g_ptr_array_add (clients, new_client (bench));
      mcp_client_connect_async (clients->pdata[i], NULL, fleet_connected_cb, &fleet);
    }
  while (fleet.pending > 0)
    g_main_context_iteration (NULL, TRUE);
  connect_ms = (g_get_monotonic_time () - start) / 1000.0;

  if (fleet.error == NULL)
    {
      fleet.pending = n;
      for (int i = 0; i < n; i++)
        {
          g_autoptr(JsonObject) arguments = bench_echo_arguments (bench->echo_text);

          mcp_client_call_tool_async (clients->pdata[i], "echo", arguments, NULL, NULL,
                                      fleet_called_cb, &fleet);
        }
      while (fleet.pending > 0)
        g_main_context_iteration (NULL, TRUE);
    }

  rss_after = bench_status_kib ("VmRSS");
  if (fleet.error == NULL &&
      !http_bench_meter_stop (bench, &meter, report, "client", n, error))
    return FALSE;

  fleet.pending = n;
  for (int i = 0; i < n; i++)
    mcp_client_close_async (clients->pdata[i], NULL, fleet_closed_cb, &fleet);
  while (fleet.pending > 0)
    g_main_context_iteration (NULL, TRUE);

  if (fleet.error != NULL)
    {
      g_propagate_error (error, fleet.error);
      return FALSE;
    }

  bench_add_int (report, "clients", n);
  bench_add_double (report, "connect_all_ms", connect_ms);
  bench_add_double (report, "kib_per_client", (rss_after - rss_before) / (double) n);
  return TRUE;
}

HttpBenchWorkload
http_bench_mcp_workload (const char *name)
{
  static const struct {
    const char        *name;
    HttpBenchWorkload  run;
  } workloads[] = {
    { "seq", mcp_seq },
    { "inflight", mcp_inflight },
    { "sse", mcp_sse },
    { "blob", mcp_blob },
    { "ready", mcp_ready },
    { "many", mcp_many },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (workloads); i++)
    if (g_str_equal (workloads[i].name, name))
      return workloads[i].run;
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- benchmark HTTP clients");
  g_autoptr(JsonBuilder) report = json_builder_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GUri) uri = NULL;
  HttpBenchWorkload run = NULL;
  HttpBench bench = { 0 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("http-bench: %s\n", error->message);
      return EXIT_FAILURE;
    }
  if (client_name == NULL || workload == NULL || url == NULL)
    {
      g_printerr ("http-bench: --client, --workload and --url are required\n");
      return EXIT_FAILURE;
    }
  if (calls < 1 || warmup < 0 || window < 1 || repeat < 1 || events < 0 || connections < 1 ||
      text_bytes < 1 || blob_bytes < 0)
    {
      g_printerr ("http-bench: the counts must be positive\n");
      return EXIT_FAILURE;
    }
  uri = g_uri_parse (url, G_URI_FLAGS_NONE, &error);
  if (uri == NULL || g_strcmp0 (g_uri_get_scheme (uri), "http") != 0)
    {
      g_printerr ("http-bench: %s is not an http:// URL\n", url);
      return EXIT_FAILURE;
    }

  if (g_str_equal (client_name, "mcp-glib"))
    run = http_bench_mcp_workload (workload);
  else if (g_str_equal (client_name, "libsoup"))
    run = http_bench_libsoup_workload (workload);
  else if (g_str_equal (client_name, "raw"))
    run = http_bench_raw_workload (workload);
  if (run == NULL)
    {
      g_printerr ("http-bench: no workload “%s” for the client “%s”\n", workload,
                  client_name);
      return EXIT_FAILURE;
    }

  bench.url = url;
  bench.host = g_strdup (g_uri_get_host (uri));
  bench.port = g_uri_get_port (uri) > 0 ? g_uri_get_port (uri) : 80;
  bench.path = g_strdup (*g_uri_get_path (uri) != '\0' ? g_uri_get_path (uri) : "/");
  bench.calls = calls;
  bench.warmup = warmup;
  bench.window = window;
  bench.repeat = repeat;
  bench.events = events;
  bench.connections = connections;
  bench.bytes = blob_bytes;
  bench.idempotent = !no_idempotent;
  bench.echo_text = bench_make_text (text_bytes);

  json_builder_begin_object (report);
  bench_add_string (report, "client", client_name);
  bench_add_string (report, "workload", workload);

  if (!run (&bench, report, &error))
    {
      g_printerr ("http-bench: %s %s: %s\n", client_name, workload, error->message);
      return EXIT_FAILURE;
    }
  bench_print (report);

  g_free (bench.echo_text);
  g_free (bench.path);
  g_free (bench.host);
  return EXIT_SUCCESS;
}
