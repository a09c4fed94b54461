/* mcp-resource-contents.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The contents of one resource as resources/read returns them: text or a
 * base64 blob, never both. One type for both variants, told apart by
 * is-blob, so a list of contents is a list of one type. A blob is decoded
 * only when asked for, since many callers only want the URI or the text.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-json-private.h"
#include "mcp-resource-contents.h"

/**
 * McpResourceContents:
 *
 * The contents of a resource, or of a part of one: either text or binary
 * data.
 *
 * [property@Mcp.ResourceContents:is-blob] says which;
 * [method@Mcp.ResourceContents.get_text] returns the text of text
 * contents and [method@Mcp.ResourceContents.get_data] the decoded bytes of
 * binary contents.
 *
 * Since: 1.0
 */

struct _McpResourceContents
{
  GObject     parent_instance;

  JsonObject *json;
  GBytes     *data;
};

G_DEFINE_FINAL_TYPE (McpResourceContents, mcp_resource_contents, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_URI,
  PROP_MIME_TYPE,
  PROP_TEXT,
  PROP_IS_BLOB,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_resource_contents_finalize (GObject *object)
{
  McpResourceContents *self = (McpResourceContents *)object;

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->data, g_bytes_unref);

  G_OBJECT_CLASS (mcp_resource_contents_parent_class)->finalize (object);
}

static void
mcp_resource_contents_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  McpResourceContents *self = MCP_RESOURCE_CONTENTS (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, mcp_resource_contents_get_uri (self));
      break;

    case PROP_MIME_TYPE:
      g_value_set_string (value, mcp_resource_contents_get_mime_type (self));
      break;

    case PROP_TEXT:
      g_value_set_string (value, mcp_resource_contents_get_text (self));
      break;

    case PROP_IS_BLOB:
      g_value_set_boolean (value, mcp_resource_contents_get_is_blob (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_resource_contents_class_init (McpResourceContentsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_resource_contents_finalize;
  object_class->get_property = mcp_resource_contents_get_property;

  /**
   * McpResourceContents:uri:
   *
   * The URI of the resource these are the contents of.
   *
   * Since: 1.0
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceContents:mime-type:
   *
   * The MIME type of the contents, or %NULL if the server does not know it.
   *
   * Since: 1.0
   */
  properties[PROP_MIME_TYPE] =
    g_param_spec_string ("mime-type", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceContents:text:
   *
   * The text, or %NULL for binary contents.
   *
   * Since: 1.0
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceContents:is-blob:
   *
   * Whether the contents are binary data rather than text.
   *
   * Since: 1.0
   */
  properties[PROP_IS_BLOB] =
    g_param_spec_boolean ("is-blob", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpResourceContents:json:
   *
   * The contents exactly as the server sent them.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_resource_contents_init (McpResourceContents *self)
{
}

/**
 * mcp_resource_contents_new_from_json:
 * @json: a `TextResourceContents` or `BlobResourceContents` object
 * @error: return location for an error
 *
 * Creates resource contents from their JSON. The JSON must have a string
 * `uri` and exactly one of a string `text` and a string `blob`.
 *
 * Returns: (transfer full) (nullable): new resource contents, or %NULL
 *   with @error set
 *
 * Since: 1.0
 */
McpResourceContents *
mcp_resource_contents_new_from_json (JsonObject  *json,
                                     GError     **error)
{
  McpResourceContents *self;
  const char *uri;
  gboolean has_text;
  gboolean has_blob;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (!(uri = _mcp_json_object_get_string (json, "uri")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Resource contents have no URI"));
      return NULL;
    }

  has_text = _mcp_json_object_get_string (json, "text") != NULL;
  has_blob = _mcp_json_object_get_string (json, "blob") != NULL;

  if (!has_text && !has_blob)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The contents of “%s” have neither text nor a blob"), uri);
      return NULL;
    }

  /* Which of the two would be the real contents is anyone's guess. */
  if (has_text && has_blob)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The contents of “%s” have both text and a blob"), uri);
      return NULL;
    }

  self = g_object_new (MCP_TYPE_RESOURCE_CONTENTS, NULL);
  self->json = json_object_ref (json);

  return self;
}

/**
 * mcp_resource_contents_get_uri:
 * @self: resource contents
 *
 * Gets the URI of the resource these are the contents of.
 *
 * Returns: the URI of the resource
 *
 * Since: 1.0
 */
const char *
mcp_resource_contents_get_uri (McpResourceContents *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_CONTENTS (self), NULL);

  return _mcp_json_object_get_string (self->json, "uri");
}

/**
 * mcp_resource_contents_get_mime_type:
 * @self: resource contents
 *
 * Gets the MIME type of the contents, if the server knows it.
 *
 * Returns: (nullable): the MIME type of the contents
 *
 * Since: 1.0
 */
const char *
mcp_resource_contents_get_mime_type (McpResourceContents *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_CONTENTS (self), NULL);

  return _mcp_json_object_get_string (self->json, "mimeType");
}

/**
 * mcp_resource_contents_get_text:
 * @self: resource contents
 *
 * Gets the text of text contents.
 *
 * Returns: (nullable): the text, or %NULL for binary contents
 *
 * Since: 1.0
 */
const char *
mcp_resource_contents_get_text (McpResourceContents *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_CONTENTS (self), NULL);

  return _mcp_json_object_get_string (self->json, "text");
}

/**
 * mcp_resource_contents_get_data:
 * @self: resource contents
 *
 * The decoded bytes of binary contents. Decoding happens on the first
 * call.
 *
 * Returns: (transfer none) (nullable): the data, or %NULL for text
 *   contents
 *
 * Since: 1.0
 */
GBytes *
mcp_resource_contents_get_data (McpResourceContents *self)
{
  const char *encoded;

  g_return_val_if_fail (MCP_IS_RESOURCE_CONTENTS (self), NULL);

  if (self->data != NULL)
    return self->data;

  if ((encoded = _mcp_json_object_get_string (self->json, "blob")))
    {
      gsize len = 0;
      guchar *decoded = g_base64_decode (encoded, &len);

      self->data = g_bytes_new_take (decoded, len);
    }

  return self->data;
}

/**
 * mcp_resource_contents_get_is_blob:
 * @self: resource contents
 *
 * Returns whether the contents are binary data rather than text.
 *
 * Returns: whether the contents are binary data
 *
 * Since: 1.0
 */
gboolean
mcp_resource_contents_get_is_blob (McpResourceContents *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_CONTENTS (self), FALSE);

  return _mcp_json_object_get_string (self->json, "blob") != NULL;
}

/**
 * mcp_resource_contents_get_json:
 * @self: resource contents
 *
 * Gets the contents exactly as the server sent them.
 *
 * Returns: (transfer none): the contents exactly as the server sent them
 *
 * Since: 1.0
 */
JsonObject *
mcp_resource_contents_get_json (McpResourceContents *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE_CONTENTS (self), NULL);

  return self->json;
}
