/* mcp-catalog-bundle.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * MCP bundles (mcpb) are ZIP archives. This reads one from memory and
 * unpacks it safely: names that are relative paths inside the target and
 * nothing else (no `..`, no absolute path, no backslash, no link, no
 * duplicate), stored or deflated files only, no encryption, no ZIP64, a
 * bounded number of files and of bytes unpacked, each file exactly as
 * large as its header says. The bundle goes to a new folder beside the
 * target, renamed into place once whole.
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "mcp-catalog-bundle-private.h"

typedef struct
{
  char    *name;
  guint16  method;
  guint32  compressed_size;
  guint32  size;
  gsize    data_offset;
  gboolean directory;
  gboolean executable;
} BundleFile;

struct _McpCatalogBundle
{
  GBytes    *data;
  GPtrArray *files;
};

static void
bundle_file_free (gpointer data)
{
  BundleFile *file = data;

  g_free (file->name);
  g_free (file);
}

void
_mcp_catalog_bundle_free (McpCatalogBundle *bundle)
{
  if (bundle == NULL)
    return;

  g_bytes_unref (bundle->data);
  g_ptr_array_unref (bundle->files);
  g_free (bundle);
}

guint
_mcp_catalog_bundle_get_n_files (McpCatalogBundle *bundle)
{
  return bundle->files->len;
}

const char *
_mcp_catalog_bundle_get_name (McpCatalogBundle *bundle,
                              guint             i)
{
  BundleFile *file = bundle->files->pdata[i];

  return file->name;
}

static guint16
read16 (const guint8 *p)
{
  return p[0] | (p[1] << 8);
}

static guint32
read32 (const guint8 *p)
{
  return (guint32) p[0] | ((guint32) p[1] << 8) | ((guint32) p[2] << 16) | ((guint32) p[3] << 24);
}

static gboolean
fail (GError     **error,
      const char  *message)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The bundle is refused: %s"),
               message);
  return FALSE;
}

/* Whether @name is a plain relative path: components that are neither
 * empty, `.` nor `..`, no backslash, no drive, UTF-8 without controls. */
static gboolean
is_safe_name (const char *name,
              gsize       len)
{
  g_auto(GStrv) parts = NULL;

  if (len == 0 || memchr (name, '\0', len) != NULL || !g_utf8_validate_len (name, len, NULL))
    return FALSE;
  if (name[0] == '/' || memchr (name, '\\', len) != NULL || memchr (name, ':', len) != NULL)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if ((guchar) name[i] < 0x20 || name[i] == 0x7f)
      return FALSE;

  {
    g_autofree char *copy = g_strndup (name, len);
    gsize n;

    /* A folder's name ends with one `/`. */
    n = strlen (copy);
    if (copy[n - 1] == '/')
      copy[n - 1] = '\0';
    parts = g_strsplit (copy, "/", -1);
  }

  for (guint i = 0; parts[i] != NULL; i++)
    if (*parts[i] == '\0' || g_str_equal (parts[i], ".") || g_str_equal (parts[i], ".."))
      return FALSE;

  return TRUE;
}

