/* sandbox-bench.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the sandbox (McpSandbox) adds to a stdio server's start: the time
 * from mcp_client_connect_async() to the client being ready, for the
 * server command given after "--", with and without a sandbox, in
 * alternation, ROUNDS times each (default 20). Prints the medians and
 * their difference; with --domains, the sandbox allows a domain, which
 * adds the proxy and the forwarder inside. See README.md beside this file.
 *
 *   sandbox-bench [-n ROUNDS] [--domains] -- SERVER [ARG...]
 */

#include <stdlib.h>

#include <mcp-glib/mcp-glib.h>

static int rounds = 20;
static gboolean domains;

static const GOptionEntry entries[] = {
  { "rounds", 'n', 0, G_OPTION_ARG_INT, &rounds, "How many starts of each kind", "ROUNDS" },
  { "domains", 'd', 0, G_OPTION_ARG_NONE, &domains,
    "Allow a domain in the sandbox (starts the proxy)", NULL },
  { NULL }
};

typedef struct
{
  GMainLoop *loop;
  gboolean   ok;
  GError    *error;
} Run;

static void
done_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Run *run = user_data;

  if (run->ok)
    run->ok = mcp_client_connect_finish (MCP_CLIENT (object), result, &run->error);
  else
    mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  g_main_loop_quit (run->loop);
}

/* One start to ready, in microseconds; then the close. */
static gint64
one_start (const char * const *argv,
           McpSandbox         *sandbox)
{
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(McpClient) client = NULL;
  Run run = { g_main_loop_new (NULL, FALSE), TRUE, NULL };
  gint64 start, elapsed;

  mcp_stdio_transport_set_sandbox (transport, sandbox);
  client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_version_negotiation (client, MCP_VERSION_NEGOTIATION_LEGACY);

  start = g_get_monotonic_time ();
  mcp_client_connect_async (client, NULL, done_cb, &run);
  g_main_loop_run (run.loop);
  elapsed = g_get_monotonic_time () - start;
  if (!run.ok)
    g_error ("Could not connect: %s", run.error->message);

  run.ok = FALSE;
  mcp_client_close_async (client, NULL, done_cb, &run);
  g_main_loop_run (run.loop);
  g_main_loop_unref (run.loop);

  return elapsed;
}

static int
compare (const void *a,
         const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static double
median_ms (GArray *times)
{
  g_array_sort (times, compare);
  return g_array_index (times, gint64, times->len / 2) / 1000.0;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("-- SERVER [ARG…]");
  g_autoptr(GError) error = NULL;
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(GArray) plain = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) boxed = g_array_new (FALSE, FALSE, sizeof (gint64));
  double without, with;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2 || rounds < 1)
    {
      g_printerr ("usage: sandbox-bench [-n ROUNDS] [--domains] -- SERVER [ARG…]\n");
      return 2;
    }

  if (domains)
    mcp_sandbox_add_allowed_domain (sandbox, "registry.npmjs.org");

  /* One of each first, not measured: caches. */
  one_start ((const char * const *) argv + 1, NULL);
  one_start ((const char * const *) argv + 1, sandbox);

  for (int i = 0; i < rounds; i++)
    {
      gint64 t = one_start ((const char * const *) argv + 1, NULL);

      g_array_append_val (plain, t);
      t = one_start ((const char * const *) argv + 1, sandbox);
      g_array_append_val (boxed, t);
    }

  without = median_ms (plain);
  with = median_ms (boxed);
  g_print ("spawn to ready, median of %d: without a sandbox %.2f ms, with %.2f ms%s, "
           "added %.2f ms\n",
           rounds, without, with, domains ? " (and the proxy)" : "", with - without);

  return EXIT_SUCCESS;
}
