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
 * fallback to the 2024-11-05 HTTP+SSE transport are its business. This file
 * holds the object: its properties, its API, and the transport's open,
 * send and close.
 *
 * The other files, behind mcp-http-transport-private.h:
 * - mcp-http-exchange.c: one HTTP exchange: building and sending it, what
 *   its answer is, what is sent again when a connection breaks, sessions
 *   and their renewal. Two functions there are where whatever concerns
 *   every request belongs (an Authorization header, the headers of a
 *   protocol revision, a status to react to): _mcp_http_message_new ()
 *   makes and prepares every outgoing SoupMessage, and handle_status ()
 *   handles every status that is not 2xx.
 * - mcp-http-body.c: the bodies of answers: JSON, and reading to the end
 *   those not needed, to keep their connection.
 * - mcp-http-stream.c: event streams (answers, the GET stream) and their
 *   resumption.
 * - mcp-http-legacy.c: the 2024-11-05 HTTP+SSE fallback.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-authorization-private.h"
#include "mcp-http-transport-private.h"
#include "mcp-i18n-private.h"
#include "mcp-json-private.h"
#include "mcp-network-settings-private.h"
#include "mcp-source-private.h"

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
 * Each message is POSTed to the URL, over kept-alive connections. The
 * server answers a request with a JSON body or with an event stream that
 * may carry its own requests and notifications before the answer; both
 * work. The session id the server assigns is sent back with every request,
 * with the negotiated protocol version. When the server forgets the
 * session (404), a new one is started and the request sent again, once. A
 * GET stream is held open for what the server sends on its own, if the
 * server offers one, while [property@Mcp.Transport:listening] is %TRUE
 * ([class@Mcp.Client] sets it only while the application needs what comes
 * on it). A request whose connection breaks after it may have
 * reached the server is never sent again: it fails with
 * %G_IO_ERROR_CONNECTION_CLOSED.
 *
 * A stream that breaks before the answer arrived is resumed with a GET
 * carrying `Last-Event-ID`, after the delay the server asked for with
 * `retry:` (never less than 250 ms, and longer each time),
 * at most [property@Mcp.HttpTransport:max-reconnect-attempts] times in a
 * row, and only while the request waits; otherwise the request fails at
 * once.
 *
 * If initialize is answered with 400, 404 or 405, and not with a JSON-RPC
 * error answering it, the transport falls back to the older HTTP+SSE
 * transport of protocol version 2024-11-05.
 *
 * A server that requires OAuth is signed in to by the
 * [property@Mcp.HttpTransport:authorization], an [class@Mcp.Authorization].
 *
 * Closing ends the session on the server with a DELETE. TLS, proxies and
 * timeouts are those of the [class@Soup.Session], which can be passed to
 * [ctor@Mcp.HttpTransport.new_with_session]; such a session needs room for
 * several connections to the server ([property@Soup.Session:max-conns-per-host]),
 * as every open event stream holds one.
 *
 * Since: 1.0
 */

#define DEFAULT_RECONNECTS     5
#define DELETE_TIMEOUT_SECONDS 2
#define MAX_CONNECTIONS        64

G_DEFINE_FINAL_TYPE (McpHttpTransport, mcp_http_transport, MCP_TYPE_TRANSPORT)

enum {
  PROP_0,
  PROP_URL,
  PROP_SESSION,
  PROP_SESSION_ID,
  PROP_LEGACY_SSE,
  PROP_MAX_MESSAGE_SIZE,
  PROP_MAX_RECONNECT_ATTEMPTS,
  PROP_AUTHORIZATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
message_method (JsonNode *message)
{
  if (message == NULL || !JSON_NODE_HOLDS_OBJECT (message))
    return NULL;

  return _mcp_json_object_get_string (json_node_get_object (message), "method");
}

void
_mcp_http_transport_set_session_id (McpHttpTransport *self,
                                    const char       *session_id)
{
  if (g_strcmp0 (self->session_id, session_id) == 0)
    return;

  g_free (self->session_id);
  self->session_id = g_strdup (session_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION_ID]);
}

void
_mcp_http_transport_set_legacy (McpHttpTransport *self)
{
  self->legacy = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEGACY_SSE]);
}

