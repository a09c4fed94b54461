/* mcp-group-server-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-authorization.h"
#include "mcp-group-server.h"

G_BEGIN_DECLS

typedef struct _McpClientGroup McpClientGroup;

/* The public side is what a UI binds; the rest is the group's bookkeeping
 * of the server's connection, which mcp-client-group.c does. */
struct _McpGroupServer
{
  GObject              parent_instance;

  McpClientGroup      *group;
  char                *name;
  McpServerConfig     *config;
  McpClient           *client;
  McpGroupServerState  state;
  GError              *error;
  guint                attempts;
  guint                retry_delay;

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
  /* Ended the connection when asked server/discover: connected with the
   * legacy handshake alone. */
  gboolean             legacy_only;
  /* The authorization of the attempt's HTTP transport, watched for a
   * sign-in to authorization_url that waits for the user. */
  McpAuthorization    *authorization;
  char                *authorization_url;
  gboolean             signing_in;
};

McpGroupServer *_mcp_group_server_new       (McpClientGroup      *group,
                                             const char          *name,
                                             McpServerConfig     *config);
void            _mcp_group_server_set_state (McpGroupServer      *self,
                                             McpGroupServerState  state,
                                             const GError        *error);
void            _mcp_group_server_set_client (McpGroupServer     *self,
                                              McpClient          *client);
void            _mcp_group_server_set_attempts (McpGroupServer   *self,
                                                guint             attempts);
void            _mcp_group_server_set_retry_delay (McpGroupServer *self,
                                                   guint           delay_ms);

G_END_DECLS
