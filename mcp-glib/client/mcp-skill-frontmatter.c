/* mcp-skill-frontmatter.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The YAML frontmatter of a SKILL.md (Skills extension, SEP-2640), parsed
 * into JSON so that it can be compared with the frontmatter of the skill's
 * entry. Not a YAML library: a bounded parser of the block subset that
 * frontmatter is written in. Block mappings and sequences by indentation,
 * plain scalars (also folded over several lines) typed by YAML 1.2's core
 * schema, single- and double-quoted scalars on one line, literal and folded
 * block scalars, and flow sequences of scalars. Anything else (anchors,
 * aliases, tags, flow mappings, tabs in indentation, duplicate keys) is an
 * error, as is frontmatter over MCP_SKILL_FRONTMATTER_MAX_BYTES, nested
 * deeper than MCP_SKILL_FRONTMATTER_MAX_DEPTH or holding more than
 * MCP_SKILL_FRONTMATTER_MAX_NODES values: content that cannot be checked
 * is not trusted.
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"
#include "mcp-json-private.h"
#include "mcp-skill-private.h"

typedef struct
{
  guint  indent;
  char  *text;  /* without the indentation and trailing blanks */
} Line;

typedef struct
{
  Line   *lines;
  guint   n_lines;
  guint   pos;
  guint   n_nodes;
  GError *error;
} Parser;

static JsonNode *parse_node (Parser *parser, guint indent, guint depth);

static gboolean
fail (Parser     *parser,
      const char *message)
{
  if (parser->error == NULL)
    g_set_error (&parser->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 _("The SKILL.md frontmatter cannot be parsed: %s"), message);
  return FALSE;
}

static gboolean
count_node (Parser *parser)
{
  if (++parser->n_nodes > MCP_SKILL_FRONTMATTER_MAX_NODES)
    return fail (parser, _("too many values"));
  return TRUE;
}

/* Splits the frontmatter into lines; blank and comment lines go, except
 * inside block scalars, which keep them as lines with an empty text. */
static gboolean
split_lines (Parser     *parser,
             const char *data,
             gsize       length)
{
  GArray *lines = g_array_new (FALSE, TRUE, sizeof (Line));
  const char *p = data;
  const char *end = data + length;

  while (p < end)
    {
      const char *eol = memchr (p, '\n', (gsize) (end - p));
      const char *stop = eol ? eol : end;
      const char *q = p;
      Line line = { 0, NULL };

      while (q < stop && *q == ' ')
        q++;
      if (q < stop && *q == '\t')
        {
          /* The lines so far are freed with the parser's. */
          parser->n_lines = lines->len;
          parser->lines = (Line *) (void *) g_array_free (lines, FALSE);
          return fail (parser, _("a tab in the indentation"));
        }

      while (stop > q && (stop[-1] == ' ' || stop[-1] == '\r' || stop[-1] == '\t'))
        stop--;

      line.indent = (guint) (q - p);
      line.text = g_strndup (q, (gsize) (stop - q));
      g_array_append_val (lines, line);

      p = eol ? eol + 1 : end;
    }

  parser->n_lines = lines->len;
  parser->lines = (Line *) (void *) g_array_free (lines, FALSE);
  return TRUE;
}

static gboolean
is_skipped (const Line *line)
{
  return line->text[0] == '\0' || line->text[0] == '#';
}

/* The next line that holds something, or NULL. */
static Line *
peek (Parser *parser)
{
  while (parser->pos < parser->n_lines && is_skipped (&parser->lines[parser->pos]))
    parser->pos++;

  return parser->pos < parser->n_lines ? &parser->lines[parser->pos] : NULL;
}

static gboolean
is_sequence_item (const char *text)
{
  return text[0] == '-' && (text[1] == '\0' || text[1] == ' ');
}

