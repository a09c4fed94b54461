/* mcp-http-transport.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpHttpTransport speaks MCP's Streamable HTTP transport with libsoup 3:
 * every message is a POST whose answer is a JSON body or an event stream;
 * a GET stream carries what the server sends on its own; sessions, the
 * protocol version header, resumption after a broken stream and the
 * fallback to the 2024-11-05 HTTP+SSE transport live here.
 *
 * Unlike the stream transport, this one has to look at messages a little:
 * the method of an outgoing message (to replay the handshake when the
 * server forgets a session, and to know the first message) and the id of an
 * outgoing request (to know whether its answer arrived before its stream
 * ended). It never changes a message.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-http-transport.h"
#include "mcp-i18n-private.h"
#include "mcp-json-private.h"
#include "mcp-source-private.h"
#include "mcp-sse-parser-private.h"

/**
 * McpHttpTransport:
 *
 * A transport to an MCP server over Streamable HTTP.
 *
 * <!-- doc-test
 * static McpClient *client;
 * -->
 * ```c
 * g_autoptr(McpHttpTransport) transport =
 *   mcp_http_transport_new ("https://example.com/mcp");
 *
 * mcp_http_transport_set_header (transport, "Authorization", "Bearer …");
 * client = mcp_client_new (MCP_TRANSPORT (transport));
 * ```
 *
 * Each message is POSTed to the URL. The server answers a request with a
 * JSON body or with an event stream that may carry its own requests and
 * notifications before the answer; both work. The session id the server
 * assigns is sent back with every request, with the negotiated protocol
 * version. When the server forgets the session (404), a new one is started
 * and the request sent again, once. A GET stream is kept open for what the
 * server sends on its own, if the server offers one.
 *
 * A stream that breaks before the answer arrived is resumed with a GET
 * carrying `Last-Event-ID`, after the delay the server asked for with
 * `retry:`, at most [property@Mcp.HttpTransport:max-reconnect-attempts]
 * times in a row; otherwise the request fails at once.
 *
 * If the first POST is answered with 400, 404 or 405, the transport falls
 * back to the older HTTP+SSE transport of protocol version 2024-11-05.
 *
 * Closing ends the session on the server with a DELETE. TLS, proxies and
 * timeouts are those of the [class@Soup.Session], which can be passed to
 * [ctor@Mcp.HttpTransport.new_with_session]; such a session needs room for
 * several connections to the server ([property@Soup.Session:max-conns-per-host]),
 * as every open event stream holds one.
 *
 * Since: 1.0
 */

#define READ_CHUNK_SIZE        (64 * 1024)
#define DEFAULT_RETRY_MS       1000
#define MAX_RETRY_MS           60000
#define DEFAULT_RECONNECTS     5
#define DELETE_TIMEOUT_SECONDS 2
#define ERROR_BODY_EXCERPT     200
#define MAX_CONNECTIONS        64

typedef enum {
  EXCHANGE_POST,
  EXCHANGE_GET,
  EXCHANGE_LEGACY,
} ExchangeKind;

typedef struct _Exchange Exchange;
typedef void (*ExchangeDone) (Exchange     *exchange,
                              const GError *error);

/* One HTTP exchange and what follows it: a POST and its answer (across
 * resumptions), the standalone GET stream, or the legacy event stream. */
struct _Exchange
{
  McpHttpTransport *self;
  ExchangeKind      kind;
  ExchangeDone      done;
  GTask            *task;

  JsonNode         *message;
  GBytes           *body;
  JsonNode         *request_id;

  SoupMessage      *msg;
  GInputStream     *stream;
  McpSseParser     *sse;
  GByteArray       *json;
  GError           *dropped;
  GSource          *retry_source;
  guint             attempts;
  char             *sent_session;

  guint             internal : 1;
  guint             answered : 1;
  guint             retried : 1;
  guint             finished : 1;
};

struct _McpHttpTransport
{
  McpTransport   parent_instance;

  char          *url;
  char          *endpoint;
  SoupSession   *session;
  GHashTable    *headers;
  char          *session_id;
  guint64        max_message_size;
  guint          max_reconnect_attempts;

  GCancellable  *cancellable;
  GPtrArray     *exchanges;
  GPtrArray     *legacy_queue;
  Exchange      *get_stream;
  GPtrArray     *renewal;
  JsonNode      *initialize;
  JsonNode      *initialized;

  guint          opened : 1;
  guint          closing : 1;
  guint          legacy : 1;
  guint          first_sent : 1;
};

G_DEFINE_FINAL_TYPE (McpHttpTransport, mcp_http_transport, MCP_TYPE_TRANSPORT)

