/* test-client.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The main test suite of McpClient, run against the scripted server
 * mcp-test-server over a McpStdioTransport. It covers the handshake and
 * version negotiation, listing and calling tools and the content they
 * return, matching answers to requests (concurrent calls, wrong ids,
 * batches, interleaved notifications and requests), requests from the
 * server and their answers, notifications, timeouts and progress,
 * cancellation, the many ways a server can die or misbehave (crashes,
 * closed output, stubborn processes, stray children, banners, junk and
 * oversized lines, floods of stderr), the environment a server gets, and
 * the raw request and notification API. The server records everything the
 * client sends, so tests check what went over the wire with its "received"
 * tool.
 *
 * Every test ends every process it starts, and checks that it is gone.
 */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

#define PROCESS_GONE_TIMEOUT_MS 5000

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

static void
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

/* ------------------------------------------------------------------------
 * The test server
 * ------------------------------------------------------------------------ */

typedef struct
{
  McpStdioTransport *transport;
  McpClient         *client;
  GPid               pid;
} Server;

static void
on_subprocess_notify (McpStdioTransport *transport,
                      GParamSpec        *pspec,
                      Server            *server)
{
  GSubprocess *subprocess = mcp_stdio_transport_get_subprocess (transport);
  const char *identifier;

  /* Noted at spawn time: once the process is reaped it has no id. */
  if (subprocess != NULL && (identifier = g_subprocess_get_identifier (subprocess)) != NULL)
    server->pid = atoi (identifier);
}

static GStrv
collect_args (const char *first_arg,
              va_list     args)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (const char *arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_strv_builder_add (builder, arg);

  return g_strv_builder_end (builder);
}

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
  g_signal_connect (server->transport, "notify::subprocess",
                    G_CALLBACK (on_subprocess_notify), server);
  server->client = mcp_client_new (MCP_TRANSPORT (server->transport));
  /* The scripted server speaks the legacy revisions: the tests check their
   * handshake exactly (the probe that finds that out has tests of its own). */
  mcp_client_set_version_negotiation (server->client, MCP_VERSION_NEGOTIATION_LEGACY);

  return server;
}

/* Creates a client for the test server started with the given arguments,
 * without connecting it. */
static Server *
server_new (const char *first_arg,
            ...)
{
  g_auto(GStrv) args = NULL;
  va_list ap;

  va_start (ap, first_arg);
  args = collect_args (first_arg, ap);
  va_end (ap);

  return server_new_strv ((const char * const *) args);
}

static gboolean
server_connect (Server  *server,
                GError **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_connect_async (server->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "connect");

  return mcp_client_connect_finish (server->client, result, error);
}

static void
server_connect_or_fail (Server *server)
{
  g_autoptr(GError) error = NULL;

  server_connect (server, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_READY);
  g_assert_cmpint (server->pid, >, 0);
}

/* Starts the test server with the given arguments and connects to it. */
static Server *
server_start (const char *first_arg,
              ...)
{
  g_auto(GStrv) args = NULL;
  Server *server;
  va_list ap;

  va_start (ap, first_arg);
  args = collect_args (first_arg, ap);
  va_end (ap);

  server = server_new_strv ((const char * const *) args);
  server_connect_or_fail (server);

  return server;
}

static void
server_free (Server *server)
{
  g_signal_handlers_disconnect_by_func (server->transport, on_subprocess_notify, server);
  g_clear_object (&server->client);
  g_clear_object (&server->transport);
  g_free (server);
}

static void
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
static void
server_close (Server *server)
{
  GPid pid = server->pid;

  close_client (server->client);
  server_free (server);

  if (pid > 0)
    assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
}

/* ------------------------------------------------------------------------
 * Calling tools
 * ------------------------------------------------------------------------ */

static McpToolResult *
call_tool_full (Server             *server,
                const char         *name,
                const char         *arguments_json,
                McpRequestOptions  *options,
                GCancellable       *cancellable,
                GError            **error)
{
  return mcp_test_call_tool (server->client, name, arguments_json, options, cancellable, error);
}

static McpToolResult *
call_tool (Server      *server,
           const char  *name,
           const char  *arguments_json,
           GError     **error)
{
  return mcp_test_call_tool (server->client, name, arguments_json, NULL, NULL, error);
}

static char *
call_tool_text (Server     *server,
                const char *name,
                const char *arguments_json)
{
  return mcp_test_call_tool_text (server->client, name, arguments_json);
}

static void
assert_echo_works (Server *server)
{
  mcp_test_assert_echo_works (server->client);
}

static JsonObject *
call_tool_structured (Server     *server,
                      const char *name,
                      const char *arguments_json)
{
  return mcp_test_call_tool_structured (server->client, name, arguments_json);
}

/* Every message the server received from the client so far. */
static JsonArray *
get_received (Server *server)
{
  g_autoptr(JsonObject) structured = call_tool_structured (server, "received", NULL);
  JsonNode *messages = json_object_get_member (structured, "messages");

  g_assert_nonnull (messages);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (messages));

  return json_array_ref (json_node_get_array (messages));
}

static JsonObject *
message_at (JsonArray *messages,
            guint      index)
{
  JsonNode *node = json_array_get_element (messages, index);

  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));

  return json_node_get_object (node);
}

/* The first message with @method, or %NULL. */
static JsonObject *
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
static GPtrArray *
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
static JsonObject *
find_tool_call (JsonArray  *messages,
                const char *name)
{
  g_autoptr(GPtrArray) calls = find_tool_calls (messages, name);

  g_assert_cmpuint (calls->len, ==, 1);

  return calls->pdata[0];
}

/* Whether a notifications/cancelled for the request @id was sent. */
static gboolean
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

typedef struct
{
  GPtrArray *methods;   /* char * */
  GPtrArray *params;    /* JsonNode *, or NULL */
} NotificationLog;

static void
node_unref_nullable (gpointer node)
{
  if (node != NULL)
    json_node_unref (node);
}

static void
notification_log_init (NotificationLog *log)
{
  log->methods = g_ptr_array_new_with_free_func (g_free);
  log->params = g_ptr_array_new_with_free_func (node_unref_nullable);
}

static void
notification_log_clear (NotificationLog *log)
{
  g_clear_pointer (&log->methods, g_ptr_array_unref);
  g_clear_pointer (&log->params, g_ptr_array_unref);
}

static void
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
static const char *
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

typedef struct
{
  guint   count;
  GError *error;
} ClosedLog;

static void
on_closed (McpClient    *client,
           const GError *error,
           ClosedLog    *log)
{
  log->count++;
  g_clear_error (&log->error);
  log->error = error != NULL ? g_error_copy (error) : NULL;
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

static McpToolResult *
watched_call_tool (Server          *server,
                   const char      *name,
                   NotificationLog *log,
                   guint           *notifications_before)
{
  g_autoptr(GError) error = NULL;
  WatchedCall call = { NULL, log, 0 };
  McpToolResult *result;

  mcp_client_call_tool_async (server->client, name, NULL, NULL, watched_call_cb, &call);
  mcp_test_await_result (&call.result, name);
  result = mcp_client_call_tool_finish (server->client, call.result, &error);
  g_assert_no_error (error);
  g_clear_object (&call.result);
  *notifications_before = call.notifications_before;

  return result;
}

/* ------------------------------------------------------------------------
 * Tests
 * ------------------------------------------------------------------------ */

static void
on_state_notify (McpClient  *client,
                 GParamSpec *pspec,
                 GArray     *states)
{
  McpClientState state = mcp_client_get_state (client);

  g_array_append_val (states, state);
}

static void
test_connect (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (McpClientState));
  g_autoptr(JsonArray) messages = NULL;
  g_autofree char *protocol_version = NULL;
  McpImplementation *info;
  JsonObject *capabilities;
  JsonObject *initialize;
  JsonObject *initialized;
  Server *server;

  server = server_new (NULL);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_DISCONNECTED);
  g_assert_null (mcp_client_get_server_info (server->client));
  g_signal_connect (server->client, "notify::state", G_CALLBACK (on_state_notify), states);

  g_assert_true (server_connect (server, &error));
  g_assert_no_error (error);

  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_READY);
  g_assert_cmpuint (states->len, ==, 2);
  g_assert_cmpint (g_array_index (states, McpClientState, 0), ==, MCP_CLIENT_STATE_CONNECTING);
  g_assert_cmpint (g_array_index (states, McpClientState, 1), ==, MCP_CLIENT_STATE_READY);

  info = mcp_client_get_server_info (server->client);
  g_assert_nonnull (info);
  g_assert_cmpstr (mcp_implementation_get_name (info), ==, "mcp-test-server");
  g_assert_cmpstr (mcp_implementation_get_version (info), ==, "1.0.0");
  g_assert_cmpstr (mcp_implementation_get_title (info), ==, "MCP Test Server");
  g_assert_cmpstr (mcp_test_lookup_string (mcp_implementation_get_json (info), "name"), ==,
                   "mcp-test-server");

  g_assert_cmpstr (mcp_client_get_protocol_version (server->client), ==, "2025-11-25");
  g_object_get (server->client, "protocol-version", &protocol_version, NULL);
  g_assert_cmpstr (protocol_version, ==, "2025-11-25");
  g_assert_cmpstr (mcp_client_get_instructions (server->client), ==, "Test server instructions.");

  capabilities = mcp_client_get_server_capabilities (server->client);
  g_assert_nonnull (capabilities);
  g_assert_true (json_object_has_member (capabilities, "tools"));

  /* What went over the wire: initialize, then the initialized notification. */
  messages = get_received (server);
  g_assert_cmpuint (json_array_get_length (messages), >=, 3);

  initialize = message_at (messages, 0);
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "jsonrpc"), ==, "2.0");
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "method"), ==, "initialize");
  g_assert_true (json_object_has_member (initialize, "id"));
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.protocolVersion"), ==, "2025-11-25");
  g_assert_nonnull (mcp_test_lookup_object (initialize, "params.capabilities"));
  g_assert_nonnull (mcp_test_lookup_string (initialize, "params.clientInfo.name"));
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.clientInfo.name"), !=, "");
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.clientInfo.name"), ==,
                   mcp_client_get_client_name (server->client));
  g_assert_nonnull (mcp_test_lookup_string (initialize, "params.clientInfo.version"));
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.clientInfo.version"), !=, "");
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.clientInfo.version"), ==,
                   mcp_client_get_client_version (server->client));

  initialized = message_at (messages, 1);
  g_assert_cmpstr (mcp_test_lookup_string (initialized, "jsonrpc"), ==, "2.0");
  g_assert_cmpstr (mcp_test_lookup_string (initialized, "method"), ==, "notifications/initialized");
  g_assert_false (json_object_has_member (initialized, "id"));
  g_assert_false (json_object_has_member (initialized, "params"));

  server_close (server);
}

