/* mcp-client-group-authorization.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Signing in to the remote servers of a client group: the group's
 * credential store, an McpAuthorization on it for the HTTP transport of
 * each client the group makes (unless the server's entry sends an
 * Authorization header of its own), and a watch on the sign-ins of
 * whatever authorization the transport has once the application saw the
 * client.
 *
 * An attempt that ends for want of a sign-in is not tried again by itself:
 * trying again would only show the user another sign-in page unasked.
 * Most such attempts fail with an error of the authorization, which says
 * so (see is_permanent () in mcp-client-group-connection.c); the watch
 * finds the one that does not: an attempt that the connect timeout ended
 * while its sign-in was waiting for the user.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-group-private.h"
#include "mcp-http-transport.h"

/* Whether the server's entry sends credentials of its own. */
static gboolean
sends_authorization (McpServerConfig *config)
{
  JsonObject *headers = mcp_server_config_get_headers (config);
  g_autoptr(GList) names = headers != NULL ? json_object_get_members (headers) : NULL;

  for (GList *l = names; l != NULL; l = l->next)
    if (g_ascii_strcasecmp (l->data, "Authorization") == 0)
      return TRUE;

  return FALSE;
}

/* Gives the transport of @client, made from @server's configuration, an
 * authorization of its own on the group's credential store. */
void
_mcp_client_group_authorize (McpClientGroup *self,
                             McpGroupServer *server,
                             McpClient      *client)
{
  McpTransport *transport = mcp_client_get_transport (client);
  g_autoptr(McpAuthorization) authorization = NULL;

  g_assert (mcp_group_server_get_config (server) != NULL);

  /* A new transport of the configuration: it has no authorization yet. */
  if (self->credential_store == NULL || !MCP_IS_HTTP_TRANSPORT (transport) ||
      sends_authorization (mcp_group_server_get_config (server)))
    return;

  authorization = mcp_authorization_new ();
  mcp_authorization_set_store (authorization, self->credential_store);
  mcp_http_transport_set_authorization (MCP_HTTP_TRANSPORT (transport), authorization);
}

static void
on_sign_in_needed (McpAuthorization *authorization,
                   const char       *url,
                   McpGroupServer   *server)
{
  if (g_strcmp0 (url, _mcp_group_server_get_slot (server)->authorization_url) == 0)
    _mcp_group_server_get_slot (server)->signing_in = TRUE;
}

/* Signed in, or not: the attempt goes on, or fails as it will. */
static void
on_sign_in_over (McpAuthorization *authorization,
                 const char       *url,
                 McpGroupServer   *server)
{
  if (g_strcmp0 (url, _mcp_group_server_get_slot (server)->authorization_url) == 0)
    _mcp_group_server_get_slot (server)->signing_in = FALSE;
}

static void
on_sign_in_failed (McpAuthorization *authorization,
                   const char       *url,
                   const GError     *error,
                   McpGroupServer   *server)
{
  on_sign_in_over (authorization, url, server);
}

/* Watches the sign-ins of the authorization the transport of @client, the
 * server's new attempt, has after ::client-created: the group's own, or
 * the application's. */
void
_mcp_client_group_watch_sign_in (McpGroupServer *server,
                                 McpClient      *client)
{
  McpTransport *transport = mcp_client_get_transport (client);
  McpAuthorization *authorization;
  McpHttpTransport *http;
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  _mcp_client_group_unwatch_sign_in (server);

  if (!MCP_IS_HTTP_TRANSPORT (transport))
    return;

  http = MCP_HTTP_TRANSPORT (transport);
  if ((authorization = mcp_http_transport_get_authorization (http)) == NULL)
    return;

  slot->authorization = g_object_ref (authorization);
  slot->authorization_url = g_strdup (mcp_http_transport_get_url (http));
  g_signal_connect (authorization, "sign-in-needed", G_CALLBACK (on_sign_in_needed), server);
  g_signal_connect (authorization, "signed-in", G_CALLBACK (on_sign_in_over), server);
  g_signal_connect (authorization, "sign-in-failed", G_CALLBACK (on_sign_in_failed), server);
}

/* The attempt is over: ready, failed or stopped. */
void
_mcp_client_group_unwatch_sign_in (McpGroupServer *server)
{
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  if (slot->authorization != NULL)
    g_signal_handlers_disconnect_by_data (slot->authorization, server);
  g_clear_object (&slot->authorization);
  g_clear_pointer (&slot->authorization_url, g_free);
  slot->signing_in = FALSE;
}

/* When @error ended the attempt while its sign-in was waiting for the
 * user, returns the error that says the attempt failed for want of a
 * sign-in; otherwise %NULL. */
GError *
_mcp_client_group_sign_in_error (McpGroupServer *server,
                                 const GError   *error)
{
  if (!_mcp_group_server_get_slot (server)->signing_in || error->domain == MCP_AUTHORIZATION_ERROR)
    return NULL;

  return g_error_new (MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED,
                      _("Signing in to the server “%s” was not completed: %s"),
                      mcp_group_server_get_name (server), error->message);
}

/**
 * mcp_client_group_get_credential_store:
 * @self: a group
 *
 * Gets where the remote servers' credentials are kept.
 *
 * Returns: (transfer none) (nullable): the store, or %NULL
 *
 * Since: 1.0
 */
McpCredentialStore *
mcp_client_group_get_credential_store (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);

  return self->credential_store;
}

/**
 * mcp_client_group_set_credential_store:
 * @self: a group
 * @store: (nullable): where to keep credentials, or %NULL
 *
 * Sets [property@Mcp.ClientGroup:credential-store]: with a store, the
 * group's remote servers sign in, and their credentials are kept there.
 *
 * Since: 1.0
 */
void
mcp_client_group_set_credential_store (McpClientGroup     *self,
                                       McpCredentialStore *store)
{
  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (store == NULL || MCP_IS_CREDENTIAL_STORE (store));

  if (g_set_object (&self->credential_store, store))
    _mcp_client_group_notify_credential_store (self);
}
