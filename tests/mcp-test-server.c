/* mcp-test-server.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* A scripted MCP server speaking newline-delimited JSON-RPC 2.0 over
 * stdio, spawned by the mcp-glib test suite.  Each tool it offers provokes
 * one client behaviour worth testing: delayed and concurrent answers,
 * progress and late answers after cancellation, server-to-client requests,
 * malformed, split, batched or oversized output, stderr noise, crashes and
 * stray child processes (those that misbehave as a process, or in the
 * framing of their output, are in mcp-test-server-faults.c).  The
 * command-line options script misbehaviour around start-up and shutdown.  Every message the client sends is
 * recorded so that tests can check what went over the wire with the
 * "received" tool.
 */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <glib-unix.h>
#include <json-glib/json-glib.h>

#include "mcp-test-server.h"

#define DEFAULT_PROTOCOL_VERSION "2025-11-25"

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

static const char * const supported_versions[] = {
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  NULL
};

static char *opt_protocol_version;
static int opt_pages = 1;
static gboolean opt_banner;
static gboolean opt_bom;
static gboolean opt_ignore_eof;
static gboolean opt_ignore_term;
static gboolean opt_no_initialize_answer;
static int opt_exit_on_initialized = -1;
static char *opt_stderr_at_start;
static int opt_crash_at_start = -1;

static const GOptionEntry option_entries[] = {
  { "protocol-version", 0, 0, G_OPTION_ARG_STRING, &opt_protocol_version,
    "Answer initialize with VERSION, even an unsupported one", "VERSION" },
  { "pages", 0, 0, G_OPTION_ARG_INT, &opt_pages,
    "Split tools/list into N pages", "N" },
  { "bom", 0, 0, G_OPTION_ARG_NONE, &opt_bom,
    "Write a UTF-8 byte-order mark before the first message", NULL },
  { "banner", 0, 0, G_OPTION_ARG_NONE, &opt_banner,
    "Print a non-JSON banner on stdout before serving", NULL },
  { "ignore-eof", 0, 0, G_OPTION_ARG_NONE, &opt_ignore_eof,
    "Keep running after stdin is closed", NULL },
  { "ignore-term", 0, 0, G_OPTION_ARG_NONE, &opt_ignore_term,
    "Ignore SIGTERM", NULL },
  { "no-initialize-answer", 0, 0, G_OPTION_ARG_NONE, &opt_no_initialize_answer,
    "Never answer initialize", NULL },
  { "exit-on-initialized", 0, 0, G_OPTION_ARG_INT, &opt_exit_on_initialized,
    "Exit with STATUS on notifications/initialized", "STATUS" },
  { "stderr-at-start", 0, 0, G_OPTION_ARG_STRING, &opt_stderr_at_start,
    "Write TEXT to stderr at start", "TEXT" },
  { "crash-at-start", 0, 0, G_OPTION_ARG_INT, &opt_crash_at_start,
    "Exit with STATUS before reading anything", "STATUS" },
  G_OPTION_ENTRY_NULL
};

static GPtrArray *received_messages;
/* "srv-N" → id of the tools/call waiting for the client's answer */
static GHashTable *pending_server_requests;
static guint next_server_request = 1;
static gboolean stdout_usable = TRUE;
static GDataInputStream *input;
static guint pause_reading_ms;

gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize written = write (fd, data, length);

      if (written < 0)
        {
          if (errno == EINTR)
            continue;

          /* The client may hand us a non-blocking pipe. */
          if (errno == EAGAIN)
            {
              struct pollfd pfd = { .fd = fd, .events = POLLOUT };

              poll (&pfd, 1, -1);
              continue;
            }

          return FALSE;
        }

      data += written;
      length -= written;
    }

  return TRUE;
}

void
write_stdout (const char *data,
              gsize       length)
{
  if (!stdout_usable)
    return;

  /* A failed write means the client stopped reading us; keep serving
   * stdin until EOF as a real server would, but stop writing. */
  if (!write_all (STDOUT_FILENO, data, length))
    stdout_usable = FALSE;
}

