/* http-bench-raw.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The raw client of the HTTP benchmark: the requests mcp-glib sends, byte
 * for byte and serialized beforehand, written with write () on blocking
 * keep-alive connections, and the answers read back with read () (and
 * poll () when several are in flight, one per connection, as HTTP/1.1
 * clients do), with no JSON and no main loop. It checks only what it must
 * to know an answer is whole and the right one. No client can do the same
 * work for less, so it is the limit the others are read against; and
 * since the server is the same for all, the server's busy share under this
 * client says whether the server could be a bottleneck for the others.
 *
 * Also here, since it is plain socket code: reading the server's figures
 * (GET /stats) for every client.
 */

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gio/gio.h>

#include "http-bench.h"

#define READ_CHUNK (64 * 1024)
/* More than any answer of the benchmark. */
#define MAX_ANSWER (512 * 1024 * 1024)

typedef struct
{
  int    fd;
  char  *buf;
  gsize  len;
  gsize  size;
  /* Where the unread part of buf starts. */
  gsize  pos;
} RawConn;

typedef struct
{
  int    status;
  gsize  head_len;
  /* -1 for a chunked body. */
  gint64 content_length;
  char  *session_id;
  /* The whole answer, head included, once it is whole. */
  gsize  total;
} RawResponse;

static void
raw_response_clear (RawResponse *r)
{
  g_clear_pointer (&r->session_id, g_free);
}

static gboolean
set_errno_error (GError     **error,
                 const char  *what)
{
  int saved = errno;

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", what,
               g_strerror (saved));
  return FALSE;
}

static void
raw_free (RawConn *conn)
{
  if (conn->fd >= 0)
    close (conn->fd);
  g_free (conn->buf);
  g_free (conn);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RawConn, raw_free)

static RawConn *
raw_connect (HttpBench  *bench,
             GError    **error)
{
  struct addrinfo hints = { 0 };
  struct addrinfo *addresses = NULL;
  g_autofree char *port = g_strdup_printf ("%d", bench->port);
  g_autoptr(RawConn) conn = g_new0 (RawConn, 1);
  int one = 1;
  int status;

  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV;
  status = getaddrinfo (bench->host, port, &hints, &addresses);
  if (status != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "The raw client needs a numeric address, not %s: %s", bench->host,
                   gai_strerror (status));
      return NULL;
    }

  conn->fd = socket (addresses->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (conn->fd < 0 || connect (conn->fd, addresses->ai_addr, addresses->ai_addrlen) < 0)
    {
      freeaddrinfo (addresses);
      set_errno_error (error, "connect");
      return NULL;
    }
  freeaddrinfo (addresses);
  setsockopt (conn->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);

  conn->size = READ_CHUNK;
  conn->buf = g_malloc (conn->size);
  return g_steal_pointer (&conn);
}

static gboolean
raw_write_all (RawConn     *conn,
               const char  *data,
               gsize        len,
               GError     **error)
{
  while (len > 0)
    {
      gssize n = write (conn->fd, data, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return set_errno_error (error, "write");
      data += n;
      len -= n;
    }
  return TRUE;
}

/* Reads what is there (blocking until something is), after moving the
 * unread part to the start of the buffer. */
static gboolean
raw_fill (RawConn  *conn,
          GError  **error)
{
  gssize n;

  if (conn->pos > 0)
    {
      memmove (conn->buf, conn->buf + conn->pos, conn->len - conn->pos);
      conn->len -= conn->pos;
      conn->pos = 0;
    }
  if (conn->size - conn->len < READ_CHUNK / 2)
    {
      if (conn->size >= MAX_ANSWER)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                               "The answer does not fit in the raw client's buffer");
          return FALSE;
        }
      conn->size *= 2;
      conn->buf = g_realloc (conn->buf, conn->size);
    }

  do
    n = read (conn->fd, conn->buf + conn->len, conn->size - conn->len);
  while (n < 0 && errno == EINTR);

  if (n < 0)
    return set_errno_error (error, "read");
  if (n == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                           "The server closed the connection");
      return FALSE;
    }
  conn->len += n;
  return TRUE;
}

