/* mcp-skill-file.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <gio/gio.h>

#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_SKILL_FILE (mcp_skill_file_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpSkillFile, mcp_skill_file, MCP, SKILL_FILE, GObject)

MCP_AVAILABLE_IN_1_0
const char *mcp_skill_file_get_uri    (McpSkillFile *self);
MCP_AVAILABLE_IN_1_0
const char *mcp_skill_file_get_digest (McpSkillFile *self);
MCP_AVAILABLE_IN_1_0
guint64     mcp_skill_file_get_size   (McpSkillFile *self);

G_END_DECLS
