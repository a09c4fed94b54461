// test-gjs.js
//
// Copyright 2026 The mcp-glib authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Drives mcp-glib through its typelib from JavaScript (GJS), the way a
// GNOME application written in JavaScript would: the _async/_finish pairs
// are turned into promises with Gio._promisify and awaited on a main loop.
// Against the demo server it connects, lists and calls tools, follows
// progress and log notifications, cancels, times out and closes; against
// the scripted test server it answers sampling, elicitation and roots
// requests from the server; against server-everything from npm, when it is
// installed, it reads resources and gets prompts and completions with
// arguments from plain objects. Against the scripted authorization server
// it signs in, its own code standing in for the web browser. Run with
// `gjs -m`; prints TAP.

import GLib from 'gi://GLib';
import Gio from 'gi://Gio';
import Json from 'gi://Json';
import Mcp from 'gi://Mcp?version=1';
import Soup from 'gi://Soup?version=3.0';
import System from 'system';

const TIMEOUT_MS = 30000;

const ASYNC_METHODS = [
    'connect', 'close', 'ping', 'list_tools', 'call_tool',
    'request', 'notify', 'set_logging_level',
    'list_resources', 'list_resource_templates', 'read_resource',
    'subscribe_resource', 'unsubscribe_resource', 'list_prompts', 'get_prompt',
    'complete_prompt_argument', 'complete_resource_argument',
    'list_tasks', 'get_task', 'cancel_task',
];
for (const name of ASYNC_METHODS)
    Gio._promisify(Mcp.Client.prototype, `${name}_async`, `${name}_finish`);
for (const name of ['sign_in', 'sign_out'])
    Gio._promisify(Mcp.Authorization.prototype, `${name}_async`, `${name}_finish`);
Gio._promisify(Soup.Session.prototype, 'send_and_read_async', 'send_and_read_finish');

const demoServer = GLib.getenv('MCP_DEMO_SERVER') ?? 'mcp-glib-demo-server';
const buildDir = GLib.getenv('G_TEST_BUILDDIR');
const testServer = GLib.getenv('MCP_TEST_SERVER') ??
    (buildDir ? GLib.build_filenamev([buildDir, 'mcp-test-server']) : null);
const sourceDir = GLib.path_get_dirname(
    Gio.File.new_for_uri(import.meta.url).get_path());
const everything = GLib.build_filenamev([sourceDir, 'node_modules', '@modelcontextprotocol',
    'server-everything', 'dist', 'index.js']);

// Tool arguments, or any JSON object, from a plain JavaScript object.
function json(object) {
    return Json.from_string(JSON.stringify(object)).get_object();
}

// A JSON node as a plain JavaScript value.
function unjson(node) {
    return node === null ? null : JSON.parse(Json.to_string(node, false));
}

function items(model) {
    const list = [];
    for (let i = 0; i < model.get_n_items(); i++)
        list.push(model.get_item(i));
    return list;
}

function assert(condition, message = 'assertion failed') {
    if (!condition)
        throw new Error(message);
}

function assertEqual(actual, expected, what = 'value') {
    const a = JSON.stringify(actual), e = JSON.stringify(expected);
    if (a !== e)
        throw new Error(`${what}: expected ${e}, got ${a}`);
}

// Awaits a call that must fail with a GLib.Error of the given domain and, if
// given, code.
async function assertRejects(promise, domain, code = null) {
    try {
        await promise;
    } catch (error) {
        assert(error instanceof GLib.Error, `not a GLib.Error: ${error}`);
        if (code === null) {
            assert(error.domain === domain,
                `expected error domain ${domain}, got ${error.domain}: ${error.message}`);
        } else {
            assert(error.matches(domain, code),
                `expected error ${code}, got ${error.code}: ${error.message}`);
        }
        return error;
    }
    throw new Error('the call must fail');
}

function sleep(ms) {
    return new Promise(resolve => GLib.timeout_add(GLib.PRIORITY_DEFAULT, ms, () => {
        resolve();
        return GLib.SOURCE_REMOVE;
    }));
}

async function waitUntil(condition, what = 'the condition', ms = TIMEOUT_MS) {
    const deadline = GLib.get_monotonic_time() + ms * 1000;
    while (!condition()) {
        if (GLib.get_monotonic_time() > deadline)
            throw new Error(`${what} did not happen within ${ms} ms`);
        await sleep(10);
    }
}

