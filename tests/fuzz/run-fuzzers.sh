#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fuzzes every target of tests/fuzz (or the ones named) for a bounded time each, starting from its
# seed corpus in tests/fuzz/corpus/<target>/.
# Usage: tests/fuzz/run-fuzzers.sh BUILD_DIR [SECONDS_PER_TARGET [TARGET...]]   (default 20 s, all)
# A target with a dictionary, tests/fuzz/<target>.dict, is fuzzed with it (-dict=).
#
# SFDESK_FUZZ_SEED is libFuzzer's -seed. A number makes the run reproducible: the same seed, seeds
# and build give the same sequence of inputs, and the run starts from the checked-in seeds alone
# (a fresh working corpus). "random" lets libFuzzer draw one (printed) and keeps growing the working
# corpus in BUILD_DIR/fuzz/corpus across runs, for exploring. Default: 1 when CI is set (the test
# command sets it too), random otherwise. New inputs never go into the checkout: tests/fuzz/corpus
# is the seed and changes only by hand.
#
# Each target stops after SECONDS_PER_TARGET (-max_total_time); an input running for over 10 s is
# a hang (-timeout), and the whole process is killed 60 s past its budget whatever happens. A crash,
# hang or out-of-memory leaves its input in BUILD_DIR/fuzz/artifacts/, printed here with the
# commands that reproduce it, and fails the run. Keep such an input in tests/data/fuzz/<target>/
# (target without the fuzz_ prefix) with its fix, so tst_fuzzreplay replays it in every build.
set -euo pipefail
build=${1:?usage: run-fuzzers.sh BUILD_DIR [SECONDS_PER_TARGET [TARGET...]]}
seconds=${2:-20}
shift $(($# < 2 ? $# : 2))
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$here/../.." && pwd)
build=$(cd "$build" && pwd)
work="$build/fuzz"
mkdir -p "$work/artifacts"

seed=${SFDESK_FUZZ_SEED:-$([ -n "${CI:-}" ] && echo 1 || echo random)}
case "$seed" in
    random) seed_option=() ;;
    *[!0-9]* | '') echo "run-fuzzers: SFDESK_FUZZ_SEED must be a number or 'random', not '$seed'" >&2; exit 2 ;;
    *) seed_option=(-seed="$seed") ;;
esac

targets=("$@")
if [ ${#targets[@]} = 0 ]; then
    for seeds in "$here"/corpus/*/; do targets+=("$(basename "$seeds")"); done
fi

export QT_QPA_PLATFORM=offscreen LANG=C.UTF-8 LC_ALL=C.UTF-8
# The same seed must give the same inputs, and QHash's iteration order steers coverage.
export QT_HASH_SEED=0
# Qt keeps some allocations for the life of the process; leaks are not what these runs look for.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# Reports with files and lines: llvm-symbolizer, or binutils' addr2line where LLVM is not installed.
symbolizer=$(command -v llvm-symbolizer || command -v llvm-symbolizer-19 || command -v addr2line || true)
if [ -n "$symbolizer" ]; then
    export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$symbolizer}
    export UBSAN_SYMBOLIZER_PATH=${UBSAN_SYMBOLIZER_PATH:-$symbolizer}
fi

relative() { # a path as the reproduction commands, run from the checkout, need it
    case "$1" in "$checkout"/*) echo "${1#"$checkout"/}" ;; *) echo "$1" ;; esac
}

# Each target runs on one core: as many run at once as there are cores, and each still fuzzes for
# the whole time. The table and any failure are printed in the targets' order.
fuzz_one() { # target: fuzzes it; writes its table row to $work/<target>.row, what failed to .report
    local target=$1 seeds binary corpus log dict_option start result code elapsed runs used_seed artifact rel
    seeds="$here/corpus/$target"
    binary="$build/bin/$target"
    corpus="$work/corpus/$target"
    [ "$seed" = random ] || rm -rf "$corpus"
    mkdir -p "$corpus"
    log="$work/$target.log"
    # A target's dictionary (tests/fuzz/<target>.dict) gives libFuzzer the tokens of its grammar.
    dict_option=()
    [ -f "$here/$target.dict" ] && dict_option=(-dict="$here/$target.dict")
    start=$(date +%s)
    result=clean
    # -rss_limit_mb bounds memory; -max_len bounds an input.
    timeout --kill-after=10 $((seconds + 60)) \
        "$binary" "${seed_option[@]}" "${dict_option[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/artifacts/$target-" \
        "$corpus" "$seeds" >"$log" 2>&1
    code=$?
    case $code in
        0) ;;
        124 | 137) result="KILLED after $((seconds + 60)) s (see $(relative "$log"))" ;;
        *) result="FAILED (see $(relative "$log"))" ;;
    esac
    elapsed=$(($(date +%s) - start))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    used_seed=$(sed -n 's/^INFO: Seed: *//p' "$log" | head -1)
    printf '%-20s %8s %10s %8s %s\n' "$target" "$elapsed" "${runs:-?}" "$(ls "$corpus" | wc -l)" "$result" >"$work/$target.row"
    rm -f "$work/$target.report"
    [ "$result" = clean ] && return 0
    {
        grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|fuzz invariant|ALARM|.*out-of-memory)' "$log" | head -20 || true
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        if [ -n "$artifact" ] && [ -f "$artifact" ]; then
            rel=$(relative "$artifact")
            printf 'run-fuzzers: %s failed on %s (%s bytes, seed %s); base64 of the input:\n' \
                "$target" "$rel" "$(stat -c %s "$artifact")" "${used_seed:-$seed}"
            head -c 4096 "$artifact" | base64
            printf 'Reproduce the input:  installer/sfdesk-env exec %s %s\n' "$(relative "$binary")" "$rel"
            printf 'Repeat the run:       SFDESK_FUZZ_SEED=%s installer/sfdesk-env exec tests/fuzz/run-fuzzers.sh %s %s %s\n' \
                "${used_seed:-$seed}" "$(relative "$build")" "$seconds" "$target"
            printf 'Keep it:              cp %s tests/data/fuzz/%s/<what-it-was>\n' "$rel" "${target#fuzz_}"
        else
            printf 'run-fuzzers: %s left no input; the log is %s\n' "$target" "$(relative "$log")"
            tail -30 "$log"
        fi
    } >"$work/$target.report" 2>&1
}

for target in "${targets[@]}"; do
    [ -d "$here/corpus/$target" ] || { echo "run-fuzzers: no seed corpus $here/corpus/$target" >&2; exit 2; }
    [ -x "$build/bin/$target" ] || { echo "run-fuzzers: $build/bin/$target is missing (configure with -DSFDESK_FUZZ=ON)" >&2; exit 2; }
done
printf 'run-fuzzers: %s s per target, seed %s\n' "$seconds" "$seed"
printf '%-20s %8s %10s %8s %s\n' target seconds executions corpus result
parallel=$(nproc 2>/dev/null || echo 1)
rm -f "$work"/*.row "$work"/*.report
set +e
running=0
for target in "${targets[@]}"; do
    if [ "$running" -ge "$parallel" ]; then
        wait -n
        running=$((running - 1))
    fi
    fuzz_one "$target" &
    running=$((running + 1))
done
wait
set -e
status=0
for target in "${targets[@]}"; do
    cat "$work/$target.row" 2>/dev/null || printf '%-20s %s\n' "$target" "FAILED (no result)"
    if [ -s "$work/$target.report" ] || [ ! -f "$work/$target.row" ]; then
        status=1
    fi
done
for target in "${targets[@]}"; do
    [ -s "$work/$target.report" ] && cat "$work/$target.report" >&2
done
exit $status
