/* mcp-authorization-token.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Requests to the token endpoint of an authorization server, for every
 * grant and refresh of McpAuthorization: the client authenticates the way
 * the server supports (RFC 6749 §2.3, RFC 7523 §2.2), a DPoP proof goes
 * with each request when tokens are bound to a key (RFC 9449 §5), and a
 * `use_dpop_nonce` answer is met by sending the request once more, with
 * the nonce the server gave. The secrets of the form are remembered, so
 * that an answer quoting them never reaches a log or an error message.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-authorization-private.h"
#include "mcp-json-private.h"
#include "mcp-oauth-crypto-private.h"
#include "mcp-oauth-http-private.h"

/* Lifetime of a client assertion JWT. */
#define ASSERTION_LIFETIME_SECONDS 300

#define ASSERTION_TYPE_JWT_BEARER "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

/* The token endpoint authentication to use: a key signs a JWT; a secret
 * goes the way the registration said, or the way the server supports
 * (RFC 8414's default is client_secret_basic); without either, none. */
char *
_mcp_auth_choose_method (McpOAuthServer *server,
                         gboolean        has_secret,
                         gboolean        has_key,
                         const char     *registered_method)
{
  char * const *methods = server->token_endpoint_auth_methods;

  if (has_key)
    return g_strdup ("private_key_jwt");
  if (!has_secret)
    return g_strdup ("none");

  if (g_strcmp0 (registered_method, "client_secret_basic") == 0 ||
      g_strcmp0 (registered_method, "client_secret_post") == 0)
    return g_strdup (registered_method);

  if (methods == NULL || _mcp_oauth_server_supports (methods, "client_secret_basic"))
    return g_strdup ("client_secret_basic");
  if (_mcp_oauth_server_supports (methods, "client_secret_post"))
    return g_strdup ("client_secret_post");
  if (_mcp_oauth_server_supports (methods, "none"))
    return g_strdup ("none");

  return g_strdup ("client_secret_basic");
}

static char *
form_escape (const char *value)
{
  return g_uri_escape_string (value, NULL, FALSE);
}

/* Authenticates @client_id at the token endpoint of @server (RFC 6749
 * §2.3, RFC 7523 §2.2): into @form, or as a header of the message that
 * the caller then makes, returned in @basic_header. */
static gboolean
authenticate_client (McpAuthOperation  *op,
                     GHashTable        *form,
                     const char        *client_id,
                     const char        *client_secret,
                     const char        *method,
                     char             **basic_header,
                     GError           **error)
{
  if (g_strcmp0 (method, "client_secret_basic") == 0)
    {
      g_autofree char *id = form_escape (client_id);
      g_autofree char *secret = form_escape (client_secret);
      g_autofree char *pair = g_strconcat (id, ":", secret, NULL);
      g_autofree char *encoded = g_base64_encode ((const guchar *) pair, strlen (pair));

      *basic_header = g_strconcat ("Basic ", encoded, NULL);
      return TRUE;
    }

  g_hash_table_insert (form, g_strdup ("client_id"), g_strdup (client_id));

  if (g_strcmp0 (method, "client_secret_post") == 0)
    g_hash_table_insert (form, g_strdup ("client_secret"), g_strdup (client_secret));
  else if (g_strcmp0 (method, "private_key_jwt") == 0)
    {
      g_autoptr(JsonObject) claims = json_object_new ();
      g_autofree char *jti = _mcp_oauth_random_token ();
      gint64 now = g_get_real_time () / G_USEC_PER_SEC;
      char *assertion;

      json_object_set_string_member (claims, "iss", client_id);
      json_object_set_string_member (claims, "sub", client_id);
      json_object_set_string_member (claims, "aud", op->server->issuer);
      json_object_set_int_member (claims, "iat", now);
      json_object_set_int_member (claims, "exp", now + ASSERTION_LIFETIME_SECONDS);
      json_object_set_string_member (claims, "jti", jti);

      assertion = _mcp_oauth_jwt_sign (op->self->client_private_key, "JWT", claims, error);
      if (assertion == NULL)
        return FALSE;
      g_hash_table_insert (form, g_strdup ("client_assertion_type"),
                           g_strdup (ASSERTION_TYPE_JWT_BEARER));
      g_hash_table_insert (form, g_strdup ("client_assertion"), assertion);
    }

  return TRUE;
}

GHashTable *
_mcp_auth_form_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

void
_mcp_auth_form_add (GHashTable *form,
                    const char *name,
                    const char *value)
{
  if (value != NULL)
    g_hash_table_insert (form, g_strdup (name), g_strdup (value));
}

/* The form fields that carry secrets: an error the server sends back may
 * quote them, and it must not reach a log or an error message. */
static const char * const secret_fields[] = {
  "code", "code_verifier", "refresh_token", "client_secret", "client_assertion", "assertion",
  "subject_token",
};

void
_mcp_auth_remember_secret (McpAuthOperation *op,
                           const char       *secret)
{
  if (secret != NULL && *secret != '\0')
    g_ptr_array_add (op->secrets, g_strdup (secret));
}

typedef struct
{
  McpAuthOperation *op;
  char             *endpoint;
  GHashTable       *form;
  char             *client_id;
  char             *client_secret;
  char             *method;
  /* The key of the proofs, or NULL without DPoP. */
  McpDpopKey       *dpop_key;
  gboolean          nonce_retried;
} TokenRequest;

static void
token_request_free (TokenRequest *request)
{
  _mcp_auth_operation_unref (request->op);
  g_free (request->endpoint);
  g_hash_table_unref (request->form);
  g_free (request->client_id);
  g_free (request->client_secret);
  g_free (request->method);
  g_clear_pointer (&request->dpop_key, _mcp_dpop_key_unref);
  g_free (request);
}

