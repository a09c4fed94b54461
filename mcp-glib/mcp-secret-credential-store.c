/* mcp-secret-credential-store.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Credentials in the desktop's keyring through libsecret: one item per
 * server and issuer, the serialized credentials as its secret. Built only
 * with libsecret (the `libsecret` build option).
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libsecret/secret.h>

#include "mcp-secret-credential-store.h"

/**
 * McpSecretCredentialStore:
 *
 * A [iface@Mcp.CredentialStore] that keeps credentials in the desktop's
 * keyring, through the Secret Service (GNOME Keyring, KWallet, or the
 * Secret portal inside Flatpak), so that they survive the application and
 * are encrypted at rest.
 *
 * Each server's credentials are one item of the default collection, of
 * the schema `org.gnome.McpGlib.Credentials`, with the attributes
 * `resource` (the server's URL) and `issuer`; the secret is the
 * serialized [class@Mcp.Credentials].
 *
 * This store exists only when mcp-glib was built with libsecret (the
 * `libsecret` build option, enabled when libsecret is found).
 *
 * Since: 1.0
 */

struct _McpSecretCredentialStore
{
  GObject parent_instance;
};

static void credential_store_iface_init (McpCredentialStoreInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (McpSecretCredentialStore, mcp_secret_credential_store,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MCP_TYPE_CREDENTIAL_STORE,
                                                      credential_store_iface_init))

static const SecretSchema *
credentials_schema (void)
{
  static const SecretSchema schema = {
    "org.gnome.McpGlib.Credentials", SECRET_SCHEMA_NONE,
    {
      { "resource", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "issuer", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    }
  };

  return &schema;
}

static GHashTable *
attributes_new (const char *resource,
                const char *issuer)
{
  GHashTable *attributes = g_hash_table_new (g_str_hash, g_str_equal);

  /* The strings outlive the calls that use the table. */
  g_hash_table_insert (attributes, (gpointer) "resource", (gpointer) resource);
  if (issuer != NULL)
    g_hash_table_insert (attributes, (gpointer) "issuer", (gpointer) issuer);

  return attributes;
}

static void
lookup_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  char *secret;
  McpCredentials *credentials;

  secret = secret_password_lookup_finish (result, &error);
  if (error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (secret == NULL)
    {
      g_task_return_pointer (task, NULL, NULL);
      return;
    }

  credentials = mcp_credentials_new_from_string (secret, &error);
  secret_password_free (secret);
  if (credentials == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, credentials, g_object_unref);
}

static void
lookup_async (McpCredentialStore  *store,
              const char          *resource,
              const char          *issuer,
              GCancellable        *cancellable,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (store, cancellable, callback, user_data);
  g_autoptr(GHashTable) attributes = attributes_new (resource, issuer);

  g_task_set_source_tag (task, lookup_async);
  secret_password_lookupv (credentials_schema (), attributes, cancellable, lookup_cb,
                           g_steal_pointer (&task));
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
store_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!secret_password_store_finish (result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
clear_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  /* FALSE without an error: there was nothing to delete. */
  secret_password_clear_finish (result, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
save_async (McpCredentialStore  *store,
            McpCredentials      *credentials,
            GCancellable        *cancellable,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (store, cancellable, callback, user_data);
  g_autoptr(GHashTable) attributes = NULL;
  g_autofree char *secret = mcp_credentials_to_string (credentials);
  g_autofree char *label = NULL;

  attributes = attributes_new (mcp_credentials_get_resource (credentials),
                               mcp_credentials_get_issuer (credentials));
  g_task_set_source_tag (task, save_async);
  /* TRANSLATORS: the label of a keyring item; %s is a URL */
  label = g_strdup_printf (_("Sign-in to the MCP server %s"),
                           mcp_credentials_get_resource (credentials));
  secret_password_storev (credentials_schema (), attributes, SECRET_COLLECTION_DEFAULT, label,
                          secret, cancellable, store_cb, g_steal_pointer (&task));
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
  g_autoptr(GTask) task = g_task_new (store, cancellable, callback, user_data);
  g_autoptr(GHashTable) attributes = attributes_new (resource, issuer);

  g_task_set_source_tag (task, delete_async);
  secret_password_clearv (credentials_schema (), attributes, cancellable, clear_cb,
                          g_steal_pointer (&task));
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
mcp_secret_credential_store_class_init (McpSecretCredentialStoreClass *klass)
{
}

static void
mcp_secret_credential_store_init (McpSecretCredentialStore *self)
{
}

/**
 * mcp_secret_credential_store_new:
 *
 * Creates a store that keeps credentials in the desktop's keyring. Nothing
 * is contacted until the store is used.
 *
 * Returns: (transfer full): a new credential store
 *
 * Since: 1.0
 */
McpCredentialStore *
mcp_secret_credential_store_new (void)
{
  return g_object_new (MCP_TYPE_SECRET_CREDENTIAL_STORE, NULL);
}
