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
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-server-request-private.h"

typedef struct
{
  char              *method;
  JsonObject        *params;
  McpRequestOptions *options;
  guint              rounds;

  /* Between rounds: the server's requests, their answers so far, and what
   * the next round sends back. */
  GPtrArray         *requests;
  JsonObject        *responses;
  char              *request_state;
  guint              unanswered;
  gboolean           dispatching;
  GError            *refused;
  GSource           *cancel_source;
  gboolean           done;
} Call;

static void
cancel_requests (Call *call)
{
  for (guint i = 0; call->requests != NULL && i < call->requests->len; i++)
    if (!mcp_server_request_is_answered (call->requests->pdata[i]))
      _mcp_server_request_cancel (call->requests->pdata[i]);
}

static void
call_free (Call *call)
{
  cancel_requests (call);
  if (call->cancel_source != NULL)
    {
      g_source_destroy (call->cancel_source);
      g_source_unref (call->cancel_source);
    }
  g_clear_pointer (&call->requests, g_ptr_array_unref);
  g_clear_pointer (&call->responses, json_object_unref);
  g_clear_pointer (&call->request_state, g_free);
  g_clear_error (&call->refused);
  g_clear_object (&call->options);
  g_clear_pointer (&call->params, json_object_unref);
  g_free (call->method);
  g_free (call);
}

/* Completes the call once, whichever way it ends. */
static void
call_return (McpClient *self,
             GTask     *task,
             JsonNode  *result,
             GError    *error)
{
  g_autoptr(GTask) hold = g_object_ref (task);
  Call *call = g_task_get_task_data (task);

  g_ptr_array_remove (self->input_waits, task);

  if (call->done)
    {
      g_clear_pointer (&result, json_node_unref);
      g_clear_error (&error);
      return;
    }

  call->done = TRUE;
  cancel_requests (call);
  if (call->cancel_source != NULL)
    g_source_destroy (call->cancel_source);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) json_node_unref);
}

/* Ends a call waiting for answers: the connection ended. */
void
_mcp_client_call_fail (McpClient *self,
                       GTask     *task,
                       GError    *error)
{
  call_return (self, task, NULL, error);
}

static void send_round (GTask *task);

static void
round_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data);

static gboolean
round_cancelled_cb (GCancellable *cancellable,
                    gpointer      user_data)
{
  GTask *task = user_data;
  Call *call = g_task_get_task_data (task);

  call_return (g_task_get_source_object (task), task, NULL,
               g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                            _("The request “%s” was cancelled"), call->method));

  return G_SOURCE_REMOVE;
}

/* Once every request of the round is answered: the next round, or the
 * end of the call if one was refused. */
static void
answers_complete (GTask *task)
{
  McpClient *self = g_task_get_source_object (task);
  Call *call = g_task_get_task_data (task);

  if (call->done || call->dispatching || call->unanswered > 0)
    return;

  g_ptr_array_remove (self->input_waits, task);

  if (call->refused != NULL)
    {
      call_return (self, task, NULL, g_steal_pointer (&call->refused));
      return;
    }

  send_round (task);
}

static void
input_answered (McpServerRequest *request,
                JsonNode         *result,
                int               code,
                const char       *message,
                gpointer          user_data)
{
  GTask *task = user_data;
  Call *call = g_task_get_task_data (task);
  const char *key = json_node_get_string (mcp_server_request_get_id (request));

  if (call->done)
    return;

  if (result != NULL)
    json_object_set_member (call->responses, key, json_node_copy (result));
  else if (call->refused == NULL)
    call->refused = g_error_new (MCP_ERROR, code,
                                 _("The server needs “%s” to go on with “%s”, which the client "
                                   "did not give: %s"),
                                 mcp_server_request_get_method (request), call->method, message);

  call->unanswered--;
  answers_complete (task);
}

/* The server asked for input: hand each of its requests to the handlers,
 * and go on once all are answered. */
