#!/usr/bin/env python3
# mcp-stateless-test-server.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A scripted MCP server of the stateless revision 2026-07-28 over stdio, for
# test-negotiation.c and test-rounds.c. It answers server/discover, checks
# the _meta envelope of every request, and serves tools, prompts and
# resources whose answers follow a script of multi round-trip rounds
# (input_required results with input requests and a request state) given in
# the call's own arguments; it acknowledges subscriptions/listen. On
# request it misbehaves: a discover that is never answered, answered late,
# refused with -32022 or any other error, or that kills the server; and it
# behaves as an older server (--era legacy: initialize, no discover) or as
# one of both eras (--era dual).
#
# Every message it receives is recorded, before it is handled, as a line of
# JSON in the file given with --record: {"t": <ms since start>, "message":
# <the message>}, so that a test checks what went over the wire even when
# the connection failed. Only the standard library is used; the server
# exits when its standard input closes.

import argparse
import json
import os
import sys
import threading
import time
import urllib.parse

MODERN_VERSIONS = ("2026-07-28",)
LEGACY_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
META = "io.modelcontextprotocol/"

METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
UNSUPPORTED_PROTOCOL_VERSION = -32022

CAPABILITIES = {
    "tools": {"listChanged": True},
    "prompts": {},
    "resources": {},
    "logging": {},
}

TOOLS = [
    {"name": "echo", "description": "Returns its text",
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}},
    {"name": "rounds", "description": "Asks for input as its script says, then returns what "
     "each round carried",
     "inputSchema": {"type": "object", "properties": {
         "key": {"type": "string"}, "script": {"type": "array"},
         "endless": {"type": "boolean"}}}},
    {"name": "route", "description": "Returns its region, which HTTP mirrors in a header",
     "inputSchema": {"type": "object", "properties": {
         "region": {"type": "string", "x-mcp-header": "Region"},
         "zone": {"type": "integer", "x-mcp-header": "Zone"}}}},
    {"name": "refuse", "description": "Answers with the JSON-RPC error it is given",
     "inputSchema": {"type": "object", "properties": {
         "code": {"type": "integer"}, "message": {"type": "string"}, "data": {}}}},
]

PROMPTS = [
    {"name": "rounds", "description": "Asks for input as its script says",
     "arguments": [{"name": "key"}, {"name": "script", "description": "the rounds, as JSON"}]},
]

RESOURCES = [
    {"uri": "test://static", "name": "static", "mimeType": "text/plain"},
]

options = None
start = time.monotonic()
write_lock = threading.Lock()
record_file = None
initialized = False
# Set once a slow discover was answered (--initialize-after-discover).
discover_answered = threading.Event()
refused_discovers = 0
tools_lists = 0
# (method, key) -> the params of each round received so far
rounds_seen = {}


def now_ms():
    return int((time.monotonic() - start) * 1000)


def send(message):
    line = json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n"
    with write_lock:
        try:
            sys.stdout.write(line)
            sys.stdout.flush()
        except BrokenPipeError:
            os._exit(0)


def respond(msg_id, result):
    send({"jsonrpc": "2.0", "id": msg_id, "result": result})


def respond_error(msg_id, code, message, data=None):
    error = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    send({"jsonrpc": "2.0", "id": msg_id, "error": error})


def record(message):
    if record_file is None:
        return
    record_file.write(json.dumps({"t": now_ms(), "message": message},
                                 separators=(",", ":"), ensure_ascii=False) + "\n")
    record_file.flush()


def server_info():
    return {"name": options.name, "version": "2.0.0"}


# -- the modern era ----------------------------------------------------------

def supported_versions():
    if options.supported is not None:
        return [v for v in options.supported.split(",") if v]
    if options.era == "dual":
        return list(MODERN_VERSIONS) + list(LEGACY_VERSIONS)
    return list(MODERN_VERSIONS)


