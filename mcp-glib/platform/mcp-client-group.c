/* mcp-client-group.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Many servers as one, on McpClient's public API only: a group makes a
 * client per connection from each server's configuration, connects them a
 * few at a time, mirrors their live models into aggregated ones
 * (mcp-group-list.c), routes calls by name, forwards what the servers send,
 * and makes a new client, with backoff, when a connection ends.
 *
 * Each attempt to connect a server has a GCancellable of its own; stopping
 * the server cancels it, which is how a late callback knows it is stale.
 * Callbacks hold the server, not the group: a group that is dropped goes
 * at once, and its servers' group pointer becomes NULL.
 */

#include "config.h"

#include "mcp-client-group-private.h"
#include "mcp-enums.h"
#include "mcp-group-item-private.h"
#include "mcp-i18n-private.h"

/**
 * McpClientGroup:
 *
 * Many MCP servers as one: their tools, resources and prompts in
 * aggregated lists, calls routed by name, and connections that come back
 * by themselves.
 *
 * A group is made from a [class@Mcp.ServerRegistry], and follows it:
 * servers that are added to it, changed or removed are started, restarted
 * or stopped. Servers can also be added by hand, from a configuration
 * ([method@Mcp.ClientGroup.add_config]) or as a client
 * ([method@Mcp.ClientGroup.add_client]).
 *
 * ```c
 * static void
 * on_tools_changed (GListModel *tools, guint position, guint removed, guint added,
 *                   gpointer user_data)
 * {
 *   g_print ("%u tools\n", g_list_model_get_n_items (tools));
 * }
 *
 * McpServerRegistry *registry = mcp_server_registry_new ();
 * McpClientGroup *group = mcp_client_group_new_for_registry (registry);
 *
 * g_signal_connect (mcp_client_group_get_tools (group), "items-changed",
 *                   G_CALLBACK (on_tools_changed), NULL);
 * mcp_client_group_connect_async (group, NULL, NULL, NULL);
 * ```
 *
 * In a GTK application, the lists go straight to a `GtkListView`, through
 * a selection model.
 *
 * ## Servers
 *
 * [property@Mcp.ClientGroup:servers] lists a [class@Mcp.GroupServer] per
 * server, whose [property@Mcp.GroupServer:state] a UI binds: connecting,
 * ready, failed (with [property@Mcp.GroupServer:error]), reconnecting.
 * [method@Mcp.ClientGroup.connect_async] starts the servers, at most
 * [property@Mcp.ClientGroup:max-connecting] at a time, each within
 * [property@Mcp.ClientGroup:connect-timeout], so that a slow server delays
 * no other; it completes once each has made its first attempt.
 *
 * A server whose connection ends (it died, its HTTP session expired and
 * could not be renewed, or it cannot be reached any more, which the group
 * checks every [property@Mcp.ClientGroup:ping-interval]) or whose attempt
 * fails is tried again after
 * [property@Mcp.ClientGroup:reconnect-delay], then after twice as long
 * each time, up to [property@Mcp.ClientGroup:max-reconnect-delay]; once a
 * connection has lasted that long, the delay starts again from the first.
 * A server is not tried again when trying cannot help: its configuration
 * is broken (until it changes), the user declined an input it needs, it
 * needs the user to sign in (any error of %MCP_AUTHORIZATION_ERROR), or it
 * is a client added by hand. [method@Mcp.GroupServer.reconnect] tries at
 * once.
 *
 * ## Signing in
 *
 * With a [property@Mcp.ClientGroup:credential-store], such as
 * [class@Mcp.SecretCredentialStore], the remote servers that require OAuth
 * sign in: each client the group makes for a server over HTTP gets an
 * [class@Mcp.Authorization] of its own on that store, which
 * [signal@Mcp.ClientGroup::client-created] may configure or replace. The
 * user signs in to a server once, and stays signed in across reconnections
 * and runs of the application.
 *
 * ## Tools, resources and prompts
 *
 * [property@Mcp.ClientGroup:tools], [property@Mcp.ClientGroup:resources],
 * [property@Mcp.ClientGroup:resource-templates] and
 * [property@Mcp.ClientGroup:prompts] list a [class@Mcp.GroupItem] for each
 * item of each ready server, server by server in the order of
 * [property@Mcp.ClientGroup:servers]. They follow the servers' own lists
 * with minimal changes, so a `GtkListView` keeps its place; a server's
 * items leave when its connection ends and return when it is back.
 *
 * Every item has a name that is unique in the group, by this rule: an
 * item keeps the server's name for it (a tool's or prompt's name, a
 * resource's URI) while no other server of the group has an item of the
 * same name, and otherwise goes by its qualified name, `server__name` by
 * default. Two servers' `search` tools are therefore `files__search` and
 * `web__search`, whichever connected first; names do not change while a
 * server reconnects. The qualified name always reaches the item, so an
 * application that needs names that never change uses it. The rule for
 * qualified names can be replaced with
 * [method@Mcp.ClientGroup.set_name_func]; the default keeps them valid as
 * tool names for language models (letters, digits, `_` and `-`, when the
 * item's own name is).
 *
 * [method@Mcp.ClientGroup.call_tool_async],
 * [method@Mcp.ClientGroup.get_prompt_async] and
 * [method@Mcp.ClientGroup.read_resource_async] take either name and go to
 * the right server; [method@Mcp.ClientGroup.lookup] finds an item, whose
 * server's client does everything else.
 *
 * ## What servers send
 *
 * Notifications, log messages and requests from the servers are forwarded
 * with the [class@Mcp.GroupServer] they came from:
 * [signal@Mcp.ClientGroup::notification],
 * [signal@Mcp.ClientGroup::log-message] and
 * [signal@Mcp.ClientGroup::server-request]. The clients the group makes
 * declare [property@Mcp.ClientGroup:features]; anything else about them is
 * set up in [signal@Mcp.ClientGroup::client-created].
 *
 * Since: 1.0
 */

