#!/usr/bin/python3
# run-bench.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

"""Runs the stdio benchmark and prints one table.

It builds the benchmark (an optimized build directory of its own unless
told otherwise), then runs every workload with mcp-glib (mcp-bench) and with
the TypeScript SDK (sdk-bench.mjs) against the same echo server, alternating
which client goes first, several times over, plus the json-glib floor that
the library's overhead is measured against. Each workload runs in a fresh
process, so memory figures do not carry over. The medians of the runs, their
ratios and the targets (issue 16, restating those of issue 7) end up in one
table. The exit status is 0 once the table is printed, whether or not the
targets are met, and 1 if a benchmark program failed. --callgrind instead
counts the instructions that one call costs, per function, in mcp-glib and
in the json-glib floor; --strace the system calls.
"""

import json
import os
import shutil
import subprocess
import sys
import time

from benchkit import (BENCH_DIR, MIB, bench_env, callgrind_command,
                      callgrind_functions, ensure_build, first_error, fmt, loadavg, log, median_of,
                      need, node_version, parse_options, per_call, print_callgrind, print_strace,
                      print_table, ratio, sdk_version, strace_command, strace_counts,
                      total_instructions, verdict)

# The SDK's stdio transport refuses a message above 10 MiB by default; this
# is the limit the extra, informative run raises it to.
SDK_RAISED_BUFFER = 64 * MIB


class Runner:
    def __init__(self, builddir, node, scale):
        self.mcp_bench = os.path.join(builddir, 'tests', 'bench', 'mcp-bench')
        self.server = os.path.join(builddir, 'tests', 'bench', 'bench-echo-server')
        self.node = node
        self.scale = scale
        self.env = bench_env()
        # Uninstalled, the library finds its spawn helper through this.
        self.env['MCP_GLIB_SPAWN_HELPER'] = os.path.join(builddir, 'mcp-glib', 'mcp-spawn-helper')
        self.failures = []

    def counts(self, workload):
        s = self.scale
        if workload in ('seq', 'inflight', 'floor', 'floor-io'):
            return ['--calls', str(max(100, int(20000 * s))),
                    '--warmup', str(max(10, int(1000 * s)))]
        if workload == 'spawn':
            return ['--repeat', str(max(5, int(50 * s)))]
        return []

    def command(self, client, workload, extra=(), counts=None):
        args = ['--workload', workload, *(counts or self.counts(workload)), *extra]
        if workload != 'floor' and workload != 'floor-parse':
            args = ['--server', self.server, *args]
        if client == 'sdk':
            return [self.node, os.path.join(BENCH_DIR, 'sdk-bench.mjs'), *args]
        return [self.mcp_bench, *args]

    def run(self, client, workload, extra=()):
        try:
            done = subprocess.run(self.command(client, workload, extra), capture_output=True,
                                  text=True, env=self.env, timeout=600, cwd=BENCH_DIR)
        except subprocess.TimeoutExpired:
            self.failures.append(f'{client} {workload}: timed out')
            return None
        if done.returncode != 0:
            self.failures.append(f'{client} {workload} {" ".join(extra)}: exit {done.returncode}: '
                                 f'{done.stderr.strip()[-500:]}')
            return None
        if done.stderr.strip():
            log(done.stderr.strip())
        return json.loads(done.stdout.strip().splitlines()[-1])


# One entry per measurement: (key, client, workload, extra arguments).
def schedule():
    pairs = [
        ('seq', 'seq', ()),
        ('inflight', 'inflight', ()),
        ('blob1', 'blob', ('--bytes', str(MIB))),
        ('blob16', 'blob', ('--bytes', str(16 * MIB))),
        ('spawn', 'spawn', ()),
        ('many', 'many', ()),
    ]
    floor = [
        ('floor', 'floor', ()),
        ('parse1', 'floor-parse', ('--bytes', str(MIB))),
        ('parse16', 'floor-parse', ('--bytes', str(16 * MIB))),
        ('io', 'floor-io', ()),
    ]
    raised = ('blob16raised', 'blob', ('--bytes', str(16 * MIB),
                                       '--max-buffer-size', str(SDK_RAISED_BUFFER)))
    return pairs, floor, raised


