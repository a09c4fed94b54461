/* test-values.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The value types as an application builds them from JSON it holds (a
 * cached list, a recorded session): each constructor with a complete
 * object, every accessor on it, the display names' order of preference,
 * what an absent optional field reads as, and the GError for an object
 * that lacks what the type requires. The tests against servers check the
 * same types as they come off the wire; these check each accessor once,
 * exactly.
 */

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

static void
assert_invalid (GError *error)
{
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (error->message);
  g_assert_cmpstr (error->message, !=, "");
}

static void
test_tool (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"name\": \"add\", \"inputSchema\": {\"type\": \"object\"},"
      " \"annotations\": {\"title\": \"Addition\"}}");
  g_autoptr(JsonObject) titled = mcp_test_parse_object (
      "{\"name\": \"add\", \"title\": \"Add numbers\", \"inputSchema\": {\"type\": \"object\"},"
      " \"annotations\": {\"title\": \"Addition\"}}");
  g_autoptr(JsonObject) bare = mcp_test_parse_object (
      "{\"name\": \"add\", \"inputSchema\": {\"type\": \"object\"}}");
  g_autoptr(JsonObject) nameless = mcp_test_parse_object ("{\"inputSchema\": {}}");
  g_autoptr(McpTool) tool = NULL;
  g_autoptr(McpTool) tool_titled = NULL;
  g_autoptr(McpTool) tool_bare = NULL;
  g_autoptr(GError) error = NULL;

  tool = mcp_tool_new_from_json (json, &error);
  g_assert_no_error (error);
  tool_titled = mcp_tool_new_from_json (titled, &error);
  g_assert_no_error (error);
  tool_bare = mcp_tool_new_from_json (bare, &error);
  g_assert_no_error (error);

  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (tool, MCP_TYPE_TOOL));
  g_assert_cmpstr (mcp_tool_get_name (tool), ==, "add");
  /* The title, else the annotations' title, else the name. */
  g_assert_cmpstr (mcp_tool_get_display_name (tool_titled), ==, "Add numbers");
  g_assert_cmpstr (mcp_tool_get_display_name (tool), ==, "Addition");
  g_assert_cmpstr (mcp_tool_get_display_name (tool_bare), ==, "add");

  g_assert_null (mcp_tool_new_from_json (nameless, &error));
  assert_invalid (error);
}

static void
test_resource (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"uri\": \"file:///a.txt\", \"name\": \"a\", \"title\": \"The A\","
      " \"description\": \"A file\", \"mimeType\": \"text/plain\", \"size\": 12,"
      " \"annotations\": {\"priority\": 0.5}, \"x-extra\": true}");
  g_autoptr(JsonObject) bare = mcp_test_parse_object ("{\"uri\": \"file:///b\", \"name\": \"b\"}");
  g_autoptr(JsonObject) uriless = mcp_test_parse_object ("{\"name\": \"c\"}");
  g_autoptr(McpResource) resource = NULL;
  g_autoptr(McpResource) resource_bare = NULL;
  g_autoptr(GError) error = NULL;

  resource = mcp_resource_new_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (resource, MCP_TYPE_RESOURCE));
  g_assert_cmpstr (mcp_resource_get_uri (resource), ==, "file:///a.txt");
  g_assert_cmpstr (mcp_resource_get_name (resource), ==, "a");
  g_assert_cmpstr (mcp_resource_get_title (resource), ==, "The A");
  g_assert_cmpstr (mcp_resource_get_display_name (resource), ==, "The A");
  g_assert_cmpstr (mcp_resource_get_description (resource), ==, "A file");
  g_assert_cmpstr (mcp_resource_get_mime_type (resource), ==, "text/plain");
  g_assert_cmpint (mcp_resource_get_size (resource), ==, 12);
  g_assert_cmpfloat (json_object_get_double_member (mcp_resource_get_annotations (resource),
                                                    "priority"), ==, 0.5);
  /* What mcp-glib does not model is kept. */
  g_assert_true (json_object_get_boolean_member (mcp_resource_get_json (resource), "x-extra"));

  resource_bare = mcp_resource_new_from_json (bare, &error);
  g_assert_no_error (error);
  g_assert_null (mcp_resource_get_title (resource_bare));
  g_assert_cmpstr (mcp_resource_get_display_name (resource_bare), ==, "b");
  g_assert_null (mcp_resource_get_description (resource_bare));
  g_assert_null (mcp_resource_get_mime_type (resource_bare));
  g_assert_cmpint (mcp_resource_get_size (resource_bare), ==, -1);
  g_assert_null (mcp_resource_get_annotations (resource_bare));

  g_assert_null (mcp_resource_new_from_json (uriless, &error));
  assert_invalid (error);
}

