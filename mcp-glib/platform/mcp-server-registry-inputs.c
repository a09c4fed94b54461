/* mcp-server-registry-inputs.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The inputs of a registry's session: the values of `${input:ID}` that the
 * application was asked for (McpInputRequest) or gave in advance. An input
 * that several servers wait for is asked for once; its answer goes to all.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-input-request-private.h"
#include "mcp-json-private.h"
#include "mcp-server-config-private.h"
#include "mcp-server-registry-private.h"

typedef struct
{
  GPtrArray *waiters;
} PendingInput;

typedef struct
{
  GTask  *task;
  gulong  cancelled_id;
} InputWaiter;

void
_mcp_pending_input_free (gpointer data)
{
  PendingInput *pending = data;

  g_ptr_array_unref (pending->waiters);
  g_free (pending);
}

static void
finish_waiter (InputWaiter *waiter,
               GError      *error)
{
  GCancellable *cancellable = g_task_get_cancellable (waiter->task);

  if (waiter->cancelled_id != 0)
    g_signal_handler_disconnect (cancellable, waiter->cancelled_id);

  if (error != NULL)
    g_task_return_error (waiter->task, error);
  else
    g_task_return_boolean (waiter->task, TRUE);
  g_object_unref (waiter->task);
  g_free (waiter);
}

/**
 * mcp_server_registry_set_input:
 * @self: a registry
 * @id: an input's ID
 * @value: (nullable): its value, or %NULL to forget it
 *
 * Gives an input its value in advance, for example from the user's
 * keyring, so that it is not asked for.
 *
 * Since: 1.0
 */
void
mcp_server_registry_set_input (McpServerRegistry *self,
                               const char        *id,
                               const char        *value)
{
  g_return_if_fail (MCP_IS_SERVER_REGISTRY (self));
  g_return_if_fail (id != NULL);

  if (value != NULL)
    _mcp_server_registry_input_answered (self, id, value);
  else
    g_hash_table_remove (self->inputs, id);
}

/**
 * mcp_server_registry_forget_inputs:
 * @self: a registry
 *
 * Forgets the values of every input, so that they are asked for again
 * the next time a server that uses them starts. Servers already running
 * keep running.
 *
 * Since: 1.0
 */
void
mcp_server_registry_forget_inputs (McpServerRegistry *self)
{
  g_return_if_fail (MCP_IS_SERVER_REGISTRY (self));

  g_hash_table_remove_all (self->inputs);
}

const char *
_mcp_server_registry_lookup_input (McpServerRegistry *self,
                                   const char        *id)
{
  return g_hash_table_lookup (self->inputs, id);
}

static JsonObject *
find_declaration (McpServerRegistry *self,
                  McpServerConfig   *config,
                  const char        *id)
{
  for (guint i = 0; i < self->files->len; i++)
    {
      ConfigFile *cf = self->files->pdata[i];

      if (!g_ptr_array_find (cf->configs, config, NULL) || cf->inputs == NULL)
        continue;

      for (guint j = 0; j < json_array_get_length (cf->inputs); j++)
        {
          JsonNode *node = json_array_get_element (cf->inputs, j);

          if (JSON_NODE_HOLDS_OBJECT (node) &&
              g_strcmp0 (_mcp_json_object_get_string (json_node_get_object (node), "id"), id) == 0)
            return json_node_get_object (node);
        }
    }

  return NULL;
}

static void
input_answered (GObject    *owner,
                const char *id,
                const char *value)
{
  _mcp_server_registry_input_answered (MCP_SERVER_REGISTRY (owner), id, value);
}

static void
waiter_cancelled_cb (GCancellable *cancellable,
                     gpointer      user_data)
{
  InputWaiter *waiter = user_data;
  McpServerRegistry *self = g_task_get_source_object (waiter->task);
  GHashTableIter iter;
  PendingInput *pending;

  g_hash_table_iter_init (&iter, self->pending_inputs);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &pending))
    {
      if (g_ptr_array_remove (pending->waiters, waiter))
        {
          finish_waiter (waiter, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                      _("The operation was cancelled")));
          return;
        }
    }
}

/* Asks the application for @id, which has no value in the session: one
 * question however many servers wait for the answer. */
