#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Configures, builds and runs the whole test suite with one preset. Runs inside the build
# environment (the Debian 13 root or a native host); installer/sfdesk-env test calls it.
#
# The default, asan-ubsan, is the README's test command: one build (clang, AddressSanitizer and
# UndefinedBehaviorSanitizer, clazy), each libFuzzer target of tests/fuzz fuzzed for
# SFDESK_FUZZ_SECONDS (20) with libFuzzer seed SFDESK_FUZZ_SEED (1, so every run of this command
# tries the same inputs; "random" for a new sequence), then every test, the lints (clang-tidy
# among them) included. Its suite is a superset of every other preset's. "ci" builds with gcc
# (warnings are errors, optimized) and runs its suite; .ci/run adds it after the README's command.
# A fuzz failure does not stop the tests from running; the command fails at the end.
set -euo pipefail
preset=${1:-asan-ubsan}
cd "$(dirname "$0")/.."

phase_start=$SECONDS
phase() { # prints how long the previous phase took, then names the next
    printf 'run-tests: %s (previous phase: %d s)\n' "$1" $((SECONDS - phase_start)) >&2
    phase_start=$SECONDS
}

fuzz_seconds=${SFDESK_FUZZ_SECONDS:-20}
export SFDESK_FUZZ_SEED=${SFDESK_FUZZ_SEED:-1}
failed=()

# After a failed run: each failing test's verdict lines and the end of its output, at the very end
# of everything printed, where a reader of a long, cut log still sees them.
summarize_failures() { # build directory
    local temp=$1/Testing/Temporary name
    [ -s "$temp/LastTestsFailed.log" ] || return 0
    printf '\nrun-tests: why %s failed\n' "$1" >&2
    while IFS=: read -r _ name; do
        awk -v name="$name" '
            $0 ~ ("^[0-9]+/[0-9]+ Testing: " name "$") { inside = 1; n = 0; next }
            !inside { next }
            index($0, "\"" name "\" end time:") == 1 { exit }
            /^<end of output>/ { ended = 1 }
            !ended { tail[n++ % 12] = $0 }
            /FAIL!|^   Loc: |XPASS|ERROR: |runtime error|^SUMMARY|stalled|QFATAL|Test Failed|Timeout|Exception|aborted|Segmentation/ {
                if (++kept <= 40) print "  " name ": " substr($0, 1, 400)
            }
            END {
                print "  " name ": (last lines)"
                for (i = (n > 12 ? n - 12 : 0); i < n; ++i) print "  " name ": " substr(tail[i % 12], 1, 400)
            }' "$temp/LastTest.log" >&2
    done <"$temp/LastTestsFailed.log"
}
# One compiler per core: the presets fix no job count, and Ninja's default runs more than cores.
jobs=$(nproc)

phase "build: $preset"
cmake --preset "$preset"
cmake --build --preset "$preset" -j"$jobs"
# Only the presets with libFuzzer (clang) build the fuzz targets.
if grep -q '^SFDESK_FUZZ:BOOL=ON$' "build/$preset/CMakeCache.txt"; then
    phase "fuzz: each target for $fuzz_seconds s, seed $SFDESK_FUZZ_SEED"
    tests/fuzz/run-fuzzers.sh "build/$preset" "$fuzz_seconds" || failed+=(fuzz)
fi
phase "tests: $preset"
status=0
# ctest's own summary line ends the output when everything passed. One test more than cores: the
# tests spend about a fifth of their time waiting on sfsim, a timer or a socket, and a third slot on
# two cores fills it (asan-ubsan's tests but clang-tidy: 267 s with 2, 235 s with 3). Their stall
# watchdog leaves out the time a thread waits for a CPU.
ctest --preset "$preset" -j"$((jobs + 1))" || status=$?
[ "$status" = 0 ] || summarize_failures "build/$preset"
if [ ${#failed[@]} -gt 0 ]; then
    printf 'run-tests: FAILED before the %s tests: %s (see above)\n' "$preset" "${failed[*]}" >&2
    exit 1
fi
exit $status
