/* mcp-rpc-transport-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the engine needs of a transport: the plain calls every message of
 * a call crosses (see "The message path" in doc/architecture.md). The
 * engine (core/) declares them, and McpTransport (transports/, in
 * mcp-transport.c) provides them, so that core/ includes no private header
 * of the layer above it; transports include this one.
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

gboolean _mcp_transport_set_receiver    (McpTransport               *self,
                                         McpTransportReceiveFunc     func,
                                         McpTransportReceiveTextFunc text_func,
                                         gpointer                    user_data);
void     _mcp_transport_clear_receiver  (McpTransport               *self,
                                         gpointer                    user_data);
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
