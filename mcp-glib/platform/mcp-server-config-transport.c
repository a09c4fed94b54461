/* mcp-server-config-transport.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * From a server's entry to its transport and client: the variables of the
 * entry expanded (`${env:…}`, `${input:…}` asked through the registry,
 * `${workspaceFolder}`, …), its env file read, and an McpStdioTransport or
 * an McpHttpTransport made with what the entry says.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-http-transport.h"
#include "mcp-json-private.h"
#include "mcp-server-config-private.h"
#include "mcp-server-registry-private.h"
#include "mcp-stdio-transport.h"

/* Calls @func for each string the transport is made from. */
static void
foreach_used_string (McpServerConfig *self,
                     void           (*func) (const char *text, gpointer data),
                     gpointer         data)
{
  static const char * const stdio_strings[] = { "command", "cwd", "envFile" };
  static const char * const http_strings[] = { "url" };
  gboolean stdio = mcp_server_config_get_transport_kind (self) == MCP_TRANSPORT_KIND_STDIO;
  const char * const *strings = stdio ? stdio_strings : http_strings;
  guint n_strings = stdio ? G_N_ELEMENTS (stdio_strings) : G_N_ELEMENTS (http_strings);
  JsonObject *map = stdio ? mcp_server_config_get_env (self) : mcp_server_config_get_headers (self);
  g_auto(GStrv) args = stdio ? mcp_server_config_dup_args (self) : NULL;
  g_autoptr(GList) members = map != NULL ? json_object_get_members (map) : NULL;

  for (guint i = 0; i < n_strings; i++)
    {
      const char *text = _mcp_json_object_get_string (self->json, strings[i]);

      if (text != NULL)
        func (text, data);
    }

  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    func (args[i], data);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *text = _mcp_json_object_get_string (map, l->data);

      if (text != NULL)
        func (text, data);
    }

  if (!stdio)
    _mcp_server_config_foreach_network_string (self, func, data);
}

static void
collect_input_cb (const char *id,
                  gsize       offset,
                  gpointer    data)
{
  GPtrArray *ids = data;

  if (!g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL))
    g_ptr_array_add (ids, g_strdup (id));
}

static void
collect_inputs_cb (const char *text,
                   gpointer    data)
{
  _mcp_config_foreach_input (text, collect_input_cb, data);
}

/**
 * mcp_server_config_dup_input_ids:
 * @self: a configuration
 *
 * Lists the inputs (`${input:ID}`) the transport needs, in the order they
 * appear, each once.
 *
 * Returns: (transfer full) (array zero-terminated=1): the IDs of the
 *   inputs, possibly none
 *
 * Since: 1.0
 */
char **
mcp_server_config_dup_input_ids (McpServerConfig *self)
{
  GPtrArray *ids;

  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  ids = g_ptr_array_new ();
  foreach_used_string (self, collect_inputs_cb, ids);
  g_ptr_array_add (ids, NULL);

  return (char **) g_ptr_array_free (ids, FALSE);
}

/* @text with its variables expanded. */
char *
_mcp_server_config_expand (McpServerConfig  *self,
                           const char       *text,
                           GError          **error)
{
  g_autoptr(McpServerRegistry) registry = g_weak_ref_get (&self->registry);
  g_autoptr(GString) out = g_string_new (NULL);
  const char *p = text;
  const char *start;

  while ((start = strstr (p, "${")) != NULL)
    {
      const char *end = strchr (start, '}');
      g_autofree char *name = NULL;

      if (end == NULL)
        break;

      g_string_append_len (out, p, start - p);
      p = end + 1;
      name = g_strndup (start + 2, end - start - 2);

      if (g_str_has_prefix (name, "env:"))
        g_string_append (out, g_getenv (name + strlen ("env:")) ?: "");
      else if (g_str_has_prefix (name, "input:"))
        {
          const char *value = registry != NULL
            ? _mcp_server_registry_lookup_input (registry, name + strlen ("input:")) : NULL;

          if (value == NULL)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                           _("The server “%s” needs the input “%s”, which has no value yet"),
                           self->name, name + strlen ("input:"));
              return NULL;
            }
          g_string_append (out, value);
        }
      else if (g_str_equal (name, "workspaceFolder") ||
               g_str_equal (name, "workspaceFolderBasename"))
        {
          GFile *folder = registry != NULL
            ? mcp_server_registry_get_workspace_folder (registry) : NULL;
          g_autofree char *path = NULL;

          if (folder == NULL || (path = g_file_get_path (folder)) == NULL)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                           _("The server “%s” uses ${%s}, but the application set no workspace "
                             "folder"), self->name, name);
              return NULL;
            }
          if (g_str_equal (name, "workspaceFolder"))
            g_string_append (out, path);
          else
            {
              g_autofree char *base = g_path_get_basename (path);

              g_string_append (out, base);
            }
        }
      else if (g_str_equal (name, "userHome"))
        g_string_append (out, g_get_home_dir ());
      else if (g_str_equal (name, "pathSeparator") || g_str_equal (name, "/"))
        g_string_append (out, G_DIR_SEPARATOR_S);
      else if (g_str_equal (name, "dollar"))
        g_string_append_c (out, '$');
      else
        g_string_append_len (out, start, end + 1 - start);
    }

  g_string_append (out, p);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* A member the checks found to be a string. */
