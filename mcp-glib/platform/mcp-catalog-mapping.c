/* mcp-catalog-mapping.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * From a registry's server.json to a configuration entry: a package
 * becomes a command (npm → npx, pypi → uvx, oci → podman or docker,
 * nuget → dnx) with its arguments as an argv, a remote becomes an HTTP
 * server; what the entry leaves to the user becomes `${input:…}`. The
 * registry's own text never reaches the configuration layer's variables:
 * each `${` of it is written `${dollar}{`, which expands back to `${`.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-catalog-mapping-private.h"
#include "mcp-json-private.h"

typedef struct
{
  const char        *name;         /* the configuration's name */
  const char        *catalog_url;
  JsonArray         *inputs;
  GPtrArray         *args;
  JsonObject        *env;
  GError           **error;
} Mapper;

void
_mcp_catalog_mapping_clear (McpCatalogMapping *mapping)
{
  g_clear_pointer (&mapping->config, json_object_unref);
  g_clear_pointer (&mapping->inputs, json_array_unref);
  g_clear_object (&mapping->sandbox);
}

/* @text with each `${` written `${dollar}{`, so that the configuration
 * layer gives back @text itself and expands nothing in it. */
char *
_mcp_catalog_escape (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text;
  const char *start;

  while ((start = strstr (p, "${")) != NULL)
    {
      g_string_append_len (out, p, start - p);
      g_string_append (out, "${dollar}{");
      p = start + 2;
    }
  g_string_append (out, p);

  return g_string_free (out, FALSE);
}

static gboolean
is_plain_token (const char *text)
{
  if (text == NULL || *text == '\0' || *text == '-' || !g_utf8_validate (text, -1, NULL))
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isspace (*p) || g_ascii_iscntrl (*p))
      return FALSE;

  return TRUE;
}

/* An input ID made of the server's name and @what: letters, digits, `.`,
 * `_` and `-` only. */
static char *
input_id (Mapper     *mapper,
          const char *what)
{
  g_autofree char *id = g_strdup_printf ("%s.%s", mapper->name, what);

  for (char *p = id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '.' && *p != '_' && *p != '-')
      *p = '_';

  return g_steal_pointer (&id);
}

/* Declares an input for @input (an Input of the schema) and returns
 * `${input:ID}`. */
static char *
declare_input (Mapper     *mapper,
               const char *what,
               JsonObject *input,
               const char *fallback_description)
{
  g_autofree char *id = input_id (mapper, what);
  g_autoptr(JsonObject) declaration = json_object_new ();
  const char *description = _mcp_json_object_get_string (input, "description");
  const char *default_value = _mcp_json_object_get_string (input, "default");
  JsonArray *choices = _mcp_json_object_get_array (input, "choices");

  for (guint i = 0; i < json_array_get_length (mapper->inputs); i++)
    {
      JsonObject *other = json_array_get_object_element (mapper->inputs, i);

      if (g_strcmp0 (_mcp_json_object_get_string (other, "id"), id) == 0)
        return g_strdup_printf ("${input:%s}", id);
    }

  json_object_set_string_member (declaration, "id", id);
  json_object_set_string_member (declaration, "description",
                                 description != NULL ? description : fallback_description);
  if (choices != NULL && json_array_get_length (choices) > 0)
    {
      g_autoptr(JsonArray) options = json_array_new ();

      json_object_set_string_member (declaration, "type", "pickString");
      for (guint i = 0; i < json_array_get_length (choices); i++)
        {
          JsonNode *choice = json_array_get_element (choices, i);

          if (JSON_NODE_HOLDS_VALUE (choice) && json_node_get_value_type (choice) == G_TYPE_STRING)
            json_array_add_string_element (options, json_node_get_string (choice));
        }
      json_object_set_array_member (declaration, "options", g_steal_pointer (&options));
    }
  else
    json_object_set_string_member (declaration, "type", "promptString");
  if (_mcp_json_object_get_bool (input, "isSecret", FALSE))
    json_object_set_boolean_member (declaration, "password", TRUE);
  if (default_value != NULL)
    json_object_set_string_member (declaration, "default", default_value);

  json_array_add_object_element (mapper->inputs, g_steal_pointer (&declaration));

  return g_strdup_printf ("${input:%s}", id);
}

