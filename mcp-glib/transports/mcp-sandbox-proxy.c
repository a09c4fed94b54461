/* mcp-sandbox-proxy.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The proxy through which a sandboxed server reaches the domains its
 * policy allows. It listens on a Unix socket in a private directory that
 * is bound into the sandbox (the sandbox has no network of its own; the
 * spawn helper forwards a loopback port there), and understands only
 * `CONNECT host:port`: it checks the name against the denied and allowed
 * domains, resolves it itself, refuses loopback, link-local and other
 * local addresses unless the policy named them literally, connects, and
 * then relays bytes both ways. It ends with the server's start
 * (_mcp_sandbox_run_free ()), taking every relayed connection with it.
 *
 * Everything it reads comes from the untrusted server: the request is
 * bounded (8 KiB), and any error just closes the connection.
 */

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gio/gunixsocketaddress.h>

#include "mcp-sandbox-private.h"

#define MAX_REQUEST 8192
#define MAX_REFUSED 32

struct _McpSandboxProxy
{
  GSocketService *service;
  GCancellable   *cancellable;
  char           *dir;
  char           *socket_path;
  GStrv           allowed;
  GStrv           denied;
  GPtrArray      *refused;
};

typedef struct
{
  McpSandboxProxy   *proxy;
  GCancellable      *cancellable;
  GSocketConnection *downstream;
  GSocketConnection *upstream;
  char               buffer[MAX_REQUEST];
  gsize              len;
  gsize              header_len;
  char              *host;
  guint16            port;
  gboolean           explicit_local;
  GList             *addresses;
  GList             *next_address;
} Connection;

static void
connection_free (Connection *conn)
{
  if (conn->downstream != NULL)
    g_io_stream_close (G_IO_STREAM (conn->downstream), NULL, NULL);
  if (conn->upstream != NULL)
    g_io_stream_close (G_IO_STREAM (conn->upstream), NULL, NULL);
  g_clear_object (&conn->downstream);
  g_clear_object (&conn->upstream);
  g_clear_object (&conn->cancellable);
  g_resolver_free_addresses (conn->addresses);
  g_free (conn->host);
  g_free (conn);
}

/* Whether @text is an IPv4 or IPv6 address, as the address parser reads
 * it: g_hostname_is_ip_address () takes ":" for one (GLib 2.74). */
static gboolean
is_ip_address (const char *text)
{
  g_autoptr(GInetAddress) address = g_inet_address_new_from_string (text);

  return address != NULL;
}

/* The host of a pattern, and its port (0 for any). */
static gboolean
split_host_port (const char  *text,
                 char       **host,
                 guint16     *port)
{
  const char *colon;
  guint64 value = 0;

  if (text[0] == '[')
    {
      const char *close = strchr (text, ']');

      if (close == NULL)
        return FALSE;
      *host = g_strndup (text + 1, close - text - 1);
      colon = close[1] == ':' ? close + 1 : NULL;
      if (close[1] != '\0' && colon == NULL)
        {
          g_clear_pointer (host, g_free);
          return FALSE;
        }
    }
  else
    {
      colon = strrchr (text, ':');
      if (colon != NULL && strchr (text, ':') != colon)
        colon = NULL;   /* A bare IPv6 address. */
      *host = colon != NULL ? g_strndup (text, colon - text) : g_strdup (text);
    }

  if (colon != NULL &&
      (!g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &value, NULL)))
    {
      g_clear_pointer (host, g_free);
      return FALSE;
    }

  *port = (guint16) value;
  return **host != '\0';
}

static gboolean
pattern_matches (const char *pattern,
                 const char *host,
                 guint16     port,
                 gboolean   *literal)
{
  g_autofree char *name = NULL;
  g_autofree char *lower = NULL;
  guint16 pattern_port;

  *literal = FALSE;
  if (!split_host_port (pattern, &name, &pattern_port))
    return FALSE;
  if (pattern_port != 0 && pattern_port != port)
    return FALSE;

  lower = g_ascii_strdown (name, -1);
  if (lower[strlen (lower) - 1] == '.')
    lower[strlen (lower) - 1] = '\0';

  if (g_str_equal (lower, "*"))
    return TRUE;
  if (g_str_has_prefix (lower, "*."))
    {
      gsize host_len = strlen (host), suffix_len = strlen (lower + 1);

      return host_len > suffix_len && g_str_equal (host + host_len - suffix_len, lower + 1);
    }
  if (!g_str_equal (lower, host))
    return FALSE;

  *literal = g_str_equal (lower, "localhost") || is_ip_address (lower);
  return TRUE;
}

