/* mcp-client-lists.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How long McpClient waits for its requests (the request timeouts and
 * their hard maximum, the connect timeout), and the paginated lists of the
 * protocol: every page read into one list, kept as long as the server says
 * it stays fresh (`ttlMs`).
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
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

/* Paginated lists -------------------------------------------------------- */

/* How far a list is followed. A server that hands out a fresh cursor on
 * every page, or pages without end, would keep the client listing for
 * ever, its memory growing; no real list comes near these. */
#define MAX_LIST_PAGES 1000
#define MAX_LIST_ITEMS 100000

/* The longest a list is kept fresh: a hundred years. */
#define MAX_TTL_MS (G_GINT64_CONSTANT (100) * 365 * 24 * 3600 * 1000)

typedef struct
{
  const McpListKind *kind;
  GListStore        *store;
  GHashTable        *cursors;
  guint              pages;
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
  gint64 now;

  if (kind->live < 0)
    return;

  g_clear_object (&self->list_cache[kind->live].items);
  self->list_cache[kind->live].expires = 0;
  if (ttl_ms <= 0)
    return;

  /* A server's freshness may be any integer: clamped, never wrapped. */
  now = g_get_monotonic_time ();
  self->list_cache[kind->live].items = copy_store (kind, list);
  self->list_cache[kind->live].expires = now + MIN (ttl_ms, (G_MAXINT64 - now) / 1000) * 1000;
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

  state->pages++;
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
      /* Any integer may come: past the maximum it is as good as for ever,
       * and G_MAXINT64 itself stands for no page yet. */
      gint64 ttl_ms = MIN (_mcp_json_object_get_int (page, "ttlMs", -1), MAX_TTL_MS);

      state->ttl_ms = ttl_ms < 0 ? -1 : (state->ttl_ms == G_MAXINT64 ? ttl_ms
                                                                     : MIN (state->ttl_ms, ttl_ms));
    }

  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonNode *element = json_array_get_element (items, i);
      g_autoptr(GObject) item = NULL;

      if (g_list_model_get_n_items (G_LIST_MODEL (state->store)) >= MAX_LIST_ITEMS)
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                                   _("The server’s answers to “%s” list more than %u %s; "
                                     "mcp-glib reads at most that many"),
                                   state->kind->method, MAX_LIST_ITEMS, _(state->kind->what));
          return;
        }

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

  if (state->pages >= MAX_LIST_PAGES)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                               _("The server’s answers to “%s” go on past %u pages; mcp-glib "
                                 "reads at most that many"),
                               state->kind->method, MAX_LIST_PAGES);
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

/* What a list that failed (e.g. past the bounds) had read of its pages, if
 * anything. */
GListModel *
_mcp_client_list_all_partial (GAsyncResult *result)
{
  ListState *state = g_task_get_task_data (G_TASK (result));

  if (state == NULL || g_list_model_get_n_items (G_LIST_MODEL (state->store)) == 0)
    return NULL;

  return g_object_ref (G_LIST_MODEL (state->store));
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
