/* mcp-gtk-schema-check.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The part of JSON Schema 2020-12 that a form checks a value against, so
 * that the user reads what is wrong next to the field rather than in the
 * server's error: `type` (a name or a list), `enum`, `const`, the bounds
 * of numbers (`minimum`, `maximum`, `exclusiveMinimum`,
 * `exclusiveMaximum`, `multipleOf`), of strings (`minLength`,
 * `maxLength`, `pattern`, and the formats `email`, `uri`, `date`,
 * `date-time`) and of arrays (`minItems`, `maxItems`, `uniqueItems`,
 * `items`), and the `required` and `properties` of objects. A keyword of
 * an unexpected type is ignored, as a schema comes from a server; nesting
 * is bounded.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "mcp-gtk-schema-check-private.h"

#define MAX_DEPTH 16

gboolean
_mcp_gtk_node_is_number (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && (json_node_get_value_type (node) == G_TYPE_INT64
             || json_node_get_value_type (node) == G_TYPE_DOUBLE);
}

static gboolean
node_holds (JsonNode *node,
            GType     type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

/* Equality as JSON Schema has it: 1 and 1.0 are the same number, members
 * in any order.
 */
gboolean
_mcp_gtk_json_equal (JsonNode *a,
                     JsonNode *b)
{
  if (_mcp_gtk_node_is_number (a) && _mcp_gtk_node_is_number (b))
    {
      if (json_node_get_value_type (a) == G_TYPE_INT64
          && json_node_get_value_type (b) == G_TYPE_INT64)
        return json_node_get_int (a) == json_node_get_int (b);
      return json_node_get_double (a) == json_node_get_double (b);
    }
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return FALSE;

  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_NULL:
      return TRUE;

    case JSON_NODE_VALUE:
      if (json_node_get_value_type (a) != json_node_get_value_type (b))
        return FALSE;
      if (json_node_get_value_type (a) == G_TYPE_BOOLEAN)
        return json_node_get_boolean (a) == json_node_get_boolean (b);
      return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0;

    case JSON_NODE_ARRAY:
      {
        JsonArray *x = json_node_get_array (a);
        JsonArray *y = json_node_get_array (b);

        if (json_array_get_length (x) != json_array_get_length (y))
          return FALSE;
        for (guint i = 0; i < json_array_get_length (x); i++)
          if (!_mcp_gtk_json_equal (json_array_get_element (x, i), json_array_get_element (y, i)))
            return FALSE;
        return TRUE;
      }

    case JSON_NODE_OBJECT:
      {
        JsonObject *x = json_node_get_object (a);
        JsonObject *y = json_node_get_object (b);
        JsonObjectIter iter;
        const char *name;
        JsonNode *member;

        if (json_object_get_size (x) != json_object_get_size (y))
          return FALSE;
        json_object_iter_init (&iter, x);
        while (json_object_iter_next (&iter, &name, &member))
          {
            JsonNode *other = json_object_get_member (y, name);

            if (other == NULL || !_mcp_gtk_json_equal (member, other))
              return FALSE;
          }
        return TRUE;
      }

    default:
      return FALSE;
    }
}

static gboolean
is_integer (JsonNode *node)
{
  double value;

  if (node_holds (node, G_TYPE_INT64))
    return TRUE;
  if (!node_holds (node, G_TYPE_DOUBLE))
    return FALSE;
  value = json_node_get_double (node);
  return isfinite (value) && value == floor (value);
}

static gboolean
has_type (JsonNode   *value,
          const char *type)
{
  if (g_str_equal (type, "null"))
    return JSON_NODE_HOLDS_NULL (value);
  if (g_str_equal (type, "boolean"))
    return node_holds (value, G_TYPE_BOOLEAN);
  if (g_str_equal (type, "string"))
    return node_holds (value, G_TYPE_STRING);
  if (g_str_equal (type, "number"))
    return _mcp_gtk_node_is_number (value);
  if (g_str_equal (type, "integer"))
    return is_integer (value);
  if (g_str_equal (type, "array"))
    return JSON_NODE_HOLDS_ARRAY (value);
  if (g_str_equal (type, "object"))
    return JSON_NODE_HOLDS_OBJECT (value);
  /* An unknown type name matches nothing. */
  return FALSE;
}

