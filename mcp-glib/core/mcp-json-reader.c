/* mcp-json-reader.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Parses the JSON of incoming messages into json-glib trees. json-glib
 * 1.6's JsonParser is the largest single cost of a call: it reads the text
 * one character at a time through a GScanner and emits GObject signals for
 * every object, member and array element. This reader makes one pass over
 * the bytes, jumps over the plain runs of strings a word at a time, keeps
 * the open containers on an explicit stack bounded by the maximum depth
 * (no recursion, whatever the input) and calls json-glib only to build the
 * nodes, which are in the tree from the moment they are made: freeing the
 * root frees everything, on any error.
 *
 * It accepts RFC 8259 JSON and nothing else, less two kinds of escapes
 * (below); what the transports take is one object or array. json-glib 1.6
 * accepts more, none of which a JSON peer sends: comments, single-quoted
 * strings, hexadecimal, octal and binary numbers, leading zeros, "1.",
 * ".5", "- 1", and control characters in strings.
 *
 * The tree is the one json-glib 1.6 builds (same node and value types,
 * values, member order and parents), except for deliberate differences:
 *
 *  - A lone or reversed UTF-16 surrogate escape ("\ud800", "\udc00\ud800")
 *    is refused, as the library refused it before it had this reader:
 *    json-glib decodes it to bytes that are not UTF-8.
 *  - "\u0000" is refused, as an invalid escape sequence. json-glib's strings
 *    are NUL-terminated, so it cuts the string there: the application would
 *    see a prefix of what the peer sent ("a\u0000b" as "a"), where other
 *    readers of the same message see the whole string. Refusing it also
 *    means that a decoded string never holds a NUL, so that its C length is
 *    its length.
 *  - An integer beyond gint64 becomes a double (the nearest one), as any
 *    number with a fraction or an exponent does. json-glib wraps it around
 *    (9223372036854775808 gives G_MININT64) or, from 2^64 on, gives -1: an
 *    id or a size the peer never sent.
 *
 * And what it does the same way, for the record: with duplicate member
 * names, the last value wins, at the position of the first (without
 * json-glib's quadratic cost, see add_member ()); "-0" is the integer 0;
 * "-0.0" the double -0.0; numbers beyond the range of a double are
 * infinite, those below it 0 (as g_ascii_strtod () rounds them).
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "mcp-json-reader-private.h"

/* Open containers kept on the C stack before the heap is needed: more than
 * any ordinary message nests. */
#define INLINE_FRAMES 32


typedef struct
{
  JsonNode   *node;
  JsonObject *object; /* %NULL for an array, and for an envelope */
  JsonArray  *array;  /* %NULL for an object */
  /* The last value of each member that came more than once, by name, until
   * the object ends (see add_member ()). */
  GHashTable *duplicates;
  gboolean    empty;
} Frame;


typedef enum
{
  EXPECTED_VALUE,
  EXPECTED_NAME,
  EXPECTED_NAME_OR_END,
  EXPECTED_COLON,
  EXPECTED_ARRAY_NEXT,
  EXPECTED_OBJECT_NEXT,
  INVALID_NUMBER,
  CONTROL_CHARACTER,
  UNEXPECTED_END,
} SyntaxError;

static void
buffer_init (McpJsonBuffer *buffer)
{
  buffer->str = buffer->inline_str;
  buffer->len = 0;
  buffer->size = sizeof buffer->inline_str;
}

static void
buffer_clear (McpJsonBuffer *buffer)
{
  if (buffer->str != buffer->inline_str)
    g_free (buffer->str);
}

/* Room for @n more bytes and a NUL: the buffer is always larger than what
 * it holds. */
static char *
buffer_reserve (McpJsonBuffer *buffer,
                gsize          n)
{
  if (buffer->size - buffer->len <= n)
    {
      gsize size = MAX (buffer->size * 2, buffer->len + n + 1);

      if (buffer->str == buffer->inline_str)
        {
          buffer->str = g_malloc (size);
          memcpy (buffer->str, buffer->inline_str, buffer->len);
        }
      else
        buffer->str = g_realloc (buffer->str, size);
      buffer->size = size;
    }

  return buffer->str + buffer->len;
}

