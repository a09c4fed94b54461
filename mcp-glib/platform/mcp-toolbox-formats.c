/* mcp-toolbox-formats.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What a McpToolbox says to each model API and reads from it: tool names
 * every API accepts, input schemas rewritten into the subset an API takes
 * (references inlined; Gemini's OpenAPI 3 dialect; OpenAI's strict mode),
 * the definitions, and the calls read from the API's own response.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"
#include "mcp-json-private.h"
#include "mcp-toolbox-private.h"

/* Bounds on what a hostile or cyclic schema can make us build. */
#define MAX_SCHEMA_DEPTH 32
#define MAX_REF_DEPTH    16
#define MAX_SCHEMA_NODES 20000
/* A schema that refers to itself is unrolled this many times, then ends
 * in "any object": enough for a model to see its shape. */
#define MAX_REF_REPEATS  2

void
_mcp_toolbox_entry_free (McpToolboxEntry *entry)
{
  if (entry == NULL)
    return;

  g_free (entry->id);
  g_free (entry->name);
  g_clear_pointer (&entry->arguments, json_object_unref);
  g_free (entry->problem);
  g_clear_object (&entry->result);
  g_free (entry);
}

/* Elements of the expected type, or NULL: json-glib's own accessors
 * complain about any other, and the JSON here comes from elsewhere. */
static const char *
array_string (JsonArray *array,
              guint      index)
{
  JsonNode *node = json_array_get_element (array, index);

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static JsonObject *
array_object (JsonArray *array,
              guint      index)
{
  JsonNode *node = json_array_get_element (array, index);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '-';
}

/* A name that every API takes: it starts with a letter or `_` (Gemini's
 * rule) and has at most 64 of `[A-Za-z0-9_-]` (the rule of all). A name
 * that already is one is kept; any other is made into one and gets a hash
 * of the original, so that two names that read alike once changed never
 * meet, and the same original always gives the same name. */
char *
_mcp_toolbox_make_name (const char *qualified_name,
                        gboolean    longer_hash)
{
  g_autofree char *checksum = NULL;
  gsize hash_length = longer_hash ? 16 : 8;
  gsize length = strlen (qualified_name);
  gboolean valid;
  GString *name;

  valid = length > 0 && length <= MCP_TOOLBOX_MAX_NAME_LENGTH &&
          (g_ascii_isalpha (qualified_name[0]) || qualified_name[0] == '_');
  for (gsize i = 0; valid && i < length; i++)
    valid = is_name_char (qualified_name[i]);

  if (valid && !longer_hash)
    return g_strdup (qualified_name);

  checksum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, qualified_name, -1);
  name = g_string_sized_new (MCP_TOOLBOX_MAX_NAME_LENGTH);
  if (!g_ascii_isalpha (qualified_name[0]) && qualified_name[0] != '_')
    g_string_append_c (name, '_');
  for (const char *p = qualified_name;
       *p != '\0' && name->len < MCP_TOOLBOX_MAX_NAME_LENGTH - hash_length - 1;
       p++)
    g_string_append_c (name, is_name_char (*p) ? *p : '_');
  g_string_append_c (name, '_');
  g_string_append_len (name, checksum, hash_length);

  return g_string_free (name, FALSE);
}

typedef struct
{
  JsonObject       *root;
  McpToolboxFormat  format;
  gboolean          strict;
  gboolean          strict_ok;
  guint             nodes;
  GPtrArray        *refs;  /* the references being expanded */
} Adapt;

static JsonObject *adapt_schema (Adapt      *adapt,
                                 JsonObject *schema,
                                 guint       depth);

static const char * const schema_keywords[] = {
  "items", "additionalProperties", "not", "if", "then", "else", "contains",
  "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems",
  NULL
};
static const char * const schema_map_keywords[] = {
  "properties", "patternProperties", "dependentSchemas", NULL
};
static const char * const schema_list_keywords[] = {
  "anyOf", "oneOf", "allOf", "prefixItems", NULL
};
/* What OpenAI's strict mode does not take: a tool that uses them is
 * offered without strict mode. */
