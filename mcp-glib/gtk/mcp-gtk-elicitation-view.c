/* mcp-gtk-elicitation-view.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-gtk-elicitation-view.h"
#include "mcp-gtk-schema-form.h"
#include "mcp-gtk-private.h"

/**
 * McpGtkElicitationView:
 *
 * Puts a server's `elicitation/create` request to the user, and answers
 * it with what the user chose, exactly once.
 *
 * A form elicitation shows a [class@McpGtk.SchemaForm] made from the
 * requested schema: Submit accepts with the values (or shows, under the
 * form, why they are not valid), Decline declines, Cancel cancels. A URL
 * elicitation shows the domain of the page the server asks the user to
 * open, prominently, and the whole address; Open opens it through the
 * desktop (the user's browser) and accepts; the page is never opened
 * without the user's consent, as the protocol demands.
 *
 * The view fits in a page of an application as it is, its buttons at its
 * bottom; [class@McpGtk.RequestDialog] puts it in a dialog.
 * [signal@McpGtk.ElicitationView::answered] says how it was answered; a
 * request the server withdraws emits
 * [signal@McpGtk.ElicitationView::withdrawn] instead.
 *
 * Since: 1.0
 */
struct _McpGtkElicitationView
{
  GtkWidget         parent_instance;

  McpServerRequest *request;
  char             *domain;
  McpGtkSchemaForm *form;
  GtkWidget        *error_label;
  gulong            cancelled_id;
};

enum
{
  SIGNAL_ANSWERED,
  SIGNAL_WITHDRAWN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (McpGtkElicitationView, mcp_gtk_elicitation_view, GTK_TYPE_WIDGET)

static void
forget_request (McpGtkElicitationView *self)
{
  if (self->request != NULL && self->cancelled_id != 0)
    g_cancellable_disconnect (mcp_server_request_get_cancellable (self->request),
                              self->cancelled_id);
  self->cancelled_id = 0;
  g_clear_object (&self->request);
}

static void
set_actions_enabled (McpGtkElicitationView *self,
                     gboolean               enabled)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "elicitation.accept", enabled);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "elicitation.decline", enabled);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "elicitation.cancel", enabled);
}

static gboolean
emit_withdrawn (gpointer user_data)
{
  McpGtkElicitationView *self = user_data;

  if (self->request == NULL)
    return G_SOURCE_REMOVE;
  forget_request (self);
  set_actions_enabled (self, FALSE);
  g_signal_emit (self, signals[SIGNAL_WITHDRAWN], 0);

  return G_SOURCE_REMOVE;
}

/* The cancellable may be cancelled in any thread: the view hears of it in
 * its own.
 */
static void
on_cancelled (GCancellable *cancellable,
              gpointer      user_data)
{
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, emit_withdrawn,
                              g_object_ref (user_data), g_object_unref);
}

/**
 * mcp_gtk_elicitation_view_answer:
 * @self: a view
 * @action: the user's answer
 *
 * Answers the request as the view's buttons do: %MCP_ELICITATION_ACTION_ACCEPT
 * submits the form (it does nothing but show why when the values are not
 * valid) or opens the page; the others decline or cancel. It does nothing
 * once the request is answered or withdrawn.
 *
 * Since: 1.0
 */
void
mcp_gtk_elicitation_view_answer (McpGtkElicitationView *self,
                                 McpElicitationAction   action)
{
  g_autoptr(JsonObject) values = NULL;
  g_autoptr(McpServerRequest) request = NULL;

  g_return_if_fail (MCP_GTK_IS_ELICITATION_VIEW (self));

  if (self->request == NULL || mcp_server_request_is_answered (self->request))
    return;

  if (action == MCP_ELICITATION_ACTION_ACCEPT && self->form != NULL)
    {
      g_autoptr(GError) error = NULL;

      values = mcp_gtk_schema_form_dup_value (self->form, &error);
      if (values == NULL)
        {
          gtk_label_set_text (GTK_LABEL (self->error_label), error->message);
          gtk_widget_set_visible (self->error_label, TRUE);
          return;
        }
    }
  else if (action == MCP_ELICITATION_ACTION_ACCEPT)
    {
      /* Without a parent window: GTK 4.8 exports the parent's handle to
       * the portal, and fails critically on a compositor without
       * xdg-foreign. */
      gtk_show_uri (NULL, mcp_server_request_get_url (self->request), GDK_CURRENT_TIME);
    }

  request = g_object_ref (self->request);
  forget_request (self);
  set_actions_enabled (self, FALSE);
  mcp_server_request_reply_elicitation (request, action, values);
  g_signal_emit (self, signals[SIGNAL_ANSWERED], 0, action);
}

