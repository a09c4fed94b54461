/* wb-request-dialog.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Puts a server's request to the user, and answers it with what the user
 * chose, exactly once:
 *
 * - a form elicitation shows a form generated from its requested schema;
 *   Submit accepts with the values, Decline declines, closing cancels;
 * - a URL elicitation shows the page and opens it in the browser only when
 *   the user agrees, as the protocol demands;
 * - a sampling request shows what the server wants a model to read, and a
 *   reply, prefilled with a canned answer since the workbench has no model:
 *   nothing goes back without the user's approval.
 *
 * A request the server withdraws closes its dialog.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-content-view.h"
#include "wb-request-dialog.h"
#include "wb-schema-form.h"

/* JSON-RPC code for a sampling request the user rejected, as the MCP
 * specification's examples use it.
 */
#define USER_REJECTED_ERROR -1

typedef enum
{
  KIND_ELICITATION_FORM,
  KIND_ELICITATION_URL,
  KIND_SAMPLING,
} RequestKind;

struct _WbRequestDialog
{
  GtkWindow         parent_instance;

  GtkButton        *decline_button;
  GtkButton        *accept_button;
  GtkLabel         *heading_label;
  GtkLabel         *message_label;
  GtkBox           *content_box;
  GtkLabel         *error_label;

  McpServerRequest *request;
  RequestKind       kind;
  char             *summary;
  char             *url;
  WbSchemaForm     *form;
  GtkTextView      *reply_view;
};

G_DEFINE_FINAL_TYPE (WbRequestDialog, wb_request_dialog, GTK_TYPE_WINDOW)

static void
finish (WbRequestDialog *self)
{
  if (self->request != NULL)
    g_signal_handlers_disconnect_by_data (mcp_server_request_get_cancellable (self->request),
                                          self);
  g_clear_object (&self->request);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
accept_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  WbRequestDialog *self = WB_REQUEST_DIALOG (widget);

  if (self->request == NULL)
    return;

  switch (self->kind)
    {
    case KIND_ELICITATION_FORM:
      {
        g_autoptr(JsonObject) values = NULL;
        g_autoptr(GError) error = NULL;

        values = wb_schema_form_dup_value (self->form, &error);
        if (values == NULL)
          {
            gtk_label_set_text (self->error_label, error->message);
            gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
            return;
          }
        mcp_server_request_reply_elicitation (self->request, MCP_ELICITATION_ACTION_ACCEPT,
                                              values);
      }
      break;

    case KIND_ELICITATION_URL:
      gtk_show_uri (gtk_window_get_transient_for (GTK_WINDOW (self)), self->url,
                    GDK_CURRENT_TIME);
      mcp_server_request_reply_elicitation (self->request, MCP_ELICITATION_ACTION_ACCEPT, NULL);
      break;

    case KIND_SAMPLING:
      {
        GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->reply_view);
        g_autoptr(McpContent) content = NULL;
        g_autofree char *text = NULL;
        GtkTextIter start, end;

        gtk_text_buffer_get_bounds (buffer, &start, &end);
        text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
        content = mcp_content_new_text (text);
        mcp_server_request_reply_sampling (self->request, "mcp-glib-workbench", content,
                                           "endTurn");
      }
      break;

    default:
      g_assert_not_reached ();
    }

  finish (self);
}

static void
answer_no (WbRequestDialog      *self,
           McpElicitationAction  action)
{
  if (self->request == NULL)
    return;

  if (self->kind == KIND_SAMPLING)
    mcp_server_request_reply_error (self->request, USER_REJECTED_ERROR,
                                    "The user rejected the sampling request");
  else
    mcp_server_request_reply_elicitation (self->request, action, NULL);

  finish (self);
}

static void
decline_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  answer_no (WB_REQUEST_DIALOG (widget), MCP_ELICITATION_ACTION_DECLINE);
}

static gboolean
wb_request_dialog_close_request (GtkWindow *window)
{
  answer_no (WB_REQUEST_DIALOG (window), MCP_ELICITATION_ACTION_CANCEL);

  return GDK_EVENT_PROPAGATE;
}

