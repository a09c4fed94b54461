/* mcp-tls-error.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * TLS failures as errors that say what went wrong and with which
 * certificate: the reason (unknown authority, expired, not yet valid,
 * another name, revoked; a client certificate required or refused) and the
 * certificate's subject, issuer and SHA-256 fingerprint. Used by the HTTP
 * transport and by the authorization's requests alike.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-tls-error-private.h"

/* The SHA-256 fingerprint of @certificate, as colon-separated hex pairs. */
char *
_mcp_tls_certificate_fingerprint (GTlsCertificate *certificate)
{
  g_autoptr(GByteArray) der = NULL;
  g_autofree char *hex = NULL;
  GString *out;

  g_object_get (certificate, "certificate", &der, NULL);
  if (der == NULL)
    return g_strdup ("?");

  hex = g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
  out = g_string_new (NULL);
  for (gsize i = 0; hex[i] != '\0'; i += 2)
    {
      if (i > 0)
        g_string_append_c (out, ':');
      g_string_append_c (out, g_ascii_toupper (hex[i]));
      g_string_append_c (out, g_ascii_toupper (hex[i + 1]));
    }

  return g_string_free (out, FALSE);
}

/* “subject “…”, issuer “…”, SHA-256 fingerprint …” */
char *
_mcp_tls_certificate_describe (GTlsCertificate *certificate)
{
  g_autofree char *subject = g_tls_certificate_get_subject_name (certificate);
  g_autofree char *issuer = g_tls_certificate_get_issuer_name (certificate);
  g_autofree char *fingerprint = _mcp_tls_certificate_fingerprint (certificate);

  /* TRANSLATORS: what identifies a TLS certificate in an error message */
  return g_strdup_printf (_("subject “%s”, issuer “%s”, SHA-256 fingerprint %s"),
                          subject != NULL ? subject : "?", issuer != NULL ? issuer : "?",
                          fingerprint);
}

static const char *
reason (GTlsCertificateFlags flags)
{
  if (flags & G_TLS_CERTIFICATE_REVOKED)
    return _("it was revoked");
  if (flags & G_TLS_CERTIFICATE_EXPIRED)
    return _("it has expired");
  if (flags & G_TLS_CERTIFICATE_NOT_ACTIVATED)
    return _("it is not valid yet");
  if (flags & G_TLS_CERTIFICATE_BAD_IDENTITY)
    return _("it was issued for another name (name mismatch)");
  if (flags & G_TLS_CERTIFICATE_UNKNOWN_CA)
    return _("it was issued by an unknown authority");
  if (flags & G_TLS_CERTIFICATE_INSECURE)
    return _("its algorithm is insecure");

  return _("it could not be verified");
}

gboolean
_mcp_tls_error_is_tls (const GError *error)
{
  return error != NULL && error->domain == G_TLS_ERROR;
}

/* The error for a TLS failure reaching @url: @certificate and @flags are
 * what the verification of the server's certificate found (if it failed),
 * @error what the connection said. */
GError *
_mcp_tls_error_new (const char           *url,
                    GTlsCertificate      *certificate,
                    GTlsCertificateFlags  flags,
                    gboolean              had_client_certificate,
                    const GError         *error)
{
  if (certificate != NULL && flags != 0)
    {
      g_autofree char *described = _mcp_tls_certificate_describe (certificate);

      return g_error_new (G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                          _("The certificate of the server at %s is not trusted: %s (%s)"),
                          url, reason (flags), described);
    }

  if (g_error_matches (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE) && certificate != NULL)
    {
      g_autofree char *described = _mcp_tls_certificate_describe (certificate);

      return g_error_new (G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                          _("The certificate of the server at %s is not trusted: %s (%s)"),
                          url, error->message, described);
    }

  if (g_error_matches (error, G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED) &&
      !had_client_certificate)
    return g_error_new (G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED,
                        _("The server at %s requires a client certificate: %s"),
                        url, error->message);

  if (had_client_certificate && !g_error_matches (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE))
    return g_error_new (G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED,
                        _("The server at %s refused the TLS connection, and the client "
                          "certificate with it: %s"),
                        url, error->message);

  return g_error_new (G_TLS_ERROR, error->code, _("The TLS connection to the server at %s "
                                                  "failed: %s"),
                      url, error->message);
}

/* What the network settings' own check of a connection found (see
 * mcp-network-session.c), kept on the message that went over it. */
#define MESSAGE_ERROR_KEY "mcp-tls-error"
#define MESSAGE_CERTIFICATE_KEY "mcp-tls-client-certificate"

void
_mcp_tls_message_set_error (SoupMessage *msg,
                            GError      *error)
{
  g_object_set_data_full (G_OBJECT (msg), MESSAGE_ERROR_KEY, error, (GDestroyNotify) g_error_free);
}

/* Whether the server asked for a client certificate on the connection
 * @msg went over: 0 if not, 1 if it asked and none was given, 2 if one
 * was. The state is shared (g_rc_box_acquire ()) with the connection,
 * whose handshake sets it. */
int *
_mcp_tls_message_certificate_state (SoupMessage *msg)
{
  int *state = g_object_get_data (G_OBJECT (msg), MESSAGE_CERTIFICATE_KEY);

  if (state == NULL)
    {
      state = g_rc_box_new0 (int);
      g_object_set_data_full (G_OBJECT (msg), MESSAGE_CERTIFICATE_KEY, state, g_rc_box_release);
    }

  return state;
}

/* The error to report for @msg to @url, which failed with @error, if it
 * is a TLS failure; %NULL otherwise. */
GError *
_mcp_tls_message_error (SoupMessage  *msg,
                        const char   *url,
                        const GError *error)
{
  GError *checked = g_object_get_data (G_OBJECT (msg), MESSAGE_ERROR_KEY);
  int *state = g_object_get_data (G_OBJECT (msg), MESSAGE_CERTIFICATE_KEY);
  int requested = state != NULL ? *state : 0;

  if (checked != NULL)
    return g_error_copy (checked);

  /* With TLS 1.3, a server refuses a client certificate after the
   * client's side of the handshake is done: what the client sees is a
   * connection broken before any answer. */
  if (requested != 0 && soup_message_get_status (msg) == 0 &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
      !g_error_matches (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE))
    {
      if (requested == 1)
        return g_error_new (G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED,
                            _("The server at %s requires a client certificate: %s"),
                            url, error->message);

      return g_error_new (G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED,
                          _("The server at %s refused the client certificate, or closed the "
                            "connection after asking for it: %s"),
                          url, error->message);
    }

  if (!_mcp_tls_error_is_tls (error))
    return NULL;

  return _mcp_tls_error_new (url, soup_message_get_tls_peer_certificate (msg),
                             soup_message_get_tls_peer_certificate_errors (msg),
                             requested == 2, error);
}
