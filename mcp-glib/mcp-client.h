/* mcp-client.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-completion.h"
#include "mcp-implementation.h"
#include "mcp-log-level.h"
#include "mcp-prompt-result.h"
#include "mcp-request-options.h"
#include "mcp-root.h"
#include "mcp-server-request.h"
#include "mcp-subscription.h"
#include "mcp-task.h"
#include "mcp-tool-result.h"
#include "mcp-transport.h"
#include "mcp-version-macros.h"

G_BEGIN_DECLS

/**
 * MCP_PROTOCOL_VERSION_LATEST:
 *
 * The newest MCP protocol revision the client speaks, the stateless one:
 * what it asks for first when it connects.
 *
 * Since: 1.0
 */
#define MCP_PROTOCOL_VERSION_LATEST "2026-07-28"

/**
 * MCP_PROTOCOL_VERSION_LATEST_LEGACY:
 *
 * The newest revision with an `initialize` handshake, which the client
 * offers to servers that do not speak %MCP_PROTOCOL_VERSION_LATEST.
 *
 * Since: 1.0
 */
#define MCP_PROTOCOL_VERSION_LATEST_LEGACY "2025-11-25"

/**
 * MCP_CLIENT_DEFAULT_MAX_INPUT_ROUNDS:
 *
 * The default of [property@Mcp.Client:max-input-rounds]: 10.
 *
 * Since: 1.0
 */
#define MCP_CLIENT_DEFAULT_MAX_INPUT_ROUNDS 10

/**
 * MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT:
 *
 * The default of [property@Mcp.Client:request-timeout]: 60 seconds.
 *
 * Since: 1.0
 */
#define MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT 60000

/**
 * MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT:
 *
 * The default of [property@Mcp.Client:max-request-timeout]: 10 minutes.
 *
 * Since: 1.0
 */
#define MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT 600000

/**
 * MCP_CLIENT_DEFAULT_CONNECT_TIMEOUT:
 *
 * The default of [property@Mcp.Client:connect-timeout]: 60 seconds.
 *
 * Since: 1.0
 */
#define MCP_CLIENT_DEFAULT_CONNECT_TIMEOUT 60000

/**
 * McpClientState:
 * @MCP_CLIENT_STATE_DISCONNECTED: not connected yet
 * @MCP_CLIENT_STATE_CONNECTING: the handshake is in progress
 * @MCP_CLIENT_STATE_READY: connected; requests can be made
 * @MCP_CLIENT_STATE_CLOSED: the connection ended, by a close or a failure
 *
 * The life cycle of a [class@Mcp.Client]. A client is used for one
 * connection: once closed, create a new one to connect again.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_CLIENT_STATE_DISCONNECTED,
  MCP_CLIENT_STATE_CONNECTING,
  MCP_CLIENT_STATE_READY,
  MCP_CLIENT_STATE_CLOSED,
} McpClientState;

/**
 * McpClientFeatures:
 * @MCP_CLIENT_FEATURES_NONE: nothing beyond the basics
 * @MCP_CLIENT_FEATURES_ROOTS: the client tells the server its roots (see
 *   [method@Mcp.Client.add_root]); declares `roots` with `listChanged`
 * @MCP_CLIENT_FEATURES_SAMPLING: the application answers
 *   `sampling/createMessage` requests; declares `sampling`
 * @MCP_CLIENT_FEATURES_SAMPLING_TOOLS: sampling requests may offer tools
 *   (`sampling.tools`)
 * @MCP_CLIENT_FEATURES_SAMPLING_CONTEXT: sampling requests may ask to
 *   include context (`sampling.context`)
 * @MCP_CLIENT_FEATURES_ELICITATION_FORM: the application answers form
 *   elicitation requests; declares `elicitation.form`
 * @MCP_CLIENT_FEATURES_ELICITATION_URL: the application answers URL
 *   elicitation requests; declares `elicitation.url`
 * @MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS: when the application
 *   accepts a form elicitation, the client fills the fields it left out with
 *   the defaults of the requested schema (`elicitation.form.applyDefaults`)
 *
 * What the application handles, and so which capabilities the client
 * declares when it connects. A server request for a feature that was not
 * declared is answered with a "method not found" error, whatever handlers
 * are connected.
 *
 * Since: 1.0
 */
