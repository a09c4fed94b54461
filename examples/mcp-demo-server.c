/* mcp-demo-server.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* A small Model Context Protocol server, speaking newline-delimited
 * JSON-RPC 2.0 on stdin and stdout, that mcp-glib bundles so clients have
 * something real to talk to. It offers four tools (echo, add, countdown,
 * which reports progress, and log, which sends log notifications) and
 * answers ping and logging/setLevel. Requests are served one at a time, in
 * the order they arrive, which keeps the code short enough to read in one
 * sitting; a production server would want to handle cancellation and
 * concurrent requests.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#define SERVER_NAME "mcp-demo-server"

/* The JSON-RPC error codes double as GError codes, so a method handler can
 * fail with a GError and the code goes straight into the error response.
 */
typedef enum
{
  JSONRPC_ERROR_PARSE_ERROR      = -32700,
  JSONRPC_ERROR_INVALID_REQUEST  = -32600,
  JSONRPC_ERROR_METHOD_NOT_FOUND = -32601,
  JSONRPC_ERROR_INVALID_PARAMS   = -32602,
} JsonrpcError;

#define JSONRPC_ERROR (jsonrpc_error_quark ())
static GQuark jsonrpc_error_quark (void);
G_DEFINE_QUARK (mcp-demo-server-jsonrpc-error-quark, jsonrpc_error)

/* Newest first: the first entry is what we offer when the client asks for
 * a revision we do not know.
 */
static const char * const supported_protocol_versions[] = {
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  NULL
};

/* In increasing order of severity, so that comparing indexes compares
 * levels.
 */
static const char * const log_levels[] = {
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
  NULL
};

typedef struct
{
  /* Index into log_levels of the least severe level the client wants. */
  guint min_log_level;
} DemoServer;

static gboolean
parse_log_level (const char *name,
                 guint      *level)
{
  for (guint i = 0; name != NULL && log_levels[i] != NULL; i++)
    {
      if (g_str_equal (name, log_levels[i]))
        {
          *level = i;
          return TRUE;
        }
    }

  return FALSE;
}

/* json-glib's own getters emit criticals on type mismatches; input from a
 * client is untrusted, so these lookups quietly return NULL instead.
 */
static const char *
lookup_string (JsonObject *object,
               const char *member_name)
{
  JsonNode *node = json_object_get_member (object, member_name);

  if (node == NULL
      || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static JsonObject *
lookup_object (JsonObject *object,
               const char *member_name)
{
  JsonNode *node = json_object_get_member (object, member_name);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  return json_node_get_object (node);
}

/* Output */

static JsonObject *
message_new (void)
{
  JsonObject *message = json_object_new ();

  json_object_set_string_member (message, "jsonrpc", "2.0");

  return message;
}

static void
send_message (JsonObject *message)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), message);
  g_autofree char *text = NULL;

  /* json-glib escapes control characters inside strings, so the compact
   * form is guaranteed to be a single line.
   */
  text = json_to_string (node, FALSE);

  if (fputs (text, stdout) == EOF
      || fputc ('\n', stdout) == EOF
      || fflush (stdout) == EOF)
    {
      /* stdout is our only way to reach the client: without it there is
       * nothing useful left to do.
       */
      g_printerr (SERVER_NAME ": cannot write to stdout: %s\n",
                  g_strerror (errno));
      exit (EXIT_FAILURE);
    }
}

static void
send_result (JsonNode   *id,
             JsonObject *result)
{
  g_autoptr(JsonObject) message = message_new ();

  json_object_set_member (message, "id", json_node_copy (id));
  json_object_set_object_member (message, "result", json_object_ref (result));
  send_message (message);
}

/* @id is NULL when the request's id could not be determined, which JSON-RPC
 * answers with "id": null.
 */
