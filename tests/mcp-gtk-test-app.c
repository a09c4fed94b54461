/* mcp-gtk-test-app.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The widgets of McpGtk in a window, for tests/test_gtk.py, which drives
 * them through the accessibility tree on a headless display:
 *
 *   mcp-gtk-test-app TEST-SERVER
 *       shows one widget at a time, chosen through the app's `show`
 *       action (exported on the session bus), and writes what the widget
 *       produced on stdout, a JSON object a line: a form's value, the
 *       response a server got to its elicitation or sampling request, the
 *       resource a link asked for. `screenshot` saves the window as a PNG,
 *       drawn by its own renderer. The requests come from the scripted
 *       test server (its `server-request` tool), through a real client.
 *
 *   mcp-gtk-test-app --suite FILE...
 *       checks the schema form against cases of the JSON Schema Test
 *       Suite (tests/data/json-schema-test-suite/), and prints TAP.
 */

#include <stdio.h>
#include <string.h>

#include <mcp-glib/gtk/mcp-gtk.h>

static McpClient *client;
static const char *test_server_path;
static GtkWindow *window;
static GtkWidget *current;

static void
emit (const char *scenario,
      const char *key,
      JsonNode   *value)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *line = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "scenario");
  json_builder_add_string_value (builder, scenario);
  json_builder_set_member_name (builder, key);
  json_builder_add_value (builder, json_node_copy (value));
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  line = json_to_string (root, FALSE);
  printf ("%s\n", line);
  fflush (stdout);
}

static void
emit_string (const char *scenario,
             const char *key,
             const char *text)
{
  g_autoptr(JsonNode) node = json_node_init_string (json_node_alloc (), text);

  emit (scenario, key, node);
}

static JsonObject *
object_from_string (const char *text)
{
  g_autoptr(JsonNode) node = json_from_string (text, NULL);

  g_assert (node != NULL && JSON_NODE_HOLDS_OBJECT (node));
  return json_object_ref (json_node_get_object (node));
}

static void
show (const char *title,
      GtkWidget  *widget)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_widget_set_margin_start (widget, 18);
  gtk_widget_set_margin_end (widget, 18);
  gtk_widget_set_margin_top (widget, 18);
  gtk_widget_set_margin_bottom (widget, 18);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), widget);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_window_set_child (window, scrolled);
  gtk_window_set_title (window, title);
  current = widget;
}

/* The schema form ------------------------------------------------------ */

static const char *FORM_SCHEMA =
  "{\"type\":\"object\",\"properties\":{"
  "\"name\":{\"type\":\"string\",\"title\":\"Name\",\"minLength\":2,"
  "\"description\":\"Who you are\"},"
  "\"email\":{\"type\":\"string\",\"format\":\"email\",\"title\":\"Email\"},"
  "\"age\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":150,\"default\":30},"
  "\"ratio\":{\"type\":\"number\",\"exclusiveMaximum\":1},"
  "\"color\":{\"type\":\"string\",\"oneOf\":[{\"const\":\"r\",\"title\":\"Red\"},"
  "{\"const\":\"g\",\"title\":\"Green\"}],\"default\":\"g\"},"
  "\"tags\":{\"type\":\"array\",\"items\":{\"enum\":[\"work\",\"home\",\"travel\"]},"
  "\"minItems\":1},"
  "\"subscribe\":{\"type\":\"boolean\",\"title\":\"Subscribe\"},"
  "\"address\":{\"type\":\"object\",\"title\":\"Address\",\"properties\":{"
  "\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]}},"
  "\"required\":[\"name\",\"tags\"]}";

static void
on_submit_form (GtkButton        *button,
                McpGtkSchemaForm *form)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) value = mcp_gtk_schema_form_dup_value (form, &error);

  if (value != NULL)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), value);

      emit ("form", "value", node);
    }
  else
    {
      emit_string ("form", "error", error->message);
    }
}

