/* mcp-glib-client.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* mcp-glib-client is the command-line client of mcp-glib, in the spirit of
 * gdbus: it connects to one MCP server (a command run over stdio, by default
 * the bundled demo server), runs one command against it (list what the
 * server offers, call a tool, read a resource, get a prompt, complete an
 * argument, or follow its notifications) and exits with a status that
 * tells usage errors, connection failures, server errors and tool errors
 * apart. Text output is for people; --json prints the protocol's own JSON,
 * one object per line, for scripts. Everything goes through the library's
 * asynchronous API on one main loop, so Ctrl+C can cancel whatever is in
 * flight.
 */

#include "config.h"

#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include <mcp-glib/mcp-glib.h>

/* The exit statuses, documented in --help and in the manual page. A signal
 * that interrupts a command gives 128 + its number, as a shell would. */
enum
{
  EXIT_OK = 0,
  EXIT_TOOL_ERROR = 1,
  EXIT_USAGE = 2,
  EXIT_CONNECTION = 3,
  EXIT_REFUSED = 4,
};

/* --timeout was not given: the library's defaults apply. */
#define TIMEOUT_UNSET G_MININT

typedef struct _App App;

typedef struct
{
  const char *name;
  const char *arguments;
  const char *summary;
  gboolean  (*parse) (App         *app,
                      char       **args,
                      GError     **error);
  void      (*run)   (App         *app);
} Command;

struct _App
{
  /* Options */
  char          *server;
  char         **server_argv;
  char          *url;
  char         **headers;
  char         **env;
  char         **inherit_env;
  char         **subscribe;
  char          *log_level_name;
  int            timeout;
  gboolean       json;
  gboolean       names;
  gboolean       version;

  /* The command and its arguments */
  const Command *command;
  char          *name;              /* the tool, prompt, URI or template */
  JsonObject    *arguments;         /* the tool's */
  GHashTable    *strings;           /* the prompt's arguments, or the completion's context */
  gboolean       complete_resource;
  char          *argument;          /* the argument to complete, */
  char          *value;             /* and its start */
  McpLogLevel    log_level;
  guint          n_subscribed;
  gint64         ping_start;

  /* The connection */
  GMainLoop     *loop;
  McpClient     *client;
  GCancellable  *cancellable;
  guint          sigint_source;
  guint          sigterm_source;
  gboolean       stdout_is_terminal;
  gboolean       progress_shown;
  gboolean       following;
  gboolean       done;
  gboolean       closing;
  int            signum;
  int            status;
};

/* Output */

/* Numbers go into translatable messages as strings: a format macro such as
 * G_GSIZE_FORMAT inside a msgid cannot be extracted or translated. */
#define COUNT_SIZE 24

static const char *
format_count (char    buffer[COUNT_SIZE],
              guint64 count)
{
  g_snprintf (buffer, COUNT_SIZE, "%" G_GUINT64_FORMAT, count);
  return buffer;
}

static void G_GNUC_PRINTF (1, 2)
print_error (const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("%s: %s\n", g_get_prgname (), message);
}

/* A progress bar is drawn on the terminal's last line; anything else
 * printed to the terminal first wipes it. */
static void
clear_progress (App *app)
{
  if (!app->progress_shown)
    return;

  fputs ("\r\033[K", stdout);
  fflush (stdout);
  app->progress_shown = FALSE;
}

/* stdout gets the server's bytes as they are (UTF-8 by the protocol),
 * without g_print()'s conversion to the locale's charset, which would
 * mangle the JSON and text of a server in the C locale. */
static void
print_text (FILE       *out,
            const char *text)
{
  fputs (text, out);
  if (*text == '\0' || !g_str_has_suffix (text, "\n"))
    fputc ('\n', out);
}

static void
print_indented (FILE       *out,
                const char *indent,
                const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i + 1] == NULL && *lines[i] == '\0')
        break;
      fprintf (out, "%s%s\n", *lines[i] != '\0' ? indent : "", lines[i]);
    }
}

static void
print_json_node (JsonNode *node,
                 gboolean  pretty)
{
  g_autofree char *text = json_to_string (node, pretty);

  print_text (stdout, text);
}

static void
print_json_object (JsonObject *object,
                   gboolean    pretty)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  print_json_node (node, pretty);
}

/* Every value type of the library keeps the JSON it came from. */
static JsonObject *
dup_item_json (gpointer item)
{
  JsonObject *json = NULL;

  g_object_get (item, "json", &json, NULL);
  return json;
}

/* Prints { "MEMBER": [ the items' JSON ] }, the shape of the protocol's
 * list results. */
static void
print_list_json (GListModel *list,
                 const char *member)
{
  g_autoptr(JsonObject) object = json_object_new ();
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (list, i);

      json_array_add_object_element (array, dup_item_json (item));
    }

  json_object_set_array_member (object, member, array);
  print_json_object (object, FALSE);
}

static char *
node_to_display_string (JsonNode *node)
{
  if (node == NULL)
    return g_strdup ("");

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));

  return json_to_string (node, FALSE);
}

static void
print_content (FILE       *out,
               McpContent *block)
{
  char count[COUNT_SIZE];
  const char *mime_type = mcp_content_get_mime_type (block);
  const char *uri = mcp_content_get_uri (block);
  GBytes *data;

  switch (mcp_content_get_kind (block))
    {
    case MCP_CONTENT_KIND_TEXT:
      print_text (out, mcp_content_get_text (block));
      break;

    case MCP_CONTENT_KIND_IMAGE:
    case MCP_CONTENT_KIND_AUDIO:
      data = mcp_content_get_data (block);
      /* Translators: a summary of an image or audio block: its type
       * ("image" or "audio", not translated), MIME type and size */
      fprintf (out, _("[%s: %s, %s bytes]\n"),
               mcp_content_get_type_name (block),
               mime_type != NULL ? mime_type : "?",
               format_count (count, data != NULL ? g_bytes_get_size (data) : 0));
      break;

    case MCP_CONTENT_KIND_RESOURCE_LINK:
      if (mcp_content_get_name (block) != NULL)
        fprintf (out, _("[resource link: %s (%s)]\n"), uri, mcp_content_get_name (block));
      else
        fprintf (out, _("[resource link: %s]\n"), uri);
      break;

    case MCP_CONTENT_KIND_RESOURCE:
      if (mcp_content_get_text (block) != NULL)
        {
          fprintf (out, _("[resource: %s]\n"), uri);
          print_text (out, mcp_content_get_text (block));
        }
      else
        {
          data = mcp_content_get_data (block);
          fprintf (out, _("[resource: %s, %s, %s bytes]\n"),
                   uri, mime_type != NULL ? mime_type : "?",
                   format_count (count, data != NULL ? g_bytes_get_size (data) : 0));
        }
      break;

    case MCP_CONTENT_KIND_TOOL_USE:
    case MCP_CONTENT_KIND_TOOL_RESULT:
    case MCP_CONTENT_KIND_UNKNOWN:
    default:
      /* Translators: a content block this program does not display; %s is
       * its type as the server sent it */
      fprintf (out, _("[%s block]\n"), mcp_content_get_type_name (block));
      break;
    }
}

