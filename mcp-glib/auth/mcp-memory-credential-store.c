/* mcp-memory-credential-store.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The default credential store: a list in memory, gone with the process.
 */

#include "config.h"

#include "mcp-memory-credential-store.h"

/**
 * McpMemoryCredentialStore:
 *
 * A [iface@Mcp.CredentialStore] that keeps credentials in memory only:
 * nothing is written anywhere, and nothing survives the process. It is
 * what an [class@Mcp.Authorization] uses unless it is given another store.
 * Every save and deletion is announced with
 * [signal@Mcp.CredentialStore::changed].
 *
 * Since: 1.0
 */

struct _McpMemoryCredentialStore
{
  GObject    parent_instance;

  /* Oldest first: a lookup without an issuer finds the newest. */
  GPtrArray *credentials;
};

static void credential_store_iface_init (McpCredentialStoreInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (McpMemoryCredentialStore, mcp_memory_credential_store,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MCP_TYPE_CREDENTIAL_STORE,
                                                      credential_store_iface_init))

static gboolean
matches (McpCredentials *credentials,
         const char     *resource,
         const char     *issuer)
{
  return g_strcmp0 (mcp_credentials_get_resource (credentials), resource) == 0 &&
         (issuer == NULL || g_strcmp0 (mcp_credentials_get_issuer (credentials), issuer) == 0);
}

static void
remove_matching (McpMemoryCredentialStore *self,
                 const char               *resource,
                 const char               *issuer)
{
  for (guint i = self->credentials->len; i > 0; i--)
    if (matches (self->credentials->pdata[i - 1], resource, issuer))
      g_ptr_array_remove_index (self->credentials, i - 1);
}

static void
lookup_async (McpCredentialStore  *store,
              const char          *resource,
              const char          *issuer,
              GCancellable        *cancellable,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  McpMemoryCredentialStore *self = MCP_MEMORY_CREDENTIAL_STORE (store);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, lookup_async);

  for (guint i = self->credentials->len; i > 0; i--)
    {
      McpCredentials *credentials = self->credentials->pdata[i - 1];

      if (matches (credentials, resource, issuer))
        {
          g_task_return_pointer (task, g_object_ref (credentials), g_object_unref);
          return;
        }
    }

  g_task_return_pointer (task, NULL, NULL);
}

static McpCredentials *
lookup_finish (McpCredentialStore  *store,
               GAsyncResult        *result,
               GError             **error)
{
  g_return_val_if_fail (g_task_is_valid (result, store), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
save_async (McpCredentialStore  *store,
            McpCredentials      *credentials,
            GCancellable        *cancellable,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  McpMemoryCredentialStore *self = MCP_MEMORY_CREDENTIAL_STORE (store);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, save_async);

  remove_matching (self, mcp_credentials_get_resource (credentials),
                   mcp_credentials_get_issuer (credentials));
  g_ptr_array_add (self->credentials, g_object_ref (credentials));
  g_task_return_boolean (task, TRUE);
  mcp_credential_store_emit_changed (store, mcp_credentials_get_resource (credentials),
                                     credentials);
}

static gboolean
boolean_finish (McpCredentialStore  *store,
                GAsyncResult        *result,
                GError             **error)
{
  g_return_val_if_fail (g_task_is_valid (result, store), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
delete_async (McpCredentialStore  *store,
              const char          *resource,
              const char          *issuer,
              GCancellable        *cancellable,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  McpMemoryCredentialStore *self = MCP_MEMORY_CREDENTIAL_STORE (store);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, delete_async);

  remove_matching (self, resource, issuer);
  g_task_return_boolean (task, TRUE);
  mcp_credential_store_emit_changed (store, resource, NULL);
}

static void
credential_store_iface_init (McpCredentialStoreInterface *iface)
{
  iface->lookup_async = lookup_async;
  iface->lookup_finish = lookup_finish;
  iface->save_async = save_async;
  iface->save_finish = boolean_finish;
  iface->delete_async = delete_async;
  iface->delete_finish = boolean_finish;
}

static void
mcp_memory_credential_store_finalize (GObject *object)
{
  McpMemoryCredentialStore *self = (McpMemoryCredentialStore *)object;

  g_clear_pointer (&self->credentials, g_ptr_array_unref);

  G_OBJECT_CLASS (mcp_memory_credential_store_parent_class)->finalize (object);
}

static void
mcp_memory_credential_store_class_init (McpMemoryCredentialStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_memory_credential_store_finalize;
}

static void
mcp_memory_credential_store_init (McpMemoryCredentialStore *self)
{
  self->credentials = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * mcp_memory_credential_store_new:
 *
 * Creates an empty store that keeps credentials in memory.
 *
 * Returns: (transfer full): a new credential store
 *
 * Since: 1.0
 */
McpCredentialStore *
mcp_memory_credential_store_new (void)
{
  return g_object_new (MCP_TYPE_MEMORY_CREDENTIAL_STORE, NULL);
}
