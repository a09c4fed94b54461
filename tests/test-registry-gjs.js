// test-registry-gjs.js
//
// Copyright 2026 The mcp-glib authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// McpServerRegistry and McpClientGroup from JavaScript (GJS), as a GNOME
// application written in JavaScript uses them: the configuration files of
// tests/configs/ read with their problems, a group of the demo server and
// the scripted test server (both have `echo`) with its aggregated tools and
// routed calls, an input answered by a handler later, a server killed and
// back, and a name rule written in JavaScript. Run with `gjs -m`; prints
// TAP.

import GLib from 'gi://GLib';
import Gio from 'gi://Gio';
import Json from 'gi://Json';
import Mcp from 'gi://Mcp?version=1';
import System from 'system';

const TIMEOUT_MS = 30000;

Gio._promisify(Mcp.ClientGroup.prototype, 'connect_async', 'connect_finish');
Gio._promisify(Mcp.ClientGroup.prototype, 'close_async', 'close_finish');
Gio._promisify(Mcp.ClientGroup.prototype, 'call_tool_async', 'call_tool_finish');
Gio._promisify(Mcp.ServerRegistry.prototype, 'save_async', 'save_finish');

const demoServer = GLib.getenv('MCP_DEMO_SERVER') ?? 'mcp-glib-demo-server';
const buildDir = GLib.getenv('G_TEST_BUILDDIR');
const testServer = GLib.getenv('MCP_TEST_SERVER') ??
    (buildDir ? GLib.build_filenamev([buildDir, 'mcp-test-server']) : null);
const sourceDir = GLib.path_get_dirname(Gio.File.new_for_uri(import.meta.url).get_path());
const workDir = GLib.dir_make_tmp('mcp-test-registry-gjs-XXXXXX');

function json(object) {
    return Json.from_string(JSON.stringify(object)).get_object();
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
        // eslint-disable-next-line no-await-in-loop
        await sleep(10);
    }
}

function writeConfig(name, config) {
    const path = GLib.build_filenamev([workDir, name]);
    GLib.file_set_contents(path, JSON.stringify(config, null, 2));
    return Gio.File.new_for_path(path);
}

async function textOf(group, name, args = {}) {
    const result = await group.call_tool_async(name, json(args), null, null);
    assert(!result.is_error, result.dup_text());
    return result.dup_text();
}

async function testReadingFiles() {
    const registry = Mcp.ServerRegistry.new_empty();
    registry.add_file(Gio.File.new_for_path(
        GLib.build_filenamev([sourceDir, 'configs', 'mcpservers-desktop.json'])));
    assertEqual(items(registry).map(c => c.name),
        ['filesystem', 'memory', 'tickets', 'legacy-events', 'search'], 'servers');
    const filesystem = registry.lookup('filesystem');
    assertEqual(filesystem.command, 'npx', 'command');
    assertEqual(filesystem.args, ['-y', '@modelcontextprotocol/server-filesystem',
        '/home/user/Documents'], 'args');
    assertEqual(registry.lookup('tickets').transport_kind, Mcp.TransportKind.HTTP, 'tickets');
    assert(registry.lookup('memory').disabled, 'memory is disabled');
    assert(registry.lookup('search').json.has_member('alwaysAllow'), 'unknown member kept');

    registry.add_file(Gio.File.new_for_path(
        GLib.build_filenamev([sourceDir, 'configs', 'broken.json'])));
    const problems = items(registry.problems).map(p => `${p.line}:${p.column} ${p.server}`);
    assertEqual(problems, ['4:5 no-command', '5:32 wrong-type', '6:98 unknown-input',
        '7:36 trailing', '7:39 null'], 'problems');
    assert(registry.lookup('ok').error === null, 'a good entry of a broken file works');
    assert(registry.lookup('wrong-type').error.message.includes(':5:32:'), 'error position');
}

