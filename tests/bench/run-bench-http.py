#!/usr/bin/python3
# run-bench-http.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

"""Runs the HTTP benchmark and prints its tables.

It builds the benchmark (an optimized build directory of its own unless
told otherwise), then runs every mode with four clients against the same
bench-http-server, a fresh server for each client run: raw sockets (the
limit), plain libsoup (libsoup's own floor), mcp-glib and the TypeScript
SDK, in an order that rotates from one run to the next, several times over.
Each run also measures mcp-glib's sequential call over stdio (its CPU is
what an HTTP call is held against) and json-glib's parse of the large
results. The medians, their ratios and the targets of issue 16 end up in one
table, followed by the TCP connections each client opened and how busy the
server was. The exit status is 0 once the tables are printed, whether or
not the targets are met, and 1 if a benchmark program failed. --callgrind
instead counts the instructions one sequential call costs, per function,
with mcp-glib and with plain libsoup; --strace the system calls of every
client.
"""

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time

from benchkit import (BENCH_DIR, MIB, bench_env, callgrind_command,
                      callgrind_functions, ensure_build, fmt, loadavg, log, median_of, need,
                      node_version, parse_options, per_call, print_callgrind, print_strace,
                      print_table, ratio, sdk_version, strace_command, strace_counts,
                      total_instructions, verdict)

CLIENTS = ('raw', 'libsoup', 'mcp-glib', 'sdk')
CLIENT_NAMES = {'raw': 'raw', 'libsoup': 'libsoup', 'mcp-glib': 'mcp-glib', 'sdk': 'SDK'}

# The modes every client runs: (key, workload, URL path, extra arguments).
# On /sse the server answers every request with an event stream.
MODES = (
    ('seq', 'seq', '/mcp', ()),
    ('seq-sse', 'seq', '/sse', ()),
    ('inflight', 'inflight', '/mcp', ()),
    ('sse', 'sse', '/mcp', ()),
    ('blob1', 'blob', '/mcp', ('--bytes', str(MIB))),
    ('blob16', 'blob', '/mcp', ('--bytes', str(16 * MIB))),
    ('ready', 'ready', '/mcp', ()),
    ('many', 'many', '/mcp', ()),
)


class Runner:
    def __init__(self, builddir, node, scale):
        bench = os.path.join(builddir, 'tests', 'bench')
        self.http_bench = os.path.join(bench, 'http-bench')
        self.server = os.path.join(bench, 'bench-http-server')
        self.mcp_bench = os.path.join(bench, 'mcp-bench')
        self.echo_server = os.path.join(bench, 'bench-echo-server')
        self.node = node
        self.scale = scale
        self.env = bench_env()
        self.failures = []

    def counts(self, workload):
        def scaled(n, least):
            return str(max(least, int(n * self.scale)))

        if workload == 'seq':
            return ['--calls', scaled(5000, 10), '--warmup', scaled(500, 5)]
        if workload == 'inflight':
            return ['--calls', scaled(10000, 100), '--warmup', scaled(1000, 64)]
        if workload == 'sse':
            return ['--events', scaled(10000, 10), '--repeat', scaled(5, 1),
                    '--warmup', scaled(1000, 10)]
        if workload == 'ready':
            return ['--repeat', scaled(50, 3)]
        if workload == 'many':
            return ['--connections', scaled(100, 3)]
        return []

    @contextlib.contextmanager
    def http_server(self, prepare_blob=0):
        """A fresh server; yields its base URL. It ends with its stdin."""
        command = [self.server]
        if prepare_blob:
            command += ['--prepare-blob', str(prepare_blob)]
        server = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True)
        try:
            port = json.loads(server.stdout.readline())['port']
            yield f'http://127.0.0.1:{port}'
        finally:
            server.stdin.close()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()

    def command(self, client, workload, url, extra=(), counts=None):
        args = ['--workload', workload, '--url', url,
                *(self.counts(workload) if counts is None else counts), *extra]
        if client == 'sdk':
            # The SDK warns on stderr when listeners pile up on its abort
            # signal; printing hundreds of warnings would be timed too.
            return [self.node, '--no-warnings', os.path.join(BENCH_DIR, 'sdk-bench-http.mjs'),
                    *args]
        if client == 'libsoup-new':
            return [self.http_bench, '--client', 'libsoup', '--no-idempotent', *args]
        return [self.http_bench, '--client', client, *args]

    def execute(self, label, command):
        try:
            done = subprocess.run(command, capture_output=True, text=True, env=self.env,
                                  timeout=600, cwd=BENCH_DIR)
        except subprocess.TimeoutExpired:
            self.failures.append(f'{label}: timed out')
            return None
        if done.returncode != 0:
            self.failures.append(f'{label}: exit {done.returncode}: {done.stderr.strip()[-500:]}')
            return None
        if done.stderr.strip():
            log(done.stderr.strip())
        return json.loads(done.stdout.strip().splitlines()[-1])

    def run(self, client, workload, path='/mcp', extra=()):
        blob = int(extra[extra.index('--bytes') + 1]) if '--bytes' in extra else 0
        with self.http_server(prepare_blob=blob) as base:
            return self.execute(f'{client} {workload} {path} {" ".join(extra)}',
                                self.command(client, workload, base + path, extra))

    def run_mcp_bench(self, workload, extra=()):
        """The stdio benchmark's client (mcp-bench), with its own counts."""
        command = [self.mcp_bench, '--workload', workload, *extra]
        if workload == 'seq':
            command += ['--server', self.echo_server, '--calls',
                        str(max(100, int(20000 * self.scale))),
                        '--warmup', str(max(10, int(1000 * self.scale)))]
        return self.execute(f'mcp-bench {workload}', command)


