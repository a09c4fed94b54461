/* mcp-catalog-proposal.h
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

#include "mcp-catalog-entry.h"
#include "mcp-sandbox.h"
#include "mcp-server-config.h"
#include "mcp-server-registry.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_CATALOG_PROPOSAL (mcp_catalog_proposal_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpCatalogProposal, mcp_catalog_proposal, MCP, CATALOG_PROPOSAL, GObject)

MCP_AVAILABLE_IN_1_0
McpCatalogEntry  *mcp_catalog_proposal_get_entry          (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
McpServerConfig  *mcp_catalog_proposal_get_config         (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
char            **mcp_catalog_proposal_dup_argv           (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_catalog_proposal_get_url            (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
JsonObject       *mcp_catalog_proposal_get_env            (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
JsonObject       *mcp_catalog_proposal_get_headers        (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
JsonArray        *mcp_catalog_proposal_get_inputs         (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
McpSandbox       *mcp_catalog_proposal_get_sandbox        (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
void              mcp_catalog_proposal_set_sandbox        (McpCatalogProposal  *self,
                                                           McpSandbox          *sandbox);
MCP_AVAILABLE_IN_1_0
char             *mcp_catalog_proposal_to_string          (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
void              mcp_catalog_proposal_set_input          (McpCatalogProposal  *self,
                                                           const char          *id,
                                                           const char          *value);
MCP_AVAILABLE_IN_1_0
void              mcp_catalog_proposal_confirm            (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
gboolean          mcp_catalog_proposal_get_confirmed      (McpCatalogProposal  *self);
MCP_AVAILABLE_IN_1_0
gboolean          mcp_catalog_proposal_add                (McpCatalogProposal  *self,
                                                           McpServerRegistry   *registry,
                                                           GFile               *file,
                                                           GError             **error);

G_END_DECLS