enum {
  PROP_0,
  PROP_URL,
  PROP_SESSION,
  PROP_SESSION_ID,
  PROP_LEGACY_SSE,
  PROP_MAX_MESSAGE_SIZE,
  PROP_MAX_RECONNECT_ATTEMPTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void exchange_start (Exchange *ex);
static void exchange_read  (Exchange *ex);

static const char *
message_method (JsonNode *message)
{
  if (message == NULL || !JSON_NODE_HOLDS_OBJECT (message))
    return NULL;

  return _mcp_json_object_get_string (json_node_get_object (message), "method");
}

/* The id of a request, or NULL for a notification or a response. */
static JsonNode *
request_id (JsonNode *message)
{
  JsonObject *object;

  if (message == NULL || !JSON_NODE_HOLDS_OBJECT (message))
    return NULL;

  object = json_node_get_object (message);
  if (!json_object_has_member (object, "method"))
    return NULL;

  return json_object_get_member (object, "id");
}

static gboolean
answers (JsonNode *message,
         JsonNode *id)
{
  JsonObject *object;
  JsonNode *other;

  if (id == NULL || !JSON_NODE_HOLDS_OBJECT (message))
    return FALSE;

  object = json_node_get_object (message);
  other = json_object_get_member (object, "id");
  return other != NULL && !json_object_has_member (object, "method") &&
         json_node_equal (other, id);
}

static Exchange *
exchange_new (McpHttpTransport *self,
              ExchangeKind      kind,
              JsonNode         *message,
              ExchangeDone      done)
{
  Exchange *ex = g_new0 (Exchange, 1);

  /* A POST ends by itself and may keep the transport alive; the streams
   * that last as long as the connection must not. */
  ex->self = kind == EXCHANGE_POST ? g_object_ref (self) : self;
  ex->kind = kind;
  ex->done = done;
  if (message != NULL)
    {
      ex->message = json_node_ref (message);
      ex->body = _mcp_json_to_line (message);
      ex->request_id = request_id (message);
    }

  g_ptr_array_add (self->exchanges, ex);
  return ex;
}

static void
exchange_free (Exchange *ex)
{
  _mcp_source_clear (&ex->retry_source);
  g_clear_object (&ex->task);
  g_clear_pointer (&ex->message, json_node_unref);
  g_clear_pointer (&ex->body, g_bytes_unref);
  g_clear_object (&ex->msg);
  g_clear_object (&ex->stream);
  g_clear_pointer (&ex->sse, _mcp_sse_parser_free);
  g_clear_pointer (&ex->json, g_byte_array_unref);
  g_clear_error (&ex->dropped);
  g_clear_pointer (&ex->sent_session, g_free);

  if (ex->self != NULL)
    {
      McpHttpTransport *self = ex->self;

      g_ptr_array_remove (self->exchanges, ex);
      if (self->get_stream == ex)
        self->get_stream = NULL;
      if (ex->kind == EXCHANGE_POST)
        g_object_unref (self);
    }

  g_free (ex);
}

/* Ends @ex once: tells whoever waits, then frees it. */
static void
exchange_finish (Exchange     *ex,
                 const GError *error)
{
  if (ex->finished)
    return;

  ex->finished = TRUE;
  if (ex->done != NULL)
    ex->done (ex, error);
  exchange_free (ex);
}

static GError *
closed_error (void)
{
  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED, _("The connection is closed"));
}

static void
post_done (Exchange     *ex,
           const GError *error)
{
  if (ex->task == NULL)
    return;

  if (error != NULL)
    g_task_return_error (ex->task, g_error_copy (error));
  else
    g_task_return_boolean (ex->task, TRUE);
}

static void
set_session_id (McpHttpTransport *self,
                const char       *session_id)
{
  if (g_strcmp0 (self->session_id, session_id) == 0)
    return;

  g_free (self->session_id);
  self->session_id = g_strdup (session_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION_ID]);
}

static void
deliver (Exchange   *ex,
         const char *data,
         gsize       len)
{
  McpHttpTransport *self = ex->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) message = NULL;

  if (G_UNLIKELY (g_getenv ("G_MESSAGES_DEBUG") != NULL))
    g_debug ("← %.*s", (int) MIN (len, 2000), data);

  message = _mcp_json_parse_message (data, len, &error);
  if (message == NULL)
    {
      g_debug ("Dropped a message from %s: %s", self->url, error->message);
      if (ex->dropped == NULL)
        ex->dropped = g_error_copy (error);
      return;
    }

  if (JSON_NODE_HOLDS_ARRAY (message))
    {
      JsonArray *array = json_node_get_array (message);

      for (guint i = 0; i < json_array_get_length (array); i++)
        ex->answered |= answers (json_array_get_element (array, i), ex->request_id);
    }
  else
    ex->answered |= answers (message, ex->request_id);

  /* The replayed handshake of a new session is nobody else's business. */
  if (!ex->internal)
    mcp_transport_deliver_message (MCP_TRANSPORT (self), message);
}

static void flush_legacy_queue (McpHttpTransport *self,
                                const GError     *error);

/* Whether both URLs have the same scheme, host and port. */
static gboolean
same_origin (const char *a,
             const char *b)
{
  g_autoptr(GUri) ua = g_uri_parse (a, G_URI_FLAGS_NONE, NULL);
  g_autoptr(GUri) ub = g_uri_parse (b, G_URI_FLAGS_NONE, NULL);

  return ua != NULL && ub != NULL &&
         g_ascii_strcasecmp (g_uri_get_scheme (ua), g_uri_get_scheme (ub)) == 0 &&
         g_ascii_strcasecmp (g_uri_get_host (ua), g_uri_get_host (ub)) == 0 &&
         g_uri_get_port (ua) == g_uri_get_port (ub);
}

