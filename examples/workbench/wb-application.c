/* wb-application.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The workbench application: it owns the servers, an McpServerRegistry of
 * the configured ones (the files of `--config`, or the user's own file)
 * and an McpClientGroup that connects them all, with the servers of
 * `--server` and `--url` added to the group for this session only. It opens
 * the window, and offers the actions that do not belong to a window:
 * `app.show-request` (the default action of a request's notification),
 * `app.screenshot`, `app.about` and `app.quit`. All of them are exported on
 * D-Bus, as GApplication does, which is how the headless test drives the
 * workbench.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <mcp-glib/mcp-glib.h>

#include "wb-app-panel.h"
#include "wb-application.h"
#include "wb-window.h"

#define APPLICATION_ID "io.github.McpGlib.Workbench"

struct _WbApplication
{
  GtkApplication  parent_instance;

  McpServerRegistry *registry;
  McpClientGroup    *group;
  gboolean           configured;
  /* The servers connect once the credential store is known. */
  gboolean           connect_pending;
  guint              sigterm_source;
  guint           sigint_source;
};

G_DEFINE_FINAL_TYPE (WbApplication, wb_application, GTK_TYPE_APPLICATION)

static WbWindow *
get_window (WbApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (WB_IS_WINDOW (window))
    return WB_WINDOW (window);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      if (WB_IS_WINDOW (l->data))
        return l->data;
    }

  return NULL;
}

static void
show_request_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  WbApplication *self = user_data;
  WbWindow *window = get_window (self);

  if (window != NULL)
    wb_window_present_request (window, g_variant_get_string (parameter, NULL));
}

static void
on_screenshot_saved (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GApplication) application = user_data;
  g_autoptr(GError) error = NULL;

  if (!wb_window_save_screenshot_finish (WB_WINDOW (object), result, &error))
    g_warning ("No screenshot: %s", error->message);
  g_application_release (application);
}

static void
screenshot_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  WbApplication *self = user_data;
  WbWindow *window = get_window (self);

  if (window == NULL)
    {
      g_warning ("No screenshot: there is no window");
      return;
    }

  g_application_hold (G_APPLICATION (self));
  wb_window_save_screenshot_async (window, g_variant_get_string (parameter, NULL),
                                   on_screenshot_saved, g_object_ref (self));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  WbApplication *self = user_data;
  const char *authors[] = { "The mcp-glib authors", NULL };

  gtk_show_about_dialog (GTK_WINDOW (get_window (self)),
                         "program-name", _("MCP Workbench"),
                         "logo-icon-name", "applications-engineering-symbolic",
                         "version", PACKAGE_VERSION,
                         "comments", _("Try Model Context Protocol servers: their tools, "
                                       "resources and prompts"),
                         "license-type", GTK_LICENSE_LGPL_2_1,
                         "authors", authors,
                         NULL);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

/* Quitting closes the servers in their steps; a plain SIGTERM would leave
 * that to their dying pipes.
 */
static gboolean
on_terminate (gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));

  return G_SOURCE_CONTINUE;
}

static const GActionEntry app_actions[] = {
  { "show-request", show_request_activated, "s" },
  { "screenshot", screenshot_activated, "s" },
  { "about", about_activated },
  { "quit", quit_activated },
};

/* Sign-ins are kept in the desktop's keyring when there is one, so that
 * the workbench does not ask again the next time; else in memory, for as
 * long as it runs. The servers connect once the store is known.
 */
static void
on_credential_store (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(WbApplication) self = user_data;
  g_autoptr(McpCredentialStore) store = NULL;

  store = mcp_credential_store_new_for_desktop_finish (result, NULL, NULL);

  mcp_client_group_set_credential_store (self->group, store);
  if (self->connect_pending)
    mcp_client_group_connect_async (self->group, NULL, NULL, NULL);
  self->connect_pending = FALSE;
  g_application_release (G_APPLICATION (self));
}

static void
wb_application_startup (GApplication *application)
{
  const char *quit_accels[] = { "<Control>q", NULL };

  G_APPLICATION_CLASS (wb_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions,
                                   G_N_ELEMENTS (app_actions), application);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "app.quit",
                                         quit_accels);
  WB_APPLICATION (application)->sigterm_source = g_unix_signal_add (SIGTERM, on_terminate,
                                                                    application);
  WB_APPLICATION (application)->sigint_source = g_unix_signal_add (SIGINT, on_terminate,
                                                                   application);
  g_application_hold (application);
  mcp_credential_store_new_for_desktop_async (NULL, on_credential_store, g_object_ref (application));
}

