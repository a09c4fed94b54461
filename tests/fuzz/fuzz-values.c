/* fuzz-values.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Fuzzes the value types a server's JSON turns into: every public
 * *_new_from_json constructor gets the input (when it is a JSON object),
 * its "result" and "params" members (so that whole JSON-RPC messages work
 * as seeds) and the objects in its arrays. Every object made is read back
 * through all its getters and all its readable properties, nested values
 * (content blocks, prompt arguments and messages) included; content and
 * resource blobs are base64-decoded.
 *
 * The input goes through _mcp_json_parse_message(), as every message from
 * a peer does, so what the transports refuse (invalid UTF-8, nesting
 * deeper than MCP_JSON_MAX_DEPTH, scalars) never reaches the value types.
 * It is also written back with _mcp_json_to_line(), the library's own
 * serializer, and must read back the same.
 */

#include <math.h>
#include <string.h>

#include "mcp-json-private.h"

#include "fuzz-common.h"

static void exercise (GObject *object);

/* Every readable property, through GObject: covers the get_property
 * switches that bindings and GtkExpressions use. */
static void
exercise_properties (GObject *object)
{
  g_autofree GParamSpec **pspecs = NULL;
  guint n_pspecs;

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (object), &n_pspecs);
  for (guint i = 0; i < n_pspecs; i++)
    {
      g_auto(GValue) value = G_VALUE_INIT;

      if (!(pspecs[i]->flags & G_PARAM_READABLE))
        continue;

      g_value_init (&value, pspecs[i]->value_type);
      g_object_get_property (object, pspecs[i]->name, &value);

      if (G_VALUE_HOLDS_STRING (&value) && g_value_get_string (&value) != NULL &&
          !g_utf8_validate (g_value_get_string (&value), -1, NULL))
        fuzz_fail ("%s:%s is not valid UTF-8", G_OBJECT_TYPE_NAME (object), pspecs[i]->name);
    }
}

static void
check_string (const char *value,
              const char *what)
{
  if (value != NULL && !g_utf8_validate (value, -1, NULL))
    fuzz_fail ("%s is not valid UTF-8", what);
}

/* Reads every byte, so that ASan sees a buffer shorter than it claims. */
volatile guint8 fuzz_sink;

static void
touch_bytes (GBytes *bytes)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  for (gsize i = 0; i < len; i++)
    fuzz_sink ^= data[i];
}

static void
exercise_list (GListModel *model,
               GType       item_type)
{
  guint n = g_list_model_get_n_items (model);

  if (g_list_model_get_item_type (model) != item_type)
    fuzz_fail ("a list holds %s rather than %s", g_type_name (g_list_model_get_item_type (model)),
               g_type_name (item_type));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (item == NULL)
        fuzz_fail ("item %u of %u is missing", i, n);
      exercise (item);
    }

  if (g_list_model_get_item (model, n) != NULL)
    fuzz_fail ("a list has an item past its end");
}

static void
exercise_content (McpContent *content)
{
  McpContentKind kind = mcp_content_get_kind (content);
  GBytes *data;

  check_string (mcp_content_get_type_name (content), "content type");
  check_string (mcp_content_get_text (content), "content text");
  check_string (mcp_content_get_mime_type (content), "content MIME type");
  check_string (mcp_content_get_uri (content), "content URI");
  check_string (mcp_content_get_name (content), "content name");
  mcp_content_get_annotations (content);

  if (mcp_content_get_type_name (content) == NULL)
    fuzz_fail ("a content block without a type was made");

  data = mcp_content_get_data (content);
  if (data != NULL)
    {
      touch_bytes (data);
      if (mcp_content_get_data (content) != data)
        fuzz_fail ("decoding a content block twice gave two results");
    }
  else if ((kind == MCP_CONTENT_KIND_IMAGE || kind == MCP_CONTENT_KIND_AUDIO) &&
           _mcp_json_object_get_string (mcp_content_get_json (content), "data") != NULL)
    fuzz_fail ("an image or audio block with data decoded to nothing");
}

