/* mcp-sampling-message.h
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

#define MCP_TYPE_SAMPLING_MESSAGE (mcp_sampling_message_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpSamplingMessage, mcp_sampling_message, MCP, SAMPLING_MESSAGE, GObject)

MCP_AVAILABLE_IN_1_0
McpSamplingMessage *mcp_sampling_message_new_from_json (JsonObject          *json,
                                                        GError             **error);
MCP_AVAILABLE_IN_1_0
const char         *mcp_sampling_message_get_role      (McpSamplingMessage  *self);
MCP_AVAILABLE_IN_1_0
GListModel         *mcp_sampling_message_get_content   (McpSamplingMessage  *self);
MCP_AVAILABLE_IN_1_0
JsonObject         *mcp_sampling_message_get_json      (McpSamplingMessage  *self);

G_END_DECLS
