/* mcp-client-group-lifecycle.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The servers of a client group coming and going, and the group as a
 * whole: servers inserted and removed, made to follow the group's registry,
 * started again from scratch when their configuration changes; starting
 * the group (connect_async, complete once no server makes its first
 * attempt any more) and stopping it (close_async, complete once every
 * connection is closed); the public calls that add, remove and find a
 * server. How each server connects is in mcp-client-group-connection.c.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-group-private.h"
#include "mcp-source-private.h"

/* The server's configuration changed, or the user asked: connect again
 * from scratch. */
void
_mcp_client_group_restart_server (McpClientGroup *self,
                                  McpGroupServer *server)
{
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  _mcp_client_group_stop_server (self, server, MCP_GROUP_SERVER_STATE_STOPPED);
  slot->attempted = FALSE;
  slot->backoff = 0;
  _mcp_group_server_set_attempts (server, 0);
  _mcp_client_group_start_server (self, server);
}

static gboolean
restart_cb (gpointer user_data)
{
  g_autoptr(McpGroupServer) server = g_object_ref (user_data);

  _mcp_source_clear (&_mcp_group_server_get_slot (server)->restart_source);
  if (_mcp_group_server_get_group (server) != NULL)
    _mcp_client_group_restart_server (_mcp_group_server_get_group (server), server);

  return G_SOURCE_REMOVE;
}

static void
config_changed_cb (McpServerConfig *config,
                   GParamSpec      *pspec,
                   McpGroupServer  *server)
{
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  /* Setters change one member at a time: restart once they are done. */
  if (slot->restart_source == NULL)
    slot->restart_source = _mcp_timeout_source_add (0, restart_cb, g_object_ref (server),
                                                    g_object_unref);
}

McpGroupServer *
_mcp_client_group_insert_server (McpClientGroup  *self,
                                 const char      *name,
                                 McpServerConfig *config,
                                 guint            position)
{
  g_autoptr(McpGroupServer) server = _mcp_group_server_new (self, name, config);

  for (guint i = 0; i < N_KINDS; i++)
    _mcp_group_list_add_section (self->lists[i], server, position);
  /* The list of servers holds the group's reference. */
  g_list_store_insert (self->servers, position, server);

  if (config != NULL)
    g_signal_connect (config, "notify::json", G_CALLBACK (config_changed_cb), server);

  return server;
}

void
_mcp_client_group_remove_server (McpClientGroup *self,
                                 McpGroupServer *server)
{
  g_autoptr(McpGroupServer) hold = g_object_ref (server);
  guint position;
  McpGroupSlot *slot = _mcp_group_server_get_slot (server);

  _mcp_client_group_stop_server (self, server, MCP_GROUP_SERVER_STATE_STOPPED);
  if (mcp_group_server_get_config (server) != NULL)
    g_signal_handlers_disconnect_by_data (mcp_group_server_get_config (server), server);
  if (slot->hand_added)
    g_clear_object (&slot->connecting);

  for (guint i = 0; i < N_KINDS; i++)
    _mcp_group_list_remove_section (self->lists[i], server);
  if (g_list_store_find (self->servers, server, &position))
    g_list_store_remove (self->servers, position);

  _mcp_group_server_set_group (server, NULL);
  _mcp_client_group_check_connected (self);
}

/* Makes the servers that follow the registry what the registry lists. */
void
_mcp_client_group_sync_registry (McpClientGroup *self)
{
  GListModel *registry = G_LIST_MODEL (self->registry);
  guint n_configs = g_list_model_get_n_items (registry);
  g_autoptr(GPtrArray) configs = g_ptr_array_new_with_free_func (g_object_unref);
  guint position = 0;

  for (guint i = 0; i < n_configs; i++)
    g_ptr_array_add (configs, g_list_model_get_item (registry, i));

  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->servers)); i > 0; i--)
    {
      g_autoptr(McpGroupServer) server =
        g_list_model_get_item (G_LIST_MODEL (self->servers), i - 1);

      if (_mcp_group_server_get_slot (server)->from_registry &&
          !g_ptr_array_find (configs, mcp_group_server_get_config (server), NULL))
        _mcp_client_group_remove_server (self, server);
    }

  for (guint i = 0; i < configs->len; i++)
    {
      McpServerConfig *config = configs->pdata[i];
      const char *name = mcp_server_config_get_name (config);
      McpGroupServer *server = _mcp_client_group_find_server (self, name);

      if (server != NULL && mcp_group_server_get_config (server) == config)
        {
          g_list_store_find (self->servers, server, &position);
          position++;
          continue;
        }

      if (server != NULL)
        {
          g_debug ("The server %s of the registry has the name of a server added by hand",
                   name);
          continue;
        }

      server = _mcp_client_group_insert_server (self, name, config, position++);
      _mcp_group_server_get_slot (server)->from_registry = TRUE;
      _mcp_client_group_start_server (self, server);
    }
}

