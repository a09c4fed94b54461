/* mcp-request-info.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What a transport is told about one outgoing request: what the protocol
 * revision 2026-07-28 mirrors from the body into HTTP headers (the method,
 * the name or URI it is about, the revision) and whether the request is one
 * of the stateless revision, plus the `Mcp-Param-*` values that only the
 * client can work out (from the tool's input schema). The base class of the
 * transports makes it from the message ([method@Mcp.Transport.describe_request]),
 * the client adds the parameters, and the transport reads it: the built-in
 * HTTP transport and any written outside the library alike.
 */

#include "config.h"

#include <string.h>

#include "mcp-json-private.h"
#include "mcp-request-info-private.h"

#define META_PROTOCOL_VERSION "io.modelcontextprotocol/protocolVersion"

/**
 * McpRequestInfo:
 *
 * What a transport needs to know about one outgoing request.
 *
 * A transport gets one for each request it sends with
 * [method@Mcp.Transport.describe_request]: its method, the name (or URI)
 * it is about, the protocol revision it carries, whether it is a request
 * of the stateless revision (2026-07-28, which has no session), and the
 * values of the tool's arguments that the revision mirrors into
 * `Mcp-Param-*` headers. [method@Mcp.RequestInfo.get_http_headers] gives
 * all of it as the HTTP headers the revision defines, encoded.
 *
 * [class@Mcp.HttpTransport] uses it for every request; a transport written
 * outside the library does the same in its `send` virtual method, in C or
 * through a binding.
 *
 * Since: 1.0
 */

struct _McpRequestInfo
{
  GObject    parent_instance;

  JsonNode  *message;
  char      *method;
  char      *name;
  char      *protocol_version;
  gboolean   stateless;
  /* Names and values, in the order they were set. */
  GPtrArray *param_names;
  GPtrArray *param_values;
};

