/* mcp-server-config.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One configured server: an entry of an `mcpServers` or VS Code `servers`
 * object. The entry's JSON is the truth: every accessor reads it and every
 * setter writes it, so members the library does not know survive, and
 * saving writes back exactly what the application changed. The checks
 * (mcp-server-config-checks.c) say what is wrong with an entry and, for one
 * read from a file, where; the variables (`${env:…}`, `${input:…}`,
 * `${workspaceFolder}`, …) stay in the JSON and are expanded only into the
 * transport that is made from it (mcp-server-config-transport.c).
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-config-problem-private.h"
#include "mcp-enums.h"
#include "mcp-json-private.h"
#include "mcp-server-config-private.h"

/**
 * McpServerConfig:
 *
 * How to reach one MCP server, as written in a configuration file: a
 * command to start, or a URL.
 *
 * A configuration is the JSON of one entry, in the forms that MCP hosts
 * share:
 *
 * <!-- doc-test: skip: entries of a configuration file, not code -->
 * ```json
 * { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"],
 *   "env": { "MEMORY_FILE": "${userHome}/memory.json" } }
 * { "type": "http", "url": "https://example.com/mcp",
 *   "headers": { "Authorization": "Bearer ${input:token}" } }
 * ```
 *
 * The accessors read and write that JSON, and members the library does not
 * know (`alwaysAllow`, `autoApprove`, …) are kept as they are:
 * [method@Mcp.ServerConfig.get_json] has them all. Configurations come from
 * a [class@Mcp.ServerRegistry], or are made by hand with
 * [ctor@Mcp.ServerConfig.new_stdio] and [ctor@Mcp.ServerConfig.new_http].
 *
 * [method@Mcp.ServerConfig.create_transport] makes the transport the entry
 * describes, and [method@Mcp.ServerConfig.create_client_async] a client on
 * it. Both expand the variables that MCP hosts support, in `command`,
 * `args`, `cwd`, `env`, `envFile`, `url` and `headers`:
 *
 * - `${env:NAME}`: the application's environment variable `NAME` (empty
 *   when it is not set);
 * - `${input:ID}`: the answer to the input `ID` that the file declares in
 *   its `inputs`: the registry asks the application for it once a session
 *   (see [signal@Mcp.ServerRegistry::input-requested]);
 * - `${workspaceFolder}`, `${workspaceFolderBasename}`: the registry's
 *   [property@Mcp.ServerRegistry:workspace-folder];
 * - `${userHome}`, and `${pathSeparator}` or `${/}`;
 * - `${dollar}`: a `$`, so that `${dollar}{env:HOME}` is the text
 *   `${env:HOME}` itself (servers added from a registry have each `${` of
 *   the registry's text written so, see [class@Mcp.CatalogProposal]).
 *
 * Other `${…}` text is left as it is.
 *
 * A stdio server gets the safe default environment of
 * [class@Mcp.StdioTransport], then the variables of `envFile` (lines of
 * `NAME=value`), then those of `env`, where `null` removes a variable.
 *
 * An entry that cannot be used has [property@Mcp.ServerConfig:error] set,
 * which says what is wrong and, for an entry read from a file, where.
 *
 * Since: 1.0
 */

