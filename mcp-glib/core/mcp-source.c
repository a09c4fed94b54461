/* mcp-source.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Timers and idles on the thread-default main context. g_timeout_add() and
 * g_idle_add() always use the global default context, which is wrong for a
 * client living in a thread of its own; and a source id only identifies a
 * source of the global context, so these helpers hand out the source
 * itself, to be cleared with _mcp_source_clear().
 */

#include "config.h"

#include "mcp-source-private.h"

static GSource *
attach (GMainContext   *context,
        GSource        *source,
        GSourceFunc     func,
        gpointer        data,
        GDestroyNotify  notify)
{
  g_autoptr(GMainContext) thread_default = NULL;

  if (context == NULL)
    context = thread_default = g_main_context_ref_thread_default ();

  g_source_set_callback (source, func, data, notify);
  g_source_attach (source, context);
  return source;
}

/* Returns a reference the caller drops with _mcp_source_clear(). The
 * source runs on @context, or on the thread-default main context if
 * @context is %NULL. */
GSource *
_mcp_timeout_source_attach (GMainContext   *context,
                            guint           interval_ms,
                            GSourceFunc     func,
                            gpointer        data,
                            GDestroyNotify  notify)
{
  GSource *source = g_timeout_source_new (interval_ms);

  g_source_set_static_name (source, "[mcp-glib] timeout");
  return attach (context, source, func, data, notify);
}

GSource *
_mcp_idle_source_attach (GMainContext *context,
                         GSourceFunc   func,
                         gpointer      data)
{
  GSource *source = g_idle_source_new ();

  g_source_set_static_name (source, "[mcp-glib] idle");
  return attach (context, source, func, data, NULL);
}

/* The same, on the thread-default main context. */
GSource *
_mcp_timeout_source_add (guint           interval_ms,
                         GSourceFunc     func,
                         gpointer        data,
                         GDestroyNotify  notify)
{
  return _mcp_timeout_source_attach (NULL, interval_ms, func, data, notify);
}

GSource *
_mcp_idle_source_add (GSourceFunc func,
                      gpointer    data)
{
  return _mcp_idle_source_attach (NULL, func, data);
}

/* Destroys and releases *@source, if any; safe from its own callback. */
void
_mcp_source_clear (GSource **source)
{
  GSource *old = g_steal_pointer (source);

  if (old == NULL)
    return;

  g_source_destroy (old);
  g_source_unref (old);
}
