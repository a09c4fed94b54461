/* mcp-group-list.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One aggregated list of a client group: the tools (or resources, resource
 * templates, prompts) of every server, one section per server in the
 * group's order. It is a flatten model in the manner of
 * GtkFlattenListModel: a change in a section is one items-changed at the
 * section's offset, and a server that goes away is one removal of its
 * section.
 *
 * Each section lists its client's items itself, and again whenever the
 * server says they changed, keeping the unchanged items at both ends. The
 * client's live models would keep the items as well, but they do not say
 * when they are first filled, and the group must know that: a server is
 * ready once its lists are known, so that a call by name made then finds
 * its tool.
 *
 * It also gives each item its name in the group. Names are counted over
 * every section, including, for a server that lost its connection, the
 * names it had (its "ghosts"), so that the other servers' names do not
 * change while it reconnects: the ghosts go when its new list arrives.
 *
 * Calls find their item by name: two indexes, by name in the group and by
 * qualified name, kept in step with the sections' items (every item that
 * enters or leaves a section, every rename), make that one hash lookup
 * rather than a walk over every item of every server.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-group-private.h"
#include "mcp-group-item-private.h"
#include "mcp-group-list-private.h"
#include "mcp-prompt.h"
#include "mcp-resource-template.h"
#include "mcp-resource.h"
#include "mcp-tool.h"

typedef struct
{
  McpGroupList   *list;
  McpGroupServer *server;
  McpClient      *client;
  gulong          changed_id;
  /* Cancelled when the section leaves its client. */
  GCancellable   *cancellable;
  gboolean        loaded;
  gboolean        refreshing;
  gboolean        dirty;
  GPtrArray      *items;
  GPtrArray      *ghosts;
} Section;

struct _McpGroupList
{
  GObject           parent_instance;

  McpClientGroup   *group;
  McpGroupItemKind  kind;
  GPtrArray        *sections;
  /* How many items (and ghosts) have each original name. */
  GHashTable       *counts;
  /* The items of the sections by name, and by qualified name: name ->
   * GPtrArray of the items (unowned) that have it, never empty. */
  GHashTable       *by_name;
  GHashTable       *by_qualified;
};

static void mcp_group_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (McpGroupList, mcp_group_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, mcp_group_list_model_init))

static const char *
original_name (McpGroupItemKind  kind,
               gpointer          item)
{
  switch (kind)
    {
    case MCP_GROUP_ITEM_KIND_TOOL:
      return mcp_tool_get_name (item);
    case MCP_GROUP_ITEM_KIND_RESOURCE:
      return mcp_resource_get_uri (item);
    case MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE:
      return mcp_resource_template_get_uri_template (item);
    case MCP_GROUP_ITEM_KIND_PROMPT:
      return mcp_prompt_get_name (item);
    default:
      g_assert_not_reached ();
    }
}

static void
count_name (McpGroupList *self,
            const char   *name,
            int           delta)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->counts, name));

  g_assert (delta > 0 || count > 0);
  count += delta;

  if (count == 0)
    g_hash_table_remove (self->counts, name);
  else
    g_hash_table_replace (self->counts, g_strdup (name), GUINT_TO_POINTER (count));
}

static void
index_add (GHashTable   *index,
           const char   *name,
           McpGroupItem *item)
{
  GPtrArray *items;

  if (name == NULL)
    return;

  items = g_hash_table_lookup (index, name);
  if (items == NULL)
    {
      items = g_ptr_array_new ();
      g_hash_table_insert (index, g_strdup (name), items);
    }
  g_ptr_array_add (items, item);
}

static void
index_remove (GHashTable   *index,
              const char   *name,
              McpGroupItem *item)
{
  GPtrArray *items;
  gboolean found;

  if (name == NULL)
    return;

  items = g_hash_table_lookup (index, name);
  g_assert (items != NULL);
  found = g_ptr_array_remove_fast (items, item);
  g_assert (found);
  if (items->len == 0)
    g_hash_table_remove (index, name);
}

/* An item enters a section. */
static void
index_item (McpGroupList *self,
            McpGroupItem *item)
{
  index_add (self->by_name, mcp_group_item_get_name (item), item);
  index_add (self->by_qualified, mcp_group_item_get_qualified_name (item), item);
}

