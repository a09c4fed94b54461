// sdk-bench-util.mjs
//
// Copyright 2026 The mcp-glib authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

// What the SDK's two benchmark clients share (sdk-bench.mjs over stdio,
// sdk-bench-http.mjs over Streamable HTTP), as bench-util.c does for the C
// clients: the echoed text, the clock, memory from /proc/self/status,
// medians, and the loop of echo calls.

import { readFileSync, writeFileSync } from 'node:fs';

const TEXT_PATTERN = 'The quick brown fox jumps over the lazy dog. ';

export function makeText(size) {
    return TEXT_PATTERN.repeat(Math.ceil(size / TEXT_PATTERN.length)).slice(0, size);
}

export function statusKib(field) {
    const match = readFileSync('/proc/self/status', 'utf8').match(new RegExp(`^${field}:\\s*(\\d+)`, 'm'));
    return match ? Number(match[1]) : -1;
}

export function resetPeak(program) {
    try {
        writeFileSync('/proc/self/clear_refs', '5');
    } catch (error) {
        process.stderr.write(`${program}: cannot reset the peak RSS (${error.message}); growth figures are too high\n`);
    }
}

export function nowMs() {
    return Number(process.hrtime.bigint()) / 1e6;
}

export function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    const n = sorted.length;
    return n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

export function resultText(result) {
    return result.content?.[0]?.text;
}

export async function callEcho(client, text) {
    const result = await client.callTool({ name: 'echo', arguments: { text } });
    if (resultText(result) !== text) {
        throw new Error('The server did not echo the text');
    }
}

// Echo calls of `text`, `inFlight` at a time: each completion starts the
// next call, so that a window of one is a chain of round trips.
export async function runCalls(client, text, n, inFlight) {
    let toStart = n;
    async function worker() {
        while (toStart > 0) {
            toStart--;
            await callEcho(client, text);
        }
    }
    const workers = [];
    for (let i = 0; i < Math.min(inFlight, n); i++) {
        workers.push(worker());
    }
    await Promise.all(workers);
}
