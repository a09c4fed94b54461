/* mcp-server-request.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A request the server sent to the client, waiting for its answer. The
 * object is what makes answering asynchronous: a handler may keep it, ask
 * the user, and reply much later. An object dropped without a reply still
 * answers (with an internal error), so the server is never left waiting.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-sampling-message.h"
#include "mcp-server-request-private.h"

/**
 * McpServerRequest:
 *
 * A request from the server, such as `sampling/createMessage` or
 * `roots/list`, that the application answers.
 *
 * Handlers of [signal@Mcp.Client::server-request] receive one. Answer it
 * exactly once, now or later, with [method@Mcp.ServerRequest.reply] or
 * [method@Mcp.ServerRequest.reply_error]. If the last reference is dropped
 * without an answer, the server receives an internal error.
 *
 * [method@Mcp.ServerRequest.get_cancellable] is cancelled when the server
 * withdraws the request or the connection ends; there is then no need to
 * answer.
 *
 * What the common requests ask is available without digging through
 * [method@Mcp.ServerRequest.get_params]: for an elicitation,
 * [method@Mcp.ServerRequest.get_message],
 * [method@Mcp.ServerRequest.get_elicitation_mode], and either
 * [method@Mcp.ServerRequest.get_requested_schema] or
 * [method@Mcp.ServerRequest.get_url]; for sampling,
 * [method@Mcp.ServerRequest.get_sampling_messages] and the settings that
 * come with them.
 *
 * Since: 1.0
 */

struct _McpServerRequest
{
  GObject       parent_instance;

  McpServerRequestReplyFunc reply_func;
  gpointer      reply_data;
  GDestroyNotify reply_destroy;
  JsonNode     *id;
  char         *method;
  JsonNode     *params;
  GCancellable *cancellable;
  GListStore   *sampling_messages;
  gboolean      answered;
  gboolean      apply_defaults;
};

G_DEFINE_FINAL_TYPE (McpServerRequest, mcp_server_request, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_METHOD,
  PROP_PARAMS,
  PROP_ANSWERED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_server_request_finalize (GObject *object)
{
  McpServerRequest *self = (McpServerRequest *)object;

  if (!self->answered && !g_cancellable_is_cancelled (self->cancellable))
    {
      g_debug ("The request “%s” from the server was dropped without an answer", self->method);
      self->reply_func (self, NULL, MCP_ERROR_INTERNAL_ERROR,
                        "The client dropped the request without answering it", self->reply_data);
    }

  if (self->reply_destroy != NULL)
    self->reply_destroy (self->reply_data);
  g_clear_pointer (&self->id, json_node_unref);
  g_clear_pointer (&self->method, g_free);
  g_clear_pointer (&self->params, json_node_unref);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->sampling_messages);

  G_OBJECT_CLASS (mcp_server_request_parent_class)->finalize (object);
}