G_DEFINE_FINAL_TYPE (McpServerConfig, mcp_server_config, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_JSON,
  PROP_FILE,
  PROP_ERROR,
  PROP_TRANSPORT_KIND,
  PROP_COMMAND,
  PROP_ARGS,
  PROP_CWD,
  PROP_ENV,
  PROP_URL,
  PROP_HEADERS,
  PROP_DISABLED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The members behind each property, to notify only what changed. */
static const struct {
  guint       prop;
  const char *members[2];
} member_props[] = {
  { PROP_TRANSPORT_KIND, { "type", "transport" } },
  { PROP_COMMAND, { "command" } },
  { PROP_ARGS, { "args" } },
  { PROP_CWD, { "cwd" } },
  { PROP_ENV, { "env" } },
  { PROP_URL, { "url" } },
  { PROP_HEADERS, { "headers" } },
  { PROP_DISABLED, { "disabled" } },
};

static void
set_error (McpServerConfig *self,
           GPtrArray       *problems)
{
  g_autoptr(GError) error = NULL;

  if (problems->len > 0)
    {
      g_autofree char *text = mcp_config_problem_to_string (problems->pdata[0]);

      error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_DATA, text);
    }

  if ((self->error == NULL && error == NULL) ||
      (self->error != NULL && error != NULL && g_str_equal (self->error->message, error->message)))
    return;

  g_clear_error (&self->error);
  self->error = g_steal_pointer (&error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static GPtrArray *
check (McpServerConfig  *self,
       McpJsoncDocument *doc,
       McpJsoncNode     *entry)
{
  GPtrArray *problems = _mcp_server_config_check_entry (self, doc, entry);

  set_error (self, problems);
  return problems;
}

/* Checks the entry at @node of @doc, and returns its problems, with their
 * positions in the file. */
GPtrArray *
_mcp_server_config_check_in_file (McpServerConfig  *self,
                                  McpJsoncDocument *doc,
                                  McpJsoncNode     *node)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return check (self, doc, node);
}

/* The JSON ---------------------------------------------------------------- */

static JsonObject *
copy_object (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autoptr(JsonNode) copy = _mcp_jsonc_copy (node);

  return json_object_ref (json_node_get_object (copy));
}

static gboolean
members_equal (JsonObject *a,
               JsonObject *b,
               const char *member)
{
  JsonNode *na = json_object_get_member (a, member);
  JsonNode *nb = json_object_get_member (b, member);

  return (na == NULL && nb == NULL) || (na != NULL && nb != NULL && json_node_equal (na, nb));
}

/* Makes @json (transfer full) the configuration's, and notifies the
 * properties whose members changed. */
static void
replace_json (McpServerConfig *self,
              JsonObject      *json)
{
  g_autoptr(JsonObject) old = self->json;
  g_autoptr(GPtrArray) problems = NULL;

  json_object_seal (json);
  self->json = json;

  if (old != NULL && json_object_equal (old, json))
    return;

  g_object_freeze_notify (G_OBJECT (self));

  for (guint i = 0; i < G_N_ELEMENTS (member_props); i++)
    {
      gboolean changed = old == NULL;

      for (guint j = 0; j < G_N_ELEMENTS (member_props[i].members) && !changed; j++)
        changed = member_props[i].members[j] != NULL &&
                  !members_equal (old, json, member_props[i].members[j]);

      /* The transport follows from the command and the URL as well. */
      if (member_props[i].prop == PROP_TRANSPORT_KIND && !changed)
        changed = _mcp_server_config_derive_kind (old, NULL, NULL) !=
                  _mcp_server_config_derive_kind (json, NULL, NULL);

      if (changed)
        g_object_notify_by_pspec (G_OBJECT (self), properties[member_props[i].prop]);
    }

  problems = check (self, NULL, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_JSON]);

  g_object_thaw_notify (G_OBJECT (self));
}

/* A writable copy of the configuration, for a setter to change. */
static JsonObject *
edit_json (McpServerConfig *self)
{
  return copy_object (self->json);
}

static void
set_member (McpServerConfig *self,
            const char      *member,
            JsonNode        *value)
{
  JsonObject *json = edit_json (self);

  if (value != NULL)
    json_object_set_member (json, member, value);
  else if (json_object_has_member (json, member))
    json_object_remove_member (json, member);

  replace_json (self, json);
}

static void
set_string_member (McpServerConfig *self,
                   const char      *member,
                   const char      *value)
{
  set_member (self, member,
              value != NULL ? json_node_init_string (json_node_alloc (), value) : NULL);
}

static void
set_object_member (McpServerConfig *self,
                   const char      *member,
                   JsonObject      *value)
{
  JsonNode *node = NULL;

  if (value != NULL)
    {
      g_autoptr(JsonNode) wrapper = json_node_init_object (json_node_alloc (), value);

      node = _mcp_jsonc_copy (wrapper);
    }

  set_member (self, member, node);
}

/* For the files of McpServerConfig: sets an object member of the entry,
 * as the public setters do. */
void
_mcp_server_config_set_object_member (McpServerConfig *self,
                                      const char      *member,
                                      JsonObject      *value)
{
  set_object_member (self, member, value);
}

/* GObject ---------------------------------------------------------------- */

static void
mcp_server_config_finalize (GObject *object)
{
  McpServerConfig *self = (McpServerConfig *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->baseline, json_object_unref);
  g_clear_object (&self->file);
  g_weak_ref_clear (&self->registry);
  g_clear_pointer (&self->inputs, json_array_unref);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (mcp_server_config_parent_class)->finalize (object);
}

