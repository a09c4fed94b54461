/* fuzz-oauth.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for what an authorization server and a protected MCP
 * server send a client that signs in: the `WWW-Authenticate` challenge,
 * the protected resource metadata, the authorization server metadata, the
 * registration answer, the token answer and the redirect that ends a
 * sign-in in the browser. A SoupServer on a loopback port serves them from
 * the input, and an McpAuthorization signs in against it, through its real
 * discovery, registration, authorization code (or client credentials) and
 * token requests; nothing of the library is replaced.
 *
 * The first byte holds flags (FLAG_* below); the rest is cut at each
 * "\n####\n" into, in order: the challenge, the protected resource
 * metadata, the authorization server metadata, the registration answer,
 * the token answer, and the query of the redirect. "$BASE" in any of them
 * is the server's own http://127.0.0.1:port, "$STATE" in the redirect the
 * state the authorization asked for.
 *
 * Checks, besides crashes, leaks and hangs: the challenge parser keeps a
 * parameter whole or not at all (a value it returns is in the header as it
 * is, unless escaped), and returns UTF-8 from UTF-8; the sign-in completes
 * exactly once, with credentials or an error whose message is UTF-8; the
 * credentials it stored have an access token that can go into a header
 * (visible ASCII) and is the one the authorization hands out; the
 * authorization is finalized once released.
 */

#include <stdio.h>
#include <string.h>

#include "fuzz-common.h"
#include "mcp-authorization-private.h"
#include "mcp-oauth-discovery-private.h"

#define SEPARATOR "\n####\n"

enum {
  SECTION_CHALLENGE,
  SECTION_RESOURCE_METADATA,
  SECTION_SERVER_METADATA,
  SECTION_REGISTRATION,
  SECTION_TOKEN,
  SECTION_REDIRECT,
  N_SECTIONS
};

/* How the client signs in: the authorization code grant with dynamic
 * registration, with a client id of its own, or the client credentials
 * grant. */
#define FLAG_GRANT_MASK           0x03
#define FLAG_RESOURCE_METADATA_404 0x04
#define FLAG_TOKEN_ERROR_STATUS    0x08
#define FLAG_REGISTRATION_ERROR    0x10
#define FLAG_SERVER_METADATA_404   0x20
/* The metadata goes out as text/plain rather than application/json. */
#define FLAG_NOT_JSON_TYPE         0x40
/* The redirect never comes: the application cancels the sign-in. */
#define FLAG_NO_REDIRECT           0x80

static SoupServer *server;
static char *base;
static char *server_url;
static char *sections[N_SECTIONS];
static guint flags;
static guint requests;

static char *
substitute (const char *text,
            const char *state)
{
  g_autoptr(GString) out = g_string_new (text);

  g_string_replace (out, "$BASE", base, 0);
  if (state != NULL)
    g_string_replace (out, "$STATE", state, 0);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
answer (SoupServerMessage *msg,
        guint              status,
        int                section)
{
  g_autofree char *body = substitute (sections[section], NULL);
  const char *type = (flags & FLAG_NOT_JSON_TYPE) ? "text/plain" : "application/json";

  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, type, SOUP_MEMORY_COPY, body, strlen (body));
}

static void
handler (SoupServer        *soup_server,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  requests++;

  if (g_str_has_prefix (path, "/.well-known/oauth-protected-resource"))
    {
      if (flags & FLAG_RESOURCE_METADATA_404)
        soup_server_message_set_status (msg, 404, NULL);
      else
        answer (msg, 200, SECTION_RESOURCE_METADATA);
    }
  else if (g_str_has_prefix (path, "/.well-known/oauth-authorization-server") ||
           g_str_has_prefix (path, "/.well-known/openid-configuration") ||
           g_str_has_suffix (path, "/.well-known/openid-configuration"))
    {
      if (flags & FLAG_SERVER_METADATA_404)
        soup_server_message_set_status (msg, 404, NULL);
      else
        answer (msg, 200, SECTION_SERVER_METADATA);
    }
  else if (g_str_has_prefix (path, "/register"))
    answer (msg, (flags & FLAG_REGISTRATION_ERROR) ? 400 : 201, SECTION_REGISTRATION);
  else if (g_str_has_prefix (path, "/token"))
    answer (msg, (flags & FLAG_TOKEN_ERROR_STATUS) ? 400 : 200, SECTION_TOKEN);
  else
    soup_server_message_set_status (msg, 404, NULL);
}

