/* mcp-test-scripted.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The helpers of the test programs that check McpClient against the
 * scripted server mcp-test-server over a McpStdioTransport, linked into
 * each of them as a static library. A Server is the server process and a
 * client connected to it; the server records everything the client sends,
 * so tests check what went over the wire with get_received(). Closing a
 * Server checks that its process is gone: every test ends every process it
 * starts. Processes the server forks are adopted by the test program, a
 * child subreaper, and reaped here.
 *
 * Every program calls scripted_test_init() first in main(), and returns
 * scripted_test_run().
 */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "mcp-test-scripted.h"

static char *server_path;

/* Pids of processes the test server forked. When the server exits they are
 * orphaned and, as the test process is a child subreaper, become ours to
 * reap: not every init reaps orphans (a container's PID 1 often does not),
 * and a zombie would look alive to kill() forever. */
static GArray *adopted_pids;

/* ------------------------------------------------------------------------
 * Processes
 * ------------------------------------------------------------------------ */

static gboolean
reap_adopted_cb (gpointer user_data)
{
  for (guint i = 0; i < adopted_pids->len; i++)
    {
      pid_t pid = g_array_index (adopted_pids, pid_t, i);

      /* Only these pids: the server itself is GSubprocess's to reap. */
      if (waitpid (pid, NULL, WNOHANG) == pid)
        g_array_remove_index_fast (adopted_pids, i--);
    }

  return G_SOURCE_CONTINUE;
}

static gboolean
process_is_gone (gpointer data)
{
  pid_t pid = GPOINTER_TO_INT (data);

  return kill (pid, 0) == -1 && errno == ESRCH;
}

void
assert_process_gone (GPid  pid,
                     guint timeout_ms)
{
  gboolean gone;

  g_assert_cmpint (pid, >, 0);

  gone = mcp_test_wait_until (process_is_gone, GINT_TO_POINTER (pid), timeout_ms);
  if (!gone)
    g_test_message ("Process %d is still alive after %u ms", (int) pid, timeout_ms);
  g_assert_true (gone);
}

static void
assert_process_alive (GPid pid)
{
  g_assert_cmpint (pid, >, 0);
  g_assert_cmpint (kill (pid, 0), ==, 0);
}

void
assert_processes_gone (GArray *pids,
                       guint   timeout_ms)
{
  for (guint i = 0; i < pids->len; i++)
    assert_process_gone (g_array_index (pids, GPid, i), timeout_ms);
}

/* ------------------------------------------------------------------------
 * The program
 * ------------------------------------------------------------------------ */

/* Initializes GTest and the shared helpers (mcp_test_init()), finds the
 * test server, and makes the program the reaper of the server's orphans. */
void
scripted_test_init (int    *argc,
                    char ***argv)
{
  g_test_init (argc, argv, NULL);
  mcp_test_init ();

  server_path = g_test_build_filename (G_TEST_BUILT, "mcp-test-server", NULL);

  /* Orphans of the test server become ours, and are reaped here. */
  adopted_pids = g_array_new (FALSE, FALSE, sizeof (pid_t));
  g_assert_cmpint (prctl (PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), ==, 0);
  g_timeout_add (20, reap_adopted_cb, NULL);
}

/* Runs the tests, and frees what scripted_test_init() set up. */
int
scripted_test_run (void)
{
  int ret = g_test_run ();

  g_clear_pointer (&adopted_pids, g_array_unref);
  g_clear_pointer (&server_path, g_free);

  return ret;
}

/* The path of the test server program. */
const char *
scripted_server_path (void)
{
  return server_path;
}

/* ------------------------------------------------------------------------
 * The test server
 * ------------------------------------------------------------------------ */

static Server *
server_new_strv (const char * const *args)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  Server *server = g_new0 (Server, 1);

  g_strv_builder_add (builder, server_path);
  g_strv_builder_addv (builder, (const char **) args);
  argv = g_strv_builder_end (builder);

  server->transport = mcp_stdio_transport_new ((const char * const *) argv);
  mcp_test_track_pid (server->transport, &server->pid);
  server->client = mcp_client_new (MCP_TRANSPORT (server->transport));
  /* The scripted server speaks the legacy revisions: the tests check their
   * handshake exactly (the probe that finds that out has tests of its own). */
  mcp_client_set_version_negotiation (server->client, MCP_VERSION_NEGOTIATION_LEGACY);

  return server;
}

