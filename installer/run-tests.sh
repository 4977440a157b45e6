#!/usr/bin/env bash
# Configures, builds and runs the whole test suite with one preset. Runs inside the build
# environment (the Debian 13 root or a native host); installer/sfdesk-env test calls it.
set -euo pipefail
preset=${1:-ci}
cd "$(dirname "$0")/.."
cmake --preset "$preset"
cmake --build --preset "$preset"
# ctest's own summary line ends the output.
ctest --preset "$preset"
