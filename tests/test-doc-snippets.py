#!/usr/bin/python3
# test-doc-snippets.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Every code block of the documentation is compiled or run, so that the
# documentation cannot drift from the library: the fenced blocks of
# doc/*.md and README.md, and those of the documentation comments of the
# library (mcp-glib/*.h and the sources in mcp-glib's folders). A failure
# names the file and line of the
# block, and compiler errors and tracebacks point into the documentation.
#
# How each block is tested, by the language of its fence:
#
#   c       Compiled against the uninstalled library with -Wall -Werror,
#           GLib 2.74 and json-glib 1.6 as the newest API allowed.
#           <mcp-glib/mcp-glib.h> is included first unless the block
#           includes it itself (in its leading #include and #define lines,
#           which come first then). The block is file-scope code (functions,
#           types, #include lines) followed by statements: everything up to
#           its last line that starts with "}", and the preprocessor lines
#           right after it, is file scope, and the rest becomes the body of
#           a function. A block that defines main() is a whole program: it
#           is also linked and run.
#   python  Run with the Python that has PyGObject, after
#           `from gi.repository import GLib, Gio, Json, Mcp` (with the Mcp
#           override of mcp-glib/gi/overrides).
#   js      Run with `gjs -m` as a module, after importing GLib, Gio, Json
#           and Mcp (those the block does not import itself) and, unless it
#           calls Gio._promisify itself, promisifying every _async/_finish
#           pair of mcp-glib so that `await client.call_tool_async (…)`
#           works.
#   text    Not code (program output, messages): not tested.
#
# A block that runs must exit with status 0 within 30 seconds and write
# nothing to stderr (where errors, warnings, criticals and tracebacks go).
# It runs with the demo server on PATH as mcp-glib-demo-server, its
# installed name.
#
# An HTML comment right before the block (invisible in the generated
# documentation) can give what a fragment needs that the page leaves out,
# in the block's language: for C, declarations placed at file scope before
# the block (after its leading preprocessor lines); for Python and
# JavaScript, code run before the block and, after a line "then:", code run
# after it (to drive a main loop, or check what the block did):
#
#   <!-- doc-test
#   static McpStdioTransport *transport;
#   static const char *token;
#   -->
#   ```c
#   mcp_stdio_transport_setenv (transport, "API_TOKEN", token);
#   ```
#
# A block that cannot be tested says why, visibly, in the same place; any
# other language (sh, meson, json, …) must be marked so:
#
#   <!-- doc-test: skip: needs a remote server with OAuth -->
#
# A C block that needs a library mcp-glib does not depend on names its
# pkg-config modules; it is compiled with their flags where pkg-config
# finds them all, and skipped, saying which is missing, where it does not
# (setup code may follow, as above):
#
#   <!-- doc-test: needs: gtk4 -->
#
# Usage: test-doc-snippets.py SRCDIR BUILDDIR GIR GJS -- CC...
# (GIR is "-" without introspection, GJS "-" without gjs.) Standard
# library only; prints TAP, one test point per block.

import os
import re
import signal
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

srcdir, builddir, gir_path, gjs = sys.argv[1:5]
cc = sys.argv[sys.argv.index("--") + 1:]

TIMEOUT = 30

# Files whose blocks may still fail, with the reason. A failing block of
# one is reported as skipped, its failure shown; an entry none of whose
# blocks fails is an error, so that this list only ever shrinks.
EXEMPT = {}
LANGUAGES = {"c": "c", "python": "python", "py": "python", "js": "js",
             "javascript": "js", "text": "text"}

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*doc-test\b(.*)$")


class Problem(Exception):
    pass


class Block:
    def __init__(self, path, line, language, code, marker):
        self.path = path          # relative to srcdir
        self.line = line          # of the opening fence
        self.language = language
        self.code = code          # [(line number, text)]
        self.marker = marker

    def name(self):
        return "%s:%d %s" % (self.path, self.line, self.language or "(no language)")


class Marker:
    def __init__(self, line, end, skip, setup, then, needs=()):
        self.line = line
        self.end = end            # line number of its last line
        self.skip = skip
        self.needs = needs        # pkg-config modules a C block needs
        self.setup = setup        # [(line number, text)]
        self.then = then


