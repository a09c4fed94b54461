/* mcp-server-registry-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-server-config.h"
#include "mcp-server-registry.h"

G_BEGIN_DECLS

/* The inputs of the session: what configurations ask for and what the
 * application answered (see McpInputRequest). */
const char *_mcp_server_registry_lookup_input     (McpServerRegistry    *self,
                                                   const char           *id);
void        _mcp_server_registry_ask_input_async  (McpServerRegistry    *self,
                                                   McpServerConfig      *config,
                                                   const char           *id,
                                                   GCancellable         *cancellable,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
gboolean    _mcp_server_registry_ask_input_finish (McpServerRegistry    *self,
                                                   GAsyncResult         *result,
                                                   GError              **error);
void        _mcp_server_registry_input_answered   (McpServerRegistry    *self,
                                                   const char           *id,
                                                   const char           *value);

G_END_DECLS
