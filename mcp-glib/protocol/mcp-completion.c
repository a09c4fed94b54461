/* mcp-completion.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The completion object of a completion/complete result: suggested values
 * for a prompt argument or a resource template variable. The values are
 * copied once into a string vector, the shape completion widgets want,
 * and checked on the way: a list that is not all strings, or longer than
 * the specification allows, is refused rather than shown in part.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-i18n-private.h"

#include "mcp-completion.h"
#include "mcp-json-private.h"

/* "Must not exceed 100 items", says the specification. */
#define MAX_VALUES 100

/**
 * McpCompletion:
 *
 * Suggested values for an argument being typed, as the `completion`
 * member of a `CompleteResult` holds them.
 *
 * There may be more values than were sent:
 * [property@Mcp.Completion:total] says how many there are, when the
 * server knows, and [property@Mcp.Completion:has-more] whether there are
 * more at all.
 *
 * Since: 1.0
 */

struct _McpCompletion
{
  GObject     parent_instance;

  JsonObject *json;
  GStrv       values;
};

G_DEFINE_FINAL_TYPE (McpCompletion, mcp_completion, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VALUES,
  PROP_TOTAL,
  PROP_HAS_MORE,
  PROP_JSON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_completion_finalize (GObject *object)
{
  McpCompletion *self = (McpCompletion *)object;

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->values, g_strfreev);

  G_OBJECT_CLASS (mcp_completion_parent_class)->finalize (object);
}

static void
mcp_completion_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  McpCompletion *self = MCP_COMPLETION (object);

  switch (prop_id)
    {
    case PROP_VALUES:
      g_value_set_boxed (value, self->values);
      break;

    case PROP_TOTAL:
      g_value_set_int64 (value, mcp_completion_get_total (self));
      break;

    case PROP_HAS_MORE:
      g_value_set_boolean (value, mcp_completion_get_has_more (self));
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_completion_class_init (McpCompletionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_completion_finalize;
  object_class->get_property = mcp_completion_get_property;

  /**
   * McpCompletion:values:
   *
   * The suggested values, at most 100.
   *
   * Since: 1.0
   */
  properties[PROP_VALUES] =
    g_param_spec_boxed ("values", NULL, NULL, G_TYPE_STRV,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpCompletion:total:
   *
   * How many values there are in all, which can be more than were sent,
   * or -1 if the server did not say.
   *
   * Since: 1.0
   */
  properties[PROP_TOTAL] =
    g_param_spec_int64 ("total", NULL, NULL, -1, G_MAXINT64, -1,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpCompletion:has-more:
   *
   * Whether there are values beyond those sent.
   *
   * Since: 1.0
   */
  properties[PROP_HAS_MORE] =
    g_param_spec_boolean ("has-more", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpCompletion:json:
   *
   * The completion exactly as the server sent it.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL, JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_completion_init (McpCompletion *self)
{
}

/**
 * mcp_completion_new_from_json:
 * @json: the `completion` object of a `CompleteResult`
 * @error: return location for an error
 *
 * Creates a completion from its JSON. `values` must be an array of at
 * most 100 strings.
 *
 * Returns: (transfer full) (nullable): a new completion, or %NULL with
 *   @error set
 *
 * Since: 1.0
 */
McpCompletion *
mcp_completion_new_from_json (JsonObject  *json,
                              GError     **error)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  McpCompletion *self;
  JsonArray *values;
  guint n_values;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _mcp_i18n_init ();

  if (!(values = _mcp_json_object_get_array (json, "values")))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("A completion has no list of values"));
      return NULL;
    }

  n_values = json_array_get_length (values);
  if (n_values > MAX_VALUES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("A completion has %u values, more than the %u allowed"),
                   n_values, MAX_VALUES);
      return NULL;
    }

  builder = g_strv_builder_new ();
  for (guint i = 0; i < n_values; i++)
    {
      JsonNode *element = json_array_get_element (values, i);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Completion value %u is not a string"), i);
          return NULL;
        }

      g_strv_builder_add (builder, json_node_get_string (element));
    }

  self = g_object_new (MCP_TYPE_COMPLETION, NULL);
  self->json = json_object_ref (json);
  self->values = g_strv_builder_end (builder);

  return self;
}

/**
 * mcp_completion_get_values:
 * @self: a completion
 *
 * Gets the suggested values, at most 100, in the server's order.
 *
 * Returns: (transfer none) (array zero-terminated=1): the suggested values
 *
 * Since: 1.0
 */
const char * const *
mcp_completion_get_values (McpCompletion *self)
{
  g_return_val_if_fail (MCP_IS_COMPLETION (self), NULL);

  return (const char * const *)self->values;
}

/**
 * mcp_completion_get_total:
 * @self: a completion
 *
 * Gets how many values there are in all, which can be more than were
 * sent.
 *
 * Returns: the total number of values, or -1 if the server did not say
 *
 * Since: 1.0
 */
gint64
mcp_completion_get_total (McpCompletion *self)
{
  gint64 total;

  g_return_val_if_fail (MCP_IS_COMPLETION (self), -1);

  /* A negative total says no more than a missing one. */
  total = _mcp_json_object_get_int (self->json, "total", -1);
  return total >= 0 ? total : -1;
}

/**
 * mcp_completion_get_has_more:
 * @self: a completion
 *
 * Returns whether there are values beyond those sent.
 *
 * Returns: whether there are more values
 *
 * Since: 1.0
 */
gboolean
mcp_completion_get_has_more (McpCompletion *self)
{
  g_return_val_if_fail (MCP_IS_COMPLETION (self), FALSE);

  return _mcp_json_object_get_bool (self->json, "hasMore", FALSE);
}

/**
 * mcp_completion_get_json:
 * @self: a completion
 *
 * Gets the completion exactly as the server sent it.
 *
 * Returns: (transfer none): the completion exactly as the server sent it
 *
 * Since: 1.0
 */
JsonObject *
mcp_completion_get_json (McpCompletion *self)
{
  g_return_val_if_fail (MCP_IS_COMPLETION (self), NULL);

  return self->json;
}
