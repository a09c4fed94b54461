/* mcp-authorization-operation.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What McpAuthorization keeps per server and does for its callers: the
 * credentials (loaded from the store once, saved after every change), and
 * the one operation in flight (loading, refreshing or signing in) that
 * every caller needing it waits for, each able to give up with its own
 * GCancellable. Here are the calls of McpHttpTransport (prepare a request,
 * answer a challenge) and of the application (sign in, sign out, cancel,
 * hand over a redirect).
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-authorization-private.h"
#include "mcp-oauth-http-private.h"
#include "mcp-source-private.h"

/* Refresh an access token this long before it expires. */
#define REFRESH_MARGIN_SECONDS 60

/* A caller waiting for an operation: an internal one of the transport, or
 * sign_in_async (). */
typedef struct
{
  GTask            *task;
  GSource          *cancel_source;
  McpAuthOperation *op;
} Waiter;

McpAuthOperation *
_mcp_auth_operation_ref (McpAuthOperation *op)
{
  op->ref_count++;
  return op;
}

void
_mcp_auth_operation_clear_grant (McpAuthOperation *op)
{
  _mcp_source_clear (&op->timeout_source);
  g_clear_pointer (&op->loopback, _mcp_oauth_loopback_free);
  g_clear_pointer (&op->redirect_uri, g_free);
  g_clear_pointer (&op->state, g_free);
  g_clear_pointer (&op->verifier, g_free);
}

void
_mcp_auth_operation_unref (McpAuthOperation *op)
{
  if (--op->ref_count > 0)
    return;

  g_assert (op->waiters->len == 0);
  _mcp_auth_operation_clear_grant (op);
  g_ptr_array_unref (op->waiters);
  g_ptr_array_unref (op->secrets);
  g_clear_object (&op->cancellable);
  g_free (op->resource_metadata);
  g_free (op->challenge_scope);
  g_clear_pointer (&op->server, _mcp_oauth_server_unref);
  g_free (op->scope);
  g_free (op->client_id);
  g_free (op->client_secret);
  g_free (op->auth_method);
  g_free (op->stale_token);
  g_free (op->refreshing);
  g_free (op->sent_refresh_token);
  g_free (op->refused_refresh_token);
  g_clear_pointer (&op->dpop_key, _mcp_dpop_key_unref);
  g_object_unref (op->self);
  g_free (op);
}

void
_mcp_auth_resource_free (McpAuthResource *resource)
{
  /* Operations hold the authorization, which holds the resources. */
  g_assert (resource->operation == NULL);
  g_free (resource->url);
  g_clear_object (&resource->credentials);
  g_free (resource->requested_scope);
  _mcp_auth_forget_discovery (resource);
  g_free (resource);
}

static McpAuthResource *
resource_get (McpAuthorization *self,
              const char       *url)
{
  McpAuthResource *resource = g_hash_table_lookup (self->resources, url);

  if (resource == NULL)
    {
      resource = g_new0 (McpAuthResource, 1);
      resource->url = g_strdup (url);
      g_hash_table_insert (self->resources, resource->url, resource);
    }

  return resource;
}

static McpAuthOperation *
operation_new (McpAuthorization *self,
               McpAuthResource  *resource,
               McpAuthReason     reason)
{
  McpAuthOperation *op = g_new0 (McpAuthOperation, 1);

  g_assert (resource->operation == NULL);

  op->ref_count = 1;
  op->self = g_object_ref (self);
  op->resource = resource;
  op->reason = reason;
  op->waiters = g_ptr_array_new ();
  op->secrets = g_ptr_array_new_with_free_func (g_free);
  op->cancellable = g_cancellable_new ();
  resource->operation = op;

  return op;
}

static void
waiter_free (Waiter *waiter)
{
  _mcp_source_clear (&waiter->cancel_source);
  g_clear_object (&waiter->task);
  g_free (waiter);
}

