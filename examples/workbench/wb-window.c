/* wb-window.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The workbench's window: the servers on the left with the selected
 * server's tools, resources and prompts, each a GtkListView bound straight
 * to the client's live list model; the call pane on the right; the log of
 * every server below it. Server requests (sampling, elicitation) open a
 * dialog, announced by a desktop notification when the window is not
 * focused.
 *
 * Everything the window does is an action, so that a user's shortcut, a
 * notification or a test over D-Bus can do it too: `win.show-tool`,
 * `win.show-resource`, `win.show-prompt`, `win.read-resource`,
 * `win.select-server`, `win.clear-log`.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-call-pane.h"
#include "wb-log-entry.h"
#include "wb-request-dialog.h"
#include "wb-server.h"
#include "wb-window.h"

struct _WbWindow
{
  GtkApplicationWindow  parent_instance;

  GtkSingleSelection   *servers_selection;
  GtkStack             *lists_stack;
  GtkSingleSelection   *tools_selection;
  GtkSingleSelection   *resources_selection;
  GtkSingleSelection   *prompts_selection;
  GtkStack             *detail_stack;
  WbCallPane           *call_pane;
  GtkNoSelection       *log_selection;
  GtkListView          *log_view;
  gboolean              log_at_top;

  GListStore           *log;
  WbServer             *server;
  GHashTable           *requests;
  guint                 last_request;
};

G_DEFINE_FINAL_TYPE (WbWindow, wb_window, GTK_TYPE_APPLICATION_WINDOW)

static void
add_log_entry (WbWindow   *self,
               WbServer   *server,
               const char *kind,
               const char *text)
{
  g_autoptr(WbLogEntry) entry = wb_log_entry_new (wb_server_get_name (server), kind, text);

  /* Newest first; a view at the top stays there, to show the newest line,
   * unless the user scrolled down to read.
   */
  g_list_store_insert (self->log, 0, entry);
  if (self->log_at_top)
    gtk_widget_activate_action (GTK_WIDGET (self->log_view), "list.scroll-to-item", "u", 0);
}

static void
on_log_message (WbServer    *server,
                McpLogLevel  level,
                const char  *logger,
                JsonNode    *data,
                WbWindow    *self)
{
  g_autofree char *text = NULL;

  if (JSON_NODE_HOLDS_VALUE (data) && json_node_get_value_type (data) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (data));
  else
    text = json_to_string (data, FALSE);

  if (logger != NULL)
    {
      g_autofree char *with_logger = g_strdup_printf ("%s: %s", logger, text);

      add_log_entry (self, server, mcp_log_level_to_string (level), with_logger);
    }
  else
    {
      add_log_entry (self, server, mcp_log_level_to_string (level), text);
    }
}

static void
on_notification (WbServer   *server,
                 const char *method,
                 JsonNode   *params,
                 WbWindow   *self)
{
  g_autofree char *text = NULL;

  /* Log messages have their own lines, by level. */
  if (g_str_equal (method, "notifications/message"))
    return;

  text = params != NULL ? json_to_string (params, FALSE) : g_strdup ("");
  add_log_entry (self, server,
                 g_str_has_prefix (method, "notifications/")
                 ? method + strlen ("notifications/") : method,
                 text);
}

static void
on_closed (WbServer     *server,
           const GError *error,
           WbWindow     *self)
{
  /* TRANSLATORS: the kind of a log line that says a connection ended */
  add_log_entry (self, server, _("closed"),
                 error != NULL ? error->message : _("The connection was closed."));
}

static void
on_request_dialog_destroyed (WbRequestDialog *dialog,
                             WbWindow        *self)
{
  const char *id = g_object_get_data (G_OBJECT (dialog), "request-id");
  GApplication *application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

  if (application != NULL)
    g_application_withdraw_notification (application, id);
  g_hash_table_remove (self->requests, id);
}

