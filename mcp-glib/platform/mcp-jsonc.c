/* mcp-jsonc.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Reads and edits the JSON of configuration files that people write by
 * hand. Reading keeps where every value is in the text, so that a problem
 * in an entry is reported at its line and column long after parsing, and
 * it tolerates what editors let through and other hosts accept: comments
 * (VS Code's files are "JSON with comments"), trailing commas and
 * duplicate member names, the last two with a note for the user. Editing
 * changes the text only where a value changed, so the rest of the file
 * (other members, their order, comments, formatting) stays as the user
 * wrote it.
 *
 * Nesting is bounded (MCP_JSON_MAX_DEPTH), so the recursive descent never
 * exhausts the stack, and so are files (MCP_JSONC_MAX_SIZE).
 *
 * This file reads; writing and editing are in mcp-jsonc-edit.c.
 */

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-json-private.h"
#include "mcp-jsonc-private.h"

typedef struct
{
  const char *text;
  gsize       len;
  gsize       pos;
  guint       depth;
  GPtrArray  *notes;
  gsize       error_offset;
  GError     *error;
} Parser;

static void
node_free (gpointer data)
{
  McpJsoncNode *node = data;

  if (node == NULL)
    return;

  g_free (node->key);
  g_clear_pointer (&node->children, g_ptr_array_unref);
  g_clear_pointer (&node->value, json_node_unref);
  g_free (node);
}

static void
note_free (gpointer data)
{
  McpJsoncNote *note = data;

  g_free (note->message);
  g_free (note);
}

static void
add_note (Parser     *parser,
          gsize       offset,
          const char *message)
{
  McpJsoncNote *note = g_new0 (McpJsoncNote, 1);

  note->offset = offset;
  note->message = g_strdup (message);
  g_ptr_array_add (parser->notes, note);
}

/* Returns NULL, so that a parse function can `return fail (...)`. */
static gpointer
fail (Parser     *parser,
      gsize       offset,
      const char *message)
{
  if (parser->error == NULL)
    {
      parser->error_offset = offset;
      parser->error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_DATA, message);
    }

  return NULL;
}

/* Skips whitespace and comments; FALSE on an unterminated comment. */
static gboolean
skip_space (Parser *parser)
{
  while (parser->pos < parser->len)
    {
      char c = parser->text[parser->pos];

      if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        parser->pos++;
      else if (c == '/' && parser->pos + 1 < parser->len && parser->text[parser->pos + 1] == '/')
        {
          while (parser->pos < parser->len && parser->text[parser->pos] != '\n')
            parser->pos++;
        }
      else if (c == '/' && parser->pos + 1 < parser->len && parser->text[parser->pos + 1] == '*')
        {
          gsize start = parser->pos;
          const char *end = g_strstr_len (parser->text + parser->pos + 2,
                                          parser->len - parser->pos - 2, "*/");

          if (end == NULL)
            {
              fail (parser, start, _("The comment is not closed"));
              return FALSE;
            }
          parser->pos = end - parser->text + 2;
        }
      else
        break;
    }

  return TRUE;
}

static gboolean
at (Parser *parser,
    char    c)
{
  return parser->pos < parser->len && parser->text[parser->pos] == c;
}

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static gboolean
read_hex4 (Parser   *parser,
           gsize     at_offset,
           gunichar *value)
{
  *value = 0;
  if (at_offset + 4 > parser->len)
    return FALSE;

  for (guint i = 0; i < 4; i++)
    {
      int digit = hex_value (parser->text[at_offset + i]);

      if (digit < 0)
        return FALSE;
      *value = (*value << 4) | digit;
    }

  return TRUE;
}

