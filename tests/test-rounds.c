/* test-rounds.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Multi round-trip requests of the stateless revision, against the
 * scripted mcp-stateless-test-server.py over stdio. Its "rounds" tool,
 * prompt and resource answer input_required as many times as the script in
 * their arguments says, with the input requests and request state each
 * round gives, then return what every round carried. The tests check that
 * the client hands input requests to the application (or answers roots
 * itself), sends the request again with a new id, the answers and the state
 * exactly as given and nothing else, within a bound; and what happens when
 * the call is cancelled, the connection ends, or nobody answers, while the
 * application is still answering.
 */

#include <string.h>

#include "mcp-stateless-test-util.h"

/* Input requests of a script, in JSON written with ' for ". */
#define ELICIT(message) \
  "{'method':'elicitation/create','params':{'mode':'form','message':'" message "'," \
  "'requestedSchema':{'type':'object','properties':{'login':{'type':'string'}}}}}"
#define SAMPLE \
  "{'method':'sampling/createMessage','params':{'messages':[{'role':'user'," \
  "'content':{'type':'text','text':'The capital of France?'}}],'maxTokens':100}}"
#define ROOTS "{'method':'roots/list'}"

#define ALL_FEATURES (MCP_CLIENT_FEATURES_ROOTS | MCP_CLIENT_FEATURES_SAMPLING | \
                      MCP_CLIENT_FEATURES_ELICITATION_FORM)

/* ------------------------------------------------------------------------
 * The application's side: a handler of ::server-request
 * ------------------------------------------------------------------------ */

typedef struct
{
  GPtrArray *methods;   /* of each request the handler got */
  GPtrArray *kept;      /* requests kept to be answered later */
  gboolean   later;     /* keep the requests instead of answering them */
  int        error_code;
} Handler;

/* An elicitation is accepted with its own message as the login, so that
 * each answer says which request it is for. */
static void
answer (McpServerRequest *request)
{
  const char *method = mcp_server_request_get_method (request);

  if (g_str_equal (method, "elicitation/create"))
    {
      g_autoptr(JsonObject) content = json_object_new ();

      json_object_set_string_member (content, "login", mcp_server_request_get_message (request));
      mcp_server_request_reply_elicitation (request, MCP_ELICITATION_ACTION_ACCEPT, content);
    }
  else if (g_str_equal (method, "sampling/createMessage"))
    {
      g_autoptr(McpContent) text = mcp_content_new_text ("Paris");

      mcp_server_request_reply_sampling (request, "test-model", text, "endTurn");
    }
  else
    g_assert_not_reached ();
}

static gboolean
on_server_request (McpClient        *client,
                   McpServerRequest *request,
                   Handler          *handler)
{
  g_ptr_array_add (handler->methods, g_strdup (mcp_server_request_get_method (request)));

  if (handler->error_code != 0)
    mcp_server_request_reply_error (request, handler->error_code, "The user is away");
  else if (handler->later)
    g_ptr_array_add (handler->kept, g_object_ref (request));
  else
    answer (request);

  return TRUE;
}

static Handler *
handler_new (Peer *peer)
{
  Handler *handler = g_new0 (Handler, 1);

  handler->methods = g_ptr_array_new_with_free_func (g_free);
  handler->kept = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect (peer->client, "server-request", G_CALLBACK (on_server_request), handler);

  return handler;
}

static void
handler_free (Handler *handler)
{
  g_ptr_array_unref (handler->methods);
  g_ptr_array_unref (handler->kept);
  g_free (handler);
}

static gboolean
has_kept (gpointer data)
{
  Handler *handler = data;

  return handler->kept->len > 0;
}

static gboolean
has_two_kept (gpointer data)
{
  Handler *handler = data;

  return handler->kept->len >= 2;
}