static gboolean
on_server_request (WbServer         *server,
                   McpServerRequest *request,
                   WbWindow         *self)
{
  const char *method = mcp_server_request_get_method (request);
  GApplication *application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  WbRequestDialog *dialog;
  g_autofree char *id = NULL;

  if (!g_str_equal (method, "sampling/createMessage")
      && !g_str_equal (method, "elicitation/create"))
    return FALSE;

  /* TRANSLATORS: the kind of a log line for a request from the server */
  add_log_entry (self, server, _("request"), method);

  dialog = wb_request_dialog_new (GTK_WINDOW (self), wb_server_get_name (server), request);
  id = g_strdup_printf ("request-%u", ++self->last_request);
  g_object_set_data_full (G_OBJECT (dialog), "request-id", g_strdup (id), g_free);
  g_hash_table_insert (self->requests, g_strdup (id), dialog);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_request_dialog_destroyed), self, 0);

  /* Someone who is elsewhere learns of the request from the desktop, and
   * the notification brings its dialog back.
   */
  if (!gtk_window_is_active (GTK_WINDOW (self)) && application != NULL)
    {
      g_autoptr(GNotification) notification = NULL;

      notification = g_notification_new (wb_request_dialog_get_summary (dialog));
      g_notification_set_body (notification, gtk_window_get_title (GTK_WINDOW (dialog)));
      g_notification_set_priority (notification, G_NOTIFICATION_PRIORITY_HIGH);
      g_notification_set_default_action_and_target (notification, "app.show-request", "s", id);
      g_application_send_notification (application, id, notification);
    }

  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}

/* Shows the dialog of the request named @id (from a notification). */
void
wb_window_present_request (WbWindow   *self,
                           const char *id)
{
  GtkWindow *dialog;

  g_return_if_fail (WB_IS_WINDOW (self));
  g_return_if_fail (id != NULL);

  dialog = g_hash_table_lookup (self->requests, id);
  if (dialog != NULL)
    gtk_window_present (dialog);
}

static void
watch_servers (GListModel *servers,
               guint       position,
               guint       removed,
               guint       added,
               WbWindow   *self)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(WbServer) server = g_list_model_get_item (servers, i);

      g_signal_connect_object (server, "log-message", G_CALLBACK (on_log_message), self, 0);
      g_signal_connect_object (server, "notification", G_CALLBACK (on_notification), self, 0);
      g_signal_connect_object (server, "server-request", G_CALLBACK (on_server_request), self,
                               0);
      g_signal_connect_object (server, "closed", G_CALLBACK (on_closed), self, 0);
    }
}

static void
bind_client (WbWindow *self)
{
  McpClient *client = self->server != NULL ? wb_server_get_client (self->server) : NULL;

  gtk_single_selection_set_model (self->tools_selection,
                                  client != NULL ? mcp_client_get_tools_model (client) : NULL);
  gtk_single_selection_set_model (self->resources_selection,
                                  client != NULL ? mcp_client_get_resources_model (client) : NULL);
  gtk_single_selection_set_model (self->prompts_selection,
                                  client != NULL ? mcp_client_get_prompts_model (client) : NULL);
  wb_call_pane_clear (self->call_pane);
  gtk_stack_set_visible_child_name (self->detail_stack, "empty");
}

static void
on_server_selected (WbWindow *self)
{
  WbServer *server = gtk_single_selection_get_selected_item (self->servers_selection);

  if (server == self->server)
    return;

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_func (self->server, bind_client, self);
  g_set_object (&self->server, server);
  if (server != NULL)
    g_signal_connect_swapped (server, "notify::client", G_CALLBACK (bind_client), self);

  bind_client (self);
}

static void
on_item_selected (GtkSingleSelection *selection,
                  GParamSpec         *pspec,
                  WbWindow           *self)
{
  gpointer item = gtk_single_selection_get_selected_item (selection);
  McpClient *client = self->server != NULL ? wb_server_get_client (self->server) : NULL;

  if (item == NULL || client == NULL)
    return;

  /* One subject at a time: the other lists lose their selection. */
  if (selection != self->tools_selection)
    gtk_single_selection_set_selected (self->tools_selection, GTK_INVALID_LIST_POSITION);
  if (selection != self->resources_selection)
    gtk_single_selection_set_selected (self->resources_selection, GTK_INVALID_LIST_POSITION);
  if (selection != self->prompts_selection)
    gtk_single_selection_set_selected (self->prompts_selection, GTK_INVALID_LIST_POSITION);

  if (MCP_IS_TOOL (item))
    wb_call_pane_show_tool (self->call_pane, client, item);
  else if (MCP_IS_PROMPT (item))
    wb_call_pane_show_prompt (self->call_pane, client, item);
  else if (MCP_IS_RESOURCE (item))
    wb_call_pane_show_resource (self->call_pane, client, mcp_resource_get_uri (item),
                                mcp_resource_get_display_name (item),
                                mcp_resource_get_description (item));

  gtk_stack_set_visible_child_name (self->detail_stack, "call");
}

