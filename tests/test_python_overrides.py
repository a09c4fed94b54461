# test_python_overrides.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The PyGObject override (mcp-glib/gi/overrides/Mcp.py), used uninstalled
# through PYTHONPATH as tests/meson.build sets it: every function, method,
# signal, property and virtual method of the typelib that takes or gives
# JSON is covered (found by walking the typelib, as the override does);
# arguments given as plain Python values; every JSON value read as plain
# Python values, never as a Json.Object; values JSON cannot carry refused
# with a clear exception before anything is sent; and arguments of
# json-glib types accepted as before. Against the demo server and the
# scripted test server; run with Debian's /usr/bin/python3; prints TAP.

import os
import sys
import types

from mcptest import json_object, run_tests, wait
from gi._gi import Repository
from gi.repository import GLib, Json, Mcp

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
        wait(lambda cb: client.call_tool_async(name, arguments, None, None, cb)))


def test_the_override_of_the_tree():
    # Not one installed elsewhere, which PyGObject would find first.
    module = sys.modules["gi.overrides.Mcp"]
    tree = os.path.join(os.environ["G_TEST_SRCDIR"], "..", "mcp-glib", "gi", "overrides")
    assert os.path.samefile(os.path.dirname(module.__file__), tree), module.__file__
    assert isinstance(Mcp.Client.new(Mcp.StdioTransport.new(["x"])), module.Client)


def test_tool_arguments_and_results():
    client = connect()
    result = call(client, "add", {"a": 2, "b": 40})
    assert result.get_structured_content() == {"sum": 42}, result.get_structured_content()
    assert isinstance(result, Mcp.ToolResult)

    result = call(client, "echo", {"text": "héllo ✓", "unused": [1, 2.5, None, True, {}, ()]})
    assert result.dup_text() == "héllo ✓", result.dup_text()
    assert result.get_structured_content() is None

    # The other calling conventions of PyGObject still hold.
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "echo", arguments={"text": "by keyword"}, callback=cb)))
    assert result.dup_text() == "by keyword"
    seen = []
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "echo", {"text": "user data"}, None, None, lambda c, r, data: (seen.append(data), cb(c, r)),
        "the data")))
    assert seen == ["the data"] and result.dup_text() == "user data", seen

    progress = []
    options = Mcp.RequestOptions.new()
    options.connect("progress", lambda o, p, total, message: progress.append(p))
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "countdown", {"from": 2}, options, None, cb)))
    assert result.dup_text() == "Liftoff!" and progress == [1.0, 2.0], progress

    # Any mapping will do.
    result = call(client, "echo", types.MappingProxyType({"text": "read-only"}))
    assert result.dup_text() == "read-only", result.dup_text()

    # A tool without arguments, and the json-glib types of the C API.
    result = call(client, "echo", None)
    assert result.props.is_error
    result = call(client, "add", json_object('{"a": 1, "b": 1}'))
    assert result.get_structured_content() == {"sum": 2}
    assert result.props.structured_content == {"sum": 2}
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
            client.call_tool_async("echo", arguments, None, None,
                                   lambda c, r: called.append(r))
            raise AssertionError("%r must be refused" % (arguments,))
        except exception as error:
            assert message in str(error), (message, str(error))
    for params in ({"a": {1}}, 1 << 64):
        try:
            client.request_async("tools/list", params, None, None,
                                 lambda c, r: called.append(r))
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
    assert client.dup_capabilities()["experimental"] == {"py": {"on": True}}
    assert "tools" in client.get_server_capabilities()
    assert client.props.server_capabilities == client.get_server_capabilities()

    listed = client.request_finish(wait(lambda cb: client.request_async(
        "tools/list", {"extra": [1, {"two": 2.5}]}, None, None, cb)))
    assert len(listed["tools"]) > 0, listed
    node = client.request_finish(wait(lambda cb: client.request_async(
        "ping", {}, None, None, cb)))
    assert node == {}, node
    assert client.notify_finish(wait(lambda cb: client.notify_async(
        "notifications/py", {"list": [1, "two", None], "nested": {"x": 1.5}}, None, cb)))
    assert client.notify_finish(wait(lambda cb: client.notify_async(
        "notifications/none", None, None, cb)))

    received = call(client, "received", None).get_structured_content()["messages"]
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
    return result.get_structured_content()["response"]


def test_server_requests():
    client = connect(TEST_SERVER, Mcp.ClientFeatures.SAMPLING
                     | Mcp.ClientFeatures.ELICITATION_FORM)
    seen = []

    def on_sampling(client, request):
        assert isinstance(request, Mcp.ServerRequest)
        seen.append(request.get_params())
        assert request.props.params == request.get_params()
        assert isinstance(request.get_id(), (str, int)), request.get_id()
        request.reply({"role": "assistant", "model": "py", "stopReason": "endTurn",
                       "content": {"type": "text", "text": "four"}})
        return True

    def on_elicitation(client, request):
        seen.append(request.get_params()["message"])
        assert request.get_requested_schema()["type"] == "object"
        if request.get_params()["message"] == "name?":
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
    value = result.get_structured_content()
    value["list"].append(3)
    assert result.get_structured_content() == {"list": [1, 2]}
    assert Mcp.ToolResult.new_from_json({"content": []}).get_structured_content() is None


