/* mcp-sandbox-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the sandbox's files share with each other and with
 * McpStdioTransport: the policy's lists (mcp-sandbox.c), one start of a
 * sandboxed server (mcp-sandbox-bwrap.c) and the domain proxy
 * (mcp-sandbox-proxy.c).
 */

#pragma once

#include <gio/gio.h>

#include "mcp-sandbox.h"

G_BEGIN_DECLS

/* In the order of the properties, see mcp-sandbox.c. */
typedef enum {
  MCP_SANDBOX_READ_PATHS,
  MCP_SANDBOX_WRITE_PATHS,
  MCP_SANDBOX_DENIED_PATHS,
  MCP_SANDBOX_READ_ONLY_PATHS,
  MCP_SANDBOX_ALLOWED_DOMAINS,
  MCP_SANDBOX_DENIED_DOMAINS,
  MCP_SANDBOX_N_LISTS
} McpSandboxList;

/* Where the proxy's socket is inside the sandbox, and the loopback port
 * the spawn helper forwards from (in the sandbox's own network
 * namespace). */
#define MCP_SANDBOX_PROXY_DIR  "/run/mcp-glib-proxy"
#define MCP_SANDBOX_PROXY_NAME "proxy.sock"
#define MCP_SANDBOX_PROXY_PORT "3128"

const char * const *_mcp_sandbox_get_list (McpSandbox     *self,
                                           McpSandboxList  list);

/* One start of a sandboxed server: its command line (bwrap, then the
 * server), its environment, and the proxy while it runs. */
typedef struct _McpSandboxRun McpSandboxRun;

McpSandboxRun      *_mcp_sandbox_run_new              (McpSandbox         *sandbox,
                                                       const char * const *argv,
                                                       const char * const *envp,
                                                       const char         *cwd,
                                                       const char * const *root_paths,
                                                       GError            **error);
const char * const *_mcp_sandbox_run_get_argv         (McpSandboxRun      *run);
const char * const *_mcp_sandbox_run_get_envp         (McpSandboxRun      *run);
char               *_mcp_sandbox_run_describe_denials (McpSandboxRun      *run,
                                                       const char         *stderr_tail);
void                _mcp_sandbox_run_free             (McpSandboxRun      *run);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpSandboxRun, _mcp_sandbox_run_free)

/* The proxy (mcp-sandbox-proxy.c). */
typedef struct _McpSandboxProxy McpSandboxProxy;

McpSandboxProxy    *_mcp_sandbox_proxy_new            (const char * const *allowed,
                                                       const char * const *denied,
                                                       GError            **error);
const char         *_mcp_sandbox_proxy_get_dir        (McpSandboxProxy    *proxy);
const char * const *_mcp_sandbox_proxy_get_refused    (McpSandboxProxy    *proxy);
void                _mcp_sandbox_proxy_free           (McpSandboxProxy    *proxy);
gboolean            _mcp_sandbox_proxy_parse_request  (const char         *header,
                                                       gsize               len,
                                                       char              **host,
                                                       guint16            *port,
                                                       const char        **status);
gboolean            _mcp_sandbox_domain_allowed       (const char * const *allowed,
                                                       const char * const *denied,
                                                       const char         *host,
                                                       guint16             port,
                                                       gboolean           *explicit_local);

G_END_DECLS
