/* mcp-prompt-argument.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One argument of a prompt template, as prompts/list describes it. Only
 * the name is checked; the rest is read from the original JSON on demand.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-json-private.h"
#include "mcp-prompt-argument.h"

/**
 * McpPromptArgument:
 *
 * An argument a prompt accepts, such as the code to review in a code
 * review prompt.
 *
 * Arguments are listed by [method@Mcp.Prompt.get_arguments]; their values
 * are passed as strings when the prompt is fetched.
 *
 * Since: 1.0
 */

struct _McpPromptArgument
{
  GObject     parent_instance;

  JsonObject *json;
};

G_DEFINE_FINAL_TYPE (McpPromptArgument, mcp_prompt_argument, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_TITLE,
  PROP_DESCRIPTION,
  PROP_REQUIRED,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_prompt_argument_finalize (GObject *object)
{
  McpPromptArgument *self = (McpPromptArgument *)object;

  g_clear_pointer (&self->json, json_object_unref);

  G_OBJECT_CLASS (mcp_prompt_argument_parent_class)->finalize (object);
}

static void
mcp_prompt_argument_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  McpPromptArgument *self = MCP_PROMPT_ARGUMENT (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, mcp_prompt_argument_get_name (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, mcp_prompt_argument_get_title (self));
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, mcp_prompt_argument_get_description (self));
      break;

    case PROP_REQUIRED:
      g_value_set_boolean (value, mcp_prompt_argument_get_required (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_prompt_argument_class_init (McpPromptArgumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_prompt_argument_finalize;
  object_class->get_property = mcp_prompt_argument_get_property;

  /**
   * McpPromptArgument:name:
   *
   * The name to pass the argument's value by.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPromptArgument:title:
   *
   * A name for display, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPromptArgument:description:
   *
   * What the argument is for, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPromptArgument:required:
   *
   * Whether the argument must be given.
   *
   * Since: 1.0
   */
  properties[PROP_REQUIRED] =
    g_param_spec_boolean ("required", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpPromptArgument:json:
   *
   * The argument exactly as the server described it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_prompt_argument_init (McpPromptArgument *self)
{
}

/**
 * mcp_prompt_argument_new_from_json:
 * @json: a `PromptArgument` object
 * @error: return location for an error
 *
 * Creates a prompt argument from its description. The description must
 * have a string `name`.
 *
 * Returns: (transfer full) (nullable): a new prompt argument, or %NULL
 *   with @error set
 *
 * Since: 1.0
 */
McpPromptArgument *
mcp_prompt_argument_new_from_json (JsonObject  *json,
                                   GError     **error)
{
  McpPromptArgument *self;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (_mcp_json_object_get_string (json, "name") == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A prompt argument has no name"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_PROMPT_ARGUMENT, NULL);
  self->json = json_object_ref (json);

  return self;
}

/**
 * mcp_prompt_argument_get_name:
 * @self: a prompt argument
 *
 * Gets the argument's name.
 *
 * Returns: the argument's name
 *
 * Since: 1.0
 */
const char *
mcp_prompt_argument_get_name (McpPromptArgument *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_ARGUMENT (self), NULL);

  return _mcp_json_object_get_string (self->json, "name");
}

/**
 * mcp_prompt_argument_get_title:
 * @self: a prompt argument
 *
 * Gets the argument's title.
 *
 * Returns: (nullable): the argument's title
 *
 * Since: 1.0
 */
const char *
mcp_prompt_argument_get_title (McpPromptArgument *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_ARGUMENT (self), NULL);

  return _mcp_json_object_get_string (self->json, "title");
}

/**
 * mcp_prompt_argument_get_description:
 * @self: a prompt argument
 *
 * Gets the argument's description.
 *
 * Returns: (nullable): the argument's description
 *
 * Since: 1.0
 */
const char *
mcp_prompt_argument_get_description (McpPromptArgument *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_ARGUMENT (self), NULL);

  return _mcp_json_object_get_string (self->json, "description");
}

/**
 * mcp_prompt_argument_get_required:
 * @self: a prompt argument
 *
 * Returns whether the argument must be given. An argument is optional
 * unless the server says otherwise.
 *
 * Returns: whether the argument must be given
 *
 * Since: 1.0
 */
gboolean
mcp_prompt_argument_get_required (McpPromptArgument *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_ARGUMENT (self), FALSE);

  return _mcp_json_object_get_bool (self->json, "required", FALSE);
}

/**
 * mcp_prompt_argument_get_json:
 * @self: a prompt argument
 *
 * Gets the argument exactly as the server described it.
 *
 * Returns: (transfer none): the argument exactly as the server described it
 *
 * Since: 1.0
 */
JsonObject *
mcp_prompt_argument_get_json (McpPromptArgument *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT_ARGUMENT (self), NULL);

  return self->json;
}
