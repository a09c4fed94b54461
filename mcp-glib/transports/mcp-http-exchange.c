/* mcp-http-exchange.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One HTTP exchange of McpHttpTransport: the SoupMessage is built and
 * prepared (in _mcp_http_message_new (), the one place every outgoing
 * message goes through), sent, and its answer dispatched by status and
 * content type in response_cb (): statuses that are not 2xx are handled in
 * handle_status (), the one place for them; bodies are read in
 * mcp-http-body.c and event streams in mcp-http-stream.c. A server that
 * forgets the session gets a new one here, with the same handshake.
 *
 * Unlike the stream transport, this one has to look at messages a little:
 * the method of an outgoing message (to replay the handshake when the
 * server forgets a session, and to know the first message) and the id of an
 * outgoing request (to know whether its answer arrived before its stream
 * ended). It never changes a message.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-authorization-private.h"
#include "mcp-http-transport-private.h"
#include "mcp-json-private.h"
#include "mcp-oauth-http-private.h"
#include "mcp-source-private.h"
#include "mcp-tls-error-private.h"
#include "mcp-transport-private.h"

#define ERROR_BODY_EXCERPT 200
/* A JSON-RPC error in an error's body: read this much at most. */
#define ERROR_BODY_JSON_MAX (64 * 1024)
/* Sign-ins or refreshes for one request, the step-ups of MCP's scope
 * challenges included, before its 401 or 403 is final. */
#define MAX_AUTH_ATTEMPTS 3

/* The id of a request, or NULL for a notification or a response. */
JsonNode *
_mcp_http_request_id (JsonNode *message)
{
  JsonObject *object;

  if (message == NULL || !JSON_NODE_HOLDS_OBJECT (message))
    return NULL;

  object = json_node_get_object (message);
  if (!json_object_has_member (object, "method"))
    return NULL;

  return json_object_get_member (object, "id");
}

/* Whether @value, which came from the server, may go back to it in a
 * header: 1 to @max_length visible ASCII characters (0x21 to 0x7E), as MCP
 * requires of session ids. No CR or LF to inject a header with, no other
 * control character, nothing a server or a proxy could read otherwise. */
gboolean
_mcp_http_is_visible_ascii (const char *value,
                            gsize       max_length)
{
  gsize i;

  for (i = 0; value[i] != '\0'; i++)
    if (i >= max_length || (guchar) value[i] < 0x21 || (guchar) value[i] > 0x7E)
      return FALSE;

  return i > 0;
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

McpHttpExchange *
_mcp_http_exchange_new (McpHttpTransport    *self,
                        McpHttpExchangeKind  kind,
                        JsonNode            *message,
                        McpHttpExchangeDone  done)
{
  McpHttpExchange *ex = g_new0 (McpHttpExchange, 1);

  /* A POST ends by itself and may keep the transport alive; the streams
   * that last as long as the connection must not. */
  ex->self = kind == MCP_HTTP_EXCHANGE_POST ? g_object_ref (self) : self;
  ex->kind = kind;
  ex->done = done;
  ex->cancellable = g_cancellable_new ();
  if (message != NULL)
    {
      ex->message = json_node_ref (message);
      ex->body = _mcp_json_to_line (message);
      ex->request_id = _mcp_http_request_id (message);
    }

  g_ptr_array_add (self->exchanges, ex);
  return ex;
}

void
_mcp_http_exchange_free (McpHttpExchange *ex)
{
  _mcp_source_clear (&ex->retry_source);
  _mcp_source_clear (&ex->read_source);
  g_clear_object (&ex->task);
  g_clear_object (&ex->cancellable);
  g_clear_pointer (&ex->message, json_node_unref);
  g_clear_pointer (&ex->body, g_bytes_unref);
  g_clear_object (&ex->msg);
  g_clear_object (&ex->stream);
  g_clear_pointer (&ex->sse, _mcp_sse_parser_free);
  g_clear_pointer (&ex->buffer, g_free);
  g_clear_error (&ex->dropped);
  g_clear_pointer (&ex->sent_session, g_free);

  if (ex->self != NULL)
    {
      McpHttpTransport *self = ex->self;

      g_ptr_array_remove (self->exchanges, ex);
      if (self->get_stream == ex)
        self->get_stream = NULL;
      if (ex->kind == MCP_HTTP_EXCHANGE_POST)
        g_object_unref (self);
    }

  g_free (ex);
}

/* Tells whoever waits for @ex how it ended, once. */
void
_mcp_http_exchange_report (McpHttpExchange *ex,
                           const GError    *error)
{
  if (ex->finished)
    return;

  ex->finished = TRUE;
  if (ex->done != NULL)
    ex->done (ex, error);
}

/* Ends @ex: tells whoever waits, then frees it. A body not read to its end
 * is hung up on, with its connection. */
void
_mcp_http_exchange_finish (McpHttpExchange *ex,
                           const GError    *error)
{
  if (ex->finished)
    return;

  _mcp_http_exchange_report (ex, error);
  _mcp_http_exchange_free (ex);
}

GError *
_mcp_http_closed_error (void)
{
  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED, _("The connection is closed"));
}

