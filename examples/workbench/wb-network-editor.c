/* wb-network-editor.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The network settings of a remote server's entry (its `network` object,
 * see doc/network.md), in the server dialog: the CA file, whether the
 * system's CAs are trusted too, the client certificate and key, the proxy
 * and the hosts reached without it. The members it has no field for (a
 * pin, the `${input:…}` of a passphrase or of the proxy's password) are
 * kept as they are. There is no field that turns verification off, as
 * there is no such setting.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "wb-network-editor.h"

struct _WbNetworkEditor
{
  GtkBox       parent_instance;

  GtkEntry    *ca_file;
  GtkCheckButton *system_ca;
  GtkEntry    *certificate;
  GtkEntry    *key;
  GtkEntry    *proxy;
  GtkEntry    *no_proxy;

  /* The object as the entry had it, for the members without a field and
   * to tell what changed. */
  JsonObject  *original;
};

G_DEFINE_FINAL_TYPE (WbNetworkEditor, wb_network_editor, GTK_TYPE_BOX)

static GtkEntry *
add_entry (WbNetworkEditor *self,
           GtkGrid         *grid,
           int              row,
           const char      *label,
           const char      *placeholder)
{
  GtkWidget *title = gtk_label_new_with_mnemonic (label);
  GtkWidget *entry = gtk_entry_new ();

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), entry);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_grid_attach (grid, title, 0, row, 1, 1);
  gtk_grid_attach (grid, entry, 1, row, 1, 1);

  return GTK_ENTRY (entry);
}

static void
wb_network_editor_finalize (GObject *object)
{
  WbNetworkEditor *self = WB_NETWORK_EDITOR (object);

  g_clear_pointer (&self->original, json_object_unref);

  G_OBJECT_CLASS (wb_network_editor_parent_class)->finalize (object);
}

static void
wb_network_editor_class_init (WbNetworkEditorClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = wb_network_editor_finalize;
}

static void
wb_network_editor_init (WbNetworkEditor *self)
{
  GtkWidget *title = gtk_label_new (_("Network"));
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (self), title);

  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  self->ca_file = add_entry (self, grid, 0, _("_CA certificates"),
                             _("A PEM file or folder, e.g. ~/company/ca.pem"));
  self->system_ca = GTK_CHECK_BUTTON (
    gtk_check_button_new_with_mnemonic (_("Trust the _system’s CAs too")));
  gtk_check_button_set_active (self->system_ca, TRUE);
  gtk_grid_attach (grid, GTK_WIDGET (self->system_ca), 1, 1, 1, 1);
  self->certificate = add_entry (self, grid, 2, _("Client ce_rtificate"),
                                 _("A PEM or PKCS #12 file, or a pkcs11: URI"));
  self->key = add_entry (self, grid, 3, _("Client _key"),
                         _("Its key, if not in the certificate’s file"));
  self->proxy = add_entry (self, grid, 4, _("_Proxy"),
                           _("The desktop’s, or http://, https://, socks5:// or direct://"));
  self->no_proxy = add_entry (self, grid, 5, _("_No proxy for"),
                              _("Hosts separated by commas"));
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (grid));
}

GtkWidget *
wb_network_editor_new (void)
{
  return g_object_new (WB_TYPE_NETWORK_EDITOR, NULL);
}

static const char *
member (JsonObject *network,
        const char *name)
{
  JsonNode *node = network != NULL ? json_object_get_member (network, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return "";

  return json_node_get_string (node);
}

static char *
no_proxy_text (JsonObject *network)
{
  JsonNode *node = network != NULL ? json_object_get_member (network, "noProxy") : NULL;
  GString *text = g_string_new (NULL);

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          const char *host = json_array_get_string_element (array, i);

          if (host == NULL)
            continue;
          if (text->len > 0)
            g_string_append (text, ", ");
          g_string_append (text, host);
        }
    }

  return g_string_free (text, FALSE);
}

