/* mcp-gtk-app-view.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An MCP App's view on WebKitGTK 6.0: the view's HTML in a sandboxed
 * frame, served through a custom URI scheme with its
 * Content-Security-Policy, the McpAppSession's messages carried over a
 * script message handler, navigation kept inside the view, permissions
 * denied, and the theme of libadwaita's style manager given to the view as
 * host context.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-gtk-app-view.h"

#ifdef MCP_GTK_HAVE_WEBKIT
# include <adwaita.h>
# include <webkit/webkit.h>
#endif

#define SCHEME "mcp-app"
#define HOST_PATH "/host.html"
#define MAX_HEIGHT 4000

/**
 * McpGtkAppView:
 *
 * Shows the interactive view of an MCP App (see [class@Mcp.AppSession])
 * in a WebKitGTK web view.
 *
 * The view's HTML runs in an `<iframe sandbox="allow-scripts">` of a small
 * host page, both served through the `mcp-app:` URI scheme of a web context
 * of the widget's own, with an ephemeral network session: the view's
 * document comes with the `Content-Security-Policy` header of
 * [method@Mcp.AppResource.build_csp], so it reaches no origin it did not
 * declare. The view's JSON-RPC messages go through the host page to a
 * script message handler (with replies) and into the session; the
 * session's go back by a JavaScript call. WebKit's web process sandbox
 * stays on.
 *
 * The view cannot navigate away: links go through `ui/open-link`, which
 * the widget opens through the desktop unless the application takes
 * [signal@Mcp.AppSession::view-request] for it. Requests for the camera,
 * the microphone, the location or the clipboard are denied. The widget's
 * height follows the view's `ui/notifications/size-changed`, and the
 * view's host context follows libadwaita's style manager (light or dark,
 * high contrast, as CSS variables).
 *
 * Built when WebKitGTK 6.0 is found (the `webkit` build option); without
 * it, [method@McpGtk.AppView.load] fails with %G_IO_ERROR_NOT_SUPPORTED.
 *
 * Since: 1.0
 */

struct _McpGtkAppView
{
  GtkWidget       parent_instance;

  GtkWidget      *web_view;
  McpAppSession  *session;
  McpTransport   *channel;
  char           *token;
  char           *html;
  char           *csp;
  gboolean        frames_declared;
};

G_DEFINE_FINAL_TYPE (McpGtkAppView, mcp_gtk_app_view, GTK_TYPE_WIDGET)

#ifdef MCP_GTK_HAVE_WEBKIT

/* The channel: an McpTransport whose other end is the web page. */

#define MCP_GTK_TYPE_APP_CHANNEL (mcp_gtk_app_channel_get_type ())
G_DECLARE_FINAL_TYPE (McpGtkAppChannel, mcp_gtk_app_channel, MCP_GTK, APP_CHANNEL, McpTransport)

struct _McpGtkAppChannel
{
  McpTransport   parent_instance;

  GWeakRef       web_view;
};

G_DEFINE_FINAL_TYPE (McpGtkAppChannel, mcp_gtk_app_channel, MCP_TYPE_TRANSPORT)

static void
mcp_gtk_app_channel_open (McpTransport *transport,
                          GCancellable *cancellable,
                          GTask        *task)
{
  g_task_return_boolean (task, TRUE);
}

static void
on_delivered (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JSCValue) value = NULL;
  GError *error = NULL;

  value = webkit_web_view_call_async_javascript_function_finish (WEBKIT_WEB_VIEW (object),
                                                                 result, &error);
  if (value == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
mcp_gtk_app_channel_send (McpTransport *transport,
                          JsonNode     *message,
                          GCancellable *cancellable,
                          GTask        *task)
{
  McpGtkAppChannel *self = MCP_GTK_APP_CHANNEL (transport);
  g_autoptr(WebKitWebView) web_view = g_weak_ref_get (&self->web_view);
  g_autofree char *text = NULL;
  GVariantDict arguments;

  if (web_view == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CLOSED, _("The app view is gone"));
      return;
    }

  text = json_to_string (message, FALSE);
  g_variant_dict_init (&arguments, NULL);
  g_variant_dict_insert (&arguments, "text", "s", text);
  webkit_web_view_call_async_javascript_function (web_view, "mcpDeliver(text);", -1,
                                                  g_variant_dict_end (&arguments), NULL, NULL,
                                                  cancellable, on_delivered,
                                                  g_object_ref (task));
}

