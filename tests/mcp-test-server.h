/* mcp-test-server.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the files of the scripted test server share: the tools' shape, the
 * JSON helpers that read what the client sent and write JSON-RPC to
 * stdout (mcp-test-server-json.c), the tables of tools
 * (mcp-test-server-tools.c and, for those that misbehave as processes or
 * frame their output wrongly on purpose, mcp-test-server-faults.c), and
 * the state of the program (mcp-test-server.c) that some tools read or
 * change.
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

/* mcp-test-server-json.c */
/* FALSE once a write failed (the client stopped reading) or stdout was
 * closed on purpose: nothing more is written. */
extern gboolean stdout_usable;

gboolean     write_all             (int             fd,
                                    const char     *data,
                                    gsize           length);
void         write_stdout          (const char     *data,
                                    gsize           length);
void         write_stdout_repeated (char            byte,
                                    guint64         count);
void         write_stderr_line     (const char     *text);
char        *node_to_string        (JsonNode       *node);
char        *node_to_line          (JsonNode       *node);
void         send_node             (JsonNode       *node);
JsonNode    *object_node           (JsonObject     *object);
JsonNode    *array_node            (JsonArray      *array);
JsonNode    *string_node           (const char     *value);
JsonNode    *object_with_member    (const char     *name,
                                    JsonNode       *value);
gboolean     node_holds            (JsonNode       *node,
                                    GType           type);
const char  *get_string_member     (JsonObject     *object,
                                    const char     *name,
                                    const char     *fallback);
JsonObject  *get_object_member     (JsonObject     *object,
                                    const char     *name);
double       get_double_member     (JsonObject     *object,
                                    const char     *name,
                                    double          fallback);
gboolean     get_boolean_member    (JsonObject     *object,
                                    const char     *name);
guint64      get_size_member       (JsonObject     *object,
                                    const char     *name);
guint        get_uint_member       (JsonObject     *object,
                                    const char     *name,
                                    guint           fallback);
JsonNode    *make_response         (JsonNode       *id,
                                    JsonNode       *result);
JsonNode    *make_notification     (const char     *method,
                                    JsonNode       *params);
JsonNode    *make_request          (const char     *id,
                                    const char     *method,
                                    JsonNode       *params);
void         send_result           (JsonNode       *id,
                                    JsonNode       *result);
void         send_error            (JsonNode       *id,
                                    int             code,
                                    const char     *message,
                                    JsonNode       *data);
void         send_notification     (const char     *method,
                                    JsonNode       *params);
JsonNode    *log_params            (const char     *level,
                                    const char     *logger,
                                    JsonNode       *data);
void         send_progress         (JsonNode       *token,
                                    gint64          progress,
                                    JsonNode       *total,
                                    const char     *message);
JsonObject  *content_block         (const char     *type);
JsonObject  *text_block            (const char     *text);
JsonObject  *binary_block          (const char     *type,
                                    const char     *bytes,
                                    gsize           length,
                                    const char     *mime_type);
JsonNode    *tool_result           (const char     *text,
                                    JsonNode       *structured,
                                    gboolean        is_error);
void         answer_text           (const ToolCall *call,
                                    const char     *text);

/* mcp-test-server.c */
/* Every message received from the client, for the "received" tool. */
extern GPtrArray *received_messages;
/* "srv-N" → id of the tools/call waiting for the client's answer */
extern GHashTable *pending_server_requests;
/* Set by the "pause-reading" tool, taken by the reading of stdin once the
 * current line is handled. */
extern guint pause_reading_ms;

/* mcp-test-server-tools.c */
extern const Tool tools[];
extern const gsize n_tools;

void         handle_task_request   (JsonNode       *id,
                                    const char     *method,
                                    JsonObject     *params);

/* mcp-test-server-faults.c */
extern const Tool fault_tools[];
extern const gsize n_fault_tools;

void         note_start_state      (void);

G_END_DECLS
