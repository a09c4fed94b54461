/* mcp-transport.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_TRANSPORT (mcp_transport_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_DERIVABLE_TYPE (McpTransport, mcp_transport, MCP, TRANSPORT, GObject)

/**
 * McpTransportClass:
 * @parent_class: the parent class
 * @open_async: starts the connection (spawns a process, opens a stream, ...)
 * @open_finish: completes @open_async
 * @send_async: queues one message; messages are written in the order they
 *   were queued and never interleave
 * @send_finish: completes @send_async
 * @close_async: ends the connection; must not fail when already closed
 * @close_finish: completes @close_async
 * @message_received: class handler of [signal@Mcp.Transport::message-received]
 * @closed: class handler of [signal@Mcp.Transport::closed]
 * @protocol_version_changed: called when the client has negotiated a
 *   protocol version (transports that must send it along, such as HTTP,
 *   start their own work here)
 *
 * The virtual methods a transport implements. A transport moves whole
 * messages and never looks inside them: incoming messages are handed up
 * with [method@Mcp.Transport.deliver_message] and the end of the connection
 * with [method@Mcp.Transport.deliver_closed].
 *
 * Since: 1.0
 */
struct _McpTransportClass
{
  GObjectClass parent_class;

  void     (*open_async)       (McpTransport         *self,
                                GCancellable         *cancellable,
                                GAsyncReadyCallback   callback,
                                gpointer              user_data);
  gboolean (*open_finish)      (McpTransport         *self,
                                GAsyncResult         *result,
                                GError              **error);
  void     (*send_async)       (McpTransport         *self,
                                JsonNode             *message,
                                GCancellable         *cancellable,
                                GAsyncReadyCallback   callback,
                                gpointer              user_data);
  gboolean (*send_finish)      (McpTransport         *self,
                                GAsyncResult         *result,
                                GError              **error);
  void     (*close_async)      (McpTransport         *self,
                                GCancellable         *cancellable,
                                GAsyncReadyCallback   callback,
                                gpointer              user_data);
  gboolean (*close_finish)     (McpTransport         *self,
                                GAsyncResult         *result,
                                GError              **error);

  void     (*message_received) (McpTransport         *self,
                                JsonNode             *message);
  void     (*closed)           (McpTransport         *self,
                                const GError         *error);
  void     (*protocol_version_changed) (McpTransport *self);

  /*< private >*/
  gpointer _reserved[15];
};

MCP_AVAILABLE_IN_1_0
void      mcp_transport_open_async           (McpTransport         *self,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean  mcp_transport_open_finish          (McpTransport         *self,
                                              GAsyncResult         *result,
                                              GError              **error);
MCP_AVAILABLE_IN_1_0
void      mcp_transport_send_async           (McpTransport         *self,
                                              JsonNode             *message,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean  mcp_transport_send_finish          (McpTransport         *self,
                                              GAsyncResult         *result,
                                              GError              **error);
MCP_AVAILABLE_IN_1_0
void      mcp_transport_close_async          (McpTransport         *self,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean  mcp_transport_close_finish         (McpTransport         *self,
                                              GAsyncResult         *result,
                                              GError              **error);
MCP_AVAILABLE_IN_1_0
const char *mcp_transport_get_protocol_version (McpTransport       *self);
MCP_AVAILABLE_IN_1_0
void      mcp_transport_set_protocol_version (McpTransport         *self,
                                              const char           *protocol_version);
MCP_AVAILABLE_IN_1_0
gboolean  mcp_transport_is_closed            (McpTransport         *self);
MCP_AVAILABLE_IN_1_0
void      mcp_transport_deliver_message      (McpTransport         *self,
                                              JsonNode             *message);
MCP_AVAILABLE_IN_1_0
void      mcp_transport_deliver_closed       (McpTransport         *self,
                                              const GError         *error);
MCP_AVAILABLE_IN_1_0
void      mcp_transport_deliver_discarded    (McpTransport         *self,
                                              const GError         *error,
                                              const char           *head,
                                              const char           *tail);

G_END_DECLS
