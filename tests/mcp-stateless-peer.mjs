// mcp-stateless-peer.mjs
//
// Copyright 2026 The mcp-glib authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// A real MCP server of the stateless revision 2026-07-28, written on the
// TypeScript SDK v2 (@modelcontextprotocol/server, pinned in package.json),
// for the interoperability tests. The same definition serves both eras,
// as the SDK does it: 2026-07-28 to a client that probes with
// server/discover, 2025-11-25 to one that sends initialize.
//
//   node mcp-stateless-peer.mjs stdio    serves over its standard streams
//   node mcp-stateless-peer.mjs http     serves Streamable HTTP on an
//                                        ephemeral port of 127.0.0.1, which
//                                        it prints as the first line of its
//                                        output, at /mcp
//
// It has the tools echo, add, count (progress notifications as it counts),
// confirm (asks for an elicitation as a multi round-trip request) and
// notify (emits the list-change or resource-update notification asked for,
// to the subscriptions that want it); the resource peer://document; and the
// prompt greeting. Over HTTP it exits when its standard input closes, so a
// test that dies never leaves it behind.

import http from 'node:http';
import process from 'node:process';

import {
    McpServer,
    acceptedContent,
    createMcpHandler,
    fromJsonSchema,
    hostHeaderValidationResponse,
    inputRequired,
    inputResponse,
    localhostAllowedHostnames,
    localhostAllowedOrigins,
    originValidationResponse
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const DOCUMENT_URI = 'peer://document';

const CONFIRM_SCHEMA = {
    type: 'object',
    properties: { confirm: { type: 'boolean', title: 'Go ahead?' } },
    required: ['confirm']
};

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

const text = value => ({ content: [{ type: 'text', text: String(value) }] });

// Builds one server instance. `notifier(instance)` says how its change
// notifications reach the subscriptions: through the instance itself on
// stdio, through the HTTP handler's event bus over HTTP.
function buildServer (era, notifier) {
    const server = new McpServer(
        { name: 'mcp-glib-stateless-peer', version: '1.0.0' },
        {
            capabilities: {
                tools: { listChanged: true },
                prompts: { listChanged: true },
                resources: { subscribe: true, listChanged: true }
            },
            instructions: 'A test peer: echo, add, count, confirm and notify.'
        }
    );

    server.registerTool(
        'echo',
        {
            description: 'Returns its text',
            inputSchema: fromJsonSchema({
                type: 'object',
                properties: { text: { type: 'string' } },
                required: ['text']
            })
        },
        async ({ text: value }) => text(value)
    );

    server.registerTool(
        'add',
        {
            description: 'Adds two numbers',
            inputSchema: fromJsonSchema({
                type: 'object',
                properties: { a: { type: 'number' }, b: { type: 'number' } },
                required: ['a', 'b']
            }),
            outputSchema: fromJsonSchema({
                type: 'object',
                properties: { sum: { type: 'number' } },
                required: ['sum']
            })
        },
        async ({ a, b }) => ({ ...text(a + b), structuredContent: { sum: a + b } })
    );

    server.registerTool(
        'count',
        {
            description: 'Counts to steps, with a progress notification at each step',
            inputSchema: fromJsonSchema({
                type: 'object',
                properties: {
                    steps: { type: 'integer', minimum: 1, maximum: 100 },
                    delayMs: { type: 'integer', minimum: 0, maximum: 1000 }
                },
                required: ['steps']
            })
        },
        async ({ steps, delayMs = 10 }, ctx) => {
            const token = ctx.mcpReq._meta?.progressToken;
            for (let step = 1; step <= steps; step++) {
                await sleep(delayMs);
                if (token !== undefined) {
                    await ctx.mcpReq.notify({
                        method: 'notifications/progress',
                        params: { progressToken: token, progress: step, total: steps, message: `step ${step}` }
                    });
                }
            }
            return text(`counted to ${steps}`);
        }
    );

    // Stateless: whether the user confirmed comes back in the retry's
    // input responses, with the request state, which must come back as it
    // was given.
    server.registerTool(
        'confirm',
        {
            description: 'Asks the user to confirm the action, then does it',
            inputSchema: fromJsonSchema({
                type: 'object',
                properties: { action: { type: 'string' } },
                required: ['action']
            })
        },
        async ({ action }, ctx) => {
            const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
            if (answer.kind === 'elicit' && answer.action !== 'accept') {
                return text(`${action}: ${answer.action}d`);
            }
            const content = acceptedContent(ctx.mcpReq.inputResponses, 'confirm');
            const state = JSON.stringify({ action });
            if (content !== undefined && ctx.mcpReq.requestState() !== state) {
                return { ...text(`${action}: the request state came back changed`), isError: true };
            }
            if (content === undefined) {
                return inputRequired({
                    inputRequests: {
                        confirm: inputRequired.elicit({ message: `Really ${action}?`, requestedSchema: CONFIRM_SCHEMA })
                    },
                    requestState: state
                });
            }
            return text(content.confirm === true ? `${action}: done` : `${action}: not confirmed`);
        }
    );

    server.registerTool(
        'notify',
        {
            description: 'Emits a notification to the subscriptions that want it',
            inputSchema: fromJsonSchema({
                type: 'object',
                properties: {
                    kind: { type: 'string', enum: ['tools', 'prompts', 'resources', 'resource'] },
                    uri: { type: 'string' }
                },
                required: ['kind']
            })
        },
        async ({ kind, uri = DOCUMENT_URI }) => {
            const notify = notifier(server);
            if (kind === 'tools') notify.toolsChanged();
            else if (kind === 'prompts') notify.promptsChanged();
            else if (kind === 'resources') notify.resourcesChanged();
            else notify.resourceUpdated(uri);
            return text(`notified ${kind}`);
        }
    );

    server.registerResource(
        'document',
        DOCUMENT_URI,
        { title: 'The document', mimeType: 'text/plain' },
        async uri => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'The document.' }] })
    );

    server.registerPrompt(
        'greeting',
        {
            description: 'Greets someone',
            argsSchema: fromJsonSchema({
                type: 'object',
                properties: { name: { type: 'string' } },
                required: ['name']
            })
        },
        ({ name }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Hello, ${name}!` } }] })
    );

    // Older clients subscribe to a resource; everyone connected gets its
    // updates here.
    if (era === 'legacy') {
        server.server.setRequestHandler('resources/subscribe', async () => ({}));
        server.server.setRequestHandler('resources/unsubscribe', async () => ({}));
    }

    return server;
}

function instanceNotifier (server) {
    return {
        toolsChanged: () => server.server.sendToolListChanged(),
        promptsChanged: () => server.server.sendPromptListChanged(),
        resourcesChanged: () => server.server.sendResourceListChanged(),
        resourceUpdated: uri => server.server.sendResourceUpdated({ uri })
    };
}

function serveOverStdio () {
    serveStdio(({ era }) => buildServer(era, instanceNotifier), {
        onerror: error => process.stderr.write(`mcp-stateless-peer: ${error.message}\n`)
    });
}

// A Request of the fetch API from a request of node:http.
async function toWebRequest (req, signal) {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    let body;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        body = Buffer.concat(chunks);
    }
    return new Request(new URL(req.url, `http://${req.headers.host ?? '127.0.0.1'}`), {
        method: req.method,
        headers,
        body,
        signal
    });
}

