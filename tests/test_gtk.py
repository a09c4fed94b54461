#!/usr/bin/python3
# test_gtk.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# McpGtk's widgets, driven as a user would, on one headless Wayland display
# (weston) with the accessibility bus, in a private session bus, as
# test_workbench.py does (whose desktop this test shares): each widget is
# shown by tests/mcp-gtk-test-app.c, filled in and submitted through its
# accessibility tree (typing into its fields, clicking its buttons), and
# checked against the JSON it produced, which the app writes on its
# standard output: a form's value, or the response the scripted test
# server got to its elicitation or sampling request. The schema form is
# also checked against cases of the JSON Schema Test Suite. Each widget
# leaves a screenshot, gtk-NAME.png, in the build directory (the ones of
# doc/images/ are made so).

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import test_workbench  # noqa: E402
from mcptest import run_tests  # noqa: E402
from test_workbench import Desktop, Workbench, die_with_parent, wait_for  # noqa: E402

TIMEOUT = 30
APP_ID = "io.github.McpGlib.GtkTest"
APP_PATH = "/io/github/McpGlib/GtkTest"

build_dir = os.environ.get("G_TEST_BUILDDIR", os.getcwd())
test_app = os.environ.get("MCP_GTK_TEST_APP")
test_server = os.environ.get("MCP_TEST_SERVER")
suite_dir = os.environ.get("MCP_GTK_SUITE_DIR")


def missing_piece():
    if test_app is None or test_server is None or suite_dir is None:
        return "MCP_GTK_TEST_APP, MCP_TEST_SERVER and MCP_GTK_SUITE_DIR are not set"
    # The workbench's test needs the same desktop, and the npm peers besides.
    test_workbench.workbench = test_workbench.workbench or test_app
    test_workbench.demo_server = test_workbench.demo_server or test_server
    reason = test_workbench.missing_piece()
    if reason is not None and "npm" not in reason:
        return reason
    return None


class TestApp(Workbench):
    """The test app: its actions over D-Bus, its accessibility tree (the
    workbench's helpers), and the JSON lines it writes."""

    def __init__(self, desktop, directory):
        from gi.repository import Gio

        self.log = os.path.join(directory, "app.log")
        wrapper = os.environ.get("MCP_GTK_TEST_WRAPPER", "").split()
        self.process = subprocess.Popen(wrapper + [test_app, test_server], env=desktop.env,
                                        stdout=subprocess.PIPE,
                                        stderr=open(self.log, "wb"),
                                        preexec_fn=die_with_parent)
        desktop.processes.append(self.process)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        wait_for(lambda: test_workbench.bus_has_name(APP_ID), "the app on the session bus")
        self.app_actions = Gio.DBusActionGroup.get(bus, APP_ID, APP_PATH)
        self.window_actions = self.app_actions
        self.app = wait_for(self._find_application, "the app on the accessibility bus")
        assert self.next_line("connect") == {"scenario": "connect", "state": "ready"}

    def _read(self):
        for line in self.process.stdout:
            try:
                self.lines.put(json.loads(line))
            except ValueError:
                # Not the app's: a debugger's, say (MCP_GTK_TEST_WRAPPER).
                sys.stderr.write(line.decode(errors="replace"))

    def _find_application(self):
        import pyatspi

        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            application = desktop.getChildAtIndex(i)
            if application is not None and application.name == "mcp-gtk-test-app":
                return application
        return None

    def next_line(self, scenario):
        """The next line the app writes about @scenario (others are
        dropped)."""
        while True:
            try:
                line = self.lines.get(timeout=TIMEOUT)
            except queue.Empty:
                raise AssertionError("the app said nothing about %s" % scenario)
            if line.get("scenario") == scenario:
                return line

    def show(self, scenario, title):
        self.activate("show", scenario, window=False)
        return self.wait("frame", title)

    def screenshot(self, name):
        path = os.path.join(build_dir, "gtk-%s.png" % name)
        if os.path.exists(path):
            os.unlink(path)
        self.activate("screenshot", path, window=False)
        line = self.next_line("screenshot")
        assert line.get("path") == path, line
        with open(path, "rb") as png:
            assert png.read(8) == b"\x89PNG\r\n\x1a\n", "the screenshot is not a PNG"

    def toggle(self, name, root):
        """Presses a toggle button in, or turns a switch on or off, by its
        name (GTK 4.8 gives a toggle button the role of a button, newer
        ones their own; a switch is a check box to AT-SPI)."""
        found = wait_for(lambda: next((role for role in ("toggle button", "push button", "check box")
                                       if self.button(name, root, role)), None),
                         "a toggle button or switch %r" % name)
        self.click(name, root=root, role=found)

    def quit(self):
        self.activate("quit", window=False)
        try:
            self.process.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("the app did not quit")


