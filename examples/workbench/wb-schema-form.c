/* wb-schema-form.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* A form generated from a JSON Schema object: a tool's input schema, an
 * elicitation's requested schema or a prompt's arguments. Each property
 * becomes a field fit for its type: an entry for a string, a drop-down
 * for an enumeration (plain `enum` or titled `oneOf`/`anyOf` constants), a
 * spin button for an integer, an entry for any number, a check button for
 * a boolean, a nested form for an object with properties, and a JSON text
 * box for everything else (arrays, unions, untyped values). An optional
 * field is sent only when it was filled in or has a default, so that the
 * server sees what the user meant rather than the form's blanks.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "wb-schema-form.h"

typedef enum
{
  FIELD_STRING,
  FIELD_ENUM,
  FIELD_INTEGER,
  FIELD_NUMBER,
  FIELD_BOOLEAN,
  FIELD_OBJECT,
  FIELD_JSON,
} FieldKind;

typedef struct
{
  char       *name;
  FieldKind   kind;
  GtkWidget  *widget;
  gboolean    required;
  gboolean    has_default;
  gboolean    touched;
  /* FIELD_ENUM: the JsonNode of each choice, after a leading "unset"
   * choice for an optional field without a default.
   */
  GPtrArray  *choices;
  gboolean    has_unset_choice;
} Field;

/* Objects nested deeper than this are edited as JSON: a server's schema
 * cannot make the form as deep as it likes.
 */
#define MAX_NESTED_FORMS 8

struct _WbSchemaForm
{
  GtkWidget  parent_instance;

  GPtrArray *fields;
  guint      depth;
};

static GtkWidget *new_form (JsonObject *schema,
                            guint       depth);

G_DEFINE_FINAL_TYPE (WbSchemaForm, wb_schema_form, GTK_TYPE_WIDGET)

static void
field_free (Field *field)
{
  g_free (field->name);
  g_clear_pointer (&field->choices, g_ptr_array_unref);
  g_free (field);
}

static void
on_field_touched (Field *field)
{
  field->touched = TRUE;
}

/* A schema comes from a server: a member of an unexpected type is taken
 * as missing, never trusted.
 */
static gboolean
node_holds (JsonNode *node,
            GType     type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

static gboolean
node_holds_number (JsonNode *node)
{
  return node_holds (node, G_TYPE_INT64) || node_holds (node, G_TYPE_DOUBLE);
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node_holds (node, G_TYPE_STRING) ? json_node_get_string (node) : NULL;
}

static double
member_number (JsonObject *object,
               const char *name,
               double      fallback)
{
  JsonNode *node = json_object_get_member (object, name);

  return node_holds_number (node) ? json_node_get_double (node) : fallback;
}

/* The choices of an enumeration, with their titles, or FALSE when the
 * schema is not one.
 */
static gboolean
collect_choices (JsonObject  *schema,
                 GPtrArray   *choices,
                 GtkStringList *titles)
{
  JsonArray *values = NULL;
  JsonArray *names = NULL;

  if (json_object_has_member (schema, "enum")
      && JSON_NODE_HOLDS_ARRAY (json_object_get_member (schema, "enum")))
    {
      values = json_object_get_array_member (schema, "enum");
      if (json_object_has_member (schema, "enumNames")
          && JSON_NODE_HOLDS_ARRAY (json_object_get_member (schema, "enumNames")))
        names = json_object_get_array_member (schema, "enumNames");

      for (guint i = 0; i < json_array_get_length (values); i++)
        {
          JsonNode *value = json_array_get_element (values, i);
          JsonNode *name = NULL;
          g_autofree char *title = NULL;

          if (!JSON_NODE_HOLDS_VALUE (value))
            return FALSE;

          if (names != NULL && i < json_array_get_length (names))
            name = json_array_get_element (names, i);
          if (node_holds (name, G_TYPE_STRING))
            title = g_strdup (json_node_get_string (name));
          else
            title = json_to_string (value, FALSE);

          g_ptr_array_add (choices, json_node_copy (value));
          gtk_string_list_append (titles, title);
        }

      return choices->len > 0;
    }

  for (guint k = 0; k < 2 && values == NULL; k++)
    {
      const char *keyword = k == 0 ? "oneOf" : "anyOf";

      if (json_object_has_member (schema, keyword)
          && JSON_NODE_HOLDS_ARRAY (json_object_get_member (schema, keyword)))
        values = json_object_get_array_member (schema, keyword);
    }

  if (values == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (values); i++)
    {
      JsonNode *element = json_array_get_element (values, i);
      JsonObject *option;
      JsonNode *value;
      g_autofree char *title = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return FALSE;

      option = json_node_get_object (element);
      value = json_object_get_member (option, "const");
      if (value == NULL || !JSON_NODE_HOLDS_VALUE (value))
        return FALSE;

      if (member_string (option, "title") != NULL)
        title = g_strdup (member_string (option, "title"));
      else
        title = json_to_string (value, FALSE);

      g_ptr_array_add (choices, json_node_copy (value));
      gtk_string_list_append (titles, title);
    }

  return choices->len > 0;
}

static GtkWidget *
new_enum_widget (Field      *field,
                 JsonObject *schema,
                 JsonNode   *default_value)
{
  g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  GtkWidget *drop_down;
  guint selected = 0;

  if (!field->required && default_value == NULL)
    {
      field->has_unset_choice = TRUE;
      /* TRANSLATORS: the choice of a drop-down that leaves an optional
       * field out */
      gtk_string_list_append (titles, _("(not set)"));
    }

  if (!collect_choices (schema, choices, titles))
    return NULL;

  for (guint i = 0; default_value != NULL && i < choices->len; i++)
    {
      if (json_node_equal (default_value, g_ptr_array_index (choices, i)))
        selected = i + (field->has_unset_choice ? 1 : 0);
    }

  field->choices = g_steal_pointer (&choices);
  drop_down = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&titles)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), selected);

  return drop_down;
}