/* Selects the item of @selection whose @property is @value. */
static gboolean
select_by (GtkSingleSelection *selection,
           const char         *property,
           const char         *value)
{
  GListModel *model = G_LIST_MODEL (selection);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);
      g_autofree char *item_value = NULL;

      g_object_get (item, property, &item_value, NULL);
      if (g_strcmp0 (item_value, value) == 0)
        {
          gtk_single_selection_set_selected (selection, i);
          return TRUE;
        }
    }

  return FALSE;
}

static void
show_in_list (WbWindow           *self,
              GtkSingleSelection *selection,
              const char         *page,
              const char         *property,
              const char         *value)
{
  gtk_stack_set_visible_child_name (self->lists_stack, page);
  if (!select_by (selection, property, value))
    g_warning ("Nothing in %s has the %s “%s”", page, property, value);
}

static void
show_tool_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  WbWindow *self = user_data;

  show_in_list (self, self->tools_selection, "tools", "name",
                g_variant_get_string (parameter, NULL));
}

static void
show_resource_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  WbWindow *self = user_data;

  show_in_list (self, self->resources_selection, "resources", "uri",
                g_variant_get_string (parameter, NULL));
}

static void
show_prompt_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  WbWindow *self = user_data;

  show_in_list (self, self->prompts_selection, "prompts", "name",
                g_variant_get_string (parameter, NULL));
}

static void
select_server_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  WbWindow *self = user_data;

  if (!select_by (self->servers_selection, "name", g_variant_get_string (parameter, NULL)))
    g_warning ("No server is named “%s”", g_variant_get_string (parameter, NULL));
}

/* Reads any resource of the selected server, listed or not: resource links
 * in results name resources that a server may not list.
 */
static void
read_resource_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  WbWindow *self = user_data;
  McpClient *client = self->server != NULL ? wb_server_get_client (self->server) : NULL;
  const char *uri = g_variant_get_string (parameter, NULL);

  if (client == NULL)
    return;

  gtk_single_selection_set_selected (self->tools_selection, GTK_INVALID_LIST_POSITION);
  gtk_single_selection_set_selected (self->prompts_selection, GTK_INVALID_LIST_POSITION);
  if (!select_by (self->resources_selection, "uri", uri))
    {
      gtk_single_selection_set_selected (self->resources_selection, GTK_INVALID_LIST_POSITION);
      wb_call_pane_show_resource (self->call_pane, client, uri, NULL, NULL);
      gtk_stack_set_visible_child_name (self->detail_stack, "call");
    }
  gtk_widget_activate_action (GTK_WIDGET (self->call_pane), "pane.run", NULL);
}

static void
clear_log_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  WbWindow *self = user_data;

  g_list_store_remove_all (self->log);
}

static const GActionEntry window_actions[] = {
  { "show-tool", show_tool_activated, "s" },
  { "show-resource", show_resource_activated, "s" },
  { "show-prompt", show_prompt_activated, "s" },
  { "read-resource", read_resource_activated, "s" },
  { "select-server", select_server_activated, "s" },
  { "clear-log", clear_log_activated },
};

static gboolean
save_screenshot (WbWindow    *self,
                 const char  *path,
                 GError     **error)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (self));
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;

  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The window drew nothing"));
      return FALSE;
    }

  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (self)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write “%s”"), path);
      return FALSE;
    }

  return TRUE;
}

