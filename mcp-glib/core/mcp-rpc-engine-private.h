/* mcp-rpc-engine-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the files of the engine share: the instance structure, a pending
 * call, and the functions each offers the other. mcp-rpc.c makes and ends
 * calls (requests, timeouts, cancellation, answers to the server), and
 * mcp-rpc-incoming.c handles what comes in (answers, notifications,
 * progress, the server's requests).
 */

#pragma once

#include "mcp-rpc-private.h"
#include "mcp-rpc-transport-private.h"

G_BEGIN_DECLS

typedef struct
{
  McpRpc            *rpc;
  gint64             id;
  char              *method;
  GTask             *task;
  McpRequestOptions *options;
  GSource           *cancel_source;
  /* When the call times out (monotonic), or 0 for never: the timeout,
   * restarted by progress, capped by the hard deadline. */
  gint64             due;
  gint64             timeout_us;
  gint64             deadline;
  guint              max_ms;
  McpRpcCallFlags    flags;
  gboolean           reset_on_progress;
  gboolean           has_progress;
  double             last_progress;
} McpRpcCall;

struct _McpRpc
{
  GObject                 parent_instance;

  McpTransport           *transport;
  /* Messages come as a plain call from the transport, or, if it has
   * another engine already, through its signal. */
  gboolean                receiving;
  gulong                  message_handler;
  gulong                  closed_handler;
  gulong                  discarded_handler;

  gint64                  next_id;
  GHashTable             *calls;

  GMainContext           *context;
  /* One source for the timeouts of all calls, made with the first: due
   * at the earliest of their times, or earlier (a call that ended or
   * bought time with progress leaves it early; it then looks again). A
   * source per call would cost its creation, attachment and destruction
   * each time, and one write to the main context's wakeup fd for each
   * progress notification that restarts a timeout. */
  GSource                *timer;
  gint64                  timer_due;
  GHashTable             *server_requests;

  guint                   default_timeout_ms;
  guint                   max_timeout_ms;

  /* Members added to every request's params._meta: the per-request
   * envelope of the stateless protocol revision. */
  JsonObject             *request_meta;

  McpRpcNotificationFunc  notification_func;
  McpRpcNotificationWantedFunc notification_wanted_func;
  McpRpcRequestFunc       request_func;
  McpRpcClosedFunc        closed_func;
  gpointer                user_data;
  McpRpcProgressFunc      progress_func;
  McpRpcServerRequestNewFunc server_request_new;
  McpRpcServerRequestCancelFunc server_request_cancel;

  GError                 *closed_error;
};

void      _mcp_rpc_complete_call        (McpRpcCall   *call,
                                         JsonNode     *result,
                                         GError       *error);
void      _mcp_rpc_arm_timeout          (McpRpcCall   *call);
void      _mcp_rpc_send_response        (McpRpc       *self,
                                         JsonNode     *id,
                                         const char   *member,
                                         JsonNode     *value);

/* mcp-rpc-incoming.c */
void      _mcp_rpc_on_message           (JsonNode     *message,
                                         gpointer      user_data);
gboolean  _mcp_rpc_on_text              (const char   *data,
                                         gsize         len,
                                         gboolean      any_message,
                                         gpointer      user_data);
void      _mcp_rpc_on_message_received  (McpTransport *transport,
                                         JsonNode     *message,
                                         McpRpc       *self);
void      _mcp_rpc_on_message_discarded (McpTransport *transport,
                                         const GError *error,
                                         const char   *head,
                                         const char   *tail,
                                         McpRpc       *self);

G_END_DECLS
