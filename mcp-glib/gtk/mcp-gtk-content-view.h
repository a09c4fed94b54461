/* mcp-gtk-content-view.h
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

#define MCP_GTK_TYPE_CONTENT_VIEW (mcp_gtk_content_view_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGtkContentView, mcp_gtk_content_view, MCP_GTK, CONTENT_VIEW, GtkWidget)

MCP_AVAILABLE_IN_1_0
GtkWidget *mcp_gtk_content_view_new                (void);
MCP_AVAILABLE_IN_1_0
void       mcp_gtk_content_view_clear              (McpGtkContentView *self);
MCP_AVAILABLE_IN_1_0
void       mcp_gtk_content_view_add_heading        (McpGtkContentView *self,
                                                    const char        *text);
MCP_AVAILABLE_IN_1_0
void       mcp_gtk_content_view_add_error          (McpGtkContentView *self,
                                                    const char        *message);
MCP_AVAILABLE_IN_1_0
void       mcp_gtk_content_view_add_content        (McpGtkContentView *self,
                                                    McpContent        *content);
MCP_AVAILABLE_IN_1_0
void       mcp_gtk_content_view_add_json           (McpGtkContentView *self,
                                                    JsonNode          *node);
MCP_AVAILABLE_IN_1_0
void       mcp_gtk_content_view_show_tool_result   (McpGtkContentView *self,
                                                    McpToolResult     *result);
MCP_AVAILABLE_IN_1_0
void       mcp_gtk_content_view_show_resource      (McpGtkContentView *self,
                                                    GListModel        *contents);
MCP_AVAILABLE_IN_1_0
void       mcp_gtk_content_view_show_prompt_result (McpGtkContentView *self,
                                                    McpPromptResult   *result);

G_END_DECLS