/* Where the ':' of a mapping key ends the key, or NULL. */
static const char *
find_key_end (const char *text)
{
  if (text[0] == '"' || text[0] == '\'')
    {
      const char *close = strchr (text + 1, text[0]);

      if (close != NULL && close[1] == ':' && (close[2] == '\0' || close[2] == ' '))
        return close + 1;
      return NULL;
    }

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == ':' && (p[1] == '\0' || p[1] == ' '))
        return p;
      if (*p == ' ' && p[1] == '#')
        return NULL;
    }

  return NULL;
}

static JsonNode *
typed_plain_scalar (Parser     *parser,
                    const char *text)
{
  static const char * const nulls[] = { "null", "Null", "NULL", "~", NULL };
  static const char * const trues[] = { "true", "True", "TRUE", NULL };
  static const char * const falses[] = { "false", "False", "FALSE", NULL };
  char *end = NULL;

  if (g_strv_contains (nulls, text) || *text == '\0')
    return json_node_init_null (json_node_alloc ());
  if (g_strv_contains (trues, text))
    return json_node_init_boolean (json_node_alloc (), TRUE);
  if (g_strv_contains (falses, text))
    return json_node_init_boolean (json_node_alloc (), FALSE);

  if (g_regex_match_simple ("^[-+]?[0-9]+$", text, 0, 0))
    {
      gint64 value;

      errno = 0;
      value = g_ascii_strtoll (text, &end, 10);
      if (errno == 0 && end != NULL && *end == '\0')
        return json_node_init_int (json_node_alloc (), value);
    }
  else if (g_regex_match_simple ("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$", text, 0, 0))
    {
      double value = g_ascii_strtod (text, &end);

      if (end != NULL && *end == '\0' && isfinite (value))
        return json_node_init_double (json_node_alloc (), value);
    }
  else if (g_regex_match_simple ("^[-+]?\\.(inf|Inf|INF|nan|NaN|NAN)$", text, 0, 0))
    {
      fail (parser, _("an infinite or undefined number"));
      return NULL;
    }

  if (strchr ("&*!|>%@`{", text[0]) != NULL)
    {
      fail (parser, _("YAML syntax this parser does not read"));
      return NULL;
    }

  return json_node_init_string (json_node_alloc (), text);
}

