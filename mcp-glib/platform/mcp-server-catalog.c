/* mcp-server-catalog.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A client of an MCP registry's read API (GET /v0.1/servers …) on libsoup,
 * with its answers in an on-disk HTTP cache, and answers bounded in size.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "mcp-catalog-bundle-private.h"
#include "mcp-catalog-mapping-private.h"
#include "mcp-json-private.h"
#include "mcp-server-catalog-private.h"

/**
 * McpServerCatalog:
 *
 * A client of an MCP registry, such as the official MCP Registry at
 * [const@Mcp.SERVER_CATALOG_DEFAULT_URL] or a registry an enterprise runs
 * itself: it searches the servers the registry lists, looks up a server's
 * versions, and turns an entry into a configuration that the user sees
 * and confirms before it is added ([method@Mcp.ServerCatalog.propose]).
 *
 * It uses the registry's read API, version `v0.1`:
 * `GET /v0.1/servers` (with `search`, `limit`, `cursor`, `version=latest`
 * and `updated_since`), `GET /v0.1/servers/{name}/versions` and
 * `GET /v0.1/servers/{name}/versions/{version}`. Results are a
 * [class@Mcp.CatalogResults], a [iface@Gio.ListModel] that loads a page
 * when asked.
 *
 * Answers are kept in an HTTP cache on disk, in the user's cache folder
 * (`$XDG_CACHE_HOME/mcp-glib/registry/`), revalidated with the registry as
 * HTTP says (`ETag`, `Last-Modified`, `Cache-Control: max-age`), and
 * bounded by [property@Mcp.ServerCatalog:cache-size]. What a registry
 * sends is bounded too: an answer larger than
 * [property@Mcp.ServerCatalog:max-answer-size], more pages than
 * [property@Mcp.ServerCatalog:max-pages] or more entries than
 * [property@Mcp.ServerCatalog:max-items] end the listing with an error.
 *
 * Since: 1.0
 */

struct _McpServerCatalog
{
  GObject           parent_instance;

  char             *base_url;
  char             *cache_directory;
  char             *bundle_directory;
  guint64           cache_size;
  guint64           max_bundle_size;
  guint64           max_bundle_unpacked;
  McpCatalogLimits  limits;
  SoupSession      *session;
  SoupCache        *cache;
};