static void
send_error (JsonNode   *id,
            int         code,
            const char *error_message)
{
  g_autoptr(JsonObject) message = message_new ();
  JsonObject *error = json_object_new ();

  if (id != NULL)
    json_object_set_member (message, "id", json_node_copy (id));
  else
    json_object_set_null_member (message, "id");

  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", error_message);
  json_object_set_object_member (message, "error", error);
  send_message (message);
}

static void
send_notification (const char *method,
                   JsonObject *params)
{
  g_autoptr(JsonObject) message = message_new ();

  json_object_set_string_member (message, "method", method);
  json_object_set_object_member (message, "params", json_object_ref (params));
  send_message (message);
}

/* Tools */

static JsonObject *
tool_result_new (const char *text,
                 gboolean    is_error)
{
  JsonObject *result = json_object_new ();
  JsonArray *content = json_array_new ();
  JsonObject *block = json_object_new ();

  json_object_set_string_member (block, "type", "text");
  json_object_set_string_member (block, "text", text);
  json_array_add_object_element (content, block);
  json_object_set_array_member (result, "content", content);

  if (is_error)
    json_object_set_boolean_member (result, "isError", TRUE);

  return result;
}

/* The argument getters tell "missing" apart from "wrong type", because the
 * message ends up in front of whoever (or whatever model) called the tool,
 * and it should be enough to fix the call.
 */
static const char *
get_string_argument (JsonObject  *arguments,
                     const char  *name,
                     const char  *default_value,
                     GError     **error)
{
  const char *value;

  if (!json_object_has_member (arguments, name))
    {
      if (default_value == NULL)
        g_set_error (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                     "Missing required argument '%s'", name);
      return default_value;
    }

  value = lookup_string (arguments, name);
  if (value == NULL)
    g_set_error (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                 "Argument '%s' must be a string", name);

  return value;
}

static gboolean
get_number_argument (JsonObject  *arguments,
                     const char  *name,
                     double      *value,
                     GError     **error)
{
  JsonNode *node = json_object_get_member (arguments, name);
  GType type;

  if (node == NULL)
    {
      g_set_error (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                   "Missing required argument '%s'", name);
      return FALSE;
    }

  /* json-glib stores 3 as an integer and 3.5 as a double; JSON Schema's
   * "number" covers both.
   */
  type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node)
                                      : G_TYPE_INVALID;
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    {
      g_set_error (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                   "Argument '%s' must be a number", name);
      return FALSE;
    }

  *value = json_node_get_double (node);

  return TRUE;
}

static gboolean
get_integer_argument (JsonObject  *arguments,
                      const char  *name,
                      gint64       default_value,
                      gint64      *value,
                      GError     **error)
{
  JsonNode *node = json_object_get_member (arguments, name);

  if (node == NULL)
    {
      *value = default_value;
      return TRUE;
    }

  if (!JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_set_error (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                   "Argument '%s' must be an integer", name);
      return FALSE;
    }

  *value = json_node_get_int (node);

  return TRUE;
}

/* A tool returns its CallToolResult, or fails with a GError that
 * tools/call turns into a result with isError set. @progress_token is
 * NULL unless the client asked for progress notifications.
 */
typedef JsonObject *(*ToolFunc) (DemoServer  *self,
                                 JsonObject  *arguments,
                                 JsonNode    *progress_token,
                                 GError     **error);

static JsonObject *
tool_echo (DemoServer  *self G_GNUC_UNUSED,
           JsonObject  *arguments,
           JsonNode    *progress_token G_GNUC_UNUSED,
           GError     **error)
{
  const char *text = get_string_argument (arguments, "text", NULL, error);

  if (text == NULL)
    return NULL;

  return tool_result_new (text, FALSE);
}

