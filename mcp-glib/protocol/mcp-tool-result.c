/* mcp-tool-result.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The result of tools/call. A tool that failed (isError) is a result, not
 * an error: the model is meant to see the failure and react to it.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-content.h"
#include "mcp-content-list-private.h"
#include "mcp-json-private.h"
#include "mcp-tool-result.h"

/**
 * McpToolResult:
 *
 * What a tool call returned: content blocks, optionally structured
 * content, and whether the tool reported a failure.
 *
 * A tool that ran but failed is not a #GError: the result then has
 * [property@Mcp.ToolResult:is-error] set and usually a text block saying
 * why.
 *
 * Since: 1.0
 */

struct _McpToolResult
{
  GObject     parent_instance;

  JsonObject *json;
  /* Made on first use: most callers only want the text. */
  GListModel *content;
};

G_DEFINE_FINAL_TYPE (McpToolResult, mcp_tool_result, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CONTENT,
  PROP_STRUCTURED_CONTENT,
  PROP_IS_ERROR,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_tool_result_finalize (GObject *object)
{
  McpToolResult *self = (McpToolResult *)object;

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_object (&self->content);

  G_OBJECT_CLASS (mcp_tool_result_parent_class)->finalize (object);
}

/* The blocks of the result's "content", checked when it was made. */
static JsonArray *
content_array (McpToolResult *self)
{
  return _mcp_json_object_get_array (self->json, "content");
}

static GListModel *
ensure_content (McpToolResult *self)
{
  if (self->content == NULL)
    self->content = G_LIST_MODEL (_mcp_content_list_new (content_array (self)));

  return self->content;
}

static void
mcp_tool_result_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  McpToolResult *self = MCP_TOOL_RESULT (object);

  switch (prop_id)
    {
    case PROP_CONTENT:
      g_value_set_object (value, ensure_content (self));
      break;

    case PROP_STRUCTURED_CONTENT:
      g_value_set_boxed (value, mcp_tool_result_get_structured_content (self));
      break;

    case PROP_IS_ERROR:
      g_value_set_boolean (value, mcp_tool_result_get_is_error (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_tool_result_class_init (McpToolResultClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_tool_result_finalize;
  object_class->get_property = mcp_tool_result_get_property;

  /**
   * McpToolResult:content:
   *
   * The content blocks, a list of [class@Mcp.Content].
   *
   * Since: 1.0
   */
  properties[PROP_CONTENT] =
    g_param_spec_object ("content", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolResult:structured-content:
   *
   * The structured result (usually an object matching the tool's output
   * schema), or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_STRUCTURED_CONTENT] =
    g_param_spec_boxed ("structured-content", NULL, NULL, JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolResult:is-error:
   *
   * Whether the tool reported that it failed.
   *
   * Since: 1.0
   */
  properties[PROP_IS_ERROR] =
    g_param_spec_boolean ("is-error", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolResult:json:
   *
   * The result exactly as the server sent it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_tool_result_init (McpToolResult *self)
{
}

/**
 * mcp_tool_result_new_from_json:
 * @json: a `CallToolResult` object
 * @error: return location for an error
 *
 * Creates a tool result from its JSON. `content` must be an array if
 * present; blocks of unknown types are kept.
 *
 * Returns: (transfer full) (nullable): a new tool result
 *
 * Since: 1.0
 */
McpToolResult *
mcp_tool_result_new_from_json (JsonObject  *json,
                               GError     **error)
{
  g_autoptr(McpToolResult) self = NULL;
  JsonNode *content_node;
  JsonArray *content;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  content_node = json_object_get_member (json, "content");
  if (content_node != NULL && !JSON_NODE_HOLDS_ARRAY (content_node))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The tool result’s content is not a list"));
      return NULL;
    }

  /* What mcp_content_new_from_json () needs, checked now; the blocks are
   * made when they are asked for. */
  content = content_node != NULL ? json_node_get_array (content_node) : NULL;
  for (guint i = 0; content != NULL && i < json_array_get_length (content); i++)
    {
      JsonNode *element = json_array_get_element (content, i);

      if (!JSON_NODE_HOLDS_OBJECT (element) ||
          _mcp_json_object_get_string (json_node_get_object (element), "type") == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Content block %u of the tool result is not a content block"), i);
          return NULL;
        }
    }

  self = g_object_new (MCP_TYPE_TOOL_RESULT, NULL);
  self->json = json_object_ref (json);

  return g_steal_pointer (&self);
}

/**
 * mcp_tool_result_get_content:
 * @self: a tool result
 *
 * Gets the content blocks, a list of [class@Mcp.Content].
 *
 * Returns: (transfer none): the content blocks, a list of [class@Mcp.Content]
 *
 * Since: 1.0
 */
GListModel *
mcp_tool_result_get_content (McpToolResult *self)
{
  g_return_val_if_fail (MCP_IS_TOOL_RESULT (self), NULL);

  return ensure_content (self);
}

/**
 * mcp_tool_result_get_structured_content:
 * @self: a tool result
 *
 * Gets the structured content.
 *
 * Returns: (transfer none) (nullable): the structured content
 *
 * Since: 1.0
 */
JsonNode *
mcp_tool_result_get_structured_content (McpToolResult *self)
{
  g_return_val_if_fail (MCP_IS_TOOL_RESULT (self), NULL);

  return json_object_get_member (self->json, "structuredContent");
}

/**
 * mcp_tool_result_get_is_error:
 * @self: a tool result
 *
 * Returns whether the tool reported a failure.
 *
 * Returns: whether the tool reported a failure
 *
 * Since: 1.0
 */
gboolean
mcp_tool_result_get_is_error (McpToolResult *self)
{
  g_return_val_if_fail (MCP_IS_TOOL_RESULT (self), FALSE);

  return _mcp_json_object_get_bool (self->json, "isError", FALSE);
}

/**
 * mcp_tool_result_dup_text:
 * @self: a tool result
 *
 * Joins the text of all text blocks, one per line: the quick way to the
 * answer of a tool that returns text.
 *
 * Returns: (transfer full): the text, empty when there are no text blocks
 *
 * Since: 1.0
 */
char *
mcp_tool_result_dup_text (McpToolResult *self)
{
  GString *text = NULL;
  JsonArray *content;
  guint n;

  g_return_val_if_fail (MCP_IS_TOOL_RESULT (self), NULL);

  /* Straight from the JSON, as mcp_content_get_text () reads a text block:
   * no content block objects for a string. */
  content = content_array (self);
  n = content != NULL ? json_array_get_length (content) : 0;
  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (content, i);
      JsonObject *block;
      const char *block_text;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      block = json_node_get_object (element);
      if (g_strcmp0 (_mcp_json_object_get_string (block, "type"), "text") != 0 ||
          !(block_text = _mcp_json_object_get_string (block, "text")))
        continue;

      /* One text, the usual case: copied once, not grown. */
      if (text == NULL)
        text = g_string_sized_new (strlen (block_text) + 1);
      else if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, block_text);
    }

  return text != NULL ? g_string_free (text, FALSE) : g_strdup ("");
}

/**
 * mcp_tool_result_get_json:
 * @self: a tool result
 *
 * Gets the result exactly as the server sent it.
 *
 * Returns: (transfer none): the result exactly as the server sent it
 *
 * Since: 1.0
 */
JsonObject *
mcp_tool_result_get_json (McpToolResult *self)
{
  g_return_val_if_fail (MCP_IS_TOOL_RESULT (self), NULL);

  return self->json;
}
