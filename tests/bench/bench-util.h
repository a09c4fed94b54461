/* bench-util.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the C benchmark clients share (README.md beside this file): the
 * measurements (the monotonic clock, the process's CPU time, its memory
 * from /proc/self/status), medians, the echoed text, the loop of echo
 * calls, and the report, one JSON object per run with fields that
 * run-bench.py and run-bench-http.py read.
 */

#pragma once

#include <json-glib/json-glib.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

/* Repeated to the requested length; plain ASCII, so that its size on the
 * wire is its size in memory. */
#define BENCH_TEXT_PATTERN "The quick brown fox jumps over the lazy dog. "

typedef struct
{
  double user;
  double sys;
} BenchCpuTime;

char         *bench_make_text  (gsize size);
double        bench_elapsed_s  (gint64 start_us);
BenchCpuTime  bench_cpu_now    (void);
gint64        bench_status_kib (const char *field);
void          bench_reset_peak (void);
double        bench_median     (GArray *values);

void          bench_add_int    (JsonBuilder *report,
                                const char  *name,
                                gint64       value);
void          bench_add_double (JsonBuilder *report,
                                const char  *name,
                                double       value);
void          bench_add_string (JsonBuilder *report,
                                const char  *name,
                                const char  *value);
void          bench_add_cpu    (JsonBuilder  *report,
                                const char   *unit,
                                BenchCpuTime  before,
                                BenchCpuTime  after,
                                double        count);
void          bench_print      (JsonBuilder *report);

JsonObject   *bench_echo_arguments (const char    *text);
const char   *bench_result_text    (McpToolResult *result);
gboolean      bench_run_calls      (McpClient     *client,
                                    const char    *text,
                                    int            n,
                                    int            in_flight,
                                    GError       **error);

G_END_DECLS