static GtkWidget *
new_json_widget (JsonNode *default_value)
{
  GtkWidget *view = gtk_text_view_new ();

  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (view, "card");
  gtk_widget_set_size_request (view, -1, 60);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);

  if (default_value != NULL)
    {
      g_autofree char *text = json_to_string (default_value, TRUE);

      gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text, -1);
    }

  return view;
}

static GtkWidget *
new_field_widget (Field      *field,
                  JsonObject *schema,
                  guint       depth)
{
  JsonNode *default_value = json_object_get_member (schema, "default");
  const char *type = member_string (schema, "type");
  GtkWidget *widget;

  field->has_default = default_value != NULL;

  widget = new_enum_widget (field, schema, default_value);
  if (widget != NULL)
    {
      field->kind = FIELD_ENUM;
      return widget;
    }

  if (g_strcmp0 (type, "string") == 0)
    {
      const char *format = member_string (schema, "format");

      field->kind = FIELD_STRING;
      widget = gtk_entry_new ();
      if (format != NULL)
        gtk_entry_set_placeholder_text (GTK_ENTRY (widget), format);
      if (node_holds (default_value, G_TYPE_STRING))
        gtk_editable_set_text (GTK_EDITABLE (widget), json_node_get_string (default_value));
      return widget;
    }

  if (g_strcmp0 (type, "integer") == 0)
    {
      double minimum = member_number (schema, "minimum", -G_MAXINT32);
      double maximum = member_number (schema, "maximum", G_MAXINT32);

      field->kind = FIELD_INTEGER;
      widget = gtk_spin_button_new_with_range (minimum, MAX (minimum, maximum), 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget),
                                 node_holds_number (default_value)
                                 ? json_node_get_double (default_value)
                                 : CLAMP (0, minimum, maximum));
      g_signal_connect_swapped (widget, "value-changed", G_CALLBACK (on_field_touched), field);
      return widget;
    }

  if (g_strcmp0 (type, "number") == 0)
    {
      field->kind = FIELD_NUMBER;
      widget = gtk_entry_new ();
      gtk_entry_set_input_purpose (GTK_ENTRY (widget), GTK_INPUT_PURPOSE_NUMBER);
      if (node_holds_number (default_value))
        {
          g_autofree char *text = json_to_string (default_value, FALSE);

          gtk_editable_set_text (GTK_EDITABLE (widget), text);
        }
      return widget;
    }

  if (g_strcmp0 (type, "boolean") == 0)
    {
      field->kind = FIELD_BOOLEAN;
      widget = gtk_check_button_new ();
      if (node_holds (default_value, G_TYPE_BOOLEAN))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (widget),
                                     json_node_get_boolean (default_value));
      g_signal_connect_swapped (widget, "toggled", G_CALLBACK (on_field_touched), field);
      return widget;
    }

  if (g_strcmp0 (type, "object") == 0 && json_object_has_member (schema, "properties")
      && depth < MAX_NESTED_FORMS)
    {
      field->kind = FIELD_OBJECT;
      return new_form (schema, depth + 1);
    }

  field->kind = FIELD_JSON;
  return new_json_widget (default_value);
}

