/* mcp-gtk-log-view.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-gtk-log-view.h"
#include "mcp-gtk-private.h"

/* At most this many lines are kept: the oldest go. */
#define MAX_LINES 5000

/**
 * McpGtkLogView:
 *
 * The log of a [class@Mcp.ClientGroup]: its servers' log messages (by
 * level), every other notification, and each server's connection becoming
 * ready or failing, newest first, each line with its time and server.
 * [method@McpGtk.LogView.set_server] shows the lines of one server only.
 *
 * Since: 1.0
 */
struct _McpGtkLogView
{
  GtkWidget           parent_instance;

  McpClientGroup     *group;
  GListStore         *lines;
  GtkFilterListModel *shown;
  GtkCustomFilter    *filter;
  GtkWidget          *list_view;
  char               *server;
};

G_DEFINE_FINAL_TYPE (McpGtkLogView, mcp_gtk_log_view, GTK_TYPE_WIDGET)

/* A line: a GtkStringObject whose string is the text, with the rest as
 * data: a line is read, never changed. */
static GObject *
line_new (const char *server,
          const char *kind,
          const char *text)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  GtkStringObject *line = gtk_string_object_new (text != NULL ? text : "");

  g_object_set_data_full (G_OBJECT (line), "time", g_date_time_format (now, "%H:%M:%S"),
                          g_free);
  g_object_set_data_full (G_OBJECT (line), "server", g_strdup (server), g_free);
  g_object_set_data_full (G_OBJECT (line), "kind", g_strdup (kind), g_free);

  return G_OBJECT (line);
}

static gboolean
line_shown (gpointer item,
            gpointer user_data)
{
  McpGtkLogView *self = user_data;

  return self->server == NULL
         || g_strcmp0 (g_object_get_data (item, "server"), self->server) == 0;
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  const char *classes[] = { "numeric", "heading", "dim-label", NULL };

  for (guint i = 0; i < 4; i++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_yalign (GTK_LABEL (label), 0);
      if (i < 3)
        gtk_widget_add_css_class (label, classes[i]);
      if (i == 1 || i == 2)
        gtk_label_set_width_chars (GTK_LABEL (label), 10);
      if (i == 3)
        {
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
          gtk_label_set_selectable (GTK_LABEL (label), TRUE);
          gtk_widget_set_hexpand (label, TRUE);
        }
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_list_item_set_child (item, box);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item)
{
  GObject *line = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  const char *values[4];

  values[0] = g_object_get_data (line, "time");
  values[1] = g_object_get_data (line, "server");
  values[2] = g_object_get_data (line, "kind");
  values[3] = gtk_string_object_get_string (GTK_STRING_OBJECT (line));
  for (guint i = 0; i < 4 && label != NULL; i++, label = gtk_widget_get_next_sibling (label))
    gtk_label_set_text (GTK_LABEL (label), values[i] != NULL ? values[i] : "");
}

/**
 * mcp_gtk_log_view_append:
 * @self: a view
 * @server: (nullable): the name of the server the line is about
 * @kind: what the line is: a log level, a notification's method, …
 * @text: (nullable): the line
 *
 * Adds a line at the top, as the view does for what the group reports.
 *
 * Since: 1.0
 */
void
mcp_gtk_log_view_append (McpGtkLogView *self,
                         const char    *server,
                         const char    *kind,
                         const char    *text)
{
  g_autoptr(GObject) line = NULL;
  guint n;

  g_return_if_fail (MCP_GTK_IS_LOG_VIEW (self));
  g_return_if_fail (kind != NULL);

  line = line_new (server, kind, text);
  g_list_store_insert (self->lines, 0, line);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->lines));
  if (n > MAX_LINES)
    g_list_store_splice (self->lines, MAX_LINES, n - MAX_LINES, NULL, 0);
}

