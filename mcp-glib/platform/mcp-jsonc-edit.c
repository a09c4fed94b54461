/* mcp-jsonc-edit.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Writes and edits the JSON of configuration files that people write by
 * hand (see mcp-jsonc.c, which reads them): a new file written the way
 * people format one, and an edit that changes the text of a document read
 * with _mcp_jsonc_parse () only where a value changed, so that the rest of
 * the file (other members, their order, comments, formatting) stays as the
 * user wrote it.
 */

#include "config.h"

#include <string.h>

#include "mcp-json-private.h"
#include "mcp-jsonc-private.h"

/* Writing ---------------------------------------------------------------- */

/* Arrays of scalars up to this width stay on one line, as people write
 * `"args": ["-y", "server"]`. */
#define MAX_INLINE_ARRAY 72

static void write_pretty (GString    *out,
                          JsonNode   *node,
                          const char *indent,
                          const char *unit);

static char *
inline_array (JsonArray *array)
{
  g_autoptr(GString) line = g_string_new ("[");

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *text = NULL;

      if (JSON_NODE_HOLDS_OBJECT (element) || JSON_NODE_HOLDS_ARRAY (element))
        return NULL;

      text = _mcp_json_node_to_string (element);
      if (i > 0)
        g_string_append (line, ", ");
      g_string_append (line, text);
      if (line->len > MAX_INLINE_ARRAY)
        return NULL;
    }

  g_string_append_c (line, ']');
  return g_string_free (g_steal_pointer (&line), FALSE);
}

static void
write_member (GString    *out,
              const char *key,
              JsonNode   *value,
              const char *indent,
              const char *unit)
{
  g_autoptr(JsonNode) name = json_node_init_string (json_node_alloc (), key);
  g_autofree char *quoted = _mcp_json_node_to_string (name);

  g_string_append (out, quoted);
  g_string_append (out, ": ");
  write_pretty (out, value, indent, unit);
}

static void
write_pretty (GString    *out,
              JsonNode   *node,
              const char *indent,
              const char *unit)
{
  g_autofree char *inner = g_strconcat (indent, unit, NULL);

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (object);

      if (members == NULL)
        {
          g_string_append (out, "{}");
          return;
        }

      g_string_append (out, "{\n");
      for (GList *l = members; l != NULL; l = l->next)
        {
          g_string_append (out, inner);
          write_member (out, l->data, json_object_get_member (object, l->data), inner, unit);
          g_string_append (out, l->next != NULL ? ",\n" : "\n");
        }
      g_string_append (out, indent);
      g_string_append_c (out, '}');
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      guint n = json_array_get_length (array);
      g_autofree char *line = inline_array (array);

      if (line != NULL)
        {
          g_string_append (out, line);
          return;
        }

      g_string_append (out, "[\n");
      for (guint i = 0; i < n; i++)
        {
          g_string_append (out, inner);
          write_pretty (out, json_array_get_element (array, i), inner, unit);
          g_string_append (out, i + 1 < n ? ",\n" : "\n");
        }
      g_string_append (out, indent);
      g_string_append_c (out, ']');
    }
  else
    {
      g_autofree char *text = _mcp_json_node_to_string (node);

      g_string_append (out, text);
    }
}

/* A whole file holding @node, indented by two spaces. */
char *
_mcp_jsonc_to_text (JsonNode *node)
{
  GString *out = g_string_new (NULL);

  write_pretty (out, node, "", "  ");
  g_string_append_c (out, '\n');

  return g_string_free (out, FALSE);
}

/* Editing ---------------------------------------------------------------- */

typedef struct
{
  gsize  start;
  gsize  end;
  char  *text;
} Edit;

struct _McpJsoncEditor
{
  McpJsoncDocument *doc;
  GArray           *edits;
  char             *unit;
};

static void
edit_clear (gpointer data)
{
  Edit *edit = data;

  g_free (edit->text);
}

/* The indentation the file uses: that of its first indented line. */
static char *
detect_unit (McpJsoncDocument *doc)
{
  for (gsize i = 0; i < doc->len; i++)
    {
      gsize n = 0;

      if (doc->text[i] != '\n')
        continue;

      if (i + 1 < doc->len && doc->text[i + 1] == '\t')
        return g_strdup ("\t");

      while (i + 1 + n < doc->len && doc->text[i + 1 + n] == ' ')
        n++;
      if (n > 0 && i + 1 + n < doc->len && doc->text[i + 1 + n] != '\n' &&
          doc->text[i + 1 + n] != '\r')
        return g_strnfill (MIN (n, 8), ' ');
    }

  return g_strdup ("  ");
}