/* A header's value in a head that ends with an empty line. */
static const char *
find_header (const char *head,
             gsize       head_len,
             const char *name,
             gsize      *value_len)
{
  gsize name_len = strlen (name);
  const char *end = head + head_len;

  for (const char *line = memchr (head, '\n', head_len); line != NULL && line + 1 < end;
       line = memchr (line + 1, '\n', end - line - 1))
    {
      const char *p = line + 1;

      if ((gsize) (end - p) > name_len + 1 && p[name_len] == ':' &&
          g_ascii_strncasecmp (p, name, name_len) == 0)
        {
          const char *eol = memchr (p, '\r', end - p);

          p += name_len + 1;
          while (*p == ' ')
            p++;
          *value_len = eol - p;
          return p;
        }
    }
  return NULL;
}

/* Parses the head at the unread part of @conn; FALSE if it is not all
 * there yet. */
static gboolean
raw_parse_head (RawConn      *conn,
                RawResponse  *r,
                GError      **error)
{
  const char *data = conn->buf + conn->pos;
  gsize avail = conn->len - conn->pos;
  const char *end = g_strstr_len (data, avail, "\r\n\r\n");
  const char *value;
  gsize value_len;

  if (end == NULL)
    return FALSE;

  r->head_len = end + 4 - data;
  r->status = avail > 12 && memcmp (data, "HTTP/1.1 ", 9) == 0 ? atoi (data + 9) : 0;
  r->content_length = -1;
  r->total = 0;
  if ((value = find_header (data, r->head_len, "Content-Length", &value_len)) != NULL)
    r->content_length = g_ascii_strtoll (value, NULL, 10);
  else if (find_header (data, r->head_len, "Transfer-Encoding", &value_len) == NULL)
    r->content_length = 0;
  if ((value = find_header (data, r->head_len, "Mcp-Session-Id", &value_len)) != NULL)
    r->session_id = g_strndup (value, value_len);

  if (r->status == 0)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "Not an HTTP answer");
  return TRUE;
}

/* Whether the whole answer is there, which sets its total length; an
 * error for a chunk size no answer of this benchmark comes near. */
static gboolean
raw_response_whole (RawConn      *conn,
                    RawResponse  *r,
                    GError      **error)
{
  const char *data = conn->buf + conn->pos;
  gsize avail = conn->len - conn->pos;
  gsize at = r->head_len;

  if (r->content_length >= 0)
    {
      if (avail < r->head_len + r->content_length)
        return FALSE;
      r->total = r->head_len + r->content_length;
      return TRUE;
    }

  /* Chunked: walk the chunk sizes up to the empty one. */
  for (;;)
    {
      const char *eol = g_strstr_len (data + at, avail - at, "\r\n");
      guint64 size;

      if (eol == NULL)
        return FALSE;
      size = g_ascii_strtoull (data + at, NULL, 16);
      if (size > MAX_ANSWER)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                       "A chunk of %" G_GUINT64_FORMAT " bytes", size);
          return FALSE;
        }
      at = eol + 2 - data;
      if (size == 0)
        {
          if (avail - at < 2)
            return FALSE;
          r->total = at + 2;
          return TRUE;
        }
      if (avail - at < size + 2)
        return FALSE;
      at += size + 2;
    }
}

/* Reads one whole answer; its bytes stay unread until raw_consume (). */
static gboolean
raw_read_response (RawConn      *conn,
                   RawResponse  *r,
                   GError      **error)
{
  GError *parse_error = NULL;

  while (!raw_parse_head (conn, r, &parse_error))
    if (!raw_fill (conn, error))
      return FALSE;
  if (parse_error != NULL)
    {
      raw_response_clear (r);
      g_propagate_error (error, parse_error);
      return FALSE;
    }

  while (!raw_response_whole (conn, r, &parse_error))
    if (parse_error != NULL || !raw_fill (conn, error))
      {
        raw_response_clear (r);
        if (parse_error != NULL)
          g_propagate_error (error, parse_error);
        return FALSE;
      }
  return TRUE;
}

