/* fuzz-rpc.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Fuzzes the JSON-RPC decoder and everything behind it: a McpClient over a
 * McpStreamTransport reads the input as the server's output. By default
 * the client first gets a valid answer to initialize, becomes ready and
 * starts one call of every kind; then the input arrives, so that its
 * messages hit pending requests (answers, errors, batches, answers with
 * the wrong id or type), progress, cancellation, notifications, requests
 * from the server and the live models' refreshes. See README.md for the
 * ids the calls get, which the seed corpus answers.
 *
 * The first input byte holds flags (FLAG_* below) that choose among the
 * client's settings and how the harness answers the server's requests.
 * Three notification methods from the input steer the harness:
 * "fuzz/cancel" cancels the calls' cancellable, "fuzz/close" closes the
 * client (or drops it, with FLAG_DROP_CLIENT) and "fuzz/answer" answers
 * the server requests held back with FLAG_DEFER.
 *
 * Besides crashes, leaks and hangs the target checks that every call
 * completes exactly once, with a value or an error but not both, and soon
 * after the connection ended; that the client and transport are finalized
 * once released; and that every line the client wrote is a JSON-RPC
 * message.
 */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <glib-unix.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>

#include "fuzz-common.h"

enum {
  /* The input starts before initialize: the handshake is fuzzed too. */
  FLAG_RAW = 1 << 0,
  /* The server runs tools as tasks, so tool calls list the tools first. */
  FLAG_TOOL_TASKS = 1 << 1,
  /* The client declares no roots, sampling or elicitation. */
  FLAG_NO_FEATURES = 1 << 2,
  /* Requests from the server are held until "fuzz/answer" or the end. */
  FLAG_DEFER = 1 << 3,
  /* Two bits: how requests from the server are answered (Answer). */
  FLAG_ANSWER_SHIFT = 4,
  /* A small maximum message size, so that answers are discarded. */
  FLAG_SMALL_MESSAGES = 1 << 6,
  /* "fuzz/close" drops the client instead of closing it. */
  FLAG_DROP_CLIENT = 1 << 7,
};

typedef enum {
  ANSWER_REPLY,
  ANSWER_ERROR,
  ANSWER_RETURN_ERROR,
  ANSWER_UNHANDLED,
} Answer;

#define INITIALIZE_ANSWER_FORMAT                                                         \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","        \
  "\"capabilities\":{\"tools\":{\"listChanged\":true},"                                 \
  "\"resources\":{\"subscribe\":true,\"listChanged\":true},"                            \
  "\"prompts\":{\"listChanged\":true},\"logging\":{},\"completions\":{},"                \
  "\"tasks\":{\"list\":{},\"cancel\":{}%s}},"                                            \
  "\"serverInfo\":{\"name\":\"fuzz\",\"version\":\"1.0\"},\"instructions\":\"Fuzz.\"}}\n"
#define TOOL_TASKS_CAPABILITY ",\"requests\":{\"tools\":{\"call\":{}}}"

typedef enum {
  RESULT_BOOLEAN,
  RESULT_OBJECT,
  RESULT_NODE,
} ResultKind;

typedef gpointer (*FinishPointer) (McpClient     *client,
                                   GAsyncResult  *result,
                                   GError       **error);
typedef gboolean (*FinishBoolean) (McpClient     *client,
                                   GAsyncResult  *result,
                                   GError       **error);

typedef struct _Run Run;

typedef struct
{
  Run           *run;
  const char    *name;
  ResultKind     kind;
  FinishPointer  finish_pointer;
  FinishBoolean  finish_boolean;
  gboolean       done;
} Call;

struct _Run
{
  guint8        flags;
  McpClient    *client;
  /* NULL once the client is finalized. */
  McpClient    *weak_client;
  GPtrArray    *calls;
  GPtrArray    *held_requests;
  GCancellable *cancellable;
  gboolean      connected;
  gboolean      connect_failed;
  gboolean      closed;
  gboolean      close_done;
  gboolean      input_written;
  gboolean      close_requested;
};

static void exercise (GObject *object,
                      guint    depth);

static void
exercise_model (GListModel *model,
                guint       depth)
{
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (item == NULL)
        fuzz_fail ("item %u of %u is missing", i, n);
      exercise (item, depth + 1);
    }
}

