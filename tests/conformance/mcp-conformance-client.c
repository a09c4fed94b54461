/* mcp-conformance-client.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The client program that the official MCP conformance suite
 * (@modelcontextprotocol/conformance, client mode) drives:
 *
 *   mcp-conformance-client [OPTION…] URL
 *
 * The suite starts a mock server, appends its URL as the last argument and
 * names the scenario in the environment variable MCP_CONFORMANCE_SCENARIO.
 * The program does what the scenario expects, over Streamable HTTP, with
 * the public API of mcp-glib only, and exits with 0 when everything it did
 * succeeded; otherwise it says why on stderr and exits with 1. The suite
 * judges the protocol traffic itself (see run-conformance.sh).
 *
 * Scenarios:
 *   initialize                           connect, then close
 *   tools_call                           list the tools, call add_numbers
 *   elicitation-sep1034-client-defaults  declare elicitation.form with
 *                                        applyDefaults, call the tool and
 *                                        accept the form without values, so
 *                                        that the library fills the defaults
 *   sse-retry                            list the tools, call
 *                                        test_reconnection, whose event
 *                                        stream the server closes after a
 *                                        priming event: the transport resumes
 *                                        it with a GET and Last-Event-ID
 *   json-schema-2020-12-preservation     list the tools, send the input schema
 *                                        of json_schema_2020_12_tool back to
 *                                        json_schema_echo as it came
 *   json-schema-ref-no-deref             list the tools (a $ref in a schema
 *                                        is never fetched)
 *   request-metadata                     declare roots, sampling and
 *                                        elicitation, connect, ping: the
 *                                        envelope of every request, and the
 *                                        retry after -32022
 *   sep-2322-client-request-state        call the test_mrtr_* tools, whose
 *                                        answers ask for a confirmation; the
 *                                        first waits for it while
 *                                        test_mrtr_unrelated is called
 *   http-standard-headers                call every tool, read the first
 *                                        resource, get the first prompt
 *   http-custom-headers                  list the tools, then make the calls
 *                                        of MCP_CONFORMANCE_CONTEXT's
 *                                        toolCalls
 *   http-invalid-tool-headers            call every tool the library kept
 *                                        (those with invalid x-mcp-header
 *                                        marks are dropped from the list)
 *   auth/...                             sign in with an McpAuthorization
 *                                        (its browser step replaced by one
 *                                        that follows the suite's redirect to
 *                                        the loopback listener), then list
 *                                        the tools and call test-tool
 *   anything else                        connect, then close
 *
 * For the auth scenarios, MCP_CONFORMANCE_CONTEXT (JSON) may carry
 * pre-registered client credentials (client_id, client_secret), a private
 * key for JWT client authentication (private_key_pem) and what cross-app
 * access needs (idp_token_endpoint, idp_client_id, idp_id_token), and the
 * workload's JWT of workload identity federation (valid_jwt).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mcp-glib/mcp-glib.h>

/* The client ID metadata document URL the suite expects (auth/basic-cimd). */
#define CIMD_URL "https://conformance-test.local/client-metadata.json"

/* Each scenario has 30 s in the suite; give up a little before. */
#define STEP_TIMEOUT_SECONDS 25

typedef struct
{
  const char *name;
  McpClientFeatures features;
  gboolean (*run) (McpClient *client, GError **error);
} Scenario;

static const char *scenario_name;

/* Waiting for one asynchronous call at a time keeps the scenarios linear. */
typedef struct
{
  GAsyncResult *result;
  gboolean      timed_out;
} Wait;

static void
wait_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Wait *wait = user_data;

  wait->result = g_object_ref (result);
}

static gboolean
wait_timeout (gpointer user_data)
{
  Wait *wait = user_data;

  wait->timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates the default main context until @wait has a result. Returns
 * FALSE (with @error set) when it took too long. */
static gboolean
wait_for (Wait        *wait,
          const char  *what,
          GError     **error)
{
  guint timeout_id = g_timeout_add_seconds (STEP_TIMEOUT_SECONDS, wait_timeout, wait);

  while (wait->result == NULL && !wait->timed_out)
    g_main_context_iteration (NULL, TRUE);

  if (wait->result == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                   "%s: no answer within %d s", what, STEP_TIMEOUT_SECONDS);
      return FALSE;
    }

  g_source_remove (timeout_id);
  return TRUE;
}