void
write_stdout_repeated (char    byte,
                       guint64 count)
{
  char chunk[65536];

  memset (chunk, byte, sizeof chunk);

  while (count > 0 && stdout_usable)
    {
      gsize length = MIN (count, sizeof chunk);

      write_stdout (chunk, length);
      count -= length;
    }
}

/* g_printerr() would convert to the locale charset, mangling messages
 * the tests compare byte for byte. */
void
write_stderr_line (const char *text)
{
  g_autofree char *line = g_strconcat (text, "\n", NULL);

  write_all (STDERR_FILENO, line, strlen (line));
}

char *
node_to_string (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);

  return json_generator_to_data (generator, NULL);
}

static char *
node_to_line (JsonNode *node)
{
  g_autofree char *text = node_to_string (node);

  return g_strconcat (text, "\n", NULL);
}

static void
send_node (JsonNode *node)
{
  g_autofree char *line = node_to_line (node);

  write_stdout (line, strlen (line));
}

JsonNode *
object_node (JsonObject *object)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (node, object);

  return node;
}

static JsonNode *
array_node (JsonArray *array)
{
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_node_take_array (node, array);

  return node;
}

static JsonNode *
string_node (const char *value)
{
  return json_node_init_string (json_node_alloc (), value);
}

static JsonNode *
object_with_member (const char *name,
                    JsonNode   *value)
{
  JsonObject *object = json_object_new ();

  json_object_set_member (object, name, value);

  return object_node (object);
}

static gboolean
node_holds (JsonNode *node,
            GType     type)
{
  return node != NULL &&
         JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == type;
}

const char *
get_string_member (JsonObject *object,
                   const char *name,
                   const char *fallback)
{
  JsonNode *node;

  if (object == NULL)
    return fallback;

  node = json_object_get_member (object, name);

  return node_holds (node, G_TYPE_STRING) ? json_node_get_string (node) : fallback;
}

static JsonObject *
get_object_member (JsonObject *object,
                   const char *name)
{
  JsonNode *node;

  if (object == NULL)
    return NULL;

  node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static double
get_double_member (JsonObject *object,
                   const char *name,
                   double      fallback)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node_holds (node, G_TYPE_INT64))
    return json_node_get_int (node);
  if (node_holds (node, G_TYPE_DOUBLE))
    return json_node_get_double (node);

  return fallback;
}

guint64
get_size_member (JsonObject *object,
                 const char *name)
{
  return MAX (get_double_member (object, name, 0), 0);
}

guint
get_uint_member (JsonObject *object,
                 const char *name,
                 guint       fallback)
{
  return CLAMP (get_double_member (object, name, fallback), 0, G_MAXUINT);
}

gboolean
get_boolean_member (JsonObject *object,
                    const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node_holds (node, G_TYPE_BOOLEAN) && json_node_get_boolean (node);
}

static JsonObject *
new_message (void)
{
  JsonObject *message = json_object_new ();

  json_object_set_string_member (message, "jsonrpc", "2.0");

  return message;
}

static void
set_id (JsonObject *message,
        JsonNode   *id)
{
  if (id != NULL)
    json_object_set_member (message, "id", json_node_copy (id));
  else
    json_object_set_null_member (message, "id");
}

/* Takes ownership of @result. */
static JsonNode *
make_response (JsonNode *id,
               JsonNode *result)
{
  JsonObject *response = new_message ();

  set_id (response, id);
  json_object_set_member (response, "result", result);

  return object_node (response);
}

/* Takes ownership of @data, which may be %NULL. */
static JsonNode *
make_error (JsonNode   *id,
            int         code,
            const char *message,
            JsonNode   *data)
{
  JsonObject *response = new_message ();
  JsonObject *error = json_object_new ();

  set_id (response, id);
  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", message);
  if (data != NULL)
    json_object_set_member (error, "data", data);
  json_object_set_object_member (response, "error", error);

  return object_node (response);
}

