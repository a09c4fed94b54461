/* wb-app-panel.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The view of a tool that has one (MCP Apps, `_meta.ui.resourceUri`),
 * above its result in the call pane: an McpGtkAppView of the call's
 * server, given the call's input, then its result or its cancellation,
 * and torn down (`ui/resource-teardown`) when the pane shows something
 * else or calls again.
 *
 * The view's requests are the session's to check: its tool calls reach
 * the tool's server alone, and only the tools the app may see. The panel
 * puts each request and notification of the view in the log, asks the
 * user before a link opens in the desktop's browser, and offers the
 * `fullscreen` display mode, in which the view takes the whole pane.
 *
 * Built without WebKitGTK, McpGtk cannot show views: the workbench does
 * not declare the extension, and the panel never shows.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-app-panel.h"

struct _WbAppPanel
{
  GtkWidget       parent_instance;

  McpGtkLogView  *log_view;

  McpGroupServer *server;
  McpTool        *tool;
  JsonObject     *arguments;
  McpToolResult  *result;
  gboolean        cancelled;
  char           *cancel_reason;
  GCancellable   *cancellable;

  McpGtkAppView  *view;
  McpAppSession  *session;
  gboolean        fullscreen;
};

G_DEFINE_FINAL_TYPE (WbAppPanel, wb_app_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FULLSCREEN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Whether this build of McpGtk shows app views (it has WebKitGTK). */
gboolean
wb_app_panel_is_supported (void)
{
#ifdef WB_HAVE_APP_VIEWS
  return TRUE;
#else
  return FALSE;
#endif
}

static void
log_line (WbAppPanel *self,
          const char *kind,
          const char *text)
{
  if (self->log_view != NULL && self->server != NULL)
    mcp_gtk_log_view_append (self->log_view, mcp_group_server_get_name (self->server), kind,
                             text);
}

static void
set_fullscreen (WbAppPanel *self,
                gboolean    fullscreen)
{
  if (self->fullscreen == fullscreen)
    return;

  self->fullscreen = fullscreen;
  if (self->view != NULL)
    gtk_widget_set_vexpand (GTK_WIDGET (self->view), fullscreen);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FULLSCREEN]);
}

/* The view's requests and notifications, in the log --------------------- */

static gboolean
on_view_request (McpAppSession    *session,
                 McpServerRequest *request,
                 WbAppPanel       *self)
{
  const char *method = mcp_server_request_get_method (request);
  JsonNode *params = mcp_server_request_get_params (request);
  JsonObject *object = params != NULL && JSON_NODE_HOLDS_OBJECT (params)
                       ? json_node_get_object (params) : NULL;
  const char *name = NULL;
  g_autofree char *text = NULL;

  if (object != NULL && g_str_equal (method, "tools/call"))
    name = json_object_get_string_member_with_default (object, "name", NULL);
  else if (object != NULL && g_str_equal (method, "resources/read"))
    name = json_object_get_string_member_with_default (object, "uri", NULL);
  else if (object != NULL && g_str_equal (method, "ui/request-display-mode"))
    name = json_object_get_string_member_with_default (object, "mode", NULL);

  text = name != NULL ? g_strdup_printf ("%s %s", method, name) : g_strdup (method);
  /* TRANSLATORS: the kind of a log line for what a tool's app view asks */
  log_line (self, _("app view"), text);

  return FALSE;
}

static void
on_size_changed (McpAppSession *session,
                 int            width,
                 int            height,
                 WbAppPanel    *self)
{
  g_autofree char *text = g_strdup_printf ("ui/notifications/size-changed %d × %d",
                                           width, height);

  log_line (self, _("app view"), text);
}

static void
on_view_log_message (McpAppSession *session,
                     const char    *level,
                     const char    *logger,
                     JsonNode      *data,
                     WbAppPanel    *self)
{
  g_autofree char *text = NULL;
  /* TRANSLATORS: the kind of a log line that a tool's app view logged;
   * %s is its level, e.g. "info" */
  g_autofree char *kind = g_strdup_printf (_("app view %s"), level != NULL ? level : "");

  if (data != NULL && JSON_NODE_HOLDS_VALUE (data)
      && json_node_get_value_type (data) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (data));
  else if (data != NULL)
    text = json_to_string (data, FALSE);

  log_line (self, kind, text);
}

/* Links: the user agrees first ------------------------------------------ */

static void
reply_empty (McpServerRequest *request,
             gboolean          is_error)
{
  g_autoptr(JsonObject) answer = json_object_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  /* The specification's answer to a link the host did not open. */
  if (is_error)
    json_object_set_boolean_member (answer, "isError", TRUE);
  json_node_set_object (node, answer);
  mcp_server_request_reply (request, node);
}

static void
on_link_launched (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(McpServerRequest) request = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    g_warning ("The link was not opened: %s", error->message);
  reply_empty (request, error != NULL);
}

