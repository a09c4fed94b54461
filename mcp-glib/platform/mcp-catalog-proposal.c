/* mcp-catalog-proposal.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What adding a server of a registry would do, shown before anything is
 * written or started, and added only once the application confirmed it
 * (SEP-1024).
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-catalog-bundle-private.h"
#include "mcp-catalog-mapping-private.h"
#include "mcp-json-private.h"
#include "mcp-server-config-private.h"
#include "mcp-server-catalog-private.h"
#include "mcp-server-registry-private.h"

/**
 * McpCatalogProposal:
 *
 * What adding a server from a registry would do, made by
 * [method@Mcp.ServerCatalog.propose] for the user to see before anything
 * happens (the consent of SEP-1024):
 *
 * - the exact command and its arguments ([method@Mcp.CatalogProposal.dup_argv],
 *   an argv: no shell ever reads it), or the URL of a remote server;
 * - the environment the server gets, and the headers sent to a remote;
 * - the inputs it needs (`${input:ID}`, declared in
 *   [method@Mcp.CatalogProposal.get_inputs]: a password when the registry
 *   marks the value secret, a choice when it lists choices);
 * - its repository and publisher ([method@Mcp.CatalogProposal.get_entry]);
 * - the sandbox proposed for a local server
 *   ([method@Mcp.CatalogProposal.get_sandbox]), which the user may change
 *   or turn off ([method@Mcp.CatalogProposal.set_sandbox]).
 *
 * Nothing is written or started until the application calls
 * [method@Mcp.CatalogProposal.confirm] (after the user agreed) and then
 * [method@Mcp.CatalogProposal.add], which adds the configuration to a
 * [class@Mcp.ServerRegistry]; saving the registry writes it, and
 * [class@Mcp.ClientGroup] starts it like any other server. No call adds
 * and starts in one step.
 *
 * The registry's own text is written so that the configuration layer
 * expands nothing in it: a `${env:…}` in an entry stays those characters
 * (each `${` of it is written `${dollar}{`, see [class@Mcp.ServerConfig]).
 *
 * ## The sandbox
 *
 * A local server is proposed with an [class@Mcp.Sandbox]: the network
 * only to its package registry (the npm registry for `npx`, PyPI for
 * `uvx`, the image's registry for `podman`, NuGet for `dnx`; none for a
 * bundle), writes only to its package manager's cache, and the client's
 * roots as the boundary of its work. It is saved with the entry, in the
 * keys [method@Mcp.ServerConfig.set_sandbox] writes (VS Code's
 * `sandboxEnabled` and `sandbox`), so that the server runs in it.
 *
 * Since: 1.0
 */

struct _McpCatalogProposal
{
  GObject             parent_instance;

  McpCatalogEntry    *entry;
  McpServerConfig    *config;
  McpCatalogMapping   mapping;
  GHashTable         *values;
  McpCatalogBundle   *bundle;
  GFile              *bundle_folder;
  gboolean            confirmed;
  gboolean            added;
};

