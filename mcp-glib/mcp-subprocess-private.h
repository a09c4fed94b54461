/* mcp-subprocess-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _McpSubprocess McpSubprocess;

/* The server runs (@error is %NULL), or could not be started. */
typedef void (*McpSubprocessStartedFunc) (McpSubprocess *self,
                                          const GError  *error,
                                          gpointer       user_data);

char         **_mcp_subprocess_build_environ  (const char * const  *environ_,
                                               const char * const  *inherit,
                                               GHashTable          *overrides);
McpSubprocess *_mcp_subprocess_spawn          (const char * const  *argv,
                                               const char * const  *envp,
                                               const char          *cwd,
                                               int                 *source_fds,
                                               const int           *target_fds,
                                               guint                n_fds,
                                               GError             **error);
void           _mcp_subprocess_watch_start    (McpSubprocess       *self,
                                               McpSubprocessStartedFunc func,
                                               gpointer             user_data);
void           _mcp_subprocess_free           (McpSubprocess       *self);
GSubprocess   *_mcp_subprocess_get_subprocess (McpSubprocess       *self);
GPid           _mcp_subprocess_get_pid        (McpSubprocess       *self);
void           _mcp_subprocess_set_exited     (McpSubprocess       *self);
void           _mcp_subprocess_record         (McpSubprocess       *self);
void           _mcp_subprocess_signal         (McpSubprocess       *self,
                                               int                  signum);
gboolean       _mcp_subprocess_others_running (McpSubprocess       *self);
void           _mcp_subprocess_signal_others  (McpSubprocess       *self,
                                               int                  signum);
void           _mcp_subprocess_kill           (McpSubprocess       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpSubprocess, _mcp_subprocess_free)

G_END_DECLS
