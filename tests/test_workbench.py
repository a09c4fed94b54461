#!/usr/bin/python3
# test_workbench.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The workbench, driven as a user would: a headless Wayland display
# (weston), a private session bus with the accessibility bus, and the app
# started on a configuration file of its own (VS Code's mcp.json form) with
# two demo servers, whose tools collide, server-everything, a demo server
# that needs a secret input, and a broken entry; later a remote server that
# requires OAuth, signed in to through a stand-in web browser registered as
# the desktop's default one, with the tokens in a gnome-keyring of the
# test's own. The test acts through the
# app's actions (exported on D-Bus by GApplication) and its accessibility
# tree (AT-SPI: it clicks buttons, types into fields, reads labels), and
# looks at what a user could see outside the app: the configuration file
# and the servers' processes in /proc. It uses no private hooks. It leaves
# a screenshot, made by the app's own app.screenshot action, in the build
# directory.
#
# It runs itself again inside dbus-run-session, so that nothing touches
# the user's session bus, display or files; it skips, saying why, when a
# piece of the desktop or the npm peers are missing.

import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mcptest import run_tests  # noqa: E402

APP_ID = "io.github.McpGlib.Workbench"
APP_PATH = "/io/github/McpGlib/Workbench"
AT_SPI_BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
TIMEOUT = 30

build_dir = os.environ.get("G_TEST_BUILDDIR", os.getcwd())
source_dir = os.path.dirname(os.path.abspath(__file__))
workbench = os.environ.get("MCP_WORKBENCH")
demo_server = os.environ.get("MCP_DEMO_SERVER")
everything = os.path.join(source_dir, "node_modules", "@modelcontextprotocol",
                          "server-everything", "dist", "index.js")
apps_server = os.path.join(source_dir, "node_modules", "@modelcontextprotocol",
                           "server-basic-vanillajs", "dist", "index.js")
# Set (to "0") by the run on a workbench built without WebKitGTK: it
# shows no app view, and the result as ever.
app_views = os.environ.get("MCP_WORKBENCH_APP_VIEWS", "1") == "1"


def missing_piece():
    """What the test cannot run without, or None."""
    for program in ("dbus-run-session", "weston", "node"):
        if shutil.which(program) is None:
            return "%s is not installed" % program
    if not os.access(AT_SPI_BUS_LAUNCHER, os.X_OK):
        return "at-spi2-core is not installed"
    if workbench is None or demo_server is None:
        return "MCP_WORKBENCH and MCP_DEMO_SERVER are not set (run it from meson test)"
    if not os.path.exists(everything) or not os.path.exists(apps_server):
        return "the npm peers are not installed (npm ci in tests/)"
    try:
        import gi

        gi.require_version("Atspi", "2.0")
        import pyatspi  # noqa: F401
    except (ImportError, ValueError):
        return "pyatspi is not installed"
    return None


def die_with_parent():
    """Runs in a child before its program: the child gets SIGTERM when this
    process dies, however it dies, so that no process outlives the test."""
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def bus_has_name(name):
    from gi.repository import Gio, GLib

    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus",
                          "org.freedesktop.DBus", "NameHasOwner",
                          GLib.Variant("(s)", (name,)), None, 0, -1, None)
    return reply.unpack()[0]


def wait_for(condition, what, timeout=TIMEOUT, interval=0.05):
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = condition()
        except Exception as error:
            # The accessibility tree changes while it is read (a dialog
            # closes, a row is replaced): a node that went away in the
            # middle of a search is no answer yet.
            if getattr(error, "domain", None) != "atspi_error":
                raise
            value, last_error = None, error
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("%s did not happen within %d s%s" % (
                what, timeout, "" if last_error is None else " (last: %s)" % last_error))
        time.sleep(interval)


BROWSER = """import sys
import urllib.request

with open(%(log)r, "a") as log:
    log.write(sys.argv[1] + "\\n")
# What a browser does here: show the authorization page, which the scripted
# authorization server answers with a redirect to the workbench's loopback
# listener, and follow it. No proxy: everything is on 127.0.0.1.
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
opener.open(sys.argv[1], timeout=30).read()
"""

BROWSER_DESKTOP = """[Desktop Entry]
Type=Application
Name=Test Browser
Exec=%(python)s %(script)s %%u
MimeType=x-scheme-handler/http;x-scheme-handler/https;
NoDisplay=true
"""


def install_browser(directory, env):
    """Makes a stand-in web browser the desktop's default one, in the
    test's own XDG directories; returns the file where it writes each
    address it is asked to open."""
    log = os.path.join(directory, "browser.log")
    script = os.path.join(directory, "browser.py")
    with open(script, "w") as f:
        f.write(BROWSER % {"log": log})
    applications = os.path.join(env["XDG_DATA_HOME"], "applications")
    os.makedirs(applications)
    with open(os.path.join(applications, "test-browser.desktop"), "w") as f:
        f.write(BROWSER_DESKTOP % {"python": sys.executable, "script": script})
    os.makedirs(env["XDG_CONFIG_HOME"], exist_ok=True)
    with open(os.path.join(env["XDG_CONFIG_HOME"], "mimeapps.list"), "w") as f:
        f.write("[Default Applications]\n"
                "x-scheme-handler/http=test-browser.desktop\n"
                "x-scheme-handler/https=test-browser.desktop\n")
    return log


