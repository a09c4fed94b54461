/* mcp-network-settings.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpNetworkSettings: the object and its properties, and the loading of
 * what they name (the CA certificates, the client certificate). How they
 * apply to a SoupSession is in mcp-network-session.c.
 */

#include "config.h"

#include <string.h>

#include <gnutls/gnutls.h>
#include <gnutls/pkcs12.h>
#include <gnutls/x509.h>

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"
#include "mcp-network-settings-private.h"
#include "mcp-tls-database-private.h"

/**
 * McpNetworkSettings:
 *
 * How to reach one server over the network: whom to trust, which client
 * certificate to present, and through which proxy.
 *
 * <!-- doc-test
 * static McpHttpTransport *transport;
 * -->
 * ```c
 * g_autoptr(McpNetworkSettings) settings = mcp_network_settings_new ();
 *
 * mcp_network_settings_set_ca_file (settings, "/etc/company/ca.pem");
 * mcp_network_settings_set_client_certificate (settings, "me.pem", "me.key");
 * mcp_network_settings_set_proxy (settings, "http://proxy.example.com:3128");
 * mcp_http_transport_set_network_settings (transport, settings);
 * ```
 *
 * The extra CA certificates of [property@Mcp.NetworkSettings:ca-file] are
 * trusted in addition to the system's, unless
 * [property@Mcp.NetworkSettings:use-system-ca] is turned off. There is no
 * way to turn verification off: a server whose certificate cannot be
 * verified is not talked to, and the error says why, with the
 * certificate's subject, issuer and SHA-256 fingerprint.
 *
 * The settings are those of an [class@Mcp.HttpTransport], which applies
 * them to its [class@Soup.Session] and to that of its
 * [class@Mcp.Authorization] (unless the authorization has settings of its
 * own) when it is opened. Each transport has a session of its own, so that
 * one server's trust never serves another: every TLS connection is checked
 * against the settings of the session it belongs to, including a connection
 * that resumed a TLS session made under other settings.
 *
 * Since: 1.0
 */

struct _McpNetworkSettings
{
  GObject          parent_instance;

  char            *ca_file;
  char            *pin;
  char            *client_certificate;
  char            *client_key;
  char            *client_key_password;
  GTlsInteraction *interaction;
  char            *proxy;
  char            *proxy_username;
  char            *proxy_password;
  GStrv            no_proxy;

  guint            use_system_ca : 1;
};

