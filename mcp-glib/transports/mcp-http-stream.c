/* mcp-http-stream.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The event streams of McpHttpTransport: an answer to a POST that comes as
 * an event stream, the standalone GET stream that carries what the server
 * sends on its own, and the legacy stream of the 2024-11-05 transport are
 * read and parsed here, and a stream that breaks is resumed with a GET
 * carrying Last-Event-ID after the delay the server asked for.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-http-transport-private.h"
#include "mcp-json-private.h"
#include "mcp-source-private.h"

/* Resumption waits what the server asked for with retry:, or the default,
 * but never less than the minimum (retry: 0 must not make a storm of
 * GETs), and twice as long for each further attempt in a row. A row ends
 * with a message, or with a stream that stayed open a while. */
#define DEFAULT_RETRY_MS 1000
#define MIN_RETRY_MS     250
#define MAX_RETRY_MS     60000
#define STABLE_STREAM_US (10 * G_USEC_PER_SEC)

/* Event ids go back to the server in Last-Event-ID. */
#define MAX_EVENT_ID_LENGTH 1024

/* A stream is read, when there is something to read, into a buffer on
 * the stack: a stream waiting for the server (most of them, most of the
 * time) holds no buffer. A stream that cannot say when it has something
 * (one that is not pollable) is read into one of its own. */
#define STREAM_READ_SIZE     (16 * 1024)

/* How much is read before the main loop gets its turn again: about a
 * millisecond of work either way, many small events (libsoup gives one
 * chunk, usually one event, per read) or a few large ones. Waiting again
 * costs a new source from libsoup each time (one of its own is ready at
 * once for ever when it had data buffered), which is as much as reading
 * and handling a dozen progress events: it is done as seldom as that
 * allows. */
#define STREAM_READS_AT_ONCE 256
#define STREAM_BYTES_AT_ONCE (256 * 1024)


static void
on_sse_event (const char *event_type,
              const char *data,
              gsize       len,
              gpointer    user_data)
{
  McpHttpExchange *ex = user_data;
  McpHttpTransport *self = ex->self;

  if (data == NULL)
    {
      g_autofree char *max = g_strdup_printf ("%" G_GUINT64_FORMAT, self->max_message_size);
      g_autoptr(GError) error = NULL;

      error = g_error_new (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                           _("The server sent an event larger than the maximum of %s bytes"),
                           max);
      g_debug ("%s", error->message);
      if (ex->dropped == NULL)
        ex->dropped = g_error_copy (error);

      /* The stream of a request is there for its answer: whatever the
       * event was, the request fails now (once the parser is done), rather
       * than wait for an answer the server may never send. */
      if (ex->kind == MCP_HTTP_EXCHANGE_POST && ex->request_id != NULL)
        ex->too_large = TRUE;
      else
        mcp_transport_deliver_discarded (MCP_TRANSPORT (self), error, NULL, NULL);
      return;
    }

  if (ex->kind == MCP_HTTP_EXCHANGE_LEGACY && g_str_equal (event_type, "endpoint"))
    {
      _mcp_http_legacy_set_endpoint (ex, data, len);
      return;
    }

  /* Events without data (such as the priming event that only carries an
   * id for resumption) are not messages, nor progress. */
  if (g_str_equal (event_type, "message") && !_mcp_json_text_is_blank (data, len))
    {
      ex->attempts = 0;
      _mcp_http_exchange_deliver (ex, data, len);
    }
}

static gboolean
resume_cb (gpointer user_data)
{
  McpHttpExchange *ex = user_data;

  _mcp_source_clear (&ex->retry_source);
  _mcp_http_exchange_start (ex);
  return G_SOURCE_REMOVE;
}

/* The id of the last event of @ex's stream, to resume it from, or %NULL
 * if there is none or none that can go in a header (then the stream cannot
 * be resumed where it broke). */
const char *
_mcp_http_stream_resume_id (McpHttpExchange *ex)
{
  const char *id = ex->sse != NULL ? _mcp_sse_parser_get_last_event_id (ex->sse) : NULL;

  if (id != NULL && !_mcp_http_is_visible_ascii (id, MAX_EVENT_ID_LENGTH))
    {
      g_debug ("The server at %s gave an event id that cannot be sent back", ex->self->url);
      return NULL;
    }

  return id;
}

