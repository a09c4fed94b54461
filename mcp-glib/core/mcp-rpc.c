/* mcp-rpc.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The JSON-RPC 2.0 engine between the client and a transport: it numbers
 * requests, matches answers to them by exact id, runs their timeouts
 * (restarted by progress, capped by a hard limit), turns cancellation into
 * notifications/cancelled, answers pings, and dispatches the server's
 * notifications and requests. It never touches a stream or a process, and
 * it knows no MCP method beyond the few that are JSON-RPC plumbing
 * (ping, progress, cancelled). This file makes and ends calls, and sends
 * what the engine sends; mcp-rpc-incoming.c handles what comes in.
 *
 * Every request goes through send_request(), the one place where an
 * envelope is made, so that later protocol revisions can add per-request
 * metadata there.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-json-private.h"
#include "mcp-rpc-engine-private.h"
#include "mcp-source-private.h"

G_DEFINE_FINAL_TYPE (McpRpc, mcp_rpc, G_TYPE_OBJECT)

static void
call_free (McpRpcCall *call)
{
  _mcp_source_clear (&call->cancel_source);
  g_clear_object (&call->task);
  g_clear_object (&call->options);
  g_free (call->method);
  g_free (call);
}

/* Takes the call out of the table before completing it: the callback may
 * run right away and do anything, including closing everything. */
void
_mcp_rpc_complete_call (McpRpcCall *call,
                        JsonNode   *result,
                        GError     *error)
{
  McpRpc *self = call->rpc;
  GTask *task = g_steal_pointer (&call->task);

  g_hash_table_steal (self->calls, &call->id);
  call_free (call);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) json_node_unref);

  g_object_unref (task);
}

static JsonNode *
build_message (const char *method,
               JsonNode   *id,
               JsonNode   *params)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "jsonrpc", "2.0");
  if (id != NULL)
    json_object_set_member (object, "id", id);
  json_object_set_string_member (object, "method", method);
  /* Absent, never null, when there is nothing to say. */
  if (params != NULL)
    json_object_set_member (object, "params", params);

  return _mcp_json_node_new_object (object);
}

/* A request as a tree, with @params (transfer full): an object, an array
 * or %NULL. Our ids are unique among active requests, so they serve as
 * progress tokens too. */
static JsonNode *
build_request (McpRpc     *self,
               gint64      id,
               const char *method,
               JsonNode   *params,
               gboolean    want_token,
               gboolean    shared)
{
  g_autoptr(JsonNode) owned_params = params;

  if ((want_token || self->request_meta != NULL) &&
      (owned_params == NULL || JSON_NODE_HOLDS_OBJECT (owned_params)))
    {
      JsonObject *object;
      JsonObject *meta;

      if (owned_params == NULL)
        owned_params = _mcp_json_node_new_object (json_object_new ());
      object = json_node_get_object (owned_params);
      /* Params handed over shared or sealed, or with a _meta of their
       * own, may be used again: never write into them, nor into their
       * _meta. */
      meta = _mcp_json_object_get_object (object, "_meta");
      if (shared || json_object_is_immutable (object) || meta != NULL)
        {
          object = _mcp_json_object_copy_members (object);
          json_node_unref (owned_params);
          owned_params = _mcp_json_node_new_object (object);
          if (meta != NULL)
            {
              meta = _mcp_json_object_copy_members (meta);
              json_object_set_object_member (object, "_meta", meta);
            }
        }

      if (meta == NULL)
        {
          meta = json_object_new ();
          json_object_set_object_member (object, "_meta", meta);
        }
      if (want_token)
        json_object_set_int_member (meta, "progressToken", id);
      if (self->request_meta != NULL)
        {
          JsonObjectIter iter;
          const char *name;
          JsonNode *value;

          json_object_iter_init (&iter, self->request_meta);
          while (json_object_iter_next (&iter, &name, &value))
            json_object_set_member (meta, name, json_node_copy (value));
        }
    }

  return build_message (method, json_node_init_int (json_node_alloc (), id),
                        g_steal_pointer (&owned_params));
}

static void request_send_failed (GObject      *owner,
                                 gint64        id,
                                 const GError *error);