/* Why @ex ended before its answer: the transport closed, or @ex was
 * stopped since nobody waits for it any more. */
GError *
_mcp_http_exchange_stopped_error (McpHttpExchange *ex)
{
  if (ex->self->closing)
    return _mcp_http_closed_error ();

  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                              _("The request ended before its answer"));
}

static gboolean
stopped_cb (gpointer user_data)
{
  McpHttpExchange *ex = user_data;
  g_autoptr(GError) error = _mcp_http_exchange_stopped_error (ex);

  _mcp_source_clear (&ex->retry_source);
  _mcp_http_exchange_finish (ex, error);
  return G_SOURCE_REMOVE;
}

/* Ends @ex soon: through its cancellable if it is under way, from an idle
 * callback if it waits (for a resumption, the legacy endpoint or a new
 * session). Never at once: it is called from sending and closing, whose
 * callers do not expect another call to complete meanwhile. */
void
_mcp_http_exchange_stop (McpHttpExchange *ex)
{
  McpHttpTransport *self = ex->self;

  g_cancellable_cancel (ex->cancellable);
  if (ex->msg != NULL || ex->stream != NULL)
    return;

  g_ptr_array_remove (self->legacy_queue, ex);
  if (self->renewal != NULL)
    g_ptr_array_remove (self->renewal, ex);
  _mcp_source_clear (&ex->retry_source);
  ex->retry_source = _mcp_idle_source_add (stopped_cb, ex);
}

void
_mcp_http_post_done (McpHttpExchange *ex,
                     const GError    *error)
{
  /* The session is ready: the server may talk on its own from now on,
   * and the handshake's connection is free for that. */
  if (error == NULL && ex->message != NULL && ex->message == ex->self->initialized)
    {
      ex->self->session_ready = TRUE;
      _mcp_http_start_get_stream (ex->self);
    }

  if (ex->task == NULL)
    return;

  if (error != NULL)
    g_task_return_error (ex->task, g_error_copy (error));
  else
    g_task_return_boolean (ex->task, TRUE);
}

/* Hands on one incoming message (or batch), noting whether it answers
 * @ex's request; @message is %NULL, with @error, if it could not be
 * parsed. */
void
_mcp_http_exchange_deliver_message (McpHttpExchange *ex,
                                    JsonNode        *message,
                                    const GError    *error)
{
  McpHttpTransport *self = ex->self;

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

void
_mcp_http_exchange_deliver (McpHttpExchange *ex,
                            const char      *data,
                            gsize            len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) message = NULL;

  _mcp_http_log_incoming (data, len);

  /* What the engine takes as it is (progress) answers no request. */
  if (!ex->internal && _mcp_transport_receive_text (MCP_TRANSPORT (ex->self), data, len, FALSE))
    return;

  message = _mcp_json_parse_message (data, len, &error);
  _mcp_http_exchange_deliver_message (ex, message, error);
}

/* ------------------------------------------------------------------------
 * Statuses
 * ------------------------------------------------------------------------ */

/* Whether a refusal of @ex with @status means a server of the HTTP+SSE
 * transport (2024-11-05): it refused the first POST, initialize, with
 * 400, 404 or 405, and its body did not answer the request. */
static gboolean
refused_as_http_sse (McpHttpExchange *ex,
                     SoupStatus       status)
{
  McpHttpTransport *self = ex->self;

  return ex->kind == MCP_HTTP_EXCHANGE_POST && !self->legacy && !self->closing &&
         !g_cancellable_is_cancelled (ex->cancellable) && ex->message == self->initialize &&
         !ex->internal && self->session_id == NULL &&
         (status == SOUP_STATUS_BAD_REQUEST || status == SOUP_STATUS_NOT_FOUND ||
          status == SOUP_STATUS_METHOD_NOT_ALLOWED);
}