/* Reads every property, and the items of lists, as a binding would. */
static void
exercise (GObject *object,
          guint    depth)
{
  g_autofree GParamSpec **pspecs = NULL;
  guint n_pspecs;

  if (depth > 3)
    return;

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (object), &n_pspecs);
  for (guint i = 0; i < n_pspecs; i++)
    {
      g_auto(GValue) value = G_VALUE_INIT;

      if (!(pspecs[i]->flags & G_PARAM_READABLE))
        continue;

      g_value_init (&value, pspecs[i]->value_type);
      g_object_get_property (object, pspecs[i]->name, &value);
      if (G_VALUE_HOLDS_OBJECT (&value) && g_value_get_object (&value) != NULL &&
          G_IS_LIST_MODEL (g_value_get_object (&value)))
        exercise_model (g_value_get_object (&value), depth);
    }

  if (G_IS_LIST_MODEL (object))
    exercise_model (G_LIST_MODEL (object), depth);
}

static void
call_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(GError) error = NULL;
  McpClient *client = MCP_CLIENT (object);
  gboolean success;

  if (call->done)
    fuzz_fail ("%s completed twice", call->name);
  call->done = TRUE;

  switch (call->kind)
    {
    case RESULT_BOOLEAN:
      success = call->finish_boolean (client, result, &error);
      break;

    case RESULT_OBJECT:
      {
        g_autoptr(GObject) value = call->finish_pointer (client, result, &error);

        success = value != NULL;
        if (value != NULL)
          exercise (value, 0);
      }
      break;

    case RESULT_NODE:
      {
        g_autoptr(JsonNode) value = call->finish_pointer (client, result, &error);
        g_autofree char *text = value != NULL ? json_to_string (value, FALSE) : NULL;

        success = value != NULL;
        if (success && text == NULL)
          fuzz_fail ("%s returned JSON that cannot be written", call->name);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  if (success == (error != NULL))
    fuzz_fail ("%s completed %s", call->name,
               success ? "with a value and an error" : "with neither a value nor an error");
  if (error != NULL && (error->message == NULL || !g_utf8_validate (error->message, -1, NULL)))
    fuzz_fail ("%s failed with a message that is not UTF-8", call->name);
}

static Call *
new_call (Run           *run,
          const char    *name,
          ResultKind     kind,
          FinishPointer  finish_pointer,
          FinishBoolean  finish_boolean)
{
  Call *call = g_new0 (Call, 1);

  call->run = run;
  call->name = name;
  call->kind = kind;
  call->finish_pointer = finish_pointer;
  call->finish_boolean = finish_boolean;
  g_ptr_array_add (run->calls, call);

  return call;
}

#define OBJECT_CALL(run, finish) \
  new_call (run, #finish, RESULT_OBJECT, (FinishPointer) finish, NULL)
#define NODE_CALL(run, finish) \
  new_call (run, #finish, RESULT_NODE, (FinishPointer) finish, NULL)
#define BOOLEAN_CALL(run, finish) \
  new_call (run, #finish, RESULT_BOOLEAN, NULL, finish)

static void
on_progress (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             gpointer           user_data)
{
  if (message != NULL && !g_utf8_validate (message, -1, NULL))
    fuzz_fail ("a progress message is not UTF-8");
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(JsonNode) node = json_from_string (text, NULL);

  g_assert (node != NULL && JSON_NODE_HOLDS_OBJECT (node));
  return json_object_ref (json_node_get_object (node));
}

/* One call of every kind, in a fixed order: their ids are in README.md. */
static void
start_calls (Run *run)
{
  McpClient *client = run->client;
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();
  g_autoptr(JsonObject) arguments = parse_object ("{\"text\":\"fuzz\"}");
  g_autoptr(GHashTable) map = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(JsonNode) params = json_from_string ("{\"fuzz\":[1,2.5,\"x\",null]}", NULL);

  g_hash_table_insert (map, (char *) "argument", (char *) "value");
  g_signal_connect (options, "progress", G_CALLBACK (on_progress), NULL);

  mcp_client_call_tool_async (client, "echo", arguments, options, run->cancellable,
                              call_done_cb,
                              OBJECT_CALL (run, mcp_client_call_tool_finish));
  mcp_client_list_tools_async (client, run->cancellable, call_done_cb,
                               OBJECT_CALL (run, mcp_client_list_tools_finish));
  mcp_client_list_resources_async (client, NULL, call_done_cb,
                                   OBJECT_CALL (run, mcp_client_list_resources_finish));
  mcp_client_list_resource_templates_async (
    client, NULL, call_done_cb, OBJECT_CALL (run, mcp_client_list_resource_templates_finish));
  mcp_client_read_resource_async (client, "file:///fuzz", run->cancellable, call_done_cb,
                                  OBJECT_CALL (run, mcp_client_read_resource_finish));
  mcp_client_subscribe_resource_async (client, "file:///fuzz", NULL, call_done_cb,
                                       BOOLEAN_CALL (run, mcp_client_subscribe_resource_finish));
  mcp_client_unsubscribe_resource_async (
    client, "file:///fuzz", NULL, call_done_cb,
    BOOLEAN_CALL (run, mcp_client_unsubscribe_resource_finish));
  mcp_client_list_prompts_async (client, NULL, call_done_cb,
                                 OBJECT_CALL (run, mcp_client_list_prompts_finish));
  mcp_client_get_prompt_async (client, "fuzz", map, run->cancellable, call_done_cb,
                               OBJECT_CALL (run, mcp_client_get_prompt_finish));
  mcp_client_complete_prompt_argument_async (
    client, "fuzz", "argument", "va", map, NULL, call_done_cb,
    OBJECT_CALL (run, mcp_client_complete_prompt_argument_finish));
  mcp_client_complete_resource_argument_async (
    client, "file:///{path}", "path", "fu", NULL, NULL, call_done_cb,
    OBJECT_CALL (run, mcp_client_complete_resource_argument_finish));
  mcp_client_set_logging_level_async (client, MCP_LOG_LEVEL_DEBUG, NULL, call_done_cb,
                                      BOOLEAN_CALL (run, mcp_client_set_logging_level_finish));
  mcp_client_list_tasks_async (client, NULL, call_done_cb,
                               OBJECT_CALL (run, mcp_client_list_tasks_finish));
  mcp_client_get_task_async (client, "fuzz-task", NULL, call_done_cb,
                             OBJECT_CALL (run, mcp_client_get_task_finish));
  mcp_client_cancel_task_async (client, "fuzz-task", run->cancellable, call_done_cb,
                                OBJECT_CALL (run, mcp_client_cancel_task_finish));
  mcp_client_ping_async (client, run->cancellable, call_done_cb,
                         BOOLEAN_CALL (run, mcp_client_ping_finish));
  mcp_client_request_async (client, "fuzz/method", params, options, NULL, call_done_cb,
                            NODE_CALL (run, mcp_client_request_finish));
  mcp_client_call_tool_async (client, "fuzz", NULL, NULL, NULL, call_done_cb,
                              OBJECT_CALL (run, mcp_client_call_tool_finish));
  mcp_client_notify_async (client, "fuzz/notification", NULL, NULL, call_done_cb,
                           BOOLEAN_CALL (run, mcp_client_notify_finish));
}

static void
answer_request (Run              *run,
                McpServerRequest *request)
{
  Answer answer = (run->flags >> FLAG_ANSWER_SHIFT) & 3;
  const char *method = mcp_server_request_get_method (request);

  if (mcp_server_request_is_answered (request))
    return;

  switch (answer)
    {
    case ANSWER_REPLY:
      if (g_str_equal (method, "sampling/createMessage"))
        {
          g_autoptr(McpContent) content = mcp_content_new_text ("fuzz");

          mcp_server_request_reply_sampling (request, "fuzz-model", content, "endTurn");
        }
      else if (g_str_equal (method, "elicitation/create"))
        {
          g_autoptr(JsonObject) content = parse_object ("{\"given\":true}");

          mcp_server_request_reply_elicitation (request, MCP_ELICITATION_ACTION_ACCEPT, content);
        }
      else
        mcp_server_request_reply (request, mcp_server_request_get_params (request));
      break;

    case ANSWER_ERROR:
      mcp_server_request_reply_error (request, -32000, "Fuzz says no");
      break;

    case ANSWER_RETURN_ERROR:
    case ANSWER_UNHANDLED:
    default:
      {
        g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "Fuzz");

        mcp_server_request_return_error (request, error);
      }
      break;
    }

  if (!mcp_server_request_is_answered (request))
    fuzz_fail ("an answered request says it is not answered");
}

static gboolean
on_server_request (McpClient        *client,
                   McpServerRequest *request,
                   Run              *run)
{
  JsonNode *id = mcp_server_request_get_id (request);

  if (id == NULL || !JSON_NODE_HOLDS_VALUE (id))
    fuzz_fail ("a server request has no usable id");
  if (mcp_server_request_get_cancellable (request) == NULL)
    fuzz_fail ("a server request has no cancellable");
  exercise (G_OBJECT (request), 0);

  if (((run->flags >> FLAG_ANSWER_SHIFT) & 3) == ANSWER_UNHANDLED && !(run->flags & FLAG_DEFER))
    return FALSE;

  if (run->flags & FLAG_DEFER)
    g_ptr_array_add (run->held_requests, g_object_ref (request));
  else
    answer_request (run, request);

  return TRUE;
}

static void
client_closed_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Run *run = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_client_close_finish (MCP_CLIENT (object), result, &error))
    fuzz_fail ("closing the client failed: %s", error->message);
  run->close_done = TRUE;
}

static void
on_notification (McpClient  *client,
                 const char *method,
                 JsonNode   *params,
                 Run        *run)
{
  if (method == NULL || !g_utf8_validate (method, -1, NULL))
    fuzz_fail ("a notification method is not UTF-8");

  if (g_str_equal (method, "fuzz/cancel"))
    g_cancellable_cancel (run->cancellable);
  else if (g_str_equal (method, "fuzz/answer"))
    {
      for (guint i = 0; i < run->held_requests->len; i++)
        answer_request (run, run->held_requests->pdata[i]);
      g_ptr_array_set_size (run->held_requests, 0);
    }
  else if (g_str_equal (method, "fuzz/close") && !run->close_requested)
    {
      run->close_requested = TRUE;
      if (run->flags & FLAG_DROP_CLIENT)
        {
          /* The emission holds its own reference: the client goes once
           * its calls have completed. */
          g_clear_object (&run->client);
          run->close_done = TRUE;
        }
      else
        mcp_client_close_async (client, NULL, client_closed_cb, run);
    }
}

static void
on_log_message (McpClient   *client,
                McpLogLevel  level,
                const char  *logger,
                JsonNode    *data,
                Run         *run)
{
  if (level > MCP_LOG_LEVEL_EMERGENCY)
    fuzz_fail ("a log message has level %d", level);
  if (logger != NULL && !g_utf8_validate (logger, -1, NULL))
    fuzz_fail ("a logger name is not UTF-8");
}

static void
on_string_signal (McpClient  *client,
                  const char *text,
                  Run        *run)
{
  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    fuzz_fail ("a signal carries a string that is not UTF-8");
}

static void
on_closed (McpClient    *client,
           const GError *error,
           Run          *run)
{
  if (run->closed)
    fuzz_fail ("closed was emitted twice");
  run->closed = TRUE;
}

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Run        *run)
{
  if (position + added > g_list_model_get_n_items (model))
    fuzz_fail ("items-changed past the end of a live model");

  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      exercise (item, 1);
    }
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Run *run = user_data;
  g_autoptr(GError) error = NULL;

  if (mcp_client_connect_finish (MCP_CLIENT (object), result, &error))
    {
      run->connected = TRUE;
      /* With a fuzzed handshake, the rest of the input is already on its
       * way: the calls meet whatever follows. */
      if (run->flags & FLAG_RAW)
        start_calls (run);
    }
  else
    run->connect_failed = TRUE;
}

