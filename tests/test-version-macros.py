#!/usr/bin/python3
# test-version-macros.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The versioning scaffolding of the public headers, as an application meets
# it: small programs compiled against the uninstalled library with
# MCP_VERSION_MIN_REQUIRED and MCP_VERSION_MAX_ALLOWED set in different ways
# must get exactly the warnings and errors they ask for. Then the exports:
# the functions of the GIR and the symbols the shared library exports must be
# the same set, so that no public prototype lacks its MCP_AVAILABLE_IN_x_y
# (it would not be exported) and nothing private is exported.
#
# Usage: test-version-macros.py BUILDDIR SRCDIR GIR LIBRARY NM -- CC...
# (GIR is "-" in a build without introspection.) Standard library only;
# prints TAP.

import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

builddir, srcdir, gir_path, library, nm = sys.argv[1:6]
cc = sys.argv[sys.argv.index("--") + 1:]

# The compiler and nm are not under test: under .ci/sanitize they run
# without the AddressSanitizer runtime preloaded for the interpreters.
env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
env["PKG_CONFIG_PATH"] = os.path.join(builddir, "meson-uninstalled")
cflags = subprocess.run(["pkg-config", "--cflags", "mcp-glib-1"], env=env, check=True,
                        capture_output=True, text=True).stdout.split()
# The uninstalled module points into the tree; applications include
# <mcp-glib/mcp-glib.h>, which the top of the tree provides.
cflags += ["-I" + srcdir, "-I" + builddir]


def compile_program(source, defines=(), werror=False):
    """Compiles source with the given -D definitions; returns (ok, messages)."""
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write(source)
    try:
        args = cc + ["-std=gnu11", "-fsyntax-only", "-Wall", "-Wno-unused"]
        args += ["-Werror"] if werror else []
        args += ["-D" + d for d in defines] + cflags + [f.name]
        proc = subprocess.run(args, env=env, capture_output=True, text=True)
        return proc.returncode == 0, proc.stderr
    finally:
        os.unlink(f.name)


def expect(ok, messages, should_compile, wanted=(), unwanted=()):
    if ok != should_compile:
        raise AssertionError("compiled" if ok else "did not compile:\n" + messages)
    for text in wanted:
        if text not in messages:
            raise AssertionError("no %r in:\n%s" % (text, messages or "(no output)"))
    for text in unwanted:
        if text in messages:
            raise AssertionError("unexpected %r in:\n%s" % (text, messages))


USES_THE_API = """
#include <mcp-glib/mcp-glib.h>

int
main (void)
{
  const char *argv[] = { "mcp-glib-demo-server", NULL };
  McpStdioTransport *transport = mcp_stdio_transport_new (argv);
  McpClient *client = mcp_client_new (MCP_TRANSPORT (transport));

  g_object_unref (client);
  g_object_unref (transport);
  return 0;
}
"""

# Declarations of this program's own, decorated as the headers decorate
# theirs: each kind of declaration, deprecated in 1.0 or new in 1.0.
DECORATED = """
#include <mcp-glib/mcp-glib.h>

MCP_DEPRECATED_IN_1_0_FOR (mcp_client_new)
void old_function (void);
typedef int OldType MCP_DEPRECATED_TYPE_IN_1_0_FOR (McpClient);
enum { OLD_ENUMERATOR MCP_DEPRECATED_ENUMERATOR_IN_1_0 = 1 };
#define OLD_MACRO MCP_DEPRECATED_MACRO_IN_1_0_FOR (REPLACEMENT_MACRO) 42

MCP_AVAILABLE_IN_1_0
void new_function (void);
MCP_AVAILABLE_STATIC_INLINE_IN_1_0
static inline int new_inline (void) { return 1; }
typedef int NewType MCP_AVAILABLE_TYPE_IN_1_0;
enum { NEW_ENUMERATOR MCP_AVAILABLE_ENUMERATOR_IN_1_0 = 2 };
#define NEW_MACRO MCP_AVAILABLE_MACRO_IN_1_0 43

int
main (void)
{
  OldType old_value = OLD_ENUMERATOR + OLD_MACRO;
  NewType new_value = NEW_ENUMERATOR + NEW_MACRO + new_inline ();

  old_function ();
  new_function ();
  return old_value + new_value;
}
"""

