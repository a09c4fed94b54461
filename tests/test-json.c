/* test-json.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Tests of _mcp_json_read (), the JSON parser for incoming messages: the
 * trees it builds are compared with json-glib's (node and value types,
 * values, member order, parents), and every kind of invalid input must
 * give its error, never a crash, a leak or a read past the end. Inputs are
 * copied to buffers of exactly their length, without a NUL after them, so
 * that ASan and valgrind see any read past the end. The test links the
 * library's JSON objects, so that it reaches private functions.
 */

#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include "mcp-json-private.h"
#include "mcp-json-reader-private.h"

#include "json-glib-reference.h"

/* Inputs nested this deep, to test the limit cheaply. */
#define SMALL_DEPTH 4

/* The input at exactly its length, with no NUL after it. */
static char *
copy_exact (const char *text,
            gsize       len)
{
  char *copy = g_malloc (MAX (len, 1));

  memcpy (copy, text, len);
  return copy;
}

static JsonNode *
read_len (const char  *text,
          gsize        len,
          guint        max_depth,
          GError     **error)
{
  g_autofree char *copy = copy_exact (text, len);

  return _mcp_json_read (copy, len, max_depth, error);
}

static JsonNode *
json_glib_read (const char *text,
                gsize       len)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  if (!json_parser_load_from_data (parser, text, len, NULL))
    return NULL;

  return json_parser_steal_root (parser);
}

/* The same tree as json-glib's: see json_glib_reference_compare (). */
static void
assert_same_tree (JsonNode *node,
                  JsonNode *expected)
{
  g_assert_cmpstr (json_glib_reference_compare (node, expected, NULL), ==, NULL);
}

/* Reads @text as an envelope (_mcp_json_read_envelope ()): the members of
 * @tree, the reader's tree of it (or @message, the reader's error). */
static void
assert_envelope (const char *text,
                 gsize       len,
                 guint       max_depth,
                 JsonNode   *tree,
                 const char *message)
{
  g_autofree char *copy = copy_exact (text, len);
  g_autoptr(GError) error = NULL;
  McpJsonEnvelope env;

  if (_mcp_json_read_envelope (copy, len, max_depth, &env, &error))
    {
      g_assert_no_error (error);
      g_assert_nonnull (tree);
      g_assert_cmpstr (json_glib_reference_compare_envelope (&env, tree), ==, NULL);
      _mcp_json_envelope_clear (&env);
      return;
    }

  g_assert_null (tree);
  g_assert_nonnull (error);
  g_assert_null (env.batch);
  g_assert_null (env.id);
  g_assert_null (env.params);
  g_assert_cmpstr (error->message, ==, message);
}

/* Parses @text both ways and compares the trees. */
static void
assert_valid_len (const char *text,
                  gsize       len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = read_len (text, len, MCP_JSON_MAX_DEPTH, &error);
  g_autoptr(JsonNode) expected = json_glib_read (text, len);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  g_assert_nonnull (expected);
  g_assert_true (json_node_equal (node, expected));
  assert_same_tree (node, expected);
  assert_envelope (text, len, MCP_JSON_MAX_DEPTH, node, NULL);
}

static void
assert_valid (const char *text)
{
  assert_valid_len (text, strlen (text));
}

static void
assert_invalid_len (const char *text,
                    gsize       len,
                    guint       max_depth,
                    const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = read_len (text, len, max_depth, &error);

  g_assert_null (node);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);
  assert_envelope (text, len, max_depth, NULL, error->message);
}

static void
assert_invalid (const char *text,
                const char *message)
{
  assert_invalid_len (text, strlen (text), MCP_JSON_MAX_DEPTH, message);
}

