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
 * flight cost it a handful of system calls. The parsing is a small scanner
 * that finds members by name at any position and skips values it does not
 * need; it only has to be right for the compact messages real clients
 * send, but it never reads past a line or crashes on one it cannot read
 * (such a line is ignored). With `--prepare-blob N` it makes the text of a
 * blob of N bytes when it starts rather than when asked for it.
 */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Answers are sent once this much has piled up even if more input waits,
 * which bounds the server's memory whatever the client does. */
#define FLUSH_THRESHOLD (256 * 1024)
#define READ_CHUNK      (64 * 1024)
/* Nobody needs a blob larger than this to measure a client. */
#define MAX_BLOB        (256u * 1024 * 1024)

typedef struct
{
  char   *data;
  size_t  len;
  size_t  size;
} Buffer;

typedef struct
{
  const char *start;
  const char *end;
} Span;

static Buffer output;
static char *blob_text;
static size_t blob_text_len;

static void *
xrealloc (void   *data,
          size_t  size)
{
  void *p = realloc (data, size);

  if (p == NULL)
    {
      fputs ("bench-echo-server: out of memory\n", stderr);
      exit (EXIT_FAILURE);
    }
  return p;
}

static void
buffer_reserve (Buffer *buffer,
                size_t  extra)
{
  size_t size = buffer->size > 0 ? buffer->size : 4096;

  if (buffer->len + extra <= buffer->size)
    return;

  while (size < buffer->len + extra)
    size *= 2;
  buffer->data = xrealloc (buffer->data, size);
  buffer->size = size;
}

static void
append (const char *data,
        size_t      len)
{
  buffer_reserve (&output, len);
  memcpy (output.data + output.len, data, len);
  output.len += len;
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

static const char *
skip_ws (const char *p,
         const char *end)
{
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
    p++;
  return p;
}

/* @p is on the opening quote; returns the position after the closing one. */
static const char *
skip_string (const char *p,
             const char *end)
{
  for (p++; p < end; p++)
    {
      if (*p == '\\')
        p++;
      else if (*p == '"')
        return p + 1;
    }
  return NULL;
}

static const char *
skip_value (const char *p,
            const char *end)
{
  if (p >= end)
    return NULL;

  if (*p == '"')
    return skip_string (p, end);

  if (*p == '{' || *p == '[')
    {
      int depth = 0;

      while (p < end)
        {
          if (*p == '"')
            {
              if ((p = skip_string (p, end)) == NULL)
                return NULL;
              continue;
            }
          if (*p == '{' || *p == '[')
            depth++;
          else if ((*p == '}' || *p == ']') && --depth == 0)
            return p + 1;
          p++;
        }
      return NULL;
    }

  /* A number, true, false or null. */
  {
    const char *start = p;

    while (p < end && strchr (",}] \t\r\n", *p) == NULL)
      p++;
    return p > start ? p : NULL;
  }
}

/* Finds @key among the members of the object @object (whose span starts
 * on its brace). Keys are compared as they are written, which is enough
 * for the plain names MCP uses. */
static int
find_member (Span        object,
             const char *key,
             Span       *value)
{
  const char *p = object.start;
  const char *end = object.end;
  size_t key_len = strlen (key);

  if (p >= end || *p != '{')
    return 0;

  p = skip_ws (p + 1, end);
  while (p < end && *p == '"')
    {
      const char *name = p + 1;
      const char *name_end = skip_string (p, end);
      int match;

      if (name_end == NULL)
        return 0;
      match = (size_t) (name_end - 1 - name) == key_len && memcmp (name, key, key_len) == 0;

      p = skip_ws (name_end, end);
      if (p >= end || *p != ':')
        return 0;
      p = skip_ws (p + 1, end);

      value->start = p;
      if ((value->end = skip_value (p, end)) == NULL)
        return 0;
      if (match)
        return 1;

      p = skip_ws (value->end, end);
      if (p >= end || *p != ',')
        return 0;
      p = skip_ws (p + 1, end);
    }

  return 0;
}

static int
string_equals (Span        span,
               const char *str)
{
  size_t len = strlen (str);

  return (size_t) (span.end - span.start) == len + 2 && span.start[0] == '"' &&
         memcmp (span.start + 1, str, len) == 0;
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
  if (find_member (params, "protocolVersion", &version) && *version.start == '"')
    append_span (version);
  else
    append_str ("\"2025-06-18\"");
  append_str (",\"capabilities\":{\"tools\":{}},"
              "\"serverInfo\":{\"name\":\"bench-echo-server\",\"version\":\"1.0\"}}}\n");
}

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
              "{\"bytes\":{\"type\":\"integer\"}},\"required\":[\"bytes\"]}}]}}\n");
}

