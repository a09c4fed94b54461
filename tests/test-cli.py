# test-cli.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Runs mcp-glib-client (MCP_GLIB_CLIENT) as a user would, through
# subprocess: against the bundled demo server (MCP_DEMO_SERVER) for
# listing, calling, progress on a terminal (a pty), log messages, follow,
# signals and every exit status; and against the reference server from npm
# (server-everything) for resources, templates, prompts, completion and
# the server's environment, skipped when it is not installed; and the
# sandbox options. The configured servers (-c, --config, servers) are
# test-cli-servers.py's. Prints TAP.

import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from mcpcli import (CLIENT, DEMO_SERVER, ENV, EVERYTHING, EVERYTHING_SERVER, TIMEOUT, check,
                    complete, demo, everything, everything_missing, read_until, run, run_bytes,
                    run_on_terminal)
from mcptest import run_tests


# A stdio server of this test's own, for what neither the demo server nor
# server-everything offers: a tool whose input schema has every type (it
# answers with the arguments it got, as structured content) and binary
# content of every kind.
SCRIPTED_SERVER_SOURCE = r"""
import base64, json, sys

BYTES = bytes(range(256)) + b"\x1b[31m red \x00\n"
BLOB = base64.b64encode(BYTES).decode()
TYPES = {
    "s": {"type": "string"}, "i": {"type": "integer"}, "n": {"type": "number"},
    "b": {"type": "boolean"}, "o": {"type": "object"}, "a": {"type": "array"},
    "maybe": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
    "either": {"type": ["boolean", "number"]}, "any": {"description": "no type"},
}
TOOLS = [
    {"name": "types", "inputSchema": {"type": "object", "properties": TYPES}},
    {"name": "media", "inputSchema": {"type": "object"}},
    {"name": "refuse", "inputSchema": {"type": "object"}},
    {"name": "fail", "inputSchema": {"type": "object"}},
]
MEDIA = [
    {"type": "text", "text": "before"},
    {"type": "image", "mimeType": "image/png", "data": BLOB},
    {"type": "audio", "mimeType": "audio/wav", "data": BLOB},
    {"type": "resource", "resource": {"uri": "test://blob", "mimeType": "application/x-test",
                                      "blob": BLOB}},
    {"type": "text", "text": "after"},
]
CONTENTS = {
    "test://blob": [{"uri": "test://blob", "mimeType": "application/x-test", "blob": BLOB}],
    "test://two": [{"uri": "test://two#1", "mimeType": "text/plain", "text": "one"},
                   {"uri": "test://two#2", "mimeType": "application/x-test", "blob": BLOB}],
}

def answer(request):
    method, params = request["method"], request.get("params", {})
    if method == "initialize":
        return {"protocolVersion": params["protocolVersion"], "serverInfo":
                {"name": "scripted", "version": "1"}, "capabilities": {"tools": {},
                                                                      "resources": {}}}
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "tools/call" and params["name"] == "fail":
        return {"content": [{"type": "text", "text": "out of stock"}],
                "structuredContent": {"reason": "stock", "left": 0}, "isError": True}
    if method == "tools/call" and params["name"] == "types":
        arguments = params.get("arguments", {})
        return {"content": [{"type": "text", "text": json.dumps(arguments)}],
                "structuredContent": arguments}
    if method == "tools/call":
        return {"content": MEDIA}
    if method == "resources/read":
        return {"contents": CONTENTS[params["uri"]]}
    return {}

def refusal(request):
    # A URL elicitation the call needs (-32042), or a refusal whose data is
    # larger than the client shows.
    size = request["params"].get("arguments", {}).get("size", 0)
    if size:
        return {"code": -32603, "message": "Too much", "data": {"blob": "x" * size}}
    return {"code": -32042, "message": "This request requires more information.",
            "data": {"elicitations": [{"mode": "url", "elicitationId": "e-1",
                                       "url": "https://example.com/connect?id=e-1",
                                       "message": "Connect your account"}]}}

for line in sys.stdin:
    request = json.loads(line)
    if "id" not in request:
        continue
    if request["method"] == "tools/call" and request["params"]["name"] == "refuse":
        print(json.dumps({"jsonrpc": "2.0", "id": request["id"], "error": refusal(request)}),
              flush=True)
        continue
    print(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": answer(request)}),
          flush=True)
"""
SCRIPTED_BYTES = bytes(range(256)) + b"\x1b[31m red \x00\n"

# The messages checked below are the untranslated ones.


def scripted(*args, **kwargs):
    return run("--server", "%s %s" % (sys.executable, SCRIPTED_SERVER), *args, **kwargs)


