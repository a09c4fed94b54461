/* mcp-tool-call.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One tools/call from the caller's point of view. Most calls are one
 * request and its answer. A tool that requires a task runs in task mode:
 * the call creates the task, tasks/get polls it at the server's interval,
 * and tasks/result fetches the result (and meanwhile carries the requests
 * the task needs answered, such as an elicitation). Cancelling ends the
 * whole call at once and asks the server to cancel the task too. Whichever
 * path finishes first completes the caller's task, exactly once.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-request-options-private.h"
#include "mcp-source-private.h"
#include "mcp-tool-call-private.h"
#include "mcp-tool.h"

#define DEFAULT_POLL_INTERVAL_MS 1000
#define MIN_POLL_INTERVAL_MS     50
#define MAX_POLL_INTERVAL_MS     30000

struct _McpToolCall
{
  GObject            parent_instance;

  McpClient         *client;
  GTask             *task;
  char              *name;
  JsonObject        *arguments;
  McpRequestOptions *options;

  /* Sent again once, after a header mismatch. */
  gboolean           relisted;

  /* Task mode only. */
  char              *task_id;
  GCancellable      *inner;
  GSource           *cancel_source;
  GSource           *poll_source;
  guint              poll_interval;

  gboolean           done;
};

G_DEFINE_FINAL_TYPE (McpToolCall, mcp_tool_call, G_TYPE_OBJECT)

static void
clear_cancel_source (McpToolCall *self)
{
  if (self->cancel_source != NULL)
    {
      g_source_destroy (self->cancel_source);
      g_clear_pointer (&self->cancel_source, g_source_unref);
    }
}

static void
mcp_tool_call_dispose (GObject *object)
{
  McpToolCall *self = (McpToolCall *)object;

  _mcp_source_clear (&self->poll_source);
  clear_cancel_source (self);
  g_clear_object (&self->inner);
  g_clear_object (&self->task);
  g_clear_object (&self->options);

  G_OBJECT_CLASS (mcp_tool_call_parent_class)->dispose (object);
}

static void
mcp_tool_call_finalize (GObject *object)
{
  McpToolCall *self = (McpToolCall *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->arguments, json_object_unref);
  g_clear_pointer (&self->task_id, g_free);

  G_OBJECT_CLASS (mcp_tool_call_parent_class)->finalize (object);
}

static void
mcp_tool_call_class_init (McpToolCallClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_tool_call_dispose;
  object_class->finalize = mcp_tool_call_finalize;
}

static void
mcp_tool_call_init (McpToolCall *self)
{
}

/* @task is the caller's: its source object is @client, which it keeps
 * alive for as long as the call runs. */
McpToolCall *
_mcp_tool_call_new (McpClient         *client,
                    GTask             *task,
                    const char        *name,
                    JsonObject        *arguments,
                    McpRequestOptions *options)
{
  McpToolCall *self;

  g_assert (MCP_IS_CLIENT (client));
  g_assert (G_IS_TASK (task));
  g_assert (g_task_get_source_object (task) == client);

  self = g_object_new (MCP_TYPE_TOOL_CALL, NULL);
  self->client = client;
  self->task = g_object_ref (task);
  self->name = g_strdup (name);
  self->arguments = arguments != NULL ? json_object_ref (arguments) : NULL;
  self->options = options != NULL ? g_object_ref (options) : NULL;

  return self;
}

/* Completes the caller's task once, whichever path gets there first. */
static void
tool_call_return (McpToolCall   *self,
                  McpToolResult *result,
                  GError        *error)
{
  g_autoptr(McpToolCall) hold = g_object_ref (self);

  _mcp_client_remove_tool_call (self->client, G_OBJECT (self));

  if (self->done)
    {
      g_clear_object (&result);
      g_clear_error (&error);
      return;
    }

  self->done = TRUE;
  _mcp_source_clear (&self->poll_source);
  clear_cancel_source (self);

  if (error != NULL)
    g_task_return_error (self->task, error);
  else
    g_task_return_pointer (self->task, result, g_object_unref);
}

