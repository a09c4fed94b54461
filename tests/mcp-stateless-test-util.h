/* mcp-stateless-test-util.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the test programs of the stateless revision (test-negotiation.c,
 * test-rounds.c) share; see mcp-stateless-test-util.c. Every test closes
 * every client it opens, and checks that its server is gone.
 */

#pragma once

#include "mcp-test-util.h"

G_BEGIN_DECLS

/* The revision of the scripted server, and the newest legacy one. */
#define STATELESS_VERSION "2026-07-28"
#define LEGACY_VERSION    "2025-11-25"
#define META_PREFIX       "io.modelcontextprotocol/"

/* How long a client waits for a silent probe before it sends initialize
 * beside it (PROBE_GRACE_MS in mcp-glib/client/mcp-client-discover.c). */
#define PROBE_GRACE_MS 1000

typedef struct
{
  McpStdioTransport *transport;
  McpClient         *client;
  char              *dir;
  char              *record_path;
  GPid               pid;
} Peer;

gboolean    stateless_test_init    (int                  *argc,
                                    char               ***argv);
int         stateless_test_run     (void);

const char *stateless_python_path  (void);
const char *stateless_server_script (void);
Peer       *peer_new               (const char           *first_arg,
                                    ...) G_GNUC_NULL_TERMINATED;
gboolean    peer_connect           (Peer                 *peer,
                                    GError              **error);
void        peer_connect_or_fail   (Peer                 *peer);
Peer       *peer_start             (const char           *first_arg,
                                    ...) G_GNUC_NULL_TERMINATED;
void        peer_wait_gone         (Peer                 *peer);
void        peer_close_and_free    (Peer                 *peer);
void        peer_free              (Peer                 *peer);

GPtrArray  *peer_records           (Peer                 *peer);
JsonObject *record_message         (JsonObject           *record);
gint64      record_time            (JsonObject           *record);
guint       count_method           (GPtrArray            *records,
                                    const char           *method);
JsonObject *find_method            (GPtrArray            *records,
                                    const char           *method,
                                    guint                 nth);
GPtrArray  *filter_requests        (GPtrArray            *records,
                                    const char           *method);
JsonNode   *envelope_member        (JsonObject           *message,
                                    const char           *name);
const char *envelope_string        (JsonObject           *message,
                                    const char           *name);
void        assert_no_envelope     (JsonObject           *message);
void        assert_envelope        (JsonObject           *message,
                                    const char           *version);
void        assert_legacy_traffic  (Peer                 *peer);


G_END_DECLS
