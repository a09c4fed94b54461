/* mcp-test-util.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The helpers the C test programs share, linked into each of them as a
 * static library. Waiting: an asynchronous call stores its result in a
 * slot with mcp_test_store_result_cb() and the test iterates the default
 * main context until the slot is filled, with mcp_test_await_result(),
 * which fails the whole program, naming what it awaited, after a safety
 * timeout instead of letting a hang run into meson's; or it iterates until
 * a condition holds or some time has passed, with mcp_test_wait_until()
 * and mcp_test_iterate_for(). Expected warnings: the library logs with
 * G_LOG_USE_STRUCTURED, which g_test_expect_message() does not see, so a
 * test announces a warning with mcp_test_expect_warning() and a log writer,
 * installed by mcp_test_init(), swallows it. JSON: parsing a literal and
 * following dotted paths of members, for assertions on what went over the
 * wire.
 *
 * Every test program calls mcp_test_init() from main(), right after
 * g_test_init().
 */

#include "mcp-test-util.h"

static guint safety_timeout_seconds = MCP_TEST_SAFETY_TIMEOUT_SECONDS;

/* ------------------------------------------------------------------------
 * Waiting
 * ------------------------------------------------------------------------ */

/* Sets how long mcp_test_await_result() waits before giving up, for a
 * program whose peer is slower than the default allows for. */
void
mcp_test_set_safety_timeout (guint seconds)
{
  g_assert_cmpuint (seconds, >, 0);

  safety_timeout_seconds = seconds;
}

static gboolean
safety_timeout_cb (gpointer user_data)
{
  g_error ("Gave up waiting for %s after %u seconds", (const char *) user_data,
           safety_timeout_seconds);

  return G_SOURCE_REMOVE;
}

/* A GAsyncReadyCallback; @user_data is a GAsyncResult ** that must be
 * %NULL, and receives a reference to @result. */
void
mcp_test_store_result_cb (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  GAsyncResult **slot = user_data;

  /* Each async call completes exactly once. */
  g_assert_null (*slot);
  *slot = g_object_ref (result);
}

/* Iterates the main context until @slot is filled by
 * mcp_test_store_result_cb(); @what names it if that takes too long.
 * Returns (transfer none) the result, which stays owned by @slot. */
GAsyncResult *
mcp_test_await_result (GAsyncResult **slot,
                       const char    *what)
{
  guint safety_id = g_timeout_add_seconds (safety_timeout_seconds, safety_timeout_cb,
                                           (gpointer) what);

  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);

  g_source_remove (safety_id);

  return *slot;
}

/* Connects @client, iterating the default main context until it is done. */
gboolean
mcp_test_connect (McpClient  *client,
                  GError    **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_connect_async (client, NULL, mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, "connect");

  return mcp_client_connect_finish (client, result, error);
}

/* The arguments of a %NULL-terminated list that starts with @first_arg. */
GStrv
mcp_test_collect_args (const char *first_arg,
                       va_list     args)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (const char *arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_strv_builder_add (builder, arg);

  return g_strv_builder_end (builder);
}

static void
track_pid_cb (McpStdioTransport *transport,
              GParamSpec        *pspec,
              GPid              *pid)
{
  GSubprocess *subprocess = mcp_stdio_transport_get_subprocess (transport);
  const char *identifier;

  /* Noted at spawn time: once the process is reaped it has no id. */
  if (subprocess != NULL && (identifier = g_subprocess_get_identifier (subprocess)) != NULL)
    *pid = atoi (identifier);
}

/* Stores in @pid the process id of @transport's server when it starts,
 * until mcp_test_untrack_pid (). */
void
mcp_test_track_pid (McpStdioTransport *transport,
                    GPid              *pid)
{
  g_signal_connect (transport, "notify::subprocess", G_CALLBACK (track_pid_cb), pid);
}

/* Stops what mcp_test_track_pid () started, before @pid is freed. */
void
mcp_test_untrack_pid (McpStdioTransport *transport,
                      GPid              *pid)
{
  g_signal_handlers_disconnect_by_func (transport, track_pid_cb, pid);
}

