/* mcp-log-level.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The protocol's log levels and their names on the wire.
 */

#include "config.h"

#include "mcp-log-level.h"

static const char * const names[] = {
  [MCP_LOG_LEVEL_DEBUG] = "debug",
  [MCP_LOG_LEVEL_INFO] = "info",
  [MCP_LOG_LEVEL_NOTICE] = "notice",
  [MCP_LOG_LEVEL_WARNING] = "warning",
  [MCP_LOG_LEVEL_ERROR] = "error",
  [MCP_LOG_LEVEL_CRITICAL] = "critical",
  [MCP_LOG_LEVEL_ALERT] = "alert",
  [MCP_LOG_LEVEL_EMERGENCY] = "emergency",
};

/**
 * mcp_log_level_to_string:
 * @level: a log level
 *
 * Gets the name of @level in the protocol, e.g. `warning`.
 *
 * Returns: the level's name
 *
 * Since: 1.0
 */
const char *
mcp_log_level_to_string (McpLogLevel level)
{
  g_return_val_if_fail (level <= MCP_LOG_LEVEL_EMERGENCY, NULL);

  return names[level];
}

/**
 * mcp_log_level_from_string:
 * @name: a level's name in the protocol
 * @level: (out): return location for the level
 *
 * Looks up the level called @name.
 *
 * Returns: %TRUE if @name is a known level
 *
 * Since: 1.0
 */
gboolean
mcp_log_level_from_string (const char  *name,
                           McpLogLevel *level)
{
  g_return_val_if_fail (level != NULL, FALSE);

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i]))
      {
        *level = i;
        return TRUE;
      }

  return FALSE;
}
