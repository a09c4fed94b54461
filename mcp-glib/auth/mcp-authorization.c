/* mcp-authorization.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpAuthorization signs an application in to MCP servers over HTTP with
 * OAuth 2.1 as MCP's authorization specification defines it. This file
 * holds the object, its properties and signals, and the settings of its
 * store; the other settings are in mcp-authorization-settings.c, what it
 * keeps per server and the calls that use it in
 * mcp-authorization-operation.c, the steps of signing in in
 * mcp-authorization-flow.c and mcp-authorization-refresh.c.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-authorization-private.h"
#include "mcp-enums.h"
#include "mcp-i18n-private.h"
#include "mcp-memory-credential-store.h"
#include "mcp-source-private.h"

/**
 * McpAuthorization:
 *
 * Signs in to MCP servers that require OAuth, as the MCP authorization
 * specification defines it, and keeps the application signed in.
 *
 * Give one to an HTTP transport, and the transport sends its access token
 * with every request and asks it to sign in when the server answers 401
 * (or 403 for a scope the token lacks):
 *
 * ```c
 * g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
 * g_autoptr(McpHttpTransport) transport =
 *   mcp_http_transport_new ("https://mcp.example.com/mcp");
 *
 * mcp_http_transport_set_authorization (transport, authorization);
 * ```
 *
 * Signing in discovers the server's authorization server, identifies the
 * application to it (pre-registered credentials, a client ID metadata
 * document, or dynamic registration), opens the authorization page in the
 * user's web browser, receives the redirect on a loopback address, and
 * trades the code for tokens. Access tokens are refreshed before they
 * expire and when the server rejects them, once for all waiting requests.
 *
 * The application may replace the browser step with the
 * [signal@Mcp.Authorization::open-uri] signal (to show the page in a web
 * view of its own, or to print it), and the loopback address with
 * [property@Mcp.Authorization:redirect-uri] and
 * [method@Mcp.Authorization.handle_redirect_uri] (for a custom URI scheme).
 * [signal@Mcp.Authorization::sign-in-needed],
 * [signal@Mcp.Authorization::signed-in] and
 * [signal@Mcp.Authorization::sign-in-failed] tell a user interface what
 * is going on.
 *
 * Credentials are kept in [property@Mcp.Authorization:store], in memory
 * unless the application sets another store, such as
 * [class@Mcp.SecretCredentialStore] for the desktop's keyring. Tokens,
 * codes and secrets never appear in logs or error messages.
 *
 * One authorization can serve many transports; everything it keeps is
 * per server URL.
 *
 * Since: 1.0
 */

G_DEFINE_FINAL_TYPE (McpAuthorization, mcp_authorization, G_TYPE_OBJECT)

/**
 * mcp_authorization_error_quark:
 *
 * The quark of the %MCP_AUTHORIZATION_ERROR domain.
 *
 * Returns: the error domain's quark
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (mcp-authorization-error-quark, mcp_authorization_error)

#define DEFAULT_SIGN_IN_TIMEOUT_SECONDS 300
#define DEFAULT_REQUEST_TIMEOUT_SECONDS 30
#define SESSION_TIMEOUT_SECONDS 30

GParamSpec *_mcp_authorization_properties[AUTH_N_PROPS];

enum {
  SIGN_IN_NEEDED,
  SIGNED_IN,
  SIGN_IN_FAILED,
  OPEN_URI,
  SAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
_mcp_authorization_emit_signed_in (McpAuthorization *self,
                                   const char       *url)
{
  g_signal_emit (self, signals[SIGNED_IN], 0, url);
}

void
_mcp_authorization_emit_sign_in_failed (McpAuthorization *self,
                                        const char       *url,
                                        const GError     *error)
{
  g_signal_emit (self, signals[SIGN_IN_FAILED], 0, url, error);
}

void
_mcp_authorization_emit_save_failed (McpAuthorization *self,
                                     const char       *url,
                                     const GError     *error)
{
  /* Never silently: with nobody listening, it is a warning. */
  if (!g_signal_has_handler_pending (self, signals[SAVE_FAILED], 0, FALSE))
    g_warning ("Could not save the credentials for %s: %s", url, error->message);

  g_signal_emit (self, signals[SAVE_FAILED], 0, url, error);
}