/* @text (the registry's) with its `{variables}` replaced: by their value
 * when the entry gives one, by an input otherwise. The registry's own text
 * is escaped. */
static char *
substitute (Mapper     *mapper,
            const char *what,
            const char *text,
            JsonObject *variables)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) literal = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      const char *close;
      g_autofree char *var = NULL;
      JsonObject *variable;

      if (*p != '{' || variables == NULL || (close = strchr (p + 1, '}')) == NULL)
        {
          g_string_append_c (literal, *p++);
          continue;
        }

      var = g_strndup (p + 1, close - p - 1);
      if ((variable = _mcp_json_object_get_object (variables, var)) == NULL)
        {
          g_string_append_c (literal, *p++);
          continue;
        }

      if (_mcp_json_object_get_string (variable, "value") != NULL)
        g_string_append (literal, _mcp_json_object_get_string (variable, "value"));
      else
        {
          g_autofree char *escaped = _mcp_catalog_escape (literal->str);
          g_autofree char *sub_what = g_strdup_printf ("%s.%s", what, var);
          g_autofree char *ref = declare_input (mapper, sub_what, variable, var);

          g_string_append (out, escaped);
          g_string_truncate (literal, 0);
          g_string_append (out, ref);
        }
      p = close + 1;
    }

  {
    g_autofree char *escaped = _mcp_catalog_escape (literal->str);

    g_string_append (out, escaped);
  }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The value of an Input: its `value` (with variables), or an input when
 * the entry requires one and gives none. %NULL when there is none and
 * none is needed. */
static char *
input_value (Mapper     *mapper,
             const char *what,
             const char *label,
             JsonObject *input,
             gboolean    required)
{
  const char *value = _mcp_json_object_get_string (input, "value");

  if (value != NULL)
    return substitute (mapper, what, value, _mcp_json_object_get_object (input, "variables"));

  if (required || _mcp_json_object_get_bool (input, "isRequired", FALSE) ||
      _mcp_json_object_get_bool (input, "isSecret", FALSE))
    return declare_input (mapper, what, input, label);

  return NULL;
}

static gboolean
add_arguments (Mapper     *mapper,
               JsonArray  *arguments,
               const char *kind)
{
  if (arguments == NULL)
    return TRUE;

  for (guint i = 0; i < json_array_get_length (arguments); i++)
    {
      JsonNode *node = json_array_get_element (arguments, i);
      JsonObject *arg = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *type = arg != NULL ? _mcp_json_object_get_string (arg, "type") : NULL;
      const char *name = arg != NULL ? _mcp_json_object_get_string (arg, "name") : NULL;

      if (g_strcmp0 (type, "positional") == 0)
        {
          const char *hint = _mcp_json_object_get_string (arg, "valueHint");
          g_autofree char *what = g_strdup_printf ("%s%u.%s", kind, i, hint != NULL ? hint : "value");
          char *value = input_value (mapper, what, hint != NULL ? hint : what, arg, FALSE);

          if (value != NULL)
            g_ptr_array_add (mapper->args, value);
        }
      else if (g_strcmp0 (type, "named") == 0 && name != NULL && *name != '\0')
        {
          g_autofree char *what = g_strdup_printf ("%s%u.%s", kind, i, name);
          gboolean has_value = _mcp_json_object_get_string (arg, "value") != NULL;
          gboolean required = _mcp_json_object_get_bool (arg, "isRequired", FALSE);
          char *value;

          if (!has_value && !required &&
              (json_object_has_member (arg, "default") || json_object_has_member (arg, "choices")))
            continue;   /* optional, and its value unknown: the server's default */

          g_ptr_array_add (mapper->args, _mcp_catalog_escape (name));
          if ((value = input_value (mapper, what, name, arg, FALSE)) != NULL)
            g_ptr_array_add (mapper->args, value);
        }
      else
        {
          g_set_error (mapper->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Argument %u of the entry’s %s is neither positional nor named"),
                       i + 1, kind);
          return FALSE;
        }
    }

  return TRUE;
}

