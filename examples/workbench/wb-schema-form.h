/* wb-schema-form.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_SCHEMA_FORM (wb_schema_form_get_type ())

G_DECLARE_FINAL_TYPE (WbSchemaForm, wb_schema_form, WB, SCHEMA_FORM, GtkWidget)

GtkWidget  *wb_schema_form_new       (JsonObject    *schema);
gboolean    wb_schema_form_is_empty  (WbSchemaForm  *self);
JsonObject *wb_schema_form_dup_value (WbSchemaForm  *self,
                                      GError       **error);

G_END_DECLS
