/* mcp-server-config-network.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The network settings of a remote server's entry: its `network` object,
 * read into the McpNetworkSettings of the transport the entry makes. Paths
 * have `~`, `${env:…}` and `${userHome}` expanded; secrets (the client
 * key's passphrase, the proxy's password) may only be `${input:…}`, asked
 * through the registry and never written in the file.
 *
 * Neither VS Code's `mcp.json` nor Claude Desktop's configuration has keys
 * of this kind for a server (VS Code's proxy and certificates are its
 * global `http.proxy` and the system's), so only mcp-glib's own per-user
 * file and the entries written for it use them; in the other dialects'
 * files the member is kept as it is, like any other unknown member.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-json-private.h"
#include "mcp-network-settings.h"
#include "mcp-server-config-private.h"

#define NETWORK "network"

static const char * const string_keys[] = {
  "caFile", "pinnedPublicKey", "clientCertificate", "clientKey", "clientKeyPassword",
  "proxy", "proxyUsername", "proxyPassword",
};

/**
 * mcp_server_config_get_network:
 * @self: a configuration
 *
 * Gets the network settings of a remote server, as written: the entry's
 * `network` object. Its members, all optional:
 * - `caFile`: a PEM file or a folder of CA certificates trusted besides
 *   the system's;
 * - `useSystemCa`: false to trust only those of `caFile`;
 * - `pinnedPublicKey`: `sha256//BASE64` of the server's public key, or its
 *   certificate's SHA-256 fingerprint;
 * - `clientCertificate`, `clientKey`: a client certificate (PEM or PKCS #12
 *   file, or `pkcs11:` URI) and its key;
 * - `clientKeyPassword`: the passphrase of a PKCS #12 file, as
 *   `${input:ID}` only;
 * - `proxy`: an `http://`, `https://` or `socks5://` URL, or `direct://`;
 *   `proxyUsername`, and `proxyPassword` as `${input:ID}` only;
 * - `noProxy`: an array of hosts reached directly.
 *
 * Paths may start with `~` and use `${env:NAME}`. See
 * [class@Mcp.NetworkSettings].
 *
 * Returns: (transfer none) (nullable): the settings, or %NULL
 *
 * Since: 1.0
 */
JsonObject *
mcp_server_config_get_network (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return _mcp_json_object_get_object (self->json, NETWORK);
}

