#!/usr/bin/python3
# test-layering.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The layering rule of doc/architecture.md ("Folders and the layering
# rule"), checked against the code: the two tables of that section are read
# (the folder of every file, and whose private headers each folder may
# include), then every file under mcp-glib/ is given its folder and every
# `#include "...-private.h"` in it is checked against the second table. A
# file's folder is the one it sits in (core/, client/, ...), which must be
# the one the first table gives it, so that the document and the tree
# cannot disagree. The public headers are the exception: they sit at the
# top of mcp-glib/, as they are installed, and belong to the folder of
# their name in the table; they include no private header at all. Every
# file must be in the first table (or in tools/ or gi/).
#
# Before the real tree, the checker runs on a planted violation and must
# find it: a test that cannot fail proves nothing.
#
# Usage: test-layering.py SRCDIR. Standard library only; prints TAP.

import os
import re
import sys

SUFFIXES = ("-private.h", ".h.in", ".c", ".h")
# Folders whose files the table does not list: they hold only their own,
# and include no private header but those of their own folder (gtk/, the
# McpGtk library, uses the core through its public API alone).
OWN_FOLDERS = ("tools", "gi", "gtk")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+-private\.h)"', re.M)
SECTION = "## Folders and the layering rule"


def stem(name):
    for suffix in SUFFIXES:
        if name.endswith(suffix):
            return name[:-len(suffix)]
    return None


def folder_name(cell):
    """`core/` -> "core"; `mcp-glib/` (the top) -> ""."""
    cell = cell.strip().strip("`").rstrip("/")
    return "" if cell == "mcp-glib" else cell


def read_tables(doc_path):
    """The two tables of the section: {stem: folder} and
    {folder: set of folders whose private headers it may include}."""
    with open(doc_path, encoding="utf-8") as f:
        text = f.read()
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    section = text[start:end if end >= 0 else len(text)]

    tables = []
    current = None
    for line in section.splitlines():
        if not line.startswith("|"):
            current = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if current is None:
            current = {"header": cells, "rows": []}
            tables.append(current)
        elif set(cells[0]) <= set("- "):
            continue
        else:
            current["rows"].append(cells)

    files = {}
    allowed = {}
    for table in tables:
        if table["header"][1] == "its files":
            for folder, names in table["rows"]:
                for name in re.findall(r"`([^`]+)`", names):
                    if name in files:
                        raise ValueError("%s is listed twice in the table of files" % name)
                    files[name] = folder_name(folder)
        elif table["header"][1] == "may include the private headers of":
            for folder, others in table["rows"]:
                allowed[folder_name(folder)] = {folder_name(o)
                                                for o in re.findall(r"`([^`]+)`", others)}
    if not files or not allowed:
        raise ValueError("the section has no table of files or of includes")
    return files, allowed


def folder_of(relpath, files):
    """The folder (layer) of a file given relative to mcp-glib/, and a
    problem if the tree and the table disagree about it."""
    parts = relpath.split("/")
    name = stem(parts[-1])
    sits_in = "/".join(parts[:-1])
    if sits_in.split("/")[0] in OWN_FOLDERS:
        return sits_in.split("/")[0], None
    if name not in files:
        return None, "%s is in no folder of the table in doc/architecture.md" % relpath
    listed = files[name]
    if sits_in == "" and is_public_header(parts[-1]):
        return listed, None
    if sits_in != listed:
        return sits_in, "%s sits in %s/, but the table puts it in %s/" % (
            relpath, sits_in or "mcp-glib", listed or "mcp-glib")
    return listed, None


def is_public_header(name):
    return name.endswith(".h") and not name.endswith("-private.h")


def check(sources, files, allowed):
    """sources: {relpath: text}. Returns the list of problems."""
    problems = []
    folders = {}
    for relpath in sources:
        folder, problem = folder_of(relpath, files)
        if problem:
            problems.append(problem)
        folders[relpath] = folder

    for relpath, text in sorted(sources.items()):
        folder = folders[relpath]
        if folder is None:
            continue
        if "/" not in relpath and is_public_header(relpath) and INCLUDE.search(text):
            problems.append("%s is a public header, and includes a private one" % relpath)
            continue
        for header in INCLUDE.findall(text):
            name = stem(os.path.basename(header))
            if folder in OWN_FOLDERS:
                if os.path.join(folder, os.path.basename(header)) not in sources:
                    problems.append("%s (%s/) includes %s, which is not of its own folder" % (
                        relpath, folder, header))
                continue
            if name not in files:
                problems.append("%s includes %s, which is in no folder of the table" % (
                    relpath, header))
                continue
            target = files[name]
            may = allowed.get(folder, set()) | {folder}
            if target not in may:
                problems.append("%s (%s/) includes %s (%s/): not allowed by the layering rule" % (
                    relpath, folder or "mcp-glib", header, target or "mcp-glib"))
    return problems


def read_sources(root):
    sources = {}
    for directory, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            if stem(name) is None:
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as f:
                sources[os.path.relpath(path, root)] = f.read()
    return sources


def main():
    srcdir = sys.argv[1]
    files, allowed = read_tables(os.path.join(srcdir, "doc", "architecture.md"))
    sources = read_sources(os.path.join(srcdir, "mcp-glib"))
    results = []

    # The checker finds what it must: a file of core/ that includes a
    # private header of client/, and a file the table does not know.
    planted = dict(sources)
    core_file = next(p for p in sorted(sources) if p.startswith("core/") and p.endswith(".c"))
    planted[core_file] = planted[core_file] + '\n#include "mcp-client-private.h"\n'
    planted["mcp-nowhere.c"] = ""
    planted["mcp-tool.c"] = ""
    planted["gtk/mcp-gtk-planted.c"] = '#include "mcp-client-private.h"\n'
    found = check(planted, files, allowed)
    caught = (any(core_file in p and "mcp-client-private.h" in p for p in found) and
              any("gtk/mcp-gtk-planted.c" in p for p in found) and
              any("mcp-nowhere.c" in p for p in found) and
              any(p.startswith("mcp-tool.c sits in mcp-glib/") for p in found))
    results.append((caught, "a planted violation is caught", found))

    problems = check(sources, files, allowed)
    results.append((not problems, "every private include under mcp-glib/ follows the rule "
                    "(%d files)" % len(sources), problems))

    print("1..%d" % len(results))
    failed = 0
    for number, (ok, what, details) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", number, what))
        if not ok:
            failed += 1
            for detail in details:
                print("# " + detail)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
