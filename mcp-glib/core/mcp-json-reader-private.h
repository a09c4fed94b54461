/* mcp-json-reader-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Parses one JSON text (RFC 8259): exactly one object or array, with only
 * JSON whitespace around it, nested at most @max_depth levels. @data need
 * not be NUL-terminated. Errors are G_IO_ERROR_INVALID_DATA; the byte
 * offsets they give count from 0. See mcp-json-reader.c for where the tree
 * differs from json-glib 1.6's. */
JsonNode *_mcp_json_read (const char  *data,
                          gsize        len,
                          guint        max_depth,
                          GError     **error);

/* The members of a message that the engine looks at, read without a tree
 * of the message itself; or the message as a tree, if it is a batch. */
typedef struct
{
  JsonNode *batch;
  JsonNode *id;
  JsonNode *method;
  JsonNode *params;
  JsonNode *result;
  JsonNode *error;
} McpJsonEnvelope;

gboolean  _mcp_json_read_envelope  (const char       *data,
                                    gsize             len,
                                    guint             max_depth,
                                    McpJsonEnvelope  *env,
                                    GError          **error);
void      _mcp_json_envelope_clear (McpJsonEnvelope  *env);

/* The reader's lexical layer, for the other readers of messages. */

/* Strings up to this size are decoded without a heap allocation. */
#define MCP_JSON_INLINE_BUFFER_SIZE 256

/* Where a string (or a number, for g_ascii_strtod ()) is decoded,
 * NUL-terminated, as json-glib wants it: json-glib 1.6 has no
 * json_node_take_string (), so json_node_init_string () copies it once
 * more, and this buffer is reused for the next one. It grows to the
 * longest string of the message, at most its size. */
typedef struct
{
  char  *str;
  gsize  len;
  gsize  size;
  char   inline_str[MCP_JSON_INLINE_BUFFER_SIZE];
} McpJsonBuffer;

void        _mcp_json_buffer_init  (McpJsonBuffer  *buffer);
void        _mcp_json_buffer_clear (McpJsonBuffer  *buffer);
const char *_mcp_json_skip_space   (const char     *p,
                                    const char     *end);
const char *_mcp_json_scan_plain   (const char     *p,
                                    const char     *end,
                                    gboolean       *high);
gboolean    _mcp_json_read_string  (McpJsonBuffer  *buffer,
                                    const char     *data,
                                    const char    **pp,
                                    const char     *end,
                                    GError        **error);
gboolean    _mcp_json_read_number  (McpJsonBuffer  *buffer,
                                    const char     *data,
                                    const char    **pp,
                                    const char     *end,
                                    gboolean       *integer,
                                    gint64         *ivalue,
                                    double         *dvalue,
                                    GError        **error);

/* A notifications/progress message, read without a tree
 * (mcp-json-progress.c). */
typedef struct
{
  gint64    token;
  double    progress;
  double    total;
  char     *message;
  gboolean  has_token;
  gboolean  has_progress;
  gboolean  has_total;
} McpJsonProgress;

gboolean  _mcp_json_read_progress  (const char      *data,
                                    gsize            len,
                                    McpJsonProgress *progress);
void      _mcp_json_progress_clear (McpJsonProgress *progress);

G_END_DECLS