static void
on_sse_event (const char *event_type,
              const char *data,
              gsize       len,
              gpointer    user_data)
{
  Exchange *ex = user_data;
  McpHttpTransport *self = ex->self;

  ex->attempts = 0;

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
      mcp_transport_deliver_discarded (MCP_TRANSPORT (self), error, NULL, NULL);
      return;
    }

  if (ex->kind == EXCHANGE_LEGACY && g_str_equal (event_type, "endpoint"))
    {
      g_autofree char *text = g_strndup (data, len);
      g_autoptr(GError) error = NULL;
      char *endpoint = g_uri_resolve_relative (self->url, g_strstrip (text), G_URI_FLAGS_NONE,
                                               &error);

      if (endpoint == NULL || !same_origin (self->url, endpoint))
        {
          g_autoptr(GError) failed = NULL;

          failed = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                _("The server at %s announced an endpoint that is not its own: "
                                  "%s"), self->url, text);
          g_free (endpoint);
          flush_legacy_queue (self, failed);
          mcp_transport_deliver_closed (MCP_TRANSPORT (self), failed);
          return;
        }

      g_free (self->endpoint);
      self->endpoint = endpoint;
      flush_legacy_queue (self, NULL);
      return;
    }

  /* Events without data (such as the priming event that only carries an
   * id for resumption) are not messages. */
  if (g_str_equal (event_type, "message") && !_mcp_json_text_is_blank (data, len))
    deliver (ex, data, len);
}

static gboolean
resume_cb (gpointer user_data)
{
  Exchange *ex = user_data;

  _mcp_source_clear (&ex->retry_source);
  exchange_start (ex);
  return G_SOURCE_REMOVE;
}

/* Reconnects a broken event stream, if the server made that possible. */
static gboolean
try_resume (Exchange *ex)
{
  McpHttpTransport *self = ex->self;
  gint64 retry;

  if (self->closing || ex->attempts >= self->max_reconnect_attempts)
    return FALSE;

  /* A POST's answer can only be found again by its event id. */
  if (ex->kind == EXCHANGE_POST &&
      (ex->sse == NULL || _mcp_sse_parser_get_last_event_id (ex->sse) == NULL))
    return FALSE;

  retry = ex->sse != NULL ? _mcp_sse_parser_get_retry (ex->sse) : -1;
  retry = retry < 0 ? DEFAULT_RETRY_MS : MIN (retry, MAX_RETRY_MS);

  ex->attempts++;
  g_clear_object (&ex->stream);
  g_clear_object (&ex->msg);
  g_debug ("Resuming the event stream of %s in %" G_GINT64_FORMAT " ms (attempt %u)",
           self->url, retry, ex->attempts);
  ex->retry_source = _mcp_timeout_source_add (retry, resume_cb, ex, NULL);
  return TRUE;
}

static void
stream_ended (Exchange     *ex,
              const GError *read_error)
{
  g_autoptr(GError) error = NULL;

  if (ex->json != NULL)
    {
      if (read_error == NULL && ex->json->len > 0)
        deliver (ex, (const char *) ex->json->data, ex->json->len);
      if (read_error != NULL)
        error = g_error_copy (read_error);
      else if (ex->request_id != NULL && !ex->answered)
        error = ex->dropped != NULL
                ? g_error_copy (ex->dropped)
                : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                       _("The server’s answer is not a JSON-RPC response to "
                                         "the request"));
      exchange_finish (ex, error);
      return;
    }

  switch (ex->kind)
    {
    case EXCHANGE_POST:
      if (ex->request_id == NULL || ex->answered)
        {
          exchange_finish (ex, NULL);
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
      exchange_finish (ex, error);
      return;

    case EXCHANGE_GET:
      if (!try_resume (ex))
        exchange_finish (ex, read_error);
      return;

    case EXCHANGE_LEGACY:
    default:
      error = g_error_new (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                           _("The server closed its event stream%s%s"),
                           read_error ? ": " : "", read_error ? read_error->message : "");
      exchange_finish (ex, error);
      return;
    }
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Exchange *ex = user_data;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  const char *data;
  gsize len;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);

  if (ex->self == NULL)
    {
      exchange_free (ex);
      return;
    }

  if (bytes == NULL)
    {
      if (ex->self->closing || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autoptr(GError) closed = closed_error ();

          exchange_finish (ex, closed);
        }
      else
        stream_ended (ex, error);
      return;
    }

  data = g_bytes_get_data (bytes, &len);
  if (len == 0)
    {
      stream_ended (ex, NULL);
      return;
    }

  if (ex->json != NULL)
    {
      if (ex->json->len + len > ex->self->max_message_size)
        {
          g_autofree char *max = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                  ex->self->max_message_size);

          error = g_error_new (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                               _("The server’s answer is larger than the maximum of %s bytes"),
                               max);
          exchange_finish (ex, error);
          return;
        }
      g_byte_array_append (ex->json, (const guint8 *) data, len);
    }
  else
    {
      /* Delivering may run any code, closing included. */
      g_object_ref (ex->self);
      _mcp_sse_parser_feed (ex->sse, data, len);
      if (ex->self->closing)
        {
          McpHttpTransport *self = ex->self;
          g_autoptr(GError) closed = closed_error ();

          exchange_finish (ex, closed);
          g_object_unref (self);
          return;
        }

      /* Nothing more belongs to the request, whether or not the server
       * closes the stream: its connection is needed for other requests. */
      if (ex->kind == EXCHANGE_POST && ex->request_id != NULL && ex->answered)
        {
          McpHttpTransport *self = ex->self;

          exchange_finish (ex, NULL);
          g_object_unref (self);
          return;
        }
      g_object_unref (ex->self);
    }

  exchange_read (ex);
}