static JsonNode *
read_or_fail (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = read_len (text, strlen (text), MCP_JSON_MAX_DEPTH, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  return node;
}

/* The one value of a one-element array. */
static JsonNode *
only_element (JsonNode *node)
{
  g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  g_assert_cmpuint (json_array_get_length (json_node_get_array (node)), ==, 1);
  return json_array_get_element (json_node_get_array (node), 0);
}

#define NOT_OBJECT      "The message is neither a JSON object nor an array"
#define AFTER_END       "The message goes on after its end"
#define INVALID_ESCAPE  "The message has an invalid escape sequence"
#define INVALID_UTF8    "The message is not valid UTF-8"

static void
test_valid (void)
{
  static const char *const texts[] = {
    "{}",
    "[]",
    "{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":{\"content\":[{\"type\":\"text\","
    "\"text\":\"0123456789012345678901234567890123456789012345678901234567890123\"}]}}",
    "[[],{},[[]],{\"a\":{}},[{}]]",
    "{\"a\":[1,2,{\"b\":null}],\"c\":{\"d\":[true,false]},\"e\":\"f\"}",
    "[\"\", \"a\", \"abcdefgh\", \"abcdefghi\", \"0123456789abcdef0123456789abcdef\"]",
    "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]",
    "[\"a\\\"b\", \"\\\\\", \"x\\/y\", \"\\u0041\\u00e9\\u4e2d\\uFFFF\\uffFe\"]",
    "[\"\\ud83d\\ude00\", \"\\uD83D\\uDE00x\", \"a\\udbff\\udfffb\", \"\\ud800\\udc00\"]",
    "[\"\\u0001\\u001f\\u007f\\u0080\\u07ff\\u0800\"]",
    "[\"é\", \"中文\", \"😀\", \"\x7f\", \"a\xc2\x80z\", \"\xef\xbf\xbf\", \"\xf4\x8f\xbf\xbf\"]",
    "{\"é\":1, \"😀\":\"ü\", \"\":0}",
    "[0, -0, 1, -1, 10, 123456789, -987654321, 9007199254740993]",
    "[9223372036854775807, -9223372036854775808, 999999999999999999, 1000000000000000000]",
    "[0.0, -0.0, 0.5, -1.5, 1e2, 1E2, 1e+2, 1e-2, 1E-2, 2.5e10, -2.5E-10, 0e0, -0e0, 0e-0]",
    "[1.7976931348623157e308, 4.9e-324, 2.2250738585072014e-308, 1e-320, 0.1, 3.14159]",
    "[1e400, -1e400, 1e-400, -1e-400, 1e999999999999999999999]",
    "[123456789012345678901234567890e-10, 0.000000000000000000000000000000000000000000001e50]",
    "[true, false, null, [true], {\"t\":true,\"f\":false,\"n\":null}]",
    " \t\r\n{ \t\r\n\"a\" \t\r\n: \t\r\n[ \t\r\n1 \t\r\n, \t\r\n2 \t\r\n] \t\r\n} \t\r\n",
    "[1,2]\n",
    "[1,2]\r\n",
    "{\"a\":1,\"b\":2,\"a\":3}",
    "{\"a\":1,\"b\":2,\"c\":4,\"a\":{\"x\":1},\"b\":5}",
    "{\"a\":[1],\"a\":null,\"a\":{\"b\":1,\"b\":[2]},\"c\":\"x\",\"a\":\"s\"}",
    "[{\"a\":1,\"a\":2},{\"a\":[{\"b\":1,\"b\":{\"c\":1,\"c\":2}}],\"a\":3,\"z\":0}]",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_test_message ("%s", texts[i]);
      assert_valid (texts[i]);
    }
}

static void
test_numbers (void)
{
  g_autoptr(JsonNode) zero = read_or_fail ("[-0]");
  g_autoptr(JsonNode) double_zero = read_or_fail ("[-0.0]");
  g_autoptr(JsonNode) max = read_or_fail ("[9223372036854775807]");
  g_autoptr(JsonNode) min = read_or_fail ("[-9223372036854775808]");
  g_autoptr(JsonNode) above = read_or_fail ("[9223372036854775808]");
  g_autoptr(JsonNode) below = read_or_fail ("[-9223372036854775809]");
  g_autoptr(JsonNode) huge = read_or_fail ("[18446744073709551616]");
  g_autoptr(JsonNode) infinite = read_or_fail ("[1e400]");
  JsonNode *value;

  /* "-0" is an integer, and integers have no sign of zero (json-glib
   * agrees). */
  value = only_element (zero);
  g_assert_true (json_node_get_value_type (value) == G_TYPE_INT64);
  g_assert_cmpint (json_node_get_int (value), ==, 0);

  value = only_element (double_zero);
  g_assert_true (json_node_get_value_type (value) == G_TYPE_DOUBLE);
  g_assert_true (json_node_get_double (value) == 0.0 && signbit (json_node_get_double (value)));

  value = only_element (max);
  g_assert_true (json_node_get_value_type (value) == G_TYPE_INT64);
  g_assert_cmpint (json_node_get_int (value), ==, G_MAXINT64);

  value = only_element (min);
  g_assert_true (json_node_get_value_type (value) == G_TYPE_INT64);
  g_assert_cmpint (json_node_get_int (value), ==, G_MININT64);

  /* Beyond gint64: the nearest double, where json-glib 1.6 wraps around
   * (G_MININT64, G_MAXINT64) or gives -1. */
  value = only_element (above);
  g_assert_true (json_node_get_value_type (value) == G_TYPE_DOUBLE);
  g_assert_cmpfloat (json_node_get_double (value), ==, 9223372036854775808.0);

  value = only_element (below);
  g_assert_true (json_node_get_value_type (value) == G_TYPE_DOUBLE);
  g_assert_cmpfloat (json_node_get_double (value), ==, -9223372036854775808.0);

  value = only_element (huge);
  g_assert_true (json_node_get_value_type (value) == G_TYPE_DOUBLE);
  g_assert_cmpfloat (json_node_get_double (value), ==, 18446744073709551616.0);

  value = only_element (infinite);
  g_assert_true (json_node_get_value_type (value) == G_TYPE_DOUBLE);
  g_assert_true (isinf (json_node_get_double (value)));
}

static void
test_duplicates (void)
{
  g_autoptr(JsonNode) node = read_or_fail ("{\"a\":1,\"b\":[2],\"a\":{\"c\":3},\"d\":4,\"b\":5}");
  JsonObject *object = json_node_get_object (node);
  g_autoptr(GList) names = json_object_get_members (object);

  /* The last value, at the position of the first. */
  g_assert_cmpuint (g_list_length (names), ==, 3);
  g_assert_cmpstr (g_list_nth_data (names, 0), ==, "a");
  g_assert_cmpstr (g_list_nth_data (names, 1), ==, "b");
  g_assert_cmpstr (g_list_nth_data (names, 2), ==, "d");
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "a")));
  g_assert_cmpint (json_object_get_int_member (object, "b"), ==, 5);
  g_assert_true (json_node_get_parent (json_object_get_member (object, "a")) == node);

  /* Every change of type of a repeated member: under valgrind, this shows
   * a node refilled with json_node_init (), which json-glib 1.6 leaves
   * pointing to the value it frees. */
  assert_valid ("{\"a\":1,\"b\":2,\"a\":{\"c\":[1]},\"a\":null,\"a\":\"s\",\"b\":[2],"
                "\"a\":true,\"a\":[],\"a\":2.5,\"b\":{}}");
}

