/* mcp-input-request-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-input-request.h"
#include "mcp-server-registry.h"

G_BEGIN_DECLS

McpInputRequest *_mcp_input_request_new (McpServerRegistry *registry,
                                         const char        *id,
                                         JsonObject        *declaration,
                                         const char        *server);

G_END_DECLS