def dedent(lines):
    indents = [len(t) - len(t.lstrip()) for _, t in lines if t.strip()]
    cut = min(indents) if indents else 0
    return [(n, t[cut:]) for n, t in lines]


def parse_marker(lines, i, path):
    """Parses the doc-test comment starting at lines[i]; returns (marker, next index)."""
    first_line, first = lines[i]
    head = MARKER.match(first).group(1)
    body = []
    if "-->" in head:
        head = head[:head.index("-->")]
        end = i
    else:
        end = i + 1
        while end < len(lines) and "-->" not in lines[end][1]:
            body.append(lines[end])
            end += 1
        if end == len(lines):
            raise Problem("%s:%d: the doc-test comment is not closed" % (path, first_line))
        last = lines[end][1][:lines[end][1].index("-->")]
        if last.strip():
            body.append((lines[end][0], last))
    head = head.strip()
    skip = None
    needs = ()
    if head:
        needs_match = re.match(r"^:\s*needs:\s*(\S.*)$", head)
        match = re.match(r"^:\s*skip:\s*(\S.*)$", head)
        if needs_match:
            needs = tuple(needs_match.group(1).split())
        elif not match:
            raise Problem("%s:%d: expected <!-- doc-test: skip: REASON -->, <!-- doc-test: "
                          "needs: MODULE… --> or <!-- doc-test followed by code, not %r"
                          % (path, first_line, head))
        else:
            skip = match.group(1).strip()
            if body:
                raise Problem("%s:%d: a skipped block needs no code" % (path, first_line))
    setup, then = body, []
    for k, (_, text) in enumerate(body):
        if text.strip() == "then:":
            setup, then = body[:k], body[k + 1:]
            break
    return Marker(first_line, lines[end][0], skip, dedent(setup), dedent(then), needs), end + 1


def scan(path, lines):
    """The fenced blocks of a list of (line number, text), with their markers."""
    blocks = []
    marker = None
    i = 0
    while i < len(lines):
        number, text = lines[i]
        if MARKER.match(text):
            if marker is not None:
                raise Problem("%s:%d: a doc-test comment without a code block after it"
                              % (path, marker.line))
            marker, i = parse_marker(lines, i, path)
            continue
        fence = FENCE.match(text)
        if fence:
            indent, chars, info = fence.groups()
            code = []
            i += 1
            while i < len(lines):
                closing = re.match(r"^\s*" + re.escape(chars[0]) + "{%d,}\\s*$" % len(chars),
                                   lines[i][1])
                if closing:
                    break
                line_number, line = lines[i]
                code.append((line_number, line[len(indent):] if line.startswith(indent)
                             else line.lstrip()))
                i += 1
            if i == len(lines):
                raise Problem("%s:%d: the code block is not closed" % (path, number))
            if marker is not None and marker.end != number - 1:
                raise Problem("%s:%d: a doc-test comment must end on the line right before "
                              "its code block" % (path, marker.line))
            blocks.append(Block(path, number, info.lower(), code, marker))
            marker = None
        elif text.strip().startswith("|[") and path.endswith((".c", ".h")):
            raise Problem("%s:%d: write code blocks as ``` fences, which this test checks"
                          % (path, number))
        elif marker is not None and text.strip():
            raise Problem("%s:%d: a doc-test comment must end on the line right before its "
                          "code block" % (path, marker.line))
        i += 1
    if marker is not None:
        raise Problem("%s:%d: a doc-test comment without a code block after it"
                      % (path, marker.line))
    return blocks


def documentation_comments(text):
    """The lines of the /** */ comments of a C file, without the " * "."""
    lines = []
    inside = False
    for number, line in enumerate(text.split("\n"), 1):
        if not inside and re.match(r"^\s*/\*\*\s*$", line):
            inside = True
            lines.append((number, ""))
            continue
        if inside:
            if re.match(r"^\s*\*/", line):
                inside = False
                lines.append((number, ""))
                continue
            lines.append((number, re.sub(r"^\s*\* ?", "", line, count=1)))
    return lines


