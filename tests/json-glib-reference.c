/* json-glib-reference.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The way the library parsed incoming messages before it had a JSON reader
 * of its own (mcp-glib/core/mcp-json-reader.c): a one-pass check of what
 * json-glib 1.6 must not see, then json-glib's JsonParser. The tests, the
 * fuzzer and the benchmark of the reader compare it with this.
 */

#include <string.h>

#include "mcp-json-private.h"

#include "json-glib-reference.h"

static gboolean
is_json_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The value of the four hex digits at @p, or -1. */
static int
hex4 (const char *p,
      const char *end)
{
  int value = 0;

  if (end - p < 4)
    return -1;

  for (int i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (p[i]);

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }

  return value;
}

/* Skips the rest of a string, from just after its opening quote: returns
 * where it ends (after its closing quote, or @end if it has none, for the
 * parser to report), or %NULL if it has an escape json-glib 1.6 mishandles:
 * a broken one makes its scanner leak the string, and a lone UTF-16
 * surrogate is decoded to bytes that are not UTF-8. */
static const char *
skip_string (const char *p,
             const char *end)
{
  /* Strings hold most of the bytes of a large message: jump from quote to
   * quote with memchr (), looking only at the backslashes in between. */
  const char *quote = memchr (p, '"', end - p);

  for (;;)
    {
      const char *stop = quote != NULL ? quote : end;
      const char *backslash = memchr (p, '\\', stop - p);
      int unit;

      if (backslash == NULL)
        return quote != NULL ? quote + 1 : end;

      p = backslash + 1;
      if (p == end)
        return NULL;

      if (*p == 'u')
        {
          if ((unit = hex4 (p + 1, end)) < 0 || (unit >= 0xDC00 && unit <= 0xDFFF))
            return NULL;
          p += 5;

          /* A high surrogate only comes with a low one. */
          if (unit >= 0xD800 && unit <= 0xDBFF)
            {
              if (end - p < 6 || p[0] != '\\' || p[1] != 'u' ||
                  (unit = hex4 (p + 2, end)) < 0xDC00 || unit > 0xDFFF)
                return NULL;
              p += 6;
            }
        }
      else if (memchr ("\"\\/bfnrt", *p, 8) != NULL)
        p++;
      else
        return NULL;

      /* An escaped quote does not end the string. */
      if (quote != NULL && quote < p)
        quote = memchr (p, '"', end - p);
    }
}

/* Checks in one pass what json-glib 1.6 must not see: the text must be one
 * object or array with only whitespace around it (json-glib goes on
 * parsing values after the first, returns the first and leaks the others),
 * nested at most @max_depth levels (its parser recurses once per level),
 * with valid escapes only (see skip_string ()). Anything else that is
 * wrong, the parser reports. */
gboolean
json_glib_reference_check_text (const char  *data,
                                gsize        len,
                                guint        max_depth,
                                GError     **error)
{
  const char *p = data;
  const char *end = data + len;
  guint depth = 0;

  while (p < end && is_json_space (*p))
    p++;
  if (p == end || (*p != '{' && *p != '['))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           ("The message is neither a JSON object nor an array"));
      return FALSE;
    }

  while (p < end)
    {
      char c = *p++;

      if (c == '"')
        {
          if ((p = skip_string (p, end)) == NULL)
            {
              g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                   ("The message has an invalid escape sequence"));
              return FALSE;
            }
        }
      else if (c == '{' || c == '[')
        {
          if (++depth > max_depth)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           ("The message is nested more than %u levels deep"), max_depth);
              return FALSE;
            }
        }
      else if ((c == '}' || c == ']') && --depth == 0)
        break;
    }

  /* An unterminated text is the parser's to report. */
  while (p < end)
    if (!is_json_space (*p++))
      {
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                             ("The message goes on after its end"));
        return FALSE;
      }

  return TRUE;
}

/* What _mcp_json_parse_message () did before _mcp_json_read (): the text
 * of a message into a JSON object or array, refusing invalid UTF-8,
 * nesting deep enough to threaten the stack, or any other JSON value. */
