#!/usr/bin/env python3
# Builds the seed corpora of the fuzz targets from the MCP schema and its
# example messages:
#
#   build-corpus.py OUTDIR [SCHEMADIR]
#
# writes OUTDIR/framer, OUTDIR/rpc, OUTDIR/values, OUTDIR/json, OUTDIR/sse, OUTDIR/skill,
# OUTDIR/config, OUTDIR/oauth, OUTDIR/headers and OUTDIR/rounds (replacing
# what was there). SCHEMADIR defaults to $MCP_SCHEMA_DIR or ../shared/schema next to
# the source tree; without it, only the hand-written seeds are made.
#
# - values: every example as it is, and every definition of every schema
#   revision (they are JSON objects of the same shapes).
# - framer: the examples as one-line messages, alone and all together, cut
#   into reads of various sizes and under various maximum message sizes;
#   the whole schemas as single lines longer than the line reader's buffer;
#   junk, blank, CRLF, invalid UTF-8 and unterminated lines; lines nested
#   512, 513 and 100,000 levels deep.
# - rpc: the examples as the server's messages, with the ids of the calls
#   fuzz-rpc.c makes (see README.md): results and errors for each pending
#   call, the server's requests and notifications, batches, progress for
#   the calls that asked for it, and the harness's own fuzz/* notifications,
#   under each of the target's flags.
# - json: the examples compact, indented and with every non-ASCII character
#   escaped; the schemas as single lines; hand-written texts for every
#   corner of the grammar: escapes, surrogates, numbers at the edges of
#   gint64 and double, duplicate names, nesting at and beyond the limit,
#   invalid UTF-8, control characters, and what json-glib 1.6 accepts
#   beyond RFC 8259 (comments, single quotes, hex and octal, "\u0000").
# - sse: the example messages as events, and hand-written streams, under
#   several maximum sizes and ways of cutting them (see fuzz-sse.c).
# - config: the example configuration files of tests/configs and
#   shared/configs, and hand-written ones.
# - oauth: a good sign-in, shaped like mcp-oauth-test-server.py's answers,
#   under each flag of fuzz-oauth.c, and its variations.
# - headers: the scripted HTTP server's tool with x-mcp-header annotations
#   and arguments of every kind, annotations to refuse, the Tool examples.
# - rounds: the InputRequiredResult examples and hand-written rounds, under
#   each flag of fuzz-rounds.c.

import json
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TOP = HERE.parent.parent

# The first byte of a framer input: the maximum message size (low nibble)
# and the read size (high nibble); see fuzz-framer.c.
FRAMER_DEFAULT = 0x00
FRAMER_SELECTORS = [0x00, 0x10, 0x21, 0x32, 0x43, 0x54, 0x65, 0x76, 0x87, 0x98, 0xA9, 0x0A,
                    0x1B, 0x5C, 0x40, 0x60]

# The flags byte of an rpc input; see fuzz-rpc.c.
RAW, TOOL_TASKS, NO_FEATURES, DEFER = 0x01, 0x02, 0x04, 0x08
ANSWER_ERROR, ANSWER_RETURN_ERROR, ANSWER_UNHANDLED = 0x10, 0x20, 0x30
SMALL_MESSAGES, DROP_CLIENT = 0x40, 0x80

# The ids of the calls fuzz-rpc.c starts once connected (without
# FLAG_TOOL_TASKS), by the type of result that answers them.
LIVE_IDS = {"ListToolsResult": 2, "ListResourcesResult": 3,
            "ListResourceTemplatesResult": 4, "ListPromptsResult": 5}
CALL_IDS = {
    "CallToolResult": [6, 23],
    "ListToolsResult": [2, 7],
    "ListResourcesResult": [3, 8],
    "ListResourceTemplatesResult": [4, 9],
    "ReadResourceResult": [10],
    "ListPromptsResult": [5, 13],
    "GetPromptResult": [14],
    "CompleteResult": [15, 16],
    "DiscoverResult": [22],
    "InputRequiredResult": [22],
    "SubscriptionsListenResult": [22],
}
EMPTY_RESULT_IDS = [11, 12, 17, 21]
TASK_LIST_ID, TASK_GET_ID, TASK_CANCEL_ID = 18, 19, 20
PROGRESS_TOKENS = [6, 22]
ALL_IDS = list(range(2, 24))

INITIALIZE_RESULT = {
    "protocolVersion": "2025-11-25",
    "capabilities": {
        "tools": {"listChanged": True},
        "resources": {"subscribe": True, "listChanged": True},
        "prompts": {"listChanged": True},
        "logging": {}, "completions": {},
        "tasks": {"list": {}, "cancel": {}, "requests": {"tools": {"call": {}}}},
    },
    "serverInfo": {"name": "seed", "version": "1.0", "title": "Seed"},
    "instructions": "Seed.",
}

TASK = {"taskId": "fuzz-task", "status": "working", "statusMessage": "Working",
        "createdAt": "2025-11-25T10:30:00Z", "lastUpdatedAt": "2025-11-25T10:30:00Z",
        "ttl": 60000, "pollInterval": 50}