/* Many duplicates of names late in an object must not cost a linear
 * search each, as json_object_set_member () does. */
static void
test_duplicates_linear (void)
{
  g_autoptr(GString) text = g_string_new ("{");
  g_autoptr(JsonNode) node = NULL;
  guint n = 20000;
  gint64 start;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "\"k%u\":%u,", i, i);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "\"k%u\":%u,", n - 1 - i % 100, i);
  text->str[text->len - 1] = '}';

  start = g_get_monotonic_time ();
  node = read_or_fail (text->str);
  g_test_message ("%u duplicates: %" G_GINT64_FORMAT " ms", n,
                  (g_get_monotonic_time () - start) / 1000);
  g_assert_cmpuint (json_object_get_size (json_node_get_object (node)), ==, n);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (node), "k19999"), ==,
                   n - 100);
}

/* json-glib 1.6 cuts a string at "\u0000" (its strings are NUL-terminated):
 * the application would see less than the peer sent. It is refused. */
static void
test_nul_escape (void)
{
  assert_invalid ("[\"\\u0000\"]", INVALID_ESCAPE);
  assert_invalid ("[\"a\\u0000b\"]", INVALID_ESCAPE);
  assert_invalid ("{\"a\\u0000\":1}", INVALID_ESCAPE);
  assert_valid ("[\"\\u0001\"]");
}