static gboolean
connect_client (McpClient  *client,
                GError    **error)
{
  Wait wait = { 0 };
  gboolean ok;

  mcp_client_connect_async (client, NULL, wait_done, &wait);
  if (!wait_for (&wait, "initialize", error))
    return FALSE;
  ok = mcp_client_connect_finish (client, wait.result, error);
  g_object_unref (wait.result);
  if (!ok)
    return FALSE;

  g_printerr ("connected: protocol %s, server %s %s\n",
              mcp_client_get_protocol_version (client),
              mcp_implementation_get_name (mcp_client_get_server_info (client)),
              mcp_implementation_get_version (mcp_client_get_server_info (client)));
  return TRUE;
}

static gboolean
close_client (McpClient  *client,
              GError    **error)
{
  Wait wait = { 0 };
  gboolean ok;

  mcp_client_close_async (client, NULL, wait_done, &wait);
  if (!wait_for (&wait, "close", error))
    return FALSE;
  ok = mcp_client_close_finish (client, wait.result, error);
  g_object_unref (wait.result);
  return ok;
}

/* Lists the tools and checks that @wanted is among them. */
static gboolean
expect_tool (McpClient   *client,
             const char  *wanted,
             GError     **error)
{
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  Wait wait = { 0 };
  gboolean found = FALSE;

  mcp_client_list_tools_async (client, NULL, wait_done, &wait);
  if (!wait_for (&wait, "tools/list", error))
    return FALSE;
  tools = mcp_client_list_tools_finish (client, wait.result, error);
  g_object_unref (wait.result);
  if (tools == NULL)
    return FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);
      const char *name = mcp_tool_get_name (tool);

      g_string_append_printf (names, "%s%s", names->len ? ", " : "", name);
      found |= g_strcmp0 (name, wanted) == 0;
    }

  g_printerr ("tools: %s\n", names->str);
  if (!found)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   "the server does not list the tool %s (it lists: %s)", wanted,
                   names->len ? names->str : "nothing");
      return FALSE;
    }
  return TRUE;
}

/* Calls @name and returns the text of its result, which must not be an
 * error result. */
static char *
call_tool (McpClient   *client,
           const char  *name,
           JsonObject  *arguments,
           GError     **error)
{
  g_autoptr(McpToolResult) result = NULL;
  g_autofree char *what = g_strdup_printf ("tools/call %s", name);
  g_autofree char *text = NULL;
  Wait wait = { 0 };

  mcp_client_call_tool_async (client, name, arguments, NULL, NULL, wait_done, &wait);
  if (!wait_for (&wait, what, error))
    return NULL;
  result = mcp_client_call_tool_finish (client, wait.result, error);
  g_object_unref (wait.result);
  if (result == NULL)
    return NULL;

  text = mcp_tool_result_dup_text (result);
  g_printerr ("%s: %s\n", what, text ? text : "(no text)");
  if (mcp_tool_result_get_is_error (result))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s failed: %s", what,
                   text ? text : "(no text)");
      return NULL;
    }
  return g_steal_pointer (&text);
}

static gboolean
expect_text (const char  *text,
             const char  *needle,
             const char  *what,
             GError     **error)
{
  if (text != NULL && strstr (text, needle) != NULL)
    return TRUE;

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               "%s: expected “%s” in the result, got “%s”", what, needle,
               text ? text : "(no text)");
  return FALSE;
}

static gboolean
run_connect_only (McpClient  *client,
                  GError    **error)
{
  return TRUE;
}

static gboolean
run_tools_call (McpClient  *client,
                GError    **error)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autofree char *text = NULL;

  if (!expect_tool (client, "add_numbers", error))
    return FALSE;

  json_object_set_int_member (arguments, "a", 5);
  json_object_set_int_member (arguments, "b", 3);
  text = call_tool (client, "add_numbers", arguments, error);
  if (text == NULL)
    return FALSE;
  return expect_text (text, "8", "add_numbers", error);
}

/* The user "accepts" the form without entering anything: with
 * applyDefaults declared, the library fills every field from the schema. */
static gboolean
on_elicitation (McpClient        *client,
                McpServerRequest *request,
                gpointer          user_data)
{
  g_autoptr(JsonObject) content = json_object_new ();
  JsonNode *params = mcp_server_request_get_params (request);
  g_autofree char *text = params ? json_to_string (params, FALSE) : NULL;

  g_printerr ("elicitation/create: %s\n", text ? text : "(no params)");
  mcp_server_request_reply_elicitation (request, MCP_ELICITATION_ACTION_ACCEPT, content);
  return TRUE;
}