G_DEFINE_FINAL_TYPE (McpClientGroup, mcp_client_group, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_REGISTRY,
  PROP_SERVERS,
  PROP_TOOLS,
  PROP_RESOURCES,
  PROP_RESOURCE_TEMPLATES,
  PROP_PROMPTS,
  PROP_FEATURES,
  PROP_CONNECT_TIMEOUT,
  PROP_MAX_CONNECTING,
  PROP_RECONNECT_DELAY,
  PROP_MAX_RECONNECT_DELAY,
  PROP_PING_INTERVAL,
  PROP_CREDENTIAL_STORE,
  N_PROPS
};

enum {
  CLIENT_CREATED,
  NOTIFICATION,
  LOG_MESSAGE,
  SERVER_REQUEST,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
on_client_notification (McpClient      *client,
                        const char     *method,
                        JsonNode       *params,
                        McpGroupServer *server)
{
  if (_mcp_group_server_get_group (server) != NULL)
    g_signal_emit (_mcp_group_server_get_group (server), signals[NOTIFICATION],
                   g_quark_try_string (method), server, method, params);
}

static void
on_client_log_message (McpClient      *client,
                       McpLogLevel     level,
                       const char     *logger,
                       JsonNode       *data,
                       McpGroupServer *server)
{
  if (_mcp_group_server_get_group (server) != NULL)
    g_signal_emit (_mcp_group_server_get_group (server), signals[LOG_MESSAGE], 0, server, level,
                   logger, data);
}

static gboolean
on_client_server_request (McpClient        *client,
                          McpServerRequest *request,
                          McpGroupServer   *server)
{
  gboolean handled = FALSE;

  if (_mcp_group_server_get_group (server) != NULL)
    g_signal_emit (_mcp_group_server_get_group (server), signals[SERVER_REQUEST],
                   g_quark_try_string (mcp_server_request_get_method (request)),
                   server, request, &handled);

  return handled;
}

/* Forwards what @client receives from @server's server. */
void
_mcp_client_group_forward (McpClientGroup *self,
                           McpGroupServer *server,
                           McpClient      *client)
{
  g_signal_connect (client, "notification", G_CALLBACK (on_client_notification), server);
  g_signal_connect (client, "log-message", G_CALLBACK (on_client_log_message), server);
  g_signal_connect (client, "server-request", G_CALLBACK (on_client_server_request), server);
}

void
_mcp_client_group_emit_client_created (McpClientGroup *self,
                                       McpGroupServer *server,
                                       McpClient      *client)
{
  g_signal_emit (self, signals[CLIENT_CREATED], 0, server, client);
}

/* For mcp_client_group_set_credential_store (), which lives with the rest
 * of signing in. */
void
_mcp_client_group_notify_credential_store (McpClientGroup *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CREDENTIAL_STORE]);
}