static gboolean
wake_up_cb (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Iterates the main context until @condition holds or @timeout_ms passed;
 * returns whether it holds. */
gboolean
mcp_test_wait_until (McpTestCondition condition,
                     gpointer         data,
                     guint            timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  guint wake_id = g_timeout_add (10, wake_up_cb, NULL);
  gboolean met;

  while (!(met = condition (data)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  g_source_remove (wake_id);

  return met;
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

/* Keeps the main context running for @ms milliseconds. */
void
mcp_test_iterate_for (guint ms)
{
  mcp_test_wait_until (never, NULL, ms);
}

/* The milliseconds since @start, a g_get_monotonic_time(). */
gint64
mcp_test_elapsed_ms (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000;
}

/* ------------------------------------------------------------------------
 * Expected warnings
 *
 * g_test_expect_message() only sees messages logged with the old g_log()
 * API, and libmcp logs with G_LOG_USE_STRUCTURED, so expected warnings are
 * matched here instead, by a log writer: a structured warning is made
 * fatal by the default writer, which an expected one never reaches. Only
 * structured messages can be expected this way.
 * ------------------------------------------------------------------------ */

static gboolean initialized;
static GQueue expected_warnings = G_QUEUE_INIT;
static GString *captured_log;

/* Expects the library (log domain "Mcp") to log a warning matching
 * @pattern, a g_pattern_match_simple() pattern, before any other expected
 * one; it is then not shown and does not fail the test. */
void
mcp_test_expect_warning (const char *pattern)
{
  /* Without the log writer, the warning would fail the test. */
  g_assert_true (initialized);

  g_queue_push_tail (&expected_warnings, g_strdup (pattern));
}

/* Asserts that every expected warning came. */
void
mcp_test_assert_expected_warnings (void)
{
  g_assert_cmpstr (g_queue_peek_head (&expected_warnings), ==, NULL);
}

static gboolean
is_expected_warning (const char     *log_domain,
                     GLogLevelFlags  log_level,
                     const char     *message)
{
  const char *pattern = g_queue_peek_head (&expected_warnings);

  return pattern != NULL &&
         (log_level & G_LOG_LEVEL_WARNING) != 0 &&
         g_strcmp0 (log_domain, "Mcp") == 0 &&
         message != NULL &&
         g_pattern_match_simple (pattern, message);
}

static GLogWriterOutput
log_writer (GLogLevelFlags   log_level,
            const GLogField *fields,
            gsize            n_fields,
            gpointer         user_data)
{
  const char *log_domain = NULL;
  const char *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    {
      if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0)
        log_domain = fields[i].value;
      else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0)
        message = fields[i].value;
    }

  if (is_expected_warning (log_domain, log_level, message))
    {
      g_free (g_queue_pop_head (&expected_warnings));
      return G_LOG_WRITER_HANDLED;
    }

  if (captured_log != NULL)
    {
      if (g_strcmp0 (log_domain, "Mcp") == 0 && message != NULL)
        {
          g_string_append (captured_log, message);
          g_string_append_c (captured_log, '\n');
        }
      /* Debug messages are on for the capture, not for showing. */
      if ((log_level & G_LOG_LEVEL_DEBUG) != 0)
        return G_LOG_WRITER_HANDLED;
    }

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}


/* Appends every message of the library, debug ones included, to @sink
 * until called again with %NULL. Debug messages are not written meanwhile. */
void
mcp_test_capture_log (GString *sink)
{
  g_assert_true (initialized);

  captured_log = sink;
  g_log_set_debug_enabled (sink != NULL);
}

/* Installs the log writer that lets expected warnings through; call it
 * once, from main(), after g_test_init(). Messages that were not expected
 * are written and are fatal as they would be without. */
void
mcp_test_init (void)
{
  /* GLib allows one writer per process. */
  g_assert_false (initialized);
  initialized = TRUE;

  g_log_set_writer_func (log_writer, NULL, NULL);
}

/* The Python that runs the scripted servers (they need its standard
 * library only): Debian's, which the suite requires anyway for PyGObject,
 * rather than whatever `python3` comes first on the PATH. A version
 * manager's shim there (pyenv's is a shell script) makes each start of a
 * server take some 0.7 s instead of 0.2, and more than the probe's grace
 * of one second on a busy machine, which changes what the tests see. */
char *
mcp_test_find_python (void)
{
  if (g_file_test ("/usr/bin/python3", G_FILE_TEST_IS_EXECUTABLE))
    return g_strdup ("/usr/bin/python3");

  return g_find_program_in_path ("python3");
}

/* The client @config makes, its inputs asked for as a group would. */
McpClient *
mcp_test_create_configured_client (McpServerConfig  *config,
                                   GError          **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_server_config_create_client_async (config, NULL, mcp_test_store_result_cb, &result);
  return mcp_server_config_create_client_finish (config,
                                                 mcp_test_await_result (&result, "the client"),
                                                 error);
}

/* Saves @registry, which must succeed. */
void
mcp_test_save_registry (McpServerRegistry *registry)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_server_registry_save_async (registry, NULL, mcp_test_store_result_cb, &result);
  g_assert_true (mcp_server_registry_save_finish (registry,
                                                  mcp_test_await_result (&result, "the save"),
                                                  &error));
  g_assert_no_error (error);
}

/* Deletes @file, and everything in it when it is a directory; what
 * cannot be deleted stays, silently. */
void
mcp_test_remove_tree (GFile *file)
{
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME,
                               G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  GFileInfo *info;

  while (children != NULL &&
         g_file_enumerator_iterate (children, &info, NULL, NULL, NULL) && info != NULL)
    {
      g_autoptr(GFile) child = g_file_get_child (file, g_file_info_get_name (info));

      mcp_test_remove_tree (child);
    }

  g_file_delete (file, NULL, NULL);
}

/* ------------------------------------------------------------------------
 * JSON
 * ------------------------------------------------------------------------ */

JsonObject *
mcp_test_parse_object (const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_from_string (json, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));

  return json_object_ref (json_node_get_object (node));
}

