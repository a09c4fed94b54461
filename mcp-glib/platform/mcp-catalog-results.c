/* mcp-catalog-results.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A listing of a registry as a GListModel that loads its pages on demand,
 * following metadata.nextCursor, within the catalog's bounds.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-json-private.h"
#include "mcp-server-catalog-private.h"

/**
 * McpCatalogResults:
 *
 * Entries of a registry ([class@Mcp.CatalogEntry]), as
 * [method@Mcp.ServerCatalog.search] and
 * [method@Mcp.ServerCatalog.list_versions] give them: a
 * [iface@Gio.ListModel] that is empty at first and grows by a page each
 * time [method@Mcp.CatalogResults.load_more_async] is called, as a list
 * view does when it is scrolled to its end.
 *
 * An entry of a page that cannot be read is left out, and counted in
 * [property@Mcp.CatalogResults:n-skipped]: the others are listed. A
 * registry that pages for ever, or sends too much, ends the listing with
 * an error (see [class@Mcp.ServerCatalog]'s bounds).
 *
 * Since: 1.0
 */

struct _McpCatalogResults
{
  GObject           parent_instance;

  McpServerCatalog *catalog;
  char             *path;
  GHashTable       *query;
  char             *cursor;
  GHashTable       *cursors;
  GPtrArray        *items;
  guint             n_pages;
  guint             n_skipped;
  gboolean          has_more;
  gboolean          loading;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (McpCatalogResults, mcp_catalog_results, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_HAS_MORE,
  PROP_LOADING,
  PROP_N_SKIPPED,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GType
get_item_type (GListModel *model)
{
  return MCP_TYPE_CATALOG_ENTRY;
}

static guint
get_n_items (GListModel *model)
{
  return MCP_CATALOG_RESULTS (model)->items->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  McpCatalogResults *self = MCP_CATALOG_RESULTS (model);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (self->items->pdata[position]);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
mcp_catalog_results_finalize (GObject *object)
{
  McpCatalogResults *self = (McpCatalogResults *)object;

  g_clear_object (&self->catalog);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->query, g_hash_table_unref);
  g_clear_pointer (&self->cursor, g_free);
  g_clear_pointer (&self->cursors, g_hash_table_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (mcp_catalog_results_parent_class)->finalize (object);
}

static void
mcp_catalog_results_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  McpCatalogResults *self = MCP_CATALOG_RESULTS (object);

  switch (prop_id)
    {
    case PROP_HAS_MORE:
      g_value_set_boolean (value, self->has_more);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_N_SKIPPED:
      g_value_set_uint (value, self->n_skipped);
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->items->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_catalog_results_class_init (McpCatalogResultsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_catalog_results_finalize;
  object_class->get_property = mcp_catalog_results_get_property;

  /**
   * McpCatalogResults:has-more:
   *
   * Whether the registry has more pages to load.
   *
   * Since: 1.0
   */
  properties[PROP_HAS_MORE] =
    g_param_spec_boolean ("has-more", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * McpCatalogResults:loading:
   *
   * Whether a page is being loaded.
   *
   * Since: 1.0
   */
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * McpCatalogResults:n-skipped:
   *
   * How many entries of the loaded pages could not be read and were left
   * out.
   *
   * Since: 1.0
   */
  properties[PROP_N_SKIPPED] =
    g_param_spec_uint ("n-skipped", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * McpCatalogResults:n-items:
   *
   * How many entries are loaded.
   *
   * Since: 1.0
   */
  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_catalog_results_init (McpCatalogResults *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->has_more = TRUE;
}

McpCatalogResults *
_mcp_catalog_results_new (McpServerCatalog *catalog,
                          const char       *path,
                          GHashTable       *query)
{
  McpCatalogResults *self = g_object_new (MCP_TYPE_CATALOG_RESULTS, NULL);

  self->catalog = g_object_ref (catalog);
  self->path = g_strdup (path);
  self->query = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  if (query != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, query);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (self->query, key, g_strdup (value));
    }

  return self;
}

/**
 * mcp_catalog_results_get_has_more:
 * @self: results
 *
 * Gets whether the registry has more pages to load.
 *
 * Returns: %TRUE until the last page is loaded or an error ended the
 *   listing
 *
 * Since: 1.0
 */
gboolean
mcp_catalog_results_get_has_more (McpCatalogResults *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_RESULTS (self), FALSE);

  return self->has_more;
}

/**
 * mcp_catalog_results_get_loading:
 * @self: results
 *
 * Gets whether a page is being loaded.
 *
 * Returns: %TRUE while a page is loaded
 *
 * Since: 1.0
 */
gboolean
mcp_catalog_results_get_loading (McpCatalogResults *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_RESULTS (self), FALSE);

  return self->loading;
}

/**
 * mcp_catalog_results_get_n_skipped:
 * @self: results
 *
 * Gets how many entries could not be read and were left out.
 *
 * Returns: the number of entries left out
 *
 * Since: 1.0
 */
guint
mcp_catalog_results_get_n_skipped (McpCatalogResults *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_RESULTS (self), 0);

  return self->n_skipped;
}

static void
set_loading (McpCatalogResults *self,
             gboolean           loading)
{
  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
end_listing (McpCatalogResults *self)
{
  if (self->has_more)
    {
      self->has_more = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_MORE]);
    }
}

static void
fetch_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpCatalogResults *self = g_task_get_source_object (task);
  const McpCatalogLimits *limits = _mcp_server_catalog_get_limits (self->catalog);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *root;
  JsonObject *metadata;
  JsonArray *servers;
  const char *next;
  guint position = self->items->len;
  guint n_skipped = self->n_skipped;
  GError *failure = NULL;

  if ((node = _mcp_server_catalog_fetch_json_finish (self->catalog, result, &error)) == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        end_listing (self);
      set_loading (self, FALSE);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  root = json_node_get_object (node);
  if ((servers = _mcp_json_object_get_array (root, "servers")) == NULL)
    {
      end_listing (self);
      set_loading (self, FALSE);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                       "%s", _("The registry’s answer has no list of “servers”"));
      return;
    }

  self->n_pages++;

  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonNode *item = json_array_get_element (servers, i);
      g_autoptr(GError) entry_error = NULL;
      McpCatalogEntry *entry = NULL;

      if (self->items->len >= limits->max_items)
        {
          failure = g_error_new (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                                 _("The registry listed more than %u servers"),
                                 limits->max_items);
          break;
        }

      if (JSON_NODE_HOLDS_OBJECT (item))
        entry = mcp_catalog_entry_new_from_json (json_node_get_object (item), &entry_error);
      if (entry == NULL)
        {
          g_debug ("A registry entry is left out: %s",
                   entry_error != NULL ? entry_error->message : "not an object");
          self->n_skipped++;
          continue;
        }
      g_ptr_array_add (self->items, entry);
    }

