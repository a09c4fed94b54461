/* fuzz-skill.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libFuzzer target for the bounded YAML frontmatter parser of SKILL.md
 * files (mcp-skill-frontmatter.c), which McpSkills runs on what a server
 * sends. The input is a SKILL.md. The parser must give an object or a
 * G_IO_ERROR_INVALID_DATA error with a UTF-8 message, never both or
 * neither; every key and string in the object is UTF-8; the object and
 * its deep copy are equal under the comparison of frontmatter, both ways
 * (as they must be for an honest SKILL.md to pass); and the object can be
 * written as UTF-8 JSON.
 */

#include <string.h>

#include "fuzz-common.h"
#include "mcp-skill-private.h"

static void
check_strings (JsonNode *node,
               guint     depth)
{
  if (depth > 64)
    fuzz_fail ("a tree deeper than the parser allows");

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *name;
        JsonNode *value;

        json_object_iter_init (&iter, json_node_get_object (node));
        while (json_object_iter_next (&iter, &name, &value))
          {
            if (!g_utf8_validate (name, -1, NULL))
              fuzz_fail ("a key that is not UTF-8");
            check_strings (value, depth + 1);
          }
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        for (guint i = 0; i < json_array_get_length (array); i++)
          check_strings (json_array_get_element (array, i), depth + 1);
      }
      break;

    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_STRING &&
          !g_utf8_validate (json_node_get_string (node), -1, NULL))
        fuzz_fail ("a string that is not UTF-8");
      break;

    case JSON_NODE_NULL:
    default:
      break;
    }
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(JsonObject) frontmatter = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) copy = NULL;
  g_autofree char *text = NULL;

  frontmatter = _mcp_skill_parse_frontmatter ((const char *) data, size, &error);
  if ((frontmatter == NULL) == (error == NULL))
    fuzz_fail ("the parser gave %s", frontmatter ? "an object and an error" : "nothing");

  if (error != NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        fuzz_fail ("an error other than G_IO_ERROR_INVALID_DATA: %s", error->message);
      if (!g_utf8_validate (error->message, -1, NULL))
        fuzz_fail ("an error message that is not UTF-8");
      return 0;
    }

  root = json_node_init_object (json_node_alloc (), frontmatter);
  check_strings (root, 0);

  if (!_mcp_skill_frontmatter_equal (frontmatter, frontmatter))
    fuzz_fail ("the frontmatter differs from itself");

  /* A deep copy compares equal both ways. (Not the object written as JSON
   * and read back: json-glib 1.6 writes some doubles, such as 2e80, as
   * "2e+80.0", which no JSON parser reads.) */
  copy = json_node_copy (root);
  if (!_mcp_skill_frontmatter_equal (frontmatter, json_node_get_object (copy)) ||
      !_mcp_skill_frontmatter_equal (json_node_get_object (copy), frontmatter))
    fuzz_fail ("the frontmatter differs from its copy");

  /* Writing it out works, whatever comes of it. */
  text = json_to_string (root, FALSE);
  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    fuzz_fail ("the frontmatter cannot be written as UTF-8 JSON");

  return 0;
}
