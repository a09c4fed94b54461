/* mcp-stream-transport-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-stream-transport.h"

G_BEGIN_DECLS

/* For subclasses that only have their streams once they are opened: pipes
 * that nobody else uses, so the transport may make its output non-blocking
 * and write to it directly. */
void _mcp_stream_transport_set_streams (McpStreamTransport *self,
                                        GInputStream       *input,
                                        GOutputStream      *output);

G_END_DECLS
