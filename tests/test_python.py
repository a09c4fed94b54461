# test_python.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Drives mcp-glib through its typelib from Python (PyGObject) against the
# demo server: connect, list tools, call tools with arguments, follow
# progress and log notifications, handle errors, time-outs and cancellation,
# close. Against the scripted test server it answers sampling, elicitation
# and roots requests from the server, and it talks to a transport written
# in Python. Against the scripted authorization server it signs in, its own
# Python code standing in for the browser and for a custom redirect URI.
# Run with Debian's /usr/bin/python3, which has python3-gi; prints TAP.

import json
import os
import subprocess
import sys

from mcptest import json_object, run_tests, wait
import gi

gi.require_version("Soup", "3.0")
from gi.repository import GLib, Gio, Json, Mcp, Soup

TEST_SERVER = os.environ.get("MCP_TEST_SERVER") or os.path.join(
    os.environ.get("G_TEST_BUILDDIR", ""), "mcp-test-server")


def arguments(**kwargs):
    """Tool arguments from Python keywords, through the JSON API."""
    return json_object(json.dumps(kwargs))


def unjson(value):
    """The override gives JSON as plain Python values, never as json-glib's."""
    assert not isinstance(value, (Json.Node, Json.Object, Json.Array)), value
    return value


def connect(server=None, features=Mcp.ClientFeatures.NONE):
    server = server or os.environ.get("MCP_DEMO_SERVER", "mcp-glib-demo-server")
    transport = Mcp.StdioTransport.new([server])
    client = Mcp.Client.new(transport)
    client.props.client_name = "test-python"
    client.props.features = features
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
    assert "tools" in unjson(client.props.server_capabilities)
    close(client, transport)
    assert client.props.state == Mcp.ClientState.CLOSED


def test_list_and_call_tools():
    client, transport = connect()
    tools = client.list_tools_finish(wait(lambda cb: client.list_tools_async(None, cb)))
    names = [tools.get_item(i).props.name for i in range(tools.get_n_items())]
    assert names == ["echo", "add", "countdown", "log"], names
    echo = tools.get_item(0)
    assert "text" in unjson(echo.get_input_schema())["properties"]

    result = client.call_tool_finish(
        wait(lambda cb: client.call_tool_async("echo", arguments(text="héllo ✓"), None, None, cb)))
    assert result.dup_text() == "héllo ✓"
    assert not result.props.is_error
    block = result.get_content().get_item(0)
    assert block.props.kind == Mcp.ContentKind.TEXT

    result = client.call_tool_finish(
        wait(lambda cb: client.call_tool_async("add", arguments(a=2, b=40), None, None, cb)))
    assert unjson(result.get_structured_content())["sum"] == 42.0
    close(client, transport)


def test_progress_and_notifications():
    client, transport = connect()
    progress = []
    logs = []

    options = Mcp.RequestOptions.new()
    options.connect("progress", lambda o, p, total, msg: progress.append((p, total, msg)))
    client.connect("notification::notifications/message",
                   lambda c, method, params: logs.append(unjson(params)["data"]))

    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "countdown", arguments(**{"from": 3}), options, None, cb)))
    assert result.dup_text() == "Liftoff!"
    assert [p for p, _, _ in progress] == [1.0, 2.0, 3.0], progress
    assert all(total == 3.0 for _, total, _ in progress)

    # Options of its own per call: each call's progress on its own signal.
    steps = []
    own = Mcp.RequestOptions.new()
    own.connect("progress", lambda o, p, total, msg: steps.append((p, total, msg)))
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "countdown", arguments(**{"from": 2}), own, None, cb)))
    assert result.dup_text() == "Liftoff!"
    assert steps == [(1.0, 2.0, "1 left"), (2.0, 2.0, "0 left")], steps
    assert len(progress) == 3, progress

    result = client.call_tool_finish(
        wait(lambda cb: client.call_tool_async("log", arguments(message="from python"), None, None, cb)))
    assert result.dup_text() == "logged"
    assert logs == ["from python"], logs
    close(client, transport)


