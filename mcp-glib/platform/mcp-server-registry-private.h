/* mcp-server-registry-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-input-request.h"
#include "mcp-jsonc-private.h"
#include "mcp-server-config.h"
#include "mcp-server-registry.h"

G_BEGIN_DECLS

/* A file the registry reads. */
typedef struct
{
  McpServerRegistry *registry;
  GFile             *file;
  GFileMonitor      *monitor;
  /* The last read failed: the servers are as they were before it. */
  gboolean           read_failed;
  /* The text as last read; NULL while the file does not exist. */
  GBytes            *text;
  /* The member that holds the servers, once known. */
  const char        *servers_path;
  JsonArray         *inputs;
  GPtrArray         *configs;
  GPtrArray         *problems;
  /* Servers the application removed that are still in the file. */
  GPtrArray         *removed;
  /* Inputs declared with added servers, not yet in the file. */
  JsonArray         *added_inputs;
  /* The values of inputs given with added servers (ID → value), for the
   * keyring once the file is saved; NULL when there are none. */
  GHashTable        *kept_inputs;
  /* The inputs of removed servers (IDs), deleted from the keyring once the
   * file is saved, unless a server of the file still uses them. */
  GPtrArray         *forgotten_inputs;
} ConfigFile;

/* Shared by the files of McpServerRegistry. */
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
  gboolean     use_keyring;
};

/* mcp-server-registry.c */
void             _mcp_server_registry_notify_n_items        (McpServerRegistry *self);
void             _mcp_server_registry_notify_use_keyring    (McpServerRegistry *self);
gboolean         _mcp_server_registry_emit_input_requested  (McpServerRegistry *self,
                                                             McpInputRequest   *request);

/* mcp-server-registry-files.c: reading and following the files */
void             _mcp_config_file_free                      (gpointer           data);
ConfigFile      *_mcp_server_registry_find_file             (McpServerRegistry *self,
                                                             GFile             *file);
McpServerConfig *_mcp_server_registry_find_config           (GPtrArray         *configs,
                                                             const char        *name);
gboolean         _mcp_server_registry_is_removed            (ConfigFile        *cf,
                                                             const char        *name);
const char      *_mcp_server_registry_default_servers_path  (ConfigFile        *cf);
McpJsoncNode    *_mcp_server_registry_find_servers          (McpJsoncNode      *root,
                                                             const char       **path,
                                                             McpJsoncNode     **inputs);
void             _mcp_server_registry_apply_file            (McpServerRegistry *self,
                                                             ConfigFile        *cf,
                                                             GBytes            *text);
void             _mcp_server_registry_read_file             (McpServerRegistry *self,
                                                             ConfigFile        *cf);
void             _mcp_server_registry_update_models         (McpServerRegistry *self);
void             _mcp_server_registry_file_changed_cb       (GFileMonitor      *monitor,
                                                             GFile             *file,
                                                             GFile             *other_file,
                                                             GFileMonitorEvent  event,
                                                             gpointer           user_data);

/* mcp-server-registry-save.c */
gboolean         _mcp_server_registry_file_has_changes      (ConfigFile        *cf);

/* mcp-server-registry-declare.c: servers added with their inputs */
gboolean         _mcp_server_registry_add_with_inputs       (McpServerRegistry *self,
                                                             McpServerConfig   *config,
                                                             GFile             *file,
                                                             JsonArray         *inputs,
                                                             GError           **error);
JsonArray       *_mcp_server_registry_merge_inputs          (ConfigFile        *cf,
                                                             JsonNode          *existing);
void             _mcp_server_registry_patch_inputs          (ConfigFile        *cf,
                                                             McpJsoncDocument  *doc,
                                                             McpJsoncEditor    *editor,
                                                             const char        *path,
                                                             McpJsoncNode      *inputs);

/* mcp-server-registry-inputs.c: the inputs of the session (McpInputRequest) */
void             _mcp_pending_input_free                    (gpointer           data);
void             _mcp_server_registry_cancel_inputs         (McpServerRegistry *self);
const char *_mcp_server_registry_lookup_input     (McpServerRegistry    *self,
                                                   const char           *id);
void        _mcp_server_registry_ask_input_async  (McpServerRegistry    *self,
                                                   McpServerConfig      *config,
                                                   const char           *id,
                                                   GCancellable         *cancellable,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
gboolean    _mcp_server_registry_ask_input_finish (McpServerRegistry    *self,
                                                   GAsyncResult         *result,
                                                   GError              **error);
void        _mcp_server_registry_input_answered   (McpServerRegistry    *self,
                                                   const char           *id,
                                                   const char           *value);

/* mcp-server-registry-keyring.c: the values of inputs in the keyring */
void        _mcp_input_keyring_lookup_async       (GFile                *file,
                                                   const char           *id,
                                                   GCancellable         *cancellable,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
char       *_mcp_input_keyring_lookup_finish      (GAsyncResult         *result,
                                                   GError              **error);
GPtrArray  *_mcp_keyring_changes_new              (void);
void        _mcp_keyring_changes_add              (GPtrArray            *changes,
                                                   GFile                *file,
                                                   const char           *id,
                                                   const char           *value);
void        _mcp_keyring_changes_apply_async      (GPtrArray            *changes,
                                                   GCancellable         *cancellable,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
gboolean    _mcp_keyring_changes_apply_finish     (GAsyncResult         *result,
                                                   GError              **error);
void        _mcp_server_registry_keep_input       (McpServerRegistry    *self,
                                                   McpServerConfig      *config,
                                                   const char           *id,
                                                   const char           *value);
void        _mcp_server_registry_forget_kept_inputs (ConfigFile         *cf,
                                                   McpServerConfig      *config);
void        _mcp_server_registry_take_keyring_changes (ConfigFile       *cf,
                                                   GPtrArray            *changes);

G_END_DECLS