static void
show_form (void)
{
  g_autoptr(JsonObject) schema = object_from_string (FORM_SCHEMA);
  g_autoptr(JsonObject) filled = object_from_string ("{\"email\":\"ada@example.com\"}");
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *form = mcp_gtk_schema_form_new (schema);
  GtkWidget *submit = gtk_button_new_with_mnemonic ("_Submit");
  g_autoptr(GError) error = NULL;

  g_assert_false (mcp_gtk_schema_form_is_empty (MCP_GTK_SCHEMA_FORM (form)));
  /* Filled from JSON: a value of the wrong type is refused. */
  g_assert_true (mcp_gtk_schema_form_set_value (MCP_GTK_SCHEMA_FORM (form), filled, NULL));
  {
    g_autoptr(JsonObject) wrong = object_from_string ("{\"age\":\"old\"}");

    g_assert_false (mcp_gtk_schema_form_set_value (MCP_GTK_SCHEMA_FORM (form), wrong, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  }
  gtk_box_append (GTK_BOX (box), form);
  gtk_widget_set_halign (submit, GTK_ALIGN_END);
  gtk_widget_add_css_class (submit, "suggested-action");
  g_signal_connect (submit, "clicked", G_CALLBACK (on_submit_form), form);
  gtk_box_append (GTK_BOX (box), submit);
  show ("Schema Form", box);
}

/* The content view ----------------------------------------------------- */

/* A 2 × 2 PNG. */
static const char *PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4zwAE/xkgFAAb8gP91pbyKwAAAABJRU5ErkJggg==";

static void
on_resource_activated (McpGtkContentView *view,
                       const char        *uri)
{
  emit_string ("content", "resource", uri);
}

static void
show_content (void)
{
  g_autofree char *json = g_strdup_printf (
    "{\"content\":["
    "{\"type\":\"text\",\"text\":\"The weather in Paris: sunny, 21 °C\"},"
    "{\"type\":\"image\",\"data\":\"%s\",\"mimeType\":\"image/png\"},"
    "{\"type\":\"audio\",\"data\":\"UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=\","
    "\"mimeType\":\"audio/wav\"},"
    "{\"type\":\"resource_link\",\"uri\":\"test://forecast/paris\",\"name\":\"Forecast\"},"
    "{\"type\":\"resource\",\"resource\":{\"uri\":\"test://notes.txt\",\"mimeType\":\"text/plain\","
    "\"text\":\"Bring an umbrella\"}},"
    "{\"type\":\"mystery\",\"what\":42}],"
    "\"structuredContent\":{\"temperature\":21}}", PNG_BASE64);
  g_autoptr(JsonObject) object = object_from_string (json);
  g_autoptr(McpToolResult) result = mcp_tool_result_new_from_json (object, NULL);
  GtkWidget *view = mcp_gtk_content_view_new ();

  g_assert_nonnull (result);
  mcp_gtk_content_view_show_tool_result (MCP_GTK_CONTENT_VIEW (view), result);
  g_signal_connect (view, "resource-activated", G_CALLBACK (on_resource_activated), NULL);
  show ("Content View", view);
}

static void
show_resource_and_prompt (void)
{
  g_autoptr(JsonObject) prompt_json = object_from_string (
    "{\"description\":\"A greeting\",\"messages\":[{\"role\":\"user\","
    "\"content\":{\"type\":\"text\",\"text\":\"Say hello\"}}]}");
  g_autoptr(McpPromptResult) prompt = mcp_prompt_result_new_from_json (prompt_json, NULL);
  g_autoptr(JsonObject) contents_json = object_from_string (
    "{\"uri\":\"test://readme.md\",\"mimeType\":\"text/markdown\",\"text\":\"# Read me\"}");
  g_autoptr(McpResourceContents) contents = mcp_resource_contents_new_from_json (contents_json,
                                                                               NULL);
  g_autoptr(GListStore) list = g_list_store_new (MCP_TYPE_RESOURCE_CONTENTS);
  g_autoptr(JsonNode) json = json_from_string ("{\"answer\":42}", NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *resource_view = mcp_gtk_content_view_new ();
  GtkWidget *prompt_view = mcp_gtk_content_view_new ();

  g_list_store_append (list, contents);
  mcp_gtk_content_view_show_resource (MCP_GTK_CONTENT_VIEW (resource_view), G_LIST_MODEL (list));
  mcp_gtk_content_view_add_json (MCP_GTK_CONTENT_VIEW (resource_view), json);
  mcp_gtk_content_view_show_prompt_result (MCP_GTK_CONTENT_VIEW (prompt_view), prompt);
  mcp_gtk_content_view_add_error (MCP_GTK_CONTENT_VIEW (prompt_view), "Something went wrong");
  {
    g_autoptr(McpContent) note = mcp_content_new_text ("A note");

    mcp_gtk_content_view_add_heading (MCP_GTK_CONTENT_VIEW (resource_view), "Notes");
    mcp_gtk_content_view_add_content (MCP_GTK_CONTENT_VIEW (resource_view), note);
  }
  g_signal_connect (resource_view, "resource-activated", G_CALLBACK (on_resource_activated),
                    NULL);
  gtk_box_append (GTK_BOX (box), resource_view);
  gtk_box_append (GTK_BOX (box), prompt_view);
  show ("Resource and Prompt", box);

  /* Cleared, then shown again: nothing is left of the first time. */
  mcp_gtk_content_view_clear (MCP_GTK_CONTENT_VIEW (prompt_view));
  g_assert_null (gtk_widget_get_first_child (prompt_view));
  mcp_gtk_content_view_show_prompt_result (MCP_GTK_CONTENT_VIEW (prompt_view), prompt);
}

/* The log ---------------------------------------------------------------- */

static McpClientGroup *client_group;
static McpGtkLogView *log_view;
/* A second log of the same group, never shown, that the test filters and
 * clears: GTK 4.8's accessibility fails critically (gtk_widget_is_ancestor)
 * on a shown list view whose rows go as it is filtered. */
static McpGtkLogView *hidden_log;

static void
on_group_connected (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  /* beta fails: the group says so, and so does the log. */
  mcp_client_group_connect_finish (MCP_CLIENT_GROUP (object), result, &error);
}

static void
show_log (const char *server)
{
  const char *alpha[] = { server, NULL };
  const char *beta[] = { "/nonexistent/mcp-test-server", NULL };
  g_autoptr(McpServerConfig) alpha_config = mcp_server_config_new_stdio ("alpha", alpha);
  g_autoptr(McpServerConfig) beta_config = mcp_server_config_new_stdio ("beta", beta);
  GtkWidget *view;

  if (client_group == NULL)
    {
      client_group = mcp_client_group_new ();
      g_assert_nonnull (mcp_client_group_add_config (client_group, alpha_config, NULL));
      g_assert_nonnull (mcp_client_group_add_config (client_group, beta_config, NULL));
    }
  view = mcp_gtk_log_view_new ();
  log_view = MCP_GTK_LOG_VIEW (view);
  mcp_gtk_log_view_set_group (log_view, client_group);
  g_assert_true (mcp_gtk_log_view_get_group (log_view) == client_group);
  mcp_gtk_log_view_append (log_view, "test", "note", "Written by the test");
  if (hidden_log == NULL)
    {
      hidden_log = g_object_ref_sink (MCP_GTK_LOG_VIEW (mcp_gtk_log_view_new ()));
      mcp_gtk_log_view_set_group (hidden_log, client_group);
      mcp_gtk_log_view_append (hidden_log, "test", "note", "Written by the test");
    }
  gtk_widget_set_size_request (view, -1, 400);
  show ("Log View", view);
  mcp_client_group_connect_async (client_group, NULL, on_group_connected, NULL);
}

static void
log_server_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  const char *server = g_variant_get_string (parameter, NULL);
  g_autoptr(JsonNode) count = NULL;

  if (g_str_equal (server, "-clear"))
    mcp_gtk_log_view_clear (hidden_log);
  else
    mcp_gtk_log_view_set_server (hidden_log, *server != '\0' ? server : NULL);
  g_assert_cmpstr (mcp_gtk_log_view_get_server (hidden_log), ==,
                   *server != '\0' && *server != '-' ? server : NULL);
  count = json_node_init_int (json_node_alloc (), mcp_gtk_log_view_get_n_lines (hidden_log));
  emit ("log", "lines", count);
}

/* The server list --------------------------------------------------------- */

/* A group of its own: alpha connects, beta fails (and is tried again, a
 * long time later, for the countdown to be seen), gamma is removed by the
 * test. */
static McpClientGroup *servers_group;
static McpGtkServerList *server_list;
/* The servers whose authorization may show its page: those the user
 * pressed "Sign In" for, as doc/authorization.md's application does. */
static GHashTable *sign_in_wanted;

static void
on_servers_connected (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  mcp_client_group_connect_finish (MCP_CLIENT_GROUP (object), result, &error);
}

static void
on_server_list_sign_in (McpGtkServerList *list,
                        McpGroupServer   *server,
                        gpointer          user_data)
{
  g_hash_table_add (sign_in_wanted, g_strdup (mcp_group_server_get_name (server)));
  emit_string ("servers", "sign-in", mcp_group_server_get_name (server));
}

static void
on_servers_client_created (McpClientGroup *group,
                           McpGroupServer *server,
                           McpClient      *made,
                           gpointer        user_data)
{
  McpTransport *transport = mcp_client_get_transport (made);
  McpAuthorization *authorization = NULL;

  if (MCP_IS_HTTP_TRANSPORT (transport))
    authorization = mcp_http_transport_get_authorization (MCP_HTTP_TRANSPORT (transport));
  if (authorization != NULL)
    mcp_authorization_set_interactive (authorization,
                                       g_hash_table_contains (sign_in_wanted,
                                                              mcp_group_server_get_name (server)));
}

static void
show_servers (const char *server)
{
  const char *alpha[] = { server, NULL };
  const char *beta[] = { "/nonexistent/mcp-test-server", NULL };
  g_autoptr(McpServerConfig) alpha_config = mcp_server_config_new_stdio ("alpha", alpha);
  g_autoptr(McpServerConfig) beta_config = mcp_server_config_new_stdio ("beta", beta);
  g_autoptr(McpServerConfig) gamma_config = mcp_server_config_new_stdio ("gamma", alpha);
  GtkWidget *list;

  if (servers_group == NULL)
    {
      g_autoptr(McpCredentialStore) store = mcp_memory_credential_store_new ();

      servers_group = mcp_client_group_new ();
      sign_in_wanted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      mcp_client_group_set_credential_store (servers_group, store);
      g_signal_connect (servers_group, "client-created",
                        G_CALLBACK (on_servers_client_created), NULL);
      mcp_client_group_set_reconnect_delay (servers_group, 50000);
      mcp_client_group_set_max_reconnect_delay (servers_group, 50000);
      g_assert_nonnull (mcp_client_group_add_config (servers_group, alpha_config, NULL));
      g_assert_nonnull (mcp_client_group_add_config (servers_group, beta_config, NULL));
      g_assert_nonnull (mcp_client_group_add_config (servers_group, gamma_config, NULL));
    }
  list = mcp_gtk_server_list_new ();
  server_list = MCP_GTK_SERVER_LIST (list);
  g_object_add_weak_pointer (G_OBJECT (list), (gpointer *) &server_list);
  g_signal_connect (list, "sign-in", G_CALLBACK (on_server_list_sign_in), NULL);
  mcp_gtk_server_list_set_group (server_list, servers_group);
  g_assert_true (mcp_gtk_server_list_get_group (server_list) == servers_group);
  show ("Server List", list);
  mcp_client_group_connect_async (servers_group, NULL, on_servers_connected, NULL);
}

/* "-NAME" removes a server from the group; "NAME=URL" adds a remote one;
 * "NAME" says what its row says. */
static void
server_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  const char *name = g_variant_get_string (parameter, NULL);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) state = NULL;
  McpGtkServerRow *row;

  if (strchr (name, '=') != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (name, "=", 2);
      g_autoptr(McpServerConfig) config = mcp_server_config_new_http (parts[0], parts[1]);

      g_assert_nonnull (mcp_client_group_add_config (servers_group, config, NULL));
      emit_string ("servers", "added", parts[0]);
      return;
    }
  if (*name == '-')
    {
      g_assert_true (mcp_client_group_remove (servers_group, name + 1));
      name++;
    }
  row = mcp_gtk_server_list_get_row (server_list, name);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  json_builder_set_member_name (builder, "row");
  json_builder_add_boolean_value (builder, row != NULL);
  if (row != NULL)
    {
      McpGroupServer *server = mcp_gtk_server_row_get_server (row);
      /* A row of one's own, outside a list, shows the same server. */
      g_autoptr(GtkWidget) alone = g_object_ref_sink (mcp_gtk_server_row_new (server));

      g_assert_cmpstr (mcp_group_server_get_name (server), ==, name);
      g_assert_true (MCP_GTK_IS_SERVER_ROW (alone));
      g_assert_true (mcp_gtk_server_row_get_server (MCP_GTK_SERVER_ROW (alone)) == server);
      g_assert_cmpint (mcp_gtk_server_row_get_needs_sign_in (MCP_GTK_SERVER_ROW (alone)), ==,
                       mcp_gtk_server_row_get_needs_sign_in (row));
      json_builder_set_member_name (builder, "needs-sign-in");
      json_builder_add_boolean_value (builder, mcp_gtk_server_row_get_needs_sign_in (row));
      /* Does nothing unless the server needs a sign-in. */
      if (!mcp_gtk_server_row_get_needs_sign_in (row))
        mcp_gtk_server_row_sign_in (row);
    }
  json_builder_end_object (builder);
  state = json_builder_get_root (builder);
  emit ("servers", "server", state);
}

