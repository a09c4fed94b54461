/* wb-window.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The workbench's window: the servers of the client group on the left,
 * with their state, and the group's tools, resources and prompts, each a
 * GtkListView bound straight to the group's aggregated live model; the call
 * pane on the right; the log of every server below it. Server requests
 * (sampling, elicitation) open a dialog, announced by a desktop
 * notification when the window is not focused; so do the inputs that the
 * configuration asks the user for.
 *
 * Everything the window does is an action, so that a user's shortcut, a
 * notification or a test over D-Bus can do it too: `win.show-tool`,
 * `win.show-resource`, `win.show-prompt`, `win.read-resource`,
 * `win.select-server`, `win.add-server`, `win.edit-server`,
 * `win.remove-server`, `win.reconnect-server`, `win.clear-log`.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-call-pane.h"
#include "wb-catalog-dialog.h"
#include "wb-input-dialog.h"
#include <mcp-glib/gtk/mcp-gtk.h>
#include "wb-server-dialog.h"
#include "wb-window.h"

struct _WbWindow
{
  GtkApplicationWindow  parent_instance;

  GtkSingleSelection   *servers_selection;
  GtkButton            *edit_button;
  GtkButton            *reconnect_button;
  GtkWidget            *problems_window;
  GtkNoSelection       *problems_selection;
  GtkStack             *lists_stack;
  GtkSingleSelection   *tools_selection;
  GtkSingleSelection   *resources_selection;
  GtkSingleSelection   *prompts_selection;
  GtkStack             *detail_stack;
  WbCallPane           *call_pane;
  McpGtkLogView        *log_view;

  McpClientGroup       *group;
  GHashTable           *requests;
  guint                 last_request;
};

G_DEFINE_FINAL_TYPE (WbWindow, wb_window, GTK_TYPE_APPLICATION_WINDOW)

/* The closures of the list item templates ------------------------------ */

static char *
server_icon (gpointer            item,
             McpGroupServerState state,
             gpointer            user_data)
{
  switch (state)
    {
    case MCP_GROUP_SERVER_STATE_READY:
      return g_strdup ("emblem-ok-symbolic");
    case MCP_GROUP_SERVER_STATE_FAILED:
      return g_strdup ("dialog-error-symbolic");
    case MCP_GROUP_SERVER_STATE_CONNECTING:
    case MCP_GROUP_SERVER_STATE_RECONNECTING:
      return g_strdup ("network-transmit-receive-symbolic");
    case MCP_GROUP_SERVER_STATE_STOPPED:
    case MCP_GROUP_SERVER_STATE_DISABLED:
    default:
      return g_strdup ("media-playback-stop-symbolic");
    }
}

/* What a server's row says: its state, with the server's name and version
 * when it is ready, and why it failed (for a broken entry, the file, line
 * and column of the problem) and when it is tried again otherwise.
 */
static char *
server_status (gpointer             item,
               McpGroupServerState  state,
               const GError        *error,
               guint                retry_delay,
               McpClient           *client,
               gpointer             user_data)
{
  McpImplementation *info = client != NULL ? mcp_client_get_server_info (client) : NULL;

  switch (state)
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
      /* TRANSLATORS: the state of a server: ready, then the name and
       * version the server gave */
      if (info != NULL)
        return g_strdup_printf (_("Ready: %s %s"), mcp_implementation_get_name (info),
                                mcp_implementation_get_version (info));
      return g_strdup (_("Ready"));

    case MCP_GROUP_SERVER_STATE_FAILED:
    default:
      if (error == NULL)
        return g_strdup (_("Failed"));
      if (retry_delay > 0)
        /* TRANSLATORS: the state of a server whose connection failed: %s
         * says why, %u is a number of seconds */
        return g_strdup_printf (_("Failed: %s. Trying again in %u s"), error->message,
                                (retry_delay + 999) / 1000);
      /* TRANSLATORS: the state of a server whose connection failed; %s says why */
      return g_strdup_printf (_("Failed: %s"), error->message);
    }
}

static char *
problem_text (gpointer          item,
              McpConfigProblem *problem,
              gpointer          user_data)
{
  return problem != NULL ? mcp_config_problem_to_string (problem) : NULL;
}

/* The log ------------------------------------------------------------- */

static void
add_log_entry (WbWindow   *self,
               const char *server,
               const char *kind,
               const char *text)
{
  mcp_gtk_log_view_append (self->log_view, server, kind, text);
}

