/* wb-server-dialog.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Adds a server to the registry, or edits or removes one, and saves the
 * registry: mcp-glib writes only the members that changed, in the file as
 * it is then, so that the rest of the user's file (other entries, unknown
 * members, comments) stays as it was. For the same reason the dialog sets
 * only the fields the user changed. The client group follows the registry
 * by itself: a new server starts, a changed one restarts, a removed one
 * stops.
 *
 * A server given on the command line is the group's, not the registry's:
 * it can be edited and removed too, for the session, and nothing is saved.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-network-editor.h"
#include "wb-sandbox-editor.h"
#include "wb-server-dialog.h"

struct _WbServerDialog
{
  GtkWindow        parent_instance;

  GtkEntry        *name_entry;
  GtkDropDown     *kind_drop_down;
  GtkWidget       *command_box;
  GtkEntry        *command_entry;
  GtkWidget       *env_box;
  GtkTextView     *env_view;
  WbSandboxEditor *sandbox_editor;
  GtkWidget       *url_box;
  GtkEntry        *url_entry;
  GtkWidget       *headers_box;
  GtkTextView     *headers_view;
  WbNetworkEditor *network_editor;
  GtkSwitch       *disabled_switch;
  GtkWidget       *file_box;
  GtkDropDown     *file_drop_down;
  GtkLabel        *location_label;
  GtkLabel        *error_label;
  GtkButton       *save_button;
  GtkButton       *remove_button;

  McpClientGroup  *group;
  McpServerConfig *config;
  GCancellable    *saving;

  /* What the fields said when the dialog opened. */
  McpTransportKind kind;
  char            *command;
  char            *env;
  char            *url;
  char            *headers;
};

G_DEFINE_FINAL_TYPE (WbServerDialog, wb_server_dialog, GTK_TYPE_WINDOW)

static void
show_error (WbServerDialog *self,
            const char     *message)
{
  gtk_label_set_text (self->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

static char *
get_text (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);

  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* Quotes only what a shell would split or expand, so that the command
 * reads as it was typed.
 */
static void
append_word (GString    *line,
             const char *word)
{
  const char *plain = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%+=:,./_-";

  if (line->len > 0)
    g_string_append_c (line, ' ');

  if (*word != '\0' && word[strspn (word, plain)] == '\0')
    {
      g_string_append (line, word);
    }
  else
    {
      g_autofree char *quoted = g_shell_quote (word);

      g_string_append (line, quoted);
    }
}

static char *
command_line (McpServerConfig *config)
{
  g_auto(GStrv) args = mcp_server_config_dup_args (config);
  const char *command = mcp_server_config_get_command (config);
  GString *line = g_string_new (NULL);

  if (command != NULL)
    append_word (line, command);
  for (guint i = 0; command != NULL && args != NULL && args[i] != NULL; i++)
    append_word (line, args[i]);

  return g_string_free (line, FALSE);
}

/* Lines of NAME<separator>value, for the string members of @object. */
static char *
pairs_text (JsonObject *object,
            const char *separator)
{
  GString *text = g_string_new (NULL);
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  if (object == NULL)
    return g_string_free (text, FALSE);

  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &name, &value))
    {
      if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_STRING)
        g_string_append_printf (text, "%s%s%s\n", name, separator, json_node_get_string (value));
    }

  return g_string_free (text, FALSE);
}

/* The reverse of pairs_text(): FALSE on error, and *@object NULL for no
 * lines at all.
 */
static gboolean
parse_pairs (const char  *text,
             char         separator,
             const char  *what,
             JsonObject **pairs,
             GError     **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(JsonObject) object = json_object_new ();

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *split = strchr (line, separator);

      if (*line == '\0')
        continue;

      if (split == NULL || split == line)
        {
          /* TRANSLATORS: %u is a line number; %s is “the environment” or
           * “the headers” */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Line %u of %s has no name and value"), i + 1, what);
          return FALSE;
        }

      *split = '\0';
      json_object_set_string_member (object, g_strchomp (line), g_strchug (split + 1));
    }

  *pairs = json_object_get_size (object) > 0 ? g_steal_pointer (&object) : NULL;
  return TRUE;
}

static void
on_kind_changed (WbServerDialog *self)
{
  gboolean local = gtk_drop_down_get_selected (self->kind_drop_down) == MCP_TRANSPORT_KIND_STDIO;

  gtk_widget_set_visible (self->command_box, local);
  gtk_widget_set_visible (self->env_box, local);
  gtk_widget_set_visible (self->url_box, !local);
  gtk_widget_set_visible (self->headers_box, !local);
}

/* What the fields say, checked: the command as argv, the variables and the
 * headers as objects. Each is set only when its field changed.
 */
