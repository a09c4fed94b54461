/* test-i18n.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Shows that the library's messages reach the user translated: with the
 * German catalogue built into the build tree and a German locale, the
 * errors of McpClient come in German. The tests are skipped, not failed,
 * on a system without a German locale.
 */

#include "config.h"

#include <libintl.h>
#include <locale.h>
#include <string.h>

#include <mcp-glib/mcp-glib.h>

#include "mcp-test-util.h"

#define GERMAN_LOCALE "de_DE.UTF-8"

/* ASCII only: without the locale, the message is shown in the C locale. */
#define NO_GERMAN "The " GERMAN_LOCALE " locale is not installed; on Debian, install " \
                  "the locales package and run: localedef -i de_DE -f UTF-8 de_DE.UTF-8"

static gboolean have_german;

static void
test_not_connected (void)
{
  const char *argv[] = { "mcp-glib-test-unused", NULL };
  g_autoptr(McpStdioTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(McpToolResult) tool_result = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_german)
    {
      g_test_skip (NO_GERMAN);
      return;
    }

  transport = mcp_stdio_transport_new (argv);
  client = mcp_client_new (MCP_TRANSPORT (transport));

  mcp_client_call_tool_async (client, "echo", NULL, NULL, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the failed tool call");
  tool_result = mcp_client_call_tool_finish (client, result, &error);

  g_assert_null (tool_result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED);
  g_assert_cmpstr (error->message, ==,
                   "Der Client ist nicht verbunden; rufen Sie mcp_client_connect_async() auf "
                   "und warten Sie, bis der Aufruf abgeschlossen ist");
}

static void
test_no_such_server (void)
{
  const char *argv[] = { "/nonexistent/mcp-glib-test-server", NULL };
  g_autoptr(McpStdioTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_german)
    {
      g_test_skip (NO_GERMAN);
      return;
    }

  transport = mcp_stdio_transport_new (argv);
  client = mcp_client_new (MCP_TRANSPORT (transport));

  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the failed connection");
  g_assert_false (mcp_client_connect_finish (client, result, &error));

  /* GLib starts the server with posix_spawn (), which learns of a failed
   * exec through memory it shares with the child. Under valgrind the child
   * shares none, so the spawn succeeds and the child exits with 127. */
  if (g_getenv ("MCP_TEST_VALGRIND") != NULL &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED))
    {
      g_assert_true (strstr (error->message, "127") != NULL);
      g_test_message ("Under valgrind: %s", error->message);
      return;
    }

  /* What follows the colon is GLib's own message, translated by GLib. */
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message,
                                   "Der Server „/nonexistent/mcp-glib-test-server“ konnte "
                                   "nicht gestartet werden: "));
  g_assert_cmpint (mcp_client_get_state (client), ==, MCP_CLIENT_STATE_CLOSED);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *localedir = NULL;
  g_autofree char *catalogue = NULL;

  g_test_init (&argc, &argv, NULL);
  mcp_test_init ();

  /* The library binds its domain to the installed catalogues when its
   * first class is initialised; bind it to the build tree only after that,
   * so that this binding is the one that counts. */
  g_type_class_unref (g_type_class_ref (MCP_TYPE_CLIENT));

  localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  catalogue = g_build_filename (localedir, "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  if (!g_file_test (catalogue, G_FILE_TEST_IS_REGULAR))
    g_error ("The German catalogue %s was not built", catalogue);

  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  /* LANGUAGE would take precedence over the locale. */
  g_unsetenv ("LANGUAGE");
  have_german = setlocale (LC_ALL, GERMAN_LOCALE) != NULL;

  g_test_add_func ("/Mcp/I18n/not-connected", test_not_connected);
  g_test_add_func ("/Mcp/I18n/no-such-server", test_no_such_server);

  return g_test_run ();
}
