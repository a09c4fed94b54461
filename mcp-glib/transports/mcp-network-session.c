/* mcp-network-session.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How McpNetworkSettings apply to a SoupSession: its TLS database, the
 * interaction, the proxy resolver, and for every message the client
 * certificate, the proxy's credentials, and a check of every TLS
 * connection once its handshake is done.
 *
 * That check is what keeps one server's trust from serving another.
 * glib-networking (2.74) keeps TLS sessions for resumption per process,
 * by address, name and port: a connection that resumes a session made by
 * another SoupSession is not verified again against its own database. So
 * the peer's certificate is verified here, against the database and the
 * pin of the settings of the session the connection belongs to, before
 * anything is sent over it; a connection that fails loses the message's
 * Authorization header, is closed, and the message fails with the reason.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/abstract.h>

#include "mcp-network-settings-private.h"
#include "mcp-tls-error-private.h"

#define HOOKS_KEY "mcp-network-hooks"
#define STATE_KEY "mcp-client-certificate-state"

/* The session's interaction: it gives the settings' client certificate
 * when a server asks for one, and asks the application's interaction for
 * passwords and PINs. (libsoup 3.2 ignores a message's client certificate
 * once the session has an interaction of its own.) */
typedef struct {
  GTlsInteraction  parent_instance;
  GTlsInteraction *inner;
  GTlsCertificate *certificate;
} McpTlsInteraction;

typedef GTlsInteractionClass McpTlsInteractionClass;

static GType mcp_tls_interaction_get_type (void);
G_DEFINE_TYPE (McpTlsInteraction, mcp_tls_interaction, G_TYPE_TLS_INTERACTION)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpTlsInteraction, g_object_unref)

static GTlsInteractionResult
mcp_tls_interaction_ask_password (GTlsInteraction  *interaction,
                                  GTlsPassword     *password,
                                  GCancellable     *cancellable,
                                  GError          **error)
{
  McpTlsInteraction *self = (McpTlsInteraction *) interaction;

  if (self->inner == NULL)
    return G_TLS_INTERACTION_UNHANDLED;

  return g_tls_interaction_invoke_ask_password (self->inner, password, cancellable, error);
}

static GTlsInteractionResult
mcp_tls_interaction_request_certificate (GTlsInteraction              *interaction,
                                         GTlsConnection               *connection,
                                         GTlsCertificateRequestFlags   flags,
                                         GCancellable                 *cancellable,
                                         GError                      **error)
{
  McpTlsInteraction *self = (McpTlsInteraction *) interaction;
  int *state;

  /* Should the connection break right after the handshake, the server
   * most likely wanted a certificate, or refused the one it got: the
   * error says so. */
  state = g_object_get_data (G_OBJECT (connection), STATE_KEY);
  if (state != NULL)
    *state = self->certificate != NULL ? 2 : 1;
  if (self->certificate != NULL)
    {
      g_tls_connection_set_certificate (connection, self->certificate);
      return G_TLS_INTERACTION_HANDLED;
    }

  if (self->inner == NULL)
    return G_TLS_INTERACTION_UNHANDLED;

  return g_tls_interaction_invoke_request_certificate (self->inner, connection, flags,
                                                      cancellable, error);
}

static void
mcp_tls_interaction_finalize (GObject *object)
{
  McpTlsInteraction *self = (McpTlsInteraction *) object;

  g_clear_object (&self->inner);
  g_clear_object (&self->certificate);

  G_OBJECT_CLASS (mcp_tls_interaction_parent_class)->finalize (object);
}

static void
mcp_tls_interaction_class_init (McpTlsInteractionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mcp_tls_interaction_finalize;
  klass->ask_password = mcp_tls_interaction_ask_password;
  klass->request_certificate = mcp_tls_interaction_request_certificate;
}

static void
mcp_tls_interaction_init (McpTlsInteraction *self)
{
}

typedef struct {
  /* NULL until the first TLS connection when the session's own database
   * applies: the system's costs some 100 million instructions to load
   * (every CA of the system parsed), for nothing over plain HTTP. */
  GTlsDatabase    *database;
  GTlsCertificate *certificate;
  char            *pin;
  char            *proxy_username;
  char            *proxy_password;
} Hooks;

static void
hooks_free (Hooks *hooks)
{
  g_clear_object (&hooks->database);
  g_clear_object (&hooks->certificate);
  g_free (hooks->pin);
  g_free (hooks->proxy_username);
  g_free (hooks->proxy_password);
  g_free (hooks);
}

