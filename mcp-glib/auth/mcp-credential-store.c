/* mcp-credential-store.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The interface through which an authorization keeps its credentials:
 * look up, save and delete, keyed by server and issuer, all asynchronous
 * since the keyring is a D-Bus service; and the ::changed signal, by which
 * the authorizations that share a store learn of each other's new tokens.
 */

#include "config.h"

#include "mcp-credential-store.h"
#include "mcp-memory-credential-store.h"
#include "mcp-secret-credential-store.h"

/**
 * McpCredentialStore:
 *
 * Where an [class@Mcp.Authorization] keeps the [class@Mcp.Credentials] that
 * signing in produced, so that the next run of the application needs no
 * new sign-in.
 *
 * Credentials are keyed by the MCP server they are for (its URL) and the
 * issuer of the authorization server that issued them. A lookup or a
 * deletion may leave the issuer out, meaning any issuer: that is how an
 * application finds the credentials of a server before knowing which
 * authorization server the server uses.
 *
 * mcp-glib comes with [class@Mcp.MemoryCredentialStore], which forgets
 * everything when the application exits, and
 * [class@Mcp.SecretCredentialStore], which keeps credentials in the
 * desktop's keyring (when mcp-glib was built with libsecret).
 * [func@Mcp.CredentialStore.new_for_desktop_async] chooses between them.
 *
 * Several authorizations may share a store: the clients of an
 * [class@Mcp.ClientGroup] do, and so do applications that use the
 * keyring. When one of them refreshes a token, the authorization server
 * may rotate the refresh token, and the copy the others hold dies. So an
 * authorization reads the store again before it refreshes and after a
 * refresh token was refused, and adopts newer credentials it finds there
 * instead of sending the user to sign in again; and a store emits
 * [signal@Mcp.CredentialStore::changed] when credentials were saved
 * through it, so that the authorizations of the process take them at
 * once. A store of the application's own calls
 * [method@Mcp.CredentialStore.emit_changed] after each save.
 *
 * Since: 1.0
 */

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_INTERFACE (McpCredentialStore, mcp_credential_store, G_TYPE_OBJECT)

