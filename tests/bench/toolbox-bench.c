/* toolbox-bench.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The agent bridge (McpToolbox, issue 23), through the public API:
 *
 * - definitions: 20 bench-echo-server processes of 50 tools each (1,000
 *   tools, 960 of them with a schema of references, an enum and a
 *   nullable type) in one group; the median time and CPU of
 *   mcp_toolbox_dup_definitions () for each API;
 * - a turn: an OpenAI response that asks for 64 calls of echo spread over
 *   the servers, run with mcp_toolbox_run_async () (approved by a handler),
 *   against the same 64 calls made straight through
 *   mcp_client_group_call_tool_async (); the difference of their CPU per
 *   call is the bridge's own, set beside the CPU of one sequential stdio
 *   call (the same call, one at a time).
 *
 * Usage: toolbox-bench SERVER [TURNS [DEFINITION_ROUNDS]]
 * (SERVER: bench-echo-server; DEFINITION_ROUNDS 0 leaves the definitions
 * out, for callgrind: see README.md). Prints one JSON object. Not a test:
 * run it by hand on an idle machine.
 */

#include "bench-util.h"

#define N_SERVERS 20
#define TOOLS_PER_SERVER 50
#define N_CALLS 64

static GAsyncResult *
await (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *slot;
}

static void
store (GObject      *source,
       GAsyncResult *result,
       gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static double
cpu_s (void)
{
  BenchCpuTime now = bench_cpu_now ();

  return now.user + now.sys;
}

static gboolean
approve (McpToolbox     *toolbox,
         McpToolboxCall *call,
         gpointer        user_data)
{
  mcp_toolbox_call_approve (call);
  return TRUE;
}

typedef struct
{
  guint pending;
} Direct;

static void
on_direct_called (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Direct *direct = user_data;
  g_autoptr(McpToolResult) answer = mcp_client_group_call_tool_finish (MCP_CLIENT_GROUP (source),
                                                                       result, NULL);

  g_assert (answer != NULL);
  direct->pending--;
}

/* Not inlined: callgrind collects in these two alone. */
G_GNUC_NO_INLINE static void
direct_turn (McpClientGroup *group,
             JsonObject     *arguments)
{
  Direct direct = { N_CALLS };

  for (guint i = 0; i < N_CALLS; i++)
    {
      g_autofree char *name = g_strdup_printf ("s%u__echo", i % N_SERVERS);

      mcp_client_group_call_tool_async (group, name, arguments, NULL, NULL, on_direct_called, &direct);
    }
  while (direct.pending > 0)
    g_main_context_iteration (NULL, TRUE);
}

static JsonNode *
turn_response (void)
{
  g_autoptr(GString) text = g_string_new ("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"tool_calls\":[");

  for (guint i = 0; i < N_CALLS; i++)
    g_string_append_printf (text, "%s{\"id\":\"call_%u\",\"type\":\"function\",\"function\":"
                            "{\"name\":\"s%u__echo\",\"arguments\":\"{\\\"text\\\":\\\"%s\\\"}\"}}",
                            i > 0 ? "," : "", i, i % N_SERVERS,
                            "The quick brown fox jumps over the lazy dog. The quick brown f");
  g_string_append (text, "]}}]}");
  return json_from_string (text->str, NULL);
}

G_GNUC_NO_INLINE static void
toolbox_turn (McpToolbox *toolbox,
              JsonNode   *response)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) messages = NULL;

  mcp_toolbox_run_async (toolbox, response, NULL, store, &result);
  messages = mcp_toolbox_run_finish (toolbox, await (&result), NULL);
  g_assert (messages != NULL && json_array_get_length (json_node_get_array (messages)) == N_CALLS);
}

