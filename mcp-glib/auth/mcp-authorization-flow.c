/* mcp-authorization-flow.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The steps of an operation of McpAuthorization: discovery, the check that
 * the credentials belong to the authorization server the server names
 * now, refreshing, and the grants: the authorization code with PKCE, a
 * loopback or application redirect, `state` and RFC 9207 `iss` checks, and
 * the client identity (pre-registered, client ID metadata document, or
 * dynamic registration); client credentials; cross-app access. Token
 * endpoint requests carry the RFC 8707 resource (and are sent by
 * mcp-authorization-token.c). Nothing secret is logged or put in an error
 * message.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-authorization-private.h"
#include "mcp-json-private.h"
#include "mcp-oauth-crypto-private.h"
#include "mcp-oauth-http-private.h"
#include "mcp-source-private.h"

#define ERROR_DESCRIPTION_EXCERPT 200
#define ERROR_CODE_EXCERPT        64

#define GRANT_TYPE_TOKEN_EXCHANGE "urn:ietf:params:oauth:grant-type:token-exchange"
#define GRANT_TYPE_JWT_BEARER     "urn:ietf:params:oauth:grant-type:jwt-bearer"
#define TOKEN_TYPE_ID_TOKEN       "urn:ietf:params:oauth:token-type:id_token"
#define TOKEN_TYPE_ID_JAG         "urn:ietf:params:oauth:token-type:id-jag"


static void
fail (McpAuthOperation *op,
      GQuark            domain,
      int               code,
      const char       *format,
      ...) G_GNUC_PRINTF (4, 5);

static void
fail (McpAuthOperation *op,
      GQuark            domain,
      int               code,
      const char       *format,
      ...)
{
  g_autoptr(GError) error = NULL;
  va_list args;

  va_start (args, format);
  error = g_error_new_valist (domain, code, format, args);
  va_end (args);

  g_debug ("Signing in to %s failed: %s", op->resource->url, error->message);
  _mcp_authorization_finish (op, NULL, error);
}

void
_mcp_auth_fail_with (McpAuthOperation *op,
                     const GError     *error)
{
  g_debug ("Signing in to %s failed: %s", op->resource->url, error->message);
  _mcp_authorization_finish (op, NULL, error);
}

/* Whether a callback of @op should stop: the operation ended meanwhile.
 * Drops the reference the callback held then. */
gboolean
_mcp_auth_op_is_over (McpAuthOperation *op)
{
  if (!op->finished)
    return FALSE;

  _mcp_auth_operation_unref (op);
  return TRUE;
}

/* Adds the space-separated @scopes to @set, once each, in order. */
static void
add_scopes (GPtrArray  *set,
            const char *scopes)
{
  g_auto(GStrv) words = scopes != NULL ? g_strsplit_set (scopes, " \t", -1) : NULL;

  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    if (*words[i] != '\0' && !g_ptr_array_find_with_equal_func (set, words[i], g_str_equal, NULL))
      g_ptr_array_add (set, g_strdup (words[i]));
}

static gboolean
scopes_cover (const char *granted,
              const char *wanted)
{
  g_autoptr(GPtrArray) have = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) words = wanted != NULL ? g_strsplit_set (wanted, " \t", -1) : NULL;

  add_scopes (have, granted);
  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    if (*words[i] != '\0' && !g_ptr_array_find_with_equal_func (have, words[i], g_str_equal, NULL))
      return FALSE;

  return TRUE;
}

/* MCP's scope selection: what was asked for before (so that a step-up
 * keeps it), with the challenge's scopes or else those the server
 * supports; the application's own; and offline_access, for a refresh
 * token, when the authorization server offers it. NULL for none. */
static char *
select_scope (McpAuthOperation *op,
              gboolean          offline_access)
{
  McpAuthResource *resource = op->resource;
  McpOAuthServer *server = op->server;
  g_autoptr(GPtrArray) set = g_ptr_array_new_with_free_func (g_free);

  if (resource->requested_scope != NULL)
    add_scopes (set, resource->requested_scope);
  else if (resource->credentials != NULL)
    add_scopes (set, mcp_credentials_get_scope (resource->credentials));

  if (op->challenge_scope != NULL)
    add_scopes (set, op->challenge_scope);
  else if (server->resource_scopes != NULL)
    for (guint i = 0; server->resource_scopes[i] != NULL; i++)
      add_scopes (set, server->resource_scopes[i]);

  add_scopes (set, op->self->scope);

  if (offline_access && set->len > 0 &&
      _mcp_oauth_server_supports (server->scopes_supported, "offline_access"))
    add_scopes (set, "offline_access");

  if (set->len == 0)
    return NULL;

  g_ptr_array_add (set, NULL);
  return g_strjoinv (" ", (char **) set->pdata);
}