static JsonObject *
tool_add (DemoServer  *self G_GNUC_UNUSED,
          JsonObject  *arguments,
          JsonNode    *progress_token G_GNUC_UNUSED,
          GError     **error)
{
  g_autofree char *text = NULL;
  JsonObject *result;
  JsonObject *structured;
  double a, b, sum;

  if (!get_number_argument (arguments, "a", &a, error)
      || !get_number_argument (arguments, "b", &b, error))
    return NULL;

  sum = a + b;
  text = g_strdup_printf ("%g + %g = %g", a, b, sum);
  result = tool_result_new (text, FALSE);

  /* Must match the outputSchema advertised in tools/list. */
  structured = json_object_new ();
  json_object_set_double_member (structured, "sum", sum);
  json_object_set_object_member (result, "structuredContent", structured);

  return result;
}

static JsonObject *
tool_countdown (DemoServer  *self G_GNUC_UNUSED,
                JsonObject  *arguments,
                JsonNode    *progress_token,
                GError     **error)
{
  gint64 from;

  if (!get_integer_argument (arguments, "from", 3, &from, error))
    return NULL;

  if (from < 1 || from > 10)
    {
      g_set_error (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                   "Argument 'from' must be between 1 and 10, got %" G_GINT64_FORMAT,
                   from);
      return NULL;
    }

  for (gint64 i = 1; i <= from; i++)
    {
      /* Stands in for real work, so that clients can watch the progress
       * notifications arrive before the result does.
       */
      g_usleep (100 * G_TIME_SPAN_MILLISECOND);

      if (progress_token != NULL)
        {
          g_autoptr(JsonObject) params = json_object_new ();
          g_autofree char *message = NULL;

          message = g_strdup_printf ("%" G_GINT64_FORMAT " left", from - i);
          json_object_set_member (params, "progressToken",
                                  json_node_copy (progress_token));
          json_object_set_int_member (params, "progress", i);
          json_object_set_int_member (params, "total", from);
          json_object_set_string_member (params, "message", message);
          send_notification ("notifications/progress", params);
        }
    }

  return tool_result_new ("Liftoff!", FALSE);
}

static JsonObject *
tool_log (DemoServer  *self,
          JsonObject  *arguments,
          JsonNode    *progress_token G_GNUC_UNUSED,
          GError     **error)
{
  const char *message;
  const char *level_name;
  guint level;

  message = get_string_argument (arguments, "message", NULL, error);
  if (message == NULL)
    return NULL;

  level_name = get_string_argument (arguments, "level", "info", error);
  if (level_name == NULL)
    return NULL;

  if (!parse_log_level (level_name, &level))
    {
      g_autofree char *known = g_strjoinv (", ", (char **) log_levels);

      g_set_error (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                   "Unknown log level '%s', expected one of: %s",
                   level_name, known);
      return NULL;
    }

  if (level >= self->min_log_level)
    {
      g_autoptr(JsonObject) params = json_object_new ();

      json_object_set_string_member (params, "level", log_levels[level]);
      json_object_set_string_member (params, "logger", SERVER_NAME);
      json_object_set_string_member (params, "data", message);
      send_notification ("notifications/message", params);
    }

  /* The call succeeded even when the message was filtered out: the client
   * asked not to see it, and that is not the caller's problem.
   */
  return tool_result_new ("logged", FALSE);
}

typedef struct
{
  const char *name;
  const char *title;
  const char *description;
  /* JSON Schemas, kept as JSON text because that is far easier to read
   * and review than the equivalent JsonBuilder calls.
   */
  const char *input_schema;
  const char *output_schema;
  ToolFunc    func;
} DemoTool;

