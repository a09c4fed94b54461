# test_toolbox.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# McpToolbox from Python, against the APIs' published schemas
# (tests/data, through mcp_api_schemas.py) and a scripted model per API
# (mcp-model-test-server.py, over HTTP on loopback), with the demo server,
# the scripted server and server-everything in one group: every
# definition and every result the toolbox makes is validated, and a full
# turn is played for each API.
#
# Prints TAP. The turns with server-everything are skipped when the npm
# peers are not installed.

import json
import os
import shutil
import subprocess
import sys
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mcptest import GLib, Mcp, run_tests, wait  # noqa: E402
import mcp_api_schemas  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ.get("G_TEST_BUILDDIR", HERE)
DEMO = os.environ.get("MCP_DEMO_SERVER",
                      os.path.join(BUILD, "..", "examples", "mcp-glib-demo-server"))
SCRIPTED = os.path.join(BUILD, "mcp-test-server")
EVERYTHING = os.path.join(HERE, "node_modules", "@modelcontextprotocol", "server-everything",
                          "dist", "index.js")
HAVE_EVERYTHING = os.path.exists(EVERYTHING) and shutil.which("node") is not None

FORMATS = {
    "openai": Mcp.ToolboxFormat.OPENAI,
    "openai-responses": Mcp.ToolboxFormat.OPENAI_RESPONSES,
    "anthropic": Mcp.ToolboxFormat.ANTHROPIC,
    "gemini": Mcp.ToolboxFormat.GEMINI,
    "ollama": Mcp.ToolboxFormat.OLLAMA,
}


def make_group(everything=HAVE_EVERYTHING):
    group = Mcp.ClientGroup.new()
    group.add_config(Mcp.ServerConfig.new_stdio("demo", [DEMO]))
    group.add_config(Mcp.ServerConfig.new_stdio("test", [SCRIPTED]))
    if everything:
        group.add_config(Mcp.ServerConfig.new_stdio("everything", ["node", EVERYTHING, "stdio"]))
    result = wait(lambda cb: group.connect_async(None, cb), timeout=60)
    group.connect_finish(result)
    for server in group.props.servers:
        assert server.props.state == Mcp.GroupServerState.READY, server.props.name
    return group


def close_group(group):
    group.close_finish(wait(lambda cb: group.close_async(None, cb)))


def run(toolbox, response):
    return toolbox.run_finish(wait(lambda cb: toolbox.run_async(response, None, cb)))


def assert_valid(api, kind, values):
    errors = mcp_api_schemas.check_all(api, kind, values)
    assert not errors, "\n".join(errors[:10])


def test_definitions_valid():
    group = make_group()
    try:
        for api, fmt in FORMATS.items():
            for strict in (False, True):
                toolbox = Mcp.Toolbox.new(group, fmt)
                toolbox.props.strict = strict
                definitions = toolbox.dup_definitions()
                assert_valid(api, "tool", definitions)
                n = len(definitions[0]["functionDeclarations"]) if api == "gemini" else len(definitions)
                assert n == toolbox.props.tools.get_n_items() > 20, (api, n)
        # The validator itself catches what an API refuses.
        bad = {"type": "function", "function": {"name": "a.b", "parameters": {}}}
        assert mcp_api_schemas.check("openai", "tool", bad)
        assert mcp_api_schemas.check("gemini", "tool",
                                     {"functionDeclarations": [{"name": "x", "parameters":
                                                                {"type": "object",
                                                                 "additionalProperties": False}}]})
    finally:
        close_group(group)


