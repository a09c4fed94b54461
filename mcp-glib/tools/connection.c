/* connection.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The connection of mcp-glib-client: it makes the transport the options
 * ask for (a server command over stdio, by default the bundled demo server,
 * or an HTTP URL), or has the library make the client of a configured
 * server (-c, config.c), connects, hands over to the command, and closes the
 * connection when the command is done, whatever ended it. It also turns a
 * failed request, a lost connection and SIGINT or SIGTERM into the exit
 * status they stand for.
 */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "mcp-glib-client.h"

gboolean
cli_app_is_following (CliApp *app)
{
  return (app->command->flags & CLI_COMMAND_FOLLOWS) != 0;
}

void
cli_app_finish (CliApp *app,
                int     status)
{
  if (app->done)
    return;

  app->done = TRUE;
  app->status = status;
  g_main_loop_quit (app->loop);
}

/* The signal that interrupted us, if any. A terminal's Ctrl+C reaches the
 * whole foreground process group, the server included when it runs in
 * ours, and the server may die of it before our own handler runs: its
 * death by SIGINT says the same. */
static int
interrupting_signal (CliApp *app)
{
  McpTransport *transport;
  GSubprocess *subprocess;

  if (app->signum != 0)
    return app->signum;

  transport = app->client != NULL ? mcp_client_get_transport (app->client) : NULL;
  if (!MCP_IS_STDIO_TRANSPORT (transport) ||
      !(subprocess = mcp_stdio_transport_get_subprocess (MCP_STDIO_TRANSPORT (transport))))
    return 0;

  if (g_subprocess_get_identifier (subprocess) == NULL &&
      g_subprocess_get_if_signaled (subprocess) &&
      g_subprocess_get_term_sig (subprocess) == SIGINT)
    return SIGINT;

  return 0;
}

/* What a failed request means for the exit status: the server refused it
 * (a JSON-RPC error, or a feature it did not declare), or the connection
 * failed under it (it died, broke the protocol or did not answer in time).
 * An interrupted request is neither. */
void
cli_app_fail_request (CliApp       *app,
                      const GError *error,
                      const char   *context)
{
  g_autofree char *message = NULL;
  int signum;

  /* A follow whose server died hears of it twice. */
  if (app->done)
    return;

  if ((signum = interrupting_signal (app)) != 0)
    {
      cli_app_finish (app, 128 + signum);
      return;
    }

  message = cli_describe_error (app, error);
  cli_clear_progress (app);
  cli_print_error ("%s: %s", context, message);

  if (error->domain == MCP_ERROR || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
    cli_app_finish (app, EXIT_REFUSED);
  else
    cli_app_finish (app, EXIT_CONNECTION);
}

/* --connect-timeout bounds the handshake (the library's connect-timeout),
 * which is where a server's start-up time is spent: a server run through
 * npx may take many seconds to download before it answers. --timeout
 * bounds each request once connected, and no longer the handshake, so that
 * a short call timeout works with a slow server. A request's hard limit
 * (max-request-timeout) also bounds the handshake, so it is raised for it
 * and set for the requests once connected. */
static void
set_connect_timeout (CliApp *app)
{
  guint max = MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT;

  if (app->connect_timeout == TIMEOUT_UNSET)
    return;

  /* The property cannot be 0: G_MAXUINT ms is 49 days. */
  mcp_client_set_connect_timeout (app->client,
                                  app->connect_timeout > 0 ? (guint) app->connect_timeout
                                                           : G_MAXUINT);
  if (app->connect_timeout == 0)
    max = 0;
  else
    max = MAX (max, (guint) app->connect_timeout);
  mcp_client_set_max_request_timeout (app->client, max);
}

static void
set_request_timeout (CliApp *app)
{
  guint max = MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT;

  if (app->timeout != TIMEOUT_UNSET)
    {
      mcp_client_set_request_timeout (app->client, app->timeout);
      if (app->timeout == 0)
        max = 0;
      else
        max = MAX (max, (guint) app->timeout);
    }

  mcp_client_set_max_request_timeout (app->client, max);
}

static void
on_log_level_set (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_client_set_logging_level_finish (MCP_CLIENT (object), result, &error))
    {
      cli_app_fail_request (app, error, _("Could not set the log level"));
      return;
    }

  app->command->run (app);
}

static void
on_connected (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_client_connect_finish (MCP_CLIENT (object), result, &error))
    {
      g_autofree char *message = NULL;
      int signum;

      /* A follow stopped while connecting has already finished. */
      if (app->done)
        return;

      if ((signum = interrupting_signal (app)) != 0)
        {
          cli_app_finish (app, 128 + signum);
          return;
        }

      message = cli_describe_error (app, error);
      cli_print_error (_("Could not connect to the server: %s"), message);
      cli_app_finish (app, EXIT_CONNECTION);
      return;
    }

  set_request_timeout (app);

  if (app->log_level_name != NULL)
    mcp_client_set_logging_level_async (app->client, app->log_level, app->cancellable,
                                        on_log_level_set, app);
  else
    app->command->run (app);
}