/* The body of an error status has been read, up to its maximum (in
 * @ex's buffer): the error it is. */
static void
error_body_done (McpHttpExchange *ex)
{
  McpHttpTransport *self = ex->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *excerpt = NULL;
  SoupStatus status;
  const char *reason;
  int code;

  if (ex->buffer_len > 0)
    {
      excerpt = g_utf8_make_valid (ex->buffer, MIN (ex->buffer_len, ERROR_BODY_EXCERPT));
      g_strstrip (excerpt);
    }

  /* A JSON-RPC answer to the request, though with an error status: the
   * stateless revision answers so when it refuses a version, a method or
   * a request's headers, with what the client needs in the error's data. */
  if (ex->buffer_len > 0 && ex->request_id != NULL && !ex->answered &&
      g_strcmp0 (soup_message_headers_get_content_type (soup_message_get_response_headers (ex->msg),
                                                        NULL), "application/json") == 0)
    {
      g_autoptr(JsonNode) answer = _mcp_json_parse_message (ex->buffer, ex->buffer_len, NULL);
      JsonObject *answer_object = answer != NULL && JSON_NODE_HOLDS_OBJECT (answer)
                                  ? json_node_get_object (answer) : NULL;
      JsonNode *id = answer_object != NULL ? json_object_get_member (answer_object, "id") : NULL;

      if (id != NULL && json_node_equal (id, ex->request_id) &&
          json_object_get_member (answer_object, "error") != NULL)
        {
          _mcp_http_exchange_deliver_message (ex, answer, NULL);
          _mcp_http_exchange_finish_and_drain (ex, NULL);
          return;
        }
    }

  status = soup_message_get_status (ex->msg);
  reason = soup_message_get_reason_phrase (ex->msg);

  if (refused_as_http_sse (ex, status))
    {
      g_debug ("The server at %s answered %u to initialize; trying HTTP+SSE", self->url, status);
      g_clear_pointer (&ex->buffer, g_free);
      ex->buffer_len = 0;
      g_clear_object (&ex->stream);
      g_clear_object (&ex->msg);
      g_ptr_array_add (self->legacy_queue, ex);
      _mcp_http_legacy_start (self);
      return;
    }

  switch ((int) status)
    {
    case SOUP_STATUS_UNAUTHORIZED:
    case SOUP_STATUS_FORBIDDEN:
      code = G_IO_ERROR_PERMISSION_DENIED;
      break;

    case SOUP_STATUS_NOT_FOUND:
      code = G_IO_ERROR_NOT_FOUND;
      break;

    /* The proxy's, once its credentials (if any) were refused. */
    case SOUP_STATUS_PROXY_AUTHENTICATION_REQUIRED:
      code = G_IO_ERROR_PROXY_AUTH_FAILED;
      break;

    default:
      code = G_IO_ERROR_FAILED;
      break;
    }

  error = g_error_new (G_IO_ERROR, code, _("The server at %s answered %u %s%s%s"),
                       ex->self->url, status, reason ? reason : "",
                       excerpt && *excerpt ? ": " : "", excerpt ? excerpt : "");
  _mcp_http_exchange_finish_and_drain (ex, error);
}

static void error_body_read (McpHttpExchange *ex);

static void
error_body_read_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  McpHttpExchange *ex = user_data;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, NULL);
  if (ex->self == NULL)
    {
      _mcp_http_exchange_free (ex);
      return;
    }

  /* What failed to arrive is left out of the error, which is all the
   * same. */
  if (n > 0)
    {
      ex->buffer_len += n;
      if (ex->buffer_len < ex->buffer_size)
        {
          error_body_read (ex);
          return;
        }
    }

  error_body_done (ex);
}

/* Reads the body of an error status to its end, or its maximum: a server
 * may send it in pieces, and a JSON-RPC error in it is only whole at the
 * end. */
static void
error_body_read (McpHttpExchange *ex)
{
  g_input_stream_read_async (ex->stream, ex->buffer + ex->buffer_len,
                             ex->buffer_size - ex->buffer_len, G_PRIORITY_DEFAULT,
                             ex->cancellable, error_body_read_cb, ex);
}

static void start_new_session (McpHttpExchange *ex);
static gboolean is_stateless_request (JsonNode *message);

