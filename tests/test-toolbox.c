/* test-toolbox.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpToolbox, the agent bridge, against the scripted server and the demo
 * server in a group: the tools offered and their names, the definitions
 * of each API, the calls read from each API's response, approval,
 * timeouts, cancellation, and the results. The JSON of every API is
 * validated against the APIs' published schemas by test_toolbox.py.
 */

#include <string.h>

#include <libsoup/soup.h>

#include "mcp-group-test-util.h"

typedef struct
{
  McpClientGroup *group;
  McpToolbox     *toolbox;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(McpServerConfig) test = mcp_server_config_new_stdio ("test", (const char *[]) { test_server, NULL });
  g_autoptr(McpServerConfig) demo = mcp_server_config_new_stdio ("demo", (const char *[]) { demo_server, NULL });
  g_autoptr(GError) error = NULL;

  fixture->group = mcp_client_group_new ();
  g_assert_nonnull (mcp_client_group_add_config (fixture->group, test, &error));
  g_assert_no_error (error);
  g_assert_nonnull (mcp_client_group_add_config (fixture->group, demo, &error));
  g_assert_no_error (error);
  connect_group (fixture->group);
  fixture->toolbox = mcp_toolbox_new (fixture->group, MCP_TOOLBOX_FORMAT_OPENAI);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->toolbox);
  close_group (fixture->group);
  g_clear_object (&fixture->group);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  return node;
}

static JsonNode *
run_turn (McpToolbox   *toolbox,
          const char   *response,
          GCancellable *cancellable,
          GError      **error)
{
  g_autoptr(JsonNode) node = parse (response);
  g_autoptr(GAsyncResult) result = NULL;

  mcp_toolbox_run_async (toolbox, node, cancellable, mcp_test_store_result_cb, &result);
  return mcp_toolbox_run_finish (toolbox, mcp_test_await_result (&result, "the turn"), error);
}

static JsonNode *
run_turn_ok (McpToolbox *toolbox,
             const char *response)
{
  g_autoptr(GError) error = NULL;
  JsonNode *messages = run_turn (toolbox, response, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (messages));
  return messages;
}

static JsonObject *
element (JsonNode *array,
         guint     index)
{
  JsonArray *list = json_node_get_array (array);

  g_assert_cmpuint (index, <, json_array_get_length (list));
  return json_array_get_object_element (list, index);
}

static gboolean
text_contains (const char *text,
               const char *part)
{
  return text != NULL && strstr (text, part) != NULL;
}

static gboolean
json_mentions (JsonNode   *node,
               const char *part)
{
  g_autofree char *text = json_to_string (node, FALSE);

  return strstr (text, part) != NULL;
}

static gboolean
approve_all (McpToolbox     *toolbox,
             McpToolboxCall *call,
             gpointer        user_data)
{
  mcp_toolbox_call_approve (call);
  return TRUE;
}

static McpGroupItem *
offered (McpToolbox *toolbox,
         const char *name)
{
  McpGroupItem *item = mcp_toolbox_lookup_tool (toolbox, name);

  g_assert_nonnull (item);
  return item;
}

static void
test_tools (Fixture       *fixture,
            gconstpointer  data)
{
  GListModel *tools = mcp_toolbox_get_tools (fixture->toolbox);
  GListModel *all = mcp_client_group_get_tools (fixture->group);
  McpGroupItem *app_only = mcp_client_group_lookup (fixture->group, MCP_GROUP_ITEM_KIND_TOOL,
                                                    "app-only", NULL);
  McpGroupItem *model_only = mcp_client_group_lookup (fixture->group, MCP_GROUP_ITEM_KIND_TOOL,
                                                      "model-only", NULL);
  McpGroupItem *echo = mcp_client_group_lookup (fixture->group, MCP_GROUP_ITEM_KIND_TOOL,
                                                "test__echo", NULL);
  guint n_all = g_list_model_get_n_items (all);

  g_assert_nonnull (app_only);
  g_assert_cmpint (mcp_tool_get_visibility (MCP_TOOL (mcp_group_item_get_item (app_only))), ==,
                   MCP_TOOL_VISIBILITY_APP);
  g_assert_cmpint (mcp_tool_get_visibility (MCP_TOOL (mcp_group_item_get_item (model_only))), ==,
                   MCP_TOOL_VISIBILITY_MODEL);
  g_assert_cmpint (mcp_tool_get_visibility (MCP_TOOL (mcp_group_item_get_item (echo))), ==,
                   MCP_TOOL_VISIBILITY_MODEL | MCP_TOOL_VISIBILITY_APP);

  /* Every tool but the app's, named by its qualified name. */
  g_assert_cmpuint (g_list_model_get_n_items (tools), ==, n_all - 1);
  g_assert_null (mcp_toolbox_get_tool_name (fixture->toolbox, app_only));
  g_assert_null (mcp_toolbox_lookup_tool (fixture->toolbox, "test__app-only"));
  g_assert_cmpstr (mcp_toolbox_get_tool_name (fixture->toolbox, echo), ==, "test__echo");
  g_assert_true (offered (fixture->toolbox, "test__echo") == echo);
  g_assert_true (offered (fixture->toolbox, "demo__echo") != echo);
  g_assert_nonnull (offered (fixture->toolbox, "test__model-only"));

  /* It follows the group. */
  g_assert_true (mcp_client_group_remove (fixture->group, "demo"));
  g_assert_cmpuint (g_list_model_get_n_items (tools), ==, g_list_model_get_n_items (all) - 1);
  g_assert_null (mcp_toolbox_lookup_tool (fixture->toolbox, "demo__echo"));
  g_assert_true (offered (fixture->toolbox, "test__echo") == echo);
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpGroupItem) item = g_list_model_get_item (tools, i);

      g_assert_cmpstr (mcp_group_item_get_server_name (item), ==, "test");
    }
}

