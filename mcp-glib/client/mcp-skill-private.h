/* mcp-skill-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-skill.h"
#include "mcp-skill-file.h"

G_BEGIN_DECLS

/* What a SKILL.md's frontmatter may hold: the parser stops beyond these. */
#define MCP_SKILL_FRONTMATTER_MAX_BYTES (64 * 1024)
#define MCP_SKILL_FRONTMATTER_MAX_DEPTH 8
#define MCP_SKILL_FRONTMATTER_MAX_NODES 4096

McpSkillFile *_mcp_skill_file_new          (const char    *uri,
                                            const char    *digest,
                                            guint64        size);
McpSkill     *_mcp_skill_new_from_json     (JsonObject    *json,
                                            GError       **error);
void          _mcp_skill_set_loaded        (McpSkill      *self);
gboolean      _mcp_skill_contains_uri      (McpSkill      *self,
                                            const char    *uri);

JsonObject   *_mcp_skill_parse_frontmatter (const char    *data,
                                            gsize          length,
                                            GError       **error);
gboolean      _mcp_skill_frontmatter_equal (JsonObject    *file,
                                            JsonObject    *entry);

G_END_DECLS
