/* mcp-transport.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpTransport is the abstract base of everything that carries MCP messages:
 * it moves whole JSON-RPC messages as JsonNodes in both directions and
 * reports when the connection ends. It knows nothing about ids, methods or
 * the protocol; that is the engine's job above it.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"
#include "mcp-request-info-private.h"
#include "mcp-transport-private.h"

/**
 * McpTransport:
 *
 * The abstract base class of the ways to reach an MCP server.
 *
 * A transport moves whole messages. It is usually handed to
 * [ctor@Mcp.Client.new] and then driven by the client; applications only
 * implement one to reach servers in ways mcp-glib does not know about. See
 * [class@Mcp.StdioTransport] and [class@Mcp.StreamTransport].
 *
 * A subclass implements the virtual methods of [struct@Mcp.TransportClass],
 * which complete the #GTask they are given, hands each incoming message to
 * [method@Mcp.Transport.deliver_message] and reports an unexpected end of
 * the connection with [method@Mcp.Transport.deliver_closed]. This works
 * from bindings too; in Python:
 *
 * ```python
 * class LoopbackTransport(Mcp.Transport):
 *     def do_open(self, cancellable, task):
 *         task.return_boolean(True)
 *
 *     def do_send(self, message, cancellable, task):
 *         self.peer.handle(message)
 *         task.return_boolean(True)
 *
 *     def do_close(self, cancellable, task):
 *         task.return_boolean(True)
 * ```
 *
 * All of this happens on the thread-default main context of the thread that
 * created the transport.
 *
 * Since: 1.0
 */