static gboolean
is_filled (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

/* Starts the server and connects a client that declares @features, with a
 * handler. */
static Peer *
start (McpClientFeatures   features,
       Handler           **handler)
{
  Peer *peer = peer_new ("--era", "stateless", NULL);

  mcp_client_set_features (peer->client, features);
  if (handler != NULL)
    *handler = handler_new (peer);
  peer_connect_or_fail (peer);

  return peer;
}

static gboolean
model_has_items (gpointer data)
{
  return g_list_model_get_n_items (data) > 0;
}

static gboolean
subscription_ended (gpointer data)
{
  return !mcp_subscription_get_active (data);
}

/* ------------------------------------------------------------------------
 * Calling the scripted tool
 * ------------------------------------------------------------------------ */

/* JSON written with ' for ", for readability. */
static JsonNode *
parse_quoted (const char *text)
{
  g_autofree char *json = g_strdelimit (g_strdup (text), "'", '"');
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (json, &error);

  g_assert_no_error (error);

  return node;
}

static JsonObject *
rounds_arguments (const char *key,
                  const char *script)
{
  JsonObject *arguments = json_object_new ();

  json_object_set_string_member (arguments, "key", key);
  json_object_set_member (arguments, "script", parse_quoted (script));

  return arguments;
}

static void
call_rounds_async (Peer                *peer,
                   const char          *key,
                   const char          *script,
                   GCancellable        *cancellable,
                   GAsyncReadyCallback  callback,
                   gpointer             user_data)
{
  g_autoptr(JsonObject) arguments = rounds_arguments (key, script);

  mcp_client_call_tool_async (peer->client, "rounds", arguments, NULL, cancellable, callback,
                              user_data);
}

/* What each round of a completed call carried (the first is {}). */
static JsonArray *
rounds_of (McpToolResult *result)
{
  JsonNode *structured;
  JsonArray *rounds;

  g_assert_nonnull (result);
  g_assert_false (mcp_tool_result_get_is_error (result));
  structured = mcp_tool_result_get_structured_content (result);
  g_assert_nonnull (structured);
  rounds = json_object_get_array_member (json_node_get_object (structured), "rounds");
  g_assert_nonnull (rounds);

  return json_array_ref (rounds);
}

static McpToolResult *
call_rounds (Peer        *peer,
             const char  *key,
             const char  *script,
             GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  call_rounds_async (peer, key, script, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the rounds tool");

  return mcp_client_call_tool_finish (peer->client, result, error);
}

/* Calls the rounds tool, which must succeed, and returns the rounds. */
static JsonArray *
call_rounds_ok (Peer       *peer,
                const char *key,
                const char *script)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = call_rounds (peer, key, script, &error);

  g_assert_no_error (error);

  return rounds_of (result);
}

static void
assert_round (JsonArray  *rounds,
              guint       index,
              const char *expected)
{
  g_autoptr(JsonNode) wanted = parse_quoted (expected);
  g_autofree char *wanted_json = json_to_string (wanted, FALSE);

  g_assert_cmpuint (json_array_get_length (rounds), >, index);
  mcp_test_assert_json_equal (json_array_get_element (rounds, index), wanted_json);
}

/* The tools/call requests the server got for the rounds tool with @key:
 * (element-type JsonObject) (transfer container). */
static GPtrArray *
rounds_requests (GPtrArray  *records,
                 const char *key)
{
  GPtrArray *calls = filter_requests (records, "tools/call");

  for (guint i = 0; i < calls->len; i++)
    if (g_strcmp0 (mcp_test_lookup_string (calls->pdata[i], "params.arguments.key"), key) != 0)
      g_ptr_array_remove_index (calls, i--);

  return calls;
}

/* ------------------------------------------------------------------------
 * What the client sends back
 * ------------------------------------------------------------------------ */

/* An elicitation that the application answers later, outside its handler:
 * the call waits, then goes on with the answer and the state. */
static void
test_elicitation_answered_later (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_ELICITATION_FORM, &handler);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(JsonArray) rounds = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) calls = NULL;
  g_autoptr(GError) error = NULL;
  McpServerRequest *request;

  handler->later = TRUE;
  call_rounds_async (peer, "later",
                     "[{'inputRequests':{'login':" ELICIT ("Your login?") "},"
                     "'requestState':'s1'}]",
                     NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_test_wait_until (has_kept, handler, 5000));

  request = handler->kept->pdata[0];
  g_assert_cmpstr (mcp_server_request_get_method (request), ==, "elicitation/create");
  g_assert_cmpint (mcp_server_request_get_elicitation_mode (request), ==,
                   MCP_ELICITATION_MODE_FORM);
  g_assert_cmpstr (mcp_server_request_get_message (request), ==, "Your login?");
  g_assert_nonnull (mcp_server_request_get_requested_schema (request));

  /* Nothing goes on until the application answers. */
  mcp_test_iterate_for (300);
  g_assert_null (result);
  records = peer_records (peer);
  calls = rounds_requests (records, "later");
  g_assert_cmpuint (calls->len, ==, 1);

  answer (request);
  mcp_test_await_result (&result, "the rounds tool");
  tool_result = mcp_client_call_tool_finish (peer->client, result, &error);
  g_assert_no_error (error);
  rounds = rounds_of (tool_result);
  g_assert_cmpuint (json_array_get_length (rounds), ==, 2);
  assert_round (rounds, 0, "{}");
  assert_round (rounds, 1, "{'inputResponses':{'login':{'action':'accept',"
                           "'content':{'login':'Your login?'}}},'requestState':'s1'}");
  g_assert_cmpuint (handler->methods->len, ==, 1);

  /* The retry is the same request, again with the envelope. */
  g_clear_pointer (&calls, g_ptr_array_unref);
  g_clear_pointer (&records, g_ptr_array_unref);
  records = peer_records (peer);
  calls = rounds_requests (records, "later");
  g_assert_cmpuint (calls->len, ==, 2);
  g_assert_true (json_node_equal (mcp_test_lookup (calls->pdata[0], "params.arguments"),
                                  mcp_test_lookup (calls->pdata[1], "params.arguments")));
  g_assert_cmpstr (mcp_test_lookup_string (calls->pdata[1], "params.name"), ==, "rounds");
  g_assert_cmpstr (envelope_string (calls->pdata[1], "protocolVersion"), ==, STATELESS_VERSION);

  peer_close_and_free (peer);
  handler_free (handler);
}