typedef struct
{
  McpTransportKind   kind;
  char             **argv;
  JsonObject        *env;
  char              *url;
  JsonObject        *headers;
  JsonObject        *network;
  gboolean           network_changed;
  gboolean           command_changed;
  gboolean           env_changed;
  gboolean           url_changed;
  gboolean           headers_changed;
} Fields;

static void
fields_clear (Fields *fields)
{
  g_clear_pointer (&fields->argv, g_strfreev);
  g_clear_pointer (&fields->env, json_object_unref);
  g_clear_pointer (&fields->url, g_free);
  g_clear_pointer (&fields->headers, json_object_unref);
  g_clear_pointer (&fields->network, json_object_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fields, fields_clear)

static gboolean
read_fields (WbServerDialog  *self,
             Fields          *fields,
             GError         **error)
{
  const char *command = gtk_editable_get_text (GTK_EDITABLE (self->command_entry));
  const char *url = gtk_editable_get_text (GTK_EDITABLE (self->url_entry));
  g_autofree char *blank = g_strstrip (g_strdup (command));
  g_autofree char *env = get_text (self->env_view);
  g_autofree char *headers = get_text (self->headers_view);

  fields->kind = gtk_drop_down_get_selected (self->kind_drop_down);

  if (fields->kind == MCP_TRANSPORT_KIND_STDIO)
    {
      fields->command_changed = g_strcmp0 (command, self->command) != 0
                                || fields->kind != self->kind;
      fields->env_changed = g_strcmp0 (env, self->env) != 0;

      if (*blank == '\0')
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("The server needs a command that starts it"));
          return FALSE;
        }
      if (!g_shell_parse_argv (command, NULL, &fields->argv, error))
        return FALSE;
      return parse_pairs (env, '=', _("the environment"), &fields->env, error);
    }

  fields->url_changed = g_strcmp0 (url, self->url) != 0 || fields->kind != self->kind;
  fields->headers_changed = g_strcmp0 (headers, self->headers) != 0;
  fields->network_changed = wb_network_editor_get_changed (self->network_editor);
  fields->network = wb_network_editor_dup_network (self->network_editor);
  fields->url = g_strstrip (g_strdup (url));

  if (!g_uri_is_valid (fields->url, G_URI_FLAGS_NONE, NULL)
      || (!g_str_has_prefix (fields->url, "http://")
          && !g_str_has_prefix (fields->url, "https://")))
    {
      /* TRANSLATORS: %s is what the user typed as the server's URL */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not an http or https URL"), fields->url);
      return FALSE;
    }
  return parse_pairs (headers, ':', _("the headers"), &fields->headers, error);
}

/* Sets the members that changed, and removes those of the other transport
 * when the transport changed.
 */
static void
apply_fields (McpServerConfig *config,
              Fields          *fields,
              gboolean         disabled)
{
  gboolean local = fields->kind == MCP_TRANSPORT_KIND_STDIO;

  /* Not written when it is what the entry says already, explicitly or not. */
  if (mcp_server_config_get_transport_kind (config) != fields->kind)
    mcp_server_config_set_transport_kind (config, fields->kind);

  if (fields->command_changed)
    {
      mcp_server_config_set_command (config, fields->argv[0]);
      mcp_server_config_set_args (config, (const char * const *) fields->argv + 1);
    }
  if (fields->env_changed)
    mcp_server_config_set_env (config, fields->env);
  if (fields->url_changed)
    mcp_server_config_set_url (config, fields->url);
  if (fields->headers_changed)
    mcp_server_config_set_headers (config, fields->headers);
  if (fields->network_changed)
    mcp_server_config_set_network (config, fields->network);

  if (local && mcp_server_config_get_url (config) != NULL)
    {
      mcp_server_config_set_url (config, NULL);
      mcp_server_config_set_headers (config, NULL);
      mcp_server_config_set_network (config, NULL);
    }
  if (!local && mcp_server_config_get_command (config) != NULL)
    {
      mcp_server_config_set_command (config, NULL);
      mcp_server_config_set_args (config, NULL);
      mcp_server_config_set_env (config, NULL);
    }

  mcp_server_config_set_disabled (config, disabled);
}

static gboolean
in_registry (WbServerDialog *self)
{
  McpServerRegistry *registry = mcp_client_group_get_registry (self->group);

  return mcp_server_registry_lookup (registry, mcp_server_config_get_name (self->config))
         == self->config;
}

static void
on_saved (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(WbServerDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean saved = mcp_server_registry_save_finish (MCP_SERVER_REGISTRY (object), result, &error);

  /* The dialog went with its parent. */
  if (self->saving == NULL)
    return;

  g_clear_object (&self->saving);
  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), TRUE);
  if (saved)
    gtk_window_destroy (GTK_WINDOW (self));
  else
    show_error (self, error->message);
}