static void
test_version_negotiation (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  GPid pid;

  /* An older revision the client supports is accepted. */
  server = server_start ("--protocol-version=2024-11-05", NULL);
  g_assert_cmpstr (mcp_client_get_protocol_version (server->client), ==, "2024-11-05");
  assert_echo_works (server);
  server_close (server);

  /* One it does not know is refused, and the server is stopped. */
  server = server_new ("--protocol-version=1999-01-01", NULL);
  g_assert_false (server_connect (server, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);
  pid = server->pid;
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
  server_close (server);
}

static void
test_handshake_timeout (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;
  gint64 start;

  server = server_new ("--no-initialize-answer", NULL);
  mcp_client_set_connect_timeout (server->client, 300);

  start = g_get_monotonic_time ();
  g_assert_false (server_connect (server, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2000);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);

  assert_process_gone (server->pid, PROCESS_GONE_TIMEOUT_MS);
  server_close (server);
}

/* A transport whose opening never ends by itself, as a server that is slow
 * to start: only closing it ends the open, with an error. */
typedef struct
{
  McpTransport  parent_instance;
  GTask        *open_task;
  gboolean      closed;
} StuckTransport;

typedef McpTransportClass StuckTransportClass;

static GType stuck_transport_get_type (void);
G_DEFINE_TYPE (StuckTransport, stuck_transport, MCP_TYPE_TRANSPORT)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (StuckTransport, g_object_unref)

static void
stuck_transport_open (McpTransport *transport,
                      GCancellable *cancellable,
                      GTask        *task)
{
  StuckTransport *self = (StuckTransport *) transport;

  self->open_task = g_object_ref (task);
}

static void
stuck_transport_send (McpTransport *transport,
                      JsonNode     *message,
                      GCancellable *cancellable,
                      GTask        *task)
{
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, "not open");
}

static void
stuck_transport_close (McpTransport *transport,
                       GCancellable *cancellable,
                       GTask        *task)
{
  StuckTransport *self = (StuckTransport *) transport;
  g_autoptr(GTask) open_task = g_steal_pointer (&self->open_task);

  self->closed = TRUE;
  if (open_task != NULL)
    g_task_return_new_error (open_task, G_IO_ERROR, G_IO_ERROR_CLOSED, "closed while opening");
  g_task_return_boolean (task, TRUE);
}

static void
stuck_transport_finalize (GObject *object)
{
  g_assert_null (((StuckTransport *) object)->open_task);

  G_OBJECT_CLASS (stuck_transport_parent_class)->finalize (object);
}

static void
stuck_transport_class_init (StuckTransportClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = stuck_transport_finalize;
  klass->open = stuck_transport_open;
  klass->send = stuck_transport_send;
  klass->close = stuck_transport_close;
}

static void
stuck_transport_init (StuckTransport *self)
{
}

/* The connect timeout bounds the whole connect, opening included. */
static void
test_handshake_timeout_open (void)
{
  g_autoptr(StuckTransport) transport = g_object_new (stuck_transport_get_type (), NULL);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;

  mcp_client_set_connect_timeout (client, 200);

  start = g_get_monotonic_time ();
  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "connect");
  g_assert_false (mcp_client_connect_finish (client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2000);
  g_assert_cmpint (mcp_client_get_state (client), ==, MCP_CLIENT_STATE_CLOSED);

  /* The transport was closed, which ended its open too. */
  g_assert_true (transport->closed);
  g_assert_null (transport->open_task);
}

/* ------------------------------------------------------------------------
 * Main contexts: a client works entirely on the context it was created in
 * ------------------------------------------------------------------------ */

static gboolean
keep_awake_cb (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

static void
count_call_progress_cb (McpRequestOptions *options,
                        GCancellable      *cancellable,
                        double             progress,
                        double             total,
                        const char        *message,
                        guint             *count)
{
  (*count)++;
}

static gboolean
cancel_later_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

/* Iterates only @context until @slot is filled; fails after 20 s, as a call
 * whose sources went to another context would never be filled. */
static void
await_on_context (GMainContext  *context,
                  GAsyncResult **slot,
                  const char    *what)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  GSource *wake = g_timeout_source_new (50);

  g_source_set_callback (wake, keep_awake_cb, NULL, NULL);
  g_source_attach (wake, context);
  while (*slot == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (wake);
  g_source_unref (wake);

  if (*slot == NULL)
    g_error ("%s did not complete on its own main context", what);
}

/* Connects, calls tools (one with progress and a timeout, one cancelled),
 * and closes, iterating only @context, the thread-default one. */
static void
use_client_on_context (GMainContext *context)
{
  const char *argv[] = { server_path, NULL };
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(JsonNode) echo = json_from_string ("{\"text\":\"here\"}", NULL);
  g_autoptr(JsonNode) progress = json_from_string ("{\"count\":3,\"interval_ms\":20}", NULL);
  g_autoptr(JsonNode) slow = json_from_string ("{\"ms\":5000}", NULL);
  g_autoptr(McpToolResult) answer = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint n_progress = 0;

  g_assert_true (g_main_context_get_thread_default () == context);

  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "connect");
  g_assert_true (mcp_client_connect_finish (client, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  mcp_client_call_tool_async (client, "echo", json_node_get_object (echo), NULL,
                              mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "echo");
  answer = mcp_client_call_tool_finish (client, result, &error);
  g_assert_no_error (error);
  text = mcp_tool_result_dup_text (answer);
  g_assert_cmpstr (text, ==, "here");
  g_clear_object (&answer);
  g_clear_object (&result);

  /* Progress, with a timeout that it keeps restarting. */
  mcp_request_options_set_timeout (options, 1000);
  g_signal_connect (options, "call-progress", G_CALLBACK (count_call_progress_cb), &n_progress);
  mcp_client_call_tool_full_async (client, "progress", json_node_get_object (progress), options,
                                   NULL, mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "progress");
  answer = mcp_client_call_tool_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_progress, ==, 3);
  g_clear_object (&answer);
  g_clear_object (&result);

  /* Cancelled from a timeout of the same context. */
  {
    GSource *later = g_timeout_source_new (50);

    g_source_set_callback (later, cancel_later_cb, g_object_ref (cancellable), g_object_unref);
    g_source_attach (later, context);
    g_source_unref (later);
  }
  mcp_client_call_tool_async (client, "sleep", json_node_get_object (slow), cancellable,
                              mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "a cancelled call");
  g_assert_null (mcp_client_call_tool_finish (client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_clear_object (&result);

  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  await_on_context (context, &result, "close");
  g_assert_true (mcp_client_close_finish (client, result, &error));
  g_assert_no_error (error);
}

static gpointer
worker_thread (gpointer user_data)
{
  g_autoptr(GMainContext) context = g_main_context_new ();

  g_main_context_push_thread_default (context);
  use_client_on_context (context);
  g_main_context_pop_thread_default (context);

  return GINT_TO_POINTER (TRUE);
}

/* A client used entirely from a worker thread with its own context, while
 * the main thread's context does not run. */
static void
test_context_worker_thread (void)
{
  GThread *thread = g_thread_new ("mcp-worker", worker_thread, NULL);

  g_assert_true (GPOINTER_TO_INT (g_thread_join (thread)));
}

/* The pattern of a synchronous wrapper: push a context, make the calls,
 * iterate only that context. */
static void
test_context_sync_wrapper (void)
{
  g_autoptr(GMainContext) context = g_main_context_new ();

  g_main_context_push_thread_default (context);
  use_client_on_context (context);
  g_main_context_pop_thread_default (context);
}

/* Using a client from a context other than its own is a programmer error,
 * caught loudly rather than left to hang. */
static void
test_context_misuse (void)
{
  if (g_test_subprocess ())
    {
      Server *server = server_start (NULL);
      g_autoptr(GMainContext) other = g_main_context_new ();
      g_autoptr(GAsyncResult) result = NULL;
      g_autoptr(GError) error = NULL;

      g_main_context_push_thread_default (other);
      mcp_client_ping_async (server->client, NULL, mcp_test_store_result_cb, &result);
      g_main_context_pop_thread_default (other);
      return;
    }

  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*ping*used from a main context other than*");
}

static GListModel *
list_tools (Server *server)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *tools;

  mcp_client_list_tools_async (server->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "tools/list");
  tools = mcp_client_list_tools_finish (server->client, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tools);
  g_assert_true (g_list_model_get_item_type (tools) == MCP_TYPE_TOOL);

  return tools;
}

static McpTool *
find_tool (GListModel *tools,
           const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (g_strcmp0 (mcp_tool_get_name (tool), name) == 0)
        return tool;
    }

  return NULL;
}

static void
test_list_tools (void)
{
  g_autoptr(GListModel) paged = NULL;
  g_autoptr(GListModel) whole = NULL;
  g_autoptr(JsonArray) messages = NULL;
  McpTool *echo;
  McpTool *add;
  JsonObject *schema;
  JsonObject *annotations;
  guint n_lists = 0;
  Server *server;

  server = server_start ("--pages=1", NULL);
  whole = list_tools (server);
  server_close (server);

  server = server_start ("--pages=3", NULL);
  paged = list_tools (server);

  /* All three pages were fetched, following the cursors. */
  messages = get_received (server);
  for (guint i = 0; i < json_array_get_length (messages); i++)
    if (g_strcmp0 (mcp_test_lookup_string (message_at (messages, i), "method"), "tools/list") == 0)
      n_lists++;
  g_assert_cmpuint (n_lists, ==, 3);

  g_assert_cmpuint (g_list_model_get_n_items (whole), >=, 20);
  g_assert_cmpuint (g_list_model_get_n_items (paged), ==, g_list_model_get_n_items (whole));
  for (guint i = 0; i < g_list_model_get_n_items (whole); i++)
    {
      g_autoptr(McpTool) a = g_list_model_get_item (whole, i);
      g_autoptr(McpTool) b = g_list_model_get_item (paged, i);

      g_assert_cmpstr (mcp_tool_get_name (a), ==, mcp_tool_get_name (b));
    }

  echo = find_tool (paged, "echo");
  g_assert_nonnull (echo);
  g_assert_cmpstr (mcp_tool_get_title (echo), ==, "Echo");
  g_assert_cmpstr (mcp_tool_get_description (echo), ==, "Answers with its text argument");
  annotations = mcp_tool_get_annotations (echo);
  g_assert_nonnull (annotations);
  g_assert_true (json_object_get_boolean_member_with_default (annotations, "readOnlyHint", FALSE));
  schema = mcp_tool_get_input_schema (echo);
  g_assert_nonnull (schema);
  g_assert_cmpstr (mcp_test_lookup_string (schema, "type"), ==, "object");
  g_assert_cmpstr (mcp_test_lookup_string (schema, "properties.text.type"), ==, "string");
  g_assert_null (mcp_tool_get_output_schema (echo));
  /* Fields mcp-glib does not know are kept. */
  mcp_test_assert_json_equal (mcp_test_lookup (mcp_tool_get_json (echo), "x-extra"), "{\"kept\":true}");

  add = find_tool (paged, "add");
  g_assert_nonnull (add);
  schema = mcp_tool_get_output_schema (add);
  g_assert_nonnull (schema);
  g_assert_cmpstr (mcp_test_lookup_string (schema, "properties.sum.type"), ==, "number");

  server_close (server);
}

static McpContent *
content_at (McpToolResult *result,
            guint          index)
{
  GListModel *content = mcp_tool_result_get_content (result);

  g_assert_cmpuint (index, <, g_list_model_get_n_items (content));

  return g_list_model_get_item (content, index);
}

static void
assert_bytes (GBytes     *bytes,
              const char *expected,
              gsize       expected_size)
{
  gsize size;
  const char *data;

  g_assert_nonnull (bytes);
  data = g_bytes_get_data (bytes, &size);
  g_assert_cmpmem (data, size, expected, expected_size);
}

static void
test_call_tool (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(McpContent) block = NULL;
  g_autofree char *text = NULL;
  JsonNode *structured;
  Server *server;

  server = server_start (NULL);

  /* Text. */
  text = call_tool_text (server, "echo", "{\"text\":\"Hello, wörld\"}");
  g_assert_cmpstr (text, ==, "Hello, wörld");
  g_clear_pointer (&text, g_free);

  /* Structured content. */
  result = call_tool (server, "add", "{\"a\":2,\"b\":3}", &error);
  g_assert_no_error (error);
  g_assert_false (mcp_tool_result_get_is_error (result));
  structured = mcp_tool_result_get_structured_content (result);
  g_assert_nonnull (structured);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (structured));
  g_assert_cmpfloat (json_object_get_double_member_with_default (json_node_get_object (structured),
                                                                 "sum", -1),
                     ==, 5);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "5");
  g_clear_pointer (&text, g_free);
  g_clear_object (&result);

  /* Every kind of content block. */
  result = call_tool (server, "content-kinds", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (mcp_tool_result_get_content (result)), ==, 6);
  g_assert_null (mcp_tool_result_get_structured_content (result));

  block = content_at (result, 0);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_TEXT);
  g_assert_cmpstr (mcp_content_get_type_name (block), ==, "text");
  g_assert_cmpstr (mcp_content_get_text (block), ==, "hello");
  g_assert_null (mcp_content_get_data (block));
  g_clear_object (&block);

  block = content_at (result, 1);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_IMAGE);
  g_assert_cmpstr (mcp_content_get_type_name (block), ==, "image");
  g_assert_cmpstr (mcp_content_get_mime_type (block), ==, "image/png");
  assert_bytes (mcp_content_get_data (block), "\x89PNG", 4);
  g_assert_null (mcp_content_get_text (block));
  g_clear_object (&block);

  block = content_at (result, 2);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_AUDIO);
  g_assert_cmpstr (mcp_content_get_mime_type (block), ==, "audio/wav");
  assert_bytes (mcp_content_get_data (block), "RIFF", 4);
  g_clear_object (&block);

  block = content_at (result, 3);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_RESOURCE_LINK);
  g_assert_cmpstr (mcp_content_get_uri (block), ==, "file:///tmp/x.txt");
  g_assert_cmpstr (mcp_content_get_name (block), ==, "x.txt");
  g_assert_cmpstr (mcp_content_get_mime_type (block), ==, "text/plain");
  g_clear_object (&block);

  block = content_at (result, 4);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_RESOURCE);
  g_assert_cmpstr (mcp_content_get_text (block), ==, "embedded");
  g_assert_cmpstr (mcp_content_get_uri (block), ==, "file:///tmp/y.txt");
  g_assert_cmpstr (mcp_content_get_mime_type (block), ==, "text/plain");
  g_clear_object (&block);

  block = content_at (result, 5);
  g_assert_cmpint (mcp_content_get_kind (block), ==, MCP_CONTENT_KIND_UNKNOWN);
  g_assert_cmpstr (mcp_content_get_type_name (block), ==, "hologram");
  g_assert_cmpint (json_object_get_int_member_with_default (mcp_content_get_json (block),
                                                            "depth", -1),
                   ==, 3);
  g_assert_null (mcp_content_get_text (block));
  g_assert_null (mcp_content_get_data (block));
  g_clear_object (&block);

  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "hello");
  g_clear_pointer (&text, g_free);
  g_clear_object (&result);

  /* A tool that ran but failed is a result, not an error. */
  result = call_tool (server, "tool-error", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (mcp_tool_result_get_is_error (result));
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "it broke");
  g_clear_pointer (&text, g_free);
  g_clear_object (&result);

  /* A JSON-RPC error keeps its code and message. */
  result = call_tool (server, "fail", NULL, &error);
  g_assert_null (result);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_PARAMS);
  g_assert_nonnull (strstr (error->message, "Invalid arguments"));
  g_clear_error (&error);

  result = call_tool (server, "no-such-tool", NULL, &error);
  g_assert_null (result);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_PARAMS);
  g_clear_error (&error);

  /* Errors leave the connection usable. */
  assert_echo_works (server);

  server_close (server);
}