app = None
desktop = None


def test_json_schema_suite():
    files = sorted(os.path.join(suite_dir, name) for name in os.listdir(suite_dir)
                   if name.endswith(".json"))
    result = subprocess.run([test_app, "--suite"] + files, env=desktop.env,
                            capture_output=True, text=True, timeout=120)
    lines = result.stdout.splitlines()
    failures = [line for line in lines if line.startswith("not ok")]
    passed = [line for line in lines if line.startswith("ok")]
    assert result.returncode == 0 and not failures, "\n".join(failures) + result.stderr
    # The cases of every keyword file ran: none was skipped as a whole.
    for name in files:
        base = os.path.basename(name)
        assert any(" - %s: " % base in line for line in passed), "no case of %s ran" % base
    print("# %d cases of the JSON Schema Test Suite pass" % len(passed))


def test_schema_form():
    frame = app.show("form", "Schema Form")
    # Filled from JSON before it was shown.
    app.wait("text", "email", root=frame)
    app.type_into("text", "name", "A", root=frame)
    app.click("Submit", root=frame)
    line = app.next_line("form")
    assert "name" in line.get("error", ""), line
    # What is wrong is said under the field, and the other fields too.
    app.wait("label", "The value must have at least 2 characters", root=frame)
    app.wait("label", "Choose at least 1 item", root=frame)
    app.type_into("text", "name", "Ada", root=frame)
    app.toggle("work", frame)
    app.type_into("text", "city", "Paris", root=frame)
    app.type_into("text", "ratio", "0.5", root=frame)
    app.click("Submit", root=frame)
    line = app.next_line("form")
    assert line.get("value") == {
        "name": "Ada", "email": "ada@example.com", "age": 30, "ratio": 0.5, "color": "g",
        "tags": ["work"], "address": {"city": "Paris"},
    }, line
    wait_for(lambda: app.find("label", "Choose at least 1 item", root=frame) is None
             or not app.find("label", "Choose at least 1 item", root=frame).getState().contains(
                 __import__("pyatspi").STATE_VISIBLE), "the error to go")
    app.screenshot("schema-form")

    # A number out of its bounds.
    app.type_into("text", "ratio", "1", root=frame)
    app.click("Submit", root=frame)
    line = app.next_line("form")
    assert "ratio" in line.get("error", "") and "less than 1" in line["error"], line


def test_content_view():
    frame = app.show("content", "Content View")
    app.wait("label", "The weather in Paris: sunny, 21 °C", root=frame)
    app.wait("image", contains="Image, image/png, 2 × 2", root=frame)
    app.wait("label", contains="Audio, audio/wav", root=frame)
    app.wait("label", "Bring an umbrella", root=frame)
    app.wait("label", contains='"mystery"', root=frame)
    app.wait("label", "Structured content", root=frame)
    app.screenshot("content-view")
    app.click("Forecast", root=frame)
    assert app.next_line("content")["resource"] == "test://forecast/paris"


def test_resource_and_prompt():
    frame = app.show("resource-and-prompt", "Resource and Prompt")
    app.wait("label", "# Read me", root=frame)
    app.wait("label", "Say hello", root=frame)
    app.wait("label", "A greeting", root=frame)
    app.wait("label", "Notes", root=frame)
    app.wait("label", "A note", root=frame)
    app.click("test://readme.md", root=frame)
    assert app.next_line("content")["resource"] == "test://readme.md"


def test_elicitation():
    frame = app.show("elicitation", "Elicitation")
    app.wait("label", "Test Server asks for your input", root=frame)
    app.wait("label", "Where should the parcel go?", root=frame)
    app.type_into("text", "city", "Lyon", root=frame)
    app.toggle("express", frame)
    app.screenshot("elicitation-view")
    app.click("Submit", root=frame)
    response = app.next_line("elicitation")["response"]
    assert response["result"] == {"action": "accept",
                                  "content": {"city": "Lyon", "express": True}}, response


def test_elicitation_decline():
    frame = app.show("elicitation", "Elicitation")
    app.wait("text", "city", root=frame)
    app.click("Decline", root=frame)
    response = app.next_line("elicitation")["response"]
    assert response["result"] == {"action": "decline"}, response


def test_elicitation_url():
    frame = app.show("elicitation-url", "URL Elicitation")
    assert app.next_line("elicitation-url")["domain"] == "bank.example.com"
    app.wait("label", "bank.example.com", root=frame)
    app.wait("label", "https://bank.example.com/connect?session=42", root=frame)
    app.screenshot("elicitation-url")
    # Opened through the desktop: in its default browser.
    app.click("Open", root=frame)
    response = app.next_line("elicitation-url")["response"]
    assert response["result"] == {"action": "accept"}, response
    wait_for(lambda: os.path.exists(desktop.browser_log) and
             "https://bank.example.com/connect?session=42" in open(desktop.browser_log).read(),
             "the browser to open the page")