def collect():
    files = ["README.md"]
    files += sorted("doc/" + f for f in os.listdir(os.path.join(srcdir, "doc"))
                    if f.endswith(".md"))
    # The public headers, and the library's sources in their folders (not
    # the command-line client's, in tools/).
    library = os.path.join(srcdir, "mcp-glib")
    for folder, subfolders, names in os.walk(library):
        subfolders[:] = sorted(d for d in subfolders if d not in ("tools", "gi"))
        relative = os.path.relpath(folder, srcdir)
        files += sorted(relative + "/" + f for f in names if f.endswith((".c", ".h")))
    blocks = []
    for path in files:
        with open(os.path.join(srcdir, path), encoding="utf-8") as f:
            text = f.read()
        if path.endswith(".md"):
            lines = list(enumerate(text.split("\n"), 1))
        else:
            lines = documentation_comments(text)
        blocks += scan(path, lines)
    return blocks


def environment():
    env = dict(os.environ)
    env.pop("G_MESSAGES_DEBUG", None)
    demo = os.environ.get("MCP_DEMO_SERVER")
    if demo:
        env["PATH"] = os.path.dirname(demo) + os.pathsep + env.get("PATH", "")
    return env


def run(args, cwd, env=None):
    """Runs args in its own process group, killed with its children on timeout."""
    proc = subprocess.Popen(args, cwd=cwd, env=env or environment(), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            errors="replace", start_new_session=True)
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, out, err
    return proc.returncode, out, err


def c_flags():
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(builddir, "meson-uninstalled"))
    pc = ["pkg-config", "mcp-glib-1"]
    cflags = subprocess.run(pc + ["--cflags"], env=env, check=True, capture_output=True,
                            text=True).stdout.split()
    libs = subprocess.run(pc + ["--libs"], env=env, check=True, capture_output=True,
                          text=True).stdout.split()
    return cflags + ["-I" + srcdir, "-I" + builddir], libs


C_FLAGS, C_LIBS = c_flags()
# The compiler is not under test: under .ci/sanitize it runs without the
# AddressSanitizer runtime preloaded for the interpreters, which slows it.
COMPILER_ENV = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
# The uninstalled libraries of the build (McpGtk's mcp-glib-gtk-1) are found
# before installed ones.
COMPILER_ENV["PKG_CONFIG_PATH"] = os.pathsep.join(
    [os.path.join(builddir, "meson-uninstalled")] +
    ([COMPILER_ENV["PKG_CONFIG_PATH"]] if COMPILER_ENV.get("PKG_CONFIG_PATH") else []))
C_WARNINGS = ["-std=gnu11", "-Wall", "-Werror", "-Wno-unused",
              "-DGLIB_VERSION_MIN_REQUIRED=GLIB_VERSION_2_74",
              "-DGLIB_VERSION_MAX_ALLOWED=GLIB_VERSION_2_74",
              "-DJSON_VERSION_MIN_REQUIRED=JSON_VERSION_1_6",
              "-DJSON_VERSION_MAX_ALLOWED=JSON_VERSION_1_6"]


def pkg_config(modules, what):
    return subprocess.run(["pkg-config", what] + list(modules), env=COMPILER_ENV, check=True,
                          capture_output=True, text=True).stdout.split()


def missing_modules(modules):
    return [m for m in modules
            if subprocess.run(["pkg-config", "--exists", m], env=COMPILER_ENV).returncode != 0]


