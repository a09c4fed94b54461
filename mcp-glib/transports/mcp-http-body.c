/* mcp-http-body.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The bodies of the answers McpHttpTransport gets: a JSON answer is read
 * into one buffer, sized from Content-Length when there is one, and parsed
 * once whole; what has arrived is read at once, without a trip through the
 * main loop for every piece; and a body that carries nothing needed (202,
 * an error status, what follows an answer on its event stream) is read to
 * its end all the same, so that libsoup can keep its connection for the
 * next request.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-http-transport-private.h"
#include "mcp-json-private.h"
#include "mcp-source-private.h"

/* Where a JSON body without a Content-Length starts. */
#define JSON_INITIAL_SIZE (16 * 1024)
/* The most taken at once on the word of a Content-Length. */
#define JSON_PREALLOCATE_MAX (16 * 1024 * 1024)

/* How much of a body that is not needed is read, and for how long, to
 * keep its connection. */
#define DRAIN_MAX_BYTES   (64 * 1024)
#define DRAIN_TIMEOUT_MS  250

void
_mcp_http_log_incoming (const char *data,
                        gsize       len)
{
  if (G_UNLIKELY (!g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN)))
    g_debug ("← %.*s", (int) MIN (len, 2000), data);
}

/* Reads what has arrived of @ex's body into @buffer, without waiting. */
McpHttpRead
_mcp_http_read_now (McpHttpExchange  *ex,
                    void             *buffer,
                    gsize             size,
                    gsize            *n_read,
                    GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  gssize n;

  if (!ex->pollable)
    return MCP_HTTP_READ_WAIT;

  /* The read itself gets no cancellable: one that does not wait has
   * nothing to cancel, and with one, every layer of libsoup's streams
   * pushes it and pops it again, a sixth of the cost of a small read. */
  if (g_cancellable_set_error_if_cancelled (ex->cancellable, error))
    return MCP_HTTP_READ_ERROR;

  n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (ex->stream),
                                                buffer, size, NULL, &local_error);
  if (n > 0)
    {
      *n_read = n;
      return MCP_HTTP_READ_DATA;
    }
  if (n == 0)
    return MCP_HTTP_READ_END;
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    return MCP_HTTP_READ_WAIT;

  g_propagate_error (error, g_steal_pointer (&local_error));
  return MCP_HTTP_READ_ERROR;
}

/* ------------------------------------------------------------------------
 * JSON answers
 * ------------------------------------------------------------------------ */

static void
json_too_large (McpHttpExchange *ex)
{
  g_autofree char *max = g_strdup_printf ("%" G_GUINT64_FORMAT, ex->self->max_message_size);
  g_autoptr(GError) error = NULL;

  error = g_error_new (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                       _("The server’s answer is larger than the maximum of %s bytes"), max);
  _mcp_http_exchange_finish (ex, error);
}

static void
json_ended (McpHttpExchange *ex,
            const GError    *read_error)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) message = NULL;

  if (read_error != NULL)
    {
      _mcp_http_exchange_finish (ex, read_error);
      return;
    }

  /* At the end of the body, the connection is free: let the next request
   * have it, and let the buffer go before the message goes on. */
  g_clear_object (&ex->stream);
  if (ex->buffer_len > 0)
    {
      _mcp_http_log_incoming (ex->buffer, ex->buffer_len);
      message = _mcp_json_parse_message (ex->buffer, ex->buffer_len, &error);
      g_clear_pointer (&ex->buffer, g_free);
      _mcp_http_exchange_deliver_message (ex, message, error);
      g_clear_error (&error);
    }

  if (ex->request_id != NULL && !ex->answered)
    error = ex->dropped != NULL
            ? g_error_copy (ex->dropped)
            : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                   _("The server’s answer is not a JSON-RPC response to "
                                     "the request"));
  _mcp_http_exchange_finish (ex, error);
}

static void json_pump (McpHttpExchange *ex);

static void
json_read_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  McpHttpExchange *ex = user_data;
  g_autoptr(GError) error = NULL;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, &error);

  if (ex->self == NULL)
    {
      _mcp_http_exchange_free (ex);
      return;
    }

  if (n < 0)
    {
      if (ex->self->closing || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autoptr(GError) stopped = _mcp_http_exchange_stopped_error (ex);

          _mcp_http_exchange_finish (ex, stopped);
        }
      else
        json_ended (ex, error);
      return;
    }

  if (n == 0)
    {
      json_ended (ex, NULL);
      return;
    }

  ex->buffer_len += n;
  json_pump (ex);
}

/* Reads the body into the buffer, growing it when full: what has arrived
 * at once, then waits for more. */