static void
add_field (WbSchemaForm *self,
           const char   *name,
           JsonObject   *schema,
           gboolean      required)
{
  const char *title = member_string (schema, "title");
  const char *description = member_string (schema, "description");
  g_autofree char *label_text = NULL;
  GtkWidget *row;
  GtkWidget *label;
  Field *field;

  field = g_new0 (Field, 1);
  field->name = g_strdup (name);
  field->required = required;
  field->widget = new_field_widget (field, schema, self->depth);
  g_ptr_array_add (self->fields, field);

  if (title == NULL || *title == '\0')
    title = name;
  /* TRANSLATORS: the label of a required field of a form */
  label_text = required ? g_strdup_printf (_("%s (required)"), title) : g_strdup (title);

  row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  label = gtk_label_new (label_text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (row), label);

  if (field->kind == FIELD_OBJECT)
    {
      GtkWidget *frame = gtk_frame_new (NULL);

      gtk_widget_set_margin_start (field->widget, 12);
      gtk_widget_set_margin_end (field->widget, 12);
      gtk_widget_set_margin_top (field->widget, 12);
      gtk_widget_set_margin_bottom (field->widget, 12);
      gtk_frame_set_child (GTK_FRAME (frame), field->widget);
      gtk_box_append (GTK_BOX (row), frame);
    }
  else
    {
      gtk_box_append (GTK_BOX (row), field->widget);
    }

  /* The field is found by its property name, in any language. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (field->widget),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  if (description != NULL)
    {
      GtkWidget *caption = gtk_label_new (description);

      gtk_label_set_xalign (GTK_LABEL (caption), 0);
      gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
      gtk_widget_add_css_class (caption, "dim-label");
      gtk_widget_add_css_class (caption, "caption");
      gtk_box_append (GTK_BOX (row), caption);
      gtk_accessible_update_property (GTK_ACCESSIBLE (field->widget),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                      -1);
    }

  gtk_widget_set_parent (row, GTK_WIDGET (self));
}

static void
wb_schema_form_dispose (GObject *object)
{
  WbSchemaForm *self = WB_SCHEMA_FORM (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (wb_schema_form_parent_class)->dispose (object);
}

static void
wb_schema_form_finalize (GObject *object)
{
  WbSchemaForm *self = WB_SCHEMA_FORM (object);

  g_ptr_array_unref (self->fields);

  G_OBJECT_CLASS (wb_schema_form_parent_class)->finalize (object);
}

static void
wb_schema_form_class_init (WbSchemaFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_schema_form_dispose;
  object_class->finalize = wb_schema_form_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_schema_form_init (WbSchemaForm *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  self->fields = g_ptr_array_new_with_free_func ((GDestroyNotify) field_free);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
}

/* Creates the form for @schema, an object schema; the fields come in the
 * order of its `properties`. A schema without properties makes an empty
 * form, whose value is an empty object.
 */
GtkWidget *
wb_schema_form_new (JsonObject *schema)
{
  return new_form (schema, 0);
}

static GtkWidget *
new_form (JsonObject *schema,
          guint       depth)
{
  WbSchemaForm *self = g_object_new (WB_TYPE_SCHEMA_FORM, NULL);
  g_autoptr(GHashTable) required = g_hash_table_new (g_str_hash, g_str_equal);
  JsonNode *properties;

  self->depth = depth;
  if (schema == NULL)
    return GTK_WIDGET (self);

  if (json_object_has_member (schema, "required")
      && JSON_NODE_HOLDS_ARRAY (json_object_get_member (schema, "required")))
    {
      JsonArray *names = json_object_get_array_member (schema, "required");

      for (guint i = 0; i < json_array_get_length (names); i++)
        {
          JsonNode *name = json_array_get_element (names, i);

          if (node_holds (name, G_TYPE_STRING))
            g_hash_table_add (required, (gpointer) json_node_get_string (name));
        }
    }

  properties = json_object_get_member (schema, "properties");
  if (properties != NULL && JSON_NODE_HOLDS_OBJECT (properties))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *property;

      json_object_iter_init_ordered (&iter, json_node_get_object (properties));
      while (json_object_iter_next_ordered (&iter, &name, &property))
        {
          g_autoptr(JsonObject) empty = json_object_new ();
          JsonObject *property_schema = JSON_NODE_HOLDS_OBJECT (property)
                                        ? json_node_get_object (property) : empty;

          add_field (self, name, property_schema, g_hash_table_contains (required, name));
        }
    }

  return GTK_WIDGET (self);
}