typedef struct
{
  char   *expected;
  char   *text;
  GError *error;
  guint   completions;
  guint  *n_done;
} ConcurrentCall;

static void
concurrent_call_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  ConcurrentCall *call = user_data;
  g_autoptr(McpToolResult) answer = NULL;

  call->completions++;
  if (call->completions > 1)
    return;

  answer = mcp_client_call_tool_finish (MCP_CLIENT (source), result, &call->error);
  if (answer != NULL)
    call->text = mcp_tool_result_dup_text (answer);
  (*call->n_done)++;
}

static gboolean
all_calls_done (gpointer data)
{
  guint *n_done = data;

  return *n_done == 50;
}

static void
test_concurrent (void)
{
  ConcurrentCall calls[50] = { { NULL, } };
  guint n_done = 0;
  Server *server;

  server = server_start (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_autoptr(JsonObject) arguments = json_object_new ();

      calls[i].n_done = &n_done;

      /* Sleeps answer in a different order than they were asked; echoes
       * answer at once, overtaking them. */
      if (i % 2 == 0)
        {
          guint ms = 10 + (i * 37) % 200;

          json_object_set_int_member (arguments, "ms", ms);
          calls[i].expected = g_strdup_printf ("slept %u", ms);
          mcp_client_call_tool_async (server->client, "sleep", arguments, NULL,
                                      concurrent_call_cb, &calls[i]);
        }
      else
        {
          calls[i].expected = g_strdup_printf ("echo %u", i);
          json_object_set_string_member (arguments, "text", calls[i].expected);
          mcp_client_call_tool_async (server->client, "echo", arguments, NULL,
                                      concurrent_call_cb, &calls[i]);
        }
    }

  g_assert_true (mcp_test_wait_until (all_calls_done, &n_done,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  /* Give duplicate completions a chance to show up. */
  mcp_test_iterate_for (100);

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_assert_no_error (calls[i].error);
      g_assert_cmpuint (calls[i].completions, ==, 1);
      g_assert_cmpstr (calls[i].text, ==, calls[i].expected);
      g_free (calls[i].expected);
      g_free (calls[i].text);
    }

  server_close (server);
}

static void
test_id_matching (void)
{
  g_autofree char *text = NULL;
  Server *server;

  server = server_start (NULL);

  /* Answers with the id as a string, with another id and with a null id
   * come first; only the exact id counts. */
  text = call_tool_text (server, "wrong-ids", NULL);
  g_assert_cmpstr (text, ==, "right");
  assert_echo_works (server);

  server_close (server);
}

static void
test_batch (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autofree char *text = NULL;
  NotificationLog log;
  guint before = 0;
  Server *server;

  notification_log_init (&log);
  server = server_start (NULL);
  g_signal_connect (server->client, "notification::notifications/message",
                    G_CALLBACK (on_notification), &log);

  result = watched_call_tool (server, "batch", &log, &before);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "batched");

  /* The notification came first in the batch, and was handled first. */
  g_assert_cmpuint (log.methods->len, ==, 1);
  g_assert_cmpuint (before, ==, 1);
  g_assert_cmpstr (notification_log_data (&log, 0), ==, "in batch");

  server_close (server);
  notification_log_clear (&log);
}

static void
test_interleave (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonArray) messages = NULL;
  g_autofree char *text = NULL;
  JsonObject *pong = NULL;
  NotificationLog log;
  guint before = 0;
  Server *server;

  notification_log_init (&log);
  server = server_start (NULL);
  g_signal_connect (server->client, "notification::notifications/message",
                    G_CALLBACK (on_notification), &log);

  result = watched_call_tool (server, "interleave", &log, &before);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "interleaved");
  g_assert_cmpuint (log.methods->len, ==, 1);
  g_assert_cmpuint (before, ==, 1);
  g_assert_cmpstr (notification_log_data (&log, 0), ==, "before");

  /* The client answered the server's ping, with the string id it used. */
  messages = get_received (server);
  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonObject *message = message_at (messages, i);
      const char *id = mcp_test_lookup_string (message, "id");

      if (id != NULL && g_str_has_prefix (id, "srv-"))
        {
          g_assert_null (pong);
          pong = message;
        }
    }
  g_assert_nonnull (pong);
  g_assert_cmpstr (mcp_test_lookup_string (pong, "jsonrpc"), ==, "2.0");
  g_assert_false (json_object_has_member (pong, "method"));
  g_assert_false (json_object_has_member (pong, "error"));
  g_assert_nonnull (mcp_test_lookup_object (pong, "result"));
  g_assert_cmpuint (json_object_get_size (mcp_test_lookup_object (pong, "result")), ==, 0);

  server_close (server);
  notification_log_clear (&log);
}

typedef struct
{
  guint             count;
  char             *method;
  JsonNode         *params;
  McpServerRequest *kept;
} RequestLog;

static void
request_log_clear (RequestLog *log)
{
  g_clear_pointer (&log->method, g_free);
  g_clear_pointer (&log->params, json_node_unref);
  g_clear_object (&log->kept);
}

static void
request_log_add (RequestLog       *log,
                 McpServerRequest *request)
{
  JsonNode *params = mcp_server_request_get_params (request);

  log->count++;
  g_free (log->method);
  log->method = g_strdup (mcp_server_request_get_method (request));
  g_clear_pointer (&log->params, json_node_unref);
  log->params = params != NULL ? json_node_copy (params) : NULL;
}

static gboolean
reply_now_cb (McpClient        *client,
              McpServerRequest *request,
              RequestLog       *log)
{
  g_autoptr(JsonNode) result =
    json_from_string ("{\"role\":\"assistant\",\"model\":\"test-model\","
                      "\"content\":{\"type\":\"text\",\"text\":\"sampled\"}}",
                      NULL);

  request_log_add (log, request);
  mcp_server_request_reply (request, result);
  g_assert_true (mcp_server_request_is_answered (request));

  return TRUE;
}

static gboolean
deferred_reply_cb (gpointer user_data)
{
  RequestLog *log = user_data;
  g_autoptr(McpServerRequest) request = g_steal_pointer (&log->kept);
  g_autoptr(JsonNode) result = json_from_string ("{\"action\":\"accept\",\"content\":{\"n\":42}}",
                                                 NULL);

  g_assert_false (mcp_server_request_is_answered (request));
  mcp_server_request_reply (request, result);
  g_assert_true (mcp_server_request_is_answered (request));

  return G_SOURCE_REMOVE;
}

static gboolean
reply_later_cb (McpClient        *client,
                McpServerRequest *request,
                RequestLog       *log)
{
  request_log_add (log, request);
  g_assert_null (log->kept);
  log->kept = g_object_ref (request);
  g_timeout_add (100, deferred_reply_cb, log);

  return TRUE;
}

static gboolean
reply_error_cb (McpClient        *client,
                McpServerRequest *request,
                RequestLog       *log)
{
  request_log_add (log, request);
  mcp_server_request_reply_error (request, -32042, "Not today");

  return TRUE;
}

static gboolean
drop_cb (McpClient        *client,
         McpServerRequest *request,
         RequestLog       *log)
{
  request_log_add (log, request);

  /* Taken, but never answered: the client must answer for us. */
  return TRUE;
}

/* Makes the server send a request with @method to the client and returns
 * the response the client sent back. */
