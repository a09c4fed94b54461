# mcp_http_stateless.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The stateless revision 2026-07-28 of mcp-http-test-server.py (its
# --stateless mode), for test-http-stateless.c and test-http-listen.c: no
# initialize, no sessions, no GET stream. Every POST must carry the headers
# the revision defines: MCP-Protocol-Version equal to the version in the
# body's _meta, Mcp-Method, Mcp-Name for tools/call, prompts/get and
# resources/read (decoded from =?base64?...?= when so encoded), and the
# Mcp-Param-* headers that the x-mcp-header annotations of the tool called
# ask for; a request that does not is refused with 400 and HeaderMismatch
# (-32020), as the specification says a server must. A version the server
# does not speak gets 400 and -32022 with the versions it does, a method it
# does not know 404 and -32601, always as a JSON-RPC error in a JSON body.
#
# Its tools misbehave on purpose: headers that never match, a capability the
# client must declare, a tool whose annotations change, answer streams that
# break, a stream held until the client hangs up, requests for input without
# end or by the thousand, error bodies of any size. subscriptions/listen is
# answered with an event stream that acknowledges the filter and stays open;
# tools push notifications onto the open streams (one, or a flood) or end
# them.
#
# The mix-in class below is part of the server's request handler: it uses
# the handler's plumbing (record, send_plain, start_sse, write_event, ...)
# and the records the main script keeps. Only the standard library is used.

import base64
import json
import queue
import threading
import time

VERSION = "2026-07-28"
META = "io.modelcontextprotocol/"

HEADER_MISMATCH = -32020
MISSING_CAPABILITY = -32021
UNSUPPORTED_VERSION = -32022
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602

SERVER_INFO = {"name": "mcp-http-stateless-server", "version": "2.0.0"}
CAPABILITIES = {
    "tools": {"listChanged": True},
    "prompts": {"listChanged": True},
    "resources": {"listChanged": True, "subscribe": True},
}
INSTRUCTIONS = "Call echo."
# What a listen stream writes while nothing happens.
KEEPALIVE_INTERVAL = 1.0
# How long the hold tool keeps its stream open at most.
HOLD_MS = 20000
# Notifications of a flood written at once.
FLOOD_BATCH = 200

options = None  # the main script's, set by it
lock = threading.Lock()
state = {
    "refused_versions": 0,  # --refuse-version: how many were refused so far
    "drift": False,         # whether the drift tool has its annotation yet
    "extra_tools": 0,       # how many tools add-tool added
    "listens": [],          # the open listen streams
}


def string_schema(header=None):
    schema = {"type": "string"}
    if header is not None:
        schema["x-mcp-header"] = header
    return schema


def tool(name, description, properties, **schema):
    input_schema = {"type": "object", "properties": properties}
    input_schema.update(schema)
    return {"name": name, "description": description, "inputSchema": input_schema}


