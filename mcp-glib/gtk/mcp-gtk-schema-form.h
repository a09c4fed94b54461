/* mcp-gtk-schema-form.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GTK_INSIDE) && !defined (MCP_GTK_COMPILATION)
# error "Only <mcp-glib/gtk/mcp-gtk.h> can be included directly."
#endif

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define MCP_GTK_TYPE_SCHEMA_FORM (mcp_gtk_schema_form_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGtkSchemaForm, mcp_gtk_schema_form, MCP_GTK, SCHEMA_FORM, GtkWidget)

MCP_AVAILABLE_IN_1_0
GtkWidget  *mcp_gtk_schema_form_new       (JsonObject        *schema);
MCP_AVAILABLE_IN_1_0
gboolean    mcp_gtk_schema_form_is_empty  (McpGtkSchemaForm  *self);
MCP_AVAILABLE_IN_1_0
JsonObject *mcp_gtk_schema_form_dup_value (McpGtkSchemaForm  *self,
                                           GError           **error);
MCP_AVAILABLE_IN_1_0
gboolean    mcp_gtk_schema_form_set_value (McpGtkSchemaForm  *self,
                                           JsonObject        *value,
                                           GError           **error);

G_END_DECLS