static void
mcp_gtk_app_channel_close (McpTransport *transport,
                           GCancellable *cancellable,
                           GTask        *task)
{
  g_task_return_boolean (task, TRUE);
}

static void
mcp_gtk_app_channel_finalize (GObject *object)
{
  McpGtkAppChannel *self = MCP_GTK_APP_CHANNEL (object);

  g_weak_ref_clear (&self->web_view);

  G_OBJECT_CLASS (mcp_gtk_app_channel_parent_class)->finalize (object);
}

static void
mcp_gtk_app_channel_class_init (McpGtkAppChannelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpTransportClass *transport_class = MCP_TRANSPORT_CLASS (klass);

  object_class->finalize = mcp_gtk_app_channel_finalize;
  transport_class->open = mcp_gtk_app_channel_open;
  transport_class->send = mcp_gtk_app_channel_send;
  transport_class->close = mcp_gtk_app_channel_close;
}

static void
mcp_gtk_app_channel_init (McpGtkAppChannel *self)
{
  g_weak_ref_init (&self->web_view, NULL);
}

/* The host page: it relays the framed view's messages to the script
 * message handler, and the session's to the view. It trusts no message
 * that does not come from the view's frame. */
#define HOST_PAGE \
  "<!DOCTYPE html><html><head><meta charset=\"utf-8\">" \
  "<style>html,body{margin:0;padding:0;overflow:hidden;background:transparent}" \
  "iframe{border:0;width:100%%;height:100vh;display:block}</style></head><body>" \
  "<iframe id=\"view\" sandbox=\"allow-scripts allow-forms\" src=\"%s\"></iframe>" \
  "<script>" \
  "const frame = document.getElementById('view');" \
  "window.addEventListener('message', (event) => {" \
  "  if (event.source !== frame.contentWindow) return;" \
  "  window.webkit.messageHandlers.mcpApp.postMessage(JSON.stringify(event.data));" \
  "});" \
  "function mcpDeliver(text) { frame.contentWindow.postMessage(JSON.parse(text), '*'); }" \
  "</script></body></html>"

static char *
view_uri (McpGtkAppView *self)
{
  return g_strdup_printf (SCHEME "://%s/view.html", self->token);
}

static char *
host_uri (McpGtkAppView *self)
{
  return g_strdup_printf (SCHEME "://%s" HOST_PATH, self->token);
}

static void
serve (WebKitURISchemeRequest *request,
       const char             *body,
       const char             *csp)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(WebKitURISchemeResponse) response = NULL;
  SoupMessageHeaders *headers;
  GBytes *bytes = g_bytes_new (body, strlen (body));

  stream = g_memory_input_stream_new_from_bytes (bytes);
  g_bytes_unref (bytes);
  response = webkit_uri_scheme_response_new (stream, strlen (body));
  webkit_uri_scheme_response_set_content_type (response, "text/html; charset=utf-8");
  headers = soup_message_headers_new (SOUP_MESSAGE_HEADERS_RESPONSE);
  soup_message_headers_append (headers, "Content-Security-Policy", csp);
  soup_message_headers_append (headers, "Cache-Control", "no-store");
  webkit_uri_scheme_response_set_http_headers (response, headers);
  webkit_uri_scheme_request_finish_with_response (request, response);
}

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

