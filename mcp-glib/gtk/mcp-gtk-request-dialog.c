/* mcp-gtk-request-dialog.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-gtk-elicitation-view.h"
#include "mcp-gtk-request-dialog.h"
#include "mcp-gtk-sampling-view.h"
#include "mcp-gtk-private.h"

/**
 * McpGtkRequestDialog:
 *
 * A dialog that puts a server's request to the user: an
 * [class@McpGtk.ElicitationView] for `elicitation/create`, a
 * [class@McpGtk.SamplingView] for `sampling/createMessage`.
 *
 * It closes once the request is answered or withdrawn; closing it (or
 * Escape) before cancels an elicitation and denies a sampling request, so
 * that the server always gets an answer.
 *
 * Since: 1.0
 */
struct _McpGtkRequestDialog
{
  GtkWindow  parent_instance;

  GtkWidget *view;
  char      *summary;
};

G_DEFINE_FINAL_TYPE (McpGtkRequestDialog, mcp_gtk_request_dialog, GTK_TYPE_WINDOW)

static void
on_finished (McpGtkRequestDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static gboolean
mcp_gtk_request_dialog_close_request (GtkWindow *window)
{
  McpGtkRequestDialog *self = MCP_GTK_REQUEST_DIALOG (window);

  if (MCP_GTK_IS_ELICITATION_VIEW (self->view))
    mcp_gtk_elicitation_view_answer (MCP_GTK_ELICITATION_VIEW (self->view),
                                     MCP_ELICITATION_ACTION_CANCEL);
  else if (MCP_GTK_IS_SAMPLING_VIEW (self->view))
    mcp_gtk_sampling_view_deny (MCP_GTK_SAMPLING_VIEW (self->view));

  return GDK_EVENT_PROPAGATE;
}

static void
mcp_gtk_request_dialog_finalize (GObject *object)
{
  McpGtkRequestDialog *self = MCP_GTK_REQUEST_DIALOG (object);

  g_free (self->summary);

  G_OBJECT_CLASS (mcp_gtk_request_dialog_parent_class)->finalize (object);
}

static void
mcp_gtk_request_dialog_class_init (McpGtkRequestDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->finalize = mcp_gtk_request_dialog_finalize;
  window_class->close_request = mcp_gtk_request_dialog_close_request;

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  _mcp_gtk_ensure_init ();
}

static void
mcp_gtk_request_dialog_init (McpGtkRequestDialog *self)
{
  gtk_window_set_default_size (GTK_WINDOW (self), 520, 560);
}

/**
 * mcp_gtk_request_dialog_new:
 * @parent: (nullable): the window the dialog belongs to
 * @server_name: the name of the server that asks, as the user knows it
 * @request: an `elicitation/create` or `sampling/createMessage` request
 *
 * Creates the dialog of @request, transient for @parent and of its
 * application. Present it with gtk_window_present().
 *
 * Returns: (transfer none): the new dialog, owned by GTK until it is
 *   closed
 *
 * Since: 1.0
 */
GtkWindow *
mcp_gtk_request_dialog_new (GtkWindow        *parent,
                            const char       *server_name,
                            McpServerRequest *request)
{
  McpGtkRequestDialog *self;
  GtkWidget *scrolled;
  GtkWidget *header;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (server_name != NULL, NULL);
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (request), NULL);

  self = g_object_new (MCP_GTK_TYPE_REQUEST_DIALOG,
                       "transient-for", parent,
                       "application", parent != NULL ? gtk_window_get_application (parent)
                                                     : NULL,
                       NULL);

  if (g_strcmp0 (mcp_server_request_get_method (request), "sampling/createMessage") == 0)
    {
      self->view = mcp_gtk_sampling_view_new (server_name, request);
      /* TRANSLATORS: the title of the dialog of a sampling request */
      gtk_window_set_title (GTK_WINDOW (self), _("Sampling Request"));
      /* TRANSLATORS: a notification's summary; %s is the server's name */
      self->summary = g_strdup_printf (_("%s asks for a model’s reply"), server_name);
    }
  else
    {
      gboolean url = mcp_server_request_get_elicitation_mode (request)
                     == MCP_ELICITATION_MODE_URL;

      self->view = mcp_gtk_elicitation_view_new (server_name, request);
      gtk_window_set_title (GTK_WINDOW (self),
                            /* TRANSLATORS: the titles of the dialog of a URL
                             * elicitation, and of a form elicitation */
                            url ? _("Open a Web Page?") : _("Information Requested"));
      self->summary = g_strdup_printf (_("%s asks for your input"), server_name);
    }
  g_signal_connect_object (self->view, "answered", G_CALLBACK (on_finished), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "withdrawn", G_CALLBACK (on_finished), self,
                           G_CONNECT_SWAPPED);

  header = gtk_header_bar_new ();
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  gtk_widget_set_margin_start (self->view, 18);
  gtk_widget_set_margin_end (self->view, 18);
  gtk_widget_set_margin_top (self->view, 18);
  gtk_widget_set_margin_bottom (self->view, 18);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->view);
  gtk_window_set_child (GTK_WINDOW (self), scrolled);

  return GTK_WINDOW (self);
}

/**
 * mcp_gtk_request_dialog_get_view:
 * @self: a dialog
 *
 * The view the dialog holds: an [class@McpGtk.ElicitationView] or an
 * [class@McpGtk.SamplingView] (to propose the reply of a sampling request
 * with [method@McpGtk.SamplingView.set_reply]).
 *
 * Returns: (transfer none): the view
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_request_dialog_get_view (McpGtkRequestDialog *self)
{
  g_return_val_if_fail (MCP_GTK_IS_REQUEST_DIALOG (self), NULL);

  return self->view;
}

/**
 * mcp_gtk_request_dialog_get_summary:
 * @self: a dialog
 *
 * One line saying who asks for what, for a notification.
 *
 * Returns: the summary
 *
 * Since: 1.0
 */
const char *
mcp_gtk_request_dialog_get_summary (McpGtkRequestDialog *self)
{
  g_return_val_if_fail (MCP_GTK_IS_REQUEST_DIALOG (self), NULL);

  return self->summary;
}
