/* mcp-client-requests.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How McpClient makes requests: the checks every request begins with,
 * typed calls (one request, one value), paginated lists (every page into
 * one list), and the raw requests and notifications that reach what the
 * library does not model, with ping, the simplest of them.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"

/* Timeouts --------------------------------------------------------------- */

static void
update_timeouts (McpClient *self)
{
  if (self->rpc != NULL)
    _mcp_rpc_set_timeouts (self->rpc, self->request_timeout, self->max_request_timeout);
}

/**
 * mcp_client_get_request_timeout:
 * @self: a client
 *
 * Gets the request timeout in milliseconds.
 *
 * Returns: the request timeout in milliseconds
 *
 * Since: 1.0
 */
guint
mcp_client_get_request_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->request_timeout;
}

/**
 * mcp_client_set_request_timeout:
 * @self: a client
 * @timeout_ms: the request timeout in milliseconds, 0 for none
 *
 * Sets [property@Mcp.Client:request-timeout] for requests made from now on.
 *
 * Since: 1.0
 */
void
mcp_client_set_request_timeout (McpClient *self,
                                guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  if (self->request_timeout == timeout_ms)
    return;

  self->request_timeout = timeout_ms;
  update_timeouts (self);
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_REQUEST_TIMEOUT]);
}

/**
 * mcp_client_get_max_request_timeout:
 * @self: a client
 *
 * Gets the hard limit of a request in milliseconds.
 *
 * Returns: the hard limit of a request in milliseconds
 *
 * Since: 1.0
 */
guint
mcp_client_get_max_request_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->max_request_timeout;
}

/**
 * mcp_client_set_max_request_timeout:
 * @self: a client
 * @timeout_ms: the hard limit in milliseconds, 0 for none
 *
 * Sets [property@Mcp.Client:max-request-timeout] for requests made from now
 * on.
 *
 * Since: 1.0
 */
void
mcp_client_set_max_request_timeout (McpClient *self,
                                    guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  if (self->max_request_timeout == timeout_ms)
    return;

  self->max_request_timeout = timeout_ms;
  update_timeouts (self);
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_MAX_REQUEST_TIMEOUT]);
}

/**
 * mcp_client_get_connect_timeout:
 * @self: a client
 *
 * Gets the handshake's time limit in milliseconds.
 *
 * Returns: the handshake's time limit in milliseconds
 *
 * Since: 1.0
 */
guint
mcp_client_get_connect_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->connect_timeout;
}

/**
 * mcp_client_set_connect_timeout:
 * @self: a client
 * @timeout_ms: the handshake's time limit in milliseconds
 *
 * Sets [property@Mcp.Client:connect-timeout].
 *
 * Since: 1.0
 */
void
mcp_client_set_connect_timeout (McpClient *self,
                                guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (timeout_ms > 0);

  if (self->connect_timeout == timeout_ms)
    return;

  self->connect_timeout = timeout_ms;
  g_object_notify_by_pspec (G_OBJECT (self), _mcp_client_properties[MCP_CLIENT_PROP_CONNECT_TIMEOUT]);
}

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

typedef struct
{
  const McpListKind *kind;
  GListStore        *store;
  GHashTable        *cursors;
  /* The shortest freshness of the pages, -1 once one page had none. */
  gint64             ttl_ms;
} ListState;

static GListStore *
copy_store (const McpListKind *kind,
            GListModel        *model)
{
  GListStore *copy = g_list_store_new (kind->item_type ());
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      g_list_store_append (copy, item);
    }

  return copy;
}

/* Keeps @list for as long as the server said it stays fresh, or forgets
 * the one kept. The scope (public or private) does not matter to one
 * client: it only tells shared caches along the way what they may keep. */
static void
remember_list (McpClient         *self,
               const McpListKind *kind,
               GListModel        *list,
               gint64             ttl_ms)
{
  if (kind->live < 0)
    return;

  g_clear_object (&self->list_cache[kind->live].items);
  self->list_cache[kind->live].expires = 0;
  if (ttl_ms <= 0)
    return;

  self->list_cache[kind->live].items = copy_store (kind, list);
  self->list_cache[kind->live].expires = g_get_monotonic_time () + ttl_ms * 1000;
}

/* The server said the list changed. */
void
_mcp_client_forget_list (McpClient   *self,
                         McpLiveKind  which)
{
  g_clear_object (&self->list_cache[which].items);
  self->list_cache[which].expires = 0;
}

/* When the list as last read stops being fresh (monotonic time), or 0 if
 * it is not kept. */
gint64
_mcp_client_list_expires (McpClient   *self,
                          McpLiveKind  which)
{
  return self->list_cache[which].items != NULL ? self->list_cache[which].expires : 0;
}

static void
list_state_free (ListState *state)
{
  g_clear_object (&state->store);
  g_clear_pointer (&state->cursors, g_hash_table_unref);
  g_free (state);
}

static void list_page (GTask      *task,
                       const char *cursor);

