/* mcp-prompt-argument.h
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

#define MCP_TYPE_PROMPT_ARGUMENT (mcp_prompt_argument_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpPromptArgument, mcp_prompt_argument, MCP, PROMPT_ARGUMENT, GObject)

MCP_AVAILABLE_IN_1_0
McpPromptArgument *mcp_prompt_argument_new_from_json    (JsonObject         *json,
                                                         GError            **error);
MCP_AVAILABLE_IN_1_0
const char        *mcp_prompt_argument_get_name         (McpPromptArgument  *self);
MCP_AVAILABLE_IN_1_0
const char        *mcp_prompt_argument_get_title        (McpPromptArgument  *self);
MCP_AVAILABLE_IN_1_0
const char        *mcp_prompt_argument_get_description  (McpPromptArgument  *self);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_prompt_argument_get_required     (McpPromptArgument  *self);
MCP_AVAILABLE_IN_1_0
JsonObject        *mcp_prompt_argument_get_json         (McpPromptArgument  *self);

G_END_DECLS
