/* wb-application.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The workbench application: it owns the servers, reads them from the
 * command line, opens the window, and offers the actions that do not
 * belong to a window: `app.show-request` (the default action of a request's
 * notification), `app.screenshot`, `app.about` and `app.quit`. All of them
 * are exported on D-Bus, as GApplication does, which is how the headless
 * test drives the workbench.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "wb-application.h"
#include "wb-server.h"
#include "wb-window.h"

#define APPLICATION_ID "io.github.McpGlib.Workbench"

struct _WbApplication
{
  GtkApplication  parent_instance;

  GListStore     *servers;
  guint           sigterm_source;
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
}

static void
wb_application_activate (GApplication *application)
{
  WbApplication *self = WB_APPLICATION (application);
  WbWindow *window = get_window (self);

  if (window == NULL)
    window = wb_window_new (GTK_APPLICATION (self), G_LIST_MODEL (self->servers));

  gtk_window_present (GTK_WINDOW (window));
}

/* NAME=COMMAND, or a COMMAND named after its program. */
static gboolean
add_command_server (WbApplication  *self,
                    const char     *spec,
                    GError        **error)
{
  const char *equals = strchr (spec, '=');
  const char *space = strpbrk (spec, " \t");
  g_autofree char *name = NULL;
  g_auto(GStrv) argv = NULL;
  g_autoptr(WbServer) server = NULL;

  if (equals != NULL && (space == NULL || equals < space) && equals != spec)
    {
      name = g_strndup (spec, equals - spec);
      spec = equals + 1;
    }

  if (!g_shell_parse_argv (spec, NULL, &argv, error))
    return FALSE;
  if (name == NULL)
    name = g_path_get_basename (argv[0]);

  server = wb_server_new_for_command (name, (const char * const *) argv);
  g_list_store_append (self->servers, server);
  wb_server_start (server);

  return TRUE;
}

static void
add_url_server (WbApplication *self,
                const char    *spec)
{
  const char *equals = strchr (spec, '=');
  const char *colon = strchr (spec, ':');
  g_autofree char *name = NULL;
  g_autoptr(WbServer) server = NULL;

  if (equals != NULL && colon != NULL && equals < colon && equals != spec)
    {
      name = g_strndup (spec, equals - spec);
      spec = equals + 1;
    }
  else
    {
      g_autoptr(GUri) uri = g_uri_parse (spec, G_URI_FLAGS_NONE, NULL);

      name = g_strdup (uri != NULL && g_uri_get_host (uri) != NULL ? g_uri_get_host (uri) : spec);
    }

  server = wb_server_new_for_url (name, spec);
  g_list_store_append (self->servers, server);
  wb_server_start (server);
}

static int
wb_application_command_line (GApplication            *application,
                             GApplicationCommandLine *command_line)
{
  WbApplication *self = WB_APPLICATION (application);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree const char **commands = NULL;
  g_autofree const char **urls = NULL;

  if (g_variant_dict_lookup (options, "server", "^a&s", &commands))
    {
      for (guint i = 0; commands[i] != NULL; i++)
        {
          g_autoptr(GError) error = NULL;

          if (!add_command_server (self, commands[i], &error))
            {
              g_application_command_line_printerr (command_line, "%s: %s\n",
                                                   commands[i], error->message);
              return EXIT_FAILURE;
            }
        }
    }

  if (g_variant_dict_lookup (options, "url", "^a&s", &urls))
    {
      for (guint i = 0; urls[i] != NULL; i++)
        add_url_server (self, urls[i]);
    }

  g_application_activate (application);

  return EXIT_SUCCESS;
}

static void
wb_application_shutdown (GApplication *application)
{
  WbApplication *self = WB_APPLICATION (application);
  GListModel *servers = G_LIST_MODEL (self->servers);
  gboolean closing = TRUE;

  g_clear_handle_id (&self->sigterm_source, g_source_remove);
  g_clear_handle_id (&self->sigint_source, g_source_remove);

  /* Let every server end in its steps rather than be killed. */
  for (guint i = 0; i < g_list_model_get_n_items (servers); i++)
    {
      g_autoptr(WbServer) server = g_list_model_get_item (servers, i);

      wb_server_stop (server);
    }

  while (closing)
    {
      closing = FALSE;
      for (guint i = 0; i < g_list_model_get_n_items (servers) && !closing; i++)
        {
          g_autoptr(WbServer) server = g_list_model_get_item (servers, i);

          closing = wb_server_is_closing (server);
        }
      if (closing)
        g_main_context_iteration (NULL, TRUE);
    }

  G_APPLICATION_CLASS (wb_application_parent_class)->shutdown (application);
}

static void
wb_application_finalize (GObject *object)
{
  WbApplication *self = WB_APPLICATION (object);

  g_clear_object (&self->servers);

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

static void
wb_application_init (WbApplication *self)
{
  const GOptionEntry entries[] = {
    { "server", 's', G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING_ARRAY, NULL,
      N_("Talk to the server started by COMMAND (a shell-quoted command line), named NAME if "
         "given"), N_("[NAME=]COMMAND") },
    { "url", 'u', G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING_ARRAY, NULL,
      N_("Talk to the Streamable HTTP server at URL, named NAME if given"), N_("[NAME=]URL") },
    { NULL }
  };

  self->servers = g_list_store_new (WB_TYPE_SERVER);
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
