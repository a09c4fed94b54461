/* mcp-client-tools.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Tools: listing them (remembering how each wants to be called) and
 * calling them. The call itself, plain or as a task, is McpToolCall's.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-tool-call-private.h"
#include "mcp-tool.h"

const McpListKind _mcp_list_tools_kind = {
  "tools/list", "tools", "tools", N_("tools"),
  mcp_tool_get_type, (McpValueFromJson) mcp_tool_new_from_json,
  (McpValueGetJson) mcp_tool_get_json, "name",
  _mcp_client_tool_is_usable,
  MCP_LIVE_TOOLS,
};

/* Tools are remembered for how they want to be called (task support). */
void
_mcp_client_remember_tools (McpClient  *self,
                            GListModel *tools)
{
  guint n = g_list_model_get_n_items (tools);

  g_hash_table_remove_all (self->tools_by_name);
  for (guint i = 0; i < n; i++)
    {
      McpTool *tool = g_list_model_get_item (tools, i);

      g_hash_table_replace (self->tools_by_name, (char *) mcp_tool_get_name (tool), tool);
    }
}

/**
 * mcp_client_list_tools_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the tools
 * @user_data: data for @callback
 *
 * Lists the server's tools, following all pages. A list is read up to 1,000 pages and
 * 100,000 entries; past that, the call fails with
 * %G_IO_ERROR_MESSAGE_TOO_LARGE.
 *
 * Since: 1.0
 */
void
mcp_client_list_tools_async (McpClient           *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  _mcp_client_list_all_async (self, &_mcp_list_tools_kind, mcp_client_list_tools_async,
                              cancellable, callback, user_data);
}

/**
 * mcp_client_list_tools_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_tools_async]. Tools the server
 * described without a name or an input schema are left out.
 *
 * Returns: (transfer full): a list of [class@Mcp.Tool]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_tools_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return _mcp_client_list_all_finish (self, result, mcp_client_list_tools_async, error);
}

/**
 * mcp_client_call_tool_async:
 * @self: a connected client
 * @name: the tool's name
 * @arguments: (nullable): the arguments, matching the tool's input schema
 * @options: (nullable): settings for this call, and its progress
 * @cancellable: (nullable): a cancellable
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Calls a tool. A tool that runs but fails completes successfully, with
 * [property@Mcp.ToolResult:is-error] set; an unknown tool or invalid
 * arguments are usually an %MCP_ERROR_INVALID_PARAMS error.
 *
 * @options sets this call's timeout and metadata; connect to its
 * [signal@Mcp.RequestOptions::progress] to follow the call's progress,
 * as [method@Gio.File.copy_async] follows a copy's: each call has its
 * options, so calls that run at the same time are told apart.
 *
 * <!-- doc-test
 * static McpClient *client;
 * static JsonObject *arguments;
 * static GCancellable *cancellable;
 * static gpointer job;
 * void on_render_progress (McpRequestOptions *options, double progress, double total,
 *                          const char *message, gpointer user_data);
 * void on_rendered (GObject *object, GAsyncResult *result, gpointer user_data);
 * -->
 * ```c
 * g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
 *
 * g_signal_connect (options, "progress", G_CALLBACK (on_render_progress), job);
 * mcp_client_call_tool_async (client, "render", arguments, options,
 *                             cancellable, on_rendered, job);
 * ```
 *
 * Since: 1.0
 */
void
mcp_client_call_tool_async (McpClient           *self,
                            const char          *name,
                            JsonObject          *arguments,
                            McpRequestOptions   *options,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(McpToolCall) call = NULL;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_call_tool_async);

  if (!_mcp_client_check_ready (self, task) ||
      !_mcp_client_check_capability (self, task, "tools", N_("tools")))
    return;

  call = _mcp_tool_call_new (self, task, name, arguments, options);
  _mcp_tool_call_start (call);
}

/**
 * mcp_client_call_tool_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.call_tool_async].
 *
 * Returns: (transfer full): the tool's result
 *
 * Since: 1.0
 */
McpToolResult *
mcp_client_call_tool_finish (McpClient     *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_client_get_tools_model:
 * @self: a client
 *
 * Gets a list of the server's tools that keeps itself up to date: it is
 * filled once connected and refreshed whenever the server says its tools
 * changed. Only the entries that changed are replaced, so a `GtkListView`
 * bound to it keeps its scroll position and selection. A refresh that
 * fails is tried again later, waiting longer each time; one that goes past
 * the bounds of a list (see [method@Mcp.Client.list_tools_async]) shows
 * the entries read until then.
 *
 * Returns: (transfer none): a list of [class@Mcp.Tool]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_tools_model (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return _mcp_client_get_live_model (self, MCP_LIVE_TOOLS);
}