def test_errors_and_cancel():
    client, transport = connect()
    try:
        client.call_tool_finish(
            wait(lambda cb: client.call_tool_async("no-such-tool", None, None, None, cb)))
        raise AssertionError("an unknown tool must fail")
    except GLib.Error as error:
        assert error.matches(Mcp.error_quark(), Mcp.Error.INVALID_PARAMS), error
        assert "no-such-tool" in error.message

    cancellable = Gio.Cancellable()
    GLib.timeout_add(50, lambda: cancellable.cancel() or GLib.SOURCE_REMOVE)
    try:
        client.call_tool_finish(wait(lambda cb: client.call_tool_async(
            "countdown", arguments(**{"from": 10}), None, cancellable, cb)))
        raise AssertionError("a cancelled call must fail")
    except GLib.Error as error:
        assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED), error

    result = client.call_tool_finish(
        wait(lambda cb: client.call_tool_async("echo", arguments(text="still here"), None, None, cb)))
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


def test_logging_and_generic_requests():
    client, transport = connect()
    logged = []
    client.connect("log-message",
                   lambda c, level, logger, data: logged.append((level, unjson(data))))

    def warn():
        client.call_tool_finish(wait(lambda cb: client.call_tool_async(
            "log", arguments(message="careful", level="warning"), None, None, cb)))

    assert client.ping_finish(wait(lambda cb: client.ping_async(None, cb)))
    warn()
    assert logged == [(Mcp.LogLevel.WARNING, "careful")], logged

    # Above the level of the message: the server keeps it to itself.
    assert client.set_logging_level_finish(
        wait(lambda cb: client.set_logging_level_async(Mcp.LogLevel.ERROR, None, cb)))
    warn()
    assert len(logged) == 1, logged

    listed = unjson(client.request_finish(
        wait(lambda cb: client.request_async("tools/list", None, None, None, cb))))
    assert [t["name"] for t in listed["tools"]] == ["echo", "add", "countdown", "log"], listed
    assert client.notify_finish(wait(lambda cb: client.notify_async(
        "notifications/roots/list_changed", None, None, cb)))

    options = Mcp.RequestOptions(timeout=50, reset_timeout_on_progress=False)
    try:
        client.call_tool_finish(wait(lambda cb: client.call_tool_async(
            "countdown", arguments(**{"from": 5}), options, None, cb)))
        raise AssertionError("the call must time out")
    except GLib.Error as error:
        assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.TIMED_OUT), error
    close(client, transport)


def provoke(client, method, params):
    """Has the test server send a request; returns the client's response."""
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "server-request", arguments(method=method, params=params), None, None, cb)))
    return unjson(result.get_structured_content())["response"]


def test_sampling():
    client, transport = connect(TEST_SERVER, Mcp.ClientFeatures.SAMPLING)
    prompts = []

    def on_sampling(client, request):
        prompts.append(unjson(request.get_params())["messages"][0]["content"]["text"])
        # Answered later, as an application asking its user would.
        reply = Mcp.Content.new_text("echo: " + prompts[-1])
        GLib.timeout_add(20, lambda: request.reply_sampling("py-model", reply, "endTurn")
                         or GLib.SOURCE_REMOVE)
        return True

    client.connect("server-request::sampling/createMessage", on_sampling)
    response = provoke(client, "sampling/createMessage", {
        "messages": [{"role": "user", "content": {"type": "text", "text": "two plus two"}}],
        "maxTokens": 20})
    assert prompts == ["two plus two"], prompts
    assert response["result"] == {"role": "assistant", "model": "py-model",
                                  "content": {"type": "text", "text": "echo: two plus two"},
                                  "stopReason": "endTurn"}, response

    # Taken by no handler: the server gets an error, not silence.
    response = provoke(client, "elicitation/create", {"message": "?", "requestedSchema": {}})
    assert response["error"]["code"] == Mcp.Error.METHOD_NOT_FOUND, response
    close(client, transport)


