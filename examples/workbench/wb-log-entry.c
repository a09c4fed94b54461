/* wb-log-entry.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* One line of the log pane: when, from which server, what kind (a log
 * level, a notification's method, a request) and what it said. Its
 * properties are what the pane's list item template binds to.
 */

#include "config.h"

#include "wb-log-entry.h"

struct _WbLogEntry
{
  GObject  parent_instance;

  char    *time;
  char    *server;
  char    *kind;
  char    *text;
};

G_DEFINE_FINAL_TYPE (WbLogEntry, wb_log_entry, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TIME,
  PROP_SERVER,
  PROP_KIND,
  PROP_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
wb_log_entry_finalize (GObject *object)
{
  WbLogEntry *self = WB_LOG_ENTRY (object);

  g_free (self->time);
  g_free (self->server);
  g_free (self->kind);
  g_free (self->text);

  G_OBJECT_CLASS (wb_log_entry_parent_class)->finalize (object);
}

static void
wb_log_entry_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  WbLogEntry *self = WB_LOG_ENTRY (object);

  switch (prop_id)
    {
    case PROP_TIME:
      g_value_set_string (value, self->time);
      break;

    case PROP_SERVER:
      g_value_set_string (value, self->server);
      break;

    case PROP_KIND:
      g_value_set_string (value, self->kind);
      break;

    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_log_entry_class_init (WbLogEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = wb_log_entry_finalize;
  object_class->get_property = wb_log_entry_get_property;

  properties[PROP_TIME] =
    g_param_spec_string ("time", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_SERVER] =
    g_param_spec_string ("server", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_KIND] =
    g_param_spec_string ("kind", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
wb_log_entry_init (WbLogEntry *self)
{
}

/* Creates an entry stamped with the current local time. */
WbLogEntry *
wb_log_entry_new (const char *server,
                  const char *kind,
                  const char *text)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  WbLogEntry *self = g_object_new (WB_TYPE_LOG_ENTRY, NULL);

  self->time = g_date_time_format (now, "%H:%M:%S");
  self->server = g_strdup (server);
  self->kind = g_strdup (kind);
  self->text = g_strdup (text);

  return self;
}
