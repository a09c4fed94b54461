/* mcp-tool.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpTaskSupport:
 * @MCP_TASK_SUPPORT_FORBIDDEN: the tool cannot run as a task (the default)
 * @MCP_TASK_SUPPORT_OPTIONAL: the tool may run as a task
 * @MCP_TASK_SUPPORT_REQUIRED: the tool must run as a task
 *
 * Whether a tool runs as a task (`execution.taskSupport`). mcp-glib calls
 * tools that require it as tasks by itself.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_TASK_SUPPORT_FORBIDDEN,
  MCP_TASK_SUPPORT_OPTIONAL,
  MCP_TASK_SUPPORT_REQUIRED,
} McpTaskSupport;

/**
 * McpToolVisibility:
 * @MCP_TOOL_VISIBILITY_NONE: seen by nobody (an empty list)
 * @MCP_TOOL_VISIBILITY_MODEL: the language model may call the tool
 * @MCP_TOOL_VISIBILITY_APP: the tool's MCP App view may call the tool
 *
 * Who may see and call a tool, from MCP Apps' `_meta.ui.visibility`
 * (`"model"`, `"app"`). A tool that does not say is visible to both.
 *
 * Since: 1.0
 */
typedef enum /*< flags >*/
{
  MCP_TOOL_VISIBILITY_NONE  = 0,
  MCP_TOOL_VISIBILITY_MODEL = 1 << 0,
  MCP_TOOL_VISIBILITY_APP   = 1 << 1,
} McpToolVisibility;

#define MCP_TYPE_TOOL (mcp_tool_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpTool, mcp_tool, MCP, TOOL, GObject)

MCP_AVAILABLE_IN_1_0
McpTool    *mcp_tool_new_from_json       (JsonObject  *json,
                                          GError     **error);
MCP_AVAILABLE_IN_1_0
const char *mcp_tool_get_name            (McpTool     *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_tool_get_title           (McpTool     *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_tool_get_display_name    (McpTool     *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_tool_get_description     (McpTool     *self);
MCP_AVAILABLE_IN_1_0
JsonObject *mcp_tool_get_input_schema    (McpTool     *self);
MCP_AVAILABLE_IN_1_0
JsonObject *mcp_tool_get_output_schema   (McpTool     *self);
MCP_AVAILABLE_IN_1_0
JsonObject *mcp_tool_get_annotations     (McpTool     *self);
MCP_AVAILABLE_IN_1_0
McpTaskSupport mcp_tool_get_task_support (McpTool     *self);
MCP_AVAILABLE_IN_1_0
McpToolVisibility mcp_tool_get_visibility (McpTool *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_tool_get_ui_resource_uri (McpTool    *self);
MCP_AVAILABLE_IN_1_0
JsonObject *mcp_tool_get_json            (McpTool     *self);

G_END_DECLS
