/* test-network.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpNetworkSettings on McpHttpTransport, over real connections on
 * loopback: the scripted HTTP server behind TLS (with certificates the
 * test makes with openssl, mcp-test-certs.py), requiring a client
 * certificate or not, and the scripted proxies (mcp-test-proxy.py): CAs
 * added to the system's or in its place, a pin, expired, not yet valid and
 * misnamed certificates and the errors that say so, client certificates
 * from PEM and PKCS #12 files, missing or refused ones, one server's trust
 * never serving another in one process, tokens never sent over a refused
 * connection nor in the clear to a proxy, CONNECT and SOCKS5 proxies with
 * and without credentials, and no_proxy.
 */

#include <string.h>

#include <glib/gstdio.h>

#include "mcp-http-test-util.h"

static char *certs;
static char *python;

static Server *good_server, *mtls_server, *expired_server, *future_server, *othername_server,
              *server2;

static char *
cert_path (const char *name)
{
  return g_build_filename (certs, name, NULL);
}

static Server *
tls_server_start (const char *cert,
                  const char *client_ca)
{
  g_autofree char *pem = g_strdup_printf ("%s/%s.pem", certs, cert);
  g_autofree char *key = g_strdup_printf ("%s/%s.key", certs, cert);
  g_autofree char *ca = client_ca != NULL ? cert_path (client_ca) : NULL;
  Server *server = ca != NULL
    ? server_start ("--tls-cert", pem, "--tls-key", key, "--tls-client-ca", ca, NULL)
    : server_start ("--tls-cert", pem, "--tls-key", key, NULL);
  char *https = g_strconcat ("https", server->url + strlen ("http"), NULL);

  g_free (server->url);
  server->url = https;

  return server;
}

static McpNetworkSettings *
settings_with_ca (const char *ca)
{
  McpNetworkSettings *settings = mcp_network_settings_new ();
  g_autofree char *path = cert_path (ca);

  mcp_network_settings_set_ca_file (settings, path);

  return settings;
}

static Client *
client_with (Server             *server,
             McpNetworkSettings *settings)
{
  Client *client = client_new (server);

  mcp_http_transport_set_network_settings (client->transport, settings);
  g_assert_true (mcp_http_transport_get_network_settings (client->transport) == settings);

  return client;
}

static GError *
connect_must_fail (Server             *server,
                   McpNetworkSettings *settings)
{
  Client *client = client_with (server, settings);
  GError *error = NULL;

  g_assert_false (client_connect (client, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  client_free (client);

  return error;
}

static void
connect_works (Server             *server,
               McpNetworkSettings *settings)
{
  Client *client = client_with (server, settings);

  client_connect_or_fail (client);
  assert_echo_works (client);
  client_close_and_free (client);
}

static char *
fingerprint_of (const char *name)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.pem", certs, name);
  g_autoptr(GError) error = NULL;
  g_autoptr(GTlsCertificate) cert = g_tls_certificate_new_from_file (path, &error);
  g_autoptr(GByteArray) der = NULL;
  g_autofree char *hex = NULL;
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  g_object_get (cert, "certificate", &der, NULL);
  hex = g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
  for (guint i = 0; hex[i] != '\0'; i += 2)
    g_string_append_printf (out, "%s%c%c", i > 0 ? ":" : "", g_ascii_toupper (hex[i]),
                            g_ascii_toupper (hex[i + 1]));

  return g_string_free (out, FALSE);
}

/* The server's certificate is named in the error: subject, issuer and
 * SHA-256 fingerprint. */
static void
assert_names_certificate (const GError *error,
                          const char   *cert,
                          const char   *issuer)
{
  g_autofree char *fingerprint = fingerprint_of (cert);

  g_assert_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE);
  g_assert_nonnull (strstr (error->message, fingerprint));
  g_assert_nonnull (strstr (error->message, issuer));
  g_assert_nonnull (strstr (error->message, "subject"));
}

static void
test_right_ca (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autoptr(McpNetworkSettings) folder = settings_with_ca ("cadir");
  g_autoptr(McpNetworkSettings) only = settings_with_ca ("ca.pem");

  connect_works (good_server, settings);
  /* A folder of CA files. */
  connect_works (good_server, folder);
  /* In place of the system's. */
  mcp_network_settings_set_use_system_ca (only, FALSE);
  g_assert_false (mcp_network_settings_get_use_system_ca (only));
  connect_works (good_server, only);
}

static void
test_missing_ca (void)
{
  g_autoptr(McpNetworkSettings) other = settings_with_ca ("ca2.pem");
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) with_other = NULL;

  /* The system's CAs only. */
  error = connect_must_fail (good_server, NULL);
  assert_names_certificate (error, "server", "mcp-glib test ca");
  g_assert_nonnull (strstr (error->message, "unknown authority"));

  /* Another CA. */
  mcp_network_settings_set_use_system_ca (other, FALSE);
  with_other = connect_must_fail (good_server, other);
  assert_names_certificate (with_other, "server", "mcp-glib test ca");
  g_assert_nonnull (strstr (with_other->message, "unknown authority"));
}

