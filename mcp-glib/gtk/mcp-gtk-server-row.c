/* mcp-gtk-server-row.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-gtk-server-row.h"
#include "mcp-gtk-private.h"

/**
 * McpGtkServerRow:
 *
 * A row of a list box for one server of a [class@Mcp.ClientGroup]: its
 * name, its state, why it failed, the seconds until the group tries it
 * again (counted down each second while the row is shown), and a
 * "Sign In" button when the server needs the user to sign in
 * ([method@McpGtk.ServerRow.sign_in]). The row follows the server as it
 * changes. [class@McpGtk.ServerList] makes one for each server of a group.
 *
 * Since: 1.0
 */
struct _McpGtkServerRow
{
  GtkListBoxRow   parent_instance;

  McpGroupServer *server;
  GtkWidget      *name_label;
  GtkWidget      *state_label;
  GtkWidget      *error_label;
  GtkWidget      *retry_label;
  GtkWidget      *sign_in_button;

  /* The monotonic time of the next attempt, or 0, and the timer that
   * counts down to it while the row is mapped. */
  gint64          retry_time;
  guint           countdown_id;
};

enum {
  SIGN_IN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (McpGtkServerRow, mcp_gtk_server_row, GTK_TYPE_LIST_BOX_ROW)

static char *
state_text (McpGroupServer *server)
{
  McpClient *client = mcp_group_server_get_client (server);
  McpImplementation *info = client != NULL ? mcp_client_get_server_info (client) : NULL;

  switch (mcp_group_server_get_state (server))
    {
    case MCP_GROUP_SERVER_STATE_STOPPED:
      /* TRANSLATORS: the state of a server */
      return g_strdup (_("Stopped"));

    case MCP_GROUP_SERVER_STATE_DISABLED:
      /* TRANSLATORS: the state of a server that its configuration disables */
      return g_strdup (_("Disabled"));

    case MCP_GROUP_SERVER_STATE_CONNECTING:
      /* TRANSLATORS: the state of a server */
      return g_strdup (_("Connecting…"));

    case MCP_GROUP_SERVER_STATE_RECONNECTING:
      /* TRANSLATORS: the state of a server that is connected to again */
      return g_strdup (_("Reconnecting…"));

    case MCP_GROUP_SERVER_STATE_READY:
      if (info != NULL)
        /* TRANSLATORS: the state of a server: ready, then the name and
         * version the server gave */
        return g_strdup_printf (_("Ready: %s %s"), mcp_implementation_get_name (info),
                                mcp_implementation_get_version (info));
      /* TRANSLATORS: the state of a server */
      return g_strdup (_("Ready"));

    case MCP_GROUP_SERVER_STATE_FAILED:
    default:
      /* TRANSLATORS: the state of a server whose connection failed */
      return g_strdup (_("Failed"));
    }
}

static gboolean
retrying (McpGtkServerRow *self)
{
  return mcp_group_server_get_state (self->server) == MCP_GROUP_SERVER_STATE_FAILED
         && self->retry_time > 0;
}

static void
update_countdown (McpGtkServerRow *self)
{
  gint64 left;
  guint seconds;
  g_autofree char *text = NULL;

  if (!retrying (self))
    {
      gtk_widget_set_visible (self->retry_label, FALSE);
      return;
    }
  left = self->retry_time - g_get_monotonic_time ();
  seconds = left > 0 ? (guint) ((left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC) : 0;
  /* TRANSLATORS: when a failed server is connected to again */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Trying again in %u second",
                                       "Trying again in %u seconds", seconds),
                          seconds);
  gtk_label_set_text (GTK_LABEL (self->retry_label), text);
  gtk_widget_set_visible (self->retry_label, TRUE);
}

static gboolean
on_countdown (gpointer user_data)
{
  McpGtkServerRow *self = user_data;

  update_countdown (self);
  return G_SOURCE_CONTINUE;
}

/* The countdown runs while it is seen: mapped, and retrying. */
static void
update_timer (McpGtkServerRow *self)
{
  gboolean wanted = gtk_widget_get_mapped (GTK_WIDGET (self)) && retrying (self);

  if (wanted && self->countdown_id == 0)
    self->countdown_id = g_timeout_add_seconds (1, on_countdown, self);
  else if (!wanted && self->countdown_id != 0)
    g_clear_handle_id (&self->countdown_id, g_source_remove);
}