static void
exchange_read (Exchange *ex)
{
  g_input_stream_read_bytes_async (ex->stream, READ_CHUNK_SIZE, G_PRIORITY_DEFAULT,
                                   ex->self->cancellable, read_cb, ex);
}

static void
error_body_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  Exchange *ex = user_data;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *excerpt = NULL;
  SoupStatus status;
  const char *reason;
  int code;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, NULL);
  if (ex->self == NULL)
    {
      exchange_free (ex);
      return;
    }

  if (bytes != NULL && g_bytes_get_size (bytes) > 0)
    {
      gsize len;
      const char *data = g_bytes_get_data (bytes, &len);

      excerpt = g_utf8_make_valid (data, MIN (len, ERROR_BODY_EXCERPT));
      g_strstrip (excerpt);
    }

  status = soup_message_get_status (ex->msg);
  reason = soup_message_get_reason_phrase (ex->msg);
  switch ((int) status)
    {
    case SOUP_STATUS_UNAUTHORIZED:
    case SOUP_STATUS_FORBIDDEN:
      code = G_IO_ERROR_PERMISSION_DENIED;
      break;

    case SOUP_STATUS_NOT_FOUND:
      code = G_IO_ERROR_NOT_FOUND;
      break;

    default:
      code = G_IO_ERROR_FAILED;
      break;
    }

  error = g_error_new (G_IO_ERROR, code, _("The server at %s answered %u %s%s%s"),
                       ex->self->url, status, reason ? reason : "",
                       excerpt && *excerpt ? ": " : "", excerpt ? excerpt : "");
  exchange_finish (ex, error);
}

static void
fail_with_status (Exchange *ex)
{
  g_input_stream_read_bytes_async (ex->stream, ERROR_BODY_EXCERPT, G_PRIORITY_DEFAULT,
                                   ex->self->cancellable, error_body_cb, ex);
}

static void start_legacy (McpHttpTransport *self);

static void start_get_stream (McpHttpTransport *self);

/* A step of the handshake that starts a new session. */
static void
replay_done (Exchange     *step,
             const GError *error)
{
  McpHttpTransport *self = step->self;
  g_autoptr(GPtrArray) waiting = NULL;
  g_autoptr(GError) failed = NULL;

  if (error == NULL && step->message == self->initialize && self->initialized != NULL)
    {
      Exchange *next = exchange_new (self, EXCHANGE_POST, self->initialized, replay_done);

      next->internal = TRUE;
      exchange_start (next);
      return;
    }

  if (error != NULL)
    failed = g_error_new (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                          _("The server ended the session and a new one could not be "
                            "started: %s"), error->message);

  /* The new session is ready: send what waited for it again, once. */
  waiting = g_steal_pointer (&self->renewal);
  for (guint i = 0; waiting != NULL && i < waiting->len; i++)
    {
      if (failed != NULL)
        exchange_finish (waiting->pdata[i], failed);
      else
        exchange_start (waiting->pdata[i]);
    }

  /* What the server sends on its own comes on the new session's stream. */
  if (failed == NULL)
    start_get_stream (self);
}

/* The server forgot our session: start a new one with the same handshake
 * (once, however many requests found out), then send the message again. */
static void
start_new_session (Exchange *ex)
{
  McpHttpTransport *self = ex->self;
  Exchange *init;

  ex->retried = TRUE;
  g_clear_object (&ex->stream);
  g_clear_object (&ex->msg);

  if (self->renewal != NULL)
    {
      g_ptr_array_add (self->renewal, ex);
      return;
    }

  /* Sent before another request started the new session. */
  if (self->session_id != NULL && g_strcmp0 (self->session_id, ex->sent_session) != 0)
    {
      exchange_start (ex);
      return;
    }

  g_debug ("The server at %s forgot session %s; starting a new one", self->url, self->session_id);
  self->renewal = g_ptr_array_new ();
  g_ptr_array_add (self->renewal, ex);
  set_session_id (self, NULL);

  init = exchange_new (self, EXCHANGE_POST, self->initialize, replay_done);
  init->internal = TRUE;
  exchange_start (init);
}

