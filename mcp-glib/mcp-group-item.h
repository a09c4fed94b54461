/* mcp-group-item.h
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

#include "mcp-group-server.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpGroupItemKind:
 * @MCP_GROUP_ITEM_KIND_TOOL: a [class@Mcp.Tool], named by its name
 * @MCP_GROUP_ITEM_KIND_RESOURCE: a [class@Mcp.Resource], named by its URI
 * @MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE: a [class@Mcp.ResourceTemplate],
 *   named by its URI template
 * @MCP_GROUP_ITEM_KIND_PROMPT: a [class@Mcp.Prompt], named by its name
 *
 * What a [class@Mcp.GroupItem] holds.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_GROUP_ITEM_KIND_TOOL,
  MCP_GROUP_ITEM_KIND_RESOURCE,
  MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE,
  MCP_GROUP_ITEM_KIND_PROMPT,
} McpGroupItemKind;

#define MCP_TYPE_GROUP_ITEM (mcp_group_item_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGroupItem, mcp_group_item, MCP, GROUP_ITEM, GObject)

MCP_AVAILABLE_IN_1_0
McpGroupItemKind  mcp_group_item_get_kind           (McpGroupItem *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_group_item_get_name           (McpGroupItem *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_group_item_get_qualified_name (McpGroupItem *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_group_item_get_original_name  (McpGroupItem *self);
MCP_AVAILABLE_IN_1_0
McpGroupServer   *mcp_group_item_get_server         (McpGroupItem *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_group_item_get_server_name    (McpGroupItem *self);
MCP_AVAILABLE_IN_1_0
GObject          *mcp_group_item_get_item           (McpGroupItem *self);

G_END_DECLS
