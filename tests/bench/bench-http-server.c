/* bench-http-server.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The fixed peer of the HTTP benchmark (README.md beside this file): an MCP
 * server on Streamable HTTP, in plain C, single-threaded on epoll, with
 * HTTP/1.1 keep-alive, listening on 127.0.0.1 only, on an ephemeral port
 * that it prints as its first line of output ({"port":N}). Every client of
 * the benchmark drives this same binary, so whatever differs between their
 * timings is the clients' own cost; it therefore does as little as it can
 * and never waits for anything but its sockets.
 *
 * POST (any path) takes one JSON-RPC message: a notification or a response
 * gets 202 Accepted; initialize (which also gets an Mcp-Session-Id), ping,
 * tools/list and tools/call get their answer as a JSON body with a
 * Content-Length, or as an event stream (chunked, one event) when the path
 * starts with /sse. The tools are `echo` (gives back its `text` argument),
 * `blob` (gives back a text of `bytes` bytes, sent from memory made when
 * the server started, see --prepare-blob) and `progress` (sends `count`
 * progress notifications for the request's progress token, each an event
 * of its own in a chunk of its own, then the result, all as fast as the
 * socket takes them). GET with Accept: text/event-stream opens the stream
 * for what the server sends on its own, which stays open and silent (or is
 * refused with 405 after --no-get-stream); DELETE ends a session. The
 * server keeps no state per session: ids and texts are copied byte for byte
 * by the scanner of bench-server-util.c.
 *
 * GET /stats answers {"accepted":N,"requests":N,"open":N,"cpu_us":N} and
 * closes its connection, which is not counted: the connections accepted,
 * the requests handled and the server's own CPU time (user + system) since
 * it started, which the clients read before and after what they measure,
 * to report the TCP connections they opened and how busy the server was.
 *
 * Bad input gets 400, 411, 413 or 431 and the connection is closed; the
 * server bounds what it buffers per connection. It exits at the end of its
 * standard input, so that it never outlives whoever started it.
 */

#define _GNU_SOURCE

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "bench-server-util.h"

#define READ_CHUNK  (64 * 1024)
#define MAX_HEAD    (64 * 1024)
#define MAX_BODY    (4 * 1024 * 1024)
/* No more requests are read from a connection while this much of its
 * output waits, so that a client that sends without reading cannot make
 * the server's memory grow without bound. */
#define OUTPUT_HIGH (1024 * 1024)
#define MAX_EVENTS  1000000
#define MAX_IOV     64

typedef struct
{
  Buffer      owned;
  /* Or bytes that are not ours (the blob), with their length. */
  const char *external;
  size_t      external_len;
  size_t      sent;
} Segment;

typedef struct
{
  int       fd;
  Buffer    in;
  size_t    consumed;
  Segment  *out;
  size_t    n_out;
  size_t    out_size;
  size_t    pending;
  uint32_t  events;
  unsigned  handled;
  unsigned  control : 1;
  unsigned  closing : 1;
  unsigned  streaming : 1;
} Connection;

typedef struct
{
  Span   method;
  Span   target;
  Span   body;
  size_t length;
  int    close;
} Request;

static int epoll_fd;
static int no_get_stream;
static unsigned long accepted;
static unsigned long requests;
static unsigned long open_connections;
static unsigned long next_session;

/* The JSON-RPC answer being made, before it gets its HTTP framing. */
static Buffer body;

/* What the epoll events of the listening socket and of stdin point to. */
static int listen_marker;
static int stdin_marker;

static void
body_str (const char *str)
{
  bench_buffer_append (&body, str, strlen (str));
}

static void
body_span (Span span)
{
  bench_buffer_append (&body, span.start, (size_t) (span.end - span.start));
}

static size_t
segment_len (const Segment *segment)
{
  return segment->external != NULL ? segment->external_len : segment->owned.len;
}

