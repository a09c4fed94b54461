/* mcp-prompt-result.h
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

#define MCP_TYPE_PROMPT_RESULT (mcp_prompt_result_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpPromptResult, mcp_prompt_result, MCP, PROMPT_RESULT, GObject)

MCP_AVAILABLE_IN_1_0
McpPromptResult *mcp_prompt_result_new_from_json     (JsonObject       *json,
                                                      GError          **error);
MCP_AVAILABLE_IN_1_0
const char      *mcp_prompt_result_get_description   (McpPromptResult  *self);
MCP_AVAILABLE_IN_1_0
GListModel      *mcp_prompt_result_get_messages      (McpPromptResult  *self);
MCP_AVAILABLE_IN_1_0
JsonObject      *mcp_prompt_result_get_json          (McpPromptResult  *self);

G_END_DECLS
