/* mcp-config-problem.h
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

#define MCP_TYPE_CONFIG_PROBLEM (mcp_config_problem_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpConfigProblem, mcp_config_problem, MCP, CONFIG_PROBLEM, GObject)

MCP_AVAILABLE_IN_1_0
GFile      *mcp_config_problem_get_file    (McpConfigProblem *self);
MCP_AVAILABLE_IN_1_0
guint       mcp_config_problem_get_line    (McpConfigProblem *self);
MCP_AVAILABLE_IN_1_0
guint       mcp_config_problem_get_column  (McpConfigProblem *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_config_problem_get_server  (McpConfigProblem *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_config_problem_get_message (McpConfigProblem *self);
MCP_AVAILABLE_IN_1_0
char       *mcp_config_problem_to_string   (McpConfigProblem *self);

G_END_DECLS