static void
prepared_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!_mcp_authorization_prepare_finish (MCP_AUTHORIZATION (object), result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* The network settings go to the transport's session, and to its
 * authorization's unless that has settings of its own; a token is never
 * to be sent in the clear to a proxy. */
static gboolean
apply_network_settings (McpHttpTransport  *self,
                        GCancellable      *cancellable,
                        GError           **error)
{
  McpNetworkSettings *auth_settings = NULL;

  if (!_mcp_network_settings_apply (self->network_settings, self->session, cancellable, error))
    return FALSE;

  if (self->authorization == NULL)
    return g_hash_table_lookup (self->headers, "Authorization") == NULL ||
           _mcp_network_check_token_route (self->network_settings, self->url, error);

  auth_settings = mcp_authorization_get_network_settings (self->authorization);
  if (auth_settings == NULL)
    auth_settings = self->network_settings;

  return _mcp_network_settings_apply (auth_settings,
                                      mcp_authorization_get_session (self->authorization),
                                      cancellable, error) &&
         _mcp_network_check_token_route (self->network_settings, self->url, error);
}

static void
mcp_http_transport_open (McpTransport *transport,
                         GCancellable *cancellable,
                         GTask        *task)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(GUri) uri = NULL;
  GError *error = NULL;

  if (self->opened)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               _("The transport was already opened; create a new one to reconnect"));
      return;
    }

  /* Parsed once, for every message. */
  uri = _mcp_http_parse_url (self->url);
  if (uri == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("“%s” is not an http or https URL"), self->url);
      return;
    }

  if (!apply_network_settings (self, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  self->uri = g_steal_pointer (&uri);
  self->opened = TRUE;
  if (self->authorization == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* The first request goes with the credentials from the store. */
  _mcp_authorization_prepare_async (self->authorization, self->url, cancellable, prepared_cb,
                                    g_object_ref (task));
}

static void
mcp_http_transport_listening_changed (McpTransport *transport)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);

  if (mcp_transport_get_listening (transport))
    _mcp_http_start_get_stream (self);
  else
    _mcp_http_stop_get_stream (self);
}

static void
mcp_http_transport_protocol_version_changed (McpTransport *transport)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  const char *version = mcp_transport_get_protocol_version (transport);

  /* Revisions are dates: 2026-07-28 and those after it are stateless. */
  self->stateless = version != NULL && g_strcmp0 (version, "2026-07-28") >= 0;
  if (self->stateless)
    _mcp_http_transport_set_session_id (self, NULL);
}

/* The request that @cancelled (a notifications/cancelled) gives up on
 * ended: nobody waits for its answer any more, so its exchange stops
 * (resuming its stream, in particular). */
static void
stop_request (McpHttpTransport *self,
              JsonNode         *cancelled)
{
  JsonObject *params = _mcp_json_object_get_object (json_node_get_object (cancelled), "params");
  JsonNode *id = params != NULL ? json_object_get_member (params, "requestId") : NULL;

  if (id == NULL)
    return;

  for (guint i = 0; i < self->exchanges->len; i++)
    {
      McpHttpExchange *ex = self->exchanges->pdata[i];

      if (ex->kind == MCP_HTTP_EXCHANGE_POST && ex->request_id != NULL &&
          json_node_equal (ex->request_id, id))
        {
          g_debug ("A request to %s ended: its exchange stops", self->url);
          _mcp_http_exchange_stop (ex);
          return;
        }
    }
}

static void
mcp_http_transport_send (McpTransport *transport,
                         JsonNode     *message,
                         GCancellable *cancellable,
                         GTask        *task)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  const char *method = message_method (message);
  McpHttpExchange *ex;

  ex = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_POST, message, _mcp_http_post_done);
  ex->task = g_object_ref (task);

  if (!self->opened || self->closing)
    {
      g_autoptr(GError) error = !self->opened
        ? g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, _("The transport is not open"))
        : _mcp_http_closed_error ();

      _mcp_http_exchange_finish (ex, error);
      return;
    }

  /* Kept to start a new session with, should the server forget ours. */
  if (g_strcmp0 (method, "initialize") == 0 && _mcp_http_request_id (message) != NULL)
    {
      g_clear_pointer (&self->initialize, json_node_unref);
      self->initialize = json_node_ref (ex->message);
    }
  else if (g_strcmp0 (method, "notifications/initialized") == 0)
    {
      g_clear_pointer (&self->initialized, json_node_unref);
      self->initialized = json_node_ref (ex->message);
    }
  else if (g_strcmp0 (method, "notifications/cancelled") == 0)
    {
      stop_request (self, message);
      /* The stateless revision cancels by closing the request's stream,
       * which stopping its exchange did: there is nothing to send. */
      if (self->stateless)
        {
          _mcp_http_exchange_finish (ex, NULL);
          return;
        }
    }

  if (G_UNLIKELY (!g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN)))
    g_debug ("→ %.*s", (int) MIN (g_bytes_get_size (ex->body) - 1, 2000),
             (const char *) g_bytes_get_data (ex->body, NULL));

  if (self->legacy && self->endpoint == NULL)
    g_ptr_array_add (self->legacy_queue, ex);
  else
    _mcp_http_exchange_start (ex);
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

