/* mcp-oauth-loopback.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Where the browser brings the authorization code back (RFC 8252 §7.3): an
 * HTTP server on 127.0.0.1 and an ephemeral port, answering one request to
 * its callback path and then closing. Only the redirect is taken in; what
 * it carries is judged by the sign-in (state, iss, code).
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "mcp-oauth-loopback-private.h"
#include "mcp-source-private.h"

#define CALLBACK_PATH "/callback"

struct _McpOAuthLoopback
{
  SoupServer           *server;
  SoupServerMessage    *answered;
  gulong                finished_id;
  char                 *redirect_uri;
  char                 *redirected_uri;
  GSource              *report_source;
  McpOAuthRedirectFunc  func;
  gpointer              user_data;
};

static gboolean
report_cb (gpointer user_data)
{
  McpOAuthLoopback *loopback = user_data;
  g_autofree char *uri = g_steal_pointer (&loopback->redirected_uri);

  _mcp_source_clear (&loopback->report_source);

  /* The owner may free the loopback from the callback. */
  loopback->func (uri, loopback->user_data);
  return G_SOURCE_REMOVE;
}

/* The page is written: stop listening, then report, outside of the
 * server's own signal emission. */
static void
finished_cb (SoupServerMessage *msg,
             gpointer           user_data)
{
  McpOAuthLoopback *loopback = user_data;

  g_clear_signal_handler (&loopback->finished_id, loopback->answered);
  soup_server_disconnect (loopback->server);
  if (loopback->report_source == NULL)
    loopback->report_source = _mcp_idle_source_add (report_cb, loopback);
}

static void
handle_cb (SoupServer        *server,
           SoupServerMessage *msg,
           const char        *path,
           GHashTable        *query,
           gpointer           user_data)
{
  McpOAuthLoopback *loopback = user_data;
  g_autofree char *page = NULL;

  if (g_strcmp0 (path, CALLBACK_PATH) != 0 ||
      g_strcmp0 (soup_server_message_get_method (msg), SOUP_METHOD_GET) != 0 ||
      loopback->answered != NULL)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }

  loopback->redirected_uri = g_uri_to_string (soup_server_message_get_uri (msg));

  page = g_strdup_printf ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title>"
                          "</head><body><p>%s</p></body></html>\n",
                          _("Sign-in"),
                          _("The sign-in has reached the application. You can close this page."));
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                "Cache-Control", "no-store");
  soup_server_message_set_response (msg, "text/html; charset=utf-8", SOUP_MEMORY_COPY,
                                    page, strlen (page));
  loopback->answered = g_object_ref (msg);
  loopback->finished_id = g_signal_connect (msg, "finished", G_CALLBACK (finished_cb), loopback);
}

McpOAuthLoopback *
_mcp_oauth_loopback_new (McpOAuthRedirectFunc   func,
                         gpointer               user_data,
                         GError               **error)
{
  g_autoptr(McpOAuthLoopback) loopback = g_new0 (McpOAuthLoopback, 1);
  GSList *uris;
  GUri *uri;

  loopback->func = func;
  loopback->user_data = user_data;
  loopback->server = soup_server_new ("server-header", "mcp-glib", NULL);
  soup_server_add_handler (loopback->server, NULL, handle_cb, loopback, NULL);

  if (!soup_server_listen_local (loopback->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, error))
    return NULL;

  uris = soup_server_get_uris (loopback->server);
  uri = uris->data;
  loopback->redirect_uri = g_strdup_printf ("http://127.0.0.1:%d" CALLBACK_PATH,
                                            g_uri_get_port (uri));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  return g_steal_pointer (&loopback);
}

const char *
_mcp_oauth_loopback_get_redirect_uri (McpOAuthLoopback *loopback)
{
  return loopback->redirect_uri;
}

void
_mcp_oauth_loopback_free (McpOAuthLoopback *loopback)
{
  if (loopback->answered != NULL)
    {
      g_clear_signal_handler (&loopback->finished_id, loopback->answered);
      g_object_unref (loopback->answered);
    }
  _mcp_source_clear (&loopback->report_source);
  if (loopback->server != NULL)
    {
      soup_server_disconnect (loopback->server);
      g_object_unref (loopback->server);
    }
  g_free (loopback->redirect_uri);
  g_free (loopback->redirected_uri);
  g_free (loopback);
}
