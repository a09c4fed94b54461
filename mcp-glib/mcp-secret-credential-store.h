/* mcp-secret-credential-store.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include "mcp-credential-store.h"

G_BEGIN_DECLS

#define MCP_TYPE_SECRET_CREDENTIAL_STORE (mcp_secret_credential_store_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpSecretCredentialStore, mcp_secret_credential_store, MCP, SECRET_CREDENTIAL_STORE, GObject)

MCP_AVAILABLE_IN_1_0
McpCredentialStore *mcp_secret_credential_store_new          (void);
MCP_AVAILABLE_IN_1_0
gboolean            mcp_secret_credential_store_is_supported (void);

G_END_DECLS