G_DEFINE_FINAL_TYPE (McpNetworkSettings, mcp_network_settings, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CA_FILE,
  PROP_USE_SYSTEM_CA,
  PROP_PINNED_PUBLIC_KEY,
  PROP_CLIENT_CERTIFICATE,
  PROP_CLIENT_KEY,
  PROP_INTERACTION,
  PROP_PROXY,
  PROP_PROXY_USERNAME,
  PROP_NO_PROXY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_network_settings_finalize (GObject *object)
{
  McpNetworkSettings *self = (McpNetworkSettings *)object;

  g_free (self->ca_file);
  g_free (self->pin);
  g_free (self->client_certificate);
  g_free (self->client_key);
  g_free (self->client_key_password);
  g_clear_object (&self->interaction);
  g_free (self->proxy);
  g_free (self->proxy_username);
  g_free (self->proxy_password);
  g_strfreev (self->no_proxy);

  G_OBJECT_CLASS (mcp_network_settings_parent_class)->finalize (object);
}

static void
mcp_network_settings_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  McpNetworkSettings *self = MCP_NETWORK_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_CA_FILE:
      g_value_set_string (value, self->ca_file);
      break;

    case PROP_USE_SYSTEM_CA:
      g_value_set_boolean (value, self->use_system_ca);
      break;

    case PROP_PINNED_PUBLIC_KEY:
      g_value_set_string (value, self->pin);
      break;

    case PROP_CLIENT_CERTIFICATE:
      g_value_set_string (value, self->client_certificate);
      break;

    case PROP_CLIENT_KEY:
      g_value_set_string (value, self->client_key);
      break;

    case PROP_INTERACTION:
      g_value_set_object (value, self->interaction);
      break;

    case PROP_PROXY:
      g_value_set_string (value, self->proxy);
      break;

    case PROP_PROXY_USERNAME:
      g_value_set_string (value, self->proxy_username);
      break;

    case PROP_NO_PROXY:
      g_value_set_boxed (value, self->no_proxy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_network_settings_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  McpNetworkSettings *self = MCP_NETWORK_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_CA_FILE:
      mcp_network_settings_set_ca_file (self, g_value_get_string (value));
      break;

    case PROP_USE_SYSTEM_CA:
      mcp_network_settings_set_use_system_ca (self, g_value_get_boolean (value));
      break;

    case PROP_PINNED_PUBLIC_KEY:
      mcp_network_settings_set_pinned_public_key (self, g_value_get_string (value));
      break;

    case PROP_CLIENT_CERTIFICATE:
      mcp_network_settings_set_client_certificate (self, g_value_get_string (value),
                                                   self->client_key);
      break;

    case PROP_CLIENT_KEY:
      mcp_network_settings_set_client_certificate (self, self->client_certificate,
                                                   g_value_get_string (value));
      break;

    case PROP_INTERACTION:
      mcp_network_settings_set_interaction (self, g_value_get_object (value));
      break;

    case PROP_PROXY:
      mcp_network_settings_set_proxy (self, g_value_get_string (value));
      break;

    case PROP_NO_PROXY:
      mcp_network_settings_set_no_proxy (self, g_value_get_boxed (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_network_settings_class_init (McpNetworkSettingsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _mcp_i18n_init ();

  object_class->finalize = mcp_network_settings_finalize;
  object_class->get_property = mcp_network_settings_get_property;
  object_class->set_property = mcp_network_settings_set_property;

  /**
   * McpNetworkSettings:ca-file:
   *
   * A PEM file of CA certificates, or a folder of such files (those whose
   * names end in `.pem`, `.crt` or `.cer`), trusted in addition to the
   * system's, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_CA_FILE] =
    g_param_spec_string ("ca-file", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpNetworkSettings:use-system-ca:
   *
   * Whether the system's CA certificates are trusted (the default). When
   * off, only those of [property@Mcp.NetworkSettings:ca-file] are.
   *
   * Since: 1.0
   */
  properties[PROP_USE_SYSTEM_CA] =
    g_param_spec_boolean ("use-system-ca", NULL, NULL,
                          TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpNetworkSettings:pinned-public-key:
   *
   * The server's certificate, pinned: either `sha256//` followed by the
   * base64 SHA-256 hash of its public key (SubjectPublicKeyInfo, as curl
   * takes it), or the certificate's SHA-256 fingerprint in hex (colons
   * allowed). A pinned certificate must still be trusted; a server
   * presenting another one fails.
   *
   * Since: 1.0
   */
  properties[PROP_PINNED_PUBLIC_KEY] =
    g_param_spec_string ("pinned-public-key", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpNetworkSettings:client-certificate:
   *
   * The client certificate presented to servers that ask for one: a PEM
   * file (which may hold the key too), a PKCS #12 file (`.p12` or `.pfx`),
   * or a PKCS #11 URI (`pkcs11:…`) for a smart card or a TPM. %NULL for
   * none.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT_CERTIFICATE] =
    g_param_spec_string ("client-certificate", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpNetworkSettings:client-key:
   *
   * The private key of [property@Mcp.NetworkSettings:client-certificate]:
   * a PEM file or a PKCS #11 URI, or %NULL if it is found with the
   * certificate.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT_KEY] =
    g_param_spec_string ("client-key", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpNetworkSettings:interaction:
   *
   * What asks the user for the passphrase of a PKCS #12 file or the PIN of
   * a PKCS #11 token, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_INTERACTION] =
    g_param_spec_object ("interaction", NULL, NULL,
                         G_TYPE_TLS_INTERACTION,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpNetworkSettings:proxy:
   *
   * The proxy to go through: an `http://`, `https://` or `socks5://` URL
   * (without credentials: see mcp_network_settings_set_proxy_credentials()),
   * `direct://` for none, or %NULL for the desktop's proxy settings and the
   * usual environment variables (the default [iface@Gio.ProxyResolver]).
   *
   * Since: 1.0
   */
  properties[PROP_PROXY] =
    g_param_spec_string ("proxy", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpNetworkSettings:proxy-username:
   *
   * The user name given to [property@Mcp.NetworkSettings:proxy], or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_PROXY_USERNAME] =
    g_param_spec_string ("proxy-username", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpNetworkSettings:no-proxy:
   *
   * Hosts reached without [property@Mcp.NetworkSettings:proxy], as
   * [property@Gio.SimpleProxyResolver:ignore-hosts] takes them
   * (`localhost`, `*.example.com`, `10.0.0.0/8`…).
   *
   * Since: 1.0
   */
  properties[PROP_NO_PROXY] =
    g_param_spec_boxed ("no-proxy", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_network_settings_init (McpNetworkSettings *self)
{
  self->use_system_ca = TRUE;
}

/**
 * mcp_network_settings_new:
 *
 * Creates network settings that trust the system's CAs, present no client
 * certificate and use the desktop's proxy settings.
 *
 * Returns: (transfer full): new settings
 *
 * Since: 1.0
 */
McpNetworkSettings *
mcp_network_settings_new (void)
{
  return g_object_new (MCP_TYPE_NETWORK_SETTINGS, NULL);
}

static void
set_string (McpNetworkSettings  *self,
            char               **field,
            const char          *value,
            guint                prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  if (prop != PROP_0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/**
 * mcp_network_settings_get_ca_file:
 * @self: network settings
 *
 * Gets [property@Mcp.NetworkSettings:ca-file].
 *
 * Returns: (nullable) (type filename): the file or folder
 *
 * Since: 1.0
 */
const char *
mcp_network_settings_get_ca_file (McpNetworkSettings *self)
{
  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);

  return self->ca_file;
}

/**
 * mcp_network_settings_set_ca_file:
 * @self: network settings
 * @ca_file: (nullable) (type filename): a PEM file or a folder of them
 *
 * Sets [property@Mcp.NetworkSettings:ca-file].
 *
 * Since: 1.0
 */
void
mcp_network_settings_set_ca_file (McpNetworkSettings *self,
                                  const char         *ca_file)
{
  g_return_if_fail (MCP_IS_NETWORK_SETTINGS (self));

  set_string (self, &self->ca_file, ca_file, PROP_CA_FILE);
}

/**
 * mcp_network_settings_get_use_system_ca:
 * @self: network settings
 *
 * Gets [property@Mcp.NetworkSettings:use-system-ca].
 *
 * Returns: whether the system's CAs are trusted
 *
 * Since: 1.0
 */
gboolean
mcp_network_settings_get_use_system_ca (McpNetworkSettings *self)
{
  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), TRUE);

  return self->use_system_ca;
}

/**
 * mcp_network_settings_set_use_system_ca:
 * @self: network settings
 * @use_system_ca: whether the system's CAs are trusted
 *
 * Sets [property@Mcp.NetworkSettings:use-system-ca].
 *
 * Since: 1.0
 */
void
mcp_network_settings_set_use_system_ca (McpNetworkSettings *self,
                                        gboolean            use_system_ca)
{
  g_return_if_fail (MCP_IS_NETWORK_SETTINGS (self));

  use_system_ca = !!use_system_ca;
  if (self->use_system_ca == (guint) use_system_ca)
    return;

  self->use_system_ca = use_system_ca;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_SYSTEM_CA]);
}

/**
 * mcp_network_settings_get_pinned_public_key:
 * @self: network settings
 *
 * Gets [property@Mcp.NetworkSettings:pinned-public-key].
 *
 * Returns: (nullable): the pin
 *
 * Since: 1.0
 */
const char *
mcp_network_settings_get_pinned_public_key (McpNetworkSettings *self)
{
  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);

  return self->pin;
}

/**
 * mcp_network_settings_set_pinned_public_key:
 * @self: network settings
 * @pin: (nullable): `sha256//BASE64` of the public key, or the
 *   certificate's SHA-256 fingerprint in hex
 *
 * Sets [property@Mcp.NetworkSettings:pinned-public-key].
 *
 * Since: 1.0
 */
void
mcp_network_settings_set_pinned_public_key (McpNetworkSettings *self,
                                            const char         *pin)
{
  g_return_if_fail (MCP_IS_NETWORK_SETTINGS (self));

  set_string (self, &self->pin, pin, PROP_PINNED_PUBLIC_KEY);
}

/**
 * mcp_network_settings_get_client_certificate:
 * @self: network settings
 *
 * Gets [property@Mcp.NetworkSettings:client-certificate].
 *
 * Returns: (nullable): a file or a PKCS #11 URI
 *
 * Since: 1.0
 */
const char *
mcp_network_settings_get_client_certificate (McpNetworkSettings *self)
{
  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);

  return self->client_certificate;
}

/**
 * mcp_network_settings_get_client_key:
 * @self: network settings
 *
 * Gets [property@Mcp.NetworkSettings:client-key].
 *
 * Returns: (nullable): a file or a PKCS #11 URI
 *
 * Since: 1.0
 */
const char *
mcp_network_settings_get_client_key (McpNetworkSettings *self)
{
  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);

  return self->client_key;
}

/**
 * mcp_network_settings_set_client_certificate:
 * @self: network settings
 * @certificate: (nullable): a PEM or PKCS #12 file, or a PKCS #11 URI
 * @key: (nullable): its private key (a PEM file or a PKCS #11 URI), or
 *   %NULL if @certificate holds it
 *
 * Sets [property@Mcp.NetworkSettings:client-certificate] and
 * [property@Mcp.NetworkSettings:client-key].
 *
 * Since: 1.0
 */
void
mcp_network_settings_set_client_certificate (McpNetworkSettings *self,
                                             const char         *certificate,
                                             const char         *key)
{
  g_autofree char *new_key = g_strdup (key);

  g_return_if_fail (MCP_IS_NETWORK_SETTINGS (self));

  g_object_freeze_notify (G_OBJECT (self));
  set_string (self, &self->client_certificate, certificate, PROP_CLIENT_CERTIFICATE);
  set_string (self, &self->client_key, new_key, PROP_CLIENT_KEY);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * mcp_network_settings_set_client_key_password:
 * @self: network settings
 * @password: (nullable): the passphrase of the client certificate's
 *   PKCS #12 file, or %NULL to ask [property@Mcp.NetworkSettings:interaction]
 *
 * Sets the passphrase of the client certificate. It is kept in memory
 * only, and never saved.
 *
 * Since: 1.0
 */
void
mcp_network_settings_set_client_key_password (McpNetworkSettings *self,
                                              const char         *password)
{
  g_return_if_fail (MCP_IS_NETWORK_SETTINGS (self));

  set_string (self, &self->client_key_password, password, PROP_0);
}

/**
 * mcp_network_settings_get_interaction:
 * @self: network settings
 *
 * Gets [property@Mcp.NetworkSettings:interaction].
 *
 * Returns: (nullable) (transfer none): the interaction
 *
 * Since: 1.0
 */
GTlsInteraction *
mcp_network_settings_get_interaction (McpNetworkSettings *self)
{
  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);

  return self->interaction;
}

/**
 * mcp_network_settings_set_interaction:
 * @self: network settings
 * @interaction: (nullable): what asks for passphrases and PINs
 *
 * Sets [property@Mcp.NetworkSettings:interaction].
 *
 * Since: 1.0
 */
void
mcp_network_settings_set_interaction (McpNetworkSettings *self,
                                      GTlsInteraction    *interaction)
{
  g_return_if_fail (MCP_IS_NETWORK_SETTINGS (self));
  g_return_if_fail (interaction == NULL || G_IS_TLS_INTERACTION (interaction));

  if (g_set_object (&self->interaction, interaction))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTION]);
}

/**
 * mcp_network_settings_get_proxy:
 * @self: network settings
 *
 * Gets [property@Mcp.NetworkSettings:proxy].
 *
 * Returns: (nullable): the proxy's URL
 *
 * Since: 1.0
 */
const char *
mcp_network_settings_get_proxy (McpNetworkSettings *self)
{
  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);

  return self->proxy;
}

