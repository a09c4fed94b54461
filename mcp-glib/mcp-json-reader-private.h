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

/* A notifications/progress message, read without a tree. */
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