/* Whether @host (lower case, no trailing dot) may be reached on @port:
 * denied domains win. *@explicit_local says that an allowed pattern named
 * it literally, as `localhost` or an IP address. */
gboolean
_mcp_sandbox_domain_allowed (const char * const *allowed,
                             const char * const *denied,
                             const char         *host,
                             guint16             port,
                             gboolean           *explicit_local)
{
  gboolean literal, found = FALSE;

  *explicit_local = FALSE;
  for (guint i = 0; denied != NULL && denied[i] != NULL; i++)
    if (pattern_matches (denied[i], host, port, &literal))
      return FALSE;

  for (guint i = 0; allowed != NULL && allowed[i] != NULL; i++)
    if (pattern_matches (allowed[i], host, port, &literal))
      {
        found = TRUE;
        *explicit_local |= literal;
      }

  return found;
}

static gboolean
is_local_address (GInetAddress *address)
{
  g_autofree char *text = NULL;

  if (g_inet_address_get_is_loopback (address) || g_inet_address_get_is_link_local (address) ||
      g_inet_address_get_is_any (address) || g_inet_address_get_is_multicast (address))
    return TRUE;

  /* IPv4 mapped into IPv6 (::ffff:127.0.0.1), and 0.0.0.0/8. */
  text = g_inet_address_to_string (address);
  if (g_str_has_prefix (text, "::ffff:"))
    {
      g_autoptr(GInetAddress) inner = g_inet_address_new_from_string (text + 7);

      return inner == NULL || is_local_address (inner);
    }
  return g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV4 &&
         g_inet_address_to_bytes (address)[0] == 0;
}

static void
refuse (Connection *conn,
        const char *status)
{
  McpSandboxProxy *proxy = conn->proxy;
  g_autofree char *reply = g_strdup_printf ("HTTP/1.1 %s\r\nContent-Length: 0\r\n"
                                            "Connection: close\r\n\r\n", status);

  if (conn->host != NULL && proxy->refused->len < MAX_REFUSED + 1)
    {
      g_autofree char *name = g_strdup_printf ("%s:%u", conn->host, conn->port);
      char *valid = g_utf8_make_valid (name, -1);

      gboolean known = FALSE;

      /* The array ends in NULL. */
      for (guint i = 0; i + 1 < proxy->refused->len; i++)
        known |= g_str_equal (g_ptr_array_index (proxy->refused, i), valid);
      if (!known)
        g_ptr_array_insert (proxy->refused, proxy->refused->len - 1, valid);
      else
        g_free (valid);
    }

  g_debug ("The sandbox proxy refused %s: %s", conn->host != NULL ? conn->host : "a request",
           status);
  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (conn->downstream)),
                             reply, strlen (reply), NULL, NULL, NULL);
  connection_free (conn);
}

static void
splice_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Connection *conn = user_data;

  g_io_stream_splice_finish (result, NULL);
  connection_free (conn);
}

static void try_next_address (Connection *conn);

static void
connected_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Connection *conn = user_data;
  g_autoptr(GError) error = NULL;
  GSocketConnection *upstream;
  const char *established = "HTTP/1.1 200 Connection established\r\n\r\n";
  GOutputStream *down_out, *up_out;

  upstream = g_socket_client_connect_finish (G_SOCKET_CLIENT (object), result, &error);
  if (g_cancellable_is_cancelled (conn->cancellable))
    {
      g_clear_object (&upstream);
      connection_free (conn);
      return;
    }
  if (upstream == NULL)
    {
      try_next_address (conn);
      return;
    }

  conn->upstream = upstream;
  down_out = g_io_stream_get_output_stream (G_IO_STREAM (conn->downstream));
  up_out = g_io_stream_get_output_stream (G_IO_STREAM (conn->upstream));

  /* Short writes to sockets of our own: blocking is fine for these few
   * bytes, and what came after the request goes on first. */
  if (!g_output_stream_write_all (down_out, established, strlen (established), NULL, NULL,
                                  NULL) ||
      (conn->len > conn->header_len &&
       !g_output_stream_write_all (up_out, conn->buffer + conn->header_len,
                                   conn->len - conn->header_len, NULL, NULL, NULL)))
    {
      connection_free (conn);
      return;
    }

  g_io_stream_splice_async (G_IO_STREAM (conn->downstream), G_IO_STREAM (conn->upstream),
                            G_IO_STREAM_SPLICE_NONE, G_PRIORITY_DEFAULT, conn->cancellable,
                            splice_cb, conn);
}