/**
 * mcp_network_settings_set_proxy:
 * @self: network settings
 * @proxy: (nullable): an `http://`, `https://` or `socks5://` URL,
 *   `direct://`, or %NULL for the desktop's settings
 *
 * Sets [property@Mcp.NetworkSettings:proxy]. Credentials in the URL are
 * taken out of it, as if given to
 * mcp_network_settings_set_proxy_credentials().
 *
 * Since: 1.0
 */
void
mcp_network_settings_set_proxy (McpNetworkSettings *self,
                                const char         *proxy)
{
  g_autoptr(GUri) uri = NULL;
  g_autofree char *bare = NULL;

  g_return_if_fail (MCP_IS_NETWORK_SETTINGS (self));

  if (proxy != NULL)
    uri = g_uri_parse (proxy, G_URI_FLAGS_HAS_PASSWORD, NULL);

  g_object_freeze_notify (G_OBJECT (self));
  if (uri != NULL && g_uri_get_user (uri) != NULL)
    {
      mcp_network_settings_set_proxy_credentials (self, g_uri_get_user (uri),
                                                  g_uri_get_password (uri));
      bare = g_uri_join (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                         g_uri_get_port (uri), g_uri_get_path (uri), NULL, NULL);
    }
  set_string (self, &self->proxy, bare != NULL ? bare : proxy, PROP_PROXY);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * mcp_network_settings_get_proxy_username:
 * @self: network settings
 *
 * Gets [property@Mcp.NetworkSettings:proxy-username].
 *
 * Returns: (nullable): the user name
 *
 * Since: 1.0
 */
const char *
mcp_network_settings_get_proxy_username (McpNetworkSettings *self)
{
  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);

  return self->proxy_username;
}