static void
test_bad_ca_file (void)
{
  g_autoptr(McpNetworkSettings) missing = settings_with_ca ("no-such-file.pem");
  g_autoptr(McpNetworkSettings) not_pem = settings_with_ca ("server.cnf");
  g_autoptr(McpNetworkSettings) nothing = mcp_network_settings_new ();
  g_autoptr(GError) error = NULL;

  error = connect_must_fail (good_server, missing);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  error = connect_must_fail (good_server, not_pem);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  /* No CA at all is refused, not taken as "trust anything". */
  mcp_network_settings_set_use_system_ca (nothing, FALSE);
  error = mcp_network_settings_load_database (nothing, NULL) == NULL
    ? connect_must_fail (good_server, nothing) : NULL;
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

static void
test_expired (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autoptr(GError) expired = connect_must_fail (expired_server, settings);
  g_autoptr(GError) future = connect_must_fail (future_server, settings);

  assert_names_certificate (expired, "expired", "mcp-glib test ca");
  g_assert_nonnull (strstr (expired->message, "expired"));
  assert_names_certificate (future, "future", "mcp-glib test ca");
  g_assert_nonnull (strstr (future->message, "not valid yet"));
}

static void
test_name_mismatch (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autoptr(GError) error = connect_must_fail (othername_server, settings);

  assert_names_certificate (error, "othername", "mcp-glib test ca");
  g_assert_nonnull (strstr (error->message, "name mismatch"));
}

static void
test_pin (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autofree char *pin_file = cert_path ("server.pin");
  g_autofree char *pin = NULL;
  g_autofree char *fingerprint = fingerprint_of ("server");
  g_autofree char *other = fingerprint_of ("server2");
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (pin_file, &pin, NULL, NULL));
  mcp_network_settings_set_pinned_public_key (settings, pin);
  g_assert_cmpstr (mcp_network_settings_get_pinned_public_key (settings), ==, pin);
  connect_works (good_server, settings);

  mcp_network_settings_set_pinned_public_key (settings, fingerprint);
  connect_works (good_server, settings);

  mcp_network_settings_set_pinned_public_key (settings, other);
  error = connect_must_fail (good_server, settings);
  assert_names_certificate (error, "server", "mcp-glib test ca");
  g_assert_nonnull (strstr (error->message, "pinned"));
  g_clear_error (&error);

  mcp_network_settings_set_pinned_public_key (settings, "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=");
  error = connect_must_fail (good_server, settings);
  g_assert_nonnull (strstr (error->message, "pinned"));
}

static void
test_mtls_pem (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autofree char *cert = cert_path ("client.pem");
  g_autofree char *key = cert_path ("client.key");

  mcp_network_settings_set_client_certificate (settings, cert, key);
  g_assert_cmpstr (mcp_network_settings_get_client_certificate (settings), ==, cert);
  g_assert_cmpstr (mcp_network_settings_get_client_key (settings), ==, key);
  connect_works (mtls_server, settings);
}

/* Gives the passphrase "secret", and counts how often it was asked. */
typedef struct {
  GTlsInteraction parent_instance;
  guint           asked;
  const char     *pin;
} TestInteraction;

typedef GTlsInteractionClass TestInteractionClass;

static GType test_interaction_get_type (void);
G_DEFINE_TYPE (TestInteraction, test_interaction, G_TYPE_TLS_INTERACTION)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestInteraction, g_object_unref)

static GTlsInteractionResult
test_interaction_ask_password (GTlsInteraction  *interaction,
                               GTlsPassword     *password,
                               GCancellable     *cancellable,
                               GError          **error)
{
  TestInteraction *self = (TestInteraction *) interaction;

  self->asked++;
  g_tls_password_set_value (password, (const guchar *) (self->pin != NULL ? self->pin : "secret"),
                            -1);
  return G_TLS_INTERACTION_HANDLED;
}

static void
test_interaction_class_init (TestInteractionClass *klass)
{
  klass->ask_password = test_interaction_ask_password;
}

static void
test_interaction_init (TestInteraction *self)
{
}

static void
test_mtls_pkcs12 (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autoptr(McpNetworkSettings) asking = settings_with_ca ("ca.pem");
  g_autoptr(McpNetworkSettings) unasked = settings_with_ca ("ca.pem");
  g_autofree char *p12 = cert_path ("client.p12");
  g_autoptr(TestInteraction) interaction = g_object_new (test_interaction_get_type (), NULL);
  g_autoptr(GError) error = NULL;

  mcp_network_settings_set_client_certificate (settings, p12, NULL);
  mcp_network_settings_set_client_key_password (settings, "secret");
  g_test_message ("PKCS #12, with its passphrase");
  connect_works (mtls_server, settings);
  g_test_message ("PKCS #12, the passphrase asked");

  /* The passphrase asked of the interaction. */
  mcp_network_settings_set_client_certificate (asking, p12, NULL);
  mcp_network_settings_set_interaction (asking, G_TLS_INTERACTION (interaction));
  g_assert_true (mcp_network_settings_get_interaction (asking) ==
                 G_TLS_INTERACTION (interaction));
  connect_works (mtls_server, asking);
  g_assert_cmpuint (interaction->asked, ==, 1);

  /* Nobody to ask. */
  mcp_network_settings_set_client_certificate (unasked, p12, NULL);
  error = connect_must_fail (mtls_server, unasked);
  g_assert_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE_PASSWORD);
  g_assert_nonnull (strstr (error->message, "client.p12"));
}

/* A file that GnuTLS, without a passphrase, reads as garbage rather than
 * as encrypted (tests/data/pkcs12/README.md): it still needs its
 * passphrase, asked or refused as such. */