static void
out_push (Connection *c)
{
  if (c->n_out == c->out_size)
    {
      c->out_size = c->out_size > 0 ? 2 * c->out_size : 4;
      c->out = bench_xrealloc (c->out, c->out_size * sizeof *c->out);
    }
  c->out[c->n_out++] = (Segment) { { NULL, 0, 0 }, NULL, 0, 0 };
}

static void
out_append (Connection *c,
            const char *data,
            size_t      len)
{
  if (c->n_out == 0 || c->out[c->n_out - 1].external != NULL)
    out_push (c);
  bench_buffer_append (&c->out[c->n_out - 1].owned, data, len);
  c->pending += len;
}

static void
out_str (Connection *c,
         const char *str)
{
  out_append (c, str, strlen (str));
}

/* Bytes that stay where they are (they live as long as the server). */
static void
out_external (Connection *c,
              const char *data,
              size_t      len)
{
  out_push (c);
  c->out[c->n_out - 1].external = data;
  c->out[c->n_out - 1].external_len = len;
  c->pending += len;
}

static void
out_printf (Connection *c,
            const char *format,
            ...) __attribute__ ((format (printf, 2, 3)));

static void
out_printf (Connection *c,
            const char *format,
            ...)
{
  char text[256];
  va_list args;
  int n;

  va_start (args, format);
  n = vsnprintf (text, sizeof text, format, args);
  va_end (args);
  if (n > 0)
    out_append (c, text, (size_t) n < sizeof text ? (size_t) n : sizeof text - 1);
}

/* The status line and headers; @length < 0 makes the body chunked. */
static void
respond_head (Connection *c,
              const char *status,
              const char *content_type,
              long long   length,
              const char *extra)
{
  out_str (c, "HTTP/1.1 ");
  out_str (c, status);
  out_str (c, "\r\n");
  if (content_type != NULL)
    {
      out_str (c, "Content-Type: ");
      out_str (c, content_type);
      out_str (c, "\r\n");
    }
  if (length >= 0)
    out_printf (c, "Content-Length: %lld\r\n", length);
  else
    out_str (c, "Transfer-Encoding: chunked\r\n");
  if (extra != NULL)
    out_str (c, extra);
  if (c->closing)
    out_str (c, "Connection: close\r\n");
  out_str (c, "\r\n");
}

/* A status with no body, after which the connection is closed if @close. */
static void
respond_status (Connection *c,
                const char *status,
                int         close)
{
  c->closing |= close;
  respond_head (c, status, NULL, 0, NULL);
}

/* One event of an event stream, in a chunk of its own. */
static void
out_event (Connection *c,
           const char *data,
           size_t      len)
{
  static const char prefix[] = "event: message\ndata: ";

  out_printf (c, "%zx\r\n", sizeof prefix - 1 + len + 2);
  out_append (c, prefix, sizeof prefix - 1);
  out_append (c, data, len);
  out_str (c, "\n\n\r\n");
}

static void
begin_answer (Span id)
{
  body.len = 0;
  body_str ("{\"jsonrpc\":\"2.0\",\"id\":");
  body_span (id);
}

static void
answer_error (Span        id,
              int         code,
              const char *message)
{
  char number[32];

  begin_answer (id);
  snprintf (number, sizeof number, "%d", code);
  body_str (",\"error\":{\"code\":");
  body_str (number);
  body_str (",\"message\":\"");
  body_str (message);
  body_str ("\"}}");
}

static void
answer_initialize (Span id,
                   Span params)
{
  Span version;

  begin_answer (id);
  body_str (",\"result\":{\"protocolVersion\":");
  /* Agree to whatever the client offers: every client offers a revision
   * it supports, and this server has nothing that depends on it. */
  if (bench_scan_member (params, "protocolVersion", &version) && *version.start == '"')
    body_span (version);
  else
    body_str ("\"2025-06-18\"");
  body_str (",\"capabilities\":{\"tools\":{}},"
            "\"serverInfo\":{\"name\":\"bench-http-server\",\"version\":\"1.0\"}}}");
}

