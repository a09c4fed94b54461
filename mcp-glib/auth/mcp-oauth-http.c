/* mcp-oauth-http.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every request to an authorization server goes through here: answers are
 * read up to a bound, redirects are followed only for GETs, only a few
 * times and only within the origin, and the body is parsed as JSON with
 * the library's bounded parser, all within one overall deadline (a server
 * that answers a byte at a time never resets it). Values that will go into
 * headers are checked here too. Nothing of a request or an answer is
 * logged but its URL's origin and status: bodies carry codes, secrets and
 * tokens.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-authorization.h"
#include "mcp-json-private.h"
#include "mcp-oauth-http-private.h"
#include "mcp-tls-error-private.h"
#include "mcp-source-private.h"

#define READ_CHUNK_SIZE (16 * 1024)

typedef struct
{
  SoupSession  *session;
  SoupMessage  *msg;
  GByteArray   *body;
  guint         redirects;
  /* What the I/O runs with: cancelled by the caller's cancellable, or at
   * the deadline. */
  GCancellable *cancellable;
  GCancellable *caller_cancellable;
  gulong        cancelled_id;
  GSource      *deadline_source;
  guint         timeout;
  gboolean      timed_out;
} Send;

static void
send_free (Send *send)
{
  if (send->cancelled_id != 0)
    g_cancellable_disconnect (send->caller_cancellable, send->cancelled_id);
  g_clear_object (&send->caller_cancellable);
  _mcp_source_clear (&send->deadline_source);
  g_clear_object (&send->cancellable);
  g_clear_object (&send->session);
  g_clear_object (&send->msg);
  g_clear_pointer (&send->body, g_byte_array_unref);
  g_free (send);
}

/* Ends @task with @error, or with a timeout when the deadline cut the
 * request short: the caller's own cancellation stays a cancellation. */
static void
send_return_io_error (GTask    *task,
                      GError   *error,
                      gboolean  reached)
{
  Send *send = g_task_get_task_data (task);
  g_autoptr(GError) owned = error;
  g_autofree char *url = g_uri_to_string (soup_message_get_uri (send->msg));
  g_autofree char *origin = _mcp_oauth_url_origin (url);
  GError *tls_error;

  if (send->timed_out)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                             _("%s did not answer within %u seconds"), origin, send->timeout);
  else if (g_error_matches (owned, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_task_return_error (task, g_steal_pointer (&owned));
  else if ((tls_error = _mcp_tls_message_error (send->msg, origin, owned)) != NULL)
    g_task_return_error (task, tls_error);
  else if (reached)
    /* TRANSLATORS: the first %s is a URL, the second why the answer broke off */
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                             _("The answer of %s broke off: %s"), origin, owned->message);
  else
    /* TRANSLATORS: the first %s is a URL, the second why it could not be reached */
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED,
                             _("Could not reach %s: %s"), origin, owned->message);
}

static gboolean
deadline_cb (gpointer user_data)
{
  Send *send = user_data;

  _mcp_source_clear (&send->deadline_source);
  send->timed_out = TRUE;
  g_cancellable_cancel (send->cancellable);
  return G_SOURCE_REMOVE;
}

static void
caller_cancelled_cb (GCancellable *caller_cancellable,
                     GCancellable *cancellable)
{
  g_cancellable_cancel (cancellable);
}

/* Whether @value may be sent as (part of) an HTTP header field, or as a
 * token in one: RFC 6750's b64token is narrower, but opaque tokens of real
 * servers use other visible characters too. Neither control characters
 * (CR, LF, NUL...), spaces nor anything outside ASCII, and a sane length. */
gboolean
_mcp_oauth_token_is_valid (const char *value)
{
  gsize len;

  if (value == NULL || *value == '\0')
    return FALSE;

  for (len = 0; value[len] != '\0'; len++)
    if ((guchar) value[len] < 0x21 || (guchar) value[len] > 0x7e ||
        len >= MCP_OAUTH_MAX_TOKEN_LENGTH)
      return FALSE;

  return TRUE;
}

/* Whether @value is a list of scopes as RFC 6749 §3.3 has them: scope
 * tokens of visible ASCII but the quote and the backslash, separated by
 * spaces. */
gboolean
_mcp_oauth_scope_is_valid (const char *value)
{
  gsize len;

  if (value == NULL)
    return FALSE;

  for (len = 0; value[len] != '\0'; len++)
    if ((value[len] != ' ' && ((guchar) value[len] < 0x21 || (guchar) value[len] > 0x7e)) ||
        value[len] == '"' || value[len] == '\\' || len >= MCP_OAUTH_MAX_TOKEN_LENGTH)
      return FALSE;

  return TRUE;
}

