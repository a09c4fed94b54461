/* main.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* mcp-glib-workbench: a GTK 4 application to try MCP servers with, built
 * on mcp-glib.
 */

#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "wb-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(WbApplication) application = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  application = wb_application_new ();

  return g_application_run (G_APPLICATION (application), argc, argv);
}