# What each API's model calls, and what the answer must quote.
SCRIPTED_CALLS = [
    ("demo__echo", {"text": "echoed through the bridge"}, "echoed through the bridge"),
    ("demo__add", {"a": 2, "b": 40}, "42"),
    ("test__content-kinds", {}, "[Audio: audio/wav, 4 bytes, not shown]"),
    ("test__tool-error", {}, "<error>"),
    ("test__refs", {"from": {"x": 1, "y": 2}}, '"x":1'),
]
EVERYTHING_CALLS = [
    ("everything__get-tiny-image", {}, "image/png"),
    ("everything__get-resource-links", {"count": 2}, "[Resource link: demo://resource/"),
    ("everything__get-resource-reference", {"resourceType": "Text", "resourceId": 1},
     "[Resource demo://resource/"),
    ("everything__get-structured-content", {"location": "Chicago"}, "temperature"),
    ("everything__get-sum", {"a": "not a number"}, "<error>"),
]


def request_body(api, toolbox, conversation):
    tools = toolbox.dup_definitions()
    if api == "openai":
        return {"model": "test-model", "messages": conversation, "tools": tools}
    if api == "openai-responses":
        return {"model": "test-model", "input": conversation, "tools": tools}
    if api == "anthropic":
        return {"model": "test-model", "max_tokens": 1024, "messages": conversation, "tools": tools}
    if api == "gemini":
        return {"contents": conversation, "tools": tools}
    return {"model": "test-model", "messages": conversation, "tools": tools, "stream": False}


def post(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as e:
        raise AssertionError("the model refused: %s" % e.read().decode()) from None


PATHS = {
    "openai": "/v1/chat/completions",
    "openai-responses": "/v1/responses",
    "anthropic": "/v1/messages",
    "gemini": "/v1beta/models/test-model:generateContent",
    "ollama": "/api/chat",
}


def assistant_turn(api, response):
    """What the application appends to the conversation from the model's
    response, and the text of a final answer."""
    if api == "openai":
        message = response["choices"][0]["message"]
        return [message], message.get("content")
    if api == "openai-responses":
        items = [i for i in response["output"] if i["type"] != "reasoning"]
        texts = [c["text"] for i in items if i["type"] == "message" for c in i["content"]]
        return items, "".join(texts) if texts else None
    if api == "anthropic":
        texts = [b["text"] for b in response["content"] if b["type"] == "text"]
        final = response["stop_reason"] != "tool_use"
        return [{"role": "assistant", "content": response["content"]}], "".join(texts) if final else None
    if api == "gemini":
        content = response["candidates"][0]["content"]
        texts = [p["text"] for p in content["parts"] if "text" in p]
        return [content], "".join(texts) if texts else None
    message = response["message"]
    return [message], message["content"] if not message.get("tool_calls") else None


def user_message(api, text):
    if api == "gemini":
        return {"role": "user", "parts": [{"text": text}]}
    return {"role": "user", "content": text}


def play_turn(api, group, calls):
    arguments = ["--api", api] + ["--call=%s=%s" % (name, json.dumps(args)) for name, args, _ in calls]
    model = subprocess.Popen([sys.executable, os.path.join(HERE, "mcp-model-test-server.py")] + arguments,
                             stdout=subprocess.PIPE, text=True)
    try:
        url = "http://127.0.0.1:%s%s" % (model.stdout.readline().strip(), PATHS[api])
        toolbox = Mcp.Toolbox.new(group, FORMATS[api])
        asked = []

        def approve(toolbox, call):
            asked.append((call.get_name(), call.get_server_name(), call.get_arguments()))
            GLib.idle_add(lambda: call.approve())
            return True

        toolbox.connect("approve-call", approve)
        conversation = [user_message(api, "Use the tools, please.")]
        final = None
        for _ in range(3):
            response = post(url, request_body(api, toolbox, conversation))
            items, final = assistant_turn(api, response)
            conversation += items
            results = run(toolbox, response)
            if not results:
                break
            assert_valid(api, "result", results)
            conversation += results
        assert final is not None and final.startswith("RESULTS:"), final
        assert len(asked) == len(calls), asked
        for name, _, quoted in calls:
            if quoted == "<error>":
                # The API's error flag where it has one, else the text says so.
                quoted = "ERROR: " if api in ("anthropic", "gemini") else "The tool reported an error:"
            assert quoted in final, "%s: %r not in %s" % (name, quoted, final)
        return final
    finally:
        model.kill()
        model.wait()


def make_turn_test(api):
    def test():
        group = make_group()
        try:
            calls = SCRIPTED_CALLS + (EVERYTHING_CALLS if HAVE_EVERYTHING else [])
            final = play_turn(api, group, calls)
            if api == "anthropic" and HAVE_EVERYTHING:
                assert "[image block image/png]" in final, final
        finally:
            close_group(group)
    test.__name__ = "test_turn_" + api.replace("-", "_")
    return test


def test_default_policy():
    """With no handler, only read-only tools run; the model reads why not."""
    group = make_group(everything=False)
    try:
        toolbox = Mcp.Toolbox.new(group, Mcp.ToolboxFormat.ANTHROPIC)
        messages = run(toolbox, {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_a", "name": "test__echo", "input": {"text": "read"}},
            {"type": "tool_use", "id": "toolu_b", "name": "demo__echo", "input": {"text": "write?"}},
            {"type": "tool_use", "id": "toolu_c", "name": "test__app-only", "input": {}},
        ]})
        assert_valid("anthropic", "result", messages)
        blocks = messages[0]["content"]
        assert blocks[0]["is_error"] is False and blocks[0]["content"][0]["text"] == "read", blocks[0]
        assert blocks[1]["is_error"] is True, blocks[1]
        assert "not marked read-only" in blocks[1]["content"][0]["text"], blocks[1]
        assert "no tool named" in blocks[2]["content"][0]["text"], blocks[2]

        def deny(toolbox, call):
            call.deny("not today")
            return True

        toolbox.connect("approve-call", deny)
        toolbox.props.format = Mcp.ToolboxFormat.OPENAI
        messages = run(toolbox, {"choices": [{"message": {"role": "assistant", "tool_calls": [
            {"id": "c1", "type": "function",
             "function": {"name": "test__echo", "arguments": "{\"text\": \"x\"}"}}]}}]})
        assert_valid("openai", "result", messages)
        assert "did not allow" in messages[0]["content"] and "not today" in messages[0]["content"]
    finally:
        close_group(group)


