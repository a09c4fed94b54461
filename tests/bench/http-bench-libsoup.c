/* http-bench-libsoup.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The plain libsoup client of the HTTP benchmark: the requests mcp-glib
 * sends, byte for byte and serialized beforehand, with the same headers,
 * through a SoupSession with the settings mcp-glib gives the session it
 * makes itself, on the main loop, and no MCP at all: answers are read whole
 * and only checked for what the request needs, event streams are read and
 * their events counted. What libsoup costs this client (its I/O path, proxy
 * resolution, a session per client) is a floor under mcp-glib that
 * mcp-glib cannot go below without leaving libsoup; the table shows how
 * much mcp-glib adds on top. So this client uses libsoup as well as it can
 * be used:
 *
 * - libsoup sends a request whose method is not idempotent, as POST is, on
 *   a new connection unless the message is flagged SOUP_MESSAGE_IDEMPOTENT
 *   (so that it never has to guess whether a request lost with a reused
 *   connection reached the server). This client flags its POSTs, to keep
 *   its connections, unless --no-idempotent asks for libsoup's default.
 *
 * - Bodies are read with g_pollable_input_stream_read_nonblocking () for as
 *   long as there is data, and the main loop waits only when there is none,
 *   into memory sized from Content-Length. libsoup's stream of a chunked
 *   body gives at most one chunk per read, and a server that flushes every
 *   event sends one chunk per event: an asynchronous read per chunk costs
 *   about three times as much per event, and soup_session_send_and_read ()
 *   reads 8 KiB at a time into memory that doubles.
 */

#include <string.h>

#include <libsoup/soup.h>

#include "http-bench.h"

/* As in mcp-http-transport.c. */
#define MAX_CONNECTIONS 64
#define READ_CHUNK      (64 * 1024)
/* More than any answer of the benchmark. */
#define MAX_ANSWER      (512 * 1024 * 1024)

typedef struct
{
  HttpBench   *bench;
  SoupSession *session;
  char        *session_id;
} Plain;

static Plain *
plain_new (HttpBench *bench)
{
  Plain *plain = g_new0 (Plain, 1);

  plain->bench = bench;
  plain->session = soup_session_new_with_options ("max-conns-per-host", MAX_CONNECTIONS,
                                                  "max-conns", MAX_CONNECTIONS,
                                                  NULL);
  return plain;
}

static void
plain_free (Plain *plain)
{
  g_clear_object (&plain->session);
  g_free (plain->session_id);
  g_free (plain);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Plain, plain_free)

static SoupMessage *
plain_message (Plain      *plain,
               const char *method,
               GBytes     *body)
{
  SoupMessage *msg = soup_message_new (method, plain->bench->url);
  SoupMessageHeaders *headers = soup_message_get_request_headers (msg);

  if (plain->bench->idempotent)
    soup_message_add_flags (msg, SOUP_MESSAGE_IDEMPOTENT);
  if (body != NULL)
    {
      soup_message_set_request_body_from_bytes (msg, "application/json", body);
      soup_message_headers_replace (headers, "Accept", "application/json, text/event-stream");
    }
  if (plain->session_id != NULL)
    {
      soup_message_headers_replace (headers, "Mcp-Session-Id", plain->session_id);
      soup_message_headers_replace (headers, "MCP-Protocol-Version",
                                    HTTP_BENCH_PROTOCOL_VERSION);
    }
  return msg;
}

static GBytes *
bytes_take (char *text)
{
  return g_bytes_new_take (text, strlen (text));
}

/* One request and its whole answer. Without @sink the answer is kept and
 * handed to @done; with it, every piece read goes to @sink instead. */
typedef struct _Exchange Exchange;

typedef void (*ExchangeDone) (Exchange *ex,
                              GBytes   *answer,
                              GError   *error);
typedef void (*ExchangeSink) (Exchange   *ex,
                              const char *data,
                              gsize       len);