static JsonObject *
server_request (Server     *server,
                const char *method,
                const char *params_json)
{
  g_autofree char *arguments = NULL;
  g_autoptr(JsonObject) structured = NULL;
  JsonObject *response;

  if (params_json != NULL)
    arguments = g_strdup_printf ("{\"method\":\"%s\",\"params\":%s}", method, params_json);
  else
    arguments = g_strdup_printf ("{\"method\":\"%s\"}", method);

  structured = call_tool_structured (server, "server-request", arguments);
  response = mcp_test_lookup_object (structured, "response");
  g_assert_nonnull (response);
  g_assert_cmpstr (mcp_test_lookup_string (response, "jsonrpc"), ==, "2.0");
  g_assert_nonnull (mcp_test_lookup_string (response, "id"));

  return json_object_ref (response);
}

static void
test_server_request (void)
{
  g_autoptr(JsonObject) response = NULL;
  RequestLog sampling = { 0, };
  RequestLog elicitation = { 0, };
  RequestLog refusing = { 0, };
  RequestLog dropping = { 0, };
  Server *server;

  /* Sampling and elicitation are only accepted once declared. */
  server = server_new (NULL);
  mcp_client_set_features (server->client,
                           MCP_CLIENT_FEATURES_SAMPLING | MCP_CLIENT_FEATURES_ELICITATION_FORM);
  server_connect_or_fail (server);
  g_signal_connect (server->client, "server-request::sampling/createMessage",
                    G_CALLBACK (reply_now_cb), &sampling);
  g_signal_connect (server->client, "server-request::elicitation/create",
                    G_CALLBACK (reply_later_cb), &elicitation);
  g_signal_connect (server->client, "server-request::test/refuse",
                    G_CALLBACK (reply_error_cb), &refusing);
  g_signal_connect (server->client, "server-request::test/drop",
                    G_CALLBACK (drop_cb), &dropping);

  /* Nobody handles it (roots are not declared): method not found. */
  response = server_request (server, "roots/list", NULL);
  g_assert_false (json_object_has_member (response, "result"));
  g_assert_cmpint (mcp_test_lookup_int_or_fail (response, "error.code"), ==, MCP_ERROR_METHOD_NOT_FOUND);
  g_clear_pointer (&response, json_object_unref);

  /* Answered from the handler. */
  response = server_request (server, "sampling/createMessage", "{\"maxTokens\":10}");
  g_assert_false (json_object_has_member (response, "error"));
  mcp_test_assert_json_equal (mcp_test_lookup (response, "result"),
                     "{\"role\":\"assistant\",\"model\":\"test-model\","
                     "\"content\":{\"type\":\"text\",\"text\":\"sampled\"}}");
  g_assert_cmpuint (sampling.count, ==, 1);
  g_assert_cmpstr (sampling.method, ==, "sampling/createMessage");
  mcp_test_assert_json_equal (sampling.params, "{\"maxTokens\":10}");
  g_clear_pointer (&response, json_object_unref);

  /* Answered later, from a timeout. */
  response = server_request (server, "elicitation/create", "{\"message\":\"Number?\"}");
  g_assert_false (json_object_has_member (response, "error"));
  mcp_test_assert_json_equal (mcp_test_lookup (response, "result"), "{\"action\":\"accept\",\"content\":{\"n\":42}}");
  g_assert_cmpuint (elicitation.count, ==, 1);
  g_assert_null (elicitation.kept);
  g_clear_pointer (&response, json_object_unref);

  /* Answered with an error. */
  response = server_request (server, "test/refuse", NULL);
  g_assert_false (json_object_has_member (response, "result"));
  g_assert_cmpint (mcp_test_lookup_int_or_fail (response, "error.code"), ==, -32042);
  g_assert_cmpstr (mcp_test_lookup_string (response, "error.message"), ==, "Not today");
  g_assert_cmpuint (refusing.count, ==, 1);
  g_clear_pointer (&response, json_object_unref);

  /* Taken and dropped: an internal error, rather than no answer at all. */
  response = server_request (server, "test/drop", NULL);
  g_assert_false (json_object_has_member (response, "result"));
  g_assert_cmpint (mcp_test_lookup_int_or_fail (response, "error.code"), ==, MCP_ERROR_INTERNAL_ERROR);
  g_assert_cmpuint (dropping.count, ==, 1);
  g_clear_pointer (&response, json_object_unref);

  /* Each handler only saw its own method. */
  g_assert_cmpuint (sampling.count, ==, 1);
  g_assert_cmpuint (elicitation.count, ==, 1);
  g_assert_cmpuint (refusing.count, ==, 1);

  server_close (server);
  request_log_clear (&sampling);
  request_log_clear (&elicitation);
  request_log_clear (&refusing);
  request_log_clear (&dropping);
}

typedef struct
{
  char               *message;
  McpElicitationMode  mode;
  char               *schema;
  char               *url;
  char               *elicitation_id;
  guint               n_messages;
  char               *first_role;
  char               *content_types;
  char               *system_prompt;
  gint64              max_tokens;
  char               *hints;
  double              cost_priority;
} Asked;

static void
asked_clear (Asked *asked)
{
  g_clear_pointer (&asked->message, g_free);
  g_clear_pointer (&asked->schema, g_free);
  g_clear_pointer (&asked->url, g_free);
  g_clear_pointer (&asked->elicitation_id, g_free);
  g_clear_pointer (&asked->first_role, g_free);
  g_clear_pointer (&asked->content_types, g_free);
  g_clear_pointer (&asked->system_prompt, g_free);
  g_clear_pointer (&asked->hints, g_free);
  memset (asked, 0, sizeof *asked);
}

static gboolean
record_elicitation_cb (McpClient        *client,
                       McpServerRequest *request,
                       Asked            *asked)
{
  JsonObject *schema = mcp_server_request_get_requested_schema (request);

  asked_clear (asked);
  asked->message = g_strdup (mcp_server_request_get_message (request));
  asked->mode = mcp_server_request_get_elicitation_mode (request);
  if (schema != NULL)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), schema);

      asked->schema = json_to_string (node, FALSE);
    }
  asked->url = g_strdup (mcp_server_request_get_url (request));
  asked->elicitation_id = g_strdup (mcp_server_request_get_elicitation_id (request));
  mcp_server_request_reply_elicitation (request, MCP_ELICITATION_ACTION_DECLINE, NULL);

  return TRUE;
}

static gboolean
record_sampling_cb (McpClient        *client,
                    McpServerRequest *request,
                    Asked            *asked)
{
  GListModel *messages = mcp_server_request_get_sampling_messages (request);
  g_autoptr(GString) types = g_string_new (NULL);
  g_auto(GStrv) hints = mcp_server_request_dup_model_hints (request);
  g_autoptr(McpContent) reply = mcp_content_new_text ("sampled");
  JsonObject *preferences;

  asked_clear (asked);
  asked->n_messages = g_list_model_get_n_items (messages);
  for (guint i = 0; i < asked->n_messages; i++)
    {
      g_autoptr(McpSamplingMessage) message = g_list_model_get_item (messages, i);
      GListModel *content = mcp_sampling_message_get_content (message);

      g_assert_true (g_list_model_get_item_type (content) == MCP_TYPE_CONTENT);
      if (i == 0)
        asked->first_role = g_strdup (mcp_sampling_message_get_role (message));
      for (guint j = 0; j < g_list_model_get_n_items (content); j++)
        {
          g_autoptr(McpContent) block = g_list_model_get_item (content, j);

          g_string_append_printf (types, "%s%s", j > 0 ? "," : "",
                                  mcp_content_get_type_name (block));
        }
      g_string_append_c (types, ';');
    }
  asked->content_types = g_strdup (types->str);
  asked->system_prompt = g_strdup (mcp_server_request_get_system_prompt (request));
  asked->max_tokens = mcp_server_request_get_max_tokens (request);
  asked->hints = g_strjoinv (",", hints);
  preferences = mcp_server_request_get_model_preferences (request);
  asked->cost_priority = preferences != NULL
                         ? json_object_get_double_member_with_default (preferences,
                                                                       "costPriority", -1)
                         : -1;
  mcp_server_request_reply_sampling (request, "test-model", reply, NULL);

  return TRUE;
}

/* What handlers need of an elicitation or a sampling request comes without
 * digging through the raw params. */
static void
test_server_request_accessors (void)
{
  g_autoptr(JsonObject) response = NULL;
  g_autoptr(JsonNode) schema = NULL;
  Asked asked = { 0, };
  Server *server;

  server = server_new (NULL);
  mcp_client_set_features (server->client,
                           MCP_CLIENT_FEATURES_SAMPLING | MCP_CLIENT_FEATURES_ELICITATION_FORM |
                           MCP_CLIENT_FEATURES_ELICITATION_URL);
  server_connect_or_fail (server);
  g_signal_connect (server->client, "server-request::elicitation/create",
                    G_CALLBACK (record_elicitation_cb), &asked);
  g_signal_connect (server->client, "server-request::sampling/createMessage",
                    G_CALLBACK (record_sampling_cb), &asked);

  /* A form, without a mode: form mode, as the protocol says. */
  response = server_request (server, "elicitation/create",
                             "{\"message\":\"Your name?\",\"requestedSchema\":{\"type\":\"object\","
                             "\"properties\":{\"name\":{\"type\":\"string\"}}}}");
  g_assert_false (json_object_has_member (response, "error"));
  g_assert_cmpstr (asked.message, ==, "Your name?");
  g_assert_cmpint (asked.mode, ==, MCP_ELICITATION_MODE_FORM);
  schema = json_from_string (asked.schema, NULL);
  mcp_test_assert_json_equal (schema, "{\"type\":\"object\",\"properties\":{\"name\":"
                                      "{\"type\":\"string\"}}}");
  g_assert_null (asked.url);
  g_assert_null (asked.elicitation_id);
  g_clear_pointer (&response, json_object_unref);

  /* A URL. */
  response = server_request (server, "elicitation/create",
                             "{\"mode\":\"url\",\"message\":\"Sign in\","
                             "\"url\":\"https://example.com/login?x=1\",\"elicitationId\":\"e-7\"}");
  g_assert_false (json_object_has_member (response, "error"));
  g_assert_cmpstr (asked.message, ==, "Sign in");
  g_assert_cmpint (asked.mode, ==, MCP_ELICITATION_MODE_URL);
  g_assert_null (asked.schema);
  g_assert_cmpstr (asked.url, ==, "https://example.com/login?x=1");
  g_assert_cmpstr (asked.elicitation_id, ==, "e-7");
  g_clear_pointer (&response, json_object_unref);

  /* Sampling: one block, several blocks, a broken message left out. */
  response = server_request (server, "sampling/createMessage",
                             "{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\","
                             "\"text\":\"Hi\"}},{\"role\":\"assistant\",\"content\":[{\"type\":"
                             "\"text\",\"text\":\"Let me look\"},{\"type\":\"tool_use\",\"id\":"
                             "\"t1\",\"name\":\"search\",\"input\":{}}]},{\"content\":{}}],"
                             "\"systemPrompt\":\"Be brief\",\"maxTokens\":100,"
                             "\"modelPreferences\":{\"hints\":[{\"name\":\"claude\"},{},"
                             "{\"name\":\"gemini\"}],\"costPriority\":0.25}}");
  g_assert_false (json_object_has_member (response, "error"));
  g_assert_cmpuint (asked.n_messages, ==, 2);
  g_assert_cmpstr (asked.first_role, ==, "user");
  g_assert_cmpstr (asked.content_types, ==, "text;text,tool_use;");
  g_assert_cmpstr (asked.system_prompt, ==, "Be brief");
  g_assert_cmpint (asked.max_tokens, ==, 100);
  g_assert_cmpstr (asked.hints, ==, "claude,gemini");
  g_assert_cmpfloat (asked.cost_priority, ==, 0.25);
  g_clear_pointer (&response, json_object_unref);

  /* Nothing of the kind: no values, not a crash. */
  response = server_request (server, "sampling/createMessage", "{}");
  g_assert_cmpuint (asked.n_messages, ==, 0);
  g_assert_null (asked.system_prompt);
  g_assert_cmpint (asked.max_tokens, ==, -1);
  g_assert_cmpstr (asked.hints, ==, "");
  g_assert_cmpfloat (asked.cost_priority, ==, -1);
  g_clear_pointer (&response, json_object_unref);

  server_close (server);
  asked_clear (&asked);
}