/* A scalar written on one line: quoted, a flow sequence, or plain. */
static JsonNode *
inline_scalar (Parser     *parser,
               const char *text,
               guint       depth)
{
  if (!count_node (parser))
    return NULL;

  if (text[0] == '\'')
    {
      GString *out = g_string_new (NULL);
      const char *p;

      for (p = text + 1; *p != '\0'; p++)
        {
          if (*p == '\'' && p[1] == '\'')
            {
              g_string_append_c (out, '\'');
              p++;
            }
          else if (*p == '\'')
            break;
          else
            g_string_append_c (out, *p);
        }
      if (*p != '\'' || (p[1] != '\0' && !g_str_has_prefix (p + 1, " #")))
        {
          g_string_free (out, TRUE);
          fail (parser, _("an unterminated single-quoted scalar"));
          return NULL;
        }
      {
        JsonNode *node = json_node_new (JSON_NODE_VALUE);

        json_node_set_string (node, out->str);
        g_string_free (out, TRUE);
        return node;
      }
    }

  if (text[0] == '"')
    {
      GString *out = g_string_new (NULL);
      const char *p;

      for (p = text + 1; *p != '\0' && *p != '"'; p++)
        {
          if (*p != '\\')
            {
              g_string_append_c (out, *p);
              continue;
            }

          p++;
          switch (*p)
            {
            case 'n': g_string_append_c (out, '\n'); break;
            case 't': g_string_append_c (out, '\t'); break;
            case 'r': g_string_append_c (out, '\r'); break;
            case '0': g_string_append_c (out, '\0'); break;
            case '"': case '\\': case '/': case ' ':
              g_string_append_c (out, *p);
              break;
            case 'u':
              {
                char hex[5] = { 0 };
                gunichar c;

                for (guint i = 0; i < 4; i++)
                  {
                    if (!g_ascii_isxdigit (p[1 + i]))
                      goto bad_escape;
                    hex[i] = p[1 + i];
                  }
                c = (gunichar) strtoul (hex, NULL, 16);
                if (!g_unichar_validate (c) || c == 0)
                  goto bad_escape;
                g_string_append_unichar (out, c);
                p += 4;
              }
              break;
            default:
            bad_escape:
              g_string_free (out, TRUE);
              fail (parser, _("an escape sequence this parser does not read"));
              return NULL;
            }
        }
      if (*p != '"' || (p[1] != '\0' && !g_str_has_prefix (p + 1, " #")))
        {
          g_string_free (out, TRUE);
          fail (parser, _("an unterminated double-quoted scalar"));
          return NULL;
        }
      if (memchr (out->str, '\0', out->len) != NULL || !g_utf8_validate (out->str, (gssize) out->len, NULL))
        {
          g_string_free (out, TRUE);
          fail (parser, _("a scalar that is not text"));
          return NULL;
        }
      {
        JsonNode *node = json_node_new (JSON_NODE_VALUE);

        json_node_set_string (node, out->str);
        g_string_free (out, TRUE);
        return node;
      }
    }

  if (text[0] == '[')
    {
      g_autoptr(JsonArray) array = json_array_new ();
      const char *close = strrchr (text, ']');
      g_autofree char *inner = NULL;
      g_auto(GStrv) items = NULL;

      if (depth >= MCP_SKILL_FRONTMATTER_MAX_DEPTH)
        {
          fail (parser, _("values nested too deeply"));
          return NULL;
        }
      if (close == NULL || (close[1] != '\0' && !g_str_has_prefix (close + 1, " #")))
        {
          fail (parser, _("an unterminated flow sequence"));
          return NULL;
        }
      inner = g_strndup (text + 1, (gsize) (close - text - 1));
      if (strpbrk (inner, "[]{}\"'") != NULL)
        {
          fail (parser, _("a flow sequence this parser does not read"));
          return NULL;
        }
      g_strstrip (inner);
      if (*inner != '\0')
        {
          items = g_strsplit (inner, ",", -1);
          for (guint i = 0; items[i] != NULL; i++)
            {
              JsonNode *item;

              g_strstrip (items[i]);
              if (*items[i] == '\0' && items[i + 1] == NULL && i > 0)
                break;  /* a trailing comma */
              if (!count_node (parser) || (item = typed_plain_scalar (parser, items[i])) == NULL)
                return NULL;
              json_array_add_element (array, item);
            }
        }
      return _mcp_json_node_new_array (json_array_ref (array));
    }

  {
    g_autofree char *plain = g_strdup (text);
    char *comment = strstr (plain, " #");

    if (comment != NULL)
      *comment = '\0';
    g_strstrip (plain);
    return typed_plain_scalar (parser, plain);
  }
}

/* A literal (|) or folded (>) block scalar below a line at @indent. */
static JsonNode *
block_scalar (Parser     *parser,
              const char *header,
              guint       indent)
{
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean folded = header[0] == '>';
  char chomping = header[1];
  guint block_indent = 0;
  gboolean previous_blank = FALSE;
  JsonNode *node;

  if ((chomping != '\0' && chomping != '-' && chomping != '+') ||
      (chomping != '\0' && header[2] != '\0' && !g_str_has_prefix (header + 2, " #")) ||
      (chomping == '\0' && header[1] != '\0'))
    {
      if (!(chomping == ' ' && header[2] == '#'))
        {
          fail (parser, _("a block scalar header this parser does not read"));
          return NULL;
        }
      chomping = '\0';
    }

  if (!count_node (parser))
    return NULL;

  while (parser->pos < parser->n_lines)
    {
      Line *line = &parser->lines[parser->pos];

      if (line->text[0] == '\0')
        {
          g_string_append_c (out, '\n');
          previous_blank = TRUE;
          parser->pos++;
          continue;
        }
      if (line->indent <= indent)
        break;
      if (block_indent == 0)
        block_indent = line->indent;
      if (line->indent < block_indent)
        break;

      if (folded && out->len > 0 && !previous_blank && out->str[out->len - 1] == '\n')
        out->str[out->len - 1] = ' ';
      for (guint i = block_indent; i < line->indent; i++)
        g_string_append_c (out, ' ');
      g_string_append (out, line->text);
      g_string_append_c (out, '\n');
      previous_blank = FALSE;
      parser->pos++;
    }

  if (chomping != '+')
    {
      while (out->len > 0 && out->str[out->len - 1] == '\n')
        g_string_truncate (out, out->len - 1);
      if (chomping == '\0' && out->len > 0)
        g_string_append_c (out, '\n');
    }

  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_string (node, out->str);
  return node;
}

