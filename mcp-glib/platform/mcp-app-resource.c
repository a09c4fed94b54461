/* mcp-app-resource.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An MCP App's view as its server delivered it (a `ui://` resource of
 * type `text/html;profile=mcp-app`, text or base64), the metadata the host
 * needs to render it safely, and the Content-Security-Policy built from
 * the origins the server declared.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-app-resource.h"
#include "mcp-json-private.h"

/**
 * McpAppResource:
 *
 * The HTML view of an MCP App (the `io.modelcontextprotocol/ui`
 * extension, revision 2026-01-26), read from a `ui://` resource.
 *
 * A tool names its view with [method@Mcp.Tool.get_ui_resource_uri];
 * [func@Mcp.AppResource.fetch_async] reads it. The resource's `_meta.ui`
 * says which origins the view may reach ([method@Mcp.AppResource.get_csp]),
 * which browser permissions it asks for, the origin it would like and
 * whether it wants a border. [method@Mcp.AppResource.build_csp] turns the
 * declared origins into the `Content-Security-Policy` a host must serve
 * the view with.
 *
 * Since: 1.0
 */

struct _McpAppResource
{
  GObject     parent_instance;

  JsonObject *json;
  char       *uri;
  char       *html;
  JsonObject *csp;
  JsonObject *permissions;
  char       *domain;
  int         prefers_border;  /* -1: not said */
};

G_DEFINE_FINAL_TYPE (McpAppResource, mcp_app_resource, G_TYPE_OBJECT)

static void
mcp_app_resource_finalize (GObject *object)
{
  McpAppResource *self = MCP_APP_RESOURCE (object);

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->uri, g_free);
  g_clear_pointer (&self->html, g_free);
  g_clear_pointer (&self->csp, json_object_unref);
  g_clear_pointer (&self->permissions, json_object_unref);
  g_clear_pointer (&self->domain, g_free);

  G_OBJECT_CLASS (mcp_app_resource_parent_class)->finalize (object);
}

static void
mcp_app_resource_class_init (McpAppResourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_app_resource_finalize;
}

static void
mcp_app_resource_init (McpAppResource *self)
{
  self->prefers_border = -1;
}

/* `text/html;profile=mcp-app`, in any case and with blanks around the
 * parameter, as MIME types may be written. */
static gboolean
is_app_mime_type (const char *mime_type)
{
  g_autofree char *compact = NULL;
  GString *s;

  if (mime_type == NULL)
    return FALSE;

  s = g_string_new (NULL);
  for (const char *p = mime_type; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      g_string_append_c (s, g_ascii_tolower (*p));
  compact = g_string_free (s, FALSE);

  return g_str_equal (compact, MCP_APP_MIME_TYPE);
}

/**
 * mcp_app_resource_new_from_json:
 * @json: one item of the `contents` of a `resources/read` result
 * @error: return location for a #GError
 *
 * Reads an MCP App's view from one item of a `resources/read` result: its
 * URI must be a `ui://` URI, its type `text/html;profile=mcp-app`, and
 * its HTML in `text` or in `blob` (base64 of UTF-8 text).
 *
 * Returns: (transfer full): the view, or %NULL with @error set when @json
 *   is not one
 *
 * Since: 1.0
 */
McpAppResource *
mcp_app_resource_new_from_json (JsonObject  *json,
                                GError     **error)
{
  g_autoptr(McpAppResource) self = NULL;
  const char *uri;
  const char *mime_type;
  const char *text;
  const char *blob;
  JsonObject *ui;
  JsonNode *node;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  uri = _mcp_json_object_get_string (json, "uri");
  if (uri == NULL || !g_str_has_prefix (uri, "ui://"))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server sent an app view whose URI is not a ui:// URI"));
      return NULL;
    }

  mime_type = _mcp_json_object_get_string (json, "mimeType");
  if (!is_app_mime_type (mime_type))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The app view “%s” is of type “%s”, not text/html;profile=mcp-app"),
                   uri, mime_type != NULL ? mime_type : "");
      return NULL;
    }

  self = g_object_new (MCP_TYPE_APP_RESOURCE, NULL);
  self->json = json_object_ref (json);
  self->uri = g_strdup (uri);

  text = _mcp_json_object_get_string (json, "text");
  blob = _mcp_json_object_get_string (json, "blob");
  if (text != NULL)
    {
      self->html = g_strdup (text);
    }
  else if (blob != NULL)
    {
      gsize len = 0;
      guchar *data = g_base64_decode (blob, &len);

      if (!g_utf8_validate ((const char *) data, len, NULL) ||
          memchr (data, '\0', len) != NULL)
        {
          g_free (data);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The app view “%s” is not UTF-8 text"), uri);
          return NULL;
        }
      self->html = g_realloc (data, len + 1);
      self->html[len] = '\0';
    }
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The app view “%s” has neither text nor blob"), uri);
      return NULL;
    }

  ui = _mcp_json_object_get_object (_mcp_json_object_get_object (json, "_meta"), "ui");
  if (ui != NULL)
    {
      JsonObject *csp = _mcp_json_object_get_object (ui, "csp");
      JsonObject *permissions = _mcp_json_object_get_object (ui, "permissions");
      const char *domain = _mcp_json_object_get_string (ui, "domain");

      if (csp != NULL)
        self->csp = json_object_ref (csp);
      if (permissions != NULL)
        self->permissions = json_object_ref (permissions);
      self->domain = g_strdup (domain);

      node = json_object_get_member (ui, "prefersBorder");
      if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
          json_node_get_value_type (node) == G_TYPE_BOOLEAN)
        self->prefers_border = json_node_get_boolean (node);
    }

  return g_steal_pointer (&self);
}