/* Reconnects a broken event stream, if the server made that possible. */
static gboolean
try_resume (McpHttpExchange *ex)
{
  McpHttpTransport *self = ex->self;
  gint64 retry;

  if (ex->stream_started != 0 &&
      g_get_monotonic_time () - ex->stream_started >= STABLE_STREAM_US)
    ex->attempts = 0;

  /* The stateless revision resumes nothing: a broken answer is lost. */
  if (self->closing || self->stateless || g_cancellable_is_cancelled (ex->cancellable) ||
      ex->attempts >= self->max_reconnect_attempts)
    return FALSE;

  /* A POST's answer can only be found again by its event id. */
  if (ex->kind == MCP_HTTP_EXCHANGE_POST && _mcp_http_stream_resume_id (ex) == NULL)
    return FALSE;

  retry = ex->sse != NULL ? _mcp_sse_parser_get_retry (ex->sse) : -1;
  retry = MAX (retry < 0 ? DEFAULT_RETRY_MS : retry, MIN_RETRY_MS);
  retry = MIN (retry << MIN (ex->attempts, 8), MAX_RETRY_MS);

  ex->attempts++;
  g_clear_object (&ex->stream);
  g_clear_object (&ex->msg);
  g_debug ("Resuming the event stream of %s in %" G_GINT64_FORMAT " ms (attempt %u)",
           self->url, retry, ex->attempts);
  ex->retry_source = _mcp_timeout_source_add (retry, resume_cb, ex, NULL);
  return TRUE;
}

static void
stream_ended (McpHttpExchange *ex,
              const GError    *read_error)
{
  g_autoptr(GError) error = NULL;

  switch (ex->kind)
    {
    case MCP_HTTP_EXCHANGE_POST:
      if (ex->request_id == NULL || ex->answered)
        {
          _mcp_http_exchange_finish (ex, NULL);
          return;
        }
      if (try_resume (ex))
        return;
      if (ex->dropped != NULL)
        error = g_error_copy (ex->dropped);
      else
        error = g_error_new (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                             _("The server ended its answer before answering%s%s"),
                             read_error ? ": " : "", read_error ? read_error->message : "");
      _mcp_http_exchange_finish (ex, error);
      return;

    case MCP_HTTP_EXCHANGE_GET:
      if (!try_resume (ex))
        _mcp_http_exchange_finish (ex, read_error);
      return;

    case MCP_HTTP_EXCHANGE_LEGACY:
    default:
      error = g_error_new (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                           _("The server closed its event stream%s%s"),
                           read_error ? ": " : "", read_error ? read_error->message : "");
      _mcp_http_exchange_finish (ex, error);
      return;
    }
}

/* Feeds @n bytes of @data to the parser; returns %FALSE if that ended
 * @ex. */
static gboolean
stream_feed (McpHttpExchange *ex,
             const char      *data,
             gsize            n)
{
  g_autoptr(McpHttpTransport) self = g_object_ref (ex->self);

  /* Delivering may run any code, closing included. */
  _mcp_sse_parser_feed (ex->sse, data, n);
  if (self->closing)
    {
      g_autoptr(GError) closed = _mcp_http_closed_error ();

      _mcp_http_exchange_finish (ex, closed);
      return FALSE;
    }

  /* Nothing more belongs to the request, whether or not the server
   * closes the stream: its connection is needed for other requests. */
  if (ex->kind == MCP_HTTP_EXCHANGE_POST && ex->request_id != NULL &&
      (ex->answered || ex->too_large))
    {
      if (ex->answered)
        _mcp_http_exchange_finish_and_drain (ex, NULL);
      else
        _mcp_http_exchange_finish (ex, ex->dropped);
      return FALSE;
    }

  return TRUE;
}

static void
stream_failed (McpHttpExchange *ex,
               const GError    *error)
{
  if (ex->self->closing || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autoptr(GError) stopped = _mcp_http_exchange_stopped_error (ex);

      _mcp_http_exchange_finish (ex, stopped);
    }
  else
    stream_ended (ex, error);
}

static void stream_pump (McpHttpExchange *ex);

