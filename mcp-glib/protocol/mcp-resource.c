/* mcp-resource.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A resource as resources/list describes it. Only what a resource must
 * have (a URI and a name) is checked; everything else is read from the
 * original JSON on demand, so nothing the server said is lost.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-json-private.h"
#include "mcp-resource.h"

/**
 * McpResource:
 *
 * A resource the server can read: a file, a database row, anything with a
 * URI.
 *
 * The annotations come from the server and are hints about the intended
 * audience and importance of the resource, not guarantees.
 *
 * Since: 1.0
 */

struct _McpResource
{
  GObject     parent_instance;

  JsonObject *json;
};

G_DEFINE_FINAL_TYPE (McpResource, mcp_resource, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_URI,
  PROP_NAME,
  PROP_TITLE,
  PROP_DESCRIPTION,
  PROP_MIME_TYPE,
  PROP_SIZE,
  PROP_ANNOTATIONS,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_resource_finalize (GObject *object)
{
  McpResource *self = (McpResource *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_resource_parent_class)->finalize (object);
}

static void
mcp_resource_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  McpResource *self = MCP_RESOURCE (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, mcp_resource_get_uri (self));
      break;

    case PROP_NAME:
      g_value_set_string (value, mcp_resource_get_name (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, mcp_resource_get_title (self));
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, mcp_resource_get_description (self));
      break;

    case PROP_MIME_TYPE:
      g_value_set_string (value, mcp_resource_get_mime_type (self));
      break;

    case PROP_SIZE:
      g_value_set_int64 (value, mcp_resource_get_size (self));
      break;

    case PROP_ANNOTATIONS:
      g_value_set_boxed (value, mcp_resource_get_annotations (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_resource_class_init (McpResourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_resource_finalize;
  object_class->get_property = mcp_resource_get_property;

  /**
   * McpResource:uri:
   *
   * The URI to read the resource by.
   *
   * Since: 1.0
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResource:name:
   *
   * The resource's name, for programs; see
   * [method@Mcp.Resource.get_display_name] for people.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResource:title:
   *
   * A name for display, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResource:description:
   *
   * What the resource represents, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResource:mime-type:
   *
   * The MIME type of the resource, or %NULL if the server does not know it.
   *
   * Since: 1.0
   */
  properties[PROP_MIME_TYPE] =
    g_param_spec_string ("mime-type", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResource:size:
   *
   * The size of the raw content in bytes, or -1 if unknown.
   *
   * Since: 1.0
   */
  properties[PROP_SIZE] =
    g_param_spec_int64 ("size", NULL, NULL, -1, G_MAXINT64, -1,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResource:annotations:
   *
   * Hints about the resource (`audience`, `priority`, `lastModified`), or
   * %NULL. They are untrusted.
   *
   * Since: 1.0
   */
  properties[PROP_ANNOTATIONS] =
    g_param_spec_boxed ("annotations", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResource:json:
   *
   * The resource exactly as the server described it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_resource_init (McpResource *self)
{
}

/**
 * mcp_resource_new_from_json:
 * @json: a `Resource` object
 * @error: return location for an error
 *
 * Creates a resource from its description. The description must have a
 * string `uri` and a string `name`.
 *
 * Returns: (transfer full) (nullable): a new resource, or %NULL with @error
 *   set
 *
 * Since: 1.0
 */
McpResource *
mcp_resource_new_from_json (JsonObject  *json,
                            GError     **error)
{
  McpResource *self;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (_mcp_json_object_get_string (json, "uri") == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A resource has no URI"));
      return NULL;
    }

  if (_mcp_json_object_get_string (json, "name") == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The resource “%s” has no name"),
                   _mcp_json_object_get_string (json, "uri"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_RESOURCE, NULL);
  self->json = json_object_ref (json);

  return self;
}

/**
 * mcp_resource_get_uri:
 * @self: a resource
 *
 * Gets the URI to read the resource by.
 *
 * Returns: the resource's URI
 *
 * Since: 1.0
 */
const char *
mcp_resource_get_uri (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return _mcp_json_object_get_string (self->json, "uri");
}

/**
 * mcp_resource_get_name:
 * @self: a resource
 *
 * Gets the resource's name.
 *
 * Returns: the resource's name
 *
 * Since: 1.0
 */
const char *
mcp_resource_get_name (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return _mcp_json_object_get_string (self->json, "name");
}

/**
 * mcp_resource_get_title:
 * @self: a resource
 *
 * Gets the resource's title.
 *
 * Returns: (nullable): the resource's title
 *
 * Since: 1.0
 */
const char *
mcp_resource_get_title (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return _mcp_json_object_get_string (self->json, "title");
}

/**
 * mcp_resource_get_display_name:
 * @self: a resource
 *
 * The name to show a person: the title, else the name.
 *
 * Returns: a name for display
 *
 * Since: 1.0
 */
const char *
mcp_resource_get_display_name (McpResource *self)
{
  const char *name;

  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  if ((name = mcp_resource_get_title (self)))
    return name;

  return mcp_resource_get_name (self);
}

/**
 * mcp_resource_get_description:
 * @self: a resource
 *
 * Gets the resource's description.
 *
 * Returns: (nullable): the resource's description
 *
 * Since: 1.0
 */
const char *
mcp_resource_get_description (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return _mcp_json_object_get_string (self->json, "description");
}

/**
 * mcp_resource_get_mime_type:
 * @self: a resource
 *
 * Gets the resource's MIME type, if the server knows it.
 *
 * Returns: (nullable): the resource's MIME type
 *
 * Since: 1.0
 */
const char *
mcp_resource_get_mime_type (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return _mcp_json_object_get_string (self->json, "mimeType");
}

/**
 * mcp_resource_get_size:
 * @self: a resource
 *
 * Gets the size of the raw content in bytes, before any base64 encoding.
 *
 * Returns: the size in bytes, or -1 if unknown
 *
 * Since: 1.0
 */
gint64
mcp_resource_get_size (McpResource *self)
{
  gint64 size;

  g_return_val_if_fail (MCP_IS_RESOURCE (self), -1);

  /* A negative size says no more than a missing one. */
  size = _mcp_json_object_get_int (self->json, "size", -1);
  return size >= 0 ? size : -1;
}

/**
 * mcp_resource_get_annotations:
 * @self: a resource
 *
 * Gets the resource's annotations (`audience`, `priority`, `lastModified`).
 *
 * Returns: (transfer none) (nullable): the resource's annotations
 *
 * Since: 1.0
 */
JsonObject *
mcp_resource_get_annotations (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return _mcp_json_object_get_object (self->json, "annotations");
}

/**
 * mcp_resource_get_json:
 * @self: a resource
 *
 * Gets the resource exactly as the server described it.
 *
 * Returns: (transfer none): the resource exactly as the server described it
 *
 * Since: 1.0
 */
JsonObject *
mcp_resource_get_json (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return self->json;
}