/* Server text (an error code or description, which the server may have
 * filled with anything, the secrets it was sent included) made fit to be
 * shown and logged: valid UTF-8 without control characters, at most
 * @max_chars long, and without any secret of @op. */
static char *
server_text (McpAuthOperation *op,
             const char       *text,
             glong             max_chars)
{
  g_autofree char *valid = NULL;
  g_autoptr(GString) out = NULL;
  const char *p;
  glong n = 0;

  if (text == NULL)
    return NULL;

  valid = g_utf8_make_valid (text, MIN (strlen (text), (gsize) max_chars * 4));
  out = g_string_new (NULL);
  for (p = valid; *p != '\0' && n < max_chars; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || g_unichar_type (c) == G_UNICODE_FORMAT)
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }

  /* Longest first, so that a secret inside another goes with it. */
  for (guint i = 0; i < op->secrets->len; i++)
    {
      const char *secret = op->secrets->pdata[i];

      if (strlen (secret) >= 4)
        g_string_replace (out, secret, "…", 0);
    }
  if (op->verifier != NULL)
    g_string_replace (out, op->verifier, "…", 0);

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Who refused a request: each has sentences of its own, so that
 * translations can say them whole. */
typedef enum {
  REFUSED_BY_AUTHORIZATION_SERVER,
  REFUSED_REGISTRATION,
  REFUSED_BY_IDENTITY_PROVIDER,
} RefusedBy;

/* The error of a refused token request to @where (the issuer, or the
 * identity provider's endpoint), with the server's error code and
 * (shortened) description, which hold no secret. */
static GError *
token_error (McpAuthOperation *op,
             McpOAuthResponse *response,
             RefusedBy         by,
             const char       *where,
             int               error_code,
             char            **oauth_error)
{
  g_autofree char *code = NULL;
  g_autofree char *excerpt = NULL;

  if (response->json != NULL)
    {
      code = server_text (op, _mcp_json_object_get_string (response->json, "error"),
                          ERROR_CODE_EXCERPT);
      excerpt = server_text (op, _mcp_json_object_get_string (response->json,
                                                              "error_description"),
                             ERROR_DESCRIPTION_EXCERPT);
    }
  if (oauth_error != NULL)
    *oauth_error = g_strdup (code);

  if (code != NULL)
    {
      const char *separator = excerpt != NULL ? " — " : "";
      const char *text = excerpt != NULL ? excerpt : "";

      switch (by)
        {
        case REFUSED_REGISTRATION:
          /* TRANSLATORS: the first %s is a URL; then come the server's error code and, maybe,
           * a dash and its description */
          return g_error_new (MCP_AUTHORIZATION_ERROR, error_code,
                              _("Registering with %s was refused: %s%s%s"),
                              where, code, separator, text);
        case REFUSED_BY_IDENTITY_PROVIDER:
          /* TRANSLATORS: as for "Registering with %s was refused: %s%s%s" */
          return g_error_new (MCP_AUTHORIZATION_ERROR, error_code,
                              _("The identity provider %s refused: %s%s%s"),
                              where, code, separator, text);
        case REFUSED_BY_AUTHORIZATION_SERVER:
        default:
          /* TRANSLATORS: as for "Registering with %s was refused: %s%s%s" */
          return g_error_new (MCP_AUTHORIZATION_ERROR, error_code,
                              _("The authorization server %s refused: %s%s%s"),
                              where, code, separator, text);
        }
    }

  switch (by)
    {
    case REFUSED_REGISTRATION:
      return g_error_new (MCP_AUTHORIZATION_ERROR, error_code,
                          _("Registering with %s was refused with HTTP status %u"),
                          where, response->status);
    case REFUSED_BY_IDENTITY_PROVIDER:
      return g_error_new (MCP_AUTHORIZATION_ERROR, error_code,
                          _("The identity provider %s refused with HTTP status %u"),
                          where, response->status);
    case REFUSED_BY_AUTHORIZATION_SERVER:
    default:
      return g_error_new (MCP_AUTHORIZATION_ERROR, error_code,
                          _("The authorization server %s refused with HTTP status %u"),
                          where, response->status);
    }
}

/* New credentials from a token response: its tokens, the client identity
 * to keep (a registered one, or the one to refresh with), and what
 * @previous had that the response did not repeat (a refresh token). */
