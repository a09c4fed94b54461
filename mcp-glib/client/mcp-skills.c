/* mcp-skills.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The client side of the Skills extension (SEP-2640), beside McpClient and
 * built on its public request API: skills/list, skills/get, and the skill's
 * files through resources/read and resources/directory/read. Every file is
 * checked against its skill's entry before the application sees it (size,
 * SHA-256 digest, and a SKILL.md's frontmatter); a skill's other files can
 * only be read once its SKILL.md was. Verified files are kept; a kept copy
 * that no longer matches the entry it is read for is fetched again, once.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-i18n-private.h"
#include "mcp-json-private.h"
#include "mcp-resource.h"
#include "mcp-skill-private.h"
#include "mcp-skills.h"

/* Bounds on what a server can make the client hold or do. */
#define MAX_PAGES 1000
#define MAX_CACHED_BYTES (64 * 1024 * 1024)

/**
 * McpSkills:
 *
 * The Skills extension (`io.modelcontextprotocol/skills`, SEP-2640) of a
 * [class@Mcp.Client]: lists the skills a server serves, and reads their
 * files, each checked against its skill's entry.
 *
 * Make it before the client connects, so that the client declares the
 * extension among its capabilities; [property@Mcp.Skills:supported] says
 * whether the server declared it too.
 *
 * [method@Mcp.Skills.list_async] and [method@Mcp.Skills.get_async] give
 * [class@Mcp.Skill]s: entries, which read no file. A skill is loaded with
 * [method@Mcp.Skills.load_async], which reads its `SKILL.md`; only then
 * may [method@Mcp.Skills.read_file_async] and
 * [method@Mcp.Skills.read_directory_async] read the rest of it (else
 * %MCP_ERROR_SKILL_NOT_LOADED), so that no file is fetched ahead of need.
 *
 * Every file read is checked against its entry in the skill: its number
 * of bytes, its SHA-256 digest, and for a `SKILL.md` its YAML frontmatter,
 * field by field against the entry's frontmatter. Content that fails a
 * check never reaches the application: the call fails with
 * %MCP_ERROR_SKILL_VERIFICATION_FAILED. Files that passed are kept in
 * memory; a kept copy that does not match the entry it is read for (the
 * skill changed since) is dropped and fetched again, once.
 *
 * <!-- doc-test
 * static McpClient *client;
 * static gpointer self;
 * void on_listed (GObject *object, GAsyncResult *result, gpointer user_data);
 * -->
 * ```c
 * g_autoptr(McpSkills) skills = mcp_skills_new (client);
 *
 * // … once the client is connected:
 * if (mcp_skills_get_supported (skills))
 *   mcp_skills_list_async (skills, NULL, NULL, on_listed, self);
 * ```
 *
 * Since: 1.0
 */

struct _McpSkills
{
  GObject     parent_instance;

  McpClient  *client;
  GHashTable *cache;  /* uri → GBytes, verified when they were fetched */
  gsize       cached_bytes;
};