McpCatalogBundle *
_mcp_catalog_bundle_read (GBytes   *data,
                          guint64   max_unpacked,
                          GError  **error)
{
  g_autoptr(McpCatalogBundle) bundle = g_new0 (McpCatalogBundle, 1);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  gsize len;
  const guint8 *bytes = g_bytes_get_data (data, &len);
  const guint8 *eocd = NULL;
  guint32 cd_offset;
  guint32 cd_size;
  guint n_entries;
  guint64 total = 0;
  gsize p;

  bundle->data = g_bytes_ref (data);
  bundle->files = g_ptr_array_new_with_free_func (bundle_file_free);

  /* The end of central directory record, within the last 64 KiB. */
  for (gsize i = len >= 22 ? len - 22 + 1 : 0; i-- > 0 && len - i <= 22 + 65535;)
    if (read32 (bytes + i) == 0x06054b50 && i + 22 + read16 (bytes + i + 20) == len)
      {
        eocd = bytes + i;
        break;
      }
  if (eocd == NULL)
    {
      fail (error, _("it is not a ZIP archive"));
      return NULL;
    }

  n_entries = read16 (eocd + 10);
  cd_size = read32 (eocd + 12);
  cd_offset = read32 (eocd + 16);
  if (read16 (eocd + 4) != 0 || read16 (eocd + 6) != 0 || read16 (eocd + 8) != n_entries ||
      cd_offset == 0xffffffff || n_entries == 0xffff)
    {
      fail (error, _("multi-part and ZIP64 archives are not supported"));
      return NULL;
    }
  if ((gsize) cd_offset + cd_size > (gsize) (eocd - bytes))
    {
      fail (error, _("its central directory is outside the file"));
      return NULL;
    }
  if (n_entries > MCP_CATALOG_BUNDLE_MAX_FILES)
    {
      fail (error, _("it holds too many files"));
      return NULL;
    }

  p = cd_offset;
  for (guint i = 0; i < n_entries; i++)
    {
      const guint8 *h = bytes + p;
      BundleFile *file;
      guint16 flags, name_len, extra_len, comment_len;
      guint32 external, local;
      gsize local_name_len, local_extra_len;

      if (p + 46 > (gsize) cd_offset + cd_size || read32 (h) != 0x02014b50)
        {
          fail (error, _("its central directory is damaged"));
          return NULL;
        }
      flags = read16 (h + 8);
      name_len = read16 (h + 28);
      extra_len = read16 (h + 30);
      comment_len = read16 (h + 32);
      external = read32 (h + 38);
      local = read32 (h + 42);
      if (p + 46 + name_len + extra_len + comment_len > (gsize) cd_offset + cd_size)
        {
          fail (error, _("its central directory is damaged"));
          return NULL;
        }
      if (!is_safe_name ((const char *) h + 46, name_len))
        {
          fail (error, _("a file name is absolute, goes up with “..”, or is not plain text"));
          return NULL;
        }

      file = g_new0 (BundleFile, 1);
      file->name = g_strndup ((const char *) h + 46, name_len);
      g_ptr_array_add (bundle->files, file);
      file->method = read16 (h + 10);
      file->compressed_size = read32 (h + 20);
      file->size = read32 (h + 24);
      file->directory = g_str_has_suffix (file->name, "/");
      if ((read16 (h + 4) >> 8) == 3)   /* made on Unix: a mode */
        {
          guint32 mode = external >> 16;

          if (S_ISLNK (mode) || (mode != 0 && !S_ISREG (mode) && !S_ISDIR (mode)))
            {
              fail (error, _("it holds a link or a special file"));
              return NULL;
            }
          file->executable = (mode & 0100) != 0;
        }

      if ((flags & 1) != 0)
        {
          fail (error, _("it is encrypted"));
          return NULL;
        }
      if (file->method != 0 && file->method != 8)
        {
          fail (error, _("a file is compressed in a way that is not supported"));
          return NULL;
        }
      if (file->compressed_size == 0xffffffff || file->size == 0xffffffff)
        {
          fail (error, _("multi-part and ZIP64 archives are not supported"));
          return NULL;
        }
      if (g_hash_table_contains (names, file->name))
        {
          fail (error, _("it names a file twice"));
          return NULL;
        }
      g_hash_table_add (names, file->name);

      total += file->size;
      if (total > max_unpacked)
        {
          fail (error, _("it unpacks to more than the bound"));
          return NULL;
        }

      /* The data starts after the local header, whose lengths may differ. */
      if ((gsize) local + 30 > cd_offset || read32 (bytes + local) != 0x04034b50)
        {
          fail (error, _("a file’s header is damaged"));
          return NULL;
        }
      local_name_len = read16 (bytes + local + 26);
      local_extra_len = read16 (bytes + local + 28);
      file->data_offset = (gsize) local + 30 + local_name_len + local_extra_len;
      if (file->data_offset + file->compressed_size > cd_offset)
        {
          fail (error, _("a file is outside the archive"));
          return NULL;
        }
      if (file->method == 0 && file->compressed_size != file->size)
        {
          fail (error, _("a stored file’s sizes differ"));
          return NULL;
        }

      p += 46 + name_len + extra_len + comment_len;
    }

  return g_steal_pointer (&bundle);
}

