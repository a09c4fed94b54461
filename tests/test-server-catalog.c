/* test-server-catalog.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpServerCatalog against a local registry (mcp-registry-test-server.py,
 * on loopback, serving the server.json entries of tests/data/registry/):
 * listing, paging, versions, the cache, hostile registries; McpCatalogEntry;
 * McpCatalogProposal: every kind of package and remote, the escaping of
 * the registry's `${`, consent, and the entry added to a configuration.
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <libsoup/soup.h>

#include "mcp-test-util.h"

static char *python_path;
static GSubprocess *server;
static char *base_url;
static char *cache_root;

static void
start_server (void)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "mcp-registry-test-server.py", NULL);
  g_autoptr(GDataInputStream) output = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;

  server = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                             &error, python_path, script, NULL);
  g_assert_no_error (error);
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  line = g_data_input_stream_read_line_utf8 (output, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  base_url = g_strdup_printf ("http://127.0.0.1:%s", line);
}

static void
stop_server (void)
{
  g_autoptr(GError) error = NULL;

  g_output_stream_close (g_subprocess_get_stdin_pipe (server), NULL, &error);
  g_assert_no_error (error);
  g_subprocess_wait (server, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (server));
  g_clear_object (&server);
}

/* A catalog of the test registry (with @mode, a misbehaviour, or NULL),
 * with a cache of its own. */
static McpServerCatalog *
new_catalog (const char *mode,
             const char *first_property,
             ...)
{
  g_autofree char *url = mode != NULL ? g_strdup_printf ("%s/%s", base_url, mode)
                                      : g_strdup (base_url);
  g_autofree char *cache = g_build_filename (cache_root, mode != NULL ? mode : "plain", NULL);
  McpServerCatalog *catalog = g_object_new (MCP_TYPE_SERVER_CATALOG,
                                            "base-url", url,
                                            "cache-directory", cache,
                                            "page-size", 4,
                                            NULL);
  va_list ap;

  va_start (ap, first_property);
  if (first_property != NULL)
    g_object_set_valist (G_OBJECT (catalog), first_property, ap);
  va_end (ap);

  return catalog;
}

static gboolean
load_page (McpCatalogResults  *results,
           GError            **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  gboolean has_more = mcp_catalog_results_get_has_more (results);

  mcp_catalog_results_load_more_async (results, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_catalog_results_get_loading (results) == has_more);
  mcp_test_await_result (&result, "a page of the registry");
  g_assert_false (mcp_catalog_results_get_loading (results));

  return mcp_catalog_results_load_more_finish (results, result, error);
}

/* Loads every page; returns how many it took, or 0 with @error set. */
static guint
load_all (McpCatalogResults  *results,
          GError            **error)
{
  guint n = 0;

  while (mcp_catalog_results_get_has_more (results))
    {
      n++;
      if (!load_page (results, error))
        return 0;
    }

  return n;
}

static McpCatalogEntry *
find_entry (GListModel *model,
            const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(McpCatalogEntry) entry = g_list_model_get_item (model, i);

      if (g_str_equal (mcp_catalog_entry_get_name (entry), name))
        return g_steal_pointer (&entry);
    }

  return NULL;
}

static McpCatalogEntry *
lookup (McpServerCatalog  *catalog,
        const char        *name,
        const char        *version,
        GError           **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_server_catalog_lookup_async (catalog, name, version, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "an entry of the registry");

  return mcp_server_catalog_lookup_finish (catalog, result, error);
}

static void
test_catalog_default (void)
{
  g_autoptr(McpServerCatalog) catalog = mcp_server_catalog_new (NULL);
  g_autofree char *cache = NULL;
  g_autofree char *expected = g_build_filename (g_get_user_cache_dir (), "mcp-glib", "registry",
                                                NULL);

  g_assert_cmpstr (mcp_server_catalog_get_base_url (catalog), ==, MCP_SERVER_CATALOG_DEFAULT_URL);
  g_object_get (catalog, "cache-directory", &cache, NULL);
  g_assert_true (g_str_has_prefix (cache, expected));
}

typedef struct
{
  GAsyncResult *result;
  guint         n_items;
} Completion;

/* Keeps the result, and how many items the model had when it came. */
static void
completion_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Completion *completion = user_data;

  completion->n_items = g_list_model_get_n_items (G_LIST_MODEL (source));
  completion->result = g_object_ref (result);
}