struct _Exchange
{
  Plain        *plain;
  SoupMessage  *msg;
  GInputStream *stream;
  char         *data;
  gsize         len;
  gsize         size;
  ExchangeSink  sink;
  gpointer      sink_data;
  ExchangeDone  done;
  gpointer      user_data;
};

static void exchange_read (Exchange *ex);

/* Calls @done, then frees @ex; takes @error. */
static void
exchange_finish (Exchange *ex,
                 GError   *error)
{
  g_autoptr(GBytes) answer = NULL;

  if (error == NULL && ex->sink == NULL)
    answer = g_bytes_new_take (g_steal_pointer (&ex->data), ex->len);
  ex->done (ex, answer, error);

  g_clear_error (&error);
  g_clear_object (&ex->msg);
  g_clear_object (&ex->stream);
  g_free (ex->data);
  g_free (ex);
}

static gboolean
exchange_readable_cb (GObject  *stream,
                      gpointer  user_data)
{
  exchange_read (user_data);
  return G_SOURCE_REMOVE;
}

static void
exchange_read (Exchange *ex)
{
  GPollableInputStream *stream = G_POLLABLE_INPUT_STREAM (ex->stream);

  for (;;)
    {
      GError *error = NULL;
      gssize got;

      if (ex->len == ex->size)
        {
          if (ex->size >= MAX_ANSWER)
            {
              exchange_finish (ex, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                                                        "The answer is too large"));
              return;
            }
          ex->size *= 2;
          ex->data = g_realloc (ex->data, ex->size);
        }

      got = g_pollable_input_stream_read_nonblocking (stream, ex->data + ex->len,
                                                      ex->size - ex->len, NULL, &error);
      if (got < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          g_autoptr(GSource) source = g_pollable_input_stream_create_source (stream, NULL);

          g_error_free (error);
          g_source_set_callback (source, G_SOURCE_FUNC (exchange_readable_cb), ex, NULL);
          g_source_attach (source, NULL);
          return;
        }
      if (got < 0)
        {
          exchange_finish (ex, error);
          return;
        }
      if (got == 0)
        {
          g_input_stream_close (ex->stream, NULL, &error);
          exchange_finish (ex, error);
          return;
        }

      if (ex->sink != NULL)
        ex->sink (ex, ex->data, got);
      else
        ex->len += got;
    }
}

static void
exchange_sent_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Exchange *ex = user_data;
  SoupMessageHeaders *headers = soup_message_get_response_headers (ex->msg);
  goffset length = soup_message_headers_get_content_length (headers);
  GError *error = NULL;

  ex->stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  if (ex->stream == NULL)
    {
      exchange_finish (ex, error);
      return;
    }
  if (!G_IS_POLLABLE_INPUT_STREAM (ex->stream) ||
      !g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (ex->stream)))
    {
      exchange_finish (ex, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                                "libsoup's stream cannot be polled"));
      return;
    }

  /* Room for the whole body and the end of the stream, if its length is
   * known; the sink's buffer is reused. */
  if (ex->sink == NULL && length > 0 && length < MAX_ANSWER)
    ex->size = length + 1;
  else
    ex->size = READ_CHUNK;
  ex->data = g_malloc (ex->size);
  exchange_read (ex);
}

static void
exchange_start (Plain        *plain,
                SoupMessage  *msg,
                ExchangeSink  sink,
                gpointer      sink_data,
                ExchangeDone  done,
                gpointer      user_data)
{
  Exchange *ex = g_new0 (Exchange, 1);

  ex->plain = plain;
  ex->msg = g_object_ref (msg);
  ex->sink = sink;
  ex->sink_data = sink_data;
  ex->done = done;
  ex->user_data = user_data;
  soup_session_send_async (plain->session, msg, G_PRIORITY_DEFAULT, NULL, exchange_sent_cb, ex);
}