def line(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def response(id_, result):
    return line({"jsonrpc": "2.0", "id": id_, "result": result})


def error_response(id_, error):
    return line({"jsonrpc": "2.0", "id": id_, "error": error})


def notification(method, params=None):
    message = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return line(message)


def load_examples(schema_dir):
    examples = {}
    base = schema_dir / "2026-07-28" / "examples"
    if not base.is_dir():
        return examples
    for path in sorted(base.glob("*/*.json")):
        examples.setdefault(path.parent.name, []).append(
            (path.stem, json.loads(path.read_text(encoding="utf-8"))))
    return examples


def load_schemas(schema_dir):
    schemas = []
    for path in sorted(schema_dir.glob("*/schema.json")):
        schemas.append((path.parent.name, json.loads(path.read_text(encoding="utf-8"))))
    return schemas


class Corpus:
    def __init__(self, outdir, name):
        self.dir = outdir / name
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir.mkdir(parents=True)
        self.count = 0

    def add(self, name, data):
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
        (self.dir / safe).write_bytes(data)
        self.count += 1


def build_values(corpus, examples, schemas):
    for type_name, items in examples.items():
        for stem, value in items:
            corpus.add(f"{type_name}-{stem}.json",
                       json.dumps(value, indent=2, ensure_ascii=False).encode())
    for version, schema in schemas:
        for name, definition in schema.get("$defs", schema.get("definitions", {})).items():
            corpus.add(f"def-{version}-{name}.json", line(definition))
    corpus.add("hand-deep-content.json",
               line({"type": "image", "data": "aGVsbG8=" * 50, "mimeType": "image/png"}))
    corpus.add("hand-bad-base64.json",
               line({"type": "resource", "resource": {"uri": "file:///x", "blob": "@@@=A"}}))
    corpus.add("hand-nested.json", b"[" * 512 + b"]" * 512)
    corpus.add("hand-nested-100000.json", b"{\"a\":" * 50000 + b"[" * 50000)


def server_messages(examples):
    """What a server may send besides answers: requests and notifications."""
    messages = []
    for type_name, items in examples.items():
        for stem, value in items:
            if not isinstance(value, dict) or "method" not in value:
                continue
            message = dict(value, jsonrpc="2.0")
            if type_name.endswith("Request"):
                message["id"] = message.get("id", f"server-{stem}")
            messages.append((f"{type_name}-{stem}", line(message)))
    for type_name in ("ElicitRequestFormParams", "ElicitRequestURLParams"):
        for stem, params in examples.get(type_name, []):
            messages.append((f"{type_name}-{stem}", line(
                {"jsonrpc": "2.0", "id": f"elicit-{stem}", "method": "elicitation/create",
                 "params": params})))
    for stem, params in examples.get("CreateMessageRequestParams", []):
        messages.append((f"sampling-{stem}", line(
            {"jsonrpc": "2.0", "id": 700, "method": "sampling/createMessage",
             "params": params})))
    for token in PROGRESS_TOKENS:
        for stem, params in examples.get("ProgressNotificationParams", []):
            messages.append((f"progress-{token}-{stem}", notification(
                "notifications/progress", dict(params, progressToken=token))))
    messages.append(("ping", line({"jsonrpc": "2.0", "id": "ping-1", "method": "ping"})))
    messages.append(("roots", line({"jsonrpc": "2.0", "id": 41, "method": "roots/list"})))
    messages.append(("cancel-server-request", notification(
        "notifications/cancelled", {"requestId": 41, "reason": "seed"})))
    return messages


def answers(examples):
    """Answers to the calls of fuzz-rpc.c, by id."""
    out = []
    for type_name, ids in CALL_IDS.items():
        for stem, value in examples.get(type_name, []):
            for id_ in ids:
                out.append((f"{type_name}-{stem}-{id_}", response(id_, value)))
        for stem, value in examples.get(type_name + "Response", []):
            for id_ in ids:
                out.append((f"{type_name}Response-{stem}-{id_}", line(dict(value, id=id_))))
    for id_ in EMPTY_RESULT_IDS:
        out.append((f"empty-{id_}", response(id_, {})))
    out.append(("tasks-list", response(TASK_LIST_ID, {"tasks": [TASK, dict(TASK, taskId="t2",
                                                                          status="completed")]})))
    out.append(("tasks-get", response(TASK_GET_ID, dict(TASK, status="input_required"))))
    out.append(("tasks-cancel", response(TASK_CANCEL_ID, dict(TASK, status="cancelled"))))
    for type_name, items in examples.items():
        for stem, value in items:
            if isinstance(value, dict) and "error" in value and "id" in value:
                out.append((f"{type_name}-{stem}", line(dict(value, id=6))))
            elif type_name.endswith("Error") and isinstance(value, dict) and "code" in value:
                out.append((f"{type_name}-{stem}", error_response(7, value)))
    return out


def build_rpc(corpus, examples):
    server = server_messages(examples)
    answer_lines = answers(examples)

    # One message at a time, each answering or reaching the ready client.
    for name, data in answer_lines + server:
        corpus.add(f"one-{name}", bytes([0]) + data)

    everything = b"".join(data for _, data in server) + b"".join(data for _, data in answer_lines)
    batch = line([json.loads(data) for _, data in answer_lines[:6]] +
                 [json.loads(data) for _, data in server[:4]])
    corpus.add("everything", bytes([0]) + everything)
    corpus.add("batch", bytes([0]) + batch)
    corpus.add("wrong-ids", bytes([0]) + b"".join(
        response(id_, {}) for id_ in (-1, 0, 24, 2**53, "6", 6.0, None, [6], {"id": 6})))
    corpus.add("defer-answer", bytes([DEFER]) + everything + notification("fuzz/answer"))
    corpus.add("defer-drop", bytes([DEFER | ANSWER_ERROR]) + everything)
    for flags in (ANSWER_ERROR, ANSWER_RETURN_ERROR, ANSWER_UNHANDLED, NO_FEATURES,
                  SMALL_MESSAGES):
        corpus.add(f"everything-{flags:02x}", bytes([flags]) + everything)
    corpus.add("cancel", bytes([0]) + notification("fuzz/cancel") + everything)
    corpus.add("close", bytes([0]) + server[0][1] + notification("fuzz/close") + everything)
    corpus.add("drop-client", bytes([DROP_CLIENT]) + server[0][1] + notification("fuzz/close") +
               everything)
    # Too large for FLAG_SMALL_MESSAGES, with the id first and last.
    big_text = {"content": [{"type": "text", "text": "x" * 4000}]}
    corpus.add("oversized-answer", bytes([SMALL_MESSAGES]) + response(6, big_text) +
               line({"result": {"pad": "y" * 2000}, "id": 7, "jsonrpc": "2.0"}))
    # Answers glued to junk: a small one at each end of a line too large,
    # one whose id is out of reach of both ends (the connection ends), and
    # one on a line of ordinary size.
    small = response(8, {}).rstrip(b"\n")
    corpus.add("glued-answers", bytes([SMALL_MESSAGES]) + small + b"#" * 3000 +
               response(9, {}) + b"#" * 2000 +
               response(10, {"content": [{"type": "text", "text": "x" * 5000}]}))
    corpus.add("glued-short", bytes([0]) + b"progress 50%" + response(11, {}))
    list_changed = b"".join(notification(f"notifications/{kind}/list_changed")
                            for kind in ("tools", "resources", "prompts"))
    corpus.add("list-changed", bytes([0]) + list_changed + everything)
    corpus.add("nested-100000", bytes([0]) + b"[" * 100000 + b"\n" + answer_lines[0][1])
    corpus.add("pagination", bytes([0]) + response(2, {"tools": [], "nextCursor": "a"}) +
               response(24, {"tools": [], "nextCursor": "a"}))

    # Tools run as tasks: the first tool call lists the tools (id 6), then
    # calls "echo" as a task, polls it and fetches its result.
    tools = {"tools": [{"name": "echo", "inputSchema": {"type": "object"},
                        "execution": {"taskSupport": "required"}}]}
    corpus.add("tool-task", bytes([TOOL_TASKS]) + response(6, tools) + response(23, tools) +
               response(24, {"task": TASK}) + response(25, {"task": TASK}))
    corpus.add("tool-task-cancel", bytes([TOOL_TASKS]) + response(6, tools) +
               response(24, {"task": TASK}) + notification("fuzz/cancel"))

    # A fuzzed handshake: the answer to initialize is part of the input.
    initialize = response(1, INITIALIZE_RESULT)
    corpus.add("raw-initialize", bytes([RAW]) + initialize + everything)
    corpus.add("raw-bad-version", bytes([RAW]) + response(1, dict(INITIALIZE_RESULT,
                                                                  protocolVersion="1999-01-01")))
    corpus.add("raw-requests-first", bytes([RAW]) + server[0][1] + initialize + everything)
    for stem, value in examples.get("DiscoverResult", []):
        corpus.add(f"raw-discover-{stem}", bytes([RAW]) + response(1, value))


def build_framer(corpus, examples, schemas):
    lines = [line(value) for items in examples.values() for _, value in items]
    for type_name, items in examples.items():
        for stem, value in items:
            corpus.add(f"one-{type_name}-{stem}", bytes([FRAMER_DEFAULT]) + line(value))
    joined = b"".join(lines)
    for selector in FRAMER_SELECTORS:
        corpus.add(f"all-{selector:02x}", bytes([selector]) + joined)
    for version, schema in schemas:
        corpus.add(f"schema-{version}", bytes([FRAMER_DEFAULT]) + line(schema))
        corpus.add(f"schema-{version}-small", bytes([0x0C]) + line(schema) + lines[0])
    corpus.add("blank-crlf-junk", bytes([0]) + b"\n\n \t \r\n{}\r\nnot json\n[1,2]\n\x0b\x0c\n" +
               b"{\"jsonrpc\":\"2.0\"}")
    corpus.add("invalid-utf8", bytes([0]) + b"{\"a\":\"\xff\xfe\"}\n{\"b\":\"\xc3\xa9\"}\n"
               b"{\"c\":\"\x00\"}\n\xed\xa0\x80\n")
    corpus.add("scalars", bytes([0]) + b"1\n\"s\"\nnull\ntrue\n-0.5e3\n")
    corpus.add("unterminated", bytes([0]) + b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{")
    corpus.add("depth-512", bytes([0]) + b"[" * 512 + b"]" * 512 + b"\n")
    corpus.add("depth-513", bytes([0]) + b"[" * 513 + b"]" * 513 + b"\n")
    corpus.add("depth-strings", bytes([0]) + b"[\"[[[[\\\"[[\"," * 300 + b"1" + b"]" * 300 + b"\n")
    corpus.add("depth-100000", bytes([0]) + b"[" * 100000 + b"]" * 100000 + b"\n")
    corpus.add("depth-100000-mixed", bytes([0]) + b"{\"a\":" * 50000 + b"[" * 50000 + b"\n")
    corpus.add("long-line", bytes([0]) + b"[\"" + b"x" * 70000 + b"\"]\n[1]\n")
    corpus.add("long-line-limited", bytes([0x0A]) + b"[\"" + b"x" * 70000 + b"\"]\n[1]\n")
    corpus.add("excerpt-boundaries", bytes([0x07]) + b"".join(
        b"[\"" + b"\xc3\xa9" * n + b"\"]\n" for n in (2045, 2046, 2047, 2048, 2049)))


JSON_TEXTS = [
    b"{}", b"[]", b" \t\r\n[ \t\r\n] \t\r\n", b"[[],{},[[]],{\"a\":{}}]",
    b'{"jsonrpc":"2.0","id":42,"result":{"content":[{"type":"text","text":"' + b"x" * 64 + b'"}]}}',
    b'["\\"\\\\\\/\\b\\f\\n\\r\\t", "\\u0041\\u00e9\\u4e2d\\uFFFF"]',
    b'["\\ud83d\\ude00", "\\uDBFF\\uDFFF", "\\ud800", "\\udc00", "\\ud800\\u0041", "\\ud800\\"]',
    b'["\\u0000", "a\\u0000b", "\\u0001\\u001f"]',
    b'["\\x", "\\\'", "\\u12", "\\u12g4", "\\U0041"]',
    "[\"é\", \"中文\", \"😀\", \"\x7f\"]".encode(),
    b'["\xff", "\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80"]',
    b'{"\xc3\xa9":1, "\xff":2}', b"[\xff]", b"[1,\xc3\xa9]",
    b'["a\x01b", "a\tb", "a\nb", "a\x00b", "a\x1fb"]',
    b"[0, -0, 1, -1, 0.0, -0.0, 1e2, 1E+2, 1e-2, -2.5E-10, 0e0, -0e0]",
    b"[9223372036854775807, -9223372036854775808, 9223372036854775808, -9223372036854775809]",
    b"[18446744073709551615, 18446744073709551616, 99999999999999999999999999]",
    b"[1e400, -1e400, 1e-400, 4.9e-324, 1.7976931348623157e308, 123456789012345678901234567890e-10]",
    b"[01, 00, -01, 0x10, -0x10, $10, 0b101, 1., 0., .5, -.5, - 1, +1, 1.e5, --1, 1e, 1e+]",
    b"[1 /* comment */, /**/2, -/**/3]", b"[1 /x*/, 2 /*/, 3 //]", b'{"a"://///"s"}', b"['single', 'quo\"ted']",
    b"{'a':1}",
    b'{"a":1,"b":2,"a":3}', b'{"a":[1],"a":null,"a":{"b":1,"b":[2]},"c":"x","a":"s"}',
    b'{"a":1,}', b"[1,]", b"[,1]", b"[1 2]", b"{a:1}", b'{"a" 1}', b'{"a":}', b"[1}", b"{]",
    b"[tru]", b"[nulls]", b"[NaN]", b"[Infinity]", b"[true,false,null]",
    b"[1] x", b"[1][2]", b"{}{}", b"[1]\x00", b"\xef\xbb\xbf{}", b"\x0c{}", b"[1,\x0c2]",
    b"1", b'"a"', b"null", b"", b"[", b'{"a":', b'["abc', b"[1.",
]

# Progress notifications, which the engine reads without a tree when it
# can (_mcp_json_read_progress ()): the shapes it takes, and near misses.
PROGRESS_TEXTS = [
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1}}',
    b'{"method":"notifications/progress","params":{"progressToken":7,"progress":2.5,"total":10,'
    b'"message":"Half \u00e9 \"way\""},"jsonrpc":"2.0"}',
    b' { "params" : { "total" : 1e3 , "progress" : -0.0 , "progressToken" : -9223372036854775808 } ,'
    b' "method" : "notifications\/progress" } ',
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1,'
    b'"progress":3,"message":"a","message":"b"},"params":{"progressToken":8,"progress":4}}',
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"7","progress":1}}',
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7.0,"progress":1}}',
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":"1"}}',
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1,'
    b'"total":null,"message":5}}',
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1,'
    b'"_meta":{"io.modelcontextprotocol/subscriptionId":3}}}',
    b'{"jsonrpc":"2.0","id":3,"method":"notifications/progress","params":{"progressToken":7,'
    b'"progress":1}}',
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}}',
    b'{"jsonrpc":"2.0","method":"notifications/progress","method":"x","params":{"progressToken":7,'
    b'"progress":1}}',
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1}} x',
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":01}}',
    b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1,',
]


