/* mcp-oauth-test-util.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The scripted authorization server and a stand-in browser, for the tests
 * of McpAuthorization (test-authorization.c) and of its use by the HTTP
 * transport (test-authorization-http.c).
 *
 * The server runs as a child whose standard input is a pipe that is never
 * written: it exits when the pipe closes, so that a test that dies leaves
 * nothing behind. It prints its two ports (its own and "another origin")
 * on its first line. Its control endpoint takes settings and hands out the
 * record of every request it received.
 */

#include <stdlib.h>
#include <string.h>

#include "mcp-oauth-test-util.h"
#include "mcp-test-util.h"

McpOAuthTestServer *
mcp_oauth_test_server_start (const char *config_json)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "mcp-oauth-test-server.py", NULL);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_auto(GStrv) ports = NULL;
  McpOAuthTestServer *server = g_new0 (McpOAuthTestServer, 1);
  const char *argv[] = { "/usr/bin/python3", script, "--config", config_json ? config_json : "{}",
                         NULL };

  server->process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                             G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  server->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->process));

  g_data_input_stream_read_line_async (server->output, G_PRIORITY_DEFAULT, NULL,
                                       mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the authorization server's ports");
  line = g_data_input_stream_read_line_finish (server->output, result, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);

  ports = g_strsplit (line, " ", -1);
  g_assert_cmpuint (g_strv_length (ports), ==, 2);
  server->port = atoi (ports[0]);
  server->other_port = atoi (ports[1]);
  server->origin = g_strdup_printf ("http://127.0.0.1:%u", server->port);
  server->other_origin = g_strdup_printf ("http://127.0.0.1:%u", server->other_port);
  server->url = g_strdup_printf ("%s/mcp", server->origin);
  server->control = soup_session_new ();

  return server;
}

static void
exited_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  gboolean *exited = user_data;

  g_assert_true (g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL));
  *exited = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

void
mcp_oauth_test_server_stop (McpOAuthTestServer *server)
{
  g_autoptr(GError) error = NULL;
  gboolean exited = FALSE;

  g_subprocess_wait_async (server->process, NULL, exited_cb, &exited);
  g_output_stream_close (g_subprocess_get_stdin_pipe (server->process), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (mcp_test_wait_until (is_true, &exited, 10000));

  g_clear_object (&server->control);
  g_clear_object (&server->output);
  g_clear_object (&server->process);
  g_free (server->origin);
  g_free (server->other_origin);
  g_free (server->url);
  g_free (server);
}

static GBytes *
control (McpOAuthTestServer *server,
         const char         *method,
         const char         *request_json)
{
  g_autofree char *uri = g_strdup_printf ("%s/_control", server->origin);
  g_autoptr(SoupMessage) msg = soup_message_new (method, uri);
  g_autoptr(GError) error = NULL;
  GBytes *body;

  if (request_json != NULL)
    {
      g_autoptr(GBytes) request = g_bytes_new (request_json, strlen (request_json));

      soup_message_set_request_body_from_bytes (msg, "application/json", request);
    }

  body = soup_session_send_and_read (server->control, msg, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (soup_message_get_status (msg), ==, 200);
  return body;
}

/* Sends @request_json to the control endpoint, e.g. `{"set": {...}}`. */
void
mcp_oauth_test_server_control (McpOAuthTestServer *server,
                               const char         *request_json)
{
  g_autoptr(GBytes) body = control (server, "POST", request_json);
}

/* Returns (transfer full) the server's record: `log`, `counts`, `config`. */
JsonObject *
mcp_oauth_test_server_state (McpOAuthTestServer *server)
{
  g_autoptr(GBytes) body = control (server, "GET", NULL);
  g_autofree char *text = g_strndup (g_bytes_get_data (body, NULL), g_bytes_get_size (body));

  return mcp_test_parse_object (text);
}

guint
mcp_oauth_test_server_count (McpOAuthTestServer *server,
                             const char         *counter)
{
  g_autoptr(JsonObject) state = mcp_oauth_test_server_state (server);
  JsonObject *counts = json_object_get_object_member (state, "counts");

  return json_object_has_member (counts, counter)
         ? json_object_get_int_member (counts, counter) : 0;
}

/* Returns (transfer full) the record of every @method request to @path. */
GPtrArray *
mcp_oauth_test_server_requests (McpOAuthTestServer *server,
                                const char         *method,
                                const char         *path)
{
  g_autoptr(JsonObject) state = mcp_oauth_test_server_state (server);
  JsonArray *log = json_object_get_array_member (state, "log");
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);

  for (guint i = 0; i < json_array_get_length (log); i++)
    {
      JsonObject *entry = json_array_get_object_element (log, i);

      if (g_str_equal (json_object_get_string_member (entry, "method"), method) &&
          g_str_equal (json_object_get_string_member (entry, "path"), path))
        g_ptr_array_add (found, json_object_ref (entry));
    }

  return found;
}

/* Returns (transfer full) the record of the last @method request to
 * @path, or %NULL. */
JsonObject *
mcp_oauth_test_server_request (McpOAuthTestServer *server,
                               const char         *method,
                               const char         *path)
{
  g_autoptr(GPtrArray) found = mcp_oauth_test_server_requests (server, method, path);

  return found->len > 0 ? json_object_ref (found->pdata[found->len - 1]) : NULL;
}

static void
redirect_followed_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GBytes) body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, NULL);
}