static inline void
buffer_append (McpJsonBuffer *buffer,
               const char    *p,
               gsize          n)
{
  memcpy (buffer_reserve (buffer, n), p, n);
  buffer->len += n;
}

static inline const char *
buffer_terminate (McpJsonBuffer *buffer)
{
  buffer->str[buffer->len] = '\0';
  return buffer->str;
}

static inline gboolean
is_digit (char c)
{
  return (guchar) (c - '0') < 10;
}

static inline const char *
skip_space (const char *p,
            const char *end)
{
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
    p++;

  return p;
}

static void
set_syntax_error (GError     **error,
                  const char  *data,
                  const char  *end,
                  const char  *at,
                  SyntaxError  what)
{
  char offset[32];

  /* A byte that does not even start a UTF-8 character is reported as such,
   * as json-glib's path does, rather than as the token it is not. */
  if (at < end && (guchar) *at >= 0x80)
    {
      gunichar c = g_utf8_get_char_validated (at, end - at);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The message is not valid UTF-8"));
          return;
        }
    }

  g_snprintf (offset, sizeof offset, "%" G_GSIZE_FORMAT, (gsize) (at - data));

  switch (what)
    {
    case EXPECTED_VALUE:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s is a byte offset in the message, from 0. */
                   _("Invalid JSON at byte %s: expected a value"), offset);
      break;
    case EXPECTED_NAME:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Invalid JSON at byte %s: expected a member name"), offset);
      break;
    case EXPECTED_NAME_OR_END:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Invalid JSON at byte %s: expected a member name or ‘}’"), offset);
      break;
    case EXPECTED_COLON:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Invalid JSON at byte %s: expected ‘:’"), offset);
      break;
    case EXPECTED_ARRAY_NEXT:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Invalid JSON at byte %s: expected ‘,’ or ‘]’"), offset);
      break;
    case EXPECTED_OBJECT_NEXT:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Invalid JSON at byte %s: expected ‘,’ or ‘}’"), offset);
      break;
    case INVALID_NUMBER:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Invalid JSON at byte %s: invalid number"), offset);
      break;
    case CONTROL_CHARACTER:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Invalid JSON at byte %s: unescaped control character in a string"),
                   offset);
      break;
    case UNEXPECTED_END:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Invalid JSON at byte %s: unexpected end of the message"), offset);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
set_escape_error (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The message has an invalid escape sequence"));
}

#define ONES  G_GUINT64_CONSTANT (0x0101010101010101)
#define HIGHS G_GUINT64_CONSTANT (0x8080808080808080)

/* Whether a byte of @x is 0, and whether one is below 0x20 (exact as to
 * whether there is one, not as to which). */
#define HAS_ZERO(x)       (((x) - ONES) & ~(x) & HIGHS)
#define HAS_CONTROL(x)    (((x) - ONES * 0x20) & ~(x) & HIGHS)

/* Where the run of bytes from @p that stand for themselves in a string
 * ends: at a quote, a backslash, a control character, or @end. Strings hold
 * most of the bytes of a large message, so eight are looked at at once.
 * *@high says whether a byte of the run is not ASCII. */
static inline const char *
scan_plain (const char *p,
            const char *end,
            gboolean   *high)
{
  guint64 seen = 0;

  while (end - p >= 8)
    {
      guint64 x;
      guint64 special;

      memcpy (&x, p, sizeof x);
      special = HAS_ZERO (x ^ (ONES * '"')) | HAS_ZERO (x ^ (ONES * '\\')) | HAS_CONTROL (x);
      if (special != 0)
        {
#if G_BYTE_ORDER == G_LITTLE_ENDIAN && defined(__GNUC__)
          /* The first byte flagged is right (only bytes after a real
           * match can be flagged wrongly), and it is the lowest. */
          guint n = __builtin_ctzll (special) / 8;

          seen |= x & ((G_GUINT64_CONSTANT (1) << (8 * n)) - 1);
          p += n;
          *high = (seen & HIGHS) != 0;
          return p;
#else
          break;
#endif
        }
      seen |= x;
      p += 8;
    }

  for (; p < end; p++)
    {
      guchar c = *p;

      if (c == '"' || c == '\\' || c < 0x20)
        break;
      seen |= c;
    }

  *high = (seen & HIGHS) != 0;
  return p;
}

