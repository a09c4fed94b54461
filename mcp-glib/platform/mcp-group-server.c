/* mcp-group-server.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One server of a client group, as a UI shows it: its name, where its
 * connection is, and why it failed. The group (mcp-client-group.c) drives
 * the connection and sets what is shown here.
 */

#include "config.h"

#include "mcp-client-group-private.h"
#include "mcp-enums.h"
#include "mcp-group-server-private.h"

/* What a UI binds; the group's bookkeeping of the server's connection is
 * in the slot, which only the files of McpClientGroup read. */
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

  /* Owned by the group, which creates it and frees it with the server. */
  McpGroupSlot        *slot;
};

/**
 * McpGroupServer:
 *
 * One server of a [class@Mcp.ClientGroup]: its name, its configuration,
 * its client while connected, and its state, with the reason when it
 * failed. Its properties are notified when they change, so a row of a
 * `GtkListView` can bind them.
 *
 * Since: 1.0
 */

G_DEFINE_FINAL_TYPE (McpGroupServer, mcp_group_server, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_CONFIG,
  PROP_CLIENT,
  PROP_STATE,
  PROP_ERROR,
  PROP_ATTEMPTS,
  PROP_RETRY_DELAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_group_server_dispose (GObject *object)
{
  McpGroupServer *self = (McpGroupServer *)object;

  _mcp_client_group_unwatch_sign_in (self);
  g_clear_object (&self->client);
  _mcp_client_group_dispose_slot (self);

  G_OBJECT_CLASS (mcp_group_server_parent_class)->dispose (object);
}

static void
mcp_group_server_finalize (GObject *object)
{
  McpGroupServer *self = (McpGroupServer *)object;

  g_clear_pointer (&self->slot, _mcp_client_group_free_slot);
  g_clear_pointer (&self->name, g_free);
  g_clear_object (&self->config);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (mcp_group_server_parent_class)->finalize (object);
}

static void
mcp_group_server_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  McpGroupServer *self = MCP_GROUP_SERVER (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_CONFIG:
      g_value_set_object (value, self->config);
      break;

    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;

    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;

    case PROP_ATTEMPTS:
      g_value_set_uint (value, self->attempts);
      break;

    case PROP_RETRY_DELAY:
      g_value_set_uint (value, self->retry_delay);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_group_server_class_init (McpGroupServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_group_server_dispose;
  object_class->finalize = mcp_group_server_finalize;
  object_class->get_property = mcp_group_server_get_property;

  /**
   * McpGroupServer:name:
   *
   * The server's name in the group.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupServer:config:
   *
   * The configuration the server is started from, or %NULL for a client
   * added by hand.
   *
   * Since: 1.0
   */
  properties[PROP_CONFIG] =
    g_param_spec_object ("config", NULL, NULL,
                         MCP_TYPE_SERVER_CONFIG,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupServer:client:
   *
   * The client while the server is ready, otherwise %NULL. Each
   * connection has a client of its own: after a reconnection, this is a
   * new one.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL,
                         MCP_TYPE_CLIENT,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupServer:state:
   *
   * Where the server's connection is.
   *
   * Since: 1.0
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       MCP_TYPE_GROUP_SERVER_STATE, MCP_GROUP_SERVER_STATE_STOPPED,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupServer:error:
   *
   * Why the last attempt failed or the connection was lost, or %NULL.
   * It is kept while the group reconnects, and cleared once the server is
   * ready.
   *
   * Since: 1.0
   */
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL,
                        G_TYPE_ERROR,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupServer:attempts:
   *
   * How many attempts in a row failed; 0 once the server is ready.
   *
   * Since: 1.0
   */
  properties[PROP_ATTEMPTS] =
    g_param_spec_uint ("attempts", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpGroupServer:retry-delay:
   *
   * How long the group waits before the next attempt, in milliseconds, from
   * when it failed; 0 when no attempt is waiting. It doubles with each
   * failure in a row (see [property@Mcp.ClientGroup:reconnect-delay]), so
   * a UI can say when the server is tried again.
   *
   * Since: 1.0
   */
  properties[PROP_RETRY_DELAY] =
    g_param_spec_uint ("retry-delay", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_group_server_init (McpGroupServer *self)
{
}

McpGroupServer *
_mcp_group_server_new (McpClientGroup  *group,
                       const char      *name,
                       McpServerConfig *config)
{
  McpGroupServer *self = g_object_new (MCP_TYPE_GROUP_SERVER, NULL);

  self->group = group;
  self->slot = _mcp_client_group_new_slot ();
  self->name = g_strdup (name);
  g_set_object (&self->config, config);

  return self;
}

McpClientGroup *
_mcp_group_server_get_group (McpGroupServer *self)
{
  return self->group;
}

/* The group forgets a server it removes, which may outlive it. */
void
_mcp_group_server_set_group (McpGroupServer *self,
                             McpClientGroup *group)
{
  self->group = group;
}

McpGroupSlot *
_mcp_group_server_get_slot (McpGroupServer *self)
{
  return self->slot;
}

void
_mcp_group_server_set_state (McpGroupServer      *self,
                             McpGroupServerState  state,
                             const GError        *error)
{
  g_object_freeze_notify (G_OBJECT (self));

  if ((error == NULL) != (self->error == NULL) ||
      (error != NULL && (error->domain != self->error->domain || error->code != self->error->code ||
                         g_strcmp0 (error->message, self->error->message) != 0)))
    {
      g_clear_error (&self->error);
      self->error = error != NULL ? g_error_copy (error) : NULL;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
    }

  if (self->state != state)
    {
      self->state = state;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

void
_mcp_group_server_set_client (McpGroupServer *self,
                              McpClient      *client)
{
  if (g_set_object (&self->client, client))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT]);
}

void
_mcp_group_server_set_attempts (McpGroupServer *self,
                                guint           attempts)
{
  if (self->attempts == attempts)
    return;

  self->attempts = attempts;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTEMPTS]);
}

void
_mcp_group_server_set_retry_delay (McpGroupServer *self,
                                   guint           delay_ms)
{
  if (self->retry_delay == delay_ms)
    return;

  self->retry_delay = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RETRY_DELAY]);
}

/**
 * mcp_group_server_get_name:
 * @self: a group server
 *
 * Gets the server's name.
 *
 * Returns: the name
 *
 * Since: 1.0
 */
const char *
mcp_group_server_get_name (McpGroupServer *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_SERVER (self), NULL);

  return self->name;
}

/**
 * mcp_group_server_get_config:
 * @self: a group server
 *
 * Gets the configuration the server is started from.
 *
 * Returns: (transfer none) (nullable): the configuration, or %NULL for a
 *   client added by hand
 *
 * Since: 1.0
 */
McpServerConfig *
mcp_group_server_get_config (McpGroupServer *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_SERVER (self), NULL);

  return self->config;
}

