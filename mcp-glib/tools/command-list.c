/* command-list.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The commands that list what the server offers: tools (with the
 * arguments their input schemas describe, or one tool in full),
 * resources, resource templates and prompts. --names lists only the names,
 * for scripts and shell completion; tools --format prints the definitions
 * a language model's API takes (McpToolbox).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

/* Describes one property of a JSON Schema in a line: its type, whether it
 * is required, its choices and default. Complex schemas are only
 * summarised; `tools NAME` shows them whole. */
static void
print_schema_property (const char *name,
                       JsonObject *property,
                       gboolean    required)
{
  g_autoptr(GPtrArray) facts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) line = g_string_new (NULL);
  JsonNode *type = json_object_get_member (property, "type");
  JsonNode *choices = json_object_get_member (property, "enum");
  JsonNode *fallback = json_object_get_member (property, "default");
  const char *description = NULL;

  if (json_object_has_member (property, "description"))
    description = json_object_get_string_member (property, "description");

  if (type != NULL && JSON_NODE_HOLDS_ARRAY (type))
    {
      JsonArray *types = json_node_get_array (type);
      g_autoptr(GString) joined = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (types); i++)
        {
          const char *one = json_array_get_string_element (types, i);

          g_string_append_printf (joined, "%s%s", i > 0 ? "|" : "", one != NULL ? one : "?");
        }
      g_ptr_array_add (facts, g_string_free (g_steal_pointer (&joined), FALSE));
    }
  else if (type != NULL && JSON_NODE_HOLDS_VALUE (type))
    {
      g_ptr_array_add (facts, g_strdup (json_node_get_string (type)));
    }

  if (required)
    g_ptr_array_add (facts, g_strdup (_("required")));

  if (choices != NULL && JSON_NODE_HOLDS_ARRAY (choices))
    {
      JsonArray *array = json_node_get_array (choices);
      g_autoptr(GString) joined = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *one = cli_node_to_display_string (json_array_get_element (array, i));

          g_string_append_printf (joined, "%s%s", i > 0 ? "|" : "", one);
        }
      /* Translators: the values a tool argument may take, e.g. "one of a|b|c" */
      g_ptr_array_add (facts, g_strdup_printf (_("one of %s"), joined->str));
    }

  if (fallback != NULL)
    {
      g_autofree char *text = json_to_string (fallback, FALSE);

      /* Translators: the value a tool argument has when it is left out */
      g_ptr_array_add (facts, g_strdup_printf (_("default %s"), text));
    }

  g_string_append_printf (line, "  - %s", name);
  for (guint i = 0; i < facts->len; i++)
    g_string_append_printf (line, "%s%s", i == 0 ? " (" : ", ", (char *) facts->pdata[i]);
  if (facts->len > 0)
    g_string_append_c (line, ')');
  if (description != NULL && *description != '\0')
    g_string_append_printf (line, ": %s", description);

  cli_print_text (stdout, line->str);
}

static gboolean
schema_requires (JsonObject *schema,
                 const char *name)
{
  JsonNode *required = json_object_get_member (schema, "required");
  JsonArray *array;

  if (required == NULL || !JSON_NODE_HOLDS_ARRAY (required))
    return FALSE;

  array = json_node_get_array (required);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *one = json_array_get_string_element (array, i);

      if (one != NULL && g_str_equal (one, name))
        return TRUE;
    }

  return FALSE;
}

/* What MCP Apps say of the tool: who may call it, and its view. */
static void
print_tool_app (McpTool *tool)
{
  McpToolVisibility visibility = mcp_tool_get_visibility (tool);
  const char *view = mcp_tool_get_ui_resource_uri (tool);

  if ((visibility & MCP_TOOL_VISIBILITY_MODEL) == 0)
    fprintf (stdout, "  %s\n", _("For its app’s view only: hidden from the model"));
  if (view != NULL)
    {
      /* Translators: %s is the ui:// URI of the tool's interactive view */
      g_autofree char *line = g_strdup_printf (_("View: %s"), view);

      fprintf (stdout, "  %s\n", line);
    }
}

