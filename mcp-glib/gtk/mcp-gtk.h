/* mcp-gtk.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

#define MCP_GTK_INSIDE
# include "mcp-gtk-version.h"
# include "mcp-gtk-app-view.h"
# include "mcp-gtk-content-view.h"
# include "mcp-gtk-elicitation-view.h"
# include "mcp-gtk-log-view.h"
# include "mcp-gtk-request-dialog.h"
# include "mcp-gtk-sampling-view.h"
# include "mcp-gtk-server-list.h"
# include "mcp-gtk-server-row.h"
# include "mcp-gtk-schema-form.h"
#undef MCP_GTK_INSIDE
