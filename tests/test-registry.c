/* test-registry.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* McpServerRegistry and McpServerConfig through the public API: the two
 * file formats (tests/configs/ holds hand-written examples of each), the
 * problems of a broken file with their lines and columns, reloading with
 * minimal changes (by hand and through the file monitor), saving that
 * keeps what it does not change, files that override each other, the
 * variables of an entry and the inputs the application is asked for. Each
 * test writes its files in a directory of its own, under a temporary one
 * that is also XDG_CONFIG_HOME, so the user's own configuration is never
 * read or written. (G_TEST_OPTION_ISOLATE_DIRS would do that too, but
 * GLib 2.74 leaks what it sets, which the sanitizer run reports.)
 */

#include <sys/stat.h>

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

static char *tmp_dir;

/* ------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------ */

static GFile *
test_data_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "configs", name, NULL);

  return g_file_new_for_path (path);
}

/* A file of the test's own, in a directory named after the test. */
static GFile *
scratch_file (const char *name)
{
  g_autofree char *path = g_build_filename (tmp_dir, "tests", g_test_get_path (), name, NULL);

  return g_file_new_for_path (path);
}

static void
write_file (GFile      *file,
            const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) parent = g_file_get_parent (file);

  if (!g_file_make_directory_with_parents (parent, NULL, &error))
    {
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
      g_clear_error (&error);
    }
  g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                           NULL, &error);
  g_assert_no_error (error);
}

static char *
read_file (GFile *file)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_load_contents (file, NULL, &contents, NULL, NULL, &error);
  g_assert_no_error (error);

  return contents;
}

static McpServerRegistry *
registry_for (GFile *file)
{
  McpServerRegistry *registry = mcp_server_registry_new_empty ();

  mcp_server_registry_add_file (registry, file);
  return registry;
}

static McpServerConfig *
config_at (McpServerRegistry *registry,
           guint              position)
{
  g_autoptr(McpServerConfig) config = g_list_model_get_item (G_LIST_MODEL (registry), position);

  g_assert_nonnull (config);
  return config;
}

static char *
names_of (McpServerRegistry *registry)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (registry)); i++)
    {
      if (i > 0)
        g_string_append_c (names, ' ');
      g_string_append (names, mcp_server_config_get_name (config_at (registry, i)));
    }

  return g_string_free (names, FALSE);
}

static char *
problems_of (McpServerRegistry *registry)
{
  GListModel *problems = mcp_server_registry_get_problems (registry);
  GString *text = g_string_new (NULL);

  g_assert_true (g_list_model_get_item_type (problems) == MCP_TYPE_CONFIG_PROBLEM);

  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(McpConfigProblem) problem = g_list_model_get_item (problems, i);

      g_string_append_printf (text, "%u:%u %s: %s\n",
                              mcp_config_problem_get_line (problem),
                              mcp_config_problem_get_column (problem),
                              mcp_config_problem_get_server (problem) ?: "-",
                              mcp_config_problem_get_message (problem));
    }

  return g_string_free (text, FALSE);
}

/* Records the items-changed emissions of a model as "position-removed+added". */
typedef struct
{
  GString *changes;
} Recorder;

