/* mcp-http-transport.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <libsoup/soup.h>

#include "mcp-authorization.h"
#include "mcp-network-settings.h"
#include "mcp-transport.h"

G_BEGIN_DECLS

#define MCP_TYPE_HTTP_TRANSPORT (mcp_http_transport_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpHttpTransport, mcp_http_transport, MCP, HTTP_TRANSPORT, McpTransport)

MCP_AVAILABLE_IN_1_0
McpHttpTransport *mcp_http_transport_new                        (const char       *url);
MCP_AVAILABLE_IN_1_0
McpHttpTransport *mcp_http_transport_new_with_session           (const char       *url,
                                                                 SoupSession      *session);
MCP_AVAILABLE_IN_1_0
const char       *mcp_http_transport_get_url                    (McpHttpTransport *self);
MCP_AVAILABLE_IN_1_0
SoupSession      *mcp_http_transport_get_session                (McpHttpTransport *self);
MCP_AVAILABLE_IN_1_0
void              mcp_http_transport_set_header                 (McpHttpTransport *self,
                                                                 const char       *name,
                                                                 const char       *value);
MCP_AVAILABLE_IN_1_0
const char       *mcp_http_transport_get_session_id             (McpHttpTransport *self);
MCP_AVAILABLE_IN_1_0
gboolean          mcp_http_transport_get_legacy_sse             (McpHttpTransport *self);
MCP_AVAILABLE_IN_1_0
guint64           mcp_http_transport_get_max_message_size       (McpHttpTransport *self);
MCP_AVAILABLE_IN_1_0
void              mcp_http_transport_set_max_message_size       (McpHttpTransport *self,
                                                                 guint64           max_message_size);
MCP_AVAILABLE_IN_1_0
guint             mcp_http_transport_get_max_reconnect_attempts (McpHttpTransport *self);
MCP_AVAILABLE_IN_1_0
void              mcp_http_transport_set_max_reconnect_attempts (McpHttpTransport *self,
                                                                 guint             attempts);

MCP_AVAILABLE_IN_1_0
McpAuthorization *mcp_http_transport_get_authorization          (McpHttpTransport *self);
MCP_AVAILABLE_IN_1_0
void              mcp_http_transport_set_authorization          (McpHttpTransport *self,
                                                                 McpAuthorization *authorization);

MCP_AVAILABLE_IN_1_0
McpNetworkSettings *mcp_http_transport_get_network_settings     (McpHttpTransport   *self);
MCP_AVAILABLE_IN_1_0
void              mcp_http_transport_set_network_settings       (McpHttpTransport   *self,
                                                                 McpNetworkSettings *settings);

G_END_DECLS
