/* mcp-sandbox-bwrap.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One start of a sandboxed stdio server: the checks that make it fail
 * closed, the bubblewrap command line a policy (McpSandbox) becomes, the
 * server's environment in the sandbox, and what the error says when the
 * server died of the sandbox.
 *
 * The spawn helper stays outside: it runs on the host and executes bwrap
 * in its place, so that what it guarantees (a process group, death with
 * the application, no inherited descriptor, the report of a failed exec)
 * holds for bwrap, whose own --die-with-parent then takes the server and
 * its whole PID namespace down with it. Only when domains are allowed does
 * a second copy of the helper run inside, as the first program of the
 * sandbox: it forwards a loopback port of the sandbox's own network
 * namespace to the proxy's Unix socket, then executes the server.
 *
 * The order of the mounts matters: the system read-only, then the hidden
 * trees (home, /tmp, /run, ...) as empty tmpfs, then the allowed paths,
 * then the read-only paths and last the denied paths, so that a secret
 * stays hidden under any allowed parent.
 */

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "mcp-sandbox-private.h"

struct _McpSandboxRun
{
  GStrv            argv;
  GStrv            envp;
  McpSandboxProxy *proxy;
  /* The real paths the server sees, for the error of a death. */
  GPtrArray       *visible;
};

/* Secrets under the home directory that a server never sees, even when
 * an allowed path contains them. */
static const char * const home_secrets[] = {
  ".ssh", ".gnupg", ".local/share/keyrings", ".local/share/kwalletd", ".password-store",
  ".local/share/password-store", ".pki", ".mozilla", ".thunderbird", ".librewolf",
  ".waterfox", ".config/google-chrome", ".config/google-chrome-beta",
  ".config/google-chrome-unstable", ".config/chromium", ".config/BraveSoftware",
  ".config/microsoft-edge", ".config/vivaldi", ".config/opera", ".config/epiphany",
  ".local/share/epiphany", ".var/app", ".aws", ".azure", ".kube", ".docker", ".netrc",
  ".git-credentials", ".config/git/credentials", ".config/gh", ".config/hub",
  ".config/gcloud", ".config/op", ".config/rclone", ".config/Code/User/globalStorage",
  ".npmrc", ".pypirc", ".cargo/credentials", ".cargo/credentials.toml",
  ".terraform.d/credentials.tfrc.json", ".vault-token", ".config/evolution",
  ".local/share/evolution", ".bash_history", ".zsh_history", ".python_history",
  ".local/share/fish/fish_history", ".Xauthority", ".ICEauthority", ".config/mcp-glib",
  NULL
};

/* Files of the system that root could read. */
static const char * const system_secrets[] = {
  "/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers",
  "/etc/sudoers.d", "/etc/ssh", "/var/lib/sss", "/var/lib/polkit-1", NULL
};

static char *
expand_path (const char *path)
{
  if (g_str_equal (path, "~"))
    return g_strdup (g_get_home_dir ());
  if (g_str_has_prefix (path, "~/"))
    return g_build_filename (g_get_home_dir (), path + 2, NULL);
  return g_canonicalize_filename (path, NULL);
}

/* @path without symbolic links, or %NULL if it does not exist. */
static char *
real_path (const char *path)
{
  g_autofree char *expanded = expand_path (path);
  char *resolved = realpath (expanded, NULL);
  char *copy;

  if (resolved == NULL)
    return NULL;
  copy = g_strdup (resolved);
  free (resolved);
  return copy;
}

static gboolean
is_under (const char *path,
          const char *parent)
{
  gsize len = strlen (parent);

  if (g_str_equal (parent, "/"))
    return TRUE;
  return strncmp (path, parent, len) == 0 && (path[len] == '\0' || path[len] == '/');
}

static gboolean
under_any (const char *path,
           GPtrArray  *parents)
{
  for (guint i = 0; i < parents->len; i++)
    if (is_under (path, g_ptr_array_index (parents, i)))
      return TRUE;
  return FALSE;
}

static void
add (GPtrArray  *args,
     const char *first,
     ...) G_GNUC_NULL_TERMINATED;

static void
add (GPtrArray  *args,
     const char *first,
     ...)
{
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, g_strdup (arg));
  va_end (ap);
}

