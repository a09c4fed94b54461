# benchkit.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

"""What run-bench.py (stdio) and run-bench-http.py share: the optimized
build, medians and ratios, the table, and the two counts that do not move
with the machine's load, instructions per call (callgrind) and system calls
per call (strace). Both count the same way: a run of N calls and one of 3N,
the difference divided by 2N, so that every cost paid once (start-up,
connect, warm-up) cancels out.
"""

import json
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.dirname(os.path.dirname(BENCH_DIR))
TESTS_DIR = os.path.dirname(BENCH_DIR)
MIB = 1024 * 1024

# What the benchmark should not see: debug output, allocator checks,
# options that change how Node runs.
SCRUBBED_ENV = ('G_MESSAGES_DEBUG', 'G_DEBUG', 'G_SLICE', 'MALLOC_CHECK_', 'MALLOC_PERTURB_',
                'NODE_OPTIONS', 'LD_PRELOAD')


def parse_options(doc, unit, counts):
    """The command line of run-bench.py and run-bench-http.py: @unit is what
    a run repeats ("workload", "mode"), @counts what --scale multiplies."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument('--builddir', default=os.path.join(SOURCE_ROOT, '_build-bench'),
                        help='build directory (default: _build-bench, configured optimized '
                             'if missing)')
    parser.add_argument('--runs', type=int, default=5, help=f'runs per {unit} (default 5)')
    parser.add_argument('--scale', type=float, default=1.0,
                        help=f'multiply the {counts} counts (default 1)')
    parser.add_argument('--json', metavar='FILE', help='also write every raw result to FILE')
    parser.add_argument('--callgrind', action='store_true',
                        help='count instructions per call with callgrind instead')
    parser.add_argument('--strace', action='store_true',
                        help='count system calls per call with strace instead')
    parser.add_argument('--no-build', action='store_true', help='do not run ninja first')
    parser.add_argument('--smoke', action='store_true',
                        help='one run with tiny counts, to check that every program runs and '
                             'its output parses (the test suite\'s check; exit status 77 '
                             'without the SDK)')
    options = parser.parse_args()
    if options.smoke:
        options.runs = 1
        options.scale = 0.01
    return options


def log(message):
    print(message, file=sys.stderr, flush=True)


def loadavg():
    with open('/proc/loadavg') as f:
        return ' '.join(f.read().split()[:3])


def bench_env():
    return {k: v for k, v in os.environ.items() if k not in SCRUBBED_ENV}


def ensure_build(builddir, targets):
    """Configures an optimized build in builddir if there is none, and
    builds the targets (paths inside the build directory)."""
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
    subprocess.run(['ninja', '-C', builddir, *targets], check=True, stdout=subprocess.DEVNULL)


def sdk_version():
    """The version of the pinned SDK, or None if npm ci has not run."""
    path = os.path.join(TESTS_DIR, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json')
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)['version']


def node_version(node):
    return subprocess.run([node, '--version'], capture_output=True, text=True).stdout.strip()


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


def print_table(header, rows):
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    print('| ' + ' | '.join(str(c).ljust(w) for c, w in zip(header, widths)) + ' |')
    print('|' + '|'.join('-' * (w + 2) for w in widths) + '|')
    for r in rows:
        print('| ' + ' | '.join(str(c).ljust(w) for c, w in zip(r, widths)) + ' |')


def per_call(run, calls):
    """run(n, label) runs n calls and returns a dict of counts; the counts
    of one call, from n = calls and n = 3 × calls."""
    totals = [run(n, f'{n}') for n in (calls, 3 * calls)]
    return {k: (totals[1].get(k, 0) - totals[0].get(k, 0)) / (2 * calls)
            for k in set(totals[0]) | set(totals[1])}


def need(program):
    if shutil.which(program) is None:
        log(f'{program} is needed for this')
        return False
    return True


# Instructions (callgrind)

def callgrind_command(out):
    return ['valgrind', '--tool=callgrind', f'--callgrind-out-file={out}']


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


def total_instructions(costs):
    return sum(v for (kind, _), v in costs.items() if kind == 'self')


def print_callgrind(title, costs, inclusive_libraries, unit='call'):
    """One call's (or event's) instructions: the total, by library, the
    functions with the highest self cost, and those of inclusive_libraries
    with the highest inclusive cost."""
    print(f'\n{title}: {total_instructions(costs):,.0f} instructions per {unit}')
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
    print(f'  top functions of {", ".join(inclusive_libraries)}, inclusive (callees included; '
          'recursion is counted more than once):')
    inclusive = sorted(((v, name) for (kind, name), v in costs.items()
                        if kind == 'incl' and v >= 200
                        and library_of(name) in inclusive_libraries
                        and '@0x' not in name), reverse=True)
    for v, name in inclusive[:30]:
        print(f'  {v:10,.0f}  {name}')


# System calls (strace)

def strace_command(out):
    # -f: every thread (GLib's and libsoup's workers, Node's) counts; -Y
    # names the program of each, so that the server, a child of the client
    # over stdio, can be left out.
    return ['strace', '-f', '-qq', '-Y', '-o', out]


def strace_counts(path):
    """Calls per system call name in an strace -f -Y log, leaving out the
    benchmark's servers (bench-echo-server, bench-http-server)."""
    counts = {}
    with open(path) as f:
        for line in f:
            match = re.match(r'\d+<([^>]*)> ([a-z0-9_]+)\(', line)
            if match and not match.group(1).startswith('bench-'):
                counts[match.group(2)] = counts.get(match.group(2), 0) + 1
    return counts


def print_strace(title, counts):
    total = sum(counts.values())
    print(f'\n{title}: {total:.1f} system calls per call')
    top = sorted(((v, name) for name, v in counts.items() if v >= 0.05), reverse=True)
    print('  ' + ', '.join(f'{name} {v:.1f}' for v, name in top))
