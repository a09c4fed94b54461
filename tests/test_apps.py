# test_apps.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The MCP Apps host protocol from Python: McpAppResource's
# Content-Security-Policy for the specification's examples, and
# McpAppSession against a view the test plays over a pair of pipes, with
# the scripted mcp-apps-test-server.py and the official ext-apps example
# server built on React (server-basic-react, pinned in tests/package.json)
# as the tool's server: the messages in the order the specification
# requires, and the refusals.
#
# Prints TAP. The example server's test is skipped when the npm peers are
# not installed.

import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mcptest import GLib, Json, Mcp, items, run_tests, wait, wait_until  # noqa: E402

from gi.repository import Gio  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTED = [sys.executable, os.path.join(HERE, "mcp-apps-test-server.py")]
REACT = os.path.join(HERE, "node_modules", "@modelcontextprotocol", "server-basic-react",
                     "dist", "index.js")
HAVE_REACT = os.path.exists(REACT) and shutil.which("node") is not None

DEFAULT_CSP = ("default-src 'none'; script-src 'self' 'unsafe-inline'; "
               "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
               "media-src 'self' data:; connect-src 'none'; frame-src 'none'; "
               "object-src 'none'; base-uri 'self'")


def view_item(meta_ui):
    return {"uri": "ui://t/view", "mimeType": "text/html;profile=mcp-app",
            "text": "<p>", "_meta": {"ui": meta_ui}}


def test_csp_of_the_specification_examples():
    resource = Mcp.AppResource.new_from_json(view_item({}))
    assert resource.build_csp() == DEFAULT_CSP, resource.build_csp()

    resource = Mcp.AppResource.new_from_json(view_item({
        "csp": {"connectDomains": ["https://api.openweathermap.org"],
                "resourceDomains": ["https://cdn.jsdelivr.net"]},
        "prefersBorder": True}))
    assert resource.build_csp() == (
        "default-src 'none'; "
        "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
        "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
        "connect-src 'self' https://api.openweathermap.org; "
        "img-src 'self' data: https://cdn.jsdelivr.net; "
        "font-src 'self' https://cdn.jsdelivr.net; "
        "media-src 'self' data: https://cdn.jsdelivr.net; "
        "frame-src 'none'; object-src 'none'; base-uri 'self'"), resource.build_csp()
    assert resource.get_csp()["connectDomains"] == ["https://api.openweathermap.org"]

    resource = Mcp.AppResource.new_from_json(view_item({
        "csp": {"frameDomains": ["https://www.youtube.com", "https://player.vimeo.com"],
                "baseUriDomains": ["https://cdn.example.com"],
                "connectDomains": ["https://evil.example; script-src *", "*"]}}))
    csp = resource.build_csp()
    assert "frame-src https://www.youtube.com https://player.vimeo.com;" in csp, csp
    assert csp.endswith("object-src 'none'; base-uri https://cdn.example.com"), csp
    assert "connect-src 'self';" in csp and "evil" not in csp and " *" not in csp, csp

    try:
        Mcp.AppResource.new_from_json({"uri": "ui://t/v", "mimeType": "text/html", "text": ""})
        raise AssertionError("a view of the wrong type was accepted")
    except GLib.Error as error:
        assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.NOT_SUPPORTED), error


class View:
    """The view's end of a session, played by the test over two pipes."""

    def __init__(self, client, tool_name):
        tool = next(t for t in items(wait_list_tools(client)) if t.get_name() == tool_name)
        uri = tool.get_ui_resource_uri()
        self.resource = Mcp.AppResource.fetch_finish(
            wait(lambda cb: Mcp.AppResource.fetch_async(client, uri, None, cb)))
        to_host = os.pipe()
        to_view = os.pipe()
        # Both ends live in this thread: a blocking write of a big message
        # would wait for a reader that never runs.
        for fd in to_host + to_view:
            os.set_blocking(fd, False)
        channel = Mcp.StreamTransport.new(Gio.UnixInputStream.new(to_host[0], True),
                                          Gio.UnixOutputStream.new(to_view[1], True))
        self.transport = Mcp.StreamTransport.new(Gio.UnixInputStream.new(to_view[0], True),
                                                 Gio.UnixOutputStream.new(to_host[1], True))
        self.received = []
        self.transport.connect("message-received", lambda t, m: self.received.append(
            json.loads(Json.to_string(m, False))))
        self.transport.open_finish(wait(lambda cb: self.transport.open_async(None, cb)))
        self.session = Mcp.AppSession.new(client, tool, self.resource, channel)
        self.session.start_finish(wait(lambda cb: self.session.start_async(None, cb)))
        assert self.session.get_state() == Mcp.AppSessionState.WAITING

    def send(self, message):
        node = Json.from_string(json.dumps(dict(message, jsonrpc="2.0")))
        self.transport.send_finish(wait(lambda cb: self.transport.send_async(node, None, cb)))

    def receive(self):
        wait_until(lambda: self.received, what="a message for the view")
        return self.received.pop(0)

    def receives_nothing(self):
        deadline = GLib.get_monotonic_time() + 150000
        while GLib.get_monotonic_time() < deadline:
            GLib.MainContext.default().iteration(False) or GLib.usleep(2000)
        assert not self.received, self.received

    def request(self, id, method, params):
        self.send({"id": id, "method": method, "params": params})
        answer = self.receive()
        assert answer["id"] == id, answer
        return answer

    def initialize(self):
        answer = self.request(1, "ui/initialize", {
            "protocolVersion": "2026-01-26", "appInfo": {"name": "py-view", "version": "1"},
            "appCapabilities": {}})
        self.send({"method": "ui/notifications/initialized"})
        return answer["result"]

    def close(self):
        done = []
        self.session.teardown_async("done", None, lambda s, r: done.append(r))
        message = self.receive()
        assert message["method"] == "ui/resource-teardown", message
        assert message["params"] == {"reason": "done"}, message
        self.send({"id": message["id"], "result": {}})
        wait_until(lambda: done, what="the teardown")
        assert self.session.teardown_finish(done[0])
        self.transport.close_finish(wait(lambda cb: self.transport.close_async(None, cb)))


