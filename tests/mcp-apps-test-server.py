#!/usr/bin/env python3
# mcp-apps-test-server.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A scripted MCP server over stdio with MCP Apps tools and views, for the
# tests of McpAppSession and McpAppResource: a tool with a view (the
# nested `_meta.ui.resourceUri`), one with the deprecated flat key, an
# app-only tool, a model-only tool; views as text with declared origins,
# as a base64 blob, of the wrong type, outside ui://; views that probe
# their sandbox and that call tools. It records the
# capabilities the client declared, and a tool (`capabilities`) returns
# them. It answers a call to `unlisted`, a tool it does not list, which a
# host must refuse to call for a view. Standard library only.

import base64
import json
import sys

VIEW_HTML = "<!DOCTYPE html><html><body><p>weather</p></body></html>"
BLOB_HTML = "<!DOCTYPE html><html><body><p>blob ✓</p></body></html>"

# A view that probes its sandbox, reporting in notifications/message: a
# fetch to an origin it did not declare (loopback, nothing listens there),
# and, once it has its input, a link and a script that try to navigate
# away (to about:blank, which would load).
PROBE_HTML = """<!DOCTYPE html><html><body><a id="away" href="about:blank#link">away</a>
<p id="input">none</p><script>
function send(m) { window.parent.postMessage(Object.assign({jsonrpc: '2.0'}, m), '*'); }
function log(data) {
  send({method: 'notifications/message', params: {level: 'info', logger: 'probe', data: data}});
}
document.addEventListener('securitypolicyviolation',
  (e) => log('csp-blocked ' + e.violatedDirective + ' ' + e.blockedURI));
window.addEventListener('message', (e) => {
  const m = e.data;
  if (m && m.id === 1 && m.result) {
    send({method: 'ui/notifications/initialized'});
    fetch('http://127.0.0.1:9/data').then(() => log('fetch-succeeded'), () => log('fetch-failed'));
  }
  if (m && m.method === 'ui/notifications/tool-input') {
    document.getElementById('input').textContent = JSON.stringify(m.params.arguments);
    document.getElementById('away').click();
    setTimeout(() => { location.href = 'about:blank#script'; }, 10);
    setTimeout(() => log('still-here'), 500);
  }
});
send({id: 1, method: 'ui/initialize', params: {protocolVersion: '2026-01-26',
      appInfo: {name: 'probe', version: '1'}, appCapabilities: {}}});
</script></body></html>"""

# A view that asks its host for things once it has its tool's result, and
# logs the answers: a call to an app-only tool of its server (which the
# host proxies), to a model-only one (which it refuses), and a link to open
# (which the workbench asks the user about).
CALLER_HTML = """<!DOCTYPE html><html><body><p>caller</p><script>
function send(m) { window.parent.postMessage(Object.assign({jsonrpc: '2.0'}, m), '*'); }
function log(data) {
  send({method: 'notifications/message', params: {level: 'info', logger: 'caller', data: data}});
}
window.addEventListener('message', (e) => {
  const m = e.data;
  if (!m) return;
  if (m.id === 1 && m.result) send({method: 'ui/notifications/initialized'});
  if (m.method === 'ui/notifications/tool-result') {
    send({id: 2, method: 'tools/call', params: {name: 'refresh', arguments: {}}});
    send({id: 3, method: 'tools/call', params: {name: 'model-only', arguments: {}}});
    send({id: 4, method: 'ui/open-link', params: {url: 'https://example.org/caller'}});
  }
  if (m.id === 2) log(m.result ? 'refresh: ' + m.result.content[0].text : 'refresh failed');
  if (m.id === 3) log(m.error ? 'model-only refused' : 'model-only called');
  if (m.id === 4) log(m.result && !m.result.isError ? 'link opened' : 'link not opened');
});
send({id: 1, method: 'ui/initialize', params: {protocolVersion: '2026-01-26',
      appInfo: {name: 'caller', version: '1'}, appCapabilities: {}}});
</script></body></html>"""

