/* test-negotiation.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* How McpClient finds out which revision a server speaks, against the
 * scripted mcp-stateless-test-server.py over stdio: the server/discover
 * probe and what each answer to it means (a DiscoverResult, -32022 with or
 * without a version to retry with, errors of older servers, silence, a
 * server that dies), the LEGACY and PINNED negotiations, cancelling the
 * connect during the probe, and the revision's error codes as an
 * application matches them (the envelope of each request is
 * test-envelope.c's). The server records every message it receives, which
 * is how the tests see what went over the wire.
 */

#include <stdlib.h>
#include <string.h>

#include "mcp-stateless-test-util.h"

/* How late a slow server answers the probe: well after the grace, so that
 * initialize goes out first even on a busy machine. */
#define SLOW_PROBE_MS "2500"

/* ------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------ */

static void
assert_connect_fails (Peer    *peer,
                      GQuark   domain,
                      int      code,
                      GError **error_out)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (peer_connect (peer, &error));
  g_assert_error (error, domain, code);
  g_assert_cmpint (mcp_client_get_state (peer->client), ==, MCP_CLIENT_STATE_CLOSED);
  g_test_message ("connect failed: %s", error->message);

  if (error_out != NULL)
    *error_out = g_steal_pointer (&error);
}

static void
assert_is_legacy (Peer *peer)
{
  g_assert_false (mcp_client_get_stateless (peer->client));
  g_assert_cmpstr (mcp_client_get_protocol_version (peer->client), ==, LEGACY_VERSION);
}

/* ------------------------------------------------------------------------
 * The probe
 * ------------------------------------------------------------------------ */

static void
test_stateless_server (void)
{
  Peer *peer = peer_start ("--instructions", "Ask for the weather.", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(JsonObject) capabilities = NULL;
  McpImplementation *info;
  JsonObject *probe;

  g_assert_true (mcp_client_get_stateless (peer->client));
  g_assert_cmpstr (mcp_client_get_protocol_version (peer->client), ==, STATELESS_VERSION);
  info = mcp_client_get_server_info (peer->client);
  g_assert_nonnull (info);
  g_assert_cmpstr (mcp_implementation_get_name (info), ==, "mcp-stateless-test-server");
  g_assert_cmpstr (mcp_implementation_get_version (info), ==, "2.0.0");
  g_assert_cmpstr (mcp_client_get_instructions (peer->client), ==, "Ask for the weather.");
  capabilities = json_object_ref (mcp_client_get_server_capabilities (peer->client));
  g_assert_nonnull (mcp_test_lookup_object (capabilities, "tools"));
  g_assert_nonnull (mcp_test_lookup_object (capabilities, "prompts"));
  g_assert_nonnull (mcp_test_lookup_object (capabilities, "resources"));
  g_assert_null (mcp_test_lookup_object (capabilities, "completions"));

  mcp_test_assert_echo_works (peer->client);

  records = peer_records (peer);
  probe = record_message (records->pdata[0]);
  g_assert_cmpstr (mcp_test_lookup_string (probe, "method"), ==, "server/discover");
  assert_envelope (probe, STATELESS_VERSION);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 0);
  g_assert_cmpuint (count_method (records, "notifications/initialized"), ==, 0);

  peer_close_and_free (peer);
}

/* Some servers put their identity beside the result's members, or leave it
 * out. */
static void
test_server_info_elsewhere (void)
{
  Peer *peer = peer_start ("--server-info", "result", "--name", "beside", NULL);

  g_assert_cmpstr (mcp_implementation_get_name (mcp_client_get_server_info (peer->client)), ==,
                   "beside");
  peer_close_and_free (peer);

  peer = peer_start ("--server-info", "none", NULL);
  g_assert_true (mcp_client_get_stateless (peer->client));
  g_assert_nonnull (mcp_client_get_server_info (peer->client));
  mcp_test_assert_echo_works (peer->client);
  peer_close_and_free (peer);
}