void
_mcp_oauth_response_free (McpOAuthResponse *response)
{
  g_clear_pointer (&response->json, json_object_unref);
  g_free (response->dpop_nonce);
  g_free (response);
}

char *
_mcp_oauth_url_origin (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);

  if (uri == NULL || g_uri_get_host (uri) == NULL)
    return g_strdup (url);

  return g_uri_join (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                     g_uri_get_port (uri), "", NULL, NULL);
}

gboolean
_mcp_oauth_same_origin (const char *a,
                        const char *b)
{
  g_autoptr(GUri) ua = g_uri_parse (a, G_URI_FLAGS_NONE, NULL);
  g_autoptr(GUri) ub = g_uri_parse (b, G_URI_FLAGS_NONE, NULL);

  return ua != NULL && ub != NULL &&
         g_uri_get_host (ua) != NULL && g_uri_get_host (ub) != NULL &&
         g_ascii_strcasecmp (g_uri_get_scheme (ua), g_uri_get_scheme (ub)) == 0 &&
         g_ascii_strcasecmp (g_uri_get_host (ua), g_uri_get_host (ub)) == 0 &&
         g_uri_get_port (ua) == g_uri_get_port (ub);
}

/* Whether @url names this machine: `localhost` or a loopback address. */
gboolean
_mcp_oauth_url_is_loopback (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  g_autoptr(GInetAddress) address = NULL;
  const char *host;

  if (uri == NULL || (host = g_uri_get_host (uri)) == NULL)
    return FALSE;

  if (g_ascii_strcasecmp (host, "localhost") == 0)
    return TRUE;

  address = g_inet_address_new_from_string (host);
  return address != NULL && g_inet_address_get_is_loopback (address);
}

/* Secrets travel only over HTTPS, or over plain HTTP that never leaves
 * the machine. */
gboolean
_mcp_oauth_url_is_secure (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);

  if (uri == NULL || g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0')
    return FALSE;
  if (g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0)
    return TRUE;

  return g_ascii_strcasecmp (g_uri_get_scheme (uri), "http") == 0 &&
         _mcp_oauth_url_is_loopback (url);
}

/* A POST of @form (names to values), form-encoded. */
SoupMessage *
_mcp_oauth_form_message_new (const char *url,
                             GHashTable *form)
{
  return soup_message_new_from_encoded_form (SOUP_METHOD_POST, url, soup_form_encode_hash (form));
}

static void send_start (GTask *task);

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Send *send = g_task_get_task_data (task);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  McpOAuthResponse *response;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);
  if (bytes == NULL)
    {
      send_return_io_error (task, g_steal_pointer (&error), TRUE);
      return;
    }

  if (g_bytes_get_size (bytes) > 0)
    {
      if (send->body->len + g_bytes_get_size (bytes) > MCP_OAUTH_MAX_BODY_SIZE)
        {
          g_autofree char *url = g_uri_to_string (soup_message_get_uri (send->msg));
          g_autofree char *origin = _mcp_oauth_url_origin (url);

          g_task_return_new_error (task, MCP_AUTHORIZATION_ERROR,
                                   MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                                   _("The answer of %s is larger than %u KiB"),
                                   origin, MCP_OAUTH_MAX_BODY_SIZE / 1024);
          return;
        }

      g_byte_array_append (send->body, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      g_input_stream_read_bytes_async (G_INPUT_STREAM (object), READ_CHUNK_SIZE,
                                       G_PRIORITY_DEFAULT, send->cancellable,
                                       read_cb, g_object_ref (task));
      return;
    }

  _mcp_source_clear (&send->deadline_source);
  response = g_new0 (McpOAuthResponse, 1);
  response->status = soup_message_get_status (send->msg);
  response->dpop_nonce =
    g_strdup (soup_message_headers_get_one (soup_message_get_response_headers (send->msg),
                                            "DPoP-Nonce"));
  if (send->body->len > 0)
    node = _mcp_json_parse_message ((const char *) send->body->data, send->body->len, NULL);
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    response->json = json_object_ref (json_node_get_object (node));

  g_task_return_pointer (task, response, (GDestroyNotify) _mcp_oauth_response_free);
}

static gboolean
is_redirect (guint status)
{
  return status == SOUP_STATUS_MOVED_PERMANENTLY || status == SOUP_STATUS_FOUND ||
         status == SOUP_STATUS_SEE_OTHER || status == SOUP_STATUS_TEMPORARY_REDIRECT ||
         status == SOUP_STATUS_PERMANENT_REDIRECT;
}