static void
test_sampling (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_SAMPLING, &handler);
  g_autoptr(JsonArray) rounds = NULL;

  rounds = call_rounds_ok (peer, "sampling", "[{'inputRequests':{'capital':" SAMPLE "}}]");
  assert_round (rounds, 1, "{'inputResponses':{'capital':{'role':'assistant',"
                           "'content':{'type':'text','text':'Paris'},'model':'test-model',"
                           "'stopReason':'endTurn'}}}");
  g_assert_cmpuint (handler->methods->len, ==, 1);
  g_assert_cmpstr (handler->methods->pdata[0], ==, "sampling/createMessage");

  peer_close_and_free (peer);
  handler_free (handler);
}

/* The client answers roots itself, with its current roots; the application
 * does not see the request. */
static void
test_roots (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_ROOTS, &handler);
  g_autoptr(McpRoot) root = mcp_root_new ("file:///tmp/project", "project");
  g_autoptr(JsonArray) rounds = NULL;

  mcp_client_add_root (peer->client, root);
  rounds = call_rounds_ok (peer, "roots", "[{'inputRequests':{'where':" ROOTS "}}]");
  assert_round (rounds, 1, "{'inputResponses':{'where':{'roots':"
                           "[{'uri':'file:///tmp/project','name':'project'}]}}}");
  g_assert_cmpuint (handler->methods->len, ==, 0);

  peer_close_and_free (peer);
  handler_free (handler);
}

/* Several requests in one round: all answered, in one retry. */
static void
test_several_in_one_round (void)
{
  Handler *handler = NULL;
  Peer *peer = start (ALL_FEATURES, &handler);
  g_autoptr(JsonArray) rounds = NULL;

  rounds = call_rounds_ok (peer, "several",
                           "[{'inputRequests':{'login':" ELICIT ("Login?") ",'capital':" SAMPLE ","
                           "'where':" ROOTS "},'requestState':'all'}]");
  g_assert_cmpuint (json_array_get_length (rounds), ==, 2);
  assert_round (rounds, 1, "{'inputResponses':{"
                           "'login':{'action':'accept','content':{'login':'Login?'}},"
                           "'capital':{'role':'assistant','content':{'type':'text','text':'Paris'},"
                           "'model':'test-model','stopReason':'endTurn'},"
                           "'where':{'roots':[]}},'requestState':'all'}");
  g_assert_cmpuint (handler->methods->len, ==, 2);

  peer_close_and_free (peer);
  handler_free (handler);
}

/* The state goes back exactly as it came: whatever it holds. */
static void
test_request_state_exact (void)
{
  static const char state[] = "\xc3\xa9t\xc3\xa9 \"quoted\" 'single' back\\slash /slash\n\ttab "
                              "\xe2\x98\x83 \xf0\x9f\x98\x80 </script> \x1f {\"not\": json} %s";
  Peer *peer = start (MCP_CLIENT_FEATURES_NONE, NULL);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) arguments = NULL;
  g_autofree char *arguments_json = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonArray) rounds = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *second;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "key");
  json_builder_add_string_value (builder, "exact");
  json_builder_set_member_name (builder, "script");
  json_builder_begin_array (builder);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "requestState");
  json_builder_add_string_value (builder, state);
  json_builder_end_object (builder);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  arguments = json_builder_get_root (builder);
  arguments_json = json_to_string (arguments, FALSE);

  result = mcp_test_call_tool (peer->client, "rounds", arguments_json, NULL, NULL, &error);
  g_assert_no_error (error);
  rounds = rounds_of (result);
  second = json_array_get_object_element (rounds, 1);
  g_assert_cmpstr (json_object_get_string_member (second, "requestState"), ==, state);
  g_assert_false (json_object_has_member (second, "inputResponses"));

  peer_close_and_free (peer);
}

