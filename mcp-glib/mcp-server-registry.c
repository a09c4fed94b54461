/* mcp-server-registry.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The servers a user has configured, from the files MCP hosts share, kept
 * up to date as the files change. Each file is read whole, with the
 * positions of its values (mcp-jsonc.c), into configurations that keep
 * their identity across reloads: an entry that did not change is the same
 * object with the same properties, one that did is updated in place, and
 * the model emits one items-changed for what was added or removed. Saving
 * rewrites only the members that the application changed, in the text as
 * it is on disk at that moment.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-config-problem-private.h"
#include "mcp-i18n-private.h"
#include "mcp-input-request-private.h"
#include "mcp-json-private.h"
#include "mcp-jsonc-private.h"
#include "mcp-server-config-private.h"
#include "mcp-server-registry-private.h"

/**
 * McpServerRegistry:
 *
 * The MCP servers the user has configured, as a [iface@Gio.ListModel] of
 * [class@Mcp.ServerConfig].
 *
 * The registry reads the configuration files that MCP hosts already use,
 * so that users configure their servers once:
 *
 * - `{"mcpServers": {…}}`, as Claude Desktop, Cursor, Windsurf, Gemini CLI
 *   and many others write it;
 * - `{"servers": {…}, "inputs": […]}`, VS Code's `mcp.json`, and its
 *   `settings.json` form `{"mcp": {"servers": …, "inputs": …}}`.
 *
 * Files are JSON, with the comments VS Code allows. [ctor@Mcp.ServerRegistry.new]
 * reads the user's own file, [func@Mcp.ServerRegistry.get_user_file]
 * (`$XDG_CONFIG_HOME/mcp/mcp.json`, that is `~/.config/mcp/mcp.json`), which
 * every application using mcp-glib shares; an application adds its own
 * files, or other hosts' files, with [method@Mcp.ServerRegistry.add_file].
 * When two files name the same server, the file added later wins, so a
 * project's file can override the user's.
 *
 * ```c
 * g_autoptr(McpServerRegistry) registry = mcp_server_registry_new ();
 * g_autoptr(GFile) project = g_file_new_for_path (".vscode/mcp.json");
 *
 * mcp_server_registry_add_file (registry, project);
 * for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (registry)); i++)
 *   {
 *     g_autoptr(McpServerConfig) config = g_list_model_get_item (G_LIST_MODEL (registry), i);
 *
 *     g_print ("%s\n", mcp_server_config_get_name (config));
 *   }
 * ```
 *
 * The files are watched: when one changes, the registry reads it again and
 * the model changes only where the servers did. A configuration that did
 * not change stays the same object; one that changed is updated in place,
 * with notifications of the properties that changed.
 *
 * Problems do not stop the other servers: a syntax error keeps the servers
 * of the file as they were before it, and a broken entry is listed with
 * its [property@Mcp.ServerConfig:error] set. Every problem, with its file,
 * line and column, is in [property@Mcp.ServerRegistry:problems].
 *
 * The application changes the servers with [method@Mcp.ServerRegistry.add],
 * [method@Mcp.ServerRegistry.remove] and the setters of
 * [class@Mcp.ServerConfig], and writes the changes with
 * [method@Mcp.ServerRegistry.save_async]. Saving changes only the members
 * that changed, in the file as it is then: the rest of the file (other
 * entries, their order, members the library does not know, comments) stays
 * as it was.
 *
 * Entries may use `${input:ID}` for values the user gives when the server
 * starts, such as tokens. The registry asks the application for them with
 * [signal@Mcp.ServerRegistry::input-requested], remembers the answers in
 * memory until it is finalized, and never writes them to a file.
 *
 * Since: 1.0
 */

#define USER_FILE_DIR  "mcp"
#define USER_FILE_NAME "mcp.json"

/* Where the servers can be in a file, in the order they are looked for;
 * the first two are top-level members. */
static const char * const servers_paths[] = { "mcpServers", "servers", "mcp.servers" };

typedef struct
{
  McpServerRegistry *registry;
  GFile        *file;
  GFileMonitor *monitor;
  /* The last read failed: the servers are as they were before it. */
  gboolean      read_failed;
  /* The text as last read; NULL while the file does not exist. */
  GBytes       *text;
  /* The member that holds the servers, once known (see servers_paths). */
  const char   *servers_path;
  JsonArray    *inputs;
  GPtrArray    *configs;
  GPtrArray    *problems;
  /* Servers the application removed that are still in the file. */
  GPtrArray    *removed;
} ConfigFile;

