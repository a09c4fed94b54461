# test_skills.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# McpSkills (Skills extension, SEP-2640) through the typelib from Python,
# against the skills server on the TypeScript SDK v2
# (tests/mcp-skills-test-server.mjs) over stdio, in both revisions: the
# typed objects and their properties, loading before reading, bytes that
# reach Python as GLib.Bytes, and tampered content refused with
# Mcp.Error.SKILL_VERIFICATION_FAILED. Prints TAP; skips when the npm peers
# are not installed.

import json
import os
import shutil
import sys

import mcptest
from mcptest import items, run_tests, wait
from gi.repository import GLib, Mcp

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "mcp-skills-test-server.mjs")
SDK = os.path.join(HERE, "node_modules", "@modelcontextprotocol", "server", "package.json")
PDF = "skill://acme/pdf-processing/SKILL.md"
FORMS = "skill://acme/pdf-processing/references/FORMS.md"


class Session(mcptest.Session):
    """A client with its Skills extension on a fresh skills server."""

    def __init__(self, legacy=False):
        self.transport = Mcp.StdioTransport.new(["node", SERVER])
        self.client = Mcp.Client.new(self.transport)
        # Each revision for sure: a node server that starts slowly misses
        # the probe's deadline, and the default negotiation then settles
        # for 2025-11-25.
        if legacy:
            self.client.props.version_negotiation = Mcp.VersionNegotiation.LEGACY
        else:
            self.client.props.version_negotiation = Mcp.VersionNegotiation.PINNED
            self.client.props.pinned_protocol_version = "2026-07-28"
        self.skills = Mcp.Skills.new(self.client)
        self.client.connect_finish(wait(lambda cb: self.client.connect_async(None, cb)))

    def list(self):
        return items(self.skills.list_finish(wait(lambda cb: self.skills.list_async(None, None, cb))))

    def load(self, skill):
        return self.skills.load_finish(wait(lambda cb: self.skills.load_async(skill, None, None, cb)))

    def read(self, skill, uri):
        return self.skills.read_file_finish(
            wait(lambda cb: self.skills.read_file_async(skill, uri, None, None, cb)))

    def reads(self):
        return json.loads(self.text("reads"))


def by_name(skills, name):
    return next(s for s in skills if s.props.name == name)


def expect_error(code, call):
    try:
        call()
    except GLib.Error as error:
        assert error.domain == GLib.quark_to_string(Mcp.error_quark()), error
        assert error.code == int(code), (error.code, error.message)
        return error
    raise AssertionError("expected error %s" % code)


def check_session(legacy):
    s = Session(legacy)
    assert s.client.props.protocol_version == ("2025-11-25" if legacy else "2026-07-28")
    assert s.skills.props.supported and s.skills.props.directory_read
    assert s.skills.props.client is s.client

    skills = s.list()
    assert sorted(k.props.name for k in skills) == [
        "dynamic-notes", "evolving", "pdf-processing", "tampered-digest",
        "tampered-frontmatter", "tampered-size"]
    pdf = by_name(skills, "pdf-processing")
    assert pdf.props.uri == PDF and not pdf.props.loaded and not pdf.props.dynamic
    assert pdf.props.frontmatter["license"] == "Apache-2.0", pdf.props.frontmatter
    assert pdf.get_frontmatter()["metadata"]["author"] == "Acme \"Docs\" Team"
    files = {f.props.uri: f for f in items(pdf.props.files)}
    assert files[FORMS].props.size == 35 and files[FORMS].props.digest.startswith("sha256:")

    # Nothing is read before the skill is loaded.
    expect_error(Mcp.Error.SKILL_NOT_LOADED, lambda: s.read(pdf, FORMS))
    assert s.reads().get(FORMS, 0) == 0

    skill_md = s.load(pdf)
    assert skill_md.get_data().startswith(b"---\nname: pdf-processing\n")
    assert pdf.props.loaded
    assert s.read(pdf, FORMS).get_data() == b"# Forms\n\nFill the fields in order.\n"
    children = s.skills.read_directory_finish(wait(
        lambda cb: s.skills.read_directory_async(pdf, "skill://acme/pdf-processing/", None, None, cb)))
    assert sorted(r.props.name for r in items(children)) == ["SKILL.md", "assets", "references"]

    got = s.skills.get_finish(wait(lambda cb: s.skills.get_async(PDF, None, None, cb)))
    assert got.props.description == pdf.props.description

    for name in ("tampered-digest", "tampered-size", "tampered-frontmatter"):
        skill = by_name(skills, name)
        error = expect_error(Mcp.Error.SKILL_VERIFICATION_FAILED, lambda: s.load(skill))
        assert name in error.message, error.message
        assert not skill.props.loaded
    s.close()


def test_skills_2026():
    check_session(legacy=False)


def test_skills_2025():
    check_session(legacy=True)


TESTS = [test_skills_2026, test_skills_2025]

if not os.path.exists(SDK) or shutil.which("node") is None:
    for test in TESTS:
        test.skip_reason = "node or the TypeScript SDK v2 is not installed (npm ci in tests/)"

if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
