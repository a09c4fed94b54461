/* fuzz-headers.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for the HTTP headers of the 2026-07-28 revision that
 * carry a tool call's arguments (mcp-client-headers.c, mcp-request-info.c):
 * a tool's input schema, as a server describes it,
 * marks properties with `x-mcp-header`, and a call mirrors their values
 * into `Mcp-Param-<name>` headers, plain or as `=?base64?…?=`.
 *
 * The input is a JSON array, read as every message is
 * (_mcp_json_parse_message ()): a tool as tools/list describes it, and the
 * arguments of a call. Checks, besides crashes, leaks and hangs (and a
 * libsoup critical for a header it refuses):
 * - a tool either has valid annotations, with a header set only for an
 *   annotation (names are HTTP tokens, distinct ignoring case), or none,
 *   with a problem that is UTF-8;
 * - every header value is visible ASCII without spaces at its ends, and
 *   decodes (from base64 when so marked) to one of the scalar values of
 *   the arguments, in the way header_value () writes it;
 * - any string (here the input's strings and member names, as the name of
 *   the tool called, in Mcp-Name) encodes to a value that decodes back to
 *   it exactly, and is left plain when it can be.
 */

#include <string.h>

#include "fuzz-common.h"
#include "mcp-client-private.h"
#include "mcp-json-private.h"
#include "mcp-request-info-private.h"

#define META_PROTOCOL_VERSION "io.modelcontextprotocol/protocolVersion"
#define BASE64_PREFIX "=?base64?"
#define BASE64_SUFFIX "?="

static gboolean
is_visible (const char *value)
{
  gsize len = strlen (value);

  if (len > 0 && (value[0] == ' ' || value[len - 1] == ' '))
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if ((guchar) value[i] < 0x20 || (guchar) value[i] > 0x7e)
      return FALSE;
  return TRUE;
}

static gboolean
is_token (const char *name)
{
  if (*name == '\0')
    return FALSE;
  for (const char *c = name; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr ("!#$%&'*+-.^_`|~", *c) == NULL)
      return FALSE;
  return TRUE;
}

/* What a header value stands for; NULL if it is marked base64 but is not. */
static char *
decode (const char *value)
{
  gsize len = strlen (value);
  g_autofree char *inner = NULL;
  g_autofree guchar *bytes = NULL;
  gsize n;

  if (!g_str_has_prefix (value, BASE64_PREFIX) || !g_str_has_suffix (value, BASE64_SUFFIX) ||
      len < strlen (BASE64_PREFIX) + strlen (BASE64_SUFFIX))
    return g_strdup (value);

  inner = g_strndup (value + strlen (BASE64_PREFIX),
                     len - strlen (BASE64_PREFIX) - strlen (BASE64_SUFFIX));
  bytes = g_base64_decode (inner, &n);
  return g_strndup ((const char *) bytes, n);
}

/* A tools/call of the stateless revision, as the transport describes it. */
static McpRequestInfo *
request_info_new (const char *name,
                  JsonNode   *arguments)
{
  g_autoptr(JsonObject) message = json_object_new ();
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(JsonObject) meta = json_object_new ();
  g_autoptr(JsonNode) node = NULL;

  json_object_set_string_member (meta, META_PROTOCOL_VERSION, "2026-07-28");
  json_object_set_string_member (params, "name", name);
  if (arguments != NULL)
    json_object_set_member (params, "arguments", json_node_copy (arguments));
  json_object_set_object_member (params, "_meta", g_steal_pointer (&meta));
  json_object_set_string_member (message, "jsonrpc", "2.0");
  json_object_set_int_member (message, "id", 1);
  json_object_set_string_member (message, "method", "tools/call");
  json_object_set_object_member (message, "params", g_steal_pointer (&params));
  node = json_node_init_object (json_node_alloc (), message);

  return _mcp_request_info_new (node);
}

/* @string goes as the Mcp-Name header of a call of a tool so named. */
static void
check_encoding (const char *string)
{
  g_autoptr(McpRequestInfo) info = NULL;
  g_autoptr(GHashTable) headers = NULL;
  const char *encoded;
  g_autofree char *decoded = NULL;

  if (strlen (string) > 4096)
    return;

  info = request_info_new (string, NULL);
  if (info == NULL || !mcp_request_info_get_stateless (info))
    fuzz_fail ("no description of a stateless request");
  headers = mcp_request_info_get_http_headers (info);
  encoded = g_hash_table_lookup (headers, "Mcp-Name");
  if (encoded == NULL)
    fuzz_fail ("no Mcp-Name header for “%s”", string);
  if (!is_visible (encoded))
    fuzz_fail ("“%s” encodes to a value a header cannot hold: “%s”", string, encoded);
  decoded = decode (encoded);
  if (g_strcmp0 (decoded, string) != 0)
    fuzz_fail ("“%s” encodes to “%s”, which decodes to “%s”", string, encoded,
               decoded ? decoded : "(nothing)");
  if (is_visible (string) && !(g_str_has_prefix (string, BASE64_PREFIX) &&
                               g_str_has_suffix (string, BASE64_SUFFIX)) &&
      !g_str_equal (string, encoded))
    fuzz_fail ("the plain “%s” was encoded as “%s”", string, encoded);
}

