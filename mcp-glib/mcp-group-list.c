/* mcp-group-list.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One aggregated list of a client group: the tools (or resources, resource
 * templates, prompts) of every server, one section per server in the
 * group's order, each mirroring its client's live model. It is a flatten
 * model in the manner of GtkFlattenListModel: a change in a section is one
 * items-changed at the section's offset, of the same size, and a server
 * that goes away is one removal of its section.
 *
 * It also gives each item its name in the group. Names are counted over
 * every section, including, for a server that lost its connection, the
 * names it had (its "ghosts"), so that the other servers' names do not
 * change while it reconnects: the ghosts go when its new list arrives.
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
  GListModel     *source;
  gulong          changed_id;
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
update_names (McpGroupList *self,
              McpGroupItem *item)
{
  const char *original = mcp_group_item_get_original_name (item);
  const char *qualified = mcp_group_item_get_qualified_name (item);
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->counts, original));

  _mcp_group_item_set_names (item, count > 1 ? qualified : original, qualified);
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

static void
source_items_changed_cb (GListModel *source,
                         guint       position,
                         guint       removed,
                         guint       added,
                         gpointer    user_data)
{
  Section *section = user_data;
  McpGroupList *self = section->list;
  g_autoptr(GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  drop_ghosts (self, section, renamed);

  for (guint i = 0; i < removed; i++)
    {
      McpGroupItem *item = section->items->pdata[position + i];

      count_name (self, mcp_group_item_get_original_name (item), -1);
      g_hash_table_add (renamed, g_strdup (mcp_group_item_get_original_name (item)));
    }
  g_ptr_array_remove_range (section->items, position, removed);

  for (guint i = 0; i < added; i++)
    {
      g_autoptr(GObject) object = g_list_model_get_item (source, position + i);
      McpGroupItem *item = make_item (self, section->server, object);

      count_name (self, mcp_group_item_get_original_name (item), +1);
      g_hash_table_add (renamed, g_strdup (mcp_group_item_get_original_name (item)));
      g_ptr_array_insert (section->items, position + i, item);
    }

  rename_items (self, renamed);

  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), section_offset (self, section) + position,
                                removed, added);
}

static void
section_free (gpointer data)
{
  Section *section = data;

  g_clear_signal_handler (&section->changed_id, section->source);
  g_clear_object (&section->source);
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

  G_OBJECT_CLASS (mcp_group_list_parent_class)->dispose (object);
}

static void
mcp_group_list_finalize (GObject *object)
{
  McpGroupList *self = (McpGroupList *)object;

  g_clear_pointer (&self->sections, g_ptr_array_unref);
  g_clear_pointer (&self->counts, g_hash_table_unref);

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

  _mcp_group_list_set_source (self, server, NULL, FALSE);
  drop_ghosts (self, section, renamed);
  g_ptr_array_remove (self->sections, section);
  rename_items (self, renamed);
}

/* Makes the section of @server mirror @source (NULL: empty it). With
 * @keep_names, the names of the items that leave keep counting until the
 * next source has its items: the server is only reconnecting. */
void
_mcp_group_list_set_source (McpGroupList   *self,
                            McpGroupServer *server,
                            GListModel     *source,
                            gboolean        keep_names)
{
  g_autoptr(GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Section *section = find_section (self, server);
  guint removed;
  guint added;

  g_return_if_fail (section != NULL);

  if (section->source == source)
    return;

  g_clear_signal_handler (&section->changed_id, section->source);
  g_clear_object (&section->source);

  removed = section->items->len;
  for (guint i = 0; i < removed; i++)
    {
      McpGroupItem *item = section->items->pdata[i];
      const char *name = mcp_group_item_get_original_name (item);

      if (keep_names)
        g_ptr_array_add (section->ghosts, g_strdup (name));
      else
        {
          count_name (self, name, -1);
          g_hash_table_add (renamed, g_strdup (name));
        }
    }
  g_ptr_array_set_size (section->items, 0);

  if (source != NULL)
    {
      section->source = g_object_ref (source);
      section->changed_id = g_signal_connect (source, "items-changed",
                                              G_CALLBACK (source_items_changed_cb), section);

      if (g_list_model_get_n_items (source) > 0)
        drop_ghosts (self, section, renamed);

      for (guint i = 0; i < g_list_model_get_n_items (source); i++)
        {
          g_autoptr(GObject) object = g_list_model_get_item (source, i);
          McpGroupItem *item = make_item (self, server, object);

          count_name (self, mcp_group_item_get_original_name (item), +1);
          g_hash_table_add (renamed, g_strdup (mcp_group_item_get_original_name (item)));
          g_ptr_array_add (section->items, item);
        }
    }
  added = section->items->len;

  rename_items (self, renamed);

  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), section_offset (self, section), removed, added);
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

          _mcp_group_item_set_names (item, mcp_group_item_get_name (item), qualified);
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
  McpGroupItem *found = NULL;
  guint matches = 0;

  for (guint pass = 0; pass < 2 && matches == 0; pass++)
    {
      for (guint i = 0; i < self->sections->len; i++)
        {
          Section *section = self->sections->pdata[i];

          for (guint j = 0; j < section->items->len; j++)
            {
              McpGroupItem *item = section->items->pdata[j];
              const char *candidate = pass == 0 ? mcp_group_item_get_name (item)
                                                : mcp_group_item_get_qualified_name (item);

              if (g_strcmp0 (candidate, name) == 0)
                {
                  found = item;
                  matches++;
                }
            }
        }
    }

  if (matches == 1)
    return found;

  if (matches > 1)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("“%s” names more than one item of the group: use a qualified name"), name);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                 _("No server of the group offers “%s” at the moment"), name);

  return NULL;
}
