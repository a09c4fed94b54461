/* mcp-client-requests.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How McpClient makes requests: the checks every request begins with,
 * typed calls (one request, one value), and the raw requests and
 * notifications that reach what the library does not model, with ping,
 * the simplest of them.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"

/* Checks ------------------------------------------------------------------ */

/* Fails @task at once unless the client is connected. */
gboolean
_mcp_client_check_ready (McpClient *self,
                         GTask     *task)
{
  if (!_mcp_client_check_context (self, g_task_get_name (task) != NULL ? g_task_get_name (task)
                                                                    : G_STRFUNC))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("The client was used from a main context other than its "
                                 "own"));
      return FALSE;
    }

  switch (self->state)
    {
    case MCP_CLIENT_STATE_READY:
      return TRUE;

    case MCP_CLIENT_STATE_DISCONNECTED:
    case MCP_CLIENT_STATE_CONNECTING:
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                               _("The client is not connected; call mcp_client_connect_async() "
                                 "and wait for it to finish"));
      return FALSE;

    case MCP_CLIENT_STATE_CLOSED:
    default:
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CLOSED,
                               _("The connection is closed"));
      return FALSE;
    }
}

/* Fails @task at once if the server did not declare @capability. @what is
 * untranslated (marked with N_()): it is only translated when needed. */
gboolean
_mcp_client_check_capability (McpClient  *self,
                              GTask      *task,
                              const char *capability,
                              const char *what)
{
  if (self->server_capabilities != NULL &&
      json_object_has_member (self->server_capabilities, capability))
    return TRUE;

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("The server does not offer %s (it did not declare the “%s” "
                             "capability)"),
                           _(what), capability);
  return FALSE;
}

/* Errors of the stateless revision that say more in their data than in
 * their message: a missing client capability is named. */
GError *
_mcp_client_explain_error (const char *method,
                           GError     *error)
{
  JsonNode *data = mcp_error_get_data (error);
  JsonObject *required;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *list = NULL;
  g_autofree char *message = NULL;
  JsonObjectIter iter;
  const char *name;
  GError *explained;

  if (!g_error_matches (error, MCP_ERROR, MCP_ERROR_MISSING_REQUIRED_CLIENT_CAPABILITY) ||
      data == NULL || !JSON_NODE_HOLDS_OBJECT (data))
    return error;

  required = _mcp_json_object_get_object (json_node_get_object (data), "requiredCapabilities");
  if (required == NULL || json_object_get_size (required) == 0)
    return error;

  builder = g_strv_builder_new ();
  json_object_iter_init (&iter, required);
  while (json_object_iter_next (&iter, &name, NULL))
    g_strv_builder_add (builder, name);
  names = g_strv_builder_end (builder);
  list = g_strjoinv (", ", names);

  message = g_strdup_printf (_("The server needs the client capability %s for “%s”, which the "
                               "client does not declare (see McpClient:features): %s"),
                             list, method, error->message);
  /* The server's data stays with the error. */
  explained = _mcp_error_new_from_response (error->code, message, data);
  g_error_free (error);
  return explained;
}

/* Typed calls: requests whose answer becomes one value (or nothing), with
 * the capability check, the call and the parsing in one place. */

static void
typed_call_return (GTask    *task,
                   JsonNode *answer,
                   GError   *error_in)
{
  McpParseResult parse = g_task_get_task_data (task);
  g_autoptr(GError) error = error_in;
  gpointer value;

  if (answer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (parse == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  value = parse (g_task_get_source_object (task), answer, &error);
  if (value == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, value, g_object_unref);
}

static void
typed_call_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) answer = NULL;
  GError *error = NULL;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (error != NULL)
    error = _mcp_client_explain_error (g_task_get_name (task), error);
  typed_call_return (task, answer, error);
}

static void
typed_call_rounds_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) answer = NULL;
  GError *error = NULL;

  answer = _mcp_client_call_finish (MCP_CLIENT (object), result, &error);
  typed_call_return (task, answer, error);
}

/* The requests a stateless server may answer with a request for input. */
static gboolean
may_ask_for_input (const char *method)
{
  return g_str_equal (method, "prompts/get") || g_str_equal (method, "resources/read");
}

void
_mcp_client_typed_call_async (McpClient           *self,
                              gpointer             source_tag,
                              const char          *capability,
                              const char          *what,
                              const char          *method,
                              JsonNode            *params,
                              McpParseResult       parse,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(JsonNode) owned_params = params;
  g_autoptr(GTask) task = NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_name (task, method);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, parse, NULL);

  if (!_mcp_client_check_ready (self, task) ||
      (capability != NULL && !_mcp_client_check_capability (self, task, capability, what)))
    return;

  if (may_ask_for_input (method))
    _mcp_client_call_async (self, method, g_steal_pointer (&owned_params), NULL, cancellable,
                            typed_call_rounds_cb, g_steal_pointer (&task));
  else
    _mcp_rpc_call_async (self->rpc, method, g_steal_pointer (&owned_params),
                         MCP_RPC_CALL_DEFAULT, 0, NULL, cancellable,
                         typed_call_cb, g_steal_pointer (&task));
}