/* A new server is complete before it goes to the file chosen, so that the
 * group starts it as it is meant to be, or not at all when it is disabled.
 */
static McpServerConfig *
add_server (WbServerDialog  *self,
            Fields          *fields,
            gboolean         disabled,
            GError         **error)
{
  McpServerRegistry *registry = mcp_client_group_get_registry (self->group);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  g_autofree char *name = g_strstrip (g_strdup (text));
  g_autoptr(McpServerConfig) config = NULL;
  GFile *file = gtk_drop_down_get_selected_item (self->file_drop_down);

  if (*name == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The server needs a name"));
      return NULL;
    }
  if (mcp_client_group_lookup_server (self->group, name) != NULL)
    {
      /* TRANSLATORS: %s is the name of a server */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("There is a server named “%s” already"), name);
      return NULL;
    }

  if (fields->kind == MCP_TRANSPORT_KIND_STDIO)
    config = mcp_server_config_new_stdio (name, (const char * const *) fields->argv);
  else
    config = mcp_server_config_new_http (name, fields->url);
  apply_fields (config, fields, disabled);
  wb_sandbox_editor_apply (self->sandbox_editor, config);

  if (!mcp_server_registry_add (registry, config, file, error))
    return NULL;

  return g_steal_pointer (&config);
}

static void
save_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  WbServerDialog *self = WB_SERVER_DIALOG (widget);
  g_auto(Fields) fields = { 0, };
  g_autoptr(GError) error = NULL;
  gboolean disabled = gtk_switch_get_active (self->disabled_switch);

  if (self->saving != NULL)
    return;

  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);

  if (!read_fields (self, &fields, &error))
    {
      show_error (self, error->message);
      return;
    }

  /* Once added, the server is edited: a save that failed can be tried
   * again.
   */
  if (self->config != NULL)
    {
      apply_fields (self->config, &fields, disabled);
      wb_sandbox_editor_apply (self->sandbox_editor, self->config);
    }
  else if ((self->config = add_server (self, &fields, disabled, &error)) != NULL)
    {
      gtk_editable_set_editable (GTK_EDITABLE (self->name_entry), FALSE);
    }
  else
    {
      show_error (self, error->message);
      return;
    }

  if (!in_registry (self))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }

  /* The dialog stays until the file is written, to say if it could not be. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), FALSE);
  self->saving = g_cancellable_new ();
  mcp_server_registry_save_async (mcp_client_group_get_registry (self->group),
                                  self->saving, on_saved, g_object_ref (self));
}

/* The window removes it, as its win.remove-server action does for anyone. */
static void
remove_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  WbServerDialog *self = WB_SERVER_DIALOG (widget);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  if (self->saving != NULL)
    return;

  if (self->config != NULL && parent != NULL)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.remove-server", "s",
                                mcp_server_config_get_name (self->config));
  gtk_window_destroy (GTK_WINDOW (self));
}

/* While the file is written, the dialog stays: it says whether that worked. */
static gboolean
wb_server_dialog_close_request (GtkWindow *window)
{
  WbServerDialog *self = WB_SERVER_DIALOG (window);

  return self->saving != NULL;
}

static void
wb_server_dialog_dispose (GObject *object)
{
  WbServerDialog *self = WB_SERVER_DIALOG (object);

  g_cancellable_cancel (self->saving);
  g_clear_object (&self->saving);
  g_clear_object (&self->config);
  g_clear_object (&self->group);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_SERVER_DIALOG);

  G_OBJECT_CLASS (wb_server_dialog_parent_class)->dispose (object);
}

static void
wb_server_dialog_finalize (GObject *object)
{
  WbServerDialog *self = WB_SERVER_DIALOG (object);

  g_free (self->command);
  g_free (self->env);
  g_free (self->url);
  g_free (self->headers);

  G_OBJECT_CLASS (wb_server_dialog_parent_class)->finalize (object);
}

static void
wb_server_dialog_class_init (WbServerDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = wb_server_dialog_dispose;
  object_class->finalize = wb_server_dialog_finalize;
  window_class->close_request = wb_server_dialog_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/McpGlib/Workbench/wb-server-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, kind_drop_down);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, command_box);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, command_entry);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, env_box);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, env_view);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, url_box);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, url_entry);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, headers_box);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, headers_view);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, disabled_switch);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, file_box);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, file_drop_down);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, location_label);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, save_button);
  gtk_widget_class_bind_template_child (widget_class, WbServerDialog, remove_button);

  gtk_widget_class_install_action (widget_class, "server.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "server.remove", NULL, remove_activated);
}

