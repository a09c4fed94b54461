/* connect-bench.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What choosing the protocol revision costs a user of an older server:
 * the time from mcp_client_connect_async() to the client being ready,
 * with the default negotiation (the server/discover probe, then
 * initialize) or with the legacy handshake alone. One connect per run,
 * against the server command given after "--"; run-bench-connect.py runs
 * the two alternately and prints the medians (README.md beside this
 * file).
 *
 * Beside the total, the run reports when the first message from the
 * server arrived, which with the probe is its answer to server/discover:
 * what comes after it is the part of the connect the probe adds to.
 */

#include <mcp-glib/mcp-glib.h>

#include "bench-util.h"

static char *negotiation;

static const GOptionEntry entries[] = {
  { "negotiation", 'n', 0, G_OPTION_ARG_STRING, &negotiation,
    "How the client chooses the revision: auto (the default) or legacy", "MODE" },
  { NULL }
};

typedef struct
{
  GMainLoop *loop;
  gint64     start;
  gint64     first_message;
  gboolean   ok;
  GError    *error;
} Run;

static void
on_message (McpTransport *transport,
            JsonNode     *message,
            Run          *run)
{
  if (run->first_message == 0)
    run->first_message = g_get_monotonic_time ();
}

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Run *run = user_data;

  run->ok = mcp_client_connect_finish (MCP_CLIENT (object), result, &run->error);
  g_main_loop_quit (run->loop);
}

static void
on_closed (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Run *run = user_data;

  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  g_main_loop_quit (run->loop);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("-- SERVER [ARGUMENT…]");
  g_autoptr(McpStdioTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(JsonBuilder) report = NULL;
  g_autoptr(GError) error = NULL;
  Run run = { 0 };
  gint64 ready;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("connect-bench: %s\n", error->message);
      return 2;
    }
  /* GOption keeps the "--" when an argument after it looks like an option. */
  if (argc >= 2 && g_str_equal (argv[1], "--"))
    {
      argv++;
      argc--;
    }
  if (argc < 2)
    {
      g_printerr ("connect-bench: the server's command is missing\n");
      return 2;
    }

  transport = mcp_stdio_transport_new ((const char * const *) argv + 1);
  client = mcp_client_new (MCP_TRANSPORT (transport));
  if (g_strcmp0 (negotiation, "legacy") == 0)
    mcp_client_set_version_negotiation (client, MCP_VERSION_NEGOTIATION_LEGACY);
  else if (negotiation != NULL && !g_str_equal (negotiation, "auto"))
    {
      g_printerr ("connect-bench: unknown negotiation “%s”\n", negotiation);
      return 2;
    }

  g_signal_connect (transport, "message-received", G_CALLBACK (on_message), &run);

  run.loop = g_main_loop_new (NULL, FALSE);
  run.start = g_get_monotonic_time ();
  mcp_client_connect_async (client, NULL, on_connected, &run);
  g_main_loop_run (run.loop);
  ready = g_get_monotonic_time ();

  if (!run.ok)
    {
      g_printerr ("connect-bench: %s\n", run.error->message);
      g_clear_error (&run.error);
      g_main_loop_unref (run.loop);
      return 1;
    }

  report = json_builder_new ();
  json_builder_begin_object (report);
  bench_add_string (report, "negotiation", negotiation != NULL ? negotiation : "auto");
  bench_add_string (report, "protocol_version", mcp_client_get_protocol_version (client));
  bench_add_double (report, "connect_ms", (ready - run.start) / 1000.0);
  bench_add_double (report, "first_message_ms", (run.first_message - run.start) / 1000.0);
  bench_add_double (report, "after_first_message_ms", (ready - run.first_message) / 1000.0);
  bench_print (report);

  mcp_client_close_async (client, NULL, on_closed, &run);
  g_main_loop_run (run.loop);
  g_main_loop_unref (run.loop);

  return 0;
}
