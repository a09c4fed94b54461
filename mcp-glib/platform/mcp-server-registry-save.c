/* mcp-server-registry-save.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Saving a registry: each file with changes is read again, and only the
 * members that the application changed are rewritten in the text as it is
 * on disk at that moment (mcp-jsonc.c); the file is then replaced
 * atomically, and read back.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-json-private.h"
#include "mcp-jsonc-private.h"
#include "mcp-server-config-private.h"
#include "mcp-server-registry-private.h"

gboolean
_mcp_server_registry_file_has_changes (ConfigFile *cf)
{
  if (cf->removed->len > 0)
    return TRUE;

  for (guint i = 0; i < cf->configs->len; i++)
    if (_mcp_server_config_is_dirty (cf->configs->pdata[i]))
      return TRUE;

  return FALSE;
}

/**
 * mcp_server_registry_has_unsaved_changes:
 * @self: a registry
 *
 * Gets whether servers were added, removed or changed since the files were
 * last read or saved.
 *
 * Returns: %TRUE if [method@Mcp.ServerRegistry.save_async] has something
 *   to write
 *
 * Since: 1.0
 */
gboolean
mcp_server_registry_has_unsaved_changes (McpServerRegistry *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), FALSE);

  for (guint i = 0; i < self->files->len; i++)
    if (_mcp_server_registry_file_has_changes (self->files->pdata[i]))
      return TRUE;

  return FALSE;
}

typedef struct
{
  GPtrArray *files;     /* GFile, still to save */
  GFile     *current;
  GBytes    *text;
  /* What is written: each configuration with its JSON at that time, and
   * the names of the removed entries. */
  GPtrArray *saved_configs;
  GPtrArray *saved_json;
  GPtrArray *removed;
  /* What the keyring gets once every file is written. */
  GPtrArray *keyring_changes;
} SaveState;

static void
save_state_free (gpointer data)
{
  SaveState *state = data;

  g_ptr_array_unref (state->files);
  g_ptr_array_unref (state->keyring_changes);
  g_clear_object (&state->current);
  g_clear_pointer (&state->text, g_bytes_unref);
  g_clear_pointer (&state->saved_configs, g_ptr_array_unref);
  g_clear_pointer (&state->saved_json, g_ptr_array_unref);
  g_clear_pointer (&state->removed, g_ptr_array_unref);
  g_free (state);
}

/* The text @cf should have now: the file as it is on disk, with the
 * application's changes. NULL without an error when there is nothing to
 * write. */
