/* bench-util.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The measurements and the report of the C benchmark clients. Wall time
 * comes from the monotonic clock, CPU time from getrusage () (every thread
 * of the process, none of the server), memory from /proc/self/status, whose
 * peak (VmHWM) is reset through /proc/self/clear_refs before a measurement
 * of growth.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "bench-util.h"

char *
bench_make_text (gsize size)
{
  GString *text = g_string_sized_new (size + sizeof BENCH_TEXT_PATTERN);

  while (text->len < size)
    g_string_append (text, BENCH_TEXT_PATTERN);
  g_string_truncate (text, size);

  return g_string_free (text, FALSE);
}

double
bench_elapsed_s (gint64 start_us)
{
  return (g_get_monotonic_time () - start_us) / (double) G_USEC_PER_SEC;
}

BenchCpuTime
bench_cpu_now (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (BenchCpuTime) {
    usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6,
    usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6,
  };
}

/* A field of /proc/self/status, in KiB. */
gint64
bench_status_kib (const char *field)
{
  g_autofree char *contents = NULL;
  gsize field_len = strlen (field);

  if (!g_file_get_contents ("/proc/self/status", &contents, NULL, NULL))
    return -1;

  for (char *line = contents; line != NULL && *line != '\0'; line = strchr (line, '\n'))
    {
      if (*line == '\n')
        line++;
      if (strncmp (line, field, field_len) == 0 && line[field_len] == ':')
        return g_ascii_strtoll (line + field_len + 1, NULL, 10);
    }

  return -1;
}

/* From here on VmHWM is the peak since now. */
void
bench_reset_peak (void)
{
  /* Written in place: g_file_set_contents () would write a new file and
   * rename it, which /proc refuses. */
  FILE *file = fopen ("/proc/self/clear_refs", "w");
  gboolean ok = file != NULL && fputs ("5", file) >= 0;

  if (file != NULL && fclose (file) != 0)
    ok = FALSE;
  if (!ok)
    g_printerr ("%s: cannot reset the peak RSS (%s); growth figures are too high\n",
                g_get_prgname (), g_strerror (errno));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

double
bench_median (GArray *values)
{
  guint n = values->len;

  g_return_val_if_fail (n > 0, 0);

  g_array_sort (values, compare_doubles);
  if (n % 2 == 1)
    return g_array_index (values, double, n / 2);
  return (g_array_index (values, double, n / 2 - 1) + g_array_index (values, double, n / 2)) / 2;
}

void
bench_add_int (JsonBuilder *report,
               const char  *name,
               gint64       value)
{
  json_builder_set_member_name (report, name);
  json_builder_add_int_value (report, value);
}

void
bench_add_double (JsonBuilder *report,
                  const char  *name,
                  double       value)
{
  json_builder_set_member_name (report, name);
  json_builder_add_double_value (report, value);
}

void
bench_add_string (JsonBuilder *report,
                  const char  *name,
                  const char  *value)
{
  json_builder_set_member_name (report, name);
  if (value != NULL)
    json_builder_add_string_value (report, value);
  else
    json_builder_add_null_value (report);
}

/* cpu_us_per_<unit>, user_us_per_<unit> and sys_us_per_<unit>: the CPU
 * time between @before and @after shared out over @count units. */
void
bench_add_cpu (JsonBuilder  *report,
               const char   *unit,
               BenchCpuTime  before,
               BenchCpuTime  after,
               double        count)
{
  g_autofree char *cpu = g_strdup_printf ("cpu_us_per_%s", unit);
  g_autofree char *user = g_strdup_printf ("user_us_per_%s", unit);
  g_autofree char *sys = g_strdup_printf ("sys_us_per_%s", unit);

  bench_add_double (report, cpu, (after.user - before.user + after.sys - before.sys) * 1e6 / count);
  bench_add_double (report, user, (after.user - before.user) * 1e6 / count);
  bench_add_double (report, sys, (after.sys - before.sys) * 1e6 / count);
}

/* Ends the report's object and prints it as one line. */
void
bench_print (JsonBuilder *report)
{
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *json = NULL;

  json_builder_end_object (report);
  root = json_builder_get_root (report);
  json = json_to_string (root, FALSE);
  g_print ("%s\n", json);
}

/* The arguments of the echo tool, which answers with @text. */
JsonObject *
bench_echo_arguments (const char *text)
{
  JsonObject *arguments = json_object_new ();

  json_object_set_string_member (arguments, "text", text);
  return arguments;
}

/* The text of the first content block, which the checks need. */
const char *
bench_result_text (McpToolResult *result)
{
  GListModel *content = mcp_tool_result_get_content (result);
  g_autoptr(McpContent) first = NULL;

  if (g_list_model_get_n_items (content) == 0)
    return NULL;

  first = g_list_model_get_item (content, 0);
  /* The result holds the block, so the text outlives this reference. */
  return mcp_content_get_text (first);
}

/* Echo calls, @in_flight at a time: each completion starts the next call,
 * so that a window of one is a chain of round trips. */
typedef struct
{
  McpClient  *client;
  const char *text;
  GMainLoop  *loop;
  int         to_start;
  int         in_flight;
  GError     *error;
} CallLoop;

static void start_call (CallLoop *self);

static void
call_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  CallLoop *self = user_data;
  g_autoptr(McpToolResult) tool_result = NULL;
  GError *error = NULL;

  self->in_flight--;
  tool_result = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);
  if (tool_result == NULL)
    {
      if (self->error == NULL)
        g_propagate_error (&self->error, error);
      else
        g_error_free (error);
    }
  else if (self->error == NULL && g_strcmp0 (bench_result_text (tool_result), self->text) != 0)
    g_set_error (&self->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 "The server did not echo the text");

  if (self->error == NULL && self->to_start > 0)
    start_call (self);
  else if (self->in_flight == 0)
    g_main_loop_quit (self->loop);
}

static void
start_call (CallLoop *self)
{
  g_autoptr(JsonObject) arguments = bench_echo_arguments (self->text);

  self->to_start--;
  self->in_flight++;
  mcp_client_call_tool_async (self->client, "echo", arguments, NULL, NULL, call_done_cb, self);
}

/* Makes @n echo calls of @text on @client, @in_flight at a time, on the
 * thread-default main context. */
gboolean
bench_run_calls (McpClient   *client,
                 const char  *text,
                 int          n,
                 int          in_flight,
                 GError     **error)
{
  g_autoptr(GMainLoop) loop = NULL;
  CallLoop self = { client, text, NULL, n, 0, NULL };

  if (n <= 0)
    return TRUE;

  loop = self.loop = g_main_loop_new (g_main_context_get_thread_default (), FALSE);
  for (int i = 0; i < MIN (in_flight, n); i++)
    start_call (&self);
  g_main_loop_run (loop);

  if (self.error != NULL)
    {
      g_propagate_error (error, self.error);
      return FALSE;
    }
  return TRUE;
}
