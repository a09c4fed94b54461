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

gboolean
_mcp_json_check_depth (const char *data,
                       gsize       len,
                       guint       max_depth)
{
  const char *p = data;
  const char *end = data + len;
  guint depth = 0;

  while (p < end)
    {
      char c = *p++;

      if (c == '"')
        {
          /* Strings hold most of the bytes of a large message: jump from
           * quote to quote with memchr (), and count the backslashes in
           * front of a quote to tell whether it is escaped. */
          for (;;)
            {
              const char *quote = memchr (p, '"', end - p);
              const char *q;

              if (quote == NULL)
                return TRUE;
              for (q = quote; q > p && q[-1] == '\\'; q--)
                ;
              p = quote + 1;
              if ((quote - q) % 2 == 0)
                break;
            }
        }
      else if (c == '{' || c == '[')
        {
          if (++depth > max_depth)
            return FALSE;
        }
      else if ((c == '}' || c == ']') && depth > 0)
        depth--;
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

  if (!_mcp_json_check_depth (data, len, MCP_JSON_MAX_DEPTH))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The message is nested more than %u levels deep"), MCP_JSON_MAX_DEPTH);
      return NULL;
    }

  /* json-glib validates the UTF-8 itself; a second pass over every
   * message would only buy a clearer message for the rare bad one. */
  if (!json_parser_load_from_data (parser, data, len, error))
    {
      if (!g_utf8_validate_len (data, len, NULL))
        {
          g_clear_error (error);
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The message is not valid UTF-8"));
        }
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
