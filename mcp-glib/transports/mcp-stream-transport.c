/* mcp-stream-transport.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * McpStreamTransport speaks MCP's stdio framing over any pair of streams:
 * one compact JSON text per line in each direction. Reading goes through
 * the bounded line reader, so a peer cannot make it buffer more than the
 * maximum message size. Writing (mcp-stream-transport-output.c) goes
 * through a queue that writes whatever has accumulated in one write and
 * never interleaves two messages; this file holds the object, reading and
 * closing.
 */

#include "config.h"

#include <string.h>

#include <gio/gunixoutputstream.h>
#include <glib/gi18n-lib.h>
#include <glib-unix.h>

#include "mcp-json-private.h"
#include "mcp-line-reader-private.h"
#include "mcp-stream-transport-private.h"
#include "mcp-transport-private.h"

/**
 * McpStreamTransport:
 *
 * A transport over a pair of streams, with newline-delimited JSON framing.
 *
 * This is the framing of MCP's stdio transport, usable over any
 * [class@Gio.InputStream] and [class@Gio.OutputStream]: pipes, a socket, or
 * an in-memory pair in tests. [class@Mcp.StdioTransport] builds on it.
 *
 * Incoming lines that are not JSON are skipped with a warning and counted
 * (see [method@Mcp.StreamTransport.get_skipped_lines]); blank lines are
 * ignored, and so is a UTF-8 byte-order mark at the start of a line (as
 * some runtimes write before their first message). A line longer than [property@Mcp.StreamTransport:max-message-size]
 * is never held in memory whole: it is skipped and reported with
 * [signal@Mcp.Transport::message-discarded], and the connection stays usable.
 *
 * Since: 1.0
 */

/* Only the first few junk lines are logged; the count keeps going. */
#define MAX_WARNED_LINES 5

G_DEFINE_TYPE_WITH_PRIVATE (McpStreamTransport, mcp_stream_transport, MCP_TYPE_TRANSPORT)

McpStreamTransportPrivate *
_mcp_stream_transport_get_private (McpStreamTransport *self)
{
  return mcp_stream_transport_get_instance_private (self);
}

enum {
  PROP_0,
  PROP_INPUT_STREAM,
  PROP_OUTPUT_STREAM,
  PROP_MAX_MESSAGE_SIZE,
  PROP_SKIPPED_LINES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
excerpt (const char *data,
         gsize       len)
{
  g_autofree char *valid = g_utf8_make_valid (data, MIN (len, 120));

  return g_strescape (valid, NULL);
}

static void
skip_line (McpStreamTransport *self,
           const GError       *error,
           const char         *line,
           gsize               len)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);
  g_autofree char *head = NULL;
  gsize tail_start;

  priv->skipped_lines++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SKIPPED_LINES]);

  if (priv->skipped_lines <= MAX_WARNED_LINES)
    {
      g_autofree char *shown = excerpt (line, len);

      g_warning ("Skipped a line from the server that is not a JSON-RPC message (%s): \"%s\"%s",
                 error->message, shown,
                 priv->skipped_lines == MAX_WARNED_LINES ? "; further ones are only counted" : "");
    }

  /* The line may still be a recognisable answer (cut short, or with bad
   * UTF-8): let the layer above fail the call it belongs to. */
  /* Excerpts are strings for bindings too: never invalid UTF-8. */
  head = g_utf8_make_valid (line, MIN (len, MCP_LINE_READER_EXCERPT_SIZE));
  tail_start = len > MCP_LINE_READER_EXCERPT_SIZE ? len - MCP_LINE_READER_EXCERPT_SIZE : 0;
  {
    g_autofree char *tail = g_utf8_make_valid (line + tail_start, len - tail_start);

    mcp_transport_deliver_discarded (MCP_TRANSPORT (self), error, head, tail);
  }
}