static void
answer_tools_list (Span id)
{
  begin_answer (id);
  body_str (",\"result\":{\"tools\":["
            "{\"name\":\"echo\",\"description\":\"Gives back its text\","
            "\"inputSchema\":{\"type\":\"object\",\"properties\":"
            "{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}},"
            "{\"name\":\"blob\",\"description\":\"Gives back a text of the given size\","
            "\"inputSchema\":{\"type\":\"object\",\"properties\":"
            "{\"bytes\":{\"type\":\"integer\"}},\"required\":[\"bytes\"]}},"
            "{\"name\":\"progress\",\"description\":\"Reports progress count times\","
            "\"inputSchema\":{\"type\":\"object\",\"properties\":"
            "{\"count\":{\"type\":\"integer\"}},\"required\":[\"count\"]}}]}}");
}

static void
send_body (Connection *c,
           int         as_events,
           const char *extra)
{
  if (as_events)
    {
      respond_head (c, "200 OK", "text/event-stream", -1, extra);
      out_event (c, body.data, body.len);
      out_str (c, "0\r\n\r\n");
    }
  else
    {
      respond_head (c, "200 OK", "application/json", (long long) body.len, extra);
      out_append (c, body.data, body.len);
    }
}

/* The blob goes out from where it is, without a copy. */
static void
send_blob (Connection *c,
           Span        id,
           size_t      n,
           int         as_events)
{
  static const char head[] = ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"";
  static const char tail[] = "\"}]}}";
  const char *text = bench_blob (n);

  begin_answer (id);
  body_str (head);
  if (as_events)
    {
      static const char prefix[] = "event: message\ndata: ";

      respond_head (c, "200 OK", "text/event-stream", -1, NULL);
      out_printf (c, "%zx\r\n", sizeof prefix - 1 + body.len + n + sizeof tail - 1 + 2);
      out_append (c, prefix, sizeof prefix - 1);
      out_append (c, body.data, body.len);
      out_external (c, text, n);
      out_str (c, tail);
      out_str (c, "\n\n\r\n0\r\n\r\n");
    }
  else
    {
      respond_head (c, "200 OK", "application/json",
                    (long long) (body.len + n + sizeof tail - 1), NULL);
      out_append (c, body.data, body.len);
      out_external (c, text, n);
      out_str (c, tail);
    }
}

/* @count progress notifications, then the result, each an event. */
static void
send_progress (Connection *c,
               Span        id,
               Span        token,
               size_t      count)
{
  respond_head (c, "200 OK", "text/event-stream", -1, NULL);

  /* Without a token the client asked for no progress. */
  for (size_t i = 1; token.start != NULL && i <= count; i++)
    {
      char number[64];

      body.len = 0;
      body_str ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
                "\"params\":{\"progressToken\":");
      body_span (token);
      snprintf (number, sizeof number, ",\"progress\":%zu,\"total\":%zu}}", i, count);
      body_str (number);
      out_event (c, body.data, body.len);
    }

  begin_answer (id);
  body_str (",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}");
  out_event (c, body.data, body.len);
  out_str (c, "0\r\n\r\n");
}

static void
answer_tools_call (Connection *c,
                   Span        id,
                   Span        params,
                   int         as_events)
{
  Span name;
  Span arguments;
  Span value;
  size_t n;

  if (!bench_scan_member (params, "name", &name) ||
      !bench_scan_member (params, "arguments", &arguments))
    answer_error (id, -32602, "tools/call needs a name and arguments");
  else if (bench_scan_string_equals (name, "echo"))
    {
      if (!bench_scan_member (arguments, "text", &value) || *value.start != '"')
        answer_error (id, -32602, "echo needs a text");
      else
        {
          begin_answer (id);
          body_str (",\"result\":{\"content\":[{\"type\":\"text\",\"text\":");
          body_span (value);
          body_str ("}]}}");
        }
    }
  else if (bench_scan_string_equals (name, "blob"))
    {
      if (!bench_scan_member (arguments, "bytes", &value) ||
          !bench_scan_size (value, BENCH_MAX_BLOB, &n))
        answer_error (id, -32602, "bytes must be an integer from 0 to 268435456");
      else
        {
          send_blob (c, id, n, as_events);
          return;
        }
    }
  else if (bench_scan_string_equals (name, "progress"))
    {
      Span meta;
      Span token = { NULL, NULL };

      if (!bench_scan_member (arguments, "count", &value) ||
          !bench_scan_size (value, MAX_EVENTS, &n))
        answer_error (id, -32602, "count must be an integer from 0 to 1000000");
      else
        {
          if (bench_scan_member (params, "_meta", &meta))
            bench_scan_member (meta, "progressToken", &token);
          send_progress (c, id, token, n);
          return;
        }
    }
  else
    answer_error (id, -32602, "Unknown tool");

  send_body (c, as_events, NULL);
}

