/* fuzz-rounds.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for multi round-trip requests (mcp-client-rounds.c): a
 * server answers tools/call, prompts/get or resources/read with a result
 * that asks for input (`resultType: "input_required"`, `inputRequests`,
 * `requestState`), and the client gathers the answers and sends the
 * request again. The parser is not separable from the client, so the
 * target drives a McpClient over a McpStreamTransport on a pipe, and
 * plays the server: after a valid handshake it starts one call, and
 * answers each request the client sends for it with the next line of the
 * input as the result (`{"jsonrpc":"2.0","id":<its id>,"result":<line>}`).
 * When the lines run out, the connection ends.
 *
 * The first byte holds flags: which call (FLAG_METHOD_MASK), how the
 * application answers the server's requests for input (FLAG_ANSWER_*), and
 * whether the call is cancelled once the input ran out (FLAG_CANCEL).
 *
 * Checks, besides crashes, leaks and hangs: every request the client sends
 * again carries the call's own parameters, the `requestState` of the last
 * answer exactly as given (or none, when it gave none), and answers only
 * to what that answer asked for (`inputResponses` keys among its
 * `inputRequests` keys); the client never sends more rounds than
 * max-input-rounds allows; the call completes exactly once, with a value
 * or an error whose message is UTF-8; client and transport are finalized
 * once released.
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
#include "mcp-json-private.h"

#define MAX_ROUNDS 5

enum {
  FLAG_METHOD_MASK = 0x03,
  /* Two bits: reply, reply with an error, return an error, leave. */
  FLAG_ANSWER_SHIFT = 2,
  FLAG_CANCEL = 1 << 4,
  /* The client declares no sampling or elicitation. */
  FLAG_NO_FEATURES = 1 << 5,
};

#define INITIALIZE_ANSWER                                                                \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","        \
  "\"capabilities\":{\"tools\":{},\"resources\":{},\"prompts\":{}},"                     \
  "\"serverInfo\":{\"name\":\"fuzz\",\"version\":\"1.0\"}}}\n"

static const char * const methods[] = { "tools/call", "prompts/get", "resources/read",
                                        "tools/call" };

typedef struct
{
  guint8        flags;
  McpClient    *client;
  McpClient    *weak_client;
  GCancellable *cancellable;
  int           fd;
  GString      *pending;
  gboolean      writer_closed;
  gboolean      connected;
  gboolean      connect_failed;
  gboolean      done;
  gboolean      close_done;
  GPtrArray    *held;
} Run;

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Run *run = user_data;

  if (mcp_client_connect_finish (MCP_CLIENT (object), result, NULL))
    run->connected = TRUE;
  else
    run->connect_failed = TRUE;
}

static void
call_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Run *run = user_data;
  McpClient *client = MCP_CLIENT (object);
  g_autoptr(GError) error = NULL;
  g_autoptr(GObject) value = NULL;
  g_autoptr(GListModel) list = NULL;
  gboolean success;

  if (run->done)
    fuzz_fail ("the call completed twice");
  run->done = TRUE;

  switch (run->flags & FLAG_METHOD_MASK)
    {
    case 1:
      value = G_OBJECT (mcp_client_get_prompt_finish (client, result, &error));
      success = value != NULL;
      break;
    case 2:
      list = mcp_client_read_resource_finish (client, result, &error);
      success = list != NULL;
      break;
    default:
      value = G_OBJECT (mcp_client_call_tool_finish (client, result, &error));
      success = value != NULL;
      break;
    }

  if (success == (error != NULL))
    fuzz_fail ("the call completed %s", success ? "with a value and an error"
                                                : "with neither a value nor an error");
  if (error != NULL && !g_utf8_validate (error->message, -1, NULL))
    fuzz_fail ("the call failed with a message that is not UTF-8");
}

