/* wb-call-pane.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The right-hand side of the window: one tool, prompt or resource of the
 * client group, with a form generated from its schema (a prompt's
 * arguments make a schema of strings), a button that calls it, a progress
 * bar fed by the call's McpRequestOptions::progress signal, a Cancel
 * button, and the result; above the result, the tool's app view when it
 * has one (WbAppPanel).
 *
 * Calls go through the group by the item's qualified name, which always
 * reaches the server the item came from, whichever client serves it now.
 * A resource that no server lists (a link in a result) is read from the
 * client of the server that is shown.
 *
 * One call runs at a time. Showing something else cancels the call that
 * is running (mcp-glib tells the server), and a result that arrives for a
 * call that is no longer shown is dropped: each call carries its own
 * GCancellable, which is how a callback knows it is stale.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-app-panel.h"
#include "wb-call-pane.h"

#include <mcp-glib/gtk/mcp-gtk.h>

typedef enum
{
  SUBJECT_NONE,
  SUBJECT_TOOL,
  SUBJECT_PROMPT,
  SUBJECT_RESOURCE,
  SUBJECT_RESOURCE_URI,
} Subject;

struct _WbCallPane
{
  GtkWidget          parent_instance;

  GtkLabel          *title_label;
  GtkLabel          *subtitle_label;
  GtkLabel          *description_label;
  GtkBox            *form_box;
  GtkButton         *run_button;
  GtkWidget         *call_box;
  GtkLabel          *status_label;
  GtkProgressBar    *progress_bar;
  WbAppPanel        *app_panel;
  McpGtkContentView *result_view;

  Subject            subject;
  McpClientGroup    *group;
  McpGroupServer    *server;
  char              *name;
  McpTool           *tool;
  McpGtkSchemaForm  *form;

  GCancellable      *cancellable;
  McpRequestOptions *options;
  gint64             started;
  char              *last_progress;
};

G_DEFINE_FINAL_TYPE (WbCallPane, wb_call_pane, GTK_TYPE_WIDGET)

static void
update_actions (WbCallPane *self)
{
  gboolean running = self->cancellable != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "pane.run",
                                 self->subject != SUBJECT_NONE && !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "pane.cancel", running);
}

static void
stop_call (WbCallPane *self,
           gboolean    cancel)
{
  if (cancel && self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->options != NULL)
    g_signal_handlers_disconnect_by_data (self->options, self);
  g_clear_object (&self->options);
}

/* Ends the call this callback belongs to, or returns FALSE when it is not
 * the call shown any more.
 */
static gboolean
end_call (WbCallPane   *self,
          GCancellable *cancellable)
{
  if (cancellable != self->cancellable)
    return FALSE;

  stop_call (self, FALSE);
  update_actions (self);
  return TRUE;
}

static void
show_finished (WbCallPane   *self,
               const GError *error)
{
  double seconds = (g_get_monotonic_time () - self->started) / (double) G_USEC_PER_SEC;
  g_autofree char *status = NULL;

  if (error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* TRANSLATORS: the status of a call that the user cancelled */
      status = g_strdup (_("Cancelled"));
    }
  else if (error != NULL)
    {
      /* TRANSLATORS: the status of a call that failed, after a number of seconds */
      status = g_strdup_printf (_("Failed after %.1f s"), seconds);
      mcp_gtk_content_view_clear (self->result_view);
      mcp_gtk_content_view_add_error (self->result_view, error->message);
    }
  else if (self->last_progress != NULL)
    {
      /* TRANSLATORS: the status of a call that succeeded, after a number of
       * seconds; the last progress the server reported follows */
      status = g_strdup_printf (_("Finished in %.1f s (progress %s)"), seconds,
                                self->last_progress);
    }
  else
    {
      /* TRANSLATORS: the status of a call that succeeded, after a number of seconds */
      status = g_strdup_printf (_("Finished in %.1f s"), seconds);
    }

  gtk_label_set_text (self->status_label, status);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), self->last_progress != NULL);
}

static void
on_progress (McpRequestOptions *options,
             double             progress,
             double             total,
             const char        *message,
             WbCallPane        *self)
{
  g_autofree char *text = NULL;

  g_free (self->last_progress);
  if (total > 0)
    {
      gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (progress / total, 0, 1));
      /* TRANSLATORS: a call's progress, e.g. "3 of 10" */
      self->last_progress = g_strdup_printf (_("%g of %g"), progress, total);
    }
  else
    {
      gtk_progress_bar_pulse (self->progress_bar);
      self->last_progress = g_strdup_printf ("%g", progress);
    }

  if (message != NULL)
    text = g_strdup_printf ("%s: %s", self->last_progress, message);
  else
    text = g_strdup (self->last_progress);

  gtk_progress_bar_set_text (self->progress_bar, text);
  gtk_label_set_text (self->status_label, text);
}

