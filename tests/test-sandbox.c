/* test-sandbox.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpSandbox on McpStdioTransport, against a hostile server
 * (mcp-sandbox-hostile-server.c) that tries each escape: secrets outside
 * the allowed paths and under an allowed parent, writes outside the roots
 * (directly, through a link in a root, and a link made at run time), a
 * loopback TCP listener, domains through the proxy, a private session bus,
 * the application's process (signal, ptrace, /proc/PID/environ) and the
 * terminal (TIOCSTI: the test runs with a pseudo-terminal as its
 * controlling terminal). Each attempt must fail while the allowed
 * operations work; the same attempts without a sandbox succeed, which
 * shows that the test can fail. Also: failing closed, what the error of a
 * server that died of the sandbox says, no process left behind.
 *
 * HOME is a directory of the test's own, with a fake ~/.ssh.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gio/gio.h>

#include "mcp-test-util.h"

static char *tmp_dir;
static char *home;
static char *project;
static char *outside;
static char *hostile;
static char *bus_address;
static GSubprocess *bus_daemon;
static GSocketService *listener;
static guint16 listener_port;

static char *
path_in (const char *dir,
         const char *name)
{
  return g_build_filename (dir, name, NULL);
}

static void
write_file (const char *dir,
            const char *name,
            const char *contents)
{
  g_autofree char *path = path_in (dir, name);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static McpClient *
connect_hostile (McpSandbox  *sandbox,
                 const char  *die_action,
                 const char  *die_target,
                 GError     **error)
{
  g_autoptr(McpStdioTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(McpRoot) root = NULL;
  g_autofree char *root_uri = g_filename_to_uri (project, NULL, NULL);
  const char *argv[] = { hostile, "--die", die_action, die_target, "443", NULL };

  if (die_action == NULL)
    argv[1] = NULL;

  transport = mcp_stdio_transport_new (argv);
  mcp_stdio_transport_set_sandbox (transport, sandbox);
  g_assert_true (mcp_stdio_transport_get_sandbox (transport) == sandbox);
  client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_features (client, mcp_client_get_features (client) | MCP_CLIENT_FEATURES_ROOTS);
  root = mcp_root_new (root_uri, "project");
  mcp_client_add_root (client, root);
  g_assert_cmpuint (g_list_model_get_n_items (mcp_client_get_roots (client)), ==, 1);

  if (!mcp_test_connect (client, error))
    return NULL;
  return g_steal_pointer (&client);
}

static void
close_client (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the hostile server to stop");
  g_assert_true (mcp_client_close_finish (client, result, NULL));
}

/* The answer of the server to one attempt. */
static char *
attempt (McpClient  *client,
         const char *action,
         const char *target,
         const char *port)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *arguments = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "action");
  json_builder_add_string_value (builder, action);
  json_builder_set_member_name (builder, "target");
  json_builder_add_string_value (builder, target != NULL ? target : "");
  json_builder_set_member_name (builder, "port");
  json_builder_add_string_value (builder, port != NULL ? port : "");
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  arguments = json_to_string (root, FALSE);

  return mcp_test_call_tool_text (client, "try", arguments);
}

#define assert_attempt(client, action, target, port, prefix) \
  G_STMT_START { \
    g_autofree char *_answer = attempt (client, action, target, port); \
    g_test_message ("%s %s: %s", action, target != NULL ? (const char *) target : "", _answer); \
    if (!g_str_has_prefix (_answer, prefix)) \
      g_error ("%s %s %s: expected “%s…”, got “%s”", action, \
               target != NULL ? (const char *) target : "", port != NULL ? port : "", \
               prefix, _answer); \
  } G_STMT_END

static char *
pid_text (void)
{
  return g_strdup_printf ("%d", (int) getpid ());
}

static char *
port_text (void)
{
  return g_strdup_printf ("%u", listener_port);
}

static gboolean
tiocsti_possible (void)
{
  g_autofree char *legacy = NULL;

  /* Linux 6.2 may turn TIOCSTI off for everyone. */
  if (g_file_get_contents ("/proc/sys/dev/tty/legacy_tiocsti", &legacy, NULL, NULL) &&
      legacy[0] == '0')
    return FALSE;
  return isatty (STDIN_FILENO) || open ("/dev/tty", O_RDWR | O_NOCTTY) >= 0;
}