static void
exercise (GObject *object)
{
  exercise_properties (object);

  if (MCP_IS_CONTENT (object))
    exercise_content (MCP_CONTENT (object));
  else if (MCP_IS_TOOL (object))
    {
      McpTool *tool = MCP_TOOL (object);

      check_string (mcp_tool_get_name (tool), "tool name");
      check_string (mcp_tool_get_title (tool), "tool title");
      check_string (mcp_tool_get_display_name (tool), "tool display name");
      check_string (mcp_tool_get_description (tool), "tool description");
      check_string (mcp_tool_get_ui_resource_uri (tool), "tool view URI");
      if (mcp_tool_get_display_name (tool) == NULL)
        fuzz_fail ("a tool has no display name");
      if (mcp_tool_get_input_schema (tool) == NULL)
        fuzz_fail ("a tool without an input schema was made");
      mcp_tool_get_output_schema (tool);
      mcp_tool_get_annotations (tool);
      if (mcp_tool_get_task_support (tool) > MCP_TASK_SUPPORT_REQUIRED)
        fuzz_fail ("a tool has task support %d", mcp_tool_get_task_support (tool));
    }
  else if (MCP_IS_TOOL_RESULT (object))
    {
      McpToolResult *result = MCP_TOOL_RESULT (object);
      g_autofree char *text = mcp_tool_result_dup_text (result);

      check_string (text, "tool result text");
      mcp_tool_result_get_structured_content (result);
      mcp_tool_result_get_is_error (result);
      exercise_list (mcp_tool_result_get_content (result), MCP_TYPE_CONTENT);
    }
  else if (MCP_IS_RESOURCE (object))
    {
      McpResource *resource = MCP_RESOURCE (object);

      check_string (mcp_resource_get_uri (resource), "resource URI");
      check_string (mcp_resource_get_name (resource), "resource name");
      check_string (mcp_resource_get_title (resource), "resource title");
      check_string (mcp_resource_get_display_name (resource), "resource display name");
      check_string (mcp_resource_get_description (resource), "resource description");
      check_string (mcp_resource_get_mime_type (resource), "resource MIME type");
      mcp_resource_get_size (resource);
      mcp_resource_get_annotations (resource);
    }
  else if (MCP_IS_RESOURCE_CONTENTS (object))
    {
      McpResourceContents *contents = MCP_RESOURCE_CONTENTS (object);
      GBytes *data;

      check_string (mcp_resource_contents_get_uri (contents), "contents URI");
      check_string (mcp_resource_contents_get_mime_type (contents), "contents MIME type");
      check_string (mcp_resource_contents_get_text (contents), "contents text");
      data = mcp_resource_contents_get_data (contents);
      if (data != NULL)
        touch_bytes (data);
      if (mcp_resource_contents_get_is_blob (contents) && data == NULL)
        fuzz_fail ("a blob decoded to nothing");
    }
  else if (MCP_IS_RESOURCE_TEMPLATE (object))
    {
      McpResourceTemplate *template = MCP_RESOURCE_TEMPLATE (object);

      check_string (mcp_resource_template_get_uri_template (template), "URI template");
      check_string (mcp_resource_template_get_name (template), "template name");
      check_string (mcp_resource_template_get_title (template), "template title");
      check_string (mcp_resource_template_get_display_name (template), "template display name");
      check_string (mcp_resource_template_get_description (template), "template description");
      check_string (mcp_resource_template_get_mime_type (template), "template MIME type");
      mcp_resource_template_get_annotations (template);
    }
  else if (MCP_IS_PROMPT (object))
    {
      McpPrompt *prompt = MCP_PROMPT (object);

      check_string (mcp_prompt_get_name (prompt), "prompt name");
      check_string (mcp_prompt_get_title (prompt), "prompt title");
      check_string (mcp_prompt_get_display_name (prompt), "prompt display name");
      check_string (mcp_prompt_get_description (prompt), "prompt description");
      exercise_list (mcp_prompt_get_arguments (prompt), MCP_TYPE_PROMPT_ARGUMENT);
    }
  else if (MCP_IS_PROMPT_ARGUMENT (object))
    {
      McpPromptArgument *argument = MCP_PROMPT_ARGUMENT (object);

      check_string (mcp_prompt_argument_get_name (argument), "argument name");
      check_string (mcp_prompt_argument_get_title (argument), "argument title");
      check_string (mcp_prompt_argument_get_description (argument), "argument description");
      mcp_prompt_argument_get_required (argument);
    }
  else if (MCP_IS_PROMPT_MESSAGE (object))
    {
      McpPromptMessage *message = MCP_PROMPT_MESSAGE (object);

      check_string (mcp_prompt_message_get_role (message), "message role");
      if (mcp_prompt_message_get_content (message) == NULL)
        fuzz_fail ("a prompt message has no content");
      exercise (G_OBJECT (mcp_prompt_message_get_content (message)));
    }
  else if (MCP_IS_PROMPT_RESULT (object))
    {
      McpPromptResult *result = MCP_PROMPT_RESULT (object);

      check_string (mcp_prompt_result_get_description (result), "prompt description");
      exercise_list (mcp_prompt_result_get_messages (result), MCP_TYPE_PROMPT_MESSAGE);
    }
  else if (MCP_IS_COMPLETION (object))
    {
      McpCompletion *completion = MCP_COMPLETION (object);
      const char * const *values = mcp_completion_get_values (completion);

      if (values == NULL)
        fuzz_fail ("a completion has no values");
      for (guint i = 0; values[i] != NULL; i++)
        check_string (values[i], "completion value");
      mcp_completion_get_total (completion);
      mcp_completion_get_has_more (completion);
    }
  else if (MCP_IS_TASK (object))
    {
      McpTask *task = MCP_TASK (object);

      check_string (mcp_task_get_task_id (task), "task id");
      check_string (mcp_task_get_status_message (task), "task status message");
      check_string (mcp_task_get_created_at (task), "task creation time");
      check_string (mcp_task_get_last_updated_at (task), "task update time");
      mcp_task_status_is_terminal (mcp_task_get_status (task));
      mcp_task_get_ttl (task);
      mcp_task_get_poll_interval (task);
    }
  else if (MCP_IS_IMPLEMENTATION (object))
    {
      McpImplementation *implementation = MCP_IMPLEMENTATION (object);

      check_string (mcp_implementation_get_name (implementation), "implementation name");
      check_string (mcp_implementation_get_version (implementation), "implementation version");
      check_string (mcp_implementation_get_title (implementation), "implementation title");
    }
  else if (MCP_IS_ROOT (object))
    {
      McpRoot *root = MCP_ROOT (object);

      check_string (mcp_root_get_uri (root), "root URI");
      check_string (mcp_root_get_name (root), "root name");
    }
  else if (MCP_IS_APP_RESOURCE (object))
    {
      McpAppResource *view = MCP_APP_RESOURCE (object);
      g_autofree char *csp = mcp_app_resource_build_csp (view);
      g_auto(GStrv) directives = NULL;

      check_string (mcp_app_resource_get_uri (view), "view URI");
      check_string (mcp_app_resource_get_html (view), "view HTML");
      check_string (mcp_app_resource_get_domain (view), "view domain");
      check_string (csp, "view CSP");
      mcp_app_resource_get_prefers_border (view, NULL);
      mcp_app_resource_get_permissions (view);
      /* The policy is the specification's directives, and what the view
       * declared never adds one, nor a keyword, nor a bare wildcard. */
      directives = g_strsplit (csp, "; ", -1);
      if (g_strv_length (directives) != 9 && g_strv_length (directives) != 10)
        fuzz_fail ("a view's CSP has %u directives: %s", g_strv_length (directives), csp);
      for (guint i = 0; directives[i] != NULL; i++)
        {
          g_auto(GStrv) words = g_strsplit (directives[i], " ", -1);

          for (guint j = 1; words[j] != NULL; j++)
            if (strchr (words[j], ';') != NULL || strchr (words[j], ',') != NULL ||
                g_str_equal (words[j], "*") || words[j][0] == '\0' ||
                (words[j][0] == '\'' && !g_str_equal (words[j], "'self'") &&
                 !g_str_equal (words[j], "'none'") && !g_str_equal (words[j], "'unsafe-inline'")))
              fuzz_fail ("a view's CSP allows “%s”: %s", words[j], csp);
        }
    }
  else
    fuzz_fail ("no exercise for %s", G_OBJECT_TYPE_NAME (object));
}