/* Ends a call that is still running, e.g. when the connection ended. */
void
_mcp_tool_call_fail (McpToolCall *self,
                     GError      *error)
{
  g_return_if_fail (MCP_IS_TOOL_CALL (self));

  tool_call_return (self, NULL, error);
}

static void
tool_call_return_answer (McpToolCall *self,
                         JsonNode    *answer)
{
  GError *error = NULL;
  McpToolResult *result;

  if (!JSON_NODE_HOLDS_OBJECT (answer))
    {
      tool_call_return (self, NULL,
                        g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                     _("The result of the tool “%s” is not an object"),
                                     self->name));
      return;
    }

  result = mcp_tool_result_new_from_json (json_node_get_object (answer), &error);
  tool_call_return (self, result, error);
}

static void tools_listed_cb (GObject      *object,
                             GAsyncResult *result,
                             gpointer      user_data);

/* A plain call: its answer, after as many rounds of input as it took. */
static void
call_tool_rounds_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(McpToolCall) self = user_data;
  g_autoptr(JsonNode) answer = NULL;
  GError *error = NULL;

  answer = _mcp_client_call_finish (MCP_CLIENT (object), result, &error);

  /* The headers of the call did not match what the server expects of the
   * tool: its description changed. List the tools again, from the server
   * even if it said the list would stay fresh (it did not), and call once
   * more with what they say now. */
  if (answer == NULL && error->domain == MCP_ERROR && error->code == MCP_ERROR_HEADER_MISMATCH &&
      !self->relisted && mcp_client_get_state (self->client) == MCP_CLIENT_STATE_READY)
    {
      g_debug ("The server found the headers of the call of “%s” wrong (%s); listing the "
               "tools again", self->name, error->message);
      g_clear_error (&error);
      self->relisted = TRUE;
      _mcp_client_forget_list (self->client, MCP_LIVE_TOOLS);
      _mcp_client_list_all_async (self->client, &_mcp_list_tools_kind,
                                  (gpointer) &_mcp_list_tools_kind,
                                  g_task_get_cancellable (self->task),
                                  tools_listed_cb, g_object_ref (self));
      return;
    }

  if (answer == NULL)
    tool_call_return (self, NULL, error);
  else
    tool_call_return_answer (self, answer);
}

/* The last step of a task: the answer is a CallToolResult. */
static void
call_tool_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(McpToolCall) self = user_data;
  g_autoptr(JsonNode) answer = NULL;
  GError *error = NULL;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    tool_call_return (self, NULL, error);
  else
    tool_call_return_answer (self, answer);
}

static void tool_call_poll (McpToolCall *self);

static void
task_status_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(McpToolCall) self = user_data;
  g_autoptr(McpRequestOptions) options = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(McpTask) status = NULL;
  GError *error = NULL;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer != NULL)
    status = _mcp_client_parse_task (self->client, answer, &error);
  if (status == NULL)
    {
      tool_call_return (self, NULL, error);
      return;
    }

  if (self->done)
    return;

  if (mcp_task_get_status (status) == MCP_TASK_STATUS_WORKING)
    {
      tool_call_poll (self);
      return;
    }

  /* Finished, or waiting for input: tasks/result delivers the result, and
   * meanwhile the requests that need an answer (such as an elicitation). */
  options = mcp_request_options_new ();
  mcp_request_options_set_timeout (options, mcp_client_get_max_request_timeout (self->client));
  _mcp_rpc_call_async (_mcp_client_get_rpc (self->client), "tasks/result",
                       _mcp_client_params_with_string ("taskId", self->task_id),
                       MCP_RPC_CALL_DEFAULT, 0, options, self->inner,
                       call_tool_cb, g_object_ref (self));
}

