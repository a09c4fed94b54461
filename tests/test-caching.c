/* test-caching.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Lists a stateless server says stay fresh for a while (CacheableResult's
 * ttlMs, 2026-07-28): the client answers from what it read while they are
 * fresh, reads again once they are not, and its live model of a list whose
 * changes the server does not report is read again when it goes stale.
 * Against tests/mcp-stateless-test-server.py, which records what it gets.
 */

#include <mcp-glib/mcp-glib.h>

#include "mcp-stateless-test-util.h"

static GListModel *
list_tools (Peer *peer)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *tools;

  mcp_client_list_tools_async (peer->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "tools/list");
  tools = mcp_client_list_tools_finish (peer->client, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tools);

  return tools;
}

static guint
tools_lists_sent (Peer *peer)
{
  g_autoptr(GPtrArray) records = peer_records (peer);

  return count_method (records, "tools/list");
}

/* Fresh for a minute: the second listing is answered from the first. */
static void
test_fresh_list (void)
{
  Peer *peer = peer_start ("--tools-ttl=60000", NULL);
  g_autoptr(GListModel) first = NULL;
  g_autoptr(GListModel) second = NULL;
  guint sent;

  first = list_tools (peer);
  sent = tools_lists_sent (peer);
  second = list_tools (peer);

  g_assert_cmpuint (tools_lists_sent (peer), ==, sent);
  g_assert_cmpuint (g_list_model_get_n_items (second), ==, g_list_model_get_n_items (first));
  g_assert_cmpuint (g_list_model_get_n_items (second), >, 0);
  /* Each caller gets a list of its own. */
  g_assert_true (first != second);

  peer_close_and_free (peer);
}

/* Fresh for as long as a signed 64-bit integer says: clamped, never
 * wrapped into a time in the past. */
static void
test_huge_ttl (void)
{
  Peer *peer = peer_start ("--tools-ttl=9223372036854775807", NULL);
  g_autoptr(GListModel) first = NULL;
  g_autoptr(GListModel) second = NULL;
  guint sent;

  first = list_tools (peer);
  sent = tools_lists_sent (peer);
  second = list_tools (peer);

  g_assert_cmpuint (tools_lists_sent (peer), ==, sent);
  g_assert_cmpuint (g_list_model_get_n_items (second), ==, g_list_model_get_n_items (first));

  peer_close_and_free (peer);
}

/* Fresh for no time at all (or without a ttlMs): every listing asks. */
static void
test_stale_list (void)
{
  Peer *peer = peer_start ("--tools-ttl=0", NULL);
  g_autoptr(GListModel) first = NULL;
  g_autoptr(GListModel) second = NULL;
  guint sent;

  first = list_tools (peer);
  sent = tools_lists_sent (peer);
  second = list_tools (peer);

  g_assert_cmpuint (tools_lists_sent (peer), ==, sent + 1);

  peer_close_and_free (peer);
}

static gboolean
listed_again (gpointer user_data)
{
  Peer *peer = user_data;

  return tools_lists_sent (peer) >= 2;
}

/* A live model of a list whose changes the server does not report is read
 * again when the list goes stale, and not before. */
static void
test_live_model_expiry (void)
{
  Peer *peer = peer_start ("--tools-ttl=1200", "--no-list-changed", NULL);
  GListModel *tools = mcp_client_get_tools_model (peer->client);
  gint64 start = g_get_monotonic_time ();

  g_assert_true (mcp_test_wait_until (listed_again, peer, 10000));
  /* Not before it went stale. */
  g_assert_cmpint (mcp_test_elapsed_ms (start), >=, 1000);
  g_assert_cmpuint (g_list_model_get_n_items (tools), >, 0);

  peer_close_and_free (peer);
}

static gboolean
listed_thrice (gpointer user_data)
{
  Peer *peer = user_data;

  return tools_lists_sent (peer) >= 3;
}

/* The refresh of a stale list fails once: the model is read again after
 * a while, rather than never again. */
static void
test_live_model_retry (void)
{
  Peer *peer = peer_start ("--tools-ttl=500", "--no-list-changed", "--fail-tools-list=2",
                           NULL);
  GListModel *tools = mcp_client_get_tools_model (peer->client);

  g_assert_true (mcp_test_wait_until (listed_thrice, peer, 15000));
  g_assert_cmpuint (g_list_model_get_n_items (tools), >, 0);

  peer_close_and_free (peer);
}

/* A list whose changes the server reports is not read again on a timer. */
static void
test_live_model_reported (void)
{
  Peer *peer = peer_start ("--tools-ttl=300", NULL);

  mcp_client_get_tools_model (peer->client);
  mcp_test_iterate_for (1500);
  g_assert_cmpuint (tools_lists_sent (peer), ==, 1);

  peer_close_and_free (peer);
}

int
main (int    argc,
      char **argv)
{
  if (!stateless_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/Mcp/Caching/fresh-list", test_fresh_list);
  g_test_add_func ("/Mcp/Caching/huge-ttl", test_huge_ttl);
  g_test_add_func ("/Mcp/Caching/stale-list", test_stale_list);
  g_test_add_func ("/Mcp/Caching/live-model-expiry", test_live_model_expiry);
  g_test_add_func ("/Mcp/Caching/live-model-retry", test_live_model_retry);
  g_test_add_func ("/Mcp/Caching/live-model-reported", test_live_model_reported);

  return stateless_test_run ();
}
