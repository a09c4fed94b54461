/* mcp-resource-contents.h
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

#define MCP_TYPE_RESOURCE_CONTENTS (mcp_resource_contents_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpResourceContents, mcp_resource_contents, MCP, RESOURCE_CONTENTS, GObject)

MCP_AVAILABLE_IN_1_0
McpResourceContents *mcp_resource_contents_new_from_json  (JsonObject           *json,
                                                           GError              **error);
MCP_AVAILABLE_IN_1_0
const char          *mcp_resource_contents_get_uri        (McpResourceContents  *self);
MCP_AVAILABLE_IN_1_0
const char          *mcp_resource_contents_get_mime_type  (McpResourceContents  *self);
MCP_AVAILABLE_IN_1_0
const char          *mcp_resource_contents_get_text       (McpResourceContents  *self);
MCP_AVAILABLE_IN_1_0
GBytes              *mcp_resource_contents_get_data       (McpResourceContents  *self);
MCP_AVAILABLE_IN_1_0
gboolean             mcp_resource_contents_get_is_blob    (McpResourceContents  *self);
MCP_AVAILABLE_IN_1_0
JsonObject          *mcp_resource_contents_get_json       (McpResourceContents  *self);

G_END_DECLS
