/* mcp-client-group-roots.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The group's own roots: every client the group makes gets them, and the
 * clients it has get a root added or removed at once. For a sandboxed
 * stdio server (McpSandbox) the roots are also where it may write, from
 * its next start on.
 */

#include "config.h"

#include "mcp-client-group-private.h"

static GListStore *
ensure_roots (McpClientGroup *self)
{
  if (self->roots == NULL)
    self->roots = g_list_store_new (MCP_TYPE_ROOT);
  return self->roots;
}

/* Gives a new client of the group the group's roots. */
void
_mcp_client_group_apply_roots (McpClientGroup *self,
                               McpClient      *client)
{
  GListModel *roots = G_LIST_MODEL (ensure_roots (self));

  for (guint i = 0; i < g_list_model_get_n_items (roots); i++)
    {
      g_autoptr(McpRoot) root = g_list_model_get_item (roots, i);

      mcp_client_add_root (client, root);
    }
}

/**
 * mcp_client_group_get_roots:
 * @self: a client group
 *
 * Gets the group's roots, which every client of the group offers to its
 * server (see [method@Mcp.ClientGroup.add_root]).
 *
 * Returns: (transfer none): a list model of [class@Mcp.Root]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_group_get_roots (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);

  return G_LIST_MODEL (ensure_roots (self));
}

/**
 * mcp_client_group_add_root:
 * @self: a client group
 * @root: a root
 *
 * Adds a root to every client of the group, those it has and those it
 * will make, replacing one with the same URI. Declare
 * %MCP_CLIENT_FEATURES_ROOTS in [property@Mcp.ClientGroup:features] for
 * servers to be told. A sandboxed stdio server (see [class@Mcp.Sandbox])
 * may write to the roots it was started with: a root added while it runs
 * takes effect at its next start.
 *
 * Since: 1.0
 */
void
mcp_client_group_add_root (McpClientGroup *self,
                           McpRoot        *root)
{
  GListStore *roots;
  GListModel *servers;

  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (MCP_IS_ROOT (root));

  mcp_client_group_remove_root (self, mcp_root_get_uri (root));
  roots = ensure_roots (self);
  g_list_store_append (roots, root);

  servers = G_LIST_MODEL (self->servers);
  for (guint i = 0; i < g_list_model_get_n_items (servers); i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (servers, i);
      McpClient *client = mcp_group_server_get_client (server);

      if (client != NULL)
        mcp_client_add_root (client, root);
    }
}

/**
 * mcp_client_group_remove_root:
 * @self: a client group
 * @uri: the URI of a root of the group
 *
 * Removes a root from the group and from each of its clients.
 *
 * Returns: whether the group had that root
 *
 * Since: 1.0
 */
gboolean
mcp_client_group_remove_root (McpClientGroup *self,
                              const char     *uri)
{
  GListStore *roots;
  GListModel *servers;
  gboolean found = FALSE;

  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);

  roots = ensure_roots (self);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (roots)); i++)
    {
      g_autoptr(McpRoot) root = g_list_model_get_item (G_LIST_MODEL (roots), i);

      if (g_strcmp0 (mcp_root_get_uri (root), uri) == 0)
        {
          g_list_store_remove (roots, i);
          found = TRUE;
          break;
        }
    }

  if (!found)
    return FALSE;

  servers = G_LIST_MODEL (self->servers);
  for (guint i = 0; i < g_list_model_get_n_items (servers); i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (servers, i);
      McpClient *client = mcp_group_server_get_client (server);

      if (client != NULL)
        mcp_client_remove_root (client, uri);
    }

  return TRUE;
}
