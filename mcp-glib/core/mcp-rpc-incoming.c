/* mcp-rpc-incoming.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the engine does with what comes in: an answer completes its call,
 * progress restarts a call's timeout and reaches its options, cancelled
 * ends a request of the server's, other notifications and the server's
 * requests go up to the client. Messages come as trees, or as text, which
 * is read without a tree of the message itself (see _mcp_rpc_on_text ()).
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "mcp-discarded-private.h"
#include "mcp-error-private.h"
#include "mcp-json-private.h"
#include "mcp-json-reader-private.h"
#include "mcp-rpc-engine-private.h"
#include "mcp-server-request.h"

/* The members of one incoming message the engine looks at, from a tree
 * or read without one (see _mcp_rpc_on_text ()): borrowed, %NULL when absent. */
typedef struct
{
  JsonNode   *id;
  const char *method;   /* only a string counts */
  JsonNode   *params;
  JsonNode   *result;
  JsonNode   *error;
} Message;

static void
handle_response (McpRpc        *self,
                 const Message *m)
{
  JsonNode *id_node = m->id;
  JsonObject *error_object;
  McpRpcCall *call;
  gint64 id;

  error_object = m->error != NULL && JSON_NODE_HOLDS_OBJECT (m->error)
                 ? json_node_get_object (m->error) : NULL;

  if (JSON_NODE_HOLDS_NULL (id_node))
    {
      g_autofree char *text = _mcp_json_node_to_string (m->error);

      g_info ("The server reported an error that answers no request: %s", text);
      return;
    }

  if (!_mcp_json_node_is_integer (id_node, &id) ||
      (call = g_hash_table_lookup (self->calls, &id)) == NULL)
    {
      g_autofree char *text = _mcp_json_node_to_string (id_node);

      g_debug ("Dropped an answer with id %s: it belongs to no pending request", text);
      return;
    }

  if (error_object != NULL)
    {
      JsonNode *code_node = json_object_get_member (error_object, "code");
      const char *message = _mcp_json_object_get_string (error_object, "message");
      gint64 code = MCP_ERROR_INTERNAL_ERROR;

      /* Any number a peer sends, 1e300 included, becomes an int without
       * an undefined conversion. */
      if (code_node != NULL && JSON_NODE_HOLDS_VALUE (code_node) &&
          json_node_get_value_type (code_node) == G_TYPE_INT64)
        code = json_node_get_int (code_node);
      else if (code_node != NULL && JSON_NODE_HOLDS_VALUE (code_node) &&
               json_node_get_value_type (code_node) == G_TYPE_DOUBLE &&
               isfinite (json_node_get_double (code_node)))
        code = (gint64) CLAMP (json_node_get_double (code_node), G_MININT, G_MAXINT);

      if (message == NULL)
        message = _("The server reported an error without a message");
      _mcp_rpc_complete_call (call, NULL,
                              _mcp_error_new_from_response ((int) CLAMP (code, G_MININT, G_MAXINT),
                                                            message,
                                                            json_object_get_member (error_object,
                                                                                    "data")));
      return;
    }

  if (m->result == NULL)
    {
      _mcp_rpc_complete_call (call, NULL,
                              g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                           _("The server’s answer to “%s” has neither a result "
                                             "nor an error"),
                                           call->method));
      return;
    }

  _mcp_rpc_complete_call (call, json_node_ref (m->result), NULL);
}

/* @call made progress; @total is -1 if unknown. */
static void
call_progressed (McpRpcCall *call,
                 double      progress,
                 double      total,
                 const char *message)
{
  /* Progress must grow; a server repeating itself does not buy time. */
  if (call->has_progress && progress <= call->last_progress)
    return;

  call->has_progress = TRUE;
  call->last_progress = progress;

  if (call->reset_on_progress)
    _mcp_rpc_arm_timeout (call);

  if (call->options != NULL)
    {
      /* A handler may end the call, and with it what it holds. */
      g_autoptr(McpRequestOptions) options = g_object_ref (call->options);

      call->rpc->progress_func (options, progress, total, message);
    }
}

