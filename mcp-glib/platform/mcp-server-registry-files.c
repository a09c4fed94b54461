/* mcp-server-registry-files.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Reading the configuration files of a registry and following them. Each
 * file is read whole, with the positions of its values (mcp-jsonc.c), into
 * configurations that keep their identity across reloads: an entry that
 * did not change is the same object with the same properties, one that did
 * is updated in place, and the model emits one items-changed for each run
 * of servers added or removed.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-config-problem-private.h"
#include "mcp-json-private.h"
#include "mcp-jsonc-private.h"
#include "mcp-server-config-private.h"
#include "mcp-server-registry-private.h"

/* Where the servers can be in a file, in the order they are looked for;
 * the first two are top-level members. */
static const char * const servers_paths[] = { "mcpServers", "servers", "mcp.servers" };

void
_mcp_config_file_free (gpointer data)
{
  ConfigFile *cf = data;

  if (cf->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (cf->monitor, cf);
      g_file_monitor_cancel (cf->monitor);
    }
  g_clear_object (&cf->monitor);

  for (guint i = 0; i < cf->configs->len; i++)
    _mcp_server_config_detach (cf->configs->pdata[i]);

  g_clear_object (&cf->file);
  g_clear_pointer (&cf->text, g_bytes_unref);
  g_clear_pointer (&cf->inputs, json_array_unref);
  g_clear_pointer (&cf->configs, g_ptr_array_unref);
  g_clear_pointer (&cf->problems, g_ptr_array_unref);
  g_clear_pointer (&cf->removed, g_ptr_array_unref);
  g_clear_pointer (&cf->added_inputs, json_array_unref);
  g_clear_pointer (&cf->kept_inputs, g_hash_table_unref);
  g_clear_pointer (&cf->forgotten_inputs, g_ptr_array_unref);
  g_free (cf);
}

ConfigFile *
_mcp_server_registry_find_file (McpServerRegistry *self,
                                GFile             *file)
{
  for (guint i = 0; i < self->files->len; i++)
    {
      ConfigFile *cf = self->files->pdata[i];

      if (g_file_equal (cf->file, file))
        return cf;
    }

  return NULL;
}

McpServerConfig *
_mcp_server_registry_find_config (GPtrArray  *configs,
                                  const char *name)
{
  for (guint i = 0; i < configs->len; i++)
    if (g_str_equal (mcp_server_config_get_name (configs->pdata[i]), name))
      return configs->pdata[i];

  return NULL;
}

gboolean
_mcp_server_registry_is_removed (ConfigFile *cf,
                                 const char *name)
{
  return g_ptr_array_find_with_equal_func (cf->removed, name, g_str_equal, NULL);
}

/* The member of a new file that holds the servers: VS Code's form in a
 * `.vscode` directory, the common one elsewhere. */
const char *
_mcp_server_registry_default_servers_path (ConfigFile *cf)
{
  g_autoptr(GFile) parent = g_file_get_parent (cf->file);
  g_autofree char *dir = parent != NULL ? g_file_get_basename (parent) : NULL;

  return g_strcmp0 (dir, ".vscode") == 0 ? "servers" : "mcpServers";
}

/* The servers object of @root, and what holds the inputs beside it. */
McpJsoncNode *
_mcp_server_registry_find_servers (McpJsoncNode  *root,
                                   const char   **path,
                                   McpJsoncNode **inputs)
{
  for (guint i = 0; i < G_N_ELEMENTS (servers_paths); i++)
    {
      McpJsoncNode *parent = root;
      McpJsoncNode *node;
      const char *key = servers_paths[i];

      if (g_str_has_prefix (key, "mcp."))
        {
          parent = _mcp_jsonc_node_lookup (root, "mcp");
          key += strlen ("mcp.");
        }

      if ((node = _mcp_jsonc_node_lookup (parent, key)) != NULL)
        {
          *path = servers_paths[i];
          *inputs = _mcp_jsonc_node_lookup (parent, "inputs");
          return node;
        }
    }

  *path = NULL;
  *inputs = NULL;
  return NULL;
}