/* @peer speaks the stateless revision, works, and was never sent
 * initialize. */
static void
assert_stateless_without_initialize (Peer *peer)
{
  g_autoptr(GPtrArray) records = NULL;

  g_assert_true (mcp_client_get_stateless (peer->client));
  g_assert_cmpstr (mcp_client_get_protocol_version (peer->client), ==, STATELESS_VERSION);
  mcp_test_assert_echo_works (peer->client);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 0);
}

/* A server of both eras answers the probe: the client speaks the newest. */
static void
test_dual_era_server (void)
{
  Peer *peer = peer_start ("--era", "dual", NULL);

  assert_stateless_without_initialize (peer);
  peer_close_and_free (peer);
}

/* -32022 names the versions to retry with: the client retries once, with
 * one of them, and does not fall back. */
static void
test_unsupported_retried (void)
{
  Peer *peer = peer_start ("--refuse-discover", "1", NULL);
  g_autoptr(GPtrArray) records = peer_records (peer);
  g_autoptr(GPtrArray) probes = filter_requests (records, "server/discover");

  g_assert_true (mcp_client_get_stateless (peer->client));
  g_assert_cmpstr (mcp_client_get_protocol_version (peer->client), ==, STATELESS_VERSION);
  g_assert_cmpuint (probes->len, ==, 2);
  assert_envelope (probes->pdata[1], STATELESS_VERSION);
  g_assert_false (json_node_equal (json_object_get_member (probes->pdata[0], "id"),
                                   json_object_get_member (probes->pdata[1], "id")));
  g_assert_cmpuint (count_method (records, "initialize"), ==, 0);
  mcp_test_assert_echo_works (peer->client);

  peer_close_and_free (peer);
}

/* Refused again: once is enough, and the error says what happened. */
static void
test_unsupported_twice (void)
{
  Peer *peer = peer_new ("--refuse-discover", "2", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;

  assert_connect_fails (peer, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, &error);
  g_assert_nonnull (strstr (error->message, STATELESS_VERSION));

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 2);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 0);

  peer_close_and_free (peer);
}

/* A server that names only older revisions is an older server. */
static void
test_unsupported_legacy_only (void)
{
  Peer *peer = peer_start ("--era", "dual", "--supported", "2025-11-25,2025-06-18", NULL);
  g_autoptr(GPtrArray) records = NULL;

  assert_is_legacy (peer);
  assert_legacy_traffic (peer);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);

  peer_close_and_free (peer);
}

/* Nothing to speak: a clear error, and no initialize. */
static void
test_unsupported_nothing_usable (void)
{
  Peer *peer = peer_new ("--era", "dual", "--supported", "2030-01-01", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;

  assert_connect_fails (peer, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, &error);
  g_assert_nonnull (strstr (error->message, "2030-01-01"));

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 0);

  peer_close_and_free (peer);
}

/* The probe was refused, and initialize followed at once: one round
 * trip, not the wait for a silent probe. */
static void
assert_fell_back_at_once (Peer *peer)
{
  g_autoptr(GPtrArray) records = peer_records (peer);
  JsonObject *probe;
  JsonObject *initialize;

  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);
  probe = records->pdata[0];
  initialize = records->pdata[1];
  g_assert_cmpstr (mcp_test_lookup_string (probe, "message.method"), ==, "server/discover");
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "message.method"), ==, "initialize");
  /* Had the client waited for the grace instead, initialize would come
   * about a second after the probe was sent, which is before the server
   * read it by the time Python takes to start: well over half of it. */
  g_assert_cmpint (record_time (initialize) - record_time (probe), <, PROBE_GRACE_MS / 2);
}

/* An older server says it does not know the method: the client falls back
 * at once. */
static void
test_legacy_method_not_found (void)
{
  Peer *peer = peer_start ("--era", "legacy", NULL);

  assert_is_legacy (peer);
  assert_legacy_traffic (peer);
  assert_fell_back_at_once (peer);

  peer_close_and_free (peer);
}