static void
handle_progress (McpRpc     *self,
                 JsonObject *params)
{
  JsonNode *progress_node;
  JsonNode *total_node;
  double total = -1;
  gint64 token;
  McpRpcCall *call;

  if (!_mcp_json_node_is_integer (json_object_get_member (params, "progressToken"), &token) ||
      (call = g_hash_table_lookup (self->calls, &token)) == NULL)
    {
      g_debug ("Progress for a token of no pending request");
      return;
    }

  progress_node = json_object_get_member (params, "progress");
  if (progress_node == NULL || !JSON_NODE_HOLDS_VALUE (progress_node) ||
      (json_node_get_value_type (progress_node) != G_TYPE_INT64 &&
       json_node_get_value_type (progress_node) != G_TYPE_DOUBLE))
    return;

  total_node = json_object_get_member (params, "total");
  if (total_node != NULL && JSON_NODE_HOLDS_VALUE (total_node) &&
      (json_node_get_value_type (total_node) == G_TYPE_INT64 ||
       json_node_get_value_type (total_node) == G_TYPE_DOUBLE))
    total = json_node_get_double (total_node);

  call_progressed (call, json_node_get_double (progress_node), total,
                   _mcp_json_object_get_string (params, "message"));
}

static void
handle_cancelled (McpRpc     *self,
                  JsonObject *params)
{
  JsonNode *id = json_object_get_member (params, "requestId");
  g_autofree char *key = NULL;
  McpServerRequest *request;

  if (id == NULL)
    return;

  key = _mcp_json_node_to_string (id);
  if ((request = g_hash_table_lookup (self->server_requests, key)) != NULL)
    {
      g_hash_table_remove (self->server_requests, key);
      self->server_request_cancel (request);
    }
}

static void
handle_notification (McpRpc     *self,
                     const char *method,
                     JsonNode   *params)
{
  JsonObject *params_object = params != NULL && JSON_NODE_HOLDS_OBJECT (params)
                              ? json_node_get_object (params) : NULL;

  if (params_object != NULL)
    {
      if (g_str_equal (method, "notifications/progress"))
        handle_progress (self, params_object);
      else if (g_str_equal (method, "notifications/cancelled"))
        handle_cancelled (self, params_object);
    }

  if (self->notification_func != NULL)
    self->notification_func (self, method, params, self->user_data);
}

/* Where the answer to one request from the server goes. */
typedef struct
{
  GWeakRef  rpc;
  JsonNode *id;
} Reply;

static Reply *
reply_new (McpRpc   *rpc,
           JsonNode *id)
{
  Reply *reply = g_new0 (Reply, 1);

  g_weak_ref_init (&reply->rpc, rpc);
  reply->id = json_node_ref (id);

  return reply;
}

static void
reply_free (Reply *reply)
{
  g_weak_ref_clear (&reply->rpc);
  json_node_unref (reply->id);
  g_free (reply);
}

static void
reply_to_server (McpServerRequest *request,
                 JsonNode         *result,
                 int               code,
                 const char       *message,
                 gpointer          user_data)
{
  Reply *reply = user_data;
  g_autoptr(McpRpc) rpc = g_weak_ref_get (&reply->rpc);

  if (rpc == NULL)
    return;

  if (result != NULL)
    _mcp_rpc_reply (rpc, reply->id, result);
  else
    _mcp_rpc_reply_error (rpc, reply->id, code, message, NULL);
}

static void
handle_request (McpRpc     *self,
                JsonNode   *id,
                const char *method,
                JsonNode   *params)
{
  g_autoptr(McpServerRequest) request = NULL;
  gboolean handled = FALSE;

  if (g_str_equal (method, "ping"))
    {
      _mcp_rpc_send_response (self, id, "result", _mcp_json_node_new_object (json_object_new ()));
      return;
    }

  request = self->server_request_new (id, method, params, reply_to_server,
                                      reply_new (self, id), (GDestroyNotify) reply_free);
  g_hash_table_insert (self->server_requests, _mcp_json_node_to_string (id), request);

  if (self->request_func != NULL)
    handled = self->request_func (self, request, self->user_data);

  if (!handled && !mcp_server_request_is_answered (request))
    {
      g_autofree char *message = g_strdup_printf ("Method not found: %s", method);

      mcp_server_request_reply_error (request, MCP_ERROR_METHOD_NOT_FOUND, message);
    }
}

static void
handle_message (McpRpc        *self,
                const Message *m)
{
  if (m->method != NULL)
    {
      if (m->id == NULL)
        handle_notification (self, m->method, m->params);
      else if (JSON_NODE_HOLDS_VALUE (m->id) &&
               (json_node_get_value_type (m->id) == G_TYPE_INT64 ||
                json_node_get_value_type (m->id) == G_TYPE_STRING))
        handle_request (self, m->id, m->method, m->params);
      else
        g_debug ("Ignored the request “%s”: its id is neither an integer nor a string",
                 m->method);
    }
  else if (m->id != NULL)
    handle_response (self, m);
  else
    g_debug ("Ignored a message that is neither a request, a notification nor a response");
}

