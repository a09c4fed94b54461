/* fuzz-json.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Differential fuzzing of _mcp_json_read () against the path it replaced
 * (tests/json-glib-reference.c: a check of what json-glib must not see,
 * then json-glib's JsonParser). Every input goes through both:
 *
 *  - both accept: the trees must be the same: node and value types,
 *    values (doubles bit for bit), member names in order, parents. The one
 *    allowed difference: an integer beyond gint64 is a double for the
 *    reader, an integer (wrapped around) for json-glib.
 *  - only json-glib accepts: the reader's error must point at something
 *    json-glib 1.6 accepts beyond RFC 8259 (see json_glib_leniency ()).
 *  - only the reader accepts: always a failure.
 *  - both refuse: where the reader gives one of the messages they share,
 *    the old path must give the same one (or, for invalid UTF-8, one of
 *    the messages of json_glib_reference_check_text (), which looks at the whole text
 *    before json-glib checks its UTF-8).
 *
 * And _mcp_json_read_progress (), which the engine tries first: what it
 * takes must be a progress notification for the reader too, with the same
 * values as the engine finds in the reader's tree. And
 * _mcp_json_read_envelope (), which reads the members of a message
 * without a tree of it: the same error as the reader's, or the same
 * members as the reader's tree.
 *
 * libFuzzer hands over a buffer of exactly the input's size, so ASan sees
 * a read past its end. The messages are compared untranslated: the
 * targets never bind the library's gettext domain.
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mcp-json-private.h"
#include "mcp-json-reader-private.h"

#include "json-glib-reference.h"

#include "fuzz-common.h"

#define NOT_CONTAINER   "The message is neither a JSON object nor an array"
#define AFTER_END       "The message goes on after its end"
#define INVALID_ESCAPE  "The message has an invalid escape sequence"
#define INVALID_UTF8    "The message is not valid UTF-8"
#define SYNTAX_PREFIX   "Invalid JSON at byte "

static char nested_message[128];

static gboolean
is_digit (guint8 c)
{
  return c >= '0' && c <= '9';
}

/* Whether the reader's @message, about an input that json-glib accepts,
 * points at what json-glib 1.6 accepts beyond RFC 8259, and the reader
 * refuses on purpose:
 *
 *  - a control character in a string, unescaped;
 *  - "\u0000", which json-glib turns into the end of the string;
 *  - a comment, a single-quoted string, a "$"-prefixed hex number or a
 *    number starting with "." where a token is expected (a comment after
 *    a "-": see below);
 *  - a number with a leading zero ("01", "0x1f", "0b1"), a "." without a
 *    digit after it ("1.", "1.e5"), or a "-" without a digit after it
 *    ("- 1", or a comment between the two). */