/* Takes ownership of @params, which may be %NULL. */
static JsonNode *
make_notification (const char *method,
                   JsonNode   *params)
{
  JsonObject *notification = new_message ();

  json_object_set_string_member (notification, "method", method);
  if (params != NULL)
    json_object_set_member (notification, "params", params);

  return object_node (notification);
}

/* Takes ownership of @params, which may be %NULL. */
static JsonNode *
make_request (const char *id,
              const char *method,
              JsonNode   *params)
{
  JsonObject *request = new_message ();

  json_object_set_string_member (request, "id", id);
  json_object_set_string_member (request, "method", method);
  if (params != NULL)
    json_object_set_member (request, "params", params);

  return object_node (request);
}

void
send_result (JsonNode *id,
             JsonNode *result)
{
  g_autoptr(JsonNode) response = make_response (id, result);

  send_node (response);
}

void
send_error (JsonNode   *id,
            int         code,
            const char *message,
            JsonNode   *data)
{
  g_autoptr(JsonNode) response = make_error (id, code, message, data);

  send_node (response);
}

static void
send_notification (const char *method,
                   JsonNode   *params)
{
  g_autoptr(JsonNode) notification = make_notification (method, params);

  send_node (notification);
}

/* Takes ownership of @data. */
static JsonNode *
log_params (const char *level,
            const char *logger,
            JsonNode   *data)
{
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "level", level);
  if (logger != NULL)
    json_object_set_string_member (params, "logger", logger);
  json_object_set_member (params, "data", data);

  return object_node (params);
}

static void
send_progress (JsonNode   *token,
               gint64      progress,
               JsonNode   *total,
               const char *message)
{
  JsonObject *params = json_object_new ();

  json_object_set_member (params, "progressToken", json_node_copy (token));
  json_object_set_int_member (params, "progress", progress);
  if (total != NULL)
    json_object_set_member (params, "total", json_node_copy (total));
  if (message != NULL)
    json_object_set_string_member (params, "message", message);

  send_notification ("notifications/progress", object_node (params));
}

static char *
new_server_request_id (void)
{
  return g_strdup_printf ("srv-%u", next_server_request++);
}

static JsonObject *
content_block (const char *type)
{
  JsonObject *block = json_object_new ();

  json_object_set_string_member (block, "type", type);

  return block;
}

static JsonObject *
text_block (const char *text)
{
  JsonObject *block = content_block ("text");

  json_object_set_string_member (block, "text", text);

  return block;
}

static JsonObject *
binary_block (const char *type,
              const char *bytes,
              gsize       length,
              const char *mime_type)
{
  JsonObject *block = content_block (type);
  g_autofree char *data = g_base64_encode ((const guchar *) bytes, length);

  json_object_set_string_member (block, "data", data);
  json_object_set_string_member (block, "mimeType", mime_type);

  return block;
}

/* Takes ownership of @structured, which may be %NULL. */
JsonNode *
tool_result (const char *text,
             JsonNode   *structured,
             gboolean    is_error)
{
  JsonObject *result = json_object_new ();
  JsonArray *content = json_array_new ();

  json_array_add_object_element (content, text_block (text));
  json_object_set_array_member (result, "content", content);
  if (structured != NULL)
    json_object_set_member (result, "structuredContent", structured);
  if (is_error)
    json_object_set_boolean_member (result, "isError", TRUE);

  return object_node (result);
}

void
answer_text (const ToolCall *call,
             const char     *text)
{
  send_result (call->id, tool_result (text, NULL, FALSE));
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

static const Tool tools[] = {
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
    .name = "log",
    .description = "Sends a log message notification before answering",
    .properties = "{" STRING_ARG ("level") ",\"data\":{}}",
    .required = { "level", "data" },
    .func = tool_log,
  },
};

