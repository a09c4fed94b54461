/* mcp-oauth-discovery.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Finding out who issues tokens for an MCP server: the `Bearer` challenge
 * of a 401 or 403, the server's protected resource metadata (RFC 9728:
 * the URL of the challenge, else the path-based well-known URL, then the
 * root one), then the authorization server's metadata (RFC 8414 and
 * OpenID Connect discovery, in the order MCP gives for issuers with and
 * without a path), each checked: the resource must be the server, the
 * issuer the one asked for, every endpoint HTTPS or on this machine. A
 * server of the 2025-03-26 revision has no resource metadata: its origin
 * is then the authorization server, with metadata at the root or the
 * default endpoints.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-authorization.h"
#include "mcp-json-private.h"
#include "mcp-oauth-discovery-private.h"
#include "mcp-oauth-http-private.h"

/* Bounds on what a challenge or metadata may make us keep. */
#define MAX_PARAM_LENGTH 4096
#define MAX_LIST_LENGTH  256

void
_mcp_oauth_challenge_free (McpOAuthChallenge *challenge)
{
  g_free (challenge->resource_metadata);
  g_free (challenge->scope);
  g_free (challenge->error);
  g_free (challenge);
}

static gboolean
is_tchar (char c)
{
  return g_ascii_isalnum (c) || (c != '\0' && strchr ("!#$%&'*+-.^_`|~/", c) != NULL);
}

static const char *
skip_separators (const char *p)
{
  while (*p == ' ' || *p == '\t' || *p == ',')
    p++;
  return p;
}

/* Reads a token or a quoted string at @p into @out (NULL to skip it);
 * returns where it ends. A value longer than MAX_PARAM_LENGTH is not cut
 * short, which could make another value of it: @too_long is set, and the
 * caller refuses the whole challenge. */
static const char *
read_value (const char  *p,
            GString     *out,
            gboolean    *too_long)
{
  if (*p != '"')
    {
      const char *start = p;

      while (is_tchar (*p) || *p == '=')
        p++;
      if (p - start > MAX_PARAM_LENGTH)
        *too_long = TRUE;
      else if (out != NULL)
        g_string_append_len (out, start, p - start);
      return p;
    }

  for (p++; *p != '\0' && *p != '"'; p++)
    {
      if (*p == '\\' && p[1] != '\0')
        p++;
      if (out == NULL)
        continue;
      if (out->len >= MAX_PARAM_LENGTH)
        *too_long = TRUE;
      else
        g_string_append_c (out, *p);
    }

  return *p == '"' ? p + 1 : p;
}

/* Finds the `Bearer` and `DPoP` challenges among those of a
 * WWW-Authenticate header (which may name several schemes, each with its
 * parameters) and returns their parameters, or NULL when there is none. A challenge with a parameter
 * that is too long to keep comes with `too_long` set and no parameters:
 * it must be refused. */
McpOAuthChallenge *
_mcp_oauth_challenge_parse (const char *www_authenticate)
{
  g_autoptr(McpOAuthChallenge) challenge = NULL;
  gboolean in_token_scheme = FALSE;
  const char *p;

  if (www_authenticate == NULL)
    return NULL;

  for (p = skip_separators (www_authenticate); *p != '\0'; p = skip_separators (p))
    {
      const char *start = p;
      g_autofree char *name = NULL;
      const char *after;

      while (is_tchar (*p))
        p++;
      if (p == start)
        {
          /* Junk: skip a character and carry on. */
          p++;
          continue;
        }
      name = g_strndup (start, p - start);

      after = p;
      while (*after == ' ' || *after == '\t')
        after++;

      if (*after != '=')
        {
          /* A scheme; a token68 after it is of no interest. */
          in_token_scheme = g_ascii_strcasecmp (name, "Bearer") == 0 ||
                      g_ascii_strcasecmp (name, "DPoP") == 0;
          if (in_token_scheme && challenge == NULL)
            challenge = g_new0 (McpOAuthChallenge, 1);
          continue;
        }

      p = after + 1;
      while (*p == ' ' || *p == '\t')
        p++;

      if (in_token_scheme)
        {
          g_autoptr(GString) value = g_string_new (NULL);
          char **slot = NULL;

          p = read_value (p, value, &challenge->too_long);
          if (g_ascii_strcasecmp (name, "resource_metadata") == 0)
            slot = &challenge->resource_metadata;
          else if (g_ascii_strcasecmp (name, "scope") == 0)
            slot = &challenge->scope;
          else if (g_ascii_strcasecmp (name, "error") == 0)
            {
              slot = &challenge->error;
              if (g_str_equal (value->str, "use_dpop_nonce"))
                challenge->use_dpop_nonce = TRUE;
            }

          if (slot != NULL && *slot == NULL && value->len > 0)
            *slot = g_string_free (g_steal_pointer (&value), FALSE);
        }
      else
        {
          gboolean ignored = FALSE;

          p = read_value (p, NULL, &ignored);
        }
    }

  if (challenge != NULL && challenge->too_long)
    {
      g_clear_pointer (&challenge->resource_metadata, g_free);
      g_clear_pointer (&challenge->scope, g_free);
      g_clear_pointer (&challenge->error, g_free);
    }

  return g_steal_pointer (&challenge);
}

