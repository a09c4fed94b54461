/* mcp-toolbox.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The agent bridge: a group's tools offered to a language model in its
 * API's JSON, and the calls the model asks for run through the group,
 * approved, bounded in time and cancelled as one turn. It uses the group's
 * public API only. This file holds the object and its tools; a turn lives
 * in mcp-toolbox-run.c, the formats in mcp-toolbox-formats.c and
 * mcp-toolbox-results.c.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-enums.h"
#include "mcp-i18n-private.h"
#include "mcp-json-private.h"
#include "mcp-marshal.h"
#include "mcp-toolbox-private.h"

/**
 * McpToolbox:
 *
 * The tools of a [class@Mcp.ClientGroup], offered to a language model.
 *
 * A toolbox speaks one model API's JSON ([property@Mcp.Toolbox:format]):
 * [method@Mcp.Toolbox.dup_definitions] gives the `tools` of a request,
 * and [method@Mcp.Toolbox.run_async] takes the model's response as the
 * application received it, runs the calls the model asked for, at the
 * same time, through the group, and gives the messages that carry their
 * results back to the model.
 *
 * [property@Mcp.Toolbox:tools] follows the group's tools as servers come
 * and go, leaving out the tools that their server keeps from the model
 * (MCP Apps' `_meta.ui.visibility`, see [method@Mcp.Tool.get_visibility]).
 * Each has a name the API accepts ([method@Mcp.Toolbox.get_tool_name]),
 * made from the item's [property@Mcp.GroupItem:qualified-name]: it does
 * not change while the conversation goes on, and two tools never share
 * one. A single server is a group of one
 * ([method@Mcp.ClientGroup.add_client]).
 *
 * Before a call runs, [signal@Mcp.Toolbox::approve-call] asks the
 * application. With no handler, only the tools that their server annotates
 * `readOnlyHint` run; the model is told why the others did not.
 *
 * Since: 1.0
 */

struct _McpToolbox
{
  GObject           parent_instance;

  McpClientGroup   *group;
  GListModel       *source;
  GListStore       *tools;
  GArray           *offered;  /* gboolean per item of source */
  GHashTable       *by_name;  /* name -> McpGroupItem */
  GHashTable       *names;    /* McpGroupItem -> name */

  McpToolboxFormat  format;
  gboolean          strict;
  guint             call_timeout;
  guint             max_result_size;
};

G_DEFINE_FINAL_TYPE (McpToolbox, mcp_toolbox, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GROUP,
  PROP_FORMAT,
  PROP_STRICT,
  PROP_CALL_TIMEOUT,
  PROP_MAX_RESULT_SIZE,
  PROP_TOOLS,
  N_PROPS
};