static char *
odd_names (McpGroupItemKind  kind,
           const char       *server,
           const char       *name,
           gpointer          user_data)
{
  /* Dots, a colon, a space, accents, a leading digit, and length. */
  if (g_str_equal (name, "echo"))
    return g_strdup_printf ("9 %s.échos:%s", server, name);
  if (g_str_equal (name, "add"))
    return g_strdup_printf ("%s__%s__%s", server, name,
                            "a-name-long-enough-to-pass-every-limit-of-every-api-there-is");
  return g_strdup_printf ("%s__%s", server, name);
}

static gboolean
valid_name (const char *name)
{
  g_autoptr(GRegex) regex = g_regex_new ("^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$", 0, 0, NULL);

  return g_regex_match (regex, name, 0, NULL);
}

static void
test_names (void)
{
  g_autoptr(McpServerConfig) test = mcp_server_config_new_stdio ("test", (const char *[]) { test_server, NULL });
  g_autoptr(McpServerConfig) demo = mcp_server_config_new_stdio ("demo", (const char *[]) { demo_server, NULL });
  g_autoptr(McpClientGroup) group = mcp_client_group_new ();
  g_autoptr(McpToolbox) toolbox = NULL;
  g_autoptr(McpToolbox) again = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GListModel *tools;
  const char *name;

  mcp_client_group_set_name_func (group, odd_names, NULL, NULL);
  g_assert_nonnull (mcp_client_group_add_config (group, test, NULL));
  g_assert_nonnull (mcp_client_group_add_config (group, demo, NULL));
  connect_group (group);

  toolbox = mcp_toolbox_new (group, MCP_TOOLBOX_FORMAT_GEMINI);
  again = mcp_toolbox_new (group, MCP_TOOLBOX_FORMAT_ANTHROPIC);
  tools = mcp_toolbox_get_tools (toolbox);
  g_assert_cmpuint (g_list_model_get_n_items (tools), >, 20);
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpGroupItem) item = g_list_model_get_item (tools, i);

      name = mcp_toolbox_get_tool_name (toolbox, item);
      g_assert_true (valid_name (name));
      g_assert_false (g_hash_table_contains (seen, name));
      g_hash_table_add (seen, (gpointer) name);
      /* Reversible, and the same in another toolbox. */
      g_assert_true (mcp_toolbox_lookup_tool (toolbox, name) == item);
      g_assert_cmpstr (mcp_toolbox_get_tool_name (again, item), ==, name);
    }

  /* Names that fit stay; the others get a hash of the original. */
  g_assert_nonnull (mcp_toolbox_lookup_tool (toolbox, "test__sleep"));
  name = mcp_toolbox_get_tool_name (toolbox, mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL,
                                                                      "9 test.échos:echo", NULL));
  g_assert_true (g_str_has_prefix (name, "_9_test"));
  g_assert_cmpuint (strlen (name), ==, strlen ("_9_test___chos_echo") + 9);
  name = mcp_toolbox_get_tool_name (toolbox, mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL,
                                                                      "9 demo.échos:echo", NULL));
  g_assert_true (g_str_has_prefix (name, "_9_demo"));
  g_assert_cmpuint (strlen (mcp_toolbox_get_tool_name (toolbox, mcp_client_group_lookup (group, MCP_GROUP_ITEM_KIND_TOOL,
                                                                                          "test__add__a-name-long-enough-to-pass-every-limit-of-every-api-there-is", NULL))),
                    ==, 64);

  close_group (group);
}

static JsonObject *
definition_named (JsonNode   *definitions,
                  const char *path,
                  const char *name)
{
  JsonArray *list = json_node_get_array (definitions);

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *definition = json_array_get_object_element (list, i);

      if (g_strcmp0 (mcp_test_lookup_string (definition, path), name) == 0)
        return definition;
    }

  g_error ("No definition named %s", name);
}