/* Signing in is in the log: where it continues (the web browser), and how
 * it ended.
 */
static void
on_sign_in_needed (McpAuthorization *authorization,
                   const char       *url,
                   WbWindow         *self)
{
  g_autofree char *text = NULL;

  if (!mcp_authorization_get_interactive (authorization))
    return;

  text = g_strdup_printf (_("Continue in the web browser to sign in to %s"), url);
  /* TRANSLATORS: the kind of a log line about signing in to a server */
  add_log_entry (self, g_object_get_data (G_OBJECT (authorization), "wb-server"),
                 _("sign-in"), text);
}

static void
on_signed_in (McpAuthorization *authorization,
              const char       *url,
              WbWindow         *self)
{
  /* TRANSLATORS: the kind of a log line that says a sign-in succeeded */
  add_log_entry (self, g_object_get_data (G_OBJECT (authorization), "wb-server"),
                 _("signed in"), url);
}

static void
on_sign_in_failed (McpAuthorization *authorization,
                   const char       *url,
                   const GError     *error,
                   WbWindow         *self)
{
  /* TRANSLATORS: the kind of a log line that says a sign-in failed */
  add_log_entry (self, g_object_get_data (G_OBJECT (authorization), "wb-server"),
                 _("sign-in failed"), error->message);
}

static void
on_client_created (McpClientGroup *group,
                   McpGroupServer *server,
                   McpClient      *client,
                   WbWindow       *self)
{
  McpTransport *transport = mcp_client_get_transport (client);
  McpAuthorization *authorization;

  if (!MCP_IS_HTTP_TRANSPORT (transport))
    return;

  authorization = mcp_http_transport_get_authorization (MCP_HTTP_TRANSPORT (transport));
  if (authorization == NULL)
    return;

  g_object_set_data_full (G_OBJECT (authorization), "wb-server",
                          g_strdup (mcp_group_server_get_name (server)), g_free);
  g_signal_connect_object (authorization, "sign-in-needed",
                           G_CALLBACK (on_sign_in_needed), self, 0);
  g_signal_connect_object (authorization, "signed-in", G_CALLBACK (on_signed_in), self, 0);
  g_signal_connect_object (authorization, "sign-in-failed",
                           G_CALLBACK (on_sign_in_failed), self, 0);
}

/* What is shown goes with its server. */
static void
watch_servers (GListModel *servers,
               guint       position,
               guint       removed,
               guint       added,
               WbWindow   *self)
{
  McpGroupServer *shown = wb_call_pane_get_server (self->call_pane);

  if (shown != NULL
      && mcp_client_group_lookup_server (self->group, mcp_group_server_get_name (shown)) != shown)
    {
      wb_call_pane_clear (self->call_pane);
      gtk_stack_set_visible_child_name (self->detail_stack, "empty");
    }
}

/* Requests from the servers and the configuration ---------------------- */

static void
on_request_dialog_destroyed (GtkWindow *dialog,
                             WbWindow  *self)
{
  const char *id = g_object_get_data (G_OBJECT (dialog), "request-id");
  GApplication *application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

  if (application != NULL)
    g_application_withdraw_notification (application, id);
  g_hash_table_remove (self->requests, id);
}

/* Shows @dialog, which puts a request to the user; someone who is
 * elsewhere learns of it from the desktop, and the notification brings
 * the dialog back.
 */
static void
present_request (WbWindow   *self,
                 GtkWindow  *dialog,
                 const char *summary)
{
  GApplication *application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  g_autofree char *id = g_strdup_printf ("request-%u", ++self->last_request);

  g_object_set_data_full (G_OBJECT (dialog), "request-id", g_strdup (id), g_free);
  g_hash_table_insert (self->requests, g_strdup (id), dialog);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_request_dialog_destroyed), self, 0);

  if (!gtk_window_is_active (GTK_WINDOW (self)) && application != NULL)
    {
      g_autoptr(GNotification) notification = g_notification_new (summary);

      g_notification_set_body (notification, gtk_window_get_title (dialog));
      g_notification_set_priority (notification, G_NOTIFICATION_PRIORITY_HIGH);
      g_notification_set_default_action_and_target (notification, "app.show-request", "s", id);
      g_application_send_notification (application, id, notification);
    }

  gtk_window_present (dialog);
}

