/* mcp-client-prompts.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Prompts: listing them, getting one filled in with arguments, and
 * completion, which suggests values for the arguments of prompts and
 * resource templates.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-json-private.h"
#include "mcp-prompt.h"

const McpListKind _mcp_list_prompts_kind = {
  "prompts/list", "prompts", "prompts", N_("prompts"),
  mcp_prompt_get_type, (McpValueFromJson) mcp_prompt_new_from_json,
  (McpValueGetJson) mcp_prompt_get_json, "name",
  NULL, MCP_LIVE_PROMPTS,
};

/**
 * mcp_client_list_prompts_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the prompts
 * @user_data: data for @callback
 *
 * Lists the server's prompts, following all pages. A list is read up to 1,000 pages and
 * 100,000 entries; past that, the call fails with
 * %G_IO_ERROR_MESSAGE_TOO_LARGE.
 *
 * Since: 1.0
 */
void
mcp_client_list_prompts_async (McpClient           *self,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  _mcp_client_list_all_async (self, &_mcp_list_prompts_kind, mcp_client_list_prompts_async,
                              cancellable, callback, user_data);
}

/**
 * mcp_client_list_prompts_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_prompts_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.Prompt]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_prompts_finish (McpClient     *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  return _mcp_client_list_all_finish (self, result, mcp_client_list_prompts_async, error);
}

static gpointer
parse_prompt_result (McpClient  *self,
                     JsonNode   *result,
                     GError    **error)
{
  JsonObject *object = _mcp_client_result_object (result, "prompts/get", error);

  return object != NULL ? mcp_prompt_result_new_from_json (object, error) : NULL;
}

/**
 * mcp_client_get_prompt_async:
 * @self: a connected client
 * @name: the prompt's name
 * @arguments: (nullable) (element-type utf8 utf8): the prompt's arguments
 * @cancellable: (nullable): a cancellable
 * @callback: called with the prompt's messages
 * @user_data: data for @callback
 *
 * Gets a prompt, filled in with @arguments.
 *
 * Since: 1.0
 */
void
mcp_client_get_prompt_async (McpClient           *self,
                             const char          *name,
                             GHashTable          *arguments,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  JsonObject *params;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);

  params = json_object_new ();
  json_object_set_string_member (params, "name", name);
  if (arguments != NULL)
    json_object_set_object_member (params, "arguments",
                                   _mcp_client_string_map_to_object (arguments));

  _mcp_client_typed_call_async (self, mcp_client_get_prompt_async, "prompts", N_("prompts"),
                                "prompts/get", _mcp_json_node_new_object (params),
                                parse_prompt_result, cancellable, callback, user_data);
}

/**
 * mcp_client_get_prompt_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.get_prompt_async].
 *
 * Returns: (transfer full): the prompt's description and messages
 *
 * Since: 1.0
 */
McpPromptResult *
mcp_client_get_prompt_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return _mcp_client_typed_call_finish (self, result, mcp_client_get_prompt_async, error);
}