static void
test_resource_template (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"uriTemplate\": \"file:///{path}\", \"name\": \"files\", \"title\": \"Files\","
      " \"description\": \"Any file\", \"mimeType\": \"text/plain\","
      " \"annotations\": {\"audience\": [\"user\"]}, \"x-extra\": 1}");
  g_autoptr(JsonObject) bare = mcp_test_parse_object (
      "{\"uriTemplate\": \"db://{table}\", \"name\": \"tables\"}");
  g_autoptr(JsonObject) broken = mcp_test_parse_object ("{\"name\": \"no template\"}");
  g_autoptr(McpResourceTemplate) template = NULL;
  g_autoptr(McpResourceTemplate) template_bare = NULL;
  g_autoptr(GError) error = NULL;

  template = mcp_resource_template_new_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (template, MCP_TYPE_RESOURCE_TEMPLATE));
  g_assert_cmpstr (mcp_resource_template_get_uri_template (template), ==, "file:///{path}");
  g_assert_cmpstr (mcp_resource_template_get_name (template), ==, "files");
  g_assert_cmpstr (mcp_resource_template_get_title (template), ==, "Files");
  g_assert_cmpstr (mcp_resource_template_get_display_name (template), ==, "Files");
  g_assert_cmpstr (mcp_resource_template_get_description (template), ==, "Any file");
  g_assert_cmpstr (mcp_resource_template_get_mime_type (template), ==, "text/plain");
  g_assert_true (json_object_has_member (mcp_resource_template_get_annotations (template),
                                         "audience"));
  g_assert_cmpint (json_object_get_int_member (mcp_resource_template_get_json (template),
                                               "x-extra"), ==, 1);

  template_bare = mcp_resource_template_new_from_json (bare, &error);
  g_assert_no_error (error);
  g_assert_null (mcp_resource_template_get_title (template_bare));
  g_assert_cmpstr (mcp_resource_template_get_display_name (template_bare), ==, "tables");
  g_assert_null (mcp_resource_template_get_description (template_bare));
  g_assert_null (mcp_resource_template_get_mime_type (template_bare));
  g_assert_null (mcp_resource_template_get_annotations (template_bare));

  g_assert_null (mcp_resource_template_new_from_json (broken, &error));
  assert_invalid (error);
}