static void
on_tool_called (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GCancellable) cancellable = user_data;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;
  WbCallPane *self;

  tool_result = mcp_client_group_call_tool_finish (MCP_CLIENT_GROUP (object), result, &error);
  self = g_object_get_data (G_OBJECT (cancellable), "pane");
  if (self == NULL || !end_call (self, cancellable))
    return;

  if (tool_result != NULL)
    {
      mcp_gtk_content_view_show_tool_result (self->result_view, tool_result);
      wb_app_panel_set_result (self->app_panel, tool_result);
    }
  else
    {
      wb_app_panel_cancel (self->app_panel,
                           g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                           ? "user action" : error->message);
    }
  show_finished (self, error);
}

static void
on_prompt_got (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GCancellable) cancellable = user_data;
  g_autoptr(McpPromptResult) prompt_result = NULL;
  g_autoptr(GError) error = NULL;
  WbCallPane *self;

  prompt_result = mcp_client_group_get_prompt_finish (MCP_CLIENT_GROUP (object), result, &error);
  self = g_object_get_data (G_OBJECT (cancellable), "pane");
  if (self == NULL || !end_call (self, cancellable))
    return;

  if (prompt_result != NULL)
    mcp_gtk_content_view_show_prompt_result (self->result_view, prompt_result);
  show_finished (self, error);
}

static void
on_resource_read (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GCancellable) cancellable = user_data;
  g_autoptr(GListModel) contents = NULL;
  g_autoptr(GError) error = NULL;
  WbCallPane *self;

  if (MCP_IS_CLIENT_GROUP (object))
    contents = mcp_client_group_read_resource_finish (MCP_CLIENT_GROUP (object), result, &error);
  else
    contents = mcp_client_read_resource_finish (MCP_CLIENT (object), result, &error);
  self = g_object_get_data (G_OBJECT (cancellable), "pane");
  if (self == NULL || !end_call (self, cancellable))
    return;

  if (contents != NULL)
    mcp_gtk_content_view_show_resource (self->result_view, contents);
  show_finished (self, error);
}

static GHashTable *
prompt_arguments (JsonObject *values)
{
  GHashTable *arguments = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  json_object_iter_init (&iter, values);
  while (json_object_iter_next (&iter, &name, &value))
    g_hash_table_insert (arguments, g_strdup (name), g_strdup (json_node_get_string (value)));

  return arguments;
}

static void
run_activated (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbCallPane *self = WB_CALL_PANE (widget);
  g_autoptr(JsonObject) values = NULL;
  g_autoptr(GError) error = NULL;
  GCancellable *cancellable;
  McpClient *client;

  if (self->subject == SUBJECT_NONE || self->cancellable != NULL)
    return;

  if (self->form != NULL)
    {
      values = mcp_gtk_schema_form_dup_value (self->form, &error);
      if (values == NULL)
        {
          gtk_label_set_text (self->status_label, error->message);
          return;
        }
    }

  /* The pane is not referenced by the call: a call outliving it finds
   * "pane" gone from its cancellable and drops its result.
   */
  self->cancellable = cancellable = g_cancellable_new ();
  g_object_set_data (G_OBJECT (cancellable), "pane", self);
  self->started = g_get_monotonic_time ();
  g_clear_pointer (&self->last_progress, g_free);

  mcp_gtk_content_view_clear (self->result_view);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  /* TRANSLATORS: the status of a call waiting for its answer */
  gtk_progress_bar_set_text (self->progress_bar, _("Waiting for the server…"));
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), self->subject == SUBJECT_TOOL);
  gtk_label_set_text (self->status_label, _("Waiting for the server…"));
  update_actions (self);

  switch (self->subject)
    {
    case SUBJECT_TOOL:
      {
        g_autoptr(JsonObject) input = values != NULL ? json_object_ref (values)
                                                     : json_object_new ();

        wb_app_panel_start (self->app_panel, self->server, self->tool, input);
      }
      self->options = mcp_request_options_new ();
      g_signal_connect (self->options, "progress", G_CALLBACK (on_progress), self);
      mcp_client_group_call_tool_async (self->group, self->name, values, self->options,
                                        cancellable, on_tool_called, g_object_ref (cancellable));
      break;

    case SUBJECT_PROMPT:
      {
        g_autoptr(GHashTable) arguments = prompt_arguments (values);

        mcp_client_group_get_prompt_async (self->group, self->name, arguments, cancellable,
                                           on_prompt_got, g_object_ref (cancellable));
      }
      break;

    case SUBJECT_RESOURCE:
      mcp_client_group_read_resource_async (self->group, self->name, cancellable,
                                            on_resource_read, g_object_ref (cancellable));
      break;

    case SUBJECT_RESOURCE_URI:
      client = mcp_group_server_get_client (self->server);
      if (client != NULL)
        {
          mcp_client_read_resource_async (client, self->name, cancellable,
                                          on_resource_read, g_object_ref (cancellable));
        }
      else
        {
          /* TRANSLATORS: %s is the name of a server */
          error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                               _("The server “%s” is not connected"),
                               mcp_group_server_get_name (self->server));
          end_call (self, cancellable);
          show_finished (self, error);
        }
      break;

    case SUBJECT_NONE:
    default:
      g_assert_not_reached ();
    }
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  WbCallPane *self = WB_CALL_PANE (widget);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