async function connect(argv = [demoServer], features = Mcp.ClientFeatures.NONE) {
    const transport = Mcp.StdioTransport.new(argv);
    const client = new Mcp.Client({transport, client_name: 'test-gjs', features});
    await client.connect_async(null);
    return client;
}

async function close(client) {
    assert(await client.close_async(null));
    assertEqual(client.state, Mcp.ClientState.CLOSED, 'state after close');
    // The close completes once the server has exited and been reaped.
    assert(client.transport.get_subprocess().get_identifier() === null, 'server still running');
}

async function testConnectAndInfo() {
    const client = await connect();
    const closed = [];
    client.connect('closed', (c, error) => closed.push(error));
    const info = client.server_info;
    assertEqual(info.name, 'mcp-demo-server', 'server name');
    assertEqual(info.title, 'mcp-glib demo server', 'server title');
    assertEqual(client.protocol_version, Mcp.PROTOCOL_VERSION_LATEST_LEGACY, 'protocol version');
    assertEqual(client.state, Mcp.ClientState.READY, 'state');
    assert(client.server_capabilities.has_member('tools'), 'no tools capability');
    assert(client.dup_capabilities() instanceof Json.Object);
    assert(await client.ping_async(null));
    await close(client);
    assertEqual(closed, [null], 'closed signal');
}

async function testListAndCallTools() {
    const client = await connect();
    const tools = await client.list_tools_async(null);
    assertEqual(items(tools).map(t => t.name), ['echo', 'add', 'countdown', 'log'], 'tools');
    const echo = tools.get_item(0);
    assert(echo.input_schema.get_object_member('properties').has_member('text'));
    assertEqual(unjson(Json.Node.alloc().init_object(echo.input_schema)).required, ['text'],
        'required');
    await waitUntil(() => client.get_tools_model().get_n_items() === 4, 'the live tools model');

    let result = await client.call_tool_async('echo', json({text: 'héllo ✓'}), null, null);
    assertEqual(result.dup_text(), 'héllo ✓', 'echo');
    assert(!result.is_error);
    const block = result.content.get_item(0);
    assertEqual(block.kind, Mcp.ContentKind.TEXT, 'content kind');
    assertEqual(block.text, 'héllo ✓', 'block text');

    result = await client.call_tool_async('add', json({a: 2, b: 40}), null, null);
    assertEqual(unjson(result.structured_content), {sum: 42}, 'structured content');
    assertEqual(result.structured_content.get_object().get_double_member('sum'), 42, 'sum');

    // The generic request, for anything not modelled.
    const listed = unjson(await client.request_async('tools/list', null, null, null));
    assertEqual(listed.tools.length, 4, 'tools/list by hand');
    await close(client);
}

async function testProgressAndNotifications() {
    const client = await connect();
    const progress = [];
    const notified = [];
    const logged = [];
    const options = new Mcp.RequestOptions();
    options.connect('progress', (o, value, total, message) => progress.push([value, total]));
    client.connect('notification::notifications/message',
        (c, method, params) => notified.push(params.get_object().get_string_member('data')));
    client.connect('log-message',
        (c, level, logger, data) => logged.push([level, data.get_string()]));

    let result = await client.call_tool_async('countdown', json({from: 3}), options, null);
    assertEqual(result.dup_text(), 'Liftoff!', 'countdown');
    assertEqual(progress, [[1, 3], [2, 3], [3, 3]], 'progress');

    // Options of its own for one call: its progress on its own signal.
    const steps = [];
    const own = new Mcp.RequestOptions();
    own.connect('progress', (o, value, total, message) => steps.push([value, message]));
    result = await client.call_tool_async('countdown', json({from: 2}), own, null);
    assertEqual(result.dup_text(), 'Liftoff!', 'countdown with options of its own');
    assertEqual(steps, [[1, '1 left'], [2, '0 left']], 'progress of one call');
    assertEqual(progress.length, 3, 'the first options heard only their call');

    result = await client.call_tool_async('log',
        json({message: 'from gjs', level: 'warning'}), null, null);
    assertEqual(result.dup_text(), 'logged', 'log');
    assertEqual(notified, ['from gjs'], 'notifications');
    assertEqual(logged, [[Mcp.LogLevel.WARNING, 'from gjs']], 'log messages');

    // Below the level asked for: the server keeps it to itself.
    assert(await client.set_logging_level_async(Mcp.LogLevel.ERROR, null));
    await client.call_tool_async('log', json({message: 'quiet', level: 'info'}), null, null);
    assertEqual(logged.length, 1, 'log messages after set_logging_level');

    assert(await client.notify_async('notifications/roots/list_changed', null, null));
    await close(client);
}