static void
test_resource_contents (void)
{
  g_autoptr(JsonObject) text_json = mcp_test_parse_object (
      "{\"uri\": \"file:///a.txt\", \"mimeType\": \"text/plain\", \"text\": \"hello\"}");
  /* "AAEC/w==" is the bytes 0, 1, 2, 255. */
  g_autoptr(JsonObject) blob_json = mcp_test_parse_object (
      "{\"uri\": \"file:///a.bin\", \"blob\": \"AAEC/w==\", \"x-extra\": \"kept\"}");
  g_autoptr(JsonObject) both = mcp_test_parse_object (
      "{\"uri\": \"file:///c\", \"text\": \"t\", \"blob\": \"AA==\"}");
  g_autoptr(JsonObject) neither = mcp_test_parse_object ("{\"uri\": \"file:///d\"}");
  g_autoptr(McpResourceContents) text = NULL;
  g_autoptr(McpResourceContents) blob = NULL;
  GBytes *data;
  g_autoptr(GError) error = NULL;
  const guint8 expected[] = { 0, 1, 2, 255 };

  text = mcp_resource_contents_new_from_json (text_json, &error);
  g_assert_no_error (error);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (text, MCP_TYPE_RESOURCE_CONTENTS));
  g_assert_cmpstr (mcp_resource_contents_get_uri (text), ==, "file:///a.txt");
  g_assert_cmpstr (mcp_resource_contents_get_mime_type (text), ==, "text/plain");
  g_assert_cmpstr (mcp_resource_contents_get_text (text), ==, "hello");
  g_assert_false (mcp_resource_contents_get_is_blob (text));
  g_assert_null (mcp_resource_contents_get_data (text));

  blob = mcp_resource_contents_new_from_json (blob_json, &error);
  g_assert_no_error (error);
  g_assert_true (mcp_resource_contents_get_is_blob (blob));
  g_assert_null (mcp_resource_contents_get_text (blob));
  g_assert_null (mcp_resource_contents_get_mime_type (blob));
  data = mcp_resource_contents_get_data (blob);
  g_assert_nonnull (data);
  g_assert_cmpmem (g_bytes_get_data (data, NULL), g_bytes_get_size (data),
                   expected, sizeof expected);
  g_assert_cmpstr (json_object_get_string_member (mcp_resource_contents_get_json (blob),
                                                  "x-extra"), ==, "kept");

  g_assert_null (mcp_resource_contents_new_from_json (both, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_null (mcp_resource_contents_new_from_json (neither, &error));
  assert_invalid (error);
}

static void
test_prompt (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"name\": \"review\", \"title\": \"Code review\", \"description\": \"Reviews code\","
      " \"arguments\": [{\"name\": \"code\", \"title\": \"Code\", \"description\": \"What to review\","
      "                 \"required\": true},"
      "                {\"name\": \"style\"}],"
      " \"x-extra\": null}");
  g_autoptr(JsonObject) bare = mcp_test_parse_object ("{\"name\": \"plain\"}");
  g_autoptr(JsonObject) nameless = mcp_test_parse_object ("{\"description\": \"d\"}");
  g_autoptr(JsonObject) arg_nameless = mcp_test_parse_object ("{\"required\": true}");
  g_autoptr(McpPrompt) prompt = NULL;
  g_autoptr(McpPrompt) prompt_bare = NULL;
  g_autoptr(McpPromptArgument) first = NULL;
  g_autoptr(McpPromptArgument) second = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *arguments;

  prompt = mcp_prompt_new_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (prompt, MCP_TYPE_PROMPT));
  g_assert_cmpstr (mcp_prompt_get_name (prompt), ==, "review");
  g_assert_cmpstr (mcp_prompt_get_title (prompt), ==, "Code review");
  g_assert_cmpstr (mcp_prompt_get_display_name (prompt), ==, "Code review");
  g_assert_cmpstr (mcp_prompt_get_description (prompt), ==, "Reviews code");
  g_assert_true (json_object_has_member (mcp_prompt_get_json (prompt), "x-extra"));

  arguments = mcp_prompt_get_arguments (prompt);
  g_assert_true (g_list_model_get_item_type (arguments) == MCP_TYPE_PROMPT_ARGUMENT);
  g_assert_cmpuint (g_list_model_get_n_items (arguments), ==, 2);
  first = g_list_model_get_item (arguments, 0);
  second = g_list_model_get_item (arguments, 1);
  g_assert_cmpstr (mcp_prompt_argument_get_name (first), ==, "code");
  g_assert_cmpstr (mcp_prompt_argument_get_title (first), ==, "Code");
  g_assert_cmpstr (mcp_prompt_argument_get_description (first), ==, "What to review");
  g_assert_true (mcp_prompt_argument_get_required (first));
  g_assert_true (json_object_get_boolean_member (mcp_prompt_argument_get_json (first),
                                                 "required"));
  g_assert_cmpstr (mcp_prompt_argument_get_name (second), ==, "style");
  g_assert_null (mcp_prompt_argument_get_title (second));
  g_assert_null (mcp_prompt_argument_get_description (second));
  g_assert_false (mcp_prompt_argument_get_required (second));

  prompt_bare = mcp_prompt_new_from_json (bare, &error);
  g_assert_no_error (error);
  g_assert_null (mcp_prompt_get_title (prompt_bare));
  g_assert_cmpstr (mcp_prompt_get_display_name (prompt_bare), ==, "plain");
  g_assert_null (mcp_prompt_get_description (prompt_bare));
  g_assert_cmpuint (g_list_model_get_n_items (mcp_prompt_get_arguments (prompt_bare)), ==, 0);

  g_assert_null (mcp_prompt_new_from_json (nameless, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_null (mcp_prompt_argument_new_from_json (arg_nameless, &error));
  assert_invalid (error);
}

static void
test_prompt_result (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"description\": \"A review\", \"messages\": ["
      "  {\"role\": \"user\", \"content\": {\"type\": \"text\", \"text\": \"Review this\"}},"
      "  {\"role\": \"assistant\", \"content\": {\"type\": \"image\", \"data\": \"AA==\","
      "                                          \"mimeType\": \"image/png\"}}]}");
  g_autoptr(JsonObject) message_json = mcp_test_parse_object (
      "{\"role\": \"user\", \"content\": {\"type\": \"text\", \"text\": \"hi\"}, \"x-extra\": 2}");
  g_autoptr(JsonObject) roleless = mcp_test_parse_object (
      "{\"content\": {\"type\": \"text\", \"text\": \"hi\"}}");
  g_autoptr(JsonObject) contentless = mcp_test_parse_object ("{\"role\": \"user\"}");
  g_autoptr(McpPromptResult) result = NULL;
  g_autoptr(McpPromptMessage) message = NULL;
  g_autoptr(McpPromptMessage) first = NULL;
  g_autoptr(McpPromptMessage) second = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *messages;

  result = mcp_prompt_result_new_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (result, MCP_TYPE_PROMPT_RESULT));
  g_assert_cmpstr (mcp_prompt_result_get_description (result), ==, "A review");
  g_assert_true (mcp_prompt_result_get_json (result) == json);
  messages = mcp_prompt_result_get_messages (result);
  g_assert_true (g_list_model_get_item_type (messages) == MCP_TYPE_PROMPT_MESSAGE);
  g_assert_cmpuint (g_list_model_get_n_items (messages), ==, 2);
  first = g_list_model_get_item (messages, 0);
  second = g_list_model_get_item (messages, 1);
  g_assert_cmpstr (mcp_prompt_message_get_role (first), ==, "user");
  g_assert_cmpstr (mcp_content_get_text (mcp_prompt_message_get_content (first)), ==,
                   "Review this");
  g_assert_cmpstr (mcp_prompt_message_get_role (second), ==, "assistant");
  g_assert_cmpint (mcp_content_get_kind (mcp_prompt_message_get_content (second)), ==,
                   MCP_CONTENT_KIND_IMAGE);

  message = mcp_prompt_message_new_from_json (message_json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_prompt_message_get_role (message), ==, "user");
  g_assert_cmpstr (mcp_content_get_text (mcp_prompt_message_get_content (message)), ==, "hi");
  g_assert_cmpint (json_object_get_int_member (mcp_prompt_message_get_json (message),
                                               "x-extra"), ==, 2);

  g_assert_null (mcp_prompt_message_new_from_json (roleless, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_null (mcp_prompt_message_new_from_json (contentless, &error));
  assert_invalid (error);
}

static void
test_content (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"type\": \"resource_link\", \"uri\": \"file:///a\", \"name\": \"a\","
      " \"mimeType\": \"text/plain\"}");
  g_autoptr(JsonObject) future = mcp_test_parse_object (
      "{\"type\": \"hologram\", \"frames\": 3}");
  g_autoptr(JsonObject) typeless = mcp_test_parse_object ("{\"text\": \"t\"}");
  g_autoptr(McpContent) link = NULL;
  g_autoptr(McpContent) unknown = NULL;
  g_autoptr(GError) error = NULL;

  link = mcp_content_new_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_content_get_kind (link), ==, MCP_CONTENT_KIND_RESOURCE_LINK);
  g_assert_cmpstr (mcp_content_get_uri (link), ==, "file:///a");
  g_assert_cmpstr (mcp_content_get_name (link), ==, "a");
  g_assert_cmpstr (mcp_content_get_mime_type (link), ==, "text/plain");

  /* A block type from a later revision is kept, not rejected. */
  unknown = mcp_content_new_from_json (future, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_content_get_kind (unknown), ==, MCP_CONTENT_KIND_UNKNOWN);
  g_assert_cmpstr (mcp_content_get_type_name (unknown), ==, "hologram");
  g_assert_cmpint (json_object_get_int_member (mcp_content_get_json (unknown), "frames"), ==, 3);

  g_assert_null (mcp_content_new_from_json (typeless, &error));
  assert_invalid (error);
}

