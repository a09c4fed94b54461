/* sandbox-options.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * mcp-glib-client's sandbox options (--sandbox, --allow-read,
 * --allow-write, --deny-read, --deny-write, --allow-domain, --deny-domain):
 * an McpSandbox for a stdio server, given with --server or configured.
 * Any of them turns the sandbox on; for a configured server they replace
 * the policy of its entry. --no-sandbox is `registry add`'s: the server is
 * added without the sandbox proposed for it.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-glib-client.h"

static gboolean sandbox_on;
static gboolean sandbox_refused;
static char **allow_read;
static char **allow_write;
static char **deny_read;
static char **deny_write;
static char **allow_domain;
static char **deny_domain;

static const GOptionEntry entries[] = {
  { "sandbox", 0, 0, G_OPTION_ARG_NONE, &sandbox_on,
    N_("Run the stdio server in a sandbox: the system read-only, the home directory hidden, "
       "writes to /tmp only, no network (needs bubblewrap)"), NULL },
  { "no-sandbox", 0, 0, G_OPTION_ARG_NONE, &sandbox_refused,
    N_("registry add: add a local server without the sandbox proposed for it"), NULL },
  { "allow-read", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &allow_read,
    N_("In the sandbox: let the server read PATH (repeatable)"), N_("PATH") },
  { "allow-write", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &allow_write,
    N_("In the sandbox: let the server read and write PATH (repeatable)"), N_("PATH") },
  { "deny-read", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &deny_read,
    N_("In the sandbox: hide PATH, even under an allowed one (repeatable)"), N_("PATH") },
  { "deny-write", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &deny_write,
    N_("In the sandbox: make PATH read-only, even under a writable one (repeatable)"),
    N_("PATH") },
  { "allow-domain", 0, 0, G_OPTION_ARG_STRING_ARRAY, &allow_domain,
    N_("In the sandbox: let the server reach DOMAIN (e.g. *.example.com) through a proxy "
       "(repeatable)"), N_("DOMAIN") },
  { "deny-domain", 0, 0, G_OPTION_ARG_STRING_ARRAY, &deny_domain,
    N_("In the sandbox: never let the server reach DOMAIN (repeatable)"), N_("DOMAIN") },
  G_OPTION_ENTRY_NULL
};

GOptionGroup *
cli_sandbox_option_group (void)
{
  GOptionGroup *group = g_option_group_new ("sandbox", _("Sandbox Options:"),
                                            _("Show the options of the sandbox"), NULL, NULL);

  g_option_group_add_entries (group, entries);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  return group;
}

static void
add_all (McpSandbox *sandbox,
         char      **items,
         void      (*add) (McpSandbox *, const char *))
{
  for (guint i = 0; items != NULL && items[i] != NULL; i++)
    add (sandbox, items[i]);
}

/* Gives @transport the sandbox of the options, if any was given. */
void
cli_sandbox_apply (McpStdioTransport *transport)
{
  g_autoptr(McpSandbox) sandbox = NULL;

  if (!sandbox_on && allow_read == NULL && allow_write == NULL && deny_read == NULL &&
      deny_write == NULL && allow_domain == NULL && deny_domain == NULL)
    return;

  sandbox = mcp_sandbox_new ();
  add_all (sandbox, allow_read, mcp_sandbox_add_read_path);
  add_all (sandbox, allow_write, mcp_sandbox_add_write_path);
  add_all (sandbox, deny_read, mcp_sandbox_add_denied_path);
  add_all (sandbox, deny_write, mcp_sandbox_add_read_only_path);
  add_all (sandbox, allow_domain, mcp_sandbox_add_allowed_domain);
  add_all (sandbox, deny_domain, mcp_sandbox_add_denied_domain);
  mcp_stdio_transport_set_sandbox (transport, sandbox);
}

/* Whether --no-sandbox was given. */
gboolean
cli_sandbox_refused (void)
{
  return sandbox_refused;
}

void
cli_sandbox_clear (void)
{
  g_clear_pointer (&allow_read, g_strfreev);
  g_clear_pointer (&allow_write, g_strfreev);
  g_clear_pointer (&deny_read, g_strfreev);
  g_clear_pointer (&deny_write, g_strfreev);
  g_clear_pointer (&allow_domain, g_strfreev);
  g_clear_pointer (&deny_domain, g_strfreev);
}
