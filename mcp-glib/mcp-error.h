/* mcp-error.h
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
#include <json-glib/json-glib.h>

#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * MCP_ERROR:
 *
 * The error domain for errors that an MCP peer returned in a JSON-RPC error
 * response. The error code is the JSON-RPC code exactly as the peer sent
 * it, so codes outside [enum@Mcp.Error] can occur too, and the response's
 * `data` member is available with [func@Mcp.Error.get_data].
 *
 * Since: 1.0
 */
#define MCP_ERROR (mcp_error_quark ())

/**
 * McpError:
 * @MCP_ERROR_PARSE_ERROR: the peer could not parse a message (-32700)
 * @MCP_ERROR_INVALID_REQUEST: the message was not a valid request (-32600)
 * @MCP_ERROR_METHOD_NOT_FOUND: the method does not exist or is not offered (-32601)
 * @MCP_ERROR_INVALID_PARAMS: the parameters were invalid, e.g. an unknown tool (-32602)
 * @MCP_ERROR_INTERNAL_ERROR: the peer failed internally (-32603)
 * @MCP_ERROR_RESOURCE_NOT_FOUND: the resource does not exist (-32002)
 * @MCP_ERROR_URL_ELICITATION_REQUIRED: the server needs the user to complete
 *   a URL elicitation first (-32042); the error's data
 *   ([func@Mcp.Error.get_data]) lists them, with the URLs to open, as
 *   `{"elicitations": [{"mode": "url", "url": …, "elicitationId": …,
 *   "message": …}]}`
 *
 * JSON-RPC and MCP error codes, used with %MCP_ERROR.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_ERROR_PARSE_ERROR = -32700,
  MCP_ERROR_INVALID_REQUEST = -32600,
  MCP_ERROR_METHOD_NOT_FOUND = -32601,
  MCP_ERROR_INVALID_PARAMS = -32602,
  MCP_ERROR_INTERNAL_ERROR = -32603,
  MCP_ERROR_RESOURCE_NOT_FOUND = -32002,
  MCP_ERROR_URL_ELICITATION_REQUIRED = -32042,
} McpError;

MCP_AVAILABLE_IN_1_0
GQuark    mcp_error_quark    (void);
MCP_AVAILABLE_IN_1_0
JsonNode *mcp_error_get_data (const GError *error);

G_END_DECLS
