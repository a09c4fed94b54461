/* mcp-oauth-http-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

/* The most that is read of any answer of an authorization server
 * (metadata, registration, tokens): real ones are a few KiB. */
#define MCP_OAUTH_MAX_BODY_SIZE (256 * 1024)

/* How many redirects a GET to an authorization server may take, each to
 * the same origin. */
#define MCP_OAUTH_MAX_REDIRECTS 3

/* The longest token, client id or scope list taken from a server. */
#define MCP_OAUTH_MAX_TOKEN_LENGTH (16 * 1024)

typedef struct
{
  guint       status;
  /* The body, when it is a JSON object. */
  JsonObject *json;
  /* The DPoP-Nonce header (RFC 9449 §8), if any. */
  char       *dpop_nonce;
} McpOAuthResponse;

void              _mcp_oauth_send_async       (SoupSession          *session,
                                               SoupMessage          *msg,
                                               guint                 timeout,
                                               GCancellable         *cancellable,
                                               GAsyncReadyCallback   callback,
                                               gpointer              user_data);
McpOAuthResponse *_mcp_oauth_send_finish      (GAsyncResult         *result,
                                               GError              **error);
void              _mcp_oauth_response_free    (McpOAuthResponse     *response);
SoupMessage      *_mcp_oauth_form_message_new (const char           *url,
                                               GHashTable           *form);
gboolean          _mcp_oauth_url_is_secure    (const char           *url);
gboolean          _mcp_oauth_url_is_loopback  (const char           *url);
gboolean          _mcp_oauth_same_origin      (const char           *a,
                                               const char           *b);
char             *_mcp_oauth_url_origin       (const char           *url);
gboolean          _mcp_oauth_token_is_valid   (const char           *value);
gboolean          _mcp_oauth_scope_is_valid   (const char           *value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpOAuthResponse, _mcp_oauth_response_free)

G_END_DECLS