McpOAuthServer *
_mcp_oauth_server_ref (McpOAuthServer *server)
{
  g_atomic_ref_count_inc (&server->ref_count);
  return server;
}

void
_mcp_oauth_server_unref (McpOAuthServer *server)
{
  if (!g_atomic_ref_count_dec (&server->ref_count))
    return;

  g_free (server->resource);
  g_strfreev (server->resource_scopes);
  g_free (server->issuer);
  g_free (server->authorization_endpoint);
  g_free (server->token_endpoint);
  g_free (server->registration_endpoint);
  g_strfreev (server->scopes_supported);
  g_strfreev (server->token_endpoint_auth_methods);
  g_strfreev (server->dpop_algs);
  g_free (server);
}

gboolean
_mcp_oauth_server_supports (char * const *values,
                            const char   *value)
{
  return values != NULL && g_strv_contains ((const char * const *) values, value);
}

/* The strings of a JSON array member, or NULL when it is missing or not
 * an array of strings. */
static char **
string_list (JsonObject *object,
             const char *member)
{
  JsonArray *array = _mcp_json_object_get_array (object, member);
  g_autoptr(GStrvBuilder) builder = NULL;

  if (array == NULL || json_array_get_length (array) > MAX_LIST_LENGTH)
    return NULL;

  builder = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (node));
    }

  return g_strv_builder_end (builder);
}

typedef struct
{
  SoupSession    *session;
  guint           timeout;
  char           *server_url;
  McpOAuthServer *server;
  /* The URLs still to try in the current step, and whether that step is
   * the authorization server's metadata. */
  GPtrArray      *urls;
  guint           next;
  gboolean        metadata_step;
  /* No protected resource metadata: the 2025-03-26 way. */
  gboolean        fallback;
} Discover;

static void
discover_free (Discover *discover)
{
  g_clear_object (&discover->session);
  g_free (discover->server_url);
  g_clear_pointer (&discover->server, _mcp_oauth_server_unref);
  g_clear_pointer (&discover->urls, g_ptr_array_unref);
  g_free (discover);
}

/* @path without its trailing slashes; "" for the root. */
static char *
trimmed_path (GUri *uri)
{
  const char *path = g_uri_get_path (uri);
  gsize len = strlen (path);

  while (len > 0 && path[len - 1] == '/')
    len--;

  return g_strndup (path, len);
}

/* ORIGIN + @prefix + @suffix. */
static char *
origin_url (GUri       *uri,
            const char *prefix,
            const char *suffix)
{
  g_autofree char *path = g_strconcat (prefix, suffix, NULL);

  return g_uri_join (G_URI_FLAGS_ENCODED_PATH, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                     g_uri_get_port (uri), path, NULL, NULL);
}

/* Whether the protected resource @resource covers the server at @url: the
 * same origin, and a path that is @url's or one of its parents. */
