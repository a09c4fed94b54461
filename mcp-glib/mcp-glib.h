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
# include "mcp-request-info.h"
# include "mcp-transport.h"
# include "mcp-stream-transport.h"
# include "mcp-sandbox.h"
# include "mcp-stdio-transport.h"
# include "mcp-credentials.h"
# include "mcp-credential-store.h"
# include "mcp-memory-credential-store.h"
# include "mcp-secret-credential-store.h"
# include "mcp-authorization.h"
# include "mcp-http-transport.h"
# include "mcp-network-settings.h"
# include "mcp-implementation.h"
# include "mcp-log-level.h"
# include "mcp-content.h"
# include "mcp-tool.h"
# include "mcp-tool-result.h"
# include "mcp-resource.h"
# include "mcp-resource-contents.h"
# include "mcp-resource-template.h"
# include "mcp-prompt-argument.h"
# include "mcp-prompt.h"
# include "mcp-prompt-message.h"
# include "mcp-prompt-result.h"
# include "mcp-completion.h"
# include "mcp-root.h"
# include "mcp-task.h"
# include "mcp-request-options.h"
# include "mcp-skill-file.h"
# include "mcp-skill.h"
# include "mcp-skills.h"
# include "mcp-sampling-message.h"
# include "mcp-server-request.h"
# include "mcp-subscription.h"
# include "mcp-client.h"
# include "mcp-config-problem.h"
# include "mcp-input-request.h"
# include "mcp-server-config.h"
# include "mcp-server-registry.h"
# include "mcp-catalog-entry.h"
# include "mcp-catalog-results.h"
# include "mcp-catalog-proposal.h"
# include "mcp-server-catalog.h"
# include "mcp-group-server.h"
# include "mcp-group-item.h"
# include "mcp-client-group.h"
# include "mcp-toolbox-call.h"
# include "mcp-toolbox.h"
# include "mcp-app-resource.h"
# include "mcp-app-session.h"
#undef MCP_GLIB_INSIDE
