/* mcp-client-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the files of McpClient share: the instance structure and the
 * helpers every feature builds on (readiness and capability checks, typed
 * calls, paginated lists). Each feature lives in a file of its own:
 *
 *   mcp-client.c            the object, properties, connect and close
 *   mcp-client-signals.c    the signals, and the server's notifications and
 *                           requests routed to them
 *   mcp-client-handshake.c  connecting, initialize (the legacy handshake),
 *                           capabilities
 *   mcp-client-discover.c   the stateless revision: server/discover, the
 *                           choice of revision, the per-request envelope
 *   mcp-client-requests.c   the checks of every request, typed calls, raw
 *                           requests and notifications, ping
 *   mcp-client-lists.c      request timeouts; paginated lists and their
 *                           caches
 *   mcp-client-rounds.c     calls a stateless server answers with requests
 *                           for input: answering them, and the retries
 *   mcp-client-tools.c      tools/list and tools/call (see mcp-tool-call.c)
 *   mcp-client-headers.c    the HTTP headers of tools' arguments
 *   mcp-client-resources.c  resources, templates, reading, subscriptions
 *   mcp-client-prompts.c    prompts and completion
 *   mcp-client-logging.c    the server's log level
 *   mcp-client-tasks.c      tasks
 *   mcp-client-roots.c      the roots offered to the server
 *   mcp-client-subscriptions.c  change notifications: subscriptions/listen,
 *                           and the same made for older servers
 *   mcp-live-model.c        the lists that keep themselves up to date
 */

#pragma once

#include "mcp-client.h"
#include "mcp-request-info.h"
#include "mcp-tool.h"
#include "mcp-rpc-private.h"
#include "mcp-subscription-private.h"

G_BEGIN_DECLS

typedef struct _McpLiveModel McpLiveModel;

typedef enum {
  MCP_LIVE_TOOLS,
  MCP_LIVE_RESOURCES,
  MCP_LIVE_RESOURCE_TEMPLATES,
  MCP_LIVE_PROMPTS,
  MCP_N_LIVE_MODELS
} McpLiveKind;

struct _McpClient
{
  GObject            parent_instance;

  /* The thread-default main context of the thread that created the client:
   * everything the client does happens there. */
  GMainContext      *context;
  McpTransport      *transport;
  McpRpc            *rpc;
  McpClientState     state;

  char              *client_name;
  char              *client_version;
  guint              request_timeout;
  guint              max_request_timeout;
  guint              connect_timeout;

  McpImplementation *server_info;
  JsonObject        *server_capabilities;
  char              *protocol_version;
  char              *instructions;
  /* The revision has no handshake: every request carries its _meta. */
  gboolean           stateless;

  McpVersionNegotiation version_negotiation;
  char              *pinned_version;
  guint              max_input_rounds;
  /* Asked of a stateless server in every request; -1 for none. */
  int                log_level;

  McpClientFeatures  features;
  JsonObject        *capability_overrides;
  JsonObject        *declared_capabilities;
  GListStore        *roots;
  GSource           *roots_changed_source;
  /* Tools by name, as last listed: how each wants to be called. */
  GHashTable        *tools_by_name;
  /* The names of the tools left out of the lists, told once each. */
  GHashTable        *left_out_tools;
  /* Tool calls still running (McpToolCall): between two polls of a task,
   * no request of theirs is pending, so the end of the connection must
   * end them itself. */
  GPtrArray         *tool_calls;
  /* Waits for the application's answers to a stateless server's requests
   * for input (their GTasks): no request of theirs is pending. */
  GPtrArray         *input_waits;

  /* Subscriptions: listen requests by id (stateless servers), those made
   * of what an older server sends, the subscriptions to each resource
   * (counted), and the client's own subscription to a stateless server's
   * changes. */
  GHashTable        *listens;
  GPtrArray         *emulated;
  GHashTable        *resource_refs;
  McpSubscription   *changes;
  /* A replacement of it, until the server agrees to it. */
  McpSubscription   *changes_pending;
  GSource           *changes_retry;
  guint              changes_failures;
  McpLiveModel      *live[MCP_N_LIVE_MODELS];
  /* The lists as last read, while the server says they are fresh
   * (CacheableResult's ttlMs, 2026-07-28). */
  struct {
    GListStore      *items;
    gint64           expires;
  }                  list_cache[MCP_N_LIVE_MODELS];

