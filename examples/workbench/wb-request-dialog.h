/* wb-request-dialog.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_REQUEST_DIALOG (wb_request_dialog_get_type ())

G_DECLARE_FINAL_TYPE (WbRequestDialog, wb_request_dialog, WB, REQUEST_DIALOG, GtkWindow)

WbRequestDialog *wb_request_dialog_new         (GtkWindow        *parent,
                                                const char       *server_name,
                                                McpServerRequest *request);
const char      *wb_request_dialog_get_summary (WbRequestDialog  *self);

G_END_DECLS
