/* mcp-test-util.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the C test programs share: waiting on the default main context for
 * an asynchronous call or a condition, without ever hanging, warnings the
 * library is expected to log, and removing a test's directory. See
 * mcp-test-util.c.
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

/* Long enough for valgrind, short enough that a hang is noticed. */
#define MCP_TEST_SAFETY_TIMEOUT_SECONDS 30

typedef gboolean (*McpTestCondition) (gpointer data);

void          mcp_test_init                     (void);
char         *mcp_test_find_python              (void);
void          mcp_test_set_safety_timeout       (guint                 seconds);

void          mcp_test_store_result_cb          (GObject              *source,
                                                 GAsyncResult         *result,
                                                 gpointer              user_data);
GAsyncResult *mcp_test_await_result             (GAsyncResult        **slot,
                                                 const char           *what);
gboolean      mcp_test_connect                  (McpClient            *client,
                                                 GError              **error);

GStrv         mcp_test_collect_args             (const char           *first_arg,
                                                 va_list               args);
void          mcp_test_track_pid                (McpStdioTransport    *transport,
                                                 GPid                 *pid);
void          mcp_test_untrack_pid              (McpStdioTransport    *transport,
                                                 GPid                 *pid);

gboolean      mcp_test_wait_until               (McpTestCondition      condition,
                                                 gpointer              data,
                                                 guint                 timeout_ms);
void          mcp_test_iterate_for              (guint                 ms);
gint64        mcp_test_elapsed_ms               (gint64                start);

void          mcp_test_expect_warning           (const char           *pattern);
void          mcp_test_assert_expected_warnings (void);
void          mcp_test_capture_log              (GString              *sink);

void          mcp_test_remove_tree              (GFile                *file);

McpClient    *mcp_test_create_configured_client (McpServerConfig      *config,
                                                 GError              **error);
void          mcp_test_save_registry            (McpServerRegistry    *registry);

JsonObject   *mcp_test_parse_object             (const char           *json);
JsonNode     *mcp_test_lookup                   (JsonObject           *object,
                                                 const char           *path);
JsonObject   *mcp_test_lookup_object            (JsonObject           *object,
                                                 const char           *path);
const char   *mcp_test_lookup_string            (JsonObject           *object,
                                                 const char           *path);
gboolean      mcp_test_lookup_int               (JsonObject           *object,
                                                 const char           *path,
                                                 gint64               *value);
gint64        mcp_test_lookup_int_or_fail       (JsonObject           *object,
                                                 const char           *path);
void          mcp_test_assert_json_equal        (JsonNode             *node,
                                                 const char           *expected);

McpToolResult *mcp_test_call_tool               (McpClient            *client,
                                                 const char           *name,
                                                 const char           *arguments_json,
                                                 McpRequestOptions    *options,
                                                 GCancellable         *cancellable,
                                                 GError              **error);
char          *mcp_test_call_tool_text          (McpClient            *client,
                                                 const char           *name,
                                                 const char           *arguments_json);
JsonObject    *mcp_test_call_tool_structured    (McpClient            *client,
                                                 const char           *name,
                                                 const char           *arguments_json);
void           mcp_test_assert_echo_works       (McpClient            *client);


G_END_DECLS