typedef struct
{
  GError                     *closed_error;
  char                       *protocol_version;

  /* The engine, called directly with each message. */
  McpTransportReceiveFunc     receive_func;
  McpTransportReceiveTextFunc receive_text_func;
  gpointer                    receive_data;

  /* A subclass's way of sending without a GTask, and the send vfunc it
   * stands for: it is only taken while that vfunc is the class's. */
  gpointer                    direct_send_vfunc;
  McpTransportDirectSendFunc  direct_send;
  McpTransportDirectSendTextFunc direct_send_text;

  guint                       closed : 1;
  /* Unset: listening (see mcp_transport_get_listening ()). */
  guint                       not_listening : 1;
} McpTransportPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (McpTransport, mcp_transport, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PROTOCOL_VERSION,
  PROP_LISTENING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  MESSAGE_RECEIVED,
  CLOSED,
  MESSAGE_DISCARDED,
  PREPARE_REQUEST,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
mcp_transport_finalize (GObject *object)
{
  McpTransport *self = (McpTransport *)object;
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_clear_error (&priv->closed_error);
  g_clear_pointer (&priv->protocol_version, g_free);

  G_OBJECT_CLASS (mcp_transport_parent_class)->finalize (object);
}

static void
mcp_transport_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  McpTransport *self = MCP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, mcp_transport_get_protocol_version (self));
      break;

    case PROP_LISTENING:
      g_value_set_boolean (value, mcp_transport_get_listening (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_transport_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  McpTransport *self = MCP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_PROTOCOL_VERSION:
      mcp_transport_set_protocol_version (self, g_value_get_string (value));
      break;

    case PROP_LISTENING:
      mcp_transport_set_listening (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_transport_class_init (McpTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _mcp_i18n_init ();

  object_class->finalize = mcp_transport_finalize;
  object_class->get_property = mcp_transport_get_property;
  object_class->set_property = mcp_transport_set_property;

  /**
   * McpTransport:protocol-version:
   *
   * The protocol version the client negotiated, or %NULL before the
   * handshake. [class@Mcp.Client] sets it; transports that must send it
   * with every message (such as [class@Mcp.HttpTransport]) read it.
   *
   * Since: 1.0
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpTransport:listening:
   *
   * Whether somebody needs what the peer sends unasked: notifications
   * and requests that answer no request of the client's. A transport that
   * needs a channel of its own for them (the GET stream of
   * [class@Mcp.HttpTransport]) holds it open only while this is %TRUE;
   * others carry them anyway. %TRUE by default; [class@Mcp.Client] sets it
   * as the application's needs change (see
   * [Streams only when someone listens](listening.html)).
   *
   * Since: 1.0
   */
  properties[PROP_LISTENING] =
    g_param_spec_boolean ("listening", NULL, NULL,
                          TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpTransport::message-received:
   * @self: the transport
   * @message: the message, a JSON object or (for a batch) a JSON array
   *
   * Emitted for every complete message that arrives.
   *
   * Since: 1.0
   */
  signals[MESSAGE_RECEIVED] =
    g_signal_new ("message-received",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  G_STRUCT_OFFSET (McpTransportClass, message_received),
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, JSON_TYPE_NODE);

  /**
   * McpTransport::closed:
   * @self: the transport
   * @error: (nullable): why the connection ended, or %NULL when it was
   *   closed on purpose with [method@Mcp.Transport.close_async]
   *
   * Emitted once, when the connection has ended. No message is delivered
   * after it.
   *
   * Since: 1.0
   */
  signals[CLOSED] =
    g_signal_new ("closed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  G_STRUCT_OFFSET (McpTransportClass, closed),
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);

  /**
   * McpTransport::message-discarded:
   * @self: the transport
   * @error: why the message was dropped, e.g. %G_IO_ERROR_MESSAGE_TOO_LARGE
   * @head: (nullable): the first bytes of the message, for diagnostics
   * @tail: (nullable): the last bytes of the message, for diagnostics
   *
   * Emitted when an incoming message could not be delivered but the
   * connection stays usable, so that whoever waits for it can be told.
   *
   * Since: 1.0
   */
  signals[MESSAGE_DISCARDED] =
    g_signal_new ("message-discarded",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 3,
                  G_TYPE_ERROR,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpTransport::prepare-request:
   * @self: the transport
   * @info: the description of the request
   *
   * Emitted by [method@Mcp.Transport.describe_request] for each request a
   * transport describes, before it sends it. [class@Mcp.Client] adds there
   * what only it knows (the `Mcp-Param-*` values of a tool call, with
   * [method@Mcp.RequestInfo.set_param]); the class handler runs last.
   *
   * Since: 1.0
   */
  signals[PREPARE_REQUEST] =
    g_signal_new ("prepare-request",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  G_STRUCT_OFFSET (McpTransportClass, prepare_request),
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, MCP_TYPE_REQUEST_INFO);
}

static void
mcp_transport_init (McpTransport *self)
{
}

/**
 * mcp_transport_open_async:
 * @self: a transport
 * @cancellable: (nullable): a cancellable
 * @callback: called when the transport is open
 * @user_data: data for @callback
 *
 * Opens the connection. [class@Mcp.Client] calls this when it connects.
 *
 * Since: 1.0
 */
void
mcp_transport_open_async (McpTransport        *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_transport_open_async);

  MCP_TRANSPORT_GET_CLASS (self)->open (self, cancellable, task);
}

/**
 * mcp_transport_open_finish:
 * @self: a transport
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Transport.open_async].
 *
 * Returns: %TRUE if the transport is open
 *
 * Since: 1.0
 */
gboolean
mcp_transport_open_finish (McpTransport  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * mcp_transport_send_async:
 * @self: a transport
 * @message: the message to send
 * @cancellable: (nullable): a cancellable; it only takes effect while the
 *   message is still waiting in the queue, a message is never cut in half
 * @callback: (nullable): called when the message has been written
 * @user_data: data for @callback
 *
 * Queues @message to be sent. Messages go out in the order they were
 * queued.
 *
 * Since: 1.0
 */
void
mcp_transport_send_async (McpTransport        *self,
                          JsonNode            *message,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (message != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_transport_send_async);

  if (priv->closed)
    {
      if (priv->closed_error != NULL)
        g_task_return_error (task, g_error_copy (priv->closed_error));
      else
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CLOSED,
                                 _("The connection is closed"));
      return;
    }

  MCP_TRANSPORT_GET_CLASS (self)->send (self, message, cancellable, task);
}

/**
 * mcp_transport_send_finish:
 * @self: a transport
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Transport.send_async].
 *
 * Returns: %TRUE if the message was written
 *
 * Since: 1.0
 */
gboolean
mcp_transport_send_finish (McpTransport  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
close_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) outer = user_data;
  GError *error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (outer, error);
      return;
    }

  /* Implementations need not report a deliberate close themselves. */
  mcp_transport_deliver_closed (MCP_TRANSPORT (object), NULL);
  g_task_return_boolean (outer, TRUE);
}

/**
 * mcp_transport_close_async:
 * @self: a transport
 * @cancellable: (nullable): a cancellable
 * @callback: (nullable): called when the transport is closed
 * @user_data: data for @callback
 *
 * Ends the connection. Closing a transport that is already closed
 * succeeds.
 *
 * Since: 1.0
 */
void
mcp_transport_close_async (McpTransport        *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) outer = NULL;
  g_autoptr(GTask) inner = NULL;

  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, mcp_transport_close_async);
  inner = g_task_new (self, cancellable, close_done_cb, g_steal_pointer (&outer));
  g_task_set_source_tag (inner, MCP_TRANSPORT_GET_CLASS (self)->close);

  MCP_TRANSPORT_GET_CLASS (self)->close (self, cancellable, inner);
}