/* Stops every exchange: those that wait end now, the others once their
 * cancelled operation returns (which may be at once). */
static void
stop_exchanges (McpHttpTransport *self)
{
  g_autoptr(GPtrArray) pending = g_ptr_array_copy (self->exchanges, NULL, NULL);

  for (guint i = 0; i < pending->len; i++)
    {
      /* Ending one may have ended others. */
      if (g_ptr_array_find (self->exchanges, pending->pdata[i], NULL))
        _mcp_http_exchange_stop (pending->pdata[i]);
    }
}

static void
mcp_http_transport_close (McpTransport *transport,
                          GCancellable *cancellable,
                          GTask        *task)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GCancellable) delete_cancellable = NULL;

  if (self->closing || mcp_transport_is_closed (transport))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  self->closing = TRUE;
  stop_exchanges (self);

  if (self->session_id == NULL || self->legacy)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  msg = _mcp_http_message_new (self, "DELETE", self->uri);
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
  g_autoptr(GPtrArray) cancellables = g_ptr_array_new_with_free_func (g_object_unref);

  /* Cancelling may end an exchange at once, hence the copies. */
  for (guint i = 0; i < self->exchanges->len; i++)
    g_ptr_array_add (cancellables,
                     g_object_ref (((McpHttpExchange *) self->exchanges->pdata[i])->cancellable));
  for (guint i = 0; i < cancellables->len; i++)
    g_cancellable_cancel (cancellables->pdata[i]);

  /* Streams outlive the transport only until their cancelled reads
   * return; they must not touch it then. */
  while (self->exchanges->len > 0)
    {
      McpHttpExchange *ex = g_ptr_array_steal_index (self->exchanges, self->exchanges->len - 1);

      _mcp_source_clear (&ex->retry_source);
      if (ex->kind == MCP_HTTP_EXCHANGE_POST)
        g_object_unref (ex->self);
      ex->self = NULL;
      ex->done = NULL;
      if (ex->msg == NULL && ex->stream == NULL)
        _mcp_http_exchange_free (ex);
    }
  self->get_stream = NULL;

  G_OBJECT_CLASS (mcp_http_transport_parent_class)->dispose (object);
}

