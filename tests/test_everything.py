# test_everything.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The complete 2025-11-25 client, driven through the typelib from Python
# against the reference server from npm (@modelcontextprotocol/server-
# everything, pinned in tests/package.json) over stdio: resources and
# templates, subscriptions, prompts, completion, logging levels, roots,
# sampling, form and URL elicitation, a task-required tool (also with an
# elicitation in the middle), progress, cancellation and the live models.
# Prints TAP; skips everything when the npm peers are not installed.

import os
import shutil
import sys

import mcptest
from mcptest import items, json_object, run_tests, wait, wait_until
from gi.repository import Gio, GLib, Json, Mcp

EVERYTHING = os.path.join(os.path.dirname(os.path.abspath(__file__)), "node_modules",
                          "@modelcontextprotocol", "server-everything", "dist", "index.js")
ALL_FEATURES = (Mcp.ClientFeatures.ROOTS | Mcp.ClientFeatures.SAMPLING
                | Mcp.ClientFeatures.ELICITATION_FORM | Mcp.ClientFeatures.ELICITATION_URL
                | Mcp.ClientFeatures.ELICITATION_APPLY_DEFAULTS)


class Session(mcptest.Session):
    """A connected client on a fresh server-everything process."""

    def __init__(self, features=None, roots=(), handler=None):
        super().__init__(Mcp.StdioTransport.new(["node", EVERYTHING, "stdio"]), features, roots,
                         handler)

    def close(self):
        super().close()
        assert self.transport.get_subprocess().get_identifier() is None


def test_resources():
    s = Session()
    client = s.client
    resources = client.list_resources_finish(wait(lambda cb: client.list_resources_async(None, cb)))
    uris = [r.props.uri for r in items(resources)]
    assert len(uris) >= 7, uris
    assert all(u.startswith("demo://resource/static/document/") for u in uris), uris
    doc = items(resources)[0]
    assert doc.props.name and doc.props.mime_type == "text/markdown", doc.props.mime_type

    contents = client.read_resource_finish(
        wait(lambda cb: client.read_resource_async(doc.props.uri, None, cb)))
    first = contents.get_item(0)
    assert first.props.uri == doc.props.uri
    assert not first.props.is_blob
    assert first.props.text.startswith("#"), first.props.text[:40]

    templates = client.list_resource_templates_finish(
        wait(lambda cb: client.list_resource_templates_async(None, cb)))
    assert sorted(t.props.uri_template for t in items(templates)) == [
        "demo://resource/dynamic/blob/{resourceId}",
        "demo://resource/dynamic/text/{resourceId}"]

    blob = client.read_resource_finish(
        wait(lambda cb: client.read_resource_async("demo://resource/dynamic/blob/3", None, cb)))
    part = blob.get_item(0)
    assert part.props.is_blob and part.props.text is None
    assert part.get_data().get_size() > 0
    assert b"3" in part.get_data().get_data()

    try:
        client.read_resource_finish(
            wait(lambda cb: client.read_resource_async("demo://no/such/thing", None, cb)))
        raise AssertionError("reading a missing resource must fail")
    except GLib.Error as error:
        assert error.domain == GLib.quark_to_string(Mcp.error_quark()), error
    s.close()