JsonNode *
json_glib_reference_parse (JsonParser  *parser,
                           const char  *data,
                           gsize        len,
                           GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) local_error = NULL;

  if (!json_glib_reference_check_text (data, len, MCP_JSON_MAX_DEPTH, error))
    return NULL;

  /* json-glib validates the UTF-8 itself; a second pass over every
   * message would only buy a clearer message for the rare bad one. */
  if (!json_parser_load_from_data (parser, data, len, &local_error))
    {
      if (!g_utf8_validate_len (data, len, NULL))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               ("The message is not valid UTF-8"));
          return NULL;
        }

      /* json-glib quotes the text it stumbled on, cut after a number of
       * bytes that may fall inside a character. */
      if (!g_utf8_validate (local_error->message, -1, NULL))
        {
          char *valid = g_utf8_make_valid (local_error->message, -1);

          g_free (local_error->message);
          local_error->message = valid;
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  root = json_parser_steal_root (parser);
  if (root == NULL || (!JSON_NODE_HOLDS_OBJECT (root) && !JSON_NODE_HOLDS_ARRAY (root)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           ("The message is neither a JSON object nor an array"));
      return NULL;
    }

  return g_steal_pointer (&root);
}


static const char *
compare_values (JsonNode *node,
                JsonNode *expected,
                gboolean *overflow)
{
  GType type = json_node_get_value_type (node);
  GType expected_type = json_node_get_value_type (expected);

  if (type == G_TYPE_DOUBLE && expected_type == G_TYPE_INT64 && overflow != NULL)
    {
      double value = json_node_get_double (node);

      /* The reader's deliberate difference: json-glib wraps an integer
       * beyond gint64 around, the reader rounds it to a double, whose
       * magnitude is then at least 2^63 (and a double that large is a
       * whole number, or infinite). */
      if (value >= 9223372036854775808.0 || value <= -9223372036854775808.0)
        {
          *overflow = TRUE;
          return NULL;
        }
    }

  if (type != expected_type)
    return "a value of another type";

  switch (type)
    {
    case G_TYPE_STRING:
      if (!g_utf8_validate (json_node_get_string (node), -1, NULL))
        return "a string that is not UTF-8";
      return strcmp (json_node_get_string (node), json_node_get_string (expected)) == 0
             ? NULL : "another string";

    case G_TYPE_INT64:
      return json_node_get_int (node) == json_node_get_int (expected) ? NULL : "another integer";

    case G_TYPE_DOUBLE:
      {
        double value = json_node_get_double (node);
        double expected_value = json_node_get_double (expected);

        /* Bit for bit: -0.0 is not 0.0. */
        return memcmp (&value, &expected_value, sizeof value) == 0 ? NULL : "another double";
      }

    case G_TYPE_BOOLEAN:
      return json_node_get_boolean (node) == json_node_get_boolean (expected)
             ? NULL : "another boolean";

    default:
      return "a value of an unknown type";
    }
}

static const char *
compare_trees (JsonNode *node,
               JsonNode *expected,
               JsonNode *parent,
               gboolean *overflow)
{
  const char *difference;

  if (JSON_NODE_TYPE (node) != JSON_NODE_TYPE (expected))
    return "a node of another type";
  if (json_node_get_parent (node) != parent)
    return "a node with the wrong parent";

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        JsonObject *expected_object = json_node_get_object (expected);
        g_autoptr(GList) names = json_object_get_members (object);
        g_autoptr(GList) expected_names = json_object_get_members (expected_object);
        GList *l, *e;

        if (json_object_get_size (object) != json_object_get_size (expected_object))
          return "an object with another number of members";
        for (l = names, e = expected_names; l != NULL && e != NULL; l = l->next, e = e->next)
          {
            if (strcmp (l->data, e->data) != 0)
              return "members in another order, or with other names";
            if ((difference = compare_trees (json_object_get_member (object, l->data),
                                             json_object_get_member (expected_object, l->data),
                                             node, overflow)))
              return difference;
          }
        return NULL;
      }

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        JsonArray *expected_array = json_node_get_array (expected);
        guint length = json_array_get_length (array);

        if (length != json_array_get_length (expected_array))
          return "an array of another length";
        for (guint i = 0; i < length; i++)
          if ((difference = compare_trees (json_array_get_element (array, i),
                                           json_array_get_element (expected_array, i),
                                           node, overflow)))
            return difference;
        return NULL;
      }

    case JSON_NODE_VALUE:
      return compare_values (node, expected, overflow);

    case JSON_NODE_NULL:
      return NULL;

    default:
      return "a node of an unknown type";
    }
}