/* GObject ---------------------------------------------------------------- */

static void
registry_items_changed_cb (GListModel     *registry,
                           guint           position,
                           guint           removed,
                           guint           added,
                           McpClientGroup *self)
{
  _mcp_client_group_sync_registry (self);
}

static void
mcp_client_group_constructed (GObject *object)
{
  McpClientGroup *self = (McpClientGroup *)object;

  G_OBJECT_CLASS (mcp_client_group_parent_class)->constructed (object);

  if (self->registry != NULL)
    {
      g_signal_connect (self->registry, "items-changed",
                        G_CALLBACK (registry_items_changed_cb), self);
      _mcp_client_group_sync_registry (self);
    }
}

static void
mcp_client_group_dispose (GObject *object)
{
  McpClientGroup *self = (McpClientGroup *)object;

  self->started = FALSE;

  if (self->registry != NULL)
    g_signal_handlers_disconnect_by_data (self->registry, self);
  g_clear_object (&self->registry);

  while (self->servers != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->servers)) > 0)
    {
      g_autoptr(McpGroupServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), 0);

      _mcp_client_group_remove_server (self, server);
    }

  g_clear_object (&self->credential_store);

  G_OBJECT_CLASS (mcp_client_group_parent_class)->dispose (object);
}

static void
mcp_client_group_finalize (GObject *object)
{
  McpClientGroup *self = (McpClientGroup *)object;

  g_assert (self->waiting.length == 0);

  g_clear_object (&self->servers);
  g_clear_object (&self->roots);
  for (guint i = 0; i < N_KINDS; i++)
    g_clear_object (&self->lists[i]);
  if (self->name_destroy != NULL)
    self->name_destroy (self->name_data);
  g_clear_pointer (&self->connect_tasks, g_ptr_array_unref);
  g_clear_pointer (&self->close_tasks, g_ptr_array_unref);

  G_OBJECT_CLASS (mcp_client_group_parent_class)->finalize (object);
}