static gboolean
resource_covers (const char *resource,
                 const char *url)
{
  g_autoptr(GUri) resource_uri = g_uri_parse (resource, G_URI_FLAGS_ENCODED_PATH, NULL);
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_ENCODED_PATH, NULL);
  g_autofree char *resource_path = NULL;
  g_autofree char *path = NULL;
  gsize len;

  if (resource_uri == NULL || uri == NULL || g_uri_get_fragment (resource_uri) != NULL ||
      !_mcp_oauth_same_origin (resource, url))
    return FALSE;

  resource_path = trimmed_path (resource_uri);
  path = trimmed_path (uri);
  len = strlen (resource_path);

  return strncmp (path, resource_path, len) == 0 && (path[len] == '\0' || path[len] == '/');
}

static void fetch_next          (GTask      *owned_task);
static void start_metadata_step (GTask      *owned_task,
                                 const char *issuer);

static void
fail (GTask      *task,
      int         code,
      const char *format,
      ...) G_GNUC_PRINTF (3, 4);

static void
fail (GTask      *task,
      int         code,
      const char *format,
      ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_task_return_new_error (task, MCP_AUTHORIZATION_ERROR, code, "%s", message);
  g_free (message);
}

/* Takes in the server's protected resource metadata, then goes on to its
 * authorization server. Takes @owned_task. */
static void
take_resource_metadata (GTask      *owned_task,
                        JsonObject *json)
{
  g_autoptr(GTask) task = owned_task;
  Discover *discover = g_task_get_task_data (task);
  const char *resource = _mcp_json_object_get_string (json, "resource");
  g_auto(GStrv) servers = string_list (json, "authorization_servers");
  const char *issuer = NULL;

  if (resource == NULL || !resource_covers (resource, discover->server_url))
    {
      fail (task, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
            _("The server at %s describes itself as the protected resource “%s”: it cannot "
              "be signed in to"),
            discover->server_url, resource ? resource : "");
      return;
    }

  for (guint i = 0; servers != NULL && servers[i] != NULL && issuer == NULL; i++)
    if (_mcp_oauth_url_is_secure (servers[i]))
      issuer = servers[i];

  if (issuer == NULL)
    {
      if (servers != NULL && servers[0] != NULL)
        fail (task, MCP_AUTHORIZATION_ERROR_INSECURE,
              _("The server at %s names only authorization servers that do not use HTTPS"),
              discover->server_url);
      else
        fail (task, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
              _("The server at %s names no authorization server"), discover->server_url);
      return;
    }

  discover->server->resource = g_strdup (resource);
  discover->server->resource_scopes = string_list (json, "scopes_supported");
  start_metadata_step (g_steal_pointer (&task), issuer);
}

static gboolean
check_endpoint (GTask      *task,
                const char *name,
                const char *url)
{
  Discover *discover = g_task_get_task_data (task);

  if (url == NULL || _mcp_oauth_url_is_secure (url))
    return TRUE;

  fail (task, MCP_AUTHORIZATION_ERROR_INSECURE,
        _("The authorization server %s has an endpoint that does not use HTTPS (%s): "
          "refusing to send it secrets"),
        discover->server->issuer, name);
  return FALSE;
}