static char *
expand_member (McpServerConfig *self,
               const char      *member,
               GError         **error)
{
  const char *text = _mcp_json_object_get_string (self->json, member);

  g_assert (text != NULL);

  return _mcp_server_config_expand (self, text, error);
}

/* Sets the variables of an env file (`NAME=value` lines, `#` comments,
 * optionally `export ` and quotes, as dotenv files have them). */
static gboolean
load_env_file (McpServerConfig   *self,
               McpStdioTransport *transport,
               const char        *path,
               GError           **error)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (path, &contents, NULL, error))
    {
      g_prefix_error (error, _("The server “%s” cannot read its envFile: "), self->name);
      return FALSE;
    }

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *equals;
      char *value;
      gsize len;

      if (*line == '\0' || *line == '#')
        continue;
      if (g_str_has_prefix (line, "export "))
        line = g_strchug (line + strlen ("export "));
      if ((equals = strchr (line, '=')) == NULL)
        continue;

      *equals = '\0';
      value = g_strstrip (equals + 1);
      len = strlen (value);
      if (len >= 2 && (value[0] == '"' || value[0] == '\'') && value[len - 1] == value[0])
        {
          value[len - 1] = '\0';
          value++;
        }

      mcp_stdio_transport_setenv (transport, g_strchomp (line), value);
    }

  return TRUE;
}

static McpTransport *
create_stdio_transport (McpServerConfig  *self,
                        GError          **error)
{
  g_autoptr(McpStdioTransport) transport = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) args = mcp_server_config_dup_args (self);
  JsonObject *env = mcp_server_config_get_env (self);
  g_autoptr(GList) names = env != NULL ? json_object_get_members (env) : NULL;
  char *command;

  if ((command = expand_member (self, "command", error)) == NULL)
    return NULL;
  g_ptr_array_add (argv, command);

  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    {
      char *arg = _mcp_server_config_expand (self, args[i], error);

      if (arg == NULL)
        return NULL;
      g_ptr_array_add (argv, arg);
    }
  g_ptr_array_add (argv, NULL);

  transport = mcp_stdio_transport_new ((const char * const *) argv->pdata);
  if (!_mcp_server_config_apply_sandbox (self, transport, error))
    return NULL;

  if (json_object_has_member (self->json, "cwd"))
    {
      g_autofree char *cwd = expand_member (self, "cwd", error);

      if (cwd == NULL)
        return NULL;
      mcp_stdio_transport_set_cwd (transport, cwd);
    }

  if (json_object_has_member (self->json, "envFile"))
    {
      g_autofree char *path = expand_member (self, "envFile", error);

      if (path == NULL || !load_env_file (self, transport, path, error))
        return NULL;
    }

  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (env, l->data);

      if (JSON_NODE_HOLDS_NULL (node))
        mcp_stdio_transport_unsetenv (transport, l->data);
      else if (json_node_get_value_type (node) == G_TYPE_STRING)
        {
          g_autofree char *value = _mcp_server_config_expand (self, json_node_get_string (node),
                                                              error);

          if (value == NULL)
            return NULL;
          mcp_stdio_transport_setenv (transport, l->data, value);
        }
      else
        {
          g_autofree char *value = _mcp_json_node_to_string (node);

          mcp_stdio_transport_setenv (transport, l->data, value);
        }
    }

  return MCP_TRANSPORT (g_steal_pointer (&transport));
}

