/* mcp-authorization-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-authorization.h"
#include "mcp-oauth-discovery-private.h"
#include "mcp-oauth-dpop-private.h"
#include "mcp-oauth-http-private.h"
#include "mcp-oauth-loopback-private.h"

G_BEGIN_DECLS

typedef struct _McpAuthResource  McpAuthResource;

/* The properties of McpAuthorization, installed in mcp-authorization.c,
 * notified there and in mcp-authorization-settings.c. */
typedef enum {
  AUTH_PROP_0,
  AUTH_PROP_SESSION,
  AUTH_PROP_GRANT,
  AUTH_PROP_STORE,
  AUTH_PROP_CLIENT_ID,
  AUTH_PROP_CLIENT_SECRET,
  AUTH_PROP_CLIENT_PRIVATE_KEY,
  AUTH_PROP_CLIENT_METADATA_URL,
  AUTH_PROP_CLIENT_NAME,
  AUTH_PROP_SCOPE,
  AUTH_PROP_REDIRECT_URI,
  AUTH_PROP_INTERACTIVE,
  AUTH_PROP_SIGN_IN_TIMEOUT,
  AUTH_PROP_REQUEST_TIMEOUT,
  AUTH_PROP_DPOP,
  AUTH_N_PROPS
} McpAuthorizationProperty;

extern GParamSpec *_mcp_authorization_properties[AUTH_N_PROPS];

typedef struct _McpAuthOperation McpAuthOperation;

struct _McpAuthorization
{
  GObject                parent_instance;

  SoupSession           *session;
  McpNetworkSettings    *network_settings;
  McpCredentialStore    *store;
  McpAuthorizationGrant  grant;
  char                  *client_id;
  char                  *client_secret;
  char                  *client_private_key;
  char                  *client_metadata_url;
  char                  *client_name;
  char                  *scope;
  char                  *redirect_uri;
  char                  *idp_token_endpoint;
  char                  *idp_client_id;
  char                  *id_token;
  char                  *workload_token;
  guint                  sign_in_timeout;
  guint                  request_timeout;
  gboolean               interactive;
  McpAuthorizationDpop   dpop;

  /* Issuer -> the McpDpopKey its tokens are bound to; origin -> the DPoP
   * nonce its server gave last (authorization servers and MCP servers
   * alike). */
  GHashTable            *dpop_keys;
  GHashTable            *dpop_nonces;

  /* Server URL -> McpAuthResource. */
  GHashTable            *resources;
  gulong                 store_changed_id;
};

/* What is known about one MCP server. */
struct _McpAuthResource
{
  char             *url;
  McpCredentials   *credentials;
  /* The scopes last asked for, to ask for them again with new ones. */
  char             *requested_scope;
  McpAuthOperation *operation;
  /* When the credentials were obtained, in seconds since the epoch; 0 for
   * credentials from the store. */
  gint64            obtained_at;
  gboolean          loaded;
  /* What discovery found last, from which resource metadata URL (NULL for
   * the well-known ones), and when (monotonic seconds). */
  McpOAuthServer   *discovered;
  char             *discovered_from;
  gint64            discovered_at;
};

typedef enum
{
  /* Load the credentials from the store; refresh them if they expire. */
  MCP_AUTH_PREPARE,
  /* The server answered 401 or 403. */
  MCP_AUTH_CHALLENGE,
  /* The application asked for a sign-in. */
  MCP_AUTH_SIGN_IN,
} McpAuthReason;

/* The one thing going on for a server, which every caller that needs it
 * waits for: one refresh or sign-in for all requests. */
struct _McpAuthOperation
{
  guint             ref_count;
  gboolean          finished;
  McpAuthorization *self;
  McpAuthResource  *resource;
  McpAuthReason     reason;
  GPtrArray        *waiters;
  GCancellable     *cancellable;

  /* From the challenge. */
  char             *resource_metadata;
  char             *challenge_scope;
  gboolean          insufficient_scope;

  McpOAuthServer   *server;
  gboolean          sign_in_needed;
  /* New tokens came from a grant (not a refresh): ::signed-in. */
  gboolean          granted;

  /* The authorization code grant in progress. */
  McpOAuthLoopback *loopback;
  char             *redirect_uri;
  char             *state;
  char             *verifier;
  char             *scope;
  char             *client_id;
  char             *client_secret;
  char             *auth_method;
  gboolean          registered;
  GSource          *timeout_source;
  /* Every secret sent to a server in this operation, to keep out of what
   * its answers make us log or show. */
  GPtrArray        *secrets;

  /* Refreshing: the access token in use when the operation started (the
   * one that expires, or was refused), what this operation does for every
   * authorization of the process (see mcp-authorization-refresh.c), the
   * refresh token sent last and the last one the authorization server
   * refused, and how many refreshes were sent. */
  char             *stale_token;
  char             *refreshing;
  char             *sent_refresh_token;
  char             *refused_refresh_token;
  guint             refreshes;
  /* op->server came from resource->discovered. */
  gboolean          cached_discovery;
  /* The credentials it ends with came from the store: not saved again. */
  gboolean          adopted;
  /* The DPoP key of the last token request, or NULL without DPoP. */
  McpDpopKey       *dpop_key;
};