static void
handle_post (Connection *c,
             Request    *r)
{
  Span message = { bench_scan_skip_ws (r->body.start, r->body.end), r->body.end };
  int as_events = r->target.end - r->target.start >= 4 && memcmp (r->target.start, "/sse", 4) == 0;
  Span method;
  Span id;
  Span params = { NULL, NULL };

  if (message.start == message.end || *message.start != '{')
    {
      respond_status (c, "400 Bad Request", 0);
      return;
    }

  /* Notifications (notifications/initialized among them) and responses
   * need no answer. */
  if (!bench_scan_member (message, "method", &method) || *method.start != '"' ||
      !bench_scan_member (message, "id", &id))
    {
      respond_status (c, "202 Accepted", 0);
      return;
    }
  bench_scan_member (message, "params", &params);

  if (bench_scan_string_equals (method, "tools/call"))
    answer_tools_call (c, id, params, as_events);
  else if (bench_scan_string_equals (method, "initialize"))
    {
      char header[64];

      snprintf (header, sizeof header, "Mcp-Session-Id: %lx\r\n", ++next_session);
      answer_initialize (id, params);
      send_body (c, as_events, header);
    }
  else if (bench_scan_string_equals (method, "tools/list"))
    {
      answer_tools_list (id);
      send_body (c, as_events, NULL);
    }
  else if (bench_scan_string_equals (method, "ping"))
    {
      begin_answer (id);
      body_str (",\"result\":{}}");
      send_body (c, as_events, NULL);
    }
  else
    {
      answer_error (id, -32601, "Method not found");
      send_body (c, as_events, NULL);
    }
}

static long long
cpu_us (const struct timeval *tv)
{
  return (long long) tv->tv_sec * 1000000 + tv->tv_usec;
}

static void
handle_stats (Connection *c)
{
  struct rusage usage;
  char json[256];
  int n;

  /* A connection that only asks for the figures is not one of them. */
  if (c->handled == 0 && !c->control)
    {
      c->control = 1;
      accepted--;
    }

  getrusage (RUSAGE_SELF, &usage);
  n = snprintf (json, sizeof json,
                "{\"accepted\":%lu,\"requests\":%lu,\"open\":%lu,\"cpu_us\":%lld,"
                "\"user_us\":%lld,\"sys_us\":%lld}",
                accepted, requests, open_connections - 1,
                cpu_us (&usage.ru_utime) + cpu_us (&usage.ru_stime), cpu_us (&usage.ru_utime),
                cpu_us (&usage.ru_stime));
  c->closing = 1;
  respond_head (c, "200 OK", "application/json", n, NULL);
  out_append (c, json, (size_t) n);
}

static int
span_is (Span        span,
         const char *str)
{
  size_t len = strlen (str);

  return (size_t) (span.end - span.start) == len && memcmp (span.start, str, len) == 0;
}