/* The attempts succeed without a sandbox: the test can fail. */
static void
test_without_sandbox (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpClient) client = connect_hostile (NULL, NULL, NULL, &error);
  g_autofree char *secret = path_in (home, "secret.txt");
  g_autofree char *key = g_build_filename (home, ".ssh", "id_rsa", NULL);
  g_autofree char *pid = pid_text ();
  g_autofree char *port = port_text ();

  g_assert_no_error (error);
  assert_attempt (client, "read", secret, NULL, "ok: top secret");
  assert_attempt (client, "read", key, NULL, "ok: PRIVATE KEY");
  assert_attempt (client, "tcp", "127.0.0.1", port, "ok: pong");
  assert_attempt (client, "bus", bus_address, NULL, "ok: connected");
  assert_attempt (client, "signal", pid, NULL, "ok:");
  assert_attempt (client, "environ", pid, NULL, "ok:");
  if (tiocsti_possible ())
    assert_attempt (client, "tiocsti", NULL, NULL, "ok:");
  close_client (client);
}

static void
test_escapes (void)
{
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autofree char *secret = path_in (home, "secret.txt");
  g_autofree char *key = g_build_filename (home, ".ssh", "id_rsa", NULL);
  g_autofree char *in_project = path_in (project, "file.txt");
  g_autofree char *new_in_project = path_in (project, "new.txt");
  g_autofree char *in_outside = path_in (outside, "visible.txt");
  g_autofree char *new_outside = path_in (outside, "pwned.txt");
  g_autofree char *through_link = g_build_filename (project, "escape", "pwned.txt", NULL);
  g_autofree char *runtime_link = path_in (project, "runtime-link");
  g_autofree char *tmp_file = g_build_filename (g_get_tmp_dir (), "mcp-sandbox-private", NULL);
  g_autofree char *pid = pid_text ();
  g_autofree char *port = port_text ();
  g_autofree char *contents = NULL;

  mcp_sandbox_add_read_path (sandbox, outside);
  g_assert_cmpstr (mcp_sandbox_get_read_paths (sandbox)[0], ==, outside);
  client = connect_hostile (sandbox, NULL, NULL, &error);
  g_assert_no_error (error);

  /* Reading: the home directory is hidden, the allowed paths are not. */
  assert_attempt (client, "read", secret, NULL, "error:");
  assert_attempt (client, "read", key, NULL, "error:");
  assert_attempt (client, "read", in_project, NULL, "ok: in the project");
  assert_attempt (client, "read", in_outside, NULL, "ok: outside");
  assert_attempt (client, "read", "/etc/hostname", NULL, "ok:");

  /* Writing: the root only, not through links, and a private /tmp. */
  assert_attempt (client, "write", new_in_project, NULL, "ok:");
  g_assert_true (g_file_get_contents (new_in_project, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "pwned\n");
  assert_attempt (client, "write", new_outside, NULL, "error:");
  assert_attempt (client, "write", through_link, NULL, "error:");
  assert_attempt (client, "write", "/etc/mcp-sandbox-pwned", NULL, "error:");
  assert_attempt (client, "write", "/usr/mcp-sandbox-pwned", NULL, "error:");
  assert_attempt (client, "symlink", runtime_link, secret, "ok:");
  assert_attempt (client, "read", runtime_link, NULL, "error:");
  assert_attempt (client, "write", tmp_file, NULL, "ok:");
  g_assert_false (g_file_test (new_outside, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (tmp_file, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test ("/etc/mcp-sandbox-pwned", G_FILE_TEST_EXISTS));

  /* The network, the desktop, the application, the terminal. */
  assert_attempt (client, "tcp", "127.0.0.1", port, "error:");
  assert_attempt (client, "proxy", "localhost", port, "error: no proxy");
  assert_attempt (client, "bus", bus_address, NULL, "error:");
  assert_attempt (client, "signal", pid, NULL, "error:");
  assert_attempt (client, "ptrace", pid, NULL, "error:");
  assert_attempt (client, "environ", pid, NULL, "error:");
  assert_attempt (client, "signal", "1", NULL, "ok:");
  assert_attempt (client, "tiocsti", NULL, NULL, "error:");

  close_client (client);
}

/* A secret under an allowed parent stays hidden. */
static void
test_denied_under_allowed (void)
{
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autofree char *secret = path_in (home, "secret.txt");
  g_autofree char *key = g_build_filename (home, ".ssh", "id_rsa", NULL);
  g_autofree char *aws = g_build_filename (home, ".aws", "credentials", NULL);
  g_autofree char *mine = path_in (home, "mine.txt");
  g_autofree char *notes = path_in (project, "notes.txt");

  mcp_sandbox_add_read_path (sandbox, "~");
  mcp_sandbox_add_denied_path (sandbox, mine);
  mcp_sandbox_add_read_only_path (sandbox, notes);
  g_assert_cmpstr (mcp_sandbox_get_denied_paths (sandbox)[0], ==, mine);
  g_assert_cmpstr (mcp_sandbox_get_read_only_paths (sandbox)[0], ==, notes);
  client = connect_hostile (sandbox, NULL, NULL, &error);
  g_assert_no_error (error);

  assert_attempt (client, "read", secret, NULL, "ok: top secret");
  assert_attempt (client, "read", key, NULL, "error:");
  assert_attempt (client, "read", aws, NULL, "error:");
  assert_attempt (client, "read", mine, NULL, "error:");
  assert_attempt (client, "write", secret, NULL, "error:");
  assert_attempt (client, "read", notes, NULL, "ok: notes");
  assert_attempt (client, "write", notes, NULL, "error:");

  close_client (client);
}

static void
test_proxy (void)
{
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(McpSandbox) wide = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autofree char *port = port_text ();

  mcp_sandbox_add_allowed_domain (sandbox, "localhost");
  mcp_sandbox_add_allowed_domain (sandbox, "*.example.test");
  mcp_sandbox_add_denied_domain (sandbox, "bad.example.test");
  g_assert_cmpstr (mcp_sandbox_get_allowed_domains (sandbox)[1], ==, "*.example.test");
  g_assert_cmpstr (mcp_sandbox_get_denied_domains (sandbox)[0], ==, "bad.example.test");

  client = connect_hostile (sandbox, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_attempt (client, "proxy", "localhost", port, "ok: pong");
  assert_attempt (client, "proxy", "LOCALHOST.", port, "ok: pong");
  assert_attempt (client, "proxy", "127.0.0.1", port, "error: HTTP/1.1 403");
  assert_attempt (client, "proxy", "bad.example.test", "443", "error: HTTP/1.1 403");
  assert_attempt (client, "proxy", "other.invalid", "443", "error: HTTP/1.1 403");
  assert_attempt (client, "proxy", "localhost@evil.invalid", port, "error: HTTP/1.1 4");
  assert_attempt (client, "tcp", "127.0.0.1", port, "error:");
  close_client (client);
  g_clear_object (&client);

  /* Any domain, but no local address unless named, and denied wins. */
  wide = mcp_sandbox_copy (sandbox);
  g_object_set (wide, "allowed-domains", (const char * const[]) { "*", NULL }, NULL);
  mcp_sandbox_add_denied_domain (wide, "localhost");
  client = connect_hostile (wide, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_attempt (client, "proxy", "localhost", port, "error: HTTP/1.1 403");
  assert_attempt (client, "proxy", "127.0.0.1", port, "error: HTTP/1.1 403");
  assert_attempt (client, "proxy", "::ffff:127.0.0.1", port, "error: HTTP/1.1 4");
  assert_attempt (client, "proxy", "0.0.0.0", port, "error: HTTP/1.1 403");
  /* GLib takes ":" for an IPv6 address; no resolver or socket does. */
  assert_attempt (client, "proxy", "[:]", "443", "error: HTTP/1.1 403");
  close_client (client);
}

/* No bwrap, no server; and a policy that would show a secret is refused. */
static void
test_fails_closed (void)
{
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autofree char *ssh = g_build_filename (home, ".ssh", NULL);

  mcp_sandbox_set_bwrap (sandbox, "/nonexistent/bwrap");
  g_assert_cmpstr (mcp_sandbox_get_bwrap (sandbox), ==, "/nonexistent/bwrap");
  client = connect_hostile (sandbox, NULL, NULL, &error);
  g_assert_null (client);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "bubblewrap"));
  g_clear_error (&error);

  /* The setting. */
  mcp_sandbox_set_bwrap (sandbox, NULL);
  g_setenv ("MCP_GLIB_BWRAP", "/nonexistent/bwrap-too", TRUE);
  client = connect_hostile (sandbox, NULL, NULL, &error);
  g_unsetenv ("MCP_GLIB_BWRAP");
  g_assert_null (client);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "bwrap-too"));
  g_clear_error (&error);

  /* An allowed path that leads to a secret. */
  mcp_sandbox_add_read_path (sandbox, ssh);
  client = connect_hostile (sandbox, NULL, NULL, &error);
  g_assert_null (client);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);
}