/* The defaults of the scenario's requested schema, as JSON. */
static const struct {
  const char *field;
  const char *value;
} expected_defaults[] = {
  { "name", "\"John Doe\"" },
  { "age", "30" },
  { "score", "95.5" },
  { "status", "\"active\"" },
  { "verified", "true" },
};

static gboolean
check_defaults (const char  *echoed,
                GError     **error)
{
  g_autoptr(JsonNode) content = json_from_string (echoed, error);
  g_autoptr(GString) missing = g_string_new (NULL);
  JsonObject *object;

  if (content == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (content))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "the server received a content that is not an object: %s", echoed);
      return FALSE;
    }

  object = json_node_get_object (content);
  for (gsize i = 0; i < G_N_ELEMENTS (expected_defaults); i++)
    {
      JsonNode *value = json_object_get_member (object, expected_defaults[i].field);
      g_autofree char *got = value ? json_to_string (value, FALSE) : NULL;
      g_autoptr(JsonNode) want = json_from_string (expected_defaults[i].value, NULL);

      if (value == NULL || !json_node_equal (value, want))
        g_string_append_printf (missing, "%s%s (expected %s, got %s)",
                                missing->len ? ", " : "", expected_defaults[i].field,
                                expected_defaults[i].value, got ? got : "nothing");
    }

  if (missing->len > 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "the defaults were not applied: %s", missing->str);
      return FALSE;
    }
  return TRUE;
}

static gboolean
run_elicitation_defaults (McpClient  *client,
                          GError    **error)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autofree char *text = NULL;

  if (!expect_tool (client, "test_client_elicitation_defaults", error))
    return FALSE;

  text = call_tool (client, "test_client_elicitation_defaults", arguments, error);
  if (text == NULL ||
      !expect_text (text, "Elicitation completed: ", "test_client_elicitation_defaults", error))
    return FALSE;

  /* The server echoes the content it received; the suite's own checks judge
   * it too, but a missing default should also fail this program. */
  return check_defaults (strstr (text, "Elicitation completed: ") +
                         strlen ("Elicitation completed: "), error);
}

static gboolean
run_sse_retry (McpClient  *client,
               GError    **error)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autofree char *text = NULL;

  if (!expect_tool (client, "test_reconnection", error))
    return FALSE;

  /* The answer only arrives on the resumed stream. */
  text = call_tool (client, "test_reconnection", arguments, error);
  return text != NULL;
}

/* The auth scenarios: what the suite's example client does, the handshake
 * and a call, the authorization doing its part on the way. */
static gboolean
run_auth (McpClient  *client,
          GError    **error)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autofree char *text = NULL;

  if (!expect_tool (client, "test-tool", error))
    return FALSE;

  text = call_tool (client, "test-tool", arguments, error);
  return text != NULL;
}

static void
followed_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GBytes) body = soup_session_send_and_read_finish (SOUP_SESSION (object), result, NULL);
}

/* The suite's authorization endpoint answers at once with a redirect to
 * the redirect URI: following it, as a browser would, brings the code to
 * the authorization's loopback listener. */
static void
authorized_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  SoupMessage *msg = soup_session_get_async_result_message (SOUP_SESSION (object), result);
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SoupMessage) redirect = NULL;
  const char *location;

  body = soup_session_send_and_read_finish (SOUP_SESSION (object), result, &error);
  location = soup_message_headers_get_one (soup_message_get_response_headers (msg), "Location");
  if (body == NULL || location == NULL || (redirect = soup_message_new ("GET", location)) == NULL)
    {
      g_printerr ("browser: the authorization page did not redirect (%u)%s%s\n",
                  soup_message_get_status (msg), error ? ": " : "", error ? error->message : "");
      return;
    }

  soup_session_send_and_read_async (SOUP_SESSION (object), redirect, G_PRIORITY_DEFAULT, NULL,
                                    followed_cb, NULL);
}

static gboolean
on_open_uri (McpAuthorization *authorization,
             const char       *uri,
             SoupSession      *browser)
{
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", uri);

  g_printerr ("browser: opening the authorization page\n");
  if (msg == NULL)
    return TRUE;

  soup_message_add_flags (msg, SOUP_MESSAGE_NO_REDIRECT);
  soup_session_send_and_read_async (browser, msg, G_PRIORITY_DEFAULT, NULL, authorized_cb, NULL);
  return TRUE;
}

static const char *
context_string (JsonObject *context,
                const char *member)
{
  JsonNode *node = context ? json_object_get_member (context, member) : NULL;

  return node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
         ? json_node_get_string (node) : NULL;
}

