/* bench-server-util.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the benchmark's servers (bench-echo-server.c, bench-http-server.c)
 * share, in plain C with no library: a growing buffer, the text of a blob,
 * and a JSON scanner that finds members by name at any position and skips
 * the values it does not need, without decoding anything, so that the
 * servers stay cheap beside the clients they measure. The scanner only has
 * to be right for the compact messages real clients send, but it never
 * reads past the end of its input.
 */

#pragma once

#include <stddef.h>

/* Nobody needs a blob larger than this to measure a client. */
#define BENCH_MAX_BLOB (256u * 1024 * 1024)

typedef struct
{
  char   *data;
  size_t  len;
  size_t  size;
} Buffer;

typedef struct
{
  const char *start;
  const char *end;
} Span;

void       *bench_xrealloc           (void       *data,
                                      size_t      size);
void        bench_buffer_reserve     (Buffer     *buffer,
                                      size_t      extra);
void        bench_buffer_append      (Buffer     *buffer,
                                      const char *data,
                                      size_t      len);
void        bench_buffer_free        (Buffer     *buffer);

const char *bench_blob               (size_t      n);

const char *bench_scan_skip_ws       (const char *p,
                                      const char *end);
int         bench_scan_member        (Span        object,
                                      const char *key,
                                      Span       *value);
int         bench_scan_string_equals (Span        span,
                                      const char *str);
int         bench_scan_size          (Span        number,
                                      size_t      max,
                                      size_t     *value);