/* Every denied path, expanded, with the real path of each that exists. */
static GPtrArray *
collect_denied (McpSandbox *sandbox)
{
  GPtrArray *denied = g_ptr_array_new_with_free_func (g_free);
  const char * const *extra = _mcp_sandbox_get_list (sandbox, MCP_SANDBOX_DENIED_PATHS);
  const char *home = g_get_home_dir ();

  for (guint i = 0; home_secrets[i] != NULL; i++)
    g_ptr_array_add (denied, g_build_filename (home, home_secrets[i], NULL));
  for (guint i = 0; system_secrets[i] != NULL; i++)
    g_ptr_array_add (denied, g_strdup (system_secrets[i]));
  for (guint i = 0; extra[i] != NULL; i++)
    g_ptr_array_add (denied, expand_path (extra[i]));

  /* A secret that is a link is hidden where it leads too. */
  for (guint i = 0, n = denied->len; i < n; i++)
    {
      char *resolved = real_path (g_ptr_array_index (denied, i));

      if (resolved != NULL && !g_str_equal (resolved, g_ptr_array_index (denied, i)))
        g_ptr_array_add (denied, resolved);
      else
        g_free (resolved);
    }

  return denied;
}

/* The real path of an allowed path, or %NULL if it does not exist; an
 * error if it is, or leads into, a denied path. */
static gboolean
resolve_allowed (const char  *path,
                 GPtrArray   *denied,
                 char       **resolved_out,
                 GError     **error)
{
  g_autofree char *resolved = real_path (path);

  if (resolved == NULL)
    {
      g_debug ("The sandbox skips “%s”, which does not exist", path);
      *resolved_out = NULL;
      return TRUE;
    }

  for (guint i = 0; i < denied->len; i++)
    if (is_under (resolved, g_ptr_array_index (denied, i)))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                     _("The sandbox cannot allow “%s”: it leads to “%s”, which a server may "
                       "never see"),
                     path, resolved);
        return FALSE;
      }

  if (g_str_equal (resolved, "/"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("The sandbox cannot allow “%s”: it is the whole file system"), path);
      return FALSE;
    }

  *resolved_out = g_steal_pointer (&resolved);
  return TRUE;
}

static const char *
find_bwrap (McpSandbox  *sandbox,
            char       **found,
            GError     **error)
{
  const char *named = mcp_sandbox_get_bwrap (sandbox);

  if (named == NULL)
    named = g_getenv ("MCP_GLIB_BWRAP");

  if (named != NULL && *named != '\0')
    {
      if (strchr (named, '/') == NULL)
        *found = g_find_program_in_path (named);
      else if (g_file_test (named, G_FILE_TEST_IS_EXECUTABLE))
        *found = g_strdup (named);
    }
  else
    *found = g_find_program_in_path ("bwrap");

  if (*found == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("The server was to run in a sandbox, but bubblewrap (“%s”) was not found; "
                     "install it (the package is usually called “bubblewrap”) or name it in "
                     "MCP_GLIB_BWRAP"),
                   named != NULL && *named != '\0' ? named : "bwrap");
      return NULL;
    }

  return *found;
}

static gboolean
read_number (const char *file,
             long       *value)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents (file, &contents, NULL, NULL))
    return FALSE;
  *value = strtol (contents, NULL, 10);
  return TRUE;
}

/* What makes a sandbox impossible before bwrap even tries. */
static gboolean
check_possible (GError **error)
{
  long value;

  if (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("The server was to run in a sandbox, but the application runs in "
                             "Flatpak, where bubblewrap cannot make one: “flatpak-spawn "
                             "--sandbox” only runs programs of the application’s own runtime, "
                             "and “flatpak-spawn --host” is no sandbox at all"));
      return FALSE;
    }

  if ((read_number ("/proc/sys/user/max_user_namespaces", &value) && value == 0) ||
      (getuid () != 0 && read_number ("/proc/sys/kernel/unprivileged_userns_clone", &value) &&
       value == 0))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("The server was to run in a sandbox, but this system does not let "
                             "users create user namespaces, which bubblewrap needs"));
      return FALSE;
    }

  return TRUE;
}

static const char *
spawn_helper (void)
{
  const char *helper = g_getenv ("MCP_GLIB_SPAWN_HELPER");

  if (helper == NULL || *helper == '\0')
    helper = MCP_SPAWN_HELPER;
  return access (helper, X_OK) == 0 ? helper : NULL;
}

/* Hides @path (a directory or a file) that the server could see. */
static void
mask_path (GPtrArray  *args,
           const char *path)
{
  struct stat st;

  if (lstat (path, &st) != 0)
    return;

  if (S_ISDIR (st.st_mode))
    add (args, "--tmpfs", path, "--remount-ro", path, NULL);
  else if (!S_ISLNK (st.st_mode))
    add (args, "--ro-bind", "/dev/null", path, NULL);
}