/* Creates a client for the test server started with the given arguments,
 * without connecting it. */
Server *
server_new (const char *first_arg,
            ...)
{
  g_auto(GStrv) args = NULL;
  va_list ap;

  va_start (ap, first_arg);
  args = mcp_test_collect_args (first_arg, ap);
  va_end (ap);

  return server_new_strv ((const char * const *) args);
}

gboolean
server_connect (Server  *server,
                GError **error)
{
  return mcp_test_connect (server->client, error);
}

void
server_connect_or_fail (Server *server)
{
  g_autoptr(GError) error = NULL;

  server_connect (server, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_READY);
  g_assert_cmpint (server->pid, >, 0);
}

/* Starts the test server with the given arguments and connects to it. */
Server *
server_start (const char *first_arg,
              ...)
{
  g_auto(GStrv) args = NULL;
  Server *server;
  va_list ap;

  va_start (ap, first_arg);
  args = mcp_test_collect_args (first_arg, ap);
  va_end (ap);

  server = server_new_strv ((const char * const *) args);
  server_connect_or_fail (server);

  return server;
}

void
server_free (Server *server)
{
  mcp_test_untrack_pid (server->transport, &server->pid);
  g_clear_object (&server->client);
  g_clear_object (&server->transport);
  g_free (server);
}

void
close_client (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gboolean closed;

  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "close");
  closed = mcp_client_close_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_true (closed);
  g_assert_cmpint (mcp_client_get_state (client), ==, MCP_CLIENT_STATE_CLOSED);
}

/* Closes the client, checks that the server is gone and frees everything. */
void
server_close (Server *server)
{
  GPid pid = server->pid;

  close_client (server->client);
  server_free (server);

  if (pid > 0)
    assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
}

/* Has the server start a chain of @depth processes, each the child of the
 * one before; returns their pids, its own child's first. */
GArray *
spawn_descendants (Server *server,
                   guint   depth)
{
  g_autofree char *arguments = g_strdup_printf ("{\"depth\":%u}", depth);
  g_autoptr(JsonObject) structured = call_tool_structured (server, "spawn-grandchild", arguments);
  JsonArray *array = json_object_get_array_member (structured, "pids");
  GArray *pids = g_array_new (FALSE, FALSE, sizeof (GPid));

  g_assert_nonnull (array);
  g_assert_cmpuint (json_array_get_length (array), ==, depth);

  for (guint i = 0; i < depth; i++)
    {
      GPid pid = json_array_get_int_element (array, i);

      assert_process_alive (pid);
      g_assert_cmpint (pid, !=, server->pid);
      g_array_append_val (adopted_pids, pid);
      g_array_append_val (pids, pid);
    }

  g_assert_cmpint (g_array_index (pids, GPid, 0), ==,
                   mcp_test_lookup_int_or_fail (structured, "pid"));

  return pids;
}

/* ------------------------------------------------------------------------
 * Calling tools
 * ------------------------------------------------------------------------ */

McpToolResult *
call_tool_full (Server             *server,
                const char         *name,
                const char         *arguments_json,
                McpRequestOptions  *options,
                GCancellable       *cancellable,
                GError            **error)
{
  return mcp_test_call_tool (server->client, name, arguments_json, options, cancellable, error);
}

McpToolResult *
call_tool (Server      *server,
           const char  *name,
           const char  *arguments_json,
           GError     **error)
{
  return mcp_test_call_tool (server->client, name, arguments_json, NULL, NULL, error);
}

char *
call_tool_text (Server     *server,
                const char *name,
                const char *arguments_json)
{
  return mcp_test_call_tool_text (server->client, name, arguments_json);
}

void
assert_echo_works (Server *server)
{
  mcp_test_assert_echo_works (server->client);
}

JsonObject *
call_tool_structured (Server     *server,
                      const char *name,
                      const char *arguments_json)
{
  return mcp_test_call_tool_structured (server->client, name, arguments_json);
}

McpContent *
content_at (McpToolResult *result,
            guint          index)
{
  GListModel *content = mcp_tool_result_get_content (result);

  g_assert_cmpuint (index, <, g_list_model_get_n_items (content));

  return g_list_model_get_item (content, index);
}

/* Every message the server received from the client so far. */
JsonArray *
get_received (Server *server)
{
  g_autoptr(JsonObject) structured = call_tool_structured (server, "received", NULL);
  JsonNode *messages = json_object_get_member (structured, "messages");

  g_assert_nonnull (messages);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (messages));

  return json_array_ref (json_node_get_array (messages));
}