def collect(runner, runs):
    pairs, floor, raised = schedule()
    results = {}

    def record(key, client, value):
        if value is not None:
            results.setdefault((key, client), []).append(value)

    for run in range(runs):
        # Alternating which client goes first evens out drift in the
        # machine's speed over a run.
        order = ('mcp-glib', 'sdk') if run % 2 == 0 else ('sdk', 'mcp-glib')
        log(f'Run {run + 1}/{runs} (load average {loadavg()})')
        for key, workload, extra in floor:
            record(key, 'json-glib', runner.run('mcp-glib', workload, extra))
        for key, workload, extra in pairs:
            for client in order:
                record(key, client, runner.run(client, workload, extra))
        key, workload, extra = raised
        record(key, 'sdk', runner.run('sdk', workload, extra))

    return results


def build_rows(results):
    m = lambda key, client, field: median_of(results, key, client, field)  # noqa: E731
    rows = []

    def row(name, glib, sdk, r, target, status):
        rows.append((name, glib, sdk, r, target, status))

    floor_cpu = m('floor', 'json-glib', 'cpu_us_per_call')
    io = m('io', 'json-glib', 'calls_per_s')
    io_cpu = m('io', 'json-glib', 'cpu_us_per_call')
    floors = floor_cpu + io_cpu if floor_cpu is not None and io_cpu is not None else None

    # (a) sequential round trips, against the bare loop that no client can
    # beat on this machine: the same round trip with no JSON and no main
    # loop.
    g, s = m('seq', 'mcp-glib', 'calls_per_s'), m('seq', 'sdk', 'calls_per_s')
    r = ratio(g, io)
    row('(a) sequential tools/call, calls/s', fmt(g), fmt(s), fmt(r, '× loop', 2),
        '≥ 0.75× bare write/read loop', verdict(r, 0.75, True))
    row('    bare write/poll/read round trips, calls/s', fmt(io), '',
        fmt(ratio(io, s), '× SDK', 2), 'info (the most any client can reach)', '')
    row('    mcp-glib against the SDK', '', '', fmt(ratio(g, s), '×', 2), 'info', '')
    g, s = m('seq', 'mcp-glib', 'cpu_us_per_call'), m('seq', 'sdk', 'cpu_us_per_call')
    r = ratio(g, floors)
    row('(a) client CPU per call, µs (user+sys)', fmt(g), fmt(s), fmt(r, '× floors', 2),
        f'≤ 1.4× (bare loop {fmt(io_cpu, " µs", 2)} + json-glib floor '
        f'{fmt(floor_cpu, " µs", 2)})', verdict(r, 1.4, False))
    gu, su = m('seq', 'mcp-glib', 'user_us_per_call'), m('seq', 'sdk', 'user_us_per_call')
    row('    of which user time, µs', fmt(gu), fmt(su), fmt(ratio(gu, floor_cpu), '× floor', 2),
        'info (against the json-glib floor alone)', '')

    # (b) 64 in flight
    g, s = m('inflight', 'mcp-glib', 'calls_per_s'), m('inflight', 'sdk', 'calls_per_s')
    r = ratio(g, s)
    row('(b) 64 calls in flight, calls/s', fmt(g), fmt(s), fmt(r, '×', 2), '≥ 3× SDK',
        verdict(r, 3, True))
    g, s = m('inflight', 'mcp-glib', 'cpu_us_per_call'), m('inflight', 'sdk', 'cpu_us_per_call')
    row('    client CPU per call in flight, µs', fmt(g), fmt(s), fmt(ratio(s, g), '× less', 2),
        'info', '')

    # (c) large results
    g1, s1 = m('blob1', 'mcp-glib', 'ms'), m('blob1', 'sdk', 'ms')
    row('(c) 1 MiB text result, ms', fmt(g1), fmt(s1), fmt(ratio(s1, g1), '× faster', 2),
        'info', '')
    g16 = m('blob16', 'mcp-glib', 'ms')
    glib_err = first_error(results, 'blob16', 'mcp-glib')
    sdk_err = first_error(results, 'blob16', 'sdk')
    s16 = m('blob16', 'sdk', 'ms')
    row('(c) 16 MiB text result, default settings', 'works' if g16 is not None else 'fails',
        'rejected' if sdk_err else ('works' if s16 is not None else 'n/a'), '',
        'mcp-glib works', 'pass' if g16 is not None and glib_err is None else 'FAIL')
    parse16 = m('parse16', 'json-glib', 'ms')
    r = ratio(g16, parse16)
    row('(c) 16 MiB result, ms', fmt(g16), fmt(s16) if s16 is not None else 'rejected',
        fmt(r, '× parse', 2), f'≤ 1.6× json-glib parse ({fmt(parse16, " ms")})',
        verdict(r, 1.6, False))
    s16r = m('blob16raised', 'sdk', 'ms')
    row('    SDK with maxBufferSize 64 MiB, ms', '', fmt(s16r),
        fmt(ratio(s16r, g16), '× slower', 2), 'info', '')
    gg16 = m('blob16', 'mcp-glib', 'growth_kib')
    sg16 = m('blob16raised', 'sdk', 'growth_kib')
    r = ratio(gg16, 16 * 1024)
    row('(c) 16 MiB peak memory growth, MiB', fmt(gg16 / 1024 if gg16 else None),
        fmt(sg16 / 1024 if sg16 else None) + (' (raised)' if sg16 else ''),
        fmt(r, '× payload', 2), '≤ 4× payload', verdict(r, 4, False))
    gg1 = m('blob1', 'mcp-glib', 'growth_kib')
    sg1 = m('blob1', 'sdk', 'growth_kib')
    row('    1 MiB peak memory growth, MiB', fmt(gg1 / 1024 if gg1 else None),
        fmt(sg1 / 1024 if sg1 else None), fmt(ratio(gg1, 1024), '× payload', 2), 'info', '')
    r = ratio(g16, 16 * g1) if g1 else None
    row('(c) linear in size: time per MiB 16 MiB / 1 MiB', fmt(g16 / 16 if g16 else None, ' ms/MiB', 2),
        '', fmt(r, '×', 2), '≤ 1.5×', verdict(r, 1.5, False))
    r = ratio(gg16, 16 * gg1) if gg1 else None
    row('(c) linear in size: growth per MiB 16 MiB / 1 MiB',
        fmt(gg16 / 16 / 1024 if gg16 else None, ' MiB/MiB', 2), '', fmt(r, '×', 2), '≤ 1.5×',
        verdict(r, 1.5, False))

    # (d) spawn to ready, connect + close
    repeat = m('spawn', 'mcp-glib', 'repeat')
    repeat = int(repeat) if repeat else 0
    g, s = m('spawn', 'mcp-glib', 'ready_ms'), m('spawn', 'sdk', 'ready_ms')
    r = ratio(g, s)
    row(f'(d) spawn to ready, ms (median of {repeat})', fmt(g, '', 2), fmt(s, '', 2),
        fmt(r, '× SDK', 2), '≤ 0.5× the SDK', verdict(r, 0.5, False))
    g, s = m('spawn', 'mcp-glib', 'cycle_ms'), m('spawn', 'sdk', 'cycle_ms')
    row(f'(d) connect + close, ms (median of {repeat})', fmt(g, '', 2), fmt(s, '', 2),
        fmt(ratio(s, g), '× faster', 2), 'info', '')

    # (e) CPU per call and peak RSS
    g, s = m('seq', 'mcp-glib', 'cpu_us_per_call'), m('seq', 'sdk', 'cpu_us_per_call')
    row('(e) client CPU per sequential call, µs', fmt(g), fmt(s), fmt(ratio(s, g), '× less', 2),
        'info', '')
    done = (m('seq', 'mcp-glib', 'calls') or 0) + (m('seq', 'mcp-glib', 'warmup') or 0)
    g, s = m('seq', 'mcp-glib', 'peak_rss_kib'), m('seq', 'sdk', 'peak_rss_kib')
    row(f'(e) peak RSS after {done:,.0f} sequential calls, MiB', fmt(g / 1024 if g else None),
        fmt(s / 1024 if s else None), fmt(ratio(s, g), '× less', 2), 'info', '')

    # (f) many servers
    g, s = m('many', 'mcp-glib', 'kib_per_connection'), m('many', 'sdk', 'kib_per_connection')
    row('(f) 100 stdio servers: client memory per connection, KiB', fmt(g), fmt(s),
        fmt(ratio(s, g), '× less', 2), '≤ 24 KiB', verdict(g, 24, False))
    g, s = m('many', 'mcp-glib', 'connect_all_ms'), m('many', 'sdk', 'connect_all_ms')
    row('    time to connect all 100, ms', fmt(g), fmt(s), fmt(ratio(s, g), '× faster', 2),
        'info', '')

    notes = []
    if sdk_err:
        notes.append(f'SDK, 16 MiB with default settings: {sdk_err}')
    if glib_err:
        notes.append(f'mcp-glib, 16 MiB: {glib_err}')
    return rows, notes