/* Requests from the server ---------------------------------------------- */

typedef struct
{
  char       *scenario;
  gboolean    in_dialog;
} Asking;

static void
on_request_answered (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autofree char *scenario = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  JsonNode *structured;

  tool_result = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);
  if (tool_result == NULL)
    {
      emit_string (scenario, "error", error->message);
      return;
    }
  structured = mcp_tool_result_get_structured_content (tool_result);
  if (structured != NULL && JSON_NODE_HOLDS_OBJECT (structured)
      && json_object_has_member (json_node_get_object (structured), "response"))
    emit (scenario, "response",
          json_object_get_member (json_node_get_object (structured), "response"));
  else
    emit_string (scenario, "error", "no response");
}

static void
on_answered (GtkWidget *view)
{
  /* Said before the server's response comes back. */
  printf ("{\"scenario\":\"answered\"}\n");
  fflush (stdout);
}

static gboolean
on_server_request (McpClient        *self,
                   McpServerRequest *request,
                   Asking           *asking)
{
  const char *method = mcp_server_request_get_method (request);
  GtkWidget *view;

  if (asking->in_dialog)
    {
      GtkWindow *dialog = mcp_gtk_request_dialog_new (window, "Test Server", request);

      view = mcp_gtk_request_dialog_get_view (MCP_GTK_REQUEST_DIALOG (dialog));
      g_assert_cmpstr (mcp_gtk_request_dialog_get_summary (MCP_GTK_REQUEST_DIALOG (dialog)), ==,
                       "Test Server asks for your input");
      g_assert_true (mcp_gtk_elicitation_view_get_request (MCP_GTK_ELICITATION_VIEW (view))
                     == request);
      gtk_window_present (dialog);
      return TRUE;
    }

  if (g_str_equal (method, "sampling/createMessage"))
    {
      g_autofree char *reply = NULL;

      view = mcp_gtk_sampling_view_new ("Test Server", request);
      mcp_gtk_sampling_view_set_reply (MCP_GTK_SAMPLING_VIEW (view), "test-model",
                                       "Paris is the capital of France.");
      reply = mcp_gtk_sampling_view_dup_reply (MCP_GTK_SAMPLING_VIEW (view));
      g_assert_cmpstr (reply, ==, "Paris is the capital of France.");
      g_assert_true (mcp_gtk_sampling_view_get_request (MCP_GTK_SAMPLING_VIEW (view)) == request);
      show ("Sampling", view);
    }
  else
    {
      view = mcp_gtk_elicitation_view_new ("Test Server", request);
      show (mcp_server_request_get_elicitation_mode (request) == MCP_ELICITATION_MODE_URL
            ? "URL Elicitation" : "Elicitation", view);
      if (mcp_gtk_elicitation_view_get_domain (MCP_GTK_ELICITATION_VIEW (view)) != NULL)
        emit_string (asking->scenario, "domain",
                     mcp_gtk_elicitation_view_get_domain (MCP_GTK_ELICITATION_VIEW (view)));
    }
  g_signal_connect (view, "answered", G_CALLBACK (on_answered), NULL);

  return TRUE;
}