static void
test_invalid (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "", NOT_OBJECT },
    { " \t\r\n", NOT_OBJECT },
    { "1", NOT_OBJECT },
    { "\"a\"", NOT_OBJECT },
    { "null", NOT_OBJECT },
    { "\xef\xbb\xbf{}", NOT_OBJECT },
    { "\f{}", NOT_OBJECT },
    { "[1] x", AFTER_END },
    { "[1][2]", AFTER_END },
    { "{}{}", AFTER_END },
    { "{} {\"a\":1}", AFTER_END },
    { "[1]\f", AFTER_END },
    { "[1],", AFTER_END },
    { "[", "Invalid JSON at byte 1: unexpected end of the message" },
    { "[1", "Invalid JSON at byte 2: unexpected end of the message" },
    { "[1,", "Invalid JSON at byte 3: unexpected end of the message" },
    { "{", "Invalid JSON at byte 1: unexpected end of the message" },
    { "{\"a\"", "Invalid JSON at byte 4: unexpected end of the message" },
    { "{\"a\":", "Invalid JSON at byte 5: unexpected end of the message" },
    { "{\"a\":1,", "Invalid JSON at byte 7: unexpected end of the message" },
    { "[\"abc", "Invalid JSON at byte 5: unexpected end of the message" },
    { "[tr", "Invalid JSON at byte 3: unexpected end of the message" },
    { "[-", "Invalid JSON at byte 2: unexpected end of the message" },
    { "[1.", "Invalid JSON at byte 3: unexpected end of the message" },
    { "[1e", "Invalid JSON at byte 3: unexpected end of the message" },
    { "[1e-", "Invalid JSON at byte 4: unexpected end of the message" },
    { "[1,]", "Invalid JSON at byte 3: expected a value" },
    { "[,1]", "Invalid JSON at byte 1: expected a value" },
    { "[1,,2]", "Invalid JSON at byte 3: expected a value" },
    { "[1 2]", "Invalid JSON at byte 3: expected ‘,’ or ‘]’" },
    { "[1:2]", "Invalid JSON at byte 2: expected ‘,’ or ‘]’" },
    { "[1}", "Invalid JSON at byte 2: expected ‘,’ or ‘]’" },
    { "{\"a\":1]", "Invalid JSON at byte 6: expected ‘,’ or ‘}’" },
    { "{\"a\":1 \"b\":2}", "Invalid JSON at byte 7: expected ‘,’ or ‘}’" },
    { "{\"a\":1,}", "Invalid JSON at byte 7: expected a member name" },
    { "{\"a\":1,2:3}", "Invalid JSON at byte 7: expected a member name" },
    { "{,\"a\":1}", "Invalid JSON at byte 1: expected a member name or ‘}’" },
    { "{a:1}", "Invalid JSON at byte 1: expected a member name or ‘}’" },
    { "{]", "Invalid JSON at byte 1: expected a member name or ‘}’" },
    { "{\"a\" 1}", "Invalid JSON at byte 5: expected ‘:’" },
    { "{\"a\",1}", "Invalid JSON at byte 4: expected ‘:’" },
    { "{\"a\"}", "Invalid JSON at byte 4: expected ‘:’" },
    { "{\"a\":}", "Invalid JSON at byte 5: expected a value" },
    { "[tru]", "Invalid JSON at byte 1: expected a value" },
    { "[True]", "Invalid JSON at byte 1: expected a value" },
    { "[nul]", "Invalid JSON at byte 1: expected a value" },
    { "[nulls]", "Invalid JSON at byte 5: expected ‘,’ or ‘]’" },
    { "[NaN]", "Invalid JSON at byte 1: expected a value" },
    { "[Infinity]", "Invalid JSON at byte 1: expected a value" },
    { "[-Infinity]", "Invalid JSON at byte 1: invalid number" },
    { "[+1]", "Invalid JSON at byte 1: expected a value" },
    { "[1e]", "Invalid JSON at byte 1: invalid number" },
    { "[1e+]", "Invalid JSON at byte 1: invalid number" },
    { "[1.5.5]", "Invalid JSON at byte 1: invalid number" },
    { "[1e5e5]", "Invalid JSON at byte 1: invalid number" },
    { "[1-2]", "Invalid JSON at byte 1: invalid number" },
    { "[2x]", "Invalid JSON at byte 1: invalid number" },
    { "[--1]", "Invalid JSON at byte 1: invalid number" },
    { "[\"\\x\"]", INVALID_ESCAPE },
    { "[\"\\'\"]", INVALID_ESCAPE },
    { "[\"\\U0041\"]", INVALID_ESCAPE },
    { "[\"\\u12\"]", INVALID_ESCAPE },
    { "[\"\\u12g4\"]", INVALID_ESCAPE },
    { "[\"\\", INVALID_ESCAPE },
    { "[\"\\u12", INVALID_ESCAPE },
    { "[\"\\ud800\"]", INVALID_ESCAPE },
    { "[\"\\ud800x\"]", INVALID_ESCAPE },
    { "[\"\\udc00\"]", INVALID_ESCAPE },
    { "[\"\\udc00\\ud800\"]", INVALID_ESCAPE },
    { "[\"\\ud800\\ud800\"]", INVALID_ESCAPE },
    { "[\"\\ud800\\u0041\"]", INVALID_ESCAPE },
    { "[\"\\ud800\\n\"]", INVALID_ESCAPE },
    { "[\"\\ud800\\", INVALID_ESCAPE },
    { "[\"\\ud800\\udc0", INVALID_ESCAPE },
    { "[\"\xff\"]", INVALID_UTF8 },
    { "[\"\xc3\"]", INVALID_UTF8 },
    { "[\"\xc3", INVALID_UTF8 },
    { "[\"a\xc3\x28\"]", INVALID_UTF8 },
    { "[\"\xc0\xaf\"]", INVALID_UTF8 },
    { "[\"\xe0\x80\xaf\"]", INVALID_UTF8 },
    { "[\"\xed\xa0\x80\"]", INVALID_UTF8 },
    { "[\"\xf4\x90\x80\x80\"]", INVALID_UTF8 },
    { "[\"\xf8\x88\x80\x80\x80\"]", INVALID_UTF8 },
    { "[\"\x80\"]", INVALID_UTF8 },
    { "[\"0123456789\xff\"]", INVALID_UTF8 },
    { "{\"\xff\":1}", INVALID_UTF8 },
    { "[\xff]", INVALID_UTF8 },
    { "[1,\xc3]", INVALID_UTF8 },
    { "{\"a\":1\xe2\x82}", INVALID_UTF8 },
    { "[é]", "Invalid JSON at byte 1: expected a value" },
    { "[1 é]", "Invalid JSON at byte 3: expected ‘,’ or ‘]’" },
    { "[\"a\tb\"]", "Invalid JSON at byte 3: unescaped control character in a string" },
    { "[\"a\nb\"]", "Invalid JSON at byte 3: unescaped control character in a string" },
    { "{\"a\x1f\":1}", "Invalid JSON at byte 3: unescaped control character in a string" },
    { "[1,\f2]", "Invalid JSON at byte 3: expected a value" },
    { "[1,\v2]", "Invalid JSON at byte 3: expected a value" },
    { "[1\xc2\xa0]", "Invalid JSON at byte 2: expected ‘,’ or ‘]’" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%u: %s", i, cases[i].message);
      assert_invalid (cases[i].text, cases[i].message);
    }

  /* The input is not a C string: a NUL is a byte like any other. */
  assert_invalid_len ("[\"a\0\"]", 6, MCP_JSON_MAX_DEPTH,
                      "Invalid JSON at byte 3: unescaped control character in a string");
  assert_invalid_len ("[1\0]", 4, MCP_JSON_MAX_DEPTH,
                      "Invalid JSON at byte 2: expected ‘,’ or ‘]’");
  assert_invalid_len ("[1]\0", 4, MCP_JSON_MAX_DEPTH, AFTER_END);
  assert_invalid_len ("\0[1]", 4, MCP_JSON_MAX_DEPTH, NOT_OBJECT);
  assert_invalid_len ("[1]", 2, MCP_JSON_MAX_DEPTH,
                      "Invalid JSON at byte 2: unexpected end of the message");
}

