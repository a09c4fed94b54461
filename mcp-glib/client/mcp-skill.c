/* mcp-skill.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A skill entry of the Skills extension (SEP-2640), as skills/list and
 * skills/get carry it: the URI of its SKILL.md, the SKILL.md's frontmatter
 * as JSON, and its files with their digests and sizes, or "dynamic". The
 * entry is checked when it is built, so that everything McpSkills verifies
 * content against is well-formed.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"
#include "mcp-json-private.h"
#include "mcp-skill-private.h"

#define MAX_FILES 4096

/**
 * McpSkill:
 *
 * A skill that a server serves through the Skills extension
 * (`io.modelcontextprotocol/skills`), as [class@Mcp.Skills] lists it.
 *
 * A skill is a directory of files whose root holds a `SKILL.md`: its URI
 * is the skill's URI. The entry carries the `SKILL.md`'s YAML frontmatter
 * as JSON (with at least a `name` and a `description`) and the skill's
 * files, each with its size and SHA-256 digest ([class@Mcp.SkillFile]),
 * unless the server lists them as dynamic.
 *
 * A skill's files are read with [method@Mcp.Skills.read_file_async] once
 * [method@Mcp.Skills.load_async] has loaded it, and every read is checked
 * against the entry.
 *
 * Since: 1.0
 */

struct _McpSkill
{
  GObject     parent_instance;

  char       *uri;
  JsonObject *frontmatter;
  GListStore *files;
  gboolean    dynamic;
  gboolean    loaded;
};

