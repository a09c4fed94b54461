/* mcp-catalog-mapping-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-catalog-entry.h"
#include "mcp-sandbox.h"
#include "mcp-server-config.h"

G_BEGIN_DECLS

/* What an entry of a registry becomes: the JSON of a configuration entry
 * (with `${input:…}` where a value is missing, and every `${` of the
 * registry's own text escaped), the inputs it declares, and the sandbox
 * proposed for a stdio server (NULL for a remote). */
typedef struct
{
  JsonObject *config;
  JsonArray  *inputs;
  McpSandbox *sandbox;
} McpCatalogMapping;

gboolean  _mcp_catalog_map_entry      (McpCatalogEntry   *entry,
                                       const char        *catalog_url,
                                       const char        *name,
                                       McpCatalogMapping *mapping,
                                       GError           **error);
void      _mcp_catalog_mapping_clear  (McpCatalogMapping *mapping);
char     *_mcp_catalog_escape         (const char        *text);
JsonObject *_mcp_catalog_find_bundle  (McpCatalogEntry   *entry);
gboolean  _mcp_catalog_map_bundle     (McpCatalogEntry   *entry,
                                       const char        *name,
                                       JsonObject        *manifest,
                                       const char        *folder,
                                       McpCatalogMapping *mapping,
                                       GError           **error);

G_END_DECLS