static void
mcp_server_request_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  McpServerRequest *self = MCP_SERVER_REQUEST (object);

  switch (prop_id)
    {
    case PROP_METHOD:
      g_value_set_string (value, self->method);
      break;

    case PROP_PARAMS:
      g_value_set_boxed (value, self->params);
      break;

    case PROP_ANSWERED:
      g_value_set_boolean (value, self->answered);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_server_request_class_init (McpServerRequestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_server_request_finalize;
  object_class->get_property = mcp_server_request_get_property;

  /**
   * McpServerRequest:method:
   *
   * The JSON-RPC method of the request, e.g. `roots/list`.
   *
   * Since: 1.0
   */
  properties[PROP_METHOD] =
    g_param_spec_string ("method", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerRequest:params:
   *
   * The parameters of the request, or %NULL when it has none.
   *
   * Since: 1.0
   */
  properties[PROP_PARAMS] =
    g_param_spec_boxed ("params", NULL, NULL,
                        JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerRequest:answered: (getter is_answered)
   *
   * Whether the request was answered.
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
mcp_server_request_init (McpServerRequest *self)
{
  self->cancellable = g_cancellable_new ();
}

McpServerRequest *
_mcp_server_request_new (JsonNode                  *id,
                         const char                *method,
                         JsonNode                  *params,
                         McpServerRequestReplyFunc  reply_func,
                         gpointer                   reply_data,
                         GDestroyNotify             reply_destroy)
{
  McpServerRequest *self = g_object_new (MCP_TYPE_SERVER_REQUEST, NULL);

  g_assert (reply_func != NULL);

  self->reply_func = reply_func;
  self->reply_data = reply_data;
  self->reply_destroy = reply_destroy;
  self->id = json_node_ref (id);
  self->method = g_strdup (method);
  self->params = params != NULL ? json_node_ref (params) : NULL;

  return self;
}

void
_mcp_server_request_cancel (McpServerRequest *self)
{
  g_cancellable_cancel (self->cancellable);
}

void
_mcp_server_request_set_apply_defaults (McpServerRequest *self,
                                        gboolean          apply_defaults)
{
  self->apply_defaults = apply_defaults;
}

/* For an accepted form elicitation: the fields the user left out take the
 * defaults of the requested schema (elicitation.form.applyDefaults). */
static JsonNode *
with_defaults (McpServerRequest *self,
               JsonNode         *result)
{
  JsonObject *params;
  JsonObject *schema;
  JsonObject *schema_properties;
  JsonObject *answer;
  JsonObject *content;
  JsonObjectIter iter;
  const char *name;
  JsonNode *property;
  JsonNode *copy;

  if (!JSON_NODE_HOLDS_OBJECT (result) || self->params == NULL ||
      !JSON_NODE_HOLDS_OBJECT (self->params))
    return json_node_ref (result);

  params = json_node_get_object (self->params);
  schema = _mcp_json_object_get_object (params, "requestedSchema");
  schema_properties = _mcp_json_object_get_object (schema, "properties");
  if (schema_properties == NULL ||
      g_strcmp0 (_mcp_json_object_get_string (json_node_get_object (result), "action"), "accept") != 0)
    return json_node_ref (result);

  copy = json_node_copy (result);
  answer = json_node_get_object (copy);
  if (!(content = _mcp_json_object_get_object (answer, "content")))
    {
      content = json_object_new ();
      json_object_set_object_member (answer, "content", content);
    }

  json_object_iter_init (&iter, schema_properties);
  while (json_object_iter_next (&iter, &name, &property))
    {
      JsonNode *default_value;

      if (!JSON_NODE_HOLDS_OBJECT (property) || json_object_has_member (content, name))
        continue;
      default_value = json_object_get_member (json_node_get_object (property), "default");
      if (default_value != NULL)
        json_object_set_member (content, name, json_node_copy (default_value));
    }

  return copy;
}

/**
 * mcp_server_request_get_method:
 * @self: a server request
 *
 * Gets the JSON-RPC method.
 *
 * Returns: the JSON-RPC method
 *
 * Since: 1.0
 */
const char *
mcp_server_request_get_method (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return self->method;
}

/**
 * mcp_server_request_get_params:
 * @self: a server request
 *
 * Gets the parameters, or %NULL.
 *
 * Returns: (transfer none) (nullable): the parameters, or %NULL
 *
 * Since: 1.0
 */
JsonNode *
mcp_server_request_get_params (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return self->params;
}

/**
 * mcp_server_request_get_id:
 * @self: a server request
 *
 * The JSON-RPC id the server gave the request (an integer or a string).
 * It is only needed for diagnostics: replies are routed automatically.
 *
 * Returns: (transfer none): the request id
 *
 * Since: 1.0
 */
JsonNode *
mcp_server_request_get_id (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return self->id;
}

/**
 * mcp_server_request_get_cancellable:
 * @self: a server request
 *
 * Gets a cancellable that is cancelled when the server withdraws the
 * request or the connection ends.
 *
 * Returns: (transfer none): a cancellable that is cancelled when the server
 *   withdraws the request or the connection ends
 *
 * Since: 1.0
 */
GCancellable *
mcp_server_request_get_cancellable (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return self->cancellable;
}

static JsonObject *
params_object (McpServerRequest *self)
{
  if (self->params == NULL || !JSON_NODE_HOLDS_OBJECT (self->params))
    return NULL;

  return json_node_get_object (self->params);
}

/**
 * mcp_server_request_get_message:
 * @self: a server request
 *
 * Gets the message of an elicitation request: what the server asks of the
 * user, and why. Show it to the user as it is.
 *
 * Returns: (nullable): the message, or %NULL if the request has none
 *
 * Since: 1.0
 */
const char *
mcp_server_request_get_message (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return _mcp_json_object_get_string (params_object (self), "message");
}

/**
 * mcp_server_request_get_elicitation_mode:
 * @self: a server request
 *
 * Gets how an elicitation request wants to be answered: with a form, or by
 * visiting a URL. A request that names no mode is a form, as the
 * protocol says.
 *
 * Returns: the elicitation mode
 *
 * Since: 1.0
 */
McpElicitationMode
mcp_server_request_get_elicitation_mode (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), MCP_ELICITATION_MODE_FORM);

  if (g_strcmp0 (_mcp_json_object_get_string (params_object (self), "mode"), "url") == 0)
    return MCP_ELICITATION_MODE_URL;

  return MCP_ELICITATION_MODE_FORM;
}

/**
 * mcp_server_request_get_requested_schema:
 * @self: a server request
 *
 * Gets the schema of the form of a form elicitation: an object schema whose
 * `properties` are the fields (strings, numbers, booleans and
 * enumerations, each with a `title`, a `description` and maybe a
 * `default`) and whose `required` lists the fields that must be filled.
 *
 * Returns: (transfer none) (nullable): the requested schema, or %NULL if
 *   the request has none
 *
 * Since: 1.0
 */
JsonObject *
mcp_server_request_get_requested_schema (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return _mcp_json_object_get_object (params_object (self), "requestedSchema");
}

/**
 * mcp_server_request_get_url:
 * @self: a server request
 *
 * Gets the URL of a URL elicitation: the page the server wants the user to
 * visit. Never open it without the user's consent, and show its host
 * before they agree.
 *
 * Returns: (nullable): the URL, or %NULL if the request has none
 *
 * Since: 1.0
 */
const char *
mcp_server_request_get_url (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return _mcp_json_object_get_string (params_object (self), "url");
}

/**
 * mcp_server_request_get_elicitation_id:
 * @self: a server request
 *
 * Gets the id of a URL elicitation, which the server names again in
 * `notifications/elicitation/complete` when the user is done on the page.
 *
 * Returns: (nullable): the elicitation id, or %NULL if the request has none
 *
 * Since: 1.0
 */
const char *
mcp_server_request_get_elicitation_id (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return _mcp_json_object_get_string (params_object (self), "elicitationId");
}

/**
 * mcp_server_request_get_sampling_messages:
 * @self: a server request
 *
 * Gets the conversation a sampling request asks the client to continue.
 * Messages that are not valid are left out.
 *
 * Returns: (transfer none): a list of [class@Mcp.SamplingMessage], empty if
 *   the request has none
 *
 * Since: 1.0
 */
GListModel *
mcp_server_request_get_sampling_messages (McpServerRequest *self)
{
  JsonArray *messages;

  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  if (self->sampling_messages != NULL)
    return G_LIST_MODEL (self->sampling_messages);

  self->sampling_messages = g_list_store_new (MCP_TYPE_SAMPLING_MESSAGE);
  messages = _mcp_json_object_get_array (params_object (self), "messages");
  for (guint i = 0; messages != NULL && i < json_array_get_length (messages); i++)
    {
      JsonNode *element = json_array_get_element (messages, i);
      g_autoptr(McpSamplingMessage) message = NULL;
      g_autoptr(GError) error = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element) ||
          !(message = mcp_sampling_message_new_from_json (json_node_get_object (element),
                                                          &error)))
        {
          g_debug ("Left out message %u of a sampling request: %s", i,
                   error != NULL ? error->message : "not an object");
          continue;
        }

      g_list_store_append (self->sampling_messages, message);
    }

  return G_LIST_MODEL (self->sampling_messages);
}

