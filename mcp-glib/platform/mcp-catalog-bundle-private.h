/* mcp-catalog-bundle-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* An MCP bundle (mcpb): a ZIP archive, read from memory. */
typedef struct _McpCatalogBundle McpCatalogBundle;

/* The most files a bundle may hold, and the most bytes they may unpack to. */
#define MCP_CATALOG_BUNDLE_MAX_FILES    20000
#define MCP_CATALOG_BUNDLE_MAX_UNPACKED (512 * 1024 * 1024)

McpCatalogBundle *_mcp_catalog_bundle_read    (GBytes            *data,
                                               guint64            max_unpacked,
                                               GError           **error);
void              _mcp_catalog_bundle_free    (McpCatalogBundle  *bundle);
guint             _mcp_catalog_bundle_get_n_files (McpCatalogBundle *bundle);
const char       *_mcp_catalog_bundle_get_name    (McpCatalogBundle *bundle,
                                                   guint             i);
GBytes           *_mcp_catalog_bundle_extract (McpCatalogBundle  *bundle,
                                               const char        *name,
                                               GError           **error);
gboolean          _mcp_catalog_bundle_unpack  (McpCatalogBundle  *bundle,
                                               GFile             *folder,
                                               GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpCatalogBundle, _mcp_catalog_bundle_free)

G_END_DECLS