static void
record_cb (GListModel *model,
           guint       position,
           guint       removed,
           guint       added,
           Recorder   *recorder)
{
  g_string_append_printf (recorder->changes, "%s%u-%u+%u",
                          recorder->changes->len > 0 ? " " : "", position, removed, added);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static gboolean
has_n_items (gpointer data)
{
  gpointer *args = data;

  return g_list_model_get_n_items (args[0]) == GPOINTER_TO_UINT (args[1]);
}

static void
wait_for_n_items (GListModel *model,
                  guint       n)
{
  gpointer args[2] = { model, GUINT_TO_POINTER (n) };

  if (!mcp_test_wait_until (has_n_items, args, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000))
    g_error ("The model has %u items, not %u", g_list_model_get_n_items (model), n);
}

/* ------------------------------------------------------------------------
 * Reading
 * ------------------------------------------------------------------------ */

static void
test_desktop_format (void)
{
  g_autoptr(GFile) file = test_data_file ("mcpservers-desktop.json");
  g_autoptr(McpServerRegistry) registry = registry_for (file);
  g_autofree char *names = names_of (registry);
  g_autofree char *problems = problems_of (registry);
  McpServerConfig *filesystem;
  McpServerConfig *search;
  g_auto(GStrv) args = NULL;

  g_assert_cmpstr (names, ==, "filesystem memory tickets legacy-events search");
  g_assert_cmpstr (problems, ==, "");

  filesystem = mcp_server_registry_lookup (registry, "filesystem");
  g_assert_cmpint (mcp_server_config_get_transport_kind (filesystem), ==, MCP_TRANSPORT_KIND_STDIO);
  g_assert_cmpstr (mcp_server_config_get_command (filesystem), ==, "npx");
  args = mcp_server_config_dup_args (filesystem);
  g_assert_cmpstrv (args, ((const char *[]) { "-y", "@modelcontextprotocol/server-filesystem",
                                              "/home/user/Documents", NULL }));
  g_assert_cmpstr (json_object_get_string_member (mcp_server_config_get_env (filesystem),
                                                  "NODE_OPTIONS"), ==, "--max-old-space-size=512");
  g_assert_null (mcp_server_config_get_error (filesystem));
  g_assert_true (g_file_equal (mcp_server_config_get_file (filesystem), file));
  g_assert_false (mcp_server_config_get_disabled (filesystem));

  g_assert_true (mcp_server_config_get_disabled (mcp_server_registry_lookup (registry, "memory")));
  g_assert_cmpint (mcp_server_config_get_transport_kind (mcp_server_registry_lookup (registry, "tickets")),
                   ==, MCP_TRANSPORT_KIND_HTTP);
  g_assert_cmpstr (json_object_get_string_member (
                     mcp_server_config_get_headers (mcp_server_registry_lookup (registry, "tickets")),
                     "X-Team"), ==, "desktop");
  g_assert_cmpint (mcp_server_config_get_transport_kind (mcp_server_registry_lookup (registry, "legacy-events")),
                   ==, MCP_TRANSPORT_KIND_SSE);

  /* A member the library does not know is kept. */
  search = mcp_server_registry_lookup (registry, "search");
  g_assert_cmpstr (mcp_server_config_get_cwd (search), ==, "/home/user/projects");
  g_assert_true (json_object_has_member (mcp_server_config_get_json (search), "alwaysAllow"));
}

static void
test_vscode_format (void)
{
  g_autoptr(GFile) file = test_data_file ("vscode-mcp.json");
  g_autoptr(McpServerRegistry) registry = registry_for (file);
  g_autofree char *names = names_of (registry);
  g_autofree char *problems = problems_of (registry);
  McpServerConfig *tracker;
  McpServerConfig *files;
  g_auto(GStrv) inputs = NULL;
  g_auto(GStrv) no_inputs = NULL;

  g_assert_cmpstr (names, ==, "workspace-files tracker search");
  g_assert_cmpstr (problems, ==, "");

  tracker = mcp_server_registry_lookup (registry, "tracker");
  g_assert_cmpint (mcp_server_config_get_transport_kind (tracker), ==, MCP_TRANSPORT_KIND_HTTP);
  g_assert_cmpstr (mcp_server_config_get_url (tracker), ==, "https://tracker.example.com/mcp");
  inputs = mcp_server_config_dup_input_ids (tracker);
  g_assert_cmpstrv (inputs, ((const char *[]) { "tracker-token", "region", NULL }));

  files = mcp_server_registry_lookup (registry, "workspace-files");
  g_assert_cmpstr (json_object_get_string_member (mcp_server_config_get_json (files), "envFile"),
                   ==, "${workspaceFolder}/.env");
  no_inputs = mcp_server_config_dup_input_ids (files);
  g_assert_cmpstrv (no_inputs, ((const char *[]) { NULL }));
}

/* Every mistake of broken.json is reported where it is, and the entries
 * that can be used are. */
static void
test_broken_file (void)
{
  g_autoptr(GFile) file = test_data_file ("broken.json");
  g_autoptr(McpServerRegistry) registry = registry_for (file);
  g_autofree char *names = names_of (registry);
  g_autofree char *problems = problems_of (registry);
  g_autoptr(McpConfigProblem) first = NULL;
  g_autofree char *text = NULL;
  g_autofree char *path = g_file_get_parse_name (file);
  g_autofree char *expected = NULL;
  const GError *error;

  g_assert_cmpstr (names, ==, "ok no-command wrong-type unknown-input trailing");
  g_assert_cmpstr (problems, ==,
                   "4:5 no-command: The entry needs a “command” to start a local server, or a “url” "
                   "for a remote one\n"
                   "5:32 wrong-type: “command” must be a string\n"
                   "6:98 unknown-input: The input “nope” is not declared in the file’s “inputs”\n"
                   "7:36 trailing: Trailing comma: other programs may not accept this file\n"
                   "7:39 -: Trailing comma: other programs may not accept this file\n");

  g_assert_null (mcp_server_config_get_error (mcp_server_registry_lookup (registry, "ok")));
  g_assert_null (mcp_server_config_get_error (mcp_server_registry_lookup (registry, "trailing")));

  error = mcp_server_config_get_error (mcp_server_registry_lookup (registry, "wrong-type"));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  expected = g_strdup_printf ("%s:5:32: server “wrong-type”: “command” must be a string", path);
  g_assert_cmpstr (error->message, ==, expected);

  first = g_list_model_get_item (mcp_server_registry_get_problems (registry), 0);
  g_assert_true (g_file_equal (mcp_config_problem_get_file (first), file));
  text = mcp_config_problem_to_string (first);
  g_assert_true (g_str_has_prefix (text, path));
  g_assert_true (g_str_has_suffix (text, ":4:5: server “no-command”: The entry needs a “command” to "
                                         "start a local server, or a “url” for a remote one"));
}

static void
test_other_mistakes (void)
{
  g_autoptr(GFile) file = scratch_file ("mcp.json");
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autofree char *names = NULL;
  g_autofree char *problems = NULL;

  write_file (file,
              "// VS Code allows comments\n"
              "{\n"
              "  \"servers\": {\n"
              "    \"a\": { \"type\": \"smoke-signals\", \"url\": \"https://a.example.com\" },\n"
              "    \"b\": 42,\n"
              "    \"c\": { \"url\": \"ftp://c.example.com\", /* a comment */ \"headers\": [] },\n"
              "    \"d\": { \"command\": \"x\", \"args\": [\"ok\", 3], \"env\": { \"A\": 1, \"B\": null, \"C\": {} } },\n"
              "    \"e\": { \"command\": \"x\", \"disabled\": \"yes\" },\n"
              "    \"a\": { \"command\": \"y\" },\n"
              "    \"\": { \"command\": \"z\" },\n"
              "    \"f\": { \"type\": \"stdio\", \"url\": \"https://f.example.com\" }\n"
              "  },\n"
              "  \"inputs\": {}\n"
              "}\n");
  registry = registry_for (file);
  names = names_of (registry);
  problems = problems_of (registry);

  g_assert_cmpstr (names, ==, "a c d e  f");
  g_assert_cmpstr (problems, ==,
                   "5:10 b: The entry must be a JSON object\n"
                   "6:19 c: “ftp://c.example.com” is not an http or https URL\n"
                   "6:69 c: “headers” must be an object whose values are strings\n"
                   "7:43 d: “args” must be a list of strings\n"
                   "7:80 d: “env” must be an object whose values are strings, numbers or null\n"
                   "8:40 e: “disabled” must be true or false\n"
                   "9:5 a: “a” is given more than once; the last one counts\n"
                   "10:5 : The server’s name is empty\n"
                   "11:5 f: A stdio server needs a “command”\n"
                   "13:13 -: “inputs” must be a list\n");

  /* The last "a" counts, where the first was. */
  g_assert_cmpstr (mcp_server_config_get_command (mcp_server_registry_lookup (registry, "a")), ==, "y");
}

static void
test_syntax_error (void)
{
  g_autoptr(GFile) file = scratch_file ("mcp.json");
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autofree char *names = NULL;
  g_autofree char *problems = NULL;
  g_autofree char *after_fix = NULL;
  McpServerConfig *a;

  write_file (file, "{ \"mcpServers\": { \"a\": { \"command\": \"x\" } } }\n");
  registry = registry_for (file);
  a = mcp_server_registry_lookup (registry, "a");
  g_assert_nonnull (a);

  /* Half-edited: the servers stay as they were, and the error says where. */
  write_file (file, "{ \"mcpServers\": {\n  \"a\": { \"command\": \"x\" }\n  \"b\": {} } }\n");
  mcp_server_registry_reload (registry);
  names = names_of (registry);
  problems = problems_of (registry);
  g_assert_cmpstr (names, ==, "a");
  g_assert_cmpstr (problems, ==, "3:3 -: Expected “,” or “}”\n");
  g_assert_true (mcp_server_registry_lookup (registry, "a") == a);

  write_file (file, "{ \"mcpServers\": { \"a\": { \"command\": \"x\" }, \"b\": { \"command\": \"y\" } } }");
  mcp_server_registry_reload (registry);
  after_fix = names_of (registry);
  g_assert_cmpstr (after_fix, ==, "a b");
  g_assert_cmpuint (g_list_model_get_n_items (mcp_server_registry_get_problems (registry)), ==, 0);
  g_assert_true (mcp_server_registry_lookup (registry, "a") == a);

  for (guint i = 0; i < 4; i++)
    {
      static const struct {
        const char *text;
        const char *problem;
      } cases[] = {
        { "[1, 2]", "1:1 -: The file must hold a JSON object\n" },
        { "{\"mcpServers\": []}", "1:16 -: “mcpServers” must be an object\n" },
        { "{\"a\": \"\\x\"}", "1:8 -: Invalid escape sequence\n" },
        { "{\"a\": 1} 2", "1:10 -: Unexpected text after the end of the value\n" },
      };
      g_autoptr(McpServerRegistry) other = NULL;
      g_autofree char *found = NULL;

      write_file (file, cases[i].text);
      other = registry_for (file);
      found = problems_of (other);
      g_assert_cmpstr (found, ==, cases[i].problem);
    }
}

/* ------------------------------------------------------------------------
 * Following the files
 * ------------------------------------------------------------------------ */

static void
test_reload_minimal (void)
{
  g_autoptr(GFile) file = scratch_file ("mcp.json");
  g_autoptr(McpServerRegistry) registry = NULL;
  Recorder recorder = { g_string_new (NULL) };
  McpServerConfig *b;
  McpServerConfig *c;
  guint b_args_notified = 0;
  guint c_notified = 0;
  g_auto(GStrv) args = NULL;
  g_autofree char *names = NULL;

  write_file (file,
              "{\"mcpServers\": {\n"
              "  \"a\": {\"command\": \"a\"},\n"
              "  \"b\": {\"command\": \"b\", \"args\": [\"1\"]},\n"
              "  \"c\": {\"command\": \"c\"}\n"
              "}}\n");
  registry = registry_for (file);
  b = mcp_server_registry_lookup (registry, "b");
  c = mcp_server_registry_lookup (registry, "c");
  g_signal_connect (registry, "items-changed", G_CALLBACK (record_cb), &recorder);
  g_signal_connect (b, "notify::args", G_CALLBACK (count_notify_cb), &b_args_notified);
  g_signal_connect (c, "notify", G_CALLBACK (count_notify_cb), &c_notified);

  /* Nothing changed. */
  mcp_server_registry_reload (registry);
  g_assert_cmpstr (recorder.changes->str, ==, "");

  /* An entry changed: the same object, its property notified. */
  write_file (file,
              "{\"mcpServers\": {\n"
              "  \"a\": {\"command\": \"a\"},\n"
              "  \"b\": {\"command\": \"b\", \"args\": [\"2\"]},\n"
              "  \"c\": {\"command\": \"c\"}\n"
              "}}\n");
  mcp_server_registry_reload (registry);
  g_assert_cmpstr (recorder.changes->str, ==, "");
  g_assert_true (mcp_server_registry_lookup (registry, "b") == b);
  g_assert_cmpuint (b_args_notified, ==, 1);
  g_assert_cmpuint (c_notified, ==, 0);
  args = mcp_server_config_dup_args (b);
  g_assert_cmpstrv (args, ((const char *[]) { "2", NULL }));

  /* One added at the end, one removed at the start: one change each. */
  write_file (file,
              "{\"mcpServers\": {\n"
              "  \"b\": {\"command\": \"b\", \"args\": [\"2\"]},\n"
              "  \"c\": {\"command\": \"c\"},\n"
              "  \"d\": {\"command\": \"d\"}\n"
              "}}\n");
  mcp_server_registry_reload (registry);
  g_assert_cmpstr (recorder.changes->str, ==, "0-1+0 2-0+1");
  names = names_of (registry);
  g_assert_cmpstr (names, ==, "b c d");
  g_assert_true (config_at (registry, 0) == b);
  g_assert_true (config_at (registry, 1) == c);
  g_assert_null (mcp_server_registry_lookup (registry, "a"));

  /* The file is deleted: every server goes. */
  g_string_truncate (recorder.changes, 0);
  g_assert_true (g_file_delete (file, NULL, NULL));
  mcp_server_registry_reload (registry);
  g_assert_cmpstr (recorder.changes->str, ==, "0-3+0");

  g_string_free (recorder.changes, TRUE);
}

/* Editing the file is enough: the monitor reloads it. */
static void
test_file_monitor (void)
{
  g_autoptr(GFile) file = scratch_file ("config/mcp/mcp.json");
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autofree char *names = NULL;

  /* It does not exist yet, and neither does its directory. */
  registry = registry_for (file);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (registry)), ==, 0);

  write_file (file, "{\"mcpServers\": {\"a\": {\"command\": \"a\"}}}");
  wait_for_n_items (G_LIST_MODEL (registry), 1);

  write_file (file, "{\"mcpServers\": {\"a\": {\"command\": \"a\"}, \"b\": {\"url\": \"https://b.example.com/mcp\"}}}");
  wait_for_n_items (G_LIST_MODEL (registry), 2);
  names = names_of (registry);
  g_assert_cmpstr (names, ==, "a b");

  g_assert_true (g_file_delete (file, NULL, NULL));
  wait_for_n_items (G_LIST_MODEL (registry), 0);
}