/* The error of a server that died of the sandbox names what it was
 * denied. */
static void
test_denials_named (void)
{
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autofree char *secret = path_in (home, "secret.txt");

  client = connect_hostile (sandbox, "read", secret, &error);
  g_assert_null (client);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "The sandbox hid these paths from it"));
  g_assert_nonnull (strstr (error->message, secret));
  g_clear_error (&error);

  mcp_sandbox_add_allowed_domain (sandbox, "registry.example.test");
  client = connect_hostile (sandbox, "proxy", "evil.example.test", &error);
  g_assert_null (client);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "refused to connect it to: evil.example.test:443"));
}

/* The policy object's own API. */
static void
test_policy (void)
{
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(McpSandbox) copy = NULL;
  g_auto(GStrv) domains = NULL;
  gboolean roots_writable;

  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (sandbox, mcp_sandbox_get_type ()));
  g_assert_true (mcp_sandbox_get_roots_writable (sandbox));
  g_assert_false (mcp_sandbox_get_allow_session_bus (sandbox));
  g_assert_false (mcp_sandbox_get_allow_display (sandbox));
  g_assert_null (mcp_sandbox_get_write_paths (sandbox)[0]);

  mcp_sandbox_add_write_path (sandbox, "~/work");
  mcp_sandbox_add_write_path (sandbox, "~/work");
  mcp_sandbox_add_allowed_domain (sandbox, "example.org");
  mcp_sandbox_set_roots_writable (sandbox, FALSE);
  mcp_sandbox_set_allow_session_bus (sandbox, TRUE);
  mcp_sandbox_set_allow_display (sandbox, TRUE);
  g_assert_cmpuint (g_strv_length ((char **) mcp_sandbox_get_write_paths (sandbox)), ==, 1);

  copy = mcp_sandbox_copy (sandbox);
  g_assert_cmpstr (mcp_sandbox_get_write_paths (copy)[0], ==, "~/work");
  g_assert_false (mcp_sandbox_get_roots_writable (copy));
  g_assert_true (mcp_sandbox_get_allow_session_bus (copy));
  g_assert_true (mcp_sandbox_get_allow_display (copy));
  g_object_get (copy, "allowed-domains", &domains, "roots-writable", &roots_writable, NULL);
  g_assert_cmpstr (domains[0], ==, "example.org");
  g_assert_false (roots_writable);
}

