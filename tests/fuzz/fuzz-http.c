/* fuzz-http.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for what a Streamable HTTP server answers: a McpClient
 * over a McpHttpTransport talks to a SoupServer on a loopback port that
 * answers each POST with the next response of the input (status, content
 * type, session id, body: JSON, an event stream, or anything), so that the
 * exchange, the body reader, the event streams and their resumption, and
 * the session handling read it (mcp-http-*.c). Nothing of the library is
 * replaced.
 *
 * The first byte holds flags: 0x01 the client probes with server/discover
 * (automatic version negotiation) rather than starting with initialize;
 * 0x02 a small maximum message size (1 KiB); 0x04 the GET stream is
 * answered from the input too (else 405). The rest is cut at each
 * "\n####\n" into responses. A response's first byte picks its status (low
 * three bits: 200, 200, 202, 400, 404, 500, 401, 204), its content type
 * (next two bits: application/json, text/event-stream, text/plain, none),
 * and 0x20 an Mcp-Session-Id header; the rest is the body, where "$ID"
 * stands for the id of the request answered. When the responses run out,
 * each request gets 404 (the session is gone).
 *
 * The server runs in a child process, forked before anything else starts,
 * which reads each input from memory shared with the fuzzing process:
 * libsoup's server (3.2) leaks an accepted socket on some exchanges, and
 * that leak is the peer's, not the client's, which the leak checker must
 * judge alone.
 *
 * Checks, besides crashes, leaks, hangs and GLib criticals: the connection
 * and each call complete exactly once, with a value or an error whose
 * message is UTF-8, within 10 s; the client and transport are finalized
 * once released.
 */

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz-common.h"

#define SEPARATOR "\n####\n"

enum {
  FLAG_PROBE = 0x01,
  FLAG_SMALL_MESSAGES = 0x02,
  FLAG_GET_FROM_INPUT = 0x04,
};

static const guint statuses[] = { 200, 200, 202, 400, 404, 500, 401, 204 };
static const char * const content_types[] = { "application/json", "text/event-stream",
                                              "text/plain", NULL };

#define INPUT_MAX (64 * 1024)

/* What the fuzzing process hands the server's process, in shared memory.
 * The generation is written last, and read first: a new one makes the
 * server take the input again from its first response. */
typedef struct
{
  guint  generation;
  guint8 flags;
  gsize  length;
  char   text[INPUT_MAX];
} SharedInput;

static SharedInput *shared;
static char *url;
static pid_t server_pid;

/* The server's process's own copy of the input. */
static guint generation;
static char **responses;
static guint next_response;
static guint8 flags;

static void
take_input (void)
{
  guint current = __atomic_load_n (&shared->generation, __ATOMIC_ACQUIRE);
  g_autofree char *text = NULL;

  if (current == generation)
    return;

  generation = current;
  flags = shared->flags;
  text = g_strndup (shared->text, MIN (shared->length, INPUT_MAX));
  g_strfreev (responses);
  responses = g_strsplit (text, SEPARATOR, 32);
  next_response = 0;
}

static char *
request_id (SoupServerMessage *msg)
{
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr(GBytes) bytes = soup_message_body_flatten (body);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;
  JsonNode *id;

  if (!json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL),
                                   g_bytes_get_size (bytes), NULL))
    return g_strdup ("null");
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      (id = json_object_get_member (json_node_get_object (root), "id")) == NULL)
    return g_strdup ("null");
  return json_to_string (id, FALSE);
}

