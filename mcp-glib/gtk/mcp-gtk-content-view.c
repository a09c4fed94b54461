/* mcp-gtk-content-view.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Shows what a server sent back: the content blocks of a tool result or a
 * prompt's messages, a result's structured content, a resource's contents.
 * Text is selectable text, images become textures, audio can be played and
 * saved, binary resources are files to save, resource links are announced
 * by ::resource-activated (web addresses open in the browser), and
 * anything else is shown as its JSON, so nothing a server sends is hidden.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-gtk-content-view.h"
#include "mcp-gtk-private.h"

struct _McpGtkContentView
{
  GtkWidget parent_instance;
};

enum
{
  SIGNAL_RESOURCE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/**
 * McpGtkContentView:
 *
 * Shows what a server sent: the content blocks of a tool result
 * ([class@Mcp.ToolResult]), a resource's contents
 * ([class@Mcp.ResourceContents]) or a prompt's messages
 * ([class@Mcp.PromptResult]), every kind of [class@Mcp.Content].
 *
 * Text is selectable, images are shown (with their type and size as their
 * accessible description), audio can be played and saved, binary
 * resources saved, a link to a web page opens the browser, a link to a
 * resource emits [signal@McpGtk.ContentView::resource-activated], and any
 * other block is shown as its JSON.
 *
 * Since: 1.0
 */
G_DEFINE_FINAL_TYPE (McpGtkContentView, mcp_gtk_content_view, GTK_TYPE_WIDGET)

static void
mcp_gtk_content_view_dispose (GObject *object)
{
  mcp_gtk_content_view_clear (MCP_GTK_CONTENT_VIEW (object));

  G_OBJECT_CLASS (mcp_gtk_content_view_parent_class)->dispose (object);
}

static void
mcp_gtk_content_view_class_init (McpGtkContentViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mcp_gtk_content_view_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "mcp-content-view");

  /**
   * McpGtkContentView::resource-activated:
   * @self: the view
   * @uri: the address of the resource
   *
   * Emitted when the user activates a link to a resource that is not a
   * web page (a resource link of a tool result, or the address of a
   * resource's contents): an application reads it with
   * [method@Mcp.Client.read_resource_async] and shows it.
   *
   * Since: 1.0
   */
  signals[SIGNAL_RESOURCE_ACTIVATED] =
    g_signal_new ("resource-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  _mcp_gtk_ensure_init ();
}

static void
mcp_gtk_content_view_init (McpGtkContentView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
}

/**
 * mcp_gtk_content_view_new:
 *
 * Creates an empty view.
 *
 * Returns: (transfer floating): a new view
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_content_view_new (void)
{
  return g_object_new (MCP_GTK_TYPE_CONTENT_VIEW, NULL);
}

/**
 * mcp_gtk_content_view_clear:
 * @self: a view
 *
 * Removes everything the view shows.
 *
 * Since: 1.0
 */
void
mcp_gtk_content_view_clear (McpGtkContentView *self)
{
  GtkWidget *child;

  g_return_if_fail (MCP_GTK_IS_CONTENT_VIEW (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
}

static void
append (McpGtkContentView *self,
        GtkWidget     *child)
{
  gtk_widget_set_parent (child, GTK_WIDGET (self));
}

static GtkWidget *
new_text_label (const char *text,
                gboolean    monospace)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (monospace)
    gtk_widget_add_css_class (label, "monospace");

  return label;
}

/**
 * mcp_gtk_content_view_add_heading:
 * @self: a view
 * @text: the heading
 *
 * Adds a heading (a message's role, a section's title).
 *
 * Since: 1.0
 */
void
mcp_gtk_content_view_add_heading (McpGtkContentView *self,
                             const char    *text)
{
  GtkWidget *label;

  g_return_if_fail (MCP_GTK_IS_CONTENT_VIEW (self));

  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  append (self, label);
}

/**
 * mcp_gtk_content_view_add_error:
 * @self: a view
 * @message: what went wrong
 *
 * Adds an error message, in the style of errors.
 *
 * Since: 1.0
 */
void
mcp_gtk_content_view_add_error (McpGtkContentView *self,
                           const char    *message)
{
  GtkWidget *label;

  g_return_if_fail (MCP_GTK_IS_CONTENT_VIEW (self));

  label = new_text_label (message, FALSE);
  gtk_widget_add_css_class (label, "error");
  append (self, label);
}

/**
 * mcp_gtk_content_view_add_json:
 * @self: a view
 * @node: a JSON value
 *
 * Adds @node, pretty-printed.
 *
 * Since: 1.0
 */
void
mcp_gtk_content_view_add_json (McpGtkContentView *self,
                          JsonNode      *node)
{
  g_autofree char *text = NULL;

  g_return_if_fail (MCP_GTK_IS_CONTENT_VIEW (self));

  text = json_to_string (node, TRUE);
  append (self, new_text_label (text, TRUE));
}

static void
on_saved (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GtkWidget) button = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (object), result, NULL, &error))
    {
      gtk_button_set_label (GTK_BUTTON (button), _("Could not save"));
      gtk_widget_set_tooltip_text (button, error->message);
    }
  else
    {
      gtk_button_set_label (GTK_BUTTON (button), _("Saved"));
    }
}

