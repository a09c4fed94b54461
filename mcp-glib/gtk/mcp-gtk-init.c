/* mcp-gtk-init.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-gtk.h"
#include "mcp-gtk-private.h"

/**
 * mcp_gtk_init:
 *
 * Prepares McpGtk: binds its translations and adds its style sheets (for
 * the light, dark and high-contrast styles) to the default display.
 *
 * The widgets call it themselves when their class is made: an application
 * need not, but may, call it first. It may be called more than once.
 *
 * Since: 1.0
 */
void
mcp_gtk_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      g_once_init_leave (&done, 1);
    }
}

void
_mcp_gtk_ensure_init (void)
{
  mcp_gtk_init ();
}
