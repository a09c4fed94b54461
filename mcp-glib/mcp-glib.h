/* mcp-glib.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#define MCP_GLIB_INSIDE
# include "mcp-version.h"
# include "mcp-version-macros.h"
# include "mcp-enums.h"
# include "mcp-error.h"
# include "mcp-transport.h"
# include "mcp-stream-transport.h"
# include "mcp-stdio-transport.h"
# include "mcp-implementation.h"
# include "mcp-tool.h"
# include "mcp-content.h"
# include "mcp-tool-result.h"
# include "mcp-request-options.h"
# include "mcp-server-request.h"
# include "mcp-client.h"
#undef MCP_GLIB_INSIDE