static void
response_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Exchange *ex = user_data;
  McpHttpTransport *self = ex->self;
  g_autoptr(GError) error = NULL;
  SoupMessageHeaders *headers;
  const char *content_type;
  const char *session_id;
  SoupStatus status;

  ex->stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);

  if (self == NULL)
    {
      exchange_free (ex);
      return;
    }

  if (ex->stream == NULL)
    {
      g_autoptr(GError) failed = NULL;

      if (self->closing || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        failed = closed_error ();
      else
        failed = g_error_new (G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED,
                              _("Could not reach the server at %s: %s"), self->url,
                              error->message);
      exchange_finish (ex, failed);
      return;
    }

  status = soup_message_get_status (ex->msg);
  headers = soup_message_get_response_headers (ex->msg);
  content_type = soup_message_headers_get_content_type (headers, NULL);

  if ((session_id = soup_message_headers_get_one (headers, "Mcp-Session-Id")) &&
      ex->kind == EXCHANGE_POST && !self->legacy)
    set_session_id (self, session_id);

  if (ex->kind == EXCHANGE_POST && status == SOUP_STATUS_NOT_FOUND && ex->sent_session &&
      !ex->retried && self->initialize != NULL && ex->message != self->initialize &&
      !ex->internal)
    {
      start_new_session (ex);
      return;
    }

  /* The first POST of a server that only speaks HTTP+SSE (2024-11-05). */
  if (ex->kind == EXCHANGE_POST && !self->legacy && ex->message == self->initialize &&
      !ex->internal && self->session_id == NULL &&
      (status == SOUP_STATUS_BAD_REQUEST || status == SOUP_STATUS_NOT_FOUND ||
       status == SOUP_STATUS_METHOD_NOT_ALLOWED))
    {
      g_debug ("The server at %s answered %u to initialize; trying HTTP+SSE", self->url, status);
      g_clear_object (&ex->stream);
      g_clear_object (&ex->msg);
      g_ptr_array_add (self->legacy_queue, ex);
      start_legacy (self);
      return;
    }

  if (ex->kind == EXCHANGE_GET && status == SOUP_STATUS_METHOD_NOT_ALLOWED)
    {
      g_debug ("The server at %s offers no event stream of its own", self->url);
      exchange_finish (ex, NULL);
      return;
    }

  if (!SOUP_STATUS_IS_SUCCESSFUL (status))
    {
      fail_with_status (ex);
      return;
    }

  if (g_strcmp0 (content_type, "text/event-stream") == 0)
    {
      if (ex->sse == NULL)
        ex->sse = _mcp_sse_parser_new (self->max_message_size, on_sse_event, ex);
      exchange_read (ex);
      return;
    }

  if (ex->kind != EXCHANGE_POST)
    {
      error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server at %s answered with “%s” instead of an event stream"),
                           self->url, content_type ? content_type : "nothing");
      exchange_finish (ex, error);
      return;
    }

  if (g_strcmp0 (content_type, "application/json") == 0 && !self->legacy)
    {
      ex->json = g_byte_array_new ();
      exchange_read (ex);
      return;
    }

  /* Accepted (202), or an answer that is not one (HTTP+SSE answers come on
   * the event stream): fine, unless a request expected its answer here. */
  if (ex->request_id != NULL && !self->legacy && status != SOUP_STATUS_ACCEPTED)
    {
      error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server at %s answered with “%s” instead of JSON or an event "
                             "stream"),
                           self->url, content_type ? content_type : "nothing");
      exchange_finish (ex, error);
      return;
    }

  exchange_finish (ex, NULL);
}

static void
add_headers (McpHttpTransport *self,
             SoupMessage      *msg)
{
  SoupMessageHeaders *headers = soup_message_get_request_headers (msg);
  const char *version = mcp_transport_get_protocol_version (MCP_TRANSPORT (self));
  GHashTableIter iter;
  gpointer name, value;

  g_hash_table_iter_init (&iter, self->headers);
  while (g_hash_table_iter_next (&iter, &name, &value))
    soup_message_headers_replace (headers, name, value);

  if (self->session_id != NULL && !self->legacy)
    soup_message_headers_replace (headers, "Mcp-Session-Id", self->session_id);
  if (version != NULL && !self->legacy)
    soup_message_headers_replace (headers, "MCP-Protocol-Version", version);
}

static void
exchange_start (Exchange *ex)
{
  McpHttpTransport *self = ex->self;
  const char *last_event_id = ex->sse != NULL ? _mcp_sse_parser_get_last_event_id (ex->sse)
                                              : NULL;
  SoupMessageHeaders *headers;

  g_clear_object (&ex->msg);

  /* A POST whose stream broke continues as a GET, as do the streams. */
  if (ex->kind == EXCHANGE_POST && ex->sse == NULL)
    {
      ex->msg = soup_message_new ("POST", self->legacy ? self->endpoint : self->url);
      soup_message_set_request_body_from_bytes (ex->msg, "application/json", ex->body);
      g_free (ex->sent_session);
      ex->sent_session = g_strdup (self->session_id);
    }
  else
    ex->msg = soup_message_new ("GET", self->url);

  if (ex->msg == NULL)
    {
      g_autoptr(GError) error = NULL;

      error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("“%s” is not a valid URL"), self->url);
      exchange_finish (ex, error);
      return;
    }

  headers = soup_message_get_request_headers (ex->msg);
  add_headers (self, ex->msg);
  if (ex->kind == EXCHANGE_POST && ex->sse == NULL)
    soup_message_headers_replace (headers, "Accept", "application/json, text/event-stream");
  else
    soup_message_headers_replace (headers, "Accept", "text/event-stream");
  if (last_event_id != NULL)
    soup_message_headers_replace (headers, "Last-Event-ID", last_event_id);

  soup_session_send_async (self->session, ex->msg, G_PRIORITY_DEFAULT, self->cancellable,
                           response_cb, ex);
}

static void
legacy_stream_done (Exchange     *ex,
                    const GError *error)
{
  McpHttpTransport *self = ex->self;
  g_autoptr(GError) ended = NULL;

  if (self == NULL || self->closing)
    return;

  ended = error != NULL ? g_error_copy (error)
                        : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                                               _("The server closed its event stream"));
  flush_legacy_queue (self, ended);
  mcp_transport_deliver_closed (MCP_TRANSPORT (self), ended);
}

static void
start_legacy (McpHttpTransport *self)
{
  Exchange *stream;

  if (self->legacy)
    return;

  self->legacy = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEGACY_SSE]);

  stream = exchange_new (self, EXCHANGE_LEGACY, NULL, legacy_stream_done);
  self->get_stream = stream;
  exchange_start (stream);
}