static gboolean
on_server_request (McpClientGroup   *group,
                   McpGroupServer   *server,
                   McpServerRequest *request,
                   WbWindow         *self)
{
  const char *method = mcp_server_request_get_method (request);
  GtkWindow *dialog;
  GtkWidget *view;

  if (!g_str_equal (method, "sampling/createMessage")
      && !g_str_equal (method, "elicitation/create"))
    return FALSE;

  /* TRANSLATORS: the kind of a log line for a request from the server */
  add_log_entry (self, mcp_group_server_get_name (server), _("request"), method);

  dialog = mcp_gtk_request_dialog_new (GTK_WINDOW (self), mcp_group_server_get_name (server),
                                       request);
  /* The workbench has no model: a canned reply, which the user approves. */
  view = mcp_gtk_request_dialog_get_view (MCP_GTK_REQUEST_DIALOG (dialog));
  if (MCP_GTK_IS_SAMPLING_VIEW (view))
    mcp_gtk_sampling_view_set_reply (MCP_GTK_SAMPLING_VIEW (view), "mcp-glib-workbench",
                                     _("This is a canned reply from the MCP workbench: no "
                                       "language model was asked."));
  present_request (self, dialog,
                   mcp_gtk_request_dialog_get_summary (MCP_GTK_REQUEST_DIALOG (dialog)));

  return TRUE;
}

static gboolean
on_input_requested (McpServerRegistry *registry,
                    McpInputRequest   *request,
                    WbWindow          *self)
{
  WbInputDialog *dialog = wb_input_dialog_new (GTK_WINDOW (self), request);

  present_request (self, GTK_WINDOW (dialog), wb_input_dialog_get_summary (dialog));

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

/* Selections ---------------------------------------------------------- */

/* The buttons above the servers act on the selected one. */
static void
on_server_selected (WbWindow *self)
{
  McpGroupServer *server = gtk_single_selection_get_selected_item (self->servers_selection);
  GtkActionable *buttons[] = {
    GTK_ACTIONABLE (self->edit_button),
    GTK_ACTIONABLE (self->reconnect_button),
  };
  const char *actions[] = { "win.edit-server", "win.reconnect-server" };

  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      gboolean configured = server != NULL && mcp_group_server_get_config (server) != NULL;

      /* Set together, so that the action never meets a missing target. */
      gtk_actionable_set_action_name (buttons[i], NULL);
      if (configured)
        {
          gtk_actionable_set_action_target (buttons[i], "s", mcp_group_server_get_name (server));
          gtk_actionable_set_action_name (buttons[i], actions[i]);
        }
      gtk_widget_set_sensitive (GTK_WIDGET (buttons[i]), configured);
    }
}

static void
on_item_selected (GtkSingleSelection *selection,
                  GParamSpec         *pspec,
                  WbWindow           *self)
{
  McpGroupItem *item = gtk_single_selection_get_selected_item (selection);

  if (item == NULL)
    return;

  /* One subject at a time: the other lists lose their selection. */
  if (selection != self->tools_selection)
    gtk_single_selection_set_selected (self->tools_selection, GTK_INVALID_LIST_POSITION);
  if (selection != self->resources_selection)
    gtk_single_selection_set_selected (self->resources_selection, GTK_INVALID_LIST_POSITION);
  if (selection != self->prompts_selection)
    gtk_single_selection_set_selected (self->prompts_selection, GTK_INVALID_LIST_POSITION);

  wb_call_pane_show_item (self->call_pane, self->group, item);
  gtk_stack_set_visible_child_name (self->detail_stack, "call");
}

/* Selects the item of @selection for which @matches is TRUE. */
static gboolean
select_where (GtkSingleSelection *selection,
              gboolean          (*matches) (gpointer    item,
                                            const char *value),
              const char         *value)
{
  GListModel *model = G_LIST_MODEL (selection);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (matches (item, value))
        {
          gtk_single_selection_set_selected (selection, i);
          return TRUE;
        }
    }

  return FALSE;
}

/* An item goes by its name in the group or by its qualified name. */
static gboolean
item_is_named (gpointer    item,
               const char *name)
{
  return g_strcmp0 (mcp_group_item_get_name (item), name) == 0
         || g_strcmp0 (mcp_group_item_get_qualified_name (item), name) == 0;
}

static gboolean
server_is_named (gpointer    server,
                 const char *name)
{
  return g_strcmp0 (mcp_group_server_get_name (server), name) == 0;
}

/* Actions ------------------------------------------------------------- */