def test_subscriptions_and_logging():
    s = Session()
    client = s.client
    logs = []
    updated = []
    client.connect("log-message", lambda c, level, logger, data: logs.append((level, data)))
    client.connect("resource-updated", lambda c, uri: updated.append(uri))
    uri = "demo://resource/static/document/architecture.md"

    # Above the server's info message: nothing arrives.
    assert client.set_logging_level_finish(
        wait(lambda cb: client.set_logging_level_async(Mcp.LogLevel.ERROR, None, cb)))
    assert client.subscribe_resource_finish(
        wait(lambda cb: client.subscribe_resource_async(uri, None, cb)))
    client.ping_finish(wait(lambda cb: client.ping_async(None, cb)))
    assert logs == [], logs

    assert client.set_logging_level_finish(
        wait(lambda cb: client.set_logging_level_async(Mcp.LogLevel.DEBUG, None, cb)))
    assert client.unsubscribe_resource_finish(
        wait(lambda cb: client.unsubscribe_resource_async(uri, None, cb)))
    wait_until(lambda: logs, what="a log message")
    level, data = logs[0]
    assert level == Mcp.LogLevel.INFO, level
    assert "Unsubscribe" in data, data

    # A subscription made with listen, as a stateless server would have it:
    # the client makes it of resources/subscribe and what the server sends.
    other = "demo://resource/static/document/extension.md"
    subscription = client.listen_finish(wait(lambda cb: client.listen_async(
        Mcp.ListChanges.TOOLS | Mcp.ListChanges.PROMPTS, [uri, other], None, cb)))
    assert subscription.get_active()
    assert subscription.get_lists() == Mcp.ListChanges.TOOLS | Mcp.ListChanges.PROMPTS
    assert sorted(subscription.get_resources()) == sorted([uri, other])
    on_subscription = []
    subscription.connect("notification::notifications/resources/updated",
                         lambda sub, method, params: on_subscription.append(
                             params["uri"]))
    closed = []
    subscription.connect("closed", lambda sub, error: closed.append(error))

    assert client.subscribe_resource_finish(
        wait(lambda cb: client.subscribe_resource_async(uri, None, cb)))
    s.text("toggle-subscriber-updates")
    wait_until(lambda: uri in updated, what="notifications/resources/updated")
    wait_until(lambda: uri in on_subscription, what="the update on the subscription")

    # Closing it leaves the subscription made with subscribe_resource.
    subscription.close()
    assert closed == [None], closed
    assert not subscription.get_active()
    updated.clear()
    wait_until(lambda: uri in updated, timeout=15, what="updates after closing the other")
    s.close()


def test_prompts_and_completion():
    s = Session()
    client = s.client
    prompts = client.list_prompts_finish(wait(lambda cb: client.list_prompts_async(None, cb)))
    by_name = {p.props.name: p for p in items(prompts)}
    assert {"simple-prompt", "args-prompt", "completable-prompt", "resource-prompt"} <= set(by_name)
    arguments = items(by_name["args-prompt"].get_arguments())
    assert [(a.props.name, a.props.required) for a in arguments] == [("city", True),
                                                                      ("state", False)]

    simple = client.get_prompt_finish(
        wait(lambda cb: client.get_prompt_async("simple-prompt", None, None, cb)))
    message = simple.get_messages().get_item(0)
    assert message.props.role == "user"
    assert message.get_content().props.text == "This is a simple prompt without arguments."

    weather = client.get_prompt_finish(wait(lambda cb: client.get_prompt_async(
        "args-prompt", {"city": "Paris", "state": "TX"}, None, cb)))
    assert weather.get_messages().get_item(0).get_content().props.text == \
        "What's weather in Paris, TX?"

    embedded = client.get_prompt_finish(wait(lambda cb: client.get_prompt_async(
        "resource-prompt", {"resourceType": "Text", "resourceId": "2"}, None, cb)))
    kinds = [m.get_content().props.kind for m in items(embedded.get_messages())]
    assert Mcp.ContentKind.RESOURCE in kinds, kinds
    resource = [m.get_content() for m in items(embedded.get_messages())
                if m.get_content().props.kind == Mcp.ContentKind.RESOURCE][0]
    assert resource.props.uri == "demo://resource/dynamic/text/2", resource.props.uri
    assert resource.props.text

    completion = client.complete_prompt_argument_finish(wait(
        lambda cb: client.complete_prompt_argument_async("completable-prompt", "department",
                                                         "E", None, None, cb)))
    assert completion.get_values() == ["Engineering"], completion.get_values()
    names = client.complete_prompt_argument_finish(wait(
        lambda cb: client.complete_prompt_argument_async("completable-prompt", "name", "",
                                                         {"department": "Sales"}, None, cb)))
    assert len(names.get_values()) > 0
    s.close()


def test_roots():
    s = Session(Mcp.ClientFeatures.ROOTS, roots=[("file:///tmp/project", "project")])
    assert s.client.dup_capabilities()["roots"]["listChanged"]
    wait_until(lambda: any(t.props.name == "get-roots-list"
                           for t in items(s.client.get_tools_model())),
               what="get-roots-list in the tools model")
    listed = s.text("get-roots-list")
    assert "file:///tmp/project" in listed and "1 total" in listed, listed

    # A change after connecting is announced; the server asks again.
    s.client.add_root(Mcp.Root.new("file:///tmp/other", "other"))
    wait_until(lambda: "2 total" in s.text("get-roots-list"), timeout=10,
               what="the server seeing the new root")
    assert s.client.remove_root("file:///tmp/project")
    wait_until(lambda: "1 total" in s.text("get-roots-list"), timeout=10,
               what="the server seeing the removal")
    s.close()

    # Without the feature, no capability and no roots tool.
    plain = Session()
    assert "roots" not in plain.client.dup_capabilities()
    names = [t.props.name for t in items(plain.client.list_tools_finish(
        wait(lambda cb: plain.client.list_tools_async(None, cb))))]
    assert "get-roots-list" not in names
    assert "trigger-sampling-request" not in names
    plain.close()


