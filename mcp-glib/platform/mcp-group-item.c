/* mcp-group-item.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A tool, resource, resource template or prompt of a client group, with
 * the server it came from and the names the group routes it by.
 */

#include "config.h"

#include "mcp-enums.h"
#include "mcp-group-item-private.h"

/**
 * McpGroupItem:
 *
 * One tool, resource, resource template or prompt in the models of a
 * [class@Mcp.ClientGroup], with the server it came from.
 *
 * [property@Mcp.GroupItem:item] is the [class@Mcp.Tool] (or
 * [class@Mcp.Resource], [class@Mcp.ResourceTemplate], [class@Mcp.Prompt])
 * as the server listed it. [property@Mcp.GroupItem:name] is the name to
 * show and to call it by: the server's own name for it when no other
 * server of the group has the same, and
 * [property@Mcp.GroupItem:qualified-name] when one has. The qualified name
 * (by default `server__name`) never changes, and always reaches the item.
 *
 * Since: 1.0
 */

struct _McpGroupItem
{
  GObject           parent_instance;

  McpGroupItemKind  kind;
  McpGroupServer   *server;
  GObject          *item;
  char             *original_name;
  char             *name;
  char             *qualified_name;
};

G_DEFINE_FINAL_TYPE (McpGroupItem, mcp_group_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_NAME,
  PROP_QUALIFIED_NAME,
  PROP_ORIGINAL_NAME,
  PROP_SERVER,
  PROP_SERVER_NAME,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_group_item_finalize (GObject *object)
{
  McpGroupItem *self = (McpGroupItem *)object;

  g_clear_object (&self->server);
  g_clear_object (&self->item);
  g_clear_pointer (&self->original_name, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->qualified_name, g_free);

  G_OBJECT_CLASS (mcp_group_item_parent_class)->finalize (object);
}

static void
mcp_group_item_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  McpGroupItem *self = MCP_GROUP_ITEM (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_QUALIFIED_NAME:
      g_value_set_string (value, self->qualified_name);
      break;

    case PROP_ORIGINAL_NAME:
      g_value_set_string (value, self->original_name);
      break;

    case PROP_SERVER:
      g_value_set_object (value, self->server);
      break;

    case PROP_SERVER_NAME:
      g_value_set_string (value, mcp_group_server_get_name (self->server));
      break;

    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_group_item_class_init (McpGroupItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_group_item_finalize;
  object_class->get_property = mcp_group_item_get_property;

  /**
   * McpGroupItem:kind:
   *
   * What the item holds.
   *
   * Since: 1.0
   */
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL,
                       MCP_TYPE_GROUP_ITEM_KIND, MCP_GROUP_ITEM_KIND_TOOL,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupItem:name:
   *
   * The name the group knows the item by: its
   * [property@Mcp.GroupItem:original-name] while that is unique in the
   * group, its [property@Mcp.GroupItem:qualified-name] while another
   * server has an item of the same name. Notified when it changes.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupItem:qualified-name:
   *
   * The name that includes the server's, made by the group's name rule
   * ([method@Mcp.ClientGroup.set_name_func]); by default `server__name`.
   * It does not depend on the other servers, so it never changes.
   *
   * Since: 1.0
   */
  properties[PROP_QUALIFIED_NAME] =
    g_param_spec_string ("qualified-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupItem:original-name:
   *
   * The server's own name for the item: a tool's or prompt's name, a
   * resource's URI, a template's URI template.
   *
   * Since: 1.0
   */
  properties[PROP_ORIGINAL_NAME] =
    g_param_spec_string ("original-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupItem:server:
   *
   * The server the item came from.
   *
   * Since: 1.0
   */
  properties[PROP_SERVER] =
    g_param_spec_object ("server", NULL, NULL,
                         MCP_TYPE_GROUP_SERVER,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupItem:server-name:
   *
   * The name of the server the item came from.
   *
   * Since: 1.0
   */
  properties[PROP_SERVER_NAME] =
    g_param_spec_string ("server-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupItem:item:
   *
   * The [class@Mcp.Tool], [class@Mcp.Resource],
   * [class@Mcp.ResourceTemplate] or [class@Mcp.Prompt], as the server
   * listed it.
   *
   * Since: 1.0
   */
  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL,
                         G_TYPE_OBJECT,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_group_item_init (McpGroupItem *self)
{
}

McpGroupItem *
_mcp_group_item_new (McpGroupItemKind  kind,
                     McpGroupServer   *server,
                     GObject          *item,
                     const char       *original_name)
{
  McpGroupItem *self = g_object_new (MCP_TYPE_GROUP_ITEM, NULL);

  self->kind = kind;
  self->server = g_object_ref (server);
  self->item = g_object_ref (item);
  self->original_name = g_strdup (original_name != NULL ? original_name : "");

  return self;
}

void
_mcp_group_item_set_names (McpGroupItem *self,
                           const char   *name,
                           const char   *qualified_name)
{
  g_object_freeze_notify (G_OBJECT (self));

  if (g_strcmp0 (self->qualified_name, qualified_name) != 0)
    {
      g_free (self->qualified_name);
      self->qualified_name = g_strdup (qualified_name);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_QUALIFIED_NAME]);
    }

  if (g_strcmp0 (self->name, name) != 0)
    {
      g_free (self->name);
      self->name = g_strdup (name);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * mcp_group_item_get_kind:
 * @self: a group item
 *
 * Gets what the item holds.
 *
 * Returns: the kind of item
 *
 * Since: 1.0
 */
McpGroupItemKind
mcp_group_item_get_kind (McpGroupItem *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_ITEM (self), MCP_GROUP_ITEM_KIND_TOOL);

  return self->kind;
}

/**
 * mcp_group_item_get_name:
 * @self: a group item
 *
 * Gets the name the group knows the item by, unique in the group.
 *
 * Returns: the name
 *
 * Since: 1.0
 */
const char *
mcp_group_item_get_name (McpGroupItem *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_ITEM (self), NULL);

  return self->name;
}

/**
 * mcp_group_item_get_qualified_name:
 * @self: a group item
 *
 * Gets the name that includes the server's, which never changes.
 *
 * Returns: the qualified name
 *
 * Since: 1.0
 */
const char *
mcp_group_item_get_qualified_name (McpGroupItem *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_ITEM (self), NULL);

  return self->qualified_name;
}

/**
 * mcp_group_item_get_original_name:
 * @self: a group item
 *
 * Gets the server's own name for the item.
 *
 * Returns: the original name
 *
 * Since: 1.0
 */
const char *
mcp_group_item_get_original_name (McpGroupItem *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_ITEM (self), NULL);

  return self->original_name;
}

/**
 * mcp_group_item_get_server:
 * @self: a group item
 *
 * Gets the server the item came from.
 *
 * Returns: (transfer none): the server
 *
 * Since: 1.0
 */
McpGroupServer *
mcp_group_item_get_server (McpGroupItem *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_ITEM (self), NULL);

  return self->server;
}

/**
 * mcp_group_item_get_server_name:
 * @self: a group item
 *
 * Gets the name of the server the item came from.
 *
 * Returns: the server's name
 *
 * Since: 1.0
 */
const char *
mcp_group_item_get_server_name (McpGroupItem *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_ITEM (self), NULL);

  return mcp_group_server_get_name (self->server);
}

/**
 * mcp_group_item_get_item:
 * @self: a group item
 *
 * Gets the tool, resource, resource template or prompt.
 *
 * Returns: (transfer none): the item, as the server listed it
 *
 * Since: 1.0
 */
GObject *
mcp_group_item_get_item (McpGroupItem *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_ITEM (self), NULL);

  return self->item;
}
