/* mcp-stream-transport.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include "mcp-transport.h"

G_BEGIN_DECLS

/**
 * MCP_STREAM_TRANSPORT_DEFAULT_MAX_MESSAGE_SIZE:
 *
 * The default of [property@Mcp.StreamTransport:max-message-size]: 64 MiB.
 *
 * Since: 1.0
 */
#define MCP_STREAM_TRANSPORT_DEFAULT_MAX_MESSAGE_SIZE (G_GUINT64_CONSTANT (64) * 1024 * 1024)

#define MCP_TYPE_STREAM_TRANSPORT (mcp_stream_transport_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_DERIVABLE_TYPE (McpStreamTransport, mcp_stream_transport, MCP, STREAM_TRANSPORT, McpTransport)

/**
 * McpStreamTransportClass:
 * @parent_class: the parent class
 * @input_ended: called once when the input stream reaches its end or fails
 *   while the transport was not being closed. @error describes what
 *   happened. The default handler calls [method@Mcp.Transport.deliver_closed]
 *   with it; subclasses may first find out more (for example how a process
 *   exited) and deliver a richer error.
 * @output_failed: called once when writing fails while the transport was
 *   not being closed. Messages not yet written wait, and fail with the
 *   error the connection ends with. The default handler ends the
 *   connection with @error; subclasses may find out more first.
 *
 * Since: 1.0
 */
struct _McpStreamTransportClass
{
  McpTransportClass parent_class;

  void (*input_ended)   (McpStreamTransport *self,
                         const GError       *error);
  void (*output_failed) (McpStreamTransport *self,
                         const GError       *error);

  /*< private >*/
  gpointer _reserved[8];
};

MCP_AVAILABLE_IN_1_0
McpStreamTransport *mcp_stream_transport_new                  (GInputStream       *input,
                                                               GOutputStream      *output);
MCP_AVAILABLE_IN_1_0
GInputStream       *mcp_stream_transport_get_input_stream     (McpStreamTransport *self);
MCP_AVAILABLE_IN_1_0
GOutputStream      *mcp_stream_transport_get_output_stream    (McpStreamTransport *self);
MCP_AVAILABLE_IN_1_0
guint64             mcp_stream_transport_get_max_message_size (McpStreamTransport *self);
MCP_AVAILABLE_IN_1_0
void                mcp_stream_transport_set_max_message_size (McpStreamTransport *self,
                                                               guint64             max_message_size);
MCP_AVAILABLE_IN_1_0
guint               mcp_stream_transport_get_skipped_lines    (McpStreamTransport *self);

G_END_DECLS
