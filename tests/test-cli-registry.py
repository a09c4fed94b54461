# test-cli-registry.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# mcp-glib-client's registry command against the local registry
# (mcp-registry-test-server.py): search, show, and add, which prints what
# would be configured and writes the configuration file only when the user
# answers yes on the terminal, keeping the rest of the file, with the
# sandbox proposed for the server unless --no-sandbox. Run by
# run-with-keyring.sh (with MCP_TEST_KEYRING set), it also adds a server
# whose secret goes to a keyring of the test's own, and starts it with -c
# in another process, which finds the secret there; otherwise the session
# bus is one that does not exist. Prints TAP.

import json
import os
import shutil
import subprocess
import sys
import tempfile

# Only mcptest's runner: the client is tested from outside.
sys.modules["gi"] = None
from mcptest import run_tests  # noqa: E402

CLIENT = os.environ.get("MCP_GLIB_CLIENT")
HERE = os.path.dirname(os.path.abspath(__file__))
REGISTRY_SERVER = os.path.join(HERE, "mcp-registry-test-server.py")
HTTP_SERVER = os.path.join(HERE, "mcp-http-test-server.py")
KEYRING = bool(os.environ.get("MCP_TEST_KEYRING") and os.environ.get("DBUS_SESSION_BUS_ADDRESS"))
TIMEOUT = 60
WORK_DIR = tempfile.mkdtemp(prefix="mcp-test-cli-registry-")
ENV = dict(os.environ, LC_ALL="C.UTF-8", XDG_CACHE_HOME=os.path.join(WORK_DIR, "cache"),
           XDG_CONFIG_HOME=os.path.join(WORK_DIR, "config"),
           XDG_DATA_HOME=os.path.join(WORK_DIR, "data"))