JsonObject *
message_at (JsonArray *messages,
            guint      index)
{
  JsonNode *node = json_array_get_element (messages, index);

  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));

  return json_node_get_object (node);
}

/* The first message with @method, or %NULL. */
JsonObject *
find_message (JsonArray  *messages,
              const char *method)
{
  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonObject *message = message_at (messages, i);

      if (g_strcmp0 (mcp_test_lookup_string (message, "method"), method) == 0)
        return message;
    }

  return NULL;
}

/* The tools/call requests for the tool @name, in order. */
GPtrArray *
find_tool_calls (JsonArray  *messages,
                 const char *name)
{
  GPtrArray *calls = g_ptr_array_new ();

  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonObject *message = message_at (messages, i);

      if (g_strcmp0 (mcp_test_lookup_string (message, "method"), "tools/call") == 0 &&
          g_strcmp0 (mcp_test_lookup_string (message, "params.name"), name) == 0)
        g_ptr_array_add (calls, message);
    }

  return calls;
}

/* The only tools/call request for the tool @name. */
JsonObject *
find_tool_call (JsonArray  *messages,
                const char *name)
{
  g_autoptr(GPtrArray) calls = find_tool_calls (messages, name);

  g_assert_cmpuint (calls->len, ==, 1);

  return calls->pdata[0];
}

/* Whether a notifications/cancelled for the request @id was sent. */
gboolean
has_cancelled_notification (JsonArray *messages,
                            gint64     id)
{
  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonObject *message = message_at (messages, i);
      gint64 request_id;

      if (g_strcmp0 (mcp_test_lookup_string (message, "method"), "notifications/cancelled") == 0 &&
          !json_object_has_member (message, "id") &&
          mcp_test_lookup_int (message, "params.requestId", &request_id) &&
          request_id == id)
        return TRUE;
    }

  return FALSE;
}

/* ------------------------------------------------------------------------
 * Recording signals
 * ------------------------------------------------------------------------ */

static void
node_unref_nullable (gpointer node)
{
  if (node != NULL)
    json_node_unref (node);
}

void
notification_log_init (NotificationLog *log)
{
  log->methods = g_ptr_array_new_with_free_func (g_free);
  log->params = g_ptr_array_new_with_free_func (node_unref_nullable);
}

void
notification_log_clear (NotificationLog *log)
{
  g_clear_pointer (&log->methods, g_ptr_array_unref);
  g_clear_pointer (&log->params, g_ptr_array_unref);
}

void
on_notification (McpClient       *client,
                 const char      *method,
                 JsonNode        *params,
                 NotificationLog *log)
{
  g_ptr_array_add (log->methods, g_strdup (method));
  g_ptr_array_add (log->params, params != NULL ? json_node_copy (params) : NULL);
}

/* The `data` of the n-th notification, if it is a notifications/message
 * with string data. */
const char *
notification_log_data (NotificationLog *log,
                       guint            index)
{
  JsonNode *params;

  g_assert_cmpuint (index, <, log->methods->len);
  g_assert_cmpstr (log->methods->pdata[index], ==, "notifications/message");
  params = log->params->pdata[index];
  g_assert_nonnull (params);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (params));

  return mcp_test_lookup_string (json_node_get_object (params), "data");
}

/* A call whose callback notes how many notifications had arrived by the
 * time it completed. */
typedef struct
{
  GAsyncResult    *result;
  NotificationLog *log;
  guint            notifications_before;
} WatchedCall;

static void
watched_call_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  WatchedCall *call = user_data;

  g_assert_null (call->result);
  call->result = g_object_ref (result);
  call->notifications_before = call->log->methods->len;
}

McpToolResult *
watched_call_tool (Server          *server,
                   const char      *name,
                   NotificationLog *log,
                   guint           *notifications_before)
{
  g_autoptr(GError) error = NULL;
  WatchedCall call = { NULL, log, 0 };
  McpToolResult *result;

  mcp_client_call_tool_async (server->client, name, NULL, NULL, NULL, watched_call_cb, &call);
  mcp_test_await_result (&call.result, name);
  result = mcp_client_call_tool_finish (server->client, call.result, &error);
  g_assert_no_error (error);
  g_clear_object (&call.result);
  *notifications_before = call.notifications_before;

  return result;
}