static void
bind_socket (GPtrArray  *args,
             GPtrArray  *visible,
             const char *path)
{
  if (path != NULL && g_file_test (path, G_FILE_TEST_EXISTS))
    {
      add (args, "--bind", path, path, NULL);
      g_ptr_array_add (visible, g_strdup (path));
    }
}

/* The trees a server does not see: empty tmpfs in their place. */
static GPtrArray *
hidden_trees (void)
{
  GPtrArray *hidden = g_ptr_array_new_with_free_func (g_free);
  const char *runtime_dir = g_get_user_runtime_dir ();
  const char * const fixed[] = { "/home", "/root", "/tmp", "/var/tmp", "/run", "/media", "/mnt",
                                 "/srv", NULL };

  for (guint i = 0; fixed[i] != NULL; i++)
    g_ptr_array_add (hidden, g_strdup (fixed[i]));
  if (!under_any (g_get_home_dir (), hidden))
    g_ptr_array_add (hidden, g_canonicalize_filename (g_get_home_dir (), NULL));
  if (runtime_dir != NULL && !under_any (runtime_dir, hidden))
    g_ptr_array_add (hidden, g_strdup (runtime_dir));

  /* The real place of a tree that is a link (/var/run, say). */
  for (guint i = 0, n = hidden->len; i < n; i++)
    {
      char *resolved = real_path (g_ptr_array_index (hidden, i));

      if (resolved != NULL && !under_any (resolved, hidden))
        g_ptr_array_add (hidden, resolved);
      else
        g_free (resolved);
    }

  return hidden;
}

static gboolean
bind_allowed (GPtrArray          *args,
              GPtrArray          *visible,
              GPtrArray          *denied,
              const char * const *paths,
              const char         *how,
              GError            **error)
{
  for (guint i = 0; paths != NULL && paths[i] != NULL; i++)
    {
      g_autofree char *resolved = NULL;
      g_autofree char *expanded = NULL;

      if (!resolve_allowed (paths[i], denied, &resolved, error))
        return FALSE;
      if (resolved == NULL)
        continue;

      add (args, how, resolved, resolved, NULL);
      g_ptr_array_add (visible, g_strdup (resolved));

      /* Also where the policy named it, when that was a link. */
      expanded = expand_path (paths[i]);
      if (!g_str_equal (expanded, resolved))
        {
          struct stat st;

          if (lstat (expanded, &st) == 0 && S_ISLNK (st.st_mode))
            add (args, "--symlink", resolved, expanded, NULL);
        }
    }

  return TRUE;
}

static char *
program_path (const char *program)
{
  if (strchr (program, '/') != NULL)
    return real_path (program);
  else
    {
      g_autofree char *found = g_find_program_in_path (program);

      return found != NULL ? real_path (found) : NULL;
    }
}

/**
 * _mcp_sandbox_run_new:
 * @sandbox: the policy
 * @argv: the server's command
 * @envp: the server's environment, as the transport made it
 * @cwd: (nullable): its working directory
 * @root_paths: (nullable): the client's roots, as local paths
 * @error: where a sandbox that cannot be made is reported
 *
 * Makes the command line of a sandboxed start, and the proxy if domains
 * are allowed. Fails closed: if anything is missing, the server is not
 * started.
 */