/* The fallback is not keyed to one error code. */
static void
test_legacy_other_error (void)
{
  Peer *peer = peer_start ("--era", "legacy", "--error-code", "-32602", NULL);

  assert_is_legacy (peer);
  assert_legacy_traffic (peer);
  assert_fell_back_at_once (peer);

  peer_close_and_free (peer);
}

/* An older server that never answers the probe: initialize goes out beside
 * it after about a second, and the connect succeeds. */
static void
test_legacy_silent (void)
{
  Peer *peer = peer_new ("--era", "legacy", "--discover", "silent", NULL);
  gint64 start = g_get_monotonic_time ();

  peer_connect_or_fail (peer);
  g_assert_cmpint (mcp_test_elapsed_ms (start), >=, PROBE_GRACE_MS);
  assert_is_legacy (peer);
  assert_legacy_traffic (peer);

  peer_close_and_free (peer);
}

/* A stateless server slower than the grace refuses the initialize that
 * went out beside its probe, and answers the probe later: it is stateless,
 * and what follows carries the envelope. */
static void
test_stateless_slow_probe (void)
{
  Peer *peer = peer_start ("--discover", "slow", "--discover-delay", SLOW_PROBE_MS, NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) calls = NULL;

  g_assert_true (mcp_client_get_stateless (peer->client));
  mcp_test_assert_echo_works (peer->client);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 1);
  assert_no_envelope (record_message (find_method (records, "initialize", 0)));
  calls = filter_requests (records, "tools/call");
  g_assert_cmpuint (calls->len, ==, 1);
  assert_envelope (calls->pdata[0], STATELESS_VERSION);

  peer_close_and_free (peer);
}

/* A server of both eras answers initialize before the late probe: the
 * first proper answer decides, and the late one changes nothing. */
static void
test_dual_era_slow_probe (void)
{
  Peer *peer = peer_start ("--era", "dual", "--discover", "slow", "--discover-delay", SLOW_PROBE_MS,
                           NULL);

  assert_is_legacy (peer);
  /* Past the probe's late answer. */
  mcp_test_iterate_for (atoi (SLOW_PROBE_MS) - PROBE_GRACE_MS + 500);
  assert_is_legacy (peer);
  assert_legacy_traffic (peer);

  peer_close_and_free (peer);
}

/* A server of both eras answers the late probe first, then takes the
 * initialize that went out beside it: its connection now holds a session
 * of the older era, so that is what the client speaks (the TypeScript
 * SDK's server over stdio does this under load). */
static void
test_dual_era_probe_answered_before_initialize (void)
{
  Peer *peer = peer_start ("--era", "dual", "--discover", "slow", "--discover-delay", SLOW_PROBE_MS,
                           "--initialize-after-discover", NULL);

  assert_is_legacy (peer);
  assert_legacy_traffic (peer);

  peer_close_and_free (peer);
}

static void
count_closed_cb (McpClient    *client,
                 const GError *error,
                 guint        *count)
{
  (*count)++;
}

static void
count_pids_cb (GObject    *object,
               GParamSpec *pspec,
               guint      *count)
{
  if (mcp_stdio_transport_get_subprocess (MCP_STDIO_TRANSPORT (object)) != NULL)
    (*count)++;
}

/* A server of an older SDK that exits when the first message is
 * server/discover: a plain client with the default negotiation starts it
 * again and connects with initialize, within the same connect, and nobody
 * hears of the first end. */
