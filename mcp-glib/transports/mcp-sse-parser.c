/* mcp-sse-parser.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An incremental parser for server-sent events (the text/event-stream
 * format of the HTML standard), as Streamable HTTP uses them: it accepts
 * input in pieces of any size, with CRLF, LF or CR line ends, comments,
 * multi-line data, ids and retry delays, and never holds more than the
 * maximum event size: a larger event is reported as soon as it passes the
 * maximum, then skipped to its end.
 *
 * An event of one data line that the input holds whole, as most are, is
 * handed out from the input itself, without a copy.
 */

#include "config.h"

#include <string.h>

#include "mcp-sse-parser-private.h"

struct _McpSseParser
{
  gsize            max_event_size;
  McpSseEventFunc  func;
  gpointer         user_data;

  /* The start of a line that the input has not ended yet. */
  GString         *line;
  GString         *data;
  /* The event's only data line so far, while it is in the input being
   * fed: copied to @data only if another data line comes, or the input
   * ends before the event does. */
  const char      *pending;
  gsize            pending_len;
  GString         *event_type;
  GString         *last_event_id;
  gint64           retry;

  guint            started : 1;
  /* How many bytes of a byte order mark the stream opened with so far. */
  guint            bom_matched : 2;
  guint            after_cr : 1;
  guint            too_large : 1;
  /* The rest of the line under way is skipped: it made its event too
   * large. */
  guint            skip_line : 1;
  guint            has_event_type : 1;
  guint            has_last_event_id : 1;
};

McpSseParser *
_mcp_sse_parser_new (gsize           max_event_size,
                     McpSseEventFunc func,
                     gpointer        user_data)
{
  McpSseParser *self = g_new0 (McpSseParser, 1);

  self->max_event_size = max_event_size;
  self->func = func;
  self->user_data = user_data;
  self->line = g_string_new (NULL);
  self->data = g_string_new (NULL);
  self->event_type = g_string_new (NULL);
  self->last_event_id = g_string_new (NULL);
  self->retry = -1;

  return self;
}

void
_mcp_sse_parser_free (McpSseParser *self)
{
  g_string_free (self->line, TRUE);
  g_string_free (self->data, TRUE);
  g_string_free (self->event_type, TRUE);
  g_string_free (self->last_event_id, TRUE);
  g_free (self);
}

const char *
_mcp_sse_parser_get_last_event_id (McpSseParser *self)
{
  return self->has_last_event_id ? self->last_event_id->str : NULL;
}

gint64
_mcp_sse_parser_get_retry (McpSseParser *self)
{
  return self->retry;
}

static const char *
event_type (McpSseParser *self)
{
  return self->has_event_type ? self->event_type->str : "message";
}

/* The data line waiting in the input goes to @data, as every other. */
static void
keep_pending (McpSseParser *self)
{
  if (self->pending == NULL)
    return;

  g_string_append_len (self->data, self->pending, self->pending_len);
  g_string_append_c (self->data, '\n');
  self->pending = NULL;
}

/* The event under way is too large: say so once, at once (its end may be
 * far away, or never come), and skip the rest of it. */
static void
drop_event (McpSseParser *self)
{
  self->pending = NULL;
  g_string_truncate (self->data, 0);
  if (self->too_large)
    return;

  self->too_large = TRUE;
  self->func (event_type (self), NULL, 0, self->user_data);
}

static void
dispatch (McpSseParser *self)
{
  if (self->too_large)
    ;
  else if (self->pending != NULL)
    self->func (event_type (self), self->pending, self->pending_len, self->user_data);
  else if (self->data->len > 0)
    {
      /* The last data line's newline is not part of the data. */
      g_string_truncate (self->data, self->data->len - 1);
      self->func (event_type (self), self->data->str, self->data->len, self->user_data);
    }

  self->pending = NULL;
  g_string_truncate (self->data, 0);
  self->has_event_type = FALSE;
  self->too_large = FALSE;
}

static gboolean
is_retry (const char *value,
          gsize       len)
{
  if (len == 0 || len >= 10)
    return FALSE;

  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (value[i]))
      return FALSE;

  return TRUE;
}

static const char BOM[] = "\xEF\xBB\xBF";