/* The stream has something to read, or was cancelled. */
static gboolean
stream_ready_cb (GObject  *stream,
                 gpointer  user_data)
{
  McpHttpExchange *ex = user_data;

  _mcp_source_clear (&ex->read_source);
  stream_pump (ex);
  return G_SOURCE_REMOVE;
}

/* A stream that is not pollable is read into a buffer of its own. */
static void
stream_read_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  McpHttpExchange *ex = user_data;
  g_autoptr(GError) error = NULL;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, &error);

  if (ex->self == NULL)
    _mcp_http_exchange_free (ex);
  else if (n < 0)
    stream_failed (ex, error);
  else if (n == 0)
    stream_ended (ex, NULL);
  else if (stream_feed (ex, ex->buffer, n))
    stream_pump (ex);
}

/* Reads what has arrived (up to a limit, so that a fast stream does not
 * keep the main loop from the rest), then waits for more. */
static void
stream_pump (McpHttpExchange *ex)
{
  char buffer[STREAM_READ_SIZE];
  gsize total = 0;

  /* Dropping the transport while delivering leaves the stream to us. */
  if (ex->self == NULL)
    {
      _mcp_http_exchange_free (ex);
      return;
    }

  if (!ex->pollable)
    {
      if (ex->buffer == NULL)
        {
          ex->buffer_size = STREAM_READ_SIZE;
          ex->buffer = g_malloc (ex->buffer_size);
        }
      g_input_stream_read_async (ex->stream, ex->buffer, ex->buffer_size, G_PRIORITY_DEFAULT,
                                 ex->cancellable, stream_read_cb, ex);
      return;
    }

  for (guint i = 0; i < STREAM_READS_AT_ONCE && total < STREAM_BYTES_AT_ONCE; i++)
    {
      g_autoptr(GError) error = NULL;
      gsize n = 0;

      switch (_mcp_http_read_now (ex, buffer, sizeof buffer, &n, &error))
        {
        case MCP_HTTP_READ_DATA:
          total += n;
          if (!stream_feed (ex, buffer, n))
            return;
          if (ex->self == NULL)
            {
              _mcp_http_exchange_free (ex);
              return;
            }
          break;

        case MCP_HTTP_READ_END:
          stream_ended (ex, NULL);
          return;

        case MCP_HTTP_READ_ERROR:
          stream_failed (ex, error);
          return;

        case MCP_HTTP_READ_WAIT:
        default:
          i = STREAM_READS_AT_ONCE;
          break;
        }
    }

  /* Ready again at once if the loop stopped with more to read. */
  ex->read_source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (ex->stream),
                                                           ex->cancellable);
  g_source_set_static_name (ex->read_source, "[mcp-glib] event stream");
  g_source_set_callback (ex->read_source, G_SOURCE_FUNC (stream_ready_cb), ex, NULL);
  g_source_attach (ex->read_source, g_main_context_get_thread_default ());
}

/* The answer to @ex is an event stream: read it (again, after a
 * resumption, with the same parser, which knows the last event id). */
void
_mcp_http_stream_begin (McpHttpExchange *ex)
{
  if (ex->sse == NULL)
    ex->sse = _mcp_sse_parser_new (ex->self->max_message_size, on_sse_event, ex);
  ex->stream_started = g_get_monotonic_time ();
  stream_pump (ex);
}

static void
get_stream_done (McpHttpExchange *ex,
                 const GError    *error)
{
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED))
    g_debug ("The event stream of %s ended: %s", ex->self ? ex->self->url : "?",
             error->message);
}

/* The stream for what the server sends on its own: held open only while
 * somebody listens (McpTransport:listening). */
void
_mcp_http_start_get_stream (McpHttpTransport *self)
{
  if (self->get_stream != NULL || self->legacy || self->closing || !self->opened ||
      !self->session_ready || !mcp_transport_get_listening (MCP_TRANSPORT (self)))
    return;

  self->get_stream = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_GET, NULL, get_stream_done);
  _mcp_http_exchange_start (self->get_stream);
}

/* Nobody listens any more: the GET stream ends (not the legacy transport's
 * event stream, which carries the answers too). */
void
_mcp_http_stop_get_stream (McpHttpTransport *self)
{
  McpHttpExchange *old = self->get_stream;

  if (old == NULL || self->legacy)
    return;

  self->get_stream = NULL;
  _mcp_http_exchange_stop (old);
}
