/* http-bench.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the three C clients of the HTTP benchmark share (http-bench.c, with
 * mcp-glib; http-bench-libsoup.c, plain libsoup; http-bench-raw.c, plain
 * sockets): the settings of the run, the requests they all send, byte for
 * byte, and the meter that takes the client's time and CPU and the server's
 * figures around what is measured.
 */

#pragma once

#include <json-glib/json-glib.h>

#include "bench-util.h"

G_BEGIN_DECLS

/* What every client offers in initialize; the server agrees to it. */
#define HTTP_BENCH_PROTOCOL_VERSION "2025-11-25"

/* The settings of one run, from the command line. */
typedef struct
{
  char      *url;
  char      *host;
  int        port;
  char      *path;
  int        calls;
  int        warmup;
  int        window;
  int        repeat;
  int        events;
  int        connections;
  gint64     bytes;
  gboolean   idempotent;
  char      *echo_text;
} HttpBench;

/* The server's figures (GET /stats). */
typedef struct
{
  gint64 accepted;
  gint64 requests;
  gint64 cpu_us;
} HttpBenchStats;

typedef struct
{
  gint64         start_us;
  BenchCpuTime   cpu;
  HttpBenchStats server;
} HttpBenchMeter;

typedef gboolean (*HttpBenchWorkload) (HttpBench    *bench,
                                       JsonBuilder  *report,
                                       GError      **error);

/* The JSON-RPC messages, as every client sends them (mcp-glib's own
 * serialization, with the progress token it always sends). */
char     *http_bench_initialize_body  (void);
char     *http_bench_initialized_body (void);
char     *http_bench_call_body        (const char *tool,
                                       const char *arguments,
                                       gint64      id);

void          http_bench_store_result_cb (GObject        *object,
                                          GAsyncResult   *result,
                                          gpointer        user_data);
GAsyncResult *http_bench_wait_for        (GAsyncResult  **slot);

gboolean  http_bench_server_stats     (HttpBench       *bench,
                                       HttpBenchStats  *stats,
                                       GError         **error);
gboolean  http_bench_meter_start      (HttpBench       *bench,
                                       HttpBenchMeter  *meter,
                                       GError         **error);
gboolean  http_bench_meter_stop       (HttpBench       *bench,
                                       HttpBenchMeter  *meter,
                                       JsonBuilder     *report,
                                       const char      *unit,
                                       double           count,
                                       GError         **error);

/* The workloads of each client; NULL where a client has none. */
HttpBenchWorkload http_bench_mcp_workload     (const char *name);
HttpBenchWorkload http_bench_libsoup_workload (const char *name);
HttpBenchWorkload http_bench_raw_workload     (const char *name);

G_END_DECLS