/* Printable ASCII that JSON does not escape, so the text is as many bytes
 * on the wire as once decoded: the alphabet, then copies of what is there,
 * doubling. */
static void
prepare_blob (size_t n)
{
  size_t filled = 26;

  if (n <= blob_text_len)
    return;

  blob_text = xrealloc (blob_text, n < filled ? filled : n);
  memcpy (blob_text, "abcdefghijklmnopqrstuvwxyz", filled);
  while (filled < n)
    {
      size_t copy = filled < n - filled ? filled : n - filled;

      memcpy (blob_text + filled, blob_text, copy);
      filled += copy;
    }
  blob_text_len = n;
}

static void
answer_blob (Span id,
             Span bytes)
{
  char number[32];
  size_t n;
  char *end;

  if ((size_t) (bytes.end - bytes.start) >= sizeof number)
    {
      answer_error (id, -32602, "bytes is out of range");
      return;
    }
  memcpy (number, bytes.start, (size_t) (bytes.end - bytes.start));
  number[bytes.end - bytes.start] = '\0';
  errno = 0;
  n = strtoul (number, &end, 10);
  if (errno != 0 || *end != '\0' || number[0] == '-' || n > MAX_BLOB)
    {
      answer_error (id, -32602, "bytes must be an integer from 0 to 268435456");
      return;
    }

  prepare_blob (n);

  begin_answer (id);
  append_str (",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"");
  if (n > FLUSH_THRESHOLD)
    {
      /* Straight from the pattern, without a copy into the buffer. */
      flush_output ();
      write_all (blob_text, n);
    }
  else
    append (blob_text, n);
  append_str ("\"}]}}\n");
}

static void
answer_tools_call (Span id,
                   Span params)
{
  Span name;
  Span arguments;
  Span value;

  if (!find_member (params, "name", &name) || !find_member (params, "arguments", &arguments))
    {
      answer_error (id, -32602, "tools/call needs a name and arguments");
      return;
    }

  if (string_equals (name, "echo"))
    {
      if (!find_member (arguments, "text", &value) || *value.start != '"')
        {
          answer_error (id, -32602, "echo needs a text");
          return;
        }
      begin_answer (id);
      append_str (",\"result\":{\"content\":[{\"type\":\"text\",\"text\":");
      append_span (value);
      append_str ("}]}}\n");
    }
  else if (string_equals (name, "blob"))
    {
      if (!find_member (arguments, "bytes", &value))
        answer_error (id, -32602, "blob needs a number of bytes");
      else
        answer_blob (id, value);
    }
  else
    answer_error (id, -32602, "Unknown tool");
}

static void
handle_line (const char *line,
             size_t      len)
{
  Span message;
  Span id;
  Span method;
  Span params = { NULL, NULL };

  message.start = skip_ws (line, line + len);
  message.end = line + len;

  if (!find_member (message, "method", &method) || *method.start != '"')
    return;
  /* Notifications (notifications/initialized among them) need no answer. */
  if (!find_member (message, "id", &id))
    return;
  find_member (message, "params", &params);

  if (string_equals (method, "tools/call"))
    answer_tools_call (id, params);
  else if (string_equals (method, "initialize"))
    answer_initialize (id, params);
  else if (string_equals (method, "tools/list"))
    answer_tools_list (id);
  else if (string_equals (method, "ping"))
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
  if (argc == 3 && strcmp (argv[1], "--prepare-blob") == 0)
    {
      unsigned long bytes = strtoul (argv[2], NULL, 10);

      prepare_blob (bytes < MAX_BLOB ? bytes : MAX_BLOB);
    }

  /* A write to a client that went away fails with EPIPE instead. */
  signal (SIGPIPE, SIG_IGN);
  buffer_reserve (&input, READ_CHUNK);

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

      buffer_reserve (&input, READ_CHUNK);
      n = read (STDIN_FILENO, input.data + input.len, input.size - input.len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      input.len += (size_t) n;
    }

  flush_output ();
  return EXIT_SUCCESS;
}
