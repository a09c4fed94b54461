/* mcp-oauth-dpop.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * DPoP (RFC 9449, MCP's SEP-1932): the key pair that binds access tokens
 * to the application, made with GnuTLS for the algorithm the authorization
 * server asks for and kept as PKCS#8 PEM in the credentials, and the
 * proofs signed with it: a `dpop+jwt` JWS with the public key as a JWK in
 * its header, and the request (method, URL without query and fragment,
 * time, a fresh jti, the server's nonce, the access token's hash) in its
 * claims. The nonces the servers hand out are remembered per origin here
 * too. Neither the key nor a proof is ever logged.
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <gnutls/abstract.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "mcp-authorization.h"
#include "mcp-oauth-crypto-private.h"
#include "mcp-oauth-dpop-private.h"
#include "mcp-oauth-http-private.h"

#define RSA_BITS 2048

struct _McpDpopKey
{
  gatomicrefcount   ref_count;
  gnutls_privkey_t  key;
  char             *alg;
  char             *pem;
  /* The public key, for the header of every proof. */
  JsonObject       *jwk;
};

/* The algorithms a key is made for, in the order they are preferred when
 * the authorization server takes several: ES256 first, as MCP asks. */
static const struct {
  const char          *alg;
  gnutls_pk_algorithm_t pk;
  gnutls_ecc_curve_t   curve;
  guint                coordinate_size;
} key_kinds[] = {
  { "ES256", GNUTLS_PK_ECDSA, GNUTLS_ECC_CURVE_SECP256R1, 32 },
  { "ES384", GNUTLS_PK_ECDSA, GNUTLS_ECC_CURVE_SECP384R1, 48 },
  { "ES512", GNUTLS_PK_ECDSA, GNUTLS_ECC_CURVE_SECP521R1, 66 },
  { "EdDSA", GNUTLS_PK_EDDSA_ED25519, GNUTLS_ECC_CURVE_ED25519, 32 },
  { "PS256", GNUTLS_PK_RSA, GNUTLS_ECC_CURVE_INVALID, 0 },
  { "PS384", GNUTLS_PK_RSA, GNUTLS_ECC_CURVE_INVALID, 0 },
  { "PS512", GNUTLS_PK_RSA, GNUTLS_ECC_CURVE_INVALID, 0 },
  { "RS256", GNUTLS_PK_RSA, GNUTLS_ECC_CURVE_INVALID, 0 },
  { "RS384", GNUTLS_PK_RSA, GNUTLS_ECC_CURVE_INVALID, 0 },
  { "RS512", GNUTLS_PK_RSA, GNUTLS_ECC_CURVE_INVALID, 0 },
};

static int
key_kind (const char *alg)
{
  for (guint i = 0; i < G_N_ELEMENTS (key_kinds); i++)
    if (g_strcmp0 (key_kinds[i].alg, alg) == 0)
      return i;

  return -1;
}

/* The algorithm to make a key for, of those the authorization server
 * lists in `dpop_signing_alg_values_supported`; NULL when it lists none
 * the library signs with (`none` and symmetric ones never are). */
const char *
_mcp_dpop_choose_alg (char * const *supported)
{
  for (guint i = 0; supported != NULL && i < G_N_ELEMENTS (key_kinds); i++)
    if (g_strv_contains ((const char * const *) supported, key_kinds[i].alg))
      return key_kinds[i].alg;

  return NULL;
}

McpDpopKey *
_mcp_dpop_key_ref (McpDpopKey *key)
{
  g_atomic_ref_count_inc (&key->ref_count);
  return key;
}

void
_mcp_dpop_key_unref (McpDpopKey *key)
{
  if (!g_atomic_ref_count_dec (&key->ref_count))
    return;

  gnutls_privkey_deinit (key->key);
  g_free (key->alg);
  if (key->pem != NULL)
    {
      memset (key->pem, 0, strlen (key->pem));
      g_free (key->pem);
    }
  g_clear_pointer (&key->jwk, json_object_unref);
  g_free (key);
}

const char *
_mcp_dpop_key_get_alg (McpDpopKey *key)
{
  return key->alg;
}

const char *
_mcp_dpop_key_get_pem (McpDpopKey *key)
{
  return key->pem;
}

static void
set_string_take (JsonObject *object,
                 const char *member,
                 char       *value)
{
  json_object_set_string_member (object, member, value);
  g_free (value);
}

static char *
base64url_datum (const gnutls_datum_t *datum,
                 guint                 size)
{
  g_autofree guint8 *padded = NULL;

  if (size <= datum->size)
    return _mcp_oauth_base64url (datum->data, datum->size);

  /* A coordinate is as long as its curve's field, leading zeros and all
   * (RFC 7518 §6.2.1.2). */
  padded = g_malloc0 (size);
  memcpy (padded + size - datum->size, datum->data, datum->size);
  return _mcp_oauth_base64url (padded, size);
}

