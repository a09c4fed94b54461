/* test-sse-parser.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The event stream parser of McpHttpTransport (mcp-glib/transports/mcp-sse-parser.c,
 * private, linked in directly): the format of the HTML standard with its
 * three line ends, comments, fields with and without values, multi-line
 * data, ids and retry delays; the same events however the input is cut;
 * and an event larger than the maximum, reported once, as soon as it
 * passes it, and skipped without being kept.
 */

#include <string.h>

#include <glib.h>

#include "mcp-sse-parser-private.h"

typedef struct
{
  GPtrArray    *events;     /* "type|data", or "type|TOO LARGE" */
  McpSseParser *parser;
} Recorder;

static void
on_event (const char *event_type,
          const char *data,
          gsize       len,
          gpointer    user_data)
{
  Recorder *recorder = user_data;

  if (data == NULL)
    g_ptr_array_add (recorder->events, g_strdup_printf ("%s|TOO LARGE", event_type));
  else
    {
      /* The data is exactly @len bytes long, without a NUL (nor a
       * guarantee of one after it). */
      g_assert_null (memchr (data, '\0', len));
      g_ptr_array_add (recorder->events, g_strdup_printf ("%s|%.*s", event_type, (int) len, data));
    }
}

static Recorder *
recorder_new (gsize max_event_size)
{
  Recorder *recorder = g_new0 (Recorder, 1);

  recorder->events = g_ptr_array_new_with_free_func (g_free);
  recorder->parser = _mcp_sse_parser_new (max_event_size, on_event, recorder);

  return recorder;
}

static void
recorder_free (Recorder *recorder)
{
  _mcp_sse_parser_free (recorder->parser);
  g_ptr_array_unref (recorder->events);
  g_free (recorder);
}

static char *
recorder_dump (Recorder *recorder)
{
  g_ptr_array_add (recorder->events, NULL);
  g_ptr_array_set_size (recorder->events, recorder->events->len - 1);

  return g_strjoinv ("\n", (char **) recorder->events->pdata);
}

static void
feed (Recorder   *recorder,
      const char *input)
{
  _mcp_sse_parser_feed (recorder->parser, input, strlen (input));
}

/* Feeds a copy of @len bytes of @input, which is overwritten once fed:
 * the parser must keep nothing of it but what it copied. */
static void
feed_copy (Recorder   *recorder,
           const char *input,
           gsize       len)
{
  g_autofree char *copy = g_malloc (MAX (len, 1));

  memcpy (copy, input, len);
  _mcp_sse_parser_feed (recorder->parser, copy, len);
  memset (copy, 'X', len);
}

/* The events of @input, fed whole, then cut at every place in two, then
 * byte by byte: all the same. */
static char *
parse_every_way (const char *input,
                 gsize       len,
                 gsize       max_event_size)
{
  Recorder *recorder = recorder_new (max_event_size);
  char *whole;

  _mcp_sse_parser_feed (recorder->parser, input, len);
  whole = recorder_dump (recorder);
  recorder_free (recorder);

  for (gsize cut = 0; cut <= len; cut++)
    {
      g_autofree char *dump = NULL;

      recorder = recorder_new (max_event_size);
      feed_copy (recorder, input, cut);
      feed_copy (recorder, input + cut, len - cut);
      dump = recorder_dump (recorder);
      g_assert_cmpstr (dump, ==, whole);
      recorder_free (recorder);
    }

  recorder = recorder_new (max_event_size);
  for (gsize i = 0; i < len; i++)
    feed_copy (recorder, input + i, 1);
  {
    g_autofree char *dump = recorder_dump (recorder);

    g_assert_cmpstr (dump, ==, whole);
  }
  recorder_free (recorder);

  return whole;
}

static void
test_events (void)
{
  static const char input[] =
    "\xEF\xBB\xBF: a comment before anything\n"
    "data: one\n"
    "\n"
    "event: ping\r\n"
    "data:two\r\n"
    "data:  three, with a space kept\r\n"
    "\r\n"
    "data\r"
    "\r"
    "unknown: field\n"
    "data: after an unknown field\n"
    "this line has no colon\n"
    "\n"
    "event: nothing\n"
    "\n"
    "data: {\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n"
    "\n";
  g_autofree char *events = parse_every_way (input, sizeof input - 1, 1024);

  /* A data field without a value makes an event with empty data (which
   * the transport ignores); an event without data makes none. */
  g_assert_cmpstr (events, ==,
                   "message|one\n"
                   "ping|two\n three, with a space kept\n"
                   "message|\n"
                   "message|after an unknown field\n"
                   "message|{\"jsonrpc\":\"2.0\",\"method\":\"x\"}");
}

/* A byte order mark opens the stream, however the network cuts it: the
 * first event is not lost to a field named by a piece of the mark. Bytes
 * that only start like a mark are part of the first line, and a mark
 * later on is not one. */