typedef struct
{
  GPtrArray *waiters;
} PendingInput;

typedef struct
{
  GTask  *task;
  gulong  cancelled_id;
} InputWaiter;

struct _McpServerRegistry
{
  GObject      parent_instance;

  GPtrArray   *files;
  GListStore  *file_list;
  /* The items of the model. */
  GPtrArray   *servers;
  GListStore  *problems;
  GFile       *workspace_folder;
  GHashTable  *inputs;
  GHashTable  *pending_inputs;
};

static void mcp_server_registry_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (McpServerRegistry, mcp_server_registry, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      mcp_server_registry_list_model_init))

enum {
  PROP_0,
  PROP_ITEM_TYPE,
  PROP_N_ITEMS,
  PROP_FILES,
  PROP_PROBLEMS,
  PROP_WORKSPACE_FOLDER,
  N_PROPS
};

enum {
  INPUT_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The list model ---------------------------------------------------------- */

static GType
mcp_server_registry_get_item_type (GListModel *model)
{
  return MCP_TYPE_SERVER_CONFIG;
}

static guint
mcp_server_registry_get_n_items (GListModel *model)
{
  return MCP_SERVER_REGISTRY (model)->servers->len;
}

static gpointer
mcp_server_registry_get_item (GListModel *model,
                              guint       position)
{
  McpServerRegistry *self = MCP_SERVER_REGISTRY (model);

  if (position >= self->servers->len)
    return NULL;

  return g_object_ref (self->servers->pdata[position]);
}

static void
mcp_server_registry_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = mcp_server_registry_get_item_type;
  iface->get_n_items = mcp_server_registry_get_n_items;
  iface->get_item = mcp_server_registry_get_item;
}

/* Files ------------------------------------------------------------------ */

static void
config_file_free (gpointer data)
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
  g_free (cf);
}

