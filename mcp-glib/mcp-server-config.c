/* mcp-server-config.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One configured server: an entry of an `mcpServers` or VS Code `servers`
 * object. The entry's JSON is the truth: every accessor reads it and every
 * setter writes it, so members the library does not know survive, and
 * saving writes back exactly what the application changed. The checks say
 * what is wrong with an entry and, for one read from a file, where; the
 * variables (`${env:…}`, `${input:…}`, `${workspaceFolder}`, …) stay in the
 * JSON and are expanded only into the transport that is made from it.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-config-problem-private.h"
#include "mcp-enums.h"
#include "mcp-http-transport.h"
#include "mcp-json-private.h"
#include "mcp-server-config-private.h"
#include "mcp-server-registry-private.h"
#include "mcp-stdio-transport.h"

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
 * - `${userHome}`, and `${pathSeparator}` or `${/}`.
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

struct _McpServerConfig
{
  GObject     parent_instance;

  char       *name;
  JsonObject *json;
  /* What the file says, for an entry read from one or saved to it; NULL for
   * an entry the file does not have yet. */
  JsonObject *baseline;
  GFile      *file;
  GWeakRef    registry;
  /* The `inputs` the file declares, or NULL. */
  JsonArray  *inputs;
  GError     *error;
};

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

static const char * const transport_members[] = { "type", "transport" };

/* Checks ----------------------------------------------------------------- */

typedef struct
{
  McpServerConfig  *config;
  /* Where the entry is, for one read from a file; both NULL otherwise. */
  McpJsoncDocument *doc;
  McpJsoncNode     *entry;
  GPtrArray        *problems;
} Checker;

static McpJsoncNode *
checker_member (Checker    *checker,
                const char *key)
{
  return _mcp_jsonc_node_lookup (checker->entry, key);
}

/* Reports a problem at @offset of the file, or without a position when
 * @offset is G_MAXSIZE or the entry was not read from a file. */
static void
report (Checker    *checker,
        gsize       offset,
        const char *message)
{
  guint line = 0;
  guint column = 0;

  if (checker->doc != NULL && offset != G_MAXSIZE)
    _mcp_jsonc_position (checker->doc->text, checker->doc->len, offset, &line, &column);

  g_ptr_array_add (checker->problems,
                   _mcp_config_problem_new (checker->config->file, line, column,
                                            checker->config->name, message));
}

static gsize
value_offset (Checker    *checker,
              const char *key)
{
  McpJsoncNode *node = checker_member (checker, key);

  return node != NULL ? node->start : G_MAXSIZE;
}

static gsize
entry_offset (Checker *checker)
{
  return checker->entry != NULL ? checker->entry->key_start : G_MAXSIZE;
}

static gboolean
input_declared (JsonArray  *inputs,
                const char *id)
{
  for (guint i = 0; inputs != NULL && i < json_array_get_length (inputs); i++)
    {
      JsonNode *node = json_array_get_element (inputs, i);

      if (JSON_NODE_HOLDS_OBJECT (node) &&
          g_strcmp0 (_mcp_json_object_get_string (json_node_get_object (node), "id"), id) == 0)
        return TRUE;
    }

  return FALSE;
}

/* Calls @func for each `${input:ID}` in @text, with the ID and the offset of
 * its `$` in @text. */
static void
foreach_input (const char *text,
               void      (*func) (const char *id, gsize offset, gpointer data),
               gpointer    data)
{
  const char *p = text;

  while ((p = strstr (p, "${input:")) != NULL)
    {
      const char *id = p + strlen ("${input:");
      const char *end = strchr (id, '}');
      g_autofree char *copy = NULL;

      if (end == NULL)
        return;

      copy = g_strndup (id, end - id);
      func (copy, p - text, data);
      p = end + 1;
    }
}

typedef struct
{
  Checker      *checker;
  McpJsoncNode *node;
} InputCheck;

static void
check_input_cb (const char *id,
                gsize       offset,
                gpointer    data)
{
  InputCheck *check = data;
  Checker *checker = check->checker;
  g_autofree char *message = NULL;
  gsize at = G_MAXSIZE;

  if (input_declared (checker->config->inputs, id))
    return;

  if (check->node != NULL)
    {
      /* Point at the `$` itself when the text has it where the string does,
       * which is the case unless the string has escapes before it. */
      McpJsoncDocument *doc = checker->doc;
      gsize dollar = check->node->start + 1 + offset;

      at = check->node->start;
      if (dollar + strlen ("${input:") <= doc->len &&
          strncmp (doc->text + dollar, "${input:", strlen ("${input:")) == 0)
        at = dollar;
    }

  message = g_strdup_printf (_("The input “%s” is not declared in the file’s “inputs”"), id);
  report (checker, at, message);
}