static void
on_line (const char *line,
         gsize       len,
         gpointer    user_data)
{
  McpStreamTransport *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;

  /* RFC 8259 lets a parser ignore a byte-order mark before a JSON text,
   * and servers on some runtimes write one before their first message. */
  if (len >= 3 && memcmp (line, "\xEF\xBB\xBF", 3) == 0)
    {
      line += 3;
      len -= 3;
    }

  if (_mcp_json_text_is_blank (line, len))
    return;

  if (G_UNLIKELY (g_getenv ("G_MESSAGES_DEBUG") != NULL))
    g_debug ("← %.*s", (int) MIN (len, 2000), line);

  if (_mcp_transport_receive_text (MCP_TRANSPORT (self), line, len, TRUE))
    return;

  root = _mcp_json_parse_message (line, len, &error);
  if (root == NULL)
    {
      skip_line (self, error, line, len);
      return;
    }

  mcp_transport_deliver_message (MCP_TRANSPORT (self), root);
}

static void
on_oversized (guint64     size,
              const char *head,
              gsize       head_len,
              const char *tail,
              gsize       tail_len,
              gpointer    user_data)
{
  McpStreamTransport *self = user_data;
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *head_str = g_utf8_make_valid (head, head_len);
  g_autofree char *tail_str = g_utf8_make_valid (tail, tail_len);
  g_autofree char *size_str = g_strdup_printf ("%" G_GUINT64_FORMAT, size);
  g_autofree char *max_str = g_strdup_printf ("%" G_GUINT64_FORMAT, priv->max_message_size);

  /* Translators: the numbers are byte counts. */
  error = g_error_new (G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                       _("The server sent a message of %s bytes, more than the maximum of %s "
                         "bytes; raise the transport’s max-message-size to accept it"),
                       size_str, max_str);
  g_debug ("%s", error->message);

  mcp_transport_deliver_discarded (MCP_TRANSPORT (self), error, head_str, tail_str);
}

static void
on_end (const GError *error,
        gpointer      user_data)
{
  McpStreamTransport *self = user_data;
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);
  g_autoptr(GError) ended = NULL;

  if (priv->closing)
    return;

  if (error != NULL)
    ended = g_error_new (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                         _("Reading from the server failed: %s"), error->message);
  else
    ended = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                                 _("The server closed the connection"));

  if (priv->skipped_lines > 0)
    {
      g_autofree char *message = g_steal_pointer (&ended->message);

      ended->message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     "%s (%u line of its output was not JSON-RPC "
                                                     "and was skipped)",
                                                     "%s (%u lines of its output were not "
                                                     "JSON-RPC and were skipped)",
                                                     priv->skipped_lines),
                                        message, priv->skipped_lines);
    }

  g_object_ref (self);
  MCP_STREAM_TRANSPORT_GET_CLASS (self)->input_ended (self, ended);
  g_object_unref (self);
}

static void
mcp_stream_transport_real_input_ended (McpStreamTransport *self,
                                       const GError       *error)
{
  mcp_transport_deliver_closed (MCP_TRANSPORT (self), error);
}

/* Nothing can be sent any more: the connection is as good as ended. */
static void
mcp_stream_transport_real_output_failed (McpStreamTransport *self,
                                         const GError       *error)
{
  mcp_transport_deliver_closed (MCP_TRANSPORT (self), error);
}

static void
mcp_stream_transport_closed (McpTransport *transport,
                             const GError *error)
{
  McpStreamTransport *self = MCP_STREAM_TRANSPORT (transport);
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);
  g_autoptr(GError) local_error = NULL;

  if (priv->reader != NULL)
    _mcp_line_reader_stop (priv->reader);

  if (error == NULL)
    error = local_error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                               _("The connection is closed"));
  _mcp_stream_transport_fail_queue (self, error);

  /* Nothing is written after the end; a write in progress is abandoned. */
  _mcp_stream_transport_cancel_writing (self);
}

static void
mcp_stream_transport_open (McpTransport *transport,
                           GCancellable *cancellable,
                           GTask        *task)
{
  McpStreamTransport *self = MCP_STREAM_TRANSPORT (transport);
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  if (priv->opened)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               _("The transport was already opened; create a new one to reconnect"));
      return;
    }

  if (priv->input == NULL || priv->output == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                               _("The transport has no input or output stream"));
      return;
    }

  priv->opened = TRUE;
  if (priv->own_pipes && G_IS_UNIX_OUTPUT_STREAM (priv->output))
    {
      int fd = g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (priv->output));

      if (g_unix_set_fd_nonblocking (fd, TRUE, NULL))
        priv->output_fd = fd;
    }
  priv->reader = _mcp_line_reader_new (priv->input, priv->max_message_size);
  _mcp_line_reader_start (priv->reader, on_line, on_oversized, on_end, _mcp_stream_transport_flush_read_batch, self);

  g_task_return_boolean (task, TRUE);
}