def tools():
    """The tools as listed now: those that use headers correctly, and those
    whose annotations a client must refuse."""
    extra = [tool("extra-%d" % (i + 1), "Added by add-tool", {})
             for i in range(state["extra_tools"])]
    return extra + [
        tool("echo", "Returns its text", {"text": string_schema()}),
        tool("requests", "Returns every HTTP request received so far", {}),
        tool("route", "Mirrors its arguments into headers", {
            "region": string_schema("Region"),
            "count": {"type": "integer", "x-mcp-header": "Count"},
            "flag": {"type": "boolean", "x-mcp-header": "Flag"},
            "tenant": {"type": "object", "properties": {
                "id": string_schema("Tenant-Id"),
                "plan": string_schema(),
            }},
            "note": string_schema(),
        }),
        tool("drift", "Needs Mcp-Param-Region once change-schema was called",
             {"region": string_schema("Region" if state["drift"] else None)}),
        tool("change-schema", "Gives drift its x-mcp-header annotation", {}),
        tool("add-tool", "Adds a tool to the list (and says nothing)", {}),
        tool("mismatch", "Always answers HeaderMismatch", {"text": string_schema()}),
        tool("needs-capability", "Answers MissingRequiredClientCapability", {}),
        tool("unsupported-version", "Answers UnsupportedProtocolVersion", {}),
        tool("hold", "Answers on an event stream held open until the client hangs up", {}),
        tool("break", "Ends its event stream before answering, offering to resume it", {}),
        tool("drop", "Closes the connection in the middle of its event stream", {}),
        tool("ask", "Asks for input, as often as told, before it answers", {
            "inputs": {"type": "integer"}, "method": string_schema(),
            "rounds": {"type": "integer"}, "endless": {"type": "boolean"}}),
        tool("huge-error", "Answers 400 with an error body of the given size", {
            "bytes": {"type": "integer"}, "json": {"type": "boolean"}}),
        tool("notify", "Sends a notification on every listen stream that wants it", {
            "method": string_schema(), "uri": string_schema()}),
        tool("flood", "Sends many notifications on every listen stream", {
            "count": {"type": "integer"}, "method": string_schema()}),
        tool("end-listens", "Ends every open listen stream", {}),
        # Invalid: each must be left out of the list, the others kept.
        tool("bad-number", "", {"n": {"type": "number", "x-mcp-header": "N"}}),
        tool("bad-object", "", {"o": {"type": "object", "x-mcp-header": "O"}}),
        tool("bad-items", "", {"list": {"type": "array", "items": string_schema("Item")}}),
        tool("bad-any-of", "", {"v": {"anyOf": [string_schema("V")]}}),
        tool("bad-name", "", {"v": string_schema("Bad Name")}),
        tool("bad-empty", "", {"v": string_schema("")}),
        tool("bad-duplicate", "", {"a": string_schema("Region"), "b": string_schema("region")}),
        tool("bad-root", "", {"v": string_schema()}, **{"x-mcp-header": "Root"}),
    ]


def find_tool(name):
    for candidate in tools():
        if candidate["name"] == name:
            return candidate
    return None


def annotations(schema, path=()):
    """The (path, header name) of each annotation reached by properties."""
    found = []
    for name, prop in (schema.get("properties") or {}).items():
        if not isinstance(prop, dict):
            continue
        if "x-mcp-header" in prop:
            found.append((path + (name,), prop["x-mcp-header"]))
        found.extend(annotations(prop, path + (name,)))
    return found


def value_at(arguments, path):
    value = arguments
    for name in path:
        if not isinstance(value, dict) or name not in value:
            return None
        value = value[name]
    return value


def decode(value):
    """A header value as the client meant it: the base64 sentinel decoded."""
    if value is not None and value.startswith("=?base64?") and value.endswith("?="):
        return base64.b64decode(value[len("=?base64?"):-len("?=")], validate=True).decode()
    return value


def header_matches(header, value):
    if isinstance(value, bool):
        return header == ("true" if value else "false")
    if isinstance(value, (int, float)):
        try:
            return float(header) == float(value)
        except ValueError:
            return False
    return header == value


def notification(method, params):
    return {"jsonrpc": "2.0", "method": method, "params": params}


def response(msg_id, result):
    return {"jsonrpc": "2.0", "id": msg_id, "result": result}


def text_result(text, structured=None):
    result = {"content": [{"type": "text", "text": text}]}
    if structured is not None:
        result["structuredContent"] = structured
    return result


class Listen:
    """An open subscriptions/listen stream."""

    def __init__(self, msg_id, honoured):
        self.id = msg_id
        self.honoured = honoured
        self.outbox = queue.Queue()

    def wants(self, method, uri):
        lists = {
            "notifications/tools/list_changed": "toolsListChanged",
            "notifications/prompts/list_changed": "promptsListChanged",
            "notifications/resources/list_changed": "resourcesListChanged",
        }
        if method in lists:
            return bool(self.honoured.get(lists[method]))
        if method == "notifications/resources/updated":
            return uri in self.honoured.get("resourceSubscriptions", [])
        return False

    def tagged(self, method, uri=None):
        params = {"_meta": {META + "subscriptionId": self.id}}
        if uri is not None:
            params["uri"] = uri
        return notification(method, params)