static void
test_definitions (Fixture       *fixture,
                  gconstpointer  data)
{
  McpToolbox *toolbox = fixture->toolbox;
  g_autoptr(JsonNode) openai = NULL;
  g_autoptr(JsonNode) responses = NULL;
  g_autoptr(JsonNode) anthropic = NULL;
  g_autoptr(JsonNode) gemini = NULL;
  g_autoptr(JsonNode) ollama = NULL;
  g_autoptr(JsonNode) strict = NULL;
  JsonObject *refs;
  JsonObject *declarations;
  guint n_tools = g_list_model_get_n_items (mcp_toolbox_get_tools (toolbox));

  openai = mcp_toolbox_dup_definitions (toolbox);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (openai)), ==, n_tools);
  refs = definition_named (openai, "function.name", "test__refs");
  g_assert_cmpstr (mcp_test_lookup_string (refs, "type"), ==, "function");
  g_assert_cmpstr (mcp_test_lookup_string (refs, "function.parameters.properties.from.properties.x.type"), ==, "number");
  g_assert_cmpstr (mcp_test_lookup_string (refs, "function.parameters.properties.from.description"), ==, "Start");
  g_assert_null (mcp_test_lookup (refs, "function.strict"));
  g_assert_false (json_mentions (openai, "$ref"));
  g_assert_false (json_mentions (openai, "$defs"));
  g_assert_false (json_mentions (openai, "$schema"));
  g_assert_false (json_mentions (openai, "test__app-only"));

  mcp_toolbox_set_format (toolbox, MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES);
  responses = mcp_toolbox_dup_definitions (toolbox);
  refs = definition_named (responses, "name", "test__refs");
  g_assert_cmpstr (mcp_test_lookup_string (refs, "type"), ==, "function");
  g_assert_false (json_object_get_boolean_member (refs, "strict"));
  g_assert_cmpstr (mcp_test_lookup_string (refs, "parameters.properties.to.type"), ==, "object");

  mcp_toolbox_set_format (toolbox, MCP_TOOLBOX_FORMAT_ANTHROPIC);
  anthropic = mcp_toolbox_dup_definitions (toolbox);
  refs = definition_named (anthropic, "name", "test__refs");
  g_assert_cmpstr (mcp_test_lookup_string (refs, "input_schema.type"), ==, "object");
  g_assert_cmpstr (mcp_test_lookup_string (refs, "input_schema.properties.to.properties.y.type"), ==, "number");

  mcp_toolbox_set_format (toolbox, MCP_TOOLBOX_FORMAT_OLLAMA);
  ollama = mcp_toolbox_dup_definitions (toolbox);
  refs = definition_named (ollama, "function.name", "test__refs");
  g_assert_cmpstr (mcp_test_lookup_string (refs, "function.parameters.properties.to.type"), ==, "object");

  /* Gemini: one tool of declarations, OpenAPI's types, its members only. */
  mcp_toolbox_set_format (toolbox, MCP_TOOLBOX_FORMAT_GEMINI);
  gemini = mcp_toolbox_dup_definitions (toolbox);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (gemini)), ==, 1);
  declarations = element (gemini, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (declarations, "functionDeclarations")),
                    ==, n_tools);
  {
    g_autoptr(JsonNode) list = json_node_init_array (json_node_alloc (),
                                                     json_object_get_array_member (declarations, "functionDeclarations"));

    refs = definition_named (list, "name", "test__refs");
    g_assert_cmpstr (mcp_test_lookup_string (refs, "parameters.type"), ==, "OBJECT");
    g_assert_cmpstr (mcp_test_lookup_string (refs, "parameters.properties.from.type"), ==, "OBJECT");
    g_assert_cmpstr (mcp_test_lookup_string (refs, "parameters.properties.label.type"), ==, "STRING");
    g_assert_true (json_node_get_boolean (mcp_test_lookup (refs, "parameters.properties.label.nullable")));
    g_assert_cmpstr (mcp_test_lookup_string (refs, "parameters.properties.mode.type"), ==, "STRING");
    g_assert_cmpstr (json_array_get_string_element (json_node_get_array (mcp_test_lookup (refs, "parameters.properties.mode.enum")), 0),
                     ==, "fast");
    g_assert_cmpstr (mcp_test_lookup_string (refs, "parameters.properties.mode.format"), ==, "enum");
    g_assert_null (mcp_test_lookup (refs, "parameters.properties.count.format"));
    g_assert_null (mcp_test_lookup (refs, "parameters.properties.count.exclusiveMinimum"));
    /* No arguments, no parameters. */
    g_assert_null (mcp_test_lookup (definition_named (list, "name", "test__fail"), "parameters"));
  }
  g_assert_false (json_mentions (gemini, "additionalProperties"));
  g_assert_false (json_mentions (gemini, "$ref"));
  g_assert_false (json_mentions (gemini, "\"const\""));

  /* A schema that refers to itself, or to nothing: bounded, without a
   * reference left. */
  for (guint format = MCP_TOOLBOX_FORMAT_OPENAI; format <= MCP_TOOLBOX_FORMAT_OLLAMA; format++)
    {
      g_autoptr(JsonNode) all = NULL;
      g_autofree char *text = NULL;

      mcp_toolbox_set_format (toolbox, format);
      all = mcp_toolbox_dup_definitions (toolbox);
      text = json_to_string (all, FALSE);
      g_assert_null (strstr (text, "$ref"));
      g_assert_cmpuint (strlen (text), <, 4 * 1024 * 1024);
    }

  /* OpenAI's strict mode: all required, optional ones nullable, closed. */
  mcp_toolbox_set_format (toolbox, MCP_TOOLBOX_FORMAT_OPENAI);
  mcp_toolbox_set_strict (toolbox, TRUE);
  strict = mcp_toolbox_dup_definitions (toolbox);
  refs = definition_named (strict, "function.name", "test__refs");
  g_assert_true (json_node_get_boolean (mcp_test_lookup (refs, "function.strict")));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (mcp_test_lookup (refs, "function.parameters.required"))), ==, 5);
  g_assert_false (json_node_get_boolean (mcp_test_lookup (refs, "function.parameters.additionalProperties")));
  g_assert_false (json_node_get_boolean (mcp_test_lookup (refs, "function.parameters.properties.from.additionalProperties")));
  g_assert_nonnull (mcp_test_lookup (refs, "function.parameters.properties.to.type"));
  g_assert_true (JSON_NODE_HOLDS_ARRAY (mcp_test_lookup (refs, "function.parameters.properties.to.type")));
  /* The log tool's data is anything: strict mode cannot say that. */
  g_assert_false (json_node_get_boolean (mcp_test_lookup (definition_named (strict, "function.name", "test__log"),
                                                          "function.strict")));
}

#define OPENAI_CALLS(calls) \
  "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"finish_reason\":\"tool_calls\"," \
  "\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[" calls "]}}]}"
#define OPENAI_CALL(id, name, arguments) \
  "{\"id\":\"" id "\",\"type\":\"function\",\"function\":{\"name\":\"" name "\",\"arguments\":" arguments "}}"

static void
test_run_openai (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(JsonNode) messages = NULL;
  JsonObject *message;

  messages = run_turn_ok (fixture->toolbox,
                          OPENAI_CALLS (OPENAI_CALL ("call_1", "test__echo", "\"{\\\"text\\\":\\\"hi\\\"}\"") ","
                                        OPENAI_CALL ("call_2", "test__arguments", "\"{}\"") ","
                                        OPENAI_CALL ("call_3", "nowhere", "\"{}\"") ","
                                        OPENAI_CALL ("call_4", "test__echo", "\"{not json\"") ","
                                        OPENAI_CALL ("call_5", "test__echo", "\"[1]\"")));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (messages)), ==, 5);

  message = element (messages, 0);
  g_assert_cmpstr (mcp_test_lookup_string (message, "role"), ==, "tool");
  g_assert_cmpstr (mcp_test_lookup_string (message, "tool_call_id"), ==, "call_1");
  g_assert_cmpstr (mcp_test_lookup_string (message, "content"), ==, "hi");

  /* Not read-only, and nobody to ask. */
  message = element (messages, 1);
  g_assert_cmpstr (mcp_test_lookup_string (message, "tool_call_id"), ==, "call_2");
  g_assert_true (text_contains (mcp_test_lookup_string (message, "content"), "not marked read-only"));

  message = element (messages, 2);
  g_assert_true (text_contains (mcp_test_lookup_string (message, "content"), "no tool named “nowhere”"));
  message = element (messages, 3);
  g_assert_true (text_contains (mcp_test_lookup_string (message, "content"), "not valid JSON"));
  message = element (messages, 4);
  g_assert_true (text_contains (mcp_test_lookup_string (message, "content"), "not a JSON object"));

  /* No call: the model has answered. */
  g_clear_pointer (&messages, json_node_unref);
  messages = run_turn_ok (fixture->toolbox,
                          "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"done\"}}]}");
  g_assert_cmpuint (json_array_get_length (json_node_get_array (messages)), ==, 0);
}