def envelope_version(params):
    meta = params.get("_meta") if isinstance(params, dict) else None
    if not isinstance(meta, dict):
        return None
    return meta.get(META + "protocolVersion")


def check_envelope(message):
    """Answers with the error and returns False unless the request carries
    an envelope of a revision the server speaks."""
    params = message.get("params")
    version = envelope_version(params)
    if version is None:
        respond_error(message["id"], INVALID_PARAMS,
                      "Missing _meta.%sprotocolVersion" % META)
        return False
    if version not in supported_versions() or version in LEGACY_VERSIONS:
        respond_error(message["id"], UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version",
                      {"supported": supported_versions(), "requested": version})
        return False
    meta = params["_meta"]
    if not isinstance(meta.get(META + "clientCapabilities"), dict):
        respond_error(message["id"], INVALID_PARAMS,
                      "Missing _meta.%sclientCapabilities" % META)
        return False
    return True


def discover_result():
    result = {
        "resultType": "complete",
        "supportedVersions": [v for v in supported_versions() if v not in LEGACY_VERSIONS],
        "capabilities": CAPABILITIES,
        "ttlMs": 0,
        "cacheScope": "private",
    }
    if options.server_info == "meta":
        result["_meta"] = {META + "serverInfo": server_info()}
    elif options.server_info == "result":
        result["serverInfo"] = server_info()
    if options.instructions is not None:
        result["instructions"] = options.instructions
    return result


def discover(message):
    global refused_discovers

    behaviour = options.discover
    if behaviour == "silent":
        return
    if behaviour == "exit":
        os._exit(options.exit_status)
    if behaviour == "error":
        respond_error(message["id"], options.error_code, "Not available: server/discover")
        return
    if refused_discovers < options.refuse_discover:
        refused_discovers += 1
        respond_error(message["id"], UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version",
                      {"supported": supported_versions(),
                       "requested": envelope_version(message.get("params"))})
        return
    if not check_envelope(message):
        return
    if behaviour == "slow":
        def answer_late(result):
            respond(message["id"], result)
            discover_answered.set()
        threading.Timer(options.discover_delay / 1000, answer_late, (discover_result(),)).start()
        return
    respond(message["id"], discover_result())


def next_round(method, key, params, script, endless):
    """The answer to one round of a scripted call: an input_required result
    from the script, or None once the script is done. Records what the
    round carried."""
    seen = rounds_seen.setdefault((method, key), [])
    carried = {}
    for name in ("inputResponses", "requestState"):
        if name in params:
            carried[name] = params[name]
    seen.append(carried)

    index = len(seen) - 1
    if endless:
        return {"resultType": "input_required", "requestState": "round %d" % index}, False
    if index >= len(script):
        return None, False
    step = dict(script[index])
    leave = bool(step.pop("exit", False))
    step["resultType"] = "input_required"
    return step, leave


def answer_round(message, method, key, script, endless, complete):
    params = message["params"]
    answer, leave = next_round(method, key, params, script, endless)
    if answer is None:
        respond(message["id"], complete(rounds_seen[(method, key)]))
        return
    respond(message["id"], answer)
    if leave:
        os._exit(options.exit_status)


def call_tool(message, modern=True):
    params = message.get("params") or {}
    name = params.get("name")
    arguments = params.get("arguments") or {}

    if name == "echo":
        respond(message["id"], {"content": [{"type": "text", "text": arguments.get("text", "")}]})
        return
    if name == "route":
        respond(message["id"], {"content": [{"type": "text", "text": arguments.get("region", "")}]})
        return
    if name == "refuse":
        respond_error(message["id"], arguments.get("code", INVALID_PARAMS),
                      arguments.get("message", "Refused"), arguments.get("data"))
        return
    if name == "rounds" and modern:
        key = arguments.get("key", "")

        def complete(seen):
            return {"content": [{"type": "text", "text": "done after %d rounds" % len(seen)}],
                    "structuredContent": {"rounds": seen}}

        answer_round(message, "tools/call", key, arguments.get("script") or [],
                     bool(arguments.get("endless")), complete)
        return
    respond(message["id"], {"content": [{"type": "text", "text": "Unknown tool: %s" % name}],
                            "isError": True})


