/* mcp-oauth-crypto.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The cryptography of signing in: unguessable values for PKCE and `state`
 * from GnuTLS's key generator (GLib's random numbers are not meant for
 * secrets), the S256 code challenge, and JWTs signed with a private key
 * for client authentication (RFC 7523).
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include "mcp-authorization.h"
#include "mcp-json-private.h"
#include "mcp-oauth-crypto-private.h"

/* 256 bits: a PKCE verifier of 43 characters, the shortest RFC 7636
 * allows, and as unguessable as a `state` needs to be. */
#define RANDOM_BYTES 32

char *
_mcp_oauth_base64url (const guint8 *data,
                      gsize         len)
{
  char *text = g_base64_encode (data, len);
  char *p;

  for (p = text; *p != '\0' && *p != '='; p++)
    {
      if (*p == '+')
        *p = '-';
      else if (*p == '/')
        *p = '_';
    }
  *p = '\0';

  return text;
}

char *
_mcp_oauth_random_token (void)
{
  guint8 bytes[RANDOM_BYTES];
  char *token;

  if (gnutls_rnd (GNUTLS_RND_KEY, bytes, sizeof bytes) != 0)
    g_error ("GnuTLS could not generate random bytes");

  token = _mcp_oauth_base64url (bytes, sizeof bytes);
  memset (bytes, 0, sizeof bytes);
  return token;
}

/* BASE64URL(SHA256(verifier)), the S256 method of RFC 7636. */
char *
_mcp_oauth_pkce_challenge (const char *verifier)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize len = sizeof digest;

  g_checksum_update (checksum, (const guchar *) verifier, strlen (verifier));
  g_checksum_get_digest (checksum, digest, &len);

  return _mcp_oauth_base64url (digest, len);
}

static char *
encode_json (JsonObject *object)
{
  g_autoptr(JsonNode) node = _mcp_json_node_new_object (json_object_ref (object));
  g_autofree char *text = _mcp_json_node_to_string (node);

  return _mcp_oauth_base64url ((const guint8 *) text, strlen (text));
}

/* An ECDSA signature as JWS wants it (RFC 7518 §3.4): r and s, each padded
 * to the size of the curve, instead of GnuTLS's DER sequence. */
static gboolean
ecdsa_to_jws (const gnutls_datum_t *der,
              guint                 size,
              GByteArray           *out)
{
  gnutls_datum_t r = { NULL, 0 }, s = { NULL, 0 };
  const gnutls_datum_t *parts[] = { &r, &s };
  gboolean ok = TRUE;

  if (gnutls_decode_rs_value (der, &r, &s) != 0)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      const guint8 *data = parts[i]->data;
      guint len = parts[i]->size;
      guint8 zeros[66] = { 0 };

      /* DER integers may carry a leading zero byte. */
      while (len > size && *data == 0)
        {
          data++;
          len--;
        }
      if (len > size || size > sizeof zeros)
        {
          ok = FALSE;
          break;
        }
      g_byte_array_append (out, zeros, size - len);
      g_byte_array_append (out, data, len);
    }

  gnutls_free (r.data);
  gnutls_free (s.data);
  return ok;
}

static const struct {
  unsigned int             bits;
  const char              *alg;
  gnutls_sign_algorithm_t  sign_algorithm;
  guint                    size;
} ec_algorithms[] = {
  { 256, "ES256", GNUTLS_SIGN_ECDSA_SHA256, 32 },
  { 384, "ES384", GNUTLS_SIGN_ECDSA_SHA384, 48 },
  { 521, "ES512", GNUTLS_SIGN_ECDSA_SHA512, 66 },
};

/* Signs @claims into a compact JWS with the key in @private_key_pem (PKCS#8
 * or the traditional PEM forms): ES256, ES384 or ES512 for an EC key of the
 * matching curve, RS256 for RSA, EdDSA for Ed25519. */