/**
 * mcp_network_settings_set_proxy_credentials:
 * @self: network settings
 * @username: (nullable): the user name, or %NULL for none
 * @password: (nullable): the password
 *
 * Sets the credentials given to the proxy when it asks for them (a 407
 * answer, or SOCKS5's user name and password). They never go into the URL
 * handed to libsoup, and are kept in memory only.
 *
 * Since: 1.0
 */
void
mcp_network_settings_set_proxy_credentials (McpNetworkSettings *self,
                                            const char         *username,
                                            const char         *password)
{
  g_return_if_fail (MCP_IS_NETWORK_SETTINGS (self));

  set_string (self, &self->proxy_password, password, PROP_0);
  set_string (self, &self->proxy_username, username, PROP_PROXY_USERNAME);
}

/**
 * mcp_network_settings_get_no_proxy:
 * @self: network settings
 *
 * Gets [property@Mcp.NetworkSettings:no-proxy].
 *
 * Returns: (nullable) (transfer none): the hosts
 *
 * Since: 1.0
 */
const char * const *
mcp_network_settings_get_no_proxy (McpNetworkSettings *self)
{
  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);

  return (const char * const *) self->no_proxy;
}

/**
 * mcp_network_settings_set_no_proxy:
 * @self: network settings
 * @hosts: (nullable) (array zero-terminated=1): hosts reached directly
 *
 * Sets [property@Mcp.NetworkSettings:no-proxy].
 *
 * Since: 1.0
 */
