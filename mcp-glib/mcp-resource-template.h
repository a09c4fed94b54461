/* mcp-resource-template.h
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

#define MCP_TYPE_RESOURCE_TEMPLATE (mcp_resource_template_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpResourceTemplate, mcp_resource_template, MCP, RESOURCE_TEMPLATE, GObject)

MCP_AVAILABLE_IN_1_0
McpResourceTemplate *mcp_resource_template_new_from_json     (JsonObject           *json,
                                                              GError              **error);
MCP_AVAILABLE_IN_1_0
const char          *mcp_resource_template_get_uri_template  (McpResourceTemplate  *self);
MCP_AVAILABLE_IN_1_0
const char          *mcp_resource_template_get_name          (McpResourceTemplate  *self);
MCP_AVAILABLE_IN_1_0
const char          *mcp_resource_template_get_title         (McpResourceTemplate  *self);
MCP_AVAILABLE_IN_1_0
const char          *mcp_resource_template_get_display_name  (McpResourceTemplate  *self);
MCP_AVAILABLE_IN_1_0
const char          *mcp_resource_template_get_description   (McpResourceTemplate  *self);
MCP_AVAILABLE_IN_1_0
const char          *mcp_resource_template_get_mime_type     (McpResourceTemplate  *self);
MCP_AVAILABLE_IN_1_0
JsonObject          *mcp_resource_template_get_annotations   (McpResourceTemplate  *self);
MCP_AVAILABLE_IN_1_0
JsonObject          *mcp_resource_template_get_json          (McpResourceTemplate  *self);

G_END_DECLS
