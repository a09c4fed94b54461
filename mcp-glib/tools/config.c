/* config.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The user's configured servers, for -c and servers: the files of
 * --config (else the per-user file) read by an McpServerRegistry, the
 * server -c names, and the client the library makes from its entry
 * (mcp_server_config_create_client_async (), as McpClientGroup does). The
 * `${input:…}` values it needs come from --input, from MCP_INPUT_*
 * variables, from the keyring (where `registry add` keeps them, the
 * registry's use-keyring), or from the terminal, through the registry's
 * input-requested signal: asked with the input's description, without
 * echo for a password. When standard input is not a terminal, nothing is
 * asked and the error says how to give the input.
 */

#include "config.h"

#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <gio/gunixinputstream.h>

#include "mcp-glib-client.h"

struct _CliPrompt
{
  CliApp           *app;
  McpInputRequest  *request;        /* being asked for */
  GDataInputStream *lines;          /* standard input */
  struct termios    saved;
  gboolean          echo_off;
};

static void ask (CliPrompt *prompt);

/* Stops the terminal echoing what is typed, for a secret: TRUE if it did,
 * with its settings in @saved for cli_terminal_echo_on (). */
gboolean
cli_terminal_echo_off (struct termios *saved)
{
  struct termios quiet;

  if (!isatty (STDIN_FILENO) || tcgetattr (STDIN_FILENO, saved) != 0)
    return FALSE;

  quiet = *saved;
  quiet.c_lflag &= ~(ECHO | ECHONL);
  return tcsetattr (STDIN_FILENO, TCSANOW, &quiet) == 0;
}

void
cli_terminal_echo_on (struct termios *saved)
{
  tcsetattr (STDIN_FILENO, TCSANOW, saved);
  /* The Enter that ended the line was not echoed either. */
  fputc ('\n', stderr);
}

static void
restore_echo (CliPrompt *prompt)
{
  if (!prompt->echo_off)
    return;

  cli_terminal_echo_on (&prompt->saved);
  prompt->echo_off = FALSE;
}

static void
prompt_free (CliPrompt *prompt)
{
  restore_echo (prompt);
  g_clear_object (&prompt->request);
  g_clear_object (&prompt->lines);
  g_free (prompt);
}

void
cli_app_clear_config (CliApp *app)
{
  g_clear_pointer (&app->prompt, prompt_free);
  g_clear_object (&app->config);
  if (app->registry != NULL)
    g_signal_handlers_disconnect_by_data (app->registry, app);
  g_clear_object (&app->registry);
  g_clear_pointer (&app->missing_input, g_free);
}

/* The variable that gives the input @id: MCP_INPUT_ and the ID in capitals,
 * anything but letters and digits made an underscore. */
static char *
input_variable (const char *id)
{
  g_autoptr(GString) name = g_string_new ("MCP_INPUT_");

  for (const char *p = id; *p != '\0'; p++)
    g_string_append_c (name, g_ascii_isalnum (*p) ? g_ascii_toupper (*p) : '_');

  return g_string_free (g_steal_pointer (&name), FALSE);
}

static gboolean
is_option (McpInputRequest *request,
           const char      *answer)
{
  const char * const *options = mcp_input_request_get_options (request);

  return options == NULL || options[0] == NULL || g_strv_contains (options, answer);
}

static void
line_read_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  CliPrompt *prompt = user_data;
  g_autoptr(McpInputRequest) request = g_steal_pointer (&prompt->request);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  const char *answer;

  line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (object), result,
                                                    NULL, &error);
  restore_echo (prompt);

  /* Ctrl+D, Ctrl+C, or not text: the server does not start. */
  if (line == NULL)
    {
      if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        cli_print_error ("%s", error->message);
      else if (error == NULL)
        fputc ('\n', stderr);
      prompt->app->input_declined = TRUE;
      mcp_input_request_decline (request);
      return;
    }

  /* Only the line's end: a password may end in spaces. */
  if (g_str_has_suffix (line, "\r"))
    line[strlen (line) - 1] = '\0';
  answer = line;
  if (*answer == '\0' && mcp_input_request_get_default_value (request) != NULL)
    answer = mcp_input_request_get_default_value (request);

  if (!is_option (request, answer))
    {
      const char * const *options = mcp_input_request_get_options (request);
      g_autofree char *choices = g_strjoinv (", ", (char **) options);

      cli_print_error (_("Answer one of: %s"), choices);
      prompt->request = g_steal_pointer (&request);
      ask (prompt);
      return;
    }

  mcp_input_request_reply (request, answer);
}

