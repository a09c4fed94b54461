/* tool-arguments.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The arguments of a tool as call and follow take them: one JSON object,
 * or ARGUMENT=VALUE pairs whose values are converted by the tool's input
 * schema (a number for a property of type number, true or false for a
 * boolean, JSON for an object or an array, the text itself for a string
 * even when it looks like a number), or ARGUMENT:=JSON pairs taken as
 * they are. The syntax is checked before connecting; the conversion needs the
 * schema, so it happens once the server has listed its tools. Either way
 * a mistake is a usage error that names the argument and what it takes.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

typedef struct
{
  char     *name;
  char     *text;       /* NAME=TEXT, to convert by the schema */
  JsonNode *json;       /* or NAME:=JSON, as it is */
} Pair;

struct _CliToolArguments
{
  JsonObject *object;   /* given as a JSON object */
  GPtrArray  *pairs;    /* or as pairs */
};

static void
pair_free (gpointer data)
{
  Pair *pair = data;

  g_free (pair->name);
  g_free (pair->text);
  g_clear_pointer (&pair->json, json_node_unref);
  g_free (pair);
}

void
cli_tool_arguments_free (CliToolArguments *self)
{
  g_clear_pointer (&self->object, json_object_unref);
  g_clear_pointer (&self->pairs, g_ptr_array_unref);
  g_free (self);
}

/* json-glib says where a syntax error is as "<data>:LINE:COLUMN: Parse
 * error: WHAT"; this says it as "line LINE, column COLUMN: WHAT". */
static char *
describe_json_error (const GError *error)
{
  const char *what;
  guint line, column;
  int end = 0;

  if (sscanf (error->message, "<data>:%u:%u: %n", &line, &column, &end) != 2 || end == 0)
    return g_strdup (error->message);

  what = error->message + end;
  if (strstr (what, ": ") != NULL)
    what = strstr (what, ": ") + 2;

  /* Translators: where a JSON text has a syntax error, and what it is */
  return g_strdup_printf (_("line %u, column %u: %s"), line, column, what);
}

/* Parses @text as JSON, with an error that says where it is wrong. */
JsonNode *
cli_parse_json (const char  *text,
                GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *problem = NULL;
  JsonNode *node = json_from_string (text, &local_error);

  if (node != NULL)
    return node;

  problem = local_error != NULL ? describe_json_error (local_error) : g_strdup (_("empty text"));
  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, problem);
  return NULL;
}

static gboolean
looks_like_json_object (const char *text)
{
  while (g_ascii_isspace (*text))
    text++;

  return *text == '{';
}

/* Reads the arguments after the tool's name: none, a JSON object, or
 * pairs. */
CliToolArguments *
cli_tool_arguments_parse (char    **args,
                          GError  **error)
{
  g_autoptr(CliToolArguments) self = g_new0 (CliToolArguments, 1);

  if (args[0] != NULL && looks_like_json_object (args[0]))
    {
      g_autoptr(JsonNode) node = NULL;

      if (args[1] != NULL)
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                               _("Give the tool arguments either as one JSON object or as "
                                 "ARGUMENT=VALUE pairs, not both"));
          return NULL;
        }

      node = cli_parse_json (args[0], error);
      if (node == NULL)
        {
          g_prefix_error (error, _("The tool arguments are not valid JSON: "));
          return NULL;
        }

      self->object = json_object_ref (json_node_get_object (node));
      return g_steal_pointer (&self);
    }

  self->pairs = g_ptr_array_new_with_free_func (pair_free);

  for (guint i = 0; args[i] != NULL; i++)
    {
      const char *equals = strchr (args[i], '=');
      gboolean raw = equals != NULL && equals > args[i] && equals[-1] == ':';
      const char *name_end = raw ? equals - 1 : equals;
      Pair *pair;

      if (equals == NULL || name_end == args[i])
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("“%s” is not a tool argument: give them as ARGUMENT=VALUE pairs "
                         "(ARGUMENT:=JSON for a value in JSON), or as one JSON object"),
                       args[i]);
          return NULL;
        }

      pair = g_new0 (Pair, 1);
      pair->name = g_strndup (args[i], name_end - args[i]);
      g_ptr_array_add (self->pairs, pair);

      for (guint j = 0; j + 1 < self->pairs->len; j++)
        {
          if (g_str_equal (((Pair *) self->pairs->pdata[j])->name, pair->name))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("The argument “%s” is given twice"), pair->name);
              return NULL;
            }
        }

      if (raw)
        {
          pair->json = cli_parse_json (equals + 1, error);
          if (pair->json == NULL)
            {
              g_prefix_error (error, _("The value of “%s” is not valid JSON: "), pair->name);
              return NULL;
            }
        }
      else
        {
          pair->text = g_strdup (equals + 1);
        }
    }

  return g_steal_pointer (&self);
}