/* Whether the answer to @msg has @status and holds @expect (if not NULL). */
static gboolean
check_answer (SoupMessage  *msg,
              GBytes       *answer,
              guint         status,
              const char   *expect,
              GError      **error)
{
  gsize len;
  const char *data = g_bytes_get_data (answer, &len);

  if (soup_message_get_status (msg) != status ||
      (expect != NULL && g_strstr_len (data, len, expect) == NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "Unexpected answer (HTTP %u): %.*s",
                   soup_message_get_status (msg), (int) MIN (len, 300), data);
      return FALSE;
    }
  return TRUE;
}

/* An exchange waited for. */
typedef struct
{
  gboolean  done;
  GBytes   *answer;
  GError   *error;
} Waiter;

static void
waiter_done (Exchange *ex,
             GBytes   *answer,
             GError   *error)
{
  Waiter *waiter = ex->user_data;

  waiter->done = TRUE;
  waiter->answer = answer != NULL ? g_bytes_ref (answer) : NULL;
  waiter->error = error != NULL ? g_error_copy (error) : NULL;
}

static GBytes *
plain_send (Plain        *plain,
            SoupMessage  *msg,
            ExchangeSink  sink,
            gpointer      sink_data,
            guint         status,
            const char   *expect,
            GError      **error)
{
  Waiter waiter = { FALSE, NULL, NULL };
  g_autoptr(GBytes) answer = NULL;

  exchange_start (plain, msg, sink, sink_data, waiter_done, &waiter);
  while (!waiter.done)
    g_main_context_iteration (NULL, TRUE);

  if (waiter.error != NULL)
    {
      g_propagate_error (error, waiter.error);
      return NULL;
    }
  answer = waiter.answer != NULL ? waiter.answer : g_bytes_new (NULL, 0);
  if (sink == NULL && !check_answer (msg, answer, status, expect, error))
    return NULL;
  if (sink != NULL && soup_message_get_status (msg) != status)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "Unexpected answer (HTTP %u)",
                   soup_message_get_status (msg));
      return NULL;
    }
  return g_steal_pointer (&answer);
}

static gboolean
plain_handshake (Plain   *plain,
                 GError **error)
{
  g_autoptr(GBytes) initialize = bytes_take (http_bench_initialize_body ());
  g_autoptr(GBytes) initialized = bytes_take (http_bench_initialized_body ());
  g_autoptr(SoupMessage) msg = plain_message (plain, "POST", initialize);
  g_autoptr(GBytes) answer = NULL;

  if (!(answer = plain_send (plain, msg, NULL, NULL, 200, "\"result\"", error)))
    return FALSE;
  plain->session_id = g_strdup (soup_message_headers_get_one (
    soup_message_get_response_headers (msg), "Mcp-Session-Id"));
  g_clear_pointer (&answer, g_bytes_unref);
  g_clear_object (&msg);

  msg = plain_message (plain, "POST", initialized);
  answer = plain_send (plain, msg, NULL, NULL, 202, NULL, error);
  return answer != NULL;
}

static gboolean
plain_close (Plain   *plain,
             GError **error)
{
  g_autoptr(SoupMessage) msg = plain_message (plain, "DELETE", NULL);
  g_autoptr(GBytes) answer = plain_send (plain, msg, NULL, NULL, 200, NULL, error);

  return answer != NULL;
}

static GBytes *
echo_body (HttpBench *bench)
{
  g_autofree char *arguments = g_strdup_printf ("{\"text\":\"%s\"}", bench->echo_text);

  return bytes_take (http_bench_call_body ("echo", arguments, 2));
}

/* Echo calls, @window at a time: each completion starts the next call. */
typedef struct
{
  Plain  *plain;
  GBytes *body;
  int     to_start;
  int     in_flight;
  GError *error;
} CallLoop;

static void start_call (CallLoop *self);