/* Reads a string at the current position (a double quote). */
static char *
parse_string (Parser *parser)
{
  g_autoptr(GString) out = g_string_new (NULL);
  gsize start = parser->pos;

  g_assert (at (parser, '"'));
  parser->pos++;

  while (parser->pos < parser->len)
    {
      guchar c = parser->text[parser->pos];

      if (c == '"')
        {
          parser->pos++;
          return g_string_free (g_steal_pointer (&out), FALSE);
        }
      else if (c < 0x20)
        return fail (parser, parser->pos,
                     _("A string contains a control character: write it as an escape "
                       "sequence"));
      else if (c == '\\')
        {
          gsize escape = parser->pos;
          gunichar ch;

          if (parser->pos + 1 >= parser->len)
            break;

          switch (parser->text[parser->pos + 1])
            {
            case '"': g_string_append_c (out, '"'); break;
            case '\\': g_string_append_c (out, '\\'); break;
            case '/': g_string_append_c (out, '/'); break;
            case 'b': g_string_append_c (out, '\b'); break;
            case 'f': g_string_append_c (out, '\f'); break;
            case 'n': g_string_append_c (out, '\n'); break;
            case 'r': g_string_append_c (out, '\r'); break;
            case 't': g_string_append_c (out, '\t'); break;
            case 'u':
              if (!read_hex4 (parser, parser->pos + 2, &ch))
                return fail (parser, escape, _("Invalid escape sequence"));
              parser->pos += 4;
              if (ch >= 0xd800 && ch < 0xdc00)
                {
                  gunichar low;

                  if (parser->pos + 3 >= parser->len ||
                      parser->text[parser->pos + 2] != '\\' ||
                      parser->text[parser->pos + 3] != 'u' ||
                      !read_hex4 (parser, parser->pos + 4, &low) ||
                      low < 0xdc00 || low >= 0xe000)
                    return fail (parser, escape, _("Invalid escape sequence"));
                  ch = 0x10000 + ((ch - 0xd800) << 10) + (low - 0xdc00);
                  parser->pos += 6;
                }
              else if ((ch >= 0xdc00 && ch < 0xe000) || ch == 0)
                return fail (parser, escape, _("Invalid escape sequence"));
              g_string_append_unichar (out, ch);
              break;
            default:
              return fail (parser, escape, _("Invalid escape sequence"));
            }
          parser->pos += 2;
        }
      else
        {
          g_string_append_c (out, c);
          parser->pos++;
        }
    }

  return fail (parser, start, _("The string is not closed"));
}

static JsonNode *
parse_number (Parser *parser)
{
  gsize start = parser->pos;
  gboolean integer = TRUE;
  g_autofree char *copy = NULL;
  JsonNode *node;

  if (at (parser, '-'))
    parser->pos++;

  if (at (parser, '0'))
    parser->pos++;
  else if (parser->pos < parser->len && g_ascii_isdigit (parser->text[parser->pos]))
    while (parser->pos < parser->len && g_ascii_isdigit (parser->text[parser->pos]))
      parser->pos++;
  else
    return fail (parser, start, _("Invalid number"));

  if (at (parser, '.'))
    {
      integer = FALSE;
      parser->pos++;
      if (!(parser->pos < parser->len && g_ascii_isdigit (parser->text[parser->pos])))
        return fail (parser, start, _("Invalid number"));
      while (parser->pos < parser->len && g_ascii_isdigit (parser->text[parser->pos]))
        parser->pos++;
    }

  if (at (parser, 'e') || at (parser, 'E'))
    {
      integer = FALSE;
      parser->pos++;
      if (at (parser, '+') || at (parser, '-'))
        parser->pos++;
      if (!(parser->pos < parser->len && g_ascii_isdigit (parser->text[parser->pos])))
        return fail (parser, start, _("Invalid number"));
      while (parser->pos < parser->len && g_ascii_isdigit (parser->text[parser->pos]))
        parser->pos++;
    }

  copy = g_strndup (parser->text + start, parser->pos - start);
  node = json_node_alloc ();

  if (integer)
    {
      gint64 value;

      errno = 0;
      value = g_ascii_strtoll (copy, NULL, 10);
      if (errno == 0)
        return json_node_init_int (node, value);
    }

  return json_node_init_double (node, g_ascii_strtod (copy, NULL));
}

static gboolean
match_word (Parser     *parser,
            const char *word)
{
  gsize n = strlen (word);

  if (parser->len - parser->pos < n || memcmp (parser->text + parser->pos, word, n) != 0)
    return FALSE;

  parser->pos += n;
  return TRUE;
}

static McpJsoncNode *parse_value (Parser *parser);

/* Reads the members of an object or the elements of an array, from after
 * its opening bracket to after its closing one. */
