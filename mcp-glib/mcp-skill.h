/* mcp-skill.h
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
#include <json-glib/json-glib.h>

#include "mcp-skill-file.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

#define MCP_TYPE_SKILL (mcp_skill_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpSkill, mcp_skill, MCP, SKILL, GObject)

MCP_AVAILABLE_IN_1_0
const char   *mcp_skill_get_uri         (McpSkill   *self);
MCP_AVAILABLE_IN_1_0
const char   *mcp_skill_get_name        (McpSkill   *self);
MCP_AVAILABLE_IN_1_0
const char   *mcp_skill_get_description (McpSkill   *self);
MCP_AVAILABLE_IN_1_0
JsonObject   *mcp_skill_get_frontmatter (McpSkill   *self);
MCP_AVAILABLE_IN_1_0
gboolean      mcp_skill_get_dynamic     (McpSkill   *self);
MCP_AVAILABLE_IN_1_0
GListModel   *mcp_skill_get_files       (McpSkill   *self);
MCP_AVAILABLE_IN_1_0
McpSkillFile *mcp_skill_lookup_file     (McpSkill   *self,
                                         const char *uri);
MCP_AVAILABLE_IN_1_0
gboolean      mcp_skill_get_loaded      (McpSkill   *self);

G_END_DECLS