G_DEFINE_FINAL_TYPE (McpSkill, mcp_skill, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_URI,
  PROP_NAME,
  PROP_DESCRIPTION,
  PROP_FRONTMATTER,
  PROP_DYNAMIC,
  PROP_FILES,
  PROP_LOADED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_skill_finalize (GObject *object)
{
  McpSkill *self = (McpSkill *)object;

  g_clear_pointer (&self->uri, g_free);
  g_clear_pointer (&self->frontmatter, json_object_unref);
  g_clear_object (&self->files);

  G_OBJECT_CLASS (mcp_skill_parent_class)->finalize (object);
}

static void
mcp_skill_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  McpSkill *self = MCP_SKILL (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, self->uri);
      break;

    case PROP_NAME:
      g_value_set_string (value, mcp_skill_get_name (self));
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, mcp_skill_get_description (self));
      break;

    case PROP_FRONTMATTER:
      g_value_set_boxed (value, self->frontmatter);
      break;

    case PROP_DYNAMIC:
      g_value_set_boolean (value, self->dynamic);
      break;

    case PROP_FILES:
      g_value_set_object (value, self->files);
      break;

    case PROP_LOADED:
      g_value_set_boolean (value, self->loaded);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_skill_class_init (McpSkillClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_skill_finalize;
  object_class->get_property = mcp_skill_get_property;

  /**
   * McpSkill:uri:
   *
   * The resource URI of the skill's `SKILL.md`.
   *
   * Since: 1.0
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkill:name:
   *
   * The skill's name, from its frontmatter.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkill:description:
   *
   * What the skill does and when to use it, from its frontmatter.
   *
   * Since: 1.0
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkill:frontmatter:
   *
   * The `SKILL.md`'s frontmatter as the entry carries it, as JSON.
   *
   * Since: 1.0
   */
  properties[PROP_FRONTMATTER] =
    g_param_spec_boxed ("frontmatter", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkill:dynamic:
   *
   * Whether the server lists the skill's files as `dynamic`: then
   * [property@Mcp.Skill:files] is empty, and only the `SKILL.md`'s
   * frontmatter can be checked.
   *
   * Since: 1.0
   */
  properties[PROP_DYNAMIC] =
    g_param_spec_boolean ("dynamic", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkill:files:
   *
   * The skill's files, a list of [class@Mcp.SkillFile], its `SKILL.md`
   * among them.
   *
   * Since: 1.0
   */
  properties[PROP_FILES] =
    g_param_spec_object ("files", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkill:loaded:
   *
   * Whether [method@Mcp.Skills.load_async] loaded the skill: its
   * `SKILL.md` was read and verified. Only then can its other files be
   * read.
   *
   * Since: 1.0
   */
  properties[PROP_LOADED] =
    g_param_spec_boolean ("loaded", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_skill_init (McpSkill *self)
{
  self->files = g_list_store_new (MCP_TYPE_SKILL_FILE);
}

static gboolean
digest_is_valid (const char *digest)
{
  if (!g_str_has_prefix (digest, "sha256:") || strlen (digest) != 7 + 64)
    return FALSE;

  for (const char *p = digest + 7; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p) && !(*p >= 'a' && *p <= 'f'))
      return FALSE;

  return TRUE;
}

static gboolean
add_file (McpSkill    *self,
          JsonNode    *node,
          GError     **error)
{
  JsonObject *object;
  const char *uri;
  const char *digest;
  gint64 size;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("A file of the skill “%s” is not an object"), self->uri);
      return FALSE;
    }

  object = json_node_get_object (node);
  uri = _mcp_json_object_get_string (object, "uri");
  digest = _mcp_json_object_get_string (object, "digest");
  if (uri == NULL || digest == NULL || !digest_is_valid (digest) ||
      !_mcp_json_node_is_integer (json_object_get_member (object, "size"), &size) || size < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("A file of the skill “%s” has no valid URI, SHA-256 digest or size"),
                   self->uri);
      return FALSE;
    }

  if (mcp_skill_lookup_file (self, uri) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The skill “%s” lists the file “%s” twice"), self->uri, uri);
      return FALSE;
    }

  {
    g_autoptr(McpSkillFile) file = _mcp_skill_file_new (uri, digest, (guint64) size);

    g_list_store_append (self->files, file);
  }

  return TRUE;
}

McpSkill *
_mcp_skill_new_from_json (JsonObject  *json,
                          GError     **error)
{
  g_autoptr(McpSkill) self = NULL;
  const char *uri;
  JsonObject *frontmatter;
  JsonNode *resources;

  _mcp_i18n_init ();

  uri = _mcp_json_object_get_string (json, "uri");
  if (uri == NULL || *uri == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A skill has no URI"));
      return NULL;
    }

  frontmatter = _mcp_json_object_get_object (json, "frontmatter");
  if (frontmatter == NULL ||
      _mcp_json_object_get_string (frontmatter, "name") == NULL ||
      _mcp_json_object_get_string (frontmatter, "description") == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The skill “%s” has no frontmatter with a name and a description"), uri);
      return NULL;
    }

  self = g_object_new (MCP_TYPE_SKILL, NULL);
  self->uri = g_strdup (uri);
  self->frontmatter = json_object_ref (frontmatter);

  resources = json_object_get_member (json, "resources");
  if (resources != NULL && JSON_NODE_HOLDS_VALUE (resources) &&
      g_strcmp0 (json_node_get_string (resources), "dynamic") == 0)
    {
      self->dynamic = TRUE;
    }
  else if (resources != NULL && JSON_NODE_HOLDS_ARRAY (resources))
    {
      JsonArray *array = json_node_get_array (resources);

      /* Hosts must take 512 files; far more is no skill, and each file is
       * looked for among those before it. */
      if (json_array_get_length (array) > MAX_FILES)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The skill “%s” lists more than %u files"), uri, (guint) MAX_FILES);
          return NULL;
        }

      for (guint i = 0; i < json_array_get_length (array); i++)
        if (!add_file (self, json_array_get_element (array, i), error))
          return NULL;

      if (mcp_skill_lookup_file (self, uri) == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The skill “%s” does not list its SKILL.md among its files"), uri);
          return NULL;
        }
    }
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The skill “%s” lists its files neither as a list nor as dynamic"), uri);
      return NULL;
    }

  return g_steal_pointer (&self);
}

void
_mcp_skill_set_loaded (McpSkill *self)
{
  if (self->loaded)
    return;

  self->loaded = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADED]);
}

/* Whether @uri names a file in the skill's directory: the directory of its
 * SKILL.md, or below it. */
