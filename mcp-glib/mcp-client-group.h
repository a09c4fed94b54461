/* mcp-client-group.h
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
#include <json-glib/json-glib.h>

#include "mcp-client.h"
#include "mcp-credential-store.h"
#include "mcp-group-item.h"
#include "mcp-group-server.h"
#include "mcp-prompt-result.h"
#include "mcp-request-options.h"
#include "mcp-server-config.h"
#include "mcp-server-registry.h"
#include "mcp-tool-result.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * MCP_CLIENT_GROUP_DEFAULT_MAX_CONNECTING:
 *
 * The default of [property@Mcp.ClientGroup:max-connecting]: 4.
 *
 * Since: 1.0
 */
#define MCP_CLIENT_GROUP_DEFAULT_MAX_CONNECTING 4

/**
 * MCP_CLIENT_GROUP_DEFAULT_RECONNECT_DELAY:
 *
 * The default of [property@Mcp.ClientGroup:reconnect-delay]: 1 second.
 *
 * Since: 1.0
 */
#define MCP_CLIENT_GROUP_DEFAULT_RECONNECT_DELAY 1000

/**
 * MCP_CLIENT_GROUP_DEFAULT_MAX_RECONNECT_DELAY:
 *
 * The default of [property@Mcp.ClientGroup:max-reconnect-delay]: 1 minute.
 *
 * Since: 1.0
 */
#define MCP_CLIENT_GROUP_DEFAULT_MAX_RECONNECT_DELAY 60000

/**
 * MCP_CLIENT_GROUP_DEFAULT_PING_INTERVAL:
 *
 * The default of [property@Mcp.ClientGroup:ping-interval]: 30 seconds.
 *
 * Since: 1.0
 */
#define MCP_CLIENT_GROUP_DEFAULT_PING_INTERVAL 30000

/**
 * McpClientGroupNameFunc:
 * @kind: what the item is
 * @server: the name of the server the item comes from
 * @name: the server's name for the item
 * @user_data: the data passed to [method@Mcp.ClientGroup.set_name_func]
 *
 * Makes the qualified name of an item of a [class@Mcp.ClientGroup]: the
 * name that tells it apart from the items of the same @name that other
 * servers offer. It must depend on its arguments only, so that the name
 * is stable, and should be distinct for distinct servers.
 *
 * Returns: (transfer full): the qualified name
 *
 * Since: 1.0
 */
typedef char *(*McpClientGroupNameFunc) (McpGroupItemKind  kind,
                                         const char       *server,
                                         const char       *name,
                                         gpointer          user_data);

#define MCP_TYPE_CLIENT_GROUP (mcp_client_group_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpClientGroup, mcp_client_group, MCP, CLIENT_GROUP, GObject)

MCP_AVAILABLE_IN_1_0
McpClientGroup    *mcp_client_group_new                     (void);
MCP_AVAILABLE_IN_1_0
McpClientGroup    *mcp_client_group_new_for_registry        (McpServerRegistry      *registry);
MCP_AVAILABLE_IN_1_0
McpServerRegistry *mcp_client_group_get_registry            (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
McpGroupServer    *mcp_client_group_add_client              (McpClientGroup         *self,
                                                             const char             *name,
                                                             McpClient              *client,
                                                             GError                **error);
MCP_AVAILABLE_IN_1_0
McpGroupServer    *mcp_client_group_add_config              (McpClientGroup         *self,
                                                             McpServerConfig        *config,
                                                             GError                **error);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_group_remove                  (McpClientGroup         *self,
                                                             const char             *name);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_group_get_servers             (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_group_get_roots               (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_add_root                (McpClientGroup         *self,
                                                             McpRoot                *root);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_group_remove_root             (McpClientGroup         *self,
                                                             const char             *uri);
MCP_AVAILABLE_IN_1_0
McpGroupServer    *mcp_client_group_lookup_server           (McpClientGroup         *self,
                                                             const char             *name);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_group_get_tools               (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_group_get_resources           (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_group_get_resource_templates  (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_group_get_prompts             (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
McpGroupItem      *mcp_client_group_lookup                  (McpClientGroup         *self,
                                                             McpGroupItemKind        kind,
                                                             const char             *name,
                                                             GError                **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_set_name_func           (McpClientGroup         *self,
                                                             McpClientGroupNameFunc  func,
                                                             gpointer                user_data,
                                                             GDestroyNotify          destroy);
MCP_AVAILABLE_IN_1_0
McpClientFeatures  mcp_client_group_get_features            (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_set_features            (McpClientGroup         *self,
                                                             McpClientFeatures       features);
MCP_AVAILABLE_IN_1_0
guint              mcp_client_group_get_connect_timeout     (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_set_connect_timeout     (McpClientGroup         *self,
                                                             guint                   timeout_ms);
MCP_AVAILABLE_IN_1_0
guint              mcp_client_group_get_max_connecting      (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_set_max_connecting      (McpClientGroup         *self,
                                                             guint                   max);
MCP_AVAILABLE_IN_1_0
guint              mcp_client_group_get_reconnect_delay     (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_set_reconnect_delay     (McpClientGroup         *self,
                                                             guint                   delay_ms);
MCP_AVAILABLE_IN_1_0
guint              mcp_client_group_get_max_reconnect_delay (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_set_max_reconnect_delay (McpClientGroup         *self,
                                                             guint                   delay_ms);
MCP_AVAILABLE_IN_1_0
guint              mcp_client_group_get_ping_interval       (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_set_ping_interval       (McpClientGroup         *self,
                                                             guint                   interval_ms);
MCP_AVAILABLE_IN_1_0
McpCredentialStore *mcp_client_group_get_credential_store   (McpClientGroup         *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_set_credential_store    (McpClientGroup         *self,
                                                             McpCredentialStore     *store);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_connect_async           (McpClientGroup         *self,
                                                             GCancellable           *cancellable,
                                                             GAsyncReadyCallback     callback,
                                                             gpointer                user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_group_connect_finish          (McpClientGroup         *self,
                                                             GAsyncResult           *result,
                                                             GError                **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_close_async             (McpClientGroup         *self,
                                                             GCancellable           *cancellable,
                                                             GAsyncReadyCallback     callback,
                                                             gpointer                user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_group_close_finish            (McpClientGroup         *self,
                                                             GAsyncResult           *result,
                                                             GError                **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_call_tool_async         (McpClientGroup         *self,
                                                             const char             *name,
                                                             JsonObject             *arguments,
                                                             McpRequestOptions      *options,
                                                             GCancellable           *cancellable,
                                                             GAsyncReadyCallback     callback,
                                                             gpointer                user_data);
MCP_AVAILABLE_IN_1_0
McpToolResult     *mcp_client_group_call_tool_finish        (McpClientGroup         *self,
                                                             GAsyncResult           *result,
                                                             GError                **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_get_prompt_async        (McpClientGroup         *self,
                                                             const char             *name,
                                                             GHashTable             *arguments,
                                                             GCancellable           *cancellable,
                                                             GAsyncReadyCallback     callback,
                                                             gpointer                user_data);
MCP_AVAILABLE_IN_1_0
McpPromptResult   *mcp_client_group_get_prompt_finish       (McpClientGroup         *self,
                                                             GAsyncResult           *result,
                                                             GError                **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_group_read_resource_async     (McpClientGroup         *self,
                                                             const char             *name,
                                                             GCancellable           *cancellable,
                                                             GAsyncReadyCallback     callback,
                                                             gpointer                user_data);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_group_read_resource_finish    (McpClientGroup         *self,
                                                             GAsyncResult           *result,
                                                             GError                **error);

G_END_DECLS
