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