/* Sends request @id, with @params (transfer full). The one place where a
 * request's envelope is made. A transport that takes text gets the usual
 * request (no _meta of its own to merge with ours, no members the
 * protocol revision adds) written around the params, without a tree of
 * the envelope: the same text as the tree's, for a fraction of the cost
 * of building it, writing it and freeing it. */
static void
send_request (McpRpc     *self,
              gint64      id,
              const char *method,
              JsonNode   *params,
              gboolean    want_token,
              gboolean    shared)
{
  g_autoptr(JsonNode) owned_params = params;
  g_autoptr(JsonNode) message = NULL;
  gboolean with_token = want_token &&
                        (params == NULL || JSON_NODE_HOLDS_OBJECT (params));

  if (self->request_meta == NULL && _mcp_transport_takes_text (self->transport) &&
      !(with_token && params != NULL &&
        json_object_has_member (json_node_get_object (params), "_meta")))
    {
      GString *text = g_string_sized_new (256);

      _mcp_json_write_request (text, id, method, params, with_token);
      _mcp_transport_send_text (self->transport, text, G_OBJECT (self), id, request_send_failed);
      return;
    }

  message = build_request (self, id, method, g_steal_pointer (&owned_params), want_token,
                           shared);
  _mcp_transport_send (self->transport, message, G_OBJECT (self), id, request_send_failed);
}

/* Notifications and answers: nobody waits for them to be written. */
static void
send_message (McpRpc   *self,
              JsonNode *message)
{
  _mcp_transport_send (self->transport, message, NULL, 0, NULL);
}

static void
send_cancelled (McpRpc     *self,
                gint64      id,
                const char *reason)
{
  JsonObject *params = json_object_new ();
  g_autoptr(JsonNode) message = NULL;

  json_object_set_int_member (params, "requestId", id);
  if (reason != NULL)
    json_object_set_string_member (params, "reason", reason);

  message = build_message ("notifications/cancelled", NULL, _mcp_json_node_new_object (params));

  if (!mcp_transport_is_closed (self->transport))
    send_message (self, message);
}

/* (Re)starts the timeout of @call from now. */
void
_mcp_rpc_arm_timeout (McpRpcCall *call)
{
  McpRpc *self = call->rpc;
  gint64 due;

  if (call->due == 0)
    return;

  due = call->timeout_us > 0 ? g_get_monotonic_time () + call->timeout_us : G_MAXINT64;
  if (call->deadline > 0 && call->deadline < due)
    due = call->deadline;
  call->due = due;

  if (self->timer_due < 0 || due < self->timer_due)
    self->timer_due = due;
}

static void call_timed_out (McpRpcCall *call);

typedef struct
{
  GSource  source;
  McpRpc  *rpc;
} TimerSource;

static gboolean
timer_prepare (GSource *source,
               gint    *timeout)
{
  McpRpc *self = ((TimerSource *) source)->rpc;
  gint64 now;

  *timeout = -1;
  if (self->timer_due < 0)
    return FALSE;

  now = g_source_get_time (source);
  if (now >= self->timer_due)
    return TRUE;

  /* In milliseconds, rounded up: never before the time. */
  *timeout = (gint) MIN ((self->timer_due - now + 999) / 1000, G_MAXINT);
  return FALSE;
}

static gboolean
timer_check (GSource *source)
{
  McpRpc *self = ((TimerSource *) source)->rpc;

  return self->timer_due >= 0 && g_source_get_time (source) >= self->timer_due;
}

/* Ends the calls whose time has come, and sets the time of the next. */
static gboolean
timer_dispatch (GSource     *source,
                GSourceFunc  callback,
                gpointer     user_data)
{
  McpRpc *self = ((TimerSource *) source)->rpc;
  g_autoptr(McpRpc) hold = g_object_ref (self);
  g_autoptr(GArray) expired = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  gpointer value;

  /* The calls that time out may start others, which move the time
   * forward if they are due earlier: it is set before they run. */
  self->timer_due = -1;
  g_hash_table_iter_init (&iter, self->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      McpRpcCall *call = value;

      if (call->due == 0)
        continue;
      if (call->due <= now)
        g_array_append_val (expired, call->id);
      else if (self->timer_due < 0 || call->due < self->timer_due)
        self->timer_due = call->due;
    }

  /* Each one ends from a fresh lookup: a callback may end others. */
  for (guint i = 0; i < expired->len; i++)
    {
      McpRpcCall *call = g_hash_table_lookup (self->calls, &g_array_index (expired, gint64, i));

      if (call != NULL && call->due != 0 && call->due <= now)
        call_timed_out (call);
    }

  return G_SOURCE_CONTINUE;
}

