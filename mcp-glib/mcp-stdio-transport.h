/* mcp-stdio-transport.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include "mcp-sandbox.h"
#include "mcp-stream-transport.h"

G_BEGIN_DECLS

#define MCP_TYPE_STDIO_TRANSPORT (mcp_stdio_transport_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpStdioTransport, mcp_stdio_transport, MCP, STDIO_TRANSPORT, McpStreamTransport)

MCP_AVAILABLE_IN_1_0
McpStdioTransport  *mcp_stdio_transport_new                (const char * const *argv);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_stdio_transport_get_argv           (McpStdioTransport  *self);
MCP_AVAILABLE_IN_1_0
const char         *mcp_stdio_transport_get_cwd            (McpStdioTransport  *self);
MCP_AVAILABLE_IN_1_0
void                mcp_stdio_transport_set_cwd            (McpStdioTransport  *self,
                                                            const char         *cwd);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_stdio_transport_get_environ        (McpStdioTransport  *self);
MCP_AVAILABLE_IN_1_0
void                mcp_stdio_transport_set_environ        (McpStdioTransport  *self,
                                                            const char * const *environ_);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_stdio_transport_get_inherit_env    (McpStdioTransport  *self);
MCP_AVAILABLE_IN_1_0
void                mcp_stdio_transport_set_inherit_env    (McpStdioTransport  *self,
                                                            const char * const *names);
MCP_AVAILABLE_IN_1_0
void                mcp_stdio_transport_setenv             (McpStdioTransport  *self,
                                                            const char         *name,
                                                            const char         *value);
MCP_AVAILABLE_IN_1_0
void                mcp_stdio_transport_unsetenv           (McpStdioTransport  *self,
                                                            const char         *name);
MCP_AVAILABLE_IN_1_0
char              **mcp_stdio_transport_build_environ      (McpStdioTransport  *self);
MCP_AVAILABLE_IN_1_0
void                mcp_stdio_transport_take_fd            (McpStdioTransport  *self,
                                                            int                 source_fd,
                                                            int                 target_fd);
MCP_AVAILABLE_IN_1_0
char               *mcp_stdio_transport_dup_stderr_tail    (McpStdioTransport  *self);
MCP_AVAILABLE_IN_1_0
GSubprocess        *mcp_stdio_transport_get_subprocess     (McpStdioTransport  *self);

MCP_AVAILABLE_IN_1_0
McpSandbox         *mcp_stdio_transport_get_sandbox        (McpStdioTransport  *self);
MCP_AVAILABLE_IN_1_0
void                mcp_stdio_transport_set_sandbox        (McpStdioTransport  *self,
                                                            McpSandbox         *sandbox);
MCP_AVAILABLE_IN_1_0
void                mcp_stdio_transport_set_root_uris      (McpStdioTransport  *self,
                                                            const char * const *uris);

G_END_DECLS
