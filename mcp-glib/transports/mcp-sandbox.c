/* mcp-sandbox.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpSandbox, the policy a sandboxed stdio server runs under: the paths it
 * may read and write, those it may never see, the domains it may reach
 * and what of the desktop it gets. The object is only the policy; turning
 * it into a bubblewrap command line is in mcp-sandbox-bwrap.c, the domain
 * proxy in mcp-sandbox-proxy.c.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-sandbox.h"
#include "mcp-sandbox-private.h"

/**
 * McpSandbox:
 *
 * A sandbox policy for a stdio server, set as
 * [property@Mcp.StdioTransport:sandbox]. The server then runs inside
 * [bubblewrap](https://github.com/containers/bubblewrap):
 *
 * - the system is read-only, the home directory is hidden except for the
 *   paths the policy allows (see [method@Mcp.Sandbox.add_read_path] and
 *   [method@Mcp.Sandbox.add_write_path]);
 * - it writes only to the client's roots (unless
 *   [property@Mcp.Sandbox:roots-writable] is %FALSE), to the paths the
 *   policy names, and to a private `/tmp`;
 * - secrets (`~/.ssh`, `~/.gnupg`, the keyring, browser profiles, cloud
 *   credentials, …) and the paths given to
 *   [method@Mcp.Sandbox.add_denied_path] stay hidden even under an
 *   allowed parent;
 * - it has no network, except the domains allowed with
 *   [method@Mcp.Sandbox.add_allowed_domain], which it reaches through a
 *   filtering proxy that the library runs (denied domains win);
 * - it runs in a new session, in its own process, IPC and user
 *   namespaces, without capabilities, and dies with the application;
 * - it gets no session bus, display or keyring socket unless the policy
 *   grants them.
 *
 * A sandbox that cannot be made (no `bwrap`, no user namespaces, inside
 * Flatpak) makes the start fail with an error: the server never runs
 * without it. See the [sandbox guide](sandbox.html).
 *
 * <!-- doc-test
 * static McpStdioTransport *transport;
 * -->
 * ```c
 * g_autoptr(McpSandbox) sandbox = mcp_sandbox_new ();
 *
 * mcp_sandbox_add_allowed_domain (sandbox, "registry.npmjs.org");
 * mcp_stdio_transport_set_sandbox (transport, sandbox);
 * ```
 *
 * Since: 1.0
 */

struct _McpSandbox
{
  GObject    parent_instance;

  GPtrArray *lists[MCP_SANDBOX_N_LISTS];
  char      *bwrap;
  guint      roots_writable : 1;
  guint      allow_session_bus : 1;
  guint      allow_display : 1;
};

