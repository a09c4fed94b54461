/* output.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The output of mcp-glib-client that several commands share: errors, text
 * and JSON as the server sent them, content blocks, tool results, the
 * server's description and log messages. Text output is for people;
 * --json prints the protocol's own JSON, one object per line. Binary
 * content (images, audio, blobs) is summarised in a line that says what it
 * is and how big, never written to a terminal as it is; --output FILE
 * saves it.
 */

#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

/* Numbers go into translatable messages as strings: a format macro such as
 * G_GSIZE_FORMAT inside a msgid cannot be extracted or translated. */
const char *
cli_format_count (char    buffer[CLI_COUNT_SIZE],
                  guint64 count)
{
  g_snprintf (buffer, CLI_COUNT_SIZE, "%" G_GUINT64_FORMAT, count);
  return buffer;
}

void
cli_print_error (const char *format,
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
void
cli_clear_progress (CliApp *app)
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
void
cli_print_text (FILE       *out,
                const char *text)
{
  fputs (text, out);
  if (*text == '\0' || !g_str_has_suffix (text, "\n"))
    fputc ('\n', out);
}

void
cli_print_indented (FILE       *out,
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

void
cli_print_json_node_to (FILE     *out,
                        JsonNode *node,
                        gboolean  pretty)
{
  g_autofree char *text = json_to_string (node, pretty);

  cli_print_text (out, text);
}

void
cli_print_json_node (JsonNode *node,
                     gboolean  pretty)
{
  cli_print_json_node_to (stdout, node, pretty);
}

void
cli_print_json_object (JsonObject *object,
                       gboolean    pretty)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  cli_print_json_node (node, pretty);
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
void
cli_print_list_json (GListModel *list,
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
  cli_print_json_object (object, FALSE);
}

char *
cli_node_to_display_string (JsonNode *node)
{
  if (node == NULL)
    return g_strdup ("");

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));

  return json_to_string (node, FALSE);
}

void
cli_print_heading (const char *name,
                   const char *title,
                   const char *description)
{
  if (title != NULL && g_strcmp0 (title, name) != 0)
    fprintf (stdout, "%s (%s)\n", name, title);
  else
    fprintf (stdout, "%s\n", name);

  if (description != NULL && *description != '\0')
    cli_print_indented (stdout, "  ", description);
}

/* --output FILE: the first file saved is FILE, the next ones FILE-2,
 * FILE-3… with the number before the extension (tiny.png, tiny-2.png). */
static char *
output_path (CliApp *app)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *numbered = NULL;
  const char *extension;

  if (app->n_saved == 1)
    return g_strdup (app->output);

  dir = g_path_get_dirname (app->output);
  base = g_path_get_basename (app->output);
  extension = strrchr (base, '.');
  if (extension == NULL || extension == base)
    extension = base + strlen (base);

  numbered = g_strdup_printf ("%.*s-%u%s", (int) (extension - base), base, app->n_saved,
                              extension);
  if (strchr (app->output, G_DIR_SEPARATOR) == NULL)
    return g_steal_pointer (&numbered);

  return g_build_filename (dir, numbered, NULL);
}

/* Saves @data where --output says; returns the file's name, or NULL after
 * saying why it could not. */
char *
cli_save_output (CliApp *app,
                 GBytes *data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  gsize size = 0;
  const char *bytes = data != NULL ? g_bytes_get_data (data, &size) : "";

  app->n_saved++;
  path = output_path (app);
  /* Written in place, as a shell redirection would. */
  if (!g_file_set_contents_full (path, bytes, size, G_FILE_SET_CONTENTS_NONE, 0666, &error))
    {
      cli_clear_progress (app);
      cli_print_error (_("Could not save the output: %s"), error->message);
      return NULL;
    }

  return g_steal_pointer (&path);
}

/* Binary content stands in the output as one line: what it is (@kind, and
 * @uri for a resource), its MIME type and size, and where --output saved
 * it; on a terminal without --output, @hint says how to get the bytes.
 * Returns FALSE when they could not be saved. */
gboolean
cli_print_binary (CliApp     *app,
                  FILE       *out,
                  const char *kind,
                  const char *uri,
                  const char *mime_type,
                  GBytes     *data,
                  const char *hint)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *size = NULL;

  size = g_format_size_full (data != NULL ? g_bytes_get_size (data) : 0,
                             G_FORMAT_SIZE_LONG_FORMAT);
  g_string_append_printf (line, "[%s: ", kind);
  if (uri != NULL)
    g_string_append_printf (line, "%s, ", uri);
  g_string_append_printf (line, "%s, %s", mime_type != NULL ? mime_type : "?", size);

  if (app->output != NULL)
    {
      g_autofree char *path = cli_save_output (app, data);

      if (path == NULL)
        return FALSE;
      /* Translators: where binary content was saved, after its type and
       * size */
      g_string_append_printf (line, _(", saved to %s"), path);
    }
  else if (isatty (fileno (out)))
    {
      g_string_append_printf (line, "; %s", hint);
    }

  g_string_append_c (line, ']');
  cli_print_text (out, line->str);
  return TRUE;
}

/* The bytes of an image, audio or embedded binary resource block; NULL
 * for other blocks. */
