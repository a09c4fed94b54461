/* mcp-oauth-loopback-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _McpOAuthLoopback McpOAuthLoopback;

/* Called once, from the main context, with the URI the browser was
 * redirected to (query included). */
typedef void (*McpOAuthRedirectFunc) (const char *redirected_uri,
                                      gpointer    user_data);

McpOAuthLoopback *_mcp_oauth_loopback_new              (McpOAuthRedirectFunc   func,
                                                        gpointer               user_data,
                                                        GError               **error);
const char       *_mcp_oauth_loopback_get_redirect_uri (McpOAuthLoopback      *loopback);
void              _mcp_oauth_loopback_free             (McpOAuthLoopback      *loopback);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpOAuthLoopback, _mcp_oauth_loopback_free)

G_END_DECLS
