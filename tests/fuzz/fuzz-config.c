/* fuzz-config.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for configuration files: the JSONC reader and editor
 * (mcp-jsonc.c), and the server registry reading a file in either dialect
 * (VS Code's mcp.json with `servers` and `inputs`, or an `mcpServers`
 * file) and saving a change to it (mcp-server-registry*.c,
 * mcp-server-config*.c). The input is the file.
 *
 * Checks, besides crashes, leaks and hangs:
 * - the reader returns a document or an error, never both or neither; an
 *   error's offset is inside the text, and its message UTF-8;
 * - every node's range is inside its parent's, in order, and the text of a
 *   scalar reads back as its value;
 * - the tree written out by _mcp_jsonc_to_text () reads back equal;
 * - the editor, asked to change the root object (one member removed, one
 *   changed, one added), makes a text that reads back as exactly the
 *   object asked for (unless names repeat, when "the last counts" leaves
 *   the result open);
 * - the registry makes one configuration per server entry and problems
 *   whose positions are in the file; reading the file again gives the same
 *   servers; a server added and saved is in the file read again, next to
 *   the others, unchanged.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "fuzz-common.h"
#include "mcp-jsonc-private.h"

static char *tmpdir;

#include <math.h>

static gboolean has_duplicates (McpJsoncNode *node);

/* A copy of @node with infinite numbers as null, as JSON writes them. */
static JsonNode *
finite_copy (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr(JsonObject) copy = json_object_new ();
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        json_object_set_member (copy, name, finite_copy (member));
      return json_node_init_object (json_node_alloc (), copy);
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      g_autoptr(JsonArray) copy = json_array_new ();

      for (guint i = 0; i < json_array_get_length (array); i++)
        json_array_add_element (copy, finite_copy (json_array_get_element (array, i)));
      return json_node_init_array (json_node_alloc (), copy);
    }

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE &&
      !isfinite (json_node_get_double (node)))
    return json_node_new (JSON_NODE_NULL);

  return json_node_copy (node);
}

static gboolean
same_json (JsonNode *a,
           JsonNode *b)
{
  g_autoptr(JsonNode) fa = finite_copy (a);
  g_autoptr(JsonNode) fb = finite_copy (b);

  return json_node_equal (fa, fb);
}

static gboolean
has_duplicates (McpJsoncNode *node)
{
  if (node->type == JSON_NODE_OBJECT)
    {
      g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint i = 0; i < node->children->len; i++)
        {
          McpJsoncNode *child = node->children->pdata[i];

          if (!g_hash_table_add (names, child->key))
            return TRUE;
        }
    }

  if (node->children != NULL)
    for (guint i = 0; i < node->children->len; i++)
      if (has_duplicates (node->children->pdata[i]))
        return TRUE;

  return FALSE;
}

static void
check_node (McpJsoncDocument *doc,
            McpJsoncNode     *node,
            gsize             start,
            gsize             end)
{
  gsize previous = node->start;

  if (node->start > node->end || node->start < start || node->end > end)
    fuzz_fail ("node range %zu-%zu outside %zu-%zu", node->start, node->end, start, end);

  if (node->type == JSON_NODE_OBJECT || node->type == JSON_NODE_ARRAY)
    {
      if (node->children == NULL)
        fuzz_fail ("a container without children");
      if (doc->text[node->start] != (node->type == JSON_NODE_OBJECT ? '{' : '[') ||
          doc->text[node->end - 1] != (node->type == JSON_NODE_OBJECT ? '}' : ']'))
        fuzz_fail ("a container's range is not its brackets");
      for (guint i = 0; i < node->children->len; i++)
        {
          McpJsoncNode *child = node->children->pdata[i];

          if ((node->type == JSON_NODE_OBJECT) != (child->key != NULL))
            fuzz_fail ("a member without a name, or an element with one");
          if (child->key != NULL)
            {
              if (child->key_start <= previous || child->key_start >= child->start ||
                  doc->text[child->key_start] != '"')
                fuzz_fail ("a member name at %zu is out of place", child->key_start);
              if (!g_utf8_validate (child->key, -1, NULL))
                fuzz_fail ("a member name is not UTF-8");
            }
          if (child->start <= previous)
            fuzz_fail ("children out of order");
          if (child->comma != 0 && (child->comma < child->end || doc->text[child->comma] != ','))
            fuzz_fail ("a comma at %zu is not one", child->comma);
          check_node (doc, child, node->start + 1, node->end - 1);
          previous = child->comma != 0 ? child->comma : child->end - 1;
        }
    }
  else
    {
      g_autofree char *text = g_strndup (doc->text + node->start, node->end - node->start);
      g_autoptr(McpJsoncDocument) scalar = NULL;
      gsize offset;

      if (node->value == NULL || json_node_get_node_type (node->value) != node->type)
        fuzz_fail ("a scalar without its value");
      scalar = _mcp_jsonc_parse (text, strlen (text), &offset, NULL);
      if (scalar == NULL || !json_node_equal (scalar->root->value, node->value))
        fuzz_fail ("the text of a scalar, %s, does not read back as its value", text);
    }
}