static void
try_next_address (Connection *conn)
{
  g_autoptr(GSocketClient) client = NULL;
  g_autoptr(GSocketAddress) address = NULL;

  while (conn->next_address != NULL &&
         !conn->explicit_local && is_local_address (conn->next_address->data))
    conn->next_address = conn->next_address->next;

  if (conn->next_address == NULL)
    {
      refuse (conn, conn->addresses != NULL ? "403 Forbidden" : "502 Bad Gateway");
      return;
    }

  address = g_inet_socket_address_new (conn->next_address->data, conn->port);
  conn->next_address = conn->next_address->next;
  client = g_socket_client_new ();
  g_socket_client_set_timeout (client, 30);
  /* Straight to the address checked above, never through another proxy. */
  g_socket_client_set_enable_proxy (client, FALSE);
  g_socket_client_connect_async (client, G_SOCKET_CONNECTABLE (address), conn->cancellable,
                                 connected_cb, conn);
}

static void
resolved_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Connection *conn = user_data;
  GList *addresses;

  addresses = g_resolver_lookup_by_name_finish (G_RESOLVER (object), result, NULL);
  if (g_cancellable_is_cancelled (conn->cancellable))
    {
      g_resolver_free_addresses (addresses);
      connection_free (conn);
      return;
    }
  if (addresses == NULL)
    {
      refuse (conn, "502 Bad Gateway");
      return;
    }

  conn->addresses = conn->next_address = addresses;
  try_next_address (conn);
}

static gboolean
valid_host (const char *host)
{
  gsize label = 0;

  /* GLib takes an IPv6 address with any zone after '%' ("::1%x\"") as an
   * address: a sandboxed server has no interface to name, and the zone
   * would go on into the logs and errors as it is. */
  if (strchr (host, '%') != NULL)
    return FALSE;
  if (is_ip_address (host))
    return TRUE;
  if (*host == '\0' || strlen (host) > 253)
    return FALSE;

  /* Labels of 1 to 63 characters: no empty one, at the end either. */
  for (const char *p = host; ; p++)
    {
      if (*p == '.' || *p == '\0')
        {
          if (label == 0 || label > 63)
            return FALSE;
          if (*p == '\0')
            return TRUE;
          label = 0;
          continue;
        }
      if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
        return FALSE;
      label++;
    }
}

/* The request line of @header ("CONNECT host:port HTTP/1.x" and a line
 * end): the host in lower case without a trailing dot and the port, or
 * the status of the refusal. */
gboolean
_mcp_sandbox_proxy_parse_request (const char  *header,
                                  gsize        len,
                                  char       **host_out,
                                  guint16     *port_out,
                                  const char **status)
{
  g_autofree char *line = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *host = NULL;
  const char *end = memchr (header, '\n', len);
  guint16 port;
  gsize host_len;

  *host_out = NULL;
  *port_out = 0;
  if (end == NULL)
    {
      *status = "400 Bad Request";
      return FALSE;
    }

  line = g_strndup (header, end - header);
  g_strchomp (line);
  parts = g_strsplit (line, " ", -1);

  if (g_strv_length (parts) != 3 || !g_str_equal (parts[0], "CONNECT") ||
      !g_str_has_prefix (parts[2], "HTTP/1."))
    {
      *status = "405 Method Not Allowed";
      return FALSE;
    }

  if (!split_host_port (parts[1], &host, &port) || port == 0)
    {
      *status = "400 Bad Request";
      return FALSE;
    }

  *host_out = g_ascii_strdown (host, -1);
  host_len = strlen (*host_out);
  if (host_len > 0 && (*host_out)[host_len - 1] == '.')
    (*host_out)[host_len - 1] = '\0';
  *port_out = port;

  if (!valid_host (*host_out))
    {
      *status = "403 Forbidden";
      return FALSE;
    }

  return TRUE;
}

