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
 * @MCP_ERROR_HEADER_MISMATCH: the HTTP headers of a request did not match
 *   its body, or what the server expects of the tool called (-32020,
 *   protocol revision 2026-07-28); the client lists the tools again and
 *   calls once more before it reports this
 * @MCP_ERROR_MISSING_REQUIRED_CLIENT_CAPABILITY: the request needs a client
 *   capability that the client did not declare (-32021, revision
 *   2026-07-28); the error's data names them in `requiredCapabilities`,
 *   and the message says to declare them in [property@Mcp.Client:features]
 * @MCP_ERROR_UNSUPPORTED_PROTOCOL_VERSION: the server does not speak the
 *   protocol revision of the request (-32022, revision 2026-07-28); the
 *   error's data lists those it speaks in `supported`
 * @MCP_ERROR_PROBE_ENDED_CONNECTION: the server ended the connection when
 *   probed with `server/discover`, before answering it (-32768). No server
 *   sent this code: the client reports it when a connect fails that way.
 *   Servers built on some older SDKs exit on any request before
 *   `initialize`; set [property@Mcp.Client:version-negotiation] to
 *   %MCP_VERSION_NEGOTIATION_LEGACY to reach them
 * @MCP_ERROR_SKILL_VERIFICATION_FAILED: a skill's file did not match its
 *   entry: its size, its SHA-256 digest, or (for a `SKILL.md`) its YAML
 *   frontmatter differed, or the frontmatter could not be read (-32767).
 *   No server sent this code: [class@Mcp.Skills] reports it, and the
 *   content is not handed on
 * @MCP_ERROR_SKILL_NOT_LOADED: a skill's file was to be read, or its
 *   directory listed, before [method@Mcp.Skills.load_async] loaded the
 *   skill (-32766). No server sent this code
 *
 * JSON-RPC and MCP error codes, used with %MCP_ERROR.
 *
 * All but %MCP_ERROR_PROBE_ENDED_CONNECTION,
 * %MCP_ERROR_SKILL_VERIFICATION_FAILED and %MCP_ERROR_SKILL_NOT_LOADED are
 * codes a server sends. Their values lie in the range JSON-RPC 2.0 reserves
 * for errors it defines itself, where no server's own code can be.
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
  MCP_ERROR_HEADER_MISMATCH = -32020,
  MCP_ERROR_MISSING_REQUIRED_CLIENT_CAPABILITY = -32021,
  MCP_ERROR_UNSUPPORTED_PROTOCOL_VERSION = -32022,
  MCP_ERROR_PROBE_ENDED_CONNECTION = -32768,
  MCP_ERROR_SKILL_VERIFICATION_FAILED = -32767,
  MCP_ERROR_SKILL_NOT_LOADED = -32766,
} McpError;

MCP_AVAILABLE_IN_1_0
GQuark    mcp_error_quark    (void);
MCP_AVAILABLE_IN_1_0
JsonNode *mcp_error_get_data (const GError *error);

G_END_DECLS