/* An authorization set up from the scenario's name and context. */
static McpAuthorization *
authorization_new (const char *name,
                   SoupSession *browser)
{
  McpAuthorization *authorization = mcp_authorization_new ();
  const char *text = g_getenv ("MCP_CONFORMANCE_CONTEXT");
  g_autoptr(JsonNode) node = text ? json_from_string (text, NULL) : NULL;
  JsonObject *context = node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *idp_token_endpoint = context_string (context, "idp_token_endpoint");

  mcp_authorization_set_client_name (authorization, "mcp-glib-conformance-client");
  mcp_authorization_set_client_metadata_url (authorization, CIMD_URL);
  mcp_authorization_set_client_id (authorization, context_string (context, "client_id"));
  mcp_authorization_set_client_secret (authorization, context_string (context, "client_secret"));
  mcp_authorization_set_client_private_key (authorization,
                                            context_string (context, "private_key_pem"));
  g_signal_connect (authorization, "open-uri", G_CALLBACK (on_open_uri), browser);

  if (g_str_has_prefix (name, "auth/client-credentials"))
    mcp_authorization_set_grant (authorization, MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS);
  else if (context_string (context, "valid_jwt") != NULL)
    {
      /* Workload identity federation: the platform's JWT for the workload. */
      mcp_authorization_set_grant (authorization, MCP_AUTHORIZATION_GRANT_JWT_BEARER);
      mcp_authorization_set_workload_token (authorization, context_string (context, "valid_jwt"));
    }
  else if (idp_token_endpoint != NULL)
    {
      mcp_authorization_set_grant (authorization, MCP_AUTHORIZATION_GRANT_CROSS_APP_ACCESS);
      mcp_authorization_set_identity_provider (authorization, idp_token_endpoint,
                                               context_string (context, "idp_client_id"),
                                               context_string (context, "idp_id_token"));
    }

  return authorization;
}

static const Scenario auth_scenario = { NULL, MCP_CLIENT_FEATURES_NONE, run_auth };

/* The stateless revision (2026-07-28) --------------------------------------- */

/* Lists the tools; NULL with @error set if that failed. */
static GListModel *
list_tools (McpClient  *client,
            GError    **error)
{
  GListModel *tools;
  Wait wait = { 0 };

  mcp_client_list_tools_async (client, NULL, wait_done, &wait);
  if (!wait_for (&wait, "tools/list", error))
    return NULL;
  tools = mcp_client_list_tools_finish (client, wait.result, error);
  g_object_unref (wait.result);
  return tools;
}

/* Arguments that satisfy @tool's required properties: a placeholder of
 * each one's type. */
static JsonObject *
placeholder_arguments (McpTool *tool)
{
  JsonObject *arguments = json_object_new ();
  JsonObject *schema = mcp_tool_get_input_schema (tool);
  JsonObject *properties = NULL;
  JsonArray *required = NULL;

  if (schema != NULL && json_object_has_member (schema, "properties") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (schema, "properties")))
    properties = json_object_get_object_member (schema, "properties");
  if (schema != NULL && json_object_has_member (schema, "required") &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (schema, "required")))
    required = json_object_get_array_member (schema, "required");

  for (guint i = 0; required != NULL && i < json_array_get_length (required); i++)
    {
      const char *name = json_array_get_string_element (required, i);
      JsonNode *property = properties != NULL && name != NULL
                           ? json_object_get_member (properties, name) : NULL;
      const char *type = NULL;

      if (name == NULL)
        continue;
      if (property != NULL && JSON_NODE_HOLDS_OBJECT (property) &&
          json_object_has_member (json_node_get_object (property), "type") &&
          JSON_NODE_TYPE (json_object_get_member (json_node_get_object (property), "type")) ==
            JSON_NODE_VALUE)
        type = json_object_get_string_member (json_node_get_object (property), "type");

      if (g_strcmp0 (type, "number") == 0 || g_strcmp0 (type, "integer") == 0)
        json_object_set_int_member (arguments, name, 1);
      else if (g_strcmp0 (type, "boolean") == 0)
        json_object_set_boolean_member (arguments, name, TRUE);
      else if (g_strcmp0 (type, "object") == 0)
        json_object_set_object_member (arguments, name, json_object_new ());
      else if (g_strcmp0 (type, "array") == 0)
        json_object_set_array_member (arguments, name, json_array_new ());
      else
        json_object_set_string_member (arguments, name, "conformance");
    }

  return arguments;
}

