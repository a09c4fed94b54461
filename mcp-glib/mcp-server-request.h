/* mcp-server-request.h
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

#include "mcp-content.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpElicitationAction:
 * @MCP_ELICITATION_ACTION_ACCEPT: the user submitted the form or agreed
 * @MCP_ELICITATION_ACTION_DECLINE: the user explicitly declined
 * @MCP_ELICITATION_ACTION_CANCEL: the user dismissed the request without
 *   choosing
 *
 * How the user answered an elicitation request.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_ELICITATION_ACTION_ACCEPT,
  MCP_ELICITATION_ACTION_DECLINE,
  MCP_ELICITATION_ACTION_CANCEL,
} McpElicitationAction;

/**
 * McpElicitationMode:
 * @MCP_ELICITATION_MODE_FORM: the server asks for values with a form whose
 *   fields a schema describes (see
 *   [method@Mcp.ServerRequest.get_requested_schema])
 * @MCP_ELICITATION_MODE_URL: the server asks the user to visit a URL (see
 *   [method@Mcp.ServerRequest.get_url]); never open it without the user's
 *   consent
 *
 * How an elicitation request wants to be answered.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_ELICITATION_MODE_FORM,
  MCP_ELICITATION_MODE_URL,
} McpElicitationMode;

#define MCP_TYPE_SERVER_REQUEST (mcp_server_request_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpServerRequest, mcp_server_request, MCP, SERVER_REQUEST, GObject)

MCP_AVAILABLE_IN_1_0
const char   *mcp_server_request_get_method      (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
JsonNode     *mcp_server_request_get_params      (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
JsonNode     *mcp_server_request_get_id          (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
GCancellable *mcp_server_request_get_cancellable (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
gboolean      mcp_server_request_is_answered     (McpServerRequest *self);

MCP_AVAILABLE_IN_1_0
const char   *mcp_server_request_get_message     (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
McpElicitationMode mcp_server_request_get_elicitation_mode (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
JsonObject   *mcp_server_request_get_requested_schema (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
const char   *mcp_server_request_get_url         (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
const char   *mcp_server_request_get_elicitation_id (McpServerRequest *self);

MCP_AVAILABLE_IN_1_0
GListModel   *mcp_server_request_get_sampling_messages (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
const char   *mcp_server_request_get_system_prompt (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
gint64        mcp_server_request_get_max_tokens  (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
JsonObject   *mcp_server_request_get_model_preferences (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
char        **mcp_server_request_dup_model_hints (McpServerRequest *self);
MCP_AVAILABLE_IN_1_0
void          mcp_server_request_reply           (McpServerRequest *self,
                                                  JsonNode         *result);
MCP_AVAILABLE_IN_1_0
void          mcp_server_request_reply_error     (McpServerRequest *self,
                                                  int               code,
                                                  const char       *message);
MCP_AVAILABLE_IN_1_0
void          mcp_server_request_reply_sampling  (McpServerRequest *self,
                                                  const char       *model,
                                                  McpContent       *content,
                                                  const char       *stop_reason);
MCP_AVAILABLE_IN_1_0
void          mcp_server_request_reply_elicitation (McpServerRequest     *self,
                                                    McpElicitationAction  action,
                                                    JsonObject           *content);
MCP_AVAILABLE_IN_1_0
void          mcp_server_request_return_error    (McpServerRequest *self,
                                                  const GError     *error);

G_END_DECLS
