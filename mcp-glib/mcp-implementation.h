/* mcp-implementation.h
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

#define MCP_TYPE_IMPLEMENTATION (mcp_implementation_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpImplementation, mcp_implementation, MCP, IMPLEMENTATION, GObject)

MCP_AVAILABLE_IN_1_0
McpImplementation *mcp_implementation_new_from_json (JsonObject *json);
MCP_AVAILABLE_IN_1_0
const char *mcp_implementation_get_name    (McpImplementation *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_implementation_get_version (McpImplementation *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_implementation_get_title   (McpImplementation *self);
MCP_AVAILABLE_IN_1_0
JsonObject *mcp_implementation_get_json    (McpImplementation *self);

G_END_DECLS
