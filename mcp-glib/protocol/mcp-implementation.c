/* mcp-implementation.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The name and version a peer gives of itself (Implementation in the
 * schema), as the server reports it in its initialize answer.
 */

#include "config.h"

#include "mcp-implementation.h"
#include "mcp-json-private.h"

/**
 * McpImplementation:
 *
 * The name, version and title of an MCP implementation, such as the
 * server's [property@Mcp.Client:server-info].
 *
 * Fields that mcp-glib does not model (for example `icons` or
 * `websiteUrl`) are available from [method@Mcp.Implementation.get_json].
 *
 * Since: 1.0
 */

struct _McpImplementation
{
  GObject     parent_instance;

  JsonObject *json;
};

G_DEFINE_FINAL_TYPE (McpImplementation, mcp_implementation, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_VERSION,
  PROP_TITLE,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_implementation_finalize (GObject *object)
{
  McpImplementation *self = (McpImplementation *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_implementation_parent_class)->finalize (object);
}

static void
mcp_implementation_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  McpImplementation *self = MCP_IMPLEMENTATION (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, mcp_implementation_get_name (self));
      break;

    case PROP_VERSION:
      g_value_set_string (value, mcp_implementation_get_version (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, mcp_implementation_get_title (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_implementation_class_init (McpImplementationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_implementation_finalize;
  object_class->get_property = mcp_implementation_get_property;

  /**
   * McpImplementation:name:
   *
   * The programmatic name, e.g. `mcp-server-everything`.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpImplementation:version:
   *
   * The version, as the implementation states it.
   *
   * Since: 1.0
   */
  properties[PROP_VERSION] =
    g_param_spec_string ("version", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpImplementation:title:
   *
   * A name for display, or %NULL when the implementation gave none.
   *
   * Since: 1.0
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpImplementation:json:
   *
   * The object exactly as the peer sent it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_implementation_init (McpImplementation *self)
{
}

/**
 * mcp_implementation_new_from_json:
 * @json: an `Implementation` object
 *
 * Wraps @json. Missing fields read as %NULL rather than failing: servers
 * describe themselves with varying care.
 *
 * Returns: (transfer full): a new implementation description
 *
 * Since: 1.0
 */
McpImplementation *
mcp_implementation_new_from_json (JsonObject *json)
{
  McpImplementation *self;

  g_return_val_if_fail (json != NULL, NULL);

  self = g_object_new (MCP_TYPE_IMPLEMENTATION, NULL);
  self->json = json_object_ref (json);

  return self;
}

/**
 * mcp_implementation_get_name:
 * @self: an implementation description
 *
 * Gets the name.
 *
 * Returns: (nullable): the name
 *
 * Since: 1.0
 */
const char *
mcp_implementation_get_name (McpImplementation *self)
{
  g_return_val_if_fail (MCP_IS_IMPLEMENTATION (self), NULL);

  return _mcp_json_object_get_string (self->json, "name");
}

/**
 * mcp_implementation_get_version:
 * @self: an implementation description
 *
 * Gets the version.
 *
 * Returns: (nullable): the version
 *
 * Since: 1.0
 */
const char *
mcp_implementation_get_version (McpImplementation *self)
{
  g_return_val_if_fail (MCP_IS_IMPLEMENTATION (self), NULL);

  return _mcp_json_object_get_string (self->json, "version");
}

/**
 * mcp_implementation_get_title:
 * @self: an implementation description
 *
 * Gets the display title.
 *
 * Returns: (nullable): the display title
 *
 * Since: 1.0
 */
const char *
mcp_implementation_get_title (McpImplementation *self)
{
  g_return_val_if_fail (MCP_IS_IMPLEMENTATION (self), NULL);

  return _mcp_json_object_get_string (self->json, "title");
}

/**
 * mcp_implementation_get_json:
 * @self: an implementation description
 *
 * Gets the object as the peer sent it.
 *
 * Returns: (transfer none): the object as the peer sent it
 *
 * Since: 1.0
 */
JsonObject *
mcp_implementation_get_json (McpImplementation *self)
{
  g_return_val_if_fail (MCP_IS_IMPLEMENTATION (self), NULL);

  return self->json;
}
