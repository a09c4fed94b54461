/* mcp-http-transport-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the files of McpHttpTransport share: the instance structure, one
 * HTTP exchange, and the functions each file offers the others. See the top
 * of mcp-http-transport.c for which file does what.
 */

#pragma once

#include "mcp-authorization.h"
#include "mcp-http-transport.h"
#include "mcp-sse-parser-private.h"

G_BEGIN_DECLS

typedef enum {
  MCP_HTTP_EXCHANGE_POST,
  MCP_HTTP_EXCHANGE_GET,
  MCP_HTTP_EXCHANGE_LEGACY,
} McpHttpExchangeKind;

/* What reading without waiting gave. */
typedef enum {
  MCP_HTTP_READ_DATA,
  MCP_HTTP_READ_END,
  MCP_HTTP_READ_WAIT,
  MCP_HTTP_READ_ERROR,
} McpHttpRead;

typedef struct _McpHttpExchange McpHttpExchange;

/* Adds the headers a request of the stateless revision takes from what the
 * client knows (the Mcp-Param-* headers of a tool's arguments). */
typedef void (*McpHttpExchangeDone) (McpHttpExchange *exchange,
                                     const GError    *error);

/* One HTTP exchange and what follows it: a POST and its answer (across
 * resumptions), the standalone GET stream, or the legacy event stream. */
struct _McpHttpExchange
{
  McpHttpTransport    *self;
  McpHttpExchangeKind  kind;
  McpHttpExchangeDone  done;
  GTask               *task;

  JsonNode            *message;
  GBytes              *body;
  JsonNode            *request_id;

  GCancellable        *cancellable;
  SoupMessage         *msg;
  GInputStream        *stream;
  McpSseParser        *sse;
  char                *buffer;
  gsize                buffer_len;
  gsize                buffer_size;
  GError              *dropped;
  GSource             *retry_source;
  GSource             *read_source;
  gint64               stream_started;
  gsize                drain_budget;
  guint                attempts;
  guint                auth_attempts;
  char                *sent_session;

  guint                pollable : 1;
  guint                internal : 1;
  guint                answered : 1;
  guint                too_large : 1;
  guint                retried : 1;
  guint                resent : 1;
  guint                dpop_nonce_retried : 1;
  guint                finished : 1;
};

struct _McpHttpTransport
{
  McpTransport     parent_instance;

  char            *url;
  GUri            *uri;
  GUri            *endpoint;
  SoupSession     *session;
  McpAuthorization *authorization;
  McpNetworkSettings *network_settings;
  GHashTable      *headers;
  char            *session_id;
  guint64          max_message_size;
  guint            max_reconnect_attempts;

  GPtrArray       *exchanges;
  GPtrArray       *legacy_queue;
  McpHttpExchange *get_stream;
  GPtrArray       *renewal;
  JsonNode        *initialize;
  JsonNode        *initialized;

  guint            opened : 1;
  /* notifications/initialized went through: the server may talk on its
   * own, on the GET stream, while somebody listens. */
  guint            session_ready : 1;
  guint            closing : 1;
  guint            legacy : 1;
  /* The stateless revision: no session, no resumption, no GET stream. */
  guint            stateless : 1;
};

/* mcp-http-transport.c */
void             _mcp_http_transport_set_legacy  (McpHttpTransport    *self);
void             _mcp_http_transport_set_session_id (McpHttpTransport *self,
                                                  const char          *session_id);

/* mcp-http-exchange.c */
GUri            *_mcp_http_parse_url             (const char          *url);
McpHttpExchange *_mcp_http_exchange_new          (McpHttpTransport    *self,
                                                  McpHttpExchangeKind  kind,
                                                  JsonNode            *message,
                                                  McpHttpExchangeDone  done);
SoupMessage     *_mcp_http_message_new           (McpHttpTransport    *self,
                                                  const char          *method,
                                                  GUri                *uri);
void             _mcp_http_exchange_start        (McpHttpExchange     *ex);
void             _mcp_http_exchange_report       (McpHttpExchange     *ex,
                                                  const GError        *error);
void             _mcp_http_exchange_finish       (McpHttpExchange     *ex,
                                                  const GError        *error);
void             _mcp_http_exchange_stop         (McpHttpExchange     *ex);
GError          *_mcp_http_exchange_stopped_error (McpHttpExchange    *ex);
void             _mcp_http_exchange_free         (McpHttpExchange     *ex);
void             _mcp_http_exchange_deliver      (McpHttpExchange     *ex,
                                                  const char          *data,
                                                  gsize                len);
void             _mcp_http_exchange_deliver_message (McpHttpExchange  *ex,
                                                  JsonNode            *message,
                                                  const GError        *error);
void             _mcp_http_post_done             (McpHttpExchange     *ex,
                                                  const GError        *error);
JsonNode        *_mcp_http_request_id            (JsonNode            *message);
gboolean         _mcp_http_is_visible_ascii      (const char          *value,
                                                  gsize                max_length);
GError          *_mcp_http_closed_error          (void);

/* mcp-http-body.c */
void             _mcp_http_log_incoming          (const char          *data,
                                                  gsize                len);
McpHttpRead      _mcp_http_read_now              (McpHttpExchange     *ex,
                                                  void                *buffer,
                                                  gsize                size,
                                                  gsize               *n_read,
                                                  GError             **error);
void             _mcp_http_body_read_json        (McpHttpExchange     *ex);
void             _mcp_http_exchange_finish_and_drain (McpHttpExchange *ex,
                                                  const GError        *error);

/* mcp-http-stream.c */
void             _mcp_http_stream_begin          (McpHttpExchange     *ex);
const char      *_mcp_http_stream_resume_id      (McpHttpExchange     *ex);
void             _mcp_http_start_get_stream      (McpHttpTransport    *self);
void             _mcp_http_stop_get_stream       (McpHttpTransport    *self);

/* mcp-http-legacy.c */
void             _mcp_http_legacy_start          (McpHttpTransport    *self);
void             _mcp_http_legacy_flush_queue    (McpHttpTransport    *self,
                                                  const GError        *error);
void             _mcp_http_legacy_set_endpoint   (McpHttpExchange     *ex,
                                                  const char          *data,
                                                  gsize                len);

G_END_DECLS
