/* mcp-oauth-crypto.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The cryptography of signing in: unguessable values for PKCE and `state`
 * from GnuTLS's key generator (GLib's random numbers are not meant for
 * secrets), the S256 code challenge, and JWS signatures with the
 * asymmetric algorithms of RFC 7518: JWTs signed with the client's private
 * key for client authentication (RFC 7523), and DPoP proofs
 * (mcp-oauth-dpop.c).
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

/* The JWS algorithms (RFC 7518 §3.1) the library signs with, all
 * asymmetric: what GnuTLS signs for each, and for ECDSA the size of r and s. */
static const struct {
  const char              *alg;
  gnutls_sign_algorithm_t  sign_algorithm;
  guint                    ec_size;
} jws_algorithms[] = {
  { "ES256", GNUTLS_SIGN_ECDSA_SHA256, 32 },
  { "ES384", GNUTLS_SIGN_ECDSA_SHA384, 48 },
  { "ES512", GNUTLS_SIGN_ECDSA_SHA512, 66 },
  { "RS256", GNUTLS_SIGN_RSA_SHA256, 0 },
  { "RS384", GNUTLS_SIGN_RSA_SHA384, 0 },
  { "RS512", GNUTLS_SIGN_RSA_SHA512, 0 },
  { "PS256", GNUTLS_SIGN_RSA_PSS_SHA256, 0 },
  { "PS384", GNUTLS_SIGN_RSA_PSS_SHA384, 0 },
  { "PS512", GNUTLS_SIGN_RSA_PSS_SHA512, 0 },
  { "EdDSA", GNUTLS_SIGN_EDDSA_ED25519, 0 },
};

gboolean
_mcp_oauth_jws_alg_is_known (const char *alg)
{
  for (guint i = 0; i < G_N_ELEMENTS (jws_algorithms); i++)
    if (g_strcmp0 (jws_algorithms[i].alg, alg) == 0)
      return TRUE;

  return FALSE;
}

/* Signs @claims into a compact JWS with @key, whose kind must fit @alg
 * (one _mcp_oauth_jws_alg_is_known () knows); @header gets `alg`. */
char *
_mcp_oauth_jws_sign (gnutls_privkey_t   key,
                     const char        *alg,
                     JsonObject        *header,
                     JsonObject        *claims,
                     GError           **error)
{
  gnutls_datum_t data, signature = { NULL, 0 };
  g_autoptr(GByteArray) raw = g_byte_array_new ();
  g_autofree char *header_part = NULL;
  g_autofree char *claims_part = NULL;
  g_autofree char *signing_input = NULL;
  g_autofree char *signature_part = NULL;
  guint i;
  int ret;

  for (i = 0; i < G_N_ELEMENTS (jws_algorithms); i++)
    if (g_strcmp0 (jws_algorithms[i].alg, alg) == 0)
      break;
  g_return_val_if_fail (i < G_N_ELEMENTS (jws_algorithms), NULL);

  json_object_set_string_member (header, "alg", alg);
  header_part = encode_json (header);
  claims_part = encode_json (claims);
  signing_input = g_strconcat (header_part, ".", claims_part, NULL);

  data.data = (unsigned char *) signing_input;
  data.size = strlen (signing_input);
  ret = gnutls_privkey_sign_data2 (key, jws_algorithms[i].sign_algorithm, 0, &data, &signature);
  if (ret != 0)
    {
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
                   _("Could not sign a JWT with %s: %s"), alg, gnutls_strerror (ret));
      return NULL;
    }

  if (jws_algorithms[i].ec_size > 0)
    {
      if (!ecdsa_to_jws (&signature, jws_algorithms[i].ec_size, raw))
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

/* The JWS algorithm of a client's key: ES256, ES384 or ES512 for an EC key
 * of the matching curve, RS256 for RSA, EdDSA for Ed25519; NULL for
 * another. */
static const char *
key_algorithm (gnutls_privkey_t key)
{
  unsigned int bits = 0;

  switch ((int) gnutls_privkey_get_pk_algorithm (key, &bits))
    {
    case GNUTLS_PK_RSA:
      return "RS256";
    case GNUTLS_PK_ECDSA:
      return bits == 256 ? "ES256" : bits == 384 ? "ES384" : bits == 521 ? "ES512" : NULL;
    case GNUTLS_PK_EDDSA_ED25519:
      return "EdDSA";
    default:
      return NULL;
    }
}

/* Signs @claims into a compact JWS with the key in @private_key_pem (PKCS#8
 * or the traditional PEM forms), for client authentication. */
char *
_mcp_oauth_jwt_sign (const char  *private_key_pem,
                     const char  *type,
                     JsonObject  *claims,
                     GError     **error)
{
  gnutls_privkey_t key = NULL;
  gnutls_datum_t pem = { (unsigned char *) private_key_pem, strlen (private_key_pem) };
  g_autoptr(JsonObject) header = json_object_new ();
  const char *alg;
  char *jwt;
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

  alg = key_algorithm (key);
  if (alg == NULL)
    {
      gnutls_privkey_deinit (key);
      g_set_error_literal (error, MCP_AUTHORIZATION_ERROR,
                           MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
                           _("The client’s private key is of a kind that cannot sign JWTs "
                             "(use RSA, EC P-256, P-384, P-521 or Ed25519)"));
      return NULL;
    }

  json_object_set_string_member (header, "typ", type);
  jwt = _mcp_oauth_jws_sign (key, alg, header, claims, error);
  gnutls_privkey_deinit (key);
  return jwt;
}