enum {
  APPROVE_CALL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gboolean
offers (McpGroupItem *item)
{
  GObject *tool = mcp_group_item_get_item (item);

  return MCP_IS_TOOL (tool) &&
         (mcp_tool_get_visibility (MCP_TOOL (tool)) & MCP_TOOL_VISIBILITY_MODEL) != 0;
}

static void
name_item (McpToolbox   *self,
           McpGroupItem *item)
{
  const char *qualified_name = mcp_group_item_get_qualified_name (item);
  char *name = _mcp_toolbox_make_name (qualified_name, FALSE);

  /* Only a name changed to fit can meet another: a longer hash then, and
   * a counter if even that meets one. */
  if (g_hash_table_contains (self->by_name, name))
    {
      g_free (name);
      name = _mcp_toolbox_make_name (qualified_name, TRUE);
      for (guint i = 2; g_hash_table_contains (self->by_name, name); i++)
        {
          g_autofree char *base = _mcp_toolbox_make_name (qualified_name, TRUE);

          g_free (name);
          name = g_strdup_printf ("%.*s%u", MCP_TOOLBOX_MAX_NAME_LENGTH - 4, base, i);
        }
    }

  g_hash_table_insert (self->by_name, name, g_object_ref (item));
  g_hash_table_insert (self->names, item, name);
}

static void
forget_item (McpToolbox   *self,
             McpGroupItem *item)
{
  const char *name = g_hash_table_lookup (self->names, item);

  g_assert (name != NULL);
  /* The name is the key of by_name and the value of names, which owns it. */
  g_hash_table_remove (self->by_name, name);
  g_hash_table_remove (self->names, item);
}

static void
on_source_items_changed (GListModel *source,
                         guint       position,
                         guint       removed,
                         guint       added,
                         McpToolbox *self)
{
  g_autoptr(GPtrArray) new_items = g_ptr_array_new_with_free_func (g_object_unref);
  guint offered_position = 0;
  guint offered_removed = 0;

  for (guint i = 0; i < position; i++)
    offered_position += g_array_index (self->offered, gboolean, i);
  for (guint i = position; i < position + removed; i++)
    offered_removed += g_array_index (self->offered, gboolean, i);

  for (guint i = 0; i < offered_removed; i++)
    {
      g_autoptr(McpGroupItem) item = g_list_model_get_item (G_LIST_MODEL (self->tools),
                                                            offered_position + i);

      forget_item (self, item);
    }
  g_array_remove_range (self->offered, position, removed);

  for (guint i = 0; i < added; i++)
    {
      g_autoptr(McpGroupItem) item = g_list_model_get_item (source, position + i);
      gboolean offered = offers (item);

      g_array_insert_val (self->offered, position + i, offered);
      if (offered)
        {
          name_item (self, item);
          g_ptr_array_add (new_items, g_steal_pointer (&item));
        }
    }

  if (offered_removed > 0 || new_items->len > 0)
    g_list_store_splice (self->tools, offered_position, offered_removed,
                         new_items->pdata, new_items->len);
}

static void
mcp_toolbox_constructed (GObject *object)
{
  McpToolbox *self = MCP_TOOLBOX (object);

  G_OBJECT_CLASS (mcp_toolbox_parent_class)->constructed (object);

  g_assert (MCP_IS_CLIENT_GROUP (self->group));

  self->source = g_object_ref (mcp_client_group_get_tools (self->group));
  g_signal_connect_object (self->source, "items-changed",
                           G_CALLBACK (on_source_items_changed), self, 0);
  on_source_items_changed (self->source, 0, 0, g_list_model_get_n_items (self->source), self);
}

static void
mcp_toolbox_dispose (GObject *object)
{
  McpToolbox *self = (McpToolbox *)object;

  if (self->source != NULL)
    g_signal_handlers_disconnect_by_func (self->source, on_source_items_changed, self);
  g_clear_object (&self->source);
  g_clear_object (&self->group);
  g_hash_table_remove_all (self->by_name);
  g_hash_table_remove_all (self->names);

  G_OBJECT_CLASS (mcp_toolbox_parent_class)->dispose (object);
}

static void
mcp_toolbox_finalize (GObject *object)
{
  McpToolbox *self = (McpToolbox *)object;

  g_clear_object (&self->tools);
  g_clear_pointer (&self->offered, g_array_unref);
  g_clear_pointer (&self->by_name, g_hash_table_unref);
  g_clear_pointer (&self->names, g_hash_table_unref);

  G_OBJECT_CLASS (mcp_toolbox_parent_class)->finalize (object);
}

static void
mcp_toolbox_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  McpToolbox *self = MCP_TOOLBOX (object);

