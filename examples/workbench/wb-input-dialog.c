/* wb-input-dialog.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Asks the user for a value that a server's configuration needs, such as
 * an API token (an `${input:ID}` of a VS Code mcp.json), and answers the
 * registry's McpInputRequest exactly once: Continue replies, Decline and
 * closing the dialog decline. A secret is typed into a password entry; a
 * choice among options is a drop-down.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-input-dialog.h"

struct _WbInputDialog
{
  GtkWindow        parent_instance;

  GtkButton       *reply_button;
  GtkLabel        *heading_label;
  GtkLabel        *description_label;
  GtkBox          *field_box;

  McpInputRequest *request;
  GtkWidget       *field;
  char            *summary;
};

G_DEFINE_FINAL_TYPE (WbInputDialog, wb_input_dialog, GTK_TYPE_WINDOW)

static void
answer (WbInputDialog *self,
        gboolean       reply)
{
  if (self->request == NULL)
    return;

  if (!reply)
    mcp_input_request_decline (self->request);
  else if (GTK_IS_DROP_DOWN (self->field))
    mcp_input_request_reply (self->request,
                             gtk_string_object_get_string (
                               gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->field))));
  else
    mcp_input_request_reply (self->request, gtk_editable_get_text (GTK_EDITABLE (self->field)));

  g_clear_object (&self->request);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
reply_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  answer (WB_INPUT_DIALOG (widget), TRUE);
}

static void
decline_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  answer (WB_INPUT_DIALOG (widget), FALSE);
}

static gboolean
wb_input_dialog_close_request (GtkWindow *window)
{
  answer (WB_INPUT_DIALOG (window), FALSE);

  return GDK_EVENT_PROPAGATE;
}

static void
wb_input_dialog_dispose (GObject *object)
{
  WbInputDialog *self = WB_INPUT_DIALOG (object);

  /* Dropping an unanswered request declines it. */
  g_clear_object (&self->request);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_INPUT_DIALOG);

  G_OBJECT_CLASS (wb_input_dialog_parent_class)->dispose (object);
}

static void
wb_input_dialog_finalize (GObject *object)
{
  WbInputDialog *self = WB_INPUT_DIALOG (object);

  g_free (self->summary);

  G_OBJECT_CLASS (wb_input_dialog_parent_class)->finalize (object);
}

static void
wb_input_dialog_class_init (WbInputDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = wb_input_dialog_dispose;
  object_class->finalize = wb_input_dialog_finalize;
  window_class->close_request = wb_input_dialog_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/McpGlib/Workbench/wb-input-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, WbInputDialog, reply_button);
  gtk_widget_class_bind_template_child (widget_class, WbInputDialog, heading_label);
  gtk_widget_class_bind_template_child (widget_class, WbInputDialog, description_label);
  gtk_widget_class_bind_template_child (widget_class, WbInputDialog, field_box);

  gtk_widget_class_install_action (widget_class, "input.reply", NULL, reply_activated);
  gtk_widget_class_install_action (widget_class, "input.decline", NULL, decline_activated);
}

static void
wb_input_dialog_init (WbInputDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->reply_button));
}

static GtkWidget *
new_field (McpInputRequest *request)
{
  const char * const *options = mcp_input_request_get_options (request);
  const char *value = mcp_input_request_get_default_value (request);
  GtkWidget *field;

  if (options != NULL)
    {
      field = gtk_drop_down_new_from_strings (options);
      for (guint i = 0; value != NULL && options[i] != NULL; i++)
        if (g_str_equal (options[i], value))
          gtk_drop_down_set_selected (GTK_DROP_DOWN (field), i);
      return field;
    }

  if (mcp_input_request_get_password (request))
    {
      field = gtk_password_entry_new ();
      gtk_password_entry_set_show_peek_icon (GTK_PASSWORD_ENTRY (field), TRUE);
      g_object_set (field, "activates-default", TRUE, NULL);
    }
  else
    {
      field = gtk_entry_new ();
      gtk_entry_set_activates_default (GTK_ENTRY (field), TRUE);
    }

  if (value != NULL)
    gtk_editable_set_text (GTK_EDITABLE (field), value);

  return field;
}

/* Creates the dialog that answers @request. */
WbInputDialog *
wb_input_dialog_new (GtkWindow       *parent,
                     McpInputRequest *request)
{
  const char *description;
  WbInputDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MCP_IS_INPUT_REQUEST (request), NULL);

  self = g_object_new (WB_TYPE_INPUT_DIALOG, "transient-for", parent, NULL);
  self->request = g_object_ref (request);

  /* TRANSLATORS: %s is the name of a server whose configuration needs a
   * value from the user, such as a token */
  self->summary = g_strdup_printf (_("%s needs a value from you"),
                                   mcp_input_request_get_server (request));
  gtk_label_set_text (self->heading_label, self->summary);

  description = mcp_input_request_get_description (request);
  if (description == NULL)
    description = mcp_input_request_get_id (request);
  gtk_label_set_text (self->description_label, description);

  self->field = new_field (request);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->field),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  gtk_box_append (self->field_box, self->field);

  return self;
}

/* What a notification of the request says. */
const char *
wb_input_dialog_get_summary (WbInputDialog *self)
{
  g_return_val_if_fail (WB_IS_INPUT_DIALOG (self), NULL);

  return self->summary;
}