static void
on_log_message (McpClientGroup *group,
                McpGroupServer *server,
                McpLogLevel     level,
                const char     *logger,
                JsonNode       *data,
                McpGtkLogView  *self)
{
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;

  if (data != NULL && JSON_NODE_HOLDS_VALUE (data)
      && json_node_get_value_type (data) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (data));
  else
    text = data != NULL ? json_to_string (data, FALSE) : g_strdup ("");
  line = logger != NULL ? g_strdup_printf ("%s: %s", logger, text) : g_steal_pointer (&text);
  mcp_gtk_log_view_append (self, mcp_group_server_get_name (server),
                           mcp_log_level_to_string (level), line);
}

static void
on_notification (McpClientGroup *group,
                 McpGroupServer *server,
                 const char     *method,
                 JsonNode       *params,
                 McpGtkLogView  *self)
{
  g_autofree char *text = NULL;

  /* Log messages have their own lines, by level. */
  if (g_str_equal (method, "notifications/message"))
    return;
  text = params != NULL ? json_to_string (params, FALSE) : g_strdup ("");
  mcp_gtk_log_view_append (self, mcp_group_server_get_name (server),
                           g_str_has_prefix (method, "notifications/")
                           ? method + strlen ("notifications/") : method,
                           text);
}

static void
on_server_state (McpGroupServer *server,
                 GParamSpec     *pspec,
                 McpGtkLogView  *self)
{
  const GError *error = mcp_group_server_get_error (server);
  McpClient *client = mcp_group_server_get_client (server);
  McpImplementation *info = client != NULL ? mcp_client_get_server_info (client) : NULL;
  g_autofree char *text = NULL;

  switch (mcp_group_server_get_state (server))
    {
    case MCP_GROUP_SERVER_STATE_READY:
      if (info != NULL)
        text = g_strdup_printf ("%s %s", mcp_implementation_get_name (info),
                                mcp_implementation_get_version (info));
      /* TRANSLATORS: the kind of a log line that says a server is connected */
      mcp_gtk_log_view_append (self, mcp_group_server_get_name (server), _("ready"), text);
      break;

    case MCP_GROUP_SERVER_STATE_FAILED:
      /* TRANSLATORS: the kind of a log line that says a connection failed or ended */
      mcp_gtk_log_view_append (self, mcp_group_server_get_name (server), _("failed"),
                               error != NULL ? error->message : NULL);
      break;

    case MCP_GROUP_SERVER_STATE_STOPPED:
    case MCP_GROUP_SERVER_STATE_DISABLED:
    case MCP_GROUP_SERVER_STATE_CONNECTING:
    case MCP_GROUP_SERVER_STATE_RECONNECTING:
    default:
      break;
    }
}

static void
on_servers_changed (GListModel    *servers,
                    guint          position,
                    guint          removed,
                    guint          added,
                    McpGtkLogView *self)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (servers, i);

      g_signal_connect_object (server, "notify::state", G_CALLBACK (on_server_state), self, 0);
    }
}

static void
disconnect_group (McpGtkLogView *self)
{
  GListModel *servers;

  if (self->group == NULL)
    return;
  servers = mcp_client_group_get_servers (self->group);
  for (guint i = 0; i < g_list_model_get_n_items (servers); i++)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (servers, i);

      g_signal_handlers_disconnect_by_data (server, self);
    }
  g_signal_handlers_disconnect_by_data (servers, self);
  g_signal_handlers_disconnect_by_data (self->group, self);
  g_clear_object (&self->group);
}

static void
mcp_gtk_log_view_dispose (GObject *object)
{
  McpGtkLogView *self = MCP_GTK_LOG_VIEW (object);
  GtkWidget *child;

  disconnect_group (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->shown);
  g_clear_object (&self->lines);

  G_OBJECT_CLASS (mcp_gtk_log_view_parent_class)->dispose (object);
}

static void
mcp_gtk_log_view_finalize (GObject *object)
{
  McpGtkLogView *self = MCP_GTK_LOG_VIEW (object);

  g_free (self->server);

  G_OBJECT_CLASS (mcp_gtk_log_view_parent_class)->finalize (object);
}

static void
mcp_gtk_log_view_class_init (McpGtkLogViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mcp_gtk_log_view_dispose;
  object_class->finalize = mcp_gtk_log_view_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mcp-log-view");

  _mcp_gtk_ensure_init ();
}