/* The server wanted (other) credentials, and the authorization has them,
 * or failed to get them. */
static void
challenge_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  McpHttpExchange *ex = user_data;
  g_autoptr(GError) error = NULL;

  if (!_mcp_authorization_challenge_finish (MCP_AUTHORIZATION (object), result, &error) &&
      ex->self != NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
          g_cancellable_is_cancelled (ex->cancellable))
        {
          g_clear_error (&error);
          error = _mcp_http_exchange_stopped_error (ex);
        }
      /* The sign-in the request waited for was cancelled
       * (mcp_authorization_cancel_sign_in ()) or nobody completed it: the
       * server's refusal stands, and says what to do. */
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
               g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
        {
          g_autoptr(GError) reason = g_steal_pointer (&error);

          error = g_error_new (MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED,
                               _("The server at %s requires signing in, which did not happen: "
                                 "%s"),
                               ex->self->url, reason->message);
        }
    }

  if (ex->self == NULL)
    _mcp_http_exchange_free (ex);
  else if (error != NULL)
    _mcp_http_exchange_finish (ex, error);
  else
    _mcp_http_exchange_start (ex);
}

/* Every answer whose status is not 2xx comes here. Returns %TRUE when it
 * took care of @ex. */
static gboolean
handle_status (McpHttpExchange *ex,
               SoupStatus       status)
{
  McpHttpTransport *self = ex->self;
  SoupMessageHeaders *headers = soup_message_get_response_headers (ex->msg);
  const char *challenge = soup_message_headers_get_list (headers, "WWW-Authenticate");

  /* RFC 9449 §9: a nonce is taken from every answer; a request refused
   * for the lack of one goes again with it, once. */
  if (self->authorization != NULL &&
      _mcp_authorization_take_dpop_nonce (self->authorization, ex->msg))
    {
      if (ex->dpop_nonce_retried)
        {
          g_autoptr(GError) error =
            g_error_new (MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED,
                         _("The server at %s keeps asking for a new DPoP nonce: giving up"),
                         self->url);

          _mcp_http_exchange_finish_and_drain (ex, error);
          return TRUE;
        }

      g_debug ("The server at %s asks for a DPoP nonce; sending the request again", self->url);
      ex->dpop_nonce_retried = TRUE;
      g_clear_object (&ex->stream);
      _mcp_http_exchange_start (ex);
      return TRUE;
    }

  /* Sign in, refresh or step up, then send again, a few times. The
   * message stays while the authorization works: the exchange is under
   * way, and stopping it cancels the wait. */
  if (self->authorization != NULL && _mcp_authorization_handles_status (status, challenge))
    {
      const char *sent = soup_message_headers_get_one (soup_message_get_request_headers (ex->msg),
                                                       "Authorization");
      const char *sent_token = NULL;

      if (sent != NULL && g_str_has_prefix (sent, "Bearer "))
        sent_token = sent + strlen ("Bearer ");
      else if (sent != NULL && g_str_has_prefix (sent, "DPoP "))
        sent_token = sent + strlen ("DPoP ");

      if (ex->auth_attempts >= MAX_AUTH_ATTEMPTS)
        {
          g_autoptr(GError) error = NULL;

          if (status == SOUP_STATUS_FORBIDDEN)
            error = g_error_new (MCP_AUTHORIZATION_ERROR,
                                 MCP_AUTHORIZATION_ERROR_INSUFFICIENT_SCOPE,
                                 _("The server at %s keeps refusing the request for lack of "
                                   "scopes, however often they are asked for"), self->url);
          else
            error = g_error_new (MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_DENIED,
                                 _("The server at %s keeps refusing the credentials it asked "
                                   "for"), self->url);
          _mcp_http_exchange_finish_and_drain (ex, error);
          return TRUE;
        }

      ex->auth_attempts++;
      g_clear_object (&ex->stream);
      _mcp_authorization_challenge_async (self->authorization, self->url, status, challenge,
                                          sent_token, ex->cancellable, challenge_cb, ex);
      return TRUE;
    }

  /* A POST refused for its session. Not a resumption (a GET, once the
   * answer has begun as an event stream), refused for the stream: the
   * server has the request, which must not be sent again. */
  if (ex->kind == MCP_HTTP_EXCHANGE_POST && ex->sse == NULL && status == SOUP_STATUS_NOT_FOUND &&
      ex->sent_session && !ex->retried && self->initialize != NULL &&
      ex->message != self->initialize && !ex->internal)
    {
      start_new_session (ex);
      return TRUE;
    }

  if (ex->kind == MCP_HTTP_EXCHANGE_GET && status == SOUP_STATUS_METHOD_NOT_ALLOWED)
    {
      g_debug ("The server at %s offers no event stream of its own", self->url);
      _mcp_http_exchange_finish_and_drain (ex, NULL);
      return TRUE;
    }

  if (SOUP_STATUS_IS_SUCCESSFUL (status))
    return FALSE;

  /* A buffer of a resumed stream's may be there. */
  g_clear_pointer (&ex->buffer, g_free);
  ex->buffer_len = 0;
  ex->buffer_size = g_strcmp0 (soup_message_headers_get_content_type (
                                 soup_message_get_response_headers (ex->msg), NULL),
                               "application/json") == 0
                    ? ERROR_BODY_JSON_MAX : ERROR_BODY_EXCERPT;
  ex->buffer = g_malloc (ex->buffer_size);
  error_body_read (ex);
  return TRUE;
}

