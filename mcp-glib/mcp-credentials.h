/* mcp-credentials.h
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

#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_CREDENTIALS (mcp_credentials_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpCredentials, mcp_credentials, MCP, CREDENTIALS, GObject)

MCP_AVAILABLE_IN_1_0
McpCredentials *mcp_credentials_new_from_string   (const char      *serialized,
                                                   GError         **error);
MCP_AVAILABLE_IN_1_0
char           *mcp_credentials_to_string         (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_resource      (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_issuer        (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_client_id     (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_client_secret (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_access_token  (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_refresh_token (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_scope         (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_token_type    (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_dpop_key      (McpCredentials  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_credentials_get_dpop_algorithm (McpCredentials *self);
MCP_AVAILABLE_IN_1_0
gint64          mcp_credentials_get_expires_at    (McpCredentials  *self);

G_END_DECLS
