/* mcp-prompt-result.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The result of prompts/get: the prompt filled in with its arguments, as a
 * list of messages. The messages are built once, when the result is
 * created, so that a malformed message fails the request instead of
 * surfacing later in the conversation it was meant for.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-json-private.h"
#include "mcp-prompt-message.h"
#include "mcp-prompt-result.h"

/**
 * McpPromptResult:
 *
 * A prompt as the server filled it in: a list of
 * [class@Mcp.PromptMessage], and optionally a description.
 *
 * Since: 1.0
 */

struct _McpPromptResult
{
  GObject     parent_instance;

  JsonObject *json;
  GListStore *messages;
};

G_DEFINE_FINAL_TYPE (McpPromptResult, mcp_prompt_result, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DESCRIPTION,
  PROP_MESSAGES,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_prompt_result_dispose (GObject *object)
{
  McpPromptResult *self = (McpPromptResult *)object;

  g_clear_object (&self->messages);

  G_OBJECT_CLASS (mcp_prompt_result_parent_class)->dispose (object);
}

static void
mcp_prompt_result_finalize (GObject *object)
{
  McpPromptResult *self = (McpPromptResult *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_prompt_result_parent_class)->finalize (object);
}

static void
mcp_prompt_result_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  McpPromptResult *self = MCP_PROMPT_RESULT (object);

  switch (prop_id)
    {
    case PROP_DESCRIPTION:
      g_value_set_string (value, mcp_prompt_result_get_description (self));
      break;

    case PROP_MESSAGES:
      g_value_set_object (value, self->messages);
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_prompt_result_class_init (McpPromptResultClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_prompt_result_dispose;
  object_class->finalize = mcp_prompt_result_finalize;
  object_class->get_property = mcp_prompt_result_get_property;

  /**
   * McpPromptResult:description:
   *
   * A description of the prompt, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPromptResult:messages:
   *
   * The messages, a list of [class@Mcp.PromptMessage].
   *
   * Since: 1.0
   */
  properties[PROP_MESSAGES] =
    g_param_spec_object ("messages", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPromptResult:json:
   *
   * The result exactly as the server sent it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_prompt_result_init (McpPromptResult *self)
{
  self->messages = g_list_store_new (MCP_TYPE_PROMPT_MESSAGE);
}

/**
 * mcp_prompt_result_new_from_json:
 * @json: a `GetPromptResult` object
 * @error: return location for an error
 *
 * Creates a prompt result from its JSON. `messages` must be an array of
 * valid `PromptMessage` objects.
 *
 * Returns: (transfer full) (nullable): a new prompt result, or %NULL with
 *   @error set
 *
 * Since: 1.0
 */
McpPromptResult *
mcp_prompt_result_new_from_json (JsonObject  *json,
                                 GError     **error)
{
  g_autoptr(McpPromptResult) self = NULL;
  JsonArray *messages;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (!(messages = _mcp_json_object_get_array (json, "messages")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The prompt has no list of messages"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_PROMPT_RESULT, NULL);
  self->json = json_object_ref (json);

  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonNode *element = json_array_get_element (messages, i);
      g_autoptr(McpPromptMessage) message = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element) ||
          !(message = mcp_prompt_message_new_from_json (json_node_get_object (element), error)))
        {
          g_clear_error (error);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Message %u of the prompt is not a prompt message"), i);
          return NULL;
        }

      g_list_store_append (self->messages, message);
    }

  return g_steal_pointer (&self);
}

/**
 * mcp_prompt_result_get_description:
 * @self: a prompt result
 *
 * Gets the description of the prompt.
 *
 * Returns: (nullable): the description of the prompt
 *
 * Since: 1.0
 */
const char *
mcp_prompt_result_get_description (McpPromptResult *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_RESULT (self), NULL);

  return _mcp_json_object_get_string (self->json, "description");
}

/**
 * mcp_prompt_result_get_messages:
 * @self: a prompt result
 *
 * Gets the messages, a list of [class@Mcp.PromptMessage].
 *
 * Returns: (transfer none): the messages, a list of
 *   [class@Mcp.PromptMessage]
 *
 * Since: 1.0
 */
GListModel *
mcp_prompt_result_get_messages (McpPromptResult *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_RESULT (self), NULL);

  return G_LIST_MODEL (self->messages);
}

/**
 * mcp_prompt_result_get_json:
 * @self: a prompt result
 *
 * Gets the result exactly as the server sent it.
 *
 * Returns: (transfer none): the result exactly as the server sent it
 *
 * Since: 1.0
 */
JsonObject *
mcp_prompt_result_get_json (McpPromptResult *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_RESULT (self), NULL);

  return self->json;
}
