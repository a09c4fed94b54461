/* mcp-gtk-elicitation-view.h
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

#define MCP_GTK_TYPE_ELICITATION_VIEW (mcp_gtk_elicitation_view_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGtkElicitationView, mcp_gtk_elicitation_view, MCP_GTK, ELICITATION_VIEW,
                      GtkWidget)

MCP_AVAILABLE_IN_1_0
GtkWidget        *mcp_gtk_elicitation_view_new         (const char            *server_name,
                                                        McpServerRequest      *request);
MCP_AVAILABLE_IN_1_0
McpServerRequest *mcp_gtk_elicitation_view_get_request (McpGtkElicitationView *self);
MCP_AVAILABLE_IN_1_0
const char       *mcp_gtk_elicitation_view_get_domain  (McpGtkElicitationView *self);
MCP_AVAILABLE_IN_1_0
void              mcp_gtk_elicitation_view_answer      (McpGtkElicitationView *self,
                                                        McpElicitationAction   action);

G_END_DECLS