/* The base64 SHA-256 hash of @certificate's SubjectPublicKeyInfo. */
static char *
spki_hash (GTlsCertificate *certificate)
{
  g_autoptr(GByteArray) der = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_pubkey_t key = NULL;
  gnutls_datum_t datum;
  gnutls_datum_t spki = { NULL, 0 };
  char *hash = NULL;

  g_object_get (certificate, "certificate", &der, NULL);
  if (der == NULL)
    return NULL;

  datum.data = der->data;
  datum.size = der->len;
  if (gnutls_x509_crt_init (&crt) == 0 &&
      gnutls_x509_crt_import (crt, &datum, GNUTLS_X509_FMT_DER) == 0 &&
      gnutls_pubkey_init (&key) == 0 &&
      gnutls_pubkey_import_x509 (key, crt, 0) == 0 &&
      gnutls_pubkey_export2 (key, GNUTLS_X509_FMT_DER, &spki) == 0)
    {
      guint8 digest[32];
      gsize length = sizeof digest;
      g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

      g_checksum_update (checksum, spki.data, spki.size);
      g_checksum_get_digest (checksum, digest, &length);
      hash = g_base64_encode (digest, length);
    }

  gnutls_free (spki.data);
  if (key != NULL)
    gnutls_pubkey_deinit (key);
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);

  return hash;
}

static gboolean
pin_matches (const char      *pin,
             GTlsCertificate *certificate)
{
  if (g_str_has_prefix (pin, "sha256//"))
    {
      g_autofree char *hash = spki_hash (certificate);

      return hash != NULL && g_str_equal (hash, pin + strlen ("sha256//"));
    }
  else
    {
      g_autofree char *fingerprint = _mcp_tls_certificate_fingerprint (certificate);
      g_autoptr(GString) given = g_string_new (NULL);
      g_autoptr(GString) found = g_string_new (NULL);

      for (const char *p = pin; *p != '\0'; p++)
        if (g_ascii_isxdigit (*p))
          g_string_append_c (given, g_ascii_toupper (*p));
      for (const char *p = fingerprint; *p != '\0'; p++)
        if (g_ascii_isxdigit (*p))
          g_string_append_c (found, *p);

      return g_str_equal (given->str, found->str);
    }
}

static char *
message_url (SoupMessage *msg)
{
  GUri *uri = soup_message_get_uri (msg);

  return g_uri_join (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                     g_uri_get_port (uri), "", NULL, NULL);
}

/* A connection's TLS handshake is done: its peer is checked against the
 * session's own settings, whatever the handshake did. */
static void
check_connection (SoupSession *session,
                  SoupMessage *msg,
                  Hooks       *hooks,
                  GIOStream   *connection)
{
  GTlsConnection *tls;
  GTlsCertificate *peer;
  GSocketConnectable *identity;
  GTlsCertificateFlags flags;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *url = message_url (msg);
  GError *error = NULL;
  GIOStream *base = NULL;

  if (!G_IS_TLS_CLIENT_CONNECTION (connection))
    return;

  if (hooks->database == NULL)
    {
      hooks->database = soup_session_get_tls_database (session);
      if (hooks->database != NULL)
        g_object_ref (hooks->database);
      else
        hooks->database = g_tls_backend_get_default_database (g_tls_backend_get_default ());
    }

  tls = G_TLS_CONNECTION (connection);
  peer = g_tls_connection_get_peer_certificate (tls);
  identity = g_tls_client_connection_get_server_identity (G_TLS_CLIENT_CONNECTION (tls));

  if (peer == NULL)
    error = g_error_new (G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                         _("The server at %s presented no certificate"), url);
  else if (hooks->database != NULL &&
           (flags = g_tls_database_verify_chain (hooks->database, peer,
                                                 G_TLS_DATABASE_PURPOSE_AUTHENTICATE_SERVER,
                                                 identity, NULL, G_TLS_DATABASE_VERIFY_NONE,
                                                 NULL, &local_error)) != 0)
    {
      if (local_error != NULL)
        flags = G_TLS_CERTIFICATE_GENERIC_ERROR;
      error = _mcp_tls_error_new (url, peer, flags, FALSE, NULL);
    }
  else if (hooks->pin != NULL && !pin_matches (hooks->pin, peer))
    {
      g_autofree char *described = _mcp_tls_certificate_describe (peer);

      error = g_error_new (G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                           _("The certificate of the server at %s is not the pinned one (%s)"),
                           url, described);
    }

  if (error == NULL)
    return;

  g_debug ("%s", error->message);
  _mcp_tls_message_set_error (msg, error);
  /* Nothing is sent over it: not the token, not anything. */
  soup_message_headers_remove (soup_message_get_request_headers (msg), "Authorization");
  g_object_get (connection, "base-io-stream", &base, NULL);
  if (base != NULL)
    g_io_stream_close (base, NULL, NULL);
  g_clear_object (&base);
}

