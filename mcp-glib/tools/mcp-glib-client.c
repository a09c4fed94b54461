/* mcp-glib-client.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* mcp-glib-client is the command-line client of mcp-glib, in the spirit of
 * gdbus: it connects to one MCP server (a command run over stdio, by default
 * the bundled demo server), runs one command against it (list what the
 * server offers, call a tool, read a resource, get a prompt, complete an
 * argument, or follow its notifications) and exits with a status that
 * tells usage errors, connection failures, server errors and tool errors
 * apart. Text output is for people; --json prints the protocol's own JSON,
 * one object per line, for scripts. Everything goes through the library's
 * asynchronous API on one main loop, so Ctrl+C can cancel whatever is in
 * flight.
 *
 * This file holds the command line: the options, the table of commands
 * and the help. Each command lives in a command-*.c file of its own.
 */

#include "config.h"

#include <locale.h>
#include <stdarg.h>
#include <string.h>

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

static int
run_help (CliApp *app)
{
  g_autofree char *help = g_option_context_get_help (app->context, TRUE, NULL);

  fputs (help, stdout);
  return EXIT_OK;
}

const CliCommand cli_help_command = {
  .name = "help",
  .arguments = "",
  .summary = N_("Show this help"),
  .parse = cli_parse_nothing,
  .run_offline = run_help,
};

/* In the order --help lists them. */
static const CliCommand * const commands[] = {
  &cli_info_command,
  &cli_tools_command,
  &cli_resources_command,
  &cli_templates_command,
  &cli_prompts_command,
  &cli_call_command,
  &cli_read_command,
  &cli_prompt_command,
  &cli_complete_command,
  &cli_ping_command,
  &cli_follow_command,
  &cli_login_command,
  &cli_logout_command,
  &cli_servers_command,
  &cli_registry_command,
  &cli_help_command,
};

/* The commands with their arguments in a column, and their summaries in
 * another; a command too long for the column has its summary on the next
 * line. */
#define COMMAND_COLUMN_WIDTH 30

static char *
describe_commands (void)
{
  g_autoptr(GString) text = g_string_new (_("Commands:"));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *arguments = cli_command_arguments (commands[i]);
      glong used = strlen (commands[i]->name) + 1 + g_utf8_strlen (arguments, -1);

      g_string_append_printf (text, "\n  %s %s", commands[i]->name, arguments);
      if (used > COMMAND_COLUMN_WIDTH)
        g_string_append_printf (text, "\n  %*s", COMMAND_COLUMN_WIDTH, "");
      else
        g_string_append_printf (text, "%*s", (int) (COMMAND_COLUMN_WIDTH - used), "");
      g_string_append_printf (text, "  %s", _(commands[i]->summary));
    }

  g_string_append_printf (text, "\n\n%s", _("Without a command: the server’s info and tools."));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
