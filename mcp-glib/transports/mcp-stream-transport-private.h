/* mcp-stream-transport-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-line-reader-private.h"
#include "mcp-stream-transport.h"
#include "mcp-transport-private.h"

G_BEGIN_DECLS

/* The instance's private part, shared by mcp-stream-transport.c (the
 * object, reading and closing) and mcp-stream-transport-output.c (the
 * write queue). */
typedef struct
{
  GInputStream   *input;
  GOutputStream  *output;
  McpLineReader  *reader;
  guint64         max_message_size;
  guint           skipped_lines;

  GQueue          queue;
  GQueue          stranded;
  GPtrArray      *batch;
  GBytes         *batch_bytes;
  gsize           batch_written;
  /* Armed when messages wait to be written: see FlushSource. */
  GSource        *flush_source;
  GSource        *writable_source;
  /* A pipe of our own, written to directly (see write_some ()), or -1. */
  int             output_fd;
  GCancellable   *write_cancellable;
  GError         *write_error;
  GPtrArray      *close_tasks;

  guint           own_pipes : 1;
  guint           opened : 1;
  guint           closing : 1;
  guint           close_done : 1;
} McpStreamTransportPrivate;

McpStreamTransportPrivate *_mcp_stream_transport_get_private (McpStreamTransport *self);

/* Reading and closing, in mcp-stream-transport.c. */
void     _mcp_stream_transport_finish_close (McpStreamTransport  *self);
gboolean _mcp_stream_transport_reset        (McpStreamTransport  *self,
                                             GError             **error);

/* Writing, in mcp-stream-transport-output.c. */
void _mcp_stream_transport_send              (McpTransport               *transport,
                                              JsonNode                   *message,
                                              GCancellable               *cancellable,
                                              GTask                      *task);
void _mcp_stream_transport_send_direct       (McpTransport               *transport,
                                              JsonNode                   *message,
                                              GObject                    *owner,
                                              gint64                      tag,
                                              McpTransportSendFailedFunc  failed);
void _mcp_stream_transport_send_text         (McpTransport               *transport,
                                              GString                    *text,
                                              GObject                    *owner,
                                              gint64                      tag,
                                              McpTransportSendFailedFunc  failed);
void _mcp_stream_transport_write_next        (McpStreamTransport         *self);
void _mcp_stream_transport_flush_read_batch  (gpointer                    user_data);
void _mcp_stream_transport_fail_queue        (McpStreamTransport         *self,
                                              const GError               *error);
void _mcp_stream_transport_cancel_writing    (McpStreamTransport         *self);

/* For subclasses that only have their streams once they are opened: pipes
 * that nobody else uses, so the transport may make its output non-blocking
 * and write to it directly. */
void _mcp_stream_transport_set_streams (McpStreamTransport *self,
                                        GInputStream       *input,
                                        GOutputStream      *output);

G_END_DECLS