def get_prompt(message):
    params = message.get("params") or {}
    arguments = params.get("arguments") or {}
    if params.get("name") != "rounds":
        respond_error(message["id"], INVALID_PARAMS, "Unknown prompt: %s" % params.get("name"))
        return

    def complete(seen):
        return {"messages": [{"role": "user",
                              "content": {"type": "text", "text": json.dumps(seen)}}]}

    answer_round(message, "prompts/get", arguments.get("key", ""),
                 json.loads(arguments.get("script") or "[]"), False, complete)


def read_resource(message):
    params = message.get("params") or {}
    uri = params.get("uri", "")
    if uri == "test://static":
        respond(message["id"], {"contents": [{"uri": uri, "mimeType": "text/plain",
                                              "text": "static"}]})
        return
    # rounds://KEY?script=<the rounds, as JSON>
    parts = urllib.parse.urlsplit(uri)
    if parts.scheme != "rounds":
        respond_error(message["id"], INVALID_PARAMS, "Unknown resource: %s" % uri)
        return
    query = urllib.parse.parse_qs(parts.query)
    script = json.loads(query.get("script", ["[]"])[0])

    def complete(seen):
        return {"contents": [{"uri": uri, "mimeType": "application/json",
                              "text": json.dumps(seen)}]}

    answer_round(message, "resources/read", parts.netloc, script, False, complete)


def listen(message):
    """Acknowledges what the server would report of the filter, and keeps
    the request open: the server sends no change notifications."""
    wanted = (message.get("params") or {}).get("notifications") or {}
    honoured = {}
    if wanted.get("toolsListChanged") and CAPABILITIES["tools"].get("listChanged"):
        honoured["toolsListChanged"] = True
    send({"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
          "params": {"notifications": honoured,
                     "_meta": {META + "subscriptionId": message["id"]}}})


def serve_modern(message):
    method = message["method"]
    if method == "server/discover":
        discover(message)
        return
    if not check_envelope(message):
        return
    if method == "tools/list":
        global tools_lists
        tools_lists += 1
        if tools_lists in options.fail_tools_list:
            respond_error(message["id"], -32603, "tools/list failed, as asked")
            return
        respond(message["id"], {"tools": TOOLS, "ttlMs": options.tools_ttl,
                                "cacheScope": "private"})
    elif method == "tools/call":
        call_tool(message)
    elif method == "prompts/list":
        respond(message["id"], {"prompts": PROMPTS})
    elif method == "prompts/get":
        get_prompt(message)
    elif method == "resources/list":
        respond(message["id"], {"resources": RESOURCES})
    elif method == "resources/templates/list":
        respond(message["id"], {"resourceTemplates": []})
    elif method == "resources/read":
        read_resource(message)
    elif method == "subscriptions/listen":
        listen(message)
    else:
        respond_error(message["id"], METHOD_NOT_FOUND, "Method not found: %s" % method)


# -- the legacy era ----------------------------------------------------------

def initialize(message):
    global initialized

    behaviour = options.initialize
    if behaviour == "silent":
        return
    if behaviour == "exit":
        os._exit(options.exit_status)
    if behaviour == "error":
        # What a modern-only server answers: the versions it speaks.
        requested = (message.get("params") or {}).get("protocolVersion")
        respond_error(message["id"], UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version",
                      {"supported": supported_versions(), "requested": requested})
        return
    requested = (message.get("params") or {}).get("protocolVersion")
    # The session is the older era's from here on, even when the answer
    # goes out late (--initialize-after-discover), as a server of both eras
    # does.
    initialized = True
    result = {
        "protocolVersion": requested if requested in LEGACY_VERSIONS else LEGACY_VERSIONS[0],
        "capabilities": CAPABILITIES,
        "serverInfo": server_info(),
    }
    if options.initialize_after_discover:
        def answer_late():
            discover_answered.wait()
            time.sleep(0.2)
            respond(message["id"], result)
        threading.Thread(target=answer_late, daemon=True).start()
    else:
        respond(message["id"], result)