#define N_TOOLS (G_N_ELEMENTS (tools) + n_fault_tools)

static const Tool *
tool_at (gsize index)
{
  return index < G_N_ELEMENTS (tools) ? &tools[index] : &fault_tools[index - G_N_ELEMENTS (tools)];
}

static JsonNode *
describe_tool (const Tool *tool)
{
  JsonObject *description = json_object_new ();
  JsonObject *schema = json_object_new ();

  json_object_set_string_member (description, "name", tool->name);
  json_object_set_string_member (description, "description", tool->description);

  json_object_set_string_member (schema, "type", "object");
  json_object_set_member (schema, "properties", json_from_string (tool->properties, NULL));
  if (tool->required[0] != NULL)
    {
      JsonArray *required = json_array_new ();

      for (guint i = 0; i < G_N_ELEMENTS (tool->required) && tool->required[i] != NULL; i++)
        json_array_add_string_element (required, tool->required[i]);
      json_object_set_array_member (schema, "required", required);
    }
  json_object_set_object_member (description, "inputSchema", schema);

  if (tool->extra_fields != NULL)
    {
      g_autoptr(JsonNode) extra = json_from_string (tool->extra_fields, NULL);
      JsonObject *extra_object = json_node_get_object (extra);
      g_autoptr(GList) names = json_object_get_members (extra_object);

      for (const GList *l = names; l != NULL; l = l->next)
        json_object_set_member (description, l->data,
                                json_node_copy (json_object_get_member (extra_object, l->data)));
    }

  return object_node (description);
}

static void
handle_initialize (JsonNode   *id,
                   JsonObject *params)
{
  const char *requested = get_string_member (params, "protocolVersion", NULL);
  const char *version = DEFAULT_PROTOCOL_VERSION;
  JsonObject *result;
  JsonObject *server_info;

  if (opt_no_initialize_answer)
    return;

  if (opt_protocol_version != NULL)
    version = opt_protocol_version;
  else if (requested != NULL && g_strv_contains (supported_versions, requested))
    version = requested;

  result = json_object_new ();
  json_object_set_string_member (result, "protocolVersion", version);
  json_object_set_member (result, "capabilities",
                          json_from_string ("{\"tools\":{\"listChanged\":true},\"logging\":{},"
                                            "\"tasks\":{\"requests\":{\"tools\":{\"call\":{}}}}}",
                                            NULL));

  server_info = json_object_new ();
  json_object_set_string_member (server_info, "name", "mcp-test-server");
  json_object_set_string_member (server_info, "version", "1.0.0");
  json_object_set_string_member (server_info, "title", "MCP Test Server");
  json_object_set_object_member (result, "serverInfo", server_info);

  json_object_set_string_member (result, "instructions", "Test server instructions.");

  send_result (id, object_node (result));
}

static void
handle_tools_list (JsonNode   *id,
                   JsonObject *params)
{
  const char *cursor = get_string_member (params, "cursor", NULL);
  guint pages = CLAMP (opt_pages, 1, (int) N_TOOLS);
  guint64 page = 1;
  JsonObject *result;
  JsonArray *list;

  if (cursor != NULL &&
      (!g_str_has_prefix (cursor, "page-") ||
       !g_ascii_string_to_unsigned (cursor + strlen ("page-"), 10, 1, pages, &page, NULL)))
    {
      send_error (id, JSONRPC_INVALID_PARAMS, "Invalid cursor", NULL);
      return;
    }

  list = json_array_new ();
  for (gsize i = (page - 1) * N_TOOLS / pages; i < page * N_TOOLS / pages; i++)
    json_array_add_element (list, describe_tool (tool_at (i)));

  result = json_object_new ();
  json_object_set_array_member (result, "tools", list);
  if (page < pages)
    {
      g_autofree char *next = g_strdup_printf ("page-%" G_GUINT64_FORMAT, page + 1);

      json_object_set_string_member (result, "nextCursor", next);
    }

  send_result (id, object_node (result));
}

