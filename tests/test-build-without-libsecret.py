#!/usr/bin/python3
# test-build-without-libsecret.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The same API on every build: configures a second tree of the sources with
# -Dlibsecret=disabled, builds only what this test needs (the library, its
# introspection data and test-secret-unsupported), and checks that
# McpSecretCredentialStore is in the installed headers' list and the GIR,
# that its operations fail with G_IO_ERROR_NOT_SUPPORTED from C and from
# Python, and that the desktop's store is then memory. The build takes
# about a minute on two cores.
#
# Usage: test-build-without-libsecret.py SRCDIR; standard library and
# Debian's PyGObject only; prints TAP.

import os
import shutil
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mcptest import run_checked as run  # noqa: E402

srcdir = os.path.abspath(sys.argv[1])
workdir = tempfile.mkdtemp(prefix="mcp-no-libsecret-")
builddir = os.path.join(workdir, "build")


def test_configure():
    run(["meson", "setup", builddir, srcdir, "--werror", "-Dlibsecret=disabled",
         "-Ddocumentation=false", "-Dvapi=disabled", "-Dworkbench=disabled"])
    with open(os.path.join(builddir, "config.h")) as f:
        assert "#define HAVE_LIBSECRET" not in f.read(), "libsecret was found after all"


def test_build():
    run(["ninja", "-C", builddir, "mcp-glib/Mcp-1.typelib", "tests/test-secret-unsupported"])


def test_the_type_is_in_the_gir():
    gir = ET.parse(os.path.join(builddir, "mcp-glib", "Mcp-1.gir"))
    ns = {"g": "http://www.gtk.org/introspection/core/1.0"}
    classes = {c.get("name") for c in gir.getroot().iterfind("g:namespace/g:class", ns)}
    assert "SecretCredentialStore" in classes, sorted(classes)
    header = os.path.join(srcdir, "mcp-glib", "mcp-glib.h")
    with open(header) as f:
        assert '# include "mcp-secret-credential-store.h"\n' in f.read()


def test_c():
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(builddir, "mcp-glib"))
    out = run([os.path.join(builddir, "tests", "test-secret-unsupported"), "--tap"], env=env)
    assert "not ok" not in out and "# SKIP" not in out and out.count("\nok ") == 3, out


PYTHON = r'''
import gi
gi.require_version("Mcp", "1")
from gi.repository import Gio, GLib, Mcp
assert not Mcp.SecretCredentialStore.is_supported()
loop = GLib.MainLoop()
out = []
store = Mcp.SecretCredentialStore.new()
store.lookup_async("https://example.com/mcp", None, None,
                   lambda s, r: (out.append(r), loop.quit()))
loop.run()
try:
    store.lookup_finish(out.pop())
    raise AssertionError("the lookup must fail")
except GLib.Error as error:
    assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.NOT_SUPPORTED), error
    assert "libsecret" in error.message, error.message
Mcp.CredentialStore.new_for_desktop_async(None, lambda s, r: (out.append(r), loop.quit()))
loop.run()
found, persistent = Mcp.CredentialStore.new_for_desktop_finish(out.pop())
assert isinstance(found, Mcp.MemoryCredentialStore) and not persistent, (found, persistent)
'''


def test_python():
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(builddir, "mcp-glib"),
               GI_TYPELIB_PATH=os.path.join(builddir, "mcp-glib"),
               PYTHONPATH=os.path.join(srcdir, "mcp-glib"))
    run(["/usr/bin/python3", "-c", PYTHON], env=env)


TESTS = [test_configure, test_build, test_the_type_is_in_the_gir, test_c, test_python]


def main():
    print("1..%d" % len(TESTS))
    failed = 0
    for number, test in enumerate(TESTS, 1):
        try:
            test()
            print("ok %d %s" % (number, test.__name__))
        except Exception as error:
            failed += 1
            print("not ok %d %s" % (number, test.__name__))
            for line in str(error).splitlines():
                print("# " + line)
            # What follows needs what failed.
            for later, skipped in enumerate(TESTS[number:], number + 1):
                print("not ok %d %s # after a failure" % (later, skipped.__name__))
            break
    shutil.rmtree(workdir, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