/* ------------------------------------------------------------------------
 * Sessions
 * ------------------------------------------------------------------------ */

/* A step of the handshake that starts a new session. */
static void
replay_done (McpHttpExchange *step,
             const GError    *error)
{
  McpHttpTransport *self = step->self;
  g_autoptr(GPtrArray) waiting = NULL;
  g_autoptr(GError) failed = NULL;

  if (error == NULL && step->message == self->initialize && self->initialized != NULL)
    {
      McpHttpExchange *next = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_POST,
                                                      self->initialized, replay_done);

      next->internal = TRUE;
      _mcp_http_exchange_start (next);
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
        _mcp_http_exchange_finish (waiting->pdata[i], failed);
      else
        _mcp_http_exchange_start (waiting->pdata[i]);
    }

  /* What the server sends on its own comes on the new session's stream;
   * the old one's may still be open, but it is not that one. */
  if (failed == NULL)
    {
      McpHttpExchange *old = self->get_stream;

      if (old != NULL && g_strcmp0 (old->sent_session, self->session_id) != 0)
        {
          self->get_stream = NULL;
          _mcp_http_exchange_stop (old);
        }
      _mcp_http_start_get_stream (self);
    }
}

/* The server forgot our session: start a new one with the same handshake
 * (once, however many requests found out), then send the message again. */
static void
start_new_session (McpHttpExchange *ex)
{
  McpHttpTransport *self = ex->self;
  McpHttpExchange *init;

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
      _mcp_http_exchange_start (ex);
      return;
    }

  g_debug ("The server at %s forgot session %s; starting a new one", self->url, self->session_id);
  self->renewal = g_ptr_array_new ();
  g_ptr_array_add (self->renewal, ex);
  _mcp_http_transport_set_session_id (self, NULL);

  init = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_POST, self->initialize, replay_done);
  init->internal = TRUE;
  _mcp_http_exchange_start (init);
}

/* ------------------------------------------------------------------------
 * Sending
 * ------------------------------------------------------------------------ */

