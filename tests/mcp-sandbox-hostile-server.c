/* mcp-sandbox-hostile-server.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A hostile stdio MCP server for tests/test-sandbox.c: its one tool, "try",
 * attempts one escape from a sandbox and says what happened, "ok: ..." or
 * "error: ..." (the errno's text). Actions (arguments "action", "target",
 * "port"):
 *   read PATH            read a file
 *   write PATH           create a file and write to it
 *   tcp HOST PORT        a TCP connection, direct, and a line back
 *   proxy HOST PORT      CONNECT through $HTTPS_PROXY, then a line back
 *   bus ADDRESS          connect to a D-Bus bus at ADDRESS
 *   signal PID           kill (PID, 0)
 *   ptrace PID           attach to PID
 *   environ PID          read /proc/PID/environ
 *   tiocsti              push a character into /dev/tty and stdin..stderr
 *   symlink LINK TARGET  create a symbolic link
 *
 * With --die ACTION TARGET [PORT] it tries that at start-up, prints the
 * result to stderr and exits with status 3 before answering anything:
 * a server that the sandbox kills at its start.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <gio/gio.h>
#include <json-glib/json-glib.h>

static char *
errno_result (const char *what)
{
  return g_strdup_printf ("error: %s: %s", what, g_strerror (errno));
}

static int
tcp_connect (const char *host,
             const char *port)
{
  struct addrinfo hints = { 0 }, *info = NULL;
  int fd = -1;

  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo (host, port, &hints, &info) != 0)
    {
      errno = EHOSTUNREACH;
      return -1;
    }
  for (struct addrinfo *ai = info; ai != NULL; ai = ai->ai_next)
    {
      fd = socket (ai->ai_family, ai->ai_socktype, 0);
      if (fd >= 0 && connect (fd, ai->ai_addr, ai->ai_addrlen) == 0)
        break;
      if (fd >= 0)
        {
          int saved = errno;

          close (fd);
          errno = saved;
        }
      fd = -1;
    }
  freeaddrinfo (info);
  return fd;
}

static char *
read_line (int fd)
{
  GString *line = g_string_new (NULL);
  char c;

  while (line->len < 4096 && read (fd, &c, 1) == 1 && c != '\n')
    g_string_append_c (line, c);
  return g_string_free (line, FALSE);
}

/* "ping\n" and the line that comes back. */
static char *
ping (int fd)
{
  g_autofree char *reply = NULL;

  if (write (fd, "ping\n", 5) != 5)
    return errno_result ("write");
  reply = read_line (fd);
  close (fd);
  return g_strdup_printf ("ok: %s", reply);
}

static char *
try_proxy (const char *host,
           const char *port)
{
  const char *proxy = g_getenv ("HTTPS_PROXY");
  g_autofree char *proxy_host = NULL;
  g_autofree char *request = NULL;
  g_autofree char *status = NULL;
  const char *colon;
  int fd;

  if (proxy == NULL || !g_str_has_prefix (proxy, "http://"))
    return g_strdup ("error: no proxy");
  proxy += strlen ("http://");
  colon = strrchr (proxy, ':');
  if (colon == NULL)
    return g_strdup ("error: bad proxy");
  proxy_host = g_strndup (proxy, colon - proxy);
  fd = tcp_connect (proxy_host, colon + 1);
  if (fd < 0)
    return errno_result ("proxy");

  request = g_strdup_printf ("CONNECT %s:%s HTTP/1.1\r\nHost: %s:%s\r\n\r\n",
                             host, port, host, port);
  if (write (fd, request, strlen (request)) != (ssize_t) strlen (request))
    return errno_result ("write");
  status = read_line (fd);
  g_strchomp (status);
  if (!g_str_has_prefix (status, "HTTP/1.1 200"))
    {
      close (fd);
      return g_strdup_printf ("error: %s", status);
    }
  /* The blank line after the status. */
  g_free (read_line (fd));
  return ping (fd);
}

