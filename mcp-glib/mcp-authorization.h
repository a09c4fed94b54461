/* mcp-authorization.h
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

#include "mcp-credential-store.h"
#include "mcp-credentials.h"
#include "mcp-network-settings.h"

G_BEGIN_DECLS

/**
 * MCP_AUTHORIZATION_ERROR:
 *
 * The error domain for failures to sign in to an MCP server or to stay
 * signed in. See [enum@Mcp.AuthorizationError].
 *
 * Since: 1.0
 */
#define MCP_AUTHORIZATION_ERROR (mcp_authorization_error_quark ())

/**
 * McpAuthorizationError:
 * @MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED: the server needs a sign-in
 *   that may not happen on its own: [property@Mcp.Authorization:interactive]
 *   is off, or the sign-in was abandoned (cancelled, or not completed in
 *   time); call [method@Mcp.Authorization.sign_in_async]
 * @MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED: the server or its
 *   authorization server did not describe itself usably: no metadata, a
 *   resource or issuer that does not match, no PKCE with S256
 * @MCP_AUTHORIZATION_ERROR_INSECURE: an endpoint that is not HTTPS (and not
 *   on the local machine), or a redirect to another origin
 * @MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED: no client identity: none is
 *   configured, the authorization server accepts no client ID metadata
 *   document and offers no registration, or it refused the registration
 * @MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE: an answer of the authorization
 *   server that cannot be trusted or used: malformed or too large, or a
 *   redirect whose `state` or `iss` does not match
 * @MCP_AUTHORIZATION_ERROR_DENIED: the user or the authorization server
 *   refused: an error in the redirect, or the token endpoint refused
 * @MCP_AUTHORIZATION_ERROR_INSUFFICIENT_SCOPE: the server keeps asking for
 *   scopes that signing in again did not provide
 *
 * Error codes of %MCP_AUTHORIZATION_ERROR.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED,
  MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
  MCP_AUTHORIZATION_ERROR_INSECURE,
  MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
  MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
  MCP_AUTHORIZATION_ERROR_DENIED,
  MCP_AUTHORIZATION_ERROR_INSUFFICIENT_SCOPE,
} McpAuthorizationError;

/**
 * McpAuthorizationGrant:
 * @MCP_AUTHORIZATION_GRANT_AUTHORIZATION_CODE: a user signs in in a web
 *   browser (OAuth 2.1 authorization code with PKCE): the usual case
 * @MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS: the application signs in as
 *   itself, with a client secret or a private key, without a user
 *   (machine-to-machine)
 * @MCP_AUTHORIZATION_GRANT_CROSS_APP_ACCESS: the application trades an ID
 *   token from the enterprise's identity provider for an identity
 *   assertion grant (ID-JAG), then for an access token, without a browser
 * @MCP_AUTHORIZATION_GRANT_JWT_BEARER: workload identity federation
 *   (SEP-1933): the application hands over a JWT that its platform issued
 *   to the workload ([method@Mcp.Authorization.set_workload_token]), and
 *   trades it for an access token (RFC 7523 `jwt-bearer` grant), without
 *   a user, a browser or a client secret
 *
 * How an [class@Mcp.Authorization] obtains access tokens.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_AUTHORIZATION_GRANT_AUTHORIZATION_CODE,
  MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS,
  MCP_AUTHORIZATION_GRANT_CROSS_APP_ACCESS,
  MCP_AUTHORIZATION_GRANT_JWT_BEARER,
} McpAuthorizationGrant;

/**
 * McpAuthorizationDpop:
 * @MCP_AUTHORIZATION_DPOP_AUTO: use DPoP with authorization servers that
 *   advertise it (`dpop_signing_alg_values_supported` in their metadata),
 *   bearer tokens with the others: the default
 * @MCP_AUTHORIZATION_DPOP_DISABLED: never use DPoP; ask for bearer tokens
 *   only
 * @MCP_AUTHORIZATION_DPOP_REQUIRED: use DPoP, and refuse to sign in with
 *   an authorization server that does not advertise it (or only
 *   algorithms the library cannot sign with)
 *
 * Whether an [class@Mcp.Authorization] binds access tokens to a key of the
 * application with DPoP (RFC 9449), so that a token that leaks is of no
 * use without the key.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_AUTHORIZATION_DPOP_AUTO,
  MCP_AUTHORIZATION_DPOP_DISABLED,
  MCP_AUTHORIZATION_DPOP_REQUIRED,
} McpAuthorizationDpop;

#define MCP_TYPE_AUTHORIZATION (mcp_authorization_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpAuthorization, mcp_authorization, MCP, AUTHORIZATION, GObject)

MCP_AVAILABLE_IN_1_0
GQuark                 mcp_authorization_error_quark          (void);

MCP_AVAILABLE_IN_1_0
McpAuthorization      *mcp_authorization_new                  (void);
MCP_AVAILABLE_IN_1_0
McpAuthorization      *mcp_authorization_new_with_session     (SoupSession          *session);
MCP_AVAILABLE_IN_1_0
SoupSession           *mcp_authorization_get_session          (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
McpNetworkSettings    *mcp_authorization_get_network_settings (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_network_settings (McpAuthorization     *self,
                                                               McpNetworkSettings   *settings);
MCP_AVAILABLE_IN_1_0
McpAuthorizationGrant  mcp_authorization_get_grant            (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_grant            (McpAuthorization     *self,
                                                               McpAuthorizationGrant grant);
MCP_AVAILABLE_IN_1_0
McpAuthorizationDpop   mcp_authorization_get_dpop             (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_dpop             (McpAuthorization     *self,
                                                               McpAuthorizationDpop  dpop);
MCP_AVAILABLE_IN_1_0
McpCredentialStore    *mcp_authorization_get_store            (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_store            (McpAuthorization     *self,
                                                               McpCredentialStore   *store);
MCP_AVAILABLE_IN_1_0
const char            *mcp_authorization_get_client_id        (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_client_id        (McpAuthorization     *self,
                                                               const char           *client_id);
MCP_AVAILABLE_IN_1_0
const char            *mcp_authorization_get_client_secret    (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_client_secret    (McpAuthorization     *self,
                                                               const char           *client_secret);
MCP_AVAILABLE_IN_1_0
const char            *mcp_authorization_get_client_private_key (McpAuthorization   *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_client_private_key (McpAuthorization   *self,
                                                                 const char         *pem);
MCP_AVAILABLE_IN_1_0
const char            *mcp_authorization_get_client_metadata_url (McpAuthorization  *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_client_metadata_url (McpAuthorization  *self,
                                                                  const char        *url);
MCP_AVAILABLE_IN_1_0
const char            *mcp_authorization_get_client_name      (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_client_name      (McpAuthorization     *self,
                                                               const char           *client_name);
MCP_AVAILABLE_IN_1_0
const char            *mcp_authorization_get_scope            (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_scope            (McpAuthorization     *self,
                                                               const char           *scope);
MCP_AVAILABLE_IN_1_0
const char            *mcp_authorization_get_redirect_uri     (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_redirect_uri     (McpAuthorization     *self,
                                                               const char           *redirect_uri);
MCP_AVAILABLE_IN_1_0
gboolean               mcp_authorization_get_interactive      (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_interactive      (McpAuthorization     *self,
                                                               gboolean              interactive);
MCP_AVAILABLE_IN_1_0
guint                  mcp_authorization_get_sign_in_timeout  (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_sign_in_timeout  (McpAuthorization     *self,
                                                               guint                 seconds);
MCP_AVAILABLE_IN_1_0
guint                  mcp_authorization_get_request_timeout  (McpAuthorization     *self);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_request_timeout  (McpAuthorization     *self,
                                                               guint                 seconds);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_identity_provider (McpAuthorization    *self,
                                                                const char          *token_endpoint,
                                                                const char          *client_id,
                                                                const char          *id_token);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_set_workload_token   (McpAuthorization     *self,
                                                               const char           *token);

MCP_AVAILABLE_IN_1_0
McpCredentials        *mcp_authorization_get_credentials      (McpAuthorization     *self,
                                                               const char           *url);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_sign_in_async        (McpAuthorization     *self,
                                                               const char           *url,
                                                               GCancellable         *cancellable,
                                                               GAsyncReadyCallback   callback,
                                                               gpointer              user_data);
MCP_AVAILABLE_IN_1_0
McpCredentials        *mcp_authorization_sign_in_finish       (McpAuthorization     *self,
                                                               GAsyncResult         *result,
                                                               GError              **error);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_sign_out_async       (McpAuthorization     *self,
                                                               const char           *url,
                                                               GCancellable         *cancellable,
                                                               GAsyncReadyCallback   callback,
                                                               gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean               mcp_authorization_sign_out_finish      (McpAuthorization     *self,
                                                               GAsyncResult         *result,
                                                               GError              **error);
MCP_AVAILABLE_IN_1_0
gboolean               mcp_authorization_handle_redirect_uri  (McpAuthorization     *self,
                                                               const char           *uri);
MCP_AVAILABLE_IN_1_0
void                   mcp_authorization_cancel_sign_in       (McpAuthorization     *self,
                                                               const char           *url);

G_END_DECLS
