/* mcp-server-request-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-rpc-private.h"
#include "mcp-server-request.h"

G_BEGIN_DECLS

McpServerRequest *_mcp_server_request_new    (McpRpc           *rpc,
                                              JsonNode         *id,
                                              const char       *method,
                                              JsonNode         *params);
void              _mcp_server_request_cancel (McpServerRequest *self);
void              _mcp_server_request_set_apply_defaults (McpServerRequest *self,
                                                          gboolean          apply_defaults);

G_END_DECLS