def build_json(corpus, examples, schemas):
    for type_name, items in examples.items():
        for stem, value in items:
            corpus.add(f"{type_name}-{stem}", line(value))
            corpus.add(f"{type_name}-{stem}-indented",
                       json.dumps(value, indent=2, ensure_ascii=False).encode())
            corpus.add(f"{type_name}-{stem}-ascii",
                       json.dumps(value, ensure_ascii=True).encode())
    for version, schema in schemas:
        corpus.add(f"schema-{version}", line(schema))
    for i, text in enumerate(JSON_TEXTS):
        corpus.add(f"hand-{i:02d}", text)
    for i, text in enumerate(PROGRESS_TEXTS):
        corpus.add(f"progress-{i:02d}", text)
    corpus.add("depth-512", b"[" * 512 + b"]" * 512)
    corpus.add("depth-513", b"[" * 513 + b"]" * 513)
    corpus.add("depth-512-mixed", b'{"a":[' * 256 + b"1" + b"]}" * 256)
    corpus.add("depth-100000", b'{"a":[' * 50000)
    corpus.add("long-string", b'["' + b"lorem ipsum \xc3\xa9 \\n " * 2000 + b'"]')
    corpus.add("many-duplicates", b"{" + b",".join(b'"k%d":%d' % (i % 50, i)
                                                 for i in range(2000)) + b"}")