def test_elicitation_and_roots():
    client, transport = connect(TEST_SERVER, Mcp.ClientFeatures.ELICITATION_FORM
                                | Mcp.ClientFeatures.ROOTS)
    client.add_root(Mcp.Root.new("file:///tmp/project", "project"))
    answers = [Mcp.ElicitationAction.ACCEPT, Mcp.ElicitationAction.DECLINE]

    def on_request(client, request):
        action = answers.pop(0)
        content = arguments(name="Ada", age=36) if action == Mcp.ElicitationAction.ACCEPT else None
        request.reply_elicitation(action, content)
        return True

    client.connect("server-request::elicitation/create", on_request)
    params = {"message": "Who are you?", "requestedSchema": {
        "type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}}}}
    response = provoke(client, "elicitation/create", params)
    assert response["result"] == {"action": "accept", "content": {"name": "Ada", "age": 36}}
    response = provoke(client, "elicitation/create", params)
    assert response["result"] == {"action": "decline"}, response

    response = provoke(client, "roots/list", {})
    assert response["result"] == {"roots": [{"uri": "file:///tmp/project", "name": "project"}]}
    close(client, transport)


class LoopbackTransport(Mcp.Transport):
    """A transport written in Python, with a tiny server behind it: an older
    one, or with stateless=True one of the stateless revision."""

    def __init__(self, stateless=False):
        super().__init__()
        self.sent = []
        self.metas = []
        self.stateless = stateless

    def _answer(self, message):
        method = message.get("method")
        self.metas.append(message.get("params", {}).get("_meta", {}))
        if method == "server/discover":
            if not self.stateless:
                return None
            return {"resultType": "complete", "supportedVersions": ["2026-07-28"],
                    "capabilities": {"tools": {}},
                    "_meta": {"io.modelcontextprotocol/serverInfo":
                              {"name": "loopback", "version": "2"}}}
        if method == "initialize":
            return {"protocolVersion": message["params"]["protocolVersion"],
                    "capabilities": {"tools": {}},
                    "serverInfo": {"name": "loopback", "version": "1"}}
        return {"content": [{"type": "text", "text": "called " + message["params"]["name"]}]}

    def do_open(self, cancellable, task):
        task.return_boolean(True)

    def do_send(self, message, cancellable, task):
        message = unjson(message)
        self.sent.append(message.get("method"))
        task.return_boolean(True)
        if "id" in message:
            result = self._answer(message)
            if result is None:
                answer = {"jsonrpc": "2.0", "id": message["id"],
                          "error": {"code": -32601, "message": "Method not found"}}
            else:
                answer = {"jsonrpc": "2.0", "id": message["id"], "result": result}
            GLib.idle_add(lambda: self.deliver_message(answer)
                          or GLib.SOURCE_REMOVE)

    def do_close(self, cancellable, task):
        task.return_boolean(True)


def test_custom_transport():
    transport = LoopbackTransport()
    client = Mcp.Client.new(transport)
    client.connect_finish(wait(lambda cb: client.connect_async(None, cb)))
    assert client.props.server_info.props.name == "loopback"
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async("x", None, None, None, cb)))
    assert result.dup_text() == "called x", result.dup_text()
    assert client.close_finish(wait(lambda cb: client.close_async(None, cb)))
    # The probe, answered as an older server does, then the handshake.
    assert transport.sent == ["server/discover", "initialize", "notifications/initialized",
                              "tools/call"], transport.sent
    assert not client.props.stateless
    assert client.props.state == Mcp.ClientState.CLOSED

    # A stateless server: no handshake, and every request carries the
    # envelope.
    transport = LoopbackTransport(stateless=True)
    client = Mcp.Client.new(transport)
    client.connect_finish(wait(lambda cb: client.connect_async(None, cb)))
    assert client.props.stateless
    assert client.props.protocol_version == "2026-07-28"
    assert client.props.server_info.props.version == "2"
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async("x", None, None, None, cb)))
    assert result.dup_text() == "called x", result.dup_text()
    assert client.close_finish(wait(lambda cb: client.close_async(None, cb)))
    assert transport.sent == ["server/discover", "tools/call"], transport.sent
    for meta in transport.metas:
        assert meta["io.modelcontextprotocol/protocolVersion"] == "2026-07-28", meta
        assert "io.modelcontextprotocol/clientCapabilities" in meta, meta
        assert meta["io.modelcontextprotocol/clientInfo"]["name"], meta