static void
handle_tools_call (JsonNode   *id,
                   JsonObject *params)
{
  const char *name = get_string_member (params, "name", NULL);
  g_autoptr(JsonObject) no_arguments = NULL;
  const Tool *tool = NULL;
  ToolCall call;

  if (name == NULL)
    {
      send_error (id, JSONRPC_INVALID_PARAMS, "Missing tool name", NULL);
      return;
    }

  for (guint i = 0; i < N_TOOLS && tool == NULL; i++)
    if (g_str_equal (tool_at (i)->name, name))
      tool = tool_at (i);

  if (tool == NULL)
    {
      g_autofree char *message = g_strdup_printf ("Unknown tool: %s", name);

      send_error (id, JSONRPC_INVALID_PARAMS, message, NULL);
      return;
    }

  call.id = id;
  call.params = params;
  call.args = get_object_member (params, "arguments");
  if (call.args == NULL)
    call.args = no_arguments = json_object_new ();

  for (guint i = 0; i < G_N_ELEMENTS (tool->required) && tool->required[i] != NULL; i++)
    {
      if (!json_object_has_member (call.args, tool->required[i]))
        {
          g_autofree char *message = g_strdup_printf ("Missing argument: %s", tool->required[i]);

          send_error (id, JSONRPC_INVALID_PARAMS, message, NULL);
          return;
        }
    }

  tool->func (&call);
}

static void
handle_request (JsonNode   *id,
                const char *method,
                JsonObject *params)
{
  if (g_str_equal (method, "initialize"))
    handle_initialize (id, params);
  else if (g_str_equal (method, "ping"))
    send_result (id, object_node (json_object_new ()));
  else if (g_str_equal (method, "tools/list"))
    handle_tools_list (id, params);
  else if (g_str_equal (method, "tools/call"))
    handle_tools_call (id, params);
  else
    {
      g_autofree char *message = g_strdup_printf ("Method not found: %s", method);

      send_error (id, JSONRPC_METHOD_NOT_FOUND, message, NULL);
    }
}

static void
handle_notification (const char *method)
{
  if (g_str_equal (method, "notifications/initialized") && opt_exit_on_initialized >= 0)
    {
      write_stderr_line ("bye from server");
      exit (opt_exit_on_initialized);
    }
}

static void
handle_response (JsonNode *message,
                 JsonNode *id)
{
  const char *request_id;
  JsonNode *call_id;

  if (!node_holds (id, G_TYPE_STRING))
    return;

  request_id = json_node_get_string (id);
  call_id = g_hash_table_lookup (pending_server_requests, request_id);
  if (call_id == NULL)
    return;

  send_result (call_id, tool_result ("answered",
                                     object_with_member ("response", json_node_copy (message)),
                                     FALSE));
  g_hash_table_remove (pending_server_requests, request_id);
}

static void
handle_message (JsonNode *message)
{
  JsonObject *object = json_node_get_object (message);
  JsonNode *id = json_object_get_member (object, "id");

  g_ptr_array_add (received_messages, json_node_copy (message));

  if (json_object_has_member (object, "method"))
    {
      const char *method = get_string_member (object, "method", NULL);
      JsonObject *params = get_object_member (object, "params");

      if (method == NULL)
        {
          if (id != NULL)
            send_error (id, JSONRPC_INVALID_REQUEST, "Invalid Request: method is not a string", NULL);
        }
      else if (id != NULL)
        handle_request (id, method, params);
      else
        handle_notification (method);
    }
  else if (id != NULL &&
           (json_object_has_member (object, "result") || json_object_has_member (object, "error")))
    handle_response (message, id);
  else
    send_error (NULL, JSONRPC_INVALID_REQUEST, "Invalid Request", NULL);
}