static gboolean
tool_call_poll_cb (gpointer user_data)
{
  McpToolCall *self = user_data;

  _mcp_source_clear (&self->poll_source);
  _mcp_rpc_call_async (_mcp_client_get_rpc (self->client), "tasks/get",
                       _mcp_client_params_with_string ("taskId", self->task_id),
                       MCP_RPC_CALL_DEFAULT, 0, NULL, self->inner,
                       task_status_cb, g_object_ref (self));

  return G_SOURCE_REMOVE;
}

static void
tool_call_poll (McpToolCall *self)
{
  self->poll_source = _mcp_timeout_source_attach (_mcp_client_get_context (self->client), self->poll_interval,
                                                  tool_call_poll_cb, g_object_ref (self),
                                                  g_object_unref);
}

/* The task outlives the request that started it: ask the server to stop
 * the work too. */
static void
cancel_task (McpToolCall *self)
{
  if (mcp_client_get_state (self->client) == MCP_CLIENT_STATE_READY)
    _mcp_rpc_call_async (_mcp_client_get_rpc (self->client), "tasks/cancel",
                         _mcp_client_params_with_string ("taskId", self->task_id),
                         MCP_RPC_CALL_DEFAULT, 0, NULL, NULL, NULL, NULL);
}

static gboolean
tool_call_cancelled_cb (GCancellable *cancellable,
                        gpointer      user_data)
{
  McpToolCall *self = user_data;

  /* Before the server said which task it created, cancelling the request
   * would not stop the task, and would leave its id unknown: the request
   * goes on, and the task is cancelled once its id comes
   * (task_created_cb ()). */
  if (self->task_id != NULL)
    {
      cancel_task (self);
      g_cancellable_cancel (self->inner);
    }

  tool_call_return (self, NULL,
                    g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                 _("The call of the tool “%s” was cancelled"), self->name));

  return G_SOURCE_REMOVE;
}

static void
task_created_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(McpToolCall) self = user_data;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(McpTask) created = NULL;
  JsonObject *task_json;
  GError *error = NULL;
  gint64 interval;

  answer = _mcp_rpc_call_finish (MCP_RPC (object), result, &error);
  if (answer == NULL)
    {
      tool_call_return (self, NULL, error);
      return;
    }

  /* A server may run the call directly after all. */
  task_json = JSON_NODE_HOLDS_OBJECT (answer)
              ? _mcp_json_object_get_object (json_node_get_object (answer), "task") : NULL;
  if (task_json == NULL)
    {
      tool_call_return_answer (self, answer);
      return;
    }

  if (!(created = mcp_task_new_from_json (task_json, &error)))
    {
      tool_call_return (self, NULL, error);
      return;
    }

  self->task_id = g_strdup (mcp_task_get_task_id (created));

  /* The caller cancelled while the server created the task. */
  if (self->done)
    {
      cancel_task (self);
      return;
    }

  interval = mcp_task_get_poll_interval (created);
  self->poll_interval = interval < 0 ? DEFAULT_POLL_INTERVAL_MS
                                     : CLAMP (interval, MIN_POLL_INTERVAL_MS, MAX_POLL_INTERVAL_MS);

  g_debug ("The tool “%s” runs as task %s", self->name, self->task_id);
  _mcp_client_add_tool_call (self->client, G_OBJECT (self));

  /* The connection may have ended while this answer waited for its
   * callback (GTask calls back from a later main loop iteration): then
   * nothing would end the wait. The poll fails at once, with the reason. */
  if (mcp_client_get_state (self->client) == MCP_CLIENT_STATE_CLOSED)
    {
      tool_call_poll_cb (self);
      return;
    }

  tool_call_poll (self);
}

static void
task_progress_cb (McpRequestOptions *options,
                  double             progress,
                  double             total,
                  const char        *message,
                  McpToolCall       *self)
{
  if (!self->done)
    _mcp_request_options_emit_progress (self->options, progress, total, message);
}