static void
on_withdrawn (WbRequestDialog *self)
{
  finish (self);
}

static void
wb_request_dialog_dispose (GObject *object)
{
  WbRequestDialog *self = WB_REQUEST_DIALOG (object);

  /* Dropping an unanswered request answers the server with an error. */
  if (self->request != NULL)
    g_signal_handlers_disconnect_by_data (mcp_server_request_get_cancellable (self->request),
                                          self);
  g_clear_object (&self->request);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_REQUEST_DIALOG);

  G_OBJECT_CLASS (wb_request_dialog_parent_class)->dispose (object);
}

static void
wb_request_dialog_finalize (GObject *object)
{
  WbRequestDialog *self = WB_REQUEST_DIALOG (object);

  g_free (self->summary);
  g_free (self->url);

  G_OBJECT_CLASS (wb_request_dialog_parent_class)->finalize (object);
}

static void
wb_request_dialog_class_init (WbRequestDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = wb_request_dialog_dispose;
  object_class->finalize = wb_request_dialog_finalize;
  window_class->close_request = wb_request_dialog_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/McpGlib/Workbench/wb-request-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, WbRequestDialog, decline_button);
  gtk_widget_class_bind_template_child (widget_class, WbRequestDialog, accept_button);
  gtk_widget_class_bind_template_child (widget_class, WbRequestDialog, heading_label);
  gtk_widget_class_bind_template_child (widget_class, WbRequestDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, WbRequestDialog, content_box);
  gtk_widget_class_bind_template_child (widget_class, WbRequestDialog, error_label);

  gtk_widget_class_install_action (widget_class, "request.accept", NULL, accept_activated);
  gtk_widget_class_install_action (widget_class, "request.decline", NULL, decline_activated);
}

static void
wb_request_dialog_init (WbRequestDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
add_caption (WbRequestDialog *self,
             const char      *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (self->content_box, label);
}

static void
setup_sampling (WbRequestDialog *self)
{
  WbContentView *view = WB_CONTENT_VIEW (wb_content_view_new ());
  GListModel *messages = mcp_server_request_get_sampling_messages (self->request);
  const char *system_prompt = mcp_server_request_get_system_prompt (self->request);
  gint64 max_tokens = mcp_server_request_get_max_tokens (self->request);
  GtkWidget *reply;

  self->kind = KIND_SAMPLING;
  /* TRANSLATORS: the title of the dialog of a sampling request */
  gtk_window_set_title (GTK_WINDOW (self), _("Sampling Request"));
  gtk_label_set_text (self->message_label,
                      _("The server asks for a message from a language model. Read what it "
                        "sends, edit the reply, and approve it or reject the request."));
  /* TRANSLATORS: the button that sends the reply to a sampling request */
  gtk_button_set_label (self->accept_button, _("_Approve"));
  /* TRANSLATORS: the button that refuses a sampling request */
  gtk_button_set_label (self->decline_button, _("_Reject"));

  if (system_prompt != NULL)
    {
      g_autoptr(McpContent) content = mcp_content_new_text (system_prompt);

      wb_content_view_add_heading (view, _("System prompt"));
      wb_content_view_add_content (view, content);
    }

  for (guint i = 0; i < g_list_model_get_n_items (messages); i++)
    {
      g_autoptr(McpSamplingMessage) message = g_list_model_get_item (messages, i);
      GListModel *content = mcp_sampling_message_get_content (message);

      wb_content_view_add_heading (view, mcp_sampling_message_get_role (message));
      for (guint j = 0; j < g_list_model_get_n_items (content); j++)
        {
          g_autoptr(McpContent) block = g_list_model_get_item (content, j);

          wb_content_view_add_content (view, block);
        }
    }

  if (max_tokens >= 0)
    {
      /* TRANSLATORS: the token limit of a sampling request */
      g_autofree char *limit = g_strdup_printf (_("At most %" G_GINT64_FORMAT " tokens"),
                                                max_tokens);

      wb_content_view_add_heading (view, limit);
    }

  gtk_box_append (self->content_box, GTK_WIDGET (view));

  add_caption (self, _("Reply"));
  reply = gtk_text_view_new ();
  self->reply_view = GTK_TEXT_VIEW (reply);
  gtk_text_view_set_wrap_mode (self->reply_view, GTK_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (reply, "card");
  gtk_widget_set_size_request (reply, -1, 80);
  gtk_text_view_set_left_margin (self->reply_view, 6);
  gtk_text_view_set_top_margin (self->reply_view, 6);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->reply_view),
                            _("This is a canned reply from the MCP workbench: no language model "
                              "was asked."), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (reply),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Reply"),
                                  -1);
  gtk_box_append (self->content_box, reply);
}