static const DemoTool tools[] = {
  {
    "echo",
    "Echo",
    "Returns the given text unchanged.",
    "{"
      "\"type\": \"object\","
      "\"properties\": {"
        "\"text\": {\"type\": \"string\", \"description\": \"The text to send back\"}"
      "},"
      "\"required\": [\"text\"]"
    "}",
    NULL,
    tool_echo,
  },
  {
    "add",
    "Add",
    "Adds two numbers.",
    "{"
      "\"type\": \"object\","
      "\"properties\": {"
        "\"a\": {\"type\": \"number\", \"description\": \"The first addend\"},"
        "\"b\": {\"type\": \"number\", \"description\": \"The second addend\"}"
      "},"
      "\"required\": [\"a\", \"b\"]"
    "}",
    "{"
      "\"type\": \"object\","
      "\"properties\": {"
        "\"sum\": {\"type\": \"number\", \"description\": \"a + b\"}"
      "},"
      "\"required\": [\"sum\"]"
    "}",
    tool_add,
  },
  {
    "countdown",
    "Countdown",
    "Counts down to liftoff, one step every 100 ms, reporting progress "
    "when the request carries a progress token.",
    "{"
      "\"type\": \"object\","
      "\"properties\": {"
        "\"from\": {"
          "\"type\": \"integer\","
          "\"minimum\": 1,"
          "\"maximum\": 10,"
          "\"default\": 3,"
          "\"description\": \"Where to count down from\""
        "}"
      "},"
      "\"required\": []"
    "}",
    NULL,
    tool_countdown,
  },
  {
    "log",
    "Log",
    "Sends a log message notification to the client, subject to the level "
    "set with logging/setLevel.",
    "{"
      "\"type\": \"object\","
      "\"properties\": {"
        "\"message\": {\"type\": \"string\", \"description\": \"The message to log\"},"
        "\"level\": {"
          "\"type\": \"string\","
          "\"enum\": [\"debug\", \"info\", \"notice\", \"warning\","
                    "\"error\", \"critical\", \"alert\", \"emergency\"],"
          "\"default\": \"info\","
          "\"description\": \"The severity of the message\""
        "}"
      "},"
      "\"required\": [\"message\"]"
    "}",
    NULL,
    tool_log,
  },
};

static const DemoTool *
find_tool (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      if (g_str_equal (tools[i].name, name))
        return &tools[i];
    }

  return NULL;
}

static JsonNode *
parse_schema (const DemoTool *tool,
              const char     *schema)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (schema, &error);

  /* The schemas are compiled in, so a broken one is a bug in this file. */
  if (node == NULL)
    g_error ("Invalid schema for tool %s: %s", tool->name, error->message);

  return node;
}

/* Methods */

/* A method handler returns the "result" object, or fails with a
 * JSONRPC_ERROR. @params is never NULL.
 */
typedef JsonObject *(*MethodHandler) (DemoServer  *self,
                                      JsonObject  *params,
                                      GError     **error);

static JsonObject *
handle_initialize (DemoServer  *self G_GNUC_UNUSED,
                   JsonObject  *params,
                   GError     **error G_GNUC_UNUSED)
{
  const char *requested = lookup_string (params, "protocolVersion");
  JsonObject *result = json_object_new ();
  JsonObject *capabilities = json_object_new ();
  JsonObject *server_info = json_object_new ();

  /* Agreeing to an older revision is fine: nothing this server does
   * differs between them.
   */
  if (requested != NULL
      && g_strv_contains (supported_protocol_versions, requested))
    json_object_set_string_member (result, "protocolVersion", requested);
  else
    json_object_set_string_member (result, "protocolVersion",
                                   supported_protocol_versions[0]);

  json_object_set_object_member (capabilities, "tools", json_object_new ());
  json_object_set_object_member (capabilities, "logging", json_object_new ());
  json_object_set_object_member (result, "capabilities", capabilities);

  json_object_set_string_member (server_info, "name", SERVER_NAME);
  json_object_set_string_member (server_info, "title", "mcp-glib demo server");
  json_object_set_string_member (server_info, "version", "1.0.0");
  json_object_set_object_member (result, "serverInfo", server_info);

  json_object_set_string_member (result, "instructions",
                                 "A demo server with a few tools: echo, add, "
                                 "countdown and log.");

  return result;
}

static JsonObject *
handle_ping (DemoServer  *self G_GNUC_UNUSED,
             JsonObject  *params G_GNUC_UNUSED,
             GError     **error G_GNUC_UNUSED)
{
  return json_object_new ();
}

