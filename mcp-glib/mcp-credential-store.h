/* mcp-credential-store.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined (MCP_GLIB_INSIDE) && !defined (MCP_GLIB_COMPILATION)
# error "Only <mcp-glib/mcp-glib.h> can be included directly."
#endif

#include <gio/gio.h>

#include "mcp-credentials.h"

G_BEGIN_DECLS

#define MCP_TYPE_CREDENTIAL_STORE (mcp_credential_store_get_type ())

MCP_AVAILABLE_IN_1_0
G_DECLARE_INTERFACE (McpCredentialStore, mcp_credential_store, MCP, CREDENTIAL_STORE, GObject)

/**
 * McpCredentialStoreInterface:
 * @parent_iface: the parent interface
 * @lookup_async: starts looking up the credentials for a server, from an
 *   issuer or from any
 * @lookup_finish: finishes @lookup_async: the credentials or %NULL
 * @save_async: starts saving credentials, replacing those with the same
 *   server and issuer
 * @save_finish: finishes @save_async
 * @delete_async: starts deleting the credentials for a server, from an
 *   issuer or from all
 * @delete_finish: finishes @delete_async
 *
 * The virtual methods of a credential store.
 *
 * Since: 1.0
 */
struct _McpCredentialStoreInterface
{
  GTypeInterface parent_iface;

  void            (*lookup_async)  (McpCredentialStore   *self,
                                    const char           *resource,
                                    const char           *issuer,
                                    GCancellable         *cancellable,
                                    GAsyncReadyCallback   callback,
                                    gpointer              user_data);
  McpCredentials *(*lookup_finish) (McpCredentialStore   *self,
                                    GAsyncResult         *result,
                                    GError              **error);
  void            (*save_async)    (McpCredentialStore   *self,
                                    McpCredentials       *credentials,
                                    GCancellable         *cancellable,
                                    GAsyncReadyCallback   callback,
                                    gpointer              user_data);
  gboolean        (*save_finish)   (McpCredentialStore   *self,
                                    GAsyncResult         *result,
                                    GError              **error);
  void            (*delete_async)  (McpCredentialStore   *self,
                                    const char           *resource,
                                    const char           *issuer,
                                    GCancellable         *cancellable,
                                    GAsyncReadyCallback   callback,
                                    gpointer              user_data);
  gboolean        (*delete_finish) (McpCredentialStore   *self,
                                    GAsyncResult         *result,
                                    GError              **error);
};

MCP_AVAILABLE_IN_1_0
void            mcp_credential_store_lookup_async  (McpCredentialStore   *self,
                                                    const char           *resource,
                                                    const char           *issuer,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
MCP_AVAILABLE_IN_1_0
McpCredentials *mcp_credential_store_lookup_finish (McpCredentialStore   *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);
MCP_AVAILABLE_IN_1_0
void            mcp_credential_store_save_async    (McpCredentialStore   *self,
                                                    McpCredentials       *credentials,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean        mcp_credential_store_save_finish   (McpCredentialStore   *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);
MCP_AVAILABLE_IN_1_0
void            mcp_credential_store_delete_async  (McpCredentialStore   *self,
                                                    const char           *resource,
                                                    const char           *issuer,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
MCP_AVAILABLE_IN_1_0
gboolean        mcp_credential_store_delete_finish (McpCredentialStore   *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);

MCP_AVAILABLE_IN_1_0
void            mcp_credential_store_emit_changed  (McpCredentialStore   *self,
                                                    const char           *resource,
                                                    McpCredentials       *credentials);

MCP_AVAILABLE_IN_1_0
void                mcp_credential_store_new_for_desktop_async  (GCancellable         *cancellable,
                                                                 GAsyncReadyCallback   callback,
                                                                 gpointer              user_data);
MCP_AVAILABLE_IN_1_0
McpCredentialStore *mcp_credential_store_new_for_desktop_finish (GAsyncResult         *result,
                                                                 gboolean             *persistent,
                                                                 GError              **error);

G_END_DECLS
