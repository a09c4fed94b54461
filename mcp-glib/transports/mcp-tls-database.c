/* mcp-tls-database.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpTlsDatabase: the trust of one server's network settings. It consults
 * the system's database (unless the settings replace it) and then the
 * extra CA certificates of the settings: a chain is trusted if either
 * trusts it. Against the extra CAs, a chain is verified with each of them
 * in turn as its only anchor (g_tls_certificate_verify (), which checks
 * validity dates and the server's identity too), so that what is wrong
 * with a chain an extra CA did sign (expired, another name) is what is
 * reported, not an unknown authority.
 */

#include "config.h"

#include "mcp-tls-database-private.h"

struct _McpTlsDatabase
{
  GTlsDatabase  parent_instance;

  GTlsDatabase *system;
  GList        *anchors;
};

G_DEFINE_FINAL_TYPE (McpTlsDatabase, _mcp_tls_database, G_TYPE_TLS_DATABASE)

/* Among @a and @b, which both failed, the one that says more: any reason
 * but an unknown authority means the authority was known. */
static GTlsCertificateFlags
better_failure (GTlsCertificateFlags a,
                GTlsCertificateFlags b)
{
  if ((a & G_TLS_CERTIFICATE_UNKNOWN_CA) && !(b & G_TLS_CERTIFICATE_UNKNOWN_CA))
    return b;

  return a;
}

static GTlsCertificateFlags
mcp_tls_database_verify_chain (GTlsDatabase             *database,
                               GTlsCertificate          *chain,
                               const char               *purpose,
                               GSocketConnectable       *identity,
                               GTlsInteraction          *interaction,
                               GTlsDatabaseVerifyFlags   flags,
                               GCancellable             *cancellable,
                               GError                  **error)
{
  McpTlsDatabase *self = MCP_TLS_DATABASE (database);
  GTlsCertificateFlags result = G_TLS_CERTIFICATE_UNKNOWN_CA;

  if (self->system != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      result = g_tls_database_verify_chain (self->system, chain, purpose, identity, interaction,
                                            flags, cancellable, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return G_TLS_CERTIFICATE_GENERIC_ERROR;
        }
      if (result == 0)
        return 0;
    }

  for (GList *l = self->anchors; l != NULL; l = l->next)
    {
      GTlsCertificateFlags found;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return G_TLS_CERTIFICATE_GENERIC_ERROR;

      found = g_tls_certificate_verify (chain, identity, l->data);
      if (found == 0)
        return 0;
      result = better_failure (result, found);
    }

  return result;
}

/* What else a database is asked goes to the extra certificates first,
 * then to the system's database. */
static char *
mcp_tls_database_create_certificate_handle (GTlsDatabase    *database,
                                            GTlsCertificate *certificate)
{
  McpTlsDatabase *self = MCP_TLS_DATABASE (database);

  if (self->system != NULL)
    return g_tls_database_create_certificate_handle (self->system, certificate);

  return NULL;
}

static GTlsCertificate *
mcp_tls_database_lookup_certificate_for_handle (GTlsDatabase             *database,
                                                const char               *handle,
                                                GTlsInteraction          *interaction,
                                                GTlsDatabaseLookupFlags   flags,
                                                GCancellable             *cancellable,
                                                GError                  **error)
{
  McpTlsDatabase *self = MCP_TLS_DATABASE (database);

  if (self->system != NULL)
    return g_tls_database_lookup_certificate_for_handle (self->system, handle, interaction,
                                                         flags, cancellable, error);

  return NULL;
}

static GTlsCertificate *
mcp_tls_database_lookup_certificate_issuer (GTlsDatabase             *database,
                                            GTlsCertificate          *certificate,
                                            GTlsInteraction          *interaction,
                                            GTlsDatabaseLookupFlags   flags,
                                            GCancellable             *cancellable,
                                            GError                  **error)
{
  McpTlsDatabase *self = MCP_TLS_DATABASE (database);

  for (GList *l = self->anchors; l != NULL; l = l->next)
    {
      GTlsCertificateFlags found = g_tls_certificate_verify (certificate, NULL, l->data);

      if (!(found & G_TLS_CERTIFICATE_UNKNOWN_CA) && !g_tls_certificate_is_same (certificate, l->data))
        return g_object_ref (l->data);
    }

  if (self->system != NULL)
    return g_tls_database_lookup_certificate_issuer (self->system, certificate, interaction,
                                                     flags, cancellable, error);

  return NULL;
}

static GList *
mcp_tls_database_lookup_certificates_issued_by (GTlsDatabase             *database,
                                                GByteArray               *issuer_raw_dn,
                                                GTlsInteraction          *interaction,
                                                GTlsDatabaseLookupFlags   flags,
                                                GCancellable             *cancellable,
                                                GError                  **error)
{
  McpTlsDatabase *self = MCP_TLS_DATABASE (database);

  if (self->system != NULL)
    return g_tls_database_lookup_certificates_issued_by (self->system, issuer_raw_dn,
                                                         interaction, flags, cancellable, error);

  return NULL;
}

static void
mcp_tls_database_finalize (GObject *object)
{
  McpTlsDatabase *self = (McpTlsDatabase *)object;

  g_clear_object (&self->system);
  g_list_free_full (self->anchors, g_object_unref);

  G_OBJECT_CLASS (_mcp_tls_database_parent_class)->finalize (object);
}

static void
_mcp_tls_database_class_init (McpTlsDatabaseClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GTlsDatabaseClass *database_class = G_TLS_DATABASE_CLASS (klass);

  object_class->finalize = mcp_tls_database_finalize;

  database_class->verify_chain = mcp_tls_database_verify_chain;
  database_class->create_certificate_handle = mcp_tls_database_create_certificate_handle;
  database_class->lookup_certificate_for_handle = mcp_tls_database_lookup_certificate_for_handle;
  database_class->lookup_certificate_issuer = mcp_tls_database_lookup_certificate_issuer;
  database_class->lookup_certificates_issued_by = mcp_tls_database_lookup_certificates_issued_by;
}

static void
_mcp_tls_database_init (McpTlsDatabase *self)
{
}

/* A database trusting what @system (nullable: none) trusts, and what any
 * of @anchors (GTlsCertificate, none taken) signed. */
GTlsDatabase *
_mcp_tls_database_new (GTlsDatabase *system,
                       GList        *anchors)
{
  McpTlsDatabase *self = g_object_new (MCP_TYPE_TLS_DATABASE, NULL);

  self->system = system != NULL ? g_object_ref (system) : NULL;
  self->anchors = g_list_copy_deep (anchors, (GCopyFunc) (void (*) (void)) g_object_ref, NULL);

  return G_TLS_DATABASE (self);
}
