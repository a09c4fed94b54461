// example.js
//
// Copyright 2026 The mcp-glib authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// mcp-glib from JavaScript (GJS): start the demo server, list its tools,
// call echo, call countdown while printing its progress, close. The
// _async/_finish pairs become promises with Gio._promisify, awaited while a
// main loop runs. Run with `gjs -m example.js`.

import GLib from 'gi://GLib';
import Gio from 'gi://Gio';
import Json from 'gi://Json';
import Mcp from 'gi://Mcp?version=1';
import System from 'system';

for (const method of ['connect', 'list_tools', 'call_tool', 'close'])
    Gio._promisify(Mcp.Client.prototype, `${method}_async`, `${method}_finish`);

// Tool arguments from a plain object, as the Json.Object the API takes.
const json = object => Json.from_string(JSON.stringify(object)).get_object();

async function main() {
    const server = GLib.getenv('MCP_DEMO_SERVER') ?? 'mcp-glib-demo-server';
    const client = new Mcp.Client({transport: Mcp.StdioTransport.new([server])});
    await client.connect_async(null);
    print(`connected to ${client.server_info.name}`);

    const tools = await client.list_tools_async(null);
    for (let i = 0; i < tools.get_n_items(); i++) {
        const tool = tools.get_item(i);
        print(`tool: ${tool.name} - ${tool.description}`);
    }

    let result = await client.call_tool_async('echo', json({text: 'Hello from GJS'}), null, null);
    print(`echo: ${result.dup_text()}`);

    const options = new Mcp.RequestOptions();
    options.connect('progress', (o, progress, total) => print(`progress ${progress}/${total}`));
    result = await client.call_tool_async('countdown', json({from: 3}), options, null);
    print(`countdown: ${result.dup_text()}`);

    await client.close_async(null);
}

const loop = new GLib.MainLoop(null, false);
let status = 0;
main().catch(error => {
    printerr(`error: ${error.message}`);
    status = 1;
}).finally(() => loop.quit());
loop.run();
System.exit(status);