typedef gpointer (*FromJson) (JsonObject  *json,
                              GError     **error);

static void
feed (JsonObject *json)
{
  static const FromJson constructors[] = {
    (FromJson) mcp_content_new_from_json,
    (FromJson) mcp_tool_new_from_json,
    (FromJson) mcp_tool_result_new_from_json,
    (FromJson) mcp_resource_new_from_json,
    (FromJson) mcp_resource_contents_new_from_json,
    (FromJson) mcp_resource_template_new_from_json,
    (FromJson) mcp_prompt_new_from_json,
    (FromJson) mcp_prompt_argument_new_from_json,
    (FromJson) mcp_prompt_message_new_from_json,
    (FromJson) mcp_prompt_result_new_from_json,
    (FromJson) mcp_completion_new_from_json,
    (FromJson) mcp_task_new_from_json,
    (FromJson) mcp_root_new_from_json,
    (FromJson) mcp_app_resource_new_from_json,
  };
  g_autoptr(McpImplementation) implementation = mcp_implementation_new_from_json (json);
  const char *text;
  McpLogLevel level;

  for (guint i = 0; i < G_N_ELEMENTS (constructors); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GObject) object = constructors[i] (json, &error);

      if ((object == NULL) == (error == NULL))
        fuzz_fail ("constructor %u returned %s with %s", i, object ? "an object" : "nothing",
                   error ? "an error" : "no error");
      if (object != NULL)
        exercise (object);
      else
        check_string (error->message, "an error message");
    }

  exercise (G_OBJECT (implementation));

  /* The constructors that take strings rather than JSON. */
  if ((text = _mcp_json_object_get_string (json, "text")))
    {
      g_autoptr(McpContent) content = mcp_content_new_text (text);

      if (g_strcmp0 (mcp_content_get_text (content), text) != 0)
        fuzz_fail ("a text block lost its text");
    }
  if ((text = _mcp_json_object_get_string (json, "uri")) &&
      g_ascii_strncasecmp (text, "file://", 7) == 0)
    {
      g_autoptr(McpRoot) root = mcp_root_new (text, _mcp_json_object_get_string (json, "name"));

      exercise (G_OBJECT (root));
    }
  if (mcp_log_level_from_string (_mcp_json_object_get_string (json, "level"), &level))
    check_string (mcp_log_level_to_string (level), "a log level");
}