McpCredentials *
_mcp_auth_credentials_from_response (McpAuthOperation  *op,
                                     McpOAuthResponse  *response,
                                     const char        *client_id,
                                     const char        *client_secret,
                                     McpCredentials    *previous,
                                     char             **oauth_error,
                                     GError           **error)
{
  const char *access_token;
  const char *token_type;
  const char *refresh_token;
  const char *scope;
  gint64 expires_in;
  gint64 expires_at = 0;

  if (!SOUP_STATUS_IS_SUCCESSFUL (response->status) || response->json == NULL)
    {
      if (SOUP_STATUS_IS_SUCCESSFUL (response->status))
        {
          g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                       _("The authorization server %s answered with something that is not a "
                         "token response"), op->server->issuer);
          return NULL;
        }
      g_propagate_error (error, token_error (op, response, REFUSED_BY_AUTHORIZATION_SERVER,
                                             op->server->issuer, MCP_AUTHORIZATION_ERROR_DENIED,
                                             oauth_error));
      return NULL;
    }

  access_token = _mcp_json_object_get_string (response->json, "access_token");
  token_type = _mcp_json_object_get_string (response->json, "token_type");
  if (access_token == NULL || *access_token == '\0')
    {
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                   _("The authorization server %s answered without an access token"),
                   op->server->issuer);
      return NULL;
    }
  /* RFC 9449 §5: a DPoP token only when a proof asked for one. */
  if (token_type != NULL && g_ascii_strcasecmp (token_type, "Bearer") != 0 &&
      (op->dpop_key == NULL || g_ascii_strcasecmp (token_type, "DPoP") != 0))
    {
      g_autofree char *type = server_text (op, token_type, ERROR_CODE_EXCERPT);

      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                   op->dpop_key != NULL
                   ? _("The authorization server %s issued a token of the type “%s”, which is "
                       "not supported (only Bearer and DPoP)")
                   : _("The authorization server %s issued a token of the type “%s”, which is "
                       "not supported (only Bearer)"),
                   op->server->issuer, type);
      return NULL;
    }

  /* The access token goes into a header of every request, the refresh
   * token into the store: neither may carry a line break or anything else
   * a header cannot hold. */
  refresh_token = _mcp_json_object_get_string (response->json, "refresh_token");
  scope = _mcp_json_object_get_string (response->json, "scope");
  if (!_mcp_oauth_token_is_valid (access_token) ||
      (refresh_token != NULL && !_mcp_oauth_token_is_valid (refresh_token)))
    {
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                   _("The authorization server %s issued a token with characters that a token "
                     "cannot have: refusing it"),
                   op->server->issuer);
      return NULL;
    }
  if (scope != NULL && !_mcp_oauth_scope_is_valid (scope))
    {
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                   _("The authorization server %s granted scopes with characters that a scope "
                     "cannot have: refusing them"),
                   op->server->issuer);
      return NULL;
    }

  expires_in = _mcp_json_object_get_int (response->json, "expires_in", -1);
  if (expires_in >= 0 && expires_in < G_MAXINT32)
    expires_at = g_get_real_time () / G_USEC_PER_SEC + expires_in;

  if (refresh_token == NULL && previous != NULL)
    refresh_token = mcp_credentials_get_refresh_token (previous);
  if (scope == NULL && previous != NULL)
    scope = mcp_credentials_get_scope (previous);
  if (scope == NULL)
    scope = op->scope;

  return g_object_new (MCP_TYPE_CREDENTIALS,
                       "resource", op->resource->url,
                       "issuer", op->server->issuer,
                       "client-id", client_id,
                       "client-secret", client_secret,
                       "access-token", access_token,
                       "refresh-token", refresh_token,
                       "scope", scope,
                       "token-type", token_type != NULL &&
                                     g_ascii_strcasecmp (token_type, "DPoP") == 0 ? "DPoP" : NULL,
                       "dpop-key", op->dpop_key ? _mcp_dpop_key_get_pem (op->dpop_key) : NULL,
                       "dpop-algorithm", op->dpop_key ? _mcp_dpop_key_get_alg (op->dpop_key) : NULL,
                       "expires-at", expires_at,
                       NULL);
}

/* A client identity of our own registration, kept with the credentials:
 * neither the configured client id nor a metadata document URL. */
gboolean
_mcp_auth_is_registered_client (McpAuthOperation *op,
                                McpCredentials   *credentials)
{
  const char *client_id = credentials ? mcp_credentials_get_client_id (credentials) : NULL;

  return client_id != NULL &&
         g_strcmp0 (client_id, op->self->client_id) != 0 &&
         g_strcmp0 (client_id, op->self->client_metadata_url) != 0;
}

