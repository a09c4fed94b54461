/* mcp-toolbox-call.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One call a model asked a McpToolbox for, as the application sees it
 * when it decides whether the call runs: what would run, where, with
 * what, and the answer, given now or later.
 */

#include "config.h"

#include "mcp-i18n-private.h"
#include "mcp-json-private.h"
#include "mcp-toolbox-private.h"

/**
 * McpToolboxCall:
 *
 * A call of a tool that a language model asked for, waiting for the
 * application's approval: [signal@Mcp.Toolbox::approve-call] hands it to
 * the application, which answers with [method@Mcp.ToolboxCall.approve]
 * or [method@Mcp.ToolboxCall.deny], at once or later (after asking the
 * user). Only the first answer counts. A call that the application lets
 * go of (drops its last reference to) without answering does not run,
 * and the model is told so.
 *
 * The tool's annotations ([method@Mcp.ToolboxCall.get_annotations]) come
 * from the server and are hints: do not trust them more than the server.
 *
 * Since: 1.0
 */

struct _McpToolboxCall
{
  GObject                 parent_instance;

  char                   *id;
  char                   *name;
  McpGroupItem           *item;
  JsonObject             *arguments;
  GCancellable           *cancellable;
  McpToolboxDecisionFunc  func;
  gpointer                user_data;
  /* The toolbox's pointer to the call, cleared when the call goes: a
   * weak pointer without GObject's weak references, which cost more
   * than the rest of the call's object. */
  McpToolboxCall        **slot;
};

G_DEFINE_FINAL_TYPE (McpToolboxCall, mcp_toolbox_call, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_ITEM,
  PROP_ARGUMENTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void decide (McpToolboxCall     *self,
                    McpToolboxDecision  decision,
                    const char         *reason);

static void
mcp_toolbox_call_dispose (GObject *object)
{
  McpToolboxCall *self = (McpToolboxCall *)object;

  /* Nobody will answer any more: the turn must not wait for ever. */
  decide (self, MCP_TOOLBOX_DECISION_DROPPED, NULL);
  _mcp_toolbox_call_forget (self);
  g_clear_object (&self->item);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (mcp_toolbox_call_parent_class)->dispose (object);
}

static void
mcp_toolbox_call_finalize (GObject *object)
{
  McpToolboxCall *self = (McpToolboxCall *)object;

  g_free (self->id);
  g_free (self->name);
  g_clear_pointer (&self->arguments, json_object_unref);

  G_OBJECT_CLASS (mcp_toolbox_call_parent_class)->finalize (object);
}

static void
mcp_toolbox_call_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  McpToolboxCall *self = MCP_TOOLBOX_CALL (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;

    case PROP_ARGUMENTS:
      g_value_set_boxed (value, self->arguments);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_toolbox_call_class_init (McpToolboxCallClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_toolbox_call_dispose;
  object_class->finalize = mcp_toolbox_call_finalize;
  object_class->get_property = mcp_toolbox_call_get_property;

  /**
   * McpToolboxCall:id:
   *
   * The model API's identifier of the call.
   *
   * Since: 1.0
   */
  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolboxCall:name:
   *
   * The name the model called the tool by
   * ([method@Mcp.Toolbox.get_tool_name]).
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolboxCall:item:
   *
   * The tool in the group, with its server.
   *
   * Since: 1.0
   */
  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, MCP_TYPE_GROUP_ITEM,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolboxCall:arguments:
   *
   * The arguments the model gave.
   *
   * Since: 1.0
   */
  properties[PROP_ARGUMENTS] =
    g_param_spec_boxed ("arguments", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_toolbox_call_init (McpToolboxCall *self)
{
}

McpToolboxCall *
_mcp_toolbox_call_new (const char             *id,
                       const char             *name,
                       McpGroupItem           *item,
                       JsonObject             *arguments,
                       GCancellable           *cancellable,
                       McpToolboxDecisionFunc  func,
                       gpointer                user_data,
                       McpToolboxCall        **slot)
{
  McpToolboxCall *self = g_object_new (MCP_TYPE_TOOLBOX_CALL, NULL);

  self->id = g_strdup (id);
  self->name = g_strdup (name);
  self->item = g_object_ref (item);
  self->arguments = json_object_ref (arguments);
  self->cancellable = g_object_ref (cancellable);
  self->func = func;
  self->user_data = user_data;
  self->slot = slot;
  if (slot != NULL)
    *slot = self;

  return self;
}

/* The turn ended: an answer that comes later goes nowhere, and the
 * toolbox's pointer to the call is cleared. */
void
_mcp_toolbox_call_forget (McpToolboxCall *self)
{
  g_assert (MCP_IS_TOOLBOX_CALL (self));

  self->func = NULL;
  self->user_data = NULL;
  if (self->slot != NULL)
    *self->slot = NULL;
  self->slot = NULL;
}

static void
decide (McpToolboxCall     *self,
        McpToolboxDecision  decision,
        const char         *reason)
{
  McpToolboxDecisionFunc func = self->func;
  gpointer user_data = self->user_data;

  self->func = NULL;
  self->user_data = NULL;
  if (func != NULL)
    func (self, decision, reason, user_data);
}

/**
 * mcp_toolbox_call_get_id:
 * @self: a call
 *
 * Gets the model API's identifier of the call (made up by the toolbox
 * where the API has none).
 *
 * Returns: the call's identifier
 *
 * Since: 1.0
 */
const char *
mcp_toolbox_call_get_id (McpToolboxCall *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX_CALL (self), NULL);

  return self->id;
}

/**
 * mcp_toolbox_call_get_name:
 * @self: a call
 *
 * Gets the name the model called the tool by.
 *
 * Returns: the tool's name for the model
 *
 * Since: 1.0
 */
const char *
mcp_toolbox_call_get_name (McpToolboxCall *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX_CALL (self), NULL);

  return self->name;
}

/**
 * mcp_toolbox_call_get_item:
 * @self: a call
 *
 * Gets the tool in the group: its server, its names.
 *
 * Returns: (transfer none): the group's item for the tool
 *
 * Since: 1.0
 */
McpGroupItem *
mcp_toolbox_call_get_item (McpToolboxCall *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX_CALL (self), NULL);

  return self->item;
}

/**
 * mcp_toolbox_call_get_tool:
 * @self: a call
 *
 * Gets the tool, as its server describes it.
 *
 * Returns: (transfer none): the tool
 *
 * Since: 1.0
 */
McpTool *
mcp_toolbox_call_get_tool (McpToolboxCall *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX_CALL (self), NULL);

  return MCP_TOOL (mcp_group_item_get_item (self->item));
}

