/* fuzz-common.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

/* How long anything may take once all input was delivered: far more than
 * any honest completion needs, far less than libFuzzer's -timeout. */
#define FUZZ_SETTLE_TIMEOUT_USEC (3 * G_USEC_PER_SEC)

/* The libFuzzer entry points every target defines. */
int  LLVMFuzzerInitialize   (int             *argc,
                             char          ***argv);
int  LLVMFuzzerTestOneInput (const guint8    *data,
                             size_t           size);

void fuzz_init              (void);
void fuzz_fail              (const char      *format,
                             ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;
void fuzz_wait_for          (const gboolean  *flag,
                             gint64           timeout_usec,
                             const char      *what);
void fuzz_wait_until        (gboolean       (*condition) (gpointer data),
                             gpointer         data,
                             gint64           timeout_usec,
                             const char      *what);
void fuzz_drain             (void);
void fuzz_set_flag_cb       (GObject         *object,
                             GAsyncResult    *result,
                             gpointer         user_data);

G_END_DECLS