static void
answer_request (Run              *run,
                McpServerRequest *request)
{
  const char *method = mcp_server_request_get_method (request);

  if (mcp_server_request_is_answered (request))
    return;

  switch ((run->flags >> FLAG_ANSWER_SHIFT) & 3)
    {
    case 0:
      if (g_str_equal (method, "sampling/createMessage"))
        {
          g_autoptr(McpContent) content = mcp_content_new_text ("fuzz");

          mcp_server_request_reply_sampling (request, "fuzz-model", content, "endTurn");
        }
      else if (g_str_equal (method, "elicitation/create"))
        {
          g_autoptr(JsonObject) content = json_object_new ();

          json_object_set_boolean_member (content, "given", TRUE);
          mcp_server_request_reply_elicitation (request, MCP_ELICITATION_ACTION_ACCEPT, content);
        }
      else
        mcp_server_request_reply (request, mcp_server_request_get_params (request));
      break;
    case 1:
      mcp_server_request_reply_error (request, -32000, "Fuzz says no");
      break;
    default:
      {
        g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "Fuzz");

        mcp_server_request_return_error (request, error);
      }
      break;
    }
}

static gboolean
on_server_request (McpClient        *client,
                   McpServerRequest *request,
                   Run              *run)
{
  if (((run->flags >> FLAG_ANSWER_SHIFT) & 3) == 3)
    {
      /* Held unanswered until the end, as a slow user would. */
      g_ptr_array_add (run->held, g_object_ref (request));
      return TRUE;
    }

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

/* Writes what fits of what is pending into the pipe. */
static void
flush (Run *run)
{
  while (run->pending->len > 0)
    {
      gssize n = write (run->fd, run->pending->str, run->pending->len);

      if (n < 0)
        {
          if (errno == EAGAIN || errno == EINTR)
            return;
          /* The client stopped reading. */
          g_string_truncate (run->pending, 0);
          return;
        }
      g_string_erase (run->pending, 0, n);
    }
}

static void
end_input (Run *run)
{
  if (run->writer_closed)
    return;
  run->writer_closed = TRUE;
}

/* The request's params, checked against the answer before it. */
static void
check_round (Run        *run,
             JsonObject *params,
             JsonObject *previous,
             guint       round)
{
  const char *method = methods[run->flags & FLAG_METHOD_MASK];
  JsonObject *requests = NULL;
  JsonObject *responses = NULL;
  const char *state = NULL;
  const char *sent_state = NULL;

  if (params == NULL)
    fuzz_fail ("%s without params", method);

  if (g_str_equal (method, "resources/read"))
    {
      if (g_strcmp0 (json_object_get_string_member_with_default (params, "uri", NULL),
                     "file:///fuzz") != 0)
        fuzz_fail ("round %u of resources/read lost its uri", round);
    }
  else if (g_strcmp0 (json_object_get_string_member_with_default (params, "name", NULL),
                      "fuzz") != 0)
    fuzz_fail ("round %u of %s lost its name", round, method);

  if (json_object_has_member (params, "inputResponses"))
    {
      JsonNode *node = json_object_get_member (params, "inputResponses");

      if (!JSON_NODE_HOLDS_OBJECT (node))
        fuzz_fail ("inputResponses is not an object");
      responses = json_node_get_object (node);
    }
  if (json_object_has_member (params, "requestState"))
    {
      JsonNode *node = json_object_get_member (params, "requestState");

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        fuzz_fail ("requestState is not a string");
      sent_state = json_node_get_string (node);
    }

  if (round == 0)
    {
      if (responses != NULL || sent_state != NULL)
        fuzz_fail ("the first round carries answers or a state");
      return;
    }

  if (previous == NULL)
    fuzz_fail ("round %u was sent after an answer that asked for nothing", round);
  if (round > MAX_ROUNDS)
    fuzz_fail ("round %u is beyond max-input-rounds (%u)", round, MAX_ROUNDS);

  if (json_object_has_member (previous, "requestState"))
    {
      JsonNode *node = json_object_get_member (previous, "requestState");

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        state = json_node_get_string (node);
    }
  if (g_strcmp0 (state, sent_state) != 0)
    fuzz_fail ("round %u sent the state “%s” for “%s”", round,
               sent_state ? sent_state : "(none)", state ? state : "(none)");

  if (json_object_has_member (previous, "inputRequests") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (previous, "inputRequests")))
    requests = json_object_get_object_member (previous, "inputRequests");

  if (responses != NULL)
    {
      JsonObjectIter iter;
      const char *key;
      JsonNode *value;

      json_object_iter_init (&iter, responses);
      while (json_object_iter_next (&iter, &key, &value))
        if (requests == NULL || !json_object_has_member (requests, key))
          fuzz_fail ("round %u answers “%s”, which was not asked", round, key);
    }
}