/**
 * mcp_toolbox_call_get_server_name:
 * @self: a call
 *
 * Gets the name of the server the call would go to.
 *
 * Returns: the server's name in the group
 *
 * Since: 1.0
 */
const char *
mcp_toolbox_call_get_server_name (McpToolboxCall *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX_CALL (self), NULL);

  return mcp_group_item_get_server_name (self->item);
}

/**
 * mcp_toolbox_call_get_arguments:
 * @self: a call
 *
 * Gets the arguments the model gave, as they would be sent.
 *
 * Returns: (transfer none): the arguments
 *
 * Since: 1.0
 */
JsonObject *
mcp_toolbox_call_get_arguments (McpToolboxCall *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX_CALL (self), NULL);

  return self->arguments;
}

/**
 * mcp_toolbox_call_get_annotations:
 * @self: a call
 *
 * Gets the tool's annotations (`readOnlyHint`, `destructiveHint`, ...),
 * hints from its server.
 *
 * Returns: (transfer none) (nullable): the tool's annotations
 *
 * Since: 1.0
 */
JsonObject *
mcp_toolbox_call_get_annotations (McpToolboxCall *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX_CALL (self), NULL);

  return mcp_tool_get_annotations (mcp_toolbox_call_get_tool (self));
}

/**
 * mcp_toolbox_call_get_read_only:
 * @self: a call
 *
 * Gets whether the server says the tool changes nothing
 * (`readOnlyHint`): the calls that run when no handler of
 * [signal@Mcp.Toolbox::approve-call] decides.
 *
 * Returns: whether the tool is annotated read-only
 *
 * Since: 1.0
 */
gboolean
mcp_toolbox_call_get_read_only (McpToolboxCall *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX_CALL (self), FALSE);

  return _mcp_json_object_get_bool (mcp_toolbox_call_get_annotations (self), "readOnlyHint", FALSE);
}

/**
 * mcp_toolbox_call_get_cancellable:
 * @self: a call
 *
 * Gets a cancellable that is cancelled when the turn is: a dialog that
 * asks the user can close then.
 *
 * Returns: (transfer none): the turn's cancellable
 *
 * Since: 1.0
 */
GCancellable *
mcp_toolbox_call_get_cancellable (McpToolboxCall *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX_CALL (self), NULL);

  return self->cancellable;
}

/**
 * mcp_toolbox_call_approve:
 * @self: a call
 *
 * Lets the call run. Only the first answer to a call counts.
 *
 * Since: 1.0
 */
void
mcp_toolbox_call_approve (McpToolboxCall *self)
{
  g_return_if_fail (MCP_IS_TOOLBOX_CALL (self));

  decide (self, MCP_TOOLBOX_DECISION_APPROVED, NULL);
}

/**
 * mcp_toolbox_call_deny:
 * @self: a call
 * @reason: (nullable): why, for the model to read
 *
 * Refuses the call: the model gets a result saying that the user did not
 * allow it, with @reason. Only the first answer to a call counts.
 *
 * Since: 1.0
 */
void
mcp_toolbox_call_deny (McpToolboxCall *self,
                       const char     *reason)
{
  g_return_if_fail (MCP_IS_TOOLBOX_CALL (self));

  decide (self, MCP_TOOLBOX_DECISION_DENIED, reason);
}