static gboolean
parse_container (Parser       *parser,
                 McpJsoncNode *node,
                 char          close)
{
  gboolean object = node->type == JSON_NODE_OBJECT;
  g_autoptr(GHashTable) names = object ? g_hash_table_new (g_str_hash, g_str_equal) : NULL;
  McpJsoncNode *previous = NULL;

  for (;;)
    {
      g_autofree char *key = NULL;
      gsize key_start = 0;
      McpJsoncNode *child;

      if (!skip_space (parser))
        return FALSE;

      if (at (parser, close))
        {
          if (previous != NULL && previous->comma != 0)
            add_note (parser, previous->comma,
                      _("Trailing comma: other programs may not accept this file"));
          parser->pos++;
          return TRUE;
        }

      if (previous != NULL && previous->comma == 0)
        {
          fail (parser, parser->pos,
                object ? _("Expected “,” or “}”") : _("Expected “,” or “]”"));
          return FALSE;
        }

      if (object)
        {
          if (!at (parser, '"'))
            {
              fail (parser, parser->pos, _("Expected a member name in double quotes"));
              return FALSE;
            }
          key_start = parser->pos;
          if ((key = parse_string (parser)) == NULL)
            return FALSE;
          if (!skip_space (parser))
            return FALSE;
          if (!at (parser, ':'))
            {
              fail (parser, parser->pos, _("Expected “:”"));
              return FALSE;
            }
          parser->pos++;
        }

      if ((child = parse_value (parser)) == NULL)
        return FALSE;
      g_ptr_array_add (node->children, child);

      if (object)
        {
          child->key_start = key_start;
          child->key = g_steal_pointer (&key);
          if (g_hash_table_contains (names, child->key))
            {
              g_autofree char *message =
                g_strdup_printf (_("“%s” is given more than once; the last one counts"),
                                 child->key);

              add_note (parser, key_start, message);
            }
          g_hash_table_add (names, child->key);
        }

      if (!skip_space (parser))
        return FALSE;
      if (at (parser, ','))
        child->comma = parser->pos++;
      previous = child;
    }
}

static McpJsoncNode *
parse_value (Parser *parser)
{
  g_autoptr(GPtrArray) guard = g_ptr_array_new_with_free_func (node_free);
  McpJsoncNode *node;

  if (!skip_space (parser))
    return NULL;

  if (parser->pos >= parser->len)
    return fail (parser, parser->pos, _("Expected a value"));

  node = g_new0 (McpJsoncNode, 1);
  g_ptr_array_add (guard, node);
  node->start = parser->pos;

  switch (parser->text[parser->pos])
    {
    case '{':
    case '[':
      if (++parser->depth > MCP_JSON_MAX_DEPTH)
        return fail (parser, parser->pos, _("The values are nested too deeply"));
      node->type = parser->text[parser->pos] == '{' ? JSON_NODE_OBJECT : JSON_NODE_ARRAY;
      node->children = g_ptr_array_new_with_free_func (node_free);
      parser->pos++;
      if (!parse_container (parser, node, node->type == JSON_NODE_OBJECT ? '}' : ']'))
        return NULL;
      parser->depth--;
      break;

    case '"':
      {
        g_autofree char *str = parse_string (parser);

        if (str == NULL)
          return NULL;
        node->type = JSON_NODE_VALUE;
        node->value = json_node_init_string (json_node_alloc (), str);
      }
      break;

    default:
      if (match_word (parser, "true") || match_word (parser, "false"))
        {
          node->type = JSON_NODE_VALUE;
          node->value = json_node_init_boolean (json_node_alloc (),
                                                parser->text[node->start] == 't');
        }
      else if (match_word (parser, "null"))
        {
          node->type = JSON_NODE_NULL;
          node->value = json_node_init_null (json_node_alloc ());
        }
      else if (parser->text[parser->pos] == '-' || g_ascii_isdigit (parser->text[parser->pos]))
        {
          if ((node->value = parse_number (parser)) == NULL)
            return NULL;
          node->type = JSON_NODE_VALUE;
        }
      else
        return fail (parser, parser->pos, _("Expected a value"));
    }

  node->end = parser->pos;
  return g_ptr_array_steal_index (guard, 0);
}

/* Parses @text, which holds one JSON value, possibly with comments,
 * trailing commas and duplicate member names. On failure, @error_offset is
 * where the text went wrong. */
