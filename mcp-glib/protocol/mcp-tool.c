/* mcp-tool.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A tool as tools/list describes it. Only what a tool must have (a name
 * and an input schema) is checked; everything else is read from the
 * original JSON on demand, so nothing the server said is lost.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-enums.h"
#include "mcp-i18n-private.h"

#include "mcp-json-private.h"
#include "mcp-tool.h"

/**
 * McpTool:
 *
 * A tool the server offers, as [method@Mcp.Client.list_tools_async] lists
 * it.
 *
 * Tool annotations come from the server and are hints, not guarantees:
 * do not base security decisions on them.
 *
 * Since: 1.0
 */

struct _McpTool
{
  GObject     parent_instance;

  JsonObject *json;
};

G_DEFINE_FINAL_TYPE (McpTool, mcp_tool, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_TITLE,
  PROP_DESCRIPTION,
  PROP_INPUT_SCHEMA,
  PROP_OUTPUT_SCHEMA,
  PROP_ANNOTATIONS,
  PROP_VISIBILITY,
  PROP_UI_RESOURCE_URI,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_tool_finalize (GObject *object)
{
  McpTool *self = (McpTool *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_tool_parent_class)->finalize (object);
}

static void
mcp_tool_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  McpTool *self = MCP_TOOL (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, mcp_tool_get_name (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, mcp_tool_get_title (self));
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, mcp_tool_get_description (self));
      break;

    case PROP_INPUT_SCHEMA:
      g_value_set_boxed (value, mcp_tool_get_input_schema (self));
      break;

    case PROP_OUTPUT_SCHEMA:
      g_value_set_boxed (value, mcp_tool_get_output_schema (self));
      break;

    case PROP_ANNOTATIONS:
      g_value_set_boxed (value, mcp_tool_get_annotations (self));
      break;

    case PROP_VISIBILITY:
      g_value_set_flags (value, mcp_tool_get_visibility (self));
      break;

    case PROP_UI_RESOURCE_URI:
      g_value_set_string (value, mcp_tool_get_ui_resource_uri (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_tool_class_init (McpToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_tool_finalize;
  object_class->get_property = mcp_tool_get_property;

  /**
   * McpTool:name:
   *
   * The name to call the tool by.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:title:
   *
   * A name for display, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:description:
   *
   * What the tool does, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:input-schema:
   *
   * The JSON Schema of the tool's arguments.
   *
   * Since: 1.0
   */
  properties[PROP_INPUT_SCHEMA] =
    g_param_spec_boxed ("input-schema", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:output-schema:
   *
   * The JSON Schema of the tool's structured result, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_OUTPUT_SCHEMA] =
    g_param_spec_boxed ("output-schema", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:annotations:
   *
   * Hints about the tool's behaviour (`readOnlyHint`, ...), or %NULL.
   * They are untrusted.
   *
   * Since: 1.0
   */
  properties[PROP_ANNOTATIONS] =
    g_param_spec_boxed ("annotations", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:visibility:
   *
   * Who may see and call the tool: see [method@Mcp.Tool.get_visibility].
   * A list of tools for a model filters on it (e.g. with a
   * `GtkFilterListModel`): a tool without %MCP_TOOL_VISIBILITY_MODEL is
   * for its app's view only.
   *
   * Since: 1.0
   */
  properties[PROP_VISIBILITY] =
    g_param_spec_flags ("visibility", NULL, NULL, MCP_TYPE_TOOL_VISIBILITY,
                        MCP_TOOL_VISIBILITY_MODEL | MCP_TOOL_VISIBILITY_APP,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:ui-resource-uri:
   *
   * The `ui://` URI of the tool's MCP App view, or %NULL: see
   * [method@Mcp.Tool.get_ui_resource_uri].
   *
   * Since: 1.0
   */
  properties[PROP_UI_RESOURCE_URI] =
    g_param_spec_string ("ui-resource-uri", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:json:
   *
   * The tool exactly as the server described it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_tool_init (McpTool *self)
{
}

/**
 * mcp_tool_new_from_json:
 * @json: a `Tool` object
 * @error: return location for an error
 *
 * Creates a tool from its description. The description must have a
 * string `name` and an object `inputSchema`.
 *
 * Returns: (transfer full) (nullable): a new tool, or %NULL with @error set
 *
 * Since: 1.0
 */
McpTool *
mcp_tool_new_from_json (JsonObject  *json,
                        GError     **error)
{
  McpTool *self;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (_mcp_json_object_get_string (json, "name") == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A tool has no name"));
      return NULL;
    }

  if (_mcp_json_object_get_object (json, "inputSchema") == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The tool “%s” has no input schema"),
                   _mcp_json_object_get_string (json, "name"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_TOOL, NULL);
  self->json = json_object_ref (json);

  return self;
}

/**
 * mcp_tool_get_name:
 * @self: a tool
 *
 * Gets the tool's name.
 *
 * Returns: the tool's name
 *
 * Since: 1.0
 */
const char *
mcp_tool_get_name (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return _mcp_json_object_get_string (self->json, "name");
}

/**
 * mcp_tool_get_title:
 * @self: a tool
 *
 * Gets the tool's title.
 *
 * Returns: (nullable): the tool's title
 *
 * Since: 1.0
 */
const char *
mcp_tool_get_title (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return _mcp_json_object_get_string (self->json, "title");
}

/**
 * mcp_tool_get_display_name:
 * @self: a tool
 *
 * The name to show a person, following the specification's order: the
 * title, else the title in the annotations, else the name.
 *
 * Returns: a name for display
 *
 * Since: 1.0
 */
const char *
mcp_tool_get_display_name (McpTool *self)
{
  const char *name;

  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  if ((name = mcp_tool_get_title (self)) ||
      (name = _mcp_json_object_get_string (mcp_tool_get_annotations (self), "title")))
    return name;

  return mcp_tool_get_name (self);
}

/**
 * mcp_tool_get_description:
 * @self: a tool
 *
 * Gets the tool's description.
 *
 * Returns: (nullable): the tool's description
 *
 * Since: 1.0
 */
const char *
mcp_tool_get_description (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return _mcp_json_object_get_string (self->json, "description");
}

/**
 * mcp_tool_get_input_schema:
 * @self: a tool
 *
 * Gets the JSON Schema of the arguments.
 *
 * Returns: (transfer none): the JSON Schema of the arguments
 *
 * Since: 1.0
 */
JsonObject *
mcp_tool_get_input_schema (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return _mcp_json_object_get_object (self->json, "inputSchema");
}

/**
 * mcp_tool_get_output_schema:
 * @self: a tool
 *
 * Gets the JSON Schema of the structured result, if the tool has one.
 *
 * Returns: (transfer none) (nullable): the JSON Schema of the structured
 *   result, if the tool has one
 *
 * Since: 1.0
 */
JsonObject *
mcp_tool_get_output_schema (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return _mcp_json_object_get_object (self->json, "outputSchema");
}

/**
 * mcp_tool_get_annotations:
 * @self: a tool
 *
 * Gets the tool's annotations.
 *
 * Returns: (transfer none) (nullable): the tool's annotations
 *
 * Since: 1.0
 */
JsonObject *
mcp_tool_get_annotations (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return _mcp_json_object_get_object (self->json, "annotations");
}

/**
 * mcp_tool_get_task_support:
 * @self: a tool
 *
 * Gets whether the tool runs as a task, from `execution.taskSupport`.
 *
 * Returns: the tool's task support
 *
 * Since: 1.0
 */
McpTaskSupport
mcp_tool_get_task_support (McpTool *self)
{
  const char *support;

  g_return_val_if_fail (MCP_IS_TOOL (self), MCP_TASK_SUPPORT_FORBIDDEN);

  support = _mcp_json_object_get_string (_mcp_json_object_get_object (self->json, "execution"),
                                         "taskSupport");
  if (g_strcmp0 (support, "required") == 0)
    return MCP_TASK_SUPPORT_REQUIRED;
  if (g_strcmp0 (support, "optional") == 0)
    return MCP_TASK_SUPPORT_OPTIONAL;

  return MCP_TASK_SUPPORT_FORBIDDEN;
}

/**
 * mcp_tool_get_visibility:
 * @self: a tool
 *
 * Gets who may see and call the tool, from MCP Apps' `_meta.ui.visibility`:
 * a tool without it, or whose value is not a list of strings, is visible
 * to both the model and the app. Values mcp-glib does not know are
 * ignored. An agent never offers a model a tool without
 * %MCP_TOOL_VISIBILITY_MODEL ([class@Mcp.Toolbox] does not).
 *
 * Returns: the tool's visibility
 *
 * Since: 1.0
 */
McpToolVisibility
mcp_tool_get_visibility (McpTool *self)
{
  McpToolVisibility visibility = MCP_TOOL_VISIBILITY_NONE;
  JsonObject *ui;
  JsonArray *list;

  g_return_val_if_fail (MCP_IS_TOOL (self), MCP_TOOL_VISIBILITY_NONE);

  ui = _mcp_json_object_get_object (_mcp_json_object_get_object (self->json, "_meta"), "ui");
  list = _mcp_json_object_get_array (ui, "visibility");
  if (list == NULL)
    return MCP_TOOL_VISIBILITY_MODEL | MCP_TOOL_VISIBILITY_APP;

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *node = json_array_get_element (list, i);
      const char *value;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        return MCP_TOOL_VISIBILITY_MODEL | MCP_TOOL_VISIBILITY_APP;

      value = json_node_get_string (node);
      if (g_str_equal (value, "model"))
        visibility |= MCP_TOOL_VISIBILITY_MODEL;
      else if (g_str_equal (value, "app"))
        visibility |= MCP_TOOL_VISIBILITY_APP;
    }

  return visibility;
}

/**
 * mcp_tool_get_ui_resource_uri:
 * @self: a tool
 *
 * Gets the `ui://` URI of the tool's MCP App view, from
 * `_meta.ui.resourceUri` or the deprecated flat key
 * `_meta["ui/resourceUri"]`. [func@Mcp.AppResource.fetch_async] reads it.
 *
 * Returns: (nullable): the view's URI, or %NULL when the tool has no view
 *
 * Since: 1.0
 */
const char *
mcp_tool_get_ui_resource_uri (McpTool *self)
{
  JsonObject *meta;
  const char *uri;

  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  meta = _mcp_json_object_get_object (self->json, "_meta");
  uri = _mcp_json_object_get_string (_mcp_json_object_get_object (meta, "ui"), "resourceUri");
  if (uri == NULL)
    uri = _mcp_json_object_get_string (meta, "ui/resourceUri");

  return uri;
}

/**
 * mcp_tool_get_json:
 * @self: a tool
 *
 * Gets the tool exactly as the server described it.
 *
 * Returns: (transfer none): the tool exactly as the server described it
 *
 * Since: 1.0
 */
JsonObject *
mcp_tool_get_json (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return self->json;
}
