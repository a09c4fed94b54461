/* mcp-client-group-calls.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The calls of a client group that go to one of its servers, found by the
 * name of a tool, prompt or resource in the group.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-group-private.h"

/* The client of the ready server that has the item called @name. */
static McpClient *
route (McpClientGroup    *self,
       GTask             *task,
       McpGroupItemKind   kind,
       const char        *name,
       const char       **original,
       GError           **error)
{
  McpGroupItem *item = _mcp_group_list_lookup (self->lists[kind], name, error);
  McpGroupServer *server;

  if (item == NULL)
    return NULL;

  server = mcp_group_item_get_server (item);
  *original = mcp_group_item_get_original_name (item);
  if (mcp_group_server_get_client (server) == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                 _("The server “%s” is not connected"), mcp_group_server_get_name (server));
  else
    g_task_set_task_data (task, g_object_ref (server), g_object_unref);

  return mcp_group_server_get_client (server);
}

/* A call failed for a reason that may be that its server cannot be reached
 * any more: check it now rather than at the next ping. */
static void
check_after_failure (GTask        *task,
                     McpClient    *client,
                     const GError *error)
{
  McpClientGroup *self = g_task_get_source_object (task);

  if (error->domain != G_IO_ERROR ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    return;

  _mcp_client_group_check_server (self, g_task_get_task_data (task), client);
}

/* Completes @task (transfer full) with what a server's call gave: @answer
 * (transfer full), an object, or @error (transfer full). */
static void
return_answer (GTask     *task,
               McpClient *client,
               gpointer   answer,
               GError    *error)
{
  if (answer == NULL)
    {
      check_after_failure (task, client, error);
      g_task_return_error (task, error);
    }
  else
    g_task_return_pointer (task, answer, g_object_unref);

  g_object_unref (task);
}

static void
call_tool_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GError *error = NULL;
  McpToolResult *answer = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);

  return_answer (user_data, MCP_CLIENT (object), answer, error);
}

/**
 * mcp_client_group_call_tool_async:
 * @self: a group
 * @name: the tool's name in the group, or its qualified name
 * @arguments: (nullable): the arguments
 * @options: (nullable): options for this call
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the call completes
 * @user_data: data for @callback
 *
 * Calls a tool of the group on the server it comes from, by its own name
 * there (see [method@Mcp.Client.call_tool_async]).
 *
 * Since: 1.0
 */
void
mcp_client_group_call_tool_async (McpClientGroup      *self,
                                  const char          *name,
                                  JsonObject          *arguments,
                                  McpRequestOptions   *options,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  const char *original = NULL;
  McpClient *client;

  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (options == NULL || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_group_call_tool_async);

  if ((client = route (self, task, MCP_GROUP_ITEM_KIND_TOOL, name, &original, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  mcp_client_call_tool_async (client, original, arguments, options, cancellable,
                              call_tool_cb, g_steal_pointer (&task));
}

/**
 * mcp_client_group_call_tool_finish:
 * @self: a group
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ClientGroup.call_tool_async].
 *
 * Returns: (transfer full): the tool's result, or %NULL on error, which
 *   is %G_IO_ERROR_NOT_FOUND when no ready server has the tool
 *
 * Since: 1.0
 */
McpToolResult *
mcp_client_group_call_tool_finish (McpClientGroup  *self,
                                   GAsyncResult    *result,
                                   GError         **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_client_group_call_tool_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
get_prompt_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  GError *error = NULL;
  McpPromptResult *answer = mcp_client_get_prompt_finish (MCP_CLIENT (object), result, &error);

  return_answer (user_data, MCP_CLIENT (object), answer, error);
}

/**
 * mcp_client_group_get_prompt_async:
 * @self: a group
 * @name: the prompt's name in the group, or its qualified name
 * @arguments: (nullable) (element-type utf8 utf8): the prompt's arguments
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the call completes
 * @user_data: data for @callback
 *
 * Gets a prompt of the group from the server it comes from (see
 * [method@Mcp.Client.get_prompt_async]).
 *
 * Since: 1.0
 */
void
mcp_client_group_get_prompt_async (McpClientGroup      *self,
                                   const char          *name,
                                   GHashTable          *arguments,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  const char *original = NULL;
  McpClient *client;

  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_group_get_prompt_async);

  if ((client = route (self, task, MCP_GROUP_ITEM_KIND_PROMPT, name, &original, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  mcp_client_get_prompt_async (client, original, arguments, cancellable, get_prompt_cb,
                               g_steal_pointer (&task));
}

/**
 * mcp_client_group_get_prompt_finish:
 * @self: a group
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ClientGroup.get_prompt_async].
 *
 * Returns: (transfer full): the prompt, or %NULL on error
 *
 * Since: 1.0
 */
McpPromptResult *
mcp_client_group_get_prompt_finish (McpClientGroup  *self,
                                    GAsyncResult    *result,
                                    GError         **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        mcp_client_group_get_prompt_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
read_resource_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GError *error = NULL;
  GListModel *contents = mcp_client_read_resource_finish (MCP_CLIENT (object), result, &error);

  return_answer (user_data, MCP_CLIENT (object), contents, error);
}

/**
 * mcp_client_group_read_resource_async:
 * @self: a group
 * @name: the resource's name in the group (its URI, unless two servers
 *   list the same URI), or its qualified name
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the call completes
 * @user_data: data for @callback
 *
 * Reads a resource of the group from the server that lists it (see
 * [method@Mcp.Client.read_resource_async]). A resource that no server
 * lists, such as one made from a template, is read through the client of
 * its server ([property@Mcp.GroupServer:client]).
 *
 * Since: 1.0
 */
void
mcp_client_group_read_resource_async (McpClientGroup      *self,
                                      const char          *name,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  const char *original = NULL;
  McpClient *client;

  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_group_read_resource_async);

  if ((client = route (self, task, MCP_GROUP_ITEM_KIND_RESOURCE, name, &original, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  mcp_client_read_resource_async (client, original, cancellable, read_resource_cb,
                                  g_steal_pointer (&task));
}

/**
 * mcp_client_group_read_resource_finish:
 * @self: a group
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ClientGroup.read_resource_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.ResourceContents], or
 *   %NULL on error
 *
 * Since: 1.0
 */
GListModel *
mcp_client_group_read_resource_finish (McpClientGroup  *self,
                                       GAsyncResult    *result,
                                       GError         **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        mcp_client_group_read_resource_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