static GBytes *
extract_file (McpCatalogBundle  *bundle,
              BundleFile        *file,
              GError           **error)
{
  const guint8 *data = (const guint8 *) g_bytes_get_data (bundle->data, NULL) + file->data_offset;
  g_autoptr(GConverter) inflater = NULL;
  g_autofree guint8 *out = NULL;
  gsize in_done = 0;
  gsize out_done = 0;

  if (file->method == 0)
    return g_bytes_new_from_bytes (bundle->data, file->data_offset, file->size);

  inflater = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW));
  /* One byte more than announced: a file that goes on is refused. */
  out = g_malloc ((gsize) file->size + 1);

  for (;;)
    {
      g_autoptr(GError) local_error = NULL;
      gsize read = 0;
      gsize written = 0;
      GConverterResult result;

      result = g_converter_convert (inflater, data + in_done, file->compressed_size - in_done,
                                    out + out_done, (gsize) file->size + 1 - out_done,
                                    G_CONVERTER_INPUT_AT_END, &read, &written, &local_error);
      in_done += read;
      out_done += written;

      if (result == G_CONVERTER_ERROR)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
            break;
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The bundle is refused: “%s” cannot be unpacked: %s"), file->name,
                       local_error->message);
          return NULL;
        }
      if (result == G_CONVERTER_FINISHED || out_done > file->size ||
          (read == 0 && written == 0))
        break;
    }

  if (out_done != file->size)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The bundle is refused: “%s” is not as large as it says"), file->name);
      return NULL;
    }

  return g_bytes_new_take (g_steal_pointer (&out), out_done);
}

GBytes *
_mcp_catalog_bundle_extract (McpCatalogBundle  *bundle,
                             const char        *name,
                             GError           **error)
{
  for (guint i = 0; i < bundle->files->len; i++)
    {
      BundleFile *file = bundle->files->pdata[i];

      if (g_str_equal (file->name, name) && !file->directory)
        return extract_file (bundle, file, error);
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("The bundle has no “%s”"), name);
  return NULL;
}

static void
remove_tree (GFile *file)
{
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME,
                               G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  GFileInfo *info;

  while (children != NULL && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      g_autoptr(GFile) child = g_file_get_child (file, g_file_info_get_name (info));

      remove_tree (child);
      g_object_unref (info);
    }
  g_file_delete (file, NULL, NULL);
}

/* Unpacks every file under @folder, which must not exist yet: into a new
 * folder beside it first, renamed to @folder once whole. */
gboolean
_mcp_catalog_bundle_unpack (McpCatalogBundle  *bundle,
                            GFile             *folder,
                            GError           **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (folder);
  g_autofree char *parent_path = NULL;
  g_autofree char *partial_path = NULL;
  g_autoptr(GFile) partial = NULL;
  g_autofree char *folder_path = g_file_get_path (folder);

  if (parent == NULL || folder_path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The bundle’s folder is not a local folder"));
      return FALSE;
    }
  parent_path = g_file_get_path (parent);
  if (g_mkdir_with_parents (parent_path, 0700) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot make the folder %s"),
                   parent_path);
      return FALSE;
    }
  partial_path = g_build_filename (parent_path, ".partial-XXXXXX", NULL);
  if (g_mkdtemp_full (partial_path, 0700) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot make a folder in %s"),
                   parent_path);
      return FALSE;
    }
  partial = g_file_new_for_path (partial_path);

  for (guint i = 0; i < bundle->files->len; i++)
    {
      BundleFile *file = bundle->files->pdata[i];
      g_autoptr(GFile) target = g_file_resolve_relative_path (partial, file->name);
      g_autoptr(GFile) target_parent = g_file_get_parent (target);
      g_autofree char *target_parent_path = g_file_get_path (target_parent);
      g_autoptr(GBytes) contents = NULL;

      /* The names were checked; this is the second lock of the door. */
      if (!g_file_has_prefix (target, partial))
        {
          remove_tree (partial);
          return fail (error, _("a file name leaves the bundle’s folder"));
        }
      if (g_mkdir_with_parents (target_parent_path, 0755) != 0)
        {
          remove_tree (partial);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot make the folder %s"),
                       target_parent_path);
          return FALSE;
        }
      if (file->directory)
        {
          g_autofree char *path = g_file_get_path (target);

          g_mkdir_with_parents (path, 0755);
          continue;
        }
      if ((contents = extract_file (bundle, file, error)) == NULL ||
          !g_file_replace_contents (target, g_bytes_get_data (contents, NULL),
                                    g_bytes_get_size (contents), NULL, FALSE,
                                    G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error))
        {
          remove_tree (partial);
          return FALSE;
        }
      if (file->executable)
        {
          g_autofree char *path = g_file_get_path (target);

          g_chmod (path, 0755);
        }
    }

  if (g_rename (partial_path, folder_path) != 0)
    {
      remove_tree (partial);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("Cannot install the bundle in %s"),
                   folder_path);
      return FALSE;
    }

  return TRUE;
}
