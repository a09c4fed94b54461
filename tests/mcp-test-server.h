/* mcp-test-server.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the two files of the scripted test server share: the tools'
 * shape, and the helpers that write JSON-RPC to stdout. The tools are in
 * mcp-test-server.c, and those that misbehave as processes or frame their
 * output wrongly on purpose in mcp-test-server-faults.c.
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define JSONRPC_PARSE_ERROR      -32700
#define JSONRPC_INVALID_REQUEST  -32600
#define JSONRPC_METHOD_NOT_FOUND -32601
#define JSONRPC_INVALID_PARAMS   -32602
#define JSONRPC_INTERNAL_ERROR   -32603

typedef struct
{
  JsonNode *id;
  JsonObject *params;
  JsonObject *args;
} ToolCall;

typedef struct
{
  const char *name;
  const char *description;
  const char *properties;
  const char *required[3];
  const char *extra_fields;
  void (*func) (const ToolCall *call);
} Tool;

#define INT_ARG(name) "\"" name "\":{\"type\":\"integer\"}"
#define STRING_ARG(name) "\"" name "\":{\"type\":\"string\"}"
#define BOOLEAN_ARG(name) "\"" name "\":{\"type\":\"boolean\"}"
#define BYTES_ONLY "{" INT_ARG ("bytes") "}"

gboolean     write_all             (int             fd,
                                    const char     *data,
                                    gsize           length);
void         write_stdout          (const char     *data,
                                    gsize           length);
void         write_stdout_repeated (char            byte,
                                    guint64         count);
void         write_stderr_line     (const char     *text);
char        *node_to_string        (JsonNode       *node);
JsonNode    *object_node           (JsonObject     *object);
const char  *get_string_member     (JsonObject     *object,
                                    const char     *name,
                                    const char     *fallback);
gboolean     get_boolean_member    (JsonObject     *object,
                                    const char     *name);
guint64      get_size_member       (JsonObject     *object,
                                    const char     *name);
guint        get_uint_member       (JsonObject     *object,
                                    const char     *name,
                                    guint           fallback);
void         send_result           (JsonNode       *id,
                                    JsonNode       *result);
void         send_error            (JsonNode       *id,
                                    int             code,
                                    const char     *message,
                                    JsonNode       *data);
JsonNode    *tool_result           (const char     *text,
                                    JsonNode       *structured,
                                    gboolean        is_error);
void         answer_text           (const ToolCall *call,
                                    const char     *text);

/* mcp-test-server-faults.c */
extern const Tool fault_tools[];
extern const gsize n_fault_tools;

void         note_start_state      (void);

G_END_DECLS