static void
wb_server_dialog_init (WbServerDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->network_editor = WB_NETWORK_EDITOR (wb_network_editor_new ());
  gtk_box_append (GTK_BOX (self->headers_box), GTK_WIDGET (self->network_editor));
  /* The sandbox of a local server, under its environment. */
  self->sandbox_editor = wb_sandbox_editor_new ();
  gtk_box_append (GTK_BOX (self->env_box), GTK_WIDGET (self->sandbox_editor));
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->save_button));
  g_signal_connect_swapped (self->kind_drop_down, "notify::selected",
                            G_CALLBACK (on_kind_changed), self);
}

static char *
file_path (GFile *file)
{
  return g_file_get_parse_name (file);
}

static void
set_text (GtkTextView *view,
          const char  *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), text, -1);
}

/* Fills the fields from @config, and remembers what they said. */
static void
show_config (WbServerDialog  *self,
             McpServerConfig *config)
{
  GFile *file = mcp_server_config_get_file (config);
  const char *url = mcp_server_config_get_url (config);
  g_autofree char *location = NULL;

  self->kind = mcp_server_config_get_transport_kind (config);
  self->command = command_line (config);
  self->env = pairs_text (mcp_server_config_get_env (config), "=");
  self->url = g_strdup (url != NULL ? url : "");
  self->headers = pairs_text (mcp_server_config_get_headers (config), ": ");

  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), mcp_server_config_get_name (config));
  gtk_editable_set_editable (GTK_EDITABLE (self->name_entry), FALSE);
  gtk_drop_down_set_selected (self->kind_drop_down, self->kind);
  gtk_editable_set_text (GTK_EDITABLE (self->command_entry), self->command);
  set_text (self->env_view, self->env);
  gtk_editable_set_text (GTK_EDITABLE (self->url_entry), self->url);
  set_text (self->headers_view, self->headers);
  wb_network_editor_set_network (self->network_editor, mcp_server_config_get_network (config));
  gtk_switch_set_active (self->disabled_switch, mcp_server_config_get_disabled (config));
  wb_sandbox_editor_show (self->sandbox_editor, config);

  if (file != NULL)
    {
      g_autofree char *path = file_path (file);

      /* TRANSLATORS: %s is the path of a configuration file */
      location = g_strdup_printf (_("Configured in %s"), path);
    }
  else
    {
      location = g_strdup (_("Given on the command line: changes last until the workbench "
                             "quits"));
    }
  gtk_label_set_text (self->location_label, location);
}

/* Creates the dialog that edits @config, or adds a server when @config is
 * %NULL.
 */
WbServerDialog *
wb_server_dialog_new (GtkWindow       *parent,
                      McpClientGroup  *group,
                      McpServerConfig *config)
{
  McpServerRegistry *registry;
  WbServerDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MCP_IS_CLIENT_GROUP (group), NULL);
  g_return_val_if_fail (config == NULL || MCP_IS_SERVER_CONFIG (config), NULL);

  registry = mcp_client_group_get_registry (group);
  g_return_val_if_fail (registry != NULL, NULL);

  self = g_object_new (WB_TYPE_SERVER_DIALOG, "transient-for", parent, NULL);
  self->group = g_object_ref (group);

  if (config != NULL)
    {
      self->config = g_object_ref (config);
      show_config (self, config);
      /* TRANSLATORS: the title of the dialog that edits a server */
      gtk_window_set_title (GTK_WINDOW (self), _("Edit Server"));
      /* TRANSLATORS: the button that saves a server's configuration */
      gtk_button_set_label (self->save_button, _("_Save"));
      gtk_widget_set_visible (self->file_box, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->remove_button), TRUE);
    }
  else
    {
      g_autoptr(GtkExpression) expression = NULL;
      GListModel *files;

      self->kind = MCP_TRANSPORT_KIND_STDIO;
      self->command = g_strdup ("");
      self->env = g_strdup ("");
      self->url = g_strdup ("");
      self->headers = g_strdup ("");
      /* TRANSLATORS: the title of the dialog that adds a server */
      gtk_window_set_title (GTK_WINDOW (self), _("Add Server"));
      /* TRANSLATORS: the button that adds a server to a configuration file */
      gtk_button_set_label (self->save_button, _("_Add"));
      gtk_widget_set_visible (GTK_WIDGET (self->location_label), FALSE);

      /* The file the server goes to: the last one read wins for a name. */
      expression = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                                G_CALLBACK (file_path), NULL, NULL);
      gtk_drop_down_set_expression (self->file_drop_down, expression);
      files = mcp_server_registry_get_files (registry);
      gtk_drop_down_set_model (self->file_drop_down, files);
      gtk_drop_down_set_selected (self->file_drop_down, g_list_model_get_n_items (files) - 1);
    }

  on_kind_changed (self);

  return self;
}