static void
list_page_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ListState *state = g_task_get_task_data (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *page;
  JsonArray *items;
  const char *cursor;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  page = JSON_NODE_HOLDS_OBJECT (answer) ? json_node_get_object (answer) : NULL;
  if (page == NULL || !(items = _mcp_json_object_get_array (page, state->kind->member)))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The server’s answer to “%s” has no list of %s"),
                               state->kind->method, _(state->kind->what));
      return;
    }

  if (state->ttl_ms >= 0)
    {
      gint64 ttl_ms = _mcp_json_object_get_int (page, "ttlMs", -1);

      state->ttl_ms = ttl_ms < 0 ? -1 : (state->ttl_ms == G_MAXINT64 ? ttl_ms
                                                                     : MIN (state->ttl_ms, ttl_ms));
    }

  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonNode *element = json_array_get_element (items, i);
      g_autoptr(GObject) item = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element) ||
          !(item = state->kind->from_json (json_node_get_object (element), &error)))
        {
          /* One broken entry must not hide the others. */
          g_debug ("Skipped entry %u of %s: %s", i, state->kind->method,
                   error != NULL ? error->message : "not an object");
          g_clear_error (&error);
          continue;
        }

      if (state->kind->accept != NULL &&
          !state->kind->accept (g_task_get_source_object (task), item))
        continue;

      g_list_store_append (state->store, item);
    }

  cursor = _mcp_json_object_get_string (page, "nextCursor");
  if (cursor == NULL)
    {
      McpClient *self = g_task_get_source_object (task);

      if (state->kind == &_mcp_list_tools_kind)
        _mcp_client_remember_tools (self, G_LIST_MODEL (state->store));
      remember_list (self, state->kind, G_LIST_MODEL (state->store),
                     state->ttl_ms == G_MAXINT64 ? -1 : state->ttl_ms);
      g_task_return_pointer (task, g_object_ref (state->store), g_object_unref);
      return;
    }

  /* A server that hands out a cursor twice would keep us listing forever. */
  if (!g_hash_table_add (state->cursors, g_strdup (cursor)))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The server repeated a page cursor in “%s”"),
                               state->kind->method);
      return;
    }

  list_page (g_steal_pointer (&task), cursor);
}

static void
list_page (GTask      *task,
           const char *cursor)
{
  McpClient *self = g_task_get_source_object (task);
  ListState *state = g_task_get_task_data (task);
  JsonNode *params = NULL;

  if (cursor != NULL)
    {
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "cursor", cursor);
      params = _mcp_json_node_new_object (object);
    }

  _mcp_rpc_call_async (self->rpc, state->kind->method, params, MCP_RPC_CALL_DEFAULT, 0, NULL,
                       g_task_get_cancellable (task), list_page_cb, task);
}

/* Lists every page of @kind into one GListStore. */
void
_mcp_client_list_all_async (McpClient           *self,
                            const McpListKind   *kind,
                            gpointer             source_tag,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ListState *state;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_name (task, kind->method);
  g_task_set_source_tag (task, source_tag);

  if (!_mcp_client_check_ready (self, task) ||
      !_mcp_client_check_capability (self, task, kind->capability, kind->what))
    return;

  /* Still fresh, as the server said when it gave it. */
  if (kind->live >= 0 && self->list_cache[kind->live].items != NULL &&
      g_get_monotonic_time () < self->list_cache[kind->live].expires)
    {
      g_task_return_pointer (task,
                             copy_store (kind, G_LIST_MODEL (self->list_cache[kind->live].items)),
                             g_object_unref);
      return;
    }

  state = g_new0 (ListState, 1);
  state->kind = kind;
  state->store = g_list_store_new (kind->item_type ());
  state->cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  state->ttl_ms = G_MAXINT64;
  g_task_set_task_data (task, state, (GDestroyNotify) list_state_free);

  list_page (g_steal_pointer (&task), NULL);
}

GListModel *
_mcp_client_list_all_finish (McpClient     *self,
                             GAsyncResult  *result,
                             gpointer       source_tag,
                             GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
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

  if (error->domain != MCP_ERROR || error->code != -32021 || data == NULL ||
      !JSON_NODE_HOLDS_OBJECT (data))
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
 * mcp_client_request_full_async:
 * @self: a connected client
 * @method: the JSON-RPC method
 * @params: (nullable): the parameters, an object or array, or %NULL for none
 * @options: (nullable): settings for this call, and its progress
 * @cancellable: (nullable): a cancellable
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Like [method@Mcp.Client.request_async], with per-call options. Complete
 * it with [method@Mcp.Client.request_finish].
 *
 * Since: 1.0
 */
void
mcp_client_request_full_async (McpClient           *self,
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
 * mcp_client_request_async:
 * @self: a connected client
 * @method: the JSON-RPC method
 * @params: (nullable): the parameters, an object or array, or %NULL for none
 * @cancellable: (nullable): a cancellable
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Sends any request and returns the raw result: the way to use protocol
 * features mcp-glib does not model. The usual timeouts, progress and
 * cancellation apply.
 *
 * Since: 1.0
 */
void
mcp_client_request_async (McpClient           *self,
                          const char          *method,
                          JsonNode            *params,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  mcp_client_request_full_async (self, method, params, NULL, cancellable, callback, user_data);
}

/**
 * mcp_client_request_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.request_async] and
 * [method@Mcp.Client.request_full_async].
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

/**
 * mcp_client_request_full_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.request_full_async].
 *
 * Returns: (transfer full): the `result` member of the answer
 *
 * Since: 1.0
 */
JsonNode *
mcp_client_request_full_finish (McpClient     *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  return mcp_client_request_finish (self, result, error);
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
