/* mcp-oauth-discovery-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/* The parameters of a `Bearer` challenge in a WWW-Authenticate header. */
typedef struct
{
  char *resource_metadata;
  char *scope;
  char *error;
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
} McpOAuthServer;

McpOAuthChallenge *_mcp_oauth_challenge_parse  (const char           *www_authenticate);
void               _mcp_oauth_challenge_free   (McpOAuthChallenge    *challenge);

void               _mcp_oauth_discover_async   (SoupSession          *session,
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
