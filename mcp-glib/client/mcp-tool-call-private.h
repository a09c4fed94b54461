/* mcp-tool-call-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-client.h"

G_BEGIN_DECLS

#define MCP_TYPE_TOOL_CALL (mcp_tool_call_get_type ())

G_DECLARE_FINAL_TYPE (McpToolCall, mcp_tool_call, MCP, TOOL_CALL, GObject)

McpToolCall *_mcp_tool_call_new   (McpClient         *client,
                                   GTask             *task,
                                   const char        *name,
                                   JsonObject        *arguments,
                                   McpRequestOptions *options);
void         _mcp_tool_call_start (McpToolCall       *self);
void         _mcp_tool_call_fail  (McpToolCall       *self,
                                   GError            *error);

G_END_DECLS
