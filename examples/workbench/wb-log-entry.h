/* wb-log-entry.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define WB_TYPE_LOG_ENTRY (wb_log_entry_get_type ())

G_DECLARE_FINAL_TYPE (WbLogEntry, wb_log_entry, WB, LOG_ENTRY, GObject)

WbLogEntry *wb_log_entry_new (const char *server,
                              const char *kind,
                              const char *text);

G_END_DECLS
