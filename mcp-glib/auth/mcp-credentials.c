/* mcp-credentials.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What a sign-in to one MCP server leaves behind: the client identity the
 * authorization server knows the application by and the tokens it issued,
 * keyed by the server (the resource) and the authorization server (the
 * issuer), and the DPoP key of the issuer if it binds tokens to one.
 * Immutable; a refresh makes new credentials. Serialized as a
 * small JSON object for credential stores.
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "mcp-credentials.h"
#include "mcp-json-private.h"

/**
 * McpCredentials:
 *
 * The credentials that signing in to an MCP server produced: the client
 * identity at the authorization server (a registered client id and, for
 * some servers, a client secret) and the tokens it issued, with the DPoP
 * key they are bound to when the authorization server uses DPoP.
 *
 * Credentials are keyed by the MCP server they are for
 * ([property@Mcp.Credentials:resource]) and the authorization server that
 * issued them ([property@Mcp.Credentials:issuer]). They are what an
 * [iface@Mcp.CredentialStore] keeps; [method@Mcp.Credentials.to_string] and
 * [ctor@Mcp.Credentials.new_from_string] turn them into text and back for
 * stores of an application's own.
 *
 * Credentials hold secrets: never log or show them.
 *
 * Since: 1.0
 */

struct _McpCredentials
{
  GObject  parent_instance;

  char    *strings[11];
  gint64   expires_at;
};

G_DEFINE_FINAL_TYPE (McpCredentials, mcp_credentials, G_TYPE_OBJECT)

/* The string properties come first, so that their ids index strings[]. */
enum {
  PROP_0,
  PROP_RESOURCE,
  PROP_ISSUER,
  PROP_CLIENT_ID,
  PROP_CLIENT_SECRET,
  PROP_ACCESS_TOKEN,
  PROP_REFRESH_TOKEN,
  PROP_SCOPE,
  PROP_TOKEN_TYPE,
  PROP_DPOP_KEY,
  PROP_DPOP_ALGORITHM,
  PROP_EXPIRES_AT,
  N_PROPS
};

G_STATIC_ASSERT (PROP_EXPIRES_AT == G_N_ELEMENTS (((McpCredentials *) NULL)->strings));

static GParamSpec *properties[N_PROPS];

/* The member names of the serialized form, by property id. */
static const char * const member_names[] = {
  [PROP_RESOURCE] = "resource",
  [PROP_ISSUER] = "issuer",
  [PROP_CLIENT_ID] = "client_id",
  [PROP_CLIENT_SECRET] = "client_secret",
  [PROP_ACCESS_TOKEN] = "access_token",
  [PROP_REFRESH_TOKEN] = "refresh_token",
  [PROP_SCOPE] = "scope",
  [PROP_TOKEN_TYPE] = "token_type",
  [PROP_DPOP_KEY] = "dpop_key",
  [PROP_DPOP_ALGORITHM] = "dpop_alg",
  [PROP_EXPIRES_AT] = "expires_at",
};

/* Credentials saved before DPoP have neither token_type nor the key: they
 * are of the same version, and load as bearer tokens. */
#define SERIALIZED_VERSION 1

static void
mcp_credentials_finalize (GObject *object)
{
  McpCredentials *self = (McpCredentials *)object;

  for (guint i = 0; i < G_N_ELEMENTS (self->strings); i++)
    g_clear_pointer (&self->strings[i], g_free);

  G_OBJECT_CLASS (mcp_credentials_parent_class)->finalize (object);
}

static void
mcp_credentials_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  McpCredentials *self = MCP_CREDENTIALS (object);

  if (prop_id > PROP_0 && prop_id < PROP_EXPIRES_AT)
    g_value_set_string (value, self->strings[prop_id]);
  else if (prop_id == PROP_EXPIRES_AT)
    g_value_set_int64 (value, self->expires_at);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
mcp_credentials_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  McpCredentials *self = MCP_CREDENTIALS (object);

  if (prop_id > PROP_0 && prop_id < PROP_EXPIRES_AT)
    {
      const char *str = g_value_get_string (value);

      /* An empty string is no value: stores and servers send them. */
      g_free (self->strings[prop_id]);
      self->strings[prop_id] = str != NULL && *str != '\0' ? g_strdup (str) : NULL;
    }
  else if (prop_id == PROP_EXPIRES_AT)
    self->expires_at = g_value_get_int64 (value);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