static void
on_link_response (GtkDialog *dialog,
                  int        response,
                  gpointer   user_data)
{
  McpServerRequest *request = g_object_get_data (G_OBJECT (dialog), "request");
  const char *url = g_object_get_data (G_OBJECT (dialog), "url");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GdkAppLaunchContext) context =
        gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (dialog)));

      g_app_info_launch_default_for_uri_async (url, G_APP_LAUNCH_CONTEXT (context), NULL,
                                               on_link_launched, g_object_ref (request));
    }
  else
    {
      reply_empty (request, TRUE);
    }

  gtk_window_destroy (GTK_WINDOW (dialog));
}

static gboolean
on_open_link (McpAppSession    *session,
              McpServerRequest *request,
              WbAppPanel       *self)
{
  JsonObject *params = json_node_get_object (mcp_server_request_get_params (request));
  const char *url = json_object_get_string_member (params, "url");
  g_autofree char *scheme = g_uri_parse_scheme (url);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog;

  /* What is not a web or mail link is the view's widget's to refuse. */
  if (scheme == NULL || !GTK_IS_WINDOW (root) ||
      (!g_str_equal (scheme, "https") && !g_str_equal (scheme, "http") &&
       !g_str_equal (scheme, "mailto")))
    return FALSE;

  dialog = gtk_message_dialog_new (GTK_WINDOW (root),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   /* TRANSLATORS: %s is the name of a server */
                                   _("The app of “%s” asks to open a link"),
                                   mcp_group_server_get_name (self->server));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", url);
  gtk_window_set_title (GTK_WINDOW (dialog), _("Open Link?"));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Open Link"), GTK_RESPONSE_ACCEPT);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_object_set_data_full (G_OBJECT (dialog), "request", g_object_ref (request), g_object_unref);
  g_object_set_data_full (G_OBJECT (dialog), "url", g_strdup (url), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_link_response), NULL);
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}

/* The view in the whole pane, or inline. */
static gboolean
on_display_mode (McpAppSession    *session,
                 McpServerRequest *request,
                 WbAppPanel       *self)
{
  JsonObject *params = json_node_get_object (mcp_server_request_get_params (request));
  const char *mode = json_object_get_string_member (params, "mode");

  mcp_app_session_reply_display_mode (session, request, mode);
  set_fullscreen (self, g_strcmp0 (mcp_app_session_get_display_mode (session),
                                   "fullscreen") == 0);

  return TRUE;
}

/* The view ------------------------------------------------------------- */

static void
on_torn_down (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(McpGtkAppView) view = user_data;

  mcp_app_session_teardown_finish (MCP_APP_SESSION (object), result, NULL);
}

/* The view leaves the pane at once; it gets the time to save its state
 * all the same, the panel keeping it until its session is torn down. */
static void
drop_view (WbAppPanel *self)
{
  McpGtkAppView *view = self->view;

  if (view == NULL)
    return;

  g_object_ref (view);
  self->view = NULL;
  g_signal_handlers_disconnect_by_data (self->session, self);
  gtk_widget_unparent (GTK_WIDGET (view));
  mcp_app_session_teardown_async (self->session, "the workbench shows something else", NULL,
                                  on_torn_down, view);
  self->session = NULL;
}