# SSE: the first byte picks the maximum event size (low nibble) and how
# the stream is cut (high nibble); see fuzz-sse.c.
SSE_SELECTORS = [0x00, 0x10, 0x21, 0x32, 0x47, 0x5A, 0x6C, 0xF8]


def build_sse(corpus, examples):
    messages = [line(value) for items in examples.values() for _, value in items
                if isinstance(value, dict) and "jsonrpc" in value][:20]
    events = b"".join(b"event: message\nid: %d\ndata: " % i + m.rstrip(b"\n") + b"\n\n"
                      for i, m in enumerate(messages))
    hand = [
        b"data: {}\n\n",
        b"\xef\xbb\xbfdata: bom\n\n",
        b": comment\nretry: 1500\nid: 7\nevent: endpoint\ndata: /messages?session=1\n\n",
        b"data: one\ndata: two\r\ndata:three\rdata\n\r\n",
        b"event:\ndata: empty type\n\nevent: message\ndata: x\n\n",
        b"id: a\x00b\ndata: nul in id\n\nid\ndata: empty id\n\n",
        b"retry: 12345678901\nretry: x1\nretry: 99\ndata: r\n\n",
        b"data: unterminated",
        b"data: " + b"x" * 5000 + b"\n\ndata: after\n\n",
        b"field without colon\ndata\n\n:\n\n\n\n",
    ]
    for selector in SSE_SELECTORS:
        corpus.add(f"events-{selector:02x}", bytes([selector]) + events)
        for i, text in enumerate(hand):
            corpus.add(f"hand-{i:02d}-{selector:02x}", bytes([selector]) + text)


