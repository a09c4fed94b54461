# test_python_overrides.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The PyGObject override (mcp-glib/gi/overrides/Mcp.py), used uninstalled
# through PYTHONPATH as tests/meson.build sets it: tool arguments, request
# parameters and answers to the server's requests given as plain Python
# values; structured content and request parameters read as Python values;
# values JSON cannot carry refused with a clear exception before anything is
# sent; and the C names with json-glib types working as before. Against the
# demo server and the scripted test server; run with Debian's
# /usr/bin/python3; prints TAP.

import os
import sys
import types

from mcptest import json_object, run_tests, wait
from gi.repository import GLib, Mcp

TEST_SERVER = os.environ.get("MCP_TEST_SERVER") or os.path.join(
    os.environ.get("G_TEST_BUILDDIR", ""), "mcp-test-server")
DEMO_SERVER = os.environ.get("MCP_DEMO_SERVER", "mcp-glib-demo-server")


def connect(server=DEMO_SERVER, features=Mcp.ClientFeatures.NONE, before=None):
    client = Mcp.Client.new(Mcp.StdioTransport.new([server]))
    client.props.features = features
    if before is not None:
        before(client)
    client.connect_finish(wait(lambda cb: client.connect_async(None, cb)))
    return client


def close(client):
    assert client.close_finish(wait(lambda cb: client.close_async(None, cb)))


def call(client, name, arguments):
    return client.call_tool_finish(
        wait(lambda cb: client.call_tool_async(name, arguments, None, cb)))


def test_the_override_of_the_tree():
    # Not one installed elsewhere, which PyGObject would find first.
    module = sys.modules["gi.overrides.Mcp"]
    tree = os.path.join(os.environ["G_TEST_SRCDIR"], "..", "mcp-glib", "gi", "overrides")
    assert os.path.samefile(os.path.dirname(module.__file__), tree), module.__file__
    assert isinstance(Mcp.Client.new(Mcp.StdioTransport.new(["x"])), module.Client)


def test_tool_arguments_and_results():
    client = connect()
    result = call(client, "add", {"a": 2, "b": 40})
    assert result.structured == {"sum": 42}, result.structured
    assert isinstance(result, Mcp.ToolResult)

    result = call(client, "echo", {"text": "héllo ✓", "unused": [1, 2.5, None, True, {}, ()]})
    assert result.dup_text() == "héllo ✓", result.dup_text()
    assert result.structured is None

    # The other calling conventions of PyGObject still hold.
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "echo", arguments={"text": "by keyword"}, callback=cb)))
    assert result.dup_text() == "by keyword"
    seen = []
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "echo", {"text": "user data"}, None, lambda c, r, data: (seen.append(data), cb(c, r)),
        "the data")))
    assert seen == ["the data"] and result.dup_text() == "user data", seen

    progress = []
    options = Mcp.RequestOptions.new()
    options.connect("progress", lambda o, p, total, message: progress.append(p))
    result = client.call_tool_full_finish(wait(lambda cb: client.call_tool_full_async(
        "countdown", {"from": 2}, options, None, cb)))
    assert result.dup_text() == "Liftoff!" and progress == [1.0, 2.0], progress

    # Any mapping will do.
    result = call(client, "echo", types.MappingProxyType({"text": "read-only"}))
    assert result.dup_text() == "read-only", result.dup_text()

    # A tool without arguments, and the json-glib types of the C API.
    result = call(client, "echo", None)
    assert result.props.is_error
    result = call(client, "add", json_object('{"a": 1, "b": 1}'))
    assert result.structured == {"sum": 2}
    assert result.get_structured_content().get_object().get_double_member("sum") == 2.0
    close(client)


def test_values_json_cannot_carry():
    client = connect()
    bad = [
        ([1, 2], TypeError, "arguments must be a dict (or a Json.Object), not list"),
        ({"a": {1, 2}}, TypeError, "arguments['a']: set is not a JSON value"),
        ({"a": [0, b"bytes"]}, TypeError, "arguments['a'][1]: bytes is not a JSON value"),
        ({1: "one"}, TypeError, "member names must be str, not int"),
        ({"a": float("nan")}, ValueError, "arguments['a']: nan is not a JSON number"),
        ({"a": float("inf")}, ValueError, "arguments['a']: inf is not a JSON number"),
        ({"a": 1 << 63}, ValueError, "the integer 9223372036854775808 does not fit in 64 bits"),
        ({"a": -(1 << 63) - 1}, ValueError, "does not fit in 64 bits"),
        ({"a": "nul\0here"}, ValueError, "arguments['a']: a string contains a NUL character"),
        ({"a\0": 1}, ValueError, "a string contains a NUL character"),
        ({"a": "\ud800"}, ValueError, "a lone surrogate"),
    ]
    called = []
    for arguments, exception, message in bad:
        try:
            client.call_tool_async("echo", arguments, None, lambda c, r: called.append(r))
            raise AssertionError("%r must be refused" % (arguments,))
        except exception as error:
            assert message in str(error), (message, str(error))
    for params in ({"a": {1}}, 1 << 64):
        try:
            client.request_async("tools/list", params, None, lambda c, r: called.append(r))
            raise AssertionError("%r must be refused" % (params,))
        except (TypeError, ValueError):
            pass

    # The extremes that fit arrive unchanged, and nothing refused was sent.
    result = call(client, "add", {"a": (1 << 63) - 1, "b": 0})
    assert result.props.is_error is False
    GLib.MainContext.default().iteration(False)
    assert called == [], called
    close(client)