static void
test_pkcs12_needs_passphrase (void)
{
  g_autoptr(McpNetworkSettings) unasked = mcp_network_settings_new ();
  g_autoptr(McpNetworkSettings) asking = mcp_network_settings_new ();
  g_autoptr(McpNetworkSettings) given = mcp_network_settings_new ();
  g_autoptr(TestInteraction) interaction = g_object_new (test_interaction_get_type (), NULL);
  g_autofree char *p12 = g_test_build_filename (G_TEST_DIST, "data", "pkcs12",
                                                "no-mac-check-without-passphrase.p12",
                                                NULL);
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(GError) error = NULL;

  mcp_network_settings_set_client_certificate (unasked, p12, NULL);
  certificate = mcp_network_settings_load_client_certificate (unasked, NULL, &error);
  g_assert_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE_PASSWORD);
  g_assert_null (certificate);
  g_clear_error (&error);

  mcp_network_settings_set_client_certificate (asking, p12, NULL);
  mcp_network_settings_set_interaction (asking, G_TLS_INTERACTION (interaction));
  certificate = mcp_network_settings_load_client_certificate (asking, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (certificate);
  g_assert_cmpuint (interaction->asked, ==, 1);
  g_clear_object (&certificate);

  mcp_network_settings_set_client_certificate (given, p12, NULL);
  mcp_network_settings_set_client_key_password (given, "secret");
  certificate = mcp_network_settings_load_client_certificate (given, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (certificate);
}

/* Files without a MAC: encrypted (no wrong passphrase shows until the
 * contents are deciphered), and not encrypted at all (a passphrase given
 * anyway is not used, and nothing warns). */
static void
test_pkcs12_without_mac (void)
{
  const char *files[] = { "client-nomac.p12", "client-plain.p12" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *p12 = cert_path (files[i]);
      const char *passphrases[] = { NULL, "secret", "wrong" };

      for (guint j = 0; j < G_N_ELEMENTS (passphrases); j++)
        {
          g_autoptr(McpNetworkSettings) settings = mcp_network_settings_new ();
          g_autoptr(GTlsCertificate) certificate = NULL;
          g_autoptr(GError) error = NULL;
          gboolean encrypted = i == 0;

          g_test_message ("%s, passphrase %s", files[i], passphrases[j]);
          mcp_network_settings_set_client_certificate (settings, p12, NULL);
          mcp_network_settings_set_client_key_password (settings, passphrases[j]);
          certificate = mcp_network_settings_load_client_certificate (settings, NULL, &error);
          if (!encrypted || g_strcmp0 (passphrases[j], "secret") == 0)
            {
              g_autofree char *issuer = NULL;

              g_assert_no_error (error);
              g_assert_nonnull (certificate);
              issuer = g_tls_certificate_get_issuer_name (certificate);
              g_assert_nonnull (strstr (issuer, "mcp-glib test ca"));
            }
          else
            {
              g_assert_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE_PASSWORD);
              g_assert_null (certificate);
            }
        }
    }
}

static void
test_mtls_refused (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autoptr(McpNetworkSettings) wrong = settings_with_ca ("ca.pem");
  g_autofree char *cert = cert_path ("client2.pem");
  g_autofree char *key = cert_path ("client2.key");
  g_autoptr(GError) missing = NULL;
  g_autoptr(GError) refused = NULL;

  missing = connect_must_fail (mtls_server, settings);
  g_assert_error (missing, G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED);
  g_assert_nonnull (strstr (missing->message, "requires a client certificate"));

  mcp_network_settings_set_client_certificate (wrong, cert, key);
  refused = connect_must_fail (mtls_server, wrong);
  g_assert_error (refused, G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED);
  g_assert_nonnull (strstr (refused->message, "refused"));
}

/* A SoftHSM token holding the client's key and certificate, made in the
 * temporary folder (SOFTHSM2_CONF, set before anything loads p11-kit's
 * modules); FALSE without softhsm2-util and p11tool. */
static gboolean have_token;

static gboolean
run_shell (const char *command)
{
  const char *argv[] = { "/bin/sh", "-c", command, NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL |
                               G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status,
                               &error));
  g_assert_no_error (error);

  return g_spawn_check_wait_status (status, NULL);
}

static void
make_token (void)
{
  g_autofree char *softhsm = g_find_program_in_path ("softhsm2-util");
  g_autofree char *p11tool = g_find_program_in_path ("p11tool");
  g_autofree char *conf = cert_path ("softhsm2.conf");
  g_autofree char *tokens = cert_path ("tokens");
  g_autofree char *contents = g_strdup_printf ("directories.tokendir = %s\n"
                                               "objectstore.backend = file\n"
                                               "log.level = ERROR\n", tokens);
  g_autofree char *script = NULL;

  if (softhsm == NULL || p11tool == NULL ||
      !g_file_test ("/usr/share/p11-kit/modules/softhsm2.module", G_FILE_TEST_EXISTS))
    return;

  g_assert_true (g_mkdir (tokens, 0700) == 0);
  g_assert_true (g_file_set_contents (conf, contents, -1, NULL));
  g_setenv ("SOFTHSM2_CONF", conf, TRUE);
  script = g_strdup_printf (
    "set -e; cd '%s'; "
    "softhsm2-util --init-token --free --label mcptest --pin 1234 --so-pin 0000; "
    "openssl pkcs8 -topk8 -nocrypt -in client.key -out client.pk8; "
    "softhsm2-util --import client.pk8 --token mcptest --label client --id 01 --pin 1234; "
    "GNUTLS_PIN=1234 p11tool --login --write --load-certificate client.pem --label client "
    "--id 01 'pkcs11:token=mcptest'", certs);
  have_token = run_shell (script);
}

