/* test-gtk-app-view.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpGtkAppView on a headless Wayland display (run by
 * tests/run-headless.sh, which starts weston in a private session bus),
 * with WebKit's web process sandbox on: the official ext-apps example
 * server's view loads, initializes, shows its input's result, and calls
 * its server's tool when its button is clicked; a probing view of
 * mcp-apps-test-server.py finds a fetch to an origin it did not declare
 * blocked by the Content-Security-Policy and cannot navigate away. Leaves
 * a screenshot, gtk-app-view.png, in the build directory (the one of
 * doc/images/ is made so).
 */

#include <webkit/webkit.h>

#include <mcp-glib/gtk/mcp-gtk.h>

#include "mcp-test-util.h"

/* Test-only: a script in a world of its own, in the view's frame, that
 * reads an element's text or clicks it when the host page asks (the frame
 * is of another origin: the host page cannot reach into it). */
#define PROBE_SCRIPT \
  "if (window !== window.top) window.addEventListener('message', (e) => {" \
  "  const c = e.data && e.data.mcpTest; if (!c) return;" \
  "  const el = document.querySelector(c.selector);" \
  "  if (c.click && el) el.click();" \
  "  window.webkit.messageHandlers.mcpTest.postMessage(el ? el.textContent : '(none)');" \
  "});"

typedef struct
{
  McpClient     *client;
  GtkWidget     *window;
  McpGtkAppView *view;
  McpAppSession *session;
  GPtrArray     *texts;   /* what the probe script reported */
  GPtrArray     *logs;    /* the view's log messages */
  GPtrArray     *calls;   /* the view's requests */
} Fixture;

static void
on_test_message (WebKitUserContentManager *manager,
                 JSCValue                 *value,
                 gpointer                  user_data)
{
  Fixture *fx = user_data;

  g_ptr_array_add (fx->texts, jsc_value_to_string (value));
}

static void
on_log_message (McpAppSession *session,
                const char    *level,
                const char    *logger,
                JsonNode      *data,
                gpointer       user_data)
{
  Fixture *fx = user_data;

  g_ptr_array_add (fx->logs, json_to_string (data, FALSE));
}

static gboolean
on_view_request (McpAppSession    *session,
                 McpServerRequest *request,
                 gpointer          user_data)
{
  Fixture *fx = user_data;

  g_ptr_array_add (fx->calls, g_strdup (mcp_server_request_get_method (request)));

  return FALSE;
}

static McpTool *
find_tool (McpClient  *client,
           const char *name)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GListModel) tools = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_list_tools_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "tools/list");
  tools = mcp_client_list_tools_finish (client, result, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (g_str_equal (mcp_tool_get_name (tool), name))
        return g_steal_pointer (&tool);
    }

  g_assert_not_reached ();
}

static gboolean
is_ready (gpointer data)
{
  return mcp_app_session_get_state (data) == MCP_APP_SESSION_STATE_READY;
}

static gboolean
has_more_than (gpointer data)
{
  GPtrArray **array = data;

  return array[0]->len > GPOINTER_TO_UINT (array[1]);
}

