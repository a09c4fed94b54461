// sdk-bench-http.mjs
//
// Copyright 2026 The mcp-glib authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

// The comparison side of the HTTP benchmark (README.md beside this file):
// the workloads of http-bench.c, run by the TypeScript reference SDK
// (@modelcontextprotocol/sdk, pinned in tests/package.json) with its Client
// and StreamableHTTPClientTransport against the same bench-http-server, with
// the SDK's defaults. It prints one JSON object with the same fields as
// http-bench, so that run-bench-http.py can set them side by side. CPU time
// is process.cpuUsage() (all of Node's threads), memory comes from
// /proc/self/status, whose peak (VmHWM) is reset through
// /proc/self/clear_refs before a measurement of growth. The server's figures
// (GET /stats) are read with node:http on a connection of their own, outside
// the pool of fetch () that the SDK's transport uses.

import { request } from 'node:http';
import { parseArgs } from 'node:util';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { callEcho, makeText, median, nowMs, resetPeak, resultText, runCalls,
         statusKib } from './sdk-bench-util.mjs';

const { values: options } = parseArgs({
    options: {
        url: { type: 'string', short: 'u' },
        workload: { type: 'string', short: 'w' },
        calls: { type: 'string', default: '5000' },
        warmup: { type: 'string', default: '500' },
        window: { type: 'string', default: '64' },
        repeat: { type: 'string', default: '50' },
        events: { type: 'string', default: '10000' },
        connections: { type: 'string', default: '100' },
        'text-bytes': { type: 'string', default: '64' },
        bytes: { type: 'string', default: String(1024 * 1024) },
    },
});

const calls = Number(options.calls);
const warmup = Number(options.warmup);
const window = Number(options.window);
const repeat = Number(options.repeat);
const events = Number(options.events);
const connections = Number(options.connections);
const blobBytes = Number(options.bytes);


const echoText = makeText(Number(options['text-bytes']));





function serverStats() {
    const statsUrl = new URL('/stats', options.url);
    return new Promise((resolve, reject) => {
        const req = request(statsUrl, { agent: false, headers: { Connection: 'close' } }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
                body += chunk;
            });
            res.on('end', () => {
                try {
                    resolve(JSON.parse(body));
                } catch (error) {
                    reject(new Error(`The server's figures are not JSON: ${error.message}`));
                }
            });
        });
        req.on('error', reject);
        req.end();
    });
}

// The client's time and CPU, and the server's figures, around what is
// measured; stop() adds them to the report per `unit`, `count` of them.
async function startMeter() {
    const server = await serverStats();
    return { server, cpu: process.cpuUsage(), start: nowMs() };
}

async function stopMeter(meter, report, unit, count) {
    const seconds = (nowMs() - meter.start) / 1000;
    const cpu = process.cpuUsage(meter.cpu);
    const server = await serverStats();
    const serverCpu = server.cpu_us - meter.server.cpu_us;
    Object.assign(report, {
        seconds,
        [`${unit}s_per_s`]: count / seconds,
        [`cpu_us_per_${unit}`]: (cpu.user + cpu.system) / count,
        [`user_us_per_${unit}`]: cpu.user / count,
        [`sys_us_per_${unit}`]: cpu.system / count,
        connections: server.accepted - meter.server.accepted,
        server_requests: server.requests - meter.server.requests,
        [`server_cpu_us_per_${unit}`]: serverCpu / count,
        server_busy: serverCpu / 1e6 / seconds,
    });
}

async function connectClient() {
    const transport = new StreamableHTTPClientTransport(new URL(options.url));
    const client = new Client({ name: 'sdk-bench-http', version: '1.0.0' }, { capabilities: {} });
    await client.connect(transport);
    return { client, transport };
}

// As mcp-glib does when it closes: the session ends with DELETE.
async function closeClient({ client, transport }) {
    await transport.terminateSession();
    await client.close();
}