static void
print_tool (McpTool *tool)
{
  JsonObject *schema = mcp_tool_get_input_schema (tool);
  JsonNode *properties = json_object_get_member (schema, "properties");
  GList *members = NULL;

  cli_print_heading (mcp_tool_get_name (tool), mcp_tool_get_display_name (tool),
                 mcp_tool_get_description (tool));
  print_tool_app (tool);

  if (properties != NULL && JSON_NODE_HOLDS_OBJECT (properties))
    members = json_object_get_members (json_node_get_object (properties));

  if (members == NULL)
    fprintf (stdout, "  %s\n", _("No arguments"));

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *property = json_object_get_member (json_node_get_object (properties), l->data);

      if (JSON_NODE_HOLDS_OBJECT (property))
        print_schema_property (l->data, json_node_get_object (property),
                               schema_requires (schema, l->data));
      else
        fprintf (stdout, "  - %s\n", (char *) l->data);
    }

  g_list_free (members);
}

static void
print_tool_details (McpTool *tool)
{
  JsonObject *output_schema = mcp_tool_get_output_schema (tool);
  JsonObject *annotations = mcp_tool_get_annotations (tool);

  cli_print_heading (mcp_tool_get_name (tool), mcp_tool_get_display_name (tool),
                 mcp_tool_get_description (tool));
  print_tool_app (tool);

  fprintf (stdout, "%s\n", _("Input schema:"));
  cli_print_json_object (mcp_tool_get_input_schema (tool), TRUE);

  if (output_schema != NULL)
    {
      fprintf (stdout, "%s\n", _("Output schema:"));
      cli_print_json_object (output_schema, TRUE);
    }

  if (annotations != NULL)
    {
      fprintf (stdout, "%s\n", _("Annotations:"));
      cli_print_json_object (annotations, TRUE);
    }

  switch (mcp_tool_get_task_support (tool))
    {
    case MCP_TASK_SUPPORT_OPTIONAL:
      fprintf (stdout, "%s\n", _("Runs as a task: optionally"));
      break;

    case MCP_TASK_SUPPORT_REQUIRED:
      fprintf (stdout, "%s\n", _("Runs as a task: always"));
      break;

    case MCP_TASK_SUPPORT_FORBIDDEN:
    default:
      break;
    }
}

/* The names of a tool's arguments, one a line, for shell completion. */
static void
print_argument_names (McpTool *tool)
{
  JsonNode *properties = json_object_get_member (mcp_tool_get_input_schema (tool), "properties");
  GList *members = NULL;

  if (properties != NULL && JSON_NODE_HOLDS_OBJECT (properties))
    members = json_object_get_members (json_node_get_object (properties));

  for (GList *l = members; l != NULL; l = l->next)
    fprintf (stdout, "%s\n", (char *) l->data);

  g_list_free (members);
}

/* The tool called @name in @tools, or NULL. */
McpTool *
cli_find_tool (GListModel *tools,
               const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (g_str_equal (mcp_tool_get_name (tool), name))
        return g_steal_pointer (&tool);
    }

  return NULL;
}

void
cli_print_tools (CliApp     *app,
                 GListModel *tools)
{
  guint n_tools = g_list_model_get_n_items (tools);

  if (app->names)
    {
      for (guint i = 0; i < n_tools; i++)
        {
          g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

          fprintf (stdout, "%s\n", mcp_tool_get_name (tool));
        }
      return;
    }

  if (n_tools == 0)
    fprintf (stdout, "%s\n", _("The server offers no tools."));

  for (guint i = 0; i < n_tools; i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (i > 0)
        fputc ('\n', stdout);
      print_tool (tool);
    }
}

/* --format: the tools as a model API takes them, through a McpToolbox on
 * a group of the one connected client. */
static const struct
{
  const char       *name;
  McpToolboxFormat  format;
} formats[] = {
  { "openai", MCP_TOOLBOX_FORMAT_OPENAI },
  { "openai-responses", MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES },
  { "anthropic", MCP_TOOLBOX_FORMAT_ANTHROPIC },
  { "gemini", MCP_TOOLBOX_FORMAT_GEMINI },
  { "ollama", MCP_TOOLBOX_FORMAT_OLLAMA },
};

static gboolean
parse_tools (CliApp  *app,
             char   **args,
             GError **error)
{
  if (!cli_parse_optional_name (app, args, error))
    return FALSE;

  if (app->format == NULL)
    return TRUE;

  if (app->name != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--format prints every tool: name none"));
      return FALSE;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_equal (app->format, formats[i].name))
      return TRUE;

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Unknown format “%s”; expected openai, openai-responses, anthropic, gemini or ollama"),
               app->format);
  return FALSE;
}

