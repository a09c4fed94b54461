/* mcp-input-request.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A question for the user that a configuration file declares (VS Code's
 * `inputs`), waiting for its answer. As with McpServerRequest, the object
 * is what lets the application answer later: a handler keeps it, shows a
 * dialog, and replies when the user is done. Dropping it unanswered
 * declines it, so no server waits forever.
 */

#include "config.h"

#include "mcp-input-request-private.h"
#include "mcp-json-private.h"

/**
 * McpInputRequest:
 *
 * A value that a server configuration needs from the user, such as an API
 * token: an entry of the `inputs` of a VS Code `mcp.json` file, used as
 * `${input:ID}`.
 *
 * Handlers of [signal@Mcp.ServerRegistry::input-requested] receive one.
 * Answer it once, now or later, with [method@Mcp.InputRequest.reply], or
 * refuse with [method@Mcp.InputRequest.decline]; dropping the last
 * reference without answering declines it. The registry remembers answers
 * until it is finalized or [method@Mcp.ServerRegistry.forget_inputs] is
 * called, and never writes them to a file.
 *
 * Since: 1.0
 */

struct _McpInputRequest
{
  GObject      parent_instance;

  /* Who asked (the registry), told of the answer. */
  GWeakRef     owner;
  McpInputRequestAnsweredFunc answered_func;
  char        *id;
  char        *server;
  JsonObject  *json;
  char       **options;
  gboolean     answered;
};

G_DEFINE_FINAL_TYPE (McpInputRequest, mcp_input_request, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_SERVER,
  PROP_DESCRIPTION,
  PROP_PASSWORD,
  PROP_DEFAULT_VALUE,
  PROP_OPTIONS,
  PROP_ANSWERED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
answer (McpInputRequest *self,
        const char      *value)
{
  g_autoptr(GObject) owner = g_weak_ref_get (&self->owner);

  self->answered = TRUE;
  if (owner != NULL)
    self->answered_func (owner, self->id, value);
}

static void
mcp_input_request_finalize (GObject *object)
{
  McpInputRequest *self = (McpInputRequest *)object;

  if (!self->answered)
    {
      g_debug ("The input “%s” was dropped without an answer", self->id);
      answer (self, NULL);
    }

  g_weak_ref_clear (&self->owner);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->server, g_free);
  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->options, g_strfreev);

  G_OBJECT_CLASS (mcp_input_request_parent_class)->finalize (object);
}

