/* mcp-gtk-log-view.h
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

#define MCP_GTK_TYPE_LOG_VIEW (mcp_gtk_log_view_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGtkLogView, mcp_gtk_log_view, MCP_GTK, LOG_VIEW, GtkWidget)

MCP_AVAILABLE_IN_1_0
GtkWidget      *mcp_gtk_log_view_new        (void);
MCP_AVAILABLE_IN_1_0
McpClientGroup *mcp_gtk_log_view_get_group  (McpGtkLogView  *self);
MCP_AVAILABLE_IN_1_0
void            mcp_gtk_log_view_set_group  (McpGtkLogView  *self,
                                             McpClientGroup *group);
MCP_AVAILABLE_IN_1_0
const char     *mcp_gtk_log_view_get_server (McpGtkLogView  *self);
MCP_AVAILABLE_IN_1_0
void            mcp_gtk_log_view_set_server (McpGtkLogView  *self,
                                             const char     *server);
MCP_AVAILABLE_IN_1_0
void            mcp_gtk_log_view_append     (McpGtkLogView  *self,
                                             const char     *server,
                                             const char     *kind,
                                             const char     *text);
MCP_AVAILABLE_IN_1_0
guint           mcp_gtk_log_view_get_n_lines (McpGtkLogView *self);
MCP_AVAILABLE_IN_1_0
void            mcp_gtk_log_view_clear      (McpGtkLogView  *self);

G_END_DECLS
