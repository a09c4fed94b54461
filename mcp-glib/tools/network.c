/* network.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * --ca-file, --cert, --key and --proxy: the network settings of an HTTP
 * server, on top of those of its configured entry; and what to suggest
 * when a TLS connection or a proxy fails.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

/* The options' network settings, over those @transport has (from the
 * server's entry) if any. */
void
cli_app_configure_network (CliApp           *app,
                           McpHttpTransport *transport)
{
  McpNetworkSettings *configured = mcp_http_transport_get_network_settings (transport);
  g_autoptr(McpNetworkSettings) settings = NULL;

  if (app->ca_file == NULL && app->cert == NULL && app->key == NULL && app->proxy == NULL)
    return;

  settings = configured != NULL ? g_object_ref (configured) : mcp_network_settings_new ();
  if (app->ca_file != NULL)
    mcp_network_settings_set_ca_file (settings, app->ca_file);
  if (app->cert != NULL || app->key != NULL)
    mcp_network_settings_set_client_certificate (settings,
                                                 app->cert != NULL
                                                 ? app->cert
                                                 : mcp_network_settings_get_client_certificate (settings),
                                                 app->key);
  if (app->proxy != NULL)
    mcp_network_settings_set_proxy (settings, app->proxy);
  mcp_http_transport_set_network_settings (transport, settings);
}

/* What the user can do about @error, or %NULL. */
const char *
cli_network_hint (const GError *error)
{
  if (g_error_matches (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE))
    return _("If the server’s certificate comes from your organisation’s own CA, give that CA "
             "with --ca-file (or “caFile” in the server’s entry). An expired certificate, or "
             "one for another name, is for the server’s operator to fix.");
  if (g_error_matches (error, G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED))
    return _("Give your client certificate with --cert and its key with --key (or "
             "“clientCertificate” and “clientKey” in the server’s entry).");
  if (g_error_matches (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE_PASSWORD))
    return _("Give the passphrase of the client certificate through an input "
             "(“clientKeyPassword”: “${input:ID}” in the server’s entry).");
  if (error->domain == G_IO_ERROR &&
      (error->code == G_IO_ERROR_PROXY_FAILED || error->code == G_IO_ERROR_PROXY_AUTH_FAILED ||
       error->code == G_IO_ERROR_PROXY_NEED_AUTH || error->code == G_IO_ERROR_PROXY_NOT_ALLOWED))
    return _("Check the proxy and its credentials: --proxy http://USER:PASSWORD@HOST:PORT (or "
             "“proxy” in the server’s entry).");

  return NULL;
}