/* Asks for prompt->request on the terminal. */
static void
ask (CliPrompt *prompt)
{
  McpInputRequest *request = prompt->request;
  const char *description = mcp_input_request_get_description (request);
  const char *default_value = mcp_input_request_get_default_value (request);
  const char * const *options = mcp_input_request_get_options (request);
  gboolean password = mcp_input_request_get_password (request);

  if (description == NULL || *description == '\0')
    description = mcp_input_request_get_id (request);

  /* Before the prompt, so that nothing typed after it shows; what was
   * typed ahead is kept. */
  if (password)
    prompt->echo_off = cli_terminal_echo_off (&prompt->saved);

  if (options != NULL && options[0] != NULL)
    {
      g_autofree char *choices = g_strjoinv (", ", (char **) options);

      /* Translators: the values an input of a configured server may have */
      g_printerr (_("Choices: %s\n"), choices);
    }

  /* A default is not secret, but a password's is not shown all the same. */
  if (default_value != NULL && !password)
    /* Translators: an input's description and default, asked for on the terminal */
    g_printerr (_("%s [%s]: "), description, default_value);
  else
    /* Translators: asking for an input on the terminal: its description */
    g_printerr (_("%s: "), description);
  fflush (stderr);

  g_data_input_stream_read_line_async (prompt->lines, G_PRIORITY_DEFAULT,
                                       prompt->app->cancellable, line_read_cb, prompt);
}

static gboolean
on_input_requested (McpServerRegistry *registry,
                    McpInputRequest   *request,
                    gpointer           user_data)
{
  CliApp *app = user_data;
  CliPrompt *prompt;

  /* Nobody to ask: the error says how to give it. */
  if (!isatty (STDIN_FILENO))
    {
      g_free (app->missing_input);
      app->missing_input = g_strdup (mcp_input_request_get_id (request));
      return FALSE;
    }

  if (app->prompt == NULL)
    {
      g_autoptr(GInputStream) in = g_unix_input_stream_new (STDIN_FILENO, FALSE);

      app->prompt = g_new0 (CliPrompt, 1);
      app->prompt->app = app;
      app->prompt->lines = g_data_input_stream_new (in);
    }
  prompt = app->prompt;

  /* The library asks for one input at a time. */
  g_return_val_if_fail (prompt->request == NULL, FALSE);
  prompt->request = g_object_ref (request);

  /* Translators: before asking for an input on the terminal */
  g_printerr (_("The server “%s” needs the input “%s”.\n"),
              mcp_input_request_get_server (request), mcp_input_request_get_id (request));
  ask (prompt);

  return TRUE;
}

gboolean
cli_app_load_registry (CliApp  *app,
                       GError **error)
{
  g_autofree char *cwd = NULL;
  g_autoptr(GFile) folder = NULL;

  if (app->registry != NULL)
    return TRUE;

  if (app->config_files == NULL)
    {
      app->registry = mcp_server_registry_new ();
    }
  else
    {
      app->registry = mcp_server_registry_new_empty ();

      for (guint i = 0; app->config_files[i] != NULL; i++)
        {
          g_autoptr(GFile) file = g_file_new_for_commandline_arg (app->config_files[i]);

          /* The user's file need not exist yet; one named on the command
           * line is a mistake if it does not. */
          if (!g_file_query_exists (file, NULL))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("The configuration file “%s” does not exist"),
                           app->config_files[i]);
              g_clear_object (&app->registry);
              return FALSE;
            }
          mcp_server_registry_add_file (app->registry, file);
        }
    }

  /* The values of inputs that `registry add` kept. */
  mcp_server_registry_set_use_keyring (app->registry, TRUE);

  /* ${workspaceFolder} is where the command runs. */
  cwd = g_get_current_dir ();
  folder = g_file_new_for_path (cwd);
  mcp_server_registry_set_workspace_folder (app->registry, folder);

  g_signal_connect (app->registry, "input-requested", G_CALLBACK (on_input_requested), app);

  return TRUE;
}

/* The files read, for messages. */
static char *
describe_files (CliApp *app)
{
  GListModel *files = mcp_server_registry_get_files (app->registry);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, i);

      g_ptr_array_add (names, g_file_get_parse_name (file));
    }
  g_ptr_array_add (names, NULL);

  return g_strjoinv (", ", (char **) names->pdata);
}