def config_dirs():
    dirs = [TOP / "tests" / "configs", TOP.parent / "shared" / "configs"]
    return [d for d in dirs if d.is_dir()]


def build_config(corpus):
    for directory in config_dirs():
        for path in sorted(directory.glob("*.json")):
            corpus.add(f"{directory.parent.name}-{path.name}", path.read_bytes())
    hand = [
        b'{"mcpServers": {"a": {"command": "x", "args": ["-y"], "env": {"K": "V"}},}}',
        b'// comment\n{\n  /* block */ "servers": {\n    "h": {"type": "http", "url": "https://e.x/mcp",'
        b' "headers": {"A": "${input:t}"}}\n  },\n  "inputs": [{"type": "promptString", "id": "t"}]\n}',
        b'{"mcp": {"servers": {"s": {"type": "sse", "url": "http://localhost:1/sse"}}}}',
        b'{"servers": {"a": {"command": "x"}, "a": {"command": "y"}}}',
        b'{"mcpServers": {"bad": {"type": "carrier-pigeon"}, "none": {}, "n": null, "arr": []}}',
        b'{"mcpServers": {"d": {"command": "x", "disabled": true, "cwd": "${workspaceFolder}"}}}',
        b'\xef\xbb\xbf{"servers": {}}',
        b'{"servers": {"x": {"command": "a"}} // trailing\n',
        b'[1, 2, {"a": "\\u00e9\\ud83d\\ude00"}]',
        b'{"a": 1e999, "b": -0, "c": 12345678901234567890}',
        b'{"servers": {"u": {"url": "${input:missing}"}}, "inputs": [{"id": 1}, "x"]}',
        b"{" * 600 + b"}" * 600,
        b'{"servers"',
    ]
    for i, text in enumerate(hand):
        corpus.add(f"hand-{i:02d}", text)


def build_catalog(corpus):
    """Registry entries: each of tests/data/registry, alone and as the
    registry's answers wrap them."""
    data = TOP / "tests" / "data" / "registry"
    for name in ("seed.json", "crafted.json", "invalid.json"):
        for i, entry in enumerate(json.loads((data / name).read_text())):
            corpus.add(f"{name[:-5]}-{i:02d}", json.dumps(entry).encode())
            wrapped = {"server": entry, "_meta": {"io.modelcontextprotocol.registry/official": {
                "status": "deprecated", "isLatest": True}}}
            corpus.add(f"{name[:-5]}-{i:02d}-meta", json.dumps(wrapped).encode())