/* Pairs need the tool's input schema; a JSON object is sent as it is. */
gboolean
cli_tool_arguments_need_schema (CliToolArguments *self)
{
  return self->pairs != NULL && self->pairs->len > 0;
}

/* Schema types, as a set. */
typedef enum
{
  TYPE_STRING  = 1 << 0,
  TYPE_NULL    = 1 << 1,
  TYPE_BOOLEAN = 1 << 2,
  TYPE_INTEGER = 1 << 3,
  TYPE_NUMBER  = 1 << 4,
  TYPE_OBJECT  = 1 << 5,
  TYPE_ARRAY   = 1 << 6,
} Types;

/* A text converts to one of these at most (an integer is a number too,
 * with the same value), so the order is only that of the error
 * messages. */
static const struct
{
  Types       type;
  const char *name;
  const char *description;
} types[] = {
  { TYPE_BOOLEAN, "boolean", N_("true or false") },
  { TYPE_INTEGER, "integer", N_("an integer") },
  { TYPE_NUMBER,  "number",  N_("a number") },
  { TYPE_OBJECT,  "object",  N_("a JSON object") },
  { TYPE_ARRAY,   "array",   N_("a JSON array") },
  { TYPE_NULL,    "null",    N_("null") },
  { TYPE_STRING,  "string",  NULL },     /* a string is never refused */
};

static Types
type_from_name (const char *name)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (types); i++)
    if (g_str_equal (name, types[i].name))
      return types[i].type;

  return 0;
}

/* The types a property's schema allows: its "type" (one or a list), or
 * those of the branches of its "anyOf" or "oneOf", as generated for an
 * optional value (anyOf: [{type: integer}, {type: null}]). 0 when the
 * schema says nothing about the type. */
static Types
schema_types (JsonObject *schema)
{
  static const char * const branches[] = { "anyOf", "oneOf" };
  JsonNode *type = json_object_get_member (schema, "type");
  Types result = 0;

  if (type != NULL && JSON_NODE_HOLDS_VALUE (type) &&
      json_node_get_value_type (type) == G_TYPE_STRING)
    return type_from_name (json_node_get_string (type));

  if (type != NULL && JSON_NODE_HOLDS_ARRAY (type))
    {
      JsonArray *array = json_node_get_array (type);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (JSON_NODE_HOLDS_VALUE (element) &&
              json_node_get_value_type (element) == G_TYPE_STRING)
            result |= type_from_name (json_node_get_string (element));
        }
      return result;
    }

  for (guint b = 0; b < G_N_ELEMENTS (branches); b++)
    {
      JsonNode *node = json_object_get_member (schema, branches[b]);
      JsonArray *array;

      if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
        continue;

      array = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *branch = json_array_get_element (array, i);
          Types one;

          /* A branch that allows anything makes the whole any. */
          if (!JSON_NODE_HOLDS_OBJECT (branch) ||
              (one = schema_types (json_node_get_object (branch))) == 0)
            return 0;
          result |= one;
        }
    }

  return result;
}