/* No state from the server, none in the retry; and a state of one round
 * does not stay for the next. */
static void
test_request_state_absent (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_ELICITATION_FORM, &handler);
  g_autoptr(JsonArray) rounds = NULL;
  g_autoptr(JsonArray) more_rounds = NULL;

  rounds = call_rounds_ok (peer, "stateless", "[{'inputRequests':{'login':" ELICIT ("A") "}}]");
  assert_round (rounds, 1, "{'inputResponses':{'login':{'action':'accept',"
                           "'content':{'login':'A'}}}}");

  more_rounds = call_rounds_ok (peer, "changing",
                                "[{'requestState':'first'},"
                                "{'inputRequests':{'login':" ELICIT ("B") "}},"
                                "{'requestState':'third'}]");
  g_assert_cmpuint (json_array_get_length (more_rounds), ==, 4);
  assert_round (more_rounds, 1, "{'requestState':'first'}");
  assert_round (more_rounds, 2, "{'inputResponses':{'login':{'action':'accept',"
                                "'content':{'login':'B'}}}}");
  assert_round (more_rounds, 3, "{'requestState':'third'}");

  peer_close_and_free (peer);
  handler_free (handler);
}

/* Every round is a request of its own, with an id of its own. */
static void
test_new_id_per_round (void)
{
  Peer *peer = start (MCP_CLIENT_FEATURES_NONE, NULL);
  g_autoptr(JsonArray) rounds = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) calls = NULL;

  rounds = call_rounds_ok (peer, "ids", "[{'requestState':'1'},{'requestState':'2'},"
                                        "{'requestState':'3'}]");
  g_assert_cmpuint (json_array_get_length (rounds), ==, 4);

  records = peer_records (peer);
  calls = rounds_requests (records, "ids");
  g_assert_cmpuint (calls->len, ==, 4);
  for (guint i = 0; i < calls->len; i++)
    for (guint j = i + 1; j < calls->len; j++)
      g_assert_false (json_node_equal (json_object_get_member (calls->pdata[i], "id"),
                                       json_object_get_member (calls->pdata[j], "id")));

  peer_close_and_free (peer);
}

/* ------------------------------------------------------------------------
 * Bounds
 * ------------------------------------------------------------------------ */

static void
assert_gives_up (Peer       *peer,
                 const char *key,
                 guint       rounds,
                 guint       requests)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) calls = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *times = g_strdup_printf ("%u times", rounds);

  json_object_set_string_member (arguments, "key", key);
  json_object_set_boolean_member (arguments, "endless", TRUE);
  mcp_client_call_tool_async (peer->client, "rounds", arguments, NULL, NULL, mcp_test_store_result_cb,
                              &result);
  mcp_test_await_result (&result, "the endless rounds");
  tool_result = mcp_client_call_tool_finish (peer->client, result, &error);
  g_assert_null (tool_result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, times));

  records = peer_records (peer);
  calls = rounds_requests (records, key);
  g_assert_cmpuint (calls->len, ==, requests);
}

/* By default the client answers ten rounds, and gives up on the 11th. */
static void
test_bound_default (void)
{
  Peer *peer = start (MCP_CLIENT_FEATURES_NONE, NULL);
  g_autoptr(JsonArray) rounds = NULL;

  g_assert_cmpuint (mcp_client_get_max_input_rounds (peer->client), ==,
                    MCP_CLIENT_DEFAULT_MAX_INPUT_ROUNDS);
  assert_gives_up (peer, "endless", MCP_CLIENT_DEFAULT_MAX_INPUT_ROUNDS,
                   MCP_CLIENT_DEFAULT_MAX_INPUT_ROUNDS + 1);
  /* Ten rounds are allowed. */
  rounds = call_rounds_ok (peer, "ten",
                           "[{'requestState':'1'},{'requestState':'2'},{'requestState':'3'},"
                           "{'requestState':'4'},{'requestState':'5'},{'requestState':'6'},"
                           "{'requestState':'7'},{'requestState':'8'},{'requestState':'9'},"
                           "{'requestState':'10'}]");
  g_assert_cmpuint (json_array_get_length (rounds), ==, 11);
  mcp_test_assert_echo_works (peer->client);

  peer_close_and_free (peer);
}

