/* json-read-bench.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The JSON reader of incoming messages (_mcp_json_read ()) against
 * json-glib's parser, on the two answers of the benchmark: a typical
 * tools/call answer with a 64-byte text, and one whose text is 16 MiB.
 * Prints, for each parser and input, the median time per parse, to free
 * the tree (the same trees, so the same for all), and both:
 *
 *   json-read-bench [--parser reader|json-glib|old-path] [--input small|large]
 *                   [--iterations N]
 *
 * "old-path" is what the transports did before the reader
 * (tests/json-glib-reference.c): a check of the text, then json-glib. Build it optimized (e.g.
 * --buildtype=debugoptimized) to compare with the distribution's json-glib.
 *
 * For instruction counts, run one parser on one input under callgrind,
 * collecting only inside the function that parses, e.g.
 *
 *   valgrind --tool=callgrind --toggle-collect=parse_reader \
 *     json-read-bench --parser reader --input small --iterations 1000
 *
 * (parse_json_glib or parse_old_path for the others; add
 * --toggle-collect=free_tree to count freeing too) and divide the total by
 * the iterations: with --iterations, there is no warm-up and a single run,
 * so that the function is called exactly that many times.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>

#include "mcp-json-private.h"
#include "mcp-json-reader-private.h"

#include "json-glib-reference.h"

#define TEXT_PATTERN "The quick brown fox jumps over the lazy dog. "
#define SMALL_TEXT_SIZE 64
#define LARGE_TEXT_SIZE (16 * 1024 * 1024)

static char *parser_name;
static char *input_name;
static int iterations;

static GOptionEntry entries[] = {
  { "parser", 0, 0, G_OPTION_ARG_STRING, &parser_name,
    "Only this parser: reader, json-glib or old-path", "NAME" },
  { "input", 0, 0, G_OPTION_ARG_STRING, &input_name, "Only this input: small or large", "NAME" },
  { "iterations", 0, 0, G_OPTION_ARG_INT, &iterations,
    "Parses timed (default: 200000 of the small input, 5 of the large one)", "N" },
  { NULL }
};

/* Each one parses, and is not inlined, so that callgrind can count the
 * instructions inside. */
G_NO_INLINE static JsonNode *
parse_reader (JsonParser *parser,
              const char *data,
              gsize       len)
{
  return _mcp_json_read (data, len, MCP_JSON_MAX_DEPTH, NULL);
}

G_NO_INLINE static JsonNode *
parse_json_glib (JsonParser *parser,
                 const char *data,
                 gsize       len)
{
  if (!json_parser_load_from_data (parser, data, len, NULL))
    return NULL;
  return json_parser_steal_root (parser);
}

G_NO_INLINE static JsonNode *
parse_old_path (JsonParser *parser,
                const char *data,
                gsize       len)
{
  return json_glib_reference_parse (parser, data, len, NULL);
}

/* The same for all: the trees are the same. */
G_NO_INLINE static void
free_tree (JsonNode *root)
{
  json_node_unref (root);
}

typedef JsonNode *(*ParseFunc) (JsonParser *parser,
                                const char *data,
                                gsize       len);

static const struct
{
  const char *name;
  ParseFunc   parse;
} parsers[] = {
  { "reader", parse_reader },
  { "json-glib", parse_json_glib },
  { "old-path", parse_old_path },
};

static char *
make_answer (gsize size)
{
  GString *answer = g_string_sized_new (size + 128);

  g_string_append (answer, "{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":{\"content\":"
                           "[{\"type\":\"text\",\"text\":\"");
  for (gsize i = 0; i < size; i++)
    g_string_append_c (answer, TEXT_PATTERN[i % (sizeof TEXT_PATTERN - 1)]);
  g_string_append (answer, "\"}]}}");

  return g_string_free (answer, FALSE);
}

/* Both parsers must read the input the same way before they are timed. */
static void
check_same (const char *data,
            gsize       len)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = _mcp_json_read (data, len, MCP_JSON_MAX_DEPTH, &error);
  g_autoptr(JsonNode) expected = NULL;

  if (node == NULL)
    g_error ("The reader failed: %s", error->message);
  if (!json_parser_load_from_data (parser, data, len, &error))
    g_error ("json-glib failed: %s", error->message);
  expected = json_parser_steal_root (parser);
  if (!json_node_equal (node, expected))
    g_error ("The reader and json-glib read the input differently");
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The medians over @runs runs of @n parses, in µs per parse: parsing
 * (*@parse_us) and freeing the tree (*@free_us), one after the other as a
 * client does, so that the allocator reuses what was just freed. Both
 * include a read of the monotonic clock (some 20 ns). */
static void
time_parser (ParseFunc   parse,
             const char *data,
             gsize       len,
             int         n,
             int         runs,
             double     *parse_us,
             double     *free_us)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree double *parse_times = g_new (double, runs);
  g_autofree double *free_times = g_new (double, runs);

  /* Warm-up (caches, the slice allocator), unless the iterations were
   * given: then every call is one of them, for callgrind. */
  for (int i = 0; iterations == 0 && i < MIN (n, 1000); i++)
    {
      JsonNode *root = parse (parser, data, len);

      if (root == NULL)
        g_error ("A parser failed");
      free_tree (root);
    }

  for (int r = 0; r < runs; r++)
    {
      gint64 parse_time = 0;
      gint64 free_time = 0;
      gint64 start = g_get_monotonic_time ();

      for (int i = 0; i < n; i++)
        {
          JsonNode *root = parse (parser, data, len);
          gint64 parsed = g_get_monotonic_time ();
          gint64 freed;

          free_tree (root);
          freed = g_get_monotonic_time ();
          parse_time += parsed - start;
          free_time += freed - parsed;
          start = freed;
        }

      parse_times[r] = parse_time / (double) n;
      free_times[r] = free_time / (double) n;
    }

  qsort (parse_times, runs, sizeof *parse_times, compare_doubles);
  qsort (free_times, runs, sizeof *free_times, compare_doubles);
  *parse_us = parse_times[runs / 2];
  *free_us = free_times[runs / 2];
}

static void
print_time (const char *what,
            double      us)
{
  if (us < 1000)
    printf ("  %s %9.3f µs", what, us);
  else
    printf ("  %s %9.3f ms", what, us / 1000);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- time the JSON parsers");
  g_autoptr(GError) error = NULL;
  const struct
  {
    const char *name;
    gsize       text_size;
    int         iterations;
    int         runs;
  } inputs[] = {
    { "small", SMALL_TEXT_SIZE, 200000, 5 },
    { "large", LARGE_TEXT_SIZE, 1, 5 },
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *answer = NULL;
      gsize len;

      if (input_name != NULL && !g_str_equal (input_name, inputs[i].name))
        continue;

      answer = make_answer (inputs[i].text_size);
      len = strlen (answer);
      check_same (answer, len);

      for (guint p = 0; p < G_N_ELEMENTS (parsers); p++)
        {
          int n = iterations > 0 ? iterations : inputs[i].iterations;
          int runs = iterations > 0 ? 1 : inputs[i].runs;
          double parse_us, free_us;

          if (parser_name != NULL && !g_str_equal (parser_name, parsers[p].name))
            continue;

          time_parser (parsers[p].parse, answer, len, n, runs, &parse_us, &free_us);
          printf ("%-6s %9" G_GSIZE_FORMAT " bytes  %-10s", inputs[i].name, len, parsers[p].name);
          print_time ("parse", parse_us);
          print_time ("free", free_us);
          print_time ("both", parse_us + free_us);
          printf ("\n");
          fflush (stdout);
        }
    }

  return 0;
}
