#!/usr/bin/env python3
# mcp-http-test-server.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A scripted MCP server speaking the Streamable HTTP transport, for the
# test-http-*.c programs. It answers POSTs with JSON or event streams, keeps
# sessions and checks the session and protocol version headers, serves a GET
# stream, ends sessions on DELETE, and has tools that misbehave on purpose:
# broken, noisy, oversized and resumable event streams, requests to the
# client over a stream, error statuses, forgotten sessions, connections
# closed without an answer. With --legacy it speaks the older HTTP+SSE
# transport of 2024-11-05 instead, and with --stateless the stateless
# revision 2026-07-28 (in mcp_http_stateless.py). It records every HTTP
# request it gets (method, path, the headers that matter, the body, the
# status it answered, the TCP connection it came on) and counts the
# connections it accepted, and hands both out through its `requests` tool,
# so that tests check what went over the wire.
#
# It listens on an ephemeral port of 127.0.0.1 only, prints the port as the
# first line of its output, and exits when its standard input closes (so a
# test that dies never leaves it behind) or on SIGTERM. Only the standard
# library is used.

import argparse
import http.server
import json
import os
import secrets
import signal
import socket
import ssl
import sys
import threading
import time
import urllib.parse

import mcp_http_stateless

SUPPORTED_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26")
LATEST_VERSION = "2025-11-25"
LEGACY_VERSION = "2024-11-05"
SERVER_INFO = {"name": "mcp-http-test-server", "version": "1.0.0"}
CAPABILITIES = {"tools": {"listChanged": True}, "logging": {}}
RECORDED_HEADERS = ("Mcp-Session-Id", "MCP-Protocol-Version", "Last-Event-ID",
                    "Authorization", "Accept", "Content-Type", "Mcp-Method", "Mcp-Name")
SERVER_REQUEST_TIMEOUT = 10.0
KEEPALIVE_INTERVAL = 1.0
RESUME_RETRY_MS = 300
HOLD_MS = 20000

TOOLS = [
    ("echo", "Returns its text", {"text": {"type": "string"}}),
    ("sse-echo", "Echoes over an event stream, after a notification", {"text": {"type": "string"}}),
    ("server-request", "Sends a request to the client and returns its answer",
     {"method": {"type": "string"}, "params": {"type": "object"}}),
    ("get-request", "Sends a request to the client on the GET stream and returns its answer",
     {"method": {"type": "string"}, "params": {"type": "object"}}),
    ("expire-session", "Forgets the current session; its GET stream stays open (and says "
     "nothing more) if keep_stream is set", {"keep_stream": {"type": "boolean"}}),
    ("resume", "Breaks its event stream and answers on the resumed one; the event id "
     "to resume from can be given, or forgotten (the resumption then gets 404)",
     {"event_id": {"type": "string"}, "forget": {"type": "boolean"}}),
    ("storm", "Ends its event stream at once, asking to resume with no delay, and never "
     "answers; each stream carries a notification if talk is set",
     {"talk": {"type": "boolean"}}),
    ("drop", "Closes the connection in the middle of its event stream", {}),
    ("linger", "Answers over an event stream, then keeps it open",
     {"ms": {"type": "integer"}}),
    ("bad-sse", "Answers in a noisy but valid event stream", {}),
    ("split-bom", "Answers in an event stream that opens with a byte order mark sent a byte "
     "at a time, and names its answer's event type with nothing", {}),
    ("huge-event", "Answers with an event (or a JSON body, chunked if asked, without a "
     "Content-Length) of the given size; then holds the stream open, or never ends the event, "
     "if asked",
     {"bytes": {"type": "integer"}, "json": {"type": "boolean"}, "hold": {"type": "boolean"},
      "unterminated": {"type": "boolean"}, "chunked": {"type": "boolean"}}),
    ("html", "Answers with an HTML page", {}),
    ("status", "Answers with the given HTTP status", {"code": {"type": "integer"}}),
    ("accept", "Answers 202 Accepted, as if the call were a notification", {}),
    ("vanish", "Closes the connection without answering, as a server that crashed after "
     "doing its work", {}),
    ("slow-json", "Answers after a delay", {"ms": {"type": "integer"}}),
    ("requests", "Returns every HTTP request received so far", {}),
    ("header-object", "Has an x-mcp-header annotation that the stateless revision refuses, "
     "which means nothing to older ones", {"options": {"type": "object", "x-mcp-header": "O"}}),
]