static void
accept_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  mcp_gtk_elicitation_view_answer (MCP_GTK_ELICITATION_VIEW (widget),
                                   MCP_ELICITATION_ACTION_ACCEPT);
}

static void
decline_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  mcp_gtk_elicitation_view_answer (MCP_GTK_ELICITATION_VIEW (widget),
                                   MCP_ELICITATION_ACTION_DECLINE);
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  mcp_gtk_elicitation_view_answer (MCP_GTK_ELICITATION_VIEW (widget),
                                   MCP_ELICITATION_ACTION_CANCEL);
}

static void
mcp_gtk_elicitation_view_dispose (GObject *object)
{
  McpGtkElicitationView *self = MCP_GTK_ELICITATION_VIEW (object);
  GtkWidget *child;

  /* Dropping an unanswered request answers the server with an error. */
  forget_request (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (mcp_gtk_elicitation_view_parent_class)->dispose (object);
}

static void
mcp_gtk_elicitation_view_finalize (GObject *object)
{
  McpGtkElicitationView *self = MCP_GTK_ELICITATION_VIEW (object);

  g_free (self->domain);

  G_OBJECT_CLASS (mcp_gtk_elicitation_view_parent_class)->finalize (object);
}

static void
mcp_gtk_elicitation_view_class_init (McpGtkElicitationViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mcp_gtk_elicitation_view_dispose;
  object_class->finalize = mcp_gtk_elicitation_view_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "mcp-elicitation-view");

  /**
   * McpGtkElicitationView::answered:
   * @self: the view
   * @action: how the user answered
   *
   * Emitted once the request is answered.
   *
   * Since: 1.0
   */
  signals[SIGNAL_ANSWERED] =
    g_signal_new ("answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, MCP_TYPE_ELICITATION_ACTION);

  /**
   * McpGtkElicitationView::withdrawn:
   * @self: the view
   *
   * Emitted when the server withdraws the request (or the connection
   * ends) before the user answered it.
   *
   * Since: 1.0
   */
  signals[SIGNAL_WITHDRAWN] =
    g_signal_new ("withdrawn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "elicitation.accept", NULL, accept_activated);
  gtk_widget_class_install_action (widget_class, "elicitation.decline", NULL, decline_activated);
  gtk_widget_class_install_action (widget_class, "elicitation.cancel", NULL, cancel_activated);

  _mcp_gtk_ensure_init ();
}

static void
mcp_gtk_elicitation_view_init (McpGtkElicitationView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
}



static void
setup_url (McpGtkElicitationView *self)
{
  const char *url = mcp_server_request_get_url (self->request);
  g_autoptr(GUri) uri = url != NULL ? g_uri_parse (url, G_URI_FLAGS_NONE, NULL) : NULL;
  GtkWidget *label;

  self->domain = g_strdup (uri != NULL && g_uri_get_host (uri) != NULL
                           ? g_uri_get_host (uri) : "");

  _mcp_gtk_append_label (GTK_WIDGET (self), _("The server asks you to open a page on:"),
                         "heading");
  /* The domain is what the user must judge: it stands out. */
  label = _mcp_gtk_append_label (GTK_WIDGET (self),
                                 *self->domain != '\0' ? self->domain : _("an unknown site"),
                                 "title-2");
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Domain"),
                                  -1);
  label = _mcp_gtk_append_label (GTK_WIDGET (self), url != NULL ? url : "", "monospace");
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Address"),
                                  -1);
}

