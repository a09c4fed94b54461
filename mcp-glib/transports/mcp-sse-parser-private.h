/* mcp-sse-parser-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _McpSseParser McpSseParser;

/* One complete event; @event_type is "message" unless the event said
 * otherwise. @data, @data_len bytes that need not be NUL-terminated, is
 * %NULL for an event larger than the maximum, reported once as soon as it
 * passes it (its type may not be known yet then) and then skipped. */
typedef void (*McpSseEventFunc) (const char *event_type,
                                 const char *data,
                                 gsize       data_len,
                                 gpointer    user_data);

McpSseParser *_mcp_sse_parser_new               (gsize            max_event_size,
                                                 McpSseEventFunc  func,
                                                 gpointer         user_data);
void          _mcp_sse_parser_free              (McpSseParser    *self);
void          _mcp_sse_parser_feed              (McpSseParser    *self,
                                                 const char      *data,
                                                 gsize            len);
const char   *_mcp_sse_parser_get_last_event_id (McpSseParser    *self);
gint64        _mcp_sse_parser_get_retry         (McpSseParser    *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpSseParser, _mcp_sse_parser_free)

G_END_DECLS