/* "a number", "a number or null", "true or false, an integer or null" */
static char *
describe_types (Types allowed)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *text = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (allowed & types[i].type)
      g_ptr_array_add (names, (gpointer) _(types[i].description));

  text = g_strdup (names->pdata[0]);
  for (guint i = 1; i < names->len; i++)
    {
      g_autofree char *longer = NULL;

      if (i + 1 == names->len)
        /* Translators: the last of the types a value may have, as in
         * "an integer or null" */
        longer = g_strdup_printf (_("%s or %s"), text, (char *) names->pdata[i]);
      else
        longer = g_strdup_printf ("%s, %s", text, (char *) names->pdata[i]);
      g_free (text);
      text = g_steal_pointer (&longer);
    }

  return g_steal_pointer (&text);
}

/* A number as JSON writes it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
 * Sets *integer when it has neither fraction nor exponent. */
static gboolean
is_json_number (const char *text,
                gboolean   *integer)
{
  const char *p = text;

  if (*p == '-')
    p++;
  if (*p == '0')
    p++;
  else if (*p >= '1' && *p <= '9')
    while (g_ascii_isdigit (*p))
      p++;
  else
    return FALSE;

  *integer = TRUE;

  if (*p == '.')
    {
      p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
      *integer = FALSE;
    }

  if (*p == 'e' || *p == 'E')
    {
      p++;
      if (*p == '+' || *p == '-')
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
      *integer = FALSE;
    }

  return *p == '\0';
}

/* @text as a value of @type, or NULL. */
static JsonNode *
convert_to (const char *text,
            Types       type)
{
  g_autoptr(JsonNode) node = NULL;
  gboolean integer;
  gint64 whole;
  double real;

  switch (type)
    {
    case TYPE_STRING:
      return json_node_init_string (json_node_alloc (), text);

    case TYPE_NULL:
      return g_str_equal (text, "null") ? json_node_init_null (json_node_alloc ()) : NULL;

    case TYPE_BOOLEAN:
      if (g_str_equal (text, "true") || g_str_equal (text, "false"))
        return json_node_init_boolean (json_node_alloc (), g_str_equal (text, "true"));
      return NULL;

    case TYPE_INTEGER:
    case TYPE_NUMBER:
      if (!is_json_number (text, &integer))
        return NULL;
      if (integer && g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &whole, NULL))
        return json_node_init_int (json_node_alloc (), whole);
      if (type == TYPE_INTEGER)
        return NULL;
      real = g_ascii_strtod (text, NULL);
      return isfinite (real) ? json_node_init_double (json_node_alloc (), real) : NULL;

    case TYPE_OBJECT:
    case TYPE_ARRAY:
      node = json_from_string (text, NULL);
      if (node == NULL ||
          (type == TYPE_OBJECT && !JSON_NODE_HOLDS_OBJECT (node)) ||
          (type == TYPE_ARRAY && !JSON_NODE_HOLDS_ARRAY (node)))
        return NULL;
      return g_steal_pointer (&node);

    default:
      g_assert_not_reached ();
    }
}

/* The value of one NAME=TEXT pair, converted by the property's schema.
 * Text is a string when the schema allows one (or says nothing about the
 * type), whatever it looks like; otherwise it is tried against each
 * allowed type. */