def build_bundle(corpus):
    """Small ZIP archives: stored, deflated, folders, modes, hostile names."""
    import io
    import zipfile

    def archive(files, method=zipfile.ZIP_DEFLATED):
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", method) as z:
            for name, data, mode in files:
                info = zipfile.ZipInfo(name)
                info.compress_type = method
                info.create_system = 3
                info.external_attr = mode << 16
                z.writestr(info, data)
        return out.getvalue()

    manifest = json.dumps({"server": {"mcp_config": {"command": "node",
                                                      "args": ["${__dirname}/i.js"]}}})
    corpus.add("good", archive([("manifest.json", manifest, 0o100644), ("s/", b"", 0o40755),
                                ("s/i.js", "x", 0o100755)]))
    corpus.add("stored", archive([("manifest.json", manifest, 0o100644)], zipfile.ZIP_STORED))
    corpus.add("dotdot", archive([("../x", "x", 0o100644)]))
    corpus.add("absolute", archive([("/x", "x", 0o100644)]))
    corpus.add("link", archive([("l", "/etc", 0o120777)]))
    corpus.add("zeros", archive([("z", b"\0" * 200000, 0o100644)]))


OAUTH_SEPARATOR = b"\n####\n"


def build_oauth(corpus):
    challenge = b'Bearer resource_metadata="$BASE/.well-known/oauth-protected-resource/mcp", ' \
                b'scope="read write"'
    prm = {"resource": "$BASE/mcp", "authorization_servers": ["$BASE"],
           "scopes_supported": ["read", "write"]}
    asm = {"issuer": "$BASE", "authorization_endpoint": "$BASE/authorize",
           "token_endpoint": "$BASE/token", "registration_endpoint": "$BASE/register",
           "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"],
           "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials"],
           "token_endpoint_auth_methods_supported": ["none", "client_secret_basic",
                                                     "client_secret_post"],
           "authorization_response_iss_parameter_supported": True,
           "scopes_supported": ["read", "write"]}
    registration = {"client_id": "client-1", "client_secret": "s", "redirect_uris": [],
                    "token_endpoint_auth_method": "client_secret_basic"}
    token = {"access_token": "at-1", "token_type": "Bearer", "expires_in": 3600,
             "refresh_token": "rt-1", "scope": "read write"}
    redirect = b"code=c1&state=$STATE&iss=$BASE"

    def case(flags, parts):
        return bytes([flags]) + OAUTH_SEPARATOR.join(
            p if isinstance(p, bytes) else json.dumps(p).encode() for p in parts)

    good = [challenge, prm, asm, registration, token, redirect]
    for flags in range(0, 4):
        corpus.add(f"good-{flags}", case(flags, good))
    corpus.add("prm-404", case(0x04, good))
    corpus.add("token-error", case(0x08, good[:4] + [
        {"error": "invalid_grant", "error_description": "Nope \u00e9"}, redirect]))
    corpus.add("registration-error", case(0x10, good[:3] + [
        {"error": "invalid_client_metadata"}] + good[4:]))
    corpus.add("as-404", case(0x20, good))
    corpus.add("text-plain", case(0x40, good))
    corpus.add("no-redirect", case(0x80, good))
    corpus.add("redirect-error", case(0, good[:5] + [b"error=access_denied&state=$STATE"]))
    corpus.add("redirect-wrong-state", case(0, good[:5] + [b"code=c&state=other"]))
    corpus.add("token-number", case(2, good[:4] + [dict(token, access_token=5, expires_in="x")]))
    corpus.add("insecure-endpoints", case(0, [challenge, prm, dict(
        asm, token_endpoint="http://auth.example.com/token")] + good[3:]))
    corpus.add("issuer-mismatch", case(0, [challenge, prm, dict(
        asm, issuer="https://attacker.example.com")] + good[3:]))
    # Issue #21's defect 7 (regressions/oauth/ has both).
    corpus.add("token-crlf", case(2, good[:4] + [dict(token, access_token="a\r\nX-Evil: 1")]))
    corpus.add("long-scope", case(0, [b'Bearer scope="' + b"s " * 3000 + b'"'] + good[1:]))
    for i, header in enumerate([b"Bearer", b"Basic realm=x, Bearer error=invalid_token",
                                b'Bearer scope="a\\"b", resource_metadata=x',
                                b"Bearer scope", b'Bearer ,,, scope="unterminated',
                                b"DPoP algs=ES256, Bearer scope=a scope=b"]):
        corpus.add(f"challenge-{i}", case(0, [header] + good[1:]))


def build_headers(corpus, examples):
    route = {"name": "route", "inputSchema": {"type": "object", "properties": {
        "region": {"type": "string", "x-mcp-header": "Region"},
        "count": {"type": "integer", "x-mcp-header": "Count"},
        "flag": {"type": "boolean", "x-mcp-header": "Flag"},
        "tenant": {"type": "object", "properties": {
            "id": {"type": "string", "x-mcp-header": "Tenant-Id"}}}}}}
    arguments = [
        {"region": "eu-west", "count": 3, "flag": True, "tenant": {"id": "t1"}},
        {"region": " padded ", "count": 3.0, "flag": False, "tenant": {"id": "caf\u00e9"}},
        {"region": "=?base64?ZXU=?=", "count": 1e300, "tenant": "x"},
        {"region": "line\nbreak", "count": -9007199254740993, "flag": None},
        {"region": "\u4e2d\u6587 \U0001F600", "count": 0.5},
        {},
    ]
    for i, args in enumerate(arguments):
        corpus.add(f"route-{i}", line([route, args]))
    bad = [
        {"type": "object", "x-mcp-header": "Root"},
        {"type": "object", "properties": {"o": {"type": "object", "x-mcp-header": "O"}}},
        {"type": "object", "properties": {"a": {"type": "string", "x-mcp-header": "A"},
                                          "b": {"type": "string", "x-mcp-header": "a"}}},
        {"type": "object", "properties": {"a": {"type": "string", "x-mcp-header": "bad name"}}},
        {"type": "object", "anyOf": [{"properties": {"a": {"type": "string",
                                                            "x-mcp-header": "A"}}}]},
        {"type": "object", "properties": {"a": {"type": "string", "default": {
            "x-mcp-header": "Data"}, "x-mcp-header": "A"}}},
    ]
    for i, schema in enumerate(bad):
        corpus.add(f"bad-{i}", line([{"name": "t", "inputSchema": schema}, {"a": "v", "o": {}}]))
    for stem, tool in examples.get("Tool", []):
        corpus.add(f"tool-{stem}", line([tool, {}]))