static void
handler (SoupServer        *soup_server,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  const char *method = soup_server_message_get_method (msg);
  const char *response;

  take_input ();
  g_autofree char *id = NULL;
  g_autoptr(GString) body = NULL;
  const char *content_type;
  guint8 selector;

  if (g_str_equal (method, "DELETE"))
    {
      soup_server_message_set_status (msg, 200, NULL);
      return;
    }
  if (g_str_equal (method, "GET") && !(flags & FLAG_GET_FROM_INPUT))
    {
      soup_server_message_set_status (msg, 405, NULL);
      return;
    }
  if (responses == NULL || responses[next_response] == NULL)
    {
      soup_server_message_set_status (msg, 404, NULL);
      return;
    }

  response = responses[next_response++];
  selector = response[0];
  id = request_id (msg);
  body = g_string_new (response[0] != '\0' ? response + 1 : "");
  g_string_replace (body, "$ID", id, 0);

  soup_server_message_set_status (msg, statuses[selector & 7], NULL);
  content_type = content_types[(selector >> 3) & 3];
  if (selector & 0x20)
    soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                  "Mcp-Session-Id", "fuzz-session");
  if (content_type != NULL)
    soup_server_message_set_response (msg, content_type, SOUP_MEMORY_COPY, body->str, body->len);
  else
    soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY,
                              body->str, body->len);
}

typedef struct
{
  const char *name;
  gboolean    done;
} Call;

static void
check_error (const char   *name,
             gboolean      success,
             const GError *error)
{
  if (success == (error != NULL))
    fuzz_fail ("%s completed %s", name, success ? "with a value and an error"
                                                : "with neither a value nor an error");
  if (error != NULL && !g_utf8_validate (error->message, -1, NULL))
    fuzz_fail ("%s failed with a message that is not UTF-8", name);
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(GError) error = NULL;
  gboolean success = mcp_client_connect_finish (MCP_CLIENT (object), result, &error);

  if (call->done)
    fuzz_fail ("connecting completed twice");
  call->done = TRUE;
  check_error (call->name, success, error);
}

static void
list_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) list = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);

  if (call->done)
    fuzz_fail ("listing tools completed twice");
  call->done = TRUE;
  check_error (call->name, list != NULL, error);
}

static void
tool_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) value = mcp_client_call_tool_finish (MCP_CLIENT (object), result,
                                                                &error);

  if (call->done)
    fuzz_fail ("a tool call completed twice");
  call->done = TRUE;
  check_error (call->name, value != NULL, error);
}

static void
ping_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(GError) error = NULL;
  gboolean success = mcp_client_ping_finish (MCP_CLIENT (object), result, &error);

  if (call->done)
    fuzz_fail ("a ping completed twice");
  call->done = TRUE;
  check_error (call->name, success, error);
}

static void
close_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Call *call = user_data;

  if (call->done)
    fuzz_fail ("closing completed twice");
  call->done = TRUE;
  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
}

