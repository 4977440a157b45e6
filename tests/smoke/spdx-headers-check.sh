#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when a source file of the project does not open with its SPDX licence line, or carries one
# twice. C++ sources and headers start with the line above behind "//" instead of "#"; CMake, shell
# and Python files with it as above (after the shebang line when there is one). Checked: src/,
# tests/, cmake/, installer/, .ci/ and the top-level CMakeLists.txt; not checked: test data
# (tests/data), fuzz seeds (tests/fuzz/corpus), translations, icons, forms and other data files.
#   spdx-headers-check.sh SOURCE_DIR          check
#   spdx-headers-check.sh SOURCE_DIR --fix    add the line to files that have none, then check
set -euo pipefail
cd "${1:?usage: spdx-headers-check.sh SOURCE_DIR [--fix]}"
fix=0
[ "${2:-}" = --fix ] && fix=1

# Spelt in two pieces so that this script's own code does not count as a header.
tag="SPDX-License-"'Identifier: Apache-2.0'
word="SPDX-License-"'Identifier'
cxx_header="// $tag"
hash_header="# $tag"

# Every candidate: C++, CMake, shell and Python files, and extensionless scripts with a shebang.
list_files() {
    local roots=() r
    for r in src tests cmake installer .ci; do
        [ -d "$r" ] && roots+=("$r")
    done
    [ -f CMakeLists.txt ] && echo CMakeLists.txt
    find "${roots[@]}" \( -path tests/data -o -path tests/fuzz/corpus -o -name .git \) -prune -o -type f -print |
        while IFS= read -r f; do
            case "$f" in
                *.cpp | *.h | *.hpp | *.cc | */CMakeLists.txt | *.cmake | *.sh | *.py) echo "$f" ;;
                */*.*) ;;
                *) head -c 2 "$f" | grep -q '^#!' && echo "$f" ;;
            esac
        done
}

header_for() {
    case "$1" in
        *.cpp | *.h | *.hpp | *.cc) echo "$cxx_header" ;;
        *) echo "$hash_header" ;;
    esac
}

# The line the header must be on: the second after a shebang, else the first.
header_line() {
    if head -c 2 "$1" | grep -q '^#!'; then echo 2; else echo 1; fi
}

add_header() { # FILE HEADER LINE
    local file=$1 header=$2 line=$3 tmp
    tmp=$(mktemp)
    if [ "$line" = 2 ]; then
        { head -n 1 "$file"; echo "$header"; tail -n +2 "$file"; } >"$tmp"
    elif [ "$header" = "$cxx_header" ]; then
        # A blank line between the licence and the code; none where the file opens with one.
        if [ -z "$(head -n 1 "$file")" ]; then
            { echo "$header"; cat "$file"; } >"$tmp"
        else
            { echo "$header"; echo; cat "$file"; } >"$tmp"
        fi
    else
        # Before a comment the header joins it; before code a blank line separates them.
        case "$(head -n 1 "$file")" in
            '#'* | '') { echo "$header"; cat "$file"; } >"$tmp" ;;
            *) { echo "$header"; echo; cat "$file"; } >"$tmp" ;;
        esac
    fi
    cat "$tmp" >"$file" # keeps the file's mode
    rm -f "$tmp"
}

mapfile -t files < <(list_files | sort)
[ ${#files[@]} -gt 0 ] || { echo "no source files found"; exit 1; }

if [ "$fix" = 1 ]; then
    while IFS= read -r f; do
        [ -n "$f" ] || continue
        add_header "$f" "$(header_for "$f")" "$(header_line "$f")"
        echo "added: $f"
    done < <(grep -L -F "$word" "${files[@]}" || true)
fi

# One pass over all files: per file, how many lines name the licence, and its first two lines.
declare -A count first second
while IFS=$'\x1f' read -r n l1 l2 f; do
    count[$f]=$n
    first[$f]=$l1
    second[$f]=$l2
done < <(awk -v word="$word" '
    function out() { if (f != "") printf "%d\x1f%s\x1f%s\x1f%s\n", n, l1, l2, f }
    FNR == 1 { out(); f = FILENAME; n = 0; l1 = $0; l2 = "" }
    FNR == 2 { l2 = $0 }
    index($0, word) { n++ }
    END { out() }' "${files[@]}")

missing=()
for f in "${files[@]}"; do
    header=$(header_for "$f")
    line=1
    case "${first[$f]:-}" in '#!'*) line=2 ;; esac
    if [ "$line" = 2 ]; then actual=${second[$f]:-}; else actual=${first[$f]:-}; fi
    n=${count[$f]:-0}
    if [ "$n" != 1 ]; then
        missing+=("$f: $n SPDX lines (want exactly one, on line $line)")
    elif [ "$actual" != "$header" ]; then
        missing+=("$f: line $line is not \"$header\"")
    fi
done

if [ ${#missing[@]} -gt 0 ]; then
    echo "files without their SPDX licence line (run: tests/smoke/spdx-headers-check.sh . --fix):"
    printf '  %s\n' "${missing[@]}"
    exit 1
fi
echo "spdx headers: ${#files[@]} files, each opens with its licence line"