/* A plain scalar that goes on over the more indented lines below it. */
static JsonNode *
plain_continued (Parser     *parser,
                 const char *first,
                 guint       indent,
                 guint       depth)
{
  g_autoptr(GString) text = NULL;
  Line *line = peek (parser);

  if (first[0] == '"' || first[0] == '\'' || first[0] == '[' ||
      line == NULL || line->indent <= indent)
    return inline_scalar (parser, first, depth);

  text = g_string_new (first);
  while ((line = peek (parser)) != NULL && line->indent > indent)
    {
      if (find_key_end (line->text) != NULL || is_sequence_item (line->text))
        {
          fail (parser, _("a mapping where a scalar goes on"));
          return NULL;
        }
      g_string_append_c (text, ' ');
      g_string_append (text, line->text);
      parser->pos++;
    }

  if (!count_node (parser))
    return NULL;
  return typed_plain_scalar (parser, text->str);
}

/* The value after "key:" or "- ": inline, or on the lines below. */
static JsonNode *
parse_value (Parser     *parser,
             const char *rest,
             guint       indent,
             guint       depth)
{
  Line *line;

  while (*rest == ' ')
    rest++;

  if (rest[0] == '|' || rest[0] == '>')
    return block_scalar (parser, rest, indent);

  if (rest[0] != '\0' && rest[0] != '#')
    return plain_continued (parser, rest, indent, depth);

  line = peek (parser);
  if (line != NULL && line->indent > indent)
    return parse_node (parser, line->indent, depth + 1);
  /* A sequence may sit at its key's own indentation. */
  if (line != NULL && line->indent == indent && is_sequence_item (line->text) && depth > 0)
    return parse_node (parser, indent, depth + 1);

  if (!count_node (parser))
    return NULL;
  return json_node_init_null (json_node_alloc ());
}

static JsonNode *
parse_sequence (Parser *parser,
                guint   indent,
                guint   depth)
{
  g_autoptr(JsonArray) array = json_array_new ();
  Line *line;

  while ((line = peek (parser)) != NULL && line->indent == indent && is_sequence_item (line->text))
    {
      JsonNode *item;
      const char *content = line->text + 1;
      guint offset = 1;

      while (*content == ' ')
        {
          content++;
          offset++;
        }

      if (*content != '\0' && find_key_end (content) != NULL)
        {
          /* "- key: value": a mapping that starts on the item's line. */
          char *moved = g_strdup (content);

          g_free (line->text);
          line->text = moved;
          line->indent = indent + offset;
          item = parse_node (parser, indent + offset, depth + 1);
        }
      else
        {
          g_autofree char *copy = g_strdup (content);

          parser->pos++;
          item = parse_value (parser, copy, indent, depth);
        }

      if (item == NULL)
        return NULL;
      json_array_add_element (array, item);
    }

  return _mcp_json_node_new_array (json_array_ref (array));
}

