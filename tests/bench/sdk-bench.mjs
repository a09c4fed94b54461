// sdk-bench.mjs
//
// Copyright 2026 The mcp-glib authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

// The comparison side of the benchmark (README.md beside this file): the
// same workloads as mcp-bench.c, run by the TypeScript reference SDK
// (@modelcontextprotocol/sdk, pinned in tests/package.json) with its Client
// and StdioClientTransport against the same echo server, with the SDK's
// defaults. It prints one JSON object with the same fields as mcp-bench, so
// that run-bench.py can set them side by side. CPU time is
// process.cpuUsage() (all of Node's threads, not the server's), memory comes
// from /proc/self/status, whose peak (VmHWM) is reset through
// /proc/self/clear_refs before a measurement of growth, as in mcp-bench.

import { parseArgs } from 'node:util';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import { callEcho, makeText, median, nowMs, resetPeak, resultText, runCalls,
         statusKib } from './sdk-bench-util.mjs';

const { values: options } = parseArgs({
    options: {
        server: { type: 'string', short: 's' },
        workload: { type: 'string', short: 'w' },
        calls: { type: 'string', default: '20000' },
        warmup: { type: 'string', default: '1000' },
        window: { type: 'string', default: '64' },
        repeat: { type: 'string', default: '50' },
        connections: { type: 'string', default: '100' },
        'text-bytes': { type: 'string', default: '64' },
        bytes: { type: 'string', default: String(1024 * 1024) },
        // Only for the blob workload: the SDK's stdio read buffer refuses
        // messages above 10 MiB unless told otherwise.
        'max-buffer-size': { type: 'string' },
    },
});

const calls = Number(options.calls);
const warmup = Number(options.warmup);
const window = Number(options.window);
const repeat = Number(options.repeat);
const connections = Number(options.connections);
const blobBytes = Number(options.bytes);
const maxBufferSize = options['max-buffer-size'] !== undefined
    ? Number(options['max-buffer-size']) : undefined;


const echoText = makeText(Number(options['text-bytes']));





function newClient(transportOptions = {}) {
    const transport = new StdioClientTransport({ command: options.server, args: [], ...transportOptions });
    const client = new Client({ name: 'sdk-bench', version: '1.0.0' }, { capabilities: {} });
    return { client, transport };
}

async function connectClient(transportOptions) {
    const { client, transport } = newClient(transportOptions);
    await client.connect(transport);
    return client;
}




async function benchCalls(report, inFlight) {
    const client = await connectClient();
    await runCalls(client, echoText, warmup, inFlight);

    const before = process.cpuUsage();
    const start = nowMs();
    await runCalls(client, echoText, calls, inFlight);
    const seconds = (nowMs() - start) / 1000;
    const cpu = process.cpuUsage(before);

    Object.assign(report, {
        calls,
        warmup,
        window: inFlight,
        seconds,
        calls_per_s: calls / seconds,
        cpu_us_per_call: (cpu.user + cpu.system) / calls,
        user_us_per_call: cpu.user / calls,
        sys_us_per_call: cpu.system / calls,
        peak_rss_kib: statusKib('VmHWM'),
        rss_kib: statusKib('VmRSS'),
    });
    await client.close();
}

async function benchBlob(report) {
    // The server makes the blob when it starts, as for mcp-bench.
    const transportOptions = { args: ['--prepare-blob', String(blobBytes)] };
    if (maxBufferSize !== undefined) {
        transportOptions.maxBufferSize = maxBufferSize;
    }
    const client = await connectClient(transportOptions);
    let transportError = null;
    client.onerror = (error) => {
        transportError ??= error.message;
    };

    // A small blob first, so that the one measured pays for no first use.
    await client.callTool({ name: 'blob', arguments: { bytes: 64 * 1024 } });

    resetPeak('sdk-bench');
    const rssBefore = statusKib('VmRSS');
    const start = nowMs();
    report.bytes = blobBytes;
    report.max_buffer_size = maxBufferSize ?? null;
    let result;
    try {
        result = await client.callTool({ name: 'blob', arguments: { bytes: blobBytes } });
    } catch (error) {
        // The result is reported, not fatal: a client may refuse a size.
        report.error = transportError !== null ? `${error.message} (${transportError})` : error.message;
        await client.close();
        return;
    }
    const ms = nowMs() - start;

    const text = resultText(result);
    if (text === undefined || text.length !== blobBytes) {
        throw new Error(`The blob has ${text?.length ?? 0} bytes instead of ${blobBytes}`);
    }
    Object.assign(report, {
        error: null,
        ms,
        growth_kib: statusKib('VmHWM') - rssBefore,
    });
    await client.close();
}

async function benchSpawn(report) {
    // The first connections load code and warm caches: not counted.
    const skipped = 5;
    const ready = [];
    const closing = [];
    const cycle = [];

    for (let i = 0; i < skipped + repeat; i++) {
        const start = nowMs();
        const client = await connectClient();
        const connected = nowMs();
        await client.close();
        const closed = nowMs();
        if (i >= skipped) {
            ready.push(connected - start);
            closing.push(closed - connected);
            cycle.push(closed - start);
        }
    }

    Object.assign(report, {
        repeat,
        ready_ms: median(ready),
        close_ms: median(closing),
        cycle_ms: median(cycle),
    });
}

async function benchMany(report) {
    // One connection first, so that what every process pays once is not
    // charged to the connections measured.
    const first = await connectClient();
    await runCalls(first, echoText, 1, 1);
    await first.close();

    const rssBefore = statusKib('VmRSS');
    const start = nowMs();
    const clients = await Promise.all(Array.from({ length: connections }, () => connectClient()));
    const connectMs = nowMs() - start;
    await Promise.all(clients.map((client) => callEcho(client, echoText)));
    const rssAfter = statusKib('VmRSS');
    await Promise.all(clients.map((client) => client.close()));

    Object.assign(report, {
        connections,
        connect_all_ms: connectMs,
        rss_before_kib: rssBefore,
        rss_after_kib: rssAfter,
        kib_per_connection: (rssAfter - rssBefore) / connections,
    });
}

const workloads = {
    seq: (report) => benchCalls(report, 1),
    inflight: (report) => benchCalls(report, window),
    blob: benchBlob,
    spawn: benchSpawn,
    many: benchMany,
};

async function main() {
    const run = workloads[options.workload];
    if (run === undefined || options.server === undefined) {
        process.stderr.write(`sdk-bench: --server and --workload (${Object.keys(workloads).join(', ')}) are required\n`);
        process.exit(1);
    }

    const report = { client: 'sdk', workload: options.workload };
    await run(report);
    process.stdout.write(`${JSON.stringify(report)}\n`);
}

try {
    await main();
} catch (error) {
    process.stderr.write(`sdk-bench: ${options.workload}: ${error.stack ?? error}\n`);
    process.exit(1);
}
