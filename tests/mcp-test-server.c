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
 * stray child processes.  This file is the program: the command-line
 * options, which script misbehaviour around start-up and shutdown, the
 * reading of stdin, and the answers to each kind of message (initialize,
 * ping, tools/list, tools/call, the client's answers to our requests).
 * The tools are in mcp-test-server-tools.c, those that misbehave as a
 * process or in the framing of their output in mcp-test-server-faults.c,
 * and the JSON it reads and writes in mcp-test-server-json.c.  Every
 * message the client sends is recorded so that tests can check what went
 * over the wire with the "received" tool.
 */

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

static const char * const supported_versions[] = {
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  NULL
};

static char *opt_protocol_version;
static int opt_pages = 1;
static gboolean opt_endless_pages = FALSE;
static char *opt_fail_tools_list = NULL;
static guint tools_lists = 0;
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
  { "fail-tools-list", 0, 0, G_OPTION_ARG_STRING, &opt_fail_tools_list,
    "Answer these tools/list requests (counted from 1) with an error", "N1,N2" },
  { "endless-pages", 0, 0, G_OPTION_ARG_NONE, &opt_endless_pages,
    "Answer each page of tools/list with one tool and a fresh cursor, for ever", NULL },
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

GPtrArray *received_messages;
/* "srv-N" → id of the tools/call waiting for the client's answer */
GHashTable *pending_server_requests;
static GDataInputStream *input;
guint pause_reading_ms;

#define N_TOOLS (n_tools + n_fault_tools)

static const Tool *
tool_at (gsize index)
{
  return index < n_tools ? &tools[index] : &fault_tools[index - n_tools];
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
  /* Tools run as tasks need the list first (to know which do): not with
   * a list that never ends, which the tests' own tool calls would wait on. */
  if (opt_endless_pages)
    json_object_set_member (result, "capabilities",
                            json_from_string ("{\"tools\":{\"listChanged\":true},\"logging\":{}}",
                                              NULL));
  else
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

  tools_lists++;
  if (opt_fail_tools_list != NULL)
    {
      g_auto(GStrv) failing = g_strsplit (opt_fail_tools_list, ",", -1);
      g_autofree char *number = g_strdup_printf ("%u", tools_lists);

      if (g_strv_contains ((const char * const *) failing, number))
        {
          send_error (id, JSONRPC_INTERNAL_ERROR, "tools/list failed, as asked", NULL);
          return;
        }
    }

  if (opt_endless_pages)
    pages = G_MAXUINT;

  if (cursor != NULL &&
      (!g_str_has_prefix (cursor, "page-") ||
       !g_ascii_string_to_unsigned (cursor + strlen ("page-"), 10, 1, pages, &page, NULL)))
    {
      send_error (id, JSONRPC_INVALID_PARAMS, "Invalid cursor", NULL);
      return;
    }

  list = json_array_new ();
  if (opt_endless_pages)
    json_array_add_element (list, describe_tool (tool_at ((page - 1) % N_TOOLS)));
  else
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
  else if (g_str_equal (method, "tasks/get") || g_str_equal (method, "tasks/cancel"))
    handle_task_request (id, method, params);
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