describe_rest (void)
{
  return _("Without --server, --url or -c, the bundled demo server is run.\n"
           "\n"
           "-c NAME connects to the server NAME of the configuration files, as an\n"
           "application built on mcp-glib would: the files of --config, else the\n"
           "per-user file ~/.config/mcp/mcp.json; servers lists them. The inputs\n"
           "(${input:ID}) it needs are asked for on the terminal, or come from\n"
           "--input ID=VALUE or the variable MCP_INPUT_ID (the ID in capitals, other\n"
           "characters than letters and digits as _).\n"
           "\n"
           "The server gets a safe environment (PATH, HOME, LANG and a few more);\n"
           "pass it more with --env and --inherit-env.\n"
           "\n"
           "A server over HTTP that requires OAuth is signed in to with login, which\n"
           "keeps the credentials in the keyring; the other commands use them and\n"
           "refresh them, and logout forgets them.\n"
           "\n"
           "Exit status:\n"
           "  0    success\n"
           "  1    the tool ran and reported an error (its result has isError set);\n"
           "       with servers: the configuration files have problems\n"
           "  2    usage error: unknown command or option, wrong arguments, bad JSON,\n"
           "       an argument the tool does not have or a value of the wrong type,\n"
           "       an --output file that cannot be written, a -c server that is not\n"
           "       configured or whose entry cannot be used, an input that was not\n"
           "       given\n"
           "  3    connection failure: the server could not be started or reached,\n"
           "       ended the connection, broke the protocol or did not answer in time;\n"
           "       or it requires a sign-in (login), or signing in failed\n"
           "  4    the server refused the request: it answered with a JSON-RPC error\n"
           "       (unknown tool, prompt or resource, invalid arguments), or it does\n"
           "       not offer the feature\n"
           "  130  interrupted by Ctrl+C (SIGINT), 143 by SIGTERM; the request in\n"
           "       flight is cancelled. follow ends with 0 on either signal.\n"
           "\n"
           "Tool arguments come as ARGUMENT=VALUE pairs, each VALUE converted by the\n"
           "type the tool's input schema gives it (number, integer, boolean, or JSON\n"
           "for object and array; a string stays as it is), as ARGUMENT:=JSON pairs\n"
           "taken as they are, or as one JSON object.\n"
           "\n"
           "Examples:\n"
           "  mcp-glib-client tools\n"
           "  mcp-glib-client call add a=2 b=3\n"
           "  mcp-glib-client call echo '{\"text\": \"hello\"}'\n"
           "  mcp-glib-client --server 'node server.js stdio' --json resources\n"
           "  mcp-glib-client --server 'node server.js stdio' call get-tiny-image -o tiny.png\n"
           "  mcp-glib-client --log-level debug follow\n"
           "  mcp-glib-client servers\n"
           "  mcp-glib-client --config .vscode/mcp.json -c tracker tools\n");
}

static int G_GNUC_PRINTF (1, 2)
usage_error (const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  cli_print_error ("%s", message);
  g_printerr (_("Try “%s --help” for more information.\n"), g_get_prgname ());
  return EXIT_USAGE;
}

/* The options of the configuration: -c, --config and --input. */
static int
check_config_options (CliApp *app)
{
  g_autoptr(GError) error = NULL;

  if (app->config_server != NULL && (app->server != NULL || app->url != NULL))
    return usage_error ("%s", _("Give one of -c, --server and --url, not several"));

  if (app->command == &cli_servers_command)
    {
      if (app->server != NULL || app->url != NULL || app->config_server != NULL)
        return usage_error ("%s", _("servers lists the configured servers: it takes no -c, "
                                    "--server or --url"));
    }
  else if (app->command == &cli_registry_command)
    {
      if (app->server != NULL || app->url != NULL || app->config_server != NULL)
        return usage_error ("%s", _("registry reads an MCP registry: it takes no -c, --server or "
                                    "--url"));
    }
  else if (app->config_files != NULL && app->config_server == NULL)
    return usage_error ("%s", _("--config applies to -c, to servers and to registry add"));

  if (app->inputs != NULL && app->config_server == NULL)
    return usage_error ("%s", _("--input applies to -c"));

  for (guint i = 0; app->inputs != NULL && app->inputs[i] != NULL; i++)
    {
      const char *equals = strchr (app->inputs[i], '=');

      if (equals == NULL || equals == app->inputs[i])
        return usage_error (_("“%s” is not of the form ID=VALUE"), app->inputs[i]);
    }

  if (app->config_server != NULL && !cli_app_find_config (app, &error))
    return usage_error ("%s", error->message);

  return EXIT_OK;
}