def test_requests_and_capabilities():
    client = connect(TEST_SERVER, before=lambda c: c.set_capability("experimental",
                                                                    {"py": {"on": True}}))
    assert client.dup_capabilities().get_object_member("experimental") \
        .get_object_member("py").get_boolean_member("on")

    listed = client.request_finish(wait(lambda cb: client.request_async(
        "tools/list", {"extra": [1, {"two": 2.5}]}, None, cb)))
    assert listed.get_object().get_array_member("tools").get_length() > 0
    node = client.request_full_finish(wait(lambda cb: client.request_full_async(
        "ping", {}, None, None, cb)))
    assert node.get_object().get_size() == 0
    assert client.notify_finish(wait(lambda cb: client.notify_async(
        "notifications/py", {"list": [1, "two", None], "nested": {"x": 1.5}}, None, cb)))
    assert client.notify_finish(wait(lambda cb: client.notify_async(
        "notifications/none", None, None, cb)))

    received = call(client, "received", None).structured["messages"]
    by_method = {}
    for message in received:  # the first of each: the client lists tools itself too
        by_method.setdefault(message.get("method"), message)
    assert by_method["initialize"]["params"]["capabilities"]["experimental"] == \
        {"py": {"on": True}}, by_method["initialize"]
    assert by_method["tools/list"]["params"]["extra"] == [1, {"two": 2.5}], by_method["tools/list"]
    assert by_method["notifications/py"]["params"] == \
        {"list": [1, "two", None], "nested": {"x": 1.5}}, by_method["notifications/py"]
    assert "params" not in by_method["notifications/none"], by_method["notifications/none"]
    close(client)


def provoke(client, method, params):
    """Has the test server send a request; returns the client's response."""
    result = call(client, "server-request", {"method": method, "params": params})
    return result.structured["response"]


def test_server_requests():
    client = connect(TEST_SERVER, Mcp.ClientFeatures.SAMPLING
                     | Mcp.ClientFeatures.ELICITATION_FORM)
    seen = []

    def on_sampling(client, request):
        assert isinstance(request, Mcp.ServerRequest)
        seen.append(request.params)
        request.reply({"role": "assistant", "model": "py", "stopReason": "endTurn",
                       "content": {"type": "text", "text": "four"}})
        return True

    def on_elicitation(client, request):
        seen.append(request.params["message"])
        if request.params["message"] == "name?":
            request.reply_elicitation(Mcp.ElicitationAction.ACCEPT, {"name": "Ada", "age": 36})
        else:
            request.reply_elicitation(Mcp.ElicitationAction.DECLINE)
        return True

    client.connect("server-request::sampling/createMessage", on_sampling)
    client.connect("server-request::elicitation/create", on_elicitation)

    messages = [{"role": "user", "content": {"type": "text", "text": "2 + 2?"}}]
    response = provoke(client, "sampling/createMessage", {"messages": messages, "maxTokens": 5})
    assert seen == [{"messages": messages, "maxTokens": 5}], seen
    assert response["result"] == {"role": "assistant", "model": "py", "stopReason": "endTurn",
                                  "content": {"type": "text", "text": "four"}}, response

    schema = {"type": "object", "properties": {"name": {"type": "string"},
                                               "age": {"type": "integer"}}}
    response = provoke(client, "elicitation/create", {"message": "name?",
                                                       "requestedSchema": schema})
    assert response["result"] == {"action": "accept", "content": {"name": "Ada", "age": 36}}
    response = provoke(client, "elicitation/create", {"message": "no?",
                                                       "requestedSchema": schema})
    assert response["result"] == {"action": "decline"}, response
    assert seen[1:] == ["name?", "no?"], seen
    close(client)


def test_values_are_copies():
    # Python values handed out are the JSON's, not views of it.
    result = Mcp.ToolResult.new_from_json(json_object(
        '{"content": [], "structuredContent": {"list": [1, 2]}}'))
    value = result.structured
    value["list"].append(3)
    assert result.structured == {"list": [1, 2]}
    assert Mcp.ToolResult.new_from_json(json_object('{"content": []}')).structured is None


TESTS = [
    test_the_override_of_the_tree,
    test_tool_arguments_and_results,
    test_values_json_cannot_carry,
    test_requests_and_capabilities,
    test_server_requests,
    test_values_are_copies,
]

if not os.access(TEST_SERVER, os.X_OK):
    for test in (test_requests_and_capabilities, test_server_requests):
        test.skip_reason = "mcp-test-server not found (set G_TEST_BUILDDIR or MCP_TEST_SERVER)"


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