static void
json_pump (McpHttpExchange *ex)
{
  gsize limit = ex->self->max_message_size;

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      gsize n = 0;

      if (ex->buffer_len > limit)
        {
          json_too_large (ex);
          return;
        }

      /* One byte past the limit is room enough to see that a body is too
       * large, or that one of exactly the limit ends there. The limit may
       * be as large as G_MAXSIZE: no sum or product here may wrap. */
      if (ex->buffer_len == ex->buffer_size)
        {
          gsize size;

          if (!g_size_checked_mul (&size, ex->buffer_size, 2))
            size = G_MAXSIZE;
          size = MAX (size, JSON_INITIAL_SIZE);
          if (limit < G_MAXSIZE)
            size = MIN (size, limit + 1);
          if (size <= ex->buffer_size)
            {
              json_too_large (ex);
              return;
            }
          ex->buffer = g_realloc (ex->buffer, size);
          ex->buffer_size = size;
        }

      switch (_mcp_http_read_now (ex, ex->buffer + ex->buffer_len,
                                  ex->buffer_size - ex->buffer_len, &n, &error))
        {
        case MCP_HTTP_READ_DATA:
          ex->buffer_len += n;
          break;

        case MCP_HTTP_READ_END:
          json_ended (ex, NULL);
          return;

        case MCP_HTTP_READ_ERROR:
          json_ended (ex, error);
          return;

        case MCP_HTTP_READ_WAIT:
        default:
          g_input_stream_read_async (ex->stream, ex->buffer + ex->buffer_len,
                                     ex->buffer_size - ex->buffer_len, G_PRIORITY_DEFAULT,
                                     ex->cancellable, json_read_cb, ex);
          return;
        }
    }
}

/* The answer to @ex is a JSON body: read it whole (up to the maximum),
 * then deliver it. */
void
_mcp_http_body_read_json (McpHttpExchange *ex)
{
  SoupMessageHeaders *headers = soup_message_get_response_headers (ex->msg);
  goffset length = -1;

  /* The length of a body that is not compressed is its size in memory. */
  if (soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CONTENT_LENGTH &&
      soup_message_headers_get_one (headers, "Content-Encoding") == NULL)
    length = soup_message_headers_get_content_length (headers);

  if (length > 0 && (guint64) length > ex->self->max_message_size)
    {
      json_too_large (ex);
      return;
    }

  /* Room for the announced length, and one byte to see that the body
   * ends there; but a server's announcement is no reason to take memory
   * up front beyond the first step: past it, the buffer grows with what
   * arrives. */
  ex->buffer_size = length >= 0 && (guint64) length < JSON_PREALLOCATE_MAX
                    ? (gsize) length + 1 : JSON_INITIAL_SIZE;
  ex->buffer = g_malloc (ex->buffer_size);
  ex->buffer_len = 0;
  json_pump (ex);
}

/* ------------------------------------------------------------------------
 * Bodies not needed
 * ------------------------------------------------------------------------ */

/* Reads what has arrived of the rest of the body, up to the budget;
 * returns %TRUE at its end. */
static gboolean
drain_now (McpHttpExchange *ex)
{
  char buffer[4096];

  while (ex->drain_budget > 0)
    {
      gsize n = 0;

      switch (_mcp_http_read_now (ex, buffer, MIN (sizeof buffer, ex->drain_budget), &n, NULL))
        {
        case MCP_HTTP_READ_DATA:
          ex->drain_budget -= MIN (n, ex->drain_budget);
          break;

        case MCP_HTTP_READ_END:
          return TRUE;

        case MCP_HTTP_READ_ERROR:
          ex->drain_budget = 0;
          return FALSE;

        case MCP_HTTP_READ_WAIT:
        default:
          return FALSE;
        }
    }

  return FALSE;
}

static void drain_read (McpHttpExchange *ex);

static void
drain_read_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  McpHttpExchange *ex = user_data;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, NULL);
  if (ex->self != NULL && n > 0 && (gsize) n < ex->drain_budget)
    {
      ex->drain_budget -= n;
      if (drain_now (ex))
        g_clear_object (&ex->stream);
      else if (ex->drain_budget > 0)
        {
          drain_read (ex);
          return;
        }
    }

  /* At the end (the connection is free for another request), or giving up
   * (it is closed). */
  _mcp_http_exchange_free (ex);
}

static void
drain_read (McpHttpExchange *ex)
{
  if (ex->buffer == NULL)
    {
      ex->buffer_size = 4096;
      ex->buffer = g_malloc (ex->buffer_size);
    }

  g_input_stream_read_async (ex->stream, ex->buffer, MIN (ex->buffer_size, ex->drain_budget),
                             G_PRIORITY_DEFAULT, ex->cancellable, drain_read_cb, ex);
}

static gboolean
drain_timeout_cb (gpointer user_data)
{
  McpHttpExchange *ex = user_data;

  _mcp_source_clear (&ex->retry_source);
  g_cancellable_cancel (ex->cancellable);
  return G_SOURCE_REMOVE;
}

/* Ends @ex like _mcp_http_exchange_finish (), but reads the rest of its
 * body first, so that its connection can carry other requests: libsoup
 * keeps a connection only once the body was read to its end. What has
 * arrived already is read before telling whoever waits, so that the
 * connection is free for what they send next; what has not is read after,
 * for a short while and up to a few bytes, then the connection is closed
 * (a server may hold a stream open after the answer, or trickle). */
void
_mcp_http_exchange_finish_and_drain (McpHttpExchange *ex,
                                     const GError    *error)
{
  g_autoptr(McpHttpTransport) self = NULL;

  if (ex->finished)
    return;

  ex->drain_budget = DRAIN_MAX_BYTES;
  if (ex->stream != NULL && drain_now (ex))
    g_clear_object (&ex->stream);

  /* Telling may run any code, closing and dropping the transport included. */
  self = g_object_ref (ex->self);
  _mcp_http_exchange_report (ex, error);

  if (ex->stream == NULL || ex->self == NULL || self->closing || ex->drain_budget == 0)
    {
      _mcp_http_exchange_free (ex);
      return;
    }

  ex->retry_source = _mcp_timeout_source_add (DRAIN_TIMEOUT_MS, drain_timeout_cb, ex, NULL);
  drain_read (ex);
}