TOOLS = [
    {"name": "show-weather", "description": "Shows the weather in a view",
     "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}},
     "_meta": {"ui": {"resourceUri": "ui://weather/view.html"}}},
    {"name": "legacy-view", "description": "A view named by the deprecated flat key",
     "inputSchema": {"type": "object"},
     "_meta": {"ui/resourceUri": "ui://weather/blob.html"}},
    {"name": "refresh", "description": "App only: refreshes the view's data",
     "inputSchema": {"type": "object"},
     "_meta": {"ui": {"resourceUri": "ui://weather/view.html", "visibility": ["app"]}}},
    {"name": "model-only", "description": "Model only",
     "inputSchema": {"type": "object"},
     "_meta": {"ui": {"visibility": ["model"]}}},
    {"name": "probe", "description": "A view that probes its sandbox",
     "inputSchema": {"type": "object"},
     "_meta": {"ui": {"resourceUri": "ui://weather/probe.html"}}},
    {"name": "call-from-view", "description": "A view that calls tools and opens a link",
     "inputSchema": {"type": "object"},
     "_meta": {"ui": {"resourceUri": "ui://weather/caller.html"}}},
    {"name": "capabilities", "description": "Returns the client's capabilities",
     "inputSchema": {"type": "object"}},
]

RESOURCES = {
    "ui://weather/view.html": {
        "uri": "ui://weather/view.html", "mimeType": "text/html;profile=mcp-app",
        "text": VIEW_HTML,
        "_meta": {"ui": {
            "csp": {"connectDomains": ["https://api.openweathermap.org"],
                    "resourceDomains": ["https://cdn.jsdelivr.net"]},
            "permissions": {"geolocation": {}},
            "domain": "weather.example.com",
            "prefersBorder": True}},
    },
    "ui://weather/blob.html": {
        "uri": "ui://weather/blob.html", "mimeType": "text/html;profile=mcp-app",
        "blob": base64.b64encode(BLOB_HTML.encode()).decode(),
    },
    "ui://weather/probe.html": {
        "uri": "ui://weather/probe.html", "mimeType": "text/html;profile=mcp-app",
        "text": PROBE_HTML,
    },
    "ui://weather/caller.html": {
        "uri": "ui://weather/caller.html", "mimeType": "text/html;profile=mcp-app",
        "text": CALLER_HTML,
    },
    "ui://weather/wrong-type.html": {
        "uri": "ui://weather/wrong-type.html", "mimeType": "text/plain", "text": "plain",
    },
    "ui://weather/not-utf8.html": {
        "uri": "ui://weather/not-utf8.html", "mimeType": "text/html;profile=mcp-app",
        "blob": base64.b64encode(b"\xff\xfe<html>").decode(),
    },
}

client_capabilities = {}


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def text_result(text, structured=None):
    result = {"content": [{"type": "text", "text": text}]}
    if structured is not None:
        result["structuredContent"] = structured
    return result


def handle(method, params):
    global client_capabilities
    if method == "initialize":
        client_capabilities = params.get("capabilities", {})
        return {"protocolVersion": params.get("protocolVersion", "2025-11-25"),
                "capabilities": {"tools": {}, "resources": {}},
                "serverInfo": {"name": "mcp-apps-test-server", "version": "1.0"}}
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "resources/list":
        return {"resources": [{"uri": uri, "name": uri, "mimeType": r["mimeType"]}
                              for uri, r in RESOURCES.items()]}
    if method == "resources/read":
        uri = params.get("uri")
        if uri not in RESOURCES:
            raise KeyError(uri)
        return {"contents": [RESOURCES[uri]]}
    if method == "tools/call":
        name = params.get("name")
        arguments = params.get("arguments") or {}
        if name == "show-weather":
            city = arguments.get("city", "nowhere")
            return text_result("sunny in " + city, {"city": city, "sky": "sunny"})
        if name == "refresh":
            return text_result("refreshed", {"refreshed": True})
        if name == "model-only":
            return text_result("model only")
        if name == "capabilities":
            return text_result(json.dumps(client_capabilities), client_capabilities)
        if name == "probe":
            return text_result("probed")
        if name == "call-from-view":
            return text_result("called")
        if name == "unlisted":
            # Answers, though tools/list never names it: a host must not ask.
            return text_result("unlisted")
        if name == "legacy-view":
            return text_result("legacy")
        raise KeyError(name)
    if method == "ping":
        return {}
    raise LookupError(method)


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        method = message.get("method")
        if "id" not in message or method is None:
            continue
        try:
            send({"jsonrpc": "2.0", "id": message["id"],
                  "result": handle(method, message.get("params") or {})})
        except KeyError as e:
            send({"jsonrpc": "2.0", "id": message["id"],
                  "error": {"code": -32602, "message": "unknown: %s" % e}})
        except LookupError:
            send({"jsonrpc": "2.0", "id": message["id"],
                  "error": {"code": -32601, "message": "Method not found"}})


if __name__ == "__main__":
    main()