static void
on_log_message (McpClient   *client,
                McpLogLevel  level,
                const char  *logger,
                JsonNode    *data,
                gpointer     user_data)
{
  CliApp *app = user_data;
  g_autofree char *text = NULL;
  gboolean following = cli_app_is_following (app);

  /* In --json mode, follow prints log messages as notifications. */
  if (following && app->json)
    return;

  text = cli_format_log_message (level, logger, data);

  if (following)
    {
      fprintf (stdout, "%s\n", text);
      fflush (stdout);
    }
  else
    {
      cli_clear_progress (app);
      g_printerr ("%s\n", text);
    }
}

static void
on_client_closed (McpClient    *client,
                  const GError *error,
                  gpointer      user_data)
{
  CliApp *app = user_data;

  /* Other commands learn of it from their request, with the details. */
  if (!cli_app_is_following (app) || app->done)
    return;

  /* Ctrl+C is how follow is meant to end, whoever hears of it first. */
  if (interrupting_signal (app) == SIGINT)
    {
      cli_app_finish (app, EXIT_OK);
      return;
    }

  if (error != NULL)
    {
      g_autofree char *message = cli_describe_error (app, error);

      cli_print_error (_("The connection to the server ended: %s"), message);
    }
  else
    cli_print_error ("%s", _("The connection to the server ended"));
  cli_app_finish (app, EXIT_CONNECTION);
}

static void
handle_signal (CliApp *app,
               int     signum)
{
  /* Asked again while the server is being shut down: stop waiting for it;
   * the transport kills it when it goes away. */
  if (app->closing)
    {
      g_main_loop_quit (app->loop);
      return;
    }

  /* Stopping is how follow is meant to end, at whatever stage. */
  if (cli_app_is_following (app))
    {
      cli_app_finish (app, EXIT_OK);
      return;
    }

  app->signum = signum;
  g_cancellable_cancel (app->cancellable);
}

static gboolean
on_sigint (gpointer user_data)
{
  handle_signal (user_data, SIGINT);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_sigterm (gpointer user_data)
{
  handle_signal (user_data, SIGTERM);
  return G_SOURCE_CONTINUE;
}

static void
on_closed (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  CliApp *app = user_data;

  /* Closing cannot fail in a way worth reporting: the command is over. */
  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  g_main_loop_quit (app->loop);
}

/* The bundled demo server: installed next to this program, or built in
 * the build tree's examples/ while this program is run from its own
 * directory there; else wherever PATH finds it. */
static char *
find_demo_server (void)
{
  static const char * const relative_paths[] = {
    DEMO_SERVER_NAME,
    DEMO_SERVER_BUILD_PATH,
  };
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = NULL;

  if (self_path == NULL)
    return g_find_program_in_path (DEMO_SERVER_NAME);

  dir = g_path_get_dirname (self_path);
  for (guint i = 0; i < G_N_ELEMENTS (relative_paths); i++)
    {
      g_autofree char *path = g_build_filename (dir, relative_paths[i], NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR) &&
          g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return g_canonicalize_filename (path, NULL);
    }

  return g_find_program_in_path (DEMO_SERVER_NAME);
}

/* --env and --inherit-env, for --server and for a configured stdio
 * server. */
static void
configure_stdio_transport (CliApp            *app,
                           McpStdioTransport *transport)
{
  if (app->inherit_env != NULL)
    mcp_stdio_transport_set_inherit_env (transport, (const char * const *) app->inherit_env);
  cli_sandbox_apply (transport);

  for (guint i = 0; app->env != NULL && app->env[i] != NULL; i++)
    {
      const char *equals = strchr (app->env[i], '=');
      g_autofree char *name = g_strndup (app->env[i], equals - app->env[i]);

      mcp_stdio_transport_setenv (transport, name, equals + 1);
    }
}

static McpTransport *
create_stdio_transport (CliApp  *app,
                        GError **error)
{
  g_autofree char *demo_server = NULL;
  const char *demo_argv[] = { NULL, NULL };
  const char * const *argv = (const char * const *) app->server_argv;
  McpStdioTransport *transport;

  if (argv == NULL)
    {
      demo_server = find_demo_server ();
      if (demo_server == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("No server was given and the demo server (%s) is not installed; "
                         "name one with --server, --url or -c"), DEMO_SERVER_NAME);
          return NULL;
        }
      demo_argv[0] = demo_server;
      argv = demo_argv;
    }

  transport = mcp_stdio_transport_new (argv);
  configure_stdio_transport (app, transport);

  return MCP_TRANSPORT (transport);
}

static gboolean
has_authorization (JsonObject *headers)
{
  g_autoptr(GList) names = headers != NULL ? json_object_get_members (headers) : NULL;

  for (GList *l = names; l != NULL; l = l->next)
    if (g_ascii_strcasecmp (l->data, "Authorization") == 0)
      return TRUE;

  return FALSE;
}

/* --header and the credentials of a login, for --url and for a configured
 * HTTP server; @own_authorization: the configuration sends an
 * Authorization header of its own. */