static void
input_written_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Run *run = user_data;

  /* It fails when the client stopped reading first; that is fine. */
  g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, NULL, NULL);
  g_output_stream_close (G_OUTPUT_STREAM (object), NULL, NULL);
  run->input_written = TRUE;
}

static gboolean
has_output (gpointer data)
{
  return g_memory_output_stream_get_data_size (data) > 0;
}

/* A client dropped with FLAG_DROP_CLIENT may be finalized before the
 * input ends, and then never says closed. */
static gboolean
has_ended (gpointer data)
{
  Run *run = data;

  return run->closed || run->weak_client == NULL;
}

static gboolean
has_settled (gpointer data)
{
  Run *run = data;

  return run->connected || run->connect_failed;
}

/* Every line the client wrote must be one JSON-RPC message. */
static void
check_output (GMemoryOutputStream *output)
{
  const char *data = g_memory_output_stream_get_data (output);
  gsize size = g_memory_output_stream_get_data_size (output);
  g_autoptr(JsonParser) parser = json_parser_new ();
  gsize start = 0;

  if (size > 0 && data[size - 1] != '\n')
    fuzz_fail ("the client's output does not end with a newline");

  while (start < size)
    {
      const char *nl = memchr (data + start, '\n', size - start);
      gsize len = (gsize) (nl - (data + start));
      g_autoptr(GError) error = NULL;
      JsonObject *object;
      JsonNode *root;

      if (!json_parser_load_from_data (parser, data + start, len, &error))
        fuzz_fail ("the client wrote a line that is not JSON: %s", error->message);
      root = json_parser_get_root (parser);
      if (!JSON_NODE_HOLDS_OBJECT (root))
        fuzz_fail ("the client wrote a message that is not an object");
      object = json_node_get_object (root);
      if (g_strcmp0 (json_object_get_string_member_with_default (object, "jsonrpc", NULL),
                     "2.0") != 0)
        fuzz_fail ("the client wrote a message without \"jsonrpc\": \"2.0\"");
      if (json_object_has_member (object, "params") &&
          !JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "params")) &&
          !JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, "params")))
        fuzz_fail ("the client wrote params that are neither an object nor an array");
      if (!json_object_has_member (object, "method") &&
          json_object_has_member (object, "result") == json_object_has_member (object, "error"))
        fuzz_fail ("the client wrote an answer with %s a result and an error",
                   json_object_has_member (object, "result") ? "both" : "neither");

      start += len + 1;
    }
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  /* Writing to a pipe the client closed must fail, not kill. */
  signal (SIGPIPE, SIG_IGN);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GPtrArray) calls = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) held_requests = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GOutputStream) writer = NULL;
  g_autoptr(GOutputStream) output = NULL;
  g_autoptr(GError) error = NULL;
  McpStreamTransport *transport;
  McpClientFeatures features;
  gint64 deadline;
  int fds[2];
  Run run = { 0, };

  if (size == 0)
    return 0;

  run.flags = data[0];
  run.calls = calls;
  run.held_requests = held_requests;
  run.cancellable = cancellable;
  data++, size--;

  if (!g_unix_open_pipe (fds, FD_CLOEXEC, &error) ||
      !g_unix_set_fd_nonblocking (fds[1], TRUE, &error))
    fuzz_fail ("no pipe: %s", error->message);
  input = g_unix_input_stream_new (fds[0], TRUE);
  writer = g_unix_output_stream_new (fds[1], TRUE);
  output = g_memory_output_stream_new_resizable ();

  transport = mcp_stream_transport_new (input, output);
  g_object_add_weak_pointer (G_OBJECT (transport), (gpointer *) &transport);
  if (run.flags & FLAG_SMALL_MESSAGES)
    mcp_stream_transport_set_max_message_size (transport, 1024);

  run.client = run.weak_client = mcp_client_new (MCP_TRANSPORT (transport));
  g_object_add_weak_pointer (G_OBJECT (run.client), (gpointer *) &run.weak_client);
  g_object_unref (transport);
  /* The harness and the seeds speak the initialize handshake, whose first
   * request has id 1: no server/discover probe before it. */
  mcp_client_set_version_negotiation (run.client, MCP_VERSION_NEGOTIATION_LEGACY);

  features = MCP_CLIENT_FEATURES_ROOTS | MCP_CLIENT_FEATURES_SAMPLING |
             MCP_CLIENT_FEATURES_SAMPLING_TOOLS | MCP_CLIENT_FEATURES_SAMPLING_CONTEXT |
             MCP_CLIENT_FEATURES_ELICITATION_FORM | MCP_CLIENT_FEATURES_ELICITATION_URL |
             MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS;
  mcp_client_set_features (run.client, run.flags & FLAG_NO_FEATURES ? MCP_CLIENT_FEATURES_NONE
                                                                 : features);
  {
    g_autoptr(McpRoot) root = mcp_root_new ("file:///fuzz", "Fuzz");

    mcp_client_add_root (run.client, root);
  }

  g_signal_connect (run.client, "server-request", G_CALLBACK (on_server_request), &run);
  g_signal_connect (run.client, "notification", G_CALLBACK (on_notification), &run);
  g_signal_connect (run.client, "log-message", G_CALLBACK (on_log_message), &run);
  g_signal_connect (run.client, "resource-updated", G_CALLBACK (on_string_signal), &run);
  g_signal_connect (run.client, "list-changed", G_CALLBACK (on_string_signal), &run);
  g_signal_connect (run.client, "closed", G_CALLBACK (on_closed), &run);
  g_signal_connect (mcp_client_get_tools_model (run.client), "items-changed",
                    G_CALLBACK (on_items_changed), &run);
  g_signal_connect (mcp_client_get_resources_model (run.client), "items-changed",
                    G_CALLBACK (on_items_changed), &run);
  g_signal_connect (mcp_client_get_resource_templates_model (run.client), "items-changed",
                    G_CALLBACK (on_items_changed), &run);
  g_signal_connect (mcp_client_get_prompts_model (run.client), "items-changed",
                    G_CALLBACK (on_items_changed), &run);

  /* Like a real server, the input only starts once the client has sent
   * initialize: an answer before the request would answer nothing. */
  mcp_client_connect_async (run.client, NULL, connect_cb, &run);
  fuzz_wait_until (has_output, output, FUZZ_SETTLE_TIMEOUT_USEC, "the client to send initialize");

  if (!(run.flags & FLAG_RAW))
    {
      g_autofree char *answer = g_strdup_printf (INITIALIZE_ANSWER_FORMAT,
                                                 run.flags & FLAG_TOOL_TASKS
                                                 ? TOOL_TASKS_CAPABILITY : "");

      if (write (fds[1], answer, strlen (answer)) != (gssize) strlen (answer))
        fuzz_fail ("could not write the answer to initialize: %s", g_strerror (errno));

      fuzz_wait_until (has_settled, &run, FUZZ_SETTLE_TIMEOUT_USEC, "the handshake");
      if (!run.connected)
        fuzz_fail ("the client did not connect with a valid answer to initialize");
      if (mcp_client_get_state (run.client) != MCP_CLIENT_STATE_READY)
        fuzz_fail ("connected, but the client is not ready");

      start_calls (&run);
    }

  g_output_stream_write_all_async (writer, data, size, G_PRIORITY_DEFAULT, NULL,
                                   input_written_cb, &run);

  /* The end of the input closes the connection. */
  fuzz_wait_until (has_ended, &run, 20 * G_USEC_PER_SEC, "the client to see the end of the input");
  fuzz_wait_for (&run.input_written, FUZZ_SETTLE_TIMEOUT_USEC, "the input to be written");

  if (run.client != NULL && !run.close_requested)
    {
      run.close_requested = TRUE;
      mcp_client_close_async (run.client, NULL, client_closed_cb, &run);
    }
  fuzz_wait_for (&run.close_done, FUZZ_SETTLE_TIMEOUT_USEC, "the client to close");

  deadline = g_get_monotonic_time () + FUZZ_SETTLE_TIMEOUT_USEC;
  for (guint i = 0; i < calls->len; i++)
    {
      Call *call = calls->pdata[i];

      while (!call->done && g_get_monotonic_time () < deadline)
        if (!g_main_context_iteration (NULL, FALSE))
          g_usleep (1000);
      if (!call->done)
        fuzz_fail ("%s did not complete after the connection ended", call->name);
    }

  fuzz_drain ();
  if (run.client != NULL && mcp_client_get_state (run.client) != MCP_CLIENT_STATE_CLOSED)
    fuzz_fail ("the client is not closed at the end");

  /* Requests still held are dropped unanswered, as an application may. */
  g_ptr_array_set_size (held_requests, 0);
  g_clear_object (&run.client);
  fuzz_drain ();

  if (run.weak_client != NULL)
    fuzz_fail ("the client is still alive after its last reference was dropped");
  if (transport != NULL)
    fuzz_fail ("the transport is still alive after the client was finalized");

  check_output (G_MEMORY_OUTPUT_STREAM (output));

  return 0;
}