static ConfigFile *
find_file (McpServerRegistry *self,
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

static McpServerConfig *
find_config (GPtrArray  *configs,
             const char *name)
{
  for (guint i = 0; i < configs->len; i++)
    if (g_str_equal (mcp_server_config_get_name (configs->pdata[i]), name))
      return configs->pdata[i];

  return NULL;
}

static gboolean
is_removed (ConfigFile *cf,
            const char *name)
{
  return g_ptr_array_find_with_equal_func (cf->removed, name, g_str_equal, NULL);
}

/* The member of a new file that holds the servers: VS Code's form in a
 * `.vscode` directory, the common one elsewhere. */
static const char *
default_servers_path (ConfigFile *cf)
{
  g_autoptr(GFile) parent = g_file_get_parent (cf->file);
  g_autofree char *dir = parent != NULL ? g_file_get_basename (parent) : NULL;

  return g_strcmp0 (dir, ".vscode") == 0 ? "servers" : "mcpServers";
}

/* The servers object of @root, and what holds the inputs beside it. */
static McpJsoncNode *
find_servers (McpJsoncNode  *root,
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
static void
config_file_apply (McpServerRegistry *self,
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

      servers = find_servers (doc->root, &path, &inputs_node);
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
      McpServerConfig *existing = find_config (cf->configs, child->key);
      g_autoptr(McpServerConfig) config = NULL;
      g_autoptr(JsonNode) json = NULL;
      g_autoptr(GPtrArray) problems = NULL;

      /* Of a name given twice, the last counts, where the first is (as
       * json-glib has it; a note says so). */
      if (!g_hash_table_add (seen, child->key) || is_removed (cf, child->key))
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
static void
config_file_read (McpServerRegistry *self,
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
  config_file_apply (self, cf, text);
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
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

/* Makes the model and the problems what the files say, with minimal
 * changes. */
static void
update_models (McpServerRegistry *self)
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
      g_autoptr(McpConfigProblem) problem = g_list_model_get_item (G_LIST_MODEL (self->problems), prefix);

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

static void
file_changed_cb (GFileMonitor      *monitor,
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
  config_file_read (self, cf);
  update_models (self);
}

/* GObject ---------------------------------------------------------------- */

static void
pending_input_free (gpointer data)
{
  PendingInput *pending = data;

  g_ptr_array_unref (pending->waiters);
  g_free (pending);
}

static void
finish_waiter (InputWaiter *waiter,
               GError      *error)
{
  GCancellable *cancellable = g_task_get_cancellable (waiter->task);

  if (waiter->cancelled_id != 0)
    g_signal_handler_disconnect (cancellable, waiter->cancelled_id);

  if (error != NULL)
    g_task_return_error (waiter->task, error);
  else
    g_task_return_boolean (waiter->task, TRUE);
  g_object_unref (waiter->task);
  g_free (waiter);
}

static void
mcp_server_registry_dispose (GObject *object)
{
  McpServerRegistry *self = (McpServerRegistry *)object;
  g_autoptr(GHashTable) pending = g_steal_pointer (&self->pending_inputs);

  if (pending != NULL)
    {
      GHashTableIter iter;
      PendingInput *input;

      g_hash_table_iter_init (&iter, pending);
      while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &input))
        while (input->waiters->len > 0)
          finish_waiter (g_ptr_array_steal_index (input->waiters, 0),
                         g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                              _("The server registry was closed")));
    }

  g_clear_pointer (&self->files, g_ptr_array_unref);
  g_clear_object (&self->file_list);

  G_OBJECT_CLASS (mcp_server_registry_parent_class)->dispose (object);
}

static void
mcp_server_registry_finalize (GObject *object)
{
  McpServerRegistry *self = (McpServerRegistry *)object;

  g_clear_pointer (&self->servers, g_ptr_array_unref);
  g_clear_object (&self->problems);
  g_clear_object (&self->workspace_folder);
  g_clear_pointer (&self->inputs, g_hash_table_unref);

  G_OBJECT_CLASS (mcp_server_registry_parent_class)->finalize (object);
}

static void
mcp_server_registry_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  McpServerRegistry *self = MCP_SERVER_REGISTRY (object);

  switch (prop_id)
    {
    case PROP_ITEM_TYPE:
      g_value_set_gtype (value, MCP_TYPE_SERVER_CONFIG);
      break;

    case PROP_N_ITEMS:
      g_value_set_uint (value, self->servers->len);
      break;

    case PROP_FILES:
      g_value_set_object (value, self->file_list);
      break;

    case PROP_PROBLEMS:
      g_value_set_object (value, self->problems);
      break;

    case PROP_WORKSPACE_FOLDER:
      g_value_set_object (value, self->workspace_folder);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_server_registry_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  McpServerRegistry *self = MCP_SERVER_REGISTRY (object);

  switch (prop_id)
    {
    case PROP_WORKSPACE_FOLDER:
      mcp_server_registry_set_workspace_folder (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_server_registry_class_init (McpServerRegistryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _mcp_i18n_init ();

  object_class->dispose = mcp_server_registry_dispose;
  object_class->finalize = mcp_server_registry_finalize;
  object_class->get_property = mcp_server_registry_get_property;
  object_class->set_property = mcp_server_registry_set_property;

  /**
   * McpServerRegistry:item-type:
   *
   * The type of the items: [class@Mcp.ServerConfig].
   *
   * Since: 1.0
   */
  properties[PROP_ITEM_TYPE] =
    g_param_spec_gtype ("item-type", NULL, NULL,
                        G_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerRegistry:n-items:
   *
   * The number of servers.
   *
   * Since: 1.0
   */
  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerRegistry:files:
   *
   * The files the registry reads, as a list of [iface@Gio.File], in the
   * order they were added.
   *
   * Since: 1.0
   */
  properties[PROP_FILES] =
    g_param_spec_object ("files", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerRegistry:problems:
   *
   * What is wrong in the files, as a list of [class@Mcp.ConfigProblem],
   * kept up to date as the files change.
   *
   * Since: 1.0
   */
  properties[PROP_PROBLEMS] =
    g_param_spec_object ("problems", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerRegistry:workspace-folder:
   *
   * The folder that `${workspaceFolder}` stands for, such as the project
   * the application has open, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_WORKSPACE_FOLDER] =
    g_param_spec_object ("workspace-folder", NULL, NULL,
                         G_TYPE_FILE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpServerRegistry::input-requested:
   * @self: the registry
   * @request: what is asked for
   *
   * Emitted when a server is about to start and needs an input
   * (`${input:ID}`) that has no value yet. A handler that takes the
   * request returns %TRUE and answers it, now or later, with
   * [method@Mcp.InputRequest.reply]. When no handler takes it, the request
   * is declined and the server does not start.
   *
   * Answers are remembered until the registry is finalized or
   * [method@Mcp.ServerRegistry.forget_inputs] is called. Secrets
   * ([property@Mcp.InputRequest:password]) belong in the user's keyring:
   * an application that wants to remember one for longer stores it there
   * and answers from it, or sets it in advance with
   * [method@Mcp.ServerRegistry.set_input].
   *
   * Returns: %TRUE if the handler takes the request
   *
   * Since: 1.0
   */
  signals[INPUT_REQUESTED] =
    g_signal_new ("input-requested",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  g_signal_accumulator_true_handled, NULL,
                  NULL,
                  G_TYPE_BOOLEAN, 1, MCP_TYPE_INPUT_REQUEST);
}

static void
mcp_server_registry_init (McpServerRegistry *self)
{
  self->files = g_ptr_array_new_with_free_func (config_file_free);
  self->file_list = g_list_store_new (G_TYPE_FILE);
  self->servers = g_ptr_array_new_with_free_func (g_object_unref);
  self->problems = g_list_store_new (MCP_TYPE_CONFIG_PROBLEM);
  self->inputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->pending_inputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, pending_input_free);
}

/**
 * mcp_server_registry_new:
 *
 * Creates a registry that reads the user's file,
 * [func@Mcp.ServerRegistry.get_user_file], at once, and watches it.
 *
 * Returns: (transfer full): a new registry
 *
 * Since: 1.0
 */
McpServerRegistry *
mcp_server_registry_new (void)
{
  McpServerRegistry *self = mcp_server_registry_new_empty ();
  g_autoptr(GFile) file = mcp_server_registry_get_user_file ();

  mcp_server_registry_add_file (self, file);

  return self;
}

/**
 * mcp_server_registry_new_empty:
 *
 * Creates a registry that reads no file until one is added with
 * [method@Mcp.ServerRegistry.add_file].
 *
 * Returns: (transfer full): a new registry
 *
 * Since: 1.0
 */
McpServerRegistry *
mcp_server_registry_new_empty (void)
{
  return g_object_new (MCP_TYPE_SERVER_REGISTRY, NULL);
}

/**
 * mcp_server_registry_get_user_file:
 *
 * Gets the user's own server configuration file,
 * `$XDG_CONFIG_HOME/mcp/mcp.json` (usually `~/.config/mcp/mcp.json`),
 * which every application using mcp-glib reads. It has the common
 * `{"mcpServers": {…}}` form. A sandboxed application (Flatpak) sees its
 * own configuration directory there unless it is given access to
 * `xdg-config/mcp`.
 *
 * Returns: (transfer full): the file, which need not exist
 *
 * Since: 1.0
 */
GFile *
mcp_server_registry_get_user_file (void)
{
  return g_file_new_build_filename (g_get_user_config_dir (), USER_FILE_DIR, USER_FILE_NAME, NULL);
}

/**
 * mcp_server_registry_add_file:
 * @self: a registry
 * @file: a configuration file
 *
 * Reads the servers of @file, at once, and watches it for changes. The
 * file need not exist: its servers appear when it is created. Its servers
 * override those of the same name in files added before it.
 *
 * Since: 1.0
 */
void
mcp_server_registry_add_file (McpServerRegistry *self,
                              GFile             *file)
{
  g_autoptr(GError) error = NULL;
  ConfigFile *cf;

  g_return_if_fail (MCP_IS_SERVER_REGISTRY (self));
  g_return_if_fail (G_IS_FILE (file));

  if (find_file (self, file) != NULL)
    return;

  cf = g_new0 (ConfigFile, 1);
  cf->registry = self;
  cf->file = g_object_ref (file);
  cf->configs = g_ptr_array_new_with_free_func (g_object_unref);
  cf->problems = g_ptr_array_new_with_free_func (g_object_unref);
  cf->removed = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->files, cf);

  cf->monitor = g_file_monitor_file (file, G_FILE_MONITOR_NONE, NULL, &error);
  if (cf->monitor != NULL)
    g_signal_connect (cf->monitor, "changed", G_CALLBACK (file_changed_cb), cf);
  else
    g_debug ("Cannot watch %s: %s", g_file_peek_path (file), error->message);

  config_file_read (self, cf);
  g_list_store_append (self->file_list, file);
  update_models (self);
}

/**
 * mcp_server_registry_remove_file:
 * @self: a registry
 * @file: a file added before
 *
 * Stops reading @file: its servers leave the registry, and changes to them
 * that were not saved are dropped.
 *
 * Returns: %TRUE if the registry read @file
 *
 * Since: 1.0
 */
gboolean
mcp_server_registry_remove_file (McpServerRegistry *self,
                                 GFile             *file)
{
  ConfigFile *cf;
  guint position;

  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if ((cf = find_file (self, file)) == NULL)
    return FALSE;

  if (g_list_store_find_with_equal_func (self->file_list, file, (GEqualFunc) g_file_equal, &position))
    g_list_store_remove (self->file_list, position);
  g_ptr_array_remove (self->files, cf);
  update_models (self);

  return TRUE;
}

/**
 * mcp_server_registry_get_files:
 * @self: a registry
 *
 * Gets the files the registry reads.
 *
 * Returns: (transfer none): a list of [iface@Gio.File]
 *
 * Since: 1.0
 */
GListModel *
mcp_server_registry_get_files (McpServerRegistry *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), NULL);

  return G_LIST_MODEL (self->file_list);
}

/**
 * mcp_server_registry_reload:
 * @self: a registry
 *
 * Reads every file again now, without waiting for the file monitor, for
 * file systems where changes are not reported.
 *
 * Since: 1.0
 */
void
mcp_server_registry_reload (McpServerRegistry *self)
{
  g_return_if_fail (MCP_IS_SERVER_REGISTRY (self));

  for (guint i = 0; i < self->files->len; i++)
    config_file_read (self, self->files->pdata[i]);
  update_models (self);
}

/**
 * mcp_server_registry_get_problems:
 * @self: a registry
 *
 * Gets what is wrong in the files.
 *
 * Returns: (transfer none): a list of [class@Mcp.ConfigProblem]
 *
 * Since: 1.0
 */
GListModel *
mcp_server_registry_get_problems (McpServerRegistry *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), NULL);

  return G_LIST_MODEL (self->problems);
}

/**
 * mcp_server_registry_lookup:
 * @self: a registry
 * @name: a server's name
 *
 * Finds a server by name.
 *
 * Returns: (transfer none) (nullable): the server's configuration, or %NULL
 *
 * Since: 1.0
 */
McpServerConfig *
mcp_server_registry_lookup (McpServerRegistry *self,
                            const char        *name)
{
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return find_config (self->servers, name);
}

/**
 * mcp_server_registry_add:
 * @self: a registry
 * @config: a configuration that belongs to no registry yet
 * @file: (nullable): the file it goes to, or %NULL for the user's file
 *
 * Adds a server, at the end of @file's servers. @file is added to the
 * registry if it was not read yet. The file changes when the registry is
 * saved ([method@Mcp.ServerRegistry.save_async]). In a VS Code file, the
 * entry gets the `type` that VS Code requires.
 *
 * Returns: %TRUE if the server was added; %FALSE with %G_IO_ERROR_EXISTS
 *   when the registry has a server of that name already
 *
 * Since: 1.0
 */
gboolean
mcp_server_registry_add (McpServerRegistry  *self,
                         McpServerConfig    *config,
                         GFile              *file,
                         GError            **error)
{
  g_autoptr(GFile) user_file = NULL;
  const char *name;
  ConfigFile *cf;
  guint position;

  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), FALSE);
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (config), FALSE);
  g_return_val_if_fail (!_mcp_server_config_is_attached (config), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = mcp_server_config_get_name (config);
  if (mcp_server_registry_lookup (self, name) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("There is a server named “%s” already"), name);
      return FALSE;
    }

  if (file == NULL)
    file = user_file = mcp_server_registry_get_user_file ();
  mcp_server_registry_add_file (self, file);
  cf = find_file (self, file);

  if (g_ptr_array_find_with_equal_func (cf->removed, name, g_str_equal, &position))
    g_ptr_array_remove_index (cf->removed, position);

  if (g_strcmp0 (cf->servers_path != NULL ? cf->servers_path : default_servers_path (cf),
                 "servers") == 0 &&
      !json_object_has_member (mcp_server_config_get_json (config), "type"))
    mcp_server_config_set_transport_kind (config, mcp_server_config_get_transport_kind (config));

  g_ptr_array_add (cf->configs, g_object_ref (config));
  _mcp_server_config_attach (config, self, cf->file, cf->inputs);
  update_models (self);

  return TRUE;
}

