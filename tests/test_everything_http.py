# test_everything_http.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The 2025-11-25 client over Streamable HTTP (Mcp.HttpTransport), driven
# through the typelib from Python against the reference server from npm
# (@modelcontextprotocol/server-everything, pinned in tests/package.json) in
# its streamableHttp mode: the handshake and its session, tools with text,
# image and structured results, progress, sampling and elicitation (server
# requests on the POST's event stream), roots (a server request on the GET
# stream), a task-required tool, resources, subscriptions, prompts,
# completion, logging levels, cancellation and closing the session.
#
# server-everything listens on every interface, so the test runs inside a
# network namespace that holds only loopback: it re-executes itself under
# `unshare -n` (root only) and checks that it is inside one before starting
# the server. Prints TAP; skips everything when the npm peers are not
# installed or no namespace can be made.

import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EVERYTHING = os.path.join(HERE, "node_modules", "@modelcontextprotocol", "server-everything",
                          "dist", "index.js")
# Set in the environment of the copy of this script that runs in the namespace.
NETNS_ENV = "MCP_GLIB_TEST_LOOPBACK_NETNS"
LOOPBACK_ONLY = ["unshare", "-n", "--", "sh", "-c", 'ip link set lo up && exec "$@"', "sh"]
SERVER_START_SECONDS = 30


def skip_everything(reason):
    print("1..0 # SKIP %s" % reason)
    sys.stdout.flush()
    sys.exit(0)


def only_loopback():
    """Whether this process sees no network interface but loopback."""
    return [name for _, name in socket.if_nameindex()] == ["lo"]