static void
mcp_credential_store_default_init (McpCredentialStoreInterface *iface)
{
  /**
   * McpCredentialStore::changed:
   * @self: the credential store
   * @resource: the URL of the MCP server whose credentials changed
   * @credentials: (nullable): the credentials saved, or %NULL when the
   *   credentials for @resource were deleted
   *
   * Emitted after credentials were saved in the store, or deleted from
   * it, by this process. The authorizations that use the store take saved
   * credentials that are newer than theirs. Changes made by other
   * processes are not announced: authorizations find them by reading the
   * store again before they refresh a token.
   *
   * Since: 1.0
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_INTERFACE (iface),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, MCP_TYPE_CREDENTIALS);
}

/**
 * mcp_credential_store_emit_changed:
 * @self: a credential store
 * @resource: the URL of the MCP server whose credentials changed
 * @credentials: (nullable): the credentials saved, or %NULL when they were
 *   deleted
 *
 * Emits [signal@Mcp.CredentialStore::changed]. A store implementation
 * calls it once a save or a deletion is done.
 *
 * Since: 1.0
 */
void
mcp_credential_store_emit_changed (McpCredentialStore *self,
                                   const char         *resource,
                                   McpCredentials     *credentials)
{
  g_return_if_fail (MCP_IS_CREDENTIAL_STORE (self));
  g_return_if_fail (resource != NULL);
  g_return_if_fail (!credentials || MCP_IS_CREDENTIALS (credentials));

  g_signal_emit (self, signals[CHANGED], 0, resource, credentials);
}

/**
 * mcp_credential_store_lookup_async:
 * @self: a credential store
 * @resource: the URL of the MCP server
 * @issuer: (nullable): the issuer of the authorization server, or %NULL for
 *   any
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the lookup is done
 * @user_data: data for @callback
 *
 * Looks up the credentials for @resource. When several issuers have
 * credentials for it and @issuer is %NULL, which of them is found is up to
 * the store.
 *
 * Since: 1.0
 */
void
mcp_credential_store_lookup_async (McpCredentialStore  *self,
                                   const char          *resource,
                                   const char          *issuer,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CREDENTIAL_STORE (self));
  g_return_if_fail (resource != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  MCP_CREDENTIAL_STORE_GET_IFACE (self)->lookup_async (self, resource, issuer, cancellable,
                                                       callback, user_data);
}

/**
 * mcp_credential_store_lookup_finish:
 * @self: a credential store
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.CredentialStore.lookup_async].
 *
 * Returns: (transfer full) (nullable): the credentials, or %NULL if there
 *   are none (@error unset) or the lookup failed (@error set)
 *
 * Since: 1.0
 */
McpCredentials *
mcp_credential_store_lookup_finish (McpCredentialStore  *self,
                                    GAsyncResult        *result,
                                    GError             **error)
{
  g_return_val_if_fail (MCP_IS_CREDENTIAL_STORE (self), NULL);
  g_return_val_if_fail (G_IS_ASYNC_RESULT (result), NULL);

  return MCP_CREDENTIAL_STORE_GET_IFACE (self)->lookup_finish (self, result, error);
}

/**
 * mcp_credential_store_save_async:
 * @self: a credential store
 * @credentials: the credentials to keep
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the credentials are saved
 * @user_data: data for @callback
 *
 * Saves @credentials, replacing any for the same server and issuer.
 *
 * Since: 1.0
 */
void
mcp_credential_store_save_async (McpCredentialStore  *self,
                                 McpCredentials      *credentials,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CREDENTIAL_STORE (self));
  g_return_if_fail (MCP_IS_CREDENTIALS (credentials));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  MCP_CREDENTIAL_STORE_GET_IFACE (self)->save_async (self, credentials, cancellable,
                                                     callback, user_data);
}

/**
 * mcp_credential_store_save_finish:
 * @self: a credential store
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.CredentialStore.save_async].
 *
 * Returns: whether the credentials were saved
 *
 * Since: 1.0
 */
gboolean
mcp_credential_store_save_finish (McpCredentialStore  *self,
                                  GAsyncResult        *result,
                                  GError             **error)
{
  g_return_val_if_fail (MCP_IS_CREDENTIAL_STORE (self), FALSE);
  g_return_val_if_fail (G_IS_ASYNC_RESULT (result), FALSE);

  return MCP_CREDENTIAL_STORE_GET_IFACE (self)->save_finish (self, result, error);
}

/**
 * mcp_credential_store_delete_async:
 * @self: a credential store
 * @resource: the URL of the MCP server
 * @issuer: (nullable): the issuer of the authorization server, or %NULL for
 *   all of them
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called when the credentials are deleted
 * @user_data: data for @callback
 *
 * Deletes the credentials for @resource. Deleting credentials that do not
 * exist is no error.
 *
 * Since: 1.0
 */
