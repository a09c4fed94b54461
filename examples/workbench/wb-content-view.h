/* wb-content-view.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_CONTENT_VIEW (wb_content_view_get_type ())

G_DECLARE_FINAL_TYPE (WbContentView, wb_content_view, WB, CONTENT_VIEW, GtkWidget)

GtkWidget *wb_content_view_new                  (void);
void       wb_content_view_clear                (WbContentView   *self);
void       wb_content_view_add_heading          (WbContentView   *self,
                                                 const char      *text);
void       wb_content_view_add_error            (WbContentView   *self,
                                                 const char      *message);
void       wb_content_view_add_content          (WbContentView   *self,
                                                 McpContent      *content);
void       wb_content_view_add_json             (WbContentView   *self,
                                                 JsonNode        *node);
void       wb_content_view_show_tool_result     (WbContentView   *self,
                                                 McpToolResult   *result);
void       wb_content_view_show_resource        (WbContentView   *self,
                                                 GListModel      *contents);
void       wb_content_view_show_prompt_result   (WbContentView   *self,
                                                 McpPromptResult *result);

G_END_DECLS