static gboolean
check_type (JsonObject  *schema,
            JsonNode    *value,
            GError     **error)
{
  JsonNode *type = json_object_get_member (schema, "type");

  if (node_holds (type, G_TYPE_STRING))
    {
      if (has_type (value, json_node_get_string (type)))
        return TRUE;
    }
  else if (type != NULL && JSON_NODE_HOLDS_ARRAY (type))
    {
      JsonArray *types = json_node_get_array (type);

      for (guint i = 0; i < json_array_get_length (types); i++)
        {
          JsonNode *name = json_array_get_element (types, i);

          if (node_holds (name, G_TYPE_STRING) && has_type (value, json_node_get_string (name)))
            return TRUE;
        }
    }
  else
    {
      return TRUE;
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The value has the wrong type"));
  return FALSE;
}

static gboolean
number_member (JsonObject *schema,
               const char *name,
               double     *number)
{
  JsonNode *node = json_object_get_member (schema, name);

  if (!_mcp_gtk_node_is_number (node))
    return FALSE;
  *number = json_node_get_double (node);
  return TRUE;
}

static gboolean
check_number (JsonObject  *schema,
              JsonNode    *value,
              GError     **error)
{
  double number = json_node_get_double (value);
  double bound;

  if (number_member (schema, "minimum", &bound) && number < bound)
    {
      /* TRANSLATORS: %g is a number */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The value must be at least %g"),
                   bound);
      return FALSE;
    }
  if (number_member (schema, "maximum", &bound) && number > bound)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The value must be at most %g"),
                   bound);
      return FALSE;
    }
  if (number_member (schema, "exclusiveMinimum", &bound) && number <= bound)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The value must be more than %g"), bound);
      return FALSE;
    }
  if (number_member (schema, "exclusiveMaximum", &bound) && number >= bound)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The value must be less than %g"), bound);
      return FALSE;
    }
  if (number_member (schema, "multipleOf", &bound) && bound > 0)
    {
      double quotient = number / bound;

      /* A quotient too large for a double to hold a fraction is whole;
       * otherwise within a rounding error of a whole number. */
      if (isfinite (quotient) && fabs (quotient) < 1e15
          && fabs (quotient - nearbyint (quotient)) > 1e-9 * MAX (1.0, fabs (quotient)))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The value must be a multiple of %g"), bound);
          return FALSE;
        }
      if (!isfinite (quotient))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The value must be a multiple of %g"), bound);
          return FALSE;
        }
    }

  return TRUE;
}

static gboolean
check_format (const char  *format,
              const char  *text,
              GError     **error)
{
  static const struct
  {
    const char *format;
    const char *pattern;
  } patterns[] = {
    { "email", "^[^@\\s]+@[^@\\s]+$" },
    { "date", "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$" },
    { "date-time", "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[Tt ]([01]\\d|2[0-3]):[0-5]\\d:"
                   "([0-5]\\d|60)(\\.\\d+)?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$" },
  };

  if (g_str_equal (format, "uri"))
    {
      if (g_uri_is_valid (text, G_URI_FLAGS_NONE, NULL) && g_uri_peek_scheme (text) != NULL)
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The value must be an address"));
      return FALSE;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      if (!g_str_equal (format, patterns[i].format))
        continue;
      if (g_regex_match_simple (patterns[i].pattern, text, 0, 0))
        return TRUE;
      if (g_str_equal (format, "email"))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("The value must be an email address"));
      else if (g_str_equal (format, "date"))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("The value must be a date, as 2026-12-31"));
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("The value must be a date and time, as 2026-12-31T23:59:00Z"));
      return FALSE;
    }

  /* Other formats are annotations. */
  return TRUE;
}