static void
handle_request (Connection *c,
                Request    *r,
                Span        accept)
{
  c->closing |= r->close;

  if (span_is (r->method, "GET") && span_is (r->target, "/stats"))
    {
      handle_stats (c);
      return;
    }

  requests++;
  c->handled++;

  if (span_is (r->method, "POST"))
    handle_post (c, r);
  else if (span_is (r->method, "GET") && accept.start != NULL &&
           memmem (accept.start, (size_t) (accept.end - accept.start), "text/event-stream",
                   strlen ("text/event-stream")) != NULL && !no_get_stream)
    {
      /* Held open until the client goes: nothing more is read from it. */
      c->streaming = 1;
      respond_head (c, "200 OK", "text/event-stream", -1, "Cache-Control: no-cache\r\n");
    }
  else if (span_is (r->method, "DELETE"))
    respond_status (c, "200 OK", 0);
  else
    respond_head (c, "405 Method Not Allowed", NULL, 0, "Allow: GET, POST, DELETE\r\n");
}

/* The value of a header, whose name is matched without regard to case. */
static int
header_value (const char *head,
              const char *end,
              const char *name,
              Span       *value)
{
  size_t name_len = strlen (name);

  for (const char *line = head; line < end;)
    {
      const char *eol = memchr (line, '\n', (size_t) (end - line));

      if (eol == NULL)
        eol = end;
      if ((size_t) (eol - line) > name_len && line[name_len] == ':' &&
          strncasecmp (line, name, name_len) == 0)
        {
          const char *p = line + name_len + 1;
          const char *q = eol;

          while (p < q && (*p == ' ' || *p == '\t'))
            p++;
          while (q > p && (q[-1] == '\r' || q[-1] == ' ' || q[-1] == '\t'))
            q--;
          *value = (Span) { p, q };
          return 1;
        }
      line = eol + 1;
    }

  return 0;
}

/* Returns 1 with a whole request in @r, 0 if more is needed, or -1 after
 * answering what makes the connection unusable. */
static int
parse_request (Connection *c,
               Request    *r,
               Span       *accept)
{
  const char *data = c->in.data + c->consumed;
  size_t avail = c->in.len - c->consumed;
  const char *head_end = memmem (data, avail < MAX_HEAD ? avail : MAX_HEAD, "\r\n\r\n", 4);
  const char *line_end;
  const char *p;
  Span value;
  size_t head_len;
  size_t length = 0;

  if (head_end == NULL)
    {
      if (avail < MAX_HEAD)
        return 0;
      respond_status (c, "431 Request Header Fields Too Large", 1);
      return -1;
    }
  head_len = (size_t) (head_end - data) + 4;
  line_end = memchr (data, '\r', head_len);

  /* METHOD SP TARGET SP HTTP/1.x */
  r->method.start = data;
  r->method.end = memchr (data, ' ', (size_t) (line_end - data));
  p = r->method.end != NULL ? r->method.end + 1 : NULL;
  r->target.start = p;
  r->target.end = p != NULL ? memchr (p, ' ', (size_t) (line_end - p)) : NULL;
  if (r->method.end == NULL || r->target.end == NULL || line_end - r->target.end != 9 ||
      memcmp (r->target.end + 1, "HTTP/1.", 7) != 0)
    {
      respond_status (c, "400 Bad Request", 1);
      return -1;
    }
  /* HTTP/1.0 closes after each answer. */
  r->close = r->target.end[8] == '0';

  if (header_value (line_end + 2, head_end + 2, "Transfer-Encoding", &value))
    {
      respond_status (c, "411 Length Required", 1);
      return -1;
    }
  if (header_value (line_end + 2, head_end + 2, "Content-Length", &value) &&
      !bench_scan_size (value, MAX_BODY, &length))
    {
      respond_status (c, "413 Content Too Large", 1);
      return -1;
    }
  if (header_value (line_end + 2, head_end + 2, "Connection", &value))
    r->close = memmem (value.start, (size_t) (value.end - value.start), "close", 5) != NULL;
  if (!header_value (line_end + 2, head_end + 2, "Accept", accept))
    *accept = (Span) { NULL, NULL };

  if (avail - head_len < length)
    return 0;

  r->body = (Span) { data + head_len, data + head_len + length };
  r->length = head_len + length;
  return 1;
}

