/* mcp-toolbox-results.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The results of a McpToolbox's calls, as each model API takes them: text
 * the model reads, images where the API takes them in a tool result and a
 * short description elsewhere, the error flag, and a size budget per
 * result that cuts what is too long, saying so.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"
#include "mcp-json-private.h"
#include "mcp-toolbox-private.h"

typedef struct
{
  McpToolboxFormat  format;
  gsize             left;   /* bytes of the budget not used yet */
  gsize             total;  /* bytes of the result in full */
  gsize             shown;  /* bytes of it shown */
  GString          *text;   /* the text not yet in a block */
  JsonArray        *blocks; /* Anthropic's content blocks */
} Render;

static void
add_text (Render     *render,
          const char *text,
          gssize      length)
{
  gsize size = length < 0 ? strlen (text) : (gsize) length;
  const char *end;

  if (render->text->len > 0 || render->shown > 0)
    {
      render->total++;
      if (render->left > 0)
        {
          g_string_append_c (render->text, '\n');
          render->left--;
          render->shown++;
        }
    }

  render->total += size;
  if (size <= render->left)
    {
      g_string_append_len (render->text, text, size);
      render->left -= size;
      render->shown += size;
      return;
    }

  /* Cut at a character's start, so the text stays UTF-8. */
  end = text + render->left;
  while (end > text && (*end & 0xc0) == 0x80)
    end--;
  g_string_append_len (render->text, text, end - text);
  render->shown += end - text;
  render->left = 0;
}

static void
flush_text (Render *render)
{
  JsonObject *block;

  if (render->blocks == NULL || render->text->len == 0)
    return;

  block = json_object_new ();
  json_object_set_string_member (block, "type", "text");
  json_object_set_string_member (block, "text", render->text->str);
  json_array_add_object_element (render->blocks, block);
  g_string_truncate (render->text, 0);
}

/* The size of base64 data, without decoding it. */
static gsize
base64_size (const char *data)
{
  gsize length = data != NULL ? strlen (data) : 0;
  gsize size = length / 4 * 3;

  if (length >= 1 && data[length - 1] == '=')
    size--;
  if (length >= 2 && data[length - 2] == '=')
    size--;
  return size;
}

static gboolean
anthropic_image_type (const char *mime_type)
{
  static const char * const types[] = {
    "image/jpeg", "image/png", "image/gif", "image/webp", NULL
  };

  return mime_type != NULL && g_strv_contains (types, mime_type);
}

static void
add_image (Render     *render,
           JsonObject *json)
{
  const char *mime_type = _mcp_json_object_get_string (json, "mimeType");
  const char *data = _mcp_json_object_get_string (json, "data");
  gsize length = data != NULL ? strlen (data) : 0;
  g_autofree char *description = NULL;

  if (render->blocks != NULL && anthropic_image_type (mime_type) && length > 0 &&
      length <= render->left)
    {
      JsonObject *block = json_object_new ();
      JsonObject *source = json_object_new ();

      flush_text (render);
      json_object_set_string_member (source, "type", "base64");
      json_object_set_string_member (source, "media_type", mime_type);
      json_object_set_string_member (source, "data", data);
      json_object_set_string_member (block, "type", "image");
      json_object_set_object_member (block, "source", source);
      json_array_add_object_element (render->blocks, block);
      render->left -= length;
      render->total += length;
      render->shown += length;
      return;
    }

  description = g_strdup_printf (_("[Image: %s, %zu bytes, not shown]"),
                                 mime_type != NULL ? mime_type : "unknown type",
                                 base64_size (data));
  add_text (render, description, -1);
}

/* A content block, read from the result's JSON: the same fields as
 * McpContent reads, without making an object of each block. */
