/* mcp-request-info-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-request-info.h"

G_BEGIN_DECLS

McpRequestInfo *_mcp_request_info_new (JsonNode *message);

G_END_DECLS