def collect(runner, runs):
    results = {}

    def record(key, client, value):
        if value is not None:
            results.setdefault((key, client), []).append(value)

    for run in range(runs):
        # Rotating which client goes first evens out drift in the
        # machine's speed over a run.
        order = CLIENTS[run % len(CLIENTS):] + CLIENTS[:run % len(CLIENTS)]
        log(f'Run {run + 1}/{runs} (load average {loadavg()})')
        record('stdio', 'mcp-glib', runner.run_mcp_bench('seq'))
        record('parse1', 'json-glib', runner.run_mcp_bench('floor-parse', ('--bytes', str(MIB))))
        record('parse16', 'json-glib',
               runner.run_mcp_bench('floor-parse', ('--bytes', str(16 * MIB))))
        for key, workload, path, extra in MODES:
            for client in order:
                record(key, client, runner.run(client, workload, path, extra))
        record('seq', 'libsoup-new', runner.run('libsoup-new', 'seq'))

    return results


def build_rows(results):
    m = lambda key, client, field: median_of(results, key, client, field)  # noqa: E731
    rows = []

    def row(name, key, field, ratio_text, target, status, scale=1, digits=1):
        def cell(client):
            value = m(key, client, field) if key else None
            return fmt(value / scale if value is not None else None, '', digits)
        rows.append((name, *(cell(c) for c in CLIENTS), ratio_text, target, status))

    # Sequential calls
    g, s = m('seq', 'mcp-glib', 'calls_per_s'), m('seq', 'sdk', 'calls_per_s')
    r = ratio(g, s)
    row('sequential tools/call, calls/s', 'seq', 'calls_per_s', fmt(r, '× SDK', 2), '≥ 5× SDK',
        verdict(r, 5, True))
    g = m('seq', 'mcp-glib', 'cpu_us_per_call')
    stdio = m('stdio', 'mcp-glib', 'cpu_us_per_call')
    r = ratio(g, stdio)
    row('    client CPU per call, µs', 'seq', 'cpu_us_per_call', fmt(r, '× stdio', 2),
        f'≤ 3× the stdio call ({fmt(stdio, " µs", 2)}, same run)', verdict(r, 3, False))
    row('    of which user time, µs', 'seq', 'user_us_per_call', '', 'info', '')
    soup = m('seq', 'libsoup', 'cpu_us_per_call')
    rows.append(('    mcp-glib on top of libsoup, µs per call', '', '',
                 fmt(g - soup if g is not None and soup is not None else None), '',
                 fmt(ratio(g, soup), '× libsoup', 2), 'info', ''))
    rows.append(('    libsoup, a new connection per POST (its default): calls/s', '',
                 fmt(m('seq', 'libsoup-new', 'calls_per_s')), '', '', '', 'info', ''))
    rows.append(('    libsoup, a new connection per POST: CPU per call, µs', '',
                 fmt(m('seq', 'libsoup-new', 'cpu_us_per_call')), '', '', '', 'info', ''))
    g, s = m('seq-sse', 'mcp-glib', 'calls_per_s'), m('seq-sse', 'sdk', 'calls_per_s')
    row('sequential, answers as event streams, calls/s', 'seq-sse', 'calls_per_s',
        fmt(ratio(g, s), '× SDK', 2), 'info', '')
    row('    client CPU per call, µs', 'seq-sse', 'cpu_us_per_call', '', 'info', '')

    # 64 in flight
    g, s = m('inflight', 'mcp-glib', 'calls_per_s'), m('inflight', 'sdk', 'calls_per_s')
    r = ratio(g, s)
    row('64 calls in flight, calls/s', 'inflight', 'calls_per_s', fmt(r, '× SDK', 2),
        '≥ 5× SDK', verdict(r, 5, True))
    row('    client CPU per call, µs', 'inflight', 'cpu_us_per_call', '', 'info', '')

    # Progress events over SSE
    events = m('sse', 'mcp-glib', 'events') or 0
    g = m('sse', 'mcp-glib', 'cpu_us_per_event')
    raw = m('sse', 'raw', 'cpu_us_per_event')
    row(f'SSE, {events:,.0f} progress events per call: client CPU per event, µs', 'sse',
        'cpu_us_per_event', fmt(ratio(g, raw), '× raw', 1), '≤ 3 µs', verdict(g, 3, False),
        digits=2)
    row('    events per second', 'sse', 'events_per_s', '', 'info', '')

    # Large results
    row('1 MiB result, ms', 'blob1', 'seconds', '', 'info', '', scale=1e-3)
    row('    peak memory growth, MiB', 'blob1', 'growth_kib', '', 'info', '', scale=1024)
    parse16 = m('parse16', 'json-glib', 'ms')
    g = m('blob16', 'mcp-glib', 'seconds')
    r = ratio(g * 1000 if g is not None else None, parse16)
    row('16 MiB result, ms', 'blob16', 'seconds', fmt(r, '× parse', 2),
        f'≤ 1.5× json-glib parse ({fmt(parse16, " ms")})', verdict(r, 1.5, False), scale=1e-3)
    g = m('blob16', 'mcp-glib', 'growth_kib')
    r = ratio(g, 16 * 1024)
    row('    peak memory growth, MiB', 'blob16', 'growth_kib', fmt(r, '× payload', 2),
        '≤ 3× payload', verdict(r, 3, False), scale=1024)

    # New client to ready
    repeat = m('ready', 'mcp-glib', 'repeat') or 0
    g, s = m('ready', 'mcp-glib', 'ready_ms'), m('ready', 'sdk', 'ready_ms')
    row(f'new client to ready, ms (median of {repeat:.0f})', 'ready', 'ready_ms',
        fmt(ratio(g, s), '× SDK', 2), 'info', '', digits=2)
    row('    close, ms', 'ready', 'close_ms', '', 'info', '', digits=2)
    row('    client CPU per new client, µs', 'ready', 'cpu_us_per_client', '', 'info', '')

    # Many clients
    n = m('many', 'mcp-glib', 'clients') or 0
    g = m('many', 'mcp-glib', 'kib_per_client')
    row(f'{n:.0f} clients in one process: memory per client, KiB', 'many', 'kib_per_client',
        '', '≤ 64 KiB', verdict(g, 64, False))
    row('    time to connect all, ms', 'many', 'connect_all_ms', '', 'info', '')
    return rows