static void
test_notifications (void)
{
  g_autofree char *text = NULL;
  NotificationLog custom;
  NotificationLog other;
  NotificationLog all;
  Server *server;

  notification_log_init (&custom);
  notification_log_init (&other);
  notification_log_init (&all);
  server = server_start (NULL);
  g_signal_connect (server->client, "notification::notifications/custom",
                    G_CALLBACK (on_notification), &custom);
  g_signal_connect (server->client, "notification::notifications/other",
                    G_CALLBACK (on_notification), &other);
  g_signal_connect (server->client, "notification",
                    G_CALLBACK (on_notification), &all);

  text = call_tool_text (server, "notify",
                         "{\"method\":\"notifications/custom\",\"params\":{\"x\":1}}");
  g_assert_cmpstr (text, ==, "notified");
  g_clear_pointer (&text, g_free);

  g_assert_cmpuint (custom.methods->len, ==, 1);
  g_assert_cmpstr (custom.methods->pdata[0], ==, "notifications/custom");
  mcp_test_assert_json_equal (custom.params->pdata[0], "{\"x\":1}");
  g_assert_cmpuint (other.methods->len, ==, 0);
  g_assert_cmpuint (all.methods->len, ==, 1);
  g_assert_cmpstr (all.methods->pdata[0], ==, "notifications/custom");

  /* Without params, the handler gets NULL. */
  text = call_tool_text (server, "notify", "{\"method\":\"notifications/custom\"}");
  g_assert_cmpstr (text, ==, "notified");
  g_assert_cmpuint (custom.methods->len, ==, 2);
  g_assert_null (custom.params->pdata[1]);
  g_assert_cmpuint (other.methods->len, ==, 0);

  server_close (server);
  notification_log_clear (&custom);
  notification_log_clear (&other);
  notification_log_clear (&all);
}

static void
test_timeout (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonArray) messages = NULL;
  g_autoptr(GAsyncResult) late_result = NULL;
  g_autofree char *text = NULL;
  JsonObject *sleep_call;
  Server *server;
  gint64 start;

  server = server_start (NULL);
  mcp_client_set_request_timeout (server->client, 200);

  start = g_get_monotonic_time ();
  result = call_tool (server, "sleep", "{\"ms\":2500}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2000);
  g_clear_error (&error);

  /* The server was told. */
  messages = get_received (server);
  sleep_call = find_tool_call (messages, "sleep");
  g_assert_true (has_cancelled_notification (messages, mcp_test_lookup_int_or_fail (sleep_call, "id")));

  assert_echo_works (server);

  /* The late answer arrives while another call waits: it must be dropped,
   * not given to that call. */
  mcp_client_set_request_timeout (server->client, MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT);
  text = call_tool_text (server, "sleep", "{\"ms\":2600}");
  g_assert_cmpstr (text, ==, "slept 2600");
  g_assert_cmpint (mcp_test_elapsed_ms (start), >, 2500);
  assert_echo_works (server);

  server_close (server);
}

typedef struct
{
  GArray    *progress;
  GArray    *totals;
  GPtrArray *messages;
} ProgressLog;

static void
progress_log_init (ProgressLog *log)
{
  log->progress = g_array_new (FALSE, FALSE, sizeof (double));
  log->totals = g_array_new (FALSE, FALSE, sizeof (double));
  log->messages = g_ptr_array_new_with_free_func (g_free);
}

static void
progress_log_clear (ProgressLog *log)
{
  g_clear_pointer (&log->progress, g_array_unref);
  g_clear_pointer (&log->totals, g_array_unref);
  g_clear_pointer (&log->messages, g_ptr_array_unref);
}

static void
on_progress (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             ProgressLog       *log)
{
  g_array_append_val (log->progress, progress);
  g_array_append_val (log->totals, total);
  g_ptr_array_add (log->messages, g_strdup (message));
}

static void
test_progress_resets_timeout (void)
{
  g_autoptr(McpRequestOptions) options = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonArray) messages = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  ProgressLog log;
  JsonNode *token;
  guint n_progress;
  Server *server;

  server = server_start (NULL);
  mcp_client_set_request_timeout (server->client, 400);

  /* 900 ms in all, but never 400 ms without progress. */
  progress_log_init (&log);
  options = mcp_request_options_new ();
  g_assert_true (mcp_request_options_get_reset_timeout_on_progress (options));
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), &log);
  result = call_tool_full (server, "progress", "{\"count\":6,\"interval_ms\":150,\"total\":6}",
                           options, NULL, &error);
  g_assert_no_error (error);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "done 6");

  g_assert_cmpuint (log.progress->len, ==, 6);
  for (guint i = 0; i < log.progress->len; i++)
    {
      g_autofree char *step = g_strdup_printf ("step %u", i + 1);

      g_assert_cmpfloat (g_array_index (log.progress, double, i), ==, i + 1);
      g_assert_cmpfloat (g_array_index (log.totals, double, i), ==, 6);
      g_assert_cmpstr (log.messages->pdata[i], ==, step);
    }

  /* The request carried a progress token. */
  messages = get_received (server);
  token = mcp_test_lookup (find_tool_call (messages, "progress"), "params._meta.progressToken");
  g_assert_nonnull (token);
  g_assert_true (JSON_NODE_HOLDS_VALUE (token));
  g_assert_true (json_node_get_value_type (token) == G_TYPE_INT64 ||
                 json_node_get_value_type (token) == G_TYPE_STRING);
  g_clear_pointer (&messages, json_array_unref);
  g_clear_object (&options);
  g_clear_object (&result);
  progress_log_clear (&log);

  /* Without a total, the total is negative. */
  progress_log_init (&log);
  options = mcp_request_options_new ();
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), &log);
  result = call_tool_full (server, "progress", "{\"count\":2,\"interval_ms\":20}",
                           options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log.progress->len, ==, 2);
  g_assert_cmpfloat (g_array_index (log.totals, double, 0), <, 0);
  g_assert_cmpfloat (g_array_index (log.totals, double, 1), <, 0);
  g_clear_object (&options);
  g_clear_object (&result);
  progress_log_clear (&log);

  /* Progress that does not reset the timeout does not save the call. */
  progress_log_init (&log);
  options = mcp_request_options_new ();
  mcp_request_options_set_reset_timeout_on_progress (options, FALSE);
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), &log);
  result = call_tool_full (server, "progress", "{\"count\":6,\"interval_ms\":150,\"total\":6}",
                           options, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpuint (log.progress->len, <, 6);
  g_clear_error (&error);

  /* Progress for the abandoned call is no longer reported. */
  n_progress = log.progress->len;
  mcp_test_iterate_for (700);
  g_assert_cmpuint (log.progress->len, ==, n_progress);
  assert_echo_works (server);

  server_close (server);
  progress_log_clear (&log);
}

typedef struct
{
  GArray *steps;
  gboolean freed;
} CallProgress;

static void
call_progress_cb (double      progress,
                  double      total,
                  const char *message,
                  gpointer    user_data)
{
  CallProgress *call = user_data;

  g_assert_false (call->freed);
  g_array_append_val (call->steps, progress);
}

static void
call_progress_free (gpointer user_data)
{
  CallProgress *call = user_data;

  g_assert_false (call->freed);
  call->freed = TRUE;
}

static void
shared_progress_cb (McpRequestOptions *options,
                    GCancellable      *cancellable,
                    double             progress,
                    double             total,
                    const char        *message,
                    GHashTable        *counts)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, cancellable));

  g_hash_table_insert (counts, cancellable, GUINT_TO_POINTER (count + 1));
}

/* A call's progress is followed without an options object, with a
 * callback and data per call; and one options object shared by calls that
 * run at the same time tells their progress apart by their cancellables. */
static void
test_progress_per_call (void)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  g_autoptr(McpRequestOptions) shared = mcp_request_options_new ();
  g_autoptr(GCancellable) first = g_cancellable_new ();
  g_autoptr(GCancellable) second = g_cancellable_new ();
  g_autoptr(GAsyncResult) result_a = NULL;
  g_autoptr(GAsyncResult) result_b = NULL;
  CallProgress a = { g_array_new (FALSE, FALSE, sizeof (double)), FALSE };
  CallProgress b = { g_array_new (FALSE, FALSE, sizeof (double)), FALSE };
  g_autoptr(JsonNode) arguments_a = json_from_string ("{\"count\":3,\"interval_ms\":20}", NULL);
  g_autoptr(JsonNode) arguments_b = json_from_string ("{\"count\":5,\"interval_ms\":15}", NULL);
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;

  server = server_start (NULL);

  /* Two calls at once, each with its own callback data. */
  mcp_client_call_tool_with_progress_async (server->client, "progress",
                                            json_node_get_object (arguments_a),
                                            call_progress_cb, &a, call_progress_free,
                                            NULL, mcp_test_store_result_cb, &result_a);
  mcp_client_call_tool_with_progress_async (server->client, "progress",
                                            json_node_get_object (arguments_b),
                                            call_progress_cb, &b, call_progress_free,
                                            NULL, mcp_test_store_result_cb, &result_b);
  mcp_test_await_result (&result_a, "the first call");
  mcp_test_await_result (&result_b, "the second call");
  tool_result = mcp_client_call_tool_with_progress_finish (server->client, result_a, &error);
  g_assert_no_error (error);
  g_clear_object (&tool_result);
  tool_result = mcp_client_call_tool_with_progress_finish (server->client, result_b, &error);
  g_assert_no_error (error);
  g_clear_object (&tool_result);
  g_clear_object (&result_a);
  g_clear_object (&result_b);

  g_assert_cmpuint (a.steps->len, ==, 3);
  g_assert_cmpuint (b.steps->len, ==, 5);
  for (guint i = 0; i < b.steps->len; i++)
    g_assert_cmpfloat (g_array_index (b.steps, double, i), ==, i + 1);
  /* Each call's data is freed once it ended. */
  mcp_test_iterate_for (50);
  g_assert_true (a.freed);
  g_assert_true (b.freed);

  /* One options object for both, told apart by their cancellables. */
  g_signal_connect (shared, "call-progress", G_CALLBACK (shared_progress_cb), counts);
  mcp_client_call_tool_full_async (server->client, "progress", json_node_get_object (arguments_a),
                                   shared, first, mcp_test_store_result_cb, &result_a);
  mcp_client_call_tool_full_async (server->client, "progress", json_node_get_object (arguments_b),
                                   shared, second, mcp_test_store_result_cb, &result_b);
  mcp_test_await_result (&result_a, "the first call");
  mcp_test_await_result (&result_b, "the second call");
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (counts, first)), ==, 3);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (counts, second)), ==, 5);
  g_assert_cmpuint (g_hash_table_size (counts), ==, 2);

  server_close (server);
  g_array_unref (a.steps);
  g_array_unref (b.steps);
}

