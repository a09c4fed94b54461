/* mcp-gtk-app-view.h
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

#define MCP_GTK_TYPE_APP_VIEW (mcp_gtk_app_view_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGtkAppView, mcp_gtk_app_view, MCP_GTK, APP_VIEW, GtkWidget)

MCP_AVAILABLE_IN_1_0
GtkWidget     *mcp_gtk_app_view_new         (void);
MCP_AVAILABLE_IN_1_0
McpAppSession *mcp_gtk_app_view_load        (McpGtkAppView  *self,
                                             McpClient      *client,
                                             McpTool        *tool,
                                             McpAppResource *resource,
                                             GError        **error);
MCP_AVAILABLE_IN_1_0
McpAppSession *mcp_gtk_app_view_get_session (McpGtkAppView  *self);
MCP_AVAILABLE_IN_1_0
GtkWidget     *mcp_gtk_app_view_get_web_view (McpGtkAppView *self);

G_END_DECLS
