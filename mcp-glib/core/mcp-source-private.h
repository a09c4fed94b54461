/* mcp-source-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

GSource *_mcp_timeout_source_attach (GMainContext   *context,
                                     guint           interval_ms,
                                     GSourceFunc     func,
                                     gpointer        data,
                                     GDestroyNotify  notify);
GSource *_mcp_idle_source_attach    (GMainContext   *context,
                                     GSourceFunc     func,
                                     gpointer        data);
GSource *_mcp_timeout_source_add (guint           interval_ms,
                                  GSourceFunc     func,
                                  gpointer        data,
                                  GDestroyNotify  notify);
GSource *_mcp_idle_source_add    (GSourceFunc     func,
                                  gpointer        data);
void     _mcp_source_clear       (GSource       **source);

G_END_DECLS
