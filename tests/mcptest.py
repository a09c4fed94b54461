# mcptest.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What the Python test programs share: waiting for asynchronous calls on a
# main loop, building JSON arguments, and a TAP runner.

import sys

import gi

gi.require_version("GLib", "2.0")
gi.require_version("Gio", "2.0")
gi.require_version("Json", "1.0")
gi.require_version("Mcp", "1")

from gi.repository import GLib, Json  # noqa: E402

TIMEOUT_SECONDS = 30


def wait(start, timeout=TIMEOUT_SECONDS):
    """Runs start(callback) and iterates a main loop until the callback fires."""
    loop = GLib.MainLoop()
    box = {}

    def done(source, result, *args):
        box["result"] = result
        loop.quit()

    def give_up():
        box["timeout"] = True
        loop.quit()
        return GLib.SOURCE_REMOVE

    timeout_id = GLib.timeout_add_seconds(timeout, give_up)
    start(done)
    loop.run()
    if "timeout" in box:
        raise AssertionError("no answer within %d s" % timeout)
    GLib.source_remove(timeout_id)
    return box["result"]


def wait_until(condition, timeout=TIMEOUT_SECONDS, what="the condition"):
    """Iterates the main context until condition() is true."""
    deadline = GLib.get_monotonic_time() + timeout * 1000000
    context = GLib.MainContext.default()
    while not condition():
        if GLib.get_monotonic_time() > deadline:
            raise AssertionError("%s did not happen within %d s" % (what, timeout))
        context.iteration(False) or GLib.usleep(2000)


def json_object(text):
    """A Json.Object from JSON text: the shortest way to tool arguments."""
    node = Json.from_string(text)
    assert node.get_node_type() == Json.NodeType.OBJECT, text
    return node.get_object()


def run_tests(tests):
    """Runs each test, printing TAP; returns the exit status."""
    print("1..%d" % len(tests))
    failed = 0
    for number, test in enumerate(tests, 1):
        skip = getattr(test, "skip_reason", None)
        if skip:
            print("ok %d %s # SKIP %s" % (number, test.__name__, skip))
            continue
        try:
            test()
            print("ok %d %s" % (number, test.__name__))
        except Exception as error:  # report every failure, keep going
            failed += 1
            print("not ok %d %s" % (number, test.__name__))
            for line in ("%s: %s" % (type(error).__name__, error)).splitlines():
                print("# " + line)
        sys.stdout.flush()
    return 1 if failed else 0