static void
test_exits_on_probe (void)
{
  Peer *peer = peer_new ("--era", "legacy", "--discover", "exit", "--exit-status", "7", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;
  guint closed = 0;
  guint started = 0;
  GPid first_pid;

  g_assert_cmpint (mcp_client_get_version_negotiation (peer->client), ==,
                   MCP_VERSION_NEGOTIATION_AUTO);
  g_assert_true (mcp_transport_can_reopen (MCP_TRANSPORT (peer->transport)));
  g_signal_connect (peer->client, "closed", G_CALLBACK (count_closed_cb), &closed);
  g_signal_connect (peer->transport, "notify::subprocess", G_CALLBACK (count_pids_cb), &started);

  g_assert_true (peer_connect (peer, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (peer->client), ==, MCP_CLIENT_STATE_READY);
  g_assert_cmpuint (closed, ==, 0);
  g_assert_cmpuint (started, ==, 2);
  assert_is_legacy (peer);
  g_assert_null (mcp_client_get_server_supported_versions (peer->client));
  first_pid = peer->pid;
  g_assert_cmpint (first_pid, >, 0);

  /* The first process got the probe, the second initialize: nothing else
   * was asked twice. */
  records = peer_records (peer);
  g_assert_cmpstr (mcp_test_lookup_string (record_message (records->pdata[0]), "method"), ==,
                   "server/discover");
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);
  assert_legacy_traffic (peer);

  g_signal_handlers_disconnect_by_func (peer->transport, count_pids_cb, &started);
  peer_close_and_free (peer);
  g_assert_cmpuint (closed, ==, 1);
}

/* A server that exits on every start: after one more start, the connect
 * fails with what the second run said, and the end is reported once. */
static void
test_exits_on_probe_and_initialize (void)
{
  Peer *peer = peer_new ("--era", "legacy", "--discover", "exit", "--initialize", "exit",
                         "--exit-status", "7", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;
  guint closed = 0;

  g_signal_connect (peer->client, "closed", G_CALLBACK (count_closed_cb), &closed);
  g_assert_false (peer_connect (peer, &error));
  g_assert_nonnull (error);
  g_test_message ("connect failed: %s", error->message);
  g_assert_nonnull (strstr (error->message, "7"));
  g_assert_cmpint (mcp_client_get_state (peer->client), ==, MCP_CLIENT_STATE_CLOSED);
  g_assert_cmpuint (closed, ==, 1);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 1);

  peer_close_and_free (peer);
  g_assert_cmpuint (closed, ==, 1);
}

/* The stateless revision's answer lists what the server speaks. */
static void
test_server_supported_versions (void)
{
  Peer *peer = peer_start ("--era", "stateless", NULL);
  const char * const *versions;

  versions = mcp_client_get_server_supported_versions (peer->client);
  g_assert_nonnull (versions);
  g_assert_true (g_strv_contains (versions, STATELESS_VERSION));

  peer_close_and_free (peer);
}

/* A transport that cannot start its server again (the application's own
 * pipes): the connect fails with its own code, and says what reaches
 * such a server. */
static void
test_dies_during_probe_no_reopen (void)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(McpStreamTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  process = g_subprocess_launcher_spawn (launcher, &error, stateless_python_path (),
                                         stateless_server_script (),
                                         "--era", "legacy", "--discover", "exit",
                                         "--exit-status", "7", NULL);
  g_assert_no_error (error);
  transport = mcp_stream_transport_new (g_subprocess_get_stdout_pipe (process),
                                        g_subprocess_get_stdin_pipe (process));
  g_assert_false (mcp_transport_can_reopen (MCP_TRANSPORT (transport)));
  client = mcp_client_new (MCP_TRANSPORT (transport));

  g_assert_false (mcp_test_connect (client, &error));
  g_test_message ("connect failed: %s", error->message);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_PROBE_ENDED_CONNECTION);
  g_assert_nonnull (strstr (error->message, "server/discover"));
  g_assert_nonnull (strstr (error->message, "legacy handshake"));
  g_assert_cmpint (mcp_client_get_state (client), ==, MCP_CLIENT_STATE_CLOSED);
  g_clear_error (&error);

  g_assert_true (g_subprocess_wait (process, NULL, &error));
  g_assert_no_error (error);
}

/* A server that answers the probe with an error and dies in initialize:
 * the probe is not blamed. */
