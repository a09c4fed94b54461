/* mcp-gtk-sampling-view.h
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

#define MCP_GTK_TYPE_SAMPLING_VIEW (mcp_gtk_sampling_view_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGtkSamplingView, mcp_gtk_sampling_view, MCP_GTK, SAMPLING_VIEW,
                      GtkWidget)

MCP_AVAILABLE_IN_1_0
GtkWidget        *mcp_gtk_sampling_view_new         (const char         *server_name,
                                                     McpServerRequest   *request);
MCP_AVAILABLE_IN_1_0
McpServerRequest *mcp_gtk_sampling_view_get_request (McpGtkSamplingView *self);
MCP_AVAILABLE_IN_1_0
void              mcp_gtk_sampling_view_set_reply   (McpGtkSamplingView *self,
                                                     const char         *model,
                                                     const char         *text);
MCP_AVAILABLE_IN_1_0
char             *mcp_gtk_sampling_view_dup_reply   (McpGtkSamplingView *self);
MCP_AVAILABLE_IN_1_0
void              mcp_gtk_sampling_view_approve     (McpGtkSamplingView *self);
MCP_AVAILABLE_IN_1_0
void              mcp_gtk_sampling_view_deny        (McpGtkSamplingView *self);

G_END_DECLS
