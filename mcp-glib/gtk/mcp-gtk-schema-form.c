/* mcp-gtk-schema-form.c
 *
 * Copyright 2026 The mcp-glib authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* A form generated from a JSON Schema object: a tool's input schema, an
 * elicitation's requested schema or a prompt's arguments. Each property
 * becomes a field fit for its type: an entry for a string (its `format`
 * sets what the keyboard offers and how it is checked), a drop-down for
 * an enumeration (plain `enum` or titled `oneOf`/`anyOf` constants),
 * toggle buttons for an array of choices, a spin button for an integer,
 * an entry for any number, a switch for a boolean, a nested form
 * for an object with properties, and a JSON text box for everything else
 * (other arrays, unions, untyped values). An optional field is sent only
 * when it was filled in or has a default, so that the server sees what
 * the user meant rather than the form's blanks. Each value is checked
 * against its property's schema (mcp-gtk-schema-check.c), and what is
 * wrong is said under its field.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "mcp-gtk-schema-form.h"
#include "mcp-gtk-private.h"
#include "mcp-gtk-schema-check-private.h"

typedef enum
{
  FIELD_STRING,
  FIELD_ENUM,
  FIELD_INTEGER,
  FIELD_NUMBER,
  FIELD_BOOLEAN,
  FIELD_OBJECT,
  FIELD_CHOICES,
  FIELD_JSON,
} FieldKind;

typedef struct
{
  char       *name;
  FieldKind   kind;
  JsonObject *schema;
  GtkWidget  *widget;
  GtkWidget  *error_label;
  gboolean    required;
  gboolean    has_default;
  gboolean    touched;
  /* FIELD_ENUM: the JsonNode of each choice, after a leading "unset"
   * choice for an optional field without a default. FIELD_CHOICES: the
   * JsonNode of each toggle button, in order.
   */
  GPtrArray  *choices;
  gboolean    has_unset_choice;
} Field;

/* Objects nested deeper than this are edited as JSON: a server's schema
 * cannot make the form as deep as it likes.
 */
#define MAX_NESTED_FORMS 8

/* 2^53: the integers of a spin button, which holds a double. */
#define MAX_SAFE_INTEGER 9007199254740992.0

struct _McpGtkSchemaForm
{
  GtkWidget  parent_instance;

  GPtrArray *fields;
  guint      depth;
};

static GtkWidget *new_form (JsonObject *schema,
                            guint       depth);

/**
 * McpGtkSchemaForm:
 *
 * A form generated from a JSON Schema object.
 *
 * Since: 1.0
 */
G_DEFINE_FINAL_TYPE (McpGtkSchemaForm, mcp_gtk_schema_form, GTK_TYPE_WIDGET)