G_DEFINE_FINAL_TYPE (McpCatalogProposal, mcp_catalog_proposal, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CONFIRMED,
  PROP_SANDBOX,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_catalog_proposal_finalize (GObject *object)
{
  McpCatalogProposal *self = (McpCatalogProposal *)object;

  if (self->mapping.sandbox != NULL)
    g_signal_handlers_disconnect_by_data (self->mapping.sandbox, self);
  g_clear_object (&self->entry);
  g_clear_object (&self->config);
  _mcp_catalog_mapping_clear (&self->mapping);
  g_clear_pointer (&self->values, g_hash_table_unref);
  g_clear_pointer (&self->bundle, _mcp_catalog_bundle_free);
  g_clear_object (&self->bundle_folder);

  G_OBJECT_CLASS (mcp_catalog_proposal_parent_class)->finalize (object);
}

static void
mcp_catalog_proposal_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  McpCatalogProposal *self = MCP_CATALOG_PROPOSAL (object);

  switch (prop_id)
    {
    case PROP_CONFIRMED:
      g_value_set_boolean (value, self->confirmed);
      break;
    case PROP_SANDBOX:
      g_value_set_object (value, self->mapping.sandbox);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_catalog_proposal_class_init (McpCatalogProposalClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_catalog_proposal_finalize;
  object_class->get_property = mcp_catalog_proposal_get_property;

  /**
   * McpCatalogProposal:confirmed:
   *
   * Whether the application confirmed the proposal, after showing it.
   *
   * Since: 1.0
   */
  properties[PROP_CONFIRMED] =
    g_param_spec_boolean ("confirmed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * McpCatalogProposal:sandbox:
   *
   * The sandbox the server will run in, or %NULL for none (a remote
   * server, or a local one the user chose to run without). See
   * [method@Mcp.CatalogProposal.set_sandbox].
   *
   * Since: 1.0
   */
  properties[PROP_SANDBOX] =
    g_param_spec_object ("sandbox", NULL, NULL, MCP_TYPE_SANDBOX,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_catalog_proposal_init (McpCatalogProposal *self)
{
  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* The last part of @name (`io.github.user/weather` → `weather`). */
static char *
default_name (const char *name)
{
  const char *slash = strrchr (name, '/');

  return g_strdup (slash != NULL && slash[1] != '\0' ? slash + 1 : name);
}

/* The name the configuration gets, or NULL with @error set when @entry
 * cannot be added at all. */
char *
_mcp_catalog_proposal_check (McpCatalogEntry  *entry,
                             const char       *name,
                             GError          **error)
{
  g_autofree char *config_name = NULL;

  if (mcp_catalog_entry_get_status (entry) == MCP_CATALOG_STATUS_DELETED)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("The registry deleted “%s” %s: it cannot be added"),
                   mcp_catalog_entry_get_name (entry), mcp_catalog_entry_get_version (entry));
      return NULL;
    }

  config_name = name != NULL ? g_strdup (name) : default_name (mcp_catalog_entry_get_name (entry));
  if (*config_name == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The server needs a name"));
      return NULL;
    }

  return g_steal_pointer (&config_name);
}

/* The configuration says what the sandbox is now: its policy, or, without
 * one, nothing of a sandbox. */
static void
write_sandbox (McpCatalogProposal *self)
{
  g_autoptr(JsonObject) json = NULL;

  if (self->mapping.sandbox != NULL)
    {
      mcp_server_config_set_sandbox (self->config, self->mapping.sandbox);
      return;
    }

  json = _mcp_json_object_copy_members (mcp_server_config_get_json (self->config));
  json_object_remove_member (json, "sandboxEnabled");
  json_object_remove_member (json, "sandbox");
  mcp_server_config_set_json (self->config, json);
}

static void
sandbox_notify_cb (McpSandbox         *sandbox,
                   GParamSpec         *pspec,
                   McpCatalogProposal *self)
{
  write_sandbox (self);
}

static McpCatalogProposal *
proposal_new (McpCatalogEntry   *entry,
              const char        *name,
              McpCatalogMapping *mapping)
{
  McpCatalogProposal *self = g_object_new (MCP_TYPE_CATALOG_PROPOSAL, NULL);

  self->entry = g_object_ref (entry);
  self->mapping = *mapping;
  memset (mapping, 0, sizeof *mapping);
  self->config = mcp_server_config_new (name, self->mapping.config);
  json_array_seal (self->mapping.inputs);
  /* Its inputs are declared with it: checked against them, in no registry. */
  _mcp_server_config_attach (self->config, NULL, NULL, self->mapping.inputs);
  if (self->mapping.sandbox != NULL)
    {
      g_signal_connect (self->mapping.sandbox, "notify", G_CALLBACK (sandbox_notify_cb), self);
      write_sandbox (self);
    }

  return self;
}

McpCatalogProposal *
_mcp_catalog_proposal_new (McpCatalogEntry  *entry,
                           const char       *catalog_url,
                           const char       *name,
                           GError          **error)
{
  McpCatalogMapping mapping = { NULL, };
  g_autofree char *config_name = _mcp_catalog_proposal_check (entry, name, error);

  if (config_name == NULL ||
      !_mcp_catalog_map_entry (entry, catalog_url, config_name, &mapping, error))
    return NULL;

  return proposal_new (entry, config_name, &mapping);
}

/* A proposal of the bundle @bundle (transfer full), to be unpacked in
 * @folder once confirmed, with the manifest @manifest. */
McpCatalogProposal *
_mcp_catalog_proposal_new_for_bundle (McpCatalogEntry   *entry,
                                      const char        *name,
                                      JsonObject        *manifest,
                                      McpCatalogBundle  *bundle,
                                      GFile             *folder,
                                      GError           **error)
{
  g_autoptr(McpCatalogBundle) owned = bundle;
  McpCatalogMapping mapping = { NULL, };
  g_autofree char *config_name = _mcp_catalog_proposal_check (entry, name, error);
  g_autofree char *path = g_file_get_path (folder);
  McpCatalogProposal *self;

  if (config_name == NULL ||
      !_mcp_catalog_map_bundle (entry, config_name, manifest, path, &mapping, error))
    {
      _mcp_catalog_mapping_clear (&mapping);
      return NULL;
    }

  self = proposal_new (entry, config_name, &mapping);
  self->bundle = g_steal_pointer (&owned);
  self->bundle_folder = g_object_ref (folder);

  return self;
}

/**
 * mcp_catalog_proposal_get_entry:
 * @self: a proposal
 *
 * Gets the registry's entry the proposal was made from: its name,
 * publisher ([method@Mcp.CatalogEntry.get_publisher]) and repository
 * ([method@Mcp.CatalogEntry.get_repository_url]) are part of what the user
 * sees.
 *
 * Returns: (transfer none): the entry
 *
 * Since: 1.0
 */
McpCatalogEntry *
mcp_catalog_proposal_get_entry (McpCatalogProposal *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), NULL);

  return self->entry;
}

/**
 * mcp_catalog_proposal_get_config:
 * @self: a proposal
 *
 * Gets the configuration that adding would write: the exact JSON of the
 * entry in the file. It belongs to no registry until
 * [method@Mcp.CatalogProposal.add].
 *
 * Returns: (transfer none): the configuration
 *
 * Since: 1.0
 */
McpServerConfig *
mcp_catalog_proposal_get_config (McpCatalogProposal *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), NULL);

  return self->config;
}