static void
test_mtls_pkcs11 (void)
{
  g_autoptr(McpNetworkSettings) with_pin = settings_with_ca ("ca.pem");
  g_autoptr(McpNetworkSettings) asking = settings_with_ca ("ca.pem");
  g_autoptr(McpNetworkSettings) pem_and_token = settings_with_ca ("ca.pem");
  g_autoptr(TestInteraction) interaction = g_object_new (test_interaction_get_type (), NULL);
  g_autofree char *pem = cert_path ("client.pem");
  const char *cert = "pkcs11:token=mcptest;object=client;type=cert";

  if (!have_token)
    {
      g_test_skip ("softhsm2 and p11tool (gnutls-bin) are needed for a PKCS #11 token");
      return;
    }

  mcp_network_settings_set_client_certificate (with_pin, cert,
                                               "pkcs11:token=mcptest;object=client;"
                                               "type=private?pin-value=1234");
  connect_works (mtls_server, with_pin);

  /* The certificate in a file, the key on the token. */
  mcp_network_settings_set_client_certificate (pem_and_token, pem,
                                               "pkcs11:token=mcptest;object=client;"
                                               "type=private?pin-value=1234");
  connect_works (mtls_server, pem_and_token);

  /* The PIN asked of the interaction (which gives "secret", then the PIN). */
  interaction->pin = "1234";
  mcp_network_settings_set_client_certificate (asking, cert,
                                               "pkcs11:token=mcptest;object=client;type=private");
  mcp_network_settings_set_interaction (asking, G_TLS_INTERACTION (interaction));
  connect_works (mtls_server, asking);
  g_assert_cmpuint (interaction->asked, >=, 1);
}

static gboolean
sent_token (JsonArray  *requests,
            const char *token)
{
  for (guint i = 0; i < json_array_get_length (requests); i++)
    if (g_strcmp0 (record_header (record_at (requests, i), "Authorization"), token) == 0)
      return TRUE;

  return FALSE;
}

/* One process, two servers with two CAs, and a server reached under two
 * settings: a TLS session made under one never lets a connection under
 * the other skip verification, and no token goes over a refused
 * connection. */
static void
test_separate_trust (void)
{
  g_autoptr(McpNetworkSettings) trusting = settings_with_ca ("ca.pem");
  g_autoptr(McpNetworkSettings) trusting2 = settings_with_ca ("ca2.pem");
  Client *a = client_with (good_server, trusting);
  Client *b = client_with (server2, trusting2);
  Client *c;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) requests = NULL;

  client_connect_or_fail (a);
  client_connect_or_fail (b);
  assert_echo_works (a);
  assert_echo_works (b);

  /* The same server, right after, under settings that do not trust it. */
  for (guint i = 0; i < 2; i++)
    {
      c = client_with (good_server, i == 0 ? NULL : trusting2);
      mcp_http_transport_set_header (c->transport, "Authorization", "Bearer must-not-leak");
      g_assert_false (client_connect (c, &error));
      assert_names_certificate (error, "server", "mcp-glib test ca");
      g_assert_nonnull (strstr (error->message, "unknown authority"));
      g_clear_error (&error);
      client_free (c);
    }

  /* And the other server under the first one's. */
  error = connect_must_fail (server2, trusting);
  assert_names_certificate (error, "server2", "mcp-glib test ca2");
  g_clear_error (&error);

  requests = get_requests (a);
  g_assert_false (sent_token (requests, "Bearer must-not-leak"));
  assert_echo_works (a);
  assert_echo_works (b);
  client_close_and_free (a);
  client_close_and_free (b);
}

typedef struct {
  Server *process;
  char   *log;
} Proxy;

static Proxy *
proxy_start (gboolean    socks5,
             const char *user,
             const char *password)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "mcp-test-proxy.py", NULL);
  g_autofree char *line = NULL;
  Proxy *proxy = g_new0 (Proxy, 1);
  GSubprocess *process;
  GDataInputStream *output;

  proxy->log = g_strdup_printf ("%s/proxy-%u.log", certs, g_random_int ());
  g_strv_builder_add_many (builder, python, script, "--log", proxy->log, NULL);
  if (socks5)
    g_strv_builder_add (builder, "--socks5");
  if (user != NULL)
    g_strv_builder_add_many (builder, "--user", user, "--password", password, NULL);
  argv = g_strv_builder_end (builder);

  process = g_subprocess_newv ((const char * const *) argv,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                               &error);
  g_assert_no_error (error);
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  line = g_data_input_stream_read_line_utf8 (output, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);

  proxy->process = g_new0 (Server, 1);
  proxy->process->process = process;
  proxy->process->output = output;
  proxy->process->url = g_strdup_printf ("%s://127.0.0.1:%s", socks5 ? "socks5" : "http", line);

  return proxy;
}

static char *
proxy_log (Proxy *proxy)
{
  char *contents = NULL;

  if (!g_file_get_contents (proxy->log, &contents, NULL, NULL))
    return g_strdup ("");

  return contents;
}

static void
proxy_free (Proxy *proxy)
{
  server_stop (proxy->process);
  g_unlink (proxy->log);
  g_free (proxy->log);
  g_free (proxy);
}