/* Starting and stopping the group --------------------------------------- */

static void connect_cancelled_cb (GCancellable *cancellable,
                                  GTask        *task);

/* Completes the connect_async calls once no server makes its first
 * attempt any more. */
void
_mcp_client_group_check_connected (McpClientGroup *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));
  g_autoptr(GPtrArray) tasks = NULL;

  if (self->connect_tasks->len == 0)
    return;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (mcp_group_server_get_state (server) == MCP_GROUP_SERVER_STATE_CONNECTING)
        return;
    }

  tasks = g_steal_pointer (&self->connect_tasks);
  self->connect_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < tasks->len; i++)
    {
      GCancellable *cancellable = g_task_get_cancellable (tasks->pdata[i]);

      if (cancellable != NULL)
        g_signal_handlers_disconnect_by_func (cancellable, connect_cancelled_cb, tasks->pdata[i]);
      g_task_return_boolean (tasks->pdata[i], TRUE);
    }
}

void
_mcp_client_group_check_closed (McpClientGroup *self)
{
  g_autoptr(GPtrArray) tasks = NULL;

  if (self->n_closing > 0 || self->close_tasks->len == 0)
    return;

  tasks = g_steal_pointer (&self->close_tasks);
  self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < tasks->len; i++)
    g_task_return_boolean (tasks->pdata[i], TRUE);
}

static void
connect_cancelled_cb (GCancellable *cancellable,
                      GTask        *task)
{
  McpClientGroup *self = g_task_get_source_object (task);
  g_autoptr(GTask) hold = g_object_ref (task);

  g_signal_handlers_disconnect_by_func (cancellable, connect_cancelled_cb, task);
  if (g_ptr_array_remove (self->connect_tasks, task))
    g_task_return_error_if_cancelled (task);
}

/**
 * mcp_client_group_connect_async:
 * @self: a group
 * @cancellable: (nullable): a #GCancellable
 * @callback: (nullable): called once every server made its first attempt
 * @user_data: data for @callback
 *
 * Starts the group: its servers connect, a few at a time (see
 * [property@Mcp.ClientGroup:max-connecting]), and reconnect when their
 * connection ends, until [method@Mcp.ClientGroup.close_async]. Servers
 * added later connect when they are added.
 *
 * The call completes once no server is making its first attempt any more:
 * each is ready, failed (and waits to try again), or disabled. It does not
 * fail when servers do: their [property@Mcp.GroupServer:state] says how
 * they are. Cancelling it does not stop the servers.
 *
 * Since: 1.0
 */
void
mcp_client_group_connect_async (McpClientGroup      *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  guint n;

  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  self->started = TRUE;

  /* Nobody waits: nothing keeps the group alive while servers connect. */
  if (callback != NULL)
    {
      task = g_task_new (self, cancellable, callback, user_data);
      g_task_set_source_tag (task, mcp_client_group_connect_async);

      if (!g_task_return_error_if_cancelled (task))
        {
          g_ptr_array_add (self->connect_tasks, g_object_ref (task));
          if (cancellable != NULL)
            g_signal_connect (cancellable, "cancelled", G_CALLBACK (connect_cancelled_cb), task);
        }
    }

  n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (mcp_group_server_get_state (server) == MCP_GROUP_SERVER_STATE_STOPPED)
        _mcp_client_group_start_server (self, server);
    }

  _mcp_client_group_check_connected (self);
}

/**
 * mcp_client_group_connect_finish:
 * @self: a group
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ClientGroup.connect_async].
 *
 * Returns: %TRUE, or %FALSE if the call was cancelled
 *
 * Since: 1.0
 */
gboolean
mcp_client_group_connect_finish (McpClientGroup  *self,
                                 GAsyncResult    *result,
                                 GError         **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_client_group_connect_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * mcp_client_group_close_async:
 * @self: a group
 * @cancellable: (nullable): a #GCancellable
 * @callback: (nullable): called once every connection is closed
 * @user_data: data for @callback
 *
 * Stops the group: attempts to connect end, and every connection is
 * closed (see [method@Mcp.Client.close_async]), which stops the local
 * servers. The servers stay in the group, stopped, and
 * [method@Mcp.ClientGroup.connect_async] starts them again, except for
 * clients added by hand, which cannot be connected again.
 *
 * Since: 1.0
 */
void
mcp_client_group_close_async (McpClientGroup      *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  guint n;

  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_group_close_async);

  self->started = FALSE;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      _mcp_client_group_stop_server (self, server, MCP_GROUP_SERVER_STATE_STOPPED);
    }

  g_ptr_array_add (self->close_tasks, g_steal_pointer (&task));
  _mcp_client_group_check_closed (self);
}

