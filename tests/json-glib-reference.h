/* json-glib-reference.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "mcp-json-reader-private.h"

G_BEGIN_DECLS

gboolean  json_glib_reference_check_text (const char  *data,
                                          gsize        len,
                                          guint        max_depth,
                                          GError     **error);
JsonNode *json_glib_reference_parse      (JsonParser  *parser,
                                          const char  *data,
                                          gsize        len,
                                          GError     **error);
const char *json_glib_reference_compare  (JsonNode    *node,
                                          JsonNode    *expected,
                                          gboolean    *overflow);
gboolean  json_glib_reference_read_progress (JsonNode    *message,
                                             gint64      *token,
                                             double      *progress,
                                             double      *total,
                                             const char **text);
const char *json_glib_reference_check_progress (const McpJsonProgress *progress,
                                                JsonNode              *tree);
const char *json_glib_reference_compare_envelope (const McpJsonEnvelope *env,
                                                  JsonNode              *tree);

G_END_DECLS
