/* mcp-client-roots.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Roots: the directories the client offers the server to work in. The
 * client answers roots/list itself and tells the server when they change.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-source-private.h"

/**
 * mcp_client_get_roots:
 * @self: a client
 *
 * Gets the roots the client offers the server: the directories (as
 * `file://` URIs) the server may work in. It changes with
 * [method@Mcp.Client.add_root] and [method@Mcp.Client.remove_root].
 *
 * Returns: (transfer none): a list of [class@Mcp.Root]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_roots (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return G_LIST_MODEL (self->roots);
}

static gboolean
send_roots_changed (gpointer user_data)
{
  McpClient *self = user_data;

  _mcp_source_clear (&self->roots_changed_source);
  /* A stateless server asks for the roots whenever it needs them. */
  if (self->state == MCP_CLIENT_STATE_READY && !self->stateless &&
      self->declared_capabilities != NULL &&
      json_object_has_member (self->declared_capabilities, "roots"))
    _mcp_rpc_notify_async (self->rpc, "notifications/roots/list_changed", NULL,
                           NULL, NULL, NULL);

  return G_SOURCE_REMOVE;
}

/* Several changes in a row make one notification. */
static void
roots_changed (McpClient *self)
{
  if (self->roots_changed_source == NULL && self->state == MCP_CLIENT_STATE_READY)
    self->roots_changed_source = _mcp_idle_source_attach (self->context, send_roots_changed, self);
}

static gboolean
find_root (McpClient  *self,
           const char *uri,
           guint      *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->roots));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpRoot) root = g_list_model_get_item (G_LIST_MODEL (self->roots), i);

      if (g_str_equal (mcp_root_get_uri (root), uri))
        {
          *position = i;
          return TRUE;
        }
    }

  return FALSE;
}

/**
 * mcp_client_add_root:
 * @self: a client
 * @root: a root to offer the server
 *
 * Adds a root, or replaces the one with the same URI. The client answers
 * the server's `roots/list` requests itself when
 * %MCP_CLIENT_FEATURES_ROOTS is set, and tells the server when the roots
 * change after connecting.
 *
 * Since: 1.0
 */
void
mcp_client_add_root (McpClient *self,
                     McpRoot   *root)
{
  guint position;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (MCP_IS_ROOT (root));

  if (find_root (self, mcp_root_get_uri (root), &position))
    g_list_store_splice (self->roots, position, 1, (gpointer *) &root, 1);
  else
    g_list_store_append (self->roots, root);

  roots_changed (self);
}

/**
 * mcp_client_remove_root:
 * @self: a client
 * @uri: the URI of the root to remove
 *
 * Removes a root.
 *
 * Returns: %TRUE if there was a root with that URI
 *
 * Since: 1.0
 */
gboolean
mcp_client_remove_root (McpClient  *self,
                        const char *uri)
{
  guint position;

  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);

  if (!find_root (self, uri, &position))
    return FALSE;

  g_list_store_remove (self->roots, position);
  roots_changed (self);
  return TRUE;
}

void
_mcp_client_answer_roots (McpClient        *self,
                          McpServerRequest *request)
{
  g_autoptr(JsonObject) result = json_object_new ();
  JsonArray *array = json_array_new ();
  g_autoptr(JsonNode) node = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->roots));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpRoot) root = g_list_model_get_item (G_LIST_MODEL (self->roots), i);

      json_array_add_object_element (array, json_object_ref (mcp_root_get_json (root)));
    }

  json_object_set_array_member (result, "roots", array);
  node = json_node_init_object (json_node_alloc (), result);
  mcp_server_request_reply (request, node);
}