static void
close_connection (Connection *c)
{
  epoll_ctl (epoll_fd, EPOLL_CTL_DEL, c->fd, NULL);
  close (c->fd);
  for (size_t i = 0; i < c->n_out; i++)
    bench_buffer_free (&c->out[i].owned);
  free (c->out);
  bench_buffer_free (&c->in);
  open_connections--;
  free (c);
}

static void
process_requests (Connection *c)
{
  while (!c->closing && !c->streaming && c->pending < OUTPUT_HIGH)
    {
      Request r;
      Span accept;
      int parsed = parse_request (c, &r, &accept);

      if (parsed <= 0)
        break;
      handle_request (c, &r, accept);
      c->consumed += r.length;
    }

  if (c->consumed > 0)
    {
      memmove (c->in.data, c->in.data + c->consumed, c->in.len - c->consumed);
      c->in.len -= c->consumed;
      c->consumed = 0;
    }
}

/* Writes what it can; returns 0 once the connection is closed. */
static int
flush_output (Connection *c)
{
  while (c->n_out > 0)
    {
      struct iovec iov[MAX_IOV];
      size_t n_iov = 0;
      size_t done = 0;
      ssize_t n;

      for (size_t i = 0; i < c->n_out && n_iov < MAX_IOV; i++)
        {
          Segment *s = &c->out[i];
          const char *data = s->external != NULL ? s->external : s->owned.data;

          iov[n_iov++] = (struct iovec) { (char *) data + s->sent, segment_len (s) - s->sent };
        }

      n = writev (c->fd, iov, (int) n_iov);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && errno == EAGAIN)
        break;
      if (n < 0)
        {
          close_connection (c);
          return 0;
        }

      c->pending -= (size_t) n;
      while (done < c->n_out && n > 0)
        {
          Segment *s = &c->out[done];
          size_t left = segment_len (s) - s->sent;

          if ((size_t) n < left)
            {
              s->sent += (size_t) n;
              break;
            }
          n -= (ssize_t) left;
          bench_buffer_free (&s->owned);
          done++;
        }
      memmove (c->out, c->out + done, (c->n_out - done) * sizeof *c->out);
      c->n_out -= done;
    }

  if (c->n_out == 0 && c->closing)
    {
      close_connection (c);
      return 0;
    }
  return 1;
}

/* Reading only what can be handled keeps level-triggered epoll quiet. */
static void
update_events (Connection *c)
{
  uint32_t events = 0;
  struct epoll_event event;

  if (!c->closing && (c->streaming || (c->pending < OUTPUT_HIGH &&
                                       c->in.len < MAX_HEAD + MAX_BODY)))
    events |= EPOLLIN;
  if (c->n_out > 0)
    events |= EPOLLOUT;

  if (events == c->events)
    return;
  c->events = events;
  event.events = events;
  event.data.ptr = c;
  epoll_ctl (epoll_fd, EPOLL_CTL_MOD, c->fd, &event);
}

static void
connection_ready (Connection *c,
                  uint32_t    events)
{
  if (events & EPOLLIN)
    {
      ssize_t n;

      bench_buffer_reserve (&c->in, READ_CHUNK);
      n = read (c->fd, c->in.data + c->in.len, c->in.size - c->in.len);
      if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
        {
          close_connection (c);
          return;
        }
      if (n > 0)
        c->in.len += (size_t) n;
      /* What comes after an open event stream is not a request. */
      if (c->streaming)
        c->in.len = 0;
    }
  else if (events & (EPOLLERR | EPOLLHUP))
    {
      close_connection (c);
      return;
    }

  process_requests (c);
  if (!flush_output (c))
    return;
  /* Room again for what was waiting in the input. */
  if (c->pending < OUTPUT_HIGH && c->in.len > 0 && !c->streaming)
    {
      process_requests (c);
      if (!flush_output (c))
        return;
    }
  update_events (c);
}

