/* mcp-json.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Small JSON helpers shared by the layers. json-glib's getters warn (and
 * abort under G_DEBUG=fatal-warnings) when a member has an unexpected type;
 * everything that reads a peer's JSON goes through these tolerant accessors
 * instead, since the peer decides what the types are.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "mcp-json-private.h"

/* Whitespace only: not a message, and not an error either. */
gboolean
_mcp_json_text_is_blank (const char *data,
                         gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isspace (data[i]))
      return FALSE;

  return TRUE;
}

static gboolean
is_json_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The value of the four hex digits at @p, or -1. */
static int
hex4 (const char *p,
      const char *end)
{
  int value = 0;

  if (end - p < 4)
    return -1;

  for (int i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (p[i]);

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }

  return value;
}

/* Skips the rest of a string, from just after its opening quote: returns
 * where it ends (after its closing quote, or @end if it has none, for the
 * parser to report), or %NULL if it has an escape json-glib 1.6 mishandles:
 * a broken one makes its scanner leak the string, and a lone UTF-16
 * surrogate is decoded to bytes that are not UTF-8. */
static const char *
skip_string (const char *p,
             const char *end)
{
  /* Strings hold most of the bytes of a large message: jump from quote to
   * quote with memchr (), looking only at the backslashes in between. */
  const char *quote = memchr (p, '"', end - p);

  for (;;)
    {
      const char *stop = quote != NULL ? quote : end;
      const char *backslash = memchr (p, '\\', stop - p);
      int unit;

      if (backslash == NULL)
        return quote != NULL ? quote + 1 : end;

      p = backslash + 1;
      if (p == end)
        return NULL;

      if (*p == 'u')
        {
          if ((unit = hex4 (p + 1, end)) < 0 || (unit >= 0xDC00 && unit <= 0xDFFF))
            return NULL;
          p += 5;

          /* A high surrogate only comes with a low one. */
          if (unit >= 0xD800 && unit <= 0xDBFF)
            {
              if (end - p < 6 || p[0] != '\\' || p[1] != 'u' ||
                  (unit = hex4 (p + 2, end)) < 0xDC00 || unit > 0xDFFF)
                return NULL;
              p += 6;
            }
        }
      else if (memchr ("\"\\/bfnrt", *p, 8) != NULL)
        p++;
      else
        return NULL;

      /* An escaped quote does not end the string. */
      if (quote != NULL && quote < p)
        quote = memchr (p, '"', end - p);
    }
}

/* Checks in one pass what json-glib 1.6 must not see: the text must be one
 * object or array with only whitespace around it (json-glib goes on
 * parsing values after the first, returns the first and leaks the others),
 * nested at most @max_depth levels (its parser recurses once per level),
 * with valid escapes only (see skip_string ()). Anything else that is
 * wrong, the parser reports. */
gboolean
_mcp_json_check_text (const char  *data,
                      gsize        len,
                      guint        max_depth,
                      GError     **error)
{
  const char *p = data;
  const char *end = data + len;
  guint depth = 0;

  while (p < end && is_json_space (*p))
    p++;
  if (p == end || (*p != '{' && *p != '['))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The message is neither a JSON object nor an array"));
      return FALSE;
    }

  while (p < end)
    {
      char c = *p++;

      if (c == '"')
        {
          if ((p = skip_string (p, end)) == NULL)
            {
              g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                   _("The message has an invalid escape sequence"));
              return FALSE;
            }
        }
      else if (c == '{' || c == '[')
        {
          if (++depth > max_depth)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The message is nested more than %u levels deep"), max_depth);
              return FALSE;
            }
        }
      else if ((c == '}' || c == ']') && --depth == 0)
        break;
    }

  /* An unterminated text is the parser's to report. */
  while (p < end)
    if (!is_json_space (*p++))
      {
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                             _("The message goes on after its end"));
        return FALSE;
      }

  return TRUE;
}