# What the typelib has that takes or gives JSON, found as the override
# finds it, so that a method added later without a conversion fails here.
JSON_TYPES = ("Node", "Object", "Array")


def json_kind(type_info):
    tag = type_info.get_tag_as_string()
    if tag == "interface":
        iface = type_info.get_interface()
        return iface.get_namespace() == "Json" and iface.get_name() in JSON_TYPES
    if tag in ("array", "glist", "gslist", "ghash"):
        return any(type_info.get_param_type(n) is not None
                   and json_kind(type_info.get_param_type(n)) for n in range(2))
    return False


def has_json(callable_info):
    return json_kind(callable_info.get_return_type()) or any(
        json_kind(arg.get_type()) for arg in callable_info.get_arguments())


def assert_plain(value, where):
    """value holds nothing but plain Python values."""
    if isinstance(value, (Json.Node, Json.Object, Json.Array)):
        raise AssertionError("%s gave a %s" % (where, type(value).__name__))
    if isinstance(value, dict):
        for key, member in value.items():
            assert isinstance(key, str), (where, key)
            assert_plain(member, where)
    elif isinstance(value, (list, tuple)):
        for element in value:
            assert_plain(element, where)
    else:
        assert value is None or isinstance(value, (str, int, float, bool)), (where, value)


def test_the_typelib_is_covered():
    infos = Repository.get_default().get_infos("Mcp")
    methods = signals = properties = vfuncs = 0
    for info in infos:
        kind = type(info).__name__
        if kind == "FunctionInfo" and has_json(info):
            assert getattr(getattr(Mcp, info.get_name()), "__mcp_json__", False), info.get_name()
            methods += 1
        if kind not in ("ObjectInfo", "InterfaceInfo", "StructInfo"):
            continue
        cls = getattr(Mcp, info.get_name())
        for method in info.get_methods():
            if has_json(method):
                attribute = getattr(cls, method.get_name())
                assert getattr(attribute, "__mcp_json__", False), \
                    "%s.%s is not converted" % (info.get_name(), method.get_name())
                methods += 1
        if kind == "StructInfo":
            continue
        if any(has_json(signal) for signal in info.get_signals()):
            assert "connect" in cls.__dict__, "the signals of %s" % info.get_name()
            signals += sum(1 for signal in info.get_signals() if has_json(signal))
        if any(json_kind(prop.get_type()) for prop in info.get_properties()):
            assert "props" in cls.__dict__, "the properties of %s" % info.get_name()
            properties += sum(1 for p in info.get_properties() if json_kind(p.get_type()))
        if any(has_json(vfunc) for vfunc in info.get_vfuncs()):
            assert "__init_subclass__" in cls.__dict__, "the vfuncs of %s" % info.get_name()
            vfuncs += sum(1 for v in info.get_vfuncs() if has_json(v))
    # The API of today: a conversion that went missing shows here too.
    assert methods >= 60 and signals >= 5 and properties >= 20 and vfuncs >= 2, \
        (methods, signals, properties, vfuncs)