/**
 * mcp_catalog_proposal_dup_argv:
 * @self: a proposal
 *
 * Gets the command a local server would run, and its arguments, as they
 * are written in the configuration (with `${input:…}` where the user gives
 * a value).
 *
 * Returns: (transfer full) (array zero-terminated=1) (nullable): the
 *   command and its arguments, or %NULL for a remote server
 *
 * Since: 1.0
 */
char **
mcp_catalog_proposal_dup_argv (McpCatalogProposal *self)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) args = NULL;

  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), NULL);

  if (mcp_server_config_get_transport_kind (self->config) != MCP_TRANSPORT_KIND_STDIO)
    return NULL;

  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, mcp_server_config_get_command (self->config));
  args = mcp_server_config_dup_args (self->config);
  g_strv_builder_addv (builder, (const char **) args);

  return g_strv_builder_end (builder);
}

/**
 * mcp_catalog_proposal_get_url:
 * @self: a proposal
 *
 * Gets the URL of a remote server.
 *
 * Returns: (nullable): the URL, or %NULL for a local server
 *
 * Since: 1.0
 */
const char *
mcp_catalog_proposal_get_url (McpCatalogProposal *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), NULL);

  return mcp_server_config_get_url (self->config);
}

/**
 * mcp_catalog_proposal_get_env:
 * @self: a proposal
 *
 * Gets the environment variables the server would get, besides the safe
 * default environment of [class@Mcp.StdioTransport].
 *
 * Returns: (transfer none) (nullable): the variables, or %NULL when there
 *   are none
 *
 * Since: 1.0
 */
JsonObject *
mcp_catalog_proposal_get_env (McpCatalogProposal *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), NULL);

  return mcp_server_config_get_env (self->config);
}

/**
 * mcp_catalog_proposal_get_headers:
 * @self: a proposal
 *
 * Gets the HTTP headers a remote server would be sent.
 *
 * Returns: (transfer none) (nullable): the headers, or %NULL when there
 *   are none
 *
 * Since: 1.0
 */
