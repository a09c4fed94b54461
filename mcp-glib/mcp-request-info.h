/* mcp-request-info.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_REQUEST_INFO (mcp_request_info_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpRequestInfo, mcp_request_info, MCP, REQUEST_INFO, GObject)

MCP_AVAILABLE_IN_1_0
JsonNode    *mcp_request_info_get_message          (McpRequestInfo *self);
MCP_AVAILABLE_IN_1_0
const char  *mcp_request_info_get_method           (McpRequestInfo *self);
MCP_AVAILABLE_IN_1_0
const char  *mcp_request_info_get_name             (McpRequestInfo *self);
MCP_AVAILABLE_IN_1_0
const char  *mcp_request_info_get_protocol_version (McpRequestInfo *self);
MCP_AVAILABLE_IN_1_0
gboolean     mcp_request_info_get_stateless        (McpRequestInfo *self);
MCP_AVAILABLE_IN_1_0
void         mcp_request_info_set_param            (McpRequestInfo *self,
                                                    const char     *name,
                                                    const char     *value);
MCP_AVAILABLE_IN_1_0
const char  *mcp_request_info_get_param            (McpRequestInfo *self,
                                                    const char     *name);
MCP_AVAILABLE_IN_1_0
char       **mcp_request_info_list_params          (McpRequestInfo *self);
MCP_AVAILABLE_IN_1_0
GHashTable  *mcp_request_info_get_http_headers     (McpRequestInfo *self);

G_END_DECLS