/* Lists the tools and calls each one the library kept, with placeholder
 * arguments: the suite judges the headers of the calls, and which tools
 * were called (those with invalid x-mcp-header marks must not be). */
static gboolean
run_call_every_tool (McpClient  *client,
                     GError    **error)
{
  g_autoptr(GListModel) tools = list_tools (client, error);

  if (tools == NULL)
    return FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);
      g_autoptr(JsonObject) arguments = placeholder_arguments (tool);
      g_autofree char *text = call_tool (client, mcp_tool_get_name (tool), arguments, error);

      if (text == NULL)
        return FALSE;
    }
  return TRUE;
}

/* Reads the first resource and gets the first prompt the server lists. */
static gboolean
read_first_resource_and_prompt (McpClient  *client,
                                GError    **error)
{
  g_autoptr(GListModel) resources = NULL;
  g_autoptr(GListModel) prompts = NULL;
  Wait wait = { 0 };

  mcp_client_list_resources_async (client, NULL, wait_done, &wait);
  if (!wait_for (&wait, "resources/list", error))
    return FALSE;
  resources = mcp_client_list_resources_finish (client, wait.result, error);
  g_clear_object (&wait.result);
  if (resources == NULL)
    return FALSE;

  if (g_list_model_get_n_items (resources) > 0)
    {
      g_autoptr(McpResource) resource = g_list_model_get_item (resources, 0);
      g_autoptr(GListModel) contents = NULL;

      mcp_client_read_resource_async (client, mcp_resource_get_uri (resource), NULL,
                                      wait_done, &wait);
      if (!wait_for (&wait, "resources/read", error))
        return FALSE;
      contents = mcp_client_read_resource_finish (client, wait.result, error);
      g_clear_object (&wait.result);
      if (contents == NULL)
        return FALSE;
      g_printerr ("resources/read %s: %u parts\n", mcp_resource_get_uri (resource),
                  g_list_model_get_n_items (contents));
    }

  mcp_client_list_prompts_async (client, NULL, wait_done, &wait);
  if (!wait_for (&wait, "prompts/list", error))
    return FALSE;
  prompts = mcp_client_list_prompts_finish (client, wait.result, error);
  g_clear_object (&wait.result);
  if (prompts == NULL)
    return FALSE;

  if (g_list_model_get_n_items (prompts) > 0)
    {
      g_autoptr(McpPrompt) prompt = g_list_model_get_item (prompts, 0);
      g_autoptr(McpPromptResult) result = NULL;

      mcp_client_get_prompt_async (client, mcp_prompt_get_name (prompt), NULL, NULL,
                                   wait_done, &wait);
      if (!wait_for (&wait, "prompts/get", error))
        return FALSE;
      result = mcp_client_get_prompt_finish (client, wait.result, error);
      g_clear_object (&wait.result);
      if (result == NULL)
        return FALSE;
      g_printerr ("prompts/get %s: done\n", mcp_prompt_get_name (prompt));
    }

  return TRUE;
}

/* Every kind of request that names something, for the Mcp-Method and
 * Mcp-Name headers. */
static gboolean
run_standard_headers (McpClient  *client,
                      GError    **error)
{
  return run_call_every_tool (client, error) &&
         read_first_resource_and_prompt (client, error);
}

/* The calls the suite gives in MCP_CONFORMANCE_CONTEXT ({"toolCalls":
 * [{name, arguments}]}), after listing the tools, whose x-mcp-header marks
 * say which arguments the headers mirror. */
static gboolean
run_context_tool_calls (McpClient  *client,
                        GError    **error)
{
  g_autoptr(GListModel) tools = list_tools (client, error);
  const char *context = g_getenv ("MCP_CONFORMANCE_CONTEXT");
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;
  JsonArray *calls;

  if (tools == NULL)
    return FALSE;

  if (context == NULL || (root = json_from_string (context, error)) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (root) ||
      !json_object_has_member (object = json_node_get_object (root), "toolCalls") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, "toolCalls")))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     "MCP_CONFORMANCE_CONTEXT has no toolCalls: %s", context ? context : "(unset)");
      return FALSE;
    }

  calls = json_object_get_array_member (object, "toolCalls");
  for (guint i = 0; i < json_array_get_length (calls); i++)
    {
      JsonNode *call = json_array_get_element (calls, i);
      JsonObject *call_object = JSON_NODE_HOLDS_OBJECT (call) ? json_node_get_object (call) : NULL;
      const char *name = call_object != NULL && json_object_has_member (call_object, "name")
                         ? json_object_get_string_member (call_object, "name") : NULL;
      JsonNode *arguments = call_object != NULL ? json_object_get_member (call_object, "arguments")
                                                : NULL;
      g_autofree char *text = NULL;

      if (name == NULL || arguments == NULL || !JSON_NODE_HOLDS_OBJECT (arguments))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "MCP_CONFORMANCE_CONTEXT: tool call %u has no name or arguments", i);
          return FALSE;
        }
      text = call_tool (client, name, json_node_get_object (arguments), error);
      if (text == NULL)
        return FALSE;
    }
  return TRUE;
}

