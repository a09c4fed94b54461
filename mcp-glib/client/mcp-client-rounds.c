/* mcp-client-rounds.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Multi round-trip requests. A stateless server (2026-07-28) does not send
 * requests of its own: it answers tools/call, prompts/get or
 * resources/read with a result that asks for input (an elicitation, a
 * sampling, the roots) and an opaque state. The client gets the answers
 * through the same handlers as a server's requests of older revisions
 * (the client itself for roots, ::server-request for the rest), then sends
 * the request again, with a new id, the answers and the state exactly as
 * given, and so on, a bounded number of times. The answers and the state
 * belong to that one call: they never go into another request.
 *
 * Older servers never answer that way, so every call of those methods goes
 * through here; a result without `resultType` is complete.
 *
 * Gathering the answers to one set of input requests is a step of its own,
 * which a task of the tasks extension uses too (mcp-tool-call.c).
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-server-request-private.h"

/* The most input requests one round may carry. Each is an object, a signal
 * and an answer, the roots' whole list for roots/list: a server asking for
 * thousands at once in a small message would make the client build far
 * more than it received. Servers ask for one or a few. */
#define MAX_INPUT_REQUESTS 64

/* Gathering the answers to input requests ------------------------------------ */

typedef struct
{
  char       *method;
  /* Held weakly once handed out: an application that drops a request
   * unanswered answers it with an error (as it would a server's request
   * of an older revision), and the call goes on to its end. */
  GPtrArray  *requests;
  JsonObject *responses;
  guint       unanswered;
  gboolean    dispatching;
  GError     *refused;
  GSource    *cancel_source;
  gboolean    done;
} Gather;

static void
weak_request_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

static void
cancel_requests (Gather *gather)
{
  for (guint i = 0; i < gather->requests->len; i++)
    {
      g_autoptr(McpServerRequest) request = g_weak_ref_get (gather->requests->pdata[i]);

      if (request != NULL && !mcp_server_request_is_answered (request))
        _mcp_server_request_cancel (request);
    }
}

static void
gather_free (Gather *gather)
{
  cancel_requests (gather);
  if (gather->cancel_source != NULL)
    {
      g_source_destroy (gather->cancel_source);
      g_source_unref (gather->cancel_source);
    }
  g_clear_pointer (&gather->requests, g_ptr_array_unref);
  g_clear_pointer (&gather->responses, json_object_unref);
  g_clear_error (&gather->refused);
  g_free (gather->method);
  g_free (gather);
}

/* Completes the gathering once, whichever way it ends. */
static void
gather_return (McpClient *self,
               GTask     *task,
               GError    *error)
{
  g_autoptr(GTask) hold = g_object_ref (task);
  Gather *gather = g_task_get_task_data (task);

  g_ptr_array_remove (self->input_waits, task);

  if (gather->done)
    {
      g_clear_error (&error);
      return;
    }

  gather->done = TRUE;
  cancel_requests (gather);
  if (gather->cancel_source != NULL)
    g_source_destroy (gather->cancel_source);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, json_object_ref (gather->responses),
                           (GDestroyNotify) json_object_unref);
}

/* Ends a gathering: the connection ended. */
void
_mcp_client_call_fail (McpClient *self,
                       GTask     *task,
                       GError    *error)
{
  gather_return (self, task, error);
}

static gboolean
gather_cancelled_cb (GCancellable *cancellable,
                     gpointer      user_data)
{
  GTask *task = user_data;
  Gather *gather = g_task_get_task_data (task);

  gather_return (g_task_get_source_object (task), task,
                 g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                              _("The request “%s” was cancelled"), gather->method));

  return G_SOURCE_REMOVE;
}

static void
answers_complete (GTask *task)
{
  Gather *gather = g_task_get_task_data (task);

  if (gather->done || gather->dispatching || gather->unanswered > 0)
    return;

  gather_return (g_task_get_source_object (task), task, g_steal_pointer (&gather->refused));
}

static void
input_answered (McpServerRequest *request,
                JsonNode         *result,
                int               code,
                const char       *message,
                gpointer          user_data)
{
  GTask *task = user_data;
  Gather *gather = g_task_get_task_data (task);
  const char *key = json_node_get_string (mcp_server_request_get_id (request));

  if (gather->done)
    return;

  if (result != NULL)
    json_object_set_member (gather->responses, key, json_node_copy (result));
  else if (gather->refused == NULL)
    gather->refused = g_error_new (MCP_ERROR, code,
                                   _("The server needs “%s” to go on with “%s”, which the "
                                     "client did not give: %s"),
                                   mcp_server_request_get_method (request), gather->method,
                                   message);

  gather->unanswered--;
  answers_complete (task);
}

