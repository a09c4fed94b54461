/* mcp-test-scripted.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the test programs of McpClient against the scripted server
 * mcp-test-server share: starting, connecting and closing it, checking
 * that its processes are gone, calling its tools, reading what it
 * received, and recording the client's signals. See mcp-test-scripted.c.
 */

#pragma once

#include "mcp-test-util.h"

G_BEGIN_DECLS

#define PROCESS_GONE_TIMEOUT_MS 5000

/* The program */
void           scripted_test_init            (int                *argc,
                                              char              ***argv);
int            scripted_test_run             (void);
const char    *scripted_server_path          (void);

/* Processes */
void           assert_process_gone           (GPid                pid,
                                              guint               timeout_ms);
void           assert_processes_gone         (GArray             *pids,
                                              guint               timeout_ms);

/* The test server */
typedef struct
{
  McpStdioTransport *transport;
  McpClient         *client;
  GPid               pid;
} Server;

Server        *server_new                    (const char         *first_arg,
                                              ...);
Server        *server_start                  (const char         *first_arg,
                                              ...);
gboolean       server_connect                (Server             *server,
                                              GError            **error);
void           server_connect_or_fail        (Server             *server);
void           server_free                   (Server             *server);
void           close_client                  (McpClient          *client);
void           server_close                  (Server             *server);
GArray        *spawn_descendants             (Server             *server,
                                              guint               depth);

/* Calling tools */
McpToolResult *call_tool_full                (Server             *server,
                                              const char         *name,
                                              const char         *arguments_json,
                                              McpRequestOptions  *options,
                                              GCancellable       *cancellable,
                                              GError            **error);
McpToolResult *call_tool                     (Server             *server,
                                              const char         *name,
                                              const char         *arguments_json,
                                              GError            **error);
char          *call_tool_text                (Server             *server,
                                              const char         *name,
                                              const char         *arguments_json);
void           assert_echo_works             (Server             *server);
JsonObject    *call_tool_structured          (Server             *server,
                                              const char         *name,
                                              const char         *arguments_json);
McpContent    *content_at                    (McpToolResult      *result,
                                              guint               index);

/* What the server received */
JsonArray     *get_received                  (Server             *server);
JsonObject    *message_at                    (JsonArray          *messages,
                                              guint               index);
JsonObject    *find_message                  (JsonArray          *messages,
                                              const char         *method);
GPtrArray     *find_tool_calls               (JsonArray          *messages,
                                              const char         *name);
JsonObject    *find_tool_call                (JsonArray          *messages,
                                              const char         *name);
gboolean       has_cancelled_notification    (JsonArray          *messages,
                                              gint64              id);

/* Recording notifications */
typedef struct
{
  GPtrArray *methods;   /* char * */
  GPtrArray *params;    /* JsonNode *, or NULL */
} NotificationLog;

void           notification_log_init         (NotificationLog    *log);
void           notification_log_clear        (NotificationLog    *log);
void           on_notification               (McpClient          *client,
                                              const char         *method,
                                              JsonNode           *params,
                                              NotificationLog    *log);
const char    *notification_log_data         (NotificationLog    *log,
                                              guint               index);
McpToolResult *watched_call_tool             (Server             *server,
                                              const char         *name,
                                              NotificationLog    *log,
                                              guint              *notifications_before);

G_END_DECLS
