/* mcp-http-test-util.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the test programs of McpHttpTransport share; see
 * mcp-http-test-util.c. Every test stops every server it starts, and checks
 * that it is gone.
 */

#pragma once

#include "mcp-test-util.h"

G_BEGIN_DECLS

/* Calls must not hang until the default timeout of a minute; this one is
 * still long enough that a timeout never passes for a prompt failure. */
#define REQUEST_TIMEOUT_MS 15000
/* What "promptly" means for a failure. */
#define PROMPT_MS 3000
#define NOTIFICATION_TIMEOUT_MS 5000

/* The stateless revision, and the session id the server's --stateless
 * mode offers with every answer, in vain. */
#define STATELESS_VERSION "2026-07-28"
#define OFFERED_SESSION   "not-for-a-stateless-client"

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *output;
  char             *url;
} Server;

typedef struct
{
  McpHttpTransport *transport;
  McpClient        *client;
  GPtrArray        *log_data;   /* the data of each notifications/message */
} Client;

gboolean       http_test_init                   (int                  *argc,
                                                 char               ***argv);
int            http_test_run                    (void);

/* Conditions for mcp_test_wait_until () */
gboolean       is_null                          (gpointer              data);
gboolean       is_true                          (gpointer              data);

/* The test server */
Server        *server_start                     (const char           *first_arg,
                                                 ...);
void           server_stop                      (Server               *server);
void           server_kill                      (Server               *server);
void           server_wait_gone                 (Server               *server);
void           server_free                      (Server               *server);

/* Clients */
Client        *client_new                       (Server               *server);
gboolean       client_connect                   (Client               *client,
                                                 GError              **error);
void           client_connect_or_fail           (Client               *client);
Client        *client_start                     (Server               *server);
void           client_close_finish              (Client               *client,
                                                 GAsyncResult         *result);
void           client_close                     (Client               *client);
void           client_free                      (Client               *client);
void           client_close_and_free            (Client               *client);
guint          count_log_data                   (Client               *client,
                                                 const char           *data);
gboolean       has_two_get_stream_notifications (gpointer              data);
void           assert_get_stream_works          (Client               *client);

/* Calling tools */
void           call_tool_async                  (Client               *client,
                                                 const char           *name,
                                                 const char           *arguments_json,
                                                 GAsyncReadyCallback   callback,
                                                 gpointer              user_data);
McpToolResult *call_tool                        (Client               *client,
                                                 const char           *name,
                                                 const char           *arguments_json,
                                                 GError              **error);
GError        *call_tool_must_fail              (Client               *client,
                                                 const char           *name,
                                                 const char           *arguments_json);
char          *call_tool_text                   (Client               *client,
                                                 const char           *name,
                                                 const char           *arguments_json);
JsonObject    *call_tool_structured             (Client               *client,
                                                 const char           *name,
                                                 const char           *arguments_json);
char          *watched_call_text                (Client               *client,
                                                 const char           *name,
                                                 const char           *arguments_json,
                                                 const char           *data,
                                                 guint                *seen_before);
gboolean       reply_sampling_cb                (McpClient            *mcp_client,
                                                 McpServerRequest     *request,
                                                 guint                *count);
void           assert_io_error                  (const GError         *error);
void           assert_echo_works                (Client               *client);

/* What went over the wire */
JsonArray     *get_requests                     (Client               *client);
JsonArray     *fetch_requests                   (Server               *server);
JsonObject    *record_at                        (JsonArray            *requests,
                                                 guint                 index);
const char    *record_header                    (JsonObject           *record,
                                                 const char           *name);
const char    *record_rpc_method                (JsonObject           *record);
gint64         record_status                    (JsonObject           *record);
GPtrArray     *find_records                     (JsonArray            *requests,
                                                 const char           *http_method);
JsonObject    *find_tool_call                   (GPtrArray            *posts,
                                                 const char           *name,
                                                 guint                *index);
void           assert_session_headers           (JsonObject           *record,
                                                 const char           *session_id);
void           assert_post_headers              (JsonObject           *record);

/* The stateless revision */
Server        *stateless_server_start           (const char           *option);
Client        *auto_client_new                  (Server               *server);
Client        *stateless_client_start           (Server               *server);
JsonArray     *stateless_fetch_requests         (Server               *server);
const char    *record_meta_version              (JsonObject           *record);
void           assert_stateless_post            (JsonObject           *record);
void           assert_all_stateless             (JsonArray            *requests);
guint          count_rpc                        (JsonArray            *requests,
                                                 const char           *method,
                                                 const char           *name);
JsonObject    *find_rpc                         (JsonArray            *requests,
                                                 const char           *method,
                                                 const char           *name,
                                                 guint                 nth);
JsonArray     *await_records                    (Client               *client,
                                                 gboolean            (*done) (JsonArray *requests,
                                                                              gpointer   data),
                                                 gpointer              data);

G_END_DECLS
