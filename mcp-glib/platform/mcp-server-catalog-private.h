/* mcp-server-catalog-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-catalog-bundle-private.h"
#include "mcp-server-catalog.h"

G_BEGIN_DECLS

typedef struct
{
  guint  max_pages;
  guint  max_items;
  gsize  max_answer_size;
  guint  page_size;
} McpCatalogLimits;

void                    _mcp_server_catalog_fetch_json_async  (McpServerCatalog     *self,
                                                               const char           *path,
                                                               GHashTable           *query,
                                                               GCancellable         *cancellable,
                                                               GAsyncReadyCallback   callback,
                                                               gpointer              user_data);
JsonNode               *_mcp_server_catalog_fetch_json_finish (McpServerCatalog     *self,
                                                               GAsyncResult         *result,
                                                               GError              **error);
void                    _mcp_server_catalog_fetch_bytes_async  (McpServerCatalog    *self,
                                                                const char          *url,
                                                                guint64              max_size,
                                                                GCancellable        *cancellable,
                                                                GAsyncReadyCallback  callback,
                                                                gpointer             user_data);
GBytes                 *_mcp_server_catalog_fetch_bytes_finish (McpServerCatalog    *self,
                                                                GAsyncResult        *result,
                                                                GError             **error);
const McpCatalogLimits *_mcp_server_catalog_get_limits        (McpServerCatalog     *self);

McpCatalogResults      *_mcp_catalog_results_new              (McpServerCatalog     *catalog,
                                                               const char           *path,
                                                               GHashTable           *query);

char                   *_mcp_catalog_proposal_check           (McpCatalogEntry      *entry,
                                                               const char           *name,
                                                               GError              **error);
McpCatalogProposal     *_mcp_catalog_proposal_new_for_bundle  (McpCatalogEntry      *entry,
                                                               const char           *name,
                                                               JsonObject           *manifest,
                                                               McpCatalogBundle     *bundle,
                                                               GFile                *folder,
                                                               GError              **error);
McpCatalogProposal     *_mcp_catalog_proposal_new             (McpCatalogEntry      *entry,
                                                               const char           *catalog_url,
                                                               const char           *name,
                                                               GError              **error);

G_END_DECLS
