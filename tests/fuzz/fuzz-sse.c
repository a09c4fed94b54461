/* fuzz-sse.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for the server-sent events parser of Streamable HTTP
 * (mcp-sse-parser.c). The first byte of an input picks the maximum event
 * size (low nibble) and how the rest is cut into pieces (high nibble); the
 * rest is the event stream. The stream is parsed twice, whole and in
 * pieces, and the two must give the same events, the same last event id
 * and the same retry delay: the parser may not depend on where the network
 * cut the stream. Without a maximum in reach, the events must be those of
 * the HTML standard's algorithm, written out plainly below; with one, every
 * event handed out fits in it, and the events handed out are those of the
 * standard less the ones that were dropped (as reported).
 */

#include <stdio.h>
#include <string.h>

#include "fuzz-common.h"
#include "mcp-sse-parser-private.h"

static const gsize max_sizes[] = {
  G_MAXSIZE, 1, 2, 3, 5, 8, 16, 17, 64, 100, 4095, 4096, 4097, 65536, G_MAXSIZE / 2, 10,
};

/* Piece sizes; 0 is the whole rest. Cycled through from the selector. */
static const gsize piece_sizes[] = { 0, 1, 2, 3, 7, 64, 1, 4096, 5, 1, 11, 2, 13, 1, 3, 17 };

typedef struct
{
  char    *type;
  /* NULL for an event reported as dropped (too large). */
  GBytes  *data;
} Event;

static void
event_free (gpointer data)
{
  Event *event = data;

  g_free (event->type);
  g_clear_pointer (&event->data, g_bytes_unref);
  g_free (event);
}

static void
on_event (const char *event_type,
          const char *data,
          gsize       data_len,
          gpointer    user_data)
{
  GPtrArray *events = user_data;
  Event *event = g_new0 (Event, 1);

  if (event_type == NULL)
    fuzz_fail ("an event without a type");
  event->type = g_strdup (event_type);
  if (data != NULL)
    event->data = g_bytes_new (data, data_len);
  else if (data_len != 0)
    fuzz_fail ("a dropped event with a length");
  g_ptr_array_add (events, event);
}

typedef struct
{
  GPtrArray *events;
  char      *last_event_id;
  gint64     retry;
  /* The longest line (of the reference). */
  gsize      longest_line;
} Outcome;

static void
outcome_clear (Outcome *outcome)
{
  g_clear_pointer (&outcome->events, g_ptr_array_unref);
  g_clear_pointer (&outcome->last_event_id, g_free);
}

static void
parse (const guint8 *data,
       gsize         size,
       gsize         max_size,
       guint         selector,
       gboolean      whole,
       Outcome      *outcome)
{
  g_autoptr(McpSseParser) parser = NULL;
  const char *last_event_id;
  gsize offset = 0;
  guint piece = selector;

  outcome->events = g_ptr_array_new_with_free_func (event_free);
  parser = _mcp_sse_parser_new (max_size, on_event, outcome->events);

  while (offset < size)
    {
      gsize n = whole ? 0 : piece_sizes[piece++ % G_N_ELEMENTS (piece_sizes)];
      /* A copy of each piece, freed after it was fed: the parser may not
       * keep pointers into the input past the call. */
      g_autofree char *copy = NULL;

      if (n == 0 || n > size - offset)
        n = size - offset;
      copy = g_memdup2 (data + offset, n);
      _mcp_sse_parser_feed (parser, copy, n);
      offset += n;
    }

  last_event_id = _mcp_sse_parser_get_last_event_id (parser);
  outcome->last_event_id = g_strdup (last_event_id);
  outcome->retry = _mcp_sse_parser_get_retry (parser);
}

/* The HTML standard's algorithm, on the whole stream, without a maximum.
 * One deliberate difference: a retry delay of ten digits or more is
 * ignored (it could not be a delay anyone waits). */