gpointer
_mcp_client_typed_call_finish (McpClient     *self,
                               GAsyncResult  *result,
                               gpointer       source_tag,
                               GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
_mcp_client_typed_call_finish_boolean (McpClient     *self,
                                       GAsyncResult  *result,
                                       gpointer       source_tag,
                                       GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

JsonObject *
_mcp_client_result_object (JsonNode    *result,
                           const char  *method,
                           GError     **error)
{
  if (!JSON_NODE_HOLDS_OBJECT (result))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The server’s answer to “%s” is not an object"), method);
      return NULL;
    }

  return json_node_get_object (result);
}

JsonNode *
_mcp_client_params_with_string (const char *member,
                                const char *value)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, member, value);
  return _mcp_json_node_new_object (object);
}

JsonObject *
_mcp_client_string_map_to_object (GHashTable *map)
{
  JsonObject *object = json_object_new ();
  GHashTableIter iter;
  gpointer key, value;

  if (map == NULL)
    return object;

  g_hash_table_iter_init (&iter, map);
  while (g_hash_table_iter_next (&iter, &key, &value))
    json_object_set_string_member (object, key, value);

  return object;
}

static void
request_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  JsonNode *answer;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, answer, (GDestroyNotify) json_node_unref);
}

/**
 * mcp_client_request_async:
 * @self: a connected client
 * @method: the JSON-RPC method
 * @params: (nullable): the parameters, an object or array, or %NULL for none
 * @options: (nullable): settings for this call, and its progress
 * @cancellable: (nullable): a cancellable
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Sends any request and returns the raw result: the way to use protocol
 * features mcp-glib does not model. The usual timeouts, progress and
 * cancellation apply; @options changes them for this call.
 *
 * Since: 1.0
 */
void
mcp_client_request_async (McpClient           *self,
                          const char          *method,
                          JsonNode            *params,
                          McpRequestOptions   *options,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (method != NULL);
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_request_async);

  if (!_mcp_client_check_ready (self, task))
    return;

  /* The engine adds to the params' _meta: it gets members of its own. */
  if (params != NULL && JSON_NODE_HOLDS_OBJECT (params))
    params = _mcp_json_node_new_object (_mcp_json_object_copy_members (json_node_get_object (params)));
  else if (params != NULL)
    params = json_node_copy (params);

  _mcp_rpc_call_async (self->rpc, method, params,
                       MCP_RPC_CALL_DEFAULT, 0, options, cancellable,
                       request_cb, g_steal_pointer (&task));
}

/**
 * mcp_client_request_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.request_async].
 *
 * Returns: (transfer full): the `result` member of the answer
 *
 * Since: 1.0
 */
JsonNode *
mcp_client_request_finish (McpClient     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
notify_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!_mcp_rpc_notify_finish (MCP_RPC (object), result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * mcp_client_notify_async:
 * @self: a connected client
 * @method: the notification's method
 * @params: (nullable): its parameters, or %NULL for none
 * @cancellable: (nullable): a cancellable
 * @callback: (nullable): called when the notification was written
 * @user_data: data for @callback
 *
 * Sends a notification to the server.
 *
 * Since: 1.0
 */
void
mcp_client_notify_async (McpClient           *self,
                         const char          *method,
                         JsonNode            *params,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (method != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_notify_async);

  if (!_mcp_client_check_ready (self, task))
    return;

  _mcp_rpc_notify_async (self->rpc, method, params != NULL ? json_node_copy (params) : NULL,
                         cancellable, notify_cb, g_steal_pointer (&task));
}

/**
 * mcp_client_notify_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.notify_async].
 *
 * Returns: %TRUE if the notification was written
 *
 * Since: 1.0
 */
gboolean
mcp_client_notify_finish (McpClient     *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * mcp_client_ping_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called when the server answered
 * @user_data: data for @callback
 *
 * Checks that the server is alive and answering.
 *
 * Since: 1.0
 */
void
mcp_client_ping_async (McpClient           *self,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  /* The stateless revision has no ping: server/discover is the cheapest
   * request every server of it answers. */
  _mcp_client_typed_call_async (self, mcp_client_ping_async, NULL, NULL,
                                self->stateless ? "server/discover" : "ping", NULL, NULL,
                                cancellable, callback, user_data);
}

/**
 * mcp_client_ping_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.ping_async].
 *
 * Returns: %TRUE if the server answered
 *
 * Since: 1.0
 */
gboolean
mcp_client_ping_finish (McpClient     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  return _mcp_client_typed_call_finish_boolean (self, result, mcp_client_ping_async, error);
}