# The smallest valid JSON of each value type made from JSON; a type added
# later without an entry here fails the test below.
VALUES = {
    "AppResource": {"uri": "ui://v/view", "mimeType": "text/html;profile=mcp-app",
                    "text": "<p>", "_meta": {"ui": {"csp": {"connectDomains": ["https://a.example"]},
                                                    "permissions": {"camera": {}}}}},
    "CatalogEntry": {"name": "io.github.x/y", "version": "1.0.0",
                     "packages": [{"registryType": "npm", "identifier": "y", "version": "1.0.0",
                                   "transport": {"type": "stdio"}}]},
    "Completion": {"values": ["a"], "total": 1, "hasMore": False},
    "Content": {"type": "text", "text": "x", "annotations": {"priority": 1}},
    "Implementation": {"name": "n", "version": "1"},
    "Prompt": {"name": "p", "arguments": [{"name": "a"}]},
    "PromptArgument": {"name": "a"},
    "PromptMessage": {"role": "user", "content": {"type": "text", "text": "x"}},
    "PromptResult": {"messages": [{"role": "user", "content": {"type": "text", "text": "x"}}]},
    "Resource": {"uri": "file:///x", "name": "x", "annotations": {"priority": 1}},
    "ResourceContents": {"uri": "file:///x", "text": "x"},
    "ResourceTemplate": {"uriTemplate": "file:///{x}", "name": "x",
                         "annotations": {"audience": ["user"]}},
    "Root": {"uri": "file:///x"},
    "SamplingMessage": {"role": "user", "content": {"type": "text", "text": "x"}},
    "Task": {"taskId": "t", "status": "working", "createdAt": "2026-01-01T00:00:00Z",
             "lastUpdatedAt": "2026-01-01T00:00:00Z", "ttl": 1000},
    "Tool": {"name": "t", "inputSchema": {"type": "object"},
             "outputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}},
    "ToolResult": {"content": [], "structuredContent": {"a": [1, {"b": None}]}},
}


def test_every_accessor_gives_python_values():
    checked = 0
    for info in Repository.get_default().get_infos("Mcp"):
        if type(info).__name__ != "ObjectInfo" or info.find_method("new_from_json") is None:
            continue
        name = info.get_name()
        assert name in VALUES, "no JSON of %s in VALUES" % name
        value = getattr(Mcp, name).new_from_json(VALUES[name])
        assert value.get_json() == VALUES[name], (name, value.get_json())
        for method in info.get_methods():
            takes = [a for a in method.get_arguments() if a.get_direction() == 0]
            if method.is_method() and not takes and json_kind(method.get_return_type()):
                assert_plain(getattr(value, method.get_name())(), "%s.%s" % (name, method.get_name()))
                checked += 1
        for prop in info.get_properties():
            if json_kind(prop.get_type()):
                attribute = prop.get_name().replace("-", "_")
                assert_plain(getattr(value.props, attribute), "%s:%s" % (name, prop.get_name()))
                assert_plain(value.get_property(prop.get_name()), name)
                checked += 1
    assert checked >= 40, checked

    config = Mcp.ServerConfig.new("x", {"command": "true"})
    config.props.env = {"A": "1"}
    config.set_property("headers", {"X-A": "b"})
    for getter in (config.get_json, config.get_env, config.get_headers):
        assert_plain(getter(), getter.__name__)
    assert config.get_env() == {"A": "1"} and config.props.headers == {"X-A": "b"}


def test_signals_errors_and_models():
    client = connect(TEST_SERVER)
    notified, logged = [], []
    client.connect("notification::notifications/message",
                   lambda c, method, params: notified.append(params))
    client.connect_after("log-message", lambda c, level, logger, data: logged.append(data))
    call(client, "log", {"data": "from python", "level": "warning"})
    wait_until = GLib.get_monotonic_time() + 10 * 1000 * 1000
    while not (notified and logged) and GLib.get_monotonic_time() < wait_until:
        GLib.MainContext.default().iteration(True)
    assert_plain(notified, "notification")
    assert_plain(logged, "log-message")
    assert notified[0]["data"] == "from python" and logged[0] == "from python", (notified, logged)

    # A handler given plain values is still found by the function connected.
    def on_log(client, level, logger, data):
        late.append(data)

    late = []
    client.connect("log-message", on_log)
    assert client.handler_block_by_func(on_log) == 1
    assert client.handler_unblock_by_func(on_log) == 1
    assert client.disconnect_by_func(on_log) == 1
    call(client, "log", {"data": "unheard", "level": "warning"})
    for _ in range(20):
        GLib.MainContext.default().iteration(False)
    assert late == [], late

    for tool in client.get_tools_model():
        assert_plain(tool.get_input_schema(), "Tool.get_input_schema")
        assert_plain(tool.props.json, "Tool:json")

    try:
        call(client, "error", {"code": -32602, "message": "bad", "data": {"why": [1, "x"]}})
        raise AssertionError("the call must fail")
    except GLib.Error as error:
        assert Mcp.error_get_data(error) == {"why": [1, "x"]}, Mcp.error_get_data(error)
    close(client)


def test_group_calls_and_progress():
    config = Mcp.ServerConfig.new("demo", {"command": DEMO_SERVER})
    group = Mcp.ClientGroup.new()
    group.add_config(config)
    assert group.connect_finish(wait(lambda cb: group.connect_async(None, cb)))
    progress = []
    options = Mcp.RequestOptions.new()
    options.connect("progress", lambda o, p, total, message: progress.append((p, total, message)))
    result = group.call_tool_finish(wait(lambda cb: group.call_tool_async(
        "countdown", {"from": 2}, options, None, cb)))
    assert result.dup_text() == "Liftoff!", result.dup_text()
    assert [p for p, _, _ in progress] == [1.0, 2.0], progress
    result = group.call_tool_finish(wait(lambda cb: group.call_tool_async(
        "add", {"a": 1, "b": 2}, None, None, cb)))
    assert result.get_structured_content() == {"sum": 3}
    assert group.get_tools().get_n_items() > 0
    for item in group.get_tools():
        assert_plain(item.get_item().get_json(), "GroupItem")
    assert group.close_finish(wait(lambda cb: group.close_async(None, cb)))


TESTS = [
    test_the_override_of_the_tree,
    test_tool_arguments_and_results,
    test_values_json_cannot_carry,
    test_requests_and_capabilities,
    test_server_requests,
    test_values_are_copies,
    test_the_typelib_is_covered,
    test_every_accessor_gives_python_values,
    test_signals_errors_and_models,
    test_group_calls_and_progress,
]

if not os.access(TEST_SERVER, os.X_OK):
    for test in (test_requests_and_capabilities, test_server_requests,
                 test_signals_errors_and_models):
        test.skip_reason = "mcp-test-server not found (set G_TEST_BUILDDIR or MCP_TEST_SERVER)"


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