static void
test_byte_order_mark (void)
{
  static const char marked[] = "\xEF\xBB\xBF" "data: x\n\n\xEF\xBB\xBF" "data: y\n\ndata: z\n\n";
  static const char half[] = "\xEF\xBB" "data: x\n\ndata: y\n\n";
  static const char one[] = "\xEF\n\ndata: x\n\n";
  g_autofree char *events = parse_every_way (marked, sizeof marked - 1, 1024);
  g_autofree char *half_events = parse_every_way (half, sizeof half - 1, 1024);
  g_autofree char *one_events = parse_every_way (one, sizeof one - 1, 1024);

  g_assert_cmpstr (events, ==, "message|x\nmessage|z");
  g_assert_cmpstr (half_events, ==, "message|y");
  g_assert_cmpstr (one_events, ==, "message|x");
}

/* An empty event type is the default one, as the standard says. */
static void
test_empty_type (void)
{
  static const char input[] = "event: ping\nevent:\ndata: x\n\nevent\ndata: y\n\n";
  g_autofree char *events = parse_every_way (input, sizeof input - 1, 1024);

  g_assert_cmpstr (events, ==, "message|x\nmessage|y");
}

/* The last id and the retry delay, which outlive their events. */
static void
test_fields (void)
{
  static const char with_nul[] = "id: a\0b\ndata: x\n\n";
  Recorder *recorder = recorder_new (1024);

  g_assert_null (_mcp_sse_parser_get_last_event_id (recorder->parser));
  g_assert_cmpint (_mcp_sse_parser_get_retry (recorder->parser), ==, -1);

  /* A priming event. */
  feed (recorder, "id: ev-1\nretry: 300\ndata:\n\n");
  g_assert_cmpstr (_mcp_sse_parser_get_last_event_id (recorder->parser), ==, "ev-1");
  g_assert_cmpint (_mcp_sse_parser_get_retry (recorder->parser), ==, 300);

  /* Retry delays that are not one are ignored. */
  feed (recorder, "retry: soon\nretry: -5\nretry: 12345678901\nretry:\n\n");
  g_assert_cmpint (_mcp_sse_parser_get_retry (recorder->parser), ==, 300);

  /* An id with NUL is ignored; an empty one is empty. */
  _mcp_sse_parser_feed (recorder->parser, with_nul, sizeof with_nul - 1);
  g_assert_cmpstr (_mcp_sse_parser_get_last_event_id (recorder->parser), ==, "ev-1");
  feed (recorder, "id\ndata: y\n\n");
  g_assert_cmpstr (_mcp_sse_parser_get_last_event_id (recorder->parser), ==, "");

  recorder_free (recorder);
}

/* An event over the maximum is reported when its data passes it, before
 * the event ends, once; the next event is fine. Likewise a line longer
 * than an event can be, before the line ends. */
static void
test_too_large (void)
{
  Recorder *recorder = recorder_new (16);
  g_autofree char *events = NULL;

  feed (recorder, "event: big\ndata: 0123456789\ndata: 0123");
  g_assert_cmpuint (recorder->events->len, ==, 0);
  feed (recorder, "456789\n");
  g_assert_cmpuint (recorder->events->len, ==, 1);
  feed (recorder, "data: more\ndata: and more\n\ndata: small\n\n");

  feed (recorder, "data: a line that never seems to end");
  g_assert_cmpuint (recorder->events->len, ==, 3);
  feed (recorder, " and does not\n\ndata: fine\n\n");

  events = recorder_dump (recorder);
  g_assert_cmpstr (events, ==,
                   "big|TOO LARGE\n"
                   "message|small\n"
                   "message|TOO LARGE\n"
                   "message|fine");
  recorder_free (recorder);
}

/* The same, however the input is cut. */
static void
test_too_large_every_way (void)
{
  static const char input[] =
    "data: 0123456789\r\ndata: 0123456789\r\n\r\n"
    ": a comment that is much too long to be kept whole\n"
    "data: ok\n\n"
    "data: 01234567890123456789\r\r"
    "data: end\r\r";
  g_autofree char *events = parse_every_way (input, sizeof input - 1, 16);

  g_assert_cmpstr (events, ==,
                   "message|TOO LARGE\n"
                   "message|TOO LARGE\n"
                   "message|TOO LARGE\n"
                   "message|end");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/SseParser/events", test_events);
  g_test_add_func ("/Mcp/SseParser/byte-order-mark", test_byte_order_mark);
  g_test_add_func ("/Mcp/SseParser/empty-type", test_empty_type);
  g_test_add_func ("/Mcp/SseParser/fields", test_fields);
  g_test_add_func ("/Mcp/SseParser/too-large", test_too_large);
  g_test_add_func ("/Mcp/SseParser/too-large-every-way", test_too_large_every_way);

  return g_test_run ();
}