static gboolean
server_runs_tool_tasks (McpClient *client)
{
  JsonObject *tasks = _mcp_json_object_get_object (mcp_client_get_server_capabilities (client), "tasks");
  JsonObject *tools = _mcp_json_object_get_object (_mcp_json_object_get_object (tasks, "requests"),
                                                   "tools");

  return _mcp_json_object_get_object (tools, "call") != NULL;
}

static void
tool_call_dispatch (McpToolCall *self)
{
  McpClient *client = self->client;
  McpTool *tool = _mcp_client_lookup_tool (client, self->name);
  GCancellable *cancellable = g_task_get_cancellable (self->task);
  JsonObject *params;
  g_autoptr(McpRequestOptions) options = NULL;

  /* Cancelled already: nothing is sent, not even a task to cancel. */
  if (g_cancellable_is_cancelled (cancellable))
    {
      tool_call_return (self, NULL,
                        g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                     _("The call of the tool “%s” was cancelled"), self->name));
      return;
    }

  params = json_object_new ();
  json_object_set_string_member (params, "name", self->name);
  if (self->arguments != NULL)
    json_object_set_object_member (params, "arguments", json_object_ref (self->arguments));

  if (tool == NULL || mcp_tool_get_task_support (tool) != MCP_TASK_SUPPORT_REQUIRED ||
      !server_runs_tool_tasks (client))
    {
      _mcp_client_call_async (client, "tools/call", _mcp_json_node_new_object (params),
                              self->options, cancellable, call_tool_rounds_cb, g_object_ref (self));
      return;
    }

  /* The caller's cancellable ends the whole task, not just one request;
   * its requests run with a cancellable of the call's own, so progress is
   * passed on with the caller's. */
  json_object_set_object_member (params, "task", json_object_new ());
  if (self->options != NULL)
    {
      McpRequestOptions *caller = self->options;

      options = g_object_new (MCP_TYPE_REQUEST_OPTIONS,
                              "timeout", mcp_request_options_get_timeout (caller),
                              "max-total-timeout", mcp_request_options_get_max_total_timeout (caller),
                              "reset-timeout-on-progress",
                              mcp_request_options_get_reset_timeout_on_progress (caller),
                              NULL);
      g_signal_connect_object (options, "progress", G_CALLBACK (task_progress_cb), self, 0);
    }
  self->inner = g_cancellable_new ();
  if (cancellable != NULL)
    {
      self->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (self->cancel_source, G_SOURCE_FUNC (tool_call_cancelled_cb),
                             self, NULL);
      g_source_attach (self->cancel_source, _mcp_client_get_context (client));
    }

  _mcp_rpc_call_async (_mcp_client_get_rpc (client), "tools/call", _mcp_json_node_new_object (params),
                       MCP_RPC_CALL_DEFAULT, 0, options, self->inner,
                       task_created_cb, g_object_ref (self));
}

static void
tools_listed_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(McpToolCall) self = user_data;
  g_autoptr(GListModel) tools = NULL;
  GError *error = NULL;

  tools = _mcp_client_list_all_finish (MCP_CLIENT (object), result,
                                       (gpointer) &_mcp_list_tools_kind, &error);
  if (tools == NULL)
    {
      tool_call_return (self, NULL, error);
      return;
    }

  tool_call_dispatch (self);
}

/* Starts the call; the caller has checked that the client is ready and the
 * server offers tools. */
void
_mcp_tool_call_start (McpToolCall *self)
{
  g_return_if_fail (MCP_IS_TOOL_CALL (self));

  /* How to call a tool depends on its description: fetch the list once if
   * the server runs tools as tasks and we have not seen it yet. */
  if (server_runs_tool_tasks (self->client) &&
      !_mcp_client_has_listed_tools (self->client))
    _mcp_client_list_all_async (self->client, &_mcp_list_tools_kind,
                                (gpointer) &_mcp_list_tools_kind,
                                g_task_get_cancellable (self->task),
                                tools_listed_cb, g_object_ref (self));
  else
    tool_call_dispatch (self);
}