/* A later file overrides an earlier one's server of the same name, and
 * removing it brings the earlier one back. */
static void
test_file_precedence (void)
{
  g_autoptr(GFile) user = scratch_file ("user.json");
  g_autoptr(GFile) project = scratch_file ("project/.vscode/mcp.json");
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *removed = NULL;
  GListModel *files;

  write_file (user, "{\"mcpServers\": {\"a\": {\"command\": \"user-a\"}, \"b\": {\"command\": \"user-b\"}}}");
  write_file (project, "{\"servers\": {\"b\": {\"type\": \"stdio\", \"command\": \"project-b\"}}}");

  registry = registry_for (user);
  before = names_of (registry);
  g_assert_cmpstr (before, ==, "a b");

  mcp_server_registry_add_file (registry, project);
  after = names_of (registry);
  g_assert_cmpstr (after, ==, "a b");
  g_assert_cmpstr (mcp_server_config_get_command (mcp_server_registry_lookup (registry, "b")), ==,
                   "project-b");
  files = mcp_server_registry_get_files (registry);
  g_assert_cmpuint (g_list_model_get_n_items (files), ==, 2);

  g_assert_true (mcp_server_registry_remove_file (registry, project));
  g_assert_false (mcp_server_registry_remove_file (registry, project));
  removed = names_of (registry);
  g_assert_cmpstr (removed, ==, "a b");
  g_assert_cmpstr (mcp_server_config_get_command (mcp_server_registry_lookup (registry, "b")), ==,
                   "user-b");
  g_assert_cmpuint (g_list_model_get_n_items (files), ==, 1);
}

