/* bench-echo-server.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The fixed peer of the benchmark: an MCP server on stdio, in plain C with
 * no JSON library, that answers initialize, ping, tools/list and tools/call
 * for two tools, `echo` (gives back its `text` argument) and `blob` (gives
 * back a text of `bytes` bytes). Both clients of the benchmark drive this
 * same binary, so whatever differs between their timings is the clients'
 * own cost; it therefore does as little as it can. It reads whatever is
 * available, answers every complete line in the order it came, copying ids
 * and texts byte for byte (escapes included), and writes the answers out in
 * one go once nothing more is waiting on its input, so that 64 requests in
 * flight cost it a handful of system calls. The parsing is the small
 * scanner of bench-server-util.c; it never reads past a line or crashes on
 * one it cannot read (such a line is ignored). With `--prepare-blob N` it makes the text of a
 * blob of N bytes when it starts rather than when asked for it. With
 * `--exit-before-initialize` it behaves as servers built on some older
 * SDKs do: it exits (with status 1) on any request before initialize,
 * server/discover included.
 */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench-server-util.h"

/* Answers are sent once this much has piled up even if more input waits,
 * which bounds the server's memory whatever the client does. */
#define FLUSH_THRESHOLD (256 * 1024)
#define READ_CHUNK      (64 * 1024)

static Buffer output;

static void
append (const char *data,
        size_t      len)
{
  bench_buffer_append (&output, data, len);
}

static void
append_str (const char *str)
{
  append (str, strlen (str));
}

static void
append_span (Span span)
{
  append (span.start, (size_t) (span.end - span.start));
}

static void
write_all (const char *data,
           size_t      len)
{
  size_t done = 0;

  while (done < len)
    {
      ssize_t n = write (STDOUT_FILENO, data + done, len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        /* The client is gone: nothing left to do. */
        exit (EXIT_SUCCESS);
      done += (size_t) n;
    }
}

static void
flush_output (void)
{
  write_all (output.data, output.len);
  output.len = 0;
}

static void
begin_answer (Span id)
{
  append_str ("{\"jsonrpc\":\"2.0\",\"id\":");
  append_span (id);
}

static void
answer_error (Span        id,
              int         code,
              const char *message)
{
  char number[32];

  begin_answer (id);
  snprintf (number, sizeof number, "%d", code);
  append_str (",\"error\":{\"code\":");
  append_str (number);
  append_str (",\"message\":\"");
  append_str (message);
  append_str ("\"}}\n");
}

static void
answer_initialize (Span id,
                   Span params)
{
  Span version;

  begin_answer (id);
  append_str (",\"result\":{\"protocolVersion\":");
  /* Agree to whatever the client offers: both clients offer a revision
   * they support, and this server has nothing that depends on it. */
  if (bench_scan_member (params, "protocolVersion", &version) && *version.start == '"')
    append_span (version);
  else
    append_str ("\"2025-06-18\"");
  append_str (",\"capabilities\":{\"tools\":{}},"
              "\"serverInfo\":{\"name\":\"bench-echo-server\",\"version\":\"1.0\"}}}\n");
}

/* With --tools N, N more tools to list (never called), with the schema
 * a generator writes: definitions, a reference, an enum, a nullable type.
 * For the agent bridge's benchmark (toolbox-bench.c). */
static unsigned long extra_tools;

static void
answer_tools_list (Span id)
{
  begin_answer (id);
  append_str (",\"result\":{\"tools\":["
              "{\"name\":\"echo\",\"description\":\"Gives back its text\","
              "\"inputSchema\":{\"type\":\"object\",\"properties\":"
              "{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}},"
              "{\"name\":\"blob\",\"description\":\"Gives back a text of the given size\","
              "\"inputSchema\":{\"type\":\"object\",\"properties\":"
              "{\"bytes\":{\"type\":\"integer\"}},\"required\":[\"bytes\"]}}");
  for (unsigned long i = 0; i < extra_tools; i++)
    {
      char number[32];

      snprintf (number, sizeof number, "%lu", i);
      append_str (",{\"name\":\"tool-");
      append_str (number);
      append_str ("\",\"description\":\"A tool that is only listed\","
                  "\"inputSchema\":{\"type\":\"object\",\"$defs\":{\"point\":{\"type\":\"object\","
                  "\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"}},"
                  "\"required\":[\"x\",\"y\"]}},\"properties\":{"
                  "\"text\":{\"type\":\"string\",\"description\":\"What to say\"},"
                  "\"where\":{\"$ref\":\"#/$defs/point\"},"
                  "\"mode\":{\"type\":\"string\",\"enum\":[\"fast\",\"slow\"]},"
                  "\"limit\":{\"type\":[\"integer\",\"null\"],\"minimum\":1}},"
                  "\"required\":[\"text\"],\"additionalProperties\":false}}");
    }
  append_str ("]}}\n");
}

