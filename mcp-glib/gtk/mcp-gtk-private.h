/* mcp-gtk-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "mcp-gtk.h"

G_BEGIN_DECLS

void _mcp_gtk_ensure_init (void);

/* A wrapping, start-aligned label appended to @parent (a widget whose
 * layout is a box), with @css_class if not %NULL. */
static inline GtkWidget *
_mcp_gtk_append_label (GtkWidget  *parent,
                       const char *text,
                       const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_parent (label, parent);

  return label;
}

/* A button with a mnemonic that activates @action_name. */
static inline GtkWidget *
_mcp_gtk_new_action_button (const char *label,
                            const char *action_name)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action_name);

  return button;
}

G_END_DECLS