static Asking asking;

static void
ask (const char *scenario,
     const char *method,
     const char *params,
     gboolean    in_dialog)
{
  g_autofree char *arguments = g_strdup_printf ("{\"method\":\"%s\",\"params\":%s}",
                                                method, params);
  g_autoptr(JsonObject) object = object_from_string (arguments);

  g_free (asking.scenario);
  asking.scenario = g_strdup (scenario);
  asking.in_dialog = in_dialog;
  mcp_client_call_tool_async (client, "server-request", object, NULL, NULL,
                              on_request_answered, g_strdup (scenario));
}

static void
show_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  const char *scenario = g_variant_get_string (parameter, NULL);

  if (g_str_equal (scenario, "form"))
    show_form ();
  else if (g_str_equal (scenario, "content"))
    show_content ();
  else if (g_str_equal (scenario, "resource-and-prompt"))
    show_resource_and_prompt ();
  else if (g_str_equal (scenario, "log"))
    show_log (test_server_path);
  else if (g_str_equal (scenario, "servers"))
    show_servers (test_server_path);
  else if (g_str_equal (scenario, "elicitation"))
    ask (scenario, "elicitation/create",
         "{\"mode\":\"form\",\"message\":\"Where should the parcel go?\",\"requestedSchema\":"
         "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\",\"title\":\"City\"},"
         "\"express\":{\"type\":\"boolean\",\"title\":\"Express delivery\"}},"
         "\"required\":[\"city\"]}}", FALSE);
  else if (g_str_equal (scenario, "elicitation-url"))
    ask (scenario, "elicitation/create",
         "{\"mode\":\"url\",\"elicitationId\":\"e-1\",\"message\":\"Sign in to your bank\","
         "\"url\":\"https://bank.example.com/connect?session=42\"}", FALSE);
  else if (g_str_equal (scenario, "elicitation-dialog"))
    ask (scenario, "elicitation/create",
         "{\"mode\":\"form\",\"message\":\"Your name?\",\"requestedSchema\":"
         "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}", TRUE);
  else if (g_str_equal (scenario, "sampling"))
    ask (scenario, "sampling/createMessage",
         "{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\","
         "\"text\":\"What is the capital of France?\"}}],\"systemPrompt\":\"You are terse.\","
         "\"modelPreferences\":{\"hints\":[{\"name\":\"claude\"}],\"speedPriority\":0.8},"
         "\"maxTokens\":100}", FALSE);
  else if (g_str_equal (scenario, "sampling-deny"))
    ask (scenario, "sampling/createMessage",
         "{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\","
         "\"text\":\"Tell me a secret\"}}],\"maxTokens\":10}", FALSE);
  else
    g_warning ("No scenario %s", scenario);
}

