/* mcp-spawn-helper-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the spawn helper (mcp-spawn-helper.c) and the library that runs it
 * (mcp-subprocess.c) agree on. The helper uses nothing but the C library:
 * no GLib here.
 */

#pragma once

#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The most descriptors an application may hand over to a server. */
#define MCP_SPAWN_HELPER_MAX_FDS 64

/* The step at which the helper failed, reported with the errno. */
typedef enum {
  MCP_SPAWN_STEP_SETUP = 1,
  MCP_SPAWN_STEP_CHDIR = 2,
  MCP_SPAWN_STEP_EXEC = 3,
} McpSpawnStep;

/* Sets every signal to its default action and unblocks them all, so that
 * a server does not ignore or block what the application does (SIGPIPE,
 * for one, which GIO ignores). Async-signal-safe: it also runs between
 * fork() and exec().
 *
 * The C library refuses to change the signals it keeps for itself (32 and
 * 33 with glibc), and glibc's posix_spawn() leaves them ignored in the
 * child, which an exec keeps: those are reset with the system call, whose
 * structure is all zeros for SIG_DFL on every architecture. */
static inline void
_mcp_spawn_reset_signals (void)
{
  struct sigaction action;
  sigset_t none;

  memset (&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  for (int signum = 1; signum < NSIG; signum++)
    {
      if (signum == SIGKILL || signum == SIGSTOP)
        continue;

      if (sigaction (signum, &action, NULL) != 0)
        {
          unsigned long kernel_action[8] = { 0 };

          syscall (SYS_rt_sigaction, signum, kernel_action, NULL, (NSIG - 1) / 8);
        }
    }

  sigemptyset (&none);
  sigprocmask (SIG_SETMASK, &none, NULL);
}
