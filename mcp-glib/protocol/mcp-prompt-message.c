/* mcp-prompt-message.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One message of a prompt as prompts/get returns it: who speaks, and one
 * content block. The role stays the string the server sent rather than an
 * enumeration, so that a role a later revision adds passes through
 * instead of failing the whole prompt.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-json-private.h"
#include "mcp-prompt-message.h"

/**
 * McpPromptMessage:
 *
 * A message of a prompt, ready to put into a conversation with a model:
 * a role (`user` or `assistant`) and a [class@Mcp.Content] block.
 *
 * Since: 1.0
 */

struct _McpPromptMessage
{
  GObject     parent_instance;

  JsonObject *json;
  McpContent *content;
};

G_DEFINE_FINAL_TYPE (McpPromptMessage, mcp_prompt_message, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ROLE,
  PROP_CONTENT,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_prompt_message_dispose (GObject *object)
{
  McpPromptMessage *self = (McpPromptMessage *)object;

  g_clear_object (&self->content);

  G_OBJECT_CLASS (mcp_prompt_message_parent_class)->dispose (object);
}

static void
mcp_prompt_message_finalize (GObject *object)
{
  McpPromptMessage *self = (McpPromptMessage *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_prompt_message_parent_class)->finalize (object);
}

static void
mcp_prompt_message_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  McpPromptMessage *self = MCP_PROMPT_MESSAGE (object);

  switch (prop_id)
    {
    case PROP_ROLE:
      g_value_set_string (value, mcp_prompt_message_get_role (self));
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
mcp_prompt_message_class_init (McpPromptMessageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_prompt_message_dispose;
  object_class->finalize = mcp_prompt_message_finalize;
  object_class->get_property = mcp_prompt_message_get_property;

  /**
   * McpPromptMessage:role:
   *
   * Who speaks, exactly as sent: `user` or `assistant`.
   *
   * Since: 1.0
   */
  properties[PROP_ROLE] =
    g_param_spec_string ("role", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPromptMessage:content:
   *
   * What is said.
   *
   * Since: 1.0
   */
  properties[PROP_CONTENT] =
    g_param_spec_object ("content", NULL, NULL, MCP_TYPE_CONTENT,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPromptMessage:json:
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
mcp_prompt_message_init (McpPromptMessage *self)
{
}

/**
 * mcp_prompt_message_new_from_json:
 * @json: a `PromptMessage` object
 * @error: return location for an error
 *
 * Creates a prompt message from its JSON. The message must have a string
 * `role` and a `content` block with a type; a role or block type
 * mcp-glib does not know is kept, not refused.
 *
 * Returns: (transfer full) (nullable): a new prompt message, or %NULL with
 *   @error set
 *
 * Since: 1.0
 */
McpPromptMessage *
mcp_prompt_message_new_from_json (JsonObject  *json,
                                  GError     **error)
{
  McpPromptMessage *self;
  g_autoptr(McpContent) content = NULL;
  JsonObject *content_json;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (_mcp_json_object_get_string (json, "role") == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A prompt message has no role"));
      return NULL;
    }

  if (!(content_json = _mcp_json_object_get_object (json, "content")) ||
      !(content = mcp_content_new_from_json (content_json, error)))
    {
      g_clear_error (error);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A prompt message has no content block"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_PROMPT_MESSAGE, NULL);
  self->json = json_object_ref (json);
  self->content = g_steal_pointer (&content);

  return self;
}

/**
 * mcp_prompt_message_get_role:
 * @self: a prompt message
 *
 * Gets who speaks, exactly as sent: `user` or `assistant`.
 *
 * Returns: the message's role
 *
 * Since: 1.0
 */
const char *
mcp_prompt_message_get_role (McpPromptMessage *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_MESSAGE (self), NULL);

  return _mcp_json_object_get_string (self->json, "role");
}

/**
 * mcp_prompt_message_get_content:
 * @self: a prompt message
 *
 * Gets the message's content block.
 *
 * Returns: (transfer none): the message's content block
 *
 * Since: 1.0
 */
McpContent *
mcp_prompt_message_get_content (McpPromptMessage *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_MESSAGE (self), NULL);

  return self->content;
}

/**
 * mcp_prompt_message_get_json:
 * @self: a prompt message
 *
 * Gets the message exactly as the server sent it.
 *
 * Returns: (transfer none): the message exactly as the server sent it
 *
 * Since: 1.0
 */
JsonObject *
mcp_prompt_message_get_json (McpPromptMessage *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_MESSAGE (self), NULL);

  return self->json;
}