/* Calls what the buttons call, on the widget shown. */
static void
answer_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  const char *answer = g_variant_get_string (parameter, NULL);

  if (MCP_GTK_IS_SAMPLING_VIEW (current) && g_str_equal (answer, "deny"))
    mcp_gtk_sampling_view_deny (MCP_GTK_SAMPLING_VIEW (current));
  else if (MCP_GTK_IS_SAMPLING_VIEW (current))
    mcp_gtk_sampling_view_approve (MCP_GTK_SAMPLING_VIEW (current));
  else if (MCP_GTK_IS_ELICITATION_VIEW (current))
    mcp_gtk_elicitation_view_answer (MCP_GTK_ELICITATION_VIEW (current),
                                     g_str_equal (answer, "decline")
                                     ? MCP_ELICITATION_ACTION_DECLINE
                                     : MCP_ELICITATION_ACTION_CANCEL);
}

static void
on_after_paint (GdkFrameClock *frame_clock,
                char          *path)
{
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  g_signal_handlers_disconnect_by_func (frame_clock, on_after_paint, path);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node != NULL)
    texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                           &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (texture == NULL || !gdk_texture_save_to_png (texture, path))
    emit_string ("screenshot", "error", path);
  else
    emit_string ("screenshot", "path", path);
  g_free (path);
}

