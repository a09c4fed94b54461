/* mcp-gtk-sampling-view.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-gtk-content-view.h"
#include "mcp-gtk-sampling-view.h"
#include "mcp-gtk-private.h"

/* JSON-RPC code for a sampling request the user rejected, as the MCP
 * specification's examples use it.
 */
#define USER_REJECTED_ERROR -1

/**
 * McpGtkSamplingView:
 *
 * Puts a server's `sampling/createMessage` request to the user: nothing
 * goes to a language model, and no reply to the server, without the user's
 * approval.
 *
 * The view shows the conversation the server wants a model to read (its
 * system prompt and messages, in a [class@McpGtk.ContentView]), the
 * server's model preferences (its hints, its cost, speed and intelligence
 * priorities, the token limit), and the reply: the application proposes
 * one with [method@McpGtk.SamplingView.set_reply] (what its model
 * answered), which the user can edit (Edit), send (Approve) or refuse
 * (Deny: the server gets an error, "The user rejected the sampling
 * request").
 *
 * [signal@McpGtk.SamplingView::answered] says how it was answered; a
 * request the server withdraws emits
 * [signal@McpGtk.SamplingView::withdrawn] instead.
 *
 * Since: 1.0
 */
struct _McpGtkSamplingView
{
  GtkWidget         parent_instance;

  McpServerRequest *request;
  GtkTextView      *reply_view;
  char             *model;
  gulong            cancelled_id;
};

enum
{
  SIGNAL_ANSWERED,
  SIGNAL_WITHDRAWN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (McpGtkSamplingView, mcp_gtk_sampling_view, GTK_TYPE_WIDGET)

static void
forget_request (McpGtkSamplingView *self)
{
  if (self->request != NULL && self->cancelled_id != 0)
    g_cancellable_disconnect (mcp_server_request_get_cancellable (self->request),
                              self->cancelled_id);
  self->cancelled_id = 0;
  g_clear_object (&self->request);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sampling.approve", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sampling.deny", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sampling.edit", FALSE);
  if (self->reply_view != NULL)
    gtk_text_view_set_editable (self->reply_view, FALSE);
}

static gboolean
emit_withdrawn (gpointer user_data)
{
  McpGtkSamplingView *self = user_data;

  if (self->request == NULL)
    return G_SOURCE_REMOVE;
  forget_request (self);
  g_signal_emit (self, signals[SIGNAL_WITHDRAWN], 0);

  return G_SOURCE_REMOVE;
}

static void
on_cancelled (GCancellable *cancellable,
              gpointer      user_data)
{
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, emit_withdrawn,
                              g_object_ref (user_data), g_object_unref);
}

/**
 * mcp_gtk_sampling_view_dup_reply:
 * @self: a view
 *
 * The reply as it stands, edited or not.
 *
 * Returns: (transfer full): the reply's text
 *
 * Since: 1.0
 */
char *
mcp_gtk_sampling_view_dup_reply (McpGtkSamplingView *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (MCP_GTK_IS_SAMPLING_VIEW (self), NULL);

  buffer = gtk_text_view_get_buffer (self->reply_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);

  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/**
 * mcp_gtk_sampling_view_approve:
 * @self: a view
 *
 * Sends the reply, as the Approve button does. It does nothing once the
 * request is answered or withdrawn.
 *
 * Since: 1.0
 */
void
mcp_gtk_sampling_view_approve (McpGtkSamplingView *self)
{
  g_autoptr(McpServerRequest) request = NULL;
  g_autoptr(McpContent) content = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (MCP_GTK_IS_SAMPLING_VIEW (self));

  if (self->request == NULL || mcp_server_request_is_answered (self->request))
    return;

  text = mcp_gtk_sampling_view_dup_reply (self);
  content = mcp_content_new_text (text);
  request = g_object_ref (self->request);
  forget_request (self);
  mcp_server_request_reply_sampling (request, self->model, content, "endTurn");
  g_signal_emit (self, signals[SIGNAL_ANSWERED], 0, TRUE);
}

/**
 * mcp_gtk_sampling_view_deny:
 * @self: a view
 *
 * Refuses the request, as the Deny button does: the server gets an error.
 * It does nothing once the request is answered or withdrawn.
 *
 * Since: 1.0
 */
void
mcp_gtk_sampling_view_deny (McpGtkSamplingView *self)
{
  g_autoptr(McpServerRequest) request = NULL;

  g_return_if_fail (MCP_GTK_IS_SAMPLING_VIEW (self));

  if (self->request == NULL || mcp_server_request_is_answered (self->request))
    return;

  request = g_object_ref (self->request);
  forget_request (self);
  mcp_server_request_reply_error (request, USER_REJECTED_ERROR,
                                  "The user rejected the sampling request");
  g_signal_emit (self, signals[SIGNAL_ANSWERED], 0, FALSE);
}

static void
approve_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  mcp_gtk_sampling_view_approve (MCP_GTK_SAMPLING_VIEW (widget));
}

static void
deny_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  mcp_gtk_sampling_view_deny (MCP_GTK_SAMPLING_VIEW (widget));
}

