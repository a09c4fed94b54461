#!/usr/bin/env python3
# mcp-registry-test-server.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A local MCP registry for the tests of McpServerCatalog: the read API
# (GET /v0.1/servers, /v0.1/servers/NAME/versions[/VERSION]) over the
# server.json entries of tests/data/registry/, on loopback. It prints its
# port, then serves until its stdin closes.
#
# Answers carry an ETag and "Cache-Control: max-age=0", so that a client's
# cache must revalidate them; GET /_stats tells how many answers were full
# (200) and how many were "not modified" (304).
#
# A first path component picks a misbehaving registry:
#   /forever/…    pages for ever, a new cursor each time
#   /loop/…       gives the same cursor again
#   /huge/…       answers 100 MB, with its Content-Length
#   /endless/…    answers 100 MB without a Content-Length (chunked)
#   /malformed/…  mixes malformed entries among the good ones
#   /invalid/…    includes the entries of invalid.json
#
# `--extra FILE` adds the entries of FILE (a JSON array of server.json) to
# the good ones: entries a test makes, such as a remote on its own port.
#
# It also serves MCP bundles (mcpb), made at start, at /bundles/NAME.mcpb,
# and lists an entry for each (io.github.mcp-glib/bundle-NAME) under
# /withbundles/v0.1/servers: a good one,
# one whose fileSha256 is wrong, and hostile ones (a `..` path, an absolute
# path, a link, 4 MB of zeros, a file larger than its header says).

import hashlib
import http.server
import io
import json
import os
import sys
import threading
import urllib.parse
import zipfile
import zlib

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "registry")
OFFICIAL = "io.modelcontextprotocol.registry/official"


def load(name):
    with open(os.path.join(DATA, name)) as f:
        return json.load(f)


GOOD = load("seed.json") + load("crafted.json")
INVALID = load("invalid.json")
STATUS = {
    ("io.github.domdomegg/airtable-mcp-server", "1.7.2"): "deprecated",
    ("io.github.mcp-glib/retired", "0.9.0"): "deleted",
}
BUNDLES = {}
BUNDLE_ENTRIES = []
MANIFEST = {
    "manifest_version": "0.2",
    "name": "bundle-good",
    "version": "1.0.0",
    "server": {
        "type": "node",
        "entry_point": "server/index.js",
        "mcp_config": {
            "command": "node",
            "args": ["${__dirname}/server/index.js", "--key", "${user_config.api_key}",
                     "${env:HOME}"],
            "env": {"BUNDLE_LOG": "${__dirname}/log"},
        },
    },
    "user_config": {
        "api_key": {"type": "string", "title": "API key", "description": "Your key",
                    "sensitive": True, "required": True},
    },
}