class StatelessHandler:
    """The --stateless half of the server's request handler."""

    # -- answers --------------------------------------------------------------

    def stateless_headers(self):
        # A session id the client must ignore.
        if options.session_id is not None:
            return {"Mcp-Session-Id": options.session_id}
        return None

    def send_error_body(self, status, msg_id, code, message, data=None):
        error = {"code": code, "message": message}
        if data is not None:
            error["data"] = data
        body = json.dumps({"jsonrpc": "2.0", "id": msg_id, "error": error}).encode()
        if not options.chunked_errors:
            self.send_plain(status, body, "application/json", self.stateless_headers())
            return
        # Some servers stream their error bodies in pieces: all of them make
        # the error.
        self.set_status(status)
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in (self.stateless_headers() or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.flush()
        for start in range(0, len(body), 16):
            self.write_chunk(body[start:start + 16])
            time.sleep(0.01)
        self.end_sse()

    def send_answer(self, message):
        if options.sse:
            self.start_sse(self.stateless_headers())
            self.write_event(message)
            self.end_sse()
        else:
            self.send_plain(200, json.dumps(message).encode(), "application/json",
                            self.stateless_headers())

    # -- checks ---------------------------------------------------------------

    def check_headers(self, message):
        """Returns why the request's headers do not match its body, or
        None."""
        method = message.get("method")
        params = message.get("params") or {}
        meta = params.get("_meta") or {}
        version = self.headers.get("MCP-Protocol-Version")

        if version is None:
            return "MCP-Protocol-Version is missing"
        if version != meta.get(META + "protocolVersion"):
            return "MCP-Protocol-Version %s does not match _meta" % version
        if self.headers.get("Mcp-Method") != method:
            return "Mcp-Method %s does not match %s" % (self.headers.get("Mcp-Method"), method)
        source = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
        if method in source:
            try:
                name = decode(self.headers.get("Mcp-Name"))
            except ValueError:
                return "Mcp-Name is not valid base64"
            if name != params.get(source[method]):
                return "Mcp-Name %r does not match %r" % (name, params.get(source[method]))
        if method == "tools/call":
            called = find_tool(params.get("name"))
            schema = called["inputSchema"] if called is not None else {}
            for path, header in annotations(schema):
                value = value_at(params.get("arguments") or {}, path)
                if value is None:
                    continue
                sent = self.headers.get("Mcp-Param-" + header)
                if sent is None:
                    return "Mcp-Param-%s is missing" % header
                try:
                    if not header_matches(decode(sent), value):
                        return "Mcp-Param-%s %r does not match %r" % (header, sent, value)
                except ValueError:
                    return "Mcp-Param-%s is not valid base64" % header
        return None

    def check_version(self, message):
        """Sends the error and returns False unless the request asks for a
        version the server speaks."""
        params = message.get("params") or {}
        requested = (params.get("_meta") or {}).get(META + "protocolVersion")
        if message.get("method") == "initialize":
            requested = params.get("protocolVersion")
        with lock:
            refuse = state["refused_versions"] < options.refuse_version
            if refuse:
                state["refused_versions"] += 1
        if refuse or requested != VERSION:
            self.send_error_body(400, message.get("id"), UNSUPPORTED_VERSION,
                                 "Unsupported protocol version: %s" % requested,
                                 {"supported": [VERSION], "requested": requested})
            return False
        return True

    # -- requests -------------------------------------------------------------

    def stateless_post(self, body):
        params_headers = {}
        for name, value in self.headers.items():
            if name.lower().startswith("mcp-param-"):
                params_headers.setdefault(name.lower()[len("mcp-param-"):], []).append(value)
        if params_headers:
            with lock:
                self.entry["param_headers"] = params_headers

        if not isinstance(body, dict) or "method" not in body:
            self.send_error_body(400, None, -32600, "Not a JSON-RPC request or notification")
            return
        if "id" not in body:
            self.send_empty(202)
            return
        if not self.check_version(body):
            return
        problem = self.check_headers(body)
        if problem is not None:
            self.send_error_body(400, body["id"], HEADER_MISMATCH, "Header mismatch: " + problem)
            return

        method = body["method"]
        params = body.get("params") or {}
        msg_id = body["id"]
        if method == "server/discover":
            time.sleep(options.discover_delay / 1000)
            self.send_answer(response(msg_id, {
                "supportedVersions": [VERSION],
                "capabilities": CAPABILITIES,
                "instructions": INSTRUCTIONS,
                "ttlMs": 0,
                "cacheScope": "private",
                "_meta": {META + "serverInfo": SERVER_INFO},
            }))
        elif method == "tools/list":
            self.send_answer(response(msg_id, {"tools": tools(), "ttlMs": options.tools_ttl,
                                               "cacheScope": "private"}))
        elif method == "tools/call":
            self.stateless_call(msg_id, params.get("name"), params.get("arguments") or {},
                                params)
        elif method == "prompts/list":
            self.send_answer(response(msg_id, {"prompts": [{"name": "greet"}]}))
        elif method == "prompts/get":
            self.send_answer(response(msg_id, {"messages": [{
                "role": "user", "content": {"type": "text", "text": params.get("name")}}]}))
        elif method == "resources/list":
            self.send_answer(response(msg_id, {"resources": [{"uri": "test://a", "name": "a"}]}))
        elif method == "resources/templates/list":
            self.send_answer(response(msg_id, {"resourceTemplates": []}))
        elif method == "resources/read":
            uri = params.get("uri")
            self.send_answer(response(msg_id, {"contents": [
                {"uri": uri, "mimeType": "text/plain", "text": uri}]}))
        elif method == "subscriptions/listen":
            self.listen(msg_id, params.get("notifications") or {})
        else:
            self.send_error_body(404, msg_id, METHOD_NOT_FOUND, "Method not found: %s" % method)

    def stateless_call(self, msg_id, name, arguments, params):
        if name == "echo":
            self.send_answer(response(msg_id, text_result(str(arguments.get("text", "")))))
        elif name == "requests":
            records, connections = self.snapshot()
            self.send_answer(response(msg_id, text_result(
                "%d requests" % len(records), {"requests": records,
                                               "connections": connections})))
        elif name in ("route", "drift"):
            self.send_answer(response(msg_id, text_result(name)))
        elif name == "change-schema":
            with lock:
                state["drift"] = True
            self.send_answer(response(msg_id, text_result("drift has its header now")))
        elif name == "add-tool":
            with lock:
                state["extra_tools"] += 1
            self.send_answer(response(msg_id, text_result("%d tools added" % state["extra_tools"])))
        elif name == "mismatch":
            self.send_error_body(400, msg_id, HEADER_MISMATCH,
                                 "Header mismatch: this tool never agrees")
        elif name == "needs-capability":
            self.send_error_body(400, msg_id, MISSING_CAPABILITY,
                                 "Missing required client capability",
                                 {"requiredCapabilities": {"sampling": {}}})
        elif name == "unsupported-version":
            self.send_error_body(400, msg_id, UNSUPPORTED_VERSION,
                                 "Unsupported protocol version for this tool",
                                 {"supported": ["2099-01-01"], "requested": VERSION})
        elif name == "hold":
            self.hold(msg_id)
        elif name == "break":
            self.start_sse(self.stateless_headers())
            self.write_chunk("id: ev-1\nretry: 100\ndata:\n\n")
            self.write_event(notification("notifications/message",
                                          {"level": "info", "data": "breaking"}), event_id="ev-2")
            self.end_sse()
        elif name == "drop":
            self.start_sse(self.stateless_headers())
            self.write_chunk("id: ev-1\nretry: 100\ndata:\n\n")
            self.write_chunk("data: {\"jsonrpc\":\"2.0\",\"id\":")
            time.sleep(0.05)
            self.abort_connection()
        elif name == "ask":
            self.ask(msg_id, arguments, params)
        elif name == "huge-error":
            self.huge_error(msg_id, int(arguments.get("bytes", 1024 * 1024)),
                            bool(arguments.get("json", True)))
        elif name == "notify":
            count = self.push(arguments.get("method"), arguments.get("uri"), 1)
            self.send_answer(response(msg_id, text_result("%d streams" % count)))
        elif name == "flood":
            count = self.push(arguments.get("method"), arguments.get("uri"),
                              int(arguments.get("count", 10000)))
            self.send_answer(response(msg_id, text_result("%d streams" % count)))
        elif name == "end-listens":
            with lock:
                listens = list(state["listens"])
            for listen in listens:
                listen.outbox.put(None)
            self.send_answer(response(msg_id, text_result("%d streams" % len(listens))))
        else:
            self.send_error_body(400, msg_id, INVALID_PARAMS, "Unknown tool: %s" % name)

    def hold(self, msg_id):
        """A notification, then the stream stays open (the client cancels);
        the record notes when the client hung up."""
        self.start_sse(self.stateless_headers())
        self.write_event(notification("notifications/message",
                                      {"level": "info", "data": "holding"}))
        self.hold_stream(HOLD_MS, ": still here\n\n")
        self.write_event(response(msg_id, text_result("held")))
        self.end_sse()

    def ask(self, msg_id, arguments, params):
        """input_required as many rounds as asked (or without end), each
        with the given number of input requests; the round travels in the
        request state."""
        state_text = params.get("requestState") or "round 0"
        done = int(state_text.split()[1])
        if not arguments.get("endless") and done >= int(arguments.get("rounds", 1)):
            responses = params.get("inputResponses") or {}
            self.send_answer(response(msg_id, text_result(
                "%d rounds, %d answers" % (done, len(responses)))))
            return
        method = arguments.get("method", "roots/list")
        requests = {"input-%d" % i: {"method": method}
                    for i in range(int(arguments.get("inputs", 1)))}
        self.send_answer(response(msg_id, {"resultType": "input_required",
                                           "inputRequests": requests,
                                           "requestState": "round %d" % (done + 1)}))

    def huge_error(self, msg_id, size, as_json):
        """400 with a body of @size bytes, written in pieces; the record
        notes whether the client hung up before the end."""
        if as_json:
            template = json.dumps({"jsonrpc": "2.0", "id": msg_id,
                                   "error": {"code": -32603, "message": ""}})
            padding = max(size - len(template), 0)
            body = template.replace("\"message\": \"\"", "\"message\": \"%s\"" % ("x" * padding))
            content_type = "application/json"
        else:
            body = "x" * size
            content_type = "text/plain"
        data = body.encode()
        self.set_status(400)
        self.send_response(400)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            for start in range(0, len(data), 64 * 1024):
                self.wfile.write(data[start:start + 64 * 1024])
            self.wfile.flush()
        except OSError:
            with lock:
                self.entry["hung_up"] = True
            self.close_connection = True

    # -- subscriptions ----------------------------------------------------------

    def listen(self, msg_id, wanted):
        """Acknowledges what of the filter the server honours (the lists, and
        test:// resources), then writes what is pushed to the stream until
        it ends (or, with --listen end or refuse, ends it at once, after the
        acknowledgement or before it). --listen-ack-delay holds the
        acknowledgement back."""
        honoured = {name: True for name in
                    ("toolsListChanged", "promptsListChanged", "resourcesListChanged")
                    if wanted.get(name)}
        uris = [uri for uri in wanted.get("resourceSubscriptions") or []
                if isinstance(uri, str) and uri.startswith("test://")]
        if uris:
            honoured["resourceSubscriptions"] = uris
        listen = Listen(msg_id, honoured)

        self.start_sse(self.stateless_headers())
        if options.listen_ack_delay:
            time.sleep(options.listen_ack_delay / 1000)
        if options.listen == "refuse":
            self.end_sse()
            return
        # Pushed to from the moment the client can know it is agreed to:
        # what is pushed meanwhile waits in the outbox, behind the
        # acknowledgement.
        with lock:
            state["listens"].append(listen)
        try:
            self.write_event(notification("notifications/subscriptions/acknowledged", {
                "notifications": honoured, "_meta": {META + "subscriptionId": msg_id}}))
            if options.listen == "end":
                self.end_sse()
                return
            while True:
                try:
                    item = listen.outbox.get(timeout=KEEPALIVE_INTERVAL)
                except queue.Empty:
                    self.write_chunk(":\n\n")
                    continue
                if item is None:
                    break
                method, uri, count = item
                message = "data: %s\n\n" % json.dumps(listen.tagged(method, uri))
                for start in range(0, count, FLOOD_BATCH):
                    self.write_chunk(message * min(FLOOD_BATCH, count - start))
            self.end_sse()
        finally:
            with lock:
                state["listens"].remove(listen)

    def push(self, method, uri, count):
        """Puts @count notifications on every open listen stream that
        wants them; returns how many streams that was."""
        with lock:
            listens = [listen for listen in state["listens"] if listen.wants(method, uri)]
        for listen in listens:
            listen.outbox.put((method, uri, count))
        return len(listens)
