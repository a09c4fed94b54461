/* mcp-client-logging.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Logging: the least severe level of the log messages the server
 * sends, which arrive as McpClient::log-message. Older servers are asked
 * once; stateless ones are told in every request's envelope.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"

/**
 * mcp_client_set_logging_level_async:
 * @self: a connected client
 * @level: the least severe level to receive
 * @cancellable: (nullable): a cancellable
 * @callback: called when the server confirmed
 * @user_data: data for @callback
 *
 * Asks the server to send log messages of @level and above, as
 * [signal@Mcp.Client::log-message].
 *
 * An older server is asked with `logging/setLevel`. A stateless server
 * (see [property@Mcp.Client:stateless]) is told the level in every request
 * from now on, and sends the log messages of each request while it runs;
 * until a level is set, it sends none.
 *
 * Since: 1.0
 */
void
mcp_client_set_logging_level_async (McpClient           *self,
                                    McpLogLevel          level,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (level <= MCP_LOG_LEVEL_EMERGENCY);

  /* A stateless server is told with every request, from now on. */
  if (self->stateless && self->state == MCP_CLIENT_STATE_READY)
    {
      g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

      g_task_set_source_tag (task, mcp_client_set_logging_level_async);
      if (!_mcp_client_check_ready (self, task))
        return;

      self->log_level = level;
      _mcp_client_update_envelope (self);
      g_task_return_boolean (task, TRUE);
      return;
    }

  _mcp_client_typed_call_async (self, mcp_client_set_logging_level_async, "logging", N_("logging"),
                                "logging/setLevel",
                                _mcp_client_params_with_string ("level",
                                                                mcp_log_level_to_string (level)),
                                NULL, cancellable, callback, user_data);
}

/**
 * mcp_client_set_logging_level_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.set_logging_level_async].
 *
 * Returns: %TRUE if the server accepted the level
 *
 * Since: 1.0
 */
gboolean
mcp_client_set_logging_level_finish (McpClient     *self,
                                     GAsyncResult  *result,
                                     GError       **error)
{
  return _mcp_client_typed_call_finish_boolean (self, result,
                                                mcp_client_set_logging_level_async, error);
}