static void
test_catalog_search (void)
{
  g_autoptr(McpServerCatalog) catalog = new_catalog (NULL, NULL);
  g_autoptr(McpCatalogResults) results = mcp_server_catalog_search (catalog, NULL, NULL);
  g_autoptr(McpCatalogResults) weather = mcp_server_catalog_search (catalog, "WEATHER", NULL);
  g_autoptr(GDateTime) since = g_date_time_new_utc (2025, 12, 10, 0, 0, 0);
  g_autoptr(McpCatalogResults) recent = mcp_server_catalog_search (catalog, NULL, since);
  g_autoptr(McpCatalogEntry) airtable = NULL;
  g_autoptr(McpCatalogEntry) remote = NULL;
  g_autoptr(GError) error = NULL;
  guint n_changed = 0;

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (results)) == MCP_TYPE_CATALOG_ENTRY);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (results, MCP_TYPE_CATALOG_RESULTS));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (results)), ==, 0);
  g_assert_true (mcp_catalog_results_get_has_more (results));
  g_signal_connect_swapped (results, "items-changed", G_CALLBACK (g_atomic_int_inc), &n_changed);

  /* Pages of 4 entries: the first page only, on demand; the model has
   * them when the load is reported finished. */
  {
    Completion completion = { NULL, 0 };

    mcp_catalog_results_load_more_async (results, NULL, completion_cb, &completion);
    mcp_test_await_result (&completion.result, "the first page");
    g_assert_true (mcp_catalog_results_load_more_finish (results, completion.result, &error));
    g_assert_no_error (error);
    g_clear_object (&completion.result);
    g_assert_cmpuint (completion.n_items, ==, 4);
  }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (results)), ==, 4);
  g_assert_true (mcp_catalog_results_get_has_more (results));

  /* The rest: 13 servers, their latest versions, in 4 pages. */
  g_assert_cmpuint (load_all (results, &error), ==, 3);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (results)), ==, 13);
  g_assert_cmpuint (n_changed, ==, 4);
  g_assert_cmpuint (mcp_catalog_results_get_n_skipped (results), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (results), 13));
  /* Loading past the end adds nothing. */
  g_assert_true (load_page (results, &error));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (results)), ==, 13);

  airtable = find_entry (G_LIST_MODEL (results), "io.github.domdomegg/airtable-mcp-server");
  g_assert_nonnull (airtable);
  g_assert_cmpstr (mcp_catalog_entry_get_version (airtable), ==, "1.7.3");
  g_assert_true (mcp_catalog_entry_get_is_latest (airtable));
  g_assert_cmpint (mcp_catalog_entry_get_status (airtable), ==, MCP_CATALOG_STATUS_ACTIVE);
  g_assert_cmpstr (mcp_catalog_entry_get_publisher (airtable), ==, "io.github.domdomegg");
  g_assert_cmpstr (mcp_catalog_entry_get_repository_url (airtable), ==,
                   "https://github.com/domdomegg/airtable-mcp-server.git");
  g_assert_cmpstr (mcp_catalog_entry_get_description (airtable), ==,
                   "Read and write access to Airtable database schemas, tables, and records.");
  g_assert_null (mcp_catalog_entry_get_title (airtable));
  g_assert_null (mcp_catalog_entry_get_website_url (airtable));
  g_assert_nonnull (mcp_catalog_entry_get_updated_at (airtable));
  g_assert_true (json_object_has_member (mcp_catalog_entry_get_json (airtable), "packages"));
  g_assert_true (json_object_has_member (mcp_catalog_entry_get_meta (airtable),
                                         "io.modelcontextprotocol.registry/official"));

  remote = find_entry (G_LIST_MODEL (results), "io.github.user/remote-weather");
  g_assert_cmpstr (mcp_catalog_entry_get_title (remote), ==, "Remote Weather");
  g_assert_cmpstr (mcp_catalog_entry_get_website_url (remote), ==,
                   "https://modelcontextprotocol.io/examples");

  /* search, and updated_since. */
  g_assert_cmpuint (load_all (weather, &error), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (weather)), ==, 2);
  g_assert_cmpuint (load_all (recent, &error), >=, 1);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (recent)), >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (recent)), <, 13);
}

static void
test_catalog_versions (void)
{
  g_autoptr(McpServerCatalog) catalog = new_catalog (NULL, NULL);
  g_autoptr(McpCatalogResults) versions =
    mcp_server_catalog_list_versions (catalog, "io.github.domdomegg/airtable-mcp-server");
  g_autoptr(McpCatalogEntry) old = NULL;
  g_autoptr(McpCatalogEntry) latest = NULL;
  g_autoptr(McpCatalogEntry) retired = NULL;
  g_autoptr(McpCatalogEntry) missing = NULL;
  g_autoptr(McpCatalogProposal) proposal = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpuint (load_all (versions, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (versions)), ==, 2);
  old = g_list_model_get_item (G_LIST_MODEL (versions), 0);
  g_assert_cmpstr (mcp_catalog_entry_get_version (old), ==, "1.7.2");
  g_assert_cmpint (mcp_catalog_entry_get_status (old), ==, MCP_CATALOG_STATUS_DEPRECATED);
  g_assert_false (mcp_catalog_entry_get_is_latest (old));

  latest = lookup (catalog, "io.github.domdomegg/airtable-mcp-server", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_catalog_entry_get_version (latest), ==, "1.7.3");
  g_clear_object (&latest);
  latest = lookup (catalog, "io.github.domdomegg/airtable-mcp-server", "1.7.2", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_catalog_entry_get_version (latest), ==, "1.7.2");

  /* A deprecated entry may be proposed, and says so; a deleted one not. */
  proposal = mcp_server_catalog_propose (catalog, latest, NULL, &error);
  g_assert_no_error (error);
  text = mcp_catalog_proposal_to_string (proposal);
  g_assert_nonnull (strstr (text, "deprecated"));

  retired = lookup (catalog, "io.github.mcp-glib/retired", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_catalog_entry_get_status (retired), ==, MCP_CATALOG_STATUS_DELETED);
  g_assert_null (mcp_server_catalog_propose (catalog, retired, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);

  missing = lookup (catalog, "io.github.nobody/nothing", NULL, &error);
  g_assert_null (missing);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

static JsonObject *
get_stats (void)
{
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autofree char *url = g_strdup_printf ("%s/_stats", base_url);
  g_autoptr(SoupMessage) message = soup_message_new ("GET", url);
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  body = soup_session_send_and_read (session, message, NULL, &error);
  g_assert_no_error (error);
  text = g_strndup (g_bytes_get_data (body, NULL), g_bytes_get_size (body));

  return mcp_test_parse_object (text);
}

static void
test_catalog_cache (void)
{
  g_autoptr(JsonObject) before = get_stats ();
  g_autoptr(JsonObject) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *cache = g_build_filename (cache_root, "cached", NULL);
  g_autoptr(GDir) dir = NULL;

  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(McpServerCatalog) catalog = g_object_new (MCP_TYPE_SERVER_CATALOG,
                                                          "base-url", base_url,
                                                          "cache-directory", cache,
                                                          "cache-size", (guint64) 1024 * 1024,
                                                          NULL);
      g_autoptr(McpCatalogResults) results = mcp_server_catalog_search (catalog, "domdomegg", NULL);
      guint64 size;

      g_object_get (catalog, "cache-size", &size, NULL);
      g_assert_cmpuint (size, ==, 1024 * 1024);
      g_assert_cmpuint (load_all (results, &error), ==, 1);
      g_assert_no_error (error);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (results)), ==, 3);
    }

  /* The second catalog read the cache on disk, and revalidated it. */
  after = get_stats ();
  g_assert_cmpint (mcp_test_lookup_int_or_fail (after, "full") -
                   mcp_test_lookup_int_or_fail (before, "full"), ==, 1);
  g_assert_cmpint (mcp_test_lookup_int_or_fail (after, "not_modified") -
                   mcp_test_lookup_int_or_fail (before, "not_modified"), ==, 1);
  dir = g_dir_open (cache, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (g_dir_read_name (dir));
}