G_DEFINE_FINAL_TYPE (McpServerCatalog, mcp_server_catalog, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BASE_URL,
  PROP_CACHE_DIRECTORY,
  PROP_CACHE_SIZE,
  PROP_MAX_PAGES,
  PROP_MAX_ITEMS,
  PROP_MAX_ANSWER_SIZE,
  PROP_PAGE_SIZE,
  PROP_BUNDLE_DIRECTORY,
  PROP_MAX_BUNDLE_SIZE,
  PROP_MAX_BUNDLE_UNPACKED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define READ_CHUNK 65536

static void
mcp_server_catalog_constructed (GObject *object)
{
  McpServerCatalog *self = (McpServerCatalog *)object;

  G_OBJECT_CLASS (mcp_server_catalog_parent_class)->constructed (object);

  if (self->base_url == NULL)
    self->base_url = g_strdup (MCP_SERVER_CATALOG_DEFAULT_URL);
  while (g_str_has_suffix (self->base_url, "/"))
    self->base_url[strlen (self->base_url) - 1] = '\0';

  if (self->cache_directory == NULL)
    {
      g_autofree char *key = g_compute_checksum_for_string (G_CHECKSUM_SHA256, self->base_url, -1);

      key[16] = '\0';
      self->cache_directory = g_build_filename (g_get_user_cache_dir (), "mcp-glib", "registry",
                                                key, NULL);
    }

  if (self->bundle_directory == NULL)
    self->bundle_directory = g_build_filename (g_get_user_data_dir (), "mcp-glib", "bundles", NULL);

  self->session = soup_session_new_with_options ("timeout", 30,
                                                 "user-agent", "mcp-glib/" PACKAGE_VERSION " ",
                                                 NULL);
  if (*self->cache_directory != '\0')
    {
      self->cache = soup_cache_new (self->cache_directory, SOUP_CACHE_SINGLE_USER);
      soup_cache_set_max_size (self->cache, (guint) MIN (self->cache_size, G_MAXUINT));
      soup_cache_load (self->cache);
      soup_session_add_feature (self->session, SOUP_SESSION_FEATURE (self->cache));
    }
}

static void
mcp_server_catalog_finalize (GObject *object)
{
  McpServerCatalog *self = (McpServerCatalog *)object;

  /* The answers being written go to disk with the index of the cache. */
  if (self->cache != NULL)
    {
      soup_cache_flush (self->cache);
      soup_cache_dump (self->cache);
    }
  g_clear_object (&self->session);
  g_clear_object (&self->cache);
  g_clear_pointer (&self->base_url, g_free);
  g_clear_pointer (&self->cache_directory, g_free);
  g_clear_pointer (&self->bundle_directory, g_free);

  G_OBJECT_CLASS (mcp_server_catalog_parent_class)->finalize (object);
}

static void
mcp_server_catalog_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  McpServerCatalog *self = MCP_SERVER_CATALOG (object);

  switch (prop_id)
    {
    case PROP_BASE_URL:
      g_value_set_string (value, self->base_url);
      break;
    case PROP_CACHE_DIRECTORY:
      g_value_set_string (value, self->cache_directory);
      break;
    case PROP_CACHE_SIZE:
      g_value_set_uint64 (value, self->cache_size);
      break;
    case PROP_MAX_PAGES:
      g_value_set_uint (value, self->limits.max_pages);
      break;
    case PROP_MAX_ITEMS:
      g_value_set_uint (value, self->limits.max_items);
      break;
    case PROP_MAX_ANSWER_SIZE:
      g_value_set_uint64 (value, self->limits.max_answer_size);
      break;
    case PROP_PAGE_SIZE:
      g_value_set_uint (value, self->limits.page_size);
      break;
    case PROP_BUNDLE_DIRECTORY:
      g_value_set_string (value, self->bundle_directory);
      break;
    case PROP_MAX_BUNDLE_SIZE:
      g_value_set_uint64 (value, self->max_bundle_size);
      break;
    case PROP_MAX_BUNDLE_UNPACKED:
      g_value_set_uint64 (value, self->max_bundle_unpacked);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_server_catalog_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  McpServerCatalog *self = MCP_SERVER_CATALOG (object);

  switch (prop_id)
    {
    case PROP_BASE_URL:
      g_free (self->base_url);
      self->base_url = g_value_dup_string (value);
      break;
    case PROP_CACHE_DIRECTORY:
      g_free (self->cache_directory);
      self->cache_directory = g_value_dup_string (value);
      break;
    case PROP_CACHE_SIZE:
      self->cache_size = g_value_get_uint64 (value);
      if (self->cache != NULL)
        soup_cache_set_max_size (self->cache, (guint) MIN (self->cache_size, G_MAXUINT));
      break;
    case PROP_MAX_PAGES:
      self->limits.max_pages = g_value_get_uint (value);
      break;
    case PROP_MAX_ITEMS:
      self->limits.max_items = g_value_get_uint (value);
      break;
    case PROP_MAX_ANSWER_SIZE:
      self->limits.max_answer_size = g_value_get_uint64 (value);
      break;
    case PROP_PAGE_SIZE:
      self->limits.page_size = g_value_get_uint (value);
      break;
    case PROP_BUNDLE_DIRECTORY:
      g_free (self->bundle_directory);
      self->bundle_directory = g_value_get_string (value) != NULL
        ? g_value_dup_string (value)
        : g_build_filename (g_get_user_data_dir (), "mcp-glib", "bundles", NULL);
      break;
    case PROP_MAX_BUNDLE_SIZE:
      self->max_bundle_size = g_value_get_uint64 (value);
      break;
    case PROP_MAX_BUNDLE_UNPACKED:
      self->max_bundle_unpacked = g_value_get_uint64 (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_server_catalog_class_init (McpServerCatalogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = mcp_server_catalog_constructed;
  object_class->finalize = mcp_server_catalog_finalize;
  object_class->get_property = mcp_server_catalog_get_property;
  object_class->set_property = mcp_server_catalog_set_property;

  /**
   * McpServerCatalog:base-url:
   *
   * The base URL of the registry, without `/v0.1`; %NULL at construction
   * means the official MCP Registry.
   *
   * Since: 1.0
   */
  properties[PROP_BASE_URL] =
    g_param_spec_string ("base-url", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * McpServerCatalog:cache-directory:
   *
   * The folder of the cache of answers: by default a folder of the
   * registry in `$XDG_CACHE_HOME/mcp-glib/registry/`. An empty string
   * turns the cache off.
   *
   * Since: 1.0
   */
  properties[PROP_CACHE_DIRECTORY] =
    g_param_spec_string ("cache-directory", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * McpServerCatalog:cache-size:
   *
   * The most bytes the cache keeps on disk; older answers go first.
   *
   * Since: 1.0
   */
  properties[PROP_CACHE_SIZE] =
    g_param_spec_uint64 ("cache-size", NULL, NULL, 0, G_MAXUINT, 32 * 1024 * 1024,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);

  /**
   * McpServerCatalog:max-pages:
   *
   * The most pages one listing loads: a registry that gives more (one
   * that pages for ever) ends the listing with an error.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_PAGES] =
    g_param_spec_uint ("max-pages", NULL, NULL, 1, G_MAXUINT, 200,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);

  /**
   * McpServerCatalog:max-items:
   *
   * The most entries one listing holds.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_ITEMS] =
    g_param_spec_uint ("max-items", NULL, NULL, 1, G_MAXUINT, 20000,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);

  /**
   * McpServerCatalog:max-answer-size:
   *
   * The most bytes one answer of the registry may have; a larger one is an
   * error, read no further.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_ANSWER_SIZE] =
    g_param_spec_uint64 ("max-answer-size", NULL, NULL, 1024, G_MAXSIZE, 8 * 1024 * 1024,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);

  /**
   * McpServerCatalog:page-size:
   *
   * How many entries a page asks for (the API's `limit`).
   *
   * Since: 1.0
   */
  properties[PROP_PAGE_SIZE] =
    g_param_spec_uint ("page-size", NULL, NULL, 1, 100, 50,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);

  /**
   * McpServerCatalog:bundle-directory:
   *
   * Where MCP bundles (mcpb) are unpacked, each in a folder named after
   * its hash: by default `$XDG_DATA_HOME/mcp-glib/bundles`.
   *
   * Since: 1.0
   */
  properties[PROP_BUNDLE_DIRECTORY] =
    g_param_spec_string ("bundle-directory", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);

  /**
   * McpServerCatalog:max-bundle-size:
   *
   * The most bytes an MCP bundle may have when downloaded.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_BUNDLE_SIZE] =
    g_param_spec_uint64 ("max-bundle-size", NULL, NULL, 1024, G_MAXSIZE, 128 * 1024 * 1024,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);

  /**
   * McpServerCatalog:max-bundle-unpacked:
   *
   * The most bytes the files of an MCP bundle may unpack to.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_BUNDLE_UNPACKED] =
    g_param_spec_uint64 ("max-bundle-unpacked", NULL, NULL, 1024, MCP_CATALOG_BUNDLE_MAX_UNPACKED,
                         MCP_CATALOG_BUNDLE_MAX_UNPACKED,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_server_catalog_init (McpServerCatalog *self)
{
}

/**
 * mcp_server_catalog_new:
 * @base_url: (nullable): the registry's base URL (`https://…`, without
 *   `/v0.1`), or %NULL for the official MCP Registry
 *
 * Creates a client of a registry. Nothing is requested yet.
 *
 * Returns: (transfer full): a new catalog
 *
 * Since: 1.0
 */
McpServerCatalog *
mcp_server_catalog_new (const char *base_url)
{
  return g_object_new (MCP_TYPE_SERVER_CATALOG, "base-url", base_url, NULL);
}

/**
 * mcp_server_catalog_get_base_url:
 * @self: a catalog
 *
 * Gets the registry's base URL.
 *
 * Returns: the URL
 *
 * Since: 1.0
 */
const char *
mcp_server_catalog_get_base_url (McpServerCatalog *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CATALOG (self), NULL);

  return self->base_url;
}

const McpCatalogLimits *
_mcp_server_catalog_get_limits (McpServerCatalog *self)
{
  return &self->limits;
}

/* Fetching one answer */

typedef struct
{
  SoupMessage  *message;
  GInputStream *stream;
  GByteArray   *body;
  guint64       max_size;
  gboolean      raw;      /* bytes, not JSON */
} Fetch;

static void
fetch_free (gpointer data)
{
  Fetch *fetch = data;

  g_clear_object (&fetch->message);
  g_clear_object (&fetch->stream);
  g_clear_pointer (&fetch->body, g_byte_array_unref);
  g_free (fetch);
}

static void
fetch_fail_too_large (GTask *task)
{
  Fetch *fetch = g_task_get_task_data (task);
  g_autofree char *size = g_format_size (fetch->max_size);

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                           _("The registry’s answer is larger than %s"), size);
}

static void read_next (GTask *task);

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Fetch *fetch = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) node = NULL;

  if ((bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error)) == NULL)
    {
      g_prefix_error (&error, _("Cannot read the registry’s answer: "));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (g_bytes_get_size (bytes) > 0)
    {
      if (fetch->body->len + g_bytes_get_size (bytes) > fetch->max_size)
        {
          fetch_fail_too_large (task);
          return;
        }
      g_byte_array_append (fetch->body, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      read_next (g_steal_pointer (&task));
      return;
    }

  if (fetch->raw)
    {
      g_task_return_pointer (task, g_byte_array_free_to_bytes (g_steal_pointer (&fetch->body)),
                             (GDestroyNotify) g_bytes_unref);
      return;
    }

  if ((node = _mcp_json_parse_message ((const char *) fetch->body->data, fetch->body->len,
                                       &error)) == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The registry’s answer is not JSON: %s"), error->message);
      return;
    }
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                       "%s", _("The registry’s answer is not a JSON object"));
      return;
    }

  g_task_return_pointer (task, g_steal_pointer (&node), (GDestroyNotify) json_node_unref);
}

static void
read_next (GTask *task)
{
  Fetch *fetch = g_task_get_task_data (task);

  g_input_stream_read_bytes_async (fetch->stream, READ_CHUNK, G_PRIORITY_DEFAULT,
                                   g_task_get_cancellable (task), read_cb, task);
}

static void
send_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Fetch *fetch = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  SoupMessageHeaders *headers;
  goffset length;
  guint status;

  if ((fetch->stream = soup_session_send_finish (SOUP_SESSION (object), result, &error)) == NULL)
    {
      g_prefix_error (&error, _("Cannot reach the registry: "));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  status = soup_message_get_status (fetch->message);
  if (status == SOUP_STATUS_NOT_FOUND)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                                       "%s", _("The registry has no such server or version"));
      return;
    }
  if (!SOUP_STATUS_IS_SUCCESSFUL (status))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("The registry answered %u %s"), status,
                               soup_message_get_reason_phrase (fetch->message) ?: "");
      return;
    }

  headers = soup_message_get_response_headers (fetch->message);
  length = soup_message_headers_get_content_length (headers);
  if (length > 0 && (guint64) length > fetch->max_size)
    {
      fetch_fail_too_large (task);
      return;
    }

  fetch->body = g_byte_array_new ();
  read_next (g_steal_pointer (&task));
}

