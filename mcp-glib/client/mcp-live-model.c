/* mcp-live-model.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A list of the server's tools, resources, resource templates or prompts
 * that keeps itself up to date: McpClient refreshes it once connected and
 * whenever the server says the list changed. It implements GListModel
 * itself, keeping its items in an array, and replaces only the entries
 * that changed, with one minimal items-changed, so that a bound GtkListView
 * neither flickers nor loses its selection.
 */

#include "config.h"

#include "mcp-json-private.h"
#include "mcp-live-model-private.h"
#include "mcp-source-private.h"

/* A list is never read again sooner than this, however short its
 * freshness. */
#define MIN_EXPIRY_MS 1000

/* A refresh that failed is tried again, waiting twice as long each time
 * from the first delay up to the last, for as long as the client is
 * connected: a model must not stay stale for good after one failure. */
#define RETRY_FIRST_MS 1000
#define RETRY_MAX_MS   60000

struct _McpLiveModel
{
  GObject            parent_instance;

  /* Not owned: the client owns its models, and detaches them when it goes
   * away while the application still holds one. */
  McpClient         *client;
  const McpListKind *kind;
  GPtrArray         *items;
  GCancellable      *cancellable;
  /* Read again when the list stops being fresh, for a server that does not
   * say when it changes. */
  GSource           *expiry;
  /* Reads again after a failed refresh. */
  GSource           *retry;
  guint              failures;
  guint              refreshing : 1;
  guint              dirty : 1;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (McpLiveModel, mcp_live_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
mcp_live_model_get_item_type (GListModel *model)
{
  return MCP_LIVE_MODEL (model)->kind->item_type ();
}

static guint
mcp_live_model_get_n_items (GListModel *model)
{
  return MCP_LIVE_MODEL (model)->items->len;
}

static gpointer
mcp_live_model_get_item (GListModel *model,
                         guint       position)
{
  McpLiveModel *self = MCP_LIVE_MODEL (model);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = mcp_live_model_get_item_type;
  iface->get_n_items = mcp_live_model_get_n_items;
  iface->get_item = mcp_live_model_get_item;
}

static void
mcp_live_model_dispose (GObject *object)
{
  McpLiveModel *self = (McpLiveModel *)object;

  _mcp_live_model_detach (self);
  _mcp_source_clear (&self->expiry);
  _mcp_source_clear (&self->retry);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (mcp_live_model_parent_class)->dispose (object);
}

static void
mcp_live_model_finalize (GObject *object)
{
  McpLiveModel *self = (McpLiveModel *)object;

  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (mcp_live_model_parent_class)->finalize (object);
}

static void
mcp_live_model_class_init (McpLiveModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_live_model_dispose;
  object_class->finalize = mcp_live_model_finalize;
}

static void
mcp_live_model_init (McpLiveModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

McpLiveModel *
_mcp_live_model_new (McpClient         *client,
                     const McpListKind *kind)
{
  McpLiveModel *self;

  g_assert (MCP_IS_CLIENT (client));
  g_assert (kind != NULL);

  self = g_object_new (MCP_TYPE_LIVE_MODEL, NULL);
  self->client = client;
  self->kind = kind;

  return self;
}

static const char *
item_key (const McpListKind *kind,
          gpointer           item)
{
  return _mcp_json_object_get_string (kind->get_json (item), kind->key);
}

static gboolean
items_equal (const McpListKind *kind,
             gpointer           a,
             gpointer           b)
{
  return g_strcmp0 (item_key (kind, a), item_key (kind, b)) == 0 &&
         json_object_equal (kind->get_json (a), kind->get_json (b));
}

/* Replaces the items with @fresh, keeping the unchanged entries at both
 * ends: one items-changed for the part that changed, none at all when
 * nothing did. */
static void
update (McpLiveModel *self,
        GListModel   *fresh)
{
  guint n_old = self->items->len;
  guint n_new = g_list_model_get_n_items (fresh);
  guint prefix = 0;
  guint suffix = 0;
  guint removed;
  guint added;

  while (prefix < n_old && prefix < n_new)
    {
      g_autoptr(GObject) b = g_list_model_get_item (fresh, prefix);

      if (!items_equal (self->kind, g_ptr_array_index (self->items, prefix), b))
        break;
      prefix++;
    }

  while (suffix < n_old - prefix && suffix < n_new - prefix)
    {
      g_autoptr(GObject) b = g_list_model_get_item (fresh, n_new - 1 - suffix);

      if (!items_equal (self->kind, g_ptr_array_index (self->items, n_old - 1 - suffix), b))
        break;
      suffix++;
    }

  removed = n_old - prefix - suffix;
  added = n_new - prefix - suffix;
  if (removed == 0 && added == 0)
    return;

  g_ptr_array_remove_range (self->items, prefix, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (self->items, prefix + i, g_list_model_get_item (fresh, prefix + i));

  g_list_model_items_changed (G_LIST_MODEL (self), prefix, removed, added);
}

static gboolean
expired_cb (gpointer user_data)
{
  McpLiveModel *self = user_data;

  _mcp_source_clear (&self->expiry);
  _mcp_live_model_refresh (self);

  return G_SOURCE_REMOVE;
}

/* A server that says how long its list stays fresh but not when it
 * changes: the list is read again once it is stale. */
static void
schedule_expiry (McpLiveModel *self)
{
  JsonObject *capability = _mcp_json_object_get_object (mcp_client_get_server_capabilities (self->client),
                                                        self->kind->capability);
  gint64 expires = _mcp_client_list_expires (self->client, self->kind->live);
  gint64 delay_ms;

  _mcp_source_clear (&self->expiry);
  if (expires == 0 || _mcp_json_object_get_bool (capability, "listChanged", FALSE))
    return;

  delay_ms = MAX ((expires - g_get_monotonic_time ()) / 1000, MIN_EXPIRY_MS);
  self->expiry = _mcp_timeout_source_attach (_mcp_client_get_context (self->client), MIN (delay_ms, G_MAXUINT),
                                             expired_cb, self, NULL);
}

static gboolean
retry_cb (gpointer user_data)
{
  McpLiveModel *self = user_data;

  _mcp_source_clear (&self->retry);
  _mcp_live_model_refresh (self);

  return G_SOURCE_REMOVE;
}

/* The refresh failed: another one comes later, which also covers a change
 * announced while this one ran. */
static void
schedule_retry (McpLiveModel *self)
{
  guint delay_ms = RETRY_FIRST_MS << MIN (self->failures, 6);

  self->failures++;
  _mcp_source_clear (&self->retry);
  self->retry = _mcp_timeout_source_attach (self->client->context, MIN (delay_ms, RETRY_MAX_MS),
                                            retry_cb, self, NULL);
}

static void
refresh_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(McpLiveModel) self = user_data;
  g_autoptr(GListModel) fresh = NULL;
  g_autoptr(GError) error = NULL;

  self->refreshing = FALSE;

  fresh = _mcp_client_list_all_finish (MCP_CLIENT (object), result, (gpointer) self->kind,
                                       &error);
  if (fresh == NULL)
    {
      g_autoptr(GListModel) partial = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->client == NULL)
        return;

      g_debug ("Refreshing the %s failed: %s", self->kind->what, error->message);

      /* A list past the bounds is not read again until the server
       * announces a change: the model shows what was read of it. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
        {
          partial = _mcp_client_list_all_partial (result);
          if (partial != NULL)
            update (self, partial);
          if (self->dirty)
            _mcp_live_model_refresh (self);
          return;
        }

      schedule_retry (self);
      return;
    }

  if (self->client == NULL)
    return;

  self->failures = 0;
  update (self, fresh);

  if (self->dirty)
    {
      _mcp_live_model_refresh (self);
      return;
    }

  schedule_expiry (self);
}

void
_mcp_live_model_refresh (McpLiveModel *self)
{
  g_return_if_fail (MCP_IS_LIVE_MODEL (self));

  if (self->client == NULL || mcp_client_get_state (self->client) != MCP_CLIENT_STATE_READY ||
      !json_object_has_member (mcp_client_get_server_capabilities (self->client), self->kind->capability))
    return;

  /* A change announced during a refresh needs another one after it. */
  if (self->refreshing)
    {
      self->dirty = TRUE;
      return;
    }

  self->dirty = FALSE;
  self->refreshing = TRUE;
  _mcp_source_clear (&self->retry);
  if (self->cancellable == NULL)
    self->cancellable = g_cancellable_new ();

  _mcp_client_list_all_async (self->client, self->kind, (gpointer) self->kind, self->cancellable,
                              refresh_cb, g_object_ref (self));
}

/* Stops a refresh in progress: the connection is ending. */
void
_mcp_live_model_cancel (McpLiveModel *self)
{
  g_return_if_fail (MCP_IS_LIVE_MODEL (self));

  g_cancellable_cancel (self->cancellable);
  _mcp_source_clear (&self->expiry);
  _mcp_source_clear (&self->retry);
  self->failures = 0;
}

/* The client is going away: the model keeps its items, unchanged. */
void
_mcp_live_model_detach (McpLiveModel *self)
{
  g_return_if_fail (MCP_IS_LIVE_MODEL (self));

  g_cancellable_cancel (self->cancellable);
  _mcp_source_clear (&self->expiry);
  _mcp_source_clear (&self->retry);
  self->client = NULL;
}

/* Indexed by McpLiveKind. */
static const McpListKind * const live_kinds[] = {
  &_mcp_list_tools_kind,
  &_mcp_list_resources_kind,
  &_mcp_list_resource_templates_kind,
  &_mcp_list_prompts_kind,
};

G_STATIC_ASSERT (G_N_ELEMENTS (live_kinds) == MCP_N_LIVE_MODELS);

GListModel *
_mcp_client_get_live_model (McpClient   *self,
                            McpLiveKind  which)
{
  g_assert (MCP_IS_CLIENT (self));
  g_assert (which < MCP_N_LIVE_MODELS);
  _mcp_client_check_context (self, G_STRFUNC);

  if (self->live[which] == NULL)
    {
      self->live[which] = _mcp_live_model_new (self, live_kinds[which]);
      _mcp_live_model_refresh (self->live[which]);
    }

  return G_LIST_MODEL (self->live[which]);
}

void
_mcp_client_refresh_live_model (McpClient   *self,
                                McpLiveKind  which)
{
  g_assert (MCP_IS_CLIENT (self));
  g_assert (which < MCP_N_LIVE_MODELS);

  if (self->live[which] != NULL)
    _mcp_live_model_refresh (self->live[which]);
}
