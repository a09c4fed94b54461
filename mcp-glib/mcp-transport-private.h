/* mcp-transport-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-transport.h"

G_BEGIN_DECLS

/* The engine of a transport (there is one) takes each incoming message
 * through this, a plain call rather than a signal emission: see
 * mcp_transport_deliver_message (). */
typedef void (*McpTransportReceiveFunc)    (JsonNode     *message,
                                            gpointer      user_data);
/* Offered the text of each incoming message first, when nobody needs it
 * as a tree (see _mcp_transport_receive_text ()): returns whether it took
 * the message, which then goes no further. */
typedef gboolean (*McpTransportReceiveTextFunc) (const char *data,
                                                 gsize       len,
                                                 gboolean    any_message,
                                                 gpointer    user_data);

/* A message sent with _mcp_transport_send () could not be sent: @tag is
 * what the sender gave with it. Never called once it was written. */
typedef void (*McpTransportSendFailedFunc) (GObject      *owner,
                                            gint64        tag,
                                            const GError *error);

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

gboolean _mcp_transport_set_receiver    (McpTransport               *self,
                                         McpTransportReceiveFunc     func,
                                         McpTransportReceiveTextFunc text_func,
                                         gpointer                    user_data);
gboolean _mcp_transport_receive_text    (McpTransport               *self,
                                         const char                 *data,
                                         gsize                       len,
                                         gboolean                    any_message);
void     _mcp_transport_clear_receiver  (McpTransport               *self,
                                         gpointer                    user_data);
void     _mcp_transport_set_direct_send (McpTransport               *self,
                                         gpointer                    send_vfunc,
                                         McpTransportDirectSendFunc  func,
                                         McpTransportDirectSendTextFunc text_func);
gboolean _mcp_transport_takes_text      (McpTransport               *self);
void     _mcp_transport_send_text       (McpTransport               *self,
                                         GString                    *text,
                                         GObject                    *owner,
                                         gint64                      tag,
                                         McpTransportSendFailedFunc  failed);
void     _mcp_transport_send            (McpTransport               *self,
                                         JsonNode                   *message,
                                         GObject                    *owner,
                                         gint64                      tag,
                                         McpTransportSendFailedFunc  failed);

G_END_DECLS