static void
network_event_cb (SoupMessage        *msg,
                  GSocketClientEvent  event,
                  GIOStream          *connection,
                  gpointer            user_data)
{
  SoupSession *session = user_data;
  Hooks *hooks = g_object_get_data (G_OBJECT (session), HOOKS_KEY);

  if (event == G_SOCKET_CLIENT_TLS_HANDSHAKING && G_IS_TLS_CONNECTION (connection))
    g_object_set_data_full (G_OBJECT (connection), STATE_KEY,
                            g_rc_box_acquire (_mcp_tls_message_certificate_state (msg)),
                            g_rc_box_release);
  else if (event == G_SOCKET_CLIENT_TLS_HANDSHAKED && hooks != NULL)
    check_connection (session, msg, hooks, connection);
}

static gboolean
authenticate_cb (SoupMessage *msg,
                 SoupAuth    *auth,
                 gboolean     retrying,
                 gpointer     user_data)
{
  SoupSession *session = user_data;
  Hooks *hooks = g_object_get_data (G_OBJECT (session), HOOKS_KEY);

  if (hooks == NULL || !soup_auth_is_for_proxy (auth) || hooks->proxy_username == NULL ||
      retrying)
    return FALSE;

  soup_auth_authenticate (auth, hooks->proxy_username,
                          hooks->proxy_password != NULL ? hooks->proxy_password : "");
  return TRUE;
}

static void
request_queued_cb (SoupSession *session,
                   SoupMessage *msg,
                   gpointer     user_data)
{
  Hooks *hooks = g_object_get_data (G_OBJECT (session), HOOKS_KEY);

  /* A message sent again (an authorization server's redirect) is queued
   * again, but hooked once. */
  if (hooks == NULL || g_object_get_data (G_OBJECT (msg), HOOKS_KEY) != NULL)
    return;

  g_object_set_data (G_OBJECT (msg), HOOKS_KEY, GINT_TO_POINTER (TRUE));
  g_signal_connect_object (msg, "network-event", G_CALLBACK (network_event_cb), session, 0);
  g_signal_connect_object (msg, "authenticate", G_CALLBACK (authenticate_cb), session, 0);
}

static GProxyResolver *
make_resolver (McpNetworkSettings  *self,
               GError             **error)
{
  const char *proxy = mcp_network_settings_get_proxy (self);
  const char *username = mcp_network_settings_get_proxy_username (self);
  const char *password = _mcp_network_settings_get_proxy_password (self);
  g_autoptr(GUri) uri = NULL;
  g_autofree char *with_credentials = NULL;
  const char *scheme;

  uri = g_uri_parse (proxy, G_URI_FLAGS_NONE, NULL);
  scheme = uri != NULL ? g_uri_get_scheme (uri) : NULL;
  if (scheme == NULL ||
      (!g_str_equal (scheme, "direct") &&
       (g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0' ||
        (!g_str_equal (scheme, "http") && !g_str_equal (scheme, "https") &&
         !g_str_equal (scheme, "socks5") && !g_str_equal (scheme, "socks")))))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is no proxy URL: http://, https:// or socks5:// and a host are "
                     "expected"), proxy);
      return NULL;
    }

  /* SOCKS5 takes its credentials from the proxy's address, which GIO
   * makes from this URL; libsoup never sees it. An HTTP proxy gets them
   * through the authentication step (authenticate_cb ()). */
  if ((g_str_equal (scheme, "socks5") || g_str_equal (scheme, "socks")) && username != NULL)
    with_credentials = g_uri_join_with_user (G_URI_FLAGS_NONE, "socks5", username, password,
                                             NULL, g_uri_get_host (uri), g_uri_get_port (uri),
                                             "", NULL, NULL);

  return g_simple_proxy_resolver_new (with_credentials != NULL ? with_credentials : proxy,
                                      (char **) mcp_network_settings_get_no_proxy (self));
}