static void
mcp_gtk_log_view_init (McpGtkLogView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->lines = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  self->filter = gtk_custom_filter_new (line_shown, self, NULL);
  self->shown = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->lines)),
                                           GTK_FILTER (self->filter));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  self->list_view = gtk_list_view_new (
      GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->shown)))),
      factory);
  /* TRANSLATORS: the accessible name of the log of the servers */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Log"),
                                  -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->list_view);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent (scrolled, GTK_WIDGET (self));
}

/**
 * mcp_gtk_log_view_new:
 *
 * Creates an empty log.
 *
 * Returns: (transfer floating): a new view
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_log_view_new (void)
{
  return g_object_new (MCP_GTK_TYPE_LOG_VIEW, NULL);
}

/**
 * mcp_gtk_log_view_set_group:
 * @self: a view
 * @group: (nullable): the group whose servers the log follows
 *
 * Follows @group: its log messages, notifications and connections from
 * now on.
 *
 * Since: 1.0
 */
void
mcp_gtk_log_view_set_group (McpGtkLogView  *self,
                            McpClientGroup *group)
{
  GListModel *servers;

  g_return_if_fail (MCP_GTK_IS_LOG_VIEW (self));
  g_return_if_fail (group == NULL || MCP_IS_CLIENT_GROUP (group));

  if (group == self->group)
    return;
  disconnect_group (self);
  if (group == NULL)
    return;

  self->group = g_object_ref (group);
  g_signal_connect_object (group, "log-message", G_CALLBACK (on_log_message), self, 0);
  g_signal_connect_object (group, "notification", G_CALLBACK (on_notification), self, 0);
  servers = mcp_client_group_get_servers (group);
  g_signal_connect_object (servers, "items-changed", G_CALLBACK (on_servers_changed), self, 0);
  on_servers_changed (servers, 0, 0, g_list_model_get_n_items (servers), self);
}

/**
 * mcp_gtk_log_view_get_group:
 * @self: a view
 *
 * The group the log follows.
 *
 * Returns: (transfer none) (nullable): the group
 *
 * Since: 1.0
 */
McpClientGroup *
mcp_gtk_log_view_get_group (McpGtkLogView *self)
{
  g_return_val_if_fail (MCP_GTK_IS_LOG_VIEW (self), NULL);

  return self->group;
}

/**
 * mcp_gtk_log_view_set_server:
 * @self: a view
 * @server: (nullable): the name of a server, or %NULL for all of them
 *
 * Shows the lines of @server only, or of every server.
 *
 * Since: 1.0
 */
void
mcp_gtk_log_view_set_server (McpGtkLogView *self,
                             const char    *server)
{
  g_return_if_fail (MCP_GTK_IS_LOG_VIEW (self));

  g_free (self->server);
  self->server = g_strdup (server);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

/**
 * mcp_gtk_log_view_get_server:
 * @self: a view
 *
 * The server whose lines the view shows alone.
 *
 * Returns: (nullable): its name, or %NULL when the view shows them all
 *
 * Since: 1.0
 */
const char *
mcp_gtk_log_view_get_server (McpGtkLogView *self)
{
  g_return_val_if_fail (MCP_GTK_IS_LOG_VIEW (self), NULL);

  return self->server;
}

/**
 * mcp_gtk_log_view_get_n_lines:
 * @self: a view
 *
 * How many lines the view shows (those of its server, when it has one).
 *
 * Returns: the number of lines shown
 *
 * Since: 1.0
 */
guint
mcp_gtk_log_view_get_n_lines (McpGtkLogView *self)
{
  g_return_val_if_fail (MCP_GTK_IS_LOG_VIEW (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->shown));
}

/**
 * mcp_gtk_log_view_clear:
 * @self: a view
 *
 * Forgets every line.
 *
 * Since: 1.0
 */
void
mcp_gtk_log_view_clear (McpGtkLogView *self)
{
  g_return_if_fail (MCP_GTK_IS_LOG_VIEW (self));

  g_list_store_remove_all (self->lines);
}