/* Sends what waited for the legacy endpoint, or fails it. */
static void
flush_legacy_queue (McpHttpTransport *self,
                    const GError     *error)
{
  g_autoptr(GPtrArray) queue = g_steal_pointer (&self->legacy_queue);

  self->legacy_queue = g_ptr_array_new ();
  for (guint i = 0; i < queue->len; i++)
    {
      if (error != NULL)
        exchange_finish (queue->pdata[i], error);
      else
        exchange_start (queue->pdata[i]);
    }
}

static void
get_stream_done (Exchange     *ex,
                 const GError *error)
{
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED))
    g_debug ("The event stream of %s ended: %s", ex->self ? ex->self->url : "?",
             error->message);
}

static void
start_get_stream (McpHttpTransport *self)
{
  if (self->get_stream != NULL || self->legacy || self->closing || !self->opened)
    return;

  self->get_stream = exchange_new (self, EXCHANGE_GET, NULL, get_stream_done);
  exchange_start (self->get_stream);
}

static void
mcp_http_transport_protocol_version_changed (McpTransport *transport)
{
  /* The handshake is done: the server may now talk on its own. */
  start_get_stream (MCP_HTTP_TRANSPORT (transport));
}

static void
mcp_http_transport_open (McpTransport *transport,
                         GCancellable *cancellable,
                         GTask        *task)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(GUri) uri = NULL;

  if (self->opened)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               _("The transport was already opened; create a new one to reconnect"));
      return;
    }

  uri = g_uri_parse (self->url, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL || (g_strcmp0 (g_uri_get_scheme (uri), "http") != 0 &&
                      g_strcmp0 (g_uri_get_scheme (uri), "https") != 0))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("“%s” is not an http or https URL"), self->url);
      return;
    }

  self->opened = TRUE;
  g_task_return_boolean (task, TRUE);
}

static void
mcp_http_transport_send (McpTransport *transport,
                         JsonNode     *message,
                         GCancellable *cancellable,
                         GTask        *task)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  const char *method = message_method (message);
  Exchange *ex;

  ex = exchange_new (self, EXCHANGE_POST, message, post_done);
  ex->task = g_object_ref (task);

  if (!self->opened || self->closing)
    {
      g_autoptr(GError) error = !self->opened
        ? g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, _("The transport is not open"))
        : closed_error ();

      exchange_finish (ex, error);
      return;
    }

  /* Kept to start a new session with, should the server forget ours. */
  if (g_strcmp0 (method, "initialize") == 0 && request_id (message) != NULL)
    {
      g_clear_pointer (&self->initialize, json_node_unref);
      self->initialize = json_node_ref (ex->message);
    }
  else if (g_strcmp0 (method, "notifications/initialized") == 0)
    {
      g_clear_pointer (&self->initialized, json_node_unref);
      self->initialized = json_node_ref (ex->message);
    }

  if (G_UNLIKELY (g_getenv ("G_MESSAGES_DEBUG") != NULL))
    g_debug ("→ %.*s", (int) MIN (g_bytes_get_size (ex->body) - 1, 2000),
             (const char *) g_bytes_get_data (ex->body, NULL));

  self->first_sent = TRUE;
  if (self->legacy && self->endpoint == NULL)
    g_ptr_array_add (self->legacy_queue, ex);
  else
    exchange_start (ex);
}

static void
delete_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpHttpTransport *self = g_task_get_source_object (task);
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GError) error = NULL;

  /* 405 (sessions cannot be ended) and failures are no reason to fail the
   * close: the session will expire on the server. */
  stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  if (stream == NULL)
    g_debug ("Ending the session at %s failed: %s", self->url, error->message);

  g_task_return_boolean (task, TRUE);
}

static gboolean
cancel_delete_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

static void
mcp_http_transport_close (McpTransport *transport,
                          GCancellable *cancellable,
                          GTask        *task)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GCancellable) delete_cancellable = NULL;
  g_autoptr(GPtrArray) pending = NULL;
  g_autoptr(GError) closed = closed_error ();

  if (self->closing || mcp_transport_is_closed (transport))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  self->closing = TRUE;
  g_cancellable_cancel (self->cancellable);

  /* Calls waiting for a resumption or for the legacy endpoint end now. */
  pending = g_ptr_array_copy (self->exchanges, NULL, NULL);
  for (guint i = 0; i < pending->len; i++)
    {
      Exchange *ex = pending->pdata[i];

      if (ex->retry_source != NULL || g_ptr_array_find (self->legacy_queue, ex, NULL))
        {
          g_ptr_array_remove (self->legacy_queue, ex);
          exchange_finish (ex, closed);
        }
    }

  if (self->session_id == NULL || self->legacy)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  msg = soup_message_new ("DELETE", self->url);
  add_headers (self, msg);
  delete_cancellable = g_cancellable_new ();
  /* A reference for the timer, which may fire after the close is done. */
  g_source_unref (_mcp_timeout_source_add (DELETE_TIMEOUT_SECONDS * 1000, cancel_delete_cb,
                                           g_object_ref (delete_cancellable), g_object_unref));
  soup_session_send_async (self->session, msg, G_PRIORITY_DEFAULT, delete_cancellable,
                           delete_cb, g_object_ref (task));
}

