/* mcp-tool-result.h
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

#define MCP_TYPE_TOOL_RESULT (mcp_tool_result_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpToolResult, mcp_tool_result, MCP, TOOL_RESULT, GObject)

MCP_AVAILABLE_IN_1_0
McpToolResult *mcp_tool_result_new_from_json          (JsonObject     *json,
                                                       GError        **error);
MCP_AVAILABLE_IN_1_0
GListModel    *mcp_tool_result_get_content            (McpToolResult  *self);
MCP_AVAILABLE_IN_1_0
JsonNode      *mcp_tool_result_get_structured_content (McpToolResult  *self);
MCP_AVAILABLE_IN_1_0
gboolean       mcp_tool_result_get_is_error           (McpToolResult  *self);
MCP_AVAILABLE_IN_1_0
char          *mcp_tool_result_dup_text               (McpToolResult  *self);
MCP_AVAILABLE_IN_1_0
JsonObject    *mcp_tool_result_get_json               (McpToolResult  *self);

G_END_DECLS
