/* mcp-group-test-util.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the test programs of McpClientGroup share; see
 * mcp-group-test-util.c.
 */

#pragma once

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

G_BEGIN_DECLS

/* Set by group_test_init (), freed by group_test_run (). */
extern char *tmp_dir;
extern char *demo_server;
extern char *test_server;
extern char *python_path;

void               group_test_init (int                 *argc,
                                    char              ***argv);
int                group_test_run  (void);

GFile             *config_file     (void);
void               write_config    (GFile               *file,
                                    const char          *text);
McpServerRegistry *registry_with   (const char          *text);
McpClientGroup    *group_for       (McpServerRegistry   *registry);
void               connect_group   (McpClientGroup      *group);
void               close_group     (McpClientGroup      *group);
McpGroupServer    *server_named    (McpClientGroup      *group,
                                    const char          *name);
void               wait_for_state  (McpGroupServer      *server,
                                    McpGroupServerState  state);
guint              n_demo_tools    (void);
McpToolResult     *call_tool       (McpClientGroup      *group,
                                    const char          *name,
                                    const char          *arguments_json,
                                    GError             **error);
char              *call_tool_text  (McpClientGroup      *group,
                                    const char          *name,
                                    const char          *arguments_json);
gboolean           is_true         (gpointer             data);
void               wait_for_exit   (GSubprocess         *process);

G_END_DECLS