static void
add_content (Render   *render,
             JsonNode *node)
{
  JsonObject *json = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *type = _mcp_json_object_get_string (json, "type");
  const char *mime_type = _mcp_json_object_get_string (json, "mimeType");
  g_autofree char *text = NULL;

  if (g_strcmp0 (type, "text") == 0 && _mcp_json_object_get_string (json, "text") != NULL)
    {
      add_text (render, _mcp_json_object_get_string (json, "text"), -1);
      return;
    }

  if (g_strcmp0 (type, "image") == 0)
    {
      add_image (render, json);
      return;
    }

  if (g_strcmp0 (type, "audio") == 0)
    text = g_strdup_printf (_("[Audio: %s, %zu bytes, not shown]"),
                            mime_type != NULL ? mime_type : "unknown type",
                            base64_size (_mcp_json_object_get_string (json, "data")));
  else if (g_strcmp0 (type, "resource_link") == 0 && _mcp_json_object_get_string (json, "uri") != NULL)
    {
      const char *name = _mcp_json_object_get_string (json, "name");
      const char *description = _mcp_json_object_get_string (json, "description");
      GString *link = g_string_new (NULL);

      g_string_append_printf (link, _("[Resource link: %s"), _mcp_json_object_get_string (json, "uri"));
      if (name != NULL)
        g_string_append_printf (link, " “%s”", name);
      if (mime_type != NULL)
        g_string_append_printf (link, " (%s)", mime_type);
      if (description != NULL)
        g_string_append_printf (link, ": %s", description);
      g_string_append_c (link, ']');
      text = g_string_free (link, FALSE);
    }
  else if (g_strcmp0 (type, "resource") == 0 && _mcp_json_object_get_object (json, "resource") != NULL)
    {
      JsonObject *resource = _mcp_json_object_get_object (json, "resource");
      const char *uri = _mcp_json_object_get_string (resource, "uri");
      const char *body = _mcp_json_object_get_string (resource, "text");

      mime_type = _mcp_json_object_get_string (resource, "mimeType");
      if (body != NULL)
        text = g_strdup_printf (_("[Resource %s]\n%s"), uri != NULL ? uri : "", body);
      else
        text = g_strdup_printf (_("[Resource %s: %s, %zu bytes, not shown]"),
                                uri != NULL ? uri : "",
                                mime_type != NULL ? mime_type : "unknown type",
                                base64_size (_mcp_json_object_get_string (resource, "blob")));
    }
  else
    {
      /* What mcp-glib does not model still reaches the model, as JSON. */
      text = _mcp_json_node_to_string (node);
    }

  add_text (render, text, -1);
}

static JsonArray *
result_content (McpToolResult *result)
{
  return _mcp_json_object_get_array (mcp_tool_result_get_json (result), "content");
}

/* Whether a text block already holds the structured content, as the
 * specification asks servers to do. Read with the library's reader,
 * which bounds the depth of what a server sends. */
static gboolean
text_holds (McpToolResult *result,
            JsonNode      *structured)
{
  JsonArray *content = result_content (result);

  for (guint i = 0; content != NULL && i < json_array_get_length (content); i++)
    {
      JsonNode *node = json_array_get_element (content, i);
      JsonObject *block = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *text = _mcp_json_object_get_string (block, "text");
      g_autoptr(JsonNode) parsed = NULL;

      if (text == NULL || g_strcmp0 (_mcp_json_object_get_string (block, "type"), "text") != 0)
        continue;
      parsed = _mcp_json_parse_message (text, strlen (text), NULL);
      if (parsed != NULL && json_node_equal (parsed, structured))
        return TRUE;
    }

  return FALSE;
}

static void
render_entry (Render          *render,
              McpToolboxEntry *entry)
{
  JsonArray *content;
  JsonNode *structured;

  if (entry->result == NULL)
    {
      add_text (render, entry->problem, -1);
      return;
    }

  if (mcp_tool_result_get_is_error (entry->result) && render->blocks == NULL &&
      render->format != MCP_TOOLBOX_FORMAT_GEMINI)
    add_text (render, _("The tool reported an error:"), -1);

  content = result_content (entry->result);
  for (guint i = 0; content != NULL && i < json_array_get_length (content); i++)
    add_content (render, json_array_get_element (content, i));

  structured = mcp_tool_result_get_structured_content (entry->result);
  if (structured != NULL && !text_holds (entry->result, structured))
    {
      g_autofree char *json = _mcp_json_node_to_string (structured);

      add_text (render, json, -1);
    }

  if (render->total == 0)
    add_text (render, _("(The tool returned nothing.)"), -1);
}