/* The web context may outlive the widget: it holds a weak reference. */
static void
on_scheme_request (WebKitURISchemeRequest *request,
                   gpointer                user_data)
{
  g_autoptr(McpGtkAppView) self = g_weak_ref_get (user_data);
  const char *uri = webkit_uri_scheme_request_get_uri (request);
  g_autofree char *host = NULL;
  g_autofree char *view = NULL;

  if (self == NULL)
    {
      g_autoptr(GError) error = g_error_new (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                             "The app view is gone: %s", uri);

      webkit_uri_scheme_request_finish_error (request, error);
      return;
    }

  host = host_uri (self);
  view = view_uri (self);
  if (self->html != NULL && g_str_equal (uri, host))
    {
      g_autofree char *page = g_strdup_printf (HOST_PAGE, view);

      serve (request, page,
             "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
             "frame-src " SCHEME ":");
    }
  else if (self->html != NULL && g_str_equal (uri, view))
    {
      serve (request, self->html, self->csp);
    }
  else
    {
      g_autoptr(GError) error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                                             "No such page: %s", uri);

      webkit_uri_scheme_request_finish_error (request, error);
    }
}

static gboolean
on_script_message (WebKitUserContentManager *manager,
                   JSCValue                 *value,
                   WebKitScriptMessageReply *reply,
                   gpointer                  user_data)
{
  McpGtkAppView *self = user_data;
  g_autofree char *text = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  if (!jsc_value_is_string (value))
    {
      webkit_script_message_reply_return_error_message (reply, "not a message");
      return TRUE;
    }

  text = jsc_value_to_string (value);
  if (!json_parser_load_from_data (parser, text, -1, &error) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      webkit_script_message_reply_return_error_message (reply, "not a JSON-RPC message");
      return TRUE;
    }

  if (self->channel != NULL && !mcp_transport_is_closed (self->channel))
    mcp_transport_deliver_message (self->channel, root);

  {
    g_autoptr(JSCValue) done = jsc_value_new_boolean (jsc_value_get_context (value), TRUE);

    webkit_script_message_reply_return_value (reply, done);
  }

  return TRUE;
}

/* Only the host page and the view's own document load; anything else (a
 * link, a form, a script setting location) goes nowhere. Frames the view
 * declared are left to its Content-Security-Policy. */
static gboolean
on_decide_policy (WebKitWebView            *web_view,
                  WebKitPolicyDecision     *decision,
                  WebKitPolicyDecisionType  type,
                  gpointer                  user_data)
{
  McpGtkAppView *self = user_data;
  WebKitNavigationAction *action;
  const char *uri;
  g_autofree char *host = NULL;
  g_autofree char *view = NULL;

  if (type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE)
    return FALSE;

  if (type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION)
    {
      webkit_policy_decision_ignore (decision);
      return TRUE;
    }

  action = webkit_navigation_policy_decision_get_navigation_action (
    WEBKIT_NAVIGATION_POLICY_DECISION (decision));
  uri = webkit_uri_request_get_uri (webkit_navigation_action_get_request (action));
  host = host_uri (self);
  view = view_uri (self);

  if (g_strcmp0 (uri, host) == 0 || g_strcmp0 (uri, view) == 0 ||
      (self->frames_declared && g_str_has_prefix (uri, "https://") &&
       webkit_navigation_action_get_navigation_type (action) == WEBKIT_NAVIGATION_TYPE_OTHER &&
       !webkit_navigation_action_is_user_gesture (action)))
    {
      webkit_policy_decision_use (decision);
      return TRUE;
    }

  g_debug ("An app view may not navigate to %s", uri);
  webkit_policy_decision_ignore (decision);
  return TRUE;
}

static gboolean
on_permission_request (WebKitWebView           *web_view,
                       WebKitPermissionRequest *request,
                       gpointer                 user_data)
{
  /* Never granted in silence: the view gets a refusal. */
  webkit_permission_request_deny (request);
  return TRUE;
}

static GtkWidget *
on_create (WebKitWebView          *web_view,
           WebKitNavigationAction *action,
           gpointer                user_data)
{
  return NULL;
}

