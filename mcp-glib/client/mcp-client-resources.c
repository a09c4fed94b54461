/* mcp-client-resources.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Resources: listing resources and resource templates, reading a
 * resource, and subscribing to its changes.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-json-private.h"
#include "mcp-resource-contents.h"
#include "mcp-resource-template.h"
#include "mcp-resource.h"

const McpListKind _mcp_list_resources_kind = {
  "resources/list", "resources", "resources", N_("resources"),
  mcp_resource_get_type, (McpValueFromJson) mcp_resource_new_from_json,
  (McpValueGetJson) mcp_resource_get_json, "uri",
  NULL, MCP_LIVE_RESOURCES,
};

const McpListKind _mcp_list_resource_templates_kind = {
  "resources/templates/list", "resourceTemplates", "resources", N_("resource templates"),
  mcp_resource_template_get_type, (McpValueFromJson) mcp_resource_template_new_from_json,
  (McpValueGetJson) mcp_resource_template_get_json, "uriTemplate",
  NULL, MCP_LIVE_RESOURCE_TEMPLATES,
};

/**
 * mcp_client_list_resources_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the resources
 * @user_data: data for @callback
 *
 * Lists the server's resources, following all pages. A list is read up to 1,000 pages and
 * 100,000 entries; past that, the call fails with
 * %G_IO_ERROR_MESSAGE_TOO_LARGE.
 *
 * Since: 1.0
 */
void
mcp_client_list_resources_async (McpClient           *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  _mcp_client_list_all_async (self, &_mcp_list_resources_kind, mcp_client_list_resources_async,
                              cancellable, callback, user_data);
}

/**
 * mcp_client_list_resources_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_resources_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.Resource]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_resources_finish (McpClient     *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return _mcp_client_list_all_finish (self, result, mcp_client_list_resources_async, error);
}

/**
 * mcp_client_list_resource_templates_async:
 * @self: a connected client
 * @cancellable: (nullable): a cancellable
 * @callback: called with the templates
 * @user_data: data for @callback
 *
 * Lists the server's resource templates, following all pages. A list is read up to 1,000 pages and
 * 100,000 entries; past that, the call fails with
 * %G_IO_ERROR_MESSAGE_TOO_LARGE.
 *
 * Since: 1.0
 */
void
mcp_client_list_resource_templates_async (McpClient           *self,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  _mcp_client_list_all_async (self, &_mcp_list_resource_templates_kind,
                              mcp_client_list_resource_templates_async,
                              cancellable, callback, user_data);
}

/**
 * mcp_client_list_resource_templates_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.list_resource_templates_async].
 *
 * Returns: (transfer full): a list of [class@Mcp.ResourceTemplate]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_list_resource_templates_finish (McpClient     *self,
                                           GAsyncResult  *result,
                                           GError       **error)
{
  return _mcp_client_list_all_finish (self, result, mcp_client_list_resource_templates_async,
                                      error);
}

static gpointer
parse_resource_contents (McpClient  *self,
                         JsonNode   *result,
                         GError    **error)
{
  g_autoptr(GListStore) store = g_list_store_new (MCP_TYPE_RESOURCE_CONTENTS);
  JsonObject *object;
  JsonArray *contents;

  if (!(object = _mcp_client_result_object (result, "resources/read", error)))
    return NULL;

  if (!(contents = _mcp_json_object_get_array (object, "contents")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server’s answer to “resources/read” has no contents"));
      return NULL;
    }

  for (guint i = 0; i < json_array_get_length (contents); i++)
    {
      JsonNode *element = json_array_get_element (contents, i);
      g_autoptr(McpResourceContents) item = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Entry %u of the resource’s contents is not an object"), i);
          return NULL;
        }
      if (!(item = mcp_resource_contents_new_from_json (json_node_get_object (element), error)))
        return NULL;

      g_list_store_append (store, item);
    }

  return g_steal_pointer (&store);
}

/**
 * mcp_client_read_resource_async:
 * @self: a connected client
 * @uri: the resource's URI
 * @cancellable: (nullable): a cancellable
 * @callback: called with the contents
 * @user_data: data for @callback
 *
 * Reads a resource. A missing resource is usually an %MCP_ERROR with
 * %MCP_ERROR_RESOURCE_NOT_FOUND or %MCP_ERROR_INVALID_PARAMS.
 *
 * Since: 1.0
 */
void
mcp_client_read_resource_async (McpClient           *self,
                                const char          *uri,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri != NULL);

  _mcp_client_typed_call_async (self, mcp_client_read_resource_async, "resources", N_("resources"),
                                "resources/read", _mcp_client_params_with_string ("uri", uri),
                                parse_resource_contents, cancellable, callback, user_data);
}