  metadata = _mcp_json_object_get_object (root, "metadata");
  next = metadata != NULL ? _mcp_json_object_get_string (metadata, "nextCursor") : NULL;

  if (failure != NULL || next == NULL || *next == '\0')
    ;
  else if (g_hash_table_contains (self->cursors, next))
    failure = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                   _("The registry’s pages go round in a loop"));
  else if (self->n_pages >= limits->max_pages)
    failure = g_error_new (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                           _("The registry has more than %u pages of servers"),
                           limits->max_pages);
  else
    {
      g_hash_table_add (self->cursors, g_strdup (next));
      g_free (self->cursor);
      self->cursor = g_strdup (next);
    }

  /* The model is up to date before the load is reported finished. */
  if (self->items->len > position)
    {
      g_list_model_items_changed (G_LIST_MODEL (self), position, 0, self->items->len - position);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
    }
  if (self->n_skipped != n_skipped)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SKIPPED]);
  if (failure != NULL || next == NULL || *next == '\0')
    end_listing (self);
  set_loading (self, FALSE);

  if (failure != NULL)
    g_task_return_error (task, g_steal_pointer (&failure));
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * mcp_catalog_results_load_more_async:
 * @self: results
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the page is loaded
 * @user_data: data for @callback
 *
 * Loads the next page of the listing and appends its entries. When there
 * is no more page, it finishes at once, successfully, adding nothing.
 *
 * Since: 1.0
 */
void
mcp_catalog_results_load_more_async (McpCatalogResults   *self,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GHashTable) query = NULL;
  const McpCatalogLimits *limits;

  g_return_if_fail (MCP_IS_CATALOG_RESULTS (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_catalog_results_load_more_async);

  if (self->loading)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                                       "%s", _("A page is being loaded already"));
      return;
    }
  if (!self->has_more)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  limits = _mcp_server_catalog_get_limits (self->catalog);
  query = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, self->query);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_hash_table_insert (query, key, g_strdup (value));
  }
  g_hash_table_insert (query, (char *) "limit", g_strdup_printf ("%u", limits->page_size));
  if (self->cursor != NULL)
    g_hash_table_insert (query, (char *) "cursor", g_strdup (self->cursor));

  set_loading (self, TRUE);
  _mcp_server_catalog_fetch_json_async (self->catalog, self->path, query, cancellable, fetch_cb,
                                        g_steal_pointer (&task));
}

/**
 * mcp_catalog_results_load_more_finish:
 * @self: results
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.CatalogResults.load_more_async]. After an error,
 * [property@Mcp.CatalogResults:has-more] is %FALSE (unless the load was
 * cancelled): what was loaded stays.
 *
 * Returns: %TRUE if the page was loaded, or there was none to load
 *
 * Since: 1.0
 */
gboolean
mcp_catalog_results_load_more_finish (McpCatalogResults  *self,
                                      GAsyncResult       *result,
                                      GError            **error)
{
  g_return_val_if_fail (MCP_IS_CATALOG_RESULTS (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
