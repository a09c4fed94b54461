/* mcp-server-registry.h
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

#include "mcp-server-config.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_SERVER_REGISTRY (mcp_server_registry_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpServerRegistry, mcp_server_registry, MCP, SERVER_REGISTRY, GObject)

MCP_AVAILABLE_IN_1_0
McpServerRegistry *mcp_server_registry_new                  (void);
MCP_AVAILABLE_IN_1_0
McpServerRegistry *mcp_server_registry_new_empty            (void);
MCP_AVAILABLE_IN_1_0
GFile             *mcp_server_registry_get_user_file        (void);
MCP_AVAILABLE_IN_1_0
void               mcp_server_registry_add_file             (McpServerRegistry    *self,
                                                             GFile                *file);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_server_registry_remove_file          (McpServerRegistry    *self,
                                                             GFile                *file);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_server_registry_get_files            (McpServerRegistry    *self);
MCP_AVAILABLE_IN_1_0
void               mcp_server_registry_reload               (McpServerRegistry    *self);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_server_registry_get_problems         (McpServerRegistry    *self);
MCP_AVAILABLE_IN_1_0
McpServerConfig   *mcp_server_registry_lookup               (McpServerRegistry    *self,
                                                             const char           *name);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_server_registry_add                  (McpServerRegistry    *self,
                                                             McpServerConfig      *config,
                                                             GFile                *file,
                                                             GError              **error);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_server_registry_remove               (McpServerRegistry    *self,
                                                             McpServerConfig      *config);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_server_registry_has_unsaved_changes  (McpServerRegistry    *self);
MCP_AVAILABLE_IN_1_0
void               mcp_server_registry_save_async           (McpServerRegistry    *self,
                                                             GCancellable         *cancellable,
                                                             GAsyncReadyCallback   callback,
                                                             gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_server_registry_save_finish          (McpServerRegistry    *self,
                                                             GAsyncResult         *result,
                                                             GError              **error);
MCP_AVAILABLE_IN_1_0
GFile             *mcp_server_registry_get_workspace_folder (McpServerRegistry    *self);
MCP_AVAILABLE_IN_1_0
void               mcp_server_registry_set_workspace_folder (McpServerRegistry    *self,
                                                             GFile                *folder);
MCP_AVAILABLE_IN_1_0
void               mcp_server_registry_set_input            (McpServerRegistry    *self,
                                                             const char           *id,
                                                             const char           *value);
MCP_AVAILABLE_IN_1_0
void               mcp_server_registry_forget_inputs        (McpServerRegistry    *self);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_server_registry_get_use_keyring      (McpServerRegistry    *self);
MCP_AVAILABLE_IN_1_0
void               mcp_server_registry_set_use_keyring      (McpServerRegistry    *self,
                                                             gboolean              use_keyring);

G_END_DECLS
