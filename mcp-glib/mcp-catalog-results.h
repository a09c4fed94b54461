/* mcp-catalog-results.h
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

#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_CATALOG_RESULTS (mcp_catalog_results_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpCatalogResults, mcp_catalog_results, MCP, CATALOG_RESULTS, GObject)

MCP_AVAILABLE_IN_1_0
gboolean      mcp_catalog_results_get_has_more    (McpCatalogResults   *self);
MCP_AVAILABLE_IN_1_0
gboolean      mcp_catalog_results_get_loading     (McpCatalogResults   *self);
MCP_AVAILABLE_IN_1_0
guint         mcp_catalog_results_get_n_skipped   (McpCatalogResults   *self);
MCP_AVAILABLE_IN_1_0
void          mcp_catalog_results_load_more_async (McpCatalogResults   *self,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
MCP_AVAILABLE_IN_1_0
gboolean      mcp_catalog_results_load_more_finish (McpCatalogResults  *self,
                                                    GAsyncResult       *result,
                                                    GError            **error);

G_END_DECLS