static void
on_after_paint (GdkFrameClock *frame_clock,
                GTask         *task)
{
  WbWindow *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  g_signal_handlers_disconnect_by_func (frame_clock, on_after_paint, task);
  if (save_screenshot (self, g_task_get_task_data (task), &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
  g_object_unref (task);
}

/* Saves what the window shows as a PNG, drawn by the window's own
 * renderer, so that it works on any display, headless ones included. It
 * is taken right after the next frame is drawn, when what the window
 * shows is all drawn: a paintable of a widget that still has to be drawn
 * holds nothing.
 */
void
wb_window_save_screenshot_async (WbWindow            *self,
                                 const char          *path,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GdkFrameClock *frame_clock;

  g_return_if_fail (WB_IS_WINDOW (self));
  g_return_if_fail (path != NULL);

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, wb_window_save_screenshot_async);
  g_task_set_task_data (task, g_strdup (path), g_free);

  frame_clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (frame_clock == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                               _("The window is not shown yet"));
      return;
    }

  g_signal_connect (frame_clock, "after-paint", G_CALLBACK (on_after_paint),
                    g_steal_pointer (&task));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
wb_window_save_screenshot_finish (WbWindow      *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (WB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
on_log_scrolled (GtkAdjustment *adjustment,
                 WbWindow      *self)
{
  self->log_at_top = gtk_adjustment_get_value (adjustment) < 1;
}

static void
wb_window_dispose (GObject *object)
{
  WbWindow *self = WB_WINDOW (object);

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_func (self->server, bind_client, self);
  g_clear_object (&self->server);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_WINDOW);

  G_OBJECT_CLASS (wb_window_parent_class)->dispose (object);
}

static void
wb_window_finalize (GObject *object)
{
  WbWindow *self = WB_WINDOW (object);

  g_clear_object (&self->log);
  g_hash_table_unref (self->requests);

  G_OBJECT_CLASS (wb_window_parent_class)->finalize (object);
}

static void
wb_window_class_init (WbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_window_dispose;
  object_class->finalize = wb_window_finalize;

  /* The list item templates name these types. */
  g_type_ensure (WB_TYPE_CALL_PANE);
  g_type_ensure (WB_TYPE_LOG_ENTRY);
  g_type_ensure (WB_TYPE_SERVER);
  g_type_ensure (MCP_TYPE_TOOL);
  g_type_ensure (MCP_TYPE_RESOURCE);
  g_type_ensure (MCP_TYPE_PROMPT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/McpGlib/Workbench/wb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, WbWindow, servers_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, lists_stack);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, tools_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, resources_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, prompts_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, detail_stack);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, call_pane);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, log_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, log_view);
}

static void
wb_window_init (WbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->log = g_list_store_new (WB_TYPE_LOG_ENTRY);
  gtk_no_selection_set_model (self->log_selection, G_LIST_MODEL (self->log));
  self->log_at_top = TRUE;
  g_signal_connect (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->log_view)),
                    "value-changed", G_CALLBACK (on_log_scrolled), self);

  g_action_map_add_action_entries (G_ACTION_MAP (self), window_actions,
                                   G_N_ELEMENTS (window_actions), self);

  g_signal_connect_swapped (self->servers_selection, "notify::selected-item",
                            G_CALLBACK (on_server_selected), self);
  g_signal_connect (self->tools_selection, "notify::selected-item",
                    G_CALLBACK (on_item_selected), self);
  g_signal_connect (self->resources_selection, "notify::selected-item",
                    G_CALLBACK (on_item_selected), self);
  g_signal_connect (self->prompts_selection, "notify::selected-item",
                    G_CALLBACK (on_item_selected), self);
}

/* Creates the window for @servers, a list of WbServer. */
WbWindow *
wb_window_new (GtkApplication *application,
               GListModel     *servers)
{
  WbWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (G_IS_LIST_MODEL (servers), NULL);

  self = g_object_new (WB_TYPE_WINDOW, "application", application, NULL);
  g_signal_connect_object (servers, "items-changed", G_CALLBACK (watch_servers), self, 0);
  watch_servers (servers, 0, 0, g_list_model_get_n_items (servers), self);
  gtk_single_selection_set_model (self->servers_selection, servers);

  return self;
}
