/* test-skills.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpSkills (Skills extension, SEP-2640) against a real server of the
 * TypeScript SDK v2 (tests/mcp-skills-test-server.mjs, over stdio), in
 * both protocol revisions: listing and getting skills, no file read before
 * its skill is loaded, every file checked against its entry (size, digest,
 * frontmatter), tampered content refused, a kept copy that no longer
 * matches fetched again once, directories, dynamic skills.
 */

#include <string.h>

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

#define PDF_SKILL "skill://acme/pdf-processing/SKILL.md"
#define PDF_FORMS "skill://acme/pdf-processing/references/FORMS.md"
#define PDF_LOGO "skill://acme/pdf-processing/assets/logo.png"

typedef struct
{
  McpStdioTransport *transport;
  McpClient         *client;
  McpSkills         *skills;
} Fixture;

/* One server per revision, shared by the tests in order. */
static Fixture fixtures[2];
static const char * const revisions[] = { "2026-07-28", "2025-11-25" };

static Fixture *
fixture_get (guint revision)
{
  Fixture *fixture = &fixtures[revision];
  g_autofree char *path = NULL;
  g_autofree char *node = g_find_program_in_path ("node");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) declared = NULL;
  const char *argv[] = { "node", NULL, NULL };

  if (fixture->client != NULL)
    return fixture;

  path = g_test_build_filename (G_TEST_DIST, "mcp-skills-test-server.mjs", NULL);
  if (node == NULL ||
      !g_file_test (g_test_get_filename (G_TEST_DIST, "node_modules", "@modelcontextprotocol",
                                         "server", "package.json", NULL), G_FILE_TEST_EXISTS))
    {
      g_test_skip ("node or the TypeScript SDK v2 is missing (npm ci in tests/)");
      return NULL;
    }
  argv[1] = path;

  fixture->transport = mcp_stdio_transport_new (argv);
  fixture->client = mcp_client_new (MCP_TRANSPORT (fixture->transport));
  /* Each revision for sure: a node server that starts slowly on a busy
   * machine misses the probe's deadline, and the default negotiation then
   * (rightly) settles for 2025-11-25. */
  if (revision == 1)
    mcp_client_set_version_negotiation (fixture->client, MCP_VERSION_NEGOTIATION_LEGACY);
  else
    {
      mcp_client_set_version_negotiation (fixture->client, MCP_VERSION_NEGOTIATION_PINNED);
      mcp_client_set_pinned_protocol_version (fixture->client, "2026-07-28");
    }
  fixture->skills = mcp_skills_new (fixture->client);
  g_assert_true (mcp_skills_get_client (fixture->skills) == fixture->client);

  /* The client declares the extension. */
  declared = mcp_client_dup_capabilities (fixture->client);
  g_assert_nonnull (mcp_test_lookup_object (declared, "extensions"));
  g_assert_true (json_object_has_member (mcp_test_lookup_object (declared, "extensions"),
                                         MCP_SKILLS_EXTENSION_ID));
  g_assert_false (mcp_skills_get_supported (fixture->skills));

  mcp_client_connect_async (fixture->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the handshake with the skills server");
  g_assert_true (mcp_client_connect_finish (fixture->client, result, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_client_get_protocol_version (fixture->client), ==, revisions[revision]);

  return fixture;
}

static void
fixture_close (Fixture *fixture)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  if (fixture->client == NULL)
    return;

  mcp_client_close_async (fixture->client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the skills server to shut down");
  g_assert_true (mcp_client_close_finish (fixture->client, result, &error));
  g_assert_no_error (error);

  g_clear_object (&fixture->skills);
  g_clear_object (&fixture->client);
  g_clear_object (&fixture->transport);
}

static GListModel *
list_skills (Fixture *fixture)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *list;

  mcp_skills_list_async (fixture->skills, NULL, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "skills/list");
  list = mcp_skills_list_finish (fixture->skills, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (list);
  return list;
}

static McpSkill *
find_skill (GListModel *list,
            const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(McpSkill) skill = g_list_model_get_item (list, i);

      if (g_str_equal (mcp_skill_get_name (skill), name))
        return g_steal_pointer (&skill);
    }

  g_assert_not_reached ();
}

static McpSkill *
get_skill (Fixture     *fixture,
           const char  *uri,
           GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_skills_get_async (fixture->skills, uri, NULL, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "skills/get");
  return mcp_skills_get_finish (fixture->skills, result, error);
}

