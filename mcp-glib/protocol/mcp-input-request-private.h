/* mcp-input-request-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-input-request.h"

G_BEGIN_DECLS

/* Called once with the answer (%NULL if declined) while @owner lives. */
typedef void (*McpInputRequestAnsweredFunc) (GObject    *owner,
                                             const char *id,
                                             const char *value);

McpInputRequest *_mcp_input_request_new (GObject                     *owner,
                                         McpInputRequestAnsweredFunc  answered,
                                         const char                  *id,
                                         JsonObject                  *declaration,
                                         const char                  *server);

G_END_DECLS
