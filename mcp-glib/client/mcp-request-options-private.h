/* mcp-request-options-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-request-options.h"

G_BEGIN_DECLS

void _mcp_request_options_emit_progress (McpRequestOptions *self,
                                         double             progress,
                                         double             total,
                                         const char        *message);

G_END_DECLS