static void
complete_close (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&priv->close_tasks);

  priv->close_done = TRUE;
  mcp_transport_deliver_closed (MCP_TRANSPORT (self), NULL);

  for (guint i = 0; tasks != NULL && i < tasks->len; i++)
    g_task_return_boolean (tasks->pdata[i], TRUE);
}

static void
input_closed_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(McpStreamTransport) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!_mcp_line_reader_close_finish (result, &error))
    g_debug ("Closing the input stream failed: %s", error->message);

  complete_close (self);
}

/* Both streams are closed before the close completes, so that a peer
 * still writing learns at once that nobody reads. */
void
_mcp_stream_transport_finish_close (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  if (priv->output != NULL)
    g_output_stream_close (priv->output, NULL, NULL);

  if (priv->reader != NULL)
    {
      _mcp_line_reader_close_async (priv->reader, input_closed_cb, g_object_ref (self));
      return;
    }

  if (priv->input != NULL)
    g_input_stream_close (priv->input, NULL, NULL);
  complete_close (self);
}

/* For a subclass that reaches its peer again (see the reopen virtual
 * method): forgets the ended connection, so that it can be given new
 * streams and opened again. Fails while the old one is still being
 * written to or closed. */
gboolean
_mcp_stream_transport_reset (McpStreamTransport  *self,
                             GError             **error)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  if (priv->batch != NULL || priv->writable_source != NULL || priv->close_tasks != NULL ||
      !g_queue_is_empty (&priv->queue) || !g_queue_is_empty (&priv->stranded))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           _("The ended connection is still being closed"));
      return FALSE;
    }

  if (priv->reader != NULL)
    _mcp_line_reader_stop (priv->reader);
  g_clear_pointer (&priv->reader, _mcp_line_reader_unref);
  _mcp_stream_transport_cancel_writing (self);
  g_clear_object (&priv->write_cancellable);
  priv->write_cancellable = g_cancellable_new ();
  g_clear_error (&priv->write_error);
  priv->output_fd = -1;
  priv->skipped_lines = 0;
  priv->opened = FALSE;
  priv->closing = FALSE;
  priv->close_done = FALSE;

  return TRUE;
}

static void
mcp_stream_transport_close (McpTransport *transport,
                            GCancellable *cancellable,
                            GTask        *task)
{
  McpStreamTransport *self = MCP_STREAM_TRANSPORT (transport);
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  if (priv->close_done)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (priv->close_tasks == NULL)
    priv->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (priv->close_tasks, g_object_ref (task));

  if (priv->closing)
    return;

  priv->closing = TRUE;
  if (priv->reader != NULL)
    _mcp_line_reader_stop (priv->reader);
  _mcp_stream_transport_fail_queue (self, &(GError) { G_IO_ERROR, G_IO_ERROR_CLOSED,
                                                      (char *) _("The connection is closed") });

  /* A write in progress is cut short; _mcp_stream_transport_finish_close runs when it returns. */
  _mcp_stream_transport_cancel_writing (self);
  _mcp_stream_transport_write_next (self);
}

static void
mcp_stream_transport_dispose (GObject *object)
{
  McpStreamTransport *self = (McpStreamTransport *)object;
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  if (priv->reader != NULL)
    _mcp_line_reader_stop (priv->reader);
  g_clear_pointer (&priv->reader, _mcp_line_reader_unref);
  _mcp_stream_transport_cancel_writing (self);

  G_OBJECT_CLASS (mcp_stream_transport_parent_class)->dispose (object);
}

