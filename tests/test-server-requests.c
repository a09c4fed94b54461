/* test-server-requests.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Requests the scripted server mcp-test-server sends to McpClient:
 * routed by method to handlers of the detailed server-request signal,
 * answered at once, later or with an error, answered for the handler that
 * took a request and dropped it, refused when nobody handles them; and the
 * typed accessors of elicitation and sampling requests.
 */

#include <string.h>

#include "mcp-test-scripted.h"

typedef struct
{
  guint             count;
  char             *id;
  char             *method;
  JsonNode         *params;
  McpServerRequest *kept;
} RequestLog;

static void
request_log_clear (RequestLog *log)
{
  g_clear_pointer (&log->id, g_free);
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
  g_free (log->id);
  log->id = json_to_string (mcp_server_request_get_id (request), FALSE);
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

/* A GError as the answer: one of MCP_ERROR keeps its code, any other
 * becomes an internal error with its message. */
static gboolean
return_error_cb (McpClient        *client,
                 McpServerRequest *request,
                 RequestLog       *log)
{
  g_autoptr(GError) error = NULL;

  request_log_add (log, request);
  if (log->count == 1)
    error = g_error_new_literal (MCP_ERROR, MCP_ERROR_INVALID_PARAMS, "Bad parameters");
  else
    error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, "Not allowed");
  mcp_server_request_return_error (request, error);
  g_assert_true (mcp_server_request_is_answered (request));

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
  RequestLog failing = { 0, };
  g_autofree char *response_id = NULL;
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
  g_signal_connect (server->client, "server-request::test/fail",
                    G_CALLBACK (return_error_cb), &failing);

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
  /* The handler saw the id the server gave the request. */
  response_id = json_to_string (mcp_test_lookup (response, "id"), FALSE);
  g_assert_cmpstr (sampling.id, ==, response_id);
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

  /* Answered with a GError. */
  response = server_request (server, "test/fail", NULL);
  g_assert_false (json_object_has_member (response, "result"));
  g_assert_cmpint (mcp_test_lookup_int_or_fail (response, "error.code"), ==,
                   MCP_ERROR_INVALID_PARAMS);
  g_assert_cmpstr (mcp_test_lookup_string (response, "error.message"), ==, "Bad parameters");
  g_clear_pointer (&response, json_object_unref);
  response = server_request (server, "test/fail", NULL);
  g_assert_cmpint (mcp_test_lookup_int_or_fail (response, "error.code"), ==,
                   MCP_ERROR_INTERNAL_ERROR);
  g_assert_cmpstr (mcp_test_lookup_string (response, "error.message"), ==, "Not allowed");
  g_assert_cmpuint (failing.count, ==, 2);
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
  request_log_clear (&failing);
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

static gboolean
keep_cb (McpClient        *client,
         McpServerRequest *request,
         RequestLog       *log)
{
  request_log_add (log, request);
  g_clear_object (&log->kept);
  log->kept = g_object_ref (request);

  return TRUE;
}

static gboolean
request_kept (gpointer data)
{
  return ((RequestLog *) data)->kept != NULL;
}

static gboolean
kept_request_cancelled (gpointer data)
{
  RequestLog *log = data;

  return log->kept != NULL &&
         g_cancellable_is_cancelled (mcp_server_request_get_cancellable (log->kept));
}

typedef struct
{
  Server *server;
  gint64  id;
} AnswerOf;

static gboolean
server_has_answer (gpointer data)
{
  AnswerOf *wanted = data;
  g_autoptr(JsonArray) messages = get_received (wanted->server);

  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonObject *message = message_at (messages, i);
      JsonNode *id = json_object_get_member (message, "id");

      if (id != NULL && JSON_NODE_HOLDS_VALUE (id) &&
          json_node_get_value_type (id) == G_TYPE_INT64 &&
          json_node_get_int (id) == wanted->id && json_object_has_member (message, "result"))
        return TRUE;
    }

  return FALSE;
}

/* A server's request with the id 0 is a request like any other: answered
 * with that id, and withdrawn by a notifications/cancelled that names it
 * (some SDKs took 0 for no id). */
static void
test_server_request_id_zero (void)
{
  g_autoptr(JsonNode) empty = json_from_string ("{}", NULL);
  g_autofree char *text = NULL;
  RequestLog log = { 0, };
  AnswerOf wanted;
  JsonNode *id;
  Server *server;

  server = server_start (NULL);
  g_signal_connect (server->client, "server-request::test/keep", G_CALLBACK (keep_cb), &log);

  text = call_tool_text (server, "request-zero", "{\"method\":\"test/keep\"}");
  g_assert_cmpstr (text, ==, "sent");
  g_assert_true (mcp_test_wait_until (request_kept, &log, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  id = mcp_server_request_get_id (log.kept);
  g_assert_true (JSON_NODE_HOLDS_VALUE (id));
  g_assert_cmpint (json_node_get_int (id), ==, 0);
  mcp_server_request_reply (log.kept, empty);
  wanted = (AnswerOf) { server, 0 };
  g_assert_true (mcp_test_wait_until (server_has_answer, &wanted,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  g_clear_object (&log.kept);

  /* Withdrawn: the request's cancellable tells the application. */
  g_clear_pointer (&text, g_free);
  text = call_tool_text (server, "request-zero", "{\"method\":\"test/keep\",\"cancel\":true}");
  g_assert_cmpstr (text, ==, "sent");
  g_assert_true (mcp_test_wait_until (kept_request_cancelled, &log,
                                      MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000));
  g_assert_cmpuint (log.count, ==, 2);

  request_log_clear (&log);
  server_close (server);
}

int
main (int   argc,
      char *argv[])
{
  scripted_test_init (&argc, &argv);

  g_test_add_func ("/Mcp/Client/server-request", test_server_request);
  g_test_add_func ("/Mcp/Client/server-request-id-zero", test_server_request_id_zero);
  g_test_add_func ("/Mcp/Client/server-request-accessors", test_server_request_accessors);

  return scripted_test_run ();
}
