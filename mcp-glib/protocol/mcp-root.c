/* mcp-root.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A root: a directory or file the client lets servers work on, as
 * roots/list reports it. Unlike the other value types, roots are mostly
 * made by the application, so there are constructors from a URI and from
 * a GFile next to the one from JSON. The specification only allows file://
 * URIs for now, and all three constructors hold to that.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-json-private.h"
#include "mcp-root.h"

/**
 * McpRoot:
 *
 * A directory or file the client lets servers operate on, named by a
 * `file://` URI.
 *
 * Since: 1.0
 */

struct _McpRoot
{
  GObject     parent_instance;

  JsonObject *json;
};

G_DEFINE_FINAL_TYPE (McpRoot, mcp_root, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_URI,
  PROP_NAME,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_root_finalize (GObject *object)
{
  McpRoot *self = (McpRoot *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_root_parent_class)->finalize (object);
}

static void
mcp_root_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  McpRoot *self = MCP_ROOT (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, mcp_root_get_uri (self));
      break;

    case PROP_NAME:
      g_value_set_string (value, mcp_root_get_name (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_root_class_init (McpRootClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_root_finalize;
  object_class->get_property = mcp_root_get_property;

  /**
   * McpRoot:uri:
   *
   * The `file://` URI of the root.
   *
   * Since: 1.0
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpRoot:name:
   *
   * A name for display, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpRoot:json:
   *
   * The root as it is sent.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_root_init (McpRoot *self)
{
}

/* URI schemes are case-insensitive (RFC 3986, section 3.1). */
static gboolean
is_file_uri (const char *uri)
{
  return g_ascii_strncasecmp (uri, "file://", strlen ("file://")) == 0;
}

/**
 * mcp_root_new:
 * @uri: a `file://` URI
 * @name: (nullable): a name for display
 *
 * Creates a root for a URI.
 *
 * Returns: (transfer full): a new root
 *
 * Since: 1.0
 */
McpRoot *
mcp_root_new (const char *uri,
              const char *name)
{
  g_autoptr(JsonObject) json = json_object_new ();

  g_return_val_if_fail (uri != NULL, NULL);
  g_return_val_if_fail (is_file_uri (uri), NULL);

  json_object_set_string_member (json, "uri", uri);
  if (name != NULL)
    json_object_set_string_member (json, "name", name);

  return mcp_root_new_from_json (json, NULL);
}

/**
 * mcp_root_new_for_file:
 * @file: a local file or directory
 * @name: (nullable): a name for display
 *
 * Creates a root for a local file or directory.
 *
 * Returns: (transfer full): a new root
 *
 * Since: 1.0
 */
McpRoot *
mcp_root_new_for_file (GFile      *file,
                       const char *name)
{
  g_autofree char *uri = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (g_file_has_uri_scheme (file, "file"), NULL);

  uri = g_file_get_uri (file);

  return mcp_root_new (uri, name);
}

/**
 * mcp_root_new_from_json:
 * @json: a `Root` object
 * @error: return location for an error
 *
 * Creates a root from its JSON. The root must have a string `uri`
 * starting with `file://`.
 *
 * Returns: (transfer full) (nullable): a new root, or %NULL with @error set
 *
 * Since: 1.0
 */
McpRoot *
mcp_root_new_from_json (JsonObject  *json,
                        GError     **error)
{
  McpRoot *self;
  const char *uri;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (!(uri = _mcp_json_object_get_string (json, "uri")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A root has no URI"));
      return NULL;
    }

  if (!is_file_uri (uri))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The root “%s” is not a file:// URI"), uri);
      return NULL;
    }

  self = g_object_new (MCP_TYPE_ROOT, NULL);
  self->json = json_object_ref (json);

  return self;
}

/**
 * mcp_root_get_uri:
 * @self: a root
 *
 * Gets the `file://` URI of the root.
 *
 * Returns: the root's URI
 *
 * Since: 1.0
 */
const char *
mcp_root_get_uri (McpRoot *self)
{
  g_return_val_if_fail (MCP_IS_ROOT (self), NULL);

  return _mcp_json_object_get_string (self->json, "uri");
}

/**
 * mcp_root_get_name:
 * @self: a root
 *
 * Gets the root's name for display.
 *
 * Returns: (nullable): the root's name
 *
 * Since: 1.0
 */
const char *
mcp_root_get_name (McpRoot *self)
{
  g_return_val_if_fail (MCP_IS_ROOT (self), NULL);

  return _mcp_json_object_get_string (self->json, "name");
}

/**
 * mcp_root_get_json:
 * @self: a root
 *
 * Gets the root as it is sent.
 *
 * Returns: (transfer none): the root as it is sent
 *
 * Since: 1.0
 */
JsonObject *
mcp_root_get_json (McpRoot *self)
{
  g_return_val_if_fail (MCP_IS_ROOT (self), NULL);

  return self->json;
}