static void
test_dies_after_probe (void)
{
  Peer *peer = peer_new ("--era", "legacy", "--discover", "error", "--initialize", "exit", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (peer_connect (peer, &error));
  g_assert_nonnull (error);
  g_test_message ("connect failed: %s", error->message);
  g_assert_null (strstr (error->message, "legacy handshake"));

  peer_close_and_free (peer);
}

/* ------------------------------------------------------------------------
 * LEGACY and PINNED
 * ------------------------------------------------------------------------ */

static void
test_negotiation_legacy (void)
{
  Peer *peer = peer_new ("--era", "dual", NULL);
  g_autoptr(GPtrArray) records = NULL;

  mcp_client_set_version_negotiation (peer->client, MCP_VERSION_NEGOTIATION_LEGACY);
  peer_connect_or_fail (peer);
  assert_is_legacy (peer);
  assert_legacy_traffic (peer);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 0);
  g_assert_cmpstr (mcp_test_lookup_string (records->pdata[0], "message.method"), ==, "initialize");

  peer_close_and_free (peer);
}

static void
pin (Peer       *peer,
     const char *version)
{
  mcp_client_set_version_negotiation (peer->client, MCP_VERSION_NEGOTIATION_PINNED);
  mcp_client_set_pinned_protocol_version (peer->client, version);
}

static void
test_pinned_stateless (void)
{
  Peer *peer = peer_new ("--era", "stateless", NULL);

  pin (peer, STATELESS_VERSION);
  peer_connect_or_fail (peer);
  assert_stateless_without_initialize (peer);
  peer_close_and_free (peer);
}

/* Pinned to the stateless revision, an older server is an error: no
 * fallback, whether it refuses the probe or never answers it. */
static void
test_pinned_stateless_legacy_server (void)
{
  Peer *peer = peer_new ("--era", "legacy", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;

  pin (peer, STATELESS_VERSION);
  assert_connect_fails (peer, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, &error);
  g_assert_nonnull (strstr (error->message, STATELESS_VERSION));
  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 0);
  peer_close_and_free (peer);

  peer = peer_new ("--era", "legacy", "--discover", "silent", NULL);
  pin (peer, STATELESS_VERSION);
  mcp_client_set_connect_timeout (peer->client, PROBE_GRACE_MS + 500);
  assert_connect_fails (peer, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, NULL);
  g_clear_pointer (&records, g_ptr_array_unref);
  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 0);
  peer_close_and_free (peer);
}

/* A stateless revision the server does not speak: the error names what it
 * speaks. */
static void
test_pinned_unknown_stateless (void)
{
  Peer *peer = peer_new ("--era", "stateless", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;

  pin (peer, "2027-01-01");
  assert_connect_fails (peer, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, &error);
  g_assert_nonnull (strstr (error->message, "2027-01-01"));
  g_assert_nonnull (strstr (error->message, STATELESS_VERSION));

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);
  assert_envelope (record_message (records->pdata[0]), "2027-01-01");
  g_assert_cmpuint (count_method (records, "initialize"), ==, 0);

  peer_close_and_free (peer);
}

/* Pinned to an older revision: initialize asks for exactly it, and there is
 * no probe; a stateless server refuses it. */
static void
test_pinned_legacy (void)
{
  Peer *peer = peer_new ("--era", "dual", NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *initialize;

  pin (peer, "2025-06-18");
  g_assert_cmpstr (mcp_client_get_pinned_protocol_version (peer->client), ==, "2025-06-18");
  peer_connect_or_fail (peer);
  g_assert_false (mcp_client_get_stateless (peer->client));
  g_assert_cmpstr (mcp_client_get_protocol_version (peer->client), ==, "2025-06-18");
  mcp_test_assert_echo_works (peer->client);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 0);
  initialize = record_message (records->pdata[0]);
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "method"), ==, "initialize");
  g_assert_cmpstr (mcp_test_lookup_string (initialize, "params.protocolVersion"), ==,
                   "2025-06-18");
  assert_no_envelope (initialize);
  peer_close_and_free (peer);

  peer = peer_new ("--era", "stateless", NULL);
  pin (peer, "2025-06-18");
  assert_connect_fails (peer, MCP_ERROR, -32022, &error);
  peer_close_and_free (peer);
}

