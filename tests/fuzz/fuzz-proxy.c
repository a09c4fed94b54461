/* fuzz-proxy.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for what a sandboxed server sends the sandbox's domain
 * proxy (mcp-sandbox-proxy.c): the request line, and the domain check it
 * leads to. The input's first line is the allowed domains, its second the
 * denied ones (separated by spaces), the rest the request. A request is
 * either refused with a status or gives a host (lower case, no trailing
 * dot, only name or address characters) and a port above 0; a host that a
 * denied pattern names exactly is never allowed, and one that no allowed
 * pattern could match (no "*" at all, no exact name) is not either.
 */

#include <string.h>

#include "fuzz-common.h"
#include "mcp-sandbox-private.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

static GStrv
split_line (const char **data,
            const char  *end)
{
  const char *newline = memchr (*data, '\n', end - *data);
  const char *line_end = newline != NULL ? newline : end;
  g_autofree char *line = g_strndup (*data, line_end - *data);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) parts = g_strsplit (line, " ", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    if (*parts[i] != '\0')
      g_strv_builder_add (builder, parts[i]);

  *data = newline != NULL ? newline + 1 : end;
  return g_strv_builder_end (builder);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  const char *p = (const char *) data, *end = p + size;
  g_auto(GStrv) allowed = split_line (&p, end);
  g_auto(GStrv) denied = split_line (&p, end);
  g_autofree char *host = NULL;
  const char *status = NULL;
  gboolean explicit_local, ok, any_wildcard = FALSE;
  guint16 port;

  ok = _mcp_sandbox_proxy_parse_request (p, end - p, &host, &port, &status);
  if (!ok)
    {
      if (status == NULL || strncmp (status, "4", 1) != 0)
        fuzz_fail ("a refusal without a 4xx status");
      return 0;
    }

  if (host == NULL || *host == '\0' || port == 0 || status != NULL)
    fuzz_fail ("a request parsed without host or port");
  for (const char *c = host; *c != '\0'; c++)
    if (g_ascii_isupper (*c) || !(g_ascii_isalnum (*c) || strchr ("-._:", *c) != NULL))
      fuzz_fail ("host “%s” has a character it may not have", host);
  if (host[strlen (host) - 1] == '.')
    fuzz_fail ("host “%s” ends in a dot", host);

  ok = _mcp_sandbox_domain_allowed ((const char * const *) allowed,
                                    (const char * const *) denied, host, port, &explicit_local);

  for (guint i = 0; denied[i] != NULL; i++)
    if (g_str_equal (denied[i], host) && ok)
      fuzz_fail ("host “%s” is denied, but allowed", host);

  for (guint i = 0; allowed[i] != NULL; i++)
    any_wildcard |= strchr (allowed[i], '*') != NULL ||
                    g_ascii_strncasecmp (allowed[i], host, strlen (host)) == 0 ||
                    allowed[i][0] == '[';
  if (ok && !any_wildcard)
    fuzz_fail ("host “%s” is allowed by no pattern", host);
  if (!ok && explicit_local)
    fuzz_fail ("host “%s” refused, but explicitly local", host);

  return 0;
}