static void
on_teardown_requested (McpAppSession *session,
                       WbAppPanel    *self)
{
  log_line (self, _("app view"), "ui/notifications/request-teardown");
  drop_view (self);
  set_fullscreen (self, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
show_view (WbAppPanel     *self,
           McpAppResource *resource)
{
  const char *modes[] = { "inline", "fullscreen", NULL };
  g_autofree char *label = NULL;
  g_autoptr(GError) error = NULL;
  McpClient *client = mcp_group_server_get_client (self->server);

  if (client == NULL)
    return;

  self->view = MCP_GTK_APP_VIEW (mcp_gtk_app_view_new ());
  /* TRANSLATORS: the accessible name of a tool's view; %s is the tool's name */
  label = g_strdup_printf (_("App view of %s"), mcp_tool_get_name (self->tool));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_parent (GTK_WIDGET (self->view), GTK_WIDGET (self));

  self->session = mcp_gtk_app_view_load (self->view, client, self->tool, resource, &error);
  if (self->session == NULL)
    {
      log_line (self, _("app view"), error->message);
      g_clear_pointer ((GtkWidget **) &self->view, gtk_widget_unparent);
      return;
    }

  g_signal_connect_object (self->session, "view-request", G_CALLBACK (on_view_request), self,
                           0);
  g_signal_connect_object (self->session, "view-request::ui/open-link",
                           G_CALLBACK (on_open_link), self, 0);
  g_signal_connect_object (self->session, "view-request::ui/request-display-mode",
                           G_CALLBACK (on_display_mode), self, 0);
  g_signal_connect_object (self->session, "size-changed", G_CALLBACK (on_size_changed), self,
                           0);
  g_signal_connect_object (self->session, "log-message", G_CALLBACK (on_view_log_message),
                           self, 0);
  g_signal_connect_object (self->session, "teardown-requested",
                           G_CALLBACK (on_teardown_requested), self, 0);
  mcp_app_session_set_available_display_modes (self->session, modes);

  mcp_app_session_set_tool_input (self->session, self->arguments);
  if (self->result != NULL)
    mcp_app_session_set_tool_result (self->session, self->result);
  else if (self->cancelled)
    mcp_app_session_cancel_tool (self->session, self->cancel_reason);

  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

static void
on_resource_fetched (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GCancellable) cancellable = user_data;
  g_autoptr(McpAppResource) resource = NULL;
  g_autoptr(GError) error = NULL;
  WbAppPanel *self;

  resource = mcp_app_resource_fetch_finish (result, &error);
  self = g_object_get_data (G_OBJECT (cancellable), "panel");
  if (self == NULL || cancellable != self->cancellable)
    return;

  g_clear_object (&self->cancellable);
  if (resource == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The tool’s view was not loaded: %s"),
                                               error->message);

      log_line (self, _("app view"), text);
      return;
    }

  show_view (self, resource);
}

/* Shows the view of @tool, of @server, for a call with @arguments, if
 * the tool has one and McpGtk can show it. Returns whether it will.
 */
gboolean
wb_app_panel_start (WbAppPanel     *self,
                    McpGroupServer *server,
                    McpTool        *tool,
                    JsonObject     *arguments)
{
  const char *uri;
  McpClient *client;

  g_return_val_if_fail (WB_IS_APP_PANEL (self), FALSE);
  g_return_val_if_fail (MCP_IS_GROUP_SERVER (server), FALSE);
  g_return_val_if_fail (MCP_IS_TOOL (tool), FALSE);
  g_return_val_if_fail (arguments != NULL, FALSE);

  wb_app_panel_clear (self);

  uri = mcp_tool_get_ui_resource_uri (tool);
  client = mcp_group_server_get_client (server);
  if (!wb_app_panel_is_supported () || uri == NULL || client == NULL)
    return FALSE;

  self->server = g_object_ref (server);
  self->tool = g_object_ref (tool);
  self->arguments = json_object_ref (arguments);
  /* The fetch does not hold the panel: once the panel is cleared, it
   * finds "panel" gone from its cancellable. */
  self->cancellable = g_cancellable_new ();
  g_object_set_data (G_OBJECT (self->cancellable), "panel", self);
  mcp_app_resource_fetch_async (client, uri, self->cancellable, on_resource_fetched,
                                g_object_ref (self->cancellable));

  return TRUE;
}

/* The call's result, for the view (now, or once it is loaded). */
void
wb_app_panel_set_result (WbAppPanel    *self,
                         McpToolResult *result)
{
  g_return_if_fail (WB_IS_APP_PANEL (self));
  g_return_if_fail (MCP_IS_TOOL_RESULT (result));

  if (self->tool == NULL || self->result != NULL || self->cancelled)
    return;

  self->result = g_object_ref (result);
  if (self->session != NULL)
    mcp_app_session_set_tool_result (self->session, result);
}

/* The call ended without a result. */
void
wb_app_panel_cancel (WbAppPanel *self,
                     const char *reason)
{
  g_return_if_fail (WB_IS_APP_PANEL (self));

  if (self->tool == NULL || self->result != NULL || self->cancelled)
    return;

  self->cancelled = TRUE;
  self->cancel_reason = g_strdup (reason);
  if (self->session != NULL)
    mcp_app_session_cancel_tool (self->session, reason);
}

void
wb_app_panel_clear (WbAppPanel *self)
{
  g_return_if_fail (WB_IS_APP_PANEL (self));

  if (self->cancellable != NULL)
    {
      g_object_set_data (G_OBJECT (self->cancellable), "panel", NULL);
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  drop_view (self);
  g_clear_object (&self->server);
  g_clear_object (&self->tool);
  g_clear_pointer (&self->arguments, json_object_unref);
  g_clear_object (&self->result);
  self->cancelled = FALSE;
  g_clear_pointer (&self->cancel_reason, g_free);
  set_fullscreen (self, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/* Whether the view asked for the whole pane. */
gboolean
wb_app_panel_get_fullscreen (WbAppPanel *self)
{
  g_return_val_if_fail (WB_IS_APP_PANEL (self), FALSE);

  return self->fullscreen;
}

/* Where the view's lines go: the window's log. */
void
wb_app_panel_set_log_view (WbAppPanel    *self,
                           McpGtkLogView *log_view)
{
  g_return_if_fail (WB_IS_APP_PANEL (self));
  g_return_if_fail (log_view == NULL || MCP_GTK_IS_LOG_VIEW (log_view));

  g_set_weak_pointer (&self->log_view, log_view);
}

static void
wb_app_panel_dispose (GObject *object)
{
  WbAppPanel *self = WB_APP_PANEL (object);

  wb_app_panel_clear (self);
  g_clear_weak_pointer (&self->log_view);

  G_OBJECT_CLASS (wb_app_panel_parent_class)->dispose (object);
}

static void
wb_app_panel_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  WbAppPanel *self = WB_APP_PANEL (object);

  switch (prop_id)
    {
    case PROP_FULLSCREEN:
      g_value_set_boolean (value, self->fullscreen);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_app_panel_class_init (WbAppPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_app_panel_dispose;
  object_class->get_property = wb_app_panel_get_property;

  properties[PROP_FULLSCREEN] =
    g_param_spec_boolean ("fullscreen", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_app_panel_init (WbAppPanel *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
