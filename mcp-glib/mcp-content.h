/* mcp-content.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpContentKind:
 * @MCP_CONTENT_KIND_UNKNOWN: a block type mcp-glib does not model; its JSON
 *   is kept in full
 * @MCP_CONTENT_KIND_TEXT: text (`text`)
 * @MCP_CONTENT_KIND_IMAGE: an image (`image`), base64 data with a MIME type
 * @MCP_CONTENT_KIND_AUDIO: audio (`audio`), base64 data with a MIME type
 * @MCP_CONTENT_KIND_RESOURCE_LINK: a link to a resource (`resource_link`)
 * @MCP_CONTENT_KIND_RESOURCE: an embedded resource (`resource`), with text
 *   or a blob
 * @MCP_CONTENT_KIND_TOOL_USE: a tool call the model asks for in a sampling
 *   message (`tool_use`)
 * @MCP_CONTENT_KIND_TOOL_RESULT: the result of such a tool call, in a
 *   sampling message (`tool_result`)
 *
 * The kinds of content block.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_CONTENT_KIND_UNKNOWN,
  MCP_CONTENT_KIND_TEXT,
  MCP_CONTENT_KIND_IMAGE,
  MCP_CONTENT_KIND_AUDIO,
  MCP_CONTENT_KIND_RESOURCE_LINK,
  MCP_CONTENT_KIND_RESOURCE,
  MCP_CONTENT_KIND_TOOL_USE,
  MCP_CONTENT_KIND_TOOL_RESULT,
} McpContentKind;

#define MCP_TYPE_CONTENT (mcp_content_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpContent, mcp_content, MCP, CONTENT, GObject)

MCP_AVAILABLE_IN_1_0
McpContent     *mcp_content_new_from_json   (JsonObject  *json,
                                             GError     **error);
MCP_AVAILABLE_IN_1_0
McpContent     *mcp_content_new_text        (const char  *text);
MCP_AVAILABLE_IN_1_0
McpContentKind  mcp_content_get_kind        (McpContent  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_content_get_type_name   (McpContent  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_content_get_text        (McpContent  *self);
MCP_AVAILABLE_IN_1_0
GBytes         *mcp_content_get_data        (McpContent  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_content_get_mime_type   (McpContent  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_content_get_uri         (McpContent  *self);
MCP_AVAILABLE_IN_1_0
const char     *mcp_content_get_name        (McpContent  *self);
MCP_AVAILABLE_IN_1_0
JsonObject     *mcp_content_get_annotations (McpContent  *self);
MCP_AVAILABLE_IN_1_0
JsonObject     *mcp_content_get_json        (McpContent  *self);

G_END_DECLS