JsonObject *
mcp_catalog_proposal_get_headers (McpCatalogProposal *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), NULL);

  return mcp_server_config_get_headers (self->config);
}

/**
 * mcp_catalog_proposal_get_inputs:
 * @self: a proposal
 *
 * Gets the inputs the configuration uses, declared as a configuration
 * file's `inputs` declares them: `id`, `type` (`promptString`, or
 * `pickString` with `options`), `description`, `password` for a secret,
 * `default`.
 *
 * Returns: (transfer none): the inputs, possibly none
 *
 * Since: 1.0
 */
JsonArray *
mcp_catalog_proposal_get_inputs (McpCatalogProposal *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), NULL);

  return self->mapping.inputs;
}

/**
 * mcp_catalog_proposal_get_sandbox:
 * @self: a proposal
 *
 * Gets the sandbox the server will run in: for a local server, the one
 * proposed (the network only to its package registry, writes only to its
 * package manager's cache, the client's roots as the boundary), or the one
 * set with [method@Mcp.CatalogProposal.set_sandbox]. Changes made to it
 * before the proposal is added are written with the server (the paths and
 * domains; its other settings are the defaults when the configuration is
 * read).
 *
 * Returns: (transfer none) (nullable): the sandbox, or %NULL for a remote
 *   server or when the user turned it off
 *
 * Since: 1.0
 */
McpSandbox *
mcp_catalog_proposal_get_sandbox (McpCatalogProposal *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), NULL);

  return self->mapping.sandbox;
}

/**
 * mcp_catalog_proposal_set_sandbox:
 * @self: a proposal of a local server, not added yet
 * @sandbox: (nullable): the sandbox, or %NULL to run the server without
 *   one
 *
 * Sets the sandbox the server will run in, as the user chose it in the
 * consent dialog; %NULL is the user's explicit choice of no sandbox. The
 * configuration ([method@Mcp.CatalogProposal.get_config]) follows it, and
 * so does it any change made to @sandbox later, until the proposal is
 * added. Only a local (stdio) server can have one.
 *
 * Since: 1.0
 */
void
mcp_catalog_proposal_set_sandbox (McpCatalogProposal *self,
                                  McpSandbox         *sandbox)
{
  g_return_if_fail (MCP_IS_CATALOG_PROPOSAL (self));
  g_return_if_fail (sandbox == NULL || MCP_IS_SANDBOX (sandbox));
  g_return_if_fail (sandbox == NULL ||
                    mcp_server_config_get_transport_kind (self->config) == MCP_TRANSPORT_KIND_STDIO);
  g_return_if_fail (!self->added);

  if (self->mapping.sandbox == sandbox)
    return;

  if (self->mapping.sandbox != NULL)
    g_signal_handlers_disconnect_by_data (self->mapping.sandbox, self);
  g_set_object (&self->mapping.sandbox, sandbox);
  if (sandbox != NULL)
    g_signal_connect (sandbox, "notify", G_CALLBACK (sandbox_notify_cb), self);

  write_sandbox (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SANDBOX]);
}

static void
append_quoted (GString    *out,
               const char *text)
{
  g_autofree char *quoted = NULL;

  if (*text != '\0' && text[strspn (text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                           "0123456789@%+=:,./_-")] == '\0')
    {
      g_string_append (out, text);
      return;
    }

  quoted = g_shell_quote (text);
  g_string_append (out, quoted);
}

static void
append_list (GString            *out,
             const char         *label,
             const char * const *items)
{
  if (items == NULL || items[0] == NULL)
    return;

  g_string_append_printf (out, "  %s", label);
  for (guint i = 0; items[i] != NULL; i++)
    g_string_append_printf (out, i == 0 ? " %s" : ", %s", items[i]);
  g_string_append_c (out, '\n');
}