static void
handle_line (char  *line,
             gsize  length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;
  gsize i;

  for (i = 0; i < length && g_ascii_isspace (line[i]); i++)
    ;
  if (i == length)
    return;

  if (!json_parser_load_from_data (parser, line, length, &error))
    {
      g_autofree char *message = g_strdup_printf ("Parse error: %s", error->message);

      send_error (NULL, JSONRPC_PARSE_ERROR, message, NULL);
      return;
    }

  root = json_parser_get_root (parser);

  if (JSON_NODE_HOLDS_OBJECT (root))
    handle_message (root);
  else if (JSON_NODE_HOLDS_ARRAY (root) && json_array_get_length (json_node_get_array (root)) > 0)
    {
      JsonArray *batch = json_node_get_array (root);

      for (guint j = 0; j < json_array_get_length (batch); j++)
        {
          JsonNode *element = json_array_get_element (batch, j);

          if (JSON_NODE_HOLDS_OBJECT (element))
            handle_message (element);
          else
            send_error (NULL, JSONRPC_INVALID_REQUEST, "Invalid Request", NULL);
        }
    }
  else
    send_error (NULL, JSONRPC_INVALID_REQUEST, "Invalid Request", NULL);
}

static void read_next_line (void);

static void
resume_reading (gpointer user_data G_GNUC_UNUSED)
{
  read_next_line ();
}

static void
on_line_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data G_GNUC_UNUSED)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  gsize length;

  line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source), result, &length, &error);

  if (line == NULL)
    {
      if (error != NULL)
        write_stderr_line (error->message);
      if (!opt_ignore_eof)
        exit (0);
      return;
    }

  if (length > 0 && line[length - 1] == '\r')
    line[--length] = '\0';

  handle_line (line, length);

  /* The client's writes then fill the pipe and wait. */
  if (pause_reading_ms > 0)
    {
      g_timeout_add_once (pause_reading_ms, resume_reading, NULL);
      pause_reading_ms = 0;
      return;
    }

  read_next_line ();
}

static void
read_next_line (void)
{
  g_data_input_stream_read_line_async (input, G_PRIORITY_DEFAULT, NULL, on_line_read, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) stdin_stream = NULL;
  g_autoptr(GMainLoop) loop = NULL;

  note_start_state ();

  context = g_option_context_new ("- scripted MCP server for the mcp-glib tests");
  g_option_context_add_main_entries (context, option_entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      write_stderr_line (error->message);
      return 2;
    }

  /* GLib sends info and debug messages to stdout by default, which would
   * corrupt the protocol stream when tests set G_MESSAGES_DEBUG. */
  g_log_writer_default_set_use_stderr (TRUE);

  if (opt_crash_at_start >= 0)
    {
      write_stderr_line ("cannot start: broken config");
      return opt_crash_at_start;
    }

  if (opt_stderr_at_start != NULL)
    write_stderr_line (opt_stderr_at_start);

  /* A vanished client must show up as a failed write, not kill us. */
  signal (SIGPIPE, SIG_IGN);
  if (opt_ignore_term)
    signal (SIGTERM, SIG_IGN);

  /* As a .NET server's UTF-8 console writer does. */
  if (opt_bom)
    write_stdout ("\xEF\xBB\xBF", 3);

  if (opt_banner)
    {
      static const char banner[] = "Test server starting...\n\n  \n";

      write_stdout (banner, strlen (banner));
    }

  received_messages = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  pending_server_requests = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                   g_free, (GDestroyNotify) json_node_unref);

  stdin_stream = g_unix_input_stream_new (STDIN_FILENO, FALSE);
  input = g_data_input_stream_new (stdin_stream);
  g_data_input_stream_set_newline_type (input, G_DATA_STREAM_NEWLINE_TYPE_LF);
  read_next_line ();

  /* Only ever left through exit(): on stdin EOF or by a scripted tool. */
  loop = g_main_loop_new (NULL, FALSE);
  g_main_loop_run (loop);

  return 0;
}
