/* wb-catalog-dialog.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Servers from an MCP registry (McpServerCatalog): search, a list that
 * loads more pages on demand, an entry's details, and Add, which shows
 * the consent dialog (the exact command or URL, environment, inputs,
 * publisher, repository and the sandbox it will run in, with a switch to
 * turn it off, and a field for each input, whose values go to the keyring)
 * and adds the server to the user's configuration only when the user
 * agrees; the group then starts it. The registry is the official one, or
 * $MCP_GLIB_REGISTRY_URL's.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-catalog-dialog.h"

struct _WbCatalogDialog
{
  GtkWindow          parent_instance;

  McpClientGroup    *group;
  McpServerCatalog  *catalog;
  McpCatalogResults *results;
  McpCatalogEntry   *selected;
  GCancellable      *cancellable;

  GtkSearchEntry    *search_entry;
  GtkListBox        *list;
  GtkButton         *more_button;
  GtkBox            *details_box;
  GtkWidget         *details_label;
  GtkLabel          *status_label;
  GtkButton         *add_button;
  GtkDropDown       *file_drop_down;
};

G_DEFINE_FINAL_TYPE (WbCatalogDialog, wb_catalog_dialog, GTK_TYPE_WINDOW)

static void
set_status (WbCatalogDialog *self,
            const char      *text)
{
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  McpCatalogEntry *entry = item;
  g_autofree char *text = NULL;
  const char *status = "";
  GtkWidget *label;

  if (mcp_catalog_entry_get_status (entry) == MCP_CATALOG_STATUS_DEPRECATED)
    status = _(" (deprecated)");
  else if (mcp_catalog_entry_get_status (entry) == MCP_CATALOG_STATUS_DELETED)
    status = _(" (deleted)");
  text = g_strdup_printf ("%s %s%s", mcp_catalog_entry_get_name (entry),
                          mcp_catalog_entry_get_version (entry), status);
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_tooltip_text (label, mcp_catalog_entry_get_description (entry));

  return label;
}

static void
update_more (WbCatalogDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->more_button),
                          self->results != NULL && mcp_catalog_results_get_has_more (self->results));
}

static void
page_loaded_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(WbCatalogDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_catalog_results_load_more_finish (MCP_CATALOG_RESULTS (object), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_status (self, error->message);
    }
  else
    set_status (self, NULL);

  /* The first entry is shown at once. */
  if (gtk_list_box_get_selected_row (self->list) == NULL &&
      gtk_list_box_get_row_at_index (self->list, 0) != NULL)
    gtk_list_box_select_row (self->list, gtk_list_box_get_row_at_index (self->list, 0));

  update_more (self);
}

static void
load_more (WbCatalogDialog *self)
{
  if (self->results == NULL || mcp_catalog_results_get_loading (self->results))
    return;

  set_status (self, _("Loading…"));
  mcp_catalog_results_load_more_async (self->results, self->cancellable, page_loaded_cb,
                                       g_object_ref (self));
}

static void
search (WbCatalogDialog *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  g_clear_object (&self->results);
  self->results = mcp_server_catalog_search (self->catalog, text, NULL);
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (self->results), create_row, NULL, NULL);
  load_more (self);
}

