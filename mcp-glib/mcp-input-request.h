/* mcp-input-request.h
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

#define MCP_TYPE_INPUT_REQUEST (mcp_input_request_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpInputRequest, mcp_input_request, MCP, INPUT_REQUEST, GObject)

MCP_AVAILABLE_IN_1_0
const char         *mcp_input_request_get_id            (McpInputRequest *self);
MCP_AVAILABLE_IN_1_0
const char         *mcp_input_request_get_server        (McpInputRequest *self);
MCP_AVAILABLE_IN_1_0
const char         *mcp_input_request_get_description   (McpInputRequest *self);
MCP_AVAILABLE_IN_1_0
gboolean            mcp_input_request_get_password      (McpInputRequest *self);
MCP_AVAILABLE_IN_1_0
const char         *mcp_input_request_get_default_value (McpInputRequest *self);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_input_request_get_options       (McpInputRequest *self);
MCP_AVAILABLE_IN_1_0
JsonObject         *mcp_input_request_get_json          (McpInputRequest *self);
MCP_AVAILABLE_IN_1_0
gboolean            mcp_input_request_is_answered       (McpInputRequest *self);
MCP_AVAILABLE_IN_1_0
void                mcp_input_request_reply             (McpInputRequest *self,
                                                         const char      *value);
MCP_AVAILABLE_IN_1_0
void                mcp_input_request_decline           (McpInputRequest *self);

G_END_DECLS