/* For McpHttpTransport. */
const char *_mcp_authorization_get_token       (McpAuthorization     *self,
                                                const char           *url);
gboolean    _mcp_authorization_needs_prepare   (McpAuthorization     *self,
                                                const char           *url);
void        _mcp_authorization_prepare_async   (McpAuthorization     *self,
                                                const char           *url,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean    _mcp_authorization_prepare_finish  (McpAuthorization     *self,
                                                GAsyncResult         *result,
                                                GError              **error);
void        _mcp_authorization_challenge_async (McpAuthorization     *self,
                                                const char           *url,
                                                guint                 status,
                                                const char           *www_authenticate,
                                                const char           *sent_token,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean    _mcp_authorization_challenge_finish (McpAuthorization    *self,
                                                 GAsyncResult        *result,
                                                 GError             **error);
void        _mcp_authorization_refresh_if_expiring (McpAuthorization *self,
                                                    const char       *url);
gboolean    _mcp_authorization_handles_status  (guint                 status,
                                                const char           *www_authenticate);
void        _mcp_authorization_add_token       (McpAuthorization     *self,
                                                const char           *url,
                                                SoupMessage          *msg);
gboolean    _mcp_authorization_take_dpop_nonce (McpAuthorization     *self,
                                                SoupMessage          *msg);

/* Between mcp-authorization.c and mcp-authorization-flow.c. */
void        _mcp_authorization_run             (McpAuthOperation     *op);
void        _mcp_authorization_take_redirect   (McpAuthOperation     *op,
                                                const char           *redirected_uri);
GHashTable *_mcp_authorization_redirect_params (const char           *redirected_uri);
void        _mcp_authorization_finish          (McpAuthOperation     *op,
                                                McpCredentials       *credentials,
                                                const GError         *error);
void        _mcp_authorization_emit_sign_in_needed (McpAuthOperation *op);
void        _mcp_authorization_emit_signed_in  (McpAuthorization     *self,
                                                const char           *url);
void        _mcp_authorization_emit_sign_in_failed (McpAuthorization *self,
                                                    const char       *url,
                                                    const GError     *error);
void        _mcp_authorization_emit_save_failed (McpAuthorization    *self,
                                                 const char          *url,
                                                 const GError        *error);
void        _mcp_auth_resource_free            (McpAuthResource      *resource);
void        _mcp_authorization_emit_open_uri   (McpAuthorization     *self,
                                                const char           *uri);
void        _mcp_authorization_forget          (McpAuthOperation     *op);
gboolean    _mcp_authorization_expires_soon    (McpAuthResource      *resource);
void        _mcp_auth_operation_clear_grant         (McpAuthOperation     *op);
McpAuthOperation *_mcp_auth_operation_ref     (McpAuthOperation     *op);
void        _mcp_auth_operation_unref          (McpAuthOperation     *op);

/* Between mcp-authorization-flow.c and mcp-authorization-refresh.c. */
void        _mcp_auth_fail_with                (McpAuthOperation     *op,
                                                const GError         *error);
gboolean    _mcp_auth_op_is_over               (McpAuthOperation     *op);
char       *_mcp_auth_choose_method            (McpOAuthServer       *server,
                                                gboolean              has_secret,
                                                gboolean              has_key,
                                                const char           *registered_method);
GHashTable *_mcp_auth_form_new                 (void);
void        _mcp_auth_form_add                 (GHashTable           *form,
                                                const char           *name,
                                                const char           *value);
void        _mcp_auth_post_token_request       (McpAuthOperation     *op,
                                                const char           *endpoint,
                                                GHashTable           *form,
                                                const char           *client_id,
                                                const char           *client_secret,
                                                const char           *method,
                                                GAsyncReadyCallback   callback);
McpOAuthResponse *_mcp_auth_token_request_finish (GAsyncResult    *result,
                                                  GError         **error);
void        _mcp_auth_remember_secret          (McpAuthOperation     *op,
                                                const char           *secret);
McpDpopKey *_mcp_auth_dpop_key                 (McpAuthOperation     *op,
                                                GError              **error);
gboolean    _mcp_auth_dpop_check               (McpAuthOperation     *op,
                                                GError              **error);
McpCredentials *_mcp_auth_credentials_from_response (McpAuthOperation  *op,
                                                     McpOAuthResponse  *response,
                                                     const char        *client_id,
                                                     const char        *client_secret,
                                                     McpCredentials    *previous,
                                                     char             **oauth_error,
                                                     GError           **error);
gboolean    _mcp_auth_is_registered_client     (McpAuthOperation     *op,
                                                McpCredentials       *credentials);
void        _mcp_auth_grant                    (McpAuthOperation     *op);

/* mcp-authorization-refresh.c */
void        _mcp_auth_discover                 (McpAuthOperation     *op);
void        _mcp_auth_release_refresh          (McpAuthOperation     *op);
void        _mcp_auth_forget_discovery         (McpAuthResource      *resource);
gboolean    _mcp_auth_credentials_are_usable   (McpCredentials       *credentials);
void        _mcp_authorization_store_changed   (McpCredentialStore   *store,
                                                const char           *url,
                                                McpCredentials       *credentials,
                                                McpAuthorization     *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpAuthOperation, _mcp_auth_operation_unref)

G_END_DECLS