static void
test_run_responses (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(JsonNode) messages = NULL;
  JsonObject *item;

  mcp_toolbox_set_format (fixture->toolbox, MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES);
  messages = run_turn_ok (fixture->toolbox,
                          "{\"id\":\"resp_1\",\"object\":\"response\",\"output\":["
                          "{\"type\":\"reasoning\",\"id\":\"rs_1\",\"summary\":[]},"
                          "{\"type\":\"function_call\",\"id\":\"fc_1\",\"call_id\":\"call_a\","
                          "\"name\":\"test__echo\",\"arguments\":\"{\\\"text\\\":\\\"one\\\"}\"},"
                          "{\"type\":\"function_call\",\"id\":\"fc_2\",\"call_id\":\"call_b\","
                          "\"name\":\"demo__add\",\"arguments\":\"{\\\"a\\\":1,\\\"b\\\":2}\"}]}");
  g_assert_cmpuint (json_array_get_length (json_node_get_array (messages)), ==, 2);
  item = element (messages, 0);
  g_assert_cmpstr (mcp_test_lookup_string (item, "type"), ==, "function_call_output");
  g_assert_cmpstr (mcp_test_lookup_string (item, "call_id"), ==, "call_a");
  g_assert_cmpstr (mcp_test_lookup_string (item, "output"), ==, "one");
  item = element (messages, 1);
  g_assert_cmpstr (mcp_test_lookup_string (item, "call_id"), ==, "call_b");
  g_assert_true (text_contains (mcp_test_lookup_string (item, "output"), "not marked read-only"));
}

static void
test_run_anthropic (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(JsonNode) messages = NULL;
  JsonArray *blocks;
  JsonObject *block;
  JsonArray *content;
  gboolean image = FALSE;
  g_autoptr(GString) text = g_string_new (NULL);

  mcp_toolbox_set_format (fixture->toolbox, MCP_TOOLBOX_FORMAT_ANTHROPIC);
  g_signal_connect (fixture->toolbox, "approve-call", G_CALLBACK (approve_all), NULL);
  messages = run_turn_ok (fixture->toolbox,
                          "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"stop_reason\":\"tool_use\","
                          "\"content\":[{\"type\":\"text\",\"text\":\"Let me look.\"},"
                          "{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"test__content-kinds\",\"input\":{}},"
                          "{\"type\":\"tool_use\",\"id\":\"toolu_2\",\"name\":\"test__tool-error\",\"input\":{}}]}");

  /* One user message of results. */
  g_assert_cmpuint (json_array_get_length (json_node_get_array (messages)), ==, 1);
  g_assert_cmpstr (mcp_test_lookup_string (element (messages, 0), "role"), ==, "user");
  blocks = json_object_get_array_member (element (messages, 0), "content");
  g_assert_cmpuint (json_array_get_length (blocks), ==, 2);

  block = json_array_get_object_element (blocks, 0);
  g_assert_cmpstr (mcp_test_lookup_string (block, "type"), ==, "tool_result");
  g_assert_cmpstr (mcp_test_lookup_string (block, "tool_use_id"), ==, "toolu_1");
  g_assert_false (json_object_get_boolean_member (block, "is_error"));
  content = json_object_get_array_member (block, "content");
  for (guint i = 0; i < json_array_get_length (content); i++)
    {
      JsonObject *part = json_array_get_object_element (content, i);

      if (g_str_equal (mcp_test_lookup_string (part, "type"), "image"))
        {
          image = TRUE;
          g_assert_cmpstr (mcp_test_lookup_string (part, "source.type"), ==, "base64");
          g_assert_cmpstr (mcp_test_lookup_string (part, "source.media_type"), ==, "image/png");
          g_assert_cmpstr (mcp_test_lookup_string (part, "source.data"), ==, "iVBORw==");
        }
      else
        g_string_append (text, mcp_test_lookup_string (part, "text"));
    }
  g_assert_true (image);
  g_assert_true (text_contains (text->str, "hello"));
  g_assert_true (text_contains (text->str, "[Audio: audio/wav, 4 bytes, not shown]"));
  g_assert_true (text_contains (text->str, "[Resource link: file:///tmp/x.txt “x.txt” (text/plain)]"));
  g_assert_true (text_contains (text->str, "[Resource file:///tmp/y.txt]\nembedded"));
  g_assert_true (text_contains (text->str, "\"type\":\"hologram\""));

  block = json_array_get_object_element (blocks, 1);
  g_assert_cmpstr (mcp_test_lookup_string (block, "tool_use_id"), ==, "toolu_2");
  g_assert_true (json_object_get_boolean_member (block, "is_error"));
}