/* Credentials of another authorization on the same store reach this one
 * through the store's ::changed. */
static void
watch_store (McpAuthorization   *self,
             McpCredentialStore *store)
{
  if (self->store_changed_id != 0)
    g_signal_handler_disconnect (self->store, self->store_changed_id);
  g_set_object (&self->store, store);
  self->store_changed_id =
    g_signal_connect (store, "changed", G_CALLBACK (_mcp_authorization_store_changed), self);
}

void
_mcp_authorization_emit_sign_in_needed (McpAuthOperation *op)
{
  if (op->sign_in_needed)
    return;

  op->sign_in_needed = TRUE;
  g_signal_emit (op->self, signals[SIGN_IN_NEEDED], 0, op->resource->url);
}

void
_mcp_authorization_emit_open_uri (McpAuthorization *self,
                                  const char       *uri)
{
  gboolean handled = FALSE;

  g_signal_emit (self, signals[OPEN_URI], 0, uri, &handled);
}

static void
launch_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(McpAuthorization) self = user_data;
  g_autoptr(GError) error = NULL;

  if (g_app_info_launch_default_for_uri_finish (result, &error))
    return;

  /* The sign-in waits for its redirect all the same: the user may open
   * the page by other means; its timeout bounds the wait. */
  g_warning ("Could not open a web browser for signing in: %s", error->message);
}

static gboolean
mcp_authorization_real_open_uri (McpAuthorization *self,
                                 const char       *uri)
{
  g_app_info_launch_default_for_uri_async (uri, NULL, NULL, launch_cb, g_object_ref (self));
  return TRUE;
}

static void
mcp_authorization_finalize (GObject *object)
{
  McpAuthorization *self = (McpAuthorization *)object;

  g_clear_pointer (&self->resources, g_hash_table_unref);
  g_clear_pointer (&self->dpop_keys, g_hash_table_unref);
  g_clear_pointer (&self->dpop_nonces, g_hash_table_unref);
  g_clear_object (&self->session);
  g_clear_object (&self->network_settings);
  g_clear_signal_handler (&self->store_changed_id, self->store);
  g_clear_object (&self->store);
  g_free (self->client_id);
  g_free (self->client_secret);
  g_free (self->client_private_key);
  g_free (self->client_metadata_url);
  g_free (self->client_name);
  g_free (self->scope);
  g_free (self->redirect_uri);
  g_free (self->idp_token_endpoint);
  g_free (self->idp_client_id);
  g_free (self->id_token);
  g_free (self->workload_token);

  G_OBJECT_CLASS (mcp_authorization_parent_class)->finalize (object);
}

static void
mcp_authorization_constructed (GObject *object)
{
  McpAuthorization *self = (McpAuthorization *)object;

  G_OBJECT_CLASS (mcp_authorization_parent_class)->constructed (object);

  if (self->session == NULL)
    self->session = soup_session_new_with_options ("user-agent", "mcp-glib/" PACKAGE_VERSION,
                                                   "timeout", SESSION_TIMEOUT_SECONDS,
                                                   NULL);
}

