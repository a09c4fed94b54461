/* mcp-subscription.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpSubscription is what the application holds of one subscriptions/listen
 * stream: what it asked for, what the server agreed to, the notifications
 * that come on it, and its end. The client does the protocol work (see
 * mcp-client-subscriptions.c): with a stateless server a listen request
 * that stays open, with an older one the same made of what that server
 * sends anyway and resources/subscribe.
 */

#include "config.h"

#include "mcp-client-private.h"
#include "mcp-enums.h"
#include "mcp-json-private.h"
#include "mcp-subscription-private.h"

/**
 * McpSubscription:
 *
 * A stream of change notifications from a server, opened with
 * [method@Mcp.Client.listen_async]: changes of its lists of tools, prompts
 * or resources, and updates of given resources.
 *
 * ```c
 * static void
 * on_changed (McpSubscription *subscription,
 *             const char      *method,
 *             JsonNode        *params,
 *             gpointer         user_data)
 * {
 *   g_print ("%s\n", method);
 * }
 *
 * static void
 * on_listening (GObject *object, GAsyncResult *result, gpointer user_data)
 * {
 *   g_autoptr(GError) error = NULL;
 *   McpSubscription *subscription =
 *     mcp_client_listen_finish (MCP_CLIENT (object), result, &error);
 *
 *   if (subscription != NULL)
 *     g_signal_connect (subscription, "notification", G_CALLBACK (on_changed), NULL);
 * }
 * ```
 *
 * A server may honour less than was asked, such as only the lists it has:
 * [method@Mcp.Subscription.get_lists] and
 * [method@Mcp.Subscription.get_resources] say what it agreed to. The
 * notifications arrive as [signal@Mcp.Subscription::notification], and
 * also as the client's own signals. The subscription ends with
 * [method@Mcp.Subscription.close], when the server ends it, or with the
 * connection; [signal@Mcp.Subscription::closed] says which.
 *
 * With a server of the stateless revision (2026-07-28) the subscription is
 * a `subscriptions/listen` request; with an older server the client makes
 * the same of the notifications that server sends anyway and
 * `resources/subscribe`, so the application's code is the same for both.
 *
 * Since: 1.0
 */

struct _McpSubscription
{
  GObject         parent_instance;

  GWeakRef        client;
  McpListChanges  requested_lists;
  GStrv           requested_resources;
  McpListChanges  lists;
  GStrv           resources;
  gboolean        active;
  gboolean        ended;
};

G_DEFINE_FINAL_TYPE (McpSubscription, mcp_subscription, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_REQUESTED_LISTS,
  PROP_REQUESTED_RESOURCES,
  PROP_LISTS,
  PROP_RESOURCES,
  PROP_ACTIVE,
  N_PROPS
};

enum {
  NOTIFICATION,
  CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
mcp_subscription_finalize (GObject *object)
{
  McpSubscription *self = (McpSubscription *)object;

  g_weak_ref_clear (&self->client);
  g_clear_pointer (&self->requested_resources, g_strfreev);
  g_clear_pointer (&self->resources, g_strfreev);

  G_OBJECT_CLASS (mcp_subscription_parent_class)->finalize (object);
}

static void
mcp_subscription_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  McpSubscription *self = MCP_SUBSCRIPTION (object);

