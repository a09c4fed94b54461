/* mcp-content.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One content block of a tool result, prompt message or sampling message.
 * A single type with a kind, rather than a class per block type, because
 * new block types keep appearing: an unknown one is simply of the unknown
 * kind, with its JSON intact, and never fails the call that carried it.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-content.h"
#include "mcp-enums.h"
#include "mcp-json-private.h"

/**
 * McpContent:
 *
 * A content block: text, an image, audio, a resource link or an embedded
 * resource.
 *
 * [method@Mcp.Content.get_kind] says which. Accessors that do not apply to
 * a kind return %NULL. For an embedded resource, the text, data, MIME type
 * and URI are those of the resource inside the block. Blocks of a type
 * mcp-glib does not know are kept with [enum@Mcp.ContentKind.UNKNOWN]; read
 * them with [method@Mcp.Content.get_type_name] and
 * [method@Mcp.Content.get_json].
 *
 * Since: 1.0
 */

struct _McpContent
{
  GObject         parent_instance;

  JsonObject     *json;
  McpContentKind  kind;
  GBytes         *data;
};

G_DEFINE_FINAL_TYPE (McpContent, mcp_content, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_TYPE_NAME,
  PROP_TEXT,
  PROP_MIME_TYPE,
  PROP_URI,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct {
  const char     *name;
  McpContentKind  kind;
} kinds[] = {
  { "text", MCP_CONTENT_KIND_TEXT },
  { "image", MCP_CONTENT_KIND_IMAGE },
  { "audio", MCP_CONTENT_KIND_AUDIO },
  { "resource_link", MCP_CONTENT_KIND_RESOURCE_LINK },
  { "resource", MCP_CONTENT_KIND_RESOURCE },
  { "tool_use", MCP_CONTENT_KIND_TOOL_USE },
  { "tool_result", MCP_CONTENT_KIND_TOOL_RESULT },
};

static void
mcp_content_finalize (GObject *object)
{
  McpContent *self = (McpContent *)object;

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->data, g_bytes_unref);

  G_OBJECT_CLASS (mcp_content_parent_class)->finalize (object);
}

