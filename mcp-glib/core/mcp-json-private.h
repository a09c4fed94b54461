/* mcp-json-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Deeper input is refused: a tree that deep is no message, and code that
 * walks trees recursively (json-glib's own copy and free among them) must
 * not exhaust the stack on one. */
#define MCP_JSON_MAX_DEPTH 512

JsonNode   *_mcp_json_parse_message     (const char  *data,
                                         gsize        len,
                                         GError     **error);
gboolean    _mcp_json_text_is_blank     (const char  *data,
                                         gsize        len);
JsonNode   *_mcp_json_node_new_object   (JsonObject  *object);
JsonNode   *_mcp_json_node_new_array    (JsonArray   *array);
JsonObject *_mcp_json_object_copy_members (JsonObject *object);
GBytes     *_mcp_json_to_line           (JsonNode    *node);
void        _mcp_json_write_request     (GString     *out,
                                         gint64       id,
                                         const char  *method,
                                         JsonNode    *params,
                                         gboolean     progress_token);
const char *_mcp_json_object_get_string (JsonObject  *object,
                                         const char  *member);
JsonObject *_mcp_json_object_get_object (JsonObject  *object,
                                         const char  *member);
JsonArray  *_mcp_json_object_get_array  (JsonObject  *object,
                                         const char  *member);
gboolean    _mcp_json_object_get_bool   (JsonObject  *object,
                                         const char  *member,
                                         gboolean     default_value);
gint64      _mcp_json_object_get_int    (JsonObject  *object,
                                         const char  *member,
                                         gint64       default_value);
gboolean    _mcp_json_node_is_integer   (JsonNode    *node,
                                         gint64      *value);
char       *_mcp_json_node_to_string    (JsonNode    *node);

G_END_DECLS
