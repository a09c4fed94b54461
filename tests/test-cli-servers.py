# test-cli-servers.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Runs mcp-glib-client (MCP_GLIB_CLIENT) with configured servers, as a user
# would: -c, --config and servers, with a file of several (the demo server
# twice, mcp-http-test-server.py, servers that need an input, asked on a
# pty, and a broken entry) and the example files of tests/configs/; and the
# TLS options (--ca-file, --cert, --key) against a server behind a test CA.
# Prints TAP.

import json
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import termios
import time

from mcpcli import CLIENT, DEMO_SERVER, ENV, HTTP_TEST_SERVER, TIMEOUT, check, complete, run
from mcptest import run_tests


# Configured servers (-c, --config, servers). The demo server is started
# through a shell that first records what it was started with (its first
# argument, and the variables and directory of its entry), so that each
# entry's args, env and cwd are seen to reach the server.
RECORD_SCRIPT = ('printf "%s|%s|%s|%s\\n" "$1" "$MARK" "$TOKEN" "$(pwd)" >> "$RECORD_FILE"; '
                 'exec "$0"')


def write_configuration(directory, http_port=1):
    """Writes a VS Code mcp.json of several servers into directory; returns
    (its path, the file where the demo servers record their start)."""
    record = os.path.join(directory, "started")
    workdir = os.path.join(directory, "work")
    os.makedirs(workdir, exist_ok=True)

    def demo_entry(argument, env):
        entry = {"command": "/bin/sh", "args": ["-c", RECORD_SCRIPT, DEMO_SERVER, argument],
                 "env": dict(env, RECORD_FILE=record)}
        return json.dumps(entry)

    text = """{
  // The servers of test-cli.py, in VS Code's dialect (comments allowed).
  "inputs": [
    { "type": "promptString", "id": "token", "description": "Demo API token", "password": true },
    { "type": "pickString", "id": "region", "description": "Region", "options": ["eu", "us"],
      "default": "eu" }
  ],
  "servers": {
    "first": %s,
    "second": %s,
    "web": { "type": "http", "url": "http://127.0.0.1:%d/mcp",
             "headers": { "Authorization": "Bearer ${input:token}" } },
    "secret": %s,
    "broken": { "command": ["not", "a", "string"] },
    "off": { "command": "/bin/false", "disabled": true },
    "picky": %s
  }
}
""" % (demo_entry("one", {"MARK": "first"})[:-1] + ', "cwd": %s}' % json.dumps(workdir),
       demo_entry("two", {"MARK": "second"}),
       http_port,
       demo_entry("three", {"MARK": "secret", "TOKEN": "${input:token}"}),
       demo_entry("four", {"MARK": "picky", "TOKEN": "${input:region}"}))
    path = os.path.join(directory, "mcp.json")
    with open(path, "w") as f:
        f.write(text)
    return path, record


def position_of(path, needle, after=""):
    """The line and column (from 1) of needle in the file, after the text after."""
    with open(path) as f:
        text = f.read()
    offset = text.index(needle, text.index(after) if after else 0)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def read_records(record):
    with open(record) as f:
        return [line.split("|") for line in f.read().splitlines()]


CERTS_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcp-test-certs.py")