static void
mcp_content_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  McpContent *self = MCP_CONTENT (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;

    case PROP_TYPE_NAME:
      g_value_set_string (value, mcp_content_get_type_name (self));
      break;

    case PROP_TEXT:
      g_value_set_string (value, mcp_content_get_text (self));
      break;

    case PROP_MIME_TYPE:
      g_value_set_string (value, mcp_content_get_mime_type (self));
      break;

    case PROP_URI:
      g_value_set_string (value, mcp_content_get_uri (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_content_class_init (McpContentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_content_finalize;
  object_class->get_property = mcp_content_get_property;

  /**
   * McpContent:kind:
   *
   * The kind of block.
   *
   * Since: 1.0
   */
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL,
                       MCP_TYPE_CONTENT_KIND, MCP_CONTENT_KIND_UNKNOWN,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpContent:type-name:
   *
   * The block's `type` exactly as sent, e.g. `text` or `resource_link`.
   *
   * Since: 1.0
   */
  properties[PROP_TYPE_NAME] =
    g_param_spec_string ("type-name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpContent:text:
   *
   * The text of a text block or of an embedded text resource.
   *
   * Since: 1.0
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpContent:mime-type:
   *
   * The MIME type of an image, audio clip or resource.
   *
   * Since: 1.0
   */
  properties[PROP_MIME_TYPE] =
    g_param_spec_string ("mime-type", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpContent:uri:
   *
   * The URI of a resource link or embedded resource.
   *
   * Since: 1.0
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpContent:json:
   *
   * The block exactly as it was sent.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_content_init (McpContent *self)
{
}

/**
 * mcp_content_new_from_json:
 * @json: a content block object
 * @error: return location for an error
 *
 * Creates a content block from its JSON. Only a missing `type` is an
 * error; an unknown type gives a block of kind
 * [enum@Mcp.ContentKind.UNKNOWN].
 *
 * Returns: (transfer full) (nullable): a new content block
 *
 * Since: 1.0
 */
McpContent *
mcp_content_new_from_json (JsonObject  *json,
                           GError     **error)
{
  McpContent *self;
  const char *type;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (!(type = _mcp_json_object_get_string (json, "type")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A content block has no type"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_CONTENT, NULL);
  self->json = json_object_ref (json);
  self->kind = MCP_CONTENT_KIND_UNKNOWN;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_equal (type, kinds[i].name))
      self->kind = kinds[i].kind;

  return self;
}

/**
 * mcp_content_new_text:
 * @text: the text
 *
 * Creates a text block, for example to answer a sampling request.
 *
 * Returns: (transfer full): a new text block
 *
 * Since: 1.0
 */
McpContent *
mcp_content_new_text (const char *text)
{
  g_autoptr(JsonObject) json = json_object_new ();

  g_return_val_if_fail (text != NULL, NULL);

  json_object_set_string_member (json, "type", "text");
  json_object_set_string_member (json, "text", text);

  return mcp_content_new_from_json (json, NULL);
}

/* Where text, blob, mimeType and uri live: in the block itself, or for an
 * embedded resource in its "resource" member. */
static JsonObject *
payload (McpContent *self)
{
  if (self->kind == MCP_CONTENT_KIND_RESOURCE)
    return _mcp_json_object_get_object (self->json, "resource");

  return self->json;
}

/**
 * mcp_content_get_kind:
 * @self: a content block
 *
 * Gets the kind of block.
 *
 * Returns: the kind of block
 *
 * Since: 1.0
 */
McpContentKind
mcp_content_get_kind (McpContent *self)
{
  g_return_val_if_fail (MCP_IS_CONTENT (self), MCP_CONTENT_KIND_UNKNOWN);

  return self->kind;
}

/**
 * mcp_content_get_type_name:
 * @self: a content block
 *
 * Gets the block's `type` as sent.
 *
 * Returns: the block's `type` as sent
 *
 * Since: 1.0
 */
const char *
mcp_content_get_type_name (McpContent *self)
{
  g_return_val_if_fail (MCP_IS_CONTENT (self), NULL);

  return _mcp_json_object_get_string (self->json, "type");
}

/**
 * mcp_content_get_text:
 * @self: a content block
 *
 * Gets the text of a text block or embedded text resource.
 *
 * Returns: (nullable): the text of a text block or embedded text resource
 *
 * Since: 1.0
 */
const char *
mcp_content_get_text (McpContent *self)
{
  g_return_val_if_fail (MCP_IS_CONTENT (self), NULL);

  if (self->kind != MCP_CONTENT_KIND_TEXT && self->kind != MCP_CONTENT_KIND_RESOURCE)
    return NULL;

  return _mcp_json_object_get_string (payload (self), "text");
}

/**
 * mcp_content_get_data:
 * @self: a content block
 *
 * The decoded bytes of an image, an audio clip or an embedded blob
 * resource. Decoding happens on the first call.
 *
 * Returns: (transfer none) (nullable): the data, or %NULL for other kinds
 *
 * Since: 1.0
 */
GBytes *
mcp_content_get_data (McpContent *self)
{
  const char *encoded = NULL;

  g_return_val_if_fail (MCP_IS_CONTENT (self), NULL);

  if (self->data != NULL)
    return self->data;

  if (self->kind == MCP_CONTENT_KIND_IMAGE || self->kind == MCP_CONTENT_KIND_AUDIO)
    encoded = _mcp_json_object_get_string (self->json, "data");
  else if (self->kind == MCP_CONTENT_KIND_RESOURCE)
    encoded = _mcp_json_object_get_string (payload (self), "blob");

  if (encoded != NULL)
    {
      gsize len = 0;
      guchar *decoded = g_base64_decode (encoded, &len);

      self->data = g_bytes_new_take (decoded, len);
    }

  return self->data;
}

/**
 * mcp_content_get_mime_type:
 * @self: a content block
 *
 * Gets the MIME type, if the block has one.
 *
 * Returns: (nullable): the MIME type, if the block has one
 *
 * Since: 1.0
 */
const char *
mcp_content_get_mime_type (McpContent *self)
{
  g_return_val_if_fail (MCP_IS_CONTENT (self), NULL);

  return _mcp_json_object_get_string (payload (self), "mimeType");
}

/**
 * mcp_content_get_uri:
 * @self: a content block
 *
 * Gets the URI of a resource link or embedded resource.
 *
 * Returns: (nullable): the URI of a resource link or embedded resource
 *
 * Since: 1.0
 */
const char *
mcp_content_get_uri (McpContent *self)
{
  g_return_val_if_fail (MCP_IS_CONTENT (self), NULL);

  if (self->kind != MCP_CONTENT_KIND_RESOURCE_LINK && self->kind != MCP_CONTENT_KIND_RESOURCE)
    return NULL;

  return _mcp_json_object_get_string (payload (self), "uri");
}

/**
 * mcp_content_get_name:
 * @self: a content block
 *
 * Gets the name of a resource link.
 *
 * Returns: (nullable): the name of a resource link
 *
 * Since: 1.0
 */
const char *
mcp_content_get_name (McpContent *self)
{
  g_return_val_if_fail (MCP_IS_CONTENT (self), NULL);

  if (self->kind != MCP_CONTENT_KIND_RESOURCE_LINK)
    return NULL;

  return _mcp_json_object_get_string (self->json, "name");
}

/**
 * mcp_content_get_annotations:
 * @self: a content block
 *
 * Gets the block's annotations (`audience`, `priority`, `lastModified`).
 *
 * Returns: (transfer none) (nullable): the block's annotations
 *   (`audience`, `priority`, `lastModified`)
 *
 * Since: 1.0
 */
JsonObject *
mcp_content_get_annotations (McpContent *self)
{
  g_return_val_if_fail (MCP_IS_CONTENT (self), NULL);

  return _mcp_json_object_get_object (self->json, "annotations");
}

/**
 * mcp_content_get_json:
 * @self: a content block
 *
 * Gets the block exactly as it was sent.
 *
 * Returns: (transfer none): the block exactly as it was sent
 *
 * Since: 1.0
 */
JsonObject *
mcp_content_get_json (McpContent *self)
{
  g_return_val_if_fail (MCP_IS_CONTENT (self), NULL);

  return self->json;
}