/* What the sandbox allows, a line each. */
static void
append_sandbox (GString    *out,
                McpSandbox *sandbox)
{
  const char * const *domains;

  if (sandbox == NULL)
    {
      g_string_append (out, _("Sandbox: none: the server runs with all of your rights\n"));
      return;
    }

  g_string_append (out, _("Sandbox: bubblewrap; no home directory, the system read-only\n"));
  domains = mcp_sandbox_get_allowed_domains (sandbox);
  if (domains[0] == NULL)
    g_string_append_printf (out, "  %s\n", _("Network: none"));
  else
    append_list (out, _("Network only to:"), domains);
  append_list (out, _("Writes to:"), mcp_sandbox_get_write_paths (sandbox));
  if (mcp_sandbox_get_roots_writable (sandbox))
    g_string_append_printf (out, "  %s\n", _("Writes to the client’s roots"));
  append_list (out, _("Reads:"), mcp_sandbox_get_read_paths (sandbox));
  append_list (out, _("Hidden:"), mcp_sandbox_get_denied_paths (sandbox));
  append_list (out, _("Read-only:"), mcp_sandbox_get_read_only_paths (sandbox));
  append_list (out, _("Network never to:"), mcp_sandbox_get_denied_domains (sandbox));
}

/**
 * mcp_catalog_proposal_to_string:
 * @self: a proposal
 *
 * Describes the proposal in a few lines of text, for a terminal or a
 * dialog: the server, its publisher and repository, the command (each
 * argument quoted as a shell would need, for reading only) or URL, the
 * environment or headers, the inputs and the sandbox.
 *
 * Returns: (transfer full): the text
 *
 * Since: 1.0
 */
char *
mcp_catalog_proposal_to_string (McpCatalogProposal *self)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) argv = NULL;
  JsonObject *map;

  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), NULL);

  g_string_append_printf (out, _("Server: %s (%s %s)\n"), mcp_server_config_get_name (self->config),
                          mcp_catalog_entry_get_name (self->entry),
                          mcp_catalog_entry_get_version (self->entry));
  g_string_append_printf (out, _("Publisher: %s\n"), mcp_catalog_entry_get_publisher (self->entry));
  g_string_append_printf (out, _("Repository: %s\n"),
                          mcp_catalog_entry_get_repository_url (self->entry) ?: _("(none given)"));
  if (mcp_catalog_entry_get_status (self->entry) == MCP_CATALOG_STATUS_DEPRECATED)
    g_string_append (out, _("Status: deprecated by its publisher\n"));

  if ((argv = mcp_catalog_proposal_dup_argv (self)) != NULL)
    {
      g_string_append (out, _("Command:"));
      for (guint i = 0; argv[i] != NULL; i++)
        {
          g_string_append_c (out, ' ');
          append_quoted (out, argv[i]);
        }
      g_string_append_c (out, '\n');
      map = mcp_server_config_get_env (self->config);
    }
  else
    {
      g_string_append_printf (out, _("URL: %s\n"), mcp_server_config_get_url (self->config));
      map = mcp_server_config_get_headers (self->config);
    }

  if (map != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (map);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_string_append_printf (out, argv != NULL ? _("Environment: %s=") : _("Header: %s: "),
                                  (const char *) l->data);
          g_string_append (out, _mcp_json_object_get_string (map, l->data) ?: "");
          g_string_append_c (out, '\n');
        }
    }

  for (guint i = 0; i < json_array_get_length (self->mapping.inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (self->mapping.inputs, i);

      g_string_append_printf (out, _("Input: %s (%s)%s\n"),
                              _mcp_json_object_get_string (input, "id"),
                              _mcp_json_object_get_string (input, "description"),
                              _mcp_json_object_get_bool (input, "password", FALSE)
                                ? _(", secret") : "");
    }

  if (argv != NULL)
    append_sandbox (out, self->mapping.sandbox);

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * mcp_catalog_proposal_set_input:
 * @self: a proposal
 * @id: the ID of one of the proposal's inputs
 * @value: (nullable): its value, or %NULL to forget it
 *
 * Gives an input its value, as the user typed it in the consent dialog.
 * The value is never written to the configuration file:
 * [method@Mcp.CatalogProposal.add] gives it to the registry for the
 * session, and, when the registry has
 * [property@Mcp.ServerRegistry:use-keyring], saving the registry stores it
 * in the user's keyring, where the registry finds it the next time the
 * server starts, in this process or another.
 *
 * Since: 1.0
 */
void
mcp_catalog_proposal_set_input (McpCatalogProposal *self,
                                const char         *id,
                                const char         *value)
{
  g_return_if_fail (MCP_IS_CATALOG_PROPOSAL (self));
  g_return_if_fail (id != NULL);

  if (value != NULL)
    g_hash_table_replace (self->values, g_strdup (id), g_strdup (value));
  else
    g_hash_table_remove (self->values, id);
}

/**
 * mcp_catalog_proposal_confirm:
 * @self: a proposal
 *
 * Records that the user saw the proposal and agreed to it. Call it only
 * from the user's answer to a dialog (or a terminal prompt) that showed the
 * proposal.
 *
 * Since: 1.0
 */
void
mcp_catalog_proposal_confirm (McpCatalogProposal *self)
{
  g_return_if_fail (MCP_IS_CATALOG_PROPOSAL (self));

  if (self->confirmed)
    return;

  self->confirmed = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONFIRMED]);
}