static void
check_inputs (Checker      *checker,
              McpJsoncNode *node,
              const char   *text)
{
  InputCheck check = { checker, node };

  foreach_input (text, check_input_cb, &check);
}

/* A member that must be a string, if present. Returns the string. */
static const char *
check_string (Checker    *checker,
              const char *key)
{
  JsonObject *json = checker->config->json;
  JsonNode *node = json_object_get_member (json, key);
  g_autofree char *message = NULL;

  if (node == NULL)
    return NULL;

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      check_inputs (checker, checker_member (checker, key), json_node_get_string (node));
      return json_node_get_string (node);
    }

  message = g_strdup_printf (_("“%s” must be a string"), key);
  report (checker, value_offset (checker, key), message);
  return NULL;
}

static void
check_string_array (Checker    *checker,
                    const char *key)
{
  JsonNode *node = json_object_get_member (checker->config->json, key);
  McpJsoncNode *where = checker_member (checker, key);
  g_autofree char *message = NULL;
  JsonArray *array;

  if (node == NULL)
    return;

  message = g_strdup_printf (_("“%s” must be a list of strings"), key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      report (checker, value_offset (checker, key), message);
      return;
    }

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      McpJsoncNode *element_where = NULL;

      if (where != NULL && where->type == JSON_NODE_ARRAY && i < where->children->len)
        element_where = where->children->pdata[i];

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        {
          report (checker, element_where != NULL ? element_where->start : G_MAXSIZE, message);
          return;
        }
      check_inputs (checker, element_where, json_node_get_string (element));
    }
}

/* An object of strings (and, with @lenient, numbers and null as well). */
static void
check_string_map (Checker    *checker,
                  const char *key,
                  gboolean    lenient)
{
  JsonNode *node = json_object_get_member (checker->config->json, key);
  McpJsoncNode *where = checker_member (checker, key);
  g_autofree char *message = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *object;

  if (node == NULL)
    return;

  message = lenient ? g_strdup_printf (_("“%s” must be an object whose values are strings, numbers or null"), key)
                    : g_strdup_printf (_("“%s” must be an object whose values are strings"), key);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      report (checker, value_offset (checker, key), message);
      return;
    }

  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (object, l->data);
      McpJsoncNode *value_where = _mcp_jsonc_node_lookup (where, l->data);
      GType type = JSON_NODE_HOLDS_VALUE (value) ? json_node_get_value_type (value) : G_TYPE_INVALID;

      if (type == G_TYPE_STRING)
        check_inputs (checker, value_where, json_node_get_string (value));
      else if (!(lenient && (JSON_NODE_HOLDS_NULL (value) || type == G_TYPE_INT64 ||
                             type == G_TYPE_DOUBLE)))
        {
          report (checker, value_where != NULL ? value_where->start : G_MAXSIZE, message);
          return;
        }
    }
}

/* The transport the entry names, or what it implies: a URL without a
 * command means HTTP. */
static McpTransportKind
derive_kind (JsonObject  *json,
             const char **member,
             const char **unknown)
{
  const char *type = NULL;

  if (member != NULL)
    *member = NULL;
  if (unknown != NULL)
    *unknown = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (transport_members) && type == NULL; i++)
    {
      type = _mcp_json_object_get_string (json, transport_members[i]);
      if (type != NULL && member != NULL)
        *member = transport_members[i];
    }

  if (type != NULL)
    {
      if (g_str_equal (type, "stdio"))
        return MCP_TRANSPORT_KIND_STDIO;
      if (g_str_equal (type, "sse"))
        return MCP_TRANSPORT_KIND_SSE;
      if (g_str_equal (type, "http") || g_str_equal (type, "streamable-http") ||
          g_str_equal (type, "streamableHttp") || g_str_equal (type, "streamable_http"))
        return MCP_TRANSPORT_KIND_HTTP;
      if (unknown != NULL)
        *unknown = type;
    }

  if (json_object_has_member (json, "url") && !json_object_has_member (json, "command"))
    return MCP_TRANSPORT_KIND_HTTP;

  return MCP_TRANSPORT_KIND_STDIO;
}