static GSourceFuncs timer_source_funcs = {
  .prepare = timer_prepare,
  .check = timer_check,
  .dispatch = timer_dispatch,
};

static void
call_timed_out (McpRpcCall *call)
{
  McpRpc *self = call->rpc;
  gboolean hard_limit;
  GError *error;

  hard_limit = call->deadline > 0 && g_get_monotonic_time () >= call->deadline;

  g_debug ("Request %" G_GINT64_FORMAT " (%s) timed out", call->id, call->method);

  if (hard_limit)
    error = g_error_new (G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                         _("The request “%s” reached its time limit of %.1f seconds"),
                         call->method, call->max_ms / 1000.0);
  else if (call->timeout_us < G_USEC_PER_SEC)
    error = g_error_new (G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                         _("The server did not answer “%s” within %u milliseconds"),
                         call->method, (guint) (call->timeout_us / 1000));
  else
    error = g_error_new (G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                         _("The server did not answer “%s” within %.1f seconds"),
                         call->method, call->timeout_us / (double) G_USEC_PER_SEC);

  if (!(call->flags & MCP_RPC_CALL_NO_CANCEL_NOTIFICATION))
    send_cancelled (self, call->id, "The request timed out");

  _mcp_rpc_complete_call (call, NULL, error);
}

static gboolean
call_cancelled_cb (GCancellable *cancellable,
                   gpointer      user_data)
{
  McpRpcCall *call = user_data;
  McpRpc *self = call->rpc;

  g_debug ("Request %" G_GINT64_FORMAT " (%s) was cancelled", call->id, call->method);

  if (!(call->flags & MCP_RPC_CALL_NO_CANCEL_NOTIFICATION))
    send_cancelled (self, call->id, "The request was cancelled by the client");

  _mcp_rpc_complete_call (call, NULL,
                          g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                       _("The request “%s” was cancelled"), call->method));

  return G_SOURCE_REMOVE;
}

/* A request could not be sent: its call ends with the reason. */
static void
request_send_failed (GObject      *owner,
                     gint64        id,
                     const GError *error)
{
  McpRpc *self = MCP_RPC (owner);
  McpRpcCall *call = g_hash_table_lookup (self->calls, &id);

  if (call != NULL)
    _mcp_rpc_complete_call (call, NULL, g_error_copy (error));
}

static GError *
closed_error (McpRpc *self)
{
  if (self->closed_error != NULL)
    return g_error_copy (self->closed_error);

  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED, _("The connection is closed"));
}

static gboolean
is_closed (McpRpc *self)
{
  return self->closed_error != NULL || mcp_transport_is_closed (self->transport);
}