static void
check_same_text_reads (McpJsoncDocument *doc,
                       JsonNode         *json)
{
  g_autofree char *text = _mcp_jsonc_to_text (json);
  g_autoptr(McpJsoncDocument) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) json_again = NULL;
  gsize offset;

  again = _mcp_jsonc_parse (text, strlen (text), &offset, &error);
  if (again == NULL)
    fuzz_fail ("the written tree does not read back: %s at %zu\n%s", error->message, offset, text);
  json_again = _mcp_jsonc_node_to_json (again->root);
  if (!same_json (json, json_again))
    fuzz_fail ("the written tree reads back different:\n%s", text);
}

/* Changes the root object: removes its first member, sets its second to a
 * new value, adds one. */
static void
check_editor (McpJsoncDocument *doc,
              JsonNode         *json)
{
  JsonObject *before = json_node_get_object (json);
  g_autoptr(JsonObject) after = json_object_new ();
  g_autoptr(GList) members = json_object_get_members (before);
  g_autoptr(McpJsoncEditor) editor = _mcp_jsonc_editor_new (doc);
  g_autofree char *text = NULL;
  g_autoptr(McpJsoncDocument) edited = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) json_edited = NULL;
  g_autoptr(JsonNode) expected = NULL;
  gsize len, offset;
  guint i = 0;

  for (GList *l = members; l != NULL; l = l->next, i++)
    {
      if (i == 0 && l->next != NULL)
        continue;
      if (i == 1)
        json_object_set_int_member (after, l->data, 42);
      else
        json_object_set_member (after, l->data,
                                _mcp_jsonc_copy (json_object_get_member (before, l->data)));
    }
  json_object_set_string_member (after, "fuzz-added", "x\n\"y\"");

  _mcp_jsonc_editor_patch_object (editor, doc->root, before, after);
  text = _mcp_jsonc_editor_finish (editor, &len);
  if (strlen (text) != len)
    fuzz_fail ("the edited text has a NUL");

  edited = _mcp_jsonc_parse (text, len, &offset, &error);
  if (edited == NULL)
    fuzz_fail ("the edited text does not read: %s at %zu\n--- before\n%.*s\n--- after\n%s",
               error->message, offset, (int) doc->len, doc->text, text);

  json_edited = _mcp_jsonc_node_to_json (edited->root);
  expected = json_node_init_object (json_node_alloc (), after);
  if (!same_json (json_edited, expected))
    {
      g_autofree char *want = _mcp_jsonc_to_text (expected);

      fuzz_fail ("the edited text is not what was asked for\n--- before\n%.*s\n--- after\n%s\n"
                 "--- wanted\n%s", (int) doc->len, doc->text, text, want);
    }
}