def test_tls_options_and_hints():
    """--ca-file, --cert and --key against a server behind a test CA that
    wants a client certificate, and the hints printed when one is missing."""
    with tempfile.TemporaryDirectory() as certs:
        subprocess.run([sys.executable, CERTS_SCRIPT, certs], check=True, timeout=TIMEOUT)
        server = subprocess.Popen([sys.executable, HTTP_TEST_SERVER,
                                   "--tls-cert", os.path.join(certs, "server.pem"),
                                   "--tls-key", os.path.join(certs, "server.key"),
                                   "--tls-client-ca", os.path.join(certs, "ca.pem")],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        try:
            url = "https://127.0.0.1:%d/mcp" % int(server.stdout.readline())
            ca = os.path.join(certs, "ca.pem")

            status, out, err = run("--url", url, "tools")
            assert status == 3, (status, err)
            assert "unknown authority" in err and "SHA-256 fingerprint" in err, err
            assert "--ca-file" in err, err

            status, out, err = run("--url", url, "--ca-file", ca, "tools")
            assert status == 3, (status, err)
            assert "requires a client certificate" in err, err
            assert "--cert" in err and "--key" in err, err

            out = check(*run("--url", url, "--ca-file", ca,
                             "--cert", os.path.join(certs, "client.pem"),
                             "--key", os.path.join(certs, "client.key"), "tools"))
            assert "echo" in out, out

            status, out, err = run("--server", DEMO_SERVER, "--ca-file", ca, "tools")
            assert status == 2 and "--ca-file" in err, (status, err)
        finally:
            server.stdin.close()
            server.wait(timeout=TIMEOUT)


def test_configured_servers_connect():
    with tempfile.TemporaryDirectory() as directory:
        http = subprocess.Popen([sys.executable, HTTP_TEST_SERVER], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, env=ENV)
        try:
            port = int(http.stdout.readline())
            config, record = write_configuration(directory, port)
            tools = ["echo", "add", "countdown", "log"]

            for name, argument, mark in (("first", "one", "first"),
                                         ("second", "two", "second")):
                out = check(*run("--config", config, "-c", name, "--names", "tools"))
                assert out.split() == tools, out
                started = read_records(record)[-1]
                assert started[:3] == [argument, mark, ""], started
            assert read_records(record)[0][3] == os.path.join(directory, "work")
            assert read_records(record)[1][3] != os.path.join(directory, "work")

            # --env adds to the entry's environment, --input gives its input.
            out = check(*run("--config", config, "--connect", "secret", "--input",
                             "token=hunter2", "--env", "MARK=changed", "--names", "tools"))
            assert out.split() == tools, out
            assert read_records(record)[-1][:3] == ["three", "changed", "hunter2"]

            # The headers of an HTTP server, with its input from the environment.
            out = check(*run("--config", config, "-c", "web", "--names", "tools",
                             env=dict(ENV, MCP_INPUT_TOKEN="s3cret")))
            assert "echo" in out.split() and "requests" in out.split(), out
            out = check(*run("--config", config, "-c", "web", "--json", "call", "requests",
                             env=dict(ENV, MCP_INPUT_TOKEN="s3cret")))
            requests = json.loads(out)["structuredContent"]["requests"]
            authorizations = {r.get("headers", {}).get("Authorization") for r in requests}
            assert authorizations == {"Bearer s3cret"}, requests

            # A disabled server is connected to all the same: asked for by name.
            status, out, err = run("--config", config, "-c", "off", "tools")
            assert status == 3, (status, out, err)
        finally:
            http.stdin.close()
            http.wait(TIMEOUT)


def test_configured_servers_usage_errors():
    with tempfile.TemporaryDirectory() as directory:
        config, record = write_configuration(directory)
        line, column = position_of(config, "[", '"broken"')
        for args, message in (
                (["-c", "first", "--server", DEMO_SERVER, "tools"], "not several"),
                (["-c", "first", "--url", "http://127.0.0.1:1/mcp", "tools"], "not several"),
                (["-c", "nope", "tools"], "No server is named “nope” in %s" % config),
                (["-c", "broken", "tools"],
                 "%s:%d:%d: server “broken”: “command” must be a string" % (config, line,
                                                                            column)),
                (["-c", "web", "--env", "A=1", "tools"], "--env"),
                (["-c", "first", "--header", "X-A: 1", "tools"], "--header"),
                (["-c", "first", "--input", "novalue", "tools"], "ID=VALUE"),
                (["tools"], "--config applies to -c, to servers and to registry add"),
                (["-c", "first", "servers"], "servers lists"),
        ):
            status, out, err = run("--config", config, *args)
            assert status == 2, "%s: exit status %d\n%s" % (args, status, err)
            assert out == "", (args, out)
            assert message in err, (args, err)
        status, out, err = run("--input", "a=b", "tools")
        assert status == 2 and "--input applies to -c" in err, (status, err)
        status, out, err = run("--config", os.path.join(directory, "none.json"), "servers")
        assert status == 2 and "none.json” does not exist" in err, (status, err)
        assert not os.path.exists(record), "a server was started"


def test_servers_lists_and_reports_problems():
    with tempfile.TemporaryDirectory() as directory:
        config, record = write_configuration(directory, 4242)
        line, column = position_of(config, "[", '"broken"')
        problem = "%s:%d:%d: server “broken”: “command” must be a string" % (config, line, column)

        status, out, err = run("--config", config, "servers")
        assert status == 1, (status, out, err)
        rows = [row.split(None, 3) for row in out.splitlines()]
        assert [row[0] for row in rows] == ["first", "second", "web", "secret", "broken",
                                            "off", "picky"], out
        assert rows[0][1:3] == ["stdio", "enabled"] and rows[0][3].startswith("/bin/sh -c "), out
        assert rows[2][1:] == ["http", "enabled", "http://127.0.0.1:4242/mcp"], out
        assert rows[4][1:3] == ["stdio", "unusable"], out
        assert rows[5][1:] == ["stdio", "disabled", "/bin/false"], out
        assert err == problem + "\n", err
        assert check(*run("--config", config, "--names", "servers"), expected=1).split() == \
            [row[0] for row in rows]

        status, out, err = run("--config", config, "--json", "servers")
        assert status == 1 and err == "", (status, err)
        listing = json.loads(out)
        servers = {server["name"]: server for server in listing["servers"]}
        assert servers["web"]["kind"] == "http" and servers["web"]["headers"] == ["Authorization"]
        assert servers["web"]["inputs"] == ["token"] and servers["web"]["file"] == config
        assert servers["first"]["env"] == ["MARK", "RECORD_FILE"], servers["first"]
        assert servers["off"]["enabled"] is False and servers["first"]["enabled"] is True
        assert servers["broken"]["error"] == problem, servers["broken"]
        assert listing["problems"] == [{"file": config, "line": line, "column": column,
                                        "server": "broken",
                                        "message": "“command” must be a string"}], listing

        # A file that does not parse reports where; another file's servers stay.
        bad = os.path.join(directory, "bad.json")
        with open(bad, "w") as f:
            f.write('{\n  "mcpServers": {\n    "x": { "command": }\n  }\n}\n')
        status, out, err = run("--config", config, "--config", bad, "servers")
        assert status == 1 and out.split("\n")[0].startswith("first "), (status, out)
        assert "%s:3:" % bad in err, err

        # Without --config: the per-user file.
        os.makedirs(os.path.join(directory, "home", "mcp"))
        with open(os.path.join(directory, "home", "mcp", "mcp.json"), "w") as f:
            f.write('{"mcpServers": {"mine": {"command": "%s"}}}' % DEMO_SERVER)
        env = dict(ENV, XDG_CONFIG_HOME=os.path.join(directory, "home"))
        assert check(*run("servers", env=env)) == "mine  stdio  enabled  %s\n" % DEMO_SERVER
        assert check(*run("-c", "mine", "--names", "tools", env=env)).split() == \
            ["echo", "add", "countdown", "log"]
        assert not os.path.exists(record), "a server was started"
        assert complete("--config", config, "-c", "s") == ["second", "secret"]


CONFIGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "configs")


