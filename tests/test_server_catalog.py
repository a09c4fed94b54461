# test_server_catalog.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The test data of the registry checked against the server.json schema
# (every entry the tests use: the valid ones pass, the invalid ones fail),
# and McpServerCatalog through the typelib from Python, the way an
# application uses it: search a local registry page by page, read an
# entry, propose it, confirm, add it to a configuration file and save.
# Run by run-with-keyring.sh (with MCP_TEST_KEYRING set), the values of a
# proposal's inputs go to a keyring of the test's own, and a new registry
# gives them to the server; otherwise that test is skipped.
# Run with Debian's /usr/bin/python3, which has python3-gi; prints TAP.

import json
import os
import shutil
import subprocess
import sys
import tempfile

from mcptest import HttpServer, items, run_tests, wait, wait_until
from gi.repository import Gio, GLib, Mcp

import mcp_api_schemas

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data", "registry")
REGISTRY_SERVER = os.path.join(HERE, "mcp-registry-test-server.py")

# The user's cache and files are never touched.
WORK_DIR = tempfile.mkdtemp(prefix="mcp-test-catalog-")
os.environ["XDG_CACHE_HOME"] = os.path.join(WORK_DIR, "cache")
os.environ["XDG_CONFIG_HOME"] = os.path.join(WORK_DIR, "config")


KEYRING = bool(os.environ.get("MCP_TEST_KEYRING") and os.environ.get("DBUS_SESSION_BUS_ADDRESS")
               and Mcp.SecretCredentialStore.is_supported())


def load(name):
    with open(os.path.join(DATA, name)) as f:
        return json.load(f)


