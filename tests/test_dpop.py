# test_dpop.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# DPoP (RFC 9449) through the typelib from Python (PyGObject), against the
# scripted authorization server (mcp-oauth-test-server.py), which checks
# every proof and asks both for a nonce: the client connects and calls a
# tool with a DPoP-bound token, the credentials keep the key (and their
# serialized form), a next run on the same store reuses it without a new
# sign-in, and an application that turns DPoP off gets a bearer token. Run
# with Debian's /usr/bin/python3, which has python3-gi; prints TAP.

import json
import sys
import urllib.request

from mcptest import json_object, run_tests, wait
from test_python import Browser, OAuthServer
from gi.repository import Mcp

DPOP = '{"dpop_algs": ["ES256"], "dpop_as_nonce": "once", "dpop_rs_nonce": "once"}'


def server_state(server):
    with urllib.request.urlopen(server.origin + "/_control") as answer:
        return json.load(answer)


def connect(server, authorization):
    transport = Mcp.HttpTransport.new(server.url)
    transport.props.authorization = authorization
    client = Mcp.Client.new(transport)
    client.props.version_negotiation = Mcp.VersionNegotiation.LEGACY
    assert client.connect_finish(wait(lambda cb: client.connect_async(None, cb)))
    return client


def call_echo(client, text):
    result = client.call_tool_finish(wait(lambda cb: client.call_tool_async(
        "echo", json_object(json.dumps({"text": text})), None, None, cb)))
    return result.dup_text()


def close(client):
    assert client.close_finish(wait(lambda cb: client.close_async(None, cb)))


def test_dpop_bound_token():
    server = OAuthServer(DPOP)
    try:
        store = Mcp.MemoryCredentialStore.new()
        authorization = Mcp.Authorization.new()
        authorization.props.store = store
        assert authorization.props.dpop == Mcp.AuthorizationDpop.AUTO
        Browser(authorization)

        client = connect(server, authorization)
        assert call_echo(client, "bound") == "bound"
        close(client)

        credentials = authorization.get_credentials(server.url)
        assert credentials.props.token_type == "DPoP"
        assert credentials.get_dpop_algorithm() == "ES256"
        key = credentials.get_dpop_key()
        assert key.startswith("-----BEGIN PRIVATE KEY-----"), "not a PKCS#8 key"
        copy = Mcp.Credentials.new_from_string(credentials.to_string())
        assert copy.props.dpop_key == key

        state = server_state(server)
        counts = state["counts"]
        assert counts.get("as use_dpop_nonce") == 1, counts
        assert counts.get("rs use_dpop_nonce") == 1, counts
        assert not [name for name in counts if name.startswith("dpop error")], counts
        mcp = [entry for entry in state["log"] if entry["path"] == "/mcp"]
        assert all(entry["authorization"].startswith("DPoP ") and entry["dpop"]
                   for entry in mcp[1:]), "a request went without its proof"

        # The next run: the same store, the same key, no sign-in.
        tokens = counts["POST /token"]
        next_run = Mcp.Authorization.new()
        next_run.props.store = store
        browser = Browser(next_run)
        client = connect(server, next_run)
        assert call_echo(client, "again") == "again"
        close(client)
        assert browser.shown == []
        assert server_state(server)["counts"]["POST /token"] == tokens
        assert next_run.get_credentials(server.url).get_dpop_key() == key
    finally:
        server.stop()


def test_dpop_disabled():
    server = OAuthServer(DPOP)
    try:
        authorization = Mcp.Authorization.new()
        authorization.set_dpop(Mcp.AuthorizationDpop.DISABLED)
        Browser(authorization)
        client = connect(server, authorization)
        assert call_echo(client, "bearer") == "bearer"
        close(client)

        credentials = authorization.get_credentials(server.url)
        assert credentials.props.token_type is None
        assert credentials.props.dpop_key is None
        assert all(entry["dpop"] is None for entry in server_state(server)["log"])
    finally:
        server.stop()


TESTS = [
    test_dpop_bound_token,
    test_dpop_disabled,
]

if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