static void
finish_render (Render *render)
{
  if (render->shown < render->total)
    {
      g_autofree char *marker = NULL;

      /* The marker is outside the budget: the model must see it. */
      marker = g_strdup_printf (_("[Cut: the result has %zu bytes, of which the first %zu "
                                  "are shown.]"),
                                render->total, render->shown);
      if (render->text->len > 0)
        g_string_append_c (render->text, '\n');
      g_string_append (render->text, marker);
    }
  flush_text (render);
}

static gboolean
entry_failed (McpToolboxEntry *entry)
{
  return entry->result == NULL || mcp_tool_result_get_is_error (entry->result);
}

JsonNode *
_mcp_toolbox_results (McpToolboxFormat  format,
                      GPtrArray        *entries,
                      gsize             budget)
{
  JsonArray *messages = json_array_new ();
  JsonArray *blocks = NULL;

  if (entries->len > 0 && (format == MCP_TOOLBOX_FORMAT_ANTHROPIC ||
                           format == MCP_TOOLBOX_FORMAT_GEMINI))
    {
      JsonObject *message = json_object_new ();

      blocks = json_array_new ();
      json_object_set_string_member (message, "role", "user");
      json_object_set_array_member (message,
                                    format == MCP_TOOLBOX_FORMAT_ANTHROPIC ? "content" : "parts",
                                    json_array_ref (blocks));
      json_array_add_object_element (messages, message);
    }

  for (guint i = 0; i < entries->len; i++)
    {
      McpToolboxEntry *entry = g_ptr_array_index (entries, i);
      Render render = { format, budget, 0, 0, g_string_new (NULL), NULL };
      JsonObject *message = json_object_new ();

      if (format == MCP_TOOLBOX_FORMAT_ANTHROPIC)
        render.blocks = json_array_new ();
      render_entry (&render, entry);
      finish_render (&render);

      switch (format)
        {
        case MCP_TOOLBOX_FORMAT_OPENAI:
          json_object_set_string_member (message, "role", "tool");
          json_object_set_string_member (message, "tool_call_id", entry->id);
          json_object_set_string_member (message, "content", render.text->str);
          json_array_add_object_element (messages, message);
          break;

        case MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES:
          json_object_set_string_member (message, "type", "function_call_output");
          json_object_set_string_member (message, "call_id", entry->id);
          json_object_set_string_member (message, "output", render.text->str);
          json_array_add_object_element (messages, message);
          break;

        case MCP_TOOLBOX_FORMAT_OLLAMA:
          json_object_set_string_member (message, "role", "tool");
          json_object_set_string_member (message, "tool_name", entry->name);
          json_object_set_string_member (message, "content", render.text->str);
          json_array_add_object_element (messages, message);
          break;

        case MCP_TOOLBOX_FORMAT_ANTHROPIC:
          json_object_set_string_member (message, "type", "tool_result");
          json_object_set_string_member (message, "tool_use_id", entry->id);
          json_object_set_array_member (message, "content", g_steal_pointer (&render.blocks));
          json_object_set_boolean_member (message, "is_error", entry_failed (entry));
          json_array_add_object_element (blocks, message);
          break;

        case MCP_TOOLBOX_FORMAT_GEMINI:
          {
            JsonObject *response = json_object_new ();
            JsonObject *function_response = json_object_new ();

            json_object_set_string_member (response, entry_failed (entry) ? "error" : "output",
                                           render.text->str);
            if (entry->has_id)
              json_object_set_string_member (function_response, "id", entry->id);
            json_object_set_string_member (function_response, "name", entry->name);
            json_object_set_object_member (function_response, "response", response);
            json_object_set_object_member (message, "functionResponse", function_response);
            json_array_add_object_element (blocks, message);
          }
          break;

        default:
          g_assert_not_reached ();
        }

      g_string_free (render.text, TRUE);
      g_clear_pointer (&render.blocks, json_array_unref);
    }

  g_clear_pointer (&blocks, json_array_unref);

  return _mcp_json_node_new_array (messages);
}