static void
call_done (Exchange *ex,
           GBytes   *answer,
           GError   *error)
{
  CallLoop *self = ex->user_data;
  GError *failed = error != NULL ? g_error_copy (error) : NULL;

  self->in_flight--;
  if (failed == NULL)
    check_answer (ex->msg, answer, 200, self->plain->bench->echo_text, &failed);
  if (failed != NULL && self->error == NULL)
    self->error = failed;
  else if (failed != NULL)
    g_error_free (failed);

  if (self->error == NULL && self->to_start > 0)
    start_call (self);
}

static void
start_call (CallLoop *self)
{
  g_autoptr(SoupMessage) msg = plain_message (self->plain, "POST", self->body);

  self->to_start--;
  self->in_flight++;
  exchange_start (self->plain, msg, NULL, NULL, call_done, self);
}

static gboolean
run_calls (Plain   *plain,
           GBytes  *body,
           int      n,
           int      in_flight,
           GError **error)
{
  CallLoop self = { plain, body, n, 0, NULL };

  for (int i = 0; i < MIN (in_flight, n); i++)
    start_call (&self);
  while (self.in_flight > 0)
    g_main_context_iteration (NULL, TRUE);

  if (self.error != NULL)
    {
      g_propagate_error (error, self.error);
      return FALSE;
    }
  return TRUE;
}

static gboolean
plain_calls (HttpBench    *bench,
             JsonBuilder  *report,
             int           in_flight,
             GError      **error)
{
  g_autoptr(Plain) plain = plain_new (bench);
  g_autoptr(GBytes) body = echo_body (bench);
  HttpBenchMeter meter;

  if (!plain_handshake (plain, error) ||
      !run_calls (plain, body, bench->warmup, in_flight, error) ||
      !http_bench_meter_start (bench, &meter, error) ||
      !run_calls (plain, body, bench->calls, in_flight, error) ||
      !http_bench_meter_stop (bench, &meter, report, "call", bench->calls, error))
    return FALSE;

  bench_add_int (report, "calls", bench->calls);
  bench_add_int (report, "window", in_flight);
  bench_add_int (report, "peak_rss_kib", bench_status_kib ("VmHWM"));
  return plain_close (plain, error);
}

static gboolean
plain_seq (HttpBench    *bench,
           JsonBuilder  *report,
           GError      **error)
{
  return plain_calls (bench, report, 1, error);
}

static gboolean
plain_inflight (HttpBench    *bench,
                JsonBuilder  *report,
                GError      **error)
{
  return plain_calls (bench, report, bench->window, error);
}

/* Counts the events of a stream (an event ends with an empty line). */
typedef struct
{
  gint64 events;
  char   last;
} EventCounter;

static void
count_events (Exchange   *ex,
              const char *data,
              gsize       len)
{
  EventCounter *counter = ex->sink_data;

  for (const char *p = data; (p = memchr (p, '\n', data + len - p)) != NULL; p++)
    if ((p > data ? p[-1] : counter->last) == '\n')
      counter->events++;
  counter->last = data[len - 1];
}

static gboolean
plain_progress_call (Plain   *plain,
                     int      n,
                     GError **error)
{
  g_autofree char *arguments = g_strdup_printf ("{\"count\":%d}", n);
  g_autoptr(GBytes) body = bytes_take (http_bench_call_body ("progress", arguments, 3));
  g_autoptr(SoupMessage) msg = plain_message (plain, "POST", body);
  g_autoptr(GBytes) answer = NULL;
  EventCounter counter = { 0, '\0' };

  if (!(answer = plain_send (plain, msg, count_events, &counter, 200, NULL, error)))
    return FALSE;

  /* The progress events, then the result. */
  if (counter.events != n + 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%" G_GINT64_FORMAT " events arrived instead of %d", counter.events, n + 1);
      return FALSE;
    }
  return TRUE;
}

