/* test-transport-inner-server.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpTransport as an application subclasses it to reach servers in a way
 * mcp-glib does not know: a transport written here, with a small server
 * inside it, carries McpClient through the handshake and calls using only
 * the public subclassing API. It checks what a subclass is told (the
 * negotiated protocol version, through the property and the
 * protocol_version_changed vfunc) and what it can report: a message it had
 * to drop (deliver_discarded fails the call the message answered, and the
 * connection goes on) and the end of the connection (deliver_closed ends
 * the pending calls and the client, once).
 */

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

/* A transport with the server inside: it answers `server/discover` as a
 * server of the older revisions does (method not found), `initialize`
 * with the version offered, and `tools/call` with the tool's name, except
 * for the tool `hold`, whose request it keeps unanswered. */
typedef struct
{
  McpTransport  parent_instance;
  gint64        held_id;
  guint         version_changes;
  gboolean      closed_by_client;
} LoopTransport;

typedef McpTransportClass LoopTransportClass;

static GType loop_transport_get_type (void);
G_DEFINE_TYPE (LoopTransport, loop_transport, MCP_TYPE_TRANSPORT)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LoopTransport, g_object_unref)

typedef struct
{
  McpTransport *transport;
  JsonNode     *message;
} Delivery;

static gboolean
deliver_cb (gpointer data)
{
  Delivery *delivery = data;

  if (!mcp_transport_is_closed (delivery->transport))
    mcp_transport_deliver_message (delivery->transport, delivery->message);
  g_object_unref (delivery->transport);
  json_node_unref (delivery->message);
  g_free (delivery);

  return G_SOURCE_REMOVE;
}

static void
answer_later (McpTransport *transport,
              gint64        id,
              const char   *result_json,
              const char   *error_json)
{
  Delivery *delivery = g_new0 (Delivery, 1);
  g_autofree char *text = NULL;

  text = g_strdup_printf ("{\"jsonrpc\": \"2.0\", \"id\": %" G_GINT64_FORMAT ", \"%s\": %s}",
                          id, result_json ? "result" : "error",
                          result_json ? result_json : error_json);
  delivery->transport = g_object_ref (transport);
  delivery->message = json_from_string (text, NULL);
  g_assert_nonnull (delivery->message);
  g_idle_add (deliver_cb, delivery);
}

static void
loop_transport_open (McpTransport *transport,
                     GCancellable *cancellable,
                     GTask        *task)
{
  g_task_return_boolean (task, TRUE);
}

static void
loop_transport_send (McpTransport *transport,
                     JsonNode     *message,
                     GCancellable *cancellable,
                     GTask        *task)
{
  LoopTransport *self = (LoopTransport *) transport;
  JsonObject *object = json_node_get_object (message);
  const char *method = json_object_get_string_member_with_default (object, "method", "");
  JsonObject *params = NULL;
  gint64 id;

  g_task_return_boolean (task, TRUE);

  if (json_object_has_member (object, "params"))
    params = json_object_get_object_member (object, "params");
  if (!json_object_has_member (object, "id"))
    return;
  id = json_object_get_int_member (object, "id");

  if (g_str_equal (method, "server/discover"))
    answer_later (transport, id, NULL, "{\"code\": -32601, \"message\": \"Method not found\"}");
  else if (g_str_equal (method, "initialize"))
    {
      g_autofree char *result = NULL;

      result = g_strdup_printf ("{\"protocolVersion\": \"%s\", \"capabilities\": {\"tools\": {}},"
                                " \"serverInfo\": {\"name\": \"loop\", \"version\": \"1\"}}",
                                json_object_get_string_member (params, "protocolVersion"));
      answer_later (transport, id, result, NULL);
    }
  else if (g_str_equal (method, "tools/call") &&
           g_str_equal (json_object_get_string_member (params, "name"), "hold"))
    self->held_id = id;
  else if (g_str_equal (method, "tools/call"))
    answer_later (transport, id, "{\"content\": [{\"type\": \"text\", \"text\": \"called\"}]}",
                  NULL);
  else
    answer_later (transport, id, "{}", NULL);
}

static void
loop_transport_close (McpTransport *transport,
                      GCancellable *cancellable,
                      GTask        *task)
{
  ((LoopTransport *) transport)->closed_by_client = TRUE;
  g_task_return_boolean (task, TRUE);
}

static void
loop_transport_protocol_version_changed (McpTransport *transport)
{
  ((LoopTransport *) transport)->version_changes++;
}

static void
loop_transport_class_init (LoopTransportClass *klass)
{
  klass->open = loop_transport_open;
  klass->send = loop_transport_send;
  klass->close = loop_transport_close;
  klass->protocol_version_changed = loop_transport_protocol_version_changed;
}

static void
loop_transport_init (LoopTransport *self)
{
  self->held_id = -1;
}

static void
count_cb (gpointer  instance,
          gpointer  arg,
          guint    *count)
{
  (*count)++;
}

static void
count_discarded_cb (McpTransport *transport,
                    const GError *error,
                    const char   *head,
                    const char   *tail,
                    guint        *count)
{
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_true (g_str_has_prefix (head, "{\"jsonrpc\""));
  g_assert_cmpstr (tail, ==, "\"}]}}");
  (*count)++;
}

static void
record_error_cb (McpClient    *client,
                 const GError *error,
                 GError      **slot)
{
  g_assert_null (*slot);
  *slot = error ? g_error_copy (error) : g_error_new_literal (G_IO_ERROR, 0, "no error");
}