char *
_mcp_oauth_jwt_sign (const char  *private_key_pem,
                     const char  *type,
                     JsonObject  *claims,
                     GError     **error)
{
  gnutls_privkey_t key = NULL;
  gnutls_datum_t pem = { (unsigned char *) private_key_pem, strlen (private_key_pem) };
  gnutls_datum_t data, signature = { NULL, 0 };
  gnutls_sign_algorithm_t sign_algorithm;
  const char *alg;
  guint ec_size = 0;
  unsigned int bits = 0;
  g_autoptr(JsonObject) header = json_object_new ();
  g_autoptr(GByteArray) raw = g_byte_array_new ();
  g_autofree char *header_part = NULL;
  g_autofree char *claims_part = NULL;
  g_autofree char *signing_input = NULL;
  g_autofree char *signature_part = NULL;
  int ret;

  if (gnutls_privkey_init (&key) != 0)
    g_error ("GnuTLS could not allocate a key");

  ret = gnutls_privkey_import_x509_raw (key, &pem, GNUTLS_X509_FMT_PEM, NULL, 0);
  if (ret != 0)
    {
      gnutls_privkey_deinit (key);
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
                   _("The client’s private key is not usable: %s"), gnutls_strerror (ret));
      return NULL;
    }

  switch ((int) gnutls_privkey_get_pk_algorithm (key, &bits))
    {
    case GNUTLS_PK_RSA:
      alg = "RS256";
      sign_algorithm = GNUTLS_SIGN_RSA_SHA256;
      break;

    case GNUTLS_PK_ECDSA:
      alg = NULL;
      sign_algorithm = GNUTLS_SIGN_UNKNOWN;
      for (guint i = 0; i < G_N_ELEMENTS (ec_algorithms); i++)
        if (ec_algorithms[i].bits == bits)
          {
            alg = ec_algorithms[i].alg;
            sign_algorithm = ec_algorithms[i].sign_algorithm;
            ec_size = ec_algorithms[i].size;
          }
      break;

    case GNUTLS_PK_EDDSA_ED25519:
      alg = "EdDSA";
      sign_algorithm = GNUTLS_SIGN_EDDSA_ED25519;
      break;

    default:
      alg = NULL;
      sign_algorithm = GNUTLS_SIGN_UNKNOWN;
      break;
    }

  if (alg == NULL)
    {
      gnutls_privkey_deinit (key);
      g_set_error_literal (error, MCP_AUTHORIZATION_ERROR,
                           MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
                           _("The client’s private key is of a kind that cannot sign JWTs "
                             "(use RSA, EC P-256, P-384, P-521 or Ed25519)"));
      return NULL;
    }

  json_object_set_string_member (header, "alg", alg);
  json_object_set_string_member (header, "typ", type);
  header_part = encode_json (header);
  claims_part = encode_json (claims);
  signing_input = g_strconcat (header_part, ".", claims_part, NULL);

  data.data = (unsigned char *) signing_input;
  data.size = strlen (signing_input);
  ret = gnutls_privkey_sign_data2 (key, sign_algorithm, 0, &data, &signature);
  gnutls_privkey_deinit (key);
  if (ret != 0)
    {
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
                   _("Could not sign with the client’s private key: %s"), gnutls_strerror (ret));
      return NULL;
    }

  if (ec_size > 0)
    {
      if (!ecdsa_to_jws (&signature, ec_size, raw))
        {
          gnutls_free (signature.data);
          g_set_error_literal (error, MCP_AUTHORIZATION_ERROR,
                               MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
                               _("GnuTLS made an ECDSA signature of an unexpected form"));
          return NULL;
        }
    }
  else
    g_byte_array_append (raw, signature.data, signature.size);
  gnutls_free (signature.data);

  signature_part = _mcp_oauth_base64url (raw->data, raw->len);
  return g_strconcat (signing_input, ".", signature_part, NULL);
}