static void
test_user_file (void)
{
  g_autoptr(GFile) file = mcp_server_registry_get_user_file ();
  g_autofree char *expected = g_build_filename (g_get_user_config_dir (), "mcp", "mcp.json", NULL);
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(McpServerConfig) config = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  struct stat st;

  g_assert_cmpstr (g_file_peek_path (file), ==, expected);

  write_file (file, "{\"mcpServers\": {\"mine\": {\"command\": \"mine\"}}}");
  registry = mcp_server_registry_new ();
  g_assert_nonnull (mcp_server_registry_lookup (registry, "mine"));
  g_assert_true (g_file_delete (file, NULL, NULL));
  mcp_server_registry_reload (registry);
  g_assert_null (mcp_server_registry_lookup (registry, "mine"));

  /* Added to no file in particular: the user's file, created private. */
  config = mcp_server_config_new_http ("remote", "https://remote.example.com/mcp");
  g_assert_true (mcp_server_registry_add (registry, config, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (mcp_server_registry_has_unsaved_changes (registry));
  mcp_test_save_registry (registry);
  g_assert_false (mcp_server_registry_has_unsaved_changes (registry));

  text = read_file (file);
  g_assert_cmpstr (text, ==,
                   "{\n"
                   "  \"mcpServers\": {\n"
                   "    \"remote\": {\n"
                   "      \"type\": \"http\",\n"
                   "      \"url\": \"https://remote.example.com/mcp\"\n"
                   "    }\n"
                   "  }\n"
                   "}\n");
  path = g_file_get_path (file);
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  /* A name can only be used once. */
  g_clear_object (&config);
  config = mcp_server_config_new_http ("remote", "https://other.example.com/mcp");
  g_assert_false (mcp_server_registry_add (registry, config, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
}

/* ------------------------------------------------------------------------
 * Saving
 * ------------------------------------------------------------------------ */

/* Changes go where they belong, and nothing else in the file moves:
 * comments, unknown members, the order, a trailing comma, the inputs. */
static void
test_save_keeps_the_rest (void)
{
  g_autoptr(GFile) file = scratch_file ("project/.vscode/mcp.json");
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(McpServerConfig) added = NULL;
  g_autoptr(JsonObject) env = json_object_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  McpServerConfig *files;
  McpServerConfig *tracker;

  write_file (file,
              "{\n"
              "    // Servers of this project\n"
              "    \"inputs\": [ { \"type\": \"promptString\", \"id\": \"token\", \"password\": true } ],\n"
              "    \"servers\": {\n"
              "        \"files\": {\n"
              "            \"type\": \"stdio\",\n"
              "            \"command\": \"node\", // the server is in this repository\n"
              "            \"args\": [\"files.js\"],\n"
              "            \"x-owner\": \"team-a\"\n"
              "        },\n"
              "        \"old\": { \"type\": \"stdio\", \"command\": \"old\" },\n"
              "        \"tracker\": {\n"
              "            \"type\": \"http\",\n"
              "            \"url\": \"https://tracker.example.com/mcp\",\n"
              "            \"headers\": { \"Authorization\": \"Bearer ${input:token}\" },\n"
              "        },\n"
              "    },\n"
              "    \"x-editor\": { \"fold\": true }\n"
              "}\n");
  registry = registry_for (file);
  files = mcp_server_registry_lookup (registry, "files");
  tracker = mcp_server_registry_lookup (registry, "tracker");

  mcp_server_config_set_args (files, (const char *[]) { "files.js", "--verbose", NULL });
  json_object_set_string_member (env, "LOG", "debug");
  mcp_server_config_set_env (files, env);
  mcp_server_config_set_disabled (tracker, TRUE);
  g_assert_true (mcp_server_registry_remove (registry, mcp_server_registry_lookup (registry, "old")));
  added = mcp_server_config_new_stdio ("new", (const char *[]) { "new-server", "--stdio", NULL });
  g_assert_true (mcp_server_registry_add (registry, added, file, &error));
  g_assert_no_error (error);

  mcp_test_save_registry (registry);
  text = read_file (file);
  g_assert_cmpstr (text, ==,
                   "{\n"
                   "    // Servers of this project\n"
                   "    \"inputs\": [ { \"type\": \"promptString\", \"id\": \"token\", \"password\": true } ],\n"
                   "    \"servers\": {\n"
                   "        \"files\": {\n"
                   "            \"type\": \"stdio\",\n"
                   "            \"command\": \"node\", // the server is in this repository\n"
                   "            \"args\": [\"files.js\", \"--verbose\"],\n"
                   "            \"x-owner\": \"team-a\",\n"
                   "            \"env\": {\n"
                   "                \"LOG\": \"debug\"\n"
                   "            }\n"
                   "        },\n"
                   "        \"tracker\": {\n"
                   "            \"type\": \"http\",\n"
                   "            \"url\": \"https://tracker.example.com/mcp\",\n"
                   "            \"headers\": { \"Authorization\": \"Bearer ${input:token}\" },\n"
                   "            \"disabled\": true,\n"
                   "        },\n"
                   "        \"new\": {\n"
                   "            \"command\": \"new-server\",\n"
                   "            \"args\": [\"--stdio\"],\n"
                   "            \"type\": \"stdio\"\n"
                   "        },\n"
                   "    },\n"
                   "    \"x-editor\": { \"fold\": true }\n"
                   "}\n");
  g_assert_false (mcp_server_registry_has_unsaved_changes (registry));

  /* Saved and read back, the same objects. */
  g_assert_true (mcp_server_registry_lookup (registry, "files") == files);
  g_assert_true (mcp_server_registry_lookup (registry, "new") == added);
  g_assert_null (mcp_server_registry_lookup (registry, "old"));

  /* Removing members and the last entries. */
  mcp_server_config_set_env (files, NULL);
  mcp_server_config_set_disabled (tracker, FALSE);
  g_assert_true (mcp_server_registry_remove (registry, added));
  g_assert_true (mcp_server_registry_remove (registry, tracker));
  mcp_test_save_registry (registry);
  g_clear_pointer (&text, g_free);
  text = read_file (file);
  g_assert_cmpstr (text, ==,
                   "{\n"
                   "    // Servers of this project\n"
                   "    \"inputs\": [ { \"type\": \"promptString\", \"id\": \"token\", \"password\": true } ],\n"
                   "    \"servers\": {\n"
                   "        \"files\": {\n"
                   "            \"type\": \"stdio\",\n"
                   "            \"command\": \"node\", // the server is in this repository\n"
                   "            \"args\": [\"files.js\", \"--verbose\"],\n"
                   "            \"x-owner\": \"team-a\"\n"
                   "        }\n"
                   "    },\n"
                   "    \"x-editor\": { \"fold\": true }\n"
                   "}\n");
}

/* What another program wrote since the file was read stays, and what the
 * application did not save survives a reload. */
static void
test_save_merges (void)
{
  g_autoptr(GFile) file = scratch_file ("mcp.json");
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autofree char *text = NULL;
  McpServerConfig *a;

  write_file (file, "{\"mcpServers\": {\"a\": {\"command\": \"a\"}, \"b\": {\"command\": \"b\"}}}\n");
  registry = registry_for (file);
  a = mcp_server_registry_lookup (registry, "a");
  mcp_server_config_set_cwd (a, "/srv");

  /* Someone else edits the file meanwhile. */
  write_file (file, "{\"mcpServers\": {\"a\": {\"command\": \"a\"}, \"b\": {\"command\": \"b2\"}, \"c\": {\"command\": \"c\"}}}\n");
  mcp_server_registry_reload (registry);
  g_assert_cmpstr (mcp_server_config_get_cwd (a), ==, "/srv");
  g_assert_cmpstr (mcp_server_config_get_command (mcp_server_registry_lookup (registry, "b")), ==, "b2");
  g_assert_true (mcp_server_registry_has_unsaved_changes (registry));

  mcp_test_save_registry (registry);
  text = read_file (file);
  g_assert_cmpstr (text, ==,
                   "{\"mcpServers\": {\"a\": {\"command\": \"a\",\n"
                   "  \"cwd\": \"/srv\"}, \"b\": {\"command\": \"b2\"}, \"c\": {\"command\": \"c\"}}}\n");

  /* A file that does not parse is not written over. */
  write_file (file, "{\"mcpServers\": {");
  mcp_server_config_set_cwd (a, "/tmp");
  {
    g_autoptr(GAsyncResult) result = NULL;
    g_autoptr(GError) error = NULL;

    mcp_server_registry_save_async (registry, NULL, mcp_test_store_result_cb, &result);
    g_assert_false (mcp_server_registry_save_finish (registry,
                                                     mcp_test_await_result (&result, "the save"),
                                                     &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_nonnull (strstr (error->message, "line 1, column 17"));
  }
  g_clear_pointer (&text, g_free);
  text = read_file (file);
  g_assert_cmpstr (text, ==, "{\"mcpServers\": {");
}

/* ------------------------------------------------------------------------
 * Configurations, variables and inputs
 * ------------------------------------------------------------------------ */

static void
test_config_properties (void)
{
  g_autoptr(McpServerConfig) config = mcp_server_config_new_stdio ("s", (const char *[]) { "srv", NULL });
  g_autoptr(JsonObject) json = NULL;
  guint json_notified = 0;
  guint command_notified = 0;
  guint url_notified = 0;
  guint error_notified = 0;

  g_assert_null (mcp_server_config_get_error (config));
  g_assert_null (mcp_server_config_get_file (config));
  g_signal_connect (config, "notify::json", G_CALLBACK (count_notify_cb), &json_notified);
  g_signal_connect (config, "notify::command", G_CALLBACK (count_notify_cb), &command_notified);
  g_signal_connect (config, "notify::url", G_CALLBACK (count_notify_cb), &url_notified);
  g_signal_connect (config, "notify::error", G_CALLBACK (count_notify_cb), &error_notified);

  /* The same value again is no change. */
  mcp_server_config_set_command (config, "srv");
  g_assert_cmpuint (json_notified, ==, 0);

  mcp_server_config_set_command (config, NULL);
  g_assert_cmpuint (command_notified, ==, 1);
  g_assert_cmpuint (url_notified, ==, 0);
  g_assert_cmpuint (json_notified, ==, 1);
  g_assert_cmpuint (error_notified, ==, 1);
  g_assert_error (mcp_server_config_get_error (config), G_IO_ERROR, G_IO_ERROR_INVALID_DATA);

  mcp_server_config_set_url (config, "https://example.com/mcp");
  g_assert_cmpint (mcp_server_config_get_transport_kind (config), ==, MCP_TRANSPORT_KIND_HTTP);
  g_assert_null (mcp_server_config_get_error (config));
  g_assert_cmpuint (error_notified, ==, 2);

  mcp_server_config_set_transport_kind (config, MCP_TRANSPORT_KIND_SSE);
  g_assert_cmpstr (json_object_get_string_member (mcp_server_config_get_json (config), "type"), ==, "sse");

  /* The JSON is the application's to read, not to change behind the
   * configuration's back. */
  g_assert_true (json_object_is_immutable (mcp_server_config_get_json (config)));
  json = mcp_test_parse_object ("{\"command\": \"x\", \"custom\": {\"deep\": [1]}}");
  mcp_server_config_set_json (config, json);
  json_object_set_string_member (json, "command", "changed later");
  g_assert_cmpstr (mcp_server_config_get_command (config), ==, "x");
  g_assert_cmpint (mcp_server_config_get_transport_kind (config), ==, MCP_TRANSPORT_KIND_STDIO);
}

static void
test_variables (void)
{
  g_autoptr(GFile) file = scratch_file ("project/.vscode/mcp.json");
  g_autoptr(GFile) env_file = scratch_file ("project/.env");
  g_autoptr(GFile) folder = scratch_file ("project");
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) environ_ = NULL;
  g_autofree char *server = NULL;
  g_autofree char *home_arg = NULL;
  const char * const *argv;

  g_setenv ("MCP_TEST_VARIABLE", "from the environment", TRUE);
  write_file (env_file, "# comment\nexport FROM_FILE=\"quoted value\"\nOVERRIDDEN=file\n");
  write_file (file,
              "{\"servers\": {\"s\": {\n"
              "  \"command\": \"${workspaceFolder}${/}server\",\n"
              "  \"args\": [\"${env:MCP_TEST_VARIABLE}\", \"${userHome}\", \"${workspaceFolderBasename}\",\n"
              "           \"${unknown}\", \"${env:MCP_TEST_UNSET}\", \"${unclosed\"],\n"
              "  \"cwd\": \"${workspaceFolder}\",\n"
              "  \"envFile\": \"${workspaceFolder}/.env\",\n"
              "  \"env\": {\"OVERRIDDEN\": \"env\", \"NUMBER\": 42, \"HOME\": null}\n"
              "}}}\n");
  registry = registry_for (file);

  /* ${workspaceFolder} needs the application to say what it is. */
  transport = mcp_server_config_create_transport (mcp_server_registry_lookup (registry, "s"), &error);
  g_assert_null (transport);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED);
  g_clear_error (&error);

  g_assert_null (mcp_server_registry_get_workspace_folder (registry));
  mcp_server_registry_set_workspace_folder (registry, folder);
  g_assert_true (g_file_equal (mcp_server_registry_get_workspace_folder (registry), folder));
  transport = mcp_server_config_create_transport (mcp_server_registry_lookup (registry, "s"), &error);
  g_assert_no_error (error);
  g_assert_true (MCP_IS_STDIO_TRANSPORT (transport));

  argv = mcp_stdio_transport_get_argv (MCP_STDIO_TRANSPORT (transport));
  server = g_build_filename (g_file_peek_path (folder), "server", NULL);
  g_assert_cmpstrv (argv, ((const char *[]) { server, "from the environment", g_get_home_dir (),
                                              "project", "${unknown}", "", "${unclosed", NULL }));
  g_assert_cmpstr (mcp_stdio_transport_get_cwd (MCP_STDIO_TRANSPORT (transport)), ==,
                   g_file_peek_path (folder));

  environ_ = mcp_stdio_transport_build_environ (MCP_STDIO_TRANSPORT (transport));
  g_assert_cmpstr (g_environ_getenv (environ_, "FROM_FILE"), ==, "quoted value");
  g_assert_cmpstr (g_environ_getenv (environ_, "OVERRIDDEN"), ==, "env");
  g_assert_cmpstr (g_environ_getenv (environ_, "NUMBER"), ==, "42");
  g_assert_null (g_environ_getenv (environ_, "HOME"));
  g_assert_nonnull (g_environ_getenv (environ_, "PATH"));
  g_assert_null (g_environ_getenv (environ_, "MCP_TEST_VARIABLE"));

  /* A missing envFile is an error. */
  g_assert_true (g_file_delete (env_file, NULL, NULL));
  g_clear_object (&transport);
  transport = mcp_server_config_create_transport (mcp_server_registry_lookup (registry, "s"), &error);
  g_assert_null (transport);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

typedef struct
{
  GPtrArray       *requests;
  gboolean         handle;
} InputHandler;

static gboolean
input_requested_cb (McpServerRegistry *registry,
                    McpInputRequest   *request,
                    InputHandler      *handler)
{
  g_assert_true (MCP_IS_INPUT_REQUEST (request));
  g_ptr_array_add (handler->requests, g_object_ref (request));
  return handler->handle;
}

static gboolean
has_requests (gpointer data)
{
  return ((GPtrArray *) data)->len > 0;
}

static gboolean
has_two_requests (gpointer data)
{
  return ((GPtrArray *) data)->len >= 2;
}

static void
test_inputs (void)
{
  g_autoptr(GFile) file = scratch_file ("mcp.json");
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GAsyncResult) second_result = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(McpClient) second = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) environ_ = NULL;
  InputHandler handler = { g_ptr_array_new_with_free_func (g_object_unref), TRUE };
  McpServerConfig *a;
  McpServerConfig *b;
  McpInputRequest *request;

  write_file (file,
              "{\"inputs\": [\n"
              "   {\"type\": \"promptString\", \"id\": \"token\", \"description\": \"API token\", \"password\": true},\n"
              "   {\"type\": \"pickString\", \"id\": \"region\", \"options\": [\"eu\", {\"label\": \"US\", \"value\": \"us\"}], \"default\": \"eu\"}\n"
              " ],\n"
              " \"servers\": {\n"
              "  \"a\": {\"command\": \"a\", \"env\": {\"TOKEN\": \"${input:token}\", \"REGION\": \"${input:region}\"}},\n"
              "  \"b\": {\"command\": \"b\", \"args\": [\"--token=${input:token}\"]}\n"
              "}}\n");
  registry = registry_for (file);
  a = mcp_server_registry_lookup (registry, "a");
  b = mcp_server_registry_lookup (registry, "b");
  g_signal_connect (registry, "input-requested", G_CALLBACK (input_requested_cb), &handler);

  /* Two servers wait for the same input: it is asked for once, and the
   * answer can come later. */
  mcp_server_config_create_client_async (a, NULL, mcp_test_store_result_cb, &result);
  mcp_server_config_create_client_async (b, NULL, mcp_test_store_result_cb, &second_result);
  g_assert_true (mcp_test_wait_until (has_requests, handler.requests, 5000));
  g_assert_cmpuint (handler.requests->len, ==, 1);
  request = handler.requests->pdata[0];
  g_assert_cmpstr (mcp_input_request_get_id (request), ==, "token");
  g_assert_cmpstr (mcp_input_request_get_server (request), ==, "a");
  g_assert_cmpstr (mcp_input_request_get_description (request), ==, "API token");
  g_assert_true (mcp_input_request_get_password (request));
  /* The input's declaration as the file has it. */
  g_assert_cmpstr (mcp_test_lookup_string (mcp_input_request_get_json (request), "id"), ==, "token");
  g_assert_cmpstr (mcp_test_lookup_string (mcp_input_request_get_json (request), "description"),
                   ==, "API token");
  g_assert_null (result);
  g_assert_null (second_result);
  mcp_input_request_reply (request, "s3cret");
  g_assert_true (mcp_input_request_is_answered (request));

  /* b had all it needed; a asks for its second input next. */
  second = mcp_server_config_create_client_finish (b, mcp_test_await_result (&second_result, "b"),
                                                   &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (mcp_stdio_transport_get_argv (MCP_STDIO_TRANSPORT (mcp_client_get_transport (second))),
                    ((const char *[]) { "b", "--token=s3cret", NULL }));
  /* The next request is a's second input, not the first one again. */
  g_assert_true (mcp_test_wait_until (has_two_requests, handler.requests, 5000));
  g_assert_cmpuint (handler.requests->len, ==, 2);
  request = handler.requests->pdata[1];
  g_assert_cmpstr (mcp_input_request_get_id (request), ==, "region");
  g_assert_cmpstrv (mcp_input_request_get_options (request), ((const char *[]) { "eu", "us", NULL }));
  g_assert_cmpstr (mcp_input_request_get_default_value (request), ==, "eu");
  mcp_input_request_reply (request, "us");

  client = mcp_server_config_create_client_finish (a, mcp_test_await_result (&result, "a"), &error);
  g_assert_no_error (error);
  environ_ = mcp_stdio_transport_build_environ (MCP_STDIO_TRANSPORT (mcp_client_get_transport (client)));
  g_assert_cmpstr (g_environ_getenv (environ_, "TOKEN"), ==, "s3cret");
  g_assert_cmpstr (g_environ_getenv (environ_, "REGION"), ==, "us");

  /* Remembered for the session. */
  g_clear_object (&client);
  client = mcp_test_create_configured_client (a, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (handler.requests->len, ==, 2);

  /* Forgotten, then declined: the server cannot start. */
  mcp_server_registry_forget_inputs (registry);
  g_clear_object (&client);
  g_clear_object (&result);
  mcp_server_config_create_client_async (a, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_test_wait_until (has_requests, handler.requests, 5000));
  g_assert_cmpuint (handler.requests->len, ==, 3);
  mcp_input_request_decline (handler.requests->pdata[2]);
  client = mcp_server_config_create_client_finish (a, mcp_test_await_result (&result, "a"), &error);
  g_assert_null (client);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);

  /* Nobody answers: declined at once. */
  handler.handle = FALSE;
  client = mcp_test_create_configured_client (a, &error);
  g_assert_null (client);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);

  /* A request dropped without an answer is declined too. */
  handler.handle = TRUE;
  g_clear_object (&result);
  mcp_server_config_create_client_async (a, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_test_wait_until (has_requests, handler.requests, 5000));
  g_ptr_array_set_size (handler.requests, 0);
  client = mcp_server_config_create_client_finish (a, mcp_test_await_result (&result, "a"), &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);

  /* Given in advance, as from a keyring: not asked for. */
  mcp_server_registry_set_input (registry, "token", "from-keyring");
  mcp_server_registry_set_input (registry, "region", "eu");
  client = mcp_test_create_configured_client (a, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (handler.requests->len, ==, 0);

  g_ptr_array_unref (handler.requests);
}

/* Cancelling a creation that waits for an input ends it at once; the
 * answer given later is still remembered. */
static void
test_input_cancelled (void)
{
  g_autoptr(GFile) file = scratch_file ("mcp.json");
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  InputHandler handler = { g_ptr_array_new_with_free_func (g_object_unref), TRUE };
  McpServerConfig *a;

  write_file (file,
              "{\"inputs\": [{\"type\": \"promptString\", \"id\": \"token\"}],\n"
              " \"servers\": {\"a\": {\"command\": \"a\", \"args\": [\"${input:token}\"]}}}\n");
  registry = registry_for (file);
  a = mcp_server_registry_lookup (registry, "a");
  g_signal_connect (registry, "input-requested", G_CALLBACK (input_requested_cb), &handler);

  mcp_server_config_create_client_async (a, cancellable, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_test_wait_until (has_requests, handler.requests, 5000));
  g_cancellable_cancel (cancellable);
  client = mcp_server_config_create_client_finish (a, mcp_test_await_result (&result, "a"), &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  mcp_input_request_reply (handler.requests->pdata[0], "late");
  client = mcp_test_create_configured_client (a, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (mcp_stdio_transport_get_argv (MCP_STDIO_TRANSPORT (mcp_client_get_transport (client))),
                    ((const char *[]) { "a", "late", NULL }));

  g_ptr_array_unref (handler.requests);
}

static void
test_http_config (void)
{
  g_autoptr(McpServerConfig) config = mcp_server_config_new_http ("web", "https://web.example.com/mcp");
  g_autoptr(McpServerConfig) bad = NULL;
  g_autoptr(JsonObject) headers = json_object_new ();
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(GError) error = NULL;

  json_object_set_string_member (headers, "X-Token", "${env:MCP_TEST_HEADER}");
  mcp_server_config_set_headers (config, headers);
  g_setenv ("MCP_TEST_HEADER", "t0k3n", TRUE);
  transport = mcp_server_config_create_transport (config, &error);
  g_assert_no_error (error);
  g_assert_true (MCP_IS_HTTP_TRANSPORT (transport));
  g_assert_cmpstr (mcp_http_transport_get_url (MCP_HTTP_TRANSPORT (transport)), ==,
                   "https://web.example.com/mcp");

  /* A URL made of variables is checked once it is known. */
  bad = mcp_server_config_new_http ("bad", "${env:MCP_TEST_HEADER}/mcp");
  g_assert_null (mcp_server_config_get_error (bad));
  g_clear_object (&transport);
  transport = mcp_server_config_create_transport (bad, &error);
  g_assert_null (transport);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) tmp = NULL;
  g_autofree char *config_home = NULL;
  int ret;

  /* Before anything asks GLib for the configuration directory. */
  tmp_dir = g_dir_make_tmp ("mcp-test-registry-XXXXXX", &error);
  g_assert_no_error (error);
  config_home = g_build_filename (tmp_dir, "xdg-config", NULL);
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  g_test_add_func ("/Mcp/Registry/desktop-format", test_desktop_format);
  g_test_add_func ("/Mcp/Registry/vscode-format", test_vscode_format);
  g_test_add_func ("/Mcp/Registry/broken-file", test_broken_file);
  g_test_add_func ("/Mcp/Registry/other-mistakes", test_other_mistakes);
  g_test_add_func ("/Mcp/Registry/syntax-error", test_syntax_error);
  g_test_add_func ("/Mcp/Registry/reload-minimal", test_reload_minimal);
  g_test_add_func ("/Mcp/Registry/file-monitor", test_file_monitor);
  g_test_add_func ("/Mcp/Registry/file-precedence", test_file_precedence);
  g_test_add_func ("/Mcp/Registry/user-file", test_user_file);
  g_test_add_func ("/Mcp/Registry/save-keeps-the-rest", test_save_keeps_the_rest);
  g_test_add_func ("/Mcp/Registry/save-merges", test_save_merges);
  g_test_add_func ("/Mcp/Registry/config-properties", test_config_properties);
  g_test_add_func ("/Mcp/Registry/variables", test_variables);
  g_test_add_func ("/Mcp/Registry/inputs", test_inputs);
  g_test_add_func ("/Mcp/Registry/input-cancelled", test_input_cancelled);
  g_test_add_func ("/Mcp/Registry/http-config", test_http_config);

  ret = g_test_run ();

  tmp = g_file_new_for_path (tmp_dir);
  mcp_test_remove_tree (tmp);
  g_free (tmp_dir);

  return ret;
}