/* Hands each of @input_requests (a server's InputRequests, or %NULL) to
 * its handler, and completes with their answers (an InputResponses object)
 * once all are answered, or fails. */
void
_mcp_client_gather_input_async (McpClient           *self,
                                const char          *method,
                                JsonObject          *input_requests,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  Gather *gather = g_new0 (Gather, 1);
  g_autoptr(GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  g_task_set_source_tag (task, _mcp_client_gather_input_async);
  gather->method = g_strdup (method);
  gather->requests = g_ptr_array_new_with_free_func ((GDestroyNotify) weak_request_free);
  gather->responses = json_object_new ();
  g_task_set_task_data (task, gather, (GDestroyNotify) gather_free);

  g_ptr_array_add (self->input_waits, g_object_ref (task));

  if (cancellable != NULL)
    {
      gather->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (gather->cancel_source, G_SOURCE_FUNC (gather_cancelled_cb), task,
                             NULL);
      g_source_attach (gather->cancel_source, self->context);
    }

  if (input_requests != NULL && json_object_get_size (input_requests) > MAX_INPUT_REQUESTS)
    {
      gather_return (self, task,
                     g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                  _("The server asked for %u inputs at once for “%s”; mcp-glib "
                                    "answers at most %u"),
                                  json_object_get_size (input_requests), method,
                                  MAX_INPUT_REQUESTS));
      return;
    }

  /* Answers may come while the requests are handed out: count them all
   * first. */
  gather->dispatching = TRUE;
  if (input_requests != NULL)
    {
      json_object_iter_init (&iter, input_requests);
      while (json_object_iter_next (&iter, &key, &value))
        {
          g_autoptr(McpServerRequest) request = NULL;
          g_autoptr(JsonNode) id = json_node_init_string (json_node_alloc (), key);
          JsonObject *input = JSON_NODE_HOLDS_OBJECT (value) ? json_node_get_object (value) : NULL;
          const char *input_method = _mcp_json_object_get_string (input, "method");
          GWeakRef *ref;

          if (input_method == NULL)
            {
              if (gather->refused == NULL)
                gather->refused = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                               _("The server asked for input for “%s” without "
                                                 "saying what (“%s” has no method)"),
                                               method, key);
              continue;
            }

          request = _mcp_server_request_new (id, input_method,
                                             json_object_get_member (input, "params"),
                                             input_answered, task, NULL);
          ref = g_new0 (GWeakRef, 1);
          g_weak_ref_init (ref, request);
          g_ptr_array_add (gather->requests, ref);
          g_ptr_array_add (held, g_object_ref (request));
          gather->unanswered++;
        }
    }

  for (guint i = 0; i < held->len && !gather->done; i++)
    {
      McpServerRequest *request = held->pdata[i];

      if (!_mcp_client_dispatch_server_request (self, request) &&
          !mcp_server_request_is_answered (request))
        mcp_server_request_reply_error (request, MCP_ERROR_METHOD_NOT_FOUND,
                                        _("the application does not handle it"));
    }
  gather->dispatching = FALSE;

  /* A request no handler kept is answered now, as dropped. */
  g_clear_pointer (&held, g_ptr_array_unref);

  answers_complete (task);
}

/* Returns (transfer full) the answers, keyed as the requests were. */
JsonObject *
_mcp_client_gather_input_finish (McpClient     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Rounds ------------------------------------------------------------------ */

typedef struct
{
  char              *method;
  JsonObject        *params;
  McpRequestOptions *options;
  guint              rounds;

  /* What the next round sends back. */
  JsonObject        *responses;
  char              *request_state;
} Call;

static void
call_free (Call *call)
{
  g_clear_pointer (&call->responses, json_object_unref);
  g_clear_pointer (&call->request_state, g_free);
  g_clear_object (&call->options);
  g_clear_pointer (&call->params, json_object_unref);
  g_free (call->method);
  g_free (call);
}

static void send_round (GTask *task);

static void
answers_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Call *call = g_task_get_task_data (task);
  GError *error = NULL;

  g_clear_pointer (&call->responses, json_object_unref);
  call->responses = _mcp_client_gather_input_finish (MCP_CLIENT (object), result, &error);
  if (call->responses == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  send_round (task);
}

/* The server asked for input: get it, then send the request again. */
static void
ask_for_input (GTask      *task,
               JsonObject *result)
{
  McpClient *self = g_task_get_source_object (task);
  Call *call = g_task_get_task_data (task);

  if (++call->rounds > self->max_input_rounds)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("The server asked for input for “%s” %u times; giving up"),
                               call->method, self->max_input_rounds);
      return;
    }

  /* The state goes back exactly as it came, or not at all. */
  g_clear_pointer (&call->request_state, g_free);
  call->request_state = g_strdup (_mcp_json_object_get_string (result, "requestState"));

  _mcp_client_gather_input_async (self, call->method,
                                  _mcp_json_object_get_object (result, "inputRequests"),
                                  g_task_get_cancellable (task), answers_cb,
                                  g_object_ref (task));
}