static JsonNode *
parse_mapping (Parser *parser,
               guint   indent,
               guint   depth)
{
  g_autoptr(JsonObject) object = json_object_new ();
  Line *line;

  while ((line = peek (parser)) != NULL && line->indent == indent)
    {
      const char *key_end = find_key_end (line->text);
      g_autofree char *key = NULL;
      g_autofree char *rest = NULL;
      JsonNode *value;

      if (key_end == NULL || key_end == line->text)
        {
          fail (parser, _("a line that is not “key: value”"));
          return NULL;
        }

      if (line->text[0] == '"' || line->text[0] == '\'')
        key = g_strndup (line->text + 1, (gsize) (key_end - line->text - 2));
      else
        key = g_strndup (line->text, (gsize) (key_end - line->text));
      if (strchr ("&*!|>%@`{[?", key[0]) != NULL && line->text[0] != '"' && line->text[0] != '\'')
        {
          fail (parser, _("YAML syntax this parser does not read"));
          return NULL;
        }
      if (json_object_has_member (object, key))
        {
          fail (parser, _("a key given twice"));
          return NULL;
        }

      rest = g_strdup (key_end + 1);
      parser->pos++;
      value = parse_value (parser, rest, indent, depth);
      if (value == NULL)
        return NULL;
      json_object_set_member (object, key, value);
    }

  if (line != NULL && line->indent > indent)
    {
      fail (parser, _("unexpected indentation"));
      return NULL;
    }

  return _mcp_json_node_new_object (json_object_ref (object));
}

static JsonNode *
parse_node (Parser *parser,
            guint   indent,
            guint   depth)
{
  Line *line = peek (parser);

  if (depth > MCP_SKILL_FRONTMATTER_MAX_DEPTH)
    {
      fail (parser, _("values nested too deeply"));
      return NULL;
    }
  if (!count_node (parser))
    return NULL;

  if (line != NULL && is_sequence_item (line->text))
    return parse_sequence (parser, indent, depth);
  if (line != NULL && find_key_end (line->text) != NULL)
    return parse_mapping (parser, indent, depth);

  fail (parser, _("a value this parser does not read"));
  return NULL;
}

/* Where the frontmatter's closing "---" line starts, or NULL. */
static const char *
find_closing (const char *start,
              const char *end)
{
  const char *p = start;

  while (p < end)
    {
      const char *eol = memchr (p, '\n', (gsize) (end - p));
      const char *stop = eol ? eol : end;
      gsize length = (gsize) (stop - p);

      if (length > 0 && p[length - 1] == '\r')
        length--;
      if (length == 3 && (memcmp (p, "---", 3) == 0 || memcmp (p, "...", 3) == 0))
        return p;

      p = eol ? eol + 1 : end;
    }

  return NULL;
}

/*
 * _mcp_skill_parse_frontmatter:
 * @data: a SKILL.md's bytes (not necessarily nul-terminated)
 * @length: their number
 *
 * Reads the YAML frontmatter at the start of a SKILL.md: a "---" line,
 * the YAML, and another "---" line.
 *
 * Returns: (transfer full): the frontmatter as a JSON object, or %NULL
 *   with @error set (G_IO_ERROR_INVALID_DATA) when there is none, or it
 *   is bigger, deeper or other than this parser reads
 */
JsonObject *
_mcp_skill_parse_frontmatter (const char  *data,
                              gsize        length,
                              GError     **error)
{
  Parser parser = { 0 };
  const char *start;
  const char *closing;
  const char *end = data + length;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *result = NULL;

  _mcp_i18n_init ();

  if (length >= 4 && memcmp (data, "---\n", 4) == 0)
    start = data + 4;
  else if (length >= 5 && memcmp (data, "---\r\n", 5) == 0)
    start = data + 5;
  else
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The SKILL.md does not begin with YAML frontmatter"));
      return NULL;
    }

  if ((gsize) (end - start) > MCP_SKILL_FRONTMATTER_MAX_BYTES)
    end = start + MCP_SKILL_FRONTMATTER_MAX_BYTES + 5;
  closing = find_closing (start, end);
  if (closing == NULL || (gsize) (closing - start) > MCP_SKILL_FRONTMATTER_MAX_BYTES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The SKILL.md frontmatter has no end within %u bytes"),
                   (guint) MCP_SKILL_FRONTMATTER_MAX_BYTES);
      return NULL;
    }
  if (memchr (start, '\0', (gsize) (closing - start)) != NULL ||
      !g_utf8_validate (start, closing - start, NULL))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The SKILL.md frontmatter is not UTF-8 text"));
      return NULL;
    }

  if (split_lines (&parser, start, (gsize) (closing - start)))
    {
      Line *first = peek (&parser);

      if (first == NULL)
        fail (&parser, _("it is empty"));
      else if (first->indent != 0 || find_key_end (first->text) == NULL)
        fail (&parser, _("it is not a mapping"));
      else
        root = parse_mapping (&parser, 0, 0);

      if (root != NULL && peek (&parser) != NULL)
        {
          fail (&parser, _("unexpected indentation"));
          g_clear_pointer (&root, json_node_unref);
        }
    }

  for (guint i = 0; i < parser.n_lines; i++)
    g_free (parser.lines[i].text);
  g_free (parser.lines);

  if (root == NULL)
    {
      g_propagate_error (error, parser.error);
      return NULL;
    }

  g_clear_error (&parser.error);
  result = json_object_ref (json_node_get_object (root));
  return result;
}