static void
add_problem (ConfigFile       *cf,
             McpJsoncDocument *doc,
             gsize             offset,
             const char       *server,
             const char       *message)
{
  guint line = 0;
  guint column = 0;

  if (doc != NULL)
    _mcp_jsonc_position (doc->text, doc->len, offset, &line, &column);

  g_ptr_array_add (cf->problems, _mcp_config_problem_new (cf->file, line, column, server, message));
}

/* The entry of @servers that @offset is in, if any. */
static const char *
entry_at (McpJsoncNode *servers,
          gsize         offset)
{
  for (guint i = 0; servers != NULL && i < servers->children->len; i++)
    {
      McpJsoncNode *child = servers->children->pdata[i];

      if (offset >= child->key_start && offset < child->end)
        return child->key;
    }

  return NULL;
}

static int
compare_problems (gconstpointer a,
                  gconstpointer b)
{
  McpConfigProblem *pa = *(McpConfigProblem **) a;
  McpConfigProblem *pb = *(McpConfigProblem **) b;
  guint la = mcp_config_problem_get_line (pa);
  guint lb = mcp_config_problem_get_line (pb);

  if (la != lb)
    return la < lb ? -1 : 1;

  return (int) mcp_config_problem_get_column (pa) - (int) mcp_config_problem_get_column (pb);
}

static gboolean
same_text (GBytes *a,
           GBytes *b)
{
  return (a == NULL && b == NULL) || (a != NULL && b != NULL && g_bytes_equal (a, b));
}

/* Makes the file's servers what @text (NULL for a missing file) says. A
 * text that cannot be read as servers leaves them as they were. */