/* Takes in the authorization server's metadata: done. */
static void
take_server_metadata (GTask      *task,
                      JsonObject *json)
{
  Discover *discover = g_task_get_task_data (task);
  McpOAuthServer *server = discover->server;
  const char *issuer = _mcp_json_object_get_string (json, "issuer");
  g_auto(GStrv) methods = NULL;

  /* RFC 8414 §3.3: exactly the issuer the metadata was asked for, or a
   * server that serves another's metadata could mix the two up. A server
   * of 2025-03-26 named no issuer: its metadata, at its own origin, names
   * one there. */
  if (discover->fallback && issuer != NULL && _mcp_oauth_same_origin (issuer, server->issuer))
    {
      g_free (server->issuer);
      server->issuer = g_strdup (issuer);
    }
  else if (g_strcmp0 (issuer, server->issuer) != 0)
    {
      fail (task, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
            _("The metadata of the authorization server %s names another issuer (%s): "
              "refusing to use it"),
            server->issuer, issuer ? issuer : "none");
      return;
    }

  server->authorization_endpoint =
    g_strdup (_mcp_json_object_get_string (json, "authorization_endpoint"));
  server->token_endpoint = g_strdup (_mcp_json_object_get_string (json, "token_endpoint"));
  server->registration_endpoint =
    g_strdup (_mcp_json_object_get_string (json, "registration_endpoint"));
  server->scopes_supported = string_list (json, "scopes_supported");
  server->token_endpoint_auth_methods = string_list (json, "token_endpoint_auth_methods_supported");
  methods = string_list (json, "code_challenge_methods_supported");
  server->pkce_s256 = _mcp_oauth_server_supports (methods, "S256");
  server->iss_parameter_supported =
    _mcp_json_object_get_bool (json, "authorization_response_iss_parameter_supported", FALSE);
  server->client_id_metadata_document_supported =
    _mcp_json_object_get_bool (json, "client_id_metadata_document_supported", FALSE);
  server->dpop_algs = string_list (json, "dpop_signing_alg_values_supported");

  if (server->token_endpoint == NULL)
    {
      fail (task, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
            _("The metadata of the authorization server %s names no token endpoint"),
            server->issuer);
      return;
    }

  if (!check_endpoint (task, "authorization_endpoint", server->authorization_endpoint) ||
      !check_endpoint (task, "token_endpoint", server->token_endpoint) ||
      !check_endpoint (task, "registration_endpoint", server->registration_endpoint))
    return;

  g_task_return_pointer (task, _mcp_oauth_server_ref (server),
                         (GDestroyNotify) _mcp_oauth_server_unref);
}

/* A server of the 2025-03-26 revision without any metadata: the default
 * endpoints at its origin, where PKCE was already required. */
static void
use_default_endpoints (GTask *task)
{
  Discover *discover = g_task_get_task_data (task);
  McpOAuthServer *server = discover->server;
  g_autoptr(GUri) uri = g_uri_parse (server->issuer, G_URI_FLAGS_ENCODED, NULL);

  g_debug ("No authorization metadata for %s; using the default endpoints of its origin",
           discover->server_url);
  server->authorization_endpoint = origin_url (uri, "/authorize", NULL);
  server->token_endpoint = origin_url (uri, "/token", NULL);
  server->registration_endpoint = origin_url (uri, "/register", NULL);
  server->pkce_s256 = TRUE;

  g_task_return_pointer (task, _mcp_oauth_server_ref (server),
                         (GDestroyNotify) _mcp_oauth_server_unref);
}

static void
fetch_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Discover *discover = g_task_get_task_data (task);
  g_autoptr(McpOAuthResponse) response = NULL;
  GError *error = NULL;

  response = _mcp_oauth_send_finish (result, &error);
  if (response == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  if (SOUP_STATUS_IS_SUCCESSFUL (response->status) && response->json != NULL)
    {
      if (discover->metadata_step)
        take_server_metadata (task, response->json);
      else
        take_resource_metadata (g_steal_pointer (&task), response->json);
      return;
    }

  if (discover->next < discover->urls->len)
    {
      fetch_next (g_steal_pointer (&task));
      return;
    }

  if (!discover->metadata_step)
    {
      g_autoptr(GUri) uri = g_uri_parse (discover->server_url, G_URI_FLAGS_ENCODED, NULL);
      g_autofree char *origin = origin_url (uri, "", NULL);

      g_debug ("%s has no protected resource metadata; its origin is its authorization server",
               discover->server_url);
      discover->fallback = TRUE;
      discover->server->resource = g_strdup (discover->server_url);
      start_metadata_step (g_steal_pointer (&task), origin);
    }
  else if (discover->fallback)
    use_default_endpoints (task);
  else
    fail (task, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
          _("The authorization server %s publishes no metadata"), discover->server->issuer);
}

