/* mcp-catalog-entry.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One server version of an MCP registry: its server.json, and what the
 * registry says about it (status, latest, dates).
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-catalog-entry.h"
#include "mcp-json-private.h"

/**
 * McpCatalogEntry:
 *
 * One version of a server listed by an MCP registry, as
 * [class@Mcp.ServerCatalog] gives it: its `server.json` (the schema
 * `2025-12-11/server.schema.json`), kept whole in
 * [method@Mcp.CatalogEntry.get_json], and what the registry says about it
 * in `_meta` (`io.modelcontextprotocol.registry/official`): its
 * [enum@Mcp.CatalogStatus], whether it is the latest version, when it
 * changed.
 *
 * An entry only describes a server. [method@Mcp.ServerCatalog.propose]
 * turns it into a configuration that the user must see and confirm before
 * it is added.
 *
 * Since: 1.0
 */

#define OFFICIAL_META "io.modelcontextprotocol.registry/official"

struct _McpCatalogEntry
{
  GObject           parent_instance;

  JsonObject       *json;
  JsonObject       *meta;
  char             *publisher;
  McpCatalogStatus  status;
  gboolean          is_latest;
};

G_DEFINE_FINAL_TYPE (McpCatalogEntry, mcp_catalog_entry, G_TYPE_OBJECT)

static void
mcp_catalog_entry_finalize (GObject *object)
{
  McpCatalogEntry *self = (McpCatalogEntry *)object;

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->meta, json_object_unref);
  g_clear_pointer (&self->publisher, g_free);

  G_OBJECT_CLASS (mcp_catalog_entry_parent_class)->finalize (object);
}

static void
mcp_catalog_entry_class_init (McpCatalogEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_catalog_entry_finalize;
}

static void
mcp_catalog_entry_init (McpCatalogEntry *self)
{
}

static gboolean
check_optional_string (JsonObject  *object,
                       const char  *member,
                       GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node) ||
      (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING))
    return TRUE;

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("The registry entry’s “%s” is not a string"), member);
  return FALSE;
}

static gboolean
check_optional_array (JsonObject  *object,
                      const char  *member,
                      GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node) || JSON_NODE_HOLDS_ARRAY (node))
    return TRUE;

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("The registry entry’s “%s” is not a list"), member);
  return FALSE;
}

/**
 * mcp_catalog_entry_new_from_json:
 * @json: an item of a registry's answer (`{"server": …, "_meta": …}`), or
 *   a `server.json` alone
 * @error: return location for a #GError
 *
 * Reads a registry entry. The entry needs a `name` (`namespace/name`) and
 * a `version`; `packages` and `remotes`, when present, must be lists. The
 * rest is read when it is used.
 *
 * Returns: (transfer full): the entry, or %NULL with @error set
 *
 * Since: 1.0
 */
McpCatalogEntry *
mcp_catalog_entry_new_from_json (JsonObject  *json,
                                 GError     **error)
{
  g_autoptr(McpCatalogEntry) self = NULL;
  JsonObject *server = json;
  JsonObject *meta = NULL;
  JsonObject *official;
  const char *name;
  const char *slash;
  const char *status;

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (json_object_has_member (json, "server"))
    {
      if ((server = _mcp_json_object_get_object (json, "server")) == NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The registry entry’s “server” is not an object"));
          return NULL;
        }
      meta = _mcp_json_object_get_object (json, "_meta");
    }

  name = _mcp_json_object_get_string (server, "name");
  if (name == NULL || *name == '\0' || (slash = strchr (name, '/')) == NULL ||
      slash == name || slash[1] == '\0' || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The registry entry has no valid “name” (namespace/name)"));
      return NULL;
    }
  if (_mcp_json_object_get_string (server, "version") == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The registry entry “%s” has no “version”"), name);
      return NULL;
    }
  if (!check_optional_string (server, "title", error) ||
      !check_optional_string (server, "description", error) ||
      !check_optional_string (server, "websiteUrl", error) ||
      !check_optional_array (server, "packages", error) ||
      !check_optional_array (server, "remotes", error))
    {
      g_prefix_error (error, "%s: ", name);
      return NULL;
    }

  self = g_object_new (MCP_TYPE_CATALOG_ENTRY, NULL);
  self->json = json_object_ref (server);
  json_object_seal (self->json);
  self->meta = meta != NULL ? json_object_ref (meta) : json_object_new ();
  json_object_seal (self->meta);
  self->publisher = g_strndup (name, slash - name);
  self->status = MCP_CATALOG_STATUS_ACTIVE;

  /* The server's own _meta may also carry it (older answers). */
  official = _mcp_json_object_get_object (self->meta, OFFICIAL_META);
  if (official == NULL)
    {
      JsonObject *own = _mcp_json_object_get_object (server, "_meta");

      official = own != NULL ? _mcp_json_object_get_object (own, OFFICIAL_META) : NULL;
    }
  if (official != NULL)
    {
      status = _mcp_json_object_get_string (official, "status");
      if (g_strcmp0 (status, "deprecated") == 0)
        self->status = MCP_CATALOG_STATUS_DEPRECATED;
      else if (g_strcmp0 (status, "deleted") == 0)
        self->status = MCP_CATALOG_STATUS_DELETED;
      self->is_latest = _mcp_json_object_get_bool (official, "isLatest", FALSE);
    }

  return g_steal_pointer (&self);
}

