#!/usr/bin/python3
# example.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# mcp-glib from Python (PyGObject): start the demo server, list its tools,
# call echo, call countdown while printing its progress, close. Each call is
# an _async/_finish pair; wait() runs a main loop until its callback fires,
# which keeps a script linear.

import json
import os

import gi

gi.require_version("Json", "1.0")
gi.require_version("Mcp", "1")
from gi.repository import GLib, Json, Mcp  # noqa: E402


def wait(start):
    """Calls start(callback) and runs a main loop until the callback fires."""
    loop = GLib.MainLoop()
    results = []
    start(lambda source, result: (results.append(result), loop.quit()))
    loop.run()
    return results[0]


def arguments(**kwargs):
    """Tool arguments from keywords, as the Json.Object the API takes."""
    return Json.from_string(json.dumps(kwargs)).get_object()


server = os.environ.get("MCP_DEMO_SERVER", "mcp-glib-demo-server")
client = Mcp.Client.new(Mcp.StdioTransport.new([server]))
client.connect_finish(wait(lambda cb: client.connect_async(None, cb)))
print("connected to", client.props.server_info.props.name)

tools = client.list_tools_finish(wait(lambda cb: client.list_tools_async(None, cb)))
for tool in tools:
    print("tool:", tool.props.name, "-", tool.props.description)

result = client.call_tool_finish(wait(
    lambda cb: client.call_tool_async("echo", arguments(text="Hello from Python"), None, cb)))
print("echo:", result.dup_text())

options = Mcp.RequestOptions()
options.connect("progress", lambda options, progress, total, message:
                print("progress %g/%g" % (progress, total)))
result = client.call_tool_full_finish(wait(lambda cb: client.call_tool_full_async(
    "countdown", arguments(**{"from": 3}), options, None, cb)))
print("countdown:", result.dup_text())

client.close_finish(wait(lambda cb: client.close_async(None, cb)))