/**
 * mcp_catalog_proposal_get_confirmed:
 * @self: a proposal
 *
 * Gets whether the application confirmed the proposal.
 *
 * Returns: %TRUE once [method@Mcp.CatalogProposal.confirm] was called
 *
 * Since: 1.0
 */
gboolean
mcp_catalog_proposal_get_confirmed (McpCatalogProposal *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), FALSE);

  return self->confirmed;
}

/**
 * mcp_catalog_proposal_add:
 * @self: a confirmed proposal
 * @registry: the registry to add the server to
 * @file: (nullable): the configuration file the user chose, or %NULL for
 *   the user's file ([func@Mcp.ServerRegistry.get_user_file])
 * @error: return location for a #GError
 *
 * Adds the proposed server to @registry, in @file, with the declarations
 * of its inputs and its sandbox, and gives the registry the inputs' values
 * set with [method@Mcp.CatalogProposal.set_input]. Nothing is written until
 * the registry is saved ([method@Mcp.ServerRegistry.save_async]), which
 * keeps the rest of the file as it is and, with
 * [property@Mcp.ServerRegistry:use-keyring], puts the values in the
 * keyring, never in the file; nothing is started: a
 * [class@Mcp.ClientGroup] on the registry starts the server like any
 * other.
 *
 * Returns: %TRUE if the server was added; %FALSE with @error set when the
 *   proposal was not confirmed (%G_IO_ERROR_PERMISSION_DENIED), was added
 *   already, or the registry has a server of that name
 *
 * Since: 1.0
 */
gboolean
mcp_catalog_proposal_add (McpCatalogProposal  *self,
                          McpServerRegistry   *registry,
                          GFile               *file,
                          GError             **error)
{
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (MCP_IS_CATALOG_PROPOSAL (self), FALSE);
  g_return_val_if_fail (MCP_IS_SERVER_REGISTRY (registry), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!self->confirmed)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                           _("The user has not confirmed the server: show the proposal and "
                             "confirm it first"));
      return FALSE;
    }
  if (self->added)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                           _("The proposal was added already"));
      return FALSE;
    }

  if (mcp_server_registry_lookup (registry, mcp_server_config_get_name (self->config)) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("There is a server named “%s” already"),
                   mcp_server_config_get_name (self->config));
      return FALSE;
    }

  /* A bundle is unpacked now, after the user agreed. Its folder is named
   * after its hash: one that exists holds this very bundle. */
  if (self->bundle != NULL && !g_file_query_exists (self->bundle_folder, NULL) &&
      !_mcp_catalog_bundle_unpack (self->bundle, self->bundle_folder, error))
    return FALSE;

  if (!_mcp_server_registry_add_with_inputs (registry, self->config, file, self->mapping.inputs,
                                             error))
    return FALSE;

  self->added = TRUE;
  g_hash_table_iter_init (&iter, self->values);
  while (g_hash_table_iter_next (&iter, &key, &value))
    _mcp_server_registry_keep_input (registry, self->config, key, value);

  return TRUE;
}
