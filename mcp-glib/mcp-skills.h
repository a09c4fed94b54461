/* mcp-skills.h
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

#include "mcp-client.h"
#include "mcp-request-options.h"
#include "mcp-skill.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * MCP_SKILLS_EXTENSION_ID:
 *
 * The identifier of the Skills extension (SEP-2640) in the `extensions`
 * capabilities of clients and servers.
 *
 * Since: 1.0
 */
#define MCP_SKILLS_EXTENSION_ID "io.modelcontextprotocol/skills"

#define MCP_TYPE_SKILLS (mcp_skills_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpSkills, mcp_skills, MCP, SKILLS, GObject)

MCP_AVAILABLE_IN_1_0
McpSkills  *mcp_skills_new                    (McpClient           *client);
MCP_AVAILABLE_IN_1_0
McpClient  *mcp_skills_get_client             (McpSkills           *self);
MCP_AVAILABLE_IN_1_0
gboolean    mcp_skills_get_supported          (McpSkills           *self);
MCP_AVAILABLE_IN_1_0
gboolean    mcp_skills_get_directory_read     (McpSkills           *self);
MCP_AVAILABLE_IN_1_0
void        mcp_skills_list_async             (McpSkills           *self,
                                               McpRequestOptions   *options,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
MCP_AVAILABLE_IN_1_0
GListModel *mcp_skills_list_finish            (McpSkills           *self,
                                               GAsyncResult        *result,
                                               GError             **error);
MCP_AVAILABLE_IN_1_0
void        mcp_skills_get_async              (McpSkills           *self,
                                               const char          *uri,
                                               McpRequestOptions   *options,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
MCP_AVAILABLE_IN_1_0
McpSkill   *mcp_skills_get_finish             (McpSkills           *self,
                                               GAsyncResult        *result,
                                               GError             **error);
MCP_AVAILABLE_IN_1_0
void        mcp_skills_load_async             (McpSkills           *self,
                                               McpSkill            *skill,
                                               McpRequestOptions   *options,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
MCP_AVAILABLE_IN_1_0
GBytes     *mcp_skills_load_finish            (McpSkills           *self,
                                               GAsyncResult        *result,
                                               GError             **error);
MCP_AVAILABLE_IN_1_0
void        mcp_skills_read_file_async        (McpSkills           *self,
                                               McpSkill            *skill,
                                               const char          *uri,
                                               McpRequestOptions   *options,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
MCP_AVAILABLE_IN_1_0
GBytes     *mcp_skills_read_file_finish       (McpSkills           *self,
                                               GAsyncResult        *result,
                                               GError             **error);
MCP_AVAILABLE_IN_1_0
void        mcp_skills_read_directory_async   (McpSkills           *self,
                                               McpSkill            *skill,
                                               const char          *uri,
                                               McpRequestOptions   *options,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
MCP_AVAILABLE_IN_1_0
GListModel *mcp_skills_read_directory_finish  (McpSkills           *self,
                                               GAsyncResult        *result,
                                               GError             **error);

G_END_DECLS