G_DEFINE_FINAL_TYPE (McpSandbox, mcp_sandbox, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_READ_PATHS,
  PROP_WRITE_PATHS,
  PROP_DENIED_PATHS,
  PROP_READ_ONLY_PATHS,
  PROP_ALLOWED_DOMAINS,
  PROP_DENIED_DOMAINS,
  PROP_ROOTS_WRITABLE,
  PROP_ALLOW_SESSION_BUS,
  PROP_ALLOW_DISPLAY,
  PROP_BWRAP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static McpSandboxList
list_of_prop (guint prop_id)
{
  return (McpSandboxList) (prop_id - PROP_READ_PATHS);
}

static void
mcp_sandbox_finalize (GObject *object)
{
  McpSandbox *self = (McpSandbox *)object;

  for (guint i = 0; i < MCP_SANDBOX_N_LISTS; i++)
    g_ptr_array_unref (self->lists[i]);
  g_free (self->bwrap);

  G_OBJECT_CLASS (mcp_sandbox_parent_class)->finalize (object);
}

/* Replaces a list with @items (or empties it). */
static void
set_list (McpSandbox         *self,
          McpSandboxList      list,
          const char * const *items)
{
  GPtrArray *array = self->lists[list];

  g_ptr_array_set_size (array, 0);
  for (guint i = 0; items != NULL && items[i] != NULL; i++)
    if (*items[i] != '\0')
      g_ptr_array_add (array, g_strdup (items[i]));
  g_ptr_array_add (array, NULL);
}

static gboolean
add_to_list (McpSandbox     *self,
             McpSandboxList  list,
             const char     *item)
{
  GPtrArray *array = self->lists[list];

  for (guint i = 0; i + 1 < array->len; i++)
    if (strcmp (g_ptr_array_index (array, i), item) == 0)
      return FALSE;

  /* Before the terminating NULL. */
  g_ptr_array_insert (array, array->len - 1, g_strdup (item));
  return TRUE;
}

static void
mcp_sandbox_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  McpSandbox *self = MCP_SANDBOX (object);

  switch (prop_id)
    {
    case PROP_READ_PATHS:
    case PROP_WRITE_PATHS:
    case PROP_DENIED_PATHS:
    case PROP_READ_ONLY_PATHS:
    case PROP_ALLOWED_DOMAINS:
    case PROP_DENIED_DOMAINS:
      g_value_set_boxed (value, self->lists[list_of_prop (prop_id)]->pdata);
      break;

    case PROP_ROOTS_WRITABLE:
      g_value_set_boolean (value, self->roots_writable);
      break;

    case PROP_ALLOW_SESSION_BUS:
      g_value_set_boolean (value, self->allow_session_bus);
      break;

    case PROP_ALLOW_DISPLAY:
      g_value_set_boolean (value, self->allow_display);
      break;

    case PROP_BWRAP:
      g_value_set_string (value, self->bwrap);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_sandbox_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  McpSandbox *self = MCP_SANDBOX (object);

  switch (prop_id)
    {
    case PROP_READ_PATHS:
    case PROP_WRITE_PATHS:
    case PROP_DENIED_PATHS:
    case PROP_READ_ONLY_PATHS:
    case PROP_ALLOWED_DOMAINS:
    case PROP_DENIED_DOMAINS:
      set_list (self, list_of_prop (prop_id), g_value_get_boxed (value));
      break;

    case PROP_ROOTS_WRITABLE:
      mcp_sandbox_set_roots_writable (self, g_value_get_boolean (value));
      break;

    case PROP_ALLOW_SESSION_BUS:
      mcp_sandbox_set_allow_session_bus (self, g_value_get_boolean (value));
      break;

    case PROP_ALLOW_DISPLAY:
      mcp_sandbox_set_allow_display (self, g_value_get_boolean (value));
      break;

    case PROP_BWRAP:
      mcp_sandbox_set_bwrap (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
strv_pspec (const char *name)
{
  return g_param_spec_boxed (name, NULL, NULL, G_TYPE_STRV,
                             G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static void
mcp_sandbox_class_init (McpSandboxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_sandbox_finalize;
  object_class->get_property = mcp_sandbox_get_property;
  object_class->set_property = mcp_sandbox_set_property;

  /**
   * McpSandbox:read-paths:
   *
   * Paths the server may read although they are in the hidden home
   * directory. A leading `~/` stands for the home directory.
   *
   * Since: 1.0
   */
  properties[PROP_READ_PATHS] = strv_pspec ("read-paths");

  /**
   * McpSandbox:write-paths:
   *
   * Paths the server may read and write, beside the client's roots and its
   * private `/tmp`. A leading `~/` stands for the home directory.
   *
   * Since: 1.0
   */
  properties[PROP_WRITE_PATHS] = strv_pspec ("write-paths");

  /**
   * McpSandbox:denied-paths:
   *
   * Paths hidden from the server even under an allowed parent, on top of
   * the secrets that are always hidden (VS Code's `denyRead`).
   *
   * Since: 1.0
   */
  properties[PROP_DENIED_PATHS] = strv_pspec ("denied-paths");

  /**
   * McpSandbox:read-only-paths:
   *
   * Paths the server may not write even under a writable parent (VS Code's
   * `denyWrite`).
   *
   * Since: 1.0
   */
  properties[PROP_READ_ONLY_PATHS] = strv_pspec ("read-only-paths");

  /**
   * McpSandbox:allowed-domains:
   *
   * The domains the server may reach, through the library's proxy: a name
   * (`example.com`), a name under a domain (`*.example.com`), or `*` for
   * any; each may end in `:PORT`. Loopback and link-local addresses are
   * reached only when named literally (`localhost`, `127.0.0.1`).
   *
   * Since: 1.0
   */
  properties[PROP_ALLOWED_DOMAINS] = strv_pspec ("allowed-domains");

  /**
   * McpSandbox:denied-domains:
   *
   * Domains the server may not reach even when allowed, in the same form
   * as [property@Mcp.Sandbox:allowed-domains].
   *
   * Since: 1.0
   */
  properties[PROP_DENIED_DOMAINS] = strv_pspec ("denied-domains");

  /**
   * McpSandbox:roots-writable:
   *
   * Whether the client's roots (`file://` URIs) are writable paths. A root
   * added while the server runs takes effect when it is next started.
   *
   * Since: 1.0
   */
  properties[PROP_ROOTS_WRITABLE] =
    g_param_spec_boolean ("roots-writable", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * McpSandbox:allow-session-bus:
   *
   * Whether the server may connect to the session bus. Off by default.
   *
   * Since: 1.0
   */
  properties[PROP_ALLOW_SESSION_BUS] =
    g_param_spec_boolean ("allow-session-bus", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * McpSandbox:allow-display:
   *
   * Whether the server may open windows (the Wayland and X11 sockets).
   * Off by default.
   *
   * Since: 1.0
   */
  properties[PROP_ALLOW_DISPLAY] =
    g_param_spec_boolean ("allow-display", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * McpSandbox:bwrap:
   *
   * The bubblewrap program, or %NULL (the default) for the one named by the
   * `MCP_GLIB_BWRAP` environment variable or else found as `bwrap` in
   * `PATH`.
   *
   * Since: 1.0
   */
  properties[PROP_BWRAP] =
    g_param_spec_string ("bwrap", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_sandbox_init (McpSandbox *self)
{
  for (guint i = 0; i < MCP_SANDBOX_N_LISTS; i++)
    {
      self->lists[i] = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (self->lists[i], NULL);
    }
  self->roots_writable = TRUE;
}

/**
 * mcp_sandbox_new:
 *
 * Creates a sandbox policy with the defaults: no home directory, writes
 * to the client's roots and a private `/tmp` only, no network, no desktop.
 *
 * Returns: (transfer full): a new sandbox policy
 *
 * Since: 1.0
 */
McpSandbox *
mcp_sandbox_new (void)
{
  return g_object_new (MCP_TYPE_SANDBOX, NULL);
}

/**
 * mcp_sandbox_copy:
 * @self: a sandbox policy
 *
 * Copies a policy, e.g. to change it for one server.
 *
 * Returns: (transfer full): a new policy equal to @self
 *
 * Since: 1.0
 */
McpSandbox *
mcp_sandbox_copy (McpSandbox *self)
{
  McpSandbox *copy;

  g_return_val_if_fail (MCP_IS_SANDBOX (self), NULL);

  copy = mcp_sandbox_new ();
  for (guint i = 0; i < MCP_SANDBOX_N_LISTS; i++)
    set_list (copy, i, (const char * const *) self->lists[i]->pdata);
  copy->bwrap = g_strdup (self->bwrap);
  copy->roots_writable = self->roots_writable;
  copy->allow_session_bus = self->allow_session_bus;
  copy->allow_display = self->allow_display;

  return copy;
}

static void
add_item (McpSandbox     *self,
          McpSandboxList  list,
          const char     *item)
{
  if (add_to_list (self, list, item))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_PATHS + list]);
}

/**
 * mcp_sandbox_add_read_path:
 * @self: a sandbox policy
 * @path: (type filename): an absolute path, or one starting with `~/`
 *
 * Lets the server read @path (and what is under it) although it is in
 * the hidden home directory. Secrets under it stay hidden.
 *
 * Since: 1.0
 */
void
mcp_sandbox_add_read_path (McpSandbox *self,
                           const char *path)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));
  g_return_if_fail (path != NULL && *path != '\0');

  add_item (self, MCP_SANDBOX_READ_PATHS, path);
}

/**
 * mcp_sandbox_add_write_path:
 * @self: a sandbox policy
 * @path: (type filename): an absolute path, or one starting with `~/`
 *
 * Lets the server read and write @path (and what is under it). Secrets
 * under it stay hidden.
 *
 * Since: 1.0
 */
void
mcp_sandbox_add_write_path (McpSandbox *self,
                            const char *path)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));
  g_return_if_fail (path != NULL && *path != '\0');

  add_item (self, MCP_SANDBOX_WRITE_PATHS, path);
}

/**
 * mcp_sandbox_add_denied_path:
 * @self: a sandbox policy
 * @path: (type filename): an absolute path, or one starting with `~/`
 *
 * Hides @path from the server, even under an allowed path.
 *
 * Since: 1.0
 */
void
mcp_sandbox_add_denied_path (McpSandbox *self,
                             const char *path)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));
  g_return_if_fail (path != NULL && *path != '\0');

  add_item (self, MCP_SANDBOX_DENIED_PATHS, path);
}