def test_elicitation_dialog():
    app.activate("show", "elicitation-dialog", window=False)
    dialog = app.wait("frame", "Information Requested")
    app.wait("text", "name", root=dialog)
    app.click("Cancel", root=dialog)
    response = app.next_line("elicitation-dialog")["response"]
    assert response["result"] == {"action": "cancel"}, response
    wait_for(lambda: app.find("frame", "Information Requested") is None, "the dialog to close")


def test_sampling():
    frame = app.show("sampling", "Sampling")
    app.wait("label", "What is the capital of France?", root=frame)
    app.wait("label", "You are terse.", root=frame)
    app.wait("label", contains="Models: claude", root=frame)
    app.wait("label", contains="Speed: 80 %", root=frame)
    app.wait("label", contains="At most 100 tokens", root=frame)
    app.screenshot("sampling-view")
    app.click("Edit", root=frame)
    reply = app.wait("text", "Reply", root=frame)
    wait_for(lambda: reply.getState().contains(__import__("pyatspi").STATE_EDITABLE),
             "the reply to be editable")
    reply.queryEditableText().setTextContents("Paris.")
    app.click("Approve", root=frame)
    response = app.next_line("sampling")["response"]
    assert response["result"] == {"role": "assistant", "model": "test-model",
                                  "content": {"type": "text", "text": "Paris."},
                                  "stopReason": "endTurn"}, response


def test_sampling_deny():
    frame = app.show("sampling-deny", "Sampling")
    app.wait("label", "Tell me a secret", root=frame)
    app.click("Deny", root=frame)
    response = app.next_line("sampling-deny")["response"]
    assert response["error"]["code"] == -1, response
    assert "rejected" in response["error"]["message"], response


def test_log_view():
    frame = app.show("log", "Log View")
    log = app.wait("list", "Log", root=frame)
    app.wait("label", "Written by the test", root=log)
    # The group's connections: alpha is ready, beta (no such program) fails
    # (the log is shown once: the group is the app's).
    app.wait("label", "alpha", root=log)
    app.wait("label", contains="mcp-test-server", root=log)
    app.wait("label", "beta", root=log)
    app.wait("label", "failed", root=log)
    app.screenshot("log-view")
    # By server (in a log of the same group that is not shown: see the app).
    app.activate("log-server", "beta", window=False)
    lines = app.next_line("log")["lines"]
    assert lines >= 1, lines
    app.activate("log-server", "", window=False)
    assert app.next_line("log")["lines"] > lines
    app.activate("log-server", "-clear", window=False)
    assert app.next_line("log")["lines"] == 0


def test_server_list():
    frame = app.show("servers", "Server List")
    servers = app.wait("list", "Servers", root=frame)
    alpha = app.wait("list item", "alpha", root=servers)
    beta = app.wait("list item", "beta", root=servers)
    gamma = app.wait("list item", "gamma", root=servers)
    # alpha connects: its state says so, with the server's name.
    app.wait("label", contains="Ready: mcp-test-server", root=alpha)
    # beta fails: why, and when it is tried again, counted down.
    app.wait("label", "Failed", root=beta)
    app.wait("label", contains="nonexistent", root=beta)
    countdown = app.wait("label", contains="Trying again in", root=beta)
    first = int(countdown.name.split()[3])
    assert 0 < first <= 50, countdown.name
    wait_for(lambda: int(app.find("label", contains="Trying again in", root=beta).name.split()[3])
             < first, "the countdown to go down")
    # Neither needs a sign-in: no button.
    assert app.button("Sign In", servers) is None
    app.activate("server", "beta", window=False)
    assert app.next_line("servers")["server"] == {"name": "beta", "row": True,
                                                   "needs-sign-in": False}
    app.wait("label", contains="Ready", root=gamma)
    app.screenshot("server-list")
    # gamma leaves the group, and the list.
    app.activate("server", "-gamma", window=False)
    assert app.next_line("servers")["server"] == {"name": "gamma", "row": False}
    wait_for(lambda: app.find("list item", "gamma", root=servers) is None, "gamma's row to go")
    assert app.find("list item", "alpha", root=servers) is not None

    # A remote server that needs the user to sign in, which its
    # authorization may not do by itself: the row says so, and its Sign In
    # button lets it (the app's handler of ::sign-in) and tries again, in
    # the desktop's web browser.
    server = test_workbench.OAuthServer()
    try:
        app.activate("server", "remote=" + server.url, window=False)
        assert app.next_line("servers")["added"] == "remote"
        remote = app.wait("list item", "remote", root=servers)
        wait_for(lambda: app.button("Sign In", remote), "remote's Sign In button")
        app.wait("label", "Failed", root=remote)
        assert app.find("label", contains="Trying again in", root=remote) is None
        app.activate("server", "remote", window=False)
        assert app.next_line("servers")["server"] == {"name": "remote", "row": True,
                                                       "needs-sign-in": True}
        app.click("Sign In", root=remote)
        assert app.next_line("servers")["sign-in"] == "remote"
        app.wait("label", contains="Ready: mcp-oauth-test-server", root=remote)
        wait_for(lambda: app.button("Sign In", remote) is None,
                 "the Sign In button to go")
        visits = open(desktop.browser_log).read().splitlines()
        assert any(visit.startswith(server.origin + "/authorize?") for visit in visits), visits
    finally:
        app.activate("server", "-remote", window=False)
        app.next_line("servers")
        server.stop()