static void
on_size_changed (McpAppSession *session,
                 int            width,
                 int            height,
                 gpointer       user_data)
{
  McpGtkAppView *self = user_data;

  if (height > 0)
    gtk_widget_set_size_request (self->web_view, 320, MIN (height, MAX_HEIGHT));
}

static void
on_link_opened (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(McpServerRequest) request = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    {
      mcp_server_request_reply_error (request, -32000, error->message);
      return;
    }

  {
    g_autoptr(JsonNode) empty = json_node_init_object (json_node_alloc (), json_object_new ());

    mcp_server_request_reply (request, empty);
  }
}

/* Runs after the application's handlers: what they leave is opened
 * through the desktop, if it is a web or mail link. */
static gboolean
on_open_link (McpAppSession    *session,
              McpServerRequest *request,
              gpointer          user_data)
{
  JsonObject *params = json_node_get_object (mcp_server_request_get_params (request));
  const char *url = json_object_get_string_member_with_default (params, "url", NULL);
  g_autofree char *scheme = url != NULL ? g_uri_parse_scheme (url) : NULL;

  if (scheme == NULL ||
      (!g_str_equal (scheme, "https") && !g_str_equal (scheme, "http") &&
       !g_str_equal (scheme, "mailto")))
    {
      mcp_server_request_reply_error (request, -32000, "Only web and mail links are opened");
      return TRUE;
    }

  g_app_info_launch_default_for_uri_async (url, NULL, NULL, on_link_opened,
                                           g_object_ref (request));
  return TRUE;
}

/* The host context of the theme: light or dark, high contrast, and
 * libadwaita's colours and the desktop's font as the specification's CSS
 * variables. */
static void
update_theme (McpGtkAppView *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (manager);
  gboolean contrast = adw_style_manager_get_high_contrast (manager);
  g_autoptr(JsonObject) changes = json_object_new ();
  JsonObject *styles = json_object_new ();
  JsonObject *variables = json_object_new ();
  g_autofree char *font = NULL;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-font-name", &font, NULL);

  json_object_set_string_member (changes, "theme", dark ? "dark" : "light");
  json_object_set_string_member (variables, "--color-background-primary",
                                 dark ? "#242424" : "#fafafa");
  json_object_set_string_member (variables, "--color-background-secondary",
                                 dark ? "#303030" : "#ebebeb");
  json_object_set_string_member (variables, "--color-text-primary",
                                 dark ? "#ffffff" : (contrast ? "#000000" : "rgba(0, 0, 0, 0.8)"));
  json_object_set_string_member (variables, "--color-text-secondary",
                                 dark ? "rgba(255, 255, 255, 0.55)" : "rgba(0, 0, 0, 0.55)");
  json_object_set_string_member (variables, "--color-border-primary",
                                 contrast ? (dark ? "#ffffff" : "#000000")
                                          : (dark ? "rgba(255, 255, 255, 0.15)"
                                                  : "rgba(0, 0, 0, 0.15)"));
  json_object_set_string_member (variables, "--color-background-info",
                                 dark ? "#78aeed" : "#3584e4");
  json_object_set_string_member (variables, "--color-text-danger",
                                 dark ? "#ff7b63" : "#c01c28");
  json_object_set_string_member (variables, "--border-radius-md", "6px");
  if (font != NULL)
    {
      g_autoptr(PangoFontDescription) description = pango_font_description_from_string (font);
      g_autofree char *family = g_strdup_printf ("\"%s\", sans-serif",
                                                 pango_font_description_get_family (description));

      json_object_set_string_member (variables, "--font-sans", family);
    }
  json_object_set_object_member (styles, "variables", variables);
  json_object_set_object_member (changes, "styles", styles);

  if (self->session != NULL)
    mcp_app_session_update_host_context (self->session, changes);
}

static void
on_style_changed (AdwStyleManager *manager,
                  GParamSpec      *pspec,
                  gpointer         user_data)
{
  update_theme (MCP_GTK_APP_VIEW (user_data));
}