static int
check_options (CliApp *app)
{
  g_autoptr(GError) error = NULL;
  const char *scheme;
  gboolean remote;
  int status;

  if (app->server != NULL && app->url != NULL)
    return usage_error ("%s", _("Give either --server or --url, not both"));

  if ((status = check_config_options (app)) != EXIT_OK)
    return status;
  remote = app->url != NULL || (app->config != NULL && cli_config_is_remote (app->config));

  if (app->server != NULL && !g_shell_parse_argv (app->server, NULL, &app->server_argv, &error))
    return usage_error (_("Invalid server command “%s”: %s"), app->server,
                        error->message);

  if (app->url != NULL)
    {
      scheme = g_uri_peek_scheme (app->url);
      if (scheme == NULL || (!g_str_equal (scheme, "http") && !g_str_equal (scheme, "https")))
        return usage_error (_("“%s” is not an http:// or https:// URL"), app->url);
    }

  if (remote)
    {
      if (app->env != NULL || app->inherit_env != NULL)
        return usage_error ("%s",
                            _("--env and --inherit-env apply to a server command, not to --url"));
    }
  else if (app->headers != NULL)
    {
      return usage_error ("%s", _("--header applies to --url, not to a server command"));
    }
  else if (app->client_id != NULL)
    {
      return usage_error ("%s", _("--client-id applies to --url, not to a server command"));
    }
  else if (app->ca_file != NULL || app->cert != NULL || app->key != NULL || app->proxy != NULL)
    {
      return usage_error ("%s", _("--ca-file, --cert, --key and --proxy apply to an HTTP "
                                  "server, not to a server command"));
    }

  for (guint i = 0; app->headers != NULL && app->headers[i] != NULL; i++)
    {
      const char *colon = strchr (app->headers[i], ':');

      if (colon == NULL || colon == app->headers[i])
        return usage_error (_("“%s” is not of the form “NAME: VALUE”"), app->headers[i]);
    }

  for (guint i = 0; app->env != NULL && app->env[i] != NULL; i++)
    {
      const char *equals = strchr (app->env[i], '=');

      if (equals == NULL || equals == app->env[i])
        return usage_error (_("“%s” is not of the form NAME=VALUE"), app->env[i]);
    }

  if (app->log_level_name != NULL &&
      !mcp_log_level_from_string (app->log_level_name, &app->log_level))
    return usage_error (_("Unknown log level “%s”; expected one of debug, info, "
                          "notice, warning, error, critical, alert, emergency"),
                        app->log_level_name);

  if (app->protocol != NULL && !g_str_equal (app->protocol, "auto") &&
      !g_str_equal (app->protocol, "legacy") &&
      !g_regex_match_simple ("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", app->protocol, 0, 0))
    return usage_error (_("Unknown protocol revision “%s”; expected auto, legacy or a date "
                          "such as 2026-07-28"),
                        app->protocol);

  if ((app->timeout < 0 && app->timeout != TIMEOUT_UNSET) ||
      (app->connect_timeout < 0 && app->connect_timeout != TIMEOUT_UNSET))
    return usage_error ("%s", _("A timeout cannot be negative"));

  if (app->subscribe != NULL && !cli_app_is_following (app))
    return usage_error ("%s", _("--subscribe only applies to follow"));

  if (app->output != NULL && !(app->command->flags & CLI_COMMAND_OUTPUT))
    return usage_error ("%s", _("--output only applies to read, call, prompt and follow"));

  return EXIT_OK;
}

static void
app_clear (CliApp *app)
{
  g_clear_handle_id (&app->sigint_source, g_source_remove);
  g_clear_handle_id (&app->sigterm_source, g_source_remove);
  g_clear_object (&app->client);
  cli_app_clear_config (app);
  g_clear_object (&app->cancellable);
  g_clear_pointer (&app->loop, g_main_loop_unref);
  if (app->command_data_free != NULL)
    g_clear_pointer (&app->command_data, app->command_data_free);
  g_clear_pointer (&app->tool_arguments, cli_tool_arguments_free);
  g_clear_pointer (&app->strings, g_hash_table_unref);
  g_clear_pointer (&app->name, g_free);
  g_clear_pointer (&app->server, g_free);
  g_clear_pointer (&app->server_argv, g_strfreev);
  g_clear_pointer (&app->url, g_free);
  g_clear_pointer (&app->registry_url, g_free);
  g_clear_pointer (&app->config_files, g_strfreev);
  g_clear_pointer (&app->config_server, g_free);
  g_clear_pointer (&app->inputs, g_strfreev);
  g_clear_pointer (&app->client_id, g_free);
  g_clear_pointer (&app->log_level_name, g_free);
  g_clear_pointer (&app->protocol, g_free);
  g_clear_pointer (&app->format, g_free);
  g_clear_pointer (&app->output, g_free);
  g_clear_pointer (&app->headers, g_strfreev);
  g_clear_pointer (&app->ca_file, g_free);
  g_clear_pointer (&app->cert, g_free);
  g_clear_pointer (&app->key, g_free);
  g_clear_pointer (&app->proxy, g_free);
  g_clear_pointer (&app->env, g_strfreev);
  g_clear_pointer (&app->inherit_env, g_strfreev);
  g_clear_pointer (&app->subscribe, g_strfreev);
  cli_sandbox_clear ();
  g_clear_pointer (&app->context, g_option_context_free);
}

