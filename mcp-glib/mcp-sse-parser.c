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
 */

#include "config.h"

#include <string.h>

#include "mcp-sse-parser-private.h"

struct _McpSseParser
{
  gsize            max_event_size;
  McpSseEventFunc  func;
  gpointer         user_data;

  GString         *line;
  GString         *data;
  char            *event_type;
  char            *last_event_id;
  gint64           retry;

  guint            started : 1;
  guint            after_cr : 1;
  guint            too_large : 1;
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
  self->retry = -1;

  return self;
}

void
_mcp_sse_parser_free (McpSseParser *self)
{
  g_string_free (self->line, TRUE);
  g_string_free (self->data, TRUE);
  g_free (self->event_type);
  g_free (self->last_event_id);
  g_free (self);
}

const char *
_mcp_sse_parser_get_last_event_id (McpSseParser *self)
{
  return self->last_event_id;
}

gint64
_mcp_sse_parser_get_retry (McpSseParser *self)
{
  return self->retry;
}

static const char *
event_type (McpSseParser *self)
{
  return self->event_type != NULL ? self->event_type : "message";
}

/* The event under way is too large: say so once, at once (its end may be
 * far away, or never come), and skip the rest of it. */
static void
drop_event (McpSseParser *self)
{
  g_string_truncate (self->data, 0);
  if (self->too_large)
    return;

  self->too_large = TRUE;
  self->func (event_type (self), NULL, 0, self->user_data);
}

static void
dispatch (McpSseParser *self)
{
  if (!self->too_large && self->data->len > 0)
    {
      /* The last data line's newline is not part of the data. */
      g_string_truncate (self->data, self->data->len - 1);
      self->func (event_type (self), self->data->str, self->data->len, self->user_data);
    }

  g_string_truncate (self->data, 0);
  g_clear_pointer (&self->event_type, g_free);
  self->too_large = FALSE;
}

static gboolean
all_digits (const char *value)
{
  if (*value == '\0')
    return FALSE;

  for (; *value != '\0'; value++)
    if (!g_ascii_isdigit (*value))
      return FALSE;

  return TRUE;
}

static void
process_line (McpSseParser *self)
{
  char *line = self->line->str;
  char *value;

  if (self->line->len == 0)
    {
      dispatch (self);
      return;
    }

  if (line[0] == ':')
    return;

  value = strchr (line, ':');
  if (value != NULL)
    {
      *value++ = '\0';
      if (*value == ' ')
        value++;
    }
  else
    value = line + self->line->len;

  if (strcmp (line, "data") == 0)
    {
      gsize len = strlen (value);

      if (self->too_large || self->data->len + len + 1 > self->max_event_size)
        {
          drop_event (self);
          return;
        }
      g_string_append_len (self->data, value, len);
      g_string_append_c (self->data, '\n');
    }
  else if (strcmp (line, "event") == 0)
    {
      g_free (self->event_type);
      self->event_type = g_strdup (value);
    }
  else if (strcmp (line, "id") == 0)
    {
      /* An id with NUL would be cut anyway; the standard ignores it. */
      if (strlen (value) == (gsize) (self->line->str + self->line->len - value))
        {
          g_free (self->last_event_id);
          self->last_event_id = g_strdup (value);
        }
    }
  else if (strcmp (line, "retry") == 0)
    {
      if (all_digits (value) && strlen (value) < 10)
        self->retry = g_ascii_strtoll (value, NULL, 10);
    }
}

void
_mcp_sse_parser_feed (McpSseParser *self,
                      const char   *data,
                      gsize         len)
{
  gsize i = 0;

  /* A byte order mark may open the stream. */
  if (!self->started && len > 0)
    {
      self->started = TRUE;
      if (len >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    }

  while (i < len)
    {
      const char *start = data + i;
      const char *end = start;
      const char *limit = data + len;

      if (self->after_cr)
        {
          self->after_cr = FALSE;
          if (*start == '\n')
            {
              i++;
              continue;
            }
        }

      while (end < limit && *end != '\n' && *end != '\r')
        end++;

      /* A line longer than an event can be is dropped with its event. */
      if (self->line->len + (end - start) > self->max_event_size)
        {
          drop_event (self);
          g_string_truncate (self->line, 0);
          g_string_append (self->line, "data:");
        }
      else if (!(self->line->len == 5 && self->too_large &&
                 strcmp (self->line->str, "data:") == 0))
        g_string_append_len (self->line, start, end - start);

      i += end - start;
      if (end == limit)
        break;

      self->after_cr = *end == '\r';
      i++;
      process_line (self);
      g_string_truncate (self->line, 0);
    }
}
