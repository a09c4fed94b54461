#!/usr/bin/python3
# run-bench-connect.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

"""Measures what choosing the protocol revision costs when connecting.

With the default negotiation the client first asks server/discover, and
runs initialize only once an older server has refused it; with the legacy
negotiation it runs initialize at once, as mcp-glib did before it spoke the
stateless revision. connect-bench connects once per process with one or the
other, from mcp_client_connect_async() to the client being ready; this
script alternates the two, several times over, against each server, and
prints the medians and the median of the differences between neighbouring
runs. The servers: server-everything (the TypeScript SDK's reference
server, the older revision), the demo server installed with mcp-glib, and
bench-echo-server --exit-before-initialize, which exits on server/discover
as servers built on some older SDKs do: with auto, the client starts it
again and connects with initialize (the row shows what that recovery
costs against connecting it with legacy at once).
The exit status is 0 once the table is printed, and 1 if a run failed.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

from benchkit import (SOURCE_ROOT, bench_env, ensure_build, loadavg, log, print_table)

EVERYTHING = os.path.join(SOURCE_ROOT, 'tests', 'node_modules', '@modelcontextprotocol',
                          'server-everything', 'dist', 'index.js')


def servers(builddir, node):
    found = []
    if os.path.exists(EVERYTHING):
        found.append(('server-everything', [node, EVERYTHING, 'stdio']))
    else:
        log('server-everything is missing: run `npm ci` in tests/ to measure against it')
    found.append(('mcp-glib-demo-server',
                  [os.path.join(builddir, 'examples', 'mcp-glib-demo-server')]))
    found.append(('exits-on-discover',
                  [os.path.join(builddir, 'tests', 'bench', 'bench-echo-server'),
                   '--exit-before-initialize']))
    return found


def run_once(builddir, mode, command, failures):
    program = os.path.join(builddir, 'tests', 'bench', 'connect-bench')
    try:
        done = subprocess.run([program, '--negotiation', mode, '--', *command],
                              capture_output=True, text=True, env=bench_env(), timeout=120)
    except subprocess.TimeoutExpired:
        failures.append(f'{mode} {command[-1]}: timed out')
        return None
    if done.returncode != 0:
        failures.append(f'{mode} {command[-1]}: exit {done.returncode}: '
                        f'{done.stderr.strip()[-300:]}')
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--builddir', default=os.path.join(SOURCE_ROOT, '_build-bench'),
                        help='build directory (default: _build-bench, configured optimized '
                             'if missing)')
    parser.add_argument('--runs', type=int, default=20,
                        help='connects per server and negotiation (default 20)')
    parser.add_argument('--json', metavar='FILE', help='also write every raw result to FILE')
    parser.add_argument('--no-build', action='store_true', help='do not run ninja first')
    parser.add_argument('--smoke', action='store_true',
                        help='two runs against the demo server only, to check that the '
                             'programs run and their output parses (the test suite\'s check)')
    options = parser.parse_args()

    builddir = os.path.abspath(options.builddir)
    if not options.no_build:
        ensure_build(builddir, ['tests/bench/connect-bench', 'examples/mcp-glib-demo-server',
                                'tests/bench/bench-echo-server', 'mcp-glib/mcp-spawn-helper'])
    node = os.environ.get('NODE', 'node')
    targets = servers(builddir, node)
    if options.smoke:
        options.runs = 2
        targets = targets[-2:]

    failures = []
    results = {}
    load_before = loadavg()
    for name, command in targets:
        log(f'{name}: {options.runs} connects with each negotiation')
        for run in range(options.runs):
            # Alternating which goes first evens out drift in the machine's
            # speed.
            order = ('legacy', 'auto') if run % 2 == 0 else ('auto', 'legacy')
            for mode in order:
                result = run_once(builddir, mode, command, failures)
                if result is not None:
                    results.setdefault((name, mode), []).append(result)

    if options.json:
        with open(options.json, 'w') as f:
            json.dump({f'{name}/{mode}': values for (name, mode), values in results.items()},
                      f, indent=1)

    rows = []
    for name, _ in targets:
        legacy = results.get((name, 'legacy'), [])
        auto = results.get((name, 'auto'), [])
        if not legacy or not auto:
            continue
        med = lambda runs, key: statistics.median(r[key] for r in runs)  # noqa: E731
        pairs = [a['connect_ms'] - b['connect_ms'] for a, b in zip(auto, legacy)]
        rows.append((name, auto[0]['protocol_version'],
                     f"{med(legacy, 'connect_ms'):.1f}", f"{med(auto, 'connect_ms'):.1f}",
                     f'{statistics.median(pairs):+.1f}',
                     f"{med(legacy, 'after_first_message_ms'):.2f}",
                     f"{med(auto, 'after_first_message_ms'):.2f}"))

    print(f'Connect to ready, stdio: medians of {options.runs} connects each, alternating; '
          f'{os.cpu_count()} CPUs; load average {load_before} before, {loadavg()} after')
    print()
    print_table(('server', 'revision', 'legacy ms', 'auto ms', 'auto - legacy',
                 'legacy after 1st msg', 'auto after 1st msg'), rows)
    print()
    print('"after 1st msg": from the first message of the server (with auto, its answer to '
          'server/discover) to ready.')
    if failures:
        print('\nFailed runs:')
        for failure in failures:
            print(f'  {failure}')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