def test_sampling():
    seen = []

    def handler(request):
        # The typed accessors: no digging through the raw params.
        message = request.get_sampling_messages().get_item(0)
        assert message.get_role() == "user", message.get_role()
        prompt = message.get_content().get_item(0).get_text()
        seen.append(request.get_max_tokens())
        reply = Mcp.Content.new_text("echo: " + prompt)
        # Answered later, as an application asking its user would.
        GLib.timeout_add(50, lambda: request.reply_sampling("mcp-glib-test", reply, "endTurn")
                         and GLib.SOURCE_REMOVE)
        return True

    s = Session(Mcp.ClientFeatures.SAMPLING, handler=handler)
    text = s.text("trigger-sampling-request", '{"prompt": "two plus two"}')
    assert '"model": "mcp-glib-test"' in text, text
    assert "echo: " in text and "two plus two" in text, text
    assert s.requests == ["sampling/createMessage"], s.requests
    assert seen and seen[0] > 0, seen
    s.close()

    # Declared but not handled: the server receives an error, not silence.
    unhandled = Session(Mcp.ClientFeatures.SAMPLING)
    result = unhandled.call("trigger-sampling-request", '{"prompt": "hi"}')
    assert result.props.is_error, result.dup_text()
    assert "not found" in result.dup_text().lower(), result.dup_text()
    unhandled.close()


def test_elicitation():
    answers = []

    def handler(request):
        if request.get_elicitation_mode() == Mcp.ElicitationMode.URL:
            assert request.get_elicitation_id(), request.get_params()
            answers.append(("url", request.get_url()))
            request.reply_elicitation(Mcp.ElicitationAction.DECLINE, None)
        else:
            assert "properties" in request.get_requested_schema()
            answers.append(("form", request.get_message()))
            request.reply_elicitation(Mcp.ElicitationAction.ACCEPT,
                                      json_object('{"name": "Ada", "check": true}'))
        return True

    s = Session(ALL_FEATURES, handler=handler)
    text = s.text("trigger-elicitation-request")
    assert "User provided the requested information" in text, text
    assert '"name": "Ada"' in text
    # applyDefaults: the fields left out carry the schema's defaults.
    assert "It was a dark and stormy night." in text, text
    assert '"integer": 42' in text, text

    text = s.text("trigger-url-elicitation", '{"url": "https://example.com/authorize"}')
    assert "declined" in text, text
    assert answers[-1] == ("url", "https://example.com/authorize"), answers
    s.close()

    # Form only: a URL elicitation is refused by the client itself.
    form_only = Session(Mcp.ClientFeatures.ELICITATION_FORM, handler=handler)
    assert "url" not in form_only.client.dup_capabilities()["elicitation"]
    form_only.close()