static void
reference (const guint8 *data,
           gsize         size,
           Outcome      *outcome)
{
  g_autoptr(GString) type = g_string_new (NULL);
  g_autoptr(GString) buffer = g_string_new (NULL);
  gboolean has_id = FALSE;
  g_autoptr(GString) id = g_string_new (NULL);
  gsize p = 0;

  outcome->events = g_ptr_array_new_with_free_func (event_free);
  outcome->retry = -1;

  if (size >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    p = 3;

  while (p < size)
    {
      gsize end = p;
      const char *line = (const char *) data + p;
      gsize len, field_len, value_len;
      const char *value;
      const char *colon;

      while (end < size && data[end] != '\r' && data[end] != '\n')
        end++;
      if (end == size)
        break;                  /* An unfinished line is never processed. */
      len = end - p;
      outcome->longest_line = MAX (outcome->longest_line, len);
      p = end + 1;
      if (data[end] == '\r' && p < size && data[p] == '\n')
        p++;

      if (len == 0)
        {
          if (buffer->len > 0)
            {
              Event *event = g_new0 (Event, 1);

              event->type = g_strdup (type->len > 0 ? type->str : "message");
              event->data = g_bytes_new (buffer->str, buffer->len - 1);
              g_ptr_array_add (outcome->events, event);
            }
          g_string_truncate (buffer, 0);
          g_string_truncate (type, 0);
          continue;
        }
      if (line[0] == ':')
        continue;

      colon = memchr (line, ':', len);
      if (colon != NULL)
        {
          field_len = colon - line;
          value = colon + 1;
          if (value < line + len && *value == ' ')
            value++;
          value_len = line + len - value;
        }
      else
        {
          field_len = len;
          value = line + len;
          value_len = 0;
        }

#define IS(name) (field_len == strlen (name) && memcmp (line, name, field_len) == 0)
      if (IS ("event"))
        {
          g_string_truncate (type, 0);
          g_string_append_len (type, value, value_len);
        }
      else if (IS ("data"))
        {
          g_string_append_len (buffer, value, value_len);
          g_string_append_c (buffer, '\n');
        }
      else if (IS ("id"))
        {
          if (memchr (value, '\0', value_len) == NULL)
            {
              g_string_truncate (id, 0);
              g_string_append_len (id, value, value_len);
              has_id = TRUE;
            }
        }
      else if (IS ("retry"))
        {
          gboolean digits = value_len > 0 && value_len < 10;

          for (gsize i = 0; digits && i < value_len; i++)
            digits = g_ascii_isdigit (value[i]);
          if (digits)
            outcome->retry = g_ascii_strtoll (value, NULL, 10);
        }
#undef IS
    }

  outcome->last_event_id = has_id ? g_strdup (id->str) : NULL;
}

static gboolean
event_equal (const Event *a,
             const Event *b)
{
  /* The type goes out as a string: compare what a reader sees of it. */
  if (strcmp (a->type, b->type) != 0)
    return FALSE;
  if ((a->data == NULL) != (b->data == NULL))
    return FALSE;
  return a->data == NULL || g_bytes_equal (a->data, b->data);
}

static void
describe (const char *what,
          Outcome    *outcome)
{
  fprintf (stderr, "%s: %u event(s), last id %s, retry %" G_GINT64_FORMAT "\n", what,
           outcome->events->len, outcome->last_event_id ? outcome->last_event_id : "(none)",
           outcome->retry);
  for (guint i = 0; i < outcome->events->len; i++)
    {
      Event *event = outcome->events->pdata[i];
      gsize len = event->data ? g_bytes_get_size (event->data) : 0;

      fprintf (stderr, "  [%s] %s%.*s\n", event->type, event->data ? "" : "(dropped)",
               (int) MIN (len, 80), event->data ? (const char *) g_bytes_get_data (event->data, NULL) : "");
    }
}

static void
check_same (const char *what,
            Outcome    *a,
            Outcome    *b)
{
  gboolean same = a->events->len == b->events->len &&
                  g_strcmp0 (a->last_event_id, b->last_event_id) == 0 &&
                  a->retry == b->retry;

  for (guint i = 0; same && i < a->events->len; i++)
    same = event_equal (a->events->pdata[i], b->events->pdata[i]);

  if (!same)
    {
      describe ("first", a);
      describe ("second", b);
      fuzz_fail ("%s", what);
    }
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  gsize max_size;
  guint selector;
  Outcome whole = { 0 }, pieces = { 0 }, standard = { 0 };
  guint next = 0;

  if (size < 1)
    return 0;

  max_size = max_sizes[data[0] & 0x0f];
  selector = data[0] >> 4;
  data++;
  size--;

  parse (data, size, max_size, selector, TRUE, &whole);
  parse (data, size, max_size, selector, FALSE, &pieces);
  check_same ("the events differ as the stream is cut into pieces", &whole, &pieces);

  reference (data, size, &standard);
  if (max_size >= size)
    check_same ("the events are not those of the standard", &whole, &standard);
  else
    {
      /* A line longer than the maximum is skipped whole, id or retry. */
      if (standard.longest_line + 3 <= max_size &&
          (g_strcmp0 (whole.last_event_id, standard.last_event_id) != 0 ||
           whole.retry != standard.retry))
        {
          describe ("parser", &whole);
          describe ("standard", &standard);
          fuzz_fail ("the last event id or retry is not that of the standard");
        }

      /* What is handed out fits, and is, in order, among the standard's. */
      for (guint i = 0; i < whole.events->len; i++)
        {
          Event *event = whole.events->pdata[i];

          if (event->data == NULL)
            continue;
          if (g_bytes_get_size (event->data) >= max_size)
            fuzz_fail ("an event of %zu bytes passed the maximum of %zu",
                       g_bytes_get_size (event->data), max_size);
          while (next < standard.events->len && !event_equal (standard.events->pdata[next], event))
            next++;
          if (next == standard.events->len)
            {
              describe ("parser", &whole);
              describe ("standard", &standard);
              fuzz_fail ("event %u is not one of the standard's, in order", i);
            }
          next++;
        }
    }

  outcome_clear (&whole);
  outcome_clear (&pieces);
  outcome_clear (&standard);
  return 0;
}
