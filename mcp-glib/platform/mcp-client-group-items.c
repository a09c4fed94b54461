/* mcp-client-group-items.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The items of a client group: its aggregated lists of tools, resources,
 * resource templates and prompts (mcp-group-list.c), finding an item by
 * name, and the rule that makes the qualified names that tell apart the
 * items of the same name from different servers.
 */

#include "config.h"

#include "mcp-client-group-private.h"

static char *
default_qualify (McpGroupItemKind  kind,
                 const char       *server,
                 const char       *name,
                 gpointer          user_data)
{
  GString *out = g_string_new (NULL);

  for (const char *p = server; *p != '\0'; p++)
    g_string_append_c (out, g_ascii_isalnum (*p) || *p == '_' || *p == '-' ? *p : '_');
  g_string_append (out, "__");
  g_string_append (out, name);

  return g_string_free (out, FALSE);
}

char *
_mcp_client_group_qualify (McpClientGroup   *self,
                           McpGroupItemKind  kind,
                           const char       *server,
                           const char       *name)
{
  char *qualified = NULL;

  if (self != NULL && self->name_func != NULL)
    qualified = self->name_func (kind, server, name, self->name_data);

  return qualified != NULL ? qualified : default_qualify (kind, server, name, NULL);
}

/**
 * mcp_client_group_get_tools:
 * @self: a group
 *
 * Gets the tools of the ready servers.
 *
 * Returns: (transfer none): a list of [class@Mcp.GroupItem]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_group_get_tools (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);

  return G_LIST_MODEL (self->lists[MCP_GROUP_ITEM_KIND_TOOL]);
}

/**
 * mcp_client_group_get_resources:
 * @self: a group
 *
 * Gets the resources of the ready servers.
 *
 * Returns: (transfer none): a list of [class@Mcp.GroupItem]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_group_get_resources (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);

  return G_LIST_MODEL (self->lists[MCP_GROUP_ITEM_KIND_RESOURCE]);
}

/**
 * mcp_client_group_get_resource_templates:
 * @self: a group
 *
 * Gets the resource templates of the ready servers.
 *
 * Returns: (transfer none): a list of [class@Mcp.GroupItem]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_group_get_resource_templates (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);

  return G_LIST_MODEL (self->lists[MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE]);
}

/**
 * mcp_client_group_get_prompts:
 * @self: a group
 *
 * Gets the prompts of the ready servers.
 *
 * Returns: (transfer none): a list of [class@Mcp.GroupItem]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_group_get_prompts (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);

  return G_LIST_MODEL (self->lists[MCP_GROUP_ITEM_KIND_PROMPT]);
}

/**
 * mcp_client_group_lookup:
 * @self: a group
 * @kind: what to look for
 * @name: its name in the group, or its qualified name
 * @error: return location for a #GError
 *
 * Finds an item of a ready server by name.
 *
 * Returns: (transfer none): the item, or %NULL with %G_IO_ERROR_NOT_FOUND
 *   when no ready server has it, or %G_IO_ERROR_FAILED when the name is
 *   ambiguous (a qualified name from a custom rule that two items share)
 *
 * Since: 1.0
 */
McpGroupItem *
mcp_client_group_lookup (McpClientGroup    *self,
                         McpGroupItemKind   kind,
                         const char        *name,
                         GError           **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);
  g_return_val_if_fail (kind < N_KINDS, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return _mcp_group_list_lookup (self->lists[kind], name, error);
}

/**
 * mcp_client_group_set_name_func:
 * @self: a group
 * @func: (nullable) (scope notified): makes qualified names, or %NULL for
 *   the default rule
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 *
 * Replaces the rule that makes the qualified names of items
 * ([property@Mcp.GroupItem:qualified-name]), which the items of the same
 * name from different servers go by. The default rule makes
 * `server__name`, with the characters of the server's name other than
 * ASCII letters, digits, `_` and `-` replaced by `_`.
 *
 * <!-- doc-test
 * static McpClientGroup *group;
 * -->
 * ```c
 * static char *
 * dotted_name (McpGroupItemKind kind, const char *server, const char *name,
 *              gpointer user_data)
 * {
 *   return g_strconcat (server, ".", name, NULL);
 * }
 *
 * mcp_client_group_set_name_func (group, dotted_name, NULL, NULL);
 * ```
 *
 * The items in the models are renamed at once.
 *
 * Since: 1.0
 */
void
mcp_client_group_set_name_func (McpClientGroup         *self,
                                McpClientGroupNameFunc  func,
                                gpointer                user_data,
                                GDestroyNotify          destroy)
{
  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));

  if (self->name_destroy != NULL)
    self->name_destroy (self->name_data);

  self->name_func = func;
  self->name_data = user_data;
  self->name_destroy = destroy;

  for (guint i = 0; i < N_KINDS; i++)
    _mcp_group_list_requalify (self->lists[i]);
}