static void
wb_application_activate (GApplication *application)
{
  WbApplication *self = WB_APPLICATION (application);
  WbWindow *window = get_window (self);

  if (window == NULL)
    window = wb_window_new (GTK_APPLICATION (self), self->group);

  gtk_window_present (GTK_WINDOW (window));
}

/* Splits "NAME=VALUE" when NAME comes before @stop (a space in a command,
 * the colon of a URL), so that a value with "=" in it is not taken for a
 * name.
 */
static char *
split_name (const char  *spec,
            const char  *stop,
            const char **value)
{
  const char *equals = strchr (spec, '=');

  *value = spec;
  if (equals == NULL || equals == spec || (stop != NULL && stop < equals))
    return NULL;

  *value = equals + 1;
  return g_strndup (spec, equals - spec);
}

/* --server [NAME=]COMMAND: a server named after its program by default. */
static McpServerConfig *
command_server (const char  *spec,
                GError     **error)
{
  const char *command;
  g_autofree char *name = split_name (spec, strpbrk (spec, " \t"), &command);
  g_auto(GStrv) argv = NULL;

  if (!g_shell_parse_argv (command, NULL, &argv, error))
    return NULL;
  if (name == NULL)
    name = g_path_get_basename (argv[0]);

  return mcp_server_config_new_stdio (name, (const char * const *) argv);
}

/* --url [NAME=]URL: a server named after its host by default. */
static McpServerConfig *
url_server (const char *spec)
{
  const char *url;
  g_autofree char *name = split_name (spec, strchr (spec, ':'), &url);

  if (name == NULL)
    {
      g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);

      name = g_strdup (uri != NULL && g_uri_get_host (uri) != NULL ? g_uri_get_host (uri) : url);
    }

  return mcp_server_config_new_http (name, url);
}

/* The servers of the command line are the group's, not the registry's:
 * they are not written to any file.
 */
static gboolean
add_servers (WbApplication            *self,
             GApplicationCommandLine  *command_line,
             const char              **specs,
             gboolean                  urls)
{
  for (guint i = 0; specs != NULL && specs[i] != NULL; i++)
    {
      g_autoptr(McpServerConfig) config = NULL;
      g_autoptr(GError) error = NULL;

      config = urls ? url_server (specs[i]) : command_server (specs[i], &error);
      if (config == NULL || mcp_client_group_add_config (self->group, config, &error) == NULL)
        {
          g_application_command_line_printerr (command_line, "%s: %s\n", specs[i],
                                               error->message);
          return FALSE;
        }
    }

  return TRUE;
}

static int
wb_application_command_line (GApplication            *application,
                             GApplicationCommandLine *command_line)
{
  WbApplication *self = WB_APPLICATION (application);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree const char **configs = NULL;
  g_autofree const char **commands = NULL;
  g_autofree const char **urls = NULL;

  /* A path is relative to where the command ran: that may be another
   * process, the instance that was started first receiving its command
   * line.
   */
  if (g_variant_dict_lookup (options, "config", "^a&ay", &configs))
    {
      for (guint i = 0; configs[i] != NULL; i++)
        {
          g_autoptr(GFile) file = g_application_command_line_create_file_for_arg (command_line,
                                                                                  configs[i]);

          mcp_server_registry_add_file (self->registry, file);
        }
    }
  else if (!self->configured)
    {
      g_autoptr(GFile) file = mcp_server_registry_get_user_file ();

      mcp_server_registry_add_file (self->registry, file);
    }
  self->configured = TRUE;

  g_variant_dict_lookup (options, "server", "^a&s", &commands);
  g_variant_dict_lookup (options, "url", "^a&s", &urls);
  if (!add_servers (self, command_line, commands, FALSE)
      || !add_servers (self, command_line, urls, TRUE))
    return EXIT_FAILURE;

  /* The window answers the inputs that servers need as they start. */
  g_application_activate (application);
  if (mcp_client_group_get_credential_store (self->group) != NULL)
    mcp_client_group_connect_async (self->group, NULL, NULL, NULL);
  else
    self->connect_pending = TRUE;

  return EXIT_SUCCESS;
}

