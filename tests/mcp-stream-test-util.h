/* mcp-stream-test-util.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the test programs of McpStreamTransport share: the fixture, a
 * transport over pipes, and the peer's two ends; see
 * mcp-stream-test-util.c.
 */

#pragma once

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

G_BEGIN_DECLS

/* How long a test waits for something before failing instead of hanging. */
#define WAIT_TIMEOUT_SECONDS 20

/* Iterates the default main context until @cond holds, failing the test
 * after WAIT_TIMEOUT_SECONDS. Peer threads call g_main_context_wakeup()
 * after changing what a condition looks at. */
#define WAIT_UNTIL(cond)                                                      \
  G_STMT_START {                                                              \
    gboolean timed_out_ = FALSE;                                              \
    guint timeout_id_ = g_timeout_add_seconds (WAIT_TIMEOUT_SECONDS,          \
                                               on_wait_timeout, &timed_out_); \
    while (!(cond) && !timed_out_)                                            \
      g_main_context_iteration (NULL, TRUE);                                  \
    if (timed_out_)                                                           \
      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC,       \
                           "timed out waiting for: " #cond);                  \
    else                                                                      \
      g_source_remove (timeout_id_);                                          \
  } G_STMT_END

gboolean on_wait_timeout (gpointer user_data);

/* The peer's writing side: a thread writing pieces of data, each possibly
 * repeated and preceded by a pause, in write() calls of at most chunk_size
 * bytes with a pause after each. */
typedef struct
{
  int      fd;
  gboolean close_fd;
  gsize    chunk_size;
  gulong   chunk_pause_us;
  GArray  *pieces;
  int      error_number;
  gint     done;
} PeerWriter;

typedef struct
{
  GError *error;
  char   *head;
  char   *tail;
} Discarded;

typedef struct
{
  McpStreamTransport *transport;

  /* The peer's ends: it writes to peer_in_fd what the transport reads, and
   * reads from peer_out_fd what the transport writes. -1 once closed. */
  int                 peer_in_fd;
  int                 peer_out_fd;

  GPtrArray          *messages;
  GPtrArray          *discarded;
  guint               n_closed;
  GError             *closed_error;
  guint               messages_at_close;

  PeerWriter         *writer;
  GThread            *writer_thread;

  GThread            *reader_thread;
  GByteArray         *output;
  int                 reader_error_number;
  gint                reader_done;
} Fixture;

typedef struct
{
  guint    *n_done;
  guint     n_calls;
  gboolean  ok;
  GError   *error;
} SendCall;

PeerWriter *peer_writer_new        (gsize          chunk_size,
                                    gulong         chunk_pause_us);
void        peer_writer_add        (PeerWriter    *writer,
                                    const char    *data,
                                    gssize         len,
                                    guint          repeat,
                                    guint          pause_ms);

void        fixture_set_up         (Fixture       *fx,
                                    gconstpointer  data);
void        fixture_tear_down      (Fixture       *fx,
                                    gconstpointer  data);
void        close_transport        (Fixture       *fx);

void        peer_write             (Fixture       *fx,
                                    const char    *data,
                                    gssize         len);
void        peer_close_input       (Fixture       *fx);
void        peer_writer_start      (Fixture       *fx,
                                    PeerWriter    *writer,
                                    gboolean       close_after);
void        peer_writer_wait       (Fixture       *fx);
void        peer_reader_start      (Fixture       *fx);
GStrv       peer_read_output_lines (Fixture       *fx);

void        on_send_done           (GObject       *object,
                                    GAsyncResult  *result,
                                    gpointer       user_data);
JsonNode   *parse_json             (const char    *text);
gboolean    send_text              (Fixture       *fx,
                                    const char    *text,
                                    GError       **error);

G_END_DECLS