static void
append_query (GString    *url,
              GHashTable *query)
{
  g_autoptr(GList) keys = NULL;
  char separator = '?';

  if (query == NULL)
    return;

  /* Sorted, so that the same listing has the same URL in the cache. */
  keys = g_list_sort (g_hash_table_get_keys (query), (GCompareFunc) strcmp);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      g_autofree char *key = g_uri_escape_string (l->data, NULL, FALSE);
      g_autofree char *value = g_uri_escape_string (g_hash_table_lookup (query, l->data),
                                                    NULL, FALSE);

      g_string_append_printf (url, "%c%s=%s", separator, key, value);
      separator = '&';
    }
}

static void
start_fetch (McpServerCatalog *self,
             GTask            *task,
             const char       *url,
             gboolean          raw,
             guint64           max_size)
{
  g_autoptr(GUri) uri = g_uri_parse (url, SOUP_HTTP_URI_FLAGS, NULL);
  Fetch *fetch;

  if (uri == NULL ||
      (g_strcmp0 (g_uri_get_scheme (uri), "https") != 0 &&
       g_strcmp0 (g_uri_get_scheme (uri), "http") != 0))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("“%s” is not an http: or https: URL"), url);
      g_object_unref (task);
      return;
    }

  fetch = g_new0 (Fetch, 1);
  fetch->message = soup_message_new_from_uri (SOUP_METHOD_GET, uri);
  fetch->raw = raw;
  fetch->max_size = max_size;
  if (!raw)
    soup_message_headers_replace (soup_message_get_request_headers (fetch->message),
                                  "Accept", "application/json");
  g_task_set_task_data (task, fetch, fetch_free);

  soup_session_send_async (self->session, fetch->message, G_PRIORITY_DEFAULT,
                           g_task_get_cancellable (task), send_cb, task);
}