static gboolean
nodes_equal (JsonNode *a,
             JsonNode *b,
             guint     depth);

static gboolean
is_null (JsonNode *node)
{
  return node == NULL || JSON_NODE_HOLDS_NULL (node);
}

static gboolean
objects_equal (JsonObject *a,
               JsonObject *b,
               guint       depth)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  /* A member that is missing equals one that is null. */
  json_object_iter_init (&iter, a);
  while (json_object_iter_next (&iter, &name, &value))
    if (!nodes_equal (value, json_object_get_member (b, name), depth + 1))
      return FALSE;

  json_object_iter_init (&iter, b);
  while (json_object_iter_next (&iter, &name, &value))
    if (!json_object_has_member (a, name) && !is_null (value))
      return FALSE;

  return TRUE;
}

static gboolean
nodes_equal (JsonNode *a,
             JsonNode *b,
             guint     depth)
{
  if (depth > 2 * MCP_SKILL_FRONTMATTER_MAX_DEPTH + 2)
    return FALSE;
  if (is_null (a) || is_null (b))
    return is_null (a) && is_null (b);
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return FALSE;

  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_OBJECT:
      return objects_equal (json_node_get_object (a), json_node_get_object (b), depth);

    case JSON_NODE_ARRAY:
      {
        JsonArray *x = json_node_get_array (a);
        JsonArray *y = json_node_get_array (b);

        if (json_array_get_length (x) != json_array_get_length (y))
          return FALSE;
        for (guint i = 0; i < json_array_get_length (x); i++)
          if (!nodes_equal (json_array_get_element (x, i), json_array_get_element (y, i), depth + 1))
            return FALSE;
        return TRUE;
      }

    case JSON_NODE_VALUE:
      {
        GType x = json_node_get_value_type (a);
        GType y = json_node_get_value_type (b);
        gboolean x_number = x == G_TYPE_INT64 || x == G_TYPE_DOUBLE;
        gboolean y_number = y == G_TYPE_INT64 || y == G_TYPE_DOUBLE;

        /* 1 and 1.0 are the same number in YAML and JSON alike. */
        if (x_number && y_number)
          {
            if (x == G_TYPE_INT64 && y == G_TYPE_INT64)
              return json_node_get_int (a) == json_node_get_int (b);
            return json_node_get_double (a) == json_node_get_double (b);
          }
        if (x != y)
          return FALSE;
        if (x == G_TYPE_BOOLEAN)
          return json_node_get_boolean (a) == json_node_get_boolean (b);
        if (x == G_TYPE_STRING)
          return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0;
        return FALSE;
      }

    case JSON_NODE_NULL:
    default:
      return TRUE;
    }
}

/* Whether a SKILL.md's frontmatter and its entry's are the same, field by
 * field: missing and null are the same, and so are equal numbers. */
gboolean
_mcp_skill_frontmatter_equal (JsonObject *file,
                              JsonObject *entry)
{
  return objects_equal (file, entry, 0);
}