McpSandboxRun *
_mcp_sandbox_run_new (McpSandbox         *sandbox,
                      const char * const *argv,
                      const char * const *envp,
                      const char         *cwd,
                      const char * const *root_paths,
                      GError            **error)
{
  g_autoptr(McpSandboxRun) run = g_new0 (McpSandboxRun, 1);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) denied = NULL;
  g_autoptr(GPtrArray) hidden = NULL;
  g_autofree char *bwrap = NULL;
  g_autofree char *program = NULL;
  g_auto(GStrv) env = NULL;
  const char * const *allowed_domains;
  const char *helper = NULL;
  const char *runtime_dir = g_get_user_runtime_dir ();

  run->visible = g_ptr_array_new_with_free_func (g_free);

  if (!check_possible (error) || find_bwrap (sandbox, &bwrap, error) == NULL)
    return NULL;

  allowed_domains = _mcp_sandbox_get_list (sandbox, MCP_SANDBOX_ALLOWED_DOMAINS);
  if (allowed_domains[0] != NULL)
    {
      if ((helper = spawn_helper ()) == NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("The sandbox needs mcp-glib’s spawn helper to let the server "
                                 "reach the allowed domains, and it is missing"));
          return NULL;
        }
      run->proxy = _mcp_sandbox_proxy_new (allowed_domains,
                                           _mcp_sandbox_get_list (sandbox,
                                                                  MCP_SANDBOX_DENIED_DOMAINS),
                                           error);
      if (run->proxy == NULL)
        return NULL;
    }

  denied = collect_denied (sandbox);
  hidden = hidden_trees ();

  add (args, bwrap,
       "--unshare-all", "--cap-drop", "ALL", "--new-session", "--die-with-parent",
       "--ro-bind", "/", "/",
       "--dev", "/dev", "--proc", "/proc", NULL);
  for (guint i = 0; i < hidden->len; i++)
    if (g_file_test (g_ptr_array_index (hidden, i), G_FILE_TEST_IS_DIR))
      add (args, "--tmpfs", g_ptr_array_index (hidden, i), NULL);

  /* The program itself, when it lives in a hidden tree. */
  program = program_path (argv[0]);
  if (program != NULL && under_any (program, hidden) && !under_any (program, denied))
    add (args, "--ro-bind", program, program, NULL);
  if (helper != NULL)
    {
      g_autofree char *real_helper = real_path (helper);

      if (real_helper != NULL && under_any (real_helper, hidden))
        add (args, "--ro-bind", real_helper, real_helper, NULL);
    }

  if (!bind_allowed (args, run->visible, denied,
                     _mcp_sandbox_get_list (sandbox, MCP_SANDBOX_READ_PATHS), "--ro-bind", error) ||
      !bind_allowed (args, run->visible, denied,
                     _mcp_sandbox_get_list (sandbox, MCP_SANDBOX_WRITE_PATHS), "--bind", error) ||
      (mcp_sandbox_get_roots_writable (sandbox) &&
       !bind_allowed (args, run->visible, denied, root_paths, "--bind", error)))
    return NULL;

  /* The desktop, when granted. */
  if (mcp_sandbox_get_allow_session_bus (sandbox) && runtime_dir != NULL)
    {
      g_autofree char *bus = g_build_filename (runtime_dir, "bus", NULL);

      bind_socket (args, run->visible, bus);
    }
  if (mcp_sandbox_get_allow_display (sandbox))
    {
      const char *wayland = g_getenv ("WAYLAND_DISPLAY");

      if (wayland != NULL && runtime_dir != NULL)
        {
          g_autofree char *socket = g_build_filename (runtime_dir, wayland, NULL);

          bind_socket (args, run->visible, socket);
        }
      bind_socket (args, run->visible, "/tmp/.X11-unix");
    }

  /* Read-only and denied paths last: they win over any parent. */
  for (const char * const *paths = _mcp_sandbox_get_list (sandbox, MCP_SANDBOX_READ_ONLY_PATHS);
       *paths != NULL; paths++)
    {
      g_autofree char *resolved = real_path (*paths);

      if (resolved != NULL && g_str_equal (resolved, "/"))
        continue;
      if (resolved != NULL && (!under_any (resolved, hidden) || under_any (resolved, run->visible)))
        add (args, "--ro-bind", resolved, resolved, NULL);
    }
  for (guint i = 0; i < denied->len; i++)
    {
      const char *path = g_ptr_array_index (denied, i);

      if (!under_any (path, hidden) || under_any (path, run->visible))
        mask_path (args, path);
    }

  if (run->proxy != NULL)
    add (args, "--bind", _mcp_sandbox_proxy_get_dir (run->proxy), MCP_SANDBOX_PROXY_DIR, NULL);

  if (cwd != NULL)
    add (args, "--chdir", cwd, NULL);

  add (args, "--", NULL);
  if (helper != NULL)
    add (args, helper, "--proxy-forward", MCP_SANDBOX_PROXY_DIR "/" MCP_SANDBOX_PROXY_NAME,
         MCP_SANDBOX_PROXY_PORT, NULL);
  for (guint i = 0; argv[i] != NULL; i++)
    add (args, argv[i], NULL);
  g_ptr_array_add (args, NULL);
  run->argv = (GStrv) g_ptr_array_steal (args, NULL);

  /* The environment: the transport's, without what the sandbox does not
   * grant, with its own /tmp and proxy. */
  env = g_strdupv ((char **) envp);
  env = g_environ_setenv (env, "TMPDIR", "/tmp", TRUE);
  if (!mcp_sandbox_get_allow_session_bus (sandbox))
    env = g_environ_unsetenv (env, "DBUS_SESSION_BUS_ADDRESS");
  else if (runtime_dir != NULL)
    {
      g_autofree char *address = g_strdup_printf ("unix:path=%s/bus", runtime_dir);

      env = g_environ_setenv (env, "DBUS_SESSION_BUS_ADDRESS", address, TRUE);
    }
  if (!mcp_sandbox_get_allow_display (sandbox))
    {
      env = g_environ_unsetenv (env, "DISPLAY");
      env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
      env = g_environ_unsetenv (env, "XAUTHORITY");
    }
  env = g_environ_unsetenv (env, "DBUS_SYSTEM_BUS_ADDRESS");
  env = g_environ_unsetenv (env, "SSH_AUTH_SOCK");
  env = g_environ_unsetenv (env, "GPG_AGENT_INFO");
  for (const char * const *name = (const char * const[]) { "HTTP_PROXY", "HTTPS_PROXY",
                                                           "http_proxy", "https_proxy",
                                                           "ALL_PROXY", "all_proxy",
                                                           "NO_PROXY", "no_proxy", NULL };
       *name != NULL; name++)
    env = g_environ_unsetenv (env, *name);
  if (run->proxy != NULL)
    {
      const char *url = "http://127.0.0.1:" MCP_SANDBOX_PROXY_PORT;

      env = g_environ_setenv (env, "HTTP_PROXY", url, TRUE);
      env = g_environ_setenv (env, "HTTPS_PROXY", url, TRUE);
      env = g_environ_setenv (env, "http_proxy", url, TRUE);
      env = g_environ_setenv (env, "https_proxy", url, TRUE);
    }
  run->envp = g_steal_pointer (&env);

  return g_steal_pointer (&run);
}