async function testGroup() {
    const file = writeConfig('group.json', {
        inputs: [{type: 'promptString', id: 'greeting', description: 'A greeting'}],
        servers: {
            demo: {type: 'stdio', command: demoServer},
            test: {type: 'stdio', command: testServer, env: {GREETING: '${input:greeting}'}},
        },
    });
    const registry = Mcp.ServerRegistry.new_empty();
    registry.add_file(file);
    const asked = [];
    registry.connect('input-requested', (r, request) => {
        asked.push(request.id);
        GLib.timeout_add(GLib.PRIORITY_DEFAULT, 20, () => {
            request.reply('hello from gjs');
            return GLib.SOURCE_REMOVE;
        });
        return true;
    });

    const group = new Mcp.ClientGroup({registry, reconnect_delay: 50});
    assert(await group.connect_async(null), 'connect');
    assertEqual(asked, ['greeting'], 'inputs asked');
    assertEqual(items(group.servers).map(s => [s.name, s.state]),
        [['demo', Mcp.GroupServerState.READY], ['test', Mcp.GroupServerState.READY]], 'states');

    const tools = items(group.tools);
    const names = tools.map(t => t.name);
    assertEqual(new Set(names).size, names.length, 'distinct names');
    assertEqual(names.slice(0, 4), ['demo__echo', 'demo__add', 'countdown', 'demo__log'],
        'demo tools');
    assert(names.includes('test__echo') && names.includes('getenv'), 'test tools');
    assertEqual(tools[2].server.name, 'demo', 'origin');
    assert(tools[2].item instanceof Mcp.Tool, 'item');

    assertEqual(await textOf(group, 'test__echo', {text: 'to test'}), 'to test', 'routed');
    assertEqual(await textOf(group, 'getenv', {name: 'GREETING'}), 'hello from gjs', 'input');

    // Killed, and back with the same names.
    const test = group.lookup_server('test');
    const pid = Number(test.client.transport.get_subprocess().get_identifier());
    GLib.spawn_command_line_sync(`kill -KILL ${pid}`);
    await waitUntil(() => test.state !== Mcp.GroupServerState.READY, 'the death');
    await waitUntil(() => test.state === Mcp.GroupServerState.READY, 'the return');
    await waitUntil(() => group.tools.get_n_items() === names.length, 'the tools');
    assertEqual(items(group.tools).map(t => t.name), names, 'names after reconnecting');
    assertEqual(await textOf(group, 'test__echo', {text: 'back'}), 'back', 'after reconnecting');

    // The user removes a server and the application saves.
    registry.remove(registry.lookup('test'));
    await waitUntil(() => group.lookup_server('test') === null, 'the removal');
    assertEqual(items(group.tools).map(t => t.name), ['echo', 'add', 'countdown', 'log'],
        'names once alone');
    assert(await registry.save_async(null), 'save');
    const [, contents] = GLib.file_get_contents(file.get_path());
    const saved = JSON.parse(new TextDecoder().decode(contents));
    assertEqual(Object.keys(saved.servers), ['demo'], 'saved servers');
    assertEqual(saved.inputs[0].id, 'greeting', 'inputs kept');

    assert(await group.close_async(null), 'close');
}

async function testNameRule() {
    const group = new Mcp.ClientGroup();
    group.add_config(Mcp.ServerConfig.new_stdio('left', [demoServer]));
    group.add_config(Mcp.ServerConfig.new_stdio('right', [demoServer]));
    group.set_name_func((kind, server, name) => `${name}@${server}`);
    assert(await group.connect_async(null), 'connect');
    assertEqual(items(group.tools).map(t => t.name).slice(0, 2), ['echo@left', 'add@left'], 'names');
    assertEqual(await textOf(group, 'echo@right', {text: 'at'}), 'at', 'routed');
    assert(await group.close_async(null), 'close');
}

const TESTS = [testReadingFiles, testGroup, testNameRule];
if (testServer === null || !GLib.file_test(testServer, GLib.FileTest.IS_EXECUTABLE))
    testGroup.skip = 'mcp-test-server not found (set G_TEST_BUILDDIR or MCP_TEST_SERVER)';

function withTimeout(promise, ms) {
    return Promise.race([promise, sleep(ms).then(() => {
        throw new Error(`no answer within ${ms} ms`);
    })]);
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
}).finally(() => {
    for (const name of ['group.json'])
        GLib.unlink(GLib.build_filenamev([workDir, name]));
    GLib.rmdir(workDir);
    loop.quit();
});
loop.run();
System.exit(status);