McpJsoncDocument *
_mcp_jsonc_parse (const char  *text,
                  gsize        len,
                  gsize       *error_offset,
                  GError     **error)
{
  g_autoptr(McpJsoncDocument) doc = g_new0 (McpJsoncDocument, 1);
  const char *invalid = NULL;
  Parser parser = { 0 };

  *error_offset = 0;

  if (len > MCP_JSONC_MAX_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                   _("The file is larger than %u MiB"), MCP_JSONC_MAX_SIZE / (1024 * 1024));
      return NULL;
    }

  if (!g_utf8_validate_len (text, len, &invalid))
    {
      *error_offset = invalid - text;
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The file is not valid UTF-8"));
      return NULL;
    }

  doc->text = g_strndup (text, len);
  doc->len = len;
  doc->notes = g_ptr_array_new_with_free_func (note_free);

  parser.text = doc->text;
  parser.len = len;
  parser.notes = doc->notes;

  /* A byte order mark, as some Windows editors write. */
  if (len >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    parser.pos = 3;

  doc->root = parse_value (&parser);
  if (doc->root != NULL && skip_space (&parser) && parser.pos < len)
    fail (&parser, parser.pos, _("Unexpected text after the end of the value"));

  if (parser.error != NULL)
    {
      *error_offset = parser.error_offset;
      g_propagate_error (error, parser.error);
      return NULL;
    }

  return g_steal_pointer (&doc);
}

void
_mcp_jsonc_document_free (McpJsoncDocument *doc)
{
  if (doc == NULL)
    return;

  g_free (doc->text);
  node_free (doc->root);
  g_clear_pointer (&doc->notes, g_ptr_array_unref);
  g_free (doc);
}

/* The line and column, both counted from 1, of the byte at @offset; the
 * column counts characters. */
void
_mcp_jsonc_position (const char *text,
                     gsize       len,
                     gsize       offset,
                     guint      *line,
                     guint      *column)
{
  gsize line_start = 0;

  *line = 1;
  *column = 1;

  offset = MIN (offset, len);
  for (gsize i = 0; i < offset; i++)
    {
      if (text[i] == '\n')
        {
          (*line)++;
          line_start = i + 1;
        }
    }

  for (gsize i = line_start; i < offset; i++)
    if (((guchar) text[i] & 0xc0) != 0x80)
      (*column)++;
}

/* The member @key of @object, the last one if it is given more than once
 * (the one that counts), or NULL. */
McpJsoncNode *
_mcp_jsonc_node_lookup (McpJsoncNode *object,
                        const char   *key)
{
  if (object == NULL || object->type != JSON_NODE_OBJECT)
    return NULL;

  for (guint i = object->children->len; i > 0; i--)
    {
      McpJsoncNode *child = object->children->pdata[i - 1];

      if (g_str_equal (child->key, key))
        return child;
    }

  return NULL;
}

/* The value as a json-glib tree; of duplicate members, the last counts. */
JsonNode *
_mcp_jsonc_node_to_json (McpJsoncNode *node)
{
  if (node->type == JSON_NODE_OBJECT)
    {
      JsonObject *object = json_object_new ();

      for (guint i = 0; i < node->children->len; i++)
        {
          McpJsoncNode *child = node->children->pdata[i];

          json_object_set_member (object, child->key, _mcp_jsonc_node_to_json (child));
        }

      return _mcp_json_node_new_object (object);
    }

  if (node->type == JSON_NODE_ARRAY)
    {
      JsonArray *array = json_array_sized_new (node->children->len);

      for (guint i = 0; i < node->children->len; i++)
        json_array_add_element (array, _mcp_jsonc_node_to_json (node->children->pdata[i]));

      return _mcp_json_node_new_array (array);
    }

  return json_node_copy (node->value);
}

/* A copy of @node that shares nothing with it, even when it is sealed:
 * json_node_copy () shares objects and arrays. */
JsonNode *
_mcp_jsonc_copy (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObject *copy = json_object_new ();
      g_autoptr(GList) members = json_object_get_members (object);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (copy, l->data,
                                _mcp_jsonc_copy (json_object_get_member (object, l->data)));

      return _mcp_json_node_new_object (copy);
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      JsonArray *copy = json_array_sized_new (json_array_get_length (array));

      for (guint i = 0; i < json_array_get_length (array); i++)
        json_array_add_element (copy, _mcp_jsonc_copy (json_array_get_element (array, i)));

      return _mcp_json_node_new_array (copy);
    }

  return json_node_copy (node);
}
