/* mcp-tls-error-private.h
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

char    *_mcp_tls_certificate_describe (GTlsCertificate      *certificate);
char    *_mcp_tls_certificate_fingerprint (GTlsCertificate   *certificate);
gboolean _mcp_tls_error_is_tls         (const GError         *error);
GError  *_mcp_tls_error_new            (const char           *url,
                                        GTlsCertificate      *certificate,
                                        GTlsCertificateFlags  flags,
                                        gboolean              had_client_certificate,
                                        const GError         *error);

void     _mcp_tls_message_set_error    (SoupMessage          *msg,
                                        GError               *error);
int     *_mcp_tls_message_certificate_state (SoupMessage   *msg);
GError  *_mcp_tls_message_error        (SoupMessage          *msg,
                                        const char           *url,
                                        const GError         *error);

G_END_DECLS