static void
test_catalog_hostile (void)
{
  struct {
    const char *mode;
    GQuark      domain;
    int         code;
    const char *message;
  } cases[] = {
    { "forever", G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, "more than 5 pages" },
    { "loop", G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "loop" },
    { "huge", G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, "larger than" },
    { "endless", G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, "larger than" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(McpServerCatalog) catalog = new_catalog (cases[i].mode,
                                                         "max-pages", 5,
                                                         "max-answer-size", (guint64) 1024 * 1024,
                                                         NULL);
      g_autoptr(McpCatalogResults) results = mcp_server_catalog_search (catalog, NULL, NULL);
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();

      g_test_message ("A registry that answers “%s”", cases[i].mode);
      g_assert_cmpuint (load_all (results, &error), ==, 0);
      g_assert_error (error, cases[i].domain, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].message));
      g_assert_false (mcp_catalog_results_get_has_more (results));
      g_assert_cmpint (mcp_test_elapsed_ms (start / 1000 * 1000), <, 20000);
    }

  /* Too many entries. */
  {
    g_autoptr(McpServerCatalog) catalog = new_catalog (NULL, "max-items", 6, NULL);
    g_autoptr(McpCatalogResults) results = mcp_server_catalog_search (catalog, NULL, NULL);
    g_autoptr(GError) error = NULL;

    g_assert_cmpuint (load_all (results, &error), ==, 0);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (results)), ==, 6);
  }

  /* A base URL that is no web address. */
  {
    g_autoptr(McpServerCatalog) catalog = mcp_server_catalog_new ("file:///etc");
    g_autoptr(McpCatalogResults) results = mcp_server_catalog_search (catalog, NULL, NULL);
    g_autoptr(GError) error = NULL;

    g_assert_false (load_page (results, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
}

static void
test_catalog_malformed (void)
{
  g_autoptr(McpServerCatalog) catalog = new_catalog ("malformed", NULL);
  g_autoptr(McpServerCatalog) invalid = new_catalog ("invalid", "page-size", 100, NULL);
  g_autoptr(McpCatalogResults) results = mcp_server_catalog_search (catalog, NULL, NULL);
  g_autoptr(McpCatalogResults) invalid_results = mcp_server_catalog_search (invalid, NULL, NULL);
  g_autoptr(McpCatalogEntry) file_remote = NULL;
  g_autoptr(GError) error = NULL;

  /* Each page has 5 malformed entries among its good ones. */
  g_assert_cmpuint (load_all (results, &error), ==, 4);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (results)), ==, 13);
  g_assert_cmpuint (mcp_catalog_results_get_n_skipped (results), ==, 4 * 5);

  /* A file: remote is listed, and refused when proposed, saying why. */
  g_assert_cmpuint (load_all (invalid_results, &error), ==, 1);
  g_assert_cmpuint (mcp_catalog_results_get_n_skipped (invalid_results), ==, 1);
  file_remote = find_entry (G_LIST_MODEL (invalid_results), "io.github.mcp-glib/file-remote");
  g_assert_nonnull (file_remote);
  g_assert_null (mcp_server_catalog_propose (invalid, file_remote, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, "file:///etc/passwd"));
  g_assert_nonnull (strstr (error->message, "https:"));
}

static McpCatalogProposal *
propose (McpServerCatalog  *catalog,
         const char        *name,
         GError           **error)
{
  g_autoptr(McpCatalogEntry) entry = lookup (catalog, name, NULL, error);

  if (entry == NULL)
    return NULL;

  return mcp_server_catalog_propose (catalog, entry, NULL, error);
}

static void
assert_strv (const char * const *got,
             const char * const *expected)
{
  g_autofree char *got_text = g_strjoinv ("|", (char **) got);
  g_autofree char *expected_text = g_strjoinv ("|", (char **) expected);

  g_assert_cmpstr (got_text, ==, expected_text);
}

static void
assert_argv (McpCatalogProposal *proposal,
             const char * const *expected)
{
  g_auto(GStrv) argv = mcp_catalog_proposal_dup_argv (proposal);

  assert_strv ((const char * const *) argv, expected);
}

