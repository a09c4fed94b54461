/* mcp-test-server-tools.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The tools of the scripted test server that answer, each in its own way:
 * echoes and sums, delayed answers (also after a cancellation), progress,
 * the environment, every message received from the client, every kind of
 * content, errors, wrong ids, batches, requests to the client,
 * notifications and log messages, and output that tests the client's
 * framing: noise, huge lines, big answers, answers split into single
 * bytes or packed into one write, stderr that is not UTF-8, a closed
 * stdout.
 */

#include <string.h>
#include <unistd.h>

#include <json-glib/json-glib.h>

#include "mcp-test-server.h"

typedef struct
{
  JsonNode *id;
  JsonNode *result;
} DeferredAnswer;

typedef struct
{
  JsonNode *id;
  JsonNode *token;
  JsonNode *total;
  guint count;
  guint sent;
  guint final_delay_ms;
  gboolean repeat;
} ProgressCall;

static guint next_server_request = 1;

static char *
new_server_request_id (void)
{
  return g_strdup_printf ("srv-%u", next_server_request++);
}

static gboolean
send_deferred_answer (gpointer user_data)
{
  DeferredAnswer *answer = user_data;

  send_result (answer->id, answer->result);
  json_node_unref (answer->id);
  g_free (answer);

  return G_SOURCE_REMOVE;
}

/* Takes ownership of @result. */
static void
answer_later (JsonNode *id,
              JsonNode *result,
              guint     delay_ms)
{
  DeferredAnswer *answer = g_new0 (DeferredAnswer, 1);

  answer->id = json_node_copy (id);
  answer->result = result;
  g_timeout_add (delay_ms, send_deferred_answer, answer);
}

/* Tasks of the "task" tool: id → its status ("working" until cancelled). */
static GHashTable *task_statuses;
static guint next_task = 1;

static JsonNode *
describe_task (const char *task_id,
               guint       poll_ms)
{
  JsonObject *task = json_object_new ();

  json_object_set_string_member (task, "taskId", task_id);
  json_object_set_string_member (task, "status", g_hash_table_lookup (task_statuses, task_id));
  json_object_set_string_member (task, "createdAt", "2026-01-01T00:00:00Z");
  json_object_set_int_member (task, "ttl", 60000);
  json_object_set_int_member (task, "pollInterval", poll_ms);

  return object_node (task);
}

/* A task that works until cancelled, created ms_create milliseconds after
 * the call, and polled every poll_ms. */
static void
tool_task (const ToolCall *call)
{
  g_autofree char *task_id = g_strdup_printf ("task-%u", next_task++);
  guint poll_ms = get_uint_member (call->args, "poll_ms", 30000);

  if (task_statuses == NULL)
    task_statuses = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_insert (task_statuses, g_strdup (task_id), (gpointer) "working");

  answer_later (call->id, object_with_member ("task", describe_task (task_id, poll_ms)),
                get_uint_member (call->args, "ms_create", 0));
}

/* tasks/get and tasks/cancel, for the tasks of the "task" tool. */
void
handle_task_request (JsonNode   *id,
                     const char *method,
                     JsonObject *params)
{
  const char *task_id = get_string_member (params, "taskId", "");

  if (task_statuses == NULL || !g_hash_table_contains (task_statuses, task_id))
    {
      send_error (id, JSONRPC_INVALID_PARAMS, "No such task", NULL);
      return;
    }

  if (g_str_equal (method, "tasks/cancel"))
    g_hash_table_insert (task_statuses, g_strdup (task_id), (gpointer) "cancelled");

  send_result (id, describe_task (task_id, 30000));
}

static void
write_big_response (JsonNode *id,
                    guint64   bytes,
                    gboolean  id_last)
{
  g_autofree char *id_json = node_to_string (id);
  g_autofree char *head = NULL;
  g_autofree char *tail = NULL;

  /* Written by hand so that 100 MiB answers need no giant JsonNode or
   * generator buffer, and so the position of the id is under our
   * control: clients may route a line by an id they find early. */
  if (id_last)
    {
      head = g_strdup ("{\"jsonrpc\":\"2.0\",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"");
      tail = g_strdup_printf ("\"}]},\"id\":%s}\n", id_json);
    }
  else
    {
      head = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"", id_json);
      tail = g_strdup ("\"}]}}\n");
    }

  write_stdout (head, strlen (head));
  write_stdout_repeated ('a', bytes);
  write_stdout (tail, strlen (tail));
}

