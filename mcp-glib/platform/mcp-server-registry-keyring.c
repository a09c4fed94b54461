/* mcp-server-registry-keyring.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The values of `${input:…}` kept in the desktop's keyring, never in the
 * configuration file: one item per file and input (the schema
 * org.gnome.McpGlib.Input, attributes `file` and `input`). A registry with
 * McpServerRegistry:use-keyring looks an input up there before it asks the
 * application; saving stores the values given with servers it added
 * (mcp_catalog_proposal_add ()) and deletes those of the servers it
 * removed. Without libsecret, the keyring's operations fail with
 * G_IO_ERROR_NOT_SUPPORTED and the values stay in the session.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#ifdef HAVE_LIBSECRET
# include <libsecret/secret.h>
#endif

#include "mcp-server-config-private.h"
#include "mcp-server-registry-private.h"

/* The attribute that names a file: its path, or its URI when it has none. */
static char *
file_attribute (GFile *file)
{
  char *path = g_file_get_path (file);

  return path != NULL ? path : g_file_get_uri (file);
}

#ifdef HAVE_LIBSECRET

static const SecretSchema *
input_schema (void)
{
  static const SecretSchema schema = {
    "org.gnome.McpGlib.Input", SECRET_SCHEMA_NONE,
    {
      { "file", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "input", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    }
  };

  return &schema;
}

/* The table's strings belong to the caller and outlive the call. */
static GHashTable *
attributes_new (const char *file,
                const char *id)
{
  GHashTable *attributes = g_hash_table_new (g_str_hash, g_str_equal);

  g_hash_table_insert (attributes, (gpointer) "file", (gpointer) file);
  g_hash_table_insert (attributes, (gpointer) "input", (gpointer) id);

  return attributes;
}

#else /* !HAVE_LIBSECRET */

static GError *
not_supported (void)
{
  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                              _("This copy of mcp-glib was built without libsecret: it cannot "
                                "keep the values of inputs in the desktop’s keyring"));
}

#endif /* HAVE_LIBSECRET */

/* Looking an input up ---------------------------------------------------- */

#ifdef HAVE_LIBSECRET
static void
lookup_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  char *secret = secret_password_lookup_finish (result, &error);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    {
      g_task_return_pointer (task, g_strdup (secret), g_free);
      secret_password_free (secret);
    }
}
#endif

void
_mcp_input_keyring_lookup_async (GFile               *file,
                                 const char          *id,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  char *name = file_attribute (file);

  g_task_set_source_tag (task, _mcp_input_keyring_lookup_async);
  g_task_set_task_data (task, name, g_free);
#ifdef HAVE_LIBSECRET
  {
    g_autoptr(GHashTable) attributes = attributes_new (name, id);

    secret_password_lookupv (input_schema (), attributes, cancellable, lookup_cb,
                             g_steal_pointer (&task));
  }
#else
  g_task_return_error (task, not_supported ());
#endif
}

/* Returns the value, or NULL (without an error) when the keyring has none. */
char *
_mcp_input_keyring_lookup_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Storing and deleting, one after the other ------------------------------ */

/* What a save does in the keyring for one input of one file: store @value,
 * or delete the item when it is NULL. */
typedef struct
{
  char *file;   /* the attribute: libsecret reads it after the call */
  char *id;
  char *value;
} KeyringChange;

static void
keyring_change_free (gpointer data)
{
  KeyringChange *change = data;

  g_free (change->file);
  g_free (change->id);
  if (change->value != NULL)
    memset (change->value, 0, strlen (change->value));
  g_free (change->value);
  g_free (change);
}

GPtrArray *
_mcp_keyring_changes_new (void)
{
  return g_ptr_array_new_with_free_func (keyring_change_free);
}

void
_mcp_keyring_changes_add (GPtrArray  *changes,
                          GFile      *file,
                          const char *id,
                          const char *value)
{
  KeyringChange *change = g_new0 (KeyringChange, 1);

  change->file = file_attribute (file);
  change->id = g_strdup (id);
  change->value = g_strdup (value);
  g_ptr_array_add (changes, change);
}

static void apply_next (GTask *task);

#ifdef HAVE_LIBSECRET
static void
change_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GPtrArray *changes = g_task_get_task_data (task);
  KeyringChange *change = changes->pdata[0];
  GError *error = NULL;

  /* Deleting an item that is not there is no failure. */
  if (change->value != NULL)
    secret_password_store_finish (result, &error);
  else
    secret_password_clear_finish (result, &error);

  if (error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  g_ptr_array_remove_index (changes, 0);
  apply_next (g_steal_pointer (&task));
}
#endif

static void
apply_next (GTask *task)
{
  GPtrArray *changes = g_task_get_task_data (task);

  if (changes->len == 0)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }

