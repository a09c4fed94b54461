/* mcp-oauth-discovery-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/* The parameters of a `Bearer` or `DPoP` challenge in a WWW-Authenticate
 * header (the first value of each, should both be there). */
typedef struct
{
  char *resource_metadata;
  char *scope;
  char *error;
  /* A challenge said error="use_dpop_nonce" (RFC 9449 §9). */
  gboolean use_dpop_nonce;
  /* A parameter was longer than the parser keeps: refuse the challenge. */
  gboolean too_long;
} McpOAuthChallenge;

/* What discovery found out about a server and its authorization server. */
typedef struct
{
  gatomicrefcount   ref_count;

  /* The `resource` parameter of requests: the protected resource metadata's
   * own identifier, or the server's URL when it has none. */
  char             *resource;
  /* The protected resource metadata's scopes_supported, if any. */
  char            **resource_scopes;

  char             *issuer;
  char             *authorization_endpoint;
  char             *token_endpoint;
  char             *registration_endpoint;
  char            **scopes_supported;
  char            **token_endpoint_auth_methods;
  gboolean          pkce_s256;
  gboolean          iss_parameter_supported;
  gboolean          client_id_metadata_document_supported;
  /* dpop_signing_alg_values_supported, if the server has it. */
  char            **dpop_algs;
} McpOAuthServer;

McpOAuthChallenge *_mcp_oauth_challenge_parse  (const char           *www_authenticate);
void               _mcp_oauth_challenge_free   (McpOAuthChallenge    *challenge);

void               _mcp_oauth_discover_async   (SoupSession          *session,
                                                guint                 timeout,
                                                const char           *server_url,
                                                const char           *resource_metadata,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
McpOAuthServer    *_mcp_oauth_discover_finish  (GAsyncResult         *result,
                                                GError              **error);
McpOAuthServer    *_mcp_oauth_server_ref       (McpOAuthServer       *server);
void               _mcp_oauth_server_unref     (McpOAuthServer       *server);
gboolean           _mcp_oauth_server_supports  (char * const         *values,
                                                const char           *value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpOAuthChallenge, _mcp_oauth_challenge_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpOAuthServer, _mcp_oauth_server_unref)

G_END_DECLS
