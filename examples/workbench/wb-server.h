/* wb-server.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <mcp-glib/mcp-glib.h>

G_BEGIN_DECLS

#define WB_TYPE_SERVER (wb_server_get_type ())

G_DECLARE_FINAL_TYPE (WbServer, wb_server, WB, SERVER, GObject)

WbServer       *wb_server_new_for_command (const char        *name,
                                           const char * const *argv);
WbServer       *wb_server_new_for_url     (const char        *name,
                                           const char        *url);
const char     *wb_server_get_name        (WbServer          *self);
McpClient      *wb_server_get_client      (WbServer          *self);
McpClientState  wb_server_get_state       (WbServer          *self);
const char     *wb_server_get_status      (WbServer          *self);
void            wb_server_start           (WbServer          *self);
void            wb_server_stop            (WbServer          *self);
gboolean        wb_server_is_closing      (WbServer          *self);

G_END_DECLS