static gboolean
is_variable_name (const char *name)
{
  if (name == NULL || !(g_ascii_isalpha (*name) || *name == '_'))
    return FALSE;

  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;

  return TRUE;
}

static gboolean
add_key_values (Mapper     *mapper,
                JsonArray  *list,
                JsonObject *target,
                gboolean    headers)
{
  if (list == NULL)
    return TRUE;

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *node = json_array_get_element (list, i);
      JsonObject *item = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *name = item != NULL ? _mcp_json_object_get_string (item, "name") : NULL;
      g_autofree char *value = NULL;

      if (name == NULL ||
          (headers ? (*name == '\0' || strpbrk (name, ":\r\n \t{}()<>@,;\\\"/[]?=") != NULL)
                   : !is_variable_name (name)))
        {
          g_set_error (mapper->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       headers ? _("The entry has a header without a valid name")
                               : _("The entry has an environment variable without a valid name"));
          return FALSE;
        }

      if ((value = input_value (mapper, name, name, item, FALSE)) != NULL)
        json_object_set_string_member (target, name, value);
    }

  return TRUE;
}

/* @url with each `{variable}` as a plain name, to be parsed. */
static char *
url_template_sample (const char *url)
{
  GString *out = g_string_new (NULL);

  for (const char *p = url; *p != '\0'; p++)
    {
      const char *close = *p == '{' ? strchr (p, '}') : NULL;

      if (close != NULL)
        {
          g_string_append (out, "variable");
          p = close;
        }
      else
        g_string_append_c (out, *p);
    }

  return g_string_free (out, FALSE);
}

/* Refuses a remote's URL that is not https:, or http: on loopback, read
 * from the registry's text (its variables as plain names). */
static gboolean
check_remote_url (const char  *url,
                  GError     **error)
{
  g_autofree char *sample = url_template_sample (url);
  g_autoptr(GUri) uri = g_uri_parse (sample, G_URI_FLAGS_NONE, NULL);
  const char *scheme = uri != NULL ? g_uri_get_scheme (uri) : NULL;
  const char *host = uri != NULL ? g_uri_get_host (uri) : NULL;

  if (uri != NULL && g_ascii_strcasecmp (scheme, "https") == 0 && host != NULL && *host != '\0')
    return TRUE;

  if (uri != NULL && g_ascii_strcasecmp (scheme, "http") == 0 && host != NULL)
    {
      if (g_uri_get_userinfo (uri) == NULL && strchr (url, '{') == NULL &&
          (g_str_equal (host, "localhost") || g_str_equal (host, "127.0.0.1") ||
           g_str_equal (host, "::1")))
        return TRUE;

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("The remote “%s” uses plain http: on a host that is not this computer: "
                     "what it sends, tokens included, could be read and changed on the way; "
                     "only https:, or http: on loopback, is accepted"), url);
      return FALSE;
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
               _("The remote “%s” is not an https: URL: a registry entry may only point to a "
                 "server on the web (https:) or on this computer (http: on loopback)"), url);
  return FALSE;
}

static char *
url_host (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  const char *host = uri != NULL ? g_uri_get_host (uri) : NULL;

  /* "https:///simple" parses, with an empty host: that is no host. */
  return host != NULL && *host != '\0' ? g_strdup (host) : NULL;
}

/* Whether @base (a package's registryBaseUrl) may be given to its package
 * manager as an index: an https: URL that is not the catalog's. */
static gboolean
is_package_index (Mapper     *mapper,
                  const char *base,
                  const char *default_base)
{
  g_autofree char *host = NULL;
  g_autofree char *catalog_host = NULL;

  if (base == NULL || g_str_equal (base, default_base))
    return FALSE;
  if (!g_str_has_prefix (base, "https://") || !is_plain_token (base))
    return FALSE;

  host = url_host (base);
  catalog_host = mapper->catalog_url != NULL ? url_host (mapper->catalog_url) : NULL;
  if (host == NULL || g_strcmp0 (host, catalog_host) == 0 ||
      g_str_equal (host, "registry.modelcontextprotocol.io"))
    return FALSE;

  return TRUE;
}