int
main (int   argc,
      char *argv[])
{
  static const char * const format_names[] = {
    "openai", "openai-responses", "anthropic", "gemini", "ollama",
  };
  g_autoptr(McpClientGroup) group = mcp_client_group_new ();
  g_autoptr(McpToolbox) toolbox = NULL;
  g_autoptr(JsonBuilder) report = json_builder_new ();
  g_autoptr(JsonNode) response = NULL;
  g_autoptr(JsonObject) arguments = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *extra = g_strdup_printf ("%d", TOOLS_PER_SERVER - 2);
  g_autoptr(GArray) direct_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bridge_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) direct_wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bridge_wall = g_array_new (FALSE, FALSE, sizeof (double));
  int turns = argc > 2 ? atoi (argv[2]) : 50;
  int rounds = argc > 3 ? atoi (argv[3]) : 20;
  double cpu;
  gint64 start;

  if (argc < 2)
    {
      g_printerr ("Usage: %s SERVER [TURNS]\n", argv[0]);
      return 2;
    }

  for (guint i = 0; i < N_SERVERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("s%u", i);
      const char *server_argv[] = { argv[1], "--tools", extra, NULL };
      g_autoptr(McpServerConfig) config = mcp_server_config_new_stdio (name, server_argv);

      mcp_client_group_add_config (group, config, NULL);
    }
  mcp_client_group_connect_async (group, NULL, store, &result);
  mcp_client_group_connect_finish (group, await (&result), NULL);

  toolbox = mcp_toolbox_new (group, MCP_TOOLBOX_FORMAT_OPENAI);
  g_signal_connect (toolbox, "approve-call", G_CALLBACK (approve), NULL);

  json_builder_begin_object (report);
  bench_add_int (report, "tools", g_list_model_get_n_items (mcp_toolbox_get_tools (toolbox)));

  /* Definitions, per API. */
  for (guint format = MCP_TOOLBOX_FORMAT_OPENAI; rounds > 0 && format <= MCP_TOOLBOX_FORMAT_OLLAMA; format++)
    {
      g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
      g_autofree char *key = g_strdup_printf ("definitions_ms_%s", format_names[format]);

      mcp_toolbox_set_format (toolbox, format);
      for (int i = 0; i < rounds; i++)
        {
          g_autoptr(JsonNode) definitions = NULL;
          double ms;

          start = g_get_monotonic_time ();
          definitions = mcp_toolbox_dup_definitions (toolbox);
          ms = bench_elapsed_s (start) * 1000;
          g_array_append_val (wall, ms);
        }
      bench_add_double (report, key, bench_median (wall));
    }
  mcp_toolbox_set_format (toolbox, MCP_TOOLBOX_FORMAT_OPENAI);

  /* A turn of 64 calls, against the same calls made straight. */
  response = turn_response ();
  arguments = bench_echo_arguments ("The quick brown fox jumps over the lazy dog. The quick brown f");
  direct_turn (group, arguments);
  toolbox_turn (toolbox, response);
  for (int i = 0; i < turns; i++)
    {
      double value;

      cpu = cpu_s ();
      start = g_get_monotonic_time ();
      direct_turn (group, arguments);
      value = bench_elapsed_s (start) * 1000;
      g_array_append_val (direct_wall, value);
      value = (cpu_s () - cpu) * 1e6 / N_CALLS;
      g_array_append_val (direct_cpu, value);

      cpu = cpu_s ();
      start = g_get_monotonic_time ();
      toolbox_turn (toolbox, response);
      value = bench_elapsed_s (start) * 1000;
      g_array_append_val (bridge_wall, value);
      value = (cpu_s () - cpu) * 1e6 / N_CALLS;
      g_array_append_val (bridge_cpu, value);
    }
  bench_add_double (report, "turn_ms_direct", bench_median (direct_wall));
  bench_add_double (report, "turn_ms_toolbox", bench_median (bridge_wall));
  bench_add_double (report, "cpu_us_per_call_direct", bench_median (direct_cpu));
  bench_add_double (report, "cpu_us_per_call_toolbox", bench_median (bridge_cpu));
  bench_add_double (report, "cpu_us_per_call_bridge_own",
                    bench_median (bridge_cpu) - bench_median (direct_cpu));

  /* One stdio call at a time: what the bridge's share is measured against. */
  {
    g_autoptr(GArray) sequential = g_array_new (FALSE, FALSE, sizeof (double));

    for (int i = 0; i < turns; i++)
      {
        double value;

        cpu = cpu_s ();
        for (int j = 0; j < N_CALLS; j++)
          {
            g_autoptr(GAsyncResult) called = NULL;
            g_autoptr(McpToolResult) answer = NULL;

            mcp_client_group_call_tool_async (group, "s0__echo", arguments, NULL, NULL, store, &called);
            answer = mcp_client_group_call_tool_finish (group, await (&called), NULL);
            g_assert (answer != NULL);
          }
        value = (cpu_s () - cpu) * 1e6 / N_CALLS;
        g_array_append_val (sequential, value);
      }
    bench_add_double (report, "cpu_us_per_sequential_stdio_call", bench_median (sequential));
  }
  bench_print (report);

  g_clear_object (&result);
  mcp_client_group_close_async (group, NULL, store, &result);
  mcp_client_group_close_finish (group, await (&result), NULL);

  return 0;
}