static gboolean
all_done (gpointer data)
{
  Call *calls = data;

  for (guint i = 0; calls[i].name != NULL; i++)
    if (!calls[i].done)
      return FALSE;
  return TRUE;
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* The server's process: serves until the fuzzing process ends. */
static G_GNUC_NORETURN void
serve (int    url_pipe,
       pid_t  parent)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  SoupServer *server;
  GSList *uris;
  g_autofree char *base = NULL;
  g_autofree char *endpoint = NULL;

  prctl (PR_SET_PDEATHSIG, SIGKILL);
  if (getppid () != parent)
    _exit (0);

  server = soup_server_new (NULL, NULL);
  soup_server_add_handler (server, NULL, handler, NULL, NULL);
  if (!soup_server_listen_local (server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error))
    fuzz_fail ("cannot listen: %s", error->message);
  uris = soup_server_get_uris (server);
  base = g_uri_to_string (uris->data);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  endpoint = g_strconcat (base, g_str_has_suffix (base, "/") ? "" : "/", "mcp", NULL);
  if (write (url_pipe, endpoint, strlen (endpoint) + 1) != (gssize) strlen (endpoint) + 1)
    _exit (1);
  close (url_pipe);

  loop = g_main_loop_new (NULL, FALSE);
  g_main_loop_run (loop);
  _exit (0);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  int fds[2];
  pid_t parent = getpid ();
  char buffer[256];
  gsize length = 0;

  fuzz_init ();

  shared = mmap (NULL, sizeof (SharedInput), PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED || pipe (fds) != 0)
    fuzz_fail ("cannot set up the server's process");
  memset (shared, 0, sizeof (SharedInput));

  server_pid = fork ();
  if (server_pid < 0)
    fuzz_fail ("cannot start the server's process");
  if (server_pid == 0)
    {
      close (fds[0]);
      serve (fds[1], parent);
    }

  close (fds[1]);
  while (length < sizeof buffer)
    {
      gssize n = read (fds[0], buffer + length, sizeof buffer - length);

      if (n <= 0)
        break;
      length += n;
      if (memchr (buffer, '\0', length) != NULL)
        break;
    }
  close (fds[0]);
  if (length == 0 || memchr (buffer, '\0', length) == NULL)
    fuzz_fail ("the server's process did not start");
  url = g_strdup (buffer);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  McpHttpTransport *transport;
  McpClient *client;
  gpointer weak_client, weak_transport;
  Call connecting[] = { { "connecting", FALSE }, { NULL, FALSE } };
  Call calls[] = { { "listing tools", FALSE }, { "calling a tool", FALSE },
                   { "pinging", FALSE }, { NULL, FALSE } };
  Call closing[] = { { "closing", FALSE }, { NULL, FALSE } };

  if (size < 1 || memchr (data + 1, '\0', size - 1) != NULL)
    return 0;

  if (size - 1 > INPUT_MAX)
    return 0;

  /* A server that died leaves every later input without a peer. */
  if (waitpid (server_pid, NULL, WNOHANG) != 0)
    fuzz_fail ("the server's process ended");

  flags = data[0];
  shared->flags = flags;
  shared->length = size - 1;
  memcpy (shared->text, data + 1, size - 1);
  __atomic_add_fetch (&shared->generation, 1, __ATOMIC_RELEASE);

  transport = mcp_http_transport_new (url);
  weak_transport = transport;
  g_object_add_weak_pointer (G_OBJECT (transport), &weak_transport);
  if (flags & FLAG_SMALL_MESSAGES)
    mcp_http_transport_set_max_message_size (transport, 1024);
  mcp_http_transport_set_max_reconnect_attempts (transport, 1);

  client = mcp_client_new (MCP_TRANSPORT (transport));
  g_object_unref (transport);
  weak_client = client;
  g_object_add_weak_pointer (G_OBJECT (client), &weak_client);
  mcp_client_set_version_negotiation (client, (flags & FLAG_PROBE)
                                              ? MCP_VERSION_NEGOTIATION_AUTO
                                              : MCP_VERSION_NEGOTIATION_LEGACY);

  mcp_client_connect_async (client, NULL, connect_cb, connecting);
  fuzz_wait_until (all_done, connecting, 10 * G_USEC_PER_SEC, "the connection to complete");

  if (mcp_client_get_state (client) == MCP_CLIENT_STATE_READY)
    {
      g_autoptr(JsonObject) arguments = json_object_new ();

      json_object_set_string_member (arguments, "text", "fuzz");
      mcp_client_list_tools_async (client, NULL, list_cb, &calls[0]);
      mcp_client_call_tool_async (client, "echo", arguments, NULL, NULL, tool_cb, &calls[1]);
      mcp_client_ping_async (client, NULL, ping_cb, &calls[2]);
      fuzz_wait_until (all_done, calls, 10 * G_USEC_PER_SEC, "the calls to complete");
    }

  mcp_client_close_async (client, NULL, close_cb, closing);
  fuzz_wait_until (all_done, closing, 10 * G_USEC_PER_SEC, "the client to close");

  g_object_unref (client);
  fuzz_wait_until (is_null, &weak_client, FUZZ_SETTLE_TIMEOUT_USEC,
                   "the client to be finalized once released");
  fuzz_wait_until (is_null, &weak_transport, FUZZ_SETTLE_TIMEOUT_USEC,
                   "the transport to be finalized with the client");

  /* The server's side sees the connections close, so that it does not
   * hold them (its sockets) past the input. */
  {
    gint64 until = g_get_monotonic_time () + 20 * 1000;

    while (g_get_monotonic_time () < until)
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
  }

  return 0;
}