static void
test_root (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"uri\": \"file:///home/me/project\", \"name\": \"Project\", \"_meta\": {\"k\": 1}}");
  g_autoptr(JsonObject) nameless = mcp_test_parse_object ("{\"uri\": \"file:///srv\"}");
  g_autoptr(JsonObject) uriless = mcp_test_parse_object ("{\"name\": \"x\"}");
  g_autoptr(McpRoot) root = NULL;
  g_autoptr(McpRoot) root_nameless = NULL;
  g_autoptr(McpRoot) made = NULL;
  g_autoptr(GError) error = NULL;

  root = mcp_root_new_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_root_get_uri (root), ==, "file:///home/me/project");
  g_assert_cmpstr (mcp_root_get_name (root), ==, "Project");
  g_assert_true (json_object_has_member (mcp_root_get_json (root), "_meta"));

  root_nameless = mcp_root_new_from_json (nameless, &error);
  g_assert_no_error (error);
  g_assert_null (mcp_root_get_name (root_nameless));

  /* A root made by the application has the JSON it will be sent as. */
  made = mcp_root_new ("file:///tmp", "Temporary");
  g_assert_cmpstr (json_object_get_string_member (mcp_root_get_json (made), "uri"), ==,
                   "file:///tmp");
  g_assert_cmpstr (json_object_get_string_member (mcp_root_get_json (made), "name"), ==,
                   "Temporary");

  g_assert_null (mcp_root_new_from_json (uriless, &error));
  assert_invalid (error);
}