void
mcp_network_settings_set_no_proxy (McpNetworkSettings *self,
                                   const char * const *hosts)
{
  g_return_if_fail (MCP_IS_NETWORK_SETTINGS (self));

  g_strfreev (self->no_proxy);
  self->no_proxy = hosts != NULL && hosts[0] != NULL ? g_strdupv ((char **) hosts) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NO_PROXY]);
}

const char *
_mcp_network_settings_get_proxy_password (McpNetworkSettings *self)
{
  return self->proxy_password;
}

/* ------------------------------------------------------------------------
 * Loading
 * ------------------------------------------------------------------------ */

static gboolean
add_anchors (GList      **anchors,
             const char  *file,
             GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  GList *list = g_tls_certificate_list_new_from_file (file, &local_error);

  if (local_error != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Could not read the CA certificates of “%s”: %s"), file,
                   local_error->message);
      return FALSE;
    }

  *anchors = g_list_concat (*anchors, list);
  return TRUE;
}

static gboolean
load_anchors (const char  *path,
              GList      **anchors,
              GError     **error)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("The CA file “%s” does not exist"), path);
          return FALSE;
        }
      return add_anchors (anchors, path, error);
    }

  dir = g_dir_open (path, 0, error);
  if (dir == NULL)
    return FALSE;

  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".pem") || g_str_has_suffix (name, ".crt") ||
        g_str_has_suffix (name, ".cer"))
      g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, (GCompareFunc) (void (*) (void)) g_strcmp0);

  for (guint i = 0; i < names->len; i++)
    if (!add_anchors (anchors, names->pdata[i], error))
      return FALSE;

  return TRUE;
}