static void
mcp_client_group_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  McpClientGroup *self = MCP_CLIENT_GROUP (object);

  switch (prop_id)
    {
    case PROP_REGISTRY:
      g_value_set_object (value, self->registry);
      break;

    case PROP_SERVERS:
      g_value_set_object (value, self->servers);
      break;

    case PROP_TOOLS:
      g_value_set_object (value, self->lists[MCP_GROUP_ITEM_KIND_TOOL]);
      break;

    case PROP_RESOURCES:
      g_value_set_object (value, self->lists[MCP_GROUP_ITEM_KIND_RESOURCE]);
      break;

    case PROP_RESOURCE_TEMPLATES:
      g_value_set_object (value, self->lists[MCP_GROUP_ITEM_KIND_RESOURCE_TEMPLATE]);
      break;

    case PROP_PROMPTS:
      g_value_set_object (value, self->lists[MCP_GROUP_ITEM_KIND_PROMPT]);
      break;

    case PROP_FEATURES:
      g_value_set_flags (value, self->features);
      break;

    case PROP_CONNECT_TIMEOUT:
      g_value_set_uint (value, self->connect_timeout);
      break;

    case PROP_MAX_CONNECTING:
      g_value_set_uint (value, self->max_connecting);
      break;

    case PROP_RECONNECT_DELAY:
      g_value_set_uint (value, self->reconnect_delay);
      break;

    case PROP_MAX_RECONNECT_DELAY:
      g_value_set_uint (value, self->max_reconnect_delay);
      break;

    case PROP_PING_INTERVAL:
      g_value_set_uint (value, self->ping_interval);
      break;

    case PROP_CREDENTIAL_STORE:
      g_value_set_object (value, self->credential_store);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_client_group_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  McpClientGroup *self = MCP_CLIENT_GROUP (object);

  switch (prop_id)
    {
    case PROP_REGISTRY:
      self->registry = g_value_dup_object (value);
      break;

    case PROP_FEATURES:
      mcp_client_group_set_features (self, g_value_get_flags (value));
      break;

    case PROP_CONNECT_TIMEOUT:
      mcp_client_group_set_connect_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_CONNECTING:
      mcp_client_group_set_max_connecting (self, g_value_get_uint (value));
      break;

    case PROP_RECONNECT_DELAY:
      mcp_client_group_set_reconnect_delay (self, g_value_get_uint (value));
      break;

    case PROP_MAX_RECONNECT_DELAY:
      mcp_client_group_set_max_reconnect_delay (self, g_value_get_uint (value));
      break;

    case PROP_PING_INTERVAL:
      mcp_client_group_set_ping_interval (self, g_value_get_uint (value));
      break;

    case PROP_CREDENTIAL_STORE:
      mcp_client_group_set_credential_store (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_client_group_class_init (McpClientGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _mcp_i18n_init ();

  object_class->constructed = mcp_client_group_constructed;
  object_class->dispose = mcp_client_group_dispose;
  object_class->finalize = mcp_client_group_finalize;
  object_class->get_property = mcp_client_group_get_property;
  object_class->set_property = mcp_client_group_set_property;

  /**
   * McpClientGroup:registry:
   *
   * The registry whose servers the group follows, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_REGISTRY] =
    g_param_spec_object ("registry", NULL, NULL,
                         MCP_TYPE_SERVER_REGISTRY,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:servers:
   *
   * The servers, as a list of [class@Mcp.GroupServer]: those of the
   * registry in its order, then those added by hand.
   *
   * Since: 1.0
   */
  properties[PROP_SERVERS] =
    g_param_spec_object ("servers", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:tools:
   *
   * The tools of the ready servers, as a list of [class@Mcp.GroupItem]
   * holding [class@Mcp.Tool].
   *
   * Since: 1.0
   */
  properties[PROP_TOOLS] =
    g_param_spec_object ("tools", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:resources:
   *
   * The resources of the ready servers, as a list of [class@Mcp.GroupItem]
   * holding [class@Mcp.Resource].
   *
   * Since: 1.0
   */
  properties[PROP_RESOURCES] =
    g_param_spec_object ("resources", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:resource-templates:
   *
   * The resource templates of the ready servers, as a list of
   * [class@Mcp.GroupItem] holding [class@Mcp.ResourceTemplate].
   *
   * Since: 1.0
   */
  properties[PROP_RESOURCE_TEMPLATES] =
    g_param_spec_object ("resource-templates", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:prompts:
   *
   * The prompts of the ready servers, as a list of [class@Mcp.GroupItem]
   * holding [class@Mcp.Prompt].
   *
   * Since: 1.0
   */
  properties[PROP_PROMPTS] =
    g_param_spec_object ("prompts", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:features:
   *
   * What the application handles, declared by every client the group
   * makes (see [property@Mcp.Client:features]): set it to answer requests
   * from servers through [signal@Mcp.ClientGroup::server-request]. It
   * applies to the connections made after it is set.
   *
   * Since: 1.0
   */
  properties[PROP_FEATURES] =
    g_param_spec_flags ("features", NULL, NULL,
                        MCP_TYPE_CLIENT_FEATURES, MCP_CLIENT_FEATURES_NONE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:connect-timeout:
   *
   * How long each server's handshake may take, in milliseconds (see
   * [property@Mcp.Client:connect-timeout]). The default is
   * %MCP_CLIENT_DEFAULT_CONNECT_TIMEOUT.
   *
   * Since: 1.0
   */
  properties[PROP_CONNECT_TIMEOUT] =
    g_param_spec_uint ("connect-timeout", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_DEFAULT_CONNECT_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:max-connecting:
   *
   * How many servers connect at the same time; the others wait for their
   * turn. The default is %MCP_CLIENT_GROUP_DEFAULT_MAX_CONNECTING.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_CONNECTING] =
    g_param_spec_uint ("max-connecting", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_GROUP_DEFAULT_MAX_CONNECTING,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:reconnect-delay:
   *
   * How long to wait before connecting a server again the first time, in
   * milliseconds; each further attempt waits twice as long, up to
   * [property@Mcp.ClientGroup:max-reconnect-delay]. The default is
   * %MCP_CLIENT_GROUP_DEFAULT_RECONNECT_DELAY.
   *
   * Since: 1.0
   */
  properties[PROP_RECONNECT_DELAY] =
    g_param_spec_uint ("reconnect-delay", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_GROUP_DEFAULT_RECONNECT_DELAY,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:max-reconnect-delay:
   *
   * The longest wait before connecting a server again, in milliseconds.
   * A connection that lasts this long is a healthy one: when it ends, the
   * waits start again from [property@Mcp.ClientGroup:reconnect-delay].
   * The default is %MCP_CLIENT_GROUP_DEFAULT_MAX_RECONNECT_DELAY.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_RECONNECT_DELAY] =
    g_param_spec_uint ("max-reconnect-delay", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_GROUP_DEFAULT_MAX_RECONNECT_DELAY,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:ping-interval:
   *
   * How often the group checks that a remote server still answers, in
   * milliseconds; 0 never. A server reached over HTTP that stops answering
   * leaves no trace but failing requests: the group pings it, and when it
   * cannot be reached (or does not answer within 10 seconds), its
   * connection is over and the server is connected again, like one that
   * died. A call through the group that fails because its server cannot be
   * reached checks at once. Local (stdio) servers are not pinged: their
   * end is seen as it happens. The default is
   * %MCP_CLIENT_GROUP_DEFAULT_PING_INTERVAL. It applies to the connections
   * made after it is set.
   *
   * Since: 1.0
   */
  properties[PROP_PING_INTERVAL] =
    g_param_spec_uint ("ping-interval", NULL, NULL,
                       0, G_MAXUINT, MCP_CLIENT_GROUP_DEFAULT_PING_INTERVAL,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  /**
   * McpClientGroup:credential-store:
   *
   * Where the remote servers' credentials are kept, or %NULL (the
   * default). When it is set, every client the group makes for a server
   * over HTTP gets an [class@Mcp.Authorization] of its own on this store,
   * with its defaults otherwise, attached before
   * [signal@Mcp.ClientGroup::client-created]; with
   * [class@Mcp.SecretCredentialStore], the user signs in to a server once.
   * A server whose entry sends an `Authorization` header gets none, nor
   * does a client added by hand. It applies to the clients made after it
   * is set.
   *
   * Since: 1.0
   */
  properties[PROP_CREDENTIAL_STORE] =
    g_param_spec_object ("credential-store", NULL, NULL,
                         MCP_TYPE_CREDENTIAL_STORE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpClientGroup::client-created:
   * @self: the group
   * @server: the server the client is for
   * @client: the new client, not connected yet
   *
   * Emitted for each client the group makes, before it connects, with
   * [property@Mcp.ClientGroup:features] and
   * [property@Mcp.ClientGroup:connect-timeout] set: the place to set
   * anything else, such as roots or the client's name.
   *
   * With a [property@Mcp.ClientGroup:credential-store], the transport of
   * a client for a remote server already has its
   * [class@Mcp.Authorization]: a handler may connect to its signals, set
   * its client identity, or replace it with
   * [method@Mcp.HttpTransport.set_authorization].
   *
   * Since: 1.0
   */
  signals[CLIENT_CREATED] =
    g_signal_new ("client-created",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 2, MCP_TYPE_GROUP_SERVER, MCP_TYPE_CLIENT);

  /**
   * McpClientGroup::notification:
   * @self: the group
   * @server: the server that sent it
   * @method: the notification's method
   * @params: (nullable): its parameters
   *
   * Emitted for every notification of every server, as
   * [signal@Mcp.Client::notification], and detailed with the method in the
   * same way.
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
                  G_TYPE_NONE, 3,
                  MCP_TYPE_GROUP_SERVER,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE);

  /**
   * McpClientGroup::log-message:
   * @self: the group
   * @server: the server that sent it
   * @level: the message's severity
   * @logger: (nullable): the name of the logger, if the server gave one
   * @data: the message: a string or any JSON value
   *
   * Emitted for each log message of every server, as
   * [signal@Mcp.Client::log-message].
   *
   * Since: 1.0
   */
  signals[LOG_MESSAGE] =
    g_signal_new ("log-message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 4,
                  MCP_TYPE_GROUP_SERVER,
                  MCP_TYPE_LOG_LEVEL,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE);

  /**
   * McpClientGroup::server-request:
   * @self: the group
   * @server: the server that sent it
   * @request: the request
   *
   * Emitted for each request of every server, as
   * [signal@Mcp.Client::server-request], and detailed with the method in
   * the same way. The servers only send those that
   * [property@Mcp.ClientGroup:features] declares.
   *
   * Returns: %TRUE if the handler takes the request
   *
   * Since: 1.0
   */
  signals[SERVER_REQUEST] =
    g_signal_new ("server-request",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0,
                  g_signal_accumulator_true_handled, NULL,
                  NULL,
                  G_TYPE_BOOLEAN, 2, MCP_TYPE_GROUP_SERVER, MCP_TYPE_SERVER_REQUEST);
}

static void
mcp_client_group_init (McpClientGroup *self)
{
  self->servers = g_list_store_new (MCP_TYPE_GROUP_SERVER);
  for (guint i = 0; i < N_KINDS; i++)
    self->lists[i] = _mcp_group_list_new (self, i);
  g_queue_init (&self->waiting);
  self->connect_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * mcp_client_group_new:
 *
 * Creates an empty group, for servers added by hand.
 *
 * Returns: (transfer full): a new group
 *
 * Since: 1.0
 */
McpClientGroup *
mcp_client_group_new (void)
{
  return g_object_new (MCP_TYPE_CLIENT_GROUP, NULL);
}

/**
 * mcp_client_group_new_for_registry:
 * @registry: the configured servers
 *
 * Creates a group of the servers of @registry, which follows it as it
 * changes. Nothing is started before [method@Mcp.ClientGroup.connect_async].
 *
 * Returns: (transfer full): a new group
 *
 * Since: 1.0
 */
McpClientGroup *
mcp_client_group_new_for_registry (McpServerRegistry *registry)
{
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (registry), NULL);

  return g_object_new (MCP_TYPE_CLIENT_GROUP,
                       "registry", registry,
                       NULL);
}

/**
 * mcp_client_group_get_registry:
 * @self: a group
 *
 * Gets the registry the group follows.
 *
 * Returns: (transfer none) (nullable): the registry, or %NULL
 *
 * Since: 1.0
 */
McpServerRegistry *
mcp_client_group_get_registry (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), NULL);

  return self->registry;
}

/**
 * mcp_client_group_get_features:
 * @self: a group
 *
 * Gets what the clients the group makes declare.
 *
 * Returns: the features
 *
 * Since: 1.0
 */
McpClientFeatures
mcp_client_group_get_features (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), MCP_CLIENT_FEATURES_NONE);

  return self->features;
}

/**
 * mcp_client_group_set_features:
 * @self: a group
 * @features: what the application handles
 *
 * Sets [property@Mcp.ClientGroup:features].
 *
 * Since: 1.0
 */
void
mcp_client_group_set_features (McpClientGroup    *self,
                               McpClientFeatures  features)
{
  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));

  if (self->features == features)
    return;

  self->features = features;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FEATURES]);
}

/**
 * mcp_client_group_get_connect_timeout:
 * @self: a group
 *
 * Gets how long each server's handshake may take.
 *
 * Returns: the timeout, in milliseconds
 *
 * Since: 1.0
 */
guint
mcp_client_group_get_connect_timeout (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), 0);

  return self->connect_timeout;
}

/**
 * mcp_client_group_set_connect_timeout:
 * @self: a group
 * @timeout_ms: the timeout, in milliseconds
 *
 * Sets [property@Mcp.ClientGroup:connect-timeout].
 *
 * Since: 1.0
 */
void
mcp_client_group_set_connect_timeout (McpClientGroup *self,
                                      guint           timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (timeout_ms > 0);

  if (self->connect_timeout == timeout_ms)
    return;

  self->connect_timeout = timeout_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECT_TIMEOUT]);
}

