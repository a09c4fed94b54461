/* mcp-prompt-message.h
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

#include "mcp-content.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_PROMPT_MESSAGE (mcp_prompt_message_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpPromptMessage, mcp_prompt_message, MCP, PROMPT_MESSAGE, GObject)

MCP_AVAILABLE_IN_1_0
McpPromptMessage *mcp_prompt_message_new_from_json  (JsonObject        *json,
                                                     GError           **error);
MCP_AVAILABLE_IN_1_0
const char       *mcp_prompt_message_get_role       (McpPromptMessage  *self);
MCP_AVAILABLE_IN_1_0
McpContent       *mcp_prompt_message_get_content    (McpPromptMessage  *self);
MCP_AVAILABLE_IN_1_0
JsonObject       *mcp_prompt_message_get_json       (McpPromptMessage  *self);

G_END_DECLS