static void
tool_echo (const ToolCall *call)
{
  answer_text (call, get_string_member (call->args, "text", ""));
}

static void
tool_pause_reading (const ToolCall *call)
{
  /* Takes effect after this line: see on_line_read (). */
  pause_reading_ms = get_uint_member (call->args, "ms", 0);
  answer_text (call, "paused");
}

static void
tool_add (const ToolCall *call)
{
  double sum = get_double_member (call->args, "a", 0) + get_double_member (call->args, "b", 0);
  g_autofree char *text = g_strdup_printf ("%g", sum);
  JsonNode *structured = object_with_member ("sum", json_node_init_double (json_node_alloc (), sum));

  send_result (call->id, tool_result (text, structured, FALSE));
}

static void
tool_sleep (const ToolCall *call)
{
  guint ms = get_uint_member (call->args, "ms", 0);
  g_autofree char *text = g_strdup_printf ("slept %u", ms);

  /* Sent even if the client cancels meanwhile: it must drop late answers. */
  answer_later (call->id, tool_result (text, NULL, FALSE), ms);
}

static void
finish_progress (ProgressCall *progress)
{
  g_autofree char *text = g_strdup_printf ("done %u", progress->count);

  answer_later (progress->id, tool_result (text, NULL, FALSE), progress->final_delay_ms);

  json_node_unref (progress->id);
  g_clear_pointer (&progress->token, json_node_unref);
  g_clear_pointer (&progress->total, json_node_unref);
  g_free (progress);
}

static gboolean
progress_tick (gpointer user_data)
{
  ProgressCall *progress = user_data;

  progress->sent++;

  if (progress->token != NULL)
    {
      g_autofree char *message = g_strdup_printf ("step %u", progress->sent);

      /* Repeated, the same progress again and again: no progress. */
      send_progress (progress->token, progress->repeat ? 1 : progress->sent, progress->total,
                     message);
    }

  if (progress->sent < progress->count)
    return G_SOURCE_CONTINUE;

  finish_progress (progress);

  return G_SOURCE_REMOVE;
}

static void
tool_progress (const ToolCall *call)
{
  ProgressCall *progress = g_new0 (ProgressCall, 1);
  JsonObject *meta = get_object_member (call->params, "_meta");
  JsonNode *token = meta != NULL ? json_object_get_member (meta, "progressToken") : NULL;
  JsonNode *total = json_object_get_member (call->args, "total");

  progress->id = json_node_copy (call->id);
  progress->token = token != NULL ? json_node_copy (token) : NULL;
  progress->total = total != NULL ? json_node_copy (total) : NULL;
  progress->count = get_uint_member (call->args, "count", 0);
  progress->final_delay_ms = get_uint_member (call->args, "final_delay_ms", 0);
  progress->repeat = get_boolean_member (call->args, "repeat");

  if (progress->count == 0)
    finish_progress (progress);
  else
    g_timeout_add (get_uint_member (call->args, "interval_ms", 0), progress_tick, progress);
}

static void
tool_getenv (const ToolCall *call)
{
  const char *value = g_getenv (get_string_member (call->args, "name", ""));

  if (value != NULL)
    answer_text (call, value);
  else
    send_result (call->id, tool_result ("unset", NULL, TRUE));
}

static void
tool_getcwd (const ToolCall *call)
{
  g_autofree char *dir = g_get_current_dir ();

  answer_text (call, dir);
}

static void
tool_received (const ToolCall *call)
{
  JsonArray *messages = json_array_sized_new (received_messages->len);
  g_autofree char *text = g_strdup_printf ("%u messages", received_messages->len);

  for (guint i = 0; i < received_messages->len; i++)
    json_array_add_element (messages, json_node_copy (g_ptr_array_index (received_messages, i)));

  send_result (call->id, tool_result (text, object_with_member ("messages", array_node (messages)), FALSE));
}

