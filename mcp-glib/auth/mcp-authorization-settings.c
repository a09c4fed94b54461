/* mcp-authorization-settings.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The settings of McpAuthorization that say who the application is to an
 * authorization server and how it signs in: client identity, scopes, the
 * redirect, interaction, timeouts and the identity provider of cross-app
 * access. Each setter notifies its property (installed in
 * mcp-authorization.c) only when the value changed.
 */

#include "config.h"

#include "mcp-authorization-private.h"

static void
set_string (McpAuthorization  *self,
            char             **slot,
            const char        *value,
            guint              prop_id)
{
  if (g_strcmp0 (*slot, value) == 0)
    return;

  g_free (*slot);
  *slot = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_authorization_properties[prop_id]);
}

/**
 * mcp_authorization_get_client_id:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:client-id].
 *
 * Returns: (nullable): the pre-registered client id
 *
 * Since: 1.0
 */
const char *
mcp_authorization_get_client_id (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  return self->client_id;
}

/**
 * mcp_authorization_set_client_id:
 * @self: an authorization
 * @client_id: (nullable): a pre-registered client id
 *
 * Sets [property@Mcp.Authorization:client-id].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_client_id (McpAuthorization *self,
                                 const char       *client_id)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));

  set_string (self, &self->client_id, client_id, AUTH_PROP_CLIENT_ID);
}

/**
 * mcp_authorization_get_client_secret:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:client-secret].
 *
 * Returns: (nullable): the client secret
 *
 * Since: 1.0
 */
const char *
mcp_authorization_get_client_secret (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  return self->client_secret;
}

/**
 * mcp_authorization_set_client_secret:
 * @self: an authorization
 * @client_secret: (nullable): the secret of the pre-registered client
 *
 * Sets [property@Mcp.Authorization:client-secret].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_client_secret (McpAuthorization *self,
                                     const char       *client_secret)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));

  set_string (self, &self->client_secret, client_secret, AUTH_PROP_CLIENT_SECRET);
}

/**
 * mcp_authorization_get_client_private_key:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:client-private-key].
 *
 * Returns: (nullable): the private key, in PEM form
 *
 * Since: 1.0
 */
const char *
mcp_authorization_get_client_private_key (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  return self->client_private_key;
}

/**
 * mcp_authorization_set_client_private_key:
 * @self: an authorization
 * @pem: (nullable): a private key in PEM form
 *
 * Sets [property@Mcp.Authorization:client-private-key].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_client_private_key (McpAuthorization *self,
                                          const char       *pem)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));

  set_string (self, &self->client_private_key, pem, AUTH_PROP_CLIENT_PRIVATE_KEY);
}

/**
 * mcp_authorization_get_client_metadata_url:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:client-metadata-url].
 *
 * Returns: (nullable): the URL of the client ID metadata document
 *
 * Since: 1.0
 */
const char *
mcp_authorization_get_client_metadata_url (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  return self->client_metadata_url;
}

/**
 * mcp_authorization_set_client_metadata_url:
 * @self: an authorization
 * @url: (nullable): the HTTPS URL of a client ID metadata document
 *
 * Sets [property@Mcp.Authorization:client-metadata-url].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_client_metadata_url (McpAuthorization *self,
                                           const char       *url)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));

  set_string (self, &self->client_metadata_url, url, AUTH_PROP_CLIENT_METADATA_URL);
}

/**
 * mcp_authorization_get_client_name:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:client-name].
 *
 * Returns: the name the application registers with
 *
 * Since: 1.0
 */
const char *
mcp_authorization_get_client_name (McpAuthorization *self)
{
  const char *name;

  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  if (self->client_name != NULL)
    return self->client_name;

  name = g_get_application_name ();
  return name != NULL ? name : "mcp-glib";
}

/**
 * mcp_authorization_set_client_name:
 * @self: an authorization
 * @client_name: (nullable): the name to register with, or %NULL for the
 *   application's name
 *
 * Sets [property@Mcp.Authorization:client-name].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_client_name (McpAuthorization *self,
                                   const char       *client_name)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));

  set_string (self, &self->client_name, client_name, AUTH_PROP_CLIENT_NAME);
}

/**
 * mcp_authorization_get_scope:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:scope].
 *
 * Returns: (nullable): the extra scopes
 *
 * Since: 1.0
 */