const char * const *
_mcp_sandbox_run_get_argv (McpSandboxRun *run)
{
  return (const char * const *) run->argv;
}

const char * const *
_mcp_sandbox_run_get_envp (McpSandboxRun *run)
{
  return (const char * const *) run->envp;
}

static gboolean
is_path_char (char c)
{
  return c != '\0' && (guchar) c < 0x80 && !g_ascii_isspace (c) &&
         strchr ("'\"`:,;()[]{}<>", c) == NULL;
}

/* The paths that lines of @stderr_tail say were missing or refused,
 * when the sandbox hides them; and the domains the proxy refused. */
char *
_mcp_sandbox_run_describe_denials (McpSandboxRun *run,
                                   const char    *stderr_tail)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = g_strsplit (stderr_tail != NULL ? stderr_tail : "", "\n", -1);
  g_autoptr(GString) message = g_string_new (NULL);
  g_autoptr(GPtrArray) hidden = hidden_trees ();
  const char * const *refused;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (strstr (line, "No such file") == NULL && strstr (line, "ENOENT") == NULL &&
          strstr (line, "ermission denied") == NULL && strstr (line, "EACCES") == NULL &&
          strstr (line, "Read-only file system") == NULL && strstr (line, "EROFS") == NULL)
        continue;

      for (const char *p = line; *p != '\0'; p++)
        {
          g_autofree char *path = NULL;
          const char *end = p;

          if (*p != '/' || (p > line && is_path_char (p[-1])))
            continue;
          while (is_path_char (*end))
            end++;
          path = g_strndup (p, end - p);
          p = end - 1;

          if (strlen (path) < 2 || under_any (path, run->visible) || !under_any (path, hidden) ||
              g_ptr_array_find_with_equal_func (paths, path, g_str_equal, NULL))
            continue;
          if (paths->len < 8)
            g_ptr_array_add (paths, g_steal_pointer (&path));
        }
    }

  for (guint i = 0; i < paths->len; i++)
    g_string_append_printf (message, "%s%s", i > 0 ? ", " : "",
                            (char *) g_ptr_array_index (paths, i));
  if (paths->len > 0)
    {
      g_autofree char *list = g_string_free (g_steal_pointer (&message), FALSE);

      message = g_string_new (NULL);
      g_string_append_printf (message, _("The sandbox hid these paths from it: %s."), list);
    }

  refused = run->proxy != NULL ? _mcp_sandbox_proxy_get_refused (run->proxy) : NULL;
  if (refused != NULL && refused[0] != NULL)
    {
      g_autofree char *list = g_strjoinv (", ", (char **) refused);

      if (message->len > 0)
        g_string_append_c (message, ' ');
      g_string_append_printf (message, _("The sandbox refused to connect it to: %s."), list);
    }

  if (message->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&message), FALSE);
}

void
_mcp_sandbox_run_free (McpSandboxRun *run)
{
  g_clear_pointer (&run->argv, g_strfreev);
  g_clear_pointer (&run->envp, g_strfreev);
  g_clear_pointer (&run->proxy, _mcp_sandbox_proxy_free);
  g_clear_pointer (&run->visible, g_ptr_array_unref);
  g_free (run);
}