def find_application(name):
    import pyatspi

    desktop_node = pyatspi.Registry.getDesktop(0)
    for i in range(desktop_node.childCount):
        application = desktop_node.getChildAtIndex(i)
        if application is not None and application.name == name:
            return application
    return None


def test_python_example():
    """examples/gtk-tools.py, McpGtk through introspection: a notepad that
    gains the demo server's tools."""
    example = os.environ.get("MCP_GTK_EXAMPLE")
    demo = os.environ.get("MCP_DEMO_SERVER")
    if not example or not demo or not os.path.exists(demo):
        print("# SKIP the demo server is not built")
        return
    # Python loads the library: under .ci/sanitize, the ASan runtime it was
    # built with must be preloaded into it, as into this interpreter.
    env = dict(desktop.env)
    if os.environ.get("LD_PRELOAD"):
        env["LD_PRELOAD"] = os.environ["LD_PRELOAD"]
    log = open(os.path.join(os.path.dirname(desktop.browser_log), "example.log"), "wb")
    process = subprocess.Popen([sys.executable, example, demo], env=env, stdout=log,
                               stderr=subprocess.STDOUT, preexec_fn=die_with_parent)
    desktop.processes.append(process)
    try:
        notepad = Workbench.__new__(Workbench)
        notepad.app = wait_for(lambda: find_application("mcp-gtk-tools-example"),
                               "the example on the accessibility bus")
        tools = notepad.wait("panel", "Tools")
        notepad.click("add", root=tools)
        notepad.type_into("text", "a", "2")
        notepad.type_into("text", "b", "3.5")
        notepad.click("Run")
        result = notepad.wait("panel", "Result")
        notepad.wait("label", "2 + 3.5 = 5.5", root=result)
        notepad.click("Insert into the Notes")
        notes = notepad.wait("text", "Notes")
        wait_for(lambda: "2 + 3.5 = 5.5" in notes.queryText().getText(0, -1),
                 "the result in the notes")
    finally:
        process.terminate()
        process.wait(TIMEOUT)


def main():
    if os.environ.get("MCP_WORKBENCH_TEST_SESSION") != "1":
        reason = missing_piece()
        if reason is not None:
            print("1..0 # SKIP %s" % reason)
            return 0
        env = dict(os.environ, MCP_WORKBENCH_TEST_SESSION="1")
        argv = [sys.executable] + sys.argv
        preload = env.pop("LD_PRELOAD", None)
        if preload:
            argv = ["env", "LD_PRELOAD=" + preload] + argv
        return subprocess.call(["dbus-run-session", "--"] + argv, env=env,
                               preexec_fn=die_with_parent)

    global app, desktop
    directory = tempfile.mkdtemp(prefix="mcp-gtk-test-")
    desktop = test_workbench.desktop = Desktop(directory)
    status = 1
    try:
        try:
            app = TestApp(desktop, directory)
        except AssertionError as error:
            print("Bail out! %s" % error)
            raise
        status = run_tests([
            test_json_schema_suite,
            test_schema_form,
            test_content_view,
            test_resource_and_prompt,
            test_elicitation,
            test_elicitation_decline,
            test_elicitation_url,
            test_elicitation_dialog,
            test_sampling,
            test_sampling_deny,
            test_log_view,
            test_server_list,
            test_python_example,
        ])
        if status != 0:
            app.dump()
            with open(app.log) as log:
                for line in log.read().splitlines()[-40:]:
                    print("# " + line)
        app.quit()
    finally:
        desktop.stop()
    return status


if __name__ == "__main__":
    sys.exit(main())