static McpTransport *
create_http_transport (McpServerConfig  *self,
                       GError          **error)
{
  g_autoptr(McpHttpTransport) transport = NULL;
  JsonObject *headers = mcp_server_config_get_headers (self);
  g_autoptr(GList) names = headers != NULL ? json_object_get_members (headers) : NULL;
  g_autofree char *url = NULL;

  if ((url = expand_member (self, "url", error)) == NULL)
    return NULL;

  if (!_mcp_config_is_web_url (url))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The URL of the server “%s” is not an http or https URL: %s"),
                   self->name, url);
      return NULL;
    }

  transport = mcp_http_transport_new (url);

  for (GList *l = names; l != NULL; l = l->next)
    {
      g_autofree char *value =
        _mcp_server_config_expand (self, _mcp_json_object_get_string (headers, l->data), error);

      if (value == NULL)
        return NULL;
      mcp_http_transport_set_header (transport, l->data, value);
    }

  if (!_mcp_server_config_apply_network (self, transport, error))
    return NULL;

  return MCP_TRANSPORT (g_steal_pointer (&transport));
}

/**
 * mcp_server_config_create_transport:
 * @self: a configuration
 * @error: return location for a #GError
 *
 * Creates the transport the entry describes, with its variables expanded:
 * an [class@Mcp.StdioTransport] with the command, arguments, directory and
 * environment, or an [class@Mcp.HttpTransport] with the URL and headers.
 * Nothing is started yet.
 *
 * This fails when the entry cannot be used (see
 * [property@Mcp.ServerConfig:error]), when its `envFile` cannot be read,
 * and with %G_IO_ERROR_NOT_INITIALIZED when an input it uses has no value
 * yet: [method@Mcp.ServerConfig.create_client_async] asks for those.
 *
 * Returns: (transfer full): a new transport, or %NULL on error
 *
 * Since: 1.0
 */
McpTransport *
mcp_server_config_create_transport (McpServerConfig  *self,
                                    GError          **error)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->error != NULL)
    {
      g_propagate_error (error, g_error_copy (self->error));
      return NULL;
    }

  if (mcp_server_config_get_transport_kind (self) == MCP_TRANSPORT_KIND_STDIO)
    return create_stdio_transport (self, error);
  else
    return create_http_transport (self, error);
}

typedef struct
{
  char  **ids;
  guint   next;
} CreateClient;

static void
create_client_free (gpointer data)
{
  CreateClient *state = data;

  g_strfreev (state->ids);
  g_free (state);
}

static void create_client_step (GTask *task);

static void
ask_input_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  CreateClient *state = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (!_mcp_server_registry_ask_input_finish (MCP_SERVER_REGISTRY (object), result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  state->next++;
  create_client_step (g_steal_pointer (&task));
}

static void
create_client_step (GTask *task)
{
  McpServerConfig *self = g_task_get_source_object (task);
  CreateClient *state = g_task_get_task_data (task);
  g_autoptr(McpServerRegistry) registry = g_weak_ref_get (&self->registry);
  g_autoptr(McpTransport) transport = NULL;
  GError *error = NULL;

  for (; state->ids[state->next] != NULL; state->next++)
    {
      const char *id = state->ids[state->next];

      if (registry == NULL || _mcp_server_registry_lookup_input (registry, id) != NULL)
        continue;

      _mcp_server_registry_ask_input_async (registry, self, id, g_task_get_cancellable (task),
                                            ask_input_cb, task);
      return;
    }

  if ((transport = mcp_server_config_create_transport (self, &error)) == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, mcp_client_new (transport), g_object_unref);
  g_object_unref (task);
}

/**
 * mcp_server_config_create_client_async:
 * @self: a configuration
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the client is created
 * @user_data: data for @callback
 *
 * Creates a client on the transport the entry describes (see
 * [method@Mcp.ServerConfig.create_transport]). Inputs the entry uses that
 * have no value yet are asked for first, one after the other, through the
 * registry the configuration belongs to
 * ([signal@Mcp.ServerRegistry::input-requested]). The client is not
 * connected yet.
 *
 * Since: 1.0
 */
void
mcp_server_config_create_client_async (McpServerConfig     *self,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  GTask *task;
  CreateClient *state;

  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_server_config_create_client_async);
  state = g_new0 (CreateClient, 1);
  state->ids = self->error == NULL ? mcp_server_config_dup_input_ids (self) : g_new0 (char *, 1);
  g_task_set_task_data (task, state, create_client_free);

  create_client_step (task);
}

/**
 * mcp_server_config_create_client_finish:
 * @self: a configuration
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.ServerConfig.create_client_async].
 *
 * Returns: (transfer full): a new client, not connected yet, or %NULL on
 *   error
 *
 * Since: 1.0
 */
McpClient *
mcp_server_config_create_client_finish (McpServerConfig  *self,
                                        GAsyncResult     *result,
                                        GError          **error)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        mcp_server_config_create_client_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
