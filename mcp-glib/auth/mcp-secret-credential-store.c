/* mcp-secret-credential-store.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Credentials in the desktop's keyring through libsecret: one item per
 * server and issuer, the serialized credentials as its secret. The type is
 * in every build, so that the API does not depend on how the library was
 * configured; without libsecret (the `libsecret` build option), every
 * operation fails with G_IO_ERROR_NOT_SUPPORTED.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#ifdef HAVE_LIBSECRET
# include <libsecret/secret.h>
#endif

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
 * A save through any keyring store of the process is announced with
 * [signal@Mcp.CredentialStore::changed] by all of them, and so are the
 * credentials that other processes (another application, or
 * `mcp-glib-client`) save in the keyring, as the Secret Service announces
 * them. Authorizations also read the keyring again before they refresh a
 * token, and after a refresh token was refused.
 *
 * The type exists in every build. When mcp-glib was built without
 * libsecret (the `libsecret` build option), every operation of the store
 * fails with %G_IO_ERROR_NOT_SUPPORTED; ask
 * [func@Mcp.SecretCredentialStore.is_supported] first, or use
 * [func@Mcp.CredentialStore.new_for_desktop_async], which falls back to
 * memory.
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

#ifdef HAVE_LIBSECRET

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

/* The keyring stores of the process: a save through one is announced by
 * all, since they all see the same keyring. */
static GPtrArray *instances;

static void
emit_changed_everywhere (const char     *resource,
                         McpCredentials *credentials)
{
  g_autoptr(GPtrArray) stores = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; instances != NULL && i < instances->len; i++)
    g_ptr_array_add (stores, g_object_ref (instances->pdata[i]));
  for (guint i = 0; i < stores->len; i++)
    mcp_credential_store_emit_changed (stores->pdata[i], resource, credentials);
}

/* Other processes that save in the keyring are heard through the Secret
 * Service's own signals: a collection announces ItemCreated and
 * ItemChanged with the item's path, whose attributes name the server. The
 * watch lasts as long as a keyring store exists. */
static GDBusConnection *watch_bus;
static GCancellable    *watch_cancellable;
static guint            watch_id;

/* The attributes of an item another process saved; the lookup uses the
 * strings until it is done. */
typedef struct
{
  char *resource;
  char *issuer;
} Heard;

static void
heard_lookup_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Heard *heard = user_data;
  g_autoptr(McpCredentials) credentials = NULL;

  credentials = mcp_credential_store_lookup_finish (MCP_CREDENTIAL_STORE (object), result, NULL);
  if (credentials != NULL)
    emit_changed_everywhere (heard->resource, credentials);

  g_free (heard->resource);
  g_free (heard->issuer);
  g_free (heard);
}

static void
item_attributes_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) attributes = NULL;
  const char *schema = NULL;
  const char *resource = NULL;
  const char *issuer = NULL;
  Heard *heard;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, NULL);
  if (reply == NULL || instances == NULL || instances->len == 0)
    return;

  g_variant_get (reply, "(v)", &attributes);
  if (!g_variant_is_of_type (attributes, G_VARIANT_TYPE ("a{ss}")))
    return;
  if (g_variant_lookup (attributes, "xdg:schema", "&s", &schema) &&
      g_strcmp0 (schema, credentials_schema ()->name) != 0)
    return;
  if (!g_variant_lookup (attributes, "resource", "&s", &resource) ||
      !g_variant_lookup (attributes, "issuer", "&s", &issuer))
    return;

  heard = g_new0 (Heard, 1);
  heard->resource = g_strdup (resource);
  heard->issuer = g_strdup (issuer);
  lookup_async (instances->pdata[0], heard->resource, heard->issuer, NULL, heard_lookup_cb, heard);
}