/* Whether the form has no field at all: the tool takes no arguments. */
gboolean
wb_schema_form_is_empty (WbSchemaForm *self)
{
  g_return_val_if_fail (WB_IS_SCHEMA_FORM (self), TRUE);

  return self->fields->len == 0;
}

static JsonNode *
field_dup_value (Field   *field,
                 GError **error)
{
  switch (field->kind)
    {
    case FIELD_STRING:
      {
        const char *text = gtk_editable_get_text (GTK_EDITABLE (field->widget));

        if (*text == '\0' && !field->required)
          return NULL;
        return json_node_init_string (json_node_alloc (), text);
      }

    case FIELD_ENUM:
      {
        guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (field->widget));

        if (field->has_unset_choice)
          {
            if (selected == 0)
              return NULL;
            selected--;
          }
        if (selected >= field->choices->len)
          return NULL;
        return json_node_copy (g_ptr_array_index (field->choices, selected));
      }

    case FIELD_INTEGER:
      /* Text typed in is taken even when the field still has the focus. */
      gtk_spin_button_update (GTK_SPIN_BUTTON (field->widget));
      if (!field->required && !field->has_default && !field->touched)
        return NULL;
      return json_node_init_int (json_node_alloc (),
                                 gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field->widget)));

    case FIELD_NUMBER:
      {
        const char *text = gtk_editable_get_text (GTK_EDITABLE (field->widget));
        g_autofree char *stripped = g_strstrip (g_strdup (text));
        char *end = NULL;
        double value;

        if (*stripped == '\0' && !field->required)
          return NULL;

        value = g_ascii_strtod (stripped, &end);
        if (*stripped == '\0' || *end != '\0' || !isfinite (value))
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("“%s” must be a number"), field->name);
            return NULL;
          }
        return json_node_init_double (json_node_alloc (), value);
      }

    case FIELD_BOOLEAN:
      if (!field->required && !field->has_default && !field->touched)
        return NULL;
      return json_node_init_boolean (json_node_alloc (),
                                     gtk_check_button_get_active (GTK_CHECK_BUTTON (field->widget)));

    case FIELD_OBJECT:
      {
        g_autoptr(JsonObject) value = NULL;

        value = wb_schema_form_dup_value (WB_SCHEMA_FORM (field->widget), error);
        if (value == NULL || (json_object_get_size (value) == 0 && !field->required))
          return NULL;
        return json_node_init_object (json_node_alloc (), value);
      }

    case FIELD_JSON:
      {
        GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (field->widget));
        g_autofree char *text = NULL;
        g_autoptr(GError) local_error = NULL;
        GtkTextIter start, end;
        JsonNode *value;

        gtk_text_buffer_get_bounds (buffer, &start, &end);
        text = g_strstrip (gtk_text_buffer_get_text (buffer, &start, &end, FALSE));
        if (*text == '\0' && !field->required)
          return NULL;

        value = json_from_string (text, &local_error);
        if (value == NULL)
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("“%s” is not valid JSON: %s"), field->name,
                         local_error != NULL ? local_error->message : _("it is empty"));
          }
        return value;
      }

    default:
      g_assert_not_reached ();
    }
}

/* The values entered, as the JSON object the schema describes, or %NULL
 * with @error naming the first field that is not valid.
 */
JsonObject *
wb_schema_form_dup_value (WbSchemaForm  *self,
                          GError       **error)
{
  g_autoptr(JsonObject) value = json_object_new ();

  g_return_val_if_fail (WB_IS_SCHEMA_FORM (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);
      g_autoptr(GError) local_error = NULL;
      JsonNode *member;

      member = field_dup_value (field, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (member != NULL)
        json_object_set_member (value, field->name, member);
    }

  return g_steal_pointer (&value);
}