def enter_loopback_namespace():
    """Re-executes this script in a new network namespace holding only
    loopback, or skips when that is not possible. Returns only inside it."""
    if os.environ.get(NETNS_ENV) == "1":
        if not only_loopback():
            print("Bail out! %s is set but other interfaces than lo are visible: %s"
                  % (NETNS_ENV, socket.if_nameindex()))
            sys.exit(1)
        return

    if not os.path.exists(EVERYTHING) or shutil.which("node") is None:
        skip_everything("server-everything is not installed (npm ci in tests/)")
    for program in ("unshare", "ip"):
        if shutil.which(program) is None:
            skip_everything("%s is missing: no loopback-only network namespace" % program)
    probe = subprocess.run(LOOPBACK_ONLY + ["true"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
    if probe.returncode != 0:
        skip_everything("cannot create a loopback-only network namespace (unshare -n needs "
                        "root): %s" % probe.stderr.strip().replace("\n", " "))

    env = dict(os.environ)
    env[NETNS_ENV] = "1"
    sys.stdout.flush()
    os.execvpe(LOOPBACK_ONLY[0], LOOPBACK_ONLY + [sys.executable, os.path.abspath(__file__)]
               + sys.argv[1:], env)


if __name__ == "__main__":
    enter_loopback_namespace()

import mcptest  # noqa: E402
from mcptest import items, json_object, run_tests, wait, wait_until  # noqa: E402

import gi  # noqa: E402

gi.require_version("Soup", "3.0")

from gi.repository import Gio, GLib, Mcp, Soup  # noqa: E402

ALL_FEATURES = (Mcp.ClientFeatures.ROOTS | Mcp.ClientFeatures.SAMPLING
                | Mcp.ClientFeatures.ELICITATION_FORM | Mcp.ClientFeatures.ELICITATION_URL
                | Mcp.ClientFeatures.ELICITATION_APPLY_DEFAULTS)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

URL = None


def die_with_parent():
    """In the server's child process: get SIGKILL when the test dies."""
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


class Server:
    """server-everything in streamableHttp mode on a free loopback port."""

    def __init__(self):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = "http://127.0.0.1:%d/mcp" % self.port
        self.log = tempfile.TemporaryFile()
        env = dict(os.environ, PORT=str(self.port))
        self.process = subprocess.Popen(["node", EVERYTHING, "streamableHttp"], env=env,
                                        stdin=subprocess.DEVNULL, stdout=self.log,
                                        stderr=subprocess.STDOUT, preexec_fn=die_with_parent)
        deadline = time.monotonic() + SERVER_START_SECONDS
        while True:
            if self.process.poll() is not None:
                raise RuntimeError("server-everything exited with %s: %s"
                                   % (self.process.returncode, self.output()))
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("server-everything did not listen on port %d within "
                                       "%d s: %s" % (self.port, SERVER_START_SECONDS,
                                                     self.output()))
                time.sleep(0.05)

    def output(self):
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")[-2000:]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Session(mcptest.Session):
    """A connected client with a new session on the server."""

    def __init__(self, features=None, roots=(), handler=None):
        super().__init__(Mcp.HttpTransport.new(URL), features, roots, handler)

    def close(self):
        super().close()
        assert self.client.get_state() == Mcp.ClientState.CLOSED


def raw_post(session_id, body):
    """POSTs @body with @session_id outside the library; returns the status."""
    http = Soup.Session.new()
    message = Soup.Message.new("POST", URL)
    headers = message.get_request_headers()
    headers.replace("Accept", "application/json, text/event-stream")
    headers.replace("Mcp-Session-Id", session_id)
    headers.replace("MCP-Protocol-Version", "2025-11-25")
    message.set_request_body_from_bytes("application/json", GLib.Bytes.new(body.encode()))
    reply = http.send_and_read_finish(
        wait(lambda cb: http.send_and_read_async(message, GLib.PRIORITY_DEFAULT, None, cb)))
    return message.get_status(), reply.get_data().decode("utf-8", "replace")


def test_handshake():
    s = Session()
    client = s.client
    session_id = s.transport.get_session_id()
    assert session_id, "no Mcp-Session-Id after the handshake"
    assert s.transport.props.session_id == session_id
    assert not s.transport.get_legacy_sse()
    assert client.get_protocol_version() == "2025-11-25", client.get_protocol_version()
    assert client.get_server_info().props.name, "no server name"
    capabilities = client.get_server_capabilities()
    for name in ("tools", "resources", "prompts", "logging", "completions", "tasks"):
        assert name in capabilities, (name, capabilities)
    assert capabilities["resources"]["subscribe"]
    assert client.get_instructions(), "no instructions"
    client.ping_finish(wait(lambda cb: client.ping_async(None, cb)))

    # A second client gets a session of its own.
    other = Session()
    assert other.transport.get_session_id() not in (None, session_id)
    other.close()
    s.close()


def test_tools():
    s = Session()
    tools = {t.props.name: t for t in items(s.client.list_tools_finish(
        wait(lambda cb: s.client.list_tools_async(None, cb))))}
    for name in ("echo", "get-sum", "get-tiny-image", "get-structured-content",
                 "trigger-long-running-operation", "simulate-research-query"):
        assert name in tools, (name, sorted(tools))
    # Declared capabilities only: no client features, no such tools.
    assert "trigger-sampling-request" not in tools and "get-roots-list" not in tools
    # The live model is filled in the background, with the same tools.
    model = s.client.get_tools_model()
    wait_until(lambda: model.get_n_items() == len(tools), what="the tools model being filled")

    assert s.text("echo", '{"message": "hello over HTTP"}') == "Echo: hello over HTTP"
    assert s.text("get-sum", '{"a": 2, "b": 3.5}') == "The sum of 2 and 3.5 is 5.5."

    image = s.call("get-tiny-image")
    blocks = items(image.get_content())
    assert [b.props.kind for b in blocks] == [Mcp.ContentKind.TEXT, Mcp.ContentKind.IMAGE,
                                              Mcp.ContentKind.TEXT], blocks
    assert blocks[1].props.mime_type == "image/png", blocks[1].props.mime_type
    data = blocks[1].get_data().get_data()
    assert data.startswith(PNG_SIGNATURE) and len(data) > 100, data[:16]

    weather = s.call("get-structured-content", '{"location": "Chicago"}')
    assert not weather.props.is_error
    structured = weather.get_structured_content()
    assert structured["temperature"] == 36
    assert structured["conditions"] == "Light rain / drizzle"

    unknown = s.call("no-such-tool")
    assert unknown.props.is_error, "an unknown tool must give an error result"
    s.close()


def test_progress():
    s = Session()
    seen = []
    options = Mcp.RequestOptions.new()
    options.connect("progress", lambda o, progress, total, message: seen.append((progress, total)))
    result = s.call("trigger-long-running-operation", '{"duration": 1, "steps": 5}', options)
    assert "Steps: 5" in result.dup_text(), result.dup_text()
    assert seen == [(float(i), 5.0) for i in range(1, 6)], seen
    s.close()


def test_sampling():
    def handler(request):
        prompt = request.get_params()["messages"][0]["content"]["text"]
        reply = Mcp.Content.new_text("echo: " + prompt)
        # Answered later, as an application asking its user would.
        GLib.timeout_add(50, lambda: request.reply_sampling("mcp-glib-test", reply, "endTurn")
                         and GLib.SOURCE_REMOVE)
        return True

    s = Session(Mcp.ClientFeatures.SAMPLING, handler=handler)
    text = s.text("trigger-sampling-request", '{"prompt": "two plus two"}')
    assert '"model": "mcp-glib-test"' in text, text
    assert "echo: " in text and "two plus two" in text, text
    assert s.requests == ["sampling/createMessage"], s.requests
    s.close()


def test_elicitation():
    answers = []

    def handler(request):
        params = request.get_params()
        if params.get("mode") == "url":
            answers.append(("url", params["url"]))
            request.reply_elicitation(Mcp.ElicitationAction.DECLINE, None)
        else:
            answers.append(("form", params["message"]))
            request.reply_elicitation(Mcp.ElicitationAction.ACCEPT,
                                      json_object('{"name": "Ada", "check": true}'))
        return True

    s = Session(ALL_FEATURES, handler=handler)
    text = s.text("trigger-elicitation-request")
    assert "User provided the requested information" in text, text
    assert '"name": "Ada"' in text, text
    # applyDefaults: the fields left out carry the schema's defaults.
    assert "It was a dark and stormy night." in text, text
    assert '"integer": 42' in text, text

    text = s.text("trigger-url-elicitation", '{"url": "https://example.com/authorize"}')
    assert "declined" in text, text
    assert [kind for kind, _ in answers] == ["form", "url"], answers
    assert answers[-1] == ("url", "https://example.com/authorize"), answers
    s.close()


def test_roots():
    # roots/list comes unprompted, on the GET stream, after the handshake.
    s = Session(Mcp.ClientFeatures.ROOTS, roots=[("file:///tmp/project", "project")])
    wait_until(lambda: any(t.props.name == "get-roots-list"
                           for t in items(s.client.get_tools_model())),
               what="get-roots-list in the tools model")
    listed = s.text("get-roots-list")
    assert "file:///tmp/project" in listed and "1 total" in listed, listed

    s.client.add_root(Mcp.Root.new("file:///tmp/other", "other"))
    wait_until(lambda: "2 total" in s.text("get-roots-list"), timeout=10,
               what="the server seeing the new root")
    s.close()


def test_task_required_tool():
    answers = []

    def handler(request):
        answers.append(request.get_params()["message"])
        request.reply_elicitation(Mcp.ElicitationAction.ACCEPT,
                                  json_object('{"interpretation": "the GNOME library"}'))
        return True

    s = Session(Mcp.ClientFeatures.ELICITATION_FORM, handler=handler)
    tools = {t.props.name: t for t in items(s.client.list_tools_finish(
        wait(lambda cb: s.client.list_tools_async(None, cb))))}
    assert tools["simulate-research-query"].get_task_support() == Mcp.TaskSupport.REQUIRED

    report = s.text("simulate-research-query", '{"topic": "glib"}')
    assert report.startswith("# Research Report: glib"), report[:80]

    # input_required: the elicitation arrives while the task waits for it.
    report = s.text("simulate-research-query", '{"topic": "glib", "ambiguous": true}')
    assert "the GNOME library" in report, report[:300]
    assert len(answers) == 1, answers

    tasks = s.client.list_tasks_finish(wait(lambda cb: s.client.list_tasks_async(None, cb)))
    statuses = [t.props.status for t in items(tasks)]
    assert statuses.count(Mcp.TaskStatus.COMPLETED) >= 2, statuses
    s.close()


def test_resources():
    s = Session()
    client = s.client
    resources = client.list_resources_finish(wait(lambda cb: client.list_resources_async(None, cb)))
    uris = [r.props.uri for r in items(resources)]
    assert len(uris) >= 7, uris
    assert all(u.startswith("demo://resource/static/document/") for u in uris), uris
    doc = items(resources)[0]
    assert doc.props.mime_type == "text/markdown", doc.props.mime_type

    contents = client.read_resource_finish(
        wait(lambda cb: client.read_resource_async(doc.props.uri, None, cb)))
    first = contents.get_item(0)
    assert first.props.uri == doc.props.uri
    assert not first.props.is_blob
    assert first.props.text.startswith("#"), first.props.text[:40]

    templates = client.list_resource_templates_finish(
        wait(lambda cb: client.list_resource_templates_async(None, cb)))
    assert sorted(t.props.uri_template for t in items(templates)) == [
        "demo://resource/dynamic/blob/{resourceId}",
        "demo://resource/dynamic/text/{resourceId}"]

    blob = client.read_resource_finish(
        wait(lambda cb: client.read_resource_async("demo://resource/dynamic/blob/3", None, cb)))
    part = blob.get_item(0)
    assert part.props.is_blob and part.props.text is None
    assert b"3" in part.get_data().get_data()

    try:
        client.read_resource_finish(
            wait(lambda cb: client.read_resource_async("demo://no/such/thing", None, cb)))
        raise AssertionError("reading a missing resource must fail")
    except GLib.Error as error:
        assert error.domain == GLib.quark_to_string(Mcp.error_quark()), error
    s.close()


def test_subscriptions_and_logging():
    s = Session()
    client = s.client
    logs = []
    updated = []
    client.connect("log-message", lambda c, level, logger, data: logs.append((level, data)))
    client.connect("resource-updated", lambda c, uri: updated.append(uri))
    uri = "demo://resource/static/document/architecture.md"

    # Above the server's info message: nothing arrives.
    assert client.set_logging_level_finish(
        wait(lambda cb: client.set_logging_level_async(Mcp.LogLevel.ERROR, None, cb)))
    assert client.subscribe_resource_finish(
        wait(lambda cb: client.subscribe_resource_async(uri, None, cb)))
    client.ping_finish(wait(lambda cb: client.ping_async(None, cb)))
    assert logs == [], logs

    assert client.set_logging_level_finish(
        wait(lambda cb: client.set_logging_level_async(Mcp.LogLevel.DEBUG, None, cb)))
    assert client.unsubscribe_resource_finish(
        wait(lambda cb: client.unsubscribe_resource_async(uri, None, cb)))
    wait_until(lambda: logs, what="a log message")
    level, data = logs[0]
    assert level == Mcp.LogLevel.INFO, level
    assert "Unsubscribe" in data, data

    # The updates come on their own, every 5 s, on the GET stream.
    assert client.subscribe_resource_finish(
        wait(lambda cb: client.subscribe_resource_async(uri, None, cb)))
    s.text("toggle-subscriber-updates")
    wait_until(lambda: uri in updated, timeout=15, what="notifications/resources/updated")
    s.close()


def test_prompts_and_completion():
    s = Session()
    client = s.client
    prompts = client.list_prompts_finish(wait(lambda cb: client.list_prompts_async(None, cb)))
    names = {p.props.name for p in items(prompts)}
    assert {"simple-prompt", "args-prompt", "completable-prompt", "resource-prompt"} <= names

    simple = client.get_prompt_finish(
        wait(lambda cb: client.get_prompt_async("simple-prompt", None, None, cb)))
    message = simple.get_messages().get_item(0)
    assert message.props.role == "user"
    assert message.get_content().props.text == "This is a simple prompt without arguments."

    weather = client.get_prompt_finish(wait(lambda cb: client.get_prompt_async(
        "args-prompt", {"city": "Paris", "state": "TX"}, None, cb)))
    assert weather.get_messages().get_item(0).get_content().props.text == \
        "What's weather in Paris, TX?"

    completion = client.complete_prompt_argument_finish(wait(
        lambda cb: client.complete_prompt_argument_async("completable-prompt", "department",
                                                         "E", None, None, cb)))
    assert completion.get_values() == ["Engineering"], completion.get_values()
    names = client.complete_prompt_argument_finish(wait(
        lambda cb: client.complete_prompt_argument_async("completable-prompt", "name", "",
                                                         {"department": "Sales"}, None, cb)))
    assert len(names.get_values()) > 0
    resource = client.complete_resource_argument_finish(wait(
        lambda cb: client.complete_resource_argument_async(
            "demo://resource/dynamic/text/{resourceId}", "resourceId", "1", None, None, cb)))
    assert resource.get_values(), "no completion for a resource template argument"
    s.close()


def test_cancel():
    s = Session()
    seen = []
    options = Mcp.RequestOptions.new()
    cancellable = Gio.Cancellable()

    def on_progress(o, progress, total, message):
        seen.append(progress)
        cancellable.cancel()

    options.connect("progress", on_progress)
    started = time.monotonic()
    try:
        s.call("trigger-long-running-operation", '{"duration": 20, "steps": 20}', options,
               cancellable)
        raise AssertionError("a cancelled call must fail")
    except GLib.Error as error:
        assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED), error
    assert seen == [1.0], seen
    assert time.monotonic() - started < 10, "the cancelled call did not end at once"

    # The session goes on after the cancellation.
    assert s.text("echo", '{"message": "still here"}') == "Echo: still here"

    # A task-required tool: cancelling the call cancels the task on the server.
    tasks_session = Session(Mcp.ClientFeatures.ELICITATION_FORM)
    task_cancellable = Gio.Cancellable()
    GLib.timeout_add(300, lambda: task_cancellable.cancel() or GLib.SOURCE_REMOVE)
    try:
        tasks_session.call("simulate-research-query", '{"topic": "slow"}',
                           cancellable=task_cancellable)
        raise AssertionError("a cancelled task must fail")
    except GLib.Error as error:
        assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED), error

    def cancelled_on_server():
        client = tasks_session.client
        tasks = client.list_tasks_finish(wait(lambda cb: client.list_tasks_async(None, cb)))
        return Mcp.TaskStatus.CANCELLED in [t.props.status for t in items(tasks)]
    wait_until(cancelled_on_server, timeout=10, what="the task being cancelled on the server")
    tasks_session.close()
    s.close()


