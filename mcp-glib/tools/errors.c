/* errors.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* How mcp-glib-client words the errors of the library. A sign-in that is
 * needed says how to sign in. A server's JSON-RPC error shows the data the
 * server added to it (where, for one, the URL of a URL elicitation is).
 * An HTTP error needs work: the library's message ends with the start of
 * the answer's body, which is often a web page (a proxy's or a web
 * server's error page); on a terminal that is a screenful of markup. The
 * message is summarised into one line: the status and reason the library
 * put first, then the first line of the body's text that does not repeat
 * them, with the markup, scripts and styles left out.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

/* The longest excerpt of a body kept, in characters. */
#define MAX_EXCERPT 160

/* The longest data of a JSON-RPC error shown, in bytes. */
#define MAX_ERROR_DATA 4096

#define ALNUM "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

/* Elements whose text is not text to read. */
static const char * const hidden_elements[] = { "script", "style" };

/* Elements that do not break a line. */
static const char * const inline_elements[] = {
  "a", "abbr", "b", "code", "em", "font", "i", "kbd", "small", "span", "strong", "sub", "sup",
  "tt", "u",
};

static gboolean
is_markup_start (const char *p)
{
  return p[0] == '<' && (g_ascii_isalpha (p[1]) || p[1] == '!' || p[1] == '/' || p[1] == '?');
}

static gboolean
in_list (const char         *name,
         const char * const *list,
         gsize               n_list)
{
  for (gsize i = 0; i < n_list; i++)
    if (g_ascii_strcasecmp (name, list[i]) == 0)
      return TRUE;

  return FALSE;
}

/* Where the text after the end of @name's element starts, or the end. */
static const char *
skip_element (const char *p,
              const char *name)
{
  g_autofree char *closing = g_strconcat ("</", name, NULL);
  gsize length = strlen (closing);

  for (; *p != '\0'; p++)
    if (g_ascii_strncasecmp (p, closing, length) == 0)
      {
        const char *end = strchr (p, '>');

        return end != NULL ? end + 1 : p + strlen (p);
      }

  return p;
}

/* Appends the character of the entity at @p (just after its '&') and
 * returns what follows it; an unknown entity is kept as it is. */
static const char *
append_entity (GString    *text,
               const char *p)
{
  static const struct { const char *name; gunichar c; } entities[] = {
    { "amp;", '&' }, { "lt;", '<' }, { "gt;", '>' }, { "quot;", '"' }, { "apos;", '\'' },
    { "nbsp;", ' ' },
  };
  char *end;
  guint64 code;

  for (gsize i = 0; i < G_N_ELEMENTS (entities); i++)
    if (g_str_has_prefix (p, entities[i].name))
      {
        g_string_append_unichar (text, entities[i].c);
        return p + strlen (entities[i].name);
      }

  if (*p == '#')
    {
      gboolean hex = p[1] == 'x' || p[1] == 'X';

      code = g_ascii_strtoull (p + (hex ? 2 : 1), &end, hex ? 16 : 10);
      if (*end == ';' && end > p + (hex ? 2 : 1) && code > 0 && code <= 0x10FFFF &&
          g_unichar_validate ((gunichar) code))
        {
          g_string_append_unichar (text, code);
          return end + 1;
        }
    }

  g_string_append_c (text, '&');
  return p;
}

/* The text of an HTML excerpt, a line per block, with each run of white
 * space as one space; the excerpt may end anywhere, even inside a tag. */