static void
page_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  McpOAuthTestBrowser *browser = user_data;
  SoupMessage *msg = soup_session_get_async_result_message (SOUP_SESSION (source), result);
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;
  const char *location;

  body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (soup_message_get_status (msg), ==, 302);

  location = soup_message_headers_get_one (soup_message_get_response_headers (msg), "Location");
  g_assert_nonnull (location);
  g_free (browser->last_redirect);
  browser->last_redirect = g_strdup (location);

  if (mcp_authorization_get_redirect_uri (browser->authorization) != NULL)
    {
      browser->redirect_taken =
        mcp_authorization_handle_redirect_uri (browser->authorization, location);
      return;
    }

  {
    g_autoptr(SoupMessage) redirect = soup_message_new (SOUP_METHOD_GET, location);

    g_assert_nonnull (redirect);
    soup_session_send_and_read_async (browser->session, redirect, G_PRIORITY_DEFAULT, NULL,
                                      redirect_followed_cb, NULL);
  }
}

static gboolean
open_uri_cb (McpAuthorization    *authorization,
             const char          *uri,
             McpOAuthTestBrowser *browser)
{
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GUri) page = NULL;

  browser->shown++;
  g_free (browser->last_uri);
  browser->last_uri = g_strdup (uri);
  g_clear_pointer (&browser->last_params, g_hash_table_unref);
  page = g_uri_parse (uri, G_URI_FLAGS_ENCODED, NULL);
  g_assert_nonnull (page);
  browser->last_params = g_uri_parse_params (g_uri_get_query (page), -1, "&",
                                             G_URI_PARAMS_WWW_FORM, NULL);

  if (browser->absent)
    return TRUE;

  msg = soup_message_new (SOUP_METHOD_GET, uri);
  g_assert_nonnull (msg);
  soup_message_add_flags (msg, SOUP_MESSAGE_NO_REDIRECT);
  soup_session_send_and_read_async (browser->session, msg, G_PRIORITY_DEFAULT, NULL, page_cb,
                                    browser);
  return TRUE;
}

McpOAuthTestBrowser *
mcp_oauth_test_browser_new (McpAuthorization *authorization)
{
  McpOAuthTestBrowser *browser = g_new0 (McpOAuthTestBrowser, 1);

  browser->authorization = g_object_ref (authorization);
  browser->session = soup_session_new ();
  browser->handler_id = g_signal_connect (authorization, "open-uri", G_CALLBACK (open_uri_cb),
                                          browser);
  return browser;
}

void
mcp_oauth_test_browser_free (McpOAuthTestBrowser *browser)
{
  g_clear_signal_handler (&browser->handler_id, browser->authorization);
  g_clear_object (&browser->authorization);
  g_clear_object (&browser->session);
  g_free (browser->last_uri);
  g_clear_pointer (&browser->last_params, g_hash_table_unref);
  g_free (browser->last_redirect);
  g_free (browser);
}

/* The value of @name in the query of the last page shown, or %NULL; it
 * stays valid until the next page. */
const char *
mcp_oauth_test_browser_param (McpOAuthTestBrowser *browser,
                              const char          *name)
{
  g_assert_nonnull (browser->last_params);

  return g_hash_table_lookup (browser->last_params, name);
}

/* Signs in and waits for the outcome. */
McpCredentials *
mcp_oauth_test_sign_in (McpAuthorization  *authorization,
                        const char        *url,
                        GCancellable      *cancellable,
                        GError           **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_authorization_sign_in_async (authorization, url, cancellable, mcp_test_store_result_cb,
                                   &result);
  mcp_test_await_result (&result, "the sign-in");
  return mcp_authorization_sign_in_finish (authorization, result, error);
}

/* A client of the scripted MCP server that signs in with @authorization,
 * finding out what the server speaks as @negotiation says. */
McpClient *
mcp_oauth_test_client_new (McpOAuthTestServer    *server,
                           McpAuthorization      *authorization,
                           McpVersionNegotiation  negotiation)
{
  g_autoptr(McpHttpTransport) transport = mcp_http_transport_new (server->url);
  McpClient *client;

  mcp_http_transport_set_authorization (transport, authorization);
  g_assert_true (mcp_http_transport_get_authorization (transport) == authorization);
  client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_request_timeout (client, 20000);
  mcp_client_set_version_negotiation (client, negotiation);
  return client;
}

gboolean
mcp_oauth_test_client_connect (McpClient  *client,
                               GError    **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the connection");
  return mcp_client_connect_finish (client, result, error);
}

void
mcp_oauth_test_client_close (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the close");
  g_assert_true (mcp_client_close_finish (client, result, NULL));
}

/* Every request to the MCP server from the @from-th on presented the
 * token of @credentials with @scheme ("Bearer" or "DPoP"); with DPoP, a
 * proof too. */
void
mcp_oauth_test_assert_requests_carry (McpOAuthTestServer *server,
                                      const char         *scheme,
                                      McpCredentials     *credentials,
                                      guint               from)
{
  g_autoptr(GPtrArray) posts = mcp_oauth_test_server_requests (server, "POST", "/mcp");
  g_autofree char *expected = g_strconcat (scheme, " ",
                                           mcp_credentials_get_access_token (credentials), NULL);

  g_assert_cmpuint (posts->len, >, from);
  for (guint i = from; i < posts->len; i++)
    {
      JsonObject *request = posts->pdata[i];

      g_assert_cmpstr (json_object_get_string_member (request, "authorization"), ==, expected);
      if (g_str_equal (scheme, "DPoP"))
        g_assert_false (json_object_get_null_member (request, "dpop"));
    }
}