/* @path as the sandbox reads it, `~/…` under the home directory, so that
 * the file says what it means on any account. */
static char *
sandbox_path (const char *path)
{
  const char *home = g_get_home_dir ();
  size_t len = strlen (home);

  if (strncmp (path, home, len) == 0 && path[len] == '/' && path[len + 1] != '\0')
    return g_strconcat ("~/", path + len + 1, NULL);

  return g_strdup (path);
}

/* The sandbox proposed for a stdio server: the network only to @hosts, its
 * writes only to @writable, its reads to @readable besides the system; the
 * client's roots are the boundary of its work (McpSandbox:roots-writable,
 * the default). */
static McpSandbox *
sandbox_new (const char * const *hosts,
             const char * const *writable,
             const char * const *readable)
{
  McpSandbox *sandbox = mcp_sandbox_new ();

  for (guint i = 0; hosts != NULL && hosts[i] != NULL; i++)
    mcp_sandbox_add_allowed_domain (sandbox, hosts[i]);
  for (guint i = 0; writable != NULL && writable[i] != NULL; i++)
    {
      g_autofree char *path = sandbox_path (writable[i]);

      mcp_sandbox_add_write_path (sandbox, path);
    }
  for (guint i = 0; readable != NULL && readable[i] != NULL; i++)
    {
      g_autofree char *path = sandbox_path (readable[i]);

      mcp_sandbox_add_read_path (sandbox, path);
    }

  return sandbox;
}