G_DEFINE_FINAL_TYPE (McpRequestInfo, mcp_request_info, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_METHOD,
  PROP_NAME,
  PROP_PROTOCOL_VERSION,
  PROP_STATELESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_request_info_finalize (GObject *object)
{
  McpRequestInfo *self = MCP_REQUEST_INFO (object);

  json_node_unref (self->message);
  g_free (self->method);
  g_free (self->name);
  g_free (self->protocol_version);
  g_ptr_array_unref (self->param_names);
  g_ptr_array_unref (self->param_values);

  G_OBJECT_CLASS (mcp_request_info_parent_class)->finalize (object);
}

static void
mcp_request_info_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  McpRequestInfo *self = MCP_REQUEST_INFO (object);

  switch (prop_id)
    {
    case PROP_METHOD:
      g_value_set_string (value, self->method);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case PROP_STATELESS:
      g_value_set_boolean (value, self->stateless);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_request_info_class_init (McpRequestInfoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_request_info_finalize;
  object_class->get_property = mcp_request_info_get_property;

  /**
   * McpRequestInfo:method:
   *
   * The request's method, such as `tools/call` (the `Mcp-Method` header).
   *
   * Since: 1.0
   */
  properties[PROP_METHOD] =
    g_param_spec_string ("method", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * McpRequestInfo:name:
   *
   * The tool or prompt the request is about (`tools/call`, `prompts/get`),
   * or the resource's URI (`resources/read`): the `Mcp-Name` header. %NULL
   * for other requests.
   *
   * Since: 1.0
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * McpRequestInfo:protocol-version:
   *
   * The protocol revision the request carries in its `_meta`, or %NULL
   * when it carries none (the revisions before 2026-07-28 say it once, in
   * the handshake: see [property@Mcp.Transport:protocol-version]).
   *
   * Since: 1.0
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * McpRequestInfo:stateless:
   *
   * Whether the request is one of the stateless revision (2026-07-28): it
   * belongs to no session, and its HTTP headers mirror its body.
   *
   * Since: 1.0
   */
  properties[PROP_STATELESS] =
    g_param_spec_boolean ("stateless", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_request_info_init (McpRequestInfo *self)
{
  self->param_names = g_ptr_array_new_with_free_func (g_free);
  self->param_values = g_ptr_array_new_with_free_func (g_free);
}

/* The description of @message, or %NULL if it is not a request. */
McpRequestInfo *
_mcp_request_info_new (JsonNode *message)
{
  McpRequestInfo *self;
  JsonObject *object;
  JsonObject *params;
  const char *method;
  const char *name = NULL;

  if (message == NULL || !JSON_NODE_HOLDS_OBJECT (message))
    return NULL;

  object = json_node_get_object (message);
  method = _mcp_json_object_get_string (object, "method");
  if (method == NULL || !json_object_has_member (object, "id"))
    return NULL;

  params = _mcp_json_object_get_object (object, "params");
  if (g_str_equal (method, "tools/call") || g_str_equal (method, "prompts/get"))
    name = _mcp_json_object_get_string (params, "name");
  else if (g_str_equal (method, "resources/read"))
    name = _mcp_json_object_get_string (params, "uri");

  self = g_object_new (MCP_TYPE_REQUEST_INFO, NULL);
  self->message = json_node_ref (message);
  self->method = g_strdup (method);
  self->name = g_strdup (name);
  self->protocol_version =
    g_strdup (_mcp_json_object_get_string (_mcp_json_object_get_object (params, "_meta"),
                                           META_PROTOCOL_VERSION));
  self->stateless = self->protocol_version != NULL;

  return self;
}

/**
 * mcp_request_info_get_message:
 * @self: a request's description
 *
 * Gets the request itself, as the transport is to send it. It must not be
 * changed.
 *
 * Returns: (transfer none): the request
 *
 * Since: 1.0
 */
JsonNode *
mcp_request_info_get_message (McpRequestInfo *self)
{
  g_return_val_if_fail (MCP_IS_REQUEST_INFO (self), NULL);

  return self->message;
}

/**
 * mcp_request_info_get_method:
 * @self: a request's description
 *
 * Gets [property@Mcp.RequestInfo:method].
 *
 * Returns: the request's method
 *
 * Since: 1.0
 */
const char *
mcp_request_info_get_method (McpRequestInfo *self)
{
  g_return_val_if_fail (MCP_IS_REQUEST_INFO (self), NULL);

  return self->method;
}

/**
 * mcp_request_info_get_name:
 * @self: a request's description
 *
 * Gets [property@Mcp.RequestInfo:name].
 *
 * Returns: (nullable): the name or URI the request is about
 *
 * Since: 1.0
 */
const char *
mcp_request_info_get_name (McpRequestInfo *self)
{
  g_return_val_if_fail (MCP_IS_REQUEST_INFO (self), NULL);

  return self->name;
}

/**
 * mcp_request_info_get_protocol_version:
 * @self: a request's description
 *
 * Gets [property@Mcp.RequestInfo:protocol-version].
 *
 * Returns: (nullable): the protocol revision the request carries
 *
 * Since: 1.0
 */
const char *
mcp_request_info_get_protocol_version (McpRequestInfo *self)
{
  g_return_val_if_fail (MCP_IS_REQUEST_INFO (self), NULL);

  return self->protocol_version;
}

/**
 * mcp_request_info_get_stateless:
 * @self: a request's description
 *
 * Gets [property@Mcp.RequestInfo:stateless].
 *
 * Returns: whether the request is one of the stateless revision
 *
 * Since: 1.0
 */
gboolean
mcp_request_info_get_stateless (McpRequestInfo *self)
{
  g_return_val_if_fail (MCP_IS_REQUEST_INFO (self), FALSE);

  return self->stateless;
}

static int
find_param (McpRequestInfo *self,
            const char     *name)
{
  for (guint i = 0; i < self->param_names->len; i++)
    if (g_ascii_strcasecmp (self->param_names->pdata[i], name) == 0)
      return i;

  return -1;
}

/**
 * mcp_request_info_set_param:
 * @self: a request's description
 * @name: the name of the header, without `Mcp-Param-`
 * @value: the argument's value as text (a string as it is, a number in
 *   decimal, `true` or `false`)
 *
 * Sets the value of the `Mcp-Param-@name` header of the request: a tool
 * argument that the tool's input schema marks with `x-mcp-header`.
 * [class@Mcp.Client] sets them in a handler of
 * [signal@Mcp.Transport::prepare-request]; names are compared ignoring
 * case, and a second value for a name replaces the first.
 *
 * Since: 1.0
 */
void
mcp_request_info_set_param (McpRequestInfo *self,
                            const char     *name,
                            const char     *value)
{
  int index;

  g_return_if_fail (MCP_IS_REQUEST_INFO (self));
  g_return_if_fail (name != NULL && *name != '\0');
  g_return_if_fail (value != NULL);

  index = find_param (self, name);
  if (index >= 0)
    {
      g_free (self->param_values->pdata[index]);
      self->param_values->pdata[index] = g_strdup (value);
      return;
    }

  g_ptr_array_add (self->param_names, g_strdup (name));
  g_ptr_array_add (self->param_values, g_strdup (value));
}

/**
 * mcp_request_info_get_param:
 * @self: a request's description
 * @name: the name of the header, without `Mcp-Param-`
 *
 * Gets the value set with [method@Mcp.RequestInfo.set_param], as text,
 * not encoded for a header.
 *
 * Returns: (nullable): the value, or %NULL if none was set
 *
 * Since: 1.0
 */
const char *
mcp_request_info_get_param (McpRequestInfo *self,
                            const char     *name)
{
  int index;

  g_return_val_if_fail (MCP_IS_REQUEST_INFO (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  index = find_param (self, name);

  return index >= 0 ? self->param_values->pdata[index] : NULL;
}

/**
 * mcp_request_info_list_params:
 * @self: a request's description
 *
 * Lists the names of the `Mcp-Param-*` values of the request, in the order
 * they were set.
 *
 * Returns: (transfer full) (array zero-terminated=1): the names, without
 *   `Mcp-Param-`
 *
 * Since: 1.0
 */
char **
mcp_request_info_list_params (McpRequestInfo *self)
{
  g_autoptr(GStrvBuilder) builder = NULL;

  g_return_val_if_fail (MCP_IS_REQUEST_INFO (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->param_names->len; i++)
    g_strv_builder_add (builder, self->param_names->pdata[i]);

  return g_strv_builder_end (builder);
}

/* How a value goes into an Mcp-Name or Mcp-Param-* header: as it is if it
 * is plain visible ASCII (spaces inside allowed), else as the UTF-8 of it
 * in base64 between =?base64? and ?= (as also a plain value that looks like
 * that). */
static char *
encode_header_value (const char *value)
{
  gsize len = strlen (value);
  gboolean plain = TRUE;
  g_autofree char *encoded = NULL;

  for (gsize i = 0; i < len && plain; i++)
    plain = (guchar) value[i] >= 0x20 && (guchar) value[i] <= 0x7e;

  if (len > 0 && (value[0] == ' ' || value[len - 1] == ' '))
    plain = FALSE;
  if (g_str_has_prefix (value, "=?base64?") && g_str_has_suffix (value, "?="))
    plain = FALSE;

  if (plain)
    return g_strdup (value);

  encoded = g_base64_encode ((const guchar *) value, len);
  return g_strconcat ("=?base64?", encoded, "?=", NULL);
}

/**
 * mcp_request_info_get_http_headers:
 * @self: a request's description
 *
 * Gets the HTTP headers that the stateless revision (2026-07-28) defines
 * for the request: `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` and
 * `Mcp-Param-*`, with their values encoded as the revision says (plain
 * ASCII as it is, anything else in base64 between `=?base64?` and `?=`).
 * A request of an older revision has none: it is empty then.
 *
 * Returns: (transfer full) (element-type utf8 utf8): the headers by name
 *
 * Since: 1.0
 */
GHashTable *
mcp_request_info_get_http_headers (McpRequestInfo *self)
{
  GHashTable *headers;

  g_return_val_if_fail (MCP_IS_REQUEST_INFO (self), NULL);

  headers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (!self->stateless)
    return headers;

  g_hash_table_insert (headers, g_strdup ("MCP-Protocol-Version"),
                       g_strdup (self->protocol_version));
  g_hash_table_insert (headers, g_strdup ("Mcp-Method"), g_strdup (self->method));
  if (self->name != NULL)
    g_hash_table_insert (headers, g_strdup ("Mcp-Name"), encode_header_value (self->name));
  for (guint i = 0; i < self->param_names->len; i++)
    g_hash_table_insert (headers, g_strconcat ("Mcp-Param-", self->param_names->pdata[i], NULL),
                         encode_header_value (self->param_values->pdata[i]));

  return headers;
}
