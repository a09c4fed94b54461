/* mcp-authorization-refresh.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Keeping tokens fresh when several authorizations share them. Discovery
 * is remembered per server for a while, so that a refresh does not repeat
 * it, and forgotten when anything that relied on it fails. Before a
 * refresh, and after a refresh token was refused, the store is read again:
 * another authorization, of this process or another, may have rotated the
 * refresh token already, and its credentials are then taken instead of
 * the user being sent to sign in again. Within the process, one refresh
 * at a time goes out per refresh token, and one sign-in that a server's
 * refusal started per store and server; the authorizations that would do
 * the same wait for it, then read the store. A store's ::changed signal
 * hands new credentials to the authorizations that use it.
 */

#include "config.h"

#include "mcp-authorization-private.h"
#include "mcp-oauth-http-private.h"

/* How long discovery is trusted for a refresh. */
#define DISCOVERY_LIFETIME_SECONDS (60 * 60)
/* Refreshes one operation may send: with tokens that others rotate, a few
 * rounds; never an endless chase. */
#define MAX_REFRESHES 3

/* "refresh TOKEN" or "sign-in STORE URL" -> the operation that does it,
 * and those that wait for it (one per process). */
typedef struct
{
  McpAuthOperation *leader;
  GPtrArray        *followers;
} Refreshing;

static GHashTable *refreshing;

static void
refreshing_free (Refreshing *entry)
{
  g_ptr_array_unref (entry->followers);
  g_free (entry);
}

static void reread_store (McpAuthOperation *op);

/* @op no longer refreshes or signs in: the operations that waited for it
 * read the store, where it left its result. */
void
_mcp_auth_release_refresh (McpAuthOperation *op)
{
  g_autofree char *token = g_steal_pointer (&op->refreshing);
  g_autoptr(GPtrArray) followers = NULL;
  Refreshing *entry;

  if (token == NULL || refreshing == NULL)
    return;

  entry = g_hash_table_lookup (refreshing, token);
  if (entry == NULL || entry->leader != op)
    return;

  followers = g_ptr_array_ref (entry->followers);
  g_hash_table_remove (refreshing, token);

  for (guint i = 0; i < followers->len; i++)
    {
      McpAuthOperation *follower = followers->pdata[i];

      if (!follower->finished)
        reread_store (_mcp_auth_operation_ref (follower));
    }
}

/* Credentials with only the client registration left, after the tokens
 * died: the next sign-in need not register again. */
static McpCredentials *
registration_only (McpCredentials *credentials)
{
  return g_object_new (MCP_TYPE_CREDENTIALS,
                       "resource", mcp_credentials_get_resource (credentials),
                       "issuer", mcp_credentials_get_issuer (credentials),
                       "client-id", mcp_credentials_get_client_id (credentials),
                       "client-secret", mcp_credentials_get_client_secret (credentials),
                       NULL);
}

/* Whether @credentials from a store (which another process, or anyone
 * with access to the keyring, may have written) can be used: tokens that
 * an HTTP header can carry, or none. */
gboolean
_mcp_auth_credentials_are_usable (McpCredentials *credentials)
{
  const char *access_token = mcp_credentials_get_access_token (credentials);
  const char *refresh_token = mcp_credentials_get_refresh_token (credentials);

  return (access_token == NULL || _mcp_oauth_token_is_valid (access_token)) &&
         (refresh_token == NULL || _mcp_oauth_token_is_valid (refresh_token));
}

void
_mcp_auth_forget_discovery (McpAuthResource *resource)
{
  g_clear_pointer (&resource->discovered, _mcp_oauth_server_unref);
  g_clear_pointer (&resource->discovered_from, g_free);
  resource->discovered_at = 0;
}

static void refresh_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data);