/* The value of the four hex digits at @p, or -1. */
static int
hex4 (const char *p,
      const char *end)
{
  int value = 0;

  if (end - p < 4)
    return -1;

  for (int i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (p[i]);

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }

  return value;
}

/* Decodes the escape sequence whose backslash is at *@pp into @buffer and
 * moves *@pp past it. A UTF-16 surrogate only comes as a high one followed
 * by a low one, and "\u0000" is refused (see the top of the file). */
static gboolean
read_escape (McpJsonBuffer  *buffer,
             const char    **pp,
             const char     *end)
{
  const char *p = *pp + 1;
  char c;

  if (p == end)
    return FALSE;

  switch (*p)
    {
    case '"':
    case '\\':
    case '/':
      c = *p;
      break;
    case 'b':
      c = '\b';
      break;
    case 'f':
      c = '\f';
      break;
    case 'n':
      c = '\n';
      break;
    case 'r':
      c = '\r';
      break;
    case 't':
      c = '\t';
      break;
    case 'u':
      {
        int unit = hex4 (p + 1, end);

        if (unit <= 0 || (unit >= 0xDC00 && unit <= 0xDFFF))
          return FALSE;
        p += 4;

        if (unit >= 0xD800 && unit <= 0xDBFF)
          {
            int low;

            if (end - p < 7 || p[1] != '\\' || p[2] != 'u' ||
                (low = hex4 (p + 3, end)) < 0xDC00 || low > 0xDFFF)
              return FALSE;
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
            p += 6;
          }

        buffer->len += g_unichar_to_utf8 (unit, buffer_reserve (buffer, 4));
        *pp = p + 1;
        return TRUE;
      }
    default:
      return FALSE;
    }

  *buffer_reserve (buffer, 1) = c;
  buffer->len++;
  *pp = p + 1;
  return TRUE;
}

/* Reads the string whose opening quote is at *@pp into @buffer,
 * NUL-terminated, and moves *@pp past its closing quote. */
static gboolean
read_string (McpJsonBuffer  *buffer,
             const char     *data,
             const char    **pp,
             const char     *end,
             GError        **error)
{
  const char *p = *pp + 1;

  buffer->len = 0;

  for (;;)
    {
      gboolean high;
      const char *run_end = scan_plain (p, end, &high);

      /* No character spans a quote, a backslash or a control character,
       * so each run is valid UTF-8 on its own. */
      if (high && !g_utf8_validate_len (p, run_end - p, NULL))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The message is not valid UTF-8"));
          return FALSE;
        }
      buffer_append (buffer, p, run_end - p);
      p = run_end;

      if (p == end)
        {
          set_syntax_error (error, data, end, end, UNEXPECTED_END);
          return FALSE;
        }
      if (*p == '"')
        break;
      if (*p != '\\')
        {
          set_syntax_error (error, data, end, p, CONTROL_CHARACTER);
          return FALSE;
        }
      if (!read_escape (buffer, &p, end))
        {
          set_escape_error (error);
          return FALSE;
        }
    }

  buffer_terminate (buffer);
  *pp = p + 1;
  return TRUE;
}

/* Reads the number at *@pp: an integer (no fraction, no exponent) that
 * fits gint64 as one (*@integer is %TRUE, the value in *@ivalue), anything
 * else as a double (in *@dvalue). */