/* An item leaves a section. */
static void
unindex_item (McpGroupList *self,
              McpGroupItem *item)
{
  index_remove (self->by_name, mcp_group_item_get_name (item), item);
  index_remove (self->by_qualified, mcp_group_item_get_qualified_name (item), item);
}

/* Renames an item of a section, in the indexes too. Its notifications
 * wait until the indexes know the new names. */
static void
set_names (McpGroupList *self,
           McpGroupItem *item,
           const char   *name,
           const char   *qualified)
{
  if (g_strcmp0 (mcp_group_item_get_name (item), name) == 0 &&
      g_strcmp0 (mcp_group_item_get_qualified_name (item), qualified) == 0)
    return;

  g_object_freeze_notify (G_OBJECT (item));
  unindex_item (self, item);
  _mcp_group_item_set_names (item, name, qualified);
  index_item (self, item);
  g_object_thaw_notify (G_OBJECT (item));
}

static void
update_names (McpGroupList *self,
              McpGroupItem *item)
{
  const char *original = mcp_group_item_get_original_name (item);
  const char *qualified = mcp_group_item_get_qualified_name (item);
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->counts, original));

  set_names (self, item, count > 1 ? qualified : original, qualified);
}

/* Renames the items whose original name is in @names. */
static void
rename_items (McpGroupList *self,
              GHashTable   *names)
{
  if (g_hash_table_size (names) == 0)
    return;

  for (guint i = 0; i < self->sections->len; i++)
    {
      Section *section = self->sections->pdata[i];

      for (guint j = 0; j < section->items->len; j++)
        {
          McpGroupItem *item = section->items->pdata[j];

          if (g_hash_table_contains (names, mcp_group_item_get_original_name (item)))
            update_names (self, item);
        }
    }
}

static guint
section_offset (McpGroupList *self,
                Section      *section)
{
  guint offset = 0;

  for (guint i = 0; i < self->sections->len && self->sections->pdata[i] != section; i++)
    offset += ((Section *) self->sections->pdata[i])->items->len;

  return offset;
}

static Section *
find_section (McpGroupList   *self,
              McpGroupServer *server)
{
  for (guint i = 0; i < self->sections->len; i++)
    {
      Section *section = self->sections->pdata[i];

      if (section->server == server)
        return section;
    }

  return NULL;
}

static McpGroupItem *
make_item (McpGroupList   *self,
           McpGroupServer *server,
           GObject        *object)
{
  const char *name = original_name (self->kind, object);
  g_autofree char *qualified = _mcp_client_group_qualify (self->group, self->kind,
                                                          mcp_group_server_get_name (server),
                                                          name != NULL ? name : "");
  McpGroupItem *item = _mcp_group_item_new (self->kind, server, object, name);

  _mcp_group_item_set_names (item, mcp_group_item_get_original_name (item), qualified);
  return item;
}

static void
drop_ghosts (McpGroupList *self,
             Section      *section,
             GHashTable   *renamed)
{
  for (guint i = 0; i < section->ghosts->len; i++)
    {
      count_name (self, section->ghosts->pdata[i], -1);
      g_hash_table_add (renamed, g_strdup (section->ghosts->pdata[i]));
    }
  g_ptr_array_set_size (section->ghosts, 0);
}

static JsonObject *
item_json (McpGroupItemKind  kind,
           gpointer          item)
{
  switch (kind)
    {
    case MCP_GROUP_ITEM_KIND_TOOL:
      return mcp_tool_get_json (item);
    case MCP_GROUP_ITEM_KIND_RESOURCE:
      return mcp_resource_get_json (item);
    case MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE:
      return mcp_resource_template_get_json (item);
    case MCP_GROUP_ITEM_KIND_PROMPT:
      return mcp_prompt_get_json (item);
    default:
      g_assert_not_reached ();
    }
}

static gboolean
same_item (McpGroupList *self,
           McpGroupItem *item,
           GObject      *value)
{
  GObject *current = mcp_group_item_get_item (item);

  return g_strcmp0 (original_name (self->kind, current), original_name (self->kind, value)) == 0 &&
         json_object_equal (item_json (self->kind, current), item_json (self->kind, value));
}

/* Makes the section's items those of @fresh, keeping the unchanged ones at
 * both ends: one items-changed for the part that changed, none when
 * nothing did. */