def test_servers_of_the_example_files():
    broken = os.path.join(CONFIGS, "broken.json")
    status, out, err = run("--config", broken, "servers")
    assert status == 1, (status, err)
    assert [row.split()[:3] for row in out.splitlines()] == [
        ["ok", "stdio", "enabled"], ["no-command", "stdio", "unusable"],
        ["wrong-type", "stdio", "unusable"], ["unknown-input", "http", "unusable"],
        ["trailing", "stdio", "enabled"]], out
    assert [line.split(": ")[0] for line in err.splitlines()] == [
        "%s:%s" % (broken, where) for where in ("4:5", "5:32", "6:98", "7:36", "7:39")], err

    # Both dialects at once; the later file's "search" wins.
    out = check(*run("--config", os.path.join(CONFIGS, "vscode-mcp.json"), "--config",
                     os.path.join(CONFIGS, "mcpservers-desktop.json"), "servers"))
    rows = {row.split()[0]: row.split(None, 3)[1:] for row in out.splitlines()}
    assert list(rows) == ["workspace-files", "tracker", "filesystem", "memory", "tickets",
                          "legacy-events", "search"], out
    assert rows["search"] == ["stdio", "enabled", "uvx mcp-server-search"], out
    assert rows["memory"][1] == "disabled" and rows["legacy-events"][0] == "sse", out
    assert rows["workspace-files"][2] == "node '${workspaceFolder}/tools/files-server.js'", out


