/* mcp-toolbox-run.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A turn of a McpToolbox: the calls of one response of the model, each
 * approved (or refused), run through the group with a deadline, all
 * cancelled together, and their results given back in the API's format.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-json-private.h"
#include "mcp-toolbox-private.h"

/* A turn: the calls of one response of the model. */
typedef struct
{
  GTask            *task;         /* unowned: the turn is its data */
  McpToolbox       *self;
  McpClientGroup   *group;        /* the toolbox's */
  GPtrArray        *entries;
  GPtrArray        *calls;        /* struct Call, one per entry */
  GCancellable     *cancellable;  /* the turn's own, for the approvals */
  GCancellable     *caller_cancellable;
  gulong            cancelled_id;
  McpRequestOptions *options;     /* the calls' timeout, shared */
  GSource          *timer;        /* at the first deadline of the calls running */
  McpToolboxFormat  format;
  gboolean          strict;
  guint             timeout;
  gsize             budget;
  guint             pending;
  gboolean          cancelled;
} Turn;

typedef struct
{
  GTask          *task;         /* while the call is not over */
  guint           index;
  McpGroupItem   *item;
  McpToolboxCall *call;         /* cleared when it goes or is forgotten: the application holds it */
  GCancellable   *cancellable;  /* the call's: its timeout, the turn's end */
  gint64          deadline;     /* monotonic, once it runs */
  gboolean        running;
  gboolean        timed_out;
} Call;

static void
call_free (Call *call)
{
  if (call->call != NULL)
    _mcp_toolbox_call_forget (call->call);
  g_clear_object (&call->item);
  g_clear_object (&call->cancellable);
  g_free (call);
}

static void
turn_free (Turn *turn)
{
  if (turn->cancelled_id != 0)
    g_cancellable_disconnect (turn->caller_cancellable, turn->cancelled_id);
  g_clear_object (&turn->caller_cancellable);
  g_clear_object (&turn->options);
  if (turn->timer != NULL)
    g_source_destroy (turn->timer);
  g_clear_pointer (&turn->timer, g_source_unref);
  g_clear_pointer (&turn->calls, g_ptr_array_unref);
  g_clear_pointer (&turn->entries, g_ptr_array_unref);
  g_clear_object (&turn->cancellable);
  g_clear_object (&turn->self);
  g_free (turn);
}

static void
call_done (Call *call)
{
  g_autoptr(GTask) task = g_steal_pointer (&call->task);
  Turn *turn = g_task_get_task_data (task);

  g_assert (turn->pending > 0);
  if (call->call != NULL)
    _mcp_toolbox_call_forget (call->call);

  if (--turn->pending > 0)
    return;

  if (turn->cancelled)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             _("The turn was cancelled"));
  else
    g_task_return_pointer (task, _mcp_toolbox_results (turn->format, turn->entries, turn->budget),
                           (GDestroyNotify) json_node_unref);
}

static McpToolboxEntry *
call_entry (Call *call)
{
  Turn *turn = g_task_get_task_data (call->task);

  return g_ptr_array_index (turn->entries, call->index);
}