static void
mcp_stream_transport_finalize (GObject *object)
{
  McpStreamTransport *self = (McpStreamTransport *)object;
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  g_assert (g_queue_is_empty (&priv->queue));
  g_assert (g_queue_is_empty (&priv->stranded));
  g_assert (priv->batch == NULL);

  g_clear_object (&priv->input);
  g_clear_object (&priv->output);
  g_clear_object (&priv->write_cancellable);
  g_clear_error (&priv->write_error);
  g_clear_pointer (&priv->close_tasks, g_ptr_array_unref);
  g_clear_pointer (&priv->batch_bytes, g_bytes_unref);

  G_OBJECT_CLASS (mcp_stream_transport_parent_class)->finalize (object);
}

static void
mcp_stream_transport_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  McpStreamTransport *self = MCP_STREAM_TRANSPORT (object);
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_INPUT_STREAM:
      g_value_set_object (value, priv->input);
      break;

    case PROP_OUTPUT_STREAM:
      g_value_set_object (value, priv->output);
      break;

    case PROP_MAX_MESSAGE_SIZE:
      g_value_set_uint64 (value, priv->max_message_size);
      break;

    case PROP_SKIPPED_LINES:
      g_value_set_uint (value, priv->skipped_lines);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_stream_transport_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  McpStreamTransport *self = MCP_STREAM_TRANSPORT (object);
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_INPUT_STREAM:
      g_set_object (&priv->input, g_value_get_object (value));
      break;

    case PROP_OUTPUT_STREAM:
      g_set_object (&priv->output, g_value_get_object (value));
      break;

    case PROP_MAX_MESSAGE_SIZE:
      mcp_stream_transport_set_max_message_size (self, g_value_get_uint64 (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_stream_transport_class_init (McpStreamTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpTransportClass *transport_class = MCP_TRANSPORT_CLASS (klass);

  object_class->dispose = mcp_stream_transport_dispose;
  object_class->finalize = mcp_stream_transport_finalize;
  object_class->get_property = mcp_stream_transport_get_property;
  object_class->set_property = mcp_stream_transport_set_property;

  transport_class->open = mcp_stream_transport_open;
  transport_class->send = _mcp_stream_transport_send;
  transport_class->close = mcp_stream_transport_close;
  transport_class->closed = mcp_stream_transport_closed;

  klass->input_ended = mcp_stream_transport_real_input_ended;
  klass->output_failed = mcp_stream_transport_real_output_failed;

  /**
   * McpStreamTransport:input-stream:
   *
   * The stream messages are read from.
   *
   * Since: 1.0
   */
  properties[PROP_INPUT_STREAM] =
    g_param_spec_object ("input-stream", NULL, NULL,
                         G_TYPE_INPUT_STREAM,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStreamTransport:output-stream:
   *
   * The stream messages are written to.
   *
   * Since: 1.0
   */
  properties[PROP_OUTPUT_STREAM] =
    g_param_spec_object ("output-stream", NULL, NULL,
                         G_TYPE_OUTPUT_STREAM,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStreamTransport:max-message-size:
   *
   * The longest incoming message accepted, in bytes. Longer ones are
   * skipped without being held in memory, and reported with
   * [signal@Mcp.Transport::message-discarded] (the client fails the call
   * the message answered with %G_IO_ERROR_MESSAGE_TOO_LARGE, or ends the
   * connection with it when it cannot tell which call that was).
   *
   * The default is %MCP_STREAM_TRANSPORT_DEFAULT_MAX_MESSAGE_SIZE (64 MiB).
   *
   * Since: 1.0
   */
  properties[PROP_MAX_MESSAGE_SIZE] =
    g_param_spec_uint64 ("max-message-size", NULL, NULL,
                         1, G_MAXSIZE, MCP_STREAM_TRANSPORT_DEFAULT_MAX_MESSAGE_SIZE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStreamTransport:skipped-lines:
   *
   * How many incoming lines were skipped because they were not JSON-RPC
   * messages (blank lines are not counted).
   *
   * Since: 1.0
   */
  properties[PROP_SKIPPED_LINES] =
    g_param_spec_uint ("skipped-lines", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_stream_transport_init (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  priv->max_message_size = MCP_STREAM_TRANSPORT_DEFAULT_MAX_MESSAGE_SIZE;
  priv->write_cancellable = g_cancellable_new ();
  priv->output_fd = -1;
  g_queue_init (&priv->queue);
  g_queue_init (&priv->stranded);

  _mcp_transport_set_direct_send (MCP_TRANSPORT (self), _mcp_stream_transport_send,
                                  _mcp_stream_transport_send_direct,
                                  _mcp_stream_transport_send_text);
}

/**
 * mcp_stream_transport_new:
 * @input: the stream to read messages from
 * @output: the stream to write messages to
 *
 * Creates a transport that speaks newline-delimited JSON-RPC over two
 * streams. The transport closes both streams when it closes.
 *
 * Returns: (transfer full): a new transport
 *
 * Since: 1.0
 */
McpStreamTransport *
mcp_stream_transport_new (GInputStream  *input,
                          GOutputStream *output)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (input), NULL);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (output), NULL);

  return g_object_new (MCP_TYPE_STREAM_TRANSPORT,
                       "input-stream", input,
                       "output-stream", output,
                       NULL);
}

void
_mcp_stream_transport_set_streams (McpStreamTransport *self,
                                   GInputStream       *input,
                                   GOutputStream      *output)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_STREAM_TRANSPORT (self));
  g_return_if_fail (!priv->opened);

  if (g_set_object (&priv->input, input))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INPUT_STREAM]);
  if (g_set_object (&priv->output, output))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OUTPUT_STREAM]);

  /* Nobody else writes to these pipes: the output may be made non-blocking
   * and written to directly. */
  priv->own_pipes = TRUE;
}