const char *
mcp_authorization_get_scope (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  return self->scope;
}

/**
 * mcp_authorization_set_scope:
 * @self: an authorization
 * @scope: (nullable): scopes to ask for too, space-separated
 *
 * Sets [property@Mcp.Authorization:scope].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_scope (McpAuthorization *self,
                             const char       *scope)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));

  set_string (self, &self->scope, scope, AUTH_PROP_SCOPE);
}

/**
 * mcp_authorization_get_redirect_uri:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:redirect-uri].
 *
 * Returns: (nullable): the redirect URI the application receives itself
 *
 * Since: 1.0
 */
const char *
mcp_authorization_get_redirect_uri (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  return self->redirect_uri;
}

/**
 * mcp_authorization_set_redirect_uri:
 * @self: an authorization
 * @redirect_uri: (nullable): a redirect URI the application receives
 *   itself, or %NULL for the loopback address
 *
 * Sets [property@Mcp.Authorization:redirect-uri].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_redirect_uri (McpAuthorization *self,
                                    const char       *redirect_uri)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));

  set_string (self, &self->redirect_uri, redirect_uri, AUTH_PROP_REDIRECT_URI);
}

/**
 * mcp_authorization_get_interactive:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:interactive].
 *
 * Returns: whether sign-ins start by themselves
 *
 * Since: 1.0
 */
gboolean
mcp_authorization_get_interactive (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), FALSE);

  return self->interactive;
}

/**
 * mcp_authorization_set_interactive:
 * @self: an authorization
 * @interactive: whether sign-ins start by themselves
 *
 * Sets [property@Mcp.Authorization:interactive].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_interactive (McpAuthorization *self,
                                   gboolean          interactive)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;

  self->interactive = interactive;
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_authorization_properties[AUTH_PROP_INTERACTIVE]);
}

/**
 * mcp_authorization_get_sign_in_timeout:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:sign-in-timeout].
 *
 * Returns: the timeout in seconds
 *
 * Since: 1.0
 */
guint
mcp_authorization_get_sign_in_timeout (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), 0);

  return self->sign_in_timeout;
}

/**
 * mcp_authorization_set_sign_in_timeout:
 * @self: an authorization
 * @seconds: the timeout in seconds
 *
 * Sets [property@Mcp.Authorization:sign-in-timeout].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_sign_in_timeout (McpAuthorization *self,
                                       guint             seconds)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (seconds > 0 && seconds <= G_MAXUINT / 1000);

  if (self->sign_in_timeout == seconds)
    return;

  self->sign_in_timeout = seconds;
  g_object_notify_by_pspec (G_OBJECT (self),
                            _mcp_authorization_properties[AUTH_PROP_SIGN_IN_TIMEOUT]);
}

/**
 * mcp_authorization_get_request_timeout:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:request-timeout].
 *
 * Returns: the deadline of a request to an authorization server, in seconds
 *
 * Since: 1.0
 */
guint
mcp_authorization_get_request_timeout (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), 0);

  return self->request_timeout;
}

/**
 * mcp_authorization_set_request_timeout:
 * @self: an authorization
 * @seconds: the deadline in seconds
 *
 * Sets [property@Mcp.Authorization:request-timeout].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_request_timeout (McpAuthorization *self,
                                       guint             seconds)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (seconds > 0 && seconds <= G_MAXUINT / 1000);

  if (self->request_timeout == seconds)
    return;

  self->request_timeout = seconds;
  g_object_notify_by_pspec (G_OBJECT (self),
                            _mcp_authorization_properties[AUTH_PROP_REQUEST_TIMEOUT]);
}

/**
 * mcp_authorization_get_dpop:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:dpop].
 *
 * Returns: whether access tokens are bound to a key with DPoP
 *
 * Since: 1.0
 */
McpAuthorizationDpop
mcp_authorization_get_dpop (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), MCP_AUTHORIZATION_DPOP_AUTO);

  return self->dpop;
}