typedef enum /*< flags >*/
{
  MCP_CLIENT_FEATURES_NONE = 0,
  MCP_CLIENT_FEATURES_ROOTS = 1 << 0,
  MCP_CLIENT_FEATURES_SAMPLING = 1 << 1,
  MCP_CLIENT_FEATURES_SAMPLING_TOOLS = 1 << 2,
  MCP_CLIENT_FEATURES_SAMPLING_CONTEXT = 1 << 3,
  MCP_CLIENT_FEATURES_ELICITATION_FORM = 1 << 4,
  MCP_CLIENT_FEATURES_ELICITATION_URL = 1 << 5,
  MCP_CLIENT_FEATURES_ELICITATION_APPLY_DEFAULTS = 1 << 6,
} McpClientFeatures;

/**
 * McpVersionNegotiation:
 * @MCP_VERSION_NEGOTIATION_AUTO: find out what the server speaks: ask
 *   `server/discover` (2026-07-28 and later), and fall back to the
 *   `initialize` handshake of 2025-11-25 and older when the server does not
 *   answer it as a stateless server would
 * @MCP_VERSION_NEGOTIATION_LEGACY: use the `initialize` handshake only,
 *   for a server known to be older (it saves the probe)
 * @MCP_VERSION_NEGOTIATION_PINNED: speak exactly
 *   [property@Mcp.Client:pinned-protocol-version], and fail if the server
 *   does not
 *
 * How [class@Mcp.Client] chooses the protocol revision when it connects.
 *
 * Since: 1.0
 */
typedef enum
{
  MCP_VERSION_NEGOTIATION_AUTO,
  MCP_VERSION_NEGOTIATION_LEGACY,
  MCP_VERSION_NEGOTIATION_PINNED,
} McpVersionNegotiation;

#define MCP_TYPE_CLIENT (mcp_client_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (McpClient, mcp_client, MCP, CLIENT, GObject)