static void
response_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  McpHttpExchange *ex = user_data;
  McpHttpTransport *self = ex->self;
  g_autoptr(GError) error = NULL;
  SoupMessageHeaders *headers;
  const char *content_type;
  const char *session_id;
  SoupStatus status;

  ex->stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);

  if (self == NULL)
    {
      _mcp_http_exchange_free (ex);
      return;
    }

  if (ex->stream == NULL)
    {
      g_autoptr(GError) failed = NULL;

      if (self->closing || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        failed = _mcp_http_exchange_stopped_error (ex);
      /* Refused by TLS: nothing was sent. */
      else if ((failed = _mcp_tls_message_error (ex->msg, self->url, error)) != NULL)
        ;
      /* Not connected: nothing was sent. */
      else if (soup_message_get_remote_address (ex->msg) == NULL)
        failed = g_error_new (G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED,
                              _("Could not reach the server at %s: %s"), self->url,
                              error->message);
      /* The connection broke (a kept-alive one the server had just
       * closed, say) after the message may have reached the server. A
       * notification or a response can go again, once, on a new
       * connection: the server ignores a second one. A request cannot: it
       * may have been carried out, and must not be carried out twice. */
      else if (ex->kind == MCP_HTTP_EXCHANGE_POST && ex->request_id == NULL && ex->sse == NULL &&
               !ex->resent)
        {
          g_debug ("The connection to %s broke (%s); sending the message again", self->url,
                   error->message);
          ex->resent = TRUE;
          _mcp_http_exchange_start (ex);
          return;
        }
      else if (ex->request_id != NULL && ex->sse == NULL)
        failed = g_error_new (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                              _("The connection to the server at %s broke before it answered; "
                                "the request may have been carried out: %s"),
                              self->url, error->message);
      else
        failed = g_error_new (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                              _("The connection to the server at %s broke: %s"), self->url,
                              error->message);
      _mcp_http_exchange_finish (ex, failed);
      return;
    }

  ex->pollable = G_IS_POLLABLE_INPUT_STREAM (ex->stream) &&
                 g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (ex->stream));
  status = soup_message_get_status (ex->msg);
  headers = soup_message_get_response_headers (ex->msg);
  content_type = soup_message_headers_get_content_type (headers, NULL);

  /* The stateless revision has no sessions: an id is ignored. */
  if ((session_id = soup_message_headers_get_one (headers, "Mcp-Session-Id")) &&
      ex->kind == MCP_HTTP_EXCHANGE_POST && !self->legacy && !self->stateless &&
      !is_stateless_request (ex->message))
    {
      if (!_mcp_http_is_visible_ascii (session_id, G_MAXSIZE))
        {
          error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The server at %s assigned an invalid session id (MCP allows "
                                 "visible ASCII characters only)"),
                               self->url);
          _mcp_http_exchange_finish (ex, error);
          return;
        }
      _mcp_http_transport_set_session_id (self, session_id);
    }

  if (handle_status (ex, status))
    return;

  if (g_strcmp0 (content_type, "text/event-stream") == 0)
    {
      _mcp_http_stream_begin (ex);
      return;
    }

  if (ex->kind != MCP_HTTP_EXCHANGE_POST)
    {
      error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server at %s answered with “%s” instead of an event stream"),
                           self->url, content_type ? content_type : "nothing");
      _mcp_http_exchange_finish_and_drain (ex, error);
      return;
    }

  if (g_strcmp0 (content_type, "application/json") == 0 && !self->legacy)
    {
      _mcp_http_body_read_json (ex);
      return;
    }

  /* Accepted (202), or an answer that is not one (HTTP+SSE answers come on
   * the event stream): fine, unless a request expected its answer here.
   * Nothing else can bring it, so the request fails now. */
  if (ex->request_id != NULL && !self->legacy)
    {
      if (status == SOUP_STATUS_ACCEPTED)
        error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                             _("The server at %s accepted the request without answering it "
                               "(202 Accepted)"),
                             self->url);
      else
        error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                             _("The server at %s answered with “%s” instead of JSON or an "
                               "event stream"),
                             self->url, content_type ? content_type : "nothing");
      _mcp_http_exchange_finish_and_drain (ex, error);
      return;
    }

  _mcp_http_exchange_finish_and_drain (ex, NULL);
}

/* @url as libsoup would take it (an empty path is "/", for one), or %NULL
 * if it is no http or https URL: messages are made from it without parsing
 * it again. */
GUri *
_mcp_http_parse_url (const char *url)
{
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", url);

  return msg != NULL ? g_uri_ref (soup_message_get_uri (msg)) : NULL;
}

/* The access token goes to the server it was issued for, and nowhere
 * else (libsoup drops it itself from a redirect to another origin); an
 * expiring one is refreshed meanwhile, for the next requests. */
static void
add_token (McpHttpTransport *self,
           SoupMessage      *msg)
{
  g_autofree char *url = g_uri_to_string (soup_message_get_uri (msg));

  if (!_mcp_oauth_same_origin (url, self->url))
    return;

  _mcp_authorization_add_token (self->authorization, self->url, msg);
  _mcp_authorization_refresh_if_expiring (self->authorization, self->url);
}

/* Every outgoing SoupMessage is made here, with the headers every request
 * carries: the application's own, then the session and the protocol
 * version (which the application cannot override), and the access token
 * of the authorization.
 *
 * A POST is marked idempotent, which it is not: that is how libsoup lets
 * it take a kept-alive connection rather than open one of its own. The
 * flag does nothing else: libsoup (3.0 to 3.6 at least) resends a message
 * whose reused connection broke before any byte of the answer only if its
 * method is idempotent (GET, PUT, DELETE...), never a POST; see
 * request_is_restartable () in soup-client-message-io-http1.c. What may be
 * sent again is decided in response_cb (), and a request never is. */