static GBytes *
binary_data (McpContent *block)
{
  switch (mcp_content_get_kind (block))
    {
    case MCP_CONTENT_KIND_IMAGE:
    case MCP_CONTENT_KIND_AUDIO:
      return mcp_content_get_data (block);

    case MCP_CONTENT_KIND_RESOURCE:
      return mcp_content_get_text (block) == NULL ? mcp_content_get_data (block) : NULL;

    case MCP_CONTENT_KIND_TEXT:
    case MCP_CONTENT_KIND_RESOURCE_LINK:
    case MCP_CONTENT_KIND_TOOL_USE:
    case MCP_CONTENT_KIND_TOOL_RESULT:
    case MCP_CONTENT_KIND_UNKNOWN:
    default:
      return NULL;
    }
}

/* With --json the blocks are printed as JSON; --output still saves the
 * binary ones. */
gboolean
cli_save_binary_content (CliApp     *app,
                         McpContent *block)
{
  GBytes *data;
  g_autofree char *path = NULL;

  if (app->output == NULL || (data = binary_data (block)) == NULL)
    return TRUE;

  path = cli_save_output (app, data);
  return path != NULL;
}

/* Binary content is never written to a terminal as it is: it is summarised
 * (or saved, with --output). Returns FALSE when it could not be saved. */
gboolean
cli_print_content (CliApp     *app,
                   FILE       *out,
                   McpContent *block)
{
  const char *mime_type = mcp_content_get_mime_type (block);
  const char *uri = mcp_content_get_uri (block);

  switch (mcp_content_get_kind (block))
    {
    case MCP_CONTENT_KIND_TEXT:
      cli_print_text (out, mcp_content_get_text (block));
      return TRUE;

    case MCP_CONTENT_KIND_IMAGE:
    case MCP_CONTENT_KIND_AUDIO:
      /* The block's type ("image" or "audio") is the protocol's word. */
      return cli_print_binary (app, out, mcp_content_get_type_name (block), NULL, mime_type,
                               binary_data (block), _("save it with --output FILE"));

    case MCP_CONTENT_KIND_RESOURCE_LINK:
      if (mcp_content_get_name (block) != NULL)
        fprintf (out, _("[resource link: %s (%s)]\n"), uri, mcp_content_get_name (block));
      else
        fprintf (out, _("[resource link: %s]\n"), uri);
      return TRUE;

    case MCP_CONTENT_KIND_RESOURCE:
      if (mcp_content_get_text (block) == NULL)
        return cli_print_binary (app, out, _("resource"), uri, mime_type, binary_data (block),
                                 _("save it with --output FILE"));

      fprintf (out, _("[resource: %s]\n"), uri);
      cli_print_text (out, mcp_content_get_text (block));
      return TRUE;

    case MCP_CONTENT_KIND_TOOL_USE:
    case MCP_CONTENT_KIND_TOOL_RESULT:
    case MCP_CONTENT_KIND_UNKNOWN:
    default:
      /* Translators: a content block this program does not display; %s is
       * its type as the server sent it */
      fprintf (out, _("[%s block]\n"), mcp_content_get_type_name (block));
      return TRUE;
    }
}

/* After a result with --output: a word when there was nothing to save. */
void
cli_check_saved (CliApp *app)
{
  if (app->output != NULL && app->n_saved == 0)
    cli_print_error (_("There was no binary content to save to %s"), app->output);
}

/* Returns FALSE when binary content could not be saved. */
gboolean
cli_print_tool_result (CliApp        *app,
                       McpToolResult *result)
{
  gboolean is_error = mcp_tool_result_get_is_error (result);
  GListModel *content = mcp_tool_result_get_content (result);
  FILE *out = is_error ? stderr : stdout;
  JsonNode *structured;

  cli_clear_progress (app);

  if (app->json)
    cli_print_json_object (mcp_tool_result_get_json (result), FALSE);
  /* An error result is the tool's error message: it goes where errors
   * go, so that a script's stdout only ever holds real output. */
  else if (is_error)
    cli_print_error (_("The tool “%s” reported an error:"), app->name);

  for (guint i = 0; i < g_list_model_get_n_items (content); i++)
    {
      g_autoptr(McpContent) block = g_list_model_get_item (content, i);

      if (!(app->json ? cli_save_binary_content (app, block)
                      : cli_print_content (app, out, block)))
        return FALSE;
    }

  if (!app->json && (structured = mcp_tool_result_get_structured_content (result)) != NULL)
    {
      /* With the rest of the result: an error's goes to stderr too. */
      fprintf (out, "%s\n", _("Structured content:"));
      cli_print_json_node_to (out, structured, TRUE);
    }

  cli_check_saved (app);
  return TRUE;
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
JsonObject *
cli_dup_server_json (CliApp *app)
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

void
cli_print_server_info (CliApp *app)
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
      cli_print_indented (stdout, "  ", instructions);
    }
}

char *
cli_format_log_message (McpLogLevel  level,
                        const char  *logger,
                        JsonNode    *data)
{
  g_autofree char *text = cli_node_to_display_string (data);

  if (logger != NULL)
    return g_strdup_printf ("[%s] %s: %s", mcp_log_level_to_string (level), logger, text);

  return g_strdup_printf ("[%s] %s", mcp_log_level_to_string (level), text);
}