def test_c(block, tmp):
    marker = block.marker
    if marker is not None and marker.then:
        raise Problem("then: is for Python and JavaScript blocks")
    needs = marker.needs if marker is not None else ()
    extra_cflags = pkg_config(needs, "--cflags") if needs else []
    extra_libs = pkg_config(needs, "--libs") if needs else []
    code = block.code
    last_brace = max((k for k, (_, t) in enumerate(code) if t.startswith("}")), default=-1)
    split = last_brace + 1
    while split < len(code) and (code[split][1].startswith("#") or not code[split][1].strip()):
        split += 1
    file_scope, body = code[:split], code[split:]
    if not any(t.strip() for _, t in body):
        file_scope, body = code, []

    source = []

    def place(lines):
        if lines:
            source.append('#line %d "%s"' % (lines[0][0], block.path))
            source.extend(t for _, t in lines)

    if not any(re.match(r"^\s*#\s*include\s*<mcp-glib/mcp-glib\.h>", t) for _, t in code):
        source.append("#include <mcp-glib/mcp-glib.h>")
    # The setup goes after the block's own leading #include and #define lines.
    head = 0
    while head < len(file_scope) and (file_scope[head][1].startswith("#")
                                      or not file_scope[head][1].strip()):
        head += 1
    place(file_scope[:head])
    if marker is not None:
        place(marker.setup)
    place(file_scope[head:])
    if body:
        source += ["void doc_snippet (void);", "void", "doc_snippet (void)", "{"]
        place(body)
        source.append("}")
    program = any(re.match(r"^(int\s+)?main\s*\(", t) for _, t in file_scope)

    c_file = os.path.join(tmp, "snippet.c")
    with open(c_file, "w", encoding="utf-8") as f:
        f.write("\n".join(source) + "\n")
    if program:
        args = (cc + C_WARNINGS + C_FLAGS + extra_cflags + [c_file, "-o",
                os.path.join(tmp, "snippet")] + C_LIBS + extra_libs)
    else:
        args = (cc + C_WARNINGS + C_FLAGS + extra_cflags +
                ["-c", c_file, "-o", os.path.join(tmp, "snippet.o")])
    proc = subprocess.run(args, env=COMPILER_ENV, capture_output=True, text=True,
                          errors="replace")
    if proc.returncode != 0:
        raise Problem("does not compile:\n" + proc.stdout + proc.stderr)
    if not program:
        return "compiled"
    status, out, err = run([os.path.join(tmp, "snippet")], tmp)
    check_run(status, out, err, lambda text: text)
    return "compiled and ran"


def check_run(status, out, err, translate):
    if status is None:
        raise Problem("did not finish within %d s; output:\n%s" % (TIMEOUT, translate(out + err)))
    if status != 0 or err.strip():
        raise Problem("exited with status %d%s:\n%s" % (
            status, "" if not err.strip() else " writing to stderr", translate(out + err)))


def assemble(block, prelude):
    """The program text, and the place in the documentation of each of its lines."""
    lines, origin = [], []
    for text in prelude:
        lines.append(text)
        origin.append(None)
    parts = [block.code]
    if block.marker is not None:
        parts = [block.marker.setup, block.code, block.marker.then]
    for part in parts:
        for number, text in part:
            lines.append(text)
            origin.append(number)
    return "\n".join(lines) + "\n", origin


def translator(script, block, origin):
    """Rewrites references to lines of script into references to the documentation."""
    def where(match):
        number = int(match.group(2))
        if 1 <= number <= len(origin) and origin[number - 1] is not None:
            return "%s%s%d" % (block.path, match.group(1), origin[number - 1])
        return "(test prelude)%s%d" % (match.group(1), number)
    pattern = re.compile(r"(?:file://)?" + re.escape(script) + r'("?, line |:)(\d+)')
    bare = re.compile(r"(?:file://)?" + re.escape(script))
    return lambda text: bare.sub("the test program of " + block.path, pattern.sub(where, text))


PYTHON_PRELUDE = [
    "import gi",
    'gi.require_version("Gio", "2.0")',
    'gi.require_version("Json", "1.0")',
    'gi.require_version("Mcp", "1")',
    "from gi.repository import GLib, Gio, Json, Mcp",
]


def test_python(block, tmp):
    if gir_path == "-":
        return None
    script = os.path.join(tmp, "snippet.py")
    text, origin = assemble(block, PYTHON_PRELUDE)
    with open(script, "w", encoding="utf-8") as f:
        f.write(text)
    status, out, err = run([sys.executable, script], tmp)
    check_run(status, out, err, translator(script, block, origin))
    return "ran"