/* A grant's token answer: @op ends with the credentials it gives, which
 * belong to the client @client_id (and @client_secret, if registered). */
static void
grant_done (McpAuthOperation *op,
            GAsyncResult     *result,
            const char       *client_id,
            const char       *client_secret)
{
  g_autoptr(McpOAuthResponse) response = NULL;
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  response = _mcp_auth_token_request_finish (result, &error);
  if (_mcp_auth_op_is_over (op))
    return;

  if (response != NULL)
    credentials = _mcp_auth_credentials_from_response (op, response, client_id, client_secret,
                                                       NULL, NULL, &error);
  if (credentials == NULL)
    _mcp_auth_fail_with (op, error);
  else
    {
      g_debug ("Obtained an access token for %s", op->resource->url);
      op->granted = TRUE;
      _mcp_authorization_finish (op, credentials, NULL);
    }

  _mcp_auth_operation_unref (op);
}

/* The authorization code grant. */

static void
code_token_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  McpAuthOperation *op = user_data;

  grant_done (op, result, op->client_id, op->registered ? op->client_secret : NULL);
}

/* The parameters of the query of a redirect URI, form-decoded as RFC 6749
 * §4.1.2 has them, or %NULL. */
GHashTable *
_mcp_authorization_redirect_params (const char *redirected_uri)
{
  g_autoptr(GUri) uri = g_uri_parse (redirected_uri, G_URI_FLAGS_ENCODED, NULL);

  if (uri == NULL || g_uri_get_query (uri) == NULL)
    return NULL;

  return g_uri_parse_params (g_uri_get_query (uri), -1, "&", G_URI_PARAMS_WWW_FORM, NULL);
}

static char *
query_value (GHashTable *params,
             const char *name)
{
  return g_strdup (params != NULL ? g_hash_table_lookup (params, name) : NULL);
}

/* The browser came back: RFC 6749 §10.12 `state` first, then RFC 9207
 * `iss` as MCP's table says (before anything else of the answer is
 * believed, errors included), then the code, which goes to the token
 * endpoint with the PKCE verifier. */
void
_mcp_authorization_take_redirect (McpAuthOperation *op,
                                  const char       *redirected_uri)
{
  McpOAuthServer *server = op->server;
  g_autoptr(GHashTable) params = NULL;
  g_autoptr(GHashTable) form = NULL;
  g_autofree char *state = NULL;
  g_autofree char *iss = NULL;
  g_autofree char *code = NULL;
  g_autofree char *oauth_error = NULL;
  g_autofree char *description = NULL;
  g_autofree char *redirect_uri = NULL;
  g_autofree char *verifier = NULL;
  g_autofree char *expected_state = NULL;

  if (op->finished || op->state == NULL)
    return;

  params = _mcp_authorization_redirect_params (redirected_uri);
  state = query_value (params, "state");
  iss = query_value (params, "iss");
  code = query_value (params, "code");
  oauth_error = query_value (params, "error");
  description = query_value (params, "error_description");

  /* One answer per sign-in: what came is all there will be. */
  redirect_uri = g_steal_pointer (&op->redirect_uri);
  verifier = g_steal_pointer (&op->verifier);
  expected_state = g_steal_pointer (&op->state);
  _mcp_auth_operation_clear_grant (op);

  if (state == NULL || !g_str_equal (state, expected_state))
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
            _("The answer to the sign-in to %s does not belong to it (its state does not "
              "match): refusing it"),
            op->resource->url);
      return;
    }

  if (iss != NULL ? !g_str_equal (iss, server->issuer) : server->iss_parameter_supported)
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
            iss != NULL
            ? _("The answer to the sign-in to %s comes from another authorization server than "
                "%s: refusing it")
            : _("The answer to the sign-in to %s does not say which authorization server it "
                "comes from, although %s said it would: refusing it"),
            op->resource->url, server->issuer);
      return;
    }

  if (oauth_error != NULL)
    {
      g_autofree char *error_code = NULL;
      g_autofree char *excerpt = NULL;

      _mcp_auth_remember_secret (op, verifier);
      error_code = server_text (op, oauth_error, ERROR_CODE_EXCERPT);
      excerpt = server_text (op, description, ERROR_DESCRIPTION_EXCERPT);
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED,
            _("The sign-in to %s was refused: %s%s%s"), op->resource->url,
            error_code, excerpt ? " — " : "", excerpt ? excerpt : "");
      return;
    }

  if (code == NULL || *code == '\0')
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
            _("The answer to the sign-in to %s carries no authorization code"),
            op->resource->url);
      return;
    }

  form = _mcp_auth_form_new ();
  _mcp_auth_form_add (form, "grant_type", "authorization_code");
  _mcp_auth_form_add (form, "code", code);
  _mcp_auth_form_add (form, "redirect_uri", redirect_uri);
  _mcp_auth_form_add (form, "code_verifier", verifier);
  _mcp_auth_form_add (form, "resource", server->resource);
  _mcp_auth_post_token_request (op, server->token_endpoint, form, op->client_id, op->client_secret,
                                op->auth_method, code_token_cb);
}