static gboolean
is_web_url (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);

  return uri != NULL &&
         (g_ascii_strcasecmp (g_uri_get_scheme (uri), "http") == 0 ||
          g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0) &&
         g_uri_get_host (uri) != NULL && *g_uri_get_host (uri) != '\0';
}

static void
check_entry (Checker *checker)
{
  JsonObject *json = checker->config->json;
  const char *member;
  const char *unknown;
  McpTransportKind kind = derive_kind (json, &member, &unknown);
  const char *command;
  const char *url;

  if (*checker->config->name == '\0')
    report (checker, entry_offset (checker), _("The server’s name is empty"));

  for (guint i = 0; i < G_N_ELEMENTS (transport_members); i++)
    check_string (checker, transport_members[i]);

  if (unknown != NULL)
    {
      g_autofree char *message =
        g_strdup_printf (_("Unknown transport “%s”: use “stdio”, “http” or “sse”"), unknown);

      report (checker, value_offset (checker, member), message);
    }

  if (json_object_has_member (json, "disabled"))
    {
      JsonNode *node = json_object_get_member (json, "disabled");

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        report (checker, value_offset (checker, "disabled"), _("“disabled” must be true or false"));
    }

  if (kind == MCP_TRANSPORT_KIND_STDIO)
    {
      command = check_string (checker, "command");
      check_string_array (checker, "args");
      check_string (checker, "cwd");
      check_string (checker, "envFile");
      check_string_map (checker, "env", TRUE);

      if (!json_object_has_member (json, "command"))
        {
          if (json_object_has_member (json, "url") || member != NULL)
            report (checker, entry_offset (checker), _("A stdio server needs a “command”"));
          else
            report (checker, entry_offset (checker),
                    _("The entry needs a “command” to start a local server, or a “url” for a "
                      "remote one"));
        }
      else if (command != NULL && *command == '\0')
        report (checker, value_offset (checker, "command"), _("The “command” is empty"));
    }
  else
    {
      url = check_string (checker, "url");
      check_string_map (checker, "headers", FALSE);

      if (!json_object_has_member (json, "url"))
        report (checker, entry_offset (checker), _("A remote server needs a “url”"));
      else if (url != NULL && strstr (url, "${") == NULL && !is_web_url (url))
        {
          g_autofree char *message = g_strdup_printf (_("“%s” is not an http or https URL"), url);

          report (checker, value_offset (checker, "url"), message);
        }
    }
}

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
  Checker checker = { self, doc, entry, g_ptr_array_new_with_free_func (g_object_unref) };

  check_entry (&checker);
  set_error (self, checker.problems);

  return checker.problems;
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
        changed = derive_kind (old, NULL, NULL) != derive_kind (json, NULL, NULL);

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
  set_member (self, member, value != NULL ? json_node_init_string (json_node_alloc (), value) : NULL);
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

  return derive_kind (self->json, NULL, NULL);
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

  derive_kind (self->json, &member, NULL);
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

  set_member (self, "args", json_node_init_array (json_node_alloc (), array));
  json_array_unref (array);
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

  set_member (self, "disabled", disabled ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL);
}

/* Variables -------------------------------------------------------------- */

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
  foreach_input (text, collect_input_cb, data);
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
static char *
expand (McpServerConfig *self,
        const char      *text,
        GError         **error)
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
      else if (g_str_equal (name, "workspaceFolder") || g_str_equal (name, "workspaceFolderBasename"))
        {
          GFile *folder = registry != NULL ? mcp_server_registry_get_workspace_folder (registry) : NULL;
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

  return expand (self, text, error);
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
      char *arg = expand (self, args[i], error);

      if (arg == NULL)
        return NULL;
      g_ptr_array_add (argv, arg);
    }
  g_ptr_array_add (argv, NULL);

  transport = mcp_stdio_transport_new ((const char * const *) argv->pdata);

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
          g_autofree char *value = expand (self, json_node_get_string (node), error);

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

  if (!is_web_url (url))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The URL of the server “%s” is not an http or https URL: %s"),
                   self->name, url);
      return NULL;
    }

  transport = mcp_http_transport_new (url);

  for (GList *l = names; l != NULL; l = l->next)
    {
      g_autofree char *value = expand (self, _mcp_json_object_get_string (headers, l->data), error);

      if (value == NULL)
        return NULL;
      mcp_http_transport_set_header (transport, l->data, value);
    }

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