static void
show_in_list (WbWindow           *self,
              GtkSingleSelection *selection,
              const char         *page,
              GVariant           *parameter)
{
  const char *name = g_variant_get_string (parameter, NULL);

  gtk_stack_set_visible_child_name (self->lists_stack, page);
  if (!select_where (selection, item_is_named, name))
    g_warning ("Nothing in %s is named “%s”", page, name);
}

static void
show_tool_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  WbWindow *self = user_data;

  show_in_list (self, self->tools_selection, "tools", parameter);
}

static void
show_resource_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  WbWindow *self = user_data;

  show_in_list (self, self->resources_selection, "resources", parameter);
}

static void
show_prompt_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  WbWindow *self = user_data;

  show_in_list (self, self->prompts_selection, "prompts", parameter);
}

static void
select_server_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  WbWindow *self = user_data;
  const char *name = g_variant_get_string (parameter, NULL);

  if (!select_where (self->servers_selection, server_is_named, name))
    g_warning ("No server is named “%s”", name);
}

/* Reads a resource, listed or not: resource links in results name
 * resources that a server may not list. It is read from the server of
 * what is shown, else from the selected server.
 */
static void
read_resource_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  WbWindow *self = user_data;
  const char *uri = g_variant_get_string (parameter, NULL);
  McpGroupServer *server = wb_call_pane_get_server (self->call_pane);
  GListModel *resources = G_LIST_MODEL (self->resources_selection);
  guint listed = GTK_INVALID_LIST_POSITION;

  if (server == NULL)
    server = gtk_single_selection_get_selected_item (self->servers_selection);
  if (server == NULL)
    return;

  for (guint i = 0; i < g_list_model_get_n_items (resources); i++)
    {
      g_autoptr(McpGroupItem) item = g_list_model_get_item (resources, i);

      if (mcp_group_item_get_server (item) == server
          && g_strcmp0 (mcp_group_item_get_original_name (item), uri) == 0)
        listed = i;
    }

  gtk_single_selection_set_selected (self->tools_selection, GTK_INVALID_LIST_POSITION);
  gtk_single_selection_set_selected (self->prompts_selection, GTK_INVALID_LIST_POSITION);
  gtk_single_selection_set_selected (self->resources_selection, listed);
  if (listed == GTK_INVALID_LIST_POSITION)
    {
      wb_call_pane_show_resource (self->call_pane, self->group, server, uri);
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

  mcp_gtk_log_view_clear (self->log_view);
}

static void
browse_registry_activated (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  WbWindow *self = user_data;

  gtk_window_present (GTK_WINDOW (wb_catalog_dialog_new (GTK_WINDOW (self), self->group)));
}

static void
add_server_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  WbWindow *self = user_data;

  gtk_window_present (GTK_WINDOW (wb_server_dialog_new (GTK_WINDOW (self), self->group, NULL)));
}

/* The server named by @parameter, if it has a configuration. */
static McpGroupServer *
configured_server (WbWindow *self,
                   GVariant *parameter)
{
  const char *name = g_variant_get_string (parameter, NULL);
  McpGroupServer *server = mcp_client_group_lookup_server (self->group, name);

  if (server == NULL || mcp_group_server_get_config (server) == NULL)
    {
      g_warning ("No server with a configuration is named “%s”", name);
      return NULL;
    }

  return server;
}

static void
edit_server_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  WbWindow *self = user_data;
  McpGroupServer *server = configured_server (self, parameter);
  WbServerDialog *dialog;

  if (server == NULL)
    return;

  dialog = wb_server_dialog_new (GTK_WINDOW (self), self->group,
                                 mcp_group_server_get_config (server));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
reconnect_server_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  WbWindow *self = user_data;
  McpGroupServer *server = configured_server (self, parameter);

  if (server != NULL)
    mcp_group_server_reconnect (server);
}

static void
on_registry_saved (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(WbWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (mcp_server_registry_save_finish (MCP_SERVER_REGISTRY (object), result, &error))
    return;

  if (gtk_widget_in_destruction (GTK_WIDGET (self)))
    g_warning ("%s", error->message);
  else
    /* TRANSLATORS: the kind of a log line that says a file could not be saved */
    add_log_entry (self, NULL, _("not saved"), error->message);
}

/* A server of the registry leaves its file; one of the command line
 * leaves the group.
 */
static void
remove_server_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  WbWindow *self = user_data;
  McpGroupServer *server = configured_server (self, parameter);
  McpServerRegistry *registry = mcp_client_group_get_registry (self->group);
  McpServerConfig *config;

  if (server == NULL)
    return;

  config = mcp_group_server_get_config (server);
  if (mcp_server_registry_remove (registry, config))
    mcp_server_registry_save_async (registry, NULL, on_registry_saved, g_object_ref (self));
  else
    mcp_client_group_remove (self->group, mcp_group_server_get_name (server));
}

