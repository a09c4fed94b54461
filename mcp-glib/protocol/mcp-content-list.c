/* mcp-content-list.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The content blocks of a result as a GListModel of McpContent, made one
 * by one when they are asked for. A GListStore filled at once costs a
 * GSequence, a property and a signal emission, and an McpContent for every
 * block, on every call: most callers look at the first block only, or at
 * none.
 */

#include "config.h"

#include "mcp-content.h"
#include "mcp-content-list-private.h"

struct _McpContentList
{
  GObject    parent_instance;

  /* The blocks' JSON objects, and the McpContent made of each, or NULL. */
  GPtrArray *blocks;
  GPtrArray *items;
};

static void mcp_content_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (McpContentList, mcp_content_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      mcp_content_list_model_init))

static GType
mcp_content_list_get_item_type (GListModel *model)
{
  return MCP_TYPE_CONTENT;
}

static guint
mcp_content_list_get_n_items (GListModel *model)
{
  return MCP_CONTENT_LIST (model)->blocks->len;
}

static gpointer
mcp_content_list_get_item (GListModel *model,
                           guint       position)
{
  McpContentList *self = MCP_CONTENT_LIST (model);

  if (position >= self->blocks->len)
    return NULL;

  if (self->items->pdata[position] == NULL)
    {
      McpContent *block = mcp_content_new_from_json (self->blocks->pdata[position], NULL);

      /* The blocks were checked when the result was made, but their JSON
       * is the application's to change since: a block that lost its type
       * is still a block, of no known kind. */
      if (block == NULL)
        {
          g_autoptr(JsonObject) untyped = json_object_new ();

          json_object_set_string_member (untyped, "type", "");
          block = mcp_content_new_from_json (untyped, NULL);
        }

      self->items->pdata[position] = block;
    }

  return g_object_ref (self->items->pdata[position]);
}

static void
mcp_content_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = mcp_content_list_get_item_type;
  iface->get_n_items = mcp_content_list_get_n_items;
  iface->get_item = mcp_content_list_get_item;
}

static void
mcp_content_list_finalize (GObject *object)
{
  McpContentList *self = MCP_CONTENT_LIST (object);

  g_clear_pointer (&self->blocks, g_ptr_array_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (mcp_content_list_parent_class)->finalize (object);
}

static void
mcp_content_list_class_init (McpContentListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mcp_content_list_finalize;
}

static void
mcp_content_list_init (McpContentList *self)
{
}

static void
clear_item (gpointer item)
{
  g_clear_object (&item);
}

/* A list of the objects among @blocks (NULL for none); other elements are
 * left out. */
McpContentList *
_mcp_content_list_new (JsonArray *blocks)
{
  McpContentList *self = g_object_new (MCP_TYPE_CONTENT_LIST, NULL);
  guint n = blocks != NULL ? json_array_get_length (blocks) : 0;

  self->blocks = g_ptr_array_new_full (n, (GDestroyNotify) json_object_unref);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (blocks, i);

      if (JSON_NODE_HOLDS_OBJECT (element))
        g_ptr_array_add (self->blocks, json_object_ref (json_node_get_object (element)));
    }

  self->items = g_ptr_array_new_full (self->blocks->len, clear_item);
  g_ptr_array_set_size (self->items, self->blocks->len);

  return self;
}
