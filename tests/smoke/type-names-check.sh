#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when two headers of one namespace define a class or struct of the same name at file level.
# Two classes of one name in one program break the one definition rule without a word from compiler
# or linker: the linker keeps one copy of their inline members (constructors, QList's code for them)
# for both, and the other class is then read with the wrong layout. AddressSanitizer found this once
# as a stack-buffer-overflow, when the client and sfsim shared the global namespace.
# sfsim (src/sim) is in namespace sfsim, so its names are compared only with each other; the client,
# the GUI, the app and the common value types are in namespace sfdesk and are compared together.
set -euo pipefail
src=${1:?usage: type-names-check.sh SOURCE_DIR}/src
# A definition is a line of its own, not a forward declaration (no semicolon).
definitions=$(grep -rHE '^(template <[^;]*> )?(struct|class) +[A-Za-z_][A-Za-z0-9_:]*( final)?( *:[^;]*)?$' \
    --include='*.h' "$src" |
    sed -E 's/^([^:]+):(template <[^;]*> )?(struct|class) +([A-Za-z0-9_:]+).*/\4 \1/' |
    awk -v sim="$src/sim/" '{print (index($2, sim) == 1 ? "sfsim::" : "") $0}')
[ -n "$definitions" ] || { echo "no class definitions found under $src"; exit 1; }
clashes=$(printf '%s\n' "$definitions" | sort -u | awk '{files[$1] = files[$1] " " $2; count[$1]++}
    END {for (name in count) if (count[name] > 1) print name ":" files[name]}' | sort)
if [ -n "$clashes" ]; then
    echo "class names defined in more than one header (rename one):"
    printf '%s\n' "$clashes" | sed "s|$src/||g"
    exit 1
fi
echo "type names: $(printf '%s\n' "$definitions" | wc -l) classes, no name defined twice"