static const GActionEntry window_actions[] = {
  { "show-tool", show_tool_activated, "s" },
  { "show-resource", show_resource_activated, "s" },
  { "show-prompt", show_prompt_activated, "s" },
  { "read-resource", read_resource_activated, "s" },
  { "select-server", select_server_activated, "s" },
  { "add-server", add_server_activated },
  { "browse-registry", browse_registry_activated },
  { "edit-server", edit_server_activated, "s" },
  { "remove-server", remove_server_activated, "s" },
  { "reconnect-server", reconnect_server_activated, "s" },
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
wb_window_dispose (GObject *object)
{
  WbWindow *self = WB_WINDOW (object);

  if (self->group != NULL)
    g_signal_handlers_disconnect_by_data (mcp_client_group_get_registry (self->group), self);
  g_clear_object (&self->group);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_WINDOW);

  G_OBJECT_CLASS (wb_window_parent_class)->dispose (object);
}

static void
wb_window_finalize (GObject *object)
{
  WbWindow *self = WB_WINDOW (object);

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
  g_type_ensure (MCP_GTK_TYPE_LOG_VIEW);
  g_type_ensure (MCP_TYPE_GROUP_SERVER);
  g_type_ensure (MCP_TYPE_GROUP_ITEM);
  g_type_ensure (MCP_TYPE_TOOL);
  g_type_ensure (MCP_TYPE_RESOURCE);
  g_type_ensure (MCP_TYPE_PROMPT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/McpGlib/Workbench/wb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, WbWindow, servers_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, edit_button);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, reconnect_button);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, problems_window);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, problems_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, lists_stack);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, tools_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, resources_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, prompts_selection);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, detail_stack);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, call_pane);
  gtk_widget_class_bind_template_child (widget_class, WbWindow, log_view);
  gtk_widget_class_bind_template_callback (widget_class, server_icon);
  gtk_widget_class_bind_template_callback (widget_class, server_status);
  gtk_widget_class_bind_template_callback (widget_class, problem_text);
}

static void
wb_window_init (WbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

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

/* The problems of the configuration show only when there are some. */
static void
on_problems_changed (GListModel *problems,
                     guint       position,
                     guint       removed,
                     guint       added,
                     WbWindow   *self)
{
  gtk_widget_set_visible (self->problems_window, g_list_model_get_n_items (problems) > 0);
}

/* Creates the window of @group: its servers, their items, what they send. */
WbWindow *
wb_window_new (GtkApplication *application,
               McpClientGroup *group)
{
  McpServerRegistry *registry;
  GListModel *servers;
  GListModel *problems;
  WbWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (group), NULL);
  g_return_val_if_fail (mcp_client_group_get_registry (group) != NULL, NULL);

  self = g_object_new (WB_TYPE_WINDOW, "application", application, NULL);
  self->group = g_object_ref (group);
  registry = mcp_client_group_get_registry (group);

  servers = mcp_client_group_get_servers (group);
  g_signal_connect_object (servers, "items-changed", G_CALLBACK (watch_servers), self, 0);
  watch_servers (servers, 0, 0, g_list_model_get_n_items (servers), self);
  gtk_single_selection_set_model (self->servers_selection, servers);

  problems = mcp_server_registry_get_problems (registry);
  g_signal_connect_object (problems, "items-changed", G_CALLBACK (on_problems_changed), self, 0);
  on_problems_changed (problems, 0, 0, 0, self);
  gtk_no_selection_set_model (self->problems_selection, problems);

  gtk_single_selection_set_model (self->tools_selection, mcp_client_group_get_tools (group));
  gtk_single_selection_set_model (self->resources_selection,
                                  mcp_client_group_get_resources (group));
  gtk_single_selection_set_model (self->prompts_selection, mcp_client_group_get_prompts (group));

  mcp_gtk_log_view_set_group (self->log_view, group);
  wb_call_pane_set_log_view (self->call_pane, self->log_view);
  g_signal_connect_object (group, "server-request", G_CALLBACK (on_server_request), self, 0);
  g_signal_connect_object (group, "client-created", G_CALLBACK (on_client_created), self, 0);
  g_signal_connect (registry, "input-requested", G_CALLBACK (on_input_requested), self);

  return self;
}