static gboolean
read_number_value (McpJsonBuffer  *buffer,
                   const char     *data,
                   const char    **pp,
                   const char     *end,
                   gboolean       *integer_out,
                   gint64         *ivalue,
                   double         *dvalue,
                   GError        **error)
{
  const char *start = *pp;
  const char *p = start;
  gboolean negative = FALSE;
  gboolean integer = TRUE;
  guint64 value = 0;
  guint n_digits = 0;

  if (*p == '-')
    {
      negative = TRUE;
      if (++p == end)
        goto unexpected_end;
    }

  if (*p == '0')
    p++;
  else if (*p >= '1' && *p <= '9')
    {
      /* 19 digits always fit in a guint64; more never fit in a gint64. */
      do
        {
          if (n_digits < 19)
            value = value * 10 + (guint) (*p - '0');
          n_digits++;
          p++;
        }
      while (p < end && is_digit (*p));
    }
  else
    goto invalid;

  if (p < end && *p == '.')
    {
      integer = FALSE;
      if (++p == end)
        goto unexpected_end;
      if (!is_digit (*p))
        goto invalid;
      while (p < end && is_digit (*p))
        p++;
    }

  if (p < end && (*p == 'e' || *p == 'E'))
    {
      integer = FALSE;
      if (++p == end)
        goto unexpected_end;
      if ((*p == '+' || *p == '-') && ++p == end)
        goto unexpected_end;
      if (!is_digit (*p))
        goto invalid;
      while (p < end && is_digit (*p))
        p++;
    }

  /* "01", "1.5.2" or "2x" are one bad number, not a number followed by
   * something unexpected. */
  if (p < end && (g_ascii_isalnum (*p) || *p == '.' || *p == '+' || *p == '-'))
    goto invalid;

  if (integer && n_digits <= 19 &&
      (value <= G_MAXINT64 || (negative && value == (guint64) G_MAXINT64 + 1)))
    {
      /* Negated without overflow: -(2^63) is G_MININT64. */
      *integer_out = TRUE;
      *ivalue = negative && value != 0 ? -(gint64) (value - 1) - 1 : (gint64) value;
    }
  else
    {
      /* What was checked above is a subset of what g_ascii_strtod () reads,
       * so it reads the whole number; it wants it NUL-terminated. */
      buffer->len = 0;
      buffer_append (buffer, start, p - start);
      *integer_out = FALSE;
      *dvalue = g_ascii_strtod (buffer_terminate (buffer), NULL);
    }

  *pp = p;
  return TRUE;

unexpected_end:
  set_syntax_error (error, data, end, end, UNEXPECTED_END);
  return FALSE;

invalid:
  set_syntax_error (error, data, end, start, INVALID_NUMBER);
  return FALSE;
}

/* Reads the number at *@pp into @node. */
static gboolean
read_number (McpJsonBuffer  *buffer,
             const char     *data,
             const char    **pp,
             const char     *end,
             JsonNode       *node,
             GError        **error)
{
  gboolean integer;
  gint64 ivalue;
  double dvalue;

  if (!read_number_value (buffer, data, pp, end, &integer, &ivalue, &dvalue, error))
    return FALSE;

  if (integer)
    json_node_init_int (node, ivalue);
  else
    json_node_init_double (node, dvalue);

  return TRUE;
}

/* Reads true, false or null at *@pp, which starts with its first letter. */
static gboolean
read_literal (const char  *data,
              const char **pp,
              const char  *end,
              const char  *literal,
              gsize        len,
              GError     **error)
{
  gsize available = end - *pp;

  if (available >= len && memcmp (*pp, literal, len) == 0)
    {
      *pp += len;
      return TRUE;
    }

  if (available < len && memcmp (*pp, literal, available) == 0)
    set_syntax_error (error, data, end, end, UNEXPECTED_END);
  else
    set_syntax_error (error, data, end, *pp, EXPECTED_VALUE);

  return FALSE;
}

static JsonNode *
add_element (Frame *frame)
{
  JsonNode *node = json_node_alloc ();

  json_node_set_parent (node, frame->node);
  json_array_add_element (frame->array, node);

  return node;
}