MCP_AVAILABLE_IN_1_0
McpClient         *mcp_client_new                     (McpTransport         *transport);
MCP_AVAILABLE_IN_1_0
McpTransport      *mcp_client_get_transport           (McpClient            *self);
MCP_AVAILABLE_IN_1_0
McpClientState     mcp_client_get_state               (McpClient            *self);
MCP_AVAILABLE_IN_1_0
const char        *mcp_client_get_client_name         (McpClient            *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_client_name         (McpClient            *self,
                                                       const char           *name);
MCP_AVAILABLE_IN_1_0
const char        *mcp_client_get_client_version      (McpClient            *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_client_version      (McpClient            *self,
                                                       const char           *version);
MCP_AVAILABLE_IN_1_0
guint              mcp_client_get_request_timeout     (McpClient            *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_request_timeout     (McpClient            *self,
                                                       guint                 timeout_ms);
MCP_AVAILABLE_IN_1_0
guint              mcp_client_get_max_request_timeout (McpClient            *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_max_request_timeout (McpClient            *self,
                                                       guint                 timeout_ms);
MCP_AVAILABLE_IN_1_0
guint              mcp_client_get_connect_timeout     (McpClient            *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_connect_timeout     (McpClient            *self,
                                                       guint                 timeout_ms);
MCP_AVAILABLE_IN_1_0
McpImplementation *mcp_client_get_server_info         (McpClient            *self);
MCP_AVAILABLE_IN_1_0
JsonObject        *mcp_client_get_server_capabilities (McpClient            *self);
MCP_AVAILABLE_IN_1_0
const char        *mcp_client_get_protocol_version    (McpClient            *self);
MCP_AVAILABLE_IN_1_0
const char        *mcp_client_get_instructions        (McpClient            *self);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_get_stateless           (McpClient            *self);
MCP_AVAILABLE_IN_1_0
const char * const *mcp_client_get_server_supported_versions (McpClient      *self);
MCP_AVAILABLE_IN_1_0
McpVersionNegotiation mcp_client_get_version_negotiation (McpClient         *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_version_negotiation (McpClient            *self,
                                                       McpVersionNegotiation negotiation);
MCP_AVAILABLE_IN_1_0
const char        *mcp_client_get_pinned_protocol_version (McpClient        *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_pinned_protocol_version (McpClient        *self,
                                                       const char           *version);
MCP_AVAILABLE_IN_1_0
guint              mcp_client_get_max_input_rounds    (McpClient            *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_max_input_rounds    (McpClient            *self,
                                                       guint                 rounds);
MCP_AVAILABLE_IN_1_0
McpClientFeatures  mcp_client_get_features            (McpClient            *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_features            (McpClient            *self,
                                                       McpClientFeatures     features);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_capability          (McpClient            *self,
                                                       const char           *name,
                                                       JsonObject           *settings);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_extension           (McpClient            *self,
                                                       const char           *name,
                                                       JsonObject           *settings);
MCP_AVAILABLE_IN_1_0
JsonObject        *mcp_client_dup_capabilities        (McpClient            *self);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_get_roots               (McpClient            *self);
MCP_AVAILABLE_IN_1_0
void               mcp_client_add_root                (McpClient            *self,
                                                       McpRoot              *root);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_remove_root             (McpClient            *self,
                                                       const char           *uri);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_get_tools_model         (McpClient            *self);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_get_resources_model     (McpClient            *self);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_get_resource_templates_model (McpClient       *self);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_get_prompts_model       (McpClient            *self);

MCP_AVAILABLE_IN_1_0
void               mcp_client_connect_async           (McpClient            *self,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_connect_finish          (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_list_tools_async        (McpClient            *self,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_list_tools_finish       (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_call_tool_async         (McpClient            *self,
                                                       const char           *name,
                                                       JsonObject           *arguments,
                                                       McpRequestOptions    *options,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
McpToolResult     *mcp_client_call_tool_finish        (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_request_async           (McpClient            *self,
                                                       const char           *method,
                                                       JsonNode             *params,
                                                       McpRequestOptions    *options,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
JsonNode          *mcp_client_request_finish          (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_notify_async            (McpClient            *self,
                                                       const char           *method,
                                                       JsonNode             *params,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_notify_finish           (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_ping_async              (McpClient            *self,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_ping_finish             (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_list_resources_async    (McpClient            *self,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_list_resources_finish   (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_list_resource_templates_async  (McpClient            *self,
                                                              GCancellable         *cancellable,
                                                              GAsyncReadyCallback   callback,
                                                              gpointer              user_data);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_list_resource_templates_finish (McpClient            *self,
                                                              GAsyncResult         *result,
                                                              GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_read_resource_async     (McpClient            *self,
                                                       const char           *uri,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_read_resource_finish    (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_subscribe_resource_async (McpClient           *self,
                                                        const char          *uri,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_subscribe_resource_finish (McpClient          *self,
                                                         GAsyncResult       *result,
                                                         GError            **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_unsubscribe_resource_async (McpClient           *self,
                                                          const char          *uri,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_unsubscribe_resource_finish (McpClient          *self,
                                                           GAsyncResult       *result,
                                                           GError            **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_list_prompts_async      (McpClient            *self,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_list_prompts_finish     (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_get_prompt_async        (McpClient            *self,
                                                       const char           *name,
                                                       GHashTable           *arguments,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
McpPromptResult   *mcp_client_get_prompt_finish       (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_complete_prompt_argument_async   (McpClient           *self,
                                                                const char          *prompt,
                                                                const char          *argument,
                                                                const char          *value,
                                                                GHashTable          *context,
                                                                GCancellable        *cancellable,
                                                                GAsyncReadyCallback  callback,
                                                                gpointer             user_data);
MCP_AVAILABLE_IN_1_0
void               mcp_client_complete_resource_argument_async (McpClient           *self,
                                                                const char          *uri_template,
                                                                const char          *argument,
                                                                const char          *value,
                                                                GHashTable          *context,
                                                                GCancellable        *cancellable,
                                                                GAsyncReadyCallback  callback,
                                                                gpointer             user_data);
MCP_AVAILABLE_IN_1_0
McpCompletion     *mcp_client_complete_prompt_argument_finish   (McpClient     *self,
                                                                 GAsyncResult  *result,
                                                                 GError       **error);
MCP_AVAILABLE_IN_1_0
McpCompletion     *mcp_client_complete_resource_argument_finish (McpClient     *self,
                                                                 GAsyncResult  *result,
                                                                 GError       **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_set_logging_level_async (McpClient            *self,
                                                       McpLogLevel           level,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_set_logging_level_finish (McpClient           *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_list_tasks_async        (McpClient            *self,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
GListModel        *mcp_client_list_tasks_finish       (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_get_task_async          (McpClient            *self,
                                                       const char           *task_id,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
McpTask           *mcp_client_get_task_finish         (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_cancel_task_async       (McpClient            *self,
                                                       const char           *task_id,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
McpTask           *mcp_client_cancel_task_finish      (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_listen_async            (McpClient            *self,
                                                       McpListChanges        lists,
                                                       const char * const   *resource_uris,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
McpSubscription   *mcp_client_listen_finish           (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
MCP_AVAILABLE_IN_1_0
void               mcp_client_close_async             (McpClient            *self,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean           mcp_client_close_finish            (McpClient            *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);

G_END_DECLS
