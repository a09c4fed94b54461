/* wb-application.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WB_TYPE_APPLICATION (wb_application_get_type ())

G_DECLARE_FINAL_TYPE (WbApplication, wb_application, WB, APPLICATION, GtkApplication)

WbApplication *wb_application_new (void);

G_END_DECLS