static void
loopback_redirect_cb (const char *redirected_uri,
                      gpointer    user_data)
{
  _mcp_authorization_take_redirect (user_data, redirected_uri);
}

static gboolean
sign_in_timeout_cb (gpointer user_data)
{
  McpAuthOperation *op = user_data;

  _mcp_source_clear (&op->timeout_source);
  fail (op, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
        _("Nobody signed in to %s within %u seconds"), op->resource->url,
        op->self->sign_in_timeout);
  return G_SOURCE_REMOVE;
}

/* Sends the user to the authorization page and waits for the redirect. */
static void
authorize (McpAuthOperation *op)
{
  McpOAuthServer *server = op->server;
  g_autofree char *registered_method = NULL;
  g_autofree char *challenge = NULL;
  g_autoptr(GString) url = NULL;
  g_autoptr(GHashTable) params = _mcp_auth_form_new ();
  g_autofree char *query = NULL;

  registered_method = g_steal_pointer (&op->auth_method);
  op->auth_method = _mcp_auth_choose_method (server, op->client_secret != NULL,
                                             op->self->client_private_key != NULL &&
                                             g_strcmp0 (op->client_id, op->self->client_id) == 0,
                                             registered_method);

  op->state = _mcp_oauth_random_token ();
  op->verifier = _mcp_oauth_random_token ();
  challenge = _mcp_oauth_pkce_challenge (op->verifier);

  _mcp_auth_form_add (params, "response_type", "code");
  _mcp_auth_form_add (params, "client_id", op->client_id);
  _mcp_auth_form_add (params, "redirect_uri", op->redirect_uri);
  _mcp_auth_form_add (params, "code_challenge", challenge);
  _mcp_auth_form_add (params, "code_challenge_method", "S256");
  _mcp_auth_form_add (params, "state", op->state);
  _mcp_auth_form_add (params, "resource", server->resource);
  _mcp_auth_form_add (params, "scope", op->scope);
  query = soup_form_encode_hash (params);

  url = g_string_new (server->authorization_endpoint);
  g_string_append_c (url, strchr (server->authorization_endpoint, '?') ? '&' : '?');
  g_string_append (url, query);

  op->timeout_source = _mcp_timeout_source_add (op->self->sign_in_timeout * 1000,
                                                sign_in_timeout_cb, op, NULL);

  g_debug ("Signing in to %s at %s", op->resource->url, server->issuer);
  _mcp_authorization_emit_open_uri (op->self, url->str);
}

static void
register_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  McpAuthOperation *op = user_data;
  g_autoptr(McpOAuthResponse) response = NULL;
  g_autoptr(GError) error = NULL;
  const char *client_id = NULL;
  const char *client_secret = NULL;

  response = _mcp_oauth_send_finish (result, &error);
  if (_mcp_auth_op_is_over (op))
    return;

  if (response == NULL)
    {
      _mcp_auth_fail_with (op, error);
      _mcp_auth_operation_unref (op);
      return;
    }

  if (response->json != NULL)
    client_id = _mcp_json_object_get_string (response->json, "client_id");

  if (!SOUP_STATUS_IS_SUCCESSFUL (response->status) || client_id == NULL || *client_id == '\0')
    {
      g_autoptr(GError) refused = SOUP_STATUS_IS_SUCCESSFUL (response->status)
        ? g_error_new (MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
                       _("The authorization server %s registered the application without a "
                         "client id"), op->server->issuer)
        : token_error (op, response, REFUSED_REGISTRATION, op->server->issuer,
                       MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED, NULL);

      _mcp_auth_fail_with (op, refused);
      _mcp_auth_operation_unref (op);
      return;
    }

  client_secret = _mcp_json_object_get_string (response->json, "client_secret");
  if (!_mcp_oauth_token_is_valid (client_id) ||
      (client_secret != NULL && !_mcp_oauth_token_is_valid (client_secret)))
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
            _("The authorization server %s registered the application with a client id or "
              "secret that has characters they cannot have: refusing it"),
            op->server->issuer);
      _mcp_auth_operation_unref (op);
      return;
    }

  g_debug ("Registered with %s", op->server->issuer);
  op->client_id = g_strdup (client_id);
  op->client_secret = g_strdup (client_secret);
  op->auth_method = g_strdup (_mcp_json_object_get_string (response->json,
                                                           "token_endpoint_auth_method"));
  op->registered = TRUE;
  authorize (op);
  _mcp_auth_operation_unref (op);
}