void
_mcp_server_registry_apply_file (McpServerRegistry *self,
                                 ConfigFile        *cf,
                                 GBytes            *text)
{
  g_autoptr(McpJsoncDocument) doc = NULL;
  g_autoptr(GPtrArray) configs = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(JsonArray) inputs = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  McpJsoncNode *servers = NULL;
  McpJsoncNode *inputs_node = NULL;
  const char *path = NULL;
  gsize len = 0;
  const char *data = text != NULL ? g_bytes_get_data (text, &len) : NULL;

  g_ptr_array_set_size (cf->problems, 0);
  g_clear_pointer (&cf->text, g_bytes_unref);
  cf->text = text != NULL ? g_bytes_ref (text) : NULL;

  if (data != NULL && !_mcp_json_text_is_blank (data, len))
    {
      g_autoptr(GError) error = NULL;
      gsize offset;

      if ((doc = _mcp_jsonc_parse (data, len, &offset, &error)) == NULL)
        {
          g_autoptr(McpJsoncDocument) positions = g_new0 (McpJsoncDocument, 1);

          positions->text = g_strndup (data, len);
          positions->len = len;
          add_problem (cf, positions, offset, NULL, error->message);
          return;
        }

      if (doc->root->type != JSON_NODE_OBJECT)
        {
          add_problem (cf, doc, doc->root->start, NULL, _("The file must hold a JSON object"));
          return;
        }

      servers = _mcp_server_registry_find_servers (doc->root, &path, &inputs_node);
      cf->servers_path = path;

      if (servers != NULL && servers->type != JSON_NODE_OBJECT)
        {
          g_autofree char *message = g_strdup_printf (_("“%s” must be an object"), path);

          add_problem (cf, doc, servers->start, NULL, message);
          servers = NULL;
        }

      if (inputs_node != NULL && inputs_node->type != JSON_NODE_ARRAY)
        add_problem (cf, doc, inputs_node->start, NULL, _("“inputs” must be a list"));
      else if (inputs_node != NULL)
        {
          g_autoptr(JsonNode) node = _mcp_jsonc_node_to_json (inputs_node);

          inputs = json_array_ref (json_node_get_array (node));
          json_array_seal (inputs);
        }

      for (guint i = 0; i < doc->notes->len; i++)
        {
          McpJsoncNote *note = doc->notes->pdata[i];

          add_problem (cf, doc, note->offset, entry_at (servers, note->offset), note->message);
        }
    }

  g_clear_pointer (&cf->inputs, json_array_unref);
  cf->inputs = g_steal_pointer (&inputs);

  for (guint i = 0; servers != NULL && i < servers->children->len; i++)
    {
      McpJsoncNode *child = servers->children->pdata[i];
      McpServerConfig *existing = _mcp_server_registry_find_config (cf->configs, child->key);
      g_autoptr(McpServerConfig) config = NULL;
      g_autoptr(JsonNode) json = NULL;
      g_autoptr(GPtrArray) problems = NULL;

      /* Of a name given twice, the last counts, where the first is (as
       * json-glib has it; a note says so). */
      if (!g_hash_table_add (seen, child->key) || _mcp_server_registry_is_removed (cf, child->key))
        continue;
      child = _mcp_jsonc_node_lookup (servers, child->key);

      if (child->type != JSON_NODE_OBJECT)
        {
          add_problem (cf, doc, child->start, child->key, _("The entry must be a JSON object"));
          continue;
        }

      /* What the application changed and did not save yet stays. */
      if (existing != NULL && _mcp_server_config_is_dirty (existing))
        {
          g_ptr_array_add (configs, g_object_ref (existing));
          _mcp_server_config_attach (existing, self, cf->file, cf->inputs);
          continue;
        }

      json = _mcp_jsonc_node_to_json (child);
      if (existing != NULL)
        {
          config = g_object_ref (existing);
          _mcp_server_config_attach (config, self, cf->file, cf->inputs);
          _mcp_server_config_reload (config, json_node_get_object (json));
        }
      else
        {
          config = _mcp_server_config_new_from_file (child->key, json_node_get_object (json),
                                                     cf->file);
          _mcp_server_config_attach (config, self, cf->file, cf->inputs);
        }

      problems = _mcp_server_config_check_in_file (config, doc, child);
      g_ptr_array_extend_and_steal (cf->problems, g_steal_pointer (&problems));
      g_ptr_array_add (configs, g_steal_pointer (&config));
    }

  for (guint i = 0; i < cf->configs->len; i++)
    {
      McpServerConfig *config = cf->configs->pdata[i];

      if (g_ptr_array_find (configs, config, NULL))
        continue;

      if (_mcp_server_config_is_dirty (config))
        g_ptr_array_add (configs, g_object_ref (config));
      else
        _mcp_server_config_detach (config);
    }

  g_clear_pointer (&cf->configs, g_ptr_array_unref);
  cf->configs = g_steal_pointer (&configs);

  /* In the order of the file, as an editor lists them. */
  g_ptr_array_sort (cf->problems, compare_problems);
}

/* Reads the file again, and applies it if it changed. */
void
_mcp_server_registry_read_file (McpServerRegistry *self,
                                ConfigFile        *cf)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) text = NULL;
  char *contents = NULL;
  gsize len = 0;

  if (g_file_load_contents (cf->file, NULL, &contents, &len, NULL, &error))
    text = g_bytes_new_take (contents, len);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_autofree char *message = g_strdup_printf (_("The file cannot be read: %s"), error->message);

      cf->read_failed = TRUE;
      g_ptr_array_set_size (cf->problems, 0);
      g_ptr_array_add (cf->problems, _mcp_config_problem_new (cf->file, 0, 0, NULL, message));
      return;
    }

  if (!cf->read_failed && same_text (cf->text, text))
    return;

  cf->read_failed = FALSE;
  _mcp_server_registry_apply_file (self, cf, text);
}

static gboolean
contains (GPtrArray *array,
          gpointer   item)
{
  return g_ptr_array_find (array, item, NULL);
}

/* Makes the model's items @wanted: the servers that went are removed and
 * the new ones inserted, one items-changed for each run of them, so that
 * the servers that stay are never removed and added again. */