def start_keyring(env):
    """Starts gnome-keyring on the private bus, unlocked with a throwaway
    password, its files in the test's home; it ends with the bus. Returns
    whether there is one."""
    if shutil.which("gnome-keyring-daemon") is None:
        return False
    subprocess.run(["gnome-keyring-daemon", "--unlock", "--components=secrets"], input=b"test",
                   env=env, stdout=subprocess.DEVNULL, check=True, timeout=TIMEOUT)
    return True


def keyring_items(schema):
    """The items of the test's keyring with the given schema."""
    from gi.repository import Gio, GLib

    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync("org.freedesktop.secrets", "/org/freedesktop/secrets",
                          "org.freedesktop.Secret.Service", "SearchItems",
                          GLib.Variant("(a{ss})", ({"xdg:schema": schema},)), None, 0, -1, None)
    unlocked, locked = reply.unpack()
    return unlocked + locked


class Desktop:
    """A headless Wayland compositor and the accessibility bus, on the
    private session bus this process runs in."""

    def __init__(self, directory):
        self.processes = []
        self.env = dict(os.environ)
        runtime = os.path.join(directory, "runtime")
        home = os.path.join(directory, "home")
        os.mkdir(runtime, 0o700)
        os.mkdir(home)
        self.env.update({
            "XDG_RUNTIME_DIR": runtime,
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"),
            "WAYLAND_DISPLAY": "wayland-workbench",
            "GDK_BACKEND": "wayland",
            "GTK_A11Y": "atspi",
            "GSETTINGS_BACKEND": "memory",
            "NO_AT_BRIDGE": "0",
            "LC_ALL": "C.UTF-8",
            "LANGUAGE": "",
        })
        self.env.pop("DISPLAY", None)
        self.env.pop("LD_PRELOAD", None)
        # Under .ci/sanitize the workbench is built with ASan, and GTK
        # allocates so much that unwinding the slow way at every malloc
        # makes it take minutes to show its window.
        if "ASAN_OPTIONS" in self.env:
            self.env["ASAN_OPTIONS"] = self.env["ASAN_OPTIONS"].replace(
                "fast_unwind_on_malloc=0", "fast_unwind_on_malloc=1")
        os.environ.update(self.env)

        self.keyring = start_keyring(self.env)
        self.browser_log = install_browser(directory, self.env)

        self.start(["weston", "--backend=headless-backend.so", "--socket=wayland-workbench",
                    "--width=1280", "--height=800", "--idle-time=0"],
                   log=os.path.join(directory, "weston.log"))
        socket = os.path.join(runtime, "wayland-workbench")
        wait_for(lambda: os.path.exists(socket), "the Wayland display")
        self.start([AT_SPI_BUS_LAUNCHER, "--launch-immediately"],
                   log=os.path.join(directory, "at-spi.log"))
        wait_for(lambda: bus_has_name("org.a11y.Bus"), "the accessibility bus")

    def start(self, argv, log=None, **kwargs):
        output = open(log, "wb") if log else subprocess.DEVNULL
        process = subprocess.Popen(argv, env=self.env, stdout=output, stderr=subprocess.STDOUT,
                                   preexec_fn=die_with_parent, **kwargs)
        self.processes.append(process)
        return process

    def stop(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


NOTIFICATIONS_XML = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/>
      <arg type="u" direction="in"/>
      <arg type="s" direction="in"/>
      <arg type="s" direction="in"/>
      <arg type="s" direction="in"/>
      <arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/>
      <arg type="i" direction="in"/>
      <arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification">
      <arg type="u" direction="in"/>
    </method>
    <method name="GetCapabilities">
      <arg type="as" direction="out"/>
    </method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/>
      <arg type="s" direction="out"/>
      <arg type="s" direction="out"/>
      <arg type="s" direction="out"/>
    </method>
    <signal name="ActionInvoked">
      <arg type="u"/>
      <arg type="s"/>
    </signal>
    <signal name="NotificationClosed">
      <arg type="u"/>
      <arg type="u"/>
    </signal>
  </interface>
</node>
"""


class Notifications(threading.Thread):
    """A desktop notification server on the private bus, in a thread of
    its own, that keeps what it is sent: which notifications are shown
    (id: (summary, body, actions)) and which were closed."""

    def __init__(self):
        super().__init__(daemon=True)
        self.shown = {}
        self.closed = set()
        self.ready = threading.Event()
        self.start()
        if not self.ready.wait(TIMEOUT):
            raise AssertionError("the notification server did not start")

    def run(self):
        from gi.repository import Gio, GLib

        context = GLib.MainContext()
        context.push_thread_default()
        connection = Gio.DBusConnection.new_for_address_sync(
            os.environ["DBUS_SESSION_BUS_ADDRESS"],
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
            | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        interface = Gio.DBusNodeInfo.new_for_xml(NOTIFICATIONS_XML).interfaces[0]
        connection.register_object("/org/freedesktop/Notifications", interface,
                                   self._on_call, None, None)
        loop = GLib.MainLoop(context)
        Gio.bus_own_name_on_connection(connection, "org.freedesktop.Notifications",
                                       Gio.BusNameOwnerFlags.NONE,
                                       lambda *args: self.ready.set(), None)
        loop.run()

    def _on_call(self, connection, sender, path, interface, method, parameters, invocation):
        from gi.repository import GLib

        if method == "Notify":
            app_name, replaces, icon, summary, body, actions, hints, timeout = parameters.unpack()
            number = replaces or len(self.shown) + 1
            self.shown[number] = (summary, body, actions)
            invocation.return_value(GLib.Variant("(u)", (number,)))
        elif method == "CloseNotification":
            self.closed.add(parameters.unpack()[0])
            invocation.return_value(None)
        elif method == "GetCapabilities":
            invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
        else:
            invocation.return_value(GLib.Variant("(ssss)", ("test", "mcp-glib", "1", "1.2")))

    def find(self, summary):
        for number, (shown_summary, body, actions) in list(self.shown.items()):
            if shown_summary == summary:
                return number, body, actions
        return None


class Workbench:
    """The app, its actions over D-Bus and its accessibility tree."""

    def __init__(self, desktop, directory, config):
        from gi.repository import Gio

        argv = [workbench, "--config", config]
        self.process = desktop.start(argv, log=os.path.join(directory, "workbench.log"))
        self.log = os.path.join(directory, "workbench.log")

        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        wait_for(lambda: bus_has_name(APP_ID), "the workbench on the session bus")
        self.app_actions = Gio.DBusActionGroup.get(bus, APP_ID, APP_PATH)
        self.window_actions = Gio.DBusActionGroup.get(bus, APP_ID, APP_PATH + "/window/1")
        self.app = wait_for(self._find_application, "the workbench on the accessibility bus")

    def _find_application(self):
        import pyatspi

        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            application = desktop.getChildAtIndex(i)
            if application is not None and application.name == "mcp-glib-workbench":
                return application
        return None

    def activate(self, name, parameter=None, window=True):
        from gi.repository import GLib

        group = self.window_actions if window else self.app_actions
        group.activate_action(name, None if parameter is None else GLib.Variant("s", parameter))

    def find(self, role, name=None, root=None, contains=None):
        import pyatspi

        # GTK 4.8 does not keep the showing state: searches are scoped by
        # their root instead.
        def matches(node):
            try:
                return (node.getRoleName() == role
                        and (name is None or node.name == name)
                        and (contains is None or contains in (node.name or "")))
            except Exception:
                return False

        return pyatspi.findDescendant(root or self.app, matches)

    def wait(self, role, name=None, contains=None, root=None, timeout=TIMEOUT):
        what = "a %s %s" % (role, repr(name if name is not None else contains))
        return wait_for(lambda: self.find(role, name, root, contains), what, timeout)

    def button(self, name, root=None, role="push button"):
        # GTK 4.8 names a button after its label property and its content
        # both, and not after a label set later: its child label is what
        # the user reads.
        for button in self.find_all(role, root):
            if button.name == name or any(child.getRoleName() == "label" and child.name == name
                                          for child in button):
                return button
        return None

    def named(self, name, root=None):
        """The node called @name, whatever its role, or None."""
        import pyatspi

        def matches(node):
            try:
                return node.name == name
            except Exception:
                return False

        return pyatspi.findDescendant(root or self.app, matches)

    def find_all(self, role, root=None):
        import pyatspi

        return pyatspi.findAllDescendants(root or self.app, lambda node: node.getRoleName() == role)

    def click(self, name, root=None, role="push button"):
        button = wait_for(lambda: self.button(name, root, role), "a %s %r" % (role, name))
        wait_for(lambda: self._enabled(button), "the %s button to be enabled" % name)
        action = button.queryAction()
        for i in range(action.nActions):
            if action.getName(i) in ("click", "activate"):
                action.doAction(i)
                return
        action.doAction(0)

    @staticmethod
    def _enabled(node):
        import pyatspi

        return node.getState().contains(pyatspi.STATE_SENSITIVE)

    def details(self):
        return self.wait("panel", "Details")

    def show_tool(self, tool, title):
        """Waits for the tool, by its name in the group, in the list of
        tools, and shows it."""
        tools = self.wait("list", "Tools")
        wait_for(lambda: self.find("label", tool, root=tools), "the tool %s" % tool)
        self.activate("show-tool", tool)
        return self.wait("label", title, root=self.details())

    def row(self, list_name, *texts):
        """The labels of the first row of a list that has labels saying
        each of @texts (each within a label), or None."""
        import pyatspi

        view = self.wait("list", list_name)
        for item in self.find_all("list item", view):
            labels = [node.name or "" for node in
                      pyatspi.findAllDescendants(item, lambda node: node.getRoleName() == "label")]
            if all(any(text in label for label in labels) for text in texts):
                return labels
        return None

    def server_status(self, server):
        """What the row of a server says under its name."""
        labels = self.row("Servers", server)
        return labels[labels.index(server) + 1] if labels else None

    def wait_status(self, server, status, timeout=TIMEOUT):
        wait_for(lambda: (self.server_status(server) or "").startswith(status),
                 "the status of %s to be %r (it is %r)" % (server, status,
                                                           self.server_status(server)),
                 timeout)

    def dump(self, node=None, depth=0):
        """The accessibility tree, as TAP comments."""
        node = node or self.app
        try:
            print("# %s%s %r" % ("  " * depth, node.getRoleName(), node.name))
            for i in range(node.childCount):
                self.dump(node.getChildAtIndex(i), depth + 1)
        except Exception as error:
            print("# %s(%s)" % ("  " * depth, error))

    def type_into(self, role, name, text, root=None):
        field = self.wait(role, name, root=root)
        field.queryEditableText().setTextContents(text)

    def quit(self):
        self.activate("quit", window=False)
        try:
            self.process.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("the workbench did not quit")


workbench_app = None
desktop = None
notifications = None
config_file = None
test_directory = None
TOKEN = "s3cret-token"


def write_config(directory):
    """The configuration the workbench starts on: VS Code's form, with an
    input, and a tag in demo-1's arguments to find its process by."""
    config = {
        "inputs": [
            {"type": "promptString", "id": "token", "description": "Token of the locked demo",
             "password": True},
        ],
        "servers": {
            "demo-1": {"type": "stdio", "command": demo_server,
                       "args": ["--workbench-test=" + os.path.join(directory, "demo-1")]},
            "demo-2": {"type": "stdio", "command": demo_server},
            "everything": {"type": "stdio", "command": "node", "args": [everything, "stdio"]},
            "locked": {"type": "stdio", "command": demo_server,
                       "env": {"DEMO_TOKEN": "${input:token}"}},
            "broken": {"type": "stdio", "args": ["no command"]},
        },
    }
    path = os.path.join(directory, "mcp.json")
    with open(path, "w") as f:
        json.dump(config, f, indent=2)
    return path


def saved_servers():
    with open(config_file) as f:
        return json.load(f)["servers"]


def processes_with(text):
    """The processes of this user whose command line has @text, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % entry, "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if any(text.encode() in arg for arg in argv):
            found.append(int(entry))
    return found


def environ_of(pid):
    with open("/proc/%d/environ" % pid, "rb") as f:
        return [item.decode(errors="replace") for item in f.read().split(b"\0")]


def test_servers_connect():
    servers = workbench_app.wait("list", "Servers")
    for name in ("demo-1", "demo-2", "everything", "locked", "broken"):
        workbench_app.wait("label", name, root=servers)
    workbench_app.wait_status("demo-1", "Ready: mcp-demo-server 1.0.0")
    workbench_app.wait_status("demo-2", "Ready: mcp-demo-server")
    workbench_app.wait_status("everything", "Ready: mcp-servers/everything")


def test_broken_entry():
    # The entry has no command: its row and the list of problems say
    # where, as file:line:column.
    with open(config_file) as f:
        line = next(number for number, text in enumerate(f, 1) if '"broken"' in text)
    where = "%s:%d:" % (config_file, line)
    workbench_app.wait_status("broken", "Failed: " + where)
    workbench_app.wait("label", contains=where, root=workbench_app.wait("list", "Problems"))


def test_input():
    # The locked server's configuration needs a secret: the workbench asks
    # for it, and the server gets it in its environment.
    dialog = workbench_app.wait("frame", "Input Needed")
    workbench_app.wait("label", "locked needs a value from you", root=dialog)
    field = workbench_app.wait("password text", "Token of the locked demo", root=dialog)
    field.queryEditableText().setTextContents(TOKEN)
    workbench_app.click("Continue", root=dialog)
    workbench_app.wait_status("locked", "Ready: mcp-demo-server")
    assert not saved_servers()["locked"]["env"]["DEMO_TOKEN"].endswith(TOKEN)
    wait_for(lambda: any("DEMO_TOKEN=" + TOKEN in environ_of(pid)
                         for pid in processes_with(demo_server)
                         if os.path.exists("/proc/%d" % pid)),
             "a demo server with the token in its environment")


def test_colliding_names():
    # Every demo server has countdown and echo, and so has everything echo:
    # they go by their qualified names; a tool no other server has keeps
    # its own.
    tools = workbench_app.wait("list", "Tools")
    for name in ("demo-1__countdown", "demo-2__countdown", "locked__countdown",
                 "demo-1__echo", "demo-2__echo", "everything__echo", "get-tiny-image"):
        workbench_app.wait("label", name, root=tools)
    assert workbench_app.find("label", "countdown", root=tools) is None
    assert workbench_app.find("label", "echo", root=tools) is None
    assert workbench_app.row("Tools", "demo-2__countdown", "demo-2") is not None


def test_call_with_progress():
    workbench_app.show_tool("demo-1__countdown", "Countdown")
    details = workbench_app.details()
    workbench_app.wait("label", "demo-1__countdown", root=details)
    workbench_app.type_into("spin button", "from", "10", root=details)
    workbench_app.click("Call", root=details)
    workbench_app.wait("label", "Liftoff!", root=details)
    workbench_app.wait("label", contains="(progress 10 of 10)", root=details)


def test_cancel_call():
    workbench_app.show_tool("demo-1__countdown", "Countdown")
    details = workbench_app.details()
    workbench_app.type_into("spin button", "from", "10", root=details)
    workbench_app.click("Call", root=details)
    workbench_app.click("Cancel", root=details)
    workbench_app.wait("label", "Cancelled", root=details)


def test_elicitation():
    workbench_app.show_tool("trigger-elicitation-request", "Trigger Elicitation Request Tool")
    workbench_app.click("Call", root=workbench_app.details())
    dialog = workbench_app.wait("frame", "Information Requested")
    # Nothing has the keyboard on a headless display: the window is not
    # focused, so the request is announced on the desktop too, with the
    # action that brings its dialog back, and withdrawn once answered.
    number, body, actions = wait_for(lambda: notifications.find("everything asks for your input"),
                                     "the notification of the elicitation")
    assert body == "Information Requested", body
    assert "default" in actions, actions
    workbench_app.type_into("text", "name", "Ada Lovelace", root=dialog)
    workbench_app.click("Submit", root=dialog)
    workbench_app.wait("label", contains="- Name: Ada Lovelace", root=workbench_app.details())
    wait_for(lambda: number in notifications.closed, "the notification to be withdrawn")


def test_sampling():
    workbench_app.show_tool("trigger-sampling-request", "Trigger Sampling Request Tool")
    details = workbench_app.details()
    workbench_app.type_into("text", "prompt", "What is MCP?", root=details)
    workbench_app.click("Call", root=details)
    dialog = workbench_app.wait("frame", "Sampling Request")
    workbench_app.wait("label", contains="What is MCP?", root=dialog)
    workbench_app.click("Approve", root=dialog)
    workbench_app.wait("label", contains="canned reply from the MCP workbench", root=details)


def test_resource_and_prompt():
    uri = "demo://resource/static/document/features.md"
    resources = workbench_app.wait("list", "Resources")
    wait_for(lambda: workbench_app.find("label", uri, root=resources), "the resource " + uri)
    workbench_app.activate("show-resource", uri)
    details = workbench_app.details()
    workbench_app.wait("label", "features.md", root=details)
    workbench_app.click("Read", root=details)
    workbench_app.wait("label", contains="# Everything Server - Features", root=details)

    prompts = workbench_app.wait("list", "Prompts")
    wait_for(lambda: workbench_app.find("label", "simple-prompt", root=prompts), "simple-prompt")
    workbench_app.activate("show-prompt", "simple-prompt")
    workbench_app.wait("label", contains="Simple", root=details)
    workbench_app.click("Get", root=details)
    workbench_app.wait("label", "This is a simple prompt without arguments.", root=details)


def test_resource_link():
    # A link in a result reads its resource, which no server lists, from
    # the server of the result.
    workbench_app.show_tool("get-resource-links", "Get Resource Links Tool")
    details = workbench_app.details()
    workbench_app.click("Call", root=details)
    workbench_app.click("Text Resource 2", root=details)
    workbench_app.wait("label", "demo://resource/dynamic/text/2", root=details)
    workbench_app.wait("label", contains="Resource 2: This is a plaintext resource",
                       root=details)


def test_call_reaches_its_server():
    # demo-2__log goes to demo-2, whose log message the log pane shows as
    # demo-2's.
    workbench_app.show_tool("demo-2__log", "Log")
    details = workbench_app.details()
    workbench_app.type_into("text", "message", "Hello from the log pane", root=details)
    workbench_app.click("Call", root=details)
    wait_for(lambda: workbench_app.row("Log", "mcp-demo-server: Hello from the log pane"),
             "the log message")
    labels = workbench_app.row("Log", "mcp-demo-server: Hello from the log pane")
    assert "demo-2" in labels and "demo-1" not in labels, labels


def with_server(name, argv, test):
    """Runs @test with the stdio server @argv in the file as @name, and
    takes it out again."""
    set_servers(lambda servers: servers.update(
        {name: {"type": "stdio", "command": argv[0], "args": argv[1:]}}))
    try:
        workbench_app.wait_status(name, "Ready")
        test()
    finally:
        set_servers(lambda servers: servers.pop(name))
        servers = workbench_app.wait("list", "Servers")
        wait_for(lambda: workbench_app.find("label", name, root=servers) is None,
                 "%s to leave the list" % name)


def test_app_view():
    """A tool with an MCP Apps view, of an official ext-apps example server:
    calling it shows the view above the result, and what the view sends is
    in the log, such as the size of its content (the App SDK reports it).
    Built without WebKitGTK, the workbench shows the result alone."""
    def call_get_time():
        workbench_app.show_tool("get-time", "Get Time")
        details = workbench_app.details()
        workbench_app.click("Call", root=details)
        # The result, as ever: the server's time, an ISO 8601 string.
        wait_for(lambda: workbench_app.find("label", contains="Z", root=details),
                 "the time in the result")
        if not app_views:
            time.sleep(2)
            assert workbench_app.named("App view of get-time", details) is None
            assert workbench_app.row("Log", "apps", "app view") is None
            return
        wait_for(lambda: workbench_app.named("App view of get-time", details),
                 "the app view of get-time")
        wait_for(lambda: workbench_app.row("Log", "apps", "app view",
                                           "ui/notifications/size-changed"),
                 "the size the view reports, in the log", timeout=60)

    with_server("apps", ["node", apps_server, "--stdio"], call_get_time)


def test_app_view_requests():
    """A scripted view that, given its tool's result, calls an app-only
    tool of its server (the call goes through), a model-only one (refused)
    and asks to open a link, which the user declines."""
    def call_from_view():
        workbench_app.show_tool("call-from-view", "call-from-view")
        details = workbench_app.details()
        workbench_app.click("Call", root=details)
        workbench_app.wait("label", "called", root=details)
        workbench_app.named("App view of call-from-view", details)
        dialog = workbench_app.wait("dialog", "Open Link?")
        workbench_app.wait("label", "https://example.org/caller", root=dialog)
        workbench_app.click("Cancel", root=dialog)
        for texts in (("app view", "tools/call refresh"),
                      ("app view", "tools/call model-only"),
                      ("app view", "ui/open-link"),
                      ("app view info", "refresh: refreshed"),
                      ("app view info", "model-only refused"),
                      ("app view info", "link not opened")):
            wait_for(lambda: workbench_app.row("Log", "scripted", *texts),
                     "%s in the log" % " ".join(texts))
        assert not any("example.org" in visit for visit in browser_visits()), browser_visits()

    with_server("scripted", [sys.executable, os.path.join(source_dir, "mcp-apps-test-server.py")],
                call_from_view)


def test_killed_server_comes_back():
    tag = "--workbench-test=" + os.path.join(test_directory, "demo-1")
    pids = wait_for(lambda: processes_with(tag), "the process of demo-1")
    assert len(pids) == 1, pids
    os.kill(pids[0], signal.SIGKILL)
    wait_for(lambda: workbench_app.row("Log", "demo-1", "failed", "signal 9"),
             "the log to say that demo-1 was killed")
    workbench_app.wait_status("demo-1", "Ready: mcp-demo-server")
    new_pids = wait_for(lambda: processes_with(tag), "a new process of demo-1")
    assert new_pids != pids, (pids, new_pids)
    workbench_app.show_tool("demo-1__countdown", "Countdown")
    details = workbench_app.details()
    workbench_app.type_into("spin button", "from", "1", root=details)
    workbench_app.click("Call", root=details)
    workbench_app.wait("label", "Liftoff!", root=details)


def test_add_server():
    workbench_app.click("Add Server")
    dialog = workbench_app.wait("frame", "Add Server")
    workbench_app.type_into("text", "Name", "demo-3", root=dialog)
    workbench_app.type_into("text", "Command", "%s --added" % demo_server, root=dialog)
    workbench_app.click("Add", root=dialog)
    workbench_app.wait_status("demo-3", "Ready: mcp-demo-server")
    workbench_app.wait("label", "demo-3__countdown", root=workbench_app.wait("list", "Tools"))
    wait_for(lambda: "demo-3" in saved_servers(), "demo-3 in the file")
    assert saved_servers()["demo-3"] == {"type": "stdio", "command": demo_server,
                                         "args": ["--added"]}, saved_servers()["demo-3"]


def test_edit_server():
    workbench_app.activate("select-server", "demo-3")
    workbench_app.click("Edit Server")
    dialog = workbench_app.wait("frame", "Edit Server")
    workbench_app.click("Disabled: keep the entry, but do not start the server", root=dialog,
                        role="check box")
    workbench_app.click("Save", root=dialog)
    workbench_app.wait_status("demo-3", "Disabled")
    wait_for(lambda: saved_servers()["demo-3"].get("disabled") is True, "demo-3 disabled")
    tools = workbench_app.wait("list", "Tools")
    wait_for(lambda: workbench_app.find("label", "demo-3__countdown", root=tools) is None,
             "the tools of demo-3 to go")


def test_sandbox_server():
    # The server dialog turns the sandbox on and edits its policy, in VS
    # Code's keys; test_remove_server then runs demo-3 in it.
    workbench_app.activate("select-server", "demo-3")
    workbench_app.click("Edit Server")
    dialog = workbench_app.wait("frame", "Edit Server")
    workbench_app.click("Run in a sandbox (bubblewrap): no home directory, no network, "
                        "writes to the roots only", root=dialog, role="check box")
    workbench_app.type_into("text", "Allowed domains", "registry.npmjs.org, *.example.org",
                            root=dialog)
    workbench_app.click("Save", root=dialog)
    wait_for(lambda: saved_servers()["demo-3"].get("sandboxEnabled") is True,
             "demo-3 sandboxed in the file")
    assert saved_servers()["demo-3"]["sandbox"] == {
        "network": {"allowedDomains": ["registry.npmjs.org", "*.example.org"]}
    }, saved_servers()["demo-3"]


def test_remove_server():
    # Enabled again from the file, which the workbench follows.
    config = json.load(open(config_file))
    del config["servers"]["demo-3"]["disabled"]
    with open(config_file + ".new", "w") as f:
        json.dump(config, f, indent=2)
    os.rename(config_file + ".new", config_file)
    workbench_app.wait_status("demo-3", "Ready: mcp-demo-server")
    workbench_app.show_tool("demo-3__countdown", "Countdown")

    workbench_app.activate("select-server", "demo-3")
    workbench_app.click("Edit Server")
    dialog = workbench_app.wait("frame", "Edit Server")
    workbench_app.click("Remove the Server", root=dialog)
    servers = workbench_app.wait("list", "Servers")
    wait_for(lambda: workbench_app.find("label", "demo-3", root=servers) is None,
             "demo-3 to leave the list")
    # What was shown of it went with it.
    details = workbench_app.details()
    wait_for(lambda: workbench_app.find("label", "Countdown", root=details) is None,
             "the tool of demo-3 to leave the details")
    wait_for(lambda: "demo-3" not in saved_servers(), "demo-3 to leave the file")
    assert sorted(saved_servers()) == ["broken", "demo-1", "demo-2", "everything", "locked"]


def test_command_line_server():
    # Run again, the workbench hands its command line to the instance that
    # runs. A server of --server is for the session: it is in no file, and
    # removing it leaves the file alone. (No preexec_fn: a thread runs.)
    before = saved_servers()
    subprocess.run([workbench, "--server", "quick=%s --quick" % demo_server], check=True,
                   timeout=TIMEOUT, stdout=subprocess.DEVNULL)
    workbench_app.wait_status("quick", "Ready: mcp-demo-server")
    workbench_app.wait("label", "quick__countdown", root=workbench_app.wait("list", "Tools"))
    workbench_app.activate("select-server", "quick")
    workbench_app.click("Edit Server")
    dialog = workbench_app.wait("frame", "Edit Server")
    workbench_app.wait("label", contains="Given on the command line", root=dialog)
    workbench_app.click("Remove the Server", root=dialog)
    servers = workbench_app.wait("list", "Servers")
    wait_for(lambda: workbench_app.find("label", "quick", root=servers) is None,
             "quick to leave the list")
    assert saved_servers() == before, saved_servers()


class OAuthServer:
    """mcp-oauth-test-server.py: an MCP server that requires OAuth and its
    authorization server, on 127.0.0.1; it exits when its standard input
    closes."""

    def __init__(self):
        script = os.path.join(source_dir, "mcp-oauth-test-server.py")
        self.process = subprocess.Popen([sys.executable, script], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, preexec_fn=die_with_parent)
        port = self.process.stdout.readline().split()[0].decode()
        self.origin = "http://127.0.0.1:" + port
        self.url = self.origin + "/mcp"

    def stop(self):
        self.process.stdin.close()
        self.process.wait(TIMEOUT)


def set_servers(change):
    """Changes the servers of the configuration file as another program
    would, replacing it at once."""
    config = json.load(open(config_file))
    change(config["servers"])
    with open(config_file + ".new", "w") as f:
        json.dump(config, f, indent=2)
    os.rename(config_file + ".new", config_file)


def browser_visits():
    if not os.path.exists(desktop.browser_log):
        return []
    with open(desktop.browser_log) as f:
        return f.read().splitlines()


def test_sign_in():
    # A remote server that requires OAuth, added to the file: the workbench
    # opens the desktop's web browser, which signs in, and keeps the tokens
    # in the keyring; connecting again needs no second visit.
    server = OAuthServer()
    try:
        set_servers(lambda servers: servers.update(remote={"type": "http", "url": server.url}))
        workbench_app.wait_status("remote", "Ready: mcp-oauth-test-server")
        visits = browser_visits()
        assert len(visits) == 1, visits
        assert visits[0].startswith(server.origin + "/authorize?"), visits
        assert "code_challenge_method=S256" in visits[0], visits
        wait_for(lambda: workbench_app.row("Log", "remote", "sign-in", "web browser"),
                 "the log to say where the sign-in continues")
        wait_for(lambda: workbench_app.row("Log", "remote", "signed in"),
                 "the log to say that the sign-in succeeded")
        workbench_app.show_tool("remote__echo", "echo")
        details = workbench_app.details()
        workbench_app.type_into("text", "text", "signed in", root=details)
        workbench_app.click("Call", root=details)
        workbench_app.wait("label", "signed in", root=details)
        if desktop.keyring:
            items = keyring_items("org.gnome.McpGlib.Credentials")
            assert len(items) == 1, "the keyring has %d credentials, not 1" % len(items)

        # Disabled and enabled again: a new connection, with the stored tokens.
        set_servers(lambda servers: servers["remote"].update(disabled=True))
        workbench_app.wait_status("remote", "Disabled")
        set_servers(lambda servers: servers["remote"].pop("disabled"))
        workbench_app.wait_status("remote", "Ready: mcp-oauth-test-server")
        assert len(browser_visits()) == 1, browser_visits()

        set_servers(lambda servers: servers.pop("remote"))
        servers = workbench_app.wait("list", "Servers")
        wait_for(lambda: workbench_app.find("label", "remote", root=servers) is None,
                 "remote to leave the list")
    finally:
        server.stop()


def test_servers_from_the_registry():
    """The registry's page: search, the details, and Add, which asks first."""
    workbench_app.activate("browse-registry")
    dialog = workbench_app.wait("frame", "Servers from the Registry")
    workbench_app.type_into("entry", "Search the registry", "time-mcp-pypi", root=dialog)
    workbench_app.wait("label", "io.github.domdomegg/time-mcp-pypi 1.0.6", root=dialog)
    wait_for(lambda: workbench_app.find("label", contains="Publisher: io.github.domdomegg",
                                        root=dialog), "the entry's details")

    # Cancel: nothing is added.
    workbench_app.click("Add…", root=dialog)
    consent = workbench_app.wait("dialog", "Add a Server from the Registry")
    workbench_app.wait("label", "Add “time-mcp-pypi”?", root=consent)
    wait_for(lambda: workbench_app.find("label", contains="Command: uvx time-mcp-pypi==1.0.6",
                                        root=consent), "the exact command")
    workbench_app.click("Cancel", root=consent)
    workbench_app.wait("label", "Nothing was added.", root=dialog)
    assert "time-mcp-pypi" not in saved_servers()

    # Added with the sandbox proposed for it, shown in the dialog.
    workbench_app.click("Add…", root=dialog)
    consent = workbench_app.wait("dialog", "Add a Server from the Registry")
    wait_for(lambda: workbench_app.find("label", contains="Network only to: pypi.org",
                                        root=consent), "the sandbox")
    workbench_app.click("Add to My Servers", root=consent)
    wait_for(lambda: "time-mcp-pypi" in saved_servers(), "time-mcp-pypi in the file")
    saved = saved_servers()["time-mcp-pypi"]
    assert saved["args"] == ["time-mcp-pypi==1.0.6"] and saved["sandboxEnabled"] is True, saved
    assert saved["sandbox"]["network"] == {
        "allowedDomains": ["pypi.org", "files.pythonhosted.org"]}, saved
    wait_for(lambda: workbench_app.server_status("time-mcp-pypi") is not None,
             "the group to have the server")

    # A secret typed in the dialog goes to the keyring, never to the file;
    # the sandbox's switch turned off, nothing of it is written.
    workbench_app.type_into("entry", "Search the registry", "airtable", root=dialog)
    wait_for(lambda: workbench_app.find("label", contains="Repository: https://github.com/"
                                        "domdomegg/airtable-mcp-server", root=dialog),
             "the entry's details")
    workbench_app.click("Add…", root=dialog)
    consent = workbench_app.wait("dialog", "Add a Server from the Registry")
    workbench_app.click("Run in a sandbox: the network only to its package registry, writes "
                        "only to its cache and your roots", root=consent, role="check box")
    wait_for(lambda: workbench_app.find("label", contains="Sandbox: none", root=consent),
             "the proposal without its sandbox")
    field = workbench_app.wait("password text", contains="Airtable personal access token",
                               root=consent)
    field.queryEditableText().setTextContents("pat-registry-s3cret")
    workbench_app.click("Add to My Servers", root=consent)
    wait_for(lambda: "airtable-mcp-server" in saved_servers(), "airtable in the file")
    saved = saved_servers()["airtable-mcp-server"]
    assert "sandboxEnabled" not in saved and "sandbox" not in saved, saved
    assert saved["env"] == {
        "AIRTABLE_API_KEY": "${input:airtable-mcp-server.AIRTABLE_API_KEY}"}, saved
    with open(config_file) as f:
        assert "pat-registry-s3cret" not in f.read()
    if desktop.keyring:
        wait_for(lambda: len(keyring_items("org.gnome.McpGlib.Input")) == 1,
                 "the secret in the keyring")



def test_screenshot():
    path = os.path.join(build_dir, "workbench.png")
    if os.path.exists(path):
        os.unlink(path)
    # The screenshot goes into the documentation: nothing of this machine
    # in it, such as the path of the configuration file, which the broken
    # entry's problem names, or of a server, which the log names.
    set_servers(lambda servers: servers.pop("broken"))
    servers = workbench_app.wait("list", "Servers")
    wait_for(lambda: workbench_app.find("label", "broken", root=servers) is None,
             "broken to leave the list")
    workbench_app.activate("clear-log")
    workbench_app.activate("select-server", "everything")
    workbench_app.show_tool("get-tiny-image", "Get Tiny Image Tool")
    details = workbench_app.details()
    workbench_app.click("Call", root=details)
    workbench_app.wait("image", contains="Image, image/png", root=details)
    workbench_app.activate("screenshot", path, window=False)
    wait_for(lambda: os.path.exists(path) and os.path.getsize(path) > 0, "the screenshot")
    with open(path, "rb") as png:
        assert png.read(8) == b"\x89PNG\r\n\x1a\n", "the screenshot is not a PNG"


def main():
    if os.environ.get("MCP_WORKBENCH_TEST_SESSION") != "1":
        reason = missing_piece()
        if reason is not None:
            print("1..0 # SKIP %s" % reason)
            return 0
        env = dict(os.environ, MCP_WORKBENCH_TEST_SESSION="1")
        argv = [sys.executable] + sys.argv
        # Under .ci/sanitize, the ASan runtime is preloaded into the
        # interpreters that load the instrumented library, as this one
        # does (mcptest imports it). The session bus must not run with it:
        # it goes to this interpreter alone, which keeps it from the
        # desktop's programs and the workbench (which links the runtime
        # itself).
        preload = env.pop("LD_PRELOAD", None)
        if preload:
            argv = ["env", "LD_PRELOAD=" + preload] + argv
        return subprocess.call(["dbus-run-session", "--"] + argv, env=env,
                               preexec_fn=die_with_parent)

    global workbench_app, notifications, config_file, test_directory, desktop
    directory = test_directory = tempfile.mkdtemp(prefix="mcp-workbench-test-")
    desktop = Desktop(directory)
    registry_server = None
    status = 1
    try:
        config_file = write_config(directory)
        registry_server = subprocess.Popen(
            [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                          "mcp-registry-test-server.py")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        desktop.env["MCP_GLIB_REGISTRY_URL"] = \
            "http://127.0.0.1:%d" % int(registry_server.stdout.readline())
        try:
            workbench_app = Workbench(desktop, directory, config_file)
            # Started after every process: no child is forked while it runs.
            notifications = Notifications()
        except AssertionError as error:
            print("Bail out! %s" % error)
            raise
        tests = [
            test_servers_connect,
            test_broken_entry,
            test_input,
            test_colliding_names,
            test_call_with_progress,
            test_cancel_call,
            test_elicitation,
            test_sampling,
            test_resource_and_prompt,
            test_resource_link,
            test_call_reaches_its_server,
            test_app_view,
            test_app_view_requests,
            test_killed_server_comes_back,
            test_add_server,
            test_edit_server,
            test_sandbox_server,
            test_remove_server,
            test_command_line_server,
            test_sign_in,
            test_servers_from_the_registry,
            test_screenshot,
        ]
        # The run on a workbench without WebKitGTK takes only some of them.
        only = os.environ.get("MCP_WORKBENCH_TESTS")
        if only:
            tests = [test for test in tests if test.__name__ in only.split(",")]
        status = run_tests(tests)
        if status != 0:
            workbench_app.dump()
        workbench_app.quit()
    finally:
        desktop.stop()
        if registry_server is not None:
            registry_server.stdin.close()
            registry_server.wait(timeout=30)
        if status != 0:
            for log in ("workbench.log", "weston.log"):
                path = os.path.join(directory, log)
                if os.path.exists(path):
                    with open(path, errors="replace") as f:
                        sys.stdout.write("".join("# %s: %s" % (log, line) for line in f))
        shutil.rmtree(directory, ignore_errors=True)
    return status


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *args: sys.exit(1))
    sys.exit(main())
