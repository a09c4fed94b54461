#!/usr/bin/python3
# gtk-tools.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# McpGtk from Python: a small GTK notepad that gains the tools of an MCP
# server. It starts the server given on its command line (the demo server
# by default), lists its tools as buttons; a tool's button shows the form
# of its arguments (McpGtk.SchemaForm, made from the tool's input schema),
# Run calls it and shows its result (McpGtk.ContentView), and Insert puts
# the result's text into the notes.
#
# Usage: gtk-tools.py [SERVER-COMMAND...]

import json
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Json", "1.0")
gi.require_version("Mcp", "1")
gi.require_version("McpGtk", "1")
from gi.repository import GLib, Gtk, Json, Mcp, McpGtk  # noqa: E402


def to_json_object(value):
    """A Python dict as the Json.Object the widgets take."""
    return Json.from_string(json.dumps(value)).get_object()


def to_python(json_object):
    node = Json.Node.alloc().init_object(json_object)
    return json.loads(Json.to_string(node, False))


class Notepad(Gtk.ApplicationWindow):
    def __init__(self, app, argv):
        super().__init__(application=app, title="Notes with Tools", default_width=900,
                         default_height=600)
        self.tool = None
        self.form = None
        self.result_text = ""

        self.notes = Gtk.TextView(wrap_mode=Gtk.WrapMode.WORD_CHAR, hexpand=True,
                                  left_margin=12, top_margin=12)
        self.notes.update_property([Gtk.AccessibleProperty.LABEL], ["Notes"])

        self.tools = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
        self.tools.update_property([Gtk.AccessibleProperty.LABEL], ["Tools"])
        self.form_box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        self.run_button = Gtk.Button(label="_Run", use_underline=True, sensitive=False,
                                     halign=Gtk.Align.END)
        self.run_button.add_css_class("suggested-action")
        self.run_button.connect("clicked", self.on_run)
        self.result = McpGtk.ContentView()
        self.result.update_property([Gtk.AccessibleProperty.LABEL], ["Result"])
        self.insert_button = Gtk.Button(label="_Insert into the Notes", use_underline=True,
                                        sensitive=False, halign=Gtk.Align.END)
        self.insert_button.connect("clicked", self.on_insert)

        side = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12, margin_start=12,
                       margin_end=12, margin_top=12, margin_bottom=12, width_request=360)
        for child in (self.tools, self.form_box, self.run_button, self.result,
                      self.insert_button):
            side.append(child)
        scrolled = Gtk.ScrolledWindow(child=side, hscrollbar_policy=Gtk.PolicyType.NEVER)
        paned = Gtk.Paned(start_child=Gtk.ScrolledWindow(child=self.notes),
                          end_child=scrolled)
        self.set_child(paned)

        self.client = Mcp.Client.new(Mcp.StdioTransport.new(argv))
        self.client.connect_async(None, self.on_connected)

    def on_connected(self, client, result):
        try:
            client.connect_finish(result)
            client.list_tools_async(None, self.on_tools)
        except GLib.Error as error:
            self.result.add_error(error.message)

    def on_tools(self, client, result):
        for tool in client.list_tools_finish(result):
            button = Gtk.Button(label=tool.props.name)
            button.set_tooltip_text(tool.props.description)
            button.connect("clicked", self.on_tool_clicked, tool)
            self.tools.append(button)

    def on_tool_clicked(self, button, tool):
        self.tool = tool
        if self.form is not None:
            self.form_box.remove(self.form)
        self.form = McpGtk.SchemaForm.new(to_json_object(tool.get_input_schema()))
        self.form_box.append(self.form)
        self.run_button.set_sensitive(True)
        self.result.clear()

    def on_run(self, button):
        try:
            arguments = to_python(self.form.dup_value())
        except GLib.Error:
            return  # The form says under each field what is wrong.
        self.client.call_tool_async(self.tool.props.name, arguments, None, None,
                                    self.on_result)

    def on_result(self, client, result):
        try:
            tool_result = client.call_tool_finish(result)
        except GLib.Error as error:
            self.result.clear()
            self.result.add_error(error.message)
            return
        self.result.show_tool_result(tool_result)
        self.result_text = tool_result.dup_text() or ""
        self.insert_button.set_sensitive(bool(self.result_text))

    def on_insert(self, button):
        buffer = self.notes.get_buffer()
        buffer.insert(buffer.get_end_iter(), self.result_text + "\n")


def main():
    argv = sys.argv[1:] or [os.environ.get("MCP_DEMO_SERVER", "mcp-glib-demo-server")]
    GLib.set_prgname("mcp-gtk-tools-example")
    app = Gtk.Application(application_id="io.github.McpGlib.GtkToolsExample")
    app.connect("activate", lambda app: Notepad(app, argv).present())
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
