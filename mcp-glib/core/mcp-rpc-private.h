/* mcp-rpc-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-request-options.h"
#include "mcp-transport.h"

G_BEGIN_DECLS

typedef struct _McpServerRequest McpServerRequest;

#define MCP_TYPE_RPC (mcp_rpc_get_type ())

G_DECLARE_FINAL_TYPE (McpRpc, mcp_rpc, MCP, RPC, GObject)

typedef enum {
  MCP_RPC_CALL_DEFAULT = 0,
  /* initialize must never be cancelled with notifications/cancelled. */
  MCP_RPC_CALL_NO_CANCEL_NOTIFICATION = 1 << 0,
  /* A bounded handshake: no progress token, no reset. */
  MCP_RPC_CALL_NO_PROGRESS = 1 << 1,
  /* A request that stays open until cancelled (subscriptions/listen). */
  MCP_RPC_CALL_NO_TIMEOUT = 1 << 2,
  /* The params object stays the caller's, who may use it again: never
   * written into (copied first, when something has to be added). */
  MCP_RPC_CALL_SHARED_PARAMS = 1 << 3,
} McpRpcCallFlags;

typedef void     (*McpRpcNotificationFunc) (McpRpc           *rpc,
                                            const char       *method,
                                            JsonNode         *params,
                                            gpointer          user_data);
typedef gboolean (*McpRpcRequestFunc)      (McpRpc           *rpc,
                                            McpServerRequest *request,
                                            gpointer          user_data);
typedef void     (*McpRpcClosedFunc)       (McpRpc           *rpc,
                                            const GError     *error,
                                            gpointer          user_data);
typedef gboolean (*McpRpcNotificationWantedFunc) (McpRpc     *rpc,
                                                  const char *method,
                                                  gpointer    user_data);

/* What the engine needs of the layers above it, given by its owner: the
 * engine is in core/, which includes no private header of theirs. A call
 * made progress (McpRequestOptions emits it); a request of the server
 * becomes an McpServerRequest that replies through @reply_func, and is
 * cancelled when the server cancels it or the connection ends. */
typedef void     (*McpRpcProgressFunc)     (McpRequestOptions *options,
                                            double             progress,
                                            double             total,
                                            const char        *message);
typedef void     (*McpRpcReplyFunc)        (McpServerRequest  *request,
                                            JsonNode          *result,
                                            int                code,
                                            const char        *message,
                                            gpointer           user_data);
typedef McpServerRequest *(*McpRpcServerRequestNewFunc) (JsonNode       *id,
                                                         const char     *method,
                                                         JsonNode       *params,
                                                         McpRpcReplyFunc reply_func,
                                                         gpointer        reply_data,
                                                         GDestroyNotify  reply_destroy);
typedef void     (*McpRpcServerRequestCancelFunc) (McpServerRequest *request);

McpRpc       *_mcp_rpc_new                 (McpTransport           *transport);
void          _mcp_rpc_set_handlers        (McpRpc                 *self,
                                            McpRpcNotificationFunc  notification_func,
                                            McpRpcRequestFunc       request_func,
                                            McpRpcClosedFunc        closed_func,
                                            gpointer                user_data);
void          _mcp_rpc_set_notification_wanted_func (McpRpc        *self,
                                            McpRpcNotificationWantedFunc func);
void          _mcp_rpc_set_layer_funcs     (McpRpc                 *self,
                                            McpRpcProgressFunc      progress_func,
                                            McpRpcServerRequestNewFunc request_new_func,
                                            McpRpcServerRequestCancelFunc request_cancel_func);
void          _mcp_rpc_set_request_meta    (McpRpc                 *self,
                                            JsonObject             *meta);
void          _mcp_rpc_set_timeouts        (McpRpc                 *self,
                                            guint                   default_timeout_ms,
                                            guint                   max_timeout_ms);
gint64        _mcp_rpc_call_async          (McpRpc                 *self,
                                            const char             *method,
                                            JsonNode               *params,
                                            McpRpcCallFlags         flags,
                                            guint                   timeout_ms,
                                            McpRequestOptions      *options,
                                            GCancellable           *cancellable,
                                            GAsyncReadyCallback     callback,
                                            gpointer                user_data);
JsonNode     *_mcp_rpc_call_finish         (McpRpc                 *self,
                                            GAsyncResult           *result,
                                            GError                **error);
void          _mcp_rpc_notify_async        (McpRpc                 *self,
                                            const char             *method,
                                            JsonNode               *params,
                                            GCancellable           *cancellable,
                                            GAsyncReadyCallback     callback,
                                            gpointer                user_data);
gboolean      _mcp_rpc_notify_finish       (McpRpc                 *self,
                                            GAsyncResult           *result,
                                            GError                **error);
void          _mcp_rpc_reply               (McpRpc                 *self,
                                            JsonNode               *id,
                                            JsonNode               *result);
void          _mcp_rpc_reply_error         (McpRpc                 *self,
                                            JsonNode               *id,
                                            int                     code,
                                            const char             *message,
                                            JsonNode               *data);
/* The transport was reopened (mcp_transport_reopen_async ()) after it
 * ended: the engine takes requests again. */
void          _mcp_rpc_reopened            (McpRpc                 *self);
void          _mcp_rpc_fail_all            (McpRpc                 *self,
                                            const GError           *error);

G_END_DECLS