static void
tool_content_kinds (const ToolCall *call)
{
  JsonObject *result = json_object_new ();
  JsonArray *content = json_array_new ();
  JsonObject *link = content_block ("resource_link");
  JsonObject *resource = content_block ("resource");
  JsonObject *embedded = json_object_new ();
  JsonObject *unknown = content_block ("hologram");

  json_array_add_object_element (content, text_block ("hello"));
  json_array_add_object_element (content, binary_block ("image", "\x89PNG", 4, "image/png"));
  json_array_add_object_element (content, binary_block ("audio", "RIFF", 4, "audio/wav"));

  json_object_set_string_member (link, "uri", "file:///tmp/x.txt");
  json_object_set_string_member (link, "name", "x.txt");
  json_object_set_string_member (link, "mimeType", "text/plain");
  json_array_add_object_element (content, link);

  json_object_set_string_member (embedded, "uri", "file:///tmp/y.txt");
  json_object_set_string_member (embedded, "mimeType", "text/plain");
  json_object_set_string_member (embedded, "text", "embedded");
  json_object_set_object_member (resource, "resource", embedded);
  json_array_add_object_element (content, resource);

  json_object_set_int_member (unknown, "depth", 3);
  json_array_add_object_element (content, unknown);

  json_object_set_array_member (result, "content", content);
  send_result (call->id, object_node (result));
}

static void
tool_fail (const ToolCall *call)
{
  send_error (call->id, JSONRPC_INVALID_PARAMS, "Invalid arguments for fail",
              object_with_member ("field", string_node ("x")));
}

static void
tool_tool_error (const ToolCall *call)
{
  send_result (call->id, tool_result ("it broke", NULL, TRUE));
}

static void
tool_wrong_ids (const ToolCall *call)
{
  if (node_holds (call->id, G_TYPE_INT64))
    {
      gint64 value = json_node_get_int (call->id);
      g_autofree char *as_string = g_strdup_printf ("%" G_GINT64_FORMAT, value);
      g_autoptr(JsonNode) string_id = string_node (as_string);
      g_autoptr(JsonNode) other_id = json_node_init_int (json_node_alloc (), value + 1000);

      send_result (string_id, tool_result ("wrong: string id", NULL, FALSE));
      send_result (other_id, tool_result ("wrong: other id", NULL, FALSE));
      send_error (NULL, JSONRPC_INTERNAL_ERROR, "null id", NULL);
    }

  answer_text (call, "right");
}

static void
tool_batch (const ToolCall *call)
{
  JsonArray *batch = json_array_new ();
  g_autoptr(JsonNode) line = array_node (batch);

  json_array_add_element (batch, make_notification ("notifications/message",
                                                    log_params ("info", NULL, string_node ("in batch"))));
  json_array_add_element (batch, make_response (call->id, tool_result ("batched", NULL, FALSE)));
  send_node (line);
}

static void
tool_interleave (const ToolCall *call)
{
  g_autofree char *request_id = new_server_request_id ();
  g_autoptr(JsonNode) request = make_request (request_id, "ping", NULL);
  g_autoptr(JsonNode) token = string_node ("nobody");

  send_notification ("notifications/message", log_params ("info", "test", string_node ("before")));
  send_progress (token, 1, NULL, NULL);
  send_node (request);
  answer_text (call, "interleaved");
}

static void
tool_server_request (const ToolCall *call)
{
  char *request_id = new_server_request_id ();
  JsonNode *params = json_object_get_member (call->args, "params");
  g_autoptr(JsonNode) request = make_request (request_id,
                                              get_string_member (call->args, "method", ""),
                                              params != NULL ? json_node_copy (params) : NULL);

  g_hash_table_insert (pending_server_requests, request_id, json_node_copy (call->id));
  send_node (request);
}

/* A request of the server with the id 0, which is as real an id as any;
 * withdrawn at once with notifications/cancelled if asked. */
static void
tool_request_zero (const ToolCall *call)
{
  JsonObject *request = json_object_new ();
  g_autoptr(JsonNode) node = NULL;

  json_object_set_string_member (request, "jsonrpc", "2.0");
  json_object_set_int_member (request, "id", 0);
  json_object_set_string_member (request, "method", get_string_member (call->args, "method", ""));
  node = object_node (request);
  send_node (node);

  if (get_boolean_member (call->args, "cancel"))
    send_notification ("notifications/cancelled",
                       object_with_member ("requestId",
                                           json_node_init_int (json_node_alloc (), 0)));

  answer_text (call, "sent");
}