static gboolean
is_json (const char *line)
{
  g_autoptr(JsonNode) node = _mcp_json_parse_message (line, strlen (line), NULL);

  return node != NULL;
}

static gboolean
is_done (gpointer data)
{
  return ((Run *) data)->done;
}

static gboolean
has_output (gpointer data)
{
  return g_memory_output_stream_get_data_size (data) > 0;
}

static gboolean
has_settled (gpointer data)
{
  Run *run = data;

  return run->connected || run->connect_failed;
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  signal (SIGPIPE, SIG_IGN);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GOutputStream) writer = NULL;
  g_autoptr(GOutputStream) output = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) pending = g_string_new (NULL);
  g_autoptr(GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonObject) previous = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  McpStreamTransport *transport;
  const char *method;
  gsize read_offset = 0;
  guint next_line = 0;
  guint round = 0;
  gint64 deadline;
  gint64 last_activity;
  int fds[2];
  Run run = { 0, };

  if (size == 0 || memchr (data + 1, '\0', size - 1) != NULL)
    return 0;

  run.flags = data[0];
  run.cancellable = cancellable;
  run.pending = pending;
  run.held = held;
  method = methods[run.flags & FLAG_METHOD_MASK];
  text = g_strndup ((const char *) data + 1, size - 1);
  lines = g_strsplit (text, "\n", -1);

  if (!g_unix_open_pipe (fds, FD_CLOEXEC, &error) ||
      !g_unix_set_fd_nonblocking (fds[1], TRUE, &error))
    fuzz_fail ("no pipe: %s", error->message);
  input = g_unix_input_stream_new (fds[0], TRUE);
  writer = g_unix_output_stream_new (fds[1], TRUE);
  run.fd = fds[1];
  output = g_memory_output_stream_new_resizable ();

  transport = mcp_stream_transport_new (input, output);
  g_object_add_weak_pointer (G_OBJECT (transport), (gpointer *) &transport);
  run.client = run.weak_client = mcp_client_new (MCP_TRANSPORT (transport));
  g_object_add_weak_pointer (G_OBJECT (run.client), (gpointer *) &run.weak_client);
  g_object_unref (transport);
  mcp_client_set_version_negotiation (run.client, MCP_VERSION_NEGOTIATION_LEGACY);
  mcp_client_set_max_input_rounds (run.client, MAX_ROUNDS);
  if (!(run.flags & FLAG_NO_FEATURES))
    mcp_client_set_features (run.client,
                             MCP_CLIENT_FEATURES_ROOTS | MCP_CLIENT_FEATURES_SAMPLING |
                             MCP_CLIENT_FEATURES_ELICITATION_FORM |
                             MCP_CLIENT_FEATURES_ELICITATION_URL);
  {
    g_autoptr(McpRoot) root = mcp_root_new ("file:///fuzz", "Fuzz");

    mcp_client_add_root (run.client, root);
  }
  g_signal_connect (run.client, "server-request", G_CALLBACK (on_server_request), &run);

  /* Like a real server, the answer only comes once initialize was sent. */
  mcp_client_connect_async (run.client, NULL, connect_cb, &run);
  fuzz_wait_until (has_output, output, FUZZ_SETTLE_TIMEOUT_USEC, "the client to send initialize");
  read_offset = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (output));
  g_string_append (pending, INITIALIZE_ANSWER);
  flush (&run);
  fuzz_wait_until (has_settled, &run, FUZZ_SETTLE_TIMEOUT_USEC, "the handshake");
  if (!run.connected)
    fuzz_fail ("the client did not connect with a valid answer to initialize");

  switch (run.flags & FLAG_METHOD_MASK)
    {
    case 1:
      {
        g_autoptr(GHashTable) arguments = g_hash_table_new (g_str_hash, g_str_equal);

        g_hash_table_insert (arguments, "a", "b");
        mcp_client_get_prompt_async (run.client, "fuzz", arguments, cancellable, call_done_cb,
                                     &run);
      }
      break;
    case 2:
      mcp_client_read_resource_async (run.client, "file:///fuzz", cancellable, call_done_cb,
                                      &run);
      break;
    default:
      {
        g_autoptr(JsonObject) arguments = json_object_new ();

        json_object_set_string_member (arguments, "a", "b");
        mcp_client_call_tool_async (run.client, "fuzz", arguments, NULL, cancellable, call_done_cb,
                                    &run);
      }
      break;
    }

  /* Serve the call: each request for it gets the next line. */
  last_activity = g_get_monotonic_time ();
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!run.done && !run.writer_closed)
    {
      const char *out = g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (output));
      gsize out_size = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (output));
      const char *nl;

      if (g_get_monotonic_time () > deadline)
        fuzz_fail ("the rounds took more than 10 s");

      while (read_offset < out_size &&
             (nl = memchr (out + read_offset, '\n', out_size - read_offset)) != NULL)
        {
          gsize len = nl - (out + read_offset);
          JsonNode *root;
          JsonObject *message;
          JsonNode *id;

          if (!json_parser_load_from_data (parser, out + read_offset, len, &error))
            fuzz_fail ("the client wrote a line that is not JSON: %s", error->message);
          read_offset += len + 1;
          root = json_parser_get_root (parser);
          if (!JSON_NODE_HOLDS_OBJECT (root))
            fuzz_fail ("the client wrote a message that is not an object");
          message = json_node_get_object (root);
          if (g_strcmp0 (json_object_get_string_member_with_default (message, "method", NULL),
                         method) != 0)
            continue;
          id = json_object_get_member (message, "id");
          if (id == NULL)
            fuzz_fail ("%s without an id", method);

          check_round (&run, json_object_get_object_member (message, "params"), previous, round);
          round++;

          /* Lines that are not JSON would only be discarded, leaving the
           * round waiting: skip them. (The library's reader decides, as
           * json-glib 1.6 leaks what follows a first value.) */
          while (lines[next_line] != NULL && !is_json (lines[next_line]))
            next_line++;
          last_activity = g_get_monotonic_time ();
          if (lines[next_line] == NULL)
            {
              end_input (&run);
              break;
            }
          else
            {
              g_autoptr(JsonNode) answer = _mcp_json_parse_message (lines[next_line],
                                                                    strlen (lines[next_line]),
                                                                    NULL);
              g_autofree char *id_text = json_to_string (id, FALSE);

              g_clear_pointer (&previous, json_object_unref);
              if (answer != NULL && JSON_NODE_HOLDS_OBJECT (answer) &&
                  g_strcmp0 (json_object_get_string_member_with_default (
                               json_node_get_object (answer), "resultType", NULL),
                             "input_required") == 0)
                previous = json_object_ref (json_node_get_object (answer));

              g_string_append_printf (pending, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}\n",
                                      id_text, lines[next_line]);
              next_line++;
            }
        }

      flush (&run);
      if (g_main_context_iteration (NULL, FALSE))
        last_activity = g_get_monotonic_time ();
      /* Waiting for the application (held requests), or for an answer the
       * client did not take: the input ends. */
      if (pending->len == 0 && g_get_monotonic_time () - last_activity > 250 * 1000)
        end_input (&run);
      if (!run.done && !run.writer_closed)
        g_usleep (100);
    }

  /* The rest of the input (the line already queued) goes out, then the
   * connection ends. */
  deadline = g_get_monotonic_time () + FUZZ_SETTLE_TIMEOUT_USEC;
  while (pending->len > 0 && g_get_monotonic_time () < deadline)
    {
      flush (&run);
      g_main_context_iteration (NULL, FALSE);
    }
  g_clear_object (&writer);
  if (run.flags & FLAG_CANCEL)
    g_cancellable_cancel (cancellable);

  /* An answer to an unfinished round is not expected any more: once the
   * input ended, the call ends soon. */
  fuzz_wait_until (is_done, &run, FUZZ_SETTLE_TIMEOUT_USEC + 2 * G_USEC_PER_SEC,
                   "the call to end after the input ended");

  for (guint i = 0; i < held->len; i++)
    answer_request (&run, held->pdata[i]);
  g_ptr_array_set_size (held, 0);

  mcp_client_close_async (run.client, NULL, client_closed_cb, &run);
  fuzz_wait_for (&run.close_done, FUZZ_SETTLE_TIMEOUT_USEC, "the client to close");
  fuzz_drain ();
  g_clear_object (&run.client);
  fuzz_drain ();

  if (run.weak_client != NULL)
    fuzz_fail ("the client is still alive after its last reference was dropped");
  if (transport != NULL)
    fuzz_fail ("the transport is still alive after the client was finalized");

  return 0;
}