/* Takes @owned_task. */
static void
fetch_next (GTask *owned_task)
{
  g_autoptr(GTask) task = owned_task;
  Discover *discover = g_task_get_task_data (task);
  const char *url = discover->urls->pdata[discover->next++];
  GCancellable *cancellable;
  g_autoptr(SoupMessage) msg = soup_message_new (SOUP_METHOD_GET, url);

  if (msg == NULL)
    {
      fail (task, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
            _("“%s” is not a valid metadata URL"), url);
      return;
    }

  cancellable = g_task_get_cancellable (task);
  _mcp_oauth_send_async (discover->session, msg, discover->timeout, cancellable, fetch_cb,
                         g_steal_pointer (&task));
}

/* RFC 8414 §3.1 and OpenID Connect discovery, in MCP's order: for an
 * issuer with a path, path insertion for both, then OpenID's appending.
 * Takes @owned_task. */
static void
start_metadata_step (GTask      *owned_task,
                     const char *issuer)
{
  g_autoptr(GTask) task = owned_task;
  Discover *discover = g_task_get_task_data (task);
  g_autoptr(GUri) uri = g_uri_parse (issuer, G_URI_FLAGS_ENCODED, NULL);
  g_autofree char *path = NULL;

  if (uri == NULL || !_mcp_oauth_url_is_secure (issuer) || g_uri_get_query (uri) != NULL ||
      g_uri_get_fragment (uri) != NULL)
    {
      fail (task, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED,
            _("“%s” is not a valid issuer of an authorization server"), issuer);
      return;
    }

  discover->server->issuer = g_strdup (issuer);
  discover->metadata_step = TRUE;
  discover->next = 0;
  g_ptr_array_set_size (discover->urls, 0);

  path = trimmed_path (uri);
  g_ptr_array_add (discover->urls,
                   origin_url (uri, "/.well-known/oauth-authorization-server", path));
  g_ptr_array_add (discover->urls, origin_url (uri, "/.well-known/openid-configuration", path));
  if (*path != '\0')
    g_ptr_array_add (discover->urls, origin_url (uri, path, "/.well-known/openid-configuration"));

  fetch_next (g_steal_pointer (&task));
}

/* Discovers how to obtain tokens for the MCP server at @server_url, from
 * the resource_metadata URL of its challenge if there was one; each
 * request within @timeout seconds. */
void
_mcp_oauth_discover_async (SoupSession         *session,
                           guint                timeout,
                           const char          *server_url,
                           const char          *resource_metadata,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GUri) uri = NULL;
  g_autofree char *path = NULL;
  Discover *discover;

  task = g_task_new (session, cancellable, callback, user_data);
  g_task_set_source_tag (task, _mcp_oauth_discover_async);

  discover = g_new0 (Discover, 1);
  discover->session = g_object_ref (session);
  discover->timeout = timeout;
  discover->server_url = g_strdup (server_url);
  discover->server = g_new0 (McpOAuthServer, 1);
  g_atomic_ref_count_init (&discover->server->ref_count);
  discover->urls = g_ptr_array_new_with_free_func (g_free);
  g_task_set_task_data (task, discover, (GDestroyNotify) discover_free);

  uri = g_uri_parse (server_url, G_URI_FLAGS_ENCODED, NULL);
  if (uri == NULL || g_uri_get_host (uri) == NULL)
    {
      fail (task, MCP_AUTHORIZATION_ERROR_DISCOVERY_FAILED, _("“%s” is not a valid URL"),
            server_url);
      return;
    }

  if (resource_metadata != NULL)
    {
      if (!_mcp_oauth_url_is_secure (resource_metadata))
        {
          fail (task, MCP_AUTHORIZATION_ERROR_INSECURE,
                _("The server at %s points at resource metadata that does not use HTTPS"),
                server_url);
          return;
        }
      g_ptr_array_add (discover->urls, g_strdup (resource_metadata));
    }

  path = trimmed_path (uri);
  if (*path != '\0')
    g_ptr_array_add (discover->urls,
                     origin_url (uri, "/.well-known/oauth-protected-resource", path));
  g_ptr_array_add (discover->urls, origin_url (uri, "/.well-known/oauth-protected-resource", ""));

  fetch_next (g_steal_pointer (&task));
}

McpOAuthServer *
_mcp_oauth_discover_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == _mcp_oauth_discover_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