def connection_rows(results):
    """TCP connections opened, and the server's busy share, per mode."""
    m = lambda key, client, field: median_of(results, key, client, field)  # noqa: E731
    labels = {
        'seq': 'sequential calls',
        'seq-sse': 'sequential, event stream answers',
        'inflight': '64 in flight',
        'sse': 'SSE progress calls',
        'blob1': '1 MiB result',
        'blob16': '16 MiB result',
        'ready': 'new clients (ready + close)',
        'many': 'many clients at once',
    }
    units = {'seq': 'calls', 'seq-sse': 'calls', 'inflight': 'calls', 'sse': 'repeat',
             'ready': 'repeat', 'many': 'clients'}
    connections = []
    busy = []
    for key, label in labels.items():
        count = m(key, 'mcp-glib', units[key]) if key in units else None
        name = f'{label} ({count:,.0f})' if count is not None else label
        connections.append((name, *(fmt(m(key, c, 'connections'), '', 0) for c in CLIENTS)))
        busy.append((label, *(fmt(100 * m(key, c, 'server_busy')
                                  if m(key, c, 'server_busy') is not None else None, ' %')
                              for c in CLIENTS)))
    return connections, busy


def callgrind(runner, calls):
    """Instructions per sequential call, and per progress event of an event
    stream, per function, with mcp-glib and with plain libsoup."""
    if not need('valgrind'):
        return 1
    outdir = os.path.join(os.path.dirname(runner.http_bench), 'callgrind')
    os.makedirs(outdir, exist_ok=True)
    # (file name, workload, counts for n calls or events)
    kinds = (('http', 'seq', lambda n: ['--calls', str(n), '--warmup', '50']),
             ('http-sse', 'sse', lambda n: ['--events', str(n), '--repeat', '1',
                                             '--warmup', '10']))
    costs = {}
    for name, workload, counts in kinds:
        for client in ('mcp-glib', 'libsoup'):
            def run(n, label):
                out = os.path.join(outdir, f'{name}-{client}.{label}.out')
                with runner.http_server() as base:
                    command = runner.command(client, workload, base + '/mcp', counts=counts(n))
                    subprocess.run([*callgrind_command(out), *command], check=True,
                                   capture_output=True, env=runner.env)
                return callgrind_functions(out)
            # Events are cheaper than calls: ten times as many.
            costs[name, client] = per_call(run, calls if workload == 'seq' else 10 * calls)
            log(f'callgrind files: {outdir}/{name}-{client}.*.out')

    for name, what in (('http', 'one sequential tools/call over HTTP'),
                       ('http-sse', 'one progress event of an event stream')):
        unit = 'call' if name == 'http' else 'event'
        print_callgrind(f'mcp-glib, {what}', costs[name, 'mcp-glib'],
                        ('mcp-glib', 'json-glib-1.0', 'soup-3.0'), unit)
        print_callgrind('plain libsoup, the same', costs[name, 'libsoup'], ('soup-3.0',), unit)
        ratio = total_instructions(costs[name, 'mcp-glib']) / total_instructions(
            costs[name, 'libsoup'])
        print(f'\nmcp-glib / plain libsoup: {ratio:.2f}× the instructions')
    return 0


