/* mcp-completion.h
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

#define MCP_TYPE_COMPLETION (mcp_completion_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpCompletion, mcp_completion, MCP, COMPLETION, GObject)

MCP_AVAILABLE_IN_1_0
McpCompletion      *mcp_completion_new_from_json  (JsonObject     *json,
                                                   GError        **error);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_completion_get_values     (McpCompletion  *self);
MCP_AVAILABLE_IN_1_0
gint64              mcp_completion_get_total      (McpCompletion  *self);
MCP_AVAILABLE_IN_1_0
gboolean            mcp_completion_get_has_more   (McpCompletion  *self);
MCP_AVAILABLE_IN_1_0
JsonObject         *mcp_completion_get_json       (McpCompletion  *self);

G_END_DECLS
