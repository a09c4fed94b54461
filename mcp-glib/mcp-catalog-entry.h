/* mcp-catalog-entry.h
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

/**
 * McpCatalogStatus:
 * @MCP_CATALOG_STATUS_ACTIVE: the server is listed as usual
 * @MCP_CATALOG_STATUS_DEPRECATED: its publisher deprecated it
 * @MCP_CATALOG_STATUS_DELETED: the registry deleted it (for example as
 *   malware); it must not be added
 *
 * The status a registry gives a server version.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_CATALOG_STATUS_ACTIVE,
  MCP_CATALOG_STATUS_DEPRECATED,
  MCP_CATALOG_STATUS_DELETED,
} McpCatalogStatus;

#define MCP_TYPE_CATALOG_ENTRY (mcp_catalog_entry_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpCatalogEntry, mcp_catalog_entry, MCP, CATALOG_ENTRY, GObject)

MCP_AVAILABLE_IN_1_0
McpCatalogEntry  *mcp_catalog_entry_new_from_json      (JsonObject       *json,
                                                        GError          **error);
MCP_AVAILABLE_IN_1_0
const char       *mcp_catalog_entry_get_name           (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_catalog_entry_get_title          (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_catalog_entry_get_description    (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_catalog_entry_get_version        (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_catalog_entry_get_publisher      (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_catalog_entry_get_repository_url (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_catalog_entry_get_website_url    (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
McpCatalogStatus  mcp_catalog_entry_get_status         (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
gboolean          mcp_catalog_entry_get_is_latest      (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_catalog_entry_get_updated_at     (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
JsonObject       *mcp_catalog_entry_get_json           (McpCatalogEntry  *self);
MCP_AVAILABLE_IN_1_0
JsonObject       *mcp_catalog_entry_get_meta           (McpCatalogEntry  *self);

G_END_DECLS