/**
 * mcp_server_registry_remove:
 * @self: a registry
 * @config: a server of the registry
 *
 * Removes a server. Its file changes when the registry is saved.
 *
 * Returns: %TRUE if the server was in the registry
 *
 * Since: 1.0
 */
gboolean
mcp_server_registry_remove (McpServerRegistry *self,
                            McpServerConfig   *config)
{
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), FALSE);
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (config), FALSE);

  for (guint i = 0; i < self->files->len; i++)
    {
      ConfigFile *cf = self->files->pdata[i];
      const char *name = mcp_server_config_get_name (config);

      if (!g_ptr_array_find (cf->configs, config, NULL))
        continue;

      if (_mcp_server_config_get_baseline (config) != NULL && !is_removed (cf, name))
        g_ptr_array_add (cf->removed, g_strdup (name));
      _mcp_server_config_detach (config);
      g_ptr_array_remove (cf->configs, config);
      update_models (self);
      return TRUE;
    }

  return FALSE;
}

static gboolean
config_file_has_changes (ConfigFile *cf)
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
    if (config_file_has_changes (self->files->pdata[i]))
      return TRUE;

  return FALSE;
}

/* Saving ----------------------------------------------------------------- */

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
} SaveState;

static void
save_state_free (gpointer data)
{
  SaveState *state = data;

  g_ptr_array_unref (state->files);
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
  McpJsoncNode *inputs;
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
      servers = find_servers (doc->root, &path, &inputs);
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

      json_object_set_object_member (root, default_servers_path (cf), g_steal_pointer (&after));
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
      text = _mcp_jsonc_editor_finish (editor, &text_len);
    }

  return g_bytes_new_take (g_steal_pointer (&text), text_len);
}