  gboolean           closed_emitted;

  /* While the era is unknown, the server may end the connection on the
   * probe, and be started again (see mcp-client-discover.c): the end is
   * held back meanwhile, and only reported if the connect gives up. */
  gboolean           may_reopen;
  gboolean           held_closed;
  GError            *held_closed_error;
  /* server/discover's supportedVersions, from a stateless server. */
  GStrv              server_versions;

  /* Streams only when someone listens (mcp-client-subscriptions.c): what
   * the application needed when last looked at, the lists the client's
   * own subscription asks for, and what looks again (at most every 10 ms)
   * while connected. */
  guint              listeners;
  McpListChanges     listen_lists;
  GSource           *listeners_watch;
};

/* Which handlers of the signals for what a server sends unasked are
 * connected (_mcp_client_get_listeners ()). */
typedef enum {
  MCP_LISTENER_LIST_CHANGED     = 1 << 0,
  MCP_LISTENER_RESOURCE_UPDATED = 1 << 1,
  MCP_LISTENER_NOTIFICATION     = 1 << 2,
  MCP_LISTENER_LOG_MESSAGE      = 1 << 3,
} McpListeners;

/* mcp-client.c */
typedef enum {
  MCP_CLIENT_PROP_0,
  MCP_CLIENT_PROP_TRANSPORT,
  MCP_CLIENT_PROP_STATE,
  MCP_CLIENT_PROP_CLIENT_NAME,
  MCP_CLIENT_PROP_CLIENT_VERSION,
  MCP_CLIENT_PROP_REQUEST_TIMEOUT,
  MCP_CLIENT_PROP_MAX_REQUEST_TIMEOUT,
  MCP_CLIENT_PROP_CONNECT_TIMEOUT,
  MCP_CLIENT_PROP_SERVER_INFO,
  MCP_CLIENT_PROP_SERVER_CAPABILITIES,
  MCP_CLIENT_PROP_PROTOCOL_VERSION,
  MCP_CLIENT_PROP_INSTRUCTIONS,
  MCP_CLIENT_PROP_FEATURES,
  MCP_CLIENT_PROP_STATELESS,
  MCP_CLIENT_PROP_VERSION_NEGOTIATION,
  MCP_CLIENT_PROP_PINNED_PROTOCOL_VERSION,
  MCP_CLIENT_PROP_MAX_INPUT_ROUNDS,
  MCP_CLIENT_N_PROPS
} McpClientProperty;


extern GParamSpec *_mcp_client_properties[MCP_CLIENT_N_PROPS];

gboolean     _mcp_client_replace_string       (char              **field,
                                               const char         *value);
gboolean     _mcp_client_check_context        (McpClient          *self,
                                               const char         *function);
gboolean     _mcp_client_dispatch_server_request (McpClient       *self,
                                               McpServerRequest   *request);
void         _mcp_client_set_state            (McpClient          *self,
                                               McpClientState      state);

/* mcp-client-signals.c */
void         _mcp_client_class_install_signals (McpClientClass    *klass);
void         _mcp_client_emit_closed          (McpClient          *self,
                                               const GError       *error);
void         _mcp_client_on_rpc_notification  (McpRpc             *rpc,
                                               const char         *method,
                                               JsonNode           *params,
                                               gpointer            user_data);
gboolean     _mcp_client_on_rpc_notification_wanted (McpRpc       *rpc,
                                               const char         *method,
                                               gpointer            user_data);
gboolean     _mcp_client_on_rpc_request       (McpRpc             *rpc,
                                               McpServerRequest   *request,
                                               gpointer            user_data);
guint        _mcp_client_get_listeners        (McpClient          *self);

void         _mcp_client_transport_ended      (McpClient          *self,
                                               const GError       *error);
void         _mcp_client_shut_down            (McpClient          *self,
                                               const GError       *error,
                                               GTask              *task);