static void token_answer_cb (GObject      *object,
                             GAsyncResult *result,
                             gpointer      user_data);

/* Sends the request of @owned_task, with a client assertion and a DPoP
 * proof of its own each time. */
static void
send_token_request (GTask *owned_task)
{
  g_autoptr(GTask) task = owned_task;
  TokenRequest *request = g_task_get_task_data (task);
  McpAuthOperation *op = request->op;
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *basic_header = NULL;

  if (request->client_id != NULL &&
      !authenticate_client (op, request->form, request->client_id, request->client_secret,
                            request->method, &basic_header, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  _mcp_auth_remember_secret (op, request->client_secret);
  for (gsize i = 0; i < G_N_ELEMENTS (secret_fields); i++)
    _mcp_auth_remember_secret (op, g_hash_table_lookup (request->form, secret_fields[i]));

  msg = _mcp_oauth_form_message_new (request->endpoint, request->form);
  if (msg == NULL)
    {
      g_task_return_new_error (task, MCP_AUTHORIZATION_ERROR,
                               MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
                               _("“%s” is not a valid token endpoint"), request->endpoint);
      return;
    }
  if (basic_header != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization",
                                  basic_header);

  if (request->dpop_key != NULL)
    {
      const char *nonce = _mcp_dpop_nonces_lookup (op->self->dpop_nonces, request->endpoint);
      g_autofree char *proof = _mcp_dpop_key_make_proof (request->dpop_key, SOUP_METHOD_POST,
                                                         request->endpoint, nonce, NULL,
                                                         &error);

      if (proof == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      _mcp_auth_remember_secret (op, proof);
      soup_message_headers_replace (soup_message_get_request_headers (msg), "DPoP", proof);
    }

  _mcp_oauth_send_async (op->self->session, msg, op->self->request_timeout, op->cancellable,
                         token_answer_cb, g_steal_pointer (&task));
}

static void
token_answer_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TokenRequest *request = g_task_get_task_data (task);
  McpAuthOperation *op = request->op;
  g_autoptr(McpOAuthResponse) response = NULL;
  GError *error = NULL;
  const char *oauth_error;

  response = _mcp_oauth_send_finish (result, &error);
  if (response == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  if (request->dpop_key == NULL)
    {
      g_task_return_pointer (task, g_steal_pointer (&response),
                             (GDestroyNotify) _mcp_oauth_response_free);
      return;
    }

  /* RFC 9449 §8: a nonce goes into the next proofs, whatever the answer. */
  _mcp_dpop_nonces_remember (op->self->dpop_nonces, request->endpoint, response->dpop_nonce);

  oauth_error = response->json != NULL
                ? _mcp_json_object_get_string (response->json, "error") : NULL;
  if (response->status == SOUP_STATUS_BAD_REQUEST &&
      g_strcmp0 (oauth_error, "use_dpop_nonce") == 0 && !op->finished &&
      _mcp_dpop_nonces_lookup (op->self->dpop_nonces, request->endpoint) != NULL)
    {
      /* Once: a server that wants yet another nonce will not stop. */
      if (request->nonce_retried)
        {
          g_task_return_new_error (task, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED,
                                   _("The authorization server %s keeps asking for a new DPoP "
                                     "nonce: giving up"),
                                   op->server->issuer);
          return;
        }

      g_debug ("The authorization server %s asks for a DPoP nonce; sending the request again",
               op->server->issuer);
      request->nonce_retried = TRUE;
      send_token_request (g_steal_pointer (&task));
      return;
    }

  g_task_return_pointer (task, g_steal_pointer (&response),
                         (GDestroyNotify) _mcp_oauth_response_free);
}

/* POSTs @form to @endpoint, authenticating the client as @method says and,
 * for the authorization server's token endpoint, with a DPoP proof when
 * tokens are bound to a key (op->dpop_key, chosen here). @callback gets a
 * reference to @op, and the answer from _mcp_auth_token_request_finish ().
 * Fails @op itself when there is no request to send. */
void
_mcp_auth_post_token_request (McpAuthOperation    *op,
                              const char          *endpoint,
                              GHashTable          *form,
                              const char          *client_id,
                              const char          *client_secret,
                              const char          *method,
                              GAsyncReadyCallback  callback)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  TokenRequest *request;

  /* The identity provider of cross-app access is not the one that binds
   * tokens to the key. */
  if (g_strcmp0 (endpoint, op->server->token_endpoint) == 0)
    {
      g_clear_pointer (&op->dpop_key, _mcp_dpop_key_unref);
      op->dpop_key = _mcp_auth_dpop_key (op, &error);
      if (op->dpop_key == NULL && error != NULL)
        {
          _mcp_auth_fail_with (op, error);
          return;
        }
    }

  request = g_new0 (TokenRequest, 1);
  request->op = _mcp_auth_operation_ref (op);
  request->endpoint = g_strdup (endpoint);
  request->form = g_hash_table_ref (form);
  request->client_id = g_strdup (client_id);
  request->client_secret = g_strdup (client_secret);
  request->method = g_strdup (method);
  if (op->dpop_key != NULL && g_strcmp0 (endpoint, op->server->token_endpoint) == 0)
    request->dpop_key = _mcp_dpop_key_ref (op->dpop_key);

  /* No cancellable: the request's own I/O stops with op->cancellable, and
   * @callback learns of it from the answer. */
  task = g_task_new (NULL, NULL, callback, _mcp_auth_operation_ref (op));
  g_task_set_source_tag (task, _mcp_auth_post_token_request);
  g_task_set_task_data (task, request, (GDestroyNotify) token_request_free);
  send_token_request (g_steal_pointer (&task));
}

McpOAuthResponse *
_mcp_auth_token_request_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == _mcp_auth_post_token_request,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