static McpNetworkSettings *
settings_with_proxy (Proxy      *proxy,
                     const char *user,
                     const char *password)
{
  McpNetworkSettings *settings = settings_with_ca ("ca.pem");

  mcp_network_settings_set_proxy (settings, proxy->process->url);
  g_assert_cmpstr (mcp_network_settings_get_proxy (settings), ==, proxy->process->url);
  if (user != NULL)
    mcp_network_settings_set_proxy_credentials (settings, user, password);

  return settings;
}

static void
assert_tunnelled (Proxy *proxy,
                  guint  count)
{
  g_autofree char *log = proxy_log (proxy);
  g_auto(GStrv) lines = g_strsplit (log, "\n", -1);
  guint tunnels = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "tunnel 127.0.0.1:"))
      tunnels++;
  g_assert_cmpuint (tunnels, >=, count);
}

static void
test_proxy_connect (void)
{
  Proxy *open = proxy_start (FALSE, NULL, NULL);
  Proxy *closed = proxy_start (FALSE, "alice", "wonderland");
  g_autoptr(McpNetworkSettings) plain = settings_with_proxy (open, NULL, NULL);
  g_autoptr(McpNetworkSettings) authenticated = settings_with_proxy (closed, "alice", "wonderland");
  g_autoptr(McpNetworkSettings) wrong = settings_with_proxy (closed, "alice", "rabbit");
  g_autoptr(McpNetworkSettings) in_url = settings_with_ca ("ca.pem");
  g_autofree char *with_credentials = NULL;
  g_autofree char *log = NULL;
  g_autoptr(GError) error = NULL;

  connect_works (good_server, plain);
  assert_tunnelled (open, 1);

  connect_works (good_server, authenticated);
  assert_tunnelled (closed, 1);
  log = proxy_log (closed);
  /* Asked, then given. */
  g_assert_true (g_str_has_prefix (log, "407 127.0.0.1:"));
  g_assert_nonnull (strstr (log, "tunnel 127.0.0.1:"));
  g_clear_pointer (&log, g_free);

  /* Credentials in the URL are taken out of it, into the authentication
   * step: the proxy is never asked to tunnel to itself. */
  with_credentials = g_strdup_printf ("http://alice:wonderland@%s",
                                      closed->process->url + strlen ("http://"));
  mcp_network_settings_set_proxy (in_url, with_credentials);
  g_assert_cmpstr (mcp_network_settings_get_proxy (in_url), ==, closed->process->url);
  g_assert_cmpstr (mcp_network_settings_get_proxy_username (in_url), ==, "alice");
  connect_works (good_server, in_url);
  assert_tunnelled (closed, 2);

  error = connect_must_fail (good_server, wrong);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PROXY_AUTH_FAILED);
  log = proxy_log (closed);
  g_assert_null (strstr (log, "tunnel 127.0.0.1:" G_STRINGIFY (0)));

  proxy_free (open);
  proxy_free (closed);
}

static void
test_proxy_socks5 (void)
{
  Proxy *open = proxy_start (TRUE, NULL, NULL);
  Proxy *closed = proxy_start (TRUE, "bob", "builder");
  g_autoptr(McpNetworkSettings) plain = settings_with_proxy (open, NULL, NULL);
  g_autoptr(McpNetworkSettings) authenticated = settings_with_proxy (closed, "bob", "builder");
  g_autoptr(McpNetworkSettings) wrong = settings_with_proxy (closed, "bob", "wrong");
  g_autoptr(GError) error = NULL;
  g_autofree char *log = NULL;

  connect_works (good_server, plain);
  assert_tunnelled (open, 1);
  connect_works (good_server, authenticated);
  assert_tunnelled (closed, 1);
  log = proxy_log (closed);
  g_assert_nonnull (strstr (log, " bob"));

  error = connect_must_fail (good_server, wrong);
  g_assert_nonnull (error);

  proxy_free (open);
  proxy_free (closed);
}

static void
test_no_proxy (void)
{
  Proxy *proxy = proxy_start (FALSE, NULL, NULL);
  g_autoptr(McpNetworkSettings) settings = settings_with_proxy (proxy, NULL, NULL);
  const char *hosts[] = { "127.0.0.1", NULL };
  g_autofree char *log = NULL;

  mcp_network_settings_set_no_proxy (settings, hosts);
  g_assert_cmpstrv (mcp_network_settings_get_no_proxy (settings), hosts);
  connect_works (good_server, settings);
  log = proxy_log (proxy);
  g_assert_cmpstr (log, ==, "");

  mcp_network_settings_set_no_proxy (settings, NULL);
  connect_works (good_server, settings);
  assert_tunnelled (proxy, 1);

  proxy_free (proxy);
}

/* A token is never sent in the clear to a proxy. */
static void
test_no_token_to_proxy (void)
{
  Proxy *proxy = proxy_start (FALSE, NULL, NULL);
  Server *plain = server_start (NULL);
  g_autoptr(McpNetworkSettings) settings = mcp_network_settings_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *log = NULL;
  Client *client;

  mcp_network_settings_set_proxy (settings, proxy->process->url);
  client = client_with (plain, settings);
  mcp_http_transport_set_header (client->transport, "Authorization", "Bearer secret");
  g_assert_false (client_connect (client, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  client_free (client);
  log = proxy_log (proxy);
  g_assert_cmpstr (log, ==, "");

  proxy_free (proxy);
  server_stop (plain);
}

static void
test_bad_proxy (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autoptr(GError) error = NULL;

  mcp_network_settings_set_proxy (settings, "ftp://127.0.0.1:1");
  error = connect_must_fail (good_server, settings);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "ftp://"));
}