McpJsoncEditor *
_mcp_jsonc_editor_new (McpJsoncDocument *doc)
{
  McpJsoncEditor *editor = g_new0 (McpJsoncEditor, 1);

  editor->doc = doc;
  editor->edits = g_array_new (FALSE, FALSE, sizeof (Edit));
  g_array_set_clear_func (editor->edits, edit_clear);
  editor->unit = detect_unit (doc);

  return editor;
}

void
_mcp_jsonc_editor_free (McpJsoncEditor *editor)
{
  if (editor == NULL)
    return;

  g_array_unref (editor->edits);
  g_free (editor->unit);
  g_free (editor);
}

static void
add_edit (McpJsoncEditor *editor,
          gsize           start,
          gsize           end,
          char           *text)
{
  Edit edit = { start, end, text };

  g_assert (start <= end && end <= editor->doc->len);
  g_array_append_val (editor->edits, edit);
}

static gsize
line_start (McpJsoncDocument *doc,
            gsize             offset)
{
  while (offset > 0 && doc->text[offset - 1] != '\n')
    offset--;

  return offset;
}

/* Whether only spaces and tabs stand between @from and @to. */
static gboolean
blank_between (McpJsoncDocument *doc,
               gsize             from,
               gsize             to)
{
  for (gsize i = from; i < to; i++)
    if (doc->text[i] != ' ' && doc->text[i] != '\t')
      return FALSE;

  return TRUE;
}

/* The indentation of the line holding @offset. */
static char *
indent_at (McpJsoncDocument *doc,
           gsize             offset)
{
  gsize start = line_start (doc, offset);
  gsize end = start;

  while (end < offset && (doc->text[end] == ' ' || doc->text[end] == '\t'))
    end++;

  return g_strndup (doc->text + start, end - start);
}

static char *
pretty (JsonNode   *node,
        const char *indent,
        const char *unit)
{
  GString *out = g_string_new (NULL);

  write_pretty (out, node, indent, unit);
  return g_string_free (out, FALSE);
}

/* Removes the member @child of an object, which another member follows:
 * its whole line when it has one to itself, and the comma after it. */
static void
remove_inner_member (McpJsoncEditor *editor,
                     McpJsoncNode   *child)
{
  McpJsoncDocument *doc = editor->doc;
  gsize start = child->key_start;
  gsize end = child->comma + 1;
  gsize first = line_start (doc, start);

  g_assert (child->comma != 0);

  if (blank_between (doc, first, start))
    {
      gsize after = end;

      start = first;
      while (after < doc->len && (doc->text[after] == ' ' || doc->text[after] == '\t'))
        after++;
      if (after < doc->len && doc->text[after] == '\r')
        after++;
      if (after < doc->len && doc->text[after] == '\n')
        end = after + 1;
    }
  else
    {
      while (end < doc->len && doc->text[end] == ' ')
        end++;
    }

  add_edit (editor, start, end, NULL);
}

/* Changes the members of @object (a node of the document) from @before to
 * @after: members equal in both are left alone, even where the text has
 * since changed; those only in @before are removed; the others are set,
 * object members member by member, so that the text changes only where a
 * value did. New members go after the last one. */