static void
tool_noise (const ToolCall *call)
{
  static const char noise[] = "this is not json\n\n";

  write_stdout (noise, strlen (noise));
  answer_text (call, "noisy");
}

static void
tool_huge_line (const ToolCall *call)
{
  write_stdout_repeated ('x', get_size_member (call->args, "bytes"));
  write_stdout ("\n", 1);
  answer_text (call, "after huge");
}

static void
tool_big (const ToolCall *call)
{
  write_big_response (call->id, get_size_member (call->args, "bytes"), FALSE);
}

static void
tool_big_id_last (const ToolCall *call)
{
  write_big_response (call->id, get_size_member (call->args, "bytes"), TRUE);
}

static void
tool_split (const ToolCall *call)
{
  g_autoptr(JsonNode) response = make_response (call->id, tool_result ("split", NULL, FALSE));
  g_autofree char *line = node_to_line (response);

  /* Blocking the loop is fine here: the point is that the client sees
   * the line arrive in many reads. */
  for (const char *p = line; *p != '\0'; p++)
    {
      if (p != line)
        g_usleep (1000);
      write_stdout (p, 1);
    }
}

static void
tool_multi (const ToolCall *call)
{
  g_autoptr(JsonNode) first = make_notification ("notifications/message",
                                                 log_params ("info", NULL, string_node ("multi-1")));
  g_autoptr(JsonNode) second = make_notification ("notifications/message",
                                                  log_params ("info", NULL, string_node ("multi-2")));
  g_autoptr(JsonNode) response = make_response (call->id, tool_result ("multi", NULL, FALSE));
  g_autofree char *first_line = node_to_line (first);
  g_autofree char *second_line = node_to_line (second);
  g_autofree char *response_line = node_to_line (response);
  g_autofree char *all = g_strconcat (first_line, second_line, response_line, NULL);

  write_stdout (all, strlen (all));
}

static void
tool_stderr (const ToolCall *call)
{
  guint64 bytes = get_size_member (call->args, "bytes");
  g_autoptr(GString) noise = g_string_sized_new (bytes);

  /* Each 100-byte line starts with bytes that are never valid UTF-8, so
   * clients must not insist on decoding stderr. */
  while (noise->len < bytes)
    {
      gsize line_length = MIN (100, bytes - noise->len);

      for (gsize i = 0; i + 1 < line_length; i++)
        g_string_append_c (noise, i == 0 ? '\xff' : i == 1 ? '\xfe' : 'e');
      g_string_append_c (noise, '\n');
    }

  /* A last line tells the client it has read all the noise. */
  g_string_append (noise, "stderr end\n");
  write_all (STDERR_FILENO, noise->str, noise->len);
  answer_text (call, "stderr done");
}

static void
tool_close_stdout (const ToolCall *call G_GNUC_UNUSED)
{
  /* Closed rather than redirected, so the client sees EOF on our stdout
   * while we are still alive; never answered since it cannot be. */
  stdout_usable = FALSE;
  close (STDOUT_FILENO);
}

static void
tool_notify (const ToolCall *call)
{
  JsonNode *params = json_object_get_member (call->args, "params");

  send_notification (get_string_member (call->args, "method", ""),
                     params != NULL ? json_node_copy (params) : NULL);
  answer_text (call, "notified");
}

static void
tool_log (const ToolCall *call)
{
  JsonNode *data = json_object_get_member (call->args, "data");

  send_notification ("notifications/message",
                     log_params (get_string_member (call->args, "level", "info"),
                                 "test-server",
                                 json_node_copy (data)));
  answer_text (call, "logged");
}

/* Answers with its arguments as JSON text: what the client sent. */
static void
tool_arguments (const ToolCall *call)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), call->args);
  g_autofree char *text = json_to_string (node, FALSE);

  answer_text (call, text);
}

/* A schema as generators write them: definitions and references, a
 * nullable union, a constant, a map of anything. */