static void
test_sampling_message (void)
{
  g_autoptr(JsonObject) single = mcp_test_parse_object (
      "{\"role\": \"user\", \"content\": {\"type\": \"text\", \"text\": \"What is 2+2?\"}}");
  g_autoptr(JsonObject) several = mcp_test_parse_object (
      "{\"role\": \"assistant\", \"content\": [{\"type\": \"text\", \"text\": \"Four\"},"
      "                                     {\"type\": \"audio\", \"data\": \"AA==\","
      "                                      \"mimeType\": \"audio/wav\"}]}");
  g_autoptr(JsonObject) roleless = mcp_test_parse_object (
      "{\"content\": {\"type\": \"text\", \"text\": \"x\"}}");
  g_autoptr(McpSamplingMessage) question = NULL;
  g_autoptr(McpSamplingMessage) answer = NULL;
  g_autoptr(McpContent) text = NULL;
  g_autoptr(McpContent) audio = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *content;

  question = mcp_sampling_message_new_from_json (single, &error);
  g_assert_no_error (error);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (question, MCP_TYPE_SAMPLING_MESSAGE));
  g_assert_cmpstr (mcp_sampling_message_get_role (question), ==, "user");
  content = mcp_sampling_message_get_content (question);
  g_assert_cmpuint (g_list_model_get_n_items (content), ==, 1);
  text = g_list_model_get_item (content, 0);
  g_assert_cmpstr (mcp_content_get_text (text), ==, "What is 2+2?");
  g_assert_true (mcp_sampling_message_get_json (question) == single);

  /* Content as an array of blocks, as 2025-11-25 allows. */
  answer = mcp_sampling_message_new_from_json (several, &error);
  g_assert_no_error (error);
  content = mcp_sampling_message_get_content (answer);
  g_assert_cmpuint (g_list_model_get_n_items (content), ==, 2);
  audio = g_list_model_get_item (content, 1);
  g_assert_cmpint (mcp_content_get_kind (audio), ==, MCP_CONTENT_KIND_AUDIO);

  g_assert_null (mcp_sampling_message_new_from_json (roleless, &error));
  assert_invalid (error);
}