static void
field_free (Field *field)
{
  g_free (field->name);
  g_clear_pointer (&field->schema, json_object_unref);
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
          else if (node_holds (value, G_TYPE_STRING))
            title = g_strdup (json_node_get_string (value));
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
      else if (node_holds (value, G_TYPE_STRING))
        title = g_strdup (json_node_get_string (value));
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

/* An array whose items are choices: a toggle button each. */
static GtkWidget *
new_choices_widget (Field      *field,
                    JsonObject *schema,
                    JsonNode   *default_value)
{
  JsonNode *items = json_object_get_member (schema, "items");
  g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  GtkWidget *box;

  if (items == NULL || !JSON_NODE_HOLDS_OBJECT (items)
      || !collect_choices (json_node_get_object (items), choices, titles))
    return NULL;

  /* Toggle buttons: each choice is a button the user presses in or out. */
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, field->name,
                                  -1);
  for (guint i = 0; i < choices->len; i++)
    {
      GtkWidget *check = gtk_toggle_button_new_with_label (
          gtk_string_list_get_string (titles, i));
      gboolean active = FALSE;

      if (default_value != NULL && JSON_NODE_HOLDS_ARRAY (default_value))
        {
          JsonArray *chosen = json_node_get_array (default_value);

          for (guint j = 0; j < json_array_get_length (chosen); j++)
            active |= _mcp_gtk_json_equal (json_array_get_element (chosen, j),
                                           g_ptr_array_index (choices, i));
        }
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (check), active);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_field_touched), field);
      gtk_box_append (GTK_BOX (box), check);
    }
  field->choices = g_steal_pointer (&choices);

  return box;
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

  if (g_strcmp0 (type, "array") == 0)
    {
      widget = new_choices_widget (field, schema, default_value);
      if (widget != NULL)
        {
          field->kind = FIELD_CHOICES;
          return widget;
        }
    }

  if (g_strcmp0 (type, "string") == 0)
    {
      const char *format = member_string (schema, "format");

      field->kind = FIELD_STRING;
      widget = gtk_entry_new ();
      if (g_strcmp0 (format, "email") == 0)
        gtk_entry_set_input_purpose (GTK_ENTRY (widget), GTK_INPUT_PURPOSE_EMAIL);
      else if (g_strcmp0 (format, "uri") == 0)
        gtk_entry_set_input_purpose (GTK_ENTRY (widget), GTK_INPUT_PURPOSE_URL);
      /* TRANSLATORS: the example shown in an empty field of a date */
      if (g_strcmp0 (format, "date") == 0)
        gtk_entry_set_placeholder_text (GTK_ENTRY (widget), _("2026-12-31"));
      else if (g_strcmp0 (format, "date-time") == 0)
        gtk_entry_set_placeholder_text (GTK_ENTRY (widget), "2026-12-31T23:59:00Z");
      else if (format != NULL)
        gtk_entry_set_placeholder_text (GTK_ENTRY (widget), format);
      if (member_string (schema, "pattern") != NULL)
        gtk_widget_set_tooltip_text (widget, member_string (schema, "pattern"));
      if (node_holds (default_value, G_TYPE_STRING))
        gtk_editable_set_text (GTK_EDITABLE (widget), json_node_get_string (default_value));
      return widget;
    }

  if (g_strcmp0 (type, "integer") == 0)
    {
      double minimum = member_number (schema, "minimum", -MAX_SAFE_INTEGER);
      double maximum = member_number (schema, "maximum", MAX_SAFE_INTEGER);

      /* Exclusive bounds: the next whole number. */
      if (node_holds_number (json_object_get_member (schema, "exclusiveMinimum")))
        minimum = MAX (minimum, floor (member_number (schema, "exclusiveMinimum", 0)) + 1);
      if (node_holds_number (json_object_get_member (schema, "exclusiveMaximum")))
        maximum = MIN (maximum, ceil (member_number (schema, "exclusiveMaximum", 0)) - 1);
      /* Whole numbers a double holds exactly. */
      minimum = CLAMP (minimum, -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER);
      maximum = CLAMP (maximum, -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER);

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
      widget = gtk_switch_new ();
      gtk_widget_set_halign (widget, GTK_ALIGN_START);
      if (node_holds (default_value, G_TYPE_BOOLEAN))
        gtk_switch_set_active (GTK_SWITCH (widget), json_node_get_boolean (default_value));
      g_signal_connect_swapped (widget, "notify::active", G_CALLBACK (on_field_touched), field);
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
add_field (McpGtkSchemaForm *self,
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
  field->schema = json_object_ref (schema);
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

  /* What is wrong with the value, right under it. */
  field->error_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (field->error_label), 0);
  gtk_label_set_wrap (GTK_LABEL (field->error_label), TRUE);
  gtk_widget_add_css_class (field->error_label, "error");
  gtk_widget_set_visible (field->error_label, FALSE);
  gtk_box_append (GTK_BOX (row), field->error_label);

  gtk_widget_set_parent (row, GTK_WIDGET (self));
}