gboolean
cli_app_find_config (CliApp  *app,
                     GError **error)
{
  McpServerConfig *config;
  const GError *config_error;

  if (!cli_app_load_registry (app, error))
    return FALSE;

  config = mcp_server_registry_lookup (app->registry, app->config_server);
  if (config == NULL)
    {
      g_autofree char *files = describe_files (app);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("No server is named “%s” in %s (the servers command lists them)"),
                   app->config_server, files);
      return FALSE;
    }

  /* Its message says where the file is wrong. */
  if ((config_error = mcp_server_config_get_error (config)) != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           config_error->message);
      return FALSE;
    }

  app->config = g_object_ref (config);
  return TRUE;
}

gboolean
cli_config_is_remote (McpServerConfig *config)
{
  return mcp_server_config_get_transport_kind (config) != MCP_TRANSPORT_KIND_STDIO;
}

/* The command and its arguments, or the URL, as the file says them: the
 * variables are not expanded, so that no input's value is shown. */
char *
cli_config_describe_target (McpServerConfig *config)
{
  g_autoptr(GString) text = NULL;
  g_auto(GStrv) args = NULL;
  const char *command;

  if (cli_config_is_remote (config))
    return g_strdup (mcp_server_config_get_url (config));

  if ((command = mcp_server_config_get_command (config)) == NULL)
    return NULL;

  text = g_string_new (NULL);
  args = mcp_server_config_dup_args (config);

  for (guint i = 0; i == 0 || (args != NULL && args[i - 1] != NULL); i++)
    {
      const char *word = i == 0 ? command : args[i - 1];
      g_autofree char *quoted = NULL;

      if (i > 0)
        g_string_append_c (text, ' ');
      /* Quoted only when a shell would need it. */
      if (*word != '\0' && word[strcspn (word, " \t\n'\"\\$`*?[]{}()<>|&;#~!")] == '\0')
        g_string_append (text, word);
      else
        {
          quoted = g_shell_quote (word);
          g_string_append (text, quoted);
        }
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The value of the input @id given in advance: --input ID=VALUE, else the
 * variable MCP_INPUT_ID; NULL when neither gives it. */
const char *
cli_app_given_input (CliApp     *app,
                     const char *id)
{
  g_autofree char *variable = input_variable (id);
  size_t len = strlen (id);

  for (guint i = 0; app->inputs != NULL && app->inputs[i] != NULL; i++)
    if (strncmp (app->inputs[i], id, len) == 0 && app->inputs[i][len] == '=')
      return app->inputs[i] + len + 1;

  return g_getenv (variable);
}

/* The inputs given in advance: --input, then MCP_INPUT_* variables for
 * those of -c's server that --input did not give. */
static void
set_inputs (CliApp *app)
{
  g_auto(GStrv) ids = mcp_server_config_dup_input_ids (app->config);

  for (guint i = 0; app->inputs != NULL && app->inputs[i] != NULL; i++)
    {
      char *equals = strchr (app->inputs[i], '=');
      g_autofree char *id = g_strndup (app->inputs[i], equals - app->inputs[i]);

      mcp_server_registry_set_input (app->registry, id, equals + 1);
    }

  for (guint i = 0; ids[i] != NULL; i++)
    {
      const char *value = cli_app_given_input (app, ids[i]);

      if (value != NULL)
        mcp_server_registry_set_input (app->registry, ids[i], value);
    }
}

/* The URL of -c's remote server, for login and logout: its inputs must be
 * given in advance, nothing is asked. */
char *
cli_app_dup_configured_url (CliApp  *app,
                            GError **error)
{
  g_autoptr(McpTransport) transport = NULL;

  set_inputs (app);
  if ((transport = mcp_server_config_create_transport (app->config, error)) == NULL)
    return NULL;

  return g_strdup (mcp_http_transport_get_url (MCP_HTTP_TRANSPORT (transport)));
}

void
cli_app_create_configured_client (CliApp              *app,
                                  GAsyncReadyCallback  callback)
{
  g_assert (app->config != NULL);

  set_inputs (app);
  mcp_server_config_create_client_async (app->config, app->cancellable, callback, app);
}

McpClient *
cli_app_create_configured_client_finish (CliApp        *app,
                                         GAsyncResult  *result,
                                         GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  McpClient *client;

  client = mcp_server_config_create_client_finish (app->config, result, &local_error);
  if (client != NULL)
    return client;

  if (app->missing_input != NULL && !g_cancellable_is_cancelled (app->cancellable))
    {
      g_autofree char *variable = input_variable (app->missing_input);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("The server “%s” needs the input “%s”, and standard input is not a "
                     "terminal to ask for it on: give it with --input %s=VALUE, or in the "
                     "environment variable %s"),
                   app->config_server, app->missing_input, app->missing_input, variable);
      return NULL;
    }

  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}