/**
 * mcp_client_group_get_max_connecting:
 * @self: a group
 *
 * Gets how many servers connect at the same time.
 *
 * Returns: the number of servers
 *
 * Since: 1.0
 */
guint
mcp_client_group_get_max_connecting (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), 0);

  return self->max_connecting;
}

/**
 * mcp_client_group_set_max_connecting:
 * @self: a group
 * @max: the number of servers, at least 1
 *
 * Sets [property@Mcp.ClientGroup:max-connecting].
 *
 * Since: 1.0
 */
void
mcp_client_group_set_max_connecting (McpClientGroup *self,
                                     guint           max)
{
  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (max > 0);

  if (self->max_connecting == max)
    return;

  self->max_connecting = max;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_CONNECTING]);
  _mcp_client_group_start_connecting (self);
}

/**
 * mcp_client_group_get_reconnect_delay:
 * @self: a group
 *
 * Gets how long the group waits before connecting a server again the
 * first time.
 *
 * Returns: the delay, in milliseconds
 *
 * Since: 1.0
 */
guint
mcp_client_group_get_reconnect_delay (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), 0);

  return self->reconnect_delay;
}

/**
 * mcp_client_group_set_reconnect_delay:
 * @self: a group
 * @delay_ms: the delay, in milliseconds
 *
 * Sets [property@Mcp.ClientGroup:reconnect-delay].
 *
 * Since: 1.0
 */