static void
test_hard_max (void)
{
  g_autoptr(McpRequestOptions) options = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  ProgressLog log;
  Server *server;
  gint64 start;

  server = server_start (NULL);

  progress_log_init (&log);
  options = mcp_request_options_new ();
  mcp_request_options_set_timeout (options, 300);
  mcp_request_options_set_max_total_timeout (options, 600);
  g_assert_cmpuint (mcp_request_options_get_timeout (options), ==, 300);
  g_assert_cmpuint (mcp_request_options_get_max_total_timeout (options), ==, 600);
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), &log);

  /* Progress every 100 ms keeps the 300 ms timeout away for 3 s, but not
   * past the 600 ms limit. */
  start = g_get_monotonic_time ();
  result = call_tool_full (server, "progress", "{\"count\":30,\"interval_ms\":100}",
                           options, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (mcp_test_elapsed_ms (start), >=, 550);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2500);
  g_assert_cmpuint (log.progress->len, >=, 1);

  assert_echo_works (server);

  server_close (server);
  progress_log_clear (&log);
}

static gboolean
cancel_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);

  return G_SOURCE_REMOVE;
}

static void
test_cancel (void)
{
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonArray) messages = NULL;
  g_autoptr(GPtrArray) sleeps = NULL;
  g_autoptr(GError) error = NULL;
  Server *server;
  gint64 start;

  server = server_start (NULL);

  cancellable = g_cancellable_new ();
  g_timeout_add (50, cancel_cb, cancellable);
  start = g_get_monotonic_time ();
  result = call_tool_full (server, "sleep", "{\"ms\":5000}", NULL, cancellable, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 1000);
  g_clear_error (&error);
  g_clear_object (&cancellable);

  messages = get_received (server);
  g_assert_true (has_cancelled_notification (messages,
                                             mcp_test_lookup_int_or_fail (find_tool_call (messages, "sleep"),
                                                                 "id")));
  g_clear_pointer (&messages, json_array_unref);

  assert_echo_works (server);

  /* Cancelled before it started: it never reaches the server. */
  cancellable = g_cancellable_new ();
  g_cancellable_cancel (cancellable);
  result = call_tool_full (server, "sleep", "{\"ms\":4242}", NULL, cancellable, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  messages = get_received (server);
  sleeps = find_tool_calls (messages, "sleep");
  g_assert_cmpuint (sleeps->len, ==, 1);

  assert_echo_works (server);

  server_close (server);
}

typedef struct
{
  GAsyncResult *result;
  McpClient    *client;
  GError       *error;
} PendingCall;

static void
pending_call_start (PendingCall *call,
                    Server      *server,
                    const char  *name,
                    const char  *arguments_json)
{
  g_autoptr(JsonObject) arguments = mcp_test_parse_object (arguments_json);

  call->result = NULL;
  call->error = NULL;
  call->client = server->client;
  mcp_client_call_tool_async (server->client, name, arguments, NULL, mcp_test_store_result_cb,
                              &call->result);
}

/* Waits for the call and returns its error; it must fail. */
static GError *
pending_call_fail (PendingCall *call)
{
  g_autoptr(McpToolResult) result = NULL;

  mcp_test_await_result (&call->result, "pending call");
  result = mcp_client_call_tool_finish (call->client, call->result, &call->error);
  g_assert_null (result);
  g_assert_nonnull (call->error);
  g_clear_object (&call->result);

  return g_steal_pointer (&call->error);
}

static void
assert_error_mentions (const GError *error,
                       const char   *first,
                       const char   *second)
{
  g_assert_nonnull (error);
  if (strstr (error->message, first) == NULL ||
      (second != NULL && strstr (error->message, second) == NULL))
    g_test_message ("Unexpected error message: %s", error->message);
  g_assert_nonnull (strstr (error->message, first));
  if (second != NULL)
    g_assert_nonnull (strstr (error->message, second));
}

static void
test_server_death (void)
{
  PendingCall calls[3];
  ClosedLog closed = { 0, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  Server *server;
  gint64 start;

  server = server_start (NULL);
  g_signal_connect (server->client, "closed", G_CALLBACK (on_closed), &closed);

  start = g_get_monotonic_time ();
  pending_call_start (&calls[0], server, "sleep", "{\"ms\":10000}");
  pending_call_start (&calls[1], server, "sleep", "{\"ms\":20000}");
  pending_call_start (&calls[2], server, "crash",
                      "{\"status\":3,\"message\":\"boom: disk on fire\"}");

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_autoptr(GError) call_error = pending_call_fail (&calls[i]);

      g_assert_error (call_error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
      assert_error_mentions (call_error, "status 3", "disk on fire");
    }
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 2000);

  g_assert_cmpuint (closed.count, ==, 1);
  g_assert_error (closed.error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (closed.error, "status 3", "disk on fire");
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);
  assert_process_gone (server->pid, PROCESS_GONE_TIMEOUT_MS);

  /* Later calls fail at once. */
  start = g_get_monotonic_time ();
  result = call_tool (server, "echo", "{\"text\":\"anyone?\"}", &error);
  g_assert_null (result);
  g_assert_nonnull (error);
  g_assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED) ||
                 g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED));
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 1000);

  server_close (server);
  g_assert_cmpuint (closed.count, ==, 1);
  g_clear_error (&closed.error);
}

static void
test_crash_at_start (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;

  server = server_new ("--crash-at-start=2", NULL);
  g_assert_false (server_connect (server, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (error, "status 2", "broken config");
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);

  server_close (server);
}

static void
test_close_stdout (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  Server *server;
  gint64 start;

  server = server_start (NULL);

  start = g_get_monotonic_time ();
  result = call_tool (server, "close-stdout", NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (error, "still running", NULL);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 3000);

  /* Nobody closed the client, yet the server was stopped. */
  assert_process_gone (server->pid, PROCESS_GONE_TIMEOUT_MS);
  server_close (server);
}

static void
test_close (void)
{
  g_autoptr(GAsyncResult) close_result = NULL;
  g_autoptr(GError) error = NULL;
  ClosedLog closed = { 0, NULL };
  PendingCall call;
  Server *server;
  GPid pid;

  server = server_start (NULL);
  pid = server->pid;
  g_signal_connect (server->client, "closed", G_CALLBACK (on_closed), &closed);

  pending_call_start (&call, server, "sleep", "{\"ms\":10000}");
  mcp_client_close_async (server->client, NULL, mcp_test_store_result_cb, &close_result);

  /* The pending call fails before the close completes. */
  error = pending_call_fail (&call);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);
  g_clear_error (&error);

  mcp_test_await_result (&close_result, "close");
  g_assert_true (mcp_client_close_finish (server->client, close_result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);
  assert_process_gone (pid, 500);

  /* A deliberate close is reported without an error. */
  g_assert_cmpuint (closed.count, ==, 1);
  g_assert_no_error (closed.error);

  /* Closing again is fine. */
  close_client (server->client);
  g_assert_cmpuint (closed.count, ==, 1);

  server_close (server);
}

static void
test_close_stubborn (void)
{
  Server *server;
  gint64 start;
  GPid pid;

  server = server_start ("--ignore-eof", "--ignore-term", NULL);
  pid = server->pid;

  start = g_get_monotonic_time ();
  close_client (server->client);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 6000);
  assert_process_gone (pid, 1000);

  server_close (server);
}

/* Has the server start a chain of @depth processes, each the child of the
 * one before; returns their pids, its own child's first. */
static GArray *
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

static GPid
spawn_grandchild (Server *server)
{
  g_autoptr(GArray) pids = spawn_descendants (server, 1);

  return g_array_index (pids, GPid, 0);
}

static void
assert_processes_gone (GArray *pids,
                       guint   timeout_ms)
{
  for (guint i = 0; i < pids->len; i++)
    assert_process_gone (g_array_index (pids, GPid, i), timeout_ms);
}

static void
test_grandchild (void)
{
  g_autoptr(GArray) descendants = NULL;
  Server *server;
  GPid grandchild;
  GPid pid;

  /* Closed. */
  server = server_start (NULL);
  grandchild = spawn_grandchild (server);
  g_assert_cmpint (grandchild, !=, server->pid);
  server_close (server);
  assert_process_gone (grandchild, 3000);

  /* Dropped without closing. */
  server = server_start (NULL);
  grandchild = spawn_grandchild (server);
  pid = server->pid;
  server_free (server);
  assert_process_gone (pid, 3000);
  assert_process_gone (grandchild, 3000);

  /* Further down: the server's processes are found by their parents, not
   * by a process group (the server has none of its own). */
  server = server_start (NULL);
  descendants = spawn_descendants (server, 3);
  server_close (server);
  assert_processes_gone (descendants, 3000);
  g_clear_pointer (&descendants, g_array_unref);

  server = server_start (NULL);
  descendants = spawn_descendants (server, 3);
  pid = server->pid;
  server_free (server);
  assert_process_gone (pid, 3000);
  assert_processes_gone (descendants, 3000);
}

/* A server that ignores EOF and SIGTERM, and so do the processes it
 * started (they inherit that): SIGKILL ends them all. */
static void
test_grandchild_stubborn (void)
{
  g_autoptr(GArray) descendants = NULL;
  Server *server;
  gint64 start;
  GPid pid;

  server = server_start ("--ignore-eof", "--ignore-term", NULL);
  pid = server->pid;
  descendants = spawn_descendants (server, 2);

  start = g_get_monotonic_time ();
  close_client (server->client);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 6000);
  assert_process_gone (pid, 1000);
  assert_processes_gone (descendants, 1000);

  server_close (server);
}

/* With a working directory, GLib starts the server with fork() rather than
 * posix_spawn(): the server runs there, and is stopped in the same way. */
static void
test_cwd (void)
{
  g_autoptr(GArray) descendants = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mcp-glib-test-XXXXXX", NULL);
  g_autofree char *real_dir = NULL;
  g_autofree char *text = NULL;
  Server *server;
  GPid pid;

  g_assert_nonnull (dir);
  real_dir = realpath (dir, NULL);
  g_assert_nonnull (real_dir);

  server = server_new (NULL);
  mcp_stdio_transport_set_cwd (server->transport, dir);
  server_connect_or_fail (server);
  text = call_tool_text (server, "getcwd", NULL);
  g_assert_cmpstr (text, ==, real_dir);
  descendants = spawn_descendants (server, 2);
  server_close (server);
  assert_processes_gone (descendants, 3000);
  g_clear_pointer (&descendants, g_array_unref);

  /* Dropped without closing. */
  server = server_new (NULL);
  mcp_stdio_transport_set_cwd (server->transport, dir);
  server_connect_or_fail (server);
  descendants = spawn_descendants (server, 2);
  pid = server->pid;
  server_free (server);
  assert_process_gone (pid, 3000);
  assert_processes_gone (descendants, 3000);

  g_assert_cmpint (rmdir (dir), ==, 0);
}