static void
test_proposal_packages (void)
{
  g_autoptr(McpServerCatalog) catalog = new_catalog (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *podman = g_find_program_in_path ("podman");
  const char *oci = podman != NULL ? "podman" : "docker";

  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.domdomegg/airtable-mcp-server",
                                               &error);
    JsonArray *inputs;
    JsonObject *input;
    McpSandbox *sandbox;

    g_assert_no_error (error);
    assert_argv (p, (const char *[]) { "npx", "--yes", "airtable-mcp-server@1.7.3", NULL });
    g_assert_null (mcp_catalog_proposal_get_url (p));
    g_assert_null (mcp_catalog_proposal_get_headers (p));
    g_assert_cmpstr (mcp_server_config_get_name (mcp_catalog_proposal_get_config (p)), ==,
                     "airtable-mcp-server");
    g_assert_cmpstr (json_object_get_string_member (mcp_catalog_proposal_get_env (p),
                                                    "AIRTABLE_API_KEY"),
                     ==, "${input:airtable-mcp-server.AIRTABLE_API_KEY}");
    inputs = mcp_catalog_proposal_get_inputs (p);
    g_assert_cmpuint (json_array_get_length (inputs), ==, 1);
    input = json_array_get_object_element (inputs, 0);
    g_assert_cmpstr (json_object_get_string_member (input, "id"), ==,
                     "airtable-mcp-server.AIRTABLE_API_KEY");
    g_assert_cmpstr (json_object_get_string_member (input, "type"), ==, "promptString");
    g_assert_true (json_object_get_boolean_member (input, "password"));
    g_assert_true (mcp_catalog_proposal_get_entry (p) != NULL);
    /* The sandbox: the npm registry and its cache, nothing else. */
    sandbox = mcp_catalog_proposal_get_sandbox (p);
    g_assert_true (MCP_IS_SANDBOX (sandbox));
    assert_strv (mcp_sandbox_get_allowed_domains (sandbox),
                 (const char *[]) { "registry.npmjs.org", NULL });
    assert_strv (mcp_sandbox_get_write_paths (sandbox), (const char *[]) { "~/.npm", NULL });
    g_assert_true (mcp_sandbox_get_roots_writable (sandbox));
  }

  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.domdomegg/time-mcp-pypi", &error);

    g_assert_no_error (error);
    g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (p, MCP_TYPE_CATALOG_PROPOSAL));
    assert_argv (p, (const char *[]) { "uvx", "time-mcp-pypi==1.0.6", NULL });
    g_assert_null (mcp_catalog_proposal_get_env (p));
    assert_strv (mcp_sandbox_get_allowed_domains (mcp_catalog_proposal_get_sandbox (p)),
                 (const char *[]) { "pypi.org", "files.pythonhosted.org", NULL });
  }

  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.domdomegg/time-mcp-nuget", &error);

    g_assert_no_error (error);
    assert_argv (p, (const char *[]) { "dnx", "TimeMcpServer@1.0.8", "--yes", NULL });
  }

  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.mcp-glib/container", &error);

    g_assert_no_error (error);
    assert_argv (p, (const char *[]) { oci, "run", "-i", "--rm", "--network", "none",
                                       "-e", "CONTAINER_KEY",
                                       "ghcr.io/mcp-glib/container:3.1.0", "serve", NULL });
    g_assert_cmpstr (json_object_get_string_member (mcp_catalog_proposal_get_env (p),
                                                    "CONTAINER_KEY"),
                     ==, "${input:container.CONTAINER_KEY}");
    assert_strv (mcp_sandbox_get_allowed_domains (mcp_catalog_proposal_get_sandbox (p)),
                 (const char *[]) { "ghcr.io", "pkg-containers.githubusercontent.com", NULL });
  }

  /* A package index is passed when it is one, never the MCP registry. */
  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.mcp-glib/private-index", &error);

    g_assert_no_error (error);
    assert_argv (p, (const char *[]) { "uvx", "--default-index", "https://pypi.example.com/simple",
                                       "private-index==1.0.0", NULL });
  }
  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.mcp-glib/not-an-index", &error);

    g_assert_no_error (error);
    assert_argv (p, (const char *[]) { "npx", "--yes", "not-an-index@1.0.0", NULL });
  }

  /* An entry whose first package is an mcpb bundle… and the weather
   * example: positional argument without a value, named with one. */
  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.user/local-weather", &error);

    g_assert_no_error (error);
    assert_argv (p, (const char *[]) { "npx", "--yes", "@modelcontextprotocol/server-weather@1.0.0",
                                       "--port", "8080", NULL });
  }
}

static void
test_proposal_arguments (void)
{
  g_autoptr(McpServerCatalog) catalog = new_catalog (NULL, NULL);
  g_autoptr(McpCatalogProposal) p = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) inputs = NULL;
  JsonObject *env;
  g_autofree char *text = NULL;

  p = propose (catalog, "io.github.mcp-glib/every-argument", &error);
  g_assert_no_error (error);
  g_assert_null (mcp_server_config_get_error (mcp_catalog_proposal_get_config (p)));

  /* Shell metacharacters are plain text of one argument; `{dir}` is an
   * input, `--mode` a choice; `${…}` of the registry is escaped. */
  assert_argv (p, (const char *[]) {
    "npx", "--yes", "--node-options", "--max-old-space-size=512",
    "@mcp-glib/every-argument@2.0.1",
    "; rm -rf ~ && echo $(id) `uname` | cat > /tmp/x",
    "--root", "${input:every-argument.packageArguments1.--root.dir}/data",
    "--mode", "${input:every-argument.packageArguments2.--mode}",
    "--tag", "a",
    "--verbose",
    "${dollar}{env:HOME}",
    "${dollar}{input:stolen}",
    "${input:every-argument.packageArguments8.target}",
    NULL });

  env = mcp_catalog_proposal_get_env (p);
  g_assert_cmpstr (json_object_get_string_member (env, "EVERY_TOKEN"), ==,
                   "${input:every-argument.EVERY_TOKEN}");
  g_assert_cmpstr (json_object_get_string_member (env, "EVERY_HOME"), ==,
                   "${dollar}{env:HOME}/.every");
  g_assert_cmpstr (json_object_get_string_member (env, "EVERY_REGION"), ==, "us");
  g_assert_false (json_object_has_member (env, "EVERY_UNUSED"));

  inputs = json_node_init_array (json_node_alloc (), mcp_catalog_proposal_get_inputs (p));
  mcp_test_assert_json_equal (inputs,
    "[{\"id\": \"every-argument.packageArguments1.--root.dir\", \"description\": \"The data folder\","
    "  \"type\": \"promptString\"},"
    " {\"id\": \"every-argument.packageArguments2.--mode\","
    "  \"description\": \"--mode\", \"type\": \"pickString\","
    "  \"options\": [\"fast\", \"safe\"]},"
    " {\"id\": \"every-argument.packageArguments8.target\","
    "  \"description\": \"target\", \"type\": \"promptString\"},"
    " {\"id\": \"every-argument.EVERY_TOKEN\", \"description\": \"The API token\","
    "  \"type\": \"promptString\", \"password\": true}]");

  text = mcp_catalog_proposal_to_string (p);
  g_assert_nonnull (strstr (text, "Publisher: io.github.mcp-glib"));
  g_assert_nonnull (strstr (text, "Repository: https://github.com/mcp-glib/every-argument"));
  g_assert_nonnull (strstr (text, "'; rm -rf ~ && echo $(id) `uname` | cat > /tmp/x'"));
  g_assert_nonnull (strstr (text, "  Network only to: registry.npmjs.org\n"));
}