static void
edit_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  McpGtkSamplingView *self = MCP_GTK_SAMPLING_VIEW (widget);

  gtk_text_view_set_editable (self->reply_view, TRUE);
  gtk_text_view_set_cursor_visible (self->reply_view, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->reply_view));
}

static void
mcp_gtk_sampling_view_dispose (GObject *object)
{
  McpGtkSamplingView *self = MCP_GTK_SAMPLING_VIEW (object);
  GtkWidget *child;

  /* Dropping an unanswered request answers the server with an error. */
  if (self->request != NULL && self->cancelled_id != 0)
    g_cancellable_disconnect (mcp_server_request_get_cancellable (self->request),
                              self->cancelled_id);
  self->cancelled_id = 0;
  g_clear_object (&self->request);
  self->reply_view = NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (mcp_gtk_sampling_view_parent_class)->dispose (object);
}

static void
mcp_gtk_sampling_view_finalize (GObject *object)
{
  McpGtkSamplingView *self = MCP_GTK_SAMPLING_VIEW (object);

  g_free (self->model);

  G_OBJECT_CLASS (mcp_gtk_sampling_view_parent_class)->finalize (object);
}

static void
mcp_gtk_sampling_view_class_init (McpGtkSamplingViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mcp_gtk_sampling_view_dispose;
  object_class->finalize = mcp_gtk_sampling_view_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "mcp-sampling-view");

  /**
   * McpGtkSamplingView::answered:
   * @self: the view
   * @approved: whether the reply was sent (else the request was denied)
   *
   * Emitted once the request is answered.
   *
   * Since: 1.0
   */
  signals[SIGNAL_ANSWERED] =
    g_signal_new ("answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  /**
   * McpGtkSamplingView::withdrawn:
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

  gtk_widget_class_install_action (widget_class, "sampling.approve", NULL, approve_activated);
  gtk_widget_class_install_action (widget_class, "sampling.deny", NULL, deny_activated);
  gtk_widget_class_install_action (widget_class, "sampling.edit", NULL, edit_activated);

  _mcp_gtk_ensure_init ();
}

static void
mcp_gtk_sampling_view_init (McpGtkSamplingView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
  self->model = g_strdup ("unknown");
}


static void
add_priority (GString    *text,
              JsonObject *preferences,
              const char *member,
              const char *what)
{
  JsonNode *node = json_object_get_member (preferences, member);
  double value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || (json_node_get_value_type (node) != G_TYPE_DOUBLE
          && json_node_get_value_type (node) != G_TYPE_INT64))
    return;

  value = json_node_get_double (node);
  if (text->len > 0)
    g_string_append (text, "\n");
  /* TRANSLATORS: a priority of a sampling request's model preferences,
   * e.g. "Speed: 80 %" */
  g_string_append_printf (text, _("%s: %.0f %%"), what, CLAMP (value, 0, 1) * 100);
}

static void
add_preferences (McpGtkSamplingView *self)
{
  JsonObject *preferences = mcp_server_request_get_model_preferences (self->request);
  g_auto(GStrv) hints = mcp_server_request_dup_model_hints (self->request);
  gint64 max_tokens = mcp_server_request_get_max_tokens (self->request);
  g_autoptr(GString) text = g_string_new (NULL);

  if (hints != NULL && hints[0] != NULL)
    {
      g_autofree char *joined = g_strjoinv (", ", hints);

      /* TRANSLATORS: the models a server suggests, e.g. "Models: claude, gpt" */
      g_string_append_printf (text, _("Models: %s"), joined);
    }
  if (preferences != NULL)
    {
      add_priority (text, preferences, "intelligencePriority", _("Intelligence"));
      add_priority (text, preferences, "speedPriority", _("Speed"));
      add_priority (text, preferences, "costPriority", _("Cost"));
    }
  if (max_tokens >= 0)
    {
      if (text->len > 0)
        g_string_append (text, "\n");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "At most %lld token",
                                                 "At most %lld tokens", max_tokens),
                              (long long) max_tokens);
    }

  if (text->len == 0)
    return;

  _mcp_gtk_append_label (GTK_WIDGET (self), _("Model preferences"), "heading");
  gtk_label_set_selectable (GTK_LABEL (_mcp_gtk_append_label (GTK_WIDGET (self), text->str, NULL)), TRUE);
}


