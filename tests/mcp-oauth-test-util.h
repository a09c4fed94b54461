/* mcp-oauth-test-util.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the authorization tests share: the scripted authorization and MCP
 * server (mcp-oauth-test-server.py), driven and inspected through its
 * control endpoint, and a stand-in for the user's web browser. See
 * mcp-oauth-test-util.c.
 */

#pragma once

#include <libsoup/soup.h>
#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *output;
  SoupSession      *control;
  guint             port;
  guint             other_port;
  char             *origin;
  char             *other_origin;
  char             *url;
} McpOAuthTestServer;

McpOAuthTestServer *mcp_oauth_test_server_start    (const char          *config_json);
void                mcp_oauth_test_server_stop     (McpOAuthTestServer  *server);
void                mcp_oauth_test_server_control  (McpOAuthTestServer  *server,
                                                    const char          *request_json);
JsonObject         *mcp_oauth_test_server_state    (McpOAuthTestServer  *server);
guint               mcp_oauth_test_server_count    (McpOAuthTestServer  *server,
                                                    const char          *counter);
JsonObject         *mcp_oauth_test_server_request  (McpOAuthTestServer  *server,
                                                    const char          *method,
                                                    const char          *path);
GPtrArray          *mcp_oauth_test_server_requests (McpOAuthTestServer  *server,
                                                    const char          *method,
                                                    const char          *path);

/* The user's web browser: shows the authorization page by fetching it,
 * and follows its redirect to the loopback address, or hands it to the
 * authorization when it goes elsewhere. */
typedef struct
{
  McpAuthorization *authorization;
  SoupSession      *session;
  gulong            handler_id;
  /* Whether to go to the page at all: a user who never signs in. */
  gboolean          absent;
  guint             shown;
  char             *last_uri;
  GHashTable       *last_params;
  char             *last_redirect;
  gboolean          redirect_taken;
} McpOAuthTestBrowser;

McpOAuthTestBrowser *mcp_oauth_test_browser_new    (McpAuthorization    *authorization);
void                 mcp_oauth_test_browser_free   (McpOAuthTestBrowser *browser);
const char          *mcp_oauth_test_browser_param  (McpOAuthTestBrowser *browser,
                                                    const char          *name);

McpCredentials      *mcp_oauth_test_sign_in        (McpAuthorization    *authorization,
                                                    const char          *url,
                                                    GCancellable        *cancellable,
                                                    GError             **error);

McpClient           *mcp_oauth_test_client_new     (McpOAuthTestServer    *server,
                                                    McpAuthorization      *authorization,
                                                    McpVersionNegotiation  negotiation);
gboolean             mcp_oauth_test_client_connect (McpClient             *client,
                                                    GError               **error);
void                 mcp_oauth_test_client_close   (McpClient             *client);
void                 mcp_oauth_test_assert_requests_carry (McpOAuthTestServer *server,
                                                           const char         *scheme,
                                                           McpCredentials     *credentials,
                                                           guint               from);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpOAuthTestServer, mcp_oauth_test_server_stop)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpOAuthTestBrowser, mcp_oauth_test_browser_free)

G_END_DECLS
