/* mcp-client-group-authorization.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Signing in to the remote servers of a client group: an McpAuthorization
 * on the group's credential store for the HTTP transport of each client the
 * group makes (unless the server's entry sends an Authorization header of
 * its own).
 */

#include "config.h"

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

  g_assert (server->config != NULL);

  if (self->credential_store == NULL || !MCP_IS_HTTP_TRANSPORT (transport) ||
      mcp_http_transport_get_authorization (MCP_HTTP_TRANSPORT (transport)) != NULL ||
      sends_authorization (server->config))
    return;

  authorization = mcp_authorization_new ();
  mcp_authorization_set_store (authorization, self->credential_store);
  mcp_http_transport_set_authorization (MCP_HTTP_TRANSPORT (transport), authorization);
}