/* Sends a request; returns its id (0 if it ended at once, with an error). */
gint64
_mcp_rpc_call_async (McpRpc              *self,
                     const char          *method,
                     JsonNode            *params,
                     McpRpcCallFlags      flags,
                     guint                timeout_ms,
                     McpRequestOptions   *options,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(JsonNode) owned_params = params;
  g_autoptr(GTask) task = NULL;
  guint max_ms;
  gboolean want_token;
  gint64 id;
  McpRpcCall *call;

  g_return_val_if_fail (MCP_IS_RPC (self), 0);
  g_return_val_if_fail (method != NULL, 0);
  g_return_val_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options), 0);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, _mcp_rpc_call_async);

  if (is_closed (self))
    {
      g_task_return_error (task, closed_error (self));
      return 0;
    }

  if (g_task_return_error_if_cancelled (task))
    return 0;

  if (owned_params != NULL && !JSON_NODE_HOLDS_OBJECT (owned_params) &&
      !JSON_NODE_HOLDS_ARRAY (owned_params))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("The parameters of “%s” must be a JSON object or array"),
                               method);
      return 0;
    }

  call = g_new0 (McpRpcCall, 1);
  call->rpc = self;
  call->id = ++self->next_id;
  call->method = g_strdup (method);
  call->task = g_steal_pointer (&task);
  call->options = options != NULL ? g_object_ref (options) : NULL;
  call->flags = flags;

  if (options != NULL && mcp_request_options_get_timeout (options) > 0)
    timeout_ms = mcp_request_options_get_timeout (options);
  else if (timeout_ms == 0)
    timeout_ms = self->default_timeout_ms;

  max_ms = options != NULL && mcp_request_options_get_max_total_timeout (options) > 0
           ? mcp_request_options_get_max_total_timeout (options)
           : self->max_timeout_ms;

  call->reset_on_progress = !(flags & MCP_RPC_CALL_NO_PROGRESS) &&
                            (options == NULL ||
                             mcp_request_options_get_reset_timeout_on_progress (options));
  want_token = !(flags & MCP_RPC_CALL_NO_PROGRESS) &&
               (call->reset_on_progress || options != NULL);

  g_hash_table_insert (self->calls, &call->id, call);

  if ((flags & MCP_RPC_CALL_NO_TIMEOUT) == 0 && (timeout_ms > 0 || max_ms > 0))
    {
      call->timeout_us = (gint64) timeout_ms * 1000;
      call->max_ms = max_ms;
      call->deadline = max_ms > 0 ? g_get_monotonic_time () + (gint64) max_ms * 1000 : 0;
      call->due = G_MAXINT64;
      _mcp_rpc_arm_timeout (call);
      if (self->timer == NULL)
        {
          self->timer = g_source_new (&timer_source_funcs, sizeof (TimerSource));
          ((TimerSource *) self->timer)->rpc = self;
          g_source_set_static_name (self->timer, "[mcp-glib] request timeouts");
          g_source_attach (self->timer, self->context);
        }
    }

  if (cancellable != NULL)
    {
      /* A source, not a handler: cancel() may come from another thread,
       * and the call must end on its own main context. */
      call->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_static_name (call->cancel_source, "[mcp-glib] request cancellation");
      g_source_set_callback (call->cancel_source, G_SOURCE_FUNC (call_cancelled_cb), call, NULL);
      g_source_attach (call->cancel_source, g_task_get_context (call->task));
    }

  /* A failure to send may end the call before this returns. */
  id = call->id;
  send_request (self, id, method, g_steal_pointer (&owned_params), want_token,
                (flags & MCP_RPC_CALL_SHARED_PARAMS) != 0);

  return id;
}