/* Turns the text of one incoming message (a line, an HTTP body, an SSE
 * event) into a JSON object or array, refusing what a peer must not send:
 * invalid UTF-8, nesting deep enough to threaten the stack, or any other
 * JSON value. */
JsonNode *
_mcp_json_parse_message (JsonParser  *parser,
                         const char  *data,
                         gsize        len,
                         GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) local_error = NULL;

  if (!_mcp_json_check_text (data, len, MCP_JSON_MAX_DEPTH, error))
    return NULL;

  /* json-glib validates the UTF-8 itself; a second pass over every
   * message would only buy a clearer message for the rare bad one. */
  if (!json_parser_load_from_data (parser, data, len, &local_error))
    {
      if (!g_utf8_validate_len (data, len, NULL))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The message is not valid UTF-8"));
          return NULL;
        }

      /* json-glib quotes the text it stumbled on, cut after a number of
       * bytes that may fall inside a character. */
      if (!g_utf8_validate (local_error->message, -1, NULL))
        {
          char *valid = g_utf8_make_valid (local_error->message, -1);

          g_free (local_error->message);
          local_error->message = valid;
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  root = json_parser_steal_root (parser);
  if (root == NULL || (!JSON_NODE_HOLDS_OBJECT (root) && !JSON_NODE_HOLDS_ARRAY (root)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The message is neither a JSON object nor an array"));
      return NULL;
    }

  return g_steal_pointer (&root);
}

/* Wraps @object (transfer full) in a new node. */
JsonNode *
_mcp_json_node_new_object (JsonObject *object)
{
  JsonNode *node = json_node_init_object (json_node_alloc (), object);

  json_object_unref (object);
  return node;
}

/* Compact JSON text, as json-glib's generator writes it, in a fraction of
 * its time: no GObject, no list of member names per object, no printf (). */
static void write_node (GString  *out,
                        JsonNode *node);

/* A string, quoted and escaped: runs of bytes that need no escape are
 * copied at once. Control characters are escaped, so the text never
 * contains a newline. */
static void
write_string (GString    *out,
              const char *str)
{
  static const char hex[] = "0123456789abcdef";
  const char *run = str;
  const char *p;

  g_string_append_c (out, '"');

  for (p = str; *p != '\0'; p++)
    {
      guchar c = *p;
      char escape;

      if (c >= 0x20 && c != '"' && c != '\\')
        continue;

      g_string_append_len (out, run, p - run);
      run = p + 1;

      switch (c)
        {
        case '"': escape = '"'; break;
        case '\\': escape = '\\'; break;
        case '\b': escape = 'b'; break;
        case '\f': escape = 'f'; break;
        case '\n': escape = 'n'; break;
        case '\r': escape = 'r'; break;
        case '\t': escape = 't'; break;
        default: escape = 0; break;
        }

      if (escape != 0)
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, escape);
        }
      else
        {
          g_string_append (out, "\\u00");
          g_string_append_c (out, hex[c >> 4]);
          g_string_append_c (out, hex[c & 0xf]);
        }
    }

  g_string_append_len (out, run, p - run);
  g_string_append_c (out, '"');
}

static void
write_int (GString *out,
           gint64   value)
{
  char buf[24];
  char *p = buf + sizeof buf;
  /* Unsigned, so that G_MININT64 negates. */
  guint64 magnitude = value < 0 ? -(guint64) value : (guint64) value;

  do
    *--p = '0' + magnitude % 10;
  while ((magnitude /= 10) != 0);

  if (value < 0)
    *--p = '-';

  g_string_append_len (out, p, buf + sizeof buf - p);
}

static void
write_double (GString *out,
              double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* JSON has no NaN or infinity: a peer would refuse the whole message. */
  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }

  /* The shortest text that reads back as the same double; a double that
   * happens to be whole stays a double for the peer. */
  g_ascii_dtostr (buf, sizeof buf, value);
  g_string_append (out, buf);
  if (strpbrk (buf, ".eE") == NULL)
    g_string_append (out, ".0");
}