static void
test_loaders (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autoptr(GTlsDatabase) database = NULL;
  g_autoptr(GTlsCertificate) none = NULL;
  g_autoptr(GTlsCertificate) cert = NULL;
  g_autofree char *pem = cert_path ("client.pem");
  g_autofree char *key = cert_path ("client.key");
  g_autoptr(GError) error = NULL;

  g_assert_true (MCP_IS_NETWORK_SETTINGS (settings));
  g_assert_nonnull (mcp_network_settings_get_ca_file (settings));
  database = mcp_network_settings_load_database (settings, &error);
  g_assert_no_error (error);
  g_assert_true (G_IS_TLS_DATABASE (database));

  none = mcp_network_settings_load_client_certificate (settings, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (none);

  mcp_network_settings_set_client_certificate (settings, pem, key);
  cert = mcp_network_settings_load_client_certificate (settings, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (G_IS_TLS_CERTIFICATE (cert));

  mcp_network_settings_set_client_certificate (settings, "pkcs11:token=none;object=none", NULL);
  g_clear_object (&cert);
  cert = mcp_network_settings_load_client_certificate (settings, NULL, &error);
  g_assert_null (cert);
  g_assert_nonnull (error);
  g_clear_error (&error);

  mcp_network_settings_set_client_certificate (settings, NULL, key);
  cert = mcp_network_settings_load_client_certificate (settings, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* The authorization's own settings, and the transport's as default. */
static void
test_authorization_settings (void)
{
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();

  g_assert_null (mcp_authorization_get_network_settings (authorization));
  mcp_authorization_set_network_settings (authorization, settings);
  g_assert_true (mcp_authorization_get_network_settings (authorization) == settings);
  mcp_authorization_set_network_settings (authorization, NULL);
  g_assert_null (mcp_authorization_get_network_settings (authorization));
}

/* The scripted authorization server and the MCP server it protects,
 * behind the test CA. */
static Server *
oauth_server_start (void)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "mcp-oauth-test-server.py", NULL);
  g_autofree char *pem = cert_path ("server.pem");
  g_autofree char *key = cert_path ("server.key");
  const char *argv[] = { python, script, "--config", "{\"clients\": {\"robot\": \"r0b0t\"}}",
                         "--tls-cert", pem, "--tls-key", key, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_auto(GStrv) ports = NULL;
  Server *server = g_new0 (Server, 1);

  server->process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                             G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  server->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->process));
  line = g_data_input_stream_read_line_utf8 (server->output, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  ports = g_strsplit (line, " ", 2);
  server->url = g_strdup_printf ("https://127.0.0.1:%s/mcp", ports[0]);

  return server;
}

static McpClient *
oauth_client_new (Server             *server,
                  McpNetworkSettings *settings,
                  McpNetworkSettings *authorization_settings)
{
  g_autoptr(McpHttpTransport) transport = mcp_http_transport_new (server->url);
  g_autoptr(McpAuthorization) authorization = mcp_authorization_new ();
  McpClient *client;

  mcp_authorization_set_grant (authorization, MCP_AUTHORIZATION_GRANT_CLIENT_CREDENTIALS);
  mcp_authorization_set_client_id (authorization, "robot");
  mcp_authorization_set_client_secret (authorization, "r0b0t");
  mcp_authorization_set_network_settings (authorization, authorization_settings);
  mcp_http_transport_set_authorization (transport, authorization);
  mcp_http_transport_set_network_settings (transport, settings);
  client = mcp_client_new (MCP_TRANSPORT (transport));
  mcp_client_set_version_negotiation (client, MCP_VERSION_NEGOTIATION_LEGACY);

  return client;
}

static gboolean
oauth_connect (McpClient  *client,
               GError    **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  gboolean connected;

  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "connect");
  connected = mcp_client_connect_finish (client, result, error);
  g_clear_object (&result);
  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "close");
  mcp_client_close_finish (client, result, NULL);

  return connected;
}

/* OAuth against an authorization server behind the same CA: the
 * transport's settings serve the authorization's requests too, unless it
 * has its own. */
static void
test_oauth (void)
{
  Server *server = oauth_server_start ();
  g_autoptr(McpNetworkSettings) settings = settings_with_ca ("ca.pem");
  g_autoptr(McpNetworkSettings) other = settings_with_ca ("ca2.pem");
  g_autoptr(McpClient) inherited = oauth_client_new (server, settings, NULL);
  g_autoptr(McpClient) own = oauth_client_new (server, settings, settings);
  g_autoptr(McpClient) distrusting = oauth_client_new (server, settings, other);
  g_autoptr(GError) error = NULL;
  g_autofree char *fingerprint = fingerprint_of ("server");

  g_assert_true (oauth_connect (inherited, &error));
  g_assert_no_error (error);
  g_assert_true (oauth_connect (own, &error));
  g_assert_no_error (error);

  /* The authorization server, under settings that do not trust it. */
  g_assert_false (oauth_connect (distrusting, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "unknown authority"));
  g_assert_nonnull (strstr (error->message, fingerprint));

  server_stop (server);
}

