/* mcp-stateless-test-util.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the test programs of the stateless revision (test-negotiation.c,
 * test-rounds.c) share: the scripted server mcp-stateless-test-server.py,
 * started over a McpStdioTransport for each test with the options the test
 * gives, and a client of it that finds out the revision itself (AUTO); and
 * the server's record of every message it received, read back from its
 * file, to check what went over the wire, also when connecting failed.
 */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>

#include <glib/gstdio.h>

#include "mcp-stateless-test-util.h"

#define PROCESS_GONE_TIMEOUT_MS 5000

static char *python_path;
static char *server_script;

/* The Python that runs the test server, and its script. */
const char *
stateless_python_path (void)
{
  return python_path;
}

const char *
stateless_server_script (void)
{
  return server_script;
}

gboolean
stateless_test_init (int    *argc,
                     char ***argv)
{
  g_test_init (argc, argv, NULL);
  mcp_test_init ();

  python_path = mcp_test_find_python ();
  server_script = g_test_build_filename (G_TEST_DIST, "mcp-stateless-test-server.py", NULL);

  /* The whole program is skipped, in TAP terms, without a Python. */
  if (python_path == NULL)
    {
      g_print ("1..0 # SKIP python3 is needed to run the test server\n");
      g_clear_pointer (&server_script, g_free);
      return FALSE;
    }

  return TRUE;
}

int
stateless_test_run (void)
{
  int ret = g_test_run ();

  g_clear_pointer (&python_path, g_free);
  g_clear_pointer (&server_script, g_free);

  return ret;
}

/* ------------------------------------------------------------------------
 * The test server
 * ------------------------------------------------------------------------ */

static Peer *
peer_new_strv (const char * const *args)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) argv = NULL;
  Peer *peer = g_new0 (Peer, 1);

  peer->dir = g_dir_make_tmp ("mcp-stateless-test-XXXXXX", &error);
  g_assert_no_error (error);
  peer->record_path = g_build_filename (peer->dir, "received.jsonl", NULL);

  g_strv_builder_add (builder, python_path);
  g_strv_builder_add (builder, server_script);
  g_strv_builder_add (builder, "--record");
  g_strv_builder_add (builder, peer->record_path);
  g_strv_builder_addv (builder, (const char **) args);
  argv = g_strv_builder_end (builder);

  peer->transport = mcp_stdio_transport_new ((const char * const *) argv);
  mcp_test_track_pid (peer->transport, &peer->pid);
  peer->client = mcp_client_new (MCP_TRANSPORT (peer->transport));

  return peer;
}

/* Creates a client of the test server started with the given options and
 * a record file of its own, without connecting it. */
Peer *
peer_new (const char *first_arg,
          ...)
{
  g_auto(GStrv) args = NULL;
  va_list ap;

  va_start (ap, first_arg);
  args = mcp_test_collect_args (first_arg, ap);
  va_end (ap);

  return peer_new_strv ((const char * const *) args);
}

gboolean
peer_connect (Peer    *peer,
              GError **error)
{
  return mcp_test_connect (peer->client, error);
}

void
peer_connect_or_fail (Peer *peer)
{
  g_autoptr(GError) error = NULL;

  peer_connect (peer, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_state (peer->client), ==, MCP_CLIENT_STATE_READY);
  g_assert_cmpint (peer->pid, >, 0);
}

/* Starts the test server with the given options and connects to it. */
Peer *
peer_start (const char *first_arg,
            ...)
{
  g_auto(GStrv) args = NULL;
  Peer *peer;
  va_list ap;

  va_start (ap, first_arg);
  args = mcp_test_collect_args (first_arg, ap);
  va_end (ap);

  peer = peer_new_strv ((const char * const *) args);
  peer_connect_or_fail (peer);

  return peer;
}

static gboolean
process_is_gone (gpointer data)
{
  pid_t pid = GPOINTER_TO_INT (data);

  return kill (pid, 0) == -1 && errno == ESRCH;
}

/* Waits until the server process has ended, as it must once the client
 * closed or failed. */
void
peer_wait_gone (Peer *peer)
{
  gboolean gone;

  g_assert_cmpint (peer->pid, >, 0);

  gone = mcp_test_wait_until (process_is_gone, GINT_TO_POINTER (peer->pid),
                              PROCESS_GONE_TIMEOUT_MS);
  if (!gone)
    g_test_message ("Process %d is still alive after %u ms", (int) peer->pid,
                    PROCESS_GONE_TIMEOUT_MS);
  g_assert_true (gone);
}

void
peer_free (Peer *peer)
{
  mcp_test_untrack_pid (peer->transport, &peer->pid);
  g_clear_object (&peer->client);
  g_clear_object (&peer->transport);
  g_unlink (peer->record_path);
  g_rmdir (peer->dir);
  g_free (peer->record_path);
  g_free (peer->dir);
  g_free (peer);
}

/* Closes the client if it is still open, checks that the server is gone
 * and frees everything. */