class DescribingTransport(LoopbackTransport):
    """A stateless loopback server with a tool whose argument goes into a
    header, whose transport records what it is told of each request: by
    describe_request() in do_send, and in its do_prepare_request virtual
    method, which runs after the client has added the Mcp-Param-* values."""

    def __init__(self):
        super().__init__(stateless=True)
        self.described = []
        self.prepared = []

    def _answer(self, message):
        if message.get("method") == "tools/list":
            return {"tools": [{"name": "route", "inputSchema": {
                "type": "object",
                "properties": {"region": {"type": "string", "x-mcp-header": "Region"}}}}]}
        return super()._answer(message)

    def do_send(self, message, cancellable, task):
        info = self.describe_request(message)
        if info is not None:
            self.described.append((info.get_method(), info.get_name(), info.get_stateless(),
                                   info.get_protocol_version(), info.get_http_headers()))
        super().do_send(message, cancellable, task)

    def do_prepare_request(self, info):
        self.prepared.append((info.props.method, list(info.list_params())))


def test_custom_transport_told_per_request():
    transport = DescribingTransport()
    client = Mcp.Client.new(transport)
    client.connect_finish(wait(lambda cb: client.connect_async(None, cb)))
    assert client.props.stateless
    tools = client.list_tools_finish(wait(lambda cb: client.list_tools_async(None, cb)))
    assert tools.get_n_items() == 1
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "route", arguments(region="eu-west"), None, None, cb)))
    assert result.dup_text() == "called route", result.dup_text()
    assert client.close_finish(wait(lambda cb: client.close_async(None, cb)))

    methods = [entry[0] for entry in transport.described]
    assert methods == ["server/discover", "tools/list", "tools/call"], methods
    for method, name, stateless, version, headers in transport.described:
        assert stateless and version == "2026-07-28", (method, stateless, version)
        assert headers["Mcp-Method"] == method, headers
        assert headers["MCP-Protocol-Version"] == "2026-07-28", headers
    method, name, stateless, version, headers = transport.described[-1]
    assert name == "route", name
    assert headers["Mcp-Name"] == "route", headers
    assert headers["Mcp-Param-Region"] == "eu-west", headers
    assert transport.prepared == [("server/discover", []), ("tools/list", []),
                                  ("tools/call", ["Region"])], transport.prepared


def test_content_kinds():
    client, transport = connect(TEST_SERVER)
    result = client.call_tool_finish(
        wait(lambda cb: client.call_tool_async("content-kinds", None, None, None, cb)))
    blocks = list(result.get_content())
    assert [b.props.kind for b in blocks] == [
        Mcp.ContentKind.TEXT, Mcp.ContentKind.IMAGE, Mcp.ContentKind.AUDIO,
        Mcp.ContentKind.RESOURCE_LINK, Mcp.ContentKind.RESOURCE, Mcp.ContentKind.UNKNOWN]
    assert blocks[1].get_data().get_data() == b"\x89PNG"
    assert blocks[1].props.mime_type == "image/png"
    assert blocks[3].props.uri == "file:///tmp/x.txt"
    assert blocks[4].props.text == "embedded"
    assert blocks[5].props.type_name == "hologram"
    assert unjson(blocks[5].get_json())["depth"] == 3
    close(client, transport)