static void
return_to_waiter (Waiter         *waiter,
                  McpCredentials *credentials,
                  const GError   *error)
{
  if (error != NULL)
    g_task_return_error (waiter->task, g_error_copy (error));
  else if (credentials != NULL)
    g_task_return_pointer (waiter->task, g_object_ref (credentials), g_object_unref);
  else
    g_task_return_pointer (waiter->task, NULL, NULL);
  waiter_free (waiter);
}

static gboolean
waiter_cancelled_cb (GCancellable *cancellable,
                     gpointer      user_data)
{
  Waiter *waiter = user_data;
  McpAuthOperation *op = waiter->op;
  g_autoptr(GError) error = NULL;

  g_ptr_array_remove (op->waiters, waiter);
  g_cancellable_set_error_if_cancelled (cancellable, &error);
  return_to_waiter (waiter, NULL, error);

  /* Nobody waits any more: a sign-in nobody wants is abandoned. */
  if (op->waiters->len == 0 && !op->finished)
    {
      g_autoptr(GError) cancelled = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                         _("The sign-in was cancelled"));

      _mcp_authorization_finish (op, NULL, cancelled);
    }

  return G_SOURCE_REMOVE;
}

static void
operation_add_waiter (McpAuthOperation *op,
                      GTask            *task)
{
  Waiter *waiter = g_new0 (Waiter, 1);
  GCancellable *cancellable = g_task_get_cancellable (task);

  waiter->task = g_object_ref (task);
  waiter->op = op;
  if (cancellable != NULL)
    {
      waiter->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_static_name (waiter->cancel_source, "[mcp-glib] sign-in cancellation");
      g_source_set_callback (waiter->cancel_source, G_SOURCE_FUNC (waiter_cancelled_cb), waiter,
                             NULL);
      g_source_attach (waiter->cancel_source, g_task_get_context (task));
    }
  g_ptr_array_add (op->waiters, waiter);
}

typedef struct
{
  McpAuthOperation *op;
  McpCredentials   *credentials;
} Completion;

static void
complete_waiters (McpAuthOperation *op,
                  McpCredentials   *credentials,
                  const GError     *error)
{
  McpAuthorization *self = op->self;
  g_autoptr(GPtrArray) waiters = g_steal_pointer (&op->waiters);

  op->waiters = g_ptr_array_new ();

  /* Who waited for this operation's refresh reads the store, where its
   * credentials are now. */
  _mcp_auth_release_refresh (op);

  if (credentials != NULL && op->granted)
    _mcp_authorization_emit_signed_in (self, op->resource->url);
  else if (error != NULL && op->reason != MCP_AUTH_PREPARE &&
           (op->sign_in_needed || !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)))
    _mcp_authorization_emit_sign_in_failed (self, op->resource->url, error);

  for (guint i = 0; i < waiters->len; i++)
    return_to_waiter (waiters->pdata[i], credentials, error);
}

static void
saved_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Completion *completion = user_data;
  g_autoptr(GError) error = NULL;

  /* Signed in all the same, but the application must know: the next run,
   * and the other users of the store, will have to sign in again. */
  if (!mcp_credential_store_save_finish (MCP_CREDENTIAL_STORE (object), result, &error))
    _mcp_authorization_emit_save_failed (completion->op->self, completion->op->resource->url,
                                         error);

  complete_waiters (completion->op, completion->credentials, NULL);
  _mcp_auth_operation_unref (completion->op);
  g_object_unref (completion->credentials);
  g_free (completion);
}

/* Saves new credentials, then tells the waiters of @op, whose reference
 * it takes. */
static void
save_then_complete (McpAuthOperation *op,
                    McpCredentials   *credentials)
{
  Completion *completion = g_new0 (Completion, 1);

  completion->op = op;
  completion->credentials = g_object_ref (credentials);
  mcp_credential_store_save_async (op->self->store, credentials, NULL, saved_cb, completion);
}

/* Ends @op with credentials (new ones are saved before anyone is told) or
 * an error, once; a preparation may also end with neither. Anything of @op
 * still running sees op->finished and stops. */