SoupMessage *
_mcp_http_message_new (McpHttpTransport *self,
                       const char       *method,
                       GUri             *uri)
{
  const char *version = mcp_transport_get_protocol_version (MCP_TRANSPORT (self));
  SoupMessageHeaders *headers;
  SoupMessage *msg;
  GHashTableIter iter;
  gpointer name, value;

  msg = soup_message_new_from_uri (method, uri);

  if (g_str_equal (method, "POST"))
    soup_message_add_flags (msg, SOUP_MESSAGE_IDEMPOTENT);

  headers = soup_message_get_request_headers (msg);
  g_hash_table_iter_init (&iter, self->headers);
  while (g_hash_table_iter_next (&iter, &name, &value))
    soup_message_headers_replace (headers, name, value);

  if (self->session_id != NULL && !self->legacy)
    soup_message_headers_replace (headers, "Mcp-Session-Id", self->session_id);
  if (version != NULL && !self->legacy)
    soup_message_headers_replace (headers, "MCP-Protocol-Version", version);

  if (self->authorization != NULL)
    add_token (self, msg);

  return msg;
}

/* A request of the stateless revision: it carries the protocol version in
 * its _meta. */
static const char *
stateless_version (JsonNode *message)
{
  JsonObject *params;
  JsonObject *meta;

  if (message == NULL || !JSON_NODE_HOLDS_OBJECT (message))
    return NULL;

  params = _mcp_json_object_get_object (json_node_get_object (message), "params");
  meta = _mcp_json_object_get_object (params, "_meta");

  return _mcp_json_object_get_string (meta, "io.modelcontextprotocol/protocolVersion");
}

static gboolean
is_stateless_request (JsonNode *message)
{
  return stateless_version (message) != NULL;
}

/* The headers that mirror a stateless request's body (its protocol
 * version, method and the name or URI it is about) and the Mcp-Param-*
 * values the client adds: what the transport is told of the request. */
static void
add_stateless_headers (McpHttpTransport   *self,
                       JsonNode           *message,
                       SoupMessageHeaders *headers)
{
  g_autoptr(McpRequestInfo) info = mcp_transport_describe_request (MCP_TRANSPORT (self), message);
  g_autoptr(GHashTable) values = NULL;
  GHashTableIter iter;
  gpointer name;
  gpointer value;

  soup_message_headers_remove (headers, "Mcp-Session-Id");
  if (info == NULL)
    return;

  values = mcp_request_info_get_http_headers (info);
  g_hash_table_iter_init (&iter, values);
  while (g_hash_table_iter_next (&iter, &name, &value))
    soup_message_headers_replace (headers, name, value);
}

void
_mcp_http_exchange_start (McpHttpExchange *ex)
{
  McpHttpTransport *self = ex->self;
  const char *last_event_id = _mcp_http_stream_resume_id (ex);
  gboolean post = ex->kind == MCP_HTTP_EXCHANGE_POST && ex->sse == NULL;
  SoupMessageHeaders *headers;

  g_clear_object (&ex->msg);

  /* A POST whose stream broke continues as a GET, as do the streams. */
  ex->msg = _mcp_http_message_new (self, post ? "POST" : "GET",
                                   post && self->legacy ? self->endpoint : self->uri);
  headers = soup_message_get_request_headers (ex->msg);
  if (g_strcmp0 (ex->sent_session, self->session_id) != 0)
    {
      g_free (ex->sent_session);
      ex->sent_session = g_strdup (self->session_id);
    }
  if (post)
    {
      soup_message_set_request_body_from_bytes (ex->msg, "application/json", ex->body);
      soup_message_headers_replace (headers, "Accept", "application/json, text/event-stream");
      if (is_stateless_request (ex->message))
        add_stateless_headers (self, ex->message, headers);
      if (ex->resent)
        soup_message_add_flags (ex->msg, SOUP_MESSAGE_NEW_CONNECTION);
    }
  else
    soup_message_headers_replace (headers, "Accept", "text/event-stream");
  if (last_event_id != NULL)
    soup_message_headers_replace (headers, "Last-Event-ID", last_event_id);

  soup_session_send_async (self->session, ex->msg, G_PRIORITY_DEFAULT, ex->cancellable,
                           response_cb, ex);
}
