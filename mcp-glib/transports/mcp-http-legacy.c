/* mcp-http-legacy.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The fallback of McpHttpTransport to the HTTP+SSE transport of protocol
 * version 2024-11-05, for a server that refuses initialize: a GET event
 * stream announces, in an `endpoint` event, where to POST messages (which
 * must be the server's own origin), and carries every answer. What is sent
 * before the endpoint is known waits for it.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-http-transport-private.h"

/* Whether both URLs have the same scheme, host and port. */
static gboolean
same_origin (GUri *a,
             GUri *b)
{
  return g_ascii_strcasecmp (g_uri_get_scheme (a), g_uri_get_scheme (b)) == 0 &&
         g_ascii_strcasecmp (g_uri_get_host (a), g_uri_get_host (b)) == 0 &&
         g_uri_get_port (a) == g_uri_get_port (b);
}

/* The `endpoint` event of the legacy stream. */
void
_mcp_http_legacy_set_endpoint (McpHttpExchange *ex,
                               const char      *data,
                               gsize            len)
{
  McpHttpTransport *self = ex->self;
  g_autofree char *text = g_strndup (data, len);
  g_autofree char *resolved = NULL;
  g_autoptr(GUri) endpoint = NULL;

  resolved = g_uri_resolve_relative (self->url, g_strstrip (text), G_URI_FLAGS_NONE, NULL);
  if (resolved != NULL)
    endpoint = _mcp_http_parse_url (resolved);

  if (endpoint == NULL || !same_origin (self->uri, endpoint))
    {
      g_autoptr(GError) failed = NULL;

      failed = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                            _("The server at %s announced an endpoint that is not its own: "
                              "%s"), self->url, text);
      _mcp_http_legacy_flush_queue (self, failed);
      mcp_transport_deliver_closed (MCP_TRANSPORT (self), failed);
      return;
    }

  g_clear_pointer (&self->endpoint, g_uri_unref);
  self->endpoint = g_steal_pointer (&endpoint);
  _mcp_http_legacy_flush_queue (self, NULL);
}

static void
legacy_stream_done (McpHttpExchange *ex,
                    const GError    *error)
{
  McpHttpTransport *self = ex->self;
  g_autoptr(GError) ended = NULL;

  if (self == NULL || self->closing)
    return;

  ended = error != NULL ? g_error_copy (error)
                        : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                                               _("The server closed its event stream"));
  _mcp_http_legacy_flush_queue (self, ended);
  mcp_transport_deliver_closed (MCP_TRANSPORT (self), ended);
}

void
_mcp_http_legacy_start (McpHttpTransport *self)
{
  McpHttpExchange *stream;

  if (self->legacy)
    return;

  _mcp_http_transport_set_legacy (self);

  stream = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_LEGACY, NULL, legacy_stream_done);
  self->get_stream = stream;
  _mcp_http_exchange_start (stream);
}

/* Sends what waited for the legacy endpoint, or fails it. */
void
_mcp_http_legacy_flush_queue (McpHttpTransport *self,
                              const GError     *error)
{
  g_autoptr(GPtrArray) queue = g_steal_pointer (&self->legacy_queue);

  self->legacy_queue = g_ptr_array_new ();
  for (guint i = 0; i < queue->len; i++)
    {
      if (error != NULL)
        _mcp_http_exchange_finish (queue->pdata[i], error);
      else
        _mcp_http_exchange_start (queue->pdata[i]);
    }
}