/**
 * mcp_client_read_resource_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.read_resource_async]. A resource may come
 * in several parts, each with its own URI and MIME type.
 *
 * Returns: (transfer full): a list of [class@Mcp.ResourceContents]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_read_resource_finish (McpClient     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  return _mcp_client_typed_call_finish (self, result, mcp_client_read_resource_async, error);
}

static void
subscription_async (McpClient           *self,
                    gpointer             source_tag,
                    const char          *method,
                    const char          *uri,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  JsonObject *resources = _mcp_json_object_get_object (self->server_capabilities, "resources");
  gboolean subscribe = g_str_equal (method, "resources/subscribe");

  if (self->state == MCP_CLIENT_STATE_READY &&
      !_mcp_json_object_get_bool (resources, "subscribe", FALSE))
    {
      g_task_report_new_error (self, callback, user_data, source_tag,
                               G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("The server does not offer subscriptions to resources"));
      return;
    }

  /* A stateless server has no such requests: the client's own subscription
   * asks for the resource's updates instead. */
  if (self->stateless)
    {
      g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

      g_task_set_source_tag (task, source_tag);
      if (_mcp_client_check_ready (self, task))
        _mcp_client_change_resource_subscription (self, uri, subscribe, task);
      return;
    }

  /* Counted, so that a subscription made with mcp_client_listen_async()
   * does not end this one when it closes. */
  _mcp_client_count_resource_subscription (self, uri, subscribe);

  _mcp_client_typed_call_async (self, source_tag, "resources", N_("resources"), method,
                                _mcp_client_params_with_string ("uri", uri), NULL,
                                cancellable, callback, user_data);
}

/**
 * mcp_client_subscribe_resource_async:
 * @self: a connected client
 * @uri: the resource's URI
 * @cancellable: (nullable): a cancellable
 * @callback: called when the server confirmed
 * @user_data: data for @callback
 *
 * Asks the server to emit [signal@Mcp.Client::resource-updated] when the
 * resource changes. Fails at once if the server does not offer
 * subscriptions.
 *
 * Since: 1.0
 */
void
mcp_client_subscribe_resource_async (McpClient           *self,
                                     const char          *uri,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri != NULL);

  subscription_async (self, mcp_client_subscribe_resource_async, "resources/subscribe", uri,
                      cancellable, callback, user_data);
}

/**
 * mcp_client_subscribe_resource_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.subscribe_resource_async].
 *
 * Returns: %TRUE if subscribed
 *
 * Since: 1.0
 */
gboolean
mcp_client_subscribe_resource_finish (McpClient     *self,
                                      GAsyncResult  *result,
                                      GError       **error)
{
  return _mcp_client_typed_call_finish_boolean (self, result,
                                                mcp_client_subscribe_resource_async, error);
}

/**
 * mcp_client_unsubscribe_resource_async:
 * @self: a connected client
 * @uri: the resource's URI
 * @cancellable: (nullable): a cancellable
 * @callback: called when the server confirmed
 * @user_data: data for @callback
 *
 * Ends a subscription made with [method@Mcp.Client.subscribe_resource_async].
 *
 * Since: 1.0
 */
void
mcp_client_unsubscribe_resource_async (McpClient           *self,
                                       const char          *uri,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri != NULL);

  subscription_async (self, mcp_client_unsubscribe_resource_async, "resources/unsubscribe", uri,
                      cancellable, callback, user_data);
}

/**
 * mcp_client_unsubscribe_resource_finish:
 * @self: a client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Client.unsubscribe_resource_async].
 *
 * Returns: %TRUE if unsubscribed
 *
 * Since: 1.0
 */
gboolean
mcp_client_unsubscribe_resource_finish (McpClient     *self,
                                        GAsyncResult  *result,
                                        GError       **error)
{
  return _mcp_client_typed_call_finish_boolean (self, result,
                                                mcp_client_unsubscribe_resource_async, error);
}

/**
 * mcp_client_get_resources_model:
 * @self: a client
 *
 * Gets a list of the server's resources that keeps itself up to date, like
 * [method@Mcp.Client.get_tools_model].
 *
 * Returns: (transfer none): a list of [class@Mcp.Resource]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_resources_model (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return _mcp_client_get_live_model (self, MCP_LIVE_RESOURCES);
}

/**
 * mcp_client_get_resource_templates_model:
 * @self: a client
 *
 * Gets a list of the server's resource templates that keeps itself up to
 * date, like [method@Mcp.Client.get_tools_model].
 *
 * Returns: (transfer none): a list of [class@Mcp.ResourceTemplate]
 *
 * Since: 1.0
 */
GListModel *
mcp_client_get_resource_templates_model (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return _mcp_client_get_live_model (self, MCP_LIVE_RESOURCE_TEMPLATES);
}
