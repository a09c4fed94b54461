/* mcp-server-registry-declare.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Servers added with the declarations of their inputs (from a registry of
 * servers, McpCatalogProposal): the declarations join the file's `inputs`
 * when the registry saves it, beside the servers, the rest of the file
 * kept as it is.
 */

#include "config.h"

#include <string.h>

#include "mcp-json-private.h"
#include "mcp-server-config-private.h"
#include "mcp-server-registry-private.h"

static gboolean
has_input (JsonArray  *inputs,
           const char *id)
{
  for (guint i = 0; inputs != NULL && i < json_array_get_length (inputs); i++)
    {
      JsonNode *node = json_array_get_element (inputs, i);

      if (JSON_NODE_HOLDS_OBJECT (node) &&
          g_strcmp0 (_mcp_json_object_get_string (json_node_get_object (node), "id"), id) == 0)
        return TRUE;
    }

  return FALSE;
}

/* @existing (an array node, or NULL) with the added declarations after it,
 * those whose ID it has already left out. */
JsonArray *
_mcp_server_registry_merge_inputs (ConfigFile *cf,
                                   JsonNode   *existing)
{
  JsonArray *merged = json_array_new ();
  JsonArray *old = existing != NULL && JSON_NODE_HOLDS_ARRAY (existing)
    ? json_node_get_array (existing) : NULL;

  for (guint i = 0; old != NULL && i < json_array_get_length (old); i++)
    json_array_add_element (merged, json_node_copy (json_array_get_element (old, i)));

  for (guint i = 0; cf->added_inputs != NULL && i < json_array_get_length (cf->added_inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (cf->added_inputs, i);

      if (!has_input (merged, _mcp_json_object_get_string (input, "id")))
        json_array_add_object_element (merged, _mcp_json_object_copy_members (input));
    }

  return merged;
}

/* Writes the added declarations into the `inputs` beside the servers at
 * @path of @doc. */
void
_mcp_server_registry_patch_inputs (ConfigFile       *cf,
                                   McpJsoncDocument *doc,
                                   McpJsoncEditor   *editor,
                                   const char       *path,
                                   McpJsoncNode     *inputs)
{
  g_autoptr(JsonObject) before = json_object_new ();
  g_autoptr(JsonObject) after = json_object_new ();
  g_autoptr(JsonNode) existing = NULL;
  McpJsoncNode *parent = doc->root;

  if (cf->added_inputs == NULL || json_array_get_length (cf->added_inputs) == 0)
    return;

  if (g_str_has_prefix (path, "mcp.") &&
      (parent = _mcp_jsonc_node_lookup (doc->root, "mcp")) == NULL)
    return;
  if (parent->type != JSON_NODE_OBJECT || (inputs != NULL && inputs->type != JSON_NODE_ARRAY))
    return;

  if (inputs != NULL)
    {
      existing = _mcp_jsonc_node_to_json (inputs);
      json_object_set_member (before, "inputs", json_node_copy (existing));
    }
  json_object_set_array_member (after, "inputs",
                                _mcp_server_registry_merge_inputs (cf, existing));
  _mcp_jsonc_editor_patch_object (editor, parent, before, after);
}

gboolean
_mcp_server_registry_add_with_inputs (McpServerRegistry  *self,
                                      McpServerConfig    *config,
                                      GFile              *file,
                                      JsonArray          *inputs,
                                      GError            **error)
{
  g_autoptr(GFile) user_file = NULL;
  g_autoptr(JsonNode) existing = NULL;
  g_autoptr(JsonArray) merged = NULL;
  ConfigFile *cf;

  if (!mcp_server_registry_add (self, config, file, error))
    return FALSE;

  if (inputs == NULL || json_array_get_length (inputs) == 0)
    return TRUE;

  if (file == NULL)
    file = user_file = mcp_server_registry_get_user_file ();
  cf = _mcp_server_registry_find_file (self, file);
  g_assert (cf != NULL);

  if (cf->added_inputs == NULL)
    cf->added_inputs = json_array_new ();
  for (guint i = 0; i < json_array_get_length (inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (inputs, i);

      if (!has_input (cf->added_inputs, _mcp_json_object_get_string (input, "id")))
        json_array_add_object_element (cf->added_inputs, _mcp_json_object_copy_members (input));
    }

  /* The new server sees its inputs declared before the file is saved. */
  existing = cf->inputs != NULL ? _mcp_json_node_new_array (json_array_ref (cf->inputs)) : NULL;
  merged = _mcp_server_registry_merge_inputs (cf, existing);
  json_array_seal (merged);
  _mcp_server_config_attach (config, self, cf->file, merged);

  return TRUE;
}