static void
mcp_gtk_schema_form_dispose (GObject *object)
{
  McpGtkSchemaForm *self = MCP_GTK_SCHEMA_FORM (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (mcp_gtk_schema_form_parent_class)->dispose (object);
}

static void
mcp_gtk_schema_form_finalize (GObject *object)
{
  McpGtkSchemaForm *self = MCP_GTK_SCHEMA_FORM (object);

  g_ptr_array_unref (self->fields);

  G_OBJECT_CLASS (mcp_gtk_schema_form_parent_class)->finalize (object);
}

static void
mcp_gtk_schema_form_class_init (McpGtkSchemaFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mcp_gtk_schema_form_dispose;
  object_class->finalize = mcp_gtk_schema_form_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  _mcp_gtk_ensure_init ();
}

static void
mcp_gtk_schema_form_init (McpGtkSchemaForm *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  self->fields = g_ptr_array_new_with_free_func ((GDestroyNotify) field_free);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
}

/**
 * mcp_gtk_schema_form_new:
 * @schema: (nullable): a JSON Schema of an object
 *
 * Creates the form for @schema; the fields come in the order of its
 * `properties`. A schema without properties makes an empty form, whose
 * value is an empty object.
 *
 * Returns: (transfer floating): a new form
 *
 * Since: 1.0
 */
GtkWidget *
mcp_gtk_schema_form_new (JsonObject *schema)
{
  return new_form (schema, 0);
}

static GtkWidget *
new_form (JsonObject *schema,
          guint       depth)
{
  McpGtkSchemaForm *self = g_object_new (MCP_GTK_TYPE_SCHEMA_FORM, NULL);
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

/**
 * mcp_gtk_schema_form_is_empty:
 * @self: a form
 *
 * Whether the form has no field at all (a tool that takes no arguments).
 *
 * Returns: %TRUE when the form has no field
 *
 * Since: 1.0
 */
gboolean
mcp_gtk_schema_form_is_empty (McpGtkSchemaForm *self)
{
  g_return_val_if_fail (MCP_GTK_IS_SCHEMA_FORM (self), TRUE);

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
                                 (gint64) gtk_spin_button_get_value (GTK_SPIN_BUTTON (field->widget)));

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
                         _("The value must be a number"));
            return NULL;
          }
        /* Whole numbers stay integers, as the user typed them. */
        if (value == floor (value) && fabs (value) < 9007199254740992.0
            && strpbrk (stripped, ".eE") == NULL)
          return json_node_init_int (json_node_alloc (), (gint64) value);
        return json_node_init_double (json_node_alloc (), value);
      }

    case FIELD_BOOLEAN:
      if (!field->required && !field->has_default && !field->touched)
        return NULL;
      return json_node_init_boolean (json_node_alloc (),
                                     gtk_switch_get_active (GTK_SWITCH (field->widget)));

    case FIELD_CHOICES:
      {
        g_autoptr(JsonArray) chosen = json_array_new ();
        guint i = 0;

        if (!field->required && !field->has_default && !field->touched)
          return NULL;
        for (GtkWidget *check = gtk_widget_get_first_child (field->widget);
             check != NULL && i < field->choices->len;
             check = gtk_widget_get_next_sibling (check), i++)
          {
            if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (check)))
              json_array_add_element (chosen,
                                      json_node_copy (g_ptr_array_index (field->choices, i)));
          }
        return json_node_init_array (json_node_alloc (), chosen);
      }

    case FIELD_OBJECT:
      {
        g_autoptr(JsonObject) value = NULL;

        value = mcp_gtk_schema_form_dup_value (MCP_GTK_SCHEMA_FORM (field->widget), error);
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
                         _("The value is not valid JSON: %s"),
                         local_error != NULL ? local_error->message : _("it is empty"));
          }
        return value;
      }

    default:
      g_assert_not_reached ();
    }
}

static void
show_error (Field      *field,
            const char *message)
{
  gtk_label_set_text (GTK_LABEL (field->error_label), message != NULL ? message : "");
  gtk_widget_set_visible (field->error_label, message != NULL);
  gtk_accessible_update_state (GTK_ACCESSIBLE (field->widget),
                               GTK_ACCESSIBLE_STATE_INVALID,
                               message != NULL ? GTK_ACCESSIBLE_INVALID_TRUE
                                               : GTK_ACCESSIBLE_INVALID_FALSE,
                               -1);
  if (message != NULL)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (field->widget),
                                    GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE, field->error_label,
                                    -1);
  else
    gtk_accessible_reset_relation (GTK_ACCESSIBLE (field->widget),
                                   GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE);
}

/**
 * mcp_gtk_schema_form_dup_value:
 * @self: a form
 * @error: return location for a #GError
 *
 * The values entered, as the JSON object the schema describes, each
 * checked against its property's schema. What is wrong with a value is
 * shown under its field (and is its accessible error message); @error
 * names the first such field.
 *
 * Returns: (transfer full): the value, or %NULL with @error set
 *
 * Since: 1.0
 */
JsonObject *
mcp_gtk_schema_form_dup_value (McpGtkSchemaForm  *self,
                               GError           **error)
{
  g_autoptr(JsonObject) value = json_object_new ();
  g_autoptr(GError) first_error = NULL;

  g_return_val_if_fail (MCP_GTK_IS_SCHEMA_FORM (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);
      g_autoptr(GError) local_error = NULL;
      g_autoptr(JsonNode) member = NULL;

      member = field_dup_value (field, &local_error);
      if (member == NULL && local_error == NULL && field->required)
        g_set_error (&local_error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("Fill this in"));
      if (member != NULL && field->kind != FIELD_OBJECT)
        _mcp_gtk_schema_check (field->schema, member, &local_error);

      /* A nested form shows its own fields' errors. */
      if (field->kind != FIELD_OBJECT)
        show_error (field, local_error != NULL ? local_error->message : NULL);
      if (local_error != NULL)
        {
          if (first_error == NULL)
            /* TRANSLATORS: "field: what is wrong with it" */
            first_error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("“%s”: %s"),
                                       field->name, local_error->message);
          continue;
        }
      if (member != NULL)
        json_object_set_member (value, field->name, g_steal_pointer (&member));
    }

  if (first_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return NULL;
    }

  return g_steal_pointer (&value);
}