static void
show_details (WbCatalogDialog *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  McpCatalogEntry *entry = self->selected;

  gtk_widget_set_sensitive (GTK_WIDGET (self->add_button),
                            entry != NULL && mcp_client_group_get_registry (self->group) != NULL);
  if (self->details_label != NULL)
    gtk_box_remove (self->details_box, self->details_label);
  self->details_label = NULL;
  if (entry == NULL)
    return;

  g_string_append_printf (text, "%s\n", mcp_catalog_entry_get_title (entry) ?:
                                        mcp_catalog_entry_get_name (entry));
  g_string_append_printf (text, _("Version: %s\n"), mcp_catalog_entry_get_version (entry));
  g_string_append_printf (text, _("Publisher: %s\n"), mcp_catalog_entry_get_publisher (entry));
  if (mcp_catalog_entry_get_repository_url (entry) != NULL)
    g_string_append_printf (text, _("Repository: %s\n"),
                            mcp_catalog_entry_get_repository_url (entry));
  if (mcp_catalog_entry_get_description (entry) != NULL)
    g_string_append_printf (text, "\n%s\n", mcp_catalog_entry_get_description (entry));

  /* A new label: its text is its accessible name from the start. */
  self->details_label = gtk_label_new (text->str);
  gtk_label_set_wrap (GTK_LABEL (self->details_label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (self->details_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->details_label), 0);
  gtk_label_set_yalign (GTK_LABEL (self->details_label), 0);
  gtk_box_append (self->details_box, self->details_label);
}

static void
row_selected_cb (GtkListBox      *list,
                 GtkListBoxRow   *row,
                 WbCatalogDialog *self)
{
  g_clear_object (&self->selected);
  if (row != NULL && self->results != NULL)
    self->selected = g_list_model_get_item (G_LIST_MODEL (self->results),
                                            gtk_list_box_row_get_index (row));
  show_details (self);
}

static void
on_saved (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!mcp_server_registry_save_finish (MCP_SERVER_REGISTRY (object), result, &error))
    g_warning ("%s", error->message);
}

/* The values typed into the consent dialog's fields, for the keyring. */
static void
give_inputs (GtkDialog          *dialog,
             McpCatalogProposal *proposal)
{
  GPtrArray *fields = g_object_get_data (G_OBJECT (dialog), "fields");

  for (guint i = 0; fields != NULL && i < fields->len; i++)
    {
      GtkWidget *field = fields->pdata[i];
      const char *id = g_object_get_data (G_OBJECT (field), "input-id");
      const char *value;

      if (GTK_IS_DROP_DOWN (field))
        value = gtk_string_object_get_string (
          GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (field))));
      else
        value = gtk_editable_get_text (GTK_EDITABLE (field));

      /* Left empty, it is asked for when the server starts. */
      if (value != NULL && *value != '\0')
        mcp_catalog_proposal_set_input (proposal, id, value);
    }
}

static void
consent_response_cb (GtkDialog *dialog,
                     int        response,
                     gpointer   user_data)
{
  g_autoptr(McpCatalogProposal) proposal = g_object_get_data (G_OBJECT (dialog), "proposal")
    ? g_object_ref (g_object_get_data (G_OBJECT (dialog), "proposal")) : NULL;
  WbCatalogDialog *self = user_data;
  McpServerRegistry *registry = mcp_client_group_get_registry (self->group);
  GListModel *files = mcp_server_registry_get_files (registry);
  guint position = gtk_drop_down_get_selected (self->file_drop_down);
  g_autoptr(GFile) file = position != GTK_INVALID_LIST_POSITION
    ? g_list_model_get_item (files, position) : NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && proposal != NULL)
    give_inputs (dialog, proposal);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response != GTK_RESPONSE_ACCEPT || proposal == NULL)
    {
      set_status (self, _("Nothing was added."));
      return;
    }

  /* The user saw the proposal and agreed. */
  mcp_catalog_proposal_confirm (proposal);
  if (!mcp_catalog_proposal_add (proposal, registry, file, &error))
    {
      set_status (self, error->message);
      return;
    }
  mcp_server_registry_save_async (registry, NULL, on_saved, NULL);
  set_status (self, _("Added: the server starts."));
}

static void
show_proposal (GtkMessageDialog   *dialog,
               McpCatalogProposal *proposal)
{
  g_autofree char *text = mcp_catalog_proposal_to_string (proposal);

  gtk_message_dialog_format_secondary_text (dialog, "%s", text);
}

/* The switch of the sandbox: the one proposed, or none, the user's choice. */
static void
sandbox_switched_cb (GtkSwitch        *sandbox_switch,
                     GParamSpec       *pspec,
                     GtkMessageDialog *dialog)
{
  McpCatalogProposal *proposal = g_object_get_data (G_OBJECT (dialog), "proposal");
  McpSandbox *proposed = g_object_get_data (G_OBJECT (sandbox_switch), "sandbox");

  mcp_catalog_proposal_set_sandbox (proposal,
                                    gtk_switch_get_active (sandbox_switch) ? proposed : NULL);
  show_proposal (dialog, proposal);
}

/* A field for the input @input (its declaration): a choice, a password,
 * or text, with its default. */
