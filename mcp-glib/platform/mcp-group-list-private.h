/* mcp-group-list-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-client-group.h"

G_BEGIN_DECLS

#define MCP_TYPE_GROUP_LIST (mcp_group_list_get_type ())

G_DECLARE_FINAL_TYPE (McpGroupList, mcp_group_list, MCP, GROUP_LIST, GObject)

McpGroupList *_mcp_group_list_new            (McpClientGroup    *group,
                                              McpGroupItemKind   kind);
void          _mcp_group_list_add_section    (McpGroupList      *self,
                                              McpGroupServer    *server,
                                              guint              position);
void          _mcp_group_list_remove_section (McpGroupList      *self,
                                              McpGroupServer    *server);
void          _mcp_group_list_set_client     (McpGroupList      *self,
                                              McpGroupServer    *server,
                                              McpClient         *client,
                                              gboolean           keep_names);
gboolean      _mcp_group_list_is_loaded      (McpGroupList      *self,
                                              McpGroupServer    *server);
void          _mcp_group_list_requalify      (McpGroupList      *self);
McpGroupItem *_mcp_group_list_lookup         (McpGroupList      *self,
                                              const char        *name,
                                              GError           **error);

G_END_DECLS