static void
print_tool_result (App           *app,
                   McpToolResult *result)
{
  gboolean is_error = mcp_tool_result_get_is_error (result);
  GListModel *content = mcp_tool_result_get_content (result);
  FILE *out = is_error ? stderr : stdout;
  JsonNode *structured;

  clear_progress (app);

  if (app->json)
    {
      print_json_object (mcp_tool_result_get_json (result), FALSE);
      return;
    }

  /* An error result is the tool's error message: it goes where errors
   * go, so that a script's stdout only ever holds real output. */
  if (is_error)
    print_error (_("The tool “%s” reported an error:"), app->name);

  for (guint i = 0; i < g_list_model_get_n_items (content); i++)
    {
      g_autoptr(McpContent) block = g_list_model_get_item (content, i);

      print_content (out, block);
    }

  if ((structured = mcp_tool_result_get_structured_content (result)) != NULL)
    {
      fprintf (out, "%s\n", _("Structured content:"));
      print_json_node (structured, TRUE);
    }
}

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
          g_autofree char *one = node_to_display_string (json_array_get_element (array, i));

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

  print_text (stdout, line->str);
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

static void
print_heading (const char *name,
               const char *title,
               const char *description)
{
  if (title != NULL && g_strcmp0 (title, name) != 0)
    fprintf (stdout, "%s (%s)\n", name, title);
  else
    fprintf (stdout, "%s\n", name);

  if (description != NULL && *description != '\0')
    print_indented (stdout, "  ", description);
}

static void
print_tool (McpTool *tool)
{
  JsonObject *schema = mcp_tool_get_input_schema (tool);
  JsonNode *properties = json_object_get_member (schema, "properties");
  GList *members = NULL;

  print_heading (mcp_tool_get_name (tool), mcp_tool_get_display_name (tool),
                 mcp_tool_get_description (tool));

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

  print_heading (mcp_tool_get_name (tool), mcp_tool_get_display_name (tool),
                 mcp_tool_get_description (tool));

  fprintf (stdout, "%s\n", _("Input schema:"));
  print_json_object (mcp_tool_get_input_schema (tool), TRUE);

  if (output_schema != NULL)
    {
      fprintf (stdout, "%s\n", _("Output schema:"));
      print_json_object (output_schema, TRUE);
    }

  if (annotations != NULL)
    {
      fprintf (stdout, "%s\n", _("Annotations:"));
      print_json_object (annotations, TRUE);
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

static void
print_tools (App        *app,
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

/* Capabilities as a line: each name, with the flags it sets, e.g.
 * "resources (subscribe, listChanged)". */
static char *
describe_capabilities (JsonObject *capabilities)
{
  g_autoptr(GString) line = g_string_new (NULL);
  GList *members = capabilities != NULL ? json_object_get_members (capabilities) : NULL;

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *settings = json_object_get_member (capabilities, l->data);
      guint n_flags = 0;

      g_string_append_printf (line, "%s%s", line->len > 0 ? ", " : "", (char *) l->data);

      if (JSON_NODE_HOLDS_OBJECT (settings))
        {
          GList *flags = json_object_get_members (json_node_get_object (settings));

          for (GList *f = flags; f != NULL; f = f->next)
            {
              JsonNode *flag = json_object_get_member (json_node_get_object (settings), f->data);

              if (!JSON_NODE_HOLDS_VALUE (flag) || json_node_get_value_type (flag) != G_TYPE_BOOLEAN
                  || !json_node_get_boolean (flag))
                continue;

              g_string_append_printf (line, "%s%s", n_flags++ == 0 ? " (" : ", ", (char *) f->data);
            }
          if (n_flags > 0)
            g_string_append_c (line, ')');
          g_list_free (flags);
        }
    }

  g_list_free (members);

  return g_string_free (g_steal_pointer (&line), FALSE);
}

/* The server as the handshake described it, in the shape of the
 * protocol's InitializeResult. */
static JsonObject *
dup_server_json (App *app)
{
  JsonObject *object = json_object_new ();
  JsonObject *capabilities = mcp_client_get_server_capabilities (app->client);
  const char *instructions = mcp_client_get_instructions (app->client);

  json_object_set_string_member (object, "protocolVersion",
                                 mcp_client_get_protocol_version (app->client));
  json_object_set_object_member (object, "capabilities",
                                 capabilities != NULL ? json_object_ref (capabilities)
                                                      : json_object_new ());
  json_object_set_object_member (object, "serverInfo",
                                 json_object_ref (mcp_implementation_get_json (
                                   mcp_client_get_server_info (app->client))));
  if (instructions != NULL)
    json_object_set_string_member (object, "instructions", instructions);

  return object;
}

static void
print_server_info (App *app)
{
  McpImplementation *info = mcp_client_get_server_info (app->client);
  const char *title = mcp_implementation_get_title (info);
  const char *instructions = mcp_client_get_instructions (app->client);
  g_autofree char *capabilities = NULL;

  capabilities = describe_capabilities (mcp_client_get_server_capabilities (app->client));

  if (title != NULL)
    fprintf (stdout, _("Server: %s %s (%s)\n"), mcp_implementation_get_name (info),
             mcp_implementation_get_version (info), title);
  else
    fprintf (stdout, _("Server: %s %s\n"), mcp_implementation_get_name (info),
             mcp_implementation_get_version (info));
  fprintf (stdout, _("Protocol: %s\n"), mcp_client_get_protocol_version (app->client));
  fprintf (stdout, _("Capabilities: %s\n"), *capabilities != '\0' ? capabilities : _("none"));

  if (instructions != NULL)
    {
      fprintf (stdout, "%s\n", _("Instructions:"));
      print_indented (stdout, "  ", instructions);
    }
}

static char *
format_log_message (McpLogLevel  level,
                    const char  *logger,
                    JsonNode    *data)
{
  g_autofree char *text = node_to_display_string (data);

  if (logger != NULL)
    return g_strdup_printf ("[%s] %s: %s", mcp_log_level_to_string (level), logger, text);

  return g_strdup_printf ("[%s] %s", mcp_log_level_to_string (level), text);
}

/* Ending */

static void
finish (App *app,
        int  status)
{
  if (app->done)
    return;

  app->done = TRUE;
  app->status = status;
  g_main_loop_quit (app->loop);
}

/* The signal that interrupted us, if any. A terminal's Ctrl+C reaches the
 * whole foreground process group, the server included, and the server may
 * die of it before our own handler runs: its death by SIGINT says the same. */
static int
interrupting_signal (App *app)
{
  McpTransport *transport;
  GSubprocess *subprocess;

  if (app->signum != 0)
    return app->signum;

  transport = app->client != NULL ? mcp_client_get_transport (app->client) : NULL;
  if (!MCP_IS_STDIO_TRANSPORT (transport) ||
      !(subprocess = mcp_stdio_transport_get_subprocess (MCP_STDIO_TRANSPORT (transport))))
    return 0;

  if (g_subprocess_get_identifier (subprocess) == NULL && g_subprocess_get_if_signaled (subprocess) &&
      g_subprocess_get_term_sig (subprocess) == SIGINT)
    return SIGINT;

  return 0;
}

/* What a failed request means for the exit status: the server refused it
 * (a JSON-RPC error, or a feature it did not declare), or the connection
 * failed under it (it died, broke the protocol or did not answer in time).
 * An interrupted request is neither. */
static void
fail_request (App          *app,
              const GError *error,
              const char   *context)
{
  int signum;

  /* A follow whose server died hears of it twice. */
  if (app->done)
    return;

  if ((signum = interrupting_signal (app)) != 0)
    {
      finish (app, 128 + signum);
      return;
    }

  clear_progress (app);
  print_error ("%s: %s", context, error->message);

  if (error->domain == MCP_ERROR || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
    finish (app, EXIT_REFUSED);
  else
    finish (app, EXIT_CONNECTION);
}

/* Argument parsing, before connecting: a usage error never starts the
 * server. */

static const char *
command_arguments (const Command *command)
{
  /* gettext ("") would be the translation's header. */
  return *command->arguments != '\0' ? _(command->arguments) : "";
}

static gboolean
expect_arguments (App     *app,
                  char   **args,
                  guint    min,
                  guint    max,
                  GError **error)
{
  guint n_args = g_strv_length (args);

  if (n_args >= min && n_args <= max)
    return TRUE;

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
               _("Wrong number of arguments; usage: %s %s"),
               app->command->name, command_arguments (app->command));
  return FALSE;
}

static gboolean
parse_json_arguments (App         *app,
                      const char  *text,
                      GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) node = json_from_string (text, &local_error);

  if (node == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("The tool arguments are not valid JSON: %s"),
                   local_error != NULL ? local_error->message : _("empty text"));
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("The tool arguments must be a JSON object, like {\"text\": \"hi\"}"));
      return FALSE;
    }

  app->arguments = json_object_ref (json_node_get_object (node));
  return TRUE;
}