static void
test_run_gemini (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(JsonNode) messages = NULL;
  JsonArray *parts;
  JsonObject *part;

  mcp_toolbox_set_format (fixture->toolbox, MCP_TOOLBOX_FORMAT_GEMINI);
  g_signal_connect (fixture->toolbox, "approve-call", G_CALLBACK (approve_all), NULL);
  messages = run_turn_ok (fixture->toolbox,
                          "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":["
                          "{\"functionCall\":{\"name\":\"demo__add\",\"args\":{\"a\":2,\"b\":3}}},"
                          "{\"functionCall\":{\"id\":\"fc-9\",\"name\":\"test__tool-error\",\"args\":{}}},"
                          "{\"functionCall\":{\"name\":\"test__content-kinds\"}}]},"
                          "\"finishReason\":\"STOP\"}]}");
  g_assert_cmpuint (json_array_get_length (json_node_get_array (messages)), ==, 1);
  g_assert_cmpstr (mcp_test_lookup_string (element (messages, 0), "role"), ==, "user");
  parts = json_object_get_array_member (element (messages, 0), "parts");
  g_assert_cmpuint (json_array_get_length (parts), ==, 3);

  part = json_array_get_object_element (parts, 0);
  g_assert_cmpstr (mcp_test_lookup_string (part, "functionResponse.name"), ==, "demo__add");
  g_assert_null (mcp_test_lookup (part, "functionResponse.id"));
  g_assert_true (text_contains (mcp_test_lookup_string (part, "functionResponse.response.output"), "5"));

  part = json_array_get_object_element (parts, 1);
  g_assert_cmpstr (mcp_test_lookup_string (part, "functionResponse.id"), ==, "fc-9");
  g_assert_nonnull (mcp_test_lookup_string (part, "functionResponse.response.error"));
  g_assert_null (mcp_test_lookup (part, "functionResponse.response.output"));

  /* No image in Gemini's function responses: a description. */
  part = json_array_get_object_element (parts, 2);
  g_assert_true (text_contains (mcp_test_lookup_string (part, "functionResponse.response.output"),
                                "[Image: image/png, 4 bytes, not shown]"));
}

static void
test_run_ollama (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(JsonNode) messages = NULL;
  JsonObject *message;

  mcp_toolbox_set_format (fixture->toolbox, MCP_TOOLBOX_FORMAT_OLLAMA);
  messages = run_turn_ok (fixture->toolbox,
                          "{\"model\":\"llama3.2\",\"created_at\":\"2026-01-01T00:00:00Z\",\"done\":true,"
                          "\"message\":{\"role\":\"assistant\",\"content\":\"\",\"tool_calls\":["
                          "{\"function\":{\"name\":\"test__echo\",\"arguments\":{\"text\":\"llama\"}}},"
                          "{\"function\":{\"name\":\"test__model-only\",\"arguments\":{\"n\":1}}}]}}");
  g_assert_cmpuint (json_array_get_length (json_node_get_array (messages)), ==, 2);
  message = element (messages, 0);
  g_assert_cmpstr (mcp_test_lookup_string (message, "role"), ==, "tool");
  g_assert_cmpstr (mcp_test_lookup_string (message, "tool_name"), ==, "test__echo");
  g_assert_cmpstr (mcp_test_lookup_string (message, "content"), ==, "llama");
  message = element (messages, 1);
  g_assert_cmpstr (mcp_test_lookup_string (message, "content"), ==, "{\"n\":1}");
}

typedef struct
{
  GPtrArray *calls;
  gboolean   deny;
} Approver;

static gboolean
keep_call (McpToolbox     *toolbox,
           McpToolboxCall *call,
           Approver       *approver)
{
  g_ptr_array_add (approver->calls, g_object_ref (call));
  return TRUE;
}

static gboolean
answer_calls (gpointer user_data)
{
  Approver *approver = user_data;

  for (guint i = 0; i < approver->calls->len; i++)
    {
      McpToolboxCall *call = g_ptr_array_index (approver->calls, i);

      if (g_str_equal (mcp_toolbox_call_get_name (call), "test__arguments"))
        mcp_toolbox_call_deny (call, "it looks dangerous");
      else
        mcp_toolbox_call_approve (call);
      /* Only the first answer counts. */
      mcp_toolbox_call_deny (call, NULL);
    }

  return G_SOURCE_REMOVE;
}

static void
test_approval (Fixture       *fixture,
               gconstpointer  data)
{
  Approver approver = { g_ptr_array_new_with_free_func (g_object_unref), FALSE };
  g_autoptr(JsonNode) messages = NULL;
  McpToolboxCall *call;

  g_signal_connect (fixture->toolbox, "approve-call", G_CALLBACK (keep_call), &approver);
  g_idle_add (answer_calls, &approver);
  messages = run_turn_ok (fixture->toolbox,
                          OPENAI_CALLS (OPENAI_CALL ("call_1", "test__arguments", "\"{\\\"x\\\":1}\"") ","
                                        OPENAI_CALL ("call_2", "demo__add", "\"{\\\"a\\\":1,\\\"b\\\":1}\"")));

  /* What the application was asked. */
  g_assert_cmpuint (approver.calls->len, ==, 2);
  call = g_ptr_array_index (approver.calls, 0);
  g_assert_cmpstr (mcp_toolbox_call_get_id (call), ==, "call_1");
  g_assert_cmpstr (mcp_toolbox_call_get_server_name (call), ==, "test");
  g_assert_cmpstr (mcp_tool_get_name (mcp_toolbox_call_get_tool (call)), ==, "arguments");
  g_assert_true (MCP_IS_TOOLBOX_CALL (call));
  g_assert_cmpstr (mcp_group_item_get_name (mcp_toolbox_call_get_item (call)), ==, "arguments");
  g_assert_false (mcp_toolbox_call_get_read_only (call));
  g_assert_nonnull (mcp_toolbox_call_get_annotations (call));
  g_assert_cmpint (json_object_get_int_member (mcp_toolbox_call_get_arguments (call), "x"), ==, 1);
  g_assert_true (g_cancellable_is_cancelled (mcp_toolbox_call_get_cancellable (call)) == FALSE);

  g_assert_true (text_contains (mcp_test_lookup_string (element (messages, 0), "content"),
                                "did not allow this call of “test__arguments”: it looks dangerous"));
  /* The text, and the structured content that it does not hold. */
  g_assert_cmpstr (mcp_test_lookup_string (element (messages, 1), "content"), ==, "1 + 1 = 2\n{\"sum\":2.0}");

  g_ptr_array_unref (approver.calls);
}

static gboolean
take_and_drop (McpToolbox     *toolbox,
               McpToolboxCall *call,
               GPtrArray      *kept)
{
  g_ptr_array_add (kept, g_object_ref (call));
  return TRUE;
}

static gboolean
drop_kept (gpointer user_data)
{
  g_ptr_array_set_size (user_data, 0);
  return G_SOURCE_REMOVE;
}

static void
test_dropped (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(JsonNode) messages = NULL;

  /* A handler that takes the call and lets go of it without answering:
   * the turn still ends, and the model is told. */
  g_signal_connect (fixture->toolbox, "approve-call", G_CALLBACK (take_and_drop), kept);
  g_idle_add (drop_kept, kept);
  messages = run_turn_ok (fixture->toolbox,
                          OPENAI_CALLS (OPENAI_CALL ("d", "test__echo", "\"{\\\"text\\\":\\\"x\\\"}\"")));
  g_assert_true (text_contains (mcp_test_lookup_string (element (messages, 0), "content"),
                                "the application did not say whether it may"));
}

static void
test_timeout (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(JsonNode) messages = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_cmpuint (mcp_toolbox_get_call_timeout (fixture->toolbox), ==, MCP_TOOLBOX_DEFAULT_CALL_TIMEOUT);
  mcp_toolbox_set_call_timeout (fixture->toolbox, 300);
  g_assert_cmpuint (mcp_toolbox_get_call_timeout (fixture->toolbox), ==, 300);
  g_signal_connect (fixture->toolbox, "approve-call", G_CALLBACK (approve_all), NULL);
  messages = run_turn_ok (fixture->toolbox,
                          OPENAI_CALLS (OPENAI_CALL ("slow", "test__sleep", "\"{\\\"ms\\\":20000}\"") ","
                                        OPENAI_CALL ("fast", "test__echo", "\"{\\\"text\\\":\\\"quick\\\"}\"")));
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 10000);
  g_assert_true (text_contains (mcp_test_lookup_string (element (messages, 0), "content"),
                                "did not answer within 1 second;"));
  g_assert_cmpstr (mcp_test_lookup_string (element (messages, 1), "content"), ==, "quick");
}