static void
mcp_input_request_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  McpInputRequest *self = MCP_INPUT_REQUEST (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_SERVER:
      g_value_set_string (value, self->server);
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, mcp_input_request_get_description (self));
      break;

    case PROP_PASSWORD:
      g_value_set_boolean (value, mcp_input_request_get_password (self));
      break;

    case PROP_DEFAULT_VALUE:
      g_value_set_string (value, mcp_input_request_get_default_value (self));
      break;

    case PROP_OPTIONS:
      g_value_set_boxed (value, self->options);
      break;

    case PROP_ANSWERED:
      g_value_set_boolean (value, self->answered);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_input_request_class_init (McpInputRequestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_input_request_finalize;
  object_class->get_property = mcp_input_request_get_property;

  /**
   * McpInputRequest:id:
   *
   * The input's ID, as in `${input:ID}`.
   *
   * Since: 1.0
   */
  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpInputRequest:server:
   *
   * The name of the server that needs the input first.
   *
   * Since: 1.0
   */
  properties[PROP_SERVER] =
    g_param_spec_string ("server", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpInputRequest:description:
   *
   * What the file says the input is, to show the user, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpInputRequest:password:
   *
   * Whether the input is a secret (`"password": true`): hide it while the
   * user types it, and keep it only where secrets go, such as the keyring.
   *
   * Since: 1.0
   */
  properties[PROP_PASSWORD] =
    g_param_spec_boolean ("password", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpInputRequest:default-value:
   *
   * The value to offer (`default`), or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DEFAULT_VALUE] =
    g_param_spec_string ("default-value", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpInputRequest:options:
   *
   * The values to choose from, for a `pickString` input, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_OPTIONS] =
    g_param_spec_boxed ("options", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpInputRequest:answered:
   *
   * Whether the request was answered or declined.
   *
   * Since: 1.0
   */
  properties[PROP_ANSWERED] =
    g_param_spec_boolean ("answered", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_input_request_init (McpInputRequest *self)
{
  g_weak_ref_init (&self->owner, NULL);
}

McpInputRequest *
_mcp_input_request_new (GObject                     *owner,
                        McpInputRequestAnsweredFunc  answered,
                        const char                  *id,
                        JsonObject                  *declaration,
                        const char                  *server)
{
  McpInputRequest *self = g_object_new (MCP_TYPE_INPUT_REQUEST, NULL);
  JsonArray *options = _mcp_json_object_get_array (declaration, "options");

  g_weak_ref_set (&self->owner, owner);
  self->answered_func = answered;
  self->id = g_strdup (id);
  self->server = g_strdup (server);
  self->json = json_object_ref (declaration);

  if (options != NULL)
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

      for (guint i = 0; i < json_array_get_length (options); i++)
        {
          JsonNode *option = json_array_get_element (options, i);

          /* VS Code also takes { "label": …, "value": … }. */
          if (JSON_NODE_HOLDS_OBJECT (option))
            option = json_object_get_member (json_node_get_object (option), "value");
          if (option != NULL && JSON_NODE_HOLDS_VALUE (option) &&
              json_node_get_value_type (option) == G_TYPE_STRING)
            g_strv_builder_add (builder, json_node_get_string (option));
        }
      self->options = g_strv_builder_end (builder);
    }

  return self;
}

/**
 * mcp_input_request_get_id:
 * @self: an input request
 *
 * Gets the input's ID.
 *
 * Returns: the ID
 *
 * Since: 1.0
 */
const char *
mcp_input_request_get_id (McpInputRequest *self)
{
  g_return_val_if_fail (MCP_IS_INPUT_REQUEST (self), NULL);

  return self->id;
}

/**
 * mcp_input_request_get_server:
 * @self: an input request
 *
 * Gets the name of the server that needs the input.
 *
 * Returns: the server's name
 *
 * Since: 1.0
 */
const char *
mcp_input_request_get_server (McpInputRequest *self)
{
  g_return_val_if_fail (MCP_IS_INPUT_REQUEST (self), NULL);

  return self->server;
}

/**
 * mcp_input_request_get_description:
 * @self: an input request
 *
 * Gets the input's description.
 *
 * Returns: (nullable): the description, or %NULL
 *
 * Since: 1.0
 */
const char *
mcp_input_request_get_description (McpInputRequest *self)
{
  g_return_val_if_fail (MCP_IS_INPUT_REQUEST (self), NULL);

  return _mcp_json_object_get_string (self->json, "description");
}

/**
 * mcp_input_request_get_password:
 * @self: an input request
 *
 * Gets whether the input is a secret.
 *
 * Returns: %TRUE for a secret
 *
 * Since: 1.0
 */
gboolean
mcp_input_request_get_password (McpInputRequest *self)
{
  g_return_val_if_fail (MCP_IS_INPUT_REQUEST (self), FALSE);

  return _mcp_json_object_get_bool (self->json, "password", FALSE);
}

/**
 * mcp_input_request_get_default_value:
 * @self: an input request
 *
 * Gets the value to offer.
 *
 * Returns: (nullable): the default, or %NULL
 *
 * Since: 1.0
 */
const char *
mcp_input_request_get_default_value (McpInputRequest *self)
{
  g_return_val_if_fail (MCP_IS_INPUT_REQUEST (self), NULL);

  return _mcp_json_object_get_string (self->json, "default");
}

/**
 * mcp_input_request_get_options:
 * @self: an input request
 *
 * Gets the values to choose from, for a `pickString` input.
 *
 * Returns: (nullable) (array zero-terminated=1) (transfer none): the
 *   options, or %NULL
 *
 * Since: 1.0
 */
const char * const *
mcp_input_request_get_options (McpInputRequest *self)
{
  g_return_val_if_fail (MCP_IS_INPUT_REQUEST (self), NULL);

  return (const char * const *) self->options;
}

/**
 * mcp_input_request_get_json:
 * @self: an input request
 *
 * Gets the input's declaration, as the file has it.
 *
 * Returns: (transfer none): the declaration
 *
 * Since: 1.0
 */
JsonObject *
mcp_input_request_get_json (McpInputRequest *self)
{
  g_return_val_if_fail (MCP_IS_INPUT_REQUEST (self), NULL);

  return self->json;
}

/**
 * mcp_input_request_is_answered:
 * @self: an input request
 *
 * Gets whether the request was answered or declined.
 *
 * Returns: %TRUE once answered or declined
 *
 * Since: 1.0
 */
gboolean
mcp_input_request_is_answered (McpInputRequest *self)
{
  g_return_val_if_fail (MCP_IS_INPUT_REQUEST (self), FALSE);

  return self->answered;
}

/**
 * mcp_input_request_reply:
 * @self: an input request
 * @value: the user's answer
 *
 * Answers the request. The registry remembers @value for the session and
 * the servers waiting for it start.
 *
 * Since: 1.0
 */
void
mcp_input_request_reply (McpInputRequest *self,
                         const char      *value)
{
  g_return_if_fail (MCP_IS_INPUT_REQUEST (self));
  g_return_if_fail (value != NULL);
  g_return_if_fail (!self->answered);

  answer (self, value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANSWERED]);
}

/**
 * mcp_input_request_decline:
 * @self: an input request
 *
 * Refuses the request: the servers waiting for the input fail to start,
 * and it will be asked for again the next time one is started.
 *
 * Since: 1.0
 */
void
mcp_input_request_decline (McpInputRequest *self)
{
  g_return_if_fail (MCP_IS_INPUT_REQUEST (self));
  g_return_if_fail (!self->answered);

  answer (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANSWERED]);
}