static JsonNode *
convert (McpTool     *tool,
         const Pair  *pair,
         JsonObject  *schema,
         GError     **error)
{
  Types allowed = schema != NULL ? schema_types (schema) : 0;
  g_autofree char *expected = NULL;

  if (allowed == 0 || (allowed & TYPE_STRING))
    return convert_to (pair->text, TYPE_STRING);

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      JsonNode *node;

      if ((allowed & types[i].type) && (node = convert_to (pair->text, types[i].type)) != NULL)
        return node;
    }

  expected = describe_types (allowed);

  /* A JSON syntax error is worth its line and column. */
  if ((allowed & (TYPE_OBJECT | TYPE_ARRAY)) && strpbrk (pair->text, "{[") != NULL)
    {
      g_autoptr(GError) json_error = NULL;
      g_autoptr(JsonNode) node = json_from_string (pair->text, &json_error);

      if (node == NULL && json_error != NULL)
        {
          g_autofree char *problem = describe_json_error (json_error);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("The argument “%s” of the tool “%s” takes %s; its value is not "
                         "valid JSON: %s"),
                       pair->name, mcp_tool_get_name (tool), expected, problem);
          return NULL;
        }
    }

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("The argument “%s” of the tool “%s” takes %s, not “%s”"),
               pair->name, mcp_tool_get_name (tool), expected, pair->text);
  return NULL;
}

/* The schema of the argument @name, from the input schema's properties,
 * or its additionalProperties when they allow more: NULL with *known
 * FALSE when the tool has no such argument. */
static JsonObject *
find_property (JsonObject *input_schema,
               const char *name,
               gboolean   *known)
{
  JsonNode *properties = json_object_get_member (input_schema, "properties");
  JsonNode *additional = json_object_get_member (input_schema, "additionalProperties");
  JsonNode *property = NULL;

  if (properties != NULL && JSON_NODE_HOLDS_OBJECT (properties))
    property = json_object_get_member (json_node_get_object (properties), name);

  if (property == NULL && additional != NULL)
    {
      if (JSON_NODE_HOLDS_OBJECT (additional))
        property = additional;
      else if (JSON_NODE_HOLDS_VALUE (additional) &&
               json_node_get_value_type (additional) == G_TYPE_BOOLEAN &&
               json_node_get_boolean (additional))
        {
          *known = TRUE;
          return NULL;
        }
    }

  *known = property != NULL;
  return property != NULL && JSON_NODE_HOLDS_OBJECT (property) ? json_node_get_object (property)
                                                               : NULL;
}

static void
set_unknown_argument_error (McpTool     *tool,
                            const char  *name,
                            GError     **error)
{
  JsonNode *properties = json_object_get_member (mcp_tool_get_input_schema (tool), "properties");
  g_autoptr(GString) known = g_string_new (NULL);
  GList *members = NULL;

  if (properties != NULL && JSON_NODE_HOLDS_OBJECT (properties))
    members = json_object_get_members (json_node_get_object (properties));

  for (GList *l = members; l != NULL; l = l->next)
    g_string_append_printf (known, "%s%s", known->len > 0 ? ", " : "", (char *) l->data);
  g_list_free (members);

  if (known->len == 0)
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("The tool “%s” takes no arguments, not “%s”"),
                 mcp_tool_get_name (tool), name);
  else
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("The tool “%s” has no argument “%s”; its arguments are: %s"),
                 mcp_tool_get_name (tool), name, known->str);
}

/* The arguments to send to @tool (NULL for none), or NULL with @error
 * set. */
JsonObject *
cli_tool_arguments_build (CliToolArguments  *self,
                          McpTool           *tool,
                          GError           **error)
{
  g_autoptr(JsonObject) object = NULL;

  if (self->object != NULL)
    return json_object_ref (self->object);

  if (!cli_tool_arguments_need_schema (self))
    return NULL;

  object = json_object_new ();
  for (guint i = 0; i < self->pairs->len; i++)
    {
      const Pair *pair = self->pairs->pdata[i];
      gboolean known;
      JsonObject *schema = find_property (mcp_tool_get_input_schema (tool), pair->name, &known);
      JsonNode *value;

      if (!known)
        {
          set_unknown_argument_error (tool, pair->name, error);
          return NULL;
        }

      if (pair->json != NULL)
        value = json_node_copy (pair->json);
      else if ((value = convert (tool, pair, schema, error)) == NULL)
        return NULL;

      json_object_set_member (object, pair->name, value);
    }

  return g_steal_pointer (&object);
}