static void
screenshot_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  GdkFrameClock *frame_clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));

  g_signal_connect (frame_clock, "after-paint", G_CALLBACK (on_after_paint),
                    g_strdup (g_variant_get_string (parameter, NULL)));
  gtk_widget_queue_draw (GTK_WIDGET (window));
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!mcp_client_connect_finish (MCP_CLIENT (object), result, &error))
    emit_string ("connect", "error", error->message);
  else
    emit_string ("connect", "state", "ready");
}

static void
on_activate (GtkApplication *app,
             const char     *server)
{
  const char *argv[] = { server, NULL };
  g_autoptr(McpStdioTransport) transport = NULL;

  if (window != NULL)
    return;

  window = GTK_WINDOW (gtk_application_window_new (app));
  gtk_window_set_default_size (window, 640, 560);
  gtk_window_present (window);

  transport = mcp_stdio_transport_new (argv);
  client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_features (client, MCP_CLIENT_FEATURES_SAMPLING |
                                   MCP_CLIENT_FEATURES_ELICITATION_FORM |
                                   MCP_CLIENT_FEATURES_ELICITATION_URL);
  g_signal_connect (client, "server-request::elicitation/create",
                    G_CALLBACK (on_server_request), &asking);
  g_signal_connect (client, "server-request::sampling/createMessage",
                    G_CALLBACK (on_server_request), &asking);
  mcp_client_connect_async (client, NULL, on_connected, NULL);
}