static void
test_bound_settable (void)
{
  Peer *peer = start (MCP_CLIENT_FEATURES_NONE, NULL);
  g_autoptr(JsonArray) rounds = NULL;

  mcp_client_set_max_input_rounds (peer->client, 2);
  assert_gives_up (peer, "endless", 2, 3);
  rounds = call_rounds_ok (peer, "two", "[{'requestState':'1'},{'requestState':'2'}]");
  g_assert_cmpuint (json_array_get_length (rounds), ==, 3);

  mcp_client_set_max_input_rounds (peer->client, 1);
  assert_gives_up (peer, "endless once", 1, 2);

  peer_close_and_free (peer);
}

/* ------------------------------------------------------------------------
 * Ends while the application answers
 * ------------------------------------------------------------------------ */

/* A cancellation ends the whole call at once, and withdraws the requests
 * the application was still answering. */
static void
test_cancel_while_answering (void)
{
  Handler *handler = NULL;
  Peer *peer = start (ALL_FEATURES, &handler);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) calls = NULL;
  g_autoptr(GError) error = NULL;

  handler->later = TRUE;
  call_rounds_async (peer, "cancelled",
                     "[{'inputRequests':{'login':" ELICIT ("Login?") ",'capital':" SAMPLE "}}]",
                     cancellable, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_test_wait_until (has_two_kept, handler, 5000));

  g_cancellable_cancel (cancellable);
  /* At once: no answer is awaited. */
  g_assert_true (mcp_test_wait_until (is_filled, &result, 2000));
  tool_result = mcp_client_call_tool_finish (peer->client, result, &error);
  g_assert_null (tool_result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  for (guint i = 0; i < handler->kept->len; i++)
    g_assert_true (g_cancellable_is_cancelled (
      mcp_server_request_get_cancellable (handler->kept->pdata[i])));

  /* A late answer goes nowhere. */
  answer (handler->kept->pdata[0]);
  answer (handler->kept->pdata[1]);
  mcp_test_assert_echo_works (peer->client);
  records = peer_records (peer);
  calls = rounds_requests (records, "cancelled");
  g_assert_cmpuint (calls->len, ==, 1);

  peer_close_and_free (peer);
  handler_free (handler);
}

/* The server dies while the application answers: the call fails, and the
 * request is withdrawn. */
static void
test_connection_ends_while_answering (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_ELICITATION_FORM, &handler);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;

  handler->later = TRUE;
  call_rounds_async (peer, "dies",
                     "[{'inputRequests':{'login':" ELICIT ("Login?") "},'exit':true}]",
                     NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the call whose server died");
  tool_result = mcp_client_call_tool_finish (peer->client, result, &error);
  g_assert_null (tool_result);
  g_assert_nonnull (error);
  g_test_message ("The call failed: %s", error->message);
  g_assert_true (error->domain == G_IO_ERROR);
  g_assert_cmpint (mcp_client_get_state (peer->client), ==, MCP_CLIENT_STATE_CLOSED);

  g_assert_cmpuint (handler->kept->len, ==, 1);
  g_assert_true (g_cancellable_is_cancelled (
    mcp_server_request_get_cancellable (handler->kept->pdata[0])));
  answer (handler->kept->pdata[0]);

  peer_close_and_free (peer);
  handler_free (handler);
}

/* The client is closed while the application answers. */
static void
test_close_while_answering (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_ELICITATION_FORM, &handler);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpClient) client = g_object_ref (peer->client);

  handler->later = TRUE;
  call_rounds_async (peer, "closed", "[{'inputRequests':{'login':" ELICIT ("Login?") "}}]",
                     NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_test_wait_until (has_kept, handler, 5000));

  peer_close_and_free (peer);
  mcp_test_await_result (&result, "the call of a closed client");
  tool_result = mcp_client_call_tool_finish (client, result, &error);
  g_assert_null (tool_result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);
  g_assert_true (g_cancellable_is_cancelled (
    mcp_server_request_get_cancellable (handler->kept->pdata[0])));

  handler_free (handler);
}

/* Nobody answers: the call fails, and says what was missing. */
static void
test_unhandled (void)
{
  Peer *peer = start (MCP_CLIENT_FEATURES_ELICITATION_FORM, NULL);
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) calls = NULL;
  g_autoptr(GError) error = NULL;

  result = call_rounds (peer, "unhandled", "[{'inputRequests':{'login':" ELICIT ("Login?") "}}]",
                        &error);
  g_assert_null (result);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_METHOD_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "elicitation/create"));

  records = peer_records (peer);
  calls = rounds_requests (records, "unhandled");
  g_assert_cmpuint (calls->len, ==, 1);
  mcp_test_assert_echo_works (peer->client);

  peer_close_and_free (peer);
}

