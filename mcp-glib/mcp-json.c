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

/* One compact JSON text followed by a newline: the stdio wire format.
 * JSON escapes control characters in strings, so the text itself never
 * contains a newline. */
GBytes *
_mcp_json_to_line (JsonNode *node)
{
  static GPrivate generator_key = G_PRIVATE_INIT (g_object_unref);
  JsonGenerator *generator = g_private_get (&generator_key);
  GString *str = g_string_sized_new (256);

  if (generator == NULL)
    {
      generator = json_generator_new ();
      g_private_set (&generator_key, generator);
    }

  json_generator_set_root (generator, node);
  json_generator_to_gstring (generator, str);
  json_generator_set_root (generator, NULL);
  g_string_append_c (str, '\n');

  return g_string_free_to_bytes (str);
}

char *
_mcp_json_node_to_string (JsonNode *node)
{
  if (node == NULL)
    return g_strdup ("null");

  return json_to_string (node, FALSE);
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