/* Starts a view of @tool_name of the server @argv in a window. */
static void
fixture_start (Fixture            *fx,
               const char * const *argv,
               const char         *tool_name)
{
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(McpTool) tool = NULL;
  g_autoptr(McpAppResource) resource = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WebKitUserScript) script = NULL;
  WebKitUserContentManager *content;

  fx->texts = g_ptr_array_new_with_free_func (g_free);
  fx->logs = g_ptr_array_new_with_free_func (g_free);
  fx->calls = g_ptr_array_new_with_free_func (g_free);

  fx->client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_app_session_declare_extension (fx->client);
  mcp_test_connect (fx->client, &error);
  g_assert_no_error (error);

  tool = find_tool (fx->client, tool_name);
  mcp_app_resource_fetch_async (fx->client, mcp_tool_get_ui_resource_uri (tool), NULL,
                                mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the view");
  resource = mcp_app_resource_fetch_finish (result, &error);
  g_assert_no_error (error);

  fx->view = MCP_GTK_APP_VIEW (mcp_gtk_app_view_new ());
  content = webkit_web_view_get_user_content_manager (
    WEBKIT_WEB_VIEW (mcp_gtk_app_view_get_web_view (fx->view)));
  webkit_user_content_manager_register_script_message_handler (content, "mcpTest", "mcp-test");
  g_signal_connect (content, "script-message-received::mcpTest",
                    G_CALLBACK (on_test_message), fx);
  script = webkit_user_script_new_for_world (PROBE_SCRIPT, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                                             WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START,
                                             "mcp-test", NULL, NULL);
  webkit_user_content_manager_add_script (content, script);

  fx->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fx->window), 640, 480);
  gtk_window_set_child (GTK_WINDOW (fx->window), GTK_WIDGET (fx->view));
  gtk_window_present (GTK_WINDOW (fx->window));

  fx->session = mcp_gtk_app_view_load (fx->view, fx->client, tool, resource, &error);
  g_assert_no_error (error);
  g_assert_true (mcp_gtk_app_view_get_session (fx->view) == fx->session);
  g_signal_connect (fx->session, "log-message", G_CALLBACK (on_log_message), fx);
  g_signal_connect (fx->session, "view-request", G_CALLBACK (on_view_request), fx);

  if (!mcp_test_wait_until (is_ready, fx->session, 60000))
    g_error ("The view did not initialize");
}

static void
fixture_stop (Fixture *fx)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_app_session_teardown_async (fx->session, "test done", NULL, mcp_test_store_result_cb,
                                  &result);
  mcp_test_await_result (&result, "the teardown");
  g_assert_true (mcp_app_session_teardown_finish (fx->session, result, NULL));
  g_clear_object (&result);

  gtk_window_destroy (GTK_WINDOW (fx->window));
  mcp_client_close_async (fx->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the client to close");
  g_clear_object (&fx->client);
  g_clear_pointer (&fx->texts, g_ptr_array_unref);
  g_clear_pointer (&fx->logs, g_ptr_array_unref);
  g_clear_pointer (&fx->calls, g_ptr_array_unref);
}

/* Asks the probe script in the view's frame for an element's text (and
 * to click it first when @click). */
static char *
probe (Fixture    *fx,
       const char *selector,
       gboolean    click)
{
  g_autofree char *script = g_strdup_printf (
    "document.getElementById('view').contentWindow.postMessage("
    "{mcpTest: {selector: '%s', click: %s}}, '*');", selector, click ? "true" : "false");
  gpointer wait[2] = { fx->texts, GUINT_TO_POINTER (fx->texts->len) };

  webkit_web_view_evaluate_javascript (WEBKIT_WEB_VIEW (mcp_gtk_app_view_get_web_view (fx->view)),
                                       script, -1, NULL, NULL, NULL, NULL, NULL);
  if (!mcp_test_wait_until (has_more_than, wait, 10000))
    g_error ("The probe script did not answer");

  return g_strdup (g_ptr_array_index (fx->texts, fx->texts->len - 1));
}

static gboolean
has_string (GPtrArray  *array,
            const char *prefix)
{
  for (guint i = 0; i < array->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (array, i), prefix))
      return TRUE;

  return FALSE;
}

typedef struct
{
  GPtrArray  *array;
  const char *prefix;
} Wanted;

static gboolean
wanted_seen (gpointer data)
{
  Wanted *wanted = data;

  return has_string (wanted->array, wanted->prefix);
}

static void
wait_for_string (GPtrArray  *array,
                 const char *prefix)
{
  Wanted wanted = { array, prefix };

  if (!mcp_test_wait_until (wanted_seen, &wanted, 15000))
    g_error ("Never saw %s", prefix);
}

static void
on_snapshot (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  GdkTexture **texture = user_data;
  g_autoptr(GError) error = NULL;

  *texture = webkit_web_view_get_snapshot_finish (WEBKIT_WEB_VIEW (object), result, &error);
  g_assert_no_error (error);
}