# The first byte of a rounds input: the call (low two bits), how requests
# for input are answered (next two), cancel at the end, no features.
def build_rounds(corpus, examples):
    required = [value for _, value in examples.get("InputRequiredResult", [])]
    finals = {0: [v for _, v in examples.get("CallToolResult", [])][:1],
              1: [v for _, v in examples.get("GetPromptResult", [])][:1],
              2: [v for _, v in examples.get("ReadResourceResult", [])][:1]}
    ask = {"resultType": "input_required", "requestState": "state-1",
           "inputRequests": {
               "roots": {"method": "roots/list"},
               "name": {"method": "elicitation/create", "params": {
                   "mode": "form", "message": "Name?", "requestedSchema": {
                       "type": "object", "properties": {"name": {"type": "string"}}}}},
               "model": {"method": "sampling/createMessage", "params": {
                   "messages": [{"role": "user", "content": {"type": "text", "text": "Hi"}}],
                   "maxTokens": 10}}}}
    for method in range(3):
        final = finals[method] or [{}]
        for answer in range(4):
            flags = method | (answer << 2)
            corpus.add(f"ask-{method}-{answer}",
                       bytes([flags]) + b"".join(line(v) for v in [ask] + final))
        corpus.add(f"examples-{method}", bytes([method]) +
                   b"".join(line(v) for v in required + final))
        corpus.add(f"endless-{method}", bytes([method]) + line(ask) * 8)
        corpus.add(f"state-changes-{method}", bytes([method]) + b"".join(
            line(dict(ask, requestState=s)) for s in ["a", "", "\u00e9" * 10]) +
                   line(dict(ask, requestState=None)) + line(final[0]))
        corpus.add(f"cancel-{method}", bytes([method | 0x10]) + line(ask))
        corpus.add(f"no-features-{method}", bytes([method | 0x20]) + line(ask) +
                   line(final[0]))
    corpus.add("junk", bytes([0]) + b"{}\nnot json\n5\n" + line({"resultType": "input_required"}) +
               line({"resultType": "input_required", "inputRequests": []}) +
               line({"resultType": "input_required", "inputRequests": {
                   str(i): {"method": "roots/list"} for i in range(100)}}))


# A fuzz-http response: its selector byte (status, content type, session
# header; see fuzz-http.c), then its body, where $ID is the request's id.
HTTP_SEPARATOR = b"\n####\n"
HTTP_JSON, HTTP_SSE, HTTP_TEXT, HTTP_NONE = 0x00, 0x08, 0x10, 0x18
HTTP_202, HTTP_400, HTTP_404, HTTP_500, HTTP_401, HTTP_204 = 2, 3, 4, 5, 6, 7
HTTP_SESSION = 0x20


def build_http(corpus, examples):
    def answer(result):
        return (b'{"jsonrpc":"2.0","id":$ID,"result":' +
                json.dumps(result, separators=(",", ":")).encode() + b"}")

    def event(data, id_=b"1"):
        return b"event: message\nid: " + id_ + b"\ndata: " + data + b"\n\n"

    def case(flags, responses):
        # Status 0 and 1 are both 200: 1 keeps the input free of NUL bytes.
        return bytes([flags]) + HTTP_SEPARATOR.join(bytes([sel if sel & 7 else sel | 1]) + body
                                                    for sel, body in responses)

    init = answer(INITIALIZE_RESULT)
    tools = [v for _, v in examples.get("ListToolsResult", [])][:1] or [{"tools": []}]
    call = [v for _, v in examples.get("CallToolResult", [])][:1] or [{"content": []}]
    good = [(HTTP_JSON | HTTP_SESSION, init), (HTTP_NONE | HTTP_202, b""),
            (HTTP_JSON, answer(tools[0])), (HTTP_JSON, answer(call[0])), (HTTP_JSON, answer({}))]
    streamed = [(sel | HTTP_SSE if sel == HTTP_JSON | HTTP_SESSION or sel == HTTP_JSON else sel,
                 event(body) if body else body) for sel, body in good]
    corpus.add("json", case(0, good))
    corpus.add("sse", case(0, streamed))
    corpus.add("small", case(0x02, good))
    corpus.add("get-stream", case(0x04, good + [(HTTP_SSE, event(b'{"jsonrpc":"2.0",'
                                                                 b'"method":"notifications/'
                                                                 b'tools/list_changed"}'))]))
    corpus.add("errors", case(0, good[:2] + [(HTTP_400, b"bad"), (HTTP_500 | HTTP_TEXT, b"oops"),
                                              (HTTP_401, b"")]))
    corpus.add("session-lost", case(0, good[:2] + [(HTTP_404, b"")]))
    corpus.add("stream-cut", case(0, good[:2] + [(HTTP_SSE, b"id: 7\nretry: 0\ndata: {")]))
    corpus.add("stream-mixed", case(0, good[:2] + [(HTTP_SSE, event(
        b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,'
        b'"progress":1}}') + b": ping\n\n" + event(answer({"tools": []}), b"2"))]))
    corpus.add("wrong-type", case(0, [(HTTP_TEXT, init), (HTTP_JSON, b"[]"), (HTTP_JSON, b"{")]))
    discover = [v for _, v in examples.get("DiscoverResult", [])][:1]
    if discover:
        corpus.add("probe", case(0x01, [(HTTP_JSON, answer(discover[0]))] + good[2:]))
    corpus.add("probe-refused", case(0x01, [(HTTP_400, b""), (HTTP_404, b"")] + good))


