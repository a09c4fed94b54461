# test_python.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Drives mcp-glib through its typelib from Python (PyGObject) against the
# demo server: connect, list tools, call tools with arguments, follow
# progress and log notifications, handle errors, close. Run with Debian's
# /usr/bin/python3, which has python3-gi; prints TAP.

import json
import os
import sys

from mcptest import json_object, run_tests, wait
from gi.repository import GLib, Gio, Mcp


def arguments(**kwargs):
    """Tool arguments from Python keywords, through the JSON API."""
    return json_object(json.dumps(kwargs))


def connect():
    server = os.environ.get("MCP_DEMO_SERVER", "mcp-demo-server")
    transport = Mcp.StdioTransport.new([server])
    client = Mcp.Client.new(transport)
    client.props.client_name = "test-python"
    result = wait(lambda cb: client.connect_async(None, cb))
    assert client.connect_finish(result)
    return client, transport


def close(client, transport):
    result = wait(lambda cb: client.close_async(None, cb))
    assert client.close_finish(result)
    # The close completes once the server has exited and been reaped.
    assert transport.get_subprocess().get_identifier() is None


def test_connect_and_info():
    client, transport = connect()
    info = client.props.server_info
    assert info.get_name() == "mcp-demo-server", info.get_name()
    assert info.props.title == "mcp-glib demo server"
    assert client.props.protocol_version == "2025-11-25"
    assert client.props.state == Mcp.ClientState.READY
    assert client.props.server_capabilities.has_member("tools")
    close(client, transport)
    assert client.props.state == Mcp.ClientState.CLOSED


def test_list_and_call_tools():
    client, transport = connect()
    tools = client.list_tools_finish(wait(lambda cb: client.list_tools_async(None, cb)))
    names = [tools.get_item(i).props.name for i in range(tools.get_n_items())]
    assert names == ["echo", "add", "countdown", "log"], names
    echo = tools.get_item(0)
    assert echo.get_input_schema().get_object_member("properties").has_member("text")

    result = client.call_tool_finish(
        wait(lambda cb: client.call_tool_async("echo", arguments(text="héllo ✓"), None, cb)))
    assert result.dup_text() == "héllo ✓"
    assert not result.props.is_error
    block = result.get_content().get_item(0)
    assert block.props.kind == Mcp.ContentKind.TEXT

    result = client.call_tool_finish(
        wait(lambda cb: client.call_tool_async("add", arguments(a=2, b=40), None, cb)))
    structured = result.get_structured_content().get_object()
    assert structured.get_double_member("sum") == 42.0
    close(client, transport)


def test_progress_and_notifications():
    client, transport = connect()
    progress = []
    logs = []

    options = Mcp.RequestOptions.new()
    options.connect("progress", lambda o, p, total, msg: progress.append((p, total, msg)))
    client.connect("notification::notifications/message",
                   lambda c, method, params: logs.append(params.get_object().get_string_member("data")))

    result = client.call_tool_finish(wait(lambda cb: client.call_tool_full_async(
        "countdown", arguments(**{"from": 3}), options, None, cb)))
    assert result.dup_text() == "Liftoff!"
    assert [p for p, _, _ in progress] == [1.0, 2.0, 3.0], progress
    assert all(total == 3.0 for _, total, _ in progress)

    result = client.call_tool_finish(
        wait(lambda cb: client.call_tool_async("log", arguments(message="from python"), None, cb)))
    assert result.dup_text() == "logged"
    assert logs == ["from python"], logs
    close(client, transport)


def test_errors_and_cancel():
    client, transport = connect()
    try:
        client.call_tool_finish(
            wait(lambda cb: client.call_tool_async("no-such-tool", None, None, cb)))
        raise AssertionError("an unknown tool must fail")
    except GLib.Error as error:
        assert error.matches(Mcp.error_quark(), Mcp.Error.INVALID_PARAMS), error
        assert "no-such-tool" in error.message

    cancellable = Gio.Cancellable()
    GLib.timeout_add(50, lambda: cancellable.cancel() or GLib.SOURCE_REMOVE)
    try:
        client.call_tool_finish(wait(lambda cb: client.call_tool_async(
            "countdown", arguments(**{"from": 10}), cancellable, cb)))
        raise AssertionError("a cancelled call must fail")
    except GLib.Error as error:
        assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED), error

    result = client.call_tool_finish(
        wait(lambda cb: client.call_tool_async("echo", arguments(text="still here"), None, cb)))
    assert result.dup_text() == "still here"
    close(client, transport)


def test_server_gone():
    transport = Mcp.StdioTransport.new(["/bin/sh", "-c", "echo 'no such config' >&2; exit 7"])
    client = Mcp.Client.new(transport)
    try:
        client.connect_finish(wait(lambda cb: client.connect_async(None, cb)))
        raise AssertionError("connecting to a dead server must fail")
    except GLib.Error as error:
        assert "status 7" in error.message, error.message
        assert "no such config" in error.message, error.message
    assert client.props.state == Mcp.ClientState.CLOSED


TESTS = [
    test_connect_and_info,
    test_list_and_call_tools,
    test_progress_and_notifications,
    test_errors_and_cancel,
    test_server_gone,
]

if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
