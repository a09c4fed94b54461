/* mcp-gtk-schema-check-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

gboolean _mcp_gtk_schema_check         (JsonObject  *schema,
                                        JsonNode    *value,
                                        GError     **error);
gboolean _mcp_gtk_json_equal           (JsonNode    *a,
                                        JsonNode    *b);
gboolean _mcp_gtk_node_is_number       (JsonNode    *node);

G_END_DECLS
