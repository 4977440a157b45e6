#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when a C++ file under src/ or tests/ is not formatted as .clang-format says.
set -euo pipefail
cd "$1"
formatter=$(command -v clang-format-19 || command -v clang-format || true)
[ -n "$formatter" ] || { echo "clang-format is not installed"; exit 1; }
mapfile -t files < <(git ls-files -co --exclude-standard 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' 2>/dev/null \
    || find src tests -name '*.cpp' -o -name '*.h')
[ ${#files[@]} -gt 0 ] || { echo "no sources found"; exit 1; }
"$formatter" --dry-run -Werror "${files[@]}"
echo "clang-format: ${#files[@]} files formatted correctly"