static void
accept_all (int listen_fd)
{
  for (;;)
    {
      int fd = accept4 (listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
      struct epoll_event event;
      Connection *c;
      int one = 1;

      if (fd < 0)
        {
          if (errno == EINTR || errno == ECONNABORTED)
            continue;
          if (errno != EAGAIN)
            perror ("bench-http-server: accept");
          return;
        }

      setsockopt (fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      c = calloc (1, sizeof *c);
      if (c == NULL)
        {
          close (fd);
          continue;
        }
      c->fd = fd;
      c->events = EPOLLIN;
      event.events = EPOLLIN;
      event.data.ptr = c;
      if (epoll_ctl (epoll_fd, EPOLL_CTL_ADD, fd, &event) < 0)
        {
          close (fd);
          free (c);
          continue;
        }
      accepted++;
      open_connections++;
    }
}

static int
listen_loopback (unsigned short port)
{
  struct sockaddr_in address = { 0 };
  socklen_t len = sizeof address;
  struct epoll_event event;
  int one = 1;
  int fd = socket (AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

  address.sin_family = AF_INET;
  address.sin_port = htons (port);
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);

  if (fd < 0 || setsockopt (fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
      bind (fd, (struct sockaddr *) &address, sizeof address) < 0 || listen (fd, 4096) < 0 ||
      getsockname (fd, (struct sockaddr *) &address, &len) < 0)
    {
      perror ("bench-http-server: cannot listen on 127.0.0.1");
      exit (EXIT_FAILURE);
    }

  event.events = EPOLLIN;
  event.data.ptr = &listen_marker;
  epoll_ctl (epoll_fd, EPOLL_CTL_ADD, fd, &event);

  printf ("{\"port\":%u}\n", ntohs (address.sin_port));
  fflush (stdout);
  return fd;
}

static void
usage (void)
{
  fputs ("usage: bench-http-server [--port N] [--prepare-blob BYTES] [--no-get-stream]\n",
         stderr);
  exit (2);
}

int
main (int   argc,
      char *argv[])
{
  unsigned long port = 0;
  struct epoll_event event;
  struct rlimit files;
  int listen_fd;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--port") == 0 && i + 1 < argc)
        {
          port = strtoul (argv[++i], NULL, 10);
          if (port > 65535)
            usage ();
        }
      else if (strcmp (argv[i], "--prepare-blob") == 0 && i + 1 < argc)
        {
          unsigned long bytes = strtoul (argv[++i], NULL, 10);

          /* Made now, so that making it is not timed as part of a call. */
          bench_blob (bytes < BENCH_MAX_BLOB ? bytes : BENCH_MAX_BLOB);
        }
      else if (strcmp (argv[i], "--no-get-stream") == 0)
        no_get_stream = 1;
      else
        usage ();
    }

  /* A write to a client that went away fails with EPIPE instead. */
  signal (SIGPIPE, SIG_IGN);
  /* Hundreds of clients with a few connections each. */
  if (getrlimit (RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max)
    {
      files.rlim_cur = files.rlim_max;
      setrlimit (RLIMIT_NOFILE, &files);
    }

  epoll_fd = epoll_create1 (EPOLL_CLOEXEC);
  if (epoll_fd < 0)
    {
      perror ("bench-http-server: epoll_create1");
      return EXIT_FAILURE;
    }
  listen_fd = listen_loopback ((unsigned short) port);

  /* Not when stdin is a file (epoll refuses those): then it runs until
   * it is killed. */
  event.events = EPOLLIN;
  event.data.ptr = &stdin_marker;
  epoll_ctl (epoll_fd, EPOLL_CTL_ADD, STDIN_FILENO, &event);

  for (;;)
    {
      struct epoll_event events[64];
      int n = epoll_wait (epoll_fd, events, 64, -1);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          perror ("bench-http-server: epoll_wait");
          return EXIT_FAILURE;
        }

      for (int i = 0; i < n; i++)
        {
          if (events[i].data.ptr == &listen_marker)
            accept_all (listen_fd);
          else if (events[i].data.ptr == &stdin_marker)
            {
              char scratch[256];
              ssize_t got = read (STDIN_FILENO, scratch, sizeof scratch);

              if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
                return EXIT_SUCCESS;
            }
          else
            connection_ready (events[i].data.ptr, events[i].events);
        }
    }
}