static gboolean
parse_key_values (App         *app,
                  char       **args,
                  GError     **error)
{
  app->strings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; args[i] != NULL; i++)
    {
      const char *equals = strchr (args[i], '=');

      if (equals == NULL || equals == args[i])
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("“%s” is not of the form NAME=VALUE"), args[i]);
          return FALSE;
        }

      g_hash_table_replace (app->strings, g_strndup (args[i], equals - args[i]),
                            g_strdup (equals + 1));
    }

  return TRUE;
}

static gboolean
parse_nothing (App     *app,
               char   **args,
               GError **error)
{
  return expect_arguments (app, args, 0, 0, error);
}

static gboolean
parse_optional_name (App     *app,
                     char   **args,
                     GError **error)
{
  if (!expect_arguments (app, args, 0, 1, error))
    return FALSE;

  app->name = g_strdup (args[0]);
  return TRUE;
}

static gboolean
parse_name (App     *app,
            char   **args,
            GError **error)
{
  if (!expect_arguments (app, args, 1, 1, error))
    return FALSE;

  app->name = g_strdup (args[0]);
  return TRUE;
}

static gboolean
parse_call (App     *app,
            char   **args,
            GError **error)
{
  if (!expect_arguments (app, args, 1, 2, error))
    return FALSE;

  app->name = g_strdup (args[0]);
  return args[1] == NULL || parse_json_arguments (app, args[1], error);
}

static gboolean
parse_follow (App     *app,
              char   **args,
              GError **error)
{
  if (!expect_arguments (app, args, 0, 2, error))
    return FALSE;

  app->name = g_strdup (args[0]);
  return args[0] == NULL || args[1] == NULL || parse_json_arguments (app, args[1], error);
}

static gboolean
parse_prompt (App     *app,
              char   **args,
              GError **error)
{
  if (!expect_arguments (app, args, 1, G_MAXUINT, error))
    return FALSE;

  app->name = g_strdup (args[0]);
  return parse_key_values (app, args + 1, error);
}

static gboolean
parse_complete (App     *app,
                char   **args,
                GError **error)
{
  if (!expect_arguments (app, args, 4, G_MAXUINT, error))
    return FALSE;

  if (g_str_equal (args[0], "resource"))
    app->complete_resource = TRUE;
  else if (!g_str_equal (args[0], "prompt"))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is neither “prompt” nor “resource”: complete the arguments "
                     "of a prompt or of a resource template"), args[0]);
      return FALSE;
    }

  app->name = g_strdup (args[1]);
  app->argument = g_strdup (args[2]);
  app->value = g_strdup (args[3]);
  return parse_key_values (app, args + 4, error);
}

/* Commands */

static void
on_overview_tools_listed (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GError) error = NULL;

  tools = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);
  if (tools == NULL)
    {
      fail_request (app, error, _("Could not list the tools"));
      return;
    }

  if (app->json)
    {
      g_autoptr(JsonObject) object_json = dup_server_json (app);
      JsonArray *array = json_array_new ();

      for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
        {
          g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

          json_array_add_object_element (array, json_object_ref (mcp_tool_get_json (tool)));
        }
      json_object_set_array_member (object_json, "tools", array);
      print_json_object (object_json, FALSE);
    }
  else
    {
      print_server_info (app);
      fprintf (stdout, "\n%s\n", _("Tools:"));
      print_tools (app, tools);
    }

  finish (app, EXIT_OK);
}

static void
run_overview (App *app)
{
  mcp_client_list_tools_async (app->client, app->cancellable, on_overview_tools_listed, app);
}

