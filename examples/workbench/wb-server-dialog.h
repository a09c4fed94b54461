/* wb-server-dialog.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_SERVER_DIALOG (wb_server_dialog_get_type ())

G_DECLARE_FINAL_TYPE (WbServerDialog, wb_server_dialog, WB, SERVER_DIALOG, GtkWindow)

WbServerDialog *wb_server_dialog_new (GtkWindow       *parent,
                                      McpClientGroup  *group,
                                      McpServerConfig *config);

G_END_DECLS