void
_mcp_authorization_finish (McpAuthOperation *op,
                           McpCredentials   *credentials,
                           const GError     *error)
{
  McpAuthResource *resource = op->resource;

  g_assert (credentials == NULL || error == NULL);
  g_assert (credentials != NULL || error != NULL || op->reason == MCP_AUTH_PREPARE);

  if (op->finished)
    return;

  op->finished = TRUE;
  if (resource->operation == op)
    resource->operation = NULL;
  g_cancellable_cancel (op->cancellable);
  _mcp_auth_operation_clear_grant (op);

  /* Something that relied on remembered discovery failed: ask again next
   * time. */
  if (error != NULL && op->cached_discovery)
    _mcp_auth_forget_discovery (resource);

  /* New credentials come from a grant or a refresh, and are saved; or
   * from the store, where they are already. */
  if (credentials == NULL || op->adopted)
    {
      if (credentials != NULL)
        g_set_object (&resource->credentials, credentials);
      complete_waiters (op, credentials, error);
      _mcp_auth_operation_unref (op);
      return;
    }

  g_set_object (&resource->credentials, credentials);
  resource->obtained_at = g_get_real_time () / G_USEC_PER_SEC;
  if (op->scope != NULL)
    {
      g_free (resource->requested_scope);
      resource->requested_scope = g_strdup (op->scope);
    }

  save_then_complete (op, credentials);
}

/* The credentials for the server turned out to belong to another
 * authorization server, or to be dead: they go, in the store too. */
void
_mcp_authorization_forget (McpAuthOperation *op)
{
  McpAuthResource *resource = op->resource;
  g_autoptr(McpCredentials) credentials = g_steal_pointer (&resource->credentials);

  if (credentials == NULL)
    return;

  g_debug ("Forgetting the credentials for %s from %s", resource->url,
           mcp_credentials_get_issuer (credentials));
  mcp_credential_store_delete_async (op->self->store, resource->url,
                                     mcp_credentials_get_issuer (credentials), NULL, NULL, NULL);
}

static void
lookup_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  McpAuthOperation *op = user_data;
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  credentials = mcp_credential_store_lookup_finish (MCP_CREDENTIAL_STORE (object), result, &error);

  if (op->finished)
    {
      _mcp_auth_operation_unref (op);
      return;
    }

  /* A store that cannot be read only means signing in again. */
  if (error != NULL)
    g_debug ("Could not look up the credentials for %s: %s", op->resource->url, error->message);

  /* Tokens that a header cannot carry would break every request. */
  if (credentials != NULL && !_mcp_auth_credentials_are_usable (credentials))
    {
      g_debug ("Ignoring the credentials for %s in the store: their tokens are malformed",
               op->resource->url);
      g_clear_object (&credentials);
    }

  op->resource->loaded = TRUE;
  if (credentials != NULL && op->resource->credentials == NULL)
    op->resource->credentials = g_steal_pointer (&credentials);

  _mcp_authorization_run (op);
  _mcp_auth_operation_unref (op);
}

/* Starts @op: credentials come from the store first, once per server. */
static void
operation_start (McpAuthOperation *op)
{
  if (!op->resource->loaded)
    {
      mcp_credential_store_lookup_async (op->self->store, op->resource->url, NULL,
                                        op->cancellable, lookup_cb, _mcp_auth_operation_ref (op));
      return;
    }

  _mcp_authorization_run (op);
}

/* Whether the access token of @resource should be refreshed now: it
 * expires within a minute, or within half its lifetime when it is that
 * short (a token of 30 seconds is not refreshed on every request). */
gboolean
_mcp_authorization_expires_soon (McpAuthResource *resource)
{
  gint64 expires_at = mcp_credentials_get_expires_at (resource->credentials);
  gint64 margin = REFRESH_MARGIN_SECONDS;

  if (expires_at <= 0)
    return FALSE;

  if (resource->obtained_at > 0)
    margin = MIN (margin, (expires_at - resource->obtained_at) / 2);

  return expires_at - g_get_real_time () / G_USEC_PER_SEC < margin;
}

const char *
_mcp_authorization_get_token (McpAuthorization *self,
                              const char       *url)
{
  McpCredentials *credentials = mcp_authorization_get_credentials (self, url);

  return credentials != NULL ? mcp_credentials_get_access_token (credentials) : NULL;
}