#ifdef HAVE_LIBSECRET
  {
    KeyringChange *change = changes->pdata[0];
    g_autoptr(GHashTable) attributes = attributes_new (change->file, change->id);
    GCancellable *cancellable = g_task_get_cancellable (task);

    if (change->value != NULL)
      {
        /* TRANSLATORS: the label of a keyring item; the first %s is the ID of
         * an input, the second a configuration file */
        g_autofree char *label = g_strdup_printf (_("Input “%s” of the MCP servers of %s"),
                                                  change->id, change->file);

        secret_password_storev (input_schema (), attributes, SECRET_COLLECTION_DEFAULT, label,
                                change->value, cancellable, change_done_cb, task);
      }
    else
      {
        secret_password_clearv (input_schema (), attributes, cancellable, change_done_cb, task);
      }
  }
#else
  g_task_return_error (task, not_supported ());
  g_object_unref (task);
#endif
}

/* Applies @changes (transfer full) in order; the first failure ends it. */
void
_mcp_keyring_changes_apply_async (GPtrArray           *changes,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, _mcp_keyring_changes_apply_async);
  g_task_set_task_data (task, changes, (GDestroyNotify) g_ptr_array_unref);
  apply_next (task);
}

gboolean
_mcp_keyring_changes_apply_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The registry's side ----------------------------------------------------- */

/**
 * mcp_server_registry_get_use_keyring:
 * @self: a registry
 *
 * Gets whether the registry keeps the values of inputs in the desktop's
 * keyring ([property@Mcp.ServerRegistry:use-keyring]).
 *
 * Returns: %TRUE if it does
 *
 * Since: 1.0
 */
gboolean
mcp_server_registry_get_use_keyring (McpServerRegistry *self)
{
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (self), FALSE);

  return self->use_keyring;
}

/**
 * mcp_server_registry_set_use_keyring:
 * @self: a registry
 * @use_keyring: whether to keep the values of inputs in the keyring
 *
 * Sets [property@Mcp.ServerRegistry:use-keyring].
 *
 * Since: 1.0
 */
void
mcp_server_registry_set_use_keyring (McpServerRegistry *self,
                                     gboolean           use_keyring)
{
  g_return_if_fail (MCP_IS_SERVER_REGISTRY (self));

  use_keyring = !!use_keyring;
  if (self->use_keyring == use_keyring)
    return;

  self->use_keyring = use_keyring;
  _mcp_server_registry_notify_use_keyring (self);
}

static ConfigFile *
file_of_config (McpServerRegistry *self,
                McpServerConfig   *config)
{
  for (guint i = 0; i < self->files->len; i++)
    {
      ConfigFile *cf = self->files->pdata[i];

      if (g_ptr_array_find (cf->configs, config, NULL))
        return cf;
    }

  return NULL;
}

/* @config, in the registry, was added with the value @value of its input
 * @id: it is the session's now, and the keyring's once the file is saved. */
void
_mcp_server_registry_keep_input (McpServerRegistry *self,
                                 McpServerConfig   *config,
                                 const char        *id,
                                 const char        *value)
{
  ConfigFile *cf = file_of_config (self, config);

  g_return_if_fail (cf != NULL);

  mcp_server_registry_set_input (self, id, value);
  if (cf->kept_inputs == NULL)
    cf->kept_inputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_replace (cf->kept_inputs, g_strdup (id), g_strdup (value));
}

/* @config leaves @cf: the inputs it uses are deleted from the keyring when
 * the file is saved, unless a server of the file still uses them then. */
void
_mcp_server_registry_forget_kept_inputs (ConfigFile      *cf,
                                         McpServerConfig *config)
{
  g_auto(GStrv) ids = mcp_server_config_dup_input_ids (config);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      if (cf->kept_inputs != NULL)
        g_hash_table_remove (cf->kept_inputs, ids[i]);
      if (!g_ptr_array_find_with_equal_func (cf->forgotten_inputs, ids[i], g_str_equal, NULL))
        g_ptr_array_add (cf->forgotten_inputs, g_strdup (ids[i]));
    }
}

static gboolean
file_uses_input (ConfigFile *cf,
                 const char *id)
{
  for (guint i = 0; i < cf->configs->len; i++)
    {
      g_auto(GStrv) ids = mcp_server_config_dup_input_ids (cf->configs->pdata[i]);

      if (g_strv_contains ((const char * const *) ids, id))
        return TRUE;
    }

  return FALSE;
}

/* @cf was written: what it keeps in the keyring goes to @changes, to be
 * stored or deleted once every file is saved. */
void
_mcp_server_registry_take_keyring_changes (ConfigFile *cf,
                                           GPtrArray  *changes)
{
  GHashTableIter iter;
  gpointer id, value;

  if (cf->kept_inputs != NULL)
    {
      g_hash_table_iter_init (&iter, cf->kept_inputs);
      while (g_hash_table_iter_next (&iter, &id, &value))
        _mcp_keyring_changes_add (changes, cf->file, id, value);
      g_clear_pointer (&cf->kept_inputs, g_hash_table_unref);
    }

  for (guint i = 0; i < cf->forgotten_inputs->len; i++)
    {
      const char *forgotten = cf->forgotten_inputs->pdata[i];

      if (!file_uses_input (cf, forgotten))
        _mcp_keyring_changes_add (changes, cf->file, forgotten, NULL);
    }
  g_ptr_array_set_size (cf->forgotten_inputs, 0);
}