async function benchCalls(report, inFlight) {
    const connection = await connectClient();
    await runCalls(connection.client, echoText, warmup, inFlight);

    const meter = await startMeter();
    await runCalls(connection.client, echoText, calls, inFlight);
    await stopMeter(meter, report, 'call', calls);

    Object.assign(report, { calls, window: inFlight, peak_rss_kib: statusKib('VmHWM') });
    await closeClient(connection);
}

async function callProgress(client, n) {
    let count = 0;
    await client.callTool({ name: 'progress', arguments: { count: n } }, undefined, {
        onprogress: () => {
            count++;
        },
    });
    if (count !== n) {
        throw new Error(`${count} progress events arrived instead of ${n}`);
    }
}

async function benchSse(report) {
    const connection = await connectClient();
    await callProgress(connection.client, warmup);

    const meter = await startMeter();
    for (let i = 0; i < repeat; i++) {
        await callProgress(connection.client, events);
    }
    await stopMeter(meter, report, 'event', repeat * events);

    Object.assign(report, { events, repeat });
    await closeClient(connection);
}

async function callBlob(client, bytes) {
    return client.callTool({ name: 'blob', arguments: { bytes } });
}

async function benchBlob(report) {
    const connection = await connectClient();
    // A small blob first, so that the one measured pays for no first use.
    await callBlob(connection.client, 64 * 1024);

    resetPeak('sdk-bench-http');
    const rssBefore = statusKib('VmRSS');
    const meter = await startMeter();
    const result = await callBlob(connection.client, blobBytes);
    await stopMeter(meter, report, 'call', 1);

    const text = resultText(result);
    if (text === undefined || text.length !== blobBytes) {
        throw new Error(`The blob has ${text?.length ?? 0} bytes instead of ${blobBytes}`);
    }
    Object.assign(report, { bytes: blobBytes, growth_kib: statusKib('VmHWM') - rssBefore });
    await closeClient(connection);
}

async function benchReady(report) {
    // The first clients load code and warm caches: not counted.
    const skipped = 5;
    const ready = [];
    const closing = [];
    let meter;

    for (let i = 0; i < skipped + repeat; i++) {
        if (i === skipped) {
            meter = await startMeter();
        }
        const start = nowMs();
        const connection = await connectClient();
        const connected = nowMs();
        await closeClient(connection);
        if (i >= skipped) {
            ready.push(connected - start);
            closing.push(nowMs() - connected);
        }
    }
    await stopMeter(meter, report, 'client', repeat);

    Object.assign(report, { repeat, ready_ms: median(ready), close_ms: median(closing) });
}

async function benchMany(report) {
    // One client first, so that what every process pays once is not
    // charged to the clients measured.
    const first = await connectClient();
    await runCalls(first.client, echoText, 1, 1);
    await closeClient(first);

    const rssBefore = statusKib('VmRSS');
    const meter = await startMeter();
    const start = nowMs();
    const all = await Promise.all(Array.from({ length: connections }, () => connectClient()));
    const connectMs = nowMs() - start;
    await Promise.all(all.map(({ client }) => callEcho(client, echoText)));
    const rssAfter = statusKib('VmRSS');
    await stopMeter(meter, report, 'client', connections);
    await Promise.all(all.map((connection) => closeClient(connection)));

    Object.assign(report, {
        clients: connections,
        connect_all_ms: connectMs,
        kib_per_client: (rssAfter - rssBefore) / connections,
    });
}

const workloads = {
    seq: (report) => benchCalls(report, 1),
    inflight: (report) => benchCalls(report, window),
    sse: benchSse,
    blob: benchBlob,
    ready: benchReady,
    many: benchMany,
};

async function main() {
    const run = workloads[options.workload];
    if (run === undefined || options.url === undefined) {
        process.stderr.write(`sdk-bench-http: --url and --workload (${Object.keys(workloads).join(', ')}) are required\n`);
        process.exit(1);
    }

    const report = { client: 'sdk', workload: options.workload };
    await run(report);
    process.stdout.write(`${JSON.stringify(report)}\n`);
}

try {
    await main();
} catch (error) {
    process.stderr.write(`sdk-bench-http: ${options.workload}: ${error.stack ?? error}\n`);
    process.exit(1);
}
