/* mcp-group-server-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-authorization.h"
#include "mcp-group-server.h"

G_BEGIN_DECLS

typedef struct _McpClientGroup McpClientGroup;

/* The group's bookkeeping of the server's connection, which the files of
 * McpClientGroup keep (see mcp-client-group-private.h). */
typedef struct _McpGroupSlot McpGroupSlot;

McpGroupServer *_mcp_group_server_new       (McpClientGroup      *group,
                                             const char          *name,
                                             McpServerConfig     *config);
McpClientGroup *_mcp_group_server_get_group (McpGroupServer      *self);
void            _mcp_group_server_set_group (McpGroupServer      *self,
                                             McpClientGroup      *group);
McpGroupSlot   *_mcp_group_server_get_slot  (McpGroupServer      *self);
void            _mcp_group_server_set_state (McpGroupServer      *self,
                                             McpGroupServerState  state,
                                             const GError        *error);
void            _mcp_group_server_set_client (McpGroupServer     *self,
                                              McpClient          *client);
void            _mcp_group_server_set_attempts (McpGroupServer   *self,
                                                guint             attempts);
void            _mcp_group_server_set_retry_delay (McpGroupServer *self,
                                                   guint           delay_ms);

G_END_DECLS