static void
setup_elicitation (WbRequestDialog *self)
{
  const char *message = mcp_server_request_get_message (self->request);

  if (message != NULL)
    gtk_label_set_text (self->message_label, message);
  /* TRANSLATORS: the button that refuses an elicitation */
  gtk_button_set_label (self->decline_button, _("_Decline"));

  if (mcp_server_request_get_elicitation_mode (self->request) == MCP_ELICITATION_MODE_URL)
    {
      GtkWidget *label;

      self->kind = KIND_ELICITATION_URL;
      self->url = g_strdup (mcp_server_request_get_url (self->request));
      /* TRANSLATORS: the title of the dialog of a URL elicitation */
      gtk_window_set_title (GTK_WINDOW (self), _("Open a Web Page?"));
      /* TRANSLATORS: the button that opens the page of a URL elicitation */
      gtk_button_set_label (self->accept_button, _("_Open"));
      add_caption (self, _("The server asks you to open this page:"));
      label = gtk_label_new (self->url);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_CHAR);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "monospace");
      gtk_box_append (self->content_box, label);
    }
  else
    {
      self->kind = KIND_ELICITATION_FORM;
      /* TRANSLATORS: the title of the dialog of a form elicitation */
      gtk_window_set_title (GTK_WINDOW (self), _("Information Requested"));
      /* TRANSLATORS: the button that sends the form of an elicitation */
      gtk_button_set_label (self->accept_button, _("_Submit"));
      self->form = WB_SCHEMA_FORM (wb_schema_form_new (
          mcp_server_request_get_requested_schema (self->request)));
      gtk_box_append (self->content_box, GTK_WIDGET (self->form));
    }
}

/* Creates the dialog for @request, a `sampling/createMessage` or an
 * `elicitation/create` request from the server named @server_name.
 */
WbRequestDialog *
wb_request_dialog_new (GtkWindow        *parent,
                       const char       *server_name,
                       McpServerRequest *request)
{
  WbRequestDialog *self;
  g_autofree char *heading = NULL;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (server_name != NULL, NULL);
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (request), NULL);

  self = g_object_new (WB_TYPE_REQUEST_DIALOG,
                       "transient-for", parent,
                       "application", gtk_window_get_application (parent),
                       NULL);
  self->request = g_object_ref (request);

  if (g_str_equal (mcp_server_request_get_method (request), "sampling/createMessage"))
    {
      setup_sampling (self);
      /* TRANSLATORS: the heading of a sampling dialog; %s is the server's name */
      heading = g_strdup_printf (_("%s asks for a model’s reply"), server_name);
    }
  else
    {
      setup_elicitation (self);
      /* TRANSLATORS: the heading of an elicitation dialog; %s is the server's name */
      heading = g_strdup_printf (_("%s asks for your input"), server_name);
    }

  gtk_label_set_text (self->heading_label, heading);
  self->summary = g_strdup (heading);

  g_signal_connect_swapped (mcp_server_request_get_cancellable (request), "cancelled",
                            G_CALLBACK (on_withdrawn), self);

  return self;
}

/* One line saying who asks for what, for a notification. */
const char *
wb_request_dialog_get_summary (WbRequestDialog *self)
{
  g_return_val_if_fail (WB_IS_REQUEST_DIALOG (self), NULL);

  return self->summary;
}
