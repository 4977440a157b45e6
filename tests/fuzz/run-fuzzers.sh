#!/usr/bin/env bash
# Fuzzes every target of tests/fuzz for a bounded time each, starting from its seed corpus.
# Usage: tests/fuzz/run-fuzzers.sh BUILD_DIR [SECONDS_PER_TARGET]   (default 20 s)
# The build must be a fuzz build (-DSFDESK_FUZZ=ON; the asan-ubsan preset). New inputs go to a
# working corpus in BUILD_DIR/fuzz, never into the checkout; a crash leaves its input in
# BUILD_DIR/fuzz/artifacts and fails the run. Add such an input to tests/data/fuzz/<target>/ with
# its fix so tst_fuzzregressions keeps it fixed.
set -euo pipefail
build=${1:?usage: run-fuzzers.sh BUILD_DIR [SECONDS_PER_TARGET]}
seconds=${2:-20}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
work="$build/fuzz"
mkdir -p "$work/artifacts"

export QT_QPA_PLATFORM=offscreen LANG=C.UTF-8 LC_ALL=C.UTF-8
# Qt keeps some allocations for the life of the process; leaks are not what these runs look for.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

status=0
printf '%-20s %8s %10s %8s %s\n' target seconds executions corpus result
for seeds in "$here"/corpus/*/; do
    target=$(basename "$seeds")
    binary="$build/bin/$target"
    [ -x "$binary" ] || { echo "run-fuzzers: $binary is missing (configure with -DSFDESK_FUZZ=ON)" >&2; exit 2; }
    corpus="$work/corpus/$target"
    mkdir -p "$corpus"
    log="$work/$target.log"
    start=$(date +%s)
    result=clean
    # -timeout: an input running for over 10 s counts as a hang; -rss_limit_mb bounds memory.
    if ! "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$work/artifacts/$target-" "$corpus" "$seeds" >"$log" 2>&1; then
        result="FAILED (see $log)"
        status=1
    fi
    elapsed=$(($(date +%s) - start))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    printf '%-20s %8s %10s %8s %s\n' "$target" "$elapsed" "${runs:-?}" "$(ls "$corpus" | wc -l)" "$result"
    if [ "$result" != clean ]; then
        grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|fuzz invariant|artifact_prefix|Test unit written)' "$log" | head -20 >&2 || true
    fi
done
exit $status