async function testErrorsCancelAndTimeout() {
    const client = await connect();
    const error = await assertRejects(client.call_tool_async('no-such-tool', null, null, null),
        Mcp.Error, Mcp.Error.INVALID_PARAMS);
    assert(error.message.includes('no-such-tool'), error.message);

    // A tool that fails says so in its result, not with an error.
    const failed = await client.call_tool_async('log', json({message: 'x', level: 'loud'}), null, null);
    assert(failed.is_error, 'is_error');
    assert(failed.dup_text().includes('loud'), failed.dup_text());

    const cancellable = new Gio.Cancellable();
    GLib.timeout_add(GLib.PRIORITY_DEFAULT, 50, () => {
        cancellable.cancel();
        return GLib.SOURCE_REMOVE;
    });
    await assertRejects(client.call_tool_async('countdown', json({from: 10}), null, cancellable),
        Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED);

    const options = new Mcp.RequestOptions({timeout: 50, reset_timeout_on_progress: false});
    await assertRejects(client.call_tool_async('countdown', json({from: 5}), options, null),
        Gio.IOErrorEnum, Gio.IOErrorEnum.TIMED_OUT);

    const result = await client.call_tool_async('echo', json({text: 'still here'}), null, null);
    assertEqual(result.dup_text(), 'still here', 'echo after cancel');
    await close(client);
}

async function testServerGone() {
    const transport = Mcp.StdioTransport.new(['/bin/sh', '-c',
        "echo 'no such config' >&2; exit 7"]);
    const lines = [];
    transport.connect('stderr-line', (t, line) => lines.push(line));
    const client = new Mcp.Client({transport});
    const closed = [];
    client.connect('closed', (c, why) => closed.push(why));
    // It ended the connection before answering the probe: the client cannot
    // tell that from a server that exits on server/discover, so it starts it
    // once more for initialize, and reports how the second run ended.
    const error = await assertRejects(client.connect_async(null), Gio.IOErrorEnum,
        Gio.IOErrorEnum.CONNECTION_CLOSED);
    assertEqual(closed.length, 1, 'closed signals');
    assert(closed[0] instanceof GLib.Error, 'closed without an error');
    assert(error.message.includes('status 7'), error.message);
    assert(error.message.includes('no such config'), error.message);
    assertEqual(client.state, Mcp.ClientState.CLOSED, 'state');
    assertEqual(lines, ['no such config', 'no such config'], 'stderr lines');
    assert(transport.dup_stderr_tail().includes('no such config'));
}

// The test server sends the request the client is asked to provoke and
// returns the client's JSON-RPC response in structuredContent.response.
async function provoke(client, method, params) {
    const result = await client.call_tool_async('server-request', json({method, params}), null, null);
    return unjson(result.structured_content).response;
}

async function testSampling() {
    const client = await connect([testServer], Mcp.ClientFeatures.SAMPLING);
    const seen = [];
    client.connect('server-request::sampling/createMessage', (c, request) => {
        const params = unjson(request.get_params());
        seen.push(params.messages[0].content.text);
        // Answered later, as an application asking its user would.
        GLib.timeout_add(GLib.PRIORITY_DEFAULT, 20, () => {
            request.reply_sampling('gjs-model', Mcp.Content.new_text(`echo: ${seen[0]}`),
                'endTurn');
            return GLib.SOURCE_REMOVE;
        });
        return true;
    });
    assertEqual(client.dup_capabilities().has_member('sampling'), true, 'sampling capability');

    const response = await provoke(client, 'sampling/createMessage', {
        messages: [{role: 'user', content: {type: 'text', text: 'two plus two'}}],
        maxTokens: 20,
    });
    assertEqual(seen, ['two plus two'], 'sampling requests');
    assertEqual(response.result, {
        role: 'assistant', content: {type: 'text', text: 'echo: two plus two'},
        model: 'gjs-model', stopReason: 'endTurn',
    }, 'sampling response');

    // Not taken by any handler: the server gets an error, not silence.
    const unhandled = await provoke(client, 'sampling/unknown', {});
    assertEqual(unhandled.error.code, Mcp.Error.METHOD_NOT_FOUND, 'unhandled request');
    await close(client);
}

