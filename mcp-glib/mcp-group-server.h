/* mcp-group-server.h
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

#include "mcp-client.h"
#include "mcp-server-config.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpGroupServerState:
 * @MCP_GROUP_SERVER_STATE_STOPPED: not running: the group is not connected
 *   ([method@Mcp.ClientGroup.connect_async]) or was closed
 * @MCP_GROUP_SERVER_STATE_DISABLED: not started, because its configuration
 *   says `"disabled": true`
 * @MCP_GROUP_SERVER_STATE_CONNECTING: the first attempt to connect is in
 *   progress (asking for inputs, starting, the handshake)
 * @MCP_GROUP_SERVER_STATE_READY: connected; its tools, resources and
 *   prompts are in the group's models
 * @MCP_GROUP_SERVER_STATE_FAILED: not connected, for the reason in
 *   [property@Mcp.GroupServer:error]; the group tries again later unless
 *   the reason is permanent (a broken configuration, a declined input, a
 *   client added by hand)
 * @MCP_GROUP_SERVER_STATE_RECONNECTING: a later attempt to connect is in
 *   progress, after a failure or a lost connection
 *
 * Where a server of a [class@Mcp.ClientGroup] is.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_GROUP_SERVER_STATE_STOPPED,
  MCP_GROUP_SERVER_STATE_DISABLED,
  MCP_GROUP_SERVER_STATE_CONNECTING,
  MCP_GROUP_SERVER_STATE_READY,
  MCP_GROUP_SERVER_STATE_FAILED,
  MCP_GROUP_SERVER_STATE_RECONNECTING,
} McpGroupServerState;

#define MCP_TYPE_GROUP_SERVER (mcp_group_server_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpGroupServer, mcp_group_server, MCP, GROUP_SERVER, GObject)

MCP_AVAILABLE_IN_1_0
const char          *mcp_group_server_get_name     (McpGroupServer *self);
MCP_AVAILABLE_IN_1_0
McpServerConfig     *mcp_group_server_get_config   (McpGroupServer *self);
MCP_AVAILABLE_IN_1_0
McpClient           *mcp_group_server_get_client   (McpGroupServer *self);
MCP_AVAILABLE_IN_1_0
McpGroupServerState  mcp_group_server_get_state    (McpGroupServer *self);
MCP_AVAILABLE_IN_1_0
const GError        *mcp_group_server_get_error    (McpGroupServer *self);
MCP_AVAILABLE_IN_1_0
guint                mcp_group_server_get_attempts (McpGroupServer *self);
MCP_AVAILABLE_IN_1_0
guint                mcp_group_server_get_retry_delay (McpGroupServer *self);
MCP_AVAILABLE_IN_1_0
void                 mcp_group_server_reconnect    (McpGroupServer *self);

G_END_DECLS
