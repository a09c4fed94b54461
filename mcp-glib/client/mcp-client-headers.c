/* mcp-client-headers.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The HTTP headers a tool's arguments add (2026-07-28): a tool's input
 * schema may mark properties with `x-mcp-header`, whose values a call over
 * Streamable HTTP then mirrors into `Mcp-Param-<name>` headers, so that
 * gateways can route on them. Only the client knows the tools, so it adds
 * these values to the description of each request that the transport asks
 * for (McpTransport::prepare-request, public so that a transport written
 * outside the library gets them too); and since a tool whose annotations
 * break the rules could make the headers lie about the body, such a tool is
 * left out of the list, with a message saying why.
 *
 * An annotation is valid on a property reached from the schema's root by
 * `properties` alone, of type string, integer or boolean, with a name that
 * is an HTTP token, unique (ignoring case) in the schema.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-http-transport.h"
#include "mcp-json-private.h"
#include "mcp-tool.h"

#define ANNOTATION "x-mcp-header"
/* The integers a double holds exactly (2^53 - 1), as MCP bounds them. */
#define MAX_SAFE_INTEGER 9007199254740991.0

/* The annotated properties of one schema: their path of property names,
 * and the header name. */
typedef struct
{
  GPtrArray  *path;
  const char *name;
} Annotation;

static void
annotation_free (Annotation *annotation)
{
  g_ptr_array_unref (annotation->path);
  g_free (annotation);
}

static gboolean
is_token (const char *name)
{
  static const char extra[] = "!#$%&'*+-.^_`|~";

  if (*name == '\0')
    return FALSE;

  for (const char *c = name; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr (extra, *c) == NULL)
      return FALSE;

  return TRUE;
}

/* Members whose values are instances, not schemas: annotations there are
 * data. */
static gboolean
holds_instances (const char *member)
{
  return g_str_equal (member, "const") || g_str_equal (member, "default") ||
         g_str_equal (member, "enum") || g_str_equal (member, "examples");
}

static gboolean walk (JsonNode    *node,
                      gboolean     reachable,
                      GPtrArray   *path,
                      GPtrArray   *found,
                      GHashTable  *names,
                      char       **problem);

static gboolean
check_annotation (JsonObject  *schema,
                  gboolean     reachable,
                  GPtrArray   *path,
                  GPtrArray   *found,
                  GHashTable  *names,
                  char       **problem)
{
  JsonNode *value = json_object_get_member (schema, ANNOTATION);
  const char *name;
  const char *type;
  g_autofree char *folded = NULL;
  Annotation *annotation;

  if (value == NULL)
    return TRUE;

  if (!reachable || path->len == 0)
    {
      *problem = g_strdup (_("an x-mcp-header annotation is on a property that is not reached "
                             "by properties alone"));
      return FALSE;
    }

  name = JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_STRING
         ? json_node_get_string (value) : NULL;
  if (name == NULL || !is_token (name))
    {
      *problem = g_strdup_printf (_("the x-mcp-header of “%s” is not a valid header name"),
                                  (const char *) g_ptr_array_index (path, path->len - 1));
      return FALSE;
    }

  type = _mcp_json_object_get_string (schema, "type");
  if (g_strcmp0 (type, "string") != 0 && g_strcmp0 (type, "integer") != 0 &&
      g_strcmp0 (type, "boolean") != 0)
    {
      *problem = g_strdup_printf (_("the x-mcp-header “%s” is on a property of type %s, not a "
                                    "string, an integer or a boolean"),
                                  name, type != NULL ? type : _("unknown"));
      return FALSE;
    }

  folded = g_ascii_strdown (name, -1);
  if (!g_hash_table_add (names, g_steal_pointer (&folded)))
    {
      *problem = g_strdup_printf (_("the x-mcp-header “%s” is used twice"), name);
      return FALSE;
    }

  annotation = g_new0 (Annotation, 1);
  annotation->path = g_ptr_array_copy (path, NULL, NULL);
  annotation->name = name;
  g_ptr_array_add (found, annotation);

  return TRUE;
}

/* Walks a schema: @reachable says whether @node was reached from the root
 * by `properties` alone, and @path is that way (property names). */
static gboolean
walk (JsonNode    *node,
      gboolean     reachable,
      GPtrArray   *path,
      GPtrArray   *found,
      GHashTable  *names,
      char       **problem)
{
  JsonObject *object;
  JsonObjectIter iter;
  const char *member;
  JsonNode *value;

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        if (!walk (json_array_get_element (array, i), FALSE, path, found, names, problem))
          return FALSE;
      return TRUE;
    }

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return TRUE;

  object = json_node_get_object (node);
  if (!check_annotation (object, reachable, path, found, names, problem))
    return FALSE;

  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &member, &value))
    {
      if (holds_instances (member))
        continue;

      if (g_str_equal (member, "properties") && JSON_NODE_HOLDS_OBJECT (value))
        {
          JsonObjectIter properties;
          const char *name;
          JsonNode *property;

          json_object_iter_init (&properties, json_node_get_object (value));
          while (json_object_iter_next (&properties, &name, &property))
            {
              gboolean ok;

              g_ptr_array_add (path, (gpointer) name);
              ok = walk (property, reachable, path, found, names, problem);
              g_ptr_array_remove_index (path, path->len - 1);
              if (!ok)
                return FALSE;
            }
          continue;
        }

      if (!walk (value, FALSE, path, found, names, problem))
        return FALSE;
    }

  return TRUE;
}