static void
check_jsonc (const char *text,
             gsize       size)
{
  g_autoptr(McpJsoncDocument) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) json = NULL;
  gsize offset = G_MAXSIZE;
  guint line, column;

  doc = _mcp_jsonc_parse (text, size, &offset, &error);
  if ((doc == NULL) == (error == NULL))
    fuzz_fail ("the reader gave %s document and %s error", doc ? "a" : "no", error ? "an" : "no");
  if (offset > size)
    fuzz_fail ("error offset %zu beyond the text (%zu)", offset, size);

  _mcp_jsonc_position (text, size, offset, &line, &column);
  if (line < 1 || column < 1 || line > size + 1 || column > size + 1)
    fuzz_fail ("position %u:%u of offset %zu", line, column, offset);

  if (doc == NULL)
    {
      if (!g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("an error message that is not UTF-8");
      return;
    }

  if (doc->root == NULL || doc->len != size)
    fuzz_fail ("a document without a root");
  check_node (doc, doc->root, 0, size);
  for (guint i = 0; i < doc->notes->len; i++)
    {
      McpJsoncNote *note = doc->notes->pdata[i];

      if (note->offset > size || !g_utf8_validate (note->message, -1, NULL))
        fuzz_fail ("a note at %zu, or not UTF-8", note->offset);
    }

  json = _mcp_jsonc_node_to_json (doc->root);
  check_same_text_reads (doc, json);

  if (doc->root->type == JSON_NODE_OBJECT && !has_duplicates (doc->root))
    check_editor (doc, json);
}

/* The registry --------------------------------------------------------- */

static GPtrArray *
read_servers (GFile *file,
              guint  size,
              McpServerRegistry **out)
{
  g_autoptr(McpServerRegistry) registry = mcp_server_registry_new_empty ();
  GListModel *problems;
  GPtrArray *servers = g_ptr_array_new_with_free_func (g_object_unref);

  mcp_server_registry_add_file (registry, file);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (registry)); i++)
    {
      g_autoptr(McpServerConfig) config = g_list_model_get_item (G_LIST_MODEL (registry), i);
      g_auto(GStrv) args = mcp_server_config_dup_args (config);
      g_auto(GStrv) inputs = mcp_server_config_dup_input_ids (config);
      guint n_args = args != NULL ? g_strv_length (args) : 0;
      const GError *error = mcp_server_config_get_error (config);
      const char *name = mcp_server_config_get_name (config);

      for (guint j = 0; inputs != NULL && inputs[j] != NULL; j++)
        if (!g_utf8_validate (inputs[j], -1, NULL))
          fuzz_fail ("an input id that is not UTF-8");
      for (guint j = 0; j < n_args; j++)
        if (!g_utf8_validate (args[j], -1, NULL))
          fuzz_fail ("an argument that is not UTF-8");
      if (name == NULL || !g_utf8_validate (name, -1, NULL))
        fuzz_fail ("a server without a name, or one not UTF-8");
      if (mcp_server_config_get_json (config) == NULL)
        fuzz_fail ("a server without its JSON");
      if (error != NULL && !g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("a server's error is not UTF-8");
      (void) mcp_server_config_get_transport_kind (config);
      (void) mcp_server_config_get_command (config);
      (void) mcp_server_config_get_cwd (config);
      (void) mcp_server_config_get_env (config);
      (void) mcp_server_config_get_url (config);
      (void) mcp_server_config_get_headers (config);
      (void) mcp_server_config_get_disabled (config);

      /* The sandbox: a policy or an error, never both; enabled or none. */
      {
        g_autoptr(GError) sandbox_error = NULL;
        g_autoptr(McpSandbox) sandbox = mcp_server_config_dup_sandbox (config, &sandbox_error);

        if ((sandbox != NULL) == (sandbox_error != NULL) && mcp_server_config_get_sandbox_enabled (config))
          abort ();
        if (sandbox != NULL && !mcp_server_config_get_sandbox_enabled (config))
          abort ();
        if (sandbox_error != NULL && !g_utf8_validate (sandbox_error->message, -1, NULL))
          abort ();
      }
      if (mcp_server_registry_lookup (registry, name) == NULL)
        fuzz_fail ("the server “%s” is listed but not found", name);
      g_ptr_array_add (servers, g_steal_pointer (&config));
    }

  problems = mcp_server_registry_get_problems (registry);
  for (guint i = 0; i < g_list_model_get_n_items (problems); i++)
    {
      g_autoptr(McpConfigProblem) problem = g_list_model_get_item (problems, i);
      g_autofree char *string = mcp_config_problem_to_string (problem);
      const char *message = mcp_config_problem_get_message (problem);

      if (message == NULL || !g_utf8_validate (message, -1, NULL) ||
          !g_utf8_validate (string, -1, NULL))
        fuzz_fail ("a problem without a message, or one not UTF-8");
      if (mcp_config_problem_get_line (problem) > size + 1 ||
          mcp_config_problem_get_column (problem) > size + 1)
        fuzz_fail ("a problem at %u:%u, beyond the file", mcp_config_problem_get_line (problem),
                   mcp_config_problem_get_column (problem));
    }

  if (out != NULL)
    *out = g_steal_pointer (&registry);
  return servers;
}

