/* mcp-toolbox-call.h
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

#include "mcp-group-item.h"
#include "mcp-tool.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_TOOLBOX_CALL (mcp_toolbox_call_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpToolboxCall, mcp_toolbox_call, MCP, TOOLBOX_CALL, GObject)

MCP_AVAILABLE_IN_1_0
const char   *mcp_toolbox_call_get_id          (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
const char   *mcp_toolbox_call_get_name        (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
McpGroupItem *mcp_toolbox_call_get_item        (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
McpTool      *mcp_toolbox_call_get_tool        (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
const char   *mcp_toolbox_call_get_server_name (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
JsonObject   *mcp_toolbox_call_get_arguments   (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
JsonObject   *mcp_toolbox_call_get_annotations (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
gboolean      mcp_toolbox_call_get_read_only   (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
GCancellable *mcp_toolbox_call_get_cancellable (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
void          mcp_toolbox_call_approve         (McpToolboxCall *self);
MCP_AVAILABLE_IN_1_0
void          mcp_toolbox_call_deny            (McpToolboxCall *self,
                                                const char     *reason);

G_END_DECLS