/* Follows a dotted path of object members, e.g. "params.clientInfo.name".
 * Returns (transfer none) the member, or %NULL if any step is missing. */
JsonNode *
mcp_test_lookup (JsonObject *object,
        const char *path)
{
  g_auto(GStrv) names = g_strsplit (path, ".", -1);
  JsonNode *node = NULL;

  for (guint i = 0; names[i] != NULL; i++)
    {
      if (object == NULL || !json_object_has_member (object, names[i]))
        return NULL;

      node = json_object_get_member (object, names[i]);
      object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
    }

  return node;
}

JsonObject *
mcp_test_lookup_object (JsonObject *object,
               const char *path)
{
  JsonNode *node = mcp_test_lookup (object, path);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

const char *
mcp_test_lookup_string (JsonObject *object,
               const char *path)
{
  JsonNode *node = mcp_test_lookup (object, path);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

gboolean
mcp_test_lookup_int (JsonObject *object,
            const char *path,
            gint64     *value)
{
  JsonNode *node = mcp_test_lookup (object, path);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;

  *value = json_node_get_int (node);
  return TRUE;
}

gint64
mcp_test_lookup_int_or_fail (JsonObject *object,
                    const char *path)
{
  gint64 value = 0;
  gboolean found = mcp_test_lookup_int (object, path, &value);

  if (!found)
    g_test_message ("No integer at “%s”", path);
  g_assert_true (found);

  return value;
}

void
mcp_test_assert_json_equal (JsonNode   *node,
                   const char *expected)
{
  g_autoptr(JsonNode) wanted = json_from_string (expected, NULL);
  g_autofree char *got = node != NULL ? json_to_string (node, FALSE) : g_strdup ("(nothing)");
  gboolean equal;

  g_assert_nonnull (wanted);
  equal = node != NULL && json_node_equal (node, wanted);
  if (!equal)
    g_test_message ("Got %s, expected %s", got, expected);
  g_assert_true (equal);
}

/* ------------------------------------------------------------------------
 * Calling tools
 * ------------------------------------------------------------------------ */

/* Calls a tool with arguments given as JSON text (or none), and waits for
 * the result. */
McpToolResult *
mcp_test_call_tool (McpClient          *client,
                    const char         *name,
                    const char         *arguments_json,
                    McpRequestOptions  *options,
                    GCancellable       *cancellable,
                    GError            **error)
{
  g_autoptr(JsonObject) arguments = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *what = g_strdup_printf ("the result of the tool %s", name);

  if (arguments_json != NULL)
    arguments = mcp_test_parse_object (arguments_json);

  mcp_client_call_tool_async (client, name, arguments, options, cancellable,
                              mcp_test_store_result_cb, &result);
  mcp_test_await_result (&result, what);

  return mcp_client_call_tool_finish (client, result, error);
}

/* Calls a tool that must succeed, and returns its text. */
char *
mcp_test_call_tool_text (McpClient  *client,
                         const char *name,
                         const char *arguments_json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = mcp_test_call_tool (client, name, arguments_json,
                                                        NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_false (mcp_tool_result_get_is_error (result));

  return mcp_tool_result_dup_text (result);
}

/* Calls a tool that must succeed, and returns its structured content, which
 * must be an object. */
JsonObject *
mcp_test_call_tool_structured (McpClient  *client,
                               const char *name,
                               const char *arguments_json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(McpToolResult) result = mcp_test_call_tool (client, name, arguments_json,
                                                        NULL, NULL, &error);
  JsonNode *structured;

  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_false (mcp_tool_result_get_is_error (result));
  structured = mcp_tool_result_get_structured_content (result);
  g_assert_nonnull (structured);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (structured));

  return json_object_ref (json_node_get_object (structured));
}

/* The test servers' echo tool still answers. */
void
mcp_test_assert_echo_works (McpClient *client)
{
  g_autofree char *text = mcp_test_call_tool_text (client, "echo", "{\"text\":\"still alive\"}");

  g_assert_cmpstr (text, ==, "still alive");
}
