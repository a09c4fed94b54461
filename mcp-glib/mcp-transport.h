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

#include "mcp-request-info.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_TRANSPORT (mcp_transport_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_DERIVABLE_TYPE (McpTransport, mcp_transport, MCP, TRANSPORT, GObject)

/**
 * McpTransportClass:
 * @parent_class: the parent class
 * @open: starts the connection (spawns a process, opens a stream, ...) and
 *   completes @task with a boolean or an error
 * @send: queues one message and completes @task once it is written;
 *   messages are written in the order they were queued and never interleave
 * @close: ends the connection and completes @task; the base class then
 *   reports the deliberate close with [signal@Mcp.Transport::closed]
 * @message_received: class handler of [signal@Mcp.Transport::message-received]
 * @closed: class handler of [signal@Mcp.Transport::closed]
 * @protocol_version_changed: called when the client has negotiated a
 *   protocol version (transports that must send it along, such as HTTP,
 *   start their own work here)
 * @prepare_request: class handler of [signal@Mcp.Transport::prepare-request]:
 *   runs after the handlers connected to it, such as the client's, so that
 *   a transport sees what they added to the request's description
 * @reopen: (nullable): for a transport whose connection ended, waits until
 *   what is left of it is wound down, forgets it, and completes @task, so
 *   that @open can start a new connection to the same peer (see
 *   [method@Mcp.Transport.reopen_async]); %NULL (the default) if the
 *   transport cannot reach its peer again
 * @listening_changed: (nullable): called when
 *   [property@Mcp.Transport:listening] changed: a transport that needs a
 *   channel of its own for what the peer sends unasked (such as the GET
 *   stream of [class@Mcp.HttpTransport]) opens or closes it here
 *
 * The virtual methods a transport implements. Each operation receives the
 * #GTask to complete (with g_task_return_boolean() or
 * g_task_return_error()), which works the same from C and from bindings. A
 * transport moves whole messages and never looks inside them: incoming
 * messages are handed up with [method@Mcp.Transport.deliver_message] and
 * an unexpected end of the connection with
 * [method@Mcp.Transport.deliver_closed].
 *
 * Since: 1.0
 */
struct _McpTransportClass
{
  GObjectClass parent_class;

  void (*open)                     (McpTransport *self,
                                    GCancellable *cancellable,
                                    GTask        *task);
  void (*send)                     (McpTransport *self,
                                    JsonNode     *message,
                                    GCancellable *cancellable,
                                    GTask        *task);
  void (*close)                    (McpTransport *self,
                                    GCancellable *cancellable,
                                    GTask        *task);

  void (*message_received)         (McpTransport *self,
                                    JsonNode     *message);
  void (*closed)                   (McpTransport *self,
                                    const GError *error);
  void (*protocol_version_changed) (McpTransport *self);
  void (*prepare_request)          (McpTransport   *self,
                                    McpRequestInfo *info);
  void (*reopen)                   (McpTransport *self,
                                    GCancellable *cancellable,
                                    GTask        *task);
  void (*listening_changed)        (McpTransport *self);

  /*< private >*/
  gpointer _reserved[13];
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
gboolean  mcp_transport_get_listening        (McpTransport         *self);
MCP_AVAILABLE_IN_1_0
void      mcp_transport_set_listening        (McpTransport         *self,
                                              gboolean              listening);
MCP_AVAILABLE_IN_1_0
gboolean  mcp_transport_can_reopen           (McpTransport         *self);
MCP_AVAILABLE_IN_1_0
void      mcp_transport_reopen_async         (McpTransport         *self,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean  mcp_transport_reopen_finish        (McpTransport         *self,
                                              GAsyncResult         *result,
                                              GError              **error);
MCP_AVAILABLE_IN_1_0
const char *mcp_transport_get_protocol_version (McpTransport       *self);
MCP_AVAILABLE_IN_1_0
void      mcp_transport_set_protocol_version (McpTransport         *self,
                                              const char           *protocol_version);
MCP_AVAILABLE_IN_1_0
McpRequestInfo *mcp_transport_describe_request (McpTransport       *self,
                                              JsonNode             *message);
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
