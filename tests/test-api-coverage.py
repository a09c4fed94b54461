#!/usr/bin/python3
# test-api-coverage.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Every function the shared library exports is called by at least one test
# that `meson test` runs. What counts as a call:
#
# - in C, the function's name outside comments in a source of tests/ (not
#   tests/fuzz/ nor tests/bench/, which `meson test` does not run): called,
#   or handed over as a callback;
# - in C, a public macro that calls it: those the headers define as a call
#   (`MCP_TYPE_CLIENT`, `MCP_AUTHORIZATION_ERROR`, the enum types of the
#   generated mcp-enums.h), and the `MCP_CLIENT ()` and `MCP_IS_CLIENT ()`
#   of G_DECLARE_*_TYPE, which call the type's `_get_type`;
# - in Python or GJS, a method or constructor called under the name the
#   binding gives it (`client.cancel_task_async (...)`,
#   `client.cancelTaskAsync (...)`), provided that no other class of the GIR
#   has a method of that name (a shared name such as `get_name` must be
#   called from C, where the name says which one); a `_get_type` when the
#   class is used (`Mcp.Client`).
#
# An exported function that no test calls fails this test with its name.
# ALLOWED below lists those that no test can call, each with the reason;
# it is empty, and should stay so.
#
# Usage: test-api-coverage.py SRCDIR GIR LIBRARY NM (LIBRARY in the build
# directory, beside the generated mcp-enums.h). GIR is "-" in a build
# without introspection, where the binding tests do not run: the check is
# skipped there.
# Standard library only; prints TAP.

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

# Functions that no test can call, with the reason. Keep it short: a
# function belongs here only when calling it from a test is impossible.
ALLOWED = {
}

GI = "{http://www.gtk.org/introspection/core/1.0}"
C = "{http://www.gtk.org/introspection/c/1.0}"


def exported_functions(library, nm):
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    out = subprocess.run([nm, "-D", "--defined-only", library], env=env, check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in ("T", "W") and parts[2].startswith("mcp_"):
            names.add(parts[2])
    return names


def strip_c_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def strip_script_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"(?m)^\s*(#|//).*$", " ", text)


def read_tests(srcdir):
    c_text, script_text = [], []
    tests = os.path.join(srcdir, "tests")
    for root, dirs, files in os.walk(tests):
        # The fuzz targets and the benchmark are not run by `meson test`.
        dirs[:] = [d for d in dirs if d not in ("node_modules", "fuzz", "bench")]
        for name in files:
            path = os.path.join(root, name)
            if name.endswith((".c", ".h")):
                with open(path, encoding="utf-8", errors="replace") as f:
                    c_text.append(strip_c_comments(f.read()))
            elif name.endswith((".py", ".js", ".mjs")) and name != os.path.basename(__file__):
                with open(path, encoding="utf-8", errors="replace") as f:
                    script_text.append(strip_script_comments(f.read()))
    return "\n".join(c_text), "\n".join(script_text)


def camel(name):
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def binding_names(gir_path):
    """Maps each C function of the GIR to (class name or None, binding name,
    whether the binding name is unique among the GIR's methods), and each
    _get_type function to its class name."""
    ns = ET.parse(gir_path).getroot().find(GI + "namespace")
    functions, get_types, counts = {}, {}, {}
    for kind in ("class", "interface", "record", "enumeration", "bitfield"):
        for node in ns.findall(GI + kind):
            cls = node.get("name")
            gt = node.get("{http://www.gtk.org/introspection/glib/1.0}get-type")
            if gt:
                get_types[gt] = cls
            for tag in ("method", "constructor", "function", "virtual-method"):
                for m in node.findall(GI + tag):
                    ident = m.get(C + "identifier")
                    if not ident:
                        continue
                    name = m.get("shadows") or m.get("name")
                    functions[ident] = (cls, tag, name)
                    counts[name] = counts.get(name, 0) + 1
    for m in ns.findall(GI + "function"):
        ident = m.get(C + "identifier")
        if ident:
            functions[ident] = (None, "function", m.get("name"))
            counts[m.get("name")] = counts.get(m.get("name"), 0) + 1
    return ({k: (cls, tag, name, counts[name] == 1) for k, (cls, tag, name) in functions.items()},
            get_types)


