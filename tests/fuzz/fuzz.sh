#!/bin/bash
# Builds the libFuzzer targets with clang (ASan + UBSan), replays the
# regression inputs, and fuzzes each target for a bounded time.
#
#   tests/fuzz/fuzz.sh [build|replay|run|all] [target...]
#
# all (the default) is build, replay, then run. Targets are framer, rpc,
# values, json, sse, config, oauth, headers, rounds, http, skill, proxy,
# catalog and bundle (default: all of them). Settings, from the environment:
#   MCP_FUZZ_SECONDS   how long run fuzzes each target (default 60; 0 only
#                      builds and replays)
#   MCP_FUZZ_JOBS      how many targets fuzz at the same time (default 2)
#   MCP_FUZZ_BUILDDIR  the build directory (default _build-fuzz)
#   MCP_FUZZ_ARGS      extra libFuzzer arguments for run, e.g. -jobs=2
#
# The library is built by meson as a static archive with clang and the
# sanitizers (a dedicated build directory, configured on first use), so
# that the targets can reach private functions; each target links it
# directly, not the shared library. A crash, leak, UB report or hang fails
# the script and leaves the input in $MCP_FUZZ_BUILDDIR/artifacts/.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
fuzzdir="$top/tests/fuzz"
builddir=${MCP_FUZZ_BUILDDIR:-$top/_build-fuzz}
seconds=${MCP_FUZZ_SECONDS:-60}
all_targets=(framer rpc values json sse config oauth headers rounds http skill proxy catalog bundle)

# Per target: the longest input libFuzzer makes up. The framer needs lines
# longer than the line reader's 64 KiB buffer; the others are bounded so
# that they stay fast.
declare -A max_len=([framer]=140000 [rpc]=65536 [values]=65536 [json]=65536 [sse]=16384 [config]=16384 [oauth]=16384 [headers]=16384 [rounds]=16384 [http]=16384 [skill]=16384 [proxy]=4096 [catalog]=16384 [bundle]=65536)

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The library must not print anything unless asked; the targets check it.
unset G_MESSAGES_DEBUG
export G_DEBUG=gc-friendly
export G_SLICE=always-malloc

# Whether the file $1 exists and is newer than every other argument.
up_to_date () {
  local output=$1 input
  shift
  [ -f "$output" ] || return 1
  for input in "$@"; do
    [ "$output" -nt "$input" ] || return 1
  done
}

build () {
  command -v clang >/dev/null || { echo "fuzz.sh: clang is missing" >&2; exit 1; }

  if [ ! -f "$builddir/build.ninja" ]; then
    echo "Configuring $builddir (clang, static, ASan + UBSan, coverage for libFuzzer)"
    CC=clang meson setup "$builddir" "$top" \
      -Ddefault_library=static -Dintrospection=disabled -Ddocumentation=false \
      -Dtests=false -Dexamples=false \
      -Doptimization=1 -Ddebug=true \
      -Db_sanitize=address,undefined -Db_lundef=false \
      -Dc_args="-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
      >"$builddir.setup.log" 2>&1 || { cat "$builddir.setup.log" >&2; exit 1; }
    rm -f "$builddir.setup.log"
  fi
  ninja -C "$builddir" mcp-glib/libmcp-glib-1.a >/dev/null

  # The static library and its dependencies, whatever they are today.
  local pc=(env PKG_CONFIG_PATH="$builddir/meson-uninstalled" pkg-config)
  local cflags libs
  cflags=$("${pc[@]}" --cflags mcp-glib-1-uninstalled)
  libs=$("${pc[@]}" --libs mcp-glib-1-uninstalled)

  # The targets reach private functions: the library's folders hold their
  # headers.
  local includes=(-I"$top" -I"$top/mcp-glib" -I"$top/tests" -I"$builddir" -I"$builddir/mcp-glib")
  local folder
  for folder in core protocol transports auth client platform; do
    includes+=(-I"$top/mcp-glib/$folder")
  done

  mkdir -p "$builddir/fuzz"
  local target
  for target in "${all_targets[@]}"; do
    # Already built from these sources and this library (.ci/test builds
    # the targets early, while the main suite runs): kept.
    if up_to_date "$builddir/fuzz/fuzz-$target" "$builddir/mcp-glib/libmcp-glib-1.a" \
         "$fuzzdir/fuzz-$target.c" "$fuzzdir"/fuzz-common.* "$top/tests/json-glib-reference.c"; then
      continue
    fi
    # shellcheck disable=SC2086
    clang -g -O1 -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Werror \
      -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
      -fno-omit-frame-pointer \
      "${includes[@]}" $cflags \
      "$fuzzdir/fuzz-$target.c" "$fuzzdir/fuzz-common.c" "$top/tests/json-glib-reference.c" \
      -o "$builddir/fuzz/fuzz-$target" \
      $libs &
  done
  local status=0 job
  for job in $(jobs -p); do
    wait "$job" || status=1
  done
  [ $status -eq 0 ] || { echo "fuzz.sh: building the targets failed" >&2; exit 1; }

  python3 "$fuzzdir/build-corpus.py" "$builddir/seeds"
}

