/* wb-sandbox-editor.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The sandbox of a local server, in the server dialog: whether it runs in
 * one (VS Code's "sandboxEnabled") and its policy (the "sandbox" member),
 * each list a line of comma-separated items. It writes the entry only when
 * something changed, so that an entry edited for its command keeps its
 * policy exactly as the user wrote it.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-sandbox-editor.h"

/* The lists, in the order of McpSandbox's properties. */
static const struct
{
  const char *property;
  const char *label;
} lists[] = {
  { "write-paths", N_("Writable paths, beside the roots") },
  { "read-paths", N_("Readable paths in the home directory") },
  { "denied-paths", N_("Hidden paths") },
  { "read-only-paths", N_("Read-only paths") },
  { "allowed-domains", N_("Allowed domains") },
  { "denied-domains", N_("Denied domains") },
};

#define N_LISTS G_N_ELEMENTS (lists)

struct _WbSandboxEditor
{
  GtkBox          parent_instance;

  GtkSwitch      *enabled_switch;
  GtkWidget      *lists_box;
  GtkEntry       *entries[N_LISTS];
  char           *shown[N_LISTS];
  gboolean        shown_enabled;
};

G_DEFINE_FINAL_TYPE (WbSandboxEditor, wb_sandbox_editor, GTK_TYPE_BOX)

static void
on_enabled_toggled (WbSandboxEditor *self)
{
  gtk_widget_set_sensitive (self->lists_box,
                            gtk_switch_get_active (self->enabled_switch));
}

static void
wb_sandbox_editor_finalize (GObject *object)
{
  WbSandboxEditor *self = WB_SANDBOX_EDITOR (object);

  for (guint i = 0; i < N_LISTS; i++)
    g_free (self->shown[i]);

  G_OBJECT_CLASS (wb_sandbox_editor_parent_class)->finalize (object);
}

static void
wb_sandbox_editor_class_init (WbSandboxEditorClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = wb_sandbox_editor_finalize;
}

static void
wb_sandbox_editor_init (WbSandboxEditor *self)
{
  GtkWidget *row, *label;
  GtkGrid *grid;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);

  /* Like the dialog's "Disabled" switch: a label, and the switch it names. */
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  label = gtk_label_new_with_mnemonic (_("Run in a _sandbox (bubblewrap): no home directory, "
                                         "no network, writes to the roots only"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  self->enabled_switch = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->enabled_switch), GTK_ALIGN_CENTER);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->enabled_switch));
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->enabled_switch));
  gtk_box_append (GTK_BOX (self), row);
  g_signal_connect_swapped (self->enabled_switch, "notify::active",
                            G_CALLBACK (on_enabled_toggled), self);

  grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  self->lists_box = GTK_WIDGET (grid);
  for (guint i = 0; i < N_LISTS; i++)
    {
      GtkWidget *list_label = gtk_label_new (_(lists[i].label));

      gtk_label_set_xalign (GTK_LABEL (list_label), 0);
      self->entries[i] = GTK_ENTRY (gtk_entry_new ());
      gtk_widget_set_hexpand (GTK_WIDGET (self->entries[i]), TRUE);
      gtk_entry_set_placeholder_text (self->entries[i], _("comma-separated"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->entries[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _(lists[i].label), -1);
      self->shown[i] = g_strdup ("");
      gtk_grid_attach (grid, list_label, 0, i, 1, 1);
      gtk_grid_attach (grid, GTK_WIDGET (self->entries[i]), 1, i, 1, 1);
    }
  gtk_box_append (GTK_BOX (self), self->lists_box);
  on_enabled_toggled (self);
}

WbSandboxEditor *
wb_sandbox_editor_new (void)
{
  return g_object_new (WB_TYPE_SANDBOX_EDITOR, NULL);
}

/* Fills the editor from @config's entry (its policy even when it is off,
 * as VS Code keeps it). */
void
wb_sandbox_editor_show (WbSandboxEditor *self,
                        McpServerConfig *config)
{
  g_autoptr(McpServerConfig) enabled = NULL;
  g_autoptr(McpSandbox) sandbox = NULL;
  g_autoptr(JsonObject) json = NULL;

  g_return_if_fail (WB_IS_SANDBOX_EDITOR (self));

  self->shown_enabled = mcp_server_config_get_sandbox_enabled (config);

  /* The policy of an entry turned off: read it as if it were on. */
  enabled = mcp_server_config_new (mcp_server_config_get_name (config),
                                   mcp_server_config_get_json (config));
  json = json_object_ref (mcp_server_config_get_json (config));
  if (!self->shown_enabled)
    {
      g_autoptr(JsonObject) copy = json_object_new ();
      g_autoptr(GList) members = json_object_get_members (json);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (copy, l->data,
                                json_node_copy (json_object_get_member (json, l->data)));
      json_object_set_boolean_member (copy, "sandboxEnabled", TRUE);
      mcp_server_config_set_json (enabled, copy);
    }
  sandbox = mcp_server_config_dup_sandbox (enabled, NULL);

  gtk_switch_set_active (self->enabled_switch, self->shown_enabled);
  for (guint i = 0; i < N_LISTS; i++)
    {
      g_auto(GStrv) items = NULL;

      if (sandbox != NULL)
        g_object_get (sandbox, lists[i].property, &items, NULL);
      g_free (self->shown[i]);
      self->shown[i] = items != NULL ? g_strjoinv (", ", items) : g_strdup ("");
      gtk_editable_set_text (GTK_EDITABLE (self->entries[i]), self->shown[i]);
    }
}

/* The items of an entry's text, trimmed, without empty ones. */
static GStrv
split_items (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (*parts[i] != '\0')
        g_strv_builder_add (builder, parts[i]);
    }
  return g_strv_builder_end (builder);
}

/* Writes the editor's sandbox into @config, if it changed. */
void
wb_sandbox_editor_apply (WbSandboxEditor *self,
                         McpServerConfig *config)
{
  g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
  gboolean enabled = gtk_switch_get_active (self->enabled_switch);
  gboolean changed = enabled != self->shown_enabled;
  gboolean any = FALSE;

  g_return_if_fail (WB_IS_SANDBOX_EDITOR (self));

  for (guint i = 0; i < N_LISTS; i++)
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entries[i]));
      g_auto(GStrv) items = split_items (text);

      changed |= g_strcmp0 (text, self->shown[i]) != 0;
      any |= items[0] != NULL;
      g_object_set (sandbox, lists[i].property, items, NULL);
    }

  if (!changed)
    return;

  /* Written with the policy (kept when it is off, as VS Code does), then
   * turned off if it is off; an entry without one gets none. */
  if (enabled || any)
    mcp_server_config_set_sandbox (config, sandbox);
  if (!enabled)
    mcp_server_config_set_sandbox (config, NULL);
}