static void
raw_consume (RawConn     *conn,
             RawResponse *r)
{
  conn->pos += r->total;
  raw_response_clear (r);
}

static char *
raw_request (HttpBench  *bench,
             const char *method,
             const char *session_id,
             const char *body)
{
  GString *request = g_string_new (NULL);

  g_string_append_printf (request, "%s %s HTTP/1.1\r\nHost: %s:%d\r\n", method, bench->path,
                          bench->host, bench->port);
  if (body != NULL)
    g_string_append (request, "Content-Type: application/json\r\n"
                     "Accept: application/json, text/event-stream\r\n");
  if (session_id != NULL)
    g_string_append_printf (request, "Mcp-Session-Id: %s\r\n"
                            "MCP-Protocol-Version: " HTTP_BENCH_PROTOCOL_VERSION "\r\n",
                            session_id);
  g_string_append_printf (request, "Content-Length: %zu\r\n\r\n", body ? strlen (body) : 0);
  if (body != NULL)
    g_string_append (request, body);

  return g_string_free (request, FALSE);
}

/* Sends @request and reads its answer, which must have @status and hold
 * @expect (if not NULL); leaves it unread in @r. */
static gboolean
raw_exchange (RawConn      *conn,
              const char   *request,
              gsize         request_len,
              int           status,
              const char   *expect,
              RawResponse  *r,
              GError      **error)
{
  if (!raw_write_all (conn, request, request_len, error) || !raw_read_response (conn, r, error))
    return FALSE;

  if (r->status != status ||
      (expect != NULL && g_strstr_len (conn->buf + conn->pos, r->total, expect) == NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "Unexpected answer (HTTP %d): %.*s", r->status,
                   (int) MIN (r->total, 300), conn->buf + conn->pos);
      raw_response_clear (r);
      return FALSE;
    }
  return TRUE;
}

/* initialize, then notifications/initialized: the session id stays in
 * @session_id. */
static gboolean
raw_handshake (HttpBench  *bench,
               RawConn    *conn,
               char      **session_id,
               GError    **error)
{
  g_autofree char *initialize = http_bench_initialize_body ();
  g_autofree char *initialized = http_bench_initialized_body ();
  g_autofree char *request = raw_request (bench, "POST", NULL, initialize);
  RawResponse r = { 0 };

  if (!raw_exchange (conn, request, strlen (request), 200, "\"result\"", &r, error))
    return FALSE;
  *session_id = g_steal_pointer (&r.session_id);
  raw_consume (conn, &r);

  g_free (request);
  request = raw_request (bench, "POST", *session_id, initialized);
  if (!raw_exchange (conn, request, strlen (request), 202, NULL, &r, error))
    return FALSE;
  raw_consume (conn, &r);
  return TRUE;
}

static char *
echo_request (HttpBench  *bench,
              const char *session_id)
{
  g_autofree char *arguments = g_strdup_printf ("{\"text\":\"%s\"}", bench->echo_text);
  g_autofree char *body = http_bench_call_body ("echo", arguments, 2);

  return raw_request (bench, "POST", session_id, body);
}