gboolean
_mcp_skill_contains_uri (McpSkill   *self,
                         const char *uri)
{
  const char *slash = strrchr (self->uri, '/');
  gsize prefix;

  if (slash == NULL)
    return g_str_equal (uri, self->uri);

  prefix = (gsize) (slash - self->uri) + 1;
  if (strncmp (uri, self->uri, prefix) != 0)
    return FALSE;

  /* No way out of the directory. */
  for (const char *p = uri + prefix; *p != '\0'; )
    {
      const char *end = strchr (p, '/');
      gsize length = end ? (gsize) (end - p) : strlen (p);

      if ((length == 2 && strncmp (p, "..", 2) == 0) || (length == 1 && *p == '.'))
        return FALSE;
      if (end == NULL)
        break;
      p = end + 1;
    }

  return TRUE;
}

/**
 * mcp_skill_get_uri:
 * @self: a skill
 *
 * Gets [property@Mcp.Skill:uri].
 *
 * Returns: the resource URI of the skill's `SKILL.md`
 *
 * Since: 1.0
 */
const char *
mcp_skill_get_uri (McpSkill *self)
{
  g_return_val_if_fail (MCP_IS_SKILL (self), NULL);

  return self->uri;
}

/**
 * mcp_skill_get_name:
 * @self: a skill
 *
 * Gets [property@Mcp.Skill:name].
 *
 * Returns: the skill's name
 *
 * Since: 1.0
 */
const char *
mcp_skill_get_name (McpSkill *self)
{
  g_return_val_if_fail (MCP_IS_SKILL (self), NULL);

  return _mcp_json_object_get_string (self->frontmatter, "name");
}

/**
 * mcp_skill_get_description:
 * @self: a skill
 *
 * Gets [property@Mcp.Skill:description].
 *
 * Returns: what the skill does and when to use it
 *
 * Since: 1.0
 */
const char *
mcp_skill_get_description (McpSkill *self)
{
  g_return_val_if_fail (MCP_IS_SKILL (self), NULL);

  return _mcp_json_object_get_string (self->frontmatter, "description");
}

/**
 * mcp_skill_get_frontmatter:
 * @self: a skill
 *
 * Gets [property@Mcp.Skill:frontmatter].
 *
 * Returns: (transfer none): the `SKILL.md`'s frontmatter as the entry
 *   carries it; do not modify it
 *
 * Since: 1.0
 */
JsonObject *
mcp_skill_get_frontmatter (McpSkill *self)
{
  g_return_val_if_fail (MCP_IS_SKILL (self), NULL);

  return self->frontmatter;
}

/**
 * mcp_skill_get_dynamic:
 * @self: a skill
 *
 * Gets [property@Mcp.Skill:dynamic].
 *
 * Returns: whether the server lists the skill's files as dynamic
 *
 * Since: 1.0
 */
gboolean
mcp_skill_get_dynamic (McpSkill *self)
{
  g_return_val_if_fail (MCP_IS_SKILL (self), FALSE);

  return self->dynamic;
}

/**
 * mcp_skill_get_files:
 * @self: a skill
 *
 * Gets [property@Mcp.Skill:files].
 *
 * Returns: (transfer none): a list of [class@Mcp.SkillFile]
 *
 * Since: 1.0
 */
GListModel *
mcp_skill_get_files (McpSkill *self)
{
  g_return_val_if_fail (MCP_IS_SKILL (self), NULL);

  return G_LIST_MODEL (self->files);
}

/**
 * mcp_skill_lookup_file:
 * @self: a skill
 * @uri: a file's resource URI
 *
 * Finds the entry of one of the skill's files.
 *
 * Returns: (transfer none) (nullable): the file's entry, or %NULL if the
 *   skill does not list @uri
 *
 * Since: 1.0
 */
McpSkillFile *
mcp_skill_lookup_file (McpSkill   *self,
                       const char *uri)
{
  guint n;

  g_return_val_if_fail (MCP_IS_SKILL (self), NULL);
  g_return_val_if_fail (uri != NULL, NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->files));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpSkillFile) file = g_list_model_get_item (G_LIST_MODEL (self->files), i);

      if (g_str_equal (mcp_skill_file_get_uri (file), uri))
        return file;
    }

  return NULL;
}

/**
 * mcp_skill_get_loaded:
 * @self: a skill
 *
 * Gets [property@Mcp.Skill:loaded].
 *
 * Returns: whether the skill was loaded
 *
 * Since: 1.0
 */
gboolean
mcp_skill_get_loaded (McpSkill *self)
{
  g_return_val_if_fail (MCP_IS_SKILL (self), FALSE);

  return self->loaded;
}