/**
 * mcp_gtk_sampling_view_new:
 * @server_name: the name of the server that asks, as the user knows it
 * @request: a `sampling/createMessage` request
 *
 * Creates the view of @request, with an empty reply.
 *
 * Returns: (transfer floating): a new view
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_sampling_view_new (const char       *server_name,
                           McpServerRequest *request)
{
  McpGtkSamplingView *self;
  McpGtkContentView *conversation;
  g_autofree char *heading = NULL;
  const char *system_prompt;
  GListModel *messages;
  GtkWidget *reply;
  GtkWidget *frame;
  GtkWidget *buttons;
  GtkWidget *approve;

  g_return_val_if_fail (server_name != NULL, NULL);
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (request), NULL);

  self = g_object_new (MCP_GTK_TYPE_SAMPLING_VIEW, NULL);
  self->request = g_object_ref (request);

  /* TRANSLATORS: the heading of a sampling request; %s is the server's name */
  heading = g_strdup_printf (_("%s asks for a model’s reply"), server_name);
  _mcp_gtk_append_label (GTK_WIDGET (self), heading, "title-3");
  _mcp_gtk_append_label (GTK_WIDGET (self),
                         _("Read what the server wants a language model to read, then approve, "
                           "edit or deny the reply."), NULL);

  _mcp_gtk_append_label (GTK_WIDGET (self), _("Conversation"), "heading");
  conversation = MCP_GTK_CONTENT_VIEW (mcp_gtk_content_view_new ());
  gtk_accessible_update_property (GTK_ACCESSIBLE (conversation),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Conversation"),
                                  -1);
  system_prompt = mcp_server_request_get_system_prompt (request);
  if (system_prompt != NULL)
    {
      g_autoptr(McpContent) content = mcp_content_new_text (system_prompt);

      mcp_gtk_content_view_add_heading (conversation, _("System prompt"));
      mcp_gtk_content_view_add_content (conversation, content);
    }
  messages = mcp_server_request_get_sampling_messages (request);
  for (guint i = 0; messages != NULL && i < g_list_model_get_n_items (messages); i++)
    {
      g_autoptr(McpSamplingMessage) message = g_list_model_get_item (messages, i);
      GListModel *content = mcp_sampling_message_get_content (message);

      mcp_gtk_content_view_add_heading (conversation, mcp_sampling_message_get_role (message));
      for (guint j = 0; j < g_list_model_get_n_items (content); j++)
        {
          g_autoptr(McpContent) block = g_list_model_get_item (content, j);

          mcp_gtk_content_view_add_content (conversation, block);
        }
    }
  gtk_widget_set_parent (GTK_WIDGET (conversation), GTK_WIDGET (self));

  add_preferences (self);

  _mcp_gtk_append_label (GTK_WIDGET (self), _("Reply"), "heading");
  reply = gtk_text_view_new ();
  self->reply_view = GTK_TEXT_VIEW (reply);
  gtk_text_view_set_wrap_mode (self->reply_view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_editable (self->reply_view, FALSE);
  gtk_text_view_set_left_margin (self->reply_view, 6);
  gtk_text_view_set_right_margin (self->reply_view, 6);
  gtk_text_view_set_top_margin (self->reply_view, 6);
  gtk_text_view_set_bottom_margin (self->reply_view, 6);
  gtk_widget_set_size_request (reply, -1, 80);
  gtk_accessible_update_property (GTK_ACCESSIBLE (reply),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Reply"),
                                  -1);
  frame = gtk_frame_new (NULL);
  gtk_frame_set_child (GTK_FRAME (frame), reply);
  gtk_widget_set_parent (frame, GTK_WIDGET (self));

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_top (buttons, 6);
  /* TRANSLATORS: the button that refuses a sampling request */
  gtk_box_append (GTK_BOX (buttons), _mcp_gtk_new_action_button (_("_Deny"), "sampling.deny"));
  /* TRANSLATORS: the button that lets the user edit the reply to a sampling request */
  gtk_box_append (GTK_BOX (buttons), _mcp_gtk_new_action_button (_("_Edit"), "sampling.edit"));
  /* TRANSLATORS: the button that sends the reply to a sampling request */
  approve = _mcp_gtk_new_action_button (_("_Approve"), "sampling.approve");
  gtk_widget_add_css_class (approve, "suggested-action");
  gtk_box_append (GTK_BOX (buttons), approve);
  gtk_widget_set_parent (buttons, GTK_WIDGET (self));

  self->cancelled_id = g_cancellable_connect (mcp_server_request_get_cancellable (request),
                                              G_CALLBACK (on_cancelled), self, NULL);

  return GTK_WIDGET (self);
}

/**
 * mcp_gtk_sampling_view_set_reply:
 * @self: a view
 * @model: (nullable): the name of the model that wrote @text
 * @text: the proposed reply
 *
 * Proposes a reply (what the application's model answered), which the
 * user can edit before approving it.
 *
 * Since: 1.0
 */
void
mcp_gtk_sampling_view_set_reply (McpGtkSamplingView *self,
                                 const char         *model,
                                 const char         *text)
{
  g_return_if_fail (MCP_GTK_IS_SAMPLING_VIEW (self));
  g_return_if_fail (text != NULL);

  g_free (self->model);
  self->model = g_strdup (model != NULL ? model : "unknown");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->reply_view), text, -1);
}

/**
 * mcp_gtk_sampling_view_get_request:
 * @self: a view
 *
 * The request, until it is answered or withdrawn.
 *
 * Returns: (transfer none) (nullable): the request
 *
 * Since: 1.0
 */
McpServerRequest *
mcp_gtk_sampling_view_get_request (McpGtkSamplingView *self)
{
  g_return_val_if_fail (MCP_GTK_IS_SAMPLING_VIEW (self), NULL);

  return self->request;
}