void         _mcp_client_set_server           (McpClient          *self,
                                               const char         *protocol_version,
                                               gboolean            stateless,
                                               JsonObject         *capabilities,
                                               McpImplementation  *server_info,
                                               const char         *instructions);

/* mcp-client-handshake.c */
void         _mcp_client_connect_return       (McpClient          *self,
                                               GTask              *task,
                                               GError             *error);
gboolean     _mcp_client_connect_is_done      (GTask              *task);
void         _mcp_client_initialize           (McpClient          *self,
                                               GTask              *task,
                                               const char         *version);
JsonNode    *_mcp_client_build_initialize_params (McpClient       *self,
                                               const char         *version);
gboolean     _mcp_client_apply_initialize_result (McpClient       *self,
                                               JsonNode           *result,
                                               const char         *required,
                                               GError            **error);
void         _mcp_client_initialized          (McpClient          *self,
                                               GTask              *task);
gboolean     _mcp_client_is_legacy_version    (const char         *version);
gboolean     _mcp_client_request_is_declared  (McpClient          *self,
                                               McpServerRequest   *request);

/* mcp-client-discover.c */
void         _mcp_client_discover             (McpClient          *self,
                                               GTask              *task,
                                               const char         *version,
                                               gboolean            pinned);
void         _mcp_client_update_envelope      (McpClient          *self);

/* mcp-client-rounds.c */
void         _mcp_client_gather_input_async   (McpClient          *self,
                                               const char         *method,
                                               JsonObject         *input_requests,
                                               GCancellable       *cancellable,
                                               GAsyncReadyCallback callback,
                                               gpointer            user_data);
JsonObject  *_mcp_client_gather_input_finish  (McpClient          *self,
                                               GAsyncResult       *result,
                                               GError            **error);
void         _mcp_client_call_async           (McpClient          *self,
                                               const char         *method,
                                               JsonNode           *params,
                                               McpRequestOptions  *options,
                                               GCancellable       *cancellable,
                                               GAsyncReadyCallback callback,
                                               gpointer            user_data);
JsonNode    *_mcp_client_call_finish          (McpClient          *self,
                                               GAsyncResult       *result,
                                               GError            **error);
void         _mcp_client_call_fail            (McpClient          *self,
                                               GTask              *task,
                                               GError             *error);

/* mcp-client-lists.c */
typedef gpointer    (*McpValueFromJson) (JsonObject  *json,
                                         GError     **error);
typedef JsonObject *(*McpValueGetJson)  (gpointer     item);

/* What distinguishes the paginated lists of the protocol from one another.
 * @key is the member that identifies an entry, for live models. */
typedef struct
{
  const char       *method;
  const char       *member;
  const char       *capability;
  const char       *what;
  GType           (*item_type) (void);
  McpValueFromJson  from_json;
  McpValueGetJson   get_json;
  const char       *key;
  /* Whether an entry is fit to use, or left out; may be %NULL. */
  gboolean        (*accept) (McpClient *client,
                             gpointer   item);
  /* Its live model and cache, or -1 for none. */
  int               live;
} McpListKind;

void         _mcp_client_list_all_async       (McpClient          *self,
                                               const McpListKind  *kind,
                                               gpointer            source_tag,
                                               GCancellable       *cancellable,
                                               GAsyncReadyCallback callback,
                                               gpointer            user_data);
GListModel  *_mcp_client_list_all_partial     (GAsyncResult       *result);
GListModel  *_mcp_client_list_all_finish      (McpClient          *self,
                                               GAsyncResult       *result,
                                               gpointer            source_tag,
                                               GError            **error);
void         _mcp_client_forget_list          (McpClient          *self,
                                               McpLiveKind         which);
gint64       _mcp_client_list_expires         (McpClient          *self,
                                               McpLiveKind         which);

/* mcp-client-requests.c */
/* Turns the result of a typed call into its value, or fails. */
typedef gpointer (*McpParseResult) (McpClient  *self,
                                    JsonNode   *result,
                                    GError    **error);

gboolean     _mcp_client_check_ready          (McpClient          *self,
                                               GTask              *task);