static gboolean
held_cb (gpointer data)
{
  return ((LoopTransport *) data)->held_id >= 0;
}

static McpClient *
connect_client (LoopTransport *transport)
{
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GError) error = NULL;

  g_assert_true (mcp_test_connect (client, &error));
  g_assert_no_error (error);

  return g_steal_pointer (&client);
}

static void
test_protocol_version (void)
{
  g_autoptr(LoopTransport) transport = g_object_new (loop_transport_get_type (), NULL);
  g_autoptr(LoopTransport) spare = g_object_new (loop_transport_get_type (), NULL);
  g_autoptr(McpClient) client = NULL;
  guint notifies = 0;

  g_assert_null (mcp_transport_get_protocol_version (MCP_TRANSPORT (transport)));

  /* The client tells the transport what it negotiated. */
  client = connect_client (transport);
  g_assert_cmpstr (mcp_transport_get_protocol_version (MCP_TRANSPORT (transport)), ==,
                   mcp_client_get_protocol_version (client));
  g_assert_cmpstr (mcp_transport_get_protocol_version (MCP_TRANSPORT (transport)), ==,
                   "2025-11-25");
  g_assert_cmpuint (transport->version_changes, ==, 1);

  /* Setting it by hand notifies only when it changes. */
  g_signal_connect (spare, "notify::protocol-version", G_CALLBACK (count_cb), &notifies);
  mcp_transport_set_protocol_version (MCP_TRANSPORT (spare), "2025-06-18");
  g_assert_cmpstr (mcp_transport_get_protocol_version (MCP_TRANSPORT (spare)), ==, "2025-06-18");
  g_assert_cmpuint (notifies, ==, 1);
  g_assert_cmpuint (spare->version_changes, ==, 1);
  mcp_transport_set_protocol_version (MCP_TRANSPORT (spare), "2025-06-18");
  g_assert_cmpuint (notifies, ==, 1);
  g_assert_cmpuint (spare->version_changes, ==, 1);
  mcp_transport_set_protocol_version (MCP_TRANSPORT (spare), NULL);
  g_assert_null (mcp_transport_get_protocol_version (MCP_TRANSPORT (spare)));
  g_assert_cmpuint (notifies, ==, 2);
}

static void
test_discarded (void)
{
  g_autoptr(LoopTransport) transport = g_object_new (loop_transport_get_type (), NULL);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GAsyncResult) held = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) too_large = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *head = NULL;
  g_autofree char *text = NULL;
  guint discards = 0;

  client = connect_client (transport);
  g_signal_connect (transport, "message-discarded", G_CALLBACK (count_discarded_cb), &discards);

  mcp_client_call_tool_async (client, "hold", NULL, NULL, NULL, mcp_test_store_result_cb, &held);
  g_assert_true (mcp_test_wait_until (held_cb, transport, 5000));

  /* The answer to the held call was too large to keep: the subclass
   * reports its two ends, and the call it answered fails with the
   * subclass's error. */
  too_large = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                                   "The message was too large");
  head = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"content\":[",
                          transport->held_id);
  mcp_transport_deliver_discarded (MCP_TRANSPORT (transport), too_large, head, "\"}]}}");
  g_assert_cmpuint (discards, ==, 1);

  result = mcp_client_call_tool_finish (client, mcp_test_await_result (&held, "the held call"),
                                        &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_null (result);

  /* The connection goes on. */
  g_assert_false (mcp_transport_is_closed (MCP_TRANSPORT (transport)));
  text = mcp_test_call_tool_text (client, "echo", NULL);
  g_assert_cmpstr (text, ==, "called");
}

static void
test_closed (void)
{
  g_autoptr(LoopTransport) transport = g_object_new (loop_transport_get_type (), NULL);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GAsyncResult) held = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) gone = NULL;
  g_autoptr(GError) client_error = NULL;
  g_autoptr(GError) error = NULL;
  guint transport_closed = 0;

  client = connect_client (transport);
  g_signal_connect (transport, "closed", G_CALLBACK (count_cb), &transport_closed);
  g_signal_connect (client, "closed", G_CALLBACK (record_error_cb), &client_error);

  mcp_client_call_tool_async (client, "hold", NULL, NULL, NULL, mcp_test_store_result_cb, &held);
  g_assert_true (mcp_test_wait_until (held_cb, transport, 5000));

  /* The peer went away: the subclass says so, once; a second report is
   * ignored. */
  gone = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED, "The peer went away");
  mcp_transport_deliver_closed (MCP_TRANSPORT (transport), gone);
  mcp_transport_deliver_closed (MCP_TRANSPORT (transport), gone);
  g_assert_true (mcp_transport_is_closed (MCP_TRANSPORT (transport)));
  g_assert_cmpuint (transport_closed, ==, 1);

  result = mcp_client_call_tool_finish (client, mcp_test_await_result (&held, "the held call"),
                                        &error);
  g_assert_null (result);
  g_assert_nonnull (error);
  g_assert_true (error->domain == G_IO_ERROR);

  g_assert_error (client_error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  g_assert_cmpint (mcp_client_get_state (client), ==, MCP_CLIENT_STATE_CLOSED);
  /* The client did not close it: the peer did. */
  g_assert_false (transport->closed_by_client);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  g_test_add_func ("/Mcp/TransportSubclass/protocol-version", test_protocol_version);
  g_test_add_func ("/Mcp/TransportSubclass/discarded", test_discarded);
  g_test_add_func ("/Mcp/TransportSubclass/closed", test_closed);

  return g_test_run ();
}