OLD_WARNINGS = ["old_function", "Use 'mcp_client_new' instead", "OldType",
                "Use 'McpClient' instead", "OLD_ENUMERATOR",
                "Deprecated pre-processor symbol: replace with \"REPLACEMENT_MACRO\""]
NEW_WARNINGS = ["new_function", "new_inline", "NewType", "NEW_ENUMERATOR",
                "Not available before 1.0"]

BEFORE_1_0 = "MCP_ENCODE_VERSION (0, 9, 0)"
NEWER_THAN_HEADERS = "MCP_ENCODE_VERSION (MCP_MAJOR_VERSION, MCP_MINOR_VERSION + 2, 0)"


def test_defaults_are_quiet():
    expect(*compile_program(USES_THE_API, werror=True), True)
    expect(*compile_program(USES_THE_API, ["MCP_VERSION_MIN_REQUIRED=MCP_VERSION_1_0",
                                           "MCP_VERSION_MAX_ALLOWED=MCP_VERSION_CUR_STABLE"],
                            werror=True), True)


def test_api_newer_than_max_allowed_warns():
    defines = ["MCP_VERSION_MIN_REQUIRED=" + BEFORE_1_0, "MCP_VERSION_MAX_ALLOWED=" + BEFORE_1_0]
    expect(*compile_program(USES_THE_API, defines), True,
           ["mcp_stdio_transport_new", "mcp_client_new", "Not available before 1.0"])
    expect(*compile_program(DECORATED, defines), True, NEW_WARNINGS, ["old_function"])


def test_deprecated_api_warns():
    expect(*compile_program(DECORATED), True, OLD_WARNINGS, NEW_WARNINGS)
    # Not for a program that also supports releases before the deprecation.
    expect(*compile_program(DECORATED, ["MCP_VERSION_MIN_REQUIRED=" + BEFORE_1_0]), True,
           (), OLD_WARNINGS + NEW_WARNINGS)
    expect(*compile_program(DECORATED, ["MCP_DISABLE_DEPRECATION_WARNINGS"], werror=True), True)


def test_impossible_ranges_are_errors():
    expect(*compile_program(USES_THE_API, ["MCP_VERSION_MIN_REQUIRED=" + NEWER_THAN_HEADERS]),
           False, ["MCP_VERSION_MIN_REQUIRED is newer than these mcp-glib headers"])
    expect(*compile_program(USES_THE_API, ["MCP_VERSION_MIN_REQUIRED=MCP_VERSION_1_0",
                                           "MCP_VERSION_MAX_ALLOWED=" + BEFORE_1_0]),
           False, ["MCP_VERSION_MAX_ALLOWED must be >= MCP_VERSION_MIN_REQUIRED"])


FAMILY = ["MCP_AVAILABLE_IN_%s", "MCP_AVAILABLE_STATIC_INLINE_IN_%s",
          "MCP_AVAILABLE_TYPE_IN_%s", "MCP_AVAILABLE_ENUMERATOR_IN_%s",
          "MCP_AVAILABLE_MACRO_IN_%s", "MCP_DEPRECATED_IN_%s", "MCP_DEPRECATED_IN_%s_FOR",
          "MCP_DEPRECATED_TYPE_IN_%s", "MCP_DEPRECATED_TYPE_IN_%s_FOR",
          "MCP_DEPRECATED_ENUMERATOR_IN_%s", "MCP_DEPRECATED_ENUMERATOR_IN_%s_FOR",
          "MCP_DEPRECATED_MACRO_IN_%s", "MCP_DEPRECATED_MACRO_IN_%s_FOR"]