static const char *
string_or_null (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static void
handle_one (McpRpc   *self,
            JsonNode *node)
{
  JsonObject *object;
  Message m;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_debug ("Ignored a message that is not a JSON object");
      return;
    }

  object = json_node_get_object (node);
  m.id = json_object_get_member (object, "id");
  m.method = string_or_null (json_object_get_member (object, "method"));
  m.params = json_object_get_member (object, "params");
  m.result = json_object_get_member (object, "result");
  m.error = json_object_get_member (object, "error");
  handle_message (self, &m);
}

void
_mcp_rpc_on_message (JsonNode *message,
                     gpointer  user_data)
{
  McpRpc *self = user_data;
  g_autoptr(McpRpc) hold = g_object_ref (self);

  if (JSON_NODE_HOLDS_ARRAY (message))
    {
      JsonArray *array = json_node_get_array (message);
      guint length = json_array_get_length (array);

      for (guint i = 0; i < length && self->transport != NULL; i++)
        handle_one (self, json_array_get_element (array, i));
    }
  else
    handle_one (self, message);
}

void
_mcp_rpc_on_message_received (McpTransport *transport,
                              JsonNode     *message,
                              McpRpc       *self)
{
  _mcp_rpc_on_message (message, self);
}

/* Takes a progress notification nobody needs as a tree: most of a long
 * call's messages are. */
static gboolean
take_progress (McpRpc     *self,
               const char *data,
               gsize       len)
{
  McpJsonProgress progress;
  McpRpcCall *call;

  if (!_mcp_json_read_progress (data, len, &progress))
    return FALSE;

  if (self->notification_func != NULL &&
      (self->notification_wanted_func == NULL ||
       self->notification_wanted_func (self, "notifications/progress", self->user_data)))
    {
      _mcp_json_progress_clear (&progress);
      return FALSE;
    }

  if ((call = g_hash_table_lookup (self->calls, &progress.token)) != NULL)
    call_progressed (call, progress.progress, progress.has_total ? progress.total : -1,
                     progress.message);
  else
    g_debug ("Progress for a token of no pending request");

  _mcp_json_progress_clear (&progress);
  return TRUE;
}

/* The text of a message nobody else needs as a tree: a progress
 * notification is taken without one; with @any_message, anything else
 * too, read without a tree of the message itself (the members the engine
 * looks at are trees: the results and params that go further up). What
 * is not JSON is left to the transport, which tells of it. */
gboolean
_mcp_rpc_on_text (const char *data,
                  gsize       len,
                  gboolean    any_message,
                  gpointer    user_data)
{
  McpRpc *self = user_data;
  g_autoptr(McpRpc) hold = g_object_ref (self);
  McpJsonEnvelope env;
  Message m;

  if (take_progress (self, data, len))
    return TRUE;

  if (!any_message ||
      !_mcp_json_read_envelope (data, len, MCP_JSON_MAX_DEPTH, &env, NULL))
    return FALSE;

  if (env.batch != NULL)
    _mcp_rpc_on_message (env.batch, self);
  else
    {
      m.id = env.id;
      m.method = string_or_null (env.method);
      m.params = env.params;
      m.result = env.result;
      m.error = env.error;
      handle_message (self, &m);
    }

  _mcp_json_envelope_clear (&env);
  return TRUE;
}

/* A line that could not be delivered may have been the answer to a call:
 * that call fails at once, with the reason, rather than at its timeout.
 * A line too large whose start or end is that of a JSON object but whose
 * id cannot be read may have been the answer to any of the calls: the
 * connection ends then, since one of them would otherwise wait in vain. */
void
_mcp_rpc_on_message_discarded (McpTransport *transport,
                               const GError *error,
                               const char   *head,
                               const char   *tail,
                               McpRpc       *self)
{
  g_autoptr(McpRpc) hold = g_object_ref (self);
  McpDiscarded discarded;

  _mcp_discarded_examine (head, tail, &discarded);

  for (guint i = 0; i < discarded.n_ids && self->transport != NULL; i++)
    {
      McpRpcCall *call = g_hash_table_lookup (self->calls, &discarded.ids[i]);

      if (call == NULL)
        continue;

      g_debug ("Failing request %" G_GINT64_FORMAT " (%s): its answer was dropped: %s",
               call->id, call->method, error->message);
      _mcp_rpc_complete_call (call, NULL, g_error_copy (error));
    }

  if (discarded.unknown && g_hash_table_size (self->calls) > 0 &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE) &&
      !mcp_transport_is_closed (transport))
    {
      g_autoptr(GError) ended = NULL;

      ended = g_error_new (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                           _("%s; it may have been the answer to a pending request, and "
                             "which one cannot be told, so the connection was ended"),
                           error->message);
      g_debug ("%s", ended->message);
      mcp_transport_deliver_closed (transport, ended);
    }
}