static void
on_read (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  const char *uri = g_task_get_task_data (task);
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *contents;

  answer = mcp_client_request_finish (MCP_CLIENT (object), result, &error);
  if (answer == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  contents = JSON_NODE_HOLDS_OBJECT (answer)
             ? _mcp_json_object_get_array (json_node_get_object (answer), "contents") : NULL;
  for (guint i = 0; contents != NULL && i < json_array_get_length (contents); i++)
    {
      JsonNode *item = json_array_get_element (contents, i);
      McpAppResource *resource;

      if (!JSON_NODE_HOLDS_OBJECT (item) ||
          g_strcmp0 (_mcp_json_object_get_string (json_node_get_object (item), "uri"), uri) != 0)
        continue;

      resource = mcp_app_resource_new_from_json (json_node_get_object (item), &error);
      if (resource == NULL)
        g_task_return_error (task, g_steal_pointer (&error));
      else
        g_task_return_pointer (task, resource, g_object_unref);
      return;
    }

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The server’s answer holds no contents for the app view “%s”"),
                           uri);
}

/**
 * mcp_app_resource_fetch_async:
 * @client: a connected client
 * @uri: the view's `ui://` URI, from [method@Mcp.Tool.get_ui_resource_uri]
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the view is read
 * @user_data: data for @callback
 *
 * Reads an MCP App's view from @client's server with `resources/read`.
 *
 * Since: 1.0
 */
void
mcp_app_resource_fetch_async (McpClient           *client,
                              const char          *uri,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(JsonObject) params = NULL;
  g_autoptr(JsonNode) node = NULL;

  g_return_if_fail (MCP_IS_CLIENT (client));
  g_return_if_fail (uri != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_app_resource_fetch_async);
  g_task_set_task_data (task, g_strdup (uri), g_free);

  if (!g_str_has_prefix (uri, "ui://"))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("“%s” is not the ui:// URI of an app view"), uri);
      return;
    }

  params = json_object_new ();
  json_object_set_string_member (params, "uri", uri);
  node = _mcp_json_node_new_object (g_steal_pointer (&params));
  mcp_client_request_async (client, "resources/read", node, NULL, cancellable, on_read,
                            g_steal_pointer (&task));
}

/**
 * mcp_app_resource_fetch_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Finishes [func@Mcp.AppResource.fetch_async].
 *
 * Returns: (transfer full): the view, or %NULL with @error set
 *
 * Since: 1.0
 */
McpAppResource *
mcp_app_resource_fetch_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mcp_app_resource_fetch_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_app_resource_get_uri:
 * @self: a view
 *
 * Gets the view's `ui://` URI.
 *
 * Returns: the URI
 *
 * Since: 1.0
 */
