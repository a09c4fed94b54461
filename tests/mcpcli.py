# mcpcli.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What the tests of mcp-glib-client (test-cli.py, test-cli-servers.py)
# share: the programs under test, and running the client as a user would,
# through subprocess, with its output on pipes or on a pty.

import os
import pty
import select
import shutil
import subprocess
import time

CLIENT = os.environ.get("MCP_GLIB_CLIENT")
DEMO_SERVER = os.environ.get("MCP_DEMO_SERVER")
EVERYTHING = os.path.join(os.path.dirname(os.path.abspath(__file__)), "node_modules",
                          "@modelcontextprotocol", "server-everything", "dist", "index.js")
EVERYTHING_SERVER = "node '%s' stdio" % EVERYTHING
TIMEOUT = 60
HTTP_TEST_SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "mcp-http-test-server.py")

# A session bus that is not there: with --url, the client looks for a
# keyring, which must never be the user's (test-cli-login.py has its own).
ENV = dict(os.environ, LC_ALL="C.UTF-8", DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent")
ENV.pop("LANGUAGE", None)



def run(*args, env=ENV):
    """Runs the client with args; returns (status, stdout, stderr)."""
    proc = subprocess.run([CLIENT, *args], stdin=subprocess.DEVNULL, capture_output=True,
                          env=env, timeout=TIMEOUT)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def demo(*args, **kwargs):
    return run("--server", DEMO_SERVER, *args, **kwargs)


def everything(*args, **kwargs):
    return run("--server", EVERYTHING_SERVER, *args, **kwargs)


def check(status, out, err, expected=0):
    assert status == expected, "exit status %d, not %d\nstdout: %s\nstderr: %s" % (
        status, expected, out, err)
    return out


def read_until(proc, stream, needle, timeout=TIMEOUT):
    """Reads stream (a pipe of proc) until needle appears; returns what was read."""
    seen = b""
    deadline = time.monotonic() + timeout
    while needle.encode() not in seen:
        left = deadline - time.monotonic()
        ready, _, _ = select.select([stream], [], [], max(left, 0))
        if not ready:
            proc.kill()
            raise AssertionError("no %r within %d s; got %r" % (needle, timeout, seen))
        chunk = os.read(stream.fileno(), 4096)
        if not chunk:
            raise AssertionError("the client ended (status %s) before printing %r; got %r"
                                 % (proc.wait(), needle, seen))
        seen += chunk
    return seen.decode()


def run_bytes(*args):
    """Runs the client with stdout to a pipe; returns (status, stdout as bytes, stderr)."""
    proc = subprocess.run([CLIENT, *args], stdin=subprocess.DEVNULL, capture_output=True,
                          env=ENV, timeout=TIMEOUT)
    return proc.returncode, proc.stdout, proc.stderr.decode()


def run_on_terminal(*args):
    """Runs the client with stdout and stderr on a pty; returns (status, output)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([CLIENT, *args], stdin=subprocess.DEVNULL, stdout=slave,
                            stderr=slave, env=ENV)
    os.close(slave)
    output = b""
    deadline = time.monotonic() + TIMEOUT
    while True:
        ready, _, _ = select.select([master], [], [], max(deadline - time.monotonic(), 0))
        if not ready:
            proc.kill()
            raise AssertionError("the client did not end; got %r" % output)
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the client, the last user of the pty, ended
            break
        if not chunk:
            break
        output += chunk
    os.close(master)
    return proc.wait(TIMEOUT), output.decode()


COMPLETION = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "mcp-glib", "tools", "mcp-glib-client.bash")


def complete(*words):
    """What bash completion offers for words (the last one being completed)."""
    script = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); '
              '_mcp_glib_client; printf "%s\\n" "${COMPREPLY[@]}"')
    proc = subprocess.run(["bash", "-c", script, "bash", COMPLETION, CLIENT, *words],
                          stdin=subprocess.DEVNULL, capture_output=True, env=ENV,
                          timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.decode().split()


def everything_missing():
    """Why server-everything cannot run, or None."""
    if not os.path.exists(EVERYTHING) or shutil.which("node") is None:
        return "server-everything is not installed (npm ci in tests/)"
    return None