/* @n calls on @n_conns connections, one in flight on each. */
static gboolean
raw_calls (HttpBench  *bench,
           RawConn   **conns,
           int         n_conns,
           const char *request,
           int         n,
           GError    **error)
{
  gsize request_len = strlen (request);
  g_autofree struct pollfd *fds = g_new0 (struct pollfd, n_conns);
  RawResponse r = { 0 };
  int started = 0;
  int done = 0;

  if (n_conns == 1)
    {
      for (int i = 0; i < n; i++)
        {
          if (!raw_exchange (conns[0], request, request_len, 200, bench->echo_text, &r, error))
            return FALSE;
          raw_consume (conns[0], &r);
        }
      return TRUE;
    }

  for (int i = 0; i < n_conns; i++)
    {
      fds[i].fd = -1;
      fds[i].events = POLLIN;
    }
  for (int i = 0; i < n_conns && started < n; i++, started++)
    {
      if (!raw_write_all (conns[i], request, request_len, error))
        return FALSE;
      fds[i].fd = conns[i]->fd;
    }

  while (done < n)
    {
      if (poll (fds, n_conns, -1) < 0 && errno != EINTR)
        return set_errno_error (error, "poll");

      for (int i = 0; i < n_conns; i++)
        {
          GError *parse_error = NULL;
          gboolean whole;

          if (fds[i].fd < 0 || fds[i].revents == 0)
            continue;
          if (!raw_fill (conns[i], error))
            return FALSE;
          whole = raw_parse_head (conns[i], &r, &parse_error) && parse_error == NULL &&
                  raw_response_whole (conns[i], &r, &parse_error);
          if (parse_error != NULL)
            {
              raw_response_clear (&r);
              g_propagate_error (error, parse_error);
              return FALSE;
            }
          if (!whole)
            {
              raw_response_clear (&r);
              continue;
            }
          if (r.status != 200 ||
              g_strstr_len (conns[i]->buf + conns[i]->pos, r.total, bench->echo_text) == NULL)
            {
              raw_response_clear (&r);
              g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                   "The server did not echo the text");
              return FALSE;
            }
          raw_consume (conns[i], &r);
          done++;

          if (started < n)
            {
              if (!raw_write_all (conns[i], request, request_len, error))
                return FALSE;
              started++;
            }
          else
            fds[i].fd = -1;
        }
    }

  return TRUE;
}

static gboolean
raw_call_workload (HttpBench    *bench,
                   JsonBuilder  *report,
                   int           window,
                   GError      **error)
{
  g_autoptr(GPtrArray) conns = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  g_autofree char *session_id = NULL;
  g_autofree char *request = NULL;
  HttpBenchMeter meter;

  for (int i = 0; i < window; i++)
    {
      RawConn *conn = raw_connect (bench, error);

      if (conn == NULL)
        return FALSE;
      g_ptr_array_add (conns, conn);
    }
  if (!raw_handshake (bench, conns->pdata[0], &session_id, error))
    return FALSE;
  request = echo_request (bench, session_id);

  if (!raw_calls (bench, (RawConn **) conns->pdata, window, request, bench->warmup, error) ||
      !http_bench_meter_start (bench, &meter, error) ||
      !raw_calls (bench, (RawConn **) conns->pdata, window, request, bench->calls, error) ||
      !http_bench_meter_stop (bench, &meter, report, "call", bench->calls, error))
    return FALSE;

  bench_add_int (report, "calls", bench->calls);
  bench_add_int (report, "window", window);
  bench_add_int (report, "peak_rss_kib", bench_status_kib ("VmHWM"));
  return TRUE;
}

static gboolean
raw_seq (HttpBench    *bench,
         JsonBuilder  *report,
         GError      **error)
{
  return raw_call_workload (bench, report, 1, error);
}

static gboolean
raw_inflight (HttpBench    *bench,
              JsonBuilder  *report,
              GError      **error)
{
  return raw_call_workload (bench, report, bench->window, error);
}

/* Reads an event stream answer after its head, decoding the chunks and
 * counting the events (an event ends with an empty line), until the last
 * chunk. */
static gboolean
raw_count_events (RawConn  *conn,
                  gint64   *events,
                  GError  **error)
{
  gsize chunk_left = 0;
  gboolean in_chunk = FALSE;
  char last = '\0';

  *events = 0;
  for (;;)
    {
      char *data = conn->buf + conn->pos;
      gsize avail = conn->len - conn->pos;

      if (in_chunk && chunk_left > 0 && avail > 0)
        {
          gsize n = MIN (avail, chunk_left);
          const char *p = data;
          const char *end = data + n;

          while ((p = memchr (p, '\n', end - p)) != NULL)
            {
              if ((p > data ? p[-1] : last) == '\n')
                (*events)++;
              p++;
            }
          last = data[n - 1];
          conn->pos += n;
          chunk_left -= n;
          continue;
        }

      if (in_chunk && chunk_left == 0 && avail >= 2)
        {
          conn->pos += 2;
          in_chunk = FALSE;
          continue;
        }

      if (!in_chunk)
        {
          const char *eol = g_strstr_len (data, avail, "\r\n");

          if (eol != NULL)
            {
              chunk_left = g_ascii_strtoull (data, NULL, 16);
              conn->pos += eol + 2 - data;
              in_chunk = TRUE;
              if (chunk_left == 0)
                {
                  /* The empty line after the last chunk. */
                  while (conn->len - conn->pos < 2)
                    if (!raw_fill (conn, error))
                      return FALSE;
                  conn->pos += 2;
                  return TRUE;
                }
              continue;
            }
        }

      if (!raw_fill (conn, error))
        return FALSE;
    }
}

