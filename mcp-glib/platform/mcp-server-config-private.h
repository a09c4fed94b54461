/* mcp-server-config-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-http-transport.h"
#include "mcp-jsonc-private.h"
#include "mcp-server-config.h"
#include "mcp-server-registry.h"
#include "mcp-stdio-transport.h"

G_BEGIN_DECLS

/* Shared by the files of McpServerConfig. */
struct _McpServerConfig
{
  GObject     parent_instance;

  char       *name;
  JsonObject *json;
  /* What the file says, for an entry read from one or saved to it; NULL for
   * an entry the file does not have yet. */
  JsonObject *baseline;
  GFile      *file;
  GWeakRef    registry;
  /* The `inputs` the file declares, or NULL. */
  JsonArray  *inputs;
  GError     *error;
};

/* The registry's side of a configuration: where it came from (and so which
 * inputs it may use), what the file said when it was last read or written,
 * and its checks with positions in the file. */
McpServerConfig *_mcp_server_config_new_from_file  (const char        *name,
                                                    JsonObject        *json,
                                                    GFile             *file);
void             _mcp_server_config_attach         (McpServerConfig   *self,
                                                    McpServerRegistry *registry,
                                                    GFile             *file,
                                                    JsonArray         *inputs);
gboolean         _mcp_server_config_is_attached    (McpServerConfig   *self);
void             _mcp_server_config_detach         (McpServerConfig   *self);
GPtrArray       *_mcp_server_config_check_in_file  (McpServerConfig   *self,
                                                    McpJsoncDocument  *doc,
                                                    McpJsoncNode      *node);
void             _mcp_server_config_reload         (McpServerConfig   *self,
                                                    JsonObject        *json);
JsonObject      *_mcp_server_config_get_baseline   (McpServerConfig   *self);
gboolean         _mcp_server_config_is_dirty       (McpServerConfig   *self);
void             _mcp_server_config_mark_saved     (McpServerConfig   *self,
                                                    JsonObject        *json);

void             _mcp_server_config_set_object_member (McpServerConfig *self,
                                                       const char      *member,
                                                       JsonObject      *value);

/* mcp-server-config-transport.c */
char            *_mcp_server_config_expand         (McpServerConfig   *self,
                                                    const char        *text,
                                                    GError           **error);

/* mcp-server-config-network.c */
void             _mcp_server_config_foreach_network_string (McpServerConfig *self,
                                                    void             (*func) (const char *text,
                                                                              gpointer    data),
                                                    gpointer           data);
gboolean         _mcp_server_config_apply_network  (McpServerConfig   *self,
                                                    McpHttpTransport  *transport,
                                                    GError           **error);

/* mcp-server-config-checks.c */
GPtrArray        *_mcp_server_config_check_entry   (McpServerConfig   *self,
                                                    McpJsoncDocument  *doc,
                                                    McpJsoncNode      *entry);
McpTransportKind  _mcp_server_config_derive_kind   (JsonObject        *json,
                                                    const char       **member,
                                                    const char       **unknown);
gboolean          _mcp_config_is_web_url           (const char        *url);
void              _mcp_config_foreach_input        (const char        *text,
                                                    void             (*func) (const char *id,
                                                                              gsize       offset,
                                                                              gpointer    data),
                                                    gpointer           data);

/* mcp-server-config-sandbox.c */
gboolean          _mcp_server_config_apply_sandbox (McpServerConfig    *self,
                                                    McpStdioTransport  *transport,
                                                    GError            **error);

G_END_DECLS