/* One more request after connecting, with the envelope of every request:
 * the server declares nothing it could be asked for. */
static gboolean
run_ping (McpClient  *client,
          GError    **error)
{
  Wait wait = { 0 };
  gboolean ok;

  mcp_client_ping_async (client, NULL, wait_done, &wait);
  if (!wait_for (&wait, "ping", error))
    return FALSE;
  ok = mcp_client_ping_finish (client, wait.result, error);
  g_object_unref (wait.result);
  return ok;
}

/* The tools are listed; their schemas are left alone (no $ref is
 * fetched). */
static gboolean
run_list_tools (McpClient  *client,
                GError    **error)
{
  g_autoptr(GListModel) tools = list_tools (client, error);

  return tools != NULL;
}

/* The focal tool's input schema goes back to the server as it came. */
static gboolean
run_schema_preservation (McpClient  *client,
                         GError    **error)
{
  g_autoptr(GListModel) tools = list_tools (client, error);
  g_autoptr(JsonObject) arguments = NULL;
  g_autofree char *text = NULL;
  JsonObject *schema = NULL;

  if (tools == NULL)
    return FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (g_str_equal (mcp_tool_get_name (tool), "json_schema_2020_12_tool"))
        schema = json_object_ref (mcp_tool_get_input_schema (tool));
    }
  if (schema == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   "the server does not list json_schema_2020_12_tool");
      return FALSE;
    }

  arguments = json_object_new ();
  json_object_set_object_member (arguments, "schema", schema);
  text = call_tool (client, "json_schema_echo", arguments, error);
  return text != NULL;
}

/* Multi round-trip requests (sep-2322-client-request-state): each MRTR
 * tool asks for a confirmation, which the user gives. While the first one
 * waits for it, an unrelated tool is called, which must carry nothing of
 * the other call's rounds. */
typedef struct
{
  McpClient        *client;
  McpServerRequest *waiting;
  gboolean          unrelated_called;
  char             *unrelated_text;
  GError           *unrelated_error;
} Mrtr;

static void
confirm (McpServerRequest *request)
{
  g_autoptr(JsonObject) content = json_object_new ();

  json_object_set_boolean_member (content, "confirmed", TRUE);
  mcp_server_request_reply_elicitation (request, MCP_ELICITATION_ACTION_ACCEPT, content);
}

static void
unrelated_done (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Mrtr *mrtr = user_data;
  g_autoptr(McpToolResult) answer = NULL;

  answer = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &mrtr->unrelated_error);
  if (answer != NULL)
    mrtr->unrelated_text = mcp_tool_result_dup_text (answer);
  g_printerr ("tools/call test_mrtr_unrelated: %s\n",
              mrtr->unrelated_text ? mrtr->unrelated_text : mrtr->unrelated_error->message);

  /* Now the waiting call may go on. */
  confirm (mrtr->waiting);
  g_clear_object (&mrtr->waiting);
}

static gboolean
on_mrtr_elicitation (McpClient        *client,
                     McpServerRequest *request,
                     Mrtr             *mrtr)
{
  g_printerr ("elicitation/create: %s\n", mcp_server_request_get_message (request));

  if (mrtr->unrelated_called)
    {
      confirm (request);
      return TRUE;
    }

  mrtr->unrelated_called = TRUE;
  mrtr->waiting = g_object_ref (request);
  mcp_client_call_tool_async (client, "test_mrtr_unrelated", NULL, NULL, NULL, unrelated_done, mrtr);
  return TRUE;
}