void
mcp_client_group_set_reconnect_delay (McpClientGroup *self,
                                      guint           delay_ms)
{
  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (delay_ms > 0);

  if (self->reconnect_delay == delay_ms)
    return;

  self->reconnect_delay = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECT_DELAY]);
}

/**
 * mcp_client_group_get_max_reconnect_delay:
 * @self: a group
 *
 * Gets the longest wait before connecting a server again.
 *
 * Returns: the delay, in milliseconds
 *
 * Since: 1.0
 */
guint
mcp_client_group_get_max_reconnect_delay (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), 0);

  return self->max_reconnect_delay;
}

/**
 * mcp_client_group_set_max_reconnect_delay:
 * @self: a group
 * @delay_ms: the delay, in milliseconds
 *
 * Sets [property@Mcp.ClientGroup:max-reconnect-delay].
 *
 * Since: 1.0
 */
void
mcp_client_group_set_max_reconnect_delay (McpClientGroup *self,
                                          guint           delay_ms)
{
  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));
  g_return_if_fail (delay_ms > 0);

  if (self->max_reconnect_delay == delay_ms)
    return;

  self->max_reconnect_delay = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_RECONNECT_DELAY]);
}

/**
 * mcp_client_group_get_ping_interval:
 * @self: a group
 *
 * Gets how often the group checks that a remote server still answers.
 *
 * Returns: the interval, in milliseconds, or 0
 *
 * Since: 1.0
 */
guint
mcp_client_group_get_ping_interval (McpClientGroup *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (self), 0);

  return self->ping_interval;
}

/**
 * mcp_client_group_set_ping_interval:
 * @self: a group
 * @interval_ms: the interval, in milliseconds, or 0 for never
 *
 * Sets [property@Mcp.ClientGroup:ping-interval].
 *
 * Since: 1.0
 */
void
mcp_client_group_set_ping_interval (McpClientGroup *self,
                                    guint           interval_ms)
{
  g_return_if_fail (MCP_IS_CLIENT_GROUP (self));

  if (self->ping_interval == interval_ms)
    return;

  self->ping_interval = interval_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PING_INTERVAL]);
}