static const char * const strict_rejects[] = {
  "patternProperties", "propertyNames", "unevaluatedProperties", "unevaluatedItems",
  "dependentRequired", "dependentSchemas", "if", "then", "else", "not", "allOf",
  "contains", "minProperties", "maxProperties", "additionalItems", NULL
};
/* The members of Gemini's `Schema` (an OpenAPI 3.0 subset). */
static const char * const gemini_keywords[] = {
  "type", "format", "title", "description", "nullable", "enum", "maxItems",
  "minItems", "properties", "required", "minProperties", "maxProperties",
  "minLength", "maxLength", "pattern", "example", "anyOf", "propertyOrdering",
  "default", "items", "minimum", "maximum", NULL
};

static JsonObject *
fallback_schema (Adapt *adapt)
{
  JsonObject *schema = json_object_new ();

  if (adapt->format == MCP_TOOLBOX_FORMAT_GEMINI)
    json_object_set_string_member (schema, "type", "OBJECT");
  adapt->strict_ok = FALSE;

  return schema;
}

/* A local JSON pointer (`#/$defs/name`), or NULL. */
static JsonObject *
resolve_ref (JsonObject *root,
             const char *ref)
{
  g_auto(GStrv) parts = NULL;
  JsonNode *node;

  if (ref[0] != '#')
    return NULL;
  if (ref[1] == '\0')
    return root;
  if (ref[1] != '/')
    return NULL;

  parts = g_strsplit (ref + 2, "/", -1);
  node = NULL;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *unescaped = g_uri_unescape_string (parts[i], NULL);
      GString *key;
      JsonObject *object = node == NULL ? root : JSON_NODE_HOLDS_OBJECT (node)
                                                 ? json_node_get_object (node) : NULL;

      if (object == NULL || unescaped == NULL)
        return NULL;
      key = g_string_new (unescaped);
      g_string_replace (key, "~1", "/", 0);
      g_string_replace (key, "~0", "~", 0);
      node = json_object_get_member (object, key->str);
      g_string_free (key, TRUE);
      if (node == NULL)
        return NULL;
    }

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonNode *
adapt_schema_node (Adapt    *adapt,
                   JsonNode *node,
                   guint     depth)
{
  g_autoptr(JsonObject) empty = NULL;

  if (JSON_NODE_HOLDS_OBJECT (node))
    return _mcp_json_node_new_object (adapt_schema (adapt, json_node_get_object (node), depth));

  /* `true` (anything) and anything else a schema should not be. */
  empty = json_object_new ();
  return _mcp_json_node_new_object (adapt_schema (adapt, empty, depth));
}

static char *
gemini_type (const char *type)
{
  return g_ascii_strup (type, -1);
}

