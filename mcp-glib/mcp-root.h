/* mcp-root.h
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

#define MCP_TYPE_ROOT (mcp_root_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpRoot, mcp_root, MCP, ROOT, GObject)

MCP_AVAILABLE_IN_1_0
McpRoot    *mcp_root_new            (const char  *uri,
                                     const char  *name);
MCP_AVAILABLE_IN_1_0
McpRoot    *mcp_root_new_for_file   (GFile       *file,
                                     const char  *name);
MCP_AVAILABLE_IN_1_0
McpRoot    *mcp_root_new_from_json  (JsonObject  *json,
                                     GError     **error);
MCP_AVAILABLE_IN_1_0
const char *mcp_root_get_uri        (McpRoot     *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_root_get_name       (McpRoot     *self);
MCP_AVAILABLE_IN_1_0
JsonObject *mcp_root_get_json       (McpRoot     *self);

G_END_DECLS
