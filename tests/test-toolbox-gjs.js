// test-toolbox-gjs.js
//
// Copyright 2026 The mcp-glib authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// McpToolbox from JavaScript (GJS), as a GNOME application written in
// JavaScript would use it: a group of the demo server and the scripted
// server, a scripted model per API (mcp-model-test-server.py, which
// validates the definitions and the results against the API's published
// schema) over HTTP with libsoup, approval from a signal handler, and a
// full turn. Run with `gjs -m`; prints TAP.

import GLib from 'gi://GLib';
import Gio from 'gi://Gio';
import Json from 'gi://Json';
import Mcp from 'gi://Mcp?version=1';
import Soup from 'gi://Soup?version=3.0';
import System from 'system';

Gio._promisify(Mcp.ClientGroup.prototype, 'connect_async', 'connect_finish');
Gio._promisify(Mcp.ClientGroup.prototype, 'close_async', 'close_finish');
Gio._promisify(Mcp.Toolbox.prototype, 'run_async', 'run_finish');
Gio._promisify(Soup.Session.prototype, 'send_and_read_async', 'send_and_read_finish');
Gio._promisify(Gio.DataInputStream.prototype, 'read_line_async', 'read_line_finish_utf8');

const buildDir = GLib.getenv('G_TEST_BUILDDIR');
const demoServer = GLib.getenv('MCP_DEMO_SERVER');
const testServer = GLib.build_filenamev([buildDir, 'mcp-test-server']);
const sourceDir = GLib.path_get_dirname(Gio.File.new_for_uri(import.meta.url).get_path());
const modelServer = GLib.build_filenamev([sourceDir, 'mcp-model-test-server.py']);

const PATHS = {
    'openai': '/v1/chat/completions',
    'openai-responses': '/v1/responses',
    'anthropic': '/v1/messages',
    'gemini': '/v1beta/models/test-model:generateContent',
    'ollama': '/api/chat',
};
const FORMATS = {
    'openai': Mcp.ToolboxFormat.OPENAI,
    'openai-responses': Mcp.ToolboxFormat.OPENAI_RESPONSES,
    'anthropic': Mcp.ToolboxFormat.ANTHROPIC,
    'gemini': Mcp.ToolboxFormat.GEMINI,
    'ollama': Mcp.ToolboxFormat.OLLAMA,
};

function assert(condition, message) {
    if (!condition)
        throw new Error(message);
}

function unjson(node) {
    return JSON.parse(Json.to_string(node, false));
}

function body(api, tools, conversation) {
    switch (api) {
    case 'openai-responses':
        return {model: 'test-model', input: conversation, tools};
    case 'anthropic':
        return {model: 'test-model', max_tokens: 1024, messages: conversation, tools};
    case 'gemini':
        return {contents: conversation, tools};
    default:
        return {model: 'test-model', messages: conversation, tools, stream: false};
    }
}

// What to append from the model's response, and its final text.
function assistant(api, response) {
    switch (api) {
    case 'openai': {
        const message = response.choices[0].message;
        return [[message], message.tool_calls ? null : message.content];
    }
    case 'openai-responses': {
        const items = response.output.filter(i => i.type !== 'reasoning');
        const texts = items.filter(i => i.type === 'message').flatMap(i => i.content.map(c => c.text));
        return [items, texts.length ? texts.join('') : null];
    }
    case 'anthropic':
        return [[{role: 'assistant', content: response.content}],
            response.stop_reason === 'tool_use' ? null
                : response.content.filter(b => b.type === 'text').map(b => b.text).join('')];
    case 'gemini': {
        const content = response.candidates[0].content;
        const texts = content.parts.filter(p => 'text' in p).map(p => p.text);
        return [[content], texts.length ? texts.join('') : null];
    }
    default:
        return [[response.message], response.message.tool_calls ? null : response.message.content];
    }
}

async function post(session, url, value) {
    const message = Soup.Message.new('POST', url);
    message.set_request_body_from_bytes('application/json',
        new GLib.Bytes(new TextEncoder().encode(JSON.stringify(value))));
    const bytes = await session.send_and_read_async(message, GLib.PRIORITY_DEFAULT, null);
    const text = new TextDecoder().decode(bytes.get_data());
    assert(message.get_status() === 200, `the model refused: ${text}`);
    return JSON.parse(text);
}

async function playTurn(api, group) {
    const launcher = new Gio.SubprocessLauncher({flags: Gio.SubprocessFlags.STDOUT_PIPE});
    const model = launcher.spawnv(['python3', modelServer, '--api', api,
        '--call=demo__echo={"text": "from gjs"}', '--call=demo__add={"a": 20, "b": 22}',
        '--call=test__content-kinds={}']);
    try {
        const stdout = new Gio.DataInputStream({base_stream: model.get_stdout_pipe()});
        const [port] = await stdout.read_line_async(GLib.PRIORITY_DEFAULT, null);
        const url = `http://127.0.0.1:${port}${PATHS[api]}`;
        const session = new Soup.Session();
        const toolbox = Mcp.Toolbox.new(group, FORMATS[api]);
        const asked = [];

        toolbox.connect('approve-call', (_toolbox, call) => {
            asked.push(call.get_server_name());
            GLib.idle_add(GLib.PRIORITY_DEFAULT, () => {
                call.approve();
                return GLib.SOURCE_REMOVE;
            });
            return true;
        });

        const conversation = [api === 'gemini'
            ? {role: 'user', parts: [{text: 'Use the tools.'}]}
            : {role: 'user', content: 'Use the tools.'}];
        let final = null;
        for (let round = 0; round < 3; round++) {
            const tools = unjson(toolbox.dup_definitions());
            // eslint-disable-next-line no-await-in-loop
            const response = await post(session, url, body(api, tools, conversation));
            const [items, text] = assistant(api, response);
            final = text;
            conversation.push(...items);
            // eslint-disable-next-line no-await-in-loop
            const results = unjson(await toolbox.run_async(
                Json.from_string(JSON.stringify(response)), null));
            if (results.length === 0)
                break;
            conversation.push(...results);
        }
        assert(final !== null && final.startsWith('RESULTS:'), `no final answer: ${final}`);
        assert(final.includes('from gjs') && final.includes('42') && final.includes('[Audio: audio/wav'),
            `the answer lacks a result: ${final}`);
        assert(asked.length === 3, `asked ${asked}`);
    } finally {
        model.force_exit();
    }
}

async function main() {
    const group = Mcp.ClientGroup.new();
    group.add_config(Mcp.ServerConfig.new_stdio('demo', [demoServer]));
    group.add_config(Mcp.ServerConfig.new_stdio('test', [testServer]));
    await group.connect_async(null);

    const apis = Object.keys(PATHS);
    print(`1..${apis.length}`);
    let failed = 0;
    for (const [index, api] of apis.entries()) {
        try {
            // eslint-disable-next-line no-await-in-loop
            await playTurn(api, group);
            print(`ok ${index + 1} turn-${api}`);
        } catch (error) {
            failed++;
            print(`not ok ${index + 1} turn-${api}`);
            for (const line of `${error}\n${error.stack ?? ''}`.trim().split('\n'))
                print(`# ${line}`);
        }
    }
    await group.close_async(null);
    return failed ? 1 : 0;
}

const loop = new GLib.MainLoop(null, false);
let status = 1;
GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 120, () => {
    print('Bail out! no end within 120 s');
    loop.quit();
    return GLib.SOURCE_REMOVE;
});
main().then(result => {
    status = result;
}).catch(error => {
    print(`Bail out! ${error}`);
}).finally(() => loop.quit());
loop.run();
System.exit(status);
