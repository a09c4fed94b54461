/* mcp-server-catalog.h
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

#include "mcp-catalog-entry.h"
#include "mcp-catalog-proposal.h"
#include "mcp-catalog-results.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * MCP_SERVER_CATALOG_DEFAULT_URL:
 *
 * The base URL of the official MCP Registry.
 *
 * Since: 1.0
 */
#define MCP_SERVER_CATALOG_DEFAULT_URL "https://registry.modelcontextprotocol.io"

#define MCP_TYPE_SERVER_CATALOG (mcp_server_catalog_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpServerCatalog, mcp_server_catalog, MCP, SERVER_CATALOG, GObject)

MCP_AVAILABLE_IN_1_0
McpServerCatalog   *mcp_server_catalog_new               (const char          *base_url);
MCP_AVAILABLE_IN_1_0
const char         *mcp_server_catalog_get_base_url      (McpServerCatalog    *self);
MCP_AVAILABLE_IN_1_0
McpCatalogResults  *mcp_server_catalog_search            (McpServerCatalog    *self,
                                                          const char          *text,
                                                          GDateTime           *updated_since);
MCP_AVAILABLE_IN_1_0
McpCatalogResults  *mcp_server_catalog_list_versions     (McpServerCatalog    *self,
                                                          const char          *name);
MCP_AVAILABLE_IN_1_0
void                mcp_server_catalog_lookup_async      (McpServerCatalog    *self,
                                                          const char          *name,
                                                          const char          *version,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
MCP_AVAILABLE_IN_1_0
McpCatalogEntry    *mcp_server_catalog_lookup_finish     (McpServerCatalog    *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);
MCP_AVAILABLE_IN_1_0
McpCatalogProposal *mcp_server_catalog_propose           (McpServerCatalog    *self,
                                                          McpCatalogEntry     *entry,
                                                          const char          *name,
                                                          GError             **error);
MCP_AVAILABLE_IN_1_0
void                mcp_server_catalog_propose_async     (McpServerCatalog    *self,
                                                          McpCatalogEntry     *entry,
                                                          const char          *name,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
MCP_AVAILABLE_IN_1_0
McpCatalogProposal *mcp_server_catalog_propose_finish    (McpServerCatalog    *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);

G_END_DECLS