/* The pattern of a schema is an ECMA 262 regular expression (in Unicode
 * mode), which PCRE reads the same but for the long names of Unicode's
 * general categories. */
static char *
ecma_to_pcre (const char *pattern)
{
  static const struct
  {
    const char *ecma;
    const char *pcre;
  } categories[] = {
    { "\\p{Letter}", "\\p{L}" },
    { "\\p{Lowercase_Letter}", "\\p{Ll}" },
    { "\\p{Uppercase_Letter}", "\\p{Lu}" },
    { "\\p{Number}", "\\p{N}" },
    { "\\p{Decimal_Number}", "\\p{Nd}" },
    { "\\p{Punctuation}", "\\p{P}" },
    { "\\p{Symbol}", "\\p{S}" },
    { "\\p{Separator}", "\\p{Z}" },
    { "\\p{Mark}", "\\p{M}" },
  };
  GString *text = g_string_new (pattern);

  for (gsize i = 0; i < G_N_ELEMENTS (categories); i++)
    g_string_replace (text, categories[i].ecma, categories[i].pcre, 0);

  return g_string_free (text, FALSE);
}

static gboolean
check_string (JsonObject  *schema,
              JsonNode    *value,
              GError     **error)
{
  const char *text = json_node_get_string (value);
  glong length = g_utf8_strlen (text, -1);
  JsonNode *pattern = json_object_get_member (schema, "pattern");
  JsonNode *format = json_object_get_member (schema, "format");
  double bound;

  if (number_member (schema, "minLength", &bound) && length < bound)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   g_dngettext (GETTEXT_PACKAGE, "The value must have at least %g character",
                                "The value must have at least %g characters", (gulong) bound),
                   bound);
      return FALSE;
    }
  if (number_member (schema, "maxLength", &bound) && length > bound)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   g_dngettext (GETTEXT_PACKAGE, "The value must have at most %g character",
                                "The value must have at most %g characters", (gulong) bound),
                   bound);
      return FALSE;
    }
  if (node_holds (pattern, G_TYPE_STRING))
    {
      g_autofree char *source = ecma_to_pcre (json_node_get_string (pattern));
      g_autoptr(GRegex) regex = g_regex_new (source, 0, 0, NULL);

      /* A pattern that is not valid (or that PCRE reads otherwise than
       * ECMA 262, as `\p{digit}`) matches nothing: the value cannot be
       * shown to match it. */
      if (regex == NULL || !g_regex_match (regex, text, 0, NULL))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The value must match the pattern %s"), json_node_get_string (pattern));
          return FALSE;
        }
    }
  if (node_holds (format, G_TYPE_STRING) && !check_format (json_node_get_string (format), text,
                                                           error))
    return FALSE;

  return TRUE;
}

static gboolean check_at (JsonObject  *schema,
                          JsonNode    *value,
                          guint        depth,
                          GError     **error);

static gboolean
check_array (JsonObject  *schema,
             JsonNode    *value,
             guint        depth,
             GError     **error)
{
  JsonArray *array = json_node_get_array (value);
  guint length = json_array_get_length (array);
  JsonNode *unique = json_object_get_member (schema, "uniqueItems");
  JsonNode *items = json_object_get_member (schema, "items");
  double bound;

  if (number_member (schema, "minItems", &bound) && length < bound)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   g_dngettext (GETTEXT_PACKAGE, "Choose at least %g item",
                                "Choose at least %g items", (gulong) bound),
                   bound);
      return FALSE;
    }
  if (number_member (schema, "maxItems", &bound) && length > bound)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   g_dngettext (GETTEXT_PACKAGE, "Choose at most %g item",
                                "Choose at most %g items", (gulong) bound),
                   bound);
      return FALSE;
    }
  if (node_holds (unique, G_TYPE_BOOLEAN) && json_node_get_boolean (unique))
    {
      for (guint i = 0; i < length; i++)
        for (guint j = i + 1; j < length; j++)
          if (_mcp_gtk_json_equal (json_array_get_element (array, i),
                                   json_array_get_element (array, j)))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The items must be different"));
              return FALSE;
            }
    }
  if (items != NULL && JSON_NODE_HOLDS_OBJECT (items))
    {
      for (guint i = 0; i < length; i++)
        {
          g_autoptr(GError) local_error = NULL;

          if (!check_at (json_node_get_object (items), json_array_get_element (array, i),
                         depth + 1, &local_error))
            {
              /* TRANSLATORS: %u is the number of an item of a list, from 1;
               * %s says what is wrong with it */
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("Item %u: %s"), i + 1,
                           local_error->message);
              return FALSE;
            }
        }
    }

  return TRUE;
}