/* What json-glib 1.6 accepts beyond RFC 8259 (and a JSON peer never
 * sends): each is refused. */
static void
test_json_glib_leniency (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "[1 /* comment */]", "Invalid JSON at byte 3: expected ‘,’ or ‘]’" },
    { "[1/**/,2]", "Invalid JSON at byte 2: expected ‘,’ or ‘]’" },
    { "['a']", "Invalid JSON at byte 1: expected a value" },
    { "{'a':1}", "Invalid JSON at byte 1: expected a member name or ‘}’" },
    { "[0x10]", "Invalid JSON at byte 1: invalid number" },
    { "[-0x10]", "Invalid JSON at byte 1: invalid number" },
    { "[$10]", "Invalid JSON at byte 1: expected a value" },
    { "[0b101]", "Invalid JSON at byte 1: invalid number" },
    { "[010]", "Invalid JSON at byte 1: invalid number" },
    { "[00]", "Invalid JSON at byte 1: invalid number" },
    { "[-01]", "Invalid JSON at byte 1: invalid number" },
    { "[1.]", "Invalid JSON at byte 1: invalid number" },
    { "[0.]", "Invalid JSON at byte 1: invalid number" },
    { "[.5]", "Invalid JSON at byte 1: expected a value" },
    { "[- 1]", "Invalid JSON at byte 1: invalid number" },
    { "[-/**/1]", "Invalid JSON at byte 1: invalid number" },
    { "[\"a\x01z\"]", "Invalid JSON at byte 3: unescaped control character in a string" },
    { "[\"a\tz\"]", "Invalid JSON at byte 3: unescaped control character in a string" },
    { "[\"\\u0000\"]", INVALID_ESCAPE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonNode) lenient = json_glib_read (cases[i].text, strlen (cases[i].text));

      g_test_message ("%s: json-glib %s it", cases[i].text, lenient ? "accepts" : "refuses");
      assert_invalid (cases[i].text, cases[i].message);
    }
}

/* Where the previous path (json-glib-reference.c) and the reader refuse the
 * same input for the same reason, they say the same. */
static void
assert_same_message (JsonParser *parser,
                     const char *text,
                     gsize       len)
{
  g_autofree char *copy = copy_exact (text, len);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) expected = NULL;
  g_autoptr(JsonNode) node = _mcp_json_read (copy, len, MCP_JSON_MAX_DEPTH, &error);
  g_autoptr(JsonNode) old = json_glib_reference_parse (parser, copy, len, &expected);

  g_assert_null (node);
  g_assert_null (old);
  g_assert_nonnull (expected);
  g_assert_error (error, expected->domain, expected->code);
  g_assert_cmpstr (error->message, ==, expected->message);
}

static void
test_same_messages (void)
{
  static const char *const texts[] = {
    "",
    "  ",
    "42",
    "\"text\"",
    "true",
    "[1] 2",
    "{}x",
    "[\"\\x\"]",
    "[\"\\ud800\"]",
    "[\"\\udc00\\ud800\"]",
    "{\"a\":\"\\u12\"}",
    "[\"\xff\"]",
    "{\"\xc3\":1}",
    "[\"a\xed\xa0\x80\"]",
  };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GString) deep = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    assert_same_message (parser, texts[i], strlen (texts[i]));

  for (guint i = 0; i <= MCP_JSON_MAX_DEPTH; i++)
    g_string_append (deep, "[");
  assert_same_message (parser, deep->str, deep->len);
  g_string_append (deep, "\"\\x\"");
  assert_same_message (parser, deep->str, deep->len);
}

static GString *
nested (guint depth)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < depth; i++)
    g_string_append (text, i % 2 ? "{\"a\":" : "[");
  g_string_append (text, "1");
  for (guint i = depth; i > 0; i--)
    g_string_append (text, (i - 1) % 2 ? "}" : "]");

  return text;
}

