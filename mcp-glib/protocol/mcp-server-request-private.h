/* mcp-server-request-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-server-request.h"

G_BEGIN_DECLS

/* Where an answer goes: @result, or else an error with @code and @message.
 * A JSON-RPC request sends it back to the server; an input request of a
 * multi round-trip request keeps it for the retry. */
typedef void (*McpServerRequestReplyFunc) (McpServerRequest *request,
                                           JsonNode         *result,
                                           int               code,
                                           const char       *message,
                                           gpointer          user_data);

McpServerRequest *_mcp_server_request_new    (JsonNode                  *id,
                                              const char                *method,
                                              JsonNode                  *params,
                                              McpServerRequestReplyFunc  reply_func,
                                              gpointer                   reply_data,
                                              GDestroyNotify             reply_destroy);
void              _mcp_server_request_cancel (McpServerRequest *self);
void              _mcp_server_request_set_apply_defaults (McpServerRequest *self,
                                                          gboolean          apply_defaults);

G_END_DECLS
