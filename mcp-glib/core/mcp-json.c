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
#include "mcp-json-reader-private.h"

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

/* Turns the text of one incoming message (a line, an HTTP body, an SSE
 * event) into a JSON object or array, refusing what a peer must not send:
 * invalid JSON or UTF-8, nesting deep enough to threaten the stack, or any
 * other JSON value. See mcp-json-reader.c. */
JsonNode *
_mcp_json_parse_message (const char  *data,
                         gsize        len,
                         GError     **error)
{
  return _mcp_json_read (data, len, MCP_JSON_MAX_DEPTH, error);
}

/* Wraps @object (transfer full) in a new node. */
JsonNode *
_mcp_json_node_new_object (JsonObject *object)
{
  JsonNode *node = json_node_init_object (json_node_alloc (), object);

  json_object_unref (object);
  return node;
}

/* Wraps @array (transfer full) in a new node. */
JsonNode *
_mcp_json_node_new_array (JsonArray *array)
{
  JsonNode *node = json_node_init_array (json_node_alloc (), array);

  json_array_unref (array);
  return node;
}

static void
copy_member (JsonObject *object,
             const char *name,
             JsonNode   *node,
             gpointer    user_data)
{
  json_object_set_member (user_data, name, json_node_copy (node));
}

/* A new object with the members of @object, in their order (a
 * JsonObjectIter of json-glib 1.6 goes in the order of its hash table):
 * the members' nodes are new, what they hold is shared (json_node_copy()
 * shares an object's members too). Enough to change the members of the
 * copy without touching the original; not to change what they hold. */
JsonObject *
_mcp_json_object_copy_members (JsonObject *object)
{
  JsonObject *copy = json_object_new ();

  json_object_foreach_member (object, copy_member, copy);

  return copy;
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

/* A JSON-RPC request, as compact text, written around @params without a
 * tree of the envelope: {"jsonrpc":"2.0","id":@id,"method":@method,
 * "params":@params}, without params if @params is %NULL and there is no
 * token. With @progress_token, params (an object without a _meta member,
 * or %NULL for an empty one) get "_meta":{"progressToken":@id} after
 * their own members. The same text as the engine's tree of the same
 * request, written with _mcp_json_to_line () (tests/test-json.c checks
 * it). */
void
_mcp_json_write_request (GString    *out,
                         gint64      id,
                         const char *method,
                         JsonNode   *params,
                         gboolean    progress_token)
{
  g_assert (!progress_token || params == NULL ||
            (JSON_NODE_HOLDS_OBJECT (params) &&
             !json_object_has_member (json_node_get_object (params), "_meta")));

  g_string_append (out, "{\"jsonrpc\":\"2.0\",\"id\":");
  write_int (out, id);
  g_string_append (out, ",\"method\":");
  write_string (out, method);

  if (!progress_token)
    {
      if (params != NULL)
        {
          g_string_append (out, ",\"params\":");
          write_node (out, params);
        }
      g_string_append_c (out, '}');
      return;
    }

  g_string_append (out, ",\"params\":{");
  if (params != NULL)
    {
      MemberWriter writer = { out, TRUE };

      json_object_foreach_member (json_node_get_object (params), write_member, &writer);
      if (!writer.first)
        g_string_append_c (out, ',');
    }
  g_string_append (out, "\"_meta\":{\"progressToken\":");
  write_int (out, id);
  g_string_append (out, "}}}");
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