static JsonObject *
handle_logging_set_level (DemoServer  *self,
                          JsonObject  *params,
                          GError     **error)
{
  const char *level_name = lookup_string (params, "level");

  if (!parse_log_level (level_name, &self->min_log_level))
    {
      g_set_error (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                   "Invalid log level: %s",
                   level_name != NULL ? level_name : "(missing)");
      return NULL;
    }

  return json_object_new ();
}

static JsonObject *
handle_tools_list (DemoServer  *self G_GNUC_UNUSED,
                   JsonObject  *params G_GNUC_UNUSED,
                   GError     **error G_GNUC_UNUSED)
{
  JsonObject *result = json_object_new ();
  JsonArray *list = json_array_new ();

  /* The list is short enough to never need pagination, so the cursor
   * parameter is ignored and no nextCursor is returned.
   */
  for (gsize i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      const DemoTool *tool = &tools[i];
      JsonObject *entry = json_object_new ();

      json_object_set_string_member (entry, "name", tool->name);
      json_object_set_string_member (entry, "title", tool->title);
      json_object_set_string_member (entry, "description", tool->description);
      json_object_set_member (entry, "inputSchema",
                              parse_schema (tool, tool->input_schema));
      if (tool->output_schema != NULL)
        json_object_set_member (entry, "outputSchema",
                                parse_schema (tool, tool->output_schema));

      json_array_add_object_element (list, entry);
    }

  json_object_set_array_member (result, "tools", list);

  return result;
}

static JsonObject *
handle_tools_call (DemoServer  *self,
                   JsonObject  *params,
                   GError     **error)
{
  g_autoptr(JsonObject) arguments = NULL;
  g_autoptr(GError) tool_error = NULL;
  const DemoTool *tool;
  const char *name;
  JsonNode *arguments_node;
  JsonObject *meta;
  JsonNode *progress_token = NULL;
  JsonObject *result;

  name = lookup_string (params, "name");
  if (name == NULL)
    {
      g_set_error_literal (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                           "Missing tool name");
      return NULL;
    }

  tool = find_tool (name);
  if (tool == NULL)
    {
      g_set_error (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                   "Unknown tool: %s", name);
      return NULL;
    }

  arguments_node = json_object_get_member (params, "arguments");
  if (arguments_node == NULL)
    arguments = json_object_new ();
  else if (JSON_NODE_HOLDS_OBJECT (arguments_node))
    arguments = json_object_ref (json_node_get_object (arguments_node));
  else
    {
      g_set_error_literal (error, JSONRPC_ERROR, JSONRPC_ERROR_INVALID_PARAMS,
                           "Tool arguments must be an object");
      return NULL;
    }

  meta = lookup_object (params, "_meta");
  if (meta != NULL)
    {
      progress_token = json_object_get_member (meta, "progressToken");
      if (progress_token != NULL && !JSON_NODE_HOLDS_VALUE (progress_token))
        progress_token = NULL;
    }

  result = tool->func (self, arguments, progress_token, &tool_error);

  /* Bad arguments are reported inside a successful response rather than
   * as a JSON-RPC error, so that a model calling the tool gets to read
   * what went wrong and can try again.
   */
  if (result == NULL)
    return tool_result_new (tool_error->message, TRUE);

  return result;
}

static const struct
{
  const char    *method;
  MethodHandler  handler;
} methods[] = {
  { "initialize", handle_initialize },
  { "ping", handle_ping },
  { "logging/setLevel", handle_logging_set_level },
  { "tools/list", handle_tools_list },
  { "tools/call", handle_tools_call },
};

static MethodHandler
find_method_handler (const char *method)
{
  for (gsize i = 0; i < G_N_ELEMENTS (methods); i++)
    {
      if (g_str_equal (methods[i].method, method))
        return methods[i].handler;
    }

  return NULL;
}

/* Input */