# - skill: SKILL.md files with frontmatter of every kind the parser reads
#   (see fuzz-skill.c), and near misses.
SKILL_SEEDS = {
    "minimal": "---\nname: pdf\ndescription: Work with PDFs\n---\n\nBody.\n",
    "rich": ("---\nname: pdf-processing\ndescription: >-\n  Extract, fill,\n  and assemble.\n"
             "license: Apache-2.0\nversion: 1.5\nallowed-tools: [bash, python]\n"
             "metadata:\n  author: \"Acme \\\"Docs\\\" \\u00e9\"\n  reviewed: 'it''s'\n"
             "tags:\n  - pdf\n  - 'forms'\n  - key: value\n    other: 2\n"
             "reviewed: true\npages: 12\nnothing: ~\n# a comment\n---\nBody\n"),
    "literal": "---\nname: a\ndescription: |\n  line one\n\n  line two\nkeep: |+\n  x\n\n---\n",
    "crlf": "---\r\nname: a\r\ndescription: b\r\n---\r\n",
    "wrapped": "---\nname: a\ndescription: one\n  two\n  three\n---\n",
    "nested": "---\na:\n  b:\n    c:\n      d:\n        e:\n          f:\n            g: 1\n---\n",
    "unterminated": "---\nname: a\ndescription: b\n",
    "tab": "---\nname: a\n\tdescription: b\n---\n",
    "anchor": "---\nname: &x a\ndescription: *x\n---\n",
    "duplicate": "---\nname: a\nname: b\n---\n",
    "numbers": "---\na: -0\nb: +12\nc: 1e3\nd: .5\ne: .inf\nf: 99999999999999999999\n---\n",
}


def build_skill(corpus):
    for name, text in SKILL_SEEDS.items():
        corpus.add(name, text.encode())
def build_proxy(corpus):
    """fuzz-proxy: allowed domains, denied domains, then a request."""
    requests = [b"CONNECT localhost:8080 HTTP/1.1\r\nHost: localhost:8080\r\n\r\n",
                b"CONNECT registry.npmjs.org:443 HTTP/1.1\r\n\r\n",
                b"CONNECT [::1]:443 HTTP/1.1\r\n\r\n",
                b"CONNECT 127.0.0.1:80 HTTP/1.0\n\n",
                b"CONNECT Bad.Example.Test.:443 HTTP/1.1\r\n\r\n",
                b"GET http://example.org/ HTTP/1.1\r\n\r\n",
                b"CONNECT a:0 HTTP/1.1\r\n\r\n"]
    policies = [b"localhost *.example.test\nbad.example.test\n",
                b"*\nlocalhost\n",
                b"registry.npmjs.org:443 [::1]:443 127.0.0.1\n\n"]
    for i, policy in enumerate(policies):
        for j, request in enumerate(requests):
            corpus.add(f"proxy-{i}-{j}", policy + request)


def main():
    if len(sys.argv) < 2:
        print(__doc__ or "usage: build-corpus.py OUTDIR [SCHEMADIR]", file=sys.stderr)
        return 2
    outdir = Path(sys.argv[1])
    schema_dir = Path(sys.argv[2] if len(sys.argv) > 2 else
                      os.environ.get("MCP_SCHEMA_DIR", TOP.parent / "shared" / "schema"))
    examples = load_examples(schema_dir)
    schemas = load_schemas(schema_dir)
    if not examples:
        print(f"build-corpus.py: no examples in {schema_dir}; hand-written seeds only",
              file=sys.stderr)

    counts = []
    for name, build in (("values", lambda c: build_values(c, examples, schemas)),
                        ("rpc", lambda c: build_rpc(c, examples)),
                        ("framer", lambda c: build_framer(c, examples, schemas)),
                        ("json", lambda c: build_json(c, examples, schemas)),
                        ("sse", lambda c: build_sse(c, examples)),
                        ("config", build_config),
                        ("oauth", build_oauth),
                        ("headers", lambda c: build_headers(c, examples)),
                        ("rounds", lambda c: build_rounds(c, examples)),
                        ("http", lambda c: build_http(c, examples)),
                        ("skill", build_skill),
                        ("proxy", build_proxy),
                        ("catalog", build_catalog),
                        ("bundle", build_bundle)):
        corpus = Corpus(outdir, name)
        build(corpus)
        counts.append(f"{name} {corpus.count}")
    print("Seed corpora: " + ", ".join(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