void
_mcp_jsonc_editor_patch_object (McpJsoncEditor *editor,
                                McpJsoncNode   *object,
                                JsonObject     *before,
                                JsonObject     *after)
{
  McpJsoncDocument *doc = editor->doc;
  g_autoptr(GList) members = json_object_get_members (after);
  g_autoptr(GHashTable) removed = g_hash_table_new (NULL, NULL);
  g_autoptr(GString) added = g_string_new (NULL);
  g_autofree char *object_indent = indent_at (doc, object->start);
  g_autofree char *member_indent = NULL;
  McpJsoncNode *last_kept = NULL;
  guint n_children = object->children->len;
  guint n_added = 0;

  g_assert (object->type == JSON_NODE_OBJECT);

  if (n_children > 0)
    {
      McpJsoncNode *first = object->children->pdata[0];
      gsize first_line = line_start (doc, first->key_start);

      if (first_line > object->start && blank_between (doc, first_line, first->key_start))
        member_indent = g_strndup (doc->text + first_line, first->key_start - first_line);
    }
  if (member_indent == NULL)
    member_indent = g_strconcat (object_indent, editor->unit, NULL);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      JsonNode *value = json_object_get_member (after, key);
      JsonNode *old = before != NULL ? json_object_get_member (before, key) : NULL;
      McpJsoncNode *child;

      if (old != NULL && json_node_equal (old, value))
        continue;

      child = _mcp_jsonc_node_lookup (object, key);
      if (child != NULL && child->type == JSON_NODE_OBJECT && JSON_NODE_HOLDS_OBJECT (value))
        {
          g_autoptr(JsonNode) current = NULL;

          if (old == NULL || !JSON_NODE_HOLDS_OBJECT (old))
            old = current = _mcp_jsonc_node_to_json (child);
          _mcp_jsonc_editor_patch_object (editor, child, json_node_get_object (old),
                                          json_node_get_object (value));
        }
      else if (child != NULL)
        {
          g_autofree char *indent = indent_at (doc, child->key_start);

          add_edit (editor, child->start, child->end, pretty (value, indent, editor->unit));
        }
      else
        {
          g_string_append (added, n_added++ > 0 ? ",\n" : "\n");
          g_string_append (added, member_indent);
          write_member (added, key, value, member_indent, editor->unit);
        }
    }

  if (before != NULL)
    {
      for (guint i = 0; i < n_children; i++)
        {
          McpJsoncNode *child = object->children->pdata[i];

          if (json_object_has_member (before, child->key) &&
              !json_object_has_member (after, child->key))
            g_hash_table_add (removed, child);
        }
    }

  for (guint i = 0; i < n_children; i++)
    if (!g_hash_table_contains (removed, object->children->pdata[i]))
      last_kept = object->children->pdata[i];

  /* Removed members before the last kept one take their comma with them;
   * those after it take the comma of the last kept one instead. */
  for (guint i = 0; i < n_children; i++)
    {
      McpJsoncNode *child = object->children->pdata[i];

      if (g_hash_table_contains (removed, child) && last_kept != NULL &&
          child->start < last_kept->start)
        remove_inner_member (editor, child);
    }

  if (last_kept != NULL && last_kept != object->children->pdata[n_children - 1])
    {
      McpJsoncNode *last = object->children->pdata[n_children - 1];

      add_edit (editor, last_kept->comma, last->comma != 0 ? last->comma + 1 : last->end, NULL);
    }
  else if (last_kept == NULL && n_children > 0)
    add_edit (editor, object->start + 1, object->end - 1, NULL);

  if (n_added == 0)
    return;

  if (last_kept != NULL)
    {
      g_string_prepend_c (added, ',');
      add_edit (editor, last_kept->end, last_kept->end,
                g_string_free (g_steal_pointer (&added), FALSE));
    }
  else
    {
      g_string_append_c (added, '\n');
      g_string_append (added, object_indent);
      add_edit (editor, object->start + 1, object->start + 1,
                g_string_free (g_steal_pointer (&added), FALSE));
    }
}

static int
compare_edits (gconstpointer a,
               gconstpointer b)
{
  const Edit *ea = a;
  const Edit *eb = b;

  /* From the end of the text backwards, so that offsets stay valid; at the
   * same offset, a removal before an insertion, so that the insertion is
   * not removed. */
  if (ea->start != eb->start)
    return ea->start < eb->start ? 1 : -1;
  if (ea->end != eb->end)
    return ea->end < eb->end ? 1 : -1;
  return 0;
}

/* The edited text. */
char *
_mcp_jsonc_editor_finish (McpJsoncEditor *editor,
                          gsize          *len)
{
  McpJsoncDocument *doc = editor->doc;
  GString *out = g_string_new_len (doc->text, doc->len);

  g_array_sort (editor->edits, compare_edits);

  for (guint i = 0; i < editor->edits->len; i++)
    {
      Edit *edit = &g_array_index (editor->edits, Edit, i);

      g_string_erase (out, edit->start, edit->end - edit->start);
      if (edit->text != NULL)
        g_string_insert (out, edit->start, edit->text);
    }

  *len = out->len;
  return g_string_free (out, FALSE);
}