def zip_bytes(files):
    """A ZIP archive of (name, data, mode) entries."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, mode in files:
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = mode << 16
            z.writestr(info, data)
    return out.getvalue()


def lying_zip():
    """A file whose headers say 10 bytes, and that unpacks to 100 000."""
    data = bytearray(zip_bytes([("manifest.json", json.dumps(MANIFEST), 0o100644),
                                ("big.bin", b"\0" * 100000, 0o100644)]))
    # (signature, offset of the name's length, of the name, of the size)
    for signature, len_at, name_at, size_at in ((b"PK\x03\x04", 26, 30, 22),
                                                (b"PK\x01\x02", 28, 46, 24)):
        start = 0
        while (start := data.find(signature, start)) >= 0:
            length = int.from_bytes(data[start + len_at:start + len_at + 2], "little")
            if data[start + name_at:start + name_at + length] == b"big.bin":
                data[start + size_at:start + size_at + 4] = (10).to_bytes(4, "little")
            start += 4
    return bytes(data)


def make_bundles():
    manifest = json.dumps(MANIFEST)
    good = [("manifest.json", manifest, 0o100644),
            ("server/", b"", 0o40755),
            ("server/index.js", "console.log('hello');\n", 0o100644),
            ("bin/tool", "#!/bin/sh\n", 0o100755)]
    BUNDLES["good"] = zip_bytes(good)
    BUNDLES["dotdot"] = zip_bytes([("manifest.json", manifest, 0o100644),
                                   ("../escaped.txt", "out", 0o100644)])
    BUNDLES["absolute"] = zip_bytes([("manifest.json", manifest, 0o100644),
                                     ("/tmp/absolute.txt", "out", 0o100644)])
    BUNDLES["link"] = zip_bytes([("manifest.json", manifest, 0o100644),
                                 ("server", "/etc", 0o120777)])
    BUNDLES["huge"] = zip_bytes([("manifest.json", manifest, 0o100644),
                                 ("zeros.bin", b"\0" * (4 * 1024 * 1024), 0o100644)])
    BUNDLES["lying"] = lying_zip()


def bundle_entries(base):
    entries = []
    for name, data in sorted(BUNDLES.items()):
        entries.append((name, hashlib.sha256(data).hexdigest()))
    entries.append(("badhash", "0" * 64))
    result = []
    for name, digest in entries:
        target = "good" if name == "badhash" else name
        result.append({
            "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
            "name": "io.github.mcp-glib/bundle-" + name,
            "description": "An MCP bundle: " + name,
            "version": "1.0.0",
            "packages": [{
                "registryType": "mcpb",
                "identifier": "%s/bundles/%s.mcpb" % (base, target),
                "fileSha256": digest,
                "transport": {"type": "stdio"},
            }],
        })
    return result


stats = {"full": 0, "not_modified": 0}
CACHE_CONTROL = "max-age=0"
lock = threading.Lock()


def with_meta(entries):
    latest = {}
    for e in entries:
        latest[e["name"]] = e["version"]   # the last one listed is the latest
    items = []
    for i, e in enumerate(entries):
        name = e.get("name") if isinstance(e, dict) else None
        version = e.get("version") if isinstance(e, dict) else None
        items.append({
            "server": e,
            "_meta": {OFFICIAL: {
                "status": STATUS.get((name, version), "active"),
                "publishedAt": "2025-12-%02dT10:00:00Z" % (1 + i % 28),
                "updatedAt": "2025-12-%02dT10:00:00Z" % (1 + i % 28),
                "isLatest": latest.get(name) == version,
            }},
        })
    return items


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_json(self, value, status=200, counted=True):
        body = json.dumps(value).encode()
        etag = '"%08x"' % zlib.crc32(body)
        cacheable = status == 200 and counted
        if cacheable and self.headers.get("If-None-Match") == etag:
            with lock:
                stats["not_modified"] += 1
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", CACHE_CONTROL)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if cacheable:
            with lock:
                stats["full"] += 1
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if cacheable:
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", CACHE_CONTROL)
        self.end_headers()
        self.wfile.write(body)

    def send_huge(self, chunked):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(100 * 1024 * 1024))
        self.end_headers()
        block = b'{"servers": [' + b" " * 65000
        try:
            for _ in range(100 * 1024 * 1024 // len(block)):
                if chunked:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
                else:
                    self.wfile.write(block)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        parts = [urllib.parse.unquote(p) for p in url.path.split("/")[1:]]
        mode = None
        if parts and parts[0] in ("forever", "loop", "huge", "endless", "malformed", "invalid",
                                  "withbundles"):
            mode = parts.pop(0)

        if len(parts) == 2 and parts[0] == "bundles" and parts[1].endswith(".mcpb") and \
                parts[1][:-5] in BUNDLES:
            body = BUNDLES[parts[1][:-5]]
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if parts == ["_stats"]:
            with lock:
                current = dict(stats)
            return self.send_json(current, counted=False)
        if len(parts) < 2 or parts[:2] != ["v0.1", "servers"]:
            return self.send_json({"title": "Not Found", "status": 404}, 404)

        if mode in ("huge", "endless"):
            return self.send_huge(mode == "endless")

        entries = list(GOOD)
        if mode == "withbundles":
            entries = BUNDLE_ENTRIES
        if mode == "invalid":
            entries = entries + INVALID
        items = with_meta(entries)

        if len(parts) == 2:
            return self.list_servers(items, query, mode)

        # /v0.1/servers/NAME/versions[/VERSION]: NAME is one escaped component.
        name = parts[2]
        versions = [i for i in items if i["server"].get("name") == name]
        if len(parts) == 4 and parts[3] == "versions" and versions:
            return self.send_json({"servers": versions, "metadata": {"count": len(versions)}})
        if len(parts) == 5 and parts[3] == "versions":
            for i in versions:
                if parts[4] == i["server"]["version"] or \
                        (parts[4] == "latest" and i["_meta"][OFFICIAL]["isLatest"]):
                    return self.send_json(i)
        return self.send_json({"title": "Not Found", "status": 404}, 404)

    def list_servers(self, items, query, mode):
        if query.get("version") == "latest":
            items = [i for i in items if i["_meta"][OFFICIAL]["isLatest"]]
        if "search" in query:
            items = [i for i in items
                     if query["search"].lower() in str(i["server"].get("name")).lower()]
        if "updated_since" in query:
            items = [i for i in items
                     if i["_meta"][OFFICIAL]["updatedAt"] >= query["updated_since"]]
        limit = int(query.get("limit", "30"))
        cursor = query.get("cursor", "0")
        start = int(cursor) if cursor.isdigit() else 0
        page = items[start:start + limit]
        nxt = str(start + limit) if start + limit < len(items) else None

        if mode == "forever":
            page = items[:1]
            nxt = str(start + 1)
        elif mode == "loop":
            nxt = "again"
        elif mode == "malformed":
            page = page[:1] + [42, {"server": "text"}, {"server": {"name": "io.x/y"}},
                               {"server": {"version": "1"}}, None] + page[1:]

        metadata = {"count": len(page)}
        if nxt is not None:
            metadata["nextCursor"] = nxt
        return self.send_json({"servers": page, "metadata": metadata})


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--extra":
        with open(sys.argv[2]) as f:
            GOOD.extend(json.load(f))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    make_bundles()
    BUNDLE_ENTRIES.extend(bundle_entries("http://127.0.0.1:%d" % server.server_address[1]))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
