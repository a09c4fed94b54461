/* mcp-glib-client.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* What the parts of mcp-glib-client share: the state of one run (CliApp),
 * the shape of a command (CliCommand) and the commands themselves, the
 * connection (connection.c), the output (output.c) and the parsing of
 * command arguments (arguments.c). Each command lives in a
 * command-*.c file; adding one is a matter of that file, its declaration
 * at the end of this header and its entry in the table of
 * mcp-glib-client.c.
 */

#pragma once

#include <stdio.h>

#include <termios.h>

#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

/* The exit statuses, documented in --help and in the manual page. A signal
 * that interrupts a command gives 128 + its number, as a shell would. */
enum
{
  EXIT_OK = 0,
  EXIT_TOOL_ERROR = 1,
  EXIT_USAGE = 2,
  EXIT_CONNECTION = 3,
  EXIT_REFUSED = 4,
};

/* --timeout or --connect-timeout was not given: the library's defaults
 * apply. */
#define TIMEOUT_UNSET G_MININT

typedef struct _CliApp CliApp;
typedef struct _CliPrompt CliPrompt;
typedef struct _CliToolArguments CliToolArguments;

typedef enum
{
  CLI_COMMAND_FOLLOWS = 1 << 0,     /* runs until interrupted; takes --subscribe */
  CLI_COMMAND_OUTPUT  = 1 << 1,     /* takes --output */
} CliCommandFlags;

typedef struct
{
  const char      *name;
  const char      *arguments;         /* N_(), "" for none */
  const char      *summary;           /* N_() */
  CliCommandFlags  flags;
  /* Checks the command's arguments before any server is started. */
  gboolean       (*parse)       (CliApp      *app,
                                 char       **args,
                                 GError     **error);
  /* Optional: sets the client up before it connects. */
  void           (*prepare)     (CliApp      *app);
  /* Runs the command once the client is connected; it ends with
   * cli_app_finish(). */
  void           (*run)         (CliApp      *app);
  /* Or runs the command without a server, returning the exit status. */
  int            (*run_offline) (CliApp      *app);
} CliCommand;

struct _CliApp
{
  /* Options */
  char          *server;
  char         **server_argv;
  char          *url;
  char          *registry_url;      /* --registry, for the registry command */
  char         **config_files;      /* --config */
  char          *config_server;     /* -c, a server of the configuration */
  char         **inputs;            /* --input ID=VALUE */
  char          *client_id;
  char         **headers;
  char          *ca_file;           /* --ca-file */
  char          *cert;              /* --cert */
  char          *key;               /* --key */
  char          *proxy;             /* --proxy */
  char         **env;
  char         **inherit_env;
  char         **subscribe;
  char          *log_level_name;
  char          *protocol;          /* auto, legacy or a revision */
  char          *format;            /* with tools: a model API's definitions */
  char          *output;            /* where binary content is saved */
  int            timeout;           /* of each request, in ms */
  int            connect_timeout;   /* of starting the server and the handshake */
  gboolean       json;
  gboolean       names;
  gboolean       version;
  GOptionContext *context;

  /* The command and its arguments */
  const CliCommand *command;
  char          *name;              /* the tool, prompt, URI or template */
  CliToolArguments *tool_arguments; /* the tool's, for call and follow */
  GHashTable    *strings;           /* the prompt's arguments, or the completion's context */
  gpointer       command_data;      /* whatever else the command keeps */
  GDestroyNotify command_data_free;
  McpLogLevel    log_level;

  /* The configuration (config.c), for -c and servers */
  McpServerRegistry *registry;
  McpServerConfig *config;          /* -c's */
  CliPrompt     *prompt;            /* an input being asked for */
  char          *missing_input;     /* the input stdin could not give */
  gboolean       input_declined;    /* Ctrl+D at the prompt */

  /* The connection */
  GMainLoop     *loop;
  McpClient     *client;
  GCancellable  *cancellable;
  guint          sigint_source;
  guint          sigterm_source;
  gboolean       stdout_is_terminal;
  gboolean       progress_shown;
  guint          n_saved;           /* files saved to --output */
  gboolean       done;
  gboolean       closing;
  int            signum;
  int            status;
};

/* connection.c */
int          cli_app_run_command        (CliApp        *app);
void         cli_app_finish             (CliApp        *app,
                                         int            status);
void         cli_app_fail_request       (CliApp        *app,
                                         const GError  *error,
                                         const char    *context);
gboolean     cli_app_is_following       (CliApp        *app);

/* sandbox-options.c */
GOptionGroup *cli_sandbox_option_group  (void);
void         cli_sandbox_apply          (McpStdioTransport *transport);
gboolean     cli_sandbox_refused        (void);
void         cli_sandbox_clear          (void);

/* config.c */
gboolean     cli_app_load_registry      (CliApp        *app,
                                         GError       **error);
gboolean     cli_app_find_config        (CliApp        *app,
                                         GError       **error);
void         cli_app_create_configured_client (CliApp        *app,
                                               GAsyncReadyCallback callback);
McpClient   *cli_app_create_configured_client_finish (CliApp        *app,
                                                      GAsyncResult  *result,
                                                      GError       **error);