void
_mcp_server_catalog_fetch_json_async (McpServerCatalog    *self,
                                      const char          *path,
                                      GHashTable          *query,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(GString) url = g_string_new (self->base_url);

  g_task_set_source_tag (task, _mcp_server_catalog_fetch_json_async);

  g_string_append (url, path);
  append_query (url, query);
  start_fetch (self, task, url->str, FALSE, self->limits.max_answer_size);
}

/* The bytes at @url (a bundle), at most @max_size of them. */
void
_mcp_server_catalog_fetch_bytes_async (McpServerCatalog    *self,
                                       const char          *url,
                                       guint64              max_size,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, _mcp_server_catalog_fetch_bytes_async);
  start_fetch (self, task, url, TRUE, max_size);
}

GBytes *
_mcp_server_catalog_fetch_bytes_finish (McpServerCatalog  *self,
                                        GAsyncResult      *result,
                                        GError           **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

JsonNode *
_mcp_server_catalog_fetch_json_finish (McpServerCatalog  *self,
                                       GAsyncResult      *result,
                                       GError           **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_server_catalog_search:
 * @self: a catalog
 * @text: (nullable): what to search for in the servers' names, or %NULL
 *   for all servers
 * @updated_since: (nullable): only servers updated since then, or %NULL
 *
 * Lists the latest version of each server whose name contains @text. The
 * list is empty at first: [method@Mcp.CatalogResults.load_more_async]
 * loads its pages, one at a time.
 *
 * Returns: (transfer full): the results
 *
 * Since: 1.0
 */
McpCatalogResults *
mcp_server_catalog_search (McpServerCatalog *self,
                           const char       *text,
                           GDateTime        *updated_since)
{
  g_autoptr(GHashTable) query = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  g_return_val_if_fail (MCP_IS_SERVER_CATALOG (self), NULL);

  g_hash_table_insert (query, (char *) "version", g_strdup ("latest"));
  if (text != NULL && *text != '\0')
    g_hash_table_insert (query, (char *) "search", g_strdup (text));
  if (updated_since != NULL)
    {
      g_autoptr(GDateTime) utc = g_date_time_to_utc (updated_since);

      g_hash_table_insert (query, (char *) "updated_since", g_date_time_format (utc, "%Y-%m-%dT%H:%M:%SZ"));
    }

  return _mcp_catalog_results_new (self, "/v0.1/servers", query);
}

static char *
server_path (const char *name,
             const char *version)
{
  g_autofree char *escaped_name = g_uri_escape_string (name, NULL, FALSE);
  g_autofree char *escaped_version = version != NULL ? g_uri_escape_string (version, NULL, FALSE)
                                                     : NULL;

  if (version == NULL)
    return g_strdup_printf ("/v0.1/servers/%s/versions", escaped_name);

  return g_strdup_printf ("/v0.1/servers/%s/versions/%s", escaped_name, escaped_version);
}

/**
 * mcp_server_catalog_list_versions:
 * @self: a catalog
 * @name: a server's name in the registry (`namespace/name`)
 *
 * Lists every version of a server the registry has, deprecated and
 * deleted ones included (marked by [method@Mcp.CatalogEntry.get_status]).
 * The list is empty at first, as for [method@Mcp.ServerCatalog.search].
 *
 * Returns: (transfer full): the results
 *
 * Since: 1.0
 */
McpCatalogResults *
mcp_server_catalog_list_versions (McpServerCatalog *self,
                                  const char       *name)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (MCP_IS_SERVER_CATALOG (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  path = server_path (name, NULL);

  return _mcp_catalog_results_new (self, path, NULL);
}

static void
lookup_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  McpCatalogEntry *entry;

  if ((node = _mcp_server_catalog_fetch_json_finish (MCP_SERVER_CATALOG (object), result,
                                                     &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if ((entry = mcp_catalog_entry_new_from_json (json_node_get_object (node), &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_task_return_pointer (task, entry, g_object_unref);
}

/**
 * mcp_server_catalog_lookup_async:
 * @self: a catalog
 * @name: a server's name in the registry (`namespace/name`)
 * @version: (nullable): the version, or %NULL for the latest
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the entry
 * @user_data: data for @callback
 *
 * Gets one version of a server from the registry.
 *
 * Since: 1.0
 */
void
mcp_server_catalog_lookup_async (McpServerCatalog    *self,
                                 const char          *name,
                                 const char          *version,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autofree char *path = NULL;
  GTask *task;

  g_return_if_fail (MCP_IS_SERVER_CATALOG (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_server_catalog_lookup_async);

  path = server_path (name, version != NULL ? version : "latest");
  _mcp_server_catalog_fetch_json_async (self, path, NULL, cancellable, lookup_cb, task);
}

/**
 * mcp_server_catalog_lookup_finish:
 * @self: a catalog
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ServerCatalog.lookup_async].
 *
 * Returns: (transfer full): the entry, or %NULL with @error set
 *
 * Since: 1.0
 */
McpCatalogEntry *
mcp_server_catalog_lookup_finish (McpServerCatalog  *self,
                                  GAsyncResult      *result,
                                  GError           **error)
{
  g_return_val_if_fail (MCP_IS_SERVER_CATALOG (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_server_catalog_propose:
 * @self: a catalog
 * @entry: an entry of the catalog
 * @name: (nullable): the name the server gets in the configuration, or
 *   %NULL for the last part of the entry's name
 * @error: return location for a #GError
 *
 * Turns an entry into what adding it would do, for the user to see first:
 * the exact command or URL, its environment, the inputs it needs, where it
 * comes from, and the sandbox proposed for it. Nothing is written or
 * started: see [class@Mcp.CatalogProposal].
 *
 * The first package of the entry that can be started (npm, PyPI, OCI,
 * NuGet) is used, or else its first remote.
 *
 * Returns: (transfer full): the proposal, or %NULL with @error set when
 *   the entry cannot be used (deleted, no usable package or remote, a
 *   remote that is not `https:` or loopback `http:`, …)
 *
 * Since: 1.0
 */
McpCatalogProposal *
mcp_server_catalog_propose (McpServerCatalog  *self,
                            McpCatalogEntry   *entry,
                            const char        *name,
                            GError           **error)
{
  g_return_val_if_fail (MCP_IS_SERVER_CATALOG (self), NULL);
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (entry), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return _mcp_catalog_proposal_new (entry, self->base_url, name, error);
}

typedef struct
{
  McpCatalogEntry *entry;
  char            *name;
  char            *sha256;
} ProposeData;

static void
propose_data_free (gpointer data)
{
  ProposeData *propose = data;

  g_object_unref (propose->entry);
  g_free (propose->name);
  g_free (propose->sha256);
  g_free (propose);
}

static gboolean
is_sha256 (const char *text)
{
  if (text == NULL || strlen (text) != 64)
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p) && !(*p >= 'a' && *p <= 'f'))
      return FALSE;

  return TRUE;
}

static gboolean
is_bundle_url (const char *url)
{
  g_autoptr(GUri) uri = url != NULL ? g_uri_parse (url, SOUP_HTTP_URI_FLAGS, NULL) : NULL;
  const char *host = uri != NULL ? g_uri_get_host (uri) : NULL;

  if (uri == NULL || g_uri_get_userinfo (uri) != NULL)
    return FALSE;
  if (g_strcmp0 (g_uri_get_scheme (uri), "https") == 0)
    return TRUE;

  return g_strcmp0 (g_uri_get_scheme (uri), "http") == 0 &&
         (g_strcmp0 (host, "localhost") == 0 || g_strcmp0 (host, "127.0.0.1") == 0 ||
          g_strcmp0 (host, "::1") == 0);
}

static void
bundle_fetched_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpServerCatalog *self = MCP_SERVER_CATALOG (object);
  ProposeData *propose = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) data = NULL;
  g_autoptr(McpCatalogBundle) bundle = NULL;
  g_autoptr(GBytes) manifest_text = NULL;
  g_autoptr(JsonNode) manifest = NULL;
  g_autofree char *sha256 = NULL;
  g_autofree char *folder_path = NULL;
  g_autoptr(GFile) folder = NULL;
  McpCatalogProposal *proposal;

  if ((data = _mcp_server_catalog_fetch_bytes_finish (self, result, &error)) == NULL)
    {
      g_prefix_error (&error, _("Cannot download the bundle: "));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  sha256 = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, data);
  if (!g_str_equal (sha256, propose->sha256))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The bundle is refused: its SHA-256 is %s, the registry says %s"),
                               sha256, propose->sha256);
      return;
    }

  if ((bundle = _mcp_catalog_bundle_read (data, self->max_bundle_unpacked, &error)) == NULL ||
      (manifest_text = _mcp_catalog_bundle_extract (bundle, "manifest.json", &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  manifest = _mcp_json_parse_message (g_bytes_get_data (manifest_text, NULL),
                                      g_bytes_get_size (manifest_text), &error);
  if (manifest == NULL || !JSON_NODE_HOLDS_OBJECT (manifest))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s",
                               _("The bundle’s manifest.json is not a JSON object"));
      return;
    }

  sha256[32] = '\0';
  folder_path = g_build_filename (self->bundle_directory, sha256, NULL);
  folder = g_file_new_for_path (folder_path);
  proposal = _mcp_catalog_proposal_new_for_bundle (propose->entry, propose->name,
                                                   json_node_get_object (manifest),
                                                   g_steal_pointer (&bundle), folder, &error);
  if (proposal == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, proposal, g_object_unref);
}

/**
 * mcp_server_catalog_propose_async:
 * @self: a catalog
 * @entry: an entry of the catalog
 * @name: (nullable): the name the server gets in the configuration, or
 *   %NULL for the last part of the entry's name
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the proposal
 * @user_data: data for @callback
 *
 * Like [method@Mcp.ServerCatalog.propose], and for an entry whose only
 * way to start is an MCP bundle (`mcpb`) too: the bundle is downloaded
 * (at most [property@Mcp.ServerCatalog:max-bundle-size] bytes, from an
 * `https:` URL), refused unless its SHA-256 is the `fileSha256` of the
 * entry, and read: its files must be plain relative paths (no `..`, no
 * absolute path, no link) that unpack to at most
 * [property@Mcp.ServerCatalog:max-bundle-unpacked] bytes. The command is
 * the one of its `manifest.json`. Nothing is written: the bundle is
 * unpacked by [method@Mcp.CatalogProposal.add], once confirmed, into a
 * folder of [property@Mcp.ServerCatalog:bundle-directory].
 *
 * Since: 1.0
 */
void
mcp_server_catalog_propose_async (McpServerCatalog    *self,
                                  McpCatalogEntry     *entry,
                                  const char          *name,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) check_error = NULL;
  g_autofree char *config_name = NULL;
  McpCatalogProposal *proposal;
  ProposeData *propose;
  JsonObject *package;
  const char *url;
  const char *sha256;

  g_return_if_fail (MCP_IS_SERVER_CATALOG (self));
  g_return_if_fail (MCP_IS_CATALOG_ENTRY (entry));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_server_catalog_propose_async);

  if ((proposal = _mcp_catalog_proposal_new (entry, self->base_url, name, &error)) != NULL)
    {
      g_task_return_pointer (task, proposal, g_object_unref);
      return;
    }
  if ((package = _mcp_catalog_find_bundle (entry)) == NULL ||
      (config_name = _mcp_catalog_proposal_check (entry, name, &check_error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  url = _mcp_json_object_get_string (package, "identifier");
  sha256 = _mcp_json_object_get_string (package, "fileSha256");
  if (!is_bundle_url (url))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                               _("The bundle’s address “%s” is not an https: URL"), url ?: "");
      return;
    }
  if (!is_sha256 (sha256))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, "%s",
                               _("The bundle has no valid fileSha256: it is not downloaded"));
      return;
    }

  propose = g_new0 (ProposeData, 1);
  propose->entry = g_object_ref (entry);
  propose->name = g_steal_pointer (&config_name);
  propose->sha256 = g_strdup (sha256);
  g_task_set_task_data (task, propose, propose_data_free);

  _mcp_server_catalog_fetch_bytes_async (self, url, self->max_bundle_size, cancellable,
                                         bundle_fetched_cb, g_steal_pointer (&task));
}

/**
 * mcp_server_catalog_propose_finish:
 * @self: a catalog
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ServerCatalog.propose_async].
 *
 * Returns: (transfer full): the proposal, or %NULL with @error set
 *
 * Since: 1.0
 */
McpCatalogProposal *
mcp_server_catalog_propose_finish (McpServerCatalog  *self,
                                   GAsyncResult      *result,
                                   GError           **error)
{
  g_return_val_if_fail (MCP_IS_SERVER_CATALOG (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