def wait_list_tools(client):
    return client.list_tools_finish(wait(lambda cb: client.list_tools_async(None, cb)))


def connect(argv):
    client = Mcp.Client.new(Mcp.StdioTransport.new(argv))
    Mcp.AppSession.declare_extension(client)
    client.connect_finish(wait(lambda cb: client.connect_async(None, cb), timeout=60))
    return client


def close(client):
    client.close_finish(wait(lambda cb: client.close_async(None, cb)))


def test_session_with_the_scripted_server():
    client = connect(SCRIPTED)
    view = View(client, "show-weather")
    decided = []

    def on_open_link(session, request):
        decided.append(request.get_params()["url"])
        request.reply({})
        return True

    view.session.connect("view-request::ui/open-link", on_open_link)

    # Input and result wait for the view to initialize; then come in order.
    view.session.set_tool_input({"city": "Lima"})
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "show-weather", {"city": "Lima"}, None, None, cb)))
    view.session.set_tool_result(result)
    view.receives_nothing()

    answer = view.initialize()
    assert answer["hostContext"]["toolInfo"]["tool"]["name"] == "show-weather", answer
    assert "serverTools" in answer["hostCapabilities"], answer
    message = view.receive()
    assert message["method"] == "ui/notifications/tool-input", message
    assert message["params"] == {"arguments": {"city": "Lima"}}, message
    message = view.receive()
    assert message["method"] == "ui/notifications/tool-result", message
    assert message["params"]["structuredContent"] == {"city": "Lima", "sky": "sunny"}, message

    # The refusals, and what goes through.
    answer = view.request(2, "tools/call", {"name": "model-only"})
    assert answer["error"]["code"] == -32000, answer
    answer = view.request(3, "tools/call", {"name": "unlisted"})
    assert answer["error"]["code"] == -32602, answer
    answer = view.request(4, "tools/call", {"name": "refresh"})
    assert answer["result"]["structuredContent"] == {"refreshed": True}, answer
    answer = view.request(5, "ui/message", {"role": "user", "content": []})
    assert answer["error"]["code"] == -32000, answer
    answer = view.request(6, "ui/open-link", {"url": "https://example.org"})
    assert answer["result"] == {}, answer
    assert decided == ["https://example.org"], decided

    view.close()
    assert view.session.get_state() == Mcp.AppSessionState.CLOSED
    close(client)


def test_visibility_listed_and_filterable():
    client = connect(SCRIPTED)
    tools = {t.props.name: t for t in items(wait_list_tools(client))}
    assert tools["refresh"].props.visibility == Mcp.ToolVisibility.APP
    assert tools["model-only"].props.visibility == Mcp.ToolVisibility.MODEL
    assert tools["show-weather"].props.visibility == \
        Mcp.ToolVisibility.MODEL | Mcp.ToolVisibility.APP
    assert tools["show-weather"].props.ui_resource_uri == "ui://weather/view.html"
    assert tools["legacy-view"].props.ui_resource_uri == "ui://weather/blob.html"
    assert tools["capabilities"].props.ui_resource_uri is None

    # The live list, filtered for a model as a GtkFilterListModel would.
    wait_until(lambda: client.get_tools_model().get_n_items() == len(tools),
               what="the live tool list")
    for_model = [t.props.name for t in items(client.get_tools_model())
                 if t.props.visibility & Mcp.ToolVisibility.MODEL]
    assert for_model == ["show-weather", "legacy-view", "model-only", "probe",
                         "call-from-view", "capabilities"], for_model
    close(client)

    # The command-line client says which tools are for their view only.
    out = subprocess.run([os.environ["MCP_GLIB_CLIENT"], "--server",
                          " ".join(SCRIPTED), "tools"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    blocks = {b.split("\n")[0]: b for b in out.strip().split("\n\n")}
    assert "hidden from the model" in blocks["refresh"], out
    assert "View: ui://weather/view.html" in blocks["refresh"], out
    assert "hidden from the model" not in blocks["show-weather"], out
    assert "View:" not in blocks["model-only"], out


def test_session_with_the_react_example_server():
    client = connect(["node", REACT, "--stdio"])
    view = View(client, "get-time")
    assert "<html" in view.resource.get_html()
    assert view.resource.build_csp().startswith("default-src 'none'; ")

    view.initialize()
    view.session.set_tool_input({})
    message = view.receive()
    assert message["method"] == "ui/notifications/tool-input", message
    view.session.cancel_tool("user action")
    message = view.receive()
    assert message == {"jsonrpc": "2.0", "method": "ui/notifications/tool-cancelled",
                       "params": {"reason": "user action"}}, message

    answer = view.request(2, "tools/call", {"name": "get-time", "arguments": {}})
    assert answer["result"]["content"][0]["text"].startswith("20"), answer
    answer = view.request(3, "resources/read", {"uri": "ui://get-time/mcp-app.html"})
    assert answer["result"]["contents"][0]["mimeType"] == "text/html;profile=mcp-app", answer

    view.close()
    close(client)


if not HAVE_REACT:
    test_session_with_the_react_example_server.skip_reason = \
        "the ext-apps example servers are not installed (npm ci in tests/)"


if __name__ == "__main__":
    sys.exit(run_tests([
        test_csp_of_the_specification_examples,
        test_session_with_the_scripted_server,
        test_visibility_listed_and_filterable,
        test_session_with_the_react_example_server,
    ]))