static void
feed_node (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    feed (json_node_get_object (node));
}

static void
feed_element (JsonArray *array,
              guint      index,
              JsonNode  *element,
              gpointer   user_data)
{
  feed_node (element);
}

/* Whether @written is what the serializer makes of @node: the same, but
 * for the infinite numbers that a huge exponent reads as, which JSON
 * cannot carry and which are written as null (as JSON.stringify () does). */
static gboolean
same_as_written (JsonNode *node,
                 JsonNode *written)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE &&
      !isfinite (json_node_get_double (node)))
    return JSON_NODE_HOLDS_NULL (written);

  if (json_node_get_node_type (node) != json_node_get_node_type (written))
    return FALSE;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObject *written_object = json_node_get_object (written);
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      if (json_object_get_size (object) != json_object_get_size (written_object))
        return FALSE;

      json_object_iter_init (&iter, object);
      while (json_object_iter_next (&iter, &name, &member))
        {
          JsonNode *written_member = json_object_get_member (written_object, name);

          if (written_member == NULL || !same_as_written (member, written_member))
            return FALSE;
        }
      return TRUE;
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      JsonArray *written_array = json_node_get_array (written);
      guint length = json_array_get_length (array);

      if (length != json_array_get_length (written_array))
        return FALSE;

      for (guint i = 0; i < length; i++)
        if (!same_as_written (json_array_get_element (array, i),
                              json_array_get_element (written_array, i)))
          return FALSE;
      return TRUE;
    }

  return json_node_equal (node, written);
}

/* What the library writes reads back as the same value, on one line. */
static void
check_round_trip (JsonNode *root)
{
  g_autoptr(GBytes) line = _mcp_json_to_line (root);
  g_autoptr(JsonNode) back = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;
  const char *text = g_bytes_get_data (line, &len);

  if (len < 2 || text[len - 1] != '\n' || memchr (text, '\n', len - 1) != NULL)
    fuzz_fail ("_mcp_json_to_line () did not write one line");

  back = _mcp_json_parse_message (text, len - 1, &error);
  if (back == NULL)
    fuzz_fail ("what _mcp_json_to_line () wrote does not parse: %s", error->message);
  if (!same_as_written (root, back))
    fuzz_fail ("what _mcp_json_to_line () wrote reads back differently: %.*s", (int) MIN (len, 200),
               text);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(JsonNode) root = NULL;

  /* What a transport would refuse never reaches the value types. */
  root = _mcp_json_parse_message ((const char *) data, size, NULL);
  if (root == NULL)
    return 0;

  check_round_trip (root);

  if (JSON_NODE_HOLDS_OBJECT (root))
    {
      JsonObject *object = json_node_get_object (root);
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      feed (object);

      /* JSON-RPC envelopes and list pages: what is inside. */
      json_object_iter_init (&iter, object);
      while (json_object_iter_next (&iter, &name, &member))
        {
          feed_node (member);
          if (JSON_NODE_HOLDS_ARRAY (member))
            json_array_foreach_element (json_node_get_array (member), feed_element, NULL);
          else if (JSON_NODE_HOLDS_OBJECT (member))
            {
              JsonObjectIter inner;
              const char *inner_name;
              JsonNode *inner_member;

              json_object_iter_init (&inner, json_node_get_object (member));
              while (json_object_iter_next (&inner, &inner_name, &inner_member))
                if (JSON_NODE_HOLDS_ARRAY (inner_member))
                  json_array_foreach_element (json_node_get_array (inner_member), feed_element,
                                              NULL);
            }
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (root))
    json_array_foreach_element (json_node_get_array (root), feed_element, NULL);

  return 0;
}