/* The node for the value of member @name of @frame's object.
 *
 * With duplicate names, json-glib keeps the last value at the position of
 * the first. Giving json_object_set_member () a name the object has would
 * do that, but it finds the position with a linear search: quadratic over
 * many duplicates. Refilling the existing node instead is not possible
 * either: json-glib 1.6's json_node_init () leaves the pointer to a value
 * it frees in the node, to be used after the free. So the values of
 * repeated names wait aside, and the object is rebuilt once, when it ends
 * (resolve_duplicates ()). */
static JsonNode *
add_member (Frame      *frame,
            const char *name)
{
  JsonNode *node = json_node_alloc ();

  json_node_set_parent (node, frame->node);

  if (frame->empty || G_LIKELY (json_object_get_member (frame->object, name) == NULL))
    {
      json_object_set_member (frame->object, name, node);
      frame->empty = FALSE;
    }
  else
    {
      if (frame->duplicates == NULL)
        frame->duplicates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                   (GDestroyNotify) json_node_unref);
      g_hash_table_replace (frame->duplicates, g_strdup (name), node);
    }

  return node;
}

/* The object of @frame, with the last value of each repeated name at the
 * position of its first. */
static void
resolve_duplicates (Frame *frame)
{
  JsonObject *object = json_object_new ();
  GList *names = json_object_get_members (frame->object);

  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *member = g_hash_table_lookup (frame->duplicates, l->data);

      if (member == NULL)
        member = json_object_get_member (frame->object, l->data);
      json_object_set_member (object, l->data, json_node_ref (member));
    }

  g_list_free (names);
  g_clear_pointer (&frame->duplicates, g_hash_table_unref);
  /* Unrefs the object made so far, and the values it had twice. */
  json_node_take_object (frame->node, object);
  frame->object = object;
}

/* Where the value of member @name of a message's envelope goes: a node of
 * @env's, without a parent, which replaces the one of a name that came
 * before (the last wins, as in a tree). Members the engine has no use for
 * are read all the same, into @other, and dropped. */
static JsonNode *
add_envelope_member (McpJsonEnvelope  *env,
                     const char       *name,
                     JsonNode        **other)
{
  JsonNode **slot;

  if (strcmp (name, "id") == 0)
    slot = &env->id;
  else if (strcmp (name, "method") == 0)
    slot = &env->method;
  else if (strcmp (name, "params") == 0)
    slot = &env->params;
  else if (strcmp (name, "result") == 0)
    slot = &env->result;
  else if (strcmp (name, "error") == 0)
    slot = &env->error;
  else
    slot = other;

  g_clear_pointer (slot, json_node_unref);
  *slot = json_node_alloc ();
  return *slot;
}

/* Reads a JSON text into a tree (*@root_out); with @env, an object at the
 * top is read into @env's members instead (see _mcp_json_read_envelope ())
 * and *@root_out is %NULL. */
static gboolean
read_json (const char       *data,
           gsize             len,
           guint             max_depth,
           McpJsonEnvelope  *env,
           JsonNode        **root_out,
           GError          **error)
{
  const char *p = data;
  const char *end = data + len;
  Frame inline_frames[INLINE_FRAMES];
  Frame *frames = inline_frames;
  gsize n_frames = G_N_ELEMENTS (inline_frames);
  Frame *top = NULL;
  gsize depth = 0;
  McpJsonBuffer buffer;
  JsonNode *root;
  JsonNode *node;
  JsonNode *other = NULL;

  *root_out = NULL;

  p = skip_space (p, end);
  if (p == end || (*p != '{' && *p != '['))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The message is neither a JSON object nor an array"));
      return FALSE;
    }

  buffer_init (&buffer);

  /* An envelope has no tree: its members are read into it. */
  if (env != NULL && *p == '{')
    {
      root = node = NULL;
      top = &frames[depth++];
      top->node = NULL;
      top->object = NULL;
      top->array = NULL;
      top->duplicates = NULL;
      top->empty = TRUE;

      p = skip_space (p + 1, end);
      if (p < end && *p == '}')
        {
          p++;
          goto close;
        }
      if (p < end && *p == '"')
        goto member;
      set_syntax_error (error, data, end, p, p == end ? UNEXPECTED_END : EXPECTED_NAME_OR_END);
      goto fail;
    }

  /* Every node is in the tree before its value is read: whatever fails,
   * unreffing the root frees all that was built. */
  root = node = json_node_alloc ();

  /* The value at @p, which is not whitespace nor the end, goes to @node. */