/* Whether a request to @url must wait for _mcp_authorization_prepare_async ()
 * before it is sent: the credentials are not loaded yet, or they expire and
 * can be refreshed. */
gboolean
_mcp_authorization_needs_prepare (McpAuthorization *self,
                                  const char       *url)
{
  McpAuthResource *resource = g_hash_table_lookup (self->resources, url);

  if (resource == NULL || !resource->loaded || resource->operation != NULL)
    return TRUE;

  return resource->credentials != NULL &&
         mcp_credentials_get_refresh_token (resource->credentials) != NULL &&
         _mcp_authorization_expires_soon (resource);
}

void
_mcp_authorization_prepare_async (McpAuthorization    *self,
                                  const char          *url,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  McpAuthResource *resource;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, _mcp_authorization_prepare_async);

  resource = resource_get (self, url);
  if (resource->operation == NULL)
    {
      if (!_mcp_authorization_needs_prepare (self, url))
        {
          g_task_return_pointer (task, NULL, NULL);
          return;
        }
      operation_add_waiter (operation_new (self, resource, MCP_AUTH_PREPARE), task);
      operation_start (resource->operation);
      return;
    }

  operation_add_waiter (resource->operation, task);
}

/* Starts refreshing the credentials for @url in the background when they
 * expire soon, so that the requests after the current one carry the new
 * token; the current one still goes with the old. */
void
_mcp_authorization_refresh_if_expiring (McpAuthorization *self,
                                        const char       *url)
{
  McpAuthResource *resource = g_hash_table_lookup (self->resources, url);

  if (resource == NULL || resource->operation != NULL || !resource->loaded ||
      !_mcp_authorization_needs_prepare (self, url))
    return;

  operation_start (operation_new (self, resource, MCP_AUTH_PREPARE));
}

/* Whether an answer with @status and @www_authenticate is the server asking
 * for (other) credentials: a 401, or a 403 for scopes the token lacks. A
 * 403 for anything else is the server's last word. */
gboolean
_mcp_authorization_handles_status (guint       status,
                                   const char *www_authenticate)
{
  g_autoptr(McpOAuthChallenge) challenge = NULL;

  if (status == SOUP_STATUS_UNAUTHORIZED)
    return TRUE;
  if (status != SOUP_STATUS_FORBIDDEN)
    return FALSE;

  challenge = _mcp_oauth_challenge_parse (www_authenticate);
  return challenge != NULL && g_strcmp0 (challenge->error, "insufficient_scope") == 0;
}

/* Fails only when the caller cancelled: what else matters comes with the
 * server's answer (a refresh that failed, or a loading superseded by a
 * sign-in, leave the request to find out). */
gboolean
_mcp_authorization_prepare_finish (McpAuthorization  *self,
                                   GAsyncResult      *result,
                                   GError           **error)
{
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) local_error = NULL;
  GCancellable *cancellable;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  credentials = g_task_propagate_pointer (G_TASK (result), &local_error);
  cancellable = g_task_get_cancellable (G_TASK (result));
  if (local_error != NULL && cancellable != NULL && g_cancellable_is_cancelled (cancellable))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  return TRUE;
}

/* The server at @url answered a request sent with @sent_token (or none)
 * with @status and @www_authenticate. Completes when a request should be
 * sent again, with new credentials, or fails when it should not. */
