/* fuzz-bundle.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for MCP bundles (mcpb), the ZIP archives a registry
 * entry may point to (mcp-catalog-bundle.c): the input is the archive,
 * read with a bound of 1 MiB unpacked, each file extracted, and the whole
 * unpacked into a new folder.
 *
 * Checks, besides crashes, leaks and hangs:
 * - a bundle or an error, never both or neither; messages UTF-8;
 * - every name is a plain relative path (no `..`, no absolute path, no
 *   backslash);
 * - a file extracted is at most the bound;
 * - unpacking creates files under the folder only (its parent holds
 *   nothing else afterwards), or nothing at all when it fails.
 */

#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "fuzz-common.h"
#include "mcp-catalog-bundle-private.h"

static char *tmpdir;

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
remove_tmpdir (void)
{
  remove_tree (tmpdir);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  tmpdir = g_dir_make_tmp ("fuzz-bundle-XXXXXX", NULL);
  if (tmpdir == NULL)
    fuzz_fail ("no temporary directory");
  atexit (remove_tmpdir);
  return 0;
}

static guint
count_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;

  return n;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(McpCatalogBundle) bundle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *target = g_build_filename (tmpdir, "bundle", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (target);

  bundle = _mcp_catalog_bundle_read (bytes, 1024 * 1024, &error);
  if ((bundle == NULL) == (error == NULL))
    fuzz_fail ("a bundle and an error, or neither");
  if (bundle == NULL)
    {
      if (!g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("the error is not UTF-8");
      return 0;
    }

  for (guint i = 0; i < _mcp_catalog_bundle_get_n_files (bundle); i++)
    {
      const char *name = _mcp_catalog_bundle_get_name (bundle, i);
      g_autoptr(GBytes) contents = NULL;
      g_autoptr(GError) extract_error = NULL;

      if (name[0] == '/' || g_str_has_prefix (name, "../") || strstr (name, "/../") != NULL ||
          g_str_equal (name, "..") || g_str_has_suffix (name, "/..") ||
          strchr (name, '\\') != NULL || !g_utf8_validate (name, -1, NULL))
        fuzz_fail ("a name that is not a plain relative path: %s", name);

      if (g_str_has_suffix (name, "/"))
        continue;
      contents = _mcp_catalog_bundle_extract (bundle, name, &extract_error);
      if ((contents == NULL) == (extract_error == NULL))
        fuzz_fail ("contents and an error, or neither");
      if (contents != NULL && g_bytes_get_size (contents) > 1024 * 1024)
        fuzz_fail ("a file larger than the bound");
    }

  if (_mcp_catalog_bundle_unpack (bundle, folder, &error))
    {
      if (count_entries (tmpdir) != 1)
        fuzz_fail ("unpacking left something beside its folder");
      remove_tree (target);
    }
  else
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("a failed unpack without a UTF-8 error");
      if (count_entries (tmpdir) != 0)
        fuzz_fail ("a failed unpack left files");
    }

  return 0;
}