static GFile *
write_config (const char *name,
              const char *text)
{
  g_autofree char *path = cert_path (name);
  GFile *file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                           NULL, &error);
  g_assert_no_error (error);

  return file;
}

static McpServerConfig *
config_named (McpServerRegistry *registry,
              const char        *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (registry)); i++)
    {
      g_autoptr(McpServerConfig) config = g_list_model_get_item (G_LIST_MODEL (registry), i);

      if (g_str_equal (mcp_server_config_get_name (config), name))
        return config;
    }

  g_assert_not_reached ();
}

/* The entry's `network` object, through McpServerRegistry: paths
 * expanded, secrets through inputs only, and saved back. */
static void
test_config_registry (void)
{
  g_autofree char *text = g_strdup_printf (
    "{\"servers\": {\n"
    "  \"company\": {\"type\": \"http\", \"url\": \"%s\", \"network\": {\n"
    "    \"caFile\": \"${env:MCP_TEST_CERTS}/ca.pem\",\n"
    "    \"clientCertificate\": \"${env:MCP_TEST_CERTS}/client.p12\",\n"
    "    \"clientKeyPassword\": \"${input:p12}\"}},\n"
    "  \"home\": {\"type\": \"http\", \"url\": \"%s\", \"network\": {\n"
    "    \"caFile\": \"~/ca.pem\", \"noProxy\": [\"127.0.0.1\"], \"useSystemCa\": false}},\n"
    "  \"leaky\": {\"type\": \"http\", \"url\": \"%s\", \"network\": {\n"
    "    \"clientKeyPassword\": \"secret\"}},\n"
    "  \"leaky-proxy\": {\"type\": \"http\", \"url\": \"%s\", \"network\": {\n"
    "    \"proxy\": \"http://u:secret@127.0.0.1:1\"}}\n"
    "}}\n", mtls_server->url, good_server->url, good_server->url, good_server->url);
  g_autoptr(GFile) file = write_config ("mcp.json", text);
  g_autoptr(McpServerRegistry) registry = mcp_server_registry_new_empty ();
  McpServerConfig *company, *home;
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(McpTransport) home_transport = NULL;
  g_autoptr(McpTransport) none = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) inputs = NULL;
  g_autofree char *home_ca = g_build_filename (g_get_home_dir (), "ca.pem", NULL);
  g_autofree char *saved = NULL;
  g_autoptr(JsonObject) network = json_object_new ();
  McpNetworkSettings *settings;
  const char *no_proxy[] = { "127.0.0.1", NULL };

  g_setenv ("MCP_TEST_CERTS", certs, TRUE);
  mcp_server_registry_add_file (registry, file);
  company = config_named (registry, "company");
  g_assert_nonnull (mcp_server_config_get_network (company));
  inputs = mcp_server_config_dup_input_ids (company);
  g_assert_cmpstrv (inputs, ((const char *[]) { "p12", NULL }));

  /* Without its input, nothing is made. */
  none = mcp_server_config_create_transport (company, &error);
  g_assert_null (none);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED);
  g_clear_error (&error);

  mcp_server_registry_set_input (registry, "p12", "secret");
  transport = mcp_server_config_create_transport (company, &error);
  g_assert_no_error (error);
  client = mcp_client_new (transport);
  mcp_client_set_version_negotiation (client, MCP_VERSION_NEGOTIATION_LEGACY);
  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "connect");
  g_assert_true (mcp_client_connect_finish (client, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  mcp_client_close_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "close");
  g_assert_true (mcp_client_close_finish (client, result, &error));
  g_clear_object (&result);

  /* ~ expanded; the other members. */
  home = config_named (registry, "home");
  home_transport = mcp_server_config_create_transport (home, &error);
  g_assert_no_error (error);
  settings = mcp_http_transport_get_network_settings (MCP_HTTP_TRANSPORT (home_transport));
  g_assert_cmpstr (mcp_network_settings_get_ca_file (settings), ==, home_ca);
  g_assert_false (mcp_network_settings_get_use_system_ca (settings));
  g_assert_cmpstrv (mcp_network_settings_get_no_proxy (settings), no_proxy);

  /* Secrets are never written in the file. */
  g_assert_null (mcp_server_config_create_transport (config_named (registry, "leaky"), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "${input:ID}"));
  g_clear_error (&error);
  g_assert_null (mcp_server_config_create_transport (config_named (registry, "leaky-proxy"),
                                                     &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  /* Saved. */
  json_object_set_string_member (network, "caFile", "~/company/ca.pem");
  json_object_set_string_member (network, "proxy", "socks5://proxy.example.com:1080");
  mcp_server_config_set_network (home, network);
  mcp_server_registry_save_async (registry, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "save");
  g_assert_true (mcp_server_registry_save_finish (registry, result, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_load_contents (file, NULL, &saved, NULL, NULL, NULL));
  g_assert_nonnull (strstr (saved, "~/company/ca.pem"));
  g_assert_nonnull (strstr (saved, "socks5://proxy.example.com:1080"));
  g_assert_nonnull (strstr (saved, "${input:p12}"));
  g_assert_null (strstr (saved, "useSystemCa"));
}

/* Two servers of a group, one whose entry trusts the test CA. */
static void
test_config_group (void)
{
  g_autofree char *text = g_strdup_printf (
    "{\"servers\": {\n"
    "  \"trusted\": {\"type\": \"http\", \"url\": \"%s\", \"network\": {\n"
    "    \"caFile\": \"%s/ca.pem\"}},\n"
    "  \"untrusted\": {\"type\": \"http\", \"url\": \"%s\"}\n"
    "}}\n", good_server->url, certs, good_server->url);
  g_autoptr(GFile) file = write_config ("group.json", text);
  g_autoptr(McpServerRegistry) registry = mcp_server_registry_new_empty ();
  g_autoptr(McpClientGroup) group = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  McpGroupServer *trusted, *untrusted;

  mcp_server_registry_add_file (registry, file);
  group = mcp_client_group_new_for_registry (registry);
  mcp_client_group_set_reconnect_delay (group, 60000);
  mcp_client_group_connect_async (group, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the group's connection");
  mcp_client_group_connect_finish (group, result, &error);
  g_clear_error (&error);
  g_clear_object (&result);

  trusted = mcp_client_group_lookup_server (group, "trusted");
  untrusted = mcp_client_group_lookup_server (group, "untrusted");
  g_assert_cmpint (mcp_group_server_get_state (trusted), ==, MCP_GROUP_SERVER_STATE_READY);
  g_assert_cmpint (mcp_group_server_get_state (untrusted), !=, MCP_GROUP_SERVER_STATE_READY);
  g_assert_error (mcp_group_server_get_error (untrusted), G_TLS_ERROR,
                  G_TLS_ERROR_BAD_CERTIFICATE);

  mcp_client_group_close_async (group, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "the group's close");
  g_assert_true (mcp_client_group_close_finish (group, result, &error));
}

static void
stop (Server **server)
{
  server_stop (g_steal_pointer (server));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *script = NULL;
  g_autofree char *openssl = g_find_program_in_path ("openssl");
  int status = 0;
  int ret;

  if (!http_test_init (&argc, &argv))
    return 0;
  if (openssl == NULL)
    {
      g_print ("1..0 # SKIP openssl is needed to make the test certificates\n");
      return 0;
    }

  python = mcp_test_find_python ();
  certs = g_dir_make_tmp ("mcp-network-XXXXXX", &error);
  g_assert_no_error (error);
  script = g_test_build_filename (G_TEST_DIST, "mcp-test-certs.py", NULL);
  {
    const char *args[] = { python, script, certs, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) args, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                                 NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, &error));
  }

  make_token ();
  good_server = tls_server_start ("server", NULL);
  mtls_server = tls_server_start ("server", "ca.pem");
  expired_server = tls_server_start ("expired", NULL);
  future_server = tls_server_start ("future", NULL);
  othername_server = tls_server_start ("othername", NULL);
  server2 = tls_server_start ("server2", NULL);

  g_test_add_func ("/network/ca/right", test_right_ca);
  g_test_add_func ("/network/ca/missing", test_missing_ca);
  g_test_add_func ("/network/ca/bad-file", test_bad_ca_file);
  g_test_add_func ("/network/certificate/expired", test_expired);
  g_test_add_func ("/network/certificate/name-mismatch", test_name_mismatch);
  g_test_add_func ("/network/certificate/pin", test_pin);
  g_test_add_func ("/network/mtls/pem", test_mtls_pem);
  g_test_add_func ("/network/mtls/pkcs12", test_mtls_pkcs12);
  g_test_add_func ("/network/mtls/pkcs12-needs-passphrase", test_pkcs12_needs_passphrase);
  g_test_add_func ("/network/mtls/pkcs12-without-mac", test_pkcs12_without_mac);
  g_test_add_func ("/network/mtls/pkcs11", test_mtls_pkcs11);
  g_test_add_func ("/network/mtls/refused", test_mtls_refused);
  g_test_add_func ("/network/separate-trust", test_separate_trust);
  g_test_add_func ("/network/proxy/connect", test_proxy_connect);
  g_test_add_func ("/network/proxy/socks5", test_proxy_socks5);
  g_test_add_func ("/network/proxy/no-proxy", test_no_proxy);
  g_test_add_func ("/network/proxy/no-token-in-clear", test_no_token_to_proxy);
  g_test_add_func ("/network/proxy/bad", test_bad_proxy);
  g_test_add_func ("/network/loaders", test_loaders);
  g_test_add_func ("/network/authorization", test_authorization_settings);
  g_test_add_func ("/network/oauth", test_oauth);
  g_test_add_func ("/network/config/registry", test_config_registry);
  g_test_add_func ("/network/config/group", test_config_group);

  ret = http_test_run ();

  stop (&good_server);
  stop (&mtls_server);
  stop (&expired_server);
  stop (&future_server);
  stop (&othername_server);
  stop (&server2);
  {
    g_autoptr(GFile) dir = g_file_new_for_path (certs);
    g_autoptr(GFileEnumerator) children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                                                     G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                                                     NULL, NULL);
    GFileInfo *info;
    g_autofree char *cadir = cert_path ("cadir/company.crt");
    g_autofree char *cadir_dir = cert_path ("cadir");

    g_autofree char *tokens = cert_path ("tokens");
    g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", tokens);

    run_shell (rm);
    g_unlink (cadir);
    g_rmdir (cadir_dir);
    while (children != NULL && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
      {
        g_autofree char *path = cert_path (g_file_info_get_name (info));

        g_unlink (path);
        g_object_unref (info);
      }
    g_rmdir (certs);
  }
  g_free (certs);
  g_free (python);

  return ret;
}
