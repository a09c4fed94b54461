/* mcp-prompt.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A prompt as prompts/list describes it. The arguments are built into a
 * list model once, when the prompt is created, so that a malformed
 * argument fails the listing rather than surprising whoever reads the list
 * later; everything else is read from the original JSON on demand.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-json-private.h"
#include "mcp-prompt.h"
#include "mcp-prompt-argument.h"

/**
 * McpPrompt:
 *
 * A prompt or prompt template the server offers, with the arguments it
 * accepts.
 *
 * Since: 1.0
 */

struct _McpPrompt
{
  GObject     parent_instance;

  JsonObject *json;
  GListStore *arguments;
};

G_DEFINE_FINAL_TYPE (McpPrompt, mcp_prompt, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_TITLE,
  PROP_DESCRIPTION,
  PROP_ARGUMENTS,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_prompt_dispose (GObject *object)
{
  McpPrompt *self = (McpPrompt *)object;

  g_clear_object (&self->arguments);

  G_OBJECT_CLASS (mcp_prompt_parent_class)->dispose (object);
}

static void
mcp_prompt_finalize (GObject *object)
{
  McpPrompt *self = (McpPrompt *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_prompt_parent_class)->finalize (object);
}

static void
mcp_prompt_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  McpPrompt *self = MCP_PROMPT (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, mcp_prompt_get_name (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, mcp_prompt_get_title (self));
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, mcp_prompt_get_description (self));
      break;

    case PROP_ARGUMENTS:
      g_value_set_object (value, self->arguments);
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_prompt_class_init (McpPromptClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_prompt_dispose;
  object_class->finalize = mcp_prompt_finalize;
  object_class->get_property = mcp_prompt_get_property;

  /**
   * McpPrompt:name:
   *
   * The name to get the prompt by.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPrompt:title:
   *
   * A name for display, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPrompt:description:
   *
   * What the prompt provides, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPrompt:arguments:
   *
   * The arguments the prompt accepts, a list of
   * [class@Mcp.PromptArgument].
   *
   * Since: 1.0
   */
  properties[PROP_ARGUMENTS] =
    g_param_spec_object ("arguments", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPrompt:json:
   *
   * The prompt exactly as the server described it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_prompt_init (McpPrompt *self)
{
  self->arguments = g_list_store_new (MCP_TYPE_PROMPT_ARGUMENT);
}

/**
 * mcp_prompt_new_from_json:
 * @json: a `Prompt` object
 * @error: return location for an error
 *
 * Creates a prompt from its description. The description must have a
 * string `name`; `arguments`, if present, must be an array of valid
 * `PromptArgument` objects.
 *
 * Returns: (transfer full) (nullable): a new prompt, or %NULL with @error
 *   set
 *
 * Since: 1.0
 */
McpPrompt *
mcp_prompt_new_from_json (JsonObject  *json,
                          GError     **error)
{
  g_autoptr(McpPrompt) self = NULL;
  JsonNode *arguments_node;
  JsonArray *arguments;
  const char *name;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (!(name = _mcp_json_object_get_string (json, "name")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A prompt has no name"));
      return NULL;
    }

  arguments_node = json_object_get_member (json, "arguments");
  if (arguments_node != NULL && !JSON_NODE_HOLDS_ARRAY (arguments_node))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The arguments of the prompt “%s” are not a list"), name);
      return NULL;
    }

  self = g_object_new (MCP_TYPE_PROMPT, NULL);
  self->json = json_object_ref (json);

  arguments = arguments_node != NULL ? json_node_get_array (arguments_node) : NULL;
  for (guint i = 0; arguments != NULL && i < json_array_get_length (arguments); i++)
    {
      JsonNode *element = json_array_get_element (arguments, i);
      g_autoptr(McpPromptArgument) argument = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element) ||
          !(argument = mcp_prompt_argument_new_from_json (json_node_get_object (element), error)))
        {
          g_clear_error (error);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Argument %u of the prompt “%s” is not a prompt argument"), i, name);
          return NULL;
        }

      g_list_store_append (self->arguments, argument);
    }

  return g_steal_pointer (&self);
}

/**
 * mcp_prompt_get_name:
 * @self: a prompt
 *
 * Gets the prompt's name.
 *
 * Returns: the prompt's name
 *
 * Since: 1.0
 */
const char *
mcp_prompt_get_name (McpPrompt *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT (self), NULL);

  return _mcp_json_object_get_string (self->json, "name");
}

/**
 * mcp_prompt_get_title:
 * @self: a prompt
 *
 * Gets the prompt's title.
 *
 * Returns: (nullable): the prompt's title
 *
 * Since: 1.0
 */
const char *
mcp_prompt_get_title (McpPrompt *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT (self), NULL);

  return _mcp_json_object_get_string (self->json, "title");
}

/**
 * mcp_prompt_get_display_name:
 * @self: a prompt
 *
 * The name to show a person: the title, else the name.
 *
 * Returns: a name for display
 *
 * Since: 1.0
 */
const char *
mcp_prompt_get_display_name (McpPrompt *self)
{
  const char *name;

  g_return_val_if_fail (MCP_IS_PROMPT (self), NULL);

  if ((name = mcp_prompt_get_title (self)))
    return name;

  return mcp_prompt_get_name (self);
}

/**
 * mcp_prompt_get_description:
 * @self: a prompt
 *
 * Gets the prompt's description.
 *
 * Returns: (nullable): the prompt's description
 *
 * Since: 1.0
 */
const char *
mcp_prompt_get_description (McpPrompt *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT (self), NULL);

  return _mcp_json_object_get_string (self->json, "description");
}

/**
 * mcp_prompt_get_arguments:
 * @self: a prompt
 *
 * Gets the arguments the prompt accepts, a list of
 * [class@Mcp.PromptArgument].
 *
 * Returns: (transfer none): the arguments, a list of
 *   [class@Mcp.PromptArgument], empty if the prompt takes none
 *
 * Since: 1.0
 */
GListModel *
mcp_prompt_get_arguments (McpPrompt *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT (self), NULL);

  return G_LIST_MODEL (self->arguments);
}

/**
 * mcp_prompt_get_json:
 * @self: a prompt
 *
 * Gets the prompt exactly as the server described it.
 *
 * Returns: (transfer none): the prompt exactly as the server described it
 *
 * Since: 1.0
 */
JsonObject *
mcp_prompt_get_json (McpPrompt *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT (self), NULL);

  return self->json;
}
