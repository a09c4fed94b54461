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
JsonObject *mcp_tool_get_json            (McpTool     *self);

G_END_DECLS