def interrupt_call(signum):
    """Interrupts a long call with signum; returns the exit status."""
    # The library's debug messages (on stderr) say when the call is sent.
    proc = subprocess.Popen([CLIENT, "--server", DEMO_SERVER, "call", "countdown",
                             '{"from": 10}'], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=dict(ENV, G_MESSAGES_DEBUG="Mcp"))
    read_until(proc, proc.stderr, '"method":"tools/call"')
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=TIMEOUT)
    assert out == b"", out
    assert b'"method":"notifications/cancelled"' in err, "the server was not told"
    return proc.returncode


def test_help():
    out = check(*run("--help"))
    for command in ["info", "tools", "resources", "templates", "prompts", "call", "read",
                    "prompt", "complete", "ping", "follow", "servers"]:
        assert "\n  %s" % command in out, command
    for option in ["--server", "--url", "--json", "--timeout", "--connect-timeout", "--env",
                   "--inherit-env", "--log-level", "--names", "--header", "--output",
                   "--subscribe", "--protocol", "--connect", "--config", "--input"]:
        assert option in out, option
    assert "Exit status" in out and "130" in out, out
    assert check(*run("help")) == out
    assert check(*run("--version")).startswith("mcp-glib-client ")


def test_bash_completion():
    assert {"--connect-timeout", "--output", "--timeout"} <= set(complete("--")), complete("--")
    assert complete("--server", DEMO_SERVER, "call", "") == ["echo", "add", "countdown", "log"]
    assert complete("--server", DEMO_SERVER, "call", "add", "") == ["a=", "b="]
    assert complete("--server", DEMO_SERVER, "call", "add", "a=1", "b") == ["b="]
    assert check(*demo("--names", "tools", "countdown")) == "from\n"


def test_overview_runs_the_demo_server():
    out = check(*run())
    assert out.startswith("Server: mcp-demo-server "), out
    assert "\nTools:\n" in out and "\necho (Echo)\n" in out, out
    overview = json.loads(check(*run("--json")))
    assert overview["serverInfo"]["name"] == "mcp-demo-server", overview
    assert [t["name"] for t in overview["tools"]] == ["echo", "add", "countdown", "log"]


def test_info():
    out = check(*demo("info"))
    assert "Protocol: 2025-11-25\n" in out, out
    assert "Capabilities: tools, logging\n" in out, out
    assert "Instructions:\n  A demo server" in out, out
    info = json.loads(check(*demo("--json", "info")))
    assert info["protocolVersion"] == "2025-11-25", info
    assert info["serverInfo"]["name"] == "mcp-demo-server", info
    assert "logging" in info["capabilities"], info


def test_tools():
    out = check(*demo("tools"))
    assert "echo (Echo)\n  Returns the given text unchanged.\n" \
        "  - text (string, required): The text to send back\n" in out, out
    assert "  - from (integer, default 3): Where to count down from\n" in out, out
    assert "one of debug|info|notice" in out, out

    listed = json.loads(check(*demo("--json", "tools")))
    tools = {t["name"]: t for t in listed["tools"]}
    assert list(tools) == ["echo", "add", "countdown", "log"], tools
    assert tools["add"]["inputSchema"]["required"] == ["a", "b"], tools["add"]
    assert check(*demo("tools", "--names")) == "echo\nadd\ncountdown\nlog\n"

    details = check(*demo("tools", "add"))
    assert "Input schema:\n{" in details and "Output schema:\n{" in details, details
    assert json.loads(check(*demo("--json", "tools", "add")))["outputSchema"]["required"] == [
        "sum"]
    check(*demo("tools", "subtract"), expected=4)