static void
on_save_chosen (GtkNativeDialog *chooser,
                int              response,
                gpointer         user_data)
{
  GtkWidget *button = user_data;
  GBytes *bytes = g_object_get_data (G_OBJECT (button), "bytes");
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                         on_saved, g_object_ref (button));

  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
on_save_clicked (GtkButton *button)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (button));
  const char *name = g_object_get_data (G_OBJECT (button), "file-name");
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Save As"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_chosen), button);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* A line saying what the bytes are, and a button to save them. */
static GtkWidget *
new_bytes_row (const char *what,
               const char *mime_type,
               GBytes     *bytes,
               const char *file_name)
{
  g_autofree char *size = g_format_size (bytes != NULL ? g_bytes_get_size (bytes) : 0);
  /* TRANSLATORS: what, its MIME type and its size, e.g. "Audio, audio/wav, 2.1 kB" */
  g_autofree char *text = g_strdup_printf (_("%s, %s, %s"), what,
                                           mime_type != NULL ? mime_type : _("unknown type"),
                                           size);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Save…"));
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), button);
  gtk_widget_set_sensitive (button, bytes != NULL);
  if (bytes != NULL)
    g_object_set_data_full (G_OBJECT (button), "bytes", g_bytes_ref (bytes),
                            (GDestroyNotify) g_bytes_unref);
  g_object_set_data_full (G_OBJECT (button), "file-name", g_strdup (file_name), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (on_save_clicked), NULL);

  return row;
}

/* Audio: controls to play it, and its line to save it. */
static GtkWidget *
new_audio (McpContent *content)
{
  GBytes *data = mcp_content_get_data (content);
  const char *mime_type = mcp_content_get_mime_type (content);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  if (data != NULL)
    {
      g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_bytes (data);
      g_autoptr(GtkMediaStream) media = gtk_media_file_new_for_input_stream (stream);
      GtkWidget *controls = gtk_media_controls_new (media);

      /* TRANSLATORS: the accessible name of the controls that play audio */
      gtk_accessible_update_property (GTK_ACCESSIBLE (controls),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Play audio"),
                                      -1);
      gtk_box_append (GTK_BOX (box), controls);
    }
  gtk_box_append (GTK_BOX (box), new_bytes_row (_("Audio"), mime_type, data, "audio"));

  return box;
}

static GtkWidget *
new_image (McpContent *content)
{
  GBytes *data = mcp_content_get_data (content);
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  GtkWidget *picture;

  if (data != NULL)
    texture = gdk_texture_new_from_bytes (data, &error);
  if (texture == NULL)
    {
      /* TRANSLATORS: %s says why, e.g. "Unrecognized image file format" */
      g_autofree char *message = g_strdup_printf (_("The image cannot be shown: %s"),
                                                  error != NULL ? error->message
                                                                : _("it has no data"));
      GtkWidget *label = new_text_label (message, FALSE);

      gtk_widget_add_css_class (label, "error");
      return label;
    }

  picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
  gtk_widget_set_halign (picture, GTK_ALIGN_START);
  /* TRANSLATORS: the accessible description of an image a server sent:
   * its MIME type, width and height */
  description = g_strdup_printf (_("Image, %s, %d × %d"),
                                 mcp_content_get_mime_type (content),
                                 gdk_texture_get_width (texture),
                                 gdk_texture_get_height (texture));
  gtk_accessible_update_property (GTK_ACCESSIBLE (picture),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description,
                                  -1);
  gtk_widget_set_tooltip_text (picture, description);

  return picture;
}

