/* mcp-app-session-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-app-session.h"
#include "mcp-rpc-private.h"

G_BEGIN_DECLS

struct _McpAppSession
{
  GObject             parent_instance;

  McpClient          *client;
  McpTool            *tool;
  McpAppResource     *resource;
  McpTransport       *channel;
  McpRpc             *rpc;
  GCancellable       *cancellable;

  McpAppSessionState  state;
  JsonObject         *app_info;
  JsonObject         *app_capabilities;
  JsonObject         *host_context;
  JsonObject         *unsent_context;
  char               *display_mode;
  GStrv               available_display_modes;

  JsonObject         *partial_input;
  JsonObject         *input;
  JsonObject         *result;
  char               *cancel_reason;
  guint               input_sent : 1;
  guint               result_sent : 1;
  guint               cancelled : 1;
  guint               cancel_sent : 1;
};

enum {
  MCP_APP_SESSION_VIEW_REQUEST,
  MCP_APP_SESSION_SIZE_CHANGED,
  MCP_APP_SESSION_LOG_MESSAGE,
  MCP_APP_SESSION_TEARDOWN_REQUESTED,
  MCP_APP_SESSION_N_SIGNALS
};

extern guint _mcp_app_session_signals[MCP_APP_SESSION_N_SIGNALS];

void     _mcp_app_session_set_state   (McpAppSession      *self,
                                       McpAppSessionState  state);
void     _mcp_app_session_flush       (McpAppSession      *self);

/* mcp-app-session-view.c: what comes from the view. */
gboolean _mcp_app_session_display_mode_allowed (McpAppSession    *self,
                                                const char       *mode);
gboolean _mcp_app_session_on_request  (McpRpc             *rpc,
                                       McpServerRequest   *request,
                                       gpointer            user_data);
void     _mcp_app_session_on_notification (McpRpc         *rpc,
                                           const char     *method,
                                           JsonNode       *params,
                                           gpointer        user_data);

G_END_DECLS