/* Named writable paths, roots that are not writable, the bus granted. */
static void
test_write_paths_and_grants (void)
{
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(McpStdioTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *new_outside = path_in (outside, "allowed.txt");
  g_autofree char *in_project = path_in (project, "not-allowed.txt");
  g_autofree char *project_uri = g_filename_to_uri (project, NULL, NULL);
  g_autofree char *outside_uri = g_filename_to_uri (outside, NULL, NULL);
  const char *argv[] = { hostile, NULL };

  mcp_sandbox_add_write_path (sandbox, outside);
  mcp_sandbox_set_allow_session_bus (sandbox, TRUE);

  /* Roots told by hand; a URI that is no file is ignored. */
  transport = mcp_stdio_transport_new (argv);
  mcp_stdio_transport_set_sandbox (transport, sandbox);
  mcp_stdio_transport_set_root_uris (transport, (const char * const[]) { project_uri,
                                                                         "https://example.org/",
                                                                         NULL });
  client = mcp_client_new (MCP_TRANSPORT (transport));
  g_assert_true (mcp_test_connect (client, &error));
  g_assert_no_error (error);
  assert_attempt (client, "write", new_outside, NULL, "ok:");
  assert_attempt (client, "write", in_project, NULL, "ok:");
  assert_attempt (client, "bus", bus_address, NULL, "ok: connected");
  close_client (client);
  g_clear_object (&client);
  g_clear_object (&transport);

  /* Roots not writable: the project stays hidden. */
  g_unlink (in_project);
  mcp_sandbox_set_roots_writable (sandbox, FALSE);
  mcp_sandbox_set_allow_session_bus (sandbox, FALSE);
  transport = mcp_stdio_transport_new (argv);
  mcp_stdio_transport_set_sandbox (transport, sandbox);
  mcp_stdio_transport_set_root_uris (transport, (const char * const[]) { project_uri, NULL });
  client = mcp_client_new (MCP_TRANSPORT (transport));
  g_assert_true (mcp_test_connect (client, &error));
  assert_attempt (client, "write", in_project, NULL, "error:");
  assert_attempt (client, "write", new_outside, NULL, "ok:");
  assert_attempt (client, "bus", bus_address, NULL, "error:");
  close_client (client);
  g_assert_false (g_file_test (in_project, G_FILE_TEST_EXISTS));
}

static char *
group_attempt (McpClientGroup *group,
               const char     *action,
               const char     *target,
               const char     *port)
{
  g_autofree char *arguments = g_strdup_printf ("{\"action\": \"%s\", \"target\": \"%s\", "
                                                "\"port\": \"%s\"}",
                                                action, target, port != NULL ? port : "");
  g_autoptr(JsonObject) object = mcp_test_parse_object (arguments);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_group_call_tool_async (group, "try", object, NULL, NULL, mcp_test_store_result_cb,
                                    &result);
  tool_result = mcp_client_group_call_tool_finish (group,
                                                   mcp_test_await_result (&result, action),
                                                   &error);
  g_assert_no_error (error);
  return mcp_tool_result_dup_text (tool_result);
}

#define assert_group_attempt(group, action, target, port, prefix) \
  G_STMT_START { \
    g_autofree char *_answer = group_attempt (group, action, target, port); \
    g_test_message ("%s %s: %s", action, target, _answer); \
    if (!g_str_has_prefix (_answer, prefix)) \
      g_error ("%s %s: expected “%s…”, got “%s”", action, target, prefix, _answer); \
  } G_STMT_END

/* VS Code's keys in mcp.json, in both dialects, through the registry
 * (read and saved) and applied by a group with roots of its own. */
static void
test_config_keys (void)
{
  g_autofree char *vscode = path_in (tmp_dir, "mcp.json");
  g_autofree char *claude = path_in (tmp_dir, "claude.json");
  g_autofree char *denied = path_in (project, "file.txt");
  g_autofree char *new_outside = path_in (outside, "from-group.txt");
  g_autofree char *new_in_project = path_in (project, "from-group.txt");
  g_autofree char *project_uri = g_filename_to_uri (project, NULL, NULL);
  g_autofree char *entry = NULL;
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *port = port_text ();
  g_autoptr(GFile) vscode_file = NULL;
  g_autoptr(GFile) claude_file = NULL;
  g_autoptr(McpServerRegistry) registry = mcp_server_registry_new_empty ();
  g_autoptr(McpClientGroup) group = NULL;
  g_autoptr(McpSandbox) sandbox = NULL;
  g_autoptr(McpRoot) root = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(McpTransport) transport = NULL;
  McpServerConfig *config;

  entry = g_strdup_printf ("{\"type\": \"stdio\", \"command\": \"%s\", "
                           "\"sandboxEnabled\": true, \"sandbox\": {"
                           "\"filesystem\": {\"allowWrite\": [\"%s\"], \"denyRead\": [\"%s\"]}, "
                           "\"network\": {\"allowedDomains\": [\"localhost\"], "
                           "\"deniedDomains\": [\"bad.example.test\"]}}}",
                           hostile, outside, denied);
  text = g_strdup_printf ("{\"servers\": {\"hostile\": %s}}", entry);
  g_assert_true (g_file_set_contents (vscode, text, -1, NULL));
  g_free (text);
  text = g_strdup_printf ("{\"mcpServers\": {\"other\": %s, \"plain\": {\"command\": \"%s\"},"
                          " \"broken\": {\"command\": \"%s\", \"sandboxEnabled\": true, "
                          "\"sandbox\": {\"network\": {\"allowedDomains\": \"x\"}}}}}",
                          entry, hostile, hostile);
  g_assert_true (g_file_set_contents (claude, text, -1, NULL));

  vscode_file = g_file_new_for_path (vscode);
  claude_file = g_file_new_for_path (claude);
  mcp_server_registry_add_file (registry, vscode_file);
  mcp_server_registry_add_file (registry, claude_file);

  /* Read in both dialects. */
  for (const char * const *name = (const char * const[]) { "hostile", "other", NULL };
       *name != NULL; name++)
    {
      g_autoptr(McpSandbox) policy = NULL;

      config = mcp_server_registry_lookup (registry, *name);
      g_assert_nonnull (config);
      g_assert_true (mcp_server_config_get_sandbox_enabled (config));
      policy = mcp_server_config_dup_sandbox (config, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (mcp_sandbox_get_write_paths (policy)[0], ==, outside);
      g_assert_cmpstr (mcp_sandbox_get_denied_paths (policy)[0], ==, denied);
      g_assert_cmpstr (mcp_sandbox_get_allowed_domains (policy)[0], ==, "localhost");
      g_assert_cmpstr (mcp_sandbox_get_denied_domains (policy)[0], ==, "bad.example.test");
    }
  config = mcp_server_registry_lookup (registry, "plain");
  g_assert_false (mcp_server_config_get_sandbox_enabled (config));
  g_assert_null (mcp_server_config_dup_sandbox (config, &error));
  g_assert_no_error (error);

  /* A malformed policy: no transport, rather than none of it. */
  config = mcp_server_registry_lookup (registry, "broken");
  transport = mcp_server_config_create_transport (config, &error);
  g_assert_null (transport);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  /* Written back, and saved. */
  config = mcp_server_registry_lookup (registry, "plain");
  sandbox = mcp_sandbox_new ();
  mcp_sandbox_add_allowed_domain (sandbox, "registry.npmjs.org");
  mcp_sandbox_add_read_only_path (sandbox, "~/notes");
  mcp_server_config_set_sandbox (config, sandbox);
  g_assert_true (mcp_server_config_get_sandbox_enabled (config));
  mcp_server_registry_save_async (registry, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_server_registry_save_finish (registry,
                                                  mcp_test_await_result (&result, "the save"),
                                                  &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_true (g_file_get_contents (claude, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "\"sandboxEnabled\": true"));
  g_assert_nonnull (strstr (saved, "allowedDomains"));
  g_assert_nonnull (strstr (saved, "registry.npmjs.org"));
  g_assert_nonnull (strstr (saved, "denyWrite"));
  mcp_server_config_set_sandbox (config, NULL);
  g_assert_false (mcp_server_config_get_sandbox_enabled (config));
  g_object_unref (g_steal_pointer (&sandbox));
  sandbox = mcp_server_config_dup_sandbox (mcp_server_registry_lookup (registry, "other"), NULL);
  g_assert_nonnull (sandbox);

  /* The group applies it, with its own roots. */
  mcp_server_registry_remove_file (registry, claude_file);
  group = mcp_client_group_new_for_registry (registry);
  mcp_client_group_set_features (group, MCP_CLIENT_FEATURES_ROOTS);
  root = mcp_root_new (project_uri, "project");
  mcp_client_group_add_root (group, root);
  g_assert_cmpuint (g_list_model_get_n_items (mcp_client_group_get_roots (group)), ==, 1);
  mcp_client_group_connect_async (group, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_client_group_connect_finish (group,
                                                  mcp_test_await_result (&result, "the group"),
                                                  &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  assert_group_attempt (group, "write", new_outside, NULL, "ok:");
  assert_group_attempt (group, "write", new_in_project, NULL, "ok:");
  assert_group_attempt (group, "read", denied, NULL, "error:");
  assert_group_attempt (group, "proxy", "localhost", port, "ok: pong");
  assert_group_attempt (group, "proxy", "bad.example.test", "443", "error: HTTP/1.1 403");
  assert_group_attempt (group, "tcp", "127.0.0.1", port, "error:");

  g_assert_true (mcp_client_group_remove_root (group, project_uri));
  g_assert_false (mcp_client_group_remove_root (group, project_uri));
  g_assert_cmpuint (g_list_model_get_n_items (mcp_client_group_get_roots (group)), ==, 0);

  mcp_client_group_close_async (group, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_client_group_close_finish (group,
                                                mcp_test_await_result (&result, "the close"),
                                                &error));
  g_assert_no_error (error);
}

/* A real npm server, @modelcontextprotocol/server-filesystem (pinned in
 * tests/package.json), told it may use the whole home directory, in a
 * sandbox whose one root is the project. */
static void
test_server_filesystem (void)
{
  g_autofree char *node = g_find_program_in_path ("node");
  g_autofree char *modules = g_test_build_filename (G_TEST_DIST, "node_modules", NULL);
  g_autofree char *server = g_test_build_filename (G_TEST_DIST, "node_modules", "@modelcontextprotocol",
                                                   "server-filesystem", "dist", "index.js",
                                                   NULL);
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(McpStdioTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(McpToolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *project_uri = g_filename_to_uri (project, NULL, NULL);
  g_autofree char *written = path_in (project, "from-npm.txt");
  g_autofree char *secret = path_in (home, "secret.txt");
  g_autofree char *outside_home = path_in (home, "from-npm.txt");
  g_autofree char *arguments = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *text = NULL;
  const char *argv[] = { node, server, home, NULL };

  if (node == NULL || !g_file_test (server, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("server-filesystem is not installed (npm ci in tests/)");
      return;
    }

  /* The server's own files, wherever the tree is: under /tmp or a home
   * directory the sandbox would hide them. */
  mcp_sandbox_add_read_path (sandbox, modules);
  transport = mcp_stdio_transport_new (argv);
  mcp_stdio_transport_set_sandbox (transport, sandbox);
  mcp_stdio_transport_set_root_uris (transport, (const char * const[]) { project_uri, NULL });
  client = mcp_client_new (MCP_TRANSPORT (transport));
  g_assert_true (mcp_test_connect (client, &error));
  g_assert_no_error (error);

  arguments = g_strdup_printf ("{\"path\": \"%s\", \"content\": \"from npm\"}", written);
  g_free (mcp_test_call_tool_text (client, "write_file", arguments));
  g_assert_true (g_file_get_contents (written, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "from npm");

  /* The server would, the sandbox does not. */
  g_free (arguments);
  arguments = g_strdup_printf ("{\"path\": \"%s\"}", secret);
  result = mcp_test_call_tool (client, "read_text_file", arguments, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (mcp_tool_result_get_is_error (result));
  text = mcp_tool_result_dup_text (result);
  g_test_message ("read_text_file %s: %s", secret, text);
  g_assert_null (strstr (text, "top secret"));
  g_clear_object (&result);
  g_free (arguments);
  arguments = g_strdup_printf ("{\"path\": \"%s\", \"content\": \"x\"}", outside_home);
  /* The hidden home is an empty scratch space of the sandbox's own. */
  result = mcp_test_call_tool (client, "write_file", arguments, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (outside_home, G_FILE_TEST_EXISTS));

  close_client (client);
}

/* Nothing of a sandboxed server outlives its close. */
static void
test_nothing_survives (void)
{
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(McpClient) client = NULL;
  GSubprocess *subprocess;
  McpTransport *transport;
  g_autofree char *proc_dir = NULL;
  GPid pid;

  mcp_sandbox_add_allowed_domain (sandbox, "localhost");
  client = connect_hostile (sandbox, NULL, NULL, &error);
  g_assert_no_error (error);
  transport = mcp_client_get_transport (client);
  subprocess = mcp_stdio_transport_get_subprocess (MCP_STDIO_TRANSPORT (transport));
  pid = atoi (g_subprocess_get_identifier (subprocess));
  proc_dir = g_strdup_printf ("/proc/%d", (int) pid);
  g_assert_true (g_file_test (proc_dir, G_FILE_TEST_IS_DIR));

  close_client (client);
  g_assert_false (g_file_test (proc_dir, G_FILE_TEST_IS_DIR));
}

static gboolean
incoming_cb (GSocketService    *service,
             GSocketConnection *connection,
             GObject           *source,
             gpointer           user_data)
{
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  char buffer[5];

  /* Tiny and local: blocking is fine. */
  if (g_input_stream_read_all (in, buffer, sizeof buffer, NULL, NULL, NULL))
    g_output_stream_write_all (out, "pong\n", 5, NULL, NULL, NULL);
  return TRUE;
}

static void
start_listener (void)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) effective = NULL;
  g_autoptr(GError) error = NULL;

  listener = g_threaded_socket_service_new (4);
  g_socket_listener_add_address (G_SOCKET_LISTENER (listener), address, G_SOCKET_TYPE_STREAM,
                                 G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error);
  g_assert_no_error (error);
  listener_port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_signal_connect (listener, "run", G_CALLBACK (incoming_cb), NULL);
  g_socket_service_start (listener);
}

/* The bus dies with the test, even one that fails. */
static void
die_with_test (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* A private session bus: never the user's. */
static void
start_bus (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autofree char *runtime_dir = path_in (tmp_dir, "run");
  g_autofree char *listen = g_strdup_printf ("unix:path=%s/bus", runtime_dir);

  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);

  g_subprocess_launcher_set_child_setup (launcher, die_with_test, NULL, NULL);
  bus_daemon = g_subprocess_launcher_spawn (launcher, &error, "dbus-daemon", "--session",
                                            "--nofork", "--print-address", "--address", listen,
                                            NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (bus_daemon));
  bus_address = g_data_input_stream_read_line (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bus_address);
}

static void
make_home (void)
{
  g_autofree char *ssh = NULL;
  g_autofree char *aws = NULL;
  g_autofree char *link = NULL;
  g_autofree char *run = NULL;

  home = path_in (tmp_dir, "home");
  project = path_in (home, "project");
  outside = path_in (tmp_dir, "outside");
  ssh = path_in (home, ".ssh");
  aws = path_in (home, ".aws");
  g_assert_no_errno (g_mkdir_with_parents (project, 0700));
  g_assert_no_errno (g_mkdir_with_parents (outside, 0700));
  g_assert_no_errno (g_mkdir_with_parents (ssh, 0700));
  g_assert_no_errno (g_mkdir_with_parents (aws, 0700));
  write_file (home, "secret.txt", "top secret\n");
  write_file (home, "mine.txt", "mine\n");
  write_file (ssh, "id_rsa", "PRIVATE KEY\n");
  write_file (aws, "credentials", "aws key\n");
  write_file (project, "file.txt", "in the project\n");
  write_file (project, "notes.txt", "notes\n");
  write_file (outside, "visible.txt", "outside\n");
  link = path_in (project, "escape");
  g_assert_no_errno (symlink (outside, link));

  /* Before anything asks GLib for them. */
  g_setenv ("HOME", home, TRUE);
  run = path_in (tmp_dir, "run");
  g_assert_no_errno (g_mkdir_with_parents (run, 0700));
  g_setenv ("XDG_RUNTIME_DIR", run, TRUE);
}

/* Runs the tests with a pseudo-terminal as the controlling terminal, in a
 * session of their own, so that a server could try TIOCSTI on it. */
static int
run_under_pty (int    argc,
               char **argv)
{
  int master = posix_openpt (O_RDWR | O_NOCTTY | O_CLOEXEC);
  int status;
  pid_t child;

  if (master < 0 || grantpt (master) != 0 || unlockpt (master) != 0)
    return -1;

  child = fork ();
  if (child == 0)
    {
      int slave;

      prctl (PR_SET_PDEATHSIG, SIGKILL);
      setsid ();
      slave = open (ptsname (master), O_RDWR);
      if (slave < 0 || ioctl (slave, TIOCSCTTY, 0) != 0)
        _exit (99);
      close (master);
      dup2 (slave, STDIN_FILENO);
      close (slave);
      return 0;
    }

  /* Whatever the terminal receives is drained; nothing should come. */
  while (waitpid (child, &status, WNOHANG) == 0)
    {
      char buffer[256];
      int flags = fcntl (master, F_GETFL);

      fcntl (master, F_SETFL, flags | O_NONBLOCK);
      while (read (master, buffer, sizeof buffer) > 0)
        ;
      g_usleep (20000);
    }
  exit (WIFEXITED (status) ? WEXITSTATUS (status) : 1);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *bwrap = g_find_program_in_path ("bwrap");
  g_autoptr(GFile) tmp = NULL;
  int status;

  if (g_getenv ("MCP_SANDBOX_TEST_NO_PTY") == NULL && run_under_pty (argc, argv) < 0)
    g_error ("No pseudo-terminal");

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();
  mcp_test_set_safety_timeout (90);

  if (bwrap == NULL)
    {
      g_test_skip ("bubblewrap is not installed");
      return g_test_run ();
    }

  tmp_dir = g_dir_make_tmp ("mcp-sandbox-test-XXXXXX", &error);
  g_assert_no_error (error);
  make_home ();
  hostile = g_test_build_filename (G_TEST_BUILT, "mcp-sandbox-hostile-server", NULL);
  start_listener ();
  start_bus ();

  g_test_add_func ("/sandbox/without-sandbox", test_without_sandbox);
  g_test_add_func ("/sandbox/escapes", test_escapes);
  g_test_add_func ("/sandbox/denied-under-allowed", test_denied_under_allowed);
  g_test_add_func ("/sandbox/proxy", test_proxy);
  g_test_add_func ("/sandbox/fails-closed", test_fails_closed);
  g_test_add_func ("/sandbox/denials-named", test_denials_named);
  g_test_add_func ("/sandbox/nothing-survives", test_nothing_survives);
  g_test_add_func ("/sandbox/policy", test_policy);
  g_test_add_func ("/sandbox/config-keys", test_config_keys);
  g_test_add_func ("/sandbox/server-filesystem", test_server_filesystem);
  g_test_add_func ("/sandbox/write-paths-and-grants", test_write_paths_and_grants);

  status = g_test_run ();

  g_subprocess_force_exit (bus_daemon);
  g_subprocess_wait (bus_daemon, NULL, NULL);
  g_clear_object (&bus_daemon);
  g_socket_service_stop (listener);
  g_socket_listener_close (G_SOCKET_LISTENER (listener));
  g_clear_object (&listener);
  tmp = g_file_new_for_path (tmp_dir);
  mcp_test_remove_tree (tmp);
  g_free (tmp_dir);
  g_free (home);
  g_free (project);
  g_free (outside);
  g_free (hostile);
  g_free (bus_address);

  return status;
}