static gboolean
check_object (JsonObject  *schema,
              JsonNode    *value,
              guint        depth,
              GError     **error)
{
  JsonObject *object = json_node_get_object (value);
  JsonNode *required = json_object_get_member (schema, "required");
  JsonNode *properties = json_object_get_member (schema, "properties");

  if (required != NULL && JSON_NODE_HOLDS_ARRAY (required))
    {
      JsonArray *names = json_node_get_array (required);

      for (guint i = 0; i < json_array_get_length (names); i++)
        {
          JsonNode *name = json_array_get_element (names, i);

          if (node_holds (name, G_TYPE_STRING)
              && !json_object_has_member (object, json_node_get_string (name)))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("“%s” is required"),
                           json_node_get_string (name));
              return FALSE;
            }
        }
    }
  if (properties != NULL && JSON_NODE_HOLDS_OBJECT (properties))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, object);
      while (json_object_iter_next (&iter, &name, &member))
        {
          JsonNode *property = json_object_get_member (json_node_get_object (properties), name);
          g_autoptr(GError) local_error = NULL;

          if (property != NULL && JSON_NODE_HOLDS_OBJECT (property)
              && !check_at (json_node_get_object (property), member, depth + 1, &local_error))
            {
              /* TRANSLATORS: "name: what is wrong with it" */
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("“%s”: %s"), name,
                           local_error->message);
              return FALSE;
            }
        }
    }

  return TRUE;
}

static gboolean
check_at (JsonObject  *schema,
          JsonNode    *value,
          guint        depth,
          GError     **error)
{
  JsonNode *choices = json_object_get_member (schema, "enum");
  JsonNode *constant = json_object_get_member (schema, "const");

  if (depth > MAX_DEPTH)
    return TRUE;

  if (!check_type (schema, value, error))
    return FALSE;

  if (choices != NULL && JSON_NODE_HOLDS_ARRAY (choices))
    {
      JsonArray *array = json_node_get_array (choices);
      gboolean found = FALSE;

      for (guint i = 0; i < json_array_get_length (array) && !found; i++)
        found = _mcp_gtk_json_equal (json_array_get_element (array, i), value);
      if (!found)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The value is not one of the choices"));
          return FALSE;
        }
    }
  if (constant != NULL && !_mcp_gtk_json_equal (constant, value))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The value is not the one expected"));
      return FALSE;
    }

  if (_mcp_gtk_node_is_number (value))
    return check_number (schema, value, error);
  if (node_holds (value, G_TYPE_STRING))
    return check_string (schema, value, error);
  if (JSON_NODE_HOLDS_ARRAY (value))
    return check_array (schema, value, depth, error);
  if (JSON_NODE_HOLDS_OBJECT (value))
    return check_object (schema, value, depth, error);

  return TRUE;
}

/* Checks @value against @schema; a message for the user in @error. */
gboolean
_mcp_gtk_schema_check (JsonObject  *schema,
                       JsonNode    *value,
                       GError     **error)
{
  g_return_val_if_fail (schema != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  return check_at (schema, value, 0, error);
}
