/* mcp-oauth-dpop-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most origins whose DPoP nonce is remembered at once. */
#define MCP_DPOP_MAX_NONCES 64

typedef struct _McpDpopKey McpDpopKey;

const char *_mcp_dpop_choose_alg        (char * const  *supported);
McpDpopKey *_mcp_dpop_key_generate      (const char    *alg,
                                         GError       **error);
McpDpopKey *_mcp_dpop_key_new_from_pem  (const char    *pem,
                                         const char    *alg,
                                         GError       **error);
McpDpopKey *_mcp_dpop_key_ref           (McpDpopKey    *key);
void        _mcp_dpop_key_unref         (McpDpopKey    *key);
const char *_mcp_dpop_key_get_alg       (McpDpopKey    *key);
const char *_mcp_dpop_key_get_pem       (McpDpopKey    *key);
char       *_mcp_dpop_key_make_proof    (McpDpopKey    *key,
                                         const char    *method,
                                         const char    *url,
                                         const char    *nonce,
                                         const char    *access_token,
                                         GError       **error);

GHashTable *_mcp_dpop_nonces_new        (void);
const char *_mcp_dpop_nonces_lookup     (GHashTable    *nonces,
                                         const char    *url);
gboolean    _mcp_dpop_nonces_remember   (GHashTable    *nonces,
                                         const char    *url,
                                         const char    *nonce);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpDpopKey, _mcp_dpop_key_unref)

G_END_DECLS
