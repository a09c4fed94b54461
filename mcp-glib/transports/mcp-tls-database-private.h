/* mcp-tls-database-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define MCP_TYPE_TLS_DATABASE (_mcp_tls_database_get_type ())

G_DECLARE_FINAL_TYPE (McpTlsDatabase, _mcp_tls_database, MCP, TLS_DATABASE, GTlsDatabase)

GTlsDatabase *_mcp_tls_database_new (GTlsDatabase *system,
                                     GList        *anchors);

G_END_DECLS