static gboolean
run_request_state (McpClient  *client,
                   GError    **error)
{
  static const struct {
    const char *tool;
    const char *expected;
  } calls[] = {
    { "test_mrtr_echo_state", "echo-state-ok" },
    { "test_mrtr_no_state", "no-state-ok" },
    { "test_mrtr_no_result_type", "no-result-type-test-ok" },
  };
  Mrtr mrtr = { client };
  gulong handler;
  gboolean ok = TRUE;

  if (!expect_tool (client, "test_mrtr_echo_state", error))
    return FALSE;

  handler = g_signal_connect (client, "server-request::elicitation/create",
                              G_CALLBACK (on_mrtr_elicitation), &mrtr);
  for (gsize i = 0; ok && i < G_N_ELEMENTS (calls); i++)
    {
      g_autofree char *text = call_tool (client, calls[i].tool, NULL, error);

      ok = text != NULL && expect_text (text, calls[i].expected, calls[i].tool, error);
    }
  g_signal_handler_disconnect (client, handler);

  if (ok && !mrtr.unrelated_called)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   "test_mrtr_echo_state never asked for input");
      ok = FALSE;
    }
  if (ok && mrtr.unrelated_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&mrtr.unrelated_error));
      ok = FALSE;
    }
  if (ok)
    ok = expect_text (mrtr.unrelated_text, "unrelated-ok", "test_mrtr_unrelated", error);

  g_clear_error (&mrtr.unrelated_error);
  g_free (mrtr.unrelated_text);
  return ok;
}

/* Skills (SEP-2640) --------------------------------------------------------- */

/* Made before the client connects, so that it declares the extension. */
static McpSkills *skills;

static GListModel *
list_skills (GError **error)
{
  GListModel *list;
  Wait wait = { 0 };

  if (!mcp_skills_get_supported (skills))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "the server does not declare the Skills extension");
      return NULL;
    }

  mcp_skills_list_async (skills, NULL, NULL, wait_done, &wait);
  if (!wait_for (&wait, "skills/list", error))
    return NULL;
  list = mcp_skills_list_finish (skills, wait.result, error);
  g_object_unref (wait.result);
  return list;
}

/* Lists the skills and reads no file: none is loaded. */
static gboolean
run_skills_list (McpClient  *client,
                 GError    **error)
{
  g_autoptr(GListModel) list = list_skills (error);

  if (list == NULL)
    return FALSE;
  g_printerr ("%u skills listed, none loaded\n", g_list_model_get_n_items (list));
  return TRUE;
}

/* Loads each skill, then reads its files, as an agent that uses it would.
 * A skill whose content fails verification is not used: that is the
 * expected outcome against the tampered skills of the verify scenarios. */
static gboolean
run_skills_use (McpClient  *client,
                GError    **error)
{
  g_autoptr(GListModel) list = list_skills (error);

  if (list == NULL)
    return FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(McpSkill) skill = g_list_model_get_item (list, i);
      GListModel *files = mcp_skill_get_files (skill);
      g_autoptr(GBytes) skill_md = NULL;
      g_autoptr(GError) local_error = NULL;
      Wait wait = { 0 };

      mcp_skills_load_async (skills, skill, NULL, NULL, wait_done, &wait);
      if (!wait_for (&wait, "the SKILL.md", error))
        return FALSE;
      skill_md = mcp_skills_load_finish (skills, wait.result, &local_error);
      g_object_unref (wait.result);
      if (skill_md == NULL)
        {
          if (!g_error_matches (local_error, MCP_ERROR, MCP_ERROR_SKILL_VERIFICATION_FAILED))
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return FALSE;
            }
          g_printerr ("skill %s rejected: %s\n", mcp_skill_get_uri (skill), local_error->message);
          continue;
        }

      for (guint j = 0; j < g_list_model_get_n_items (files); j++)
        {
          g_autoptr(McpSkillFile) file = g_list_model_get_item (files, j);
          g_autoptr(GBytes) bytes = NULL;
          Wait read = { 0 };

          if (g_str_equal (mcp_skill_file_get_uri (file), mcp_skill_get_uri (skill)))
            continue;
          mcp_skills_read_file_async (skills, skill, mcp_skill_file_get_uri (file), NULL, NULL,
                                      wait_done, &read);
          if (!wait_for (&read, "a skill file", error))
            return FALSE;
          bytes = mcp_skills_read_file_finish (skills, read.result, error);
          g_object_unref (read.result);
          if (bytes == NULL)
            return FALSE;
        }
      g_printerr ("skill %s loaded, %u files\n", mcp_skill_get_uri (skill),
                  g_list_model_get_n_items (files));
    }

  return TRUE;
}

