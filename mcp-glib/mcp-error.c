/* mcp-error.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The MCP_ERROR domain: errors a peer reported in a JSON-RPC error response.
 * Local failures (I/O, timeouts, cancellation, malformed messages) use
 * G_IO_ERROR instead, so callers can tell the two apart.
 *
 * It is an extended error domain: an error keeps the `data` member of the
 * response it came from, which copies keep too. Bindings lose it all the
 * same: PyGObject turns a GError into an exception of a domain, a code and
 * a message, and makes a new GError of those when the exception is passed
 * back to C. So the library remembers the data of the last few errors it
 * made from responses, and a new error of the domain with the same code
 * and message gets it back.
 */

#include "config.h"

#include <string.h>

#include "mcp-error-private.h"

/* How many errors' data is remembered for bindings, and how large a data
 * member may be to be remembered: the table holds at most 16 × 64 KiB. */
#define RECENT_ERRORS    16
#define RECENT_MAX_BYTES (64 * 1024)

typedef struct
{
  JsonNode *data;
} McpErrorPrivate;

typedef struct
{
  int       code;
  char     *message;
  JsonNode *data;
} RecentError;

static GMutex recent_lock;
static RecentError recent[RECENT_ERRORS];
static guint recent_next;

/* What G_DEFINE_EXTENDED_ERROR() would define, but for the domain's name:
 * it would be "McpError-quark", and the domain is "mcp-error-quark", which
 * bindings show (a Python GLib.Error's domain) and match errors by. */

static McpErrorPrivate *
get_private (const GError *error)
{
  /* Where GLib puts the private data of an extended error: right before
   * the GError, its size rounded up to twice that of a pointer. */
  const gsize align = 2 * sizeof (gsize);
  const gsize size = (sizeof (McpErrorPrivate) + align - 1) & -align;

  return (McpErrorPrivate *) (((guint8 *) error) - size);
}

static void
mcp_error_private_init (GError *error)
{
  McpErrorPrivate *priv = get_private (error);

  g_mutex_lock (&recent_lock);
  for (guint i = 1; i <= RECENT_ERRORS && priv->data == NULL; i++)
    {
      /* The most recent first. */
      RecentError *entry = &recent[(recent_next + RECENT_ERRORS - i) % RECENT_ERRORS];

      if (entry->message != NULL && entry->code == error->code &&
          g_strcmp0 (entry->message, error->message) == 0)
        priv->data = json_node_ref (entry->data);
    }
  g_mutex_unlock (&recent_lock);
}

static void
mcp_error_private_copy (const GError *src_error,
                        GError       *dest_error)
{
  McpErrorPrivate *src = get_private (src_error);
  McpErrorPrivate *dest = get_private (dest_error);

  g_clear_pointer (&dest->data, json_node_unref);
  if (src->data != NULL)
    dest->data = json_node_ref (src->data);
}

static void
mcp_error_private_clear (GError *error)
{
  g_clear_pointer (&get_private (error)->data, json_node_unref);
}

static GQuark
register_domain (void)
{
  return g_error_domain_register_static ("mcp-error-quark", sizeof (McpErrorPrivate),
                                         mcp_error_private_init,
                                         mcp_error_private_copy,
                                         mcp_error_private_clear);
}

/**
 * mcp_error_quark:
 *
 * Gets the quark of the %MCP_ERROR domain.
 *
 * Returns: the error domain quark
 *
 * Since: 1.0
 */
GQuark
mcp_error_quark (void)
{
  static gsize quark;

  if (g_once_init_enter (&quark))
    g_once_init_leave (&quark, register_domain ());

  return (GQuark) quark;
}

/* Every error of the domain must be made after it is registered, which
 * reserves room for the data: an error made by its name before (as
 * bindings make them) would have none. Hence as soon as the library is
 * loaded. */
static void __attribute__ ((constructor))
register_at_load (void)
{
  mcp_error_quark ();
}

/* Whether @node is at most about @budget bytes of JSON text; spends the
 * budget as it goes, so that a huge tree costs no more than the budget. */
static gboolean
fits (JsonNode *node,
      gsize    *budget)
{
  gsize cost = 8;

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    cost += strlen (json_node_get_string (node));

  if (*budget < cost)
    return FALSE;
  *budget -= cost;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        {
          gsize name_cost = strlen (name) + 4;

          if (*budget < name_cost)
            return FALSE;
          *budget -= name_cost;
          if (!fits (member, budget))
            return FALSE;
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        if (!fits (json_array_get_element (array, i), budget))
          return FALSE;
    }

  return TRUE;
}

/* Makes the error for a JSON-RPC error response: @code and @message as the
 * peer sent them, and its `data` member, if any. */
GError *
_mcp_error_new_from_response (int         code,
                              const char *message,
                              JsonNode   *data)
{
  GError *error = g_error_new_literal (MCP_ERROR, code, message);
  McpErrorPrivate *priv = get_private (error);
  g_autoptr(JsonNode) copy = NULL;
  gsize budget = RECENT_MAX_BYTES;
  RecentError *entry;

  g_clear_pointer (&priv->data, json_node_unref);
  if (data == NULL)
    return error;

  /* Immutable, since errors, their copies and the table share it. */
  copy = json_node_copy (data);
  json_node_seal (copy);
  priv->data = json_node_ref (copy);

  if (!fits (copy, &budget))
    return error;

  g_mutex_lock (&recent_lock);
  entry = &recent[recent_next];
  recent_next = (recent_next + 1) % RECENT_ERRORS;
  g_free (entry->message);
  g_clear_pointer (&entry->data, json_node_unref);
  entry->code = code;
  entry->message = g_strdup (message);
  entry->data = g_steal_pointer (&copy);
  g_mutex_unlock (&recent_lock);

  return error;
}

/**
 * mcp_error_get_data:
 * @error: an error
 *
 * Gets the `data` member of the JSON-RPC error response an %MCP_ERROR
 * came from: what the server added to the code and the message, such as
 * the URL to open for %MCP_ERROR_URL_ELICITATION_REQUIRED.
 *
 * <!-- doc-test
 * static GError *error;
 * void show_elicitations (JsonArray *elicitations);
 * -->
 * ```c
 * if (g_error_matches (error, MCP_ERROR, MCP_ERROR_URL_ELICITATION_REQUIRED))
 *   {
 *     JsonNode *data = mcp_error_get_data (error);
 *
 *     if (data != NULL && JSON_NODE_HOLDS_OBJECT (data))
 *       show_elicitations (json_object_get_array_member (json_node_get_object (data),
 *                                                        "elicitations"));
 *   }
 * ```
 *
 * The data travels with the error and its copies. Bindings make a new
 * error when an exception is passed back to C (PyGObject keeps only the
 * domain, the code and the message): for them, an error of the domain
 * gets the data of the most recent of the last 16 error responses with
 * the same code and message whose data was at most 64 KiB, so that
 * `Mcp.error_get_data(error)` works on a Python `GLib.Error` too. See the
 * [errors guide](errors.html).
 *
 * Returns: (transfer none) (nullable): the data of the error response, or
 *   %NULL if it had none or @error is not an %MCP_ERROR
 *
 * Since: 1.0
 */
JsonNode *
mcp_error_get_data (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain != MCP_ERROR)
    return NULL;

  return get_private (error)->data;
}