def test_tools_format():
    """tools --format: the definitions a model API takes, valid against the
    API's published schema (tests/data)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import mcp_api_schemas

    for api in ("openai", "openai-responses", "anthropic", "gemini", "ollama"):
        definitions = json.loads(check(*demo("--format", api, "tools")))
        errors = mcp_api_schemas.check_all(api, "tool", definitions)
        assert not errors, errors
        if api == "gemini":
            definitions = definitions[0]["functionDeclarations"]
        names = [d.get("name") or d["function"]["name"] for d in definitions]
        assert names == ["mcp-demo-server__echo", "mcp-demo-server__add",
                         "mcp-demo-server__countdown", "mcp-demo-server__log"], names
    one_line = check(*demo("--json", "--format", "anthropic", "tools"))
    assert one_line.count("\n") == 1, one_line
    check(*demo("--format", "cohere", "tools"), expected=2)
    check(*demo("--format", "openai", "tools", "echo"), expected=2)


def test_call():
    assert check(*demo("call", "echo", '{"text": "hello, wörld"}')) == "hello, wörld\n"
    out = check(*demo("call", "add", '{"a": 1, "b": 2}'))
    assert out.startswith("1 + 2 = 3\nStructured content:\n{"), out
    result = json.loads(check(*demo("--json", "call", "add", '{"a": 1, "b": 2}')))
    assert result["structuredContent"]["sum"] == 3, result
    assert result["content"] == [{"type": "text", "text": "1 + 2 = 3"}], result
    # Options after the command work too.
    assert json.loads(check(*demo("call", "echo", '{"text": "x"}', "--json")))["content"]

    # Off a terminal: no progress bar, only the result.
    assert check(*demo("call", "countdown", '{"from": 2}')) == "Liftoff!\n"


def test_call_with_pairs():
    # Converted by the demo's input schemas: a and b are numbers, text a
    # string even when it looks like a number.
    assert check(*demo("call", "add", "a=1", "b=2")).startswith("1 + 2 = 3\n")
    result = json.loads(check(*demo("--json", "call", "add", "a=-1", "b=2.5e0")))
    assert result["structuredContent"]["sum"] == 1.5, result
    assert check(*demo("call", "echo", "text=42")) == "42\n"
    assert check(*demo("call", "countdown", "from=2")) == "Liftoff!\n"

    # Every type, and ARGUMENT:=JSON as it is.
    result = json.loads(check(*scripted(
        "--json", "call", "types", "s=3", "i=-7", "n=0.5", "b=false", 'o={"k": [1]}',
        "a=[1, \"x\"]", "maybe=null", "either=true", "any=12")))
    assert result["structuredContent"] == {
        "s": "3", "i": -7, "n": 0.5, "b": False, "o": {"k": [1]}, "a": [1, "x"],
        "maybe": None, "either": True, "any": "12"}, result
    result = json.loads(check(*scripted("--json", "call", "types", "maybe=5", "either=5",
                                        "s=", 'i:="not checked"', 'any:={"s": [1]}')))
    assert result["structuredContent"] == {"maybe": 5, "either": 5, "s": "",
                                           "i": "not checked", "any": {"s": [1]}}, result

    # A mistake is a usage error that names the argument and what it takes.
    for args, message in (
            (["i=1.5"], "The argument “i” of the tool “types” takes an integer, not “1.5”"),
            (["n=0x10"], "“n” of the tool “types” takes a number, not “0x10”"),
            (["n=NaN"], "“n” of the tool “types” takes a number, not “NaN”"),
            (["b=yes"], "“b” of the tool “types” takes true or false, not “yes”"),
            (["o=[1]"], "“o” of the tool “types” takes a JSON object, not “[1]”"),
            (["maybe=x"], "“maybe” of the tool “types” takes an integer or null, not “x”"),
            (["o={\"k\": }"], "“o” of the tool “types” takes a JSON object; its value is not "
                              "valid JSON: line 1, column 7: "),
            (["nope=1"], "The tool “types” has no argument “nope”; its arguments are: s, i, n,"),
            (["raw:=1"], "The tool “types” has no argument “raw”"),
    ):
        status, out, err = scripted("call", "types", *args)
        assert status == 2 and out == "", (args, status, out, err)
        assert message in err, (args, err)
        assert "Try “mcp-glib-client tools types” for its arguments." in err, err
    status, out, err = scripted("call", "media", "x=1")
    assert status == 2 and "The tool “media” takes no arguments, not “x”" in err, err
    status, out, err = demo("call", "no-such-tool", "x=1")
    assert status == 4 and "The server has no tool “no-such-tool”" in err, (status, err)

    # Mistakes of form are found before any server starts.
    for args, message in (
            (["a=1", "a=2"], "The argument “a” is given twice"),
            (["=1"], "“=1” is not a tool argument"),
            (["a"], "“a” is not a tool argument"),
            (['{"a": 1}', "b=2"], "either as one JSON object or as ARGUMENT=VALUE pairs"),
            (["a:={\n}x"], "The value of “a” is not valid JSON: line 2, column 2: "),
    ):
        status, out, err = run("--server", "/nonexistent", "call", "add", *args)
        assert status == 2 and message in err, (args, status, err)


def test_json_syntax_errors_name_the_line_and_column():
    # Where json-glib says the error is.
    for arguments, where in (('{"text": "x",}', "line 1, column 13: "),
                             ('{"text":\n  "x" "y"}', "line 2, column 5: "),
                             ("{bad json", "line 1, column 1: ")):
        status, out, err = run("call", "echo", arguments)
        assert status == 2 and out == "", (arguments, status, out, err)
        assert "The tool arguments are not valid JSON: " + where in err, (arguments, err)
        assert "<data>" not in err and "Parse error" not in err, err


def test_progress_bar_on_a_terminal():
    status, output = run_on_terminal("--server", DEMO_SERVER, "call", "countdown",
                                     '{"from": 3}')
    assert status == 0, (status, output)
    assert "\r[" in output and "1/3" in output and "3/3  0 left" in output, repr(output)
    assert "100%" in output, repr(output)
    # The bar is wiped before the result.
    assert output.endswith("\r\x1b[KLiftoff!\r\n"), repr(output)

    # --json is for programs: no bar even on a terminal.
    status, output = run_on_terminal("--server", DEMO_SERVER, "--json", "call", "countdown",
                                     '{"from": 2}')
    assert status == 0 and "\r[" not in output, repr(output)


def test_log_messages_go_to_stderr():
    status, out, err = demo("call", "log", '{"message": "from the test", "level": "warning"}')
    assert check(status, out, err) == "logged\n"
    assert "[warning] mcp-demo-server: from the test\n" in err, err

    # Below the level asked for: the server drops it.
    status, out, err = demo("--log-level", "error", "call", "log", '{"message": "quiet"}')
    check(status, out, err)
    assert "quiet" not in err, err


STATELESS_SERVER = "'%s' '%s'" % (sys.executable, os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "mcp-stateless-test-server.py"))


def test_protocol():
    # By default the client asks; the demo server is of the older kind.
    assert "Protocol: 2025-11-25\n" in check(*demo("info"))
    assert "Protocol: 2025-11-25\n" in check(*demo("--protocol", "legacy", "info"))

    # A stateless server is spoken to in its revision, unless told otherwise.
    dual = STATELESS_SERVER + " --era dual"
    assert "Protocol: 2026-07-28\n" in check(*run("--server", dual, "info"))
    assert "Protocol: 2025-11-25\n" in check(*run("--server", dual, "--protocol", "legacy",
                                                   "info"))

    # Pinned to what the server does not speak: no connection.
    status, out, err = demo("--protocol", "2026-07-28", "info")
    assert status == 3, (status, err)
    assert "2026-07-28" in err, err

    # A server that exits when asked server/discover: it is started again
    # and reached with initialize, by default as with --protocol legacy.
    crashing = STATELESS_SERVER + " --era legacy --discover exit"
    assert "Protocol: 2025-11-25\n" in check(*run("--server", crashing, "info"))
    assert "Protocol: 2025-11-25\n" in check(*run("--server", crashing, "--protocol", "legacy",
                                                   "info"))


def test_error_data():
    # The data of a server's error is shown: here the URL to open.
    status, out, err = scripted("call", "refuse", "{}")
    assert status == 4, (status, err)
    assert "This request requires more information." in err, err
    assert "The server added: " in err and "https://example.com/connect?id=e-1" in err, err

    # Within bounds.
    status, out, err = scripted("call", "refuse", '{"size": 100000}')
    assert status == 4, (status, err)
    assert "Too much" in err and "bytes more)" in err, err
    assert len(err) < 6000, len(err)


def test_usage_errors():
    for args in (["frobnicate"],
                 ["call"],
                 ["call", "echo", "{bad json"],
                 ["call", "echo", "[1, 2]"],
                 ["call", "echo", "{}", "extra"],
                 ["info", "extra"],
                 ["prompt", "name", "not-a-pair"],
                 ["complete", "tool", "a", "b", "c"],
                 ["--no-such-option"],
                 ["--log-level", "loud", "info"],
                 ["--protocol", "newest", "info"],
                 ["--timeout", "-5", "info"],
                 ["--connect-timeout", "-1", "info"],
                 ["--url", "ftp://example.com/", "info"],
                 ["--url", "http://127.0.0.1:1/", "--server", "x", "info"],
                 ["--url", "http://127.0.0.1:1/", "--env", "A=1", "info"],
                 ["--header", "X-A: 1", "info"],
                 ["--env", "NOEQUALS", "info"],
                 ["--subscribe", "demo://x", "info"],
                 ["--output", "file", "tools"],
                 ["--server", "'unbalanced", "info"]):
        status, out, err = run(*args)
        assert status == 2, "%s: exit status %d\n%s" % (args, status, err)
        assert out == "", (args, out)
        assert "--help" in err, (args, err)


def test_tool_errors():
    # The demo's add reports a string argument as a tool error (isError).
    status, out, err = demo("call", "add", '{"a": "one", "b": 2}')
    assert status == 1, (status, out, err)
    assert out == "" and "must be a number" in err, (out, err)
    status, out, err = demo("--json", "call", "add", '{"a": "one", "b": 2}')
    assert status == 1 and json.loads(out)["isError"] is True, (status, out, err)

    # One result, one stream: a tool error's heading, content and
    # structured content all go to stderr.
    status, out, err = scripted("call", "fail")
    assert status == 1, (status, out, err)
    assert out == "", (out, err)
    assert "reported an error" in err and "out of stock" in err, err
    structured = err[err.index("Structured content:") + len("Structured content:"):]
    assert json.loads(structured) == {"reason": "stock", "left": 0}, err

    # An unknown tool is a JSON-RPC error from the server.
    status, out, err = demo("call", "no-such-tool")
    assert status == 4 and "no-such-tool" in err, (status, err)

    # A feature the server does not offer is refused too.
    status, out, err = demo("resources")
    assert status == 4 and "resources" in err, (status, err)


def test_connection_failures():
    status, out, err = run("--server", "/nonexistent/mcp-server", "info")
    assert status == 3 and "/nonexistent/mcp-server" in err, (status, err)
    status, out, err = run("--server", "sh -c 'echo dying >&2; exit 7'", "info")
    assert status == 3 and "dying" in err, (status, err)
    status, out, err = run("--url", "http://127.0.0.1:1/mcp", "info")
    assert status == 3, (status, err)


def test_timeouts():
    # A server that takes a while to start, as one run through npx does:
    # --timeout bounds the call, not the start and the handshake.
    slow = "sh -c 'sleep 2; exec %s'" % DEMO_SERVER
    assert check(*run("--server", slow, "--timeout", "1000", "call", "echo",
                      '{"text": "hi"}')) == "hi\n"
    # --connect-timeout bounds those.
    status, out, err = run("--server", slow, "--connect-timeout", "500", "call", "echo",
                           '{"text": "hi"}')
    assert status == 3 and out == "", (status, out, err)
    assert err.startswith("mcp-glib-client: Could not connect to the server: "), err
    assert "0.5 seconds" in err or "500 milliseconds" in err, err
    # --timeout still bounds the call: the countdown's first progress comes
    # after 100 ms.
    status, out, err = demo("--timeout", "50", "call", "countdown", '{"from": 3}')
    assert status == 3 and "“tools/call” within 50 milliseconds" in err, (status, err)
    # 0 waits for ever, for both.
    assert check(*demo("--connect-timeout", "0", "--timeout", "0", "call", "countdown",
                       '{"from": 2}')) == "Liftoff!\n"


def test_binary_content_is_summarised_on_a_terminal():
    server = ["--server", "%s %s" % (sys.executable, SCRIPTED_SERVER)]
    size = "%d bytes" % len(SCRIPTED_BYTES)

    # The bytes hold a terminal escape and a NUL: neither reaches the
    # terminal; a line says what the content is, how big, and how to get it.
    status, output = run_on_terminal(*server, "read", "test://blob")
    assert status == 0, (status, output)
    assert output == ("[test://blob: application/x-test, %s; save it with --output FILE, "
                      "or redirect the output]\r\n" % size), repr(output)

    status, output = run_on_terminal(*server, "call", "media")
    assert status == 0, (status, output)
    assert "\x1b[31m" not in output and "\x00" not in output, repr(output)
    assert output.replace("\r\n", "\n") == (
        "before\n"
        "[image: image/png, %s; save it with --output FILE]\n"
        "[audio: audio/wav, %s; save it with --output FILE]\n"
        "[resource: test://blob, application/x-test, %s; save it with --output FILE]\n"
        "after\n" % (size, size, size)), repr(output)

    # Redirected, read gives the exact bytes; call, whose output mixes text
    # and blocks, the summaries.
    status, out, err = run_bytes(*server, "read", "test://blob")
    assert status == 0 and out == SCRIPTED_BYTES, (status, out, err)
    status, out, err = run_bytes(*server, "call", "media")
    assert status == 0 and out.decode().splitlines()[1] == "[image: image/png, %s]" % size, out


def test_output_saves_binary_content():
    server = ["--server", "%s %s" % (sys.executable, SCRIPTED_SERVER)]
    size = "%d bytes" % len(SCRIPTED_BYTES)

    with tempfile.TemporaryDirectory() as directory:
        media = os.path.join(directory, "media.bin")
        out = check(*run(*server, "call", "media", "--output", media))
        saved = [media] + [os.path.join(directory, "media-%d.bin" % n) for n in (2, 3)]
        assert out == ("before\n"
                       "[image: image/png, %s, saved to %s]\n"
                       "[audio: audio/wav, %s, saved to %s]\n"
                       "[resource: test://blob, application/x-test, %s, saved to %s]\n"
                       "after\n" % (size, saved[0], size, saved[1], size, saved[2])), out
        for path in saved:
            with open(path, "rb") as f:
                assert f.read() == SCRIPTED_BYTES, path

        # read saves every part, text or binary; --json still prints JSON.
        two = os.path.join(directory, "two")
        result = json.loads(check(*run(*server, "--json", "read", "test://two", "-o", two)))
        assert [part["uri"] for part in result["contents"]] == ["test://two#1", "test://two#2"]
        with open(two, "rb") as f:
            assert f.read() == b"one"
        with open(two + "-2", "rb") as f:
            assert f.read() == SCRIPTED_BYTES

        # Nothing to save is worth a word, not a failure.
        status, out, err = run(*server, "call", "types", "s=x", "-o", media + ".none")
        assert status == 0 and "There was no binary content to save to " in err, (status, err)
        assert not os.path.exists(media + ".none")

    status, out, err = run(*server, "call", "media", "-o", "/nonexistent/dir/media.bin")
    assert status == 2, (status, out, err)
    assert "Could not save the output: " in err and "/nonexistent/dir/media.bin" in err, err


# Error pages as web servers and proxies send them, by path.
ERROR_PAGES = {
    "/nginx": (404, "text/html",
               "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n"
               "<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx/1.22.1</center>\r\n"
               "</body>\r\n</html>\r\n"),
    "/apache": (404, "text/html; charset=iso-8859-1",
                '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n'
                "<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n"
                "<p>The requested URL was not found on this server.</p>\n<hr>\n"
                "<address>Apache/2.4.57 (Debian) Server at 127.0.0.1 Port 80</address>\n"
                "</body></html>\n"),
    "/styled": (502, "text/html",
                '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                "<title>Bad gateway</title>\n<style>body { font-family: sans-serif; margin: 0 }"
                " h1 { color: #c00 } .hidden { display: none }</style>\n</head>\n"
                "<body><h1>Error 502</h1><p>The origin is down.</p></body></html>\n"),
    "/scripted": (500, "text/html",
                  '<html><script>var page = "<p>not text</p>";</script><!-- <p>nor this</p> -->'
                  "<p>Tom &amp; Jerry&#39;s <b>proxy</b> &lt;failed&gt;</p></html>"),
    "/plain": (503, "text/plain", "Service unavailable\nTry again in 30 seconds\n"),
}


class ErrorPageHandler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        if self.command == "POST":
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
        code, content_type, body = ERROR_PAGES[self.path]
        data = body.encode()
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    # After a 4xx to its POST, the client tries the legacy transport's GET.
    do_GET = do_POST

    def log_message(self, format, *args):
        pass


def test_http_error_pages_are_summarised():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), ErrorPageHandler)
    thread = threading.Thread(target=server.serve_forever)
    thread.start()
    try:
        for path, summary in (
                ("/nginx", "404 Not Found: nginx/1.22.1"),
                ("/apache", "404 Not Found: The requested URL was not found on this server."),
                ("/styled", "502 Bad Gateway"),
                ("/scripted", "500 Internal Server Error: Tom & Jerry's proxy <failed>"),
                ("/plain", "503 Service Unavailable: Service unavailable")):
            url = "http://127.0.0.1:%d%s" % (server.server_address[1], path)
            status, out, err = run("--url", url, "info")
            assert status == 3 and out == "", (path, status, out, err)
            assert err == ("mcp-glib-client: Could not connect to the server: "
                           "The server at %s answered %s\n" % (url, summary)), (path, err)
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


def test_signals_cancel_the_call():
    assert interrupt_call(signal.SIGINT) == 130
    assert interrupt_call(signal.SIGTERM) == 143


def test_ctrl_c_from_a_terminal():
    # A terminal sends SIGINT to the whole foreground process group: the
    # server, in the client's group, may die of it before the client's own
    # handler runs. Either way it is an interruption (130), and it ends
    # follow normally. Which one hears it first varies: try it often.
    for attempt in range(20):
        proc = subprocess.Popen([CLIENT, "--server", DEMO_SERVER, "call", "countdown",
                                 '{"from": 10}'], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=dict(ENV, G_MESSAGES_DEBUG="Mcp"), start_new_session=True)
        read_until(proc, proc.stderr, '"method":"tools/call"')
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=TIMEOUT)
        assert proc.returncode == 130, (attempt, proc.returncode, err[-300:])

    for attempt in range(5):
        proc = subprocess.Popen([CLIENT, "--server", DEMO_SERVER, "follow", "log",
                                 '{"message": "followed"}'], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
                                start_new_session=True)
        read_until(proc, proc.stdout, "logged\n")
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=TIMEOUT)
        assert proc.returncode == 0, (attempt, proc.returncode, err)


def test_ctrl_c_with_the_server_in_a_group_of_its_own():
    # A server that leads a process group of its own (as mcp-glib starts
    # servers) hears nothing of a terminal's Ctrl+C: the client stops it,
    # and still ends with the status of an interruption (or 0 for follow).
    # (No setsid here: it would fork, the server leading its group already.)
    with tempfile.TemporaryDirectory() as directory:
        pidfile = os.path.join(directory, "pid")
        server = "sh -c 'echo $$ >%s; exec %s'" % (pidfile, DEMO_SERVER)
        for args, needle, expected in ((["call", "countdown", '{"from": 10}'],
                                        '"method":"tools/call"', 130),
                                       (["follow"], '"method":"notifications/initialized"', 0)):
            proc = subprocess.Popen([CLIENT, "--server", server, *args],
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, env=dict(ENV, G_MESSAGES_DEBUG="Mcp"),
                                    start_new_session=True)
            read_until(proc, proc.stderr, needle)
            with open(pidfile) as f:
                server_pid = int(f.read())
            assert os.getpgid(server_pid) != os.getpgid(proc.pid)
            os.killpg(proc.pid, signal.SIGINT)
            proc.communicate(timeout=TIMEOUT)
            assert proc.returncode == expected, (args, proc.returncode)
            assert not os.path.exists("/proc/%d" % server_pid), "the server outlived the client"


def test_follow():
    proc = subprocess.Popen([CLIENT, "--server", DEMO_SERVER, "follow", "log",
                             '{"message": "followed"}'], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    out = read_until(proc, proc.stdout, "logged\n")
    assert "[info] mcp-demo-server: followed\n" in out, out
    time.sleep(0.2)
    assert proc.poll() is None, "follow ended by itself"
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0, (proc.returncode, err)

    proc = subprocess.Popen([CLIENT, "--server", DEMO_SERVER, "--json", "follow", "log",
                             '{"message": "as json"}'], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    out = read_until(proc, proc.stdout, '"logged"')
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0, proc.returncode
    notification = json.loads(out.splitlines()[0])
    assert notification == {"method": "notifications/message",
                            "params": {"level": "info", "logger": "mcp-demo-server",
                                       "data": "as json"}}, notification

    # The server going away ends follow with a connection failure.
    status, out, err = run("--server", "sh -c 'exec %s & sleep 1; kill $!'" % DEMO_SERVER,
                           "follow")
    assert status == 3, (status, out, err)


def test_everything_lists():
    out = check(*everything("resources"))
    assert "demo://resource/static/document/architecture.md (text/markdown)\n" \
        "  architecture.md: " in out, out
    uris = check(*everything("--names", "resources")).splitlines()
    assert "demo://resource/static/document/architecture.md" in uris, uris
    assert check(*everything("--names", "templates")).splitlines() == [
        "demo://resource/dynamic/text/{resourceId}", "demo://resource/dynamic/blob/{resourceId}"]
    templates = json.loads(check(*everything("--json", "templates")))
    assert len(templates["resourceTemplates"]) == 2, templates

    out = check(*everything("prompts"))
    assert "args-prompt (Arguments Prompt)\n" in out, out
    assert "  - city (required): Name of the city\n" in out, out
    names = check(*everything("prompts", "--names")).splitlines()
    assert {"simple-prompt", "args-prompt", "completable-prompt"} <= set(names), names


def test_everything_read():
    uri = "demo://resource/static/document/architecture.md"
    assert check(*everything("read", uri)).startswith("# ")
    contents = json.loads(check(*everything("--json", "read", uri)))["contents"]
    assert contents[0]["uri"] == uri and contents[0]["text"].startswith("# "), contents

    # Binary contents are written as they are off a terminal (the blob
    # holds the time it was made, so two reads differ).
    status, out, err = run_bytes("--server", EVERYTHING_SERVER, "read",
                                 "demo://resource/dynamic/blob/3")
    assert status == 0 and out.startswith(b"Resource 3: "), (status, out, err)

    # The tiny image, saved.
    with tempfile.TemporaryDirectory() as directory:
        image = os.path.join(directory, "tiny.png")
        out = check(*everything("call", "get-tiny-image", "-o", image))
        assert "[image: image/png, " in out and ", saved to %s]\n" % image in out, out
        with open(image, "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"

    status, out, err = everything("read", "demo://no/such/resource")
    assert status == 4, (status, err)


def test_everything_prompt_and_complete():
    out = check(*everything("prompt", "args-prompt", "city=Paris", "state=TX"))
    assert out == "[user]\nWhat's weather in Paris, TX?\n", out
    result = json.loads(check(*everything("--json", "prompt", "simple-prompt")))
    assert result["messages"][0]["role"] == "user", result

    assert check(*everything("complete", "prompt", "completable-prompt", "department",
                             "E")) == "Engineering\n"
    names = check(*everything("complete", "prompt", "completable-prompt", "name", "",
                              "department=Sales")).splitlines()
    assert len(names) > 0, names
    completion = json.loads(check(*everything("--json", "complete", "resource",
                                              "demo://resource/dynamic/text/{resourceId}",
                                              "resourceId", "")))
    assert "values" in completion["completion"], completion

    status, out, err = everything("prompt", "no-such-prompt")
    assert status == 4, (status, err)


def test_everything_environment():
    env = dict(ENV, MCP_GLIB_CLI_SECRET="hunter2")
    out = check(*everything("--env", "MCP_GLIB_CLI_SET=42", "call", "get-env", env=env))
    assert "MCP_GLIB_CLI_SET" in out and "42" in out, out
    assert "hunter2" not in out, "a variable that was not passed on reached the server"
    out = check(*everything("--inherit-env", "MCP_GLIB_CLI_*", "call", "get-env", env=env))
    assert "hunter2" in out, out


# server-everything over Streamable HTTP, in a network namespace that has
# only loopback (it listens on every interface), with the client inside it.
HTTP_SCRIPT = r"""
ip link set lo up
PORT=39517 node "$1" streamableHttp >/dev/null 2>&1 &
server=$!
url=http://127.0.0.1:39517/mcp
for i in $(seq 100); do
    "$2" --url "$url" --timeout 2000 ping >/dev/null 2>&1 && break
    sleep 0.2
