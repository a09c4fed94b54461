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
 * response it came from, which copies keep too, and no other error ever
 * gets it. Bindings lose it all the same: PyGObject turns a GError into an
 * exception of a domain, a code and a message, and makes a new GError of
 * those when the exception is passed back to C. For the PyGObject override
 * alone (gi/overrides/Mcp.py), each thread remembers the last error of the
 * domain it freed: PyGObject frees the error it turns into an exception
 * just before raising it, and the override asks at once, with an error
 * whose message carries a mark no other error has (HANDOFF_MARK), and
 * keeps the data on the exception. An error made any other way never gets
 * data that is not its own.
 */

#include "config.h"

#include <string.h>

#include "mcp-error-private.h"

typedef struct
{
  JsonNode *data;
} McpErrorPrivate;

/* The last error of the domain freed on a thread, for the override. */
typedef struct
{
  int       code;
  char     *message;
  JsonNode *data;
} LastFreed;

/* Ends the message of the error the override makes to ask for the data of
 * the error it just turned into an exception (gi/overrides/Mcp.py). */
#define HANDOFF_MARK "\x1emcp-glib-error-data"

static void
last_freed_free (gpointer data)
{
  LastFreed *last = data;

  g_free (last->message);
  g_clear_pointer (&last->data, json_node_unref);
  g_free (last);
}

static GPrivate last_freed = G_PRIVATE_INIT (last_freed_free);

static gboolean
is_handoff (const GError *error,
            gsize        *message_len)
{
  gsize len = error->message != NULL ? strlen (error->message) : 0;

  if (len < strlen (HANDOFF_MARK) ||
      strcmp (error->message + len - strlen (HANDOFF_MARK), HANDOFF_MARK) != 0)
    return FALSE;

  *message_len = len - strlen (HANDOFF_MARK);
  return TRUE;
}

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

/* An error made with g_error_new () has no data: only the override's
 * request gets that of the error freed last on the thread, if it is the
 * one the request names. */
static void
mcp_error_private_init (GError *error)
{
  McpErrorPrivate *priv = get_private (error);
  LastFreed *last = g_private_get (&last_freed);
  gsize message_len;

  if (last == NULL || last->data == NULL || !is_handoff (error, &message_len))
    return;

  if (last->code == error->code && strlen (last->message) == message_len &&
      strncmp (last->message, error->message, message_len) == 0)
    priv->data = json_node_ref (last->data);
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
  McpErrorPrivate *priv = get_private (error);
  LastFreed *last;
  gsize message_len;

  /* Every error of the domain but the override's requests: the last one
   * is the one PyGObject just raised, with its data or without. */
  if (!is_handoff (error, &message_len))
    {
      last = g_private_get (&last_freed);
      if (last == NULL)
        {
          last = g_new0 (LastFreed, 1);
          g_private_set (&last_freed, last);
        }
      last->code = error->code;
      g_free (last->message);
      last->message = g_strdup (error->message != NULL ? error->message : "");
      g_clear_pointer (&last->data, json_node_unref);
      last->data = g_steal_pointer (&priv->data);
    }

  g_clear_pointer (&priv->data, json_node_unref);
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

/* Makes the error for a JSON-RPC error response: @code and @message as the
 * peer sent them, and its `data` member, if any. */
GError *
_mcp_error_new_from_response (int         code,
                              const char *message,
                              JsonNode   *data)
{
  GError *error = g_error_new_literal (MCP_ERROR, code, message);
  McpErrorPrivate *priv = get_private (error);

  g_clear_pointer (&priv->data, json_node_unref);
  if (data == NULL)
    return error;

  /* Immutable, since the error and its copies share it. */
  priv->data = json_node_copy (data);
  json_node_seal (priv->data);

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
 * The data travels with the error and its copies, and belongs to that
 * error only: an error made another way, even with the same code and
 * message, has none. In Python, `Mcp.error_get_data(error)` works on the
 * `GLib.Error` a method of mcp-glib raised (the override keeps the data
 * on the exception, since PyGObject keeps only the domain, the code and
 * the message). See the [errors guide](errors.html).
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