#define REFS_SCHEMA \
  "{\"inputSchema\":{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\"," \
  "\"type\":\"object\"," \
  "\"$defs\":{\"point\":{\"type\":\"object\",\"properties\":{" \
  "\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"}},\"required\":[\"x\",\"y\"]," \
  "\"additionalProperties\":false}}," \
  "\"properties\":{\"from\":{\"$ref\":\"#/$defs/point\",\"description\":\"Start\"}," \
  "\"to\":{\"$ref\":\"#/$defs/point\"}," \
  "\"label\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"null\"}]}," \
  "\"mode\":{\"const\":\"fast\"}," \
  "\"count\":{\"type\":\"integer\",\"format\":\"uint32\",\"exclusiveMinimum\":0}}," \
  "\"required\":[\"from\"],\"additionalProperties\":false}," \
  "\"annotations\":{\"readOnlyHint\":true}}"

const Tool tools[] = {
  {
    .name = "echo",
    .description = "Answers with its text argument",
    .properties = "{" STRING_ARG ("text") "}",
    .required = { "text" },
    .extra_fields = "{\"title\":\"Echo\",\"annotations\":{\"readOnlyHint\":true},\"x-extra\":{\"kept\":true}}",
    .func = tool_echo,
  },
  {
    .name = "add",
    .description = "Adds two numbers",
    .properties = "{\"a\":{\"type\":\"number\"},\"b\":{\"type\":\"number\"}}",
    .required = { "a", "b" },
    .extra_fields = "{\"outputSchema\":{\"type\":\"object\",\"properties\":{\"sum\":{\"type\":\"number\"}}}}",
    .func = tool_add,
  },
  {
    .name = "pause-reading",
    .description = "Reads nothing more from stdin for ms milliseconds",
    .properties = "{" INT_ARG ("ms") "}",
    .func = tool_pause_reading,
  },
  {
    .name = "request-zero",
    .description = "Sends a request of the given method with the id 0, and withdraws it at "
                   "once if cancel is set",
    .properties = "{" STRING_ARG ("method") ",\"cancel\":{\"type\":\"boolean\"}}",
    .required = { "method" },
    .func = tool_request_zero,
  },
  {
    .name = "task",
    .description = "Runs as a task (required) until cancelled; the task is created after "
                   "ms_create milliseconds, and polled every poll_ms",
    .properties = "{" INT_ARG ("ms_create") "," INT_ARG ("poll_ms") "}",
    .extra_fields = "{\"execution\":{\"taskSupport\":\"required\"}}",
    .func = tool_task,
  },
  {
    .name = "sleep",
    .description = "Answers after ms milliseconds, even if cancelled",
    .properties = "{" INT_ARG ("ms") "}",
    .func = tool_sleep,
  },
  {
    .name = "progress",
    .description = "Sends count progress notifications (or the first one count times, with "
                   "repeat), then answers",
    .properties = "{" INT_ARG ("count") "," INT_ARG ("interval_ms") ",\"total\":{\"type\":\"number\"}," INT_ARG ("final_delay_ms") "," BOOLEAN_ARG ("repeat") "}",
    .func = tool_progress,
  },
  {
    .name = "getenv",
    .description = "Answers with the value of an environment variable",
    .properties = "{" STRING_ARG ("name") "}",
    .required = { "name" },
    .func = tool_getenv,
  },
  {
    .name = "getcwd",
    .description = "Answers with the working directory",
    .properties = "{}",
    .func = tool_getcwd,
  },
  {
    .name = "received",
    .description = "Answers with every message received from the client",
    .properties = "{}",
    .func = tool_received,
  },
  {
    .name = "content-kinds",
    .description = "Answers with one content block of each kind, and an unknown one",
    .properties = "{}",
    .func = tool_content_kinds,
  },
  {
    .name = "fail",
    .description = "Answers with a JSON-RPC error",
    .properties = "{}",
    .func = tool_fail,
  },
  {
    .name = "tool-error",
    .description = "Answers with a tool result flagged as an error",
    .properties = "{}",
    .func = tool_tool_error,
  },
  {
    .name = "wrong-ids",
    .description = "Sends responses with wrong ids before the right one",
    .properties = "{}",
    .func = tool_wrong_ids,
  },
  {
    .name = "batch",
    .description = "Answers inside a JSON array together with a notification",
    .properties = "{}",
    .func = tool_batch,
  },
  {
    .name = "interleave",
    .description = "Sends notifications and a request before answering",
    .properties = "{}",
    .func = tool_interleave,
  },
  {
    .name = "server-request",
    .description = "Sends a request to the client and answers with its response",
    .properties = "{" STRING_ARG ("method") ",\"params\":{\"type\":\"object\"}}",
    .required = { "method" },
    .func = tool_server_request,
  },
  {
    .name = "noise",
    .description = "Writes non-JSON lines before answering",
    .properties = "{}",
    .func = tool_noise,
  },
  {
    .name = "huge-line",
    .description = "Writes an oversized junk line before answering",
    .properties = BYTES_ONLY,
    .func = tool_huge_line,
  },
  {
    .name = "big",
    .description = "Answers with a text of the given size",
    .properties = BYTES_ONLY,
    .func = tool_big,
  },
  {
    .name = "big-noreply-id-first",
    .description = "Answers with a big text, the id before the result",
    .properties = BYTES_ONLY,
    .func = tool_big,
  },
  {
    .name = "big-id-last",
    .description = "Answers with a big text, the id after the result",
    .properties = BYTES_ONLY,
    .func = tool_big_id_last,
  },
  {
    .name = "split",
    .description = "Writes the answer one byte at a time",
    .properties = "{}",
    .func = tool_split,
  },
  {
    .name = "multi",
    .description = "Writes two notifications and the answer in one write",
    .properties = "{}",
    .func = tool_multi,
  },
  {
    .name = "stderr",
    .description = "Writes invalid UTF-8 lines to stderr before answering",
    .properties = BYTES_ONLY,
    .func = tool_stderr,
  },
  {
    .name = "close-stdout",
    .description = "Closes stdout but keeps reading stdin",
    .properties = "{}",
    .func = tool_close_stdout,
  },
  {
    .name = "notify",
    .description = "Sends a notification to the client before answering",
    .properties = "{" STRING_ARG ("method") ",\"params\":{\"type\":\"object\"}}",
    .required = { "method" },
    .func = tool_notify,
  },
  {
    .name = "arguments",
    .description = "Answers with its arguments as JSON text",
    .properties = "{}",
    .extra_fields = "{\"annotations\":{\"readOnlyHint\":false}}",
    .func = tool_arguments,
  },
  {
    .name = "refs",
    .description = "Answers with its arguments; its schema has references",
    .properties = "{}",
    .extra_fields = REFS_SCHEMA,
    .func = tool_arguments,
  },
  {
    .name = "tree",
    .description = "Answers with its arguments; its schema refers to itself",
    .properties = "{}",
    .extra_fields = "{\"inputSchema\":{\"type\":\"object\",\"$defs\":{\"node\":{\"type\":\"object\","
                    "\"properties\":{\"name\":{\"type\":\"string\"},\"left\":{\"$ref\":\"#/$defs/node\"},"
                    "\"right\":{\"$ref\":\"#/$defs/node\"}}}},"
                    "\"properties\":{\"root\":{\"$ref\":\"#/$defs/node\"},\"bad\":{\"$ref\":\"#/nowhere\"},"
                    "\"remote\":{\"$ref\":\"https://example.com/schema.json\"}}}}",
    .func = tool_arguments,
  },
  {
    .name = "app-only",
    .description = "A tool for an MCP App's view, not for the model",
    .properties = "{}",
    .extra_fields = "{\"_meta\":{\"ui\":{\"visibility\":[\"app\"]}}}",
    .func = tool_arguments,
  },
  {
    .name = "model-only",
    .description = "A tool for the model only",
    .properties = "{}",
    .extra_fields = "{\"_meta\":{\"ui\":{\"visibility\":[\"model\"]}},\"annotations\":{\"readOnlyHint\":true}}",
    .func = tool_arguments,
  },
  {
    .name = "log",
    .description = "Sends a log message notification before answering",
    .properties = "{" STRING_ARG ("level") ",\"data\":{}}",
    .required = { "level", "data" },
    .func = tool_log,
  },
};

const gsize n_tools = G_N_ELEMENTS (tools);