async function testElicitation() {
    const client = await connect([testServer], Mcp.ClientFeatures.ELICITATION_FORM);
    let answer = 'accept';
    client.connect('server-request', (c, request) => {
        if (request.method !== 'elicitation/create')
            return false;
        if (answer === 'accept')
            request.reply_elicitation(Mcp.ElicitationAction.ACCEPT, json({name: 'Ada', age: 36}));
        else
            request.reply_elicitation(Mcp.ElicitationAction.DECLINE, null);
        return true;
    });
    const params = {
        message: 'Who are you?',
        requestedSchema: {
            type: 'object',
            properties: {name: {type: 'string'}, age: {type: 'integer'}},
        },
    };
    let response = await provoke(client, 'elicitation/create', params);
    assertEqual(response.result, {action: 'accept', content: {name: 'Ada', age: 36}},
        'accepted elicitation');

    answer = 'decline';
    response = await provoke(client, 'elicitation/create', params);
    assertEqual(response.result, {action: 'decline'}, 'declined elicitation');

    // Sampling was not declared: refused whatever the handlers.
    response = await provoke(client, 'sampling/createMessage', {messages: [], maxTokens: 1});
    assertEqual(response.error.code, Mcp.Error.METHOD_NOT_FOUND, 'undeclared feature');
    await close(client);
}

async function testRoots() {
    const transport = Mcp.StdioTransport.new([testServer]);
    const client = new Mcp.Client({transport, features: Mcp.ClientFeatures.ROOTS});
    client.add_root(Mcp.Root.new('file:///tmp/project', 'project'));
    client.add_root(Mcp.Root.new_for_file(Gio.File.new_for_path('/tmp/other'), null));
    await client.connect_async(null);

    let response = await provoke(client, 'roots/list', {});
    assertEqual(response.result.roots, [
        {uri: 'file:///tmp/project', name: 'project'},
        {uri: 'file:///tmp/other'},
    ], 'roots');

    assert(client.remove_root('file:///tmp/project'));
    assertEqual(items(client.get_roots()).map(r => r.uri), ['file:///tmp/other'], 'roots model');
    response = await provoke(client, 'roots/list', {});
    assertEqual(response.result.roots.length, 1, 'roots after removal');
    await close(client);
}

async function testEnvironment() {
    const transport = Mcp.StdioTransport.new([testServer]);
    transport.setenv('MCP_GJS_TEST', 'passed on');
    const client = new Mcp.Client({transport});
    await client.connect_async(null);
    let result = await client.call_tool_async('getenv', json({name: 'MCP_GJS_TEST'}), null, null);
    assertEqual(result.dup_text(), 'passed on', 'variable set for the server');
    result = await client.call_tool_async('getenv', json({name: 'G_TEST_BUILDDIR'}), null, null);
    assert(result.is_error, 'the application environment leaked to the server');
    await close(client);
}

async function testContentKinds() {
    const client = await connect([testServer]);
    const result = await client.call_tool_async('content-kinds', null, null, null);
    const blocks = items(result.content);
    assertEqual(blocks.map(b => b.kind), [
        Mcp.ContentKind.TEXT, Mcp.ContentKind.IMAGE, Mcp.ContentKind.AUDIO,
        Mcp.ContentKind.RESOURCE_LINK, Mcp.ContentKind.RESOURCE, Mcp.ContentKind.UNKNOWN,
    ], 'kinds');
    const image = blocks[1];
    assertEqual(image.mime_type, 'image/png', 'mime type');
    assertEqual([...image.get_data().toArray()], [0x89, 0x50, 0x4e, 0x47], 'image data');
    assertEqual(blocks[3].uri, 'file:///tmp/x.txt', 'link uri');
    assertEqual(blocks[4].text, 'embedded', 'embedded text');
    assertEqual(blocks[5].type_name, 'hologram', 'unknown type');
    assertEqual(blocks[5].get_json().get_int_member('depth'), 3, 'unknown block kept');
    await close(client);
}