value:
  switch (*p)
    {
    case '{':
    case '[':
      if (depth == max_depth)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The message is nested more than %u levels deep"), max_depth);
          goto fail;
        }
      if (depth == n_frames)
        {
          n_frames = MIN (n_frames * 2, max_depth);
          if (frames == inline_frames)
            {
              frames = g_new (Frame, n_frames);
              memcpy (frames, inline_frames, sizeof inline_frames);
            }
          else
            frames = g_renew (Frame, frames, n_frames);
        }

      top = &frames[depth++];
      top->node = node;

      if (*p == '{')
        {
          top->object = json_object_new ();
          top->array = NULL;
          top->duplicates = NULL;
          top->empty = TRUE;
          json_node_init (node, JSON_NODE_OBJECT);
          json_node_take_object (node, top->object);

          p = skip_space (p + 1, end);
          if (p < end && *p == '}')
            {
              p++;
              goto close;
            }
          if (p < end && *p == '"')
            goto member;
          set_syntax_error (error, data, end, p, p == end ? UNEXPECTED_END : EXPECTED_NAME_OR_END);
          goto fail;
        }

      top->object = NULL;
      top->array = json_array_new ();
      top->duplicates = NULL;
      json_node_init (node, JSON_NODE_ARRAY);
      json_node_take_array (node, top->array);

      p = skip_space (p + 1, end);
      if (p == end)
        {
          set_syntax_error (error, data, end, end, UNEXPECTED_END);
          goto fail;
        }
      if (*p == ']')
        {
          p++;
          goto close;
        }
      node = add_element (top);
      goto value;

    case '"':
      if (!read_string (&buffer, data, &p, end, error))
        goto fail;
      json_node_init_string (node, buffer.str);
      break;

    case 't':
      if (!read_literal (data, &p, end, "true", 4, error))
        goto fail;
      json_node_init_boolean (node, TRUE);
      break;

    case 'f':
      if (!read_literal (data, &p, end, "false", 5, error))
        goto fail;
      json_node_init_boolean (node, FALSE);
      break;

    case 'n':
      if (!read_literal (data, &p, end, "null", 4, error))
        goto fail;
      json_node_init_null (node);
      break;

    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
      if (!read_number (&buffer, data, &p, end, node, error))
        goto fail;
      break;

    default:
      set_syntax_error (error, data, end, p, EXPECTED_VALUE);
      goto fail;
    }

  /* After a value, which is complete: what comes next in its container. */
next:
  if (top == NULL)
    goto done;

  p = skip_space (p, end);
  if (p == end)
    {
      set_syntax_error (error, data, end, end, UNEXPECTED_END);
      goto fail;
    }

  if (top->array == NULL)
    {
      if (*p == '}')
        {
          p++;
          goto close;
        }
      if (*p != ',')
        {
          set_syntax_error (error, data, end, p, EXPECTED_OBJECT_NEXT);
          goto fail;
        }
      p = skip_space (p + 1, end);
      if (p < end && *p == '"')
        goto member;
      set_syntax_error (error, data, end, p, p == end ? UNEXPECTED_END : EXPECTED_NAME);
      goto fail;
    }

  if (*p == ']')
    {
      p++;
      goto close;
    }
  if (*p != ',')
    {
      set_syntax_error (error, data, end, p, EXPECTED_ARRAY_NEXT);
      goto fail;
    }
  p = skip_space (p + 1, end);
  if (p == end)
    {
      set_syntax_error (error, data, end, end, UNEXPECTED_END);
      goto fail;
    }
  node = add_element (top);
  goto value;

  /* The container on top of the stack ended just before @p. */
close:
  if (G_UNLIKELY (top->duplicates != NULL))
    resolve_duplicates (top);
  depth--;
  top = depth > 0 ? &frames[depth - 1] : NULL;
  goto next;

  /* A member of the object on top of the stack, whose name starts at @p. */