mcp_credentials_class_init (McpCredentialsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = mcp_credentials_finalize;
  object_class->get_property = mcp_credentials_get_property;
  object_class->set_property = mcp_credentials_set_property;

  /**
   * McpCredentials:resource:
   *
   * The URL of the MCP server the credentials are for.
   *
   * Since: 1.0
   */
  properties[PROP_RESOURCE] =
    g_param_spec_string ("resource", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:issuer:
   *
   * The issuer identifier of the authorization server that issued the
   * credentials (a URL).
   *
   * Since: 1.0
   */
  properties[PROP_ISSUER] =
    g_param_spec_string ("issuer", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:client-id:
   *
   * The client id the application was registered with at the issuer, or
   * %NULL when it is configured rather than registered.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT_ID] =
    g_param_spec_string ("client-id", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:client-secret:
   *
   * The client secret that came with a registered client id, if any.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT_SECRET] =
    g_param_spec_string ("client-secret", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:access-token:
   *
   * The access token sent to the MCP server, or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_ACCESS_TOKEN] =
    g_param_spec_string ("access-token", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:refresh-token:
   *
   * The token that gets a new access token without signing in again, if
   * the issuer gave one.
   *
   * Since: 1.0
   */
  properties[PROP_REFRESH_TOKEN] =
    g_param_spec_string ("refresh-token", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:scope:
   *
   * The scopes the access token was granted (space-separated), or %NULL
   * when the issuer did not say.
   *
   * Since: 1.0
   */
  properties[PROP_SCOPE] =
    g_param_spec_string ("scope", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:token-type:
   *
   * How the access token is presented: `DPoP` for a token bound to
   * [property@Mcp.Credentials:dpop-key] (RFC 9449), sent with a proof of
   * that key on every request; %NULL (or `Bearer`) for a bearer token.
   *
   * Since: 1.0
   */
  properties[PROP_TOKEN_TYPE] =
    g_param_spec_string ("token-type", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:dpop-key:
   *
   * The private key that DPoP proofs for the issuer are signed with, in
   * PKCS#8 PEM form, or %NULL when the issuer does not use DPoP. A secret,
   * like the tokens.
   *
   * Since: 1.0
   */
  properties[PROP_DPOP_KEY] =
    g_param_spec_string ("dpop-key", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:dpop-algorithm:
   *
   * The JWS algorithm of [property@Mcp.Credentials:dpop-key] (`ES256`,
   * `ES384`, `ES512`, `EdDSA`, `PS256`, `RS256`, ...), or %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_DPOP_ALGORITHM] =
    g_param_spec_string ("dpop-algorithm", NULL, NULL, NULL, flags);

  /**
   * McpCredentials:expires-at:
   *
   * When the access token expires, in seconds since the Unix epoch, or 0
   * when the issuer did not say.
   *
   * Since: 1.0
   */
  properties[PROP_EXPIRES_AT] =
    g_param_spec_int64 ("expires-at", NULL, NULL, 0, G_MAXINT64, 0, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_credentials_init (McpCredentials *self)
{
}

/**
 * mcp_credentials_new_from_string:
 * @serialized: text made by [method@Mcp.Credentials.to_string]
 * @error: return location for a #GError
 *
 * Makes credentials from their serialized form.
 *
 * Returns: (transfer full): the credentials, or %NULL with @error set when
 *   @serialized is not serialized credentials
 *
 * Since: 1.0
 */
McpCredentials *
mcp_credentials_new_from_string (const char  *serialized,
                                 GError     **error)
{
  g_autoptr(McpCredentials) self = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) local_error = NULL;
  JsonObject *object;

  g_return_val_if_fail (serialized != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  node = _mcp_json_parse_message (serialized, strlen (serialized), &local_error);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
      _mcp_json_object_get_int (json_node_get_object (node), "version", 0) != SERIALIZED_VERSION)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The stored credentials are not readable"));
      return NULL;
    }

  object = json_node_get_object (node);
  self = g_object_new (MCP_TYPE_CREDENTIALS, NULL);
  for (guint prop_id = PROP_RESOURCE; prop_id < PROP_EXPIRES_AT; prop_id++)
    {
      const char *value = _mcp_json_object_get_string (object, member_names[prop_id]);

      self->strings[prop_id] = value != NULL && *value != '\0' ? g_strdup (value) : NULL;
    }
  self->expires_at = MAX (0, _mcp_json_object_get_int (object, member_names[PROP_EXPIRES_AT], 0));

  if (self->strings[PROP_RESOURCE] == NULL || self->strings[PROP_ISSUER] == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The stored credentials name no server or no issuer"));
      return NULL;
    }

  return g_steal_pointer (&self);
}

/**
 * mcp_credentials_to_string:
 * @self: credentials
 *
 * Serializes @self into a short JSON text, for a credential store. The
 * text contains the secrets: keep it where secrets belong.
 *
 * Returns: (transfer full): the serialized credentials
 *
 * Since: 1.0
 */
char *
mcp_credentials_to_string (McpCredentials *self)
{
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;

  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  object = json_object_new ();
  json_object_set_int_member (object, "version", SERIALIZED_VERSION);
  for (guint prop_id = PROP_RESOURCE; prop_id < PROP_EXPIRES_AT; prop_id++)
    if (self->strings[prop_id] != NULL)
      json_object_set_string_member (object, member_names[prop_id], self->strings[prop_id]);
  if (self->expires_at > 0)
    json_object_set_int_member (object, member_names[PROP_EXPIRES_AT], self->expires_at);

  node = _mcp_json_node_new_object (object);
  return _mcp_json_node_to_string (node);
}

/**
 * mcp_credentials_get_resource:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:resource].
 *
 * Returns: the URL of the MCP server
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_resource (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_RESOURCE];
}

/**
 * mcp_credentials_get_issuer:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:issuer].
 *
 * Returns: the issuer identifier of the authorization server
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_issuer (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_ISSUER];
}

/**
 * mcp_credentials_get_client_id:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:client-id].
 *
 * Returns: (nullable): the registered client id
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_client_id (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_CLIENT_ID];
}

/**
 * mcp_credentials_get_client_secret:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:client-secret].
 *
 * Returns: (nullable): the client secret of the registered client
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_client_secret (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_CLIENT_SECRET];
}

/**
 * mcp_credentials_get_access_token:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:access-token].
 *
 * Returns: (nullable): the access token
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_access_token (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_ACCESS_TOKEN];
}

/**
 * mcp_credentials_get_refresh_token:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:refresh-token].
 *
 * Returns: (nullable): the refresh token
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_refresh_token (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_REFRESH_TOKEN];
}

/**
 * mcp_credentials_get_scope:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:scope].
 *
 * Returns: (nullable): the granted scopes, space-separated
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_scope (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_SCOPE];
}

/**
 * mcp_credentials_get_token_type:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:token-type].
 *
 * Returns: (nullable): `DPoP`, `Bearer` or %NULL (a bearer token)
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_token_type (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_TOKEN_TYPE];
}

/**
 * mcp_credentials_get_dpop_key:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:dpop-key].
 *
 * Returns: (nullable): the DPoP private key, PKCS#8 PEM
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_dpop_key (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_DPOP_KEY];
}

/**
 * mcp_credentials_get_dpop_algorithm:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:dpop-algorithm].
 *
 * Returns: (nullable): the JWS algorithm of the DPoP key
 *
 * Since: 1.0
 */
const char *
mcp_credentials_get_dpop_algorithm (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), NULL);

  return self->strings[PROP_DPOP_ALGORITHM];
}

/**
 * mcp_credentials_get_expires_at:
 * @self: credentials
 *
 * Gets [property@Mcp.Credentials:expires-at].
 *
 * Returns: the expiry time in seconds since the Unix epoch, or 0
 *
 * Since: 1.0
 */
gint64
mcp_credentials_get_expires_at (McpCredentials *self)
{
  g_return_val_if_fail (MCP_IS_CREDENTIALS (self), 0);

  return self->expires_at;
}
