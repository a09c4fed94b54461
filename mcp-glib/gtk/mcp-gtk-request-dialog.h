/* mcp-gtk-request-dialog.h
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

#define MCP_GTK_TYPE_REQUEST_DIALOG (mcp_gtk_request_dialog_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGtkRequestDialog, mcp_gtk_request_dialog, MCP_GTK, REQUEST_DIALOG,
                      GtkWindow)

MCP_AVAILABLE_IN_1_0
GtkWindow  *mcp_gtk_request_dialog_new         (GtkWindow           *parent,
                                                const char          *server_name,
                                                McpServerRequest    *request);
MCP_AVAILABLE_IN_1_0
GtkWidget  *mcp_gtk_request_dialog_get_view    (McpGtkRequestDialog *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_gtk_request_dialog_get_summary (McpGtkRequestDialog *self);

G_END_DECLS