/**
 * mcp_client_group_close_finish:
 * @self: a group
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ClientGroup.close_async].
 *
 * Returns: %TRUE once every connection is closed
 *
 * Since: 1.0
 */
gboolean
mcp_client_group_close_finish (McpClientGroup  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_client_group_close_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Adding, removing and finding servers ------------------------------------ */

static gboolean
check_name_free (McpClientGroup  *self,
                 const char      *name,
                 GError         **error)
{
  if (_mcp_client_group_find_server (self, name) == NULL)
    return TRUE;

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               _("The group has a server named “%s” already"), name);
  return FALSE;
}

/**
 * mcp_client_group_add_client:
 * @self: a group
 * @name: the server's name in the group
 * @client: a client, connected or not
 * @error: return location for a #GError
 *
 * Adds a server through a client the application made. The group connects
 * it if it is not connected yet, and closes it when the server is removed
 * or the group closed. The group cannot make a new client for it, so it is
 * not reconnected when its connection ends: add a configuration
 * ([method@Mcp.ClientGroup.add_config]) for that.
 *
 * Returns: (transfer none): the server, or %NULL with %G_IO_ERROR_EXISTS
 *   when the group has one of that name already
 *
 * Since: 1.0
 */
McpGroupServer *
mcp_client_group_add_client (McpClientGroup  *self,
                             const char      *name,
                             McpClient       *client,
                             GError         **error)
{
  McpGroupServer *server;
  McpGroupSlot *slot;

  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (MCP_IS_CLIENT (client), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_name_free (self, name, error))
    return NULL;

  server = _mcp_client_group_insert_server (self, name, NULL,
                          g_list_model_get_n_items (G_LIST_MODEL (self->servers)));
  slot = _mcp_group_server_get_slot (server);
  slot->hand_added = TRUE;
  slot->connecting = g_object_ref (client);
  _mcp_client_group_start_server (self, server);

  return server;
}

/**
 * mcp_client_group_add_config:
 * @self: a group
 * @config: a server's configuration
 * @error: return location for a #GError
 *
 * Adds a server from a configuration that is not in the group's registry,
 * such as one made with [ctor@Mcp.ServerConfig.new_stdio]. It is connected
 * and reconnected as the registry's servers are.
 *
 * Returns: (transfer none): the server, or %NULL with %G_IO_ERROR_EXISTS
 *   when the group has one of that name already
 *
 * Since: 1.0
 */
McpGroupServer *
mcp_client_group_add_config (McpClientGroup   *self,
                             McpServerConfig  *config,
                             GError          **error)
{
  McpGroupServer *server;
  const char *name;

  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (config), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = mcp_server_config_get_name (config);
  if (!check_name_free (self, name, error))
    return NULL;

  server = _mcp_client_group_insert_server (self, name, config,
                          g_list_model_get_n_items (G_LIST_MODEL (self->servers)));
  _mcp_client_group_start_server (self, server);

  return server;
}

/**
 * mcp_client_group_remove:
 * @self: a group
 * @name: a server's name
 *
 * Removes a server added by hand: its connection is closed and its items
 * leave the models. The registry's servers leave when they leave the
 * registry.
 *
 * Returns: %TRUE if a server added by hand was removed
 *
 * Since: 1.0
 */
gboolean
mcp_client_group_remove (McpClientGroup *self,
                         const char     *name)
{
  McpGroupServer *server;

  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if ((server = _mcp_client_group_find_server (self, name)) == NULL ||
      _mcp_group_server_get_slot (server)->from_registry)
    return FALSE;

  _mcp_client_group_remove_server (self, server);
  return TRUE;
}

/**
 * mcp_client_group_get_servers:
 * @self: a group
 *
 * Gets the servers of the group.
 *
 * Returns: (transfer none): a list of [class@Mcp.GroupServer]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_group_get_servers (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);

  return G_LIST_MODEL (self->servers);
}

/**
 * mcp_client_group_lookup_server:
 * @self: a group
 * @name: a server's name
 *
 * Finds a server of the group.
 *
 * Returns: (transfer none) (nullable): the server, or %NULL
 *
 * Since: 1.0
 */
McpGroupServer *
mcp_client_group_lookup_server (McpClientGroup *self,
                                const char     *name)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return _mcp_client_group_find_server (self, name);
}