void         cli_app_clear_config       (CliApp        *app);
char        *cli_app_dup_configured_url (CliApp        *app,
                                         GError       **error);
gboolean     cli_config_is_remote       (McpServerConfig *config);
const char  *cli_app_given_input        (CliApp        *app,
                                         const char    *id);
gboolean     cli_terminal_echo_off      (struct termios *saved);
void         cli_terminal_echo_on       (struct termios *saved);
char        *cli_config_describe_target (McpServerConfig *config);

/* command-login.c */
McpAuthorization *cli_app_new_authorization (CliApp    *app,
                                             gboolean  *persistent);

/* errors.c */
void         cli_app_configure_network  (CliApp        *app,
                                         McpHttpTransport *transport);
const char  *cli_network_hint           (const GError  *error);
char        *cli_describe_error         (CliApp        *app,
                                         const GError  *error);

/* output.c */
#define CLI_COUNT_SIZE 24
const char  *cli_format_count           (char           buffer[CLI_COUNT_SIZE],
                                         guint64        count);
void         cli_print_error            (const char    *format,
                                         ...) G_GNUC_PRINTF (1, 2);
void         cli_clear_progress         (CliApp        *app);
void         cli_print_text             (FILE          *out,
                                         const char    *text);
void         cli_print_indented         (FILE          *out,
                                         const char    *indent,
                                         const char    *text);
void         cli_print_json_node_to     (FILE          *out,
                                         JsonNode      *node,
                                         gboolean       pretty);
void         cli_print_json_node        (JsonNode      *node,
                                         gboolean       pretty);
void         cli_print_json_object      (JsonObject    *object,
                                         gboolean       pretty);
void         cli_print_list_json        (GListModel    *list,
                                         const char    *member);
char        *cli_node_to_display_string (JsonNode      *node);
void         cli_print_heading          (const char    *name,
                                         const char    *title,
                                         const char    *description);
char        *cli_save_output            (CliApp        *app,
                                         GBytes        *data);
gboolean     cli_print_binary           (CliApp        *app,
                                         FILE          *out,
                                         const char    *kind,
                                         const char    *uri,
                                         const char    *mime_type,
                                         GBytes        *data,
                                         const char    *hint);
gboolean     cli_save_binary_content    (CliApp        *app,
                                         McpContent    *block);
gboolean     cli_print_content          (CliApp        *app,
                                         FILE          *out,
                                         McpContent    *block);
void         cli_check_saved            (CliApp        *app);
gboolean     cli_print_tool_result      (CliApp        *app,
                                         McpToolResult *result);
JsonObject  *cli_dup_server_json        (CliApp        *app);
void         cli_print_server_info      (CliApp        *app);
char        *cli_format_log_message     (McpLogLevel    level,
                                         const char    *logger,
                                         JsonNode      *data);

/* arguments.c */
gboolean     cli_expect_arguments       (CliApp        *app,
                                         char         **args,
                                         guint          min,
                                         guint          max,
                                         GError       **error);
const char  *cli_command_arguments      (const CliCommand *command);
gboolean     cli_parse_key_values       (CliApp        *app,
                                         char         **args,
                                         GError       **error);
gboolean     cli_parse_nothing          (CliApp        *app,
                                         char         **args,
                                         GError       **error);
gboolean     cli_parse_optional_name    (CliApp        *app,
                                         char         **args,
                                         GError       **error);
gboolean     cli_parse_name             (CliApp        *app,
                                         char         **args,
                                         GError       **error);

/* tool-arguments.c */
JsonNode    *cli_parse_json             (const char    *text,
                                         GError       **error);
CliToolArguments *cli_tool_arguments_parse (char     **args,
                                            GError   **error);
gboolean     cli_tool_arguments_need_schema (CliToolArguments *self);
JsonObject  *cli_tool_arguments_build   (CliToolArguments *self,
                                         McpTool       *tool,
                                         GError       **error);
void         cli_tool_arguments_free    (CliToolArguments *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliToolArguments, cli_tool_arguments_free)

/* command-list.c, for the overview and call */
void         cli_print_tools            (CliApp        *app,
                                         GListModel    *tools);
McpTool     *cli_find_tool              (GListModel    *tools,
                                         const char    *name);

/* command-call.c, for follow */
gboolean     cli_parse_tool_call        (CliApp        *app,
                                         char         **args,
                                         GError       **error);
void         cli_call_tool              (CliApp        *app);

/* The commands, one table entry each in mcp-glib-client.c. */
extern const CliCommand cli_overview_command;
extern const CliCommand cli_info_command;
extern const CliCommand cli_ping_command;
extern const CliCommand cli_tools_command;
extern const CliCommand cli_resources_command;
extern const CliCommand cli_templates_command;
extern const CliCommand cli_prompts_command;
extern const CliCommand cli_call_command;
extern const CliCommand cli_read_command;
extern const CliCommand cli_prompt_command;
extern const CliCommand cli_complete_command;
extern const CliCommand cli_follow_command;
extern const CliCommand cli_login_command;
extern const CliCommand cli_logout_command;
extern const CliCommand cli_servers_command;
extern const CliCommand cli_registry_command;
extern const CliCommand cli_help_command;

G_END_DECLS
