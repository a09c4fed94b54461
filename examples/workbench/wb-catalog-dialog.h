/* wb-catalog-dialog.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_CATALOG_DIALOG (wb_catalog_dialog_get_type ())

G_DECLARE_FINAL_TYPE (WbCatalogDialog, wb_catalog_dialog, WB, CATALOG_DIALOG, GtkWindow)

WbCatalogDialog *wb_catalog_dialog_new (GtkWindow      *parent,
                                        McpClientGroup *group);

G_END_DECLS