/**
 * mcp_network_settings_load_database:
 * @self: network settings
 * @error: return location for a #GError
 *
 * Makes the TLS database that verifies servers under these settings: the
 * system's, with the CA certificates of
 * [property@Mcp.NetworkSettings:ca-file] added to it (or in its place if
 * [property@Mcp.NetworkSettings:use-system-ca] is off). Fails if the CA
 * file or folder cannot be read or holds no certificate.
 *
 * Returns: (transfer full): the database, or %NULL with @error set
 *
 * Since: 1.0
 */
GTlsDatabase *
mcp_network_settings_load_database (McpNetworkSettings  *self,
                                    GError             **error)
{
  g_autoptr(GTlsDatabase) system = NULL;
  GList *anchors = NULL;
  GTlsDatabase *database;

  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->use_system_ca)
    system = g_tls_backend_get_default_database (g_tls_backend_get_default ());

  if (self->ca_file == NULL)
    {
      if (system != NULL)
        return g_steal_pointer (&system);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The system’s CA certificates are not used, and no CA file is given: "
                     "no server could be trusted"));
      return NULL;
    }

  if (!load_anchors (self->ca_file, &anchors, error))
    {
      g_list_free_full (anchors, g_object_unref);
      return NULL;
    }
  if (anchors == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("“%s” holds no CA certificate"), self->ca_file);
      return NULL;
    }

  database = _mcp_tls_database_new (system, anchors);
  g_list_free_full (anchors, g_object_unref);

  return database;
}

static gboolean
is_pkcs12 (const char *path,
           GBytes     *contents)
{
  gsize size;
  const char *data = g_bytes_get_data (contents, &size);

  if (g_str_has_suffix (path, ".p12") || g_str_has_suffix (path, ".pfx"))
    return TRUE;

  /* DER: a SEQUENCE, where PEM is text. */
  return size > 0 && (guchar) data[0] == 0x30 &&
         g_strstr_len (data, MIN (size, 4096), "-----BEGIN") == NULL;
}

/* Whether anything in a PKCS #12 file is enciphered: a bag, or a key. */
static gboolean
pkcs12_is_encrypted (gnutls_pkcs12_t p12)
{
  gboolean encrypted = FALSE;

  for (int i = 0; i < 64 && !encrypted; i++)
    {
      gnutls_pkcs12_bag_t bag = NULL;
      int count;

      if (gnutls_pkcs12_bag_init (&bag) < 0)
        break;
      if (gnutls_pkcs12_get_bag (p12, i, bag) < 0)
        {
          gnutls_pkcs12_bag_deinit (bag);
          break;
        }
      count = gnutls_pkcs12_bag_get_count (bag);
      for (int j = 0; j < count && !encrypted; j++)
        {
          int type = gnutls_pkcs12_bag_get_type (bag, j);

          encrypted = type == GNUTLS_BAG_ENCRYPTED || type == GNUTLS_BAG_PKCS8_ENCRYPTED_KEY;
        }
      gnutls_pkcs12_bag_deinit (bag);
    }

  return encrypted;
}

static void
set_passphrase_error (GError     **error,
                      const char  *passphrase)
{
  g_set_error_literal (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE_PASSWORD,
                       *passphrase == '\0' ? _("A passphrase is needed")
                                           : _("Wrong passphrase"));
}

/* Reads a PKCS #12 file with GnuTLS, rather than with
 * g_tls_certificate_new_from_pkcs12(): glib-networking (2.74, and still now) first
 * reads the file without its passphrase and keeps that attempt's error
 * unless it was a wrong passphrase, so that about one file in 256 that
 * OpenSSL 3 writes (those whose contents, deciphered with the empty
 * passphrase, pass the padding check) cannot be read at all; and it warns of
 * a passphrase given for a file that has none. Here the MAC, when the file
 * has one, tells a wrong passphrase for certain; the certificates and the
 * key are then handed to GIO as PEM, the key's copy wiped after. */