/* ------------------------------------------------------------------------
 * Cancelling the connect
 * ------------------------------------------------------------------------ */

typedef struct
{
  Peer       *peer;
  const char *method;
} Awaited;

static gboolean
server_received (gpointer data)
{
  Awaited *awaited = data;
  g_autoptr(GPtrArray) records = peer_records (awaited->peer);

  return count_method (records, awaited->method) > 0;
}

/* Connects, and cancels as soon as the server received @method. */
static void
connect_and_cancel (Peer       *peer,
                    const char *method)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Awaited awaited = { peer, method };

  mcp_client_connect_async (peer->client, cancellable, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_test_wait_until (server_received, &awaited, 5000));
  g_assert_null (result);
  g_cancellable_cancel (cancellable);
  mcp_test_await_result (&result, "the cancelled connect");

  g_assert_false (mcp_client_connect_finish (peer->client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (mcp_client_get_state (peer->client), ==, MCP_CLIENT_STATE_CLOSED);
}

/* Cancelled while the probe waits: the connect ends, and initialize never
 * goes out, not even once the grace would have passed. */
static void
test_cancel_during_probe (void)
{
  Peer *peer = peer_new ("--era", "legacy", "--discover", "silent", NULL);
  g_autoptr(GPtrArray) records = NULL;

  connect_and_cancel (peer, "server/discover");
  mcp_test_iterate_for (PROBE_GRACE_MS + 500);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 0);

  peer_close_and_free (peer);
}

/* initialize is never cancelled with a notification (other SDKs send
 * one); the probe may be. */
static void
assert_initialize_not_cancelled (GPtrArray *records)
{
  JsonObject *initialize = record_message (find_method (records, "initialize", 0));
  gint64 initialize_id = mcp_test_lookup_int_or_fail (initialize, "id");
  JsonObject *cancelled;

  for (guint i = 0; (cancelled = find_method (records, "notifications/cancelled", i)); i++)
    g_assert_cmpint (mcp_test_lookup_int_or_fail (record_message (cancelled),
                                                  "params.requestId"), !=, initialize_id);
}

/* Cancelled while both the probe and initialize wait. */
static void
test_cancel_during_probe_and_initialize (void)
{
  Peer *peer = peer_new ("--era", "legacy", "--discover", "silent", "--initialize", "silent",
                         NULL);
  g_autoptr(GPtrArray) records = NULL;


  connect_and_cancel (peer, "initialize");
  /* Everything the client sent has been read once the server is gone. */
  peer_wait_gone (peer);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 1);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 1);
  assert_initialize_not_cancelled (records);

  peer_close_and_free (peer);
}

/* Cancelled while initialize waits, without a probe. */
static void
test_cancel_during_initialize (void)
{
  Peer *peer = peer_new ("--era", "legacy", "--initialize", "silent", NULL);
  g_autoptr(GPtrArray) records = NULL;

  mcp_client_set_version_negotiation (peer->client, MCP_VERSION_NEGOTIATION_LEGACY);
  connect_and_cancel (peer, "initialize");
  peer_wait_gone (peer);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "server/discover"), ==, 0);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 1);
  assert_initialize_not_cancelled (records);

  peer_close_and_free (peer);
}

/* Cancels the connect from within the client, at the moment it learns
 * who the server is: the handshake's answer has arrived and been taken, and
 * nothing is left that the cancellable could still stop. */
static void
cancel_on_server_info (GObject    *object,
                       GParamSpec *pspec,
                       gpointer    user_data)
{
  g_cancellable_cancel (user_data);
}

static gboolean
transport_is_closed (gpointer data)
{
  return mcp_transport_is_closed (data);
}