/* The annotations of @schema, or %NULL with @problem set if one is not
 * valid. */
static GPtrArray *
find_annotations (JsonObject  *schema,
                  char       **problem)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func ((GDestroyNotify) annotation_free);
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(JsonNode) node = NULL;

  if (schema == NULL)
    return g_steal_pointer (&found);

  node = json_node_init_object (json_node_alloc (), schema);
  if (!walk (node, TRUE, path, found, names, problem))
    return NULL;

  return g_steal_pointer (&found);
}

/* With a stateless server over Streamable HTTP, a tool whose header
 * annotations break the rules is left out of the list. The annotations
 * mean nothing to older revisions, nor over stdio. Every listing finds
 * the tool again: the application hears of it once per connection. */
gboolean
_mcp_client_tool_is_usable (McpClient *self,
                            gpointer   item)
{
  McpTool *tool = item;
  g_autoptr(GPtrArray) annotations = NULL;
  g_autofree char *problem = NULL;

  if (!self->stateless || !MCP_IS_HTTP_TRANSPORT (self->transport))
    return TRUE;

  annotations = find_annotations (mcp_tool_get_input_schema (tool), &problem);
  if (annotations == NULL)
    {
      if (g_hash_table_add (self->left_out_tools, g_strdup (mcp_tool_get_name (tool))))
        g_message ("Left out the tool “%s” of the server: %s", mcp_tool_get_name (tool), problem);
      else
        g_debug ("Left out the tool “%s” of the server again: %s", mcp_tool_get_name (tool),
                 problem);
      return FALSE;
    }

  return TRUE;
}

/* The header value of an argument, or %NULL for none (absent or null). */
static char *
header_value (JsonNode *value)
{
  if (value == NULL || !JSON_NODE_HOLDS_VALUE (value))
    return NULL;

  switch (json_node_get_value_type (value))
    {
    case G_TYPE_STRING:
      return g_strdup (json_node_get_string (value));

    case G_TYPE_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (value));

    /* A number is an integer when it has no fraction, however it was
     * written (every number is a double in JavaScript, and in GJS); any
     * other goes as it is, for the server to refuse it by the schema. */
    case G_TYPE_DOUBLE:
      {
        double number = json_node_get_double (value);
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];

        if (number >= -MAX_SAFE_INTEGER && number <= MAX_SAFE_INTEGER &&
            (double) (gint64) number == number)
          return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) number);

        return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, number));
      }

    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (value) ? "true" : "false");

    default:
      return NULL;
    }
}

/* Sets on @info the Mcp-Param-* values that @tool's input schema asks for,
 * from the arguments of the call @info describes. Returns %FALSE, with
 * @problem set and no value set, if the tool's annotations break the
 * rules. */
gboolean
_mcp_tool_set_request_params (McpTool         *tool,
                              McpRequestInfo  *info,
                              char           **problem)
{
  JsonNode *message = mcp_request_info_get_message (info);
  JsonObject *params = NULL;
  g_autoptr(GPtrArray) annotations = NULL;

  if (message != NULL && JSON_NODE_HOLDS_OBJECT (message))
    params = _mcp_json_object_get_object (json_node_get_object (message), "params");

  annotations = find_annotations (mcp_tool_get_input_schema (tool), problem);
  if (annotations == NULL)
    return FALSE;

  for (guint i = 0; i < annotations->len; i++)
    {
      Annotation *annotation = annotations->pdata[i];
      JsonObject *object = _mcp_json_object_get_object (params, "arguments");
      JsonNode *value = NULL;
      g_autofree char *text = NULL;

      for (guint j = 0; object != NULL && j < annotation->path->len; j++)
        {
          value = json_object_get_member (object, annotation->path->pdata[j]);
          object = value != NULL && JSON_NODE_HOLDS_OBJECT (value) && j + 1 < annotation->path->len
                   ? json_node_get_object (value) : NULL;
          if (j + 1 < annotation->path->len && object == NULL)
            value = NULL;
        }

      if ((text = header_value (value)) == NULL)
        continue;

      mcp_request_info_set_param (info, annotation->name, text);
    }

  return TRUE;
}

/* The transport describes a request of the stateless revision it is about
 * to send: a tool call gets the Mcp-Param-* values its tool's schema asks
 * for, from the arguments in the message. */
static void
on_prepare_request (McpTransport   *transport,
                     McpRequestInfo *info,
                     gpointer        user_data)
{
  McpClient *self = user_data;
  const char *name = mcp_request_info_get_name (info);
  g_autofree char *problem = NULL;
  McpTool *tool;

  if (!mcp_request_info_get_stateless (info) ||
      g_strcmp0 (mcp_request_info_get_method (info), "tools/call") != 0 ||
      name == NULL || (tool = g_hash_table_lookup (self->tools_by_name, name)) == NULL)
    return;

  _mcp_tool_set_request_params (tool, info, &problem);
}

/* For any transport: those that set headers describe their requests. */
void
_mcp_client_watch_http_headers (McpClient *self)
{
  g_signal_connect (self->transport, "prepare-request", G_CALLBACK (on_prepare_request), self);
}

void
_mcp_client_unwatch_http_headers (McpClient *self)
{
  if (self->transport != NULL)
    g_signal_handlers_disconnect_by_func (self->transport, on_prepare_request, self);
}