static const Scenario scenarios[] = {
  { "initialize", MCP_CLIENT_FEATURES_NONE, run_connect_only },
  { "tools_call", MCP_CLIENT_FEATURES_NONE, run_tools_call },
  { "elicitation-sep1034-client-defaults",
    MCP_CLIENT_FEATURES_ELICITATION_FORM | MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS,
    run_elicitation_defaults },
  { "sse-retry", MCP_CLIENT_FEATURES_NONE, run_sse_retry },
  { "json-schema-2020-12-preservation", MCP_CLIENT_FEATURES_NONE, run_schema_preservation },
  { "json-schema-ref-no-deref", MCP_CLIENT_FEATURES_NONE, run_list_tools },
  { "request-metadata",
    MCP_CLIENT_FEATURES_ROOTS | MCP_CLIENT_FEATURES_SAMPLING | MCP_CLIENT_FEATURES_ELICITATION_FORM,
    run_ping },
  { "sep-2322-client-request-state", MCP_CLIENT_FEATURES_ELICITATION_FORM, run_request_state },
  { "http-standard-headers", MCP_CLIENT_FEATURES_NONE, run_standard_headers },
  { "http-custom-headers", MCP_CLIENT_FEATURES_NONE, run_context_tool_calls },
  { "http-invalid-tool-headers", MCP_CLIENT_FEATURES_NONE, run_call_every_tool },
  { "sep-2640-client-no-prefetch", MCP_CLIENT_FEATURES_NONE, run_skills_list },
  { "sep-2640-client-verify-digest", MCP_CLIENT_FEATURES_NONE, run_skills_use },
  { "sep-2640-client-verify-size", MCP_CLIENT_FEATURES_NONE, run_skills_use },
  { "sep-2640-client-verify-frontmatter", MCP_CLIENT_FEATURES_NONE, run_skills_use },
};

static const Scenario fallback = { NULL, MCP_CLIENT_FEATURES_NONE, run_connect_only };

int
main (int   argc,
      char *argv[])
{
  g_autoptr(McpHttpTransport) transport = NULL;
  g_autoptr(McpAuthorization) authorization = NULL;
  g_autoptr(SoupSession) browser = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  const Scenario *scenario = &fallback;
  const char *url;

  if (argc < 2)
    {
      g_printerr ("Usage: %s URL\n"
                  "The scenario is named in the environment variable "
                  "MCP_CONFORMANCE_SCENARIO.\n", argv[0]);
      return 2;
    }

  /* The suite appends the server URL: it is the last argument, taken as is. */
  url = argv[argc - 1];
  scenario_name = g_getenv ("MCP_CONFORMANCE_SCENARIO");
  for (gsize i = 0; scenario_name != NULL && i < G_N_ELEMENTS (scenarios); i++)
    if (g_str_equal (scenario_name, scenarios[i].name))
      scenario = &scenarios[i];

  if (scenario == &fallback && scenario_name != NULL && g_str_has_prefix (scenario_name, "auth/"))
    scenario = &auth_scenario;

  if (scenario == &fallback)
    g_printerr ("scenario %s: not known here; connecting and closing\n",
                scenario_name ? scenario_name : "(none)");
  else
    g_printerr ("scenario %s against %s\n", scenario_name, url);

  transport = mcp_http_transport_new (url);
  if (scenario == &auth_scenario)
    {
      browser = soup_session_new ();
      authorization = authorization_new (scenario_name, browser);
      mcp_http_transport_set_authorization (transport, authorization);
    }
  client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_client_name (client, "mcp-glib-conformance-client");
  mcp_client_set_client_version (client, "1.0");
  mcp_client_set_request_timeout (client, STEP_TIMEOUT_SECONDS * 1000);
  mcp_client_set_connect_timeout (client, STEP_TIMEOUT_SECONDS * 1000);
  mcp_client_set_features (client, scenario->features);
  if (g_str_has_prefix (scenario_name ? scenario_name : "", "sep-2640-"))
    skills = mcp_skills_new (client);
  if (scenario->features & MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS)
    g_signal_connect (client, "server-request::elicitation/create",
                      G_CALLBACK (on_elicitation), NULL);

  if (!connect_client (client, &error) ||
      !scenario->run (client, &error) ||
      !close_client (client, &error))
    {
      g_printerr ("mcp-conformance-client: scenario %s failed: %s\n",
                  scenario_name ? scenario_name : "(none)", error->message);
      /* Not return: a call that timed out still points at its Wait on a
       * stack frame that is gone, and disposing of the client may complete
       * it. exit() leaves the automatic cleanups alone. */
      exit (EXIT_FAILURE);
    }

  g_printerr ("scenario %s: done\n", scenario_name ? scenario_name : "(none)");
  g_clear_object (&skills);
  return 0;
}