static void save_next (GTask *task);

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
  if ((cf = find_file (self, state->current)) != NULL)
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

      /* What others changed in the file meanwhile is in the text now. */
      config_file_apply (self, cf, state->text);
      update_models (self);
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
      ConfigFile *cf = find_file (self, file);

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
                                           g_task_get_cancellable (task), replace_contents_cb, task);
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
  g_task_set_task_data (task, state, save_state_free);

  for (guint i = 0; i < self->files->len; i++)
    {
      ConfigFile *cf = self->files->pdata[i];

      if (config_file_has_changes (cf))
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

/* Workspace and inputs ---------------------------------------------------- */

/**
 * mcp_server_registry_get_workspace_folder:
 * @self: a registry
 *
 * Gets the folder that `${workspaceFolder}` stands for.
 *
 * Returns: (transfer none) (nullable): the folder, or %NULL
 *
 * Since: 1.0
 */
GFile *
mcp_server_registry_get_workspace_folder (McpServerRegistry *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), NULL);

  return self->workspace_folder;
}

/**
 * mcp_server_registry_set_workspace_folder:
 * @self: a registry
 * @folder: (nullable): the folder, or %NULL
 *
 * Sets the folder that `${workspaceFolder}` stands for. Servers started
 * from then on use it.
 *
 * Since: 1.0
 */