/**
 * mcp_sandbox_add_read_only_path:
 * @self: a sandbox policy
 * @path: (type filename): an absolute path, or one starting with `~/`
 *
 * Makes @path read-only for the server, even under a writable path.
 *
 * Since: 1.0
 */
void
mcp_sandbox_add_read_only_path (McpSandbox *self,
                                const char *path)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));
  g_return_if_fail (path != NULL && *path != '\0');

  add_item (self, MCP_SANDBOX_READ_ONLY_PATHS, path);
}

/**
 * mcp_sandbox_add_allowed_domain:
 * @self: a sandbox policy
 * @domain: a domain, in the form described in
 *   [property@Mcp.Sandbox:allowed-domains]
 *
 * Lets the server reach @domain through the library's proxy (the server
 * finds it in `HTTPS_PROXY` and `HTTP_PROXY`).
 *
 * Since: 1.0
 */
void
mcp_sandbox_add_allowed_domain (McpSandbox *self,
                                const char *domain)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));
  g_return_if_fail (domain != NULL && *domain != '\0');

  add_item (self, MCP_SANDBOX_ALLOWED_DOMAINS, domain);
}

/**
 * mcp_sandbox_add_denied_domain:
 * @self: a sandbox policy
 * @domain: a domain, in the form described in
 *   [property@Mcp.Sandbox:allowed-domains]
 *
 * Refuses @domain even when an allowed domain matches it.
 *
 * Since: 1.0
 */
