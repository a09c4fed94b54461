// Where gi-docgen links to the documentation of the dependencies.
baseURLs = [
    ['GLib', 'https://docs.gtk.org/glib/'],
    ['GObject', 'https://docs.gtk.org/gobject/'],
    ['Gio', 'https://docs.gtk.org/gio/'],
    ['Json', 'https://gnome.pages.gitlab.gnome.org/json-glib/'],
    ['Soup', 'https://libsoup.org/libsoup-3.0/'],
]