/* A request for a capability the client did not declare never reaches the
 * application. */
static void
test_undeclared (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_ELICITATION_FORM, &handler);
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = call_rounds (peer, "undeclared", "[{'inputRequests':{'capital':" SAMPLE "}}]", &error);
  g_assert_null (result);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_METHOD_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "sampling/createMessage"));
  g_assert_cmpuint (handler->methods->len, ==, 0);

  peer_close_and_free (peer);
  handler_free (handler);
}

/* The application refuses: the call fails with its error. */
static void
test_handler_error (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_ELICITATION_FORM, &handler);
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;

  handler->error_code = 4242;
  result = call_rounds (peer, "refused", "[{'inputRequests':{'login':" ELICIT ("Login?") "}}]",
                        &error);
  g_assert_null (result);
  g_assert_error (error, MCP_ERROR, 4242);
  g_assert_nonnull (strstr (error->message, "The user is away"));
  mcp_test_assert_echo_works (peer->client);

  peer_close_and_free (peer);
  handler_free (handler);
}

/* An input request that says nothing of what it wants. */
static void
test_input_request_without_method (void)
{
  Peer *peer = start (ALL_FEATURES, NULL);
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = call_rounds (peer, "no method", "[{'inputRequests':{'what':{'params':{}}}}]", &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "what"));
  mcp_test_assert_echo_works (peer->client);

  peer_close_and_free (peer);
}

/* ------------------------------------------------------------------------
 * Prompts and resources, and calls side by side
 * ------------------------------------------------------------------------ */

static void
test_prompt (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_ELICITATION_FORM, &handler);
  g_autoptr(GHashTable) arguments = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(JsonNode) script = parse_quoted ("[{'inputRequests':{'login':" ELICIT ("Prompt?") "},"
                                             "'requestState':'p'}]");
  g_autofree char *script_json = json_to_string (script, FALSE);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpPromptResult) prompt = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) rounds = NULL;
  const char *text;

  g_hash_table_insert (arguments, (gpointer) "key", (gpointer) "prompt");
  g_hash_table_insert (arguments, (gpointer) "script", script_json);
  mcp_client_get_prompt_async (peer->client, "rounds", arguments, NULL, mcp_test_store_result_cb,
                               &result);
  mcp_test_await_result (&result, "prompts/get");
  prompt = mcp_client_get_prompt_finish (peer->client, result, &error);
  g_assert_no_error (error);

  text = mcp_test_lookup_string (json_array_get_object_element (
    json_object_get_array_member (mcp_prompt_result_get_json (prompt), "messages"), 0),
    "content.text");
  g_assert_nonnull (text);
  rounds = json_from_string (text, &error);
  g_assert_no_error (error);
  assert_round (json_node_get_array (rounds), 1,
                "{'inputResponses':{'login':{'action':'accept','content':{'login':'Prompt?'}}},"
                "'requestState':'p'}");
  g_assert_cmpuint (handler->methods->len, ==, 1);

  peer_close_and_free (peer);
  handler_free (handler);
}

static void
test_resource (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_SAMPLING, &handler);
  g_autoptr(JsonNode) script = parse_quoted ("[{'inputRequests':{'capital':" SAMPLE "}}]");
  g_autofree char *script_json = json_to_string (script, FALSE);
  g_autofree char *escaped = g_uri_escape_string (script_json, NULL, FALSE);
  g_autofree char *uri = g_strconcat ("rounds://resource?script=", escaped, NULL);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GListModel) contents = NULL;
  g_autoptr(McpResourceContents) first = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) rounds = NULL;

  mcp_client_read_resource_async (peer->client, uri, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "resources/read");
  contents = mcp_client_read_resource_finish (peer->client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (contents), ==, 1);
  first = g_list_model_get_item (contents, 0);
  g_assert_cmpstr (mcp_resource_contents_get_uri (first), ==, uri);

  rounds = json_from_string (mcp_resource_contents_get_text (first), &error);
  g_assert_no_error (error);
  assert_round (json_node_get_array (rounds), 1,
                "{'inputResponses':{'capital':{'role':'assistant',"
                "'content':{'type':'text','text':'Paris'},'model':'test-model',"
                "'stopReason':'endTurn'}}}");

  peer_close_and_free (peer);
  handler_free (handler);
}

