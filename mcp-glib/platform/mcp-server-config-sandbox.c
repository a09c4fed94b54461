/* mcp-server-config-sandbox.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The sandbox of a server entry, in the keys VS Code's mcp.json uses:
 *
 *   "sandboxEnabled": true,
 *   "sandbox": {
 *     "filesystem": { "allowWrite": [...], "denyRead": [...], "denyWrite": [...],
 *                     "allowRead": [...] },
 *     "network": { "allowedDomains": [...], "deniedDomains": [...] }
 *   }
 *
 * ("allowRead" is mcp-glib's: the home directory is hidden in its
 * sandbox). Reading them into an McpSandbox, writing one back, and
 * applying it to the transport an entry makes. The keys are the same in
 * every dialect, since they live inside the server's entry.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-server-config.h"
#include "mcp-server-config-private.h"

/* Each key, and the property of McpSandbox it is. */
typedef struct
{
  const char *section;
  const char *key;
  const char *property;
} Key;

static const Key keys[] = {
  { "filesystem", "allowRead", "read-paths" },
  { "filesystem", "allowWrite", "write-paths" },
  { "filesystem", "denyRead", "denied-paths" },
  { "filesystem", "denyWrite", "read-only-paths" },
  { "network", "allowedDomains", "allowed-domains" },
  { "network", "deniedDomains", "denied-domains" },
};

/**
 * mcp_server_config_get_sandbox_enabled:
 * @self: a configuration
 *
 * Whether the entry asks for its server to run in a sandbox
 * (`"sandboxEnabled": true`, as in VS Code). Only stdio servers are
 * sandboxed.
 *
 * Returns: whether the server runs in a sandbox
 *
 * Since: 1.0
 */
gboolean
mcp_server_config_get_sandbox_enabled (McpServerConfig *self)
{
  JsonObject *json;
  JsonNode *node;

  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), FALSE);

  json = mcp_server_config_get_json (self);
  node = json_object_get_member (json, "sandboxEnabled");
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_BOOLEAN && json_node_get_boolean (node);
}

static gboolean
read_list (JsonObject  *section,
           const Key   *key,
           McpSandbox  *sandbox,
           GError     **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) items = NULL;
  JsonNode *node = json_object_get_member (section, key->key);
  JsonArray *array;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    goto invalid;

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING ||
          *json_node_get_string (element) == '\0')
        goto invalid;
      g_strv_builder_add (builder, json_node_get_string (element));
    }

  items = g_strv_builder_end (builder);
  g_object_set (sandbox, key->property, items, NULL);
  return TRUE;

invalid:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("“sandbox.%s.%s” must be a list of non-empty strings"), key->section, key->key);
  return FALSE;
}

/**
 * mcp_server_config_dup_sandbox:
 * @self: a configuration
 * @error: where a malformed `sandbox` member is reported
 *
 * Makes the sandbox policy the entry asks for, from its `sandbox` member:
 * `filesystem.allowWrite`, `filesystem.denyRead`, `filesystem.denyWrite`,
 * `network.allowedDomains`, `network.deniedDomains` (VS Code's keys) and
 * `filesystem.allowRead`. It is %NULL, without an error, when
 * [method@Mcp.ServerConfig.get_sandbox_enabled] is %FALSE.
 *
 * Returns: (transfer full) (nullable): a new policy, or %NULL
 *
 * Since: 1.0
 */
McpSandbox *
mcp_server_config_dup_sandbox (McpServerConfig  *self,
                               GError          **error)
{
  g_autoptr(McpSandbox) sandbox = NULL;
  JsonObject *json;
  JsonNode *node;

  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!mcp_server_config_get_sandbox_enabled (self))
    return NULL;

  sandbox = mcp_sandbox_new ();
  json = mcp_server_config_get_json (self);
  node = json_object_get_member (json, "sandbox");
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_steal_pointer (&sandbox);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("“sandbox” must be an object"));
      return NULL;
    }

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      JsonNode *section = json_object_get_member (json_node_get_object (node), keys[i].section);

      if (section == NULL || JSON_NODE_HOLDS_NULL (section))
        continue;
      if (!JSON_NODE_HOLDS_OBJECT (section))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“sandbox.%s” must be an object"), keys[i].section);
          return NULL;
        }
      if (!read_list (json_node_get_object (section), &keys[i], sandbox, error))
        return NULL;
    }

  return g_steal_pointer (&sandbox);
}

static JsonNode *
strv_node (const char * const *items)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; items[i] != NULL; i++)
    json_array_add_string_element (array, items[i]);
  json_node_take_array (node, array);
  return node;
}

/**
 * mcp_server_config_set_sandbox:
 * @self: a configuration
 * @sandbox: (nullable): the policy, or %NULL to run the server without a
 *   sandbox
 *
 * Writes the sandbox of the entry: `"sandboxEnabled": true` and the
 * `sandbox` member read by [method@Mcp.ServerConfig.dup_sandbox], or,
 * with %NULL, removes `sandboxEnabled` and keeps the policy for the next
 * time it is turned on. Only the lists are saved; the policy's other
 * settings are the defaults when it is read back.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_sandbox (McpServerConfig *self,
                               McpSandbox      *sandbox)
{
  g_autoptr(JsonObject) json = NULL;
  JsonObject *original;
  JsonObject *policy;
  GList *members;

  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));
  g_return_if_fail (sandbox == NULL || MCP_IS_SANDBOX (sandbox));

  /* A copy, changed and set back. */
  original = mcp_server_config_get_json (self);
  json = json_object_new ();
  members = json_object_get_members (original);
  for (GList *l = members; l != NULL; l = l->next)
    json_object_set_member (json, l->data,
                            json_node_copy (json_object_get_member (original, l->data)));
  g_list_free (members);

  if (sandbox == NULL)
    {
      json_object_remove_member (json, "sandboxEnabled");
      mcp_server_config_set_json (self, json);
      return;
    }

  json_object_set_boolean_member (json, "sandboxEnabled", TRUE);
  policy = json_object_new ();
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_auto(GStrv) items = NULL;
      JsonObject *section;

      g_object_get (sandbox, keys[i].property, &items, NULL);
      if (items[0] == NULL)
        continue;
      if (!json_object_has_member (policy, keys[i].section))
        json_object_set_object_member (policy, keys[i].section, json_object_new ());
      section = json_object_get_object_member (policy, keys[i].section);
      json_object_set_member (section, keys[i].key, strv_node ((const char * const *) items));
    }
  json_object_set_object_member (json, "sandbox", policy);
  mcp_server_config_set_json (self, json);
}

/* Gives the transport of the entry its sandbox, if it asks for one. */
gboolean
_mcp_server_config_apply_sandbox (McpServerConfig    *self,
                                  McpStdioTransport  *transport,
                                  GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(McpSandbox) sandbox = mcp_server_config_dup_sandbox (self, &local_error);

  if (local_error != NULL)
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("The sandbox of the server “%s” is invalid: %s"),
                   mcp_server_config_get_name (self), local_error->message);
      return FALSE;
    }

  if (sandbox != NULL)
    mcp_stdio_transport_set_sandbox (transport, sandbox);
  return TRUE;
}