static void
run_info (App *app)
{
  if (app->json)
    {
      g_autoptr(JsonObject) object = dup_server_json (app);

      print_json_object (object, FALSE);
    }
  else
    {
      print_server_info (app);
    }

  finish (app, EXIT_OK);
}

static void
on_tools_listed (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GError) error = NULL;

  tools = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);
  if (tools == NULL)
    {
      fail_request (app, error, _("Could not list the tools"));
      return;
    }

  if (app->name == NULL)
    {
      if (app->json)
        print_list_json (tools, "tools");
      else
        print_tools (app, tools);
      finish (app, EXIT_OK);
      return;
    }

  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (!g_str_equal (mcp_tool_get_name (tool), app->name))
        continue;

      if (app->json)
        print_json_object (mcp_tool_get_json (tool), FALSE);
      else
        print_tool_details (tool);
      finish (app, EXIT_OK);
      return;
    }

  print_error (_("The server has no tool “%s”"), app->name);
  finish (app, EXIT_REFUSED);
}

static void
run_tools (App *app)
{
  mcp_client_list_tools_async (app->client, app->cancellable, on_tools_listed, app);
}

static void
on_resources_listed (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  char count[COUNT_SIZE];
  App *app = user_data;
  g_autoptr(GListModel) resources = NULL;
  g_autoptr(GError) error = NULL;
  guint n_resources;

  resources = mcp_client_list_resources_finish (MCP_CLIENT (object), result, &error);
  if (resources == NULL)
    {
      fail_request (app, error, _("Could not list the resources"));
      return;
    }

  if (app->json)
    {
      print_list_json (resources, "resources");
      finish (app, EXIT_OK);
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
        fprintf (stdout, _(" (%s, %s bytes)"), mime_type, format_count (count, size));
      else if (mime_type != NULL)
        fprintf (stdout, " (%s)", mime_type);
      else if (size >= 0)
        fprintf (stdout, _(" (%s bytes)"), format_count (count, size));
      fputc ('\n', stdout);

      fprintf (stdout, "  %s%s%s\n", mcp_resource_get_display_name (resource),
               description != NULL ? ": " : "", description != NULL ? description : "");
    }

  finish (app, EXIT_OK);
}

static void
run_resources (App *app)
{
  mcp_client_list_resources_async (app->client, app->cancellable, on_resources_listed, app);
}

