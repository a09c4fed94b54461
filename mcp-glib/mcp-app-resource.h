/* mcp-app-resource.h
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

#include "mcp-client.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * MCP_APP_MIME_TYPE:
 *
 * The MIME type of an MCP App's HTML view, `text/html;profile=mcp-app`.
 *
 * Since: 1.0
 */
#define MCP_APP_MIME_TYPE "text/html;profile=mcp-app"

/**
 * MCP_APP_EXTENSION:
 *
 * The identifier of the MCP Apps extension, `io.modelcontextprotocol/ui`.
 *
 * Since: 1.0
 */
#define MCP_APP_EXTENSION "io.modelcontextprotocol/ui"

#define MCP_TYPE_APP_RESOURCE (mcp_app_resource_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpAppResource, mcp_app_resource, MCP, APP_RESOURCE, GObject)

MCP_AVAILABLE_IN_1_0
McpAppResource *mcp_app_resource_new_from_json     (JsonObject           *json,
                                                    GError              **error);
MCP_AVAILABLE_IN_1_0
void            mcp_app_resource_fetch_async       (McpClient            *client,
                                                    const char           *uri,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
MCP_AVAILABLE_IN_1_0
McpAppResource *mcp_app_resource_fetch_finish      (GAsyncResult         *result,
                                                    GError              **error);
MCP_AVAILABLE_IN_1_0
const char     *mcp_app_resource_get_uri           (McpAppResource       *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_app_resource_get_html          (McpAppResource       *self);
MCP_AVAILABLE_IN_1_0
JsonObject     *mcp_app_resource_get_csp           (McpAppResource       *self);
MCP_AVAILABLE_IN_1_0
JsonObject     *mcp_app_resource_get_permissions   (McpAppResource       *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_app_resource_get_domain        (McpAppResource       *self);
MCP_AVAILABLE_IN_1_0
gboolean        mcp_app_resource_get_prefers_border (McpAppResource      *self,
                                                    gboolean             *prefers_border);
MCP_AVAILABLE_IN_1_0
char           *mcp_app_resource_build_csp         (McpAppResource       *self);
MCP_AVAILABLE_IN_1_0
JsonObject     *mcp_app_resource_get_json          (McpAppResource       *self);

G_END_DECLS