static void
configure_http_transport (CliApp           *app,
                          McpHttpTransport *transport,
                          gboolean          own_authorization)
{
  for (guint i = 0; app->headers != NULL && app->headers[i] != NULL; i++)
    {
      const char *colon = strchr (app->headers[i], ':');
      const char *value = colon + 1 + strspn (colon + 1, " \t");
      g_autofree char *name = g_strndup (app->headers[i], colon - app->headers[i]);

      g_strstrip (name);
      own_authorization |= g_ascii_strcasecmp (name, "Authorization") == 0;
      mcp_http_transport_set_header (transport, name, value);
    }

  /* The credentials of a login, refreshed as needed; a sign-in in the
   * browser is login's business. An Authorization header of the user's
   * own is left alone. */
  cli_app_configure_network (app, transport);

  if (!own_authorization)
    {
      gboolean persistent;
      g_autoptr(McpAuthorization) authorization = cli_app_new_authorization (app, &persistent);

      mcp_authorization_set_interactive (authorization, FALSE);
      mcp_http_transport_set_authorization (transport, authorization);
    }
}

static McpTransport *
create_transport (CliApp  *app,
                  GError **error)
{
  McpHttpTransport *transport;

  if (app->url == NULL)
    return create_stdio_transport (app, error);

  transport = mcp_http_transport_new (app->url);
  configure_http_transport (app, transport, FALSE);

  return MCP_TRANSPORT (transport);
}

/* --protocol: the default negotiation asks the server. */
static void
set_protocol (CliApp *app)
{
  if (app->protocol == NULL || g_str_equal (app->protocol, "auto"))
    return;

  if (g_str_equal (app->protocol, "legacy"))
    {
      mcp_client_set_version_negotiation (app->client, MCP_VERSION_NEGOTIATION_LEGACY);
      return;
    }

  mcp_client_set_pinned_protocol_version (app->client, app->protocol);
  mcp_client_set_version_negotiation (app->client, MCP_VERSION_NEGOTIATION_PINNED);
}

/* Sets the client up and connects it. */
static void
start_client (CliApp *app)
{
  set_connect_timeout (app);
  set_protocol (app);

  g_signal_connect (app->client, "log-message", G_CALLBACK (on_log_message), app);
  g_signal_connect (app->client, "closed", G_CALLBACK (on_client_closed), app);
  if (app->command->prepare != NULL)
    app->command->prepare (app);

  mcp_client_connect_async (app->client, app->cancellable, on_connected, app);
}

/* -c: the library made the client from the server's entry, its inputs
 * asked for; the options add to it. */
static void
on_configured_client_created (GObject      *object,
                              GAsyncResult *result,
                              gpointer      user_data)
{
  CliApp *app = user_data;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  McpTransport *transport;

  client = cli_app_create_configured_client_finish (app, result, &error);

  /* A follow stopped while an input was asked for has already finished. */
  if (app->done)
    return;

  if (client == NULL)
    {
      if (app->signum != 0)
        cli_app_finish (app, 128 + app->signum);
      else if (app->missing_input != NULL)
        {
          cli_print_error ("%s", error->message);
          cli_app_finish (app, EXIT_USAGE);
        }
      else
        {
          /* An input not given at the prompt is the user's to give. */
          cli_print_error (_("Could not start the server “%s”: %s"), app->config_server,
                           error->message);
          cli_app_finish (app, app->input_declined ? EXIT_USAGE : EXIT_CONNECTION);
        }
      return;
    }

  app->client = g_steal_pointer (&client);
  transport = mcp_client_get_transport (app->client);
  if (MCP_IS_STDIO_TRANSPORT (transport))
    configure_stdio_transport (app, MCP_STDIO_TRANSPORT (transport));
  else if (MCP_IS_HTTP_TRANSPORT (transport))
    configure_http_transport (app, MCP_HTTP_TRANSPORT (transport),
                              has_authorization (mcp_server_config_get_headers (app->config)));

  start_client (app);
}

/* Connects, runs the command and closes the connection; returns the exit
 * status. */
int
cli_app_run_command (CliApp *app)
{
  g_autoptr(GError) error = NULL;

  if (app->config == NULL)
    {
      g_autoptr(McpTransport) transport = create_transport (app, &error);

      if (transport == NULL)
        {
          cli_print_error ("%s", error->message);
          return EXIT_CONNECTION;
        }
      app->client = mcp_client_new (transport);
    }

  app->loop = g_main_loop_new (NULL, FALSE);
  app->cancellable = g_cancellable_new ();
  app->stdout_is_terminal = isatty (STDOUT_FILENO);
  app->sigint_source = g_unix_signal_add (SIGINT, on_sigint, app);
  app->sigterm_source = g_unix_signal_add (SIGTERM, on_sigterm, app);

  if (app->client != NULL)
    start_client (app);
  else
    cli_app_create_configured_client (app, on_configured_client_created);
  g_main_loop_run (app->loop);

  cli_clear_progress (app);
  fflush (stdout);

  /* Not even started: an input was not given, or Ctrl+C. */
  if (app->client == NULL)
    return app->status;

  app->closing = TRUE;
  mcp_client_close_async (app->client, NULL, on_closed, app);
  g_main_loop_run (app->loop);

  return app->status;
}