static void
ask_for_input (GTask      *task,
               JsonObject *result)
{
  McpClient *self = g_task_get_source_object (task);
  Call *call = g_task_get_task_data (task);
  JsonObject *input_requests = _mcp_json_object_get_object (result, "inputRequests");
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  if (++call->rounds > self->max_input_rounds)
    {
      call_return (self, task, NULL,
                   g_error_new (G_IO_ERROR, G_IO_ERROR_FAILED,
                                _("The server asked for input for “%s” %u times; giving up"),
                                call->method, self->max_input_rounds));
      return;
    }

  /* The state goes back exactly as it came, or not at all. */
  g_clear_pointer (&call->request_state, g_free);
  call->request_state = g_strdup (_mcp_json_object_get_string (result, "requestState"));

  g_clear_pointer (&call->responses, json_object_unref);
  call->responses = json_object_new ();
  g_clear_pointer (&call->requests, g_ptr_array_unref);
  call->requests = g_ptr_array_new_with_free_func (g_object_unref);
  call->unanswered = 0;

  g_ptr_array_add (self->input_waits, g_object_ref (task));

  /* Answers may come while the requests are handed out: count them all
   * first. */
  call->dispatching = TRUE;
  if (input_requests != NULL)
    {
      json_object_iter_init (&iter, input_requests);
      while (json_object_iter_next (&iter, &key, &value))
        {
          g_autoptr(McpServerRequest) request = NULL;
          g_autoptr(JsonNode) id = json_node_init_string (json_node_alloc (), key);
          JsonObject *input = JSON_NODE_HOLDS_OBJECT (value) ? json_node_get_object (value) : NULL;
          const char *method = _mcp_json_object_get_string (input, "method");

          if (method == NULL)
            {
              if (call->refused == NULL)
                call->refused = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                             _("The server asked for input for “%s” without "
                                               "saying what (“%s” has no method)"),
                                             call->method, key);
              continue;
            }

          request = _mcp_server_request_new (id, method, json_object_get_member (input, "params"),
                                             input_answered, task, NULL);
          g_ptr_array_add (call->requests, g_object_ref (request));
          call->unanswered++;
        }
    }

  for (guint i = 0; i < call->requests->len && !call->done; i++)
    {
      McpServerRequest *request = call->requests->pdata[i];

      if (!_mcp_client_dispatch_server_request (self, request) &&
          !mcp_server_request_is_answered (request))
        mcp_server_request_reply_error (request, MCP_ERROR_METHOD_NOT_FOUND,
                                        _("the application does not handle it"));
    }
  call->dispatching = FALSE;

  answers_complete (task);
}

static void
round_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpClient *self = g_task_get_source_object (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(JsonNode) data = NULL;
  GError *error = NULL;
  JsonObject *object_answer;

  answer = _mcp_rpc_call_finish_with_data (MCP_RPC (object), result, &data, &error);
  if (answer == NULL)
    {
      error = _mcp_client_explain_error (g_task_get_name (task), error, data);
      if (data != NULL)
        g_object_set_data_full (G_OBJECT (task), "mcp-error-data", g_steal_pointer (&data),
                                (GDestroyNotify) json_node_unref);
      call_return (self, task, NULL, error);
      return;
    }

  object_answer = JSON_NODE_HOLDS_OBJECT (answer) ? json_node_get_object (answer) : NULL;
  if (g_strcmp0 (_mcp_json_object_get_string (object_answer, "resultType"),
                 "input_required") == 0)
    {
      ask_for_input (task, object_answer);
      return;
    }

  call_return (self, task, g_steal_pointer (&answer), NULL);
}

static void
send_round (GTask *task)
{
  McpClient *self = g_task_get_source_object (task);
  Call *call = g_task_get_task_data (task);
  JsonNode *params;

  /* Each round sends members of its own: the engine adds to them, and the
   * answers and state of one round must not stay for another. */
  if (call->rounds == 0)
    params = call->params != NULL
             ? _mcp_json_node_new_object (_mcp_json_object_copy_members (call->params))
             : NULL;
  else
    {
      JsonObject *object = call->params != NULL ? _mcp_json_object_copy_members (call->params)
                                                : json_object_new ();

      params = _mcp_json_node_new_object (object);
      json_object_remove_member (object, "inputResponses");
      json_object_remove_member (object, "requestState");
      if (json_object_get_size (call->responses) > 0)
        json_object_set_object_member (object, "inputResponses",
                                       json_object_ref (call->responses));
      if (call->request_state != NULL)
        json_object_set_string_member (object, "requestState", call->request_state);
    }

  _mcp_rpc_call_async (self->rpc, call->method, params, MCP_RPC_CALL_DEFAULT, 0, call->options,
                       g_task_get_cancellable (task), round_cb, g_object_ref (task));
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

  /* A cancellation while the application answers ends the whole call;
   * during a round the request's own watch sees it first. */
  if (cancellable != NULL)
    {
      call->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (call->cancel_source, G_SOURCE_FUNC (round_cancelled_cb), task, NULL);
      g_source_attach (call->cancel_source, self->context);
    }

  send_round (task);
}

/* Gives the final result, or the error, with the server's data if it gave
 * any ((transfer full), or %NULL). */
JsonNode *
_mcp_client_call_finish (McpClient     *self,
                         GAsyncResult  *result,
                         JsonNode     **error_data,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  if (error_data != NULL)
    {
      JsonNode *data = g_object_get_data (G_OBJECT (result), "mcp-error-data");

      *error_data = data != NULL ? json_node_ref (data) : NULL;
    }

  return g_task_propagate_pointer (G_TASK (result), error);
}