/* Dynamic client registration (RFC 7591), as a native application. */
static void
register_client (McpAuthOperation *op)
{
  g_autoptr(JsonObject) metadata = json_object_new ();
  g_autoptr(JsonArray) redirect_uris = json_array_new ();
  g_autoptr(JsonArray) grant_types = json_array_new ();
  g_autoptr(JsonArray) response_types = json_array_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GBytes) body = NULL;
  g_autoptr(SoupMessage) msg = NULL;

  json_array_add_string_element (redirect_uris, op->redirect_uri);
  json_array_add_string_element (grant_types, "authorization_code");
  json_array_add_string_element (grant_types, "refresh_token");
  json_array_add_string_element (response_types, "code");

  json_object_set_string_member (metadata, "client_name",
                                 mcp_authorization_get_client_name (op->self));
  json_object_set_array_member (metadata, "redirect_uris", json_array_ref (redirect_uris));
  json_object_set_array_member (metadata, "grant_types", json_array_ref (grant_types));
  json_object_set_array_member (metadata, "response_types", json_array_ref (response_types));
  json_object_set_string_member (metadata, "token_endpoint_auth_method", "none");
  json_object_set_string_member (metadata, "application_type", "native");

  node = json_node_init_object (json_node_alloc (), metadata);
  body = _mcp_json_to_line (node);
  msg = soup_message_new (SOUP_METHOD_POST, op->server->registration_endpoint);
  if (msg == NULL)
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
            _("“%s” is not a valid registration endpoint"), op->server->registration_endpoint);
      return;
    }
  soup_message_set_request_body_from_bytes (msg, "application/json", body);

  g_debug ("Registering with %s", op->server->issuer);
  _mcp_oauth_send_async (op->self->session, msg, op->self->request_timeout, op->cancellable,
                         register_cb, _mcp_auth_operation_ref (op));
}

static void
authorization_code_grant (McpAuthOperation *op)
{
  McpAuthorization *self = op->self;
  McpOAuthServer *server = op->server;
  McpCredentials *credentials = op->resource->credentials;
  g_autoptr(GError) error = NULL;

  _mcp_authorization_emit_sign_in_needed (op);
  if (op->finished)
    return;

  if (op->reason == MCP_AUTH_CHALLENGE && !self->interactive)
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED,
            _("The server at %s requires signing in"), op->resource->url);
      return;
    }

  if (server->authorization_endpoint == NULL)
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
            _("The authorization server %s has no authorization endpoint"), server->issuer);
      return;
    }

  /* MCP: refuse to go on without PKCE, and PKCE is S256 only. */
  if (!server->pkce_s256)
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
            _("The authorization server %s does not support PKCE with S256: refusing to sign "
              "in without it"),
            server->issuer);
      return;
    }

  g_free (op->scope);
  op->scope = select_scope (op, TRUE);

  if (self->redirect_uri != NULL)
    op->redirect_uri = g_strdup (self->redirect_uri);
  else
    {
      op->loopback = _mcp_oauth_loopback_new (loopback_redirect_cb, op, &error);
      if (op->loopback == NULL)
        {
          fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED,
                _("Could not listen for the end of the sign-in: %s"), error->message);
          return;
        }
      op->redirect_uri = g_strdup (_mcp_oauth_loopback_get_redirect_uri (op->loopback));
    }

  g_clear_pointer (&op->client_id, g_free);
  g_clear_pointer (&op->client_secret, g_free);
  g_clear_pointer (&op->auth_method, g_free);
  op->registered = FALSE;

  if (self->client_id != NULL)
    {
      op->client_id = g_strdup (self->client_id);
      op->client_secret = g_strdup (self->client_secret);
    }
  else if (self->client_metadata_url != NULL && server->client_id_metadata_document_supported)
    op->client_id = g_strdup (self->client_metadata_url);
  else if (_mcp_auth_is_registered_client (op, credentials))
    {
      op->client_id = g_strdup (mcp_credentials_get_client_id (credentials));
      op->client_secret = g_strdup (mcp_credentials_get_client_secret (credentials));
      op->registered = TRUE;
    }
  else if (server->registration_endpoint != NULL)
    {
      register_client (op);
      return;
    }
  else
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
            _("The authorization server %s needs a client id registered beforehand (it offers "
              "neither client ID metadata documents nor registration)"),
            server->issuer);
      return;
    }

  authorize (op);
}