/* The whole request is in. */
static void
handle_request (Connection *conn)
{
  McpSandboxProxy *proxy = conn->proxy;
  const char *status = NULL;
  GInetAddress *address;

  if (!_mcp_sandbox_proxy_parse_request (conn->buffer, conn->header_len, &conn->host,
                                         &conn->port, &status) ||
      !_mcp_sandbox_domain_allowed ((const char * const *) proxy->allowed,
                                    (const char * const *) proxy->denied,
                                    conn->host, conn->port, &conn->explicit_local))
    {
      refuse (conn, status != NULL ? status : "403 Forbidden");
      return;
    }

  address = g_inet_address_new_from_string (conn->host);
  if (address != NULL)
    {
      conn->addresses = g_list_append (NULL, address);
      conn->next_address = conn->addresses;
      try_next_address (conn);
      return;
    }

  g_resolver_lookup_by_name_async (g_resolver_get_default (), conn->host, conn->cancellable,
                                   resolved_cb, conn);
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Connection *conn = user_data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, NULL);
  const char *end;

  if (g_cancellable_is_cancelled (conn->cancellable) || n <= 0)
    {
      connection_free (conn);
      return;
    }

  conn->len += n;
  end = g_strstr_len (conn->buffer, conn->len, "\r\n\r\n");
  if (end != NULL)
    {
      conn->header_len = end + 4 - conn->buffer;
      handle_request (conn);
      return;
    }

  if (conn->len == sizeof conn->buffer)
    {
      refuse (conn, "431 Request Header Fields Too Large");
      return;
    }

  g_input_stream_read_async (G_INPUT_STREAM (object), conn->buffer + conn->len,
                             sizeof conn->buffer - conn->len, G_PRIORITY_DEFAULT,
                             conn->cancellable, read_cb, conn);
}

static gboolean
incoming_cb (GSocketService    *service,
             GSocketConnection *connection,
             GObject           *source_object,
             gpointer           user_data)
{
  McpSandboxProxy *proxy = user_data;
  Connection *conn = g_new0 (Connection, 1);

  conn->proxy = proxy;
  conn->cancellable = g_object_ref (proxy->cancellable);
  conn->downstream = g_object_ref (connection);
  g_input_stream_read_async (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                             conn->buffer, sizeof conn->buffer, G_PRIORITY_DEFAULT,
                             conn->cancellable, read_cb, conn);
  return TRUE;
}

McpSandboxProxy *
_mcp_sandbox_proxy_new (const char * const *allowed,
                        const char * const *denied,
                        GError            **error)
{
  g_autoptr(GSocketAddress) address = NULL;
  McpSandboxProxy *proxy;
  g_autofree char *dir = NULL;

  dir = g_dir_make_tmp ("mcp-glib-proxy-XXXXXX", error);
  if (dir == NULL)
    return NULL;

  proxy = g_new0 (McpSandboxProxy, 1);
  proxy->dir = g_steal_pointer (&dir);
  proxy->socket_path = g_build_filename (proxy->dir, MCP_SANDBOX_PROXY_NAME, NULL);
  proxy->allowed = g_strdupv ((char **) allowed);
  proxy->denied = g_strdupv ((char **) denied);
  proxy->refused = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (proxy->refused, NULL);
  proxy->cancellable = g_cancellable_new ();
  proxy->service = g_socket_service_new ();

  address = g_unix_socket_address_new (proxy->socket_path);
  if (!g_socket_listener_add_address (G_SOCKET_LISTENER (proxy->service), address,
                                      G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT,
                                      NULL, NULL, error))
    {
      _mcp_sandbox_proxy_free (proxy);
      return NULL;
    }

  g_signal_connect (proxy->service, "incoming", G_CALLBACK (incoming_cb), proxy);
  g_socket_service_start (proxy->service);

  return proxy;
}

const char *
_mcp_sandbox_proxy_get_dir (McpSandboxProxy *proxy)
{
  return proxy->dir;
}

const char * const *
_mcp_sandbox_proxy_get_refused (McpSandboxProxy *proxy)
{
  return (const char * const *) proxy->refused->pdata;
}

void
_mcp_sandbox_proxy_free (McpSandboxProxy *proxy)
{
  g_cancellable_cancel (proxy->cancellable);
  g_signal_handlers_disconnect_by_data (proxy->service, proxy);
  g_socket_service_stop (proxy->service);
  g_socket_listener_close (G_SOCKET_LISTENER (proxy->service));
  g_clear_object (&proxy->service);
  g_clear_object (&proxy->cancellable);

  g_unlink (proxy->socket_path);
  g_rmdir (proxy->dir);
  g_free (proxy->socket_path);
  g_free (proxy->dir);
  g_strfreev (proxy->allowed);
  g_strfreev (proxy->denied);
  g_ptr_array_unref (proxy->refused);
  g_free (proxy);
}