/**
 * mcp_catalog_entry_get_name:
 * @self: an entry
 *
 * Gets the server's name in the registry, such as
 * `io.github.user/weather`.
 *
 * Returns: the name
 *
 * Since: 1.0
 */
const char *
mcp_catalog_entry_get_name (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  return _mcp_json_object_get_string (self->json, "name");
}

/**
 * mcp_catalog_entry_get_title:
 * @self: an entry
 *
 * Gets the server's title, for people.
 *
 * Returns: (nullable): the title, or %NULL when the entry has none
 *
 * Since: 1.0
 */
const char *
mcp_catalog_entry_get_title (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  return _mcp_json_object_get_string (self->json, "title");
}

/**
 * mcp_catalog_entry_get_description:
 * @self: an entry
 *
 * Gets what the server does, as its publisher says.
 *
 * Returns: (nullable): the description
 *
 * Since: 1.0
 */
const char *
mcp_catalog_entry_get_description (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  return _mcp_json_object_get_string (self->json, "description");
}

/**
 * mcp_catalog_entry_get_version:
 * @self: an entry
 *
 * Gets the version of the server this entry describes.
 *
 * Returns: the version
 *
 * Since: 1.0
 */
const char *
mcp_catalog_entry_get_version (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  return _mcp_json_object_get_string (self->json, "version");
}

/**
 * mcp_catalog_entry_get_publisher:
 * @self: an entry
 *
 * Gets the namespace of the server's name, which the registry verified
 * belongs to its publisher (`io.github.user` for a GitHub account, a
 * reversed domain name otherwise).
 *
 * Returns: the publisher's namespace
 *
 * Since: 1.0
 */
const char *
mcp_catalog_entry_get_publisher (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  return self->publisher;
}

/**
 * mcp_catalog_entry_get_repository_url:
 * @self: an entry
 *
 * Gets the address of the server's source repository.
 *
 * Returns: (nullable): the URL, or %NULL when the entry gives none
 *
 * Since: 1.0
 */
const char *
mcp_catalog_entry_get_repository_url (McpCatalogEntry *self)
{
  JsonObject *repository;

  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  repository = _mcp_json_object_get_object (self->json, "repository");

  return repository != NULL ? _mcp_json_object_get_string (repository, "url") : NULL;
}

/**
 * mcp_catalog_entry_get_website_url:
 * @self: an entry
 *
 * Gets the address of the server's website.
 *
 * Returns: (nullable): the URL, or %NULL when the entry gives none
 *
 * Since: 1.0
 */
const char *
mcp_catalog_entry_get_website_url (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  return _mcp_json_object_get_string (self->json, "websiteUrl");
}

/**
 * mcp_catalog_entry_get_status:
 * @self: an entry
 *
 * Gets the status the registry gives this version: deprecated and deleted
 * entries are listed, marked as such.
 *
 * Returns: the status
 *
 * Since: 1.0
 */
McpCatalogStatus
mcp_catalog_entry_get_status (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), MCP_CATALOG_STATUS_ACTIVE);

  return self->status;
}

/**
 * mcp_catalog_entry_get_is_latest:
 * @self: an entry
 *
 * Gets whether the registry says this is the server's latest version.
 *
 * Returns: %TRUE for the latest version
 *
 * Since: 1.0
 */
gboolean
mcp_catalog_entry_get_is_latest (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), FALSE);

  return self->is_latest;
}

/**
 * mcp_catalog_entry_get_updated_at:
 * @self: an entry
 *
 * Gets when the registry last changed this entry, as it wrote it
 * (RFC 3339).
 *
 * Returns: (nullable): the time, or %NULL when the registry gave none
 *
 * Since: 1.0
 */
const char *
mcp_catalog_entry_get_updated_at (McpCatalogEntry *self)
{
  JsonObject *official;

  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  official = _mcp_json_object_get_object (self->meta, OFFICIAL_META);
  if (official == NULL)
    return NULL;

  return _mcp_json_object_get_string (official, "updatedAt") ?:
         _mcp_json_object_get_string (official, "publishedAt");
}

/**
 * mcp_catalog_entry_get_json:
 * @self: an entry
 *
 * Gets the entry's `server.json`, whole and unchanged.
 *
 * Returns: (transfer none): the JSON (sealed)
 *
 * Since: 1.0
 */
JsonObject *
mcp_catalog_entry_get_json (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  return self->json;
}

/**
 * mcp_catalog_entry_get_meta:
 * @self: an entry
 *
 * Gets what the registry added about the entry (its `_meta`), whole.
 *
 * Returns: (transfer none): the JSON (sealed), possibly empty
 *
 * Since: 1.0
 */
JsonObject *
mcp_catalog_entry_get_meta (McpCatalogEntry *self)
{
  g_return_val_if_fail (MCP_IS_CATALOG_ENTRY (self), NULL);

  return self->meta;
}