/* Client credentials and cross-app access. */

static void
machine_token_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  McpAuthOperation *op = user_data;

  grant_done (op, result, op->self->client_id, NULL);
}

static gboolean
check_client_credentials (McpAuthOperation *op)
{
  McpAuthorization *self = op->self;

  if (self->client_id != NULL && (self->client_secret != NULL || self->client_private_key != NULL))
    return TRUE;

  fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
        _("Signing in to %s without a user needs a client id with a client secret or a "
          "private key"),
        op->resource->url);
  return FALSE;
}

static void
client_credentials_grant (McpAuthOperation *op)
{
  McpAuthorization *self = op->self;
  g_autoptr(GHashTable) form = _mcp_auth_form_new ();
  g_autofree char *method = NULL;

  if (!check_client_credentials (op))
    return;

  g_free (op->scope);
  op->scope = select_scope (op, FALSE);
  _mcp_auth_form_add (form, "grant_type", "client_credentials");
  _mcp_auth_form_add (form, "resource", op->server->resource);
  _mcp_auth_form_add (form, "scope", op->scope);

  method = _mcp_auth_choose_method (op->server, self->client_secret != NULL,
                                    self->client_private_key != NULL, NULL);
  g_debug ("Requesting a client credentials token for %s at %s", op->resource->url,
           op->server->issuer);
  _mcp_auth_post_token_request (op, op->server->token_endpoint, form, self->client_id,
                                self->client_secret, method, machine_token_cb);
}

static void
token_exchange_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  McpAuthOperation *op = user_data;
  McpAuthorization *self = op->self;
  g_autoptr(McpOAuthResponse) response = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) form = NULL;
  g_autofree char *method = NULL;
  const char *assertion = NULL;
  const char *issued_type = NULL;

  response = _mcp_auth_token_request_finish (result, &error);
  if (_mcp_auth_op_is_over (op))
    return;

  if (response == NULL)
    {
      _mcp_auth_fail_with (op, error);
      _mcp_auth_operation_unref (op);
      return;
    }

  if (response->json != NULL)
    {
      assertion = _mcp_json_object_get_string (response->json, "access_token");
      issued_type = _mcp_json_object_get_string (response->json, "issued_token_type");
    }
  if (!SOUP_STATUS_IS_SUCCESSFUL (response->status) || assertion == NULL ||
      g_strcmp0 (issued_type, TOKEN_TYPE_ID_JAG) != 0)
    {
      g_autoptr(GError) refused = SOUP_STATUS_IS_SUCCESSFUL (response->status)
        ? g_error_new (MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                       _("The identity provider %s did not issue an identity assertion grant"),
                       self->idp_token_endpoint)
        : token_error (op, response, REFUSED_BY_IDENTITY_PROVIDER, self->idp_token_endpoint,
                       MCP_AUTHORIZATION_ERROR_DENIED, NULL);

      _mcp_auth_fail_with (op, refused);
      _mcp_auth_operation_unref (op);
      return;
    }

  /* RFC 7523 §2.1, with the identity assertion grant as the assertion. */
  form = _mcp_auth_form_new ();
  _mcp_auth_form_add (form, "grant_type", GRANT_TYPE_JWT_BEARER);
  _mcp_auth_form_add (form, "assertion", assertion);
  _mcp_auth_form_add (form, "resource", op->server->resource);
  _mcp_auth_form_add (form, "scope", op->scope);
  method = _mcp_auth_choose_method (op->server, self->client_secret != NULL,
                                    self->client_private_key != NULL, NULL);
  _mcp_auth_post_token_request (op, op->server->token_endpoint, form, self->client_id,
                                self->client_secret, method, machine_token_cb);
  _mcp_auth_operation_unref (op);
}

/* Cross-app access: the ID token of the enterprise's identity provider is
 * exchanged there (RFC 8693) for an identity assertion grant for this
 * authorization server, then traded here for the access token. */