/**
 * mcp_transport_close_finish:
 * @self: a transport
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Transport.close_async].
 *
 * Returns: %TRUE if the transport closed cleanly
 *
 * Since: 1.0
 */
gboolean
mcp_transport_close_finish (McpTransport  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * mcp_transport_get_listening:
 * @self: a transport
 *
 * Gets [property@Mcp.Transport:listening].
 *
 * Returns: whether somebody needs what the peer sends unasked
 *
 * Since: 1.0
 */
gboolean
mcp_transport_get_listening (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);

  return !priv->not_listening;
}

/**
 * mcp_transport_set_listening:
 * @self: a transport
 * @listening: whether somebody needs what the peer sends unasked
 *
 * Sets [property@Mcp.Transport:listening].
 *
 * Since: 1.0
 */
void
mcp_transport_set_listening (McpTransport *self,
                             gboolean      listening)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_TRANSPORT (self));

  listening = !!listening;
  if ((!priv->not_listening) == listening)
    return;

  priv->not_listening = !listening;
  if (MCP_TRANSPORT_GET_CLASS (self)->listening_changed != NULL)
    MCP_TRANSPORT_GET_CLASS (self)->listening_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LISTENING]);
}

/**
 * mcp_transport_can_reopen:
 * @self: a transport
 *
 * Whether the transport can reach its peer again once its connection
 * ended, with [method@Mcp.Transport.reopen_async]: whether its class
 * implements the `reopen` virtual method. [class@Mcp.StdioTransport] can
 * (it starts its server again); a [class@Mcp.StreamTransport] made from
 * the application's streams cannot.
 *
 * Returns: %TRUE if the transport can be reopened
 *
 * Since: 1.0
 */
gboolean
mcp_transport_can_reopen (McpTransport *self)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);

  return MCP_TRANSPORT_GET_CLASS (self)->reopen != NULL;
}

static void
reopen_ready_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  McpTransport *self = MCP_TRANSPORT (object);
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);
  g_autoptr(GTask) outer = user_data;
  GError *error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (outer, error);
      return;
    }

  if (g_task_return_error_if_cancelled (outer))
    return;

  /* What is left of the old connection is gone: the new one starts as the
   * first did, and reports its own end. */
  priv->closed = FALSE;
  g_clear_error (&priv->closed_error);

  MCP_TRANSPORT_GET_CLASS (self)->open (self, g_task_get_cancellable (outer), outer);
}