def test_configured_input_asked_on_the_terminal():
    with tempfile.TemporaryDirectory() as directory:
        config, record = write_configuration(directory)
        master, slave = pty.openpty()
        proc = subprocess.Popen([CLIENT, "--config", config, "-c", "secret", "--names", "tools"],
                                stdin=slave, stdout=slave, stderr=slave, env=ENV)
        output = b""
        try:
            deadline = time.monotonic() + TIMEOUT
            sent = False
            while True:
                ready, _, _ = select.select([master], [], [], max(deadline - time.monotonic(), 0))
                if not ready:
                    raise AssertionError("the client did not end; got %r" % output)
                chunk = os.read(master, 4096)
                output += chunk
                if not sent and b"Demo API token: " in output:
                    os.write(master, b"hunter2 \n")  # spaces are part of a password
                    sent = True
                if sent and b"\nlog" in output:
                    break
            assert proc.wait(TIMEOUT) == 0, output
        finally:
            os.close(master)
            os.close(slave)
        text = output.decode()
        assert "The server “secret” needs the input “token”." in text, text
        assert "hunter2" not in text, "the password was echoed: %r" % text
        assert text.split("Demo API token: ")[1].split() == ["echo", "add", "countdown", "log"]
        assert read_records(record)[-1][:3] == ["three", "secret", "hunter2 "]


def test_configured_input_with_choices():
    with tempfile.TemporaryDirectory() as directory:
        config, record = write_configuration(directory)
        master, slave = pty.openpty()
        proc = subprocess.Popen([CLIENT, "--config", config, "-c", "picky", "ping"],
                                stdin=slave, stdout=slave, stderr=slave, env=ENV)
        output = b""
        answers = [(b"Region [eu]: ", b"mars\n"), (b"Answer one of: eu, us", b"\n")]
        try:
            deadline = time.monotonic() + TIMEOUT
            # The parent keeps the pty open: the end is the client's exit.
            while True:
                if time.monotonic() > deadline:
                    raise AssertionError("the client did not end; got %r" % output)
                ended = proc.poll() is not None
                ready, _, _ = select.select([master], [], [], 0.1)
                if ready:
                    output += os.read(master, 4096)
                elif ended:
                    break
                if answers and answers[0][0] in output:
                    os.write(master, answers.pop(0)[1])
            assert proc.wait(TIMEOUT) == 0, output
        finally:
            os.close(master)
            os.close(slave)
        text = output.decode()
        assert "Choices: eu, us\r\nRegion [eu]: mars" in text, text
        assert text.count("Region [eu]: ") == 2, text
        # The default, for an empty answer.
        assert read_records(record)[-1][:3] == ["four", "picky", "eu"]