G_DEFINE_FINAL_TYPE (McpSkills, mcp_skills, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CLIENT,
  PROP_SUPPORTED,
  PROP_DIRECTORY_READ,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_skills_finalize (GObject *object)
{
  McpSkills *self = (McpSkills *)object;

  g_clear_object (&self->client);
  g_clear_pointer (&self->cache, g_hash_table_unref);

  G_OBJECT_CLASS (mcp_skills_parent_class)->finalize (object);
}

static void
mcp_skills_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  McpSkills *self = MCP_SKILLS (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;

    case PROP_SUPPORTED:
      g_value_set_boolean (value, mcp_skills_get_supported (self));
      break;

    case PROP_DIRECTORY_READ:
      g_value_set_boolean (value, mcp_skills_get_directory_read (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_skills_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  McpSkills *self = MCP_SKILLS (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      self->client = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The client declares the extension, if it has not connected yet. */
static void
declare_extension (McpSkills *self)
{
  g_autoptr(JsonObject) capabilities = NULL;
  g_autoptr(JsonObject) extensions = NULL;
  JsonObject *current;

  if (mcp_client_get_state (self->client) != MCP_CLIENT_STATE_DISCONNECTED)
    return;

  capabilities = mcp_client_dup_capabilities (self->client);
  current = _mcp_json_object_get_object (capabilities, "extensions");
  extensions = current ? _mcp_json_object_copy_members (current) : json_object_new ();
  if (!json_object_has_member (extensions, MCP_SKILLS_EXTENSION_ID))
    json_object_set_object_member (extensions, MCP_SKILLS_EXTENSION_ID, json_object_new ());
  mcp_client_set_capability (self->client, "extensions", extensions);
}

static void
mcp_skills_constructed (GObject *object)
{
  McpSkills *self = MCP_SKILLS (object);

  G_OBJECT_CLASS (mcp_skills_parent_class)->constructed (object);

  declare_extension (self);
}

static void
mcp_skills_class_init (McpSkillsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = mcp_skills_constructed;
  object_class->finalize = mcp_skills_finalize;
  object_class->get_property = mcp_skills_get_property;
  object_class->set_property = mcp_skills_set_property;

  /**
   * McpSkills:client:
   *
   * The client whose server serves the skills.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL, MCP_TYPE_CLIENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkills:supported:
   *
   * Whether the connected server declared the Skills extension.
   *
   * Since: 1.0
   */
  properties[PROP_SUPPORTED] =
    g_param_spec_boolean ("supported", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkills:directory-read:
   *
   * Whether the connected server serves `resources/directory/read`
   * (its Skills capability's `directoryRead`).
   *
   * Since: 1.0
   */
  properties[PROP_DIRECTORY_READ] =
    g_param_spec_boolean ("directory-read", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_skills_init (McpSkills *self)
{
  self->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) g_bytes_unref);
}

/**
 * mcp_skills_new:
 * @client: a client
 *
 * Makes the Skills extension of @client. If @client has not connected
 * yet, it will declare the extension in its capabilities (under
 * `extensions`, beside any other extension declared with
 * [method@Mcp.Client.set_capability] before).
 *
 * Returns: (transfer full): a new skills object
 *
 * Since: 1.0
 */
McpSkills *
mcp_skills_new (McpClient *client)
{
  g_return_val_if_fail (MCP_IS_CLIENT (client), NULL);

  return g_object_new (MCP_TYPE_SKILLS, "client", client, NULL);
}

/**
 * mcp_skills_get_client:
 * @self: a skills object
 *
 * Gets [property@Mcp.Skills:client].
 *
 * Returns: (transfer none): the client
 *
 * Since: 1.0
 */
McpClient *
mcp_skills_get_client (McpSkills *self)
{
  g_return_val_if_fail (MCP_IS_SKILLS (self), NULL);

  return self->client;
}

static JsonObject *
server_extension (McpSkills *self)
{
  JsonObject *capabilities = mcp_client_get_server_capabilities (self->client);
  JsonObject *extensions;

  if (capabilities == NULL)
    return NULL;
  extensions = _mcp_json_object_get_object (capabilities, "extensions");
  if (extensions == NULL)
    return NULL;

  return _mcp_json_object_get_object (extensions, MCP_SKILLS_EXTENSION_ID);
}

/**
 * mcp_skills_get_supported:
 * @self: a skills object
 *
 * Gets [property@Mcp.Skills:supported].
 *
 * Returns: whether the server declared the Skills extension
 *
 * Since: 1.0
 */
gboolean
mcp_skills_get_supported (McpSkills *self)
{
  g_return_val_if_fail (MCP_IS_SKILLS (self), FALSE);

  return server_extension (self) != NULL;
}

/**
 * mcp_skills_get_directory_read:
 * @self: a skills object
 *
 * Gets [property@Mcp.Skills:directory-read].
 *
 * Returns: whether the server serves `resources/directory/read`
 *
 * Since: 1.0
 */
gboolean
mcp_skills_get_directory_read (McpSkills *self)
{
  JsonObject *extension;

  g_return_val_if_fail (MCP_IS_SKILLS (self), FALSE);

  extension = server_extension (self);
  return extension != NULL && _mcp_json_object_get_bool (extension, "directoryRead", FALSE);
}

/* Paged lists ------------------------------------------------------------ */

typedef struct
{
  char              *method;
  char              *uri;       /* for resources/directory/read */
  const char        *member;    /* "skills" or "resources" */
  McpRequestOptions *options;
  GListStore        *items;
  GHashTable        *cursors;   /* those seen: a server that loops is stopped */
  guint              pages;
} PageData;

static void
page_data_free (PageData *data)
{
  g_free (data->method);
  g_free (data->uri);
  g_clear_object (&data->options);
  g_clear_object (&data->items);
  g_clear_pointer (&data->cursors, g_hash_table_unref);
  g_free (data);
}

static void request_page (McpSkills *self, GTask *task, const char *cursor);

static void
page_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  McpClient *client = MCP_CLIENT (object);
  g_autoptr(GTask) task = user_data;
  McpSkills *self = g_task_get_source_object (task);
  PageData *data = g_task_get_task_data (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *object_result;
  JsonArray *array;
  const char *cursor;

  answer = mcp_client_request_finish (client, result, &error);
  if (answer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (!JSON_NODE_HOLDS_OBJECT (answer) ||
      (array = _mcp_json_object_get_array (json_node_get_object (answer), data->member)) == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The answer to %s has no list of %s"),
                               data->method, data->member);
      return;
    }
  object_result = json_node_get_object (answer);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autoptr(GObject) item = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                   _("An entry of the answer to %s is not an object"),
                                   data->method);
          return;
        }

      if (g_str_equal (data->member, "skills"))
        item = (GObject *) _mcp_skill_new_from_json (json_node_get_object (element), &error);
      else
        item = (GObject *) mcp_resource_new_from_json (json_node_get_object (element), &error);
      if (item == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      g_list_store_append (data->items, item);
    }

  cursor = _mcp_json_object_get_string (object_result, "nextCursor");
  if (cursor == NULL)
    {
      g_task_return_pointer (task, g_object_ref (data->items), g_object_unref);
      return;
    }

  if (++data->pages >= MAX_PAGES || g_hash_table_contains (data->cursors, cursor))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The server’s pages of %s do not end"), data->method);
      return;
    }
  g_hash_table_add (data->cursors, g_strdup (cursor));

  request_page (self, g_steal_pointer (&task), cursor);
}

static void
request_page (McpSkills  *self,
              GTask      *task,
              const char *cursor)
{
  PageData *data = g_task_get_task_data (task);
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(JsonNode) node = NULL;

  if (data->uri != NULL)
    json_object_set_string_member (params, "uri", data->uri);
  if (cursor != NULL)
    json_object_set_string_member (params, "cursor", cursor);
  node = _mcp_json_node_new_object (json_object_ref (params));

  mcp_client_request_async (self->client, data->method, node, data->options,
                            g_task_get_cancellable (task), page_cb, task);
}

static void
list_pages (McpSkills           *self,
            gpointer             source_tag,
            const char          *method,
            const char          *uri,
            McpRequestOptions   *options,
            GCancellable        *cancellable,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  PageData *data = g_new0 (PageData, 1);

  g_task_set_source_tag (task, source_tag);
  data->method = g_strdup (method);
  data->uri = g_strdup (uri);
  data->member = uri != NULL ? "resources" : "skills";
  data->options = options ? g_object_ref (options) : NULL;
  data->items = g_list_store_new (uri != NULL ? MCP_TYPE_RESOURCE : MCP_TYPE_SKILL);
  data->cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_task_set_task_data (task, data, (GDestroyNotify) page_data_free);

  request_page (self, task, NULL);
}

/**
 * mcp_skills_list_async:
 * @self: a skills object of a connected client
 * @options: (nullable): settings for each request, or %NULL
 * @cancellable: (nullable): a cancellable
 * @callback: (scope async): called when the skills are listed
 * @user_data: data for @callback
 *
 * Lists the skills the server serves (`skills/list`, every page). No file
 * of theirs is read.
 *
 * Since: 1.0
 */
void
mcp_skills_list_async (McpSkills           *self,
                       McpRequestOptions   *options,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_return_if_fail (MCP_IS_SKILLS (self));
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  list_pages (self, mcp_skills_list_async, "skills/list", NULL, options,
              cancellable, callback, user_data);
}

/**
 * mcp_skills_list_finish:
 * @self: a skills object
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Skills.list_async]. An entry that is not a valid
 * skill entry fails the whole list with %G_IO_ERROR_INVALID_DATA.
 *
 * Returns: (transfer full): a list of [class@Mcp.Skill]
 *
 * Since: 1.0
 */
GListModel *
mcp_skills_list_finish (McpSkills     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (MCP_IS_SKILLS (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_skills_list_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* One skill -------------------------------------------------------------- */

static void
get_cb (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *entry;
  McpSkill *skill;

  answer = mcp_client_request_finish (MCP_CLIENT (object), result, &error);
  if (answer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (!JSON_NODE_HOLDS_OBJECT (answer) ||
      (entry = _mcp_json_object_get_object (json_node_get_object (answer), "skill")) == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The answer to %s has no skill"), "skills/get");
      return;
    }

  skill = _mcp_skill_new_from_json (entry, &error);
  if (skill == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (g_strcmp0 (mcp_skill_get_uri (skill), g_task_get_task_data (task)) != 0)
    {
      g_object_unref (skill);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The server answered %s for “%s” with another skill"),
                               "skills/get", (const char *) g_task_get_task_data (task));
      return;
    }

  g_task_return_pointer (task, skill, g_object_unref);
}

/**
 * mcp_skills_get_async:
 * @self: a skills object of a connected client
 * @uri: the URI of a skill's `SKILL.md`
 * @options: (nullable): settings for the request, or %NULL
 * @cancellable: (nullable): a cancellable
 * @callback: (scope async): called with the skill
 * @user_data: data for @callback
 *
 * Gets one skill's entry (`skills/get`), listed or not. No file of it is
 * read.
 *
 * Since: 1.0
 */
void
mcp_skills_get_async (McpSkills           *self,
                      const char          *uri,
                      McpRequestOptions   *options,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  GTask *task;
  g_autoptr(JsonNode) params = NULL;

  g_return_if_fail (MCP_IS_SKILLS (self));
  g_return_if_fail (uri != NULL);
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_skills_get_async);
  g_task_set_task_data (task, g_strdup (uri), g_free);

  params = _mcp_json_node_new_object (json_object_new ());
  json_object_set_string_member (json_node_get_object (params), "uri", uri);
  mcp_client_request_async (self->client, "skills/get", params, options,
                            cancellable, get_cb, task);
}

/**
 * mcp_skills_get_finish:
 * @self: a skills object
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Skills.get_async]. A server that serves no skill
 * at the URI answers with %MCP_ERROR_INVALID_PARAMS.
 *
 * Returns: (transfer full): the skill
 *
 * Since: 1.0
 */
McpSkill *
mcp_skills_get_finish (McpSkills     *self,
                       GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (MCP_IS_SKILLS (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_skills_get_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Verified reads --------------------------------------------------------- */

/* Checks @bytes, read at @uri, against @skill's entry. */
static gboolean
verify (McpSkill    *skill,
        const char  *uri,
        GBytes      *bytes,
        GError     **error)
{
  McpSkillFile *entry = mcp_skill_lookup_file (skill, uri);
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  if (entry != NULL)
    {
      g_autofree char *digest = NULL;

      if (size != mcp_skill_file_get_size (entry))
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_SKILL_VERIFICATION_FAILED,
                       _("The file “%s” of the skill “%s” has %" G_GUINT64_FORMAT " bytes, not the %" G_GUINT64_FORMAT " of its entry"),
                       uri, mcp_skill_get_uri (skill), (guint64) size,
                       mcp_skill_file_get_size (entry));
          return FALSE;
        }

      digest = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
      if (!g_str_equal (mcp_skill_file_get_digest (entry) + strlen ("sha256:"), digest))
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_SKILL_VERIFICATION_FAILED,
                       _("The file “%s” of the skill “%s” does not match its entry’s SHA-256 digest"),
                       uri, mcp_skill_get_uri (skill));
          return FALSE;
        }
    }

  if (g_str_equal (uri, mcp_skill_get_uri (skill)))
    {
      g_autoptr(JsonObject) frontmatter = NULL;
      g_autoptr(GError) local_error = NULL;

      frontmatter = _mcp_skill_parse_frontmatter (data, size, &local_error);
      if (frontmatter == NULL)
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_SKILL_VERIFICATION_FAILED,
                       _("The SKILL.md of the skill “%s” cannot be checked: %s"),
                       uri, local_error->message);
          return FALSE;
        }
      if (!_mcp_skill_frontmatter_equal (frontmatter, mcp_skill_get_frontmatter (skill)))
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_SKILL_VERIFICATION_FAILED,
                       _("The frontmatter of the SKILL.md of “%s” differs from its entry’s"),
                       uri);
          return FALSE;
        }
    }

  return TRUE;
}

typedef struct
{
  McpSkill          *skill;
  char              *uri;
  McpRequestOptions *options;
  gboolean           load;
} ReadData;

static void
read_data_free (ReadData *data)
{
  g_clear_object (&data->skill);
  g_free (data->uri);
  g_clear_object (&data->options);
  g_free (data);
}

/* The bytes of the part of a resources/read answer that is @uri. */
static GBytes *
contents_bytes (JsonNode    *answer,
                const char  *uri,
                GError     **error)
{
  JsonArray *contents = NULL;
  JsonObject *part = NULL;
  const char *text;
  const char *blob;

  if (JSON_NODE_HOLDS_OBJECT (answer))
    contents = _mcp_json_object_get_array (json_node_get_object (answer), "contents");

  for (guint i = 0; contents != NULL && i < json_array_get_length (contents); i++)
    {
      JsonNode *element = json_array_get_element (contents, i);

      if (JSON_NODE_HOLDS_OBJECT (element) &&
          g_strcmp0 (_mcp_json_object_get_string (json_node_get_object (element), "uri"), uri) == 0)
        {
          part = json_node_get_object (element);
          break;
        }
    }
  if (part == NULL && contents != NULL && json_array_get_length (contents) == 1 &&
      JSON_NODE_HOLDS_OBJECT (json_array_get_element (contents, 0)))
    part = json_array_get_object_element (contents, 0);

  if (part == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The server’s answer holds no content for “%s”"), uri);
      return NULL;
    }

  text = _mcp_json_object_get_string (part, "text");
  blob = _mcp_json_object_get_string (part, "blob");
  if (text != NULL)
    return g_bytes_new (text, strlen (text));
  if (blob != NULL)
    {
      gsize length = 0;
      guchar *decoded = g_base64_decode (blob, &length);

      return g_bytes_new_take (decoded, length);
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("The content of “%s” is neither text nor a blob"), uri);
  return NULL;
}

static void
cache_store (McpSkills  *self,
             const char *uri,
             GBytes     *bytes)
{
  GBytes *old = g_hash_table_lookup (self->cache, uri);

  if (old != NULL)
    self->cached_bytes -= g_bytes_get_size (old);
  if (self->cached_bytes + g_bytes_get_size (bytes) > MAX_CACHED_BYTES)
    {
      g_hash_table_remove_all (self->cache);
      self->cached_bytes = 0;
    }
  if (g_bytes_get_size (bytes) > MAX_CACHED_BYTES)
    return;

  g_hash_table_insert (self->cache, g_strdup (uri), g_bytes_ref (bytes));
  self->cached_bytes += g_bytes_get_size (bytes);
}

static void
cache_drop (McpSkills  *self,
            const char *uri)
{
  GBytes *old = g_hash_table_lookup (self->cache, uri);

  if (old == NULL)
    return;
  self->cached_bytes -= g_bytes_get_size (old);
  g_hash_table_remove (self->cache, uri);
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpSkills *self = g_task_get_source_object (task);
  ReadData *data = g_task_get_task_data (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  answer = mcp_client_request_finish (MCP_CLIENT (object), result, &error);
  if (answer == NULL ||
      (bytes = contents_bytes (answer, data->uri, &error)) == NULL ||
      !verify (data->skill, data->uri, bytes, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  cache_store (self, data->uri, bytes);
  if (data->load)
    _mcp_skill_set_loaded (data->skill);
  g_task_return_pointer (task, g_steal_pointer (&bytes), (GDestroyNotify) g_bytes_unref);
}

static void
read_verified (McpSkills           *self,
               gpointer             source_tag,
               McpSkill            *skill,
               const char          *uri,
               gboolean             load,
               McpRequestOptions   *options,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  ReadData *data = g_new0 (ReadData, 1);
  g_autoptr(JsonNode) params = NULL;
  GBytes *cached;

  _mcp_i18n_init ();

  g_task_set_source_tag (task, source_tag);
  data->skill = g_object_ref (skill);
  data->uri = g_strdup (uri);
  data->options = options ? g_object_ref (options) : NULL;
  data->load = load;
  g_task_set_task_data (task, data, (GDestroyNotify) read_data_free);

  if (!load && !mcp_skill_get_loaded (skill))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_SKILL_NOT_LOADED,
                               _("The skill “%s” is not loaded: its files cannot be read yet"),
                               mcp_skill_get_uri (skill));
      return;
    }

  if (!_mcp_skill_contains_uri (skill, uri) ||
      (!mcp_skill_get_dynamic (skill) && mcp_skill_lookup_file (skill, uri) == NULL))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("The skill “%s” has no file “%s”"),
                               mcp_skill_get_uri (skill), uri);
      return;
    }

  cached = g_hash_table_lookup (self->cache, uri);
  if (cached != NULL)
    {
      if (verify (skill, uri, cached, NULL))
        {
          if (load)
            _mcp_skill_set_loaded (skill);
          g_task_return_pointer (task, g_bytes_ref (cached), (GDestroyNotify) g_bytes_unref);
          return;
        }
      /* Kept for an older entry: fetched again, once. */
      cache_drop (self, uri);
    }

  params = _mcp_json_node_new_object (json_object_new ());
  json_object_set_string_member (json_node_get_object (params), "uri", uri);
  mcp_client_request_async (self->client, "resources/read", params, options,
                            cancellable, read_cb, g_steal_pointer (&task));
}

/**
 * mcp_skills_load_async:
 * @self: a skills object of a connected client
 * @skill: a skill of this server
 * @options: (nullable): settings for the request, or %NULL
 * @cancellable: (nullable): a cancellable
 * @callback: (scope async): called with the skill's `SKILL.md`
 * @user_data: data for @callback
 *
 * Loads @skill: reads its `SKILL.md` (`resources/read`), checks it against
 * the entry (size and digest, unless the skill's files are dynamic, and
 * the frontmatter), and marks the skill [property@Mcp.Skill:loaded]. Only
 * then can its other files be read.
 *
 * Since: 1.0
 */
void
mcp_skills_load_async (McpSkills           *self,
                       McpSkill            *skill,
                       McpRequestOptions   *options,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_return_if_fail (MCP_IS_SKILLS (self));
  g_return_if_fail (MCP_IS_SKILL (skill));
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  read_verified (self, mcp_skills_load_async, skill, mcp_skill_get_uri (skill), TRUE,
                 options, cancellable, callback, user_data);
}

/**
 * mcp_skills_load_finish:
 * @self: a skills object
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Skills.load_async]. Content that fails a check
 * gives %MCP_ERROR_SKILL_VERIFICATION_FAILED, and the skill stays
 * unloaded.
 *
 * Returns: (transfer full): the bytes of the skill's `SKILL.md`
 *
 * Since: 1.0
 */
GBytes *
mcp_skills_load_finish (McpSkills     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (MCP_IS_SKILLS (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_skills_load_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_skills_read_file_async:
 * @self: a skills object of a connected client
 * @skill: a loaded skill
 * @uri: the URI of one of the skill's files
 * @options: (nullable): settings for the request, or %NULL
 * @cancellable: (nullable): a cancellable
 * @callback: (scope async): called with the file's bytes
 * @user_data: data for @callback
 *
 * Reads a file of @skill (`resources/read`) and checks it against the
 * skill's entry. @skill must be loaded (else
 * %MCP_ERROR_SKILL_NOT_LOADED), and @uri one of its files (else
 * %G_IO_ERROR_NOT_FOUND): of its entry's list, or for a skill whose files
 * are dynamic, within the directory of its `SKILL.md`.
 *
 * Since: 1.0
 */
void
mcp_skills_read_file_async (McpSkills           *self,
                            McpSkill            *skill,
                            const char          *uri,
                            McpRequestOptions   *options,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (MCP_IS_SKILLS (self));
  g_return_if_fail (MCP_IS_SKILL (skill));
  g_return_if_fail (uri != NULL);
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  read_verified (self, mcp_skills_read_file_async, skill, uri, FALSE,
                 options, cancellable, callback, user_data);
}

/**
 * mcp_skills_read_file_finish:
 * @self: a skills object
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Skills.read_file_async]. Content that fails a
 * check gives %MCP_ERROR_SKILL_VERIFICATION_FAILED.
 *
 * Returns: (transfer full): the file's bytes
 *
 * Since: 1.0
 */
GBytes *
mcp_skills_read_file_finish (McpSkills     *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (MCP_IS_SKILLS (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_skills_read_file_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_skills_read_directory_async:
 * @self: a skills object of a connected client
 * @skill: a loaded skill
 * @uri: the URI of a directory of the skill, e.g. its `SKILL.md`'s
 *   directory
 * @options: (nullable): settings for each request, or %NULL
 * @cancellable: (nullable): a cancellable
 * @callback: (scope async): called with the directory's children
 * @user_data: data for @callback
 *
 * Lists the children of a directory of @skill
 * (`resources/directory/read`, every page), which the server serves when
 * [property@Mcp.Skills:directory-read] is set (else
 * %G_IO_ERROR_NOT_SUPPORTED). @skill must be loaded (else
 * %MCP_ERROR_SKILL_NOT_LOADED).
 *
 * Since: 1.0
 */
void
mcp_skills_read_directory_async (McpSkills           *self,
                                 McpSkill            *skill,
                                 const char          *uri,
                                 McpRequestOptions   *options,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (MCP_IS_SKILLS (self));
  g_return_if_fail (MCP_IS_SKILL (skill));
  g_return_if_fail (uri != NULL);
  g_return_if_fail (!options || MCP_IS_REQUEST_OPTIONS (options));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  _mcp_i18n_init ();

  if (!mcp_skill_get_loaded (skill) || !mcp_skills_get_directory_read (self) ||
      !_mcp_skill_contains_uri (skill, uri))
    {
      g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

      g_task_set_source_tag (task, mcp_skills_read_directory_async);
      if (!mcp_skill_get_loaded (skill))
        g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_SKILL_NOT_LOADED,
                                 _("The skill “%s” is not loaded: its files cannot be read yet"),
                                 mcp_skill_get_uri (skill));
      else if (!mcp_skills_get_directory_read (self))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                 _("The server does not list the directories of its skills"));
      else
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                                 _("The skill “%s” has no directory “%s”"),
                                 mcp_skill_get_uri (skill), uri);
      return;
    }

  list_pages (self, mcp_skills_read_directory_async, "resources/directory/read", uri,
              options, cancellable, callback, user_data);
}

/**
 * mcp_skills_read_directory_finish:
 * @self: a skills object
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Skills.read_directory_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.Resource]: files, and
 *   directories with the MIME type `inode/directory`
 *
 * Since: 1.0
 */
GListModel *
mcp_skills_read_directory_finish (McpSkills     *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (MCP_IS_SKILLS (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_skills_read_directory_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