static void
gemini_set_type (JsonObject *out,
                 JsonNode   *type)
{
  if (JSON_NODE_HOLDS_VALUE (type) && json_node_get_value_type (type) == G_TYPE_STRING)
    {
      const char *name = json_node_get_string (type);

      if (g_str_equal (name, "null"))
        json_object_set_boolean_member (out, "nullable", TRUE);
      else
        {
          g_autofree char *upper = gemini_type (name);

          json_object_set_string_member (out, "type", upper);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (type))
    {
      JsonArray *types = json_node_get_array (type);
      g_autoptr(JsonArray) alternatives = json_array_new ();

      for (guint i = 0; i < json_array_get_length (types); i++)
        {
          const char *name = array_string (types, i);

          if (name == NULL)
            continue;
          if (g_str_equal (name, "null"))
            json_object_set_boolean_member (out, "nullable", TRUE);
          else
            {
              g_autofree char *upper = gemini_type (name);

              json_array_add_string_element (alternatives, upper);
            }
        }

      if (json_array_get_length (alternatives) == 1)
        json_object_set_string_member (out, "type", array_string (alternatives, 0));
      else if (json_array_get_length (alternatives) > 1)
        {
          g_autoptr(JsonArray) any_of = json_array_new ();

          for (guint i = 0; i < json_array_get_length (alternatives); i++)
            {
              JsonObject *alternative = json_object_new ();

              json_object_set_string_member (alternative, "type",
                                             array_string (alternatives, i));
              json_array_add_object_element (any_of, alternative);
            }
          json_object_set_array_member (out, "anyOf", g_steal_pointer (&any_of));
        }
    }
}

/* Gemini's own rules, on a schema whose parts are adapted already. */
static void
gemini_finish (JsonObject *out,
               JsonObject *schema)
{
  JsonNode *node;
  JsonArray *list;
  const char *type;
  const char *format;

  json_object_remove_member (out, "type");
  if ((node = json_object_get_member (schema, "type")) != NULL)
    gemini_set_type (out, node);

  /* `const` and `oneOf` have near equivalents. */
  if ((node = json_object_get_member (schema, "const")) != NULL &&
      JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      JsonArray *values = json_array_new ();

      json_array_add_string_element (values, json_node_get_string (node));
      json_object_set_array_member (out, "enum", values);
    }
  if ((list = _mcp_json_object_get_array (out, "oneOf")) != NULL &&
      !json_object_has_member (out, "anyOf"))
    json_object_set_array_member (out, "anyOf", json_array_ref (list));
  json_object_remove_member (out, "oneOf");

  /* `anyOf: [X, {type: null}]` is a nullable X. */
  if ((list = _mcp_json_object_get_array (out, "anyOf")) != NULL)
    {
      g_autoptr(JsonArray) kept = json_array_new ();

      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          JsonObject *alternative = array_object (list, i);

          if (alternative != NULL && json_object_get_size (alternative) == 1 &&
              _mcp_json_object_get_bool (alternative, "nullable", FALSE))
            json_object_set_boolean_member (out, "nullable", TRUE);
          else if (alternative != NULL)
            json_array_add_object_element (kept, json_object_ref (alternative));
        }

      if (json_array_get_length (kept) == 1)
        {
          JsonObject *only = array_object (kept, 0);
          g_autoptr(GList) members = json_object_get_members (only);

          for (GList *l = members; l != NULL; l = l->next)
            if (!json_object_has_member (out, l->data))
              json_object_set_member (out, l->data,
                                      json_node_copy (json_object_get_member (only, l->data)));
          json_object_remove_member (out, "anyOf");
        }
      else if (json_array_get_length (kept) == 0)
        json_object_remove_member (out, "anyOf");
      else
        json_object_set_array_member (out, "anyOf", g_steal_pointer (&kept));
    }

  /* `allOf`: one schema with the members of all. */
  if ((list = _mcp_json_object_get_array (out, "allOf")) != NULL)
    {
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          JsonObject *part = array_object (list, i);
          JsonObject *properties = _mcp_json_object_get_object (part, "properties");
          JsonArray *required = _mcp_json_object_get_array (part, "required");
          g_autoptr(GList) members = NULL;

          if (part == NULL)
            continue;
          members = json_object_get_members (part);
          for (GList *l = members; l != NULL; l = l->next)
            if (!json_object_has_member (out, l->data))
              json_object_set_member (out, l->data,
                                      json_node_copy (json_object_get_member (part, l->data)));
          if (properties != NULL && _mcp_json_object_get_object (out, "properties") != properties)
            {
              g_autoptr(GList) names = json_object_get_members (properties);
              JsonObject *into = _mcp_json_object_get_object (out, "properties");

              for (GList *l = names; into != NULL && l != NULL; l = l->next)
                if (!json_object_has_member (into, l->data))
                  json_object_set_member (into, l->data,
                                          json_node_copy (json_object_get_member (properties, l->data)));
            }
          if (required != NULL && _mcp_json_object_get_array (out, "required") != required)
            {
              JsonArray *into = _mcp_json_object_get_array (out, "required");

              for (guint j = 0; into != NULL && j < json_array_get_length (required); j++)
                json_array_add_element (into, json_node_copy (json_array_get_element (required, j)));
            }
        }
      json_object_remove_member (out, "allOf");
    }

  /* Only Gemini's members; enums of strings; formats it knows. */
  {
    g_autoptr(GList) members = json_object_get_members (out);

    for (GList *l = members; l != NULL; l = l->next)
      if (!g_strv_contains (gemini_keywords, l->data))
        json_object_remove_member (out, l->data);
  }

  if ((list = _mcp_json_object_get_array (out, "enum")) != NULL)
    {
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          JsonNode *value = json_array_get_element (list, i);

          if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING)
            {
              json_object_remove_member (out, "enum");
              break;
            }
        }
    }

  if (!json_object_has_member (out, "type") && !json_object_has_member (out, "anyOf"))
    {
      if (json_object_has_member (out, "properties"))
        json_object_set_string_member (out, "type", "OBJECT");
      else if (json_object_has_member (out, "items"))
        json_object_set_string_member (out, "type", "ARRAY");
      else if (json_object_has_member (out, "enum"))
        json_object_set_string_member (out, "type", "STRING");
    }

  type = _mcp_json_object_get_string (out, "type");
  if (json_object_has_member (out, "enum") && g_strcmp0 (type, "STRING") != 0)
    json_object_remove_member (out, "enum");
  /* Gemini's reference pairs an enum with the format that says so. */
  if (json_object_has_member (out, "enum"))
    json_object_set_string_member (out, "format", "enum");
  format = _mcp_json_object_get_string (out, "format");
  if (format != NULL &&
      !((g_strcmp0 (type, "STRING") == 0 && (g_str_equal (format, "enum") ||
                                              g_str_equal (format, "date-time"))) ||
        (g_strcmp0 (type, "NUMBER") == 0 && (g_str_equal (format, "float") ||
                                              g_str_equal (format, "double"))) ||
        (g_strcmp0 (type, "INTEGER") == 0 && (g_str_equal (format, "int32") ||
                                               g_str_equal (format, "int64")))))
    json_object_remove_member (out, "format");
  if (json_object_has_member (out, "format") &&
      !JSON_NODE_HOLDS_VALUE (json_object_get_member (out, "format")))
    json_object_remove_member (out, "format");

  /* `required` names properties that exist, as Gemini checks. */
  if ((list = _mcp_json_object_get_array (out, "required")) != NULL)
    {
      JsonObject *properties = _mcp_json_object_get_object (out, "properties");
      g_autoptr(JsonArray) kept = json_array_new ();

      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          const char *name = array_string (list, i);

          if (name != NULL && properties != NULL && json_object_has_member (properties, name))
            json_array_add_string_element (kept, name);
        }
      json_object_set_array_member (out, "required", g_steal_pointer (&kept));
    }
}