static void
apply_servers (McpServerRegistry *self,
               GPtrArray         *wanted)
{
  guint n_before = self->servers->len;
  guint i = self->servers->len;
  guint kept = 0;

  while (i > 0)
    {
      guint end = i;

      if (contains (wanted, self->servers->pdata[i - 1]))
        {
          i--;
          continue;
        }

      while (i > 0 && !contains (wanted, self->servers->pdata[i - 1]))
        i--;
      g_ptr_array_remove_range (self->servers, i, end - i);
      g_list_model_items_changed (G_LIST_MODEL (self), i, end - i, 0);
    }

  /* The order of those that stay can change only when the user reorders a
   * file: then they all go and come back. */
  for (guint j = 0; j < wanted->len; j++)
    {
      if (!contains (self->servers, wanted->pdata[j]))
        continue;
      if (self->servers->pdata[kept++] != wanted->pdata[j])
        {
          guint n = self->servers->len;

          g_ptr_array_set_size (self->servers, 0);
          g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
          break;
        }
    }

  for (guint j = 0; j < wanted->len; j++)
    {
      guint run = 0;

      if (j < self->servers->len && self->servers->pdata[j] == wanted->pdata[j])
        continue;

      while (j + run < wanted->len && !contains (self->servers, wanted->pdata[j + run]))
        {
          g_ptr_array_insert (self->servers, j + run, g_object_ref (wanted->pdata[j + run]));
          run++;
        }
      g_list_model_items_changed (G_LIST_MODEL (self), j, 0, run);
      j += run - 1;
    }

  if (n_before != self->servers->len)
    _mcp_server_registry_notify_n_items (self);
}

/* Makes the model and the problems what the files say, with minimal
 * changes. */
void
_mcp_server_registry_update_models (McpServerRegistry *self)
{
  g_autoptr(GHashTable) winners = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) servers = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) problems = g_ptr_array_new ();
  guint n_problems = g_list_model_get_n_items (G_LIST_MODEL (self->problems));
  guint prefix = 0;
  guint suffix = 0;

  for (guint i = 0; i < self->files->len; i++)
    {
      ConfigFile *cf = self->files->pdata[i];

      for (guint j = 0; j < cf->configs->len; j++)
        g_hash_table_insert (winners, (gpointer) mcp_server_config_get_name (cf->configs->pdata[j]),
                             cf->configs->pdata[j]);
      for (guint j = 0; j < cf->problems->len; j++)
        g_ptr_array_add (problems, cf->problems->pdata[j]);
    }

  for (guint i = 0; i < self->files->len; i++)
    {
      ConfigFile *cf = self->files->pdata[i];

      for (guint j = 0; j < cf->configs->len; j++)
        {
          McpServerConfig *config = cf->configs->pdata[j];

          if (g_hash_table_lookup (winners, mcp_server_config_get_name (config)) == config)
            g_ptr_array_add (servers, g_object_ref (config));
        }
    }

  apply_servers (self, servers);

  prefix = suffix = 0;
  while (prefix < n_problems && prefix < problems->len)
    {
      g_autoptr(McpConfigProblem) problem =
        g_list_model_get_item (G_LIST_MODEL (self->problems), prefix);

      if (!_mcp_config_problem_equal (problem, problems->pdata[prefix]))
        break;
      prefix++;
    }
  while (suffix < n_problems - prefix && suffix < problems->len - prefix)
    {
      g_autoptr(McpConfigProblem) problem =
        g_list_model_get_item (G_LIST_MODEL (self->problems), n_problems - 1 - suffix);

      if (!_mcp_config_problem_equal (problem, problems->pdata[problems->len - 1 - suffix]))
        break;
      suffix++;
    }

  if (prefix + suffix < n_problems || n_problems != problems->len)
    g_list_store_splice (self->problems, prefix, n_problems - prefix - suffix,
                         problems->pdata + prefix, problems->len - prefix - suffix);
}

void
_mcp_server_registry_file_changed_cb (GFileMonitor      *monitor,
                                      GFile             *file,
                                      GFile             *other_file,
                                      GFileMonitorEvent  event,
                                      gpointer           user_data)
{
  ConfigFile *cf = user_data;
  McpServerRegistry *self = cf->registry;

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
      break;

    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      return;
    }

  g_debug ("The server configuration %s changed", g_file_peek_path (cf->file));
  _mcp_server_registry_read_file (self, cf);
  _mcp_server_registry_update_models (self);
}