// GJS hands the GError itself back to C: its data goes with it.
async function testErrorData() {
    const client = await connect([testServer]);
    const data = {elicitations: [{mode: 'url', url: 'https://example.com/consent',
        elicitationId: 'e-1', message: 'Sign in first'}]};
    const error = await assertRejects(client.call_tool_async('error',
        json({code: -32042, message: 'Consent needed', data}), null, null),
    Mcp.Error, Mcp.Error.URL_ELICITATION_REQUIRED);
    assertEqual(unjson(Mcp.error_get_data(error)), data, 'error data');
    await close(client);
}

async function testEverything() {
    const client = await connect(['node', everything, 'stdio']);
    const resources = items(await client.list_resources_async(null));
    assert(resources.length > 0, 'no resources');
    const contents = await client.read_resource_async(resources[0].uri, null);
    assert(contents.get_item(0).text.startsWith('#'), 'resource text');

    // String maps go in as plain objects.
    const weather = await client.get_prompt_async('args-prompt', {city: 'Paris', state: 'TX'},
        null);
    assertEqual(weather.get_messages().get_item(0).get_content().text,
        "What's weather in Paris, TX?", 'prompt');
    const completion = await client.complete_prompt_argument_async('completable-prompt',
        'department', 'E', null, null);
    assertEqual(completion.get_values(), ['Engineering'], 'completion');
    const names = await client.complete_prompt_argument_async('completable-prompt', 'name', '',
        {department: 'Sales'}, null);
    assert(names.values.length > 0, 'completion with context');
    await close(client);
}
// JavaScript keeps what it is given: a node from a signal must still be
// valid after the emission, however long the handler holds on to it.
async function testSignalArgumentsOutliveEmission() {
    const client = await connect();
    const kept = [];
    client.connect('notification::notifications/message',
        (c, method, params) => kept.push(params));
    client.connect('log-message', (c, level, logger, data) => kept.push(data));
    for (const message of ['one', 'two', 'three'])
        // eslint-disable-next-line no-await-in-loop
        await client.call_tool_async('log', json({message}), null, null);
    System.gc();
    assertEqual(kept.map(unjson), [
        {level: 'info', logger: 'mcp-demo-server', data: 'one'}, 'one',
        {level: 'info', logger: 'mcp-demo-server', data: 'two'}, 'two',
        {level: 'info', logger: 'mcp-demo-server', data: 'three'}, 'three',
    ], 'kept signal arguments');
    await close(client);
}

testEverything.skip = !GLib.file_test(everything, GLib.FileTest.EXISTS) ||
    GLib.find_program_in_path('node') === null
    ? 'server-everything is not installed (npm ci in tests/)' : null;

// The scripted authorization server and the MCP server it protects: it
// prints its ports, and exits when its standard input closes.
function startOAuthServer() {
    const script = GLib.build_filenamev([sourceDir, 'mcp-oauth-test-server.py']);
    const process = Gio.Subprocess.new(['/usr/bin/python3', script],
        Gio.SubprocessFlags.STDIN_PIPE | Gio.SubprocessFlags.STDOUT_PIPE);
    const output = new Gio.DataInputStream({base_stream: process.get_stdout_pipe()});
    const [line] = output.read_line_utf8(null);
    const origin = `http://127.0.0.1:${line.split(' ')[0]}`;
    return {process, origin, url: `${origin}/mcp`};
}

// The user's browser, replaced: it fetches the authorization page and
// follows its redirect to the loopback listener.
async function showPage(session, uri) {
    const page = Soup.Message.new('GET', uri);
    page.add_flags(Soup.MessageFlags.NO_REDIRECT);
    await session.send_and_read_async(page, GLib.PRIORITY_DEFAULT, null);
    const location = page.get_response_headers().get_one('Location');
    await session.send_and_read_async(Soup.Message.new('GET', location), GLib.PRIORITY_DEFAULT,
        null);
}