static gboolean
type_includes (JsonObject *schema,
               const char *name)
{
  JsonNode *type = json_object_get_member (schema, "type");

  if (type == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_VALUE (type))
    return g_strcmp0 (json_node_get_string (type), name) == 0;
  if (JSON_NODE_HOLDS_ARRAY (type))
    {
      JsonArray *types = json_node_get_array (type);

      for (guint i = 0; i < json_array_get_length (types); i++)
        if (g_strcmp0 (array_string (types, i), name) == 0)
          return TRUE;
    }
  return FALSE;
}

/* A property the caller may leave out, in strict mode where every
 * property is required: it may be null instead. */
static JsonNode *
make_nullable (JsonObject *schema)
{
  JsonNode *type = json_object_get_member (schema, "type");
  JsonObject *copy;

  if (type_includes (schema, "null"))
    return _mcp_json_node_new_object (json_object_ref (schema));

  if (type != NULL && (JSON_NODE_HOLDS_VALUE (type) || JSON_NODE_HOLDS_ARRAY (type)))
    {
      JsonArray *types = json_array_new ();
      JsonArray *values;

      copy = _mcp_json_object_copy_members (schema);
      if (JSON_NODE_HOLDS_VALUE (type))
        json_array_add_element (types, json_node_copy (type));
      else
        for (guint i = 0; i < json_array_get_length (json_node_get_array (type)); i++)
          json_array_add_element (types,
                                  json_node_copy (json_array_get_element (json_node_get_array (type), i)));
      json_array_add_string_element (types, "null");
      json_object_set_array_member (copy, "type", types);

      if ((values = _mcp_json_object_get_array (schema, "enum")) != NULL)
        {
          JsonArray *with_null = json_array_new ();

          for (guint i = 0; i < json_array_get_length (values); i++)
            json_array_add_element (with_null, json_node_copy (json_array_get_element (values, i)));
          json_array_add_null_element (with_null);
          json_object_set_array_member (copy, "enum", with_null);
        }
    }
  else
    {
      JsonArray *any_of = json_array_new ();
      JsonObject *null_schema = json_object_new ();

      copy = json_object_new ();
      json_array_add_object_element (any_of, json_object_ref (schema));
      json_object_set_string_member (null_schema, "type", "null");
      json_array_add_object_element (any_of, null_schema);
      json_object_set_array_member (copy, "anyOf", any_of);
    }

  return _mcp_json_node_new_object (copy);
}