static void
on_tool_called (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Call *call = user_data;
  McpToolboxEntry *entry = call_entry (call);
  g_autoptr(GError) error = NULL;

  entry->result = mcp_client_group_call_tool_finish (MCP_CLIENT_GROUP (object), result, &error);
  if (entry->result == NULL)
    {
      Turn *turn = g_task_get_task_data (call->task);
      guint seconds = (turn->timeout + 999) / 1000;

      /* The client's timeout is the same as ours: whichever comes first. */
      if (call->timed_out || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
        entry->problem = g_strdup_printf (ngettext ("The tool did not answer within %u second; the call was cancelled.",
                                                    "The tool did not answer within %u seconds; the call was cancelled.",
                                                    seconds),
                                          seconds);
      else
        entry->problem = g_strdup_printf (_("The call failed: %s"), error->message);
    }

  call_done (call);
}

/* One source per turn, ready at the first deadline of the calls running:
 * calls of a turn mostly start together, and a source each would cost
 * more than the rest of the bridge's part of a call. */
static gboolean
timer_dispatch (GSource     *source,
                GSourceFunc  callback,
                gpointer     user_data)
{
  return callback (user_data);
}

static GSourceFuncs timer_funcs = { NULL, NULL, timer_dispatch, NULL, NULL, NULL };

static gboolean
on_deadline (gpointer user_data)
{
  Turn *turn = user_data;
  /* A call cancelled here may end the turn at once. */
  g_autoptr(GTask) hold = g_object_ref (turn->task);
  gint64 now = g_get_monotonic_time ();
  gint64 next = -1;

  for (guint i = 0; i < turn->calls->len; i++)
    {
      Call *call = g_ptr_array_index (turn->calls, i);

      if (call->task == NULL || !call->running || call->timed_out)
        continue;
      if (call->deadline <= now)
        {
          call->timed_out = TRUE;
          g_cancellable_cancel (call->cancellable);
        }
      else if (next < 0 || call->deadline < next)
        next = call->deadline;
    }

  g_source_set_ready_time (turn->timer, next);
  return G_SOURCE_CONTINUE;
}

static void
start_call (Call *call)
{
  Turn *turn = g_task_get_task_data (call->task);
  McpToolboxEntry *entry = call_entry (call);
  McpGroupItem *item = call->item;

  call->running = TRUE;
  call->deadline = g_get_monotonic_time () + (gint64) turn->timeout * 1000;
  if (turn->timer == NULL)
    {
      turn->timer = g_source_new (&timer_funcs, sizeof (GSource));
      g_source_set_static_name (turn->timer, "[mcp-glib] tool call deadlines");
      g_source_set_callback (turn->timer, on_deadline, turn, NULL);
      g_source_attach (turn->timer, g_task_get_context (call->task));
    }
  if (g_source_get_ready_time (turn->timer) < 0)
    g_source_set_ready_time (turn->timer, call->deadline);

  mcp_client_group_call_tool_async (turn->group, mcp_group_item_get_qualified_name (item),
                                    entry->arguments, turn->options, call->cancellable,
                                    on_tool_called, call);
}

static void
on_decision (McpToolboxCall     *toolbox_call,
             McpToolboxDecision  decision,
             const char         *reason,
             gpointer            user_data)
{
  Call *call = user_data;
  McpToolboxEntry *entry = call_entry (call);

  switch (decision)
    {
    case MCP_TOOLBOX_DECISION_APPROVED:
      start_call (call);
      return;

    case MCP_TOOLBOX_DECISION_DENIED:
      if (reason != NULL)
        entry->problem = g_strdup_printf (_("The user did not allow this call of “%s”: %s"),
                                          entry->name, reason);
      else
        entry->problem = g_strdup_printf (_("The user did not allow this call of “%s”."),
                                          entry->name);
      break;

    case MCP_TOOLBOX_DECISION_DROPPED:
    default:
      entry->problem = g_strdup_printf (_("The call of “%s” was not run: the application did not say whether it may."),
                                        entry->name);
      break;
    }

  call_done (call);
}

static gboolean
end_turn (gpointer user_data)
{
  GTask *task = user_data;
  Turn *turn = g_task_get_task_data (task);

  if (turn->cancelled)
    return G_SOURCE_REMOVE;

  turn->cancelled = TRUE;
  g_cancellable_cancel (turn->cancellable);

  for (guint i = 0; i < turn->calls->len; i++)
    {
      Call *call = g_ptr_array_index (turn->calls, i);

      if (call->task == NULL)
        continue;
      if (call->running)
        g_cancellable_cancel (call->cancellable);
      else
        call_done (call);
    }

  return G_SOURCE_REMOVE;
}

static void
on_turn_cancelled (GCancellable *cancellable,
                   gpointer      user_data)
{
  GTask *task = user_data;
  GSource *source = g_idle_source_new ();

  /* Not here: GCancellable holds its lock while it runs this. */
  g_source_set_static_name (source, "[mcp-glib] end of a tool turn");
  g_source_set_callback (source, end_turn, g_object_ref (task), g_object_unref);
  g_source_attach (source, g_task_get_context (task));
  g_source_unref (source);
}

/**
 * mcp_toolbox_run_async:
 * @self: a toolbox
 * @response: the model's response, as the API gave it
 * @cancellable: (nullable): a cancellable for the whole turn
 * @callback: called when every call is over
 * @user_data: data for @callback
 *
 * Runs the calls the model asked for in @response, all at once, through
 * the group. @response is what the API answered, or the part of it that
 * holds the calls: for OpenAI's Chat Completions the response or its
 * `message` (`tool_calls`, whose arguments are JSON text); for the
 * Responses API the response or its `output`; for Anthropic the message
 * or its `content` (`tool_use` blocks); for Gemini the response, its
 * candidate's `content` or its `parts` (`functionCall`); for Ollama the
 * response or its `message` (`tool_calls`).
 *
 * Each call is first offered to [signal@Mcp.Toolbox::approve-call], and
 * runs for at most [property@Mcp.Toolbox:call-timeout]. A call of a tool
 * that is not offered, with arguments that are not a JSON object, refused,
 * failed or too slow gets a result that tells the model so; it is never
 * an error of the turn. At most 128 calls of one response run; the others
 * get a result that says so. Cancelling @cancellable ends the turn at
 * once: the calls running are cancelled, and the turn fails with
 * `G_IO_ERROR_CANCELLED`.
 *
 * Since: 1.0
 */
void
mcp_toolbox_run_async (McpToolbox          *self,
                       JsonNode            *response,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *entries;
  Turn *turn;

  g_return_if_fail (MCP_IS_TOOLBOX (self));
  g_return_if_fail (response != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_toolbox_run_async);
  g_task_set_check_cancellable (task, FALSE);

  entries = _mcp_toolbox_parse_calls (mcp_toolbox_get_format (self), response, &error);
  if (entries == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  turn = g_new0 (Turn, 1);
  turn->task = task;
  turn->self = g_object_ref (self);
  turn->entries = entries;
  turn->calls = g_ptr_array_new_with_free_func ((GDestroyNotify) call_free);
  turn->cancellable = g_cancellable_new ();
  turn->group = mcp_toolbox_get_group (self);
  turn->format = mcp_toolbox_get_format (self);
  turn->strict = mcp_toolbox_get_strict (self);
  turn->timeout = mcp_toolbox_get_call_timeout (self);
  turn->budget = mcp_toolbox_get_max_result_size (self);
  turn->pending = 1;
  /* The client's own timeout would end the calls sooner than ours. */
  turn->options = mcp_request_options_new ();
  mcp_request_options_set_timeout (turn->options, turn->timeout);
  mcp_request_options_set_max_total_timeout (turn->options, turn->timeout);
  g_task_set_task_data (task, turn, (GDestroyNotify) turn_free);

  for (guint i = 0; i < entries->len; i++)
    {
      McpToolboxEntry *entry = g_ptr_array_index (entries, i);
      McpGroupItem *item;
      Call *call;

      if (entry->problem != NULL)
        continue;

      item = mcp_toolbox_lookup_tool (self, entry->name);
      if (item == NULL)
        {
          entry->problem = g_strdup_printf (_("There is no tool named “%s”. Call one of the tools offered."),
                                            entry->name);
          continue;
        }

      /* A broken or hostile answer does not start servers' work, or ask
       * the user, without end. */
      if (turn->calls->len >= MCP_TOOLBOX_MAX_CALLS)
        {
          entry->problem = g_strdup_printf (ngettext ("Not run: at most %u call runs per answer. Ask for it again.",
                                                      "Not run: at most %u calls run per answer. Ask for it again.",
                                                      MCP_TOOLBOX_MAX_CALLS),
                                            MCP_TOOLBOX_MAX_CALLS);
          continue;
        }

      if (turn->strict && (turn->format == MCP_TOOLBOX_FORMAT_OPENAI ||
                           turn->format == MCP_TOOLBOX_FORMAT_OPENAI_RESPONSES))
        {
          JsonObject *copy = _mcp_json_object_copy_members (entry->arguments);

          json_object_unref (entry->arguments);
          entry->arguments = copy;
          _mcp_toolbox_drop_nulls (entry->arguments,
                                   mcp_tool_get_input_schema (MCP_TOOL (mcp_group_item_get_item (item))));
        }

      call = g_new0 (Call, 1);
      call->task = g_object_ref (task);
      call->index = i;
      call->item = g_object_ref (item);
      call->cancellable = g_cancellable_new ();
      g_ptr_array_add (turn->calls, call);
      turn->pending++;
    }

  if (cancellable != NULL)
    {
      turn->caller_cancellable = g_object_ref (cancellable);
      turn->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (on_turn_cancelled),
                                                  task, NULL);
    }

  /* Asked one after the other: a handler may answer at once, and the
   * calls approved run while the next is asked. */
  for (guint i = 0; i < turn->calls->len && !turn->cancelled; i++)
    {
      Call *call = g_ptr_array_index (turn->calls, i);
      McpToolboxEntry *entry = call_entry (call);
      g_autoptr(McpToolboxCall) toolbox_call = NULL;

      /* Nobody to ask: the rule of the signal's default, without an
       * object for the call that nobody would see. */
      if (!_mcp_toolbox_asks_approval (self))
        {
          McpTool *tool = MCP_TOOL (mcp_group_item_get_item (call->item));

          if (_mcp_json_object_get_bool (mcp_tool_get_annotations (tool), "readOnlyHint", FALSE))
            start_call (call);
          else
            {
              entry->problem = g_strdup_printf (_("The tool “%s” was not run: it is not marked read-only, and nobody was asked to approve it."),
                                                entry->name);
              call_done (call);
            }
          continue;
        }

      /* Only the application holds the call once it is asked: one it
       * drops unanswered is refused when it goes. */
      toolbox_call = _mcp_toolbox_call_new (entry->id, entry->name, call->item, entry->arguments,
                                            turn->cancellable, on_decision, call, &call->call);

      if (!_mcp_toolbox_emit_approve_call (self, toolbox_call))
        {
          if (mcp_toolbox_call_get_read_only (toolbox_call))
            mcp_toolbox_call_approve (toolbox_call);
          else
            {
              _mcp_toolbox_call_forget (toolbox_call);
              entry->problem = g_strdup_printf (_("The tool “%s” was not run: it is not marked read-only, and nobody was asked to approve it."),
                                                entry->name);
              call_done (call);
            }
        }
    }

  /* The guard taken above. */
  {
    Call guard = { g_steal_pointer (&task), 0, NULL, NULL, NULL, 0, FALSE, FALSE };

    call_done (&guard);
  }
}

/**
 * mcp_toolbox_run_finish:
 * @self: a toolbox
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes a turn started with [method@Mcp.Toolbox.run_async]: the
 * messages that carry the results back to the model, in the API's format,
 * to append to the conversation after the model's response. For OpenAI's
 * Chat Completions and Ollama, a `tool` message per call; for the
 * Responses API, a `function_call_output` item per call; for Anthropic,
 * one `user` message of `tool_result` blocks; for Gemini, one `user`
 * content of `functionResponse` parts. The array is empty when the model
 * asked for no call: its response is its answer.
 *
 * Returns: (transfer full): a JSON array of messages, or %NULL with
 *   @error set if @response was not one of the API or the turn was
 *   cancelled
 *
 * Since: 1.0
 */
JsonNode *
mcp_toolbox_run_finish (McpToolbox    *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_toolbox_run_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