static gboolean
plain_sse (HttpBench    *bench,
           JsonBuilder  *report,
           GError      **error)
{
  g_autoptr(Plain) plain = plain_new (bench);
  HttpBenchMeter meter;

  if (!plain_handshake (plain, error) ||
      !plain_progress_call (plain, bench->warmup, error) ||
      !http_bench_meter_start (bench, &meter, error))
    return FALSE;

  for (int i = 0; i < bench->repeat; i++)
    if (!plain_progress_call (plain, bench->events, error))
      return FALSE;

  if (!http_bench_meter_stop (bench, &meter, report, "event",
                              (double) bench->repeat * bench->events, error))
    return FALSE;

  bench_add_int (report, "events", bench->events);
  bench_add_int (report, "repeat", bench->repeat);
  return plain_close (plain, error);
}

static GBytes *
plain_blob_call (Plain   *plain,
                 gint64   bytes,
                 GError **error)
{
  g_autofree char *arguments = g_strdup_printf ("{\"bytes\":%" G_GINT64_FORMAT "}", bytes);
  g_autoptr(GBytes) body = bytes_take (http_bench_call_body ("blob", arguments, 4));
  g_autoptr(SoupMessage) msg = plain_message (plain, "POST", body);

  return plain_send (plain, msg, NULL, NULL, 200, NULL, error);
}

static gboolean
plain_blob (HttpBench    *bench,
            JsonBuilder  *report,
            GError      **error)
{
  static const char tail[] = "\"}]}}";
  g_autoptr(Plain) plain = plain_new (bench);
  g_autoptr(GBytes) answer = NULL;
  HttpBenchMeter meter;
  gint64 rss_before;
  const char *data;
  gsize len;

  /* A small blob first, so that the one measured pays for no first use. */
  if (!plain_handshake (plain, error) || !(answer = plain_blob_call (plain, 64 * 1024, error)))
    return FALSE;
  g_clear_pointer (&answer, g_bytes_unref);

  bench_reset_peak ();
  rss_before = bench_status_kib ("VmRSS");
  if (!http_bench_meter_start (bench, &meter, error) ||
      !(answer = plain_blob_call (plain, bench->bytes, error)) ||
      !http_bench_meter_stop (bench, &meter, report, "call", 1, error))
    return FALSE;

  data = g_bytes_get_data (answer, &len);
  if (len < (gsize) bench->bytes + sizeof tail - 1 ||
      memcmp (data + len - (sizeof tail - 1), tail, sizeof tail - 1) != 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "The blob is cut short");
      return FALSE;
    }

  bench_add_int (report, "bytes", bench->bytes);
  bench_add_int (report, "growth_kib", bench_status_kib ("VmHWM") - rss_before);
  g_clear_pointer (&answer, g_bytes_unref);
  return plain_close (plain, error);
}