static void
mcp_http_transport_finalize (GObject *object)
{
  McpHttpTransport *self = (McpHttpTransport *)object;

  g_clear_pointer (&self->url, g_free);
  g_clear_pointer (&self->uri, g_uri_unref);
  g_clear_pointer (&self->endpoint, g_uri_unref);
  g_clear_object (&self->session);
  g_clear_object (&self->authorization);
  g_clear_object (&self->network_settings);
  g_clear_pointer (&self->headers, g_hash_table_unref);
  g_clear_pointer (&self->session_id, g_free);
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

    case PROP_AUTHORIZATION:
      g_value_set_object (value, self->authorization);
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

    case PROP_AUTHORIZATION:
      mcp_http_transport_set_authorization (self, g_value_get_object (value));
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
  transport_class->listening_changed = mcp_http_transport_listening_changed;

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
   * default). A larger answer, or a larger event on the stream of a
   * request, fails that request at once.
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
   * request waiting on it fails. A row ends when a resumed stream brings a
   * message, or stays open for ten seconds.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_RECONNECT_ATTEMPTS] =
    g_param_spec_uint ("max-reconnect-attempts", NULL, NULL,
                       0, 100, DEFAULT_RECONNECTS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:authorization:
   *
   * What signs in to the server when it requires OAuth, or %NULL. The
   * transport sends the authorization's access token for its URL with every
   * request (and only to the server's own origin), and asks it for new
   * credentials when the server answers 401, or 403 for a lacking scope;
   * the request is sent again with them, a few times at most. See
   * [class@Mcp.Authorization].
   *
   * Since: 1.0
   */
  properties[PROP_AUTHORIZATION] =
    g_param_spec_object ("authorization", NULL, NULL,
                         MCP_TYPE_AUTHORIZATION,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

/* Header names, for which case does not matter. */
static guint
header_name_hash (gconstpointer key)
{
  guint hash = 5381;

  for (const char *p = key; *p != '\0'; p++)
    hash = hash * 33 + g_ascii_tolower (*p);

  return hash;
}

static gboolean
header_name_equal (gconstpointer a,
                   gconstpointer b)
{
  return g_ascii_strcasecmp (a, b) == 0;
}

static void
mcp_http_transport_init (McpHttpTransport *self)
{
  self->headers = g_hash_table_new_full (header_name_hash, header_name_equal, g_free, g_free);
  self->max_message_size = G_GUINT64_CONSTANT (64) * 1024 * 1024;
  self->max_reconnect_attempts = DEFAULT_RECONNECTS;
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

/* An HTTP field name: a token (RFC 9110, section 5.1). */
static gboolean
is_header_name (const char *name)
{
  if (*name == '\0')
    return FALSE;

  for (; *name != '\0'; name++)
    if (!g_ascii_isalnum (*name) && strchr ("!#$%&'*+-.^_`|~", *name) == NULL)
      return FALSE;

  return TRUE;
}

/* An HTTP field value: no control character but tab (RFC 9110, section
 * 5.5), and so no CR or LF that would end the header and start another. */
static gboolean
is_header_value (const char *value)
{
  for (; *value != '\0'; value++)
    if (((guchar) *value < 0x20 && *value != '\t') || *value == 0x7F)
      return FALSE;

  return TRUE;
}

/**
 * mcp_http_transport_set_header:
 * @self: an HTTP transport
 * @name: a header name, e.g. `Authorization`
 * @value: (nullable): its value, or %NULL to stop sending it
 *
 * Sends a header with every request, for example a static bearer token.
 * Names are compared without regard to case, as HTTP does. The value may
 * not contain control characters (line ends in particular) other than tab.
 *
 * Since: 1.0
 */
void
mcp_http_transport_set_header (McpHttpTransport *self,
                               const char       *name,
                               const char       *value)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (name != NULL && is_header_name (name));
  g_return_if_fail (value == NULL || is_header_value (value));

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

/**
 * mcp_http_transport_get_authorization:
 * @self: an HTTP transport
 *
 * Gets [property@Mcp.HttpTransport:authorization].
 *
 * Returns: (transfer none) (nullable): the authorization
 *
 * Since: 1.0
 */
McpAuthorization *
mcp_http_transport_get_authorization (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), NULL);

  return self->authorization;
}

/**
 * mcp_http_transport_set_authorization:
 * @self: an HTTP transport
 * @authorization: (nullable): what signs in to the server, or %NULL
 *
 * Sets [property@Mcp.HttpTransport:authorization], before the transport
 * is opened.
 *
 * Since: 1.0
 */
void
mcp_http_transport_set_authorization (McpHttpTransport *self,
                                      McpAuthorization *authorization)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (!authorization || MCP_IS_AUTHORIZATION (authorization));
  g_return_if_fail (!self->opened);

  if (g_set_object (&self->authorization, authorization))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTHORIZATION]);
}

/**
 * mcp_http_transport_get_network_settings:
 * @self: an HTTP transport
 *
 * Gets the network settings set with
 * mcp_http_transport_set_network_settings().
 *
 * Returns: (transfer none) (nullable): the settings
 *
 * Since: 1.0
 */
McpNetworkSettings *
mcp_http_transport_get_network_settings (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), NULL);

  return self->network_settings;
}

/**
 * mcp_http_transport_set_network_settings:
 * @self: an HTTP transport
 * @settings: (nullable): how to reach the server, or %NULL for the defaults
 *
 * Sets how the server is reached: the CAs trusted, a client certificate, a
 * proxy (see [class@Mcp.NetworkSettings]), before the transport is opened.
 * Opening applies them to [property@Mcp.HttpTransport:session] and to the
 * session of [property@Mcp.HttpTransport:authorization] (unless it has
 * settings of its own), and fails if they name files that cannot be read.
 * Whatever the settings, every TLS connection is checked against them
 * before a request goes over it.
 *
 * Since: 1.0
 */
void
mcp_http_transport_set_network_settings (McpHttpTransport   *self,
                                         McpNetworkSettings *settings)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (settings == NULL || MCP_IS_NETWORK_SETTINGS (settings));
  g_return_if_fail (!self->opened);

  g_set_object (&self->network_settings, settings);
}