def called_from_scripts(cls, tag, name, unique, scripts):
    if tag == "constructor" and name == "new" and cls:
        # Mcp.Foo.new (...) or Mcp.Foo (...) / new Mcp.Foo (...)
        return re.search(r"\bMcp\.%s(\.new)?\s*\(" % re.escape(cls), scripts) is not None
    if tag == "constructor" and cls:
        return re.search(r"\bMcp\.%s\.(%s|%s)\s*\(" % (re.escape(cls), re.escape(name),
                                                       re.escape(camel(name))),
                         scripts) is not None
    if not unique:
        return False
    if cls is None:
        pattern = r"\bMcp\.(%s|%s)\b" % (re.escape(name), re.escape(camel(name)))
    else:
        pattern = r"\.(%s|%s)\s*\(" % (re.escape(name), re.escape(camel(name)))
    return re.search(pattern, scripts) is not None


def macro_calls(directories):
    """Maps each public macro that calls an exported function to it, from
    the headers of the source tree and those generated into the build
    directory (mcp-enums.h)."""
    calls = {}
    for root, dirs, files in (walked for top in directories for walked in os.walk(top)):
        for name in files:
            if not name.endswith(".h") or name.endswith("-private.h"):
                continue
            with open(os.path.join(root, name), encoding="utf-8") as f:
                text = f.read()
            for macro, function in re.findall(r"#define\s+(MCP_\w+)\s+\((mcp_\w+)\s*\(\)\)", text):
                calls[macro] = function
            for function, module, obj in re.findall(
                    r"G_DECLARE_\w+_TYPE\s*\(\s*\w+,\s*(\w+),\s*(\w+),\s*(\w+),", text):
                calls["%s_%s" % (module, obj)] = function + "_get_type"
                calls["%s_IS_%s" % (module, obj)] = function + "_get_type"
    return calls


def main():
    srcdir, gir_path, library, nm = sys.argv[1:5]
    if gir_path == "-":
        print("1..0 # SKIP built without introspection: the binding tests do not run")
        return 0
    exported = exported_functions(library, nm)
    c_tests, scripts = read_tests(srcdir)
    c_words = set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", c_tests))
    functions, get_types = binding_names(gir_path)
    c_words |= {function for macro, function in macro_calls([os.path.join(srcdir, "mcp-glib"),
                                                          os.path.dirname(library)]).items() if macro in c_words}

    uncalled = []
    for symbol in sorted(exported):
        if symbol in c_words:
            continue
        if symbol.endswith("_get_type"):
            cls = get_types.get(symbol)
            if cls and re.search(r"\bMcp\.%s\b" % re.escape(cls), scripts):
                continue
        if symbol in functions and called_from_scripts(*functions[symbol], scripts):
            continue
        if symbol in ALLOWED:
            continue
        uncalled.append(symbol)

    stale = sorted(name for name in ALLOWED if name not in exported)

    print("1..2")
    if uncalled:
        print("not ok 1 - every exported function is called by a test")
        print("# %d exported functions are called by no test in tests/:" % len(uncalled))
        for name in uncalled:
            print("#   %s" % name)
    else:
        print("ok 1 - every exported function is called by a test (%d functions, %d allowed)"
              % (len(exported), len(ALLOWED)))
    if stale:
        print("not ok 2 - the allow-list names only exported functions")
        for name in stale:
            print("#   %s is not exported" % name)
    else:
        print("ok 2 - the allow-list names only exported functions")
    return 1 if uncalled or stale else 0


if __name__ == "__main__":
    sys.exit(main())