static void
test_proposal_remotes (void)
{
  g_autoptr(McpServerCatalog) catalog = new_catalog (NULL, NULL);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.user/remote-weather", &error);
    JsonObject *headers;
    JsonObject *input;

    g_assert_no_error (error);
    g_assert_null (mcp_catalog_proposal_dup_argv (p));
    g_assert_cmpstr (mcp_catalog_proposal_get_url (p), ==,
                     "https://${input:remote-weather.url.host}/mcp");
    g_assert_cmpint (mcp_server_config_get_transport_kind (mcp_catalog_proposal_get_config (p)),
                     ==, MCP_TRANSPORT_KIND_HTTP);
    headers = mcp_catalog_proposal_get_headers (p);
    g_assert_cmpstr (json_object_get_string_member (headers, "Authorization"), ==,
                     "${input:remote-weather.Authorization}");
    input = json_array_get_object_element (mcp_catalog_proposal_get_inputs (p), 0);
    g_assert_cmpstr (json_object_get_string_member (input, "default"), ==, "api.example.com");
    g_assert_null (mcp_catalog_proposal_get_env (p));
  }

  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.mcp-glib/plain-http", &error);

    g_assert_null (p);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
    g_assert_nonnull (strstr (error->message, "plain http"));
    g_assert_nonnull (strstr (error->message, "http://mcp.example.com/mcp"));
    g_clear_error (&error);
  }

  {
    g_autoptr(McpCatalogProposal) p = propose (catalog, "io.github.mcp-glib/loopback-http", &error);

    g_assert_no_error (error);
    g_assert_cmpint (mcp_server_config_get_transport_kind (mcp_catalog_proposal_get_config (p)),
                     ==, MCP_TRANSPORT_KIND_SSE);
    g_assert_cmpstr (json_object_get_string_member (mcp_catalog_proposal_get_headers (p),
                                                    "X-Api-Key"),
                     ==, "${dollar}{env:SECRET}");
  }
}

static McpCatalogProposal *
propose_async (McpServerCatalog  *catalog,
               const char        *name,
               GError           **error)
{
  g_autoptr(McpCatalogEntry) entry = lookup (catalog, name, NULL, error);
  g_autoptr(GAsyncResult) result = NULL;

  if (entry == NULL)
    return NULL;

  mcp_server_catalog_propose_async (catalog, entry, NULL, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "a proposal");

  return mcp_server_catalog_propose_finish (catalog, result, error);
}