static void
test_depth (void)
{
  g_autoptr(GString) max = nested (MCP_JSON_MAX_DEPTH);
  g_autoptr(GString) over = nested (MCP_JSON_MAX_DEPTH + 1);
  g_autoptr(GString) small = nested (SMALL_DEPTH);
  g_autoptr(GString) small_over = nested (SMALL_DEPTH + 1);
  g_autofree char *message = g_strdup_printf ("The message is nested more than %u levels deep",
                                              MCP_JSON_MAX_DEPTH);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  assert_valid_len (max->str, max->len);
  assert_invalid_len (over->str, over->len, MCP_JSON_MAX_DEPTH, message);

  node = read_len (small->str, small->len, SMALL_DEPTH, &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);
  assert_invalid_len (small_over->str, small_over->len, SMALL_DEPTH,
                      "The message is nested more than 4 levels deep");
  assert_invalid_len ("[]", 2, 0, "The message is nested more than 0 levels deep");

  /* Siblings do not add up: only open containers count. */
  assert_valid ("[[[]],[[]],{\"a\":[[]]},[[[]]]]");
  g_clear_pointer (&node, json_node_unref);
  node = read_len ("[[],[],{}]", 10, 2, &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);
}

/* Refused at the 513th level, without reading (or recursing into) the
 * rest. */
static void
test_depth_100000 (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *message = g_strdup_printf ("The message is nested more than %u levels deep",
                                              MCP_JSON_MAX_DEPTH);
  gint64 start;

  for (guint i = 0; i < 50000; i++)
    g_string_append (text, "{\"a\":[");

  start = g_get_monotonic_time ();
  assert_invalid_len (text->str, text->len, MCP_JSON_MAX_DEPTH, message);
  g_test_message ("100,000 levels: %" G_GINT64_FORMAT " us", g_get_monotonic_time () - start);
}

/* Every proper prefix of a valid text is refused, and so is every text
 * with one byte changed into something that breaks it. */
