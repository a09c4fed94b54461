/* mcp-resource.h
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

#define MCP_TYPE_RESOURCE (mcp_resource_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpResource, mcp_resource, MCP, RESOURCE, GObject)

MCP_AVAILABLE_IN_1_0
McpResource *mcp_resource_new_from_json     (JsonObject   *json,
                                             GError      **error);
MCP_AVAILABLE_IN_1_0
const char  *mcp_resource_get_uri           (McpResource  *self);
MCP_AVAILABLE_IN_1_0
const char  *mcp_resource_get_name          (McpResource  *self);
MCP_AVAILABLE_IN_1_0
const char  *mcp_resource_get_title         (McpResource  *self);
MCP_AVAILABLE_IN_1_0
const char  *mcp_resource_get_display_name  (McpResource  *self);
MCP_AVAILABLE_IN_1_0
const char  *mcp_resource_get_description   (McpResource  *self);
MCP_AVAILABLE_IN_1_0
const char  *mcp_resource_get_mime_type     (McpResource  *self);
MCP_AVAILABLE_IN_1_0
gint64       mcp_resource_get_size          (McpResource  *self);
MCP_AVAILABLE_IN_1_0
JsonObject  *mcp_resource_get_annotations   (McpResource  *self);
MCP_AVAILABLE_IN_1_0
JsonObject  *mcp_resource_get_json          (McpResource  *self);

G_END_DECLS