static GString *
html_to_text (const char *html)
{
  GString *text = g_string_new (NULL);
  const char *p = html;

  while (*p != '\0')
    {
      if (is_markup_start (p))
        {
          gboolean closing = p[1] == '/';
          const char *name_start = p + 1 + closing;
          g_autofree char *name = g_strndup (name_start, strspn (name_start, ALNUM));
          const char *end;

          if (g_str_has_prefix (p, "<!--"))
            end = strstr (p, "-->") != NULL ? strstr (p, "-->") + 2 : NULL;
          else
            end = strchr (p, '>');

          /* Cut inside a tag: the rest is markup. */
          if (end == NULL)
            break;

          p = end + 1;
          if (!closing && end[-1] != '/' &&
              in_list (name, hidden_elements, G_N_ELEMENTS (hidden_elements)))
            p = skip_element (p, name);
          if (!in_list (name, inline_elements, G_N_ELEMENTS (inline_elements)))
            g_string_append_c (text, '\n');
          continue;
        }

      if (*p == '&')
        {
          p = append_entity (text, p + 1);
          continue;
        }

      if (!g_ascii_isspace (*p))
        g_string_append_c (text, *p);
      else if (text->len > 0 && text->str[text->len - 1] != ' ' &&
               text->str[text->len - 1] != '\n')
        g_string_append_c (text, ' ');
      p++;
    }

  return text;
}

/* Whether @haystack holds @needle, ignoring case. */
static gboolean
contains (const char *haystack,
          const char *needle)
{
  g_autofree char *folded_haystack = g_utf8_casefold (haystack, -1);
  g_autofree char *folded_needle = g_utf8_casefold (needle, -1);

  return strstr (folded_haystack, folded_needle) != NULL;
}

/* The first line of @text that @prefix does not already say, its length
 * bounded, or NULL. */
static char *
first_new_line (const char *text,
                const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);

      if (*line == '\0' || contains (prefix, line))
        continue;

      if (g_utf8_strlen (line, -1) > MAX_EXCERPT)
        {
          g_autofree char *cut = g_utf8_substring (line, 0, MAX_EXCERPT - 1);

          return g_strconcat (cut, "…", NULL);
        }

      return g_strdup (line);
    }

  return NULL;
}

/* @message in one line: what comes before the body, then the body's first
 * line of text. */
static char *
summarise_http_message (const char *message)
{
  const char *body = message;
  g_autofree char *prefix = NULL;
  g_autofree char *excerpt = NULL;
  g_autoptr(GString) text = NULL;

  while (*body != '\0' && !is_markup_start (body))
    body++;

  /* Plain text: its first line. */
  if (*body == '\0')
    {
      gsize length = strcspn (message, "\r\n");

      return g_strstrip (g_strndup (message, length));
    }

  prefix = g_strndup (message, body - message);
  text = html_to_text (body);
  excerpt = first_new_line (text->str, prefix);

  g_strchomp (prefix);
  if (excerpt != NULL)
    return g_strconcat (prefix, " ", excerpt, NULL);

  /* Nothing worth adding: the status and reason, without the separator
   * that announced the body. */
  while (g_str_has_suffix (prefix, ":"))
    prefix[strlen (prefix) - 1] = '\0';
  return g_strchomp (g_steal_pointer (&prefix));
}

/* The message to show for @error. */
char *
cli_describe_error (CliApp       *app,
                    const GError *error)
{
  McpTransport *transport = app->client != NULL ? mcp_client_get_transport (app->client) : NULL;
  const char *hint = cli_network_hint (error);

  if (hint != NULL)
    return g_strdup_printf ("%s\n%s", error->message, hint);

  if (error->domain == G_IO_ERROR && MCP_IS_HTTP_TRANSPORT (transport))
    return summarise_http_message (error->message);

  /* Commands never sign in themselves: login does. */
  if (g_error_matches (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED))
    return g_strdup_printf (_("%s; sign in with “%s --url %s login”"), error->message,
                            g_get_prgname (), app->url);

  if (error->domain == MCP_ERROR && mcp_error_get_data (error) != NULL)
    {
      g_autofree char *data = json_to_string (mcp_error_get_data (error), FALSE);
      gsize length = strlen (data);
      gsize cut = MAX_ERROR_DATA;

      if (length <= MAX_ERROR_DATA)
        return g_strdup_printf (_("%s\nThe server added: %s"), error->message, data);

      /* Not inside a character. */
      while (cut > 0 && (data[cut] & 0xC0) == 0x80)
        cut--;
      data[cut] = '\0';
      return g_strdup_printf (ngettext ("%s\nThe server added: %s… (%zu byte more)",
                                        "%s\nThe server added: %s… (%zu bytes more)",
                                        length - cut),
                              error->message, data, length - cut);
    }

  return g_strdup (error->message);
}