/**
 * mcp_gtk_elicitation_view_new:
 * @server_name: the name of the server that asks, as the user knows it
 * @request: an `elicitation/create` request
 *
 * Creates the view of @request.
 *
 * Returns: (transfer floating): a new view
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_elicitation_view_new (const char       *server_name,
                              McpServerRequest *request)
{
  McpGtkElicitationView *self;
  g_autofree char *heading = NULL;
  const char *message;
  GtkWidget *buttons;
  GtkWidget *accept;
  gboolean url_mode;

  g_return_val_if_fail (server_name != NULL, NULL);
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (request), NULL);

  self = g_object_new (MCP_GTK_TYPE_ELICITATION_VIEW, NULL);
  self->request = g_object_ref (request);
  url_mode = mcp_server_request_get_elicitation_mode (request) == MCP_ELICITATION_MODE_URL;

  /* TRANSLATORS: the heading of an elicitation; %s is the server's name */
  heading = g_strdup_printf (_("%s asks for your input"), server_name);
  _mcp_gtk_append_label (GTK_WIDGET (self), heading, "title-3");
  message = mcp_server_request_get_message (request);
  if (message != NULL)
    gtk_label_set_selectable (GTK_LABEL (_mcp_gtk_append_label (GTK_WIDGET (self), message, NULL)), TRUE);

  if (url_mode)
    {
      setup_url (self);
    }
  else
    {
      self->form = MCP_GTK_SCHEMA_FORM (mcp_gtk_schema_form_new (
          mcp_server_request_get_requested_schema (request)));
      gtk_widget_set_parent (GTK_WIDGET (self->form), GTK_WIDGET (self));
    }

  self->error_label = _mcp_gtk_append_label (GTK_WIDGET (self), "", "error");
  gtk_widget_set_visible (self->error_label, FALSE);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_top (buttons, 6);
  gtk_box_append (GTK_BOX (buttons), _mcp_gtk_new_action_button (_("_Cancel"), "elicitation.cancel"));
  /* TRANSLATORS: the button that refuses an elicitation */
  gtk_box_append (GTK_BOX (buttons), _mcp_gtk_new_action_button (_("_Decline"), "elicitation.decline"));
  /* TRANSLATORS: the button that accepts an elicitation: it opens the page
   * of a URL elicitation, or sends the form */
  accept = _mcp_gtk_new_action_button (url_mode ? _("_Open") : _("_Submit"), "elicitation.accept");
  gtk_widget_add_css_class (accept, "suggested-action");
  gtk_box_append (GTK_BOX (buttons), accept);
  gtk_widget_set_parent (buttons, GTK_WIDGET (self));

  self->cancelled_id = g_cancellable_connect (mcp_server_request_get_cancellable (request),
                                              G_CALLBACK (on_cancelled), self, NULL);

  return GTK_WIDGET (self);
}

/**
 * mcp_gtk_elicitation_view_get_request:
 * @self: a view
 *
 * The request, until it is answered or withdrawn.
 *
 * Returns: (transfer none) (nullable): the request
 *
 * Since: 1.0
 */
McpServerRequest *
mcp_gtk_elicitation_view_get_request (McpGtkElicitationView *self)
{
  g_return_val_if_fail (MCP_GTK_IS_ELICITATION_VIEW (self), NULL);

  return self->request;
}

/**
 * mcp_gtk_elicitation_view_get_domain:
 * @self: a view
 *
 * The domain of the page a URL elicitation asks the user to open, as the
 * view shows it (an empty string when the address has none).
 *
 * Returns: (nullable): the domain, or %NULL for a form elicitation
 *
 * Since: 1.0
 */
const char *
mcp_gtk_elicitation_view_get_domain (McpGtkElicitationView *self)
{
  g_return_val_if_fail (MCP_GTK_IS_ELICITATION_VIEW (self), NULL);

  return self->domain;
}