static void
on_group_connected (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  CliApp *app = user_data;
  McpClientGroup *group = MCP_CLIENT_GROUP (object);
  g_autoptr(McpToolbox) toolbox = NULL;
  g_autoptr(JsonNode) definitions = NULL;
  g_autofree char *text = NULL;
  McpToolboxFormat format = MCP_TOOLBOX_FORMAT_OPENAI;

  mcp_client_group_connect_finish (group, result, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_equal (app->format, formats[i].name))
      format = formats[i].format;

  toolbox = mcp_toolbox_new (group, format);
  definitions = mcp_toolbox_dup_definitions (toolbox);
  text = json_to_string (definitions, !app->json);
  fprintf (stdout, "%s\n", text);
  cli_app_finish (app, EXIT_OK);
}

static void
print_definitions (CliApp *app)
{
  McpImplementation *info = mcp_client_get_server_info (app->client);
  const char *name = NULL;
  McpClientGroup *group = mcp_client_group_new ();

  /* The server's own name qualifies the tools' names, as in a group. */
  if (info != NULL)
    name = mcp_implementation_get_name (info);
  if (name == NULL)
    name = "server";

  /* The group lives as long as the command: it holds the client's lists. */
  app->command_data = group;
  app->command_data_free = g_object_unref;
  mcp_client_group_add_client (group, name, app->client, NULL);
  mcp_client_group_connect_async (group, app->cancellable, on_group_connected, app);
}

static void
on_tools_listed (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(McpTool) tool = NULL;
  g_autoptr(GError) error = NULL;

  tools = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);
  if (tools == NULL)
    {
      cli_app_fail_request (app, error, _("Could not list the tools"));
      return;
    }

  if (app->format != NULL)
    {
      print_definitions (app);
      return;
    }

  if (app->name == NULL)
    {
      if (app->json)
        cli_print_list_json (tools, "tools");
      else
        cli_print_tools (app, tools);
      cli_app_finish (app, EXIT_OK);
      return;
    }

  tool = cli_find_tool (tools, app->name);
  if (tool == NULL)
    {
      cli_print_error (_("The server has no tool “%s”"), app->name);
      cli_app_finish (app, EXIT_REFUSED);
      return;
    }

  if (app->json)
    cli_print_json_object (mcp_tool_get_json (tool), FALSE);
  else if (app->names)
    print_argument_names (tool);
  else
    print_tool_details (tool);
  cli_app_finish (app, EXIT_OK);
}

static void
run_tools (CliApp *app)
{
  mcp_client_list_tools_async (app->client, app->cancellable, on_tools_listed, app);
}

const CliCommand cli_tools_command = {
  .name = "tools",
  .arguments = N_("[TOOL]"),
  .summary = N_("List the tools and their arguments, or show one tool’s schemas"),
  .parse = parse_tools,
  .run = run_tools,
};

static void
on_resources_listed (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  char count[CLI_COUNT_SIZE];
  CliApp *app = user_data;
  g_autoptr(GListModel) resources = NULL;
  g_autoptr(GError) error = NULL;
  guint n_resources;

  resources = mcp_client_list_resources_finish (MCP_CLIENT (object), result, &error);
  if (resources == NULL)
    {
      cli_app_fail_request (app, error, _("Could not list the resources"));
      return;
    }

  if (app->json)
    {
      cli_print_list_json (resources, "resources");
      cli_app_finish (app, EXIT_OK);
      return;
    }

  n_resources = g_list_model_get_n_items (resources);
  if (n_resources == 0 && !app->names)
    fprintf (stdout, "%s\n", _("The server offers no resources."));

  for (guint i = 0; i < n_resources; i++)
    {
      g_autoptr(McpResource) resource = g_list_model_get_item (resources, i);
      const char *mime_type = mcp_resource_get_mime_type (resource);
      const char *description = mcp_resource_get_description (resource);
      gint64 size = mcp_resource_get_size (resource);

      if (app->names)
        {
          fprintf (stdout, "%s\n", mcp_resource_get_uri (resource));
          continue;
        }

      fputs (mcp_resource_get_uri (resource), stdout);
      if (mime_type != NULL && size >= 0)
        fprintf (stdout, _(" (%s, %s bytes)"), mime_type, cli_format_count (count, size));
      else if (mime_type != NULL)
        fprintf (stdout, " (%s)", mime_type);
      else if (size >= 0)
        fprintf (stdout, _(" (%s bytes)"), cli_format_count (count, size));
      fputc ('\n', stdout);

      fprintf (stdout, "  %s%s%s\n", mcp_resource_get_display_name (resource),
               description != NULL ? ": " : "", description != NULL ? description : "");
    }

  cli_app_finish (app, EXIT_OK);
}

static void
run_resources (CliApp *app)
{
  mcp_client_list_resources_async (app->client, app->cancellable, on_resources_listed, app);
}