/* Compares a tree with the one json-glib built from the same text, more
 * strictly than json_node_equal (), which takes the integer 1 and the
 * double 1.0 for equal and compares objects without their order: node
 * and value types, values (doubles bit for bit), member names in order,
 * parents; strings must be UTF-8. Returns %NULL if they are the same, or
 * what differs. With @overflow, an integer beyond gint64 (a double in
 * @node, wrapped around by json-glib) counts as the same, and sets it. */
const char *
json_glib_reference_compare (JsonNode *node,
                             JsonNode *expected,
                             gboolean *overflow)
{
  return compare_trees (node, expected, NULL, overflow);
}

/* What the engine's way with a tree (handle_progress () in mcp-rpc.c)
 * finds in @message, a whole message: %TRUE for a notifications/progress
 * notification (no id) whose params hold an integer progressToken and a
 * numeric progress, with those, the total (-1 if absent or not a number)
 * and the message (%NULL if absent or not a string). _mcp_json_read_progress ()
 * must find the same in what it accepts. */
gboolean
json_glib_reference_read_progress (JsonNode    *message,
                                   gint64      *token,
                                   double      *progress,
                                   double      *total,
                                   const char **text)
{
  JsonObject *object;
  JsonObject *params;
  JsonNode *node;

  if (!JSON_NODE_HOLDS_OBJECT (message))
    return FALSE;
  object = json_node_get_object (message);
  if (json_object_get_member (object, "id") != NULL ||
      g_strcmp0 (_mcp_json_object_get_string (object, "method"), "notifications/progress") != 0 ||
      (params = _mcp_json_object_get_object (object, "params")) == NULL ||
      !_mcp_json_node_is_integer (json_object_get_member (params, "progressToken"), token))
    return FALSE;

  node = json_object_get_member (params, "progress");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      (json_node_get_value_type (node) != G_TYPE_INT64 &&
       json_node_get_value_type (node) != G_TYPE_DOUBLE))
    return FALSE;
  *progress = json_node_get_double (node);

  node = json_object_get_member (params, "total");
  *total = node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
           (json_node_get_value_type (node) == G_TYPE_INT64 ||
            json_node_get_value_type (node) == G_TYPE_DOUBLE)
           ? json_node_get_double (node) : -1;
  *text = _mcp_json_object_get_string (params, "message");

  return TRUE;
}

/* Checks what _mcp_json_read_progress () found in a message against
 * what the engine finds in @tree, the reader's tree of the same message:
 * %NULL if they agree, or what differs. */
const char *
json_glib_reference_check_progress (const McpJsonProgress *progress,
                                    JsonNode              *tree)
{
  gint64 token;
  double value;
  double total;
  double fast_total = progress->has_total ? progress->total : -1;
  const char *text;

  if (tree == NULL)
    return "the progress reader took what the reader refuses";
  if (!json_glib_reference_read_progress (tree, &token, &value, &total, &text))
    return "the progress reader took what is not a progress notification";
  if (token != progress->token)
    return "another token";
  if (memcmp (&value, &progress->progress, sizeof value) != 0)
    return "another progress";
  if (memcmp (&total, &fast_total, sizeof total) != 0)
    return "another total";
  if (g_strcmp0 (text, progress->message) != 0)
    return "another message";

  return NULL;
}

/* Compares what _mcp_json_read_envelope () read with @tree, the reader's
 * tree of the same message: %NULL if they hold the same (the members the
 * engine looks at, or the whole batch), or what differs. */
const char *
json_glib_reference_compare_envelope (const McpJsonEnvelope *env,
                                      JsonNode              *tree)
{
  static const char *names[] = { "id", "method", "params", "result", "error" };
  JsonNode *members[] = { env->id, env->method, env->params, env->result, env->error };
  gboolean overflow = FALSE;
  JsonObject *object;

  if (JSON_NODE_HOLDS_ARRAY (tree))
    {
      for (guint i = 0; i < G_N_ELEMENTS (members); i++)
        if (members[i] != NULL)
          return "a member of a batch";
      if (env->batch == NULL)
        return "no batch";
      return json_glib_reference_compare (env->batch, tree, &overflow);
    }

  if (env->batch != NULL)
    return "a batch of an object";

  object = json_node_get_object (tree);
  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    {
      JsonNode *expected = json_object_get_member (object, names[i]);
      const char *difference;

      if ((expected == NULL) != (members[i] == NULL))
        return "a member missing, or one too many";
      if (expected != NULL &&
          (difference = json_glib_reference_compare (members[i], expected, &overflow)) != NULL)
        return difference;
    }

  return NULL;
}
