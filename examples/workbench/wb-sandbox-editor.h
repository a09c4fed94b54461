/* wb-sandbox-editor.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_SANDBOX_EDITOR (wb_sandbox_editor_get_type ())

G_DECLARE_FINAL_TYPE (WbSandboxEditor, wb_sandbox_editor, WB, SANDBOX_EDITOR, GtkBox)

WbSandboxEditor *wb_sandbox_editor_new   (void);
void             wb_sandbox_editor_show  (WbSandboxEditor *self,
                                          McpServerConfig *config);
void             wb_sandbox_editor_apply (WbSandboxEditor *self,
                                          McpServerConfig *config);

G_END_DECLS