static gboolean
cancel_soon (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

static gboolean
never_answer (McpToolbox     *toolbox,
              McpToolboxCall *call,
              GPtrArray      *kept)
{
  if (g_str_equal (mcp_toolbox_call_get_name (call), "test__sleep"))
    return FALSE;
  g_ptr_array_add (kept, g_object_ref (call));
  return TRUE;
}

static void
test_cancel (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) messages = NULL;
  gint64 start = g_get_monotonic_time ();

  /* A call waiting for the user and one running: both end with the turn. */
  g_signal_connect (fixture->toolbox, "approve-call", G_CALLBACK (never_answer), kept);
  g_timeout_add (200, cancel_soon, cancellable);
  messages = run_turn (fixture->toolbox,
                       OPENAI_CALLS (OPENAI_CALL ("a", "test__sleep", "\"{\\\"ms\\\":20000}\"") ","
                                     OPENAI_CALL ("b", "test__arguments", "\"{}\"")),
                       cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (messages);
  g_assert_cmpint (mcp_test_elapsed_ms (start), <, 10000);
  g_assert_cmpuint (kept->len, ==, 1);
  g_assert_true (g_cancellable_is_cancelled (mcp_toolbox_call_get_cancellable (g_ptr_array_index (kept, 0))));

  /* An answer after the end goes nowhere. */
  mcp_toolbox_call_approve (g_ptr_array_index (kept, 0));
  mcp_test_iterate_for (50);

  /* Cancelled before it starts. */
  g_clear_error (&error);
  messages = run_turn (fixture->toolbox,
                       OPENAI_CALLS (OPENAI_CALL ("c", "test__echo", "\"{\\\"text\\\":\\\"x\\\"}\"")),
                       cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_budget (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(JsonNode) messages = NULL;
  const char *content;

  mcp_toolbox_set_max_result_size (fixture->toolbox, 1000);
  g_assert_cmpuint (mcp_toolbox_get_max_result_size (fixture->toolbox), ==, 1000);
  g_signal_connect (fixture->toolbox, "approve-call", G_CALLBACK (approve_all), NULL);
  messages = run_turn_ok (fixture->toolbox,
                          OPENAI_CALLS (OPENAI_CALL ("big", "test__big", "\"{\\\"bytes\\\":50000}\"") ","
                                        OPENAI_CALL ("small", "test__echo", "\"{\\\"text\\\":\\\"short\\\"}\"")));
  content = mcp_test_lookup_string (element (messages, 0), "content");
  g_assert_true (text_contains (content, "[Cut: the result has 50000 bytes, of which the first 1000 are shown.]"));
  g_assert_cmpuint (strlen (content), <, 1100);
  g_assert_cmpstr (mcp_test_lookup_string (element (messages, 1), "content"), ==, "short");
}

static void
test_many_calls (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GString) response = g_string_new ("{\"tool_calls\":[");
  g_autoptr(JsonNode) messages = NULL;
  JsonArray *list;

  for (guint i = 0; i < 130; i++)
    g_string_append_printf (response, "%s{\"id\":\"c%u\",\"type\":\"function\",\"function\":"
                            "{\"name\":\"test__echo\",\"arguments\":\"{\\\"text\\\":\\\"%u\\\"}\"}}",
                            i > 0 ? "," : "", i, i);
  g_string_append (response, "]}");

  messages = run_turn_ok (fixture->toolbox, response->str);
  list = json_node_get_array (messages);
  g_assert_cmpuint (json_array_get_length (list), ==, 130);
  g_assert_cmpstr (mcp_test_lookup_string (json_array_get_object_element (list, 127), "content"), ==, "127");
  g_assert_true (text_contains (mcp_test_lookup_string (json_array_get_object_element (list, 128), "content"),
                                "at most 128 calls run per answer"));
  g_assert_cmpstr (mcp_test_lookup_string (json_array_get_object_element (list, 129), "tool_call_id"), ==, "c129");
}

static void
test_strict_nulls (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(JsonNode) messages = NULL;
  g_autoptr(JsonNode) sent = NULL;

  g_assert_false (mcp_toolbox_get_strict (fixture->toolbox));
  mcp_toolbox_set_strict (fixture->toolbox, TRUE);
  g_assert_true (mcp_toolbox_get_strict (fixture->toolbox));
  g_assert_true (mcp_toolbox_get_group (fixture->toolbox) == fixture->group);
  g_assert_cmpint (mcp_toolbox_get_format (fixture->toolbox), ==, MCP_TOOLBOX_FORMAT_OPENAI);
  messages = run_turn_ok (fixture->toolbox,
                          OPENAI_CALLS (OPENAI_CALL ("s", "test__refs",
                                                     "\"{\\\"from\\\":{\\\"x\\\":1,\\\"y\\\":2},\\\"to\\\":null,"
                                                     "\\\"label\\\":null,\\\"mode\\\":null,\\\"count\\\":3}\"")));
  sent = parse (mcp_test_lookup_string (element (messages, 0), "content"));
  g_assert_true (json_object_has_member (json_node_get_object (sent), "from"));
  g_assert_false (json_object_has_member (json_node_get_object (sent), "to"));
  g_assert_false (json_object_has_member (json_node_get_object (sent), "label"));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (sent), "count"), ==, 3);
}

