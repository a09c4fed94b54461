/* fuzz-catalog.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for what a registry of servers says about a server:
 * an entry of its answers (`{"server": …, "_meta": …}` or a server.json),
 * read by mcp_catalog_entry_new_from_json () and turned into a
 * configuration by mcp_server_catalog_propose () (mcp-catalog-entry.c,
 * mcp-catalog-mapping.c, mcp-catalog-proposal.c). The input is the JSON.
 *
 * Checks, besides crashes, leaks and hangs:
 * - an entry or an error, never both or neither; a proposal or an error,
 *   likewise; every message UTF-8;
 * - the configuration proposed is usable (no McpServerConfig error);
 * - the registry's own text never reaches the configuration's variables:
 *   each `${` in the command, its arguments, the environment, the URL and
 *   the headers starts `${dollar}` or an input the proposal declares;
 * - every input used is declared, with an ID of letters, digits, `.`, `_`
 *   and `-`;
 * - a remote's URL is https: or http: on loopback.
 */

#include <string.h>

#include "fuzz-common.h"
#include "mcp-json-private.h"

static McpServerCatalog *catalog;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  catalog = g_object_new (MCP_TYPE_SERVER_CATALOG, "cache-directory", "", NULL);
  return 0;
}

static gboolean
is_declared (JsonArray  *inputs,
             const char *id,
             gsize       len)
{
  for (guint i = 0; i < json_array_get_length (inputs); i++)
    {
      JsonObject *input = json_array_get_object_element (inputs, i);
      const char *other = json_object_get_string_member (input, "id");

      if (strlen (other) == len && strncmp (other, id, len) == 0)
        return TRUE;
    }

  return FALSE;
}

static void
check_text (const char *text,
            JsonArray  *inputs)
{
  const char *p = text;

  if (!g_utf8_validate (text, -1, NULL))
    fuzz_fail ("not UTF-8: %s", text);

  while ((p = strstr (p, "${")) != NULL)
    {
      if (g_str_has_prefix (p, "${dollar}"))
        p += strlen ("${dollar}");
      else if (g_str_has_prefix (p, "${input:"))
        {
          const char *id = p + strlen ("${input:");
          const char *end = strchr (id, '}');

          if (end == NULL || !is_declared (inputs, id, end - id))
            fuzz_fail ("an input that is not declared: %s", text);
          for (const char *c = id; c < end; c++)
            if (!g_ascii_isalnum (*c) && *c != '.' && *c != '_' && *c != '-')
              fuzz_fail ("an input ID of the registry's own: %s", text);
          p = end + 1;
        }
      else
        fuzz_fail ("a variable of the registry reaches the configuration: %s", text);
    }
}

static void
check_map (JsonObject *map,
           JsonArray  *inputs)
{
  g_autoptr(GList) members = map != NULL ? json_object_get_members (map) : NULL;

  for (GList *l = members; l != NULL; l = l->next)
    {
      check_text (l->data, inputs);
      check_text (json_object_get_string_member (map, l->data), inputs);
    }
}

static gboolean
is_loopback_http (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  const char *host = uri != NULL ? g_uri_get_host (uri) : NULL;

  return uri != NULL && g_ascii_strcasecmp (g_uri_get_scheme (uri), "http") == 0 &&
         g_uri_get_userinfo (uri) == NULL &&
         (g_strcmp0 (host, "localhost") == 0 || g_strcmp0 (host, "127.0.0.1") == 0 ||
          g_strcmp0 (host, "::1") == 0);
}

static void
check_proposal (McpCatalogProposal *proposal)
{
  McpServerConfig *config = mcp_catalog_proposal_get_config (proposal);
  JsonArray *inputs = mcp_catalog_proposal_get_inputs (proposal);
  g_auto(GStrv) argv = mcp_catalog_proposal_dup_argv (proposal);
  g_autofree char *text = mcp_catalog_proposal_to_string (proposal);
  const char *url = mcp_catalog_proposal_get_url (proposal);

  if (mcp_server_config_get_error (config) != NULL)
    fuzz_fail ("an unusable configuration: %s", mcp_server_config_get_error (config)->message);
  if (!g_utf8_validate (text, -1, NULL))
    fuzz_fail ("the description is not UTF-8");
  if ((argv == NULL) == (url == NULL))
    fuzz_fail ("a command and a URL, or neither");

  for (guint i = 0; argv != NULL && argv[i] != NULL; i++)
    check_text (argv[i], inputs);
  check_map (mcp_catalog_proposal_get_env (proposal), inputs);
  check_map (mcp_catalog_proposal_get_headers (proposal), inputs);
  if (url != NULL)
    {
      check_text (url, inputs);
      if (g_ascii_strncasecmp (url, "https://", strlen ("https://")) != 0 &&
          !is_loopback_http (url))
        fuzz_fail ("a remote that is not https: or loopback: %s", url);
    }

  /* A local server is proposed in a sandbox, a remote without. */
  if ((mcp_catalog_proposal_get_sandbox (proposal) == NULL) == (argv != NULL))
    fuzz_fail ("a local server without a sandbox, or a remote with one");
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(JsonNode) node = _mcp_json_parse_message ((const char *) data, size, NULL);
  g_autoptr(McpCatalogEntry) entry = NULL;
  g_autoptr(McpCatalogProposal) proposal = NULL;
  g_autoptr(GError) error = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return 0;

  entry = mcp_catalog_entry_new_from_json (json_node_get_object (node), &error);
  if ((entry == NULL) == (error == NULL))
    fuzz_fail ("an entry and an error, or neither");
  if (entry == NULL)
    {
      if (!g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("the error is not UTF-8");
      return 0;
    }

  (void) mcp_catalog_entry_get_title (entry);
  (void) mcp_catalog_entry_get_description (entry);
  (void) mcp_catalog_entry_get_repository_url (entry);
  (void) mcp_catalog_entry_get_website_url (entry);
  (void) mcp_catalog_entry_get_updated_at (entry);
  if (!g_utf8_validate (mcp_catalog_entry_get_publisher (entry), -1, NULL))
    fuzz_fail ("the publisher is not UTF-8");

  proposal = mcp_server_catalog_propose (catalog, entry, NULL, &error);
  if ((proposal == NULL) == (error == NULL))
    fuzz_fail ("a proposal and an error, or neither");
  if (proposal == NULL)
    {
      if (!g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("the error is not UTF-8");
      return 0;
    }

  check_proposal (proposal);
  return 0;
}
