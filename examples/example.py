#!/usr/bin/python3
# example.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# mcp-glib from Python (PyGObject): start the demo server, list its tools,
# call echo, call add and read its structured result, call countdown while
# printing its progress, close; a failure is reported on stderr, with exit
# status 1. Each call is an _async/_finish pair; wait()
# runs a main loop until its callback fires, which keeps a script linear.
# Tool arguments are plain dicts, thanks to the override mcp-glib installs
# for PyGObject.

import os
import sys

import gi

gi.require_version("Mcp", "1")
from gi.repository import GLib, Mcp  # noqa: E402


def wait(start):
    """Calls start(callback) and runs a main loop until the callback fires."""
    loop = GLib.MainLoop()
    results = []
    start(lambda source, result: (results.append(result), loop.quit()))
    loop.run()
    return results[0]


server = os.environ.get("MCP_DEMO_SERVER", "mcp-glib-demo-server")
client = Mcp.Client.new(Mcp.StdioTransport.new([server]))


def run():
    client.connect_finish(wait(lambda cb: client.connect_async(None, cb)))
    print("connected to", client.props.server_info.props.name)

    tools = client.list_tools_finish(wait(lambda cb: client.list_tools_async(None, cb)))
    for tool in tools:
        print("tool:", tool.props.name, "-", tool.props.description)

    result = client.call_tool_finish(wait(
        lambda cb: client.call_tool_async("echo", {"text": "Hello from Python"}, None, None, cb)))
    print("echo:", result.dup_text())

    result = client.call_tool_finish(wait(
        lambda cb: client.call_tool_async("add", {"a": 2, "b": 3}, None, None, cb)))
    print("add:", result.get_structured_content()["sum"])

    options = Mcp.RequestOptions()
    options.connect("progress", lambda options, progress, total, message:
                    print("progress %g/%g" % (progress, total)))
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "countdown", {"from": 3}, options, None, cb)))
    print("countdown: %s" % result.dup_text())


# A failure is a GLib.Error: say what it was, stop the server, exit with 1.
status = 0
try:
    run()
except GLib.Error as error:
    print("error:", error.message, file=sys.stderr)
    status = 1
try:
    client.close_finish(wait(lambda cb: client.close_async(None, cb)))
except GLib.Error as error:
    print("error while closing:", error.message, file=sys.stderr)
    status = 1
sys.exit(status)