def test_agent_chat_example():
    """examples/agent-chat.py: the configured servers, approval on the
    terminal, a full turn against an OpenAI-compatible endpoint."""
    import tempfile

    example = os.path.join(HERE, "..", "examples", "agent-chat.py")
    model = subprocess.Popen([sys.executable, os.path.join(HERE, "mcp-model-test-server.py"),
                              "--api", "openai", '--call=demo__echo={"text": "from the example"}',
                              '--call=demo__add={"a": 1, "b": 2}'],
                             stdout=subprocess.PIPE, text=True)
    try:
        port = model.stdout.readline().strip()
        with tempfile.TemporaryDirectory() as directory:
            config = os.path.join(directory, "mcp.json")
            with open(config, "w") as f:
                json.dump({"mcpServers": {"demo": {"command": DEMO}}}, f)
            env = dict(os.environ, OPENAI_BASE_URL="http://127.0.0.1:%s/v1" % port,
                       OPENAI_API_KEY="test-key")
            chat = subprocess.run([sys.executable, example, "--model", "test-model",
                                   "--config", config],
                                  input="Use the tools\ny\nn\n\n", capture_output=True,
                                  text=True, env=env, timeout=60)
        assert chat.returncode == 0, chat.stderr
        out = chat.stdout
        assert "4 tools from 1 servers" in out, out
        assert out.count("Allow it? [y/N]") == 2, out
        assert "RESULTS:\nfrom the example\n---\n" in out, out
        assert "did not allow this call of \u201cdemo__add\u201d: the user said no" in out, out
    finally:
        model.kill()
        model.wait()


TESTS = [test_definitions_valid, test_default_policy, test_agent_chat_example] + [make_turn_test(api) for api in FORMATS]

if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