/* The application's side of the browser: the redirect from the input, with
 * the state the sign-in asked for. */
typedef struct
{
  McpAuthorization *auth;
  char             *uri;
} Redirect;

static gboolean
redirect_cb (gpointer user_data)
{
  Redirect *redirect = user_data;

  mcp_authorization_handle_redirect_uri (redirect->auth, redirect->uri);
  g_object_unref (redirect->auth);
  g_free (redirect->uri);
  g_free (redirect);
  return G_SOURCE_REMOVE;
}

static gboolean
cancel_cb (gpointer user_data)
{
  mcp_authorization_cancel_sign_in (user_data, server_url);
  return G_SOURCE_REMOVE;
}

static gboolean
open_uri_cb (McpAuthorization *auth,
             const char       *uri,
             gpointer          user_data)
{
  g_autoptr(GUri) parsed = g_uri_parse (uri, G_URI_FLAGS_ENCODED_QUERY, NULL);
  g_autofree char *query = NULL;
  g_autofree char *state = NULL;
  const char *query_string;
  const char *state_start;
  Redirect *redirect;

  if (!g_utf8_validate (uri, -1, NULL))
    fuzz_fail ("an authorization page that is not UTF-8");
  if (parsed == NULL)
    fuzz_fail ("an authorization page that is not a URI: %s", uri);
  if (flags & FLAG_NO_REDIRECT)
    {
      g_idle_add_full (G_PRIORITY_DEFAULT, cancel_cb, g_object_ref (auth), g_object_unref);
      return TRUE;
    }

  /* The state, found by hand: other parameters may hold what
   * g_uri_parse_params () refuses (bytes that are not UTF-8, from a scope
   * the server named). */
  query_string = g_uri_get_query (parsed);
  state_start = query_string != NULL ? strstr (query_string, "state=") : NULL;
  while (state_start != NULL && state_start != query_string && state_start[-1] != '&')
    state_start = strstr (state_start + 1, "state=");
  if (state_start == NULL)
    fuzz_fail ("an authorization page without state: %s", uri);
  state = g_strndup (state_start + strlen ("state="), strcspn (state_start, "&") - strlen ("state="));

  query = substitute (sections[SECTION_REDIRECT], state);
  redirect = g_new0 (Redirect, 1);
  redirect->auth = g_object_ref (auth);
  redirect->uri = g_strconcat (mcp_authorization_get_redirect_uri (auth), "?", query, NULL);
  g_idle_add (redirect_cb, redirect);
  return TRUE;
}

static void
check_challenge (const char *header)
{
  g_autoptr(McpOAuthChallenge) challenge = _mcp_oauth_challenge_parse (header);
  const char *values[3];

  if (challenge == NULL)
    return;

  values[0] = challenge->resource_metadata;
  values[1] = challenge->scope;
  values[2] = challenge->error;
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      if (values[i] == NULL)
        continue;
      if (*values[i] == '\0')
        fuzz_fail ("an empty challenge parameter");
      if (g_utf8_validate (header, -1, NULL) && !g_utf8_validate (values[i], -1, NULL))
        fuzz_fail ("a challenge parameter is not UTF-8 (cut short?)");
      /* A value without escapes is in the header as it is, whole: quoted,
       * or a token after its "=" that ends there. */
      if (strchr (header, '\\') == NULL)
        {
          g_autofree char *quoted = g_strdup_printf ("\"%s\"", values[i]);
          gboolean whole = strstr (header, quoted) != NULL;

          /* A quote left open runs to the end of the header. */
          quoted[strlen (quoted) - 1] = '\0';
          whole = whole || g_str_has_suffix (header, quoted);

          for (const char *at = strstr (header, values[i]); at != NULL && !whole;
               at = strstr (at + 1, values[i]))
            {
              char next = at[strlen (values[i])];
              const char *before = at;

              while (before > header && (before[-1] == ' ' || before[-1] == '\t'))
                before--;
              whole = before > header && before[-1] == '=' &&
                      !(g_ascii_isalnum (next) || (next != '\0' && strchr ("!#$%&'*+-.^_`|~/=", next)));
            }
          if (!whole)
            fuzz_fail ("the challenge parameter “%.60s…” (%zu bytes) is not in the header whole",
                       values[i], strlen (values[i]));
        }
    }
}

