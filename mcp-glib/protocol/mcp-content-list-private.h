/* mcp-content-list-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define MCP_TYPE_CONTENT_LIST (mcp_content_list_get_type ())

G_DECLARE_FINAL_TYPE (McpContentList, mcp_content_list, MCP, CONTENT_LIST, GObject)

McpContentList *_mcp_content_list_new (JsonArray *blocks);

G_END_DECLS