/* OpenAI's strict mode, on an object schema whose parts are adapted. */
static void
strict_finish (Adapt      *adapt,
               JsonObject *out)
{
  JsonObject *properties = _mcp_json_object_get_object (out, "properties");
  JsonNode *additional = json_object_get_member (out, "additionalProperties");
  JsonArray *required = _mcp_json_object_get_array (out, "required");
  g_autoptr(JsonArray) all = NULL;
  g_autoptr(GList) names = NULL;

  for (guint i = 0; strict_rejects[i] != NULL; i++)
    if (json_object_has_member (out, strict_rejects[i]))
      adapt->strict_ok = FALSE;

  /* Strict mode wants a type everywhere: "anything" has none. */
  if (!json_object_has_member (out, "type") && !json_object_has_member (out, "anyOf") &&
      !json_object_has_member (out, "enum") && !json_object_has_member (out, "const"))
    adapt->strict_ok = FALSE;

  if (!type_includes (out, "object") && properties == NULL)
    return;

  /* A map of anything cannot be strict. */
  if (properties == NULL ||
      (additional != NULL && !(JSON_NODE_HOLDS_VALUE (additional) &&
                               json_node_get_value_type (additional) == G_TYPE_BOOLEAN &&
                               !json_node_get_boolean (additional))))
    {
      adapt->strict_ok = FALSE;
      return;
    }

  all = json_array_new ();
  names = json_object_get_members (properties);
  for (GList *l = names; l != NULL; l = l->next)
    {
      /* Replacing a member frees its name: keep a copy. */
      g_autofree char *name = g_strdup (l->data);
      gboolean is_required = FALSE;

      for (guint i = 0; required != NULL && i < json_array_get_length (required); i++)
        if (g_strcmp0 (array_string (required, i), name) == 0)
          is_required = TRUE;

      if (!is_required)
        {
          JsonObject *property = _mcp_json_object_get_object (properties, name);

          if (property != NULL)
            json_object_set_member (properties, name, make_nullable (property));
        }
      json_array_add_string_element (all, name);
    }
  json_object_set_array_member (out, "required", g_steal_pointer (&all));
  json_object_set_boolean_member (out, "additionalProperties", FALSE);
}

static JsonObject *
adapt_schema (Adapt      *adapt,
              JsonObject *schema,
              guint       depth)
{
  g_autoptr(GList) members = NULL;
  const char *ref;
  JsonObject *out;

  if (depth > MAX_SCHEMA_DEPTH || ++adapt->nodes > MAX_SCHEMA_NODES)
    return fallback_schema (adapt);

  if ((ref = _mcp_json_object_get_string (schema, "$ref")) != NULL)
    {
      JsonObject *target = resolve_ref (adapt->root, ref);
      g_autoptr(JsonObject) merged = NULL;
      g_autoptr(GList) siblings = NULL;
      const char *followed = ref;
      guint repeats = 0;

      for (guint i = 0; i < adapt->refs->len; i++)
        repeats += g_str_equal (g_ptr_array_index (adapt->refs, i), ref);
      if (target == NULL || target == schema || adapt->refs->len >= MAX_REF_DEPTH ||
          repeats >= MAX_REF_REPEATS)
        return fallback_schema (adapt);

      /* The referenced schema, with what sits beside the reference (a
       * description, most often) taking precedence. */
      merged = _mcp_json_object_copy_members (target);
      siblings = json_object_get_members (schema);
      for (GList *l = siblings; l != NULL; l = l->next)
        if (!g_str_equal (l->data, "$ref"))
          json_object_set_member (merged, l->data,
                                  json_node_copy (json_object_get_member (schema, l->data)));
      json_object_remove_member (merged, "$ref");
      if ((ref = _mcp_json_object_get_string (target, "$ref")) != NULL)
        json_object_set_string_member (merged, "$ref", ref);

      g_ptr_array_add (adapt->refs, (gpointer) followed);
      out = adapt_schema (adapt, merged, depth + 1);
      g_ptr_array_remove_index (adapt->refs, adapt->refs->len - 1);
      return out;
    }

  out = json_object_new ();
  members = json_object_get_members (schema);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      JsonNode *value = json_object_get_member (schema, key);

      /* Definitions are inlined where used; identifiers and the dialect
       * mean nothing once they are. */
      if (key[0] == '$' || g_str_equal (key, "definitions"))
        continue;

      if (g_strv_contains (schema_keywords, key))
        {
          if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_BOOLEAN)
            json_object_set_member (out, key, json_node_copy (value));
          else if (JSON_NODE_HOLDS_ARRAY (value) && g_str_equal (key, "items"))
            {
              /* Draft 4's tuples: the first says most. */
              JsonArray *tuple = json_node_get_array (value);

              if (json_array_get_length (tuple) > 0)
                json_object_set_member (out, key,
                                        adapt_schema_node (adapt, json_array_get_element (tuple, 0),
                                                           depth + 1));
            }
          else
            json_object_set_member (out, key, adapt_schema_node (adapt, value, depth + 1));
        }
      else if (g_strv_contains (schema_map_keywords, key) && JSON_NODE_HOLDS_OBJECT (value))
        {
          JsonObject *map = json_node_get_object (value);
          JsonObject *adapted = json_object_new ();
          g_autoptr(GList) names = json_object_get_members (map);

          for (GList *n = names; n != NULL; n = n->next)
            json_object_set_member (adapted, n->data,
                                    adapt_schema_node (adapt, json_object_get_member (map, n->data),
                                                       depth + 1));
          json_object_set_object_member (out, key, adapted);
        }
      else if (g_strv_contains (schema_list_keywords, key) && JSON_NODE_HOLDS_ARRAY (value))
        {
          JsonArray *list = json_node_get_array (value);
          JsonArray *adapted = json_array_new ();

          for (guint i = 0; i < json_array_get_length (list); i++)
            json_array_add_element (adapted, adapt_schema_node (adapt, json_array_get_element (list, i),
                                                                depth + 1));
          json_object_set_array_member (out, key, adapted);
        }
      else
        json_object_set_member (out, key, json_node_copy (value));
    }

  if (adapt->format == MCP_TOOLBOX_FORMAT_GEMINI)
    gemini_finish (out, schema);
  else if (adapt->strict)
    strict_finish (adapt, out);

  return out;
}

