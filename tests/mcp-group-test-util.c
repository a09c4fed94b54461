/* mcp-group-test-util.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the test programs of McpClientGroup share: the program's set-up
 * (the servers' paths, a temporary directory for the configuration file,
 * removed at the end), a group for a configuration, connecting, closing,
 * waiting for a server's state, calling a tool through the group, and
 * waiting for a process to exit.
 */

#include <glib/gstdio.h>

#include "mcp-group-test-util.h"

char *tmp_dir;
char *demo_server;
char *test_server;
char *python_path;

void
group_test_init (int    *argc,
                 char ***argv)
{
  g_autoptr(GError) error = NULL;

  g_test_init (argc, argv, NULL);
  mcp_test_init ();

  tmp_dir = g_dir_make_tmp ("mcp-test-client-group-XXXXXX", &error);
  g_assert_no_error (error);

  demo_server = g_strdup (g_getenv ("MCP_DEMO_SERVER"));
  if (demo_server == NULL)
    demo_server = g_test_build_filename (G_TEST_BUILT, "..", "examples", "mcp-glib-demo-server", NULL);
  test_server = g_test_build_filename (G_TEST_BUILT, "mcp-test-server", NULL);
  python_path = mcp_test_find_python ();
}

int
group_test_run (void)
{
  g_autoptr(GFile) file = NULL;
  int ret;

  ret = g_test_run ();

  file = config_file ();
  g_file_delete (file, NULL, NULL);
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_free (demo_server);
  g_free (test_server);
  g_free (python_path);

  return ret;
}

GFile *
config_file (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "mcp.json", NULL);

  return g_file_new_for_path (path);
}

/* Writes a configuration file; in @text, DEMO and TEST stand for the
 * servers' paths. */
void
write_config (GFile      *file,
              const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) contents = g_string_new (text);

  g_string_replace (contents, "DEMO", demo_server, 0);
  g_string_replace (contents, "TEST", test_server, 0);
  g_file_replace_contents (file, contents->str, contents->len, NULL, FALSE, G_FILE_CREATE_NONE,
                           NULL, NULL, &error);
  g_assert_no_error (error);
}

McpServerRegistry *
registry_with (const char *text)
{
  g_autoptr(GFile) file = config_file ();
  McpServerRegistry *registry = mcp_server_registry_new_empty ();

  write_config (file, text);
  mcp_server_registry_add_file (registry, file);

  return registry;
}

McpClientGroup *
group_for (McpServerRegistry *registry)
{
  McpClientGroup *group = mcp_client_group_new_for_registry (registry);

  mcp_client_group_set_reconnect_delay (group, 50);
  mcp_client_group_set_max_reconnect_delay (group, 400);
  return group;
}

void
connect_group (McpClientGroup *group)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_group_connect_async (group, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_client_group_connect_finish (group,
                                                  mcp_test_await_result (&result, "the group"),
                                                  &error));
  g_assert_no_error (error);
}

void
close_group (McpClientGroup *group)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_group_close_async (group, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_client_group_close_finish (group,
                                                mcp_test_await_result (&result, "the close"),
                                                &error));
  g_assert_no_error (error);
}

McpGroupServer *
server_named (McpClientGroup *group,
              const char     *name)
{
  McpGroupServer *server = mcp_client_group_lookup_server (group, name);

  g_assert_nonnull (server);
  return server;
}

typedef struct
{
  McpGroupServer      *server;
  McpGroupServerState  state;
} StateWait;

static gboolean
has_state (gpointer data)
{
  StateWait *wait = data;

  return mcp_group_server_get_state (wait->server) == wait->state;
}

void
wait_for_state (McpGroupServer      *server,
                McpGroupServerState  state)
{
  StateWait wait = { server, state };

  if (!mcp_test_wait_until (has_state, &wait, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000))
    g_error ("%s is in state %d, not %d", mcp_group_server_get_name (server),
             mcp_group_server_get_state (server), state);
}

guint
n_demo_tools (void)
{
  return 4;
}

McpToolResult *
call_tool (McpClientGroup  *group,
           const char      *name,
           const char      *arguments_json,
           GError         **error)
{
  g_autoptr(JsonObject) arguments = mcp_test_parse_object (arguments_json);
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_group_call_tool_async (group, name, arguments, NULL, NULL,
                                    mcp_test_store_result_cb, &result);
  return mcp_client_group_call_tool_finish (group, mcp_test_await_result (&result, name), error);
}

char *
call_tool_text (McpClientGroup *group,
                const char     *name,
                const char     *arguments_json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = call_tool (group, name, arguments_json, &error);

  g_assert_no_error (error);
  g_assert_false (mcp_tool_result_get_is_error (result));
  return mcp_tool_result_dup_text (result);
}

gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static void
process_exited_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  *(gboolean *) user_data = TRUE;
}

void
wait_for_exit (GSubprocess *process)
{
  gboolean exited = FALSE;

  g_subprocess_wait_async (process, NULL, process_exited_cb, &exited);
  if (!mcp_test_wait_until (is_true, &exited, MCP_TEST_SAFETY_TIMEOUT_SECONDS * 1000))
    g_error ("The server did not exit");
}