void
mcp_credential_store_delete_async (McpCredentialStore  *self,
                                   const char          *resource,
                                   const char          *issuer,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_return_if_fail (MCP_IS_CREDENTIAL_STORE (self));
  g_return_if_fail (resource != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  MCP_CREDENTIAL_STORE_GET_IFACE (self)->delete_async (self, resource, issuer, cancellable,
                                                       callback, user_data);
}

/**
 * mcp_credential_store_delete_finish:
 * @self: a credential store
 * @result: the result passed to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Mcp.CredentialStore.delete_async].
 *
 * Returns: whether the deletion worked
 *
 * Since: 1.0
 */
gboolean
mcp_credential_store_delete_finish (McpCredentialStore  *self,
                                    GAsyncResult        *result,
                                    GError             **error)
{
  g_return_val_if_fail (MCP_IS_CREDENTIAL_STORE (self), FALSE);
  g_return_val_if_fail (G_IS_ASYNC_RESULT (result), FALSE);

  return MCP_CREDENTIAL_STORE_GET_IFACE (self)->delete_finish (self, result, error);
}

/* The keyring if a Secret Service answered, else memory. */
typedef struct
{
  McpCredentialStore *store;
  gboolean            persistent;
} DesktopStore;

static void
desktop_store_free (DesktopStore *found)
{
  g_clear_object (&found->store);
  g_free (found);
}

static void
return_desktop_store (GTask              *task,
                      McpCredentialStore *store,
                      gboolean            persistent)
{
  DesktopStore *found = g_new0 (DesktopStore, 1);

  found->store = store;
  found->persistent = persistent;
  g_task_return_pointer (task, found, (GDestroyNotify) desktop_store_free);
}

static void
keyring_probed_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpCredentialStore *keyring = MCP_CREDENTIAL_STORE (object);
  g_autoptr(McpCredentials) credentials = NULL;
  g_autoptr(GError) error = NULL;

  credentials = mcp_credential_store_lookup_finish (keyring, result, &error);
  if (error == NULL)
    return_desktop_store (task, g_object_ref (keyring), TRUE);
  else if (g_task_return_error_if_cancelled (task))
    return;
  else
    {
      g_debug ("No keyring, credentials are kept in memory: %s", error->message);
      return_desktop_store (task, mcp_memory_credential_store_new (), FALSE);
    }
}

/**
 * mcp_credential_store_new_for_desktop_async:
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the store
 * @user_data: data for @callback
 *
 * Finds where an application of the desktop keeps the credentials of its
 * sign-ins: the user's keyring ([class@Mcp.SecretCredentialStore]) when
 * mcp-glib was built with libsecret and a Secret Service answers on the
 * session bus, else a [class@Mcp.MemoryCredentialStore], which keeps them
 * until the application quits. The keyring is asked once, for credentials
 * that no server has; nothing is unlocked or stored.
 *
 * In Python, `Mcp.CredentialStore.new_for_desktop_async(None, callback)`,
 * then `Mcp.CredentialStore.new_for_desktop_finish(result)` in the
 * callback, which returns the store and whether it is persistent.
 *
 * Since: 1.0
 */
void
mcp_credential_store_new_for_desktop_async (GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_credential_store_new_for_desktop_async);

  if (mcp_secret_credential_store_is_supported ())
    {
      g_autoptr(McpCredentialStore) keyring = mcp_secret_credential_store_new ();

      mcp_credential_store_lookup_async (keyring, "https://keyring-probe.invalid/mcp", NULL,
                                         cancellable, keyring_probed_cb, g_steal_pointer (&task));
    }
  else
    {
      return_desktop_store (task, mcp_memory_credential_store_new (), FALSE);
    }
}

/**
 * mcp_credential_store_new_for_desktop_finish:
 * @result: the result passed to the callback
 * @persistent: (out) (optional): return location for whether the store
 *   keeps credentials after the application quits (the keyring)
 * @error: return location for a #GError
 *
 * Finishes [func@Mcp.CredentialStore.new_for_desktop_async].
 *
 * Returns: (transfer full): the store, or %NULL if cancelled
 *
 * Since: 1.0
 */
McpCredentialStore *
mcp_credential_store_new_for_desktop_finish (GAsyncResult  *result,
                                         gboolean      *persistent,
                                         GError       **error)
{
  DesktopStore *found;
  McpCredentialStore *store;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        mcp_credential_store_new_for_desktop_async, NULL);

  found = g_task_propagate_pointer (G_TASK (result), error);
  if (found == NULL)
    return NULL;

  if (persistent != NULL)
    *persistent = found->persistent;
  store = g_steal_pointer (&found->store);
  desktop_store_free (found);

  return store;
}