/* Connects, and cancels once the server's answer that settles the connect
 * was taken: the connect fails as cancelled, and a failed connect leaves
 * the client closed and the server stopped, never ready. */
static void
connect_and_cancel_when_answered (Peer *peer)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gulong handler;

  handler = g_signal_connect (peer->client, "notify::server-info",
                              G_CALLBACK (cancel_on_server_info), cancellable);
  mcp_client_connect_async (peer->client, cancellable, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the connect cancelled once answered");
  g_signal_handler_disconnect (peer->client, handler);

  g_assert_true (g_cancellable_is_cancelled (cancellable));
  g_assert_false (mcp_client_connect_finish (peer->client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (mcp_client_get_state (peer->client), ==, MCP_CLIENT_STATE_CLOSED);
  g_assert_true (mcp_test_wait_until (transport_is_closed, peer->transport, 5000));
}

/* The legacy handshake: initialize was answered, notifications/initialized
 * is on its way. */
static void
test_cancel_after_initialize_answered (void)
{
  Peer *peer = peer_new ("--era", "dual", NULL);

  mcp_client_set_version_negotiation (peer->client, MCP_VERSION_NEGOTIATION_LEGACY);
  connect_and_cancel_when_answered (peer);

  peer_close_and_free (peer);
}

/* The probe found an older server, and initialize was answered. */
static void
test_cancel_after_fallback_answered (void)
{
  Peer *peer = peer_new ("--era", "legacy", NULL);
  g_autoptr(GPtrArray) records = NULL;

  connect_and_cancel_when_answered (peer);

  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "initialize"), ==, 1);

  peer_close_and_free (peer);
}

/* The probe was answered by a stateless server. */
static void
test_cancel_after_probe_answered (void)
{
  Peer *peer = peer_new ("--era", "stateless", NULL);

  connect_and_cancel_when_answered (peer);

  peer_close_and_free (peer);
}

/* ------------------------------------------------------------------------
 * The errors of the stateless revision, as an application matches them
 * ------------------------------------------------------------------------ */

static GError *
call_refused (Peer       *peer,
              const char *arguments_json)
{
  g_autoptr(McpToolResult) result = NULL;
  GError *error = NULL;

  result = mcp_test_call_tool (peer->client, "refuse", arguments_json, NULL, NULL, &error);
  g_assert_null (result);
  g_assert_nonnull (error);
  g_test_message ("The call failed: %s", error->message);

  return error;
}

/* Each code the revision defines reaches the application as its McpError,
 * with the server's data, and the connection goes on. */
static void
test_error_codes (void)
{
  Peer *peer = peer_start ("--era", "stateless", NULL);
  g_autoptr(GPtrArray) records = NULL;
  GError *error;
  JsonNode *data;

  /* A header mismatch: the client lists the tools again and calls once
   * more before it gives up. */
  error = call_refused (peer, "{\"code\": -32020, \"message\": \"Header mismatch\"}");
  g_assert_error (error, MCP_ERROR, MCP_ERROR_HEADER_MISMATCH);
  g_clear_error (&error);
  records = peer_records (peer);
  g_assert_cmpuint (count_method (records, "tools/call"), ==, 2);
  g_assert_cmpuint (count_method (records, "tools/list"), ==, 1);

  error = call_refused (peer, "{\"code\": -32021, \"message\": \"Missing capability\", "
                        "\"data\": {\"requiredCapabilities\": {\"sampling\": {}}}}");
  g_assert_error (error, MCP_ERROR, MCP_ERROR_MISSING_REQUIRED_CLIENT_CAPABILITY);
  g_assert_nonnull (strstr (error->message, "sampling"));
  data = mcp_error_get_data (error);
  g_assert_nonnull (data);
  g_assert_nonnull (mcp_test_lookup_object (json_node_get_object (data), "requiredCapabilities"));
  g_clear_error (&error);

  error = call_refused (peer, "{\"code\": -32022, \"message\": \"Unsupported version\", "
                        "\"data\": {\"supported\": [\"2099-01-01\"]}}");
  g_assert_error (error, MCP_ERROR, MCP_ERROR_UNSUPPORTED_PROTOCOL_VERSION);
  g_assert_nonnull (mcp_error_get_data (error));
  g_clear_error (&error);

  mcp_test_assert_echo_works (peer->client);
  peer_close_and_free (peer);
}