static void
cross_app_access_grant (McpAuthOperation *op)
{
  McpAuthorization *self = op->self;
  g_autoptr(GHashTable) form = _mcp_auth_form_new ();

  if (!check_client_credentials (op))
    return;

  if (self->id_token == NULL)
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED,
            _("Cross-app access to %s needs an ID token from the identity provider"),
            op->resource->url);
      return;
    }
  if (!_mcp_oauth_url_is_secure (self->idp_token_endpoint))
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INSECURE,
            _("The identity provider’s token endpoint does not use HTTPS: refusing to send it "
              "the ID token"));
      return;
    }

  g_free (op->scope);
  op->scope = select_scope (op, FALSE);
  _mcp_auth_form_add (form, "grant_type", GRANT_TYPE_TOKEN_EXCHANGE);
  _mcp_auth_form_add (form, "requested_token_type", TOKEN_TYPE_ID_JAG);
  _mcp_auth_form_add (form, "audience", op->server->issuer);
  _mcp_auth_form_add (form, "resource", op->server->resource);
  _mcp_auth_form_add (form, "scope", op->scope);
  _mcp_auth_form_add (form, "subject_token", self->id_token);
  _mcp_auth_form_add (form, "subject_token_type", TOKEN_TYPE_ID_TOKEN);
  _mcp_auth_form_add (form, "client_id", self->idp_client_id);

  g_debug ("Exchanging the ID token for access to %s", op->resource->url);
  /* The identity provider's client id is in the form: no authentication
   * of ours goes with it. */
  _mcp_auth_post_token_request (op, self->idp_token_endpoint, form, NULL, NULL, NULL,
                                token_exchange_cb);
}

/* Workload identity federation (SEP-1933): the workload's JWT, from the
 * application, is the assertion of an RFC 7523 jwt-bearer grant. The
 * client id, if any, goes in the form; no secret goes with it. A refusal
 * ends the sign-in: neither the request nor another grant is tried. */
static void
jwt_bearer_grant (McpAuthOperation *op)
{
  McpAuthorization *self = op->self;
  g_autoptr(GHashTable) form = _mcp_auth_form_new ();

  if (self->workload_token == NULL)
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED,
            _("Signing in to %s as a workload needs its JWT"),
            op->resource->url);
      return;
    }

  g_free (op->scope);
  op->scope = select_scope (op, FALSE);
  _mcp_auth_form_add (form, "grant_type", GRANT_TYPE_JWT_BEARER);
  _mcp_auth_form_add (form, "assertion", self->workload_token);
  _mcp_auth_form_add (form, "resource", op->server->resource);
  _mcp_auth_form_add (form, "scope", op->scope);

  g_debug ("Requesting a token for %s at %s with the workload's JWT", op->resource->url,
           op->server->issuer);
  _mcp_auth_post_token_request (op, op->server->token_endpoint, form, self->client_id,
                                NULL, "none", machine_token_cb);
}

void
_mcp_auth_grant (McpAuthOperation *op)
{
  g_autoptr(GError) error = NULL;

  if (!_mcp_auth_dpop_check (op, &error))
    {
      _mcp_auth_fail_with (op, error);
      return;
    }

  switch (op->self->grant)
    {
    case MCP_AUTHORIZATION_GRANT_JWT_BEARER:
      jwt_bearer_grant (op);
      break;

    case MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS:
      client_credentials_grant (op);
      break;

    case MCP_AUTHORIZATION_GRANT_CROSS_APP_ACCESS:
      cross_app_access_grant (op);
      break;

    case MCP_AUTHORIZATION_GRANT_AUTHORIZATION_CODE:
    default:
      authorization_code_grant (op);
      break;
    }
}

/* Runs @op once its server's credentials are loaded. */
void
_mcp_authorization_run (McpAuthOperation *op)
{
  McpAuthResource *resource = op->resource;
  McpCredentials *credentials = resource->credentials;
  const char *granted;

  if (op->reason == MCP_AUTH_PREPARE &&
      (credentials == NULL || mcp_credentials_get_refresh_token (credentials) == NULL ||
       !_mcp_authorization_expires_soon (resource)))
    {
      _mcp_authorization_finish (op, NULL, NULL);
      return;
    }

  /* A server that refuses the scopes it was just granted will not change
   * its mind by signing in again. */
  granted = credentials != NULL ? mcp_credentials_get_scope (credentials) : NULL;
  if (granted == NULL)
    granted = resource->requested_scope;
  if (op->insufficient_scope && credentials != NULL &&
      mcp_credentials_get_access_token (credentials) != NULL &&
      scopes_cover (granted, op->challenge_scope))
    {
      fail (op, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INSUFFICIENT_SCOPE,
            _("The server at %s refuses the request for lack of scopes that were granted "
              "(%s)"),
            resource->url, op->challenge_scope ? op->challenge_scope : "");
      return;
    }

  g_free (op->stale_token);
  op->stale_token = g_strdup (credentials != NULL
                              ? mcp_credentials_get_access_token (credentials) : NULL);
  _mcp_auth_discover (op);
}