static GBytes *
load_skill (Fixture   *fixture,
            McpSkill  *skill,
            GError   **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_skills_load_async (fixture->skills, skill, NULL, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "a skill to load");
  return mcp_skills_load_finish (fixture->skills, result, error);
}

static GBytes *
read_file (Fixture     *fixture,
           McpSkill    *skill,
           const char  *uri,
           GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_skills_read_file_async (fixture->skills, skill, uri, NULL, NULL,
                              mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "a skill file");
  return mcp_skills_read_file_finish (fixture->skills, result, error);
}

static GListModel *
read_directory (Fixture     *fixture,
                McpSkill    *skill,
                const char  *uri,
                GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_skills_read_directory_async (fixture->skills, skill, uri, NULL, NULL,
                                   mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "a skill directory");
  return mcp_skills_read_directory_finish (fixture->skills, result, error);
}

/* How often the server was asked to read @uri. */
static gint64
reads_of (Fixture    *fixture,
          const char *uri)
{
  g_autofree char *text = mcp_test_call_tool_text (fixture->client, "reads", "{}");
  g_autoptr(JsonObject) reads = mcp_test_parse_object (text);

  return json_object_has_member (reads, uri) ? json_object_get_int_member (reads, uri) : 0;
}

static void
test_list (gconstpointer data)
{
  Fixture *fixture = fixture_get (GPOINTER_TO_UINT (data));
  g_autoptr(GListModel) list = NULL;
  g_autoptr(McpSkill) pdf = NULL;
  g_autoptr(McpSkill) dynamic = NULL;
  g_autoptr(McpSkillFile) forms = NULL;
  g_autofree char *name = NULL;
  gboolean loaded = TRUE;
  JsonObject *frontmatter;

  if (fixture == NULL)
    return;

  g_assert_true (mcp_skills_get_supported (fixture->skills));
  g_assert_true (mcp_skills_get_directory_read (fixture->skills));

  list = list_skills (fixture);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 6);
  g_assert_true (g_list_model_get_item_type (list) == MCP_TYPE_SKILL);

  pdf = find_skill (list, "pdf-processing");
  g_assert_cmpstr (mcp_skill_get_uri (pdf), ==, PDF_SKILL);
  g_assert_cmpstr (mcp_skill_get_description (pdf), ==,
                   "Extract, fill, and assemble PDF documents, with forms.");
  g_assert_false (mcp_skill_get_dynamic (pdf));
  g_assert_false (mcp_skill_get_loaded (pdf));
  g_object_get (pdf, "name", &name, "loaded", &loaded, NULL);
  g_assert_cmpstr (name, ==, "pdf-processing");
  g_assert_false (loaded);

  frontmatter = mcp_skill_get_frontmatter (pdf);
  g_assert_cmpstr (json_object_get_string_member (frontmatter, "license"), ==, "Apache-2.0");
  g_assert_cmpfloat (json_object_get_double_member (frontmatter, "version"), ==, 1.5);

  g_assert_cmpuint (g_list_model_get_n_items (mcp_skill_get_files (pdf)), ==, 3);
  g_assert_true (g_list_model_get_item_type (mcp_skill_get_files (pdf)) == MCP_TYPE_SKILL_FILE);
  forms = g_object_ref (mcp_skill_lookup_file (pdf, PDF_FORMS));
  g_assert_cmpuint (mcp_skill_file_get_size (forms), ==, strlen ("# Forms\n\nFill the fields in order.\n"));
  g_assert_true (g_str_has_prefix (mcp_skill_file_get_digest (forms), "sha256:"));
  g_assert_cmpstr (mcp_skill_file_get_uri (forms), ==, PDF_FORMS);
  g_assert_null (mcp_skill_lookup_file (pdf, "skill://acme/pdf-processing/nothing.md"));

  dynamic = find_skill (list, "dynamic-notes");
  g_assert_true (mcp_skill_get_dynamic (dynamic));
  g_assert_cmpuint (g_list_model_get_n_items (mcp_skill_get_files (dynamic)), ==, 0);

  /* Listing read no file. */
  g_assert_cmpint (reads_of (fixture, PDF_SKILL), ==, 0);
}