static gpointer
parse_completion (McpClient  *self,
                  JsonNode   *result,
                  GError    **error)
{
  JsonObject *object = _mcp_client_result_object (result, "completion/complete", error);
  JsonObject *completion;

  if (object == NULL)
    return NULL;

  if (!(completion = _mcp_json_object_get_object (object, "completion")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server’s answer to “completion/complete” has no completion"));
      return NULL;
    }

  return mcp_completion_new_from_json (completion, error);
}

static void
complete_async (McpClient           *self,
                gpointer             source_tag,
                const char          *ref_type,
                const char          *ref_member,
                const char          *ref_value,
                const char          *argument,
                const char          *value,
                GHashTable          *context,
                GCancellable        *cancellable,
                GAsyncReadyCallback  callback,
                gpointer             user_data)
{
  JsonObject *params = json_object_new ();
  JsonObject *ref = json_object_new ();
  JsonObject *arg = json_object_new ();

  json_object_set_string_member (ref, "type", ref_type);
  json_object_set_string_member (ref, ref_member, ref_value);
  json_object_set_object_member (params, "ref", ref);
  json_object_set_string_member (arg, "name", argument);
  json_object_set_string_member (arg, "value", value);
  json_object_set_object_member (params, "argument", arg);

  if (context != NULL && g_hash_table_size (context) > 0)
    {
      JsonObject *context_object = json_object_new ();

      json_object_set_object_member (context_object, "arguments",
                                     _mcp_client_string_map_to_object (context));
      json_object_set_object_member (params, "context", context_object);
    }

  _mcp_client_typed_call_async (self, source_tag, "completions", N_("completions"),
                                "completion/complete", _mcp_json_node_new_object (params),
                                parse_completion, cancellable, callback, user_data);
}

/**
 * mcp_client_complete_prompt_argument_async:
 * @self: a connected client
 * @prompt: the prompt's name
 * @argument: the argument to complete
 * @value: what the user typed so far
 * @context: (nullable) (element-type utf8 utf8): the values of the
 *   prompt's other arguments, which may narrow the suggestions
 * @cancellable: (nullable): a cancellable
 * @callback: called with the suggestions
 * @user_data: data for @callback
 *
 * Asks the server to suggest values for an argument of a prompt.
 *
 * Since: 1.0
 */
void
mcp_client_complete_prompt_argument_async (McpClient           *self,
                                           const char          *prompt,
                                           const char          *argument,
                                           const char          *value,
                                           GHashTable          *context,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (prompt != NULL && argument != NULL && value != NULL);

  complete_async (self, mcp_client_complete_prompt_argument_async, "ref/prompt", "name", prompt,
                  argument, value, context, cancellable, callback, user_data);
}

/**
 * mcp_client_complete_prompt_argument_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.complete_prompt_argument_async].
 *
 * Returns: (transfer full): the suggestions
 *
 * Since: 1.0
 */
McpCompletion *
mcp_client_complete_prompt_argument_finish (McpClient     *self,
                                            GAsyncResult  *result,
                                            GError       **error)
{
  return _mcp_client_typed_call_finish (self, result,
                                        mcp_client_complete_prompt_argument_async, error);
}

/**
 * mcp_client_complete_resource_argument_async:
 * @self: a connected client
 * @uri_template: the resource template's URI template
 * @argument: the template variable to complete
 * @value: what the user typed so far
 * @context: (nullable) (element-type utf8 utf8): the values of the
 *   template's other variables
 * @cancellable: (nullable): a cancellable
 * @callback: called with the suggestions
 * @user_data: data for @callback
 *
 * Asks the server to suggest values for a variable of a resource template.
 *
 * Since: 1.0
 */
void
mcp_client_complete_resource_argument_async (McpClient           *self,
                                             const char          *uri_template,
                                             const char          *argument,
                                             const char          *value,
                                             GHashTable          *context,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri_template != NULL && argument != NULL && value != NULL);

  complete_async (self, mcp_client_complete_resource_argument_async, "ref/resource", "uri",
                  uri_template, argument, value, context, cancellable, callback, user_data);
}

/**
 * mcp_client_complete_resource_argument_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.complete_resource_argument_async].
 *
 * Returns: (transfer full): the suggestions
 *
 * Since: 1.0
 */
McpCompletion *
mcp_client_complete_resource_argument_finish (McpClient     *self,
                                              GAsyncResult  *result,
                                              GError       **error)
{
  return _mcp_client_typed_call_finish (self, result,
                                        mcp_client_complete_resource_argument_async, error);
}

/**
 * mcp_client_get_prompts_model:
 * @self: a client
 *
 * Gets a list of the server's prompts that keeps itself up to date, like
 * [method@Mcp.Client.get_tools_model].
 *
 * Returns: (transfer none): a list of [class@Mcp.Prompt]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_prompts_model (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return _mcp_client_get_live_model (self, MCP_LIVE_PROMPTS);
}