static void
update (McpGtkServerRow *self)
{
  const GError *error = mcp_group_server_get_error (self->server);
  g_autofree char *state = state_text (self->server);
  gboolean needs_sign_in = mcp_gtk_server_row_get_needs_sign_in (self);

  gtk_label_set_text (GTK_LABEL (self->state_label), state);
  if (error != NULL && mcp_group_server_get_state (self->server) == MCP_GROUP_SERVER_STATE_FAILED)
    {
      gtk_label_set_text (GTK_LABEL (self->error_label), error->message);
      gtk_widget_set_visible (self->error_label, TRUE);
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (self->error_label), "");
      gtk_widget_set_visible (self->error_label, FALSE);
    }
  gtk_widget_set_visible (self->sign_in_button, needs_sign_in);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, state,
                                  -1);
  update_countdown (self);
  update_timer (self);
}

static void
on_server_changed (McpGroupServer  *server,
                   GParamSpec      *pspec,
                   McpGtkServerRow *self)
{
  guint delay = mcp_group_server_get_retry_delay (server);

  /* The group says how long it waits when it starts to: the countdown
   * starts then (the same delay can follow a new failure, so a new
   * attempt count restarts it too). */
  if (mcp_group_server_get_state (server) != MCP_GROUP_SERVER_STATE_FAILED || delay == 0)
    self->retry_time = 0;
  else if (g_str_equal (pspec->name, "retry-delay") || g_str_equal (pspec->name, "attempts")
           || self->retry_time == 0)
    self->retry_time = g_get_monotonic_time () + (gint64) delay * 1000;
  update (self);
}

/**
 * mcp_gtk_server_row_sign_in:
 * @self: a row
 *
 * Signs in to the row's server, as its "Sign In" button does: emits
 * [signal@McpGtk.ServerRow::sign-in], whose handlers may let the server's
 * next [class@Mcp.Authorization] show its page (the core library's guide
 * to authorization shows how, for configured servers), then connects to the server again ([method@Mcp.GroupServer.reconnect]): the
 * user continues in the web browser. This does nothing unless
 * [method@McpGtk.ServerRow.get_needs_sign_in] says so.
 *
 * Since: 1.0
 */
void
mcp_gtk_server_row_sign_in (McpGtkServerRow *self)
{
  g_autoptr(McpGroupServer) server = NULL;

  g_return_if_fail (MCP_GTK_IS_SERVER_ROW (self));

  if (!mcp_gtk_server_row_get_needs_sign_in (self))
    return;
  server = g_object_ref (self->server);
  g_signal_emit (self, signals[SIGN_IN], 0);
  mcp_group_server_reconnect (server);
}

/**
 * mcp_gtk_server_row_get_needs_sign_in:
 * @self: a row
 *
 * Whether the server failed because the user must sign in to it
 * (%MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED): the group does not try it
 * again by itself, and the row shows its "Sign In" button.
 *
 * Returns: %TRUE if the server needs a sign-in
 *
 * Since: 1.0
 */
gboolean
mcp_gtk_server_row_get_needs_sign_in (McpGtkServerRow *self)
{
  g_return_val_if_fail (MCP_GTK_IS_SERVER_ROW (self), FALSE);

  return mcp_group_server_get_state (self->server) == MCP_GROUP_SERVER_STATE_FAILED
         && g_error_matches (mcp_group_server_get_error (self->server), MCP_AUTHORIZATION_ERROR,
                             MCP_AUTHORIZATION_ERROR_SIGN_IN_REQUIRED);
}

static void
on_sign_in_clicked (GtkButton       *button,
                    McpGtkServerRow *self)
{
  mcp_gtk_server_row_sign_in (self);
}

static void
mcp_gtk_server_row_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (mcp_gtk_server_row_parent_class)->map (widget);
  update_countdown (MCP_GTK_SERVER_ROW (widget));
  update_timer (MCP_GTK_SERVER_ROW (widget));
}

static void
mcp_gtk_server_row_unmap (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (mcp_gtk_server_row_parent_class)->unmap (widget);
  update_timer (MCP_GTK_SERVER_ROW (widget));
}

