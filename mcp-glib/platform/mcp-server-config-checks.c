/* mcp-server-config-checks.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What can be wrong with a server's entry, said so that the user can fix
 * it: the checks of McpServerConfig. For an entry read from a file, each
 * problem points at the value it is about, down to the `$` of an unknown
 * `${input:…}`, through the positions mcp-jsonc.c keeps.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-config-problem-private.h"
#include "mcp-json-private.h"
#include "mcp-server-config-private.h"

static const char * const transport_members[] = { "type", "transport" };

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
void
_mcp_config_foreach_input (const char *text,
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

  _mcp_config_foreach_input (text, check_input_cb, &check);
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

  if (lenient)
    message = g_strdup_printf (_("“%s” must be an object whose values are strings, numbers or "
                                 "null"), key);
  else
    message = g_strdup_printf (_("“%s” must be an object whose values are strings"), key);
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
      GType type = JSON_NODE_HOLDS_VALUE (value) ? json_node_get_value_type (value)
                                                 : G_TYPE_INVALID;

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
McpTransportKind
_mcp_server_config_derive_kind (JsonObject  *json,
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

gboolean
_mcp_config_is_web_url (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);

  return uri != NULL &&
         (g_ascii_strcasecmp (g_uri_get_scheme (uri), "http") == 0 ||
          g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0) &&
         g_uri_get_host (uri) != NULL && *g_uri_get_host (uri) != '\0';
}

static void
check_all (Checker *checker)
{
  JsonObject *json = checker->config->json;
  const char *member;
  const char *unknown;
  McpTransportKind kind = _mcp_server_config_derive_kind (json, &member, &unknown);
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
      else if (url != NULL && strstr (url, "${") == NULL && !_mcp_config_is_web_url (url))
        {
          g_autofree char *message = g_strdup_printf (_("“%s” is not an http or https URL"), url);

          report (checker, value_offset (checker, "url"), message);
        }
    }
}

/* The problems of @self's entry; with @doc and @entry (where it is in
 * @doc), with their positions in the file. */
GPtrArray *
_mcp_server_config_check_entry (McpServerConfig  *self,
                                McpJsoncDocument *doc,
                                McpJsoncNode     *entry)
{
  Checker checker = { self, doc, entry, g_ptr_array_new_with_free_func (g_object_unref) };

  check_all (&checker);
  return checker.problems;
}