static void
test_completion (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"values\": [\"python\", \"pytorch\"], \"total\": 10, \"hasMore\": true}");
  g_autoptr(JsonObject) bare = mcp_test_parse_object ("{\"values\": []}");
  g_autoptr(JsonObject) valueless = mcp_test_parse_object ("{\"total\": 1}");
  g_autoptr(McpCompletion) completion = NULL;
  g_autoptr(McpCompletion) completion_bare = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *values;

  completion = mcp_completion_new_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (completion, MCP_TYPE_COMPLETION));
  values = mcp_completion_get_values (completion);
  g_assert_cmpuint (g_strv_length ((char **) values), ==, 2);
  g_assert_cmpstr (values[0], ==, "python");
  g_assert_cmpstr (values[1], ==, "pytorch");
  g_assert_cmpint (mcp_completion_get_total (completion), ==, 10);
  g_assert_true (mcp_completion_get_has_more (completion));
  g_assert_true (mcp_completion_get_json (completion) == json);

  completion_bare = mcp_completion_new_from_json (bare, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_completion_get_total (completion_bare), ==, -1);
  g_assert_false (mcp_completion_get_has_more (completion_bare));

  g_assert_null (mcp_completion_new_from_json (valueless, &error));
  assert_invalid (error);
}

static void
test_implementation (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"name\": \"demo\", \"version\": \"1.2\", \"title\": \"Demo server\","
      " \"websiteUrl\": \"https://example.com\"}");
  g_autoptr(JsonObject) empty = mcp_test_parse_object ("{}");
  g_autoptr(McpImplementation) implementation = mcp_implementation_new_from_json (json);
  g_autoptr(McpImplementation) careless = mcp_implementation_new_from_json (empty);

  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (implementation, MCP_TYPE_IMPLEMENTATION));
  g_assert_cmpstr (mcp_implementation_get_name (implementation), ==, "demo");
  g_assert_cmpstr (mcp_implementation_get_version (implementation), ==, "1.2");
  g_assert_cmpstr (mcp_implementation_get_title (implementation), ==, "Demo server");
  g_assert_cmpstr (json_object_get_string_member (mcp_implementation_get_json (implementation),
                                                  "websiteUrl"), ==, "https://example.com");

  /* Servers describe themselves with varying care. */
  g_assert_null (mcp_implementation_get_name (careless));
  g_assert_null (mcp_implementation_get_version (careless));
  g_assert_null (mcp_implementation_get_title (careless));
}

