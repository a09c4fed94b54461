# test_registry.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# McpServerRegistry and McpClientGroup through the typelib from Python, the
# way an application uses them: one configuration file with a deliberate
# collision (the demo server, the scripted test server and the scripted
# HTTP server all have `echo`), a broken entry and an HTTP server. The
# aggregated model must list every tool once under stable, distinct names
# with its origin; calls must reach the right server; the broken entry must
# be reported with its line; a stdio server killed midway must be back
# within 5 seconds; editing the file must add a server without a restart.
# Also: inputs answered from Python, and saving that keeps what it does not
# change. Run with Debian's /usr/bin/python3, which has python3-gi; prints
# TAP.

import json
import os
import shutil
import signal
import sys
import tempfile
import time

from mcptest import HttpServer, items, json_object, run_tests, wait, wait_until
from gi.repository import Gio, GLib, Mcp

BUILD_DIR = os.environ.get("G_TEST_BUILDDIR", "")
TEST_SERVER = os.environ.get("MCP_TEST_SERVER") or os.path.join(BUILD_DIR, "mcp-test-server")
DEMO_SERVER = os.environ.get("MCP_DEMO_SERVER", "mcp-glib-demo-server")

# The application's files go here; the user's own are never touched.
WORK_DIR = tempfile.mkdtemp(prefix="mcp-test-registry-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(WORK_DIR, "config")


def write(path, text):
    with open(path + ".tmp", "w") as file:
        file.write(text)
    os.rename(path + ".tmp", path)


def connect(group):
    assert group.connect_finish(wait(lambda cb: group.connect_async(None, cb)))


def close(group):
    assert group.close_finish(wait(lambda cb: group.close_async(None, cb)))


def call(group, name, arguments="{}"):
    args = json_object(arguments)
    return group.call_tool_finish(wait(lambda cb: group.call_tool_async(name, args, None, None, cb)))


def text_of(group, name, arguments="{}"):
    result = call(group, name, arguments)
    assert not result.props.is_error, result.dup_text()
    return result.dup_text()


def tool_count(server):
    client = server.props.client
    tools = client.list_tools_finish(wait(lambda cb: client.list_tools_async(None, cb)))
    return tools.get_n_items()


def names(model):
    return [item.props.name for item in items(model)]


def test_the_issue_scenario():
    http = HttpServer()
    path = os.path.join(WORK_DIR, "mcp.json")
    config = {"mcpServers": {
        "demo": {"command": DEMO_SERVER},
        "broken": {"args": ["--verbose"]},
        "test": {"command": TEST_SERVER, "x-note": "kept"},
        "web": {"type": "http", "url": http.url},
    }}
    text = json.dumps(config, indent=2)
    write(path, text)
    broken_line = text[:text.index('"broken"')].count("\n") + 1
    try:
        registry = Mcp.ServerRegistry.new_empty()
        registry.add_file(Gio.File.new_for_path(path))
        group = Mcp.ClientGroup.new_for_registry(registry)
        connect(group)

        states = {s.props.name: s.props.state for s in items(group.props.servers)}
        assert states == {"demo": Mcp.GroupServerState.READY,
                          "broken": Mcp.GroupServerState.FAILED,
                          "test": Mcp.GroupServerState.READY,
                          "web": Mcp.GroupServerState.READY}, states

        # The broken entry, with its line.
        problems = items(registry.props.problems)
        assert len(problems) == 1, [p.to_string() for p in problems]
        assert problems[0].props.server == "broken"
        assert problems[0].props.line == broken_line, (problems[0].props.line, broken_line)
        assert problems[0].props.column == 5, problems[0].props.column
        assert problems[0].props.file.get_path() == path
        error = group.lookup_server("broken").props.error
        assert error.message.startswith("%s:%d:5: " % (path, broken_line)), error.message

        # Every tool once, under distinct names, each with its origin.
        tools = items(group.props.tools)
        servers = {s.props.name: s for s in items(group.props.servers)}
        expected = sum(tool_count(servers[n]) for n in ("demo", "test", "web"))
        assert len(tools) == expected, (len(tools), expected)
        all_names = [t.props.name for t in tools]
        assert len(set(all_names)) == len(all_names), all_names
        echoes = {t.props.name: t.props.server_name for t in tools if t.props.original_name == "echo"}
        assert echoes == {"demo__echo": "demo", "test__echo": "test", "web__echo": "web"}, echoes
        countdown = [t for t in tools if t.props.original_name == "countdown"][0]
        assert countdown.props.name == "countdown"
        assert countdown.props.server.props.name == "demo"
        assert isinstance(countdown.props.item, Mcp.Tool)
        assert countdown.props.item.props.name == "countdown"

        # Calls reach the right server.
        assert text_of(group, "demo__echo", '{"text": "to demo"}') == "to demo"
        assert text_of(group, "test__echo", '{"text": "to test"}') == "to test"
        assert text_of(group, "web__echo", '{"text": "to web"}') == "to web"
        received = call(group, "received").get_structured_content()
        messages = json.dumps(received)
        assert "to test" in messages and "to demo" not in messages and "to web" not in messages
        requests = json.dumps(call(group, "requests").get_structured_content())
        assert "to web" in requests and "to test" not in requests
        try:
            call(group, "echo", '{"text": "?"}')
            raise AssertionError("a shared name must not be routed")
        except GLib.Error as e:
            assert e.matches(Gio.io_error_quark(), Gio.IOErrorEnum.FAILED), e.message
            assert "test__echo" in e.message or "demo__echo" in e.message, e.message

        # The test server is killed midway: back within 5 seconds, with the
        # same names.
        before = names(group.props.tools)
        test = servers["test"]
        pid = int(test.props.client.props.transport.get_subprocess().get_identifier())
        os.kill(pid, signal.SIGKILL)
        killed_at = time.monotonic()
        wait_until(lambda: test.props.state != Mcp.GroupServerState.READY, what="the death")
        assert test.props.error is not None
        wait_until(lambda: test.props.state == Mcp.GroupServerState.READY, timeout=5,
                   what="the test server's return")
        wait_until(lambda: names(group.props.tools) == before, timeout=5, what="its tools")
        back_after = time.monotonic() - killed_at
        print("# the killed server was back with its tools after %.2f s" % back_after)
        assert back_after < 5, back_after
        assert text_of(group, "test__echo", '{"text": "again"}') == "again"

        # Editing the file adds a server, without a restart or a reload.
        config["mcpServers"]["demo2"] = {"command": DEMO_SERVER}
        write(path, json.dumps(config, indent=2))
        wait_until(lambda: group.lookup_server("demo2") is not None
                   and group.lookup_server("demo2").props.state == Mcp.GroupServerState.READY,
                   what="the new server")
        assert "demo2__countdown" in names(group.props.tools)
        assert "demo__countdown" in names(group.props.tools)
        assert text_of(group, "demo2__echo", '{"text": "new"}') == "new"

        close(group)
        assert all(s.props.state == Mcp.GroupServerState.STOPPED
                   for s in items(group.props.servers))
    finally:
        http.stop()


def test_inputs_and_saving():
    path = os.path.join(WORK_DIR, "project", ".vscode", "mcp.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write(path, """{
  // the project's servers
  "inputs": [{"type": "promptString", "id": "token", "description": "Token", "password": true}],
  "servers": {
    "test": {"type": "stdio", "command": "%s", "env": {"TOKEN": "${input:token}"}, "x-keep": 1}
  }
}
""" % TEST_SERVER)
    registry = Mcp.ServerRegistry.new_empty()
    registry.add_file(Gio.File.new_for_path(path))
    asked = []

    def on_input(registry, request):
        asked.append(request)
        # Answered later, as a dialog would.
        GLib.timeout_add(50, lambda: request.reply("from-python") and False)
        return True

    registry.connect("input-requested", on_input)
    group = Mcp.ClientGroup.new_for_registry(registry)
    connect(group)
    assert [r.props.id for r in asked] == ["token"]
    assert asked[0].props.password and asked[0].props.description == "Token"
    assert group.lookup_server("test").props.state == Mcp.GroupServerState.READY
    assert text_of(group, "getenv", '{"name": "TOKEN"}') == "from-python"

    # Turned off from the application, and saved: only that changes.
    config = registry.lookup("test")
    config.props.disabled = True
    wait_until(lambda: group.lookup_server("test").props.state == Mcp.GroupServerState.DISABLED,
               what="the server to stop")
    assert group.props.tools.get_n_items() == 0
    assert registry.save_finish(wait(lambda cb: registry.save_async(None, cb)))
    with open(path) as file:
        saved = file.read()
    assert saved == """{
  // the project's servers
  "inputs": [{"type": "promptString", "id": "token", "description": "Token", "password": true}],
  "servers": {
    "test": {"type": "stdio", "command": "%s", "env": {"TOKEN": "${input:token}"}, "x-keep": 1,
      "disabled": true}
  }
}
""" % TEST_SERVER, saved
    close(group)


def test_name_rule_from_python():
    registry = Mcp.ServerRegistry.new_empty()
    group = Mcp.ClientGroup.new_for_registry(registry)
    group.add_config(Mcp.ServerConfig.new_stdio("one", [DEMO_SERVER]))
    group.add_config(Mcp.ServerConfig.new_stdio("two", [DEMO_SERVER]))
    group.set_name_func(lambda kind, server, name: "%s/%s" % (server, name))
    connect(group)
    tools = names(group.props.tools)
    assert tools[:4] == ["one/echo", "one/add", "one/countdown", "one/log"], tools
    assert text_of(group, "two/echo", '{"text": "slash"}') == "slash"
    close(group)


def test_plain_python_values():
    # The override takes dicts where the C API takes JSON.
    config = Mcp.ServerConfig.new("test", {"command": TEST_SERVER, "x-mine": [1, 2]})
    config.set_env({"GREETING": "hi", "UNSET": None})
    assert config.get_json() == {"command": TEST_SERVER, "x-mine": [1, 2],
                                 "env": {"GREETING": "hi", "UNSET": None}}, config.get_json()
    group = Mcp.ClientGroup.new()
    group.add_config(config)
    connect(group)
    result = group.call_tool_finish(wait(lambda cb: group.call_tool_async(
        "getenv", {"name": "GREETING"}, None, None, cb)))
    assert result.dup_text() == "hi", result.dup_text()
    try:
        config.set_headers(["not", "an", "object"])
        raise AssertionError("a list is no object")
    except TypeError:
        pass
    close(group)


TESTS = [
    test_the_issue_scenario,
    test_inputs_and_saving,
    test_name_rule_from_python,
    test_plain_python_values,
]

if not os.access(TEST_SERVER, os.X_OK):
    for test in TESTS:
        test.skip_reason = "mcp-test-server not found (set G_TEST_BUILDDIR or MCP_TEST_SERVER)"


if __name__ == "__main__":
    status = run_tests(TESTS)
    shutil.rmtree(WORK_DIR, ignore_errors=True)
    sys.exit(status)
