/* wb-input-dialog.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_INPUT_DIALOG (wb_input_dialog_get_type ())

G_DECLARE_FINAL_TYPE (WbInputDialog, wb_input_dialog, WB, INPUT_DIALOG, GtkWindow)

WbInputDialog *wb_input_dialog_new         (GtkWindow       *parent,
                                            McpInputRequest *request);
const char    *wb_input_dialog_get_summary (WbInputDialog   *self);

G_END_DECLS