def callgrind(runner, calls):
    """Instructions per call, per function, of mcp-glib's sequential call
    and of the json-glib floor."""
    if not need('valgrind'):
        return 1
    outdir = os.path.join(os.path.dirname(runner.mcp_bench), 'callgrind')
    os.makedirs(outdir, exist_ok=True)
    costs = {}
    for workload in ('seq', 'floor'):
        def run(n, label):
            out = os.path.join(outdir, f'{workload}.{label}.out')
            command = runner.command('mcp-glib', workload,
                                     counts=['--calls', str(n), '--warmup', '100'])
            subprocess.run([*callgrind_command(out), *command], check=True, capture_output=True,
                           env=runner.env)
            return callgrind_functions(out)
        costs[workload] = per_call(run, calls)
        log(f'callgrind files: {outdir}/{workload}.*.out')

    print_callgrind('mcp-glib, one sequential tools/call over stdio', costs['seq'],
                    ('mcp-glib', 'json-glib-1.0'))
    print_callgrind('json-glib floor, one request built and one answer parsed', costs['floor'],
                    ('json-glib-1.0',))
    print(f'\nmcp-glib / floor: '
          f'{total_instructions(costs["seq"]) / total_instructions(costs["floor"]):.2f}× '
          'the instructions')
    return 0