void
_mcp_authorization_challenge_async (McpAuthorization    *self,
                                    const char          *url,
                                    guint                status,
                                    const char          *www_authenticate,
                                    const char          *sent_token,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(McpOAuthChallenge) challenge = NULL;
  McpAuthResource *resource;
  McpAuthOperation *op;
  const char *token;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, _mcp_authorization_challenge_async);

  resource = resource_get (self, url);
  if (resource->operation != NULL)
    {
      operation_add_waiter (resource->operation, task);
      return;
    }

  /* Another request already got new credentials: just try again. */
  token = _mcp_authorization_get_token (self, url);
  if (resource->loaded && token != NULL && g_strcmp0 (token, sent_token) != 0)
    {
      g_task_return_pointer (task, g_object_ref (resource->credentials), g_object_unref);
      return;
    }

  challenge = _mcp_oauth_challenge_parse (www_authenticate);
  if (challenge != NULL && challenge->too_long)
    {
      g_task_return_new_error (task, MCP_AUTHORIZATION_ERROR,
                               MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                               _("The server at %s sent a WWW-Authenticate challenge with a "
                                 "parameter that is too long: refusing it"),
                               url);
      return;
    }

  /* The scopes of a challenge go into the authorization request and the
   * user's consent: never bytes that no scope can hold. */
  if (challenge != NULL && challenge->scope != NULL &&
      !_mcp_oauth_scope_is_valid (challenge->scope))
    {
      g_task_return_new_error (task, MCP_AUTHORIZATION_ERROR,
                               MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                               _("The server at %s sent a WWW-Authenticate challenge with "
                                 "scopes that have characters a scope cannot have: refusing it"),
                               url);
      return;
    }

  op = operation_new (self, resource, MCP_AUTH_CHALLENGE);
  if (challenge != NULL)
    {
      op->resource_metadata = g_steal_pointer (&challenge->resource_metadata);
      op->challenge_scope = g_steal_pointer (&challenge->scope);
      op->insufficient_scope = status == SOUP_STATUS_FORBIDDEN &&
                               g_strcmp0 (challenge->error, "insufficient_scope") == 0;
    }
  operation_add_waiter (op, task);
  operation_start (op);
}

/* Returns %FALSE with @error when the request cannot be sent again; %TRUE
 * when it can, with new credentials or (when it joined a loading or
 * refresh that ended with none) to be refused again and retried, within
 * the exchange's bound on attempts. */
gboolean
_mcp_authorization_challenge_finish (McpAuthorization  *self,
                                     GAsyncResult      *result,
                                     GError           **error)
{
  g_autoptr(McpCredentials) credentials = NULL;
  GError *local_error = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  credentials = g_task_propagate_pointer (G_TASK (result), &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return TRUE;
}

/**
 * mcp_authorization_sign_in_async:
 * @self: an authorization
 * @url: the URL of the MCP server
 * @cancellable: (nullable): a #GCancellable, which cancels the sign-in
 * @callback: (scope async): called when the sign-in is done
 * @user_data: data for @callback
 *
 * Signs in to the MCP server at @url now, whatever
 * [property@Mcp.Authorization:interactive] says, and saves the new
 * credentials. When a sign-in to @url is already going on, this waits for
 * it.
 *
 * This is how an application signs in before it connects, or after a
 * request failed with %MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED.
 *
 * Since: 1.0
 */
void
mcp_authorization_sign_in_async (McpAuthorization    *self,
                                 const char          *url,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  McpAuthResource *resource;

  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (url != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_authorization_sign_in_async);

  if (g_task_return_error_if_cancelled (task))
    return;

  resource = resource_get (self, url);
  if (resource->operation != NULL && resource->operation->reason != MCP_AUTH_PREPARE)
    {
      operation_add_waiter (resource->operation, task);
      return;
    }

  /* A loading or refresh operation ends first; this one follows. */
  if (resource->operation != NULL)
    {
      g_autoptr(GError) superseded = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                          _("A sign-in was started"));

      _mcp_authorization_finish (resource->operation, NULL, superseded);
    }

  operation_add_waiter (operation_new (self, resource, MCP_AUTH_SIGN_IN), task);
  operation_start (resource->operation);
}

/**
 * mcp_authorization_sign_in_finish:
 * @self: an authorization
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.Authorization.sign_in_async].
 *
 * Returns: (transfer full): the new credentials, or %NULL with @error set
 *
 * Since: 1.0
 */
McpCredentials *
mcp_authorization_sign_in_finish (McpAuthorization  *self,
                                  GAsyncResult      *result,
                                  GError           **error)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_authorization_sign_in_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