/* Returns the input schema of a tool as @format takes it. With @strict,
 * *@strict_ok says whether the schema could be made strict. */
JsonObject *
_mcp_toolbox_adapt_schema (JsonObject       *schema,
                           McpToolboxFormat  format,
                           gboolean          strict,
                           gboolean         *strict_ok)
{
  g_autoptr(GPtrArray) refs = g_ptr_array_new ();
  Adapt adapt = { schema, format, strict, TRUE, 0, refs };
  JsonObject *out;

  out = adapt_schema (&adapt, schema, 0);

  /* Every API wants an object of arguments. */
  if (format == MCP_TOOLBOX_FORMAT_GEMINI)
    {
      json_object_set_string_member (out, "type", "OBJECT");
      json_object_remove_member (out, "anyOf");
      json_object_remove_member (out, "nullable");
    }
  else
    {
      json_object_set_string_member (out, "type", "object");
      if (!json_object_has_member (out, "properties"))
        json_object_set_object_member (out, "properties", json_object_new ());
      if (strict && adapt.strict_ok)
        strict_finish (&adapt, out);
    }

  if (strict_ok != NULL)
    *strict_ok = adapt.strict_ok;

  return out;
}

/* Strict mode made the optional properties nullable: a model that sends
 * null for one means it left the property out. */
void
_mcp_toolbox_drop_nulls (JsonObject *arguments,
                         JsonObject *schema)
{
  JsonArray *required = _mcp_json_object_get_array (schema, "required");
  g_autoptr(GList) names = json_object_get_members (arguments);

  for (GList *l = names; l != NULL; l = l->next)
    {
      gboolean is_required = FALSE;

      if (!JSON_NODE_HOLDS_NULL (json_object_get_member (arguments, l->data)))
        continue;
      for (guint i = 0; required != NULL && i < json_array_get_length (required); i++)
        if (g_strcmp0 (array_string (required, i), l->data) == 0)
          is_required = TRUE;
      if (!is_required)
        json_object_remove_member (arguments, l->data);
    }
}