static void
install_interaction (SoupSession     *session,
                     GTlsInteraction *inner,
                     GTlsCertificate *certificate)
{
  g_autoptr(McpTlsInteraction) interaction = g_object_new (mcp_tls_interaction_get_type (), NULL);

  g_set_object (&interaction->inner, inner);
  g_set_object (&interaction->certificate, certificate);
  soup_session_set_tls_interaction (session, G_TLS_INTERACTION (interaction));
}

/* Applies @self (nullable: the defaults) to @session. Whatever the
 * settings, every TLS connection of the session is then checked against
 * them. */
gboolean
_mcp_network_settings_apply (McpNetworkSettings  *self,
                             SoupSession         *session,
                             GCancellable        *cancellable,
                             GError             **error)
{
  g_autoptr(GTlsDatabase) database = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(GProxyResolver) resolver = NULL;
  gboolean hooked = g_object_get_data (G_OBJECT (session), HOOKS_KEY) != NULL;
  Hooks *hooks;

  if (self != NULL)
    {
      database = mcp_network_settings_load_database (self, error);
      if (database == NULL)
        return FALSE;

      certificate = mcp_network_settings_load_client_certificate (self, cancellable, error);
      if (certificate == NULL && mcp_network_settings_get_client_certificate (self) != NULL)
        return FALSE;

      if (mcp_network_settings_get_proxy (self) != NULL)
        {
          resolver = make_resolver (self, error);
          if (resolver == NULL)
            return FALSE;
        }

      soup_session_set_tls_database (session, database);
      install_interaction (session, mcp_network_settings_get_interaction (self), certificate);
      if (resolver != NULL)
        soup_session_set_proxy_resolver (session, resolver);
    }
  else
    {
      /* A session of the application's, with its interaction, keeps it. */
      if (soup_session_get_tls_interaction (session) == NULL)
        install_interaction (session, NULL, NULL);
      /* Its database is looked up at the first TLS connection. */
    }

  hooks = g_new0 (Hooks, 1);
  hooks->database = g_steal_pointer (&database);
  hooks->certificate = g_steal_pointer (&certificate);
  if (self != NULL)
    {
      hooks->pin = g_strdup (mcp_network_settings_get_pinned_public_key (self));
      hooks->proxy_username = g_strdup (mcp_network_settings_get_proxy_username (self));
      hooks->proxy_password = g_strdup (_mcp_network_settings_get_proxy_password (self));
    }
  g_object_set_data_full (G_OBJECT (session), HOOKS_KEY, hooks, (GDestroyNotify) hooks_free);

  if (!hooked)
    g_signal_connect (session, "request-queued", G_CALLBACK (request_queued_cb), NULL);

  return TRUE;
}

/* A token may go to @url only over TLS or straight to the server: never
 * in the clear to a proxy. */
gboolean
_mcp_network_check_token_route (McpNetworkSettings  *self,
                                const char          *url,
                                GError             **error)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  g_autoptr(GProxyResolver) resolver = NULL;
  g_auto(GStrv) proxies = NULL;

  if (uri == NULL || g_strcmp0 (g_uri_get_scheme (uri), "http") != 0 ||
      g_uri_get_host (uri) == NULL)
    return TRUE;

  if (self != NULL && mcp_network_settings_get_proxy (self) != NULL)
    resolver = make_resolver (self, NULL);
  else
    {
      /* The desktop's resolver may take its time (a PAC file): it is not
       * asked about a loopback address, which no proxy is used for. */
      g_autoptr(GInetAddress) address = g_inet_address_new_from_string (g_uri_get_host (uri));

      if ((address != NULL && g_inet_address_get_is_loopback (address)) ||
          g_ascii_strcasecmp (g_uri_get_host (uri), "localhost") == 0)
        return TRUE;
      resolver = g_object_ref (g_proxy_resolver_get_default ());
    }
  if (resolver == NULL)
    return TRUE;

  proxies = g_proxy_resolver_lookup (resolver, url, NULL, NULL);
  if (proxies == NULL || proxies[0] == NULL || g_str_equal (proxies[0], "direct://"))
    return TRUE;

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
               _("The server at %s is reached through a proxy without TLS: its access token "
                 "would be sent to the proxy in the clear, so it is not sent. Use an https URL."),
               url);
  return FALSE;
}