void
mcp_sandbox_add_denied_domain (McpSandbox *self,
                               const char *domain)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));
  g_return_if_fail (domain != NULL && *domain != '\0');

  add_item (self, MCP_SANDBOX_DENIED_DOMAINS, domain);
}

/* Every list, for the parts of the library that apply the policy. */
const char * const *
_mcp_sandbox_get_list (McpSandbox     *self,
                       McpSandboxList  list)
{
  return (const char * const *) self->lists[list]->pdata;
}

/**
 * mcp_sandbox_get_read_paths:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:read-paths].
 *
 * Returns: (transfer none) (array zero-terminated=1): the paths
 *
 * Since: 1.0
 */
const char * const *
mcp_sandbox_get_read_paths (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), NULL);

  return _mcp_sandbox_get_list (self, MCP_SANDBOX_READ_PATHS);
}

/**
 * mcp_sandbox_get_write_paths:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:write-paths].
 *
 * Returns: (transfer none) (array zero-terminated=1): the paths
 *
 * Since: 1.0
 */
const char * const *
mcp_sandbox_get_write_paths (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), NULL);

  return _mcp_sandbox_get_list (self, MCP_SANDBOX_WRITE_PATHS);
}

/**
 * mcp_sandbox_get_denied_paths:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:denied-paths].
 *
 * Returns: (transfer none) (array zero-terminated=1): the paths
 *
 * Since: 1.0
 */
const char * const *
mcp_sandbox_get_denied_paths (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), NULL);

  return _mcp_sandbox_get_list (self, MCP_SANDBOX_DENIED_PATHS);
}

/**
 * mcp_sandbox_get_read_only_paths:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:read-only-paths].
 *
 * Returns: (transfer none) (array zero-terminated=1): the paths
 *
 * Since: 1.0
 */
const char * const *
mcp_sandbox_get_read_only_paths (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), NULL);

  return _mcp_sandbox_get_list (self, MCP_SANDBOX_READ_ONLY_PATHS);
}

/**
 * mcp_sandbox_get_allowed_domains:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:allowed-domains].
 *
 * Returns: (transfer none) (array zero-terminated=1): the domains
 *
 * Since: 1.0
 */
