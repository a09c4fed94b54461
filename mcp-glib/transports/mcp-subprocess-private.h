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

/* The server started, and the processes it started: what the two files
 * of the object share (mcp-subprocess.c finds and signals the processes,
 * mcp-subprocess-spawn.c starts the server). */

/* A process of the server, or one it started, directly or not. The start
 * time tells it from a later process that was given the same pid. */
typedef struct
{
  GPid    pid;
  guint64 start_time;
} ProcessId;

struct _McpSubprocess
{
  GSubprocess *subprocess;
  char        *program;
  char        *cwd;
  ProcessId    server;
  /* Until the helper has executed the server: the pipe it reports on
   * (see watch_report ()), and who wants to know. */
  int          report_fd;
  int          report[2];
  gsize        report_len;
  GSource     *report_source;
  McpSubprocessStartedFunc started_func;
  gpointer     started_data;
  /* The server's process group, whose id is the server's pid. */
  GPid         group;
  /* The processes it started that were found from parent to child. */
  GArray      *descendants;
  guint        exited : 1;
  guint        group_gone : 1;
};

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