/**
 * mcp_server_request_get_system_prompt:
 * @self: a server request
 *
 * Gets the system prompt a sampling request asks for.
 *
 * Returns: (nullable): the system prompt, or %NULL if the request has none
 *
 * Since: 1.0
 */
const char *
mcp_server_request_get_system_prompt (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return _mcp_json_object_get_string (params_object (self), "systemPrompt");
}

/**
 * mcp_server_request_get_max_tokens:
 * @self: a server request
 *
 * Gets the most tokens a sampling request asks the model to produce. The
 * client may produce fewer.
 *
 * Returns: the token limit, or -1 if the request names none
 *
 * Since: 1.0
 */
gint64
mcp_server_request_get_max_tokens (McpServerRequest *self)
{
  gint64 max_tokens;

  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), -1);

  max_tokens = _mcp_json_object_get_int (params_object (self), "maxTokens", -1);

  return MAX (max_tokens, -1);
}

/**
 * mcp_server_request_get_model_preferences:
 * @self: a server request
 *
 * Gets the model preferences of a sampling request: `hints` (model names
 * to prefer, in order; see [method@Mcp.ServerRequest.dup_model_hints]) and
 * the priorities `costPriority`, `speedPriority` and
 * `intelligencePriority`, each from 0 to 1. They are advice: the client
 * chooses the model.
 *
 * Returns: (transfer none) (nullable): the model preferences, or %NULL if
 *   the request has none
 *
 * Since: 1.0
 */