const char * const *
mcp_sandbox_get_allowed_domains (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), NULL);

  return _mcp_sandbox_get_list (self, MCP_SANDBOX_ALLOWED_DOMAINS);
}

/**
 * mcp_sandbox_get_denied_domains:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:denied-domains].
 *
 * Returns: (transfer none) (array zero-terminated=1): the domains
 *
 * Since: 1.0
 */
const char * const *
mcp_sandbox_get_denied_domains (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), NULL);

  return _mcp_sandbox_get_list (self, MCP_SANDBOX_DENIED_DOMAINS);
}

/**
 * mcp_sandbox_get_roots_writable:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:roots-writable].
 *
 * Returns: whether the client's roots are writable
 *
 * Since: 1.0
 */
gboolean
mcp_sandbox_get_roots_writable (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), FALSE);

  return self->roots_writable;
}

/**
 * mcp_sandbox_set_roots_writable:
 * @self: a sandbox policy
 * @writable: whether the client's roots are writable
 *
 * Sets [property@Mcp.Sandbox:roots-writable].
 *
 * Since: 1.0
 */
void
mcp_sandbox_set_roots_writable (McpSandbox *self,
                                gboolean    writable)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));

  writable = !!writable;
  if (self->roots_writable == (guint) writable)
    return;
  self->roots_writable = writable;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROOTS_WRITABLE]);
}

/**
 * mcp_sandbox_get_allow_session_bus:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:allow-session-bus].
 *
 * Returns: whether the server may use the session bus
 *
 * Since: 1.0
 */
gboolean
mcp_sandbox_get_allow_session_bus (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), FALSE);

  return self->allow_session_bus;
}

/**
 * mcp_sandbox_set_allow_session_bus:
 * @self: a sandbox policy
 * @allow: whether the server may use the session bus
 *
 * Sets [property@Mcp.Sandbox:allow-session-bus].
 *
 * Since: 1.0
 */
void
mcp_sandbox_set_allow_session_bus (McpSandbox *self,
                                   gboolean    allow)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));

  allow = !!allow;
  if (self->allow_session_bus == (guint) allow)
    return;
  self->allow_session_bus = allow;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ALLOW_SESSION_BUS]);
}

/**
 * mcp_sandbox_get_allow_display:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:allow-display].
 *
 * Returns: whether the server may open windows
 *
 * Since: 1.0
 */
gboolean
mcp_sandbox_get_allow_display (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), FALSE);

  return self->allow_display;
}

/**
 * mcp_sandbox_set_allow_display:
 * @self: a sandbox policy
 * @allow: whether the server may open windows
 *
 * Sets [property@Mcp.Sandbox:allow-display].
 *
 * Since: 1.0
 */
void
mcp_sandbox_set_allow_display (McpSandbox *self,
                               gboolean    allow)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));

  allow = !!allow;
  if (self->allow_display == (guint) allow)
    return;
  self->allow_display = allow;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ALLOW_DISPLAY]);
}

/**
 * mcp_sandbox_get_bwrap:
 * @self: a sandbox policy
 *
 * Gets [property@Mcp.Sandbox:bwrap].
 *
 * Returns: (nullable) (type filename): the bubblewrap program, or %NULL
 *   for the default
 *
 * Since: 1.0
 */
const char *
mcp_sandbox_get_bwrap (McpSandbox *self)
{
  g_return_val_if_fail (MCP_IS_SANDBOX (self), NULL);

  return self->bwrap;
}

/**
 * mcp_sandbox_set_bwrap:
 * @self: a sandbox policy
 * @bwrap: (nullable) (type filename): the bubblewrap program, or %NULL
 *   for the default
 *
 * Sets [property@Mcp.Sandbox:bwrap].
 *
 * Since: 1.0
 */
void
mcp_sandbox_set_bwrap (McpSandbox *self,
                       const char *bwrap)
{
  g_return_if_fail (MCP_IS_SANDBOX (self));

  if (g_strcmp0 (self->bwrap, bwrap) == 0)
    return;
  g_free (self->bwrap);
  self->bwrap = g_strdup (bwrap);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BWRAP]);
}