static void
item_signal_cb (GDBusConnection *bus,
                const char      *sender,
                const char      *path,
                const char      *interface,
                const char      *signal,
                GVariant        *parameters,
                gpointer         user_data)
{
  const char *item;

  if ((g_strcmp0 (signal, "ItemCreated") != 0 && g_strcmp0 (signal, "ItemChanged") != 0) ||
      !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(o)")))
    return;

  g_variant_get (parameters, "(&o)", &item);
  g_dbus_connection_call (bus, sender, item, "org.freedesktop.DBus.Properties", "Get",
                          g_variant_new ("(ss)", "org.freedesktop.Secret.Item", "Attributes"),
                          G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                          item_attributes_cb, NULL);
}

static void
watch_bus_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GError) error = NULL;

  bus = g_bus_get_finish (result, &error);
  if (bus == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("Not watching the keyring for other processes: %s", error->message);
      return;
    }
  if (instances == NULL || instances->len == 0 || watch_bus != NULL)
    return;

  watch_bus = g_steal_pointer (&bus);
  watch_id = g_dbus_connection_signal_subscribe (watch_bus, NULL,
                                                 "org.freedesktop.Secret.Collection", NULL,
                                                 NULL, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                                 item_signal_cb, NULL, NULL);
}

static void
watch_start (void)
{
  g_clear_object (&watch_cancellable);
  watch_cancellable = g_cancellable_new ();
  g_bus_get (G_BUS_TYPE_SESSION, watch_cancellable, watch_bus_cb, NULL);
}

static void
watch_stop (void)
{
  g_cancellable_cancel (watch_cancellable);
  g_clear_object (&watch_cancellable);
  if (watch_bus != NULL)
    g_dbus_connection_signal_unsubscribe (watch_bus, watch_id);
  watch_id = 0;
  g_clear_object (&watch_bus);
}

static void
store_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpCredentials *credentials = g_task_get_task_data (task);
  GError *error = NULL;

  if (!secret_password_store_finish (result, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  g_task_return_boolean (task, TRUE);
  emit_changed_everywhere (mcp_credentials_get_resource (credentials), credentials);
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
  g_task_set_task_data (task, g_object_ref (credentials), g_object_unref);
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

#else /* !HAVE_LIBSECRET */

static void
report_not_supported (McpCredentialStore  *store,
                      gpointer             source_tag,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_task_report_new_error (store, callback, user_data, source_tag,
                           G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("This copy of mcp-glib was built without libsecret: it cannot keep "
                             "credentials in the desktop’s keyring"));
}

static void
lookup_async (McpCredentialStore  *store,
              const char          *resource,
              const char          *issuer,
              GCancellable        *cancellable,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  report_not_supported (store, lookup_async, callback, user_data);
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
  report_not_supported (store, save_async, callback, user_data);
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
  report_not_supported (store, delete_async, callback, user_data);
}

#endif /* HAVE_LIBSECRET */

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
mcp_secret_credential_store_finalize (GObject *object)
{
#ifdef HAVE_LIBSECRET
  g_ptr_array_remove_fast (instances, object);
  if (instances->len == 0)
    watch_stop ();
#endif

  G_OBJECT_CLASS (mcp_secret_credential_store_parent_class)->finalize (object);
}

static void
mcp_secret_credential_store_class_init (McpSecretCredentialStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_secret_credential_store_finalize;
}

static void
mcp_secret_credential_store_init (McpSecretCredentialStore *self)
{
#ifdef HAVE_LIBSECRET
  if (instances == NULL)
    instances = g_ptr_array_new ();
  g_ptr_array_add (instances, self);
  if (instances->len == 1)
    watch_start ();
#endif
}

/**
 * mcp_secret_credential_store_new:
 *
 * Creates a store that keeps credentials in the desktop's keyring. Nothing
 * is contacted until the store is used. In a build without libsecret the
 * store is made all the same, and each of its operations fails with
 * %G_IO_ERROR_NOT_SUPPORTED.
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

/**
 * mcp_secret_credential_store_is_supported:
 *
 * Tells whether this copy of mcp-glib was built with libsecret, so that a
 * [class@Mcp.SecretCredentialStore] can reach the desktop's keyring. Even
 * then the keyring may not answer: a session without a Secret Service
 * fails the store's operations with an error of libsecret.
 *
 * Returns: %TRUE when built with libsecret
 *
 * Since: 1.0
 */
gboolean
mcp_secret_credential_store_is_supported (void)
{
#ifdef HAVE_LIBSECRET
  return TRUE;
#else
  return FALSE;
#endif
}
