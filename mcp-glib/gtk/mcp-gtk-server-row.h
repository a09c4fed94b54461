/* mcp-gtk-server-row.h
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

G_BEGIN_DECLS

#define MCP_GTK_TYPE_SERVER_ROW (mcp_gtk_server_row_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGtkServerRow, mcp_gtk_server_row, MCP_GTK, SERVER_ROW, GtkListBoxRow)

MCP_AVAILABLE_IN_1_0
GtkWidget      *mcp_gtk_server_row_new        (McpGroupServer  *server);
MCP_AVAILABLE_IN_1_0
McpGroupServer *mcp_gtk_server_row_get_server (McpGtkServerRow *self);
MCP_AVAILABLE_IN_1_0
gboolean        mcp_gtk_server_row_get_needs_sign_in (McpGtkServerRow *self);
MCP_AVAILABLE_IN_1_0
void            mcp_gtk_server_row_sign_in    (McpGtkServerRow *self);

G_END_DECLS