static void
answer_blob (Span id,
             Span bytes)
{
  const char *text;
  size_t n;

  if (!bench_scan_size (bytes, BENCH_MAX_BLOB, &n))
    {
      answer_error (id, -32602, "bytes must be an integer from 0 to 268435456");
      return;
    }

  text = bench_blob (n);

  begin_answer (id);
  append_str (",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"");
  if (n > FLUSH_THRESHOLD)
    {
      /* Straight from the pattern, without a copy into the buffer. */
      flush_output ();
      write_all (text, n);
    }
  else
    append (text, n);
  append_str ("\"}]}}\n");
}

static void
answer_tools_call (Span id,
                   Span params)
{
  Span name;
  Span arguments;
  Span value;

  if (!bench_scan_member (params, "name", &name) ||
      !bench_scan_member (params, "arguments", &arguments))
    {
      answer_error (id, -32602, "tools/call needs a name and arguments");
      return;
    }

  if (bench_scan_string_equals (name, "echo"))
    {
      if (!bench_scan_member (arguments, "text", &value) || *value.start != '"')
        {
          answer_error (id, -32602, "echo needs a text");
          return;
        }
      begin_answer (id);
      append_str (",\"result\":{\"content\":[{\"type\":\"text\",\"text\":");
      append_span (value);
      append_str ("}]}}\n");
    }
  else if (bench_scan_string_equals (name, "blob"))
    {
      if (!bench_scan_member (arguments, "bytes", &value))
        answer_error (id, -32602, "blob needs a number of bytes");
      else
        answer_blob (id, value);
    }
  else
    answer_error (id, -32602, "Unknown tool");
}

static int exit_before_initialize;
static int initialized;

static void
handle_line (const char *line,
             size_t      len)
{
  Span message;
  Span id;
  Span method;
  Span params = { NULL, NULL };

  message.start = bench_scan_skip_ws (line, line + len);
  message.end = line + len;

  if (!bench_scan_member (message, "method", &method) || *method.start != '"')
    return;
  /* Notifications (notifications/initialized among them) need no answer. */
  if (!bench_scan_member (message, "id", &id))
    return;
  bench_scan_member (message, "params", &params);

  if (exit_before_initialize && !initialized)
    {
      if (!bench_scan_string_equals (method, "initialize"))
        exit (1);
      initialized = 1;
    }

  if (bench_scan_string_equals (method, "tools/call"))
    answer_tools_call (id, params);
  else if (bench_scan_string_equals (method, "initialize"))
    answer_initialize (id, params);
  else if (bench_scan_string_equals (method, "tools/list"))
    answer_tools_list (id);
  else if (bench_scan_string_equals (method, "ping"))
    {
      begin_answer (id);
      append_str (",\"result\":{}}\n");
    }
  else
    answer_error (id, -32601, "Method not found");
}

static int
input_waiting (void)
{
  struct pollfd pfd = { STDIN_FILENO, POLLIN, 0 };

  return poll (&pfd, 1, 0) > 0;
}

int
main (int   argc,
      char *argv[])
{
  Buffer input = { NULL, 0, 0 };
  size_t consumed = 0;

  /* A large blob is made before the client asks, so that filling (and
   * faulting in) its pages is not timed as part of the client's call. */
  if (argc == 2 && strcmp (argv[1], "--exit-before-initialize") == 0)
    exit_before_initialize = 1;
  if (argc == 3 && strcmp (argv[1], "--tools") == 0)
    extra_tools = strtoul (argv[2], NULL, 10);
  if (argc == 3 && strcmp (argv[1], "--prepare-blob") == 0)
    {
      unsigned long bytes = strtoul (argv[2], NULL, 10);

      bench_blob (bytes < BENCH_MAX_BLOB ? bytes : BENCH_MAX_BLOB);
    }

  /* A write to a client that went away fails with EPIPE instead. */
  signal (SIGPIPE, SIG_IGN);
  bench_buffer_reserve (&input, READ_CHUNK);

  for (;;)
    {
      char *nl;
      ssize_t n;

      while ((nl = memchr (input.data + consumed, '\n', input.len - consumed)) != NULL)
        {
          handle_line (input.data + consumed, (size_t) (nl - (input.data + consumed)));
          consumed = (size_t) (nl - input.data) + 1;
        }

      memmove (input.data, input.data + consumed, input.len - consumed);
      input.len -= consumed;
      consumed = 0;

      if (output.len > 0 && (output.len >= FLUSH_THRESHOLD || !input_waiting ()))
        flush_output ();

      bench_buffer_reserve (&input, READ_CHUNK);
      n = read (STDIN_FILENO, input.data + input.len, input.size - input.len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      input.len += (size_t) n;
    }

  flush_output ();
  bench_buffer_free (&input);
  bench_buffer_free (&output);
  return EXIT_SUCCESS;
}