  switch (prop_id)
    {
    case PROP_GROUP:
      g_value_set_object (value, self->group);
      break;

    case PROP_FORMAT:
      g_value_set_enum (value, self->format);
      break;

    case PROP_STRICT:
      g_value_set_boolean (value, self->strict);
      break;

    case PROP_CALL_TIMEOUT:
      g_value_set_uint (value, self->call_timeout);
      break;

    case PROP_MAX_RESULT_SIZE:
      g_value_set_uint (value, self->max_result_size);
      break;

    case PROP_TOOLS:
      g_value_set_object (value, self->tools);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_toolbox_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  McpToolbox *self = MCP_TOOLBOX (object);

  switch (prop_id)
    {
    case PROP_GROUP:
      self->group = g_value_dup_object (value);
      break;

    case PROP_FORMAT:
      mcp_toolbox_set_format (self, g_value_get_enum (value));
      break;

    case PROP_STRICT:
      mcp_toolbox_set_strict (self, g_value_get_boolean (value));
      break;

    case PROP_CALL_TIMEOUT:
      mcp_toolbox_set_call_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_RESULT_SIZE:
      mcp_toolbox_set_max_result_size (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_toolbox_class_init (McpToolboxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = mcp_toolbox_constructed;
  object_class->dispose = mcp_toolbox_dispose;
  object_class->finalize = mcp_toolbox_finalize;
  object_class->get_property = mcp_toolbox_get_property;
  object_class->set_property = mcp_toolbox_set_property;

  /**
   * McpToolbox:group:
   *
   * The group whose tools the toolbox offers.
   *
   * Since: 1.0
   */
  properties[PROP_GROUP] =
    g_param_spec_object ("group", NULL, NULL, MCP_TYPE_CLIENT_GROUP,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolbox:format:
   *
   * The model API whose JSON the toolbox writes and reads.
   *
   * Since: 1.0
   */
  properties[PROP_FORMAT] =
    g_param_spec_enum ("format", NULL, NULL,
                       MCP_TYPE_TOOLBOX_FORMAT, MCP_TOOLBOX_FORMAT_OPENAI,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolbox:strict:
   *
   * Whether OpenAI's definitions ask for strict mode (Structured
   * Outputs): every property required, optional ones nullable (a null
   * argument is left out of the call), no other properties. A tool whose
   * schema strict mode cannot express is offered with `strict: false`.
   * Other APIs ignore it.
   *
   * Since: 1.0
   */
  properties[PROP_STRICT] =
    g_param_spec_boolean ("strict", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolbox:call-timeout:
   *
   * How long a call may take, in milliseconds, once approved; the model
   * is told when one did not end in time. The default is
   * %MCP_TOOLBOX_DEFAULT_CALL_TIMEOUT.
   *
   * Since: 1.0
   */
  properties[PROP_CALL_TIMEOUT] =
    g_param_spec_uint ("call-timeout", NULL, NULL,
                       1, G_MAXUINT, MCP_TOOLBOX_DEFAULT_CALL_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolbox:max-result-size:
   *
   * The most bytes of one result the model gets (text, and images where
   * the API takes them); what is longer is cut, with a note saying so.
   * The default is %MCP_TOOLBOX_DEFAULT_MAX_RESULT_SIZE.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_RESULT_SIZE] =
    g_param_spec_uint ("max-result-size", NULL, NULL,
                       1, G_MAXUINT, MCP_TOOLBOX_DEFAULT_MAX_RESULT_SIZE,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpToolbox:tools:
   *
   * The tools offered to the model, a list of [class@Mcp.GroupItem]: the
   * group's, without those their
   * server keeps from the model, in the group's order, up to date.
   *
   * Since: 1.0
   */
  properties[PROP_TOOLS] =
    g_param_spec_object ("tools", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpToolbox::approve-call:
   * @self: the toolbox
   * @call: the call the model asked for
   *
   * Emitted before each call runs. A handler that takes the decision
   * returns %TRUE and answers with [method@Mcp.ToolboxCall.approve] or
   * [method@Mcp.ToolboxCall.deny], now or later (after asking the user;
   * the turn waits, until its cancellable is cancelled). When no handler
   * returns %TRUE, the call runs if its tool is annotated `readOnlyHint`,
   * and is refused otherwise.
   *
   * Returns: %TRUE if the handler answers the call
   *
   * Since: 1.0
   */
  signals[APPROVE_CALL] =
    g_signal_new ("approve-call",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  g_signal_accumulator_true_handled, NULL,
                  _mcp_marshal_BOOLEAN__OBJECT,
                  G_TYPE_BOOLEAN, 1, MCP_TYPE_TOOLBOX_CALL);
  g_signal_set_va_marshaller (signals[APPROVE_CALL], G_TYPE_FROM_CLASS (klass),
                              _mcp_marshal_BOOLEAN__OBJECTv);
}

static void
mcp_toolbox_init (McpToolbox *self)
{
  self->tools = g_list_store_new (MCP_TYPE_GROUP_ITEM);
  self->offered = g_array_new (FALSE, FALSE, sizeof (gboolean));
  self->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  self->names = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->format = MCP_TOOLBOX_FORMAT_OPENAI;
  self->call_timeout = MCP_TOOLBOX_DEFAULT_CALL_TIMEOUT;
  self->max_result_size = MCP_TOOLBOX_DEFAULT_MAX_RESULT_SIZE;
}

/**
 * mcp_toolbox_new:
 * @group: the group whose tools to offer
 * @format: the model API
 *
 * Creates a toolbox that offers the tools of @group to a model of the API
 * @format. It follows the group's tools from then on.
 *
 * Returns: (transfer full): a new toolbox
 *
 * Since: 1.0
 */
McpToolbox *
mcp_toolbox_new (McpClientGroup   *group,
                 McpToolboxFormat  format)
{
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (group), NULL);

  _mcp_i18n_init ();

  return g_object_new (MCP_TYPE_TOOLBOX, "group", group, "format", format, NULL);
}

/**
 * mcp_toolbox_get_group:
 * @self: a toolbox
 *
 * Gets the group whose tools the toolbox offers.
 *
 * Returns: (transfer none): the group
 *
 * Since: 1.0
 */
McpClientGroup *
mcp_toolbox_get_group (McpToolbox *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX (self), NULL);

  return self->group;
}

/**
 * mcp_toolbox_get_format:
 * @self: a toolbox
 *
 * Gets the model API the toolbox speaks.
 *
 * Returns: the API
 *
 * Since: 1.0
 */
McpToolboxFormat
mcp_toolbox_get_format (McpToolbox *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX (self), MCP_TOOLBOX_FORMAT_OPENAI);

  return self->format;
}

/**
 * mcp_toolbox_set_format:
 * @self: a toolbox
 * @format: the model API
 *
 * Sets the model API the toolbox speaks. The tools' names do not depend
 * on it.
 *
 * Since: 1.0
 */
void
mcp_toolbox_set_format (McpToolbox       *self,
                        McpToolboxFormat  format)
{
  g_return_if_fail (MCP_IS_TOOLBOX (self));
  g_return_if_fail (format <= MCP_TOOLBOX_FORMAT_OLLAMA);

  if (self->format == format)
    return;

  self->format = format;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FORMAT]);
}

/**
 * mcp_toolbox_get_strict:
 * @self: a toolbox
 *
 * Gets whether OpenAI's definitions ask for strict mode.
 *
 * Returns: whether strict mode is on
 *
 * Since: 1.0
 */
gboolean
mcp_toolbox_get_strict (McpToolbox *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX (self), FALSE);

  return self->strict;
}

/**
 * mcp_toolbox_set_strict:
 * @self: a toolbox
 * @strict: whether OpenAI's definitions ask for strict mode
 *
 * Sets [property@Mcp.Toolbox:strict].
 *
 * Since: 1.0
 */
void
mcp_toolbox_set_strict (McpToolbox *self,
                        gboolean    strict)
{
  g_return_if_fail (MCP_IS_TOOLBOX (self));

  strict = !!strict;
  if (self->strict == strict)
    return;

  self->strict = strict;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STRICT]);
}