  switch (prop_id)
    {
    case PROP_REQUESTED_LISTS:
      g_value_set_flags (value, self->requested_lists);
      break;

    case PROP_REQUESTED_RESOURCES:
      g_value_set_boxed (value, self->requested_resources);
      break;

    case PROP_LISTS:
      g_value_set_flags (value, self->lists);
      break;

    case PROP_RESOURCES:
      g_value_set_boxed (value, self->resources);
      break;

    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_subscription_class_init (McpSubscriptionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_subscription_finalize;
  object_class->get_property = mcp_subscription_get_property;

  /**
   * McpSubscription:requested-lists:
   *
   * The lists whose changes were asked for.
   *
   * Since: 1.0
   */
  properties[PROP_REQUESTED_LISTS] =
    g_param_spec_flags ("requested-lists", NULL, NULL,
                        MCP_TYPE_LIST_CHANGES, MCP_LIST_CHANGES_NONE,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSubscription:requested-resources:
   *
   * The URIs of the resources whose updates were asked for.
   *
   * Since: 1.0
   */
  properties[PROP_REQUESTED_RESOURCES] =
    g_param_spec_boxed ("requested-resources", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpSubscription:lists:
   *
   * The lists whose changes the server agreed to report.
   *
   * Since: 1.0
   */
  properties[PROP_LISTS] =
    g_param_spec_flags ("lists", NULL, NULL,
                        MCP_TYPE_LIST_CHANGES, MCP_LIST_CHANGES_NONE,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpSubscription:resources:
   *
   * The URIs of the resources whose updates the server agreed to report.
   *
   * Since: 1.0
   */
  properties[PROP_RESOURCES] =
    g_param_spec_boxed ("resources", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpSubscription:active:
   *
   * Whether notifications come: from the server's agreement to the end of
   * the subscription.
   *
   * Since: 1.0
   */
  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpSubscription::notification:
   * @self: the subscription
   * @method: the notification's method, e.g.
   *   `notifications/tools/list_changed`
   * @params: (nullable): its parameters
   *
   * Emitted for each notification that comes on the subscription. The
   * signal is detailed with the method.
   *
   * Since: 1.0
   */
  signals[NOTIFICATION] =
    g_signal_new ("notification",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 2,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE);

  /**
   * McpSubscription::closed:
   * @self: the subscription
   * @error: (nullable): why it ended, or %NULL when it was closed with
   *   [method@Mcp.Subscription.close] or the server ended it in an orderly
   *   way
   *
   * Emitted once when the subscription ends.
   *
   * Since: 1.0
   */
  signals[CLOSED] =
    g_signal_new ("closed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
mcp_subscription_init (McpSubscription *self)
{
  g_weak_ref_init (&self->client, NULL);
  self->resources = g_new0 (char *, 1);
}

McpSubscription *
_mcp_subscription_new (McpClient          *client,
                       McpListChanges      lists,
                       const char * const *resources)
{
  McpSubscription *self = g_object_new (MCP_TYPE_SUBSCRIPTION, NULL);
  const char * const none[] = { NULL };

  g_weak_ref_set (&self->client, client);
  self->requested_lists = lists;
  self->requested_resources = g_strdupv ((char **) (resources != NULL ? resources : none));

  return self;
}

/* The server agreed to @lists and @resources: notifications come. */
void
_mcp_subscription_set_honoured (McpSubscription    *self,
                                McpListChanges      lists,
                                const char * const *resources)
{
  const char * const none[] = { NULL };

  g_return_if_fail (MCP_IS_SUBSCRIPTION (self));

  g_object_freeze_notify (G_OBJECT (self));
  if (self->lists != lists)
    {
      self->lists = lists;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LISTS]);
    }
  if (!g_strv_equal ((const char * const *) self->resources, resources != NULL ? resources : none))
    {
      g_strfreev (self->resources);
      self->resources = g_strdupv ((char **) (resources != NULL ? resources : none));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESOURCES]);
    }
  if (!self->active && !self->ended)
    {
      self->active = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* Whether a notification is one of those the subscription reports, going
 * by what the server agreed to. */
gboolean
_mcp_subscription_wants (McpSubscription *self,
                         const char      *method,
                         JsonNode        *params)
{
  JsonObject *object = params != NULL && JSON_NODE_HOLDS_OBJECT (params)
                       ? json_node_get_object (params) : NULL;
  const char *uri;

  if (!self->active)
    return FALSE;

  if (g_str_equal (method, "notifications/tools/list_changed"))
    return (self->lists & MCP_LIST_CHANGES_TOOLS) != 0;
  if (g_str_equal (method, "notifications/prompts/list_changed"))
    return (self->lists & MCP_LIST_CHANGES_PROMPTS) != 0;
  if (g_str_equal (method, "notifications/resources/list_changed"))
    return (self->lists & MCP_LIST_CHANGES_RESOURCES) != 0;
  if (g_str_equal (method, "notifications/resources/updated") &&
      (uri = _mcp_json_object_get_string (object, "uri")) != NULL)
    return g_strv_contains ((const char * const *) self->resources, uri);

  return FALSE;
}

void
_mcp_subscription_notify (McpSubscription *self,
                          const char      *method,
                          JsonNode        *params)
{
  g_autoptr(McpSubscription) hold = g_object_ref (self);

  if (self->ended)
    return;

  g_signal_emit (self, signals[NOTIFICATION], g_quark_try_string (method), method, params);
}

/* The subscription is over; @error says why, %NULL for an orderly end. */
void
_mcp_subscription_end (McpSubscription *self,
                       const GError    *error)
{
  g_autoptr(McpSubscription) hold = g_object_ref (self);

  g_return_if_fail (MCP_IS_SUBSCRIPTION (self));

  if (self->ended)
    return;

  self->ended = TRUE;
  if (self->active)
    {
      self->active = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
    }

  g_signal_emit (self, signals[CLOSED], 0, error);
}

/**
 * mcp_subscription_get_requested_lists:
 * @self: a subscription
 *
 * Gets the lists whose changes were asked for.
 *
 * Returns: the lists asked for
 *
 * Since: 1.0
 */
McpListChanges
mcp_subscription_get_requested_lists (McpSubscription *self)
{
  g_return_val_if_fail (MCP_IS_SUBSCRIPTION (self), MCP_LIST_CHANGES_NONE);

  return self->requested_lists;
}

/**
 * mcp_subscription_get_requested_resources:
 * @self: a subscription
 *
 * Gets the URIs of the resources whose updates were asked for.
 *
 * Returns: (transfer none): the URIs asked for
 *
 * Since: 1.0
 */
const char * const *
mcp_subscription_get_requested_resources (McpSubscription *self)
{
  g_return_val_if_fail (MCP_IS_SUBSCRIPTION (self), NULL);

  return (const char * const *) self->requested_resources;
}

/**
 * mcp_subscription_get_lists:
 * @self: a subscription
 *
 * Gets the lists whose changes the server agreed to report: those asked
 * for that it has and whose changes it reports.
 *
 * Returns: the lists the server reports changes of
 *
 * Since: 1.0
 */
McpListChanges
mcp_subscription_get_lists (McpSubscription *self)
{
  g_return_val_if_fail (MCP_IS_SUBSCRIPTION (self), MCP_LIST_CHANGES_NONE);

  return self->lists;
}

/**
 * mcp_subscription_get_resources:
 * @self: a subscription
 *
 * Gets the URIs of the resources whose updates the server agreed to
 * report.
 *
 * Returns: (transfer none): the URIs the server reports updates of
 *
 * Since: 1.0
 */
const char * const *
mcp_subscription_get_resources (McpSubscription *self)
{
  g_return_val_if_fail (MCP_IS_SUBSCRIPTION (self), NULL);

  return (const char * const *) self->resources;
}

/**
 * mcp_subscription_get_active:
 * @self: a subscription
 *
 * Gets [property@Mcp.Subscription:active].
 *
 * Returns: whether notifications come
 *
 * Since: 1.0
 */
gboolean
mcp_subscription_get_active (McpSubscription *self)
{
  g_return_val_if_fail (MCP_IS_SUBSCRIPTION (self), FALSE);

  return self->active;
}

/**
 * mcp_subscription_close:
 * @self: a subscription
 *
 * Ends the subscription: no notification comes on it any more, and
 * [signal@Mcp.Subscription::closed] is emitted without an error. Closing a
 * closed subscription does nothing.
 *
 * Since: 1.0
 */
void
mcp_subscription_close (McpSubscription *self)
{
  g_autoptr(McpClient) client = NULL;

  g_return_if_fail (MCP_IS_SUBSCRIPTION (self));

  if (self->ended)
    return;

  client = g_weak_ref_get (&self->client);
  if (client != NULL)
    _mcp_client_close_subscription (client, self);

  _mcp_subscription_end (self, NULL);
}
