#!/usr/bin/env python3
# mcp-model-test-server.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A scripted language model over HTTP on loopback, for the tests of
# McpToolbox: it speaks one API (--api openai, openai-responses, anthropic,
# gemini or ollama) on that API's own path, and plays a turn. Asked with
# tools and no results, it validates the tools against the API's published
# schema (mcp_api_schemas.py) and calls the tools named by --call
# SUFFIX=ARGUMENTS (the first offered tool whose name ends with SUFFIX);
# asked again with the results, it validates them, checks that each call
# got one, and answers with a text that quotes them ("RESULTS:" then one
# digest per result, an error's prefixed with "ERROR: "). Anything invalid
# gets a 400 whose message says what. It prints its port on the first line
# of its output and serves until killed.

import argparse
import http.server
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mcp_api_schemas  # noqa: E402

PATHS = {
    "openai": "/v1/chat/completions",
    "openai-responses": "/v1/responses",
    "anthropic": "/v1/messages",
    "gemini": "/v1beta/models/test-model:generateContent",
    "ollama": "/api/chat",
}


class Invalid(Exception):
    pass


def require(errors):
    if errors:
        raise Invalid("; ".join(errors[:5]))


class Model:
    def __init__(self, api, calls):
        self.api = api
        self.calls = calls      # [(suffix, arguments)]
        self.pending = {}       # id -> name of the calls made

    def pick(self, names):
        chosen = []
        for suffix, arguments in self.calls:
            name = next((n for n in names if n.endswith(suffix)), None)
            if name is None:
                raise Invalid("no tool offered ends with %s (offered: %s)" % (suffix, names))
            chosen.append((name, arguments))
        return chosen

    # What the request holds: the tools offered, the results given.
    def read(self, body):
        api = self.api
        tools = body.get("tools", [])
        if api == "gemini":
            require(mcp_api_schemas.check_all(api, "tool", tools))
            names = [d["name"] for t in tools for d in t.get("functionDeclarations", [])]
            contents = body.get("contents", [])
            results = [c for c in contents if any("functionResponse" in p for p in c.get("parts", []))]
            return names, results
        require(mcp_api_schemas.check_all(api, "tool", tools))
        if api in ("openai", "ollama"):
            names = [t["function"]["name"] for t in tools]
            results = [m for m in body.get("messages", []) if m.get("role") == "tool"]
        elif api == "openai-responses":
            names = [t["name"] for t in tools]
            results = [i for i in body.get("input", []) if isinstance(i, dict)
                       and i.get("type") == "function_call_output"]
        else:
            names = [t["name"] for t in tools]
            results = [m for m in body.get("messages", []) if m.get("role") == "user"
                       and isinstance(m.get("content"), list)
                       and any(b.get("type") == "tool_result" for b in m["content"])]
        return names, results

    def digests(self, results):
        api = self.api
        require(mcp_api_schemas.check_all(api, "result", results))
        seen, digests = [], []
        for result in results:
            if api == "openai":
                seen.append(result["tool_call_id"])
                digests.append(result["content"])
            elif api == "openai-responses":
                seen.append(result["call_id"])
                digests.append(result["output"])
            elif api == "ollama":
                seen.append(result.get("tool_name"))
                digests.append(result["content"])
            elif api == "anthropic":
                for block in result["content"]:
                    seen.append(block["tool_use_id"])
                    parts = []
                    for part in block.get("content", []):
                        if part["type"] == "text":
                            parts.append(part["text"])
                        else:
                            parts.append("[image block %s]" % part["source"]["media_type"])
                    digests.append(("ERROR: " if block.get("is_error") else "") + "\n".join(parts))
            else:
                for part in result["parts"]:
                    response = part["functionResponse"]
                    seen.append(response["name"])
                    if "error" in response["response"]:
                        digests.append("ERROR: " + str(response["response"]["error"]))
                    else:
                        digests.append(str(response["response"].get("output")))
        expected = list(self.pending.keys() if api in ("openai", "openai-responses", "anthropic")
                        else self.pending.values())
        if sorted(seen) != sorted(expected):
            raise Invalid("results for %s, calls were %s" % (seen, expected))
        return digests

    def call_response(self, chosen):
        api = self.api
        self.pending = {}
        if api == "openai":
            calls = []
            for i, (name, arguments) in enumerate(chosen):
                self.pending["call_%d" % i] = name
                calls.append({"id": "call_%d" % i, "type": "function",
                              "function": {"name": name, "arguments": json.dumps(arguments)}})
            message = {"role": "assistant", "content": None, "refusal": None, "tool_calls": calls}
            require(mcp_api_schemas.check(api, "message", message))
            return {"id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()),
                    "model": "test-model",
                    "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls",
                                 "logprobs": None}]}
        if api == "openai-responses":
            output = [{"type": "reasoning", "id": "rs_0", "summary": []}]
            for i, (name, arguments) in enumerate(chosen):
                self.pending["call_%d" % i] = name
                item = {"type": "function_call", "id": "fc_%d" % i, "call_id": "call_%d" % i,
                        "name": name, "arguments": json.dumps(arguments), "status": "completed"}
                require(mcp_api_schemas.check(api, "call", item))
                output.append(item)
            return {"id": "resp_test", "object": "response", "status": "completed",
                    "model": "test-model", "output": output}
        if api == "anthropic":
            content = [{"type": "text", "text": "Let me use the tools."}]
            for i, (name, arguments) in enumerate(chosen):
                self.pending["toolu_%d" % i] = name
                block = {"type": "tool_use", "id": "toolu_%d" % i, "name": name, "input": arguments}
                require(mcp_api_schemas.check(api, "call", block))
                content.append(block)
            return {"id": "msg_test", "type": "message", "role": "assistant", "model": "test-model",
                    "content": content, "stop_reason": "tool_use", "stop_sequence": None,
                    "usage": {"input_tokens": 1, "output_tokens": 1}}
        if api == "gemini":
            parts = []
            for i, (name, arguments) in enumerate(chosen):
                self.pending[i] = name
                call = {"name": name, "args": arguments}
                require(mcp_api_schemas.check(api, "call", call))
                parts.append({"functionCall": call})
            return {"candidates": [{"content": {"role": "model", "parts": parts},
                                    "finishReason": "STOP", "index": 0}],
                    "modelVersion": "test-model"}
        calls = []
        for i, (name, arguments) in enumerate(chosen):
            self.pending[i] = name
            call = {"function": {"name": name, "arguments": arguments}}
            require(mcp_api_schemas.check(api, "call", call))
            calls.append(call)
        return {"model": "test-model", "created_at": "2026-01-01T00:00:00Z",
                "message": {"role": "assistant", "content": "", "tool_calls": calls},
                "done": True, "done_reason": "stop"}

    def text_response(self, text):
        api = self.api
        if api == "openai":
            return {"id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()),
                    "model": "test-model",
                    "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                                 "message": {"role": "assistant", "content": text, "refusal": None}}]}
        if api == "openai-responses":
            return {"id": "resp_test", "object": "response", "status": "completed", "model": "test-model",
                    "output": [{"type": "message", "id": "msg_0", "role": "assistant", "status": "completed",
                                "content": [{"type": "output_text", "text": text, "annotations": []}]}]}
        if api == "anthropic":
            return {"id": "msg_test", "type": "message", "role": "assistant", "model": "test-model",
                    "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
                    "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}
        if api == "gemini":
            return {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]},
                                    "finishReason": "STOP", "index": 0}]}
        return {"model": "test-model", "created_at": "2026-01-01T00:00:00Z",
                "message": {"role": "assistant", "content": text}, "done": True, "done_reason": "stop"}

    def answer(self, body):
        names, results = self.read(body)
        if not results:
            return self.call_response(self.pick(names))
        return self.text_response("RESULTS:\n" + "\n---\n".join(self.digests(results)))


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        model = self.server.model
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        if self.path != PATHS[model.api]:
            self.reply(404, {"error": {"message": "no such path %s" % self.path}})
            return
        try:
            self.reply(200, model.answer(json.loads(body)))
        except (Invalid, KeyError, TypeError, ValueError) as e:
            self.reply(400, {"error": {"message": "%s: %s" % (type(e).__name__, e)}})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--api", choices=sorted(PATHS), required=True)
    parser.add_argument("--call", action="append", default=[],
                        help="SUFFIX=ARGUMENTS: call the tool whose name ends with SUFFIX")
    options = parser.parse_args()
    calls = []
    for spec in options.call:
        suffix, _, arguments = spec.partition("=")
        calls.append((suffix, json.loads(arguments or "{}")))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.model = Model(options.api, calls)
    print(server.server_address[1], flush=True)
    server.serve_forever()


main()