def serve_legacy(message):
    method = message["method"]
    if method == "ping":
        respond(message["id"], {})
    elif method == "tools/list":
        respond(message["id"], {"tools": TOOLS[:1]})
    elif method == "tools/call":
        call_tool(message, modern=False)
    elif method == "logging/setLevel":
        respond(message["id"], {})
    else:
        respond_error(message["id"], METHOD_NOT_FOUND, "Method not found: %s" % method)


# -- dispatch ----------------------------------------------------------------

def handle(message):
    if not isinstance(message, dict) or "method" not in message:
        return
    if "id" not in message:
        return  # notifications are only recorded
    method = message["method"]

    if method == "initialize":
        initialize(message)
        return
    if initialized:
        serve_legacy(message)
        return
    if options.era == "legacy":
        if method == "server/discover":
            discover(message)
        else:
            respond_error(message["id"], INVALID_PARAMS, "The server is not initialized")
        return
    serve_modern(message)


def main():
    global options, record_file

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--era", choices=("stateless", "legacy", "dual"), default="stateless",
                        help="which revisions the server speaks")
    parser.add_argument("--discover", choices=("result", "silent", "slow", "error", "exit"),
                        default=None,
                        help="how server/discover is answered (default: a DiscoverResult, or "
                        "-32601 for a legacy server)")
    parser.add_argument("--discover-delay", type=int, default=1500, metavar="MS",
                        help="how late a slow discover is answered")
    parser.add_argument("--error-code", type=int, default=METHOD_NOT_FOUND,
                        help="the error code of --discover error")
    parser.add_argument("--exit-status", type=int, default=3,
                        help="the status the server exits with when a script says so")
    parser.add_argument("--refuse-discover", type=int, default=0, metavar="N",
                        help="answer the first N discovers with -32022, whatever they ask")
    parser.add_argument("--supported", default=None, metavar="V1,V2",
                        help="the protocol versions the server says it supports")
    parser.add_argument("--initialize", choices=("answer", "error", "silent", "exit"), default=None,
                        help="how initialize is answered (default: answered, unless the era "
                        "is stateless)")
    parser.add_argument("--initialize-after-discover", action="store_true",
                        help="answer an accepted initialize only after the (slow) discover, "
                        "and 200 ms later")
    parser.add_argument("--server-info", choices=("meta", "result", "none"), default="meta",
                        help="where the DiscoverResult carries the server's identity")
    parser.add_argument("--instructions", default=None)
    parser.add_argument("--name", default="mcp-stateless-test-server")
    parser.add_argument("--tools-ttl", type=int, default=0, metavar="MS",
                        help="how long tools/list says its answer stays fresh (ttlMs)")
    parser.add_argument("--fail-tools-list", type=lambda text: [int(n) for n in text.split(",")],
                        default=[], metavar="N1,N2",
                        help="answer these tools/list requests (counted from 1) with an error")
    parser.add_argument("--no-list-changed", action="store_true",
                        help="do not say the tools' list changes are reported")
    parser.add_argument("--record", default=None, metavar="FILE",
                        help="append every message received to FILE")
    options = parser.parse_args()

    if options.no_list_changed:
        CAPABILITIES["tools"] = {}

    if options.discover is None:
        options.discover = "error" if options.era == "legacy" else "result"
    if options.initialize is None:
        options.initialize = "error" if options.era == "stateless" else "answer"
    if options.record is not None:
        record_file = open(options.record, "a", encoding="utf-8")

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            record(line)
            continue
        record(message)
        handle(message)

    # Late answers have nobody to go to.
    os._exit(0)


if __name__ == "__main__":
    main()