done
"$2" --url "$url" --header "X-Mcp-Glib-Test: 1" --json call echo '{"message": "over http"}'
status=$?
kill $server
wait $server
exit $status
"""


def test_everything_over_http():
    proc = subprocess.run(["unshare", "-n", "--", "sh", "-c", HTTP_SCRIPT, "sh", EVERYTHING,
                           CLIENT], stdin=subprocess.DEVNULL, capture_output=True, env=ENV,
                          timeout=TIMEOUT)
    result = json.loads(check(proc.returncode, proc.stdout.decode(), proc.stderr.decode()))
    assert result["content"][0]["text"] == "Echo: over http", result



def test_sandbox_options():
    # The scripted server's script is in a temporary directory, which the
    # sandbox hides: it dies at its start, and the error says why.
    status, out, err = scripted("--sandbox", "info")
    assert status != 0, (out, err)
    assert "The sandbox hid these paths from it: %s" % SCRIPTED_SERVER in err, err
    # Allowed to read it, the same server runs.
    status, out, err = scripted("--sandbox", "--allow-read", os.path.dirname(SCRIPTED_SERVER),
                                "info")
    check(status, out, err)
    # Without bubblewrap, nothing runs.
    env = dict(ENV, MCP_GLIB_BWRAP="/nonexistent/bwrap")
    status, out, err = scripted("--deny-domain", "example.org", "info", env=env)
    assert status != 0 and "bubblewrap" in err, (status, out, err)


def test_everything_in_a_sandbox():
    # The server's own files, which a tree under /tmp or a home directory
    # would otherwise hide from it.
    modules = os.path.join(os.path.dirname(os.path.abspath(__file__)), "node_modules")
    status, out, err = everything("--sandbox", "--allow-domain", "registry.npmjs.org",
                                  "--allow-read", modules,
                                  "call", "echo", "message=sandboxed")
    check(status, out, err)
    assert "sandboxed" in out, out



TESTS = [
    test_help,
    test_bash_completion,
    test_overview_runs_the_demo_server,
    test_info,
    test_tools,
    test_tools_format,
    test_call,
    test_call_with_pairs,
    test_json_syntax_errors_name_the_line_and_column,
    test_progress_bar_on_a_terminal,
    test_log_messages_go_to_stderr,
    test_protocol,
    test_error_data,
    test_usage_errors,
    test_tool_errors,
    test_connection_failures,
    test_timeouts,
    test_binary_content_is_summarised_on_a_terminal,
    test_output_saves_binary_content,
    test_http_error_pages_are_summarised,
    test_signals_cancel_the_call,
    test_ctrl_c_from_a_terminal,
    test_ctrl_c_with_the_server_in_a_group_of_its_own,
    test_follow,
    test_everything_lists,
    test_everything_read,
    test_everything_prompt_and_complete,
    test_everything_environment,
    test_everything_over_http,
    test_sandbox_options,
    test_everything_in_a_sandbox,
]

NEEDS_EVERYTHING = [test for test in TESTS if test.__name__.startswith("test_everything")]


def main():
    if not CLIENT or not DEMO_SERVER:
        print("Bail out! MCP_GLIB_CLIENT and MCP_DEMO_SERVER must be set (meson test does)")
        return 1

    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("ip"):
        test_everything_over_http.skip_reason = ("needs root, unshare and ip for a "
                                                 "loopback-only network namespace")
    # Last: without server-everything, that is the reason given for all of these.
    if everything_missing():
        for test in NEEDS_EVERYTHING:
            test.skip_reason = everything_missing()

    global SCRIPTED_SERVER
    with tempfile.TemporaryDirectory() as directory:
        SCRIPTED_SERVER = os.path.join(directory, "scripted-server.py")
        with open(SCRIPTED_SERVER, "w") as server:
            server.write(SCRIPTED_SERVER_SOURCE)
        return run_tests(TESTS)


if __name__ == "__main__":
    sys.exit(main())
