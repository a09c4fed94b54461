/* mcp-jsonc-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Configuration files are larger than this only by mistake. */
#define MCP_JSONC_MAX_SIZE (16 * 1024 * 1024)

typedef struct _McpJsoncNode McpJsoncNode;

/* One value of a document, with where it is in the text. Offsets are in
 * bytes from the start of the text; @end is one past the last byte. */
struct _McpJsoncNode
{
  JsonNodeType  type;
  gsize         start;
  gsize         end;
  /* For a member of an object: its name, the offset of the name's opening
   * quote, and the offset of the comma after the value (0 if none). */
  char         *key;
  gsize         key_start;
  gsize         comma;
  /* Objects and arrays: their members or elements, in order (an object's
   * duplicate names included). Scalars: their value. */
  GPtrArray    *children;
  JsonNode     *value;
};

/* Something tolerated in a document, but worth telling the user about. */
typedef struct
{
  gsize  offset;
  char  *message;
} McpJsoncNote;

typedef struct
{
  char         *text;
  gsize         len;
  McpJsoncNode *root;
  GPtrArray    *notes;
} McpJsoncDocument;

McpJsoncDocument *_mcp_jsonc_parse               (const char        *text,
                                                  gsize              len,
                                                  gsize             *error_offset,
                                                  GError           **error);
void              _mcp_jsonc_document_free       (McpJsoncDocument  *doc);
void              _mcp_jsonc_position            (const char        *text,
                                                  gsize              len,
                                                  gsize              offset,
                                                  guint             *line,
                                                  guint             *column);
McpJsoncNode     *_mcp_jsonc_node_lookup         (McpJsoncNode      *object,
                                                  const char        *key);
JsonNode         *_mcp_jsonc_node_to_json        (McpJsoncNode      *node);
char             *_mcp_jsonc_to_text             (JsonNode          *node);
JsonNode         *_mcp_jsonc_copy                (JsonNode          *node);

typedef struct _McpJsoncEditor McpJsoncEditor;

McpJsoncEditor   *_mcp_jsonc_editor_new          (McpJsoncDocument  *doc);
void              _mcp_jsonc_editor_free         (McpJsoncEditor    *editor);
void              _mcp_jsonc_editor_patch_object (McpJsoncEditor    *editor,
                                                  McpJsoncNode      *object,
                                                  JsonObject        *before,
                                                  JsonObject        *after);
char             *_mcp_jsonc_editor_finish       (McpJsoncEditor    *editor,
                                                  gsize             *len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpJsoncDocument, _mcp_jsonc_document_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpJsoncEditor, _mcp_jsonc_editor_free)

G_END_DECLS