static gboolean
json_glib_leniency (const guint8 *data,
                    size_t        size,
                    const char   *message)
{
  const char *text = (const char *) data;
  const char *what;
  size_t offset;
  int consumed = 0;

  if (strcmp (message, INVALID_ESCAPE) == 0)
    return g_strstr_len (text, size, "\\u0000") != NULL;

  if (sscanf (message, SYNTAX_PREFIX "%zu: %n", &offset, &consumed) != 1 || consumed == 0 ||
      offset > size)
    return FALSE;
  what = message + consumed;

  if (strcmp (what, "unescaped control character in a string") == 0)
    return offset < size && data[offset] < 0x20;

  /* json-glib's scanner takes "/" for the start of a comment that ends at
   * the next "/": "//", "/x/" and "/" "*" "/" are comments, and so is a
   * C comment, by chance. */
  if (g_str_has_prefix (what, "expected "))
    return offset < size &&
           (data[offset] == '\'' || data[offset] == '$' || data[offset] == '.' ||
            (data[offset] == '/' && memchr (data + offset + 1, '/', size - offset - 1) != NULL));

  if (strcmp (what, "invalid number") == 0)
    {
      size_t p = offset;

      if (p < size && data[p] == '-')
        {
          if (++p == size || !is_digit (data[p]))
            return TRUE;
        }
      if (p < size && data[p] == '0' && p + 1 < size &&
          (is_digit (data[p + 1]) || (data[p + 1] != '\0' && strchr ("xXbB", data[p + 1]))))
        return TRUE;
      while (p < size && is_digit (data[p]))
        p++;
      return p < size && data[p] == '.' && (p + 1 == size || !is_digit (data[p + 1]));
    }

  return FALSE;
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  g_snprintf (nested_message, sizeof nested_message,
              "The message is nested more than %u levels deep", MCP_JSON_MAX_DEPTH);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) expected_error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) expected = NULL;
  const char *text = (const char *) data;

  node = _mcp_json_read (text, size, MCP_JSON_MAX_DEPTH, &error);
  if ((node == NULL) == (error == NULL))
    fuzz_fail ("the reader returned %s with %s", node ? "a tree" : "nothing",
               error ? "an error" : "no error");
  if (error != NULL &&
      (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA) ||
       !g_utf8_validate (error->message, -1, NULL)))
    fuzz_fail ("the reader failed with an unexpected error");

  {
    g_autoptr(GError) envelope_error = NULL;
    McpJsonEnvelope env;
    const char *difference;

    if (_mcp_json_read_envelope (text, size, MCP_JSON_MAX_DEPTH, &env, &envelope_error))
      {
        difference = node != NULL ? json_glib_reference_compare_envelope (&env, node)
                                  : "the envelope reader took what the reader refuses";
        _mcp_json_envelope_clear (&env);
        if (difference != NULL)
          fuzz_fail ("envelope: %s", difference);
      }
    else if (node != NULL)
      fuzz_fail ("the envelope reader refused what the reader takes: %s",
                 envelope_error->message);
    else if (strcmp (envelope_error->message, error->message) != 0)
      fuzz_fail ("envelope: “%s” against “%s”", envelope_error->message, error->message);
  }

  {
    McpJsonProgress progress;

    if (_mcp_json_read_progress (text, size, &progress))
      {
        const char *difference = json_glib_reference_check_progress (&progress, node);

        _mcp_json_progress_clear (&progress);
        if (difference != NULL)
          fuzz_fail ("progress read without a tree: %s", difference);
      }
  }

  expected = json_glib_reference_parse (parser, text, size, &expected_error);

  if (node != NULL && expected != NULL)
    {
      gboolean overflow = FALSE;

      const char *difference = json_glib_reference_compare (node, expected, &overflow);

      if (difference != NULL)
        fuzz_fail ("the reader and json-glib built different trees: %s", difference);
      if (!overflow && !json_node_equal (node, expected))
        fuzz_fail ("json_node_equal () tells the trees apart");
    }
  else if (node != NULL)
    fuzz_fail ("the reader accepted what the old path refuses: %s", expected_error->message);
  else if (expected != NULL)
    {
      if (!json_glib_leniency (data, size, error->message))
        fuzz_fail ("the reader refused what json-glib accepts: %s", error->message);
    }
  else
    {
      const char *message = error->message;
      const char *expected_message = expected_error->message;

      if ((strcmp (message, NOT_CONTAINER) == 0) != (strcmp (expected_message, NOT_CONTAINER) == 0))
        fuzz_fail ("not a container: “%s” against “%s”", message, expected_message);

      if (strcmp (message, nested_message) == 0 || strcmp (message, AFTER_END) == 0)
        {
          if (strcmp (message, expected_message) != 0)
            fuzz_fail ("“%s” against “%s”", message, expected_message);
        }
      else if (strcmp (message, INVALID_ESCAPE) == 0)
        {
          if (strcmp (message, expected_message) != 0 &&
              g_strstr_len (text, size, "\\u0000") == NULL)
            fuzz_fail ("“%s” against “%s”", message, expected_message);
        }
      else if (strcmp (message, INVALID_UTF8) == 0)
        {
          if (strcmp (expected_message, INVALID_UTF8) != 0 &&
              strcmp (expected_message, nested_message) != 0 &&
              strcmp (expected_message, AFTER_END) != 0 &&
              strcmp (expected_message, INVALID_ESCAPE) != 0)
            fuzz_fail ("“%s” against “%s”", message, expected_message);
        }
    }

  return 0;
}