/**
 * mcp_transport_reopen_async:
 * @self: a transport whose connection ended
 * @cancellable: (nullable): a cancellable
 * @callback: called when the transport is open again, or could not be
 * @user_data: data for @callback
 *
 * Reaches the same peer again once the connection ended (after
 * [signal@Mcp.Transport::closed]): the transport waits until what is left
 * of the old connection is wound down (for a [class@Mcp.StdioTransport],
 * until the old server process and the processes it started are gone),
 * forgets it, and opens a new connection as
 * [method@Mcp.Transport.open_async] does. For a stdio server that means
 * starting it again, with the same command and environment.
 *
 * [class@Mcp.Client] does this by itself in one case only: when a server
 * ended the connection on being asked `server/discover` (servers built on
 * some older SDKs exit on it), it starts it again and connects with the
 * `initialize` handshake, within the same
 * [method@Mcp.Client.connect_async]. A transport that cannot reach its
 * peer again (see [method@Mcp.Transport.can_reopen]) fails with
 * %G_IO_ERROR_NOT_SUPPORTED, and one whose connection has not ended with
 * %G_IO_ERROR_BUSY.
 *
 * A subclass implements the `reopen` virtual method of
 * [struct@Mcp.TransportClass]: it completes its task once the old
 * connection is forgotten, and the base class then calls `open`.
 *
 * Since: 1.0
 */
void
mcp_transport_reopen_async (McpTransport        *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);
  g_autoptr(GTask) outer = NULL;
  g_autoptr(GTask) inner = NULL;

  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, mcp_transport_reopen_async);

  if (MCP_TRANSPORT_GET_CLASS (self)->reopen == NULL)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("This transport cannot reach its peer again"));
      return;
    }

  if (!priv->closed)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_BUSY,
                               _("The connection has not ended"));
      return;
    }

  inner = g_task_new (self, cancellable, reopen_ready_cb, g_steal_pointer (&outer));
  g_task_set_source_tag (inner, MCP_TRANSPORT_GET_CLASS (self)->reopen);

  MCP_TRANSPORT_GET_CLASS (self)->reopen (self, cancellable, inner);
}

/**
 * mcp_transport_reopen_finish:
 * @self: a transport
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Completes [method@Mcp.Transport.reopen_async].
 *
 * Returns: %TRUE if the transport is open again
 *
 * Since: 1.0
 */
gboolean
mcp_transport_reopen_finish (McpTransport  *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * mcp_transport_get_protocol_version:
 * @self: a transport
 *
 * Gets [property@Mcp.Transport:protocol-version].
 *
 * Returns: (nullable): the negotiated protocol version
 *
 * Since: 1.0
 */
const char *
mcp_transport_get_protocol_version (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_TRANSPORT (self), NULL);

  return priv->protocol_version;
}

/**
 * mcp_transport_set_protocol_version:
 * @self: a transport
 * @protocol_version: (nullable): the negotiated protocol version
 *
 * Sets [property@Mcp.Transport:protocol-version]; [class@Mcp.Client] does
 * this once the server has answered `initialize`.
 *
 * Since: 1.0
 */
void
mcp_transport_set_protocol_version (McpTransport *self,
                                    const char   *protocol_version)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_TRANSPORT (self));

  if (g_strcmp0 (priv->protocol_version, protocol_version) == 0)
    return;

  g_free (priv->protocol_version);
  priv->protocol_version = g_strdup (protocol_version);

  if (MCP_TRANSPORT_GET_CLASS (self)->protocol_version_changed != NULL)
    MCP_TRANSPORT_GET_CLASS (self)->protocol_version_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROTOCOL_VERSION]);
}

/**
 * mcp_transport_is_closed:
 * @self: a transport
 *
 * Whether the connection has ended ([signal@Mcp.Transport::closed] was
 * emitted).
 *
 * Returns: %TRUE once the transport is closed
 *
 * Since: 1.0
 */
gboolean
mcp_transport_is_closed (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_TRANSPORT (self), TRUE);

  return priv->closed;
}

/**
 * mcp_transport_deliver_message:
 * @self: a transport
 * @message: an incoming message
 *
 * For implementations: hands an incoming message to whoever listens.
 * Messages that arrive after the transport closed are dropped.
 *
 * Since: 1.0
 */
void
mcp_transport_deliver_message (McpTransport *self,
                               JsonNode     *message)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (message != NULL);

  if (priv->closed)
    return;

  /* The signal is there for whoever watches the traffic, and sees each
   * message before the engine acts on it. Nobody usually does: an emission
   * per message would be a fair share of a call's cost for nothing. */
  if (MCP_TRANSPORT_GET_CLASS (self)->message_received != NULL ||
      g_signal_has_handler_pending (self, signals[MESSAGE_RECEIVED], 0, FALSE))
    {
      g_signal_emit (self, signals[MESSAGE_RECEIVED], 0, message);
      if (priv->closed)
        return;
    }

  if (priv->receive_func != NULL)
    priv->receive_func (message, priv->receive_data);
}

