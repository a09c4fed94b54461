# mcptest.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What the Python test programs share: waiting for asynchronous calls on a
# main loop, building JSON arguments, a session with an MCP server,
# running a program that must succeed, and a TAP runner.
#
# test-cli.py, which drives the command-line client, uses only the TAP
# runner, and runs without PyGObject or the Mcp typelib; a program that
# uses the rest fails at its own import of gi.repository without them.

import os
import subprocess
import sys

try:
    import gi

    gi.require_version("GLib", "2.0")
    gi.require_version("Gio", "2.0")
    gi.require_version("Json", "1.0")
    gi.require_version("Mcp", "1")

    from gi.repository import GLib, Json, Mcp
except (ImportError, ValueError):
    pass

TIMEOUT_SECONDS = 30
HTTP_SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcp-http-test-server.py")


class HttpServer:
    """The scripted Streamable HTTP server, on a free port of 127.0.0.1."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, HTTP_SERVER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        self.url = "http://127.0.0.1:%d/mcp" % int(self.process.stdout.readline())

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


def wait(start, timeout=TIMEOUT_SECONDS):
    """Runs start(callback) and iterates a main loop until the callback fires."""
    loop = GLib.MainLoop()
    box = {}

    def done(source, result, *args):
        box["result"] = result
        loop.quit()

    def give_up():
        box["timeout"] = True
        loop.quit()
        return GLib.SOURCE_REMOVE

    timeout_id = GLib.timeout_add_seconds(timeout, give_up)
    start(done)
    loop.run()
    if "timeout" in box:
        raise AssertionError("no answer within %d s" % timeout)
    GLib.source_remove(timeout_id)
    return box["result"]


def wait_until(condition, timeout=TIMEOUT_SECONDS, what="the condition"):
    """Iterates the main context until condition() is true."""
    deadline = GLib.get_monotonic_time() + timeout * 1000000
    context = GLib.MainContext.default()
    while not condition():
        if GLib.get_monotonic_time() > deadline:
            raise AssertionError("%s did not happen within %d s" % (what, timeout))
        context.iteration(False) or GLib.usleep(2000)


def json_object(text):
    """A Json.Object from JSON text: the shortest way to tool arguments."""
    node = Json.from_string(text)
    assert node.get_node_type() == Json.NodeType.OBJECT, text
    return node.get_object()


class Session:
    """A connected client on the given transport. handler, if given, answers
    the server's requests (the server-request signal); self.requests lists
    their methods."""

    def __init__(self, transport, features=None, roots=(), handler=None, pinned_version=None):
        self.transport = transport
        self.client = Mcp.Client.new(self.transport)
        self.client.props.features = Mcp.ClientFeatures.NONE if features is None else features
        if pinned_version is not None:
            self.client.props.version_negotiation = Mcp.VersionNegotiation.PINNED
            self.client.props.pinned_protocol_version = pinned_version
        for uri, name in roots:
            self.client.add_root(Mcp.Root.new(uri, name))
        self.requests = []
        if handler is not None:
            self.client.connect("server-request", self._on_request, handler)
        self.client.connect_finish(wait(lambda cb: self.client.connect_async(None, cb)))

    def _on_request(self, client, request, handler):
        self.requests.append(request.get_method())
        return handler(request)

    def call(self, name, arguments="{}", options=None, cancellable=None):
        args = json_object(arguments)
        result = wait(lambda cb: self.client.call_tool_async(name, args, options,
                                                                  cancellable, cb), timeout=60)
        return self.client.call_tool_finish(result)

    def text(self, name, arguments="{}"):
        result = self.call(name, arguments)
        assert not result.props.is_error, result.dup_text()
        return result.dup_text()

    def close(self):
        self.client.close_finish(wait(lambda cb: self.client.close_async(None, cb)))


def items(model):
    """The items of a Gio.ListModel, as a list."""
    return [model.get_item(i) for i in range(model.get_n_items())]


def run_checked(args, **kwargs):
    """Runs a program to its end; returns its output, or raises with its
    exit status and the end of its output when it fails."""
    proc = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if proc.returncode != 0:
        raise AssertionError("%s failed (%d):\n%s%s" % (" ".join(args), proc.returncode,
                                                        proc.stdout[-4000:], proc.stderr[-4000:]))
    return proc.stdout


def run_tests(tests):
    """Runs each test, printing TAP; returns the exit status."""
    print("1..%d" % len(tests))
    failed = 0
    for number, test in enumerate(tests, 1):
        skip = getattr(test, "skip_reason", None)
        if skip:
            print("ok %d %s # SKIP %s" % (number, test.__name__, skip))
            continue
        try:
            test()
            print("ok %d %s" % (number, test.__name__))
        except Exception as error:  # report every failure, keep going
            failed += 1
            print("not ok %d %s" % (number, test.__name__))
            for line in ("%s: %s" % (type(error).__name__, error)).splitlines():
                print("# " + line)
        sys.stdout.flush()
    return 1 if failed else 0