static GBytes *
compose_file (ConfigFile  *cf,
              SaveState   *state,
              GError     **error)
{
  g_autoptr(McpJsoncDocument) doc = NULL;
  g_autoptr(JsonObject) before = json_object_new ();
  g_autoptr(JsonObject) after = json_object_new ();
  g_autoptr(GError) read_error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *text = NULL;
  gsize len = 0;
  gsize text_len;
  const char *path = NULL;
  McpJsoncNode *inputs = NULL;
  McpJsoncNode *servers = NULL;

  for (guint i = 0; i < cf->configs->len; i++)
    {
      McpServerConfig *config = cf->configs->pdata[i];
      JsonObject *json = mcp_server_config_get_json (config);
      JsonObject *baseline = _mcp_server_config_get_baseline (config);
      const char *name = mcp_server_config_get_name (config);

      if (!_mcp_server_config_is_dirty (config))
        continue;

      json_object_set_object_member (after, name, json_object_ref (json));
      if (baseline != NULL)
        json_object_set_object_member (before, name, json_object_ref (baseline));
      g_ptr_array_add (state->saved_configs, g_object_ref (config));
      g_ptr_array_add (state->saved_json, json_object_ref (json));
    }

  for (guint i = 0; i < cf->removed->len; i++)
    {
      json_object_set_null_member (before, cf->removed->pdata[i]);
      g_ptr_array_add (state->removed, g_strdup (cf->removed->pdata[i]));
    }

  if (json_object_get_size (before) == 0 && json_object_get_size (after) == 0)
    return NULL;

  if (!g_file_load_contents (cf->file, NULL, &contents, &len, NULL, &read_error) &&
      !g_error_matches (read_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&read_error));
      return NULL;
    }

  if (contents != NULL && !_mcp_json_text_is_blank (contents, len))
    {
      g_autoptr(GError) parse_error = NULL;
      gsize offset;
      guint line;
      guint column;

      if ((doc = _mcp_jsonc_parse (contents, len, &offset, &parse_error)) == NULL)
        {
          _mcp_jsonc_position (contents, len, offset, &line, &column);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The file has an error at line %u, column %u (%s): correct it before "
                         "saving"), line, column, parse_error->message);
          return NULL;
        }
      if (doc->root->type != JSON_NODE_OBJECT)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The file does not hold a JSON object: correct it before saving"));
          return NULL;
        }
      servers = _mcp_server_registry_find_servers (doc->root, &path, &inputs);
    }

  if (servers != NULL && servers->type != JSON_NODE_OBJECT)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("“%s” is not an object: correct the file before saving"), path);
      return NULL;
    }

  if (servers == NULL)
    {
      g_autoptr(JsonObject) root = json_object_new ();
      g_autoptr(JsonObject) empty = json_object_new ();

      if (json_object_get_size (after) == 0)
        return NULL;

      json_object_set_object_member (root, _mcp_server_registry_default_servers_path (cf),
                                     g_steal_pointer (&after));
      if (cf->added_inputs != NULL && json_array_get_length (cf->added_inputs) > 0)
        {
          McpJsoncNode *old_inputs = doc != NULL ? _mcp_jsonc_node_lookup (doc->root, "inputs")
                                                 : NULL;
          g_autoptr(JsonNode) existing = old_inputs != NULL ? _mcp_jsonc_node_to_json (old_inputs)
                                                            : NULL;

          if (existing != NULL)
            json_object_set_member (empty, "inputs", json_node_copy (existing));
          json_object_set_array_member (root, "inputs",
                                        _mcp_server_registry_merge_inputs (cf, existing));
        }
      if (doc == NULL)
        {
          g_autoptr(JsonNode) node = _mcp_json_node_new_object (g_steal_pointer (&root));

          text = _mcp_jsonc_to_text (node);
          text_len = strlen (text);
          return g_bytes_new_take (g_steal_pointer (&text), text_len);
        }

      {
        g_autoptr(McpJsoncEditor) editor = _mcp_jsonc_editor_new (doc);

        _mcp_jsonc_editor_patch_object (editor, doc->root, empty, root);
        text = _mcp_jsonc_editor_finish (editor, &text_len);
      }
    }
  else
    {
      g_autoptr(McpJsoncEditor) editor = _mcp_jsonc_editor_new (doc);

      _mcp_jsonc_editor_patch_object (editor, servers, before, after);
      _mcp_server_registry_patch_inputs (cf, doc, editor, path, inputs);
      text = _mcp_jsonc_editor_finish (editor, &text_len);
    }

  return g_bytes_new_take (g_steal_pointer (&text), text_len);
}

static void save_next (GTask *task);

static void
keyring_changes_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!_mcp_keyring_changes_apply_finish (result, &error))
    {
      g_prefix_error (&error, _("The configuration was saved, but the values of its inputs "
                                "could not be kept in the keyring: "));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_task_return_boolean (task, TRUE);
}

static void
replace_contents_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpServerRegistry *self = g_task_get_source_object (task);
  SaveState *state = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  ConfigFile *cf;

  if (!g_file_replace_contents_finish (G_FILE (object), result, NULL, &error))
    {
      g_prefix_error (&error, _("Cannot save %s: "), g_file_peek_path (state->current));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The file may have left the registry meanwhile; it is saved anyway. */
  if ((cf = _mcp_server_registry_find_file (self, state->current)) != NULL)
    {
      for (guint i = 0; i < state->saved_configs->len; i++)
        _mcp_server_config_mark_saved (state->saved_configs->pdata[i], state->saved_json->pdata[i]);

      for (guint i = 0; i < state->removed->len; i++)
        {
          guint position;

          if (g_ptr_array_find_with_equal_func (cf->removed, state->removed->pdata[i],
                                                g_str_equal, &position))
            g_ptr_array_remove_index (cf->removed, position);
        }

      /* The inputs declared with added servers are in the text now. */
      g_clear_pointer (&cf->added_inputs, json_array_unref);

      /* What others changed in the file meanwhile is in the text now. */
      _mcp_server_registry_apply_file (self, cf, state->text);
      _mcp_server_registry_update_models (self);

      /* The values of its inputs go to the keyring, never to the file. */
      _mcp_server_registry_take_keyring_changes (cf, state->keyring_changes);
    }

  save_next (g_steal_pointer (&task));
}