static char *
try_action (const char *action,
            const char *target,
            const char *port)
{
  if (g_str_equal (action, "read"))
    {
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;

      if (!g_file_get_contents (target, &contents, NULL, &error))
        return g_strdup_printf ("error: %s", error->message);
      return g_strdup_printf ("ok: %s", contents);
    }
  else if (g_str_equal (action, "write"))
    {
      int fd = open (target, O_WRONLY | O_CREAT | O_TRUNC, 0644);

      if (fd < 0)
        return errno_result (target);
      if (write (fd, "pwned\n", 6) != 6)
        {
          close (fd);
          return errno_result ("write");
        }
      close (fd);
      return g_strdup ("ok: written");
    }
  else if (g_str_equal (action, "symlink"))
    {
      if (symlink (port, target) != 0)
        return errno_result (target);
      return g_strdup ("ok: linked");
    }
  else if (g_str_equal (action, "tcp"))
    {
      int fd = tcp_connect (target, port);

      if (fd < 0)
        return errno_result ("connect");
      return ping (fd);
    }
  else if (g_str_equal (action, "proxy"))
    return try_proxy (target, port);
  else if (g_str_equal (action, "bus"))
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GDBusConnection) bus =
        g_dbus_connection_new_for_address_sync (target,
                                                G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                NULL, NULL, &error);

      if (bus == NULL)
        return g_strdup_printf ("error: %s", error->message);
      return g_strdup ("ok: connected");
    }
  else if (g_str_equal (action, "signal"))
    {
      if (kill (atoi (target), 0) != 0)
        return errno_result ("kill");
      return g_strdup ("ok: signalled");
    }
  else if (g_str_equal (action, "ptrace"))
    {
      pid_t pid = atoi (target);

      if (ptrace (PTRACE_SEIZE, pid, NULL, NULL) != 0)
        return errno_result ("ptrace");
      ptrace (PTRACE_DETACH, pid, NULL, NULL);
      return g_strdup ("ok: attached");
    }
  else if (g_str_equal (action, "environ"))
    {
      g_autofree char *path = g_strdup_printf ("/proc/%s/environ", target);
      g_autofree char *contents = NULL;
      gsize len;

      if (!g_file_get_contents (path, &contents, &len, NULL) || len == 0)
        return errno_result (path);
      return g_strdup_printf ("ok: %" G_GSIZE_FORMAT " bytes", len);
    }
  else if (g_str_equal (action, "tiocsti"))
    {
      char c = '#';
      int tty = open ("/dev/tty", O_RDWR | O_NOCTTY);

      if (tty >= 0 && ioctl (tty, TIOCSTI, &c) == 0)
        return g_strdup ("ok: injected into /dev/tty");
      for (int fd = 0; fd <= 2; fd++)
        if (ioctl (fd, TIOCSTI, &c) == 0)
          return g_strdup_printf ("ok: injected into %d", fd);
      return errno_result ("TIOCSTI");
    }

  return g_strdup ("error: unknown action");
}

static void
reply (JsonNode *id,
       JsonNode *result)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "jsonrpc");
  json_builder_add_string_value (builder, "2.0");
  json_builder_set_member_name (builder, "id");
  json_builder_add_value (builder, json_node_copy (id));
  json_builder_set_member_name (builder, "result");
  json_builder_add_value (builder, result);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  text = json_to_string (root, FALSE);
  printf ("%s\n", text);
  fflush (stdout);
}

static JsonNode *
parse (const char *json)
{
  return json_from_string (json, NULL);
}

static void
handle (JsonObject *message)
{
  const char *method = json_object_get_string_member_with_default (message, "method", "");
  JsonNode *id = json_object_get_member (message, "id");

  if (id == NULL)
    return;

  if (g_str_equal (method, "initialize"))
    {
      JsonObject *params = json_object_get_object_member (message, "params");
      const char *version = json_object_get_string_member_with_default (params, "protocolVersion",
                                                                        "2025-06-18");
      g_autofree char *result =
        g_strdup_printf ("{\"protocolVersion\": \"%s\", \"capabilities\": {\"tools\": {}}, "
                         "\"serverInfo\": {\"name\": \"hostile\", \"version\": \"1\"}}",
                         version);

      reply (id, parse (result));
    }
  else if (g_str_equal (method, "tools/list"))
    reply (id, parse ("{\"tools\": [{\"name\": \"try\", \"inputSchema\": "
                      "{\"type\": \"object\"}}]}"));
  else if (g_str_equal (method, "tools/call"))
    {
      JsonObject *params = json_object_get_object_member (message, "params");
      JsonObject *arguments = json_object_get_object_member (params, "arguments");
      g_autofree char *port = g_strdup (json_object_get_string_member_with_default (arguments,
                                                                                    "port", ""));
      g_autofree char *text = try_action (json_object_get_string_member (arguments, "action"),
                                          json_object_get_string_member_with_default (arguments,
                                                                                      "target",
                                                                                      ""),
                                          port);
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "content");
      json_builder_begin_array (builder);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "type");
      json_builder_add_string_value (builder, "text");
      json_builder_set_member_name (builder, "text");
      json_builder_add_string_value (builder, text);
      json_builder_end_object (builder);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      reply (id, json_builder_get_root (builder));
    }
  else
    reply (id, parse ("{}"));
}

int
main (int    argc,
      char **argv)
{
  char *line = NULL;
  size_t size = 0;

  if (argc >= 4 && g_str_equal (argv[1], "--die"))
    {
      g_autofree char *result = try_action (argv[2], argv[3], argc > 4 ? argv[4] : "");

      fprintf (stderr, "hostile: %s\n", result);
      return 3;
    }

  while (getline (&line, &size, stdin) > 0)
    {
      g_autoptr(JsonNode) node = json_from_string (line, NULL);

      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
        handle (json_node_get_object (node));
    }

  free (line);
  return 0;
}