deleted_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!mcp_credential_store_delete_finish (MCP_CREDENTIAL_STORE (object), result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * mcp_authorization_sign_out_async:
 * @self: an authorization
 * @url: the URL of the MCP server
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the credentials are deleted
 * @user_data: data for @callback
 *
 * Forgets the credentials for the server at @url, here and in the store,
 * and cancels a sign-in to it that is going on. The next request to the
 * server needs a new sign-in. The tokens are not revoked at the
 * authorization server.
 *
 * Since: 1.0
 */
void
mcp_authorization_sign_out_async (McpAuthorization    *self,
                                  const char          *url,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  McpAuthResource *resource;

  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (url != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_authorization_sign_out_async);

  resource = resource_get (self, url);
  if (resource->operation != NULL)
    {
      g_autoptr(GError) signed_out = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                          _("Signed out"));

      _mcp_authorization_finish (resource->operation, NULL, signed_out);
    }
  g_clear_object (&resource->credentials);
  g_clear_pointer (&resource->requested_scope, g_free);
  resource->loaded = TRUE;

  mcp_credential_store_delete_async (self->store, url, NULL, cancellable, deleted_cb,
                                     g_steal_pointer (&task));
}

/**
 * mcp_authorization_sign_out_finish:
 * @self: an authorization
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.Authorization.sign_out_async].
 *
 * Returns: whether the credentials were deleted from the store
 *
 * Since: 1.0
 */
gboolean
mcp_authorization_sign_out_finish (McpAuthorization  *self,
                                   GAsyncResult      *result,
                                   GError           **error)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * mcp_authorization_cancel_sign_in:
 * @self: an authorization
 * @url: the URL of the MCP server
 *
 * Cancels the sign-in to the server at @url that is going on, if any: the
 * requests waiting for it fail with
 * %MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED (the server still needs a
 * sign-in), and [method@Mcp.Authorization.sign_in_async] with
 * %G_IO_ERROR_CANCELLED. Use it for a sign-in that started by itself; one
 * started with [method@Mcp.Authorization.sign_in_async] can also be
 * cancelled with its #GCancellable.
 *
 * Since: 1.0
 */
void
mcp_authorization_cancel_sign_in (McpAuthorization *self,
                                  const char       *url)
{
  McpAuthResource *resource;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (url != NULL);

  resource = g_hash_table_lookup (self->resources, url);
  if (resource == NULL || resource->operation == NULL ||
      resource->operation->reason == MCP_AUTH_PREPARE)
    return;

  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The sign-in was cancelled"));
  _mcp_authorization_finish (resource->operation, NULL, error);
}

/**
 * mcp_authorization_handle_redirect_uri:
 * @self: an authorization
 * @uri: the URI the authorization page redirected to
 *
 * Hands a redirect to the sign-in it belongs to, when the application
 * receives redirects itself (see [property@Mcp.Authorization:redirect-uri]):
 * for example in the [signal@Gio.Application::open] handler of a custom
 * URI scheme, or when a web view navigates to the redirect URI. The
 * sign-in goes on (or fails) with what @uri carries.
 *
 * Returns: %TRUE if @uri belonged to a sign-in going on, %FALSE if it
 *   belongs to none (it is then ignored)
 *
 * Since: 1.0
 */
gboolean
mcp_authorization_handle_redirect_uri (McpAuthorization *self,
                                       const char       *uri)
{
  g_autoptr(GHashTable) params = NULL;
  const char *state;
  GHashTableIter iter;
  McpAuthResource *resource;

  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);

  params = _mcp_authorization_redirect_params (uri);
  if (params == NULL || (state = g_hash_table_lookup (params, "state")) == NULL)
    return FALSE;

  g_hash_table_iter_init (&iter, self->resources);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &resource))
    {
      McpAuthOperation *op = resource->operation;

      if (op != NULL && op->state != NULL && op->loopback == NULL &&
          g_str_equal (op->state, state) && g_str_has_prefix (uri, op->redirect_uri))
        {
          _mcp_authorization_take_redirect (op, uri);
          return TRUE;
        }
    }

  return FALSE;
}
