/* wb-window.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_WINDOW (wb_window_get_type ())

G_DECLARE_FINAL_TYPE (WbWindow, wb_window, WB, WINDOW, GtkApplicationWindow)

WbWindow *wb_window_new             (GtkApplication  *application,
                                     McpClientGroup  *group);
void      wb_window_present_request (WbWindow        *self,
                                     const char      *id);
void      wb_window_save_screenshot_async  (WbWindow             *self,
                                            const char           *path,
                                            GAsyncReadyCallback   callback,
                                            gpointer              user_data);
gboolean  wb_window_save_screenshot_finish (WbWindow             *self,
                                            GAsyncResult         *result,
                                            GError              **error);

G_END_DECLS