static gboolean
field_set_value (Field     *field,
                 JsonNode  *value,
                 GError   **error)
{
  switch (field->kind)
    {
    case FIELD_STRING:
      if (!node_holds (value, G_TYPE_STRING))
        break;
      gtk_editable_set_text (GTK_EDITABLE (field->widget), json_node_get_string (value));
      return TRUE;

    case FIELD_ENUM:
      for (guint i = 0; i < field->choices->len; i++)
        {
          if (_mcp_gtk_json_equal (g_ptr_array_index (field->choices, i), value))
            {
              gtk_drop_down_set_selected (GTK_DROP_DOWN (field->widget),
                                          i + (field->has_unset_choice ? 1 : 0));
              return TRUE;
            }
        }
      break;

    case FIELD_INTEGER:
      {
        GtkAdjustment *adjustment;
        double number;

        if (!node_holds_number (value))
          break;
        number = json_node_get_double (value);
        adjustment = gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (field->widget));
        /* The spin button would round or clamp it: not a value it holds. */
        if (number != floor (number) || number < gtk_adjustment_get_lower (adjustment)
            || number > gtk_adjustment_get_upper (adjustment))
          break;
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (field->widget), number);
        field->touched = TRUE;
        return TRUE;
      }

    case FIELD_NUMBER:
      {
        g_autofree char *text = NULL;

        if (!node_holds_number (value))
          break;
        text = json_to_string (value, FALSE);
        gtk_editable_set_text (GTK_EDITABLE (field->widget), text);
        return TRUE;
      }

    case FIELD_BOOLEAN:
      if (!node_holds (value, G_TYPE_BOOLEAN))
        break;
      gtk_switch_set_active (GTK_SWITCH (field->widget), json_node_get_boolean (value));
      field->touched = TRUE;
      return TRUE;

    case FIELD_CHOICES:
      {
        JsonArray *chosen;
        guint matched = 0;
        guint i = 0;

        if (!JSON_NODE_HOLDS_ARRAY (value))
          break;
        chosen = json_node_get_array (value);
        for (GtkWidget *check = gtk_widget_get_first_child (field->widget);
             check != NULL && i < field->choices->len;
             check = gtk_widget_get_next_sibling (check), i++)
          {
            gboolean active = FALSE;

            for (guint j = 0; j < json_array_get_length (chosen); j++)
              if (_mcp_gtk_json_equal (json_array_get_element (chosen, j),
                                       g_ptr_array_index (field->choices, i)))
                {
                  active = TRUE;
                  matched++;
                }
            gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (check), active);
          }
        field->touched = TRUE;
        /* An item that is no choice, or one chosen twice, has no check
         * button of its own. */
        if (matched != json_array_get_length (chosen))
          break;
        return TRUE;
      }

    case FIELD_OBJECT:
      if (!JSON_NODE_HOLDS_OBJECT (value))
        break;
      return mcp_gtk_schema_form_set_value (MCP_GTK_SCHEMA_FORM (field->widget),
                                            json_node_get_object (value), error);

    case FIELD_JSON:
      {
        g_autofree char *text = json_to_string (value, TRUE);

        gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (field->widget)),
                                  text, -1);
        return TRUE;
      }

    default:
      g_assert_not_reached ();
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("“%s”: the field cannot hold this value"), field->name);
  return FALSE;
}

/**
 * mcp_gtk_schema_form_set_value:
 * @self: a form
 * @value: a JSON object
 *
 * Fills the form from @value: each member goes into the field of its
 * property; the fields of the properties @value does not have keep what
 * they hold. A member no field can hold (of another type than its
 * property's, a choice that is not one, a property the schema does not
 * have) is an error, and the other members are still filled in.
 *
 * Returns: %TRUE when every member of @value found its field
 *
 * Since: 1.0
 */
gboolean
mcp_gtk_schema_form_set_value (McpGtkSchemaForm  *self,
                               JsonObject        *value,
                               GError           **error)
{
  g_autoptr(GError) first_error = NULL;
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  g_return_val_if_fail (MCP_GTK_IS_SCHEMA_FORM (self), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  json_object_iter_init (&iter, value);
  while (json_object_iter_next (&iter, &name, &member))
    {
      g_autoptr(GError) local_error = NULL;
      Field *field = NULL;

      for (guint i = 0; i < self->fields->len && field == NULL; i++)
        if (g_str_equal (((Field *) g_ptr_array_index (self->fields, i))->name, name))
          field = g_ptr_array_index (self->fields, i);

      if (field == NULL)
        g_set_error (&local_error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("The form has no field “%s”"), name);
      else
        field_set_value (field, member, &local_error);

      if (local_error != NULL && first_error == NULL)
        first_error = g_steal_pointer (&local_error);
    }

  if (first_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return FALSE;
    }

  return TRUE;
}