static gboolean
raw_progress_call (HttpBench  *bench,
                   RawConn    *conn,
                   const char *session_id,
                   int         n,
                   GError    **error)
{
  g_autofree char *arguments = g_strdup_printf ("{\"count\":%d}", n);
  g_autofree char *body = http_bench_call_body ("progress", arguments, 3);
  g_autofree char *request = raw_request (bench, "POST", session_id, body);
  GError *parse_error = NULL;
  RawResponse r = { 0 };
  gint64 events;

  if (!raw_write_all (conn, request, strlen (request), error))
    return FALSE;
  while (!raw_parse_head (conn, &r, &parse_error))
    if (!raw_fill (conn, error))
      return FALSE;
  raw_response_clear (&r);
  if (parse_error != NULL)
    {
      g_propagate_error (error, parse_error);
      return FALSE;
    }
  if (r.status != 200 || r.content_length >= 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "The progress tool answered HTTP %d without a chunked event stream",
                   r.status);
      return FALSE;
    }
  conn->pos += r.head_len;

  if (!raw_count_events (conn, &events, error))
    return FALSE;
  /* The progress events, then the result. */
  if (events != n + 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%" G_GINT64_FORMAT " events arrived instead of %d", events, n + 1);
      return FALSE;
    }
  return TRUE;
}

static gboolean
raw_sse (HttpBench    *bench,
         JsonBuilder  *report,
         GError      **error)
{
  g_autoptr(RawConn) conn = NULL;
  g_autofree char *session_id = NULL;
  HttpBenchMeter meter;

  if (!(conn = raw_connect (bench, error)) ||
      !raw_handshake (bench, conn, &session_id, error) ||
      !raw_progress_call (bench, conn, session_id, bench->warmup, error) ||
      !http_bench_meter_start (bench, &meter, error))
    return FALSE;

  for (int i = 0; i < bench->repeat; i++)
    if (!raw_progress_call (bench, conn, session_id, bench->events, error))
      return FALSE;

  if (!http_bench_meter_stop (bench, &meter, report, "event",
                              (double) bench->repeat * bench->events, error))
    return FALSE;

  bench_add_int (report, "events", bench->events);
  bench_add_int (report, "repeat", bench->repeat);
  return TRUE;
}

/* The body goes straight into memory of the size Content-Length gives. */
static char *
raw_blob_call (HttpBench   *bench,
               RawConn     *conn,
               const char  *session_id,
               gint64       bytes,
               gsize       *len,
               GError     **error)
{
  g_autofree char *arguments = g_strdup_printf ("{\"bytes\":%" G_GINT64_FORMAT "}", bytes);
  g_autofree char *body = http_bench_call_body ("blob", arguments, 4);
  g_autofree char *request = raw_request (bench, "POST", session_id, body);
  g_autofree char *answer = NULL;
  GError *parse_error = NULL;
  RawResponse r = { 0 };
  gsize have;

  if (!raw_write_all (conn, request, strlen (request), error))
    return NULL;
  while (!raw_parse_head (conn, &r, &parse_error))
    if (!raw_fill (conn, error))
      return NULL;
  raw_response_clear (&r);
  if (parse_error != NULL)
    {
      g_propagate_error (error, parse_error);
      return NULL;
    }
  if (r.status != 200 || r.content_length < 0 || r.content_length > MAX_ANSWER)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "The blob tool answered HTTP %d without a usable Content-Length", r.status);
      return NULL;
    }

  conn->pos += r.head_len;
  answer = g_malloc (r.content_length);
  have = MIN ((gsize) r.content_length, conn->len - conn->pos);
  memcpy (answer, conn->buf + conn->pos, have);
  conn->pos += have;
  while (have < (gsize) r.content_length)
    {
      gssize n = read (conn->fd, answer + have, r.content_length - have);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                               "The server closed the connection");
          return NULL;
        }
      have += n;
    }

  *len = have;
  return g_steal_pointer (&answer);
}

