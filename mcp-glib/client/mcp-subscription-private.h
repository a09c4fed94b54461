/* mcp-subscription-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-client.h"
#include "mcp-subscription.h"

G_BEGIN_DECLS

McpSubscription *_mcp_subscription_new          (McpClient                *client,
                                                 McpListChanges            lists,
                                                 const char * const       *resources);
void             _mcp_subscription_set_honoured (McpSubscription          *self,
                                                 McpListChanges            lists,
                                                 const char * const       *resources);
gboolean         _mcp_subscription_wants        (McpSubscription          *self,
                                                 const char               *method,
                                                 JsonNode                 *params);
void             _mcp_subscription_notify       (McpSubscription          *self,
                                                 const char               *method,
                                                 JsonNode                 *params);
void             _mcp_subscription_end          (McpSubscription          *self,
                                                 const GError             *error);

G_END_DECLS
