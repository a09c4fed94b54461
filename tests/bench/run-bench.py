#!/usr/bin/python3
# run-bench.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

"""Runs the benchmark of issue 7 and prints one table.

It builds the benchmark (an optimized build directory of its own unless
told otherwise), then runs every workload with mcp-glib (mcp-bench) and with
the TypeScript SDK (sdk-bench.mjs) against the same echo server, alternating
which client goes first, several times over, plus the json-glib floor that
the library's overhead is measured against. Each workload runs in a fresh
process, so memory figures do not carry over. The medians of the runs, their
ratios and the targets of the issue end up in one table. The exit status is
0 once the table is printed, whether or not the targets are met, and 1 if a
benchmark program failed. --callgrind instead counts the instructions that
one call costs, per function, in mcp-glib and in the json-glib floor.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.dirname(os.path.dirname(BENCH_DIR))
TESTS_DIR = os.path.dirname(BENCH_DIR)
MIB = 1024 * 1024

# The SDK's stdio transport refuses a message above 10 MiB by default; this
# is the limit the extra, informative run raises it to.
SDK_RAISED_BUFFER = 64 * MIB

# What the benchmark should not see: debug output, allocator checks,
# options that change how Node runs.
SCRUBBED_ENV = ('G_MESSAGES_DEBUG', 'G_DEBUG', 'G_SLICE', 'MALLOC_CHECK_', 'MALLOC_PERTURB_',
                'NODE_OPTIONS', 'LD_PRELOAD')


def log(message):
    print(message, file=sys.stderr, flush=True)


def loadavg():
    with open('/proc/loadavg') as f:
        return ' '.join(f.read().split()[:3])


def ensure_build(builddir):
    if not os.path.exists(os.path.join(builddir, 'build.ninja')):
        log(f'Configuring an optimized build in {builddir}')
        subprocess.run(['meson', 'setup', builddir, SOURCE_ROOT, '--buildtype=debugoptimized',
                        '-Dintrospection=disabled', '-Ddocumentation=false', '-Dtests=true'],
                       check=True, stdout=subprocess.DEVNULL)
    else:
        options = subprocess.run(['meson', 'introspect', builddir, '--buildoptions'],
                                 capture_output=True, text=True)
        if options.returncode == 0:
            for option in json.loads(options.stdout):
                if option['name'] == 'optimization' and option['value'] in ('0', 'g'):
                    log(f'warning: {builddir} is built without optimization; '
                        'the numbers will be pessimistic for mcp-glib')
    log(f'Building in {builddir}')
    subprocess.run(['ninja', '-C', builddir, 'tests/bench/mcp-bench',
                    'tests/bench/bench-echo-server', 'mcp-glib/mcp-spawn-helper'],
                   check=True, stdout=subprocess.DEVNULL)


class Runner:
    def __init__(self, builddir, node, scale):
        self.mcp_bench = os.path.join(builddir, 'tests', 'bench', 'mcp-bench')
        self.server = os.path.join(builddir, 'tests', 'bench', 'bench-echo-server')
        self.node = node
        self.scale = scale
        self.env = {k: v for k, v in os.environ.items() if k not in SCRUBBED_ENV}
        # Uninstalled, the library finds its spawn helper through this.
        self.env['MCP_GLIB_SPAWN_HELPER'] = os.path.join(builddir, 'mcp-glib', 'mcp-spawn-helper')
        self.failures = []

    def counts(self, workload):
        s = self.scale
        if workload in ('seq', 'inflight', 'floor', 'floor-io'):
            return ['--calls', str(max(100, int(20000 * s))), '--warmup', str(max(10, int(1000 * s)))]
        if workload == 'spawn':
            return ['--repeat', str(max(5, int(50 * s)))]
        return []

    def run(self, client, workload, extra=()):
        args = ['--workload', workload, *self.counts(workload), *extra]
        if workload != 'floor' and workload != 'floor-parse':
            args = ['--server', self.server, *args]
        if client == 'sdk':
            command = [self.node, os.path.join(BENCH_DIR, 'sdk-bench.mjs'), *args]
        else:
            command = [self.mcp_bench, *args]
        try:
            done = subprocess.run(command, capture_output=True, text=True, env=self.env,
                                  timeout=600, cwd=BENCH_DIR)
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


def median_of(results, key, client, field):
    values = [r[field] for r in results.get((key, client), [])
              if r.get(field) is not None]
    return statistics.median(values) if values else None


def first_error(results, key, client):
    for r in results.get((key, client), []):
        if r.get('error'):
            return r['error']
    return None


def fmt(value, unit='', digits=1):
    if value is None:
        return 'n/a'
    if isinstance(value, str):
        return value
    if abs(value) >= 1000:
        return f'{value:,.0f}{unit}'
    return f'{value:.{digits}f}{unit}'


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def verdict(value, limit, higher_is_better):
    if value is None:
        return 'FAIL'
    ok = value >= limit if higher_is_better else value <= limit
    return 'pass' if ok else 'FAIL'


def build_rows(results):
    m = lambda key, client, field: median_of(results, key, client, field)  # noqa: E731
    rows = []

    def row(name, glib, sdk, r, target, status):
        rows.append((name, glib, sdk, r, target, status))

    floor_cpu = m('floor', 'json-glib', 'cpu_us_per_call')

    # (a) sequential round trips
    g, s = m('seq', 'mcp-glib', 'calls_per_s'), m('seq', 'sdk', 'calls_per_s')
    r = ratio(g, s)
    row('(a) sequential tools/call, calls/s', fmt(g), fmt(s), fmt(r, '×', 2), '≥ 3× SDK',
        verdict(r, 3, True))
    # What no client can beat on this machine: the same round trip with no
    # JSON and no main loop. Its ratio to the SDK is the best (a) can be.
    io = m('io', 'json-glib', 'calls_per_s')
    row('    bare write/poll/read round trips, calls/s', fmt(io), '',
        fmt(ratio(io, s), '× SDK', 2), 'info (the most any client can reach)', '')
    g, s = m('seq', 'mcp-glib', 'cpu_us_per_call'), m('seq', 'sdk', 'cpu_us_per_call')
    r = ratio(g, floor_cpu)
    row('(a) client CPU per call, µs (user+sys)', fmt(g), fmt(s), fmt(r, '× floor', 2),
        f'≤ 1.5× json-glib floor ({fmt(floor_cpu, " µs", 2)})', verdict(r, 1.5, False))
    g, s = m('seq', 'mcp-glib', 'user_us_per_call'), m('seq', 'sdk', 'user_us_per_call')
    row('    of which user time, µs', fmt(g), fmt(s), fmt(ratio(g, floor_cpu), '× floor', 2),
        'info', '')
    io_cpu = m('io', 'json-glib', 'cpu_us_per_call')
    both = floor_cpu + io_cpu if floor_cpu is not None and io_cpu is not None else None
    g = m('seq', 'mcp-glib', 'cpu_us_per_call')
    row('    vs json-glib floor + raw write/poll/read round trip', fmt(g), '',
        fmt(ratio(g, both), '× floors', 2),
        f'info (raw I/O alone: {fmt(io_cpu, " µs", 2)})', '')

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
        fmt(r, '× parse', 2), f'≤ 2× json-glib parse ({fmt(parse16, " ms")})',
        verdict(r, 2, False))
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
    r = ratio(s, g)
    row(f'(d) spawn to ready, ms (median of {repeat})', fmt(g, '', 2), fmt(s, '', 2),
        fmt(r, '× faster', 2), '≥ 3× faster than SDK', verdict(r, 3, True))
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
        fmt(ratio(s, g), '× less', 2), '≤ 256 KiB', verdict(g, 256, False))
    g, s = m('many', 'mcp-glib', 'connect_all_ms'), m('many', 'sdk', 'connect_all_ms')
    row('    time to connect all 100, ms', fmt(g), fmt(s), fmt(ratio(s, g), '× faster', 2),
        'info', '')

    notes = []
    if sdk_err:
        notes.append(f'SDK, 16 MiB with default settings: {sdk_err}')
    if glib_err:
        notes.append(f'mcp-glib, 16 MiB: {glib_err}')
    return rows, notes


def print_table(rows):
    header = ('workload', 'mcp-glib', 'SDK', 'ratio', 'target', 'pass/fail')
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda cells: '| ' + ' | '.join(str(c).ljust(w) for c, w in zip(cells, widths)) + ' |'  # noqa: E731
    print(line(header))
    print('|' + '|'.join('-' * (w + 2) for w in widths) + '|')
    for r in rows:
        print(line(r))


def callgrind(runner, calls):
    """Instructions per call, per function: the difference between a run
    of 3×calls and one of calls, divided by 2×calls, cancels every cost
    that is paid once (start, connect, warm-up)."""
    if shutil.which('valgrind') is None:
        log('valgrind is needed for --callgrind')
        return 1
    outdir = os.path.join(os.path.dirname(runner.mcp_bench), 'callgrind')
    os.makedirs(outdir, exist_ok=True)
    per_call = {}
    for workload in ('seq', 'floor'):
        totals = []
        for n in (calls, 3 * calls):
            out = os.path.join(outdir, f'{workload}.{n}.out')
            args = [runner.mcp_bench, '--workload', workload, '--calls', str(n), '--warmup', '100']
            if workload != 'floor':
                args += ['--server', runner.server]
            subprocess.run(['valgrind', '--tool=callgrind', f'--callgrind-out-file={out}', *args],
                           check=True, capture_output=True, env=runner.env)
            totals.append(callgrind_functions(out))
        per_call[workload] = {k: (totals[1].get(k, 0) - totals[0].get(k, 0)) / (2 * calls)
                              for k in set(totals[0]) | set(totals[1])}
        log(f'callgrind files: {outdir}/{workload}.*.out')

    for workload, title in (('seq', 'mcp-glib, one sequential tools/call'),
                            ('floor', 'json-glib floor, one request built and one answer parsed')):
        costs = per_call[workload]
        total = sum(v for (kind, _), v in costs.items() if kind == 'self')
        print(f'\n{title}: {total:,.0f} instructions per call')
        by_lib = {}
        for (kind, name), v in costs.items():
            if kind == 'self':
                by_lib[library_of(name)] = by_lib.get(library_of(name), 0) + v
        print('  self cost by library: ' + ', '.join(
            f'{lib} {v:,.0f}' for lib, v in sorted(by_lib.items(), key=lambda i: -i[1])
            if v >= 50))
        print('  top functions by self cost:')
        own = sorted(((v, name) for (kind, name), v in costs.items() if kind == 'self'),
                     reverse=True)
        for v, name in own[:20]:
            print(f'  {v:10,.0f}  {name}')
        print('  top functions of mcp-glib and json-glib, inclusive (callees included; '
              'recursion is counted more than once):')
        inclusive = sorted(((v, name) for (kind, name), v in costs.items()
                            if kind == 'incl' and v >= 200
                            and library_of(name) in ('mcp-glib', 'json-glib-1.0')
                            and '@0x' not in name), reverse=True)
        for v, name in inclusive[:30]:
            print(f'  {v:10,.0f}  {name}')
    ratio_calls = (sum(v for (k, _), v in per_call['seq'].items() if k == 'self') /
                   sum(v for (k, _), v in per_call['floor'].items() if k == 'self'))
    print(f'\nmcp-glib / floor: {ratio_calls:.2f}× the instructions')
    return 0


def library_of(name):
    """The library a function name from callgrind_functions() is in."""
    if '@0x' in name:
        return name.split('@', 1)[0].removeprefix('lib')
    match = re.search(r' \(([^()]*)\)$', name)
    if match:
        return match.group(1)
    return 'mcp-glib'


def callgrind_functions(path):
    """Self and inclusive instruction counts per function, from
    callgrind_annotate, keyed by ('self' | 'incl', name)."""
    costs = {}
    for kind, flag in (('self', 'no'), ('incl', 'yes')):
        out = subprocess.run(['callgrind_annotate', '--auto=no', '--threshold=100',
                              f'--inclusive={flag}', path],
                             capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            match = re.match(r'\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$', line)
            if not match or ':' not in match.group(2):
                continue
            where = match.group(2).strip()
            obj = re.search(r'\[([^\]]*)\]$', where)
            where = re.sub(r'\s*\[[^\]]*\]$', '', where)
            function = where.split(':', 1)[1]
            lib = os.path.basename(obj.group(1)).split('.so')[0] if obj else ''
            if not lib:
                # Summaries without an object, such as "(below main)".
                continue
            if function.startswith('0x'):
                function = f'{lib}@{function}'
            elif not lib.startswith('libmcp-glib'):
                function = f'{function} ({lib.removeprefix("lib")})'
            key = (kind, function)
            costs[key] = costs.get(key, 0) + int(match.group(1).replace(',', ''))
    return costs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--builddir', default=os.path.join(SOURCE_ROOT, '_build-bench'),
                        help='build directory (default: _build-bench, configured optimized '
                             'if missing)')
    parser.add_argument('--runs', type=int, default=5, help='runs per workload (default 5)')
    parser.add_argument('--scale', type=float, default=1.0,
                        help='multiply the call and repeat counts (default 1)')
    parser.add_argument('--json', metavar='FILE', help='also write every raw result to FILE')
    parser.add_argument('--callgrind', action='store_true',
                        help='count instructions per call with callgrind instead')
    parser.add_argument('--no-build', action='store_true', help='do not run ninja first')
    options = parser.parse_args()

    builddir = os.path.abspath(options.builddir)
    if not options.no_build:
        ensure_build(builddir)

    node = shutil.which('node') or '/usr/bin/node'
    runner = Runner(builddir, node, options.scale)

    if options.callgrind:
        return callgrind(runner, max(100, int(1000 * options.scale)))

    if not os.path.isdir(os.path.join(TESTS_DIR, 'node_modules', '@modelcontextprotocol', 'sdk')):
        log('The TypeScript SDK is missing: run `npm ci` in tests/ first')
        return 1

    sdk_version = json.load(open(os.path.join(TESTS_DIR, 'node_modules', '@modelcontextprotocol',
                                              'sdk', 'package.json')))['version']
    node_version = subprocess.run([node, '--version'], capture_output=True,
                                  text=True).stdout.strip()
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
          f'{sdk_version} on Node {node_version}; {os.cpu_count()} CPUs; load average '
          f'{load_before} before, {loadavg()} after; {minutes:.1f} min')
    print()
    print_table(rows)
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