def test_task_required_tool():
    answers = []

    def handler(request):
        answers.append(request.get_params()["message"])
        request.reply_elicitation(Mcp.ElicitationAction.ACCEPT,
                                  json_object('{"interpretation": "the GNOME library"}'))
        return True

    s = Session(Mcp.ClientFeatures.ELICITATION_FORM, handler=handler)
    tools = {t.props.name: t for t in items(s.client.list_tools_finish(
        wait(lambda cb: s.client.list_tools_async(None, cb))))}
    assert tools["simulate-research-query"].get_task_support() == Mcp.TaskSupport.REQUIRED

    report = s.text("simulate-research-query", '{"topic": "glib"}')
    assert report.startswith("# Research Report: glib"), report[:80]

    # input_required: the elicitation arrives while the task waits for it.
    report = s.text("simulate-research-query", '{"topic": "glib", "ambiguous": true}')
    assert "the GNOME library" in report, report[:300]
    assert len(answers) == 1, answers

    tasks = s.client.list_tasks_finish(wait(lambda cb: s.client.list_tasks_async(None, cb)))
    statuses = [t.props.status for t in items(tasks)]
    assert statuses.count(Mcp.TaskStatus.COMPLETED) >= 2, statuses

    # One task by its id, as the server keeps it.
    done = next(t for t in items(tasks) if t.props.status == Mcp.TaskStatus.COMPLETED)
    task = s.client.get_task_finish(wait(lambda cb: s.client.get_task_async(done.get_task_id(),
                                                                            None, cb)))
    assert task.get_task_id() == done.get_task_id()
    assert task.props.status == Mcp.TaskStatus.COMPLETED

    # Cancelling a task by its id while its call waits: the server says the
    # task is cancelled, and the call ends with an error.
    known = {t.get_task_id() for t in items(tasks)}
    outcome = []
    s.client.call_tool_async("simulate-research-query", {"topic": "slow"}, None, None,
                             lambda client, result: outcome.append(result))

    def working():
        listed = s.client.list_tasks_finish(wait(lambda cb: s.client.list_tasks_async(None, cb)))
        return [t for t in items(listed)
                if t.get_task_id() not in known and t.props.status == Mcp.TaskStatus.WORKING]
    wait_until(working, timeout=10, what="the slow task to start")
    task_id = working()[0].get_task_id()
    cancelled = s.client.cancel_task_finish(wait(lambda cb: s.client.cancel_task_async(task_id,
                                                                                      None, cb)))
    assert cancelled.get_task_id() == task_id
    assert cancelled.props.status == Mcp.TaskStatus.CANCELLED, cancelled.props.status
    wait_until(lambda: outcome, timeout=10, what="the cancelled task's call to end")
    try:
        s.client.call_tool_finish(outcome[0])
        raise AssertionError("the call of a cancelled task must fail")
    except GLib.Error:
        pass

    # Cancelling the call cancels the task on the server.
    cancellable = Gio.Cancellable()
    GLib.timeout_add(300, lambda: cancellable.cancel() or GLib.SOURCE_REMOVE)
    try:
        s.call("simulate-research-query", '{"topic": "slow"}', cancellable=cancellable)
        raise AssertionError("a cancelled task must fail")
    except GLib.Error as error:
        assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED), error

    def cancelled_on_server():
        tasks = s.client.list_tasks_finish(wait(lambda cb: s.client.list_tasks_async(None, cb)))
        return Mcp.TaskStatus.CANCELLED in [t.props.status for t in items(tasks)]
    wait_until(cancelled_on_server, timeout=10, what="the task being cancelled on the server")
    s.close()


def test_progress():
    s = Session()
    seen = []
    options = Mcp.RequestOptions.new()
    options.connect("progress", lambda o, progress, total, message: seen.append((progress, total)))
    result = s.call("trigger-long-running-operation", '{"duration": 1, "steps": 5}', options)
    assert "Steps: 5" in result.dup_text()
    assert seen == [(float(i), 5.0) for i in range(1, 6)], seen
    s.close()


def test_live_models():
    s = Session()
    tools = s.client.get_tools_model()
    changes = []
    resources = s.client.get_resources_model()
    wait_until(lambda: tools.get_n_items() > 0 and resources.get_n_items() > 0,
               what="the live models being filled")
    before = resources.get_n_items()
    resources.connect("items-changed",
                      lambda model, position, removed, added: changes.append((position, removed,
                                                                               added)))
    listed = []
    s.client.connect("list-changed::resources", lambda client, which: listed.append(which))

    # A new session resource: the server announces that its list changed.
    s.text("gzip-file-as-resource", '{"name": "hello.txt.gz", '
           '"data": "data:text/plain;base64,aGVsbG8=", "outputType": "resourceLink"}')
    wait_until(lambda: resources.get_n_items() == before + 1, what="the new resource")
    assert listed == ["resources"], listed
    assert changes == [(before, 0, 1)], changes
    assert resources.get_item(before).props.name == "hello.txt.gz"

    # The prompts and templates, the same way.
    prompts = s.client.get_prompts_model()
    templates = s.client.get_resource_templates_model()
    wait_until(lambda: prompts.get_n_items() > 0 and templates.get_n_items() > 0,
               what="the prompts and templates models being filled")
    assert "simple-prompt" in [p.props.name for p in items(prompts)]
    assert any(t.props.uri_template.startswith("demo://resource/dynamic/")
               for t in items(templates)), [t.props.uri_template for t in items(templates)]
    s.close()


TESTS = [
    test_resources,
    test_subscriptions_and_logging,
    test_prompts_and_completion,
    test_roots,
    test_sampling,
    test_elicitation,
    test_task_required_tool,
    test_progress,
    test_live_models,
]

if not os.path.exists(EVERYTHING) or shutil.which("node") is None:
    for test in TESTS:
        test.skip_reason = "server-everything is not installed (npm ci in tests/)"

if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
