/* mcp-transport-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the transports share beyond the calls the engine makes (declared in
 * mcp-rpc-transport-private.h, which the engine owns): a transport's own
 * way to send, and handing the engine the text of a message.
 */

#pragma once

#include "mcp-rpc-transport-private.h"

G_BEGIN_DECLS

/* A transport's own way to queue a message without a GTask: @owner (a
 * reference to it) and @tag go with the message until it is written or
 * fails, and @failed, if it fails. @failed and @owner may be %NULL. */
typedef void (*McpTransportDirectSendFunc) (McpTransport               *self,
                                            JsonNode                   *message,
                                            GObject                    *owner,
                                            gint64                      tag,
                                            McpTransportSendFailedFunc  failed);
/* The same with the compact JSON text of the message (transfer full),
 * which the transport may append its framing to. */
typedef void (*McpTransportDirectSendTextFunc) (McpTransport               *self,
                                                GString                    *text,
                                                GObject                    *owner,
                                                gint64                      tag,
                                                McpTransportSendFailedFunc  failed);

gboolean _mcp_transport_receive_text    (McpTransport               *self,
                                         const char                 *data,
                                         gsize                       len,
                                         gboolean                    any_message);
void     _mcp_transport_set_direct_send (McpTransport               *self,
                                         gpointer                    send_vfunc,
                                         McpTransportDirectSendFunc  func,
                                         McpTransportDirectSendTextFunc text_func);

G_END_DECLS
