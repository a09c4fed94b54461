/* mcp-discarded.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the excerpts of an incoming line that could not be delivered (too
 * large, or not JSON) tell about it, so that the engine can fail the call
 * it answered rather than leave it to its timeout. A transport keeps the
 * first and the last few KiB of such a line; this reads the members of
 * the JSON object that starts the first excerpt, forwards, and of the
 * one that ends the last excerpt, backwards, without parsing more than
 * their top level and without trusting either to be well-formed. That
 * finds the id of a response wherever a serializer put it among the
 * first or the last members, and that of an answer glued to the end of a
 * line of junk (or to its start), which is how servers that print
 * progress without a newline lose their answers.
 */

#include "config.h"

#include <string.h>

#include "mcp-discarded-private.h"

/* What was learned of one object's top-level members. */
typedef struct
{
  /* The excerpt holds the start or the end of a JSON object. */
  gboolean object;
  /* Its start and its end were both seen: all its members were read. */
  gboolean whole;
  gboolean method;
  gboolean id;
  gboolean id_integer;
  gint64   id_value;
} Members;

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static gboolean
is_scalar_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '+' || c == '.';
}

/* @value is %NULL when the excerpt ends inside it. */
static void
note_member (Members    *members,
             const char *key,
             gsize       key_len,
             const char *value,
             gsize       value_len)
{
  if (key_len == 6 && memcmp (key, "method", 6) == 0)
    members->method = TRUE;
  else if (key_len == 2 && memcmp (key, "id", 2) == 0 && !members->id && value != NULL)
    {
      char digits[24];
      gint64 id;

      members->id = TRUE;
      /* Only an integer is one of our ids; the text of a longer one is
       * no integer of 64 bits anyway. */
      if (value_len > 0 && value_len < sizeof digits)
        {
          memcpy (digits, value, value_len);
          digits[value_len] = '\0';
          if ((g_ascii_isdigit (digits[0]) || digits[0] == '-') &&
              strpbrk (digits, ".eE+") == NULL &&
              g_ascii_string_to_signed (digits, 10, G_MININT64, G_MAXINT64, &id, NULL))
            {
              members->id_integer = TRUE;
              members->id_value = id;
            }
        }
    }
}

/* Forwards. Each function takes the index of the first character of what
 * it skips and returns that of the character after it, or -1 if the text
 * ends first. */

static gssize
skip_string (const char *text,
             gssize      i)
{
  for (i++; text[i] != '\0'; i++)
    {
      if (text[i] == '\\')
        {
          if (text[++i] == '\0')
            return -1;
        }
      else if (text[i] == '"')
        return i + 1;
    }

  return -1;
}

static gssize
skip_value (const char *text,
            gssize      i)
{
  gsize depth = 0;

  if (text[i] == '"')
    return skip_string (text, i);

  if (text[i] != '{' && text[i] != '[')
    {
      gssize start = i;

      while (is_scalar_char (text[i]))
        i++;
      /* A number cut by the end of the excerpt may go on. */
      return i > start && text[i] != '\0' ? i : -1;
    }

  do
    {
      switch (text[i])
        {
        case '\0':
          return -1;
        case '"':
          if ((i = skip_string (text, i)) < 0)
            return -1;
          continue;
        case '{':
        case '[':
          depth++;
          break;
        case '}':
        case ']':
          depth--;
          break;
        default:
          break;
        }
      i++;
    }
  while (depth > 0);

  return i;
}

static gssize
skip_space (const char *text,
            gssize      i)
{
  while (is_space (text[i]))
    i++;
  return i;
}

/* Reads the members of the object that starts @text, as far as it goes. */
static void
read_members_forward (const char *text,
                      Members    *members)
{
  gssize i = 0;

  /* RFC 8259 lets a parser skip a byte-order mark before a JSON text. */
  if (g_str_has_prefix (text, "\xEF\xBB\xBF"))
    i = 3;
  i = skip_space (text, i);
  if (text[i] != '{')
    return;

  members->object = TRUE;
  i = skip_space (text, i + 1);

  if (text[i] == '}')
    {
      members->whole = TRUE;
      return;
    }

  for (;;)
    {
      gssize key, key_end, value, value_end;

      if (text[i] != '"' || (key_end = skip_string (text, i)) < 0)
        return;
      key = i + 1;

      i = skip_space (text, key_end);
      if (text[i] != ':')
        return;
      value = skip_space (text, i + 1);
      if ((value_end = skip_value (text, value)) < 0)
        {
          /* The value is cut, but the key says what the object is. */
          note_member (members, text + key, key_end - 1 - key, NULL, 0);
          return;
        }
      note_member (members, text + key, key_end - 1 - key, text + value, value_end - value);

      i = skip_space (text, value_end);
      if (text[i] == '}')
        {
          members->whole = TRUE;
          return;
        }
      if (text[i] != ',')
        return;
      i = skip_space (text, i + 1);
    }
}

