/* mcp-subscription.h
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
 * McpListChanges:
 * @MCP_LIST_CHANGES_NONE: no list
 * @MCP_LIST_CHANGES_TOOLS: the tools (`notifications/tools/list_changed`)
 * @MCP_LIST_CHANGES_PROMPTS: the prompts
 *   (`notifications/prompts/list_changed`)
 * @MCP_LIST_CHANGES_RESOURCES: the resources
 *   (`notifications/resources/list_changed`)
 *
 * The lists of a server whose changes a [class@Mcp.Subscription] reports.
 *
 * Since: 1.0
 */
typedef enum /*< flags >*/
{
  MCP_LIST_CHANGES_NONE = 0,
  MCP_LIST_CHANGES_TOOLS = 1 << 0,
  MCP_LIST_CHANGES_PROMPTS = 1 << 1,
  MCP_LIST_CHANGES_RESOURCES = 1 << 2,
} McpListChanges;

#define MCP_TYPE_SUBSCRIPTION (mcp_subscription_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpSubscription, mcp_subscription, MCP, SUBSCRIPTION, GObject)

MCP_AVAILABLE_IN_1_0
McpListChanges      mcp_subscription_get_requested_lists     (McpSubscription *self);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_subscription_get_requested_resources (McpSubscription *self);
MCP_AVAILABLE_IN_1_0
McpListChanges      mcp_subscription_get_lists               (McpSubscription *self);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_subscription_get_resources           (McpSubscription *self);
MCP_AVAILABLE_IN_1_0
gboolean            mcp_subscription_get_active              (McpSubscription *self);
MCP_AVAILABLE_IN_1_0
void                mcp_subscription_close                   (McpSubscription *self);

G_END_DECLS