int
main (int   argc,
      char *argv[])
{
  if (!stateless_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/Negotiation/stateless-server", test_stateless_server);
  g_test_add_func ("/Mcp/Negotiation/server-info-elsewhere", test_server_info_elsewhere);
  g_test_add_func ("/Mcp/Negotiation/dual-era-server", test_dual_era_server);
  g_test_add_func ("/Mcp/Negotiation/unsupported-retried", test_unsupported_retried);
  g_test_add_func ("/Mcp/Negotiation/unsupported-twice", test_unsupported_twice);
  g_test_add_func ("/Mcp/Negotiation/unsupported-legacy-only", test_unsupported_legacy_only);
  g_test_add_func ("/Mcp/Negotiation/unsupported-nothing-usable", test_unsupported_nothing_usable);
  g_test_add_func ("/Mcp/Negotiation/legacy-method-not-found", test_legacy_method_not_found);
  g_test_add_func ("/Mcp/Negotiation/legacy-other-error", test_legacy_other_error);
  g_test_add_func ("/Mcp/Negotiation/legacy-silent", test_legacy_silent);
  g_test_add_func ("/Mcp/Negotiation/stateless-slow-probe", test_stateless_slow_probe);
  g_test_add_func ("/Mcp/Negotiation/dual-era-slow-probe", test_dual_era_slow_probe);
  g_test_add_func ("/Mcp/Negotiation/dual-era-probe-answered-before-initialize",
                   test_dual_era_probe_answered_before_initialize);
  g_test_add_func ("/Mcp/Negotiation/exits-on-probe", test_exits_on_probe);
  g_test_add_func ("/Mcp/Negotiation/exits-on-probe-and-initialize",
                   test_exits_on_probe_and_initialize);
  g_test_add_func ("/Mcp/Negotiation/server-supported-versions", test_server_supported_versions);
  g_test_add_func ("/Mcp/Negotiation/dies-during-probe-no-reopen",
                   test_dies_during_probe_no_reopen);
  g_test_add_func ("/Mcp/Negotiation/dies-after-probe", test_dies_after_probe);
  g_test_add_func ("/Mcp/Negotiation/legacy", test_negotiation_legacy);
  g_test_add_func ("/Mcp/Negotiation/pinned-stateless", test_pinned_stateless);
  g_test_add_func ("/Mcp/Negotiation/pinned-stateless-legacy-server",
                   test_pinned_stateless_legacy_server);
  g_test_add_func ("/Mcp/Negotiation/pinned-unknown-stateless", test_pinned_unknown_stateless);
  g_test_add_func ("/Mcp/Negotiation/pinned-legacy", test_pinned_legacy);
  g_test_add_func ("/Mcp/Negotiation/cancel-during-probe", test_cancel_during_probe);
  g_test_add_func ("/Mcp/Negotiation/cancel-during-initialize", test_cancel_during_initialize);
  g_test_add_func ("/Mcp/Negotiation/cancel-during-probe-and-initialize",
                   test_cancel_during_probe_and_initialize);
  g_test_add_func ("/Mcp/Negotiation/cancel-after-initialize-answered",
                   test_cancel_after_initialize_answered);
  g_test_add_func ("/Mcp/Negotiation/cancel-after-fallback-answered",
                   test_cancel_after_fallback_answered);
  g_test_add_func ("/Mcp/Negotiation/cancel-after-probe-answered",
                   test_cancel_after_probe_answered);
  g_test_add_func ("/Mcp/Negotiation/error-codes", test_error_codes);

  return stateless_test_run ();
}