static void
update_section (McpGroupList *self,
                Section      *section,
                GListModel   *fresh)
{
  g_autoptr(GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_old = section->items->len;
  guint n_new = g_list_model_get_n_items (fresh);
  guint prefix = 0;
  guint suffix = 0;
  guint removed;
  guint added;

  /* The server's list is known again: its names from before count no
   * more. */
  drop_ghosts (self, section, renamed);

  while (prefix < n_old && prefix < n_new)
    {
      g_autoptr(GObject) value = g_list_model_get_item (fresh, prefix);

      if (!same_item (self, section->items->pdata[prefix], value))
        break;
      prefix++;
    }
  while (suffix < n_old - prefix && suffix < n_new - prefix)
    {
      g_autoptr(GObject) value = g_list_model_get_item (fresh, n_new - 1 - suffix);

      if (!same_item (self, section->items->pdata[n_old - 1 - suffix], value))
        break;
      suffix++;
    }

  removed = n_old - prefix - suffix;
  added = n_new - prefix - suffix;

  for (guint i = 0; i < removed; i++)
    {
      McpGroupItem *item = section->items->pdata[prefix + i];

      unindex_item (self, item);
      count_name (self, mcp_group_item_get_original_name (item), -1);
      g_hash_table_add (renamed, g_strdup (mcp_group_item_get_original_name (item)));
    }
  g_ptr_array_remove_range (section->items, prefix, removed);

  for (guint i = 0; i < added; i++)
    {
      g_autoptr(GObject) value = g_list_model_get_item (fresh, prefix + i);
      McpGroupItem *item = make_item (self, section->server, value);

      count_name (self, mcp_group_item_get_original_name (item), +1);
      g_hash_table_add (renamed, g_strdup (mcp_group_item_get_original_name (item)));
      g_ptr_array_insert (section->items, prefix + i, item);
      index_item (self, item);
    }

  rename_items (self, renamed);

  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), section_offset (self, section) + prefix,
                                removed, added);
}

static void refresh (Section *section);

typedef struct
{
  /* Not to be touched once the cancellable is cancelled: it may be gone. */
  Section          *section;
  GCancellable     *cancellable;
  McpGroupItemKind  kind;
} Refresh;

static void
list_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Refresh *refresh_data = user_data;
  g_autoptr(GCancellable) cancellable = refresh_data->cancellable;
  Section *section = refresh_data->section;
  McpGroupItemKind kind = refresh_data->kind;
  McpClient *client = MCP_CLIENT (object);
  g_autoptr(GListModel) fresh = NULL;
  g_autoptr(GError) error = NULL;
  McpGroupList *self;
  gboolean first;

  g_free (refresh_data);

  switch (kind)
    {
    case MCP_GROUP_ITEM_KIND_TOOL:
      fresh = mcp_client_list_tools_finish (client, result, &error);
      break;
    case MCP_GROUP_ITEM_KIND_RESOURCE:
      fresh = mcp_client_list_resources_finish (client, result, &error);
      break;
    case MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE:
      fresh = mcp_client_list_resource_templates_finish (client, result, &error);
      break;
    case MCP_GROUP_ITEM_KIND_PROMPT:
      fresh = mcp_client_list_prompts_finish (client, result, &error);
      break;
    default:
      g_assert_not_reached ();
    }

  /* The section left this client, or is gone. */
  if (g_cancellable_is_cancelled (cancellable))
    return;

  self = section->list;
  section->refreshing = FALSE;
  first = !section->loaded;
  section->loaded = TRUE;

  if (fresh != NULL)
    update_section (self, section, fresh);
  else
    g_debug ("Listing the items of %s failed: %s",
             mcp_group_server_get_name (section->server), error->message);

  if (section->dirty)
    refresh (section);

  if (first)
    _mcp_client_group_section_loaded (self->group, section->server);
}