static gboolean
raw_blob (HttpBench    *bench,
          JsonBuilder  *report,
          GError      **error)
{
  static const char tail[] = "\"}]}}";
  g_autoptr(RawConn) conn = NULL;
  g_autofree char *session_id = NULL;
  g_autofree char *answer = NULL;
  HttpBenchMeter meter;
  gint64 rss_before;
  gsize len;

  /* A small blob first, so that the one measured pays for no first use. */
  if (!(conn = raw_connect (bench, error)) ||
      !raw_handshake (bench, conn, &session_id, error) ||
      !(answer = raw_blob_call (bench, conn, session_id, 64 * 1024, &len, error)))
    return FALSE;
  g_clear_pointer (&answer, g_free);

  bench_reset_peak ();
  rss_before = bench_status_kib ("VmRSS");
  if (!http_bench_meter_start (bench, &meter, error) ||
      !(answer = raw_blob_call (bench, conn, session_id, bench->bytes, &len, error)) ||
      !http_bench_meter_stop (bench, &meter, report, "call", 1, error))
    return FALSE;

  if (len < (gsize) bench->bytes + sizeof tail - 1 ||
      memcmp (answer + len - (sizeof tail - 1), tail, sizeof tail - 1) != 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "The blob is cut short");
      return FALSE;
    }

  bench_add_int (report, "bytes", bench->bytes);
  bench_add_int (report, "growth_kib", bench_status_kib ("VmHWM") - rss_before);
  return TRUE;
}

/* Connect and handshake, on one connection. */
static RawConn *
raw_client_new (HttpBench  *bench,
                char      **session_id,
                GError    **error)
{
  g_autoptr(RawConn) conn = raw_connect (bench, error);

  if (conn == NULL || !raw_handshake (bench, conn, session_id, error))
    return NULL;
  return g_steal_pointer (&conn);
}

/* Ends the session with DELETE, then the connection. */
static gboolean
raw_client_close (HttpBench   *bench,
                  RawConn     *conn,
                  const char  *session_id,
                  GError     **error)
{
  g_autofree char *request = raw_request (bench, "DELETE", session_id, NULL);
  RawResponse r = { 0 };

  if (!raw_exchange (conn, request, strlen (request), 200, NULL, &r, error))
    return FALSE;
  raw_consume (conn, &r);
  return TRUE;
}

static gboolean
raw_ready (HttpBench    *bench,
           JsonBuilder  *report,
           GError      **error)
{
  g_autoptr(GArray) ready = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) closing = g_array_new (FALSE, FALSE, sizeof (double));
  int skipped = 5;
  HttpBenchMeter meter;

  for (int i = 0; i < skipped + bench->repeat; i++)
    {
      g_autoptr(RawConn) conn = NULL;
      g_autofree char *session_id = NULL;
      gint64 start;
      gint64 connected;
      double ms;

      if (i == skipped && !http_bench_meter_start (bench, &meter, error))
        return FALSE;

      start = g_get_monotonic_time ();
      if (!(conn = raw_client_new (bench, &session_id, error)))
        return FALSE;
      connected = g_get_monotonic_time ();
      if (!raw_client_close (bench, conn, session_id, error))
        return FALSE;
      g_clear_pointer (&conn, raw_free);

      if (i < skipped)
        continue;
      ms = (connected - start) / 1000.0;
      g_array_append_val (ready, ms);
      ms = (g_get_monotonic_time () - connected) / 1000.0;
      g_array_append_val (closing, ms);
    }

  if (!http_bench_meter_stop (bench, &meter, report, "client", bench->repeat, error))
    return FALSE;

  bench_add_int (report, "repeat", bench->repeat);
  bench_add_double (report, "ready_ms", bench_median (ready));
  bench_add_double (report, "close_ms", bench_median (closing));
  return TRUE;
}

