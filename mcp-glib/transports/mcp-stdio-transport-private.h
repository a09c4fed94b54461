/* mcp-stdio-transport-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the two halves of McpStdioTransport share: mcp-stdio-transport.c
 * (the object, the environment, starting the server, its stderr) and
 * mcp-stdio-transport-ending.c (how a server's death is found out and
 * described, and the shutdown sequence).
 */

#pragma once

#include "mcp-line-reader-private.h"
#include "mcp-sandbox-private.h"
#include "mcp-stdio-transport.h"
#include "mcp-stream-transport-private.h"
#include "mcp-subprocess-private.h"

G_BEGIN_DECLS

#define STDERR_TAIL_SIZE    4096
#define STDERR_MAX_LINE     (16 * 1024)
#define DEATH_GRACE_MS      500
#define EOF_GRACE_MS        1000
#define TERM_GRACE_MS       1000
#define KILL_GRACE_MS       2000
#define DESCENDANT_POLL_MS  20
#define DESCENDANT_GRACE_MS 500

typedef enum {
  SHUTDOWN_NONE,
  SHUTDOWN_EOF,
  SHUTDOWN_TERM,
  SHUTDOWN_KILL,
  SHUTDOWN_DESCENDANTS,
  SHUTDOWN_DONE,
} ShutdownStage;

struct _McpStdioTransport
{
  McpStreamTransport  parent_instance;

  char              **argv;
  char               *cwd;
  char              **environ_;
  char              **inherit_env;
  GHashTable         *env_overrides;
  /* The descriptors to hand over, until the server is started. */
  GArray             *source_fds;
  GArray             *target_fds;

  /* The sandbox policy, the local paths of the client's roots, and the
   * sandbox of the server that runs (see mcp-sandbox-bwrap.c). */
  McpSandbox         *sandbox;
  char              **root_paths;
  McpSandboxRun      *sandbox_run;

  McpSubprocess      *process;
  McpLineReader      *stderr_reader;
  GString            *stderr_tail;
  GCancellable       *wait_cancellable;

  GError             *ended_error;
  GSource            *death_timeout;

  ShutdownStage       shutdown_stage;
  GSource            *shutdown_timeout;
  guint               descendant_polls;
  GPtrArray          *shutdown_tasks;

  guint               exited : 1;
  guint               stdout_done : 1;
  guint               stderr_done : 1;
  guint               dying : 1;
  /* Started, but not known to run yet (see server_started_cb ()). */
  guint               starting : 1;
  /* Descriptors went to the first process: another could not have them. */
  guint               handed_fds : 1;
};

const char *_mcp_stdio_program_name   (McpStdioTransport *self);
void        _mcp_stdio_check_dying    (McpStdioTransport *self);
void        _mcp_stdio_begin_dying    (McpStdioTransport *self);
void        _mcp_stdio_finish_dying   (McpStdioTransport *self);
void        _mcp_stdio_start_shutdown (McpStdioTransport *self);
void        _mcp_stdio_exited_cb      (GObject           *object,
                                       GAsyncResult      *result,
                                       gpointer           user_data);
gpointer    _mcp_weak_ref_steal       (GWeakRef          *ref);
void        _mcp_stdio_reopen         (McpTransport      *transport,
                                       GCancellable      *cancellable,
                                       GTask             *task);

G_END_DECLS
