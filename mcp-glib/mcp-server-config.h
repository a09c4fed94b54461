/* mcp-server-config.h
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

#include "mcp-client.h"
#include "mcp-sandbox.h"
#include "mcp-transport.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpTransportKind:
 * @MCP_TRANSPORT_KIND_STDIO: a local server, started as a child process
 *   ([class@Mcp.StdioTransport])
 * @MCP_TRANSPORT_KIND_HTTP: a remote server speaking Streamable HTTP
 *   ([class@Mcp.HttpTransport])
 * @MCP_TRANSPORT_KIND_SSE: a remote server speaking the older HTTP+SSE
 *   transport of 2024-11-05 ([class@Mcp.HttpTransport] finds out by itself)
 *
 * How a configured server is reached.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_TRANSPORT_KIND_STDIO,
  MCP_TRANSPORT_KIND_HTTP,
  MCP_TRANSPORT_KIND_SSE,
} McpTransportKind;

#define MCP_TYPE_SERVER_CONFIG (mcp_server_config_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpServerConfig, mcp_server_config, MCP, SERVER_CONFIG, GObject)

MCP_AVAILABLE_IN_1_0
McpServerConfig  *mcp_server_config_new                  (const char          *name,
                                                          JsonObject          *json);
MCP_AVAILABLE_IN_1_0
McpServerConfig  *mcp_server_config_new_stdio            (const char          *name,
                                                          const char * const  *argv);
MCP_AVAILABLE_IN_1_0
McpServerConfig  *mcp_server_config_new_http             (const char          *name,
                                                          const char          *url);
MCP_AVAILABLE_IN_1_0
const char       *mcp_server_config_get_name             (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
JsonObject       *mcp_server_config_get_json             (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_json             (McpServerConfig     *self,
                                                          JsonObject          *json);
MCP_AVAILABLE_IN_1_0
GFile            *mcp_server_config_get_file             (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
const GError     *mcp_server_config_get_error            (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
McpTransportKind  mcp_server_config_get_transport_kind   (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_transport_kind   (McpServerConfig     *self,
                                                          McpTransportKind     kind);
MCP_AVAILABLE_IN_1_0
const char       *mcp_server_config_get_command          (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_command          (McpServerConfig     *self,
                                                          const char          *command);
MCP_AVAILABLE_IN_1_0
char            **mcp_server_config_dup_args             (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_args             (McpServerConfig     *self,
                                                          const char * const  *args);
MCP_AVAILABLE_IN_1_0
const char       *mcp_server_config_get_cwd              (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_cwd              (McpServerConfig     *self,
                                                          const char          *cwd);
MCP_AVAILABLE_IN_1_0
JsonObject       *mcp_server_config_get_env              (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_env              (McpServerConfig     *self,
                                                          JsonObject          *env);
MCP_AVAILABLE_IN_1_0
const char       *mcp_server_config_get_url              (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_url              (McpServerConfig     *self,
                                                          const char          *url);
MCP_AVAILABLE_IN_1_0
JsonObject       *mcp_server_config_get_headers          (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_headers          (McpServerConfig     *self,
                                                          JsonObject          *headers);
MCP_AVAILABLE_IN_1_0
JsonObject       *mcp_server_config_get_network          (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_network          (McpServerConfig     *self,
                                                          JsonObject          *network);
MCP_AVAILABLE_IN_1_0
gboolean          mcp_server_config_get_disabled         (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_disabled         (McpServerConfig     *self,
                                                          gboolean             disabled);
MCP_AVAILABLE_IN_1_0
char            **mcp_server_config_dup_input_ids        (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
McpTransport     *mcp_server_config_create_transport     (McpServerConfig     *self,
                                                          GError             **error);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_create_client_async  (McpServerConfig     *self,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
MCP_AVAILABLE_IN_1_0
McpClient        *mcp_server_config_create_client_finish (McpServerConfig     *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);

MCP_AVAILABLE_IN_1_0
gboolean          mcp_server_config_get_sandbox_enabled  (McpServerConfig     *self);
MCP_AVAILABLE_IN_1_0
McpSandbox       *mcp_server_config_dup_sandbox          (McpServerConfig     *self,
                                                          GError             **error);
MCP_AVAILABLE_IN_1_0
void              mcp_server_config_set_sandbox          (McpServerConfig     *self,
                                                          McpSandbox          *sandbox);

G_END_DECLS