static void
refresh (McpAuthOperation *op)
{
  McpCredentials *credentials = op->resource->credentials;
  g_autoptr(GHashTable) form = _mcp_auth_form_new ();
  g_autofree char *method = NULL;
  const char *client_id = mcp_credentials_get_client_id (credentials);
  const char *client_secret = NULL;

  if (_mcp_auth_is_registered_client (op, credentials))
    client_secret = mcp_credentials_get_client_secret (credentials);
  else if (client_id == NULL || g_strcmp0 (client_id, op->self->client_id) == 0)
    {
      client_id = op->self->client_id;
      client_secret = op->self->client_secret;
    }

  _mcp_auth_form_add (form, "grant_type", "refresh_token");
  g_free (op->sent_refresh_token);
  op->sent_refresh_token = g_strdup (mcp_credentials_get_refresh_token (credentials));
  _mcp_auth_form_add (form, "refresh_token", op->sent_refresh_token);
  _mcp_auth_form_add (form, "resource", op->server->resource);

  method = _mcp_auth_choose_method (op->server, client_secret != NULL,
                                    op->self->client_private_key != NULL &&
                                    g_strcmp0 (client_id, op->self->client_id) == 0,
                                    NULL);
  op->refreshes++;
  g_debug ("Refreshing the access token for %s at %s", op->resource->url, op->server->issuer);
  _mcp_auth_post_token_request (op, op->server->token_endpoint, form, client_id, client_secret,
                                method, refresh_cb);
}

/* Whether @op is to wait for another operation of the process that does
 * what @key names; if not, @op is the one that does it. */
static gboolean
follows (McpAuthOperation *op,
         const char       *key)
{
  Refreshing *entry;

  _mcp_auth_release_refresh (op);

  if (refreshing == NULL)
    refreshing = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) refreshing_free);

  entry = g_hash_table_lookup (refreshing, key);
  if (entry != NULL)
    {
      g_debug ("%s waits for another authorization", op->resource->url);
      g_ptr_array_add (entry->followers, _mcp_auth_operation_ref (op));
      return TRUE;
    }

  entry = g_new0 (Refreshing, 1);
  entry->leader = op;
  entry->followers = g_ptr_array_new_with_free_func ((GDestroyNotify) _mcp_auth_operation_unref);
  g_hash_table_insert (refreshing, g_strdup (key), entry);
  op->refreshing = g_strdup (key);
  return FALSE;
}

/* What @op does with the credentials it has now: refresh them if it can
 * (not with a refresh token already refused, and a few times at most),
 * else sign in, or, when only preparing a request, nothing. */
static void
go_on (McpAuthOperation *op)
{
  McpAuthResource *resource = op->resource;
  const char *token = NULL;

  if (resource->credentials != NULL)
    token = mcp_credentials_get_refresh_token (resource->credentials);

  if (token != NULL && g_strcmp0 (token, op->refused_refresh_token) == 0)
    {
      g_autoptr(McpCredentials) remaining = registration_only (resource->credentials);

      g_set_object (&resource->credentials, remaining);
      token = NULL;
    }

  if (token != NULL && !op->insufficient_scope && op->reason != MCP_AUTH_SIGN_IN &&
      op->refreshes < MAX_REFRESHES)
    {
      g_autofree char *key = g_strconcat ("refresh ", token, NULL);

      if (!follows (op, key))
        refresh (op);
    }
  else if (op->reason == MCP_AUTH_PREPARE)
    _mcp_authorization_finish (op, NULL, NULL);
  else if (op->cached_discovery)
    {
      /* Remembered discovery serves refreshes; a sign-in asks again, since
       * the server may have moved to another authorization server. */
      op->cached_discovery = FALSE;
      g_clear_pointer (&op->server, _mcp_oauth_server_unref);
      _mcp_auth_forget_discovery (resource);
      _mcp_auth_discover (op);
    }
  else if (op->reason == MCP_AUTH_CHALLENGE && !op->insufficient_scope)
    {
      /* One sign-in for all the authorizations on the store. */
      g_autofree char *key = g_strdup_printf ("sign-in %p %s", op->self->store, resource->url);

      if (!follows (op, key))
        _mcp_auth_grant (op);
    }
  else
    _mcp_auth_grant (op);
}

/* Whether @stored, read from the store, is newer than what @op started
 * with: another access token than the one that expired or was refused,
 * and not the refresh token that was refused. */
static gboolean
is_newer (McpAuthOperation *op,
          McpCredentials   *stored)
{
  const char *access_token = mcp_credentials_get_access_token (stored);
  const char *refresh_token = mcp_credentials_get_refresh_token (stored);

  if (g_strcmp0 (mcp_credentials_get_issuer (stored), op->server->issuer) != 0 ||
      access_token == NULL || !_mcp_auth_credentials_are_usable (stored) ||
      g_strcmp0 (access_token, op->stale_token) == 0)
    return FALSE;

  return op->refused_refresh_token == NULL ||
         g_strcmp0 (refresh_token, op->refused_refresh_token) != 0;
}

