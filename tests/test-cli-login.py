# test-cli-login.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# mcp-glib-client's login and logout against the scripted authorization
# server (mcp-oauth-test-server.py), as a user would on a terminal without
# a desktop: login prints the address to open, and this test plays the
# browser. Then other commands work without a browser, refreshing the
# tokens when they expire, until the refresh token is revoked; logout
# forgets everything. Tokens never appear in the output. Run through
# run-with-keyring.sh, which gives it a keyring of its own; prints TAP.

import json
import os
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

# Only mcptest's runner: the client is tested from outside, and this
# interpreter must not load the library (which, in a sanitizer build, it
# cannot: it is not instrumented itself).
sys.modules["gi"] = None
from mcptest import run_tests  # noqa: E402

CLIENT = os.environ.get("MCP_GLIB_CLIENT")
SERVER_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                             "mcp-oauth-test-server.py")
TIMEOUT = 60
ENV = dict(os.environ, LC_ALL="C.UTF-8")
ENV.pop("LANGUAGE", None)


class Server:
    """The scripted authorization server and the MCP server it protects."""

    def __init__(self, config="{}"):
        self.process = subprocess.Popen([sys.executable, SERVER_SCRIPT, "--config", config],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.origin = "http://127.0.0.1:" + self.process.stdout.readline().split()[0].decode()
        self.url = self.origin + "/mcp"

    def control(self, request):
        data = json.dumps(request).encode()
        urllib.request.urlopen(urllib.request.Request(self.origin + "/_control", data=data),
                               timeout=TIMEOUT).read()

    def state(self):
        return json.loads(urllib.request.urlopen(self.origin + "/_control",
                                                 timeout=TIMEOUT).read())

    def count(self, name):
        return self.state()["counts"].get(name, 0)

    def secrets(self):
        """Every token, code and verifier that went over the wire."""
        found = set()
        for entry in self.state()["log"]:
            for key in ("code", "code_verifier", "refresh_token", "client_secret"):
                if key in entry.get("form", {}):
                    found.add(entry["form"][key])
            header = entry.get("authorization") or ""
            if header.startswith("Bearer "):
                found.add(header[len("Bearer "):])
        return found

    def stop(self):
        self.process.stdin.close()
        self.process.wait(TIMEOUT)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


def play_browser(uri):
    """Opens the authorization page and follows its redirect."""
    try:
        urllib.request.build_opener(NoRedirect).open(uri, timeout=TIMEOUT)
        raise AssertionError("the authorization page did not redirect")
    except urllib.error.HTTPError as redirect:
        assert redirect.code == 302, redirect.code
        location = redirect.headers["Location"]
    urllib.request.urlopen(location, timeout=TIMEOUT).read()


def run(*args):
    proc = subprocess.run([CLIENT, *args], stdin=subprocess.DEVNULL, capture_output=True,
                          env=ENV, timeout=TIMEOUT)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def login(server, *options, browser=True, target=None):
    """Runs login, plays the browser when it asks; returns (status, stdout,
    stderr)."""
    proc = subprocess.Popen([CLIENT, *(target or ["--url", server.url]), *options, "login"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=ENV)
    stderr = []
    for line in proc.stderr:
        line = line.decode()
        stderr.append(line)
        if line.startswith("  http"):
            if not browser:
                proc.send_signal(signal.SIGINT)
                break
            play_browser(line.strip())
            break
    stdout, rest = proc.communicate(timeout=TIMEOUT)
    return proc.returncode, stdout.decode(), "".join(stderr) + rest.decode()


def check_no_secrets(server, *outputs):
    for secret in server.secrets():
        for output in outputs:
            assert secret not in output, "a secret appears in the output: " + output


def test_login_then_commands():
    server = Server()
    try:
        status, out, err = login(server)
        assert status == 0, err
        assert "To sign in, open this address in a web browser:" in err, err
        assert out == "Signed in to %s (authorization server %s).\n" % (server.url,
                                                                        server.origin), out
        assert "No keyring" not in err, err

        # Another process: the credentials come from the keyring.
        status, out2, err2 = run("--url", server.url, "tools")
        assert status == 0, err2
        assert "echo" in out2 and "whoami" in out2, out2
        assert server.count("401") == 0

        # An expired token is refreshed, and the new one kept.
        server.control({"expire_access_tokens": True})
        status, out3, err3 = run("--url", server.url, "call", "echo", "text=again")
        assert status == 0, err3
        assert out3 == "again\n", out3
        status, out4, err4 = run("--url", server.url, "call", "echo", "text=once more")
        assert status == 0, err4
        assert server.count("401") == 1

        # A revoked refresh token: the user is asked to log in again.
        server.control({"expire_access_tokens": True, "revoke_refresh_tokens": True})
        status, out5, err5 = run("--url", server.url, "tools")
        assert status == 3, (status, err5)
        assert "login" in err5, err5
        assert "To sign in" not in err5, err5

        check_no_secrets(server, out, err, out2, err2, out3, err3, out4, err4, out5, err5)
    finally:
        server.stop()


def test_logout():
    server = Server()
    try:
        status, out, err = login(server, "--json")
        assert status == 0, err
        summary = json.loads(out)
        assert summary["url"] == server.url and summary["issuer"] == server.origin, summary
        assert summary["refreshable"] is True, summary
        assert set(summary) <= {"url", "issuer", "scope", "expiresAt", "refreshable"}, summary

        status, out, err = run("--url", server.url, "logout")
        assert status == 0, err
        assert out == "Signed out of %s.\n" % server.url, out

        status, out, err = run("--url", server.url, "tools")
        assert status == 3, (status, err)
        assert "login" in err, err
    finally:
        server.stop()


def test_pre_registered_client():
    server = Server('{"registration": false, "auth_methods": ["client_secret_basic"], '
                    '"clients": {"my-app": "my-secret"}}')
    try:
        ENV["MCP_CLIENT_SECRET"] = "my-secret"
        status, out, err = login(server, "--client-id", "my-app")
        assert status == 0, err
        assert server.count("auth client_secret_basic") == 1
        assert server.count("POST /register") == 0
        check_no_secrets(server, out, err)
    finally:
        ENV.pop("MCP_CLIENT_SECRET")
        server.stop()


def test_login_interrupted():
    server = Server()
    try:
        status, out, err = login(server, browser=False)
        assert status == 130, (status, err)
    finally:
        server.stop()


def test_login_failure():
    server = Server('{"iss": "wrong"}')
    try:
        status, out, err = login(server)
        assert status == 3, (status, err)
        assert "Could not sign in to %s" % server.url in err, err
    finally:
        server.stop()


def test_configured_server():
    """login, commands and logout with -c: the server of a configuration
    file, at the URL of its entry."""
    server = Server()
    with tempfile.TemporaryDirectory() as directory:
        config = os.path.join(directory, "mcp.json")
        with open(config, "w") as f:
            f.write(json.dumps({"mcpServers": {"protected": {"url": server.url},
                                               "local": {"command": "true"}}}))
        target = ["--config", config, "-c", "protected"]
        try:
            status, out, err = run(*target, "tools")
            assert status == 3 and "login" in err, (status, err)

            status, out, err = login(server, target=target)
            assert status == 0, err
            assert out.startswith("Signed in to %s " % server.url), out

            status, out2, err2 = run(*target, "tools")
            assert status == 0, err2
            assert "echo" in out2 and "whoami" in out2, out2

            status, out3, err3 = run(*target, "logout")
            assert status == 0 and out3 == "Signed out of %s.\n" % server.url, (status, err3)
            status, out4, err4 = run("--url", server.url, "tools")
            assert status == 3, (status, err4)

            status, out5, err5 = run("--config", config, "-c", "local", "login")
            assert status == 2 and "“local” is a local one" in err5, (status, err5)
            check_no_secrets(server, out, err, out2, err2, out3, err3, out4, err4)
        finally:
            server.stop()


def test_usage():
    status, out, err = run("login")
    assert status == 2, err
    assert "--url" in err, err
    status, out, err = run("--server", "true", "--client-id", "x", "tools")
    assert status == 2, err


TESTS = [
    test_login_then_commands,
    test_logout,
    test_pre_registered_client,
    test_login_interrupted,
    test_login_failure,
    test_configured_server,
    test_usage,
]

if __name__ == "__main__":
    if not CLIENT:
        print("Bail out! MCP_GLIB_CLIENT must be set (meson test does)")
        sys.exit(1)
    sys.exit(run_tests(TESTS))