static void
test_dispose_unclosed (void)
{
  Server *server;
  GPid pid;

  server = server_start (NULL);
  pid = server->pid;
  assert_echo_works (server);

  server_free (server);
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
}

/* Drops the last references of the application inside the call's own
 * callback, as a window closing on the answer would. */
static void
free_server_in_callback_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  Server **slot = user_data;
  g_autoptr(McpToolResult) answer = NULL;
  g_autoptr(GError) error = NULL;

  answer = mcp_client_call_tool_finish (MCP_CLIENT (source), result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (answer);

  server_free (g_steal_pointer (slot));
}

static gboolean
server_slot_is_empty (gpointer data)
{
  return *(Server **) data == NULL;
}

static void
test_dispose_states (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) answer = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) arguments = NULL;
  Server *server;
  GPid pid;

  /* While connecting: the handshake still completes exactly once, then
   * the server goes with the last reference. */
  server = server_new (NULL);
  mcp_client_connect_async (server->client, NULL, mcp_test_store_result_cb, &result);
  pid = server->pid;
  g_assert_cmpint (pid, >, 0);
  {
    g_autoptr(McpClient) client = g_object_ref (server->client);

    server_free (server);
    mcp_test_await_result (&result, "connect after the application let go");
    g_assert_true (mcp_client_connect_finish (client, result, &error));
    g_assert_no_error (error);
  }
  g_clear_object (&result);
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);

  /* Mid-call: the call still ends exactly once, with its answer. */
  server = server_start (NULL);
  pid = server->pid;
  arguments = json_from_string ("{\"ms\": 300}", NULL);
  mcp_client_call_tool_async (server->client, "sleep", json_node_get_object (arguments), NULL,
                              mcp_test_store_result_cb, &result);
  {
    g_autoptr(McpClient) client = g_object_ref (server->client);

    server_free (server);
    mcp_test_await_result (&result, "a call after the application let go");
    answer = mcp_client_call_tool_finish (client, result, &error);
    g_assert_no_error (error);
    g_assert_nonnull (answer);
  }
  g_clear_object (&answer);
  g_clear_object (&result);
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);

  /* Inside the call's own callback. */
  server = server_start (NULL);
  pid = server->pid;
  g_clear_pointer (&arguments, json_node_unref);
  arguments = json_from_string ("{\"text\": \"x\"}", NULL);
  mcp_client_call_tool_async (server->client, "echo", json_node_get_object (arguments),
                              NULL, free_server_in_callback_cb, &server);
  g_assert_true (mcp_test_wait_until (server_slot_is_empty, &server,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
}

static void
assert_getenv (Server     *server,
               const char *name,
               const char *expected)
{
  g_autofree char *arguments = g_strdup_printf ("{\"name\":\"%s\"}", name);
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = call_tool (server, "getenv", arguments, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  text = mcp_tool_result_dup_text (result);
  if (expected == NULL)
    {
      g_assert_true (mcp_tool_result_get_is_error (result));
      g_assert_cmpstr (text, ==, "unset");
    }
  else
    {
      g_assert_false (mcp_tool_result_get_is_error (result));
      g_assert_cmpstr (text, ==, expected);
    }
}

static void
test_environment (void)
{
  const char *secret[] = { "SECRET_TOKEN", NULL };
  const char *prefix[] = { "SECRET_*", NULL };
  const char *path = g_getenv ("PATH");
  Server *server;

  g_assert_nonnull (path);
  g_assert_cmpstr (g_getenv ("SECRET_TOKEN"), ==, "hunter2");

  /* Not passed by default. */
  server = server_start (NULL);
  assert_getenv (server, "SECRET_TOKEN", NULL);
  assert_getenv (server, "PATH", path);
  server_close (server);

  /* Passed when asked for, by name or by prefix; setenv() adds and
   * unsetenv() removes variables. */
  server = server_new (NULL);
  mcp_stdio_transport_set_inherit_env (server->transport, secret);
  mcp_stdio_transport_setenv (server->transport, "FOO", "bar");
  server_connect_or_fail (server);
  assert_getenv (server, "SECRET_TOKEN", "hunter2");
  assert_getenv (server, "FOO", "bar");
  assert_getenv (server, "PATH", path);
  server_close (server);

  server = server_new (NULL);
  mcp_stdio_transport_set_inherit_env (server->transport, prefix);
  mcp_stdio_transport_unsetenv (server->transport, "PATH");
  server_connect_or_fail (server);
  assert_getenv (server, "SECRET_TOKEN", "hunter2");
  assert_getenv (server, "PATH", NULL);
  server_close (server);
}

static void
test_banner (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;

  server = server_new ("--banner", NULL);

  mcp_test_expect_warning ("*not a JSON-RPC message*");
  g_assert_true (server_connect (server, &error));
  g_assert_no_error (error);
  mcp_test_assert_expected_warnings ();

  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (MCP_STREAM_TRANSPORT (server->transport)),
                    ==, 1);
  assert_echo_works (server);

  server_close (server);
}

static void
test_noise (void)
{
  g_autofree char *text = NULL;
  Server *server;

  server = server_start (NULL);

  mcp_test_expect_warning ("*not a JSON-RPC message*");
  text = call_tool_text (server, "noise", NULL);
  mcp_test_assert_expected_warnings ();
  g_assert_cmpstr (text, ==, "noisy");
  g_assert_cmpuint (mcp_stream_transport_get_skipped_lines (MCP_STREAM_TRANSPORT (server->transport)),
                    ==, 1);

  assert_echo_works (server);

  server_close (server);
}

static void
test_oversized (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(McpContent) block = NULL;
  g_autofree char *text = NULL;
  guint64 max_message_size = 0;
  Server *server;
  gint64 start;

  server = server_new (NULL);
  mcp_stream_transport_set_max_message_size (MCP_STREAM_TRANSPORT (server->transport),
                                             1024 * 1024);
  g_object_get (server->transport, "max-message-size", &max_message_size, NULL);
  g_assert_cmpuint (max_message_size, ==, 1024 * 1024);
  server_connect_or_fail (server);

  /* An answer too large fails its call, wherever its id is. */
  start = g_get_monotonic_time ();
  result = call_tool (server, "big", "{\"bytes\":2097152}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 5000);
  g_clear_error (&error);

  start = g_get_monotonic_time ();
  result = call_tool (server, "big-id-last", "{\"bytes\":2097152}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 5000);
  g_clear_error (&error);

  /* A line too large that answers nothing is skipped. */
  text = call_tool_text (server, "huge-line", "{\"bytes\":3145728}");
  g_assert_cmpstr (text, ==, "after huge");

  assert_echo_works (server);
  server_close (server);

  /* The default limit is far above 8 MiB. */
  server = server_start (NULL);
  result = call_tool (server, "big", "{\"bytes\":8388608}", &error);
  g_assert_no_error (error);
  block = content_at (result, 0);
  g_assert_cmpuint (strlen (mcp_content_get_text (block)), ==, 8388608);

  assert_echo_works (server);
  server_close (server);
}

static gboolean inside_handler;

static gboolean
flag_is_set (gpointer data)
{
  return *(gboolean *) data;
}

static void
on_notification_nested (McpClient       *client,
                        const char      *method,
                        JsonNode        *params,
                        NotificationLog *log)
{
  /* Nothing is read while a handler runs a main loop of its own (as a
   * modal dialog would): messages arrive in order, one at a time. */
  g_assert_false (inside_handler);
  on_notification (client, method, params, log);
  inside_handler = TRUE;
  mcp_test_iterate_for (200);
  inside_handler = FALSE;
}

static void
nested_sleep_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(McpToolResult) answer = NULL;
  g_autoptr(GError) error = NULL;
  gboolean *done = user_data;

  g_assert_false (inside_handler);
  answer = mcp_client_call_tool_finish (MCP_CLIENT (source), result, &error);
  g_assert_no_error (error);
  *done = TRUE;
}

static void
test_nested_main_loop (void)
{
  g_autoptr(JsonObject) arguments = mcp_test_parse_object ("{\"ms\":50}");
  g_autoptr(McpToolResult) result = NULL;
  gboolean sleep_done = FALSE;
  g_autofree char *text = NULL;
  NotificationLog log;
  guint before = 0;
  Server *server;

  notification_log_init (&log);
  server = server_start (NULL);
  g_signal_connect (server->client, "notification::notifications/message",
                    G_CALLBACK (on_notification_nested), &log);

  /* Two notifications and the answer, in one read; another answer comes
   * while the handler of the first notification runs its loop. */
  mcp_client_call_tool_async (server->client, "sleep", arguments, NULL, nested_sleep_cb,
                              &sleep_done);
  result = watched_call_tool (server, "multi", &log, &before);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "multi");
  g_assert_cmpuint (before, ==, 2);
  g_assert_cmpstr (notification_log_data (&log, 0), ==, "multi-1");
  g_assert_cmpstr (notification_log_data (&log, 1), ==, "multi-2");

  g_assert_true (mcp_test_wait_until (flag_is_set, &sleep_done, 5000));
  assert_echo_works (server);

  server_close (server);
  notification_log_clear (&log);
}

/* Requests larger than the pipe: the writes wait for the server to read,
 * without blocking the main loop, and none is cut or interleaved. */
static void
test_large_requests (void)
{
  ConcurrentCall calls[50] = { { NULL, } };
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autofree char *big = NULL;
  guint n_done = 0;
  Server *server;
  GPid pid;

  server = server_start (NULL);

  /* Big and small ones mixed: 1 MiB, 2 MiB... and a few bytes. */
  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_autoptr(JsonObject) args = json_object_new ();
      gsize size = i % 10 == 0 ? (i / 10 + 1) * 1024 * 1024 : 10;

      calls[i].n_done = &n_done;
      calls[i].expected = g_strnfill (size, 'a' + i % 26);
      json_object_set_string_member (args, "text", calls[i].expected);
      mcp_client_call_tool_async (server->client, "echo", args, NULL,
                                  concurrent_call_cb, &calls[i]);
    }

  g_assert_true (mcp_test_wait_until (all_calls_done, &n_done,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_assert_no_error (calls[i].error);
      g_assert_cmpuint (calls[i].completions, ==, 1);
      g_assert_true (g_str_equal (calls[i].text, calls[i].expected));
      g_clear_pointer (&calls[i].expected, g_free);
      g_clear_pointer (&calls[i].text, g_free);
    }

  /* A server that stops reading: the write waits, the main loop runs on,
   * and closing fails the call that was being written. */
  g_free (call_tool_text (server, "pause-reading", "{\"ms\":60000}"));
  big = g_strnfill (4 * 1024 * 1024, 'z');
  json_object_set_string_member (arguments, "text", big);
  calls[0].completions = 0;
  mcp_client_call_tool_async (server->client, "echo", arguments, NULL,
                              concurrent_call_cb, &calls[0]);
  mcp_test_iterate_for (200);
  g_assert_cmpuint (calls[0].completions, ==, 0);

  pid = server->pid;
  close_client (server->client);
  g_assert_cmpuint (calls[0].completions, ==, 1);
  g_assert_error (calls[0].error, G_IO_ERROR, G_IO_ERROR_CLOSED);
  g_clear_error (&calls[0].error);
  server_free (server);
  assert_process_gone (pid, PROCESS_GONE_TIMEOUT_MS);
}

static void
test_split_multi (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autofree char *text = NULL;
  NotificationLog log;
  guint before = 0;
  Server *server;

  notification_log_init (&log);
  server = server_start (NULL);
  g_signal_connect (server->client, "notification::notifications/message",
                    G_CALLBACK (on_notification), &log);

  /* One line in many reads. */
  text = call_tool_text (server, "split", NULL);
  g_assert_cmpstr (text, ==, "split");
  g_clear_pointer (&text, g_free);

  /* Many lines in one read. */
  result = watched_call_tool (server, "multi", &log, &before);
  text = mcp_tool_result_dup_text (result);
  g_assert_cmpstr (text, ==, "multi");
  g_assert_cmpuint (log.methods->len, ==, 2);
  g_assert_cmpuint (before, ==, 2);
  g_assert_cmpstr (notification_log_data (&log, 0), ==, "multi-1");
  g_assert_cmpstr (notification_log_data (&log, 1), ==, "multi-2");

  assert_echo_works (server);

  server_close (server);
  notification_log_clear (&log);
}

typedef struct
{
  guint      noise_lines;
  guint      invalid_lines;
  GPtrArray *other_lines;
} StderrLog;

static void
on_stderr_line (McpStdioTransport *transport,
                const char        *line,
                StderrLog         *log)
{
  if (!g_utf8_validate (line, -1, NULL) || strchr (line, '\n') != NULL)
    log->invalid_lines++;
  else if (strstr (line, "eeeeeeee") != NULL)
    log->noise_lines++;
  else
    g_ptr_array_add (log->other_lines, g_strdup (line));
}

static gboolean
all_noise_read (gpointer data)
{
  StderrLog *log = data;

  return log->noise_lines >= 20000;
}

static gboolean
hello_read (gpointer data)
{
  StderrLog *log = data;

  return g_ptr_array_find_with_equal_func (log->other_lines, "hello", g_str_equal, NULL);
}

static void
test_stderr (void)
{
  g_autofree char *text = NULL;
  g_autofree char *tail = NULL;
  StderrLog log = { 0, 0, NULL };
  Server *server;

  log.other_lines = g_ptr_array_new_with_free_func (g_free);

  /* 20000 lines of 100 bytes, each starting with invalid UTF-8. */
  server = server_new (NULL);
  g_signal_connect (server->transport, "stderr-line", G_CALLBACK (on_stderr_line), &log);
  server_connect_or_fail (server);
  text = call_tool_text (server, "stderr", "{\"bytes\":2000000}");
  g_assert_cmpstr (text, ==, "stderr done");

  g_assert_true (mcp_test_wait_until (all_noise_read, &log, 10000));
  mcp_test_iterate_for (50);
  g_assert_cmpuint (log.noise_lines, ==, 20000);
  g_assert_cmpuint (log.invalid_lines, ==, 0);

  tail = mcp_stdio_transport_dup_stderr_tail (server->transport);
  g_assert_nonnull (tail);
  g_assert_cmpuint (strlen (tail), >, 0);
  g_assert_cmpuint (strlen (tail), <=, 4096);
  g_assert_true (g_utf8_validate (tail, -1, NULL));
  g_assert_nonnull (strstr (tail, "eeeeeeee"));

  assert_echo_works (server);
  server_close (server);

  /* Output before the handshake is read too. */
  server = server_new ("--stderr-at-start=hello", NULL);
  g_signal_connect (server->transport, "stderr-line", G_CALLBACK (on_stderr_line), &log);
  server_connect_or_fail (server);
  g_assert_true (mcp_test_wait_until (hello_read, &log, 5000));
  server_close (server);

  g_ptr_array_unref (log.other_lines);
}

static void
test_raw_request (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(JsonArray) messages = NULL;
  JsonObject *custom = NULL;
  JsonNode *tools;
  Server *server;

  server = server_start (NULL);

  mcp_client_request_async (server->client, "tools/list", NULL, NULL, mcp_test_store_result_cb,
                            &result);
  mcp_test_await_result (&result, "tools/list");
  answer = mcp_client_request_finish (server->client, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (answer);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (answer));
  tools = mcp_test_lookup (json_node_get_object (answer), "tools");
  g_assert_nonnull (tools);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (tools));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (tools)), >, 0);
  g_clear_object (&result);
  g_clear_pointer (&answer, json_node_unref);

  /* A server error keeps its code. */
  mcp_client_request_async (server->client, "no/such/method", NULL, NULL, mcp_test_store_result_cb,
                            &result);
  mcp_test_await_result (&result, "no/such/method");
  answer = mcp_client_request_finish (server->client, result, &error);
  g_assert_null (answer);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_METHOD_NOT_FOUND);
  g_clear_error (&error);
  g_clear_object (&result);

  /* A notification without params has no params member, and no id. */
  mcp_client_notify_async (server->client, "notifications/custom", NULL, NULL,
                           mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "notifications/custom");
  g_assert_true (mcp_client_notify_finish (server->client, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  messages = get_received (server);
  custom = find_message (messages, "notifications/custom");
  g_assert_nonnull (custom);
  g_assert_cmpstr (mcp_test_lookup_string (custom, "jsonrpc"), ==, "2.0");
  g_assert_false (json_object_has_member (custom, "params"));
  g_assert_false (json_object_has_member (custom, "id"));

  server_close (server);
}

static void
test_not_connected (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GAsyncResult) async_result = NULL;
  Server *server;

  server = server_new (NULL);

  result = call_tool (server, "echo", "{\"text\":\"too early\"}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED);
  g_clear_error (&error);
  /* Nothing was started. */
  g_assert_cmpint (server->pid, ==, 0);
  g_assert_null (mcp_stdio_transport_get_subprocess (server->transport));

  server_connect_or_fail (server);
  assert_echo_works (server);
  close_client (server->client);

  result = call_tool (server, "echo", "{\"text\":\"too late\"}", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);
  g_clear_error (&error);

  mcp_client_notify_async (server->client, "notifications/custom", NULL, NULL,
                           mcp_test_store_result_cb, &async_result);
  mcp_test_await_result (&async_result, "notifications/custom");
  g_assert_false (mcp_client_notify_finish (server->client, async_result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);

  server_close (server);
}

static void
test_exit_on_initialized (void)
{
  g_autoptr(GError) error = NULL;
  Server *server;

  server = server_new ("--exit-on-initialized=4", NULL);

  if (server_connect (server, &error))
    {
      g_autoptr(McpToolResult) result = NULL;

      /* The handshake completed before the server's exit was noticed. */
      result = call_tool (server, "echo", "{\"text\":\"hello?\"}", &error);
      g_assert_null (result);
    }

  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (error, "status 4", "bye from server");
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);

  server_close (server);
}

/* A tool that runs as a task, whose server exits right after announcing
 * it: the call ends with the server's exit, not at the next poll 30 s
 * later, nor never. */
static void
test_task_server_exits (void)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;
  Server *server;

  server = server_start (NULL);

  start = g_get_monotonic_time ();
  result = call_tool (server, "task-then-exit", NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  assert_error_mentions (error, "exited", NULL);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 5000);
  g_assert_cmpint (mcp_client_get_state (server->client), ==, MCP_CLIENT_STATE_CLOSED);

  server_close (server);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  server_path = g_test_build_filename (G_TEST_BUILT, "mcp-test-server", NULL);

  /* A secret the environment test expects servers not to see by default;
   * set here, as setenv() is unsafe once threads run. */
  g_setenv ("SECRET_TOKEN", "hunter2", TRUE);

  /* Orphans of the test server become ours, and are reaped here. */
  adopted_pids = g_array_new (FALSE, FALSE, sizeof (pid_t));
  g_assert_cmpint (prctl (PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), ==, 0);
  g_timeout_add (20, reap_adopted_cb, NULL);

  g_test_add_func ("/Mcp/Client/connect", test_connect);
  g_test_add_func ("/Mcp/Client/version-negotiation", test_version_negotiation);
  g_test_add_func ("/Mcp/Client/handshake-timeout", test_handshake_timeout);
  g_test_add_func ("/Mcp/Client/handshake-timeout-open", test_handshake_timeout_open);
  g_test_add_func ("/Mcp/Client/context-worker-thread", test_context_worker_thread);
  g_test_add_func ("/Mcp/Client/context-sync-wrapper", test_context_sync_wrapper);
  g_test_add_func ("/Mcp/Client/context-misuse", test_context_misuse);
  g_test_add_func ("/Mcp/Client/list-tools", test_list_tools);
  g_test_add_func ("/Mcp/Client/call-tool", test_call_tool);
  g_test_add_func ("/Mcp/Client/concurrent", test_concurrent);
  g_test_add_func ("/Mcp/Client/id-matching", test_id_matching);
  g_test_add_func ("/Mcp/Client/batch", test_batch);
  g_test_add_func ("/Mcp/Client/interleave", test_interleave);
  g_test_add_func ("/Mcp/Client/server-request", test_server_request);
  g_test_add_func ("/Mcp/Client/server-request-accessors", test_server_request_accessors);
  g_test_add_func ("/Mcp/Client/notifications", test_notifications);
  g_test_add_func ("/Mcp/Client/timeout", test_timeout);
  g_test_add_func ("/Mcp/Client/progress-resets-timeout", test_progress_resets_timeout);
  g_test_add_func ("/Mcp/Client/progress-per-call", test_progress_per_call);
  g_test_add_func ("/Mcp/Client/hard-max", test_hard_max);
  g_test_add_func ("/Mcp/Client/cancel", test_cancel);
  g_test_add_func ("/Mcp/Client/server-death", test_server_death);
  g_test_add_func ("/Mcp/Client/crash-at-start", test_crash_at_start);
  g_test_add_func ("/Mcp/Client/close-stdout", test_close_stdout);
  g_test_add_func ("/Mcp/Client/close", test_close);
  g_test_add_func ("/Mcp/Client/close-stubborn", test_close_stubborn);
  g_test_add_func ("/Mcp/Client/grandchild", test_grandchild);
  g_test_add_func ("/Mcp/Client/grandchild-stubborn", test_grandchild_stubborn);
  g_test_add_func ("/Mcp/Client/cwd", test_cwd);
  g_test_add_func ("/Mcp/Client/dispose-unclosed", test_dispose_unclosed);
  g_test_add_func ("/Mcp/Client/dispose-states", test_dispose_states);
  g_test_add_func ("/Mcp/Client/environment", test_environment);
  g_test_add_func ("/Mcp/Client/banner", test_banner);
  g_test_add_func ("/Mcp/Client/noise", test_noise);
  g_test_add_func ("/Mcp/Client/oversized", test_oversized);
  g_test_add_func ("/Mcp/Client/split-multi", test_split_multi);
  g_test_add_func ("/Mcp/Client/large-requests", test_large_requests);
  g_test_add_func ("/Mcp/Client/nested-main-loop", test_nested_main_loop);
  g_test_add_func ("/Mcp/Client/stderr", test_stderr);
  g_test_add_func ("/Mcp/Client/raw-request", test_raw_request);
  g_test_add_func ("/Mcp/Client/not-connected", test_not_connected);
  g_test_add_func ("/Mcp/Client/exit-on-initialized", test_exit_on_initialized);
  g_test_add_func ("/Mcp/Client/task-server-exits", test_task_server_exits);

  ret = g_test_run ();

  g_clear_pointer (&adopted_pids, g_array_unref);
  g_free (server_path);

  return ret;
}