GError      *_mcp_client_explain_error        (const char         *method,
                                               GError             *error);
gboolean     _mcp_client_check_capability     (McpClient          *self,
                                               GTask              *task,
                                               const char         *capability,
                                               const char         *what);
void         _mcp_client_typed_call_async     (McpClient          *self,
                                               gpointer            source_tag,
                                               const char         *capability,
                                               const char         *what,
                                               const char         *method,
                                               JsonNode           *params,
                                               McpParseResult      parse,
                                               GCancellable       *cancellable,
                                               GAsyncReadyCallback callback,
                                               gpointer            user_data);
gpointer     _mcp_client_typed_call_finish    (McpClient          *self,
                                               GAsyncResult       *result,
                                               gpointer            source_tag,
                                               GError            **error);
gboolean     _mcp_client_typed_call_finish_boolean (McpClient     *self,
                                               GAsyncResult       *result,
                                               gpointer            source_tag,
                                               GError            **error);
JsonObject  *_mcp_client_result_object        (JsonNode           *result,
                                               const char         *method,
                                               GError            **error);
JsonNode    *_mcp_client_params_with_string   (const char         *member,
                                               const char         *value);
JsonObject  *_mcp_client_string_map_to_object (GHashTable         *map);

/* mcp-client-headers.c */
gboolean     _mcp_client_tool_is_usable       (McpClient          *self,
                                               gpointer            item);
void         _mcp_client_watch_http_headers   (McpClient          *self);
gboolean     _mcp_tool_set_request_params     (McpTool            *tool,
                                               McpRequestInfo     *info,
                                               char              **problem);
void         _mcp_client_unwatch_http_headers (McpClient          *self);

/* mcp-client-tools.c */
extern const McpListKind _mcp_list_tools_kind;

void         _mcp_client_remember_tools       (McpClient          *self,
                                               GListModel         *tools);

/* mcp-client-resources.c */
extern const McpListKind _mcp_list_resources_kind;
extern const McpListKind _mcp_list_resource_templates_kind;

/* mcp-client-prompts.c */
extern const McpListKind _mcp_list_prompts_kind;

/* mcp-client-tasks.c */
extern const McpListKind _mcp_list_tasks_kind;

gpointer     _mcp_client_parse_task           (McpClient          *self,
                                               JsonNode           *result,
                                               GError            **error);

/* mcp-client-subscriptions.c */
void         _mcp_client_start_listening      (McpClient          *self);
gboolean     _mcp_client_route_to_subscriptions (McpClient        *self,
                                               const char         *method,
                                               JsonNode           *params);
void         _mcp_client_close_subscription   (McpClient          *self,
                                               McpSubscription    *subscription);
void         _mcp_client_end_subscriptions    (McpClient          *self,
                                               const GError       *error);
void         _mcp_client_count_resource_subscription (McpClient   *self,
                                               const char         *uri,
                                               gboolean            subscribe);
void         _mcp_client_change_resource_subscription (McpClient  *self,
                                               const char         *uri,
                                               gboolean            subscribe,
                                               GTask              *task);

/* mcp-client-roots.c */
void         _mcp_client_answer_roots         (McpClient          *self,
                                               McpServerRequest   *request);

/* mcp-client.c: what the objects beside the client (McpToolCall,
 * McpLiveModel) ask of it, rather than reading its structure. */
GMainContext *_mcp_client_get_context         (McpClient          *self);
McpRpc      *_mcp_client_get_rpc              (McpClient          *self);
McpTool     *_mcp_client_lookup_tool          (McpClient          *self,
                                               const char         *name);
gboolean     _mcp_client_has_listed_tools     (McpClient          *self);
void         _mcp_client_add_tool_call        (McpClient          *self,
                                               GObject            *call);
void         _mcp_client_remove_tool_call     (McpClient          *self,
                                               GObject            *call);

/* mcp-live-model.c */
GListModel  *_mcp_client_get_live_model       (McpClient          *self,
                                               McpLiveKind         which);
void         _mcp_client_refresh_live_model   (McpClient          *self,
                                               McpLiveKind         which);

G_END_DECLS
