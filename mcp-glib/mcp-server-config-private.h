/* mcp-server-config-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-jsonc-private.h"
#include "mcp-server-config.h"
#include "mcp-server-registry.h"

G_BEGIN_DECLS

/* The registry's side of a configuration: where it came from (and so which
 * inputs it may use), what the file said when it was last read or written,
 * and its checks with positions in the file. */
McpServerConfig *_mcp_server_config_new_from_file  (const char        *name,
                                                    JsonObject        *json,
                                                    GFile             *file);
void             _mcp_server_config_attach         (McpServerConfig   *self,
                                                    McpServerRegistry *registry,
                                                    GFile             *file,
                                                    JsonArray         *inputs);
gboolean         _mcp_server_config_is_attached    (McpServerConfig   *self);
void             _mcp_server_config_detach         (McpServerConfig   *self);
GPtrArray       *_mcp_server_config_check_in_file  (McpServerConfig   *self,
                                                    McpJsoncDocument  *doc,
                                                    McpJsoncNode      *node);
void             _mcp_server_config_reload         (McpServerConfig   *self,
                                                    JsonObject        *json);
JsonObject      *_mcp_server_config_get_baseline   (McpServerConfig   *self);
gboolean         _mcp_server_config_is_dirty       (McpServerConfig   *self);
void             _mcp_server_config_mark_saved     (McpServerConfig   *self,
                                                    JsonObject        *json);

G_END_DECLS