static void
on_templates_listed (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(GListModel) templates = NULL;
  g_autoptr(GError) error = NULL;
  guint n_templates;

  templates = mcp_client_list_resource_templates_finish (MCP_CLIENT (object), result, &error);
  if (templates == NULL)
    {
      fail_request (app, error, _("Could not list the resource templates"));
      return;
    }

  if (app->json)
    {
      print_list_json (templates, "resourceTemplates");
      finish (app, EXIT_OK);
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

  finish (app, EXIT_OK);
}

static void
run_templates (App *app)
{
  mcp_client_list_resource_templates_async (app->client, app->cancellable,
                                            on_templates_listed, app);
}

static void
print_prompt (McpPrompt *prompt)
{
  GListModel *arguments = mcp_prompt_get_arguments (prompt);

  print_heading (mcp_prompt_get_name (prompt), mcp_prompt_get_display_name (prompt),
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
      print_text (stdout, line->str);
    }
}

static void
on_prompts_listed (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(GListModel) prompts = NULL;
  g_autoptr(GError) error = NULL;
  guint n_prompts;

  prompts = mcp_client_list_prompts_finish (MCP_CLIENT (object), result, &error);
  if (prompts == NULL)
    {
      fail_request (app, error, _("Could not list the prompts"));
      return;
    }

  if (app->json)
    {
      print_list_json (prompts, "prompts");
      finish (app, EXIT_OK);
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

  finish (app, EXIT_OK);
}

static void
run_prompts (App *app)
{
  mcp_client_list_prompts_async (app->client, app->cancellable, on_prompts_listed, app);
}

static void
on_progress (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             gpointer           user_data)
{
  App *app = user_data;
  g_autoptr(GString) line = g_string_new (NULL);
  struct winsize size;
  guint columns = 80;

  if (ioctl (STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    columns = size.ws_col;

  if (total > 0)
    {
      double fraction = CLAMP (progress / total, 0.0, 1.0);
      guint width = CLAMP (columns / 3, 10, 40);
      guint filled = (guint) (fraction * width);

      g_string_append_c (line, '[');
      for (guint i = 0; i < width; i++)
        g_string_append_c (line, i < filled ? '#' : '-');
      g_string_append_printf (line, "] %3.0f%%  %g/%g", fraction * 100, progress, total);
    }
  else
    {
      g_string_append_printf (line, "%g", progress);
    }

  if (message != NULL && *message != '\0')
    {
      g_string_append (line, "  ");
      g_string_append (line, message);
    }

  /* Redrawing with a carriage return only works on one line: no control
   * characters from the server, and nothing past the last column. */
  for (char *p = line->str; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      *p = ' ';
  if (g_utf8_validate (line->str, -1, NULL) && g_utf8_strlen (line->str, -1) >= columns)
    g_string_truncate (line, g_utf8_offset_to_pointer (line->str, columns - 1) - line->str);

  fprintf (stdout, "\r%s\033[K", line->str);
  fflush (stdout);
  app->progress_shown = TRUE;
}

static void
on_tool_called (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *context = NULL;

  tool_result = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);
  if (tool_result == NULL)
    {
      context = g_strdup_printf (_("Calling the tool “%s” failed"), app->name);
      fail_request (app, error, context);
      return;
    }

  print_tool_result (app, tool_result);
  fflush (stdout);

  if (mcp_tool_result_get_is_error (tool_result))
    finish (app, EXIT_TOOL_ERROR);
  else if (!app->following)
    finish (app, EXIT_OK);
}

static void
run_tool_call (App *app)
{
  g_autoptr(McpRequestOptions) options = mcp_request_options_new ();

  if (app->stdout_is_terminal && !app->json && !app->following)
    g_signal_connect (options, "progress", G_CALLBACK (on_progress), app);

  mcp_client_call_tool_full_async (app->client, app->name, app->arguments, options,
                                   app->cancellable, on_tool_called, app);
}

static void
on_resource_read (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  char count[COUNT_SIZE];
  App *app = user_data;
  g_autoptr(GListModel) contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *context = NULL;
  guint n_parts;

  contents = mcp_client_read_resource_finish (MCP_CLIENT (object), result, &error);
  if (contents == NULL)
    {
      context = g_strdup_printf (_("Could not read “%s”"), app->name);
      fail_request (app, error, context);
      return;
    }

  if (app->json)
    {
      print_list_json (contents, "contents");
      finish (app, EXIT_OK);
      return;
    }

  n_parts = g_list_model_get_n_items (contents);
  for (guint i = 0; i < n_parts; i++)
    {
      g_autoptr(McpResourceContents) part = g_list_model_get_item (contents, i);
      const char *mime_type = mcp_resource_contents_get_mime_type (part);
      GBytes *data = mcp_resource_contents_get_data (part);

      /* A header only when there is more than one part, so that a single
       * part's text or bytes can be redirected to a file as they are. */
      if (n_parts > 1)
        fprintf (stdout, "%s== %s%s%s%s ==\n", i > 0 ? "\n" : "",
                 mcp_resource_contents_get_uri (part),
                 mime_type != NULL ? " (" : "", mime_type != NULL ? mime_type : "",
                 mime_type != NULL ? ")" : "");

      if (!mcp_resource_contents_get_is_blob (part))
        print_text (stdout, mcp_resource_contents_get_text (part));
      else if (app->stdout_is_terminal)
        fprintf (stdout, _("[binary contents: %s, %s bytes; redirect the "
                           "output to a file to get them]\n"),
                 mime_type != NULL ? mime_type : "?",
                 format_count (count, data != NULL ? g_bytes_get_size (data) : 0));
      else if (data != NULL)
        fwrite (g_bytes_get_data (data, NULL), 1, g_bytes_get_size (data), stdout);
    }

  finish (app, EXIT_OK);
}

static void
run_read (App *app)
{
  mcp_client_read_resource_async (app->client, app->name, app->cancellable,
                                  on_resource_read, app);
}

static void
on_prompt_got (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(McpPromptResult) prompt = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *context = NULL;
  GListModel *messages;
  const char *description;

  prompt = mcp_client_get_prompt_finish (MCP_CLIENT (object), result, &error);
  if (prompt == NULL)
    {
      context = g_strdup_printf (_("Could not get the prompt “%s”"), app->name);
      fail_request (app, error, context);
      return;
    }

  if (app->json)
    {
      print_json_object (mcp_prompt_result_get_json (prompt), FALSE);
      finish (app, EXIT_OK);
      return;
    }

  description = mcp_prompt_result_get_description (prompt);
  if (description != NULL)
    print_text (stdout, description);

  messages = mcp_prompt_result_get_messages (prompt);
  for (guint i = 0; i < g_list_model_get_n_items (messages); i++)
    {
      g_autoptr(McpPromptMessage) message = g_list_model_get_item (messages, i);

      if (i > 0 || description != NULL)
        fputc ('\n', stdout);
      fprintf (stdout, "[%s]\n", mcp_prompt_message_get_role (message));
      print_content (stdout, mcp_prompt_message_get_content (message));
    }

  finish (app, EXIT_OK);
}

static void
run_prompt (App *app)
{
  mcp_client_get_prompt_async (app->client, app->name, app->strings, app->cancellable,
                               on_prompt_got, app);
}

static void
on_completed (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  char count[COUNT_SIZE];
  App *app = user_data;
  g_autoptr(McpCompletion) completion = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *values;

  if (app->complete_resource)
    completion = mcp_client_complete_resource_argument_finish (MCP_CLIENT (object), result,
                                                               &error);
  else
    completion = mcp_client_complete_prompt_argument_finish (MCP_CLIENT (object), result,
                                                             &error);
  if (completion == NULL)
    {
      fail_request (app, error, _("Could not complete the argument"));
      return;
    }

  if (app->json)
    {
      g_autoptr(JsonObject) object_json = json_object_new ();

      json_object_set_object_member (object_json, "completion",
                                     json_object_ref (mcp_completion_get_json (completion)));
      print_json_object (object_json, FALSE);
      finish (app, EXIT_OK);
      return;
    }

  values = mcp_completion_get_values (completion);
  for (guint i = 0; values[i] != NULL; i++)
    fprintf (stdout, "%s\n", values[i]);

  /* Only the values go to stdout, one a line, for scripts and shells. */
  if (mcp_completion_get_has_more (completion))
    {
      gint64 total = mcp_completion_get_total (completion);

      fflush (stdout);
      if (total >= 0)
        g_printerr (_("(%s values in all; type more to narrow them down)\n"),
                    format_count (count, total));
      else
        g_printerr ("%s\n", _("(there are more values; type more to narrow them down)"));
    }

  finish (app, EXIT_OK);
}

static void
run_complete (App *app)
{
  if (app->complete_resource)
    mcp_client_complete_resource_argument_async (app->client, app->name, app->argument,
                                                 app->value, app->strings, app->cancellable,
                                                 on_completed, app);
  else
    mcp_client_complete_prompt_argument_async (app->client, app->name, app->argument,
                                               app->value, app->strings, app->cancellable,
                                               on_completed, app);
}

static void
on_pinged (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(GError) error = NULL;
  double elapsed_ms;

  if (!mcp_client_ping_finish (MCP_CLIENT (object), result, &error))
    {
      fail_request (app, error, _("The server did not answer the ping"));
      return;
    }

  elapsed_ms = (g_get_monotonic_time () - app->ping_start) / 1000.0;

  if (app->json)
    fputs ("{}\n", stdout);
  else
    fprintf (stdout, _("The server answered in %.1f ms\n"), elapsed_ms);

  finish (app, EXIT_OK);
}

static void
run_ping (App *app)
{
  app->ping_start = g_get_monotonic_time ();
  mcp_client_ping_async (app->client, app->cancellable, on_pinged, app);
}

static void
on_notification (McpClient  *client,
                 const char *method,
                 JsonNode   *params,
                 gpointer    user_data)
{
  App *app = user_data;

  if (app->json)
    {
      g_autoptr(JsonObject) object = json_object_new ();

      json_object_set_string_member (object, "method", method);
      if (params != NULL)
        json_object_set_member (object, "params", json_node_copy (params));
      print_json_object (object, FALSE);
    }
  else if (!g_str_equal (method, "notifications/message"))
    {
      g_autofree char *text = params != NULL ? json_to_string (params, FALSE) : NULL;

      fprintf (stdout, "%s%s%s\n", method, text != NULL ? " " : "", text != NULL ? text : "");
    }

  fflush (stdout);
}

static void
start_following (App *app)
{
  if (app->name != NULL)
    run_tool_call (app);

  if (isatty (STDERR_FILENO))
    g_printerr ("%s\n", _("Following the server’s notifications; press Ctrl+C to stop."));
}

static void
on_subscribed (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *context = NULL;

  if (!mcp_client_subscribe_resource_finish (MCP_CLIENT (object), result, &error))
    {
      context = g_strdup_printf (_("Could not subscribe to “%s”"),
                                 app->subscribe[app->n_subscribed]);
      fail_request (app, error, context);
      return;
    }

  app->n_subscribed++;
  if (app->subscribe[app->n_subscribed] != NULL)
    mcp_client_subscribe_resource_async (app->client, app->subscribe[app->n_subscribed],
                                         app->cancellable, on_subscribed, app);
  else
    start_following (app);
}

static void
run_follow (App *app)
{
  if (app->subscribe != NULL && app->subscribe[0] != NULL)
    mcp_client_subscribe_resource_async (app->client, app->subscribe[0], app->cancellable,
                                         on_subscribed, app);
  else
    start_following (app);
}

static const Command overview_command = {
  NULL, NULL, NULL, parse_nothing, run_overview,
};

static const Command commands[] = {
  { "info", "",
    N_("Show the server’s name, version, protocol, capabilities and instructions"),
    parse_nothing, run_info },
  { "tools", N_("[TOOL]"),
    N_("List the tools and their arguments, or show one tool’s schemas"),
    parse_optional_name, run_tools },
  { "resources", "",
    N_("List the resources"),
    parse_nothing, run_resources },
  { "templates", "",
    N_("List the resource templates"),
    parse_nothing, run_templates },
  { "prompts", "",
    N_("List the prompts and their arguments"),
    parse_nothing, run_prompts },
  { "call", N_("TOOL [JSON]"),
    N_("Call a tool with arguments given as a JSON object"),
    parse_call, run_tool_call },
  { "read", N_("URI"),
    N_("Read a resource"),
    parse_name, run_read },
  { "prompt", N_("NAME [ARGUMENT=VALUE…]"),
    N_("Get a prompt, filled in with the arguments"),
    parse_prompt, run_prompt },
  { "complete", N_("prompt|resource NAME ARGUMENT VALUE [ARGUMENT=VALUE…]"),
    N_("Suggest values for an argument of a prompt or resource template"),
    parse_complete, run_complete },
  { "ping", "",
    N_("Check that the server answers"),
    parse_nothing, run_ping },
  { "follow", N_("[TOOL [JSON]]"),
    N_("Print notifications and log messages until interrupted (calling TOOL first)"),
    parse_follow, run_follow },
  /* Answered before any server is started. */
  { "help", "",
    N_("Show this help"),
    NULL, NULL },
};

/* Connecting */

static void
start_command (App *app)
{
  app->following = app->command->run == run_follow;
  app->command->run (app);
}

static void
on_log_level_set (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_client_set_logging_level_finish (MCP_CLIENT (object), result, &error))
    {
      fail_request (app, error, _("Could not set the log level"));
      return;
    }

  start_command (app);
}

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  App *app = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_client_connect_finish (MCP_CLIENT (object), result, &error))
    {
      int signum;

      /* A follow stopped while connecting has already finished. */
      if (app->done)
        return;

      if ((signum = interrupting_signal (app)) != 0)
        {
          finish (app, 128 + signum);
          return;
        }

      print_error (_("Could not connect to the server: %s"), error->message);
      finish (app, EXIT_CONNECTION);
      return;
    }

  if (app->log_level_name != NULL)
    mcp_client_set_logging_level_async (app->client, app->log_level, app->cancellable,
                                        on_log_level_set, app);
  else
    start_command (app);
}

static void
on_log_message (McpClient   *client,
                McpLogLevel  level,
                const char  *logger,
                JsonNode    *data,
                gpointer     user_data)
{
  App *app = user_data;
  g_autofree char *text = NULL;

  /* In --json mode, follow prints log messages as notifications. */
  if (app->following && app->json)
    return;

  text = format_log_message (level, logger, data);

  if (app->following)
    {
      fprintf (stdout, "%s\n", text);
      fflush (stdout);
    }
  else
    {
      clear_progress (app);
      g_printerr ("%s\n", text);
    }
}

static void
on_client_closed (McpClient    *client,
                  const GError *error,
                  gpointer      user_data)
{
  App *app = user_data;

  /* Other commands learn of it from their request, with the details. */
  if (!app->following || app->done)
    return;

  /* Ctrl+C is how follow is meant to end, whoever hears of it first. */
  if (interrupting_signal (app) == SIGINT)
    {
      finish (app, EXIT_OK);
      return;
    }

  if (error != NULL)
    print_error (_("The connection to the server ended: %s"), error->message);
  else
    print_error ("%s", _("The connection to the server ended"));
  finish (app, EXIT_CONNECTION);
}

static void
handle_signal (App *app,
               int  signum)
{
  /* Asked again while the server is being shut down: stop waiting for it;
   * the transport kills it when it goes away. */
  if (app->closing)
    {
      g_main_loop_quit (app->loop);
      return;
    }

  /* Stopping is how follow is meant to end, at whatever stage. */
  if (app->command->run == run_follow)
    {
      finish (app, EXIT_OK);
      return;
    }

  app->signum = signum;
  g_cancellable_cancel (app->cancellable);
}

static gboolean
on_sigint (gpointer user_data)
{
  handle_signal (user_data, SIGINT);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_sigterm (gpointer user_data)
{
  handle_signal (user_data, SIGTERM);
  return G_SOURCE_CONTINUE;
}

static void
on_closed (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  App *app = user_data;

  /* Closing cannot fail in a way worth reporting: the command is over. */
  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  g_main_loop_quit (app->loop);
}

/* The bundled demo server: installed next to this program, or built in
 * the build tree's examples/ while this program is run from its own
 * directory there; else wherever PATH finds it. */
static char *
find_demo_server (void)
{
  static const char * const relative_paths[] = {
    DEMO_SERVER_NAME,
    DEMO_SERVER_BUILD_PATH,
  };
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = NULL;

  if (self_path == NULL)
    return g_find_program_in_path (DEMO_SERVER_NAME);

  dir = g_path_get_dirname (self_path);
  for (guint i = 0; i < G_N_ELEMENTS (relative_paths); i++)
    {
      g_autofree char *path = g_build_filename (dir, relative_paths[i], NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR) &&
          g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return g_canonicalize_filename (path, NULL);
    }

  return g_find_program_in_path (DEMO_SERVER_NAME);
}

static McpTransport *
create_stdio_transport (App     *app,
                        GError **error)
{
  g_autofree char *demo_server = NULL;
  const char *demo_argv[] = { NULL, NULL };
  const char * const *argv = (const char * const *) app->server_argv;
  McpStdioTransport *transport;

  if (argv == NULL)
    {
      demo_server = find_demo_server ();
      if (demo_server == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("No server was given and the demo server (%s) is not installed; "
                         "name one with --server or --url"), DEMO_SERVER_NAME);
          return NULL;
        }
      demo_argv[0] = demo_server;
      argv = demo_argv;
    }

  transport = mcp_stdio_transport_new (argv);
  mcp_stdio_transport_set_inherit_env (transport, (const char * const *) app->inherit_env);

  for (guint i = 0; app->env != NULL && app->env[i] != NULL; i++)
    {
      const char *equals = strchr (app->env[i], '=');
      g_autofree char *name = g_strndup (app->env[i], equals - app->env[i]);

      mcp_stdio_transport_setenv (transport, name, equals + 1);
    }

  return MCP_TRANSPORT (transport);
}

static McpTransport *
create_http_transport (App *app)
{
  McpHttpTransport *transport = mcp_http_transport_new (app->url);

  for (guint i = 0; app->headers != NULL && app->headers[i] != NULL; i++)
    {
      const char *colon = strchr (app->headers[i], ':');
      const char *value = colon + 1 + strspn (colon + 1, " \t");
      g_autofree char *name = g_strndup (app->headers[i], colon - app->headers[i]);

      mcp_http_transport_set_header (transport, g_strstrip (name), value);
    }

  return MCP_TRANSPORT (transport);
}

static McpTransport *
create_transport (App     *app,
                  GError **error)
{
  if (app->url != NULL)
    return create_http_transport (app);

  return create_stdio_transport (app, error);
}

static int
run_command (App *app)
{
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(GError) error = NULL;

  transport = create_transport (app, &error);
  if (transport == NULL)
    {
      print_error ("%s", error->message);
      return EXIT_CONNECTION;
    }

  app->loop = g_main_loop_new (NULL, FALSE);
  app->cancellable = g_cancellable_new ();
  app->stdout_is_terminal = isatty (STDOUT_FILENO);
  app->client = mcp_client_new (transport);

  if (app->timeout != TIMEOUT_UNSET)
    {
      mcp_client_set_request_timeout (app->client, app->timeout);
      if (app->timeout == 0)
        {
          mcp_client_set_max_request_timeout (app->client, 0);
        }
      else
        {
          guint max = mcp_client_get_max_request_timeout (app->client);

          mcp_client_set_connect_timeout (app->client, app->timeout);
          if (max != 0 && max < (guint) app->timeout)
            mcp_client_set_max_request_timeout (app->client, app->timeout);
        }
    }

  g_signal_connect (app->client, "log-message", G_CALLBACK (on_log_message), app);
  g_signal_connect (app->client, "closed", G_CALLBACK (on_client_closed), app);
  if (app->command->run == run_follow)
    g_signal_connect (app->client, "notification", G_CALLBACK (on_notification), app);

  app->sigint_source = g_unix_signal_add (SIGINT, on_sigint, app);
  app->sigterm_source = g_unix_signal_add (SIGTERM, on_sigterm, app);

  mcp_client_connect_async (app->client, app->cancellable, on_connected, app);
  g_main_loop_run (app->loop);

  clear_progress (app);
  fflush (stdout);

  app->closing = TRUE;
  mcp_client_close_async (app->client, NULL, on_closed, app);
  g_main_loop_run (app->loop);

  return app->status;
}

/* Command line */

/* The commands with their arguments in a column, and their summaries in
 * another; a command too long for the column has its summary on the next
 * line. */
#define COMMAND_COLUMN_WIDTH 30

static char *
describe_commands (void)
{
  g_autoptr(GString) text = g_string_new (_("Commands:"));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *arguments = command_arguments (&commands[i]);
      glong used = strlen (commands[i].name) + 1 + g_utf8_strlen (arguments, -1);

      g_string_append_printf (text, "\n  %s %s", commands[i].name, arguments);
      if (used > COMMAND_COLUMN_WIDTH)
        g_string_append_printf (text, "\n  %*s", COMMAND_COLUMN_WIDTH, "");
      else
        g_string_append_printf (text, "%*s", (int) (COMMAND_COLUMN_WIDTH - used), "");
      g_string_append_printf (text, "  %s", _(commands[i].summary));
    }

  g_string_append_printf (text, "\n\n%s", _("Without a command: the server’s info and tools."));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
describe_rest (void)
{
  return _("Without --server or --url, the bundled demo server is run.\n"
           "\n"
           "The server gets a safe environment (PATH, HOME, LANG and a few more);\n"
           "pass it more with --env and --inherit-env.\n"
           "\n"
           "Exit status:\n"
           "  0    success\n"
           "  1    the tool ran and reported an error (its result has isError set)\n"
           "  2    usage error: unknown command or option, wrong arguments, bad JSON\n"
           "  3    connection failure: the server could not be started or reached,\n"
           "       ended the connection, broke the protocol or did not answer in time\n"
           "  4    the server refused the request: it answered with a JSON-RPC error\n"
           "       (unknown tool, prompt or resource, invalid arguments), or it does\n"
           "       not offer the feature\n"
           "  130  interrupted by Ctrl+C (SIGINT), 143 by SIGTERM; the request in\n"
           "       flight is cancelled. follow ends with 0 on either signal.\n"
           "\n"
           "Examples:\n"
           "  mcp-glib-client tools\n"
           "  mcp-glib-client call echo '{\"text\": \"hello\"}'\n"
           "  mcp-glib-client --server 'node server.js stdio' --json resources\n"
           "  mcp-glib-client --log-level debug follow\n");
}

static int G_GNUC_PRINTF (1, 2)
usage_error (const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  print_error ("%s", message);
  g_printerr (_("Try “%s --help” for more information.\n"), g_get_prgname ());
  return EXIT_USAGE;
}

static int
check_options (App *app)
{
  g_autoptr(GError) error = NULL;
  const char *scheme;

  if (app->server != NULL && app->url != NULL)
    return usage_error ("%s", _("Give either --server or --url, not both"));

  if (app->server != NULL && !g_shell_parse_argv (app->server, NULL, &app->server_argv, &error))
    return usage_error (_("Invalid server command “%s”: %s"), app->server,
                        error->message);

  if (app->url != NULL)
    {
      scheme = g_uri_peek_scheme (app->url);
      if (scheme == NULL || (!g_str_equal (scheme, "http") && !g_str_equal (scheme, "https")))
        return usage_error (_("“%s” is not an http:// or https:// URL"), app->url);

      if (app->env != NULL || app->inherit_env != NULL)
        return usage_error ("%s",
                            _("--env and --inherit-env apply to a server command, not to --url"));
    }
  else if (app->headers != NULL)
    {
      return usage_error ("%s", _("--header applies to --url, not to a server command"));
    }

  for (guint i = 0; app->headers != NULL && app->headers[i] != NULL; i++)
    {
      const char *colon = strchr (app->headers[i], ':');

      if (colon == NULL || colon == app->headers[i])
        return usage_error (_("“%s” is not of the form “NAME: VALUE”"), app->headers[i]);
    }

  for (guint i = 0; app->env != NULL && app->env[i] != NULL; i++)
    {
      const char *equals = strchr (app->env[i], '=');

      if (equals == NULL || equals == app->env[i])
        return usage_error (_("“%s” is not of the form NAME=VALUE"), app->env[i]);
    }

  if (app->log_level_name != NULL &&
      !mcp_log_level_from_string (app->log_level_name, &app->log_level))
    return usage_error (_("Unknown log level “%s”; expected one of debug, info, "
                          "notice, warning, error, critical, alert, emergency"),
                        app->log_level_name);

  if (app->timeout < 0 && app->timeout != TIMEOUT_UNSET)
    return usage_error ("%s", _("The timeout cannot be negative"));

  if (app->subscribe != NULL && app->command->run != run_follow)
    return usage_error ("%s", _("--subscribe only applies to follow"));

  return EXIT_OK;
}

static void
app_clear (App *app)
{
  g_clear_handle_id (&app->sigint_source, g_source_remove);
  g_clear_handle_id (&app->sigterm_source, g_source_remove);
  g_clear_object (&app->client);
  g_clear_object (&app->cancellable);
  g_clear_pointer (&app->loop, g_main_loop_unref);
  g_clear_pointer (&app->arguments, json_object_unref);
  g_clear_pointer (&app->strings, g_hash_table_unref);
  g_clear_pointer (&app->name, g_free);
  g_clear_pointer (&app->argument, g_free);
  g_clear_pointer (&app->value, g_free);
  g_clear_pointer (&app->server, g_free);
  g_clear_pointer (&app->server_argv, g_strfreev);
  g_clear_pointer (&app->url, g_free);
  g_clear_pointer (&app->log_level_name, g_free);
  g_clear_pointer (&app->headers, g_strfreev);
  g_clear_pointer (&app->env, g_strfreev);
  g_clear_pointer (&app->inherit_env, g_strfreev);
  g_clear_pointer (&app->subscribe, g_strfreev);
}

static int
run (App   *app,
     int    argc,
     char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  g_auto(GStrv) args = NULL;
  int status;
  const GOptionEntry entries[] = {
    { "server", 's', 0, G_OPTION_ARG_STRING, &app->server,
      N_("Run the server COMMAND (split like a shell would, but not run by one)"),
      N_("COMMAND") },
    { "url", 'u', 0, G_OPTION_ARG_STRING, &app->url,
      N_("Connect to the server at URL over HTTP"), N_("URL") },
    { "header", 'H', 0, G_OPTION_ARG_STRING_ARRAY, &app->headers,
      N_("With --url: send the HTTP header “NAME: VALUE” with every request (repeatable)"),
      N_("HEADER") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &app->json,
      N_("Print the protocol’s JSON, one object per line"), NULL },
    { "names", 'n', 0, G_OPTION_ARG_NONE, &app->names,
      N_("List only names (URIs for resources and templates), one per line"), NULL },
    { "timeout", 't', 0, G_OPTION_ARG_INT, &app->timeout,
      N_("Wait at most MS milliseconds for each answer (default 60000, restarted by "
         "progress; 0 waits for ever)"), N_("MS") },
    { "env", 'e', 0, G_OPTION_ARG_STRING_ARRAY, &app->env,
      N_("Set a variable in the server’s environment (repeatable)"), N_("NAME=VALUE") },
    { "inherit-env", 0, 0, G_OPTION_ARG_STRING_ARRAY, &app->inherit_env,
      N_("Pass a variable of this environment on to the server; NAME may end in * "
         "(repeatable)"), N_("NAME") },
    { "log-level", 'l', 0, G_OPTION_ARG_STRING, &app->log_level_name,
      N_("Ask the server for log messages of LEVEL and above (debug, info, notice, warning, "
         "error, critical, alert, emergency)"), N_("LEVEL") },
    { "subscribe", 0, 0, G_OPTION_ARG_STRING_ARRAY, &app->subscribe,
      N_("With follow: subscribe to the resource at URI (repeatable)"), N_("URI") },
    { "version", 0, 0, G_OPTION_ARG_NONE, &app->version,
      N_("Show the version and exit"), NULL },
    G_OPTION_ENTRY_NULL
  };

  app->timeout = TIMEOUT_UNSET;

  context = g_option_context_new (_("[COMMAND [ARGUMENTS…]] — talk to a Model Context Protocol "
                                    "server"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  summary = describe_commands ();
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context, describe_rest ());

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error ("%s", error->message);

  if (app->version)
    {
      fprintf (stdout, "%s %s\n", g_get_prgname (), PACKAGE_VERSION);
      return EXIT_OK;
    }

  if (argc < 2)
    {
      app->command = &overview_command;
    }
  else
    {
      for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
        if (g_str_equal (argv[1], commands[i].name))
          app->command = &commands[i];

      if (app->command == NULL)
        return usage_error (_("Unknown command “%s”"), argv[1]);

      if (app->command->run == NULL)
        {
          g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

          fputs (help, stdout);
          return EXIT_OK;
        }
    }

  /* What follows the command, as a NULL-terminated array of its own. */
  args = g_new0 (char *, MAX (argc - 1, 1));
  for (int i = 2; i < argc; i++)
    args[i - 2] = g_strdup (argv[i]);

  if (!app->command->parse (app, args, &error))
    return usage_error ("%s", error->message);

  if ((status = check_options (app)) != EXIT_OK)
    return status;

  return run_command (app);
}

int
main (int   argc,
      char *argv[])
{
  App app = { 0 };
  int status;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("mcp-glib-client");

  /* stdout is for the server's output: the library's debug messages
   * (G_MESSAGES_DEBUG=Mcp) must not end up in it. */
  g_log_writer_default_set_use_stderr (TRUE);

  status = run (&app, argc, argv);
  app_clear (&app);

  return status;
}