static GTlsCertificate *
parse_pkcs12 (GBytes      *contents,
              const char  *passphrase,
              GError     **error)
{
  gnutls_pkcs12_t p12 = NULL;
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t *chain = NULL;
  unsigned int chain_length = 0;
  gnutls_datum_t der, pem = { NULL, 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  GTlsCertificate *certificate = NULL;
  unsigned int mac_algorithm, salt_size, iterations;
  guint8 salt[128];
  char *mac_oid = NULL;
  gboolean checked;
  int status;

  der.data = (unsigned char *) g_bytes_get_data (contents, NULL);
  der.size = g_bytes_get_size (contents);
  if (passphrase == NULL)
    passphrase = "";

  status = gnutls_pkcs12_init (&p12);
  if (status == GNUTLS_E_SUCCESS)
    status = gnutls_pkcs12_import (p12, &der, GNUTLS_X509_FMT_DER, 0);
  if (status != GNUTLS_E_SUCCESS)
    {
      g_set_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                   _("Not a PKCS #12 file: %s"), gnutls_strerror (status));
      goto out;
    }

  /* A file without a MAC (openssl pkcs12 -nomac) has nothing to check. */
  salt_size = sizeof salt;
  status = gnutls_pkcs12_mac_info (p12, &mac_algorithm, salt, &salt_size, &iterations, &mac_oid);
  g_clear_pointer (&mac_oid, gnutls_free);
  checked = status >= 0;
  if (checked && gnutls_pkcs12_verify_mac (p12, passphrase) != GNUTLS_E_SUCCESS)
    {
      set_passphrase_error (error, passphrase);
      goto out;
    }

  status = gnutls_pkcs12_simple_parse (p12, passphrase, &key, &chain, &chain_length,
                                       NULL, NULL, NULL,
                                       GNUTLS_PKCS12_SP_INCLUDE_SELF_SIGNED);
  if (status != GNUTLS_E_SUCCESS)
    {
      /* Without a MAC, a wrong passphrase deciphers to garbage, which
       * now and then passes the padding check and fails later. */
      if (status == GNUTLS_E_DECRYPTION_FAILED ||
          (!checked && pkcs12_is_encrypted (p12)))
        set_passphrase_error (error, passphrase);
      else
        g_set_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                     _("No certificate with its key in the file: %s"),
                     gnutls_strerror (status));
      goto out;
    }

  for (unsigned int i = 0; i < chain_length; i++)
    {
      status = gnutls_x509_crt_export2 (chain[i], GNUTLS_X509_FMT_PEM, &pem);
      if (status != GNUTLS_E_SUCCESS)
        break;
      g_string_append_len (text, (const char *) pem.data, pem.size);
      g_clear_pointer (&pem.data, gnutls_free);
    }
  if (status == GNUTLS_E_SUCCESS)
    status = gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL,
                                                GNUTLS_PKCS_PLAIN, &pem);
  if (status != GNUTLS_E_SUCCESS)
    {
      g_set_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                   _("The certificate could not be read: %s"), gnutls_strerror (status));
      goto out;
    }
  g_string_append_len (text, (const char *) pem.data, pem.size);
  gnutls_memset (pem.data, 0, pem.size);
  g_clear_pointer (&pem.data, gnutls_free);

  certificate = g_tls_certificate_new_from_pem (text->str, text->len, error);
  gnutls_memset (text->str, 0, text->len);

out:
  for (unsigned int i = 0; i < chain_length; i++)
    gnutls_x509_crt_deinit (chain[i]);
  g_clear_pointer (&chain, gnutls_free);
  g_clear_pointer (&key, gnutls_x509_privkey_deinit);
  g_clear_pointer (&p12, gnutls_pkcs12_deinit);
  return certificate;
}