/* The JSON Schema Test Suite ------------------------------------------- */

/* The keywords the form knows; a case whose schema has another is left
 * out. */
static gboolean
supported (JsonNode *schema)
{
  static const char *known[] = {
    "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "multipleOf", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems",
    "required", "properties", "items", "$schema", "description", "title", "default",
  };
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  if (!JSON_NODE_HOLDS_OBJECT (schema))
    return FALSE;
  json_object_iter_init (&iter, json_node_get_object (schema));
  while (json_object_iter_next (&iter, &name, &member))
    {
      gboolean found = FALSE;

      for (gsize i = 0; i < G_N_ELEMENTS (known); i++)
        found |= g_str_equal (name, known[i]);
      if (!found)
        return FALSE;
      if (g_str_equal (name, "properties"))
        {
          JsonObjectIter properties;
          const char *property;
          JsonNode *property_schema;

          if (!JSON_NODE_HOLDS_OBJECT (member))
            return FALSE;
          json_object_iter_init (&properties, json_node_get_object (member));
          while (json_object_iter_next (&properties, &property, &property_schema))
            if (!supported (property_schema))
              return FALSE;
        }
      if (g_str_equal (name, "items") && !supported (member))
        return FALSE;
    }
  return TRUE;
}

/* Whether the form takes @data: filled from it, it gives it back. */
static gboolean
form_takes (JsonObject *schema,
            JsonNode   *data)
{
  g_autoptr(JsonObject) root = json_object_new ();
  g_autoptr(JsonObject) properties = json_object_new ();
  g_autoptr(JsonArray) required = json_array_new ();
  g_autoptr(JsonObject) value = json_object_new ();
  g_autoptr(JsonObject) result = NULL;
  GtkWidget *form;
  gboolean takes;

  /* The case's schema is the form's one property, "v", required. */
  json_object_set_string_member (root, "type", "object");
  json_object_set_object_member (properties, "v", json_object_ref (schema));
  json_object_set_object_member (root, "properties", g_steal_pointer (&properties));
  json_array_add_string_element (required, "v");
  json_object_set_array_member (root, "required", g_steal_pointer (&required));
  json_object_set_member (value, "v", json_node_copy (data));

  form = g_object_ref_sink (mcp_gtk_schema_form_new (root));
  takes = mcp_gtk_schema_form_set_value (MCP_GTK_SCHEMA_FORM (form), value, NULL);
  if (takes)
    result = mcp_gtk_schema_form_dup_value (MCP_GTK_SCHEMA_FORM (form), NULL);
  takes = result != NULL && json_object_has_member (result, "v")
          && json_node_equal (json_object_get_member (result, "v"), data);
  /* 1.0 may come back as 1: the same number to JSON Schema. */
  if (result != NULL && !takes && json_object_has_member (result, "v"))
    {
      JsonNode *back = json_object_get_member (result, "v");

      takes = JSON_NODE_HOLDS_VALUE (back) && JSON_NODE_HOLDS_VALUE (data)
              && json_node_get_value_type (data) == G_TYPE_DOUBLE
              && json_node_get_value_type (back) == G_TYPE_INT64
              && json_node_get_double (data) == (double) json_node_get_int (back);
    }
  g_object_unref (form);

  return takes;
}