JsonObject *
_mcp_toolbox_definition (McpToolboxFormat  format,
                         const char       *name,
                         McpTool          *tool,
                         gboolean          strict)
{
  g_autoptr(JsonObject) parameters = NULL;
  const char *description = mcp_tool_get_description (tool);
  gboolean strict_ok = FALSE;
  JsonObject *definition = json_object_new ();
  JsonObject *function;

  if (description == NULL)
    description = mcp_tool_get_title (tool);

  strict = strict && (format == MCP_TOOLBOX_FORMAT_OPENAI ||
                      format == MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES);
  if (strict)
    {
      parameters = _mcp_toolbox_adapt_schema (mcp_tool_get_input_schema (tool), format, TRUE, &strict_ok);
      if (!strict_ok)
        g_clear_pointer (&parameters, json_object_unref);
    }
  if (parameters == NULL)
    parameters = _mcp_toolbox_adapt_schema (mcp_tool_get_input_schema (tool), format, FALSE, NULL);

  switch (format)
    {
    case MCP_TOOLBOX_FORMAT_OPENAI:
    case MCP_TOOLBOX_FORMAT_OLLAMA:
      function = json_object_new ();
      json_object_set_string_member (definition, "type", "function");
      json_object_set_string_member (function, "name", name);
      if (description != NULL)
        json_object_set_string_member (function, "description", description);
      json_object_set_object_member (function, "parameters", g_steal_pointer (&parameters));
      if (strict)
        json_object_set_boolean_member (function, "strict", strict_ok);
      json_object_set_object_member (definition, "function", function);
      break;

    case MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES:
      json_object_set_string_member (definition, "type", "function");
      json_object_set_string_member (definition, "name", name);
      if (description != NULL)
        json_object_set_string_member (definition, "description", description);
      json_object_set_object_member (definition, "parameters", g_steal_pointer (&parameters));
      json_object_set_boolean_member (definition, "strict", strict && strict_ok);
      break;

    case MCP_TOOLBOX_FORMAT_ANTHROPIC:
      json_object_set_string_member (definition, "name", name);
      if (description != NULL)
        json_object_set_string_member (definition, "description", description);
      json_object_set_object_member (definition, "input_schema", g_steal_pointer (&parameters));
      break;

    case MCP_TOOLBOX_FORMAT_GEMINI:
      json_object_set_string_member (definition, "name", name);
      if (description != NULL)
        json_object_set_string_member (definition, "description", description);
      /* Gemini refuses an object without properties: a tool without
       * arguments has no parameters. */
      {
        JsonObject *properties = _mcp_json_object_get_object (parameters, "properties");

        if (properties != NULL && json_object_get_size (properties) > 0)
          json_object_set_object_member (definition, "parameters", g_steal_pointer (&parameters));
      }
      break;

    default:
      g_assert_not_reached ();
    }

  return definition;
}

static McpToolboxEntry *
entry_new (const char *id,
           guint       index,
           const char *name)
{
  McpToolboxEntry *entry = g_new0 (McpToolboxEntry, 1);

  entry->has_id = id != NULL;
  entry->id = id != NULL ? g_strdup (id) : g_strdup_printf ("call_%u", index);
  entry->name = g_strdup (name != NULL ? name : "");
  if (name == NULL)
    entry->problem = g_strdup (_("The call names no tool."));

  return entry;
}

/* Arguments as the model gave them: an object, or JSON text of one. */
static void
entry_set_arguments (McpToolboxEntry *entry,
                     JsonNode        *arguments)
{
  if (entry->problem != NULL)
    return;

  if (arguments == NULL || JSON_NODE_HOLDS_NULL (arguments))
    entry->arguments = json_object_new ();
  else if (JSON_NODE_HOLDS_OBJECT (arguments))
    entry->arguments = json_object_ref (json_node_get_object (arguments));
  else if (JSON_NODE_HOLDS_VALUE (arguments) && json_node_get_value_type (arguments) == G_TYPE_STRING)
    {
      const char *text = json_node_get_string (arguments);
      gsize length = strlen (text);
      g_autoptr(JsonNode) parsed = NULL;
      g_autoptr(GError) error = NULL;

      /* The library's own reader: a fraction of JsonParser's cost, and
       * bounded in depth. */
      if (_mcp_json_text_is_blank (text, length))
        entry->arguments = json_object_new ();
      else if ((parsed = _mcp_json_parse_message (text, length, &error)) == NULL)
        entry->problem = g_strdup_printf (_("The arguments are not valid JSON (%s). Call the tool again with a JSON object of arguments."),
                                          error->message);
      else if (!JSON_NODE_HOLDS_OBJECT (parsed))
        entry->problem = g_strdup (_("The arguments are not a JSON object. Call the tool again with a JSON object of arguments."));
      else
        entry->arguments = json_object_ref (json_node_get_object (parsed));
    }
  else
    entry->problem = g_strdup (_("The arguments are not a JSON object. Call the tool again with a JSON object of arguments."));
}