def strace(runner, calls):
    """System calls per sequential call, with every client."""
    if not need('strace'):
        return 1
    outdir = os.path.join(os.path.dirname(runner.http_bench), 'strace')
    os.makedirs(outdir, exist_ok=True)
    for client in ('raw', 'libsoup', 'mcp-glib', 'sdk'):
        def run(n, label):
            out = os.path.join(outdir, f'http-{client}.{label}.txt')
            with runner.http_server() as base:
                command = runner.command(client, 'seq', base + '/mcp',
                                         counts=['--calls', str(n), '--warmup', '50'])
                subprocess.run([*strace_command(out), *command], check=True,
                               capture_output=True, env=runner.env, cwd=BENCH_DIR)
            return strace_counts(out)
        print_strace(f'{CLIENT_NAMES[client]}, one sequential tools/call over HTTP',
                     per_call(run, calls))
    log(f'strace logs: {outdir}')
    return 0


def main():
    options = parse_options(__doc__, 'mode', 'call, event, repeat and client')

    builddir = os.path.abspath(options.builddir)
    if not options.no_build:
        ensure_build(builddir, ['tests/bench/http-bench', 'tests/bench/bench-http-server',
                                'tests/bench/mcp-bench', 'tests/bench/bench-echo-server'])

    node = shutil.which('node') or '/usr/bin/node'
    runner = Runner(builddir, node, options.scale)

    if options.callgrind:
        return callgrind(runner, max(50, int(500 * options.scale)))

    version = sdk_version()
    if version is None:
        log('The TypeScript SDK is missing: run `npm ci` in tests/ first')
        return 77 if options.smoke else 1
    if options.strace:
        return strace(runner, max(50, int(500 * options.scale)))

    start = time.monotonic()
    load_before = loadavg()
    results = collect(runner, options.runs)
    minutes = (time.monotonic() - start) / 60

    if options.json:
        with open(options.json, 'w') as f:
            json.dump({f'{key}/{client}': values for (key, client), values in results.items()},
                      f, indent=1)

    names = tuple(CLIENT_NAMES[c] for c in CLIENTS)
    print(f'mcp-glib HTTP benchmark: medians of {options.runs} runs; raw = plain sockets, '
          f'libsoup = plain libsoup {soup_version()}, SDK = @modelcontextprotocol/sdk {version} '
          f'on Node {node_version(node)}; {os.cpu_count()} CPUs; load average {load_before} '
          f'before, {loadavg()} after; {minutes:.1f} min')
    print()
    print_table(('workload', *names, 'ratio', 'target', 'pass/fail'), build_rows(results))
    connections, busy = connection_rows(results)
    print('\nTCP connections opened (while measured)\n')
    print_table(('mode', *names), connections)
    print('\nServer busy share (its CPU time over the wall time, while measured)\n')
    print_table(('mode', *names), busy)
    if runner.failures:
        print('\nFailed runs:')
        for failure in runner.failures:
            print(f'  {failure}')
        return 1
    return 0


def soup_version():
    done = subprocess.run(['pkg-config', '--modversion', 'libsoup-3.0'], capture_output=True,
                          text=True)
    return done.stdout.strip() if done.returncode == 0 else '3'


if __name__ == '__main__':
    sys.exit(main())