static int
run_suite (int    argc,
           char **argv)
{
  guint number = 0;
  guint failed = 0;
  guint skipped = 0;

  gtk_init ();
  for (int i = 0; i < argc; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *base = g_path_get_basename (argv[i]);
      JsonArray *groups;

      if (!json_parser_load_from_file (parser, argv[i], &error))
        {
          printf ("not ok %u - %s: %s\n", ++number, base, error->message);
          failed++;
          continue;
        }
      groups = json_node_get_array (json_parser_get_root (parser));
      for (guint g = 0; g < json_array_get_length (groups); g++)
        {
          JsonObject *group = json_array_get_object_element (groups, g);
          JsonNode *schema = json_object_get_member (group, "schema");
          JsonArray *tests = json_object_get_array_member (group, "tests");

          if (!supported (schema))
            {
              printf ("# skipped: %s: %s\n", base, json_object_get_string_member (group,
                                                                                 "description"));
              skipped += json_array_get_length (tests);
              continue;
            }
          for (guint t = 0; t < json_array_get_length (tests); t++)
            {
              JsonObject *test = json_array_get_object_element (tests, t);
              gboolean valid = json_object_get_boolean_member (test, "valid");
              gboolean takes = form_takes (json_node_get_object (schema),
                                           json_object_get_member (test, "data"));

              printf ("%s %u - %s: %s: %s (%s)\n", takes == valid ? "ok" : "not ok", ++number,
                      base, json_object_get_string_member (group, "description"),
                      json_object_get_string_member (test, "description"),
                      valid ? "valid" : "invalid");
              if (takes != valid)
                failed++;
            }
        }
    }
  printf ("# %u cases of other keywords skipped\n", skipped);
  printf ("1..%u\n", number);

  return failed > 0 ? 1 : 0;
}

int
main (int    argc,
      char **argv)
{
  static const GActionEntry actions[] = {
    { "show", show_activated, "s" },
    { "answer", answer_activated, "s" },
    { "screenshot", screenshot_activated, "s" },
    { "quit", quit_activated },
    { "log-server", log_server_activated, "s" },
    { "server", server_activated, "s" },
  };
  g_autoptr(GtkApplication) app = NULL;
  int status;

  if (argc >= 2 && g_str_equal (argv[1], "--suite"))
    return run_suite (argc - 2, argv + 2);
  if (argc != 2)
    {
      fprintf (stderr, "Usage: %s TEST-SERVER | --suite FILE...\n", argv[0]);
      return 2;
    }

  mcp_gtk_init ();
  app = gtk_application_new ("io.github.McpGlib.GtkTest", G_APPLICATION_DEFAULT_FLAGS);
  g_action_map_add_action_entries (G_ACTION_MAP (app), actions, G_N_ELEMENTS (actions), app);
  test_server_path = argv[1];
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), argv[1]);
  g_application_hold (G_APPLICATION (app));
  status = g_application_run (G_APPLICATION (app), 1, argv);
  g_clear_object (&client);
  g_clear_object (&hidden_log);
  g_clear_object (&client_group);
  g_clear_object (&servers_group);
  g_clear_pointer (&sign_in_wanted, g_hash_table_unref);
  g_free (asking.scenario);

  return status;
}
