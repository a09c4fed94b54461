/* fuzz-common.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What every fuzz target shares: a log writer that keeps quiet the
 * warnings the library legitimately emits for junk but turns criticals and
 * errors (bugs: a failed precondition, a GTask that never returned) into
 * crashes, and bounded waiting on the default main context, so that a
 * callback that never comes is reported as a bug with a reason rather than
 * left to libFuzzer's global timeout.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz-common.h"

/* MCP_FUZZ_VERBOSE=1 shows every message, for debugging a reproducer. */
static gboolean verbose;

static GLogWriterOutput
log_writer (GLogLevelFlags   log_level,
            const GLogField *fields,
            gsize            n_fields,
            gpointer         user_data)
{
  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL))
    {
      g_log_writer_standard_streams (log_level, fields, n_fields, user_data);
      abort ();
    }

  if (verbose)
    return g_log_writer_standard_streams (log_level, fields, n_fields, user_data);

  return G_LOG_WRITER_HANDLED;
}

void
fuzz_init (void)
{
  verbose = g_strcmp0 (g_getenv ("MCP_FUZZ_VERBOSE"), "1") == 0;
  if (verbose)
    g_setenv ("G_MESSAGES_DEBUG", "all", TRUE);
  g_log_set_writer_func (log_writer, NULL, NULL);
}

void
fuzz_fail (const char *format,
           ...)
{
  va_list args;

  va_start (args, format);
  fputs ("FUZZ FAILURE: ", stderr);
  vfprintf (stderr, format, args);
  fputc ('\n', stderr);
  va_end (args);
  abort ();
}

static gboolean
wake_up_cb (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Iterates the default main context until @condition holds; fails with
 * @what once @timeout_usec have passed. */
void
fuzz_wait_until (gboolean  (*condition) (gpointer data),
                 gpointer     data,
                 gint64       timeout_usec,
                 const char  *what)
{
  gint64 deadline = g_get_monotonic_time () + timeout_usec;
  guint wake_id = g_timeout_add (50, wake_up_cb, NULL);

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        fuzz_fail ("gave up waiting for %s", what);
      g_main_context_iteration (NULL, TRUE);
    }

  g_source_remove (wake_id);
}

static gboolean
flag_is_set (gpointer data)
{
  return *(const gboolean *) data;
}

void
fuzz_wait_for (const gboolean *flag,
               gint64          timeout_usec,
               const char     *what)
{
  fuzz_wait_until (flag_is_set, (gpointer) flag, timeout_usec, what);
}

/* Dispatches everything that is ready now, such as the idle callbacks
 * that complete tasks. */
void
fuzz_drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
fuzz_set_flag_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  *(gboolean *) user_data = TRUE;
}
