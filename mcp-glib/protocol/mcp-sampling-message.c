/* mcp-sampling-message.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One message of a conversation a server asks the client to continue
 * (sampling/createMessage): who speaks, and one content block or several.
 * Either way the blocks come out as one list, so that a handler has one
 * shape to read.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-content-list-private.h"
#include "mcp-json-private.h"
#include "mcp-sampling-message.h"

/**
 * McpSamplingMessage:
 *
 * A message of the conversation in a sampling request: a role (`user` or
 * `assistant`) and its content, a list of [class@Mcp.Content] blocks (text,
 * images, audio, and in tool loops `tool_use` and `tool_result` blocks).
 *
 * [method@Mcp.ServerRequest.get_sampling_messages] hands them out.
 *
 * Since: 1.0
 */

struct _McpSamplingMessage
{
  GObject         parent_instance;

  JsonObject     *json;
  McpContentList *content;
};

G_DEFINE_FINAL_TYPE (McpSamplingMessage, mcp_sampling_message, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ROLE,
  PROP_CONTENT,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_sampling_message_dispose (GObject *object)
{
  McpSamplingMessage *self = (McpSamplingMessage *)object;

  g_clear_object (&self->content);

  G_OBJECT_CLASS (mcp_sampling_message_parent_class)->dispose (object);
}

static void
mcp_sampling_message_finalize (GObject *object)
{
  McpSamplingMessage *self = (McpSamplingMessage *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_sampling_message_parent_class)->finalize (object);
}

static void
mcp_sampling_message_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  McpSamplingMessage *self = MCP_SAMPLING_MESSAGE (object);

  switch (prop_id)
    {
    case PROP_ROLE:
      g_value_set_string (value, mcp_sampling_message_get_role (self));
      break;

    case PROP_CONTENT:
      g_value_set_object (value, self->content);
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_sampling_message_class_init (McpSamplingMessageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_sampling_message_dispose;
  object_class->finalize = mcp_sampling_message_finalize;
  object_class->get_property = mcp_sampling_message_get_property;

  /**
   * McpSamplingMessage:role:
   *
   * Who speaks, exactly as sent: `user` or `assistant`.
   *
   * Since: 1.0
   */
  properties[PROP_ROLE] =
    g_param_spec_string ("role", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSamplingMessage:content:
   *
   * The message's content blocks, a list of [class@Mcp.Content].
   *
   * Since: 1.0
   */
  properties[PROP_CONTENT] =
    g_param_spec_object ("content", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSamplingMessage:json:
   *
   * The message exactly as the server sent it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_sampling_message_init (McpSamplingMessage *self)
{
}

/**
 * mcp_sampling_message_new_from_json:
 * @json: a `SamplingMessage` object
 * @error: return location for an error
 *
 * Creates a sampling message from its JSON. The message must have a string
 * `role` and a `content` that is a block or an array of blocks; block
 * types mcp-glib does not know are kept.
 *
 * Returns: (transfer full) (nullable): a new sampling message, or %NULL
 *   with @error set
 *
 * Since: 1.0
 */
McpSamplingMessage *
mcp_sampling_message_new_from_json (JsonObject  *json,
                                    GError     **error)
{
  McpSamplingMessage *self;
  g_autoptr(JsonArray) blocks = NULL;
  JsonNode *content;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (_mcp_json_object_get_string (json, "role") == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A sampling message has no role"));
      return NULL;
    }

  content = json_object_get_member (json, "content");
  if (content != NULL && JSON_NODE_HOLDS_ARRAY (content))
    blocks = json_array_ref (json_node_get_array (content));
  else if (content != NULL && JSON_NODE_HOLDS_OBJECT (content))
    {
      blocks = json_array_new ();
      json_array_add_object_element (blocks, json_object_ref (json_node_get_object (content)));
    }
  else
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A sampling message has no content"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_SAMPLING_MESSAGE, NULL);
  self->json = json_object_ref (json);
  self->content = _mcp_content_list_new (blocks);

  return self;
}

/**
 * mcp_sampling_message_get_role:
 * @self: a sampling message
 *
 * Gets who speaks, exactly as sent: `user` or `assistant`.
 *
 * Returns: the message's role
 *
 * Since: 1.0
 */
const char *
mcp_sampling_message_get_role (McpSamplingMessage *self)
{
  g_return_val_if_fail (MCP_IS_SAMPLING_MESSAGE (self), NULL);

  return _mcp_json_object_get_string (self->json, "role");
}

/**
 * mcp_sampling_message_get_content:
 * @self: a sampling message
 *
 * Gets the message's content blocks: one, or several.
 *
 * Returns: (transfer none): a list of [class@Mcp.Content]
 *
 * Since: 1.0
 */
GListModel *
mcp_sampling_message_get_content (McpSamplingMessage *self)
{
  g_return_val_if_fail (MCP_IS_SAMPLING_MESSAGE (self), NULL);

  return G_LIST_MODEL (self->content);
}

/**
 * mcp_sampling_message_get_json:
 * @self: a sampling message
 *
 * Gets the message exactly as the server sent it.
 *
 * Returns: (transfer none): the message exactly as the server sent it
 *
 * Since: 1.0
 */
JsonObject *
mcp_sampling_message_get_json (McpSamplingMessage *self)
{
  g_return_val_if_fail (MCP_IS_SAMPLING_MESSAGE (self), NULL);

  return self->json;
}