static gboolean
map_package (Mapper            *mapper,
             JsonObject        *package,
             McpCatalogMapping *mapping)
{
  const char *type = _mcp_json_object_get_string (package, "registryType");
  const char *identifier = _mcp_json_object_get_string (package, "identifier");
  const char *version = _mcp_json_object_get_string (package, "version");
  const char *base = _mcp_json_object_get_string (package, "registryBaseUrl");
  JsonObject *transport = _mcp_json_object_get_object (package, "transport");
  g_autofree char *cache = NULL;
  g_autofree char *base_host = NULL;
  g_autofree char *pinned = NULL;
  const char *command;
  const char *home = g_get_home_dir ();
  gboolean index;

  if (transport != NULL && g_strcmp0 (_mcp_json_object_get_string (transport, "type"), "stdio") != 0)
    {
      g_set_error (mapper->error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The package “%s” is not a stdio server"), identifier ?: "");
      return FALSE;
    }
  if (!is_plain_token (identifier) || (version != NULL && !is_plain_token (version)))
    {
      g_set_error_literal (mapper->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The package’s identifier or version is empty, starts with “-” or "
                             "holds spaces"));
      return FALSE;
    }

  if (g_strcmp0 (type, "npm") == 0)
    {
      const char *hosts[] = { "registry.npmjs.org", NULL, NULL };
      g_autofree char *npm_cache = g_build_filename (home, ".npm", NULL);
      const char *writable[] = { npm_cache, NULL };

      command = "npx";
      index = is_package_index (mapper, base, "https://registry.npmjs.org");
      g_ptr_array_add (mapper->args, g_strdup ("--yes"));
      if (index)
        {
          g_autofree char *escaped_base = _mcp_catalog_escape (base);

          g_ptr_array_add (mapper->args, g_strdup_printf ("--registry=%s", escaped_base));
          hosts[0] = base_host = url_host (base);
        }
      if (!add_arguments (mapper, _mcp_json_object_get_array (package, "runtimeArguments"),
                          "runtimeArguments"))
        return FALSE;
      pinned = version != NULL ? g_strdup_printf ("%s@%s", identifier, version) : g_strdup (identifier);
      g_ptr_array_add (mapper->args, _mcp_catalog_escape (pinned));
      mapping->sandbox = sandbox_new (hosts, writable, NULL);
    }
  else if (g_strcmp0 (type, "pypi") == 0)
    {
      const char *hosts[] = { "pypi.org", "files.pythonhosted.org", NULL };
      g_autofree char *uv_cache = g_build_filename (g_get_user_cache_dir (), "uv", NULL);
      const char *writable[] = { uv_cache, NULL };

      command = "uvx";
      /* An index is what pip and uv read (…/simple); a registry's base URL
       * of another kind is not given to them. */
      index = is_package_index (mapper, base, "https://pypi.org") &&
              (g_str_has_suffix (base, "/simple") || g_str_has_suffix (base, "/simple/"));
      if (index)
        {
          g_ptr_array_add (mapper->args, g_strdup ("--default-index"));
          g_ptr_array_add (mapper->args, _mcp_catalog_escape (base));
          hosts[0] = base_host = url_host (base);
          hosts[1] = NULL;
        }
      if (!add_arguments (mapper, _mcp_json_object_get_array (package, "runtimeArguments"),
                          "runtimeArguments"))
        return FALSE;
      pinned = version != NULL ? g_strdup_printf ("%s==%s", identifier, version) : g_strdup (identifier);
      g_ptr_array_add (mapper->args, _mcp_catalog_escape (pinned));
      mapping->sandbox = sandbox_new (hosts, writable, NULL);
    }
  else if (g_strcmp0 (type, "oci") == 0)
    {
      g_autofree char *podman = g_find_program_in_path ("podman");
      g_autofree char *image_host = NULL;
      g_autofree char *storage = NULL;
      const char *hosts[] = { NULL, NULL, NULL, NULL };
      const char *writable[] = { NULL, NULL };
      const char *slash = strchr (identifier, '/');
      JsonArray *env = _mcp_json_object_get_array (package, "environmentVariables");

      command = podman != NULL ? "podman" : "docker";
      storage = podman != NULL ? g_build_filename (g_get_user_data_dir (), "containers", NULL)
                               : g_build_filename (home, ".docker", NULL);
      if (slash != NULL && (memchr (identifier, '.', slash - identifier) != NULL ||
                            memchr (identifier, ':', slash - identifier) != NULL))
        image_host = g_strndup (identifier, slash - identifier);
      else
        image_host = g_strdup ("docker.io");
      hosts[0] = image_host;
      /* The two public registries serve the layers from other hosts. */
      if (g_str_equal (image_host, "docker.io"))
        {
          hosts[1] = "*.docker.io";
          hosts[2] = "production.cloudflare.docker.com";
        }
      else if (g_str_equal (image_host, "ghcr.io"))
        {
          hosts[1] = "pkg-containers.githubusercontent.com";
        }
      writable[0] = storage;

      g_ptr_array_add (mapper->args, g_strdup ("run"));
      g_ptr_array_add (mapper->args, g_strdup ("-i"));
      g_ptr_array_add (mapper->args, g_strdup ("--rm"));
      if (!add_arguments (mapper, _mcp_json_object_get_array (package, "runtimeArguments"),
                          "runtimeArguments"))
        return FALSE;
      /* The container gets the variables by name, from the runtime's own
       * environment, which "env" sets. */
      for (guint i = 0; env != NULL && i < json_array_get_length (env); i++)
        {
          JsonNode *node = json_array_get_element (env, i);
          const char *name = JSON_NODE_HOLDS_OBJECT (node)
            ? _mcp_json_object_get_string (json_node_get_object (node), "name") : NULL;

          if (is_variable_name (name))
            {
              g_ptr_array_add (mapper->args, g_strdup ("-e"));
              g_ptr_array_add (mapper->args, g_strdup (name));
            }
        }
      /* The tag is in the identifier; a version is added when it is not. */
      if (version != NULL && strchr (slash != NULL ? slash : identifier, ':') == NULL &&
          strchr (identifier, '@') == NULL)
        pinned = g_strdup_printf ("%s:%s", identifier, version);
      else
        pinned = g_strdup (identifier);
      g_ptr_array_add (mapper->args, _mcp_catalog_escape (pinned));
      mapping->sandbox = sandbox_new (hosts, writable, NULL);
    }
  else if (g_strcmp0 (type, "nuget") == 0)
    {
      const char *hosts[] = { "api.nuget.org", NULL };
      g_autofree char *nuget_cache = g_build_filename (home, ".nuget", "packages", NULL);
      const char *writable[] = { nuget_cache, NULL };
      JsonArray *package_arguments = _mcp_json_object_get_array (package, "packageArguments");

      command = "dnx";
      index = is_package_index (mapper, base, "https://api.nuget.org/v3/index.json");
      if (!add_arguments (mapper, _mcp_json_object_get_array (package, "runtimeArguments"),
                          "runtimeArguments"))
        return FALSE;
      pinned = version != NULL ? g_strdup_printf ("%s@%s", identifier, version) : g_strdup (identifier);
      g_ptr_array_add (mapper->args, _mcp_catalog_escape (pinned));
      if (index)
        {
          g_ptr_array_add (mapper->args, g_strdup ("--add-source"));
          g_ptr_array_add (mapper->args, _mcp_catalog_escape (base));
          hosts[0] = base_host = url_host (base);
        }
      g_ptr_array_add (mapper->args, g_strdup ("--yes"));
      if (package_arguments != NULL && json_array_get_length (package_arguments) > 0)
        g_ptr_array_add (mapper->args, g_strdup ("--"));
      mapping->sandbox = sandbox_new (hosts, writable, NULL);
    }
  else if (g_strcmp0 (type, "mcpb") == 0)
    {
      g_set_error_literal (mapper->error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("An MCP bundle (mcpb) must be downloaded to be proposed: use "
                             "mcp_server_catalog_propose_async ()"));
      return FALSE;
    }
  else
    {
      g_set_error (mapper->error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Packages of the registry “%s” are not supported"), type ?: "");
      return FALSE;
    }

  if (!add_arguments (mapper, _mcp_json_object_get_array (package, "packageArguments"),
                      "packageArguments") ||
      !add_key_values (mapper, _mcp_json_object_get_array (package, "environmentVariables"),
                       mapper->env, FALSE))
    return FALSE;

  json_object_set_string_member (mapping->config, "type", "stdio");
  json_object_set_string_member (mapping->config, "command", command);
  {
    g_autoptr(JsonArray) args = json_array_new ();

    for (guint i = 0; i < mapper->args->len; i++)
      json_array_add_string_element (args, mapper->args->pdata[i]);
    json_object_set_array_member (mapping->config, "args", g_steal_pointer (&args));
  }
  if (json_object_get_size (mapper->env) > 0)
    json_object_set_object_member (mapping->config, "env", json_object_ref (mapper->env));

  return TRUE;
}

static gboolean
map_remote (Mapper            *mapper,
            JsonObject        *remote,
            McpCatalogMapping *mapping)
{
  const char *type = _mcp_json_object_get_string (remote, "type");
  const char *url = _mcp_json_object_get_string (remote, "url");
  g_autoptr(JsonObject) headers = json_object_new ();
  g_autofree char *config_url = NULL;

  if (url == NULL)
    {
      g_set_error_literal (mapper->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The entry’s remote has no URL"));
      return FALSE;
    }
  if (!check_remote_url (url, mapper->error))
    return FALSE;

  if (g_strcmp0 (type, "streamable-http") == 0)
    json_object_set_string_member (mapping->config, "type", "http");
  else if (g_strcmp0 (type, "sse") == 0)
    json_object_set_string_member (mapping->config, "type", "sse");
  else
    {
      g_set_error (mapper->error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Remotes of the type “%s” are not supported"), type ?: "");
      return FALSE;
    }

  config_url = substitute (mapper, "url", url, _mcp_json_object_get_object (remote, "variables"));
  /* Braces the entry does not declare as variables stay, and make no URL. */
  if (strstr (config_url, "${input:") == NULL && !g_uri_is_valid (config_url, G_URI_FLAGS_NONE, NULL))
    {
      g_set_error (mapper->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The remote “%s” is not a valid URL"), url);
      return FALSE;
    }
  json_object_set_string_member (mapping->config, "url", config_url);
  if (!add_key_values (mapper, _mcp_json_object_get_array (remote, "headers"), headers, TRUE))
    return FALSE;
  if (json_object_get_size (headers) > 0)
    json_object_set_object_member (mapping->config, "headers", g_steal_pointer (&headers));

  return TRUE;
}

gboolean
_mcp_catalog_map_entry (McpCatalogEntry    *entry,
                        const char         *catalog_url,
                        const char         *name,
                        McpCatalogMapping  *mapping,
                        GError            **error)
{
  JsonObject *json = mcp_catalog_entry_get_json (entry);
  JsonArray *packages = _mcp_json_object_get_array (json, "packages");
  JsonArray *remotes = _mcp_json_object_get_array (json, "remotes");
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonObject) env = json_object_new ();
  g_autoptr(GError) first_error = NULL;
  Mapper mapper = { name, catalog_url, NULL, args, env, NULL };

  for (guint i = 0; packages != NULL && i < json_array_get_length (packages); i++)
    {
      JsonNode *node = json_array_get_element (packages, i);
      g_autoptr(GError) local_error = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;

      mapping->config = json_object_new ();
      mapping->inputs = json_array_new ();
      mapper.inputs = mapping->inputs;
      mapper.error = &local_error;
      g_ptr_array_set_size (args, 0);
      json_object_unref (env);
      mapper.env = env = json_object_new ();

      if (map_package (&mapper, json_node_get_object (node), mapping))
        return TRUE;

      _mcp_catalog_mapping_clear (mapping);
      if (first_error == NULL)
        first_error = g_steal_pointer (&local_error);
    }

  for (guint i = 0; remotes != NULL && i < json_array_get_length (remotes); i++)
    {
      JsonNode *node = json_array_get_element (remotes, i);
      g_autoptr(GError) local_error = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;

      mapping->config = json_object_new ();
      mapping->inputs = json_array_new ();
      mapper.inputs = mapping->inputs;
      mapper.error = &local_error;

      if (map_remote (&mapper, json_node_get_object (node), mapping))
        return TRUE;

      _mcp_catalog_mapping_clear (mapping);
      if (first_error == NULL)
        first_error = g_steal_pointer (&local_error);
    }

  if (first_error != NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&first_error), "%s: ",
                                  mcp_catalog_entry_get_name (entry));
      return FALSE;
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
               _("%s: the entry has no package or remote to start"),
               mcp_catalog_entry_get_name (entry));
  return FALSE;
}

/* The entry's first mcpb package, or NULL. */
JsonObject *
_mcp_catalog_find_bundle (McpCatalogEntry *entry)
{
  JsonArray *packages = _mcp_json_object_get_array (mcp_catalog_entry_get_json (entry), "packages");

  for (guint i = 0; packages != NULL && i < json_array_get_length (packages); i++)
    {
      JsonNode *node = json_array_get_element (packages, i);

      if (JSON_NODE_HOLDS_OBJECT (node) &&
          g_strcmp0 (_mcp_json_object_get_string (json_node_get_object (node), "registryType"),
                     "mcpb") == 0)
        return json_node_get_object (node);
    }

  return NULL;
}

/* @text of a bundle's manifest with its variables: `${__dirname}` is the
 * bundle's folder, `${user_config.KEY}` an input declared from the
 * manifest's user_config, `${HOME}` the user's home; the rest of the text
 * is escaped. */
static char *
bundle_substitute (Mapper     *mapper,
                   const char *text,
                   const char *folder,
                   JsonObject *user_config)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) literal = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      const char *close;
      g_autofree char *var = NULL;

      if (!g_str_has_prefix (p, "${") || (close = strchr (p, '}')) == NULL)
        {
          g_string_append_c (literal, *p++);
          continue;
        }

      var = g_strndup (p + 2, close - p - 2);
      if (g_str_equal (var, "__dirname"))
        g_string_append (literal, folder);
      else if (g_str_equal (var, "HOME"))
        g_string_append (literal, g_get_home_dir ());
      else if (g_str_equal (var, "/") || g_str_equal (var, "pathSeparator"))
        g_string_append (literal, G_DIR_SEPARATOR_S);
      else if (g_str_has_prefix (var, "user_config.") && user_config != NULL &&
               _mcp_json_object_get_object (user_config, var + strlen ("user_config.")) != NULL)
        {
          const char *key = var + strlen ("user_config.");
          JsonObject *option = _mcp_json_object_get_object (user_config, key);
          g_autoptr(JsonObject) input = json_object_new ();
          g_autofree char *escaped = _mcp_catalog_escape (literal->str);
          g_autofree char *ref = NULL;
          const char *title = _mcp_json_object_get_string (option, "title");
          const char *description = _mcp_json_object_get_string (option, "description");
          JsonNode *default_node = json_object_get_member (option, "default");

          if (description != NULL || title != NULL)
            json_object_set_string_member (input, "description", description ?: title);
          if (_mcp_json_object_get_bool (option, "sensitive", FALSE))
            json_object_set_boolean_member (input, "isSecret", TRUE);
          if (default_node != NULL && JSON_NODE_HOLDS_VALUE (default_node) &&
              json_node_get_value_type (default_node) == G_TYPE_STRING)
            json_object_set_string_member (input, "default", json_node_get_string (default_node));
          ref = declare_input (mapper, key, input, title ?: key);
          g_string_append (out, escaped);
          g_string_truncate (literal, 0);
          g_string_append (out, ref);
        }
      else
        {
          g_string_append_c (literal, *p++);
          continue;
        }
      p = close + 1;
    }

  {
    g_autofree char *escaped = _mcp_catalog_escape (literal->str);

    g_string_append (out, escaped);
  }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