typedef struct
{
  GString  *out;
  gboolean  first;
} MemberWriter;

static void
write_member (JsonObject *object,
              const char *name,
              JsonNode   *node,
              gpointer    user_data)
{
  MemberWriter *writer = user_data;

  if (!writer->first)
    g_string_append_c (writer->out, ',');
  writer->first = FALSE;

  write_string (writer->out, name);
  g_string_append_c (writer->out, ':');
  write_node (writer->out, node);
}

static void
write_node (GString  *out,
            JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        /* In the order the members were added, without copying the list
         * of names as json_object_get_members () does. */
        MemberWriter writer = { out, TRUE };

        g_string_append_c (out, '{');
        json_object_foreach_member (json_node_get_object (node), write_member, &writer);
        g_string_append_c (out, '}');
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint length = json_array_get_length (array);

        g_string_append_c (out, '[');
        for (guint i = 0; i < length; i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            write_node (out, json_array_get_element (array, i));
          }
        g_string_append_c (out, ']');
      }
      break;

    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING:
          write_string (out, json_node_get_string (node));
          break;

        case G_TYPE_INT64:
          write_int (out, json_node_get_int (node));
          break;

        case G_TYPE_DOUBLE:
          write_double (out, json_node_get_double (node));
          break;

        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;

        default:
          g_string_append (out, "null");
          break;
        }
      break;

    case JSON_NODE_NULL:
    default:
      g_string_append (out, "null");
      break;
    }
}

/* One compact JSON text followed by a newline: the stdio wire format.
 * JSON escapes control characters in strings, so the text itself never
 * contains a newline. */
GBytes *
_mcp_json_to_line (JsonNode *node)
{
  GString *str = g_string_sized_new (256);

  write_node (str, node);
  g_string_append_c (str, '\n');

  return g_string_free_to_bytes (str);
}

char *
_mcp_json_node_to_string (JsonNode *node)
{
  GString *str = g_string_sized_new (64);

  if (node == NULL)
    g_string_append (str, "null");
  else
    write_node (str, node);

  return g_string_free (str, FALSE);
}

const char *
_mcp_json_object_get_string (JsonObject *object,
                             const char *member)
{
  JsonNode *node;

  if (object == NULL || !(node = json_object_get_member (object, member)))
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

JsonObject *
_mcp_json_object_get_object (JsonObject *object,
                             const char *member)
{
  JsonNode *node;

  if (object == NULL || !(node = json_object_get_member (object, member)))
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  return json_node_get_object (node);
}

JsonArray *
_mcp_json_object_get_array (JsonObject *object,
                            const char *member)
{
  JsonNode *node;

  if (object == NULL || !(node = json_object_get_member (object, member)))
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return NULL;

  return json_node_get_array (node);
}

gboolean
_mcp_json_object_get_bool (JsonObject *object,
                           const char *member,
                           gboolean    default_value)
{
  JsonNode *node;

  if (object == NULL || !(node = json_object_get_member (object, member)))
    return default_value;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return default_value;

  return json_node_get_boolean (node);
}

/* Only a JSON integer counts: a float, a numeric string or null gives
 * @default_value, as an absent member does. */
gint64
_mcp_json_object_get_int (JsonObject *object,
                          const char *member,
                          gint64      default_value)
{
  gint64 value;

  if (object == NULL)
    return default_value;
  if (!_mcp_json_node_is_integer (json_object_get_member (object, member), &value))
    return default_value;

  return value;
}

/* JSON-RPC ids are matched by type and value: only a JSON integer counts,
 * not a string that looks like one, nor a float. */
gboolean
_mcp_json_node_is_integer (JsonNode *node,
                           gint64   *value)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;

  if (value != NULL)
    *value = json_node_get_int (node);

  return TRUE;
}