static void
test_bad_responses (Fixture       *fixture,
                    gconstpointer  data)
{
  static const char * const responses[] = {
    "\"text\"", "42", "null", "[1,2]",
  };

  for (guint format = MCP_TOOLBOX_FORMAT_OPENAI; format <= MCP_TOOLBOX_FORMAT_OLLAMA; format++)
    {
      mcp_toolbox_set_format (fixture->toolbox, format);
      for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(JsonNode) messages = run_turn (fixture->toolbox, responses[i], NULL, &error);

          /* An array is a list of items or parts for some APIs. */
          if (messages != NULL)
            g_assert_cmpuint (json_array_get_length (json_node_get_array (messages)), ==, 0);
          else
            g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
        }
    }

  /* Members of the wrong types are calls that cannot run, not crashes. */
  {
    g_autoptr(JsonNode) messages = NULL;

    mcp_toolbox_set_format (fixture->toolbox, MCP_TOOLBOX_FORMAT_OPENAI);
    messages = run_turn_ok (fixture->toolbox,
                            "{\"choices\":[{\"message\":{\"tool_calls\":[7,{\"id\":1,\"function\":{\"name\":[],"
                            "\"arguments\":5}},{\"function\":{\"name\":\"test__echo\",\"arguments\":{\"text\":\"ok\"}}}]}}]}");
    g_assert_cmpuint (json_array_get_length (json_node_get_array (messages)), ==, 2);
    g_assert_true (text_contains (mcp_test_lookup_string (element (messages, 0), "content"), "names no tool"));
    g_assert_cmpstr (mcp_test_lookup_string (element (messages, 1), "content"), ==, "ok");
  }
}

/* A full turn over HTTP against the scripted model, which validates what
 * it receives against the API's published schema and answers 400 if it
 * is not valid. */
static const char * const api_names[] = {
  "openai", "openai-responses", "anthropic", "gemini", "ollama",
};
static const char * const api_paths[] = {
  "/v1/chat/completions", "/v1/responses", "/v1/messages",
  "/v1beta/models/test-model:generateContent", "/api/chat",
};

static JsonNode *
model_request (McpToolboxFormat  format,
               McpToolbox       *toolbox,
               JsonArray        *conversation)
{
  JsonObject *body = json_object_new ();
  JsonNode *node;

  json_object_set_string_member (body, "model", "test-model");
  json_object_set_array_member (body,
                                format == MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES ? "input" :
                                format == MCP_TOOLBOX_FORMAT_GEMINI ? "contents" : "messages",
                                json_array_ref (conversation));
  json_object_set_member (body, "tools", mcp_toolbox_dup_definitions (toolbox));
  if (format == MCP_TOOLBOX_FORMAT_GEMINI)
    json_object_remove_member (body, "model");
  node = json_node_init_object (json_node_alloc (), body);
  json_object_unref (body);
  return node;
}

/* Appends the model's answer; returns its text if it is final. */
static char *
model_append (McpToolboxFormat  format,
              JsonArray        *conversation,
              JsonNode         *response)
{
  JsonObject *object = json_node_get_object (response);
  JsonObject *message;
  JsonArray *list;
  GString *text = g_string_new (NULL);
  gboolean calls = FALSE;

  switch (format)
    {
    case MCP_TOOLBOX_FORMAT_OPENAI:
      message = mcp_test_lookup_object (json_array_get_object_element (json_object_get_array_member (object, "choices"), 0),
                                        "message");
      json_array_add_object_element (conversation, json_object_ref (message));
      calls = json_object_has_member (message, "tool_calls");
      if (!calls)
        g_string_append (text, json_object_get_string_member (message, "content"));
      break;

    case MCP_TOOLBOX_FORMAT_OLLAMA:
      message = json_object_get_object_member (object, "message");
      json_array_add_object_element (conversation, json_object_ref (message));
      calls = json_object_has_member (message, "tool_calls");
      if (!calls)
        g_string_append (text, json_object_get_string_member (message, "content"));
      break;

    case MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES:
      list = json_object_get_array_member (object, "output");
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          JsonObject *item = json_array_get_object_element (list, i);
          const char *type = json_object_get_string_member (item, "type");

          if (g_str_equal (type, "reasoning"))
            continue;
          json_array_add_object_element (conversation, json_object_ref (item));
          calls |= g_str_equal (type, "function_call");
          if (g_str_equal (type, "message"))
            g_string_append (text, mcp_test_lookup_string (json_array_get_object_element (json_object_get_array_member (item, "content"), 0),
                                                           "text"));
        }
      break;

    case MCP_TOOLBOX_FORMAT_ANTHROPIC:
      message = json_object_new ();
      json_object_set_string_member (message, "role", "assistant");
      json_object_set_array_member (message, "content", json_array_ref (json_object_get_array_member (object, "content")));
      json_array_add_object_element (conversation, message);
      calls = g_str_equal (json_object_get_string_member (object, "stop_reason"), "tool_use");
      if (!calls)
        g_string_append (text, mcp_test_lookup_string (json_array_get_object_element (json_object_get_array_member (object, "content"), 0),
                                                       "text"));
      break;

    case MCP_TOOLBOX_FORMAT_GEMINI:
      message = mcp_test_lookup_object (json_array_get_object_element (json_object_get_array_member (object, "candidates"), 0),
                                        "content");
      json_array_add_object_element (conversation, json_object_ref (message));
      list = json_object_get_array_member (message, "parts");
      calls = json_object_has_member (json_array_get_object_element (list, 0), "functionCall");
      if (!calls)
        g_string_append (text, mcp_test_lookup_string (json_array_get_object_element (list, 0), "text"));
      break;

    default:
      g_assert_not_reached ();
    }

  if (calls)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