JsonObject *
mcp_server_request_get_model_preferences (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  return _mcp_json_object_get_object (params_object (self), "modelPreferences");
}

/**
 * mcp_server_request_dup_model_hints:
 * @self: a server request
 *
 * Gets the names of the models a sampling request prefers, most preferred
 * first. A name may be part of a model's name (`claude-3-5-sonnet` for any
 * of its versions) or a family (`claude`).
 *
 * Returns: (transfer full): the model names, possibly none
 *
 * Since: 1.0
 */
char **
mcp_server_request_dup_model_hints (McpServerRequest *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonObject *preferences;
  JsonArray *hints;

  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), NULL);

  preferences = mcp_server_request_get_model_preferences (self);
  hints = _mcp_json_object_get_array (preferences, "hints");
  for (guint i = 0; hints != NULL && i < json_array_get_length (hints); i++)
    {
      JsonNode *hint = json_array_get_element (hints, i);
      const char *name = JSON_NODE_HOLDS_OBJECT (hint)
                         ? _mcp_json_object_get_string (json_node_get_object (hint), "name")
                         : NULL;

      if (name != NULL)
        g_strv_builder_add (builder, name);
    }

  return g_strv_builder_end (builder);
}

/**
 * mcp_server_request_is_answered:
 * @self: a server request
 *
 * Returns whether the request was answered.
 *
 * Returns: whether the request was answered
 *
 * Since: 1.0
 */
gboolean
mcp_server_request_is_answered (McpServerRequest *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REQUEST (self), FALSE);

  return self->answered;
}

/* Whether the answer is to be sent: not twice, and not to a request the
 * server withdrew or a connection that ended. */
static gboolean
begin_answer (McpServerRequest *self)
{
  if (self->answered)
    {
      g_critical ("The request “%s” from the server was already answered", self->method);
      return FALSE;
    }

  self->answered = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANSWERED]);

  return !g_cancellable_is_cancelled (self->cancellable);
}

/**
 * mcp_server_request_reply:
 * @self: a server request
 * @result: (nullable): the result; %NULL sends an empty object
 *
 * Answers the request with a result. Answering a request the server has
 * withdrawn, or after the connection ended, does nothing.
 *
 * Since: 1.0
 */