# Every input that once crashed a target, run once on every run, one at a
# time so that all that fail are named. Prints the targets that failed.
replay () {
  local target input
  for target in "$@"; do
    local dir="$fuzzdir/regressions/$target" failed=0 count=0
    [ -d "$dir" ] || continue
    while IFS= read -r input; do
      count=$((count + 1))
      if ! "$builddir/fuzz/fuzz-$target" -timeout=25 -rss_limit_mb=4096 "$input" \
           >"$builddir/replay.log" 2>&1; then
        grep -a -m 3 -E 'FUZZ FAILURE|ERROR: |runtime error|SUMMARY' "$builddir/replay.log" \
          | sed 's/^/    /' >&2
        echo "fuzz.sh: regression input $target/${input#"$dir"/} fails again" >&2
        failed=1
      fi
    done < <(find "$dir" -type f | sort)
    echo "Replayed $count regression input(s) of $target" >&2
    [ $failed -eq 0 ] || echo "$target"
  done
}

# Fuzzes one target for $seconds; its report goes to stdout.
run_one () {
  local target=$1
  local corpus="$builddir/corpus/$target"
  local regressions="$fuzzdir/regressions/$target"
  local start=$SECONDS
  mkdir -p "$corpus" "$regressions"
  # shellcheck disable=SC2086
  if ! "$builddir/fuzz/fuzz-$target" \
       -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
       -max_len="${max_len[$target]}" -dict="$fuzzdir/json.dict" \
       -artifact_prefix="$builddir/artifacts/$target-" \
       -print_final_stats=1 ${MCP_FUZZ_ARGS:-} \
       "$corpus" "$builddir/seeds/$target" "$regressions" \
       >"$builddir/fuzz-$target.log" 2>&1; then
    tail -n 80 "$builddir/fuzz-$target.log"
    # libglib and libsoup have no frame pointers, so the fast unwinder that
    # fuzzing uses stops at g_malloc: the input again, with the slow one,
    # says where a leak comes from (if it happens again).
    local artifact
    artifact=$(sed -n 's/^Test unit written to //p' "$builddir/fuzz-$target.log" | tail -n 1)
    if [ -n "$artifact" ] && grep -q 'LeakSanitizer' "$builddir/fuzz-$target.log"; then
      echo "fuzz.sh: $artifact again, with full allocation stacks:"
      ASAN_OPTIONS="$ASAN_OPTIONS:fast_unwind_on_malloc=0:malloc_context_size=40" \
        "$builddir/fuzz/fuzz-$target" -timeout=25 -rss_limit_mb=4096 "$artifact" 2>&1 \
        | sed -n '/ERROR: LeakSanitizer/,/^SUMMARY/p' | head -n 200
    fi
    echo "fuzz.sh: $target found a bug; the input is in $builddir/artifacts/"
    echo "fuzz.sh: reproduce with $builddir/fuzz/fuzz-$target <input>; once fixed," \
         "add the input to tests/fuzz/regressions/$target/"
    return 1
  fi
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|cov: ' \
    "$builddir/fuzz-$target.log" | tail -n 3 | sed 's/^/  /'
  echo "  $target: no failure in $((SECONDS - start)) s"
}

# Fuzzes the targets, $MCP_FUZZ_JOBS (default 2, one per core of CI) at a
# time, and prints their reports in order once all are done.
run () {
  local target status=0 running=0
  local jobs=${MCP_FUZZ_JOBS:-2}
  [ "$seconds" -gt 0 ] || return 0
  mkdir -p "$builddir/artifacts"
  for target in "$@"; do
    echo "Fuzzing $target for $seconds s"
    run_one "$target" >"$builddir/run-$target.out" 2>&1 &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
      wait -n || status=1
      running=$((running - 1))
    fi
  done
  while [ "$running" -gt 0 ]; do
    wait -n || status=1
    running=$((running - 1))
  done
  for target in "$@"; do
    cat "$builddir/run-$target.out"
  done
  return $status
}

command=${1:-all}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

case "$command" in
  build) build ;;
  replay) [ -z "$(replay "${targets[@]}")" ] ;;
  run) run "${targets[@]}" ;;
  all)
    build
    status=0
    mapfile -t failed < <(replay "${targets[@]}")
    # A target whose regressions fail would only find the same bug again.
    to_run=()
    for target in "${targets[@]}"; do
      if [[ " ${failed[*]} " == *" $target "* ]]; then
        echo "fuzz.sh: not fuzzing $target until its regressions pass" >&2
        status=1
      else
        to_run+=("$target")
      fi
    done
    if [ ${#to_run[@]} -gt 0 ]; then
      run "${to_run[@]}" || status=1
    fi
    exit $status
    ;;
  *) echo "usage: $0 [build|replay|run|all] [target...]" >&2; exit 2 ;;
esac
