/* mcp-error.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The MCP_ERROR domain: errors a peer reported in a JSON-RPC error response.
 * Local failures (I/O, timeouts, cancellation, malformed messages) use
 * G_IO_ERROR instead, so callers can tell the two apart.
 */

#include "config.h"

#include "mcp-error.h"

/**
 * mcp_error_quark:
 *
 * Gets the quark of the %MCP_ERROR domain.
 *
 * Returns: the error domain quark
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (mcp-error-quark, mcp_error)