/* WebKit's first web view in a process sets up EGL for itself, on a
 * display of its own, which changes the thread's current GL context
 * behind GDK's back. GDK 4.8 believes that the context it made current
 * last still is, and does not make it current again: GTK's renderer then
 * draws with no context, and aborts on its next offscreen framebuffer
 * ("glCheckFramebufferStatus" in gskglcommandqueue.c), taking the
 * application with it. GDK forgets what it believes once WebKit is set
 * up (when the view is made, and realized), so that the renderer makes
 * its context current again. */
static void
on_web_view_realized (GtkWidget *web_view,
                      gpointer   user_data)
{
  gdk_gl_context_clear_current ();
}

static void
build_web_view (McpGtkAppView *self)
{
  g_autoptr(WebKitWebContext) context = webkit_web_context_new ();
  g_autoptr(WebKitNetworkSession) network = webkit_network_session_new_ephemeral ();
  g_autoptr(WebKitUserContentManager) content = webkit_user_content_manager_new ();
  WebKitSettings *settings;

  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, self);
  webkit_web_context_register_uri_scheme (context, SCHEME, on_scheme_request, ref,
                                          (GDestroyNotify) weak_ref_free);
  webkit_security_manager_register_uri_scheme_as_secure (
    webkit_web_context_get_security_manager (context), SCHEME);
  webkit_user_content_manager_register_script_message_handler_with_reply (content, "mcpApp",
                                                                          NULL);
  g_signal_connect_object (content, "script-message-with-reply-received::mcpApp",
                           G_CALLBACK (on_script_message), self, 0);

  self->web_view = g_object_new (WEBKIT_TYPE_WEB_VIEW,
                                 "web-context", context,
                                 "network-session", network,
                                 "user-content-manager", content,
                                 NULL);
  gdk_gl_context_clear_current ();
  g_signal_connect_after (self->web_view, "realize", G_CALLBACK (on_web_view_realized), NULL);
  settings = webkit_web_view_get_settings (WEBKIT_WEB_VIEW (self->web_view));
  webkit_settings_set_enable_developer_extras (settings, FALSE);
  webkit_settings_set_javascript_can_open_windows_automatically (settings, FALSE);
  webkit_settings_set_enable_back_forward_navigation_gestures (settings, FALSE);

  g_signal_connect_object (self->web_view, "decide-policy", G_CALLBACK (on_decide_policy),
                           self, 0);
  g_signal_connect_object (self->web_view, "permission-request",
                           G_CALLBACK (on_permission_request), self, 0);
  g_signal_connect_object (self->web_view, "create", G_CALLBACK (on_create), self, 0);
  gtk_widget_set_hexpand (self->web_view, TRUE);
  gtk_widget_set_size_request (self->web_view, 320, 200);
  gtk_widget_set_parent (self->web_view, GTK_WIDGET (self));

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_style_changed), self, 0);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (on_style_changed), self, 0);
}

#endif /* MCP_GTK_HAVE_WEBKIT */

