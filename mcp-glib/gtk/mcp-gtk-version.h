/* mcp-gtk-version.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GTK_INSIDE) && !defined (MCP_GTK_COMPILATION)
# error "Only <mcp-glib/gtk/mcp-gtk.h> can be included directly."
#endif

#include <glib.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

/* McpGtk is released with mcp-glib, and versioned with it: its API carries
 * the same availability macros (MCP_AVAILABLE_IN_1_0, ...).
 */

MCP_AVAILABLE_IN_1_0
void mcp_gtk_init (void);

G_END_DECLS
