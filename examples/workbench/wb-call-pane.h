/* wb-call-pane.h
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

#define WB_TYPE_CALL_PANE (wb_call_pane_get_type ())

G_DECLARE_FINAL_TYPE (WbCallPane, wb_call_pane, WB, CALL_PANE, GtkWidget)

void            wb_call_pane_show_item     (WbCallPane     *self,
                                            McpClientGroup *group,
                                            McpGroupItem   *item);
void            wb_call_pane_show_resource (WbCallPane     *self,
                                            McpClientGroup *group,
                                            McpGroupServer *server,
                                            const char     *uri);
McpGroupServer *wb_call_pane_get_server    (WbCallPane     *self);
void            wb_call_pane_clear         (WbCallPane     *self);
void            wb_call_pane_set_log_view  (WbCallPane     *self,
                                            McpGtkLogView  *log_view);

G_END_DECLS