async function testSignIn() {
    const server = startOAuthServer();
    try {
        const authorization = new Mcp.Authorization({client_name: 'test-gjs'});
        const session = new Soup.Session();
        const shown = [];
        const events = [];
        authorization.connect('open-uri', (self, uri) => {
            shown.push(uri);
            showPage(session, uri).catch(error => print(`# browser: ${error}`));
            return true;
        });
        authorization.connect('sign-in-needed', () => events.push('needed'));
        authorization.connect('signed-in', () => events.push('signed-in'));

        const credentials = await authorization.sign_in_async(server.url, null);
        assert(credentials.access_token.startsWith('at-'), 'no access token');
        assertEqual(credentials.issuer, server.origin, 'issuer');
        assertEqual(events, ['needed', 'signed-in'], 'signals');
        assertEqual(shown.length, 1, 'pages shown');
        assert(shown[0].includes('code_challenge_method=S256'), 'no PKCE');

        assert(await authorization.sign_out_async(server.url, null));
        assertEqual(authorization.get_credentials(server.url), null, 'credentials after sign-out');
    } finally {
        server.process.get_stdin_pipe().close(null);
        server.process.wait(null);
    }
}

// The desktop's store is an async constructor of the interface; the secret
// store exists in every build.
async function testDesktopCredentialStore() {
    const [store, persistent] = await new Promise((resolve, reject) => {
        Mcp.CredentialStore.new_for_desktop_async(null, (source, result) => {
            try {
                resolve(Mcp.CredentialStore.new_for_desktop_finish(result));
            } catch (error) {
                reject(error);
            }
        });
    });
    assert(store instanceof (persistent ? Mcp.SecretCredentialStore : Mcp.MemoryCredentialStore),
        `the desktop's store: ${store}, persistent ${persistent}`);
    assertEqual(typeof Mcp.SecretCredentialStore.is_supported(), 'boolean', 'is_supported');
    assert(Mcp.SecretCredentialStore.new() instanceof Mcp.SecretCredentialStore, 'a secret store');
}

for (const test of [testSampling, testElicitation, testRoots, testEnvironment, testContentKinds,
    testErrorData]) {
    if (testServer === null || !GLib.file_test(testServer, GLib.FileTest.IS_EXECUTABLE))
        test.skip = 'mcp-test-server not found (set G_TEST_BUILDDIR or MCP_TEST_SERVER)';
}

const TESTS = [
    testConnectAndInfo,
    testListAndCallTools,
    testProgressAndNotifications,
    testErrorsCancelAndTimeout,
    testServerGone,
    testSampling,
    testElicitation,
    testRoots,
    testEnvironment,
    testContentKinds,
    testErrorData,
    testEverything,
    testSignIn,
    testDesktopCredentialStore,
    // Last: while it fails it may crash, and would hide the others.
    testSignalArgumentsOutliveEmission,
];

function withTimeout(promise, ms) {
    let id;
    const timeout = new Promise((resolve, reject) => {
        id = GLib.timeout_add(GLib.PRIORITY_DEFAULT, ms, () => {
            reject(new Error(`no answer within ${ms} ms`));
            return GLib.SOURCE_REMOVE;
        });
    });
    return Promise.race([promise, timeout]).finally(() => GLib.source_remove(id));
}

async function runTests(tests) {
    print(`1..${tests.length}`);
    let failed = 0;
    for (const [index, test] of tests.entries()) {
        const number = index + 1;
        if (test.skip) {
            print(`ok ${number} ${test.name} # SKIP ${test.skip}`);
            continue;
        }
        try {
            // eslint-disable-next-line no-await-in-loop
            await withTimeout(test(), 2 * TIMEOUT_MS);
            print(`ok ${number} ${test.name}`);
        } catch (error) {
            failed++;
            print(`not ok ${number} ${test.name}`);
            for (const line of `${error}\n${error.stack ?? ''}`.trim().split('\n'))
                print(`# ${line}`);
        }
    }
    return failed ? 1 : 0;
}

const loop = new GLib.MainLoop(null, false);
let status = 1;
runTests(TESTS).then(result => {
    status = result;
}).catch(error => {
    print(`Bail out! ${error}`);
}).finally(() => loop.quit());
loop.run();
System.exit(status);