static void
store_result_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GAsyncResult **out = user_data;

  if (*out != NULL)
    fuzz_fail ("a callback ran twice");
  *out = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

static gboolean
same_servers (GPtrArray  *a,
              GPtrArray  *b,
              const char *except)
{
  guint j = 0;

  for (guint i = 0; i < a->len; i++, j++)
    {
      McpServerConfig *ca = a->pdata[i];
      McpServerConfig *cb;

      if (j < b->len && except != NULL &&
          g_str_equal (mcp_server_config_get_name (b->pdata[j]), except))
        j++;
      if (j >= b->len)
        return FALSE;
      cb = b->pdata[j];
      if (!g_str_equal (mcp_server_config_get_name (ca), mcp_server_config_get_name (cb)))
        return FALSE;
      if (!json_object_equal (mcp_server_config_get_json (ca), mcp_server_config_get_json (cb)))
        return FALSE;
    }

  return j == b->len || (j + 1 == b->len && except != NULL);
}

static void
check_registry (const char *text,
                gsize       size)
{
  g_autofree char *path = g_build_filename (tmpdir, "mcp.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(McpServerRegistry) registry = NULL;
  g_autoptr(GPtrArray) servers = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(McpServerConfig) added = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *after = NULL;
  gsize after_len;

  if (!g_file_set_contents (path, text, size, &error))
    fuzz_fail ("cannot write %s: %s", path, error->message);

  servers = read_servers (file, size, &registry);
  again = read_servers (file, size, NULL);
  if (!same_servers (servers, again, NULL))
    fuzz_fail ("reading the file again gives other servers");

  /* Adding a server, where the file has room for it. */
  added = mcp_server_config_new_stdio ("fuzz-added", (const char * const[]) { "true", "--fuzz", NULL });
  if (mcp_server_registry_lookup (registry, "fuzz-added") != NULL ||
      !mcp_server_registry_add (registry, added, file, &error))
    {
      g_clear_object (&registry);
      g_unlink (path);
      return;
    }

  mcp_server_registry_save_async (registry, NULL, store_result_cb, &result);
  fuzz_wait_until (has_result, &result, FUZZ_SETTLE_TIMEOUT_USEC, "the registry to save");
  if (!mcp_server_registry_save_finish (registry, result, &error))
    {
      if (!g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("a save error that is not UTF-8");
      g_unlink (path);
      return;
    }

  if (!g_file_get_contents (path, &after, &after_len, NULL))
    fuzz_fail ("the saved file is gone");
  saved = read_servers (file, after_len, NULL);
  if (!same_servers (servers, saved, "fuzz-added"))
    fuzz_fail ("the saved file has other servers than before, and the one added\n"
               "--- before\n%.*s\n--- after\n%s", (int) size, text, after);
  if (saved->len != servers->len + 1)
    fuzz_fail ("the server added is not in the saved file\n--- after\n%s", after);

  g_clear_object (&registry);
  fuzz_drain ();
  g_unlink (path);
}

static void
remove_tmpdir (void)
{
  g_rmdir (tmpdir);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  tmpdir = g_dir_make_tmp ("fuzz-config-XXXXXX", NULL);
  if (tmpdir == NULL)
    fuzz_fail ("no temporary directory");
  atexit (remove_tmpdir);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  check_jsonc ((const char *) data, size);
  check_registry ((const char *) data, size);
  return 0;
}
