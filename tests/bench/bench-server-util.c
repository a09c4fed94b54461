/* bench-server-util.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the benchmark's servers share: see bench-server-util.h. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-server-util.h"

static char *blob_text;
static size_t blob_text_len;

void *
bench_xrealloc (void   *data,
                size_t  size)
{
  void *p = realloc (data, size);

  if (p == NULL)
    {
      fputs ("bench server: out of memory\n", stderr);
      exit (EXIT_FAILURE);
    }
  return p;
}

void
bench_buffer_reserve (Buffer *buffer,
                      size_t  extra)
{
  size_t size = buffer->size > 0 ? buffer->size : 4096;

  if (buffer->len + extra <= buffer->size)
    return;

  while (size < buffer->len + extra)
    size *= 2;
  buffer->data = bench_xrealloc (buffer->data, size);
  buffer->size = size;
}

void
bench_buffer_append (Buffer     *buffer,
                     const char *data,
                     size_t      len)
{
  bench_buffer_reserve (buffer, len);
  memcpy (buffer->data + buffer->len, data, len);
  buffer->len += len;
}

void
bench_buffer_free (Buffer *buffer)
{
  free (buffer->data);
  *buffer = (Buffer) { NULL, 0, 0 };
}

/* A text of @n bytes (at most BENCH_MAX_BLOB), made once and kept: printable
 * ASCII that JSON does not escape, so that the text is as many bytes on the
 * wire as once decoded; the alphabet, then copies of what is there,
 * doubling. A server makes the largest it will need when it starts, so that
 * filling (and faulting in) its pages is not timed as part of a call. */
const char *
bench_blob (size_t n)
{
  size_t filled = 26;

  if (n <= blob_text_len)
    return blob_text;

  blob_text = bench_xrealloc (blob_text, n < filled ? filled : n);
  memcpy (blob_text, "abcdefghijklmnopqrstuvwxyz", filled);
  while (filled < n)
    {
      size_t copy = filled < n - filled ? filled : n - filled;

      memcpy (blob_text + filled, blob_text, copy);
      filled += copy;
    }
  blob_text_len = n;
  return blob_text;
}

const char *
bench_scan_skip_ws (const char *p,
                    const char *end)
{
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
    p++;
  return p;
}

/* @p is on the opening quote; returns the position after the closing one. */
static const char *
skip_string (const char *p,
             const char *end)
{
  for (p++; p < end; p++)
    {
      if (*p == '\\')
        p++;
      else if (*p == '"')
        return p + 1;
    }
  return NULL;
}

static const char *
skip_value (const char *p,
            const char *end)
{
  if (p >= end)
    return NULL;

  if (*p == '"')
    return skip_string (p, end);

  if (*p == '{' || *p == '[')
    {
      int depth = 0;

      while (p < end)
        {
          if (*p == '"')
            {
              if ((p = skip_string (p, end)) == NULL)
                return NULL;
              continue;
            }
          if (*p == '{' || *p == '[')
            depth++;
          else if ((*p == '}' || *p == ']') && --depth == 0)
            return p + 1;
          p++;
        }
      return NULL;
    }

  /* A number, true, false or null. */
  {
    const char *start = p;

    while (p < end && strchr (",}] \t\r\n", *p) == NULL)
      p++;
    return p > start ? p : NULL;
  }
}

/* Finds @key among the members of the object @object (whose span starts
 * on its brace). Keys are compared as they are written, which is enough
 * for the plain names MCP uses. */
int
bench_scan_member (Span        object,
                   const char *key,
                   Span       *value)
{
  const char *p = object.start;
  const char *end = object.end;
  size_t key_len = strlen (key);

  if (p >= end || *p != '{')
    return 0;

  p = bench_scan_skip_ws (p + 1, end);
  while (p < end && *p == '"')
    {
      const char *name = p + 1;
      const char *name_end = skip_string (p, end);
      int match;

      if (name_end == NULL)
        return 0;
      match = (size_t) (name_end - 1 - name) == key_len && memcmp (name, key, key_len) == 0;

      p = bench_scan_skip_ws (name_end, end);
      if (p >= end || *p != ':')
        return 0;
      p = bench_scan_skip_ws (p + 1, end);

      value->start = p;
      if ((value->end = skip_value (p, end)) == NULL)
        return 0;
      if (match)
        return 1;

      p = bench_scan_skip_ws (value->end, end);
      if (p >= end || *p != ',')
        return 0;
      p = bench_scan_skip_ws (p + 1, end);
    }

  return 0;
}

int
bench_scan_string_equals (Span        span,
                          const char *str)
{
  size_t len = strlen (str);

  return (size_t) (span.end - span.start) == len + 2 && span.start[0] == '"' &&
         memcmp (span.start + 1, str, len) == 0;
}

/* Reads a JSON number that is a non-negative integer of at most @max. */
int
bench_scan_size (Span    number,
                 size_t  max,
                 size_t *value)
{
  char text[32];
  unsigned long long n;
  char *end;

  if (number.end - number.start <= 0 || (size_t) (number.end - number.start) >= sizeof text ||
      *number.start < '0' || *number.start > '9')
    return 0;

  memcpy (text, number.start, (size_t) (number.end - number.start));
  text[number.end - number.start] = '\0';
  errno = 0;
  n = strtoull (text, &end, 10);
  if (errno != 0 || *end != '\0' || n > max)
    return 0;

  *value = (size_t) n;
  return 1;
}