ENV.pop("LANGUAGE", None)
if not KEYRING:
    # Never the user's keyring.
    ENV["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"


class Registry:
    def __init__(self, *args):
        self.process = subprocess.Popen([sys.executable, REGISTRY_SERVER, *args],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.url = "http://127.0.0.1:%d" % int(self.process.stdout.readline())

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


REGISTRY = None


def run(*args, stdin=""):
    proc = subprocess.run([CLIENT, "--registry", REGISTRY.url, "registry", *args],
                          input=stdin.encode(), capture_output=True, env=ENV, timeout=TIMEOUT)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def test_search():
    status, out, err = run("search", "weather")
    assert status == 0, err
    assert out.startswith("io.github.user/local-weather 1.0.0\n"), out
    assert "io.github.user/remote-weather 2.1.0" in out
    assert "airtable" not in out
    status, out, err = run("search")
    assert status == 0 and len(out.splitlines()) > 13, out
    status, out, err = run("--json", "search", "time-mcp")
    assert status == 0, err
    assert [e["server"]["name"] for e in json.loads(out)] == [
        "io.github.domdomegg/time-mcp-nuget", "io.github.domdomegg/time-mcp-pypi"], out


def test_show():
    status, out, err = run("show", "io.github.domdomegg/airtable-mcp-server@1.7.2")
    assert status == 0, err
    assert "Status: deprecated" in out, out
    assert "Command: npx --yes airtable-mcp-server@1.7.2" in out, out
    status, out, err = run("show", "io.github.mcp-glib/plain-http")
    assert status == 0, err
    assert "It cannot be added" in out and "plain http" in out, out
    status, out, err = run("show", "io.github.nobody/nothing")
    assert status == 3 and "no such server" in err, err
    status, out, err = run("show")
    assert status == 2, err


def test_add_asks_first():
    path = os.path.join(WORK_DIR, "mcp.json")
    original = '{\n  // mine\n  "mcpServers": { "mine": { "command": "x" } }\n}\n'
    with open(path, "w") as f:
        f.write(original)

    # No answer, or no: nothing is written.
    for answer in ("", "n\n", "maybe\n"):
        status, out, err = run("--config", path, "add", "io.github.domdomegg/time-mcp-nuget",
                               stdin=answer)
        assert status == 4, (status, err)
        assert "Command: dnx TimeMcpServer@1.0.8 --yes" in out, out
        assert "Nothing was added." in out
        with open(path) as f:
            assert f.read() == original

    status, out, err = run("--config", path, "add", "io.github.mcp-glib/every-argument",
                           stdin="y\n")
    assert status == 0, err
    assert "'; rm -rf ~ && echo $(id) `uname` | cat > /tmp/x'" in out, out
    with open(path) as f:
        text = f.read()
    assert "// mine" in text and '"mine": { "command": "x" }' in text, text
    saved = json.loads("\n".join(line for line in text.splitlines() if "//" not in line))
    entry = saved["mcpServers"]["every-argument"]
    assert entry["command"] == "npx"
    assert "; rm -rf ~ && echo $(id) `uname` | cat > /tmp/x" in entry["args"]
    assert entry["env"]["EVERY_HOME"] == "${dollar}{env:HOME}/.every"
    assert [i["id"] for i in saved["inputs"]][-1] == "every-argument.EVERY_TOKEN"

    # The configured server is listed like any other.
    proc = subprocess.run([CLIENT, "--config", path, "--json", "servers"], capture_output=True,
                          env=ENV, timeout=TIMEOUT)
    servers = json.loads(proc.stdout)
    assert [s["name"] for s in servers["servers"]] == ["mine", "every-argument"], servers
    assert servers["problems"] == [], servers

    # A deleted entry is refused.
    status, out, err = run("--config", path, "add", "io.github.mcp-glib/retired", stdin="y\n")
    assert status == 1 and "deleted" in err, err


def test_add_a_bundle():
    path = os.path.join(WORK_DIR, "bundle.json")
    proc = subprocess.run([CLIENT, "--registry", REGISTRY.url + "/withbundles", "--config", path,
                           "registry", "add", "io.github.mcp-glib/bundle-good"],
                          input=b"y\n", capture_output=True, env=ENV, timeout=TIMEOUT)
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr.decode()
    assert "Command: node " in out and "/server/index.js --key" in out, out
    with open(path) as f:
        entry = json.load(f)["mcpServers"]["bundle-good"]
    folder = entry["cwd"]
    assert folder.startswith(os.path.join(WORK_DIR, "data")), folder
    assert os.path.isfile(os.path.join(folder, "server", "index.js"))

    proc = subprocess.run([CLIENT, "--registry", REGISTRY.url + "/withbundles", "registry",
                           "show", "io.github.mcp-glib/bundle-dotdot"],
                          capture_output=True, env=ENV, timeout=TIMEOUT)
    assert "It cannot be added: The bundle is refused" in proc.stdout.decode(), proc.stdout


def saved_entry(path, name):
    with open(path) as f:
        return json.load(f)["mcpServers"][name]


def test_add_with_sandbox():
    # Proposed with its sandbox, shown and saved in VS Code's keys.
    path = os.path.join(WORK_DIR, "sandbox.json")
    status, out, err = run("--config", path, "add", "io.github.domdomegg/time-mcp-pypi",
                           stdin="y\n")
    assert status == 0, err
    assert "Network only to: pypi.org, files.pythonhosted.org" in out, out
    entry = saved_entry(path, "time-mcp-pypi")
    assert entry["sandboxEnabled"] is True, entry
    assert entry["sandbox"]["network"]["allowedDomains"] == ["pypi.org",
                                                            "files.pythonhosted.org"], entry
    assert entry["sandbox"]["filesystem"]["allowWrite"] == [
        os.path.join(WORK_DIR, "cache", "uv")], entry

    # --no-sandbox: shown as none before the question, nothing of it saved.
    path = os.path.join(WORK_DIR, "no-sandbox.json")
    status, out, err = run("--config", path, "--no-sandbox", "add",
                           "io.github.domdomegg/time-mcp-pypi", stdin="y\n")
    assert status == 0, err
    assert "Sandbox: none" in out.split("Add the server")[0], out
    entry = saved_entry(path, "time-mcp-pypi")
    assert "sandboxEnabled" not in entry and "sandbox" not in entry, entry


def test_inputs_in_the_keyring():
    if not KEYRING:
        print("# SKIP no keyring of the test's own (run-with-keyring.sh)")
        return
    http = subprocess.Popen([sys.executable, HTTP_SERVER], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, env=ENV)
    registry = None
    try:
        port = int(http.stdout.readline())
        extra = os.path.join(WORK_DIR, "extra.json")
        with open(extra, "w") as f:
            json.dump([{
                "name": "io.github.mcp-glib/keyring-remote", "version": "1.0.0",
                "description": "The scripted HTTP server, with a token",
                "remotes": [{"type": "streamable-http", "url": "http://127.0.0.1:%d/mcp" % port,
                             "headers": [{"name": "Authorization", "isRequired": True,
                                          "isSecret": True, "description": "The token"}]}],
            }], f)
        registry = Registry("--extra", extra)
        path = os.path.join(WORK_DIR, "keyring.json")
        proc = subprocess.run([CLIENT, "--registry", registry.url, "--config", path, "registry",
                               "add", "io.github.mcp-glib/keyring-remote"],
                              input=b"y\nBearer k3yring-s3cret\n", capture_output=True, env=ENV,
                              timeout=TIMEOUT)
        out, err = proc.stdout.decode(), proc.stderr.decode()
        assert proc.returncode == 0, err
        assert "The token: " in err and "kept in the keyring" in err, err
        assert "k3yring-s3cret" not in out + err
        with open(path) as f:
            text = f.read()
        assert "k3yring-s3cret" not in text, text
        assert json.loads(text)["mcpServers"]["keyring-remote"]["headers"] == {
            "Authorization": "${input:keyring-remote.Authorization}"}, text

        # Another process finds it in the keyring, and the server gets it.
        proc = subprocess.run([CLIENT, "--config", path, "-c", "keyring-remote", "--json", "call",
                               "requests"], stdin=subprocess.DEVNULL, capture_output=True,
                              env=ENV, timeout=TIMEOUT)
        assert proc.returncode == 0, proc.stderr.decode()
        requests = json.loads(proc.stdout)["structuredContent"]["requests"]
        authorizations = {r.get("headers", {}).get("Authorization") for r in requests}
        assert authorizations == {"Bearer k3yring-s3cret"}, requests
    finally:
        if registry is not None:
            registry.stop()
        http.stdin.close()
        http.wait(timeout=TIMEOUT)


TESTS = [test_search, test_show, test_add_asks_first, test_add_a_bundle, test_add_with_sandbox,
         test_inputs_in_the_keyring]


def main():
    global REGISTRY
    REGISTRY = Registry()
    try:
        return run_tests(TESTS)
    finally:
        REGISTRY.stop()
        shutil.rmtree(WORK_DIR, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