static void
round_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) answer = NULL;
  GError *error = NULL;
  JsonObject *object_answer;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    {
      g_task_return_error (task, _mcp_client_explain_error (g_task_get_name (task), error));
      return;
    }

  object_answer = JSON_NODE_HOLDS_OBJECT (answer) ? json_node_get_object (answer) : NULL;
  if (g_strcmp0 (_mcp_json_object_get_string (object_answer, "resultType"),
                 "input_required") == 0)
    {
      ask_for_input (task, object_answer);
      return;
    }

  g_task_return_pointer (task, g_steal_pointer (&answer), (GDestroyNotify) json_node_unref);
}

static void
send_round (GTask *task)
{
  McpClient *self = g_task_get_source_object (task);
  Call *call = g_task_get_task_data (task);
  JsonObject *params;

  /* The first round sends the params as they are, for the engine to read
   * (it copies them if it has to add to them); the others send members of
   * their own: the answers and state of one round must not stay for
   * another. */
  if (call->rounds == 0 && call->params != NULL)
    {
      _mcp_rpc_call_async (self->rpc, call->method, _mcp_json_node_new_object (
                             json_object_ref (call->params)),
                           MCP_RPC_CALL_SHARED_PARAMS, 0, call->options,
                           g_task_get_cancellable (task), round_cb, g_object_ref (task));
      return;
    }

  params = call->params != NULL ? _mcp_json_object_copy_members (call->params)
                                : json_object_new ();
  if (call->rounds > 0)
    {
      json_object_remove_member (params, "inputResponses");
      json_object_remove_member (params, "requestState");
      if (call->responses != NULL && json_object_get_size (call->responses) > 0)
        json_object_set_object_member (params, "inputResponses",
                                       json_object_ref (call->responses));
      if (call->request_state != NULL)
        json_object_set_string_member (params, "requestState", call->request_state);
    }

  _mcp_rpc_call_async (self->rpc, call->method, _mcp_json_node_new_object (params),
                       MCP_RPC_CALL_DEFAULT, 0, call->options, g_task_get_cancellable (task),
                       round_cb, g_object_ref (task));
}

/* Sends @method, which a stateless server may answer with requests for
 * input, and completes with its final result: (transfer full) @params, an
 * object or %NULL. */
void
_mcp_client_call_async (McpClient           *self,
                        const char          *method,
                        JsonNode            *params,
                        McpRequestOptions   *options,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  Call *call = g_new0 (Call, 1);

  g_task_set_source_tag (task, _mcp_client_call_async);
  g_task_set_name (task, method);

  call->method = g_strdup (method);
  if (params != NULL)
    {
      g_assert (JSON_NODE_HOLDS_OBJECT (params));
      call->params = json_object_ref (json_node_get_object (params));
      json_node_unref (params);
    }
  call->options = options != NULL ? g_object_ref (options) : NULL;
  g_task_set_task_data (task, call, (GDestroyNotify) call_free);

  send_round (task);
}

/* Gives the final result, or the error (whose data, if the server gave
 * any, mcp_error_get_data () has). */
JsonNode *
_mcp_client_call_finish (McpClient     *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The bound on rounds ---------------------------------------------------- */

/**
 * mcp_client_get_max_input_rounds:
 * @self: a client
 *
 * Gets [property@Mcp.Client:max-input-rounds].
 *
 * Returns: how many requests for input one call may take
 *
 * Since: 1.0
 */
guint
mcp_client_get_max_input_rounds (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->max_input_rounds;
}

/**
 * mcp_client_set_max_input_rounds:
 * @self: a client
 * @rounds: how many requests for input one call may take, at least 1
 *
 * Sets [property@Mcp.Client:max-input-rounds], for calls made from now on.
 *
 * Since: 1.0
 */
void
mcp_client_set_max_input_rounds (McpClient *self,
                                 guint      rounds)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (rounds > 0);

  if (self->max_input_rounds == rounds)
    return;

  self->max_input_rounds = rounds;
  g_object_notify_by_pspec (G_OBJECT (self),
                            _mcp_client_properties[MCP_CLIENT_PROP_MAX_INPUT_ROUNDS]);
}