static void
forget_subject (WbCallPane *self)
{
  if (self->cancellable != NULL)
    g_object_set_data (G_OBJECT (self->cancellable), "pane", NULL);
  stop_call (self, TRUE);

  self->subject = SUBJECT_NONE;
  g_clear_object (&self->group);
  g_clear_object (&self->server);
  g_clear_pointer (&self->name, g_free);
  g_clear_object (&self->tool);
  g_clear_pointer (&self->last_progress, g_free);
  wb_app_panel_clear (self->app_panel);
  if (self->form != NULL)
    gtk_box_remove (self->form_box, GTK_WIDGET (self->form));
  self->form = NULL;

  mcp_gtk_content_view_clear (self->result_view);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  gtk_label_set_text (self->status_label, "");
}

static void
show_subject (WbCallPane     *self,
              Subject         subject,
              McpClientGroup *group,
              McpGroupServer *server,
              const char     *name,
              const char     *title,
              const char     *subtitle,
              const char     *description,
              JsonObject     *schema,
              const char     *run_label)
{
  /* A live model that refreshed, or a server that reconnected, hands over
   * a new object for the same thing: the form and a running call stay.
   */
  if (self->subject == subject && self->server == server && g_strcmp0 (self->name, name) == 0)
    return;

  forget_subject (self);

  self->subject = subject;
  self->group = g_object_ref (group);
  self->server = g_object_ref (server);
  self->name = g_strdup (name);

  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->subtitle_label, subtitle);
  gtk_label_set_text (self->description_label, description != NULL ? description : "");
  gtk_widget_set_visible (GTK_WIDGET (self->description_label), description != NULL);
  gtk_button_set_label (self->run_button, run_label);

  if (schema != NULL)
    {
      self->form = MCP_GTK_SCHEMA_FORM (mcp_gtk_schema_form_new (schema));
      gtk_box_append (self->form_box, GTK_WIDGET (self->form));
    }

  gtk_widget_set_visible (GTK_WIDGET (self->form_box),
                          self->form != NULL && !mcp_gtk_schema_form_is_empty (self->form));
  update_actions (self);
}

/* A prompt's arguments are strings: they make a schema of strings. */
static JsonObject *
prompt_schema (McpPrompt *prompt)
{
  GListModel *arguments = mcp_prompt_get_arguments (prompt);
  g_autoptr(JsonObject) schema = json_object_new ();
  JsonObject *properties = json_object_new ();
  JsonArray *required = json_array_new ();

  json_object_set_string_member (schema, "type", "object");
  json_object_set_object_member (schema, "properties", properties);
  json_object_set_array_member (schema, "required", required);

  for (guint i = 0; arguments != NULL && i < g_list_model_get_n_items (arguments); i++)
    {
      g_autoptr(McpPromptArgument) argument = g_list_model_get_item (arguments, i);
      JsonObject *property = json_object_new ();
      const char *title = mcp_prompt_argument_get_title (argument);
      const char *description = mcp_prompt_argument_get_description (argument);

      json_object_set_string_member (property, "type", "string");
      if (title != NULL)
        json_object_set_string_member (property, "title", title);
      if (description != NULL)
        json_object_set_string_member (property, "description", description);
      json_object_set_object_member (properties, mcp_prompt_argument_get_name (argument),
                                     property);
      if (mcp_prompt_argument_get_required (argument))
        json_array_add_string_element (required, mcp_prompt_argument_get_name (argument));
    }

  return g_steal_pointer (&schema);
}

/* Shows a tool, prompt or resource of @group; it is called by its
 * qualified name, which the subtitle shows (a resource's, its URI).
 */