/**
 * mcp_toolbox_get_call_timeout:
 * @self: a toolbox
 *
 * Gets how long a call may take, in milliseconds.
 *
 * Returns: the timeout of a call
 *
 * Since: 1.0
 */
guint
mcp_toolbox_get_call_timeout (McpToolbox *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX (self), 0);

  return self->call_timeout;
}

/**
 * mcp_toolbox_set_call_timeout:
 * @self: a toolbox
 * @timeout_ms: how long a call may take, in milliseconds (at least 1)
 *
 * Sets [property@Mcp.Toolbox:call-timeout], for the turns that start
 * from then on.
 *
 * Since: 1.0
 */
void
mcp_toolbox_set_call_timeout (McpToolbox *self,
                              guint       timeout_ms)
{
  g_return_if_fail (MCP_IS_TOOLBOX (self));
  g_return_if_fail (timeout_ms > 0);

  if (self->call_timeout == timeout_ms)
    return;

  self->call_timeout = timeout_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CALL_TIMEOUT]);
}

/**
 * mcp_toolbox_get_max_result_size:
 * @self: a toolbox
 *
 * Gets the most bytes of one result the model gets.
 *
 * Returns: the budget of a result, in bytes
 *
 * Since: 1.0
 */
guint
mcp_toolbox_get_max_result_size (McpToolbox *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX (self), 0);

  return self->max_result_size;
}

/**
 * mcp_toolbox_set_max_result_size:
 * @self: a toolbox
 * @max_bytes: the most bytes of one result the model gets (at least 1)
 *
 * Sets [property@Mcp.Toolbox:max-result-size].
 *
 * Since: 1.0
 */
void
mcp_toolbox_set_max_result_size (McpToolbox *self,
                                 guint       max_bytes)
{
  g_return_if_fail (MCP_IS_TOOLBOX (self));
  g_return_if_fail (max_bytes > 0);

  if (self->max_result_size == max_bytes)
    return;

  self->max_result_size = max_bytes;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_RESULT_SIZE]);
}

