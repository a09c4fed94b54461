/* mcp-line-reader-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* How many bytes of an oversized line are kept from its start and its end. */
#define MCP_LINE_READER_EXCERPT_SIZE 4096

typedef struct _McpLineReader McpLineReader;

/* A complete line, without its "\n". @line is only valid during the call. */
typedef void (*McpLineFunc)          (const char   *line,
                                      gsize         len,
                                      gpointer      user_data);
/* A line longer than the maximum was skipped; @size is its full length. */
typedef void (*McpLineOversizedFunc) (guint64       size,
                                      const char   *head,
                                      gsize         head_len,
                                      const char   *tail,
                                      gsize         tail_len,
                                      gpointer      user_data);
/* The stream ended (@error is %NULL) or failed. Called at most once. */
typedef void (*McpLineEndFunc)       (const GError *error,
                                      gpointer      user_data);
/* The lines of one read have been handed out and the reader goes on. */
typedef void (*McpLineBatchFunc)     (gpointer      user_data);

McpLineReader *_mcp_line_reader_new   (GInputStream         *stream,
                                       gsize                 max_line);
McpLineReader *_mcp_line_reader_ref   (McpLineReader        *self);
void           _mcp_line_reader_unref (McpLineReader        *self);
void           _mcp_line_reader_set_max_line (McpLineReader *self,
                                       gsize                 max_line);
void           _mcp_line_reader_start (McpLineReader        *self,
                                       McpLineFunc           line_func,
                                       McpLineOversizedFunc  oversized_func,
                                       McpLineEndFunc        end_func,
                                       McpLineBatchFunc      batch_func,
                                       gpointer              user_data);
void           _mcp_line_reader_stop  (McpLineReader        *self);
void           _mcp_line_reader_close_async  (McpLineReader        *self,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
gboolean       _mcp_line_reader_close_finish (GAsyncResult         *result,
                                              GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpLineReader, _mcp_line_reader_unref)

G_END_DECLS
