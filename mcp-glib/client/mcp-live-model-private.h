/* mcp-live-model-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-client-private.h"

G_BEGIN_DECLS

#define MCP_TYPE_LIVE_MODEL (mcp_live_model_get_type ())

G_DECLARE_FINAL_TYPE (McpLiveModel, mcp_live_model, MCP, LIVE_MODEL, GObject)

McpLiveModel *_mcp_live_model_new     (McpClient         *client,
                                       const McpListKind *kind);
void          _mcp_live_model_refresh (McpLiveModel      *self);
void          _mcp_live_model_cancel  (McpLiveModel      *self);
void          _mcp_live_model_detach  (McpLiveModel      *self);

G_END_DECLS