/**
 * mcp_toolbox_get_tools:
 * @self: a toolbox
 *
 * Gets the tools offered to the model, a list of [class@Mcp.GroupItem]
 * that stays up to date.
 *
 * Returns: (transfer none): the tools offered to the model
 *
 * Since: 1.0
 */
GListModel *
mcp_toolbox_get_tools (McpToolbox *self)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX (self), NULL);

  return G_LIST_MODEL (self->tools);
}

/**
 * mcp_toolbox_get_tool_name:
 * @self: a toolbox
 * @item: a tool of [property@Mcp.Toolbox:tools]
 *
 * Gets the name the model knows the tool by: its qualified name in the
 * group where every API accepts that name (at most 64 of letters, digits,
 * `_` and `-`, not starting with a digit or `-`), else the qualified name
 * made to fit, with a hash of it at the end. The same tool gets the same
 * name in every run of the application.
 *
 * Returns: (nullable): the tool's name for the model, or %NULL if @item
 *   is not offered
 *
 * Since: 1.0
 */
const char *
mcp_toolbox_get_tool_name (McpToolbox   *self,
                           McpGroupItem *item)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX (self), NULL);
  g_return_val_if_fail (MCP_IS_GROUP_ITEM (item), NULL);

  return g_hash_table_lookup (self->names, item);
}

/**
 * mcp_toolbox_lookup_tool:
 * @self: a toolbox
 * @name: a tool's name for the model
 *
 * Finds the tool that the model calls @name.
 *
 * Returns: (transfer none) (nullable): the tool, or %NULL if no tool
 *   offered now has that name
 *
 * Since: 1.0
 */
McpGroupItem *
mcp_toolbox_lookup_tool (McpToolbox *self,
                         const char *name)
{
  g_return_val_if_fail (MCP_IS_TOOLBOX (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return g_hash_table_lookup (self->by_name, name);
}

/**
 * mcp_toolbox_dup_definitions:
 * @self: a toolbox
 *
 * Gets the definitions of the tools offered now, as the `tools` member of
 * a request to the API: an array of function tools for OpenAI (both APIs)
 * and Ollama, of tools for Anthropic, and for Gemini an array holding one
 * tool with the `functionDeclarations` (or none without tools). Input
 * schemas are adapted to what each API takes: references inlined,
 * Gemini's subset of OpenAPI 3, OpenAI's strict mode when
 * [property@Mcp.Toolbox:strict] is set.
 *
 * Returns: (transfer full): a JSON array
 *
 * Since: 1.0
 */
JsonNode *
mcp_toolbox_dup_definitions (McpToolbox *self)
{
  JsonArray *definitions;
  guint n_items;

  g_return_val_if_fail (MCP_IS_TOOLBOX (self), NULL);

  definitions = json_array_new ();
  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->tools));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(McpGroupItem) item = g_list_model_get_item (G_LIST_MODEL (self->tools), i);

      json_array_add_object_element (definitions,
                                     _mcp_toolbox_definition (self->format,
                                                              g_hash_table_lookup (self->names, item),
                                                              MCP_TOOL (mcp_group_item_get_item (item)),
                                                              self->strict));
    }

  if (self->format == MCP_TOOLBOX_FORMAT_GEMINI && n_items > 0)
    {
      JsonObject *tool = json_object_new ();
      JsonArray *tools = json_array_new ();

      json_object_set_array_member (tool, "functionDeclarations", definitions);
      json_array_add_object_element (tools, tool);
      return _mcp_json_node_new_array (tools);
    }

  return _mcp_json_node_new_array (definitions);
}

/* Whether the application handles ::approve-call: without a handler, the
 * rule of the signal's default applies, and no call object is made. */
gboolean
_mcp_toolbox_asks_approval (McpToolbox *self)
{
  return g_signal_has_handler_pending (self, signals[APPROVE_CALL], 0, FALSE);
}

/* Emits ::approve-call: whether a handler answers @call. */
gboolean
_mcp_toolbox_emit_approve_call (McpToolbox     *self,
                                McpToolboxCall *call)
{
  gboolean handled = FALSE;

  g_signal_emit (self, signals[APPROVE_CALL], 0, call, &handled);
  return handled;
}
