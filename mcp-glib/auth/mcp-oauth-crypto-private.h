/* mcp-oauth-crypto-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gnutls/abstract.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char *_mcp_oauth_random_token   (void);
char *_mcp_oauth_base64url      (const guint8  *data,
                                 gsize          len);
char *_mcp_oauth_pkce_challenge (const char    *verifier);
char *_mcp_oauth_jwt_sign       (const char    *private_key_pem,
                                 const char    *type,
                                 JsonObject    *claims,
                                 GError       **error);
gboolean _mcp_oauth_jws_alg_is_known (const char       *alg);
char    *_mcp_oauth_jws_sign         (gnutls_privkey_t  key,
                                      const char       *alg,
                                      JsonObject       *header,
                                      JsonObject       *claims,
                                      GError          **error);

G_END_DECLS