static void
done_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GAsyncResult **out = user_data;

  if (*out != NULL)
    fuzz_fail ("the sign-in completed twice");
  *out = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
is_header_safe (const char *value)
{
  for (const char *c = value; *c != '\0'; c++)
    if ((guchar) *c < 0x20 || (guchar) *c > 0x7e)
      return FALSE;
  return TRUE;
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSList) uris = NULL;
  g_autofree char *uri = NULL;

  fuzz_init ();
  server = soup_server_new (NULL, NULL);
  soup_server_add_handler (server, NULL, handler, NULL, NULL);
  if (!soup_server_listen_local (server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error))
    fuzz_fail ("cannot listen: %s", error->message);
  uris = soup_server_get_uris (server);
  uri = g_uri_to_string (uris->data);
  base = g_strndup (uri, strlen (uri) - (g_str_has_suffix (uri, "/") ? 1 : 0));
  g_slist_free_full (g_steal_pointer (&uris), (GDestroyNotify) g_uri_unref);
  server_url = g_strconcat (base, "/mcp", NULL);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;
  g_autoptr(McpAuthorization) auth = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *url = server_url;
  g_autofree char *challenge = NULL;
  gpointer weak = NULL;
  guint grant;

  if (size < 1 || memchr (data + 1, '\0', size - 1) != NULL)
    return 0;

  flags = data[0];
  text = g_strndup ((const char *) data + 1, size - 1);
  parts = g_strsplit (text, SEPARATOR, N_SECTIONS);
  for (guint i = 0; i < N_SECTIONS; i++)
    {
      g_free (sections[i]);
      sections[i] = g_strdup (i < g_strv_length (parts) ? parts[i] : "");
    }
  requests = 0;

  challenge = substitute (sections[SECTION_CHALLENGE], NULL);
  check_challenge (challenge);

  auth = mcp_authorization_new ();
  weak = auth;
  g_object_add_weak_pointer (G_OBJECT (auth), &weak);
  mcp_authorization_set_sign_in_timeout (auth, 1);
  g_signal_connect (auth, "open-uri", G_CALLBACK (open_uri_cb), NULL);

  grant = flags & FLAG_GRANT_MASK;
  if (grant == 2)
    {
      mcp_authorization_set_grant (auth, MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS);
      mcp_authorization_set_client_id (auth, "fuzz-client");
      mcp_authorization_set_client_secret (auth, "fuzz-secret");
    }
  else
    {
      mcp_authorization_set_redirect_uri (auth, "http://127.0.0.1:1/callback");
      if (grant == 1)
        mcp_authorization_set_client_id (auth, "fuzz-client");
      else if (grant == 3)
        mcp_authorization_set_client_metadata_url (auth, "https://client.example.com/meta.json");
    }

  _mcp_authorization_challenge_async (auth, url, 401, challenge, NULL, NULL, done_cb, &result);
  fuzz_wait_until (has_result, &result, 10 * G_USEC_PER_SEC, "the sign-in to end");

  if (_mcp_authorization_challenge_finish (auth, result, &error))
    {
      McpCredentials *credentials = mcp_authorization_get_credentials (auth, url);
      const char *token = credentials ? mcp_credentials_get_access_token (credentials) : NULL;

      if (token != NULL)
        {
          if (*token == '\0' || !is_header_safe (token))
            fuzz_fail ("an access token that cannot go into a header: “%s”", token);
          if (g_strcmp0 (_mcp_authorization_get_token (auth, url), token) != 0)
            fuzz_fail ("the token handed out is not the one stored");
        }
    }
  else if (!g_utf8_validate (error->message, -1, NULL))
    fuzz_fail ("an error message that is not UTF-8");

  /* The result holds the authorization, as its source. */
  g_clear_object (&result);
  g_clear_object (&auth);
  fuzz_wait_until (is_null, &weak, FUZZ_SETTLE_TIMEOUT_USEC,
                   "the authorization to be finalized once released");

  return 0;
}