member:
  if (!read_string (&buffer, data, &p, end, error))
    goto fail;
  if (G_UNLIKELY (top->object == NULL))
    node = add_envelope_member (env, buffer.str, &other);
  else
    node = add_member (top, buffer.str);

  p = skip_space (p, end);
  if (p == end || *p != ':')
    {
      set_syntax_error (error, data, end, p, p == end ? UNEXPECTED_END : EXPECTED_COLON);
      goto fail;
    }
  p = skip_space (p + 1, end);
  if (p == end)
    {
      set_syntax_error (error, data, end, end, UNEXPECTED_END);
      goto fail;
    }
  goto value;

done:
  p = skip_space (p, end);
  if (p != end)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The message goes on after its end"));
      goto fail;
    }

  if (frames != inline_frames)
    g_free (frames);
  buffer_clear (&buffer);
  g_clear_pointer (&other, json_node_unref);

  *root_out = root;
  return TRUE;

fail:
  /* The values of repeated names are not in the tree yet. */
  for (gsize i = 0; i < depth; i++)
    g_clear_pointer (&frames[i].duplicates, g_hash_table_unref);
  if (frames != inline_frames)
    g_free (frames);
  buffer_clear (&buffer);
  g_clear_pointer (&root, json_node_unref);
  g_clear_pointer (&other, json_node_unref);
  if (env != NULL)
    _mcp_json_envelope_clear (env);

  return FALSE;
}

JsonNode *
_mcp_json_read (const char  *data,
                gsize        len,
                guint        max_depth,
                GError     **error)
{
  JsonNode *root;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  read_json (data, len, max_depth, NULL, &root, error);
  return root;
}

/* Reads one message as _mcp_json_read () does, but an object, a message
 * of its own, is read into @env's members, without a tree of the object
 * itself: its id, method, params, result and error (what another member
 * holds is read, and dropped), each without a parent. A batch (an array)
 * is read into @env->batch, as a tree. On an error, @env is left empty.
 * Free the members with _mcp_json_envelope_clear (). */
gboolean
_mcp_json_read_envelope (const char       *data,
                         gsize             len,
                         guint             max_depth,
                         McpJsonEnvelope  *env,
                         GError          **error)
{
  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  g_return_val_if_fail (env != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (env, 0, sizeof *env);
  return read_json (data, len, max_depth, env, &env->batch, error);
}

void
_mcp_json_envelope_clear (McpJsonEnvelope *env)
{
  g_clear_pointer (&env->batch, json_node_unref);
  g_clear_pointer (&env->id, json_node_unref);
  g_clear_pointer (&env->method, json_node_unref);
  g_clear_pointer (&env->params, json_node_unref);
  g_clear_pointer (&env->result, json_node_unref);
  g_clear_pointer (&env->error, json_node_unref);
}

/* The reader's lexical layer, for the other readers of messages
 * (mcp-json-progress.c). */
void
_mcp_json_buffer_init (McpJsonBuffer *buffer)
{
  buffer_init (buffer);
}

void
_mcp_json_buffer_clear (McpJsonBuffer *buffer)
{
  buffer_clear (buffer);
}

const char *
_mcp_json_skip_space (const char *p,
                      const char *end)
{
  return skip_space (p, end);
}

const char *
_mcp_json_scan_plain (const char *p,
                      const char *end,
                      gboolean   *high)
{
  return scan_plain (p, end, high);
}

gboolean
_mcp_json_read_string (McpJsonBuffer  *buffer,
                       const char     *data,
                       const char    **pp,
                       const char     *end,
                       GError        **error)
{
  return read_string (buffer, data, pp, end, error);
}

gboolean
_mcp_json_read_number (McpJsonBuffer  *buffer,
                       const char     *data,
                       const char    **pp,
                       const char     *end,
                       gboolean       *integer,
                       gint64         *ivalue,
                       double         *dvalue,
                       GError        **error)
{
  return read_number_value (buffer, data, pp, end, integer, ivalue, dvalue, error);
}