def test_configured_input_prompt_interrupted():
    with tempfile.TemporaryDirectory() as directory:
        config, record = write_configuration(directory)
        master, slave = pty.openpty()
        proc = subprocess.Popen([CLIENT, "--config", config, "-c", "secret", "tools"],
                                stdin=slave, stdout=slave, stderr=slave, env=ENV)
        try:
            output = b""
            deadline = time.monotonic() + TIMEOUT
            while b"Demo API token: " not in output:
                ready, _, _ = select.select([master], [], [], max(deadline - time.monotonic(), 0))
                if not ready:
                    raise AssertionError("no prompt; got %r" % output)
                output += os.read(master, 4096)
            assert not termios.tcgetattr(slave)[3] & termios.ECHO, "echo is on at the prompt"
            proc.send_signal(signal.SIGINT)
            assert proc.wait(TIMEOUT) == 128 + signal.SIGINT
            assert termios.tcgetattr(slave)[3] & termios.ECHO, "echo was left off"
        finally:
            os.close(master)
            os.close(slave)
        assert not os.path.exists(record), "the server started"


def test_configured_input_not_given_at_the_prompt():
    with tempfile.TemporaryDirectory() as directory:
        config, record = write_configuration(directory)
        master, slave = pty.openpty()
        proc = subprocess.Popen([CLIENT, "--config", config, "-c", "secret", "tools"],
                                stdin=slave, stdout=slave, stderr=slave, env=ENV)
        try:
            output = b""
            deadline = time.monotonic() + TIMEOUT
            while b"Demo API token: " not in output:
                ready, _, _ = select.select([master], [], [], max(deadline - time.monotonic(), 0))
                if not ready:
                    raise AssertionError("no prompt; got %r" % output)
                output += os.read(master, 4096)
            os.write(master, b"\x04")  # Ctrl+D
            assert proc.wait(TIMEOUT) == 2
            assert termios.tcgetattr(slave)[3] & termios.ECHO, "echo was left off"
            ready, _, _ = select.select([master], [], [], 1)
            output += os.read(master, 4096) if ready else b""
        finally:
            os.close(master)
            os.close(slave)
        assert "The input “token” was not given" in output.decode(), output
        assert not os.path.exists(record), "the server started"


def test_configured_input_without_a_terminal():
    with tempfile.TemporaryDirectory() as directory:
        config, record = write_configuration(directory)
        status, out, err = run("--config", config, "-c", "secret", "tools")
        assert status == 2 and out == "", (status, out, err)
        assert err == ("mcp-glib-client: The server “secret” needs the input “token”, and "
                       "standard input is not a terminal to ask for it on: give it with --input "
                       "token=VALUE, or in the environment variable MCP_INPUT_TOKEN\n"), err
        assert not os.path.exists(record), "the server started"
        check(*run("--config", config, "-c", "secret", "tools",
                   env=dict(ENV, MCP_INPUT_TOKEN="from-env")))
        assert read_records(record)[-1][:3] == ["three", "secret", "from-env"]


TESTS = [
    test_configured_servers_connect,
    test_configured_servers_usage_errors,
    test_servers_lists_and_reports_problems,
    test_servers_of_the_example_files,
    test_configured_input_asked_on_the_terminal,
    test_configured_input_with_choices,
    test_configured_input_prompt_interrupted,
    test_configured_input_not_given_at_the_prompt,
    test_configured_input_without_a_terminal,
    test_tls_options_and_hints,
]


def main():
    if not CLIENT or not DEMO_SERVER:
        print("Bail out! MCP_GLIB_CLIENT and MCP_DEMO_SERVER must be set (meson test does)")
        return 1
    if shutil.which("openssl") is None:
        test_tls_options_and_hints.skip_reason = "openssl makes the test certificates"
    return run_tests(TESTS)


if __name__ == "__main__":
    sys.exit(main())