/* Answers and state belong to their call: other calls made meanwhile,
 * with rounds of their own or none, never carry them. */
static void
test_no_leak_into_other_calls (void)
{
  Handler *handler = NULL;
  Peer *peer = start (MCP_CLIENT_FEATURES_ELICITATION_FORM, &handler);
  g_autoptr(GAsyncResult) first = NULL;
  g_autoptr(GAsyncResult) second = NULL;
  g_autoptr(McpToolResult) first_result = NULL;
  g_autoptr(McpToolResult) second_result = NULL;
  g_autoptr(JsonArray) first_rounds = NULL;
  g_autoptr(JsonArray) second_rounds = NULL;
  g_autoptr(JsonArray) third_rounds = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) calls = NULL;
  g_autoptr(GError) error = NULL;

  handler->later = TRUE;
  call_rounds_async (peer, "first",
                     "[{'inputRequests':{'login':" ELICIT ("First?") "},'requestState':'one'}]",
                     NULL, mcp_test_store_result_cb, &first);
  call_rounds_async (peer, "second",
                     "[{'inputRequests':{'login':" ELICIT ("Second?") "},'requestState':'two'}]",
                     NULL, mcp_test_store_result_cb, &second);
  g_assert_true (mcp_test_wait_until (has_two_kept, handler, 5000));

  /* Meanwhile: a call with rounds of its own, and one without. */
  third_rounds = call_rounds_ok (peer, "third", "[{'requestState':'three'}]");
  assert_round (third_rounds, 1, "{'requestState':'three'}");
  mcp_test_assert_echo_works (peer->client);

  /* Answered in the other order. */
  answer (handler->kept->pdata[1]);
  answer (handler->kept->pdata[0]);
  mcp_test_await_result (&first, "the first call");
  mcp_test_await_result (&second, "the second call");
  first_result = mcp_client_call_tool_finish (peer->client, first, &error);
  g_assert_no_error (error);
  second_result = mcp_client_call_tool_finish (peer->client, second, &error);
  g_assert_no_error (error);
  first_rounds = rounds_of (first_result);
  second_rounds = rounds_of (second_result);
  assert_round (first_rounds, 1, "{'inputResponses':{'login':{'action':'accept',"
                                 "'content':{'login':'First?'}}},'requestState':'one'}");
  assert_round (second_rounds, 1, "{'inputResponses':{'login':{'action':'accept',"
                                  "'content':{'login':'Second?'}}},'requestState':'two'}");

  records = peer_records (peer);
  calls = filter_requests (records, NULL);
  for (guint i = 0; i < calls->len; i++)
    {
      JsonObject *call = calls->pdata[i];
      const char *key = mcp_test_lookup_string (call, "params.arguments.key");
      const char *state = mcp_test_lookup_string (call, "params.requestState");

      if (g_strcmp0 (key, "first") != 0 && g_strcmp0 (key, "second") != 0)
        g_assert_null (mcp_test_lookup (call, "params.inputResponses"));
      if (g_strcmp0 (key, "first") == 0)
        g_assert_true (state == NULL || g_str_equal (state, "one"));
      else if (g_strcmp0 (key, "second") == 0)
        g_assert_true (state == NULL || g_str_equal (state, "two"));
      else if (g_strcmp0 (key, "third") == 0)
        g_assert_true (state == NULL || g_str_equal (state, "three"));
      else
        g_assert_null (state);
    }

  peer_close_and_free (peer);
  handler_free (handler);
}

/* ------------------------------------------------------------------------
 * The application lets go of the client
 * ------------------------------------------------------------------------ */

typedef struct
{
  guint   calls;
  GError *error;
} Ended;

static void
call_ended_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Ended *ended = user_data;
  g_autoptr(McpToolResult) answer = NULL;

  ended->calls++;
  g_clear_error (&ended->error);
  answer = mcp_client_call_tool_finish (MCP_CLIENT (source), result, &ended->error);
}

static gboolean
call_has_ended (gpointer data)
{
  return ((Ended *) data)->calls > 0;
}

/* The application drops its last reference to a connected client, outside
 * any callback, and the main loop runs on: whatever the client had going
 * (its own subscription, the application's, a call, a round waiting for
 * the application) ends once, on no freed memory. A subscription's listen
 * request kept a bare pointer to the client, and ended on it from a later
 * iteration of the main loop. Run under ASan by .ci/sanitize. */