/* The public key of @key as a JWK (RFC 7517, RFC 8037). */
static JsonObject *
public_jwk (gnutls_privkey_t  key,
            int               kind)
{
  gnutls_pubkey_t pub = NULL;
  gnutls_datum_t a = { NULL, 0 }, b = { NULL, 0 };
  gnutls_ecc_curve_t curve;
  JsonObject *jwk = NULL;
  int ret;

  if (gnutls_pubkey_init (&pub) != 0)
    g_error ("GnuTLS could not allocate a key");
  if (gnutls_pubkey_import_privkey (pub, key, 0, 0) != 0)
    goto out;

  switch ((int) key_kinds[kind].pk)
    {
    case GNUTLS_PK_ECDSA:
      ret = gnutls_pubkey_export_ecc_raw2 (pub, &curve, &a, &b, GNUTLS_EXPORT_FLAG_NO_LZ);
      if (ret != 0 || curve != key_kinds[kind].curve)
        goto out;
      jwk = json_object_new ();
      json_object_set_string_member (jwk, "kty", "EC");
      json_object_set_string_member (jwk, "crv",
                                     curve == GNUTLS_ECC_CURVE_SECP256R1 ? "P-256"
                                     : curve == GNUTLS_ECC_CURVE_SECP384R1 ? "P-384" : "P-521");
      set_string_take (jwk, "x",
                                          base64url_datum (&a, key_kinds[kind].coordinate_size));
      set_string_take (jwk, "y",
                                          base64url_datum (&b, key_kinds[kind].coordinate_size));
      break;

    case GNUTLS_PK_EDDSA_ED25519:
      ret = gnutls_pubkey_export_ecc_raw2 (pub, &curve, &a, NULL, 0);
      if (ret != 0)
        goto out;
      jwk = json_object_new ();
      json_object_set_string_member (jwk, "kty", "OKP");
      json_object_set_string_member (jwk, "crv", "Ed25519");
      set_string_take (jwk, "x", _mcp_oauth_base64url (a.data, a.size));
      break;

    case GNUTLS_PK_RSA:
      ret = gnutls_pubkey_export_rsa_raw2 (pub, &a, &b, GNUTLS_EXPORT_FLAG_NO_LZ);
      if (ret != 0)
        goto out;
      jwk = json_object_new ();
      json_object_set_string_member (jwk, "kty", "RSA");
      set_string_take (jwk, "n", _mcp_oauth_base64url (a.data, a.size));
      set_string_take (jwk, "e", _mcp_oauth_base64url (b.data, b.size));
      break;

    default:
      break;
    }

out:
  gnutls_free (a.data);
  gnutls_free (b.data);
  gnutls_pubkey_deinit (pub);
  return jwk;
}

/* Takes @privkey, of the kind of @alg. */
static McpDpopKey *
key_new (gnutls_privkey_t   privkey,
         const char        *alg,
         char              *pem,
         GError           **error)
{
  McpDpopKey *key = g_new0 (McpDpopKey, 1);
  int kind = key_kind (alg);

  g_atomic_ref_count_init (&key->ref_count);
  key->key = privkey;
  key->alg = g_strdup (alg);
  key->pem = pem;
  key->jwk = public_jwk (privkey, kind);
  if (key->jwk == NULL)
    {
      _mcp_dpop_key_unref (key);
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                   _("The DPoP key is not a key for %s"), alg);
      return NULL;
    }

  return key;
}

/* The PKCS#8 PEM form of @privkey, unencrypted: it goes where the tokens
 * go, which is where secrets are kept. */
static char *
export_pem (gnutls_privkey_t privkey)
{
  gnutls_x509_privkey_t x509 = NULL;
  gnutls_datum_t out = { NULL, 0 };
  char *pem = NULL;

  if (gnutls_privkey_export_x509 (privkey, &x509) != 0)
    return NULL;
  if (gnutls_x509_privkey_export2_pkcs8 (x509, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN,
                                         &out) == 0)
    {
      pem = g_strndup ((const char *) out.data, out.size);
      memset (out.data, 0, out.size);
      gnutls_free (out.data);
    }
  gnutls_x509_privkey_deinit (x509);

  return pem;
}

/* A new key pair for @alg, which _mcp_dpop_choose_alg () chose. */
McpDpopKey *
_mcp_dpop_key_generate (const char  *alg,
                        GError     **error)
{
  gnutls_privkey_t privkey = NULL;
  int kind = key_kind (alg);
  unsigned int bits;
  char *pem;
  int ret;

  g_return_val_if_fail (kind >= 0, NULL);

  if (gnutls_privkey_init (&privkey) != 0)
    g_error ("GnuTLS could not allocate a key");

  bits = key_kinds[kind].pk == GNUTLS_PK_RSA
         ? RSA_BITS : GNUTLS_CURVE_TO_BITS (key_kinds[kind].curve);
  ret = gnutls_privkey_generate2 (privkey, key_kinds[kind].pk, bits, 0, NULL, 0);
  pem = ret == 0 ? export_pem (privkey) : NULL;
  if (pem == NULL)
    {
      gnutls_privkey_deinit (privkey);
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_REGISTRATION_FAILED,
                   _("Could not make a DPoP key for %s: %s"), alg,
                   gnutls_strerror (ret != 0 ? ret : GNUTLS_E_INTERNAL_ERROR));
      return NULL;
    }

  return key_new (privkey, alg, pem, error);
}