static void
request_input (McpServerRegistry *self,
               GTask             *task,
               McpServerConfig   *config,
               const char        *id)
{
  g_autoptr(McpInputRequest) request = NULL;
  GCancellable *cancellable = g_task_get_cancellable (task);
  PendingInput *pending;
  InputWaiter *waiter;
  JsonObject *declaration;
  gboolean handled = FALSE;

  if (self->pending_inputs == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               _("The server registry was closed"));
      g_object_unref (task);
      return;
    }
  if ((declaration = find_declaration (self, config, id)) == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The input “%s” is not declared in the file’s “inputs”"), id);
      g_object_unref (task);
      return;
    }

  waiter = g_new0 (InputWaiter, 1);
  waiter->task = task;
  if (cancellable != NULL)
    waiter->cancelled_id = g_signal_connect (cancellable, "cancelled",
                                             G_CALLBACK (waiter_cancelled_cb), waiter);

  if ((pending = g_hash_table_lookup (self->pending_inputs, id)) != NULL)
    {
      g_ptr_array_add (pending->waiters, waiter);
      return;
    }

  pending = g_new0 (PendingInput, 1);
  pending->waiters = g_ptr_array_new ();
  g_ptr_array_add (pending->waiters, waiter);
  g_hash_table_insert (self->pending_inputs, g_strdup (id), pending);

  request = _mcp_input_request_new (G_OBJECT (self), input_answered, id, declaration,
                                    mcp_server_config_get_name (config));
  handled = _mcp_server_registry_emit_input_requested (self, request);

  if (!handled && !mcp_input_request_is_answered (request))
    {
      g_debug ("Nobody answered the input “%s”", id);
      mcp_input_request_decline (request);
    }
}

/* An input looked up in the keyring before the application is asked. */
typedef struct
{
  McpServerConfig *config;
  char            *id;
} KeyringLookup;

static void
keyring_lookup_free (gpointer data)
{
  KeyringLookup *lookup = data;

  g_object_unref (lookup->config);
  g_free (lookup->id);
  g_free (lookup);
}

static void
keyring_lookup_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpServerRegistry *self = g_task_get_source_object (task);
  KeyringLookup *lookup = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *value = _mcp_input_keyring_lookup_finish (result, &error);

  if (g_task_return_error_if_cancelled (task))
    return;

  if (value != NULL)
    {
      _mcp_server_registry_input_answered (self, lookup->id, value);
      memset (value, 0, strlen (value));
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* The keyring's messages never hold the value. */
  if (error != NULL)
    g_debug ("The input “%s” was not looked up in the keyring: %s", lookup->id, error->message);

  /* Answered meanwhile, by the application or another lookup. */
  if (_mcp_server_registry_lookup_input (self, lookup->id) != NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  request_input (self, g_steal_pointer (&task), lookup->config, lookup->id);
}

void
_mcp_server_registry_ask_input_async (McpServerRegistry   *self,
                                      McpServerConfig     *config,
                                      const char          *id,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  GFile *file = mcp_server_config_get_file (config);
  KeyringLookup *lookup;

  g_task_set_source_tag (task, _mcp_server_registry_ask_input_async);

  if (g_task_return_error_if_cancelled (task))
    return;

  if (_mcp_server_registry_lookup_input (self, id) != NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (find_declaration (self, config, id) == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The input “%s” is not declared in the file’s “inputs”"), id);
      return;
    }

  if (!self->use_keyring || file == NULL)
    {
      request_input (self, g_steal_pointer (&task), config, id);
      return;
    }

  lookup = g_new0 (KeyringLookup, 1);
  lookup->config = g_object_ref (config);
  lookup->id = g_strdup (id);
  g_task_set_task_data (task, lookup, keyring_lookup_free);
  _mcp_input_keyring_lookup_async (file, id, cancellable, keyring_lookup_cb,
                                   g_steal_pointer (&task));
}

gboolean
_mcp_server_registry_ask_input_finish (McpServerRegistry  *self,
                                       GAsyncResult       *result,
                                       GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The application answered the input @id with @value, or declined it
 * (@value is NULL). */
void
_mcp_server_registry_input_answered (McpServerRegistry *self,
                                     const char        *id,
                                     const char        *value)
{
  g_autofree char *key = NULL;
  PendingInput *pending = NULL;

  if (value != NULL)
    g_hash_table_replace (self->inputs, g_strdup (id), g_strdup (value));

  if (self->pending_inputs == NULL ||
      !g_hash_table_steal_extended (self->pending_inputs, id,
                                    (gpointer *) &key, (gpointer *) &pending))
    return;

  while (pending->waiters->len > 0)
    {
      InputWaiter *waiter = g_ptr_array_steal_index (pending->waiters, 0);

      finish_waiter (waiter, value != NULL ? NULL
                     : g_error_new (G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                                    _("The input “%s” was not given"), id));
    }

  _mcp_pending_input_free (pending);
}

/* The registry goes: whoever waits for an input stops waiting. */
void
_mcp_server_registry_cancel_inputs (McpServerRegistry *self)
{
  g_autoptr(GHashTable) pending = g_steal_pointer (&self->pending_inputs);
  GHashTableIter iter;
  PendingInput *input;

  if (pending == NULL)
    return;

  g_hash_table_iter_init (&iter, pending);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &input))
    while (input->waiters->len > 0)
      finish_waiter (g_ptr_array_steal_index (input->waiters, 0),
                     g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                          _("The server registry was closed")));
}