static GtkWidget *
create_input_field (JsonObject *input)
{
  const char *value = json_object_get_string_member_with_default (input, "default", NULL);
  JsonArray *options = json_object_has_member (input, "options")
    ? json_object_get_array_member (input, "options") : NULL;
  GtkWidget *field;

  if (options != NULL)
    {
      g_autoptr(GtkStringList) strings = gtk_string_list_new (NULL);

      guint selected = 0;

      for (guint i = 0; i < json_array_get_length (options); i++)
        {
          gtk_string_list_append (strings, json_array_get_string_element (options, i));
          if (g_strcmp0 (value, json_array_get_string_element (options, i)) == 0)
            selected = i;
        }
      field = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&strings)), NULL);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (field), selected);
      return field;
    }

  if (json_object_get_boolean_member_with_default (input, "password", FALSE))
    {
      field = gtk_password_entry_new ();
      gtk_password_entry_set_show_peek_icon (GTK_PASSWORD_ENTRY (field), TRUE);
    }
  else
    {
      field = gtk_entry_new ();
    }
  if (value != NULL)
    gtk_editable_set_text (GTK_EDITABLE (field), value);

  return field;
}

/* Below the proposal: the sandbox's switch, and a field for each input. */
static void
add_choices (GtkMessageDialog   *dialog,
             McpCatalogProposal *proposal)
{
  GtkBox *area = GTK_BOX (gtk_message_dialog_get_message_area (dialog));
  McpSandbox *sandbox = mcp_catalog_proposal_get_sandbox (proposal);
  JsonArray *inputs = mcp_catalog_proposal_get_inputs (proposal);
  GPtrArray *fields = g_ptr_array_new ();

  /* As in the server dialog: a label, and the switch it names. */
  if (sandbox != NULL)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *label = gtk_label_new_with_mnemonic (
        _("Run in a _sandbox: the network only to its package registry, writes only to its "
          "cache and your roots"));
      GtkWidget *sandbox_switch = gtk_switch_new ();

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_set_valign (sandbox_switch, GTK_ALIGN_CENTER);
      gtk_switch_set_active (GTK_SWITCH (sandbox_switch), TRUE);
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), sandbox_switch);
      g_object_set_data_full (G_OBJECT (sandbox_switch), "sandbox", g_object_ref (sandbox),
                              g_object_unref);
      g_signal_connect (sandbox_switch, "notify::active", G_CALLBACK (sandbox_switched_cb),
                        dialog);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), sandbox_switch);
      gtk_box_append (area, row);
    }

  if (json_array_get_length (inputs) > 0)
    gtk_box_append (area, gtk_label_new (_("Its inputs are kept in your keyring, never in the "
                                           "file; one left empty is asked for when it starts:")));
  for (guint i = 0; i < json_array_get_length (inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (inputs, i);
      const char *id = json_object_get_string_member (input, "id");
      const char *description = json_object_get_string_member_with_default (input,
                                                                            "description", id);
      GtkWidget *label = gtk_label_new (description);
      GtkWidget *field = create_input_field (input);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_accessible_update_property (GTK_ACCESSIBLE (field), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      description, -1);
      g_object_set_data_full (G_OBJECT (field), "input-id", g_strdup (id), g_free);
      gtk_box_append (area, label);
      gtk_box_append (area, field);
      g_ptr_array_add (fields, field);
    }
  g_object_set_data_full (G_OBJECT (dialog), "fields", fields, (GDestroyNotify) g_ptr_array_unref);
}