gboolean
_mcp_catalog_map_bundle (McpCatalogEntry    *entry,
                         const char         *name,
                         JsonObject         *manifest,
                         const char         *folder,
                         McpCatalogMapping  *mapping,
                         GError            **error)
{
  JsonObject *server = _mcp_json_object_get_object (manifest, "server");
  JsonObject *config = server != NULL ? _mcp_json_object_get_object (server, "mcp_config") : NULL;
  JsonObject *user_config = _mcp_json_object_get_object (manifest, "user_config");
  const char *command = config != NULL ? _mcp_json_object_get_string (config, "command") : NULL;
  JsonArray *args = config != NULL ? _mcp_json_object_get_array (config, "args") : NULL;
  JsonObject *env = config != NULL ? _mcp_json_object_get_object (config, "env") : NULL;
  g_autoptr(JsonArray) config_args = json_array_new ();
  g_autoptr(JsonObject) config_env = json_object_new ();
  g_autoptr(GPtrArray) unused = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *config_command = NULL;
  const char *readable[] = { folder, NULL };
  Mapper mapper = { name, NULL, NULL, unused, NULL, error };

  if (command == NULL || *command == '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s: the bundle’s manifest has no server.mcp_config.command"),
                   mcp_catalog_entry_get_name (entry));
      return FALSE;
    }

  mapping->config = json_object_new ();
  mapping->inputs = json_array_new ();
  mapper.inputs = mapping->inputs;

  config_command = bundle_substitute (&mapper, command, folder, user_config);
  for (guint i = 0; args != NULL && i < json_array_get_length (args); i++)
    {
      JsonNode *node = json_array_get_element (args, i);

      g_autofree char *arg = NULL;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        continue;
      arg = bundle_substitute (&mapper, json_node_get_string (node), folder, user_config);
      json_array_add_string_element (config_args, arg);
    }
  if (env != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (env);

      for (GList *l = members; l != NULL; l = l->next)
        {
          const char *value = _mcp_json_object_get_string (env, l->data);
          g_autofree char *expanded = NULL;

          if (!is_variable_name (l->data) || value == NULL)
            continue;
          expanded = bundle_substitute (&mapper, value, folder, user_config);
          json_object_set_string_member (config_env, l->data, expanded);
        }
    }

  json_object_set_string_member (mapping->config, "type", "stdio");
  json_object_set_string_member (mapping->config, "command", config_command);
  json_object_set_array_member (mapping->config, "args", g_steal_pointer (&config_args));
  if (json_object_get_size (config_env) > 0)
    json_object_set_object_member (mapping->config, "env", g_steal_pointer (&config_env));
  {
    g_autofree char *escaped_folder = _mcp_catalog_escape (folder);

    json_object_set_string_member (mapping->config, "cwd", escaped_folder);
  }
  /* A bundle brings what it needs: no network, no writes, reading its
   * own folder (hidden with the rest of the home directory otherwise). */
  mapping->sandbox = sandbox_new (NULL, NULL, readable);

  return TRUE;
}