const char *
mcp_app_resource_get_uri (McpAppResource *self)
{
  g_return_val_if_fail (MCP_IS_APP_RESOURCE (self), NULL);

  return self->uri;
}

/**
 * mcp_app_resource_get_html:
 * @self: a view
 *
 * Gets the view's HTML document, decoded when the server sent it as a
 * blob.
 *
 * Returns: the HTML
 *
 * Since: 1.0
 */
const char *
mcp_app_resource_get_html (McpAppResource *self)
{
  g_return_val_if_fail (MCP_IS_APP_RESOURCE (self), NULL);

  return self->html;
}

/**
 * mcp_app_resource_get_csp:
 * @self: a view
 *
 * Gets the origins the view declared in `_meta.ui.csp`
 * (`connectDomains`, `resourceDomains`, `frameDomains`,
 * `baseUriDomains`), as the server sent them.
 *
 * Returns: (transfer none) (nullable): the declaration, or %NULL when the
 *   view declared none
 *
 * Since: 1.0
 */
JsonObject *
mcp_app_resource_get_csp (McpAppResource *self)
{
  g_return_val_if_fail (MCP_IS_APP_RESOURCE (self), NULL);

  return self->csp;
}

/**
 * mcp_app_resource_get_permissions:
 * @self: a view
 *
 * Gets the browser permissions the view asks for in
 * `_meta.ui.permissions` (`camera`, `microphone`, `geolocation`,
 * `clipboardWrite`). A host asks the user before granting any.
 *
 * Returns: (transfer none) (nullable): the request, or %NULL
 *
 * Since: 1.0
 */
JsonObject *
mcp_app_resource_get_permissions (McpAppResource *self)
{
  g_return_val_if_fail (MCP_IS_APP_RESOURCE (self), NULL);

  return self->permissions;
}

/**
 * mcp_app_resource_get_domain:
 * @self: a view
 *
 * Gets the dedicated origin the view asks for in `_meta.ui.domain`.
 *
 * Returns: (nullable): the domain, or %NULL
 *
 * Since: 1.0
 */
const char *
mcp_app_resource_get_domain (McpAppResource *self)
{
  g_return_val_if_fail (MCP_IS_APP_RESOURCE (self), NULL);

  return self->domain;
}

/**
 * mcp_app_resource_get_prefers_border:
 * @self: a view
 * @prefers_border: (out) (optional): whether the view wants a visible
 *   border and background
 *
 * Gets `_meta.ui.prefersBorder`.
 *
 * Returns: %TRUE if the view said, %FALSE if the host decides
 *
 * Since: 1.0
 */
gboolean
mcp_app_resource_get_prefers_border (McpAppResource *self,
                                     gboolean       *prefers_border)
{
  g_return_val_if_fail (MCP_IS_APP_RESOURCE (self), FALSE);

  if (prefers_border != NULL)
    *prefers_border = self->prefers_border == 1;

  return self->prefers_border >= 0;
}

/* Whether @source names origins and nothing more: `[scheme://]host[:port]
 * [/path]`, the host possibly starting with `*.`. Anything else (a bare
 * `*`, a scheme alone such as `https:`, a keyword, or text that would end
 * the directive) would allow what was not declared, so it is left out. */
static gboolean
is_origin_source (const char *source)
{
  const char *p = source;
  const char *scheme_end = strstr (source, "://");
  gboolean host_seen = FALSE;

  if (scheme_end != NULL)
    {
      g_autofree char *scheme = g_ascii_strdown (source, scheme_end - source);

      if (!g_str_equal (scheme, "https") && !g_str_equal (scheme, "http") &&
          !g_str_equal (scheme, "wss") && !g_str_equal (scheme, "ws"))
        return FALSE;
      p = scheme_end + 3;
    }

  if (g_str_has_prefix (p, "*."))
    p += 2;

  for (; *p != '\0' && *p != ':' && *p != '/'; p++)
    {
      if (!g_ascii_isalnum (*p) && *p != '-' && *p != '.')
        return FALSE;
      host_seen = TRUE;
    }
  if (!host_seen || p[-1] == '.')
    return FALSE;

  if (*p == ':')
    {
      p++;
      if (*p == '*')
        p++;
      else if (!g_ascii_isdigit (*p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
    }

  for (; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("-._~/%", *p) == NULL)
      return FALSE;

  return TRUE;
}

/* Appends the declared origins of @member to @out, or @fallback when
 * there are none. */
static void
append_sources (GString    *out,
                JsonObject *csp,
                const char *member,
                const char *fallback)
{
  JsonArray *list = _mcp_json_object_get_array (csp, member);
  gboolean any = FALSE;

  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonNode *node = json_array_get_element (list, i);
      const char *source;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        continue;

      source = json_node_get_string (node);
      if (!is_origin_source (source))
        {
          g_debug ("Left “%s” of %s out of an app view's Content-Security-Policy: it is no origin",
                   source, member);
          continue;
        }

      g_string_append_c (out, ' ');
      g_string_append (out, source);
      any = TRUE;
    }

  if (!any && fallback != NULL)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, fallback);
    }
}