static void
mcp_server_config_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  McpServerConfig *self = MCP_SERVER_CONFIG (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_JSON:
      g_value_set_boxed (value, self->json);
      break;

    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;

    case PROP_TRANSPORT_KIND:
      g_value_set_enum (value, mcp_server_config_get_transport_kind (self));
      break;

    case PROP_COMMAND:
      g_value_set_string (value, mcp_server_config_get_command (self));
      break;

    case PROP_ARGS:
      g_value_take_boxed (value, mcp_server_config_dup_args (self));
      break;

    case PROP_CWD:
      g_value_set_string (value, mcp_server_config_get_cwd (self));
      break;

    case PROP_ENV:
      g_value_set_boxed (value, mcp_server_config_get_env (self));
      break;

    case PROP_URL:
      g_value_set_string (value, mcp_server_config_get_url (self));
      break;

    case PROP_HEADERS:
      g_value_set_boxed (value, mcp_server_config_get_headers (self));
      break;

    case PROP_DISABLED:
      g_value_set_boolean (value, mcp_server_config_get_disabled (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_server_config_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  McpServerConfig *self = MCP_SERVER_CONFIG (object);

  switch (prop_id)
    {
    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;

    case PROP_JSON:
      if (g_value_get_boxed (value) != NULL)
        mcp_server_config_set_json (self, g_value_get_boxed (value));
      break;

    case PROP_TRANSPORT_KIND:
      mcp_server_config_set_transport_kind (self, g_value_get_enum (value));
      break;

    case PROP_COMMAND:
      mcp_server_config_set_command (self, g_value_get_string (value));
      break;

    case PROP_ARGS:
      mcp_server_config_set_args (self, g_value_get_boxed (value));
      break;

    case PROP_CWD:
      mcp_server_config_set_cwd (self, g_value_get_string (value));
      break;

    case PROP_ENV:
      mcp_server_config_set_env (self, g_value_get_boxed (value));
      break;

    case PROP_URL:
      mcp_server_config_set_url (self, g_value_get_string (value));
      break;

    case PROP_HEADERS:
      mcp_server_config_set_headers (self, g_value_get_boxed (value));
      break;

    case PROP_DISABLED:
      mcp_server_config_set_disabled (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_server_config_constructed (GObject *object)
{
  McpServerConfig *self = (McpServerConfig *)object;

  G_OBJECT_CLASS (mcp_server_config_parent_class)->constructed (object);

  if (self->name == NULL)
    self->name = g_strdup ("");
  if (self->json == NULL)
    {
      g_autoptr(GPtrArray) problems = NULL;

      self->json = json_object_new ();
      json_object_seal (self->json);
      problems = check (self, NULL, NULL);
    }
}

static void
mcp_server_config_class_init (McpServerConfigClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = mcp_server_config_constructed;
  object_class->finalize = mcp_server_config_finalize;
  object_class->get_property = mcp_server_config_get_property;
  object_class->set_property = mcp_server_config_set_property;

  /**
   * McpServerConfig:name:
   *
   * The server's name: its key in the configuration file.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:json:
   *
   * The whole entry, unknown members included. It is sealed: change it
   * with [method@Mcp.ServerConfig.set_json] or the other setters.
   *
   * Since: 1.0
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL,
                        JSON_TYPE_OBJECT,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:file:
   *
   * The file the entry is in, or goes to when saved, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL,
                         G_TYPE_FILE,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:error:
   *
   * Why the entry cannot be used, or %NULL when it can. The message names
   * the file, the line and the column of the problem when the entry was
   * read from a file. The error is in the %G_IO_ERROR domain, with
   * %G_IO_ERROR_INVALID_DATA.
   *
   * Since: 1.0
   */
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL,
                        G_TYPE_ERROR,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:transport-kind:
   *
   * How the server is reached: the entry's `type` (or `transport`) when it
   * has one, otherwise HTTP for an entry with a `url` and no `command`, and
   * stdio for the others.
   *
   * Since: 1.0
   */
  properties[PROP_TRANSPORT_KIND] =
    g_param_spec_enum ("transport-kind", NULL, NULL,
                       MCP_TYPE_TRANSPORT_KIND, MCP_TRANSPORT_KIND_STDIO,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:command:
   *
   * The program that starts a stdio server (`command`), or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_COMMAND] =
    g_param_spec_string ("command", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:args:
   *
   * The arguments of the command (`args`), or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_ARGS] =
    g_param_spec_boxed ("args", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:cwd:
   *
   * The directory a stdio server runs in (`cwd`), or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_CWD] =
    g_param_spec_string ("cwd", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:env:
   *
   * The environment variables a stdio server gets (`env`), or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_ENV] =
    g_param_spec_boxed ("env", NULL, NULL,
                        JSON_TYPE_OBJECT,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:url:
   *
   * The URL of a remote server (`url`), or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:headers:
   *
   * The HTTP headers sent to a remote server (`headers`), or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_HEADERS] =
    g_param_spec_boxed ("headers", NULL, NULL,
                        JSON_TYPE_OBJECT,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpServerConfig:disabled:
   *
   * Whether the user turned the server off (`"disabled": true`), so that
   * it is not started.
   *
   * Since: 1.0
   */
  properties[PROP_DISABLED] =
    g_param_spec_boolean ("disabled", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_server_config_init (McpServerConfig *self)
{
  g_weak_ref_init (&self->registry, NULL);
}

/**
 * mcp_server_config_new:
 * @name: the server's name
 * @json: the entry, as in a configuration file
 *
 * Creates a configuration from the JSON of an entry of an `mcpServers` or
 * `servers` object. @json is copied. If it cannot be used,
 * [property@Mcp.ServerConfig:error] says why.
 *
 * Returns: (transfer full): a new configuration
 *
 * Since: 1.0
 */
McpServerConfig *
mcp_server_config_new (const char *name,
                       JsonObject *json)
{
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (json != NULL, NULL);

  return g_object_new (MCP_TYPE_SERVER_CONFIG,
                       "name", name,
                       "json", json,
                       NULL);
}

/**
 * mcp_server_config_new_stdio:
 * @name: the server's name
 * @argv: (array zero-terminated=1): the command and its arguments
 *
 * Creates the configuration of a local server started with @argv.
 *
 * Returns: (transfer full): a new configuration
 *
 * Since: 1.0
 */
McpServerConfig *
mcp_server_config_new_stdio (const char         *name,
                             const char * const *argv)
{
  g_autoptr(JsonObject) json = NULL;
  JsonArray *args;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  json = json_object_new ();
  json_object_set_string_member (json, "command", argv[0]);
  args = json_array_new ();
  for (guint i = 1; argv[i] != NULL; i++)
    json_array_add_string_element (args, argv[i]);
  json_object_set_array_member (json, "args", args);

  return mcp_server_config_new (name, json);
}

/**
 * mcp_server_config_new_http:
 * @name: the server's name
 * @url: the server's URL
 *
 * Creates the configuration of a remote server speaking Streamable HTTP
 * at @url.
 *
 * Returns: (transfer full): a new configuration
 *
 * Since: 1.0
 */
McpServerConfig *
mcp_server_config_new_http (const char *name,
                            const char *url)
{
  g_autoptr(JsonObject) json = NULL;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (url != NULL, NULL);

  json = json_object_new ();
  json_object_set_string_member (json, "type", "http");
  json_object_set_string_member (json, "url", url);

  return mcp_server_config_new (name, json);
}

McpServerConfig *
_mcp_server_config_new_from_file (const char *name,
                                  JsonObject *json,
                                  GFile      *file)
{
  McpServerConfig *self = mcp_server_config_new (name, json);

  g_set_object (&self->file, file);
  self->baseline = json_object_ref (self->json);

  return self;
}

/* Ties the configuration to the file it is in (or goes to), whose @inputs
 * its `${input:…}` may use, and to @registry, which answers them. */
void
_mcp_server_config_attach (McpServerConfig   *self,
                           McpServerRegistry *registry,
                           GFile             *file,
                           JsonArray         *inputs)
{
  g_autoptr(GPtrArray) problems = NULL;
  gboolean file_changed;

  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  g_weak_ref_set (&self->registry, registry);
  file_changed = g_set_object (&self->file, file);
  if (self->inputs != inputs)
    {
      g_clear_pointer (&self->inputs, json_array_unref);
      self->inputs = inputs != NULL ? json_array_ref (inputs) : NULL;
    }

  problems = check (self, NULL, NULL);
  if (file_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

gboolean
_mcp_server_config_is_attached (McpServerConfig *self)
{
  g_autoptr(McpServerRegistry) registry = g_weak_ref_get (&self->registry);

  return registry != NULL;
}

void
_mcp_server_config_detach (McpServerConfig *self)
{
  g_weak_ref_set (&self->registry, NULL);
}

/* The file now says @json, and the configuration follows. */
void
_mcp_server_config_reload (McpServerConfig *self,
                           JsonObject      *json)
{
  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  g_clear_pointer (&self->baseline, json_object_unref);
  replace_json (self, copy_object (json));
  self->baseline = json_object_ref (self->json);
}

JsonObject *
_mcp_server_config_get_baseline (McpServerConfig *self)
{
  return self->baseline;
}

gboolean
_mcp_server_config_is_dirty (McpServerConfig *self)
{
  return self->baseline == NULL || !json_object_equal (self->baseline, self->json);
}

/* The file now has @json (an earlier JSON of the configuration's, if it
 * changed while it was written). */
void
_mcp_server_config_mark_saved (McpServerConfig *self,
                               JsonObject      *json)
{
  g_clear_pointer (&self->baseline, json_object_unref);
  self->baseline = json_object_ref (json);
}

/**
 * mcp_server_config_get_name:
 * @self: a configuration
 *
 * Gets the server's name.
 *
 * Returns: the name
 *
 * Since: 1.0
 */
const char *
mcp_server_config_get_name (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return self->name;
}

/**
 * mcp_server_config_get_json:
 * @self: a configuration
 *
 * Gets the entry's JSON, with every member, known or not. It is sealed:
 * to change it, pass a changed copy to [method@Mcp.ServerConfig.set_json].
 *
 * Returns: (transfer none): the entry
 *
 * Since: 1.0
 */
JsonObject *
mcp_server_config_get_json (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return self->json;
}

/**
 * mcp_server_config_set_json:
 * @self: a configuration
 * @json: the new entry
 *
 * Replaces the whole entry with a copy of @json. The properties whose
 * members changed are notified.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_json (McpServerConfig *self,
                            JsonObject      *json)
{
  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));
  g_return_if_fail (json != NULL);

  replace_json (self, copy_object (json));
}

/**
 * mcp_server_config_get_file:
 * @self: a configuration
 *
 * Gets the file the entry is in, or goes to when it is saved.
 *
 * Returns: (transfer none) (nullable): the file, or %NULL
 *
 * Since: 1.0
 */
GFile *
mcp_server_config_get_file (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return self->file;
}

/**
 * mcp_server_config_get_error:
 * @self: a configuration
 *
 * Gets why the entry cannot be used.
 *
 * Returns: (transfer none) (nullable): the problem, or %NULL when the
 *   entry can be used
 *
 * Since: 1.0
 */
const GError *
mcp_server_config_get_error (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return self->error;
}

/**
 * mcp_server_config_get_transport_kind:
 * @self: a configuration
 *
 * Gets how the server is reached.
 *
 * Returns: the kind of transport
 *
 * Since: 1.0
 */
McpTransportKind
mcp_server_config_get_transport_kind (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), MCP_TRANSPORT_KIND_STDIO);

  return _mcp_server_config_derive_kind (self->json, NULL, NULL);
}

/**
 * mcp_server_config_set_transport_kind:
 * @self: a configuration
 * @kind: how the server is reached
 *
 * Sets the entry's `type` (or its `transport`, if it has that instead).
 *
 * Since: 1.0
 */
void
mcp_server_config_set_transport_kind (McpServerConfig  *self,
                                      McpTransportKind  kind)
{
  static const char * const names[] = { "stdio", "http", "sse" };
  const char *member;

  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));
  g_return_if_fail (kind <= MCP_TRANSPORT_KIND_SSE);

  _mcp_server_config_derive_kind (self->json, &member, NULL);
  set_string_member (self, member != NULL ? member : "type", names[kind]);
}

/**
 * mcp_server_config_get_command:
 * @self: a configuration
 *
 * Gets the program that starts the server, as written (variables are
 * expanded when the transport is created).
 *
 * Returns: (nullable): the command, or %NULL
 *
 * Since: 1.0
 */
const char *
mcp_server_config_get_command (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return _mcp_json_object_get_string (self->json, "command");
}

/**
 * mcp_server_config_set_command:
 * @self: a configuration
 * @command: (nullable): the program, or %NULL to remove it
 *
 * Sets the program that starts the server.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_command (McpServerConfig *self,
                               const char      *command)
{
  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  set_string_member (self, "command", command);
}

/**
 * mcp_server_config_dup_args:
 * @self: a configuration
 *
 * Gets the arguments of the command, as written. Elements that are not
 * strings are left out.
 *
 * Returns: (transfer full) (nullable) (array zero-terminated=1): the
 *   arguments, or %NULL when the entry has none
 *
 * Since: 1.0
 */
char **
mcp_server_config_dup_args (McpServerConfig *self)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonArray *array;

  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  if ((array = _mcp_json_object_get_array (self->json, "args")) == NULL)
    return NULL;

  builder = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (element));
    }

  return g_strv_builder_end (builder);
}

/**
 * mcp_server_config_set_args:
 * @self: a configuration
 * @args: (nullable) (array zero-terminated=1): the arguments, or %NULL to
 *   remove them
 *
 * Sets the arguments of the command.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_args (McpServerConfig    *self,
                            const char * const *args)
{
  JsonArray *array;

  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  if (args == NULL)
    {
      set_member (self, "args", NULL);
      return;
    }

  array = json_array_new ();
  for (guint i = 0; args[i] != NULL; i++)
    json_array_add_string_element (array, args[i]);

  set_member (self, "args", _mcp_json_node_new_array (array));
}

/**
 * mcp_server_config_get_cwd:
 * @self: a configuration
 *
 * Gets the directory the server runs in, as written.
 *
 * Returns: (nullable): the directory, or %NULL
 *
 * Since: 1.0
 */
const char *
mcp_server_config_get_cwd (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return _mcp_json_object_get_string (self->json, "cwd");
}

/**
 * mcp_server_config_set_cwd:
 * @self: a configuration
 * @cwd: (nullable): the directory, or %NULL to remove it
 *
 * Sets the directory the server runs in.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_cwd (McpServerConfig *self,
                           const char      *cwd)
{
  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  set_string_member (self, "cwd", cwd);
}

/**
 * mcp_server_config_get_env:
 * @self: a configuration
 *
 * Gets the environment variables of a stdio server, as written.
 *
 * Returns: (transfer none) (nullable): the variables, or %NULL
 *
 * Since: 1.0
 */
JsonObject *
mcp_server_config_get_env (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return _mcp_json_object_get_object (self->json, "env");
}

/**
 * mcp_server_config_set_env:
 * @self: a configuration
 * @env: (nullable): the variables, or %NULL to remove them
 *
 * Sets the environment variables of a stdio server. @env is copied.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_env (McpServerConfig *self,
                           JsonObject      *env)
{
  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  set_object_member (self, "env", env);
}

/**
 * mcp_server_config_get_url:
 * @self: a configuration
 *
 * Gets the URL of a remote server, as written.
 *
 * Returns: (nullable): the URL, or %NULL
 *
 * Since: 1.0
 */
const char *
mcp_server_config_get_url (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return _mcp_json_object_get_string (self->json, "url");
}

/**
 * mcp_server_config_set_url:
 * @self: a configuration
 * @url: (nullable): the URL, or %NULL to remove it
 *
 * Sets the URL of a remote server.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_url (McpServerConfig *self,
                           const char      *url)
{
  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  set_string_member (self, "url", url);
}

/**
 * mcp_server_config_get_headers:
 * @self: a configuration
 *
 * Gets the HTTP headers sent to a remote server, as written.
 *
 * Returns: (transfer none) (nullable): the headers, or %NULL
 *
 * Since: 1.0
 */
JsonObject *
mcp_server_config_get_headers (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), NULL);

  return _mcp_json_object_get_object (self->json, "headers");
}

/**
 * mcp_server_config_set_headers:
 * @self: a configuration
 * @headers: (nullable): the headers, or %NULL to remove them
 *
 * Sets the HTTP headers sent to a remote server. @headers is copied.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_headers (McpServerConfig *self,
                               JsonObject      *headers)
{
  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  set_object_member (self, "headers", headers);
}

/**
 * mcp_server_config_get_disabled:
 * @self: a configuration
 *
 * Gets whether the server is turned off.
 *
 * Returns: %TRUE if the entry says `"disabled": true`
 *
 * Since: 1.0
 */
gboolean
mcp_server_config_get_disabled (McpServerConfig *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_CONFIG (self), FALSE);

  return _mcp_json_object_get_bool (self->json, "disabled", FALSE);
}

/**
 * mcp_server_config_set_disabled:
 * @self: a configuration
 * @disabled: whether the server is turned off
 *
 * Turns the server off or on. Turning it on removes the `disabled` member
 * rather than writing `false`, as users do by hand.
 *
 * Since: 1.0
 */
void
mcp_server_config_set_disabled (McpServerConfig *self,
                                gboolean         disabled)
{
  g_return_if_fail (MCP_IS_SERVER_CONFIG (self));

  set_member (self, "disabled",
              disabled ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL);
}