class OAuthServer:
    """mcp-oauth-test-server.py, the scripted authorization server and the
    MCP server it protects; it exits when its standard input closes."""

    def __init__(self, config="{}"):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "mcp-oauth-test-server.py")
        self.process = subprocess.Popen([sys.executable, script, "--config", config],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        port = self.process.stdout.readline().split()[0].decode()
        self.origin = "http://127.0.0.1:" + port
        self.url = self.origin + "/mcp"

    def stop(self):
        self.process.stdin.close()
        self.process.wait(10)


class Browser:
    """Stands in for the user's web browser, replacing the authorization's
    browser step: it fetches the authorization page, whose redirect it
    follows to the loopback listener, or hands to the authorization when it
    goes to the application's own redirect URI."""

    def __init__(self, authorization):
        self.authorization = authorization
        self.session = Soup.Session()
        self.shown = []
        self.handed_over = None
        authorization.connect("open-uri", self.open_uri)

    def open_uri(self, authorization, uri):
        self.shown.append(uri)
        message = Soup.Message.new("GET", uri)
        message.add_flags(Soup.MessageFlags.NO_REDIRECT)
        self.session.send_and_read_async(message, GLib.PRIORITY_DEFAULT, None,
                                         self.page_read, message)
        return True

    def page_read(self, session, result, message):
        session.send_and_read_finish(result)
        location = message.get_response_headers().get_one("Location")
        if self.authorization.props.redirect_uri is not None:
            self.handed_over = self.authorization.handle_redirect_uri(location)
            return
        redirect = Soup.Message.new("GET", location)
        session.send_and_read_async(redirect, GLib.PRIORITY_DEFAULT, None,
                                    lambda s, r: s.send_and_read_finish(r))


def test_sign_in_with_own_browser():
    server = OAuthServer()
    try:
        authorization = Mcp.Authorization.new()
        authorization.props.client_name = "test-python"
        browser = Browser(authorization)
        events = []
        authorization.connect("sign-in-needed", lambda a, url: events.append("needed"))
        authorization.connect("signed-in", lambda a, url: events.append("signed-in"))

        credentials = authorization.sign_in_finish(
            wait(lambda cb: authorization.sign_in_async(server.url, None, cb)))
        assert credentials.props.access_token.startswith("at-")
        assert credentials.props.issuer == server.origin
        assert credentials.get_resource() == server.url
        assert events == ["needed", "signed-in"], events
        assert len(browser.shown) == 1
        assert "code_challenge_method=S256" in browser.shown[0]
        assert authorization.get_credentials(server.url).props.access_token == \
            credentials.props.access_token

        # The application's own redirect URI (a custom scheme).
        authorization.props.redirect_uri = "org.example.App:/oauth"
        credentials = authorization.sign_in_finish(
            wait(lambda cb: authorization.sign_in_async(server.url, None, cb)))
        assert browser.handed_over is True
        assert "redirect_uri=org.example.App%3A%2Foauth" in browser.shown[1]

        # Signed out: forgotten here and in the store.
        assert authorization.sign_out_finish(
            wait(lambda cb: authorization.sign_out_async(server.url, None, cb)))
        assert authorization.get_credentials(server.url) is None
    finally:
        server.stop()


def test_sign_in_refused():
    server = OAuthServer('{"state": "wrong"}')
    try:
        authorization = Mcp.Authorization.new()
        Browser(authorization)
        failures = []
        authorization.connect("sign-in-failed", lambda a, url, error: failures.append(error))
        try:
            authorization.sign_in_finish(
                wait(lambda cb: authorization.sign_in_async(server.url, None, cb)))
            raise AssertionError("the sign-in must fail")
        except GLib.Error as error:
            assert error.matches(Mcp.AuthorizationError.quark(),
                                 Mcp.AuthorizationError.INVALID_RESPONSE), error.message
        assert len(failures) == 1
    finally:
        server.stop()


def test_error_data():
    """An error's data survives PyGObject's GLib.Error, which keeps only the
    domain, the code and the message: the library gives it back."""
    client, transport = connect(TEST_SERVER)
    elicitation = {"mode": "url", "url": "https://example.com/consent",
                   "elicitationId": "e-1", "message": "Sign in first"}
    try:
        client.call_tool_finish(wait(lambda cb: client.call_tool_async(
            "error", arguments(code=-32042, message="Consent needed",
                               data={"elicitations": [elicitation]}), None, None, cb)))
        raise AssertionError("the call must fail")
    except GLib.Error as error:
        assert error.matches(Mcp.error_quark(), Mcp.Error.URL_ELICITATION_REQUIRED), error
        assert error.domain == "mcp-error-quark", error.domain
        assert unjson(Mcp.error_get_data(error)) == {"elicitations": [elicitation]}
        # Twice: the exception is turned into a new GError each time.
        assert unjson(Mcp.error_get_data(error)) == {"elicitations": [elicitation]}

    try:
        client.call_tool_finish(
            wait(lambda cb: client.call_tool_async("error", arguments(code=-32603), None, None, cb)))
        raise AssertionError("the call must fail")
    except GLib.Error as error:
        assert error.code == -32603, error
        assert Mcp.error_get_data(error) is None

    other = GLib.Error("Consent needed", "g-io-error-quark", -32042)
    assert Mcp.error_get_data(other) is None

    # Each exception keeps its own data, whatever came after it with the
    # same code and message; an exception made in Python has none.
    caught = []
    for data in ({"data": {"n": 1}}, {"data": {"n": 2}}, {}):
        try:
            client.call_tool_finish(wait(lambda cb: client.call_tool_async(
                "error", arguments(code=-32042, message="Same", **data), None, None, cb)))
            raise AssertionError("the call must fail")
        except GLib.Error as error:
            caught.append(error)
    assert unjson(Mcp.error_get_data(caught[0])) == {"n": 1}
    assert unjson(Mcp.error_get_data(caught[1])) == {"n": 2}
    assert Mcp.error_get_data(caught[2]) is None
    assert Mcp.error_get_data(GLib.Error("Same", "mcp-error-quark", -32042)) is None
    close(client, transport)


def test_desktop_credential_store():
    """The desktop's store is an async constructor of the interface, as a
    binding user expects; the secret store exists in every build."""
    out = []
    loop = GLib.MainLoop()
    Mcp.CredentialStore.new_for_desktop_async(None, lambda s, r: (out.append(r), loop.quit()))
    loop.run()
    store, persistent = Mcp.CredentialStore.new_for_desktop_finish(out[0])
    assert isinstance(store, Mcp.CredentialStore), store
    assert isinstance(store, Mcp.SecretCredentialStore if persistent
                      else Mcp.MemoryCredentialStore), (store, persistent)
    assert isinstance(Mcp.SecretCredentialStore.is_supported(), bool)
    assert isinstance(Mcp.SecretCredentialStore.new(), Mcp.CredentialStore)


TESTS = [
    test_connect_and_info,
    test_list_and_call_tools,
    test_progress_and_notifications,
    test_errors_and_cancel,
    test_server_gone,
    test_logging_and_generic_requests,
    test_sampling,
    test_elicitation_and_roots,
    test_custom_transport,
    test_custom_transport_told_per_request,
    test_content_kinds,
    test_sign_in_with_own_browser,
    test_sign_in_refused,
    test_error_data,
    test_desktop_credential_store,
]

if not os.access(TEST_SERVER, os.X_OK):
    for test in (test_sampling, test_elicitation_and_roots, test_content_kinds, test_error_data):
        test.skip_reason = "mcp-test-server not found (set G_TEST_BUILDDIR or MCP_TEST_SERVER)"


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
