/* mcp-request-options.h
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

#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_REQUEST_OPTIONS (mcp_request_options_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpRequestOptions, mcp_request_options, MCP, REQUEST_OPTIONS, GObject)

MCP_AVAILABLE_IN_1_0
McpRequestOptions *mcp_request_options_new                           (void);
MCP_AVAILABLE_IN_1_0
guint              mcp_request_options_get_timeout                   (McpRequestOptions *self);
MCP_AVAILABLE_IN_1_0
void               mcp_request_options_set_timeout                   (McpRequestOptions *self,
                                                                      guint              timeout_ms);
MCP_AVAILABLE_IN_1_0
guint              mcp_request_options_get_max_total_timeout         (McpRequestOptions *self);
MCP_AVAILABLE_IN_1_0
void               mcp_request_options_set_max_total_timeout         (McpRequestOptions *self,
                                                                      guint              timeout_ms);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_request_options_get_reset_timeout_on_progress (McpRequestOptions *self);
MCP_AVAILABLE_IN_1_0
void               mcp_request_options_set_reset_timeout_on_progress (McpRequestOptions *self,
                                                                      gboolean           reset);

G_END_DECLS