/**
 * mcp_app_resource_build_csp:
 * @self: a view
 *
 * Builds the `Content-Security-Policy` to serve the view with, from the
 * origins it declared, as the MCP Apps specification (2026-01-26) says.
 *
 * When the view declared nothing, the restrictive default:
 *
 * ```text
 * default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline';
 * img-src 'self' data:; media-src 'self' data:; connect-src 'none'; frame-src 'none';
 * object-src 'none'; base-uri 'self'
 * ```
 *
 * Otherwise `connectDomains` go to `connect-src`, `resourceDomains` to
 * `script-src`, `style-src`, `img-src`, `font-src` and `media-src`,
 * `frameDomains` to `frame-src` (`'none'` without them) and
 * `baseUriDomains` to `base-uri` (`'self'` without them); `object-src`
 * is always `'none'`. An entry that is not an origin (`*`, `https:`, a
 * keyword, anything with blanks, quotes or semicolons) is left out: the
 * policy never allows what was not declared.
 *
 * Returns: (transfer full): the policy
 *
 * Since: 1.0
 */
char *
mcp_app_resource_build_csp (McpAppResource *self)
{
  GString *out;
  JsonObject *csp;

  g_return_val_if_fail (MCP_IS_APP_RESOURCE (self), NULL);

  csp = self->csp;
  if (csp == NULL)
    return g_strdup ("default-src 'none'; "
                     "script-src 'self' 'unsafe-inline'; "
                     "style-src 'self' 'unsafe-inline'; "
                     "img-src 'self' data:; "
                     "media-src 'self' data:; "
                     "connect-src 'none'; "
                     "frame-src 'none'; "
                     "object-src 'none'; "
                     "base-uri 'self'");

  out = g_string_new ("default-src 'none'; ");
  g_string_append (out, "script-src 'self' 'unsafe-inline'");
  append_sources (out, csp, "resourceDomains", NULL);
  g_string_append (out, "; style-src 'self' 'unsafe-inline'");
  append_sources (out, csp, "resourceDomains", NULL);
  g_string_append (out, "; connect-src 'self'");
  append_sources (out, csp, "connectDomains", NULL);
  g_string_append (out, "; img-src 'self' data:");
  append_sources (out, csp, "resourceDomains", NULL);
  g_string_append (out, "; font-src 'self'");
  append_sources (out, csp, "resourceDomains", NULL);
  g_string_append (out, "; media-src 'self' data:");
  append_sources (out, csp, "resourceDomains", NULL);
  g_string_append (out, "; frame-src");
  append_sources (out, csp, "frameDomains", "'none'");
  g_string_append (out, "; object-src 'none'; base-uri");
  append_sources (out, csp, "baseUriDomains", "'self'");

  g_debug ("The app view %s gets the Content-Security-Policy: %s", self->uri, out->str);

  return g_string_free (out, FALSE);
}

/**
 * mcp_app_resource_get_json:
 * @self: a view
 *
 * Gets the view exactly as the server sent it.
 *
 * Returns: (transfer none): the item of the `resources/read` result
 *
 * Since: 1.0
 */
JsonObject *
mcp_app_resource_get_json (McpAppResource *self)
{
  g_return_val_if_fail (MCP_IS_APP_RESOURCE (self), NULL);

  return self->json;
}
