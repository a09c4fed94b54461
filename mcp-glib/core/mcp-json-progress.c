/* mcp-json-progress.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A call can have thousands of progress notifications, and all the engine
 * does with one is restart the call's timeout and tell the application: a
 * tree for each (an object, with a hash table, per level, a node per
 * value) costs more than everything else that happens to it. This reads a
 * notification of the usual shape straight into a struct, and refuses
 * anything else, which then takes the general way: members other than
 * "jsonrpc", "method" and "params" (at the top) or "progressToken",
 * "progress", "total" and "message" (in the params), a token that is not
 * an integer, a value of an unexpected type, any JSON error. What it
 * accepts, the general way reads to the same values: the same rules for
 * strings and numbers, and the last of repeated members wins. Anything
 * else stops it at the first member that tells, so a message of another
 * kind costs it a few bytes of reading. The strings and numbers are read
 * by the reader's own lexical layer (mcp-json-reader.c).
 */

#include "config.h"

#include <string.h>

#include "mcp-json-reader-private.h"

#define PROGRESS_METHOD "notifications/progress"

/* A string read: in the input itself when it holds it as it is (plain
 * ASCII, no escape), else decoded into the buffer. Never a NUL inside. */
typedef struct
{
  const char *str;
  gsize       len;
} Text;

static gboolean
read_text (McpJsonBuffer  *buffer,
           const char     *data,
           const char    **pp,
           const char     *end,
           Text           *text)
{
  const char *p = *pp;
  const char *run_end;
  gboolean high;

  if (p == end || *p != '"')
    return FALSE;

  run_end = _mcp_json_scan_plain (p + 1, end, &high);
  if (run_end < end && *run_end == '"' && !high)
    {
      text->str = p + 1;
      text->len = run_end - (p + 1);
      *pp = run_end + 1;
      return TRUE;
    }

  if (!_mcp_json_read_string (buffer, data, pp, end, NULL))
    return FALSE;
  text->str = buffer->str;
  text->len = buffer->len;
  return TRUE;
}

static gboolean
text_equals (const Text *text,
             const char *literal)
{
  gsize len = strlen (literal);

  return text->len == len && memcmp (text->str, literal, len) == 0;
}

/* Reads the name of a member, whose opening quote is at *@pp, and the
 * colon after it, moving *@pp to the value. */
static gboolean
read_member_name (McpJsonBuffer  *buffer,
                  const char     *data,
                  const char    **pp,
                  const char     *end,
                  Text           *name)
{
  const char *p = *pp;

  if (!read_text (buffer, data, &p, end, name))
    return FALSE;
  p = _mcp_json_skip_space (p, end);
  if (p == end || *p != ':')
    return FALSE;
  p = _mcp_json_skip_space (p + 1, end);
  if (p == end)
    return FALSE;

  *pp = p;
  return TRUE;
}

/* After a member's value: moves *@pp past the comma to the next member's
 * name (returning %TRUE), or past the closing brace (setting *@closed). */
static gboolean
next_member (const char **pp,
             const char  *end,
             gboolean    *closed)
{
  const char *p = _mcp_json_skip_space (*pp, end);

  if (p == end)
    return FALSE;
  if (*p == '}')
    {
      *pp = p + 1;
      *closed = TRUE;
      return TRUE;
    }
  if (*p != ',')
    return FALSE;

  *pp = _mcp_json_skip_space (p + 1, end);
  *closed = FALSE;
  return TRUE;
}

static gboolean
read_progress_params (McpJsonBuffer    *buffer,
                      const char       *data,
                      const char      **pp,
                      const char       *end,
                      McpJsonProgress  *progress)
{
  const char *p = _mcp_json_skip_space (*pp + 1, end);
  gboolean closed = FALSE;

  if (p < end && *p == '}')
    {
      *pp = p + 1;
      return TRUE;
    }

  while (!closed)
    {
      gboolean integer;
      gint64 ivalue;
      double dvalue;
      Text name;

      if (!read_member_name (buffer, data, &p, end, &name))
        return FALSE;

      if (text_equals (&name, "message"))
        {
          Text message;

          if (!read_text (buffer, data, &p, end, &message))
            return FALSE;
          g_free (progress->message);
          progress->message = g_strndup (message.str, message.len);
        }
      else
        {
          enum { TOKEN, PROGRESS, TOTAL } which;

          if (text_equals (&name, "progressToken"))
            which = TOKEN;
          else if (text_equals (&name, "progress"))
            which = PROGRESS;
          else if (text_equals (&name, "total"))
            which = TOTAL;
          else
            return FALSE;

          if (*p != '-' && !g_ascii_isdigit (*p))
            return FALSE;
          if (!_mcp_json_read_number (buffer, data, &p, end, &integer, &ivalue, &dvalue, NULL))
            return FALSE;

          switch (which)
            {
            case TOKEN:
              if (!integer)
                return FALSE;
              progress->token = ivalue;
              progress->has_token = TRUE;
              break;
            case PROGRESS:
              progress->progress = integer ? (double) ivalue : dvalue;
              progress->has_progress = TRUE;
              break;
            case TOTAL:
            default:
              progress->total = integer ? (double) ivalue : dvalue;
              progress->has_total = TRUE;
              break;
            }
        }

      if (!next_member (&p, end, &closed))
        return FALSE;
    }

  *pp = p;
  return TRUE;
}

/* Reads @data if it is a progress notification of the usual shape (see
 * above), into @progress, which _mcp_json_progress_clear () frees. */
gboolean
_mcp_json_read_progress (const char      *data,
                         gsize            len,
                         McpJsonProgress *progress)
{
  const char *p = data;
  const char *end = data + len;
  gboolean is_progress = FALSE;
  gboolean has_params = FALSE;
  gboolean closed = FALSE;
  gboolean ok = FALSE;
  McpJsonBuffer buffer;

  memset (progress, 0, sizeof *progress);

  p = _mcp_json_skip_space (p, end);
  if (p == end || *p != '{')
    return FALSE;
  p = _mcp_json_skip_space (p + 1, end);

  _mcp_json_buffer_init (&buffer);

  while (!closed)
    {
      Text name;
      Text value;

      if (!read_member_name (&buffer, data, &p, end, &name))
        goto out;

      if (text_equals (&name, "jsonrpc"))
        {
          if (!read_text (&buffer, data, &p, end, &value))
            goto out;
        }
      else if (text_equals (&name, "method"))
        {
          if (!read_text (&buffer, data, &p, end, &value) ||
              !text_equals (&value, PROGRESS_METHOD))
            goto out;
          is_progress = TRUE;
        }
      else if (text_equals (&name, "params"))
        {
          /* The last params wins, with nothing of the ones before. */
          g_clear_pointer (&progress->message, g_free);
          memset (progress, 0, sizeof *progress);
          if (*p != '{' || !read_progress_params (&buffer, data, &p, end, progress))
            goto out;
          has_params = TRUE;
        }
      else
        goto out;

      if (!next_member (&p, end, &closed))
        goto out;
    }

  ok = _mcp_json_skip_space (p, end) == end && is_progress && has_params &&
       progress->has_token && progress->has_progress;

out:
  _mcp_json_buffer_clear (&buffer);
  if (!ok)
    _mcp_json_progress_clear (progress);

  return ok;
}

void
_mcp_json_progress_clear (McpJsonProgress *progress)
{
  g_clear_pointer (&progress->message, g_free);
}