static void
test_not_loaded (gconstpointer data)
{
  Fixture *fixture = fixture_get (GPOINTER_TO_UINT (data));
  g_autoptr(GListModel) list = NULL;
  g_autoptr(McpSkill) pdf = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GListModel) children = NULL;
  g_autoptr(GError) error = NULL;

  if (fixture == NULL)
    return;

  list = list_skills (fixture);
  pdf = find_skill (list, "pdf-processing");

  bytes = read_file (fixture, pdf, PDF_FORMS, &error);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_SKILL_NOT_LOADED);
  g_assert_null (bytes);
  g_clear_error (&error);

  children = read_directory (fixture, pdf, "skill://acme/pdf-processing/", &error);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_SKILL_NOT_LOADED);
  g_assert_null (children);

  g_assert_cmpint (reads_of (fixture, PDF_FORMS), ==, 0);
  g_assert_cmpint (reads_of (fixture, PDF_SKILL), ==, 0);
}

static void
test_load_and_read (gconstpointer data)
{
  Fixture *fixture = fixture_get (GPOINTER_TO_UINT (data));
  g_autoptr(McpSkill) pdf = NULL;
  g_autoptr(GBytes) skill_md = NULL;
  g_autoptr(GBytes) forms = NULL;
  g_autoptr(GBytes) logo = NULL;
  g_autoptr(GBytes) missing = NULL;
  g_autoptr(GBytes) outside = NULL;
  g_autoptr(GListModel) children = NULL;
  g_autoptr(GError) error = NULL;
  static const guint8 logo_bytes[] = { 0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x80 };
  gsize size;
  const char *text;

  if (fixture == NULL)
    return;

  pdf = get_skill (fixture, PDF_SKILL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_skill_get_name (pdf), ==, "pdf-processing");

  skill_md = load_skill (fixture, pdf, &error);
  g_assert_no_error (error);
  text = g_bytes_get_data (skill_md, &size);
  g_assert_true (size > 20 && strncmp (text, "---\nname: pdf-processing\n", 25) == 0);
  g_assert_true (mcp_skill_get_loaded (pdf));

  forms = read_file (fixture, pdf, PDF_FORMS, &error);
  g_assert_no_error (error);
  text = g_bytes_get_data (forms, &size);
  g_assert_cmpmem (text, size, "# Forms\n\nFill the fields in order.\n", 35);

  /* A binary file comes as a blob. */
  logo = read_file (fixture, pdf, PDF_LOGO, &error);
  g_assert_no_error (error);
  text = g_bytes_get_data (logo, &size);
  g_assert_cmpmem (text, size, logo_bytes, sizeof logo_bytes);

  /* Files the entry does not list are not read. */
  missing = read_file (fixture, pdf, "skill://acme/pdf-processing/secret.md", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_null (missing);
  g_clear_error (&error);
  outside = read_file (fixture, pdf, "skill://acme/tampered-digest/other.md", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_null (outside);
  g_clear_error (&error);

  children = read_directory (fixture, pdf, "skill://acme/pdf-processing/", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (children), ==, 3);
  g_assert_true (g_list_model_get_item_type (children) == MCP_TYPE_RESOURCE);

  g_assert_cmpint (reads_of (fixture, PDF_SKILL), ==, 1);
  g_assert_cmpint (reads_of (fixture, "skill://acme/pdf-processing/secret.md"), ==, 0);
}

static void
assert_refused (Fixture    *fixture,
                const char *name)
{
  g_autoptr(GListModel) list = list_skills (fixture);
  g_autoptr(McpSkill) skill = find_skill (list, name);
  g_autofree char *other = g_strdup_printf ("skill://acme/%s/other.md", name);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GBytes) file = NULL;
  g_autoptr(GError) error = NULL;
  gint64 before = reads_of (fixture, mcp_skill_get_uri (skill));

  bytes = load_skill (fixture, skill, &error);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_SKILL_VERIFICATION_FAILED);
  g_assert_null (bytes);
  g_assert_false (mcp_skill_get_loaded (skill));
  g_test_message ("%s: %s", name, error->message);
  g_clear_error (&error);

  /* Nothing was kept: a second load asks the server again, once. */
  again = load_skill (fixture, skill, &error);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_SKILL_VERIFICATION_FAILED);
  g_assert_null (again);
  g_clear_error (&error);
  g_assert_cmpint (reads_of (fixture, mcp_skill_get_uri (skill)), ==, before + 2);

  file = read_file (fixture, skill, other, &error);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_SKILL_NOT_LOADED);
  g_assert_null (file);
  g_assert_cmpint (reads_of (fixture, other), ==, 0);
}