void
peer_close_and_free (Peer *peer)
{
  if (mcp_client_get_state (peer->client) != MCP_CLIENT_STATE_CLOSED)
    {
      g_autoptr(GAsyncResult) result = NULL;
      g_autoptr(GError) error = NULL;

      mcp_client_close_async (peer->client, NULL, mcp_test_store_result_cb, &result);
      mcp_test_await_result (&result, "close");
      g_assert_true (mcp_client_close_finish (peer->client, result, &error));
      g_assert_no_error (error);
    }

  if (peer->pid > 0)
    peer_wait_gone (peer);
  peer_free (peer);
}

/* ------------------------------------------------------------------------
 * What the server received
 * ------------------------------------------------------------------------ */

/* Every message the server received so far, in order: (element-type
 * JsonObject) records with the time it came ("t", in ms since the server
 * started) and the "message". */
GPtrArray *
peer_records (Peer *peer)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (peer->record_path, &contents, NULL, &error))
    {
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
      return g_steal_pointer (&records);
    }

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      g_ptr_array_add (records, mcp_test_parse_object (lines[i]));

  return g_steal_pointer (&records);
}

JsonObject *
record_message (JsonObject *record)
{
  JsonObject *message = mcp_test_lookup_object (record, "message");

  g_assert_nonnull (message);

  return message;
}

gint64
record_time (JsonObject *record)
{
  return mcp_test_lookup_int_or_fail (record, "t");
}

guint
count_method (GPtrArray  *records,
              const char *method)
{
  guint count = 0;

  for (guint i = 0; i < records->len; i++)
    if (g_strcmp0 (mcp_test_lookup_string (records->pdata[i], "message.method"), method) == 0)
      count++;

  return count;
}

/* The @nth (from 0) record of a message with @method, or %NULL. */
JsonObject *
find_method (GPtrArray  *records,
             const char *method,
             guint       nth)
{
  for (guint i = 0; i < records->len; i++)
    if (g_strcmp0 (mcp_test_lookup_string (records->pdata[i], "message.method"), method) == 0 &&
        nth-- == 0)
      return records->pdata[i];

  return NULL;
}

/* The messages (not the records) that are requests, with @method or any
 * method when it is %NULL: (element-type JsonObject) (transfer container). */
GPtrArray *
filter_requests (GPtrArray  *records,
                 const char *method)
{
  GPtrArray *requests = g_ptr_array_new ();

  for (guint i = 0; i < records->len; i++)
    {
      JsonObject *message = record_message (records->pdata[i]);

      if (json_object_has_member (message, "id") &&
          (method == NULL ||
           g_strcmp0 (mcp_test_lookup_string (message, "method"), method) == 0))
        g_ptr_array_add (requests, message);
    }

  return requests;
}

/* The member @name of the envelope in @message's _meta, without its
 * prefix: "protocolVersion", not "io.modelcontextprotocol/protocolVersion"
 * (whose dots a path cannot name). */
JsonNode *
envelope_member (JsonObject *message,
                 const char *name)
{
  JsonObject *meta = mcp_test_lookup_object (message, "params._meta");
  g_autofree char *key = g_strconcat (META_PREFIX, name, NULL);

  return meta != NULL && json_object_has_member (meta, key) ? json_object_get_member (meta, key)
                                                            : NULL;
}

const char *
envelope_string (JsonObject *message,
                 const char *name)
{
  JsonNode *node = envelope_member (message, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

/* Asserts that nothing of the stateless envelope is in @message. */
void
assert_no_envelope (JsonObject *message)
{
  JsonObject *meta = mcp_test_lookup_object (message, "params._meta");
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  if (meta == NULL)
    return;

  json_object_iter_init (&iter, meta);
  while (json_object_iter_next (&iter, &name, &value))
    {
      if (g_str_has_prefix (name, META_PREFIX))
        g_test_message ("Unexpected envelope member %s in %s", name,
                        mcp_test_lookup_string (message, "method"));
      g_assert_false (g_str_has_prefix (name, META_PREFIX));
    }
}

/* Asserts that @message carries the stateless envelope of @version. */
void
assert_envelope (JsonObject *message,
                 const char *version)
{
  g_assert_nonnull (mcp_test_lookup_object (message, "params._meta"));
  g_assert_cmpstr (envelope_string (message, "protocolVersion"), ==, version);
}

/* The tools work, and a legacy server got no envelope, from initialize on. */
void
assert_legacy_traffic (Peer *peer)
{
  g_autoptr(GPtrArray) records = NULL;
  JsonObject *initialize;

  mcp_test_assert_echo_works (peer->client);

  records = peer_records (peer);
  initialize = find_method (records, "initialize", 0);
  g_assert_nonnull (initialize);
  for (guint i = 0; i < records->len; i++)
    {
      JsonObject *message = record_message (records->pdata[i]);

      if (g_strcmp0 (mcp_test_lookup_string (message, "method"), "server/discover") != 0)
        assert_no_envelope (message);
    }
  g_assert_cmpuint (count_method (records, "initialize"), ==, 1);
  g_assert_cmpuint (count_method (records, "notifications/initialized"), ==, 1);
}
