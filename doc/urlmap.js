// Where gi-docgen links to the documentation of the dependencies.
baseURLs = [
    ['GLib', 'https://docs.gtk.org/glib/'],
    ['GObject', 'https://docs.gtk.org/gobject/'],
    ['Gio', 'https://docs.gtk.org/gio/'],
    ['Json', 'https://gnome.pages.gitlab.gnome.org/json-glib/'],
    ['Soup', 'https://libsoup.org/libsoup-3.0/'],
    ['Mcp', '../mcp-glib-1/'],
    ['Gtk', 'https://docs.gtk.org/gtk4/'],
    ['Gdk', 'https://docs.gtk.org/gdk4/'],
    ['Gsk', 'https://docs.gtk.org/gsk4/'],
    ['Graphene', 'https://ebassi.github.io/graphene/docs/'],
    ['Pango', 'https://docs.gtk.org/Pango/'],
    ['GdkPixbuf', 'https://docs.gtk.org/gdk-pixbuf/'],
]