/* The clients one after the other: the raw client has no main loop. */
static gboolean
raw_many (HttpBench    *bench,
          JsonBuilder  *report,
          GError      **error)
{
  int n = bench->connections;
  g_autoptr(GPtrArray) conns = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  g_autoptr(GPtrArray) sessions = g_ptr_array_new_with_free_func (g_free);
  HttpBenchMeter meter;
  gint64 rss_before;
  gint64 rss_after;
  gint64 start;
  double connect_ms;

  /* One client first, as the others do. */
  {
    g_autofree char *session_id = NULL;
    g_autofree char *request = NULL;
    g_autoptr(RawConn) first = raw_client_new (bench, &session_id, error);

    if (first == NULL)
      return FALSE;
    request = echo_request (bench, session_id);
    if (!raw_calls (bench, &first, 1, request, 1, error) ||
        !raw_client_close (bench, first, session_id, error))
      return FALSE;
  }

  rss_before = bench_status_kib ("VmRSS");
  if (!http_bench_meter_start (bench, &meter, error))
    return FALSE;
  start = g_get_monotonic_time ();

  for (int i = 0; i < n; i++)
    {
      char *session_id = NULL;
      RawConn *conn = raw_client_new (bench, &session_id, error);

      if (conn == NULL)
        return FALSE;
      g_ptr_array_add (conns, conn);
      g_ptr_array_add (sessions, session_id);
    }
  connect_ms = (g_get_monotonic_time () - start) / 1000.0;

  for (int i = 0; i < n; i++)
    {
      g_autofree char *request = echo_request (bench, sessions->pdata[i]);

      if (!raw_calls (bench, (RawConn **) &conns->pdata[i], 1, request, 1, error))
        return FALSE;
    }
  rss_after = bench_status_kib ("VmRSS");
  if (!http_bench_meter_stop (bench, &meter, report, "client", n, error))
    return FALSE;

  for (int i = 0; i < n; i++)
    if (!raw_client_close (bench, conns->pdata[i], sessions->pdata[i], error))
      return FALSE;

  bench_add_int (report, "clients", n);
  bench_add_double (report, "connect_all_ms", connect_ms);
  bench_add_double (report, "kib_per_client", (rss_after - rss_before) / (double) n);
  return TRUE;
}

HttpBenchWorkload
http_bench_raw_workload (const char *name)
{
  static const struct {
    const char        *name;
    HttpBenchWorkload  run;
  } workloads[] = {
    { "seq", raw_seq },
    { "inflight", raw_inflight },
    { "sse", raw_sse },
    { "blob", raw_blob },
    { "ready", raw_ready },
    { "many", raw_many },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (workloads); i++)
    if (g_str_equal (workloads[i].name, name))
      return workloads[i].run;
  return NULL;
}

gboolean
http_bench_server_stats (HttpBench       *bench,
                         HttpBenchStats  *stats,
                         GError         **error)
{
  g_autofree char *request = g_strdup_printf ("GET /stats HTTP/1.1\r\nHost: %s:%d\r\n"
                                              "Connection: close\r\n\r\n",
                                              bench->host, bench->port);
  g_autoptr(RawConn) conn = raw_connect (bench, error);
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  RawResponse r = { 0 };
  JsonObject *object;

  if (conn == NULL ||
      !raw_exchange (conn, request, strlen (request), 200, NULL, &r, error))
    return FALSE;

  text = g_strndup (conn->buf + conn->pos + r.head_len, r.total - r.head_len);
  raw_response_clear (&r);
  root = json_from_string (text, NULL);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           "The server's figures are not JSON");
      return FALSE;
    }
  object = json_node_get_object (root);
  stats->accepted = json_object_get_int_member (object, "accepted");
  stats->requests = json_object_get_int_member (object, "requests");
  stats->cpu_us = json_object_get_int_member (object, "cpu_us");
  return TRUE;
}
