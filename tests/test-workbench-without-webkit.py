#!/usr/bin/python3
# test-workbench-without-webkit.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The workbench of a build without WebKitGTK: configures a second tree of
# the sources with -Dwebkit=disabled, builds only the workbench (and what
# it links), and runs test_workbench.py on it for the tests that concern
# app views: a tool that has a view shows its result as ever, and no view.
# The build takes a few minutes on two cores.
#
# Usage: test-workbench-without-webkit.py SRCDIR; standard library only;
# prints TAP (test_workbench.py's).

import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mcptest import run_checked as run  # noqa: E402

srcdir = os.path.abspath(sys.argv[1])
workdir = tempfile.mkdtemp(prefix="mcp-no-webkit-")
builddir = os.path.join(workdir, "build")
WORKBENCH = os.path.join("examples", "workbench", "mcp-glib-workbench")


def build():
    # Not under the ASan runtime that a sanitized run preloads.
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    run(["meson", "setup", builddir, srcdir, "--werror", "-Dwebkit=disabled", "-Dtests=false",
         "-Ddocumentation=false", "-Dvapi=disabled", "-Dintrospection=disabled"], env=env)
    with open(os.path.join(builddir, "compile_commands.json")) as f:
        commands = [entry["command"] for entry in json.load(f)
                    if "workbench" in entry["file"]]
    assert commands and not any("WB_HAVE_APP_VIEWS" in command for command in commands), \
        "the workbench is built for app views after all"
    run(["ninja", "-C", builddir, "-j2", WORKBENCH], env=env)


def main():
    try:
        try:
            build()
        except AssertionError as error:
            print("Bail out! %s" % str(error).replace("\n", "\n# "))
            return 1
        env = dict(os.environ,
                   MCP_WORKBENCH=os.path.join(builddir, WORKBENCH),
                   MCP_WORKBENCH_APP_VIEWS="0",
                   MCP_WORKBENCH_TESTS="test_servers_connect,test_app_view")
        return subprocess.call([sys.executable,
                                os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                             "test_workbench.py")], env=env)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