/* The scalars anywhere in @node, written as header values are; and every
 * string checked through the encoder. */
static void
collect (JsonNode   *node,
         GHashTable *values)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        {
          check_encoding (name);
          collect (member, values);
        }
      return;
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        collect (json_array_get_element (array, i), values);
      return;
    }

  if (!JSON_NODE_HOLDS_VALUE (node))
    return;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      check_encoding (json_node_get_string (node));
      g_hash_table_add (values, g_strdup (json_node_get_string (node)));
      break;
    case G_TYPE_INT64:
      g_hash_table_add (values, g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node)));
      break;
    case G_TYPE_DOUBLE:
      {
        double number = json_node_get_double (node);
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];

        if (number >= -9007199254740991.0 && number <= 9007199254740991.0 &&
            (double) (gint64) number == number)
          g_hash_table_add (values, g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) number));
        else
          g_hash_table_add (values, g_strdup (g_ascii_dtostr (buffer, sizeof buffer, number)));
      }
      break;
    case G_TYPE_BOOLEAN:
      g_hash_table_add (values, g_strdup (json_node_get_boolean (node) ? "true" : "false"));
      break;
    default:
      break;
    }
}

/* The header names the schema declares, folded, anywhere in it. */
static void
collect_names (JsonNode   *node,
               GHashTable *names)
{
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        collect_names (json_array_get_element (array, i), names);
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        {
          if (g_str_equal (name, "x-mcp-header") && JSON_NODE_HOLDS_VALUE (member) &&
              json_node_get_value_type (member) == G_TYPE_STRING)
            g_hash_table_add (names, g_ascii_strdown (json_node_get_string (member), -1));
          collect_names (member, names);
        }
    }
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
  g_autoptr(GError) error = NULL;
  g_autoptr(McpTool) tool = NULL;
  g_autoptr(McpRequestInfo) info = NULL;
  g_autoptr(GHashTable) headers = NULL;
  g_autoptr(GHashTable) values = NULL;
  g_autoptr(GHashTable) names = NULL;
  g_autoptr(GHashTable) seen = NULL;
  g_autofree char *problem = NULL;
  JsonArray *array;
  JsonNode *arguments_node;
  GHashTableIter iter;
  const char *name, *value;
  gboolean usable;

  root = _mcp_json_parse_message ((const char *) data, size, &error);
  if (root == NULL || !JSON_NODE_HOLDS_ARRAY (root))
    return 0;
  array = json_node_get_array (root);
  if (json_array_get_length (array) < 1 ||
      !JSON_NODE_HOLDS_OBJECT (json_array_get_element (array, 0)))
    return 0;

  tool = mcp_tool_new_from_json (json_array_get_object_element (array, 0), &error);
  if (tool == NULL)
    return 0;

  arguments_node = json_array_get_length (array) > 1 ? json_array_get_element (array, 1) : NULL;

  values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (arguments_node != NULL)
    collect (arguments_node, values);
  if (mcp_tool_get_input_schema (tool) != NULL)
    {
      g_autoptr(JsonNode) schema = json_node_init_object (json_node_alloc (),
                                                         mcp_tool_get_input_schema (tool));

      collect_names (schema, names);
    }

  info = request_info_new (mcp_tool_get_name (tool), arguments_node);
  usable = _mcp_tool_set_request_params (tool, info, &problem);
  if (usable == (problem != NULL))
    fuzz_fail ("a tool %s usable, %s a problem", usable ? "is" : "is not", problem ? "with" : "without");
  if (!usable && !g_utf8_validate (problem, -1, NULL))
    fuzz_fail ("a problem that is not UTF-8");

  headers = mcp_request_info_get_http_headers (info);
  g_hash_table_iter_init (&iter, headers);
  while (g_hash_table_iter_next (&iter, (gpointer *) &name, (gpointer *) &value))
    {
      g_autofree char *decoded = NULL;
      g_autofree char *folded = NULL;

      if (!is_visible (value))
        fuzz_fail ("the header “%s” has a value it cannot hold: “%s”", name, value);
      if (!g_str_has_prefix (name, "Mcp-Param-"))
        continue;
      if (!usable)
        fuzz_fail ("a header for a tool that is not usable");
      if (!is_token (name + strlen ("Mcp-Param-")))
        fuzz_fail ("a header named “%s”", name);
      folded = g_ascii_strdown (name + strlen ("Mcp-Param-"), -1);
      if (!g_hash_table_contains (names, folded))
        fuzz_fail ("the header “%s” is not one the schema names", name);
      if (!g_hash_table_add (seen, g_steal_pointer (&folded)))
        fuzz_fail ("the header “%s” twice", name);
      decoded = decode (value);
      if (decoded == NULL || !g_hash_table_contains (values, decoded))
        fuzz_fail ("the header “%s: %s” stands for none of the arguments", name, value);
    }

  return 0;
}
