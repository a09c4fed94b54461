/* mcp-group-item-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-group-item.h"

G_BEGIN_DECLS

McpGroupItem *_mcp_group_item_new                (McpGroupItemKind  kind,
                                                  McpGroupServer   *server,
                                                  GObject          *item,
                                                  const char       *original_name);
void          _mcp_group_item_set_names          (McpGroupItem     *self,
                                                  const char       *name,
                                                  const char       *qualified_name);

G_END_DECLS
