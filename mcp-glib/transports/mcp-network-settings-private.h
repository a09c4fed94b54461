/* mcp-network-settings-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "mcp-network-settings.h"

G_BEGIN_DECLS

/* mcp-network-settings.c */
const char *_mcp_network_settings_get_proxy_password (McpNetworkSettings *self);

/* mcp-network-session.c */
gboolean    _mcp_network_settings_apply              (McpNetworkSettings *self,
                                                      SoupSession        *session,
                                                      GCancellable       *cancellable,
                                                      GError            **error);
gboolean    _mcp_network_check_token_route           (McpNetworkSettings *self,
                                                      const char         *url,
                                                      GError            **error);

G_END_DECLS