static void
on_link_clicked (GtkButton *button)
{
  GtkWidget *view = gtk_widget_get_ancestor (GTK_WIDGET (button), MCP_GTK_TYPE_CONTENT_VIEW);
  const char *uri = g_object_get_data (G_OBJECT (button), "uri");

  if (view != NULL)
    g_signal_emit (view, signals[SIGNAL_RESOURCE_ACTIVATED], 0, uri);
}

static GtkWidget *
new_link (const char *uri,
          const char *name)
{
  const char *scheme = g_uri_peek_scheme (uri);
  const char *label = name != NULL && *name != '\0' ? name : uri;
  GtkWidget *button;

  if (g_strcmp0 (scheme, "http") == 0 || g_strcmp0 (scheme, "https") == 0)
    {
      button = gtk_link_button_new_with_label (uri, label);
    }
  else
    {
      button = gtk_button_new_with_label (label);
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data_full (G_OBJECT (button), "uri", g_strdup (uri), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (on_link_clicked), NULL);
    }

  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (button, uri);

  return button;
}

static char *
file_name_for_uri (const char *uri,
                   const char *fallback)
{
  const char *slash = uri != NULL ? strrchr (uri, '/') : NULL;

  if (slash != NULL && slash[1] != '\0')
    return g_strdup (slash + 1);

  return g_strdup (fallback);
}

static void
add_resource_contents (McpGtkContentView       *self,
                       McpResourceContents *contents)
{
  const char *uri = mcp_resource_contents_get_uri (contents);
  const char *mime_type = mcp_resource_contents_get_mime_type (contents);

  append (self, new_link (uri, uri));

  if (mcp_resource_contents_get_is_blob (contents))
    {
      GBytes *data = mcp_resource_contents_get_data (contents);
      g_autofree char *file_name = file_name_for_uri (uri, "resource");

      if (data != NULL && mime_type != NULL && g_str_has_prefix (mime_type, "image/"))
        {
          g_autoptr(GdkTexture) texture = gdk_texture_new_from_bytes (data, NULL);

          if (texture != NULL)
            {
              GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));

              gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
              gtk_widget_set_halign (picture, GTK_ALIGN_START);
              append (self, picture);
            }
        }
      /* TRANSLATORS: a resource's binary contents */
      append (self, new_bytes_row (_("Binary data"), mime_type, data, file_name));
    }
  else
    {
      const char *text = mcp_resource_contents_get_text (contents);

      append (self, new_text_label (text != NULL ? text : "", TRUE));
    }
}

/**
 * mcp_gtk_content_view_add_content:
 * @self: a view
 * @content: a content block
 *
 * Adds a content block, shown as fits its kind.
 *
 * Since: 1.0
 */
void
mcp_gtk_content_view_add_content (McpGtkContentView *self,
                             McpContent    *content)
{
  g_return_if_fail (MCP_GTK_IS_CONTENT_VIEW (self));
  g_return_if_fail (MCP_IS_CONTENT (content));

  switch (mcp_content_get_kind (content))
    {
    case MCP_CONTENT_KIND_TEXT:
      append (self, new_text_label (mcp_content_get_text (content), FALSE));
      break;

    case MCP_CONTENT_KIND_IMAGE:
      append (self, new_image (content));
      break;

    case MCP_CONTENT_KIND_AUDIO:
      append (self, new_audio (content));
      break;

    case MCP_CONTENT_KIND_RESOURCE_LINK:
      append (self, new_link (mcp_content_get_uri (content), mcp_content_get_name (content)));
      break;

    case MCP_CONTENT_KIND_RESOURCE:
      {
        JsonObject *json = mcp_content_get_json (content);
        g_autoptr(McpResourceContents) contents = NULL;

        if (json_object_has_member (json, "resource")
            && JSON_NODE_HOLDS_OBJECT (json_object_get_member (json, "resource")))
          contents = mcp_resource_contents_new_from_json (
              json_object_get_object_member (json, "resource"), NULL);

        if (contents != NULL)
          {
            add_resource_contents (self, contents);
            break;
          }
      }
      G_GNUC_FALLTHROUGH;

    case MCP_CONTENT_KIND_UNKNOWN:
    case MCP_CONTENT_KIND_TOOL_USE:
    case MCP_CONTENT_KIND_TOOL_RESULT:
    default:
      {
        g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (),
                                                          mcp_content_get_json (content));

        mcp_gtk_content_view_add_json (self, node);
      }
      break;
    }
}