static void
test_truncated (void)
{
  static const char *const texts[] = {
    "{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":{\"content\":[{\"type\":\"text\","
    "\"text\":\"h\\u00e9llo \\ud83d\\ude00 \\\"w\\\\o\\/rld\\\" \\b\\f\\n\\r\\t é 😀\"}]}}",
    "[-0.5e+10, 1E-2, 0, -9223372036854775808, true, false, null, \"\", [], {}, [{}]]",
    " { \"a\" : [ 1 , { \"b\" : null } ] , \"c\" : \"d\" } ",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      gsize len = strlen (texts[i]);

      assert_valid (texts[i]);

      /* The last byte of the third one is a space. */
      for (gsize cut = 0; cut < len; cut++)
        if (!_mcp_json_text_is_blank (texts[i] + cut, len - cut))
          assert_invalid_len (texts[i], cut, MCP_JSON_MAX_DEPTH, NULL);
    }
}

/* Every control character, in a string and outside. */
static void
test_control_characters (void)
{
  for (guint c = 0; c < 0x20; c++)
    {
      char in_string[] = { '[', '"', 'a', (char) c, '"', ']' };
      char outside[] = { '[', '1', ',', (char) c, '2', ']' };
      gboolean space = c == '\t' || c == '\n' || c == '\r';

      assert_invalid_len (in_string, sizeof in_string, MCP_JSON_MAX_DEPTH,
                          "Invalid JSON at byte 3: unescaped control character in a string");
      if (space)
        assert_valid_len (outside, sizeof outside);
      else
        assert_invalid_len (outside, sizeof outside, MCP_JSON_MAX_DEPTH,
                            "Invalid JSON at byte 3: expected a value");
    }

  /* DEL is no control character for JSON. */
  assert_valid ("[\"\x7f\"]");
}

/* Strings are scanned eight bytes at a time: put every kind of special
 * byte at every position relative to those words, in strings of every
 * length around them. */
static void
test_string_boundaries (void)
{
  static const struct
  {
    const char *insert;
    const char *decoded;
  } specials[] = {
    { "\\\"", "\"" },
    { "\\\\", "\\" },
    { "\\n", "\n" },
    { "\\u00e9", "é" },
    { "\\ud83d\\ude00", "😀" },
    { "é", "é" },
    { "😀", "😀" },
    { "\x7f", "\x7f" },
    { "~", "~" },
  };

  for (guint prefix = 0; prefix < 20; prefix++)
    for (guint suffix = 0; suffix < 20; suffix++)
      for (guint s = 0; s < G_N_ELEMENTS (specials); s++)
        {
          g_autoptr(GString) text = g_string_new ("[\"");
          g_autoptr(GString) expected = g_string_new (NULL);
          g_autoptr(JsonNode) node = NULL;
          g_autoptr(GString) bad = NULL;

          for (guint i = 0; i < prefix; i++)
            g_string_append_c (text, 'a' + i % 26);
          g_string_append (expected, text->str + 2);
          g_string_append (text, specials[s].insert);
          g_string_append (expected, specials[s].decoded);
          for (guint i = 0; i < suffix; i++)
            {
              g_string_append_c (text, 'A' + i % 26);
              g_string_append_c (expected, 'A' + i % 26);
            }
          g_string_append (text, "\"]");

          node = read_or_fail (text->str);
          g_assert_cmpstr (json_node_get_string (only_element (node)), ==, expected->str);

          /* The same with an invalid byte, or a control character, in
           * place of the special one. */
          bad = g_string_new (text->str);
          bad->str[2 + prefix] = '\xff';
          assert_invalid_len (bad->str, bad->len, MCP_JSON_MAX_DEPTH, INVALID_UTF8);
          bad->str[2 + prefix] = '\x01';
          assert_invalid_len (bad->str, bad->len, MCP_JSON_MAX_DEPTH, NULL);

          /* And without its closing quote and bracket. */
          assert_invalid_len (text->str, text->len - 2, MCP_JSON_MAX_DEPTH, NULL);
        }
}

/* A large answer, with a long text, decodes to the same as json-glib's. */
static void
test_large_string (void)
{
  g_autoptr(GString) text = g_string_new ("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":"
                                          "[{\"type\":\"text\",\"text\":\"");
  gsize size = 1024 * 1024;

  for (gsize i = 0; text->len < size; i++)
    {
      if (i % 997 == 0)
        g_string_append (text, "\\n\\\"\\u00e9");
      else if (i % 101 == 0)
        g_string_append (text, "ü€😀");
      else
        g_string_append (text, "lorem ipsum dolor sit amet ");
    }
  g_string_append (text, "\"}]}}");

  assert_valid_len (text->str, text->len);
}

/* _mcp_json_read_progress (): what it takes, it reads to the values the
 * engine finds in the tree; what it does not take goes the way of the
 * tree. Each prefix of each input is tried too. */
static void
test_progress (void)
{
  static const struct
  {
    const char *text;
    gboolean    taken;
  } cases[] = {
    { "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
      "\"params\":{\"progressToken\":7,\"progress\":1}}", TRUE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,"
      "\"progress\":2.5,\"total\":10,\"message\":\"Half \\u00e9 \\\"way\\\"\"},"
      "\"jsonrpc\":\"2.0\"}", TRUE },
    /* Whitespace, an escaped method, the members in another order. */
    { " { \"params\" : { \"total\" : 1e3 , \"progress\" : -0.0 , "
      "\"progressToken\" : -9223372036854775808 } , \"method\" : \"notifications\\/progress\" } ",
      TRUE },
    /* The last of repeated members wins, the last params as a whole. */
    { "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
      "{\"progressToken\":7,\"progress\":1,\"progress\":3,\"message\":\"a\",\"message\":\"b\"},"
      "\"params\":{\"progressToken\":8,\"progress\":4}}", TRUE },
    { "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
      "{\"progressToken\":7,\"progress\":1e400,\"total\":18446744073709551616}}", TRUE },
    /* Tokens that are not integers, values of other types. */
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"7\",\"progress\":1}}",
      FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7.0,\"progress\":1}}",
      FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,\"progress\":\"1\"}}",
      FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,\"progress\":1,"
      "\"total\":null}}", FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,\"progress\":1,"
      "\"message\":5}}", FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7}}", FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}", FALSE },
    { "{\"method\":\"notifications/progress\"}", FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":[7,1]}", FALSE },
    /* Members of other kinds of message, or that the engine may need. */
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,\"progress\":1,"
      "\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":3}}}", FALSE },
    { "{\"id\":3,\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,"
      "\"progress\":1}}", FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,\"progress\":1},"
      "\"extra\":1}", FALSE },
    { "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\"}}",
      FALSE },
    { "{\"method\":\"notifications/progress\",\"method\":\"x\",\"params\":{\"progressToken\":7,"
      "\"progress\":1}}", FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,\"progress\":1}}"
      " x", FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,\"progress\":01}}",
      FALSE },
    { "{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,\"progress\":1,"
      "\"message\":\"\\u0000\"}}", FALSE },
    { "[{\"method\":\"notifications/progress\",\"params\":{\"progressToken\":7,\"progress\":1}}]",
      FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize len = strlen (cases[i].text);

      g_test_message ("%u: %s", i, cases[i].text);

      for (gsize n = 0; n <= len; n++)
        {
          g_autofree char *copy = copy_exact (cases[i].text, n);
          g_autoptr(JsonNode) tree = _mcp_json_read (copy, n, MCP_JSON_MAX_DEPTH, NULL);
          McpJsonProgress progress;
          gboolean taken = _mcp_json_read_progress (copy, n, &progress);

          if (taken)
            {
              g_assert_null (json_glib_reference_check_progress (&progress, tree));
              _mcp_json_progress_clear (&progress);
            }
          if (n == len)
            g_assert_true (taken == cases[i].taken);
        }
    }
}

/* The members of messages the engine looks at, read without a tree of the
 * message, are those of the tree (the valid and invalid inputs of the
 * other tests are read as envelopes too). */