void
mcp_server_registry_set_workspace_folder (McpServerRegistry *self,
                                          GFile             *folder)
{
  g_return_if_fail (MCP_IS_SERVER_REGISTRY (self));
  g_return_if_fail (folder == NULL || G_IS_FILE (folder));

  if (self->workspace_folder == folder ||
      (self->workspace_folder != NULL && folder != NULL && g_file_equal (self->workspace_folder, folder)))
    return;

  g_set_object (&self->workspace_folder, folder);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORKSPACE_FOLDER]);
}

/**
 * mcp_server_registry_set_input:
 * @self: a registry
 * @id: an input's ID
 * @value: (nullable): its value, or %NULL to forget it
 *
 * Gives an input its value in advance, for example from the user's
 * keyring, so that it is not asked for.
 *
 * Since: 1.0
 */
void
mcp_server_registry_set_input (McpServerRegistry *self,
                               const char        *id,
                               const char        *value)
{
  g_return_if_fail (MCP_IS_SERVER_REGISTRY (self));
  g_return_if_fail (id != NULL);

  if (value != NULL)
    _mcp_server_registry_input_answered (self, id, value);
  else
    g_hash_table_remove (self->inputs, id);
}

/**
 * mcp_server_registry_forget_inputs:
 * @self: a registry
 *
 * Forgets the values of every input, so that they are asked for again
 * the next time a server that uses them starts. Servers already running
 * keep running.
 *
 * Since: 1.0
 */
