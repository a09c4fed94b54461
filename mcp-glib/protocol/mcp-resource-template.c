/* mcp-resource-template.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A resource template as resources/templates/list describes it. The
 * template is kept as the server wrote it: expanding it (RFC 6570) is the
 * application's business, as is deciding which variables to offer.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-json-private.h"
#include "mcp-resource-template.h"

/**
 * McpResourceTemplate:
 *
 * A family of resources the server can read, described by an RFC 6570 URI
 * template such as `file:///{path}`.
 *
 * Expand the template into a URI and read that URI as any other resource.
 *
 * Since: 1.0
 */

struct _McpResourceTemplate
{
  GObject     parent_instance;

  JsonObject *json;
};

G_DEFINE_FINAL_TYPE (McpResourceTemplate, mcp_resource_template, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_URI_TEMPLATE,
  PROP_NAME,
  PROP_TITLE,
  PROP_DESCRIPTION,
  PROP_MIME_TYPE,
  PROP_ANNOTATIONS,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_resource_template_finalize (GObject *object)
{
  McpResourceTemplate *self = (McpResourceTemplate *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_resource_template_parent_class)->finalize (object);
}

static void
mcp_resource_template_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  McpResourceTemplate *self = MCP_RESOURCE_TEMPLATE (object);

  switch (prop_id)
    {
    case PROP_URI_TEMPLATE:
      g_value_set_string (value, mcp_resource_template_get_uri_template (self));
      break;

    case PROP_NAME:
      g_value_set_string (value, mcp_resource_template_get_name (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, mcp_resource_template_get_title (self));
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, mcp_resource_template_get_description (self));
      break;

    case PROP_MIME_TYPE:
      g_value_set_string (value, mcp_resource_template_get_mime_type (self));
      break;

    case PROP_ANNOTATIONS:
      g_value_set_boxed (value, mcp_resource_template_get_annotations (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_resource_template_class_init (McpResourceTemplateClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_resource_template_finalize;
  object_class->get_property = mcp_resource_template_get_property;

  /**
   * McpResourceTemplate:uri-template:
   *
   * The RFC 6570 URI template, exactly as sent.
   *
   * Since: 1.0
   */
  properties[PROP_URI_TEMPLATE] =
    g_param_spec_string ("uri-template", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceTemplate:name:
   *
   * The template's name, for programs; see
   * [method@Mcp.ResourceTemplate.get_display_name] for people.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceTemplate:title:
   *
   * A name for display, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceTemplate:description:
   *
   * What the template is for, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceTemplate:mime-type:
   *
   * The MIME type shared by all matching resources, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_MIME_TYPE] =
    g_param_spec_string ("mime-type", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceTemplate:annotations:
   *
   * Hints about the matching resources (`audience`, `priority`,
   * `lastModified`), or %NULL. They are untrusted.
   *
   * Since: 1.0
   */
  properties[PROP_ANNOTATIONS] =
    g_param_spec_boxed ("annotations", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceTemplate:json:
   *
   * The template exactly as the server described it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_resource_template_init (McpResourceTemplate *self)
{
}

/**
 * mcp_resource_template_new_from_json:
 * @json: a `ResourceTemplate` object
 * @error: return location for an error
 *
 * Creates a resource template from its description. The description must
 * have a string `uriTemplate` and a string `name`.
 *
 * Returns: (transfer full) (nullable): a new resource template, or %NULL
 *   with @error set
 *
 * Since: 1.0
 */
McpResourceTemplate *
mcp_resource_template_new_from_json (JsonObject  *json,
                                     GError     **error)
{
  McpResourceTemplate *self;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (_mcp_json_object_get_string (json, "uriTemplate") == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A resource template has no URI template"));
      return NULL;
    }

  if (_mcp_json_object_get_string (json, "name") == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The resource template “%s” has no name"),
                   _mcp_json_object_get_string (json, "uriTemplate"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_RESOURCE_TEMPLATE, NULL);
  self->json = json_object_ref (json);

  return self;
}

/**
 * mcp_resource_template_get_uri_template:
 * @self: a resource template
 *
 * Gets the RFC 6570 URI template, exactly as sent.
 *
 * Returns: the URI template
 *
 * Since: 1.0
 */
const char *
mcp_resource_template_get_uri_template (McpResourceTemplate *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_TEMPLATE (self), NULL);

  return _mcp_json_object_get_string (self->json, "uriTemplate");
}

/**
 * mcp_resource_template_get_name:
 * @self: a resource template
 *
 * Gets the template's name.
 *
 * Returns: the template's name
 *
 * Since: 1.0
 */
const char *
mcp_resource_template_get_name (McpResourceTemplate *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_TEMPLATE (self), NULL);

  return _mcp_json_object_get_string (self->json, "name");
}

/**
 * mcp_resource_template_get_title:
 * @self: a resource template
 *
 * Gets the template's title.
 *
 * Returns: (nullable): the template's title
 *
 * Since: 1.0
 */
const char *
mcp_resource_template_get_title (McpResourceTemplate *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_TEMPLATE (self), NULL);

  return _mcp_json_object_get_string (self->json, "title");
}

/**
 * mcp_resource_template_get_display_name:
 * @self: a resource template
 *
 * The name to show a person: the title, else the name.
 *
 * Returns: a name for display
 *
 * Since: 1.0
 */
const char *
mcp_resource_template_get_display_name (McpResourceTemplate *self)
{
  const char *name;

  g_return_val_if_fail (MCP_IS_RESOURCE_TEMPLATE (self), NULL);

  if ((name = mcp_resource_template_get_title (self)))
    return name;

  return mcp_resource_template_get_name (self);
}

/**
 * mcp_resource_template_get_description:
 * @self: a resource template
 *
 * Gets the template's description.
 *
 * Returns: (nullable): the template's description
 *
 * Since: 1.0
 */
const char *
mcp_resource_template_get_description (McpResourceTemplate *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_TEMPLATE (self), NULL);

  return _mcp_json_object_get_string (self->json, "description");
}

/**
 * mcp_resource_template_get_mime_type:
 * @self: a resource template
 *
 * Gets the MIME type shared by all matching resources, if they share one.
 *
 * Returns: (nullable): the MIME type of the matching resources
 *
 * Since: 1.0
 */
const char *
mcp_resource_template_get_mime_type (McpResourceTemplate *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_TEMPLATE (self), NULL);

  return _mcp_json_object_get_string (self->json, "mimeType");
}

/**
 * mcp_resource_template_get_annotations:
 * @self: a resource template
 *
 * Gets the template's annotations (`audience`, `priority`, `lastModified`).
 *
 * Returns: (transfer none) (nullable): the template's annotations
 *
 * Since: 1.0
 */
JsonObject *
mcp_resource_template_get_annotations (McpResourceTemplate *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_TEMPLATE (self), NULL);

  return _mcp_json_object_get_object (self->json, "annotations");
}

/**
 * mcp_resource_template_get_json:
 * @self: a resource template
 *
 * Gets the template exactly as the server described it.
 *
 * Returns: (transfer none): the template exactly as the server described it
 *
 * Since: 1.0
 */
JsonObject *
mcp_resource_template_get_json (McpResourceTemplate *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_TEMPLATE (self), NULL);

  return self->json;
}