def async_pairs():
    """Gio._promisify calls for every _async/_finish pair of the GIR."""
    core = "{http://www.gtk.org/introspection/core/1.0}"
    calls = []
    for klass in ET.parse(gir_path).getroot().iter(core + "class"):
        methods = {m.get("name") for m in klass.findall(core + "method")}
        for name in sorted(methods):
            if name.endswith("_async") and name[:-6] + "_finish" in methods:
                calls.append("Gio._promisify(Mcp.%s.prototype, '%s', '%s_finish');"
                             % (klass.get("name"), name, name[:-6]))
    return calls


def test_js(block, tmp):
    if gir_path == "-" or gjs == "-":
        return None
    own = block.code + (block.marker.setup if block.marker else [])
    imported = set()
    for _, t in own:
        match = re.match(r"^\s*import\s+(\w+)\s+from\s+'gi://", t)
        if match:
            imported.add(match.group(1))
    prelude = ["import %s from 'gi://%s';" % (name, name)
               for name in ("GLib", "Gio", "Json") if name not in imported]
    if "Mcp" not in imported:
        prelude.append("import Mcp from 'gi://Mcp?version=1';")
    if not any("Gio._promisify" in t for _, t in own):
        prelude += async_pairs()
    script = os.path.join(tmp, "snippet.js")
    text, origin = assemble(block, prelude)
    with open(script, "w", encoding="utf-8") as f:
        f.write(text)
    status, out, err = run([gjs, "-m", script], tmp)
    check_run(status, out, err, translator(script, block, origin))
    return "ran"


TESTERS = {"c": test_c, "python": test_python, "js": test_js}


def check_names(block):
    """What compiling cannot catch: the demo server by its name before 1.0."""
    for number, text in block.code:
        if re.search(r"""["']mcp-demo-server["']""", text):
            raise Problem("%s:%d: the demo server is installed as mcp-glib-demo-server"
                          % (block.path, number))


def main():
    try:
        blocks = collect()
    except Problem as problem:
        print("1..1\nnot ok 1 reading the documentation\n# " + str(problem))
        return 1
    print("1..%d" % (len(blocks) + len(EXEMPT)))
    failed = 0
    exempt_failures = {path: 0 for path in EXEMPT}
    for number, block in enumerate(blocks, 1):
        language = LANGUAGES.get(block.language)
        skip = None
        try:
            if block.marker is not None and block.marker.skip:
                skip = block.marker.skip
            elif block.marker is not None and block.marker.needs and language != "c":
                raise Problem("needs: is for C blocks")
            elif block.marker is not None and missing_modules(block.marker.needs):
                skip = "needs %s, which pkg-config does not find" % ", ".join(
                    missing_modules(block.marker.needs))
            elif language == "text":
                if block.marker is not None:
                    raise Problem("a text block is not tested: it needs no doc-test comment")
                skip = "text, not code"
            elif language is None:
                raise Problem("no way to test a block of %s: use a language this test runs "
                              "(c, python, js), ```text for output, or mark it "
                              "<!-- doc-test: skip: REASON -->"
                              % (repr(block.language) if block.language else "no language"))
            else:
                check_names(block)
                with tempfile.TemporaryDirectory(prefix="doc-snippet-") as tmp:
                    how = TESTERS[language](block, tmp)
                if how is None:
                    skip = "no %s here" % ("GJS" if language == "js" and gir_path != "-"
                                           else "introspection data")
                else:
                    print("ok %d %s: %s" % (number, block.name(), how))
            if skip is not None:
                print("ok %d %s # SKIP %s" % (number, block.name(), skip))
        except Problem as problem:
            if block.path in EXEMPT:
                exempt_failures[block.path] += 1
                print("ok %d %s # SKIP fails, exempt: %s" % (number, block.name(),
                                                            EXEMPT[block.path]))
            else:
                failed += 1
                print("not ok %d %s" % (number, block.name()))
            for line in str(problem).rstrip().split("\n"):
                print("# " + line)
        sys.stdout.flush()
    for number, path in enumerate(sorted(EXEMPT), len(blocks) + 1):
        if exempt_failures[path]:
            print("ok %d %s is exempt: %d block(s) still fail" % (number, path,
                                                               exempt_failures[path]))
        else:
            failed += 1
            print("not ok %d %s is exempt, but none of its blocks fails: remove it from "
                  "EXEMPT in tests/test-doc-snippets.py" % (number, path))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