/* Backwards. Each function takes the index of the last character of what
 * it skips and returns that of the character before it, or -2 if the text
 * starts first (-1 is a valid answer: the text starts right there). */

/* Whether the quote at @i is escaped: preceded by an odd number of
 * backslashes. */
static gboolean
is_escaped (const char *text,
            gssize      i)
{
  gsize n = 0;

  while (i > 0 && text[--i] == '\\')
    n++;

  return n % 2 == 1;
}

static gssize
skip_string_back (const char *text,
                  gssize      i)
{
  for (i--; i >= 0; i--)
    if (text[i] == '"' && !is_escaped (text, i))
      return i - 1;

  return -2;
}

static gssize
skip_value_back (const char *text,
                 gssize      i)
{
  gsize depth = 0;

  if (text[i] == '"')
    return skip_string_back (text, i);

  if (text[i] != '}' && text[i] != ']')
    {
      gssize end = i;

      while (i >= 0 && is_scalar_char (text[i]))
        i--;
      return i < end && i >= 0 ? i : -2;
    }

  do
    {
      if (i < 0)
        return -2;

      switch (text[i])
        {
        case '"':
          if (is_escaped (text, i) || (i = skip_string_back (text, i)) < -1)
            return -2;
          continue;
        case '}':
        case ']':
          depth++;
          break;
        case '{':
        case '[':
          depth--;
          break;
        default:
          break;
        }
      i--;
    }
  while (depth > 0);

  return i;
}

static gssize
skip_space_back (const char *text,
                 gssize      i)
{
  while (i >= 0 && is_space (text[i]))
    i--;
  return i;
}

/* Reads the members of the object that ends @text, last first, as far as
 * it goes back. */
static void
read_members_backward (const char *text,
                       Members    *members)
{
  gssize i = skip_space_back (text, (gssize) strlen (text) - 1);

  if (i < 0 || text[i] != '}')
    return;

  members->object = TRUE;
  i = skip_space_back (text, i - 1);

  if (i >= 0 && text[i] == '{')
    {
      members->whole = TRUE;
      return;
    }

  while (i >= 0)
    {
      gssize value, value_end = i, key, key_end;

      if ((i = skip_value_back (text, i)) < -1)
        return;
      value = i + 1;

      i = skip_space_back (text, i);
      if (i < 0 || text[i] != ':')
        return;
      key_end = skip_space_back (text, i - 1);
      if (key_end < 0 || text[key_end] != '"' || is_escaped (text, key_end) ||
          (i = skip_string_back (text, key_end)) < -1)
        return;
      key = i + 2;
      note_member (members, text + key, key_end - key, text + value, value_end + 1 - value);

      i = skip_space_back (text, i);
      if (i >= 0 && text[i] == '{')
        {
          members->whole = TRUE;
          return;
        }
      if (i < 0 || text[i] != ',')
        return;
      i = skip_space_back (text, i - 1);
    }
}

static void
merge_members (Members       *into,
               const Members *from)
{
  into->object |= from->object;
  into->method |= from->method;
  if (!into->id && from->id)
    {
      into->id = TRUE;
      into->id_integer = from->id_integer;
      into->id_value = from->id_value;
    }
}

static void
add_object (McpDiscarded  *discarded,
            const Members *members)
{
  if (!members->object || members->method)
    return;

  if (members->id_integer)
    {
      for (guint i = 0; i < discarded->n_ids; i++)
        if (discarded->ids[i] == members->id_value)
          return;
      if (discarded->n_ids < MCP_DISCARDED_MAX_IDS)
        discarded->ids[discarded->n_ids++] = members->id_value;
    }
  /* Read whole without an id, it is no response at all. */
  else if (!members->id && !members->whole)
    discarded->unknown = TRUE;
}

/* Reads @head and @tail, the start and the end of a line that could not be
 * delivered (either may be %NULL, and they may overlap). Requests and
 * notifications (which have a method) and responses with an id that is
 * not an integer are left out: no call of ours waits for them. */
void
_mcp_discarded_examine (const char   *head,
                        const char   *tail,
                        McpDiscarded *discarded)
{
  Members first = { 0 };
  Members last = { 0 };

  memset (discarded, 0, sizeof *discarded);

  if (head != NULL)
    read_members_forward (head, &first);
  if (tail != NULL)
    read_members_backward (tail, &last);

  /* One object from the start of the line to its end (the usual message
   * too large), or two: one at the start and one glued to the end. */
  if (!first.whole && !last.whole)
    {
      merge_members (&first, &last);
      add_object (discarded, &first);
      return;
    }

  add_object (discarded, &first);
  add_object (discarded, &last);
}
