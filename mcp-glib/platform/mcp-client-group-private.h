/* mcp-client-group-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-client-group.h"
#include "mcp-group-list-private.h"
#include "mcp-group-server-private.h"

G_BEGIN_DECLS

/* The kinds of items, each with its list. */
#define N_KINDS (MCP_GROUP_ITEM_KIND_PROMPT + 1)

/* Shared by the files of McpClientGroup. */
struct _McpClientGroup
{
  GObject                 parent_instance;

  McpServerRegistry      *registry;
  GListStore             *servers;
  McpGroupList           *lists[N_KINDS];

  McpClientGroupNameFunc  name_func;
  gpointer                name_data;
  GDestroyNotify          name_destroy;

  McpClientFeatures       features;
  guint                   connect_timeout;
  guint                   max_connecting;
  guint                   reconnect_delay;
  guint                   max_reconnect_delay;
  guint                   ping_interval;
  McpCredentialStore     *credential_store;
  /* The group's roots (mcp-client-group-roots.c), made on demand. */
  GListStore             *roots;

  gboolean                started;
  /* Servers whose client waits for a place to connect in. */
  GQueue                  waiting;
  guint                   n_connecting;
  /* Clients being closed, and the close_async calls waiting for them. */
  guint                   n_closing;
  GPtrArray              *connect_tasks;
  GPtrArray              *close_tasks;
};

/* The group's bookkeeping of one server's connection, kept with the
 * server but read only by the files of McpClientGroup. */
struct _McpGroupSlot
{
  /* Cancels the attempt to connect that is in progress. */
  GCancellable        *cancellable;
  /* The client of that attempt, until it is ready. */
  McpClient           *connecting;
  gboolean             queued;
  GSource             *retry_source;
  GSource             *restart_source;
  /* Checks that a remote server still answers, and whether a check is
   * under way. */
  GSource             *ping_source;
  gboolean             pinging;
  /* An attempt ended (well or not) since the server was last started. */
  gboolean             attempted;
  gint64               ready_since;
  /* Doubles the delay before the next attempt; reset by a healthy
   * connection. */
  guint                backoff;
  /* A client the application added by hand: it cannot be made again. */
  gboolean             hand_added;
  /* Follows an entry of the group's registry. */
  gboolean             from_registry;
  /* The authorization of the attempt's HTTP transport, watched for a
   * sign-in to authorization_url that waits for the user. */
  McpAuthorization    *authorization;
  char                *authorization_url;
  gboolean             signing_in;
};

/* mcp-client-group.c */
char           *_mcp_client_group_qualify             (McpClientGroup   *self,
                                                       McpGroupItemKind  kind,
                                                       const char       *server,
                                                       const char       *name);
void            _mcp_client_group_forward             (McpClientGroup   *self,
                                                       McpGroupServer   *server,
                                                       McpClient        *client);
void            _mcp_client_group_emit_client_created (McpClientGroup   *self,
                                                       McpGroupServer   *server,
                                                       McpClient        *client);
void            _mcp_client_group_notify_credential_store (McpClientGroup *self);

/* mcp-client-group-authorization.c: signing in to remote servers */
void            _mcp_client_group_authorize           (McpClientGroup   *self,
                                                       McpGroupServer   *server,
                                                       McpClient        *client);
void            _mcp_client_group_watch_sign_in       (McpGroupServer   *server,
                                                       McpClient        *client);
void            _mcp_client_group_unwatch_sign_in     (McpGroupServer   *server);
GError         *_mcp_client_group_sign_in_error       (McpGroupServer   *server,
                                                       const GError     *error);

/* mcp-client-group-connection.c: each server's connection */
McpGroupSlot   *_mcp_client_group_new_slot            (void);
void            _mcp_client_group_dispose_slot        (McpGroupServer   *server);
void            _mcp_client_group_free_slot           (McpGroupSlot     *slot);
void            _mcp_client_group_reconnect_server    (McpClientGroup   *self,
                                                       McpGroupServer   *server);
McpGroupServer *_mcp_client_group_find_server         (McpClientGroup   *self,
                                                       const char       *name);
McpGroupServer *_mcp_client_group_insert_server       (McpClientGroup   *self,
                                                       const char       *name,
                                                       McpServerConfig  *config,
                                                       guint             position);
void            _mcp_client_group_remove_server       (McpClientGroup   *self,
                                                       McpGroupServer   *server);
void            _mcp_client_group_sync_registry       (McpClientGroup   *self);
void            _mcp_client_group_start_server        (McpClientGroup   *self,
                                                       McpGroupServer   *server);
void            _mcp_client_group_stop_server         (McpClientGroup   *self,
                                                       McpGroupServer   *server,
                                                       McpGroupServerState state);
void            _mcp_client_group_restart_server      (McpClientGroup   *self,
                                                       McpGroupServer   *server);
void            _mcp_client_group_start_connecting    (McpClientGroup   *self);
void            _mcp_client_group_section_loaded      (McpClientGroup   *self,
                                                       McpGroupServer   *server);
void            _mcp_client_group_check_server        (McpClientGroup   *self,
                                                       McpGroupServer   *server,
                                                       McpClient        *client);
void            _mcp_client_group_check_connected     (McpClientGroup   *self);
void            _mcp_client_group_check_closed        (McpClientGroup   *self);
void            _mcp_client_group_apply_roots         (McpClientGroup   *self,
                                                       McpClient        *client);

G_END_DECLS