/* A new client is a new session, as mcp-glib makes one per transport. */
static gboolean
plain_ready (HttpBench    *bench,
             JsonBuilder  *report,
             GError      **error)
{
  g_autoptr(GArray) ready = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) closing = g_array_new (FALSE, FALSE, sizeof (double));
  int skipped = 5;
  HttpBenchMeter meter;

  for (int i = 0; i < skipped + bench->repeat; i++)
    {
      g_autoptr(Plain) plain = NULL;
      gint64 start;
      gint64 connected;
      double ms;

      if (i == skipped && !http_bench_meter_start (bench, &meter, error))
        return FALSE;

      start = g_get_monotonic_time ();
      plain = plain_new (bench);
      if (!plain_handshake (plain, error))
        return FALSE;
      connected = g_get_monotonic_time ();
      if (!plain_close (plain, error))
        return FALSE;
      g_clear_pointer (&plain, plain_free);

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

/* Many clients at once: each goes through initialize, initialized and one
 * echo call on its own, while the others do. */
typedef struct
{
  int     pending;
  GError *error;
} Fleet;

typedef struct
{
  Plain  *plain;
  Fleet  *fleet;
  GBytes *echo;
  int     step;
} Member;

static void member_step (Member *member);

static void
member_done (Exchange *ex,
             GBytes   *answer,
             GError   *error)
{
  static const guint status[] = { 200, 202, 200 };
  Member *member = ex->user_data;
  GError *failed = error != NULL ? g_error_copy (error) : NULL;

  if (failed == NULL)
    check_answer (ex->msg, answer, status[member->step], NULL, &failed);
  if (failed != NULL)
    {
      if (member->fleet->error == NULL)
        member->fleet->error = failed;
      else
        g_error_free (failed);
      member->fleet->pending--;
      return;
    }

  if (member->step == 0)
    member->plain->session_id = g_strdup (soup_message_headers_get_one (
      soup_message_get_response_headers (ex->msg), "Mcp-Session-Id"));
  if (++member->step < 3)
    member_step (member);
  else
    member->fleet->pending--;
}

static void
member_step (Member *member)
{
  g_autoptr(GBytes) body = NULL;
  g_autoptr(SoupMessage) msg = NULL;

  if (member->step == 0)
    body = bytes_take (http_bench_initialize_body ());
  else if (member->step == 1)
    body = bytes_take (http_bench_initialized_body ());
  else
    body = g_bytes_ref (member->echo);

  msg = plain_message (member->plain, "POST", body);
  exchange_start (member->plain, msg, NULL, NULL, member_done, member);
}

static gboolean
plain_many (HttpBench    *bench,
            JsonBuilder  *report,
            GError      **error)
{
  int n = bench->connections;
  g_autoptr(GBytes) echo = echo_body (bench);
  g_autofree Member *members = g_new0 (Member, n);
  Fleet fleet = { n, NULL };
  HttpBenchMeter meter;
  gint64 rss_before;
  gint64 rss_after;
  gint64 start;
  double connect_ms;

  /* One client first, so that what every process pays once is not
   * charged to the clients measured. */
  {
    g_autoptr(Plain) first = plain_new (bench);

    if (!plain_handshake (first, error) || !run_calls (first, echo, 1, 1, error) ||
        !plain_close (first, error))
      return FALSE;
  }

  rss_before = bench_status_kib ("VmRSS");
  if (!http_bench_meter_start (bench, &meter, error))
    return FALSE;
  start = g_get_monotonic_time ();

  for (int i = 0; i < n; i++)
    {
      members[i] = (Member) { plain_new (bench), &fleet, echo, 0 };
      member_step (&members[i]);
    }
  while (fleet.pending > 0)
    g_main_context_iteration (NULL, TRUE);
  connect_ms = (g_get_monotonic_time () - start) / 1000.0;
  rss_after = bench_status_kib ("VmRSS");

  if (fleet.error == NULL &&
      !http_bench_meter_stop (bench, &meter, report, "client", n, error))
    fleet.error = g_steal_pointer (error);

  for (int i = 0; i < n; i++)
    {
      if (fleet.error == NULL && !plain_close (members[i].plain, error))
        fleet.error = g_steal_pointer (error);
      plain_free (members[i].plain);
    }

  if (fleet.error != NULL)
    {
      g_propagate_error (error, fleet.error);
      return FALSE;
    }

  bench_add_int (report, "clients", n);
  bench_add_double (report, "connect_all_ms", connect_ms);
  bench_add_double (report, "kib_per_client", (rss_after - rss_before) / (double) n);
  return TRUE;
}

HttpBenchWorkload
http_bench_libsoup_workload (const char *name)
{
  static const struct {
    const char        *name;
    HttpBenchWorkload  run;
  } workloads[] = {
    { "seq", plain_seq },
    { "inflight", plain_inflight },
    { "sse", plain_sse },
    { "blob", plain_blob },
    { "ready", plain_ready },
    { "many", plain_many },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (workloads); i++)
    if (g_str_equal (workloads[i].name, name))
      return workloads[i].run;
  return NULL;
}