static void
mcp_gtk_server_row_dispose (GObject *object)
{
  McpGtkServerRow *self = MCP_GTK_SERVER_ROW (object);

  g_clear_handle_id (&self->countdown_id, g_source_remove);
  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_clear_object (&self->server);

  G_OBJECT_CLASS (mcp_gtk_server_row_parent_class)->dispose (object);
}

static void
mcp_gtk_server_row_class_init (McpGtkServerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mcp_gtk_server_row_dispose;
  widget_class->map = mcp_gtk_server_row_map;
  widget_class->unmap = mcp_gtk_server_row_unmap;

  /**
   * McpGtkServerRow::sign-in:
   * @self: the row
   *
   * The user asked to sign in to the row's server: the row connects to it
   * again once the handlers ran, so that a handler can first let the
   * authorization of the next attempt show its page.
   *
   * Since: 1.0
   */
  signals[SIGN_IN] =
    g_signal_new ("sign-in", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  _mcp_gtk_ensure_init ();
}

static GtkWidget *
new_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
mcp_gtk_server_row_init (McpGtkServerRow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);

  self->name_label = new_label ("heading");
  self->state_label = new_label ("dim-label");
  self->error_label = new_label ("error");
  gtk_label_set_selectable (GTK_LABEL (self->error_label), TRUE);
  self->retry_label = new_label ("dim-label");
  gtk_widget_add_css_class (self->retry_label, "numeric");
  gtk_widget_add_css_class (self->retry_label, "caption");
  gtk_box_append (GTK_BOX (texts), self->name_label);
  gtk_box_append (GTK_BOX (texts), self->state_label);
  gtk_box_append (GTK_BOX (texts), self->error_label);
  gtk_box_append (GTK_BOX (texts), self->retry_label);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), texts);

  /* TRANSLATORS: the button that signs in to a server */
  self->sign_in_button = gtk_button_new_with_mnemonic (_("_Sign In"));
  gtk_widget_set_valign (self->sign_in_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->sign_in_button, "suggested-action");
  g_signal_connect (self->sign_in_button, "clicked", G_CALLBACK (on_sign_in_clicked), self);
  gtk_box_append (GTK_BOX (box), self->sign_in_button);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 9);
  gtk_widget_set_margin_bottom (box, 9);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self), FALSE);
}

/**
 * mcp_gtk_server_row_new:
 * @server: a server of a group
 *
 * Creates a row that shows @server.
 *
 * Returns: (transfer floating): a new row
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_server_row_new (McpGroupServer *server)
{
  McpGtkServerRow *self;
  const char *properties[] = { "state", "error", "client", "attempts", "retry-delay" };
  g_autofree char *description = NULL;

  g_return_val_if_fail (MCP_IS_GROUP_SERVER (server), NULL);

  self = g_object_new (MCP_GTK_TYPE_SERVER_ROW, NULL);
  self->server = g_object_ref (server);
  gtk_label_set_text (GTK_LABEL (self->name_label), mcp_group_server_get_name (server));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  mcp_group_server_get_name (server),
                                  -1);
  /* TRANSLATORS: what the "Sign In" button of a server's row does; %s is
   * the name of the server */
  description = g_strdup_printf (_("Sign in to %s"), mcp_group_server_get_name (server));
  gtk_widget_set_tooltip_text (self->sign_in_button, description);
  for (guint i = 0; i < G_N_ELEMENTS (properties); i++)
    {
      g_autofree char *signal = g_strconcat ("notify::", properties[i], NULL);

      g_signal_connect_object (server, signal, G_CALLBACK (on_server_changed), self, 0);
    }
  if (mcp_group_server_get_state (server) == MCP_GROUP_SERVER_STATE_FAILED
      && mcp_group_server_get_retry_delay (server) > 0)
    self->retry_time = g_get_monotonic_time ()
                       + (gint64) mcp_group_server_get_retry_delay (server) * 1000;
  update (self);

  return GTK_WIDGET (self);
}

/**
 * mcp_gtk_server_row_get_server:
 * @self: a row
 *
 * The server the row shows.
 *
 * Returns: (transfer none): the server
 *
 * Since: 1.0
 */
McpGroupServer *
mcp_gtk_server_row_get_server (McpGtkServerRow *self)
{
  g_return_val_if_fail (MCP_GTK_IS_SERVER_ROW (self), NULL);

  return self->server;
}