/**
 * mcp_server_config_set_network:
 * @self: a configuration
 * @network: (nullable): the network settings, or %NULL to remove them
 *
 * Sets the network settings of a remote server (see
 * mcp_server_config_get_network()). @network is copied.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_network (McpServerConfig *self,
                               JsonObject      *network)
{
  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  _mcp_server_config_set_object_member (self, NETWORK, network);
}

void
_mcp_server_config_foreach_network_string (McpServerConfig *self,
                                           void           (*func) (const char *text,
                                                                   gpointer    data),
                                           gpointer         data)
{
  JsonObject *network = mcp_server_config_get_network (self);

  for (guint i = 0; network != NULL && i < G_N_ELEMENTS (string_keys); i++)
    {
      const char *text = _mcp_json_object_get_string (network, string_keys[i]);

      if (text != NULL)
        func (text, data);
    }
}

static gboolean
get_string (McpServerConfig  *self,
            JsonObject       *network,
            const char       *key,
            gboolean          secret,
            gboolean          path,
            char            **value,
            GError          **error)
{
  JsonNode *node = json_object_get_member (network, key);
  const char *text;
  g_autofree char *expanded = NULL;

  *value = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The server “%s”: “network.%s” must be a string"),
                   mcp_server_config_get_name (self), key);
      return FALSE;
    }

  text = json_node_get_string (node);
  if (secret && !(g_str_has_prefix (text, "${input:") && strchr (text, '}') == text + strlen (text) - 1))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The server “%s”: “network.%s” is a secret, which the file may only name "
                     "as ${input:ID}"), mcp_server_config_get_name (self), key);
      return FALSE;
    }

  expanded = _mcp_server_config_expand (self, text, error);
  if (expanded == NULL)
    return FALSE;

  if (path && (g_str_equal (expanded, "~") || g_str_has_prefix (expanded, "~/")))
    {
      char *home = g_build_filename (g_get_home_dir (), expanded + 1, NULL);

      g_free (expanded);
      expanded = home;
    }

  *value = g_steal_pointer (&expanded);
  return TRUE;
}

/* The entry's network settings, onto @transport. */
gboolean
_mcp_server_config_apply_network (McpServerConfig   *self,
                                  McpHttpTransport  *transport,
                                  GError           **error)
{
  JsonObject *network = mcp_server_config_get_network (self);
  g_autoptr(McpNetworkSettings) settings = NULL;
  g_autofree char *ca_file = NULL, *pin = NULL, *certificate = NULL, *key = NULL;
  g_autofree char *password = NULL, *proxy = NULL, *username = NULL, *proxy_password = NULL;
  JsonNode *node;

  if (network == NULL)
    return TRUE;

  if (!get_string (self, network, "caFile", FALSE, TRUE, &ca_file, error) ||
      !get_string (self, network, "pinnedPublicKey", FALSE, FALSE, &pin, error) ||
      !get_string (self, network, "clientCertificate", FALSE, TRUE, &certificate, error) ||
      !get_string (self, network, "clientKey", FALSE, TRUE, &key, error) ||
      !get_string (self, network, "clientKeyPassword", TRUE, FALSE, &password, error) ||
      !get_string (self, network, "proxy", FALSE, FALSE, &proxy, error) ||
      !get_string (self, network, "proxyUsername", FALSE, FALSE, &username, error) ||
      !get_string (self, network, "proxyPassword", TRUE, FALSE, &proxy_password, error))
    return FALSE;

  if (proxy != NULL)
    {
      const char *raw = _mcp_json_object_get_string (network, "proxy");
      g_autoptr(GUri) uri = g_uri_parse (raw, G_URI_FLAGS_HAS_PASSWORD, NULL);

      if (uri != NULL && g_uri_get_password (uri) != NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The server “%s”: the proxy’s password may not be written in "
                         "“network.proxy”; give it as “proxyPassword”: “${input:ID}”"),
                       mcp_server_config_get_name (self));
          return FALSE;
        }
    }

  settings = mcp_network_settings_new ();
  mcp_network_settings_set_ca_file (settings, ca_file);
  mcp_network_settings_set_pinned_public_key (settings, pin);
  mcp_network_settings_set_client_certificate (settings, certificate, key);
  mcp_network_settings_set_client_key_password (settings, password);
  mcp_network_settings_set_proxy (settings, proxy);
  if (username != NULL)
    mcp_network_settings_set_proxy_credentials (settings, username, proxy_password);

  node = json_object_get_member (network, "useSystemCa");
  if (node != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The server “%s”: “network.useSystemCa” must be true or false"),
                       mcp_server_config_get_name (self));
          return FALSE;
        }
      mcp_network_settings_set_use_system_ca (settings, json_node_get_boolean (node));
    }

  node = json_object_get_member (network, "noProxy");
  if (node != NULL)
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      g_auto(GStrv) hosts = NULL;
      JsonArray *array = JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

      for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (!JSON_NODE_HOLDS_VALUE (element) ||
              json_node_get_value_type (element) != G_TYPE_STRING)
            {
              array = NULL;
              break;
            }
          g_strv_builder_add (builder, json_node_get_string (element));
        }
      if (array == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The server “%s”: “network.noProxy” must be an array of hosts"),
                       mcp_server_config_get_name (self));
          return FALSE;
        }
      hosts = g_strv_builder_end (builder);
      mcp_network_settings_set_no_proxy (settings, (const char * const *) hosts);
    }

  mcp_http_transport_set_network_settings (transport, settings);
  return TRUE;
}