/**
 * mcp_stream_transport_get_input_stream:
 * @self: a stream transport
 *
 * Gets the input stream.
 *
 * Returns: (transfer none) (nullable): the input stream
 *
 * Since: 1.0
 */
GInputStream *
mcp_stream_transport_get_input_stream (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_STREAM_TRANSPORT (self), NULL);

  return priv->input;
}

/**
 * mcp_stream_transport_get_output_stream:
 * @self: a stream transport
 *
 * Gets the output stream.
 *
 * Returns: (transfer none) (nullable): the output stream
 *
 * Since: 1.0
 */
GOutputStream *
mcp_stream_transport_get_output_stream (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_STREAM_TRANSPORT (self), NULL);

  return priv->output;
}

/**
 * mcp_stream_transport_get_max_message_size:
 * @self: a stream transport
 *
 * Gets the longest incoming message accepted, in bytes.
 *
 * Returns: the longest incoming message accepted, in bytes
 *
 * Since: 1.0
 */
guint64
mcp_stream_transport_get_max_message_size (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_STREAM_TRANSPORT (self), 0);

  return priv->max_message_size;
}

/**
 * mcp_stream_transport_set_max_message_size:
 * @self: a stream transport
 * @max_message_size: the longest incoming message to accept, in bytes
 *
 * Sets [property@Mcp.StreamTransport:max-message-size]. It may be changed
 * at any time; it applies from the next message on.
 *
 * Since: 1.0
 */
void
mcp_stream_transport_set_max_message_size (McpStreamTransport *self,
                                           guint64             max_message_size)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_STREAM_TRANSPORT (self));
  g_return_if_fail (max_message_size > 0);

  max_message_size = MIN (max_message_size, G_MAXSIZE);
  if (priv->max_message_size == max_message_size)
    return;

  priv->max_message_size = max_message_size;
  if (priv->reader != NULL)
    _mcp_line_reader_set_max_line (priv->reader, max_message_size);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_MESSAGE_SIZE]);
}

/**
 * mcp_stream_transport_get_skipped_lines:
 * @self: a stream transport
 *
 * Gets how many incoming lines were skipped because they were not JSON-RPC
 * messages.
 *
 * Returns: how many incoming lines were skipped because they were not
 *   JSON-RPC messages
 *
 * Since: 1.0
 */
guint
mcp_stream_transport_get_skipped_lines (McpStreamTransport *self)
{
  McpStreamTransportPrivate *priv = mcp_stream_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_STREAM_TRANSPORT (self), 0);

  return priv->skipped_lines;
}
