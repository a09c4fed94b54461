/* mcp-authorization.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpAuthorization signs an application in to MCP servers over HTTP with
 * OAuth 2.1 as MCP's authorization specification defines it. This file
 * holds the object, its settings and its signals; what it keeps per server
 * and the calls that use it are in mcp-authorization-operation.c, the
 * steps of signing in in mcp-authorization-flow.c.
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
#define SESSION_TIMEOUT_SECONDS 30

enum {
  PROP_0,
  PROP_SESSION,
  PROP_GRANT,
  PROP_STORE,
  PROP_CLIENT_ID,
  PROP_CLIENT_SECRET,
  PROP_CLIENT_PRIVATE_KEY,
  PROP_CLIENT_METADATA_URL,
  PROP_CLIENT_NAME,
  PROP_SCOPE,
  PROP_REDIRECT_URI,
  PROP_INTERACTIVE,
  PROP_SIGN_IN_TIMEOUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGN_IN_NEEDED,
  SIGNED_IN,
  SIGN_IN_FAILED,
  OPEN_URI,
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
  g_clear_object (&self->session);
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
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    case PROP_GRANT:
      g_value_set_enum (value, self->grant);
      break;

    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_CLIENT_ID:
      g_value_set_string (value, self->client_id);
      break;

    case PROP_CLIENT_SECRET:
      g_value_set_string (value, self->client_secret);
      break;

    case PROP_CLIENT_PRIVATE_KEY:
      g_value_set_string (value, self->client_private_key);
      break;

    case PROP_CLIENT_METADATA_URL:
      g_value_set_string (value, self->client_metadata_url);
      break;

    case PROP_CLIENT_NAME:
      g_value_set_string (value, mcp_authorization_get_client_name (self));
      break;

    case PROP_SCOPE:
      g_value_set_string (value, self->scope);
      break;

    case PROP_REDIRECT_URI:
      g_value_set_string (value, self->redirect_uri);
      break;

    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;

    case PROP_SIGN_IN_TIMEOUT:
      g_value_set_uint (value, self->sign_in_timeout);
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
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    case PROP_GRANT:
      mcp_authorization_set_grant (self, g_value_get_enum (value));
      break;

    case PROP_STORE:
      mcp_authorization_set_store (self, g_value_get_object (value));
      break;

    case PROP_CLIENT_ID:
      mcp_authorization_set_client_id (self, g_value_get_string (value));
      break;

    case PROP_CLIENT_SECRET:
      mcp_authorization_set_client_secret (self, g_value_get_string (value));
      break;

    case PROP_CLIENT_PRIVATE_KEY:
      mcp_authorization_set_client_private_key (self, g_value_get_string (value));
      break;

    case PROP_CLIENT_METADATA_URL:
      mcp_authorization_set_client_metadata_url (self, g_value_get_string (value));
      break;

    case PROP_CLIENT_NAME:
      mcp_authorization_set_client_name (self, g_value_get_string (value));
      break;

    case PROP_SCOPE:
      mcp_authorization_set_scope (self, g_value_get_string (value));
      break;

    case PROP_REDIRECT_URI:
      mcp_authorization_set_redirect_uri (self, g_value_get_string (value));
      break;

    case PROP_INTERACTIVE:
      mcp_authorization_set_interactive (self, g_value_get_boolean (value));
      break;

    case PROP_SIGN_IN_TIMEOUT:
      mcp_authorization_set_sign_in_timeout (self, g_value_get_uint (value));
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
  properties[PROP_SESSION] =
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
   * [method@Mcp.Authorization.set_identity_provider].
   *
   * Since: 1.0
   */
  properties[PROP_GRANT] =
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
  properties[PROP_STORE] =
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
  properties[PROP_CLIENT_ID] =
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
  properties[PROP_CLIENT_SECRET] =
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
  properties[PROP_CLIENT_PRIVATE_KEY] =
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
  properties[PROP_CLIENT_METADATA_URL] =
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
  properties[PROP_CLIENT_NAME] =
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
  properties[PROP_SCOPE] =
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
  properties[PROP_REDIRECT_URI] =
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
  properties[PROP_INTERACTIVE] =
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
  properties[PROP_SIGN_IN_TIMEOUT] =
    g_param_spec_uint ("sign-in-timeout", NULL, NULL,
                       1, G_MAXUINT / 1000, DEFAULT_SIGN_IN_TIMEOUT_SECONDS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

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
}

static void
mcp_authorization_init (McpAuthorization *self)
{
  self->store = mcp_memory_credential_store_new ();
  self->interactive = TRUE;
  self->sign_in_timeout = DEFAULT_SIGN_IN_TIMEOUT_SECONDS;
  self->resources = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                           (GDestroyNotify) _mcp_auth_resource_free);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRANT]);
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
  g_set_object (&self->store, new_store);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

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
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
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

  set_string (self, &self->client_id, client_id, PROP_CLIENT_ID);
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

  set_string (self, &self->client_secret, client_secret, PROP_CLIENT_SECRET);
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

  set_string (self, &self->client_private_key, pem, PROP_CLIENT_PRIVATE_KEY);
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

  set_string (self, &self->client_metadata_url, url, PROP_CLIENT_METADATA_URL);
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

  set_string (self, &self->client_name, client_name, PROP_CLIENT_NAME);
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

  set_string (self, &self->scope, scope, PROP_SCOPE);
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

  set_string (self, &self->redirect_uri, redirect_uri, PROP_REDIRECT_URI);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIGN_IN_TIMEOUT]);
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