def strace(runner, calls):
    """System calls per sequential call: mcp-glib, the SDK, and the bare
    write/poll/read loop."""
    if not need('strace'):
        return 1
    outdir = os.path.join(os.path.dirname(runner.mcp_bench), 'strace')
    os.makedirs(outdir, exist_ok=True)
    for client, workload, title in (
            ('mcp-glib', 'seq', 'mcp-glib, one sequential tools/call over stdio'),
            ('sdk', 'seq', 'SDK, one sequential tools/call over stdio'),
            ('mcp-glib', 'floor-io', 'bare write/poll/read round trip')):
        def run(n, label):
            out = os.path.join(outdir, f'{client}-{workload}.{label}.txt')
            command = runner.command(client, workload, counts=['--calls', str(n), '--warmup', '100'])
            subprocess.run([*strace_command(out), *command], check=True, capture_output=True,
                           env=runner.env, cwd=BENCH_DIR)
            return strace_counts(out)
        print_strace(title, per_call(run, calls))
    log(f'strace logs: {outdir}')
    return 0


def main():
    options = parse_options(__doc__, 'workload', 'call and repeat')

    builddir = os.path.abspath(options.builddir)
    if not options.no_build:
        ensure_build(builddir, ['tests/bench/mcp-bench', 'tests/bench/bench-echo-server',
                                'mcp-glib/mcp-spawn-helper'])

    node = shutil.which('node') or '/usr/bin/node'
    runner = Runner(builddir, node, options.scale)

    if options.callgrind:
        return callgrind(runner, max(100, int(1000 * options.scale)))

    version = sdk_version()
    if version is None:
        log('The TypeScript SDK is missing: run `npm ci` in tests/ first')
        return 77 if options.smoke else 1
    if options.strace:
        return strace(runner, max(100, int(1000 * options.scale)))

    start = time.monotonic()
    load_before = loadavg()
    results = collect(runner, options.runs)
    minutes = (time.monotonic() - start) / 60

    if options.json:
        with open(options.json, 'w') as f:
            json.dump({f'{key}/{client}': values for (key, client), values in results.items()},
                      f, indent=1)

    rows, notes = build_rows(results)
    print(f'mcp-glib benchmark: medians of {options.runs} runs; SDK = @modelcontextprotocol/sdk '
          f'{version} on Node {node_version(node)}; {os.cpu_count()} CPUs; load average '
          f'{load_before} before, {loadavg()} after; {minutes:.1f} min')
    print()
    print_table(('workload', 'mcp-glib', 'SDK', 'ratio', 'target', 'pass/fail'), rows)
    for note in notes:
        print(f'\n{note}')
    if runner.failures:
        print('\nFailed runs:')
        for failure in runner.failures:
            print(f'  {failure}')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