options = None
start_time = time.monotonic()
lock = threading.Lock()
records = []          # every HTTP request, in arrival order
sessions = {}         # session id -> Session
server_requests = {}  # id of a request to the client -> [threading.Event, answer]
resumable = {}        # event id -> {"response": ..., "closed_at": ...}
legacy_streams = {}   # legacy session id -> Outbox
connections = [0]     # TCP connections accepted so far
vanished = [False]    # whether --vanish did its work
next_server_request = [0]


def now_ms():
    return int((time.monotonic() - start_time) * 1000)


def log(*args):
    if options.verbose:
        print(*args, file=sys.stderr, flush=True)


def text_result(text, structured=None, is_error=False):
    result = {"content": [{"type": "text", "text": text}]}
    if structured is not None:
        result["structuredContent"] = structured
    if is_error:
        result["isError"] = True
    return result


def response(msg_id, result):
    return {"jsonrpc": "2.0", "id": msg_id, "result": result}


def error_response(msg_id, code, message):
    return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}


def notification(method, params):
    return {"jsonrpc": "2.0", "method": method, "params": params}


def log_notification(data):
    return notification("notifications/message", {"level": "info", "data": data})


def encode(message):
    return json.dumps(message, separators=(",", ":")).encode()


def negotiate(requested):
    # A server that only speaks HTTP+SSE speaks the revision that came with it.
    if options.legacy:
        return LEGACY_VERSION
    return requested if requested in SUPPORTED_VERSIONS else LATEST_VERSION


def initialize_result(message):
    requested = (message.get("params") or {}).get("protocolVersion")
    return {
        "protocolVersion": negotiate(requested),
        "capabilities": CAPABILITIES,
        "serverInfo": SERVER_INFO,
    }


class Disconnected(Exception):
    """The client went away while we wrote to it."""