static void
refresh (Section *section)
{
  Refresh *refresh_data;

  if (section->refreshing)
    {
      section->dirty = TRUE;
      return;
    }

  section->refreshing = TRUE;
  section->dirty = FALSE;
  refresh_data = g_new0 (Refresh, 1);
  refresh_data->section = section;
  refresh_data->cancellable = g_object_ref (section->cancellable);
  refresh_data->kind = section->list->kind;

  switch (section->list->kind)
    {
    case MCP_GROUP_ITEM_KIND_TOOL:
      mcp_client_list_tools_async (section->client, section->cancellable, list_cb, refresh_data);
      break;
    case MCP_GROUP_ITEM_KIND_RESOURCE:
      mcp_client_list_resources_async (section->client, section->cancellable, list_cb,
                                       refresh_data);
      break;
    case MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE:
      mcp_client_list_resource_templates_async (section->client, section->cancellable, list_cb,
                                                refresh_data);
      break;
    case MCP_GROUP_ITEM_KIND_PROMPT:
      mcp_client_list_prompts_async (section->client, section->cancellable, list_cb, refresh_data);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
list_changed_cb (McpClient  *client,
                 const char *list,
                 Section    *section)
{
  refresh (section);
}

/* Leaves the section's client, if any: what it was listing is abandoned. */
static void
leave_client (Section *section)
{
  if (section->client == NULL)
    return;

  g_cancellable_cancel (section->cancellable);
  g_clear_object (&section->cancellable);
  g_clear_signal_handler (&section->changed_id, section->client);
  g_clear_object (&section->client);
  section->refreshing = FALSE;
  section->dirty = FALSE;
  section->loaded = FALSE;
}

static void
section_free (gpointer data)
{
  Section *section = data;

  leave_client (section);
  g_clear_object (&section->server);
  g_ptr_array_unref (section->items);
  g_ptr_array_unref (section->ghosts);
  g_free (section);
}

static GType
mcp_group_list_get_item_type (GListModel *model)
{
  return MCP_TYPE_GROUP_ITEM;
}

static guint
mcp_group_list_get_n_items (GListModel *model)
{
  McpGroupList *self = MCP_GROUP_LIST (model);

  return section_offset (self, NULL);
}

static gpointer
mcp_group_list_get_item (GListModel *model,
                         guint       position)
{
  McpGroupList *self = MCP_GROUP_LIST (model);

  for (guint i = 0; i < self->sections->len; i++)
    {
      Section *section = self->sections->pdata[i];

      if (position < section->items->len)
        return g_object_ref (section->items->pdata[position]);
      position -= section->items->len;
    }

  return NULL;
}

static void
mcp_group_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = mcp_group_list_get_item_type;
  iface->get_n_items = mcp_group_list_get_n_items;
  iface->get_item = mcp_group_list_get_item;
}

static void
mcp_group_list_dispose (GObject *object)
{
  McpGroupList *self = (McpGroupList *)object;

  g_ptr_array_set_size (self->sections, 0);
  g_hash_table_remove_all (self->by_name);
  g_hash_table_remove_all (self->by_qualified);

  G_OBJECT_CLASS (mcp_group_list_parent_class)->dispose (object);
}

static void
mcp_group_list_finalize (GObject *object)
{
  McpGroupList *self = (McpGroupList *)object;

  g_clear_pointer (&self->sections, g_ptr_array_unref);
  g_clear_pointer (&self->counts, g_hash_table_unref);
  g_clear_pointer (&self->by_name, g_hash_table_unref);
  g_clear_pointer (&self->by_qualified, g_hash_table_unref);

  G_OBJECT_CLASS (mcp_group_list_parent_class)->finalize (object);
}

static void
mcp_group_list_class_init (McpGroupListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_group_list_dispose;
  object_class->finalize = mcp_group_list_finalize;
}

static void
mcp_group_list_init (McpGroupList *self)
{
  self->sections = g_ptr_array_new_with_free_func (section_free);
  self->counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_ptr_array_unref);
  self->by_qualified = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify) g_ptr_array_unref);
}

McpGroupList *
_mcp_group_list_new (McpClientGroup   *group,
                     McpGroupItemKind  kind)
{
  McpGroupList *self = g_object_new (MCP_TYPE_GROUP_LIST, NULL);

  self->group = group;
  self->kind = kind;

  return self;
}

/* A section for @server, empty until it has a source, at @position among
 * the sections. */
void
_mcp_group_list_add_section (McpGroupList   *self,
                             McpGroupServer *server,
                             guint           position)
{
  Section *section = g_new0 (Section, 1);

  g_return_if_fail (find_section (self, server) == NULL);

  section->list = self;
  section->server = g_object_ref (server);
  section->items = g_ptr_array_new_with_free_func (g_object_unref);
  section->ghosts = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_insert (self->sections, MIN (position, self->sections->len), section);
}