/**
 * mcp_authorization_set_dpop:
 * @self: an authorization
 * @dpop: whether to bind access tokens to a key with DPoP
 *
 * Sets [property@Mcp.Authorization:dpop]. It applies to the tokens
 * requested from then on.
 *
 * Since: 1.0
 */
void
mcp_authorization_set_dpop (McpAuthorization     *self,
                            McpAuthorizationDpop  dpop)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (dpop <= MCP_AUTHORIZATION_DPOP_REQUIRED);

  if (self->dpop == dpop)
    return;

  self->dpop = dpop;
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_authorization_properties[AUTH_PROP_DPOP]);
}

/**
 * mcp_authorization_set_identity_provider:
 * @self: an authorization
 * @token_endpoint: the token endpoint of the enterprise's identity provider
 * @client_id: the application's client id at the identity provider
 * @id_token: an ID token of the signed-in user from that identity provider
 *
 * Sets what %MCP_AUTHORIZATION_GRANT_CROSS_APP_ACCESS needs: the ID token
 * is exchanged at @token_endpoint (RFC 8693) for an identity assertion
 * grant for the MCP server's authorization server, which is then exchanged
 * there for an access token (RFC 7523), with the client credentials of
 * [property@Mcp.Authorization:client-id]. Call it again with a new ID
 * token when the old one expires.
 *
 * Since: 1.0
 */
void
mcp_authorization_set_identity_provider (McpAuthorization *self,
                                         const char       *token_endpoint,
                                         const char       *client_id,
                                         const char       *id_token)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (token_endpoint != NULL);
  g_return_if_fail (client_id != NULL);
  g_return_if_fail (id_token != NULL);

  g_free (self->idp_token_endpoint);
  self->idp_token_endpoint = g_strdup (token_endpoint);
  g_free (self->idp_client_id);
  self->idp_client_id = g_strdup (client_id);
  g_free (self->id_token);
  self->id_token = g_strdup (id_token);
}

/**
 * mcp_authorization_get_network_settings:
 * @self: an authorization
 *
 * Gets the network settings of the authorization's own, set with
 * mcp_authorization_set_network_settings().
 *
 * Returns: (transfer none) (nullable): the settings
 *
 * Since: 1.0
 */
McpNetworkSettings *
mcp_authorization_get_network_settings (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  return self->network_settings;
}

/**
 * mcp_authorization_set_network_settings:
 * @self: an authorization
 * @settings: (nullable): network settings for the authorization server, or
 *   %NULL for those of the transport
 *
 * Sets how the authorization server is reached (its CAs, a client
 * certificate, a proxy), when it differs from the MCP server. By default,
 * the requests to the authorization server go with the network settings
 * of the [class@Mcp.HttpTransport] the authorization is set on, which
 * applies them to [property@Mcp.Authorization:session] when it is opened.
 *
 * Since: 1.0
 */
void
mcp_authorization_set_network_settings (McpAuthorization   *self,
                                        McpNetworkSettings *settings)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (settings == NULL || MCP_IS_NETWORK_SETTINGS (settings));

  g_set_object (&self->network_settings, settings);
}

/**
 * mcp_authorization_set_workload_token:
 * @self: an authorization
 * @token: a JWT that the workload's platform issued to it, for the
 *   authorization server (its `aud`)
 *
 * Sets what %MCP_AUTHORIZATION_GRANT_JWT_BEARER needs (workload identity
 * federation, SEP-1933): @token goes to the authorization server's token
 * endpoint as the `assertion` of an RFC 7523 `jwt-bearer` grant, with
 * [property@Mcp.Authorization:client-id] if it is set, and comes back as
 * an access token. Such tokens are short-lived: call it again with a fresh
 * JWT before signing in again.
 *
 * A refusal (`invalid_grant` for a JWT that is expired, for another
 * audience or badly signed; `invalid_scope`; `unauthorized_client`) fails
 * the sign-in with %MCP_AUTHORIZATION_ERROR_DENIED, whose message names
 * the server's error code. The request is not repeated, and no other grant
 * is tried. The token is never logged.
 *
 * Since: 1.0
 */
void
mcp_authorization_set_workload_token (McpAuthorization *self,
                                      const char       *token)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (token != NULL);

  g_free (self->workload_token);
  self->workload_token = g_strdup (token);
}