static void
proposed_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(WbCatalogDialog) self = user_data;
  g_autoptr(McpCatalogProposal) proposal = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  proposal = mcp_server_catalog_propose_finish (MCP_SERVER_CATALOG (object), result, &error);
  if (proposal == NULL)
    {
      set_status (self, error->message);
      return;
    }
  set_status (self, NULL);

  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Add “%s”?"),
                                   mcp_server_config_get_name (
                                     mcp_catalog_proposal_get_config (proposal)));
  show_proposal (GTK_MESSAGE_DIALOG (dialog), proposal);
  gtk_window_set_title (GTK_WINDOW (dialog), _("Add a Server from the Registry"));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Add to My Servers"), GTK_RESPONSE_ACCEPT);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  add_choices (GTK_MESSAGE_DIALOG (dialog), proposal);
  g_object_set_data_full (G_OBJECT (dialog), "proposal", g_steal_pointer (&proposal),
                          g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (consent_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_clicked_cb (GtkButton       *button,
                WbCatalogDialog *self)
{
  if (self->selected == NULL)
    return;

  set_status (self, _("Preparing…"));
  mcp_server_catalog_propose_async (self->catalog, self->selected, NULL, self->cancellable,
                                    proposed_cb, g_object_ref (self));
}

static void
wb_catalog_dialog_dispose (GObject *object)
{
  WbCatalogDialog *self = WB_CATALOG_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->results);
  g_clear_object (&self->selected);
  g_clear_object (&self->catalog);
  g_clear_object (&self->group);

  G_OBJECT_CLASS (wb_catalog_dialog_parent_class)->dispose (object);
}

static void
wb_catalog_dialog_class_init (WbCatalogDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = wb_catalog_dialog_dispose;
}

static void
wb_catalog_dialog_init (WbCatalogDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *panes = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_window_set_title (GTK_WINDOW (self), _("Servers from the Registry"));
  gtk_window_set_default_size (GTK_WINDOW (self), 800, 500);

  self->catalog = mcp_server_catalog_new (g_getenv ("MCP_GLIB_REGISTRY_URL"));
  self->cancellable = g_cancellable_new ();

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);

  self->search_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->search_entry, "placeholder-text", _("Search the registry"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search the registry"), -1);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (search), self);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->search_entry));

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Registry servers"), -1);
  g_signal_connect (self->list, "row-selected", G_CALLBACK (row_selected_cb), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_size_request (scrolled, 360, -1);
  {
    GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

    gtk_box_append (GTK_BOX (left), scrolled);
    self->more_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_More")));
    gtk_widget_set_visible (GTK_WIDGET (self->more_button), FALSE);
    g_signal_connect_swapped (self->more_button, "clicked", G_CALLBACK (load_more), self);
    gtk_box_append (GTK_BOX (left), GTK_WIDGET (self->more_button));
    gtk_paned_set_start_child (GTK_PANED (panes), left);
  }

  self->details_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  gtk_widget_set_vexpand (GTK_WIDGET (self->details_box), TRUE);
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->details_box));
  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

    gtk_box_append (GTK_BOX (row), gtk_label_new (_("Add to")));
    self->file_drop_down = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->file_drop_down),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, _("Add to"), -1);
    gtk_widget_set_hexpand (GTK_WIDGET (self->file_drop_down), TRUE);
    gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->file_drop_down));
    gtk_box_append (GTK_BOX (right), row);
  }
  self->add_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Add…")));
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_button), FALSE);
  g_signal_connect (self->add_button, "clicked", G_CALLBACK (add_clicked_cb), self);
  gtk_box_append (GTK_BOX (right), GTK_WIDGET (self->add_button));
  gtk_paned_set_end_child (GTK_PANED (panes), right);
  gtk_widget_set_vexpand (panes, TRUE);
  gtk_box_append (GTK_BOX (box), panes);

  self->status_label = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_xalign (self->status_label, 0);
  gtk_label_set_wrap (self->status_label, TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status_label));

  gtk_window_set_child (GTK_WINDOW (self), box);
}

WbCatalogDialog *
wb_catalog_dialog_new (GtkWindow      *parent,
                       McpClientGroup *group)
{
  WbCatalogDialog *self = g_object_new (WB_TYPE_CATALOG_DIALOG,
                                        "transient-for", parent,
                                        NULL);
  McpServerRegistry *registry = mcp_client_group_get_registry (group);
  GListModel *files = registry != NULL ? mcp_server_registry_get_files (registry) : NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  self->group = g_object_ref (group);
  /* The files of the configuration, the first chosen (the user's own, or
   * the one given with --config). */
  for (guint i = 0; files != NULL && i < g_list_model_get_n_items (files); i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, i);
      g_autofree char *name = g_file_get_parse_name (file);

      gtk_string_list_append (names, name);
    }
  gtk_drop_down_set_model (self->file_drop_down, G_LIST_MODEL (names));
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_button), FALSE);
  search (self);

  return self;
}
