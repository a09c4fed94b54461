/* mcp-config-problem.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A problem found in a server configuration file, with where it is, so
 * that an application can show it next to the file or open an editor at
 * the right place.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-config-problem-private.h"

/**
 * McpConfigProblem:
 *
 * Something wrong in a server configuration file: a syntax error, an entry
 * that cannot be used, a reference to an input the file does not declare,
 * or something tolerated that other programs may refuse, such as a
 * trailing comma.
 *
 * [property@Mcp.ServerRegistry:problems] lists them for every file the
 * registry reads. [method@Mcp.ConfigProblem.to_string] gives the usual
 * one-line form, `file:line:column: server “name”: message`.
 *
 * Since: 1.0
 */

struct _McpConfigProblem
{
  GObject  parent_instance;

  GFile   *file;
  guint    line;
  guint    column;
  char    *server;
  char    *message;
};

G_DEFINE_FINAL_TYPE (McpConfigProblem, mcp_config_problem, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_LINE,
  PROP_COLUMN,
  PROP_SERVER,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_config_problem_finalize (GObject *object)
{
  McpConfigProblem *self = (McpConfigProblem *)object;

  g_clear_object (&self->file);
  g_clear_pointer (&self->server, g_free);
  g_clear_pointer (&self->message, g_free);

  G_OBJECT_CLASS (mcp_config_problem_parent_class)->finalize (object);
}

static void
mcp_config_problem_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  McpConfigProblem *self = MCP_CONFIG_PROBLEM (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_LINE:
      g_value_set_uint (value, self->line);
      break;

    case PROP_COLUMN:
      g_value_set_uint (value, self->column);
      break;

    case PROP_SERVER:
      g_value_set_string (value, self->server);
      break;

    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_config_problem_class_init (McpConfigProblemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_config_problem_finalize;
  object_class->get_property = mcp_config_problem_get_property;

  /**
   * McpConfigProblem:file:
   *
   * The file the problem is in, or %NULL for a configuration that was
   * made in memory.
   *
   * Since: 1.0
   */
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL,
                         G_TYPE_FILE,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpConfigProblem:line:
   *
   * The line of the problem, counted from 1, or 0 when it has none.
   *
   * Since: 1.0
   */
  properties[PROP_LINE] =
    g_param_spec_uint ("line", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpConfigProblem:column:
   *
   * The column of the problem in characters, counted from 1, or 0 when it
   * has none.
   *
   * Since: 1.0
   */
  properties[PROP_COLUMN] =
    g_param_spec_uint ("column", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpConfigProblem:server:
   *
   * The name of the server entry the problem is in, or %NULL when it is
   * not in an entry (a syntax error, say).
   *
   * Since: 1.0
   */
  properties[PROP_SERVER] =
    g_param_spec_string ("server", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * McpConfigProblem:message:
   *
   * What is wrong, translated, without the location.
   *
   * Since: 1.0
   */
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_config_problem_init (McpConfigProblem *self)
{
}

McpConfigProblem *
_mcp_config_problem_new (GFile      *file,
                         guint       line,
                         guint       column,
                         const char *server,
                         const char *message)
{
  McpConfigProblem *self = g_object_new (MCP_TYPE_CONFIG_PROBLEM, NULL);

  g_set_object (&self->file, file);
  self->line = line;
  self->column = column;
  self->server = g_strdup (server);
  self->message = g_strdup (message);

  return self;
}

gboolean
_mcp_config_problem_equal (McpConfigProblem *a,
                           McpConfigProblem *b)
{
  return ((a->file == NULL && b->file == NULL) ||
          (a->file != NULL && b->file != NULL && g_file_equal (a->file, b->file))) &&
         a->line == b->line &&
         a->column == b->column &&
         g_strcmp0 (a->server, b->server) == 0 &&
         g_strcmp0 (a->message, b->message) == 0;
}

/**
 * mcp_config_problem_get_file:
 * @self: a problem
 *
 * Gets the file the problem is in.
 *
 * Returns: (transfer none) (nullable): the file, or %NULL
 *
 * Since: 1.0
 */
GFile *
mcp_config_problem_get_file (McpConfigProblem *self)
{
  g_return_val_if_fail (MCP_IS_CONFIG_PROBLEM (self), NULL);

  return self->file;
}

/**
 * mcp_config_problem_get_line:
 * @self: a problem
 *
 * Gets the line of the problem.
 *
 * Returns: the line, counted from 1, or 0
 *
 * Since: 1.0
 */
guint
mcp_config_problem_get_line (McpConfigProblem *self)
{
  g_return_val_if_fail (MCP_IS_CONFIG_PROBLEM (self), 0);

  return self->line;
}

/**
 * mcp_config_problem_get_column:
 * @self: a problem
 *
 * Gets the column of the problem.
 *
 * Returns: the column in characters, counted from 1, or 0
 *
 * Since: 1.0
 */
guint
mcp_config_problem_get_column (McpConfigProblem *self)
{
  g_return_val_if_fail (MCP_IS_CONFIG_PROBLEM (self), 0);

  return self->column;
}

/**
 * mcp_config_problem_get_server:
 * @self: a problem
 *
 * Gets the name of the server entry the problem is in.
 *
 * Returns: (nullable): the server's name, or %NULL
 *
 * Since: 1.0
 */
const char *
mcp_config_problem_get_server (McpConfigProblem *self)
{
  g_return_val_if_fail (MCP_IS_CONFIG_PROBLEM (self), NULL);

  return self->server;
}

/**
 * mcp_config_problem_get_message:
 * @self: a problem
 *
 * Gets what is wrong, without the location.
 *
 * Returns: the message
 *
 * Since: 1.0
 */
const char *
mcp_config_problem_get_message (McpConfigProblem *self)
{
  g_return_val_if_fail (MCP_IS_CONFIG_PROBLEM (self), NULL);

  return self->message;
}

/**
 * mcp_config_problem_to_string:
 * @self: a problem
 *
 * Formats the problem on one line, with its location first, as compilers
 * do: `~/.config/mcp/mcp.json:4:5: server “files”: …`.
 *
 * Returns: (transfer full): the problem as text
 *
 * Since: 1.0
 */
char *
mcp_config_problem_to_string (McpConfigProblem *self)
{
  GString *out;

  g_return_val_if_fail (MCP_IS_CONFIG_PROBLEM (self), NULL);

  out = g_string_new (NULL);

  if (self->file != NULL)
    {
      g_autofree char *name = g_file_get_parse_name (self->file);

      g_string_append (out, name);
      if (self->line > 0)
        g_string_append_printf (out, ":%u:%u", self->line, self->column);
      g_string_append (out, ": ");
    }

  if (self->server != NULL)
    {
      /* Translators: the start of a problem in a configuration file, before its message */
      g_string_append_printf (out, _("server “%s”: "), self->server);
    }

  g_string_append (out, self->message);

  return g_string_free (out, FALSE);
}