static void
test_envelope (void)
{
  static const char *const texts[] = {
    "{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"a\"}]}}",
    "{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"method\":\"roots/list\",\"params\":{}}",
    "{\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":[1,{}]}}",
    "{\"id\":null,\"error\":{\"code\":-32600,\"message\":\"bad\",\"data\":{\"x\":[]}}}",
    "{\"id\":1,\"result\":1,\"result\":{\"b\":2},\"extra\":{\"deep\":[[{}]]},\"id\":2}",
    "{\"method\":5,\"params\":[1,2],\"error\":\"x\",\"result\":null}",
    "{\"\\u0069d\":7,\"other\":1,\"other\":{\"a\":1,\"a\":2}}",
    "[{\"id\":1,\"result\":{}},{\"method\":\"a\"},5]",
    "{}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      gsize len = strlen (texts[i]);

      g_test_message ("%s", texts[i]);
      assert_valid (texts[i]);

      /* Cut short anywhere, the same error as the reader's. */
      for (gsize n = 0; n < len; n++)
        assert_invalid_len (texts[i], n, MCP_JSON_MAX_DEPTH, NULL);
    }

  /* The envelope counts as a level of nesting. */
  assert_invalid_len ("{\"params\":{\"a\":[1]}}", 21, 2, NULL);
}

/* The engine's tree of a request (build_request () in mcp-rpc.c, without
 * members of a protocol revision): the envelope, and with a token, params
 * with "_meta":{"progressToken":id} added. */
static JsonNode *
request_tree (gint64      id,
              const char *method,
              JsonNode   *params,
              gboolean    token)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_object_set_int_member (object, "id", id);
  json_object_set_string_member (object, "method", method);
  if (token)
    {
      JsonObject *with_meta = params != NULL
                              ? _mcp_json_object_copy_members (json_node_get_object (params))
                              : json_object_new ();
      JsonObject *meta = json_object_new ();

      json_object_set_int_member (meta, "progressToken", id);
      json_object_set_object_member (with_meta, "_meta", meta);
      json_object_set_object_member (object, "params", with_meta);
    }
  else if (params != NULL)
    json_object_set_member (object, "params", json_node_copy (params));

  return _mcp_json_node_new_object (object);
}

/* _mcp_json_write_request () writes the text of the engine's tree. */
static void
test_write_request (void)
{
  static const char *params[] = {
    NULL,
    "{}",
    "[]",
    "[1,\"two\",{\"3\":null}]",
    "{\"name\":\"echo\",\"arguments\":{\"text\":\"a \\\"quoted\\\" \\u00e9\\n line\"}}",
    "{\"cursor\":\"c\",\"n\":-9223372036854775808,\"x\":0.5,\"t\":true,\"z\":null}",
    "{\"nested\":{\"_meta\":{\"progressToken\":1}},\"list\":[[],{}]}",
  };
  static const char *methods[] = { "tools/call", "a \"method\"\twith\u00e9 escapes" };

  for (guint i = 0; i < G_N_ELEMENTS (params); i++)
    for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
      for (int token = 0; token <= 1; token++)
        {
          g_autoptr(JsonNode) node = params[i] ? json_from_string (params[i], NULL) : NULL;
          g_autoptr(GString) text = g_string_new (NULL);
          g_autoptr(JsonNode) tree = NULL;
          g_autoptr(GBytes) line = NULL;
          gint64 id = 1 + i * 1000 + m;

          /* Arrays get no token. */
          if (token && node != NULL && !JSON_NODE_HOLDS_OBJECT (node))
            continue;

          tree = request_tree (id, methods[m], node, token);
          line = _mcp_json_to_line (tree);
          _mcp_json_write_request (text, id, methods[m], node, token);
          g_string_append_c (text, '\n');

          g_test_message ("%s", text->str);
          g_assert_cmpmem (text->str, text->len,
                           g_bytes_get_data (line, NULL), g_bytes_get_size (line));
        }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/Json/valid", test_valid);
  g_test_add_func ("/Mcp/Json/numbers", test_numbers);
  g_test_add_func ("/Mcp/Json/duplicates", test_duplicates);
  g_test_add_func ("/Mcp/Json/duplicates-linear", test_duplicates_linear);
  g_test_add_func ("/Mcp/Json/nul-escape", test_nul_escape);
  g_test_add_func ("/Mcp/Json/invalid", test_invalid);
  g_test_add_func ("/Mcp/Json/json-glib-leniency", test_json_glib_leniency);
  g_test_add_func ("/Mcp/Json/same-messages", test_same_messages);
  g_test_add_func ("/Mcp/Json/depth", test_depth);
  g_test_add_func ("/Mcp/Json/depth-100000", test_depth_100000);
  g_test_add_func ("/Mcp/Json/truncated", test_truncated);
  g_test_add_func ("/Mcp/Json/control-characters", test_control_characters);
  g_test_add_func ("/Mcp/Json/string-boundaries", test_string_boundaries);
  g_test_add_func ("/Mcp/Json/large-string", test_large_string);
  g_test_add_func ("/Mcp/Json/progress", test_progress);
  g_test_add_func ("/Mcp/Json/write-request", test_write_request);
  g_test_add_func ("/Mcp/Json/envelope", test_envelope);

  return g_test_run ();
}
