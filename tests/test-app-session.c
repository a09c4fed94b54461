/* test-app-session.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The MCP Apps host protocol: McpAppResource (parsing, fetching, the
 * Content-Security-Policy of the specification's examples) and
 * McpAppSession against a scripted view, played by the test over a pair
 * of pipes, with its tool's server the scripted mcp-apps-test-server.py
 * (and the official ext-apps example server when npm installed it): every
 * message in the order the specification requires, the refusals, and the
 * application's decisions.
 */

#include <string.h>

#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <glib-unix.h>

#include "mcp-test-util.h"

typedef struct
{
  McpClient          *client;
  McpStreamTransport *view;       /* the view's end, played by the test */
  McpStreamTransport *channel;    /* the session's end */
  McpAppSession      *session;
  GQueue              received;   /* JsonObject, what the view got */
  GPtrArray          *requests;   /* McpServerRequest the handlers took */
  GPtrArray          *seen;       /* char *, methods the handlers saw */
} Fixture;

/* A member along a dotted @path, where a number indexes an array. */
static JsonNode *
lookup (JsonObject *object,
        const char *path)
{
  g_auto(GStrv) names = g_strsplit (path, ".", -1);
  JsonNode *node = object != NULL ? json_node_init_object (json_node_alloc (), object) : NULL;
  JsonNode *found = node;

  for (guint i = 0; found != NULL && names[i] != NULL; i++)
    {
      if (JSON_NODE_HOLDS_OBJECT (found))
        {
          JsonObject *parent = json_node_get_object (found);

          found = json_object_has_member (parent, names[i])
                  ? json_object_get_member (parent, names[i]) : NULL;
        }
      else if (JSON_NODE_HOLDS_ARRAY (found) && g_ascii_isdigit (names[i][0]))
        {
          JsonArray *array = json_node_get_array (found);
          guint64 index = g_ascii_strtoull (names[i], NULL, 10);

          found = index < json_array_get_length (array)
                  ? json_array_get_element (array, index) : NULL;
        }
      else
        {
          found = NULL;
        }
    }

  g_clear_pointer (&node, json_node_unref);

  return found;
}

