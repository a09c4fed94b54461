/* mcp-server-registry.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The servers a user has configured, from the files MCP hosts share, kept
 * up to date as the files change: the object, its files and the changes
 * the application makes. Reading the files is in
 * mcp-server-registry-files.c, saving in mcp-server-registry-save.c, the
 * inputs of the session in mcp-server-registry-inputs.c.
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
  PROP_USE_KEYRING,
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

/* GObject ---------------------------------------------------------------- */

void
_mcp_server_registry_notify_n_items (McpServerRegistry *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

void
_mcp_server_registry_notify_use_keyring (McpServerRegistry *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_KEYRING]);
}

gboolean
_mcp_server_registry_emit_input_requested (McpServerRegistry *self,
                                           McpInputRequest   *request)
{
  gboolean handled = FALSE;

  g_signal_emit (self, signals[INPUT_REQUESTED], 0, request, &handled);
  return handled;
}

static void
mcp_server_registry_dispose (GObject *object)
{
  McpServerRegistry *self = (McpServerRegistry *)object;

  _mcp_server_registry_cancel_inputs (self);

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

    case PROP_USE_KEYRING:
      g_value_set_boolean (value, self->use_keyring);
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

    case PROP_USE_KEYRING:
      mcp_server_registry_set_use_keyring (self, g_value_get_boolean (value));
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

  /**
   * McpServerRegistry:use-keyring:
   *
   * Whether the values of inputs (`${input:ID}`) are kept in the desktop's
   * keyring, never in the configuration file. When it is %TRUE:
   *
   * - an input that has no value in the session is looked up in the
   *   keyring before the application is asked
   *   ([signal@Mcp.ServerRegistry::input-requested]), so that a server
   *   added in one run of an application (or by `mcp-glib-client registry
   *   add`) starts in the next without asking;
   * - saving ([method@Mcp.ServerRegistry.save_async]) stores in the
   *   keyring the values given with the servers added since
   *   ([method@Mcp.CatalogProposal.add]), and deletes from it the values
   *   of the servers removed since that no other server of their file uses.
   *
   * Each value is one item of the default collection, of the schema
   * `org.gnome.McpGlib.Input`, with the attributes `file` (the path of the
   * configuration file) and `input` (the input's ID). Without libsecret
   * (the `libsecret` build option), or without a Secret Service, nothing
   * is found there and saving reports the error; the values then last as
   * long as the registry. It is %FALSE by default, so that nothing reaches
   * the session bus unless the application asks for it.
   *
   * Since: 1.0
   */
  properties[PROP_USE_KEYRING] =
    g_param_spec_boolean ("use-keyring", NULL, NULL, FALSE,
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
   * with [property@Mcp.ServerRegistry:use-keyring] the registry looks
   * there before it emits the signal; an application may also keep one in
   * a store of its own and answer from it, or set it in advance with
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
  self->files = g_ptr_array_new_with_free_func (_mcp_config_file_free);
  self->file_list = g_list_store_new (G_TYPE_FILE);
  self->servers = g_ptr_array_new_with_free_func (g_object_unref);
  self->problems = g_list_store_new (MCP_TYPE_CONFIG_PROBLEM);
  self->inputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->pending_inputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                _mcp_pending_input_free);
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

  if (_mcp_server_registry_find_file (self, file) != NULL)
    return;

  cf = g_new0 (ConfigFile, 1);
  cf->registry = self;
  cf->file = g_object_ref (file);
  cf->configs = g_ptr_array_new_with_free_func (g_object_unref);
  cf->problems = g_ptr_array_new_with_free_func (g_object_unref);
  cf->removed = g_ptr_array_new_with_free_func (g_free);
  cf->forgotten_inputs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->files, cf);

  cf->monitor = g_file_monitor_file (file, G_FILE_MONITOR_NONE, NULL, &error);
  if (cf->monitor != NULL)
    g_signal_connect (cf->monitor, "changed",
                      G_CALLBACK (_mcp_server_registry_file_changed_cb), cf);
  else
    g_debug ("Cannot watch %s: %s", g_file_peek_path (file), error->message);

  _mcp_server_registry_read_file (self, cf);
  g_list_store_append (self->file_list, file);
  _mcp_server_registry_update_models (self);
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

  if ((cf = _mcp_server_registry_find_file (self, file)) == NULL)
    return FALSE;

  if (g_list_store_find_with_equal_func (self->file_list, file, (GEqualFunc) g_file_equal,
                                         &position))
    g_list_store_remove (self->file_list, position);
  g_ptr_array_remove (self->files, cf);
  _mcp_server_registry_update_models (self);

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
    _mcp_server_registry_read_file (self, self->files->pdata[i]);
  _mcp_server_registry_update_models (self);
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

  return _mcp_server_registry_find_config (self->servers, name);
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
  const char *path;
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
  cf = _mcp_server_registry_find_file (self, file);

  if (g_ptr_array_find_with_equal_func (cf->removed, name, g_str_equal, &position))
    g_ptr_array_remove_index (cf->removed, position);

  path = cf->servers_path != NULL ? cf->servers_path
                                  : _mcp_server_registry_default_servers_path (cf);
  if (g_strcmp0 (path, "servers") == 0 &&
      !json_object_has_member (mcp_server_config_get_json (config), "type"))
    mcp_server_config_set_transport_kind (config, mcp_server_config_get_transport_kind (config));

  g_ptr_array_add (cf->configs, g_object_ref (config));
  _mcp_server_config_attach (config, self, cf->file, cf->inputs);
  _mcp_server_registry_update_models (self);

  return TRUE;
}

/**
 * mcp_server_registry_remove:
 * @self: a registry
 * @config: a server of the registry
 *
 * Removes a server. Its file changes when the registry is saved; with
 * [property@Mcp.ServerRegistry:use-keyring], saving also deletes the
 * values of its inputs from the keyring, unless another server of the
 * file uses them.
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

      if (_mcp_server_config_get_baseline (config) != NULL &&
          !_mcp_server_registry_is_removed (cf, name))
        g_ptr_array_add (cf->removed, g_strdup (name));
      _mcp_server_registry_forget_kept_inputs (cf, config);
      _mcp_server_config_detach (config);
      g_ptr_array_remove (cf->configs, config);
      _mcp_server_registry_update_models (self);
      return TRUE;
    }

  return FALSE;
}

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
      (self->workspace_folder != NULL && folder != NULL &&
       g_file_equal (self->workspace_folder, folder)))
    return;

  g_set_object (&self->workspace_folder, folder);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORKSPACE_FOLDER]);
}
