/* wb-network-editor.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_NETWORK_EDITOR (wb_network_editor_get_type ())

G_DECLARE_FINAL_TYPE (WbNetworkEditor, wb_network_editor, WB, NETWORK_EDITOR, GtkBox)

GtkWidget  *wb_network_editor_new         (void);
void        wb_network_editor_set_network (WbNetworkEditor *self,
                                           JsonObject      *network);
gboolean    wb_network_editor_get_changed (WbNetworkEditor *self);
JsonObject *wb_network_editor_dup_network (WbNetworkEditor *self);

G_END_DECLS