static JsonObject *
lookup_object (JsonObject *object,
               const char *path)
{
  JsonNode *node = lookup (object, path);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static const char *
lookup_string (JsonObject *object,
               const char *path)
{
  JsonNode *node = lookup (object, path);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : NULL;
}

static gint64
lookup_int (JsonObject *object,
            const char *path)
{
  JsonNode *node = lookup (object, path);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    g_error ("No integer at %s", path);

  return json_node_get_int (node);
}

static gboolean
has_requests (gpointer data)
{
  return ((GPtrArray *) data)->len > 0;
}

static void
on_view_message (McpTransport *transport,
                 JsonNode     *message,
                 gpointer      user_data)
{
  Fixture *fx = user_data;

  g_assert_true (JSON_NODE_HOLDS_OBJECT (message));
  g_queue_push_tail (&fx->received, json_object_ref (json_node_get_object (message)));
}

static McpClient *
start_client (const char * const *argv,
              gboolean            declare)
{
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new (argv);
  g_autoptr(GError) error = NULL;
  McpClient *client = mcp_client_new (MCP_TRANSPORT (transport));

  if (declare)
    mcp_app_session_declare_extension (client);
  mcp_test_connect (client, &error);
  g_assert_no_error (error);

  return client;
}

static McpClient *
start_scripted_client (gboolean declare)
{
  g_autofree char *server = g_test_build_filename (G_TEST_DIST, "mcp-apps-test-server.py",
                                                   NULL);
  const char *argv[] = { "/usr/bin/python3", server, NULL };

  return start_client (argv, declare);
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

static McpAppResource *
fetch (McpClient  *client,
       const char *uri,
       GError    **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_app_resource_fetch_async (client, uri, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the view");

  return mcp_app_resource_fetch_finish (result, error);
}

/* Opens the pipes between the session and the test's view, and starts
 * the session for @tool_name's view. */
static void
fixture_start_session (Fixture    *fx,
                       const char *tool_name)
{
  g_autoptr(McpTool) tool = find_tool (fx->client, tool_name);
  g_autoptr(McpAppResource) resource = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  int to_host[2], to_view[2];

  resource = fetch (fx->client, mcp_tool_get_ui_resource_uri (tool), &error);
  g_assert_no_error (error);

  g_unix_open_pipe (to_host, FD_CLOEXEC, &error);
  g_assert_no_error (error);
  g_unix_open_pipe (to_view, FD_CLOEXEC, &error);
  g_assert_no_error (error);
  /* Both ends live in this thread: a blocking write of a big message
   * would wait for a reader that never runs. */
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (g_unix_set_fd_nonblocking (to_host[i], TRUE, NULL));
      g_assert_true (g_unix_set_fd_nonblocking (to_view[i], TRUE, NULL));
    }

  {
    g_autoptr(GInputStream) host_in = g_unix_input_stream_new (to_host[0], TRUE);
    g_autoptr(GOutputStream) host_out = g_unix_output_stream_new (to_view[1], TRUE);
    g_autoptr(GInputStream) view_in = g_unix_input_stream_new (to_view[0], TRUE);
    g_autoptr(GOutputStream) view_out = g_unix_output_stream_new (to_host[1], TRUE);
    g_autoptr(GAsyncResult) opened = NULL;

    fx->channel = mcp_stream_transport_new (host_in, host_out);
    fx->view = mcp_stream_transport_new (view_in, view_out);
    g_signal_connect (fx->view, "message-received", G_CALLBACK (on_view_message), fx);
    mcp_transport_open_async (MCP_TRANSPORT (fx->view), NULL, mcp_test_store_result_cb, &opened);
    mcp_test_await_result (&opened, "the view's end");
    mcp_transport_open_finish (MCP_TRANSPORT (fx->view), opened, &error);
    g_assert_no_error (error);
  }

  fx->session = mcp_app_session_new (fx->client, tool, resource, MCP_TRANSPORT (fx->channel));
  g_assert_true (MCP_IS_APP_SESSION (fx->session));
  g_assert_true (MCP_IS_APP_RESOURCE (resource));
  g_assert_true (mcp_app_session_get_client (fx->session) == fx->client);
  g_assert_true (mcp_app_session_get_tool (fx->session) == tool);
  g_assert_true (mcp_app_session_get_resource (fx->session) == resource);
  g_assert_cmpint (mcp_app_session_get_state (fx->session), ==, MCP_APP_SESSION_STATE_NEW);

  mcp_app_session_start_async (fx->session, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the session's start");
  mcp_app_session_start_finish (fx->session, result, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_app_session_get_state (fx->session), ==, MCP_APP_SESSION_STATE_WAITING);
}

static void
fixture_setup (Fixture       *fx,
               gconstpointer  data)
{
  fx->client = start_scripted_client (TRUE);
  fx->requests = g_ptr_array_new_with_free_func (g_object_unref);
  fx->seen = g_ptr_array_new_with_free_func (g_free);
  g_queue_init (&fx->received);
}

static void
fixture_teardown (Fixture       *fx,
                  gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;

  g_clear_object (&fx->session);
  if (fx->view != NULL)
    {
      g_signal_handlers_disconnect_by_data (fx->view, fx);
      mcp_transport_close_async (MCP_TRANSPORT (fx->view), NULL, mcp_test_store_result_cb,
                                 &result);
      mcp_test_await_result (&result, "the view's end to close");
      g_clear_object (&result);
    }
  g_clear_object (&fx->view);
  g_clear_object (&fx->channel);
  g_queue_clear_full (&fx->received, (GDestroyNotify) json_object_unref);
  g_clear_pointer (&fx->requests, g_ptr_array_unref);
  g_clear_pointer (&fx->seen, g_ptr_array_unref);

  mcp_client_close_async (fx->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the client to close");
  g_clear_object (&fx->client);
}

/* The view sends @json, a JSON-RPC message. */
static void
view_send (Fixture    *fx,
           const char *json)
{
  g_autoptr(JsonObject) object = mcp_test_parse_object (json);
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_transport_send_async (MCP_TRANSPORT (fx->view), node, NULL, mcp_test_store_result_cb,
                            &result);
  mcp_test_await_result (&result, "the view's message to go");
  mcp_transport_send_finish (MCP_TRANSPORT (fx->view), result, &error);
  g_assert_no_error (error);
}

static gboolean
has_received (gpointer data)
{
  Fixture *fx = data;

  return !g_queue_is_empty (&fx->received);
}

/* The next message the view got. */
static JsonObject *
view_receive (Fixture *fx)
{
  if (!mcp_test_wait_until (has_received, fx, 10000))
    g_error ("The view got nothing");

  return g_queue_pop_head (&fx->received);
}

/* The view gets nothing for a while. */
static void
view_receives_nothing (Fixture *fx)
{
  mcp_test_iterate_for (150);
  if (!g_queue_is_empty (&fx->received))
    {
      g_autofree char *text = json_to_string (
        json_node_init_object (json_node_alloc (), g_queue_peek_head (&fx->received)), FALSE);

      g_error ("The view got %s", text);
    }
}

static void
assert_notification (JsonObject *message,
                     const char *method)
{
  g_assert_cmpstr (lookup_string (message, "method"), ==, method);
  g_assert_false (json_object_has_member (message, "id"));
}

static void
assert_error (JsonObject *message,
              gint64      id,
              gint64      code)
{
  g_assert_cmpint (lookup_int (message, "id"), ==, id);
  g_assert_cmpint (lookup_int (message, "error.code"), ==, code);
}

static JsonObject *
assert_result (JsonObject *message,
               gint64      id)
{
  g_assert_cmpint (lookup_int (message, "id"), ==, id);
  g_assert_false (json_object_has_member (message, "error"));

  return lookup_object (message, "result");
}

#define INITIALIZE \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ui/initialize\",\"params\":{" \
  "\"protocolVersion\":\"2026-01-26\",\"appInfo\":{\"name\":\"test-view\",\"version\":\"1\"}," \
  "\"appCapabilities\":{\"availableDisplayModes\":[\"inline\",\"fullscreen\"]}}}"
#define INITIALIZED \
  "{\"jsonrpc\":\"2.0\",\"method\":\"ui/notifications/initialized\"}"

/* The view initializes: the answer is checked by the caller if it wants. */
static JsonObject *
view_initialize (Fixture *fx)
{
  JsonObject *answer;

  view_send (fx, INITIALIZE);
  answer = view_receive (fx);
  assert_result (answer, 1);
  view_send (fx, INITIALIZED);

  return answer;
}

/* ------------------------------------------------------------------------
 * McpAppResource
 * ------------------------------------------------------------------------ */

static char *
csp_of (const char *meta_ui)
{
  g_autofree char *json = g_strdup_printf ("{\"uri\":\"ui://t/v\",\"mimeType\":"
                                           "\"text/html;profile=mcp-app\",\"text\":\"<p>\","
                                           "\"_meta\":{\"ui\":%s}}", meta_ui);
  g_autoptr(JsonObject) object = mcp_test_parse_object (json);
  g_autoptr(GError) error = NULL;
  g_autoptr(McpAppResource) resource = mcp_app_resource_new_from_json (object, &error);

  g_assert_no_error (error);

  return mcp_app_resource_build_csp (resource);
}

static void
test_csp (void)
{
  g_autofree char *none = csp_of ("{}");
  g_autofree char *example = NULL;
  g_autofree char *frames = NULL;
  g_autofree char *empty = NULL;
  g_autofree char *hostile = NULL;

  /* No ui.csp: the specification's restrictive default, nothing framed. */
  g_assert_cmpstr (none, ==,
                   "default-src 'none'; script-src 'self' 'unsafe-inline'; "
                   "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                   "media-src 'self' data:; connect-src 'none'; frame-src 'none'; "
                   "object-src 'none'; base-uri 'self'");

  /* The specification's example resource. */
  example = csp_of ("{\"csp\":{\"connectDomains\":[\"https://api.openweathermap.org\"],"
                    "\"resourceDomains\":[\"https://cdn.jsdelivr.net\"]},"
                    "\"prefersBorder\":true}");
  g_assert_cmpstr (example, ==,
                   "default-src 'none'; "
                   "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
                   "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
                   "connect-src 'self' https://api.openweathermap.org; "
                   "img-src 'self' data: https://cdn.jsdelivr.net; "
                   "font-src 'self' https://cdn.jsdelivr.net; "
                   "media-src 'self' data: https://cdn.jsdelivr.net; "
                   "frame-src 'none'; object-src 'none'; base-uri 'self'");

  /* The examples of each field: wildcards, frames, base URIs. (A star
   * after a slash is spelled \x2a, for test-api-coverage.py's sake.) */
  frames = csp_of ("{\"csp\":{\"connectDomains\":[\"https://api.weather.com\","
                   "\"wss://realtime.service.com\"],"
                   "\"resourceDomains\":[\"https://cdn.jsdelivr.net\",\"https://\x2a.cloudflare.com\"],"
                   "\"frameDomains\":[\"https://www.youtube.com\",\"https://player.vimeo.com\"],"
                   "\"baseUriDomains\":[\"https://cdn.example.com\"]}}");
  g_assert_cmpstr (frames, ==,
                   "default-src 'none'; "
                   "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://\x2a.cloudflare.com; "
                   "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://\x2a.cloudflare.com; "
                   "connect-src 'self' https://api.weather.com wss://realtime.service.com; "
                   "img-src 'self' data: https://cdn.jsdelivr.net https://\x2a.cloudflare.com; "
                   "font-src 'self' https://cdn.jsdelivr.net https://\x2a.cloudflare.com; "
                   "media-src 'self' data: https://cdn.jsdelivr.net https://\x2a.cloudflare.com; "
                   "frame-src https://www.youtube.com https://player.vimeo.com; "
                   "object-src 'none'; base-uri https://cdn.example.com");

  /* Declared but empty: no external origin at all. */
  empty = csp_of ("{\"csp\":{\"connectDomains\":[],\"frameDomains\":[]}}");
  g_assert_cmpstr (empty, ==,
                   "default-src 'none'; script-src 'self' 'unsafe-inline'; "
                   "style-src 'self' 'unsafe-inline'; connect-src 'self'; "
                   "img-src 'self' data:; font-src 'self'; media-src 'self' data:; "
                   "frame-src 'none'; object-src 'none'; base-uri 'self'");

  /* What is not an origin never loosens the policy. */
  hostile = csp_of ("{\"csp\":{\"connectDomains\":[\"*\",\"https:\",\"'unsafe-eval'\","
                    "\"https://a.example; script-src *\",\"data:\",\"https://ok.example:8443/api\","
                    "\"javascript://x\",\"https://\x2a\",42,\"https://b.example,https://c.example\"],"
                    "\"frameDomains\":[\"'self' https://evil.example\"],"
                    "\"baseUriDomains\":\"https://not-a-list.example\"}}");
  g_assert_cmpstr (hostile, ==,
                   "default-src 'none'; script-src 'self' 'unsafe-inline'; "
                   "style-src 'self' 'unsafe-inline'; "
                   "connect-src 'self' https://ok.example:8443/api; "
                   "img-src 'self' data:; font-src 'self'; media-src 'self' data:; "
                   "frame-src 'none'; object-src 'none'; base-uri 'self'");
}

static void
test_resource_json (void)
{
  g_autoptr(JsonObject) view = mcp_test_parse_object (
    "{\"uri\":\"ui://w/v\",\"mimeType\":\"Text/HTML; profile=mcp-app\",\"blob\":\"PHA+4pyTPC9wPg==\","
    "\"_meta\":{\"ui\":{\"permissions\":{\"camera\":{}},\"domain\":\"w.example\","
    "\"prefersBorder\":false}}}");
  g_autoptr(McpAppResource) resource = NULL;
  g_autoptr(GError) error = NULL;
  gboolean border = TRUE;
  struct {
    const char *json;
    GQuark domain;
    int code;
  } bad[] = {
    { "{\"uri\":\"https://w/v\",\"mimeType\":\"text/html;profile=mcp-app\",\"text\":\"\"}",
      G_IO_ERROR, G_IO_ERROR_INVALID_DATA },
    { "{\"mimeType\":\"text/html;profile=mcp-app\",\"text\":\"\"}",
      G_IO_ERROR, G_IO_ERROR_INVALID_DATA },
    { "{\"uri\":\"ui://w/v\",\"mimeType\":\"text/html\",\"text\":\"\"}",
      G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED },
    { "{\"uri\":\"ui://w/v\",\"text\":\"\"}", G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED },
    { "{\"uri\":\"ui://w/v\",\"mimeType\":\"text/html;profile=mcp-app\"}",
      G_IO_ERROR, G_IO_ERROR_INVALID_DATA },
    { "{\"uri\":\"ui://w/v\",\"mimeType\":\"text/html;profile=mcp-app\",\"blob\":\"//4A\"}",
      G_IO_ERROR, G_IO_ERROR_INVALID_DATA },
    { "{\"uri\":\"ui://w/v\",\"mimeType\":\"text/html;profile=mcp-app\",\"blob\":\"PAA+\"}",
      G_IO_ERROR, G_IO_ERROR_INVALID_DATA },
  };

  resource = mcp_app_resource_new_from_json (view, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_app_resource_get_uri (resource), ==, "ui://w/v");
  g_assert_cmpstr (mcp_app_resource_get_html (resource), ==, "<p>✓</p>");
  g_assert_null (mcp_app_resource_get_csp (resource));
  g_assert_true (json_object_has_member (mcp_app_resource_get_permissions (resource), "camera"));
  g_assert_cmpstr (mcp_app_resource_get_domain (resource), ==, "w.example");
  g_assert_true (mcp_app_resource_get_prefers_border (resource, &border));
  g_assert_false (border);
  g_assert_true (mcp_app_resource_get_json (resource) == view);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonObject) object = mcp_test_parse_object (bad[i].json);
      g_autoptr(McpAppResource) none = NULL;
      g_autoptr(GError) bad_error = NULL;

      none = mcp_app_resource_new_from_json (object, &bad_error);
      g_assert_error (bad_error, bad[i].domain, bad[i].code);
      g_assert_null (none);
    }
}

static void
test_resource_fetch (void)
{
  g_autoptr(McpClient) client = start_scripted_client (FALSE);
  g_autoptr(McpAppResource) text = NULL;
  g_autoptr(McpAppResource) blob = NULL;
  g_autoptr(McpAppResource) none = NULL;
  g_autoptr(McpTool) weather = find_tool (client, "show-weather");
  g_autoptr(McpTool) legacy = find_tool (client, "legacy-view");
  g_autoptr(McpTool) refresh = find_tool (client, "refresh");
  g_autoptr(McpTool) model_only = find_tool (client, "model-only");
  g_autoptr(McpTool) plain = find_tool (client, "capabilities");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gboolean border = FALSE;

  /* The tool's view, nested or by the deprecated flat key. */
  g_assert_cmpstr (mcp_tool_get_ui_resource_uri (weather), ==, "ui://weather/view.html");
  g_assert_cmpstr (mcp_tool_get_ui_resource_uri (legacy), ==, "ui://weather/blob.html");
  g_assert_null (mcp_tool_get_ui_resource_uri (plain));
  g_assert_cmpint (mcp_tool_get_visibility (weather), ==,
                   MCP_TOOL_VISIBILITY_MODEL | MCP_TOOL_VISIBILITY_APP);
  g_assert_cmpint (mcp_tool_get_visibility (refresh), ==, MCP_TOOL_VISIBILITY_APP);
  g_assert_cmpint (mcp_tool_get_visibility (model_only), ==, MCP_TOOL_VISIBILITY_MODEL);

  text = fetch (client, mcp_tool_get_ui_resource_uri (weather), &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (mcp_app_resource_get_html (text), "<!DOCTYPE html>"));
  g_assert_cmpstr (lookup_string (mcp_app_resource_get_csp (text),
                                           "connectDomains.0"), ==,
                   "https://api.openweathermap.org");
  g_assert_true (mcp_app_resource_get_prefers_border (text, &border));
  g_assert_true (border);
  g_assert_cmpstr (mcp_app_resource_get_domain (text), ==, "weather.example.com");

  blob = fetch (client, mcp_tool_get_ui_resource_uri (legacy), &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (mcp_app_resource_get_html (blob), "blob ✓"));
  g_assert_false (mcp_app_resource_get_prefers_border (blob, NULL));

  none = fetch (client, "ui://weather/wrong-type.html", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_null (none);
  g_clear_error (&error);

  none = fetch (client, "ui://weather/not-utf8.html", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  none = fetch (client, "ui://weather/missing.html", &error);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_PARAMS);
  g_clear_error (&error);

  none = fetch (client, "https://weather.example.com/view.html", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the client to close");
}

/* ------------------------------------------------------------------------
 * The extension's declaration
 * ------------------------------------------------------------------------ */

static void
test_declare (void)
{
  g_autoptr(McpClient) client = start_scripted_client (TRUE);
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GAsyncResult) closed = NULL;
  g_autoptr(McpStdioTransport) transport = mcp_stdio_transport_new ((const char *[]) { "true", NULL });
  g_autoptr(McpClient) other = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(JsonObject) skills = mcp_test_parse_object ("{\"x\":1}");
  g_autoptr(JsonObject) capabilities = NULL;
  JsonObject *structured;
  JsonObject *extensions;

  /* What the server received in initialize. */
  result = mcp_test_call_tool (client, "capabilities", "{}", NULL, NULL, NULL);
  structured = json_node_get_object (mcp_tool_result_get_structured_content (result));
  extensions = lookup_object (structured, "extensions");
  g_assert_cmpstr (lookup_string (json_object_get_object_member (extensions, MCP_APP_EXTENSION),
                                  "mimeTypes.0"), ==, MCP_APP_MIME_TYPE);

  /* Another extension stays beside it, in either order; one can go. */
  mcp_client_set_extension (other, "io.example/skills", skills);
  mcp_app_session_declare_extension (other);
  capabilities = mcp_client_dup_capabilities (other);
  extensions = lookup_object (capabilities, "extensions");
  g_assert_true (json_object_has_member (extensions, "io.example/skills"));
  g_assert_true (json_object_has_member (extensions, MCP_APP_EXTENSION));
  g_clear_pointer (&capabilities, json_object_unref);
  mcp_client_set_extension (other, "io.example/skills", NULL);
  capabilities = mcp_client_dup_capabilities (other);
  extensions = lookup_object (capabilities, "extensions");
  g_assert_false (json_object_has_member (extensions, "io.example/skills"));
  g_assert_true (json_object_has_member (extensions, MCP_APP_EXTENSION));
  g_clear_pointer (&capabilities, json_object_unref);
  mcp_client_set_extension (other, MCP_APP_EXTENSION, NULL);
  capabilities = mcp_client_dup_capabilities (other);
  g_assert_null (lookup (capabilities, "extensions"));

  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &closed);
  mcp_test_await_result (&closed, "the client to close");
}

/* ------------------------------------------------------------------------
 * McpAppSession
 * ------------------------------------------------------------------------ */

static void
test_lifecycle (Fixture       *fx,
                gconstpointer  data)
{
  g_autoptr(JsonObject) partial = mcp_test_parse_object ("{\"city\":\"Ber\"}");
  g_autoptr(JsonObject) input = mcp_test_parse_object ("{\"city\":\"Berlin\"}");
  g_autoptr(JsonObject) theme = mcp_test_parse_object ("{\"theme\":\"dark\"}");
  g_autoptr(JsonObject) locale = mcp_test_parse_object ("{\"locale\":\"de-DE\"}");
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(JsonObject) message = NULL;
  JsonObject *object;

  fixture_start_session (fx, "show-weather");

  /* Everything the host has before the view initializes waits. */
  mcp_app_session_update_host_context (fx->session, theme);
  mcp_app_session_set_tool_input_partial (fx->session, partial);
  mcp_app_session_set_tool_input (fx->session, input);
  result = mcp_test_call_tool (fx->client, "show-weather", "{\"city\":\"Berlin\"}", NULL, NULL, NULL);
  mcp_app_session_set_tool_result (fx->session, result);
  view_receives_nothing (fx);

  /* A request before ui/initialize is refused. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\","
                 "\"params\":{\"name\":\"show-weather\"}}");
  message = view_receive (fx);
  assert_error (message, 7, -32600);
  g_clear_pointer (&message, json_object_unref);

  view_send (fx, INITIALIZE);
  answer = view_receive (fx);
  object = assert_result (answer, 1);
  g_assert_cmpstr (lookup_string (object, "protocolVersion"), ==, "2026-01-26");
  g_assert_cmpstr (lookup_string (object, "hostInfo.name"), ==,
                   mcp_client_get_client_name (fx->client));
  g_assert_nonnull (lookup_object (object, "hostCapabilities.openLinks"));
  g_assert_nonnull (lookup_object (object, "hostCapabilities.serverTools"));
  g_assert_nonnull (lookup_object (object, "hostCapabilities.serverResources"));
  g_assert_nonnull (lookup_object (object, "hostCapabilities.logging"));
  g_assert_nonnull (lookup_object (object, "hostCapabilities.downloadFile"));
  g_assert_cmpstr (lookup_string (object,
                                           "hostCapabilities.sandbox.csp.resourceDomains.0"),
                   ==, "https://cdn.jsdelivr.net");
  g_assert_cmpstr (lookup_string (object, "hostContext.toolInfo.tool.name"), ==,
                   "show-weather");
  g_assert_cmpstr (lookup_string (object, "hostContext.theme"), ==, "dark");
  g_assert_cmpstr (lookup_string (object, "hostContext.displayMode"), ==, "inline");
  g_assert_cmpstr (lookup_string (object, "hostContext.availableDisplayModes.0"), ==,
                   "inline");
  g_assert_cmpstr (lookup_string (object, "hostContext.platform"), ==, "desktop");
  g_assert_cmpint (mcp_app_session_get_state (fx->session), ==,
                   MCP_APP_SESSION_STATE_INITIALIZING);
  g_assert_cmpstr (lookup_string (mcp_app_session_get_app_info (fx->session), "name"),
                   ==, "test-view");
  g_assert_nonnull (mcp_app_session_get_app_capabilities (fx->session));

  /* Answered, not initialized: still nothing. A change waits too. */
  mcp_app_session_update_host_context (fx->session, locale);
  view_receives_nothing (fx);

  /* A second ui/initialize is refused. */
  view_send (fx, INITIALIZE);
  message = view_receive (fx);
  assert_error (message, 1, -32600);
  g_clear_pointer (&message, json_object_unref);

  view_send (fx, INITIALIZED);
  message = view_receive (fx);
  assert_notification (message, "ui/notifications/host-context-changed");
  g_assert_cmpstr (lookup_string (message, "params.locale"), ==, "de-DE");
  g_assert_null (lookup (message, "params.theme"));
  g_clear_pointer (&message, json_object_unref);

  message = view_receive (fx);
  assert_notification (message, "ui/notifications/tool-input-partial");
  g_assert_cmpstr (lookup_string (message, "params.arguments.city"), ==, "Ber");
  g_clear_pointer (&message, json_object_unref);

  message = view_receive (fx);
  assert_notification (message, "ui/notifications/tool-input");
  g_assert_cmpstr (lookup_string (message, "params.arguments.city"), ==, "Berlin");
  g_clear_pointer (&message, json_object_unref);

  message = view_receive (fx);
  assert_notification (message, "ui/notifications/tool-result");
  g_assert_cmpstr (lookup_string (message, "params.content.0.text"), ==,
                   "sunny in Berlin");
  g_assert_cmpstr (lookup_string (message, "params.structuredContent.sky"), ==, "sunny");
  g_clear_pointer (&message, json_object_unref);
  g_assert_cmpint (mcp_app_session_get_state (fx->session), ==, MCP_APP_SESSION_STATE_READY);
  {
    g_autoptr(GEnumClass) states = g_type_class_ref (MCP_TYPE_APP_SESSION_STATE);
    McpAppSessionState state;

    g_object_get (fx->session, "state", &state, NULL);
    g_assert_cmpstr (g_enum_get_value (states, state)->value_nick, ==, "ready");
  }

  /* Exactly once: no partial input after the input, no cancellation
   * after the result, no second initialized. */
  mcp_app_session_set_tool_input_partial (fx->session, partial);
  mcp_app_session_cancel_tool (fx->session, "too late");
  view_send (fx, INITIALIZED);
  view_receives_nothing (fx);

  /* Changes reach an initialized view at once. */
  mcp_app_session_update_host_context (fx->session, theme);
  message = view_receive (fx);
  assert_notification (message, "ui/notifications/host-context-changed");
  g_assert_cmpstr (lookup_string (message, "params.theme"), ==, "dark");
  g_assert_cmpstr (lookup_string (mcp_app_session_get_host_context (fx->session),
                                           "locale"), ==, "de-DE");
}

static void
test_cancelled (Fixture       *fx,
                gconstpointer  data)
{
  g_autoptr(JsonObject) input = mcp_test_parse_object ("{\"city\":\"Oslo\"}");
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(JsonObject) message = NULL;

  fixture_start_session (fx, "show-weather");
  answer = view_initialize (fx);

  mcp_app_session_set_tool_input (fx->session, input);
  message = view_receive (fx);
  assert_notification (message, "ui/notifications/tool-input");
  g_clear_pointer (&message, json_object_unref);

  mcp_app_session_cancel_tool (fx->session, "user action");
  message = view_receive (fx);
  assert_notification (message, "ui/notifications/tool-cancelled");
  g_assert_cmpstr (lookup_string (message, "params.reason"), ==, "user action");

  mcp_app_session_cancel_tool (fx->session, "twice");
  view_receives_nothing (fx);
}

static gboolean
on_view_request_log (McpAppSession    *session,
                     McpServerRequest *request,
                     gpointer          user_data)
{
  Fixture *fx = user_data;

  g_ptr_array_add (fx->seen, g_strdup (mcp_server_request_get_method (request)));

  return FALSE;
}

static void
test_proxy (Fixture       *fx,
            gconstpointer  data)
{
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(JsonObject) message = NULL;

  fixture_start_session (fx, "show-weather");
  g_signal_connect (fx->session, "view-request", G_CALLBACK (on_view_request_log), fx);
  answer = view_initialize (fx);

  /* A tool of the view's server, visible to the app. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                 "\"params\":{\"name\":\"show-weather\",\"arguments\":{\"city\":\"Rome\"}}}");
  message = view_receive (fx);
  g_assert_cmpstr (lookup_string (assert_result (message, 2), "content.0.text"), ==,
                   "sunny in Rome");
  g_clear_pointer (&message, json_object_unref);

  /* An app-only tool: the app may call it. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":\"three\",\"method\":\"tools/call\","
                 "\"params\":{\"name\":\"refresh\"}}");
  message = view_receive (fx);
  g_assert_cmpstr (lookup_string (message, "id"), ==, "three");
  g_assert_true (lookup_object (message, "result.structuredContent") != NULL);
  g_clear_pointer (&message, json_object_unref);

  /* A model-only tool: refused, and the server never asked. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\","
                 "\"params\":{\"name\":\"model-only\"}}");
  message = view_receive (fx);
  assert_error (message, 4, -32000);
  g_assert_nonnull (strstr (lookup_string (message, "error.message"), "model-only"));
  g_clear_pointer (&message, json_object_unref);

  /* A tool of another server (the demo server's, say): refused. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\","
                 "\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}}}");
  message = view_receive (fx);
  assert_error (message, 5, -32602);
  g_clear_pointer (&message, json_object_unref);

  /* A tool its server does not list (though it would answer): refused. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\","
                 "\"params\":{\"name\":\"unlisted\"}}");
  message = view_receive (fx);
  assert_error (message, 11, -32602);
  g_assert_nonnull (strstr (lookup_string (message, "error.message"), "not a tool"));
  g_clear_pointer (&message, json_object_unref);

  /* Without a name. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{}}");
  message = view_receive (fx);
  assert_error (message, 6, -32602);
  g_clear_pointer (&message, json_object_unref);

  /* resources/read goes to the server; its error comes back. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/read\","
                 "\"params\":{\"uri\":\"ui://weather/blob.html\"}}");
  message = view_receive (fx);
  g_assert_cmpstr (lookup_string (assert_result (message, 7), "contents.0.uri"), ==,
                   "ui://weather/blob.html");
  g_clear_pointer (&message, json_object_unref);

  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"resources/read\","
                 "\"params\":{\"uri\":\"ui://weather/none\"}}");
  message = view_receive (fx);
  assert_error (message, 8, -32602);
  g_clear_pointer (&message, json_object_unref);

  /* ping, and a method nobody handles. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}");
  message = view_receive (fx);
  assert_result (message, 9);
  g_clear_pointer (&message, json_object_unref);

  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"prompts/get\",\"params\":{}}");
  message = view_receive (fx);
  assert_error (message, 10, -32601);
  g_clear_pointer (&message, json_object_unref);

  /* The application saw every call, to log it. */
  g_assert_cmpuint (fx->seen->len, ==, 9);
  g_assert_cmpstr (g_ptr_array_index (fx->seen, 0), ==, "tools/call");
  g_assert_cmpstr (g_ptr_array_index (fx->seen, 6), ==, "resources/read");
  g_assert_cmpstr (g_ptr_array_index (fx->seen, 8), ==, "prompts/get");
}

static gboolean
on_view_request_take (McpAppSession    *session,
                      McpServerRequest *request,
                      gpointer          user_data)
{
  Fixture *fx = user_data;

  g_ptr_array_add (fx->requests, g_object_ref (request));

  return TRUE;
}

static void
test_decisions (Fixture       *fx,
                gconstpointer  data)
{
  const char *denied[] = {
    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ui/open-link\",\"params\":{\"url\":\"https://example.com\"}}",
    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ui/message\",\"params\":{\"role\":\"user\","
      "\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}",
    "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ui/update-model-context\",\"params\":{"
      "\"content\":[{\"type\":\"text\",\"text\":\"ctx\"}]}}",
    "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ui/download-file\",\"params\":{\"contents\":[]}}",
    "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ui/unknown\",\"params\":{}}",
  };
  const char *modes[] = { "inline", "fullscreen", "pip", NULL };
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(JsonObject) message = NULL;
  g_autoptr(JsonObject) empty = json_object_new ();
  g_autoptr(JsonNode) empty_node = json_node_init_object (json_node_alloc (), empty);
  gulong handler;

  fixture_start_session (fx, "show-weather");
  mcp_app_session_set_available_display_modes (fx->session, modes);
  answer = view_initialize (fx);
  g_assert_cmpstr (lookup_string (assert_result (answer, 1),
                                           "hostContext.availableDisplayModes.2"), ==, "pip");

  /* Nobody decides: denied. */
  for (guint i = 0; i < G_N_ELEMENTS (denied); i++)
    {
      view_send (fx, denied[i]);
      message = view_receive (fx);
      assert_error (message, i + 2, -32000);
      g_clear_pointer (&message, json_object_unref);
    }

  /* A link without a URL is invalid before anyone is asked. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ui/open-link\",\"params\":{}}");
  message = view_receive (fx);
  assert_error (message, 7, -32602);
  g_clear_pointer (&message, json_object_unref);

  /* The application decides, later: its answers reach the view. */
  handler = g_signal_connect (fx->session, "view-request", G_CALLBACK (on_view_request_take), fx);
  for (guint i = 0; i < 4; i++)
    view_send (fx, denied[i]);
  view_receives_nothing (fx);
  g_assert_cmpuint (fx->requests->len, ==, 4);
  g_assert_cmpstr (mcp_server_request_get_method (g_ptr_array_index (fx->requests, 0)), ==,
                   "ui/open-link");
  g_assert_cmpstr (lookup_string (
                     json_node_get_object (mcp_server_request_get_params (
                       g_ptr_array_index (fx->requests, 0))), "url"), ==,
                   "https://example.com");
  for (guint i = 0; i < 4; i++)
    {
      mcp_server_request_reply (g_ptr_array_index (fx->requests, i), empty_node);
      message = view_receive (fx);
      assert_result (message, i + 2);
      g_clear_pointer (&message, json_object_unref);
    }
  g_ptr_array_set_size (fx->requests, 0);

  /* A display mode the view did not declare (pip) is answered with the
   * current one, without asking. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ui/request-display-mode\","
                 "\"params\":{\"mode\":\"pip\"}}");
  message = view_receive (fx);
  g_assert_cmpstr (lookup_string (assert_result (message, 8), "mode"), ==, "inline");
  g_clear_pointer (&message, json_object_unref);
  g_assert_cmpuint (fx->requests->len, ==, 0);

  /* One it declared and the host offers: the application switches. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ui/request-display-mode\","
                 "\"params\":{\"mode\":\"fullscreen\"}}");
  mcp_test_wait_until (has_requests, fx->requests, 5000);
  g_assert_cmpuint (fx->requests->len, ==, 1);
  mcp_app_session_reply_display_mode (fx->session, g_ptr_array_index (fx->requests, 0),
                                      "fullscreen");
  g_assert_cmpstr (mcp_app_session_get_display_mode (fx->session), ==, "fullscreen");
  message = view_receive (fx);
  assert_notification (message, "ui/notifications/host-context-changed");
  g_assert_cmpstr (lookup_string (message, "params.displayMode"), ==, "fullscreen");
  g_clear_pointer (&message, json_object_unref);
  message = view_receive (fx);
  g_assert_cmpstr (lookup_string (assert_result (message, 9), "mode"), ==,
                   "fullscreen");
  g_clear_pointer (&message, json_object_unref);
  g_ptr_array_set_size (fx->requests, 0);

  /* Declined: the current mode. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"ui/request-display-mode\","
                 "\"params\":{\"mode\":\"inline\"}}");
  mcp_test_wait_until (has_requests, fx->requests, 5000);
  mcp_app_session_reply_display_mode (fx->session, g_ptr_array_index (fx->requests, 0), NULL);
  message = view_receive (fx);
  g_assert_cmpstr (lookup_string (assert_result (message, 10), "mode"), ==,
                   "fullscreen");
  g_clear_pointer (&message, json_object_unref);

  g_signal_handler_disconnect (fx->session, handler);
}

static void
on_size_changed (McpAppSession *session,
                 int            width,
                 int            height,
                 gpointer       user_data)
{
  GString *log = user_data;

  g_string_append_printf (log, "size %d %d;", width, height);
}

static void
on_log_message (McpAppSession *session,
                const char    *level,
                const char    *logger,
                JsonNode      *data,
                gpointer       user_data)
{
  GString *log = user_data;

  g_string_append_printf (log, "log %s %s %s;", level, logger, json_node_get_string (data));
}

static void
on_teardown_requested (McpAppSession *session,
                       gpointer       user_data)
{
  GString *log = user_data;

  g_string_append (log, "teardown;");
}

static gboolean
log_has_teardown (gpointer data)
{
  return strstr (((GString *) data)->str, "teardown;") != NULL;
}

static void
test_notifications (Fixture       *fx,
                    gconstpointer  data)
{
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(JsonObject) message = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  fixture_start_session (fx, "show-weather");
  g_signal_connect (fx->session, "size-changed", G_CALLBACK (on_size_changed), log);
  g_signal_connect (fx->session, "log-message", G_CALLBACK (on_log_message), log);
  g_signal_connect (fx->session, "teardown-requested", G_CALLBACK (on_teardown_requested), log);
  answer = view_initialize (fx);

  view_send (fx, "{\"jsonrpc\":\"2.0\",\"method\":\"ui/notifications/size-changed\","
                 "\"params\":{\"width\":320,\"height\":240.5}}");
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"method\":\"ui/notifications/size-changed\","
                 "\"params\":{\"height\":\"tall\"}}");
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                 "\"params\":{\"level\":\"info\",\"logger\":\"view\",\"data\":\"hello\"}}");
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"method\":\"ui/notifications/whatever\"}");
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"method\":\"ui/notifications/request-teardown\"}");
  g_assert_true (mcp_test_wait_until (log_has_teardown, log, 5000));
  g_assert_cmpstr (log->str, ==, "size 320 240;size -1 -1;log info view hello;teardown;");

  /* The teardown: the view is asked, answers, and the channel closes. */
  mcp_app_session_teardown_async (fx->session, "closed by the user", NULL,
                                  mcp_test_store_result_cb, &result);
  message = view_receive (fx);
  g_assert_cmpstr (lookup_string (message, "method"), ==, "ui/resource-teardown");
  g_assert_cmpstr (lookup_string (message, "params.reason"), ==, "closed by the user");
  {
    g_autofree char *reply = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT
                                              ",\"result\":{}}",
                                              lookup_int (message, "id"));
    view_send (fx, reply);
  }
  mcp_test_await_result (&result, "the teardown");
  g_assert_true (mcp_app_session_teardown_finish (fx->session, result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mcp_app_session_get_state (fx->session), ==, MCP_APP_SESSION_STATE_CLOSED);
}

static void
test_teardown_early (Fixture       *fx,
                     gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GAsyncResult) again = NULL;
  g_autoptr(GError) error = NULL;

  /* Before the view initialized: nothing is sent, the channel closes. */
  fixture_start_session (fx, "show-weather");
  mcp_app_session_teardown_async (fx->session, NULL, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the teardown");
  g_assert_true (mcp_app_session_teardown_finish (fx->session, result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mcp_app_session_get_state (fx->session), ==, MCP_APP_SESSION_STATE_CLOSED);
  view_receives_nothing (fx);

  mcp_app_session_teardown_async (fx->session, NULL, NULL, mcp_test_store_result_cb, &again);
  mcp_test_await_result (&again, "the second teardown");
  g_assert_true (mcp_app_session_teardown_finish (fx->session, again, &error));
}

static void
test_view_gone (Fixture       *fx,
                gconstpointer  data)
{
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(GAsyncResult) result = NULL;

  /* The view's end closes: the session is closed, and says so. */
  fixture_start_session (fx, "show-weather");
  answer = view_initialize (fx);
  mcp_transport_close_async (MCP_TRANSPORT (fx->view), NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the view's end to close");
  g_signal_handlers_disconnect_by_data (fx->view, fx);
  g_clear_object (&fx->view);
  while (mcp_app_session_get_state (fx->session) != MCP_APP_SESSION_STATE_CLOSED)
    g_main_context_iteration (NULL, TRUE);
}

/* ------------------------------------------------------------------------
 * The official example server
 * ------------------------------------------------------------------------ */

static void
test_example_server (Fixture       *fx,
                     gconstpointer  data)
{
  g_autofree char *server = g_test_build_filename (G_TEST_DIST, "node_modules", "@modelcontextprotocol",
                                                   "server-basic-vanillajs", "dist",
                                                   "index.js", NULL);
  const char *argv[] = { "node", server, "--stdio", NULL };
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(JsonObject) message = NULL;
  g_autoptr(JsonObject) input = json_object_new ();
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GAsyncResult) closed = NULL;
  g_autofree char *csp = NULL;
  g_autofree char *node = g_find_program_in_path ("node");
  JsonObject *object;

  if (!g_file_test (server, G_FILE_TEST_EXISTS) || node == NULL)
    {
      g_test_skip ("the ext-apps example servers are not installed (npm ci in tests/)");
      return;
    }

  /* The fixture's scripted client makes way for the example server's. */
  mcp_client_close_async (fx->client, NULL, mcp_test_store_result_cb, &closed);
  mcp_test_await_result (&closed, "the client to close");
  g_clear_object (&fx->client);
  mcp_test_set_safety_timeout (60);
  fx->client = start_client (argv, TRUE);

  fixture_start_session (fx, "get-time");
  g_assert_cmpstr (mcp_tool_get_ui_resource_uri (mcp_app_session_get_tool (fx->session)), ==,
                   "ui://get-time/mcp-app.html");
  object = mcp_app_resource_get_json (mcp_app_session_get_resource (fx->session));
  g_assert_cmpstr (lookup_string (object, "mimeType"), ==, MCP_APP_MIME_TYPE);
  g_assert_nonnull (strstr (mcp_app_resource_get_html (mcp_app_session_get_resource (fx->session)),
                            "<html"));
  csp = mcp_app_resource_build_csp (mcp_app_session_get_resource (fx->session));
  g_assert_true (g_str_has_prefix (csp, "default-src 'none'; "));
  g_assert_nonnull (strstr (csp, "object-src 'none'"));

  mcp_app_session_set_tool_input (fx->session, input);
  result = mcp_test_call_tool (fx->client, "get-time", "{}", NULL, NULL, NULL);
  mcp_app_session_set_tool_result (fx->session, result);

  answer = view_initialize (fx);
  message = view_receive (fx);
  assert_notification (message, "ui/notifications/tool-input");
  g_clear_pointer (&message, json_object_unref);
  message = view_receive (fx);
  assert_notification (message, "ui/notifications/tool-result");
  g_assert_nonnull (lookup_string (message, "params.structuredContent.time"));
  g_clear_pointer (&message, json_object_unref);

  /* The view calls its tool again, as its button does. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                 "\"params\":{\"name\":\"get-time\",\"arguments\":{}}}");
  message = view_receive (fx);
  g_assert_nonnull (lookup_string (assert_result (message, 2),
                                            "structuredContent.time"));
  g_clear_pointer (&message, json_object_unref);

  /* And reads its own view, some hundreds of KiB. */
  view_send (fx, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\","
                 "\"params\":{\"uri\":\"ui://get-time/mcp-app.html\"}}");
  message = view_receive (fx);
  g_assert_cmpstr (lookup_string (assert_result (message, 3), "contents.0.text"), ==,
                   mcp_app_resource_get_html (mcp_app_session_get_resource (fx->session)));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

#define SESSION_TEST(path, func) \
  g_test_add ("/Mcp/AppSession/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  g_test_add_func ("/Mcp/AppResource/csp", test_csp);
  g_test_add_func ("/Mcp/AppResource/json", test_resource_json);
  g_test_add_func ("/Mcp/AppResource/fetch", test_resource_fetch);
  g_test_add_func ("/Mcp/AppSession/declare", test_declare);
  SESSION_TEST ("lifecycle", test_lifecycle);
  SESSION_TEST ("cancelled", test_cancelled);
  SESSION_TEST ("proxy", test_proxy);
  SESSION_TEST ("decisions", test_decisions);
  SESSION_TEST ("notifications", test_notifications);
  SESSION_TEST ("teardown-early", test_teardown_early);
  SESSION_TEST ("view-gone", test_view_gone);
  SESSION_TEST ("example-server", test_example_server);

  return g_test_run ();
}