/* Follows a redirect of a GET within its origin, a few times at most;
 * anything else is refused, since the answer is trusted for where it came
 * from. Returns FALSE with the task completed when it is refused. */
static gboolean
follow_redirect (GTask *task)
{
  Send *send = g_task_get_task_data (task);
  g_autofree char *from = g_uri_to_string (soup_message_get_uri (send->msg));
  g_autofree char *from_origin = _mcp_oauth_url_origin (from);
  const char *location;
  g_autofree char *to = NULL;
  g_autofree char *to_origin = NULL;

  location = soup_message_headers_get_one (soup_message_get_response_headers (send->msg),
                                           "Location");
  if (location != NULL)
    to = g_uri_resolve_relative (from, location, G_URI_FLAGS_NONE, NULL);
  to_origin = to != NULL ? _mcp_oauth_url_origin (to) : g_strdup ("?");

  if (to == NULL || !_mcp_oauth_same_origin (from, to) ||
      g_strcmp0 (soup_message_get_method (send->msg), SOUP_METHOD_GET) != 0)
    {
      g_task_return_new_error (task, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INSECURE,
                               _("%s redirected to %s; only redirects of metadata requests "
                                 "within the same origin are followed"),
                               from_origin, to_origin);
      return FALSE;
    }

  if (++send->redirects > MCP_OAUTH_MAX_REDIRECTS)
    {
      g_task_return_new_error (task, MCP_AUTHORIZATION_ERROR,
                               MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                               _("%s redirected more than %d times"), from_origin,
                               MCP_OAUTH_MAX_REDIRECTS);
      return FALSE;
    }

  g_debug ("Following a redirect of %s within its origin", from_origin);
  g_clear_object (&send->msg);
  send->msg = soup_message_new (SOUP_METHOD_GET, to);
  return TRUE;
}

static void
send_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Send *send = g_task_get_task_data (task);
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *url = g_uri_to_string (soup_message_get_uri (send->msg));
  g_autofree char *origin = _mcp_oauth_url_origin (url);
  guint status;

  stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  if (stream == NULL)
    {
      send_return_io_error (task, g_steal_pointer (&error), FALSE);
      return;
    }

  status = soup_message_get_status (send->msg);
  g_debug ("%s %s: %u", soup_message_get_method (send->msg), origin, status);

  if (is_redirect (status))
    {
      if (follow_redirect (task))
        send_start (g_steal_pointer (&task));
      return;
    }

  g_input_stream_read_bytes_async (stream, READ_CHUNK_SIZE, G_PRIORITY_DEFAULT, send->cancellable,
                                   read_cb, g_steal_pointer (&task));
}

static void
send_start (GTask *task)
{
  Send *send = g_task_get_task_data (task);
  SoupMessageHeaders *headers = soup_message_get_request_headers (send->msg);

  soup_message_add_flags (send->msg, SOUP_MESSAGE_NO_REDIRECT);
  soup_message_headers_replace (headers, "Accept", "application/json");
  g_byte_array_set_size (send->body, 0);

  soup_session_send_async (send->session, send->msg, G_PRIORITY_DEFAULT, send->cancellable,
                           send_cb, task);
}

/* Sends @msg to an authorization server and reads its answer: the status
 * and, if the body is a JSON object, the object, all within @timeout
 * seconds. Only an unreachable server, a broken, late, oversized or
 * redirected answer is an error. */
void
_mcp_oauth_send_async (SoupSession         *session,
                       SoupMessage         *msg,
                       guint                timeout,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  GTask *task;
  Send *send;

  task = g_task_new (session, cancellable, callback, user_data);
  g_task_set_source_tag (task, _mcp_oauth_send_async);

  send = g_new0 (Send, 1);
  send->session = g_object_ref (session);
  send->msg = g_object_ref (msg);
  send->body = g_byte_array_new ();
  send->timeout = timeout;
  send->cancellable = g_cancellable_new ();
  if (cancellable != NULL)
    {
      send->caller_cancellable = g_object_ref (cancellable);
      send->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (caller_cancelled_cb),
                                                  g_object_ref (send->cancellable),
                                                  g_object_unref);
    }
  send->deadline_source = _mcp_timeout_source_add (timeout * 1000, deadline_cb, send, NULL);
  g_task_set_task_data (task, send, (GDestroyNotify) send_free);

  send_start (task);
}

McpOAuthResponse *
_mcp_oauth_send_finish (GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == _mcp_oauth_send_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