static void
mcp_http_transport_dispose (GObject *object)
{
  McpHttpTransport *self = (McpHttpTransport *)object;

  g_cancellable_cancel (self->cancellable);

  /* Streams outlive the transport only until their cancelled reads
   * return; they must not touch it then. */
  while (self->exchanges->len > 0)
    {
      Exchange *ex = g_ptr_array_steal_index (self->exchanges, self->exchanges->len - 1);

      _mcp_source_clear (&ex->retry_source);
      if (ex->kind == EXCHANGE_POST)
        g_object_unref (ex->self);
      ex->self = NULL;
      ex->done = NULL;
      if (ex->msg == NULL && ex->stream == NULL)
        exchange_free (ex);
    }
  self->get_stream = NULL;

  G_OBJECT_CLASS (mcp_http_transport_parent_class)->dispose (object);
}

static void
mcp_http_transport_finalize (GObject *object)
{
  McpHttpTransport *self = (McpHttpTransport *)object;

  g_clear_pointer (&self->url, g_free);
  g_clear_pointer (&self->endpoint, g_free);
  g_clear_object (&self->session);
  g_clear_pointer (&self->headers, g_hash_table_unref);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->exchanges, g_ptr_array_unref);
  g_clear_pointer (&self->legacy_queue, g_ptr_array_unref);
  g_clear_pointer (&self->renewal, g_ptr_array_unref);
  g_clear_pointer (&self->initialize, json_node_unref);
  g_clear_pointer (&self->initialized, json_node_unref);

  G_OBJECT_CLASS (mcp_http_transport_parent_class)->finalize (object);
}

static void
mcp_http_transport_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_URL:
      g_value_set_string (value, self->url);
      break;

    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    case PROP_SESSION_ID:
      g_value_set_string (value, self->session_id);
      break;

    case PROP_LEGACY_SSE:
      g_value_set_boolean (value, self->legacy);
      break;

    case PROP_MAX_MESSAGE_SIZE:
      g_value_set_uint64 (value, self->max_message_size);
      break;

    case PROP_MAX_RECONNECT_ATTEMPTS:
      g_value_set_uint (value, self->max_reconnect_attempts);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_http_transport_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_URL:
      self->url = g_value_dup_string (value);
      break;

    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    case PROP_MAX_MESSAGE_SIZE:
      mcp_http_transport_set_max_message_size (self, g_value_get_uint64 (value));
      break;

    case PROP_MAX_RECONNECT_ATTEMPTS:
      mcp_http_transport_set_max_reconnect_attempts (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_http_transport_constructed (GObject *object)
{
  McpHttpTransport *self = (McpHttpTransport *)object;

  G_OBJECT_CLASS (mcp_http_transport_parent_class)->constructed (object);

  /* Each open event stream holds a connection: libsoup's default of two
   * per host would leave no room for the answer to a server's request. */
  if (self->session == NULL)
    self->session = soup_session_new_with_options ("user-agent", "mcp-glib/" PACKAGE_VERSION,
                                                   "max-conns-per-host", MAX_CONNECTIONS,
                                                   "max-conns", MAX_CONNECTIONS,
                                                   NULL);
}

static void
mcp_http_transport_class_init (McpHttpTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpTransportClass *transport_class = MCP_TRANSPORT_CLASS (klass);

  _mcp_i18n_init ();

  object_class->constructed = mcp_http_transport_constructed;
  object_class->dispose = mcp_http_transport_dispose;
  object_class->finalize = mcp_http_transport_finalize;
  object_class->get_property = mcp_http_transport_get_property;
  object_class->set_property = mcp_http_transport_set_property;

  transport_class->open = mcp_http_transport_open;
  transport_class->send = mcp_http_transport_send;
  transport_class->close = mcp_http_transport_close;
  transport_class->protocol_version_changed = mcp_http_transport_protocol_version_changed;

  /**
   * McpHttpTransport:url:
   *
   * The server's MCP endpoint, used exactly as given.
   *
   * Since: 1.0
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:session:
   *
   * The HTTP session requests go through. Its settings (TLS, proxy,
   * timeouts, user agent) apply. By default, a new session with the user
   * agent `mcp-glib/VERSION`.
   *
   * Since: 1.0
   */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL,
                         SOUP_TYPE_SESSION,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:session-id:
   *
   * The MCP session id the server assigned, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_SESSION_ID] =
    g_param_spec_string ("session-id", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:legacy-sse:
   *
   * Whether the server turned out to speak only the HTTP+SSE transport of
   * protocol version 2024-11-05, which the transport then uses.
   *
   * Since: 1.0
   */
  properties[PROP_LEGACY_SSE] =
    g_param_spec_boolean ("legacy-sse", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:max-message-size:
   *
   * The longest answer body or event accepted, in bytes (64 MiB by
   * default). A larger one fails the request it answers.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_MESSAGE_SIZE] =
    g_param_spec_uint64 ("max-message-size", NULL, NULL,
                         1, G_MAXSIZE, G_GUINT64_CONSTANT (64) * 1024 * 1024,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:max-reconnect-attempts:
   *
   * How many times in a row a broken event stream is resumed before the
   * request waiting on it fails.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_RECONNECT_ATTEMPTS] =
    g_param_spec_uint ("max-reconnect-attempts", NULL, NULL,
                       0, 100, DEFAULT_RECONNECTS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_http_transport_init (McpHttpTransport *self)
{
  self->headers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->max_message_size = G_GUINT64_CONSTANT (64) * 1024 * 1024;
  self->max_reconnect_attempts = DEFAULT_RECONNECTS;
  self->cancellable = g_cancellable_new ();
  self->exchanges = g_ptr_array_new ();
  self->legacy_queue = g_ptr_array_new ();
}

/**
 * mcp_http_transport_new:
 * @url: the server's MCP endpoint, e.g. `https://example.com/mcp`
 *
 * Creates a transport to a Streamable HTTP server.
 *
 * Returns: (transfer full): a new transport
 *
 * Since: 1.0
 */
McpHttpTransport *
mcp_http_transport_new (const char *url)
{
  g_return_val_if_fail (url != NULL, NULL);

  return g_object_new (MCP_TYPE_HTTP_TRANSPORT, "url", url, NULL);
}

/**
 * mcp_http_transport_new_with_session:
 * @url: the server's MCP endpoint
 * @session: the HTTP session to use
 *
 * Creates a transport that makes its requests through @session, with its
 * TLS, proxy and timeout settings.
 *
 * Returns: (transfer full): a new transport
 *
 * Since: 1.0
 */
McpHttpTransport *
mcp_http_transport_new_with_session (const char  *url,
                                     SoupSession *session)
{
  g_return_val_if_fail (url != NULL, NULL);
  g_return_val_if_fail (SOUP_IS_SESSION (session), NULL);

  return g_object_new (MCP_TYPE_HTTP_TRANSPORT, "url", url, "session", session, NULL);
}

/**
 * mcp_http_transport_get_url:
 * @self: an HTTP transport
 *
 * Gets the server's MCP endpoint.
 *
 * Returns: the URL
 *
 * Since: 1.0
 */
const char *
mcp_http_transport_get_url (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), NULL);

  return self->url;
}

/**
 * mcp_http_transport_get_session:
 * @self: an HTTP transport
 *
 * Gets the HTTP session requests go through.
 *
 * Returns: (transfer none): the session
 *
 * Since: 1.0
 */
SoupSession *
mcp_http_transport_get_session (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), NULL);

  return self->session;
}

