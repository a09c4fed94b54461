/* mcp-test-server-json.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The scripted test server's JSON: reading members of what the client
 * sent, building JSON-RPC responses, errors, notifications, requests and
 * tool results, and writing them to stdout, one line each, also when the
 * client hands over a non-blocking pipe or stops reading.
 */

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include <json-glib/json-glib.h>

#include "mcp-test-server.h"

gboolean stdout_usable = TRUE;

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

char *
node_to_line (JsonNode *node)
{
  g_autofree char *text = node_to_string (node);

  return g_strconcat (text, "\n", NULL);
}

void
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

JsonNode *
array_node (JsonArray *array)
{
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_node_take_array (node, array);

  return node;
}

JsonNode *
string_node (const char *value)
{
  return json_node_init_string (json_node_alloc (), value);
}

JsonNode *
object_with_member (const char *name,
                    JsonNode   *value)
{
  JsonObject *object = json_object_new ();

  json_object_set_member (object, name, value);

  return object_node (object);
}

gboolean
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

JsonObject *
get_object_member (JsonObject *object,
                   const char *name)
{
  JsonNode *node;

  if (object == NULL)
    return NULL;

  node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

double
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
JsonNode *
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
JsonNode *
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
JsonNode *
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

void
send_notification (const char *method,
                   JsonNode   *params)
{
  g_autoptr(JsonNode) notification = make_notification (method, params);

  send_node (notification);
}

/* Takes ownership of @data. */
JsonNode *
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

void
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

JsonObject *
content_block (const char *type)
{
  JsonObject *block = json_object_new ();

  json_object_set_string_member (block, "type", type);

  return block;
}

JsonObject *
text_block (const char *text)
{
  JsonObject *block = content_block ("text");

  json_object_set_string_member (block, "text", text);

  return block;
}

JsonObject *
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