function serveOverHttp () {
    const handler = createMcpHandler(({ era }) => buildServer(era, () => handler.notify), {
        onerror: error => process.stderr.write(`mcp-stateless-peer: ${error.message}\n`)
    });

    const server = http.createServer(async (req, res) => {
        const aborted = new AbortController();
        res.on('close', () => aborted.abort());
        try {
            const request = await toWebRequest(req, aborted.signal);
            const response =
                hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
                originValidationResponse(request, localhostAllowedOrigins()) ??
                (new URL(request.url).pathname === '/mcp'
                    ? await handler.fetch(request)
                    : new Response('Not Found', { status: 404 }));
            res.writeHead(response.status, Object.fromEntries(response.headers));
            res.flushHeaders();
            if (response.body !== null) {
                for await (const chunk of response.body) res.write(chunk);
            }
            res.end();
        } catch (error) {
            if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
            res.end(aborted.signal.aborted ? undefined : String(error));
        }
    });

    server.listen(0, '127.0.0.1', () => {
        process.stdout.write(`${server.address().port}\n`);
    });

    const stop = () => {
        handler.close().finally(() => process.exit(0));
    };
    process.stdin.on('end', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
    process.on('SIGTERM', stop);
}

const mode = process.argv[2];
if (mode === 'stdio') serveOverStdio();
else if (mode === 'http') serveOverHttp();
else {
    process.stderr.write('Usage: mcp-stateless-peer.mjs stdio|http\n');
    process.exit(2);
}
