/* mcp-sandbox.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <glib-object.h>

#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_SANDBOX (mcp_sandbox_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpSandbox, mcp_sandbox, MCP, SANDBOX, GObject)

MCP_AVAILABLE_IN_1_0
McpSandbox         *mcp_sandbox_new                      (void);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_add_read_path            (McpSandbox  *self,
                                                          const char  *path);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_add_write_path           (McpSandbox  *self,
                                                          const char  *path);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_add_denied_path          (McpSandbox  *self,
                                                          const char  *path);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_add_read_only_path       (McpSandbox  *self,
                                                          const char  *path);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_add_allowed_domain       (McpSandbox  *self,
                                                          const char  *domain);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_add_denied_domain        (McpSandbox  *self,
                                                          const char  *domain);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_sandbox_get_read_paths           (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_sandbox_get_write_paths          (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_sandbox_get_denied_paths         (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_sandbox_get_read_only_paths      (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_sandbox_get_allowed_domains      (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_sandbox_get_denied_domains       (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
gboolean            mcp_sandbox_get_roots_writable       (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_set_roots_writable       (McpSandbox  *self,
                                                          gboolean     writable);
MCP_AVAILABLE_IN_1_0
gboolean            mcp_sandbox_get_allow_session_bus    (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_set_allow_session_bus    (McpSandbox  *self,
                                                          gboolean     allow);
MCP_AVAILABLE_IN_1_0
gboolean            mcp_sandbox_get_allow_display        (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_set_allow_display        (McpSandbox  *self,
                                                          gboolean     allow);
MCP_AVAILABLE_IN_1_0
const char         *mcp_sandbox_get_bwrap                (McpSandbox  *self);
MCP_AVAILABLE_IN_1_0
void                mcp_sandbox_set_bwrap                (McpSandbox  *self,
                                                          const char  *bwrap);
MCP_AVAILABLE_IN_1_0
McpSandbox         *mcp_sandbox_copy                     (McpSandbox  *self);

G_END_DECLS