const CliCommand cli_resources_command = {
  .name = "resources",
  .arguments = "",
  .summary = N_("List the resources"),
  .parse = cli_parse_nothing,
  .run = run_resources,
};

static void
on_templates_listed (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(GListModel) templates = NULL;
  g_autoptr(GError) error = NULL;
  guint n_templates;

  templates = mcp_client_list_resource_templates_finish (MCP_CLIENT (object), result, &error);
  if (templates == NULL)
    {
      cli_app_fail_request (app, error, _("Could not list the resource templates"));
      return;
    }

  if (app->json)
    {
      cli_print_list_json (templates, "resourceTemplates");
      cli_app_finish (app, EXIT_OK);
      return;
    }

  n_templates = g_list_model_get_n_items (templates);
  if (n_templates == 0 && !app->names)
    fprintf (stdout, "%s\n", _("The server offers no resource templates."));

  for (guint i = 0; i < n_templates; i++)
    {
      g_autoptr(McpResourceTemplate) template = g_list_model_get_item (templates, i);
      const char *mime_type = mcp_resource_template_get_mime_type (template);
      const char *description = mcp_resource_template_get_description (template);

      if (app->names)
        {
          fprintf (stdout, "%s\n", mcp_resource_template_get_uri_template (template));
          continue;
        }

      fputs (mcp_resource_template_get_uri_template (template), stdout);
      if (mime_type != NULL)
        fprintf (stdout, " (%s)", mime_type);
      fputc ('\n', stdout);

      fprintf (stdout, "  %s%s%s\n", mcp_resource_template_get_display_name (template),
               description != NULL ? ": " : "", description != NULL ? description : "");
    }

  cli_app_finish (app, EXIT_OK);
}

static void
run_templates (CliApp *app)
{
  mcp_client_list_resource_templates_async (app->client, app->cancellable,
                                            on_templates_listed, app);
}

const CliCommand cli_templates_command = {
  .name = "templates",
  .arguments = "",
  .summary = N_("List the resource templates"),
  .parse = cli_parse_nothing,
  .run = run_templates,
};

static void
print_prompt (McpPrompt *prompt)
{
  GListModel *arguments = mcp_prompt_get_arguments (prompt);

  cli_print_heading (mcp_prompt_get_name (prompt), mcp_prompt_get_display_name (prompt),
                 mcp_prompt_get_description (prompt));

  for (guint i = 0; i < g_list_model_get_n_items (arguments); i++)
    {
      g_autoptr(McpPromptArgument) argument = g_list_model_get_item (arguments, i);
      const char *description = mcp_prompt_argument_get_description (argument);
      g_autoptr(GString) line = g_string_new (NULL);

      g_string_append_printf (line, "  - %s", mcp_prompt_argument_get_name (argument));
      if (mcp_prompt_argument_get_required (argument))
        g_string_append_printf (line, " (%s)", _("required"));
      if (description != NULL && *description != '\0')
        g_string_append_printf (line, ": %s", description);
      cli_print_text (stdout, line->str);
    }
}

static void
on_prompts_listed (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(GListModel) prompts = NULL;
  g_autoptr(GError) error = NULL;
  guint n_prompts;

  prompts = mcp_client_list_prompts_finish (MCP_CLIENT (object), result, &error);
  if (prompts == NULL)
    {
      cli_app_fail_request (app, error, _("Could not list the prompts"));
      return;
    }

  if (app->json)
    {
      cli_print_list_json (prompts, "prompts");
      cli_app_finish (app, EXIT_OK);
      return;
    }

  n_prompts = g_list_model_get_n_items (prompts);
  if (n_prompts == 0 && !app->names)
    fprintf (stdout, "%s\n", _("The server offers no prompts."));

  for (guint i = 0; i < n_prompts; i++)
    {
      g_autoptr(McpPrompt) prompt = g_list_model_get_item (prompts, i);

      if (app->names)
        {
          fprintf (stdout, "%s\n", mcp_prompt_get_name (prompt));
          continue;
        }

      if (i > 0)
        fputc ('\n', stdout);
      print_prompt (prompt);
    }

  cli_app_finish (app, EXIT_OK);
}

static void
run_prompts (CliApp *app)
{
  mcp_client_list_prompts_async (app->client, app->cancellable, on_prompts_listed, app);
}

const CliCommand cli_prompts_command = {
  .name = "prompts",
  .arguments = "",
  .summary = N_("List the prompts and their arguments"),
  .parse = cli_parse_nothing,
  .run = run_prompts,
};