static void
test_drop_client (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpSubscription) subscription = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) echo = json_object_new ();
  Ended ended = { 0, };
  Handler *handler = NULL;
  Peer *peer;

  /* Connecting. */
  peer = peer_new ("--era", "stateless", NULL);
  mcp_client_connect_async (peer->client, NULL, mcp_test_store_result_cb, &result);
  g_clear_object (&peer->client);
  mcp_test_await_result (&result, "connect");
  g_clear_object (&result);
  mcp_test_iterate_for (200);
  peer_free (peer);

  /* Listening: the client's own subscription (for its live model) and the
   * application's, which it keeps. */
  peer = start (ALL_FEATURES, NULL);
  g_assert_true (mcp_test_wait_until (model_has_items, mcp_client_get_tools_model (peer->client),
                                      5000));
  mcp_client_listen_async (peer->client, MCP_LIST_CHANGES_TOOLS, NULL, NULL,
                           mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "listen");
  subscription = mcp_client_listen_finish (peer->client, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  g_clear_object (&peer->client);
  g_assert_true (mcp_test_wait_until (subscription_ended, subscription, 5000));
  g_clear_object (&subscription);
  peer_free (peer);

  /* Mid-call. */
  peer = start (ALL_FEATURES, NULL);
  json_object_set_string_member (echo, "text", "dropped");
  mcp_client_call_tool_async (peer->client, "echo", echo, NULL, NULL, call_ended_cb, &ended);
  g_clear_object (&peer->client);
  g_assert_true (mcp_test_wait_until (call_has_ended, &ended, 5000));
  mcp_test_iterate_for (200);
  g_assert_cmpuint (ended.calls, ==, 1);
  g_clear_error (&ended.error);
  peer_free (peer);

  /* Mid-round: the application drops the request it kept too, and the
   * call ends, as a dropped request answers with an error. */
  ended.calls = 0;
  peer = start (ALL_FEATURES, &handler);
  handler->later = TRUE;
  call_rounds_async (peer, "drop", "[{'inputRequests':{'login':" ELICIT ("Who?") "}}]", NULL,
                     call_ended_cb, &ended);
  g_assert_true (mcp_test_wait_until (has_kept, handler, 5000));
  g_clear_object (&peer->client);
  mcp_test_iterate_for (200);
  g_assert_cmpuint (ended.calls, ==, 0);
  g_ptr_array_set_size (handler->kept, 0);
  g_assert_true (mcp_test_wait_until (call_has_ended, &ended, 5000));
  g_assert_error (ended.error, MCP_ERROR, MCP_ERROR_INTERNAL_ERROR);
  mcp_test_iterate_for (200);
  g_assert_cmpuint (ended.calls, ==, 1);
  g_clear_error (&ended.error);
  handler_free (handler);
  peer_free (peer);
}

int
main (int   argc,
      char *argv[])
{
  if (!stateless_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/Rounds/elicitation-answered-later", test_elicitation_answered_later);
  g_test_add_func ("/Mcp/Rounds/drop-client", test_drop_client);
  g_test_add_func ("/Mcp/Rounds/sampling", test_sampling);
  g_test_add_func ("/Mcp/Rounds/roots", test_roots);
  g_test_add_func ("/Mcp/Rounds/several-in-one-round", test_several_in_one_round);
  g_test_add_func ("/Mcp/Rounds/request-state-exact", test_request_state_exact);
  g_test_add_func ("/Mcp/Rounds/request-state-absent", test_request_state_absent);
  g_test_add_func ("/Mcp/Rounds/new-id-per-round", test_new_id_per_round);
  g_test_add_func ("/Mcp/Rounds/bound-default", test_bound_default);
  g_test_add_func ("/Mcp/Rounds/bound-settable", test_bound_settable);
  g_test_add_func ("/Mcp/Rounds/cancel-while-answering", test_cancel_while_answering);
  g_test_add_func ("/Mcp/Rounds/connection-ends-while-answering",
                   test_connection_ends_while_answering);
  g_test_add_func ("/Mcp/Rounds/close-while-answering", test_close_while_answering);
  g_test_add_func ("/Mcp/Rounds/unhandled", test_unhandled);
  g_test_add_func ("/Mcp/Rounds/undeclared", test_undeclared);
  g_test_add_func ("/Mcp/Rounds/handler-error", test_handler_error);
  g_test_add_func ("/Mcp/Rounds/input-request-without-method", test_input_request_without_method);
  g_test_add_func ("/Mcp/Rounds/prompt", test_prompt);
  g_test_add_func ("/Mcp/Rounds/resource", test_resource);
  g_test_add_func ("/Mcp/Rounds/no-leak-into-other-calls", test_no_leak_into_other_calls);

  return stateless_test_run ();
}