void
wb_call_pane_show_item (WbCallPane     *self,
                        McpClientGroup *group,
                        McpGroupItem   *item)
{
  GObject *object;
  McpGroupServer *server;
  const char *name;

  g_return_if_fail (WB_IS_CALL_PANE (self));
  g_return_if_fail (MCP_IS_CLIENT_GROUP (group));
  g_return_if_fail (MCP_IS_GROUP_ITEM (item));

  object = mcp_group_item_get_item (item);
  server = mcp_group_item_get_server (item);
  name = mcp_group_item_get_qualified_name (item);

  switch (mcp_group_item_get_kind (item))
    {
    case MCP_GROUP_ITEM_KIND_TOOL:
      /* TRANSLATORS: the button that calls a tool */
      show_subject (self, SUBJECT_TOOL, group, server, name,
                    mcp_tool_get_display_name (MCP_TOOL (object)), name,
                    mcp_tool_get_description (MCP_TOOL (object)),
                    mcp_tool_get_input_schema (MCP_TOOL (object)), _("_Call"));
      g_set_object (&self->tool, MCP_TOOL (object));
      break;

    case MCP_GROUP_ITEM_KIND_PROMPT:
      {
        g_autoptr(JsonObject) schema = prompt_schema (MCP_PROMPT (object));

        /* TRANSLATORS: the button that gets a prompt's messages */
        show_subject (self, SUBJECT_PROMPT, group, server, name,
                      mcp_prompt_get_display_name (MCP_PROMPT (object)), name,
                      mcp_prompt_get_description (MCP_PROMPT (object)), schema, _("_Get"));
      }
      break;

    case MCP_GROUP_ITEM_KIND_RESOURCE:
      /* TRANSLATORS: the button that reads a resource */
      show_subject (self, SUBJECT_RESOURCE, group, server, name,
                    mcp_resource_get_display_name (MCP_RESOURCE (object)),
                    mcp_group_item_get_original_name (item),
                    mcp_resource_get_description (MCP_RESOURCE (object)), NULL, _("_Read"));
      break;

    case MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE:
    default:
      g_return_if_reached ();
    }
}

/* Shows a resource of @server that need not be listed, such as one a
 * result links to.
 */
void
wb_call_pane_show_resource (WbCallPane     *self,
                            McpClientGroup *group,
                            McpGroupServer *server,
                            const char     *uri)
{
  g_return_if_fail (WB_IS_CALL_PANE (self));
  g_return_if_fail (MCP_IS_CLIENT_GROUP (group));
  g_return_if_fail (MCP_IS_GROUP_SERVER (server));
  g_return_if_fail (uri != NULL);

  show_subject (self, SUBJECT_RESOURCE_URI, group, server, uri, uri, uri, NULL, NULL,
                _("_Read"));
}

/* The server of what is shown, if anything is. */
McpGroupServer *
wb_call_pane_get_server (WbCallPane *self)
{
  g_return_val_if_fail (WB_IS_CALL_PANE (self), NULL);

  return self->server;
}

void
wb_call_pane_clear (WbCallPane *self)
{
  g_return_if_fail (WB_IS_CALL_PANE (self));

  forget_subject (self);
  gtk_label_set_text (self->title_label, "");
  gtk_label_set_text (self->subtitle_label, "");
  gtk_label_set_text (self->description_label, "");
  update_actions (self);
}

static void
wb_call_pane_dispose (GObject *object)
{
  WbCallPane *self = WB_CALL_PANE (object);

  forget_subject (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_CALL_PANE);

  G_OBJECT_CLASS (wb_call_pane_parent_class)->dispose (object);
}

/* A view in full takes the whole pane: the rest is hidden, not changed. */
static void
on_fullscreen_changed (WbCallPane *self)
{
  gboolean fullscreen = wb_app_panel_get_fullscreen (self->app_panel);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (child != GTK_WIDGET (self->app_panel))
        gtk_widget_set_child_visible (child, !fullscreen);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Where the lines of the tools' views go. */
void
wb_call_pane_set_log_view (WbCallPane    *self,
                           McpGtkLogView *log_view)
{
  g_return_if_fail (WB_IS_CALL_PANE (self));

  wb_app_panel_set_log_view (self->app_panel, log_view);
}

/* A resource link in a result: the window reads it. */
static void
on_resource_activated (WbCallPane *self,
                       const char *uri)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.read-resource", "s", uri);
}

static void
wb_call_pane_class_init (WbCallPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_call_pane_dispose;

  g_type_ensure (MCP_GTK_TYPE_CONTENT_VIEW);
  g_type_ensure (WB_TYPE_APP_PANEL);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/McpGlib/Workbench/wb-call-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, title_label);
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, description_label);
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, form_box);
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, run_button);
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, call_box);
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, app_panel);
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, status_label);
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, WbCallPane, result_view);
  gtk_widget_class_bind_template_callback (widget_class, on_resource_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_fullscreen_changed);

  gtk_widget_class_install_action (widget_class, "pane.run", NULL, run_activated);
  gtk_widget_class_install_action (widget_class, "pane.cancel", NULL, cancel_activated);
}

static void
wb_call_pane_init (WbCallPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_actions (self);
}