void
mcp_server_registry_forget_inputs (McpServerRegistry *self)
{
  g_return_if_fail (MCP_IS_SERVER_REGISTRY (self));

  g_hash_table_remove_all (self->inputs);
}

const char *
_mcp_server_registry_lookup_input (McpServerRegistry *self,
                                   const char        *id)
{
  return g_hash_table_lookup (self->inputs, id);
}

static JsonObject *
find_declaration (McpServerRegistry *self,
                  McpServerConfig   *config,
                  const char        *id)
{
  for (guint i = 0; i < self->files->len; i++)
    {
      ConfigFile *cf = self->files->pdata[i];

      if (!g_ptr_array_find (cf->configs, config, NULL) || cf->inputs == NULL)
        continue;

      for (guint j = 0; j < json_array_get_length (cf->inputs); j++)
        {
          JsonNode *node = json_array_get_element (cf->inputs, j);

          if (JSON_NODE_HOLDS_OBJECT (node) &&
              g_strcmp0 (_mcp_json_object_get_string (json_node_get_object (node), "id"), id) == 0)
            return json_node_get_object (node);
        }
    }

  return NULL;
}

static void
waiter_cancelled_cb (GCancellable *cancellable,
                     gpointer      user_data)
{
  InputWaiter *waiter = user_data;
  McpServerRegistry *self = g_task_get_source_object (waiter->task);
  GHashTableIter iter;
  PendingInput *pending;

  g_hash_table_iter_init (&iter, self->pending_inputs);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &pending))
    {
      if (g_ptr_array_remove (pending->waiters, waiter))
        {
          finish_waiter (waiter, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                      _("The operation was cancelled")));
          return;
        }
    }
}

void
_mcp_server_registry_ask_input_async (McpServerRegistry   *self,
                                      McpServerConfig     *config,
                                      const char          *id,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(McpInputRequest) request = NULL;
  PendingInput *pending;
  InputWaiter *waiter;
  JsonObject *declaration;
  gboolean handled = FALSE;

  g_task_set_source_tag (task, _mcp_server_registry_ask_input_async);

  if (g_task_return_error_if_cancelled (task))
    return;

  if (_mcp_server_registry_lookup_input (self, id) != NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if ((declaration = find_declaration (self, config, id)) == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The input “%s” is not declared in the file’s “inputs”"), id);
      return;
    }

  waiter = g_new0 (InputWaiter, 1);
  waiter->task = g_steal_pointer (&task);
  if (cancellable != NULL)
    waiter->cancelled_id = g_signal_connect (cancellable, "cancelled",
                                             G_CALLBACK (waiter_cancelled_cb), waiter);

  /* One question however many servers wait for the answer. */
  if ((pending = g_hash_table_lookup (self->pending_inputs, id)) != NULL)
    {
      g_ptr_array_add (pending->waiters, waiter);
      return;
    }

  pending = g_new0 (PendingInput, 1);
  pending->waiters = g_ptr_array_new ();
  g_ptr_array_add (pending->waiters, waiter);
  g_hash_table_insert (self->pending_inputs, g_strdup (id), pending);

  request = _mcp_input_request_new (self, id, declaration, mcp_server_config_get_name (config));
  g_signal_emit (self, signals[INPUT_REQUESTED], 0, request, &handled);

  if (!handled && !mcp_input_request_is_answered (request))
    {
      g_debug ("Nobody answered the input “%s”", id);
      mcp_input_request_decline (request);
    }
}

gboolean
_mcp_server_registry_ask_input_finish (McpServerRegistry  *self,
                                       GAsyncResult       *result,
                                       GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The application answered the input @id with @value, or declined it
 * (@value is NULL). */
void
_mcp_server_registry_input_answered (McpServerRegistry *self,
                                     const char        *id,
                                     const char        *value)
{
  g_autofree char *key = NULL;
  PendingInput *pending = NULL;

  if (value != NULL)
    g_hash_table_replace (self->inputs, g_strdup (id), g_strdup (value));

  if (self->pending_inputs == NULL ||
      !g_hash_table_steal_extended (self->pending_inputs, id, (gpointer *) &key, (gpointer *) &pending))
    return;

  while (pending->waiters->len > 0)
    {
      InputWaiter *waiter = g_ptr_array_steal_index (pending->waiters, 0);

      finish_waiter (waiter, value != NULL ? NULL
                     : g_error_new (G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                                    _("The input “%s” was not given"), id));
    }

  pending_input_free (pending);
}
