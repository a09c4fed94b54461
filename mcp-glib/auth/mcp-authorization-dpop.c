/* mcp-authorization-dpop.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How McpAuthorization uses DPoP (RFC 9449): which key binds the tokens of
 * an authorization server (the one its credentials keep, reused across
 * runs and for every server it issues tokens for, else a new one for the
 * algorithm it takes, when it advertises DPoP and the application lets
 * it), and what a request to an MCP server carries: `Authorization: DPoP`
 * with a proof bound to the request and the token, or a bearer token. The
 * nonces the servers send are remembered per origin for the next proofs.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-authorization-private.h"
#include "mcp-oauth-http-private.h"

/* The key of @credentials, made once and kept by issuer; NULL when they
 * have none, or one that cannot be used. */
static McpDpopKey *
credentials_key (McpAuthorization *self,
                 McpCredentials   *credentials)
{
  const char *issuer = mcp_credentials_get_issuer (credentials);
  const char *pem = mcp_credentials_get_dpop_key (credentials);
  McpDpopKey *key;
  g_autoptr(GError) error = NULL;

  if (pem == NULL)
    return NULL;

  key = g_hash_table_lookup (self->dpop_keys, issuer);
  if (key != NULL && g_strcmp0 (_mcp_dpop_key_get_pem (key), pem) == 0)
    return key;

  key = _mcp_dpop_key_new_from_pem (pem, mcp_credentials_get_dpop_algorithm (credentials),
                                    &error);
  if (key == NULL)
    {
      g_debug ("The DPoP key of the credentials from %s is not usable: %s", issuer,
               error->message);
      return NULL;
    }

  g_hash_table_replace (self->dpop_keys, g_strdup (issuer), key);
  return key;
}

/* Whether @op may go on: not when DPoP is required and the authorization
 * server does not offer it, which is known before the user is shown any
 * page. */
gboolean
_mcp_auth_dpop_check (McpAuthOperation  *op,
                      GError           **error)
{
  if (op->self->dpop != MCP_AUTHORIZATION_DPOP_REQUIRED ||
      _mcp_dpop_choose_alg (op->server->dpop_algs) != NULL)
    return TRUE;

  g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INSECURE,
               _("The authorization server %s does not offer DPoP with an algorithm this "
                 "application can sign with, and DPoP is required"),
               op->server->issuer);
  return FALSE;
}

/* The key the token requests of @op prove, or NULL without DPoP (and with
 * @error set when DPoP is required and the server does not offer it). */
McpDpopKey *
_mcp_auth_dpop_key (McpAuthOperation  *op,
                    GError           **error)
{
  McpAuthorization *self = op->self;
  McpOAuthServer *server = op->server;
  McpCredentials *credentials = op->resource->credentials;
  McpDpopKey *key = NULL;
  const char *alg;

  if (self->dpop == MCP_AUTHORIZATION_DPOP_DISABLED)
    return NULL;

  alg = _mcp_dpop_choose_alg (server->dpop_algs);
  if (alg == NULL)
    {
      _mcp_auth_dpop_check (op, error);
      return NULL;
    }

  /* The key the issuer knows already, for a refresh token bound to it,
   * while it takes its algorithm. */
  if (credentials != NULL && g_strcmp0 (mcp_credentials_get_issuer (credentials),
                                        server->issuer) == 0)
    key = credentials_key (self, credentials);
  if (key == NULL)
    key = g_hash_table_lookup (self->dpop_keys, server->issuer);
  if (key != NULL && _mcp_oauth_server_supports (server->dpop_algs, _mcp_dpop_key_get_alg (key)))
    return _mcp_dpop_key_ref (key);

  key = _mcp_dpop_key_generate (alg, error);
  if (key == NULL)
    return NULL;

  g_debug ("Made a DPoP key (%s) for %s", alg, server->issuer);
  g_hash_table_replace (self->dpop_keys, g_strdup (server->issuer), _mcp_dpop_key_ref (key));
  return key;
}

/* Adds the access token for the server at @url to @msg, a request to it:
 * a DPoP token with a proof of its key for this request, the server's
 * nonce and the token's hash; a bearer token as it is. */
void
_mcp_authorization_add_token (McpAuthorization *self,
                              const char       *url,
                              SoupMessage      *msg)
{
  McpCredentials *credentials = mcp_authorization_get_credentials (self, url);
  SoupMessageHeaders *headers = soup_message_get_request_headers (msg);
  const char *token;
  g_autofree char *target = NULL;
  g_autofree char *proof = NULL;
  g_autofree char *value = NULL;
  g_autoptr(GError) error = NULL;
  McpDpopKey *key;

  token = credentials != NULL ? mcp_credentials_get_access_token (credentials) : NULL;
  if (token == NULL)
    return;

  if (g_strcmp0 (mcp_credentials_get_token_type (credentials), "DPoP") != 0)
    {
      value = g_strconcat ("Bearer ", token, NULL);
      soup_message_headers_replace (headers, "Authorization", value);
      return;
    }

  /* Without its proof, a DPoP token is refused: the server's challenge
   * then leads to a new sign-in, and a new key. */
  target = g_uri_to_string (soup_message_get_uri (msg));
  key = credentials_key (self, credentials);
  if (key != NULL)
    proof = _mcp_dpop_key_make_proof (key, soup_message_get_method (msg), target,
                                      _mcp_dpop_nonces_lookup (self->dpop_nonces, target),
                                      token, &error);
  if (proof != NULL)
    soup_message_headers_replace (headers, "DPoP", proof);
  else if (error != NULL)
    g_debug ("Could not make a DPoP proof for %s: %s", url, error->message);

  value = g_strconcat ("DPoP ", token, NULL);
  soup_message_headers_replace (headers, "Authorization", value);
}

/* Remembers the DPoP nonce of the answer to @msg, if any (RFC 9449 §9);
 * returns whether @msg was refused for the lack of a nonce that the
 * answer brings: the request may then go again, once, with it. */
gboolean
_mcp_authorization_take_dpop_nonce (McpAuthorization *self,
                                    SoupMessage      *msg)
{
  SoupMessageHeaders *headers = soup_message_get_response_headers (msg);
  const char *nonce = soup_message_headers_get_one (headers, "DPoP-Nonce");
  g_autofree char *url = NULL;
  g_autoptr(McpOAuthChallenge) challenge = NULL;

  if (nonce == NULL)
    return FALSE;

  url = g_uri_to_string (soup_message_get_uri (msg));
  _mcp_dpop_nonces_remember (self->dpop_nonces, url, nonce);
  if (soup_message_get_status (msg) != SOUP_STATUS_UNAUTHORIZED ||
      soup_message_headers_get_one (soup_message_get_request_headers (msg), "DPoP") == NULL ||
      _mcp_dpop_nonces_lookup (self->dpop_nonces, url) == NULL)
    return FALSE;

  challenge = _mcp_oauth_challenge_parse (soup_message_headers_get_list (headers,
                                                                         "WWW-Authenticate"));
  return challenge != NULL && challenge->use_dpop_nonce;
}
