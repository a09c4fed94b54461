/* mcp-skill-file.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One file of a skill (Skills extension, SEP-2640), as a skill entry lists
 * it: its URI, the SHA-256 digest of its bytes and their number. McpSkills
 * checks every read of the file against both.
 */

#include "config.h"

#include "mcp-skill-private.h"

/**
 * McpSkillFile:
 *
 * One file of an [class@Mcp.Skill], as its entry lists it: the file's URI,
 * the SHA-256 digest of its bytes (`sha256:` and 64 lowercase hexadecimal
 * digits) and their number.
 *
 * Since: 1.0
 */

struct _McpSkillFile
{
  GObject  parent_instance;

  char    *uri;
  char    *digest;
  guint64  size;
};

G_DEFINE_FINAL_TYPE (McpSkillFile, mcp_skill_file, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_URI,
  PROP_DIGEST,
  PROP_SIZE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_skill_file_finalize (GObject *object)
{
  McpSkillFile *self = (McpSkillFile *)object;

  g_clear_pointer (&self->uri, g_free);
  g_clear_pointer (&self->digest, g_free);

  G_OBJECT_CLASS (mcp_skill_file_parent_class)->finalize (object);
}

static void
mcp_skill_file_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  McpSkillFile *self = MCP_SKILL_FILE (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, self->uri);
      break;

    case PROP_DIGEST:
      g_value_set_string (value, self->digest);
      break;

    case PROP_SIZE:
      g_value_set_uint64 (value, self->size);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_skill_file_class_init (McpSkillFileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_skill_file_finalize;
  object_class->get_property = mcp_skill_file_get_property;

  /**
   * McpSkillFile:uri:
   *
   * The file's resource URI.
   *
   * Since: 1.0
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkillFile:digest:
   *
   * The SHA-256 digest of the file's bytes: `sha256:` and 64 lowercase
   * hexadecimal digits.
   *
   * Since: 1.0
   */
  properties[PROP_DIGEST] =
    g_param_spec_string ("digest", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSkillFile:size:
   *
   * The number of the file's bytes.
   *
   * Since: 1.0
   */
  properties[PROP_SIZE] =
    g_param_spec_uint64 ("size", NULL, NULL, 0, G_MAXUINT64, 0,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_skill_file_init (McpSkillFile *self)
{
}

McpSkillFile *
_mcp_skill_file_new (const char *uri,
                     const char *digest,
                     guint64     size)
{
  McpSkillFile *self = g_object_new (MCP_TYPE_SKILL_FILE, NULL);

  self->uri = g_strdup (uri);
  self->digest = g_strdup (digest);
  self->size = size;

  return self;
}

/**
 * mcp_skill_file_get_uri:
 * @self: a skill file
 *
 * Gets [property@Mcp.SkillFile:uri].
 *
 * Returns: the file's resource URI
 *
 * Since: 1.0
 */
const char *
mcp_skill_file_get_uri (McpSkillFile *self)
{
  g_return_val_if_fail (MCP_IS_SKILL_FILE (self), NULL);

  return self->uri;
}

/**
 * mcp_skill_file_get_digest:
 * @self: a skill file
 *
 * Gets [property@Mcp.SkillFile:digest].
 *
 * Returns: the digest of the file's bytes, `sha256:` and 64 lowercase
 *   hexadecimal digits
 *
 * Since: 1.0
 */
const char *
mcp_skill_file_get_digest (McpSkillFile *self)
{
  g_return_val_if_fail (MCP_IS_SKILL_FILE (self), NULL);

  return self->digest;
}

/**
 * mcp_skill_file_get_size:
 * @self: a skill file
 *
 * Gets [property@Mcp.SkillFile:size].
 *
 * Returns: the number of the file's bytes
 *
 * Since: 1.0
 */
guint64
mcp_skill_file_get_size (McpSkillFile *self)
{
  g_return_val_if_fail (MCP_IS_SKILL_FILE (self), 0);

  return self->size;
}