/* Shows @network (nullable: none), a remote server's `network` object. */
void
wb_network_editor_set_network (WbNetworkEditor *self,
                               JsonObject      *network)
{
  g_autofree char *hosts = no_proxy_text (network);
  JsonNode *system = network != NULL ? json_object_get_member (network, "useSystemCa") : NULL;

  g_return_if_fail (WB_IS_NETWORK_EDITOR (self));

  g_clear_pointer (&self->original, json_object_unref);
  if (network != NULL)
    self->original = json_object_ref (network);

  gtk_editable_set_text (GTK_EDITABLE (self->ca_file), member (network, "caFile"));
  gtk_check_button_set_active (self->system_ca,
                               system == NULL || !JSON_NODE_HOLDS_VALUE (system) ||
                               json_node_get_value_type (system) != G_TYPE_BOOLEAN ||
                               json_node_get_boolean (system));
  gtk_editable_set_text (GTK_EDITABLE (self->certificate), member (network, "clientCertificate"));
  gtk_editable_set_text (GTK_EDITABLE (self->key), member (network, "clientKey"));
  gtk_editable_set_text (GTK_EDITABLE (self->proxy), member (network, "proxy"));
  gtk_editable_set_text (GTK_EDITABLE (self->no_proxy), hosts);
}

static void
set_or_remove (JsonObject *network,
               const char *name,
               GtkEntry   *entry)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));

  if (*text != '\0')
    json_object_set_string_member (network, name, text);
  else if (json_object_has_member (network, name))
    json_object_remove_member (network, name);
}

/* The object the fields make, with the members they have no field for;
 * %NULL if it is empty. */
JsonObject *
wb_network_editor_dup_network (WbNetworkEditor *self)
{
  g_autoptr(JsonObject) network = json_object_new ();
  g_autofree char *hosts = NULL;
  g_auto(GStrv) parts = NULL;
  g_autoptr(JsonArray) array = json_array_new ();

  g_return_val_if_fail (WB_IS_NETWORK_EDITOR (self), NULL);

  if (self->original != NULL)
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *value;

      json_object_iter_init (&iter, self->original);
      while (json_object_iter_next (&iter, &name, &value))
        json_object_set_member (network, name, json_node_copy (value));
    }

  set_or_remove (network, "caFile", self->ca_file);
  set_or_remove (network, "clientCertificate", self->certificate);
  set_or_remove (network, "clientKey", self->key);
  set_or_remove (network, "proxy", self->proxy);

  if (gtk_check_button_get_active (self->system_ca))
    {
      if (json_object_has_member (network, "useSystemCa"))
        json_object_remove_member (network, "useSystemCa");
    }
  else
    json_object_set_boolean_member (network, "useSystemCa", FALSE);

  hosts = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->no_proxy)));
  parts = g_strsplit (hosts, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (*parts[i] != '\0')
        json_array_add_string_element (array, parts[i]);
    }
  if (json_array_get_length (array) > 0)
    json_object_set_array_member (network, "noProxy", g_steal_pointer (&array));
  else if (json_object_has_member (network, "noProxy"))
    json_object_remove_member (network, "noProxy");

  if (json_object_get_size (network) == 0)
    return NULL;

  return g_steal_pointer (&network);
}

/* Whether the fields say something else than the entry. */
gboolean
wb_network_editor_get_changed (WbNetworkEditor *self)
{
  g_autoptr(JsonObject) network = wb_network_editor_dup_network (self);
  g_autoptr(JsonNode) now = NULL;
  g_autoptr(JsonNode) before = NULL;

  g_return_val_if_fail (WB_IS_NETWORK_EDITOR (self), FALSE);

  if (network == NULL || self->original == NULL)
    return (network == NULL) != (self->original == NULL || json_object_get_size (self->original) == 0);

  now = json_node_init_object (json_node_alloc (), network);
  before = json_node_init_object (json_node_alloc (), self->original);

  return !json_node_equal (now, before);
}
