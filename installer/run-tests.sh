#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Configures, builds and runs the whole test suite with one preset. Runs inside the build
# environment (the Debian 13 root or a native host); installer/sfdesk-env test calls it.
#
# With the ci preset it also builds the asan-ubsan preset in build/asan-ubsan, fuzzes each libFuzzer
# target of tests/fuzz for SFDESK_FUZZ_SECONDS (20) with libFuzzer seed SFDESK_FUZZ_SEED (1, so
# every run of this command tries the same inputs; "random" for a new sequence), and runs the whole
# suite again under AddressSanitizer and UndefinedBehaviorSanitizer. SFDESK_SANITIZERS=0 skips that.
# Phases on 2 shared cores (load about 6), with a warm compiler cache: ci build 5-8 min, asan-ubsan
# build 10-30 min (most of a cold build), fuzzing 1.5 min, asan-ubsan tests 8 min, ci tests 5 min.
# A fuzz or sanitizer failure does not stop the ci tests from running; the command fails at the end.
set -euo pipefail
preset=${1:-ci}
cd "$(dirname "$0")/.."

phase_start=$SECONDS
phase() { # prints how long the previous phase took, then names the next
    printf 'run-tests: %s (previous phase: %d s)\n' "$1" $((SECONDS - phase_start)) >&2
    phase_start=$SECONDS
}

with_sanitizers=0
if [ "$preset" = ci ] && [ "${SFDESK_SANITIZERS:-1}" != 0 ]; then
    with_sanitizers=1
fi
fuzz_seconds=${SFDESK_FUZZ_SECONDS:-20}
export SFDESK_FUZZ_SEED=${SFDESK_FUZZ_SEED:-1}
failed=()
# One compiler per core: the presets fix no job count, and Ninja's default runs more than cores.
jobs=$(nproc)

phase "build: $preset"
cmake --preset "$preset"
cmake --build --preset "$preset" -j"$jobs"
if [ "$with_sanitizers" = 1 ]; then
    phase "build: asan-ubsan"
    cmake --preset asan-ubsan
    cmake --build --preset asan-ubsan -j"$jobs"
    phase "fuzz: each target for $fuzz_seconds s, seed $SFDESK_FUZZ_SEED"
    tests/fuzz/run-fuzzers.sh build/asan-ubsan "$fuzz_seconds" || failed+=(fuzz)
    phase "tests: asan-ubsan"
    ctest --preset asan-ubsan || failed+=("tests: asan-ubsan")
fi
phase "tests: $preset"
status=0
# ctest's own summary line ends the output when everything passed.
ctest --preset "$preset" || status=$?
if [ ${#failed[@]} -gt 0 ]; then
    printf 'run-tests: FAILED before the %s tests: %s (see above)\n' "$preset" "${failed[*]}" >&2
    exit 1
fi
exit $status