void
mcp_server_request_reply (McpServerRequest *self,
                          JsonNode         *result)
{
  g_autoptr(JsonNode) empty = NULL;
  g_autoptr(JsonNode) completed = NULL;

  g_return_if_fail (MCP_IS_SERVER_REQUEST (self));

  if (!begin_answer (self))
    return;

  if (result == NULL)
    result = empty = _mcp_json_node_new_object (json_object_new ());

  completed = self->apply_defaults ? with_defaults (self, result) : json_node_ref (result);
  self->reply_func (self, completed, 0, NULL, self->reply_data);
}

/**
 * mcp_server_request_reply_sampling:
 * @self: a `sampling/createMessage` request
 * @model: the name of the model that produced the message
 * @content: the message's content
 * @stop_reason: (nullable): why generation stopped, e.g. `endTurn`
 *
 * Answers a sampling request with the assistant's message.
 *
 * Since: 1.0
 */
void
mcp_server_request_reply_sampling (McpServerRequest *self,
                                   const char       *model,
                                   McpContent       *content,
                                   const char       *stop_reason)
{
  g_autoptr(JsonNode) node = NULL;
  JsonObject *result;

  g_return_if_fail (MCP_IS_SERVER_REQUEST (self));
  g_return_if_fail (model != NULL);
  g_return_if_fail (MCP_IS_CONTENT (content));

  result = json_object_new ();
  json_object_set_string_member (result, "role", "assistant");
  json_object_set_object_member (result, "content",
                                 json_object_ref (mcp_content_get_json (content)));
  json_object_set_string_member (result, "model", model);
  if (stop_reason != NULL)
    json_object_set_string_member (result, "stopReason", stop_reason);

  node = _mcp_json_node_new_object (result);
  mcp_server_request_reply (self, node);
}

/**
 * mcp_server_request_reply_elicitation:
 * @self: an `elicitation/create` request
 * @action: how the user answered
 * @content: (nullable): for an accepted form, the values the user
 *   entered, by field name
 *
 * Answers an elicitation request. When the client declared
 * %MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS, fields missing from
 * @content are filled with the schema's defaults.
 *
 * Since: 1.0
 */
void
mcp_server_request_reply_elicitation (McpServerRequest     *self,
                                      McpElicitationAction  action,
                                      JsonObject           *content)
{
  static const char * const actions[] = { "accept", "decline", "cancel" };
  g_autoptr(JsonNode) node = NULL;
  JsonObject *result;

  g_return_if_fail (MCP_IS_SERVER_REQUEST (self));
  g_return_if_fail (action <= MCP_ELICITATION_ACTION_CANCEL);

  result = json_object_new ();
  json_object_set_string_member (result, "action", actions[action]);
  if (content != NULL && action == MCP_ELICITATION_ACTION_ACCEPT)
    json_object_set_object_member (result, "content", json_object_ref (content));

  node = _mcp_json_node_new_object (result);
  mcp_server_request_reply (self, node);
}

/**
 * mcp_server_request_reply_error:
 * @self: a server request
 * @code: a JSON-RPC error code, such as %MCP_ERROR_INVALID_PARAMS
 * @message: what went wrong
 *
 * Answers the request with a JSON-RPC error.
 *
 * Since: 1.0
 */
void
mcp_server_request_reply_error (McpServerRequest *self,
                                int               code,
                                const char       *message)
{
  g_return_if_fail (MCP_IS_SERVER_REQUEST (self));
  g_return_if_fail (message != NULL);

  if (!begin_answer (self))
    return;

  self->reply_func (self, NULL, code, message, self->reply_data);
}

/**
 * mcp_server_request_return_error:
 * @self: a server request
 * @error: the error to report
 *
 * Answers the request with @error: an error in the %MCP_ERROR domain keeps
 * its code, any other becomes an internal error (-32603) with the same
 * message.
 *
 * Since: 1.0
 */
void
mcp_server_request_return_error (McpServerRequest *self,
                                 const GError     *error)
{
  g_return_if_fail (MCP_IS_SERVER_REQUEST (self));
  g_return_if_fail (error != NULL);

  mcp_server_request_reply_error (self,
                                  error->domain == MCP_ERROR ? error->code
                                                             : MCP_ERROR_INTERNAL_ERROR,
                                  error->message);
}