static void
test_task (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"taskId\": \"t-1\", \"status\": \"working\", \"statusMessage\": \"Halfway\","
      " \"createdAt\": \"2026-01-01T00:00:00Z\", \"lastUpdatedAt\": \"2026-01-01T00:00:05Z\","
      " \"ttl\": 60000, \"pollInterval\": 500}");
  g_autoptr(JsonObject) bare = mcp_test_parse_object (
      "{\"taskId\": \"t-2\", \"status\": \"hibernating\", \"ttl\": null}");
  g_autoptr(JsonObject) idless = mcp_test_parse_object ("{\"status\": \"working\"}");
  g_autoptr(JsonObject) statusless = mcp_test_parse_object ("{\"taskId\": \"t-3\"}");
  g_autoptr(McpTask) task = NULL;
  g_autoptr(McpTask) task_bare = NULL;
  g_autoptr(GError) error = NULL;

  task = mcp_task_new_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (task, MCP_TYPE_TASK));
  g_assert_cmpstr (mcp_task_get_task_id (task), ==, "t-1");
  g_assert_cmpint (mcp_task_get_status (task), ==, MCP_TASK_STATUS_WORKING);
  g_assert_cmpstr (mcp_task_get_status_message (task), ==, "Halfway");
  g_assert_cmpstr (mcp_task_get_created_at (task), ==, "2026-01-01T00:00:00Z");
  g_assert_cmpstr (mcp_task_get_last_updated_at (task), ==, "2026-01-01T00:00:05Z");
  g_assert_cmpint (mcp_task_get_ttl (task), ==, 60000);
  g_assert_cmpint (mcp_task_get_poll_interval (task), ==, 500);
  g_assert_true (mcp_task_get_json (task) == json);

  task_bare = mcp_task_new_from_json (bare, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_task_get_status (task_bare), ==, MCP_TASK_STATUS_UNKNOWN);
  g_assert_null (mcp_task_get_status_message (task_bare));
  g_assert_null (mcp_task_get_created_at (task_bare));
  g_assert_null (mcp_task_get_last_updated_at (task_bare));
  g_assert_cmpint (mcp_task_get_ttl (task_bare), ==, -1);
  g_assert_cmpint (mcp_task_get_poll_interval (task_bare), ==, -1);

  g_assert_false (mcp_task_status_is_terminal (MCP_TASK_STATUS_WORKING));
  g_assert_false (mcp_task_status_is_terminal (MCP_TASK_STATUS_INPUT_REQUIRED));
  g_assert_false (mcp_task_status_is_terminal (MCP_TASK_STATUS_UNKNOWN));
  g_assert_true (mcp_task_status_is_terminal (MCP_TASK_STATUS_COMPLETED));
  g_assert_true (mcp_task_status_is_terminal (MCP_TASK_STATUS_FAILED));
  g_assert_true (mcp_task_status_is_terminal (MCP_TASK_STATUS_CANCELLED));

  g_assert_null (mcp_task_new_from_json (idless, &error));
  assert_invalid (error);
  g_clear_error (&error);
  g_assert_null (mcp_task_new_from_json (statusless, &error));
  assert_invalid (error);
}

static void
test_tool_result (void)
{
  g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"content\": [{\"type\": \"text\", \"text\": \"5\"}], \"structuredContent\": {\"sum\": 5},"
      " \"isError\": false, \"_meta\": {\"trace\": \"abc\"}}");
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = mcp_tool_result_new_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_true (mcp_tool_result_get_json (result) == json);
  g_assert_cmpstr (mcp_test_lookup_string (mcp_tool_result_get_json (result), "_meta.trace"), ==,
                   "abc");
}

static void
test_log_level (void)
{
  static const char * const names[] = {
    "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency",
  };
  McpLogLevel level = MCP_LOG_LEVEL_ERROR;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_cmpstr (mcp_log_level_to_string ((McpLogLevel) i), ==, names[i]);
      g_assert_true (mcp_log_level_from_string (names[i], &level));
      g_assert_cmpint (level, ==, i);
    }

  /* An unknown name leaves the level alone. */
  level = MCP_LOG_LEVEL_NOTICE;
  g_assert_false (mcp_log_level_from_string ("verbose", &level));
  g_assert_false (mcp_log_level_from_string ("DEBUG", &level));
  g_assert_false (mcp_log_level_from_string (NULL, &level));
  g_assert_cmpint (level, ==, MCP_LOG_LEVEL_NOTICE);
}

/* The registered types behind the properties that bindings and GtkBuilder
 * see: each enumeration with the nicks they use, the store's interface. */