/* Makes @func the engine that every incoming message is handed to, and
 * @text_func (if not %NULL) the one offered their text first, unless the
 * transport has an engine already (then it returns %FALSE, and a second
 * engine has to connect to ::message-received). */
gboolean
_mcp_transport_set_receiver (McpTransport                *self,
                             McpTransportReceiveFunc      func,
                             McpTransportReceiveTextFunc  text_func,
                             gpointer                     user_data)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (priv->receive_func != NULL)
    return FALSE;

  priv->receive_func = func;
  priv->receive_text_func = text_func;
  priv->receive_data = user_data;
  return TRUE;
}

/* For implementations, before they make a tree of an incoming message:
 * offers its text to the engine, which may take it as it is when nobody
 * needs the tree, neither a handler of ::message-received nor a class
 * handler. Without @any_message, the engine only takes what answers no
 * request (a progress notification, say): for a transport that has to see
 * the answers itself. Returns whether it was taken; if not, the message
 * goes on as a tree, through mcp_transport_deliver_message () (and a text
 * that is not a message is the transport's to report). */
gboolean
_mcp_transport_receive_text (McpTransport *self,
                             const char   *data,
                             gsize         len,
                             gboolean      any_message)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  if (priv->receive_text_func == NULL || priv->closed ||
      MCP_TRANSPORT_GET_CLASS (self)->message_received != NULL ||
      g_signal_has_handler_pending (self, signals[MESSAGE_RECEIVED], 0, FALSE))
    return FALSE;

  return priv->receive_text_func (data, len, any_message, priv->receive_data);
}

/* Forgets the engine that was set with @user_data, if it was. */
void
_mcp_transport_clear_receiver (McpTransport *self,
                               gpointer      user_data)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_TRANSPORT (self));

  if (priv->receive_func == NULL || priv->receive_data != user_data)
    return;

  priv->receive_func = NULL;
  priv->receive_text_func = NULL;
  priv->receive_data = NULL;
}

/* For a subclass: @func queues a message as its @send_vfunc does, without
 * a GTask, and @text_func the text of one. A subclass of that subclass
 * that overrides the vfunc is sent to through the vfunc. */
void
_mcp_transport_set_direct_send (McpTransport                   *self,
                                gpointer                        send_vfunc,
                                McpTransportDirectSendFunc      func,
                                McpTransportDirectSendTextFunc  text_func)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_TRANSPORT (self));

  priv->direct_send_vfunc = send_vfunc;
  priv->direct_send = func;
  priv->direct_send_text = text_func;
}

static gboolean
sends_directly (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  return priv->direct_send != NULL &&
         (gpointer) MCP_TRANSPORT_GET_CLASS (self)->send == priv->direct_send_vfunc;
}

/* Whether the transport takes messages as text, with
 * _mcp_transport_send_text (): the engine can then write them without
 * making a tree first. */
gboolean
_mcp_transport_takes_text (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  return !priv->closed && priv->direct_send_text != NULL && sends_directly (self);
}

/* Queues the compact JSON text of a message (transfer full), as
 * _mcp_transport_send () queues a tree; only for a transport that
 * _mcp_transport_takes_text (). */
void
_mcp_transport_send_text (McpTransport               *self,
                          GString                    *text,
                          GObject                    *owner,
                          gint64                      tag,
                          McpTransportSendFailedFunc  failed)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  if (!_mcp_transport_takes_text (self))
    {
      g_string_free (text, TRUE);
      g_return_if_reached ();
    }

  priv->direct_send_text (self, text, owner, tag, failed);
}

typedef struct
{
  GObject                    *owner;
  gint64                      tag;
  McpTransportSendFailedFunc  failed;
} SendData;

static void
send_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  SendData *data = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_transport_send_finish (MCP_TRANSPORT (object), result, &error))
    data->failed (data->owner, data->tag, error);

  g_object_unref (data->owner);
  g_free (data);
}

