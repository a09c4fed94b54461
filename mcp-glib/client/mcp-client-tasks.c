/* mcp-client-tasks.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Tasks: the work a server runs on past the request that started it.
 * Tool calls run as tasks by themselves (see mcp-tool-call.c); these are
 * the requests that list, inspect and cancel tasks.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"

const McpListKind _mcp_list_tasks_kind = {
  "tasks/list", "tasks", "tasks", N_("tasks"),
  mcp_task_get_type, (McpValueFromJson) mcp_task_new_from_json,
  (McpValueGetJson) mcp_task_get_json, "taskId",
  NULL, -1,
};

/**
 * mcp_client_list_tasks_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the tasks
 * @user_data: data for @callback
 *
 * Lists the tasks the server keeps for this client, following all pages. A list is read up to 1,000 pages and
 * 100,000 entries; past that, the call fails with
 * %G_IO_ERROR_MESSAGE_TOO_LARGE.
 *
 * Since: 1.0
 */
void
mcp_client_list_tasks_async (McpClient           *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  _mcp_client_list_all_async (self, &_mcp_list_tasks_kind, mcp_client_list_tasks_async,
                              cancellable, callback, user_data);
}

/**
 * mcp_client_list_tasks_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_tasks_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.Task]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_tasks_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return _mcp_client_list_all_finish (self, result, mcp_client_list_tasks_async, error);
}

gpointer
_mcp_client_parse_task (McpClient  *self,
                        JsonNode   *result,
                        GError    **error)
{
  JsonObject *object = _mcp_client_result_object (result, "tasks/get", error);

  return object != NULL ? mcp_task_new_from_json (object, error) : NULL;
}

/**
 * mcp_client_get_task_async:
 * @self: a connected client
 * @task_id: the task's id
 * @cancellable: (nullable): a cancellable
 * @callback: called with the task
 * @user_data: data for @callback
 *
 * Gets the current state of a task.
 *
 * Since: 1.0
 */
void
mcp_client_get_task_async (McpClient           *self,
                           const char          *task_id,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (task_id != NULL);

  _mcp_client_typed_call_async (self, mcp_client_get_task_async, "tasks", N_("tasks"),
                                "tasks/get", _mcp_client_params_with_string ("taskId", task_id),
                                _mcp_client_parse_task, cancellable, callback, user_data);
}

/**
 * mcp_client_get_task_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.get_task_async].
 *
 * Returns: (transfer full): the task
 *
 * Since: 1.0
 */
McpTask *
mcp_client_get_task_finish (McpClient     *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  return _mcp_client_typed_call_finish (self, result, mcp_client_get_task_async, error);
}

/**
 * mcp_client_cancel_task_async:
 * @self: a connected client
 * @task_id: the task's id
 * @cancellable: (nullable): a cancellable
 * @callback: called with the task's new state
 * @user_data: data for @callback
 *
 * Asks the server to cancel a task.
 *
 * Since: 1.0
 */
void
mcp_client_cancel_task_async (McpClient           *self,
                              const char          *task_id,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (task_id != NULL);

  _mcp_client_typed_call_async (self, mcp_client_cancel_task_async, "tasks", N_("tasks"),
                                "tasks/cancel", _mcp_client_params_with_string ("taskId", task_id),
                                _mcp_client_parse_task, cancellable, callback, user_data);
}

/**
 * mcp_client_cancel_task_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.cancel_task_async].
 *
 * Returns: (transfer full): the task, as the server left it
 *
 * Since: 1.0
 */
McpTask *
mcp_client_cancel_task_finish (McpClient     *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  return _mcp_client_typed_call_finish (self, result, mcp_client_cancel_task_async, error);
}
