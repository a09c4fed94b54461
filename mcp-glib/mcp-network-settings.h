/* mcp-network-settings.h
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

#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_NETWORK_SETTINGS (mcp_network_settings_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpNetworkSettings, mcp_network_settings, MCP, NETWORK_SETTINGS, GObject)

MCP_AVAILABLE_IN_1_0
McpNetworkSettings  *mcp_network_settings_new                     (void);

MCP_AVAILABLE_IN_1_0
const char          *mcp_network_settings_get_ca_file             (McpNetworkSettings *self);
MCP_AVAILABLE_IN_1_0
void                 mcp_network_settings_set_ca_file             (McpNetworkSettings *self,
                                                                   const char         *ca_file);
MCP_AVAILABLE_IN_1_0
gboolean             mcp_network_settings_get_use_system_ca       (McpNetworkSettings *self);
MCP_AVAILABLE_IN_1_0
void                 mcp_network_settings_set_use_system_ca       (McpNetworkSettings *self,
                                                                   gboolean            use_system_ca);
MCP_AVAILABLE_IN_1_0
const char          *mcp_network_settings_get_pinned_public_key   (McpNetworkSettings *self);
MCP_AVAILABLE_IN_1_0
void                 mcp_network_settings_set_pinned_public_key   (McpNetworkSettings *self,
                                                                   const char         *pin);

MCP_AVAILABLE_IN_1_0
const char          *mcp_network_settings_get_client_certificate  (McpNetworkSettings *self);
MCP_AVAILABLE_IN_1_0
const char          *mcp_network_settings_get_client_key          (McpNetworkSettings *self);
MCP_AVAILABLE_IN_1_0
void                 mcp_network_settings_set_client_certificate  (McpNetworkSettings *self,
                                                                   const char         *certificate,
                                                                   const char         *key);
MCP_AVAILABLE_IN_1_0
void                 mcp_network_settings_set_client_key_password (McpNetworkSettings *self,
                                                                   const char         *password);
MCP_AVAILABLE_IN_1_0
GTlsInteraction     *mcp_network_settings_get_interaction         (McpNetworkSettings *self);
MCP_AVAILABLE_IN_1_0
void                 mcp_network_settings_set_interaction         (McpNetworkSettings *self,
                                                                   GTlsInteraction    *interaction);

MCP_AVAILABLE_IN_1_0
const char          *mcp_network_settings_get_proxy               (McpNetworkSettings *self);
MCP_AVAILABLE_IN_1_0
void                 mcp_network_settings_set_proxy               (McpNetworkSettings *self,
                                                                   const char         *proxy);
MCP_AVAILABLE_IN_1_0
const char          *mcp_network_settings_get_proxy_username      (McpNetworkSettings *self);
MCP_AVAILABLE_IN_1_0
void                 mcp_network_settings_set_proxy_credentials   (McpNetworkSettings *self,
                                                                   const char         *username,
                                                                   const char         *password);
MCP_AVAILABLE_IN_1_0
const char * const  *mcp_network_settings_get_no_proxy            (McpNetworkSettings *self);
MCP_AVAILABLE_IN_1_0
void                 mcp_network_settings_set_no_proxy            (McpNetworkSettings *self,
                                                                   const char * const *hosts);

MCP_AVAILABLE_IN_1_0
GTlsDatabase        *mcp_network_settings_load_database           (McpNetworkSettings *self,
                                                                   GError            **error);
MCP_AVAILABLE_IN_1_0
GTlsCertificate     *mcp_network_settings_load_client_certificate (McpNetworkSettings *self,
                                                                   GCancellable       *cancellable,
                                                                   GError            **error);

G_END_DECLS