static void
test_tampered (gconstpointer data)
{
  Fixture *fixture = fixture_get (GPOINTER_TO_UINT (data));

  if (fixture == NULL)
    return;

  assert_refused (fixture, "tampered-digest");
  assert_refused (fixture, "tampered-size");
  assert_refused (fixture, "tampered-frontmatter");
}

static void
test_refetch (gconstpointer data)
{
  Fixture *fixture = fixture_get (GPOINTER_TO_UINT (data));
  const char *uri = "skill://acme/evolving/SKILL.md";
  g_autoptr(McpSkill) first = NULL;
  g_autoptr(McpSkill) second = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) cached = NULL;
  g_autoptr(GBytes) fresh = NULL;
  g_autoptr(GError) error = NULL;
  gint64 before;
  gsize size;
  const char *text;

  if (fixture == NULL)
    return;

  /* Each skills/get makes a new version of this skill. */
  first = get_skill (fixture, uri, &error);
  g_assert_no_error (error);
  before = reads_of (fixture, uri);
  bytes = load_skill (fixture, first, &error);
  g_assert_no_error (error);
  g_assert_cmpint (reads_of (fixture, uri), ==, before + 1);

  /* The kept copy matches: no read. */
  cached = load_skill (fixture, first, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (bytes, cached));
  g_assert_cmpint (reads_of (fixture, uri), ==, before + 1);

  /* The skill changed: the kept copy fails its new entry and is fetched
   * again, once. */
  second = get_skill (fixture, uri, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_skill_get_description (first), !=, mcp_skill_get_description (second));
  fresh = load_skill (fixture, second, &error);
  g_assert_no_error (error);
  g_assert_cmpint (reads_of (fixture, uri), ==, before + 2);
  text = g_bytes_get_data (fresh, &size);
  g_assert_nonnull (g_strstr_len (text, (gssize) size, mcp_skill_get_description (second)));
}

static void
test_get_unknown (gconstpointer data)
{
  Fixture *fixture = fixture_get (GPOINTER_TO_UINT (data));
  g_autoptr(McpSkill) skill = NULL;
  g_autoptr(GError) error = NULL;

  if (fixture == NULL)
    return;

  skill = get_skill (fixture, "skill://acme/nothing/SKILL.md", &error);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_PARAMS);
  g_assert_null (skill);
}

static void
test_dynamic (gconstpointer data)
{
  Fixture *fixture = fixture_get (GPOINTER_TO_UINT (data));
  g_autoptr(GListModel) list = NULL;
  g_autoptr(McpSkill) skill = NULL;
  g_autoptr(GBytes) skill_md = NULL;
  g_autoptr(GBytes) today = NULL;
  g_autoptr(GBytes) escape = NULL;
  g_autoptr(GError) error = NULL;

  if (fixture == NULL)
    return;

  list = list_skills (fixture);
  skill = find_skill (list, "dynamic-notes");
  skill_md = load_skill (fixture, skill, &error);
  g_assert_no_error (error);
  g_assert_true (mcp_skill_get_loaded (skill));

  today = read_file (fixture, skill, "skill://acme/dynamic-notes/today.md", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (today), ==, strlen ("today\n"));

  /* Only within the skill's directory. */
  escape = read_file (fixture, skill, "skill://acme/dynamic-notes/../pdf-processing/SKILL.md", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_null (escape);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();
  /* The server runs on node. */
  mcp_test_set_safety_timeout (60);

  for (guint r = 0; r < G_N_ELEMENTS (revisions); r++)
    {
#define ADD(name, func) \
      { \
        g_autofree char *path = g_strdup_printf ("/Mcp/Skills/%s/" name, revisions[r]); \
        g_test_add_data_func (path, GUINT_TO_POINTER (r), func); \
      }
      ADD ("list", test_list);
      ADD ("not-loaded", test_not_loaded);
      ADD ("load-and-read", test_load_and_read);
      ADD ("tampered", test_tampered);
      ADD ("refetch", test_refetch);
      ADD ("get-unknown", test_get_unknown);
      ADD ("dynamic", test_dynamic);
#undef ADD
    }

  status = g_test_run ();

  for (guint r = 0; r < G_N_ELEMENTS (fixtures); r++)
    fixture_close (&fixtures[r]);

  return status;
}