/* The key kept in credentials: @pem as _mcp_dpop_key_get_pem () gave it,
 * for @alg. */
McpDpopKey *
_mcp_dpop_key_new_from_pem (const char  *pem,
                            const char  *alg,
                            GError     **error)
{
  gnutls_privkey_t privkey = NULL;
  gnutls_datum_t data = { (unsigned char *) pem, strlen (pem) };
  int kind = key_kind (alg);
  int ret;

  if (kind < 0)
    {
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                   _("The DPoP key is for an algorithm that is not supported"));
      return NULL;
    }

  if (gnutls_privkey_init (&privkey) != 0)
    g_error ("GnuTLS could not allocate a key");

  ret = gnutls_privkey_import_x509_raw (privkey, &data, GNUTLS_X509_FMT_PEM, NULL, 0);
  if (ret != 0 || (int) gnutls_privkey_get_pk_algorithm (privkey, NULL) != (int) key_kinds[kind].pk)
    {
      gnutls_privkey_deinit (privkey);
      g_set_error (error, MCP_AUTHORIZATION_ERROR, MCP_AUTHORIZATION_ERROR_INVALID_RESPONSE,
                   _("The DPoP key is not usable: %s"),
                   ret != 0 ? gnutls_strerror (ret) : alg);
      return NULL;
    }

  return key_new (privkey, alg, g_strdup (pem), error);
}

/* RFC 9449 §4.2: the URL of the request without its query and fragment. */
static char *
htu (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_ENCODED, NULL);

  if (uri == NULL)
    return NULL;

  return g_uri_join (G_URI_FLAGS_ENCODED, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                     g_uri_get_port (uri), g_uri_get_path (uri), NULL, NULL);
}

/* A proof for one request of @method to @url: fresh, with the server's
 * @nonce if it gave one, and bound to @access_token (for a request to the
 * resource) by its hash. */
char *
_mcp_dpop_key_make_proof (McpDpopKey  *key,
                          const char  *method,
                          const char  *url,
                          const char  *nonce,
                          const char  *access_token,
                          GError     **error)
{
  g_autoptr(JsonObject) header = json_object_new ();
  g_autoptr(JsonObject) claims = json_object_new ();
  g_autofree char *target = htu (url);

  if (target == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a valid URL"), url);
      return NULL;
    }

  json_object_set_string_member (header, "typ", "dpop+jwt");
  json_object_set_object_member (header, "jwk", json_object_ref (key->jwk));

  set_string_take (claims, "jti", _mcp_oauth_random_token ());
  json_object_set_string_member (claims, "htm", method);
  json_object_set_string_member (claims, "htu", target);
  json_object_set_int_member (claims, "iat", g_get_real_time () / G_USEC_PER_SEC);
  if (nonce != NULL)
    json_object_set_string_member (claims, "nonce", nonce);
  /* ath is BASE64URL(SHA-256(token)), the very hash of PKCE's S256. */
  if (access_token != NULL)
    set_string_take (claims, "ath", _mcp_oauth_pkce_challenge (access_token));

  return _mcp_oauth_jws_sign (key->key, key->alg, header, claims, error);
}

/* Nonces (RFC 9449 §8, §9), by the origin of the server that gave them. */

GHashTable *
_mcp_dpop_nonces_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

const char *
_mcp_dpop_nonces_lookup (GHashTable *nonces,
                         const char *url)
{
  g_autofree char *origin = _mcp_oauth_url_origin (url);

  return g_hash_table_lookup (nonces, origin);
}

/* Remembers the nonce the server at @url sent last; returns whether it is
 * a new one. A nonce is what RFC 9449 allows (visible ASCII, no quote, no
 * backslash) of a sane length, or it is ignored. */
gboolean
_mcp_dpop_nonces_remember (GHashTable *nonces,
                           const char *url,
                           const char *nonce)
{
  g_autofree char *origin = NULL;

  if (nonce == NULL || !_mcp_oauth_token_is_valid (nonce) || strlen (nonce) > 1024 ||
      strpbrk (nonce, "\"\\") != NULL)
    return FALSE;

  origin = _mcp_oauth_url_origin (url);
  if (g_strcmp0 (g_hash_table_lookup (nonces, origin), nonce) == 0)
    return FALSE;

  if (!g_hash_table_contains (nonces, origin) &&
      g_hash_table_size (nonces) >= MCP_DPOP_MAX_NONCES)
    g_hash_table_remove_all (nonces);

  g_hash_table_insert (nonces, g_steal_pointer (&origin), g_strdup (nonce));
  return TRUE;
}
