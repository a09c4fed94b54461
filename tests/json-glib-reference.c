/* json-glib-reference.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The way the library parsed incoming messages before it had a JSON reader
 * of its own (mcp-glib/mcp-json-reader.c): a one-pass check of what
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

