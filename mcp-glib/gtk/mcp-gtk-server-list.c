/* mcp-gtk-server-list.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-gtk-server-list.h"
#include "mcp-gtk-private.h"

/**
 * McpGtkServerList:
 *
 * The servers of a [class@Mcp.ClientGroup] as a boxed list, one
 * [class@McpGtk.ServerRow] each, as they are added to the group and
 * removed from it: each with its state, why it failed, the countdown to
 * the next attempt, and a "Sign In" button when it needs one.
 *
 * Since: 1.0
 */
struct _McpGtkServerList
{
  GtkWidget       parent_instance;

  McpClientGroup *group;
  GtkWidget      *list_box;
};

G_DEFINE_FINAL_TYPE (McpGtkServerList, mcp_gtk_server_list, GTK_TYPE_WIDGET)

enum {
  SIGN_IN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_row_sign_in (McpGtkServerRow  *row,
                McpGtkServerList *self)
{
  g_signal_emit (self, signals[SIGN_IN], 0, mcp_gtk_server_row_get_server (row));
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  GtkWidget *row = mcp_gtk_server_row_new (MCP_GROUP_SERVER (item));

  g_signal_connect_object (row, "sign-in", G_CALLBACK (on_row_sign_in), user_data, 0);
  return row;
}

static void
mcp_gtk_server_list_dispose (GObject *object)
{
  McpGtkServerList *self = MCP_GTK_SERVER_LIST (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->list_box = NULL;
  g_clear_object (&self->group);

  G_OBJECT_CLASS (mcp_gtk_server_list_parent_class)->dispose (object);
}

static void
mcp_gtk_server_list_class_init (McpGtkServerListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mcp_gtk_server_list_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mcp-server-list");

  /**
   * McpGtkServerList::sign-in:
   * @self: the list
   * @server: the server
   *
   * The user asked to sign in to @server, with the "Sign In" button of its
   * row ([signal@McpGtk.ServerRow::sign-in]), which connects to it again
   * once the handlers ran.
   *
   * Since: 1.0
   */
  signals[SIGN_IN] =
    g_signal_new ("sign-in", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, MCP_TYPE_GROUP_SERVER);

  _mcp_gtk_ensure_init ();
}

static void
mcp_gtk_server_list_init (McpGtkServerList *self)
{
  GtkWidget *placeholder;

  self->list_box = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list_box), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->list_box, "boxed-list");
  gtk_list_box_set_show_separators (GTK_LIST_BOX (self->list_box), TRUE);
  gtk_widget_set_valign (self->list_box, GTK_ALIGN_START);
  /* TRANSLATORS: the accessible name of the list of servers */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Servers"),
                                  -1);
  /* TRANSLATORS: what the list of servers says when it has none */
  placeholder = gtk_label_new (_("No Servers"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 12);
  gtk_widget_set_margin_bottom (placeholder, 12);
  gtk_list_box_set_placeholder (GTK_LIST_BOX (self->list_box), placeholder);
  gtk_widget_set_parent (self->list_box, GTK_WIDGET (self));
}

/**
 * mcp_gtk_server_list_new:
 *
 * Creates an empty list: give it a group with
 * [method@McpGtk.ServerList.set_group].
 *
 * Returns: (transfer floating): a new list
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_server_list_new (void)
{
  return g_object_new (MCP_GTK_TYPE_SERVER_LIST, NULL);
}

/**
 * mcp_gtk_server_list_set_group:
 * @self: a list
 * @group: (nullable): the group whose servers the list shows
 *
 * Shows the servers of @group, as they come and go.
 *
 * Since: 1.0
 */
void
mcp_gtk_server_list_set_group (McpGtkServerList *self,
                               McpClientGroup   *group)
{
  g_return_if_fail (MCP_GTK_IS_SERVER_LIST (self));
  g_return_if_fail (group == NULL || MCP_IS_CLIENT_GROUP (group));

  if (!g_set_object (&self->group, group))
    return;
  gtk_list_box_bind_model (GTK_LIST_BOX (self->list_box),
                           group != NULL ? mcp_client_group_get_servers (group) : NULL,
                           group != NULL ? create_row : NULL, self, NULL);
}

/**
 * mcp_gtk_server_list_get_group:
 * @self: a list
 *
 * The group whose servers the list shows.
 *
 * Returns: (transfer none) (nullable): the group
 *
 * Since: 1.0
 */
McpClientGroup *
mcp_gtk_server_list_get_group (McpGtkServerList *self)
{
  g_return_val_if_fail (MCP_GTK_IS_SERVER_LIST (self), NULL);

  return self->group;
}

/**
 * mcp_gtk_server_list_get_row:
 * @self: a list
 * @server: the name of a server
 *
 * Finds the row of a server.
 *
 * Returns: (transfer none) (nullable): its row, or %NULL when the group
 *   has no such server
 *
 * Since: 1.0
 */
McpGtkServerRow *
mcp_gtk_server_list_get_row (McpGtkServerList *self,
                             const char       *server)
{
  g_return_val_if_fail (MCP_GTK_IS_SERVER_LIST (self), NULL);
  g_return_val_if_fail (server != NULL, NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (self->list_box);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (MCP_GTK_IS_SERVER_ROW (child)
          && g_strcmp0 (mcp_group_server_get_name (
                          mcp_gtk_server_row_get_server (MCP_GTK_SERVER_ROW (child))),
                        server) == 0)
        return MCP_GTK_SERVER_ROW (child);
    }
  return NULL;
}