JsonNode *
_mcp_rpc_call_finish (McpRpc        *self,
                      GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (MCP_IS_RPC (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
notify_sent_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!mcp_transport_send_finish (MCP_TRANSPORT (object), result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
_mcp_rpc_notify_async (McpRpc              *self,
                       const char          *method,
                       JsonNode            *params,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(JsonNode) owned_params = params;
  g_autoptr(JsonNode) message = NULL;
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MCP_IS_RPC (self));
  g_return_if_fail (method != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, _mcp_rpc_notify_async);

  if (is_closed (self))
    {
      g_task_return_error (task, closed_error (self));
      return;
    }

  message = build_message (method, NULL, g_steal_pointer (&owned_params));
  mcp_transport_send_async (self->transport, message, cancellable, notify_sent_cb,
                            g_steal_pointer (&task));
}

gboolean
_mcp_rpc_notify_finish (McpRpc        *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (MCP_IS_RPC (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
forget_server_request (McpRpc   *self,
                       JsonNode *id)
{
  g_autofree char *key = _mcp_json_node_to_string (id);

  g_hash_table_remove (self->server_requests, key);
}

void
_mcp_rpc_send_response (McpRpc     *self,
                        JsonNode   *id,
                        const char *member,
                        JsonNode   *value)
{
  JsonObject *object = json_object_new ();
  g_autoptr(JsonNode) message = NULL;

  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_object_set_member (object, "id", json_node_copy (id));
  json_object_set_member (object, member, value);

  message = _mcp_json_node_new_object (object);

  if (!mcp_transport_is_closed (self->transport))
    send_message (self, message);
}

void
_mcp_rpc_reply (McpRpc   *self,
                JsonNode *id,
                JsonNode *result)
{
  g_return_if_fail (MCP_IS_RPC (self));
  g_return_if_fail (id != NULL);
  g_return_if_fail (result != NULL);

  forget_server_request (self, id);
  _mcp_rpc_send_response (self, id, "result", json_node_copy (result));
}

void
_mcp_rpc_reply_error (McpRpc     *self,
                      JsonNode   *id,
                      int         code,
                      const char *message,
                      JsonNode   *data)
{
  JsonObject *error;

  g_return_if_fail (MCP_IS_RPC (self));
  g_return_if_fail (id != NULL);
  g_return_if_fail (message != NULL);

  forget_server_request (self, id);

  error = json_object_new ();
  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", message);
  if (data != NULL)
    json_object_set_member (error, "data", json_node_copy (data));

  _mcp_rpc_send_response (self, id, "error", _mcp_json_node_new_object (error));
}

static void
fail_calls (McpRpc       *self,
            const GError *error)
{
  GHashTableIter iter;
  gpointer value;

  /* Calls are completed one at a time from a fresh lookup, since each
   * callback may start or end others. */
  for (;;)
    {
      g_hash_table_iter_init (&iter, self->calls);
      if (!g_hash_table_iter_next (&iter, NULL, &value))
        break;
      _mcp_rpc_complete_call (value, NULL, g_error_copy (error));
    }
}

static void
cancel_server_requests (McpRpc *self)
{
  g_autoptr(GList) requests = g_hash_table_get_values (self->server_requests);

  g_hash_table_remove_all (self->server_requests);
  for (GList *l = requests; l != NULL; l = l->next)
    self->server_request_cancel (l->data);
}

void
_mcp_rpc_fail_all (McpRpc       *self,
                   const GError *error)
{
  g_autoptr(McpRpc) hold = NULL;

  g_return_if_fail (MCP_IS_RPC (self));
  g_return_if_fail (error != NULL);

  hold = g_object_ref (self);

  if (self->closed_error == NULL)
    self->closed_error = g_error_copy (error);

  fail_calls (self, error);
  cancel_server_requests (self);
}

void
_mcp_rpc_reopened (McpRpc *self)
{
  g_return_if_fail (MCP_IS_RPC (self));
  g_return_if_fail (!mcp_transport_is_closed (self->transport));

  g_clear_error (&self->closed_error);
}

static void
on_transport_closed (McpTransport *transport,
                     const GError *error,
                     McpRpc       *self)
{
  g_autoptr(McpRpc) hold = g_object_ref (self);
  g_autoptr(GError) closed = NULL;

  /* Calls still pending need a reason even after a deliberate close; the
   * layer above is told which kind of end it was. */
  closed = error != NULL ? g_error_copy (error)
                         : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                                _("The connection is closed"));
  _mcp_rpc_fail_all (self, closed);

  if (self->closed_func != NULL)
    self->closed_func (self, error, self->user_data);
}

static void
mcp_rpc_dispose (GObject *object)
{
  McpRpc *self = (McpRpc *)object;

  if (self->transport != NULL)
    {
      if (self->receiving)
        _mcp_transport_clear_receiver (self->transport, self);
      self->receiving = FALSE;
      g_clear_signal_handler (&self->message_handler, self->transport);
      g_clear_signal_handler (&self->closed_handler, self->transport);
      g_clear_signal_handler (&self->discarded_handler, self->transport);
    }

  if (g_hash_table_size (self->calls) > 0)
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                                     _("The connection is closed"));
      fail_calls (self, error);
    }
  cancel_server_requests (self);

  _mcp_source_clear (&self->timer);

  self->notification_func = NULL;
  self->notification_wanted_func = NULL;
  self->request_func = NULL;
  self->closed_func = NULL;

  G_OBJECT_CLASS (mcp_rpc_parent_class)->dispose (object);
}

static void
mcp_rpc_finalize (GObject *object)
{
  McpRpc *self = (McpRpc *)object;

  g_clear_object (&self->transport);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->calls, g_hash_table_unref);
  g_clear_pointer (&self->server_requests, g_hash_table_unref);
  g_clear_error (&self->closed_error);
  g_clear_pointer (&self->request_meta, json_object_unref);

  G_OBJECT_CLASS (mcp_rpc_parent_class)->finalize (object);
}

static void
mcp_rpc_class_init (McpRpcClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_rpc_dispose;
  object_class->finalize = mcp_rpc_finalize;
}

static void
mcp_rpc_init (McpRpc *self)
{
  self->calls = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->timer_due = -1;
  self->server_requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

McpRpc *
_mcp_rpc_new (McpTransport *transport)
{
  McpRpc *self;

  g_return_val_if_fail (MCP_IS_TRANSPORT (transport), NULL);

  self = g_object_new (MCP_TYPE_RPC, NULL);
  self->context = g_main_context_ref_thread_default ();
  self->transport = g_object_ref (transport);
  self->receiving = _mcp_transport_set_receiver (transport, _mcp_rpc_on_message, _mcp_rpc_on_text,
                                                 self);
  if (!self->receiving)
    self->message_handler = g_signal_connect (transport, "message-received",
                                              G_CALLBACK (_mcp_rpc_on_message_received), self);
  self->closed_handler = g_signal_connect (transport, "closed",
                                           G_CALLBACK (on_transport_closed), self);
  self->discarded_handler = g_signal_connect (transport, "message-discarded",
                                              G_CALLBACK (_mcp_rpc_on_message_discarded), self);

  return self;
}

void
_mcp_rpc_set_handlers (McpRpc                 *self,
                       McpRpcNotificationFunc  notification_func,
                       McpRpcRequestFunc       request_func,
                       McpRpcClosedFunc        closed_func,
                       gpointer                user_data)
{
  g_return_if_fail (MCP_IS_RPC (self));

  self->notification_func = notification_func;
  self->request_func = request_func;
  self->closed_func = closed_func;
  self->user_data = user_data;
}

/* What the engine needs of the layers above: see McpRpcProgressFunc. */
void
_mcp_rpc_set_layer_funcs (McpRpc                        *self,
                          McpRpcProgressFunc             progress_func,
                          McpRpcServerRequestNewFunc     request_new_func,
                          McpRpcServerRequestCancelFunc  request_cancel_func)
{
  g_return_if_fail (MCP_IS_RPC (self));

  self->progress_func = progress_func;
  self->server_request_new = request_new_func;
  self->server_request_cancel = request_cancel_func;
}

/* Tells the engine whether the layer above does anything with a
 * notification of a method (its handler would be called with it): a
 * notification nobody needs as a tree is then handled without one. */
void
_mcp_rpc_set_notification_wanted_func (McpRpc                       *self,
                                       McpRpcNotificationWantedFunc  func)
{
  g_return_if_fail (MCP_IS_RPC (self));

  self->notification_wanted_func = func;
}

void
_mcp_rpc_set_timeouts (McpRpc *self,
                       guint   default_timeout_ms,
                       guint   max_timeout_ms)
{
  g_return_if_fail (MCP_IS_RPC (self));

  self->default_timeout_ms = default_timeout_ms;
  self->max_timeout_ms = max_timeout_ms;
}

/* Sets what every request from now on carries in params._meta (on top of
 * its progress token), or %NULL for nothing: the protocol version, the
 * client's capabilities and the like, for a protocol revision without a
 * handshake. The members are shared, not copied: @meta must not change
 * once set. */
void
_mcp_rpc_set_request_meta (McpRpc     *self,
                           JsonObject *meta)
{
  g_return_if_fail (MCP_IS_RPC (self));

  g_clear_pointer (&self->request_meta, json_object_unref);
  if (meta != NULL)
    {
      json_object_seal (meta);
      self->request_meta = json_object_ref (meta);
    }
}