/* Queues @message as mcp_transport_send_async () does, for the engine,
 * which only needs to hear of a failure: @failed is then called with
 * @owner, which the transport holds meanwhile, and @tag. It may be called
 * before this returns. Without @failed (and @owner), nobody hears of it. */
void
_mcp_transport_send (McpTransport               *self,
                     JsonNode                   *message,
                     GObject                    *owner,
                     gint64                      tag,
                     McpTransportSendFailedFunc  failed)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);
  SendData *data;

  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (message != NULL);
  g_return_if_fail (failed == NULL || G_IS_OBJECT (owner));

  if (priv->closed)
    {
      if (failed == NULL)
        return;
      if (priv->closed_error != NULL)
        failed (owner, tag, priv->closed_error);
      else
        failed (owner, tag, &(GError) { G_IO_ERROR, G_IO_ERROR_CLOSED,
                                        (char *) _("The connection is closed") });
      return;
    }

  if (sends_directly (self))
    {
      priv->direct_send (self, message, owner, tag, failed);
      return;
    }

  if (failed == NULL)
    {
      mcp_transport_send_async (self, message, NULL, NULL, NULL);
      return;
    }

  data = g_new0 (SendData, 1);
  data->owner = g_object_ref (owner);
  data->tag = tag;
  data->failed = failed;
  mcp_transport_send_async (self, message, NULL, send_done_cb, data);
}

/**
 * mcp_transport_describe_request:
 * @self: a transport
 * @message: a message the transport is about to send
 *
 * Tells a transport what it needs to know about one outgoing request: its
 * method, the name or URI it is about, the protocol revision it carries,
 * whether it is a request of the stateless revision (2026-07-28, without a
 * session), and the `Mcp-Param-*` values of a tool call. A transport calls
 * it from its `send` virtual method for each message, as
 * [class@Mcp.HttpTransport] does to set the request's HTTP headers
 * ([method@Mcp.RequestInfo.get_http_headers]). It emits
 * [signal@Mcp.Transport::prepare-request], through which the client adds
 * what only it knows.
 *
 * Returns: (transfer full) (nullable): the request's description, or
 *   %NULL if @message is not a request
 *
 * Since: 1.0
 */
McpRequestInfo *
mcp_transport_describe_request (McpTransport *self,
                                JsonNode     *message)
{
  McpRequestInfo *info;

  g_return_val_if_fail (MCP_IS_TRANSPORT (self), NULL);
  g_return_val_if_fail (message != NULL, NULL);

  info = _mcp_request_info_new (message);
  if (info != NULL)
    g_signal_emit (self, signals[PREPARE_REQUEST], 0, info);

  return info;
}

/**
 * mcp_transport_deliver_closed:
 * @self: a transport
 * @error: (nullable): why the connection ended, %NULL for a deliberate close
 *
 * For implementations: reports that the connection has ended, for example
 * because the peer went away. A deliberate close needs no report: the base
 * class makes it when the close completes. Only the first report counts;
 * later ones are ignored.
 *
 * Since: 1.0
 */
void
mcp_transport_deliver_closed (McpTransport *self,
                              const GError *error)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_TRANSPORT (self));

  if (priv->closed)
    return;

  priv->closed = TRUE;
  if (error != NULL)
    priv->closed_error = g_error_copy (error);

  g_object_ref (self);
  g_signal_emit (self, signals[CLOSED], 0, error);
  g_object_unref (self);
}

/**
 * mcp_transport_deliver_discarded:
 * @self: a transport
 * @error: why the message was dropped
 * @head: (nullable): the start of the message
 * @tail: (nullable): the end of the message
 *
 * For implementations: reports an incoming message that could not be
 * delivered (for example because it was too large) while the connection
 * stays usable.
 *
 * Since: 1.0
 */
void
mcp_transport_deliver_discarded (McpTransport *self,
                                 const GError *error,
                                 const char   *head,
                                 const char   *tail)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (error != NULL);

  if (priv->closed)
    return;

  g_signal_emit (self, signals[MESSAGE_DISCARDED], 0, error, head, tail);
}