/**
 * mcp_gtk_content_view_show_tool_result:
 * @self: a view
 * @result: the result of a tool call
 *
 * Shows @result in place of what the view showed: a line saying that the
 * tool reported an error if it did, its content blocks, and its structured
 * content.
 *
 * Since: 1.0
 */
void
mcp_gtk_content_view_show_tool_result (McpGtkContentView *self,
                                  McpToolResult *result)
{
  GListModel *content;
  JsonNode *structured;

  g_return_if_fail (MCP_GTK_IS_CONTENT_VIEW (self));
  g_return_if_fail (MCP_IS_TOOL_RESULT (result));

  mcp_gtk_content_view_clear (self);
  if (mcp_tool_result_get_is_error (result))
    mcp_gtk_content_view_add_error (self, _("The tool reported an error:"));

  content = mcp_tool_result_get_content (result);
  for (guint i = 0; i < g_list_model_get_n_items (content); i++)
    {
      g_autoptr(McpContent) block = g_list_model_get_item (content, i);

      mcp_gtk_content_view_add_content (self, block);
    }

  structured = mcp_tool_result_get_structured_content (result);
  if (structured != NULL)
    {
      mcp_gtk_content_view_add_heading (self, _("Structured content"));
      mcp_gtk_content_view_add_json (self, structured);
    }
}

/**
 * mcp_gtk_content_view_show_resource:
 * @self: a view
 * @contents: a resource's contents, a list of [class@Mcp.ResourceContents]
 *
 * Shows the contents of a resource in place of what the view showed.
 *
 * Since: 1.0
 */
void
mcp_gtk_content_view_show_resource (McpGtkContentView *self,
                               GListModel    *contents)
{
  g_return_if_fail (MCP_GTK_IS_CONTENT_VIEW (self));
  g_return_if_fail (G_IS_LIST_MODEL (contents));

  mcp_gtk_content_view_clear (self);
  for (guint i = 0; i < g_list_model_get_n_items (contents); i++)
    {
      g_autoptr(McpResourceContents) item = g_list_model_get_item (contents, i);

      add_resource_contents (self, item);
    }
}

/**
 * mcp_gtk_content_view_show_prompt_result:
 * @self: a view
 * @result: a prompt's messages
 *
 * Shows a prompt's description and messages, each under its role, in
 * place of what the view showed.
 *
 * Since: 1.0
 */
void
mcp_gtk_content_view_show_prompt_result (McpGtkContentView   *self,
                                    McpPromptResult *result)
{
  GListModel *messages;
  const char *description;

  g_return_if_fail (MCP_GTK_IS_CONTENT_VIEW (self));
  g_return_if_fail (MCP_IS_PROMPT_RESULT (result));

  mcp_gtk_content_view_clear (self);
  description = mcp_prompt_result_get_description (result);
  if (description != NULL)
    append (self, new_text_label (description, FALSE));

  messages = mcp_prompt_result_get_messages (result);
  for (guint i = 0; i < g_list_model_get_n_items (messages); i++)
    {
      g_autoptr(McpPromptMessage) message = g_list_model_get_item (messages, i);

      mcp_gtk_content_view_add_heading (self, mcp_prompt_message_get_role (message));
      mcp_gtk_content_view_add_content (self, mcp_prompt_message_get_content (message));
    }
}