static GTlsCertificate *
load_pkcs12 (McpNetworkSettings  *self,
             GBytes              *contents,
             GCancellable        *cancellable,
             GError             **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GTlsPassword) password = NULL;
  GTlsCertificate *certificate;

  certificate = parse_pkcs12 (contents, self->client_key_password, &local_error);
  if (certificate != NULL ||
      !g_error_matches (local_error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE_PASSWORD) ||
      self->interaction == NULL)
    {
      if (local_error != NULL)
        g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                    _("Could not load the client certificate “%s”: "),
                                    self->client_certificate);
      return certificate;
    }

  g_clear_error (&local_error);
  password = g_tls_password_new (G_TLS_PASSWORD_NONE, self->client_certificate);
  for (guint tries = 0; tries < 3; tries++)
    {
      const guchar *value;
      gsize length;
      g_autofree char *text = NULL;

      if (g_tls_interaction_invoke_ask_password (self->interaction, password, cancellable,
                                                 error) != G_TLS_INTERACTION_HANDLED)
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE_PASSWORD,
                         _("No passphrase was given for the client certificate “%s”"),
                         self->client_certificate);
          return NULL;
        }

      value = g_tls_password_get_value (password, &length);
      text = g_strndup ((const char *) value, length);
      certificate = parse_pkcs12 (contents, text, &local_error);
      gnutls_memset (text, 0, length);
      if (certificate != NULL)
        return certificate;
      if (!g_error_matches (local_error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE_PASSWORD))
        break;
      g_tls_password_set_flags (password, G_TLS_PASSWORD_RETRY);
      g_clear_error (&local_error);
    }

  if (local_error == NULL)
    local_error = g_error_new_literal (G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE_PASSWORD,
                                       _("Wrong passphrase"));
  g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                              _("Could not load the client certificate “%s”: "),
                              self->client_certificate);
  return NULL;
}

/**
 * mcp_network_settings_load_client_certificate:
 * @self: network settings
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Loads the client certificate of
 * [property@Mcp.NetworkSettings:client-certificate] with its key. The
 * passphrase of a PKCS #12 file is the one set with
 * mcp_network_settings_set_client_key_password(), or else asked of
 * [property@Mcp.NetworkSettings:interaction]; the PIN of a PKCS #11 token is
 * asked of it when the key is used.
 *
 * Returns: (transfer full) (nullable): the certificate, or %NULL if there
 *   is none or with @error set
 *
 * Since: 1.0
 */
GTlsCertificate *
mcp_network_settings_load_client_certificate (McpNetworkSettings  *self,
                                              GCancellable        *cancellable,
                                              GError             **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) contents = NULL;
  g_autoptr(GFile) file = NULL;
  GTlsCertificate *certificate;

  g_return_val_if_fail (MCP_IS_NETWORK_SETTINGS (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->client_certificate == NULL)
    {
      if (self->client_key != NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _("A client key is given without its certificate"));
      return NULL;
    }

  if (g_str_has_prefix (self->client_certificate, "pkcs11:"))
    {
      certificate = g_tls_certificate_new_from_pkcs11_uris (self->client_certificate,
                                                            self->client_key, &local_error);
      if (certificate == NULL)
        g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                    _("Could not load the client certificate “%s”: "),
                                    self->client_certificate);
      return certificate;
    }

  file = g_file_new_for_path (self->client_certificate);
  contents = g_file_load_bytes (file, cancellable, NULL, &local_error);
  if (contents == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("Could not read the client certificate: "));
      return NULL;
    }

  if (is_pkcs12 (self->client_certificate, contents))
    return load_pkcs12 (self, contents, cancellable, error);

  if (self->client_key != NULL && g_str_has_prefix (self->client_key, "pkcs11:"))
    {
      g_autofree char *pem = g_strndup (g_bytes_get_data (contents, NULL),
                                        g_bytes_get_size (contents));

      certificate = g_initable_new (g_tls_backend_get_certificate_type (g_tls_backend_get_default ()),
                                    NULL, &local_error,
                                    "certificate-pem", pem,
                                    "private-key-pkcs11-uri", self->client_key,
                                    NULL);
    }
  else
    certificate = g_tls_certificate_new_from_files (self->client_certificate,
                                                    self->client_key != NULL
                                                    ? self->client_key
                                                    : self->client_certificate,
                                                    &local_error);
  if (certificate == NULL)
    g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                _("Could not load the client certificate “%s”: "),
                                self->client_certificate);

  return certificate;
}