class Registry:
    """The test registry, on a free port of 127.0.0.1."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, REGISTRY_SERVER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        self.url = "http://127.0.0.1:%d" % int(self.process.stdout.readline())

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


def test_data_matches_the_schema():
    schema = load("server.schema.json")
    good = load("seed.json") + load("crafted.json")
    assert len(good) >= 10
    for entry in good:
        errors = mcp_api_schemas.validate(entry, schema, schema)
        assert not errors, "%s: %s" % (entry["name"], errors)
    for entry in load("invalid.json"):
        assert mcp_api_schemas.validate(entry, schema, schema), entry["name"]


def test_entry_from_json():
    entry = Mcp.CatalogEntry.new_from_json({
        "server": load("seed.json")[4],
        "_meta": {"io.modelcontextprotocol.registry/official": {
            "status": "deprecated", "isLatest": True, "updatedAt": "2025-12-01T00:00:00Z"}},
    })
    assert entry.get_name() == "io.github.getcyphrex/cyphrex-mcp"
    assert entry.get_title() == "Cyphrex"
    assert entry.get_status() == Mcp.CatalogStatus.DEPRECATED
    assert entry.get_is_latest()
    assert entry.get_json()["remotes"][0]["url"] == "https://mcp.cyphrex.io/mcp"
    assert entry.get_updated_at() == "2025-12-01T00:00:00Z"
    # A server.json alone is an entry too; one without a namespace is not.
    assert Mcp.CatalogEntry.new_from_json(load("seed.json")[0]).get_version() == "1.7.2"
    try:
        Mcp.CatalogEntry.new_from_json({"name": "no-namespace", "version": "1"})
        raise AssertionError("an entry without a namespace was read")
    except GLib.Error as error:
        assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.INVALID_DATA)


def test_search_propose_add():
    registry = Registry()
    try:
        catalog = Mcp.ServerCatalog(base_url=registry.url, page_size=5)
        results = catalog.search("domdomegg", None)
        assert isinstance(results, Gio.ListModel)
        assert results.get_item_type() == Mcp.CatalogEntry.__gtype__
        while results.get_has_more():
            result = wait(lambda cb: results.load_more_async(None, cb))
            assert results.load_more_finish(result)
        names = sorted(results.get_item(i).get_name() for i in range(results.get_n_items()))
        assert names == ["io.github.domdomegg/airtable-mcp-server",
                         "io.github.domdomegg/time-mcp-nuget",
                         "io.github.domdomegg/time-mcp-pypi"], names

        entry = [results.get_item(i) for i in range(results.get_n_items())
                 if results.get_item(i).get_name().endswith("time-mcp-pypi")][0]
        proposal = catalog.propose(entry, "time")
        assert proposal.dup_argv() == ["uvx", "time-mcp-pypi==1.0.6"]
        sandbox = proposal.get_sandbox()
        assert isinstance(sandbox, Mcp.Sandbox)
        assert sandbox.get_allowed_domains() == ["pypi.org", "files.pythonhosted.org"]
        uv_cache = os.path.join(os.environ["XDG_CACHE_HOME"], "uv")
        assert sandbox.get_write_paths() == [uv_cache], sandbox.get_write_paths()
        assert "Command: uvx time-mcp-pypi==1.0.6" in proposal.to_string()

        # Turned off, the user's choice: nothing of a sandbox in the entry.
        unsandboxed = catalog.propose(entry, "time-unsandboxed")
        unsandboxed.set_sandbox(None)
        assert unsandboxed.props.sandbox is None
        assert "sandboxEnabled" not in unsandboxed.get_config().get_json()
        assert "Sandbox: none" in unsandboxed.to_string()
        sandbox.add_denied_domain("files.pythonhosted.org")
        assert proposal.get_config().get_json()["sandbox"]["network"]["deniedDomains"] == [
            "files.pythonhosted.org"]
        sandbox.set_property("denied-domains", [])

        servers = Mcp.ServerRegistry.new_empty()
        path = os.path.join(WORK_DIR, "servers.json")
        with open(path, "w") as f:
            f.write('{ "mcpServers": {}, "kept": [1, 2] }\n')
        file = Gio.File.new_for_path(path)
        try:
            proposal.add(servers, file)
            raise AssertionError("an unconfirmed proposal was added")
        except GLib.Error as error:
            assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.PERMISSION_DENIED)
        proposal.confirm()
        assert proposal.props.confirmed
        assert proposal.add(servers, file)
        result = wait(lambda cb: servers.save_async(None, cb))
        assert servers.save_finish(result)
        with open(path) as f:
            saved = json.load(f)
        assert saved["kept"] == [1, 2]
        assert saved["mcpServers"]["time"] == {
            "type": "stdio", "command": "uvx", "args": ["time-mcp-pypi==1.0.6"],
            "sandboxEnabled": True,
            "sandbox": {"filesystem": {"allowWrite": [uv_cache]},
                        "network": {"allowedDomains": ["pypi.org", "files.pythonhosted.org"]}},
        }, saved

        lookup = wait(lambda cb: catalog.lookup_async("io.github.user/remote-weather", None,
                                                      None, cb))
        remote = catalog.lookup_finish(lookup)
        proposal = catalog.propose(remote, None)
        assert proposal.get_url() == "https://${input:remote-weather.url.host}/mcp"
        assert proposal.get_inputs()[1]["password"] is True
        del catalog, results
    finally:
        registry.stop()


def test_added_server_starts_in_a_group():
    """A remote of a registry entry, added after consent, is started by
    McpClientGroup like any other server."""
    http = HttpServer()
    url = http.url
    try:
        entry = Mcp.CatalogEntry.new_from_json({
            "name": "io.github.mcp-glib/local-remote", "version": "1.0.0",
            "description": "The scripted HTTP server",
            "remotes": [{"type": "streamable-http", "url": url}],
        })
        catalog = Mcp.ServerCatalog(cache_directory="")
        proposal = catalog.propose(entry, None)
        assert proposal.get_url() == url
        assert proposal.get_sandbox() is None
        proposal.confirm()

        path = os.path.join(WORK_DIR, "group.json")
        registry = Mcp.ServerRegistry.new_empty()
        registry.add_file(Gio.File.new_for_path(path))
        group = Mcp.ClientGroup.new_for_registry(registry)
        assert group.lookup_server("local-remote") is None
        assert proposal.add(registry, Gio.File.new_for_path(path))
        assert group.connect_finish(wait(lambda cb: group.connect_async(None, cb)))
        wait_until(lambda: group.lookup_server("local-remote") is not None and
                   group.lookup_server("local-remote").props.state ==
                   Mcp.GroupServerState.READY, what="the added server ready")
        names = [t.props.name for t in items(group.props.tools)]
        assert "echo" in names, names
        assert group.close_finish(wait(lambda cb: group.close_async(None, cb)))
        del group
    finally:
        http.stop()


def test_inputs_in_the_keyring():
    """The secret of a remote's header, given in the consent dialog, goes to
    the keyring and never to the file; a new registry on the file (as the
    next run of the application makes) finds it there, and the server gets
    it in its header; removing the server deletes it."""
    if not KEYRING:
        print("# SKIP no keyring of the test's own (run-with-keyring.sh)")
        return
    http = HttpServer()
    url = http.url
    try:
        entry = Mcp.CatalogEntry.new_from_json({
            "name": "io.github.mcp-glib/token-remote", "version": "1.0.0",
            "description": "The scripted HTTP server, with a token",
            "remotes": [{"type": "streamable-http", "url": url,
                         "headers": [{"name": "Authorization", "value": "Bearer {token}",
                                      "variables": {"token": {"description": "The token",
                                                              "isRequired": True,
                                                              "isSecret": True}}}]}],
        })
        proposal = Mcp.ServerCatalog(cache_directory="").propose(entry, None)
        [declared] = proposal.get_inputs()
        assert declared["password"] is True, declared
        proposal.set_input(declared["id"], "py-s3cret")
        proposal.confirm()

        path = os.path.join(WORK_DIR, "keyring.json")
        file = Gio.File.new_for_path(path)
        registry = Mcp.ServerRegistry.new_empty()
        registry.props.use_keyring = True
        registry.add_file(file)
        assert proposal.add(registry, file)
        assert registry.save_finish(wait(lambda cb: registry.save_async(None, cb)))
        with open(path) as f:
            text = f.read()
        assert "py-s3cret" not in text, text
        assert json.loads(text)["mcpServers"]["token-remote"]["headers"] == {
            "Authorization": "Bearer ${input:%s}" % declared["id"]}, text
        del registry

        asked = []

        def on_input_requested(registry, request):
            asked.append(request.get_id())
            return False

        later = Mcp.ServerRegistry.new_empty()
        later.set_use_keyring(True)
        later.add_file(file)
        later.connect("input-requested", on_input_requested)
        group = Mcp.ClientGroup.new_for_registry(later)
        assert group.connect_finish(wait(lambda cb: group.connect_async(None, cb)))
        wait_until(lambda: group.lookup_server("token-remote") is not None and
                   group.lookup_server("token-remote").props.state ==
                   Mcp.GroupServerState.READY, what="the server ready")
        result = group.call_tool_finish(wait(lambda cb: group.call_tool_async(
            "requests", {}, None, None, cb)))
        requests = result.get_structured_content()["requests"]
        assert {r.get("headers", {}).get("Authorization") for r in requests} == {
            "Bearer py-s3cret"}, requests
        assert asked == []
        assert group.close_finish(wait(lambda cb: group.close_async(None, cb)))
        del group

        # Removed, and its secret with it: a server of the file that uses the
        # same input must ask for it.
        assert later.remove(later.lookup("token-remote"))
        assert later.save_finish(wait(lambda cb: later.save_async(None, cb)))
        with open(path) as f:
            assert "token-remote" not in json.loads(f.read())["mcpServers"]
        again = Mcp.ServerRegistry.new_empty()
        again.props.use_keyring = True
        again.add_file(file)
        config = Mcp.ServerConfig.new("lost", {"type": "http", "url": url, "headers": {
            "Authorization": "Bearer ${input:%s}" % declared["id"]}})
        again.add(config, file)
        again.connect("input-requested", on_input_requested)
        try:
            config.create_client_finish(wait(lambda cb: config.create_client_async(None, cb)))
            raise AssertionError("the removed server's secret was found")
        except GLib.Error as error:
            assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.PERMISSION_DENIED), error
        assert asked == [declared["id"]], asked
    finally:
        http.stop()


TESTS = [
    test_data_matches_the_schema,
    test_entry_from_json,
    test_search_propose_add,
    test_added_server_starts_in_a_group,
    test_inputs_in_the_keyring,
]


if __name__ == "__main__":
    status = run_tests(TESTS)
    shutil.rmtree(WORK_DIR, ignore_errors=True)
    sys.exit(status)