static void
on_group_closed (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  gboolean *closing = user_data;

  mcp_client_group_close_finish (MCP_CLIENT_GROUP (object), result, NULL);
  *closing = FALSE;
}

static void
wb_application_shutdown (GApplication *application)
{
  WbApplication *self = WB_APPLICATION (application);
  gboolean closing = TRUE;

  g_clear_handle_id (&self->sigterm_source, g_source_remove);
  g_clear_handle_id (&self->sigint_source, g_source_remove);

  /* Let every server end in its steps rather than be killed. */
  mcp_client_group_close_async (self->group, NULL, on_group_closed, &closing);
  while (closing)
    g_main_context_iteration (NULL, TRUE);

  G_APPLICATION_CLASS (wb_application_parent_class)->shutdown (application);
}

static void
wb_application_finalize (GObject *object)
{
  WbApplication *self = WB_APPLICATION (object);

  g_clear_object (&self->group);
  g_clear_object (&self->registry);

  G_OBJECT_CLASS (wb_application_parent_class)->finalize (object);
}

static void
wb_application_class_init (WbApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = wb_application_finalize;
  application_class->startup = wb_application_startup;
  application_class->activate = wb_application_activate;
  application_class->command_line = wb_application_command_line;
  application_class->shutdown = wb_application_shutdown;
}

/* Every client says who it is, for the server's logs, and so does every
 * sign-in, to the authorization server that registers the workbench.
 */
static void
on_client_created (McpClientGroup *group,
                   McpGroupServer *server,
                   McpClient      *client)
{
  McpTransport *transport = mcp_client_get_transport (client);

  mcp_client_set_client_name (client, "mcp-glib-workbench");
  mcp_client_set_client_version (client, PACKAGE_VERSION);
  /* Servers offer their tools' views only to a client that can show them. */
  if (wb_app_panel_is_supported ())
    mcp_app_session_declare_extension (client);

  if (MCP_IS_HTTP_TRANSPORT (transport)
      && mcp_http_transport_get_authorization (MCP_HTTP_TRANSPORT (transport)) != NULL)
    {
      McpAuthorization *authorization =
        mcp_http_transport_get_authorization (MCP_HTTP_TRANSPORT (transport));

      /* TRANSLATORS: the name the workbench registers under with the
       * servers the user signs in to; they may show it on their page.
       */
      mcp_authorization_set_client_name (authorization, _("MCP Workbench"));
    }
}

static void
wb_application_init (WbApplication *self)
{
  const GOptionEntry entries[] = {
    { "config", 'c', G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME_ARRAY, NULL,
      N_("Read the servers of FILE, an mcp.json of VS Code or a file with “mcpServers”, "
         "instead of the user’s own file"), N_("FILE") },
    { "server", 's', G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING_ARRAY, NULL,
      N_("Talk to the server started by COMMAND (a shell-quoted command line), named NAME if "
         "given, for this session only"), N_("[NAME=]COMMAND") },
    { "url", 'u', G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING_ARRAY, NULL,
      N_("Talk to the Streamable HTTP server at URL, named NAME if given, for this session "
         "only"), N_("[NAME=]URL") },
    { NULL }
  };

  self->registry = mcp_server_registry_new_empty ();
  /* The values of inputs the registry's page was given are kept there. */
  mcp_server_registry_set_use_keyring (self->registry, TRUE);
  self->group = mcp_client_group_new_for_registry (self->registry);
  /* What the workbench answers: sampling (shown to the user for approval)
   * and elicitation in both modes.
   */
  mcp_client_group_set_features (self->group,
                                 MCP_CLIENT_FEATURES_SAMPLING
                                 | MCP_CLIENT_FEATURES_ELICITATION_FORM
                                 | MCP_CLIENT_FEATURES_ELICITATION_URL);
  g_signal_connect (self->group, "client-created", G_CALLBACK (on_client_created), NULL);
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Try Model Context Protocol servers: their tools, "
                                              "resources and prompts."));
}

WbApplication *
wb_application_new (void)
{
  return g_object_new (WB_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE,
                       NULL);
}
