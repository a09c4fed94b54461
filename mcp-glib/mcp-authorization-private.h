/* mcp-authorization-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-authorization.h"
#include "mcp-oauth-discovery-private.h"
#include "mcp-oauth-loopback-private.h"

G_BEGIN_DECLS

typedef struct _McpAuthResource  McpAuthResource;
typedef struct _McpAuthOperation McpAuthOperation;

struct _McpAuthorization
{
  GObject                parent_instance;

  SoupSession           *session;
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
  guint                  sign_in_timeout;
  gboolean               interactive;

  /* Server URL -> McpAuthResource. */
  GHashTable            *resources;
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
void        _mcp_auth_resource_free            (McpAuthResource      *resource);
void        _mcp_authorization_emit_open_uri   (McpAuthorization     *self,
                                                const char           *uri);
void        _mcp_authorization_forget          (McpAuthOperation     *op);
gboolean    _mcp_authorization_expires_soon    (McpAuthResource      *resource);
void        _mcp_auth_operation_clear_grant         (McpAuthOperation     *op);
McpAuthOperation *_mcp_auth_operation_ref     (McpAuthOperation     *op);
void        _mcp_auth_operation_unref          (McpAuthOperation     *op);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpAuthOperation, _mcp_auth_operation_unref)

G_END_DECLS
