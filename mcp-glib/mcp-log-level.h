/* mcp-log-level.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <glib.h>

#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpLogLevel:
 * @MCP_LOG_LEVEL_DEBUG: detailed debugging information
 * @MCP_LOG_LEVEL_INFO: general information
 * @MCP_LOG_LEVEL_NOTICE: normal but significant events
 * @MCP_LOG_LEVEL_WARNING: warnings
 * @MCP_LOG_LEVEL_ERROR: errors
 * @MCP_LOG_LEVEL_CRITICAL: critical conditions
 * @MCP_LOG_LEVEL_ALERT: action must be taken immediately
 * @MCP_LOG_LEVEL_EMERGENCY: the system is unusable
 *
 * The severity of a server's log message (the syslog levels of RFC 5424),
 * from the least to the most severe.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_LOG_LEVEL_DEBUG,
  MCP_LOG_LEVEL_INFO,
  MCP_LOG_LEVEL_NOTICE,
  MCP_LOG_LEVEL_WARNING,
  MCP_LOG_LEVEL_ERROR,
  MCP_LOG_LEVEL_CRITICAL,
  MCP_LOG_LEVEL_ALERT,
  MCP_LOG_LEVEL_EMERGENCY,
} McpLogLevel;

MCP_AVAILABLE_IN_1_0
const char *mcp_log_level_to_string   (McpLogLevel  level);
MCP_AVAILABLE_IN_1_0
gboolean    mcp_log_level_from_string (const char  *name,
                                       McpLogLevel *level);

G_END_DECLS