static JsonObject *
first_object (JsonArray *array)
{
  if (array == NULL || json_array_get_length (array) == 0)
    return NULL;
  return array_object (array, 0);
}

/* Where each API puts the calls of a response, and what a call holds. */
typedef struct
{
  /* Members that lead from the response to the object holding the list,
   * each followed only when there: an array (its first object) when
   * marked with a leading '[', else an object. */
  const char *path[2];
  const char *list;          /* the member of that object listing the calls */
  gboolean    list_alone;    /* the response may be the list itself */
  gboolean    needs_list;    /* a response without the list is not one of the API */
  const char *type;          /* the "type" an element of the list must have, if any */
  const char *wrapper;       /* the member of an element holding the call, if any */
  gboolean    id_in_element; /* the id is beside the wrapper, not in it */
  const char *id;
  const char *name;
  const char *arguments;
} CallShape;

static const CallShape call_shapes[] = {
  [MCP_TOOLBOX_FORMAT_OPENAI] = {
    /* A whole response, one of its choices, or its message. */
    { "[choices", "message" }, "tool_calls", FALSE, FALSE,
    NULL, "function", TRUE, "id", "name", "arguments",
  },
  [MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES] = {
    { NULL, NULL }, "output", TRUE, TRUE,
    "function_call", NULL, FALSE, "call_id", "name", "arguments",
  },
  [MCP_TOOLBOX_FORMAT_ANTHROPIC] = {
    { NULL, NULL }, "content", TRUE, TRUE,
    "tool_use", NULL, FALSE, "id", "name", "input",
  },
  [MCP_TOOLBOX_FORMAT_GEMINI] = {
    /* A whole response, a candidate, or its content. */
    { "[candidates", "content" }, "parts", TRUE, FALSE,
    NULL, "functionCall", FALSE, "id", "name", "args",
  },
  [MCP_TOOLBOX_FORMAT_OLLAMA] = {
    { "message", NULL }, "tool_calls", FALSE, FALSE,
    NULL, "function", TRUE, "id", "name", "arguments",
  },
};

GPtrArray *
_mcp_toolbox_parse_calls (McpToolboxFormat   format,
                          JsonNode          *response,
                          GError           **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) _mcp_toolbox_entry_free);
  const CallShape *shape;
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (response) ? json_node_get_object (response) : NULL;
  JsonArray *list = NULL;
  gboolean shape_ok;

  g_assert (format < G_N_ELEMENTS (call_shapes));
  shape = &call_shapes[format];

  for (guint i = 0; i < G_N_ELEMENTS (shape->path) && shape->path[i] != NULL; i++)
    {
      const char *member = shape->path[i];

      if (member[0] == '[' && object != NULL && json_object_has_member (object, member + 1))
        object = first_object (_mcp_json_object_get_array (object, member + 1));
      else if (member[0] != '[' && object != NULL && json_object_has_member (object, member))
        object = _mcp_json_object_get_object (object, member);
    }

  if (shape->list_alone && JSON_NODE_HOLDS_ARRAY (response))
    list = json_node_get_array (response);
  else
    list = _mcp_json_object_get_array (object, shape->list);
  shape_ok = list != NULL || (!shape->needs_list && object != NULL);

  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonObject *element = array_object (list, i);
      JsonObject *call = element;
      McpToolboxEntry *entry;

      if (shape->type != NULL &&
          g_strcmp0 (_mcp_json_object_get_string (element, "type"), shape->type) != 0)
        continue;
      if (shape->wrapper != NULL)
        call = _mcp_json_object_get_object (element, shape->wrapper);
      if (call == NULL)
        continue;

      entry = entry_new (_mcp_json_object_get_string (shape->id_in_element ? element : call,
                                                      shape->id),
                         i, _mcp_json_object_get_string (call, shape->name));
      entry_set_arguments (entry, json_object_get_member (call, shape->arguments));
      g_ptr_array_add (entries, entry);
    }

  if (!shape_ok)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The model’s response is not a response of the toolbox’s API"));
      return NULL;
    }

  return g_steal_pointer (&entries);
}