/**
 * mcp_group_server_get_client:
 * @self: a group server
 *
 * Gets the client of the server's connection, while it is ready.
 *
 * Returns: (transfer none) (nullable): the client, or %NULL
 *
 * Since: 1.0
 */
McpClient *
mcp_group_server_get_client (McpGroupServer *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_SERVER (self), NULL);

  return self->client;
}

/**
 * mcp_group_server_get_state:
 * @self: a group server
 *
 * Gets where the server's connection is.
 *
 * Returns: the state
 *
 * Since: 1.0
 */
McpGroupServerState
mcp_group_server_get_state (McpGroupServer *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_SERVER (self), MCP_GROUP_SERVER_STATE_STOPPED);

  return self->state;
}

/**
 * mcp_group_server_get_error:
 * @self: a group server
 *
 * Gets why the server is not connected.
 *
 * Returns: (transfer none) (nullable): the reason, or %NULL
 *
 * Since: 1.0
 */
const GError *
mcp_group_server_get_error (McpGroupServer *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_SERVER (self), NULL);

  return self->error;
}

/**
 * mcp_group_server_get_attempts:
 * @self: a group server
 *
 * Gets how many attempts to connect failed in a row.
 *
 * Returns: the number of failed attempts
 *
 * Since: 1.0
 */
guint
mcp_group_server_get_attempts (McpGroupServer *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_SERVER (self), 0);

  return self->attempts;
}

/**
 * mcp_group_server_get_retry_delay:
 * @self: a group server
 *
 * Gets how long the group waits before the next attempt.
 *
 * Returns: the delay, in milliseconds, or 0 when no attempt is waiting
 *
 * Since: 1.0
 */
guint
mcp_group_server_get_retry_delay (McpGroupServer *self)
{
  g_return_val_if_fail (MCP_IS_GROUP_SERVER (self), 0);

  return self->retry_delay;
}

/**
 * mcp_group_server_reconnect:
 * @self: a group server
 *
 * Connects the server again now, without waiting for the next attempt:
 * after the user fixed what made it fail, say, or chose to sign in to it
 * (a server that needs a sign-in is not tried again by itself). A ready
 * server is disconnected first. This does nothing while the group is not
 * connected, for a disabled server, or for a client added by hand, which
 * cannot be made again.
 *
 * Since: 1.0
 */
void
mcp_group_server_reconnect (McpGroupServer *self)
{
  g_return_if_fail (MCP_IS_GROUP_SERVER (self));

  if (self->group != NULL)
    _mcp_client_group_reconnect_server (self->group, self);
}
