/* mcp-app-session.h
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

#include "mcp-app-resource.h"
#include "mcp-client.h"
#include "mcp-server-request.h"
#include "mcp-tool.h"
#include "mcp-tool-result.h"
#include "mcp-transport.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpAppSessionState:
 * @MCP_APP_SESSION_STATE_NEW: not started
 * @MCP_APP_SESSION_STATE_WAITING: waiting for the view's `ui/initialize`
 * @MCP_APP_SESSION_STATE_INITIALIZING: `ui/initialize` answered, waiting
 *   for `ui/notifications/initialized`
 * @MCP_APP_SESSION_STATE_READY: the view is initialized: the host sends it
 *   what it has
 * @MCP_APP_SESSION_STATE_CLOSED: torn down, or the channel ended
 *
 * Where an [class@Mcp.AppSession] stands.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_APP_SESSION_STATE_NEW,
  MCP_APP_SESSION_STATE_WAITING,
  MCP_APP_SESSION_STATE_INITIALIZING,
  MCP_APP_SESSION_STATE_READY,
  MCP_APP_SESSION_STATE_CLOSED,
} McpAppSessionState;

#define MCP_TYPE_APP_SESSION (mcp_app_session_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpAppSession, mcp_app_session, MCP, APP_SESSION, GObject)

MCP_AVAILABLE_IN_1_0
void            mcp_app_session_declare_extension  (McpClient            *client);
MCP_AVAILABLE_IN_1_0
McpAppSession  *mcp_app_session_new                (McpClient            *client,
                                                    McpTool              *tool,
                                                    McpAppResource       *resource,
                                                    McpTransport         *channel);
MCP_AVAILABLE_IN_1_0
void            mcp_app_session_start_async        (McpAppSession        *self,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean        mcp_app_session_start_finish       (McpAppSession        *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);
MCP_AVAILABLE_IN_1_0
McpClient      *mcp_app_session_get_client         (McpAppSession        *self);
MCP_AVAILABLE_IN_1_0
McpTool        *mcp_app_session_get_tool           (McpAppSession        *self);
MCP_AVAILABLE_IN_1_0
McpAppResource *mcp_app_session_get_resource       (McpAppSession        *self);
MCP_AVAILABLE_IN_1_0
McpAppSessionState mcp_app_session_get_state       (McpAppSession        *self);
MCP_AVAILABLE_IN_1_0
JsonObject     *mcp_app_session_get_app_info       (McpAppSession        *self);
MCP_AVAILABLE_IN_1_0
JsonObject     *mcp_app_session_get_app_capabilities (McpAppSession      *self);
MCP_AVAILABLE_IN_1_0
JsonObject     *mcp_app_session_get_host_context   (McpAppSession        *self);
MCP_AVAILABLE_IN_1_0
void            mcp_app_session_update_host_context (McpAppSession       *self,
                                                    JsonObject           *changes);
MCP_AVAILABLE_IN_1_0
const char     *mcp_app_session_get_display_mode   (McpAppSession        *self);
MCP_AVAILABLE_IN_1_0
void            mcp_app_session_set_available_display_modes (McpAppSession *self,
                                                    const char * const   *modes);
MCP_AVAILABLE_IN_1_0
void            mcp_app_session_reply_display_mode (McpAppSession        *self,
                                                    McpServerRequest     *request,
                                                    const char           *mode);
MCP_AVAILABLE_IN_1_0
void            mcp_app_session_set_tool_input_partial (McpAppSession    *self,
                                                    JsonObject           *arguments);
MCP_AVAILABLE_IN_1_0
void            mcp_app_session_set_tool_input     (McpAppSession        *self,
                                                    JsonObject           *arguments);
MCP_AVAILABLE_IN_1_0
void            mcp_app_session_set_tool_result    (McpAppSession        *self,
                                                    McpToolResult        *result);
MCP_AVAILABLE_IN_1_0
void            mcp_app_session_cancel_tool        (McpAppSession        *self,
                                                    const char           *reason);
MCP_AVAILABLE_IN_1_0
void            mcp_app_session_teardown_async     (McpAppSession        *self,
                                                    const char           *reason,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean        mcp_app_session_teardown_finish    (McpAppSession        *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);

G_END_DECLS