static void
reread_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  McpAuthOperation *op = user_data;
  McpAuthResource *resource = op->resource;
  g_autoptr(McpCredentials) stored = NULL;
  g_autoptr(GError) error = NULL;

  stored = mcp_credential_store_lookup_finish (MCP_CREDENTIAL_STORE (object), result, &error);
  if (_mcp_auth_op_is_over (op))
    return;

  /* A store that cannot be read leaves what is in memory. */
  if (error != NULL)
    g_debug ("Could not read the credentials for %s again: %s", resource->url, error->message);

  if (stored != NULL && is_newer (op, stored))
    {
      g_debug ("Taking the newer credentials for %s from the store", resource->url);
      g_set_object (&resource->credentials, stored);
      resource->obtained_at = 0;
      if (!_mcp_authorization_expires_soon (resource))
        {
          op->adopted = TRUE;
          _mcp_authorization_finish (op, stored, NULL);
          _mcp_auth_operation_unref (op);
          return;
        }
    }

  go_on (op);
  _mcp_auth_operation_unref (op);
}

/* Reads the store again before @op refreshes or signs in, whose reference
 * it takes. */
static void
reread_store (McpAuthOperation *op)
{
  mcp_credential_store_lookup_async (op->self->store, op->resource->url, op->server->issuer,
                                     op->cancellable, reread_cb, op);
}

static void
refresh_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  McpAuthOperation *op = user_data;
  McpAuthResource *resource = op->resource;
  g_autoptr(McpOAuthResponse) response = NULL;
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *oauth_error = NULL;
  g_autoptr(McpCredentials) sent = g_object_ref (resource->credentials);

  response = _mcp_auth_token_request_finish (result, &error);
  if (_mcp_auth_op_is_over (op))
    return;

  if (response != NULL)
    credentials =
      _mcp_auth_credentials_from_response (op, response, mcp_credentials_get_client_id (sent),
                                           _mcp_auth_is_registered_client (op, sent)
                                           ? mcp_credentials_get_client_secret (sent) : NULL,
                                           sent, &oauth_error, &error);

  if (credentials != NULL)
    {
      g_debug ("Refreshed the access token for %s", resource->url);
      _mcp_authorization_finish (op, credentials, NULL);
      _mcp_auth_operation_unref (op);
      return;
    }

  /* What was discovered may be what changed: the next attempt asks again,
   * and this one too when the refresh token was refused. */
  if (op->cached_discovery)
    _mcp_auth_forget_discovery (resource);

  /* A server that cannot be reached or answers nonsense is just a failure. */
  if (response == NULL || response->status >= 500 ||
      g_error_matches (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE))
    {
      if (op->reason == MCP_AUTH_PREPARE)
        _mcp_authorization_finish (op, NULL, NULL);
      else
        _mcp_auth_fail_with (op, error);
      _mcp_auth_operation_unref (op);
      return;
    }

  /* A refresh token the server no longer takes: another authorization
   * may have rotated it, and left the new one in the store; else the user
   * signs in again. */
  g_debug ("The refresh token for %s was refused (%s)", resource->url,
           oauth_error ? oauth_error : "no reason given");
  g_free (op->refused_refresh_token);
  op->refused_refresh_token = g_strdup (op->sent_refresh_token);

  if (op->cached_discovery)
    {
      op->cached_discovery = FALSE;
      g_clear_pointer (&op->server, _mcp_oauth_server_unref);
      _mcp_auth_discover (op);
    }
  else
    reread_store (_mcp_auth_operation_ref (op));
  _mcp_auth_operation_unref (op);
}

/* With the authorization server known: the credentials must come from it,
 * then the store is read again, or (for a sign-in or a step-up) the grant
 * starts. */