#define FIELD_IS(name) (field_len == sizeof (name) - 1 && memcmp (line, name, field_len) == 0)

/* One line, without its end, which need not be NUL-terminated; it stays
 * where it is until the input ends if @in_input. */
static void
process_line (McpSseParser *self,
              const char   *line,
              gsize         len,
              gboolean      in_input)
{
  const char *colon;
  const char *value;
  gsize field_len;
  gsize value_len;

  if (len == 0)
    {
      dispatch (self);
      return;
    }

  if (line[0] == ':')
    return;

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

  if (FIELD_IS ("data"))
    {
      gsize held = self->data->len + (self->pending != NULL ? self->pending_len + 1 : 0);

      if (self->too_large || held + value_len + 1 > self->max_event_size)
        {
          drop_event (self);
          return;
        }
      if (in_input && held == 0)
        {
          self->pending = value;
          self->pending_len = value_len;
          return;
        }
      keep_pending (self);
      g_string_append_len (self->data, value, value_len);
      g_string_append_c (self->data, '\n');
    }
  else if (FIELD_IS ("event"))
    {
      /* Servers often name the default type: nothing to keep then. An
       * empty type is the default too. */
      if (value_len == 0 ||
          (value_len == strlen ("message") && memcmp (value, "message", value_len) == 0))
        self->has_event_type = FALSE;
      else
        {
          g_string_truncate (self->event_type, 0);
          g_string_append_len (self->event_type, value, value_len);
          self->has_event_type = TRUE;
        }
    }
  else if (FIELD_IS ("id"))
    {
      /* The standard ignores an id with NUL. */
      if (memchr (value, '\0', value_len) == NULL)
        {
          g_string_truncate (self->last_event_id, 0);
          g_string_append_len (self->last_event_id, value, value_len);
          self->has_last_event_id = TRUE;
        }
    }
  else if (FIELD_IS ("retry"))
    {
      if (is_retry (value, value_len))
        self->retry = g_ascii_strtoll (value, NULL, 10);
    }
}

/* Where the line that starts at @start ends (its CR or LF), or %NULL. */
static const char *
find_line_end (const char *start,
               const char *limit)
{
  const char *lf = memchr (start, '\n', limit - start);
  const char *cr = memchr (start, '\r', (lf != NULL ? lf : limit) - start);

  return cr != NULL ? cr : lf;
}

void
_mcp_sse_parser_feed (McpSseParser *self,
                      const char   *data,
                      gsize         len)
{
  const char *p = data;
  const char *limit = data + len;

  /* A byte order mark may open the stream, in as many pieces as the
   * network cut it into. Bytes that turn out not to be one are the start of
   * the first line. */
  while (!self->started && p < limit)
    {
      if (*p == BOM[self->bom_matched])
        {
          p++;
          if (++self->bom_matched == 3)
            self->started = TRUE;
        }
      else
        {
          g_string_append_len (self->line, BOM, self->bom_matched);
          self->started = TRUE;
        }
    }

  while (p < limit)
    {
      const char *end;
      gsize n;

      if (self->after_cr)
        {
          self->after_cr = FALSE;
          if (*p == '\n')
            {
              p++;
              continue;
            }
        }

      end = find_line_end (p, limit);
      n = (end != NULL ? end : limit) - p;

      /* A line longer than an event can be is dropped with its event, and
       * not kept meanwhile. */
      if (!self->skip_line && self->line->len + n > self->max_event_size)
        {
          drop_event (self);
          g_string_truncate (self->line, 0);
          self->skip_line = TRUE;
        }

      if (end == NULL)
        {
          if (!self->skip_line)
            g_string_append_len (self->line, p, n);
          break;
        }

      if (self->skip_line)
        self->skip_line = FALSE;
      else if (self->line->len == 0)
        /* The whole line is in this piece of input: no copy. */
        process_line (self, p, n, TRUE);
      else
        {
          g_string_append_len (self->line, p, n);
          process_line (self, self->line->str, self->line->len, FALSE);
          g_string_truncate (self->line, 0);
        }

      self->after_cr = *end == '\r';
      p = end + 1;
    }

  /* The input goes away: what the event has of it is kept. */
  keep_pending (self);
}