def test_every_release_has_its_macros():
    # Every stable release of this major version up to the current one has
    # the whole family of macros, and the current and previous stable
    # releases follow GNOME's numbering (an odd minor version is a
    # development series).
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write("#include <mcp-glib/mcp-glib.h>\n"
                "#define STABLE(minor) MCP_ENCODE_VERSION (MCP_MAJOR_VERSION, (minor), 0)\n"
                "#define CUR_MINOR (MCP_MINOR_VERSION + MCP_MINOR_VERSION % 2)\n"
                "_Static_assert (MCP_VERSION_CUR_STABLE == STABLE (CUR_MINOR), \"CUR_STABLE\");\n"
                "_Static_assert (MCP_VERSION_PREV_STABLE == STABLE (CUR_MINOR >= 2 ? "
                "CUR_MINOR - 2 : 0), \"PREV_STABLE\");\n"
                "_Static_assert (MCP_VERSION_MIN_REQUIRED == MCP_VERSION_CUR_STABLE, \"MIN\");\n"
                "_Static_assert (MCP_VERSION_MAX_ALLOWED == MCP_VERSION_CUR_STABLE, \"MAX\");\n")
    try:
        proc = subprocess.run(cc + ["-std=gnu11", "-fsyntax-only"] + cflags + [f.name],
                              env=env, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        defined = subprocess.run(cc + ["-E", "-dM"] + cflags + [f.name], env=env, check=True,
                                 capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)

    def number(name):
        return int(re.search(r"^#define %s \((\d+)\)$" % name, defined, re.M).group(1))

    major, minor = number("MCP_MAJOR_VERSION"), number("MCP_MINOR_VERSION")
    wanted = ["%d_%d" % (major, m) for m in range(0, minor + minor % 2 + 1, 2)]
    releases = re.findall(r"^#define MCP_VERSION_(\d+_\d+) ", defined, re.M)
    assert releases == wanted, "releases %s, expected %s" % (releases, wanted)
    names = set(re.findall(r"^#define (\w+)", defined, re.M))
    for release in releases:
        missing = [m % release for m in FAMILY if m % release not in names]
        assert not missing, "release %s lacks %s" % (release, ", ".join(missing))


def test_exports_match_the_gir():
    if gir_path == "-":
        return "built without introspection"
    core = "{http://www.gtk.org/introspection/core/1.0}"
    identifier = "{http://www.gtk.org/introspection/c/1.0}identifier"
    get_type = "{http://www.gtk.org/introspection/glib/1.0}get-type"
    in_gir = set()
    for element in ET.parse(gir_path).iter():
        if element.tag in (core + "function", core + "method", core + "constructor"):
            in_gir.add(element.get(identifier))
        if element.get(get_type):
            in_gir.add(element.get(get_type))
    in_gir.discard(None)

    lines = subprocess.run([nm, "-D", "--defined-only", library], env=env, check=True,
                           capture_output=True, text=True).stdout.splitlines()
    exported = {line.split()[2] for line in lines if len(line.split()) == 3}
    # Built with -Db_coverage=true (as .ci/test builds), the library carries
    # gcov's runtime, which exports symbols of its own.
    exported = {name for name in exported
                if not name.startswith("__gcov_") and name != "mangle_path"}

    unexported = sorted(in_gir - exported)
    assert not unexported, ("in the GIR but not exported (a prototype without "
                            "MCP_AVAILABLE_IN_x_y?): " + ", ".join(unexported))
    private = sorted(exported - in_gir)
    assert not private, ("exported but not in the GIR (a private function decorated, or a "
                         "public one missing from the GIR headers?): " + ", ".join(private))


def main():
    tests = [test_defaults_are_quiet, test_api_newer_than_max_allowed_warns,
             test_deprecated_api_warns, test_impossible_ranges_are_errors,
             test_every_release_has_its_macros, test_exports_match_the_gir]
    print("1..%d" % len(tests))
    failed = 0
    for number, test in enumerate(tests, 1):
        try:
            skip = test()
            print("ok %d %s%s" % (number, test.__name__, " # SKIP " + skip if skip else ""))
        except Exception as error:  # report every failure, keep going
            failed += 1
            print("not ok %d %s" % (number, test.__name__))
            for line in ("%s: %s" % (type(error).__name__, error)).splitlines():
                print("# " + line)
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