static void
assert_enum_property (GType        object_type,
                      const char  *property,
                      GType        enum_type,
                      int          value,
                      const char  *nick)
{
  g_autoptr(GTypeClass) object_class = g_type_class_ref (object_type);
  g_autoptr(GTypeClass) enum_class = g_type_class_ref (enum_type);
  GParamSpec *pspec = g_object_class_find_property ((GObjectClass *) object_class, property);
  GEnumValue *enum_value;

  g_assert_nonnull (pspec);
  g_assert_true (G_TYPE_IS_ENUM (enum_type));
  g_assert_true (pspec->value_type == enum_type);
  enum_value = g_enum_get_value ((GEnumClass *) enum_class, value);
  g_assert_nonnull (enum_value);
  g_assert_cmpstr (enum_value->value_nick, ==, nick);
}

static void
test_registered_types (void)
{
  g_autoptr(GTypeClass) authorization_class = g_type_class_ref (MCP_TYPE_AUTHORIZATION);
  g_autoptr(McpCredentialStore) store = mcp_memory_credential_store_new ();
  GParamSpec *pspec;

  assert_enum_property (MCP_TYPE_CLIENT, "version-negotiation", MCP_TYPE_VERSION_NEGOTIATION,
                        MCP_VERSION_NEGOTIATION_LEGACY, "legacy");
  assert_enum_property (MCP_TYPE_AUTHORIZATION, "grant", MCP_TYPE_AUTHORIZATION_GRANT,
                        MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS, "client-credentials");
  assert_enum_property (MCP_TYPE_GROUP_ITEM, "kind", MCP_TYPE_GROUP_ITEM_KIND,
                        MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE, "resource-template");

  pspec = g_object_class_find_property ((GObjectClass *) authorization_class, "store");
  g_assert_true (pspec->value_type == MCP_TYPE_CREDENTIAL_STORE);
  g_assert_true (G_TYPE_IS_INTERFACE (MCP_TYPE_CREDENTIAL_STORE));
  g_assert_true (MCP_IS_CREDENTIAL_STORE (store));
  g_assert_true (MCP_IS_MEMORY_CREDENTIAL_STORE (store));
  g_assert_true (G_TYPE_IS_FLAGS (MCP_TYPE_TOOL_VISIBILITY));
  {
    g_autoptr(GFlagsClass) visibility = g_type_class_ref (MCP_TYPE_TOOL_VISIBILITY);

    g_assert_cmpstr (g_flags_get_first_value (visibility, MCP_TOOL_VISIBILITY_APP)->value_nick,
                     ==, "app");
  }
  /* On every build, libsecret or not. */
  g_assert_true (g_type_is_a (MCP_TYPE_SECRET_CREDENTIAL_STORE, MCP_TYPE_CREDENTIAL_STORE));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  g_test_add_func ("/Mcp/Values/tool", test_tool);
  g_test_add_func ("/Mcp/Values/resource", test_resource);
  g_test_add_func ("/Mcp/Values/resource-template", test_resource_template);
  g_test_add_func ("/Mcp/Values/resource-contents", test_resource_contents);
  g_test_add_func ("/Mcp/Values/prompt", test_prompt);
  g_test_add_func ("/Mcp/Values/prompt-result", test_prompt_result);
  g_test_add_func ("/Mcp/Values/content", test_content);
  g_test_add_func ("/Mcp/Values/root", test_root);
  g_test_add_func ("/Mcp/Values/sampling-message", test_sampling_message);
  g_test_add_func ("/Mcp/Values/completion", test_completion);
  g_test_add_func ("/Mcp/Values/implementation", test_implementation);
  g_test_add_func ("/Mcp/Values/task", test_task);
  g_test_add_func ("/Mcp/Values/tool-result", test_tool_result);
  g_test_add_func ("/Mcp/Values/log-level", test_log_level);
  g_test_add_func ("/Mcp/Values/registered-types", test_registered_types);

  return g_test_run ();
}