static void
mcp_authorization_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  McpAuthorization *self = MCP_AUTHORIZATION (object);

  switch (prop_id)
    {
    case AUTH_PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    case AUTH_PROP_GRANT:
      g_value_set_enum (value, self->grant);
      break;

    case AUTH_PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case AUTH_PROP_CLIENT_ID:
      g_value_set_string (value, self->client_id);
      break;

    case AUTH_PROP_CLIENT_SECRET:
      g_value_set_string (value, self->client_secret);
      break;

    case AUTH_PROP_CLIENT_PRIVATE_KEY:
      g_value_set_string (value, self->client_private_key);
      break;

    case AUTH_PROP_CLIENT_METADATA_URL:
      g_value_set_string (value, self->client_metadata_url);
      break;

    case AUTH_PROP_CLIENT_NAME:
      g_value_set_string (value, mcp_authorization_get_client_name (self));
      break;

    case AUTH_PROP_SCOPE:
      g_value_set_string (value, self->scope);
      break;

    case AUTH_PROP_REDIRECT_URI:
      g_value_set_string (value, self->redirect_uri);
      break;

    case AUTH_PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;

    case AUTH_PROP_SIGN_IN_TIMEOUT:
      g_value_set_uint (value, self->sign_in_timeout);
      break;

    case AUTH_PROP_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->request_timeout);
      break;

    case AUTH_PROP_DPOP:
      g_value_set_enum (value, self->dpop);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_authorization_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  McpAuthorization *self = MCP_AUTHORIZATION (object);

  switch (prop_id)
    {
    case AUTH_PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    case AUTH_PROP_GRANT:
      mcp_authorization_set_grant (self, g_value_get_enum (value));
      break;

    case AUTH_PROP_STORE:
      mcp_authorization_set_store (self, g_value_get_object (value));
      break;

    case AUTH_PROP_CLIENT_ID:
      mcp_authorization_set_client_id (self, g_value_get_string (value));
      break;

    case AUTH_PROP_CLIENT_SECRET:
      mcp_authorization_set_client_secret (self, g_value_get_string (value));
      break;

    case AUTH_PROP_CLIENT_PRIVATE_KEY:
      mcp_authorization_set_client_private_key (self, g_value_get_string (value));
      break;

    case AUTH_PROP_CLIENT_METADATA_URL:
      mcp_authorization_set_client_metadata_url (self, g_value_get_string (value));
      break;

    case AUTH_PROP_CLIENT_NAME:
      mcp_authorization_set_client_name (self, g_value_get_string (value));
      break;

    case AUTH_PROP_SCOPE:
      mcp_authorization_set_scope (self, g_value_get_string (value));
      break;

    case AUTH_PROP_REDIRECT_URI:
      mcp_authorization_set_redirect_uri (self, g_value_get_string (value));
      break;

    case AUTH_PROP_INTERACTIVE:
      mcp_authorization_set_interactive (self, g_value_get_boolean (value));
      break;

    case AUTH_PROP_SIGN_IN_TIMEOUT:
      mcp_authorization_set_sign_in_timeout (self, g_value_get_uint (value));
      break;

    case AUTH_PROP_REQUEST_TIMEOUT:
      mcp_authorization_set_request_timeout (self, g_value_get_uint (value));
      break;

    case AUTH_PROP_DPOP:
      mcp_authorization_set_dpop (self, g_value_get_enum (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_authorization_class_init (McpAuthorizationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _mcp_i18n_init ();

  object_class->constructed = mcp_authorization_constructed;
  object_class->finalize = mcp_authorization_finalize;
  object_class->get_property = mcp_authorization_get_property;
  object_class->set_property = mcp_authorization_set_property;

  /**
   * McpAuthorization:session:
   *
   * The HTTP session of the requests to authorization servers (metadata,
   * registration, tokens). By default a session of its own.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL,
                         SOUP_TYPE_SESSION,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:grant:
   *
   * How access tokens are obtained. For
   * %MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS, set
   * [property@Mcp.Authorization:client-id] and a
   * [property@Mcp.Authorization:client-secret] or
   * [property@Mcp.Authorization:client-private-key]; for
   * %MCP_AUTHORIZATION_GRANT_CROSS_APP_ACCESS, also call
   * [method@Mcp.Authorization.set_identity_provider]; for
   * %MCP_AUTHORIZATION_GRANT_JWT_BEARER, call
   * [method@Mcp.Authorization.set_workload_token] (and set
   * [property@Mcp.Authorization:client-id] if the authorization server
   * wants one).
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_GRANT] =
    g_param_spec_enum ("grant", NULL, NULL,
                       MCP_TYPE_AUTHORIZATION_GRANT,
                       MCP_AUTHORIZATION_GRANT_AUTHORIZATION_CODE,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:store:
   *
   * Where credentials are kept: by default a new
   * [class@Mcp.MemoryCredentialStore]. Setting %NULL restores that default.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         MCP_TYPE_CREDENTIAL_STORE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:client-id:
   *
   * A client id the application was registered with beforehand at the
   * authorization server. When set, it is used instead of a client ID
   * metadata document or dynamic registration.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_CLIENT_ID] =
    g_param_spec_string ("client-id", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:client-secret:
   *
   * The secret of [property@Mcp.Authorization:client-id], if it has one. It
   * is sent to the token endpoint with `client_secret_basic` or
   * `client_secret_post`, whichever the authorization server supports.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_CLIENT_SECRET] =
    g_param_spec_string ("client-secret", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:client-private-key:
   *
   * A private key in PEM form (RSA, EC P-256, P-384, P-521 or Ed25519)
   * that authenticates [property@Mcp.Authorization:client-id] at the token
   * endpoint with a signed JWT (`private_key_jwt`, RFC 7523), instead of a
   * secret.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_CLIENT_PRIVATE_KEY] =
    g_param_spec_string ("client-private-key", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:client-metadata-url:
   *
   * The HTTPS URL of the application's client ID metadata document, used as
   * its client id by authorization servers that support such documents
   * (`client_id_metadata_document_supported`). The document must list the
   * redirect URIs the application uses.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_CLIENT_METADATA_URL] =
    g_param_spec_string ("client-metadata-url", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:client-name:
   *
   * The name the application registers with (dynamic registration), which
   * authorization servers show the user. By default the application's
   * name, see g_get_application_name().
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_CLIENT_NAME] =
    g_param_spec_string ("client-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:scope:
   *
   * Scopes (space-separated) to ask for in addition to those the server
   * asks for. By default none: the server's challenge, or else the scopes
   * it supports, decide.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_SCOPE] =
    g_param_spec_string ("scope", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:redirect-uri:
   *
   * The redirect URI of sign-ins, when the application receives redirects
   * itself (a custom URI scheme, or a web view that catches the
   * navigation) and hands them to
   * [method@Mcp.Authorization.handle_redirect_uri]. By default %NULL: a
   * loopback address (`http://127.0.0.1:PORT/callback`) receives the
   * redirect, on an ephemeral port that is open only during the sign-in.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_REDIRECT_URI] =
    g_param_spec_string ("redirect-uri", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:interactive:
   *
   * Whether a server's request to sign in starts a sign-in in the browser
   * by itself (the default). When %FALSE, requests that need a sign-in
   * fail with %MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED after
   * [signal@Mcp.Authorization::sign-in-needed], and only
   * [method@Mcp.Authorization.sign_in_async] signs in. Refreshing tokens
   * needs no interaction and always happens.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL,
                          TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:sign-in-timeout:
   *
   * How long a sign-in waits for the user, in seconds (5 minutes by
   * default). After that, it fails with %G_IO_ERROR_TIMED_OUT, and the
   * requests that waited for it with
   * %MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_SIGN_IN_TIMEOUT] =
    g_param_spec_uint ("sign-in-timeout", NULL, NULL,
                       1, G_MAXUINT / 1000, DEFAULT_SIGN_IN_TIMEOUT_SECONDS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:request-timeout:
   *
   * How long, in seconds, one request to an authorization server (or to
   * the identity provider) may take in all, from sending it to the last
   * byte of its answer, redirects included: 30 by default. It is an
   * overall deadline, not a timeout of inactivity, so that a server that
   * answers one byte at a time cannot keep a sign-in or a refresh waiting.
   * A request that takes longer fails with %G_IO_ERROR_TIMED_OUT.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_REQUEST_TIMEOUT] =
    g_param_spec_uint ("request-timeout", NULL, NULL,
                       1, G_MAXUINT / 1000, DEFAULT_REQUEST_TIMEOUT_SECONDS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpAuthorization:dpop:
   *
   * Whether access tokens are bound to a key of the application with DPoP
   * (RFC 9449): by default, with the authorization servers that advertise
   * it. The key is made for the first algorithm of ES256, ES384, ES512,
   * EdDSA, PS256 to PS512 and RS256 to RS512 that the authorization
   * server takes, once per authorization server, and kept with the
   * credentials ([property@Mcp.Credentials:dpop-key]): in the keyring
   * with an [class@Mcp.SecretCredentialStore]. Every token request and
   * every request to the MCP server then carries a proof signed with it,
   * with the nonce the server asks for.
   *
   * Since: 1.0
   */
  _mcp_authorization_properties[AUTH_PROP_DPOP] =
    g_param_spec_enum ("dpop", NULL, NULL,
                       MCP_TYPE_AUTHORIZATION_DPOP,
                       MCP_AUTHORIZATION_DPOP_AUTO,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, AUTH_N_PROPS, _mcp_authorization_properties);

  /**
   * McpAuthorization::sign-in-needed:
   * @self: the authorization
   * @url: the URL of the MCP server
   *
   * Emitted when the server at @url needs the user to sign in: there are no
   * credentials for it, or they can no longer be refreshed. When
   * [property@Mcp.Authorization:interactive] is on, the sign-in starts
   * right after; otherwise it waits for
   * [method@Mcp.Authorization.sign_in_async].
   *
   * Since: 1.0
   */
  signals[SIGN_IN_NEEDED] =
    g_signal_new ("sign-in-needed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpAuthorization::signed-in:
   * @self: the authorization
   * @url: the URL of the MCP server
   *
   * Emitted when a sign-in to the server at @url succeeded and its
   * credentials are saved. Refreshing tokens does not emit it.
   *
   * Since: 1.0
   */
  signals[SIGNED_IN] =
    g_signal_new ("signed-in",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpAuthorization::sign-in-failed:
   * @self: the authorization
   * @url: the URL of the MCP server
   * @error: what went wrong
   *
   * Emitted when signing in to the server at @url failed, was cancelled or
   * timed out. The requests that waited for it fail with @error too, or,
   * when it was cancelled or timed out, with
   * %MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED: the server still needs a
   * sign-in.
   *
   * Since: 1.0
   */
  signals[SIGN_IN_FAILED] =
    g_signal_new ("sign-in-failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE, G_TYPE_ERROR);

  /**
   * McpAuthorization::open-uri:
   * @self: the authorization
   * @uri: the authorization page to show the user
   *
   * Emitted when the user has to visit @uri to sign in. A handler that shows
   * it (in a web view, or by printing it) returns %TRUE. By default the
   * desktop's web browser opens it, through the OpenURI portal inside
   * Flatpak.
   *
   * The page ends with a redirect to [property@Mcp.Authorization:redirect-uri]
   * (by default a loopback address that receives it by itself). @uri
   * contains no secret, but it identifies the sign-in: show it only to
   * the user.
   *
   * Returns: %TRUE if the handler showed @uri
   *
   * Since: 1.0
   */
  signals[OPEN_URI] =
    g_signal_new_class_handler ("open-uri",
                                G_TYPE_FROM_CLASS (klass),
                                G_SIGNAL_RUN_LAST,
                                G_CALLBACK (mcp_authorization_real_open_uri),
                                g_signal_accumulator_true_handled, NULL,
                                NULL,
                                G_TYPE_BOOLEAN, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpAuthorization::save-failed:
   * @self: the authorization
   * @url: the URL of the MCP server
   * @error: why the store refused
   *
   * Emitted when new credentials (from a sign-in or a refresh) could not
   * be saved in [property@Mcp.Authorization:store]. They are in use all
   * the same, but the next run of the application, and the other
   * authorizations that share the store, do not have them: with refresh
   * tokens that the authorization server rotates, theirs no longer work,
   * and the user will have to sign in again. Without a handler, a warning
   * is logged.
   *
   * Since: 1.0
   */
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE, G_TYPE_ERROR);
}

static void
mcp_authorization_init (McpAuthorization *self)
{
  g_autoptr(McpCredentialStore) store = mcp_memory_credential_store_new ();

  watch_store (self, store);
  self->interactive = TRUE;
  self->sign_in_timeout = DEFAULT_SIGN_IN_TIMEOUT_SECONDS;
  self->request_timeout = DEFAULT_REQUEST_TIMEOUT_SECONDS;
  self->resources = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                           (GDestroyNotify) _mcp_auth_resource_free);
  self->dpop_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify) _mcp_dpop_key_unref);
  self->dpop_nonces = _mcp_dpop_nonces_new ();
}

/**
 * mcp_authorization_new:
 *
 * Creates an authorization that signs in with a web browser and keeps
 * credentials in memory.
 *
 * Returns: (transfer full): a new authorization
 *
 * Since: 1.0
 */
McpAuthorization *
mcp_authorization_new (void)
{
  return g_object_new (MCP_TYPE_AUTHORIZATION, NULL);
}

/**
 * mcp_authorization_new_with_session:
 * @session: the HTTP session for requests to authorization servers
 *
 * Creates an authorization whose requests to authorization servers go
 * through @session, with its TLS and proxy settings.
 *
 * Returns: (transfer full): a new authorization
 *
 * Since: 1.0
 */
McpAuthorization *
mcp_authorization_new_with_session (SoupSession *session)
{
  g_return_val_if_fail (SOUP_IS_SESSION (session), NULL);

  return g_object_new (MCP_TYPE_AUTHORIZATION, "session", session, NULL);
}

/**
 * mcp_authorization_get_session:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:session].
 *
 * Returns: (transfer none): the HTTP session
 *
 * Since: 1.0
 */
SoupSession *
mcp_authorization_get_session (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  return self->session;
}

/**
 * mcp_authorization_get_grant:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:grant].
 *
 * Returns: how access tokens are obtained
 *
 * Since: 1.0
 */
McpAuthorizationGrant
mcp_authorization_get_grant (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), MCP_AUTHORIZATION_GRANT_AUTHORIZATION_CODE);

  return self->grant;
}

/**
 * mcp_authorization_set_grant:
 * @self: an authorization
 * @grant: how access tokens are obtained
 *
 * Sets [property@Mcp.Authorization:grant].
 *
 * Since: 1.0
 */
void
mcp_authorization_set_grant (McpAuthorization      *self,
                             McpAuthorizationGrant  grant)
{
  g_return_if_fail (MCP_IS_AUTHORIZATION (self));

  if (self->grant == grant)
    return;

  self->grant = grant;
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_authorization_properties[AUTH_PROP_GRANT]);
}