static int
run (CliApp  *app,
     int      argc,
     char   **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  g_auto(GStrv) args = NULL;
  int status;
  const GOptionEntry entries[] = {
    { "server", 's', 0, G_OPTION_ARG_STRING, &app->server,
      N_("Run the server COMMAND (split like a shell would, but not run by one)"),
      N_("COMMAND") },
    { "url", 'u', 0, G_OPTION_ARG_STRING, &app->url,
      N_("Connect to the server at URL over HTTP"), N_("URL") },
    { "registry", 0, 0, G_OPTION_ARG_STRING, &app->registry_url,
      N_("With registry: the MCP registry at URL, not the official one"), N_("URL") },
    { "connect", 'c', 0, G_OPTION_ARG_STRING, &app->config_server,
      N_("Connect to the server NAME of the configuration files"), N_("NAME") },
    { "config", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &app->config_files,
      N_("Read the configured servers from FILE, not from ~/.config/mcp/mcp.json "
         "(repeatable; a server in a later file overrides one of the same name)"), N_("FILE") },
    { "input", 'i', 0, G_OPTION_ARG_STRING_ARRAY, &app->inputs,
      N_("With -c: give the input ${input:ID} the server’s entry uses, rather than being asked "
         "(repeatable; a secret is better given in $MCP_INPUT_ID, out of sight of ps)"),
      N_("ID=VALUE") },
    { "client-id", 0, 0, G_OPTION_ARG_STRING, &app->client_id,
      N_("With --url: sign in with the client ID registered beforehand at the server’s "
         "authorization server (its secret, if any, in $MCP_CLIENT_SECRET)"), N_("ID") },
    { "header", 'H', 0, G_OPTION_ARG_STRING_ARRAY, &app->headers,
      N_("With --url: send the HTTP header “NAME: VALUE” with every request (repeatable)"),
      N_("HEADER") },
    { "ca-file", 0, 0, G_OPTION_ARG_FILENAME, &app->ca_file,
      N_("Trust the CA certificates of FILE (PEM, or a folder of them) besides the system’s"),
      N_("FILE") },
    { "cert", 0, 0, G_OPTION_ARG_FILENAME, &app->cert,
      N_("Present the client certificate of FILE (PEM or PKCS #12) or a pkcs11: URI"),
      N_("FILE") },
    { "key", 0, 0, G_OPTION_ARG_FILENAME, &app->key,
      N_("The private key of --cert (PEM, or a pkcs11: URI), if not in its file"), N_("FILE") },
    { "proxy", 0, 0, G_OPTION_ARG_STRING, &app->proxy,
      N_("Go through the proxy at URL (http://, https:// or socks5://, credentials allowed), "
         "or direct:// for none"), N_("URL") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &app->json,
      N_("Print the protocol’s JSON, one object per line"), NULL },
    { "names", 'n', 0, G_OPTION_ARG_NONE, &app->names,
      N_("List only names (URIs for resources and templates; with tools TOOL, its "
         "arguments), one per line"), NULL },
    { "timeout", 't', 0, G_OPTION_ARG_INT, &app->timeout,
      N_("Wait at most MS milliseconds for the answer to each request, once connected "
         "(default 60000, restarted by progress; 0 waits for ever)"), N_("MS") },
    { "connect-timeout", 0, 0, G_OPTION_ARG_INT, &app->connect_timeout,
      N_("Wait at most MS milliseconds for the server to start and answer the handshake "
         "(default 60000; 0 waits for ever)"), N_("MS") },
    { "env", 'e', 0, G_OPTION_ARG_STRING_ARRAY, &app->env,
      N_("Set a variable in the server’s environment (repeatable)"), N_("NAME=VALUE") },
    { "inherit-env", 0, 0, G_OPTION_ARG_STRING_ARRAY, &app->inherit_env,
      N_("Pass a variable of this environment on to the server; NAME may end in * "
         "(repeatable)"), N_("NAME") },
    { "protocol", 0, 0, G_OPTION_ARG_STRING, &app->protocol,
      N_("Which protocol revision to speak: auto (ask the server, the default), legacy (the "
         "initialize handshake alone) or a revision such as 2026-07-28"), N_("REVISION") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &app->format,
      N_("With tools: print the tools’ definitions for a language model’s API: openai, "
         "openai-responses, anthropic, gemini or ollama"), N_("API") },
    { "log-level", 'l', 0, G_OPTION_ARG_STRING, &app->log_level_name,
      N_("Ask the server for log messages of LEVEL and above (debug, info, notice, warning, "
         "error, critical, alert, emergency)"), N_("LEVEL") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &app->output,
      N_("Save binary content (images, audio, blobs; with read, any contents) to FILE; "
         "more files go to FILE-2, FILE-3…"), N_("FILE") },
    { "subscribe", 0, 0, G_OPTION_ARG_STRING_ARRAY, &app->subscribe,
      N_("With follow: subscribe to the resource at URI (repeatable)"), N_("URI") },
    { "version", 0, 0, G_OPTION_ARG_NONE, &app->version,
      N_("Show the version and exit"), NULL },
    G_OPTION_ENTRY_NULL
  };

  app->timeout = TIMEOUT_UNSET;
  app->connect_timeout = TIMEOUT_UNSET;

  app->context = g_option_context_new (_("[COMMAND [ARGUMENTS…]] — talk to a Model Context "
                                         "Protocol server"));
  g_option_context_add_main_entries (app->context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (app->context, cli_sandbox_option_group ());
  summary = describe_commands ();
  g_option_context_set_summary (app->context, summary);
  g_option_context_set_description (app->context, describe_rest ());

  if (!g_option_context_parse (app->context, &argc, &argv, &error))
    return usage_error ("%s", error->message);

  if (app->version)
    {
      fprintf (stdout, "%s %s\n", g_get_prgname (), PACKAGE_VERSION);
      return EXIT_OK;
    }

  if (argc < 2)
    {
      app->command = &cli_overview_command;
    }
  else
    {
      for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
        if (g_str_equal (argv[1], commands[i]->name))
          app->command = commands[i];

      if (app->command == NULL)
        return usage_error (_("Unknown command “%s”"), argv[1]);
    }

  /* What follows the command, as a NULL-terminated array of its own. */
  args = g_new0 (char *, MAX (argc - 1, 1));
  for (int i = 2; i < argc; i++)
    args[i - 2] = g_strdup (argv[i]);

  if (!app->command->parse (app, args, &error))
    return usage_error ("%s", error->message);

  if ((status = check_options (app)) != EXIT_OK)
    return status;

  if (app->command->run_offline != NULL)
    return app->command->run_offline (app);

  return cli_app_run_command (app);
}

int
main (int   argc,
      char *argv[])
{
  CliApp app = { 0 };
  int status;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("mcp-glib-client");

  /* stdout is for the server's output: the library's debug messages
   * (G_MESSAGES_DEBUG=Mcp) must not end up in it. */
  g_log_writer_default_set_use_stderr (TRUE);

  status = run (&app, argc, argv);
  app_clear (&app);

  return status;
}