/**
 * mcp_http_transport_set_header:
 * @self: an HTTP transport
 * @name: a header name, e.g. `Authorization`
 * @value: (nullable): its value, or %NULL to stop sending it
 *
 * Sends a header with every request, for example a static bearer token.
 *
 * Since: 1.0
 */
void
mcp_http_transport_set_header (McpHttpTransport *self,
                               const char       *name,
                               const char       *value)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (name != NULL);

  if (value != NULL)
    g_hash_table_replace (self->headers, g_strdup (name), g_strdup (value));
  else
    g_hash_table_remove (self->headers, name);
}

/**
 * mcp_http_transport_get_session_id:
 * @self: an HTTP transport
 *
 * Gets [property@Mcp.HttpTransport:session-id].
 *
 * Returns: (nullable): the session id
 *
 * Since: 1.0
 */
const char *
mcp_http_transport_get_session_id (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), NULL);

  return self->session_id;
}

/**
 * mcp_http_transport_get_legacy_sse:
 * @self: an HTTP transport
 *
 * Gets [property@Mcp.HttpTransport:legacy-sse].
 *
 * Returns: whether the 2024-11-05 HTTP+SSE transport is in use
 *
 * Since: 1.0
 */
gboolean
mcp_http_transport_get_legacy_sse (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), FALSE);

  return self->legacy;
}

/**
 * mcp_http_transport_get_max_message_size:
 * @self: an HTTP transport
 *
 * Gets [property@Mcp.HttpTransport:max-message-size].
 *
 * Returns: the maximum size in bytes
 *
 * Since: 1.0
 */
guint64
mcp_http_transport_get_max_message_size (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->max_message_size;
}

/**
 * mcp_http_transport_set_max_message_size:
 * @self: an HTTP transport
 * @max_message_size: the maximum size in bytes
 *
 * Sets [property@Mcp.HttpTransport:max-message-size].
 *
 * Since: 1.0
 */
void
mcp_http_transport_set_max_message_size (McpHttpTransport *self,
                                         guint64           max_message_size)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (max_message_size > 0);

  max_message_size = MIN (max_message_size, G_MAXSIZE);
  if (self->max_message_size == max_message_size)
    return;

  self->max_message_size = max_message_size;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_MESSAGE_SIZE]);
}

/**
 * mcp_http_transport_get_max_reconnect_attempts:
 * @self: an HTTP transport
 *
 * Gets [property@Mcp.HttpTransport:max-reconnect-attempts].
 *
 * Returns: the number of attempts
 *
 * Since: 1.0
 */
guint
mcp_http_transport_get_max_reconnect_attempts (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->max_reconnect_attempts;
}

/**
 * mcp_http_transport_set_max_reconnect_attempts:
 * @self: an HTTP transport
 * @attempts: the number of attempts
 *
 * Sets [property@Mcp.HttpTransport:max-reconnect-attempts].
 *
 * Since: 1.0
 */
void
mcp_http_transport_set_max_reconnect_attempts (McpHttpTransport *self,
                                               guint             attempts)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  if (self->max_reconnect_attempts == attempts)
    return;

  self->max_reconnect_attempts = attempts;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_RECONNECT_ATTEMPTS]);
}