/**
 * mcp_authorization_get_store:
 * @self: an authorization
 *
 * Gets [property@Mcp.Authorization:store].
 *
 * Returns: (transfer none): the credential store
 *
 * Since: 1.0
 */
McpCredentialStore *
mcp_authorization_get_store (McpAuthorization *self)
{
  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);

  return self->store;
}

/**
 * mcp_authorization_set_store:
 * @self: an authorization
 * @store: (nullable): the credential store, or %NULL for one in memory
 *
 * Sets [property@Mcp.Authorization:store]. Credentials already loaded
 * stay in use; set the store before the first request.
 *
 * Since: 1.0
 */
void
mcp_authorization_set_store (McpAuthorization   *self,
                             McpCredentialStore *store)
{
  g_autoptr(McpCredentialStore) new_store = NULL;

  g_return_if_fail (MCP_IS_AUTHORIZATION (self));
  g_return_if_fail (!store || MCP_IS_CREDENTIAL_STORE (store));

  if (store != NULL && self->store == store)
    return;

  new_store = store != NULL ? g_object_ref (store) : mcp_memory_credential_store_new ();
  watch_store (self, new_store);
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_authorization_properties[AUTH_PROP_STORE]);
}

/**
 * mcp_authorization_get_credentials:
 * @self: an authorization
 * @url: the URL of an MCP server
 *
 * Gets the credentials in use for the server at @url, if it was signed in
 * to or its credentials were loaded from the store.
 *
 * Returns: (transfer none) (nullable): the credentials
 *
 * Since: 1.0
 */
McpCredentials *
mcp_authorization_get_credentials (McpAuthorization *self,
                                   const char       *url)
{
  McpAuthResource *resource;

  g_return_val_if_fail (MCP_IS_AUTHORIZATION (self), NULL);
  g_return_val_if_fail (url != NULL, NULL);

  resource = g_hash_table_lookup (self->resources, url);
  return resource != NULL ? resource->credentials : NULL;
}