static void
test_model_turn (Fixture       *fixture,
                 gconstpointer  data)
{
  McpToolboxFormat format = GPOINTER_TO_UINT (data);
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "mcp-model-test-server.py", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GSubprocess) model = NULL;
  g_autoptr(GDataInputStream) output = NULL;
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(JsonArray) conversation = json_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *port = NULL;
  g_autofree char *url = NULL;
  g_autofree char *final = NULL;
  JsonObject *user = json_object_new ();

  model = g_subprocess_launcher_spawn (launcher, &error, python_path, script, "--api", api_names[format],
                                       "--call=demo__echo={\"text\": \"from C\"}",
                                       "--call=test__content-kinds={}",
                                       "--call=test__refs={\"from\": {\"x\": 1, \"y\": 2}}", NULL);
  g_assert_no_error (error);
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (model));
  port = g_data_input_stream_read_line_utf8 (output, NULL, NULL, &error);
  g_assert_no_error (error);
  url = g_strdup_printf ("http://127.0.0.1:%s%s", port, api_paths[format]);

  mcp_toolbox_set_format (fixture->toolbox, format);
  g_signal_connect (fixture->toolbox, "approve-call", G_CALLBACK (approve_all), NULL);
  json_object_set_string_member (user, "role", "user");
  if (format == MCP_TOOLBOX_FORMAT_GEMINI)
    {
      g_autoptr(JsonNode) parts = parse ("[{\"text\": \"Use the tools\"}]");

      json_object_set_array_member (user, "parts", json_array_ref (json_node_get_array (parts)));
    }
  else
    json_object_set_string_member (user, "content", "Use the tools");
  json_array_add_object_element (conversation, user);

  for (guint round = 0; round < 3 && final == NULL; round++)
    {
      g_autoptr(JsonNode) request = model_request (format, fixture->toolbox, conversation);
      g_autofree char *text = json_to_string (request, FALSE);
      g_autoptr(SoupMessage) message = soup_message_new ("POST", url);
      g_autoptr(GBytes) body = g_bytes_new (text, strlen (text));
      g_autoptr(GBytes) answer = NULL;
      g_autoptr(JsonNode) response = NULL;
      g_autoptr(JsonNode) results = NULL;
      g_autofree char *response_text = NULL;

      soup_message_set_request_body_from_bytes (message, "application/json", body);
      answer = soup_session_send_and_read (session, message, NULL, &error);
      g_assert_no_error (error);
      if (soup_message_get_status (message) != SOUP_STATUS_OK)
        g_error ("The model refused: %.*s", (int) g_bytes_get_size (answer),
                 (const char *) g_bytes_get_data (answer, NULL));
      response = json_from_string (g_bytes_get_data (answer, NULL), &error);
      g_assert_no_error (error);

      final = model_append (format, conversation, response);
      response_text = json_to_string (response, FALSE);
      results = run_turn_ok (fixture->toolbox, response_text);
      g_assert_cmpuint (json_array_get_length (json_node_get_array (results)), ==, final != NULL ? 0 : (format == MCP_TOOLBOX_FORMAT_ANTHROPIC || format == MCP_TOOLBOX_FORMAT_GEMINI) ? 1 : 3);
      for (guint i = 0; i < json_array_get_length (json_node_get_array (results)); i++)
        json_array_add_element (conversation, json_array_dup_element (json_node_get_array (results), i));
    }

  g_subprocess_force_exit (model);
  g_subprocess_wait (model, NULL, NULL);
  g_assert_nonnull (final);
  g_assert_true (g_str_has_prefix (final, "RESULTS:"));
  g_assert_true (text_contains (final, "from C"));
  g_assert_true (text_contains (final, "[Audio: audio/wav, 4 bytes, not shown]"));
  g_assert_true (text_contains (final, "{\"from\":{\"x\":1,\"y\":2}}"));
  if (format == MCP_TOOLBOX_FORMAT_ANTHROPIC)
    g_assert_true (text_contains (final, "[image block image/png]"));
}

int
main (int   argc,
      char *argv[])
{
  group_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/Mcp/Toolbox/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("tools", test_tools);
  g_test_add_func ("/Mcp/Toolbox/names", test_names);
  ADD ("definitions", test_definitions);
  ADD ("run/openai", test_run_openai);
  ADD ("run/openai-responses", test_run_responses);
  ADD ("run/anthropic", test_run_anthropic);
  ADD ("run/gemini", test_run_gemini);
  ADD ("run/ollama", test_run_ollama);
  ADD ("approval", test_approval);
  ADD ("dropped", test_dropped);
  ADD ("timeout", test_timeout);
  ADD ("cancel", test_cancel);
  ADD ("budget", test_budget);
  ADD ("many-calls", test_many_calls);
  ADD ("strict-nulls", test_strict_nulls);
  ADD ("bad-responses", test_bad_responses);
  for (guint format = MCP_TOOLBOX_FORMAT_OPENAI; format <= MCP_TOOLBOX_FORMAT_OLLAMA; format++)
    {
      g_autofree char *path = g_strdup_printf ("/Mcp/Toolbox/model/%s", api_names[format]);

      g_test_add (path, Fixture, GUINT_TO_POINTER (format), fixture_set_up, test_model_turn,
                  fixture_tear_down);
    }

#undef ADD

  return group_test_run ();
}