static void
handle_request (DemoServer *self,
                JsonNode   *id,
                const char *method,
                JsonObject *params)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  MethodHandler handler;

  handler = find_method_handler (method);
  if (handler == NULL)
    {
      g_autofree char *message = g_strdup_printf ("Method not found: %s", method);

      send_error (id, JSONRPC_ERROR_METHOD_NOT_FOUND, message);
      return;
    }

  result = handler (self, params, &error);
  if (result == NULL)
    send_error (id, error->code, error->message);
  else
    send_result (id, result);
}

static void
handle_message (DemoServer *self,
                JsonObject *message)
{
  g_autoptr(JsonObject) params = NULL;
  JsonNode *id = json_object_get_member (message, "id");
  JsonNode *params_node;
  const char *method;

  method = lookup_string (message, "method");
  if (method == NULL)
    {
      /* This server never sends requests, so a response cannot belong to
       * anything and is dropped.
       */
      if (json_object_has_member (message, "result")
          || json_object_has_member (message, "error"))
        return;

      send_error (id, JSONRPC_ERROR_INVALID_REQUEST,
                  "Invalid request: missing method");
      return;
    }

  if (g_strcmp0 (lookup_string (message, "jsonrpc"), "2.0") != 0)
    {
      send_error (id, JSONRPC_ERROR_INVALID_REQUEST,
                  "Invalid request: jsonrpc must be \"2.0\"");
      return;
    }

  /* Notifications never get an answer, not even an error; the ones a
   * client sends (initialized, cancelled, roots changed...) need no action
   * from a server that handles one request at a time.
   */
  if (id == NULL)
    {
      g_debug ("Ignoring notification %s", method);
      return;
    }

  params_node = json_object_get_member (message, "params");
  if (params_node == NULL)
    params = json_object_new ();
  else if (JSON_NODE_HOLDS_OBJECT (params_node))
    params = json_object_ref (json_node_get_object (params_node));
  else
    {
      send_error (id, JSONRPC_ERROR_INVALID_PARAMS, "params must be an object");
      return;
    }

  handle_request (self, id, method, params);
}

static void
handle_line (DemoServer *self,
             const char *line,
             gsize       length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  if (!json_parser_load_from_data (parser, line, length, &error))
    {
      g_autofree char *message = NULL;

      message = g_strdup_printf ("Invalid JSON: %s", error->message);

      send_error (NULL, JSONRPC_ERROR_PARSE_ERROR, message);
      return;
    }

  /* A blank line parses to nothing; it carries no message to answer. */
  root = json_parser_get_root (parser);
  if (root == NULL)
    return;

  /* Batches were removed from MCP in 2025-06-18, so arrays are invalid too. */
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      send_error (NULL, JSONRPC_ERROR_INVALID_REQUEST,
                  "Invalid request: expected a JSON object");
      return;
    }

  handle_message (self, json_node_get_object (root));
}

int
main (void)
{
  g_autoptr(GIOChannel) input = NULL;
  g_autoptr(GError) error = NULL;
  /* Until the client calls logging/setLevel, every level gets through. */
  DemoServer server = { .min_log_level = 0 };
  GIOStatus status;

  g_set_prgname (SERVER_NAME);

  /* stdout belongs to the protocol; GLib would otherwise print debug and
   * info messages there.
   */
  g_log_writer_default_set_use_stderr (TRUE);

  input = g_io_channel_unix_new (STDIN_FILENO);

  /* Read raw bytes: invalid UTF-8 should become a parse error for that one
   * line, not a read error that ends the session.
   */
  g_io_channel_set_encoding (input, NULL, NULL);

  g_printerr (SERVER_NAME ": ready\n");

  for (;;)
    {
      g_autofree char *line = NULL;
      gsize length;

      status = g_io_channel_read_line (input, &line, &length, NULL, &error);
      if (status != G_IO_STATUS_NORMAL)
        break;

      handle_line (&server, line, length);
    }

  if (status == G_IO_STATUS_ERROR)
    {
      g_printerr (SERVER_NAME ": cannot read from stdin: %s\n", error->message);
      return EXIT_FAILURE;
    }

  return EXIT_SUCCESS;
}