void
_mcp_group_list_remove_section (McpGroupList   *self,
                                McpGroupServer *server)
{
  g_autoptr(GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Section *section = find_section (self, server);

  if (section == NULL)
    return;

  _mcp_group_list_set_client (self, server, NULL, FALSE);
  drop_ghosts (self, section, renamed);
  g_ptr_array_remove (self->sections, section);
  rename_items (self, renamed);
}

/* Makes the section of @server list the items of @client (NULL: empty
 * it). With @keep_names, the names of the items that leave keep counting
 * until the server's list is known again: the server is only
 * reconnecting. */
void
_mcp_group_list_set_client (McpGroupList   *self,
                            McpGroupServer *server,
                            McpClient      *client,
                            gboolean        keep_names)
{
  g_autoptr(GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  static const char * const capabilities[] = { "tools", "resources", "resources", "prompts" };
  static const char * const details[] = { "list-changed::tools", "list-changed::resources",
                                          "list-changed::resources", "list-changed::prompts" };
  Section *section = find_section (self, server);
  JsonObject *server_capabilities;
  guint removed;

  g_return_if_fail (section != NULL);

  if (section->client == client)
    return;

  leave_client (section);

  removed = section->items->len;
  for (guint i = 0; i < removed; i++)
    {
      McpGroupItem *item = section->items->pdata[i];
      const char *name = mcp_group_item_get_original_name (item);

      unindex_item (self, item);
      if (keep_names)
        g_ptr_array_add (section->ghosts, g_strdup (name));
      else
        {
          count_name (self, name, -1);
          g_hash_table_add (renamed, g_strdup (name));
        }
    }
  g_ptr_array_set_size (section->items, 0);

  rename_items (self, renamed);
  if (removed > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), section_offset (self, section), removed, 0);

  if (client == NULL)
    return;

  section->client = g_object_ref (client);
  section->cancellable = g_cancellable_new ();
  server_capabilities = mcp_client_get_server_capabilities (client);

  /* Nothing to list: known at once. */
  if (server_capabilities == NULL ||
      !json_object_has_member (server_capabilities, capabilities[self->kind]))
    {
      g_autoptr(GHashTable) gone = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      section->loaded = TRUE;
      drop_ghosts (self, section, gone);
      rename_items (self, gone);
      return;
    }

  section->changed_id = g_signal_connect (client, details[self->kind],
                                          G_CALLBACK (list_changed_cb), section);
  refresh (section);
}

/* Whether the section of @server knows its client's list. */
gboolean
_mcp_group_list_is_loaded (McpGroupList   *self,
                           McpGroupServer *server)
{
  Section *section = find_section (self, server);

  return section != NULL && section->loaded;
}

/* The group's name rule changed: every qualified name is made again. */
void
_mcp_group_list_requalify (McpGroupList *self)
{
  for (guint i = 0; i < self->sections->len; i++)
    {
      Section *section = self->sections->pdata[i];

      for (guint j = 0; j < section->items->len; j++)
        {
          McpGroupItem *item = section->items->pdata[j];
          g_autofree char *qualified =
            _mcp_client_group_qualify (self->group, self->kind,
                                       mcp_group_server_get_name (section->server),
                                       mcp_group_item_get_original_name (item));

          set_names (self, item, mcp_group_item_get_name (item), qualified);
          update_names (self, item);
        }
    }
}

/* The item called @name, by its name in the group or, failing that, by its
 * qualified name. */
McpGroupItem *
_mcp_group_list_lookup (McpGroupList  *self,
                        const char    *name,
                        GError       **error)
{
  GPtrArray *found = g_hash_table_lookup (self->by_name, name);
  guint matches;

  if (found == NULL)
    found = g_hash_table_lookup (self->by_qualified, name);
  matches = found != NULL ? found->len : 0;

  if (matches == 1)
    return found->pdata[0];

  /* Several servers have an item of that name, which therefore goes by
   * its qualified names only. */
  for (guint i = 0; i < self->sections->len && matches == 0; i++)
    {
      Section *section = self->sections->pdata[i];

      for (guint j = 0; j < section->items->len; j++)
        {
          McpGroupItem *item = section->items->pdata[j];

          if (g_strcmp0 (mcp_group_item_get_original_name (item), name) == 0)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("Several servers of the group offer “%s”: use a qualified name, "
                             "such as “%s”"), name, mcp_group_item_get_qualified_name (item));
              return NULL;
            }
        }
    }

  if (matches > 1)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("“%s” names more than one item of the group"), name);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                 _("No server of the group offers “%s” at the moment"), name);

  return NULL;
}
