/* mcp-task.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * McpTaskStatus:
 * @MCP_TASK_STATUS_UNKNOWN: a status mcp-glib does not know; read it from
 *   the task's JSON
 * @MCP_TASK_STATUS_WORKING: the task is running (`working`)
 * @MCP_TASK_STATUS_INPUT_REQUIRED: the task waits for input from the
 *   requester (`input_required`)
 * @MCP_TASK_STATUS_COMPLETED: the task finished and its result can be
 *   fetched (`completed`)
 * @MCP_TASK_STATUS_FAILED: the task failed (`failed`)
 * @MCP_TASK_STATUS_CANCELLED: the task was cancelled (`cancelled`)
 *
 * The states of a task.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_TASK_STATUS_UNKNOWN,
  MCP_TASK_STATUS_WORKING,
  MCP_TASK_STATUS_INPUT_REQUIRED,
  MCP_TASK_STATUS_COMPLETED,
  MCP_TASK_STATUS_FAILED,
  MCP_TASK_STATUS_CANCELLED,
} McpTaskStatus;

#define MCP_TYPE_TASK (mcp_task_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpTask, mcp_task, MCP, TASK, GObject)

MCP_AVAILABLE_IN_1_0
gboolean       mcp_task_status_is_terminal   (McpTaskStatus   status);

MCP_AVAILABLE_IN_1_0
McpTask       *mcp_task_new_from_json        (JsonObject     *json,
                                              GError        **error);
MCP_AVAILABLE_IN_1_0
const char    *mcp_task_get_task_id          (McpTask        *self);
MCP_AVAILABLE_IN_1_0
McpTaskStatus  mcp_task_get_status           (McpTask        *self);
MCP_AVAILABLE_IN_1_0
const char    *mcp_task_get_status_message   (McpTask        *self);
MCP_AVAILABLE_IN_1_0
const char    *mcp_task_get_created_at       (McpTask        *self);
MCP_AVAILABLE_IN_1_0
const char    *mcp_task_get_last_updated_at  (McpTask        *self);
MCP_AVAILABLE_IN_1_0
gint64         mcp_task_get_ttl              (McpTask        *self);
MCP_AVAILABLE_IN_1_0
gint64         mcp_task_get_poll_interval    (McpTask        *self);
MCP_AVAILABLE_IN_1_0
JsonObject    *mcp_task_get_json             (McpTask        *self);

G_END_DECLS
