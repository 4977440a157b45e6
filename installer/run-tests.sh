#!/usr/bin/env bash
# Configures, builds and runs the whole test suite with one preset. Runs inside the build
# environment (the Debian 13 root or a native host); installer/sfdesk-env test calls it.
# With the ci preset and SFDESK_SANITIZERS=1 it also builds the asan-ubsan preset, fuzzes each
# libFuzzer target for SFDESK_FUZZ_SECONDS (20 by default) and runs the whole suite again under
# AddressSanitizer and UndefinedBehaviorSanitizer. Off by default until that part has passed on main
# from a fresh clone: a finding of a randomly seeded fuzz run must not stop everything landing.
set -euo pipefail
preset=${1:-ci}
cd "$(dirname "$0")/.."

phase_start=$SECONDS
phase() { # prints how long the previous phase took, then names the next
    printf 'run-tests: %s (previous phase: %d s)\n' "$1" $((SECONDS - phase_start)) >&2
    phase_start=$SECONDS
}

with_sanitizers=0
if [ "$preset" = ci ] && [ "${SFDESK_SANITIZERS:-0}" != 0 ]; then
    with_sanitizers=1
fi

phase "build: $preset"
cmake --preset "$preset"
cmake --build --preset "$preset"
if [ "$with_sanitizers" = 1 ]; then
    phase "build: asan-ubsan"
    cmake --preset asan-ubsan
    cmake --build --preset asan-ubsan
    phase "fuzz: each target for ${SFDESK_FUZZ_SECONDS:-20} s"
    tests/fuzz/run-fuzzers.sh build/asan-ubsan "${SFDESK_FUZZ_SECONDS:-20}"
    phase "tests: asan-ubsan"
    ctest --preset asan-ubsan
fi
phase "tests: $preset"
# ctest's own summary line ends the output.
ctest --preset "$preset"
