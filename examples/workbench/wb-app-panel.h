/* wb-app-panel.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>
#include <mcp-glib/gtk/mcp-gtk.h>

G_BEGIN_DECLS

#define WB_TYPE_APP_PANEL (wb_app_panel_get_type ())

G_DECLARE_FINAL_TYPE (WbAppPanel, wb_app_panel, WB, APP_PANEL, GtkWidget)

gboolean    wb_app_panel_is_supported   (void);
void        wb_app_panel_set_log_view   (WbAppPanel     *self,
                                         McpGtkLogView  *log_view);
gboolean    wb_app_panel_start          (WbAppPanel     *self,
                                         McpGroupServer *server,
                                         McpTool        *tool,
                                         JsonObject     *arguments);
void        wb_app_panel_set_result     (WbAppPanel     *self,
                                         McpToolResult  *result);
void        wb_app_panel_cancel         (WbAppPanel     *self,
                                         const char     *reason);
void        wb_app_panel_clear          (WbAppPanel     *self);
gboolean    wb_app_panel_get_fullscreen (WbAppPanel     *self);

G_END_DECLS