class Handler(mcp_http_stateless.StatelessHandler, http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "mcp-http-test-server/1.0"

    # -- plumbing -----------------------------------------------------------

    def setup(self):
        super().setup()
        with lock:
            connections[0] += 1
            self.connection_number = connections[0]
        # Small writes (split events) must leave at once, one by one.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format, *args):
        log("%s - %s" % (self.address_string(), format % args))

    def record(self, body):
        entry = {
            "method": self.command,
            "path": self.path,
            "headers": {name: self.headers[name] for name in RECORDED_HEADERS
                        if self.headers[name] is not None},
            "body": body,
            "time": now_ms(),
            "connection": self.connection_number,
        }
        with lock:
            records.append(entry)
        self.entry = entry
        return entry

    def snapshot(self):
        """A copy of the records, and the number of connections accepted."""
        with lock:
            return json.loads(json.dumps(records)), connections[0]

    def set_status(self, code):
        with lock:
            self.entry["status"] = code

    # What servers that know nothing of server/discover (and little of
    # JSON-RPC) answer it with: --discover-answer.
    def answer_discover_badly(self):
        if options.discover_answer == "html":
            self.send_plain(200, "<!DOCTYPE html><html><body>Welcome</body></html>",
                            "text/html; charset=utf-8")
        elif options.discover_answer == "404":
            self.send_plain(404, "<html><body>Not Found</body></html>", "text/html")
        else:
            self.set_status(200)
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

    def send_plain(self, code, text, content_type="text/plain; charset=utf-8", headers=None):
        data = text.encode() if isinstance(text, str) else text
        self.set_status(code)
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def send_empty(self, code, headers=None):
        self.set_status(code)
        self.send_response(code)
        self.send_header("Content-Length", "0")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.flush()

    def send_json(self, message, headers=None, content_type="application/json; charset=utf-8"):
        # With a parameter by default, as many servers send it.
        self.send_plain(200, encode(message), content_type, headers)

    def start_sse(self, headers=None):
        self.set_status(200)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.flush()

    def write_chunk(self, data):
        if isinstance(data, str):
            data = data.encode()
        if not data:
            return
        try:
            self.wfile.write(b"%X\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()
        except OSError as e:
            with lock:
                self.entry.setdefault("hung_up_at_ms", now_ms())
            raise Disconnected() from e

    def write_event(self, message=None, event_id=None, event=None):
        text = ""
        if event is not None:
            text += "event: %s\n" % event
        if event_id is not None:
            text += "id: %s\n" % event_id
        data = message if isinstance(message, str) else encode(message).decode()
        text += "data: %s\n\n" % data
        self.write_chunk(text)

    def end_sse(self):
        try:
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except OSError as e:
            raise Disconnected() from e

    def abort_connection(self):
        """Closes the socket in the middle of an answer."""
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def wants_sse(self):
        return "text/event-stream" in (self.headers.get("Accept") or "")

    # -- sessions -----------------------------------------------------------

    def check_session(self, msg_id=None):
        """Sends the error and returns None unless the request belongs to a
        known session with the negotiated protocol version."""
        session_id = self.headers.get("Mcp-Session-Id")
        if session_id is None:
            # What servers of the older revisions answer a request before
            # initialize: plain text, or a JSON-RPC error without an id or
            # with the request's (none of them an error of the stateless
            # revision).
            if options.no_session_answer == "text":
                self.send_plain(400, "Bad Request: missing Mcp-Session-Id")
            else:
                answer_id = msg_id if options.no_session_answer == "json-id" else None
                self.send_plain(400, encode(error_response(answer_id, -32000,
                                                           "Bad Request: Server not initialized")),
                                "application/json")
            return None
        with lock:
            session = sessions.get(session_id)
        if session is None:
            self.send_plain(404, "Not Found: unknown session %s" % session_id)
            return None
        if self.headers.get("MCP-Protocol-Version") != session.version:
            self.send_plain(400, "Bad Request: MCP-Protocol-Version must be %s" % session.version)
            return None
        return session_id

    # -- HTTP methods -------------------------------------------------------

    def do_POST(self):
        raw = self.read_body()
        try:
            body = json.loads(raw)
        except ValueError:
            body = raw.decode(errors="replace")
        self.record(body)
        path = urllib.parse.urlsplit(self.path)

        if (options.vanish is not None and isinstance(body, dict) and
                body.get("method") == options.vanish and not vanished[0]):
            vanished[0] = True
            self.abort_connection()
            return

        if (options.discover_answer is not None and isinstance(body, dict) and
                body.get("method") == "server/discover"):
            self.answer_discover_badly()
            return

        if options.stateless:
            try:
                self.stateless_post(body)
            except Disconnected:
                self.close_connection = True
            return

        if options.legacy:
            if path.path == "/messages":
                self.legacy_post(body, urllib.parse.parse_qs(path.query))
            elif options.legacy_post_status == 404:
                self.send_plain(404, "Not Found")
            else:
                self.send_plain(405, "Method Not Allowed", headers={"Allow": "GET"})
            return

        if path.path != options.path:
            self.send_plain(404, "Not Found")
            return
        if not isinstance(body, (dict, list)):
            self.send_plain(400, encode(error_response(None, -32700, "Parse error")),
                            "application/json")
            return

        if isinstance(body, dict) and body.get("method") == "initialize" and "id" in body:
            self.initialize(body)
            return

        session_id = self.check_session(body.get("id") if isinstance(body, dict) else None)
        if session_id is None:
            return

        messages = body if isinstance(body, list) else [body]
        requests = [m for m in messages if isinstance(m, dict) and "method" in m and "id" in m]
        for message in messages:
            if isinstance(message, dict) and "method" not in message:
                self.client_answer(message)
        if not requests:
            self.send_empty(202)
            return
        if isinstance(body, list):
            self.send_json([self.answer(m, session_id) for m in requests])
            return
        self.answer_request(body, session_id)

    def do_GET(self):
        self.record(None)
        path = urllib.parse.urlsplit(self.path).path

        if options.legacy and path in ("/sse", options.path):
            self.legacy_stream()
            return
        if options.stateless:
            self.send_plain(405, "Method Not Allowed", headers={"Allow": "POST"})
            return
        if path != options.path:
            self.send_plain(404, "Not Found")
            return
        last_event_id = self.headers.get("Last-Event-ID")
        # Without a stream of its own, the server still resumes its answers.
        if options.no_get and last_event_id is None:
            self.send_plain(405, "Method Not Allowed", headers={"Allow": "POST, DELETE"})
            return
        if not self.wants_sse():
            self.send_plain(406, "Not Acceptable: a GET needs Accept: text/event-stream")
            return
        session_id = self.check_session()
        if session_id is None:
            return

        if last_event_id is not None:
            self.resume_stream(last_event_id)
            return

        with lock:
            session = sessions.get(session_id)
        if session is None:
            self.send_plain(404, "Not Found: the session just ended")
            return
        try:
            self.start_sse()
            self.write_event(log_notification("from GET stream"))
            # The stream of a session ends with it.
            while not session.ended.is_set():
                message = session.outbox.get(KEEPALIVE_INTERVAL)
                if message is not None:
                    self.write_event(message)
                elif not session.ended.is_set():
                    self.write_chunk(": keepalive\n\n")
            self.end_sse()
        except Disconnected:
            self.close_connection = True

    def do_DELETE(self):
        self.record(None)
        if (options.legacy or options.stateless or
                urllib.parse.urlsplit(self.path).path != options.path):
            self.send_plain(405, "Method Not Allowed")
            return
        session_id = self.check_session()
        if session_id is None:
            return
        time.sleep(options.delete_delay / 1000)
        end_session(session_id)
        self.send_empty(204)

    # -- JSON-RPC -----------------------------------------------------------

    def initialize(self, message):
        result = initialize_result(message)
        session_id = (options.session_id if options.session_id is not None
                      else secrets.token_hex(16))
        with lock:
            sessions[session_id] = Session(result["protocolVersion"])
            self.entry["assigned_session"] = session_id
        headers = {"Mcp-Session-Id": session_id}
        answer = response(message["id"], result)
        if options.sse:
            self.start_sse(headers)
            self.write_event(answer)
            self.end_sse()
        else:
            self.send_json(answer, headers, "application/json")

    def client_answer(self, message):
        with lock:
            waiter = server_requests.get(message.get("id"))
        if waiter is not None:
            waiter[1] = message
            waiter[0].set()

    def answer(self, message, session_id):
        """The answer to a request that needs no stream of its own."""
        method = message.get("method")
        params = message.get("params") or {}
        msg_id = message.get("id")

        if method == "ping":
            return response(msg_id, {})
        if method == "logging/setLevel":
            return response(msg_id, {})
        if method == "tools/list":
            return response(msg_id, {"tools": [{
                "name": name,
                "description": description,
                "inputSchema": {"type": "object", "properties": properties},
            } for name, description, properties in TOOLS]})
        if method != "tools/call":
            return error_response(msg_id, -32601, "Method not found: %s" % method)

        name = params.get("name")
        arguments = params.get("arguments") or {}
        if name == "echo":
            return response(msg_id, text_result(str(arguments.get("text", ""))))
        if name == "expire-session":
            end_session(session_id, bool(arguments.get("keep_stream", False)))
            return response(msg_id, text_result("forgot session %s" % session_id))
        if name == "requests":
            snapshot, accepted = self.snapshot()
            return response(msg_id, text_result("%d requests" % len(snapshot),
                                                {"requests": snapshot,
                                                 "connections": accepted}))
        if name == "get-request":
            return response(msg_id, self.get_stream_request(arguments, session_id))
        if name == "slow-json":
            time.sleep(int(arguments.get("ms", 1000)) / 1000)
            return response(msg_id, text_result("slept %s ms" % arguments.get("ms", 1000)))
        return error_response(msg_id, -32602, "Unknown tool: %s" % name)

    def answer_request(self, message, session_id):
        params = message.get("params") or {}
        arguments = params.get("arguments") or {}
        name = params.get("name") if message.get("method") == "tools/call" else None
        msg_id = message["id"]

        try:
            if name == "sse-echo":
                self.start_sse()
                self.write_event(log_notification("sse-echo: before the answer"))
                self.write_event(response(msg_id, text_result(str(arguments.get("text", "")))))
                self.end_sse()
            elif name == "server-request":
                self.server_request(msg_id, arguments)
            elif name == "resume":
                event_id = str(arguments.get("event_id", "ev-1"))
                self.start_sse()
                self.write_chunk("id: %s\nretry: %d\ndata:\n\n" % (event_id, RESUME_RETRY_MS))
                with lock:
                    resumable[event_id] = {
                        "response": response(msg_id, text_result("resumed")),
                        "closed_at": None,
                    }
                self.end_sse()
                with lock:
                    resumable[event_id]["closed_at"] = time.monotonic()
                    if arguments.get("forget"):
                        del resumable[event_id]
            elif name == "storm":
                self.storm_stream("talk" if arguments.get("talk") else "quiet", 1)
            elif name == "drop":
                self.start_sse()
                self.write_chunk(": about to drop\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":")
                time.sleep(0.05)
                self.abort_connection()
            elif name == "linger":
                self.linger(msg_id, int(arguments.get("ms", 10000)))
            elif name == "bad-sse":
                self.bad_sse(msg_id)
            elif name == "split-bom":
                self.split_bom(msg_id)
            elif name == "huge-event":
                self.huge_event(msg_id, int(arguments.get("bytes", 1024 * 1024)),
                                bool(arguments.get("json", False)),
                                bool(arguments.get("hold", False)),
                                bool(arguments.get("unterminated", False)),
                                bool(arguments.get("chunked", False)))
            elif name == "html":
                self.send_plain(200, "<!DOCTYPE html><html><body><h1>Welcome!</h1></body></html>",
                                "text/html; charset=utf-8")
            elif name == "vanish":
                self.abort_connection()
            elif name == "accept":
                self.send_empty(202)
            elif name == "status":
                code = int(arguments.get("code", 500))
                headers = {"WWW-Authenticate": 'Bearer realm="mcp"'} if code == 401 else None
                self.send_plain(code, "status %d from the test server" % code, headers=headers)
            elif options.sse:
                answer = self.answer(message, session_id)
                self.start_sse()
                self.write_event(answer)
                self.end_sse()
            else:
                self.send_json(self.answer(message, session_id))
        except Disconnected:
            self.close_connection = True

    def new_server_request(self, arguments):
        """A request to the client, and what waits for its answer."""
        with lock:
            next_server_request[0] += 1
            request_id = "srv-%d" % next_server_request[0]
            waiter = [threading.Event(), None]
            server_requests[request_id] = waiter
        request = {"jsonrpc": "2.0", "id": request_id, "method": arguments.get("method", "ping")}
        if "params" in arguments:
            request["params"] = arguments["params"]
        return request, waiter

    def server_request_result(self, request, waiter):
        with lock:
            server_requests.pop(request["id"], None)
        answer = waiter[1]
        if answer is None:
            return text_result("The client did not answer %s" % request["id"],
                               {"request": request, "response": None}, is_error=True)
        return text_result(json.dumps(answer), {"request": request, "response": answer})

    def server_request(self, msg_id, arguments):
        """Asks the client on the stream of the call, then answers the call."""
        request, waiter = self.new_server_request(arguments)
        try:
            self.start_sse()
            self.write_event(request)
            deadline = time.monotonic() + SERVER_REQUEST_TIMEOUT
            while not waiter[0].wait(0.5) and time.monotonic() < deadline:
                self.write_chunk(": waiting for the client\n\n")
        finally:
            result = self.server_request_result(request, waiter)
        self.write_event(response(msg_id, result))
        self.end_sse()

    def get_stream_request(self, arguments, session_id):
        """Asks the client on the GET stream; the result of the call, in
        JSON, carries the answer."""
        request, waiter = self.new_server_request(arguments)
        with lock:
            session = sessions.get(session_id)
        if session is not None:
            session.outbox.put(request)
            waiter[0].wait(SERVER_REQUEST_TIMEOUT)
        return self.server_request_result(request, waiter)

    def linger(self, msg_id, ms):
        """Answers, then keeps the stream open, noting when the client hangs
        up."""
        self.start_sse()
        self.write_event(response(msg_id, text_result("lingering")))
        self.hold_stream(ms, ": still here\n\n")
        self.end_sse()

    def storm_stream(self, mode, n):
        """One stream of the storm tool: a priming event asking for retry: 0,
        maybe a notification, and the end."""
        try:
            self.start_sse()
            self.write_chunk("id: storm-%s-%d\nretry: 0\ndata:\n\n" % (mode, n))
            if mode == "talk":
                self.write_event(log_notification("storm %d" % n))
            self.end_sse()
        except Disconnected:
            self.close_connection = True

    def resume_stream(self, last_event_id):
        if last_event_id.startswith("storm-"):
            _, mode, n = last_event_id.split("-")
            self.storm_stream(mode, int(n) + 1)
            return
        with lock:
            pending = resumable.pop(last_event_id, None)
            if pending is not None and pending["closed_at"] is not None:
                self.entry["resume_delay_ms"] = int(
                    (time.monotonic() - pending["closed_at"]) * 1000)
        if pending is None:
            self.send_plain(404, "Not Found: no event stream to resume at %s" % last_event_id)
            return
        try:
            self.start_sse()
            self.write_event(pending["response"], event_id="ev-2")
            self.end_sse()
        except Disconnected:
            self.close_connection = True

    def bad_sse(self, msg_id):
        first = encode(log_notification("bad-sse: split")).decode()
        second = log_notification("bad-sse: multi-line")
        answer = response(msg_id, text_result("survived the noise"))
        pieces = [
            # A byte order mark, comments, garbage, unknown and empty fields.
            "\ufeff: a comment\n",
            "this line is garbage\n",
            "data\n\n",
            "unknown-field: whatever\n\n",
            "retry: soon\n",
            ":\n\n",
            # Another kind of event, which is not a message.
            "event: something-else\ndata: not json at all\n\n",
            # Messages that are not: cut JSON, invalid UTF-8, a scalar.
            "data: {\"jsonrpc\":\"2.0\",\"method\":\n\n",
            b"data: {\"jsonrpc\":\"2.0\",\"method\":\"\xff\xfe\"}\n\n",
            "data: 42\n\n",
            # An event split across writes, inside a CRLF too.
            "da", "ta: " + first[:10], first[10:25], first[25:] + "\r", "\n\r\n",
            # Lines that join into JSON, ended by CR alone.
            "data: {\"jsonrpc\":\"2.0\",\rdata: \"method\":\"notifications/message\",\r",
            "data: \"params\":%s}\r\r" % json.dumps(second["params"]),
            # The answer, spread over three lines and ended by CRLF.
            ": almost there\r\n",
            "data: %s\r\ndata: %s\r\ndata: %s\r\n\r\n" % (
                json.dumps({"jsonrpc": "2.0"})[:-1] + ",",
                ("\"id\":%s," % json.dumps(msg_id)),
                ("\"result\":%s}" % json.dumps(answer["result"]))),
            "garbage after the answer\n",
        ]
        self.start_sse()
        for piece in pieces:
            self.write_chunk(piece)
            time.sleep(0.02)
        self.end_sse()

    def split_bom(self, msg_id):
        notification = encode(log_notification("split-bom: after the mark")).decode()
        answer = encode(response(msg_id, text_result("read past the mark"))).decode()
        # The mark in three reads: the first field must not take it for
        # part of its name. "event:" with nothing names the default type.
        pieces = [b"\xef", b"\xbb", b"\xbf", "data: %s\n\n" % notification,
                  "event:\ndata: %s\n\n" % answer]
        self.start_sse()
        for piece in pieces:
            self.write_chunk(piece)
            time.sleep(0.05)
        self.end_sse()

    def huge_event(self, msg_id, size, as_json, hold, unterminated, chunked=False):
        template = encode(response(msg_id, text_result(""))).decode()
        padding = max(size - len("data: \n\n") - len(template), 0)
        data = template.replace("\"text\":\"\"", "\"text\":\"%s\"" % ("x" * padding), 1)
        if as_json and chunked:
            self.set_status(200)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for start in range(0, len(data), 4096):
                self.write_chunk(data[start:start + 4096])
            self.end_sse()
            return
        if as_json:
            self.send_plain(200, data, "application/json")
            return
        event = "data: %s" % data if unterminated else "data: %s\n\n" % data
        self.start_sse()
        for start in range(0, len(event), 64 * 1024):
            self.write_chunk(event[start:start + 64 * 1024])
        if hold or unterminated:
            self.hold_stream(HOLD_MS, "x" if unterminated else ": still here\n\n")
        self.end_sse()

    def hold_stream(self, ms, filler):
        """Keeps a stream open, writing @filler now and then, and notes when
        the client hangs up."""
        start = time.monotonic()
        try:
            while time.monotonic() - start < ms / 1000:
                time.sleep(0.05)
                self.write_chunk(filler)
        except Disconnected:
            with lock:
                self.entry["hung_up_after_ms"] = int((time.monotonic() - start) * 1000)
            raise

    # -- the 2024-11-05 HTTP+SSE transport ----------------------------------

    def legacy_stream(self):
        session_id = secrets.token_hex(16)
        stream = Outbox()
        with lock:
            legacy_streams[session_id] = stream
            self.entry["assigned_session"] = session_id
        try:
            self.start_sse()
            endpoint = options.legacy_endpoint or "/messages?session=%s" % session_id
            self.write_event(endpoint, event="endpoint")
            while True:
                message = stream.get(KEEPALIVE_INTERVAL)
                if message is None:
                    self.write_chunk(": keepalive\n\n")
                else:
                    self.write_event(message, event="message")
        except Disconnected:
            self.close_connection = True
        finally:
            with lock:
                legacy_streams.pop(session_id, None)

    def legacy_post(self, body, query):
        session_id = (query.get("session") or [None])[0]
        with lock:
            stream = legacy_streams.get(session_id)
        if stream is None:
            self.send_plain(404, "Not Found: unknown session")
            return
        if not isinstance(body, dict):
            self.send_plain(400, "Bad Request: not a JSON-RPC message")
            return
        self.send_empty(202)
        if "method" not in body:
            self.client_answer(body)
        elif "id" in body:
            if body["method"] == "initialize":
                stream.put(response(body["id"], initialize_result(body)))
            else:
                stream.put(self.answer(body, None))


class Session:
    """What the server keeps of a session."""

    def __init__(self, version):
        self.version = version
        self.ended = threading.Event()
        self.outbox = Outbox()  # for the GET stream


class Outbox:
    """The messages waiting to go out on an event stream of their own."""

    def __init__(self):
        self.condition = threading.Condition()
        self.queue = []

    def put(self, message):
        with self.condition:
            self.queue.append(message)
            self.condition.notify()

    def get(self, timeout):
        with self.condition:
            if not self.queue:
                self.condition.wait(timeout)
            return self.queue.pop(0) if self.queue else None


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    tls = None  # an ssl.SSLContext with --tls-cert

    def get_request(self):
        sock, address = super().get_request()
        if self.tls is not None:
            # The handshake happens on the first read, in the request's thread.
            sock = self.tls.wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        return sock, address

    def handle_error(self, request, client_address):
        # Clients hanging up on streams, and refused TLS handshakes, are part of the tests.
        if isinstance(sys.exc_info()[1], (ConnectionError, ssl.SSLError)):
            return
        super().handle_error(request, client_address)


def end_session(session_id, keep_stream=False):
    with lock:
        session = sessions.pop(session_id, None)
    if session is not None and not keep_stream:
        session.ended.set()
        session.outbox.put(None)


def exit_on_stdin_eof():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def main():
    global options

    parser = argparse.ArgumentParser(description="A scripted MCP Streamable HTTP server")
    parser.add_argument("--sse", action="store_true",
                        help="answer every request with an event stream")
    parser.add_argument("--no-get", action="store_true",
                        help="offer no GET stream of its own (405)")
    parser.add_argument("--legacy", action="store_true",
                        help="speak only the 2024-11-05 HTTP+SSE transport")
    parser.add_argument("--no-session-answer", choices=("text", "json", "json-id"),
                        default="text",
                        help="how a request without a session is refused (400): in plain text, "
                        "or a JSON-RPC error without an id or with the request's")
    parser.add_argument("--stateless", action="store_true",
                        help="speak only the stateless revision 2026-07-28")
    parser.add_argument("--refuse-version", metavar="N", type=int, default=0,
                        help="with --stateless, refuse the first N requests with -32022")
    parser.add_argument("--tools-ttl", metavar="MS", type=int, default=0,
                        help="with --stateless, how long the list of tools stays fresh (ttlMs)")
    parser.add_argument("--discover-delay", metavar="MS", type=int, default=0,
                        help="with --stateless, wait this long before answering server/discover")
    parser.add_argument("--chunked-errors", action="store_true",
                        help="with --stateless, write JSON error bodies in small chunks")
    parser.add_argument("--listen", choices=("stay", "end", "refuse"), default="stay",
                        help="with --stateless, keep listen streams open, end them after "
                        "the acknowledgement, or before it")
    parser.add_argument("--listen-ack-delay", metavar="MS", type=int, default=0,
                        help="with --stateless, wait this long before acknowledging a listen")
    parser.add_argument("--delete-delay", metavar="MS", type=int, default=0,
                        help="wait this long before answering a DELETE")
    parser.add_argument("--legacy-post-status", type=int, choices=(404, 405), default=405,
                        help="with --legacy, how a POST to the MCP endpoint is refused")
    parser.add_argument("--legacy-endpoint", metavar="URL",
                        help="with --legacy, announce this endpoint instead of our own")
    parser.add_argument("--session-id", metavar="ID",
                        type=lambda text: text.encode().decode("unicode_escape"),
                        help="assign this session id (with Python escapes such as \\x01)")
    parser.add_argument("--path", default="/mcp",
                        help="the path of the MCP endpoint (default /mcp)")
    parser.add_argument("--idle-close", metavar="MS", type=int,
                        help="close a kept-alive connection idle for this long")
    parser.add_argument("--vanish", metavar="METHOD",
                        help="close the connection without answering the first message "
                        "with this JSON-RPC method")
    parser.add_argument("--discover-answer", choices=("html", "404", "empty"),
                        help="answer server/discover with an HTML page, a 404 or an empty "
                        "200 rather than as JSON-RPC")
    parser.add_argument("--verbose", action="store_true",
                        help="log requests to stderr")
    parser.add_argument("--port", type=int, default=0,
                        help="listen on this port rather than on a free one")
    parser.add_argument("--tls-cert", metavar="PEM",
                        help="speak HTTPS with this certificate (--tls-key is its key)")
    parser.add_argument("--tls-key", metavar="PEM")
    parser.add_argument("--tls-client-ca", metavar="PEM",
                        help="with --tls-cert, require a client certificate issued by this CA")
    options = parser.parse_args()
    mcp_http_stateless.options = options

    signal.signal(signal.SIGTERM, lambda signum, frame: os._exit(0))

    if options.idle_close is not None:
        Handler.timeout = options.idle_close / 1000
    server = Server(("127.0.0.1", options.port), Handler)
    if options.tls_cert:
        server.tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        server.tls.load_cert_chain(options.tls_cert, options.tls_key)
        if options.tls_client_ca:
            server.tls.verify_mode = ssl.CERT_REQUIRED
            server.tls.load_verify_locations(options.tls_client_ca)
    threading.Thread(target=exit_on_stdin_eof, daemon=True).start()

    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