static void
test_proposal_bundles (void)
{
  g_autofree char *bundles = g_build_filename (cache_root, "bundles", NULL);
  McpServerCatalog *catalog = new_catalog ("withbundles",
                                                     "bundle-directory", bundles,
                                                     "max-bundle-unpacked", (guint64) 1024 * 1024,
                                                     NULL);
  g_autoptr(McpServerRegistry) registry = mcp_server_registry_new_empty ();
  g_autofree char *config_path = g_build_filename (cache_root, "bundles.json", NULL);
  g_autoptr(GFile) config_file = g_file_new_for_path (config_path);
  g_autoptr(McpCatalogEntry) entry = NULL;
  g_autoptr(McpCatalogProposal) good = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *script = NULL;
  g_autofree char *tool = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *escaped = g_build_filename (cache_root, "escaped.txt", NULL);
  g_auto(GStrv) argv = NULL;
  g_autofree char *sha = NULL;
  guint64 bound;
  struct {
    const char *name;
    const char *message;
  } hostile[] = {
    { "io.github.mcp-glib/bundle-badhash", "SHA-256" },
    { "io.github.mcp-glib/bundle-dotdot", "goes up" },
    { "io.github.mcp-glib/bundle-absolute", "absolute" },
    { "io.github.mcp-glib/bundle-link", "link" },
    { "io.github.mcp-glib/bundle-huge", "more than the bound" },
  };

  g_object_get (catalog, "max-bundle-unpacked", &bound, NULL);
  g_assert_cmpuint (bound, ==, 1024 * 1024);
  g_object_get (catalog, "max-bundle-size", &bound, NULL);
  g_assert_cmpuint (bound, ==, 128 * 1024 * 1024);
  g_object_get (catalog, "bundle-directory", &sha, NULL);
  g_assert_cmpstr (sha, ==, bundles);
  g_clear_pointer (&sha, g_free);
  mcp_server_registry_add_file (registry, config_file);

  /* A bundle must be downloaded: only the asynchronous call does. */
  entry = lookup (catalog, "io.github.mcp-glib/bundle-good", NULL, &error);
  g_assert_no_error (error);
  g_assert_null (mcp_server_catalog_propose (catalog, entry, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);

  good = propose_async (catalog, "io.github.mcp-glib/bundle-good", &error);
  g_assert_no_error (error);
  argv = mcp_catalog_proposal_dup_argv (good);
  g_assert_cmpuint (g_strv_length (argv), ==, 5);
  g_assert_cmpstr (argv[0], ==, "node");
  g_assert_true (g_str_has_prefix (argv[1], bundles));
  g_assert_true (g_str_has_suffix (argv[1], "/server/index.js"));
  g_assert_cmpstr (argv[2], ==, "--key");
  g_assert_cmpstr (argv[3], ==, "${input:bundle-good.api_key}");
  g_assert_cmpstr (argv[4], ==, "${dollar}{env:HOME}");
  g_assert_true (json_object_get_boolean_member (
    json_array_get_object_element (mcp_catalog_proposal_get_inputs (good), 0), "password"));
  script = g_path_get_dirname (argv[1]);
  folder = g_path_get_dirname (script);
  g_free (script);
  script = g_strdup (argv[1]);

  /* Nothing is unpacked before the user agreed. */
  g_assert_false (g_file_test (bundles, G_FILE_TEST_EXISTS));
  mcp_catalog_proposal_confirm (good);
  g_assert_true (mcp_catalog_proposal_add (good, registry, config_file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (script, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "console.log('hello');\n");
  tool = g_build_filename (folder, "bin", "tool", NULL);
  g_assert_true (g_file_test (tool, G_FILE_TEST_IS_EXECUTABLE));
  g_assert_false (g_file_test (escaped, G_FILE_TEST_EXISTS));
  g_assert_nonnull (mcp_server_registry_lookup (registry, "bundle-good"));

  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autoptr(McpCatalogProposal) p = NULL;

      g_test_message ("The bundle %s", hostile[i].name);
      p = propose_async (catalog, hostile[i].name, &error);
      g_assert_null (p);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      g_assert_nonnull (strstr (error->message, hostile[i].message));
      g_clear_error (&error);
    }
  g_assert_false (g_file_test (escaped, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test ("/tmp/absolute.txt", G_FILE_TEST_EXISTS));

  /* A file larger than its header says is found out when unpacked: nothing
   * of it stays. */
  {
    g_autoptr(McpCatalogProposal) lying = propose_async (catalog, "io.github.mcp-glib/bundle-lying",
                                                         &error);
    g_autoptr(GDir) dir = NULL;
    guint n = 0;

    g_assert_no_error (error);
    mcp_catalog_proposal_confirm (lying);
    g_assert_false (mcp_catalog_proposal_add (lying, registry, config_file, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_nonnull (strstr (error->message, "not as large as it says"));
    g_clear_error (&error);
    g_assert_null (mcp_server_registry_lookup (registry, "bundle-lying"));
    dir = g_dir_open (bundles, 0, NULL);
    while (g_dir_read_name (dir) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 1);
  }

  g_clear_object (&good);
  g_clear_object (&entry);
  g_assert_finalize_object (catalog);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    user_data)
{
  (*(guint *) user_data)++;
}

/* The sandbox a local server is proposed with is an McpSandbox, which the
 * user may change or turn off; it is saved with the entry, and the
 * transport the entry makes runs in it. A remote has none. */
static void
test_proposal_sandbox (void)
{
  g_autoptr(McpServerCatalog) catalog = new_catalog (NULL, NULL);
  g_autoptr(McpCatalogProposal) p = NULL;
  g_autoptr(McpCatalogProposal) off = NULL;
  g_autoptr(McpCatalogProposal) remote = NULL;
  g_autoptr(McpServerRegistry) registry = mcp_server_registry_new_empty ();
  g_autoptr(McpServerRegistry) reread = mcp_server_registry_new_empty ();
  g_autoptr(McpSandbox) read_back = NULL;
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("catalog-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "servers.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  McpServerConfig *config;
  McpSandbox *sandbox;
  JsonObject *policy;
  guint notified = 0;

  g_assert_no_error (error);
  mcp_server_registry_add_file (registry, file);

  p = propose (catalog, "io.github.domdomegg/airtable-mcp-server", &error);
  g_assert_no_error (error);
  sandbox = mcp_catalog_proposal_get_sandbox (p);
  g_assert_true (MCP_IS_SANDBOX (sandbox));

  /* The configuration shown is the one that would be written. */
  config = mcp_catalog_proposal_get_config (p);
  g_assert_true (mcp_server_config_get_sandbox_enabled (config));
  policy = json_object_get_object_member (mcp_server_config_get_json (config), "sandbox");
  g_assert_cmpstr (json_array_get_string_element (
                     json_object_get_array_member (json_object_get_object_member (policy, "network"),
                                                   "allowedDomains"), 0),
                   ==, "registry.npmjs.org");
  text = mcp_catalog_proposal_to_string (p);
  g_assert_nonnull (strstr (text, "Network only to: registry.npmjs.org\n"));
  g_assert_nonnull (strstr (text, "Writes to: ~/.npm\n"));
  g_clear_pointer (&text, g_free);

  /* The user changes it in the dialog: the configuration follows. */
  mcp_sandbox_add_write_path (sandbox, "~/airtable-exports");
  mcp_sandbox_add_denied_domain (sandbox, "gist.github.com");
  policy = json_object_get_object_member (mcp_server_config_get_json (config), "sandbox");
  g_assert_cmpuint (json_array_get_length (
                      json_object_get_array_member (json_object_get_object_member (policy,
                                                                                   "filesystem"),
                                                    "allowWrite")), ==, 2);

  mcp_catalog_proposal_set_input (p, "airtable-mcp-server.AIRTABLE_API_KEY", "key");
  mcp_catalog_proposal_confirm (p);
  g_assert_true (mcp_catalog_proposal_add (p, registry, file, &error));
  g_assert_no_error (error);
  mcp_test_save_registry (registry);

  /* Saved in VS Code's keys, read back as the same policy. */
  mcp_server_registry_add_file (reread, file);
  config = mcp_server_registry_lookup (reread, "airtable-mcp-server");
  g_assert_nonnull (config);
  g_assert_true (mcp_server_config_get_sandbox_enabled (config));
  read_back = mcp_server_config_dup_sandbox (config, &error);
  g_assert_no_error (error);
  assert_strv (mcp_sandbox_get_allowed_domains (read_back),
               (const char *[]) { "registry.npmjs.org", NULL });
  assert_strv (mcp_sandbox_get_denied_domains (read_back),
               (const char *[]) { "gist.github.com", NULL });
  assert_strv (mcp_sandbox_get_write_paths (read_back),
               (const char *[]) { "~/.npm", "~/airtable-exports", NULL });
  mcp_server_registry_set_input (reread, "airtable-mcp-server.AIRTABLE_API_KEY", "key");
  transport = mcp_server_config_create_transport (config, &error);
  g_assert_no_error (error);
  g_assert_nonnull (mcp_stdio_transport_get_sandbox (MCP_STDIO_TRANSPORT (transport)));

  /* No sandbox is the user's explicit choice: nothing of one is written. */
  off = propose (catalog, "io.github.domdomegg/time-mcp-pypi", &error);
  g_assert_no_error (error);
  g_signal_connect (off, "notify::sandbox", G_CALLBACK (count_notify), &notified);
  mcp_catalog_proposal_set_sandbox (off, NULL);
  mcp_catalog_proposal_set_sandbox (off, NULL);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_null (mcp_catalog_proposal_get_sandbox (off));
  config = mcp_catalog_proposal_get_config (off);
  g_assert_false (mcp_server_config_get_sandbox_enabled (config));
  g_assert_false (json_object_has_member (mcp_server_config_get_json (config), "sandbox"));
  text = mcp_catalog_proposal_to_string (off);
  g_assert_nonnull (strstr (text, "Sandbox: none"));
  g_clear_pointer (&text, g_free);
  /* …and another policy may be given instead. */
  {
    g_autoptr(McpSandbox) mine = mcp_sandbox_new ();

    mcp_sandbox_add_allowed_domain (mine, "pypi.example.com");
    mcp_catalog_proposal_set_sandbox (off, mine);
    g_assert_true (mcp_catalog_proposal_get_sandbox (off) == mine);
    g_assert_true (mcp_server_config_get_sandbox_enabled (config));
  }

  /* Docker Hub serves an image's layers from hosts of its own. */
  {
    g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"name\": \"io.github.mcp-glib/hub\", \"version\": \"1.0.0\", \"description\": \"d\","
      " \"packages\": [{\"registryType\": \"oci\", \"identifier\": \"mcp-glib/hub:1.0.0\","
      "   \"transport\": {\"type\": \"stdio\"}}]}");
    g_autoptr(McpCatalogEntry) entry = mcp_catalog_entry_new_from_json (json, &error);
    g_autoptr(McpCatalogProposal) hub = NULL;

    g_assert_no_error (error);
    hub = mcp_server_catalog_propose (catalog, entry, NULL, &error);
    g_assert_no_error (error);
    assert_strv (mcp_sandbox_get_allowed_domains (mcp_catalog_proposal_get_sandbox (hub)),
                 (const char *[]) { "docker.io", "*.docker.io", "production.cloudflare.docker.com",
                                    NULL });
  }

  /* A package index URL without a host ("https:///npm" parses) is no index:
   * it is not given to npx, and the sandbox gets no empty domain. */
  {
    g_autoptr(JsonObject) json = mcp_test_parse_object (
      "{\"name\": \"io.github.mcp-glib/empty-host\", \"version\": \"1.0.0\", \"description\": \"d\","
      " \"packages\": [{\"registryType\": \"npm\", \"registryBaseUrl\": \"https:///npm\","
      "   \"identifier\": \"empty-host\", \"version\": \"1.0.0\","
      "   \"transport\": {\"type\": \"stdio\"}}]}");
    g_autoptr(McpCatalogEntry) entry = mcp_catalog_entry_new_from_json (json, &error);
    g_autoptr(McpCatalogProposal) npm = NULL;
    g_auto(GStrv) args = NULL;

    g_assert_no_error (error);
    npm = mcp_server_catalog_propose (catalog, entry, NULL, &error);
    g_assert_no_error (error);
    assert_strv (mcp_sandbox_get_allowed_domains (mcp_catalog_proposal_get_sandbox (npm)),
                 (const char *[]) { "registry.npmjs.org", NULL });
    args = mcp_server_config_dup_args (mcp_catalog_proposal_get_config (npm));
    assert_strv ((const char * const *) args,
                 (const char *[]) { "--yes", "empty-host@1.0.0", NULL });
  }

  /* A remote is not a process: no sandbox. */
  remote = propose (catalog, "io.github.user/remote-weather", &error);
  g_assert_no_error (error);
  g_assert_null (mcp_catalog_proposal_get_sandbox (remote));
  g_assert_false (mcp_server_config_get_sandbox_enabled (mcp_catalog_proposal_get_config (remote)));

  g_assert_true (g_file_delete (file, NULL, NULL));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_proposal_consent (void)
{
  g_autoptr(McpServerCatalog) catalog = new_catalog (NULL, NULL);
  g_autoptr(McpCatalogProposal) p = NULL;
  g_autoptr(McpServerRegistry) registry = mcp_server_registry_new_empty ();
  g_autoptr(McpServerRegistry) reread = mcp_server_registry_new_empty ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("catalog-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "servers.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  g_autoptr(McpTransport) transport = NULL;
  g_auto(GStrv) environ = NULL;
  g_auto(GStrv) ids = NULL;
  McpServerConfig *added;
  const char * const *argv;
  const char *original =
    "{\n"
    "  // The user's own servers.\n"
    "  \"mcpServers\": {\n"
    "    \"mine\": { \"command\": \"my-server\", \"args\": [\"--x\"] }\n"
    "  },\n"
    "  \"inputs\": [ { \"id\": \"mine.token\", \"type\": \"promptString\" } ],\n"
    "  \"other\": true\n"
    "}\n";

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, original, -1, &error));
  mcp_server_registry_add_file (registry, file);

  p = propose (catalog, "io.github.mcp-glib/every-argument", &error);
  g_assert_no_error (error);
  mcp_catalog_proposal_set_input (p, "every-argument.EVERY_TOKEN", "s3cret-token");
  mcp_catalog_proposal_set_input (p, "every-argument.packageArguments1.--root.dir", "/srv");
  mcp_catalog_proposal_set_input (p, "every-argument.packageArguments2.--mode", "safe");
  mcp_catalog_proposal_set_input (p, "every-argument.packageArguments8.target", "t");
  mcp_catalog_proposal_set_input (p, "forgotten", "x");
  mcp_catalog_proposal_set_input (p, "forgotten", NULL);

  /* Nothing is added before the user agreed. */
  g_assert_false (mcp_catalog_proposal_get_confirmed (p));
  g_assert_false (mcp_catalog_proposal_add (p, registry, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);
  g_assert_null (mcp_server_registry_lookup (registry, "every-argument"));
  g_assert_false (mcp_server_registry_has_unsaved_changes (registry));

  mcp_catalog_proposal_confirm (p);
  g_assert_true (mcp_catalog_proposal_get_confirmed (p));
  g_assert_true (mcp_catalog_proposal_add (p, registry, file, &error));
  g_assert_no_error (error);
  g_assert_false (mcp_catalog_proposal_add (p, registry, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  added = mcp_server_registry_lookup (registry, "every-argument");
  g_assert_nonnull (added);
  g_assert_null (mcp_server_config_get_error (added));

  /* Written only when saved; the rest of the file is kept. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, original);
  g_clear_pointer (&contents, g_free);
  mcp_test_save_registry (registry);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "// The user's own servers."));
  g_assert_nonnull (strstr (contents, "\"mine\": { \"command\": \"my-server\", \"args\": [\"--x\"] }"));
  g_assert_nonnull (strstr (contents, "\"other\": true"));
  g_assert_nonnull (strstr (contents, "\"mine.token\""));
  g_assert_nonnull (strstr (contents, "\"every-argument.EVERY_TOKEN\""));
  /* No secret in the file. */
  g_assert_null (strstr (contents, "s3cret-token"));

  /* Read again: the server is there, its inputs declared, no problem. */
  mcp_server_registry_add_file (reread, file);
  added = mcp_server_registry_lookup (reread, "every-argument");
  g_assert_nonnull (added);
  g_assert_null (mcp_server_config_get_error (added));
  g_assert_cmpuint (g_list_model_get_n_items (mcp_server_registry_get_problems (reread)), ==, 0);
  ids = mcp_server_config_dup_input_ids (added);
  g_assert_true (g_strv_contains ((const char * const *) ids, "every-argument.EVERY_TOKEN"));
  g_assert_false (g_strv_contains ((const char * const *) ids, "stolen"));

  /* Expanded, the registry's `${env:…}` and `${input:…}` stay text: the
   * entry cannot read the user's environment or other inputs. */
  added = mcp_server_registry_lookup (registry, "every-argument");
  transport = mcp_server_config_create_transport (added, &error);
  g_assert_no_error (error);
  argv = mcp_stdio_transport_get_argv (MCP_STDIO_TRANSPORT (transport));
  g_assert_cmpstr (argv[5], ==, "; rm -rf ~ && echo $(id) `uname` | cat > /tmp/x");
  g_assert_cmpstr (argv[7], ==, "/srv/data");
  g_assert_cmpstr (argv[9], ==, "safe");
  g_assert_cmpstr (argv[13], ==, "${env:HOME}");
  g_assert_cmpstr (argv[14], ==, "${input:stolen}");
  g_assert_cmpstr (argv[15], ==, "t");
  environ = mcp_stdio_transport_build_environ (MCP_STDIO_TRANSPORT (transport));
  g_assert_cmpstr (g_environ_getenv (environ, "EVERY_HOME"), ==, "${env:HOME}/.every");
  g_assert_cmpstr (g_environ_getenv (environ, "EVERY_TOKEN"), ==, "s3cret-token");

  g_assert_true (g_file_delete (file, NULL, NULL));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GFile) cache = NULL;
  int ret;

  /* The user's cache and configuration are never touched. */
  cache_root = g_dir_make_tmp ("catalog-cache-XXXXXX", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_root, TRUE);
  g_setenv ("XDG_CONFIG_HOME", cache_root, TRUE);
  /* The registry is on loopback: no proxy, and no thread to look one up. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  python_path = mcp_test_find_python ();
  if (python_path == NULL)
    {
      g_print ("1..0 # SKIP python3 is needed to run the test registry\n");
      g_rmdir (cache_root);
      return 0;
    }
  start_server ();

  g_test_add_func ("/catalog/default", test_catalog_default);
  g_test_add_func ("/catalog/search", test_catalog_search);
  g_test_add_func ("/catalog/versions", test_catalog_versions);
  g_test_add_func ("/catalog/cache", test_catalog_cache);
  g_test_add_func ("/catalog/hostile", test_catalog_hostile);
  g_test_add_func ("/catalog/malformed", test_catalog_malformed);
  g_test_add_func ("/catalog/proposal/packages", test_proposal_packages);
  g_test_add_func ("/catalog/proposal/arguments", test_proposal_arguments);
  g_test_add_func ("/catalog/proposal/remotes", test_proposal_remotes);
  g_test_add_func ("/catalog/proposal/consent", test_proposal_consent);
  g_test_add_func ("/catalog/proposal/sandbox", test_proposal_sandbox);
  g_test_add_func ("/catalog/proposal/bundles", test_proposal_bundles);

  ret = g_test_run ();

  /* What the sessions of the last test close is let go of. */
  mcp_test_iterate_for (200);
  stop_server ();
  cache = g_file_new_for_path (cache_root);
  mcp_test_remove_tree (cache);
  g_clear_pointer (&cache_root, g_free);
  g_clear_pointer (&base_url, g_free);
  g_clear_pointer (&python_path, g_free);

  return ret;
}