static void
test_example_server (void)
{
  g_autofree char *server = g_test_build_filename (G_TEST_DIST, "node_modules",
                                                   "@modelcontextprotocol",
                                                   "server-basic-vanillajs", "dist",
                                                   "index.js", NULL);
  const char *argv[] = { "node", server, "--stdio", NULL };
  g_autoptr(JsonObject) input = json_object_new ();
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *after = NULL;
  g_autofree char *path = NULL;
  JsonNode *structured;
  Fixture fx = { 0, };
  guint calls;

  if (!g_file_test (server, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the ext-apps example servers are not installed (npm ci in tests/)");
      return;
    }

  fixture_start (&fx, argv, "get-time");

  /* Input and result: the view shows the time the tool gave. */
  mcp_app_session_set_tool_input (fx.session, input);
  result = mcp_test_call_tool (fx.client, "get-time", "{}", NULL, NULL, NULL);
  mcp_app_session_set_tool_result (fx.session, result);
  structured = mcp_tool_result_get_structured_content (result);
  for (guint i = 0; i < 100; i++)
    {
      g_free (shown);
      shown = probe (&fx, "#server-time", FALSE);
      if (g_str_equal (shown, json_object_get_string_member (json_node_get_object (structured),
                                                             "time")))
        break;
      mcp_test_iterate_for (50);
    }
  g_assert_cmpstr (shown, ==,
                   json_object_get_string_member (json_node_get_object (structured), "time"));

  /* Its button calls the server's tool through the session. */
  calls = fx.calls->len;
  after = probe (&fx, "#get-time-btn", TRUE);
  wait_for_string (fx.calls, "tools/call");
  g_assert_cmpuint (fx.calls->len, >, calls);

  /* The screenshot. */
  webkit_web_view_get_snapshot (WEBKIT_WEB_VIEW (mcp_gtk_app_view_get_web_view (fx.view)),
                                WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE,
                                NULL, on_snapshot, &texture);
  while (texture == NULL)
    g_main_context_iteration (NULL, TRUE);
  path = g_test_build_filename (G_TEST_BUILT, "gtk-app-view.png", NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));

  fixture_stop (&fx);
}

static void
test_sandbox (void)
{
  g_autofree char *server = g_test_build_filename (G_TEST_DIST, "mcp-apps-test-server.py",
                                                   NULL);
  const char *argv[] = { "/usr/bin/python3", server, NULL };
  g_autoptr(JsonObject) input = json_object_new ();
  g_autofree char *host = NULL;
  g_autofree char *text = NULL;
  Fixture fx = { 0, };
  WebKitWebView *web_view;

  fixture_start (&fx, argv, "probe");
  web_view = WEBKIT_WEB_VIEW (mcp_gtk_app_view_get_web_view (fx.view));
  host = g_strdup (webkit_web_view_get_uri (web_view));

  /* The fetch to an undeclared origin never leaves: the policy blocks it. */
  wait_for_string (fx.logs, "\"fetch-failed\"");
  wait_for_string (fx.logs, "\"csp-blocked connect-src");
  g_assert_false (has_string (fx.logs, "\"fetch-succeeded\""));

  /* The input makes it click a link away and set its location: it stays. */
  json_object_set_string_member (input, "go", "away");
  mcp_app_session_set_tool_input (fx.session, input);
  wait_for_string (fx.logs, "\"still-here\"");
  g_assert_cmpstr (webkit_web_view_get_uri (web_view), ==, host);
  text = probe (&fx, "#input", FALSE);
  g_assert_cmpstr (text, ==, "{\"go\":\"away\"}");

  fixture_stop (&fx);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();
  mcp_test_set_safety_timeout (90);
  gtk_init ();

  g_test_add_func ("/McpGtk/AppView/example-server", test_example_server);
  g_test_add_func ("/McpGtk/AppView/sandbox", test_sandbox);

  return g_test_run ();
}