def test_close():
    s = Session()
    session_id = s.transport.get_session_id()
    ping = '{"jsonrpc": "2.0", "id": 99, "method": "ping"}'
    status, body = raw_post(session_id, ping)
    assert status == 200, (status, body)

    closed = []
    s.client.connect("closed", lambda c, error: closed.append(error))
    s.close()
    assert closed == [None], closed

    # The DELETE ended the session: server-everything answers 400 (not 404)
    # for a session it does not know.
    status, body = raw_post(session_id, ping)
    assert status == 400, (status, body)
    assert "session" in body.lower(), body

    try:
        s.client.ping_finish(wait(lambda cb: s.client.ping_async(None, cb)))
        raise AssertionError("a closed client must refuse requests")
    except GLib.Error:
        pass


TESTS = [
    test_handshake,
    test_tools,
    test_progress,
    test_sampling,
    test_elicitation,
    test_roots,
    test_task_required_tool,
    test_resources,
    test_subscriptions_and_logging,
    test_prompts_and_completion,
    test_cancel,
    test_close,
]


def main():
    global URL
    try:
        server = Server()
    except Exception as error:  # no server: every test fails, with the reason
        print("Bail out! %s" % error)
        return 1
    URL = server.url
    try:
        return run_tests(TESTS)
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
