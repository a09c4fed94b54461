/* mcp-client-group-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-client-group.h"
#include "mcp-group-server-private.h"

G_BEGIN_DECLS

void  _mcp_client_group_restart_server (McpClientGroup   *self,
                                        McpGroupServer   *server);
char *_mcp_client_group_qualify        (McpClientGroup   *self,
                                        McpGroupItemKind  kind,
                                        const char       *server,
                                        const char       *name);

G_END_DECLS