static void
mcp_gtk_app_view_dispose (GObject *object)
{
  McpGtkAppView *self = MCP_GTK_APP_VIEW (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_object (&self->channel);
  g_clear_pointer (&self->web_view, gtk_widget_unparent);

  G_OBJECT_CLASS (mcp_gtk_app_view_parent_class)->dispose (object);
}

static void
mcp_gtk_app_view_finalize (GObject *object)
{
  McpGtkAppView *self = MCP_GTK_APP_VIEW (object);

  g_free (self->token);
  g_free (self->html);
  g_free (self->csp);

  G_OBJECT_CLASS (mcp_gtk_app_view_parent_class)->finalize (object);
}

static void
mcp_gtk_app_view_class_init (McpGtkAppViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mcp_gtk_app_view_dispose;
  object_class->finalize = mcp_gtk_app_view_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mcp-app-view");
}

static void
mcp_gtk_app_view_init (McpGtkAppView *self)
{
  self->token = g_uuid_string_random ();
#ifdef MCP_GTK_HAVE_WEBKIT
  build_web_view (self);
#endif
}

/**
 * mcp_gtk_app_view_new:
 *
 * Creates a widget that shows MCP App views.
 *
 * Returns: (transfer full): a new [class@McpGtk.AppView]
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_app_view_new (void)
{
  return g_object_new (MCP_GTK_TYPE_APP_VIEW, NULL);
}

/**
 * mcp_gtk_app_view_load:
 * @self: an app view, showing nothing yet
 * @client: the client of the tool's server, with the extension declared
 * @tool: the tool whose view it is
 * @resource: the view, from [func@Mcp.AppResource.fetch_async]
 * @error: return location for a #GError
 *
 * Loads the view and starts its session. Give the session the tool's
 * input and result ([method@Mcp.AppSession.set_tool_input],
 * [method@Mcp.AppSession.set_tool_result]); connect to its
 * [signal@Mcp.AppSession::view-request] for what the application decides.
 *
 * Returns: (transfer none): the view's session, or %NULL with @error set
 *   when this build has no WebKitGTK
 *
 * Since: 1.0
 */
McpAppSession *
mcp_gtk_app_view_load (McpGtkAppView   *self,
                       McpClient       *client,
                       McpTool         *tool,
                       McpAppResource  *resource,
                       GError         **error)
{
  g_return_val_if_fail (MCP_GTK_IS_APP_VIEW (self), NULL);
  g_return_val_if_fail (MCP_IS_CLIENT (client), NULL);
  g_return_val_if_fail (MCP_IS_TOOL (tool), NULL);
  g_return_val_if_fail (MCP_IS_APP_RESOURCE (resource), NULL);
  g_return_val_if_fail (self->session == NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

#ifdef MCP_GTK_HAVE_WEBKIT
  {
    JsonObject *csp = mcp_app_resource_get_csp (resource);
    g_autofree char *uri = host_uri (self);
    McpGtkAppChannel *channel;

    self->html = g_strdup (mcp_app_resource_get_html (resource));
    self->csp = mcp_app_resource_build_csp (resource);
    self->frames_declared = csp != NULL && json_object_has_member (csp, "frameDomains");

    channel = g_object_new (MCP_GTK_TYPE_APP_CHANNEL, NULL);
    g_weak_ref_set (&channel->web_view, self->web_view);
    self->channel = MCP_TRANSPORT (channel);
    self->session = mcp_app_session_new (client, tool, resource, self->channel);
    g_signal_connect_object (self->session, "size-changed", G_CALLBACK (on_size_changed),
                             self, 0);
    g_signal_connect_object (self->session, "view-request::ui/open-link",
                             G_CALLBACK (on_open_link), self, G_CONNECT_AFTER);
    update_theme (self);
    mcp_app_session_start_async (self->session, NULL, NULL, NULL);
    webkit_web_view_load_uri (WEBKIT_WEB_VIEW (self->web_view), uri);

    return self->session;
  }
#else
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("This build of mcp-glib cannot show app views: it has no WebKitGTK"));
  return NULL;
#endif
}

/**
 * mcp_gtk_app_view_get_session:
 * @self: an app view
 *
 * Gets the session of the view loaded by [method@McpGtk.AppView.load].
 *
 * Returns: (transfer none) (nullable): the session, or %NULL
 *
 * Since: 1.0
 */
McpAppSession *
mcp_gtk_app_view_get_session (McpGtkAppView *self)
{
  g_return_val_if_fail (MCP_GTK_IS_APP_VIEW (self), NULL);

  return self->session;
}

/**
 * mcp_gtk_app_view_get_web_view:
 * @self: an app view
 *
 * Gets the `WebKitWebView` that shows the view, for tests and snapshots.
 *
 * Returns: (transfer none) (nullable): the web view, or %NULL without
 *   WebKitGTK
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_app_view_get_web_view (McpGtkAppView *self)
{
  g_return_val_if_fail (MCP_GTK_IS_APP_VIEW (self), NULL);

  return self->web_view;
}