static void
save_next (GTask *task)
{
  McpServerRegistry *self = g_task_get_source_object (task);
  SaveState *state = g_task_get_task_data (task);

  while (state->files->len > 0)
    {
      g_autoptr(GFile) file = g_ptr_array_steal_index (state->files, 0);
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autoptr(GError) error = NULL;
      ConfigFile *cf = _mcp_server_registry_find_file (self, file);

      if (cf == NULL)
        continue;

      g_clear_pointer (&state->text, g_bytes_unref);
      g_clear_pointer (&state->saved_configs, g_ptr_array_unref);
      g_clear_pointer (&state->saved_json, g_ptr_array_unref);
      g_clear_pointer (&state->removed, g_ptr_array_unref);
      state->saved_configs = g_ptr_array_new_with_free_func (g_object_unref);
      state->saved_json = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
      state->removed = g_ptr_array_new_with_free_func (g_free);

      if ((state->text = compose_file (cf, state, &error)) == NULL)
        {
          if (error != NULL)
            {
              g_prefix_error (&error, _("Cannot save %s: "), g_file_peek_path (file));
              g_task_return_error (task, g_steal_pointer (&error));
              g_object_unref (task);
              return;
            }
          continue;
        }

      if (parent != NULL && !g_file_make_directory_with_parents (parent, NULL, &error) &&
          !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_prefix_error (&error, _("Cannot save %s: "), g_file_peek_path (file));
          g_task_return_error (task, g_steal_pointer (&error));
          g_object_unref (task);
          return;
        }

      g_set_object (&state->current, file);
      /* Private when new: the entries may hold tokens. An existing file
       * keeps its permissions. */
      g_file_replace_contents_bytes_async (file, state->text, NULL, FALSE, G_FILE_CREATE_PRIVATE,
                                           g_task_get_cancellable (task), replace_contents_cb,
                                           task);
      return;
    }

  /* Without the keyring, the values stay in the session only. */
  if (self->use_keyring && state->keyring_changes->len > 0)
    {
      _mcp_keyring_changes_apply_async (g_steal_pointer (&state->keyring_changes),
                                        g_task_get_cancellable (task), keyring_changes_cb, task);
      state->keyring_changes = _mcp_keyring_changes_new ();
      return;
    }

  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/**
 * mcp_server_registry_save_async:
 * @self: a registry
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the files are written
 * @user_data: data for @callback
 *
 * Writes the servers that were added, removed or changed to their files.
 * Each file is read again first, and only the members that the
 * application changed are rewritten in it: the order of the entries,
 * members the library does not know, comments and what another program
 * changed in the meantime stay. Each file is replaced atomically, so a
 * crash never leaves half a file; a new file is readable by the user only.
 *
 * A file that does not parse is not written: the error says where it is
 * wrong.
 *
 * With [property@Mcp.ServerRegistry:use-keyring], the values of the
 * inputs of added servers are then stored in the keyring, and those of
 * removed servers deleted from it; when the keyring fails, the files are
 * written all the same and the error says so.
 *
 * Since: 1.0
 */
void
mcp_server_registry_save_async (McpServerRegistry   *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  GTask *task;
  SaveState *state;

  g_return_if_fail (MCP_IS_SERVER_REGISTRY (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_server_registry_save_async);
  state = g_new0 (SaveState, 1);
  state->files = g_ptr_array_new_with_free_func (g_object_unref);
  state->keyring_changes = _mcp_keyring_changes_new ();
  g_task_set_task_data (task, state, save_state_free);

  for (guint i = 0; i < self->files->len; i++)
    {
      ConfigFile *cf = self->files->pdata[i];

      if (_mcp_server_registry_file_has_changes (cf))
        g_ptr_array_add (state->files, g_object_ref (cf->file));
    }

  save_next (task);
}

/**
 * mcp_server_registry_save_finish:
 * @self: a registry
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ServerRegistry.save_async].
 *
 * Returns: %TRUE if every file was written
 *
 * Since: 1.0
 */
gboolean
mcp_server_registry_save_finish (McpServerRegistry  *self,
                                 GAsyncResult       *result,
                                 GError            **error)
{
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_server_registry_save_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