static void
discovered (McpAuthOperation *op)
{
  McpAuthResource *resource = op->resource;
  McpCredentials *credentials = resource->credentials;

  /* Credentials are bound to the authorization server that issued them:
   * when the server names another one, they are of no use any more. */
  if (credentials != NULL && g_strcmp0 (mcp_credentials_get_issuer (credentials),
                                        op->server->issuer) != 0)
    {
      g_debug ("%s now uses the authorization server %s", resource->url, op->server->issuer);
      _mcp_authorization_forget (op);
      g_clear_pointer (&resource->requested_scope, g_free);
    }

  if (op->reason == MCP_AUTH_SIGN_IN || op->insufficient_scope)
    _mcp_auth_grant (op);
  else
    reread_store (_mcp_auth_operation_ref (op));
}

static void
discover_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  McpAuthOperation *op = user_data;
  McpAuthResource *resource = op->resource;
  g_autoptr(GError) error = NULL;
  McpOAuthServer *server;

  server = _mcp_oauth_discover_finish (result, &error);
  if (_mcp_auth_op_is_over (op))
    {
      g_clear_pointer (&server, _mcp_oauth_server_unref);
      return;
    }

  if (server == NULL)
    {
      if (op->reason == MCP_AUTH_PREPARE)
        _mcp_authorization_finish (op, NULL, NULL);
      else
        _mcp_auth_fail_with (op, error);
      _mcp_auth_operation_unref (op);
      return;
    }

  op->server = server;
  _mcp_auth_forget_discovery (resource);
  resource->discovered = _mcp_oauth_server_ref (server);
  resource->discovered_from = g_strdup (op->resource_metadata);
  resource->discovered_at = g_get_monotonic_time () / G_USEC_PER_SEC;

  discovered (op);
  _mcp_auth_operation_unref (op);
}

/* Whether @op is a refresh of credentials that expire, by our own clock:
 * what discovery found recently will do. A server that refuses a token
 * that should still be good may have changed its authorization server. */
static gboolean
is_refresh_for_expiry (McpAuthOperation *op)
{
  McpCredentials *credentials = op->resource->credentials;

  if (op->reason == MCP_AUTH_PREPARE)
    return TRUE;

  return op->reason == MCP_AUTH_CHALLENGE && !op->insufficient_scope && credentials != NULL &&
         mcp_credentials_get_refresh_token (credentials) != NULL &&
         _mcp_authorization_expires_soon (op->resource);
}

/* Finds out the authorization server of @op's server: what discovery found
 * within the hour when @op refreshes credentials that expire (unless a
 * challenge points at other metadata); else discovery. */
void
_mcp_auth_discover (McpAuthOperation *op)
{
  McpAuthResource *resource = op->resource;
  gint64 now = g_get_monotonic_time () / G_USEC_PER_SEC;

  if (resource->discovered != NULL && is_refresh_for_expiry (op) &&
      now - resource->discovered_at < DISCOVERY_LIFETIME_SECONDS &&
      (op->resource_metadata == NULL ||
       g_strcmp0 (op->resource_metadata, resource->discovered_from) == 0))
    {
      op->server = _mcp_oauth_server_ref (resource->discovered);
      op->cached_discovery = TRUE;
      discovered (op);
      return;
    }

  _mcp_oauth_discover_async (op->self->session, op->self->request_timeout, resource->url,
                             op->resource_metadata, op->cancellable, discover_cb,
                             _mcp_auth_operation_ref (op));
}

/* The store announced credentials saved by another authorization (or by
 * this one): newer ones than those in use, from the same authorization
 * server, are taken at once. */
void
_mcp_authorization_store_changed (McpCredentialStore *store,
                                  const char         *url,
                                  McpCredentials     *credentials,
                                  McpAuthorization   *self)
{
  McpAuthResource *resource = g_hash_table_lookup (self->resources, url);

  if (resource == NULL || credentials == NULL || resource->credentials == credentials ||
      mcp_credentials_get_access_token (credentials) == NULL ||
      !_mcp_auth_credentials_are_usable (credentials))
    return;

  if (resource->credentials != NULL &&
      (g_strcmp0 (mcp_credentials_get_issuer (resource->credentials),
                  mcp_credentials_get_issuer (credentials)) != 0 ||
       g_strcmp0 (mcp_credentials_get_access_token (resource->credentials),
                  mcp_credentials_get_access_token (credentials)) == 0))
    return;

  g_debug ("Taking the credentials for %s that were saved in the store", url);
  g_set_object (&resource->credentials, credentials);
  resource->obtained_at = 0;
  resource->loaded = TRUE;
}
