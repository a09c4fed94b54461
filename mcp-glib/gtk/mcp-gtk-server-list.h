/* mcp-gtk-server-list.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GTK_INSIDE) && !defined (MCP_GTK_COMPILATION)
# error "Only <mcp-glib/gtk/mcp-gtk.h> can be included directly."
#endif

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

#include "mcp-gtk-server-row.h"

G_BEGIN_DECLS

#define MCP_GTK_TYPE_SERVER_LIST (mcp_gtk_server_list_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGtkServerList, mcp_gtk_server_list, MCP_GTK, SERVER_LIST, GtkWidget)

MCP_AVAILABLE_IN_1_0
GtkWidget       *mcp_gtk_server_list_new        (void);
MCP_AVAILABLE_IN_1_0
McpClientGroup  *mcp_gtk_server_list_get_group  (McpGtkServerList *self);
MCP_AVAILABLE_IN_1_0
void             mcp_gtk_server_list_set_group  (McpGtkServerList *self,
                                                 McpClientGroup   *group);
MCP_AVAILABLE_IN_1_0
McpGtkServerRow *mcp_gtk_server_list_get_row    (McpGtkServerList *self,
                                                 const char       *server);

G_END_DECLS
